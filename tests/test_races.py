"""Fair races (rushmore_print.game.races): a phone's clock from pings, tap times that physics allows,
and claims released in tap order once no earlier tap can still arrive."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rushmore_print.game.races import MARGIN, MAX_WINDOW, HeldClaim, PhoneClock, Ping, Race, window


def pinged(offset, up, down, count=12, start=100.0, every=0.5):
    """A phone ``offset`` seconds behind the server, pinged ``count`` times; ``up`` and ``down``
    give each ping's delay from and to the phone (callables of the ping's number)."""
    clock = PhoneClock()
    for n in range(count):
        sent = start + n * every
        reached = sent + down(n)
        clock = clock.with_ping(Ping(sent, reached - offset, reached + up(n)))
    return clock


def test_the_offset_is_found_within_its_error_whatever_the_jitter():
    rng = random.Random(4)
    for _ in range(200):
        offset = rng.uniform(-1e5, 1e5)
        base = rng.uniform(0.002, 0.1)
        clock = pinged(
            offset, lambda n, base=base: base + rng.uniform(0, 0.05), lambda n, base=base: base + rng.uniform(0, 0.05)
        )
        assert abs(clock.offset - offset) <= clock.error + 1e-9
        assert clock.error <= clock.best.round_trip / 2 + 1e-9  # the pings' bounds meet: no worse than the best


def test_an_earlier_tap_wins_though_its_message_arrives_later():
    # ann's phone is 120 ms away, bob's 3 ms: ann taps 20 ms before bob, her claim arrives 97 ms after his
    ann = pinged(offset=-5000.0, up=lambda n: 0.120, down=lambda n: 0.120)
    bob = pinged(offset=+300.0, up=lambda n: 0.003, down=lambda n: 0.003)
    shown, ann_tap = 200.0, 200.900
    bob_tap = ann_tap + 0.020
    ann_arrives, bob_arrives = ann_tap + 0.120, bob_tap + 0.003
    assert bob_arrives < ann_arrives
    race = Race()
    race = race.hold(HeldClaim("bob", "B3", bob.tap_time(bob_tap - 300.0, bob_arrives, shown), bob_arrives))
    race = race.hold(HeldClaim("ann", "B3", ann.tap_time(ann_tap + 5000.0, ann_arrives, shown), ann_arrives))
    wait = window([ann, bob])
    assert MAX_WINDOW >= wait >= 0.120
    early, race = race.due(now=bob_arrives, window=wait, waiting=frozenset({"ann", "bob", "cyd"}))
    assert early == ()  # bob's claim waits: an earlier tap may still be on its way
    ready, race = race.due(now=ann_arrives + wait, window=wait, waiting=frozenset({"ann", "bob", "cyd"}))
    assert [claim.player for claim in ready] == ["ann", "bob"] and race.held == ()


@settings(max_examples=300, deadline=None)
@given(
    lie=st.floats(allow_nan=True, allow_infinity=True),
    readings=st.lists(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e9, max_value=1e9), min_size=1,
                      max_size=12),
    honest_delay=st.floats(min_value=0.001, max_value=0.140),
    gap=st.floats(min_value=0.020, max_value=1.0),
)  # fmt: skip
def test_a_phone_lying_about_its_clock_cannot_win_a_race_it_lost(lie, readings, honest_delay, gap):
    # the liar's messages take 2 ms each way; it answers its pings with any readings it likes and
    # stamps its tap with any number; it tapped ``gap`` (20 ms or more) after ann
    liar = PhoneClock()
    for n, reading in enumerate(readings):
        liar = liar.with_ping(Ping(10.0 + n, reading, 10.0 + n + 0.004))
    ann = pinged(offset=42.0, up=lambda n: honest_delay, down=lambda n: honest_delay)
    shown, ann_tap = 100.0, 100.500
    ann_tapped = ann.tap_time(ann_tap - 42.0, ann_tap + honest_delay, shown)
    liar_arrives = ann_tap + gap + 0.002
    liar_tapped = liar.tap_time(lie, liar_arrives, shown)
    assert liar_tapped >= liar_arrives - (0.004 + 0.002 + MARGIN) - 1e-6  # its round trip bounds what it may claim
    held = Race().hold(HeldClaim("liar", "B3", liar_tapped, liar_arrives))
    held = held.hold(HeldClaim("ann", "B3", ann_tapped, ann_tap + honest_delay))
    assert held.held[0].player == "ann"


def test_a_stamp_is_never_before_the_card_was_shown_nor_after_it_arrived():
    clock = pinged(offset=0.0, up=lambda n: 0.1, down=lambda n: 0.1)
    assert clock.tap_time(stamp=-1e9, arrived=50.05, shown=50.0) == 50.0
    assert clock.tap_time(stamp=+1e9, arrived=50.05, shown=50.0) == 50.05


def test_a_phone_never_pinged_keeps_arrival_order_and_the_longest_window():
    assert PhoneClock().tap_time(stamp=1.0, arrived=7.0, shown=6.0) == 7.0
    assert window([PhoneClock()]) == MAX_WINDOW
    slow = pinged(offset=0.0, up=lambda n: 0.4, down=lambda n: 0.4)
    assert slow.allowance == MAX_WINDOW  # never more than the window's cap


def test_claims_are_released_in_tap_order_at_once_when_nobody_else_may_claim():
    race = Race().hold(HeldClaim("bob", "A1", 1.02, 1.03)).hold(HeldClaim("ann", "A1", 1.01, 1.09))
    ready, rest = race.due(now=1.09, window=0.15, waiting=frozenset({"ann", "bob"}))
    assert [claim.player for claim in ready] == ["ann", "bob"] and rest.held == ()
    ready, rest = race.due(now=1.09, window=0.15, waiting=frozenset({"ann", "bob", "cyd"}))
    assert ready == () and rest.wake_at(0.15) == 1.01 + 0.15


def test_old_pings_are_let_go():
    fast_then_slow = PhoneClock()
    for n in range(30):
        delay = 0.001 if n < 10 else 0.05
        fast_then_slow = fast_then_slow.with_ping(Ping(n, n + delay, n + 2 * delay))
    assert round(fast_then_slow.best.round_trip, 9) == 0.1  # the fast ones are older than the newest twelve
