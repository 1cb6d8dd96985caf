"""Mining one hand: a hand of self-play by a mix of strengths (so good and bad plays both
occur), every decision of every seat judged by the review, and the positions where one play
is clearly best (`criterion`) kept as puzzles with their themes, reason and difficulty.

A card play is first judged cheaply (a quarter of the fair deals, one hindsight playout);
only one that passes that look (`criterion.leads_by`) is judged in full. A position the judge
finds clearly decided is kept only when the referee (`referee`: the tactics playing every
seat) values it again on the same deals and agrees (`referee.certified`).
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Any

from tutor.ai.decision import PlayerSpec
from tutor.ai.explain import bid_reason, play_reason, setup_reason
from tutor.ai.heuristic import heuristic_choice
from tutor.ai.preplay import lonely_call
from tutor.ai.rollout import JUDGE
from tutor.ai.search import marked_kinds, play_class
from tutor.ai.strength import STRENGTHS, strength_spec
from tutor.review.jobs import HandRecord, decisions
from tutor.review.puzzles import SHOWN_FIELDS, position_fields
from tutor.review.review import DEFAULT_BUDGET, Budget, Judged, considered
from tutor.rules import (
    TRUMP,
    Action,
    Bid,
    Bury,
    CallFriend,
    Hand,
    Observation,
    Phase,
    RuleSet,
    format_cards,
    parse_cards,
    trick_winner,
)
from tutor.text import t

from .criterion import clearly_best, fair_best, leads_by
from .decision import judge_decision
from .referee import certified
from .themes import DECISION_THEMES, play_themes

TYPE = "strategy"  # the bank type of a mined puzzle
MIX = ("random", "easy", "easy", "normal", "hard")  # each seat's player, drawn per hand
LEVELS = range(2, 15)


@dataclass(frozen=True)
class MinedHand:
    """One mined hand: its key (`<seed>_<number>`), what rebuilds it and the puzzles kept."""

    key: str
    record: HandRecord
    puzzles: tuple[dict[str, Any], ...]


def hand_seed(seed: int, number: int) -> int:
    """The deal of hand `number` of a mining run with `seed`."""
    return zlib.crc32(f"mine-{seed}-{number}".encode())


LATER = 0.5  # the share of hands mined as later hands of a match (with `later`)


@dataclass(frozen=True)
class Table:
    """Who plays hand `number` of a mining run, and from where: each seat's player, the
    levels and the declarer already known (None: a first hand, bid for)."""

    players: tuple[PlayerSpec, ...]
    levels: tuple[int, ...]
    declarer: int | None


def table_of(seed: int, number: int, later: bool = False) -> Table:
    """The table of hand `number` of mining run `seed`: a level drawn for the table and each
    seat's player drawn from `MIX`; with `later`, half the hands are later hands of a match,
    each seat at a level of its own and the declarer already known."""
    rng = random.Random(hand_seed(seed, number))
    level = rng.choice(LEVELS)
    players = tuple(_player(rng.choice(MIX), rng.randrange(1 << 30)) for _ in range(5))
    if later and rng.random() < LATER:
        return Table(players, tuple(rng.choice(LEVELS) for _ in range(5)), rng.randrange(5))
    return Table(players, (level,) * 5, None)


def play_hand(seed: int, number: int, later: bool = False) -> Hand:
    """Hand `number` of mining run `seed` (`table_of`), finished."""
    table = table_of(seed, number, later)
    players = [spec.build() for spec in table.players]
    hand = Hand(hand_seed(seed, number), RuleSet(), table.levels, table.declarer)
    while hand.phase != Phase.FINISHED:
        hand.apply(players[hand.turn].act(hand.observation(hand.turn)))
    return hand


def _player(kind: str, seed: int) -> PlayerSpec:
    return PlayerSpec("random", seed) if kind == "random" else strength_spec(kind, seed)


SETUP = ("bid", "pass", "bury", "callfriend")  # the decisions before the first trick


def mine_hand(seed: int, number: int, budget: Budget = DEFAULT_BUDGET, setup: bool = False
              ) -> MinedHand:
    """Play hand `number` of run `seed` and keep its clearly-decided positions (with the
    judge that plays like players, `--policy judge`: later hands too, and no more than
    `keep_teaching` lets through). With `setup`, only its bids, bury and call are judged:
    a hand gives at most one bury and one call, so those are mined from many hands at a
    fifth of a whole hand's cost."""
    hand = play_hand(seed, number, later=not budget.shipped)
    record = HandRecord.of(hand)
    indices = [i for seat in range(hand.rules.players) for i in decisions(hand, seat)
               if not setup or record.actions[i]["type"] in SETUP]
    return _mined(f"{seed}_{number}", record, indices, budget, sample=True)


