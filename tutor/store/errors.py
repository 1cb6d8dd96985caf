"""The store's errors: one family (`StoreError`) so callers can catch all of them, and
one class per thing a caller may want to handle differently."""

from __future__ import annotations

import math

from tutor.text import section  # the one catalogue, usable from any layer

_account_text = section("account")


class StoreError(Exception):
    """Anything the store cannot do; the message is meant to be shown to a person."""

    def text(self, lang: str) -> str:
        """The message in `lang`: English, unless the error can say it in both languages."""
        return str(self)


class StoreInUse(StoreError):
    """Another process holds the database file open (DuckDB allows one writer process)."""


class StoreUnavailable(StoreError):
    """The path cannot hold a database: a directory, a missing or unwritable location."""


class StoreCorrupt(StoreError):
    """The file exists but is not a readable DuckDB database (damaged, truncated, other data)."""


class NotAStore(StoreError):
    """The file is a DuckDB database but not one this app made; it is left untouched."""


class StoreVersionError(StoreError):
    """The file was written by a newer version of the app than this one."""


class AccessDenied(StoreError):
    """The acting user may not read or change these records."""


class AuthenticationFailed(StoreError):
    """Wrong username, password, PIN or guest token (deliberately not saying which)."""


class Throttled(StoreError):
    """Too many tries of something guessable lately (sign-in, join codes, new accounts):
    nothing is checked or saved until `retry_after` seconds have passed."""

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


# the fields a person types into a form, by the name the checks give them: their messages
# are said in the page's language (the others are internal and stay English)
TYPED = ("username", "display name", "class name", "assignment title")


class Said(StoreError):
    """An error a person can cause from a form: with a catalogue key (`account.store_…`),
    `text(lang)` says it in the page's language; without one, the English message."""

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
