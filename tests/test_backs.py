"""Card backs and the fronts' edges: what a print shop and a player rely on.

The geometry is measured from the layout items themselves (every renderer draws those): each
shape's outline, flattened, in millimetres on the card, against the texts' boxes.
"""

from __future__ import annotations

import dataclasses
import itertools
import math

import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat

from rushmore_print.colors import Color
from rushmore_print.design import load_design
from rushmore_print.layout.backs import PATTERN_ONLY_MM, BackArt, back_colors, back_problems, back_symbols
from rushmore_print.layout.cards import CardKind, back_face, card_frame, layout_problems, symbols
from rushmore_print.layout.heads import HeadKey
from rushmore_print.layout.items import (
    IDENTITY,
    Document,
    Group,
    Matrix,
    Path,
    Rect,
    Shape,
    Text,
    Use,
    apply,
    item_bounds,
    multiply,
)
from rushmore_print.layout.sheets import card_pages
from rushmore_print.render.pdf import render_pdf
from rushmore_print.render.png import render_page
from rushmore_print.render.rawpdf import render_raw_pdf
from rushmore_print.sizes import CARD_PRESETS
from rushmore_print.writers.build import card_faces

from .conftest import DESIGNS, MINIMAL
from .pixels import HAS_PDFTOPPM, rasterise

MIN_CLEAR_MM = 2.0  # issue 19: the title clear of every line by at least 2 mm
MIN_TITLE_CLEAR_MM = 3.0  # issue 34: and the title not tight to anything

# ----------------------------------------------------------------------------- geometry of items


@dataclasses.dataclass(frozen=True)
class Outline:
    """One flattened outline on the card: points in mm, closed or not, half its stroke's width;
    ``covers`` for a filled single polygon (what is under it is hidden) with the clips it is
    drawn through."""

    points: list
    closed: bool
    half_mm: float
    covers: bool = False
    clips: tuple = ()

    def segments(self):
        ends = self.points + self.points[:1] if self.closed else self.points
        return itertools.pairwise(ends)

    def hides(self, box: Rect) -> bool:
        """Does this fill lie over the whole of ``box`` (so that it hides what is below it)?"""
        corners = [(box.x, box.y), (box.right, box.y), (box.right, box.top), (box.x, box.top)]
        polygons = (self.points, *self.clips)
        return self.covers and all(_inside(x, y, polygon) for polygon in polygons for x, y in corners)


