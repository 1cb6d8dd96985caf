"""A shared table in real browsers: three people and two computer players at one table, on two
app processes sharing one PostgreSQL database behind nginx, with two spectators watching the
table's public view (one on each process).

They play a whole hand. Every websocket message each browser receives is kept, and checked
afterwards against the table's log in the database: every table a screen drew shows the plays
the server had at that point, every play another seat made while a page was open shows on it,
no page ever received cards its seat never held, and the spectators received no hand at all.
One person closes their tab mid-hand: their seat is marked away and the computer finishes the
hand for them; they open the link again, take the seat back and act for it in the next hand.
"""

from __future__ import annotations

import html
import json
import os
import re
import time
from collections import Counter
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.postgres import create_database
from tests.serving import app_processes, free_port, nginx, routing_keys
from tutor.rules import Phase, parse_cards
from tutor.store import Store
from tutor.tables import TableGame
from tutor.ui.auth import SESSION_COOKIE

from .conftest import settled_widths, shot

pytestmark = pytest.mark.browser

SIZES = {"390": (390, 844), "1366": (1366, 900)}


@pytest.fixture(scope="module")
def tables(tmp_path_factory, pg_url):
    folder = tmp_path_factory.mktemp("tables")
    url = create_database(pg_url, "table_app")
    port = free_port()
    extra = ["--behind-proxy", "--allow-origin", f"localhost:{port}"]  # Bokeh's session time
    env = dict(os.environ, TUTOR_AI_DELAY_MS="30")
    with app_processes([url, url], folder, extra, env) as apps, \
            nginx([a.port for a in apps], port) as proxy:
        store = Store(url)
        try:
            yield apps, proxy, routing_keys(proxy, [a.port for a in apps]), store
        finally:
            store.close()


# ---------------------------------------------------------------------- browsers
@dataclass(eq=False)
class Browser:
    """One browser context pinned to one app process, and every websocket message its pages
    received (each page load's in a list of its own, in order)."""

    name: str
    context: object
    page: object = None
    pages: list[list[str]] = field(default_factory=list)

    def open(self, url: str):
        """A new tab at `url`."""
        self.page = self.context.new_page()
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._received))
        return self.goto(url)

    def goto(self, url: str):
        """This tab at `url` (a page of its own: its messages are kept apart)."""
        self.pages.append([])
        self.page.goto(url)
        return self.page

    def _received(self, data) -> None:
        self.pages[-1].append(data if isinstance(data, str) else data.decode("latin-1"))


def _pinned(browser, proxy, key: str, name: str) -> Browser:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": "tutor_route", "value": key, "url": proxy.url}])
    return Browser(name, context)


def _button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def _head(page, attr: str) -> str:
    return page.locator(".zp-table-head").first.get_attribute(attr) or ""


def _wait_head(page, attr: str, value: str, timeout: float = 30_000) -> None:
    page.locator(f'.zp-table-head[{attr}="{value}"]').first.wait_for(timeout=timeout)


def _seats_text(page) -> str:
    return page.locator(".zp-seats").first.inner_text()


MEI = "Mei Mei Wang-Lindqvist, Room 12B"  # a long name: the seat boxes cut it short


def _sign_up(proxy, b: Browser, username: str, display: str) -> None:
    """A new account, signed in on this browser (the account box's own request: the account
    box itself is tested elsewhere, and a page less to load keeps this test short)."""
    answer = b.context.request.post(
        proxy.url + "auth/create", headers={"Origin": proxy.url.rstrip("/")},
        data={"username": username, "password": "pass-" + username, "display_name": display})
    assert answer.ok, answer.text()


# ---------------------------------------------------------------------- the table's log
class Log:
    """The table's game as the database has it, read again when asked."""

    def __init__(self, store: Store, table_id: int) -> None:
        self.store, self.id = store, table_id
        self.options, self.seed = store.tables.game_setup(table_id)
        self.entries: list[dict] = []
        self.game = TableGame(self.options, self.seed)

    def update(self) -> TableGame:
        new = self.store.tables.actions_since(self.id, len(self.entries))
        self.game.extend(new)
        self.entries += new
        return self.game

    def seat_away(self, seat: int) -> bool:
        return self.store.tables.get(self.id).seats[seat].away


