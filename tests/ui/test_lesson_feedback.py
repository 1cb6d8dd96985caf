"""Honest feedback in lessons: a first wrong answer gets a hint at the rule (never the
solution), the answer comes with a second wrong answer; no step's feedback gives away a later
step's answer; and no card is marked as a trump before the lesson that teaches trumps."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tutor.lesson import load_lessons
from tutor.question import Choice, Question, answer_words, plain
from tutor.question.text import marked_cards
from tutor.question.wrong import wrong_answer
from tutor.rules import CardError, parse_cards
from tutor.text import Text
from tutor.ui.learn import LearnPage
from tutor.ui.marks import render_text
from tutor.ui.question import QuestionCard

LESSONS = load_lessons()
STEPS = [(lesson.id, i, q) for lesson in LESSONS for i, q in lesson.steps]
TRUMP_CARD = re.compile(r'class="[^"]*\btrump\b')


def _cards(text: str) -> list | None:
    try:
        cards = parse_cards(text)
    except (CardError, ValueError):
        return None
    return cards or None


def _gives_away(q: Question, texts: list[str]) -> str | None:
    """What in `texts` would tell the learner `q`'s solution, if anything."""
    solution = q.solve().text
    cards = _cards(solution)
    spec = q.answer_input()
    labels = []
    if isinstance(spec, Choice):  # the learner sees the option's label, not its key
        labels = [plain(label.get(lang)) for key, label in spec.options if key == solution
                  for lang in ("en", "zh")]
    for text in texts:
        if labels:  # every option is on show: only the chosen one's label would tell
            if any(len(label) > 3 and label in plain(text) for label in labels):
                return labels[0]
        elif solution.isdigit():
            if re.search(rf"(?<!\d){solution}(?!\d)", text):
                return solution
        elif cards is None:
            if re.search(rf"(?<![\w-]){re.escape(solution)}(?![\w-])", text):
                return solution
        elif any(Counter(group) == Counter(cards) for group in marked_cards(text)):
            return f"the cards {solution}"
    return None


def _hint(q: Question) -> Text:
    return q.hint(wrong_answer(q))


@pytest.mark.parametrize(("lesson", "page", "q"), STEPS,
                         ids=[f"{lid}-{i + 1}" for lid, i, _ in STEPS])
def test_a_first_wrong_answer_gets_a_hint_and_the_second_the_answer(lesson, page, q):
    wrong = wrong_answer(q)
    card = QuestionCard(question=q)
    assert not card.submit(wrong).correct
    hint = q.hint(wrong)
    assert card.verdict.startswith("**Not quite. A hint:**")
    assert _gives_away(q, [hint.en, hint.zh, card.verdict]) is None, (hint.en, q.solve().text)
    explanation = render_text(q.solve().explanation.en, None)
    assert explanation not in card.verdict
    assert not card.submit(wrong).correct
    assert card.verdict.startswith(
        f"**Not quite again: the answer is {answer_words(q, q.solve().text, 'en')}.**")
    card.question = None
    card.question = q  # a new visit starts again with a hint
    card.submit(wrong)
    assert "A hint" in card.verdict


def test_puzzles_show_the_answer_after_their_one_try():
    from tutor.puzzle import load_bank

    for p in load_bank()[::20]:
        card = QuestionCard(question=p, once=True)
        card.submit(wrong_answer(p))
        assert card.verdict.startswith(
            f"**Not quite: the answer is {answer_words(p, p.solve().text, 'en')}.**")


def _later_answer(q: Question) -> bool:
    """Answers worth hiding from earlier steps: numbers from 10, and card lists."""
    text = q.solve().text
    return (text.isdigit() and int(text) >= 10) or _cards(text) is not None


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_no_step_gives_away_a_later_steps_answer(lesson):
    steps = [q for _, q in lesson.steps]
    for i, q in enumerate(steps):
        said = [q.solve().explanation.en, q.solve().explanation.zh, _hint(q).en, _hint(q).zh]
        for j, later in enumerate(steps[i + 1:], i + 2):
            if _later_answer(later):
                assert _gives_away(later, said) is None, (lesson.id, i + 1, j, later.solve().text)


def test_no_trump_is_marked_before_the_trump_lesson():
    ids = [lesson.id for lesson in LESSONS]
    early = LESSONS[:ids.index("trumps")]
    assert early  # the cards lesson comes first
    page = LearnPage()
    for lesson in early:
        page.lesson_index = ids.index(lesson.id)
        for n, p in enumerate(lesson.pages):
            assert p.trump is None, (lesson.id, n + 1)
            page.page_index = n
            page._render()
            html = page._text.object + page.card._prompt.object
            assert not TRUMP_CARD.search(html), (lesson.id, n + 1)
            if p.step is not None:
                assert "trump" not in p.step.prompt().en.lower(), (lesson.id, n + 1)
    trumps = LESSONS[ids.index("trumps")]
    assert any(p.trump is not None for p in trumps.pages)
