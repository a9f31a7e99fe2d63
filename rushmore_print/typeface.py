"""The one type family every PDF embeds and every PNG is drawn with: DejaVu Sans Condensed
(regular, bold, oblique), shipped in ``data/fonts`` under its own licence.

Text is measured here from the font files themselves, so a layout's widths are the printed ones,
and the design reader asks here whether a name can be printed at all.
"""

from __future__ import annotations

import functools
import re
import unicodedata
import zlib
from pathlib import Path
from typing import ClassVar

from .frozen import frozen_dataclass
from .package_data import shipped
from .readers.truetype import TrueTypeFont
from .units import MM_PER_PT


@frozen_dataclass
class Font:
    """A TrueType face: one of the shipped family (``Font.REGULAR``, ``BOLD``, ``ITALIC``) or a
    designer's own file (``print.font``, see :meth:`designer`).

    >>> Font.BOLD.pdf_name, Font.BOLD.path.name
    ('RushmoreSans-Bold', 'DejaVuSansCondensed-Bold.ttf')
    """

    file: str  # a file of data/fonts, or an absolute path
    pdf_name: str  # the name it is registered and embedded under
    # A layout's face with a designer's font behind it: characters this face lacks (CJK names in
    # a rule sheet's sentences) are measured and, after ``layout.fallback``, drawn in that font.
    fallback: Font | None = None

    REGULAR: ClassVar[Font]
    BOLD: ClassVar[Font]
    ITALIC: ClassVar[Font]

    @property
    def path(self) -> Path:
        """The font's file: one of the package's own (``data/fonts``) or the designer's absolute path.

        >>> Font.REGULAR.path.name, Font.designer(Path("/games/a/font.ttf")).path
        ('DejaVuSansCondensed.ttf', PosixPath('/games/a/font.ttf'))
        """
        given = Path(self.file)
        return given if given.is_absolute() else Path(str(shipped(f"data/fonts/{self.file}")))

    @classmethod
    def designer(cls, path: Path) -> Font:
        """A designer's TrueType file, registered with the PDF renderer under a name made from
        its file name and path: two designs' ``font.ttf`` in one process are two fonts (the name
        is reportlab's key, never written into a PDF).

        >>> Font.designer(Path("/games/a/font.ttf")).pdf_name
        'Designer-font-bad45a76'
        """
        stem = re.sub(r"[^A-Za-z0-9]", "", path.stem)[:24] or "Font"
        return cls(str(path), f"Designer-{stem}-{zlib.crc32(str(path).encode('utf-8', 'surrogateescape')):08x}")

    def backed_by(self, fallback: Font | None) -> Font:
        """This face with ``fallback`` for the characters it lacks (itself when None).

        >>> Font.REGULAR.backed_by(None) is Font.REGULAR
        True
        """
        return self if fallback is None or fallback == self else Font(self.file, self.pdf_name, fallback)

    def runs(self, text: str) -> list[tuple[str, Font]]:
        """``text`` cut where the face that draws it changes: this one, or its fallback for the
        characters this one lacks and the fallback has (spaces stay with this face).

        >>> Font.REGULAR.runs("Mao")
        [('Mao', Font(file='DejaVuSansCondensed.ttf', pdf_name='RushmoreSans', fallback=None))]
        """
        plain = Font(self.file, self.pdf_name)
        if self.fallback is None:
            return [(text, plain)]
        own, other = metrics(plain), metrics(self.fallback)
        runs: list[tuple[str, Font]] = []
        for char in text:
            face = self.fallback if not own.covers(char) and other.covers(char) else plain
            if runs and runs[-1][1] == face:
                runs[-1] = (runs[-1][0] + char, face)
            else:
                runs.append((char, face))
        return runs


Font.REGULAR = Font("DejaVuSansCondensed.ttf", "RushmoreSans")
Font.BOLD = Font("DejaVuSansCondensed-Bold.ttf", "RushmoreSans-Bold")
Font.ITALIC = Font("DejaVuSansCondensed-Oblique.ttf", "RushmoreSans-Oblique")
FAMILY = (Font.REGULAR, Font.BOLD, Font.ITALIC)
FAMILY_NAME = "DejaVu Sans Condensed"  # as messages name the shipped family (its files' own name)


@functools.cache
def metrics(font: Font) -> TrueTypeFont:
    """The font's tables, read once per process."""
    return TrueTypeFont.load(font.path)


