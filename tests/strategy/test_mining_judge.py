"""Mining with the judge that plays like players (`mine --policy judge`): later hands of a
match, the bury and the call asked among a player's own choices, every position certified
by the referee, and no more than a hand's share of what teaches the same thing."""

from __future__ import annotations

from pathlib import Path

from tutor.ai.preplay import bury_options, call_options, choose_bury, choose_call, lonely_call
from tutor.review.jobs import HandRecord, decisions
from tutor.review.setup import judge_options
from tutor.rules import Bury, CallFriend, Phase, format_cards
from tutor.strategy.mine import (
    PER_TRICK,
    keep_teaching,
    play_hand,
    reason_kind,
    table_of,
    worth_judging,
)
from tutor.strategy.run import budget_of, mine_line

SMALL = budget_of(4, "judge")

# two hands of the bank the quick judge mined (shipped until the judge that plays like
# players replaced it): one call puzzle asked before lonely calls were
QUICK_MINED = Path(__file__).parent / "data" / "quick-mined.jsonl"


def test_later_hands_are_mined_with_levels_of_their_own_and_a_known_declarer():
    tables = [table_of(1, n, later=True) for n in range(12)]
    later = [t for t in tables if t.declarer is not None]
    assert later and len(later) < len(tables)
    assert any(len(set(t.levels)) > 1 for t in later)
    for n, t in enumerate(tables):  # a first hand is the shipped bank's own
        if t.declarer is None:
            assert t == table_of(1, n)
    hand = play_hand(1, tables.index(later[0]), later=True)
    assert not hand.first_hand and hand.levels == later[0].levels


def test_the_bury_and_the_call_are_asked_among_a_players_own_choices():
    hand = play_hand(1, 2)
    record = HandRecord.of(hand)
    bury = next(i for i in decisions(hand, hand.declarer)
                if isinstance(hand.actions[i], Bury))
    call = next(a for a in hand.actions if isinstance(a, CallFriend))
    position = record.position(bury)
    obs = position.observation(hand.declarer)
    options = bury_options(obs)
    assert sorted(options[0]) == sorted(choose_bury(obs)[0].cards)  # the heuristic's first
    assert len({tuple(sorted(o)) for o in options}) == len(options) >= 3
    assert all(len(o) == obs.rules.kitty and all(c in obs.hand for c in o) for o in options)
    judged = judge_options(position, bury, call, SMALL)
    assert judged is not None and judged.decision == "bury"
    assert [sorted(c.cards) for c in judged.candidates] == [sorted(o) for o in options]
    for number in range(3, 20):  # a declarer with no card only it holds: a player's own calls
        hand = play_hand(1, number)
        record = HandRecord.of(hand)
        call = next(i for i, a in enumerate(record.actions) if a["type"] == "callfriend")
        calling = record.position(call)
        if lonely_call(calling.observation(hand.declarer)) is None:
            break
    assert calling.phase == Phase.CALLING
    cards = call_options(calling.observation(hand.declarer))
    assert cards[0] == choose_call(calling.observation(hand.declarer))[0].card
    assert len(set(cards)) == len(cards) >= 2
    assert lonely_call(calling.observation(hand.declarer)) is None
    judged = judge_options(calling, call, None, SMALL)
    assert judged is not None and judged.decision == "call" and len(judged.candidates) == len(cards)


def test_a_call_is_asked_against_one_that_would_leave_the_declarer_alone():
    """Where the declarer holds or buried every copy of a plain card, the call puzzle is the
    heuristic's call against that one: the judge and the referee find it clearly better, and
    the reason names the lonely card."""
    from tutor.strategy.mine import judge_clear, kitty_points, puzzle_entry

    for number in range(30):
        hand = play_hand(6, number)
        record = HandRecord.of(hand)
        index = next(i for i, a in enumerate(record.actions) if a["type"] == "callfriend")
        obs = record.position(index).observation(hand.declarer)
        lonely = lonely_call(obs)
        if lonely is not None:
            break
    else:
        raise AssertionError("no declarer of 30 hands could call a card nobody else holds")
    mine, buried = list(obs.hand), list(obs.buried or ())
    assert mine.count(lonely) + buried.count(lonely) == obs.rules.decks
    judged = judge_options(record.position(index), index, None, SMALL)
    assert [c.cards for c in judged.candidates] == [(choose_call(obs)[0].card,), (lonely,)]
    clear = judge_clear(record, index, budget_of(48, "judge"))
    assert clear is not None and clear.candidates[0].cards == (choose_call(obs)[0].card,)
    entry = puzzle_entry(record, clear, f"strategy-6_{number}-{index}", kitty_points(record))
    assert entry is not None and entry["themes"] == ["strategy", "call-friend"]
    assert format_cards([lonely], lang="en") in entry["why"]["en"]
    assert "一打四" in entry["why"]["zh"]