def rejudge_hand(key: str, record: HandRecord, indices: list[int], budget: Budget
                 ) -> MinedHand:
    """A mined hand's positions at `indices` (the puzzles another judge kept) judged again
    by `budget`'s judge, kept as `mine_hand` would keep them: a bank mined with one judge
    re-mined with another at the cost of its puzzles, not of every decision of its hands."""
    return _mined(key, record, indices, budget, sample=False)


def _mined(key: str, record: HandRecord, indices: list[int], budget: Budget, sample: bool
           ) -> MinedHand:
    kitty = kitty_points(record)
    found = []
    for index in indices:
        judged = judge_clear(record, index, budget, sample)
        if judged is None:
            continue
        entry = puzzle_entry(record, judged, f"{TYPE}-{key}-{index}", kitty)
        if entry is not None:
            if budget.fair_deals != DEFAULT_BUDGET.fair_deals:  # so a verification of the
                entry["source"]["deals"] = budget.fair_deals  # bank knows each one's work
            found.append(entry)
    if not budget.shipped:
        found = keep_teaching(found)
    return MinedHand(key, record, tuple(found))


PER_TRICK = 2  # at most this many puzzles from one trick


def keep_teaching(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A hand's puzzles less those that repeat: at most `PER_TRICK` from one trick and one
    for each seat and reason, the widest margins kept (a card play's; the setup has one)."""
    kept: list[dict[str, Any]] = []
    tricks: dict[int, int] = {}
    reasons: set[tuple[int, str]] = set()
    for entry in sorted(entries, key=lambda e: (-margin(e), e["source"]["action"])):
        said = (entry["seat"], reason_kind(entry["why"]["en"]))
        trick = entry.get("trick", 0) if entry["decision"] == "play" else -1
        if said in reasons or (trick >= 0 and tricks.get(trick, 0) >= PER_TRICK):
            continue
        reasons.add(said)
        tricks[trick] = tricks.get(trick, 0) + 1
        kept.append(entry)
    return sorted(kept, key=lambda e: (e["seat"], e["source"]["action"]))


def margin(entry: dict[str, Any]) -> float:
    """How far a puzzle's best play is ahead of the next (积分)."""
    values = sorted(entry["values"], reverse=True)
    return values[0] - values[1]


def reason_kind(text: str) -> str:
    """A reason less its cards and numbers: what two puzzles' reasons share when they teach
    the same thing ("your partner's … is winning, feed them points")."""
    words = text.split(":", 1)[-1].lower().replace(",", " ").replace(".", " ").split()
    return " ".join(w for w in words if w not in ("big", "small", "joker", "jokers")
                    and not any(ch.isdigit() or ch in "♠♥♦♣" for ch in w))


def judge_clear(record: HandRecord, index: int, budget: Budget = DEFAULT_BUDGET,
                sample: bool = False) -> Judged | None:
    """Action `index` judged, if it is a clearly decided position that the referee certifies,
    else None (a card play, bury or call is judged in full only once it passes the cheap
    screen). With `rollout.JUDGE`, a bury or call is the declarer's choice among the ones a
    player would weigh (`setup.judge_options`), and a card play that teaches nothing is not
    judged; with `sample`, only some of those every strength finds are (`sampled`)."""
    kind = record.actions[index].get("type")
    if kind == "play" and not budget.shipped and not worth_judging(record, index, budget):
        return None
    if kind == "play" or (kind in ("bury", "callfriend") and not budget.shipped):
        screen = judge_decision(record, index, screen_budget(budget))
        if screen is None or not leads_by(screen):
            return None
        if sample and kind == "play" and not budget.shipped and not sampled(record, screen):
            return None
    judged = judge_decision(record, index, budget)
    if judged is None or clearly_best(judged) is None:
        return None
    if budget.shipped:
        return judged
    return judged if certified(record, judged, budget) else None


EASY_KEEP = 0.4  # the share of card plays every strength finds that is judged in full


def sampled(record: HandRecord, screen: Judged) -> bool:
    """Whether a card play that passed the cheap look is judged in full: always when some
    strength misses its best (a mistake a player makes: tiers 2 and 3, lichess mines its
    puzzles from such), else `EASY_KEEP` of the time (tier 1: every strength finds it; 4 in
    5 of the card plays mined without this, when the bank holds at most 3 in 5). Drawn from
    the position, so a run mines the same puzzles again."""
    index = screen.index
    obs = record.position(index).observation(record_seat(record, index))
    if difficulty(obs, screen, fair_best(screen)) > 1:
        return True
    return random.Random(f"{record.seed}-{index}").random() < EASY_KEEP


def worth_judging(record: HandRecord, index: int, budget: Budget) -> bool:
    """Whether a card play can teach anything: a follow where some candidate changes who
    wins the trick, or spends a different number of trumps; not one where the seat plays
    last and a single candidate wins (it sees every card of the trick)."""
    position = record.position(index)
    obs = position.observation(record_seat(record, index))
    if not obs.current:
        return True
    _mem, _ctx, choices = considered(obs, budget)
    plays = [cards for _, cards in obs.current]
    seats = [s for s, _ in obs.current] + [obs.seat]
    assert obs.trump is not None
    eff = obs.trump.table.eff
    winners = [seats[trick_winner([*plays, ch.cards], obs.trump)] for ch in choices]
    trumps = {sum(eff[c] == TRUMP for c in ch.cards) for ch in choices}
    if len(set(winners)) == 1 and len(trumps) == 1:
        return False
    last = len(obs.current) == obs.rules.players - 1
    return not (last and winners.count(obs.seat) == 1)


def screen_budget(budget: Budget) -> Budget:
    """The cheap first look before a judge of `budget`: a quarter of its fair deals (their
    first quarter: the same seed draws them), one hindsight playout."""
    return replace(budget, fair_deals=max(4, budget.fair_deals // 4), hindsight_repeats=1)


def puzzle_entry(record: HandRecord, judged: Judged, pid: str, kitty_points: int
                 ) -> dict[str, Any] | None:
    """The bank entry of a clearly decided position (None for a bid, bury or call whose best
    is not the heuristic's: its reason would be another play's)."""
    best = clearly_best(judged)
    assert best is not None
    position = record.position(judged.index)
    obs = position.observation(record_seat(record, judged.index))
    cands = judged.candidates
    told = describe(obs, judged.decision, [c.cards for c in cands], best, kitty_points)
    if told is None:
        return None
    themes, reason = told
    order = list(range(len(cands)))
    random.Random(pid).shuffle(order)  # the judge's order would put the heuristic's first
    entry: dict[str, Any] = {
        "id": pid, "type": TYPE, "themes": [TYPE, *themes],
        "difficulty": difficulty(obs, judged, best), "question": "choose",
        "decision": judged.decision, **position_fields(obs, judged.trick),
        "candidates": [format_cards(cands[k].cards) for k in order],
        "values": [round(cands[k].fair.score, 4) for k in order],
        "errors": [round(cands[k].fair_error, 4) for k in order],
        "why": {"en": reason[0], "zh": reason[1]},
        "source": {"hand": pid.split("-")[1], "action": judged.index}}
    if judged.decision == "bid":
        entry["bids"] = [[s, format_cards(c)] for s, c in obs.bids]
    if judged.decision == "call":
        entry["buried"] = format_cards(obs.buried or ())
    return entry


def describe(obs: Observation, decision: str, plays: list[tuple], best: int,
             kitty_points: int) -> tuple[list[str], tuple[str, str]] | None:
    """A clearly decided position's themes and why its best is best, told from what the
    seat saw and the plays weighed (None for a bid, bury or call whose best is not the
    heuristic's: its reason would be another play's)."""
    if decision == "play":
        wrong = [p for k, p in enumerate(plays) if k != best]
        themes = play_themes(obs, plays[best], wrong, kitty_points)
    else:
        if setup_choice(obs, decision, plays[best]) is None:
            return None
        themes = [DECISION_THEMES[decision]]
    return themes, why(obs, decision, plays[best], plays)


def redescribe(record: HandRecord, entry: dict[str, Any], kitty_points: int) -> dict[str, Any]:
    """`entry` with the themes, reason and position fields the code tells now (nothing
    judged again): a bank's words and what it shows follow the code when those are mended."""
    told = retold(record, entry, kitty_points)
    assert told is not None, entry["id"]
    return told


def retold(record: HandRecord, entry: dict[str, Any], kitty_points: int
           ) -> dict[str, Any] | None:
    """`redescribe`, or None for a bid, bury or call whose best the heuristic no longer
    makes (its reason would be another play's: `describe`)."""
    index = entry["source"]["action"]
    obs = record.position(index).observation(record_seat(record, index))
    plays = [tuple(parse_cards(c)) for c in entry["candidates"]]
    values = entry["values"]
    best = max(range(len(values)), key=lambda k: (values[k], -k))
    told = describe(obs, entry["decision"], plays, best, kitty_points)
    if told is None:
        return None
    themes, reason = told
    kept = {k: v for k, v in entry.items() if k not in SHOWN_FIELDS}  # as they apply now
    return {**kept, **position_fields(obs, entry.get("trick", 0)), "themes": [TYPE, *themes],
            "why": {"en": reason[0], "zh": reason[1]}}


def kitty_points(record: HandRecord) -> int:
    """The points the declarer buried in the recorded hand (what the last tricks decide)."""
    return sum(c.points for c in record.position(len(record.actions)).kitty)


def record_seat(record: HandRecord, index: int) -> int:
    """The seat that took action `index`."""
    return int(record.actions[index]["seat"])


def _cards(action) -> tuple:
    if isinstance(action, (Bid, Bury)):
        return tuple(action.cards)
    if isinstance(action, CallFriend):
        return (action.card,)
    return ()


def why(obs: Observation, decision: str, best: tuple, plays: list[tuple] = ()
        ) -> tuple[str, str]:
    """Why `best` is best among `plays`, in both languages, as the hint says it: a card
    play's reason is the tactics' for the candidate of its class; a bid, bury or call is the
    heuristic's (which `puzzle_entry` asks the best to be)."""
    if decision == "play":
        return _play_reason(obs, best)
    if decision == "bid":
        found = setup_choice(obs, decision, best)
        assert found is not None
        action, reason = found  # a pass keeps the bank's reason ("no suit worth showing")
        return bid_reason(obs, action, reason if reason == "bid_long_trumps" else "bid_weak")
    if decision == "call":
        return call_reason(obs, best, plays)
    return setup_reason(obs)[1]


def call_reason(obs: Observation, best: tuple, plays: list[tuple]) -> tuple[str, str]:
    """Why the heuristic's call is better than one among `plays` that would leave the
    declarer alone (`preplay.lonely_call`), or the heuristic's own reason when no such call
    was weighed (a position mined before those were asked)."""
    lonely = lonely_call(obs)
    if lonely is None or lonely in best or [lonely] not in [list(p) for p in plays]:
        return setup_reason(obs)[1]
    card = best[0]
    others = obs.rules.decks - list(obs.hand).count(card) - list(obs.buried or ()).count(card)
    en, zh = (t("hint.call_not_alone", lang, copies=others,
                card=format_cards(best, lang=lang), lonely=format_cards((lonely,), lang=lang))
              for lang in ("en", "zh"))
    return en, zh


def setup_choice(obs: Observation, decision: str, best: tuple) -> tuple[Action, str] | None:
    """The heuristic's bid, bury or call that is `best`, with its reason (a bid as either
    bidding makes it, `preplay.BIDDING`: a player bids a level pair with a long suit where
    the classic bidding passes), or None: the position's reason would be another play's."""
    for bidding in ("classic", "player") if decision == "bid" else ("classic",):
        action, reason, _info = heuristic_choice(obs, bidding)
        if sorted(_cards(action)) == sorted(best):
            return action, reason
    return None


def _play_reason(obs: Observation, best: tuple) -> tuple[str, str]:
    """The tactics' reason for the candidate of `best`'s class (a neutral line if the
    tactics did not propose it)."""
    _mem, ctx, choices = considered(obs, Budget(policy=JUDGE))  # the tactics' first
    marked = marked_kinds(obs)
    key = play_class(best, ctx.hand, ctx.trump, marked)
    for choice in choices:
        if play_class(choice.cards, ctx.hand, ctx.trump, marked) == key:
            return play_reason(obs, choice)
    return play_reason(obs, SimpleNamespace(cards=tuple(best), reason="play", info={}))


def difficulty(obs: Observation, judged: Judged, best: int) -> int:
    """The tier a position starts at: 1 when easy, normal and hard all find the best play,
    2 when one or two do, 3 when none does (a bid, bury or call: 1 when it is the
    heuristic's, which every strength makes; 3 when it is not, a bid only a player's
    bidding makes, `setup_choice`)."""
    if judged.decision != "play" or obs.phase != Phase.PLAYING:
        classic = _cards(heuristic_choice(obs)[0])
        return 1 if sorted(classic) == sorted(judged.candidates[best].cards) else 3
    marked = marked_kinds(obs)
    assert obs.trump is not None
    target = play_class(judged.candidates[best].cards, obs.hand, obs.trump, marked)
    found = 0
    for strength in STRENGTHS:
        action = strength_spec(strength, zlib.crc32(repr(judged.index).encode())).build().act(obs)
        cards = getattr(action, "cards", ())
        found += play_class(cards, obs.hand, obs.trump, marked) == target
    return {3: 1, 2: 2, 1: 2, 0: 3}[found]

