"""The arena's duplicate bookkeeping, and learner hints in both languages."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from lab.arena import (
    PlayerSpec,
    deal_seed,
    mean_ci,
    play_deal,
    play_hand,
    player_seed,
    summarize,
)
from lab.commands import arena as arena_cmd
from tests.ai.helpers import positions
from tutor.ai import SearchPlayer, make_player, suggest
from tutor.rules import Phase


def test_identical_players_have_zero_advantage():
    outcome = play_deal(11, PlayerSpec("heuristic"), PlayerSpec("heuristic"))
    assert [s.jifen for s in outcome.seats] == [0] * 5
    assert [s.levels for s in outcome.seats] == [0] * 5


def test_duplicate_bookkeeping_matches_direct_replays():
    seed = 23
    a, b = PlayerSpec("heuristic"), PlayerSpec("random")
    outcome = play_deal(seed, a, b)
    seeds = [player_seed(seed, s) for s in range(5)]
    base = play_hand(seed, [make_player("random", seeds[s]) for s in range(5)]).result
    assert outcome.baseline_score == base.score
    for seat in range(5):
        res = play_hand(seed, [make_player("heuristic" if s == seat else "random", seeds[s])
                               for s in range(5)]).result
        got = outcome.seats[seat]
        assert got.jifen == res.score[seat] - base.score[seat]
        assert got.levels == (res.levels_after[seat] - 2) - (base.levels_after[seat] - 2)
        assert got.role == ("declarer" if seat == res.declarer else
                            "friend" if seat == res.friend else "defender")
    summary = summarize([outcome])
    assert summary["deals"] == 1 and summary["hands"] == 6
    assert summary["jifen_advantage"]["mean"] == round(sum(s.jifen for s in outcome.seats) / 5,
                                                       4)


def test_arena_command_json(capsys):
    assert arena_cmd.main(["heuristic", "random", "--deals", "2", "--seed", "3", "--json",
                           "--workers", "1", "--quiet"]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    assert data["deals"] == 2
    # the same two deals replayed here, and their mean and interval worked out by hand:
    # mean of the per-deal advantages, half-width 1.96 · sample sd / √n
    deals = [play_deal(deal_seed(3, i), PlayerSpec("heuristic"), PlayerSpec("random"))
             for i in range(2)]
    for key, attr in (("jifen_advantage", "jifen"), ("level_advantage", "levels")):
        values = [getattr(d, attr) for d in deals]
        mean = sum(values) / 2
        half = 1.96 * math.sqrt(sum((v - mean) ** 2 for v in values) / 1) / math.sqrt(2)
        assert data[key]["mean"] == pytest.approx(mean, abs=1e-4)
        assert data[key]["ci95"] == pytest.approx([mean - half, mean + half], abs=1e-4)
        assert data[key]["n"] == 2


def test_mean_ci_worked_by_hand():
    # 1, 2, 3, 4: mean 2.5, sample sd √(5/3) = 1.29099, half-width 1.96 × 1.29099 / 2 = 1.26517
    assert mean_ci([1, 2, 3, 4]) == {"mean": 2.5, "ci95": [1.2348, 3.7652], "n": 4}
    assert mean_ci([7]) == {"mean": 7.0, "ci95": [7.0, 7.0], "n": 1}
    assert mean_ci([]) == {"mean": None, "ci95": [None, None], "n": 0}


def test_suggest_is_legal_with_reasons_in_both_languages():
    phases = set()
    for seed in range(3):
        for hand in positions(seed, every=17):
            obs = hand.observation(hand.turn)
            hint = suggest(obs)
            assert hand.why_illegal(hint.action) is None
            assert hint.en and hint.zh and len(hint.en) == len(hint.zh) <= 2
            assert all(line.strip() for line in hint.en + hint.zh)
            assert all(any("\u4e00" <= ch <= "\u9fff" for ch in line) for line in hint.zh)
            phases.add(obs.phase)
    assert {Phase.BIDDING, Phase.PLAYING} <= phases


def test_suggest_with_search_explains_its_figures():
    seen = Counter()
    for hand in positions(4, every=29):  # one hand, mutated in place: look at it now
        seen[hand.phase] += 1
        if hand.phase != Phase.PLAYING:
            continue  # counted below: only playing positions have a search to explain
        obs = hand.observation(hand.turn)
        hint = suggest(obs, SearchPlayer(seed=0, playouts=8))
        assert hand.why_illegal(hint.action) is None
        assert hint.en and hint.zh
    assert seen[Phase.PLAYING] >= 3, seen


def test_an_interrupted_arena_resumes_from_its_log(tmp_path, monkeypatch, capsys):
    """Deals already logged are not played again; a last line cut short is played again;
    a log of another arena is refused, and left as it was."""
    import json

    from lab import arena

    log = tmp_path / "run.jsonl"
    args = ["heuristic", "random", "--seed", "4", "--workers", "1", "--quiet", "--json",
            "--log", str(log)]
    assert arena_cmd.main([*args, "--deals", "2"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert len(log.read_text().splitlines()) == 3  # the header and two deals
    with log.open("a") as out:
        out.write('{"hand_seed": 12, "decl')  # killed while writing the third
    played = []
    real = arena.play_deal
    monkeypatch.setattr(arena, "play_deal", lambda *a: played.append(a[0]) or real(*a))
    assert arena_cmd.main([*args, "--deals", "3"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert played == [deal_seed(4, 2)]  # only the deal not yet logged
    assert again["deals"] == 3 and len(log.read_text().splitlines()) == 4
    assert arena_cmd.main([*args[:-2], "--deals", "3"]) == 0  # the same three in one go
    assert json.loads(capsys.readouterr().out)["jifen_advantage"] == again["jifen_advantage"]
    assert first["deals"] == 2
    before = log.read_text()
    with pytest.raises(SystemExit):
        arena_cmd.main(["random", "random", "--seed", "4", "--deals", "1", "--workers", "1",
                        "--quiet", "--log", str(log)])
    assert "logs another arena" in capsys.readouterr().err and log.read_text() == before


def test_arena_search_options_reach_the_player(capsys):
    import json

    argv = ["search", "heuristic", "--playouts", "4", "--setup", "2", "--particles", "3",
            "--bids", "2", "--deals", "1", "--seed", "2", "--workers", "1", "--json", "--quiet"]
    assert arena_cmd.main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a"] == "search(playouts=4,particles=3,setup=2,bids=2)"
    assert data["b"] == "heuristic"
    for bad in ("--setup", "--bids"):
        with pytest.raises(SystemExit):
            arena_cmd.main(["search", "heuristic", bad, "-1", "--deals", "1"])
        assert f"{bad} must be 0 (off) or more" in capsys.readouterr().err
