"""Persistence for the tutor (layer 2): accounts, classes, attempts, ratings, lessons,
games. Open with `Store(path_or_url)`: a DuckDB file (the default: $TUTOR_DB, else
data/tutor.duckdb) or a `postgresql://` URL for a server several app processes share.
"""

from tutor.store.db import DEFAULT_PATH, ENV_VAR, is_url, resolve_path, resolve_target
from tutor.store.errors import (
    AccessDenied,
    AuthenticationFailed,
    Conflict,
    InvalidInput,
    NotAStore,
    NotFound,
    PasswordChangeRequired,
    SignInEnded,
    SignInThrottled,
    StoreCorrupt,
    StoreError,
    StoreInUse,
    StoreUnavailable,
    StoreVersionError,
    Throttled,
)
from tutor.store.store import Store
from tutor.store.values import (
    Assignment,
    AssignmentProgress,
    Attempt,
    Classroom,
    Game,
    LearnerSummary,
    LessonProgress,
    Rating,
    User,
)

__all__ = [
    "DEFAULT_PATH",
    "ENV_VAR",
    "AccessDenied",
    "Assignment",
    "AssignmentProgress",
    "Attempt",
    "AuthenticationFailed",
    "Classroom",
    "Conflict",
    "Game",
    "InvalidInput",
    "LearnerSummary",
    "LessonProgress",
    "NotAStore",
    "NotFound",
    "PasswordChangeRequired",
    "Rating",
    "SignInEnded",
    "SignInThrottled",
    "Store",
    "StoreCorrupt",
    "StoreError",
    "StoreInUse",
    "StoreUnavailable",
    "StoreVersionError",
    "Throttled",
    "User",
    "is_url",
    "resolve_path",
    "resolve_target",
]
