"""Draw a layout :class:`Document` into PDF bytes with reportlab.

Pages are drawn in millimetres (one scale at the top of each page). Symbols become Form XObjects,
defined once and reused on every page. ``invariant=1`` makes the bytes reproducible.

In CMYK, text and lines under 0.5 pt as printed (their own width times every scale around them)
take the press's one-ink colours (``CmykConverter.fine``): black text is black ink alone at any
size, rich black is for areas. A symbol drawn at two sizes where one of them makes a line that
thin (a head on a card and in the answer key's small pictures) is a form for each.
"""

from __future__ import annotations

import functools
import io
import zlib
from collections.abc import Hashable, Iterable
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFResourceDictionary,
    PDFStream,
    PDFString,
    PDFZCompress,
)
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS, Canvas

from ..colors import WHITE, mix
from ..layout.items import (
    Anchor,
    Document,
    FillRule,
    Group,
    Image,
    ImageFit,
    Item,
    Page,
    Rect,
    Shape,
    Text,
    Use,
    scale_of,
)
from ..typeface import FAMILY, Font
from ..units import PT_PER_MM
from .art import art_image, art_image_cmyk
from .colour import THIN_LINE_PT, CmykConverter, converter
from .dates import document_epoch
from .fontcheck import reportlab_font
from .rlinternals import (
    add_catalog_entry,
    binary_streams,
    document_date,
    document_of,
    end_form,
    flush,
    form_object,
    stream_pages,
)


def render_pdf(
    document: Document,
    cmyk: bool = False,
    shapes: ShapeCache | None = None,
    pdfx: bool = False,
    profile: Path | None = None,
) -> bytes:
    """The PDF of ``document`` as bytes: :func:`write_pdf` into memory.

    >>> from rushmore_print.layout.items import Page
    >>> render_pdf(Document("Blank", (Page(210.0, 297.0, ()),)))[:8]
    b'%PDF-1.3'
    """
    buffer = io.BytesIO()
    write_pdf(document, buffer, cmyk, shapes, pdfx, profile)
    return buffer.getvalue()


def write_pdf(
    document: Document,
    out: BinaryIO,
    cmyk: bool = False,
    shapes: ShapeCache | None = None,
    pdfx: bool = False,
    profile: Path | None = None,
) -> None:
    """Write the PDF of ``document`` into ``out`` (an empty, seekable binary file), each page as
    soon as it is drawn, so memory stays the same however many pages there are. With ``cmyk``
    every colour is converted to CMYK through the output profile (``profile``, else the shipped
    one: ``render.colour``), under the ink limit, and reportlab refuses any RGB colour, so a print
    shop's CMYK-only check passes; the profile is embedded as the file's output intent (PDF 1.4),
    which says what the CMYK numbers mean. ``pdfx`` also makes it PDF/X-1a:2003 (no transparency,
    the PDF/X keys). ``shapes`` carries the operators of shapes already drawn from one document to
    the next (a build passes one).

    >>> import io
    >>> from rushmore_print.layout.items import Document, Page, Path, Rect, Shape, rgb
    >>> square = Shape(Path.rect(Rect(0, 0, 12.7, 12.7)), fill=rgb("#d32f2f"))
    >>> document = Document("Red square", [Page(25.4, 12.7, (square,))])
    >>> first, again, pdfx = io.BytesIO(), io.BytesIO(), io.BytesIO()
    >>> write_pdf(document, first)
    >>> write_pdf(document, again)
    >>> first.getvalue()[:8], first.getvalue() == again.getvalue()
    (b'%PDF-1.3', True)
    >>> write_pdf(document, pdfx, pdfx=True)
    >>> pdfx.getvalue()[:8], b"/GTS_PDFXConformance (PDF/X-1a:2003)" in pdfx.getvalue()
    (b'%PDF-1.4', True)
    """
    register_fonts()
    # reportlab dates the file from SOURCE_DATE_EPOCH itself (int() of it, a traceback when it is
    # not a number): checked first, for a clear error. Unset, invariant=1 keeps 2000-01-01.
    document_epoch()
    with binary_streams():  # deflated streams as bytes, not ASCII85 text: smaller, faster
        canvas = Canvas(
            out,
            invariant=1,
            pageCompression=1,
            enforceColorSpace="cmyk" if cmyk or pdfx else None,
            initialFontName=Font.REGULAR.pdf_name,  # else every page's preamble names Helvetica, not embedded
            # Output intents came with PDF 1.4, and PDF/X-1a:2003 is PDF 1.4 at most
            pdfVersion=(1, 4) if cmyk or pdfx else None,
        )
        colours = converter(profile) if cmyk or pdfx else None
        canvas.setTitle(document.title)
        canvas.setAuthor("rushmore-print")
        canvas.setCreator("rushmore-print")
        # A CMYK file says how its colours were made where a print shop reads it (the subject).
        notes = [document.subject] if document.subject else []
        canvas.setSubject("; ".join(notes + ([colours.conversion_note] if colours is not None else [])))
        _drop_placeholders(canvas)
        stream_pages(canvas, out)
        if colours is not None:
            _add_output_intent(canvas, colours)
        if pdfx:
            _drop_placeholders(canvas, _PdfxInfo)
        painter = _Painter(
            canvas, document.symbols, colours, shapes if shapes is not None else ShapeCache(), opaque=pdfx
        )
        for page in document.pages:  # once: the pages may be made as they are reached (layout.lazy)
            painter.define_forms(_used_forms((page,)))  # before the page, so no form starts inside one
            painter.page(page)
            flush(canvas)  # into the file now: the canvas never holds more than this page
        canvas.save()