@dataclass
class Truth:
    """What the log says at every count: the public centre of the table, the cards each seat
    held at some point, and every play (with its hand and trick)."""

    centre: list[tuple]  # by count: (hand, trick in progress, its rows, last trick's rows)
    held: dict[int, list[Counter]]  # seat: each holding it had (its kitty-taking included)
    plays: list[tuple]  # (entry number, hand, trick, seat, cards)


def _rows(plays) -> tuple:
    return tuple((seat, tuple(sorted(str(c) for c in cards))) for seat, cards in plays)


def _truth(options, seed, entries) -> Truth:
    game = TableGame(options, seed)
    centre, plays = [], []
    held: dict[int, list[Counter]] = {s: [] for s in range(5)}

    def look() -> None:
        hand = game.hand
        obs = hand.observation(0)
        last = _rows(obs.tricks[-1].plays) if obs.tricks else ()
        centre.append((game.hand_index, len(obs.tricks) + 1, _rows(obs.current), last))
        for seat in range(5):
            cards = Counter(str(c) for c in hand.cards_of(seat))
            if seat == obs.declarer and hand.phase == Phase.BURYING:
                cards = cards | Counter(str(c) for c in hand.kitty)
            if cards not in held[seat]:
                held[seat].append(cards)

    look()
    for number, entry in enumerate(entries):
        game.extend([entry])
        if entry.get("type") == "play":
            obs = game.hand.observation(0)
            trick = obs.current or obs.tricks[-1].plays
            no = len(obs.tricks) + 1 if obs.current else len(obs.tricks)
            cards = dict(trick)[entry["seat"]]
            plays.append((number, game.hand_index, no, entry["seat"],
                          tuple(sorted(str(c) for c in cards))))
        look()
    return Truth(centre, held, plays)


# ---------------------------------------------------------------------- what pages received
def _walk(value, found: list) -> None:
    """Every (attribute, value) a Bokeh message sets: models' attributes and changes."""
    if isinstance(value, dict):
        if isinstance(value.get("attributes"), dict):
            found.extend(value["attributes"].items())
        if value.get("kind") == "ModelChanged" and "attr" in value:
            found.append((value["attr"], value.get("new")))
        for item in value.values():
            _walk(item, found)
    elif isinstance(value, list):
        for item in value:
            _walk(item, found)


def _messages(frames: list[str]) -> list[list[tuple]]:
    """The attributes each JSON frame sets, frame by frame."""
    out = []
    for frame in frames:
        try:
            data = json.loads(frame)
        except ValueError:
            continue
        found: list = []
        _walk(data, found)
        if found:
            out.append(found)
    return out


def _text(value) -> str:
    if not isinstance(value, str):
        return ""
    return html.unescape(value) if "&lt;" in value else value


PLAY_ROW = re.compile(r'<div class="zp-play(?: win)?" data-seat="(\d)">(.*?)'
                      r'(?=<div class="zp-play(?: win)?" data-seat=|$)', re.S)


def _centre_rows(part: str) -> tuple:
    return tuple((int(seat), tuple(sorted(re.findall(r'data-card="([^"]+)"', row))))
                 for seat, row in PLAY_ROW.findall(part))


def _tables_drawn(frames: list[str]) -> list[tuple]:
    """Each table a page was sent, as (the table's count then, trick in progress, its rows,
    last trick's rows)."""
    drawn, count = [], None
    for found in _messages(frames):
        texts = [_text(v) for _, v in found]
        for text in texts:
            head = re.search(r'class="zp-table-head"[^>]*data-count="(\d+)"', text)
            if head:
                count = int(head.group(1))
        for text in texts:
            if 'class="zp-table"' not in text or count is None:
                continue
            if 'class="zp-review-detail"' in text:  # a review's position of a past hand
                continue
            now, _, last = text.partition('<div class="zp-last"')
            trick = re.search(r'class="zp-now" data-trick="(\d+)"', now)
            drawn.append((count, int(trick.group(1)) if trick else 0,
                          _centre_rows(now.split('class="zp-now"', 1)[-1]), _centre_rows(last)))
    return drawn


