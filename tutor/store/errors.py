"""The store's errors: one family (`StoreError`) so callers can catch all of them, and
one class per thing a caller may want to handle differently."""

from __future__ import annotations

import math

from tutor.text import section  # the one catalogue, usable from any layer

_account_text = section("account")


class StoreError(Exception):
    """Anything the store cannot do. The message is for the server's log and the command
    line, and may name the file or the server; `text(lang)` is what a page shows a person:
    for a fault of the database, what happened in plain words (`fault`: its catalogue
    entry, `account.fault_…`), never an address, a port or a file path."""

    fault: str | None = "unavailable"  # None: the message itself is for people

    def text(self, lang: str) -> str:
        """What a page in `lang` says of it."""
        return str(self) if self.fault is None else _account_text("fault_" + self.fault, lang)


class StoreInUse(StoreError):
    """Another process holds the database file open (DuckDB allows one writer process)."""

    fault = "in_use"


class StoreUnavailable(StoreError):
    """The database cannot be used now: a directory, an unwritable location, a server that
    does not answer, a database closed by an orderly stop."""


class StoreSetup(StoreUnavailable):
    """The tutor is not set up so it can save: a folder named as the file, a location it
    cannot write, a PostgreSQL URL, user or database that is wrong."""

    fault = "setup"


class StoreDiskFull(StoreUnavailable):
    """The disk holding the database is full: nothing is saved until space is freed."""

    fault = "disk_full"


class StoreBusy(StoreError):
    """A write lost its race with the others too many times in a row."""

    fault = "busy"


class StoreCorrupt(StoreError):
    """The file exists but is not a readable DuckDB database (damaged, truncated, other data)."""

    fault = "damaged"


class NotAStore(StoreError):
    """The file is a DuckDB database but not one this app made; it is left untouched."""

    fault = "damaged"


class StoreVersionError(StoreError):
    """The file was written by a newer version of the app than this one."""

    fault = "newer"


class AccessDenied(StoreError):
    """The acting user may not read or change these records."""

    fault = None


class AuthenticationFailed(StoreError):
    """Wrong username, password, PIN or guest token (deliberately not saying which)."""

    fault = None


class Throttled(StoreError):
    """Too many tries of something guessable lately (sign-in, join codes, new accounts):
    nothing is checked or saved until `retry_after` seconds have passed."""

    fault = None

    def __init__(self, retry_after: float, what: str = "tries") -> None:
        self.retry_after = retry_after
        self.minutes = max(1, math.ceil(retry_after / 60))  # what a message should say
        super().__init__(f"Too many {what}: try again in "
                         f"{self.minutes} minute{'s' if self.minutes != 1 else ''}.")


class SignInThrottled(AuthenticationFailed, Throttled):
    """Too many wrong passwords for this username (or from this address) lately: no
    password is checked until `retry_after` seconds have passed."""

    def __init__(self, retry_after: float) -> None:
        Throttled.__init__(self, retry_after, "wrong passwords for this account")


class SignInEnded(AuthenticationFailed):
    """The sign-in a page acts for is over (signed out, idle too long, password changed):
    the page may no longer act for its account."""

    def __init__(self, *, guest: bool = False) -> None:
        self.guest = guest  # a guest's page: another tab saved this browser's guest first
        super().__init__(
            "This page's guest progress is no longer this browser's: reload the page."
            if guest else "This sign-in has ended (signed out, unused too long or the "
                          "password changed): sign in again.")

    def text(self, lang: str) -> str:
        """The message in `lang` ("en" or "zh"), for pages that speak it."""
        return _account_text("guest_ended_short" if self.guest else "sign_in_ended_short",
                             lang)


class PasswordChangeRequired(AuthenticationFailed):
    """The right one-time code a teacher gave: it opens no session, it only lets the
    learner choose a new password."""

    def __init__(self) -> None:
        super().__init__("Choose a new password to finish signing in.")


class ResetCodeExpired(AuthenticationFailed):
    """The right one-time code a teacher gave, but older than it lives: it opens nothing;
    the teacher gives a new one."""

    def __init__(self) -> None:
        super().__init__("This one-time code has expired: ask your teacher for a new one.")

    def text(self, lang: str) -> str:
        """The message in `lang` ("en" or "zh"), for pages that speak it."""
        return _account_text("reset_expired", lang)


class NotFound(StoreError):
    """The record asked for does not exist."""

    fault = None


# the fields a person types into a form, by the name the checks give them: their messages
# are said in the page's language (the others are internal and stay English)
TYPED = ("username", "display name", "class name", "assignment title")


class Said(StoreError):
    """An error a person can cause from a form: with a catalogue key (`account.store_…`),
    `text(lang)` says it in the page's language; without one, the English message."""

    fault = None

    def __init__(self, message: str, key: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.key, self.params = key, params

    def text(self, lang: str) -> str:
        """The message in `lang` ("en" or "zh")."""
        if self.key is None:
            return str(self)
        params = dict(self.params)
        if "what" in params:
            params["what"] = _account_text("what_" + str(params["what"]).replace(" ", "_"),
                                           lang)
        return _account_text("store_" + self.key, lang, **params)


class Conflict(Said):
    """The change clashes with what is stored (a taken username, a finished game)."""


class InvalidInput(Said, ValueError):
    """An argument is malformed (empty name, negative seconds, unknown role)."""