class _Info(PDFInfo):
    """reportlab's document information without its placeholders: no ``/Subject (unspecified)``
    when the document has none, no empty ``/Keywords``."""

    def entries(self, document) -> dict:
        return {
            "Title": PDFString(self.title),
            "Author": PDFString(self.author),
            "Creator": PDFString(self.creator),
            "Producer": PDFString(self.producer),
            **_subject(self),
            "CreationDate": document_date(self, document),
            "ModDate": document_date(self, document),
            "Trapped": PDFName(self.trapped),
        }

    def format(self, document):
        return PDFDictionary(self.entries(document)).format(document)


# ISO 15930-4 (PDF/X-1a:2003): the version key names the part and year; the conformance key, which
# the 2001 edition required, is kept as Acrobat and Ghostscript still write it and read it.
PDFX_VERSION = "PDF/X-1:2003"
PDFX_CONFORMANCE = "PDF/X-1a:2003"


class _PdfxInfo(_Info):
    """The document information with the keys that say which PDF/X standard the file meets."""

    def entries(self, document) -> dict:
        return {
            **super().entries(document),
            "Trapped": PDFName("False"),
            "GTS_PDFXVersion": PDFString(PDFX_VERSION),
            "GTS_PDFXConformance": PDFString(PDFX_CONFORMANCE),
        }


def _subject(info: PDFInfo) -> dict:
    return {"Subject": PDFString(info.subject)} if info.subject else {}


def _drop_placeholders(canvas: Canvas, kind: type[_Info] = _Info) -> None:
    document = document_of(canvas)
    info = kind()
    info.__dict__.update(document.info.__dict__)  # the title, subject, author and creator already set
    document.info = info


def _add_output_intent(canvas: Canvas, colours: CmykConverter) -> None:
    """The printing condition the CMYK numbers are meant for, its profile embedded once a file.
    The ``GTS_PDFX`` kind is the one print workflows (and Acrobat's output preview) read; it
    claims no PDF/X conformance by itself: only the ``GTS_PDFXVersion`` key does (``pdfx``)."""
    document = document_of(canvas)
    profile = PDFStream(PDFDictionary({"N": 4}), colours.icc, filters=[PDFZCompress])
    condition = colours.intent
    intent = {
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(condition.identifier),
        "OutputCondition": PDFString(condition.condition),
        **({"RegistryName": PDFString(condition.registry)} if condition.registry else {}),
        "Info": PDFString(condition.info),
        "DestOutputProfile": document.Reference(profile),
    }
    add_catalog_entry(document.Catalog, "OutputIntents", PDFArray([PDFDictionary(intent)]))


