"""Draw layout items as SVG text: the vector twin of ``render/pdf.py``, for ``export svg``, the
preview page and the browser table.

Every item means what ``layout/items.py`` says, drawn in the page's own millimetres (the
``viewBox`` is the page in mm, y turned to point up once at the root, so every matrix of the
layout is written as it is). What an SVG holds is all its own: no external reference, no script,
no font to load.

- **Text is drawn as the glyph outlines of the shipped TrueType files** (each line of words
  defined once and reused), placed by the same advance widths the layout measured, without kerning or
  shaping, as ``layout/items.py`` asks. A data: URL ``@font-face`` would need every viewer to
  load the font before drawing: Chromium draws the fallback font until it has (a screenshot can
  catch it), resvg and most vendors' tools never read web fonts, and a browser kerns and shapes
  by default. Outlines draw identically in Chromium, Firefox, resvg, Inkscape and Illustrator,
  offline. Each text's words stay readable to a screen reader (``aria-label``).
- **Raster art** is embedded once as a data: PNG of the pixels the PNG renderer draws
  (``render/art.py``), and placed by ``<use>`` wherever it appears. SVG head art reaches this
  renderer already turned into shapes by the SVG reader, so nothing of the designer's file
  (scripts, links, styles) is ever copied.
- Symbols, texts, images and clips are definitions, written once per document. One
  :class:`SvgWriter` can draw many pages whose definitions then sit in one hidden ``<svg>``: an
  HTML page shows 57 card faces with each head drawn once.

The text is deterministic: the same items give the same bytes.
"""

from __future__ import annotations

import base64
import functools
import re
from collections.abc import Hashable
from xml.sax.saxutils import escape, quoteattr

from ..layout.fonts import Font
from ..layout.items import (
    Anchor,
    FillRule,
    Group,
    ImageFit,
    Matrix,
    Page,
    Path,
    Rect,
    Shape,
    Text,
    Use,
)
from ..layout.items import Image as ImageItem
from ..readers.truetype import Contour, quadratic_segments
from ..typeface import metrics, text_width_mm
from ..units import MM_PER_PT
from .art import art_image
from .encode import png_bytes

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"  # xlink:href: SVG 2's plain href is unknown to older editors
# Characters XML 1.0 does not allow anywhere (a name reaches an aria-label): dropped
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def svg_document(page: Page, symbols: dict, title: str = "") -> str:
    """A standalone SVG file of ``page``: its size in mm, its own definitions, nothing external.

    >>> from rushmore_print.layout.items import Path, Rect, Shape, rgb
    >>> page = Page(20, 10, (Shape(Path.rect(Rect(0, 0, 20, 5)), fill=rgb("#d32f2f")),))
    >>> print(svg_document(page, {}))  # doctest: +NORMALIZE_WHITESPACE
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
         width="20mm" height="10mm" viewBox="0 0 20 10">
    <g transform="matrix(1 0 0 -1 0 10)">
    <path d="M0 0L20 0L20 5L0 5Z" fill="#d32f2f" fill-rule="evenodd"/>
    </g>
    </svg>
    """
    writer = SvgWriter(symbols)
    body = writer.body(page)
    head = f"<title>{_text(title)}</title>\n" if title else ""
    definitions = writer.definitions()
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}" width="{_n(page.width_mm)}mm" '
        f'height="{_n(page.height_mm)}mm" viewBox="0 0 {_n(page.width_mm)} {_n(page.height_mm)}">\n'
        + head
        + (f"<defs>\n{definitions}</defs>\n" if definitions else "")
        + body
        + "</svg>\n"
    )