def _hands_received(frames: list[str]) -> list[list[str]]:
    """Every list of cards a page was sent for a hand of cards (the card picker's `cards`,
    and the cards in its `items`' markup)."""
    hands = []
    for found in _messages(frames):
        for attr, value in found:
            if attr == "cards" and isinstance(value, list):
                hands.append([str(c) for c in value])
            elif attr == "items" and isinstance(value, list):
                hands.append([c for item in value
                              for c in re.findall(r'data-card="([^"]+)"', _text(item))])
    return hands


# ---------------------------------------------------------------------- a person's turn
def _act(page, phase: str, log: Log, seat: int) -> None:
    """Take seat `seat`'s decision on its page: pass when bidding, else the hint and its
    action; waits until the log has it (or a few seconds, to look again)."""
    before = len(log.entries)
    try:
        if phase == Phase.BIDDING:
            _button(page, "Pass").click(timeout=10_000)
        else:
            name = {Phase.BURYING: "Bury 7", Phase.CALLING: "Call friend",
                    Phase.PLAYING: "Play cards"}[phase]
            _button(page, name).wait_for(timeout=10_000)
            _button(page, "Hint").click(timeout=10_000)
            if phase == Phase.CALLING:
                page.locator(".alert-success").first.wait_for(timeout=15_000)
            else:
                expect(page.locator(".zp-pick.selected").first).to_be_visible(timeout=15_000)
                if phase == Phase.BURYING:
                    expect(page.locator(".zp-pick.selected")).to_have_count(7, timeout=15_000)
            _button(page, name).click(timeout=10_000)
    except (PlaywrightTimeout, AssertionError):
        return  # the page was behind: look again
    deadline = time.time() + 10
    while time.time() < deadline:
        game = log.update()
        if len(log.entries) > before or game.hand.turn != seat:
            return
        time.sleep(0.08)


