"""The bank's play puzzles checked against answers computed here, straight from RULES.md's
text, without the solver: the kitty multiplier and bonus (§8), throws (§6), legal follows
(§5) and trick winners of any lead (§5, tractors and throws included). The oracles read
cards only through their printed text (`str(card)`); the order of §2, the adjacency of §3
and the decomposition of §4 are worked out here. Each oracle is first shown to reproduce
the RULES.md worked examples it rests on, then graded against the bank: its answer must be
graded right and a different well-formed answer wrong."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import NamedTuple

from tutor.puzzle import grade
from tutor.rules import parse_cards

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
TRUMP = "trump"


# --- §2 and §3: effective suit and the adjacency chain ------------------------------------

def place(text: str, level: str, suit: str | None) -> tuple[str, int]:
    """§2/§3: a card's effective suit and its step in that suit's chain, so that higher
    cards have higher steps, equal cards (off-suit level cards) share a step and adjacent
    ranks differ by 1. Plain suits: 2 … A with the level rank skipped. Trump: the trump
    suit's 2 … A (level skipped) – any off-suit level card – trump-suit level card – SJ – BJ;
    with no trump suit: level cards (all equal) – SJ – BJ."""
    plain = [r for r in RANKS if r != level]
    top = len(plain)  # the first step above a suit's A
    if text in ("SJ", "BJ"):
        step = top + (1 if suit is None else 2)
        return TRUMP, step + (text == "BJ")
    rank, own = text[:-1], text[-1]
    if rank == level:
        return TRUMP, top + (suit is not None and own == suit)
    if own == suit:
        return TRUMP, plain.index(rank)
    return own, plain.index(rank)


def test_place_follows_the_chain_of_section_3():
    # level 2, trump ♥: … KH – AH – off-suit 2s (equal) – 2H – SJ – BJ
    steps = [place(t, "2", "H") for t in ["KH", "AH", "2S", "2C", "2H", "SJ", "BJ"]]
    assert steps == [(TRUMP, 10), (TRUMP, 11), (TRUMP, 12), (TRUMP, 12), (TRUMP, 13),
                     (TRUMP, 14), (TRUMP, 15)]
    assert place("AD", "2", "H") == ("D", 11)  # a plain A: nothing above it
    assert place("4S", "3", "S")[1] - place("2S", "3", "S")[1] == 1  # level 3 skipped
    assert place("2S", "2", None) == place("2H", "2", None) == (TRUMP, 12)  # no-trump


# --- §3 and §4: units and the decomposition of a play -------------------------------------

class Unit(NamedTuple):
    """width 1/2/3 (single, pair, triple cards per step) and length (steps); top = highest
    step. Single (1,1), pair (2,1), triple (3,1), tractor (2,L≥2), titanic (3,L≥2)."""
    width: int
    length: int
    top: int
    cards: tuple[str, ...]

    @property
    def size(self) -> int:
        return self.width * self.length


def _texts(cards) -> list[str]:
    return [str(c) for c in cards]


def units_in(counts: Counter, level: str, suit: str | None, min_width: int = 1) -> list[Unit]:
    """Every unit that can be taken from `counts` (card text → copies, one effective suit):
    a step of width w is one card text with ≥ w copies (§3: identical cards; a triple holds
    a pair); a tractor/titanic is such steps at adjacent steps of the chain."""
    out = []
    for width in range(max(1, min_width), 4):
        at: dict[int, list[str]] = {}
        for text, n in counts.items():
            if n >= width:
                at.setdefault(place(text, level, suit)[1], []).append(text)
        for start in sorted(at):
            out += [Unit(width, 1, start, (t,) * width) for t in at[start]]
            if width == 1:
                continue
            chain = [at[start]]
            while start + len(chain) in at:
                chain.append(at[start + len(chain)])
                for pick in product(*chain):
                    cards = tuple(t for t in reversed(pick) for _ in range(width))
                    out.append(Unit(width, len(chain), start + len(chain) - 1, cards))
    return out


def _splits(counts: Counter, level: str, suit: str | None, shape=None):
    """Every way to cut `counts` exactly into units (in the given shape: a list of
    (width, length), when given). Always places the first remaining card, so each
    split is found (perhaps more than once)."""
    if not counts:
        yield []
        return
    first = min(counts)
    for u in units_in(counts, level, suit):
        if first not in u.cards:
            continue
        if shape is not None and (u.width, u.length) not in shape:
            continue
        rest = counts - Counter(u.cards)
        left = None
        if shape is not None:
            left = list(shape)
            left.remove((u.width, u.length))
        for more in _splits(rest, level, suit, left):
            yield [u, *more]


def one_suit(cards, level: str, suit: str | None) -> str | None:
    suits = {place(t, level, suit)[0] for t in _texts(cards)}
    return suits.pop() if len(suits) == 1 else None


def decompose(cards, level: str, suit: str | None) -> list[Unit]:
    """§4: the cut whose unit sizes, sorted descending, are lexicographically largest;
    ties go to the one whose largest units rank higher."""
    assert one_suit(cards, level, suit), cards

    def key(units):
        units = sorted(units, key=lambda u: (-u.size, -u.top))
        return [u.size for u in units], [u.top for u in units]

    best = max(_splits(Counter(_texts(cards)), level, suit), key=key)
    return sorted(best, key=lambda u: (-u.size, -u.top))


def _shape(units) -> list[tuple[int, int]]:
    return sorted(((u.width, u.length) for u in units), reverse=True)


def _decomposition_text(units) -> list[str]:
    return [" ".join(u.cards) for u in units]


def test_decompose_reproduces_examples_1_to_7():
    def dec(text, level="2", suit="H"):
        return _shape(decompose(parse_cards(text), level, suit))

    tractor2, tractor3 = [(2, 2)], [(2, 3)]
    assert dec("2H 2H SJ SJ") == tractor2  # ex. 1
    assert dec("2S 2S 2H 2H") == dec("2S 2S AH AH") == dec("SJ SJ BJ BJ") == tractor2  # 2
    assert dec("2S 2S 2C 2C") == [(2, 1), (2, 1)]  # ex. 3: equal ranks
    assert dec("AH AH 2S 2S 2H 2H") == tractor3  # ex. 3
    assert dec("3S 3S 4S 4S", "3", "S") == [(2, 1), (2, 1)]  # ex. 4
    assert dec("2S 2S 4S 4S", "3", "S") == dec("2D 2D 4D 4D", "3", "S") == tractor2
    assert dec("2S 2S 2S 4S 4S 4S", "3", "S") == [(3, 2)]
    assert dec("KS KS AH AH", "A", "S") == dec("KH KH QH QH", "A", "S") == tractor2  # ex. 5
    assert _decomposition_text(decompose(parse_cards("AH AH AH KH KH"), "2", "S")) == [
        "AH AH KH KH", "AH"]  # ex. 6: [4,1] beats [3,2]
    assert dec("5D 5D 5D 6D 6D 6D", "2", "S") == [(3, 2)]  # ex. 7


# --- §5: who wins a trick -----------------------------------------------------------------

def strength(units) -> int:
    """§5: matched plays compare by their largest unit (most cards; ties: the higher one)."""
    most = max(u.size for u in units)
    return max(u.top for u in units if u.size == most)


def matched_strength(play, shape, level: str, suit: str | None) -> int | None:
    """§5 Decision: a play matches the lead if its cards can be cut exactly into the
    lead's units; its strength is the best over such cuts (None: no match)."""
    cuts = list(_splits(Counter(_texts(play)), level, suit, shape))
    return max(map(strength, cuts)) if cuts else None


