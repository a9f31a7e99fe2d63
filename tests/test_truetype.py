"""readers/truetype.py, the project's one reader of a font's character map: what it says a
character's glyph is, against fontTools (an independent, well-kept parser) and reportlab (which
embeds the glyphs in the PDFs), on crafted maps and on every font at hand."""

import io
import pathlib

import pytest
from reportlab.pdfbase.ttfonts import TTFontFile

from rushmore_print.readers.truetype import TrueTypeFont
from rushmore_print.typeface import Font

from .fontsurgery import DEJAVU, with_format4, with_mapping

# Every branch of a format 4 segment: glyph ids read through idRangeOffset with an idDelta added
# (positive, negative, and past 0xFFFF, where it wraps), a 0 in glyphIdArray that stays missing
# whatever the delta, and a segment of idDelta alone.
SEGMENTS = [
    (ord("A"), ord("D"), 6, [30, 0, 32, 65533]),
    (ord("a"), ord("c"), 68 - ord("a"), None),
    (ord("x"), ord("z"), -10, [101, 102, 103]),
]
EXPECTED = {"A": 36, "B": 0, "C": 38, "D": 3, "a": 68, "b": 69, "c": 70, "x": 91, "y": 92, "z": 93, "E": 0, "w": 0}


def _load(data: bytes, folder: pathlib.Path) -> TrueTypeFont:
    path = folder / "font.ttf"
    path.write_bytes(data)
    return TrueTypeFont.load(path)


def test_a_format4_segment_with_a_range_offset_adds_its_delta_to_each_glyph_id(tmp_path):
    """The branch no shipped font reaches (DejaVu's range-offset segments all have idDelta 0):
    the reader adds the delta, modulo 65536, to every glyph id but 0; reportlab, which embeds
    the glyphs, reads the same map."""
    font = _load(with_format4(DEJAVU, SEGMENTS), tmp_path)
    assert {char: font.glyph(char) for char in EXPECTED} == EXPECTED
    assert not font.covers("B") and font.covers("D")
    reportlab = TTFontFile(io.BytesIO(with_format4(DEJAVU, SEGMENTS))).charToGlyph
    assert {char: reportlab.get(ord(char), 0) for char in EXPECTED} == EXPECTED


def _fonts_here() -> dict[str, bytes]:
    """The shipped faces, this machine's fonts (any Debian has some), the crafted format 4 map,
    and the shipped regular face with one format 12 map of part of its characters."""
    shipped = sorted(pathlib.Path(Font.REGULAR.path).parent.glob("*.ttf"))
    system = sorted(pathlib.Path("/usr/share/fonts").glob("**/*.ttf"))[:12]
    fonts = {path.name: path.read_bytes() for path in [*shipped, *system]}
    fonts["crafted format 4"] = with_format4(DEJAVU, SEGMENTS)
    fonts["format 12 only"] = with_mapping(DEJAVU, {code: code % 300 + 1 for code in range(32, 2000, 3)})
    return fonts


@pytest.mark.slow  # every font at hand against fontTools, 1.2 s; the default run keeps the crafted format 4
def test_every_character_maps_to_the_glyph_fonttools_reads(tmp_path):
    """fontTools' best Unicode map of each font at hand is the reader's, character for character,
    and a character it does not map has no glyph here either."""
    ttLib = pytest.importorskip("fontTools.ttLib")
    compared = 0
    for name, data in _fonts_here().items():
        oracle = ttLib.TTFont(io.BytesIO(data))
        best = oracle.getBestCmap()
        expected = {code: oracle.getGlyphID(glyph) for code, glyph in best.items()}
        expected = {code: glyph if glyph < oracle["maxp"].numGlyphs else 0 for code, glyph in expected.items()}
        font = _load(data, tmp_path)
        ours = {code: font.glyph(chr(code)) for code in expected}
        assert ours == expected, name
        unmapped = [code for code in range(0x20, 0x3000) if code not in best]
        assert not any(font.glyph(chr(code)) for code in unmapped), name
        compared += len(expected)
    assert compared > 10_000  # DejaVu alone maps about 5,000 characters
