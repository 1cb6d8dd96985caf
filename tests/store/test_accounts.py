"""Accounts: passwords and PINs, guests and upgrading a guest without losing anything."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import duckdb
import pytest

from tutor.store import AuthenticationFailed, Conflict, InvalidInput, Store
from tutor.store.access import now
from tutor.store.passwords import hash_secret, token_hash, verify_secret
from tutor.store.users import SESSION_IDLE


def test_the_right_password_signs_in(store: Store) -> None:
    amy = store.users.create("Amy", "Amy Li", "learner", "correct horse")
    assert store.users.authenticate("amy", "correct horse") == amy
    assert store.users.authenticate("  AMY ", "correct horse") == amy
    assert amy.username == "amy" and not amy.is_guest


def test_wrong_passwords_and_unknown_names_fail(store: Store) -> None:
    store.users.create("amy", "Amy", "learner", "correct horse")
    for username, secret in [("amy", "wrong"), ("amy", "correct hors"), ("amy", "Correct horse"),
                             ("amy", ""), ("nobody", "correct horse"), ("", "correct horse")]:
        with pytest.raises(AuthenticationFailed, match="Wrong username or password"):
            store.users.authenticate(username, secret)


def test_a_pin_works_like_a_password(store: Store) -> None:
    kid = store.users.create("xiaoming", "小明", "learner", "0427")
    assert store.users.authenticate("xiaoming", "0427") == kid
    with pytest.raises(AuthenticationFailed):
        store.users.authenticate("xiaoming", "0428")


def test_passwords_are_stored_salted_and_hashed(store: Store, db_path: Path) -> None:
    store.users.create("amy", "Amy", "learner", "same secret")
    store.users.create("bob", "Bob", "learner", "same secret")
    store.close()
    con = duckdb.connect(str(db_path))
    hashes = [h for (h,) in con.execute("SELECT secret_hash FROM users ORDER BY id").fetchall()]
    con.close()
    assert all(h.startswith("scrypt$") and "same secret" not in h for h in hashes)
    assert hashes[0] != hashes[1]
    assert all(verify_secret("same secret", h) for h in hashes)


def test_verify_refuses_missing_or_malformed_hashes() -> None:
    assert not verify_secret("x", None)
    assert not verify_secret("x", "plain-text")
    assert verify_secret("x" * 4, hash_secret("x" * 4))


def test_changing_a_password(store: Store) -> None:
    amy = store.users.create("amy", "Amy", "learner", "old secret")
    bob = store.users.create("bob", "Bob", "learner", "bob secret")
    kept, bobs = store.users.open_session(amy), store.users.open_session(bob)
    with pytest.raises(AuthenticationFailed):
        store.users.change_secret(amy.id, "not it", "new secret")
    assert store.users.session_user(kept) == amy  # a failed change signs nobody out
    store.users.change_secret(amy.id, "old secret", "new secret")
    with pytest.raises(AuthenticationFailed):
        store.users.session_user(kept)  # every browser Amy was signed in on must sign in again
    assert store.users.session_user(bobs) == bob
    assert store.users.authenticate("amy", "new secret") == amy
    with pytest.raises(AuthenticationFailed):
        store.users.authenticate("amy", "old secret")


def test_usernames_are_unique_regardless_of_case(store: Store) -> None:
    store.users.create("amy", "Amy", "learner", "1234")
    with pytest.raises(Conflict, match="already taken"):
        store.users.create("AMY", "Another Amy", "teacher", "5678-long")


@pytest.mark.parametrize("username, display, role, secret", [
    ("", "Amy", "learner", "1234"), ("a b", "Amy", "learner", "1234"),
    ("amy", "   ", "learner", "1234"), ("amy", "Amy", "admin", "1234"),
    ("amy", "Amy", "learner", "123"), ("amy", "Amy\x00", "learner", "1234"),
])
def test_bad_sign_up_details_are_refused(store: Store, username: str, display: str, role: str,
                                         secret: str) -> None:
    with pytest.raises(InvalidInput):
        store.users.create(username, display, role, secret)


def test_a_guest_comes_back_with_its_token(store: Store) -> None:
    guest, token = store.users.create_guest()
    assert guest.is_guest and guest.username is None
    assert store.users.guest(token) == guest
    with pytest.raises(AuthenticationFailed):
        store.users.guest(token + "x")
    with pytest.raises(AuthenticationFailed):  # a guest has no password to guess
        store.users.authenticate("guest", "")


def test_the_token_itself_is_not_stored(store: Store, db_path: Path) -> None:
    _, token = store.users.create_guest()
    store.close()
    assert token.encode() not in db_path.read_bytes()
    wal = db_path.with_name(db_path.name + ".wal")
    assert not wal.exists() or token.encode() not in wal.read_bytes()


def test_upgrading_a_guest_keeps_every_record(store: Store) -> None:
    guest, token = store.users.create_guest()
    attempt = store.attempts.record(guest.id, "p1", {"play": ["AS"]}, True, 5.0)
    store.lessons.save_step(guest.id, "basics", 3)
    game = store.games.start(guest.id, {"decks": 3}, seed=1)

    named = store.users.upgrade_guest(token, "amy", "Amy", "1234")

    assert named.id == guest.id and not named.is_guest and named.username == "amy"
    assert store.users.authenticate("amy", "1234") == named
    assert [a.id for a in store.attempts.for_user(named.id, named.id)] == [attempt]
    assert store.lessons.progress(named.id, named.id)["basics"].step == 3
    assert store.games.get(named.id, game.id).user_id == named.id
    with pytest.raises(AuthenticationFailed):  # the old browser token no longer signs in
        store.users.guest(token)


def test_upgrading_to_a_taken_name_changes_nothing(store: Store) -> None:
    store.users.create("amy", "Amy", "learner", "1234")
    guest, token = store.users.create_guest()
    with pytest.raises(Conflict):
        store.users.upgrade_guest(token, "Amy", "Other Amy", "5678")
    assert store.users.guest(token) == guest


def test_a_session_keeps_an_account_signed_in_until_it_is_closed(store: Store,
                                                                   db_path: Path) -> None:
    amy = store.users.create("amy", "Amy", "teacher", "correct horse")
    token = store.users.open_session(store.users.authenticate("amy", "correct horse"))
    other = store.users.open_session(amy)
    assert token != other
    store.close()
    with Store(db_path) as reopened:  # a later visit: the browser still holds the token
        assert reopened.users.session_user(token) == amy
        reopened.users.close_session(token)
        with pytest.raises(AuthenticationFailed, match="sign in again"):
            reopened.users.session_user(token)
        assert reopened.users.session_user(other) == amy  # signing out here leaves other browsers
        reopened.users.close_session(token)  # already out: nothing to do, no error
        rows = reopened._db.fetch("SELECT token_hash FROM sessions")
        assert rows and all(other not in row[0] for row in rows)  # only hashes are kept


def test_a_session_ends_after_a_month_without_a_visit(store: Store) -> None:
    amy = store.users.create("amy", "Amy", "learner", "correct horse")
    kept, idle = store.users.open_session(amy), store.users.open_session(amy)
    past = now()
    store._db.fetch("UPDATE sessions SET last_used = $1 WHERE token_hash = $2",
                    [past - SESSION_IDLE + timedelta(days=1), token_hash(kept)])
    store._db.fetch("UPDATE sessions SET last_used = $1 WHERE token_hash = $2",
                    [past - SESSION_IDLE - timedelta(minutes=1), token_hash(idle)])
    assert store.users.session_user(kept) == amy  # a visit within the month restarts the clock
    (used,) = store._db.fetch("SELECT last_used FROM sessions WHERE token_hash = $1",
                              [token_hash(kept)])[0]
    assert used >= past
    with pytest.raises(AuthenticationFailed, match="sign in again"):
        store.users.session_user(idle)
    assert store._db.fetch("SELECT count(*) FROM sessions")[0] == (1,)  # the idle one is gone
    # the account itself is untouched
    assert store.users.authenticate("amy", "correct horse") == amy


def test_sessions_are_for_accounts_and_unknown_tokens_fail(store: Store) -> None:
    guest, _ = store.users.create_guest()
    with pytest.raises(InvalidInput):
        store.users.open_session(guest)
    for token in ["", "made-up", "x" * 5000]:
        with pytest.raises(AuthenticationFailed):
            store.users.session_user(token)


def test_guests_that_saved_nothing_are_purged_after_a_week_and_no_others(store: Store) -> None:
    empty, empty_token = store.users.create_guest()
    answered, _ = store.users.create_guest()
    store.attempts.record(answered.id, "p1", {"play": ["AS"]}, True, 5.0)
    studied, _ = store.users.create_guest()
    store.lessons.save_step(studied.id, "basics", 2)
    played, _ = store.users.create_guest()
    store.games.start(played.id, {"decks": 3}, seed=1)
    named = store.users.create("amy", "Amy", "learner", "1234")
    soon = now() + timedelta(days=1)
    assert store.users.purge_empty_guests(at=soon) == 0  # a day old: kept
    assert store.users.guest(empty_token).id == empty.id
    later = now() + timedelta(days=8)
    assert store.users.purge_empty_guests(at=later) == 1
    with pytest.raises(AuthenticationFailed):
        store.users.guest(empty_token)
    for kept in (answered, studied, played, named):
        assert store.users.get(kept.id, kept.id).id == kept.id


def test_what_a_person_typed_wrong_is_said_in_their_language(store: Store) -> None:
    """A typed field's check speaks the page's language; a check of an internal argument
    (a puzzle id) keeps its English message in both."""
    teacher = store.users.create("ms_wang", "Ms Wang", "teacher", "long-enough-pw")
    with pytest.raises(InvalidInput) as empty:
        store.classes.create(teacher.id, "   ")
    assert empty.value.text("zh") == "班级名称不能为空。"
    assert empty.value.text("en") == str(empty.value) == "The class name must not be empty."
    with pytest.raises(InvalidInput) as long:
        store.users.create("x" * 41, "X", "learner", "1234")
    assert long.value.text("zh") == "用户名太长了（最多40个字符）。"
    with pytest.raises(InvalidInput) as internal:
        store.attempts.record(teacher.id, "", "A", True, 3.0)
    assert internal.value.text("zh") == internal.value.text("en") == str(internal.value)


def test_every_message_a_form_can_get_has_both_languages_with_the_same_slots() -> None:
    """Each `store_…` and `what_…` text of the account catalogue is in English and Chinese,
    with the same placeholders, and Chinese punctuation in the Chinese."""
    import string

    from tutor.text import catalogue

    en, zh = catalogue("en")["account"], catalogue("zh")["account"]
    keys = [k for k in en if k.startswith(("store_", "what_"))]
    assert len(keys) > 20 and all(k in zh for k in keys)

    def slots(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key in keys:
        assert slots(en[key]) == slots(zh[key]), key
        assert not any(mark in zh[key] for mark in (". ", ": ", ", ", "(")), key
