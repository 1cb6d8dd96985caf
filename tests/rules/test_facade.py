"""The public facade of `tutor.rules`: what callers need is there, and only there."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tutor.rules import CardError, Trump

# ------------------------------------------------------------------ Trump.parse

@pytest.mark.parametrize(("text", "level", "suit"), [
    ("10S", "10", "S"), ("2NT", "2", None), ("2H", "2", "H"), ("10s", "10", "S"),
    ("A♠", "A", "S"), ("TD", "10", "D"), (" q ♣ ", "Q", "C"), ("7", "7", None),
    ("2nt", "2", None), ("14H", "A", "H"), ("11 D", "J", "D")])
def test_trump_parse_reads_short_text(text, level, suit):
    trump = Trump.parse(text)
    assert trump == Trump(level, suit) and (trump.level, trump.suit) == (level, suit)


def test_trump_parse_round_trips_the_table_attribute():
    """The play table writes `data-trump` as level + suit (level alone for no trump)."""
    for trump in (Trump("10", "S"), Trump("2", None), Trump("A", "C")):
        assert Trump.parse(f"{trump.level}{trump.suit or ''}") == trump


@pytest.mark.parametrize("bad", ["2X", "H2", "1H", "", "2 H H", "NT", "15S", "2NTS", None, 5])
def test_trump_parse_refuses_with_a_clear_error(bad):
    with pytest.raises(CardError, match=r"is not a trump: write the level then the suit"):
        Trump.parse(bad)  # type: ignore[arg-type]
    assert issubclass(CardError, ValueError)


# ------------------------------------------------------------------ one facade

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "tutor" / "rules"
SUBMODULES = {p.stem for p in RULES.glob("*.py") if p.stem != "__init__"}


def submodule_imports(source: str, package: list[str]) -> list[str]:
    """Every import in `source` (a module of `package`, e.g. ["tutor", "ai"]) that names a
    `tutor.rules` submodule: absolute, relative, or `from tutor.rules import <submodule>`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("tutor.rules.")]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: resolve against the module's own package
                base = package[:len(package) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            if module.startswith("tutor.rules."):
                found.append(module)
            elif module == "tutor.rules":
                found += [f"tutor.rules.{a.name}" for a in node.names if a.name in SUBMODULES]
    return found


def _outside_rules() -> list[Path]:
    """Every module that is not the rules core: the rest of tutor/, the tests, app.py."""
    files = [p for p in (ROOT / "tutor").rglob("*.py") if RULES not in p.parents]
    return sorted(files) + sorted((ROOT / "tests").rglob("*.py")) + [ROOT / "app.py"]


def test_nothing_outside_rules_imports_a_rules_submodule():
    """`tutor/rules/__init__.py` is the one door: a submodule import outside it ties callers
    to the rules core's inside, which should stay free to change."""
    offenders = {}
    for path in _outside_rules():
        if not path.exists():
            continue
        package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
        hits = submodule_imports(path.read_text(encoding="utf-8"), package)
        if hits:
            offenders[str(path.relative_to(ROOT))] = hits
    assert not offenders, f"import these from tutor.rules instead: {offenders}"


@pytest.mark.parametrize(("source", "expected"), [
    ("import tutor.rules.hand", ["tutor.rules.hand"]),
    ("from tutor.rules.cards import SUITS", ["tutor.rules.cards"]),
    ("from ..rules.units import decompose", ["tutor.rules.units"]),
    ("from ..rules import hand", ["tutor.rules.hand"]),
    ("def f():\n    from tutor.rules.follow import best_fill", ["tutor.rules.follow"]),
    ("from tutor.rules import Hand, Phase", []),
    ("from ..rules import Trump", []),
    ("from .legal import x", []),
])
def test_the_submodule_check_sees_every_form(source, expected):
    assert submodule_imports(source, ["tutor", "ai"]) == expected
