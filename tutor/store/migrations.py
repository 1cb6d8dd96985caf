"""Numbered schema migrations and the `schema_version` table that records them.

Each migration runs in its own transaction, so a database is always at some whole version.
Never edit a migration that has shipped; add the next number instead.

Both backends have the same numbers. `MIGRATIONS` holds DuckDB's statements, which are also
PostgreSQL's unless `POSTGRESQL` gives that migration its own (DuckDB's `DOUBLE` is
PostgreSQL's `DOUBLE PRECISION`, and there attempt ids get a primary key). A step is SQL
text, or a function of the cursor for work SQL alone says differently on each backend.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tutor.store.errors import NotAStore, StoreVersionError

Step = str | Callable[[Any], None]


def _move_game_actions(cur: Any) -> None:
    """Each game's JSON array of actions as rows of `game_actions`, in order."""
    games = cur.execute("SELECT id, actions FROM games ORDER BY id").fetchall()
    rows = [(game_id, seq, json.dumps(action, ensure_ascii=False, separators=(",", ":")))
            for game_id, text in games for seq, action in enumerate(json.loads(text))]
    for start in range(0, len(rows), 10_000):
        chunk = rows[start:start + 10_000]
        cur.execute("INSERT INTO game_actions SELECT unnest($1::BIGINT[]),"
                    " unnest($2::INTEGER[]), unnest($3::VARCHAR[])",
                    [[r[0] for r in chunk], [r[1] for r in chunk], [r[2] for r in chunk]])
    counts = {}
    for game_id, _, _ in rows:
        counts[game_id] = counts.get(game_id, 0) + 1
    if counts:
        cur.execute("UPDATE games SET action_count = c.n FROM (SELECT unnest($1::BIGINT[]) AS"
                    " id, unnest($2::INTEGER[]) AS n) c WHERE games.id = c.id",
                    [list(counts), list(counts.values())])


