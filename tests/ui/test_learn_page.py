"""The Learn page without a browser: grading, gating, saving progress and resuming."""

from __future__ import annotations

import re

from tutor.question import Choice, Number, PickCards
from tutor.question.wrong import wrong_answer
from tutor.rules import parse_cards
from tutor.ui.card_picker import CardPicker
from tutor.ui.learn import LearnPage
from tutor.ui.marks import render_text


def _first_step(page: LearnPage) -> int:
    lesson = page.lesson
    return next(i for i, p in enumerate(lesson.pages) if p.step is not None)


def test_a_wrong_then_right_answer_unlocks_next_and_saves(store):
    user, _ = store.users.create_guest()
    page = LearnPage()
    page.attach_user(store, user)
    assert page.lesson_index == 0 and page.page_index == 0
    index = _first_step(page)
    page.go(index)
    step = page.page.step
    assert page._next.disabled and not page.unlocked
    wrong = page.submit(wrong_answer(step))
    assert not wrong.correct and "Not quite." in page.card.verdict and page._next.disabled
    right = page.submit(step.solve().text)
    assert right.correct and "Correct!" in page.card.verdict and not page._next.disabled
    saved = store.lessons.progress(user.id, user.id)[page.lesson.id]
    assert saved.step == index + 1 and not saved.completed

    again = LearnPage(lang="zh")
    again.attach_user(store, user)
    assert (again.lesson_index, again.page_index) == (0, index + 1)
    assert "第1课" in again._where.object


def test_finishing_a_lesson_marks_it_and_opens_the_next(store):
    user, _ = store.users.create_guest()
    page = LearnPage()
    page.attach_user(store, user)
    lesson = page.lesson
    for i, p in enumerate(lesson.pages):
        page.go(i)
        if p.step is not None:
            page.submit(p.step.solve().text)
        page.next()
    assert page.lesson_index == 1 and page.page_index == 0
    assert store.lessons.progress(user.id, user.id)[lesson.id].completed
    assert page._lesson_buttons[0].name.startswith("✓")
    resumed = LearnPage()
    resumed.attach_user(store, user)
    assert resumed.lesson_index == 1


def test_setting_the_parameters_moves_the_page():
    page = LearnPage()
    page.param.update(lesson_index=7, page_index=1)
    assert page.lesson is page.lessons[7] and 'data-page="1"' in page._where.object
    assert page.lessons[7].title.en in page._title.object
    page.page_index = 99  # past the end: the last page
    assert page.page_index == len(page.lessons[7].pages) - 1


def test_show_answer_and_language_switch():
    page = LearnPage()
    page.go(_first_step(page))
    grade = page.reveal()
    assert grade.correct and page.card.revealed and not page._next.disabled
    page.lang = "zh"
    assert "答案" in page.card.verdict


def test_each_input_kind_reads_its_widget():
    """A lesson question of each input kind, answered through its widget, grades right."""
    page = LearnPage()
    seen = {}
    for li, lesson in enumerate(page.lessons):
        for pi, p in enumerate(lesson.pages):
            kind = type(p.step.answer_input()) if p.step is not None else None
            if kind in (PickCards, Choice, Number) and kind not in seen:
                seen[kind] = (li, pi)
    assert set(seen) == {PickCards, Choice, Number}
    for kind, (li, pi) in seen.items():
        page.param.update(lesson_index=li, page_index=pi)
        step = page.page.step
        solution = step.solve().text
        widgets = page.card.input.widgets
        if kind is PickCards:
            widgets[1].select_cards(parse_cards(solution))
        elif kind is Choice:
            widgets[0].value = solution
        else:
            widgets[0].value_input = solution
        page.card.submit()  # reads the widget
        assert page.card.grade is not None and page.card.grade.correct, (kind, solution)


def test_every_lesson_page_renders_its_bold_and_names_cards_in_its_language():
    """Chinese bold ends on punctuation (`**发牌。**每人`), which Markdown leaves as literal
    asterisks; and a card's spoken name follows the page's language."""
    from markdown_it import MarkdownIt

    from tutor.ui.marks import render_text

    md = MarkdownIt()
    for lesson in LearnPage().lessons:
        for page in lesson.pages:
            for lang in ("en", "zh"):
                html = md.render(render_text(page.text.get(lang), page.trump, lang))
                assert "**" not in html, (lesson.id, lang)
    assert 'aria-label="small joker"' in render_text("[[SJ]]", None, "en")
    assert 'aria-label="小王"' in render_text("[[SJ]]", None, "zh")


