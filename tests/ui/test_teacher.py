"""Teacher tools over a real store: assignment reports and authored puzzles."""

import csv
import io
from html import unescape

import pytest

from tutor.puzzle import PuzzleFileError
from tutor.puzzle.tomlwrite import entry as toml_entry
from tutor.store import AccessDenied, AuthenticationFailed, Conflict
from tutor.ui.bank import LEGACY_FILE, authored_puzzles, current_bank, save_entry, shipped_bank
from tutor.ui.i18n import t
from tutor.ui.puzzles.page import PuzzlesPage
from tutor.ui.puzzles.trainer import Trainer
from tutor.ui.teacher.page import TeacherPage
from tutor.ui.teacher.reports import assignment_report

from .conftest import class_with_learner


def _class_with_learner(store):
    teacher, learner, room = class_with_learner(store)
    ids = [p.id for p in shipped_bank() if p.type == "trick"][:3]
    work = store.classes.create_assignment(teacher.id, room.id, "Homework", ids)
    return teacher, learner, room, work


def test_report_counts_each_learner_and_puzzle(store):
    teacher, learner, room, work = _class_with_learner(store)
    trainer = Trainer(current_bank(store), store, learner.id)
    first = trainer.next_in_assignment(work.id, list(work.puzzle_ids))
    right = first.solve().text
    wrong = next(str(p["seat"]) for p in first.public()["position"]["plays"]
                 if str(p["seat"]) != right)
    trainer.submit(first, wrong, 10, assignment_id=work.id)
    trainer.submit(first, right, 20, assignment_id=work.id)
    assert trainer.next_in_assignment(work.id, list(work.puzzle_ids)).id == work.puzzle_ids[1]
    learners, puzzles = assignment_report(store, teacher.id, work)
    (row,) = learners
    assert (row.name, row.attempted, row.solved, row.total) == ("Lea", 1, 1, 3)
    assert row.seconds == 30 and [ok for _, _, ok in row.answers] == [False, True]
    by_id = {p.puzzle_id: p for p in puzzles}
    assert by_id[first.id].failed_percent == 50 and by_id[first.id].median_seconds == 15
    assert by_id[work.puzzle_ids[2]].attempts == 0
    csv = store.attempts.class_csv(teacher.id, room.id)
    assert "Lea" in csv and first.id in csv
    with pytest.raises(AccessDenied):
        assignment_report(store, learner.id, work)


def test_the_results_name_puzzles_by_title_and_answers_in_words(store):
    """`rules-ex15: ok ✓` was what a teacher read: the puzzle by its id, the answer by its
    code. Now the title and the words, in the page's language."""
    teacher, learner, room = class_with_learner(store)
    bank = {p.id: p for p in shipped_bank()}
    trick = next(p for p in bank.values() if p.type == "trick")
    seat = trick.solve().text
    work = store.classes.create_assignment(teacher.id, room.id, "Homework",
                                           ["rules-ex15", trick.id])
    trainer = Trainer(current_bank(store), store, learner.id)
    trainer.submit(bank["rules-ex15"], "ok", 5, assignment_id=work.id)
    trainer.submit(trick, seat, 5, assignment_id=work.id)
    page = TeacherPage()
    page.attach_user(store, teacher)
    assert page.assignment == work
    shown = unescape(page.results._learners.object)
    example = bank["rules-ex15"].title()
    assert example.en.startswith("Rules example 15 · throwing ")
    assert f"{example.en}: the throw succeeds ✓" in shown
    assert f"{trick.title().en}: Seat {seat} ✓" in shown
    assert "rules-ex15" not in shown and ": ok " not in shown
    assert "Rules example 15" in unescape(page.results._puzzles.object)
    page.lang = "zh"
    shown = unescape(page.results._learners.object)
    assert f"{example.zh}: 甩牌成功 ✓" in shown and f": {seat}号位 ✓" in shown
    assert "规则例15" in unescape(page.results._puzzles.object)