# (version, what it adds, steps)
MIGRATIONS: tuple[tuple[int, str, tuple[Step, ...]], ...] = (
    (1, "users, classes, memberships, assignments, attempts", (
        """CREATE TABLE schema_version (
            version INTEGER PRIMARY KEY,
            description VARCHAR NOT NULL,
            applied_at TIMESTAMP NOT NULL)""",
        "CREATE SEQUENCE user_ids START 1",
        """CREATE TABLE users (
            id BIGINT PRIMARY KEY DEFAULT nextval('user_ids'),
            username VARCHAR UNIQUE,
            display_name VARCHAR NOT NULL,
            role VARCHAR NOT NULL CHECK (role IN ('learner', 'teacher')),
            secret_hash VARCHAR,
            created_at TIMESTAMP NOT NULL)""",
        "CREATE SEQUENCE class_ids START 1",
        """CREATE TABLE classes (
            id BIGINT PRIMARY KEY DEFAULT nextval('class_ids'),
            name VARCHAR NOT NULL,
            teacher_id BIGINT NOT NULL,
            join_code VARCHAR NOT NULL UNIQUE,
            created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE memberships (
            class_id BIGINT NOT NULL,
            user_id BIGINT NOT NULL,
            joined_at TIMESTAMP NOT NULL,
            PRIMARY KEY (class_id, user_id))""",
        "CREATE SEQUENCE assignment_ids START 1",
        """CREATE TABLE assignments (
            id BIGINT PRIMARY KEY DEFAULT nextval('assignment_ids'),
            class_id BIGINT NOT NULL,
            title VARCHAR NOT NULL,
            puzzle_ids VARCHAR[] NOT NULL,
            due DATE,
            created_at TIMESTAMP NOT NULL)""",
        "CREATE SEQUENCE attempt_ids START 1",
        """CREATE TABLE attempts (
            id BIGINT NOT NULL DEFAULT nextval('attempt_ids'),
            user_id BIGINT NOT NULL,
            puzzle_id VARCHAR NOT NULL,
            answer VARCHAR NOT NULL,
            correct BOOLEAN NOT NULL,
            seconds DOUBLE NOT NULL,
            rating_before DOUBLE,
            rating_after DOUBLE,
            assignment_id BIGINT,
            created_at TIMESTAMP NOT NULL)""",
    )),
    (2, "Glicko-2 ratings per user-and-theme and per puzzle; lesson progress", (
        """CREATE TABLE user_ratings (
            user_id BIGINT NOT NULL,
            theme VARCHAR NOT NULL,
            rating DOUBLE NOT NULL,
            rd DOUBLE NOT NULL,
            volatility DOUBLE NOT NULL,
            updated_at TIMESTAMP NOT NULL,
            PRIMARY KEY (user_id, theme))""",
        """CREATE TABLE puzzle_ratings (
            puzzle_id VARCHAR PRIMARY KEY,
            rating DOUBLE NOT NULL,
            rd DOUBLE NOT NULL,
            volatility DOUBLE NOT NULL,
            updated_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE lesson_progress (
            user_id BIGINT NOT NULL,
            lesson_id VARCHAR NOT NULL,
            step INTEGER NOT NULL,
            completed BOOLEAN NOT NULL,
            updated_at TIMESTAMP NOT NULL,
            PRIMARY KEY (user_id, lesson_id))""",
    )),
    (3, "games against the computer, saved action by action", (
        "CREATE SEQUENCE game_ids START 1",
        """CREATE TABLE games (
            id BIGINT PRIMARY KEY DEFAULT nextval('game_ids'),
            user_id BIGINT NOT NULL,
            rules VARCHAR NOT NULL,
            seed BIGINT NOT NULL,
            actions VARCHAR NOT NULL,
            result VARCHAR,
            status VARCHAR NOT NULL CHECK (status IN ('in_progress', 'finished')),
            created_at TIMESTAMP NOT NULL,
            updated_at TIMESTAMP NOT NULL)""",
    )),
    (4, "guest accounts identified by a browser token", (
        "ALTER TABLE users ADD COLUMN guest_token_hash VARCHAR",
        "CREATE UNIQUE INDEX users_guest_token ON users (guest_token_hash)",
    )),
    (5, "sign-in sessions, so a browser stays signed in across visits", (
        """CREATE TABLE sessions (
            token_hash VARCHAR PRIMARY KEY,
            user_id BIGINT NOT NULL,
            created_at TIMESTAMP NOT NULL)""",
    )),
    (6, "sessions end after a month without a visit", (
        "ALTER TABLE sessions ADD COLUMN last_used TIMESTAMP",
        "UPDATE sessions SET last_used = created_at",
    )),
    (7, "wrong sign-in passwords, so guessing one is throttled even across restarts", (
        """CREATE TABLE sign_in_failures (
            username VARCHAR NOT NULL,
            failed_at TIMESTAMP NOT NULL)""",
        "CREATE INDEX sign_in_failures_username ON sign_in_failures (username)",
    )),
    (8, "puzzles teachers wrote, kept in the database instead of a file beside it", (
        """CREATE TABLE authored_puzzles (
            id VARCHAR PRIMARY KEY,
            author_id BIGINT,
            entry VARCHAR NOT NULL,
            created_at TIMESTAMP NOT NULL)""",
    )),
    (9, "game actions as rows appended one by one, not a JSON array rewritten each time", (
        """CREATE TABLE game_actions (
            game_id BIGINT NOT NULL,
            seq INTEGER NOT NULL,
            action VARCHAR NOT NULL,
            PRIMARY KEY (game_id, seq))""",
        "ALTER TABLE games ADD COLUMN action_count INTEGER DEFAULT 0",
        "UPDATE games SET action_count = 0",
        _move_game_actions,
        "ALTER TABLE games DROP COLUMN actions",
    )),
    (10, "reviews of finished hands, and the mistakes they found", (
        """CREATE TABLE reviews (
            game_id BIGINT NOT NULL,
            hand INTEGER NOT NULL,
            user_id BIGINT NOT NULL,
            review VARCHAR NOT NULL,
            accuracy DOUBLE PRECISION,
            created_at TIMESTAMP NOT NULL,
            PRIMARY KEY (game_id, hand))""",
        """CREATE TABLE review_mistakes (
            game_id BIGINT NOT NULL,
            hand INTEGER NOT NULL,
            idx INTEGER NOT NULL,
            user_id BIGINT NOT NULL,
            kind VARCHAR NOT NULL,
            grade VARCHAR NOT NULL,
            clear BOOLEAN NOT NULL,
            created_at TIMESTAMP NOT NULL,
            PRIMARY KEY (game_id, hand, idx))""",
        "CREATE INDEX review_mistakes_user ON review_mistakes (user_id, created_at)",
    )),
    (11, "each learner's first attempt at each puzzle, decided once by the database", (
        """CREATE TABLE first_attempts (
            user_id BIGINT NOT NULL,
            puzzle_id VARCHAR NOT NULL,
            attempt_id BIGINT NOT NULL,
            PRIMARY KEY (user_id, puzzle_id))""",
        """INSERT INTO first_attempts
           SELECT DISTINCT ON (user_id, puzzle_id) user_id, puzzle_id, id FROM attempts
           ORDER BY user_id, puzzle_id, created_at, id""",
    )),
    (12, "a game's seed as text: a person's deal has 128 random bits, more than BIGINT holds", (
        "ALTER TABLE games ALTER COLUMN seed SET DATA TYPE VARCHAR",
    )),
    (13, "throttles that one transaction decides: sign-in tries per name and address,"
         " join codes, account creation; passwords a teacher reset", (
        """CREATE TABLE throttle_locks (
            name VARCHAR PRIMARY KEY,
            touched TIMESTAMP NOT NULL)""",
        """CREATE TABLE sign_in_tries (
            username VARCHAR NOT NULL,
            address VARCHAR NOT NULL,
            failed_at TIMESTAMP NOT NULL)""",
        "INSERT INTO sign_in_tries SELECT username, '', failed_at FROM sign_in_failures",
        "DROP TABLE sign_in_failures",
        "CREATE INDEX sign_in_tries_username ON sign_in_tries (username)",
        "CREATE INDEX sign_in_tries_address ON sign_in_tries (address)",
        """CREATE TABLE sign_in_known (
            address VARCHAR NOT NULL,
            username VARCHAR NOT NULL,
            signed_in_at TIMESTAMP NOT NULL,
            PRIMARY KEY (address, username))""",
        """CREATE TABLE throttle_events (
            kind VARCHAR NOT NULL,
            subject VARCHAR NOT NULL,
            address VARCHAR NOT NULL,
            tried_at TIMESTAMP NOT NULL)""",
        "CREATE INDEX throttle_events_subject ON throttle_events (kind, subject)",
        "CREATE INDEX throttle_events_address ON throttle_events (kind, address)",
        """CREATE TABLE secret_resets (
            user_id BIGINT PRIMARY KEY,
            created_at TIMESTAMP NOT NULL)""",
    )),
    (14, "shared tables: several people at one game, its actions in the game's log", (
        "CREATE SEQUENCE table_ids START 1",
        """CREATE TABLE shared_tables (
            id BIGINT PRIMARY KEY DEFAULT nextval('table_ids'),
            code VARCHAR NOT NULL UNIQUE,
            game_id BIGINT NOT NULL,
            host_id BIGINT NOT NULL,
            class_id BIGINT,
            options VARCHAR NOT NULL,
            status VARCHAR NOT NULL CHECK (status IN ('waiting', 'playing', 'finished')),
            created_at TIMESTAMP NOT NULL,
            updated_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE table_seats (
            table_id BIGINT NOT NULL,
            seat INTEGER NOT NULL,
            user_id BIGINT,
            away BOOLEAN NOT NULL,
            page VARCHAR,
            PRIMARY KEY (table_id, seat))""",
        "CREATE INDEX shared_tables_class ON shared_tables (class_id)",
    )),
    (15, "a hand's review per player: the people at a shared table each review the same hand", (
        """CREATE TABLE reviews_by_player (
            game_id BIGINT NOT NULL,
            hand INTEGER NOT NULL,
            user_id BIGINT NOT NULL,
            review VARCHAR NOT NULL,
            accuracy DOUBLE PRECISION,
            created_at TIMESTAMP NOT NULL,
            PRIMARY KEY (game_id, hand, user_id))""",
        "INSERT INTO reviews_by_player SELECT game_id, hand, user_id, review, accuracy,"
        " created_at FROM reviews",
        "DROP TABLE reviews",
        "ALTER TABLE reviews_by_player RENAME TO reviews",
        """CREATE TABLE review_mistakes_by_player (
            game_id BIGINT NOT NULL,
            hand INTEGER NOT NULL,
            idx INTEGER NOT NULL,
            user_id BIGINT NOT NULL,
            kind VARCHAR NOT NULL,
            grade VARCHAR NOT NULL,
            clear BOOLEAN NOT NULL,
            created_at TIMESTAMP NOT NULL,
            PRIMARY KEY (game_id, hand, user_id, idx))""",
        "INSERT INTO review_mistakes_by_player SELECT game_id, hand, idx, user_id, kind, grade,"
        " clear, created_at FROM review_mistakes",
        "DROP TABLE review_mistakes",
        "ALTER TABLE review_mistakes_by_player RENAME TO review_mistakes",
        "CREATE INDEX review_mistakes_user ON review_mistakes (user_id, created_at)",
    )),
    (16, "a shared table's hand end waits: the hand each seated person is ready to leave", (
        "ALTER TABLE table_seats ADD COLUMN ready INTEGER",
    )),
    (17, "each account's language, so another browser opens the tutor in it", (
        "ALTER TABLE users ADD COLUMN lang VARCHAR",
    )),
)

