"""A small PDF writer for imposing existing card images, the job reportlab cannot do losslessly.

reportlab decodes a PNG and compresses it again; here a PNG's compressed IDAT data passes into the
PDF as it is (Flate with the PNG predictor), and a JPEG's bytes pass as DCT, so an imposed PDF is
barely larger than its images and costs almost no CPU. It draws the same layout items as
``render/pdf.py`` (shapes, text drawn as the type family's glyph outlines, groups with clips, images), so
the sheet engine (``layout/sheets.py``) serves both.
"""

from __future__ import annotations

import os
import threading
import zlib
from dataclasses import replace
from pathlib import Path

from ..frozen import frozen_dataclass
from ..layout.fonts import text_width_mm
from ..layout.items import Anchor, Document, FillRule, Group, Image, ImageFit, Rect, Shape, Text, Use
from ..layout.items import Path as LayoutPath
from ..readers.inputs import InputKind
from ..readers.rasters import Raster, checking_many, read_raster
from ..readers.truetype import Contour, quadratic_segments
from ..typeface import Font, metrics
from ..units import MM_PER_PT, PT_PER_MM
from .dates import pdf_date, source_date_epoch


@frozen_dataclass
class EmbeddedImage:
    """An image as a PDF XObject: its dictionary entries and its (already compressed) data.
    ``reencoded`` says why the file's own data could not pass into the PDF ("" when it did).

    >>> import tempfile
    >>> from PIL import Image
    >>> scratch = tempfile.TemporaryDirectory()
    >>> folder = Path(scratch.name)
    >>> Image.new("RGBA", (30, 20)).save(folder / "clear.png")
    >>> image = load_image(folder / "clear.png")
    >>> image.width, image.reencoded, image.smask is not None
    (30, 'transparency', True)
    >>> scratch.cleanup()
    """

    width: int
    height: int
    entries: str
    data: bytes
    reencoded: str = ""
    smask: EmbeddedImage | None = None
    dpi: tuple[float, float] | None = None  # as the file says, for checking its printed size
    icc: bytes | None = None  # the file's colour profile: its device space in ``entries`` becomes ICCBased


def load_image(path: Path) -> EmbeddedImage:
    """PNG (8-bit or less, no alpha, not interlaced) and JPEG data pass through untouched, after
    their structure is checked (``rasters.py`` refuses what a PDF cannot carry); anything else,
    and any image whose EXIF orientation turns it, is decoded by the normaliser and compressed
    with Flate, its ``reencoded`` saying why.

    >>> import tempfile
    >>> from PIL import Image
    >>> scratch = tempfile.TemporaryDirectory()
    >>> folder = Path(scratch.name)
    >>> Image.new("RGB", (30, 20), "red").save(folder / "red.png", dpi=(300, 300))
    >>> image = load_image(folder / "red.png")
    >>> image.entries.split(" /DecodeParms")[0], image.reencoded, image.dpi
    ('/Width 30 /Height 20 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode', '', (300.0, 300.0))
    >>> scratch.cleanup()
    """
    raster = read_raster(path)
    reason = _why_reencoded(raster)
    if reason:
        return replace(_decoded(path, reason), dpi=raster.upright_dpi)
    if raster.icc is not None:
        from .normalise import embedded_profile  # LittleCMS, only for images that embed a profile

        mode = {1: "L", 3: "RGB", 4: "CMYK"}[3 if raster.palette is not None else raster.channels]
        embedded_profile(raster.icc, mode, path)  # refused, naming the profile, unless it converts
    return replace(_passed(raster, path), icc=raster.icc)


