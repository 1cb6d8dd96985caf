"""The Account button offers what fits who is here: a guest signs in or creates an account; a
signed-in account changes its password and is not shown sign-in fields."""

from __future__ import annotations

from tutor.ui.identity import AccountBox


def test_a_signed_in_account_is_offered_its_password_not_a_sign_in(store):
    learner = store.users.create("lin", "Lin", "learner", "secret-1")
    box = AccountBox(user=learner)
    box._open.clicks += 1
    assert box.password_form.visible and not box.form.visible
    box._open.clicks += 1
    assert not box.password_form.visible and not box.form.visible


def test_a_guest_is_offered_the_sign_in(store):
    guest, _token = store.users.create_guest()
    box = AccountBox(user=guest)
    box._open.clicks += 1
    assert box.form.visible and not box.password_form.visible
    box._open.clicks += 1
    assert not box.form.visible
