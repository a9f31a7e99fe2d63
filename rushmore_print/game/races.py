"""Fair races over Wi-Fi: which hand came down first, by the players' taps rather than by their
packets.

On a home Wi-Fi one phone's messages take 5 ms and another's 80 to 150 ms, more than the gap
between two players' reactions in a close race; ordered by arrival, the race goes to the
fastest packet. So each phone stamps a tap with its own clock, and the server turns the stamp
into its own time with what it measured of that phone:

- **The phone's clock.** The server pings the phone (in the lobby and between cards); the phone
  answers at once with its clock. A ping sent at ``sent`` and answered at ``answered`` (server
  clock) carrying the phone's reading ``phone`` bounds the offset between the clocks (server =
  phone + offset) to ``[sent - phone, answered - phone]``; the offset lies in every such interval
  at once, and the middle of where they meet is the estimate (:class:`PhoneClock`).
- **What a stamp may claim.** A claim arrives at ``arrived``; its tap, in server time, is the
  stamp plus the offset, but never earlier than the phone's own measured delay allows (the
  longest its answers took to come in, plus the offset's uncertainty and a margin: its
  *allowance*, at most :data:`MAX_WINDOW`), never after its arrival, and never before the card
  was sent (:meth:`PhoneClock.tap_time`). A phone that lies about its clock gains at most its
  allowance over its real delay: it cannot make itself earlier than physics permits.
- **When a collision is judged.** A claim with tap time ``t`` is final once ``t`` plus the
  *window* has passed, the window being the largest allowance among the seated phones: any tap
  earlier than ``t`` has arrived by then, and one that arrives later was clamped to after ``t``.
  Held claims are released in tap order (:class:`Race`), at once when every player the turn waits
  for has a claim held (nobody else can collide).

Times are seconds on one monotonic clock of the server's; a phone's stamps are seconds on its own.
The terminal and ``--one-screen`` keep arrival order: they never come here.

>>> clock = PhoneClock().with_ping(Ping(sent=10.000, phone=500.030, answered=10.060))
>>> round(clock.offset, 3), round(clock.error, 3)
(-490.0, 0.03)
>>> round(clock.tap_time(stamp=501.000, arrived=11.060, shown=10.5), 3)  # tapped 60 ms before it arrived
11.0
>>> round(clock.tap_time(stamp=400.000, arrived=11.060, shown=10.5), 3)  # a stamp that lies: its allowance, 70 ms
10.99
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cached_property

from ..frozen import frozen_dataclass

MAX_WINDOW = 0.150  # seconds: the most a stamp is trusted before its arrival, and the longest a claim waits
MARGIN = 0.010  # seconds added to a phone's longest measured delay: Wi-Fi's jitter beyond the pings seen
KEPT_PINGS = 12  # the newest pings a phone's estimate is made from (a clock drifts: old ones are let go)


@frozen_dataclass
class Ping:
    """One ping: the server sent it at ``sent`` and had the answer at ``answered`` (server clock);
    ``phone`` is the phone's clock in its answer, read as it answered.

    >>> Ping(sent=1.0, phone=7.02, answered=1.05).round_trip
    0.05
    """

    sent: float
    phone: float
    answered: float

    @property
    def round_trip(self) -> float:
        """Seconds from the ping leaving to its answer arriving: the sum of both ways.

        >>> Ping(sent=2.0, phone=0.0, answered=2.25).round_trip
        0.25
        """
        return round(self.answered - self.sent, 9)


@frozen_dataclass
class PhoneClock:
    """What the server knows of one phone's clock and delay: its newest pings (at most
    :data:`KEPT_PINGS`). Without a ping, nothing of its stamps is trusted.

    >>> clock = PhoneClock()
    >>> clock.offset is None, clock.allowance == MAX_WINDOW
    (True, True)
    >>> for at in range(20):
    ...     clock = clock.with_ping(Ping(sent=at, phone=at + 100.01, answered=at + 0.02))
    >>> len(clock.pings), round(clock.offset, 3), round(clock.allowance, 3)
    (12, -100.0, 0.03)
    """

    pings: tuple[Ping, ...] = ()

    def with_ping(self, ping: Ping) -> PhoneClock:
        """The clock with ``ping`` added (the oldest let go past :data:`KEPT_PINGS`); a ping that
        is not a real measurement (a number not finite, an answer before the ping) is left out.

        >>> PhoneClock().with_ping(Ping(sent=5.0, phone=1.0, answered=4.0)).pings
        ()
        """
        values = (ping.sent, ping.phone, ping.answered)
        if not all(math.isfinite(value) for value in values) or ping.answered < ping.sent:
            return self
        return replace(self, pings=(*self.pings, ping)[-KEPT_PINGS:])

    @property
    def best(self) -> Ping | None:
        """The ping with the shortest round trip (the newest of equals): it bounds the offset best.

        >>> clock = PhoneClock((Ping(0.0, 5.0, 0.08), Ping(1.0, 6.0, 1.02), Ping(2.0, 7.0, 2.05)))
        >>> clock.best.round_trip
        0.02
        """
        if not self.pings:
            return None
        return min(reversed(self.pings), key=lambda ping: ping.round_trip)

    @cached_property  # a frozen value: computed once (a claim reads it three times)
    def bounds(self) -> tuple[float, float] | None:
        """The interval the offset (server time minus phone time) lies in: each ping says it lies
        in ``[sent - phone, answered - phone]``, and it lies in all of them at once. When they do
        not meet (the clock drifted, or the phone lied), the best ping's alone. None before the first.

        >>> low, high = PhoneClock((Ping(sent=0.0, phone=-1.98, answered=0.04), Ping(1.0, -0.99, 1.01))).bounds
        >>> round(low, 9), round(high, 9)  # [1.98, 2.02] and [1.99, 2.00] meet in [1.99, 2.00]
        (1.99, 2.0)
        """
        best = self.best
        if best is None:
            return None
        low = max(ping.sent - ping.phone for ping in self.pings)
        high = min(ping.answered - ping.phone for ping in self.pings)
        return (low, high) if low <= high else (best.sent - best.phone, best.answered - best.phone)

    @property
    def offset(self) -> float | None:
        """Server time minus phone time: the middle of :attr:`bounds` (None before the first ping).

        >>> round(PhoneClock((Ping(sent=3.0, phone=1.01, answered=3.02),)).offset, 9)
        2.0
        """
        bounds = self.bounds
        return None if bounds is None else (bounds[0] + bounds[1]) / 2

    @property
    def error(self) -> float:
        """How far the offset may be from the truth: half the width of :attr:`bounds`.
        :data:`MAX_WINDOW` before the first ping.

        >>> round(PhoneClock((Ping(sent=3.0, phone=1.01, answered=3.02),)).error, 9)
        0.01
        """
        bounds = self.bounds
        return MAX_WINDOW if bounds is None else (bounds[1] - bounds[0]) / 2

    @cached_property
    def allowance(self) -> float:
        """How long before its arrival a claim of this phone may have been tapped: the longest
        its answers took to come in (by the offset; never more than their round trip), plus the
        offset's error and :data:`MARGIN`; at most :data:`MAX_WINDOW`, which is also what a phone
        never pinged gets.

        >>> steady = PhoneClock(tuple(Ping(sent=t, phone=t + 0.04, answered=t + 0.08) for t in range(5)))
        >>> round(steady.allowance, 3)  # 40 ms a way, measured to 40 ms: 40 + 40 + 10
        0.09
        >>> slow = PhoneClock((Ping(sent=0.0, phone=0.0, answered=0.4),))
        >>> slow.allowance
        0.15
        """
        offset = self.offset
        if offset is None:
            return MAX_WINDOW
        coming = max(min(ping.round_trip, max(0.0, ping.answered - (ping.phone + offset))) for ping in self.pings)
        return min(MAX_WINDOW, coming + self.error + MARGIN)

    def tap_time(self, stamp: float | None, arrived: float, shown: float) -> float:
        """A claim's tap in server time: its ``stamp`` (the phone's clock) plus the offset, kept
        within ``[arrived - allowance, arrived]`` and never before the card was ``shown`` (sent
        to the screens). No stamp, or a phone never pinged: its arrival.

        >>> clock = PhoneClock((Ping(sent=10.0, phone=0.02, answered=10.04),))  # 20 ms a way
        >>> round(clock.tap_time(stamp=1.0, arrived=11.03, shown=10.5), 3)  # as stamped
        11.0
        >>> round(clock.tap_time(stamp=0.5, arrived=11.03, shown=10.5), 3)  # a lie: 530 ms before arrival
        10.98
        >>> round(clock.tap_time(stamp=None, arrived=11.03, shown=10.5), 3)
        11.03
        """
        offset = self.offset
        if stamp is None or offset is None or not math.isfinite(stamp):
            return arrived
        earliest = max(shown, arrived - self.allowance)
        return min(arrived, max(earliest, stamp + offset))


def window(clocks: list[PhoneClock] | tuple[PhoneClock, ...]) -> float:
    """How long a claim waits for an earlier tap to arrive: the largest allowance among the
    phones that may still claim (0 without one: nobody else can collide).

    >>> fast = PhoneClock((Ping(sent=0.0, phone=0.005, answered=0.01),))
    >>> round(window([fast]), 3), window([fast, PhoneClock()]), window([])
    (0.02, 0.15, 0.0)
    """
    return max((clock.allowance for clock in clocks), default=0.0)


@frozen_dataclass
class HeldClaim:
    """A claim waiting for the collision window: who, where, its tap time and its arrival
    (server clock).

    >>> HeldClaim("ann", "B3", tapped=4.96, arrived=5.0).player
    'ann'
    """

    player: str
    position: str
    tapped: float
    arrived: float

    @property
    def order(self) -> tuple[float, float, str]:
        """What the claims are sorted by: the tap, then (for equal taps) the arrival, then the name.

        >>> HeldClaim("bob", "A1", tapped=1.0, arrived=1.2).order < HeldClaim("ann", "A1", 1.0, 1.3).order
        True
        """
        return (self.tapped, self.arrived, self.player)


@frozen_dataclass
class Race:
    """The claims held back while an earlier tap may still be on its way.

    >>> race = Race().hold(HeldClaim("bob", "C2", tapped=1.030, arrived=1.035))
    >>> race = race.hold(HeldClaim("ann", "C2", tapped=1.010, arrived=1.090))  # earlier tap, later packet
    >>> ready, race = race.due(now=1.2, window=0.1, waiting=frozenset({"ann", "bob", "cyd"}))
    >>> [claim.player for claim in ready], race.held
    (['ann', 'bob'], ())
    """

    held: tuple[HeldClaim, ...] = ()

    def holds(self, player: str) -> bool:
        """True if ``player`` has a claim held.

        >>> Race((HeldClaim("ann", "A1", 0.0, 0.0),)).holds("ann")
        True
        """
        return any(claim.player == player for claim in self.held)

    def hold(self, claim: HeldClaim) -> Race:
        """The race with ``claim`` held too (in tap order). A player holds one claim at a time:
        the server refuses a second before it gets here.

        >>> race = Race().hold(HeldClaim("bob", "A1", 2.0, 2.0)).hold(HeldClaim("ann", "B1", 1.0, 2.1))
        >>> [claim.player for claim in race.held]
        ['ann', 'bob']
        """
        return Race(tuple(sorted((*self.held, claim), key=lambda held: held.order)))

    def due(self, now: float, window: float, waiting: frozenset[str]) -> tuple[tuple[HeldClaim, ...], Race]:
        """The claims final at ``now``, in tap order, and the race left: a claim is final once its
        tap plus ``window`` has passed; all of them at once when every player in ``waiting`` (those
        the turn still waits for) has a claim held.

        >>> race = Race((HeldClaim("ann", "A1", 1.00, 1.01), HeldClaim("bob", "B2", 1.05, 1.06)))
        >>> ready, rest = race.due(now=1.11, window=0.1, waiting=frozenset({"ann", "bob", "cyd"}))
        >>> [claim.player for claim in ready], [claim.player for claim in rest.held]
        (['ann'], ['bob'])
        >>> ready, rest = race.due(now=1.06, window=0.1, waiting=frozenset({"ann", "bob"}))
        >>> [claim.player for claim in ready], rest.held
        (['ann', 'bob'], ())
        """
        if waiting <= {claim.player for claim in self.held}:
            return self.held, Race()
        ready = tuple(claim for claim in self.held if claim.tapped + window <= now)
        return ready, Race(self.held[len(ready) :])

    def wake_at(self, window: float) -> float | None:
        """When the next held claim becomes final (None: nothing is held).

        >>> Race((HeldClaim("ann", "A1", 1.0, 1.01),)).wake_at(window=0.05), Race().wake_at(0.05)
        (1.05, None)
        """
        return self.held[0].tapped + window if self.held else None


__all__ = ["KEPT_PINGS", "MARGIN", "MAX_WINDOW", "HeldClaim", "PhoneClock", "Ping", "Race", "window"]
