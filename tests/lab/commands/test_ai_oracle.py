"""`python -m tutor ai-oracle`: players screened per decision against the clairvoyant oracle."""

from __future__ import annotations

import json
import zlib

import pytest

from lab.commands import ai_oracle
from tutor.ai import HeuristicPlayer
from tutor.ai.decision import PlayerSpec
from tutor.ai.heuristic import context_from_memory
from tutor.ai.memory import build_memory
from tutor.ai.rollout import outcome_value
from tutor.ai.search import candidate_plays, marked_kinds
from tutor.review.values import play_outcomes, true_deal
from tutor.rules import Phase


def test_the_regret_is_the_oracles_best_less_the_choice():
    (hand, seat), = ai_oracle.positions(1, 5000, 3)
    regrets = ai_oracle.judge_position(hand, seat, {"heuristic": PlayerSpec("heuristic")}, 4, 3)
    obs = hand.observation(seat)
    mem = build_memory(obs)
    plays = [tuple(c.cards) for c in candidate_plays(context_from_memory(obs, mem), 4,
                                                                  marked_kinds(obs))]
    values = play_outcomes(obs, mem, plays, [true_deal(hand)], 3,
                           zlib.crc32(repr((hand.seed, len(hand.actions))).encode()))
    means = [values.value(k).score for k in range(len(plays))]
    assert regrets["heuristic"] == pytest.approx(max(means) - means[0])  # its choice: first
    assert hand.turn == seat and len(plays) > 1


def test_the_players_judge_finishes_the_very_hand_the_heuristic_played():
    """Heuristic players finishing the hand after the heuristic's own choice play it exactly
    as the self-play the position came from did; another candidate is judged on the same
    deal, so the regret is the best candidate's value less that one."""
    (hand, seat), = ai_oracle.positions(1, 5000, 3)
    obs = hand.observation(seat)
    plays = [tuple(c.cards) for c in
             candidate_plays(context_from_memory(obs, build_memory(obs)), 4,
                             marked_kinds(obs))]
    played_on = ai_oracle._copy(hand)
    players = [HeuristicPlayer(s) for s in range(5)]
    while played_on.phase != Phase.FINISHED:
        played_on.apply(players[played_on.turn].act(played_on.observation(played_on.turn)))
    own = outcome_value(played_on.result, seat)
    values = [ai_oracle.finished_by_players(hand, seat, p) for p in plays]
    assert values[0] == own
    regrets = ai_oracle.judge_position(hand, seat, {"heuristic": PlayerSpec("heuristic")}, 4, 3,
                                       judge="players")
    assert regrets["heuristic"] == pytest.approx(max(values) - own)
    assert len(plays) > 1


