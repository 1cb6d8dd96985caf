"""Every reason and theme the code tells for a shipped strategy puzzle is true of its
position as the seat saw it. Each entry's position is rebuilt from its hand record, its
words told again (`mine.redescribe`), and each claim checked on the observation.

The claims, in one place (`PHRASES` for the reasons' words, `THEMES` for the tags):
- "cannot win": no legal follow wins the trick now;
- "give the least away": the seat's known partner is not winning a trick points could go in;
- "your partner's": the seat winning the trick is known to be the seat's partner;
- "nobody can beat" / "the throw is safe": no higher unit of the suit is unseen and no
  seat can trump it; "every higher card is played or yours": no higher card is unseen;
- a throw a seat shown void in its suit may trump says so ("may trump it");
- kitty-end: the seat is the declarer (who buried the kitty); feed-points: the best play
  puts points into a trick the seat's known partner is winning.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from tutor.ai.claims import can_win, feeds_partner, follow_points, partner_winning
from tutor.ai.tactics import higher_exists
from tutor.puzzle.loader import STRATEGY_DIR
from tutor.review.jobs import HandRecord
from tutor.rules import TRUMP, Card, Observation, decompose, legal_follows, parse_cards
from tutor.rules import trick_winner as winner
from tutor.strategy.mine import kitty_points, record_seat, redescribe
from tutor.strategy.run import read_lines

Check = Callable[[Observation, tuple[Card, ...]], bool]


def _unseen(obs: Observation) -> list[int]:
    """Copies of each kind the seat has not seen: not in its hand, not played, not buried
    by it (counted afresh from the observation)."""
    seen = Counter(obs.hand)
    for trick in obs.tricks:
        for _, cards in trick.plays:
            seen.update(cards)
    for _, cards in obs.current:
        seen.update(cards)
    if obs.seat == obs.declarer:
        seen.update(obs.buried or ())
    return [obs.rules.decks - seen[k] for k in range(54)]


def _trump_voids(obs: Observation) -> set[int]:
    """The seats that failed to follow a trump lead with trumps."""
    eff = obs.trump.table.eff
    out = set()
    for plays in [t.plays for t in obs.tricks] + [tuple(obs.current)]:
        if plays and eff[plays[0][1][0]] == TRUMP:
            out |= {s for s, cards in plays[1:] if any(eff[c] != TRUMP for c in cards)}
    return out


def _unbeatable(obs: Observation, best: tuple[Card, ...]) -> bool:
    """No higher unit of the lead's suit can be out, and no seat can trump it."""
    unseen = _unseen(obs)
    units = decompose(list(best), obs.trump)
    suit = units[0].suit
    if any(higher_exists(unseen, obs.trump, suit, u.width, u.length, u.top) for u in units):
        return False
    if suit == TRUMP:
        return True
    top = max(units, key=lambda u: (u.size, u.width))
    trumps = higher_exists(unseen, obs.trump, TRUMP, top.width, top.length, -1)
    others = set(range(obs.rules.players)) - {obs.seat} - _trump_voids(obs)
    return not trumps or not others


def _no_higher_card(obs: Observation, best: tuple[Card, ...]) -> bool:
    table = obs.trump.table
    low = min(u.top for u in decompose(list(best), obs.trump))
    suit = table.eff[best[0]]
    return not any(m and table.eff[k] == suit and table.pos[k] > low
                   for k, m in enumerate(_unseen(obs)))


def _loses(obs: Observation, best: tuple[Card, ...]) -> bool:
    """No legal follow wins the trick now (every follow tried while they are few)."""
    if len(obs.hand) > 10:
        return can_win(obs) is False
    plays = [c for _, c in obs.current]
    return not any(winner([*plays, p], obs.trump) == len(plays)
                   for p in legal_follows(obs.hand, plays[0], obs.trump))


def _not_into_partner(obs: Observation, best: tuple[Card, ...]) -> bool:
    most = follow_points(obs, most=True)
    return partner_winning(obs) is None or most == 0