class SvgWriter:
    """Draws pages as SVG, collecting what they share (symbols, texts, images, clips) as
    definitions, each written once however many pages use it.

    ``prefix`` starts every id it writes, so that writers whose SVGs share one HTML page
    never clash. For an HTML page: :meth:`inline` for each page (an ``<svg>`` element without
    definitions), then :meth:`hidden_definitions` once, anywhere on the same page.

    >>> from rushmore_print.layout.items import Path, Rect, Shape, Symbol, Use, rgb
    >>> dot = Symbol((Shape(Path.circle(1, 1, 1), fill=rgb("#000000")),), Rect(0, 0, 2, 2))
    >>> writer = SvgWriter({"dot": dot}, prefix="t")
    >>> pages = [writer.inline(Page(4, 4, (Use("dot"),))) for _ in range(2)]
    >>> pages[0] == pages[1], pages[0].count("#t-s0"), writer.hidden_definitions().count('id="t-s0"')
    (True, 1, 1)
    """

    def __init__(self, symbols: dict, prefix: str = "r") -> None:
        self.symbols = symbols
        self.prefix = prefix
        self._ids: dict[Hashable, str] = {}  # what is defined -> its id, in the order first met
        self._defs: list[str] = []  # each definition's markup, in the same order

    def body(self, page: Page) -> str:
        """The page's drawing: one group that turns the page's y up, holding its items.

        >>> from rushmore_print.layout.items import Path, Rect, Shape, Symbol, Use, rgb
        >>> dot = Symbol((Shape(Path.circle(1, 1, 1), fill=rgb("#000000")),), Rect(0, 0, 2, 2))
        >>> print(SvgWriter({"dot": dot}, prefix="t").body(Page(4, 4, (Use("dot"),))), end="")
        <g transform="matrix(1 0 0 -1 0 4)">
        <use xlink:href="#t-s0"/>
        </g>
        """
        lines: list[str] = []
        self._items(page.items, lines)
        return f'<g transform="matrix(1 0 0 -1 0 {_n(page.height_mm)})">\n' + "".join(lines) + "</g>\n"

    def inline(self, page: Page, attributes: str = "") -> str:
        """An ``<svg>`` element of ``page`` for an HTML page (its definitions: see
        :meth:`hidden_definitions`); ``attributes`` are added to the element as they are.

        >>> print(SvgWriter({}).inline(Page(4, 4, ()), 'class="card"').splitlines()[0])
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="..." viewBox="0 0 4 4" class="card">
        """
        extra = f" {attributes}" if attributes else ""
        return (
            f'<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}" viewBox="0 0 {_n(page.width_mm)} '
            f'{_n(page.height_mm)}"{extra}>\n' + self.body(page) + "</svg>\n"
        )

    def definitions(self) -> str:
        """Every definition the pages drawn so far use, in the order they were first met.

        >>> from rushmore_print.layout.items import Path, Rect, Shape, Symbol, Use, rgb
        >>> dot = Symbol((Shape(Path.circle(1, 1, 1), fill=rgb("#000000")),), Rect(0, 0, 2, 2))
        >>> writer = SvgWriter({"dot": dot}, prefix="t")
        >>> writer.definitions()
        ''
        >>> _ = writer.body(Page(4, 4, (Use("dot"),)))
        >>> writer.definitions().splitlines()[0]
        '<g id="t-s0">'
        """
        return "".join(self._defs)

    def hidden_definitions(self) -> str:
        """The definitions in an ``<svg>`` of no size, for the HTML page its inline pages are on
        (not ``display: none``, which would also hide the clips and texts that they use).

        >>> print(SvgWriter({}).hidden_definitions(), end="")
        <svg xmlns="..." xmlns:xlink="..." width="0" height="0" style="position:absolute" aria-hidden="true">
        <defs>
        </defs>
        </svg>
        """
        return (
            f'<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}" width="0" height="0" '
            f'style="position:absolute" aria-hidden="true">\n<defs>\n{self.definitions()}</defs>\n</svg>\n'
        )

    # -- items ------------------------------------------------------------------------------

    def _items(self, items, out: list[str]) -> None:
        for item in items:
            if isinstance(item, Shape):
                out.append(_shape(item))
            elif isinstance(item, Text):
                out.append(self._text(item))
            elif isinstance(item, Use):
                out.append(f'<use xlink:href="#{self._symbol(item.key)}"{_transform(item.matrix)}/>\n')
            elif isinstance(item, Group):
                self._group(item, out)
            elif isinstance(item, ImageItem):
                out.append(self._image(item))
            else:
                raise TypeError(f"cannot draw {type(item).__name__}")

    def _group(self, group: Group, out: list[str]) -> None:
        # The clip is in the parent's coordinates, so it goes on an outer group and the
        # matrix on an inner one: the clip stays put whatever the matrix does.
        if group.clip is not None:
            out.append(f'<g clip-path="url(#{self._clip(group.clip)})">\n')
        transform = _transform(group.matrix)
        if transform or group.clip is None:
            out.append(f"<g{transform}>\n")
        self._items(group.items, out)
        if transform or group.clip is None:
            out.append("</g>\n")
        if group.clip is not None:
            out.append("</g>\n")

    def _text(self, text: Text) -> str:
        """The text as its glyphs' outlines, set by advance widths (no kerning): one path a line
        of words, in font units, defined once however often it recurs (the heads' names on
        every card), placed by one matrix that scales it to the size and puts it on the baseline.
        (A ``<use>`` a glyph makes a browser build thousands of copies: three times slower.)"""
        x = text.x
        if text.anchor is not Anchor.START:
            width = text_width_mm(text.text, text.size_pt, text.font)
            x -= width / 2 if text.anchor is Anchor.MIDDLE else width
        outline = _outline(text.font, text.text)
        if not outline:
            return ""
        run = self._define(("text", text.font, text.text), "t", lambda ident: f'<path id="{ident}" d="{outline}"/>\n')
        factor = _n(text.size_pt * MM_PER_PT / metrics(text.font).units_per_em, 8)
        label = quoteattr(_NOT_XML.sub("", text.text))
        return (
            f'<use xlink:href="#{run}" fill="{_hex(text.color)}" '
            f'transform="matrix({factor} 0 0 {factor} {_n(x)} {_n(text.y)})" role="img" aria-label={label}/>\n'
        )

    def _image(self, item: ImageItem) -> str:
        """The art's pixels (as the PNG renderer draws them) in the box: the image is defined in
        its own pixels, y down, and one matrix puts it in the box upright."""
        key = ("image", item.path, item.pixels)
        art = art_image(item.path, item.pixels)
        if key not in self._ids:
            data = base64.b64encode(png_bytes(art, 72)).decode("ascii")
            self._define(
                key,
                "i",
                lambda ident: (
                    f'<image id="{ident}" width="{art.width}" height="{art.height}" '
                    f'preserveAspectRatio="none" xlink:href="data:image/png;base64,{data}"/>\n'
                ),
            )
        box = item.box if item.fit is ImageFit.STRETCH else _contained(item.box, art.width / art.height)
        place = (box.width / art.width, 0.0, 0.0, -box.height / art.height, box.x, box.top)
        return f'<use xlink:href="#{self._ids[key]}" transform="{_matrix(place)}"/>\n'

    # -- definitions ------------------------------------------------------------------------

    def _define(self, key: Hashable, kind: str, markup) -> str:
        """The id of ``key``, defining it (``markup(id)``) the first time it is met."""
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = f"{self.prefix}-{kind}{len(self._ids)}"
            self._defs.append(markup(found))  # may define what it uses first: order is free in <defs>
        return found

    def _symbol(self, key: Hashable) -> str:
        def markup(ident: str) -> str:
            lines: list[str] = []
            self._items(self.symbols[key].items, lines)
            return f'<g id="{ident}">\n' + "".join(lines) + "</g>\n"

        return self._define(("symbol", key), "s", markup)

    def _clip(self, path: Path) -> str:
        return self._define(
            ("clip", path), "c", lambda ident: f'<clipPath id="{ident}"><path d="{_d(path)}"/></clipPath>\n'
        )


