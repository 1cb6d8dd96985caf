"""Honest feedback in lessons: a first wrong answer gets a hint at the rule (never the
solution), the answer comes with a second wrong answer; no step's feedback gives away a later
step's answer, nor does the text of its own page or the page before; and no card is marked as
a trump before the lesson that teaches trumps."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tutor.lesson import load_lessons
from tutor.question import Choice, Question, answer_words, plain
from tutor.question.text import CARD_MARK, marked_cards
from tutor.question.wrong import wrong_answer
from tutor.rules import Card, CardError, format_cards, parse_cards
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


EN_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "eleven", "twelve")
ZH_NUMBERS = "零一二三四五六七八九十"
ZH_SUITS = {"S": "黑桃", "H": "红桃", "D": "方块", "C": "梅花"}


def _words(text: str) -> str:
    """Lesson Markdown as read: card marks gone, emphasis and code marks dropped."""
    return re.sub(r"[*`]", "", CARD_MARK.sub(" ", text))


def _right(q: Question, answer: str) -> bool:
    """Whether `q` takes `answer` as right (an answer it cannot read is not)."""
    try:
        return q.grade(answer).correct
    except Exception:
        return False


def _card_names(card: Card, lang: str) -> set[str]:
    """How a text may write one card: `K♥`, `big joker`, `红桃K`, `大王`."""
    names = {card.name(lang), card.symbol}
    if not card.is_joker:
        names.add(ZH_SUITS[card.suit] + card.rank)
    return names


def _page_gives_away(q: Question, text: str, lang: str) -> str | None:
    """What in a page's `text` (Markdown with card marks) tells `q`'s answer: the number
    (digits or words), a card group the question would take as right, the right cards
    written out, the right option's words, or the very cards the question asks about."""
    solution = q.solve().text
    words = _words(text)
    spec = q.answer_input()
    if not isinstance(spec, Choice) and re.fullmatch(r"-?\d+", solution):
        n = abs(int(solution))
        forms = [str(n)]
        if lang == "en" and n < len(EN_NUMBERS):
            forms.append(EN_NUMBERS[n])
        if lang == "zh" and n <= 10:
            forms += [ZH_NUMBERS[n] + unit for unit in "分倍"]
        pattern = "|".join(re.escape(f) for f in forms)
        found = re.search(rf"(?<![\d.A-Za-z])({pattern})(?![\dA-Za-z])", words, re.I)
        if found:
            return found.group(1)
    for group in marked_cards(text):
        if _right(q, format_cards(group)):
            return f"the cards {format_cards(group)}"
    cards = _cards(solution) if not solution.isdigit() else None
    if cards is not None and len(set(cards)) == 1:
        for name in _card_names(cards[0], lang):
            if re.search(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", words):
                return name
    if isinstance(spec, Choice):
        seen = plain(re.sub(r"[*`]", "", text), lang).lower()
        for key, label in spec.options:
            said = plain(label.get(lang), lang).lower()
            if len(said) > 3 and said in seen and _right(q, key):
                return said
    asked = q.position.get("cards")
    if isinstance(asked, list) and any(Counter(g) == Counter(asked)
                                       for g in marked_cards(text)):
        return f"its own cards {format_cards(asked)}"
    return None


PAGE_STEPS = [(lesson, i, page.step) for lesson in LESSONS
              for i, page in enumerate(lesson.pages) if page.step is not None]


@pytest.mark.parametrize(("lesson", "index", "q"), PAGE_STEPS,
                         ids=[f"{lesson.id}-{i + 1}" for lesson, i, _ in PAGE_STEPS])
def test_no_page_gives_away_its_question_nor_the_next_pages(lesson, index, q):
    """The page a question is on, and the page just read before it, teach the method on other
    numbers and cards: neither states the answer, in either language."""
    for n in (index - 1, index):
        if n < 0:
            continue
        for lang in ("en", "zh"):
            told = _page_gives_away(q, lesson.pages[n].text.get(lang), lang)
            assert told is None, (f"{lesson.id} page {index + 1} ({lang}): page {n + 1} says "
                                  f"{told!r}; the answer is {q.solve().text}")


def test_the_giveaway_check_sees_an_answer_however_it_is_written():
    """The check itself: numbers in digits or words, cards marked or written in either
    language, the cards asked about, an option's words."""
    points = next(q for _, _, q in PAGE_STEPS if q.type == "points")
    total = points.solve().text
    assert _page_gives_away(points, f"That is **{total}** points.", "en") == total
    assert _page_gives_away(points, f"一共{total}分。", "zh") == total
    assert _page_gives_away(points, "That is 1000 points.", "en") is None
    throw = next(q for _, _, q in PAGE_STEPS if q.type == "throw" and q.solve().text != "ok"
                 and len(parse_cards(q.solve().text)) == 1)
    card = parse_cards(throw.solve().text)[0]
    assert _page_gives_away(throw, f"[[AS]] beats [[{card}]].", "en")
    assert _page_gives_away(throw, f"{card.symbol} loses.", "en")
    if not card.is_joker:
        assert _page_gives_away(throw, f"{ZH_SUITS[card.suit]}{card.rank}会被打败。", "zh")
    unit = next(q for _, _, q in PAGE_STEPS if q.type == "pattern"
                and "cards" in q.position)
    asked = format_cards(unit.position["cards"])
    assert _page_gives_away(unit, f"[[{asked}]] is worth a look.", "en")


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
