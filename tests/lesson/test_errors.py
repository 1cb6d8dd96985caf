"""A broken lesson file gets an error naming the file, the page or step, and the field."""

from __future__ import annotations

import pytest

from tutor.lesson import LessonFileError, load_lesson_file, load_lessons

from .helpers import write_lesson

PAGE = '[[page]]\ntext = { en = "x", zh = "x" }\n'


def _error(tmp_path, body: str, head: str | None = None) -> LessonFileError:
    path = write_lesson(tmp_path, body) if head is None else write_lesson(tmp_path, body,
                                                                         head=head)
    with pytest.raises(LessonFileError) as info:
        load_lesson_file(path)
    return info.value


def test_not_toml(tmp_path):
    err = _error(tmp_path, "[[page]\n")
    assert "01-t.toml" in str(err) and "not valid TOML" in str(err)


def test_missing_id_and_title(tmp_path):
    err = _error(tmp_path, PAGE, head='title = { en = "T", zh = "T" }\n')
    assert err.field == "id" and "missing" in str(err)
    err = _error(tmp_path, PAGE, head='id = "t"\ntitle = "only English"\n')
    assert err.field == "title"


def test_page_without_chinese(tmp_path):
    err = _error(tmp_path, '[[page]]\ntext = { en = "x" }\n')
    assert err.where.en == "page 1" and err.field == "text"


def test_bad_card_in_page_text(tmp_path):
    err = _error(tmp_path, PAGE + '[[page]]\ntext = { en = "see [[AH ZZ]]", zh = "x" }\n')
    assert str(err).startswith(str(tmp_path / "01-t.toml"))
    assert err.where.en == "page 2" and err.field == "text.en" and "ZZ" in str(err)


def test_unknown_step_type(tmp_path):
    err = _error(tmp_path, PAGE + '[page.step]\ntype = "guess"\n')
    assert err.where.en == "page 1: step" and err.field == "type" and "guess" in str(err)


def test_bad_card_in_a_step_field(tmp_path):
    err = _error(tmp_path, PAGE + '[page.step]\ntype = "follow"\nlead = "KH KH"\n'
                 'hand = "QH QX"\n')
    assert err.where.en == "page 1: step 'follow'" and err.field == "hand"
    assert "page 1: step 'follow': field 'hand'" in str(err)


def test_missing_step_field(tmp_path):
    err = _error(tmp_path, PAGE + '[page.step]\ntype = "trick"\n')
    assert err.field == "plays" and "missing" in str(err)


def test_unknown_field_is_a_typo(tmp_path):
    err = _error(tmp_path, PAGE + '[page.step]\ntype = "points"\ncards = "5H"\ncolour = "red"\n')
    assert err.field == "colour"


def test_a_lesson_never_states_an_answer(tmp_path):
    err = _error(tmp_path, PAGE + '[page.step]\ntype = "points"\ncards = "5H"\nanswer = 5\n')
    assert err.field == "answer" and "never states an answer" in str(err)


def test_positions_the_rules_core_cannot_answer(tmp_path):
    err = _error(tmp_path, PAGE + '[page.step]\ntype = "unit"\nkind = "tractor"\n'
                 'hand = "AH AH QH QH"\n')
    assert err.field == "hand" and "no tractor" in str(err)
    err = _error(tmp_path, PAGE + '[page.step]\ntype = "decompose"\ncards = "AH AH AH KH KH"\n'
                 'options = ["AH AH AH | KH KH", "AH | AH | AH | KH KH"]\n')
    assert err.field == "options" and "tractor" in str(err)
    err = _error(tmp_path, PAGE + '[page.step]\ntype = "throw"\nthrow = "AH KS"\n'
                 'others = ["", ""]\n')
    assert err.field == "throw"


def test_too_many_copies_and_bad_trump(tmp_path):
    err = _error(tmp_path, PAGE + '[page.step]\ntype = "points"\ncards = "5H 5H 5H 5H"\n')
    assert err.field == "cards" and "more than 3" in str(err)
    err = _error(tmp_path, PAGE + '[page.step]\ntype = "points"\ncards = "5H"\nsuit = "X"\n')
    assert err.field == "suit"


def test_duplicate_ids(tmp_path):
    write_lesson(tmp_path, PAGE, name="01-a.toml")
    write_lesson(tmp_path, PAGE, name="02-b.toml")
    with pytest.raises(LessonFileError) as info:
        load_lessons(tmp_path)
    assert info.value.field == "id" and "duplicate" in str(info.value)


def test_no_lesson_before_the_trump_lesson_names_a_trump(tmp_path):
    trumps = 'id = "trumps"\ntitle = { en = "T", zh = "T" }\nlevel = "2"\nsuit = "H"\n'
    write_lesson(tmp_path, PAGE, name="02-trumps.toml", head=trumps)
    write_lesson(tmp_path, PAGE + PAGE + 'level = "2"\nsuit = "H"\n')
    with pytest.raises(LessonFileError) as info:
        load_lessons(tmp_path)
    assert info.value.where.en == "page 2" and "trumps are taught only" in str(info.value)
    write_lesson(tmp_path, PAGE + PAGE)  # drawn plain: fine
    assert [lesson.id for lesson in load_lessons(tmp_path)] == ["t", "trumps"]
