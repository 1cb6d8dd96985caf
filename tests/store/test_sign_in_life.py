"""A sign-in ends for every page acting for it; passwords change, and a teacher's reset
gives a one-time code that only lets the learner choose a new password."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tutor.store import (
    AccessDenied,
    AuthenticationFailed,
    InvalidInput,
    PasswordChangeRequired,
    SignInEnded,
    Store,
)
from tutor.store.passwords import token_hash
from tutor.store.signed_in import SignedInStore, SignIn


def _page_store(store: Store, user_id: int, token: str) -> tuple[SignedInStore, list[bool]]:
    ended: list[bool] = []
    page = SignedInStore(store, SignIn(user_id, session_hash=token_hash(token)),
                         on_ended=lambda: ended.append(True))
    return page, ended


def test_a_page_opened_before_sign_out_no_longer_acts(store: Store, school) -> None:
    """The reproduction: signed out in tab 1, tab 2 still created a class."""
    token = store.users.open_session(school.teacher_a)
    page, ended = _page_store(store, school.teacher_a.id, token)
    before = store.classes.for_user(school.teacher_a.id)
    assert page.classes.for_user(school.teacher_a.id) == before  # alive: it acts
    store.users.close_session(token)  # tab 1 signs out
    with pytest.raises(SignInEnded, match="sign in again"):
        page.classes.create(school.teacher_a.id, "Made after sign-out")
    assert store.classes.for_user(school.teacher_a.id) == before  # nothing saved
    assert ended == [True] and not page.alive()
    with pytest.raises(SignInEnded):  # reads are refused too
        page.classes.for_user(school.teacher_a.id)
    assert ended == [True]  # told once


def test_a_sign_in_unused_for_thirty_days_has_ended(store: Store, school) -> None:
    token = store.users.open_session(school.amy)
    key = token_hash(token)
    start = datetime.now(UTC).replace(tzinfo=None)
    assert store.users.session_alive(key, school.amy.id, at=start + timedelta(days=29))
    # acting at day 29 was a visit: the 30 days start again from there
    assert store.users.session_alive(key, school.amy.id, at=start + timedelta(days=58))
    assert not store.users.session_alive(key, school.amy.id, at=start + timedelta(days=89))
    assert not store.users.session_alive(key, school.bob.id)  # and only for its own account


def test_a_password_change_ends_every_sign_in(store: Store, school) -> None:
    token = store.users.open_session(school.amy)
    page, _ = _page_store(store, school.amy.id, token)
    store.users.change_secret(school.amy.id, "1111", "2468")
    assert not page.alive()
    with pytest.raises(AuthenticationFailed):
        store.users.session_user(token)
    with pytest.raises(AuthenticationFailed):
        store.users.authenticate("amy", "1111")
    assert store.users.authenticate("amy", "2468") == school.amy


def test_a_wrong_current_password_changes_nothing(store: Store, school) -> None:
    token = store.users.open_session(school.amy)
    with pytest.raises(AuthenticationFailed):
        store.users.change_secret(school.amy.id, "9999", "2468")
    assert store.users.session_user(token) == school.amy
    assert store.users.authenticate("amy", "1111") == school.amy


def test_a_guest_page_ends_when_its_guest_became_an_account(store: Store) -> None:
    guest, token = store.users.create_guest()
    page = SignedInStore(store, SignIn(guest.id, guest_hash=token_hash(token)))
    assert page.alive()
    store.users.upgrade_guest(token, "newbie", "New", "1234")
    with pytest.raises(SignInEnded):
        page.games.for_user(guest.id)


def test_teachers_need_a_real_password(store: Store) -> None:
    with pytest.raises(InvalidInput, match="at least 8"):
        store.users.create("ms_pin", "Ms Pin", "teacher", "1234")
    _, token = store.users.create_guest()
    with pytest.raises(InvalidInput, match="at least 8"):
        store.users.upgrade_guest(token, "ms_pin", "Ms Pin", "1234567", "teacher")
    assert store.users.create("kid_pin", "Kid", "learner", "1234").role == "learner"


def test_a_teachers_new_password_must_be_a_real_one_and_tells_strangers_nothing(
        store: Store, school) -> None:
    with pytest.raises(AuthenticationFailed, match="Wrong"):  # not "a teacher's password…"
        store.users.change_secret_by_name("ms_a", "guess", "1234")
    with pytest.raises(InvalidInput, match="at least 8"):
        store.users.change_secret_by_name("ms_a", "teach-a-pw", "1234")
    assert store.users.authenticate("ms_a", "teach-a-pw") == school.teacher_a


def test_a_teacher_resets_a_learners_password_with_a_one_time_code(store: Store,
                                                                    school) -> None:
    token = store.users.open_session(school.amy)
    code = store.users.reset_secret(school.teacher_a.id, school.amy.id)
    assert len(code) == 8
    with pytest.raises(AuthenticationFailed):  # the old password is gone, and her sign-in
        store.users.authenticate("amy", "1111")
    with pytest.raises(AuthenticationFailed):
        store.users.session_user(token)
    with pytest.raises(PasswordChangeRequired):  # the code signs nobody in by itself
        store.users.authenticate("amy", code)
    with pytest.raises(InvalidInput):
        store.users.change_secret_by_name("amy", code, "12")
    assert store.users.change_secret_by_name("amy", code, "9753") == school.amy
    with pytest.raises(AuthenticationFailed):  # once only
        store.users.authenticate("amy", code)
    assert store.users.authenticate("amy", "9753") == school.amy


@pytest.mark.parametrize("who", ["teacher_b", "amy"])
def test_only_the_learners_teacher_resets_a_password(store: Store, school, who: str) -> None:
    with pytest.raises(AccessDenied):
        store.users.reset_secret(getattr(school, who).id, school.bob.id)
    assert store.users.authenticate("bob", "2222") == school.bob


def test_a_teacher_cannot_reset_a_teachers_password(store: Store, school) -> None:
    with pytest.raises(AccessDenied):
        store.users.reset_secret(school.teacher_a.id, school.teacher_a.id)


def test_a_one_time_code_opens_nothing_after_a_day(store: Store, school) -> None:
    from tutor.store.access import now
    from tutor.store.errors import ResetCodeExpired
    from tutor.store.users import RESET_LIFE

    code = store.users.reset_secret(school.teacher_a.id, school.amy.id)
    later = now() + RESET_LIFE + timedelta(minutes=1)
    with pytest.raises(PasswordChangeRequired):  # within its day: it asks for a new password
        store.users.authenticate("amy", code, at=now() + RESET_LIFE - timedelta(minutes=5))
    with pytest.raises(ResetCodeExpired, match="expired"):
        store.users.authenticate("amy", code, at=later)
    with pytest.raises(ResetCodeExpired):
        store.users.change_secret_by_name("amy", code, "9753", at=later)
    with pytest.raises(AuthenticationFailed):  # nothing was changed by the late try
        store.users.authenticate("amy", "9753")
    fresh = store.users.reset_secret(school.teacher_a.id, school.amy.id)  # a new one works
    assert store.users.change_secret_by_name("amy", fresh, "9753") == school.amy