@functools.lru_cache(maxsize=4096)
def _outline(font: Font, text: str) -> str:
    """The path data of ``text`` set in ``font`` from x = 0 on the baseline, in font units (the
    names recur on every card: each is worked out once a process).

    >>> _outline(Font.REGULAR, "l l").count("M"), _outline(Font.REGULAR, "   ")  # a space has no outline
    (2, '')
    """
    tables = metrics(font)
    pen = 0
    parts = []
    for char in text:
        parts += [_contour_d(contour, pen) for contour in tables.outline(char)]
        pen += tables.advance(char)
    return "".join(parts)


@functools.lru_cache(maxsize=4096)
def _shape(shape: Shape) -> str:
    """A shape's ``<path>``; the same shapes recur on every card (frames, mountains), so each is
    written once a process."""
    attributes = [f'd="{_d(shape.path)}"']
    if shape.fill is not None:
        attributes.append(f'fill="{_hex(shape.fill)}"')
        attributes.append('fill-rule="evenodd"' if shape.fill_rule is FillRule.EVEN_ODD else 'fill-rule="nonzero"')
        if shape.fill_opacity < 1:
            attributes.append(f'fill-opacity="{_n(shape.fill_opacity)}"')
    else:
        attributes.append('fill="none"')  # else SVG's default, black, or what a parent says
    if shape.stroke is not None and shape.stroke_mm > 0:
        attributes += [
            f'stroke="{_hex(shape.stroke)}"',
            f'stroke-width="{_n(shape.stroke_mm)}"',
            'stroke-linejoin="round" stroke-linecap="round"',
        ]
        if shape.dash_mm:
            attributes.append(f'stroke-dasharray="{" ".join(_n(v) for v in shape.dash_mm)}"')
        if shape.stroke_opacity < 1:
            attributes.append(f'stroke-opacity="{_n(shape.stroke_opacity)}"')
    return "<path " + " ".join(attributes) + "/>\n"


