"""The public facade of `tutor.rules`: what callers need is there, and only there."""

from __future__ import annotations

import ast
import random
from copy import deepcopy
from itertools import islice
from pathlib import Path

import pytest

from tutor.rules import (
    Bid,
    CardError,
    EventKind,
    Hand,
    NotYourTurn,
    Pass,
    Phase,
    Play,
    RuleSet,
    Trump,
    WrongPhase,
    bid_options,
    legal_follows,
    make_play,
)

from .helpers import random_finished_hand

# ------------------------------------------------------------------ Trump.parse

@pytest.mark.parametrize(("text", "level", "suit"), [
    ("10S", "10", "S"), ("2NT", "2", None), ("2H", "2", "H"), ("10s", "10", "S"),
    ("A♠", "A", "S"), ("TD", "10", "D"), (" q ♣ ", "Q", "C"), ("7", "7", None),
    ("2nt", "2", None), ("14H", "A", "H"), ("11 D", "J", "D")])
def test_trump_parse_reads_short_text(text, level, suit):
    trump = Trump.parse(text)
    assert trump == Trump(level, suit) and (trump.level, trump.suit) == (level, suit)


def test_trump_parse_round_trips_the_table_attribute():
    """The play table writes `data-trump` as level + suit (level alone for no trump)."""
    for trump in (Trump("10", "S"), Trump("2", None), Trump("A", "C")):
        assert Trump.parse(f"{trump.level}{trump.suit or ''}") == trump


@pytest.mark.parametrize("bad", ["2X", "H2", "1H", "", "2 H H", "NT", "15S", "2NTS", None, 5])
def test_trump_parse_refuses_with_a_clear_error(bad):
    with pytest.raises(CardError, match=r"is not a trump: write the level then the suit"):
        Trump.parse(bad)  # type: ignore[arg-type]
    assert issubclass(CardError, ValueError)


# ------------------------------------------------------------------ one facade

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "tutor" / "rules"
SUBMODULES = {p.stem for p in RULES.glob("*.py") if p.stem != "__init__"}


def submodule_imports(source: str, package: list[str]) -> list[str]:
    """Every import in `source` (a module of `package`, e.g. ["tutor", "ai"]) that names a
    `tutor.rules` submodule: absolute, relative, or `from tutor.rules import <submodule>`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("tutor.rules.")]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: resolve against the module's own package
                base = package[:len(package) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            if module.startswith("tutor.rules."):
                found.append(module)
            elif module == "tutor.rules":
                found += [f"tutor.rules.{a.name}" for a in node.names if a.name in SUBMODULES]
    return found


def _outside_rules() -> list[Path]:
    """Every module that is not the rules core: the rest of tutor/, the tests, app.py."""
    files = [p for p in (ROOT / "tutor").rglob("*.py") if RULES not in p.parents]
    return sorted(files) + sorted((ROOT / "tests").rglob("*.py")) + [ROOT / "app.py"]


def test_nothing_outside_rules_imports_a_rules_submodule():
    """`tutor/rules/__init__.py` is the one door: a submodule import outside it ties callers
    to the rules core's inside, which should stay free to change."""
    offenders = {}
    for path in _outside_rules():
        if not path.exists():
            continue
        package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
        hits = submodule_imports(path.read_text(encoding="utf-8"), package)
        if hits:
            offenders[str(path.relative_to(ROOT))] = hits
    assert not offenders, f"import these from tutor.rules instead: {offenders}"


@pytest.mark.parametrize(("source", "expected"), [
    ("import tutor.rules.hand", ["tutor.rules.hand"]),
    ("from tutor.rules.cards import SUITS", ["tutor.rules.cards"]),
    ("from ..rules.units import decompose", ["tutor.rules.units"]),
    ("from ..rules import hand", ["tutor.rules.hand"]),
    ("def f():\n    from tutor.rules.follow import best_fill", ["tutor.rules.follow"]),
    ("from tutor.rules import Hand, Phase", []),
    ("from ..rules import Trump", []),
    ("from .legal import x", []),
])
def test_the_submodule_check_sees_every_form(source, expected):
    assert submodule_imports(source, ["tutor", "ai"]) == expected


# ------------------------------------------------------------------ Observation's answers

def _positions(seed: int, rules: RuleSet | None = None, every: int = 3):
    """A seeded random hand, yielded at every `every`-th decision and at the bury and call."""
    hand = Hand(seed, rules or RuleSet(), (2,) * 5, seed % 5)
    rng = random.Random(seed)
    step = 0
    while hand.phase != Phase.FINISHED:
        if step % every == 0 or hand.phase in (Phase.BURYING, Phase.CALLING):
            yield hand
        hand.apply(hand.random_action(rng))
        step += 1


def _key(action):
    """An action with its cards sorted: two orders of the same cards are one action."""
    cards = getattr(action, "cards", None)
    return action if cards is None else (type(action), action.seat, tuple(sorted(cards)))


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(friend_rule="nth_played")],
                         ids=["holder", "nth_played"])