def trick_winner(plays, level: str, suit: str | None) -> int:
    """§5: the lead wins unless a later play matches its shape exactly and is either all in
    the winning play's suit and stronger, or all trump against a non-trump winner; equal
    stays with the earlier play; mixed plays never win. Returns the index in `plays`."""
    units = decompose(plays[0], level, suit)
    shape = _shape(units)
    best_suit, best = one_suit(plays[0], level, suit), strength(units)
    led = best_suit
    winner = 0
    for i, play in enumerate(plays[1:], 1):
        this_suit = one_suit(play, level, suit)
        if this_suit not in (led, TRUMP):
            continue  # mixed, or a suit neither led nor trump
        this = matched_strength(play, shape, level, suit)
        if this is None:
            continue
        if (this_suit == best_suit and this > best) or (this_suit == TRUMP != best_suit):
            winner, best_suit, best = i, this_suit, this
    return winner


def _plays(*texts):
    return [parse_cards(t) for t in texts]


def test_trick_winner_reproduces_examples_11_to_14():
    assert trick_winner(_plays("KH", "AH", "2C", "2S", "3S"), "2", "S") == 3  # ex. 11
    assert trick_winner(_plays("AH AH", "3S 3S", "5S 5S", "2C 2D"), "2", "S") == 2  # 12
    assert trick_winner(_plays("5H 5H 6H 6H", "3S 3S 4S 4S"), "2", "S") == 1  # ex. 13
    assert trick_winner(_plays("5H 5H 6H 6H", "3S 3S 6S 6S"), "2", "S") == 0  # ex. 13
    assert trick_winner(_plays("2C", "2D"), "2", "S") == 0  # ex. 14