def _inside(x: float, y: float, polygon: list) -> bool:
    found = False
    for (x1, y1), (x2, y2) in itertools.pairwise(polygon + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            found = not found
    return found


_PATH_BOXES: dict = {}  # id of a path -> (the path, its box): the heads' paths repeat on every back


def _box_of(path: Path) -> Rect:
    found = _PATH_BOXES.get(id(path))
    if found is None or found[0] is not path:
        xs, ys = zip(*path.points(), strict=True)
        found = _PATH_BOXES[id(path)] = (path, Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return found[1]


def _moved(rect: Rect, matrix: Matrix) -> Rect:
    corners = [apply(matrix, x, y) for x in (rect.x, rect.right) for y in (rect.y, rect.top)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _bounds(item, table: dict, matrix: Matrix) -> Rect | None:
    """Where an item can draw, quickly (``item_bounds``' boxes, a path's box kept once); a group
    without a clip as wide as the card (its items are looked at one by one)."""
    if isinstance(item, Shape):
        grow = item.stroke_mm / 2 if item.stroke is not None else 0.0
        return _moved(_box_of(item.path).grow(grow), matrix)
    if isinstance(item, Use):
        return _moved(table[item.key].bbox, matrix)
    if isinstance(item, Group):
        return _moved(_box_of(item.clip), matrix) if item.clip is not None else Rect(-1e9, -1e9, 2e9, 2e9)
    return item_bounds(item, table, matrix)


def _scale_of(matrix: Matrix) -> float:
    a, b, c, d = matrix[:4]
    return math.sqrt(abs(a * d - b * c))


def outlines(items, table: dict, matrix: Matrix = IDENTITY, clips: tuple = (), keep=None):
    """Every edge the items draw, in drawing order (shape outlines, text boxes, and a clip's
    edge after what it clips), in card mm; ``keep(bounds)`` says which items to look into."""
    for item in items:
        if keep is not None and not keep(_bounds(item, table, matrix)):
            continue
        if isinstance(item, Shape):
            closed = item.fill is not None or any(command[0] == "Z" for command in item.path.commands)
            half = item.stroke_mm / 2 * _scale_of(matrix) if item.stroke is not None else 0.0
            polygons = item.path.flattened()
            covers = item.fill is not None and len(polygons) == 1
            for polygon in polygons:
                yield Outline([apply(matrix, x, y) for x, y in polygon], closed, half, covers, clips)
        elif isinstance(item, Group):
            inner = clips
            if item.clip is not None:
                edges = [[apply(matrix, x, y) for x, y in polygon] for polygon in item.clip.flattened()]
                inner = clips + tuple(edges)
            yield from outlines(item.items, table, multiply(item.matrix, matrix), inner, keep)
            for polygon in inner[len(clips) :]:
                yield Outline(polygon, True, 0.0)
        elif isinstance(item, Use):
            yield from outlines(table[item.key].items, table, multiply(item.matrix, matrix), clips, keep)
        elif isinstance(item, Text):
            box = item_bounds(item, table, matrix)
            corners = [(box.x, box.y), (box.right, box.y), (box.right, box.top), (box.x, box.top)]
            yield Outline(corners, True, 0.0)


def _gap(a: Rect, b: Rect) -> float:
    return math.hypot(max(a.x - b.right, b.x - a.right, 0.0), max(a.y - b.top, b.y - a.top, 0.0))


def _point_to_rect(x: float, y: float, r: Rect) -> float:
    return math.hypot(max(r.x - x, 0.0, x - r.right), max(r.y - y, 0.0, y - r.top))


def _point_to_segment(px: float, py: float, a: tuple, b: tuple) -> float:
    (ax, ay), (bx, by) = a, b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
    return math.hypot(px - ax - t * (bx - ax), py - ay - t * (by - ay))


def _crosses(a: tuple, b: tuple, r: Rect) -> bool:
    """Liang-Barsky: does segment a-b pass through the rectangle?"""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - r.x), (dx, r.right - a[0]), (-dy, a[1] - r.y), (dy, r.top - a[1])):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return t0 <= t1


def segment_to_rect(a: tuple, b: tuple, r: Rect) -> float:
    if _crosses(a, b, r):
        return 0.0
    corners = ((r.x, r.y), (r.right, r.y), (r.right, r.top), (r.x, r.top))
    return min(_point_to_rect(*a, r), _point_to_rect(*b, r), *(_point_to_segment(*c, a, b) for c in corners))


def _region_to_rect(polygon: list, box: Rect) -> float:
    """How far the area inside ``polygon`` keeps from ``box`` (0 where they meet)."""
    corners = ((box.x, box.y), (box.right, box.y), (box.right, box.top), (box.x, box.top))
    if any(_inside(x, y, polygon) for x, y in corners):
        return 0.0
    return min(segment_to_rect(a, b, box) for a, b in itertools.pairwise(polygon + polygon[:1]))


def clearance_mm(text: Text, items, table: dict) -> float:
    """How near a visible edge of anything else comes to the box of ``text`` (the box the
    layout holds it to: its width, ascent and descent). Edges under a later fill that covers
    the whole box are hidden; drawn later, the text itself is left out."""
    box = item_bounds(text, table)
    others = [item for item in items if item is not text]
    found = math.inf

    def near(bounds: Rect | None) -> bool:  # farther items can neither come near nor cover the box
        return bounds is not None and _gap(bounds, box) < MIN_TITLE_CLEAR_MM + 1.0

    for outline in reversed(list(outlines(others, table, keep=near))):
        # what a clip cuts away is not drawn: a clipped edge is no nearer than the clip's region
        floor = max((_region_to_rect(clip, box) for clip in outline.clips), default=0.0)
        for a, b in outline.segments():
            found = min(found, max(segment_to_rect(a, b, box) - outline.half_mm, floor))
        if found > 0 and outline.hides(box):
            break
    return found


def test_clearance_sees_a_line_through_or_near_a_text():
    text = Text(10, 10, "TITLE", 10.0)
    box = item_bounds(text, {})
    line = Shape(Path.line(0, box.top + 1.0, 40, box.top + 1.0), stroke=(0, 0, 0), stroke_mm=0.4)
    assert clearance_mm(text, [text, line], {}) == pytest.approx(0.8)
    across = Shape(Path.line(box.x + 1, 0, box.x + 1, 40), stroke=(0, 0, 0), stroke_mm=0.4)
    assert clearance_mm(text, [text, across], {}) <= 0.0
    behind = Shape(Path.rect(box.grow(3.0)), fill=(1, 1, 1))  # a background: its edges are 3 mm off
    assert clearance_mm(text, [behind, text], {}) == pytest.approx(3.0)


# ----------------------------------------------------------------------------- backs


def _sized(design, card: str, landscape: bool):
    short, long = CARD_PRESETS[card]
    width, height = (long, short) if landscape else (short, long)
    return dataclasses.replace(design, print=dataclasses.replace(design.print, width_mm=width, height_mm=height))


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.stem)
@pytest.mark.slow
def test_the_title_keeps_3mm_and_the_label_2mm_from_every_line_on_every_card_size(path):
    """Every back that can print (its title fits at 7 pt) keeps its title 3 mm and its label 2 mm
    clear of the keyline, the illustration and each other, on every preset, both ways round."""
    design = load_design(path)
    checked = 0
    for card, landscape in itertools.product(CARD_PRESETS, (True, False)):
        sized = _sized(design, card, landscape)
        frame = card_frame(sized)
        if back_problems(sized, frame):
            continue
        table = back_symbols(sized, frame)
        for kind in CardKind:
            face = back_face(sized, kind, frame)
            title, label = (item for item in face.items if isinstance(item, Text))
            gaps = clearance_mm(title, face.items, table), clearance_mm(label, face.items, table)
            assert gaps[0] >= MIN_TITLE_CLEAR_MM and gaps[1] >= MIN_CLEAR_MM, (card, landscape, kind, gaps)
            checked += 2
    assert checked >= 4 * len(CARD_PRESETS)  # most sizes print this design's backs