def test_legal_actions_are_what_the_hand_accepts(rules):
    """Every action an observation offers is accepted by (a copy of) the real hand; follows
    are exactly the legal follows; a seat not to act is offered nothing."""
    checked = set()
    for seed in range(3):
        for hand in _positions(seed, rules):
            seat = hand.turn
            obs = hand.observation(seat)
            offered = list(islice(obs.legal_actions(), 300))
            assert offered, (seed, hand.phase)
            for action in offered:
                assert hand.why_illegal(action) is None, (seed, action)
            for action in offered[:2] + offered[-1:]:
                deepcopy(hand).apply(action)  # the real thing, not just the dry run
            if hand.phase == Phase.PLAYING and obs.lead:
                follows = {_key(Play(seat, tuple(p)))
                           for p in legal_follows(obs.hand, obs.lead, obs.trump)}
                assert {_key(a) for a in obs.legal_actions()} == follows
            if hand.phase in (Phase.BIDDING, Phase.CALLING) or obs.lead:
                assert ({_key(a) for a in obs.legal_actions()}
                        == {_key(a) for a in hand.legal_actions()})
            other = hand.observation((seat + 1) % 5)
            assert list(other.legal_actions()) == []
            checked.add(hand.phase)
    assert checked == {Phase.BIDDING, Phase.BURYING, Phase.CALLING, Phase.PLAYING}


def test_bidding_offers_pass_and_the_bid_options():
    hand = Hand(11)
    obs = hand.observation(0)
    bids = bid_options(obs.hand, obs.level, 0, obs.standing_bid, obs.rules.decks)
    assert list(obs.legal_actions()) == [Pass(0), *(Bid(0, b) for b in bids)]


def test_random_action_is_legal_and_refuses_without_a_decision():
    for seed in range(2):
        for hand in _positions(seed, every=7):
            obs = hand.observation(hand.turn)
            assert hand.why_illegal(obs.random_action(random.Random(seed))) is None
            with pytest.raises(NotYourTurn):
                hand.observation((hand.turn + 1) % 5).random_action(random.Random(0))
    done = random_finished_hand(5)
    assert list(done.observation(0).legal_actions()) == []
    with pytest.raises(WrongPhase):
        done.observation(0).random_action(random.Random(0))




S2 = Trump("2", "S")


def test_current_winner_follows_the_trick():
    """♠ trump: a heart lead, a higher heart, a ruff, an over-ruff by a level card."""
    h = Hand.position(["5H 3D", "KH 4D", "3S 5D", "2H 6D", "7H 7D"], S2, declarer=0)
    assert h.observation(0).current_winner is None
    for seat, cards, winner in [(0, "5H", 0), (1, "KH", 1), (2, "3S", 2), (3, "2H", 3),
                                (4, "7H", 3)]:
        before = h.observation(seat)
        h.apply(make_play(seat, cards))
        if seat < 4:
            assert all(h.observation(s).current_winner == winner for s in range(5))
        else:
            assert h.tricks[-1].winner == winner == 3 and before.current_winner == 3
    assert h.observation(0).current_winner is None  # between tricks


def test_current_winner_agrees_with_the_hand_on_real_tricks():
    """Whenever the last play of a trick does not take it, the winner the observation showed
    before that play is the trick's winner."""
    checked = 0
    for seed in range(4):
        hand = Hand(seed)
        rng = random.Random(seed)
        while hand.phase != Phase.FINISHED:
            obs = hand.observation(hand.turn)
            action = hand.random_action(rng)
            tricks = len(hand.tricks)
            hand.apply(action)
            if len(hand.tricks) > tricks and hand.tricks[-1].winner != action.seat:
                assert obs.current_winner == hand.tricks[-1].winner
                checked += 1
    assert checked > 50


def test_sides_become_known_when_the_friend_shows():
    """Holder rule, real games: unknown until the friend plays the called card, then the
    same for every seat, and the side matches the hand's result."""
    shown = 0
    for seed in range(3):
        hand = Hand(seed)
        rng = random.Random(seed)
        seen_unknown = False
        while hand.phase != Phase.FINISHED:
            views = [hand.observation(s) for s in range(5)]
            assert len({v.declarer_side for v in views}) == 1  # public knowledge
            known = views[0].sides_known
            if hand.phase != Phase.PLAYING:
                assert not known
            revealed = any(e.type == EventKind.FRIEND_REVEALED for e in hand.events)
            assert known == revealed
            seen_unknown |= hand.phase == Phase.PLAYING and not known
            hand.apply(hand.random_action(rng))
        side = hand.observation(0).declarer_side
        if side is not None:
            assert side == hand.result.declarer_side
            shown += 1
        assert seen_unknown
    assert shown


def test_sides_known_when_the_declarer_is_alone():
    """nth_played: the declarer plays the called copy, so everyone knows they are alone."""
    rules = RuleSet(friend_rule="nth_played")
    h = Hand.position(["KH 3D", "4H 4D", "5H 5D", "6H 6D", "9H 7D"], S2, declarer=0,
                      rules=rules, friend_card="KH", friend_nth=1)
    assert not h.observation(3).sides_known and h.observation(3).declarer_side is None
    h.apply(make_play(0, "KH"))
    assert all(h.observation(s).declarer_side == (0,) for s in range(5))
    assert h.observation(2).sides_known and h.observation(2).friend is None
