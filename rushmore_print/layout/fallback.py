"""Texts set in a face backed by a designer's font (``Font.fallback``), cut into runs each drawn
in the face that has its characters: the renderers draw a text in one font, so a CJK name in a
rule sheet's sentence becomes its own text item, in the designer's font, where the sentence's
measure put it."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from .fonts import Font, text_width_mm
from .items import Anchor, Group, Text

if TYPE_CHECKING:
    from ..design import Design


def split_fallbacks(items: tuple) -> tuple:
    """``items`` with every text whose font has a fallback cut into single-font texts, placed
    one after another from where the whole text started (its anchor kept in meaning).

    >>> from rushmore_print.typeface import Font
    >>> plain = Text(0, 0, "abc", 10.0, font=Font.REGULAR.backed_by(Font.BOLD))
    >>> [(t.text, t.font is Font.REGULAR or t.font == Font.REGULAR) for t in split_fallbacks((plain,))]
    [('abc', True)]
    """
    out: list = []
    for item in items:
        if isinstance(item, Group):
            out.append(dataclasses.replace(item, items=split_fallbacks(item.items)))
        elif isinstance(item, Text) and item.font.fallback is not None:
            out += _split(item)
        else:
            out.append(item)
    return tuple(out)


def fall_back(items: tuple, fallback: Font | None) -> tuple:
    """``items`` with every text in a shipped face backed by ``fallback`` (a designer's font)
    and cut into runs: what the shipped font cannot draw, the designer's does.

    >>> fall_back((), None)
    ()
    """
    if fallback is None:
        return items
    return split_fallbacks(_backed(items, fallback))


def _backed(items: tuple, fallback: Font) -> tuple:
    out: list = []
    for item in items:
        if isinstance(item, Group):
            out.append(dataclasses.replace(item, items=_backed(item.items, fallback)))
        elif isinstance(item, Text) and item.font.fallback is None:
            out.append(dataclasses.replace(item, font=item.font.backed_by(fallback)))
        else:
            out.append(item)
    return tuple(out)


def design_fallback(design: Design) -> Font | None:
    """The designer's ``print.font``, behind the shipped faces (None without one).

    >>> from rushmore_print import load_design
    >>> from dataclasses import replace
    >>> from pathlib import Path
    >>> design = load_design()
    >>> design_fallback(design) is None
    True
    >>> own = replace(design, print=replace(design.print, font=Path("/games/a/font.ttf")))
    >>> design_fallback(own).pdf_name
    'Designer-font-bad45a76'
    """
    return Font.designer(design.print.font) if design.print.font is not None else None


def _split(text: Text) -> list[Text]:
    runs = text.font.runs(text.text)
    if len(runs) == 1:
        return [dataclasses.replace(text, font=runs[0][1])]
    width = text_width_mm(text.text, text.size_pt, text.font)
    start = {Anchor.START: text.x, Anchor.MIDDLE: text.x - width / 2, Anchor.END: text.x - width}[text.anchor]
    out = []
    for run, face in runs:
        out.append(dataclasses.replace(text, x=start, text=run, font=face, anchor=Anchor.START))
        start += text_width_mm(run, text.size_pt, face)
    return out


__all__ = ["design_fallback", "fall_back", "split_fallbacks"]
