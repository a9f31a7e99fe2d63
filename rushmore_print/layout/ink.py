"""Where a drawing puts ink, band by band: the silhouette the card layout packs heads by.

A head's box is a poor guide to where its neighbours may stand: a nose reaches the front edge
at one height and nothing does a little lower, and the relief shadow reaches past the back.
``silhouette`` reads the drawing items themselves (paths as the renderers flatten them, stroke
widths, image boxes, clips) and returns, for each horizontal band, the leftmost and rightmost
ink. The card layout keeps neighbouring silhouettes apart wherever a face or hair is, and lets
them meet only at the shoulders.
"""

from __future__ import annotations

import itertools
import math

from ..frozen import frozen_dataclass, hashed_once
from .items import IDENTITY, Group, Image, Matrix, Rect, Shape, Text, Use, apply, item_bounds, multiply, scale_of

Span = tuple[float, float]  # (leftmost, rightmost) ink in a band


@hashed_once  # a key of the layout's caches, hashed thousands of times a build
@frozen_dataclass
class Silhouette:
    """Ink per horizontal band: ``spans[i]`` covers ``bottom + i * band`` to the next band's
    bottom (None where the drawing puts no ink), in the drawing's own units.

    >>> from rushmore_print.layout.items import Path
    >>> s = silhouette((Shape(Path.rect(Rect(0, 0, 10, 4)), fill=(0, 0, 0)),), {}, 0.0, 8.0, 2.0)
    >>> s.spans
    ((0.0, 10.0), (0.0, 10.0), (0.0, 10.0), None)
    """

    bottom: float
    band: float
    spans: tuple[Span | None, ...]

    def flipped(self, axis: float) -> Silhouette:
        """The silhouette of the drawing mirrored as x -> ``axis`` - x.

        >>> Silhouette(0.0, 1.0, ((1.0, 3.0), None)).flipped(10.0).spans
        ((7.0, 9.0), None)
        """
        return Silhouette(
            self.bottom, self.band, tuple(None if s is None else (axis - s[1], axis - s[0]) for s in self.spans)
        )


def silhouette(items: tuple, symbols: dict, bottom: float, top: float, band: float) -> Silhouette:
    """The silhouette of ``items`` between ``bottom`` and ``top`` (ink outside is ignored).

    >>> from rushmore_print.layout.items import Path
    >>> triangle = Shape(Path.polygon([(0, 0), (10, 0), (0, 10)]), fill=(0, 0, 0))
    >>> silhouette((triangle,), {}, 0.0, 10.0, 5.0).spans
    ((0.0, 10.0), (0.0, 5.0))
    """
    count = max(1, math.ceil((top - bottom) / band))
    lows = [math.inf] * count
    highs = [-math.inf] * count
    _Tracer(symbols, bottom, band, lows, highs).trace(items, IDENTITY, None)
    spans = tuple((lo, hi) if lo <= hi else None for lo, hi in zip(lows, highs))
    return Silhouette(bottom, band, spans)


