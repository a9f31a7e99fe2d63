"""Draw a layout :class:`Document` into PDF bytes with reportlab.

Pages are drawn in millimetres (one scale at the top of each page). Symbols become Form XObjects,
defined once and reused on every page. ``invariant=1`` makes the bytes reproducible.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from ..layout.items import Anchor, Document, Group, Image, Item, Page, Rect, Shape, Text, Use
from ..units import PT_PER_MM


def render_pdf(document: Document, cmyk: bool = False) -> bytes:
    """The PDF of ``document``. With ``cmyk`` every colour is converted to CMYK and reportlab
    refuses any RGB colour, so a print shop's CMYK-only check passes."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, enforceColorSpace="cmyk" if cmyk else None)
    canvas.setTitle(document.title)
    canvas.setAuthor("rushmore-print")
    canvas.setCreator("rushmore-print")
    painter = _Painter(canvas, document.symbols, cmyk)
    painter.define_forms(_used_keys(document.pages))
    for page in document.pages:
        painter.page(page)
    canvas.save()
    return buffer.getvalue()


def form_name(key: object) -> str:
    """A stable PDF name for a symbol key."""
    text = "".join(ch if ch.isalnum() else "_" for ch in repr(key))
    return f"sym_{text}"


def _used_keys(items: Iterable) -> list:
    found: dict = {}

    def walk(things: Iterable) -> None:
        for item in things:
            if isinstance(item, (Page, Group)):
                walk(item.items)
            elif isinstance(item, Use):
                found.setdefault(item.key, None)

    walk(items)
    return list(found)


class _Painter:
    def __init__(self, canvas: Canvas, symbols: dict, cmyk: bool):
        self.canvas = canvas
        self.symbols = symbols
        self.cmyk = cmyk

    def define_forms(self, keys: list) -> None:
        pending = list(keys)
        defined: set = set()
        while pending:  # symbols may use symbols; define every one reached
            key = pending.pop(0)
            if key in defined:
                continue
            defined.add(key)
            symbol = self.symbols[key]
            pending += [k for k in _used_keys(symbol.items) if k not in defined]
            box = symbol.bbox
            self.canvas.beginForm(form_name(key), box.x, box.y, box.right, box.top)
            self.draw(symbol.items)
            self.canvas.endForm()

    def page(self, page: Page) -> None:
        c = self.canvas
        c.setPageSize((page.width_mm * PT_PER_MM, page.height_mm * PT_PER_MM))
        for box, setter in ((page.trim_box, c.setTrimBox), (page.bleed_box, c.setBleedBox)):
            if box is not None:
                setter(tuple(round(v * PT_PER_MM, 3) for v in (box.x, box.y, box.right, box.top)))
        c.saveState()
        c.scale(PT_PER_MM, PT_PER_MM)
        c.setLineJoin(1)
        c.setLineCap(1)
        self.draw(page.items)
        c.restoreState()
        c.showPage()

    def draw(self, items: Iterable[Item]) -> None:
        for item in items:
            if isinstance(item, Shape):
                self.shape(item)
            elif isinstance(item, Text):
                self.text(item)
            elif isinstance(item, Use):
                self.canvas.saveState()
                self.canvas.transform(*item.matrix)
                self.canvas.doForm(form_name(item.key))
                self.canvas.restoreState()
            elif isinstance(item, Group):
                self.group(item)
            elif isinstance(item, Image):
                self.image(item)
            else:
                raise TypeError(f"cannot draw {type(item).__name__}")

    def color(self, rgb: tuple, fill: bool) -> None:
        c = self.canvas
        if self.cmyk:
            colour = CMYKColor(*rgb_to_cmyk(rgb))
            c.setFillColor(colour) if fill else c.setStrokeColor(colour)
        else:
            c.setFillColorRGB(*rgb) if fill else c.setStrokeColorRGB(*rgb)

    def path(self, shape_path):
        p = self.canvas.beginPath()
        for command in shape_path.commands:
            op = command[0]
            if op == "M":
                p.moveTo(*command[1:])
            elif op == "L":
                p.lineTo(*command[1:])
            elif op == "C":
                p.curveTo(*command[1:])
            else:
                p.close()
        return p

    def shape(self, shape: Shape) -> None:
        c = self.canvas
        if shape.fill is not None:
            self.color(shape.fill, fill=True)
        stroke = shape.stroke is not None and shape.stroke_mm > 0
        if shape.stroke is not None and stroke:
            self.color(shape.stroke, fill=False)
            c.setLineWidth(shape.stroke_mm)
            c.setDash(list(shape.dash_mm) if shape.dash_mm else [])
        c.drawPath(self.path(shape.path), stroke=int(stroke), fill=int(shape.fill is not None), fillMode=0)

    def text(self, text: Text) -> None:
        c = self.canvas
        self.color(text.color, fill=True)
        c.setFont(text.font.value, text.size_pt / PT_PER_MM)
        draw = {Anchor.START: c.drawString, Anchor.MIDDLE: c.drawCentredString, Anchor.END: c.drawRightString}[
            text.anchor
        ]
        draw(text.x, text.y, text.text)

    def group(self, group: Group) -> None:
        c = self.canvas
        c.saveState()
        if group.clip is not None:  # the clip is in the parent's coordinates, as in layout.items
            c.clipPath(self.path(group.clip), stroke=0, fill=0)
        c.transform(*group.matrix)
        self.draw(group.items)
        c.restoreState()

    def image(self, image: Image) -> None:
        c = self.canvas
        box: Rect = image.box
        c.saveState()
        if image.mirror:
            c.transform(-1, 0, 0, 1, 2 * box.x + box.width, 0)
        c.drawImage(image.path, box.x, box.y, box.width, box.height, mask="auto", preserveAspectRatio=True)
        c.restoreState()


def rgb_to_cmyk(rgb: tuple) -> tuple[float, float, float, float]:
    """Naive device conversion (no ICC profile): enough for flat card colours."""
    r, g, b = rgb
    k = 1 - max(r, g, b)
    if k >= 1:
        return 0.0, 0.0, 0.0, 1.0
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    return round(c, 4), round(m, 4), round(y, 4), round(k, 4)
