"""Drawing items: what the renderers draw, in millimetres, y pointing up (as in PDF).

A layout is a tuple of items, drawn in order (later items cover earlier ones). What each item
means, which every renderer (``render/pdf.py``, ``render/png.py``, ``render/rawpdf.py``) draws
the same way, to within anti-aliasing (``tests/test_renderers.py`` compares their pixels):

- ``Shape``: its path filled by ``fill_rule`` (even-odd unless it says nonzero: see
  ``geometry.FillRule``), then stroked centred on the path, ``stroke_mm`` wide, with round
  joins and round caps; ``dash_mm`` lengths alternate on and off from the path's start (phase
  0), each dash with its round caps. ``fill_opacity`` and ``stroke_opacity`` below 1 let what
  is below show through (the fill and the stroke each once, where the path overlaps itself
  too); PDF/X-1a, which allows no transparency, prints such a colour as it shows over white.
- ``Text``: one line in one of the shipped faces, its baseline at ``y``; ``anchor`` says
  whether ``x`` is where the text starts, its middle or its end. No wrapping, no kerning.
- ``Image``: the image file in ``box``: ``CONTAIN`` scales it to fit inside, proportions kept,
  centred; ``STRETCH`` fills the box exactly. Transparent pixels let what is below show.
- ``Group``: its items with ``matrix`` applied, then clipped to ``clip`` (a path in the group's
  parent's coordinates, so a clip stays put whatever the matrix does). Mirroring is a group
  with a negative x scale.
- ``Use``: the symbol ``key`` of the document, as if its items were a ``Group`` with ``matrix``;
  renderers may draw a symbol once and reuse it.
"""

from __future__ import annotations

import enum
import functools
import math
import re
from collections.abc import Hashable, Sequence
from dataclasses import field

from ..colors import BLACK as BLACK  # re-exported: layouts take colours from here
from ..colors import WHITE as WHITE
from ..colors import Color, parse_hex
from ..frozen import frozen_dataclass, hashed_once
from ..geometry import IDENTITY as IDENTITY
from ..geometry import KAPPA, ellipse
from ..geometry import FillRule as FillRule
from ..geometry import Matrix as Matrix
from ..geometry import apply as apply
from ..geometry import multiply as multiply
from ..geometry import scale_of as scale_of
from ..units import MM_PER_PT
from .fonts import Font

rgb = parse_hex  # layouts name fixed colours as hex


def translate(dx: float, dy: float) -> Matrix:
    """The transform that moves by ``(dx, dy)`` millimetres.

    >>> apply(translate(5, -2), 1.0, 1.0)
    (6.0, -1.0)
    """
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def place(source: Rect, x: float, y: float, factor: float) -> Matrix:
    """The transform that scales ``source`` by ``factor`` and puts its lower left corner at (x, y).

    >>> apply(place(Rect(10, 20, 100, 180), 5, 6, 0.5), 10, 20)
    (5.0, 6.0)
    """
    return multiply(multiply(translate(-source.x, -source.y), scale(factor)), translate(x, y))


def scale(sx: float, sy: float | None = None) -> Matrix:
    """The transform that scales by ``sx`` across and ``sy`` (default: ``sx``) up; a negative ``sx`` mirrors.

    >>> apply(scale(2), 1.0, 3.0), apply(scale(-1, 1), 4.0, 1.0)
    ((2.0, 6.0), (-4.0, 1.0))
    """
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float) -> Matrix:
    """Counter-clockwise rotation; multiples of 90 are exact.

    >>> rotate(90), apply(rotate(180), 1.0, 2.0)
    ((0.0, 1.0, -1.0, 0.0, 0.0, 0.0), (-1.0, -2.0))
    """
    quarter = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}.get(round(degrees) % 360)
    cos, sin = (
        quarter
        if quarter and degrees == round(degrees)
        else (math.cos(math.radians(degrees)), math.sin(math.radians(degrees)))
    )
    return (float(cos), float(sin), float(-sin), float(cos), 0.0, 0.0)


