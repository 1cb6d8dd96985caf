"""Text helpers for questions: sentences in two languages, and cards written as marks.

Every card in a question's text is a mark, `[[AH AH KH KH]]`: the pages draw it as cards,
`plain()` turns it into `A♥ A♥ K♥ K♥` where nothing can be drawn (a terminal, a radio label).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from tutor.rules import Card, Trump, Unit, format_cards, parse_cards
from tutor.text import Text, both

CARD_MARK = re.compile(r"\[\[(.*?)\]\]", re.S)


def join(parts: Iterable[Text]) -> Text:
    """Sentences one after another: a space between English ones, none between Chinese."""
    parts = [p for p in parts if p.en or p.zh]
    return Text(" ".join(p.en for p in parts), "".join(p.zh for p in parts))


def listing(items: Iterable[Text]) -> Text:
    """Items joined with commas: `a, b, c` / `a、b、c`."""
    items = list(items)
    return Text(", ".join(t.en for t in items), "、".join(t.zh for t in items))


def same(text: str) -> Text:
    """Text that reads the same in both languages (cards, numbers)."""
    return Text(text, text)


def cards_text(cards: Iterable[int]) -> Text:
    """Cards in running text in both languages (`10♥ K♥`; jokers `big joker` / `大王`)."""
    cards = list(cards)
    return Text(format_cards(cards, lang="en"), format_cards(cards, lang="zh"))


def mark(cards: Iterable[int]) -> str:
    """Cards as a mark, drawn as cards by the pages: `[[AH AH KH KH]]`; `—` for none."""
    cards = list(cards)
    return f"[[{format_cards(cards)}]]" if cards else "—"


def marked_cards(text: str) -> list[list[Card]]:
    """Every `[[...]]` group of a text, parsed (raises CardError on a bad card)."""
    return [parse_cards(m.group(1)) for m in CARD_MARK.finditer(text)]


def split_marks(text: str) -> list[str | list[Card]]:
    """The text cut into plain strings and card lists, in order (for renderers)."""
    out: list[str | list[Card]] = []
    last = 0
    for m in CARD_MARK.finditer(text):
        out.append(text[last:m.start()])
        out.append(parse_cards(m.group(1)))
        last = m.end()
    out.append(text[last:])
    return [part for part in out if part != ""]


def plain(text: str, lang: str = "en") -> str:
    """The text with every mark written out as cards for a reader of `lang`:
    `[[10H 10H]]` → `10♥ 10♥`, `[[BJ]]` → `big joker` / `大王`."""
    return "".join(part if isinstance(part, str) else format_cards(part, lang=lang)
                   for part in split_marks(text))


def seat(i: int) -> Text:
    """`seat 3` / `3号位`."""
    return both("question.seat", n=i)


def seat_cap(i: int) -> Text:
    """`Seat 3` / `3号位` (sentence start)."""
    return both("question.seat_cap", n=i)


def trump_text(trump: Trump) -> Text:
    """`level 2, trump ♠ (spades)` / `打2，主黑桃♠`."""
    return Text(trump.describe("en"), trump.describe("zh"))


def trump_sentence(trump: Trump) -> Text:
    """`Level 2, trump ♠ (spades).` / `打2，主黑桃♠。`."""
    head = trump.describe("en")
    return Text(head[:1].upper() + head[1:] + ".", trump.describe("zh") + "。")


def trump_public(trump: Trump) -> dict[str, object]:
    """What a browser needs to know about the trump."""
    return {"level": trump.level, "suit": trump.suit, "text": trump_text(trump).as_dict()}


def suit_text(trump: Trump, card: int) -> Text:
    """The effective suit of a card: `♥` or `trumps` / `主牌`."""
    eff = trump.effective_suit(card)
    return Text(trump.suit_label(eff, "en"), trump.suit_label(eff, "zh"))


def unit_name(kind: str) -> Text:
    """`pair` / `对子` (single, pair, triple, tractor, titanic)."""
    return both(f"question.unit_{kind}")


def unit_text(unit: Unit) -> Text:
    """`pair [[10H 10H]]` / `对子 [[10H 10H]]`."""
    return unit_name(unit.kind) + same(f" {mark(unit.cards)}")


def units_text(units: Iterable[Unit]) -> Text:
    """Units joined with `+`."""
    parts = [unit_text(u) for u in units]
    return Text(" + ".join(p.en for p in parts), " + ".join(p.zh for p in parts))


def history(tricks: Sequence[tuple[int, Sequence[Sequence[int]]]], trump: Trump, seat: int
            ) -> Text:
    """Earlier tricks, each (leader, plays in order), as the seat `seat` saw them: folded
    under "Earlier tricks (N)" (HTML `details`, opened on request), written as text
    (`10♥ K♥`, lighter than drawn cards for a whole hand's tricks), with the suits seats have
    shown they are out of; nothing when there are none."""
    if not tricks:
        return same("")
    summary, body = history_parts(tricks, trump, seat)

    def html(lang: str) -> str:
        return (f'\n\n<details class="zp-history"><summary>{summary.get(lang)}</summary>'
                f"{body.get(lang)}</details>\n")

    return Text(html("en"), html("zh"))


def history_parts(tricks: Sequence[tuple[int, Sequence[Sequence[int]]]], trump: Trump,
                  seat: int, named: Callable[[int], Text | None] = lambda s: None
                  ) -> tuple[Text, Text]:
    """`history`'s title ("Earlier tricks (N)") and its body: the tricks as an ordered list
    (HTML) and the voids they showed, for a page that folds them its own way. `named` gives
    a seat's name as HTML where a page names its seats (a shared table), else `Seat 3`."""
    eff = trump.table.eff
    seats = 5

    def who(s: int) -> Text:
        return both("better_play.you") if s == seat else named(s) or seat_cap(s)

    lines, out_of = [], {}
    for leader, plays in tricks:
        order = [(leader + i) % seats for i in range(len(plays))]
        led = eff[plays[0][0]]
        for s, cards in zip(order[1:], plays[1:], strict=True):
            if any(eff[c] != led for c in cards):
                out_of.setdefault(s, []).append(led)
        said = [both("better_play.play", who=who(s),
                     cards=cards_text(c))
                for s, c in zip(order, plays, strict=True)]
        lines.append(Text("; ".join(x.en for x in said), "、".join(x.zh for x in said)))
    voids = [both("better_play.void", who=who(s),
                  suits=listing(Text(trump.suit_label(x, "en"), trump.suit_label(x, "zh"))
                                for x in dict.fromkeys(suits)))
             for s, suits in sorted(out_of.items())]
    shown = both("better_play.voids", voids=Text("; ".join(v.en for v in voids),
                                                  "；".join(v.zh for v in voids)))

    def html(lang: str) -> str:
        items = "".join(f"<li>{x.get(lang)}</li>" for x in lines)
        return f"<ol>{items}</ol>" + (f"<p>{shown.get(lang)}</p>" if voids else "")

    return both("better_play.earlier", n=len(tricks)), Text(html("en"), html("zh"))


def lettered(letter: str, cards: Sequence[Card]) -> Text:
    """An option by its letter: `A: [[2H]]` / `A：[[2H]]` (a full-width colon in Chinese)."""
    return Text(f"{letter}: {mark(cards)}", f"{letter}：{mark(cards)}")


def lettered_list(letters: str, options: Sequence[Sequence[Card]]) -> Text:
    """Every option by its letter, `A: …; B: …` / `A：…；B：…`."""
    said = [lettered(letters[i], cards) for i, cards in enumerate(options)]
    return Text("; ".join(x.en for x in said), "；".join(x.zh for x in said))