def test_a_follow_that_changes_nothing_is_not_judged():
    hand = play_hand(1, 0)
    record = HandRecord.of(hand)
    skipped = leads = 0
    for seat in range(5):
        for index in decisions(hand, seat):
            if record.actions[index]["type"] != "play":
                continue
            worth = worth_judging(record, index, SMALL)
            if not record.position(index).current:
                assert worth  # a lead is always worth a look
                leads += 1
            skipped += not worth
    assert leads and skipped > 20


def test_a_hand_keeps_two_puzzles_a_trick_and_one_a_seat_and_reason():
    def entry(action, seat, trick, why, best):
        return {"source": {"action": action}, "seat": seat, "trick": trick,
                "decision": "play", "why": {"en": why}, "values": [best, 0.0]}

    entries = [entry(10, 1, 3, "Play K♥: it wins the trick and its 25 points.", 1.0),
               entry(11, 2, 3, "Play 5♥: your partner's K♥ is winning, feed them points.", 0.5),
               entry(12, 3, 3, "Play A♥: it wins the trick and its 10 points.", 0.9),
               entry(20, 1, 5, "Play Q♠: it wins the trick and its 10 points.", 0.8),
               entry(30, 4, 7, "Play 3♣: your partner's A♣ is winning, feed them points.", 0.4)]
    kept = keep_teaching(entries)
    actions = sorted(e["source"]["action"] for e in kept)
    # trick 3 keeps its widest two (10, 12); seat 1's second "it wins the trick" (20) goes
    assert actions == [10, 12, 30]
    assert max(sum(e["trick"] == t for e in kept) for t in (3, 5, 7)) <= PER_TRICK
    assert reason_kind(entries[0]["why"]["en"]) == reason_kind(entries[3]["why"]["en"])


def test_a_hand_mined_with_the_judge_is_certified_and_capped():
    line = mine_line(1, 2, 8, "judge")
    assert line["record"] == mine_line(1, 2, 8, "judge")["record"]
    by_trick: dict[int, int] = {}
    said = set()
    for entry in line["puzzles"]:
        if entry["decision"] == "play":
            by_trick[entry["trick"]] = by_trick.get(entry["trick"], 0) + 1
        key = (entry["seat"], reason_kind(entry["why"]["en"]))
        assert key not in said
        said.add(key)
    assert all(n <= PER_TRICK for n in by_trick.values())


def test_the_referee_and_the_verification_weigh_the_same_bury_and_call_as_the_mining():
    from tutor.strategy.decision import judge_decision
    from tutor.strategy.referee import refereed

    hand = play_hand(1, 2)
    record = HandRecord.of(hand)
    for index in decisions(hand, hand.declarer):
        if record.actions[index]["type"] not in ("bury", "callfriend"):
            continue
        judged, ref = judge_decision(record, index, SMALL), refereed(record, index, SMALL)
        assert judged is not None and ref is not None  # whoever the declarer was
        assert [sorted(c.cards) for c in judged.candidates] == \
            [sorted(c.cards) for c in ref.candidates]


def test_a_bank_judged_again_by_its_own_judge_comes_out_the_same_and_by_another_a_subset():
    import json

    from tutor.strategy.run import read_lines, rejudge_line

    def rejudged(*args):  # as the output file holds it
        return json.loads(json.dumps(rejudge_line(*args)))

    line = next(x for x in read_lines(QUICK_MINED)  # the quick judge's bank, as shipped
                if len(x["puzzles"]) >= 3 and x["number"] > 0)
    assert rejudged(line, 48, "quick") == line  # the quick judge finds what it found
    again = rejudged(line, 8, "judge")
    assert again["key"] == line["key"] and again["record"] == line["record"]
    asked = {e["source"]["action"] for e in line["puzzles"]}
    assert {e["source"]["action"] for e in again["puzzles"]} <= asked
    assert all(e["source"]["deals"] == 8 for e in again["puzzles"])