# ---------------------------------------------------------------------- the test
@pytest.mark.timeout(400)
def test_three_people_and_two_computers_play_a_hand_across_two_processes(browser, tables):
    apps, proxy, keys, store = tables
    first, second = (a.port for a in apps)
    started = time.perf_counter()
    marks: dict[str, float] = {}  # when each part ended, for the report

    def mark(what: str) -> None:
        marks[what] = time.perf_counter() - started

    host = _pinned(browser, proxy, keys[first], "Host")
    mei = _pinned(browser, proxy, keys[second], "Mei")
    jun = _pinned(browser, proxy, keys[first], "Jun")
    watchers = [_pinned(browser, proxy, keys[first], "watcher A"),
                _pinned(browser, proxy, keys[second], "watcher B")]
    everyone = [host, mei, jun, *watchers]
    try:
        for b, username, display in ((host, "host", "Host Hu"), (mei, "mei", MEI),
                                     (jun, "jun", "Jun Jie")):
            _sign_up(proxy, b, username, display)
        # the host opens a table with easy computers and no turn limit (so only a closed
        # page can hand a seat to the computer)
        page = host.open(proxy.url + "?page=table")
        page.get_by_label("Computer players").select_option(label="easy")
        page.get_by_label("Time for a turn").select_option(label="no limit")
        page.get_by_role("button", name="Open table").click()
        page.locator(".zp-table-head").first.wait_for(timeout=30_000)
        code = _head(page, "data-code")
        assert re.fullmatch(r"T[A-Z0-9]{6}", code)
        assert f"code={code}" in page.url
        table_id = store.tables.find(code).id

        # Mei (the other process) joins by typing the code; Jun follows the link
        page = mei.open(proxy.url + "?page=table")
        page.get_by_placeholder("table code, like T4KQ9M2").fill(code.lower())
        page.get_by_role("button", name="Join", exact=True).click()
        _wait_head(page, "data-code", code)
        jun.open(proxy.url + f"?page=table&code={code}")
        _wait_head(jun.page, "data-code", code)
        for watcher in watchers:
            watcher.open(proxy.url + f"?page=table&code={code}&watch=table")
            _wait_head(watcher.page, "data-code", code)
            watcher.page.get_by_text("You are watching the table as the players see it."
                                     ).wait_for(timeout=15_000)

        info = store.tables.get(table_id)
        seat_of = {p: next(s.seat for s in info.seats if s.name == name)
                   for p, name in ((host, "Host Hu"), (mei, MEI), (jun, "Jun Jie"))}
        assert seat_of == {host: 0, mei: 1, jun: 2}
        assert [s.user_id is None for s in info.seats] == [False, False, False, True, True]
        assert (info.options["strength"], info.options["turn_seconds"]) == ("easy", 0)
        seats = _seats_text(host.page)
        assert "Seat 0: Host Hu (you)" in seats and "Seat 2: Jun Jie" in seats
        assert "Seat 3: computer (easy)" in seats and "Seat 4: computer (easy)" in seats
        # the table itself names the people, as text; a computer's seat keeps its number
        for seat, shown in ((1, MEI), (2, "Jun Jie"), (3, "Seat 3")):
            expect(host.page.locator(f'.zp-seat[data-seat="{seat}"] .who')).to_contain_text(
                shown, timeout=15_000)
        expect(host.page.locator('.zp-seat[data-seat="0"] .who')).to_contain_text("You")

        mark("seated")
        _button(host.page, "Start the match").click()
        for b in everyone:
            _wait_head(b.page, "data-status", "playing")

        log = Log(store, table_id)
        person_at = {seat: p for p, seat in seat_of.items()}
        closed_at: int | None = None  # the count when Jun closed the tab
        away_at: int | None = None  # the count when the seat was marked away
        shots_taken = phone_checked = False
        deadline = time.time() + 330  # a loaded machine: the whole suite at once
        while time.time() < deadline:
            game = log.update()
            if game.hand_over:
                break
            obs = game.hand.observation(0)
            if closed_at is None and len(obs.tricks) >= 2:
                jun.page.close()  # mid-hand: the session ends and the computer takes over
                closed_at, shut = len(log.entries), time.time()
                while not log.seat_away(seat_of[jun]) and time.time() - shut < 30:
                    time.sleep(0.1)
                noticed = time.time() - shut  # the websocket's closing, not the session's end
                assert noticed < 6, f"the closed tab was noticed after {noticed:.1f} s"
                mark(f"closed tab noticed in {noticed:.1f} s")
            if closed_at is not None and away_at is None and log.seat_away(seat_of[jun]):
                away_at = len(log.entries)
            if not shots_taken and len(obs.tricks) >= 1 and obs.current:
                _screenshots(mei.page)
                _teacher_watches(browser, proxy, keys[second], store, code)
                shots_taken = True
            turn = game.hand.turn
            person = person_at.get(turn)
            if person is mei and not phone_checked and game.hand.phase == Phase.PLAYING:
                _first_screen_at_turn(mei.page)
                phone_checked = True
            if person is None or (person is jun and closed_at is not None):
                time.sleep(0.08)  # the computer's turn (or the away person's)
                continue
            _act(person.page, game.hand.phase, log, turn)
        else:
            raise AssertionError(f"the hand did not finish: {len(log.entries)} actions")
        assert closed_at is not None and shots_taken and phone_checked
        mark("hand played")
        hand_done = len(log.entries)
        # the computer played on for Jun once the tab was closed, to the end of the hand
        deadline = time.time() + 20
        while away_at is None and time.time() < deadline:
            away_at = len(log.entries) if log.seat_away(seat_of[jun]) else None
            time.sleep(0.1)
        assert away_at is not None, "closing the tab did not mark the seat away"
        # (with no page of Jun's open, every play of Jun's seat since was the computer's)
        jun_plays = [e for e in log.entries[closed_at:] if e.get("seat") == seat_of[jun]]
        assert jun_plays and game.hand_over and not game.hand.cards_of(seat_of[jun])
        for b in (host, mei):
            b.page.locator(".zp-table[data-phase=finished]").first.wait_for(timeout=30_000)
            _wait_head(b.page, "data-count", str(hand_done))
            assert "Seat 2: Jun Jie · away: the computer plays for now" in _seats_text(b.page)

        # Jun opens the link again: the same seat, no longer away, everyone sees it
        page = jun.open(proxy.url + f"?page=table&code={code}")
        _wait_head(page, "data-count", str(hand_done))
        page.locator(".zp-seats .s.me[data-seat='2']").wait_for(timeout=15_000)
        assert "Seat 2: Jun Jie (you)" in _seats_text(page)
        assert not log.seat_away(seat_of[jun])
        for b in everyone:
            b.page.locator(".zp-seats .s[data-seat='2']:not(.away)").wait_for(timeout=15_000)
        mark("rejoined")
        # the hand's end waits for everyone here: Jun is ready, Host and Mei read reviews,
        # and the next hand begins only when the host deals it
        _button(page, "Next hand").click()
        page.get_by_text("Waiting for").first.wait_for(timeout=15_000)
        for b in (host, mei):
            _button(b.page, "Review this hand").click()
            b.page.locator(".zp-review").first.wait_for(timeout=60_000)
        time.sleep(1.5)
        log.update()
        assert len(log.entries) == hand_done, "the next hand began before the host dealt it"
        _button(host.page, "Next hand").click()
        for b in (host, mei):  # their reviews stay open until they close them
            _button(b.page, "Close the review").wait_for(timeout=30_000)
        mark("hand end")
        # and Jun acts for their seat: in the next hand the table waits for Jun's bid
        deadline = time.time() + 60
        while time.time() < deadline:
            game = log.update()
            if game.hand_index == 1 and game.hand.turn == seat_of[jun]:
                break
            turn = game.hand.turn
            if game.hand_index == 1 and turn in person_at and turn != seat_of[jun]:
                _act(person_at[turn].page, game.hand.phase, log, turn)
            else:
                time.sleep(0.08)
        else:
            raise AssertionError("Jun's turn did not come in the next hand")
        waiting = len(log.entries)
        time.sleep(1.0)  # the computer would have played it by now (30 ms)
        log.update()
        assert len(log.entries) == waiting
        deadline = time.time() + 60
        while len(log.entries) == waiting and time.time() < deadline:
            _act(page, Phase.BIDDING, log, seat_of[jun])
        assert log.entries[waiting] == {"type": "pass", "seat": 2, "hand": 1}
        mark("next hand")
    except BaseException:
        for b in everyone:
            if b.page is not None and not b.page.is_closed():
                shot(b.page, f"table_failed_{b.name.replace(' ', '_')}")
        raise
    finally:
        for b in everyone:
            b.context.close()
    print(f"table test: {len(log.entries)} actions;",
          ", ".join(f"{what} at {t:.1f} s" for what, t in marks.items()))

    # ------------------------------------------------------------ what the browsers got
    log.update()
    pages = {b.name: b.pages for b in everyone}
    seats = {b.name: seat_of.get(b) for b in everyone}
    if os.environ.get("TABLE_TEST_DUMP"):  # to look again at what the browsers got
        with open(os.environ["TABLE_TEST_DUMP"], "w") as out:
            json.dump({"entries": log.entries, "options": log.options, "seed": log.seed,
                       "pages": pages, "seats": seats}, out)
    tables_drawn = _check_received(pages, seats, _truth(log.options, log.seed, log.entries))
    # Jun's first tab drew the table until it closed, the second from the hand's end on
    assert tables_drawn == {"Host": 1, "Mei": 1, "Jun": 2, "watcher A": 1, "watcher B": 1}
    # and every request of each browser, websockets included, reached its own process
    rows = proxy.access_log()
    for port in (first, second):
        answered = {int(r["upstream"].rsplit(":", 1)[1]) for r in rows
                    if r["route"] == keys[port] and r["upstream"] not in ("", "-")}
        assert answered == {port}
        assert any(r["route"] == keys[port] and "/ws" in r["request"] for r in rows)