@frozen_dataclass
class Rect:
    """A box in millimetres: its lower left corner (y points up) and its size.

    >>> box = Rect(10, 20, 63, 88)
    >>> box.right, box.top, box.grow(3)
    (73, 108, Rect(x=7, y=17, width=69, height=94))
    """

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """The x of the right edge.

        >>> Rect(10, 20, 63, 88).right
        73
        """
        return self.x + self.width

    @property
    def top(self) -> float:
        """The y of the top edge (y points up).

        >>> Rect(10, 20, 63, 88).top
        108
        """
        return self.y + self.height

    def grow(self, by: float) -> Rect:
        """The box with every edge moved out by ``by`` (in, when negative): a trim box plus its bleed.

        >>> Rect(0, 0, 63, 88).grow(3), Rect(0, 0, 63, 88).grow(-5).width
        (Rect(x=-3, y=-3, width=69, height=94), 53)
        """
        return Rect(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)

    def contains(self, other: Rect, tolerance: float = 1e-6) -> bool:
        """True if ``other`` lies inside this box (edges may touch, within ``tolerance``).

        >>> Rect(0, 0, 10, 10).contains(Rect(2, 2, 8, 8)), Rect(0, 0, 10, 10).contains(Rect(5, 5, 8, 8))
        (True, False)
        """
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )

    def overlaps(self, other: Rect) -> bool:
        """True if the two boxes share some area (touching edges do not count).

        >>> Rect(0, 0, 10, 10).overlaps(Rect(9, 9, 5, 5)), Rect(0, 0, 10, 10).overlaps(Rect(10, 0, 5, 5))
        (True, False)
        """
        return other.x < self.right and self.x < other.right and other.y < self.top and self.y < other.top


