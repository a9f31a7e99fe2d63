"""Widths of the PDF standard fonts the layout uses (Adobe AFM data, 1/1000 em), so that text
can be measured and fitted without importing a renderer. Characters outside ASCII count as an
"n"-width average."""

from __future__ import annotations

import enum


class Font(enum.Enum):
    REGULAR = "Helvetica"
    BOLD = "Helvetica-Bold"
    ITALIC = "Helvetica-Oblique"


_FIRST = 32
_WIDTHS = {
    Font.REGULAR: (
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ),
    Font.BOLD: (
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    ),
}
_WIDTHS[Font.ITALIC] = _WIDTHS[Font.REGULAR]  # Helvetica-Oblique has Helvetica's widths

PT_TO_MM = 25.4 / 72.0


def text_width_mm(text: str, size_pt: float, font: Font = Font.REGULAR) -> float:
    """Width of ``text`` set in ``font`` at ``size_pt`` points, in millimetres.

    >>> round(text_width_mm("Mount Rushmore", 10), 2)
    27.05
    """
    widths = _WIDTHS[font]
    units = sum(widths[ord(c) - _FIRST] if _FIRST <= ord(c) < _FIRST + len(widths) else 556 for c in text)
    return units / 1000.0 * size_pt * PT_TO_MM
