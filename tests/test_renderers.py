"""The three renderers draw the same page: one fixture with every kind of drawing item (the
meanings written down in ``layout/items.py``), through reportlab's PDF, the raw PDF writer of
``impose`` (both rasterised by pdftoppm) and the Pillow PNG renderer, compared pixel by pixel."""

import itertools

import pytest
from PIL import Image as PILImage
from PIL import ImageChops, ImageFilter, ImageStat

from rushmore_print.layout.items import (
    Anchor,
    Document,
    FillRule,
    Group,
    Image,
    ImageFit,
    Page,
    Path,
    Rect,
    Shape,
    Symbol,
    Text,
    Use,
    multiply,
    rgb,
    rotate,
    scale,
    translate,
)
from rushmore_print.render.pdf import render_pdf
from rushmore_print.render.png import render_page
from rushmore_print.render.rawpdf import render_raw_pdf
from rushmore_print.typeface import Font

from .pixels import HAS_PDFTOPPM, rasterise

DPI = 150
NONZERO = FillRule.NONZERO
MIRROR = (-1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def fixture(folder) -> Document:
    art = folder / "art.png"
    image = PILImage.new("RGBA", (60, 120), (40, 90, 160, 255))
    image.paste((230, 200, 40, 255), (0, 0, 20, 120))  # a yellow band on the left: shows mirroring
    image.paste((0, 0, 0, 0), (40, 0, 60, 30))  # a transparent corner: the page shows through
    image.save(art, dpi=(150, 150))
    red, ink, sky = rgb("#c0392b"), rgb("#2b2520"), rgb("#b9d4e6")
    dot = Symbol(
        (Shape(Path.rect(Rect(0, 0, 10, 10)), fill=red), Shape(Path.circle(5, 5, 3), fill=sky)), Rect(0, 0, 10, 10)
    )
    items = (
        Shape(Path.rect(Rect(5, 5, 60, 40)), fill=sky),
        Shape(Path.rect(Rect(10, 10, 30, 20)), stroke=ink, stroke_mm=1.2),
        Shape(Path.line(5, 55, 95, 55), stroke=red, stroke_mm=0.8, dash_mm=(3.0, 2.0)),
        Shape(Path.polygon([(70, 10), (95, 10), (82, 40)]), fill=red, stroke=ink, stroke_mm=0.6),
        Shape(Path.circle(80, 75, 12), fill=ink),
        Text(10, 70, "Łukasz Ἀθηνᾶ Пушкин", 14, ink, Font.REGULAR),
        Text(50, 85, "Bold centre", 12, red, Font.BOLD, Anchor.MIDDLE),
        Text(95, 95, "italic end", 10, ink, Font.ITALIC, Anchor.END),
        Group(
            (Shape(Path.rect(Rect(0, 0, 30, 30)), fill=red),),
            multiply(rotate(30), translate(20, 100)),
            clip=Path.rect(Rect(15, 100, 25, 25)),
        ),
        Shape(Path.rect(Rect(45, 100, 40, 30)), fill=sky),
        Image(str(art), Rect(45, 100, 40, 30)),  # contained: narrower than the box, centred
        Group((Image(str(art), Rect(0, 0, 15, 30), ImageFit.STRETCH),), multiply(MIRROR, translate(105, 100))),
        Use("dot", multiply(scale(2), translate(10, 130))),
        Shape(Path.rect(Rect(50, 135, 50, 20)), fill=sky),  # a ground for the next two
        Shape(Path(Path.rect(Rect(55, 138, 18, 14)).commands + Path.rect(Rect(60, 142, 8, 6)).commands), fill=red),
        Group((Shape(Path.circle(85, 145, 5), fill=ink),), clip=Path.rect(Rect(76, 136, 22, 18))),  # clip > drawing
        # Nonzero fills: a star drawn in one stroke that crosses itself, a square inside a
        # square drawn the same way round; neither has a hole.
        Shape(Path.polygon([(17, 185), (25, 160), (5, 176), (30, 176), (10, 160)]), fill=red, fill_rule=NONZERO),
        Shape(
            Path(Path.rect(Rect(35, 160, 22, 22)).commands + Path.rect(Rect(41, 166, 10, 10)).commands),
            fill=ink,
            fill_rule=NONZERO,
        ),
        # Translucency: over a ground, on the page and inside a symbol (a PDF form, a PNG tile).
        Shape(Path.rect(Rect(62, 158, 44, 28)), fill=sky),
        Shape(
            Path.rect(Rect(64, 160, 18, 24)), fill=red, fill_opacity=0.5, stroke=ink, stroke_mm=1.5, stroke_opacity=0.4
        ),
        Use("veil", translate(86, 160)),
    )
    veil = Symbol((Shape(Path.rect(Rect(0, 0, 18, 24)), fill=ink, fill_opacity=0.3),), Rect(0, 0, 18, 24))
    return Document("fixture", (Page(110, 190.5, items),), {"dot": dot, "veil": veil})


@pytest.mark.skipif(not HAS_PDFTOPPM, reason="needs pdftoppm (poppler-utils)")
@pytest.mark.slow
def test_every_item_looks_the_same_from_all_three_renderers(tmp_path):
    document = fixture(tmp_path)
    drawn = {
        "reportlab PDF": rasterise(render_pdf(document), DPI, gray=False)[0].convert("RGB"),
        "raw PDF": rasterise(render_raw_pdf(document), DPI, gray=False)[0].convert("RGB"),
        "PNG": render_page(document.pages[0], document.symbols, DPI),
    }
    for (a, first), (b, second) in itertools.combinations(drawn.items(), 2):
        assert first.size == second.size, (a, b)
        difference = ImageChops.difference(first, second)
        mean = ImageStat.Stat(difference).mean
        assert max(mean) <= 1.5, (a, b, mean)  # out of 255, per channel
        # Anti-aliasing and hinting differ along edges, a pixel or two wide; a shape, dash or
        # image drawn in another place or another way leaves a blob five pixels across.
        blobs = difference.convert("L").point(lambda v: 255 if v > 64 else 0).filter(ImageFilter.MinFilter(5))
        assert blobs.getbbox() is None, (a, b, blobs.getbbox())


@pytest.mark.slow
def test_heads_pasted_from_shared_tiles_are_the_pixels_of_a_fresh_drawing(classic, classic_deck):
    """The PNG renderer draws each symbol once a size and place within a pixel and pastes it
    after: a card drawn after the whole deck (every tile made) is the card drawn alone."""
    from rushmore_print.layout.cards import card_frame, symbols
    from rushmore_print.layout.sheets import card_pages
    from rushmore_print.writers.build import card_faces

    table = symbols(classic)
    pages = card_pages(card_frame(classic), [front for front, _ in card_faces(classic, classic_deck)])
    tiles: dict = {}
    for page in pages:
        render_page(page, table, 100, tiles)
    # Monument heads, Search heads plain and red, flip marker, and each head's relief facing each
    # way on the rock and in a niche
    assert len(tiles) <= 4 * 2 + 4 * 2 * 2 + 1 + 4 * 2 * 2
    for page in (pages[0], pages[20], pages[-1]):  # M01, a plain and a red Search card
        alone = render_page(page, table, 100)
        assert ImageChops.difference(alone, render_page(page, table, 100, tiles)).getbbox() is None
    moved = Page(pages[0].width_mm, pages[0].height_mm, (Group(pages[0].items, translate(0.1, 0.07)),))
    fresh = render_page(moved, table, 100)  # every head a part of a pixel from where its tile was drawn
    assert ImageChops.difference(fresh, render_page(moved, table, 100, tiles)).getbbox() is None


def test_the_tiles_kept_stay_within_their_budget_and_a_tile_let_go_is_drawn_again_alike(
    classic, classic_deck, monkeypatch
):
    """The PNG renderer keeps at most ``_TILE_BUDGET`` bytes of tiles, letting the least recently
    pasted go (issue 33: 40 MB of heads in export png's peak); the pixels never depend on it."""
    from rushmore_print.layout.cards import card_frame, symbols
    from rushmore_print.layout.sheets import card_pages
    from rushmore_print.render import png
    from rushmore_print.writers.build import card_faces

    table = symbols(classic)
    pages = card_pages(card_frame(classic), [front for front, _ in card_faces(classic, classic_deck)])
    chosen = [pages[0], pages[5], pages[20], pages[0], pages[-1], pages[5]]  # Monuments, plain and red Search
    unbounded: dict = {}
    drawn = [render_page(page, table, 60, unbounded) for page in chosen]
    sizes = sorted(found[1].width * found[1].height * 4 for found in unbounded.values() if isinstance(found, tuple))
    monkeypatch.setattr(png, "_TILE_BUDGET", sum(sizes) // 3)  # room for a third of them
    tiles: dict = {}
    for page, before in zip(chosen, drawn):
        assert ImageChops.difference(before, render_page(page, table, 60, tiles)).getbbox() is None
        kept = [found[1] for found in tiles.values() if isinstance(found, tuple)]
        assert sum(tile.width * tile.height * 4 for tile in kept[:-1]) <= png._TILE_BUDGET  # the newest stays
    assert 0 < len(kept) < len(sizes)


def test_a_clipped_group_is_clipped_alike_drawn_on_the_page_in_a_symbol_and_in_a_symbol_twice():
    """The PNG renderer draws a clipped group on a layer laid through the clip, or, when it is the
    first thing drawn on a clear tile (a symbol: a card's back band), on the tile itself with the
    clip cut into its alpha (issue 33: the layers took export png to 177 MB). Both show only the
    clip's part, and the same pixels; so does a tile pasted again from the cache."""
    red, half = rgb("#e61a1a"), Path.rect(Rect(0, 0, 10, 20))
    clipped = Group((Shape(Path.rect(Rect(0, 0, 20, 20)), fill=red),), clip=half)
    table = {"band": Symbol((clipped,), Rect(0, 0, 20, 20))}
    drawn = render_page(Page(20, 20, (clipped,)), table, 200, {})
    tiles: dict = {}
    once = render_page(Page(20, 20, (Use("band"),)), table, 200, tiles)
    again = [render_page(Page(20, 20, (Use("band"),)), table, 200, tiles) for _ in range(2)]
    assert any(isinstance(entry, tuple) for entry in tiles.values())  # kept from its second use on
    for image in (once, *again):
        assert ImageChops.difference(image, drawn).getbbox() is None
    width, height = drawn.size
    assert drawn.getpixel((width // 4, height // 2))[0] > 200  # inside the clip: red
    assert drawn.getpixel((3 * width // 4, height // 2)) == (255, 255, 255)  # outside: the page
