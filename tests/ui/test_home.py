"""The home page over a real DuckDB store: a welcome on a first visit, then offers to resume
the lesson, the assignment and the game in progress, each opening the page that resumes it."""

from __future__ import annotations

from tutor.ui.bank import current_bank, shipped_bank
from tutor.ui.home import HomePage
from tutor.ui.learn import LearnPage
from tutor.ui.play.persist import GameSaver
from tutor.ui.play.session import PlaySession
from tutor.ui.puzzles.trainer import Trainer

from .conftest import class_with_learner
from .test_play_session import _run_until


def _home(store, user, lang="en"):
    opened: list[str] = []
    page = HomePage(lang=lang, open_page=opened.append)
    page.attach_user(store, user)
    return page, opened


def test_a_first_visit_is_welcomed_and_each_path_opens_its_page(store):
    user, _ = store.users.create_guest()
    page, opened = _home(store, user)
    assert page.offers == []
    assert 'data-visit="first"' in page._welcome.object and "Welcome" in page._welcome.object
    assert page._welcome.object.count("<li>") == 3 and not page._back.visible
    for name in ("learn", "puzzles", "play"):
        page._paths[name].clicks += 1
    assert opened == ["learn", "puzzles", "play"]
    assert [page._paths[n].name for n in ("learn", "puzzles", "play")] == [
        "Learn from zero", "Try a puzzle", "Play a hand"]
    page.lang = "zh"
    assert page._paths["learn"].name == "从零学起" and "欢迎" in page._welcome.object


def test_a_lesson_begun_is_offered_by_its_title_and_the_learn_page_opens_it(store):
    user, _ = store.users.create_guest()
    learn = LearnPage()
    learn.attach_user(store, user)
    learn.open_lesson(2)  # the learner moves on to lesson 3, page 1
    learn.go(1)
    page, opened = _home(store, user)
    (offer,) = page.offers
    assert (offer.kind, offer.page) == ("lesson", "learn")
    title = learn.lessons[2].title
    assert page._resume[0].name == f"Continue the lesson: {title.en}"
    assert 'data-visit="again"' in page._welcome.object and page._back.visible
    page._resume[0].clicks += 1
    assert opened == ["learn"]
    again = LearnPage()
    again.attach_user(store, user)  # what the Learn page opens is the lesson offered
    assert again.lesson.title == title and again.page_index == 1
    page.lang = "zh"
    assert page._resume[0].name == f"继续学习：{title.zh}"


def test_a_finished_lesson_offers_the_next_and_all_finished_offer_none(store):
    user, _ = store.users.create_guest()
    learn = LearnPage()
    ids = [lesson.id for lesson in learn.lessons]
    store.lessons.save_step(user.id, ids[0], 3, True)
    page, _ = _home(store, user)
    assert [o.lesson for o in page.offers] == [learn.lessons[1].title]
    for lesson_id in ids:
        store.lessons.save_step(user.id, lesson_id, 3, True)
    page.on_show()
    assert page.offers == []


def test_an_assignment_with_puzzles_left_is_offered_until_it_is_done(store):
    teacher, learner, room = class_with_learner(store)
    ids = [p.id for p in shipped_bank() if p.type == "trick"][:2]
    work = store.classes.create_assignment(teacher.id, room.id, "Homework <b>", ids)
    page, opened = _home(store, learner)
    (offer,) = page.offers
    assert (offer.kind, offer.page, offer.done, offer.total) == ("assignment", "puzzles", 0, 2)
    assert page._resume[0].name == "Continue the assignment: Homework <b> (0 of 2 done)"
    trainer = Trainer(current_bank(store), store, learner.id)
    first = trainer.next_in_assignment(work.id, list(work.puzzle_ids))
    trainer.submit(first, first.solve().text, 5, mode="assignment", assignment_id=work.id)
    page.on_show()
    assert page.offers[0].done == 1
    page._resume[0].clicks += 1
    assert opened == ["puzzles"]
    second = trainer.next_in_assignment(work.id, list(work.puzzle_ids))
    trainer.submit(second, second.solve().text, 5, mode="assignment", assignment_id=work.id)
    page.on_show()
    assert page.offers == []


def test_a_game_in_progress_is_offered_with_its_hand_and_a_finished_one_is_not(store):
    user, _ = store.users.create_guest()
    session = PlaySession(seed=21, max_hands=2)
    saver = GameSaver(store, user.id)
    _run_until(session, lambda s: s.hand_over)
    saver.save(session)
    page, opened = _home(store, user)
    assert [(o.kind, o.page, o.hand) for o in page.offers] == [("game", "play", 1)]
    assert page._resume[0].name == "Resume your game (hand 1)"
    session.next_hand()
    saver.save(session)
    page.on_show()
    assert page.offers[0].hand == 2
    page._resume[0].clicks += 1
    assert opened == ["play"]
    _run_until(session, lambda s: s.hand_over)
    saver.save(session)
    assert session.match_over
    page.on_show()
    assert page.offers == []


def test_offers_come_lesson_then_assignment_then_game(store):
    teacher, learner, room = class_with_learner(store)
    ids = [p.id for p in shipped_bank() if p.type == "trick"][:1]
    store.classes.create_assignment(teacher.id, room.id, "Homework", ids)
    learn = LearnPage()
    learn.attach_user(store, learner)
    learn.go(1)
    session = PlaySession(seed=22)
    session.ai_step() if session.ai_to_act else session.act(session.hint().action)
    GameSaver(store, learner.id).save(session)
    page, opened = _home(store, learner)
    assert [o.kind for o in page.offers] == ["lesson", "assignment", "game"]
    assert len(page._resume_box.objects) == 3
    page._resume[2].clicks += 1
    assert opened == ["play"]


def test_the_home_page_names_the_friend_as_the_rules_do():
    """RULES.md §7: the friend is the first player after the declarer who holds the called
    card, as lesson 11 teaches, not whoever plays it; the home page says so in both languages."""
    friend = next(lesson for lesson in LearnPage().lessons if lesson.id == "friend")
    rule = {"en": "first player after the declarer, in play order, who holds",
            "zh": "第一个持有这张牌的人"}
    for lang, words in rule.items():
        assert words in friend.pages[0].text.get(lang)  # the lesson's own wording
        page = HomePage(lang=lang)
        assert words in page._welcome.object, lang
        assert "whoever plays" not in page._welcome.object
        assert "打出这张牌的人" not in page._welcome.object


def test_looking_at_lessons_saves_nothing_and_offers_nothing(store):
    """Opening Learn and browsing lessons is not progress: only answering or going on is, so
    a visitor who only looked is not offered to "continue" anything."""
    user, _ = store.users.create_guest()
    learn = LearnPage()
    learn.attach_user(store, user)
    learn.open_lesson(3)
    learn._menu.value = "5"  # the phone's lesson menu
    learn.open_lesson(0)
    assert store.lessons.progress(user.id, user.id) == {}
    page, _ = _home(store, user)
    assert page.offers == []
    assert learn.page.step is None  # lesson 1 opens on a page to read: going on is progress
    learn.next()
    assert store.lessons.progress(user.id, user.id)[learn.lesson.id].step == 1
    page.on_show()
    assert [o.kind for o in page.offers] == ["lesson"]