def test_trick_winner_follows_the_matching_decision_of_section_5():
    # a trump tractor matches a lead of two separate pairs (KH KH 9H 9H is a throw)
    assert trick_winner(_plays("KH KH 9H 9H", "3S 3S 4S 4S"), "2", "S") == 1
    # a trump triple can be cut into pair + single (§8's Decision)
    assert trick_winner(_plays("KH KH 9H", "3S 3S 3S"), "2", "S") == 1
    # two pairs do not match a tractor; a higher led-suit tractor does; a mixed play never
    assert trick_winner(_plays("5H 5H 6H 6H", "9H 9H QH QH", "8H 8H 7H 7H", "3S 3S 4S 4H"),
                        "2", "S") == 2


def _lead_kind(units) -> str:
    if len(units) > 1:
        return "throw"
    (w, n), = _shape(units)
    return {1: "single", 2: "pair", 3: "triple"}[w] if n == 1 else (
        "tractor" if w == 2 else "titanic")


def test_trick_puzzles_with_any_lead_match_the_rule(bank):
    counted = Counter()
    for p in (p for p in bank if p.type == "trick"):
        t, plays, leader = p.position["trump"], p.position["plays"], p.position["leader"]
        index = trick_winner(plays, t.level, t.suit)
        counted[_lead_kind(decompose(plays[0], t.level, t.suit))] += 1
        assert grade(p, str((leader + index) % 5)).correct, (p.id, index)
        wrong = (leader + (index + 1) % len(plays)) % 5
        assert not grade(p, str(wrong)).correct, (p.id, wrong)
    assert counted["tractor"] >= 5 and counted["throw"] >= 1, counted


# --- §8: the kitty multiplier and bonus ---------------------------------------------------

def multiplier(units, rule: str = "first") -> int:
    """§8: from the winning play in the lead's shape — which, since only a play matching
    the lead's shape can win (§5), is the lead's own decomposition — first match of:
    titanic of length L → 2·3^L; triple → 6; tractor of length L → 2·2^L; pair → 4;
    otherwise 2. Option `max`: the largest of these instead of the first."""
    kinds = {(u.width, u.length) for u in units}
    found = []
    titanics = [n for w, n in kinds if w == 3 and n >= 2]
    if titanics:
        found.append(2 * 3 ** max(titanics))
    if (3, 1) in kinds:
        found.append(6)
    tractors = [n for w, n in kinds if w == 2 and n >= 2]
    if tractors:
        found.append(2 * 2 ** max(tractors))
    if (2, 1) in kinds:
        found.append(4)
    found.append(2)
    return found[0] if rule == "first" else max(found)


def card_points(cards) -> int:
    """§1: every 5 is worth 5, every 10 and every K is worth 10."""
    return sum({"5": 5, "10": 10, "K": 10}.get(t[:-1], 0) for t in _texts(cards)
               if t not in ("SJ", "BJ"))


