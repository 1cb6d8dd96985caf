"""`python -m tutor lessons check`: load every lesson file and grade every step's solution."""

from __future__ import annotations

import argparse
from pathlib import Path

from tutor.lesson import LESSONS_DIR, LessonFileError, lesson_files, load_lesson_file
from tutor.question.wrong import wrong_answer


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tutor lessons",
                                description="Lesson content: check that it loads and grades.")
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="load every lesson and grade every step's solution")
    c.add_argument("files", nargs="*", type=Path, help="files to check (default: lessons/)")
    c.add_argument("--dir", type=Path, default=LESSONS_DIR, help="lessons folder")
    return p


def check(files: list[Path]) -> int:
    """Print each problem and a summary; 0 if every file loads and every step grades."""
    problems: list[str] = []
    ids: dict[str, str] = {}
    steps = 0
    if not files:
        problems.append("no lesson files found")
    for path in files:
        try:
            lesson = load_lesson_file(path)
        except LessonFileError as exc:
            problems.append(str(exc))
            continue
        if lesson.id in ids:
            problems.append(f"{lesson.file}: field 'id': duplicate id (also in {ids[lesson.id]})")
        ids[lesson.id] = lesson.file
        for index, step in lesson.steps:
            steps += 1
            where = f"{lesson.file}: page {index + 1}: step '{step.type}'"
            try:
                if not step.grade(step.solve().text).correct:
                    problems.append(f"{where}: the rules core rejects its own solution")
                if wrong_answer(step) is None:
                    problems.append(f"{where}: every answer is right (nothing to learn)")
            except Exception as exc:  # report, keep checking the rest
                problems.append(f"{where}: grading failed: {exc!r}")
    for line in problems:
        print(line)
    print(f"{len(ids)} lessons, {steps} interactive steps: "
          + ("ok" if not problems else f"{len(problems)} problem(s)"))
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    """Entry point for `python -m tutor lessons ...`."""
    args = _parser().parse_args(argv)
    files = args.files or lesson_files(args.dir)
    return check(list(files))
