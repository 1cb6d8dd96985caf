"""The due date is chosen from the coming days, written in the page's language."""

from datetime import date

from tutor.ui.teacher.due import DueDate, date_label


def test_due_dates_read_in_each_language_and_default_to_none():
    day = date(2026, 12, 1)
    assert date_label(day, "en") == "Tue 1 Dec 2026"
    assert date_label(day, "zh") == "2026年12月1日（周二）"
    due = DueDate(today=day, label="Due")
    assert due.value is None and due._select.value == ""
    assert next(iter(due._select.options)) == "no due date" and due._select.name == "Due"
    due._select.value = "2026-12-03"
    assert due.value == date(2026, 12, 3)
    due.lang = "zh"
    assert due.value == date(2026, 12, 3) and due._select.value == "2026-12-03"
    assert "不设截止日期" in due._select.options
    assert all("Dec" not in label for label in due._select.options)
    due._select.value = ""
    assert due.value is None
