"""The play table and the end-of-hand summary as HTML, built from an Observation only.

Pure functions: what one seat may know in, markup out — so the view can never show
another seat's hidden cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from tutor.review.puzzles import counted_points, role
from tutor.rules import (
    LEVEL_NAMES,
    Card,
    EventKind,
    HandResult,
    Observation,
    Phase,
    Trick,
    Trump,
    format_cards,
)

from ..cards import CARD_CSS, card_html
from ..i18n import t
from ..safe import user_text

# the trick in progress and the last trick sit side by side in the centre (the last one
# smaller and dimmed), so the table stays short and the hand below it on the first screen
TABLE_CSS = CARD_CSS + """
.zp-table { display: grid; gap: 8px; font-family: system-ui, sans-serif;
  grid-template-columns: minmax(0, 1fr) minmax(0, 2.4fr) minmax(0, 1fr); grid-template-areas:
  "info info info" "top-l center top-r" "left center right" ". me ."; }
.zp-info { grid-area: info; display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center;
  background: #f3f6fa; border-radius: 8px; padding: 8px 12px; font-size: 14px; }
.zp-info b { color: #0d47a1; }
.zp-seat { border: 1px solid #d0d7de; border-radius: 8px; padding: 6px 8px; background: #fff; }
.zp-seat.acting { border: 2px solid #1e88e5; box-shadow: 0 0 6px rgba(30,136,229,.4); }
.zp-seat .who { font-weight: 700; font-size: 14px; }
.zp-seat .meta { font-size: 12px; color: #555; margin: 2px 0 4px; }
.zp-badge { display: inline-block; font-size: 11px; border-radius: 10px; padding: 0 6px;
  margin-left: 4px; color: #fff; background: #6d4c41; }
.zp-badge.friend { background: #2e7d32; } .zp-badge.act { background: #1e88e5; }
.zp-badge.lead { background: #8e24aa; } .zp-badge.win { background: #ef6c00; }
.zp-center { grid-area: center; grid-row: 2 / span 2; border-radius: 10px; background: #1b5e20;
  color: #fff; padding: 10px; display: flex; flex-wrap: wrap; gap: 8px 18px;
  justify-content: center; align-items: flex-start; align-content: center; min-height: 200px;
  text-align: center; }
.zp-center .status { font-size: 14px; overflow-wrap: anywhere; }
.zp-table .who bdi { display: inline-block; max-width: min(9em, 100%); overflow: hidden;
  text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom; }  /* a person's name */
.zp-center .faded { opacity: .75; }
.zp-small .zp-card { width: 34px; height: 48px; margin-right: -8px; }
.zp-small .zp-card .rank { font-size: 12px; } .zp-small .zp-card .suit { font-size: 12px;
  top: 15px; } .zp-small .zp-card .pip { font-size: 14px; } .zp-small .zp-card .pts { top: 30px; }
.zp-played { display: flex; min-height: 50px; }
.zp-played[data-many] .zp-card { margin-right: -26px; }
.zp-now { display: flex; flex-direction: column; gap: 4px; align-items: center; min-width: 0; }
.zp-play { display: flex; gap: 8px; align-items: center; }
.zp-play .who { min-width: 64px; text-align: right; font-size: 13px; }
.zp-play.win .who { color: #ffd54f; font-weight: 700; }
.zp-play .zp-played { min-height: 0; }
.zp-last { padding: 6px 8px; border-radius: 8px; background: rgba(0,0,0,.18); opacity: .85;
  font-size: 12px; display: flex; flex-direction: column; gap: 2px; align-items: center;
  min-width: 0; }
.zp-last .zp-play .who { font-size: 11px; min-width: 52px; }
.zp-tiny .zp-card { width: 24px; height: 34px; margin-right: -6px; border-radius: 4px; }
.zp-tiny .zp-card .rank { font-size: 10px; left: 2px; } .zp-tiny .zp-card .suit { display: none; }
.zp-tiny .zp-card .pip { font-size: 11px; right: 2px; bottom: 1px; }
.zp-tiny .zp-card .pts { display: none; }
.zp-tiny .zp-card.joker .rank { font-size: 7px; letter-spacing: 0; }
.zp-tiny[data-many] .zp-card { margin-right: -12px; }
.zp-played .zp-card:last-child, .zp-played[data-many] .zp-card:last-child { margin-right: 0; }
.zp-summary table { border-collapse: collapse; margin-top: 6px; }
.zp-info, .zp-summary td { overflow-wrap: anywhere; }  /* a long name typed without spaces */
.zp-summary th { word-break: keep-all; }  /* a word stays whole: breaks only between words */
.zp-nb { white-space: nowrap; }
.zp-summary td, .zp-summary th { border: 1px solid #ccd; padding: 3px 10px; text-align: center; }
.zp-summary th { background: #eef2f7; }
.zp-up { color: #2e7d32; font-weight: 700; }
/* a phone: the four other seats in one row, the centre full width below them with each play
   a column (name over cards) side by side, your seat one line under it */
@media (max-width: 700px) {
  .zp-table { gap: 4px; grid-template-columns: repeat(4, minmax(0, 1fr)); grid-template-areas:
    "info info info info" "left top-l top-r right" "center center center center" "me me me me"; }
  .zp-info { font-size: 12px; padding: 4px 8px; gap: 0 10px; }
  .zp-seat { padding: 3px 4px; overflow: hidden; }
  .zp-seat .who { font-size: 12px; }
  .zp-seat .meta { font-size: 10.5px; margin: 0 0 2px; }
  .zp-seat.me { display: flex; flex-wrap: wrap; align-items: center; gap: 0 8px; }
  .zp-seat.me .meta { margin: 0; }
  .zp-badge { font-size: 10px; padding: 0 4px; margin-left: 2px; }
  .zp-seat .zp-badge.lead, .zp-seat .zp-badge.win { display: none; }  /* the centre says so */
  .zp-table .zp-played { min-height: 36px; flex-wrap: wrap; }
  .zp-table .zp-small .zp-card { width: 26px; height: 36px; margin-right: -10px; }
  .zp-table .zp-small .zp-card .rank { font-size: 11px; }
  .zp-table .zp-small .zp-card .suit { font-size: 10px; top: 13px; }
  .zp-table .zp-small .zp-card .pip { display: none; }
  .zp-table .zp-small .zp-card .pts { top: 25px; }
  .zp-center { grid-row: auto; min-height: 56px; padding: 4px; gap: 4px;
    flex-direction: column; flex-wrap: nowrap; align-items: stretch; }
  .zp-center .status { font-size: 12px; flex-basis: 100%; }
  .zp-now, .zp-last { flex-direction: row; flex-wrap: wrap; justify-content: center;
    align-items: flex-end; gap: 2px 8px; }
  .zp-last { padding: 3px 4px; gap: 2px 6px; }
  .zp-last .zp-tiny .zp-card { margin-right: -10px; }
  .zp-center .zp-play { flex-direction: column; gap: 1px; }
  .zp-center .zp-play .who { min-width: 0; text-align: center; font-size: 11px; }
  .zp-center .zp-last .zp-play .who { font-size: 10px; }
  .zp-table .zp-play .zp-played { min-height: 0; flex-wrap: nowrap; }
  .zp-now .zp-card { width: 32px; height: 44px; margin-right: -14px; }
  .zp-now .zp-card .rank { font-size: 13px; left: 2px; letter-spacing: -1px; }
  .zp-now .zp-card .suit { font-size: 12px; top: 16px; left: 3px; }
  .zp-now .zp-card .pip { font-size: 15px; right: 3px; bottom: 2px; }
  .zp-now .zp-card .pts { top: 30px; left: 4px; }
  .zp-now .zp-card.joker .rank { font-size: 8px; letter-spacing: 0; }
  .zp-now [data-many] .zp-card { margin-right: -20px; }
  .zp-center .zp-card:last-child, .zp-center [data-many] .zp-card:last-child {
    margin-right: 0; }
}
"""

AREAS = ("me", "right", "top-r", "top-l", "left")  # by offset from the person's seat


def seat_name(seat: int, human: int, lang: str) -> str:
    """`You` for the person's seat, else `Seat 3` / `3号位`."""
    return t("you", lang) if seat == human else t("seat", lang, n=seat)


class Html(str):
    """Text that is HTML already (a name through `user_text`): `said` puts it in as it is."""


def who_html(seat: int, human: int, lang: str, names: Sequence[str] = ()) -> Html:
    """The seat as HTML: `You`, else the name of the person sitting there at a shared table
    (`names[seat]`, typed text, so through `user_text`), else `Seat 3`."""
    name = names[seat] if seat != human and 0 <= seat < len(names) else ""
    return Html(user_text(name) if name else escape(seat_name(seat, human, lang)))


def said(key: str, lang: str, **params: object) -> str:
    """The catalogue's text for `key` as HTML: escaped, with its `Html` parameters (seat
    names) put in as they are and every other parameter escaped with the text."""
    marks = {k: f"\x00{i}\x00" for i, (k, v) in enumerate(params.items())
             if isinstance(v, Html)}
    text = escape(t(key, lang, **{**params, **marks}))
    for k, mark in marks.items():
        text = text.replace(mark, str(params[k]))
    return text


MANY = 6  # a play of more cards than this overlaps them closer, so a big throw stays one line


def cards_row(cards: Sequence[Card], trump: Trump | None, small: bool | str = True,
              lang: str = "en") -> str:
    """Cards side by side (small by default, `"tiny"` smaller still), trumps marked, jokers
    named in `lang`."""
    inner = "".join(card_html(c, trump, lang=lang) for c in cards)
    size = "zp-tiny" if small == "tiny" else "zp-small" if small else ""
    many = " data-many" if len(cards) > MANY else ""
    return f'<div class="zp-played {size}"{many}>{inner}</div>'


def _friend_text(obs: Observation, human: int, lang: str, names: Sequence[str] = ()) -> str:
    if obs.friend_card is None:
        return ""
    card = obs.friend_card.name(lang)
    call = (t("friend_call_nth", lang, nth=obs.friend_nth, card=card) if obs.friend_nth
            else t("friend_call", lang, card=card))
    if not obs.sides_known:
        state = said("friend_hidden", lang)
    elif obs.friend is None:
        state = said("alone", lang)
    else:
        state = said("friend_is", lang, who=who_html(obs.friend, human, lang, names))
    return f"<span>{escape(call)} · {state}</span>"


def trump_html(obs: Observation, human: int, lang: str, names: Sequence[str] = ()) -> str:
    """The trump once set, else the standing bid's suit and who bid it, else the level."""
    if obs.trump is not None:
        return escape(obs.trump.describe(lang))
    bid = obs.standing_bid
    if bid is None:
        deals = 1 + sum(1 for e in obs.events if e.type == EventKind.REDEAL)
        again = said("bidding_redealt", lang, n=deals) if deals > 1 else ""
        return said("bidding_no_trump", lang, level=obs.level) + (" · " + again if again else "")
    shown = next((cards for seat, cards in reversed(obs.bids) if seat == bid.seat), ())
    return said("bidding_standing", lang, trump=Trump(obs.level, bid.suit).describe(lang),
                who=who_html(bid.seat, human, lang, names),
                cards=format_cards(shown, lang=lang))


def info_html(obs: Observation, human: int, lang: str, hand_no: int,
              names: Sequence[str] = ()) -> str:
    """The bar above the table: hand, trump and level, declarer, friend, defenders' points."""
    parts = [f"<b>{escape(t('hand_no', lang, n=hand_no))}</b>"]
    parts.append(f"<span>{trump_html(obs, human, lang, names)}</span>")
    if obs.declarer is not None:
        who = who_html(obs.declarer, human, lang, names)
        parts.append(f"<span>{said('declarer_is', lang, who=who)}</span>")
    friend = _friend_text(obs, human, lang, names)
    if friend:
        parts.append(friend)
    # the person's side as they can know it (the hidden friend knows itself), and the
    # defenders' points once they can count them
    known = role(obs) if obs.seat == human and obs.phase == Phase.PLAYING else "unknown"
    if known != "unknown":
        parts.append(f"<span>{escape(t('you_are', lang, side=t(f'side_{known}', lang)))}</span>")
    pts, whole = counted_points(obs, known)
    if whole and obs.phase == Phase.PLAYING:
        parts.append(f"<span>{escape(t('defenders_so_far', lang, n=pts))}</span>")
    return f'<div class="zp-info">{"".join(parts)}</div>'


def seat_html(obs: Observation, seat: int, human: int, lang: str,
              names: Sequence[str] = ()) -> str:
    """One seat: name, badges, level, cards left, points won, and its bid while bidding (its
    play in this trick is drawn in the centre, with the rest of the trick)."""
    badges = []
    if seat == obs.declarer:
        badges.append(f'<span class="zp-badge">{escape(t("declarer_badge", lang))}</span>')
    if obs.friend is not None and seat == obs.friend:
        badges.append(f'<span class="zp-badge friend">{escape(t("friend_badge", lang))}</span>')
    if obs.turn == seat:
        badges.append(f'<span class="zp-badge act">{escape(t("to_act", lang))}</span>')
    if obs.current and obs.current[0][0] == seat:
        badges.append(f'<span class="zp-badge lead">{escape(t("leads", lang))}</span>')
    if obs.current_winner == seat:
        badges.append(f'<span class="zp-badge win">{escape(t("winning", lang))}</span>')
    # each figure kept whole on a narrow seat ("0 / 分", "Lev/el" broke mid-word on a phone)
    meta = " · ".join(f'<span class="zp-nb">{escape(x)}</span>' for x in (
        t("level", lang, level=LEVEL_NAMES[obs.levels[seat]]),
        t("cards_left", lang, n=obs.hand_sizes[seat]), t("captured", lang, n=obs.captured[seat])))
    bid = [cards for s, cards in obs.bids if s == seat] if obs.phase == Phase.BIDDING else []
    # room for a bid only while bidding: later a seat is its name and figures, kept short
    shown = (cards_row(bid[-1], obs.trump, lang=lang) if bid else '<div class="zp-played"></div>'
             ) if obs.phase == Phase.BIDDING else ""
    area = AREAS[(seat - human) % len(obs.levels)] if len(obs.levels) == 5 else ""
    kind = (" acting" if obs.turn == seat else "") + (" me" if seat == human else "")
    return (f'<div class="zp-seat{kind}" style="grid-area:{area}" data-seat="{seat}">'
            f'<div class="who">{who_html(seat, human, lang, names)}{"".join(badges)}</div>'
            f'<div class="meta">{meta}</div>{shown}</div>')


def trick_rows(plays: Sequence[tuple[int, Sequence[Card]]], winner: int | None,
               trump: Trump | None, human: int, lang: str, small: bool | str = True,
               names: Sequence[str] = ()) -> str:
    """The plays of a trick, one row per seat in play order, the winner (so far) starred."""
    return "".join(
        f'<div class="zp-play{" win" if s == winner else ""}" data-seat="{s}">'
        f'<span class="who">{who_html(s, human, lang, names)}{" ★" if s == winner else ""}'
        f"</span>{cards_row(cards, trump, small, lang)}</div>"
        for s, cards in plays)


def center_html(obs: Observation, human: int, lang: str, names: Sequence[str] = ()) -> str:
    """The middle of the table: the trick in progress, play by play as it is played, and
    below it, smaller and apart, the last trick won."""
    n = len(obs.tricks) + 1
    if obs.current:
        leader = who_html(obs.current[0][0], human, lang, names)
        winner = who_html(obs.current_winner, human, lang, names)  # type: ignore[arg-type]
        status = "trick_status_you" if obs.current_winner == human else "trick_status"
        head = (f'<b>{escape(t("trick_no", lang, n=n))}</b>: '
                f'{said(status, lang, leader=leader, winner=winner)}')
        rows = trick_rows(obs.current, obs.current_winner, obs.trump, human, lang, small=False,
                          names=names)
    elif obs.phase == Phase.PLAYING and obs.turn is not None:
        head = said("trick_next", lang, n=n, leader=who_html(obs.turn, human, lang, names))
        rows = ""
    else:
        head, rows = escape(t("no_trick", lang)) if not obs.tricks else "", ""
    parts = [f'<div class="zp-now" data-trick="{n}"><div class="status">{head}</div>{rows}</div>']
    if obs.tricks:
        last = obs.tricks[-1]
        text = said("last_trick", lang, winner=who_html(last.winner, human, lang, names),
                    points=last.points)
        rows = trick_rows(last.plays, last.winner, obs.trump, human, lang, "tiny", names)
        parts.append(f'<div class="zp-last" data-trick="{len(obs.tricks)}">'
                     f'<div class="status">{text}</div>{rows}</div>')
    return f'<div class="zp-center">{"".join(parts)}</div>'


def table_html(obs: Observation, human: int, lang: str, hand_no: int,
               names: Sequence[str] = ()) -> str:
    """The whole table for the person at seat `human`; at a shared table `names` are the
    people sitting at each seat ("" for a computer player)."""
    seats = "".join(seat_html(obs, s, human, lang, names) for s in range(len(obs.levels)))
    trump = "" if obs.trump is None else f"{obs.trump.level}{obs.trump.suit or ''}"
    return (f'<div class="zp-table" data-trump="{trump}" data-phase="{obs.phase}">'
            f'{info_html(obs, human, lang, hand_no, names)}{seats}'
            f'{center_html(obs, human, lang, names)}</div>')


def summary_html(result: HandResult, last: Trick, totals: Sequence[int], human: int, lang: str,
                 hand_no: int, names: Sequence[str] = ()) -> str:
    """End of hand: defender points, kitty and multiplier, level changes, 积分."""

    def who(seat: int) -> Html:
        return who_html(seat, human, lang, names)

    def para(key: str, bold: bool = False, **params: object) -> str:
        text = said(key, lang, **params)
        return f"<p><b>{text}</b></p>" if bold else f"<p>{text}</p>"

    kitty = format_cards(result.kitty, lang=lang)
    lines = [f"<h3>{escape(t('summary_title', lang, n=hand_no))}</h3>",
             para("summary_points", tricks=result.trick_points, bonus=result.kitty_bonus,
                  p=result.defender_points)]
    if result.kitty_multiplier is not None:
        winning = format_cards(dict(last.plays)[last.winner], lang=lang)
        lines.append(para("summary_kitty", cards=kitty, points=result.kitty_points,
                          who=who(last.winner), play=winning, mult=result.kitty_multiplier))
    else:
        lines.append(para("summary_kitty_safe", cards=kitty, points=result.kitty_points))
    side_key = {"declarer": "summary_side_declarer", "defenders": "summary_side_defenders",
                "none": "summary_side_none"}[result.side]
    lines.append(para(side_key, bold=True, n=result.levels_up))
    lines.append(para("next_declarer", who=who(result.next_declarer)))
    head = "".join(f"<th>{escape(t(k, lang))}</th>" for k in
                   ("col_player", "col_level", "col_failed", "col_jifen", "col_total"))
    rows = []
    for s in range(len(result.levels_after)):
        before, after = LEVEL_NAMES[result.levels_before[s]], LEVEL_NAMES[result.levels_after[s]]
        level = f'{before} → <span class="zp-up">{after}</span>' if before != after else after
        role = ""
        if s == result.declarer:
            role = f' <span class="zp-badge">{escape(t("declarer_badge", lang))}</span>'
        elif s == result.friend:
            role = f' <span class="zp-badge friend">{escape(t("friend_badge", lang))}</span>'
        rows.append(f"<tr data-seat='{s}'><td>{who(s)}{role}</td><td>{level}</td>"
                    f"<td>{result.failed_throws[s]}</td><td>{result.score[s]:+d}</td>"
                    f"<td>{totals[s]:+d}</td></tr>")
    lines.append(f"<table><tr>{head}</tr>{''.join(rows)}</table>")
    return f'<div class="zp-summary">{"".join(lines)}</div>'