def kitty_bonus(plays, leader: int, declarer: int, friend: int | None, kitty,
                level: str, suit: str | None, rule: str) -> int:
    """§8: if a defender wins the last trick, the kitty's points × multiplier; else 0."""
    seat = (leader + trick_winner(plays, level, suit)) % 5
    if seat in (declarer, friend):
        return 0
    return card_points(kitty) * multiplier(decompose(plays[0], level, suit), rule)


def test_multiplier_reproduces_examples_19_to_21():
    def mult(text, rule="first"):
        return multiplier(decompose(parse_cards(text), "2", "S"), rule)

    assert [mult(t) for t in ["AH", "AH AH", "AH AH KH KH", "AH AH KH KH QH QH", "AH AH AH",
                              "AH AH AH KH KH KH"]] == [2, 4, 8, 16, 6, 18]  # ex. 19
    assert mult("AH AH AH QH QH JH JH") == 6  # ex. 20
    assert mult("AH AH AH QH QH JH JH", "max") == 8
    assert card_points(parse_cards("5S 10D KC")) == 25  # ex. 21: lost to a pair → +100
    assert kitty_bonus(_plays("AH AH", "3H 3H", "4H 4H", "6H 6H", "7H 7H"), 1, 1, 2,
                       parse_cards("5S 10D KC"), "2", "S", "first") == 0  # declarer won
    assert kitty_bonus(_plays("AH AH", "3H 3H", "4H 4H", "6H 6H", "7H 7H"), 3, 1, 2,
                       parse_cards("5S 10D KC"), "2", "S", "first") == 100


def test_multiplier_reads_the_lead_shape_as_the_decision_says():
    # §8 Decision: a trump triple that beat a lead of pair + single counts ×4, not ×6
    plays = _plays("KH KH 9H", "3S 3S 3S")
    assert trick_winner(plays, "2", "S") == 1
    assert multiplier(decompose(plays[0], "2", "S")) == 4


def test_kitty_puzzles_match_the_rule(bank):
    counted = Counter()
    for p in (p for p in bank if p.type == "kitty"):
        pos = p.position
        t = pos["trump"]
        if p.question == "multiplier":
            answer = multiplier(decompose(pos["plays"][0], t.level, t.suit), pos["rule"])
        else:
            answer = kitty_bonus(pos["plays"], pos["leader"], pos["declarer"], pos["friend"],
                                 pos["kitty"], t.level, t.suit, pos["rule"])
            counted["bonus 0" if answer == 0 else "bonus > 0"] += 1
        counted[p.question] += 1
        assert grade(p, str(answer)).correct, (p.id, answer)
        assert not grade(p, str(answer + 10)).correct, (p.id, answer + 10)
    assert counted["multiplier"] >= 20 and counted["bonus"] >= 40, counted
    assert counted["bonus 0"] >= 5 and counted["bonus > 0"] >= 5, counted


# --- §6: throws ---------------------------------------------------------------------------

def beater(component: Unit, held, level: str, suit: str | None) -> Unit | None:
    """§6: a unit of the component's shape in `held` (one player's cards of the suit) that
    beats it: a higher single; a higher pair (a triple counts as a pair); a higher triple;
    a tractor/titanic of the same width and length with a higher top."""
    for u in units_in(Counter(_texts(held)), level, suit, min_width=component.width):
        if (u.width, u.length) == (component.width, component.length) and u.top > component.top:
            return u
    return None


class Ambiguous(Exception):
    """The text does not single out one forced component here (left to the solver)."""


def throw_outcome(throw, others, level: str, suit: str | None) -> Unit | None:
    """§6: None if no other single player holds a unit beating a component; otherwise the
    lowest-ranked beaten component (ties: fewer cards). "Lowest-ranked" is read as the
    lowest top; where reading it by the lowest card instead, or a full tie, would pick a
    different component, Ambiguous is raised."""
    units = decompose(throw, level, suit)
    beaten = [c for c in units if any(beater(c, held, level, suit) for held in others)]
    if not beaten:
        return None
    by_top = sorted(beaten, key=lambda u: (u.top, u.size))
    by_bottom = min(beaten, key=lambda u: (u.top - u.length + 1, u.size))
    if by_bottom != by_top[0] or (len(by_top) > 1 and
                                  (by_top[1].top, by_top[1].size) == (by_top[0].top,
                                                                      by_top[0].size)):
        raise Ambiguous(throw)
    return by_top[0]


