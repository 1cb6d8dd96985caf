"""Progress figures from a real store: attempts by theme, retries, lessons, games."""

from html import unescape

from bokeh.models import AdaptiveTicker, NumeralTickFormatter

from tutor.puzzle import load_bank
from tutor.store import Store
from tutor.ui.play.persist import GameSaver
from tutor.ui.play.session import PlaySession
from tutor.ui.progress.page import ProgressPage
from tutor.ui.progress.stats import compute
from tutor.ui.puzzles.trainer import Trainer

from .test_play_session import _run_until

BANK = load_bank()


def test_progress_counts_attempts_ratings_retries_and_lessons(tmp_path):
    with Store(tmp_path / "p.duckdb") as store:
        user, _ = store.users.create_guest()
        newcomer = ProgressPage()
        newcomer.attach_user(store, user)  # nothing tried yet: a pointer, not empty charts
        assert newcomer._no_puzzles.visible and "Puzzles page" in newcomer._no_puzzles.object
        assert not any(pane.visible for pane in newcomer._puzzle_charts)
        trainer = Trainer(BANK, store, user.id)
        solved = next(b for b in BANK if b.type == "kitty")
        trainer.submit(solved, solved.solve().text, 4)
        missed = next(b for b in BANK if b.type == "level")
        wrong = "none" if missed.solve().text != "none" else "declarer 1"
        trainer.submit(missed, wrong, 6)
        store.lessons.save_step(user.id, "cards", 3, completed=True)
        store.lessons.save_step(user.id, "trump", 1)
        uid = user.id
        p = compute(store.attempts.for_user(uid, uid), {b.id: b.type for b in BANK},
                    store.attempts.user_ratings(uid, uid), store.lessons.progress(uid, uid),
                    store.games.for_user(uid, uid))
        assert (p.attempts, p.correct) == (2, 1)
        assert p.themes[solved.type].history and p.themes[solved.type].accuracy == 1.0
        assert p.themes[missed.type].accuracy == 0.0
        assert p.to_retry == [missed.id]
        assert p.lessons_completed == ["cards"] and p.lessons_started == ["trump"]

        page = ProgressPage()
        page.attach_user(store, user)
        assert "**2** puzzle attempts" in page._summary.object
        assert not page._no_puzzles.visible and all(p.visible for p in page._puzzle_charts)
        assert len(page._ratings_src.data["xs"]) == 2  # one line per rated theme
        assert missed.id in page._retry.object


def test_progress_lists_lessons_by_title_links_retries_and_draws_single_points(tmp_path):
    from tutor.lesson import load_lessons
    lessons = load_lessons()
    with Store(tmp_path / "p.duckdb") as store:
        user, _ = store.users.create_guest()
        trainer = Trainer(BANK, store, user.id)
        missed = next(b for b in BANK if b.type == "level")
        wrong = "none" if missed.solve().text != "none" else "declarer 1"
        trainer.submit(missed, wrong, 6)  # one attempt: one rating
        store.lessons.save_step(user.id, lessons[0].id, 3, completed=True)
        store.lessons.save_step(user.id, lessons[1].id, 1)
        page = ProgressPage()
        page.attach_user(store, user)
        lessons_md = page._lessons.object
        assert lessons[0].title.en in lessons_md and lessons[1].title.en in lessons_md
        assert lessons[0].id not in lessons_md.replace(lessons[0].title.en, "")
        # a puzzle to retry by its title, for people; its link by its id
        link = f"[<bdi>{missed.title().en}</bdi>](?page=puzzles&lang=en&puzzle={missed.id})"
        assert link in unescape(page._retry.object)
        assert "1** lesson completed" in page._summary.object
        assert "1** puzzle attempt," in page._summary.object
        # one attempt is one point: no line from a made-up start, a dot at the rating
        assert page._ratings_src.data["xs"] == [[1]]
        assert page._points_src.data["x"] == [1] and len(page._points_src.data["y"]) == 1
        # the legend sits outside the plot (below it), so it covers no line
        assert page._legend in page._ratings_fig.below
        assert not page._ratings_fig.center or page._legend not in page._ratings_fig.center
        page.lang = "zh"
        assert lessons[0].title.zh in page._lessons.object
        assert page._ratings_fig.yaxis[0].axis_label == "等级分"
        assert "完成课程**1**个" in page._summary.object


