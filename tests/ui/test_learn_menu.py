"""The Learn page's lesson menu (what a phone shows instead of the list beside the lesson)."""

from tutor.ui.learn import LearnPage


def test_the_menu_names_every_lesson_and_choosing_one_opens_it():
    page = LearnPage()
    assert len(page._menu.options) == len(page.lessons)
    assert page._menu.value == "0"
    page._menu.value = "3"
    assert page.lesson_index == 3
    page.open_lesson(5)  # the menu follows a lesson opened otherwise
    assert page._menu.value == "5"
    page.show_list = False
    assert not page._menu.visible and not page._side.visible
