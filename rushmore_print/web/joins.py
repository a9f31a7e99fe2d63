"""How often an address may try a join code: every try counted, wrong codes backed off.

A join code is what keeps a stranger on a shared Wi-Fi (a holiday flat's, a school's) out of a
player's seat, so trying codes must not be free. A phone joins one of two ways: it scans the QR
code on the table screen, which carries the game's long join key
(:data:`~rushmore_print.web.room.JOIN_KEY_LENGTH` = 22 base32 letters, 110 bits), or a player
types the short code (7 letters). The long key has nothing to guess (2^110 keys), so a join
that carries it is never counted or held back here, like a phone coming back with its seat's
token (144 bits). This guard is for the short code alone.

Every try of a short code is counted per address; the first :data:`FREE_WRONG` wrong codes are
answered, and after each wrong one past those the address waits twice as long as the time before
(2 s after the 5th, 4 s, 8 s ... at most :data:`LONGEST_WAIT_S`) before a code of its is checked
again. While it waits, every try, right code or wrong, gets the same answer ("wait"), so it tells
nothing. Wrong codes from all addresses together are bounded too (a bucket of :data:`ALL_BURST`,
refilled by :data:`ALL_PER_HOUR` an hour): past it, every short-code join waits, from every
address, so a guesser with many addresses learns no more than one with a single address. It
cannot be otherwise: were a right code let through while the bucket is empty, every guess
would be answered truthfully again. So strangers on 6 addresses can make typing the code wait
(:attr:`Held.everyone` says so, and the players are told to scan the QR code), but never keep a
player out: the QR code's address joins at once, however empty the bucket. Outside that, a right
short code is not held back (a table of 64 phones behind one address joins at once).

The arithmetic, for the docs: the code is :data:`~rushmore_print.web.room.JOIN_CODE_LENGTH` = 7
letters of 23, 23^7 = 3.4 billion codes. In a 12-hour evening, all addresses together learn at
most 30 + 12 x 120 = 1,470 answers to wrong codes, so a guess succeeds with odds of at most
1,470 / 3.4 billion = 4.3 in ten million, below one in a million. One address alone learns about
85 (5 at once, 9 more over the next 17 minutes as its waits double to 512 s, then one every 10 minutes).
Guessing the long key instead: a guess is a short-code try (it is not the key, so it is checked
as a code and counted), and the same 1,470 guesses find the key with odds of 1,470 / 2^110, about
1 in 10^30.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..frozen import frozen_dataclass

FREE_WRONG = 5  # wrong codes an address may send before it waits (a mistyped code or two is not an attack)
LONGEST_WAIT_S = 600.0
ALL_BURST = 30.0  # wrong codes answered at once, all addresses together
ALL_PER_HOUR = 120.0
REMEMBERED = 4096  # addresses whose tries are remembered (the oldest not waiting are forgotten past this)


@dataclass
class _Tries:
    tries: int = 0
    wrong: int = 0
    until: float = 0.0  # no code of this address is checked before this time


@frozen_dataclass
class Held:
    """Whether a code may be checked now: ``seconds`` to wait first (0: check it), and whether
    it is the wrong codes of every address together that hold it back (``everyone``) rather than
    this address's own.

    >>> Held(0.0), Held(30.0, everyone=True).everyone
    (Held(seconds=0.0, everyone=False), True)
    """

    seconds: float
    everyone: bool = False


@dataclass
class JoinGuard:
    """The join tries of every address. Ask :meth:`wait` before checking a code (0: check it),
    then say what it was (:meth:`wrong` or :meth:`right`).

    >>> now = [0.0]
    >>> guard = JoinGuard(clock=lambda: now[0])
    >>> answered = 0
    >>> for _ in range(100):  # a stranger tries 100 codes at once
    ...     if guard.wait("10.0.0.66") == 0:
    ...         answered += 1
    ...         guard.wrong("10.0.0.66")
    >>> answered, guard.tries("10.0.0.66"), guard.wait("10.0.0.66"), guard.wait("10.0.0.5")
    (5, 100, 2.0, 0.0)
    """

    clock: Callable[[], float] = time.monotonic
    _by_address: dict[str, _Tries] = field(default_factory=dict)
    _all: float = ALL_BURST  # wrong-code answers left, all addresses together
    _all_at: float | None = None

    def tries(self, address: str) -> int:
        """How many codes ``address`` has tried (answered or not).

        >>> JoinGuard().tries("10.0.0.5")
        0
        """
        found = self._by_address.get(address)
        return found.tries if found else 0

    def wait(self, address: str) -> float:
        """Count a try from ``address``; the seconds it must still wait before a code of its is
        checked (0: check this one). :meth:`hold` also says why.

        >>> guard = JoinGuard(clock=lambda: 100.0)
        >>> guard.wait("10.0.0.5"), guard.tries("10.0.0.5")
        (0.0, 1)
        """
        return self.hold(address).seconds

    def hold(self, address: str) -> Held:
        """Count a try from ``address``; how long it must still wait before a code of its is checked,
        and whether it is its own wrong codes (said first: they are its own to wait out) or every
        address's together that hold it back.

        >>> now = [0.0]
        >>> guard = JoinGuard(clock=lambda: now[0])
        >>> for n in range(30):  # strangers on six addresses spend the bucket, five codes each
        ...     guard.wrong(f"10.0.0.{60 + n // 5}")
        >>> guard.hold("10.0.0.5")  # a player who types the code waits for the next answer
        Held(seconds=30.0, everyone=True)
        >>> guard.hold("10.0.0.60")  # a stranger is told of its own wait first
        Held(seconds=2.0, everyone=False)
        >>> now[0] = 20.0  # two thirds of a token have come back
        >>> round(guard.hold("10.0.0.5").seconds, 6)
        10.0
        """
        now = self.clock()
        tries = self._by_address.get(address)
        if tries is None:
            self._forget_some(now)
            tries = self._by_address[address] = _Tries()
        tries.tries += 1
        if tries.until > now:
            return Held(tries.until - now)
        left = self._refilled(now)
        if left < 1:
            return Held((1 - max(0.0, left)) * 3600.0 / ALL_PER_HOUR, everyone=True)  # when a token is back
        return Held(0.0)

    def wrong(self, address: str) -> None:
        """The code checked for ``address`` was wrong: past :data:`FREE_WRONG`, it waits, twice as
        long each time.

        >>> now = [0.0]
        >>> guard = JoinGuard(clock=lambda: now[0])
        >>> for _ in range(7):
        ...     guard.wrong("10.0.0.66")
        >>> guard.wait("10.0.0.66")  # after the 5th wrong code 2 s, the 6th 4 s, the 7th 8 s
        8.0
        """
        now = self.clock()
        tries = self._by_address.setdefault(address, _Tries())
        tries.wrong += 1
        if tries.wrong >= FREE_WRONG:
            tries.until = now + min(LONGEST_WAIT_S, 2.0 ** (tries.wrong - FREE_WRONG + 1))
        self._all = self._refilled(now) - 1

    def right(self, address: str) -> None:
        """The code checked for ``address`` was right: its wrong codes are forgiven (a mistyped code
        is not held against the player who then types it right).

        >>> guard = JoinGuard(clock=lambda: 0.0)
        >>> guard.wrong("10.0.0.5"); guard.right("10.0.0.5"); guard._by_address["10.0.0.5"].wrong
        0
        """
        tries = self._by_address.get(address)
        if tries is not None and tries.until <= self.clock():
            tries.wrong = 0

    def _refilled(self, now: float) -> float:
        if self._all_at is not None:
            self._all = min(ALL_BURST, self._all + (now - self._all_at) * ALL_PER_HOUR / 3600.0)
        self._all_at = now
        return self._all

    def _forget_some(self, now: float) -> None:
        if len(self._by_address) < REMEMBERED:
            return
        for address in [a for a, t in self._by_address.items() if t.until <= now][: REMEMBERED // 4]:
            del self._by_address[address]


__all__ = ["ALL_BURST", "ALL_PER_HOUR", "FREE_WRONG", "LONGEST_WAIT_S", "Held", "JoinGuard"]