def _outcome_text(forced: Unit | None) -> str:
    return "ok" if forced is None else " ".join(forced.cards)


def test_throw_oracle_reproduces_examples_15_to_18():
    def outcome(*others):
        return _outcome_text(throw_outcome(parse_cards("AH AH KH 10H 10H"),
                                           [parse_cards(o) for o in others], "2", "S"))

    assert outcome("KH 3H", "4H", "", "") == "ok"  # ex. 15: one KH, no AH, no pair above 10
    assert outcome("", "KH KH 4H", "", "") == "10H 10H"  # ex. 16
    assert outcome("AH", "QH QH", "", "") == "10H 10H"  # ex. 17: KH and 10H 10H beaten
    assert outcome("3H", "", "AH 4H", "") == "KH"  # ex. 18
    assert outcome("KH", "", "", "KH") == "ok"  # two KH, but not in one hand
    assert outcome("", "QH QH QH", "", "") == "10H 10H"  # a triple counts as a pair


def test_throw_puzzles_match_the_rule(bank):
    counted = Counter()
    for p in (p for p in bank if p.type == "throw"):
        pos = p.position
        t = pos["trump"]
        try:
            if p.question == "outcome":
                answer = _outcome_text(throw_outcome(pos["throw"], pos["others"], t.level,
                                                     t.suit))
                wrong = "ok" if answer != "ok" else " ".join(
                    decompose(pos["throw"], t.level, t.suit)[-1].cards)
            else:  # safe: whoever holds the cards still out, could one player beat it?
                pool = [c for held in [*pos["others"], pos["kitty"]] for c in held]
                ok = throw_outcome(pos["throw"], [pool], t.level, t.suit) is None
                answer, wrong = ("safe", "risky") if ok else ("risky", "safe")
        except Ambiguous:
            counted["ambiguous"] += 1
            continue
        counted[f"{p.question} {'ok' if answer in ('ok', 'safe') else 'fails'}"] += 1
        assert grade(p, answer).correct, (p.id, answer)
        assert not grade(p, wrong).correct, (p.id, wrong)
    assert counted["ambiguous"] <= 5, counted
    assert counted["outcome ok"] >= 10 and counted["outcome fails"] >= 20, counted
    assert counted["safe ok"] >= 3 and counted["safe fails"] >= 10, counted


# --- §5: following ------------------------------------------------------------------------