def test_hands_and_games_are_counted_as_what_they_are(tmp_path):
    """After two hands of a game still going, Progress said "0 games finished, 1 in
    progress" and drew no levels. A game is a series of hands, finished when the match is
    over: hands finished and games finished are counted apart, and a game in progress is
    drawn with the levels gained so far."""
    with Store(tmp_path / "p.duckdb") as store:
        user, _ = store.users.create_guest()
        session = PlaySession(seed=12, max_hands=3)
        saver = GameSaver(store, user.id)
        _run_until(session, lambda s: s.hand_over)
        session.next_hand()
        _run_until(session, lambda s: s.hand_over)
        saver.save(session)
        page = ProgressPage()
        page.attach_user(store, user)
        summary = page._summary.object
        assert "**2** hands played to the end" in summary
        assert "**0** games finished, **1** in progress" in summary
        gained = session.match.levels[0] - 2
        assert page._games_src.data == {"game": ["1 (in progress)"], "levels": [gained]}
        assert page._games_pane.visible and page._titles[2].visible
        page.lang = "zh"
        assert "打完**2**局牌" in page._summary.object
        assert page._games_src.data["game"] == ["1（进行中）"]
        page.lang = "en"

        while not session.match_over:
            if session.hand_over:
                session.next_hand()
            _run_until(session, lambda s: s.hand_over)
        saver.save(session)
        page.on_show()
        hands = len(session.match.results)
        assert f"**{hands}** hands played to the end" in page._summary.object
        assert "**1** game finished, **0** in progress" in page._summary.object
        assert page._games_src.data == {"game": ["1"], "levels": [session.match.levels[0] - 2]}


def test_a_review_that_found_no_mistake_is_counted(tmp_path):
    """After a review with no mistakes, Progress said "No reviewed hands yet"."""
    with Store(tmp_path / "p.duckdb") as store:
        user, _ = store.users.create_guest()
        session = PlaySession(seed=12, max_hands=2)
        saver = GameSaver(store, user.id)
        _run_until(session, lambda s: s.hand_over)
        saver.save(session)
        page = ProgressPage()
        page.attach_user(store, user)
        assert "No reviewed hands yet" in page._mistakes.object
        store.reviews.save(user.id, saver.game_id, 0, {"decisions": []}, 1.0, [])
        page.on_show()
        assert "1 hand reviewed, and no mistake found in it." in page._mistakes.object
        page.lang = "zh"
        assert "已复盘1局牌，没有发现失误。" in page._mistakes.object


def test_ratings_are_drawn_as_whole_numbers_with_whole_ticks(tmp_path):
    """One rating drew ticks like 1661.5: ratings are whole numbers, and so are the ticks."""
    with Store(tmp_path / "p.duckdb") as store:
        user, _ = store.users.create_guest()
        solved = next(b for b in BANK if b.type == "kitty")
        Trainer(BANK, store, user.id).submit(solved, solved.solve().text, 4)
        page = ProgressPage()
        page.attach_user(store, user)
        (y,) = page._points_src.data["y"]
        assert isinstance(y, int) and page._ratings_src.data["ys"] == [[y]]
        ticker, formatter = page._ratings_fig.yaxis[0].ticker, page._ratings_fig.yaxis[0].formatter
        assert isinstance(ticker, AdaptiveTicker) and ticker.min_interval == 1
        assert isinstance(formatter, NumeralTickFormatter) and formatter.format == "0"
        levels = page._games_fig.yaxis[0]  # levels are whole numbers too
        assert levels.ticker.min_interval == 1 and levels.formatter.format == "0"
