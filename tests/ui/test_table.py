"""The play table tells the truth: the centre holds the trick in progress, play by play, with
the last trick smaller and apart; the declarer sees the kitty it took up marked in its hand;
English says big joker / small joker."""

from __future__ import annotations

import re

from tutor.ai import suggest
from tutor.puzzle import load_bank
from tutor.question import plain
from tutor.rules import (
    Bid,
    Card,
    Hand,
    IllegalAction,
    Pass,
    Phase,
    Play,
    RuleSet,
    Trump,
    format_cards,
)
from tutor.ui.play.page import PlayPage
from tutor.ui.play.session import PlaySession
from tutor.ui.play.table_html import center_html, table_html


def _hand_at(seed: int, stop) -> Hand:
    hand = Hand(seed, RuleSet(), (2,) * 5, seed % 5)
    while not stop(hand):
        hand.apply(suggest(hand.observation(hand.turn)).action)
    return hand


def _plays(html: str, box: str) -> list[tuple[str, list[str]]]:
    """(seat, cards) of each play row inside the box with class `box`."""
    part = html.split(f'class="{box}"', 1)[1]
    if box == "zp-now":
        part = part.split('class="zp-last"', 1)[0]
    rows = re.findall(r'class="zp-play[^"]*" data-seat="(\d)">(.*?)</div></div>', part)
    return [(seat, re.findall(r'data-card="([^"]+)"', body)) for seat, body in rows]


def test_the_centre_shows_the_trick_in_progress_and_the_last_trick_apart():
    # the second trick of a hand with two plays made in it
    hand = _hand_at(3, lambda h: len(h.observation(0).tricks) == 1
                    and len(h.observation(0).current) == 2)
    obs = hand.observation(0)
    html = center_html(obs, 0, "en")
    now = _plays(html, "zp-now")
    assert now == [(str(s), [str(c) for c in cards]) for s, cards in obs.current]
    assert "Trick 2" in html.split('class="zp-last"')[0]
    last = _plays(html, "zp-last")
    assert last == [(str(s), [str(c) for c in cards]) for s, cards in obs.tricks[0].plays]
    assert 'class="zp-played zp-tiny"' in html.split('class="zp-last"')[1]  # smaller
    # the seat boxes no longer repeat the plays: each card of the trick is drawn once
    table = table_html(obs, 0, "en", 1)
    seats = table.split('class="zp-center"')[0]
    assert not any(f'data-card="{c}"' in seats for _, cards in obs.current for c in cards
                   if c not in obs.hand)


def test_between_tricks_the_centre_says_who_leads_next():
    hand = _hand_at(3, lambda h: len(h.observation(0).tricks) == 1
                    and not h.observation(0).current)
    obs = hand.observation(0)
    html = center_html(obs, 0, "en")
    assert f"Trick 2: {'You' if obs.turn == 0 else f'Seat {obs.turn}'} to lead" in html
    assert _plays(html, "zp-now") == [] and len(_plays(html, "zp-last")) == 5


def test_the_trick_line_says_you_are_winning_to_the_winner_and_names_the_seat_to_others():
    hand = _hand_at(3, lambda h: len(h.observation(0).current) == 2)
    winner = hand.observation(0).current_winner
    leader = hand.observation(0).current[0][0]
    other = next(s for s in range(5) if s not in (winner, leader))
    led = "You led" if leader == winner else f"Seat {leader} led"
    assert f"{led}; you are winning" in center_html(hand.observation(winner), winner, "en")
    assert "你最大" in center_html(hand.observation(winner), winner, "zh")
    assert (f"Seat {leader} led; Seat {winner} is winning"
            in center_html(hand.observation(other), other, "en"))


