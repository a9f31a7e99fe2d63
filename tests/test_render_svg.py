"""The SVG renderer draws what the PNG renderer draws: SVG files rasterised by resvg (a strict,
pure renderer: what it draws, Chromium draws) are compared pixel by pixel with ``render/png.py``,
on the page of every drawing item and on real cards; and an SVG holds nothing from outside."""

import io
import re

import pytest
from PIL import Image as PILImage
from PIL import ImageChops, ImageFilter, ImageStat

from rushmore_print.design import load_design
from rushmore_print.layout.cards import card_frame, symbols
from rushmore_print.layout.heads import HeadKey
from rushmore_print.layout.items import Document, Group, Page, Path, Shape, Use, rgb
from rushmore_print.layout.sheets import card_pages
from rushmore_print.render.pdf import render_pdf
from rushmore_print.render.png import render_page
from rushmore_print.render.svg import SvgWriter, svg_document
from rushmore_print.writers.build import card_faces, checked_deck

from .pixels import HAS_PDFTOPPM, rasterise
from .test_renderers import fixture

resvg = pytest.importorskip("resvg_py")


def rasterised(svg: str, dpi: float) -> PILImage.Image:
    return PILImage.open(io.BytesIO(bytes(resvg.svg_to_bytes(svg_string=svg, dpi=float(dpi), background="white"))))


# A blob is a patch this many pixels across that differs by more than 64 levels. Anti-aliasing
# and hinting differ along edges, a pixel or two wide; a shape, glyph or image drawn elsewhere
# or otherwise leaves a blob. Against the PNG renderer a patch of 7: Pillow sets text at a
# whole-pixel size (58 px for 58.3), so a long line's last letters sit up to 1.5 px short of
# where the PDF and the SVG put them (the SVG agrees with the PDF to 5, below).
BLOB_PX = 7  # odd: a filter has a centre (1.2 mm at 150 dpi; a head is 17 mm wide)


def blob(first: PILImage.Image, second: PILImage.Image, across: int = BLOB_PX) -> tuple | None:
    difference = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    return difference.convert("L").point(lambda v: 255 if v > 64 else 0).filter(ImageFilter.MinFilter(across)).getbbox()


def agreement(page: Page, table: dict, dpi: float, reference: Page | None = None) -> tuple[list[float], tuple | None]:
    """(mean difference per channel out of 255, the box of any blob) between the SVG of ``page``
    and the PNG renderer's drawing of ``reference`` (``page`` itself unless told)."""
    drawn = rasterised(svg_document(page, table), dpi).convert("RGB")
    expected = render_page(reference or page, table, dpi)
    assert drawn.size == expected.size
    return ImageStat.Stat(ImageChops.difference(drawn, expected)).mean, blob(drawn, expected)


def every_item(folder) -> Document:
    """The three renderers' fixture, its dashed line a little shorter: at exactly 18 periods of
    its pattern, PDF and Pillow end it with a zero-length dash's round cap (a dot), resvg not."""
    document = fixture(folder)
    dashed = rgb("#c0392b")
    items = tuple(
        Shape(Path.line(5, 55, 94, 55), stroke=dashed, stroke_mm=0.8, dash_mm=(3.0, 2.0))
        if isinstance(item, Shape) and item.dash_mm
        else item
        for item in document.pages[0].items
    )
    return Document("fixture", (Page(110, 190.5, items),), document.symbols)


@pytest.mark.slow
def test_every_item_looks_as_the_png_renderer_draws_it(tmp_path):
    document = every_item(tmp_path)
    mean, found = agreement(document.pages[0], document.symbols, 150)
    assert max(mean) <= 1.5, mean  # measured 0.76-0.91
    assert found is None, found


@pytest.mark.skipif(not HAS_PDFTOPPM, reason="needs pdftoppm (poppler-utils)")
@pytest.mark.slow
def test_every_item_looks_as_the_pdf_renderer_draws_it(tmp_path):
    document = every_item(tmp_path)
    drawn = rasterised(svg_document(document.pages[0], document.symbols), 150).convert("RGB")
    printed = rasterise(render_pdf(document), 150, gray=False)[0].convert("RGB")
    assert max(ImageStat.Stat(ImageChops.difference(drawn, printed)).mean) <= 1.5
    assert blob(drawn, printed, 5) is None


@pytest.fixture(scope="module")
def classic_pages():
    design = load_design()
    pairs = card_faces(design, checked_deck(design))
    # M01, S39 (two red heads, drawn flipped), both backs
    faces = [pairs[0][0], pairs[-1][0], pairs[0][1], pairs[-1][1]]
    return card_pages(card_frame(design), faces), symbols(design)


@pytest.mark.slow
def test_classic_cards_look_as_the_png_renderer_draws_them(classic_pages):
    pages, table = classic_pages
    # Edges differ, and a back's cross-hatching is all edges, its hairlines drawn a whole pixel
    # wide by the PNG renderer (measured: faces 3.4 and 4.2, backs 5.7 and 6.4)
    for page, limit in zip(pages, (5.0, 5.0, 7.5, 7.5)):
        mean, found = agreement(page, table, 100)
        assert max(mean) <= limit, mean
        assert found is None, found