def test_the_csv_holds_the_assignment_shown_in_words(store):
    """On a DuckDB file: a guest's practice before signing up and joining, a position from
    their own game and another assignment's answers stay out of the chosen assignment's
    CSV, whose name says which assignment it is."""
    assert store.path.suffix == ".duckdb"
    teacher = store.users.create("teach", "Ms T", "teacher", "secret-1")
    room = store.classes.create(teacher.id, "Class A / 4ème")
    guest, token = store.users.create_guest()
    bank = {p.id: p for p in shipped_bank()}
    trainer = Trainer(current_bank(store), store, guest.id)
    trainer.submit(bank["rules-ex15"], "ok", 4)  # practice as a guest, before joining
    store.attempts.record(guest.id, "mine-1-0-3", "A", False, 2.0)  # from their own game
    learner = store.users.upgrade_guest(token, "lea", "Lea", "secret-2")
    store.classes.join(learner.id, room.join_code)
    work = store.classes.create_assignment(teacher.id, room.id, 'Throws: "week 1"',
                                           ["rules-ex15", "rules-ex16"])
    other = store.classes.create_assignment(teacher.id, room.id, "Other", ["rules-ex15"])
    trainer.submit(bank["rules-ex15"], "ok", 5, assignment_id=work.id)
    trainer.submit(bank["rules-ex16"], "KH", 6, assignment_id=work.id)
    trainer.submit(bank["rules-ex15"], "ok", 7, assignment_id=other.id)
    page = TeacherPage()
    page.attach_user(store, teacher)
    page.assignment = work
    results = page.results
    assert results._csv.filename == "class-a-4ème-throws-week-1.csv"

    def rows() -> list[dict[str, str]]:
        text = results._csv_file().read()
        assert text.startswith("\ufeff")  # a spreadsheet reads it as UTF-8
        return list(csv.DictReader(io.StringIO(text[1:])))

    got = rows()
    assert [(r["puzzle_id"], r["seconds"]) for r in got] == [("rules-ex15", "5.0"),
                                                             ("rules-ex16", "6.0")]
    assert {r["assignment_title"] for r in got} == {'Throws: "week 1"'}
    assert [r["puzzle"] for r in got] == [bank[pid].title().en
                                          for pid in ("rules-ex15", "rules-ex16")]
    assert got[0]["puzzle"].startswith("Rules example 15 · throwing ")
    assert [r["answer"] for r in got] == ["the throw succeeds",
                                          "the throw fails: K♥ must be played instead"]
    page.lang = "zh"
    got = rows()
    assert [r["puzzle"] for r in got] == [bank[pid].title().zh
                                          for pid in ("rules-ex15", "rules-ex16")]
    assert [r["answer"] for r in got] == ["甩牌成功", "甩牌失败：须改出 K♥"]
    page.assignment = other
    assert results._csv.filename == "class-a-4ème-other.csv"
    assert [r["seconds"] for r in rows()] == ["7.0"]
    page.assignment = None
    assert results._csv.disabled and results._csv_file().read() == ""
    with pytest.raises(AccessDenied):
        store.attempts.assignment_csv(learner.id, work.id)


def test_the_teachers_news_is_said_again_in_the_language_chosen(store):
    """A teacher's status line stayed English after switching to 中文."""
    teacher, _, room = class_with_learner(store)
    page = TeacherPage()
    page.attach_user(store, teacher)
    page.classes._name.value = "Class B"
    page.classes._on_create()
    assert page.notice.text.startswith("Class “")
    page.lang = "zh"
    assert page.notice.text.startswith("已创建班级「")
    page.lang = "en"
    assert page.notice.text.startswith("Class “")
    page.classes._select.value = str(room.id)
    reset = page.classes._reset
    reset._button.clicks += 1  # asks first
    assert reset._confirm.visible and "Reset " in reset._question.object
    reset._yes.clicks += 1
    assert "one-time code" in reset._result.text
    page.lang = "zh"
    assert "一次性代码" in reset._result.text


def test_a_class_whose_reviews_found_no_clear_mistake_is_not_said_unreviewed(store):
    """The results said "No learner of this class has reviewed a hand yet" after one had."""
    teacher, learner, _ = class_with_learner(store)
    page = TeacherPage()
    page.attach_user(store, teacher)
    assert "has reviewed a hand yet" in page.results._mistakes.object
    game = store.games.start(learner.id, {"rules": 1}, 7).id
    store.reviews.save(learner.id, game, 0, {"decisions": []}, 100.0,
                       [(3, "lead", "inaccuracy", False)])  # not a clear mistake
    page.results.reload()
    assert "1 hand reviewed in this class, and no clear mistake found." in (
        page.results._mistakes.object)
    page.lang = "zh"
    assert "本班已复盘1局牌，没有发现明显失误。" in page.results._mistakes.object