def _passed(raster: Raster, path: Path) -> EmbeddedImage:
    """The image data of a checked PNG or JPEG as it is, in the device space of its channels."""
    if raster.kind == "png":
        if raster.png_colour == 3:
            assert raster.palette is not None
            if len(raster.palette) // 3 < 2**raster.depth:
                # Indices can point past a short palette, and nothing but the pixels says whether
                # they do: decoded (once, by the normaliser) to refuse such a file by name.
                from .normalise import decode_file

                decode_file(path, InputKind.CARD_IMAGE)
            space = f"[/Indexed /DeviceRGB {len(raster.palette) // 3 - 1} <{raster.palette.hex()}>]"
        else:
            space = "/DeviceGray" if raster.channels == 1 else "/DeviceRGB"
        width, depth = raster.width, raster.depth
        entries = (
            f"/Width {width} /Height {raster.height} /ColorSpace {space} /BitsPerComponent {depth} "
            f"/Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors {raster.channels} "
            f"/BitsPerComponent {depth} /Columns {width} >>"
        )
        return EmbeddedImage(width, raster.height, entries, raster.data, dpi=raster.dpi)
    space = {1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK"}[raster.channels]
    decode = " /Decode [1 0 1 0 1 0 1 0]" if raster.inverted_cmyk else ""
    entries = (
        f"/Width {raster.width} /Height {raster.height} /ColorSpace {space} /BitsPerComponent 8 "
        f"/Filter /DCTDecode{decode}"
    )
    return EmbeddedImage(raster.width, raster.height, entries, raster.data, dpi=raster.dpi)


def _why_reencoded(raster: Raster) -> str:
    """Why a checked image's data cannot go into a PDF as it is ("" when it can).

    >>> _why_reencoded(Raster("png", 2, 2, None, 1, 16, b""))
    '16-bit samples'
    """
    reasons = []
    if raster.kind == "png":
        if raster.depth == 16:
            reasons.append("16-bit samples")  # PDF 1.4 has at most 8 bits a component
        if raster.transparent:
            reasons.append("transparency")  # becomes a soft mask
        if raster.interlaced:
            reasons.append("interlaced")  # PDF's PNG predictor knows no Adam7
    if raster.orientation != 1:
        reasons.append(f"EXIF orientation {raster.orientation}")  # a PDF draws pixels as stored
    if raster.icc is not None and len(raster.icc) > 8 and raster.icc[8] >= 4:
        reasons.append("a version 4 colour profile")  # PDF 1.4 carries version 2 ICC profiles: converted to sRGB
    return ", ".join(reasons)


def _decoded(path: Path, reason: str) -> EmbeddedImage:
    from .normalise import decode_file  # Pillow, only for images that cannot pass through

    image = decode_file(path, InputKind.CARD_IMAGE)  # 8 bits a channel, upright
    width, height = image.size
    alpha = image.getchannel("A") if image.mode in ("LA", "RGBA") else None
    colour = image.convert({"LA": "L", "RGBA": "RGB"}.get(image.mode, image.mode))
    smask = None
    if alpha is not None:
        smask = EmbeddedImage(
            width,
            height,
            f"/Width {width} /Height {height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode",
            zlib.compress(alpha.tobytes(), 6),
            reason,
        )
    space = {"L": "/DeviceGray", "RGB": "/DeviceRGB", "CMYK": "/DeviceCMYK"}[colour.mode]
    entries = f"/Width {width} /Height {height} /ColorSpace {space} /BitsPerComponent 8 /Filter /FlateDecode"
    return EmbeddedImage(width, height, entries, zlib.compress(colour.tobytes(), 6), reason, smask)


class _Objects:
    def __init__(self) -> None:
        self.bodies: list[bytes | None] = []
        self.profiles: dict[bytes, int] = {}  # the stream of each ICC profile images embed

    def reserve(self) -> int:
        self.bodies.append(None)
        return len(self.bodies)

    def put(self, number: int, body: bytes | str) -> int:
        self.bodies[number - 1] = body.encode("latin-1") if isinstance(body, str) else body
        return number

    def add(self, body: bytes | str) -> int:
        return self.put(self.reserve(), body)

    def stream(self, entries: str, data: bytes) -> int:
        return self.add(f"<< {entries} /Length {len(data)} >>\nstream\n".encode("latin-1") + data + b"\nendstream")

    def serialise(self, root: int, info: int) -> bytes:
        # Parts joined once: the file is copied a single time (megabytes of images otherwise
        # copied at each growth of a buffer, into fresh pages each time).
        parts = [b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"]
        size = len(parts[0])
        offsets = []
        for number, body in enumerate(self.bodies, start=1):
            assert body is not None, f"object {number} was reserved and never written"
            offsets.append(size)
            opening = f"{number} 0 obj\n".encode()
            parts += [opening, body, b"\nendobj\n"]
            size += len(opening) + len(body) + 8
        xref = f"xref\n0 {len(self.bodies) + 1}\n0000000000 65535 f \n".encode()
        xref += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
        trailer = f"<< /Size {len(self.bodies) + 1} /Root {root} 0 R /Info {info} 0 R >>"
        parts += [xref, f"trailer\n{trailer}\nstartxref\n{size}\n%%EOF\n".encode()]
        return b"".join(parts)


def load_images(paths: list[Path]) -> dict[str, EmbeddedImage]:
    """Every image read and verified, on a thread a core (zlib works outside the GIL). Plain
    threads, not concurrent.futures: ``impose`` is a short command and that import costs more
    than the work for a handful of JPEGs.

    >>> import tempfile
    >>> from PIL import Image
    >>> scratch = tempfile.TemporaryDirectory()
    >>> folder = Path(scratch.name)
    >>> for name in ("a.png", "b.png"):
    ...     Image.new("RGB", (30, 20)).save(folder / name)
    >>> loaded = load_images([folder / "a.png", folder / "b.png", folder / "a.png"])
    >>> [Path(key).name for key in loaded]
    ['a.png', 'b.png']
    >>> scratch.cleanup()
    """
    unique = list(dict.fromkeys(paths))
    threads = max(1, min(len(unique), os.cpu_count() or 1))
    results: list[EmbeddedImage | BaseException | None] = [None] * len(unique)

    def work(start: int) -> None:
        for index in range(start, len(unique), threads):
            try:
                results[index] = load_image(unique[index])
            except BaseException as exc:  # handed to the calling thread, raised there in order
                results[index] = exc

    with checking_many():
        workers = [threading.Thread(target=work, args=(start,)) for start in range(1, threads)]
        for worker in workers:
            worker.start()
        work(0)
        for worker in workers:
            worker.join()
    loaded = {}
    for path, result in zip(unique, results):
        if isinstance(result, BaseException):
            raise result
        assert result is not None
        loaded[str(path)] = result
    return loaded


def render_raw_pdf(document: Document, loaded: dict[str, EmbeddedImage] | None = None) -> bytes:
    """The PDF of ``document``; byte-identical for the same input. ``loaded`` holds images
    already read (``load_images``); others are read as they are met.

    >>> from rushmore_print.layout.items import Page, Path, Rect, Shape, rgb
    >>> square = Shape(Path.rect(Rect(0, 0, 12.7, 12.7)), fill=rgb("#d32f2f"))
    >>> document = Document("Red square", [Page(25.4, 12.7, (square,))])
    >>> pdf = render_raw_pdf(document)
    >>> pdf[:8], pdf == render_raw_pdf(document)
    (b'%PDF-1.4', True)
    """
    objects = _Objects()
    pages_ref = objects.reserve()
    images: dict[str, tuple[str, int]] = {}
    fonts = _Type3Fonts(objects)
    kids = []
    for page in document.pages:
        painter = _Content(document.symbols, images, objects, loaded or {}, fonts)
        painter.draw(page.items)
        content = f"q {PT_PER_MM:.6f} 0 0 {PT_PER_MM:.6f} 0 0 cm 1 j 1 J\n" + "\n".join(painter.ops) + "\nQ\n"
        stream = objects.stream("/Filter /FlateDecode", zlib.compress(content.encode("latin-1"), 6))
        xobjects = " ".join(f"/{name} {number} 0 R" for name, number in sorted(set(painter.used)))
        states = "".join(
            f" /{name} << /ca {_n(fill)} /CA {_n(stroke)} >>" for (fill, stroke), name in painter.alphas.items()
        )
        boxes = f"/MediaBox [0 0 {_n(page.width_mm * PT_PER_MM)} {_n(page.height_mm * PT_PER_MM)}]"
        for name, box in (("TrimBox", page.trim_box), ("BleedBox", page.bleed_box)):
            if box is not None:
                boxes += f" /{name} [{' '.join(_n(v * PT_PER_MM) for v in (box.x, box.y, box.right, box.top))}]"
        kids.append(
            objects.add(
                f"<< /Type /Page /Parent {pages_ref} 0 R {boxes} /Contents {stream} 0 R "
                f"/Resources << /XObject << {xobjects} >> /Font << {fonts.resources()} >>"
                + (f" /ExtGState <<{states} >>" if states else "")
                + " >> >>"
            )
        )
    fonts.write()
    objects.put(pages_ref, f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>")
    root = objects.add(f"<< /Type /Catalog /Pages {pages_ref} 0 R >>")
    info = objects.add(f"<< /Title ({_escape(document.title)}) /Producer (rushmore-print){_described(document)} >>")
    return objects.serialise(root, info)


def _described(document: Document) -> str:
    """The subject, when the document has one, and the date only when ``SOURCE_DATE_EPOCH`` gives
    one (an imposed PDF has never carried a date: rebuilt without it, its bytes stay as they were)."""
    text = f" /Subject ({_escape(document.subject)})" if document.subject else ""
    epoch = source_date_epoch()
    if epoch is not None:
        text += f" /CreationDate ({pdf_date(epoch)}) /ModDate ({pdf_date(epoch)})"
    return text


class _Content:
    def __init__(
        self, symbols: dict, images: dict, objects: _Objects, loaded: dict[str, EmbeddedImage], fonts: _Type3Fonts
    ):
        self.ops: list[str] = []
        self.used: list[tuple[str, int]] = []
        self.alphas: dict[tuple[float, float], str] = {}  # (fill, stroke) opacity -> graphics state name
        self.symbols, self.images, self.objects, self.loaded, self.fonts = symbols, images, objects, loaded, fonts

    def draw(self, items) -> None:
        for item in items:
            if isinstance(item, Shape):
                self.shape(item)
            elif isinstance(item, Text):
                self.text(item)
            elif isinstance(item, Group):
                self.ops.append("q")
                if item.clip is not None:
                    self.ops.append(self.path(item.clip) + " W n")
                self.ops.append(" ".join(_n(v) for v in item.matrix) + " cm")
                self.draw(item.items)
                self.ops.append("Q")
            elif isinstance(item, Use):
                self.ops.append("q " + " ".join(_n(v) for v in item.matrix) + " cm")
                self.draw(self.symbols[item.key].items)
                self.ops.append("Q")
            elif isinstance(item, Image):
                self.image(item)
            else:
                raise TypeError(f"cannot draw {type(item).__name__}")

    def path(self, path: LayoutPath) -> str:
        parts = []
        for command in path.commands:
            op = command[0]
            coords = " ".join(_n(v) for v in command[1:])
            parts.append({"M": f"{coords} m", "L": f"{coords} l", "C": f"{coords} c", "Z": "h"}[op])
        return " ".join(parts)

    def shape(self, shape: Shape) -> None:
        ops = []
        if shape.fill is not None:
            ops.append(" ".join(_n(v) for v in shape.fill) + " rg")
        stroke = shape.stroke is not None and shape.stroke_mm > 0
        if shape.stroke is not None and stroke:
            ops.append(" ".join(_n(v) for v in shape.stroke) + f" RG {_n(shape.stroke_mm)} w")
            ops.append(f"[{' '.join(_n(v) for v in shape.dash_mm)}] 0 d" if shape.dash_mm else "[] 0 d")
        paint = "B" if shape.fill is not None and stroke else ("f" if shape.fill is not None else "S")
        if shape.fill is not None and shape.fill_rule is FillRule.EVEN_ODD:
            paint += "*"
        drawn = " ".join(ops) + " " + self.path(shape.path) + " " + paint
        alphas = (
            shape.fill_opacity if shape.fill is not None else 1.0,
            shape.stroke_opacity if stroke else 1.0,
        )
        if alphas != (1.0, 1.0):  # translucent: a graphics state of its own, for this shape alone
            name = self.alphas.setdefault(alphas, f"GA{len(self.alphas)}")
            drawn = f"q /{name} gs {drawn} Q"
        self.ops.append(drawn)

    def text(self, text: Text) -> None:
        x = text.x
        if text.anchor is not Anchor.START:
            width = text_width_mm(text.text, text.size_pt, text.font)
            x -= width / 2 if text.anchor is Anchor.MIDDLE else width
        colour = " ".join(_n(v) for v in text.color)
        name, codes = self.fonts.encode(text.font, text.text)
        self.ops.append(
            f"BT {colour} rg /{name} {_n(text.size_pt * MM_PER_PT)} Tf {_n(x)} {_n(text.y)} Td <{codes}> Tj ET"
        )

    def image(self, item: Image) -> None:
        key = str(item.path)
        if key not in self.images:
            embedded = self.loaded.get(key) or load_image(Path(item.path))
            smask = ""
            if embedded.smask is not None:
                mask = self.objects.stream(
                    "/Type /XObject /Subtype /Image " + embedded.smask.entries, embedded.smask.data
                )
                smask = f" /SMask {mask} 0 R"
            entries = embedded.entries
            if embedded.icc is not None:
                entries = _profiled(entries, embedded.icc, self.objects)
            number = self.objects.stream(f"/Type /XObject /Subtype /Image {entries}{smask}", embedded.data)
            self.images[key] = (f"Im{len(self.images) + 1}", number)
        name, number = self.images[key]
        self.used.append((name, number))
        box: Rect = item.box
        if item.fit is ImageFit.CONTAIN:
            embedded = self.loaded.get(key) or load_image(Path(item.path))
            box = _contained(box, embedded.width / embedded.height)
        matrix = (box.width, 0, 0, box.height, box.x, box.y)
        self.ops.append("q " + " ".join(_n(v) for v in matrix) + f" cm /{name} Do Q")


_DEVICE_SPACES = {"/DeviceGray": 1, "/DeviceRGB": 3, "/DeviceCMYK": 4}


def _profiled(entries: str, icc: bytes, objects: _Objects) -> str:
    """``entries`` with their device colour space (the first named: a palette's base too) made
    ICCBased on the file's own profile, one stream a profile however many images embed it; the
    device space stays as the profile's alternate. A PDF viewer then converts the colours as the
    file means them, and the image data still passes through untouched."""
    named = [(entries.find(name), name) for name in _DEVICE_SPACES if name in entries]
    if not named:
        return entries
    device = min(named)[1]
    if icc not in objects.profiles:
        objects.profiles[icc] = objects.stream(f"/N {_DEVICE_SPACES[device]} /Alternate {device}", icc)
    return entries.replace(device, f"[/ICCBased {objects.profiles[icc]} 0 R]", 1)


def _contained(box: Rect, aspect: float) -> Rect:
    """The largest box of proportions ``aspect`` (width / height) centred in ``box``."""
    width = min(box.width, box.height * aspect)
    height = width / aspect
    return Rect(box.x + (box.width - width) / 2, box.y + (box.height - height) / 2, width, height)


def _n(value: float) -> str:
    """Numbers as PDF writes them: short, fixed, never exponent notation."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _escape(text: str) -> str:
    encoded = text.encode("cp1252", errors="replace").decode("latin-1")
    return encoded.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _contour_ops(contour: Contour) -> str:
    """A TrueType contour as PDF path operators, in whole font units (1/2048 em: finer than any
    printer), each quadratic made the cubic PDF draws.

    >>> _contour_ops([(0, 0, False), (6, 0, False), (6, 6, False), (0, 6, False)])
    '3 0 m 5 0 6 1 6 3 c 6 5 5 6 3 6 c 1 6 0 5 0 3 c 0 1 1 0 3 0 c h'
    """
    segments = quadratic_segments(contour)
    if not segments:
        return ""
    ops, current = [], segments[0][-1]
    for op, *points in segments:
        end = points[-1]
        if op == "Q":
            ops.append(_quad(current, points[0], end))
        else:
            ops.append(f"{_i(end[0])} {_i(end[1])} {op.lower()}")
        current = end
    return " ".join(ops) + " h"


def _quad(start: tuple, control: tuple, end: tuple) -> str:
    """A quadratic Bezier as the cubic PDF draws."""
    (x0, y0), (cx, cy), (x1, y1) = start[:2], control, end
    c1 = (x0 + 2 / 3 * (cx - x0), y0 + 2 / 3 * (cy - y0))
    c2 = (x1 + 2 / 3 * (cx - x1), y1 + 2 / 3 * (cy - y1))
    return f"{_i(c1[0])} {_i(c1[1])} {_i(c2[0])} {_i(c2[1])} {_i(x1)} {_i(y1)} c"


def _i(value: float) -> str:
    return str(round(value))


class _Type3Fonts:
    """The type family embedded as Type 3 fonts: each glyph a drawing of its TrueType outline,
    defined once per document, with a ToUnicode map so that the text can still be searched and
    copied. Fonts are fully embedded by construction and hold only the glyphs used."""

    def __init__(self, objects: _Objects) -> None:
        self.objects = objects
        self.refs: dict[Font, int] = {}
        self.codes: dict[Font, dict[str, int]] = {}

    def encode(self, font: Font, text: str) -> tuple[str, str]:
        """The font's resource name and ``text`` as hex codes (one byte a character, 1 to 255)."""
        if font not in self.refs:
            self.refs[font] = self.objects.reserve()
            self.codes[font] = {}
        codes = self.codes[font]
        for char in text:
            if char not in codes:
                if len(codes) >= 255:
                    raise ValueError("more than 255 different characters in one font of an imposed PDF")
                codes[char] = len(codes) + 1
        return self.name(font), "".join(f"{codes[char]:02x}" for char in text)

    def name(self, font: Font) -> str:
        return f"T{list(self.refs).index(font) + 1}"  # in the order the fonts were first used

    def resources(self) -> str:
        # Every page names every font reserved so far; a font first used later is added at write().
        return " ".join(f"/{self.name(font)} {ref} 0 R" for font, ref in self.refs.items())

    def write(self) -> None:
        for font, ref in self.refs.items():
            tables = metrics(font)
            codes = self.codes[font]
            procs, widths = [], []
            for char, code in sorted(codes.items(), key=lambda item: item[1]):
                contours = tables.outline(char)
                points = [(x, y) for contour in contours for x, y, _ in contour] or [(0, 0)]
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                advance = tables.advance(char)
                body = f"{advance} 0 {min(xs):.0f} {min(ys):.0f} {max(xs):.0f} {max(ys):.0f} d1\n"
                body += " ".join(_contour_ops(c) for c in contours) + (" f" if contours else "")
                data = zlib.compress(body.encode("latin-1"), 6)
                procs.append(f"/g{code} {self.objects.stream('/Filter /FlateDecode', data)} 0 R")
                widths.append(str(advance))
            cmap = _to_unicode(codes)
            to_unicode = self.objects.stream("/Filter /FlateDecode", zlib.compress(cmap.encode("latin-1"), 6))
            scale = 1 / tables.units_per_em
            names = " ".join(f"/g{code}" for code in range(1, len(codes) + 1))
            self.objects.put(
                ref,
                f"<< /Type /Font /Subtype /Type3 /Name /{self.name(font)} /FontBBox [0 {tables.descent} "
                f"{tables.units_per_em} {tables.ascent}] /FontMatrix [{scale:.8f} 0 0 {scale:.8f} 0 0] "
                f"/CharProcs << {' '.join(procs)} >> /Encoding << /Type /Encoding /Differences [1 {names}] >> "
                f"/FirstChar 1 /LastChar {len(codes)} /Widths [{' '.join(widths)}] /Resources << >> "
                f"/ToUnicode {to_unicode} 0 R >>",
            )


def _to_unicode(codes: dict[str, int]) -> str:
    entries = "\n".join(
        f"<{code:02x}> <{char.encode('utf-16-be').hex()}>" for char, code in sorted(codes.items(), key=lambda i: i[1])
    )
    return (
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo << /Registry (Adobe) "
        "/Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def "
        "1 begincodespacerange <01> <ff> endcodespacerange\n"
        f"{len(codes)} beginbfchar\n{entries}\nendbfchar\nendcmap CMapName currentdict /CMapResource "
        "defineresource pop end end"
    )


__all__ = ["EmbeddedImage", "load_image", "load_images", "render_raw_pdf"]
