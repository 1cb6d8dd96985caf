"""Every UI string in one place, in English and Chinese: `t(key, lang, **params)`."""

from __future__ import annotations

LANGS = ("en", "zh")

STRINGS: dict[str, tuple[str, str]] = {
    "app_title": ("找朋友 Tutor — Finding Friends", "找朋友 Tutor — 学打找朋友"),
    # shell
    "nav_learn": ("Learn", "学习"), "nav_puzzles": ("Puzzles", "练习题"),
    "nav_play": ("Play", "对局"),
    "nav_progress": ("Progress", "进度"), "nav_teacher": ("Teacher", "教师"),
    "language": ("中文", "English"),
    "coming_soon": ("This page is being built: it arrives with a later release.",
                    "此页面正在建设中，将在后续版本中推出。"),
    # play: table
    "you": ("You", "你"), "seat": ("Seat {n}", "{n}号位"), "level": ("level {level}", "{level}级"),
    "cards_left": ("{n} cards", "{n}张"), "captured": ("{n} pts", "{n}分"),
    "declarer_badge": ("declarer", "庄家"), "friend_badge": ("friend", "朋友"),
    "to_act": ("to act", "出牌中"), "leads": ("leads", "首家"), "winning": ("winning", "最大"),
    "hand_no": ("Hand {n}", "第{n}局"), "trump_line": ("{trump}", "{trump}"),
    "bidding_no_trump": ("level {level}, trump suit not yet bid", "打{level}，尚未亮主"),
    "friend_call": ("Friend card: {card}", "朋友牌：{card}"),
    "friend_call_nth": ("Friend: whoever plays copy #{nth} of {card}",
                        "朋友：打出第{nth}张{card}的人"),
    "friend_hidden": ("friend not yet revealed", "朋友尚未出现"),
    "friend_is": ("friend: {who}", "朋友：{who}"), "alone": ("declarer plays alone", "庄家一打四"),
    "trick_no": ("Trick {n}", "第{n}轮"),
    "trick_status": ("{leader} led; {winner} is winning", "{leader}首家；{winner}最大"),
    "last_trick": ("Last trick: {winner} won {points} pts", "上一轮：{winner}赢得{points}分"),
    "no_trick": ("No trick played yet", "还没有出牌"),
    "defenders_so_far": ("Defenders have {n} points", "抓分方已得{n}分"),
    # play: controls
    "new_game": ("New game", "新对局"), "strength": ("Opponents", "对手"),
    "strength_easy": ("easy", "简单"), "strength_normal": ("normal", "普通"),
    "strength_hard": ("hard", "困难"),
    "hint": ("Hint", "提示"), "play": ("Play cards", "出牌"), "pass": ("Pass", "不亮"),
    "bid": ("Bid", "亮主"), "bury": ("Bury {n}", "扣{n}张底"), "call": ("Call friend", "叫朋友"),
    "copy_no": ("copy #", "第几张"), "next_hand": ("Next hand", "下一局"),
    "thinking": ("{who} is thinking…", "{who}正在思考…"),
    "your_turn_bid": ("Your turn to bid: show level cards or pass.", "轮到你亮主：亮级牌或不亮。"),
    "your_turn_bury": ("You are the declarer: choose {n} cards to bury.",
                       "你是庄家：选择{n}张牌扣底。"),
    "your_turn_call": ("Call a friend card.", "叫一张朋友牌。"),
    "your_turn_lead": ("Your lead: select cards of one suit and press Play cards.",
                       "轮到你首家出牌：选择同一门的牌，然后点「出牌」。"),
    "your_turn_follow": ("Follow with {n} card(s).", "跟{n}张牌。"),
    "selected_n": ("{n} selected", "已选{n}张"),
    "throw_failed": ("{who} tried to throw {cards}: {by} beats {beaten}. {forced} was played "
                     "instead and {who_short} loses 1 积分.",
                     "{who}甩{cards}失败：{by}大过{beaten}。改出{forced}，{who_short}扣1积分。"),
    "bid_line": ("{who} bid {cards}", "{who}亮{cards}"),
    "hint_title": ("Hint", "提示"),
    "match_over": ("The match is over.", "比赛结束。"),
    # play: end of hand
    "summary_title": ("Hand {n} is over", "第{n}局结束"),
    "summary_points": ("Defenders: {tricks} points in tricks + kitty bonus {bonus} = {p}",
                       "抓分方：牌分{tricks} + 扣底{bonus} = {p}"),
    "summary_kitty": ("Kitty {cards} holds {points} points; the last trick was won by {who} "
                      "with {play}: ×{mult}",
                      "底牌{cards}共{points}分；最后一轮由{who}以{play}赢得：×{mult}"),
    "summary_kitty_safe": ("Kitty {cards} holds {points} points; the declarer side won the "
                           "last trick, so no bonus.",
                           "底牌{cards}共{points}分；庄家方赢得最后一轮，不扣底。"),
    "summary_side_declarer": ("Declarer side goes up {n}", "庄家方升{n}级"),
    "summary_side_defenders": ("Defenders go up {n}", "抓分方升{n}级"),
    "summary_side_none": ("Nobody goes up; the deal passes", "双方都不升级，换庄"),
    "col_player": ("Player", "玩家"), "col_level": ("Level", "级别"),
    "col_jifen": ("积分 this hand", "本局积分"), "col_total": ("积分 total", "总积分"),
    "col_failed": ("Failed throws", "甩牌失败"),
    "next_declarer": ("Next declarer: {who}", "下一局庄家：{who}"),
    # accounts
    "guest": ("Guest", "游客"), "account": ("Account", "账户"),
    "username": ("username", "用户名"), "password": ("password or PIN", "密码或PIN"),
    "display_name": ("display name", "显示名称"), "role_learner": ("learner", "学生"),
    "role_teacher": ("teacher", "教师"), "sign_in": ("Sign in", "登录"),
    "create_account": ("Create account", "创建账户"),
    "store_unavailable": ("Progress cannot be saved right now: {error}",
                          "目前无法保存进度：{error}"),
    "saved_games": ("Finished games", "已完成的对局"),
    "replay": ("Replay", "回放"),
    # puzzles
    "pos_throw": ("Thrown", "甩出"), "pos_hand": ("Hand", "手牌"), "pos_lead": ("Lead", "首家"),
    "pos_cards": ("Cards", "牌"), "pos_kitty": ("Kitty", "底牌"),
    "ans_succeeds": ("Succeeds", "成功"), "ans_fails": ("Fails", "失败"),
    "ans_pick_forced": ("Click the cards that are played instead.", "点选被强制打出的牌。"),
    "ans_safe": ("Safe", "安全"), "ans_risky": ("Risky", "有风险"),
    "ans_yes": ("Yes", "是"), "ans_no": ("No", "否"), "ans_number": ("a number", "数字"),
    "alone_short": ("Alone (1 vs 4)", "一打四"),
    "ans_follow": ("Select every legal play (none selected means none is legal).",
                   "选出所有合法的出法（都不选表示都不合法）。"),
    "ans_declarer": ("Declarer side goes up", "庄家方升级"),
    "ans_defenders": ("Defenders go up", "抓分方升级"), "ans_none": ("Nobody goes up", "都不升"),
    "ans_levels": ("levels", "级数"),
    "ans_pick_trumps": ("Click every trump (none selected means none).",
                        "点选所有主牌（都不选表示没有）。"),
    "ans_text": ("your answer", "你的答案"),
    "theme": ("Theme", "主题"), "theme_mix": ("A healthy mix", "综合练习"),
    "offset": ("Difficulty", "难度"), "offset_easier": ("easier", "简单些"),
    "offset_normal": ("about right", "适中"), "offset_harder": ("harder", "难一些"),
    "mode": ("Mode", "模式"), "mode_practice": ("Practice", "练习"),
    "mode_streak": ("Streak", "连胜"),
    "mode_retry": ("Retry missed", "重做错题"),
    "submit": ("Check answer", "提交答案"), "next_puzzle": ("Next puzzle", "下一题"),
    "answer_missing": ("Give an answer first.", "请先作答。"),
    "rating_line": ("Your rating in “{theme}”: {before:.0f} → {after:.0f} ({change:+.0f})",
                    "你的「{theme}」等级分：{before:.0f} → {after:.0f}（{change:+.0f}）"),
    "rating_same": ("Your rating in “{theme}” stays {after:.0f}: only a first attempt counts.",
                    "你的「{theme}」等级分保持{after:.0f}：只有第一次作答计分。"),
    "verdict_right": ("Correct.", "正确。"),
    "verdict_wrong": ("Not quite: the answer is {answer}.", "不对：答案是 {answer}。"),
    "streak_line": ("Streak: {n}", "连胜：{n}"),
    "streak_over": ("The streak ends at {n}.", "连胜在{n}题结束。"),
    "no_puzzle": ("No puzzle fits this choice: try another theme or mode.",
                  "没有符合条件的题目：换个主题或模式试试。"),
    "puzzle_meta": ("Puzzle {id} · {tier}", "题目 {id} · {tier}"),
    # progress
    "progress_ratings": ("Puzzle rating over time, by theme", "各主题练习题等级分变化"),
    "progress_accuracy": ("Accuracy by theme", "各主题正确率"),
    "progress_games": ("Levels gained in each finished game", "每局对局升的级数"),
    "progress_none": ("Your progress appears here once you have tried a puzzle, a lesson or a "
                      "game.", "做过练习题、课程或对局后，这里会显示你的进度。"),
    "progress_summary": ("**{n}** puzzle attempts, **{right}** right · **{lessons}** lessons "
                         "completed · **{games}** games finished, {playing} in progress",
                         "练习题作答**{n}**次，答对**{right}**次 · 完成课程**{lessons}**个 · "
                         "完成对局**{games}**局，进行中{playing}局"),
    "col_theme": ("Theme", "主题"), "col_attempts": ("Attempts", "作答"),
    "col_accuracy": ("Accuracy", "正确率"), "col_rating": ("Rating", "等级分"),
    "progress_lessons": ("**Lessons completed:** {done} · **in progress:** {started}",
                         "**已完成课程：**{done} · **进行中：**{started}"),
    "progress_retry": ("Puzzles to retry:", "需要重做的题目："),
    # replays and saved games
    "replay_none": ("No finished hand to replay yet.", "还没有可以回放的完整牌局。"),
    "replay_trick": ("Trick {n} of {total}: {leader} led, {winner} won {points} points",
                     "第{n}/{total}轮：{leader}首家，{winner}赢得{points}分"),
}


def t(key: str, lang: str = "en", **params: object) -> str:
    """The string `key` in `lang` (`en` or `zh`), formatted with `params`."""
    en, zh = STRINGS[key]
    return (zh if lang == "zh" else en).format(**params)