def test_teacher_page_refuses_learners_and_guests(store):
    page = TeacherPage()
    guest, _ = store.users.create_guest()
    page.attach_user(store, guest)
    assert page._layout.objects == [page._refusal]
    teacher = store.users.create("t2", "T", "teacher", "secret-3")
    page.attach_user(store, teacher)
    assert page._layout.objects == [page._body]


def test_teacher_page_shows_the_class_and_assignment_its_parameters_name(store):
    teacher, _, room, work = _class_with_learner(store)
    other = store.classes.create(teacher.id, "Class B")
    later = store.classes.create_assignment(teacher.id, other.id, "Later", [work.puzzle_ids[0]])
    page = TeacherPage()
    page.attach_user(store, teacher)
    assert page.classroom == room and page.assignment == work  # the first class, its newest
    assert "Lea" in page.results._learners.object
    page.classroom = other
    assert page.assignment == later and "Lea" not in page.results._learners.object
    assert other.join_code in page.classes._code.object
    assert page.classes._select.value == str(other.id)
    page.assignment = None
    assert page.results._learners.object == ""


def test_authored_puzzle_is_checked_answered_and_saved_without_losing_others(store):
    teacher = store.users.create("t9", "T", "teacher", "secret-9")
    first_id = store.puzzles.next_id(teacher.id)
    assert first_id == f"author-{teacher.id}-001"
    entry = {"id": first_id, "type": "throw", "themes": ["throw"], "difficulty": 2,
             "level": "2", "suit": "S", "thrower": 0, "hand": "AH AH KH 10H 10H",
             "throw": "AH AH KH 10H 10H", "others": ["KH KH", "", "", ""]}
    puzzle = save_entry(store, teacher.id, entry)
    assert puzzle.solve().text == "10H 10H"  # RULES.md example 16, computed by the rules core
    second_id = store.puzzles.next_id(teacher.id)
    assert second_id == f"author-{teacher.id}-002"
    save_entry(store, teacher.id, dict(entry, id=second_id, others=["KH", "", "", ""]))
    assert [p.id for p in authored_puzzles(store)] == [first_id, second_id]
    assert {first_id, second_id} <= {p.id for p in current_bank(store)}
    broken = dict(entry, id=store.puzzles.next_id(teacher.id), others=["KH KH ZZ", "", "", ""])
    with pytest.raises(PuzzleFileError, match="others"):
        save_entry(store, teacher.id, broken)
    with pytest.raises(Conflict, match="exists already"):
        save_entry(store, teacher.id, dict(entry))
    with pytest.raises(ValueError, match="exists already"):  # nor a shipped puzzle's id
        save_entry(store, teacher.id, dict(entry, id=shipped_bank()[0].id))
    learner = store.users.create("l9", "L", "learner", "secret-8")
    with pytest.raises(AccessDenied, match="Only teachers"):
        save_entry(store, learner.id, dict(entry, id="author-99-001"))
    assert [p.id for p in authored_puzzles(store)] == [first_id, second_id]  # nothing lost


def test_puzzles_an_older_version_kept_in_a_file_are_copied_in_once(store):
    entry = {"id": "author-1-001", "type": "throw", "themes": ["throw"], "difficulty": 2,
             "level": "2", "suit": "S", "thrower": 0, "hand": "AH AH KH 10H 10H",
             "throw": "AH AH KH 10H 10H", "others": ["KH KH", "", "", ""]}
    legacy = store.path.parent / LEGACY_FILE
    legacy.write_text("# Puzzles written by teachers in the app\n\n" + toml_entry(entry) + "\n",
                      encoding="utf-8")  # as older versions wrote it
    assert [p.id for p in current_bank(store) if p.id.startswith("author-")] == ["author-1-001"]
    assert not legacy.exists() and legacy.with_name(LEGACY_FILE + ".imported").exists()
    assert [p.id for p in authored_puzzles(store)] == ["author-1-001"]  # copied once
    assert store.puzzles.next_id(1) == "author-1-002"