def test_the_command_judges_by_the_players_when_asked(capsys):
    assert ai_oracle.main(["--positions", "2", "--judge", "players", "--candidates", "3",
                           "--player", "random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["judge"] == "players"
    assert all(r >= 0 for regrets in out["regrets"].values() for r in regrets)


def test_the_command_reports_each_player_against_the_heuristic(capsys):
    argv = ["--positions", "4", "--repeats", "2", "--candidates", "3", "--player",
            "search:playouts=6", "--player", "random", "--json"]
    assert ai_oracle.main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["positions"] == 4 and set(out["players"]) == {"heuristic", "search:playouts=6",
                                                             "random"}
    base = out["players"]["heuristic"]
    assert base["gain_over_heuristic"]["mean"] == 0 and base["regret"]["mean"] >= 0
    for figures in out["players"].values():
        assert figures["regret"]["ci95"][1] >= figures["regret"]["mean"] >= 0
        assert 0 <= figures["best_chosen"] <= 1
    assert ai_oracle.main(argv) == 0  # the same positions and players: the same figures
    again = capsys.readouterr()
    assert json.loads(again.out) == out and "[oracle] 4/4" in again.err  # with its progress


def test_the_kinds_of_a_position_say_what_the_seat_faces():
    found = ai_oracle.positions(12, 5000, 3)
    for hand, seat in found:
        obs = hand.observation(seat)
        kinds = ai_oracle.position_kinds(hand, seat)
        assert kinds[0] == ("follow" if obs.current else "lead")
        assert kinds[1] == ("declarer" if seat == hand.declarer else
                            "friend" if seat == hand.friend else "defender")
        assert kinds[2] == ("friend hidden" if obs.friend is None else "friend shown")
        assert kinds[3] in ai_oracle.BAND_NAMES and set(kinds) <= set(ai_oracle.KINDS)
    assert {ai_oracle.position_kinds(h, s)[0] for h, s in found} == {"lead", "follow"}


def test_the_gains_are_paired_against_the_base_and_split_by_kind(capsys):
    argv = ["--positions", "5", "--repeats", "2", "--candidates", "3", "--base", "random",
            "--player", "search:playouts=4", "--json"]
    assert ai_oracle.main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    players, regrets, kinds = out["players"], out["regrets"], out["kinds"]
    assert out["base"] == "random" and set(players) == {"heuristic", "random",
                                                        "search:playouts=4"}
    assert players["random"]["gain_over_base"]["mean"] == 0
    assert players["heuristic"]["gain_over_base"]["mean"] == pytest.approx(
        -players["random"]["gain_over_heuristic"]["mean"], abs=1e-3)
    assert len(kinds) == 5
    for group in (("lead", "follow"), ("declarer", "friend", "defender"),
                  ("friend hidden", "friend shown"), ai_oracle.BAND_NAMES):
        assert sum(out["by_kind"].get(k, {"n": 0})["n"] for k in group) == 5
    for kind, figures in out["by_kind"].items():
        at = [i for i, ks in enumerate(kinds) if kind in ks]
        assert figures["n"] == len(at) > 0
        for name, r in regrets.items():
            gain = sum(regrets["random"][i] - r[i] for i in at) / len(at)
            assert figures["players"][name]["gain"]["mean"] == pytest.approx(gain, abs=1e-3)
    assert ai_oracle.main(argv[:-1]) == 0  # the text report names the base and the kinds
    text = capsys.readouterr().out
    assert "gains over random" in text and "by kind" in text
    assert any(f"    {kind} " in text for kind in ("lead", "follow"))


def test_a_base_that_is_no_player_is_refused(capsys):
    with pytest.raises(SystemExit):
        ai_oracle.main(["--positions", "1", "--base", "clever"])
    assert "clever" in capsys.readouterr().err


@pytest.mark.parametrize("spec", ["search:budget_s=1", "clever", "search:playouts",
                                  "search:prior=much", "search:teams=known",
                                  "search:policy=perfect"])
def test_a_spec_that_is_no_player_is_refused(spec, capsys):
    with pytest.raises(SystemExit):
        ai_oracle.main(["--positions", "1", "--player", spec])
    err = capsys.readouterr().err
    assert spec.split(":")[-1].split("=")[0] in err and "error" in err


def test_the_search_options_parse_to_their_types():
    spec = ai_oracle.parse_spec("search:playouts=40,prior=0.5,candidates=6,policy=trick", 2)
    assert spec == PlayerSpec("search", 2, (("playouts", 40), ("prior", 0.5),
                                            ("candidates", 6), ("policy", "trick")))
    assert spec.build().prior == 0.5 and spec.build().max_candidates == 6


def test_the_inference_tells_the_true_deal_from_drawn_ones_in_heuristic_self_play():
    """The inference models the other seats by the heuristic, so in the heuristic's own hands
    the true deal mostly outweighs deals drawn at random (0.5 would be no better than them)."""
    found = ai_oracle.positions(8, 5000, 3)
    figures = [ai_oracle.truth_percentile(hand, seat, 16, k) for k, (hand, seat) in
               enumerate(found)]
    assert all(0 <= rank <= 1 and 1 / 16 <= share <= 1 for rank, share in figures)
    assert sum(rank for rank, _ in figures) / len(figures) > 0.6


def test_the_true_deal_is_ranked_among_the_particles(capsys):
    """In the heuristic's own hands the model is exact, so no particle explains the whole
    hand's play better than the true deal does (ties count half)."""
    found = ai_oracle.positions(3, 5000, 4)
    ranks = [ai_oracle.particle_percentile(hand, seat, 6, k) for k, (hand, seat) in
             enumerate(found)]
    assert all(0.5 <= r <= 1 for r in ranks)
    argv = ["--positions", "2", "--repeats", "1", "--candidates", "2", "--draws", "2",
            "--particles", "4", "--json"]
    assert ai_oracle.main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert sum(band["n"] for band in out["particle_percentile"].values()) == 2


def test_the_evidence_gives_the_true_friend_more_than_its_share_of_the_deals(capsys):
    """Before the friend shows, the sampler's evidence weighs deals with the true friend up
    (in the heuristic's own hands, which the fitted evidence was fitted on)."""
    found = ai_oracle.positions(24, 5000, 3)
    shares = [s for k, (hand, seat) in enumerate(found)
              if (s := ai_oracle.friend_share(hand, seat, 24, k)) is not None]
    assert len(shares) >= 6
    assert all(0 <= v <= 1 for s in shares for v in s.values())
    total = {k: sum(s[k] for s in shares) for k in shares[0]}
    assert total["fitted"] > total["feeds"] > total["unweighed"]
    assert total["fitted"] > 1.2 * total["unweighed"]
    argv = ["--positions", "6", "--repeats", "1", "--candidates", "2", "--draws", "4", "--json"]
    assert ai_oracle.main(argv) == 0
    out = json.loads(capsys.readouterr().out)["friend_share"]
    assert set(out) == {"tricks 1-10", "tricks 11-20", "tricks 21-40"}
    assert all(set(band) == {"feeds", "fitted", "none", "unweighed"} for band in out.values())
