"""A page whose sign-in has ended says so in the page's language: a Chinese puzzles page whose
learner's password a teacher reset answers in Chinese, not with the store's English."""

from __future__ import annotations

from tutor.store import SignInEnded
from tutor.store.passwords import token_hash
from tutor.store.signed_in import SignedInStore, SignIn
from tutor.ui.puzzles.page import PuzzlesPage

from .conftest import class_with_learner


def _page(store, learner, lang: str) -> PuzzlesPage:
    token = store.users.open_session(learner)
    page = PuzzlesPage(lang=lang)
    page.attach_user(SignedInStore(store, SignIn(learner.id, session_hash=token_hash(token))),
                     learner)
    return page


def test_answering_after_a_password_reset_is_refused_in_chinese(store):
    teacher, learner, _room = class_with_learner(store)
    page = _page(store, learner, "zh")
    store.users.reset_secret(teacher.id, learner.id)  # every sign-in of the learner ends
    page.card.submit(page.puzzle.solve().text)
    shown = page.card._verdict.object
    assert SignInEnded().text("zh") in shown, shown
    assert "sign-in" not in shown


def test_joining_a_class_after_the_sign_in_ended_says_so_in_chinese(store):
    teacher, learner, _room = class_with_learner(store)
    page = _page(store, learner, "zh")
    store.users.reset_secret(teacher.id, learner.id)
    page._join_code.value = "ABCDEF"
    page._on_join()
    shown = page._assign_status.object
    assert SignInEnded().text("zh") in shown, shown
