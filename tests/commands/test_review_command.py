"""`python -m tutor review`: a saved game's hands reviewed from the database, as JSON."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.serving import ROOT
from tests.ui.test_play_session import person_action
from tutor.store import Store
from tutor.ui.play.persist import GameSaver
from tutor.ui.play.session import PlaySession


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", "review", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_a_saved_games_hand_is_reviewed_as_json(tmp_path):
    path = tmp_path / "t.duckdb"
    with Store(path) as store:
        user, _ = store.users.create_guest()
        session = PlaySession(seed=31, max_hands=2)
        while not session.hand_over:
            session.act(person_action(session)) if session.human_to_act else session.ai_step()
        saver = GameSaver(store, user.id)
        saver.save(session)
        game = saver.game_id
    done = _run("--game", str(game), "--db", str(path), "--deals", "3", "--repeats", "1",
                "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["game"] == game and out["seat"] == 0 and len(out["hands"]) == 1
    hand = out["hands"][0]
    assert hand["hand"] == 1 and hand["decisions"] and 0 <= hand["accuracy"] <= 100
    assert "eta" in done.stderr  # the progress line


def test_bad_input_gets_a_clear_error(tmp_path):
    missing = _run("--game", "5", "--db", str(tmp_path / "none.duckdb"))
    assert missing.returncode == 1 and "There is no game 5" in missing.stderr
    bad = _run("--selfplay", "1", "--deals", "0")
    assert bad.returncode == 2 and "--deals and --repeats must be at least 1" in bad.stderr
