"""Flowing content down columns and pages: the rule sheet and the answer key share this.

A :class:`Column` is a box filled from its top down (``y`` is where the next line goes). A
:class:`ColumnFlow` hands out room column by column, starting a new page (with its header)
when the last column is full; it is a builder with its state in plain sight, not a closure.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

from ..frozen import frozen_dataclass


@dataclass
class Column:
    """A box filled from its top down: ``y`` is where the next line goes (it starts at ``top``).

    >>> column = Column(x=15.0, top=270.0, bottom=15.0, width=86.0)
    >>> column.y -= 20.0
    >>> column.y, column.room
    (250.0, 235.0)
    """

    x: float
    top: float
    bottom: float
    width: float
    y: float = field(init=False)

    def __post_init__(self) -> None:
        self.y = self.top

    @property
    def room(self) -> float:
        """The millimetres left between ``y`` and the column's bottom.

        >>> Column(15.0, 270.0, 15.0, 86.0).room
        255.0
        """
        return self.y - self.bottom


class Fit(enum.Enum):
    """What became of a block offered to a column.

    >>> Fit.PLACED.value, Fit.NO_ROOM.value
    ('placed', 'no room')
    """

    PLACED = "placed"  # all of it is in the column
    NO_ROOM = "no room"  # none of it: try the next column


@frozen_dataclass
class Split:
    """Part of a block was placed; ``rest`` continues in the next column.

    >>> Split(rest=["the second half of a paragraph"]).rest
    ['the second half of a paragraph']
    """

    rest: object


Placement = Fit | Split


class ColumnFlow:
    """Pages of ``columns`` equal columns inside ``margin_mm``; ``header(items)`` draws a new
    page's header and returns the y where its columns start.

    >>> flow = ColumnFlow(210.0, 297.0, margin_mm=15.0, gap_mm=8.0, bottom_mm=15.0, header=lambda items: 270.0)
    >>> flow.column_width, flow.room(100.0).x, len(flow.pages)
    (86.0, 15.0, 1)
    """

    def __init__(
        self,
        width_mm: float,
        height_mm: float,
        margin_mm: float,
        gap_mm: float,
        bottom_mm: float,
        header: Callable[[list], float],
        columns: int = 2,
    ) -> None:
        self.width_mm, self.height_mm = width_mm, height_mm
        self.column_width = (width_mm - 2 * margin_mm - (columns - 1) * gap_mm) / columns
        self._lefts = [margin_mm + i * (self.column_width + gap_mm) for i in range(columns)]
        self._bottom = bottom_mm
        self._header = header
        self._top = 0.0
        self._index = 0
        self.pages: list[list] = []
        self.column = Column(0.0, 0.0, 0.0, 0.0)

    @property
    def items(self) -> list:
        """The current page's items.

        >>> flow = ColumnFlow(210.0, 297.0, 15.0, 8.0, 15.0, header=lambda items: items.append("title") or 270.0)
        >>> flow.items
        ['title']
        """
        if not self.pages:
            self._new_page()
        return self.pages[-1]

    def room(self, height: float) -> Column:
        """The column to draw ``height`` mm into: this one if it has the room, else the next one.

        A new page starts (with its header) when the last column has no room either.

        >>> flow = ColumnFlow(210.0, 297.0, 15.0, 8.0, 15.0, header=lambda items: 270.0)
        >>> flow.room(200.0).y -= 200.0
        >>> flow.room(100.0).x, len(flow.pages)
        (109.0, 1)
        >>> flow.room(100.0).y -= 200.0
        >>> flow.room(100.0).x, len(flow.pages)
        (15.0, 2)
        """
        if not self.pages:
            self._new_page()
        elif self.column.room < height:
            if self._index + 1 < len(self._lefts):
                self._start_column(self._index + 1)
            else:
                self._new_page()
        return self.column

    def _new_page(self) -> None:
        items: list = []
        self.pages.append(items)
        self._top = self._header(items)
        self._start_column(0)

    def _start_column(self, index: int) -> None:
        self._index = index
        self.column = Column(self._lefts[index], self._top, self._bottom, self.column_width)


__all__ = ["Column", "ColumnFlow", "Fit", "Placement", "Split"]