def test_at_a_shared_table_seats_are_named_and_a_name_stays_text():
    hand = _hand_at(3, lambda h: len(h.observation(0).tricks) == 1
                    and len(h.observation(0).current) == 2)
    obs = hand.observation(0)
    names = ["Me", "<b>Mei</b>", "", "*Jun*", "Ann & Bo"]
    html = table_html(obs, 0, "en", 1, names)
    shown = {"<b>Mei</b>": "<bdi>&#60;b&#62;Mei&#60;&#47;b&#62;</bdi>",
             "*Jun*": "<bdi>&#42;Jun&#42;</bdi>", "Ann & Bo": "<bdi>Ann &#38; Bo</bdi>"}
    for seat in (1, 3, 4):  # people by name, typed text made inert by `user_text`
        assert f'data-seat="{seat}"><div class="who">{shown[names[seat]]}' in html
    assert '<div class="who">You' in html and '<div class="who">Seat 2' in html  # a computer
    assert "<b>Mei</b>" not in html and "Me<" not in html  # your own name is "You"
    leader, winner = obs.current[0][0], obs.current_winner
    said = [("You" if s == 0 else shown.get(names[s], f"Seat {s}")) for s in (leader, winner)]
    if winner != 0:
        assert f"{said[0]} led; {said[1]} is winning" in html
    last = obs.tricks[0].winner
    assert (f"Last trick: {'You' if last == 0 else shown.get(names[last], f'Seat {last}')} won"
            in html)


def _burying_page(lang: str = "en") -> tuple[PlayPage, PlaySession]:
    for seed in range(200):
        session = PlaySession(seed=seed, strength="easy")
        while session.hand.phase in (Phase.BIDDING,) or (
                session.hand.phase == Phase.BURYING and not session.human_to_act):
            if session.human_to_act:
                session.act(suggest(session.observation).action)
            else:
                session.ai_step()
        if session.hand.phase == Phase.BURYING and session.human_to_act:
            return PlayPage(session=session, lang=lang), session
    raise AssertionError("seat 0 never declared")


def test_the_kitty_is_marked_in_the_declarers_hand_until_buried():
    page, session = _burying_page()
    kitty = list(session.observation.kitty)
    assert len(kitty) == 7
    picker = page.hand.picker
    tagged = [code for code, item in zip(picker.cards, picker.items, strict=True)
              if "tagged" in item]
    assert sorted(Card(c) for c in tagged) == sorted(kitty)
    assert all('<span class="tag">kitty</span>' in item for item in page.hand.picker.items
               if "tagged" in item)
    page.lang = "zh"
    assert any('<span class="tag">底牌</span>' in item for item in page.hand.picker.items)
    page.hand.picker.select_cards(suggest(session.observation).action.cards)
    page.controls.buttons["bury"].clicks += 1  # as a browser's click arrives
    assert session.hand.phase != Phase.BURYING
    assert not any("tagged" in item for item in page.hand.picker.items)


def test_english_says_big_and_small_joker_and_chinese_keeps_da_wang():
    cards = [Card("BJ"), Card("SJ"), Card("10H")]
    assert format_cards(cards, lang="en") == "Big Joker Small Joker 10♥"
    assert format_cards(cards, lang="zh") == "大王 小王 10♥"
    assert Card("BJ").name("en") == "big joker" and Card("SJ").name("zh") == "小王"
    assert plain("Lead [[BJ BJ]] now", "en") == "Lead Big Joker Big Joker now"
    assert plain("先出[[BJ BJ]]", "zh") == "先出大王 大王"
    # an option button with a joker reads as its cards, not as a list ("big joker, 6♥, …")
    jokers = next(p for p in load_bank() if p.type == "strategy" and any(
        c >= Card("SJ") for cand in p.position["candidates"] for c in cand))
    labels = [plain(text.get("en"), "en") for _, text in jokers.answer_input().options]
    assert any("Joker" in x for x in labels) and not any(", " in x for x in labels), labels
    hand = _hand_at(0, lambda h: h.phase == Phase.PLAYING)
    missing = next(c for c in (Card("BJ"), Card("SJ"))
                   if c not in hand.observation(hand.turn).hand)
    try:
        hand.apply(Play(hand.turn, (missing,)))
    except IllegalAction as err:
        assert "Joker" in err.text("en") and "王" not in err.text("en")
        assert "王" in err.text("zh")
    else:
        raise AssertionError("a card not held was played")


