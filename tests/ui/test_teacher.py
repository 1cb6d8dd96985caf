"""Teacher tools over a real store: assignment reports and authored puzzles."""

import pytest

from tutor.puzzle import PuzzleFileError, load_file
from tutor.store import AccessDenied
from tutor.ui.bank import authored_path, current_bank, save_entry, shipped_bank
from tutor.ui.puzzles.trainer import Trainer
from tutor.ui.teacher.page import TeacherPage
from tutor.ui.teacher.reports import assignment_report


def _class_with_learner(store):
    teacher = store.create_user("teach", "Ms T", "teacher", "secret-1")
    learner = store.create_user("lea", "Lea", "learner", "secret-2")
    room = store.create_class(teacher.id, "Class A")
    store.join_class(learner.id, room.join_code)
    ids = [p.id for p in shipped_bank() if p.type == "trick"][:3]
    work = store.create_assignment(teacher.id, room.id, "Homework", ids)
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
    csv = store.export_class_csv(teacher.id, room.id)
    assert "Lea" in csv and first.id in csv
    with pytest.raises(AccessDenied):
        assignment_report(store, learner.id, work)


def test_teacher_page_refuses_learners_and_guests(store):
    page = TeacherPage()
    guest, _ = store.create_guest()
    page.attach_user(store, guest)
    assert page._layout.objects == [page._refusal]
    teacher = store.create_user("t2", "T", "teacher", "secret-3")
    page.attach_user(store, teacher)
    assert page._layout.objects == [page._body]


def test_authored_puzzle_is_checked_answered_and_saved_without_losing_others(store):
    entry = {"id": "author-1-001", "type": "throw", "themes": ["throw"], "difficulty": 2,
             "level": "2", "suit": "S", "thrower": 0, "hand": "AH AH KH 10H 10H",
             "throw": "AH AH KH 10H 10H", "others": ["KH KH", "", "", ""]}
    puzzle = save_entry(store, entry)
    assert puzzle.solve().text == "10H 10H"  # RULES.md example 16, computed by the rules core
    second = dict(entry, id="author-1-002", others=["KH", "", "", ""])
    save_entry(store, second)
    assert [p.id for p in load_file(authored_path(store))] == ["author-1-001", "author-1-002"]
    assert {"author-1-001", "author-1-002"} <= {p.id for p in current_bank(store)}
    broken = dict(entry, id="author-1-003", others=["KH KH ZZ", "", "", ""])
    with pytest.raises(PuzzleFileError, match="others"):
        save_entry(store, broken)
    with pytest.raises(ValueError, match="exists already"):
        save_entry(store, dict(entry))
    assert len(load_file(authored_path(store))) == 2  # nothing lost
