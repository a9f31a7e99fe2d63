"""Draw layout items into a Pillow image: the raster twin of ``render/pdf.py``.

Everything is drawn at twice the target resolution and reduced, for smooth edges. Text uses the
same TrueType files the PDFs embed (``typeface``), so both draw the same glyphs.
"""

from __future__ import annotations

import functools
import itertools
import math

from PIL import Image, ImageChops, ImageDraw, ImageFont

from ..layout.fonts import Font
from ..layout.items import Anchor, FillRule, Group, ImageFit, Matrix, Page, Shape, Text, Use, apply, multiply, scale_of
from ..layout.items import Image as ImageItem
from ..units import MM_PER_PT, mm_to_px
from .art import art_image

SUPERSAMPLE = 2
_SEEN_ONCE = object()  # a tile's key in the cache: drawn once, not kept (yet)
# The most bytes of tiles one run keeps: the least recently pasted give way (drawn again when
# next used, the same pixels). A deck's heads at 300 dpi are about 31 tiles of 1.3 MB and a card
# uses 4 (issue 33: the tiles had grown to 40 MB of export png's peak; with 8 MB the export's
# largest process peaks at 96 MB, with 16 MB at 105 MB).
_TILE_BUDGET = 8 << 20


@functools.lru_cache(maxsize=512)
def _font(font: Font, size_px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font.path), size_px)


def render_page(
    page: Page, symbols: dict, dpi: float, tiles: dict | None = None, size: tuple[int, int] | None = None
) -> Image.Image:
    """An RGB image of ``page`` at ``dpi``, with the dpi recorded for saving.

    ``size``: the page drawn to fill exactly these pixels instead (a vendor's own image size, a
    hair off the page's at ``dpi``), each axis scaled to fit, so nothing is resampled afterwards.

    ``tiles``: a dict kept across the pages of one run. Each symbol of shapes alone is drawn once
    a size and place within a pixel, and pasted from there: a deck's 220 heads are 23 drawings.

    >>> from rushmore_print.layout.items import Path, Rect, Shape, rgb
    >>> square = Shape(Path.rect(Rect(0, 0, 12.7, 12.7)), fill=rgb("#d32f2f"))
    >>> image = render_page(Page(25.4, 12.7, (square,)), {}, dpi=100)
    >>> image.size, image.info["dpi"], image.getpixel((10, 10)), image.getpixel((90, 10))
    ((100, 50), (100, 100), (211, 47, 47), (255, 255, 255))
    >>> render_page(Page(25.4, 12.7, (square,)), {}, dpi=100, size=(50, 25)).size
    (50, 25)
    """
    if size is None:
        width, height = round(mm_to_px(page.width_mm, dpi)), round(mm_to_px(page.height_mm, dpi))
        scale_x = scale_y = mm_to_px(1.0, dpi) * SUPERSAMPLE
    else:
        width, height = size
        scale_x, scale_y = width * SUPERSAMPLE / page.width_mm, height * SUPERSAMPLE / page.height_mm
    canvas = Image.new("RGB", (width * SUPERSAMPLE, height * SUPERSAMPLE), "white")
    # page mm (y up) -> pixels (y down)
    to_px: Matrix = (scale_x, 0.0, 0.0, -scale_y, 0.0, height * SUPERSAMPLE)
    _Painter(canvas, symbols, {} if tiles is None else tiles).draw(page.items, to_px)
    image = canvas.reduce(SUPERSAMPLE)
    image.info["dpi"] = (dpi, dpi)
    return image


