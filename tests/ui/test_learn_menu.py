"""The Learn page's lesson menu (what a phone shows instead of the list beside the lesson)."""

from tutor.ui.learn import LearnPage


def test_the_menu_names_every_lesson_and_choosing_one_opens_it():
    page = LearnPage()
    assert len(page._menu.values) == len(page.lessons)
    assert page._menu.value == "0"
    page._menu.value = "3"
    assert page.lesson_index == 3
    page.open_lesson(5)  # the menu follows a lesson opened otherwise
    assert page._menu.value == "5"
    page.show_list = False
    assert not page._menu.visible and not page._side.visible


def test_the_list_and_the_menu_show_the_rules_then_playing_well_as_two_parts():
    """One path in two parts: a heading above each part in the list, a group per part in the
    menu, the strategy lessons after the rules, numbered on from them."""
    page = LearnPage()
    parts = [lesson.part for lesson in page.lessons]
    first = parts.index("strategy")
    assert set(parts[:first]) == {"rules"} and set(parts[first:]) == {"strategy"}
    shown = page._side.objects
    heads = [i for i, o in enumerate(shown) if "zp-part-title" in o.css_classes]
    assert [shown[i].object for i in heads] == ["#### Part 1 · The rules",
                                                 "#### Part 2 · Playing well"]
    assert shown[heads[1] + 1] is page._lesson_buttons[first]  # the second part begins there
    assert page._lesson_buttons[first].name == f"○ {first + 1}. {page.lessons[first].title.en}"
    assert list(page._menu.groups) == ["Part 1 · The rules", "Part 2 · Playing well"]
    assert list(page._menu.groups["Part 2 · Playing well"].values()) == [
        str(i) for i in range(first, len(parts))]
    page.lang = "zh"
    assert shown[heads[1]].object == "#### 第二部分 · 怎样打得好"
    assert list(page._menu.groups) == ["第一部分 · 规则", "第二部分 · 怎样打得好"]
