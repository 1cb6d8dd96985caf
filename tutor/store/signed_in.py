"""The store as one page sees it: it acts only while the page's sign-in exists.

A page is built for the account a browser's sign-in (or guest token) named when the page
was opened. Signing out in another tab, a month without a visit or a password change ends
that sign-in; from then on every repository method called through a `SignedInStore`
refuses with `SignInEnded`, before it reads or writes anything, whatever the page shows.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.store.access import Repository, acting_as_guest
from tutor.store.errors import SignInEnded
from tutor.store.store import Store


@dataclass(frozen=True)
class SignIn:
    """What a page acts on behalf of: an account's session (`session_hash`) or a guest's
    token (`guest_hash`), as stored hashes, and the client address it came from. An
    `unsaved` guest had no row when the page was built: its first save makes one."""

    user_id: int
    session_hash: str = ""
    guest_hash: str = ""
    address: str = ""
    unsaved: bool = False


class _Guarded:
    """A repository whose public methods first check the sign-in."""

    def __init__(self, repository: Repository, check: Callable[[], None],
                 guest: tuple[int, str] | None) -> None:
        self._repository = repository
        self._check = check
        self._guest = guest

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._repository, name)
        if name.startswith("_") or not callable(found):
            return found

        @functools.wraps(found)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            self._check()
            if self._guest is None:
                return found(*args, **kwargs)
            with acting_as_guest(*self._guest):  # an unsaved guest's first save saves it
                return found(*args, **kwargs)

        return guarded


class SignedInStore(Store):
    """`base` acting for one sign-in: each repository call first checks that it still
    exists (one indexed read), else raises `SignInEnded` and calls `on_ended` once.

    It shares `base`'s database and does not own it: `close` leaves it open.
    """

    REPOSITORIES = ("users", "classes", "attempts", "lessons", "games", "puzzles", "reviews",
                    "tables")

    def __init__(self, base: Store, sign_in: SignIn,
                 on_ended: Callable[[], None] | None = None) -> None:
        self._open = False  # nothing of its own to close
        self.base = base
        self.sign_in = sign_in
        self._on_ended = on_ended
        self.ended = False
        guest = (sign_in.user_id, sign_in.guest_hash) if sign_in.guest_hash else None
        for name in self.REPOSITORIES:
            setattr(self, name, _Guarded(getattr(base, name), self.check, guest))

    @property
    def path(self) -> Path | None:
        """The base store's database file (None on a PostgreSQL server)."""
        return self.base.path

    @property
    def location(self) -> str:
        """The base store's database as messages name it."""
        return self.base.location

    @property
    def backend(self) -> str:
        """The base store's backend."""
        return self.base.backend

    def alive(self) -> bool:
        """Whether the sign-in still exists (noting, once, when it ended)."""
        if not self.ended:
            users, sign_in = self.base.users, self.sign_in
            if sign_in.session_hash:
                self.ended = not users.session_alive(sign_in.session_hash, sign_in.user_id)
            elif sign_in.guest_hash:
                self.ended = not users.guest_alive(sign_in.guest_hash, sign_in.user_id,
                                                   unsaved=sign_in.unsaved)
            if self.ended and self._on_ended is not None:
                self._on_ended()
        return not self.ended

    def check(self) -> None:
        """Raise `SignInEnded` unless the sign-in still exists."""
        if not self.alive():
            raise SignInEnded(guest=bool(self.sign_in.guest_hash))

    def close(self) -> None:
        """Nothing: the base store's owner closes it."""


def client_address(store: Store | None) -> str:
    """The client address a page's store acts for ("" when it is not a page's)."""
    return store.sign_in.address if isinstance(store, SignedInStore) else ""