def register_fonts(fonts: Iterable[Font] = FAMILY) -> None:
    """The fonts as TrueType fonts: reportlab embeds a subset of each in every PDF.

    >>> register_fonts()
    >>> sorted(name for name in pdfmetrics.getRegisteredFontNames() if name.startswith("Rushmore"))
    ['RushmoreSans', 'RushmoreSans-Bold', 'RushmoreSans-Oblique']
    """
    registered = set(pdfmetrics.getRegisteredFontNames())
    for font in fonts:
        if font.pdf_name not in registered:
            pdfmetrics.registerFont(reportlab_font(font))


@functools.lru_cache(maxsize=1024)  # every card names its heads: the same few keys, thousands of times
def form_name(key: Hashable) -> str:
    """A stable PDF name for a symbol key."""
    text = "".join(ch if ch.isalnum() else "_" for ch in repr(key))
    return f"sym_{text}"


def _used_forms(items: Iterable, scale: float = 1.0) -> list[tuple[Hashable, float]]:
    """The symbols ``items`` use, each with the scale it is drawn at (``scale`` times every
    group's and the use's own), in the order first met."""
    found: dict = {}

    def walk(things: Iterable, at: float) -> None:
        for item in things:
            if isinstance(item, Page):
                walk(item.items, at)
            elif isinstance(item, Group):
                walk(item.items, at * scale_of(item.matrix))
            elif isinstance(item, Use):
                found.setdefault((item.key, _rounded(at * scale_of(item.matrix))), None)

    walk(items, scale)
    return list(found)


def _flattened(marks: tuple) -> Iterable[bool]:
    for mark in marks:
        if isinstance(mark, tuple):
            yield from _flattened(mark)
        else:
            yield mark


def _rounded(scale: float) -> float:
    return round(scale, 6)  # one key for one size, whichever order the matrices were multiplied in


def _thin(shape: Shape, scale: float) -> bool:
    return shape.stroke is not None and 0 < shape.stroke_mm * PT_PER_MM * scale < THIN_LINE_PT


class ShapeCache:
    """The PDF operators of each shape, formatted once and reused: the same mountain, frame and
    head parts recur on every card and in every file of a build.

    >>> from rushmore_print.layout.items import Path, Rect, Shape, rgb
    >>> cache = ShapeCache()
    >>> red = Shape(Path.rect(Rect(0, 0, 10, 5)), fill=rgb("#d32f2f"))
    >>> cache.ops(red, None) is cache.ops(red, None)
    True
    """

    def __init__(self) -> None:
        self._ops: dict[tuple[Shape, CmykConverter | None, bool, bool], str] = {}

    def ops(self, shape: Shape, cmyk: CmykConverter | None, opaque: bool = False, thin: bool = False) -> str:
        """The PDF operators that draw ``shape`` (its colours through ``cmyk`` when given; ``opaque``:
        any transparency flattened over white, for PDF/X-1a; ``thin``: its line is printed under
        0.5 pt, in the press's one-ink colour).

        >>> from rushmore_print.layout.items import Path, Rect, Shape, rgb
        >>> red = Shape(Path.rect(Rect(0, 0, 10, 5)), fill=rgb("#d32f2f"))
        >>> print(ShapeCache().ops(red, None))
        .827 .184 .184 rg
        0 0 m 10 0 l 10 5 l 0 5 l h
        f*
        >>> ShapeCache().ops(red, converter(None)).splitlines()[0]
        '0 .949 .9019 .1058 k'
        """
        key = (shape, cmyk, opaque, thin)
        found = self._ops.get(key)
        if found is None:
            found = self._ops[key] = _shape_ops(shape, cmyk, opaque, thin)
        return found


def _color_ops(rgb: tuple, fill: bool, cmyk: CmykConverter | None, fine: bool = False) -> str:
    """The colour operator; in CMYK, ``fine`` (small text, a thin line) in the press's one-ink colour."""
    if cmyk is not None:
        return f"{fp_str(*(cmyk.fine(rgb) if fine else cmyk.color(rgb)))} {'k' if fill else 'K'}"
    return f"{fp_str(*rgb)} {'rg' if fill else 'RG'}"


