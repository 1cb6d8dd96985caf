"""Judging a bid or a pass: each legal choice (pass, and every bid the hand could show) is
played out to the end of the hand, the heuristic finishing the bidding, the bury and the
friend call for every seat, then the quick policy playing the cards; in hindsight on the
true deal, fairly on deals of the hidden cards that hold whatever the other seats showed.
"""

from __future__ import annotations

import random
import zlib

from tutor.ai import HeuristicPlayer
from tutor.ai.explain import bid_reason
from tutor.ai.rollout import Playout
from tutor.ai.sampler import Sample
from tutor.rules import Action, Bid, Card, Hand, Observation, Pass, Phase, deck

from .review import DEFAULT_BUDGET, Budget, Judged, verdict
from .values import outcomes, true_deal

SETUP_STEPS = 400  # actions the heuristic may take to reach the first lead (redeals included)


def bidding_deals(obs: Observation, count: int, seed: int) -> list[Sample]:
    """`count` deals of the cards `obs` does not show: each seat holds the cards it showed
    in its bids (a bid shows them), the rest fall at random. Reads `obs` only."""
    rules = obs.rules
    shown: list[list[Card]] = [[] for _ in range(rules.players)]
    for seat, cards in obs.bids:
        if seat != obs.seat:
            for c in cards:  # a later bid of the same card shows copies already seen
                if shown[seat].count(c) < list(cards).count(c):
                    shown[seat].append(c)
    unseen = deck(rules.decks)
    for c in [*obs.hand, *(c for cards in shown for c in cards)]:
        unseen.remove(c)
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        rng.shuffle(unseen)
        rest = iter(unseen)
        hands = [list(obs.hand) if s == obs.seat else
                 shown[s] + [next(rest) for _ in range(rules.hand_size - len(shown[s]))]
                 for s in range(rules.players)]
        deals.append(Sample(hands, list(rest), 1.0, None))
    return deals


def _choices(position: Hand) -> list[Action]:
    """Pass, then every legal bid, for the seat to act."""
    legal = list(position.legal_actions())
    return [a for a in legal if isinstance(a, Pass)] + [a for a in legal if isinstance(a, Bid)]


def _played_out(obs: Observation, choice: Action, deal: Sample, seed: int) -> Playout | None:
    """The deal with `choice` made, set up by the heuristic to the first lead."""
    hand = Hand.bidding_from_observation(obs, deal.hands, deal.kitty, seed)
    hand.apply(choice)
    players = [HeuristicPlayer(s) for s in range(obs.rules.players)]
    for _ in range(SETUP_STEPS):
        if hand.phase == Phase.PLAYING:
            return Playout(hand, [], [set() for _ in range(obs.rules.players)])
        seat = hand.turn
        assert seat is not None
        hand.apply(players[seat].act(hand.observation(seat)))
    return None  # nobody would bid however often the cards were dealt


def _cards(action: Action) -> tuple[Card, ...]:
    return tuple(action.cards) if isinstance(action, Bid) else ()


def judge_bid(position: Hand, action: Action, index: int,
              budget: Budget = DEFAULT_BUDGET) -> Judged | None:
    """Judge the learner's bid or pass `action` (the seat to act's) against every other
    legal choice; None when it had no choice (no level card to show)."""
    seat = action.seat
    obs = position.observation(seat)
    choices = _choices(position)
    if len(choices) < 2:
        return None
    mine = next(k for k, c in enumerate(choices) if _cards(c) == _cards(action)
                and type(c) is type(action))
    choices.insert(0, choices.pop(mine))
    seed = zlib.crc32(repr(("bid", index, sorted(int(c) for c in obs.hand))).encode())

    def start(deal: Sample, k: int) -> Playout | None:
        # every choice meets the same cards should everyone pass and the deck be dealt again
        again = zlib.crc32(bytes(int(c) for c in deal.kitty)) ^ seed
        return _played_out(obs, choices[k], deal, again)

    fair = outcomes(seat, len(choices), start, bidding_deals(obs, budget.fair_deals, seed), 1,
                    seed)
    hind = outcomes(seat, len(choices), start, [true_deal(position)], budget.hindsight_repeats,
                    seed)
    plays = [_cards(c) for c in choices]
    best = max(range(len(choices)), key=lambda k: (fair.value(k).score, -k))
    reason = bid_reason(obs, choices[best])
    return verdict(index, 0, plays, 0, fair, hind, reason, "bid", "bid")
