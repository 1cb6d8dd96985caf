"""The bank's answers checked against answers computed here, straight from RULES.md's text,
without the solver: level changes (§8 table), 积分 (§8 formula), the friend (§7) and trump
order (§2). Each oracle below is a few lines a reader can check against the rule text; a
solver or grader that drifts from the rules fails here even though it agrees with itself."""

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