def _pairs(counts: Counter) -> int:
    """How many disjoint pairs: a triple holds one pair (and a single)."""
    return sum(n // 2 for n in counts.values())


def _has_tractor(counts: Counter, level: str, suit: str | None, length: int) -> bool:
    return any(u.width == 2 and u.length == length
               for u in units_in(counts, level, suit, min_width=2))


def follow_legal(play, hand, lead, level: str, suit: str | None) -> bool | None:
    """§5: with S the follower's cards of the led suit and n cards led: if |S| ≤ n, all of S
    plus any cards; otherwise n cards of S keeping the first step of the lead's shape that S
    can satisfy: pair → pair; triple → triple, else pair + 1; tractor of length 2 → such a
    tractor, else as many pairs as possible; single → any; a throw → each component in
    turn, largest first (covered: one triple or one tractor of length 2 plus singles, or
    pairs plus singles). None for the other shapes (left to the solver)."""
    n = len(lead)
    play, hand = Counter(_texts(play)), Counter(_texts(hand))
    if sum(play.values()) != n or play - hand:
        return False
    led = one_suit(lead, level, suit)
    in_led = Counter({t: k for t, k in hand.items() if place(t, level, suit)[0] == led})
    if sum(in_led.values()) <= n:
        return play & in_led == in_led
    if play - in_led:
        return False  # a card of another suit while S has more
    # a throw's components in turn, largest first: its singles come last and take any card
    core = [s for s in _shape(decompose(lead, level, suit)) if s != (1, 1)]
    if not core:
        return True
    if core == [(3, 1)]:
        if any(k >= 3 for k in in_led.values()):
            return max(play.values()) >= 3
        return _pairs(play) >= min(1, _pairs(in_led))
    if core == [(2, 2)]:
        if _has_tractor(in_led, level, suit, 2):
            return _has_tractor(play, level, suit, 2)
        return _pairs(play) >= min(2, _pairs(in_led))
    if set(core) == {(2, 1)}:  # a pair, or a throw of pairs (and singles)
        return _pairs(play) >= min(len(core), _pairs(in_led))
    return None


def _legal_follows(lead: str, hand: str, level: str = "2", suit: str = "S") -> set[str]:
    """Every distinct play of len(lead) cards from `hand` that follow_legal allows."""
    lead_cards, hand_cards = parse_cards(lead), parse_cards(hand)
    plays = {tuple(sorted(c)) for c in combinations(_texts(hand_cards), len(lead_cards))}
    return {" ".join(p) for p in plays
            if follow_legal(parse_cards(p), hand_cards, lead_cards, level, suit)}


def test_follow_oracle_reproduces_examples_8_to_10():
    assert _legal_follows("KH KH", "QH QH 5H 7H 3C AS") == {"QH QH"}  # ex. 8
    assert _legal_follows("KH KH", "QH QH QH 5H 3C") == {"QH QH"}
    assert _legal_follows("KH KH KH", "9H 9H 4H 6H 3C") == {"4H 9H 9H", "6H 9H 9H"}  # ex. 9
    assert _legal_follows("5H 5H 6H 6H", "9H 9H JH JH 3H 4C") == {"9H 9H JH JH"}  # ex. 10


def test_follow_oracle_on_the_other_steps_of_section_5():
    # |S| ≤ n: all of S plus anything (never obliged to trump)
    assert _legal_follows("KH KH", "5H 3C 4D") == {"3C 5H", "4D 5H"}
    # a triple when S has one; a single lead takes any card of S
    assert _legal_follows("KH KH KH", "9H 9H 9H 4H 4H") == {"9H 9H 9H"}
    assert _legal_follows("KH", "9H 4H 3C") == {"9H", "4H"}
    # a tractor when S has one (a triple gives a pair); else as many pairs as S allows
    assert _legal_follows("5H 5H 6H 6H", "9H 9H 9H 10H 10H 3H") == {"10H 10H 9H 9H"}
    assert _legal_follows("5H 5H 6H 6H", "9H 9H 4H 7H QH") == {
        "4H 7H 9H 9H", "4H 9H 9H QH", "7H 9H 9H QH"}
    # a throw: its pairs in turn as far as S allows, then any cards of S for its singles
    assert _legal_follows("AH AH QH QH 8H", "9H 9H 4H 4H 7H 6H 3C") == {
        "4H 4H 6H 9H 9H", "4H 4H 7H 9H 9H"}
    assert _legal_follows("AH AH AH 8H", "9H 9H 9H 4H 7H") == {"4H 9H 9H 9H", "7H 9H 9H 9H"}


def test_follow_puzzles_match_the_rule(bank):
    counted = Counter()
    for p in (p for p in bank if p.type == "follow"):
        pos = p.position
        t = pos["trump"]
        verdicts = [follow_legal(c, pos["hand"], pos["lead"], t.level, t.suit)
                    for c in pos["candidates"]]
        shape = _shape(decompose(pos["lead"], t.level, t.suit))
        if None in verdicts:
            counted[f"not covered {shape}"] += 1
            continue
        counted["covered"] += 1
        legal = {"ABCDEF"[i] for i, ok in enumerate(verdicts) if ok}
        assert grade(p, " ".join(sorted(legal)) or "none").correct, (p.id, legal)
        wrong = legal ^ {"A"}
        assert not grade(p, " ".join(sorted(wrong)) or "none").correct, (p.id, wrong)
    assert counted["covered"] >= 30, counted
