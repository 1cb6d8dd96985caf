"""Hints for learners: the recommended action with one or two short reasons, in English and
Chinese. All wording lives in the catalogue's `hint` area (`tutor.text`), so the UI can show
either language."""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.rules import (
    SUIT_NAMES_ZH,
    SUIT_SYMBOLS,
    Action,
    Bid,
    Bury,
    CallFriend,
    Observation,
    Pass,
    Phase,
    Play,
    format_cards,
)
from tutor.text import has, t

from .heuristic import heuristic_choice
from .memory import build_memory


@dataclass
class Suggestion:
    """A recommended action and its reasons as (English, 中文) pairs."""

    action: Action
    reasons: list[tuple[str, str]] = field(default_factory=list)

    @property
    def en(self) -> list[str]:
        return [r[0] for r in self.reasons]

    @property
    def zh(self) -> list[str]:
        return [r[1] for r in self.reasons]


def text(key: str, **params) -> tuple[str, str]:
    """One reason in both languages; `params` may be (en, zh) pairs or plain values."""
    pe = {k: (v[0] if isinstance(v, tuple) else v) for k, v in params.items()}
    pz = {k: (v[1] if isinstance(v, tuple) else v) for k, v in params.items()}
    return t(f"hint.{key}", "en", **pe), t(f"hint.{key}", "zh", **pz)


def _cards(cards) -> str:
    return format_cards(cards, unicode=True)


def suggest(obs: Observation, player=None) -> Suggestion:
    """The recommended action for `obs` with reasons. `player` may be a `SearchPlayer`: its
    choice is explained with the heuristic's reason for it plus the search's figures."""
    action, reason, info = heuristic_choice(obs)
    report = None
    if player is not None and obs.phase == Phase.PLAYING and hasattr(player, "search"):
        report = player.search(obs)
        if tuple(sorted(report.best)) != tuple(sorted(getattr(action, "cards", ()))):
            chosen = next(c for c, _, _ in report.ranked if c.cards == report.best)
            action, reason, info = Play(obs.seat, report.best), chosen.reason, chosen.info
    elif player is not None:
        action = player.act(obs)
    reasons = [_main_reason(obs, action, reason, info)]
    if report is not None and len(report.ranked) > 1 and report.samples:
        (_, v, _), (alt, v2, _) = report.ranked[0], report.ranked[1]
        reasons.append(text("search", samples=report.samples, value=v, alt=_cards(alt.cards),
                            alt_value=v2))
    elif obs.phase == Phase.BURYING and info.get("points") and info.get("strong"):
        reasons.append(text("bury_points", points=info["points"]))
    elif obs.phase == Phase.PLAYING:
        team = _team_reason(obs)
        if team is not None:
            reasons.append(team)
    return Suggestion(action, reasons)


def _main_reason(obs: Observation, action: Action, reason: str, info: dict) -> tuple[str, str]:
    if isinstance(action, Bid):
        suit = action.cards[0].suit
        return text("bid_strong_suit", cards=_cards(action.cards),
                    suit=(SUIT_SYMBOLS[suit], SUIT_NAMES_ZH[suit]))
    if isinstance(action, Pass):
        return text(reason if has(f"hint.{reason}") else "bid_weak")
    if isinstance(action, Bury):
        return text("bury", cards=_cards(action.cards))
    if isinstance(action, CallFriend):
        return text("call", card=action.card.symbol, copies=info.get("copies", 0))
    assert isinstance(action, Play)
    partner = info.get("partner_cards")
    return text(reason if has(f"hint.{reason}") else "dump_low", cards=_cards(action.cards),
                points=info.get("points", 0), partner=_cards(partner) if partner else "")


def _team_reason(obs: Observation) -> tuple[str, str] | None:
    if obs.friend is not None:
        return text("friend_known", friend=obs.friend)
    if obs.friend_card is None:
        return None
    mem = build_memory(obs)
    if not mem.friend_candidates:
        return None
    seats = ", ".join(str(s) for s in mem.friend_candidates)
    return text("friend_unknown", seats=(seats, "、".join(seats.split(", "))),
                card=obs.friend_card.symbol)
