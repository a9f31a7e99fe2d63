"""A JPEG's frame and scans checked as libjpeg-turbo reads them, before it decodes a bit.

libjpeg ends its decoding with a fatal error on a frame or a scan it cannot read (a side over
65500 pixels, sampling factors that do not divide, more than 10 blocks in an interleaved MCU, a
component named twice), and each such error parks a thread (``libjpeg.py``); so these are
refused here first, in words. The scans are also checked as a whole, which libjpeg does not do:
a progressive JPEG cut at a scan boundary decodes without a warning, blurred, and a sequential
one can leave a component out; here every component's 64 coefficients must be coded to their
last bit. And a scan's coded data must be long enough for its blocks (each block takes at least
a bit of a DC scan), which bounds what libjpeg allocates by the size of the file: a progressive
JPEG's coefficients are held whole while its scans are read.

Each check returns a :class:`Refusal` (what is wrong, and whether the file is damaged or only
beyond libjpeg), or None; ``rasters.py`` raises, with the remedy's words.
"""

from __future__ import annotations

import enum

from ..frozen import frozen_dataclass

__all__ = ["MOST_SCANS", "MOST_SIDE", "Component", "Frame", "Refusal", "Remedy", "Scan", "Script"]

MOST_SIDE = 65500  # libjpeg's JPEG_MAX_DIMENSION
MOST_SCANS = 64  # each scan is decoded over the whole image; encoders write about 10
_MOST_MCU_BLOCKS = 10  # ITU T.81 B.2.3, libjpeg's D_MAX_BLOCKS_IN_MCU


class Remedy(enum.Enum):
    """What the refused file needs: it is damaged, or whole but beyond what libjpeg reads (save it again).

    >>> [remedy.value for remedy in Remedy]
    ['damaged', 'resave']
    """

    DAMAGED = "damaged"
    RESAVE = "resave"


@frozen_dataclass
class Refusal:
    """Why a JPEG is refused, and what it needs.

    >>> Refusal("the JPEG's scan names component 1 twice", Remedy.DAMAGED).remedy.value
    'damaged'
    """

    reason: str
    remedy: Remedy


def _damaged(reason: str) -> Refusal:
    return Refusal(reason, Remedy.DAMAGED)


@frozen_dataclass
class Component:
    """One component of a frame header: its id, sampling factors and quantisation table.

    >>> Component(1, 2, 2, 0).across
    2
    """

    id: int
    across: int  # horizontal sampling factor, 1 to 4
    down: int  # vertical sampling factor, 1 to 4
    table: int