# PostgreSQL's own statements for the migrations where its SQL differs from DuckDB's.
POSTGRESQL: dict[int, tuple[Step, ...]] = {
    1: (
        """CREATE TABLE schema_version (
            version INTEGER PRIMARY KEY,
            description VARCHAR NOT NULL,
            applied_at TIMESTAMP NOT NULL)""",
        "CREATE SEQUENCE user_ids START 1",
        """CREATE TABLE users (
            id BIGINT PRIMARY KEY DEFAULT nextval('user_ids'),
            username VARCHAR UNIQUE,
            display_name VARCHAR NOT NULL,
            role VARCHAR NOT NULL CHECK (role IN ('learner', 'teacher')),
            secret_hash VARCHAR,
            created_at TIMESTAMP NOT NULL)""",
        "CREATE SEQUENCE class_ids START 1",
        """CREATE TABLE classes (
            id BIGINT PRIMARY KEY DEFAULT nextval('class_ids'),
            name VARCHAR NOT NULL,
            teacher_id BIGINT NOT NULL,
            join_code VARCHAR NOT NULL UNIQUE,
            created_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE memberships (
            class_id BIGINT NOT NULL,
            user_id BIGINT NOT NULL,
            joined_at TIMESTAMP NOT NULL,
            PRIMARY KEY (class_id, user_id))""",
        "CREATE SEQUENCE assignment_ids START 1",
        """CREATE TABLE assignments (
            id BIGINT PRIMARY KEY DEFAULT nextval('assignment_ids'),
            class_id BIGINT NOT NULL,
            title VARCHAR NOT NULL,
            puzzle_ids VARCHAR[] NOT NULL,
            due DATE,
            created_at TIMESTAMP NOT NULL)""",
        "CREATE SEQUENCE attempt_ids START 1",
        """CREATE TABLE attempts (
            id BIGINT PRIMARY KEY DEFAULT nextval('attempt_ids'),
            user_id BIGINT NOT NULL,
            puzzle_id VARCHAR NOT NULL,
            answer VARCHAR NOT NULL,
            correct BOOLEAN NOT NULL,
            seconds DOUBLE PRECISION NOT NULL,
            rating_before DOUBLE PRECISION,
            rating_after DOUBLE PRECISION,
            assignment_id BIGINT,
            created_at TIMESTAMP NOT NULL)""",
        "CREATE INDEX attempts_user ON attempts (user_id, created_at)",
    ),
    2: (
        """CREATE TABLE user_ratings (
            user_id BIGINT NOT NULL,
            theme VARCHAR NOT NULL,
            rating DOUBLE PRECISION NOT NULL,
            rd DOUBLE PRECISION NOT NULL,
            volatility DOUBLE PRECISION NOT NULL,
            updated_at TIMESTAMP NOT NULL,
            PRIMARY KEY (user_id, theme))""",
        """CREATE TABLE puzzle_ratings (
            puzzle_id VARCHAR PRIMARY KEY,
            rating DOUBLE PRECISION NOT NULL,
            rd DOUBLE PRECISION NOT NULL,
            volatility DOUBLE PRECISION NOT NULL,
            updated_at TIMESTAMP NOT NULL)""",
        """CREATE TABLE lesson_progress (
            user_id BIGINT NOT NULL,
            lesson_id VARCHAR NOT NULL,
            step INTEGER NOT NULL,
            completed BOOLEAN NOT NULL,
            updated_at TIMESTAMP NOT NULL,
            PRIMARY KEY (user_id, lesson_id))""",
    ),
}