@hashed_once  # a key of the layout's caches, hashed thousands of times a build
@frozen_dataclass
class Path:
    """Path commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",).

    >>> Path.parse("M0 0 L10 0 L10 5 Z") == Path.polygon([(0.0, 0.0), (10.0, 0.0), (10.0, 5.0)])
    True
    """

    commands: tuple[tuple, ...]

    @staticmethod
    def polygon(points: list[tuple[float, float]] | tuple, closed: bool = True) -> Path:
        """The path through ``points`` in order, closed unless ``closed`` is False.

        >>> Path.polygon([(0, 0), (4, 0), (0, 3)]).commands
        (('M', 0, 0), ('L', 4, 0), ('L', 0, 3), ('Z',))
        """
        commands = [("M", *points[0])] + [("L", *p) for p in points[1:]]
        return Path(tuple(commands + ([("Z",)] if closed else [])))

    @staticmethod
    def rect(rect: Rect) -> Path:
        """The closed outline of a box, counter-clockwise from its lower left corner.

        >>> Path.rect(Rect(0, 0, 2, 1)).commands
        (('M', 0, 0), ('L', 2, 0), ('L', 2, 1), ('L', 0, 1), ('Z',))
        """
        return Path.polygon([(rect.x, rect.y), (rect.right, rect.y), (rect.right, rect.top), (rect.x, rect.top)])

    @staticmethod
    def circle(cx: float, cy: float, r: float) -> Path:
        """A closed circle of four cubic curves, centred at ``(cx, cy)``.

        >>> Path.circle(0, 0, 1).commands[:2]
        (('M', 1, 0), ('C', 1, 0.5523, 0.5523, 1, 0, 1))
        """
        return Path(ellipse(cx, cy, r, r))

    @staticmethod
    def oval(rect: Rect) -> Path:
        """The ellipse that fills ``rect``, of four cubic curves from its rightmost point.

        >>> Path.oval(Rect(0, 0, 4, 2)).commands[0]
        ('M', 4.0, 1.0)
        """
        return Path(ellipse(rect.x + rect.width / 2, rect.y + rect.height / 2, rect.width / 2, rect.height / 2))

    @staticmethod
    def rounded(rect: Rect, radius: float, top_only: bool = False) -> Path:
        """A rectangle with rounded corners (or only its top corners rounded: an arch).

        >>> len(Path.rounded(Rect(0, 0, 10, 5), 1.0).commands), len(Path.rounded(Rect(0, 0, 10, 5), 1.0, True).commands)
        (10, 7)
        """
        r, k = radius, radius * KAPPA
        x0, y0, x1, y1 = rect.x, rect.y, rect.right, rect.top
        bottom = (
            [("M", x0, y0), ("L", x1, y0)]
            if top_only
            else [("M", x0 + r, y0), ("L", x1 - r, y0), ("C", x1 - r + k, y0, x1, y0 + r - k, x1, y0 + r)]
        )
        top = [
            ("L", x1, y1 - r),
            ("C", x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1),
            ("L", x0 + r, y1),
            ("C", x0 + r - k, y1, x0, y1 - r + k, x0, y1 - r),
        ]
        left = [] if top_only else [("L", x0, y0 + r), ("C", x0, y0 + r - k, x0 + r - k, y0, x0 + r, y0)]
        return Path(tuple(bottom + top + left + [("Z",)]))

    @staticmethod
    def parse(text: str) -> Path:
        """Path data in a compact SVG-like form: ``M x y``, ``L x y``, ``C x1 y1 x2 y2 x y``, ``Z``
        (absolute coordinates only; a letter may be followed by several coordinate groups).

        >>> Path.parse("M0 0 L10 0 10 5 Z").commands
        (('M', 0.0, 0.0), ('L', 10.0, 0.0), ('L', 10.0, 5.0), ('Z',))
        """
        sizes = {"M": 2, "L": 2, "C": 6, "Z": 0}
        commands: list[tuple] = []
        for op, numbers in re.findall(r"([MLCZ])([^MLCZ]*)", text):
            values = [float(v) for v in re.findall(r"-?[0-9.]+", numbers)]
            size = sizes[op]
            if size == 0:
                commands.append(("Z",))
                continue
            if not values or len(values) % size:
                raise ValueError(f"{op} takes {size} numbers at a time, got {len(values)} in {text!r}")
            for i in range(0, len(values), size):
                commands.append((op if op != "M" or i == 0 else "L", *values[i : i + size]))
        return Path(tuple(commands))

    @staticmethod
    def line(x1: float, y1: float, x2: float, y2: float) -> Path:
        """The open path of one straight line.

        >>> Path.line(0, 0, 3, 4).commands
        (('M', 0, 0), ('L', 3, 4))
        """
        return Path((("M", x1, y1), ("L", x2, y2)))

    def points(self) -> list[tuple[float, float]]:
        """Every end and control point (the convex hull of these bounds the path).

        >>> Path.parse("M0 0 C1 2 3 4 5 6").points()
        [(0.0, 0.0), (1.0, 2.0), (3.0, 4.0), (5.0, 6.0)]
        """
        found = []
        for command in self.commands:
            coords = command[1:]
            found += [(coords[i], coords[i + 1]) for i in range(0, len(coords), 2)]
        return found

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - paths are frozen values; the heads repeat on every card
    def flattened(self, steps: int = 12) -> list[list[tuple[float, float]]]:
        """Polygons approximating the path (curves cut into ``steps`` segments), for raster output."""
        polygons: list[list[tuple[float, float]]] = []
        current: list[tuple[float, float]] = []
        for command in self.commands:
            op = command[0]
            if op == "M":
                if len(current) > 1:
                    polygons.append(current)
                current = [command[1:3]]
            elif op == "L":
                current.append(command[1:3])
            elif op == "C":
                x0, y0 = current[-1]
                x1, y1, x2, y2, x3, y3 = command[1:]
                for i in range(1, steps + 1):
                    t = i / steps
                    u = 1 - t
                    current.append(
                        (
                            u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                            u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3,
                        )
                    )
        if len(current) > 1:
            polygons.append(current)
        return polygons


class Anchor(enum.Enum):
    """Where a ``Text``'s ``x`` is: the start of the line, its middle, or its end.

    >>> Text(44.45, 10, "Mount Rushmore", 12, anchor=Anchor.MIDDLE).anchor.value
    'middle'
    """

    START = "start"
    MIDDLE = "middle"
    END = "end"


