"""A bid's choices and the deals to judge them on: every legal choice at a bid (pass, and
every bid the hand could show), fair deals of the cards the bidder does not see, and a deal
set up by the heuristic from a choice to the first lead. The review judges bids with them;
play mode bids as the heuristic does (searching the bids gained nothing significant: see
`lab.ai.bid_search`).
"""

from __future__ import annotations

import random

from tutor.rules import Action, Bid, Card, Hand, Observation, Pass, Phase, bid_options, deck

from .heuristic import HeuristicPlayer
from .rollout import Playout
from .sampler import Sample

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


def set_up(obs: Observation, choice: Action, deal: Sample, seed: int) -> Playout | None:
    """The deal with `choice` made, set up by the heuristic to the first lead (None: nobody
    would bid however often the cards were dealt again)."""
    hand = Hand.bidding_from_observation(obs, deal.hands, deal.kitty, seed)
    hand.apply(choice)
    players = [HeuristicPlayer(s) for s in range(obs.rules.players)]
    for _ in range(SETUP_STEPS):
        if hand.phase == Phase.PLAYING:
            return Playout(hand, [], [set() for _ in range(obs.rules.players)])
        seat = hand.turn
        assert seat is not None
        hand.apply(players[seat].act(hand.observation(seat)))
    return None


def bid_choices(obs: Observation) -> list[Action]:
    """Pass, then every bid this seat could show now (just pass when it has none)."""
    options = bid_options(obs.hand, obs.level, obs.seat, obs.standing_bid, obs.rules.decks)
    return [Pass(obs.seat), *(Bid(obs.seat, cards) for cards in options)]