def _path_ops(path) -> str:
    names = {"M": "m", "L": "l", "C": "c"}
    return " ".join(
        f"{fp_str(*command[1:])} {names[command[0]]}" if command[0] != "Z" else "h" for command in path.commands
    )


def _shape_ops(shape: Shape, cmyk: CmykConverter | None, opaque: bool = False, thin: bool = False) -> str:
    """What reportlab would write for the shape: colours, line width and dash, path, paint
    (by the shape's fill rule, as ``drawPath(fillMode=...)``). ``opaque``: no transparency
    allowed (PDF/X-1a), so a translucent colour is written as it shows over white paper."""
    ops = []
    if shape.fill is not None:
        fill = mix(WHITE, shape.fill, shape.fill_opacity) if opaque and shape.fill_opacity < 1 else shape.fill
        ops.append(_color_ops(fill, True, cmyk))
    stroke = shape.stroke is not None and shape.stroke_mm > 0
    if shape.stroke is not None and stroke:
        line = shape.stroke
        if opaque and shape.stroke_opacity < 1:
            line = mix(WHITE, line, shape.stroke_opacity)
        ops.append(_color_ops(line, False, cmyk, thin))
        ops.append(f"{fp_str(shape.stroke_mm)} w")
        ops.append(f"[{fp_str(*shape.dash_mm)}] 0 d" if shape.dash_mm else "[] 0 d")
    ops.append(_path_ops(shape.path))
    rule = FILL_EVEN_ODD if shape.fill_rule is FillRule.EVEN_ODD else FILL_NON_ZERO
    ops.append(PATH_OPS[int(stroke), int(shape.fill is not None), rule])
    return "\n".join(ops)