def test_setup_mining_judges_only_the_bids_the_bury_and_the_call(monkeypatch):
    import tutor.strategy.mine as mine

    asked = []
    monkeypatch.setattr(mine, "judge_clear",
                        lambda record, index, budget, sample: asked.append(
                            record.actions[index]["type"]))
    mine.mine_hand(1, 2, SMALL, setup=True)
    assert "bury" in asked and "callfriend" in asked and {"bid", "pass"} & set(asked)
    assert "play" not in asked


def test_a_do_bid_position_is_taught_with_the_long_trumps_reason_at_tier_three():
    from types import SimpleNamespace

    from tutor.ai.heuristic import HeuristicPlayer
    from tutor.rules import Hand, RuleSet
    from tutor.strategy.mine import describe, difficulty, setup_choice

    obs = Hand(34, RuleSet(), (2,) * 5, None).observation(0)  # the classic passes here
    bid = HeuristicPlayer(0, bidding="player").act(obs)
    found = setup_choice(obs, "bid", tuple(bid.cards))
    assert found is not None and found[1] == "bid_long_trumps"
    themes, reason = describe(obs, "bid", [tuple(bid.cards), ()], 0, 0)
    assert themes == ["bidding"] and "trumps" in reason[0]
    judged = SimpleNamespace(decision="bid", candidates=[SimpleNamespace(cards=tuple(bid.cards)),
                                                          SimpleNamespace(cards=())])
    assert difficulty(obs, judged, 0) == 3  # no strength bids it: they bid the classic way
    assert difficulty(obs, judged, 1) == 1  # the pass is everyone's


def test_a_card_play_some_strength_misses_is_always_judged_and_an_easy_one_only_sometimes(
        monkeypatch):
    from types import SimpleNamespace

    import tutor.strategy.mine as mine

    hand = play_hand(1, 0)
    record = HandRecord.of(hand)
    plays = [i for i, a in enumerate(record.actions) if a["type"] == "play"]
    screens = [SimpleNamespace(index=i) for i in plays]
    monkeypatch.setattr(mine, "fair_best", lambda screen: 0)
    tiers = iter([2, 3] * len(plays))
    monkeypatch.setattr(mine, "difficulty", lambda obs, screen, best: next(tiers))
    assert all(mine.sampled(record, s) for s in screens[:40])  # a mistake someone makes
    monkeypatch.setattr(mine, "difficulty", lambda obs, screen, best: 1)
    kept = [mine.sampled(record, s) for s in screens]
    assert kept == [mine.sampled(record, s) for s in screens]  # the same run, the same puzzles
    assert 0.2 < sum(kept) / len(kept) < 0.6  # about EASY_KEEP of the easy ones


def test_a_call_reason_speaks_of_a_lonely_call_only_when_the_puzzle_weighs_one():
    """A call puzzle mined before lonely calls were asked keeps the heuristic's reason: its
    words never name a call that is not among its choices."""
    from tutor.puzzle.loader import STRATEGY_DIR
    from tutor.strategy.mine import kitty_points, record_seat, redescribe
    from tutor.strategy.run import read_lines

    calls = [(line, e) for path in (QUICK_MINED, *sorted(STRATEGY_DIR.glob("*.jsonl")))
             for line in read_lines(path) for e in line["puzzles"] if e["decision"] == "call"]
    assert calls
    lonely_seen = False
    for line, entry in calls:
        record = HandRecord.from_dict(line["record"])
        index = entry["source"]["action"]
        lonely = lonely_call(record.position(index).observation(record_seat(record, index)))
        weighed = lonely is not None and format_cards([lonely]) in entry["candidates"]
        lonely_seen |= lonely is not None and not weighed
        told = redescribe(record, entry, kitty_points(record))["why"]["en"]
        assert ("alone" in told) == weighed, (entry["id"], told)
    assert lonely_seen  # a hand whose declarer could have called alone, not asked so
