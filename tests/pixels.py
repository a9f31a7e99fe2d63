"""Pixel measures of the card art, shared by the tests and ``bench/bench_art.py``.

The facing-contrast measure is the arm's-length test of issue 9: render a card and the same card
with every head turned round, as the per-card print PDF draws them, rasterise both with
``pdftoppm -r 40 -gray``, and count the share of pixels whose grey differs by more than 48
levels. Heads that point show a large share. Issue 34 asks it of every card of a deck.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from rushmore_print.design import Design
from rushmore_print.layout.cards import card_frame, monument_face, search_face, symbols
from rushmore_print.layout.items import Document
from rushmore_print.layout.sheets import card_pages
from rushmore_print.model import Deck, Level, Monument, SearchCard
from rushmore_print.render.pdf import render_pdf

HAS_PDFTOPPM = shutil.which("pdftoppm") is not None


def rasterise(pdf: bytes, dpi: int = 40, gray: bool = True) -> list[Image.Image]:
    """Every page of ``pdf`` as pdftoppm draws it."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-r", str(dpi), "-gray" if gray else "-png", "-png", str(source), str(Path(folder) / "p")],
            check=True,
        )
        pages = sorted(Path(folder).glob("p*.png"))
        return [Image.open(page).copy() for page in pages]


def differing_share(a: Image.Image, b: Image.Image, threshold: int = 48) -> float:
    """The share of pixels whose values differ by more than ``threshold``."""
    first, second = a.convert("L").tobytes(), b.convert("L").tobytes()
    assert len(first) == len(second)
    return sum(1 for x, y in zip(first, second) if abs(x - y) > threshold) / len(first)


# Issue 34 (issue 19 asked 25 % of classic and junior, 22 % of five, 20 % of eight): the facing
# contrast every card of every example design must reach, Monuments and Search cards alike
FACING_CONTRAST_MIN = 0.25


def turned_pairs(design: Design, deck: Deck) -> list[tuple[str, object, object]]:
    """Every card of ``deck`` and the same card with every head turned round: (id, face, turned
    face). A Monument turned is another Monument; a Search card turned keeps its red heads."""
    frame = card_frame(design)
    pairs = []
    for monument in deck.monuments:
        turned = Monument(monument.id, tuple(1 - f for f in monument.faces))
        pairs.append((monument.id, monument_face(design, monument, frame), monument_face(design, turned, frame)))
    for card in deck.search:
        turned_card = SearchCard(card.id, tuple(1 - f for f in card.faces), card.red, card.answer, card.level)
        pairs.append((card.id, search_face(design, card, frame), search_face(design, turned_card, frame)))
    return pairs


def card_facing_contrasts(design: Design, deck: Deck, dpi: int = 40) -> dict[str, float]:
    """Each card's facing contrast: the share of its pixels that change when every head on it
    turns round (per-card PDF pages, ``pdftoppm -gray`` at ``dpi``)."""
    pairs = turned_pairs(design, deck)
    faces = [face for _, front, turned in pairs for face in (front, turned)]
    frame = card_frame(design)
    pages = rasterise(render_pdf(Document("turned", tuple(card_pages(frame, faces)), symbols(design))), dpi)
    return {card_id: differing_share(pages[2 * i], pages[2 * i + 1]) for i, (card_id, _, _) in enumerate(pairs)}


def render_symbol(symbol, key, dpi: float = 300.0) -> Image.Image:
    """One head drawing alone on white, through the PNG renderer, on a page symmetric about the
    head box (so that a mirrored drawing lands on the same pixels)."""
    from rushmore_print.layout.heads import HEAD_BOX
    from rushmore_print.layout.items import Page, Use
    from rushmore_print.render.png import render_page

    box = HEAD_BOX.grow(12.0)
    s = 0.2  # 100 units -> 20 mm, about a card's head
    page = Page(box.width * s, box.height * s, (Use(key, (s, 0.0, 0.0, s, -box.x * s, -box.y * s)),))
    return render_page(page, {key: symbol}, dpi)


# ------------------------------------------------------------------------------ face coverage


@dataclass(frozen=True)
class HeadCoverage:
    """How much of one head, as it draws alone, the rest of its card paints over (pixels)."""

    card_id: str
    head: int
    own: int  # the pixels the head paints when drawn alone
    covered: int  # of those, the ones something drawn after it paints too
    face: int  # the head's pixels in its face zone (all of it for a designer's art)
    face_covered: int

    @property
    def share(self) -> float:
        return self.covered / max(1, self.own)


def _painted(page_items: tuple, width_mm: float, height_mm: float, symbols: dict, dpi: float, tiles: dict):
    """The pixels ``page_items`` paint, as a 1-bit mask: drawn on white and on black, a pixel
    counts where either differs from its background (white paint shows on black, black on white;
    an anti-aliased edge counts too)."""
    from PIL import ImageChops

    from rushmore_print.colors import BLACK
    from rushmore_print.layout.items import Page, Path, Rect, Shape
    from rushmore_print.render.png import render_page

    black = Shape(Path.rect(Rect(0.0, 0.0, width_mm, height_mm)), fill=BLACK)
    masks = []
    for items, ground in (((*page_items,), (255, 255, 255)), ((black, *page_items), (0, 0, 0))):
        image = render_page(Page(width_mm, height_mm, items), symbols, dpi, tiles)
        channels = ImageChops.difference(image, Image.new("RGB", image.size, ground)).split()
        most = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
        masks.append(most.point(lambda v: 255 if v else 0, "1"))
    return ImageChops.logical_or(masks[0], masks[1])


