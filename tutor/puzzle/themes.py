"""Themes learners can choose: every puzzle type is one, plus finer themes across types."""

from __future__ import annotations

from .text import Text

TYPE_THEMES: dict[str, Text] = {
    "throw": Text("Throws", "甩牌"),
    "kitty": Text("Kitty bonus", "扣底"),
    "trick": Text("Who wins the trick", "谁赢这一轮"),
    "follow": Text("Legal follows", "跟牌"),
    "pattern": Text("Tractors and patterns", "牌型与拖拉机"),
    "level": Text("Level changes", "升级"),
    "score": Text("积分 (score)", "积分"),
    "friend": Text("Who is the friend", "找朋友"),
    "trump_order": Text("Trump order", "主牌大小"),
}

FINE_THEMES: dict[str, Text] = {
    "pair": Text("Pairs", "对子"),
    "triple": Text("Triples", "三张"),
    "tractor": Text("Tractors", "拖拉机"),
    "titanic": Text("Titanics", "泰坦尼克"),
    "trump-chain": Text("The trump chain (level cards, jokers)", "主牌连接（级牌、王）"),
    "level-skip": Text("Skipping the level rank", "级牌跳过"),
    "trumping": Text("Trumping and overtrumping", "毙牌与盖毙"),
    "shape-trap": Text("Higher cards of the wrong shape", "牌大但牌型不对"),
    "forced-choice": Text("Several components beaten", "多组被打"),
    "safe-or-risky": Text("Counting cards: is the throw safe?", "算牌：甩牌安全吗"),
    "first-vs-max": Text("Which multiplier counts", "按哪种倍数"),
    "declarer-wins-last": Text("The declarer side takes the last trick", "庄家方拿最后一轮"),
    "alone": Text("One against four", "一打四"),
    "nth-played": Text("The Nth copy played", "第N张出现者"),
    "cap-at-A": Text("Levels stop at A", "升到A为止"),
    "failed-throw": Text("Failed throws cost 积分", "甩牌失败扣积分"),
    "boundary": Text("Right on a boundary", "正好在分界线上"),
}

THEMES: dict[str, Text] = TYPE_THEMES | FINE_THEMES

TIERS: dict[int, Text] = {1: Text("easy", "简单"), 2: Text("medium", "中等"),
                          3: Text("hard", "困难")}
TIER_NAMES = {"easy": 1, "medium": 2, "hard": 3, "1": 1, "2": 2, "3": 3}