def test_a_card_too_small_for_its_backs_is_refused_in_words(write_design):
    """In a medallion 9 mm inside the trim a 30 x 20 mm card has no room for title and kind clear
    of the lines: validation says so (build would refuse it), instead of printing them on the
    keyline; a 48 x 40 mm card prints its backs, the illustration left out for want of room."""
    text = MINIMAL.replace("name: Test", "name: T") + "print: {card: {width: 30mm, height: 20mm}}"
    small = load_design(write_design(text))
    problems = layout_problems(small, card_frame(small))
    assert any("card is too small for its backs" in problem for problem in problems), problems
    square = dataclasses.replace(small, print=dataclasses.replace(small.print, width_mm=48.0, height_mm=40.0))
    frame = card_frame(square)
    assert layout_problems(square, frame) == []
    table = back_symbols(square, frame)
    for kind in CardKind:
        face = back_face(square, kind, frame)
        for text in (item for item in face.items if isinstance(item, Text)):
            assert clearance_mm(text, face.items, table) >= MIN_CLEAR_MM
        picture = table[BackArt(kind)].items[1]
        assert len(picture.items) <= 2  # the window's grounds only


MISCUTS_MM = ((1, 0), (-1, 0), (0, 1), (0, -1))
EDGE_STRIP_MM = PATTERN_ONLY_MM - 1.0  # what a player compares of a card cut 1 mm off: its edges


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.stem)
def test_a_1mm_miscut_in_any_direction_changes_no_back_more_than_another(path):
    """Cut 1 mm off left, right, up or down, a back's edges look as a true cut's: the strip along
    each side a player would compare keeps its mean grey to 2 levels of 255 (the full-bleed
    pattern, nothing else, lies there). The old backs' panel 6 mm in changed a strip by 16."""
    design = load_design(path)
    frame = card_frame(design)
    table = symbols(design)
    px = 5  # 127 dpi: 5 pixels a millimetre
    strip = round(EDGE_STRIP_MM * px)
    bleed, width, height = (round(v * px) for v in (frame.bleed_mm, frame.width_mm, frame.height_mm))
    assert frame.bleed_mm >= 1.0
    for kind in CardKind:
        image = render_page(card_pages(frame, [back_face(design, kind, frame)])[0], table, 127).convert("L")

        def edges(dx: int, dy: int, image: Image.Image = image) -> list[float]:
            x, y = bleed + dx * px, bleed - dy * px  # the cut moved right by dx, up by dy (mm)
            boxes = ((x, y, x + strip, y + height), (x + width - strip, y, x + width, y + height),
                     (x, y, x + width, y + strip), (x, y + height - strip, x + width, y + height))  # fmt: skip
            return [ImageStat.Stat(image.crop(box)).mean[0] for box in boxes]

        true = edges(0, 0)
        for dx, dy in MISCUTS_MM:
            change = max(abs(a - b) for a, b in zip(edges(dx, dy), true))
            assert change <= 2.0, (kind, (dx, dy), change)


