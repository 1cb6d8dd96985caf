"""The arena with `only`: A differs from B in some setup phases alone, so a seat's hand is
replayed only where A chooses otherwise there, and the figures are those of the full arena."""

from __future__ import annotations

import json

import pytest

from lab.arena import (
    SAME,
    Pairing,
    PlayerSpec,
    deal_seed,
    play_deal,
    play_deal_only,
    play_seat_only,
    run_arena,
    summarize,
)
from tutor.__main__ import main as cli
from tutor.rules import Phase

BIDDING = frozenset({Phase.BIDDING})
CHEAP = PlayerSpec("search", 0, (("playouts", 1),))
CHEAP_BIDS = PlayerSpec("search", 0, (("playouts", 1), ("bids", 2)))


def test_only_bidding_gives_the_full_arenas_figures_seat_by_seat():
    """Deal 0 of seed 0: A bids otherwise in one seat only; that seat's advantage, and the
    zeros elsewhere, are what playing every seat's hand through gives."""
    seed = deal_seed(0, 0)
    only = play_deal_only(seed, CHEAP_BIDS, CHEAP, CHEAP, BIDDING)
    replayed = [s for s in only.seats if s.role != SAME]
    assert 0 < len(replayed) < 5  # both kinds of seat are exercised
    full = play_deal(seed, CHEAP_BIDS, CHEAP)
    for mine, theirs in zip(only.seats, full.seats, strict=True):
        assert (mine.jifen, mine.levels) == (theirs.jifen, theirs.levels)
        assert mine.role in (SAME, theirs.role)
    summary = summarize([only])
    assert summary["replayed_share"] == len(replayed) / 5
    assert summary["hands"] == 2 * len(replayed)


def test_check_finds_a_player_that_differs_outside_the_phases_named():
    """The search bids as the heuristic does but plays its cards otherwise: with `check`,
    claiming it differs only in bidding is caught; without, every seat reads 0."""
    seed = deal_seed(0, 0)
    heuristic = PlayerSpec("heuristic")
    unchecked = play_deal_only(seed, CHEAP, heuristic, heuristic, BIDDING)
    assert {(s.role, s.jifen) for s in unchecked.seats} == {(SAME, 0)}
    with pytest.raises(AssertionError, match="hands differ"):
        play_deal_only(seed, CHEAP, heuristic, heuristic, BIDDING, check=True)


def test_only_takes_setup_phases_and_a_field_needs_it():
    with pytest.raises(ValueError, match="setup phases"):
        play_seat_only(17, 0, CHEAP, CHEAP, CHEAP, frozenset({Phase.PLAYING}))
    with pytest.raises(ValueError, match="setup phases"):
        play_seat_only(17, 0, CHEAP, CHEAP, CHEAP, frozenset())
    with pytest.raises(ValueError, match="field"):
        run_arena(CHEAP, CHEAP, 1, how=Pairing(field=CHEAP))


def test_arena_command_only_logs_its_pairing_and_resumes(tmp_path, capsys):
    log = tmp_path / "only.jsonl"
    argv = ["arena", "search:playouts=1,bids=2", "search:playouts=1", "--only", "bidding",
            "--field", "heuristic", "--deals", "1", "--workers", "1", "--quiet",
            "--log", str(log), "--json"]
    assert cli(argv) == 0
    first = json.loads(capsys.readouterr().out)
    header = json.loads(log.read_text().splitlines()[0])
    assert header["only"] == ["bidding"] and header["field"] == "heuristic"
    assert header["a"] == "search(playouts=1,bids=2)"
    assert 0 <= first["replayed_share"] <= 1
    assert cli(argv) == 0  # resumed: the deal is read back, not played again
    again = json.loads(capsys.readouterr().out)
    assert again["jifen_advantage"] == first["jifen_advantage"]
    assert len(log.read_text().splitlines()) == 2


@pytest.mark.parametrize(("extra", "message"), [
    (["--field", "heuristic"], "go with --only"),
    (["--check", "2"], "go with --only"),
    (["--only", "playing"], "not one of bidding, burying, calling"),
    (["--only", ","], "name some of"),
    (["--only", "bidding", "--check", "-1"], "--check must be"),
])
def test_arena_command_refuses_a_pairing_it_cannot_play(extra, message, capsys):
    with pytest.raises(SystemExit):
        cli(["arena", "heuristic", "heuristic", "--deals", "1", *extra])
    assert message in capsys.readouterr().err


def test_arena_command_stops_when_check_finds_a_difference(capsys):
    argv = ["arena", "search:playouts=1", "heuristic", "--only", "bidding", "--check", "1",
            "--deals", "1", "--workers", "1", "--quiet"]
    assert cli(argv) == 1
    assert "not a pairing --only can measure" in capsys.readouterr().err


def test_arena_command_refuses_a_hindsight_player(capsys):
    with pytest.raises(SystemExit):
        cli(["arena", "know:deal", "heuristic", "--deals", "1"])
    assert "no arena player" in capsys.readouterr().err
