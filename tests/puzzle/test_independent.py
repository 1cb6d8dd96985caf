"""The bank's answers checked against answers computed here, straight from RULES.md's text,
without the solver: level changes (§8 table), 积分 (§8 formula), the friend (§7), trump
order (§2) and trick winners of single-card and same-card leads (§5). Each oracle below is a
few lines a reader can check against the rule text; a solver or grader that drifts from the
rules fails here even though it agrees with itself."""

from __future__ import annotations

import pytest

from tutor.puzzle import grade

STEP = 60  # 20 × 3 decks
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def level_change(points: int) -> tuple[str, int]:
    """§8: P = 0 → declarer side +3; < 60 → +2; < 120 → +1; < 180 → none;
    ≥ 180 → defenders +1 and +1 for every further 60."""
    if points == 0:
        return "declarer", 3
    if points < STEP:
        return "declarer", 2
    if points < 2 * STEP:
        return "declarer", 1
    if points < 3 * STEP:
        return "none", 0
    return "defenders", 1 + (points - 3 * STEP) // STEP


def _change_text(points: int) -> str:
    side, n = level_change(points)
    return "none" if side == "none" else f"{side} {n}"


def test_level_change_oracle_reproduces_example_22():
    assert [_change_text(p) for p in (0, 55, 60, 115, 120, 175, 180, 240)] == [
        "declarer 3", "declarer 2", "declarer 1", "declarer 1", "none", "none",
        "defenders 1", "defenders 2"]


def test_level_puzzles_match_the_table(bank):
    puzzles = [p for p in bank if p.type == "level"]
    plain = [p for p in puzzles if p.position.get("kitty") is None]
    assert len(plain) >= 10, len(plain)  # those with a kitty to add first are left to the solver
    for p in plain:
        answer = _change_text(p.position["points"])
        assert grade(p, answer).correct, (p.id, p.position["points"], answer)


def jifen(levels: list[int], declarer: int, friend: int | None, points: int,
          failed: list[int]) -> list[int]:
    """§8: levels rise for the winning side (each from its own level, stopping at A = 14),
    then 积分_i = Σ_{j≠i} (L_i − L_j) − failed throws by i."""
    side, n = level_change(points)
    declarer_side = {declarer} if friend is None else {declarer, friend}
    after = list(levels)
    for s in range(5):
        rises = (side == "declarer" and s in declarer_side) or (
            side == "defenders" and s not in declarer_side)
        if rises:
            after[s] = min(14, after[s] + n)
    return [sum(after[i] - after[j] for j in range(5) if j != i) - failed[i]
            for i in range(5)]


def test_jifen_oracle_reproduces_example_23():
    assert jifen([2, 5, 2, 3, 2], 0, 1, 60, [0] * 5) == [-1, 14, -6, -1, -6]


def test_score_puzzles_match_the_formula(bank):
    puzzles = [p for p in bank if p.type == "score"]
    assert len(puzzles) >= 10
    for p in puzzles:
        pos = p.position
        answer = jifen(list(pos["levels"]), pos["declarer"], pos["friend"], pos["points"],
                       list(pos["failed"]))
        assert grade(p, " ".join(map(str, answer))).correct, (p.id, answer)


def _friend_holder(declarer: int, copies: list[int]) -> str:
    """§7 default: the first player after the declarer, in play order, holding a copy."""
    for k in range(1, 5):
        seat = (declarer + k) % 5
        if copies[seat]:
            return str(seat)
    return "alone"


def _friend_nth(declarer: int, nth: int, played: list[tuple[int, int]]) -> str:
    """§7 nth_played: whoever plays the Nth copy; alone if that is the declarer or never."""
    total = 0
    for seat, count in played:
        total += count
        if total >= nth:
            return "alone" if seat == declarer else str(seat)
    return "alone"


def test_friend_puzzles_match_the_rule(bank):
    counted = {"holder": 0, "nth_played": 0}
    for p in (q for q in bank if q.type == "friend"):
        pos = p.position
        if p.question == "holder":
            answer = _friend_holder(pos["declarer"], list(pos["copies"]))
        else:
            answer = _friend_nth(pos["declarer"], pos["nth"], list(pos["played"]))
        counted[p.question] += 1
        assert grade(p, answer).correct, (p.id, pos, answer)
    assert counted["holder"] >= 10 and counted["nth_played"] >= 5, counted