@frozen_dataclass
class Frame:
    """A JPEG's frame header (SOF): its size, components and whether it is progressive.

    >>> Frame(64, 48, (Component(1, 2, 2, 0), Component(2, 1, 1, 1)), False).problem() is None
    True
    """

    width: int
    height: int
    components: tuple[Component, ...]
    progressive: bool

    def problem(self) -> Refusal | None:
        """Why libjpeg cannot read this frame, or None.

        >>> print(Frame(70000, 10, (Component(1, 1, 1, 0),), False).problem().reason)
        the JPEG is 70000 x 10 pixels; libjpeg reads at most 65500 a side
        >>> print(Frame(64, 48, (Component(1, 3, 1, 0), Component(2, 2, 1, 0)), False).problem().reason)
        the JPEG's component 2 is sampled 2x1 beside 3x1, which does not divide it; libjpeg cannot scale it
        """
        if max(self.width, self.height) > MOST_SIDE:
            reason = f"the JPEG is {self.width} x {self.height} pixels; libjpeg reads at most {MOST_SIDE} a side"
            return Refusal(reason, Remedy.RESAVE)
        ids = [component.id for component in self.components]
        twice = [number for number in ids if ids.count(number) > 1]
        if twice:
            return _damaged(f"the JPEG's frame header names component {twice[0]} twice")
        across, down = self._largest()
        for component in self.components:
            if across % component.across or down % component.down:
                reason = (
                    f"the JPEG's component {component.id} is sampled {component.across}x{component.down} beside "
                    f"{across}x{down}, which does not divide it; libjpeg cannot scale it"
                )
                return Refusal(reason, Remedy.RESAVE)
        return None

    def _largest(self) -> tuple[int, int]:
        return max(c.across for c in self.components), max(c.down for c in self.components)

    def blocks(self, ids: tuple[int, ...]) -> int:
        """How many 8 x 8 blocks a scan of the components ``ids`` codes (ITU T.81 A.2).

        >>> frame = Frame(64, 48, (Component(1, 2, 2, 0), Component(2, 1, 1, 1), Component(3, 1, 1, 1)), False)
        >>> frame.blocks((1, 2, 3)), frame.blocks((1,)), frame.blocks((2,))
        (72, 48, 12)
        """
        across, down = self._largest()
        chosen = [component for component in self.components if component.id in ids]
        if len(chosen) == 1:  # not interleaved: the component's own blocks, no MCU padding
            one = chosen[0]
            width = -(-self.width * one.across // across)
            height = -(-self.height * one.down // down)
            return -(-width // 8) * -(-height // 8)
        mcus = -(-self.width // (8 * across)) * -(-self.height // (8 * down))
        return mcus * sum(component.across * component.down for component in chosen)


@frozen_dataclass
class Scan:
    """A scan header (SOS): its components (ids, in order), spectral band and approximation bits.

    >>> Scan((1, 2, 3), 0, 63, 0, 0).ids  # a sequential scan of three components
    (1, 2, 3)
    """

    ids: tuple[int, ...]
    start: int
    end: int
    high: int  # Ah: the bit a refinement scan refines, 0 for a first scan
    low: int  # Al: the bit the scan codes down to


class Script:
    """The scans of one JPEG as the walk meets them, checked one by one and then as a whole.

    >>> frame = Frame(16, 16, (Component(1, 1, 1, 0),), True)
    >>> script = Script(frame)
    >>> script.add(Scan((1,), 0, 0, 0, 0), 32), script.add(Scan((1,), 1, 63, 0, 1), 3)
    (None, None)
    >>> print(script.finish().reason)  # doctest: +ELLIPSIS
    the JPEG's scans leave coefficients 1 to 63 of component 1 short of their last bit: it would print blurred ...
    """

    def __init__(self, frame: Frame):
        self.frame = frame
        self.scans = 0
        # each component's 64 coefficients: None until coded, then the bit they are coded down to
        self.levels: dict[int, list[int | None]] = {component.id: [None] * 64 for component in frame.components}

    def add(self, scan: Scan, coded_bytes: int) -> Refusal | None:
        """Why this scan (with ``coded_bytes`` of entropy-coded data) is refused, or None.

        >>> script = Script(Frame(16, 16, (Component(1, 1, 1, 0),), False))
        >>> print(script.add(Scan((1,), 0, 63, 0, 0), 0).reason)
        the JPEG's scan 1 has 0 bytes of coded data for 4 blocks, too few to hold them (cut short?)
        """
        self.scans += 1
        if self.scans > MOST_SCANS:
            reason = f"the JPEG has more than {MOST_SCANS} scans (SOS); each is decoded over the whole image"
            return Refusal(reason, Remedy.RESAVE)
        return self._components(scan) or self._length(scan, coded_bytes) or self._coverage(scan)

    def _components(self, scan: Scan) -> Refusal | None:
        order = [component.id for component in self.frame.components]
        twice = [number for number in scan.ids if scan.ids.count(number) > 1]
        if twice:
            return _damaged(f"the JPEG's scan names component {twice[0]} twice")
        if [order.index(number) for number in scan.ids] != sorted(order.index(number) for number in scan.ids):
            return _damaged("the JPEG's scan names its components out of the frame's order")
        if len(scan.ids) > 1:
            blocks = sum(c.across * c.down for c in self.frame.components if c.id in scan.ids)
            if blocks > _MOST_MCU_BLOCKS:
                return _damaged(
                    f"the JPEG's scan interleaves {blocks} blocks an MCU; JPEG allows at most {_MOST_MCU_BLOCKS}"
                )
        return None

    def _length(self, scan: Scan, coded_bytes: int) -> Refusal | None:
        # A sequential scan codes at least a DC code and an end-of-block a block, a DC scan one bit;
        # an AC scan can cover 32,767 blocks with one end-of-band run, so it has no floor.
        bits = 1 if scan.start == 0 else 0
        if not self.frame.progressive:
            bits = 2
        blocks = self.frame.blocks(scan.ids)
        if coded_bytes * 8 < blocks * bits:
            return _damaged(
                f"the JPEG's scan {self.scans} has {coded_bytes} bytes of coded data for {blocks} blocks, too few "
                "to hold them (cut short?)"
            )
        return None

    def _coverage(self, scan: Scan) -> Refusal | None:
        # As libjpeg checks a progression (jdphuff.c): a first scan of a coefficient has Ah 0, each
        # refinement the bit the one before it coded down to. Sequential scans code everything at once.
        band = range(0, 64) if not self.frame.progressive else range(scan.start, scan.end + 1)
        for number in scan.ids:
            levels = self.levels[number]
            if not self.frame.progressive and levels[0] is not None:
                return _damaged(f"the JPEG's scans code component {number} twice")
            for coefficient in band:
                if scan.high != (levels[coefficient] or 0):
                    return _damaged(
                        f"the JPEG's scans refine coefficient {coefficient} of component {number} out of order"
                    )
                levels[coefficient] = scan.low
        return None

    def finish(self) -> Refusal | None:
        """Why the scans as a whole leave the image unfinished, or None.

        >>> print(Script(Frame(16, 16, (Component(1, 1, 1, 0),), False)).finish().reason)
        the JPEG's scans never code component 1: it would print without it
        """
        for number, levels in self.levels.items():
            short = [coefficient for coefficient, level in enumerate(levels) if level != 0]
            if not short:
                continue
            if not self.frame.progressive:
                return _damaged(f"the JPEG's scans never code component {number}: it would print without it")
            return _damaged(
                f"the JPEG's scans leave coefficients {_spans(short)} of component {number} short of their last bit: "
                "it would print blurred (a progressive file cut short?)"
            )
        return None


def _spans(numbers: list[int]) -> str:
    """Sorted numbers as spans: ``1 to 5, 9``.

    >>> _spans([1, 2, 3, 9, 11, 12])
    '1 to 3, 9, 11 to 12'
    """
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(str(a) if a == b else f"{a} to {b}" for a, b in spans)