class _Painter:
    def __init__(
        self, canvas: Canvas, symbols: dict, cmyk: CmykConverter | None, shapes: ShapeCache, opaque: bool = False
    ):
        self.canvas = canvas
        self.symbols = symbols
        self.cmyk = cmyk
        self.shapes = shapes
        self.opaque = opaque  # PDF/X-1a: no transparency
        self.defined: set = set()
        self.scale = 1.0  # printed mm per unit of the items being drawn: small text and thin lines are judged by it
        self._fine: dict[tuple[Hashable, float], tuple] = {}

    def define_forms(self, uses: list[tuple[Hashable, float]]) -> None:
        """The forms of ``uses`` (a symbol and the scale it is drawn at) and of the symbols they
        use, those not defined yet."""
        pending = list(uses)
        defined = self.defined
        while pending:  # symbols may use symbols; define every one reached
            key, scale = pending.pop(0)
            name = self.form(key, scale)
            if name in defined:
                continue
            defined.add(name)
            symbol = self.symbols[key]
            pending += _used_forms(symbol.items, scale)
            box = symbol.bbox
            self.canvas.beginForm(name, box.x, box.y, box.right, box.top)
            outer, self.scale = self.scale, scale
            self.draw(symbol.items)
            self.scale = outer
            end_form(self.canvas)
            self._give_form_its_states(name)

    def form(self, key: Hashable, scale: float) -> str:
        """The form's name for the symbol ``key`` drawn at ``scale``: one a symbol, but in CMYK one
        for each set of its lines that are printed thin (``_fine_marks``)."""
        name = form_name(key)
        if self.cmyk is None:
            return name
        marks = self._fine_marks(key, _rounded(scale))
        if not any(_flattened(marks)):
            return name
        return f"{name}_fine{zlib.crc32(repr(marks).encode()):08x}"

    def _fine_marks(self, key: Hashable, scale: float) -> tuple:
        """For each shape of the symbol (nested symbols in turn), whether its line is printed thin
        at ``scale``: what decides the symbol's colours in CMYK (text is one ink at any size)."""
        found = self._fine.get((key, scale))
        if found is None:
            marks: list = []

            def walk(items: Iterable, at: float) -> None:
                for item in items:
                    if isinstance(item, Shape):
                        marks.append(_thin(item, at))
                    elif isinstance(item, Group):
                        walk(item.items, at * scale_of(item.matrix))
                    elif isinstance(item, Use):
                        marks.append(self._fine_marks(item.key, _rounded(at * scale_of(item.matrix))))

            walk(self.symbols[key].items, scale)
            found = self._fine[(key, scale)] = tuple(marks)
        return found

    def _give_form_its_states(self, name: str) -> None:
        """reportlab writes a form's fonts and images into its resources but not the graphics
        states (/ca, /CA) that translucent shapes in it name, which a viewer then cannot find:
        they are added here, to forms that use them only."""
        form = form_object(self.canvas, name)
        if not getattr(form, "ExtGState", None) or form.Resources:
            return
        resources = PDFResourceDictionary()
        resources.basicFonts()
        if form.hasImages:
            resources.allProcs()
        else:
            resources.basicProcs()
        if form.XObjects:
            resources.XObject = form.XObjects
        resources.ExtGState = form.ExtGState
        form.Resources = resources

    def page(self, page: Page) -> None:
        c = self.canvas
        c.setPageSize((page.width_mm * PT_PER_MM, page.height_mm * PT_PER_MM))
        for box, setter in ((page.trim_box, c.setTrimBox), (page.bleed_box, c.setBleedBox)):
            if box is not None:
                setter(tuple(round(v * PT_PER_MM, 3) for v in (box.x, box.y, box.right, box.top)))
        c.saveState()
        c.scale(PT_PER_MM, PT_PER_MM)
        self.scale = 1.0
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
                self.canvas.doForm(self.form(item.key, self.scale * scale_of(item.matrix)))
                self.canvas.restoreState()
            elif isinstance(item, Group):
                self.group(item)
            elif isinstance(item, Image):
                self.image(item)
            else:
                raise TypeError(f"cannot draw {type(item).__name__}")

    def color(self, rgb: tuple, fill: bool, fine: bool = False) -> None:
        # The operator itself, as for shapes: reportlab's colour setters also set an alpha, and
        # that writes a transparency state (PDF 1.4) that PDF/X-1a does not allow.
        self.canvas.addLiteral(_color_ops(rgb, fill, self.cmyk, fine))

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
        ops = self.shapes.ops(shape, self.cmyk, self.opaque, self.cmyk is not None and _thin(shape, self.scale))
        if self.opaque or (shape.fill_opacity >= 1 and shape.stroke_opacity >= 1):
            self.canvas.addLiteral(ops)
            return
        c = self.canvas  # a graphics state with the alphas (/ca, /CA), for this shape alone
        c.saveState()
        if shape.fill is not None and shape.fill_opacity < 1:
            c.setFillAlpha(shape.fill_opacity)
        if shape.stroke is not None and shape.stroke_opacity < 1:
            c.setStrokeAlpha(shape.stroke_opacity)
        c.addLiteral(ops)
        c.restoreState()

    def text(self, text: Text) -> None:
        c = self.canvas
        self.color(text.color, fill=True, fine=True)  # one ink at any size: rich black is for areas
        if text.font not in FAMILY:
            register_fonts((text.font,))  # a designer's font: registered when first met
        c.setFont(text.font.pdf_name, text.size_pt / PT_PER_MM)
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
        outer, self.scale = self.scale, self.scale * scale_of(group.matrix)
        self.draw(group.items)
        self.scale = outer
        c.restoreState()

    def image(self, image: Image) -> None:
        c = self.canvas
        box: Rect = image.box
        c.saveState()
        mask: list[int] | str
        if self.cmyk is not None:  # no RGB and no transparency: CMYK under the ink limit, a colour-key mask
            cmyk, key = art_image_cmyk(image.path, image.pixels, self.cmyk)
            source, mask = ImageReader(cmyk), key
        else:
            source, mask = ImageReader(art_image(image.path, image.pixels)), "auto"
        keep = image.fit is ImageFit.CONTAIN
        c.drawImage(source, box.x, box.y, box.width, box.height, mask=mask, preserveAspectRatio=keep, anchor="c")
        c.restoreState()


__all__ = ["ShapeCache", "form_name", "register_fonts", "render_pdf", "write_pdf"]
