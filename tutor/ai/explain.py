"""Hints for learners: the recommended action with one or two short reasons, in English and
Chinese. All wording lives in `TEXTS`, so the UI can show either language."""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.rules import Action, Bid, Bury, CallFriend, Observation, Pass, Phase, Play, format_cards

from .heuristic import heuristic_choice
from .memory import build_memory

SUIT_EN = {0: "♠", 1: "♥", 2: "♦", 3: "♣", 4: "trumps"}
SUIT_ZH = {0: "黑桃", 1: "红桃", 2: "方块", 3: "梅花", 4: "主牌"}

TEXTS: dict[str, tuple[str, str]] = {
    "forced": ("Play {cards}: it is the only legal way to follow.",
               "出{cards}：这是唯一合法的跟法。"),
    "win_points": ("Play {cards}: it wins the trick and its {points} points.",
                   "出{cards}：能赢下这一轮，拿到{points}分。"),
    "win_cheap": ("Play {cards}: it takes the trick (and the next lead) cheaply.",
                  "出{cards}：用小代价赢下这一轮，拿到出牌权。"),
    "ruff": ("Play {cards}: you are out of the led suit, so trump it and take {points} points.",
             "出{cards}：你这门已经没有了，毙牌拿下{points}分。"),
    "win_last_trick": ("Play {cards}: win the last trick and the kitty's points count, multiplied.",
                       "出{cards}：赢下最后一轮就能抠底，底分翻倍。"),
    "feed_partner": ("Play {cards}: your partner's {partner} is winning, feed them points.",
                     "出{cards}：同伴的{partner}正大，给同伴送分。"),
    "dump_low": ("Play {cards}: you cannot win this trick well, so give the least away.",
                 "出{cards}：这轮赢不好，尽量少送分、留住大牌。"),
    "save_trump": ("Play {cards}: the trick is not worth a trump, keep your trumps.",
                   "出{cards}：这轮不值得毙，保留主牌。"),
    "lead_boss": ("Lead {cards}: nobody can beat it, every higher card is played or yours.",
                  "出{cards}：已经是最大的牌，比它大的都出过了或在你手里。"),
    "throw_safe": ("Throw {cards}: nobody can beat any part of it, so the throw is safe.",
                   "甩{cards}：没有人能管住其中任何一部分，甩牌安全。"),
    "draw_trumps": ("Lead {cards}: your side is long in trumps, draw the defenders' trumps.",
                    "出{cards}：你方主牌多，先调主。"),
    "lead_short": ("Lead {cards} from a short suit: once it is gone you can trump it.",
                   "出短门{cards}：这门出完以后就可以毙牌。"),
    "lead_low": ("Lead {cards}: a low card gives away the fewest points.",
                 "出{cards}：出小牌，尽量少送分。"),
    "lead_to_partner_ruff": ("Lead {cards}: your partner is out of this suit and can trump it.",
                             "出{cards}：同伴这门已经没有了，可以毙牌。"),
    "protect_kitty": ("Lead {cards}: keep control with top trumps to protect the kitty.",
                      "出{cards}：用大主保持出牌权，保护底牌。"),
    "bid_strong_suit": ("Bid {cards}: {suit} is your strongest suit as trump.",
                        "亮{cards}：{suit}做主对你最有利。"),
    "bid_weak": ("Pass: no suit is strong enough to be worth showing your level cards.",
                 "不亮：没有足够强的花色，不值得亮级牌。"),
    "no_bid": ("Pass: you hold no level card that can outbid.", "不亮：你没有能亮的级牌。"),
    "bid_standing": ("Pass: your bid already stands.", "不亮：你的亮主已经是最大的。"),
    "bid_suit_fine": ("Pass: the standing trump suit suits you well enough.",
                      "不亮：现在的主花色对你也不错。"),
    "bury": ("Bury {cards}: make short suits void, keep trumps, pairs and aces.",
             "扣{cards}：做短门，保留主牌、对子和A。"),
    "bury_points": ("Your trumps are strong, so burying {points} points is safe.",
                    "你的主牌强，扣{points}分比较安全。"),
    "call": ("Call {card}: others hold {copies} copies, so a strong friend shows up early.",
             "叫{card}：别人手里有{copies}张，有力的朋友会较早出现。"),
    "friend_unknown": ("The friend is still hidden: seats {seats} may hold {card}.",
                       "朋友还没出现：{seats}号位可能有{card}。"),
    "friend_known": ("Seat {friend} is the declarer's friend; the others defend.",
                     "{friend}号位是庄家的朋友，其余是抓分方。"),
    "search": ("In {samples} sampled deals this averaged {value:+.2f} 积分; the next best, "
               "{alt}, {alt_value:+.2f}.",
               "在{samples}个模拟牌局中平均得{value:+.2f}积分；次优的{alt}为{alt_value:+.2f}。"),
}


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
    en, zh = TEXTS[key]
    pe = {k: (v[0] if isinstance(v, tuple) else v) for k, v in params.items()}
    pz = {k: (v[1] if isinstance(v, tuple) else v) for k, v in params.items()}
    return en.format(**pe), zh.format(**pz)


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
        suit = "SHDC".index(action.cards[0].suit)
        return text("bid_strong_suit", cards=_cards(action.cards),
                    suit=(SUIT_EN[suit], SUIT_ZH[suit]))
    if isinstance(action, Pass):
        return text(reason if reason in TEXTS else "bid_weak")
    if isinstance(action, Bury):
        return text("bury", cards=_cards(action.cards))
    if isinstance(action, CallFriend):
        return text("call", card=action.card.symbol, copies=info.get("copies", 0))
    assert isinstance(action, Play)
    partner = info.get("partner_cards")
    return text(reason if reason in TEXTS else "dump_low", cards=_cards(action.cards),
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