LATEST = MIGRATIONS[-1][0]
KINDS = ("duckdb", "postgresql")


def steps(number: int, kind: str) -> tuple[Step, ...]:
    """Migration `number`'s steps on the backend `kind` ("duckdb" or "postgresql")."""
    if kind not in KINDS:
        raise ValueError(f"unknown backend {kind!r}")
    found = next(s for n, _, s in MIGRATIONS if n == number)
    return POSTGRESQL.get(number, found) if kind == "postgresql" else found


def current_version(con: Any) -> int | None:
    """The database's schema version, 0 when empty, None if it holds other tables."""
    tables = {
        name for (name,) in con.execute(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_catalog = current_database() AND table_schema = current_schema()"
        ).fetchall()
    }
    if "schema_version" in tables:
        row = con.execute("SELECT max(version) FROM schema_version").fetchone()
        return int(row[0]) if row and row[0] is not None else 0
    return 0 if not tables else None


def upgrade(con: Any, path: Path | str, kind: str = "duckdb", target: int = LATEST) -> int:
    """Bring the database up to `target`, one transaction per migration; return its version.

    `con` runs `$1`-style SQL (a DuckDB connection, or `pg.PgCursor` on a connection that
    commits each statement). Refuses, without writing anything, a database from a newer app
    or a foreign one.
    """
    version = current_version(con)
    if version is None:
        raise NotAStore(
            f"{path} is a database made by something else, not 找朋友 Tutor; it was left "
            "untouched. Choose another file with --db or TUTOR_DB."
        )
    if version > LATEST:
        raise StoreVersionError(
            f"{path} was saved by a newer version of 找朋友 Tutor (data version {version}; this "
            f"version understands up to {LATEST}). Update the app; the file was left unchanged."
        )
    for number, description, _ in MIGRATIONS:
        if version < number <= target:
            con.execute("BEGIN TRANSACTION")
            try:
                for step in steps(number, kind):
                    if isinstance(step, str):
                        con.execute(step)
                    else:
                        step(con)
                con.execute(
                    "INSERT INTO schema_version VALUES ($1, $2, $3)",
                    [number, description, datetime.now(UTC).replace(tzinfo=None)],
                )
                con.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(Exception):
                    con.execute("ROLLBACK")
                raise
            version = number
    return version