def _swapped(items, change):
    """``items`` with every head symbol's key passed through ``change``."""
    out = []
    for item in items:
        if isinstance(item, Use) and isinstance(item.key, HeadKey):
            item = Use(change(item.key), item.matrix)
        elif isinstance(item, Group):
            item = Group(_swapped(item.items, change), item.matrix, item.clip)
        out.append(item)
    return tuple(out)


def test_one_head_facing_the_wrong_way_or_not_red_is_seen(classic_pages):
    """The comparison sees the faults a player would: one head turned, one red head drawn plain."""
    pages, table = classic_pages
    red_card = pages[1]  # S39: two red heads
    for change in (
        lambda key: HeadKey(key.head, 1 - key.facing, key.red) if key.head == 2 else key,
        lambda key: HeadKey(key.head, key.facing, False) if key.head == 1 else key,
    ):
        broken = Page(red_card.width_mm, red_card.height_mm, _swapped(red_card.items, change))
        assert broken != red_card
        _, found = agreement(broken, table, 100, reference=red_card)
        assert found is not None


def test_raster_art_is_embedded_as_png_pixels_and_drawn_as_the_png_renderer_does(tmp_path, write_design):
    art = tmp_path / "head.png"
    image = PILImage.new("RGBA", (60, 100), (40, 90, 160, 255))
    image.paste((230, 200, 40, 255), (0, 0, 20, 100))  # a band at the back: shows the mirroring
    image.save(art)
    design = load_design(
        write_design(
            "name: Art\nheads: [{name: Ada, art: head.png}, Bea]\ndirections: [left, right]\n"
            "search: {seed: 1, red_counts: {0: 4, 1: 4}}\n"
        )
    )
    pairs = card_faces(design, checked_deck(design))
    table = symbols(design)
    for page in card_pages(card_frame(design), [pairs[0][0], pairs[3][0]]):
        text = svg_document(page, table)
        assert text.count("data:image/png;base64,") == 1  # defined once, used by both facings
        mean, found = agreement(page, table, 100)
        assert max(mean) <= 5.0 and found is None, (mean, found)


def test_an_svg_is_self_contained_deterministic_and_well_formed(classic_pages):
    from xml.etree import ElementTree

    pages, table = classic_pages
    text = svg_document(pages[1], table, title="S39 <red> & co")
    assert text == svg_document(pages[1], table, title="S39 <red> & co")
    root = ElementTree.fromstring(text)  # well-formed XML, the title escaped
    assert root.attrib["viewBox"] == f"0 0 {pages[1].width_mm:g} {pages[1].height_mm:g}"
    assert root.attrib["width"].endswith("mm")
    links = re.findall(r'href="([^"]*)"', text)
    assert links and all(link.startswith("#") for link in links)  # classic art is shapes: no data either
    assert "<script" not in text and "<text" not in text and "@font-face" not in text
    assert re.findall(r"url\(([^)]*)\)", text) == [f for f in re.findall(r"url\(([^)]*)\)", text) if f[0] == "#"]
    outside = re.findall(r"https?://[^\"]+", text)
    assert set(outside) == {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}
    labels = re.findall(r'aria-label="([^"]*)"', text)
    assert "Washington" in labels and "S39" in labels  # words a screen reader can still read


def test_pages_of_one_writer_share_their_definitions(classic_pages):
    pages, table = classic_pages
    writer = SvgWriter(table, prefix="p")
    inline = [writer.inline(page) for page in pages]
    hidden = writer.hidden_definitions()
    used = {ident for page in inline for ident in re.findall(r'href="#([^"]+)"', page)}
    defined = re.findall(r'id="([^"]+)"', hidden)
    assert len(defined) == len(set(defined))  # each definition once
    assert used <= set(defined)
    assert all(ident.startswith("p-") for ident in defined)
    assert all("<defs>" not in page for page in inline)


def test_export_svg_writes_a_drawing_per_face_and_back_named_as_the_pngs(runner, tiny_path, tmp_path):
    from xml.etree import ElementTree

    from rushmore_print.cli.commands import cli
    from rushmore_print.deck.targets import EXPORTS

    result = runner.invoke(cli, ["export", "svg", str(tiny_path), "-o", str(tmp_path / "svg"), "--bleed", "0"])
    assert result.exit_code == 0, result.output
    design = load_design(tiny_path)
    names = sorted(path.name for path in (tmp_path / "svg").iterdir())
    assert len(names) == EXPORTS["svg"].files(design)
    assert names == sorted(["back-monument.svg", "back-search.svg"] + [f"M0{n}.svg" for n in range(1, 5)] +
                           [f"S0{n}.svg" for n in range(1, 7)])  # fmt: skip
    frame = card_frame(design, 0.0)
    root = ElementTree.parse(tmp_path / "svg" / "S01.svg").getroot()
    assert root.attrib["viewBox"] == f"0 0 {frame.width_mm:g} {frame.height_mm:g}"  # --bleed 0: the trim size
    assert root.find("{http://www.w3.org/2000/svg}title").text == "Tiny: S01"
    refused = runner.invoke(cli, ["export", "svg", str(tiny_path), "--dpi", "100", "-o", str(tmp_path / "x")])
    assert refused.exit_code == 2 and "--dpi applies to png only, not to svg" in refused.stderr
