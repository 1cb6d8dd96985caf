"""Limits on guessing decided by the store in one transaction: wrong passwords sent at once,
one password against many names from one address, join codes, new accounts."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

import pytest

from tutor.store import (
    AuthenticationFailed,
    NotFound,
    SignInThrottled,
    Store,
    Throttled,
)
from tutor.store import passwords as stored_passwords
from tutor.store.throttle import ADDRESS_CREATES, ADDRESS_JOINS, ADDRESS_NAMES, MAX_TRIES

T0 = datetime(2026, 12, 1, 9, 0, 0)
NAT = "203.0.113.7"


def _at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_sixty_wrong_passwords_sent_at_once_get_at_most_the_limit_checked(
        store: Store, school, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reproduction: 60 concurrent wrong tries for one name got 10 checked (limit 5)."""
    checked = []
    verify = stored_passwords.verify_secret

    def counting(secret: str, stored: str | None) -> bool:
        checked.append(secret)
        return verify(secret, stored)

    monkeypatch.setattr(stored_passwords, "verify_secret", counting)
    start = threading.Barrier(60)
    outcomes: list[str] = []

    def guess(i: int) -> None:
        start.wait()
        try:
            store.users.authenticate("ms_a", f"guess-{i}", address=f"198.51.100.{i}")
        except SignInThrottled:
            outcomes.append("throttled")
        except AuthenticationFailed:
            outcomes.append("wrong")

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(60)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(outcomes) == 60
    assert len(checked) == outcomes.count("wrong") == MAX_TRIES
    with pytest.raises(SignInThrottled):  # the right password waits too
        store.users.authenticate("ms_a", "teach-a-pw")


def test_one_password_against_many_names_from_one_address_is_slowed(store: Store,
                                                                       school) -> None:
    for i in range(ADDRESS_NAMES):
        with pytest.raises(AuthenticationFailed, match="Wrong"):
            store.users.authenticate(f"kid{i}", "123456", address=NAT, at=_at(i))
    with pytest.raises(SignInThrottled) as caught:  # a further name from there waits
        store.users.authenticate("amy", "123456", address=NAT, at=_at(30))
    assert caught.value.retry_after == pytest.approx(15 * 60 - 30)
    # another address is not held up, nor a name already counted from this one
    with pytest.raises(AuthenticationFailed, match="Wrong"):
        store.users.authenticate("amy", "123456", address="192.0.2.1", at=_at(31))
    with pytest.raises(AuthenticationFailed, match="Wrong"):
        store.users.authenticate("kid3", "other", address=NAT, at=_at(32))
    # once the oldest counted name is 15 minutes old, one more name may be tried
    with pytest.raises(AuthenticationFailed, match="Wrong"):
        store.users.authenticate("amy", "123456", address=NAT, at=_at(15 * 60 + 1))


def test_a_class_behind_one_address_keeps_its_own_accounts(store: Store, school) -> None:
    """Names that signed in from the address lately are never refused by its limit."""
    assert store.users.authenticate("bob", "2222", address=NAT, at=_at(0)) == school.bob
    for i in range(ADDRESS_NAMES + 5):
        try:
            store.users.authenticate(f"kid{i}", "123456", address=NAT, at=_at(1 + i))
        except SignInThrottled:
            pass
        except AuthenticationFailed:
            pass
    with pytest.raises(SignInThrottled):
        store.users.authenticate("amy", "1111", address=NAT, at=_at(60))
    assert store.users.authenticate("bob", "2222", address=NAT, at=_at(61)) == school.bob


def test_account_creation_is_limited_per_address(store: Store) -> None:
    for i in range(ADDRESS_CREATES):
        store.users.creation_try(NAT, at=_at(i))
    with pytest.raises(Throttled, match="new accounts"):
        store.users.creation_try(NAT, at=_at(ADDRESS_CREATES))
    store.users.creation_try("192.0.2.1", at=_at(ADDRESS_CREATES))  # another network
    store.users.creation_try(NAT, at=_at(3600 + 1))  # an hour on, the oldest is forgotten


def _wrong_code(store: Store, learner_id: int, code: str, at: datetime,
                address: str = NAT) -> None:
    with pytest.raises(NotFound):
        store.classes.join(learner_id, code, address=address, at=at)


def test_join_codes_are_throttled_per_account(store: Store, school) -> None:
    """The reproduction: thousands of guesses a minute from one tab, one of which joined."""
    for i in range(MAX_TRIES):
        _wrong_code(store, school.dan.id, f"ZZZZZ{i + 2}", _at(i))
    with pytest.raises(Throttled, match="join codes"):  # even the right code waits
        store.classes.join(school.dan.id, school.class_a.join_code, address="192.0.2.9",
                           at=_at(10))
    assert school.dan not in store.classes.members(school.teacher_a.id, school.class_a.id)
    joined = store.classes.join(school.dan.id, school.class_a.join_code, at=_at(70))
    assert joined.id == school.class_a.id
    _wrong_code(store, school.dan.id, "ZZZZZZ", _at(71))  # the right code cleared the count


def test_join_codes_are_throttled_per_address(store: Store, school) -> None:
    learners = [store.users.create(f"kid{i}", "Kid", "learner", "1234") for i in range(8)]
    tries = 0
    for learner in learners:
        for _ in range(MAX_TRIES - 1):
            if tries == ADDRESS_JOINS:
                break
            _wrong_code(store, learner.id, f"YYYYY{tries % 9 + 1}", _at(tries))
            tries += 1
    assert tries == ADDRESS_JOINS
    with pytest.raises(Throttled):
        store.classes.join(school.dan.id, school.class_a.join_code, address=NAT, at=_at(40))
    assert school.dan not in store.classes.members(school.teacher_a.id, school.class_a.id)
    # the same account from another network is not held up
    store.classes.join(school.dan.id, school.class_a.join_code, address="192.0.2.1",
                       at=_at(41))


def test_concurrent_join_guesses_count_every_one(store: Store, school) -> None:
    start = threading.Barrier(30)
    outcomes: list[str] = []

    def guess(i: int) -> None:
        start.wait()
        try:
            store.classes.join(school.dan.id, f"XXXX{i:02d}".replace("0", "Q").replace(
                "1", "R"), address=NAT)
        except Throttled:
            outcomes.append("throttled")
        except NotFound:
            outcomes.append("wrong")

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("wrong") == MAX_TRIES and outcomes.count("throttled") == 25