def _count(mask) -> int:
    return mask.histogram()[-1]


def head_coverage(design: Design, faces, dpi: float = 100.0) -> list[HeadCoverage]:
    """For every head on every face: its own pixels (drawn alone) and how many of them anything
    drawn after it on the card paints too (a neighbour, its props or niche, a marker, a name);
    the face zone (``cards.FACE_ZONE``, mirrored for the second facing; a designer's art: its
    whole box) counted apart. What is drawn before a head lies under it and cannot cover it.

    Each distinct item is rasterised once (through the PNG renderer, at ``dpi``), each distinct
    (head, later item) pair intersected once, and an item whose bounds miss a head's is skipped
    for it (it cannot paint there)."""
    from PIL import ImageChops, ImageDraw

    from rushmore_print.layout.cards import FACE_ZONE, card_frame
    from rushmore_print.layout.heads import HEAD_BOX, MIRROR, HeadKey
    from rushmore_print.layout.items import Group, Rect, Use, apply, item_bounds, multiply, translate

    frame = card_frame(design)
    table = symbols(design)
    b = frame.bleed_mm
    page_w, page_h = frame.width_mm + 2 * b, frame.height_mm + 2 * b
    place = translate(b, b)
    tiles: dict = {}
    cache: dict = {}

    def mask(item):
        found = cache.get(item)
        if found is None:
            found = cache[item] = _painted((Group((item,), place),), page_w, page_h, table, dpi, tiles)
        return found

    def zone(use: Use):
        """The head's face zone as a mask, in the page's pixels."""
        spec = design.heads[use.key.head]
        box = HEAD_BOX if spec.art is not None or spec.vector is not None else FACE_ZONE
        matrix = multiply(use.matrix, place)
        if use.key.facing == 1:
            matrix = multiply(MIRROR, matrix)
        px = dpi / 25.4
        corners = [apply(matrix, x, y) for x in (box.x, box.right) for y in (box.y, box.top)]
        xs = [x * px for x, _ in corners]
        ys = [(page_h - y) * px for _, y in corners]
        size = mask(use).size
        image = Image.new("1", size, 0)
        ImageDraw.Draw(image).rectangle((min(xs), min(ys), max(xs), max(ys)), fill=1)
        return image

    def overlaps(a: Rect, c: Rect) -> bool:
        return a.x <= c.right and c.x <= a.right and a.y <= c.top and c.y <= a.top

    pairs: dict = {}

    def painted_over(own: Use, later) -> tuple:
        """(the head's pixels ``later`` paints, those of its face zone): a mask each, or None."""
        key = (own, later)
        if key not in pairs:
            both = ImageChops.logical_and(mask(own), mask(later))
            pairs[key] = (both, ImageChops.logical_and(both, zone(own))) if both.getbbox() else None
        return pairs[key]

    found = []
    bounds: dict = {}
    sizes: dict = {}
    for face in faces:
        items = face.items
        for index, own in enumerate(items):
            if not (isinstance(own, Use) and isinstance(own.key, HeadKey)):
                continue
            if own not in bounds:
                bounds[own] = item_bounds(own, table).grow(1.0)  # type: ignore[union-attr]
            over = []
            for later in items[index + 1 :]:
                if later not in bounds:
                    bounds[later] = item_bounds(later, table)
                if bounds[later] is not None and overlaps(bounds[own], bounds[later]):
                    hit = painted_over(own, later)
                    if hit is not None:
                        over.append(hit)
            covered = face_covered = 0
            if over:
                union, face_union = over[0]
                for more, more_face in over[1:]:
                    union = ImageChops.logical_or(union, more)
                    face_union = ImageChops.logical_or(face_union, more_face)
                covered, face_covered = _count(union), _count(face_union)
            if own not in sizes:
                sizes[own] = (_count(mask(own)), _count(ImageChops.logical_and(mask(own), zone(own))))
            found.append(HeadCoverage(face.card_id, own.key.head, sizes[own][0], covered, sizes[own][1], face_covered))
    return found


ART_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 180">
  <path d="M 8 20 H 92 V 172 H 8 Z" fill="#5a4a3a"/>
  <path d="M 4 96 L 30 80 L 30 120 Z" fill="#f0e0c8" stroke="black" stroke-width="2"/>
  <circle cx="40" cy="130" r="9" fill="#f0e0c8"/>
