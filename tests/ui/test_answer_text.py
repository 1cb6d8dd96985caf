"""The verdict line writes the canonical answer in the page's language."""

from tutor.ui.question.answer_text import answer_text


def test_canonical_answers_read_in_each_language():
    assert answer_text("none", "en") == "none" and answer_text("none", "zh") == "没有"
    assert answer_text("declarer 2", "en") == "Declarer side goes up 2"
    assert answer_text("defenders 1", "zh") == "抓分方升级 1"
    assert answer_text("BJ 10H", "en") == "big joker, 10♥"
    assert answer_text("BJ 10H", "zh") == "大王 10♥"
    assert answer_text("A C", "en") == "A C"  # choice letters stay letters