@hashed_once  # a key of the layout's caches, hashed thousands of times a build
@frozen_dataclass
class Shape:
    """A path filled and/or stroked (see the module's notes for how every renderer draws it).

    >>> shape = Shape(Path.rect(Rect(0, 0, 10, 5)), fill=rgb("#746a5f"), stroke=BLACK, stroke_mm=1.0)
    >>> item_bounds(shape, {})
    Rect(x=-0.5, y=-0.5, width=11.0, height=6.0)
    """

    path: Path
    fill: Color | None = None
    stroke: Color | None = None
    stroke_mm: float = 0.0
    dash_mm: tuple[float, ...] | None = None
    fill_rule: FillRule = FillRule.EVEN_ODD  # the built-in drawings cut their holes this way
    fill_opacity: float = 1.0
    stroke_opacity: float = 1.0


@frozen_dataclass
class Text:
    """One line of text in a shipped face, its baseline at ``y``, its size in points.

    >>> label = Text(10, 5, "S21", 9.0, anchor=Anchor.END)
    >>> label.font.pdf_name, round(item_bounds(label, {}).right, 6)
    ('RushmoreSans', 10.0)
    """

    x: float
    y: float  # baseline
    text: str
    size_pt: float
    color: Color = BLACK
    font: Font = Font.REGULAR
    anchor: Anchor = Anchor.START


class ImageFit(enum.Enum):
    """How an ``Image`` fills its box: inside it, proportions kept, centred; or exactly.

    >>> [fit.value for fit in ImageFit]
    ['contain', 'stretch']
    """

    CONTAIN = "contain"  # inside the box, proportions kept, centred
    STRETCH = "stretch"  # exactly the box


@frozen_dataclass
class Image:
    """A raster image file placed in a box, as ``fit`` says.

    >>> item_bounds(Image("card.png", Rect(0, 0, 69, 94)), {})
    Rect(x=0.0, y=0.0, width=69.0, height=94.0)
    """

    path: str
    box: Rect
    fit: ImageFit = ImageFit.CONTAIN
    pixels: int = 0  # the most pixels print needs along its longer side (0: as the file is)


@frozen_dataclass
class Use:
    """Draw the symbol ``key`` (see ``Symbols``) with ``matrix``.

    >>> head = Symbol((Shape(Path.rect(Rect(0, 0, 10, 5)), fill=BLACK),), Rect(0, 0, 10, 5))
    >>> item_bounds(Use("head", scale(2)), {"head": head})
    Rect(x=0.0, y=0.0, width=20.0, height=10.0)
    """

    key: Hashable
    matrix: Matrix = IDENTITY


@frozen_dataclass
class Group:
    """Items drawn with ``matrix`` applied, clipped to ``clip`` (in the parent's coordinates).

    >>> square = Shape(Path.rect(Rect(0, 0, 10, 10)), fill=BLACK)
    >>> item_bounds(Group((square,), translate(5, 5), clip=Path.rect(Rect(0, 0, 8, 8))), {})
    Rect(x=5.0, y=5.0, width=3.0, height=3.0)
    """

    items: tuple
    matrix: Matrix = IDENTITY
    clip: Path | None = None


Item = Shape | Text | Image | Use | Group


@frozen_dataclass
class Symbol:
    """Items drawn once and reused, inside ``bbox`` (in the symbol's own millimetres).

    >>> Symbol((Shape(Path.circle(5, 5, 5), fill=BLACK),), Rect(0, 0, 10, 10)).bbox.width
    10
    """

    items: tuple
    bbox: Rect


@frozen_dataclass
class Page:
    """One page: size, items, and for per-card pages the trim and bleed boxes (mm).

    >>> page = Page(63.5, 88.9, (), trim_box=Rect(3, 3, 57.5, 82.9), bleed_box=Rect(0, 0, 63.5, 88.9))
    >>> page.trim_box.right, page.bleed_box.top
    (60.5, 88.9)
    """

    width_mm: float
    height_mm: float
    items: tuple
    trim_box: Rect | None = None
    bleed_box: Rect | None = None


