"""Writing puzzle entries as TOML (the standard library reads TOML but does not write it)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

WIDTH = 96


def value(v: Any) -> str:
    """One TOML value: string, integer, boolean, or (nested) array of those."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a JSON string is a valid TOML basic string
    if isinstance(v, Sequence):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def entry(fields: Mapping[str, Any]) -> str:
    """One `[[puzzle]]` table; long arrays are written one item per line."""
    lines = ["[[puzzle]]"]
    for k, v in fields.items():
        one = f"{k} = {value(v)}"
        if len(one) > WIDTH and isinstance(v, list):
            lines.append(f"{k} = [")
            lines += [f"    {value(x)}," for x in v]
            lines.append("]")
        else:
            lines.append(one)
    return "\n".join(lines)


def document(header: Sequence[str], meta: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]
             ) -> str:
    """A whole puzzle file: comment header, the generator record, then every entry."""
    parts = ["\n".join(f"# {h}".rstrip() for h in header),
             f"generator = {value(meta)}"]
    parts += [entry(e) for e in entries]
    return "\n\n".join(parts) + "\n"
