"""Learn from your mistakes: a clear mistake of a reviewed hand becomes a `better_play` puzzle
that shows what the learner saw and is graded by the same review."""

from __future__ import annotations

import re

import pytest

from tutor.puzzle import PuzzleFileError
from tutor.puzzle.loader import PERSONAL_TYPES, read_entry
from tutor.question.text import marked_cards
from tutor.review import DEFAULT_BUDGET, grade
from tutor.review.jobs import HandRecord, judge_at
from tutor.review.puzzles import mistake_entry, puzzle_id, teaches
from tutor.review.review import judge
from tutor.review.selfplay import planted_blunder
from tutor.review.values import true_deal
from tutor.rules import parse_cards

SEED = 1  # match 1's first hand has a planted 10 the review finds a clear blunder


@pytest.fixture(scope="module")
def planted():
    """The hand with its planted blunder, its record, the judgement and the puzzle made of it."""
    hand, index = planted_blunder(SEED)
    record = HandRecord.of(hand)
    judged = judge_at(record, index)
    assert judged is not None and teaches(judged)
    entry = mistake_entry(record, judged, puzzle_id(7, 0, index))
    return record, index, judged, entry, read_entry(entry, "test", types=PERSONAL_TYPES)


def test_a_pick_is_right_exactly_when_the_review_would_not_grade_it(planted):
    """Each option is judged again as if the learner had played it: the puzzle accepts it
    when, and only when, that judgement finds no inaccuracy."""
    record, index, judged, entry, puzzle = planted
    position = record.position(index)
    obs = position.observation(position.turn)
    letters = "ABCDEF"[:len(entry["candidates"])]
    verdicts = {}
    for letter, cards in zip(letters, entry["candidates"], strict=True):
        again = judge(obs, true_deal(position), tuple(parse_cards(cards)), index, DEFAULT_BUDGET)
        verdicts[letter] = grade(again.cost_fair) is None
        assert puzzle.grade(letter).correct == verdicts[letter], letter
    played = letters[entry["played"] - 1]
    assert not verdicts[played] and any(verdicts.values())
    assert entry["candidates"][entry["played"] - 1] == " ".join(map(str, judged.chosen))


def test_the_puzzle_shows_only_what_the_learner_saw(planted):
    record, index, _judged, _entry, puzzle = planted
    position = record.position(index)
    obs = position.observation(position.turn)
    seen = set(obs.hand) | {c for _, cards in obs.current for c in cards}
    seen |= {c for t in obs.tricks for _, cards in t.plays for c in cards}  # played openly
    seen |= {obs.friend_card} | set(obs.buried or ())  # called aloud; its own bury
    for lang in ("en", "zh"):
        shown = {c for group in marked_cards(puzzle.prompt().get(lang)) for c in group}
        assert shown and shown <= seen
    public = puzzle.public()
    assert "values" not in public["position"] and "errors" not in public["position"]
    assert not re.search(r"-?\d+\.\d\d", str(public))  # no value leaks into the page


def test_the_explanation_gives_the_values_and_the_play_made(planted):
    _record, _index, judged, entry, puzzle = planted
    result = puzzle.grade("ABCDEF"[entry["played"] - 1])
    assert not result.correct
    text = result.explanation.en
    assert "In the game you played" in text and judged.reason[0] in text
    assert f"{max(entry['values']):+.2f}" in text
    hint = puzzle.hint("A").en
    assert hint and not any(str(c) in hint for c in judged.best_fair)  # no answer given away


@pytest.mark.parametrize(("change", "field"), [
    ({"values": [1.0]}, "values"),
    ({"errors": [-1.0, 0, 0, 0]}, "errors"),
    ({"leader": 2}, "leader"),
    ({"played": 9}, "played"),
    ({"mistake": "careless"}, "mistake"),
])
def test_a_malformed_entry_says_which_field_is_wrong(planted, change, field):
    with pytest.raises(PuzzleFileError) as err:
        read_entry(dict(planted[3], **change), "test", types=PERSONAL_TYPES)
    assert err.value.field == field


def test_a_candidate_must_be_held_and_a_legal_follow(planted):
    entry = planted[3]
    held = parse_cards(entry["hand"])
    missing = next(c for c in parse_cards("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S") if c not in held)
    for first, why in ((str(missing), "does not hold"), (f"{held[0]} {held[1]}", "not a legal")):
        with pytest.raises(PuzzleFileError, match=why) as err:
            read_entry(dict(entry, candidates=[first, *entry["candidates"][1:]]), "test",
                       types=PERSONAL_TYPES)
        assert err.value.field == "candidates[1]"


def test_a_bank_file_or_a_teacher_cannot_write_one(planted):
    """Its values are the review's: typed into a file they would be answers typed by hand."""
    with pytest.raises(PuzzleFileError) as err:
        read_entry(planted[3], "puzzles/mine.toml")
    assert err.value.field == "type"