PHRASES: dict[str, Check] = {
    "cannot win": _loses,
    "give the least away": _not_into_partner,
    "your partner's": lambda obs, best: partner_winning(obs) is not None,
    "nobody can beat": _unbeatable,
    "the throw is safe": _unbeatable,
    "every higher card is played or yours": lambda obs, best: (
        _unbeatable(obs, best) and _no_higher_card(obs, best)),
}
THEMES: dict[str, Check] = {
    "kitty-end": lambda obs, best: obs.seat == obs.declarer,
    "feed-points": lambda obs, best: feeds_partner(obs, best),
}


def _partners(obs: Observation) -> set[int]:
    """The seats every seat knows for the seat's partners (none until the sides are known)."""
    side = obs.declarer_side
    if side is None:
        return set()
    mine = set(side) if obs.seat in side else set(range(obs.rules.players)) - set(side)
    return mine - {obs.seat}


def _void_may_trump(obs: Observation, best: tuple[Card, ...]) -> bool:
    """A plain-suit lead of several units that a seat shown void in its suit, not known
    for a partner, may trump."""
    eff = obs.trump.table.eff
    suit = eff[best[0]]
    if obs.current or suit == TRUMP:
        return False
    units = decompose(list(best), obs.trump)
    if len(units) < 2:
        return False
    top = max(units, key=lambda u: (u.size, u.width))
    if not higher_exists(_unseen(obs), obs.trump, TRUMP, top.width, top.length, -1):
        return False  # the trumps out cannot match its largest unit
    void = set()
    for plays in [t.plays for t in obs.tricks]:
        if eff[plays[0][1][0]] == suit:
            void |= {s for s, cards in plays[1:] if any(eff[c] != suit for c in cards)}
    return bool(void - _trump_voids(obs) - {obs.seat} - _partners(obs))


@pytest.fixture(scope="module")
def told() -> list[tuple[str, Observation, tuple[Card, ...], dict]]:
    """Every card-play puzzle of the bank: its id, position, best play and words told now."""
    out = []
    for path in sorted(STRATEGY_DIR.glob("*.jsonl")):
        for line in read_lines(path):
            record = HandRecord.from_dict(line["record"])
            kitty = kitty_points(record)
            for entry in line["puzzles"]:
                if entry["decision"] != "play":
                    continue
                index = entry["source"]["action"]
                obs = record.position(index).observation(record_seat(record, index))
                values = entry["values"]
                best = max(range(len(values)), key=lambda k: (values[k], -k))
                out.append((entry["id"], obs, tuple(parse_cards(entry["candidates"][best])),
                            redescribe(record, entry, kitty)))
    return out


def test_every_reason_of_the_bank_is_true_of_its_position(told):
    said: Counter = Counter()
    wrong = []
    for pid, obs, best, entry in told:
        en = entry["why"]["en"]
        for phrase, holds in PHRASES.items():
            if phrase in en:
                said[phrase] += 1
                if not holds(obs, best):
                    wrong.append((pid, phrase, en))
        if _void_may_trump(obs, best):
            said["may trump"] += 1
            if "may trump it" not in en:
                wrong.append((pid, "a throw a void seat may trump", en))
    assert wrong == []
    plays = sum(e["decision"] == "play" for path in sorted(STRATEGY_DIR.glob("*.jsonl"))
                for line in read_lines(path) for e in line["puzzles"])
    assert len(told) == plays > 300  # every card play of the bank is read
    # each phrase the bank says is read on several puzzles (the mined bank of the judge that
    # plays like players says no "the throw is safe": no such throw was certified)
    assert min(said.values()) >= 5 and len(said) >= len(PHRASES), said


def test_every_theme_of_the_bank_is_true_of_its_position(told):
    tagged: Counter = Counter()
    wrong = []
    for pid, obs, best, entry in told:
        for theme, holds in THEMES.items():
            if theme in entry["themes"]:
                tagged[theme] += 1
                if not holds(obs, best):
                    wrong.append((pid, theme))
    assert wrong == []
    assert all(tagged[t] >= 20 for t in THEMES), tagged