def text_width_mm(text: str, size_pt: float, font: Font = Font.REGULAR) -> float:
    """Width of ``text`` set in ``font`` at ``size_pt`` points, in millimetres.

    >>> round(text_width_mm("Mount Rushmore", 10), 2)
    27.13
    """
    if font.fallback is not None:
        return sum(metrics(face).width(run, size_pt) for run, face in font.runs(text)) * MM_PER_PT
    return metrics(font).width(text, size_pt) * MM_PER_PT


def missing_characters(text: str) -> list[tuple[int, str]]:
    """(position counted from 1, character) for each character some face of the family lacks.

    >>> missing_characters("Łukasz Ἀθηνᾶ Пушкин"), missing_characters("Mao 毛")
    ([], [(5, '毛')])
    """
    return [
        (number, char)
        for number, char in enumerate(text, start=1)
        if not char.isspace() and not all(metrics(font).covers(char) for font in FAMILY)
    ]


_DIALYTIKA = "\u0308"  # kept in Greek capitals: it still tells two vowels from a diphthong (ΜΑΪΟΥ)
_YPOGEGRAMMENI = "\u0345"  # iota subscript: kept, its capital is a full iota (ᾳ -> ΑΙ)
_GREEK_ACCENTS = frozenset("\u0300\u0301\u0340\u0341\u0342")  # varia, oxia/tonos, perispomeni
_GEORGIAN = ("\u10d0", "\u10ff")  # Mkhedruli, the everyday Georgian letters
_DIPHTHONGS = frozenset({"αι", "ει", "οι", "υι", "αυ", "ευ", "ηυ", "ου"})


def printed_upper(text: str) -> str:
    """``text`` in capitals as the cards print it (the game's title on the backs): the one
    upper-case form, which the design reader checks against the font that prints it.

    Greek capitals carry no accents or breathings (a Greek typesetter's rule; ``str.upper``
    keeps them, and a perispomeni becomes a loose combining mark few fonts have): only the
    dialytika is kept, and added where a dropped accent told two vowels apart (τσάι -> ΤΣΑΪ).
    German ß becomes SS, the spelling every font can print (ẞ is newer and in few fonts).
    Georgian stays as written: its capitals (Mtavruli, Unicode 11) are in few fonts, DejaVu's
    not among them, and a title in everyday letters is usual. The result is NFC, as the font's
    character map expects.

    >>> printed_upper("Ἀθηνᾶ"), printed_upper("Straße"), printed_upper("τσάι"), printed_upper("Μαΐου")
    ('ΑΘΗΝΑ', 'STRASSE', 'ΤΣΑΪ', 'ΜΑΪΟΥ')
    >>> printed_upper("ᾠδή"), printed_upper("Mount Rushmore"), printed_upper("Łódź"), printed_upper("თბილისი")
    ('ΩΙΔΗ', 'MOUNT RUSHMORE', 'ŁÓDŹ', 'თბილისი')
    """
    clusters: list[list[str]] = []  # a base character and the marks that follow it
    for char in unicodedata.normalize("NFD", text):
        if clusters and unicodedata.category(char).startswith("M"):
            clusters[-1].append(char)
        else:
            clusters.append([char])
    kept: list[str] = []
    accent_dropped = ""  # the previous Greek vowel, when an accent was taken off it
    for base, *marks in clusters:
        if _GEORGIAN[0] <= base <= _GEORGIAN[1]:
            kept.append(base + "".join(marks))  # no capitals: Mtavruli is new and in few fonts
            accent_dropped = ""
        elif not unicodedata.name(base, "").startswith("GREEK"):
            kept.append((base + "".join(marks)).upper())
            accent_dropped = ""
        else:
            own = [mark for mark in marks if mark in (_DIALYTIKA, _YPOGEGRAMMENI)]
            if not marks and (accent_dropped + base).lower() in _DIPHTHONGS:
                own.append(_DIALYTIKA)  # ά then ι are two syllables; without the accent, say so
            kept.append((base + "".join(own)).upper())
            accent_dropped = base if any(mark in _GREEK_ACCENTS for mark in marks) else ""
    return unicodedata.normalize("NFC", "".join(kept))


__all__ = ["FAMILY", "Font", "metrics", "missing_characters", "printed_upper", "text_width_mm"]
