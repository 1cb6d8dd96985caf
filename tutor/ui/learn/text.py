"""Every string of the Learn page, in English and Chinese: `t(key, lang, **params)`.

Kept apart from `tutor/ui/i18n.py` (shared by other pages) so the Learn page owns its wording.
"""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    "lessons": ("Lessons", "课程"),
    "lesson_no": ("Lesson {n} of {total}", "第{n}课，共{total}课"),
    "page_no": ("Page {n} of {total}", "第{n}页，共{total}页"),
    "back": ("◀ Back", "◀ 上一页"),
    "next": ("Next ▶", "下一页 ▶"),
    "finish": ("Finish lesson ✓", "完成本课 ✓"),
    "check": ("Check", "检查"),
    "show_answer": ("Show answer", "显示答案"),
    "correct": ("Correct!", "答对了！"),
    "wrong": ("Not quite.", "不对。"),
    "answer_is": ("The answer:", "答案："),
    "pick_hint": ("Click cards to select them; click again to put one back.",
                  "点击牌来选择，再点一次取消。"),
    "pick_hint_n": ("Select up to {n} card(s).", "最多选{n}张牌。"),
    "number_placeholder": ("a whole number", "填一个整数"),
    "answer_first": ("Answer the question (or show the answer) to go on.",
                     "先回答问题（或显示答案）再继续。"),
    "done_mark": ("✓", "✓"),
    "all_done": ("You finished every lesson. Try the Puzzles and Play pages next!",
                 "所有课程都完成了！接下来去练习题和对局页面吧！"),
    "lesson_done": ("Lesson complete: {title}.", "本课完成：{title}。"),
    "progress_count": ("{done} of {total} lessons complete", "已完成{done}/{total}课"),
    "store_problem": ("Progress cannot be saved right now: {error}",
                      "暂时无法保存进度：{error}"),
    "lessons_broken": ("The lesson files could not be loaded: {error}",
                       "课程文件无法加载：{error}"),
}


def t(key: str, lang: str = "en", **params: object) -> str:
    """The string `key` in `lang` (`en` or `zh`), formatted with `params`."""
    en, zh = STRINGS[key]
    return (zh if lang == "zh" else en).format(**params)