class _Painter:
    def __init__(self, canvas: Image.Image, symbols: dict, tiles: dict, clear: bool = False):
        self.canvas = canvas
        self.draw_ = ImageDraw.Draw(canvas)
        self.symbols = symbols
        self.tiles = tiles
        self.clear = clear  # a clear RGBA tile or layer that nothing has been drawn on yet

    def draw(self, items, matrix: Matrix) -> None:
        for item in items:
            if isinstance(item, Group) and self.clear and item.clip is not None:
                self.clipped_in_place(item, matrix)
                continue
            self.clear = False
            if isinstance(item, Shape):
                self.shape(item, matrix)
            elif isinstance(item, Text):
                self.text(item, matrix)
            elif isinstance(item, Use):
                self.use(item, multiply(item.matrix, matrix))
            elif isinstance(item, Group):
                self.group(item, matrix)
            elif isinstance(item, ImageItem):
                self.image(item, matrix)
            else:
                raise TypeError(f"cannot draw {type(item).__name__}")

    def shape(self, shape: Shape, matrix: Matrix) -> None:
        polygons = [[apply(matrix, x, y) for x, y in polygon] for polygon in shape.path.flattened()]
        closed = any(command[0] == "Z" for command in shape.path.commands)
        if shape.fill is not None:
            colour = _rgb(shape.fill)
            filled = [polygon for polygon in polygons if len(polygon) >= 3]
            if shape.fill_rule is FillRule.NONZERO or shape.fill_opacity < 1:
                self._fill_by_rule(filled, colour, shape.fill_rule, shape.fill_opacity)
            elif len(filled) == 1:
                self.draw_.polygon(filled[0], fill=colour)
            elif filled:
                self._fill_even_odd(filled, colour)
        if shape.stroke is not None and shape.stroke_mm > 0:
            scale = scale_of(matrix)
            width = max(1, round(shape.stroke_mm * scale))
            dashes = [d * scale for d in shape.dash_mm] if shape.dash_mm else None
            if shape.stroke_opacity >= 1:
                _stroke(self.draw_, polygons, closed, width, dashes, _rgb(shape.stroke), (0, 0))
                return
            # Translucent: the whole stroke drawn into a mask first, so where its dashes, joins
            # and caps overlap it is laid down once, as a PDF strokes it.
            box = self._box(polygons, width)
            if box is not None:
                mask = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
                _stroke(ImageDraw.Draw(mask), polygons, closed, width, dashes, 255, (box[0], box[1]))
                self._lay(mask, box, _rgb(shape.stroke), shape.stroke_opacity)

    def use(self, use: Use, matrix: Matrix) -> None:
        """A symbol, pasted from its tile. Shapes are drawn without anti-aliasing (that comes
        from the supersampling), so a tile's alpha is 0 or 255 and pasting it puts down exactly
        the pixels drawing would. Symbols with text or images are drawn in place."""
        symbol = self.symbols[use.key]
        if not _shapes_only(symbol.items, self.symbols):
            self.draw(symbol.items, matrix)
            return
        box = symbol.bbox
        corners = [apply(matrix, x, y) for x in (box.x, box.right) for y in (box.y, box.top)]
        left = math.floor(min(x for x, _ in corners)) - 1
        top = math.floor(min(y for _, y in corners)) - 1
        right = math.ceil(max(x for x, _ in corners)) + 1
        bottom = math.ceil(max(y for _, y in corners)) + 1
        a, b, c, d, e, f = matrix
        local: Matrix = (a, b, c, d, e - left, f - top)  # the same drawing a whole pixel further on
        # the symbol's identity too, so that a dict shared by mistake across symbol tables never
        # pastes another table's drawing (the entry holds the symbol, so its id stays its own)
        key = (use.key, id(symbol), local, right - left, bottom - top)
        found = self.tiles.get(key)
        if found is None or found is _SEEN_ONCE:
            tile = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
            _Painter(tile, self.symbols, self.tiles, clear=True).draw(symbol.items, local)
            # kept from its second use on: a drawing used once (a card's back, 20 MB at 300 dpi)
            # would otherwise stay for the whole export (issue 33: export png peaked at 177 MB)
            if found is _SEEN_ONCE:
                self._keep(key, symbol, tile)
            else:
                self.tiles[key] = _SEEN_ONCE
        else:
            tile = found[1]
            self.tiles[key] = self.tiles.pop(key)  # the most recently pasted last
        if self.canvas.mode == "RGBA":  # a tile on a tile: what is translucent in it stays so
            self.canvas.alpha_composite(tile, (left, top))
        else:
            self.canvas.paste(tile, (left, top), tile)

    def _keep(self, key: tuple, symbol, tile: Image.Image) -> None:
        """``tile`` kept under ``key``, and the least recently pasted tiles let go (seen once
        again) until the kept ones fit ``_TILE_BUDGET`` (the newest always stays)."""
        self.tiles.pop(key, None)
        self.tiles[key] = (symbol, tile)  # the newest last
        kept = [(old, found[1]) for old, found in self.tiles.items() if found is not _SEEN_ONCE]
        total = sum(image.width * image.height * 4 for _, image in kept)
        for old, image in kept[:-1]:
            if total <= _TILE_BUDGET:
                break
            self.tiles[old] = _SEEN_ONCE
            total -= image.width * image.height * 4

    def _box(self, polygons: list, grow: float = 0.0) -> tuple[int, int, int, int] | None:
        """The canvas pixels the polygons (grown by ``grow``) may touch; None when none."""
        xs = [x for polygon in polygons for x, _ in polygon]
        ys = [y for polygon in polygons for _, y in polygon]
        if not xs:
            return None
        left, top = max(0, math.floor(min(xs) - grow)), max(0, math.floor(min(ys) - grow))
        right = min(self.canvas.width, math.ceil(max(xs) + grow) + 1)
        bottom = min(self.canvas.height, math.ceil(max(ys) + grow) + 1)
        return (left, top, right, bottom) if right > left and bottom > top else None

    def _fill_by_rule(self, polygons: list, colour: tuple, rule: FillRule, opacity: float) -> None:
        box = self._box(polygons)
        if box is not None:
            self._lay(_coverage(polygons, rule, box), box, colour, opacity)

    def _lay(self, mask: Image.Image, box: tuple[int, int, int, int], colour: tuple, opacity: float) -> None:
        """``colour`` laid over the canvas where ``mask`` (an L image over ``box``) says, at
        ``opacity``: blended into an RGB page; composited (alpha included) on a clear layer."""
        if opacity < 1:
            mask = mask.point(lambda value: round(value * opacity))
        if self.canvas.mode == "RGBA":
            source = Image.new("RGBA", mask.size, colour + (0,))
            source.putalpha(mask)
            self.canvas.alpha_composite(source, (box[0], box[1]))
        else:
            self.canvas.paste(colour, box, mask)

    def _fill_even_odd(self, polygons: list, colour: tuple) -> None:
        """Several subpaths filled as PDF fills them (even-odd): an inner one cuts a hole.

        Each subpath is drawn by Pillow and the drawings XOR-ed, a few layers in all: subpaths
        that cannot overlap share a layer (drawing both is their XOR), the same pixels as one
        layer each (:func:`_even_odd_mask`). Art that would need more than ``_MOST_LAYERS``
        layers (thousands of overlapping subpaths) is filled by the scanline instead, bounded
        by the crossings of a row (readers/svg_art.py bounds those), not by the subpaths."""
        box = self._box(polygons)
        if box is None:
            return
        left, top, right, bottom = box
        mask = _even_odd_mask(polygons, box)
        if mask is None:
            self._lay(_coverage(polygons, FillRule.EVEN_ODD, box), box, colour, 1.0)
            return
        solid = colour + (255,) if self.canvas.mode == "RGBA" else colour
        self.canvas.paste(solid, (left, top, right, bottom), mask)

    def text(self, text: Text, matrix: Matrix) -> None:
        scale = scale_of(matrix)
        size = text.size_pt * MM_PER_PT * scale
        font = _font(text.font, max(1, round(size)))
        x, y = apply(matrix, text.x, text.y)
        anchor = {Anchor.START: "ls", Anchor.MIDDLE: "ms", Anchor.END: "rs"}[text.anchor]
        self.draw_.text((x, y), text.text, font=font, fill=_rgb(text.color), anchor=anchor)

    def group(self, group: Group, matrix: Matrix, in_place: bool = False) -> None:
        inner = multiply(group.matrix, matrix)
        if group.clip is None or self._covers_canvas(group.clip, matrix):
            self.draw(group.items, inner)
            return
        if in_place:
            self.draw(group.items, inner)
            # what lies outside the clip made clear: one mask the canvas's size, where the clip
            # as a mask times the canvas's alpha took three (a back's tile: 15 MB at 300 dpi)
            outside = Image.new("L", self.canvas.size, 255)
            outside_draw = ImageDraw.Draw(outside)
            for polygon in group.clip.flattened():
                outside_draw.polygon([apply(matrix, x, y) for x, y in polygon], fill=0)
            self.canvas.paste((0, 0, 0, 0), (0, 0), outside)
            return
        # Drawn on a clear layer, then laid on the page through the clip: where the group draws
        # nothing, what is below shows (as in a PDF), instead of the layer's own background. The
        # layer covers the clip's box alone, the drawing moved by whole pixels onto it (as a
        # tile is): a Search card's head slot is a sixth of its canvas (issue 33: each slot's
        # layer, mask and copy were 33 MB at 300 dpi).
        clip = [[apply(matrix, x, y) for x, y in polygon] for polygon in group.clip.flattened()]
        box = self._box(clip)
        if box is None:  # the clip is off the canvas: nothing of the group shows
            return
        left, top, right, bottom = box
        a, b, c, d, e, f = inner
        layer = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
        painter = _Painter(layer, self.symbols, self.tiles, clear=True)
        painter.draw(group.items, (a, b, c, d, e - left, f - top))
        mask = Image.new("L", layer.size, 0)
        mask_draw = ImageDraw.Draw(mask)
        for polygon in clip:
            mask_draw.polygon([(x - left, y - top) for x, y in polygon], fill=255)
        mask = ImageChops.multiply(mask, layer.getchannel("A"))
        if self.canvas.mode == "RGBA":  # composited, so a translucent part stays translucent
            layer.putalpha(mask)
            self.canvas.alpha_composite(layer, (left, top))
        else:
            self.canvas.paste(layer.convert(self.canvas.mode), (left, top), mask)

    def clipped_in_place(self, group: Group, matrix: Matrix) -> None:
        """A clipped group drawn first on a clear RGBA canvas: drawn on it directly, then its
        alpha cut by the clip. The same pixels a layer composited onto the clear canvas gives
        (over nothing, compositing leaves the layer as it is), without the layer and its
        composite, each as large as the canvas (a back's band tile is 20 MB at 300 dpi)."""
        self.clear = False
        self.group(group, matrix, in_place=True)

    def _covers_canvas(self, clip, matrix: Matrix) -> bool:
        points = [apply(matrix, x, y) for x, y in clip.points()]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        w, h = self.canvas.size
        return min(xs) <= 0.5 and min(ys) <= 0.5 and max(xs) >= w - 0.5 and max(ys) >= h - 0.5

    def image(self, item: ImageItem, matrix: Matrix) -> None:
        corners = [apply(matrix, x, y) for x, y in ((item.box.x, item.box.y), (item.box.right, item.box.top))]
        x0, x1 = sorted(c[0] for c in corners)
        y0, y1 = sorted(c[1] for c in corners)
        art = art_image(item.path, item.pixels)
        if matrix[0] < 0:  # drawn inside a mirroring group
            art = art.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        box_w, box_h = max(1, round(x1 - x0)), max(1, round(y1 - y0))
        if item.fit is ImageFit.STRETCH:
            size = (box_w, box_h)
        else:  # inside the box, proportions kept, scaling up as well as down
            fit = min(box_w / art.width, box_h / art.height)
            size = (max(1, round(art.width * fit)), max(1, round(art.height * fit)))
        art = art.resize(size, Image.Resampling.LANCZOS)
        left = round(x0 + (box_w - art.width) / 2)
        top = round(y0 + (box_h - art.height) / 2)
        self.canvas.paste(art, (left, top), art)


