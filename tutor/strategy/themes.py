"""A mined position's themes, told from what its wrong candidates do against the best one,
and its phase. The names are the puzzle bank's themes (`tutor.puzzle.themes`)."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.ai.claims import feeds_partner
from tutor.puzzle.themes import STRATEGY_THEMES
from tutor.review.kinds import mistake_kind
from tutor.rules import ALL_CARDS, TRUMP, Card, Observation, decompose

DECISION_THEMES = {"bid": "bidding", "bury": "bury", "call": "call-friend"}
KIND_THEMES = {"points_given": "no-gifts", "points_not_fed": "feed-points",
               "unit_broken": "keep-units", "trump_spent": "save-trumps",
               "trump_missed": "trump-in", "lead": "lead"}
ORDER = list(STRATEGY_THEMES)  # the bank's names, in the order a puzzle lists them
ENDGAME_CARDS = 5  # a seat holding this many cards or fewer is in the last tricks
OPENING_TRICKS = 3
KITTY_END_POINTS = 10  # the last tricks decide a kitty holding at least this many points


def phase(obs: Observation) -> str:
    """Opening (the first tricks), endgame (the last few cards) or middlegame."""
    if len(obs.hand) <= ENDGAME_CARDS:
        return "endgame"
    return "opening" if len(obs.tricks) < OPENING_TRICKS else "middlegame"


def play_themes(obs: Observation, best: Sequence[Card], wrong: Sequence[Sequence[Card]],
                kitty_points: int) -> list[str]:
    """The themes of a card play whose best is `best` and whose other candidates are
    `wrong`: the kind of each wrong one (`kinds.mistake_kind`; feeding points only when the
    best puts points into a trick the seat knows its partner is winning), trumps led or not,
    a throw (a lead of several units) among the choices, counting (the best plays a card
    that is top only because every higher one has been seen), the friend (a copy of the
    called card is the question) and, for the declarer (the one seat that knows what it
    buried: `kitty_points`), the kitty in the last tricks."""
    found = {KIND_THEMES[k] for k in (mistake_kind(obs, tuple(w), tuple(best)) for w in wrong)
             if k in KIND_THEMES}
    if "feed-points" in found and not feeds_partner(obs, best):
        found.discard("feed-points")
    assert obs.trump is not None
    eff = obs.trump.table.eff
    if not obs.current:
        found.add("lead")
        trumps = [all(eff[c] == TRUMP for c in cards) for cards in (best, *wrong)]
        if any(trumps) and not all(trumps):  # whether to lead trumps is the question
            found.add("lead-trumps")
        if any(len(decompose(list(cards), obs.trump)) > 1 for cards in (best, *wrong)):
            found.add("safe-throw")
    if _counted_top(obs, best):
        found.add("counting")
    called = obs.friend_card
    if (called is not None and obs.friend is None
            and any(called in cards for cards in (best, *wrong))):
        found.add("friend-card")
    if (phase(obs) == "endgame" and obs.seat == obs.declarer
            and kitty_points >= KITTY_END_POINTS):
        found.add("kitty-end")
    return [*sorted(found, key=ORDER.index), phase(obs)]


def _counted_top(obs: Observation, best: Sequence[Card]) -> bool:
    """Whether a card of `best` is the highest left in its suit only because copies of the
    higher cards were played: all higher copies are out or in the seat's own hand, and at
    least one of them was played."""
    assert obs.trump is not None
    table = obs.trump.table
    copies = obs.rules.decks
    played = [c for t in obs.tricks for _, cards in t.plays for c in cards]
    played += [c for _, cards in obs.current for c in cards]
    seen = {k: played.count(k) + obs.hand.count(k) for k in set(played) | set(obs.hand)}
    for card in set(best):
        higher = [k for k in ALL_CARDS if table.eff[k] == table.eff[card]
                  and table.pos[k] > table.pos[card]]
        if (higher and all(seen.get(k, 0) >= copies for k in higher)
                and any(k in played for k in higher)):
            return True
    return False