def _d(path: Path) -> str:
    """Path data in absolute commands, as the layout gives them.

    >>> _d(Path.parse("M0 0 L10 0 C10 5 5 10 0 10 Z"))
    'M0 0L10 0C10 5 5 10 0 10Z'
    """
    return "".join(command[0] + " ".join(_n(v) for v in command[1:]) for command in path.commands)


def _contour_d(contour: Contour, dx: int = 0) -> str:
    """A TrueType contour (quadratic, on- and off-curve points, implied on-curve midpoints
    between two off-curve ones) as SVG path data, in whole font units, moved ``dx`` along.

    >>> _contour_d([(0, 0, True), (10, 0, False), (10, 10, True)], 100)
    'M100 0Q110 0 110 10L100 0Z'
    """
    segments = quadratic_segments(contour)
    text = "".join(op + " ".join(f"{round(x) + dx} {round(y)}" for x, y in points) for op, *points in segments)
    return text + ("Z" if segments else "")


def _contained(box: Rect, aspect: float) -> Rect:
    """The largest box of proportions ``aspect`` (width / height) centred in ``box``."""
    width = min(box.width, box.height * aspect)
    height = width / aspect
    return Rect(box.x + (box.width - width) / 2, box.y + (box.height - height) / 2, width, height)


def _transform(matrix: Matrix) -> str:
    return "" if matrix == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0) else f' transform="{_matrix(matrix)}"'


def _matrix(matrix: Matrix) -> str:
    """A matrix as SVG writes it: the scale and turn to 8 places (a glyph's is 1/1000 or so,
    where 4 places would set it a few per cent off), the move to 1/10000 mm.

    >>> _matrix((0.001373291, 0.0, 0.0, 0.001373291, 9.50531, 11.6))
    'matrix(0.00137329 0 0 0.00137329 9.5053 11.6)'
    """
    return "matrix(" + " ".join([*(_n(v, 8) for v in matrix[:4]), *(_n(v) for v in matrix[4:])]) + ")"


def _n(value: float, places: int = 4) -> str:
    """Numbers short and fixed (to 1/10000 mm unless told), never in exponent notation.

    >>> _n(1.0), _n(-0.00001), _n(2.54321)
    ('1', '0', '2.5432')
    """
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _hex(color) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in color)


def _text(value: str) -> str:
    return escape(_NOT_XML.sub("", value))


__all__ = ["SvgWriter", "svg_document"]
