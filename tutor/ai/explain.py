"""Hints for learners: the recommended action with one or two short reasons, in English and
Chinese. All wording lives in the catalogue's `hint` area (`tutor.text`), so the UI can show
either language."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from tutor.rules import (
    SUIT_NAMES_ZH,
    SUIT_SYMBOLS,
    SUITS,
    TRUMP,
    Action,
    Bid,
    Bury,
    CallFriend,
    Observation,
    Pass,
    Phase,
    Play,
    format_cards,
    legal_follows,
    points_of,
)
from tutor.text import has, t

from .claims import (
    can_win,
    feeds_partner,
    follow_points,
    later_threats,
    lead_facts,
    partner_winning,
    wins_now,
)
from .heuristic import heuristic_choice
from .memory import build_memory
from .preplay import trumps_with
from .tactics import Choice


@dataclass
class Suggestion:
    """A recommended action and its reasons as (English, 中文) pairs.

    `claims` holds what the reasons assert about the position, so a test can check them on
    the full state: `voids` (the plain suits a bury leaves empty), `friend_candidates` (the
    seats said to be maybe the hidden friend) and `friend_is_me` (the hint says "you are the
    friend")."""

    action: Action
    reasons: list[tuple[str, str]] = field(default_factory=list)
    claims: dict = field(default_factory=dict)

    @property
    def en(self) -> list[str]:
        return [r[0] for r in self.reasons]

    @property
    def zh(self) -> list[str]:
        return [r[1] for r in self.reasons]


def text(key: str, **params) -> tuple[str, str]:
    """One reason in both languages; `params` may be (en, zh) pairs or plain values (a counted
    reason takes its form from `n`)."""
    pe = {k: (v[0] if isinstance(v, tuple) else v) for k, v in params.items()}
    pz = {k: (v[1] if isinstance(v, tuple) else v) for k, v in params.items()}
    return t(f"hint.{key}", "en", **pe), t(f"hint.{key}", "zh", **pz)


def _seats(seats: list[int]) -> tuple[str, str]:
    return ", ".join(map(str, seats)), "、".join(map(str, seats))


def _cards(cards) -> tuple[str, str]:
    """Cards in running text, (English, 中文): jokers are `big joker` / `大王`."""
    cards = list(cards)
    return format_cards(cards, lang="en"), format_cards(cards, lang="zh")


def suggest(obs: Observation, player=None) -> Suggestion:
    """The recommended action for `obs` with reasons. `player` may be a `SearchPlayer`: its
    choice is explained with the heuristic's reason for it plus the search's figures (a bid
    with the reason of the player's own way of bidding)."""
    action, reason, info = heuristic_choice(obs, getattr(player, "bidding", "classic"))
    if player is not None and obs.phase == Phase.PLAYING and hasattr(player, "search"):
        report = player.search(obs)
        ranked = [(c, v) for c, v, _ in report.ranked]
        return ranked_suggestion(obs, ranked, report.samples)
    if player is not None:
        chosen_action = player.act(obs)
        if chosen_action != action:  # the setup search's bury or call: its own details
            info = _setup_info(obs, chosen_action, info)
        action = chosen_action
    claims: dict = {}
    reasons = [_main_reason(obs, action, reason, info, claims)]
    if obs.phase == Phase.BURYING and info.get("points") and info.get("strong"):
        reasons.append(text("bury_points", points=info["points"]))
    elif obs.phase == Phase.PLAYING:
        team = _team_reason(obs, claims)
        if team is not None:
            reasons.append(team)
    return Suggestion(action, reasons, claims)


def ranked_suggestion(obs: Observation, ranked: list[tuple[Choice, float]], samples: int
                      ) -> Suggestion:
    """The first of `ranked` (candidate plays, best first, with their mean 积分 over
    `samples` deals) as a suggestion: why the tactics favour it, and the figures beside the
    next best."""
    (best, value), *rest = ranked
    claims: dict = {}
    action = Play(obs.seat, best.cards)
    reasons = [_main_reason(obs, action, best.reason, best.info, claims)]
    if rest and samples:
        alt, alt_value = rest[0]
        reasons.append(text("search", samples=samples, value=value, alt=_cards(alt.cards),
                            alt_value=alt_value))
    elif (team := _team_reason(obs, claims)) is not None:
        reasons.append(team)
    return Suggestion(action, reasons, claims)


def _setup_info(obs: Observation, action: Action, info: dict) -> dict:
    """The details the reasons quote, for a bury or call other than the heuristic's."""
    if isinstance(action, Bury):
        return {**info, "points": sum(c.points for c in action.cards)}
    if isinstance(action, CallFriend):
        held = obs.hand.count(action.card) + (obs.buried or ()).count(action.card)
        return {"card": action.card, "copies": obs.rules.decks - held}
    return info


def setup_reason(obs: Observation) -> tuple[Action, tuple[str, str]]:
    """The heuristic's bury or friend call for `obs` and why, in both languages: for a
    review's "the better bury (call)"."""
    action, reason, info = heuristic_choice(obs)
    return action, _main_reason(obs, action, reason, info, {})


def bid_reason(obs: Observation, action: Action, reason: str = "bid_weak") -> tuple[str, str]:
    """Why a bid (its suit as trump, or `reason` "bid_long_trumps": trumps enough to be
    declarer) or a pass (no suit worth showing), in both languages: for a review's "the
    better bid"."""
    return _main_reason(obs, action, reason, {}, {})


def play_reason(obs: Observation, choice) -> tuple[str, str]:
    """Why the tactics favour one candidate play (a `tactics.Choice`), in both languages:
    for a review's "the better play" as for a hint."""
    return _main_reason(obs, Play(obs.seat, choice.cards), choice.reason, choice.info, {})


def _bury_voids(obs: Observation, cards) -> list[str]:
    """The plain suits the hand holds now and would hold none of after burying `cards`."""
    assert obs.trump is not None
    eff = obs.trump.table.eff
    left = list(obs.hand)
    for c in cards:
        left.remove(c)
    before = {obs.trump.effective_suit(c) for c in obs.hand} - {TRUMP}
    after = {eff[c] for c in left}
    return [SUITS[e] for e in sorted(before - after)]


def _main_reason(obs: Observation, action: Action, reason: str, info: dict,
                 claims: dict) -> tuple[str, str]:
    if isinstance(action, Bid):
        suit = action.cards[0].suit
        key = "bid_long_trumps" if reason == "bid_long_trumps" else "bid_strong_suit"
        return text(key, cards=_cards(action.cards), suit=(SUIT_SYMBOLS[suit], SUIT_NAMES_ZH[suit]),
                    n=trumps_with(list(obs.hand), suit, obs.level))
    if isinstance(action, Pass):
        return text(reason if has(f"hint.{reason}") else "bid_weak")
    if isinstance(action, Bury):
        voids = _bury_voids(obs, action.cards)
        claims["voids"] = voids
        assert obs.trump is not None
        buried = _cards(obs.trump.sort(list(action.cards)))  # in hand order, as shown
        if not voids:
            return text("bury", cards=buried)
        suits = (" ".join(SUIT_SYMBOLS[s] for s in voids),
                 "、".join(SUIT_NAMES_ZH[s] for s in voids))
        return text("bury_void", cards=buried, suits=suits, n=len(voids))
    if isinstance(action, CallFriend):
        return text("call", card=_cards([action.card]), copies=info.get("copies", 0))
    assert isinstance(action, Play)
    reason, extra = _true_reason(obs, action.cards,
                                 reason if has(f"hint.{reason}") else "play")
    partner = extra.pop("partner", info.get("partner_cards"))
    return text(reason, cards=_cards(action.cards), points=info.get("points", 0),
                given=points_of(action.cards), partner=_cards(partner) if partner else "",
                **extra)


def _true_reason(obs: Observation, cards, reason: str) -> tuple[str, dict]:
    """The catalogue key of the reason to give for playing `cards` (the tactics said
    `reason`) and the details it quotes beyond the cards and points, told so that all it
    says is so for what the seat can know (`claims`)."""
    if obs.trump is None or obs.phase != Phase.PLAYING:
        return reason, {}
    mem = build_memory(obs)
    if obs.current:
        return _follow_reason(obs, cards, reason, mem)
    return _lead_reason(obs, cards, reason, mem)


def _follow_reason(obs: Observation, cards, reason: str, mem) -> tuple[str, dict]:
    """A follow's reason: "the only legal one" only when it is; no "give the least away"
    into a known partner's trick that points could be put in; no "cannot win" when some
    legal follow wins; "your partner" only for a seat known to be one."""
    if reason == "forced" and _choices_to_follow(obs) > 1:
        reason = "dump_low"  # the tactics weighed one follow, a discard; the rules allow others
    if reason == "feed_partner":
        if feeds_partner(obs, cards, mem):
            return reason, {}
        winner = obs.current_winner
        assert winner is not None
        if points_of(cards) and mem.team(winner) == 0 and not wins_now(obs, cards):
            return "feed_maybe", {"seat": winner, "partner": dict(obs.current)[winner]}
        reason = "dump_low"
    if reason != "dump_low":
        return reason, {}
    partner = partner_winning(obs, mem)
    most = follow_points(obs, most=True)
    if partner is not None and (most is None or most > 0):  # points could be banked
        cards_down = dict(obs.current)[partner]
        if feeds_partner(obs, cards, mem):
            return "feed_partner", {"partner": cards_down}
        threats = later_threats(obs, mem)
        if threats:
            return "partner_risk", {"partner": cards_down, "seats": _seats(threats),
                                    "n": len(threats)}
        return "partner_hold", {"partner": cards_down}
    given = points_of(cards)
    least = fewest_points(obs) if given else 0
    low = least is not None and given <= least
    win = can_win(obs)
    if win is None:
        return ("least" if low else "keep_useful"), {}
    if win:
        return ("duck_low" if low else "duck_keep"), {}
    return ("dump_low" if low else "dump_keep"), {}


def _lead_reason(obs: Observation, cards, reason: str, mem) -> tuple[str, dict]:
    """A lead's reason: "nobody can beat it" only when neither a higher unit of its suit
    nor a trump can (and "every higher card is played or yours" only when so); a throw is
    "safe" only when nobody can trump it, and names the seats shown void that may; "gives
    away the fewest points" only when no pointless card could be led."""
    if reason == "lead_low" and points_of(cards) and any(not c.points for c in obs.hand):
        return "lead_low_points", {}
    if reason not in ("lead_boss", "throw_safe"):
        return reason, {}
    facts = lead_facts(obs, cards, mem)
    throw = reason == "throw_safe"
    if facts.beatable:
        return "play", {}
    if not facts.trumpable:
        return (reason if throw or not facts.higher_out else "lead_unbeaten"), {}
    if not facts.ruffers:
        return ("throw_stands" if throw else "lead_top"), {}
    seats = list(facts.ruffers)
    return ("throw_ruff_risk" if throw else "lead_top_ruff"), {"seats": _seats(seats),
                                                               "n": len(seats)}


def _choices_to_follow(obs: Observation) -> int:
    """How many different legal follows the seat has, counted up to two."""
    assert obs.trump is not None and obs.current
    return len(list(itertools.islice(legal_follows(obs.hand, obs.current[0][1], obs.trump), 2)))


def fewest_points(obs: Observation, limit: int = 5000) -> int | None:
    """The fewest card points a legal follow to the current trick gives (None when the
    follows are too many to count, over `limit` ways to pick the led suit's cards)."""
    return follow_points(obs, limit=limit)


def _friend_candidates(obs: Observation) -> list[int]:
    """The seats that may still be the hidden friend, counting the copies of the friend card
    this seat holds (and, as declarer, buried): a seat holding none cannot play it, and a seat
    holding every copy still out is the only one that can."""
    mem = build_memory(obs)
    candidates = list(mem.friend_candidates)
    card, me = obs.friend_card, obs.seat
    if obs.rules.friend_rule == "holder" or card is None:
        return candidates
    # nth_played: whoever plays the Nth copy; copies outside this seat's hand are the others'
    mine = obs.hand.count(card)
    buried = (obs.buried or ()).count(card) if me == obs.declarer else 0
    out = obs.rules.decks - obs.copies_played - buried - mine
    eff = obs.trump.table.eff if obs.trump is not None else None
    others = [s for s in candidates
              if s != me and not (eff is not None and eff[card] in mem.voids[s])]
    if out <= 0:
        others = []
    return sorted(others + ([me] if mine and me in candidates else []))


def _team_reason(obs: Observation, claims: dict) -> tuple[str, str] | None:
    me = obs.seat
    if obs.friend is not None:
        if obs.friend == me:
            return text("friend_known_you")
        return text("friend_known", friend=obs.friend)
    if obs.friend_card is None:
        return None
    candidates = _friend_candidates(obs)
    if not candidates:
        return None
    card = _cards([obs.friend_card])
    others = [s for s in candidates if s != me]
    claims["friend_candidates"] = others
    claims["friend_is_me"] = me in candidates and not others
    if me in candidates:
        if not others:
            return text("friend_you", card=card)
        return text("friend_you_maybe", seats=_seats(others), n=len(others), card=card)
    return text("friend_unknown", seats=_seats(others), n=len(others), card=card)
