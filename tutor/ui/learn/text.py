"""The Learn page's strings (the `learn` area of the one catalogue, `tutor.text`)."""

from __future__ import annotations

from tutor.text import section

t = section("learn")
