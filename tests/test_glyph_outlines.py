"""Glyph outlines drawn by the project itself (the raw PDF writer's Type 3 fonts and the SVG
renderer's paths) are the glyphs FreeType draws from the same TrueType file: checked on the
contours TrueType makes hard, those with no on-curve point at all (DejaVu's round counters
in '℔', 'ԗ' and 'Ք') and those starting off-curve ('ʘ', 'Ϙ', 'Թ')."""

import io

import pytest
from PIL import Image, ImageChops, ImageFilter

from rushmore_print.layout.fonts import Font
from rushmore_print.layout.items import Document, Page, Text
from rushmore_print.readers.truetype import quadratic_segments
from rushmore_print.render.pdf import render_pdf
from rushmore_print.render.rawpdf import render_raw_pdf
from rushmore_print.render.svg import svg_document
from rushmore_print.typeface import metrics

from .pixels import HAS_PDFTOPPM, rasterise

DPI = 200
OFF_CURVE_ONLY = "℔ԗՔ"  # each has a contour whose every point is off-curve
STARTS_OFF_CURVE = "ʘϘԹ"  # each has a contour whose first point is off-curve


def _page(text: str) -> Page:
    # 2 x 1 in: whole pixels at DPI, so every renderer's image has the same size
    return Page(50.8, 25.4, (Text(3, 8, text, 60.0),))


def _mismatch(first: Image.Image, second: Image.Image) -> tuple | None:
    """The box of any patch 3 px (0.4 mm) across whose grey differs by more than 64 levels:
    anti-aliasing differs along an edge by a pixel; a curve drawn elsewhere leaves a patch."""
    difference = ImageChops.difference(first.convert("L"), second.convert("L"))
    return difference.point(lambda v: 255 if v > 64 else 0).filter(ImageFilter.MinFilter(3)).getbbox()


def test_every_checked_character_has_the_contour_it_is_here_for():
    font = metrics(Font.REGULAR)
    for char in OFF_CURVE_ONLY:
        assert any(contour and not any(on for *_, on in contour) for contour in font.outline(char)), char
    for char in STARTS_OFF_CURVE:
        outlines = font.outline(char)
        assert any(contour and not contour[0][2] and any(on for *_, on in contour) for contour in outlines), char


def test_a_contour_with_no_on_curve_point_passes_through_every_implied_point_once():
    square = [(0.0, 0.0, False), (8.0, 0.0, False), (8.0, 8.0, False), (0.0, 8.0, False)]
    segments = quadratic_segments(square)
    assert segments[0] == ("M", (4.0, 0.0))
    # one quadratic per off-curve point, each ending at the implied point after its control
    assert segments[1:] == [
        ("Q", (8.0, 0.0), (8.0, 4.0)),
        ("Q", (8.0, 8.0), (4.0, 8.0)),
        ("Q", (0.0, 8.0), (0.0, 4.0)),
        ("Q", (0.0, 0.0), (4.0, 0.0)),
    ]


def test_a_contour_starting_off_curve_starts_at_its_first_on_curve_point():
    contour = [(0.0, 0.0, False), (8.0, 0.0, True), (8.0, 8.0, False), (0.0, 8.0, True)]
    assert quadratic_segments(contour) == [
        ("M", (8.0, 0.0)),
        ("Q", (8.0, 8.0), (0.0, 8.0)),
        ("Q", (0.0, 0.0), (8.0, 0.0)),
    ]


@pytest.mark.skipif(not HAS_PDFTOPPM, reason="needs pdftoppm")
@pytest.mark.parametrize("text", [OFF_CURVE_ONLY, STARTS_OFF_CURVE])
def test_the_raw_pdf_writer_draws_glyphs_as_freetype_does(text):
    document = Document("glyphs", (_page(text),), {})
    expected = rasterise(render_pdf(document), DPI)[0]  # reportlab embeds the font; FreeType draws it
    drawn = rasterise(render_raw_pdf(document), DPI)[0]  # the outlines as Type 3 glyph procedures
    assert drawn.size == expected.size
    assert ImageChops.invert(expected.convert("L")).getbbox(), "nothing drawn"
    assert _mismatch(drawn, expected) is None


@pytest.mark.skipif(not HAS_PDFTOPPM, reason="needs pdftoppm")
def test_the_svg_renderer_draws_glyphs_as_freetype_does():
    resvg = pytest.importorskip("resvg_py")
    page = _page(OFF_CURVE_ONLY + STARTS_OFF_CURVE[:1])
    expected = rasterise(render_pdf(Document("glyphs", (page,), {})), DPI)[0]
    svg = svg_document(page, {})
    drawn = Image.open(io.BytesIO(bytes(resvg.svg_to_bytes(svg_string=svg, dpi=float(DPI), background="white"))))
    assert drawn.size == expected.size
    assert _mismatch(drawn, expected) is None