def _pages(lessons=None):
    """Every (lesson, page index, page) of the curriculum, in order."""
    return [(lesson, i, p) for lesson in lessons or LearnPage().lessons
            for i, p in enumerate(lesson.pages)]


def _visible(html: str) -> str:
    """The text a browser shows for some HTML (tags and their attributes gone)."""
    return re.sub(r"<[^>]*>", "", html)


def test_no_lesson_page_shows_a_literal_asterisk():
    """Emphasis beside Chinese punctuation (`*其他牌桌：*原规则`) stays literal in Markdown;
    no page, nor its question, shows an asterisk in either language."""
    from markdown_it import MarkdownIt

    md = MarkdownIt()
    for lesson, i, p in _pages():
        for lang in ("en", "zh"):
            texts = [p.text.get(lang)] + ([p.step.prompt().get(lang)] if p.step else [])
            for text in texts:
                shown = _visible(md.render(render_text(text, p.trump, lang)))
                assert "*" not in shown, (lesson.id, i + 1, lang, shown)


def test_cards_on_a_page_are_named_in_its_language():
    """A joker's face and its tooltip follow the page's language, in the text and in the
    cards a question lets the learner pick."""
    page = LearnPage()
    jokers = 0
    for li, lesson in enumerate(page.lessons):
        for pi in range(len(lesson.pages)):
            for lang, foreign in (("en", ("大王", "小王")), ("zh", ("joker", "JOKER"))):
                page.param.update(lesson_index=li, page_index=pi, lang=lang)
                html = page._text.object + page.card._prompt.object
                if page.card.input is not None:
                    html += "".join("".join(w.items) for w in page.card.input.widgets
                                    if isinstance(w, CardPicker))
                cards = re.findall(r'<(?:span|div) class="zp-card[^"]*joker[^>]*>.*?'
                                   r'class="pip"', html)
                jokers += len(cards)
                for drawn in cards:
                    named = re.sub(r'class="[^"]*"', "", drawn)  # what is shown and spoken
                    assert not any(word in named for word in foreign), (lesson.id, pi, drawn)
    assert jokers > 0


def test_the_point_dot_is_explained_where_it_is_first_drawn():
    """Point cards carry a blue dot; the first lesson page that draws one says what it means,
    in both languages."""
    from tutor.rules import Card
    from tutor.ui.cards import card_html

    dot = re.search(r'class="pts">([^<]+)<', card_html(Card("5H"))).group(1)
    for lesson, i, p in _pages():
        if 'class="pts"' in render_text(p.text.en, p.trump, "en"):
            for lang in ("en", "zh"):
                words = re.sub(r"\[\[.*?\]\]", "", p.text.get(lang))
                assert dot in words, (lesson.id, i + 1, lang)
            return
    raise AssertionError("no lesson draws a point card")


SUIT_WORDS = {"en": {"S": "♠", "H": "♥", "D": "♦", "C": "♣"},
              "zh": {"S": "黑桃", "H": "红桃", "D": "方块", "C": "梅花"}}


def test_a_page_that_marks_trumps_says_what_trump_is():
    """A gold edge marks a trump: a page that draws one states the trump it is drawn under
    (its level, and its suit if there is one) in the page's own text."""
    for lesson, i, p in _pages():
        for lang in ("en", "zh"):
            text = p.text.get(lang)
            if not re.search(r'class="[^"]*\btrump\b', render_text(text, p.trump, lang)):
                continue
            level = p.trump.level
            said = re.search(rf"level {level}\b" if lang == "en" else rf"打{level}", text, re.I)
            assert said, (lesson.id, i + 1, lang, "level")
            if p.trump.suit is not None:
                suit = SUIT_WORDS[lang][p.trump.suit]
                trump = rf"trump {suit}" if lang == "en" else rf"主{suit}"
                assert re.search(trump, text), (lesson.id, i + 1, lang, "suit")
