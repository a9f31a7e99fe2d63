"""A designer's font read by the code that draws it, before anything is built.

``design`` checks a ``print.font`` with the project's own reader (``truetype``), which bounds every
table; but the PDFs embed the font through reportlab's parser and subsetter, and the PNGs draw
it through FreeType (Pillow), and each has refusals of its own (a ``name`` table without a
PostScript name, a ``head`` table with the wrong magic number...). :func:`check_font` runs those
same code paths on the texts the design prints, in memory, so that what they refuse is a located
error at ``validate`` (``designs/x.yaml:9: print.font: 'x.ttf': ...``) and never a failed build.
The core cannot import reportlab or Pillow, so the front end hands this function to
``design.load_design`` (a :data:`~rushmore_print.design.FontCheck`); ``build`` runs it again for
designs loaded without it.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from ..readers.inputs import InputError, InputKind, read_input, shown
from ..typeface import Font

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

PNG_SIZES_PX = (9, 60, 240)  # a head's name at 72 dpi, a title at 300 dpi, a title at 1200 dpi


def check_font(path: Path, texts: Sequence[str]) -> None:
    """Embed a subset of the font at ``path`` holding ``texts`` into a PDF in memory, as the PDF
    renderer does, and draw ``texts`` as the PNG renderer does; ``ValueError`` saying which of
    them refuses the font and why. The file is read through the one trust boundary, and only
    after ``truetype`` accepted it (its counts bounded: reportlab loops over them as the file says).

    >>> from rushmore_print.typeface import Font
    >>> check_font(Font.BOLD.path, ("MOUNT RUSHMORE", "Washington"))
    """
    try:
        data = read_input(path, InputKind.FONT)
    except InputError as exc:
        raise ValueError(str(exc)) from None
    _checked(Font.designer(path).pdf_name, data, tuple(texts))


def reportlab_font(font: Font) -> TTFont:
    """reportlab's parse of ``font``, the one the PDF renderer registers: the same object for the
    same bytes, so a designer's font checked here is not parsed again to be embedded (reportlab
    keeps each document's subsets apart). ``InputError`` when the file cannot be read.

    >>> reportlab_font(Font.BOLD) is reportlab_font(Font.BOLD), reportlab_font(Font.BOLD).fontName
    (True, 'RushmoreSans-Bold')
    """
    return _reportlab_font(font.pdf_name, read_input(font.path, InputKind.FONT))


@functools.lru_cache(maxsize=8)
def _reportlab_font(name: str, data: bytes) -> TTFont:
    # reportlab's own parse, through its public API: a faster copy of its font loading (15 ms
    # against 6 ms a face here) was a maintenance debt on every reportlab release. Imported here:
    # a PNG export checks no font and draws no PDF, and reportlab is 8 MB of every process's memory.
    from reportlab.pdfbase.ttfonts import TTFont

    return TTFont(name, io.BytesIO(data))


@functools.lru_cache(maxsize=4)  # validate, then build's own check, read the same font in one run
def _checked(name: str, data: bytes, texts: tuple[str, ...]) -> None:
    _embed(name, data, texts)
    _draw(data, texts)


def _reason(exc: BaseException) -> str:
    """What a parser said, for a message: reportlab's and FreeType's words, cut and escaped."""
    said = str(exc).strip() or type(exc).__name__
    return shown(f"{type(exc).__name__}: {said}", longest=120)


def _embed(name: str, data: bytes, texts: tuple[str, ...]) -> None:
    """reportlab's path of ``render.pdf``: parse (``TTFont``), split the texts into subsets,
    and write the document, which builds and embeds each subset."""
    # Any exception here is reportlab refusing this file (TTFError, KeyError for a missing table,
    # struct.error for a short one...): the same file would fail the build, so it is the answer.
    try:
        font = _reportlab_font(name, data)  # the very object the PDFs will embed
    except Exception as exc:
        raise ValueError(f"reportlab cannot read it to embed it in the PDFs ({_reason(exc)})") from None
    mapped = font.face.charToGlyph
    missing = sorted({char for text in texts for char in text if not mapped.get(ord(char))})
    if missing:  # reportlab picks its own subtable of the cmap: ask it, not our reader
        chars = ", ".join(f"{char!r} (U+{ord(char):04X})" for char in missing[:5])
        raise ValueError(f"the character map reportlab reads from it has no glyph for {chars}")
    from reportlab.pdfbase.pdfdoc import PDFDocument

    document = PDFDocument(compression=1, invariant=1)
    try:
        for text in texts:
            for subset, _ in font.splitString(text, document):
                font.getSubsetInternalName(subset, document)
        document.GetPDFData(None)  # realises the fonts: makeSubset reads every glyph the texts use
    except Exception as exc:
        raise ValueError(f"reportlab cannot embed it in the PDFs ({_reason(exc)})") from None


def _draw(data: bytes, texts: tuple[str, ...]) -> None:
    """The PNG renderer's path (``render.png``): FreeType through Pillow, every text drawn at
    the sizes the images use (hinting runs the font's own programs, which differ by size)."""
    try:
        for size in PNG_SIZES_PX:
            face = ImageFont.truetype(io.BytesIO(data), size)
            canvas = ImageDraw.Draw(Image.new("L", (4 * size, 2 * size)))
            for text in texts:
                canvas.text((0, size), text, font=face, fill=255, anchor="ls")
    except Exception as exc:  # FreeType's errors come as OSError, ValueError...: all are refusals
        raise ValueError(f"the PNG renderer (FreeType) cannot draw it ({_reason(exc)})") from None


__all__ = ["check_font", "reportlab_font"]
