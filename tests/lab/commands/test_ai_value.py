"""`python -m tutor ai-value`: self-play states written in resumable chunks, a model fitted."""

from __future__ import annotations

import json

import numpy as np
import pytest

from lab.ai.value_data import selfplay_states
from lab.commands import ai_value
from tutor.ai.mlp import MLP
from tutor.ai.state_value import RAW


def test_data_is_written_in_chunks_and_resumes(tmp_path, capsys):
    out = tmp_path / "states"
    assert ai_value.main(["data", "--hands", "5", "--seed", "40", "--out", str(out),
                          "--chunk", "2", "--workers", "1", "--quiet"]) == 0
    assert "3 chunk(s)" in capsys.readouterr().out
    assert sorted(p.name for p in out.iterdir()) == [
        "states-40-2.npz", "states-42-2.npz", "states-44-1.npz"]
    (out / "states-42-2.npz").unlink()
    assert ai_value.main(["data", "--hands", "5", "--seed", "40", "--out", str(out),
                          "--chunk", "2", "--workers", "1", "--quiet"]) == 0
    assert "1 chunk(s)" in capsys.readouterr().out  # only the missing one again
    data = ai_value.load_data(out)
    raw, outcome, points = selfplay_states(42)
    at = data["hand"] == 42
    assert np.array_equal(data["raw"][at], raw) and data["raw"].shape[1] == RAW
    assert set(data["outcome"][at]) == {outcome} and set(data["points"][at]) == {points}


def test_training_reports_against_the_base_rates_and_saves(tmp_path, capsys):
    out = tmp_path / "states"
    ai_value.make_data(out, 42, 0, 21, 1, quiet=True)  # hands 0 and 20 and 40 held out
    model = tmp_path / "m.npz"
    assert ai_value.main(["train", "--data", str(out), "--out", str(model), "--epochs", "2",
                          "--hidden", "8", "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == 42 and report["states"] > 20
    assert report["base_rates"] > 0 and report["cross_entropy"] > 0
    assert sum(b["states"] for b in report["by_left"]) <= report["states"]
    assert MLP.load(model).layers[0][0].shape[1] == 8


def test_bad_input_gets_a_clear_error(tmp_path, capsys):
    empty = tmp_path / "none"
    empty.mkdir()
    with pytest.raises(SystemExit):
        ai_value.main(["train", "--data", str(empty)])
    assert "holds no states" in capsys.readouterr().err
    (empty / "states-1-1.npz").write_bytes(b"junk")
    with pytest.raises(SystemExit):
        ai_value.main(["train", "--data", str(empty)])
    assert "not a chunk of states" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        ai_value.main(["train", "--data", str(empty), "--hidden", "12,x"])
    assert "layer sizes" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        ai_value.main(["data", "--hands", "0", "--out", str(empty)])
    assert "at least 1" in capsys.readouterr().err


def test_overlapping_chunks_and_a_missing_output_folder_are_refused(tmp_path, capsys):
    out = tmp_path / "states"
    ai_value.make_data(out, 3, 40, 2, 1, quiet=True)  # hands 40-41 and 42
    ai_value.make_data(out, 4, 40, 4, 1, quiet=True)  # hands 40-43 again, in one chunk
    with pytest.raises(SystemExit):
        ai_value.main(["train", "--data", str(out)])
    assert "hold some of the same hands" in capsys.readouterr().err
    (out / "states-40-4.npz").unlink()
    with pytest.raises(SystemExit):
        ai_value.main(["train", "--data", str(out), "--out", str(tmp_path / "no" / "m")])
    assert "does not exist" in capsys.readouterr().err
