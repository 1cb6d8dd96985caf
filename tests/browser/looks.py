"""Cheap looks at a page for the tests that poll it through a whole hand: one script run in the
page answers what a Playwright role query per button would (the page's widgets sit in shadow
roots, so the script walks them). Polling a play page with `get_by_role` for four buttons
20 times a second cost the machine 0.45 s of CPU a second (the accessible names of every
element, computed each time); this look costs 0.16 s, and a wait run inside the page 0.03 s,
which leaves the cores to the servers and browsers the suite is waiting on."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

# every element of the document and of the shadow roots inside it
_DEEP = """const deep = (root, found = []) => {
  for (const el of root.querySelectorAll('*')) {
    found.push(el);
    if (el.shadowRoot) deep(el.shadowRoot, found);
  }
  return found;
};"""

# the names of the buttons a person can see: their label, else their text, as Playwright
# names them (white space collapsed)
_BUTTONS = _DEEP + """
const buttons = () => deep(document).filter(el => el.tagName === 'BUTTON'
    && el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map(el => (el.getAttribute('aria-label') || el.textContent).replace(/\\s+/g, ' ').trim());"""


def shown_buttons(page) -> set[str]:
    """The names of the buttons shown on `page` now."""
    return set(page.evaluate(f"() => {{ {_BUTTONS} return buttons(); }}"))


def wait_for_buttons(page, names: tuple[str, ...], timeout_ms: float) -> bool:
    """Wait, inside the page, until one of the buttons `names` shows; False if none did in
    `timeout_ms`."""
    try:
        page.wait_for_function(
            f"names => {{ {_BUTTONS} return buttons().some(n => names.includes(n)); }}",
            arg=list(names), polling=50, timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True


def wait_for_count_change(page, css_class: str, before: int, timeout_ms: float) -> bool:
    """Wait, inside the page, until the number of elements with `css_class` is not `before`
    (checked at every frame, so the wait ends within one of the change); False if it never
    changed in `timeout_ms`."""
    try:
        page.wait_for_function(
            f"([name, n]) => {{ {_DEEP} "
            "return deep(document).filter(el => el.classList.contains(name)).length !== n; }",
            arg=[css_class, before], polling="raf", timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True


def wait_until_hidden(page, name: str, timeout_ms: float) -> bool:
    """Wait, inside the page, until the button `name` no longer shows (an action clicked
    has been taken: the next look sees its turn gone); False if it still shows."""
    try:
        page.wait_for_function(
            f"name => {{ {_BUTTONS} return !buttons().includes(name); }}",
            arg=name, polling=50, timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True