</svg>"""


def art_design(folder: Path) -> Design:
    """A design with a designer's art on every head: PNG (with transparency) and SVG in turn,
    each pointing left (a light wedge at the front), written into ``folder``."""
    from rushmore_print.design import load_design

    image = Image.new("RGBA", (200, 360), (0, 0, 0, 0))
    image.paste((70, 50, 40, 255), (20, 30, 190, 350))  # a dark bust
    image.paste((240, 220, 200, 255), (0, 150, 70, 230))  # a light face at the front, to the box's edge
    image.save(folder / "head.png")
    (folder / "head.svg").write_text(ART_SVG)
    heads = ", ".join(f"{{name: {name}, art: head.{'png' if i % 2 == 0 else 'svg'}}}" for i, name in enumerate("ABCD"))
    design = folder / "art.yaml"
    design.write_text(
        f"name: Art Faces\nheads: [{heads}]\ndirections: [left, right]\n"
        "search: {seed: 7, red_counts: {0: 8, 1: 8, 2: 8}}\nprint: {card: poker, orientation: landscape}\n"
    )
    return load_design(design)


def render_head(symbol, key, dpi: float, width_mm: float, background=(1.0, 1.0, 1.0)) -> Image.Image:
    """One head drawing alone, its box ``width_mm`` wide, on a ``background`` just the box's size."""
    from rushmore_print.layout.heads import HEAD_BOX
    from rushmore_print.layout.items import Page, Rect, Shape, Use
    from rushmore_print.layout.items import Path as ItemPath
    from rushmore_print.render.png import render_page

    s = width_mm / HEAD_BOX.width
    page_rect = Rect(0.0, 0.0, HEAD_BOX.width * s, HEAD_BOX.height * s)
    place = (s, 0.0, 0.0, s, -HEAD_BOX.x * s, -HEAD_BOX.y * s)
    items = (Shape(ItemPath.rect(page_rect), fill=background), Use(key, place))
    return render_page(Page(page_rect.width, page_rect.height, items), {key: symbol}, dpi)


def head_pixels(symbol, key, dpi: float, width_mm: float) -> tuple[int, int, list[tuple[int, int, int]]]:
    """(width, height, [(x, y, grey)]): the pixels the head itself covers, in grey. A pixel is the
    head's when drawing the head on white and on black gives the same grey (background and
    half-covered edge pixels differ), so no background can count as light or dark mass."""
    on_white = render_head(symbol, key, dpi, width_mm, (1.0, 1.0, 1.0)).convert("L")
    on_black = render_head(symbol, key, dpi, width_mm, (0.0, 0.0, 0.0)).convert("L")
    w, h = on_white.size
    white, black = on_white.tobytes(), on_black.tobytes()
    found = [(i % w, i // w, a) for i, (a, b) in enumerate(zip(white, black)) if abs(a - b) <= 16]
    return w, h, found


def light_front_cue(symbol, key, dpi: float = 30.0, width_mm: float = 20.8) -> float:
    """How far the light mass of a head (grey 160 and up: face, neck, shirt) sits in front of its
    dark mass (under 110: hair, coat, outline, a red head's red), as a share of the head box's
    width, seen at ``dpi``: the cue that tells a head's facing at arm's length. Positive: light
    in front (the front is the left for facing 0). 20.8 mm is a classic card's head."""
    w, _, pixels = head_pixels(symbol, key, dpi, width_mm)
    light = [x for x, _, g in pixels if g >= 160]
    dark = [x for x, _, g in pixels if g < 110]
    if not light or not dark:
        return 0.0
    ahead = (sum(dark) / len(dark) - sum(light) / len(light)) / w
    return ahead if key.facing == 0 else -ahead


def protanopia_image(image: Image.Image) -> Image.Image:
    """``image`` as a protanope sees it (``colors.protanopia`` on every colour)."""
    from rushmore_print.colors import protanopia

    rgb = image.convert("RGB")
    cache: dict = {}
    out = []
    for p in rgb.get_flattened_data():
        found = cache.get(p)
        if found is None:
            r, g, b = protanopia((p[0] / 255, p[1] / 255, p[2] / 255))
            found = cache[p] = (round(r * 255), round(g * 255), round(b * 255))
        out.append(found)
    result = Image.new("RGB", rgb.size)
    result.putdata(out)
    return result


def red_cue_pdf(design: Design) -> bytes:
    """Two per-card pages: a Search card with no red head, and the same card with every head red."""
    n = len(design.heads)
    frame = card_frame(design)
    faces = [
        search_face(design, SearchCard("S01", (0,) * n, (red,) * n, "M01", Level.BASIC), frame) for red in (False, True)
    ]
    return render_pdf(Document("red", tuple(card_pages(frame, faces)), symbols(design)))


def red_cue(design: Design, dpi: int = 30) -> tuple[float, float]:
    """(greyscale, protanopia): the share of a Search card's pixels that change by more than 48
    levels when every head turns red, at ``dpi``: how strongly red reads without colour."""
    pdf = red_cue_pdf(design)
    grey = differing_share(*rasterise(pdf, dpi))
    plain, red = (protanopia_image(page) for page in rasterise(pdf, dpi, gray=False))
    protan = differing_share(plain, red)
    return grey, protan
