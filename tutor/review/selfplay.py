"""Hands for checking the review: the heuristic playing every seat, the same with one
clearly bad play planted (a 10 or K given to the opponents' trick when a card worth nothing
would do), and one seat taking every hint."""

from __future__ import annotations

from tutor.ai import HeuristicPlayer
from tutor.rules import Card, Hand, Match, Phase, Play, trick_winner

from .hint import hint
from .review import DEFAULT_BUDGET, Budget


def heuristic_hand(seed: int) -> Hand:
    """A finished first hand of match `seed`, every seat played by the heuristic."""
    hand = Match(seed=seed).new_hand()
    players = [HeuristicPlayer(s) for s in range(hand.rules.players)]
    while hand.phase != Phase.FINISHED:
        hand.apply(players[hand.turn].act(hand.observation(hand.turn)))
    return hand


def hinted_hand(seed: int, seat: int = 0, budget: Budget = DEFAULT_BUDGET,
                hinter=hint) -> Hand:
    """A finished first hand of match `seed`, `seat` doing what the hint (`hinter(obs,
    budget)`) says at each of its decisions, the heuristic playing the other seats."""
    hand = Match(seed=seed).new_hand()
    players = [HeuristicPlayer(s) for s in range(hand.rules.players)]
    while hand.phase != Phase.FINISHED:
        obs = hand.observation(hand.turn)
        hand.apply(hinter(obs, budget).action if obs.seat == seat
                   else players[obs.seat].act(obs))
    return hand


def planted_blunder(seed: int, seat: int = 0) -> tuple[Hand, int] | None:
    """Match `seed`'s first hand played by the heuristic, except one play of `seat`: the
    first time it follows last to a single-card trick the opponents are winning, holding a
    legal 10 or K that would not win it and a legal card worth nothing, it plays the 10 or K.
    The finished hand and the index of that action, or None if no such moment came."""
    hand = Match(seed=seed).new_hand()
    players = [HeuristicPlayer(s) for s in range(hand.rules.players)]
    planted = None
    while hand.phase != Phase.FINISHED:
        turn = hand.turn
        if planted is None and turn == seat:
            bad = _gift(hand, seat)
            if bad is not None:
                planted = len(hand.actions)
                hand.apply(Play(seat, (bad,)))
                continue
        hand.apply(players[turn].act(hand.observation(turn)))
    return None if planted is None else (hand, planted)


def _gift(hand: Hand, seat: int) -> Card | None:
    """The 10 or K `seat` could throw away to the opponents here, if this is the moment."""
    n = hand.rules.players
    plays = hand.current
    if (hand.phase != Phase.PLAYING or len(plays) != n - 1 or len(plays[0][1]) != 1
            or hand.friend is None):
        return None
    side = {hand.declarer, hand.friend}
    winner = plays[trick_winner([list(c) for _, c in plays], hand.trump)][0]
    if (winner in side) == (seat in side):
        return None
    legal = sorted({c for c in hand.cards_of(seat) if hand.is_legal(Play(seat, (c,)))})
    worthless = [c for c in legal if c.points == 0]
    for card in legal:
        if card.points == 10 and worthless:
            after = [list(c) for _, c in plays] + [[card]]
            if trick_winner(after, hand.trump) != n - 1:
                return card
    return None
