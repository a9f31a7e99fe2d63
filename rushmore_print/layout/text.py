"""Line breaking for the rule pages, measured with the fonts' real widths."""

from __future__ import annotations

import re

from .fonts import Font, text_width_mm

Run = tuple[str, Font]
BREAKS = re.compile(r"[ \t\n\r\f\v]+")  # the spaces a line may break at


def wrap(
    text: str, width_mm: float, size_pt: float, font: Font = Font.REGULAR, lead: str = "", lead_font: Font = Font.BOLD
) -> list[list[Run]]:
    """Break ``text`` (after an optional bold ``lead``) into lines no wider than ``width_mm``.

    Each line is a list of runs (text, font). A word longer than the line is left on a line of
    its own rather than cut.

    >>> ["".join(t for t, _ in line) for line in wrap("one two three", 15, 10)]
    ['one two', 'three']
    """
    words: list[tuple[str, Font]] = [(w, lead_font) for w in words_of(lead)] + [(w, font) for w in words_of(text)]
    space = {f: text_width_mm(" ", size_pt, f) for f in {lead_font, font}}
    lines: list[list[Run]] = []
    current: list[tuple[str, Font]] = []
    width = 0.0
    for word, word_font in words:
        w = text_width_mm(word, size_pt, word_font)
        extra = (space[word_font] if current else 0.0) + w
        if current and width + extra > width_mm:
            lines.append(_runs(current))
            current, width = [(word, word_font)], w
        else:
            current.append((word, word_font))
            width += extra
    if current:
        lines.append(_runs(current))
    return lines


def words_of(text: str) -> list[str]:
    """The words of ``text``, split at spaces and line breaks but never at a no-break space (the
    French space before a colon, "50\u00a0mm"): :meth:`str.split` would break at those too.

    >>> words_of("pioche\u202f: 12  cartes, 50\u00a0mm")
    ['pioche\u202f:', '12', 'cartes,', '50\xa0mm']
    """
    return [word for word in BREAKS.split(text) if word]


def _runs(words: list[tuple[str, Font]]) -> list[Run]:
    """Join neighbouring words of the same font into runs (spaces go with the following word)."""
    runs: list[Run] = []
    for index, (word, font) in enumerate(words):
        text = word if index == 0 else " " + word
        if runs and runs[-1][1] is font:
            runs[-1] = (runs[-1][0] + text, font)
        else:
            runs.append((text, font))
    return runs


__all__ = ["Run", "words_of", "wrap"]