def test_the_header_shows_the_bid_trump_as_soon_as_there_is_one():
    """The header still read 尚未亮主 (no trump declared yet) after seat 1 had bid 2♦."""
    hand = Hand(4, RuleSet(), (2,) * 5)  # a match's first hand: nobody is declarer yet
    header = table_html(hand.observation(0), 0, "zh", 1).split('class="zp-seat')[0]
    assert "尚未亮主" in header  # nobody has bid yet
    while hand.observation(0).standing_bid is None:  # seat 0 passes; the first other bids
        obs = hand.observation(hand.turn)
        bids = [a for a in obs.legal_actions() if isinstance(a, Bid)]
        hand.apply(bids[0] if bids and hand.turn != 0 else Pass(hand.turn))
    obs = hand.observation(0)
    bid = obs.standing_bid
    assert obs.phase == Phase.BIDDING and obs.trump is None and bid.seat != 0
    cards = next(c for s, c in obs.bids if s == bid.seat)
    trump = Trump("2", bid.suit)
    for lang, said in (("en", f"{trump.describe('en')} for now: Seat {bid.seat} bid "
                               f"{format_cards(cards, lang='en')}"),
                       ("zh", f"{trump.describe('zh')}（暂定：{bid.seat}号位亮"
                              f"{format_cards(cards, lang='zh')}）")):
        header = table_html(obs, 0, lang, 1).split('class="zp-seat')[0]
        assert said in header, header
        assert "尚未亮主" not in header and "not yet bid" not in header


def test_the_play_table_names_jokers_in_the_pages_language():
    """The hand and every card on the table: 大王/小王 on a Chinese page, joker/JOKER and
    "big joker" on an English one, never the other language's words."""
    session = PlaySession(seed=3, strength="easy")
    page = PlayPage(session=session)
    while not any(c.is_joker for c in session.observation.hand):
        session = PlaySession(seed=session.seed + 1, strength="easy")
        page = PlayPage(session=session)
    for lang, words, foreign in (("zh", ("大王", "小王"), ("joker", "JOKER")),
                                 ("en", ("joker", "JOKER"), ("大王", "小王"))):
        page.lang = lang
        jokers = [_said(item) for code, item in zip(page.hand.picker.cards,
                                                    page.hand.picker.items, strict=True)
                  if Card(code).is_joker]
        assert jokers and all(any(w in said for w in words) for said in jokers)
        assert not any(w in said for said in jokers for w in foreign)
    shown = _said(table_html(_joker_led(), 0, "zh", 1))
    assert "大王" in shown and "joker" not in shown.lower()


def _said(html: str) -> str:
    """What a page says in this markup: its text and its tooltips (`title`), not its tags."""
    return " ".join(re.findall(r'title="([^"]*)"', html)) + " " + re.sub(r"<[^>]+>", "", html)


def _joker_led():
    """Seat 0's view after it led the big joker (a trick on the table in the centre)."""
    hand = _hand_at(1, lambda h: h.phase == Phase.PLAYING and h.turn is not None
                    and Card("BJ") in h.cards_of(h.turn) and not h.current)
    leader = hand.turn
    hand.apply(Play(leader, (Card("BJ"),)))
    return hand.observation(leader)


def test_when_nobody_bids_the_bar_says_the_cards_were_dealt_again():
    hand = Hand(3, RuleSet(), (2,) * 5, None)  # a first hand: no bid means a new deal
    assert "dealt again" not in table_html(hand.observation(0), 0, "en", 1)
    for _ in range(5):
        hand.apply(Pass(hand.turn))
    assert hand.phase == Phase.BIDDING
    obs = hand.observation(0)
    assert "nobody bid, so the cards were dealt again (deal 2)" in table_html(obs, 0, "en", 1)
    assert "重新发牌（第2副）" in table_html(obs, 0, "zh", 1)
