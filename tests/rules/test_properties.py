"""Property tests over random seeds: whole hands played by random legal players."""

import random
from collections import Counter
from itertools import islice

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tutor.rules import (
    Bid,
    Bury,
    CallFriend,
    Card,
    EventKind,
    Hand,
    Pass,
    Phase,
    Play,
    RuleSet,
    Trump,
    legal_follows,
    parse_cards,
)


def full_deck(rules: RuleSet) -> Counter:
    return Counter(Card(k) for k in range(54) for _ in range(rules.decks))
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32)
rule_sets = st.sampled_from([
    RuleSet(), RuleSet(friend_rule="nth_played"), RuleSet(kitty_multiplier="max"),
    RuleSet(decks=2, players=4),
])


def play_out(hand: Hand, rng: random.Random, check=None) -> Hand:
    while hand.phase != Phase.FINISHED:
        action = hand.random_action(rng)
        if check is not None:
            check(hand, action, rng)
        hand.apply(action)
    return hand


@SETTINGS
@given(seed=seeds, rules=rule_sets)
def test_every_card_dealt_and_played_once_and_points_add_up(seed, rules):
    h = play_out(Hand(seed, rules), random.Random(seed))
    last_deal = [e for e in h.events if e.type == EventKind.DEAL][-rules.players:]
    dealt = Counter(c for e in last_deal for c in e.cards)
    taken = next(e for e in h.events if e.type == EventKind.KITTY_TAKEN).cards
    assert dealt + Counter(taken) == full_deck(rules)
    played = Counter(c for t in h.tricks for _, cards in t.plays for c in cards)
    assert played + Counter(h.kitty) == full_deck(rules)
    r = h.result
    assert sum(t.points for t in h.tricks) + r.kitty_points == rules.total_points
    assert r.defender_points == r.trick_points + r.kitty_bonus
    assert all(len(h.cards_of(s)) == 0 for s in range(rules.players))


@SETTINGS
@given(seed=seeds, rules=rule_sets)
def test_replay_from_seed_and_actions_reproduces_the_hand(seed, rules):
    h = play_out(Hand(seed, rules), random.Random(seed ^ 0x5F))
    again = Hand.replay(seed, h.actions, rules)
    assert again.summary() == h.summary()
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in h.events]


def _public_cards(h: Hand) -> Counter:
    seen: Counter = Counter()
    for e in h.events:
        # the kitty is shown to everyone when the hand ends (hand_end carries it)
        if e.private_to is None and e.type in (
                EventKind.BID, EventKind.PLAY, EventKind.THROW_FAILED, EventKind.KITTY_TURNED,
                EventKind.FRIEND_CALLED, EventKind.HAND_END):
            seen += Counter(e.cards)
    return seen


def _union(shown: Counter, cards) -> None:
    """`shown |= Counter(cards)` (each card's count the larger), in place: a new Counter for
    every event made `|` three quarters of this test's time."""
    for card, n in Counter(cards).items():
        if n > shown[card]:
            shown[card] = n


def _check_observation(h: Hand, seat: int) -> None:
    obs = h.observation(seat)
    own = Counter(h.cards_of(seat))
    assert Counter(obs.hand) == own
    allowed = own + _public_cards(h)
    if seat == h.declarer:
        taken = next((e.cards for e in h.events if e.type == EventKind.KITTY_TAKEN), ())
        allowed += Counter(taken) + Counter(h.kitty)
    # its own deals (earlier ones too, when the cards were dealt again)
    allowed += Counter(c for e in h.events if e.type == EventKind.DEAL and e.seat == seat
                       for c in e.cards)
    shown: Counter = Counter(obs.hand)
    for e in obs.events:
        assert e.visible_to(seat)
        _union(shown, e.cards)
    for field in (obs.kitty, obs.buried, obs.kitty_shown):
        _union(shown, field or ())
    for t in obs.tricks:
        for _, cards in t.plays:
            _union(shown, cards)
    assert not (shown - allowed), f"seat {seat} sees {shown - allowed}"
    revealed = any(e.type == EventKind.FRIEND_REVEALED for e in obs.events)
    if h.phase == Phase.PLAYING and not revealed:
        assert obs.friend is None


@SETTINGS
@given(seed=seeds)
def test_observations_never_show_another_seats_hidden_cards(seed):
    h = Hand(seed)
    rng = random.Random(seed)

    def check(hand, action, rng):
        if rng.random() < 0.15:
            for seat in range(5):
                _check_observation(hand, seat)

    play_out(h, rng, check)
    for seat in range(5):
        _check_observation(h, seat)


def _agree(hand: Hand, action, rng: random.Random) -> None:
    """The legal-action generator and the validator agree at this decision point."""
    if rng.random() > 0.2:
        return
    assert hand.why_illegal(action) is None  # the random player's action is legal
    generated = list(islice(hand.legal_actions(), 400))
    assert generated, "a seat to act always has a legal action"
    for a in generated[:: max(1, len(generated) // 40)]:
        assert hand.why_illegal(a) is None, a
    seat = hand.turn
    cards = hand.cards_of(seat)
    if hand.phase == Phase.BIDDING:
        gen = set(generated)
        for c in set(cards):
            for n in (1, 2, 3):
                a = Bid(seat, (c,) * n)
                assert (hand.why_illegal(a) is None) == (a in gen), a
        assert Pass(seat) in gen
    elif hand.phase == Phase.CALLING:
        assert hand.why_illegal(CallFriend(seat, Card("SJ"))) is not None
    elif hand.phase == Phase.BURYING:
        assert hand.why_illegal(Bury(seat, tuple(cards[:6]))) is not None
    elif hand.phase == Phase.PLAYING and hand.observation(seat).current:
        lead = hand.observation(seat).current[0][1]
        follows = None
        follows_iter = legal_follows(cards, lead, hand.trump)
        follows = list(islice(follows_iter, 3001))
        if len(follows) <= 3000:
            legal = {tuple(sorted(p)) for p in follows}
            for _ in range(30):
                cand = tuple(sorted(rng.sample(cards, len(lead))))
                ok = hand.why_illegal(Play(seat, cand)) is None
                assert ok == (cand in legal), (cand, lead)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_random_player_always_acts_and_generator_agrees_with_validator(seed):
    play_out(Hand(seed), random.Random(seed), _agree)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_follow_sampler_and_enumeration_agree_on_small_hands(data):
    trump = Trump(data.draw(st.sampled_from(["2", "7", "A"])),
                  data.draw(st.sampled_from(["S", "H", None])))
    pool = parse_cards("AH KH QH JH 10H 9H 2H 2S 2C SJ BJ 7H 7S AS")
    lead_cards = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=5))
    eff = trump.table.eff
    lead_suit = eff[lead_cards[0]]
    lead = [c for c in lead_cards if eff[c] == lead_suit]
    hand = data.draw(st.lists(st.sampled_from(pool + parse_cards("3C 4D")),
                              min_size=len(lead), max_size=len(lead) + 6))
    assume(all(n <= 3 for n in Counter(hand).values()))  # three decks: three copies at most
    follows = list(legal_follows(hand, lead, trump))
    assert follows, "some follow is always legal"
    from tutor.rules import is_legal_follow, sample_follow
    rng = random.Random(data.draw(st.integers(0, 1000)))
    for _ in range(5):
        sample = sample_follow(hand, lead, trump, rng)
        assert is_legal_follow(hand, lead, sample, trump)
        assert tuple(sorted(sample)) in {tuple(sorted(p)) for p in follows}
    for p in follows:
        assert is_legal_follow(hand, lead, p, trump)