def test_an_import_interrupted_before_the_rename_is_finished_without_harm(store, caplog):
    entry = {"id": "author-1-001", "type": "throw", "themes": ["throw"], "difficulty": 2,
             "level": "2", "suit": "S", "thrower": 0, "hand": "AH AH KH 10H 10H",
             "throw": "AH AH KH 10H 10H", "others": ["KH KH", "", "", ""]}
    assert store.puzzles.import_entry(entry)  # copied once already …
    assert not store.puzzles.import_entry(entry)  # … a second copy is no error, no duplicate
    broken = dict(entry, id="author-1-002", others=["ZZ", "", "", ""])
    legacy = store.path.parent / LEGACY_FILE
    legacy.write_text(toml_entry(entry) + "\n\n" + toml_entry(broken) + "\n", encoding="utf-8")
    assert [p.id for p in authored_puzzles(store)] == ["author-1-001"]  # the bad one left out
    assert "author-1-002" in caplog.text
    assert not legacy.exists()


def test_every_tool_follows_the_page_language(store):
    teacher, _, room, work = _class_with_learner(store)
    page = TeacherPage()
    page.attach_user(store, teacher)
    english = (page.classes._select.name, page.assignments._create.name,
               page.assignments._tier.options, page.results._csv.label,
               page.results._learners.object, page.authoring._save_button.name,
               page.classes._reset._button.name, page._refusal.object)
    page.lang = "zh"
    chinese = (page.classes._select.name, page.assignments._create.name,
               page.assignments._tier.options, page.results._csv.label,
               page.results._learners.object, page.authoring._save_button.name,
               page.classes._reset._button.name, page._refusal.object)
    for en, zh in zip(english, chinese, strict=True):
        assert en != zh
    assert "Lea" in page.results._learners.object  # the table is drawn again, not emptied
    assert page.assignments._due.lang == "zh"
    assert page.results._chart.yaxis.axis_label == t("col_failed_pct", "zh")
    assert page.classroom == room and page.assignment == work  # the choice is kept


def test_the_answer_to_an_authored_puzzle_is_shown_whatever_it_says(store):
    teacher = store.users.create("t3", "T", "teacher", "secret-3")
    page = TeacherPage()
    page.attach_user(store, teacher)
    answer = page.authoring._answer
    page.authoring._throw.value = "<img"
    page.authoring._preview(save=False)
    assert answer.kind == "danger" and answer._alert.visible and "&#60;img" in answer.text
    page.authoring._throw.value = "AH AH KH 10H 10H"
    page.authoring._others[0].value = "KH KH"
    page.authoring._preview(save=False)
    assert answer.kind == "info" and answer._alert.visible
    assert "10♥ 10♥ must be played instead" in answer.text  # the answer in words, not `10H 10H`
    page.lang = "zh"  # said again in the language chosen
    assert "甩牌失败" in answer.text and "10♥ 10♥" in answer.text


def test_the_class_of_a_teacher_is_forgotten_when_someone_else_signs_in(store):
    teacher, learner, room, work = _class_with_learner(store)
    page = TeacherPage()
    page.attach_user(store, teacher)
    assert page.classroom == room and page.assignment == work
    page.attach_user(store, learner)
    assert page.classroom is None and page.assignment is None
    assert page.results._learners.object == "" and page._layout.objects == [page._refusal]


def test_a_password_reset_is_asked_before_it_is_done(store):
    """Resetting a learner's password ends their sign-ins: the page asks first, Cancel
    leaves the password working, and a script's click on the hidden confirm resets nobody."""
    teacher, learner, room = class_with_learner(store)
    token = store.users.open_session(learner)
    page = TeacherPage()
    page.attach_user(store, teacher)
    page.classes._select.value = str(room.id)
    reset = page.classes._reset
    reset._yes.clicks += 1  # hidden: no question open
    reset._button.clicks += 1
    assert reset._confirm.visible and learner.display_name in reset._question.object
    reset._no.clicks += 1
    assert not reset._confirm.visible
    reset._yes.clicks += 1
    assert store.users.session_user(token).id == learner.id  # still signed in
    reset._button.clicks += 1
    page.lang = "zh"
    assert "要重设" in reset._question.object
    reset._yes.clicks += 1
    assert "一次性代码" in reset._result.text
    with pytest.raises(AuthenticationFailed):
        store.users.session_user(token)


