"""Flowing content down columns and pages: the rule sheet and the answer key share this.

A :class:`Column` is a box filled from its top down (``y`` is where the next line goes). A
:class:`ColumnFlow` hands out room column by column, starting a new page (with its header)
when the last column is full; it is a builder with its state in plain sight, not a closure.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Column:
    x: float
    top: float
    bottom: float
    width: float
    y: float = field(init=False)

    def __post_init__(self) -> None:
        self.y = self.top

    @property
    def room(self) -> float:
        return self.y - self.bottom


class Fit(enum.Enum):
    """What became of a block offered to a column."""

    PLACED = "placed"  # all of it is in the column
    NO_ROOM = "no room"  # none of it: try the next column


@dataclass(frozen=True)
class Split:
    """Part of a block was placed; ``rest`` continues in the next column."""

    rest: object


Placement = Fit | Split


class ColumnFlow:
    """Pages of ``columns`` equal columns inside ``margin_mm``; ``header(items)`` draws a new
    page's header and returns the y where its columns start."""

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
        """The current page's items."""
        if not self.pages:
            self._new_page()
        return self.pages[-1]

    def room(self, height: float) -> Column:
        """The column to draw ``height`` mm into: this one if it has the room, else the next one."""
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
