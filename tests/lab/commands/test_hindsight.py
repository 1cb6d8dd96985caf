"""Hindsight players: deals that agree with the truth on one fact, and on nothing more."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from lab.commands import ai_oracle
from lab.commands.hindsight import FACTS, Hindsight, is_top, partial_deal
from tutor.ai.decision import PlayerSpec
from tutor.review.values import true_deal
from tutor.rules import TRUMP, Trump, holder_friend, parse_card


@pytest.fixture(scope="module")
def found():
    return ai_oracle.positions(3, 5000, 3)


def _piles(sample):
    return [list(h) for h in sample.hands] + [list(sample.kitty)]


def _holders(obs):
    n = obs.rules.players
    return [s for s in range(n) if s != obs.seat] + ([n] if obs.seat != obs.declarer else [])


def _facts(obs, pile: list[int]) -> dict[str, object]:
    """Every fact of one holder's pile, as the module defines them."""
    eff = obs.trump.table.eff
    counts = Counter(pile)
    shape = Counter(eff[c] for c in pile)
    return {
        "shape": shape,
        "trumps": shape[TRUMP],
        "high": (shape, Counter(c for c in pile if is_top(obs.trump, c))),
        "pairs": (shape, {c: k for c, k in counts.items() if k >= 2}),
        "singles": (shape, {c for c, k in counts.items() if k == 1}),
        "friend": (shape, counts[obs.friend_card]),
    }


@pytest.mark.parametrize("fact", [f for f in FACTS if f != "deal"])
def test_a_partial_deal_keeps_its_fact_and_what_is_seen(found, fact):
    changed = 0
    for hand, seat in found:
        obs = hand.observation(seat)
        truth = true_deal(hand)
        rng = random.Random(1)
        for _ in range(5):
            deal = partial_deal(obs, truth, fact, rng)
            before, after = _piles(truth), _piles(deal)
            assert after[seat] == before[seat]  # my own hand, as it is
            if seat == obs.declarer:
                assert sorted(after[-1]) == sorted(before[-1])  # the kitty I buried
            assert [len(p) for p in after] == [len(p) for p in before]
            assert Counter(c for p in after for c in p) == Counter(c for p in before for c in p)
            for h in _holders(obs):
                if fact == "pairs":  # a holder keeps its pairs (and may gain others)
                    kept = _facts(obs, before[h])["pairs"][1]
                    assert all(after[h].count(c) >= k for c, k in kept.items())
                    assert _facts(obs, after[h])["shape"] == _facts(obs, before[h])["shape"]
                elif fact == "part":  # some cards where they were, all in true shape
                    assert _facts(obs, after[h])["shape"] == _facts(obs, before[h])["shape"]
                elif fact == "singles":
                    assert _facts(obs, before[h])["singles"][1] <= set(after[h])
                    assert _facts(obs, after[h])["shape"] == _facts(obs, before[h])["shape"]
                else:
                    assert _facts(obs, after[h])[fact] == _facts(obs, before[h])[fact]
            changed += after != before
            if obs.friend is None and obs.rules.friend_rule == "holder":
                at_call = [list(h) for h in deal.hands]
                for s, cards in [p for t in obs.tricks for p in t.plays] + list(obs.current):
                    at_call[s].extend(int(c) for c in cards)
                assert deal.friend == holder_friend(at_call, obs.declarer,
                                                    int(obs.friend_card))
                if fact == "friend":  # who holds the called card is who the friend is
                    assert deal.friend == truth.friend
            else:  # revealed, or not for the deal to say: the truth is not passed on
                assert deal.friend == obs.friend
    assert changed  # the rest of the deal is random, not the truth


def _kept(obs, before, after) -> float:
    """The share of the hidden holders' cards that a deal leaves where the truth has them."""
    holders = _holders(obs)
    same = sum((Counter(before[h]) & Counter(after[h])).total() for h in holders)
    return same / sum(len(before[h]) for h in holders)


