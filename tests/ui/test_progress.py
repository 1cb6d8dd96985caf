"""Progress figures from a real store: attempts by theme, retries, lessons, games."""

from tutor.puzzle import load_bank
from tutor.store import Store
from tutor.ui.progress.page import ProgressPage
from tutor.ui.progress.stats import compute
from tutor.ui.puzzles.trainer import Trainer

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
        assert f"[{missed.id}](?page=puzzles&puzzle={missed.id})" in page._retry.object
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
