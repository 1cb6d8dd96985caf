"""Sign-in throttling: five wrong passwords in 15 minutes slow further tries, for a growing
delay that trying on cannot stretch, kept in the database across restarts."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tutor.store import AuthenticationFailed, SignInThrottled, Store
from tutor.store.users import FIRST_DELAY, MAX_TRIES, MEMORY, TRY_WINDOW

T0 = datetime(2026, 12, 1, 9, 0, 0)
SECRET = "teach-a-pw"


def _wrong(store: Store, at: datetime, name: str = "ms_a") -> None:
    with pytest.raises(AuthenticationFailed, match="Wrong username or password"):
        store.users.authenticate(name, "guess", at=at)


def _refused(store: Store, at: datetime, secret: str = "guess") -> SignInThrottled:
    with pytest.raises(SignInThrottled) as caught:
        store.users.authenticate("ms_a", secret, at=at)
    return caught.value


def test_five_wrong_passwords_refuse_even_the_right_one_for_a_minute(store: Store,
                                                                      school) -> None:
    for i in range(MAX_TRIES - 1):
        _wrong(store, T0 + timedelta(seconds=i))
    assert store.users.sign_in_delay("ms_a", at=T0 + timedelta(seconds=10)) == 0
    last = T0 + timedelta(seconds=MAX_TRIES - 1)
    _wrong(store, last)  # the fifth
    refusal = _refused(store, last + timedelta(seconds=1), secret=SECRET)
    assert refusal.retry_after == pytest.approx(FIRST_DELAY.total_seconds() - 1)
    assert "try again in 1 minute" in str(refusal)
    assert store.users.authenticate("ms_a", SECRET, at=last + FIRST_DELAY) == school.teacher_a


def test_tries_during_a_delay_do_not_stretch_it(store: Store, school) -> None:
    """Someone hammering a teacher's name cannot keep the teacher out past the delay."""
    for i in range(MAX_TRIES):
        _wrong(store, T0 + timedelta(seconds=i))
    last = T0 + timedelta(seconds=MAX_TRIES - 1)
    for s in range(5, 60, 5):  # an attacker tries every 5 s through the delay
        _refused(store, last + timedelta(seconds=s))
    assert store.users.sign_in_delay("ms_a", at=last + FIRST_DELAY) == 0
    assert store.users.authenticate("ms_a", SECRET, at=last + FIRST_DELAY) == school.teacher_a


def test_each_wrong_try_after_a_delay_doubles_the_next_delay_up_to_a_cap(store: Store,
                                                                         school) -> None:
    at = T0
    for _ in range(MAX_TRIES):
        _wrong(store, at)
        at += timedelta(seconds=1)
    at -= timedelta(seconds=1)
    delays = []
    for _ in range(6):
        delay = store.users.sign_in_delay("ms_a", at=at)
        delays.append(round(delay))
        at += timedelta(seconds=delay)
        _wrong(store, at)
    assert [d / 60 for d in delays] == [1, 2, 4, 8, 15, 15]  # doubling, up to the cap


def test_guessing_for_two_hours_gets_few_tries(store: Store, school) -> None:
    """An attacker trying every 30 s: five quick tries, then one each time a delay ends,
    and the delays do not start over once the first tries are 15 minutes old."""
    checked = 0
    for s in range(0, 2 * 3600, 30):
        try:
            store.users.authenticate("ms_a", "guess", at=T0 + timedelta(seconds=s))
        except SignInThrottled:
            continue  # refused unchecked
        except AuthenticationFailed:
            checked += 1
    # 5 + after delays of 1, 2, 4, 8 min + one every 15 min for the rest of the two hours
    assert checked == 5 + 4 + 6


def test_after_a_quiet_day_the_count_starts_over(store: Store, school) -> None:
    for i in range(MAX_TRIES):
        _wrong(store, T0 + timedelta(seconds=i))
    later = T0 + MEMORY + timedelta(minutes=1)
    _wrong(store, later)
    assert store.users.sign_in_delay("ms_a", at=later) == 0


def test_wrong_tries_older_than_the_window_are_forgotten(store: Store, school) -> None:
    for i in range(MAX_TRIES - 1):
        _wrong(store, T0 + timedelta(seconds=i))
    later = T0 + TRY_WINDOW + timedelta(seconds=10)
    _wrong(store, later)  # only one wrong try in the last 15 minutes
    assert store.users.sign_in_delay("ms_a", at=later) == 0


def test_the_right_password_clears_the_count(store: Store, school) -> None:
    for i in range(MAX_TRIES - 1):
        _wrong(store, T0 + timedelta(seconds=i))
    store.users.authenticate("ms_a", SECRET, at=T0 + timedelta(seconds=10))
    _wrong(store, T0 + timedelta(seconds=11))
    assert store.users.sign_in_delay("ms_a", at=T0 + timedelta(seconds=12)) == 0


def test_names_no_account_could_have_are_throttled_too(store: Store, school) -> None:
    """A malformed name still costs a password hash: it must not be a free way to load the
    server."""
    for i in range(MAX_TRIES):
        _wrong(store, T0 + timedelta(seconds=i), name="no such name")
    with pytest.raises(SignInThrottled):
        store.users.authenticate("No Such Name", "guess", at=T0 + timedelta(seconds=6))


def test_throttling_is_per_username_and_counts_unknown_names(store: Store, school) -> None:
    for i in range(MAX_TRIES):
        _wrong(store, T0 + timedelta(seconds=i), name="nobody")
    with pytest.raises(SignInThrottled):  # the same answer as for a real account
        store.users.authenticate("NOBODY", "guess", at=T0 + timedelta(seconds=6))
    at = T0 + timedelta(seconds=6)
    assert store.users.authenticate("ms_a", SECRET, at=at) == school.teacher_a


def test_the_delay_survives_a_restart(db_path: Path, school) -> None:
    with Store(db_path) as store:
        for i in range(MAX_TRIES):
            _wrong(store, T0 + timedelta(seconds=i))
    with Store(db_path) as store:
        _refused(store, T0 + timedelta(seconds=30), secret=SECRET)