@frozen_dataclass
class Document:
    """Pages plus the symbols they use; what a renderer turns into a PDF. ``pages`` may be made
    as they are reached (``layout.lazy``): a renderer goes through them once, in order.

    >>> document = Document("Mount Rushmore: cards", [Page(210.0, 297.0, ())])
    >>> document.title, len(document.pages), document.symbols
    ('Mount Rushmore: cards', 1, {})
    """

    title: str
    pages: Sequence[Page]
    symbols: dict = field(default_factory=dict, hash=False, compare=False)
    subject: str = ""  # what the file is for, as a PDF's /Subject says it (none when empty)


def _transform_rect(matrix: Matrix, rect: Rect) -> Rect:
    corners = [
        apply(matrix, x, y)
        for x, y in ((rect.x, rect.y), (rect.right, rect.y), (rect.x, rect.top), (rect.right, rect.top))
    ]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _path_box(path: Path, grow: float) -> Rect:
    """The box of a path's end and control points (which holds the curve), grown by ``grow``."""
    xs = [p[0] for p in path.points()]
    ys = [p[1] for p in path.points()]
    return Rect(min(xs) - grow, min(ys) - grow, max(xs) - min(xs) + 2 * grow, max(ys) - min(ys) + 2 * grow)


def union(rects: list[Rect]) -> Rect | None:
    """The smallest box holding every box given, or None for none.

    >>> union([Rect(0, 0, 1, 1), Rect(5, 5, 1, 2)]), union([])
    (Rect(x=0, y=0, width=6, height=7), None)
    """
    if not rects:
        return None
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.right for r in rects), max(r.top for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)


# The ink a text can put above and below its baseline, as shares of its size (DejaVu Sans
# Condensed's capitals and descenders, with room to spare): item_bounds' box for a text, and
# where the layouts set a baseline so that the ink sits where they want it.
TEXT_ASCENT, TEXT_DESCENT = 0.72, 0.22


def item_bounds(item, symbols: dict, matrix: Matrix = IDENTITY) -> Rect | None:
    """Where an item can put ink, conservatively (curve control points, symbol boxes, font
    ascent and descent), after ``matrix``; clips are honoured. Used to prove nothing leaks.

    >>> item_bounds(Shape(Path.line(0, 0, 10, 0), stroke=BLACK, stroke_mm=2.0), {}, translate(0, 5))
    Rect(x=-1.0, y=4.0, width=12.0, height=2.0)
    """
    from .fonts import text_width_mm  # local: fonts is a sibling leaf module

    if isinstance(item, Shape):
        return _transform_rect(matrix, _path_box(item.path, item.stroke_mm / 2 if item.stroke is not None else 0.0))
    if isinstance(item, Text):
        width = text_width_mm(item.text, item.size_pt, item.font)
        x = {Anchor.START: item.x, Anchor.MIDDLE: item.x - width / 2, Anchor.END: item.x - width}[item.anchor]
        size = item.size_pt * MM_PER_PT
        return _transform_rect(
            matrix, Rect(x, item.y - TEXT_DESCENT * size, width, (TEXT_ASCENT + TEXT_DESCENT) * size)
        )
    if isinstance(item, Image):
        return _transform_rect(matrix, item.box)
    if isinstance(item, Use):
        return _transform_rect(multiply(item.matrix, matrix), symbols[item.key].bbox)
    if isinstance(item, Group):
        inner = multiply(item.matrix, matrix)
        found = union([b for b in (item_bounds(i, symbols, inner) for i in item.items) if b is not None])
        if found is not None and item.clip is not None:
            clip = _transform_rect(matrix, _path_box(item.clip, 0.0))
            x0, y0 = max(found.x, clip.x), max(found.y, clip.y)
            x1, y1 = min(found.right, clip.right), min(found.top, clip.top)
            found = Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))
        return found
    raise TypeError(f"no bounds for {type(item).__name__}")


__all__ = [
    "BLACK",
    "IDENTITY",
    "WHITE",
    "Anchor",
    "Document",
    "FillRule",
    "Group",
    "Image",
    "ImageFit",
    "Item",
    "Matrix",
    "Page",
    "Path",
    "Rect",
    "Shape",
    "Symbol",
    "Text",
    "Use",
    "apply",
    "item_bounds",
    "multiply",
    "place",
    "rgb",
    "rotate",
    "scale",
    "scale_of",
    "translate",
    "union",
]