def _check_received(pages: dict[str, list[list[str]]], seats: dict[str, int | None],
                    truth: Truth) -> dict[str, int]:
    """Check every page's messages against the log (see the module's docstring); how many
    pages of each browser drew the table."""
    assert truth.plays and len(truth.centre) > len(truth.plays)
    tables_drawn = {}
    for name, loads in pages.items():
        seat = seats[name]
        tables_drawn[name] = 0
        for frames in loads:
            drawn = _tables_drawn(frames)
            hands = [h for h in _hands_received(frames) if h]
            if not drawn:  # a lobby: no cards either
                assert not hands, (name, hands[:1])
                continue
            tables_drawn[name] += 1
            for count, trick, now, last in drawn:  # what it drew is what the table had
                _, true_trick, true_now, true_last = truth.centre[count]
                assert (trick, now, last) == (true_trick, true_now, true_last), (name, count)
            # every play another seat made while the page was open shows on it
            low, high = drawn[0][0], drawn[-1][0]
            shown = {(truth.centre[c][0], t, s, cards) for c, t, now, last in drawn
                     for s, cards in now}
            shown |= {(truth.centre[c][0], t - 1, s, cards) for c, t, now, last in drawn
                      for s, cards in last}
            missing = [p for p in truth.plays if low <= p[0] and p[0] + 1 <= high
                       and p[3] != seat and p[1:] not in shown]
            assert not missing, (name, missing[:3])
            # no page holds cards its seat never held; a spectator's, none at all
            if seat is None:
                assert not hands, (name, hands[:1])
                assert not any(re.search(r'"type":"object","name":"CardPicker', f)
                               for f in frames), name  # (its type is defined for every page)
                continue
            assert hands, f"{name}'s page got no hand"
            for cards in hands:
                got = Counter(str(c) for c in parse_cards(" ".join(cards)))
                assert any(not (got - held) for held in truth.held[seat]), (name, cards)
    return tables_drawn


