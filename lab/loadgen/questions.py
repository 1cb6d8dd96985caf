"""Answering the question card (`zp-question`) the Puzzles and Learn pages show: fill its
input with some answer — right or wrong, any answer the learner could give — and check it.
"""

from __future__ import annotations

from .doc import Model
from .learner import Learner, labels

CHECK = labels("card.check")
SHOW_ANSWER = labels("card.show_answer")
STORE_PROBLEM = frozenset(x.split("\x00")[0].strip()
                          for x in labels("ui.store_unavailable", error="\x00"))
VERDICTS = ("alert-success", "alert-danger", "alert-warning")
ROUNDS = 4  # an input may open another (a throw that fails asks for the forced cards)


def question_card(learner: Learner) -> Model | None:
    """The shown question card of the page."""
    return learner.doc.first(lambda m: "zp-question" in m.classes)


def verdict(learner: Learner, card: Model) -> tuple[str, str] | None:
    """The verdict shown on the card: its kind (`alert-success` …) and text."""
    for alert in learner.alerts(*VERDICTS, under=card):
        kind = next(k for k in VERDICTS if k in alert.classes)
        return kind, alert.plain_text.strip()
    return None


def _choice(learner: Learner, m: Model) -> tuple[Model, str, object] | None:
    """One change that gives input `m` an answer, or None if it has one (or is not one)."""
    rng, kind = learner.rng, m.kind
    if m.disabled:
        return None
    if kind in ("RadioButtonGroup", "RadioGroup") and m.get("active") is None:
        n = len(m.get("labels") or [])
        return (m, "active", rng.randrange(n)) if n else None
    if kind in ("CheckboxButtonGroup", "CheckboxGroup") and not m.get("active"):
        n = len(m.get("labels") or [])
        return (m, "active", [rng.randrange(n)]) if n else None
    if kind in ("Spinner", "NumericInput") and m.get("value") is None:
        low = m.get("low")
        low = 0 if low is None else int(low)
        high = m.get("high")
        high = low + 10 if high is None else int(high)
        return m, "value", rng.randint(low, max(low, min(high, low + 40)))
    if kind == "TextInput" and not (m.get("value_input") or m.get("value")):
        return m, "value_input", str(rng.randint(0, 40))  # a number box, typed into
    if kind == "CustomSelect" and not m.get("value"):
        values = [o[0] if isinstance(o, list | tuple) else o for o in m.get("options") or []]
        values = [v for v in values if v]
        return (m, "value", rng.choice(values)) if values else None
    if kind == "ReactiveESM":
        data = learner.doc.model(m.get("data")) if m.get("data") is not None else None
        if data is None or "cards" not in data.attrs or data.get("selected") or data.disabled:
            return None
        n = len(data.get("cards") or [])
        want = int(data.get("max_select") or 1)
        if not n:
            return None
        if data.get("ordered"):  # an order of all the cards (trump order, highest first)
            return data, "selected", rng.sample(range(n), n)
        return data, "selected", sorted(rng.sample(range(n), min(n, max(1, want))))
    return None


async def fill(learner: Learner, card: Model) -> bool:
    """Give the card's input an answer; True once its Check button is enabled."""
    for _ in range(ROUNDS):
        check = learner.button(CHECK, card)
        if check is None:
            return False
        if not check.disabled:
            return True
        changes = [c for m in learner.doc.shown(card) if (c := _choice(learner, m)) is not None]
        if not changes:
            return False
        for model, attr, value in changes[:-1]:
            await learner.page.set(model.id, attr, value)
        model, attr, value = changes[-1]
        shown = len(learner.doc.shown(card))
        # the answer to an input change: Check enabled, or another input shown
        await learner.set(model, attr, value,
                          lambda check=check, shown=shown: not check.disabled
                          or len(learner.doc.shown(card)) != shown, "answer")
    check = learner.button(CHECK, card)
    return check is not None and not check.disabled


async def check(learner: Learner, card: Model, button: frozenset[str] = CHECK) -> str | None:
    """Click Check (or Show answer) and wait for the new verdict; its kind, or None."""
    found = learner.button(button, card)
    if found is None:
        return None
    before = verdict(learner, card)
    await learner.click(found, lambda: verdict(learner, card) not in (None, before),
                        "check answer")
    shown = verdict(learner, card)
    if shown is None:
        return None
    kind, text = shown
    if kind == "alert-warning" and any(text.startswith(p) for p in STORE_PROBLEM):
        learner.report.error("alert", f"{learner.username}: {text[:150]}")
    return kind
