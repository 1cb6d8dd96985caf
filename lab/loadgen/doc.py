"""A light mirror of a served Bokeh document: models by id with their (decoded) attributes,
kept up to date from PULL-DOC-REPLY and PATCH-DOC content, and searched as a page's
person would look at it (only what is shown: every ancestor visible).

It does not build Bokeh models (the Panel and custom component classes would have to exist
in this process, and thirty full documents would cost more CPU than the server's share
we are measuring); values stay plain Python.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from typing import Any

# attributes that hold no page content (styles, callbacks): not walked for children
SKIP = frozenset({"stylesheets", "js_property_callbacks", "js_event_callbacks",
                  "subscribed_events", "tags", "css_classes", "styles", "attrs"})
TAGS = re.compile(r"<[^>]+>")


class Ref:
    """A reference to a model by id (how a document value points at another model)."""

    __slots__ = ("id",)

    def __init__(self, id_: str) -> None:
        self.id = id_

    def __repr__(self) -> str:
        return f"Ref({self.id})"


class Model:
    """One model of the document: its Bokeh type name and attributes (defaults are absent)."""

    __slots__ = ("attrs", "id", "type")

    def __init__(self, id_: str, type_: str) -> None:
        self.id, self.type, self.attrs = id_, type_, {}

    @property
    def kind(self) -> str:
        """The type's last part (`panel.models.widgets.Button` -> `Button`)."""
        return self.type.rsplit(".", 1)[-1]

    def get(self, name: str, default: Any = None) -> Any:
        return self.attrs.get(name, default)

    @property
    def visible(self) -> bool:
        return self.attrs.get("visible", True) is not False

    @property
    def disabled(self) -> bool:
        return bool(self.attrs.get("disabled", False))

    @property
    def classes(self) -> list[str]:
        return list(self.attrs.get("css_classes") or [])

    @property
    def text(self) -> str:
        """The model's markup (`text` of an HTML/Markdown pane), unescaped."""
        return html.unescape(str(self.attrs.get("text") or ""))

    @property
    def plain_text(self) -> str:
        """The markup without tags, as a reader sees it."""
        return html.unescape(TAGS.sub(" ", self.text))

    def __repr__(self) -> str:
        return f"<{self.kind} {self.id}>"


class Document:
    """The mirror of one session's document."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.models: dict[str, Model] = {}
        self.roots: list[str] = []
        self.version = 0  # bumped by every applied patch
        self._shown: dict[str | None, list[Model]] = {}  # `shown()` until the next change
        for root in doc.get("roots", []):
            ref = self.decode(root)
            if isinstance(ref, Ref):
                self.roots.append(ref.id)

    # ---------------------------------------------------------------- decoding
    def decode(self, value: Any) -> Any:
        """A serialized value as plain Python; model objects are registered, and become Refs."""
        if isinstance(value, list):
            return [self.decode(v) for v in value]
        if not isinstance(value, dict):
            return value
        kind = value.get("type")
        if kind == "object" and "id" in value:
            model = self.models.get(value["id"])
            if model is None:
                model = self.models[value["id"]] = Model(value["id"], value.get("name", "?"))
            for name, attr in (value.get("attributes") or {}).items():
                model.attrs[name] = self.decode(attr)
            return Ref(value["id"])
        if kind is None and set(value) == {"id"}:
            return Ref(value["id"])
        if kind == "map":
            entries = [(self.decode(k), self.decode(v)) for k, v in value.get("entries", [])]
            if all(isinstance(k, str) for k, _ in entries):
                return dict(entries)
            return entries
        if kind == "set":
            return [self.decode(v) for v in value.get("entries", [])]
        if kind == "number":
            return float(value.get("value", "nan"))
        if kind == "object":
            return {k: self.decode(v) for k, v in (value.get("attributes") or {}).items()}
        return value  # bytes, arrays and the like: not needed to drive the pages

    def apply(self, events: list[dict[str, Any]]) -> None:
        """Apply the events of one PATCH-DOC."""
        for event in events:
            kind = event.get("kind")
            if kind == "ModelChanged":
                ref = event.get("model") or {}
                model = self.models.get(ref.get("id", ""))
                if model is not None:
                    model.attrs[event["attr"]] = self.decode(event.get("new"))
            elif kind == "RootAdded":
                ref = self.decode(event.get("model"))
                if isinstance(ref, Ref):
                    self.roots.append(ref.id)
            elif kind == "RootRemoved":
                gone = (event.get("model") or {}).get("id")
                self.roots = [r for r in self.roots if r != gone]
        self.version += 1
        self.touch()

    def touch(self) -> None:
        """Something changed (a patch, or a value this side set): look again."""
        self._shown.clear()

    # ---------------------------------------------------------------- looking
    def model(self, ref: Ref | str) -> Model | None:
        return self.models.get(ref.id if isinstance(ref, Ref) else ref)

    def children(self, model: Model) -> Iterator[Model]:
        """The models `model` points at (children, items, its data model …), in order."""
        for name, value in model.attrs.items():
            if name not in SKIP:
                yield from self._refs(value)

    def _refs(self, value: Any) -> Iterator[Model]:
        if isinstance(value, Ref):
            found = self.models.get(value.id)
            if found is not None:
                yield found
        elif isinstance(value, list | tuple):
            for v in value:
                yield from self._refs(v)
        elif isinstance(value, dict):
            for v in value.values():
                yield from self._refs(v)

    def shown(self, under: Model | None = None) -> list[Model]:
        """Every model shown (it and all its ancestors visible), in document order."""
        key = under.id if under is not None else None
        if key not in self._shown:
            self._shown[key] = self._walk(under)
        return self._shown[key]

    def _walk(self, under: Model | None) -> list[Model]:
        out: list[Model] = []
        seen: set[str] = set()
        stack = [under] if under is not None else [self.models[r] for r in reversed(self.roots)
                                                  if r in self.models]
        while stack:
            model = stack.pop()
            if model.id in seen or not model.visible:
                continue
            seen.add(model.id)
            out.append(model)
            stack.extend(reversed(list(self.children(model))))
        return out

    def find(self, test: Callable[[Model], bool], under: Model | None = None) -> list[Model]:
        """The shown models that pass `test`."""
        return [m for m in self.shown(under) if test(m)]

    def first(self, test: Callable[[Model], bool], under: Model | None = None) -> Model | None:
        found = self.find(test, under)
        return found[0] if found else None