def test_a_back_with_its_title_on_the_keyline_is_caught(classic):
    """The check above sees the old back's fault: the title about 2 mm under the frame line."""
    frame = card_frame(classic)
    face = back_face(classic, CardKind.MONUMENT, frame)
    title = next(item for item in face.items if isinstance(item, Text))
    box = item_bounds(title, {})
    keyline = Shape(Path.rounded(box.grow(1.5), 2.0), stroke=(1, 1, 1), stroke_mm=0.5)
    assert clearance_mm(title, [*face.items, keyline], back_symbols(classic, frame)) < MIN_CLEAR_MM


def _used_keys(items, table: dict) -> set:
    found: set = set()
    for item in items:
        if isinstance(item, Use):
            found |= {item.key} | _used_keys(table[item.key].items, table)
        elif isinstance(item, Group):
            found |= _used_keys(item.items, table)
    return found


def test_every_card_of_a_kind_has_the_same_back_and_it_shows_no_card(classic, classic_deck):
    faces = card_faces(classic, classic_deck)
    backs = {kind: {id(back) for front, back in faces if front.kind is kind} for kind in CardKind}
    assert all(len(found) == 1 for found in backs.values())
    table = symbols(classic)
    for kind in CardKind:
        back = back_face(classic, kind, card_frame(classic))
        texts = [item.text for item in back.items if isinstance(item, Text)]
        assert texts == ["MOUNT RUSHMORE", kind.name]
        # no head drawing of the fronts, no flip marker: a back refers to no card's art
        assert not any(isinstance(key, (HeadKey, str)) for key in _used_keys(back.items, table))
    monument, search = (back_face(classic, kind, card_frame(classic)) for kind in CardKind)
    assert monument.items != search.items


# One card size by default (junior, the quickest); every size in the full run (.ci/check).
MISCUT_DESIGNS = [pytest.param(path, marks=() if path.stem == "junior" else pytest.mark.slow) for path in DESIGNS]


@pytest.mark.parametrize("path", MISCUT_DESIGNS, ids=lambda p: p.stem)
def test_a_back_survives_a_miscut(path):
    """The ground and its pattern run into the bleed; the medallion and the texts stay 8 mm
    inside the trim even on a card cut 1 mm off (``MEDALLION_MM``): nothing but the pattern
    within 8 mm of the trim, on every size."""
    design = load_design(path)
    checked = 0
    for card, landscape in itertools.product(CARD_PRESETS, (True, False)):
        sized = _sized(design, card, landscape)
        frame = card_frame(sized)
        if back_problems(sized, frame):  # refused at validate and build, in words (tested below)
            continue
        table = symbols(sized)
        checked += 1
        for kind in CardKind:
            items = back_face(sized, kind, frame).items
            assert item_bounds(items[0], table) == frame.bleed
            assert item_bounds(items[1], table) == frame.bleed  # the pattern, clipped to the bleed
            keep_in = frame.trim.grow(-PATTERN_ONLY_MM - 1.0)
            for item in items[2:]:
                assert keep_in.contains(item_bounds(item, table), tolerance=1e-6), (card, kind, item)
            assert frame_lines(items, table, frame, within=PATTERN_ONLY_MM + 1.0) == []
    assert checked >= len(CARD_PRESETS)  # most sizes print this design's backs


