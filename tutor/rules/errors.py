"""Exceptions for invalid actions, with messages a learner can read in English or Chinese.

Every message lives in `MESSAGES` (one place for the rules core's text); an exception keeps
its key and parameters so the UI can show it in the chosen language with `exc.text(lang)`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Localized:
    """A parameter whose wording depends on the language (e.g. `trumps` / `主牌`)."""

    en: str
    zh: str

    def __str__(self) -> str:
        return self.en


MESSAGES: dict[str, tuple[str, str]] = {
    # key: (English, 中文)
    "not_your_turn": ("It is seat {turn}'s turn, not seat {seat}'s.",
                      "现在轮到{turn}号位，不是{seat}号位。"),
    "wrong_phase": ("That cannot be done now: the hand is in the {phase} phase.",
                    "现在不能这样做：本局处于「{phase}」阶段。"),
    "not_in_hand": ("You do not hold {cards}.", "你手里没有 {cards}。"),
    "empty_play": ("Choose at least one card to play.", "请至少选择一张牌。"),
    "lead_mixed": ("A lead must be all one suit (all trumps count as one suit).",
                   "首家出牌必须是同一门花色（所有主牌算一门）。"),
    "wrong_count": ("Play exactly {n} cards: as many as were led.",
                    "必须出{n}张牌，与首家出牌张数相同。"),
    "must_follow_all": ("You hold {have} {suit} card(s): play all of them before other suits.",
                        "你还有{have}张{suit}，必须全部跟出后才能垫其他牌。"),
    "must_follow_suit": ("You hold {have} {suit} cards, so you must play {suit} cards only.",
                         "你有{have}张{suit}，出的{n}张牌都必须是{suit}。"),
    "must_follow_pair": ("You hold a {suit} pair and must follow the led pair with it.",
                         "你有{suit}对子，必须用对子跟首家的对子。"),
    "must_follow_triple": ("You hold a {suit} triple and must follow the led triple with it.",
                           "你有{suit}三张，必须用三张跟首家的三张。"),
    "must_follow_triple_pair": (
        "You hold a {suit} pair: the led triple must be followed with a pair and one more card.",
        "你有{suit}对子：跟三张时必须出一对再加一张。"),
    "must_follow_tractor": (
        "You hold a {suit} tractor of {length} pairs and must follow the led tractor with it.",
        "你有{length}连对的{suit}拖拉机，必须用拖拉机跟。"),
    "must_follow_pairs": (
        "The led {unit} needs pairs: you can play {pairs} {suit} pair(s), so you must.",
        "首家出的是{unit}：你能出{pairs}对{suit}，就必须出。"),
    "must_follow_shape": (
        "Keep the shape of the lead: with your {suit} cards you can follow the {unit} better "
        "(more triples, pairs or tractors).",
        "必须尽量跟首家的牌型：你的{suit}可以更好地跟{unit}（更多的三张、对子或拖拉机）。"),
    "bid_not_level": ("A bid shows cards of the level rank {level}, all of one suit.",
                      "亮主必须亮同一花色的级牌{level}。"),
    "bid_too_weak": ("A new bid must show more cards than the standing bid of {n}.",
                     "新的亮主必须比现在的{n}张更多。"),
    "bid_own_suit": ("You hold the standing bid: you may only strengthen your own suit {suit}.",
                     "你是当前亮主者，只能加固自己的花色{suit}。"),
    "bid_too_many": ("A bid shows 1 to {max} identical cards.", "亮主只能亮1到{max}张相同的牌。"),
    "bury_count": ("Bury exactly {n} cards (you chose {got}).",
                   "必须扣{n}张底牌（你选了{got}张）。"),
    "friend_joker": ("Call a card that is not a joker.", "叫朋友不能叫王。"),
    "friend_nth": ("With this rule, name which copy (1 to {max}) makes the friend.",
                   "此规则下要说明第几张（1到{max}）出现的人是朋友。"),
    "friend_no_nth": ("This rule calls only a card; do not name a copy number.",
                      "此规则只叫一张牌，不需要说第几张。"),
    "unknown_action": ("That is not an action of this game.", "这不是本游戏的操作。"),
}


class RuleError(Exception):
    """Base class: a message key plus parameters, rendered in English by `str()`."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in `en` or `zh`."""
        en, zh = MESSAGES[self.key]
        template = zh if lang == "zh" else en
        values = {k: (getattr(v, lang, v.en) if isinstance(v, Localized) else v)
                  for k, v in self.params.items()}
        return template.format(**values)


class IllegalAction(RuleError):
    """An action the rules do not allow now; the game state is left unchanged."""


class NotYourTurn(IllegalAction):
    """Somebody acted out of turn."""


class WrongPhase(IllegalAction):
    """The action belongs to another phase of the hand."""


class IllegalBid(IllegalAction):
    """A bid that shows the wrong cards or does not beat the standing bid."""


class IllegalBury(IllegalAction):
    """A kitty that is not 7 of the declarer's cards."""


class IllegalFriendCall(IllegalAction):
    """A friend call the rules do not allow."""


class IllegalPlay(IllegalAction):
    """A lead or follow that breaks a rule of play."""
