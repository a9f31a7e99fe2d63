"""The one type family every PDF embeds and every PNG is drawn with: DejaVu Sans Condensed
(regular, bold, oblique), shipped in ``data/fonts`` under its own licence.

Text is measured here from the font files themselves, so a layout's widths are the printed ones,
and the design reader asks here whether a name can be printed at all.
"""

from __future__ import annotations

import enum
import functools
from importlib import resources
from pathlib import Path

from .ttf import TrueTypeFont
from .units import MM_PER_PT


class Font(enum.Enum):
    REGULAR = "DejaVuSansCondensed.ttf"
    BOLD = "DejaVuSansCondensed-Bold.ttf"
    ITALIC = "DejaVuSansCondensed-Oblique.ttf"

    @property
    def pdf_name(self) -> str:
        """The name the font is registered and embedded under."""
        return {Font.REGULAR: "RushmoreSans", Font.BOLD: "RushmoreSans-Bold", Font.ITALIC: "RushmoreSans-Oblique"}[self]

    @property
    def path(self) -> Path:
        return Path(str(resources.files("rushmore_print") / "data" / "fonts" / self.value))


@functools.cache
def metrics(font: Font) -> TrueTypeFont:
    """The font's tables, read once per process."""
    return TrueTypeFont.load(font.path)


PT_TO_MM = MM_PER_PT  # the layouts size text in points and place it in mm


def text_width_mm(text: str, size_pt: float, font: Font = Font.REGULAR) -> float:
    """Width of ``text`` set in ``font`` at ``size_pt`` points, in millimetres.

    >>> round(text_width_mm("Mount Rushmore", 10), 2)
    27.13
    """
    return metrics(font).width(text, size_pt) * MM_PER_PT


def missing_characters(text: str) -> list[tuple[int, str]]:
    """(position counted from 1, character) for each character some face of the family lacks.

    >>> missing_characters("Łukasz Ἀθηνᾶ Пушкин"), missing_characters("Mao 毛")
    ([], [(5, '毛')])
    """
    return [
        (number, char)
        for number, char in enumerate(text, start=1)
        if not char.isspace() and not all(metrics(font).covers(char) for font in Font)
    ]
