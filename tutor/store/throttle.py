"""Throttles on guessable things (passwords, join codes, new accounts), each decided in the
same transaction that counts the try.

A try is counted *before* its secret is checked, under a lock on what it is counted
against (`lock`: a row of `throttle_locks` written in the transaction, so PostgreSQL makes
the next try for the same name wait, and DuckDB makes it conflict and run again). However
many tries arrive at once, each sees every try counted before it: no more than the limit
are ever checked.

The numbers (README, Security):
- per username: MAX_TRIES wrong passwords within TRY_WINDOW start the delays (FIRST_DELAY,
  doubling with each further wrong one up to MAX_DELAY); forgotten after MEMORY;
- per client address: wrong passwords against ADDRESS_NAMES different usernames within
  TRY_WINDOW refuse tries for further usernames until the oldest of them is TRY_WINDOW old;
  a username that signed in from that address within KNOWN_FOR, or that is already being
  counted, is never refused by this rule (its own per-username limit still holds);
- join codes: the same delays per account as passwords per username, and ADDRESS_JOINS
  wrong codes per address within TRY_WINDOW;
- account creation: ADDRESS_CREATES tries per address within CREATE_WINDOW.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from tutor.store.db import ConstraintViolation, Cursor, WriteConflict

MAX_TRIES = 5
TRY_WINDOW = timedelta(minutes=15)
FIRST_DELAY = timedelta(minutes=1)
MAX_DELAY = timedelta(minutes=15)
MEMORY = timedelta(hours=24)
ADDRESS_NAMES = 20
KNOWN_FOR = timedelta(days=30)
ADDRESS_JOINS = 30
ADDRESS_CREATES = 60
CREATE_WINDOW = timedelta(hours=1)


def lock(cur: Cursor, name: str, stamp: datetime) -> None:
    """Hold `name` until this transaction ends: a concurrent transaction that locks the same
    name waits (PostgreSQL) or conflicts and is run again (DuckDB) — either way it then
    sees what this one counted."""
    try:
        cur.execute("INSERT INTO throttle_locks VALUES ($1, $2)"
                    " ON CONFLICT (name) DO UPDATE SET touched = excluded.touched",
                    [name, stamp])
    except ConstraintViolation as exc:  # DuckDB: another transaction made the row meanwhile
        raise WriteConflict(str(exc)) from exc


def delay_left(failures: list[datetime], stamp: datetime, max_tries: int = MAX_TRIES) -> float:
    """Seconds of delay left at `stamp` after these wrong tries (oldest first): none until
    `max_tries` of them fall within TRY_WINDOW, then FIRST_DELAY after that try, doubled for
    each wrong try since, capped at MAX_DELAY."""
    start = next((i for i in range(max_tries - 1, len(failures))
                  if failures[i] - failures[i - max_tries + 1] <= TRY_WINDOW), None)
    if start is None:
        return 0.0
    doublings = min(len(failures) - 1 - start, 8)  # 2**8 minutes is past the cap already
    delay = min(FIRST_DELAY * 2 ** doublings, MAX_DELAY)
    return max(0.0, (failures[-1] + delay - stamp).total_seconds())


def window_left(stamps: list[datetime], stamp: datetime, limit: int,
                window: timedelta) -> float:
    """Seconds until fewer than `limit` of `stamps` (any order) fall within `window` before
    `stamp` (0: already fewer)."""
    recent = sorted((s for s in stamps if s > stamp - window), reverse=True)
    if len(recent) < limit:
        return 0.0
    return max(0.0, (recent[limit - 1] + window - stamp).total_seconds())


def count_event(cur: Cursor, kind: str, subject: str, address: str, stamp: datetime) -> None:
    """Remember one try of `kind` by `subject` from `address`."""
    cur.execute("INSERT INTO throttle_events VALUES ($1, $2, $3, $4)",
                [kind, subject, address, stamp])


def forget_old(cur: Cursor, stamp: datetime) -> None:
    """Drop what no throttle looks at any more."""
    cur.execute("DELETE FROM throttle_events WHERE tried_at <= $1", [stamp - MEMORY])
    cur.execute("DELETE FROM sign_in_tries WHERE failed_at <= $1", [stamp - MEMORY])
    cur.execute("DELETE FROM throttle_locks WHERE touched <= $1", [stamp - MEMORY])


def events(cur: Cursor, kind: str, column: str, value: str) -> list[datetime]:
    """When tries of `kind` by this subject or from this address (`column`) were made,
    oldest first (all of them: a try that waited for the lock may be stamped before the
    one that held it)."""
    assert column in ("subject", "address")
    return [row[0] for row in cur.execute(
        f"SELECT tried_at FROM throttle_events WHERE kind = $1 AND {column} = $2"
        " ORDER BY tried_at", [kind, value]).fetchall()]
