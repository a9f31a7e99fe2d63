"""Paper and card sizes, and the sheet layouts and duplex flips: the presets and words the design
file, the sheet layout and every command share.

Pure and light (the CLI reads it to build its choices without importing the renderers).
"""

from __future__ import annotations

import enum

from .frozen import frozen_dataclass
from .units import parse_length


@frozen_dataclass
class Paper:
    """A sheet of paper the kit is printed on: its key on the command line, its name, its size.

    >>> PAPERS["letter"].name, PAPERS["letter"].width_mm, PAPERS["a4"].height_mm
    ('Letter', 215.9, 297.0)
    """

    key: str
    name: str
    width_mm: float
    height_mm: float


class SheetLayout(enum.Enum):
    """How a sheet carries the backs: on the next page (duplex), below a fold line, or not at all.
    Here, with the papers, so that the command line names them without loading the sheet engine.

    >>> [layout.value for layout in SheetLayout]
    ['duplex', 'gutterfold', 'fronts']
    """

    DUPLEX = "duplex"
    GUTTERFOLD = "gutterfold"
    FRONTS = "fronts"


class Flip(enum.Enum):
    """The edge a duplex printer turns the paper over on.

    >>> Flip("short"), [flip.value for flip in Flip]
    (<Flip.SHORT: 'short'>, ['long', 'short'])
    """

    LONG = "long"
    SHORT = "short"


PAPERS = {"a4": Paper("a4", "A4", 210.0, 297.0), "letter": Paper("letter", "Letter", 215.9, 279.4)}

# Trim sizes in mm, short side first; a card is read landscape or portrait by design.
CARD_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "tarot": (70.0, 120.0),
    "mini-euro": (45.0, 68.0),
    "mini-usa": (41.0, 63.0),
    "euro": (59.0, 92.0),
    "usa": (56.0, 87.0),
    "square": (70.0, 70.0),
}
CARD_MM_RANGE = (20.0, 200.0)


def parse_card_size(value: str) -> tuple[float, float]:
    """A preset name or ``WIDTHxHEIGHT`` with one unit for both (mm if none), in mm.

    >>> parse_card_size("poker"), parse_card_size("2.5x3.5in"), parse_card_size("63 x 88")
    ((63.5, 88.9), (63.5, 88.9), (63.0, 88.0))
    """
    text = value.strip().lower()
    if text in CARD_PRESETS:
        return CARD_PRESETS[text]
    parts = [part.strip() for part in text.split("x")]
    unit = next((u for u in ("mm", "cm", "in", "pt") if text.endswith(u)), "")
    try:
        if len(parts) != 2:
            raise ValueError(text)
        width, height = (parse_length(part if part.endswith(unit) or not unit else part + unit) for part in parts)
    except ValueError:
        import difflib  # only to suggest a preset in the message

        close = difflib.get_close_matches(text, CARD_PRESETS, n=1, cutoff=0.6)
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise ValueError(
            f"unknown card size {value!r}; {hint}use a preset ({', '.join(CARD_PRESETS)}) "
            "or WIDTHxHEIGHT such as 63.5x88.9mm or 2.5x3.5in"
        ) from None
    low, high = CARD_MM_RANGE
    for mm in (width, height):
        if not low <= mm <= high:
            raise ValueError(f"{mm:g}mm is not a card size; allowed: {low:g}mm to {high:g}mm")
    return width, height


__all__ = ["CARD_MM_RANGE", "CARD_PRESETS", "PAPERS", "Flip", "Paper", "SheetLayout", "parse_card_size"]