def _first_screen_at_turn(page) -> None:
    """At the person's turn on a phone (390 × 844), their hand and the Play button are on
    the first screen, not below the table's code, link and seats."""
    page.set_viewport_size({"width": 390, "height": 844})
    play = _button(page, "Play cards")
    play.wait_for(timeout=30_000)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    shot(page, "table_turn_390_en")
    hand = page.locator(".zp-picker.zp-hand").first.bounding_box()
    button = play.bounding_box()
    assert hand is not None and button is not None
    assert button["y"] + button["height"] <= 844, f"the Play button is at {button['y']:.0f} px"
    assert hand["y"] + 60 <= 844, f"the hand starts at {hand['y']:.0f} px"
    page.set_viewport_size({"width": 1280, "height": 900})


def _teacher_watches(browser, proxy, key: str, store: Store, code: str) -> None:
    """A teacher of the three people opens the table with every hand shown: five hands
    drawn as cards under the players' names, at a phone's width and a laptop's, in English
    and in Chinese (a browser of its own, outside what the players' browsers are checked
    for: it sees every hand by right)."""
    info = store.tables.find(code)
    teacher = store.users.create("msli", "Ms Li", "teacher", "staff-pass-1")
    room = store.classes.create(teacher.id, "Class A")
    for seat in info.seats:
        if seat.user_id is not None:
            store.classes.join(seat.user_id, room.join_code)
    watcher = _pinned(browser, proxy, key, "Teacher")
    watcher.context.add_cookies([{"name": SESSION_COOKIE, "url": proxy.url,
                                  "value": store.users.open_session(teacher)}])
    try:
        page = watcher.open(proxy.url + f"?page=table&code={code}&watch=all&lang=en")
        hands = page.locator(".zp-hands").first
        hands.wait_for(timeout=30_000)
        rows = hands.locator(".row")
        expect(rows).to_have_count(5)
        for seat, name in ((0, "Host Hu"), (1, "Mei Mei"), (2, "Jun Jie"), (3, "computer")):
            expect(rows.nth(seat).locator(".who")).to_contain_text(name)
        assert rows.nth(0).locator(".zp-card").count() > 10  # cards, not lines of text

        def not_too_tall(size: str) -> None:  # (it was 3,400 px of one card a line)
            tall = hands.bounding_box()["height"]
            assert tall < (1800 if size == "390" else 900), f"{tall} px tall at {size}"

        _screenshots(page, "table_teacher", (".zp-hands", "所有人的牌", "Every hand"),
                     not_too_tall)
    finally:
        watcher.context.close()


def _screenshots(page, name: str = "table",
                 heading: tuple[str, str, str] = (".zp-table-head h3", "桌", "Table"),
                 check=None) -> None:
    """The page at a phone's width and a laptop's, in English and in Chinese, never wider
    than the window (and `check(size)`); `heading`: what shows the language switched (a
    selector, its text in Chinese, in English)."""
    where, zh, en = heading
    for lang, other in (("en", "中文"), ("zh", "English")):
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            scroll, inner = settled_widths(page)
            shot(page, f"{name}_{size}_{lang}")
            assert scroll <= inner, f"{name} is wider than the window at {size} px ({lang})"
            if check is not None:
                check(size)
        _button(page, other).click()
        page.locator(where).filter(has_text=zh if lang == "en" else en).first.wait_for(
            timeout=15_000)
    page.set_viewport_size({"width": 1280, "height": 900})