class _Tracer:
    def __init__(self, symbols: dict, bottom: float, band: float, lows: list[float], highs: list[float]):
        self.symbols = symbols
        self.bottom = bottom
        self.band = band
        self.lows = lows
        self.highs = highs

    def trace(self, items, matrix: Matrix, clip: Rect | None) -> None:
        for item in items:
            if isinstance(item, Shape):
                self.shape(item, matrix, clip)
            elif isinstance(item, Use):
                self.trace(self.symbols[item.key].items, multiply(item.matrix, matrix), clip)
            elif isinstance(item, Group):
                inner = clip
                if item.clip is not None:  # the clip is in the group's parent's coordinates
                    box = item_bounds(Shape(item.clip), {}, matrix)
                    assert box is not None
                    inner = box if clip is None else _intersect(box, clip)
                self.trace(item.items, multiply(item.matrix, matrix), inner)
            elif isinstance(item, (Image, Text)):
                box = item_bounds(item, self.symbols, matrix)
                assert box is not None
                self.rect(box if clip is None else _intersect(box, clip))
            else:
                raise TypeError(f"no silhouette for {type(item).__name__}")

    def shape(self, shape: Shape, matrix: Matrix, clip: Rect | None) -> None:
        half = shape.stroke_mm * scale_of(matrix) / 2 if shape.stroke is not None else 0.0
        # a filled subpath is closed by the fill whether or not it says Z; its interior lies
        # between its edges at every height, so the edges bound the ink
        closed = shape.fill is not None or any(command[0] == "Z" for command in shape.path.commands)
        for polygon in shape.path.flattened():
            points = [apply(matrix, x, y) for x, y in polygon]
            if closed:
                points.append(points[0])
            for (x0, y0), (x1, y1) in itertools.pairwise(points):
                self.segment(x0, y0, x1, y1, half, clip)

    def segment(self, x0: float, y0: float, x1: float, y1: float, half: float, clip: Rect | None) -> None:
        """Widen each band the segment (stroked ``half`` either side) passes through."""
        low, high = min(y0, y1) - half, max(y0, y1) + half
        if clip is not None:
            low, high = max(low, clip.y), min(high, clip.top)
            if low > high:
                return
        first = max(0, math.floor((low - self.bottom) / self.band))
        last = min(len(self.lows) - 1, math.floor((high - self.bottom) / self.band))
        if first == last and clip is None:  # most segments of a flattened curve: one band
            if first >= 0 and low - self.bottom < len(self.lows) * self.band:
                xa, xb = (x0, x1) if x0 < x1 else (x1, x0)
                if xa - half < self.lows[first]:
                    self.lows[first] = xa - half
                if xb + half > self.highs[first]:
                    self.highs[first] = xb + half
            return
        lows, highs, bottom, band = self.lows, self.highs, self.bottom, self.band
        # The part of the segment within each band, computed in this loop rather than a call a
        # band: a long edge crosses dozens of bands, and a head's drawings have thousands of edges
        dx, dy = x1 - x0, y1 - y0
        for index in range(first, last + 1):
            b0 = bottom + index * band - half
            if dy == 0:
                if not b0 <= y0 <= b0 + band + 2 * half:
                    continue
                xa, xb = min(x0, x1), max(x0, x1)
            else:
                t0, t1 = (b0 - y0) / dy, (b0 + band + 2 * half - y0) / dy
                if t1 < t0:
                    t0, t1 = t1, t0
                t0, t1 = max(t0, 0.0), min(t1, 1.0)
                if t0 > t1:
                    continue
                xa, xb = x0 + dx * t0, x0 + dx * t1
                xa, xb = min(xa, xb), max(xa, xb)
            xa, xb = xa - half, xb + half
            if clip is not None:
                xa, xb = max(xa, clip.x), min(xb, clip.right)
                if xa > xb:
                    continue
            if xa < lows[index]:
                lows[index] = xa
            if xb > highs[index]:
                highs[index] = xb

    def rect(self, box: Rect) -> None:
        if box.width < 0 or box.height < 0:
            return
        first = max(0, math.floor((box.y - self.bottom) / self.band))
        last = min(len(self.lows) - 1, math.floor((box.top - self.bottom) / self.band))
        for index in range(first, last + 1):
            self.lows[index] = min(self.lows[index], box.x)
            self.highs[index] = max(self.highs[index], box.right)


def _intersect(a: Rect, b: Rect) -> Rect:
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.right, b.right), min(a.top, b.top)
    return Rect(x0, y0, x1 - x0, y1 - y0)  # a negative size means empty


def reach(a: Silhouette, b: Silhouette, bands: range | None = None) -> float:
    """How far right of ``a``'s origin ``b``'s origin must stand, at least, so that in no band
    of ``bands`` (all by default) ``a``'s ink reaches past ``b``'s: the largest a.right - b.left.

    >>> from rushmore_print.layout.items import Path
    >>> box = silhouette((Shape(Path.rect(Rect(0, 0, 10, 4)), fill=(0, 0, 0)),), {}, 0.0, 8.0, 2.0)
    >>> reach(box, box)
    10.0
    """
    assert a.bottom == b.bottom and a.band == b.band and len(a.spans) == len(b.spans)
    found = -math.inf
    for index in bands if bands is not None else range(len(a.spans)):
        left, right = a.spans[index], b.spans[index]
        if left is not None and right is not None:
            found = max(found, left[1] - right[0])
    return found


__all__ = ["Silhouette", "reach", "silhouette"]
