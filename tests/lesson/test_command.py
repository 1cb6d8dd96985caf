"""`python -m tutor lessons check` passes on the shipped lessons and reports broken files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tutor.commands.lessons import main

from .helpers import write_lesson

ROOT = Path(__file__).resolve().parents[2]


def test_lessons_check_passes_on_the_shipped_lessons():
    out = subprocess.run([sys.executable, "-m", "tutor", "lessons", "check"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "lessons" in out.stdout and "ok" in out.stdout


def test_lessons_check_names_the_broken_file(tmp_path, capsys):
    write_lesson(tmp_path, '[[page]]\ntext = { en = "x", zh = "x" }\n[page.step]\n'
                 'type = "points"\ncards = "5H QQ"\n')
    assert main(["check", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "01-t.toml: page 1: step 'points': field 'cards'" in out
    assert main(["check", "--dir", str(tmp_path / "empty")]) == 1