def test_the_teacher_and_the_learner_count_one_thing_and_say_the_first_tries(store):
    """The teacher read "Done 2/2, Correct 1" where the learner read "1 of 2 solved": both
    now count puzzles solved, and say how many were solved at the first answer."""
    teacher, learner, room = class_with_learner(store)
    tricks = [p for p in shipped_bank() if p.type == "trick"][:2]
    work = store.classes.create_assignment(teacher.id, room.id, "Two", [p.id for p in tricks])
    trainer = Trainer(current_bank(store), store, learner.id)
    first, second = tricks
    wrong = next(str(p["seat"]) for p in first.public()["position"]["plays"]
                 if str(p["seat"]) != first.solve().text)
    trainer.submit(first, wrong, 3, assignment_id=work.id)  # missed, then solved
    trainer.submit(first, first.solve().text, 3, assignment_id=work.id)
    trainer.submit(second, second.solve().text, 3, assignment_id=work.id)  # at once
    page = TeacherPage()
    page.attach_user(store, teacher)
    page.assignment = work
    shown = page.results._learners.object
    assert "<th>Solved</th><th>First try</th><th>Tried</th>" in shown
    assert "<td>2/2</td><td>1</td><td>2</td>" in shown
    mine = PuzzlesPage()
    mine.attach_user(store, learner)
    mine._assignment.value = str(work.id)
    mine._assign_progress()
    assert "2 of 2 puzzles solved, 1 at the first answer." in mine._assign_status.object


def test_the_teacher_page_follows_learners_joining_and_answering(store):
    """It said "No learner has joined this class yet" until reloaded: now it looks again
    (every few seconds on a served page) and shows who joined and what they answered."""
    teacher = store.users.create("tfol", "Ms F", "teacher", "secret-1")
    room = store.classes.create(teacher.id, "Follow club")
    trick = next(p for p in shipped_bank() if p.type == "trick")
    work = store.classes.create_assignment(teacher.id, room.id, "One", [trick.id])
    page = TeacherPage()
    page.attach_user(store, teacher)
    reset = page.classes._reset
    assert "No learner has joined" in reset._result.text
    assert not page.results.report[0]
    learner = store.users.create("kim", "Kim", "learner", "secret-2")
    store.classes.join(learner.id, room.join_code)
    page._follow()
    assert "Kim (kim)" in reset._learner.options and "No learner" not in reset._result.text
    assert [r.name for r in page.results.report[0]] == ["Kim"]
    Trainer(current_bank(store), store, learner.id).submit(trick, trick.solve().text, 3,
                                                          assignment_id=work.id)
    page.on_hide()  # another page shown: nothing is followed …
    page._follow()
    assert page.results.report[0][0].solved == 0
    page.on_show()  # … until it is back, when it looks at once
    assert page.results.report[0][0].solved == 1
    assert "<td>1/1</td>" in page.results._learners.object


def test_following_the_class_shows_a_second_wrong_answer_to_the_same_puzzle(store):
    """The page compared distinct puzzles tried and solved: a learner's second wrong answer
    to one puzzle changed neither, and the puzzle's answers stayed as first shown."""
    teacher = store.users.create("tfol2", "Ms G", "teacher", "secret-1")
    room = store.classes.create(teacher.id, "Again club")
    trick = next(p for p in shipped_bank() if p.type == "trick")
    work = store.classes.create_assignment(teacher.id, room.id, "One", [trick.id])
    learner = store.users.create("lou", "Lou", "learner", "secret-2")
    store.classes.join(learner.id, room.join_code)
    page = TeacherPage()
    page.attach_user(store, teacher)
    page.assignment = work
    wrong = next(k for k, _ in trick.answer_input().options if k != trick.solve().text)
    trainer = Trainer(current_bank(store), store, learner.id)
    answers = []
    for _ in range(2):
        trainer.submit(trick, wrong, 3, assignment_id=work.id)
        page._follow()
        answers.append(page.results.report[1][0].attempts)
    assert answers == [1, 2]


def test_following_the_class_keeps_a_one_time_code_and_the_learner_chosen(store):
    """A learner joining while the teacher reads a one-time code neither hides the code nor
    changes the learner chosen."""
    teacher, _learner, room = class_with_learner(store)
    other = store.users.create("ola", "Ola", "learner", "secret-3")
    store.classes.join(other.id, room.join_code)
    page = TeacherPage()
    page.attach_user(store, teacher)
    page.classes._select.value = str(room.id)
    reset = page.classes._reset
    reset._learner.value = str(other.id)
    reset._button.clicks += 1
    reset._yes.clicks += 1
    assert "one-time code" in reset._result.text
    late = store.users.create("lu", "Lu", "learner", "secret-4")
    store.classes.join(late.id, room.join_code)
    page._follow()
    assert "Lu (lu)" in reset._learner.options
    assert "one-time code" in reset._result.text and reset._learner.value == str(other.id)