def _near(pixel: tuple, color: Color, tolerance: int = 24) -> bool:
    return all(abs(p - round(c * 255)) <= tolerance for p, c in zip(pixel, color, strict=False))


@pytest.mark.parametrize("bleed_mm", [None, 0.0, 10.0])
@pytest.mark.slow
def test_the_pattern_reaches_the_bleed_edge(classic, bleed_mm):
    """On every side, the outermost millimetre of the printed back shows the pattern as well
    as the band (a vendor's bleed, none or the most a design may ask, alike)."""
    frame = card_frame(classic, bleed_mm)
    table = symbols(classic)
    dpi = 150
    edge = max(1, round(1.0 / 25.4 * dpi))
    for kind in CardKind:
        colors = back_colors(classic.style, kind)
        image = render_page(card_pages(frame, [back_face(classic, kind, frame)])[0], table, dpi).convert("RGB")
        w, h = image.size
        for side, box in {"bottom": (0, h - edge, w, h), "top": (0, 0, w, edge), "left": (0, 0, edge, h),
                          "right": (w - edge, 0, w, h)}.items():  # fmt: skip
            strip = image.crop(box)
            pixels = [strip.getpixel((x, y)) for x in range(strip.width) for y in range(strip.height)]
            pattern = sum(_near(p, colors.pattern) for p in pixels) / len(pixels)
            band = sum(_near(p, colors.band) for p in pixels) / len(pixels)
            assert pattern > 0.03 and band > 0.3, (kind, side, pattern, band)


def test_the_backs_draw_their_art_once_a_document(classic):
    """The illustration and the pattern are symbols: a sheet of nine backs names them, it does
    not repeat them (the classic PDFs stay small)."""
    frame = card_frame(classic)
    table = symbols(classic)
    for kind in CardKind:
        back = back_face(classic, kind, frame)
        assert sum(isinstance(item, Use) for item in back.items) == 1
        assert len(_used_keys(back.items, table)) == 2  # the art and one pattern tile


# ----------------------------------------------------------------------------- the fronts' edges


FRONT_EDGE_MM = 6.0  # no front draws a frame nearer the trim than this (the backs: PATTERN_ONLY_MM)


def frame_lines(face_items, table: dict, frame, within: float = FRONT_EDGE_MM) -> list:
    """What a mis-cut shows as a margin wider on one side than the other: a line (a stroke)
    along a trim side over a quarter of its length, or the edge of a fill over most of it (a
    band), nearer to the trim than ``within``."""
    found = []
    w, h = frame.width_mm, frame.height_mm
    inner = frame.trim.grow(-within)
    for outline in outlines(face_items, table, keep=lambda bounds: bounds is not None and not inner.contains(bounds)):
        share = 0.25 if outline.half_mm > 0 else 0.6
        for (x1, y1), (x2, y2) in outline.segments():
            dx, dy = abs(x2 - x1), abs(y2 - y1)
            if dy <= 0.02 * dx and dx >= share * w:
                inside = min(y1, h - y1)
            elif dx <= 0.02 * dy and dy >= share * h:
                inside = min(x1, w - x1)
            else:
                continue
            if -outline.half_mm < inside < within - 1e-6:
                found.append(((x1, y1), (x2, y2)))
    return found