def test_a_part_of_the_deal_keeps_its_share_of_the_cards_where_they_are(found):
    """Share 1 is the truth, share 0 the shape alone; between, more of the cards stay where
    they are, each deal its own part."""
    hand, seat = found[1]
    obs, truth = hand.observation(seat), true_deal(hand)
    rng = random.Random(3)
    kept = {share: [_kept(obs, _piles(truth), _piles(partial_deal(obs, truth, "part", rng,
                                                                   share=share)))
                    for _ in range(20)] for share in (0, 0.5, 0.9, 1)}
    mean = {share: sum(k) / len(k) for share, k in kept.items()}
    assert kept[1] == [1.0] * 20
    assert mean[0] < 0.6 and mean[0] + 0.2 < mean[0.5] < mean[0.9] < 1
    assert len(set(kept[0.5])) > 1  # each deal keeps a part of its own
    with pytest.raises(ValueError, match="share"):
        partial_deal(obs, truth, "part", rng, share=1.5)


def test_top_cards_are_the_highest_of_each_suit():
    spades = Trump("2", "S")
    assert is_top(spades, parse_card("AS")) and is_top(spades, parse_card("2H"))  # trumps
    assert not is_top(spades, parse_card("KS"))  # the trump suit's K: below its A
    assert is_top(spades, parse_card("KH")) and not is_top(spades, parse_card("QH"))
    no_trump = Trump("2", None)
    assert is_top(no_trump, parse_card("2H")) and is_top(no_trump, parse_card("BJ"))
    assert is_top(no_trump, parse_card("AH")) and not is_top(no_trump, parse_card("QH"))


def test_knowing_the_deal_is_the_truth(found):
    hand, seat = found[0]
    truth = true_deal(hand)
    deal = partial_deal(hand.observation(seat), truth, "deal", random.Random(0))
    assert _piles(deal) == _piles(truth) and deal.friend == truth.friend


def test_a_fact_that_is_none_is_refused(found):
    hand, seat = found[0]
    with pytest.raises(ValueError, match="a fact is one of"):
        partial_deal(hand.observation(seat), true_deal(hand), "voids", random.Random(0))
    for bad in ("know:voids", "know:shape,playouts=0", "know:shape,infer=4",
                "know:deal,policy=perfect", "know:deal,teams=known", "know:deal,policy",
                "know:deal,view=everything"):
        with pytest.raises(ValueError):
            ai_oracle.parse_spec(bad, 0)
    for bad in ("know:shape,share=0.5", "know:part,share=1.5", "know:part,share=half",
                "know:part,share=nan"):
        with pytest.raises(ValueError, match="share"):
            ai_oracle.parse_spec(bad, 0)
    assert ai_oracle.parse_spec("know:part,share=0.8,policy=heuristic", 3) == Hindsight(
        "part", 3, 160, policy="heuristic", share=0.8)
    assert ai_oracle.parse_spec("know:high,playouts=40", 3) == Hindsight("high", 3, 40)
    assert ai_oracle.parse_spec("know:high,policy=heuristic,teams=believed,view=full",
                                3) == Hindsight("high", 3, 160, policy="heuristic",
                                                teams="believed", view="full")


def test_the_clairvoyant_search_all_but_matches_the_oracle(found):
    """Told the whole deal, the search agrees with the oracle's values far better than the
    heuristic does (the oracle plays out on the same deal, with other random playouts)."""
    total = Counter()
    for n, (hand, seat) in enumerate(found):
        specs = {"heuristic": PlayerSpec("heuristic", n),
                 "know:deal": Hindsight("deal", n, 40, true_deal(hand))}
        total.update(ai_oracle.judge_position(hand, seat, specs, 4, 4))
    assert total["know:deal"] < total["heuristic"]


def test_the_command_lists_every_positions_regret(capsys):
    argv = ["--positions", "2", "--repeats", "2", "--candidates", "3",
            "--player", "know:shape,playouts=8", "--json"]
    assert ai_oracle.main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["regrets"]) == {"heuristic", "know:shape,playouts=8"}
    assert all(len(r) == 2 and min(r) >= 0 for r in out["regrets"].values())
    shape = out["players"]["know:shape,playouts=8"]
    assert shape["regret"]["mean"] == pytest.approx(sum(out["regrets"]["know:shape,playouts=8"])
                                                    / 2, abs=1e-3)
