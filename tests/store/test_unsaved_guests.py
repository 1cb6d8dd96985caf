"""A guest's row is made by its first save (issue 34 §5): an unsaved guest's page reads
nothing of theirs and leaves no row; its first save inserts the row under the page's id;
a second page of the same browser, opened before that save, ends instead of saving a
second guest."""

from __future__ import annotations

import pytest

from tutor.store import AccessDenied, Conflict, SignInEnded, Store
from tutor.store.access import acting_as_guest
from tutor.store.passwords import new_token, token_hash
from tutor.store.signed_in import SignedInStore, SignIn


def _rows(store: Store) -> list[tuple]:
    return store._db.fetch("SELECT id, username, guest_token_hash FROM users ORDER BY id")


def _page(store: Store, token: str) -> tuple[SignedInStore, int]:
    """A page built for this browser token as `identify` builds one: the saved guest's, or
    an unsaved guest's with a fresh id."""
    saved = store.users.saved_guest(token)
    user = saved or store.users.unsaved_guest()
    sign_in = SignIn(user.id, guest_hash=token_hash(token), unsaved=saved is None)
    return SignedInStore(store, sign_in), user.id


def test_an_unsaved_guest_reads_nothing_and_leaves_no_row(store: Store) -> None:
    before = _rows(store)
    page, me = _page(store, new_token())
    assert page.lessons.progress(me, me) == {}
    assert page.attempts.user_ratings(me, me) == {}
    assert page.attempts.for_user(me, me) == []
    assert page.games.for_user(me, me) == []
    assert page.classes.for_user(me) == []
    with pytest.raises(AccessDenied, match="Guests cannot join"):
        page.classes.join(me, "ABCDEF")
    with pytest.raises(AccessDenied, match="teacher"):
        page.classes.create(me, "Mine")
    assert page.alive()
    assert _rows(store) == before


def test_the_first_save_makes_the_row_and_the_cookie_finds_it(store: Store) -> None:
    token = new_token()
    page, me = _page(store, token)
    page.lessons.save_step(me, "trumps", 1)
    assert [r for r in _rows(store) if r[0] == me] == [(me, None, token_hash(token))]
    page.games.start(me, {"rules": "default"}, 7)  # a second save: the same row
    assert len([r for r in _rows(store) if r[0] == me]) == 1
    assert page.alive()

    again, same = _page(store, token)  # the next page of this browser
    assert same == me and not again.sign_in.unsaved
    assert again.lessons.progress(me, me)["trumps"].step == 1


def test_outside_its_page_an_unsaved_id_is_nobody(store: Store) -> None:
    me = store.users.unsaved_guest().id
    with pytest.raises(AccessDenied, match="Unknown acting user"):
        store.lessons.save_step(me, "trumps", 1)
    with acting_as_guest(me + 1000, token_hash(new_token())), pytest.raises(  # another id's
            AccessDenied, match="Unknown acting user"):
        store.lessons.save_step(me, "trumps", 1)
    assert all(r[0] != me for r in _rows(store))


def test_a_second_page_of_one_browser_ends_when_the_first_saved(store: Store) -> None:
    token = new_token()
    first, a = _page(store, token)
    second, b = _page(store, token)  # opened before either saved: another id
    assert a != b and first.alive() and second.alive()
    first.lessons.save_step(a, "trumps", 1)
    assert not second.alive()
    with pytest.raises(SignInEnded):
        second.lessons.save_step(b, "trumps", 2)
    with acting_as_guest(b, token_hash(token)), pytest.raises(Conflict, match="reload"):
        store.lessons.save_step(b, "trumps", 2)  # past the page's check, the store refuses
    assert [r[0] for r in _rows(store) if r[2] == token_hash(token)] == [a]
    assert store.lessons.progress(a, a)["trumps"].step == 1