def test_no_face_draws_a_line_a_miscut_would_show(classic, classic_deck):
    """Never an outline round a card: no front or back has a long line or band edge along a
    trim side nearer to it than the back's 6 mm band (the old safe-line frame was 3.175 mm in)."""
    frame = card_frame(classic)
    table = symbols(classic)
    faces = card_faces(classic, classic_deck)
    # one Monument, a Search card with 0, 1 and 2 red heads, both backs: all that differs among the rest is the heads
    fronts = {front.card_id: front for front, _ in faces}
    sample = [faces[0][0], faces[0][1], faces[-1][1]]
    sample += [fronts[next(c.id for c in classic_deck.search if c.red_count == n)] for n in (0, 1, 2)]
    for face in sample:
        assert frame_lines(face.items, table, frame) == [], face.card_id
    old_frame = Shape(Path.rounded(frame.safe, 2.2), stroke=(1, 1, 1), stroke_mm=0.35)
    assert len(frame_lines((old_frame,), table, frame)) == 4


def test_a_miscut_of_1mm_shows_the_same_margins_on_a_monument(classic, classic_deck):
    """Cut 1 mm off: the two sides of a front differ only where the art differs, not by a frame."""
    frame = card_frame(classic)
    front = card_faces(classic, classic_deck)[0][0]
    image = render_page(card_pages(frame, [front])[0], symbols(classic), 100).convert("L")
    dpi_mm = 100 / 25.4
    b = frame.bleed_mm
    left = image.crop((round((b + 1) * dpi_mm), 0, round((b + 6) * dpi_mm), image.height))
    right = image.crop(
        (round((b + frame.width_mm - 6) * dpi_mm), 0, round((b + frame.width_mm - 1) * dpi_mm), image.height)
    )
    assert _vertical_edges(left) == 0 and _vertical_edges(right) == 0


def _vertical_edges(strip: Image.Image) -> int:
    """Columns of the strip where a long vertical line runs: most rows change sharply there."""
    width, height = strip.size
    pixels = strip.load()
    found = 0
    for x in range(1, width):
        jumps = sum(abs(pixels[x, y] - pixels[x - 1, y]) > 40 for y in range(height))
        found += jumps > 0.5 * height
    return found


def test_an_export_asks_for_no_more_bleed_than_a_design_may(runner, tmp_path):
    """The backs' pattern reaches 10 mm past the trim: the most bleed a design may ask for, and
    so the most an export may ask for too."""
    from rushmore_print.cli.commands import cli

    result = runner.invoke(cli, ["export", "png", "--bleed", "11mm", "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert "11mm is more bleed than any printer needs; allowed: 0 to 10mm" in result.output
    assert not any(tmp_path.iterdir())


@pytest.mark.slow
@pytest.mark.skipif(not HAS_PDFTOPPM, reason="needs pdftoppm (poppler-utils)")
def test_the_three_renderers_draw_the_backs_alike(classic):
    """reportlab's PDF, the raw PDF writer and the PNG renderer give the same backs (the test
    of tests/test_renderers.py, on the real ones: clips, the band's lines, the toned heads).
    The band's thin lines over the whole card differ along their edges more than a front does
    (a mean of 3-4 levels at 150 dpi against 2): only shapes in another place fail."""
    frame = card_frame(classic)
    pages = tuple(card_pages(frame, [back_face(classic, kind, frame) for kind in CardKind]))
    document = Document("backs", pages, symbols(classic))
    dpi = 150
    reportlab, raw = (rasterise(render(document), dpi, gray=False) for render in (render_pdf, render_raw_pdf))
    for index, page in enumerate(pages):
        drawn = {
            "reportlab PDF": reportlab[index].convert("RGB"),
            "raw PDF": raw[index].convert("RGB"),
            "PNG": render_page(page, document.symbols, dpi),
        }
        width, height = (min(image.size[i] for image in drawn.values()) for i in (0, 1))
        for (a, first), (b, second) in itertools.combinations(drawn.items(), 2):
            assert abs(first.width - second.width) <= 1 and abs(first.height - second.height) <= 1, (a, b)
            # pdftoppm rounds a page's size up, the PNG renderer to the nearest pixel
            difference = ImageChops.difference(first.crop((0, 0, width, height)), second.crop((0, 0, width, height)))
            assert max(ImageStat.Stat(difference).mean) <= 5.0, (a, b, index)
            blobs = difference.convert("L").point(lambda v: 255 if v > 64 else 0).filter(ImageFilter.MinFilter(5))
            assert blobs.getbbox() is None, (a, b, index, blobs.getbbox())