def _stroke(draw: ImageDraw.ImageDraw, polygons: list, closed: bool, width: int, dashes: list | None, colour,
            origin: tuple[int, int]) -> None:  # fmt: skip
    """Polylines ``width`` pixels wide with round joins and caps, dashed if ``dashes``, drawn
    with their coordinates less ``origin``."""
    radius = width / 2
    ox, oy = origin
    for polygon in polygons:
        points = polygon + polygon[:1] if closed else polygon
        if origin != (0, 0):
            points = [(x - ox, y - oy) for x, y in points]
        for run in _dashed(points, dashes) if dashes else [points]:
            draw.line(run, fill=colour, width=width)
            if width > 2:  # round joins and caps, as the PDF draws them: no notch at any vertex
                for x, y in run:
                    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)


_MOST_LAYERS = 32  # of _even_odd_mask; more, and the scanline fills the shape
_FEW_LAYERS = 4  # subpaths or fewer: a layer each


def _even_odd_mask(polygons: list, box: tuple[int, int, int, int]) -> Image.Image | None:
    """A 1-bit mask over ``box``: the polygons drawn by Pillow and XOR-ed, many on one layer.

    A grid of cells as large as nine subpaths in ten (their pixels' box, a pixel around their
    points); a subpath that fits a cell touches its own and the cells after it, so the k-th
    subpath of each cell whose column and row are both even (or odd, even and odd...) can share a
    layer: their pixels never meet, and drawing them together is their XOR. A larger subpath is
    a layer of its own. None when that takes more than ``_MOST_LAYERS`` layers.

    >>> square = [(0, 0), (8, 0), (8, 8), (0, 8)]
    >>> inner = [(2, 2), (6, 2), (6, 6), (2, 6)]  # Pillow fills the pixels its right edge runs on too
    >>> list(_even_odd_mask([square, inner], (0, 0, 9, 9)).convert("L").tobytes()[36:45])
    [255, 255, 0, 0, 0, 0, 0, 255, 255]
    """
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    if len(polygons) <= _FEW_LAYERS:  # a shape and its holes: a layer each, as many as sharing would need
        alone = [[[(x - left, y - top) for x, y in polygon]] for polygon in polygons]
        return _xor_layers(alone, (width, height))
    found = []  # each polygon moved onto the box, and the pixels it may touch there
    floor, ceil = math.floor, math.ceil  # (10,000 subpaths: every microsecond a subpath is 10 ms)
    for polygon in polygons:
        moved = [(x - left, y - top) for x, y in polygon]
        xs, ys = zip(*moved)
        x0, y0 = max(0, floor(min(xs)) - 1), max(0, floor(min(ys)) - 1)
        x1, y1 = min(width - 1, ceil(max(xs)) + 1), min(height - 1, ceil(max(ys)) + 1)
        if x0 <= x1 and y0 <= y1:  # else off the box: it draws nothing there
            found.append((moved, x0, y0, max(x1 - x0, y1 - y0) + 1))
    sides = sorted(side for *_, side in found)
    cell = sides[len(sides) * 9 // 10] if sides else 1  # most subpaths fit a cell
    layers: dict[tuple, list[list[tuple[float, float]]]] = {}
    counts: dict[tuple[int, int], int] = {}
    for number, (moved, x0, y0, side) in enumerate(found):
        if side > cell:  # a large one: a layer of its own
            key: tuple = (number,)
        else:  # a cell's k-th subpath: on layer (k, the cell's column and row, each odd or even)
            place = (x0 // cell, y0 // cell)
            counts[place] = counts.get(place, -1) + 1
            key = (counts[place], place[0] & 1, place[1] & 1)
        layers.setdefault(key, []).append(moved)
        if len(layers) > _MOST_LAYERS:
            return None
    return _xor_layers(list(layers.values()), (width, height))


def _xor_layers(layers: list[list[list[tuple[float, float]]]], size: tuple[int, int]) -> Image.Image:
    """The layers' polygons XOR-ed, each layer's drawn together (they never overlap)."""
    mask = Image.new("1", size, 0)
    for drawn in layers:
        layer = Image.new("1", mask.size, 0)
        pen = ImageDraw.Draw(layer)
        for moved in drawn:
            pen.polygon(moved, fill=1)
        mask = ImageChops.logical_xor(mask, layer)
    return mask


def _coverage(polygons: list, rule: FillRule, box: tuple[int, int, int, int]) -> Image.Image:
    """An L mask over ``box``: 255 where a pixel's centre is inside the polygons by ``rule``.

    A scanline fill of its own, because Pillow fills a polygon even-odd only: each row's
    crossings, sorted, with the winding number counted from the left. Where the rows hold many
    crossings (more than one in four pixels, counting the rows to come as the present one), the
    same pixels come from the winding numbers instead (:func:`_dense_coverage`), in time bounded
    by the edges' extents and the box's area rather than rows times crossings.

    >>> square = [(0, 0), (4, 0), (4, 4), (0, 4)]
    >>> inner = [(1, 1), (3, 1), (3, 3), (1, 3)]  # the same way round: nonzero fills it
    >>> list(_coverage([square, inner], FillRule.NONZERO, (0, 0, 4, 4)).tobytes()[4:8])
    [255, 255, 255, 255]
    >>> list(_coverage([square, inner], FillRule.EVEN_ODD, (0, 0, 4, 4)).tobytes()[4:8])
    [255, 0, 0, 255]
    """
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    edges = _edges(polygons)
    data = bytearray(width * height)
    active: list[tuple] = []
    waiting = 0
    nonzero = rule is FillRule.NONZERO
    crossed, most = 0, width * height // 4
    for row in range(height):
        y = top + row + 0.5
        while waiting < len(edges) and edges[waiting][0] <= y:
            active.append(edges[waiting])
            waiting += 1
        active = [edge for edge in active if edge[1] > y]
        crossed += len(active)
        if crossed + len(active) * (height - row - 1) > most:  # dense rows, so far and if this one is the rule
            return _dense_coverage(edges, rule, box)
        crossings = sorted((edge[2] + (y - edge[0]) * edge[3], edge[4]) for edge in active)
        winding = 0
        for (x, direction), (next_x, _) in itertools.pairwise(crossings):
            winding += direction
            if (winding != 0) if nonzero else (winding % 2):
                start = max(0, math.ceil(x - left - 0.5))
                end = min(width, math.ceil(next_x - left - 0.5))
                if end > start:
                    data[row * width + start : row * width + end] = b"\xff" * (end - start)
    return Image.frombytes("L", (width, height), bytes(data))


def _edges(polygons: list) -> list[tuple[float, float, float, float, int]]:
    """The polygons' edges, each closed, horizontal ones left out, sorted: (top y, bottom y,
    x at top y, dx per dy, +1 down / -1 up)."""
    edges = []
    for polygon in polygons:
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
            if y0 == y1:
                continue
            direction = 1 if y1 > y0 else -1
            if y0 > y1:
                x0, y0, x1, y1 = x1, y1, x0, y0
            edges.append((y0, y1, x0, (x1 - x0) / (y1 - y0), direction))
    edges.sort()
    return edges


def _rows_crossed(edge: tuple, top: int, height: int) -> tuple[int, int]:
    """The rows (first, past the last) of a box ``height`` rows from ``top`` whose pixel centres
    the edge crosses: ``y0 <= top + row + 0.5 < y1``, as the scanline takes it.

    >>> _rows_crossed((1.5, 3.2, 0.0, 0.0, 1), 0, 10), _rows_crossed((-5.0, 99.0, 0.0, 0.0, 1), 0, 10)
    ((1, 3), (0, 10))
    """

    def first_at_or_below(y: float) -> int:
        if not y > top + 0.5:  # also for a y far above the box
            return 0
        if not y <= top + height - 0.5:
            return height
        row = max(0, min(height, math.ceil(y - top - 0.5)))
        while row > 0 and top + (row - 1) + 0.5 >= y:
            row -= 1
        while row < height and top + row + 0.5 < y:
            row += 1
        return row

    first, last = first_at_or_below(edge[0]), first_at_or_below(edge[1])
    return first, max(first, last)


def _dense_coverage(edges: list, rule: FillRule, box: tuple[int, int, int, int]) -> Image.Image:
    """What the scanline of :func:`_coverage` fills, from winding numbers: a crossing at ``x``
    adds its direction to every pixel from ``ceil(x - left - 0.5)`` on, as the scanline's span
    from it does, so a pixel's winding number is the sum over the crossings that start at or
    before it, and each row is summed across in C (``itertools.accumulate``). A steep edge (less
    than a pixel across in four rows) is cut into runs of rows that start at the same pixel,
    their ends found by bisection, each run two changes of the rows' sums: a zigzag of 14,500
    edges each the box's height is some 30,000 runs, not 14 million crossings (0.1 s, not 6 s).
    The others cross each row once, as in the scanline, at a third of its cost a crossing."""
    left, top, right, bottom = box
    width, height = right - left, bottom - top
    changes: list[list[tuple[int, int]]] = [[] for _ in range(height + 1)]
    flat = []  # the edges crossed row by row
    for edge in edges:
        y0, y1, x0, slope, direction = edge
        if abs(slope) >= 0.25 or y1 - y0 < 8:
            flat.append(edge)
            continue
        first, last = _rows_crossed(edge, top, height)

        def column(row: int, x0: float = x0, y0: float = y0, slope: float = slope) -> int:
            # the scanline's own arithmetic, to the bit, clamped to the columns that matter
            return min(width, max(0, math.ceil(x0 + (top + row + 0.5 - y0) * slope - left - 0.5)))

        row = first
        while row < last:  # a run a column, its end found by bisection (the column never turns back)
            at = column(row)
            low, high = row, last  # column(low) == at; column(high) != at, or high is past the edge
            if slope:  # first probes: about where the edge reaches the pixel boundary
                x = x0 + (top + row + 0.5 - y0) * slope
                if slope > 0:
                    guess = row + math.floor(max(-1.0, min(height, (at + left + 0.5 - x) / slope))) + 1
                else:
                    guess = row + math.ceil(max(-1.0, min(height, (at - 0.5 + left - x) / slope)))
                for near in (guess - 1, guess):
                    if low < near < high:
                        if column(near) == at:
                            low = near
                        else:
                            high = near
            while high - low > 1:
                middle = (low + high) // 2
                if column(middle) == at:
                    low = middle
                else:
                    high = middle
            changes[row].append((at, direction))
            changes[high].append((at, -direction))
            row = high
    sums = [0] * (width + 1)  # the steep edges' crossings by the pixel they start at (the last: none)
    line = bytes(width)
    lines = []
    odd = (1).__and__
    active: list[tuple] = []
    waiting = 0
    for row in range(height):
        y = top + row + 0.5
        while waiting < len(flat) and flat[waiting][0] <= y:  # as the scanline takes them (sorted)
            active.append(flat[waiting])
            waiting += 1
        if active:
            active = [edge for edge in active if edge[1] > y]
        for at, step in changes[row]:
            sums[at] += step
        if active:  # the flat edges' crossings added to a copy of the row's
            counted = sums.copy()
            for y0, _, x0, slope, direction in active:
                at = math.ceil(x0 + (y - y0) * slope - left - 0.5)
                counted[at if 0 <= at <= width else (0 if at < 0 else width)] += direction
        elif changes[row] or row == 0 or flat:
            counted = sums
        else:  # nothing changed: the line above
            lines.append(line)
            continue
        windings = itertools.accumulate(itertools.islice(counted, width))
        line = bytes(map(bool, windings) if rule is FillRule.NONZERO else map(odd, windings))
        lines.append(line)
    return Image.frombytes("L", (width, height), b"".join(lines).translate(_FILLED))


_FILLED = bytes([0, 255]) + bytes(254)  # 0/1 to the mask's 0/255


def _shapes_only(items, symbols: dict) -> bool:
    """True when ``items`` hold shapes, groups of them and symbols of them, nothing else."""
    for item in items:
        if isinstance(item, Group):
            if not _shapes_only(item.items, symbols):
                return False
        elif isinstance(item, Use):
            if not _shapes_only(symbols[item.key].items, symbols):
                return False
        elif not isinstance(item, Shape):
            return False
    return True


def _rgb(color) -> tuple[int, int, int]:
    r, g, b = color
    return round(r * 255), round(g * 255), round(b * 255)


def _dashed(points: list[tuple[float, float]], pattern: list[float]) -> list[list[tuple[float, float]]]:
    """The dashes of a polyline: on and off lengths (pixels) repeated from its start, as a PDF
    dash array with phase 0 draws them.

    >>> _dashed([(0, 0), (10, 0)], [3, 2])
    [[(0, 0), (3.0, 0.0)], [(5.0, 0.0), (8.0, 0.0)]]
    """
    if not pattern or sum(pattern) <= 0:
        return [points]
    runs: list[list[tuple[float, float]]] = []
    index, left, on = 0, pattern[0], True
    current: list[tuple[float, float]] = [points[0]]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while length - done > left:
            done += left
            t = done / length
            point = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if on:
                runs.append([*current, point])
            current = [point]
            index = (index + 1) % len(pattern)
            left, on = pattern[index], not on
        left -= length - done
        if on:
            current.append((x1, y1))
        else:
            current = [(x1, y1)]
    if on and len(current) > 1:
        runs.append(current)
    return runs


__all__ = ["render_page"]
