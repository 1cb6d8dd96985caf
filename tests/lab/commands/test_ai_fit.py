"""`python -m tutor ai-fit`: the play model's softening fitted to recorded choices."""

from __future__ import annotations

import json

import pytest

from lab.ai.inference import fit_temperature
from lab.commands import ai_fit


def _options(gap: float) -> list[tuple[tuple[int, ...], float]]:
    return [((1,), 10.0), ((2,), 10.0 - gap), ((3,), 0.0)]


def test_choices_that_stray_from_the_best_fit_a_warmer_temperature():
    exact = [(_options(2.0), (1,))] * 10
    loose = [(_options(2.0), (1,))] * 6 + [(_options(2.0), (2,))] * 4
    grid = (0.25, 1.0, 4.0, 16.0)
    assert fit_temperature(exact, grid, (0.01,))[0][0] == 0.25
    best_loose = fit_temperature(loose, grid, (0.01,))[0][0]
    assert best_loose in (4.0, 16.0)
    ranked = fit_temperature(loose, grid, (0.01, 0.1))
    assert len(ranked) == 8 and ranked[0][2] >= ranked[-1][2]
    never = [(_options(2.0), (9,))] * 3  # a play the tactics never consider: the floor decides
    assert fit_temperature(never, (1.0,), (0.01, 0.1))[0][1] == 0.1


def test_the_heuristics_own_plays_are_its_top_choices(capsys):
    assert ai_fit.main(["--hands", "1", "--player", "heuristic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["plays"] > 50 and out["top_choice"] == 1.0 and out["considered"] == 1.0
    assert out["fit"][0]["temperature"] == min(ai_fit.TEMPERATURES)


def test_the_team_fit_counts_every_follow_before_the_friend_shows(capsys):
    assert ai_fit.main(["--team", "--hands", "2", "--player", "heuristic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = out["rows"]
    assert out["kinds"] == ["zero", "feed5", "feed10", "take"]
    assert sum(r["follows"] for r in rows) > 30
    assert all(abs(sum(r["rates"]) - 1.0) < 0.005 for r in rows)
    assert {r["follower"] for r in rows} <= {"D", "F", "O"}
    assert not {(r["follower"], r["winner"]) for r in rows} & {("D", "D"), ("F", "F")}


def test_the_refusal_fit_counts_the_plays_of_holders_who_could_refuse(capsys):
    assert ai_fit.main(["--refusals", "--hands", "2", "--player", "heuristic", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    leads = [r for r in rows if r["row"][0] == "lead"]
    assert {r["row"][1] for r in leads} <= {"early", "late"} and leads
    assert sum(r["plays"] for r in rows) > 30
    assert all(0.0 <= r["used"] <= 1.0 for r in rows)
    assert all(r["row"][1] in ("0", "5-10", "15+") for r in rows if r["row"][0] != "lead")


def test_the_two_fits_are_not_asked_for_at_once():
    with pytest.raises(SystemExit):
        ai_fit.main(["--team", "--refusals", "--hands", "1"])
