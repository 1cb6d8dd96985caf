"""What a load run measured: latencies, errors, acknowledged attempts, and how it prints."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

MAX_EXAMPLES = 5


def percentile(values: list[float], q: float) -> float | None:
    """The q-th percentile (0-100, linear between ranks) of `values`, None if empty."""
    if not values:
        return None
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def spread(values: list[float]) -> dict[str, float | int | None]:
    """p50, p95 (ms, rounded) and how many values they are of."""
    p50, p95 = percentile(values, 50), percentile(values, 95)
    return {"p50": None if p50 is None else round(p50, 1),
            "p95": None if p95 is None else round(p95, 1), "n": len(values)}


@dataclass
class Report:
    """Everything the learners of one run recorded (one process, one event loop: no locks)."""

    learners: int = 0
    mix: str = ""
    seconds: float = 0.0
    click_ms: list[float] = field(default_factory=list)  # every user event but Hint
    by_action: dict[str, list[float]] = field(default_factory=dict)
    ai_move_ms: list[float] = field(default_factory=list)
    first_render_ms: list[float] = field(default_factory=list)
    errors: int = 0
    error_kinds: Counter = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    attempts_acknowledged: int = 0
    counts: Counter = field(default_factory=Counter)  # actions, hands, puzzles, pages …
    generator_cpu_s: float = 0.0
    usernames: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # things worth a look that are not errors

    def answered(self, action: str, ms: float) -> None:
        """A user event answered after `ms`. Hint counts apart: its answer waits for the
        AI's search, the others only for the page (the issue's click→update)."""
        self.by_action.setdefault(action, []).append(ms)
        if action != "hint":
            self.click_ms.append(ms)

    def error(self, kind: str, detail: str) -> None:
        """Count an error (a disconnect, an exception, an error alert shown …)."""
        self.errors += 1
        self.error_kinds[kind] += 1
        if len(self.examples) < MAX_EXAMPLES:
            self.examples.append(f"{kind}: {detail}"[:300])

    def as_dict(self) -> dict[str, Any]:
        return {
            "learners": self.learners, "mix": self.mix, "seconds": round(self.seconds, 1),
            "click_to_update_ms": spread(self.click_ms),
            "hint_ms": spread(self.by_action.get("hint", [])),
            "click_to_update_by_action_ms": {k: spread(v)
                                             for k, v in sorted(self.by_action.items())},
            "ai_move_ms": spread(self.ai_move_ms),
            "first_render_ms": spread(self.first_render_ms),
            "errors": self.errors,
            "error_kinds": dict(self.error_kinds),
            "error_examples": list(self.examples),
            "attempts_acknowledged": self.attempts_acknowledged,
            "counts": dict(sorted(self.counts.items())),
            "generator_cpu_s": round(self.generator_cpu_s, 2),
            "notes": list(self.notes),
        }

    def table(self) -> str:
        """A readable summary."""
        d = self.as_dict()

        def row(name: str, key: str) -> str:
            s = d[key]
            show = ("—" if s["p50"] is None else f"{s['p50']:.0f} / {s['p95']:.0f} ms")
            return f"  {name:<24} {show:>20}   ({s['n']} measured)"

        lines = [f"{self.learners} learners, mix {self.mix}, {self.seconds:.0f} s",
                 "                              p50 / p95",
                 row("click -> update", "click_to_update_ms"),
                 row("hint", "hint_ms"),
                 row("AI move", "ai_move_ms"),
                 row("first render", "first_render_ms"),
                 f"  attempts acknowledged    {self.attempts_acknowledged:>20}",
                 f"  errors                   {self.errors:>20}",
                 f"  generator CPU            {self.generator_cpu_s:>18.1f} s"]
        if self.counts:
            lines.append("  done: " + ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items())))
        lines += [f"  - {e}" for e in self.examples]
        return "\n".join(lines)
