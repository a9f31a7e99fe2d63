"""Lengths with units, converted to millimetres. Never uses ``eval``."""

from __future__ import annotations

import math
import re

MM_PER_INCH = 25.4
PT_PER_MM = 72.0 / MM_PER_INCH  # PDF user space is in points, 72 to the inch
MM_PER_PT = MM_PER_INCH / 72.0
EIGHTH_INCH_MM = MM_PER_INCH / 8  # the printers' usual bleed and safe margin in inches (3.175 mm)
MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": MM_PER_INCH, "pt": MM_PER_PT}
_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*(mm|cm|in|pt)?\s*$")


def parse_length(value: object, rounded: bool = True) -> float:
    """Return ``value`` in millimetres. A bare number is millimetres. A length with a unit is
    rounded to 6 decimals (``2.5in`` is 63.5, not 63.49999999999999), unless ``rounded`` is False:
    then it is the number times its unit as floating point makes it.

    >>> parse_length("2.5in")
    63.5
    >>> parse_length(3)
    3.0
    >>> parse_length("0.125 in")
    3.175
    >>> parse_length("0.12in"), parse_length("0.12in", rounded=False)
    (3.048, 3.0479999999999996)
    """
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as 3mm, 0.125in, 1cm or 9pt, got {value!r}")
    if isinstance(value, (int, float)):
        if not math.isfinite(value):
            raise ValueError(f"expected a length such as 3mm, got {value!r}; a length must be a finite number")
        if value < 0:
            raise ValueError(f"a length cannot be negative, got {value}; give it in mm, cm, in or pt")
        return float(value)
    if isinstance(value, str):
        match = _LENGTH.match(value)
        if match:
            number, unit = match.groups()
            mm = float(number) * MM_PER_UNIT[unit or "mm"]
            return round(mm, 6) if rounded else mm
    raise ValueError(f"expected a length such as 3mm, 0.125in, 1cm or 9pt (units: mm, cm, in, pt), got {value!r}")


def mm_to_px(mm: float, dpi: float) -> float:
    """Millimetres to pixels at ``dpi`` dots per inch (not rounded).

    >>> mm_to_px(25.4, 300), round(mm_to_px(63, 300), 1)
    (300.0, 744.1)
    """
    return mm * dpi / MM_PER_INCH


def px_to_mm(px: float, dpi: float) -> float:
    """Pixels at ``dpi`` dots per inch to millimetres; the inverse of ``mm_to_px``.

    >>> px_to_mm(300, 300), round(px_to_mm(744, 300), 2)
    (25.4, 62.99)
    """
    return px / dpi * MM_PER_INCH


__all__ = ["EIGHTH_INCH_MM", "MM_PER_INCH", "MM_PER_PT", "PT_PER_MM", "mm_to_px", "parse_length", "px_to_mm"]
