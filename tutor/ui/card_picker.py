"""A hand of cards the person selects by clicking (a Panel JSComponent, no external JS).

Python sends the card markup (from `cards.card_html`) and the suit groups; the browser
toggles `selected` (indices into `cards`), which syncs back to Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import param
from panel.custom import JSComponent

from tutor.rules import Card, Trump

from .cards import CARD_CSS, card_html, sorted_groups

PICKER_CSS = CARD_CSS + """
.zp-pick { cursor: pointer; transition: transform .08s; margin-right: -14px; }
.zp-pick:last-child { margin-right: 0; }
.zp-pick .zp-card { margin-right: 0; }
.zp-pick.selected { transform: translateY(-14px); }
.zp-pick.selected .zp-card { box-shadow: 0 0 0 3px #1e88e5; }
.zp-pick.disabled { cursor: default; }
.zp-picker { padding-top: 16px; }
@media (max-width: 600px) { .zp-pick { margin-right: -12px; }
  .zp-pick .zp-card { width: 44px; height: 58px; }
  .zp-picker.zp-hand { gap: 4px 2px; padding-top: 12px; }
  /* the cards flow as one line that wraps, suits parted by a wider gap: a suit kept whole
     on its own rows took up to 7 rows (past the first screen) and a long one widened the page */
  .zp-picker .zp-group { display: contents; }
  .zp-picker .zp-group > .zp-pick:last-child { margin-right: 8px; } }
"""


class CardPicker(JSComponent):
    """Clickable cards grouped by suit; `selected` holds the chosen indices into `cards`
    (in index order, or with `ordered` in the order they were clicked)."""

    cards = param.List(default=[], doc="canonical card codes, in display order")
    items = param.List(default=[], doc="HTML of each card")
    groups = param.List(default=[], doc="lists of indices drawn together (one suit each)")
    selected = param.List(default=[], doc="indices of the selected cards")
    max_select = param.Integer(default=0, doc="0: no limit")
    ordered = param.Boolean(default=False, doc="keep `selected` in the order clicked")
    disabled = param.Boolean(default=False)

    _stylesheets: ClassVar[list[str]] = [PICKER_CSS]

    _esm = """
    export function render({ model }) {
      const root = document.createElement("div");
      root.className = "zp-hand zp-picker";
      function draw() {
        root.innerHTML = "";
        const sel = new Set(model.selected);
        for (const group of model.groups) {
          const g = document.createElement("div");
          g.className = "zp-group";
          for (const i of group) {
            const pick = document.createElement("div");
            pick.className = "zp-pick" + (sel.has(i) ? " selected" : "")
              + (model.disabled ? " disabled" : "");
            pick.innerHTML = model.items[i];
            pick.dataset.index = i;
            pick.dataset.card = model.cards[i];
            pick.addEventListener("click", () => {
              if (model.disabled) return;
              const s = new Set(model.selected);
              if (s.has(i)) { s.delete(i); }
              else {
                if (model.max_select === 1) { s.clear(); }
                else if (model.max_select && s.size >= model.max_select) { return; }
                s.add(i);
              }
              const kept = [...s];
              model.selected = model.ordered ? kept : kept.sort((a, b) => a - b);
            });
            g.appendChild(pick);
          }
          root.appendChild(g);
        }
      }
      draw();
      for (const name of ["items", "groups", "selected", "disabled"]) { model.on(name, draw); }
      return root;
    }
    """

    def show(self, cards: Sequence[Card], trump: Trump | None, plain: bool = False,
             tagged: Sequence[Card] = (), tag: str = "", lang: str = "en") -> None:
        """Display `cards` in trump order (grouped by effective suit), jokers named in `lang`;
        clears the selection.

        `plain`: as given, unmarked and unsorted — for questions the trump order would answer.
        `tagged` cards (copies matched one by one) are marked with the word `tag`.
        """
        if plain:
            ordered, groups, trump = list(cards), [list(range(len(cards)))], None
        else:
            ordered, groups = sorted_groups(cards, trump)
        left = list(tagged)
        items = []
        for c in ordered:
            mine = c in left
            if mine:
                left.remove(c)
            items.append(card_html(c, trump, tag if mine else "", lang))
        self.param.update(cards=[str(c) for c in ordered], items=items, groups=groups,
                          selected=[])

    @property
    def selected_cards(self) -> list[Card]:
        return [Card(self.cards[i]) for i in self.selected if i < len(self.cards)]

    def select_cards(self, wanted: Sequence[Card]) -> None:
        """Select these cards (copies matched one by one, in the order given), e.g. to show
        a hint or an answer."""
        chosen: list[int] = []
        for card in wanted:
            index = next((i for i, code in enumerate(self.cards)
                          if code == str(card) and i not in chosen), None)
            if index is not None:
                chosen.append(index)
        self.selected = chosen if self.ordered else sorted(chosen)
