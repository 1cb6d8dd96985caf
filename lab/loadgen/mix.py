"""What the simulated learners do: `play:normal=0.5,puzzles=0.3,learn=0.2` parsed and shared
out among K learners."""

from __future__ import annotations

import math
from dataclasses import dataclass

STRENGTHS = ("easy", "normal", "hard")
PARTS = ("play", "puzzles", "learn")


class MixError(ValueError):
    """A --mix that cannot be read; the message says what is wrong and how to write it."""


@dataclass(frozen=True)
class Task:
    """One part of the mix: `play` (with the opponents' strength), `puzzles` or `learn`."""

    part: str
    strength: str | None = None

    @property
    def label(self) -> str:
        return f"play:{self.strength}" if self.part == "play" else self.part


@dataclass(frozen=True)
class Mix:
    """Parts with their shares (summing to 1)."""

    shares: tuple[tuple[Task, float], ...]

    def assign(self, learners: int) -> list[Task]:
        """The task of each of `learners` learners: shares rounded by largest remainder, so
        every part with a share of at least one learner gets one."""
        exact = [share * learners for _, share in self.shares]
        counts = [math.floor(x) for x in exact]
        order = sorted(range(len(exact)), key=lambda i: (counts[i] - exact[i], i))
        for i in order[:learners - sum(counts)]:
            counts[i] += 1
        return [task for (task, _), n in zip(self.shares, counts, strict=True) for _ in range(n)]


USAGE = ("write the mix like play:normal=0.5,puzzles=0.3,learn=0.2 (parts: "
         f"play:{'|'.join(STRENGTHS)}, puzzles, learn; shares are positive numbers)")


def parse_mix(text: str) -> Mix:
    """`part=share,…` as a Mix; MixError with a readable message if it is malformed."""
    shares: dict[Task, float] = {}
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        name, eq, value = item.partition("=")
        if not eq:
            raise MixError(f"--mix {item!r} has no share: {USAGE}")
        try:
            share = float(value)
        except ValueError:
            raise MixError(f"--mix {item!r}: {value!r} is not a number: {USAGE}") from None
        if not math.isfinite(share) or share <= 0:
            raise MixError(f"--mix {item!r}: a share must be above 0: {USAGE}")
        task = _task(name.strip(), item)
        if task in shares:
            raise MixError(f"--mix names {task.label} twice: {USAGE}")
        shares[task] = share
    if not shares:
        raise MixError(f"--mix is empty: {USAGE}")
    total = sum(shares.values())
    return Mix(tuple((task, share / total) for task, share in shares.items()))


def _task(name: str, item: str) -> Task:
    part, colon, strength = name.partition(":")
    if part not in PARTS:
        raise MixError(f"--mix {item!r}: unknown part {part!r}: {USAGE}")
    if part == "play":
        strength = strength or "normal"
        if strength not in STRENGTHS:
            raise MixError(f"--mix {item!r}: unknown strength {strength!r}: {USAGE}")
        return Task("play", strength)
    if colon:
        raise MixError(f"--mix {item!r}: {part} takes no strength: {USAGE}")
    return Task(part)