def _split(card) -> tuple[str, str | None]:
    text = str(card)
    return (text, None) if text in ("BJ", "SJ") else (text[:-1], text[-1])


def trump_rank(card, level: str, suit: str | None) -> int | None:
    """§2: BJ > SJ > trump-suit level card > off-suit level cards (equal) > A … 2 of the
    trump suit (level rank skipped); None for a non-trump."""
    rank, card_suit = _split(card)
    if rank == "BJ":
        return 100
    if rank == "SJ":
        return 99
    if rank == level:
        return 98 if card_suit == suit else 97
    if suit is not None and card_suit == suit:
        return RANKS.index(rank)
    return None


def test_trump_order_oracle_on_a_hand_worked_case():
    from tutor.rules import parse_cards

    cards = parse_cards("3H 2S BJ AH 2H SJ 5C")
    assert [trump_rank(c, "2", "H") for c in cards] == [1, 97, 100, 12, 98, 99, None]


@pytest.mark.parametrize("question", ["trumps", "order"])
def test_trump_order_puzzles_match_the_order(bank, question):
    puzzles = [p for p in bank if p.type == "trump_order" and p.question == question]
    assert len(puzzles) >= 5
    for p in puzzles:
        t = p.position["trump"]
        cards = p.position["cards"]
        ranks = [trump_rank(c, t.level, t.suit) for c in cards]
        if question == "trumps":
            trumps = [c for c, r in zip(cards, ranks, strict=True) if r is not None]
            answer = " ".join(map(str, trumps)) or "none"
        else:
            assert None not in ranks, p.id  # an order question holds trumps only
            ordered = sorted(zip(ranks, map(str, cards), strict=True), key=lambda x: -x[0])
            answer = " ".join(c for _, c in ordered)
        assert grade(p, answer).correct, (p.id, answer)


def _suit_and_value(card, level: str, suit: str | None) -> tuple[str, int]:
    """§2: a card's effective suit ("trump" or its own) and its height within it."""
    rank = trump_rank(card, level, suit)
    if rank is not None:
        return "trump", rank
    text, own = _split(card)
    return own, RANKS.index(text)


def trick_winner_of_sets(plays: list[list], level: str, suit: str | None) -> int | None:
    """§5 for leads of one card or n identical cards: a later play beats the winner so far
    only if it is n identical cards too, and either of the winning play's suit and higher,
    or all trump against a non-trump winner; equal stays with the earlier play. None when
    the lead is not of that kind (tractors and throws are left to the solver)."""
    def kind(play) -> tuple[str, int] | None:
        texts = {str(c) for c in play}
        return _suit_and_value(play[0], level, suit) if len(texts) == 1 else None

    best = kind(plays[0])
    if best is None:
        return None
    winner = 0
    for i, play in enumerate(plays[1:], 1):
        this = kind(play)
        if this is None or len(play) != len(plays[0]):
            continue  # not the lead's shape: it cannot win
        if (this[0] == best[0] and this[1] > best[1]) or (this[0] == "trump" != best[0]):
            winner, best = i, this
    return winner


def test_trick_oracle_reproduces_examples_11_12_and_14():
    from tutor.rules import parse_cards

    def plays(*texts):
        return [parse_cards(t) for t in texts]

    assert trick_winner_of_sets(plays("KH", "AH", "2C", "2S", "3S"), "2", "S") == 3  # ex. 11
    assert trick_winner_of_sets(plays("AH AH", "3S 3S", "5S 5S", "2C 2D"), "2", "S") == 2  # 12
    assert trick_winner_of_sets(plays("2C", "2D"), "2", "S") == 0  # ex. 14: equal, leader wins


def test_trick_puzzles_of_single_cards_and_sets_match_the_rule(bank):
    checked = 0
    for p in (p for p in bank if p.type == "trick"):
        t, plays = p.position["trump"], p.position["plays"]
        index = trick_winner_of_sets(plays, t.level, t.suit)
        if index is None:
            continue  # a tractor or throw lead: counted below
        seat = (p.position["leader"] + index) % 5
        assert grade(p, str(seat)).correct, (p.id, seat)
        wrong = (p.position["leader"] + (index + 1) % len(plays)) % 5  # another who played
        assert not grade(p, str(wrong)).correct, (p.id, wrong)  # … is graded wrong
        checked += 1
    assert checked >= 20, checked
