"""The public facade of `tutor.rules`: what callers need is there, and only there."""

from __future__ import annotations

import pytest

from tutor.rules import CardError, Trump

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
