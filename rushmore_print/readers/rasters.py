"""PNG and JPEG files read as structures: their size, resolution and colour layout, and proof
that the data is whole.

``impose`` puts image data into the PDF as it is, so a damaged file would print damaged. Here a
PNG's chunks are walked with their CRCs checked and its image data inflated (not unfiltered) to
check it is a complete zlib stream of exactly the size the header promises; a JPEG's markers are
walked from start-of-image to end-of-image, and its entropy-coded data decoded by libjpeg-turbo
with every warning an error (see :func:`check_data`). Every problem names the file and what is
wrong.
"""

from __future__ import annotations

import contextlib
import re
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import deflate

from ..errors import BuildError
from ..extras import Extra, installed, missing_sentence
from ..frozen import frozen_dataclass
from .inputs import InputError, InputKind, read_input, shown, shown_path
from .jpeg_script import Component, Frame, Refusal, Remedy, Scan, Script
from .libjpeg import strict_decoder

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_START = b"\xff\xd8"
_PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
# The bit depths the PNG specification allows for each colour type (section 11.2.2): any other
# is a file no decoder reads the same way, so it is refused rather than guessed at.
_PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
_PNG_COLOURS = {0: "greyscale", 2: "RGB", 3: "palette", 4: "greyscale with alpha", 6: "RGBA"}
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
# In entropy-coded JPEG data a 0xFF byte is followed by 0x00 (a stuffed byte) or a restart marker;
# anything else is the next marker.
_NEXT_MARKER = re.compile(rb"\xff[^\x00\xd0-\xd7]")
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
# The markers with a segment that libjpeg reads (frame headers, DHT, DAC, SOS, DQT, DNL, DRI, APPn,
# COM); any other (a second SOI, DHP, EXP, JPGn, the reserved ones) ends its decoding with an error.
_SEGMENTS = _SOF | {0xC4, 0xCC, 0xDA, 0xDB, 0xDC, 0xDD, 0xFE, *range(0xE0, 0xF0)}
# Baseline, extended sequential and progressive Huffman JPEGs are what PDF's DCTDecode and Pillow
# both read; the other processes are named in the refusal.
_JPEG_READ = {0xC0, 0xC1, 0xC2}
_JPEG_PROCESS = {0xC3: "lossless (SOF3)", 0xC5: "hierarchical", 0xC6: "hierarchical", 0xC7: "hierarchical",
                 0xC9: "arithmetic-coded", 0xCA: "arithmetic-coded", 0xCB: "arithmetic-coded",
                 0xCD: "hierarchical arithmetic-coded", 0xCE: "hierarchical arithmetic-coded",
                 0xCF: "hierarchical arithmetic-coded"}  # fmt: skip
# A resolution outside this range is a header that lies (a pHYs of 1 or 2^32-1 pixels a metre):
# it is ignored, as if the file gave none, and the reason kept for the message that needs a dpi.
DPI_RANGE = (10.0, 100_000.0)
# The most pixels a card image for ``impose`` may have: a 1200 dpi tarot card with bleed is about
# 22 megapixels; the limit keeps one file's decoding within a few hundred MB.
MOST_CARD_PIXELS = 64_000_000
# The most chunks a PNG may have besides its image data (IDAT): a file from any editor has a few
# dozen (text, time, profile, resolution). 300,000 tEXt chunks of a few bytes, 4.5 MB, took
# 11 s to validate (Pillow reads each chunk in Python, at every decode); 64 MB would take minutes.
MOST_PNG_CHUNKS = 10_000
_RESAVE = "save it again as an 8-bit PNG or a baseline JPEG"


class RasterError(BuildError):
    """An image file that cannot be read as it is: ``reason`` says why, ``str()`` names the file.

    >>> str(RasterError("a.png", "the PNG has no image data (IDAT)"))
    'a.png: the PNG has no image data (IDAT)'
    """

    def __init__(self, path: Path | str, reason: str):
        self.path, self.reason = str(path), reason
        super().__init__(f"{shown_path(path)}: {reason}")


@frozen_dataclass
class Raster:
    """What a PNG or JPEG says about itself. ``data`` is what a PDF embeds: a PNG's joined IDAT
    chunks (a zlib stream) or a JPEG's whole file.

    >>> import tempfile
    >>> from PIL import Image
    >>> folder = tempfile.TemporaryDirectory()
    >>> card = Path(folder.name) / "card.png"
    >>> Image.new("RGB", (63, 88), "white").save(card, dpi=(300, 300))
    >>> raster = read_raster(card)
    >>> raster.kind, raster.width, raster.height, raster.dpi, raster.channels, raster.depth
    ('png', 63, 88, (300.0, 300.0), 3, 8)
    >>> folder.cleanup()
    """

    kind: str  # "png", "jpeg" or (head art) "webp"
    width: int
    height: int
    dpi: tuple[float, float] | None
    channels: int  # colour channels, alpha included
    depth: int  # bits per channel
    data: bytes
    palette: bytes | None = None  # PNG colour type 3
    transparent: bool = False  # alpha channel or a tRNS chunk
    interlaced: bool = False
    inverted_cmyk: bool = False  # an Adobe CMYK JPEG (stored inverted)
    png_colour: int | None = None
    orientation: int = 1  # EXIF orientation: 1 is upright; 5 to 8 turn the image a quarter
    dpi_note: str = ""  # why a resolution the file gives was ignored
    icc: bytes | None = None  # the ICC colour profile the file embeds (PNG iCCP, JPEG APP2, WebP ICCP)

    @property
    def upright_size(self) -> tuple[int, int]:
        """Width and height as the image is shown, its EXIF orientation applied.

        >>> Raster("jpeg", 300, 200, None, 3, 8, b"", orientation=6).upright_size
        (200, 300)
        """
        return (self.height, self.width) if self.turned else (self.width, self.height)

    @property
    def upright_dpi(self) -> tuple[float, float] | None:
        """The resolution across and down the image as it is shown.

        >>> Raster("jpeg", 88, 63, (300.0, 600.0), 3, 8, b"", orientation=6).upright_dpi
        (600.0, 300.0)
        """
        return (self.dpi[1], self.dpi[0]) if self.dpi and self.turned else self.dpi

    @property
    def turned(self) -> bool:
        """Whether the EXIF orientation turns the image a quarter (width and height swap).

        >>> Raster("jpeg", 88, 63, None, 3, 8, b"", orientation=6).turned, Raster("png", 88, 63, None, 3, 8, b"").turned
        (True, False)
        """
        return self.orientation in (5, 6, 7, 8)


def read_raster(
    path: Path, verify: bool = True, kind: InputKind = InputKind.CARD_IMAGE, most_pixels: int | None = None
) -> Raster:
    """The structure of the PNG or JPEG (or, for head art, WebP) at ``path``; ``verify`` also
    proves a PNG's data complete.

    ``most_pixels`` (default: :data:`MOST_CARD_PIXELS` for card images, none for other kinds) is
    checked before any image data is inflated. Raises :class:`RasterError` naming the file for
    anything unreadable, damaged, of another format, or that a PDF or Pillow would read otherwise
    than its header says.

    >>> import tempfile
    >>> from PIL import Image
    >>> folder = tempfile.TemporaryDirectory()
    >>> card = Path(folder.name) / "card.png"
    >>> Image.new("L", (63, 88)).save(card)
    >>> read_raster(card).channels
    1
    >>> _ = card.write_bytes(card.read_bytes()[:-12])  # without its IEND chunk
    >>> read_raster(card)
    Traceback (most recent call last):
    rushmore_print.readers.rasters.RasterError: .../card.png: the PNG is cut short (no IEND chunk); the file is damaged
    >>> folder.cleanup()
    """
    try:
        raw = read_input(path, kind)
    except InputError as exc:
        raise RasterError(path, exc.reason) from None
    if most_pixels is None and kind is InputKind.CARD_IMAGE:
        most_pixels = MOST_CARD_PIXELS
    if raw.startswith(PNG_SIGNATURE):
        raster = _png(raw, path)
    elif raw.startswith(JPEG_START):
        raster = _jpeg(raw, path)
    elif raw.startswith(b"RIFF") and raw[8:12] == b"WEBP" and kind is InputKind.ART_IMAGE:
        raster = _webp(raw, path)  # head art only: Pillow decodes it; impose embeds PNG and JPEG data
    elif kind is InputKind.ART_IMAGE:
        raise RasterError(path, "not a PNG, JPEG or WebP image")
    else:
        raise RasterError(path, "not a PNG or JPEG image (impose takes PNG and JPEG files)")
    if most_pixels is not None and raster.width * raster.height > most_pixels:
        raise RasterError(
            path,
            f"{raster.width} x {raster.height} pixels; {kind.value.article} {kind.noun} may have at most "
            f"{most_pixels // 1_000_000} megapixels",
        )
    if verify:
        check_data(raster, path)
    return raster


def check_data(raster: Raster, path: Path) -> None:
    """Prove the image data whole: a PNG's is one zlib stream of exactly the filtered scanlines its
    header promises, each line with a filter type PNG defines; a JPEG's entropy-coded data decodes
    to the last block with no warning from libjpeg.

    >>> import io
    >>> from PIL import Image
    >>> out = io.BytesIO()
    >>> Image.new("RGB", (16, 16), (200, 30, 30)).save(out, "JPEG")
    >>> whole = out.getvalue()
    >>> check_data(Raster("jpeg", 16, 16, None, 3, 8, whole), Path("ok.jpg"))
    >>> scan = whole.index(b"\\xff\\xda")
    >>> cut = whole[: scan + 20] + whole[-2:]  # the coded data stops short of the end-of-image marker
    >>> check_data(Raster("jpeg", 16, 16, None, 3, 8, cut), Path("cut.jpg"))
    Traceback (most recent call last):
    ...
    rushmore_print.readers.rasters.RasterError: cut.jpg: the JPEG's image data is damaged (Corrupt JPEG data: ...
    """
    if raster.kind == "png":
        bits = raster.channels * raster.depth
        _check_png_data(raster.data, _png_lines(raster.width, raster.height, bits, raster.interlaced), path)
    elif raster.kind == "jpeg":
        _check_jpeg_data(raster, path)


# libjpeg decodes a damaged scan as far as it can, fills the rest with grey and only counts a
# warning ("Corrupt JPEG data: premature end of data segment", "bad Huffman code", "extraneous
# bytes before marker"); Pillow silences those warnings (its libjpeg message handler does
# nothing), and poppler prints them and draws the damage. So the same libjpeg-turbo is run with
# every warning kept (libjpeg.py: the copy Pillow ships, through ctypes); where there is none
# (Windows), simplejpeg's ``strict=True`` (the jpeg extra) does the same. Both decode at 1/8
# scale: the entropy-coded data is still read to its last bit, at 1/64 of the memory.
_JPEG_SPACES = {1: "GRAY", 3: "RGB", 4: "CMYK"}
_JPEG_SCALE = 8


@contextlib.contextmanager
def checking_many() -> Iterator[None]:
    """A block that checks many files: libjpeg's decoding threads are kept from one JPEG to the
    next, and end when the block does (``readers/libjpeg.py``).

    >>> with checking_many():
    ...     pass
    """
    decoder = strict_decoder()
    with decoder.reusing_threads() if decoder is not None else contextlib.nullcontext():
        yield


def _check_jpeg_data(raster: Raster, path: Path) -> None:
    problem = _jpeg_problem(raster, path)
    if problem is not None:
        raise RasterError(
            path, f"the JPEG's image data is damaged ({shown(problem, 120)[1:-1]}); it would print damaged; {_RESAVE}"
        )


def _jpeg_problem(raster: Raster, path: Path) -> str | None:
    decoder = strict_decoder()
    if decoder is not None:
        return decoder.first_problem(raster.data)
    # Pillow cannot see the damage (above), so without libjpeg the proof is the jpeg extra's; without
    # it too, a JPEG is refused, never half-proven.
    if not installed(Extra.JPEG):
        raise RasterError(path, missing_sentence(Extra.JPEG))
    import simplejpeg  # libjpeg-turbo (and numpy); imported only when a JPEG is checked

    try:
        simplejpeg.decode_jpeg(
            raster.data, colorspace=_JPEG_SPACES[raster.channels], min_width=1, min_height=1,
            min_factor=_JPEG_SCALE, strict=True,
        )  # fmt: skip
    except Exception as exc:  # a decoder handed outside files can raise almost anything
        return str(exc).strip() or type(exc).__name__
    return None


def _png(raw: bytes, path: Path) -> Raster:
    position = len(PNG_SIGNATURE)
    chunks: list[bytes] = []
    header: tuple[int, ...] | None = None
    palette: bytes | None = None
    transparency: bytes | None = None
    exif: bytes | None = None
    phys: bytes | None = None
    profile: bytes | None = None
    last = b""
    others = 0  # chunks besides the image data: Pillow reads each in Python, twice per decode
    while True:
        if position + 12 > len(raw):
            raise RasterError(path, "the PNG is cut short (no IEND chunk); the file is damaged")
        length, kind = struct.unpack(">I4s", raw[position : position + 8])
        others += kind != b"IDAT"
        if others > MOST_PNG_CHUNKS:
            raise RasterError(
                path, f"the PNG has more than {MOST_PNG_CHUNKS:,} chunks besides its image data; save it again"
            )
        name = kind.decode("latin-1", "replace")
        end = position + 12 + length
        if end > len(raw):
            raise RasterError(path, f"the PNG is cut short inside its {shown(name)} chunk")
        body = raw[position + 8 : position + 8 + length]
        (crc,) = struct.unpack(">I", raw[end - 4 : end])
        if zlib.crc32(kind + body) != crc:
            raise RasterError(
                path, f"the PNG's {shown(name)} chunk at byte {position} fails its CRC check; the file is damaged"
            )
        if header is None and kind != b"IHDR":
            raise RasterError(path, "the PNG does not start with its IHDR header chunk")
        if kind == b"IHDR":
            if header is not None:
                raise RasterError(path, "the PNG has two IHDR header chunks; the file is damaged")
            if length != 13:
                raise RasterError(path, f"the PNG's IHDR header chunk is {length} bytes long; it must be 13")
            header = struct.unpack(">IIBBBBB", body)
            _check_header(header, path)
        elif kind == b"PLTE":
            if chunks:
                raise RasterError(path, "the PNG's palette (PLTE) comes after its image data; the file is damaged")
            palette = body
        elif kind == b"tRNS":
            transparency = body
        elif kind == b"pHYs":
            phys = body
        elif kind == b"eXIf":
            exif = body
        elif kind == b"iCCP":
            profile = body
        elif kind == b"acTL":
            # An animated PNG: its first frame is the default image, which a viewer that knows
            # no APNG shows; which one prints is not for the reader to pick.
            frames = int.from_bytes(body[:4], "big") if len(body) >= 4 else 0
            raise RasterError(path, f"the PNG is animated ({frames} frames); give a still image")
        elif kind == b"IDAT":
            if chunks and last != b"IDAT":
                raise RasterError(
                    path,
                    f"the PNG's image data (IDAT) is split by a {shown(last.decode('latin-1'))} chunk; "
                    "decoders read such a file differently",
                )
            chunks.append(body)
        elif kind == b"IEND":
            break
        last = kind
        position = end
    assert header is not None  # the first chunk was checked to be IHDR
    width, height, depth, colour, _, _, interlace = header
    if not chunks:
        raise RasterError(path, "the PNG has no image data (IDAT)")
    _check_palette(colour, depth, palette, path)
    _check_transparency(colour, depth, palette, transparency, path)
    dpi, note = _png_dpi(phys, path)
    return Raster("png", width, height, dpi, _PNG_CHANNELS[colour], depth, b"".join(chunks),
                  palette if colour == 3 else None, transparency is not None or colour in (4, 6), bool(interlace),
                  png_colour=colour, orientation=exif_orientation(exif or b""), dpi_note=note,
                  icc=_png_profile(profile, path))  # fmt: skip


def _png_profile(chunk: bytes | None, path: Path) -> bytes | None:
    """The ICC profile of a PNG's iCCP chunk (a name, a zero, compression method 0, the profile
    deflated), inflated no further than an ICC profile file may be."""
    if chunk is None:
        return None
    _, zero, rest = chunk.partition(b"\0")
    if not zero or not rest or rest[0] != 0:
        raise RasterError(path, "the PNG's colour profile (iCCP chunk) is damaged")
    most = InputKind.ICC_PROFILE.most_bytes
    inflater = zlib.decompressobj()
    try:
        profile = inflater.decompress(rest[1:], most + 1)
    except zlib.error:
        raise RasterError(path, "the PNG's colour profile (iCCP chunk) does not inflate; the file is damaged") from None
    if len(profile) > most:
        raise RasterError(path, f"the PNG's colour profile inflates past {InputKind.ICC_PROFILE.limit_text}")
    if not inflater.eof:
        raise RasterError(path, "the PNG's colour profile (iCCP chunk) is cut short; the file is damaged")
    return profile


def _check_header(header: tuple[int, ...], path: Path) -> None:
    width, height, depth, colour, compression, filtering, interlace = header
    if not (0 < width < 2**31 and 0 < height < 2**31):
        raise RasterError(path, f"the PNG header says {width} x {height} pixels; the file is damaged")
    if colour not in _PNG_DEPTHS:
        raise RasterError(path, f"the PNG header gives colour type {colour}; PNG defines 0, 2, 3, 4 and 6")
    if depth not in _PNG_DEPTHS[colour]:
        allowed = ", ".join(str(d) for d in _PNG_DEPTHS[colour])
        raise RasterError(
            path,
            f"the PNG header gives bit depth {depth} for a {_PNG_COLOURS[colour]} image; it must be {allowed}",
        )
    if compression != 0 or filtering != 0 or interlace not in (0, 1):
        raise RasterError(
            path,
            f"the PNG header gives compression {compression}, filter method {filtering}, interlace {interlace}; "
            "PNG defines only 0, 0, and 0 or 1",
        )


def _check_palette(colour: int, depth: int, palette: bytes | None, path: Path) -> None:
    if colour == 3 and palette is None:
        raise RasterError(path, "the PNG is a palette image without its palette (PLTE chunk); the file is damaged")
    if palette is None:
        return
    if colour in (0, 4):
        raise RasterError(path, "the PNG is a greyscale image with a palette (PLTE chunk); PNG forbids it")
    most = min(256, 2**depth) if colour == 3 else 256
    if len(palette) % 3 or not 3 <= len(palette) <= 3 * most:
        raise RasterError(
            path,
            f"the PNG's palette (PLTE) is {len(palette)} bytes; it must be 3 bytes a colour, 1 to {most} colours",
        )


def _check_transparency(colour: int, depth: int, palette: bytes | None, transparency: bytes | None, path: Path) -> None:
    if transparency is None:
        return
    if colour == 2 and depth == 16 and len(transparency) == 6:
        # Pillow reads 16-bit RGB as 8 bits a channel but keeps the key at 16 bits: no pixel would
        # match, and the colour meant to be cut out would print. Refused rather than guessed at.
        raise RasterError(
            path, "the PNG is 16-bit RGB with a transparent colour (tRNS), which cannot be read exactly; "
            "save it with an alpha channel (RGBA) or as 8-bit",
        )  # fmt: skip
    size = len(transparency)
    if colour == 3:
        assert palette is not None
        if size > len(palette) // 3:
            raise RasterError(
                path, f"the PNG's transparency (tRNS) has {size} entries for a palette of {len(palette) // 3}"
            )
    elif colour in (4, 6):
        raise RasterError(path, "the PNG has an alpha channel and a transparency (tRNS) chunk; PNG forbids both")
    elif size != (2 if colour == 0 else 6):
        raise RasterError(
            path, f"the PNG's transparency (tRNS) chunk is {size} bytes; a {_PNG_COLOURS[colour]} image's is "
            f"{2 if colour == 0 else 6}",
        )  # fmt: skip


def _png_dpi(phys: bytes | None, path: Path) -> tuple[tuple[float, float] | None, str]:
    if phys is None:
        return None, ""
    if len(phys) != 9:
        raise RasterError(path, f"the PNG's pHYs chunk is {len(phys)} bytes long; it must be 9")
    x, y, unit = struct.unpack(">IIB", phys)
    if unit != 1:  # 0: only the pixels' proportions, no size
        return None, ""
    return _plausible((x * 0.0254, y * 0.0254), f"its pHYs chunk says {x} x {y} pixels a metre")


def _plausible(dpi: tuple[float, float], said: str) -> tuple[tuple[float, float] | None, str]:
    low, high = DPI_RANGE
    if all(low <= value <= high for value in dpi):
        return (round(dpi[0], 1), round(dpi[1], 1)), ""
    return None, f"{said} ({dpi[0]:.4g} x {dpi[1]:.4g} dpi; a resolution is {low:g} to {high:,.0f} dpi)"


def exif_orientation(exif: bytes) -> int:
    """The orientation tag (274) of EXIF data (a TIFF structure, with or without the JPEG
    ``Exif\\0\\0`` prefix); 1 (upright) when absent, damaged or not one of 1 to 8.

    >>> exif_orientation(b"Exif\\0\\0MM\\0*\\0\\0\\0\\x08\\0\\x01\\x01\\x12\\0\\x03\\0\\0\\0\\x01\\0\\x06\\0\\0")
    6
    """
    tiff = exif[6:] if exif.startswith(b"Exif\0\0") else exif
    order = {b"II": "<", b"MM": ">"}.get(tiff[:2])
    if order is None or len(tiff) < 8:
        return 1
    (first,) = struct.unpack(order + "I", tiff[4:8])
    if first + 2 > len(tiff):
        return 1
    (entries,) = struct.unpack(order + "H", tiff[first : first + 2])
    for index in range(min(entries, (len(tiff) - first - 2) // 12)):
        at = first + 2 + 12 * index
        tag, kind, count = struct.unpack(order + "HHI", tiff[at : at + 8])
        if tag == 0x0112 and kind == 3 and count >= 1:
            (value,) = struct.unpack(order + "H", tiff[at + 8 : at + 10])
            return value if 1 <= value <= 8 else 1
    return 1


@frozen_dataclass
class _Pass:
    """One pass of a PNG's scanlines in its inflated data: where it starts, how many lines, and
    the bytes of one line (its filter byte included)."""

    start: int
    rows: int
    stride: int

    @property
    def end(self) -> int:
        return self.start + self.rows * self.stride


def _png_lines(width: int, height: int, bits_per_pixel: int, interlaced: bool) -> tuple[_Pass, ...]:
    """The scanline passes a PNG's header promises (one, or Adam7's seven less the empty ones).

    >>> _png_lines(750, 1050, 24, False)
    (_Pass(start=0, rows=1050, stride=2251),)
    >>> sum(p.rows * p.stride for p in _png_lines(3, 3, 8, True))
    15
    """
    passes = []
    start = 0
    for x0, y0, dx, dy in _ADAM7 if interlaced else ((0, 0, 1, 1),):
        columns, rows = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
        if columns and rows:
            passes.append(_Pass(start, rows, 1 + (columns * bits_per_pixel + 7) // 8))
            start = passes[-1].end
    return tuple(passes)


# Image data up to this size is inflated whole by libdeflate (the package's PNG encoder), which
# is many times quicker than zlib at it (55 poker cards: 0.26 s -> 0.015 s of CPU, issue 33).
# Larger data, and any stream libdeflate refuses, goes through zlib 64 KB in, 64 KB out at a
# time: memory stays bounded whatever the image's size, and zlib says what is wrong (libdeflate
# only that it failed). The two agree on what is whole: 30,000 damaged deflate streams, each
# accepted by both or refused by both, with the same output (issue 33's notes).
_WHOLE_AT_ONCE = 1 << 26
_PIECE = 1 << 16
_FILTERS = bytes(range(5))  # None, Sub, Up, Average, Paeth


def _check_png_data(data: bytes, passes: tuple[_Pass, ...], path: Path) -> None:
    expected = passes[-1].end if passes else 0
    if expected <= _WHOLE_AT_ONCE:
        try:
            inflated = deflate.zlib_decompress(data, expected + 1)  # one byte more: a longer stream shows
        except deflate.DeflateError:
            pass  # zlib, below, says what is wrong
        else:
            if len(inflated) == expected:
                _check_filters(inflated, 0, passes, path)
                return
    _check_png_pieces(data, passes, expected, path)


def _check_png_pieces(data: bytes, passes: tuple[_Pass, ...], expected: int, path: Path) -> None:
    inflater = zlib.decompressobj()
    produced = 0
    try:
        for start in range(0, len(data), _PIECE):
            pending = data[start : start + _PIECE]
            while produced <= expected:
                out = inflater.decompress(pending, _PIECE)
                _check_filters(out, produced, passes, path)
                produced += len(out)
                pending = inflater.unconsumed_tail
                if not pending and len(out) < _PIECE:  # this piece used up, and nothing held back
                    break
            if produced > expected:
                break
    except zlib.error as exc:
        raise RasterError(path, f"the PNG's image data is damaged ({exc})") from None
    if not inflater.eof or produced != expected:
        state = "is longer than its header says" if produced > expected else "ends early"
        amount = f"more than {expected}" if produced > expected else f"{produced} of {expected}"
        raise RasterError(path, f"the PNG's image data {state} ({amount} bytes); the file is damaged")


def _check_filters(piece: bytes | bytearray, offset: int, passes: tuple[_Pass, ...], path: Path) -> None:
    """Each scanline's first byte, where it falls in this piece of inflated data, is a filter type
    PNG defines: a PDF viewer given any other refuses the image (a slice a pass, no Python loop)."""
    end = offset + len(piece)
    for number, one in enumerate(passes):
        if one.end <= offset or one.start >= end:
            continue
        first = one.start + -(-(max(offset, one.start) - one.start) // one.stride) * one.stride
        found = piece[first - offset : min(end, one.end) - offset : one.stride].translate(None, _FILTERS)
        if found:
            line = next(
                index for index in range((first - one.start) // one.stride, one.rows)
                if piece[one.start + index * one.stride - offset] > 4
            )  # fmt: skip
            where = f"line {line + 1}" + (f" of pass {number + 1}" if len(passes) > 1 else "")
            raise RasterError(
                path, f"the PNG's {where} has filter type {found[0]}; PNG defines 0 to 4; the file is damaged"
            )


def _jpeg(raw: bytes, path: Path) -> Raster:
    position = 2
    frame: tuple[int, int, int, int] | None = None
    script: Script | None = None  # the scans, checked as libjpeg will read them
    huffman: set[tuple[int, int]] = set()  # (0 DC or 1 AC, table id) defined so far
    quantisation: set[int] = set()
    scans = 0
    dpi: tuple[float, float] | None = None
    note, adobe, orientation = "", False, 1
    profile_pieces: list[tuple[int, int, bytes]] = []  # (number, count, bytes) of each APP2 piece
    while True:
        if position + 2 > len(raw):
            raise RasterError(path, "the JPEG ends before its end-of-image marker; the file is damaged")
        if raw[position] != 0xFF:
            raise RasterError(path, f"the JPEG has no marker at byte {position}; the file is damaged")
        marker = raw[position + 1]
        if marker == 0xFF:  # fill byte
            position += 1
            continue
        if marker == 0xD9:  # end of image
            break
        if 0xD0 <= marker <= 0xD7 or marker == 0x01:
            position += 2
            continue
        if marker not in _SEGMENTS:
            raise RasterError(path, f"the JPEG has a marker 0xFF{marker:02X} at byte {position}, which "
                                    f"no JPEG decoder reads; the file is damaged")  # fmt: skip
        if position + 4 > len(raw):
            raise RasterError(path, "the JPEG ends inside a marker segment; the file is damaged")
        (length,) = struct.unpack(">H", raw[position + 2 : position + 4])
        segment = raw[position + 4 : position + 2 + length]
        if length < 2 or position + 2 + length > len(raw):
            raise RasterError(path, "the JPEG ends inside a marker segment; the file is damaged")
        if marker in _SOF:
            if frame is not None:
                raise RasterError(path, "the JPEG has two frame headers (SOF markers); the file is damaged")
            if marker not in _JPEG_READ:
                raise RasterError(path, f"the JPEG is {_JPEG_PROCESS[marker]}, which PDF cannot carry; {_RESAVE}")
            frame = _check_frame(segment, path)
            script = Script(_frame(segment, marker == 0xC2, path))
        elif marker == 0xC4:
            huffman |= _huffman_tables(segment, path)
        elif marker == 0xDB:
            quantisation |= _quantisation_tables(segment, path)
        elif marker == 0xDD and length != 4:
            raise RasterError(path, f"the JPEG's restart interval (DRI) segment is {length} bytes long; it must "
                                    "be 4; the file is damaged")  # fmt: skip
        elif marker == 0xCC:
            raise RasterError(path, "the JPEG has arithmetic-coding conditioning (DAC), which a Huffman-coded "
                                    "JPEG has not; the file is damaged")  # fmt: skip
        elif marker == 0xDA:
            if script is None:
                raise RasterError(
                    path, "the JPEG's image data comes before its frame header (SOF); the file is damaged"
                )
            _check_scan(segment, script.frame, huffman, quantisation, path)
            scans += 1
        elif marker == 0xE0 and segment.startswith(b"JFIF\x00") and len(segment) >= 12:
            unit, x, y = struct.unpack(">BHH", segment[7:12])
            if unit in (1, 2):  # 0: only the pixels' proportions
                factor = 1.0 if unit == 1 else 2.54
                dpi, note = _plausible(
                    (x * factor, y * factor), f"its JFIF header says {x} x {y} dots a {('inch', 'cm')[unit - 1]}"
                )
        elif marker == 0xE1 and segment.startswith(b"Exif\x00\x00") and orientation == 1:
            orientation = exif_orientation(segment)
        elif marker == 0xEE and segment.startswith(b"Adobe"):
            adobe = True
        elif marker == 0xE2 and segment.startswith(_JPEG_PROFILE) and len(segment) >= len(_JPEG_PROFILE) + 2:
            number, count = segment[len(_JPEG_PROFILE)], segment[len(_JPEG_PROFILE) + 1]
            profile_pieces.append((number, count, segment[len(_JPEG_PROFILE) + 2 :]))
        position += 2 + length
        if marker == 0xDA:  # start of scan: entropy-coded data runs to the next real marker
            found = _NEXT_MARKER.search(raw, position)
            if found is None:
                raise RasterError(path, "the JPEG's image data is cut short (no end-of-image marker)")
            if script is not None:  # always, past the SOS branch above
                _refuse(path, script.add(_scan(segment), found.start() - position))
            position = found.start()
    if frame is None or script is None:
        raise RasterError(path, "the JPEG has no frame header (SOF) giving its size")
    if not scans:
        raise RasterError(path, "the JPEG has no image data (no SOS scan); the file is damaged")
    _refuse(path, script.finish())
    width, height, channels, depth = frame
    return Raster("jpeg", width, height, dpi, channels, depth, raw, inverted_cmyk=adobe and channels == 4,
                  orientation=orientation, dpi_note=note, icc=_jpeg_profile(profile_pieces, path))  # fmt: skip


_JPEG_PROFILE = b"ICC_PROFILE\0"


def _jpeg_profile(pieces: list[tuple[int, int, bytes]], path: Path) -> bytes | None:
    """A JPEG's ICC profile: its APP2 pieces, numbered 1 to their count, joined in order."""
    if not pieces:
        return None
    count = pieces[0][1]
    numbers = sorted(number for number, _, _ in pieces)
    if count == 0 or numbers != list(range(1, count + 1)) or any(total != count for _, total, _ in pieces):
        raise RasterError(path, f"the JPEG's colour profile is in {len(pieces)} pieces (APP2), numbered "
                                f"{', '.join(map(str, numbers[:8]))} of {count}; the file is damaged")  # fmt: skip
    return b"".join(piece for _, _, piece in sorted(pieces))


def _huffman_tables(segment: bytes, path: Path) -> set[tuple[int, int]]:
    """The (class, id) of each Huffman table a DHT segment defines, its lengths adding up, its codes
    fitting their lengths and a DC table's symbols (difference sizes) at most 15."""
    tables, at = set(), 0
    while at < len(segment):
        kind, counts = segment[at], segment[at + 1 : at + 17]
        symbols = sum(counts)
        if kind >> 4 > 1 or kind & 15 > 3 or len(counts) < 16 or symbols > 256 or at + 17 + symbols > len(segment):
            raise RasterError(path, f"the JPEG's Huffman table (DHT) at byte {at} of its segment is damaged")
        if not _huffman_codes_fit(counts) or (
            kind >> 4 == 0 and max(segment[at + 17 : at + 17 + symbols], default=0) > 15
        ):
            raise RasterError(path, f"the JPEG's Huffman table (DHT) at byte {at} of its segment is damaged")
        tables.add((kind >> 4, kind & 15))
        at += 17 + symbols
    return tables


def _huffman_codes_fit(counts: bytes) -> bool:
    """Whether ``counts`` (how many codes of each length, 1 to 16 bits) can be canonical Huffman
    codes leaving the all-ones code unused, as libjpeg requires (jdhuff.c) before it decodes.

    >>> _huffman_codes_fit(bytes([1, 1] + [0] * 14)), _huffman_codes_fit(bytes([2] + [0] * 15))
    (True, False)
    """
    code = 0
    for length, count in enumerate(counts, start=1):
        code += count
        if count and code >= 1 << length:
            return False
        code <<= 1
    return True


def _quantisation_tables(segment: bytes, path: Path) -> set[int]:
    """The id of each quantisation table a DQT segment defines (64 values of 8 or 16 bits)."""
    tables, at = set(), 0
    while at < len(segment):
        precision, table = segment[at] >> 4, segment[at] & 15
        size = 1 + 64 * (precision + 1)
        if precision > 1 or table > 3 or at + size > len(segment):
            raise RasterError(path, f"the JPEG's quantisation table (DQT) at byte {at} of its segment is damaged")
        tables.add(table)
        at += size
    return tables


def _check_scan(
    segment: bytes,
    frame: Frame,
    huffman: set[tuple[int, int]],
    quantisation: set[int],
    path: Path,
) -> None:
    """A scan header (SOS) names components of the frame and tables already defined: a decoder
    meeting an undefined one stops, so a PDF viewer would show nothing."""
    components = {component.id: component.table for component in frame.components}
    progressive = frame.progressive
    count = segment[0] if segment else 0
    if not 1 <= count <= 4 or len(segment) != 4 + 2 * count:
        raise RasterError(path, f"the JPEG's scan header (SOS) is {len(segment)} bytes for {count} components; "
                                "the file is damaged")  # fmt: skip
    start, end, approximation = segment[1 + 2 * count], segment[2 + 2 * count], segment[3 + 2 * count]
    if not _scan_band_valid(start, end, approximation >> 4, approximation & 15, count, progressive):
        raise RasterError(
            path, f"the JPEG's scan header (SOS) gives spectral band {start} to {end} and approximation "
            f"{approximation >> 4}/{approximation & 15}, which a {'progressive' if progressive else 'sequential'} "
            "JPEG cannot have; the file is damaged",
        )  # fmt: skip
    for index in range(count):
        component, tables = segment[1 + 2 * index], segment[2 + 2 * index]
        if component not in components:
            raise RasterError(path, f"the JPEG's scan names component {component}, which its frame has not; "
                                    "the file is damaged")  # fmt: skip
        if components[component] not in quantisation:
            raise RasterError(path, f"the JPEG's component {component} uses quantisation table "
                                    f"{components[component]}, which no DQT defines; the file is damaged")  # fmt: skip
        # A progressive scan codes DC (its first pass with a DC table, refinements with none) or AC.
        needed = [(0, tables >> 4), (1, tables & 15)]
        if progressive:
            needed = [] if start == 0 and approximation >> 4 else [needed[0] if start == 0 else needed[1]]
        for kind, table in needed:
            if (kind, table) not in huffman:
                raise RasterError(path, f"the JPEG's scan uses {('DC', 'AC')[kind]} Huffman table {table}, which "
                                        "no DHT defines; the file is damaged")  # fmt: skip


def _scan_band_valid(start: int, end: int, high: int, low: int, count: int, progressive: bool) -> bool:
    """The spectral selection and successive approximation a scan may give (ITU T.81 G.1.1.1.1,
    as libjpeg checks them): a sequential scan codes all 64 coefficients at once; a progressive
    one a DC band (of any components) or an AC band of one component, each refinement one bit.

    >>> _scan_band_valid(0, 63, 0, 0, 3, False), _scan_band_valid(202, 63, 1, 0, 1, True)
    (True, False)
    """
    if not progressive:
        return (start, end, high, low) == (0, 63, 0, 0)
    band = end == 0 if start == 0 else (start <= end <= 63 and count == 1)
    return band and low <= 13 and (high == 0 or low == high - 1)


def _refuse(path: Path, refusal: Refusal | None) -> None:
    if refusal is not None:
        remedy = "the file is damaged" if refusal.remedy is Remedy.DAMAGED else _RESAVE
        raise RasterError(path, f"{refusal.reason}; {remedy}")


def _frame(segment: bytes, progressive: bool, path: Path) -> Frame:
    """The frame header (checked whole by :func:`_check_frame`) as libjpeg will read it."""
    _, height, width, count = struct.unpack(">BHHB", segment[:6])
    parts = [segment[6 + 3 * n : 9 + 3 * n] for n in range(count)]
    frame = Frame(width, height, tuple(Component(a, b >> 4, b & 15, c) for a, b, c in parts), progressive)
    _refuse(path, frame.problem())
    return frame


def _scan(segment: bytes) -> Scan:
    """A scan header (checked whole by :func:`_check_scan`)."""
    count = segment[0]
    bits = segment[3 + 2 * count]
    ids = tuple(segment[1 + 2 * n] for n in range(count))
    return Scan(ids, segment[1 + 2 * count], segment[2 + 2 * count], bits >> 4, bits & 15)


def _check_frame(frame: bytes, path: Path) -> tuple[int, int, int, int]:
    """A JPEG frame header's size, components and precision, refused unless a PDF's DCTDecode
    and Pillow both read it: 8-bit samples, 1 (grey), 3 (YCbCr or RGB) or 4 (CMYK) components."""
    if len(frame) < 6:
        raise RasterError(path, f"the JPEG's frame header (SOF) is {len(frame)} bytes; the file is damaged")
    depth, height, width, channels = struct.unpack(">BHHB", frame[:6])
    if depth != 8:
        raise RasterError(path, f"the JPEG has {depth}-bit samples; PDF carries only 8-bit JPEGs; {_RESAVE}")
    if channels not in (1, 3, 4):
        raise RasterError(
            path,
            f"the JPEG has {channels} colour components; a PDF carries 1 (grey), 3 (colour) or 4 (CMYK); {_RESAVE}",
        )
    if len(frame) != 6 + 3 * channels:
        raise RasterError(
            path, f"the JPEG's frame header (SOF) is {len(frame)} bytes for {channels} components; the file is damaged"
        )
    for index in range(channels):
        sampling, table = frame[7 + 3 * index], frame[8 + 3 * index]
        if not (1 <= sampling >> 4 <= 4 and 1 <= sampling & 15 <= 4) or table > 3:
            raise RasterError(path, f"the JPEG's component {index + 1} has sampling {sampling:#04x}, "
                                    f"table {table}; the file is damaged")  # fmt: skip
    if not width or not height:
        raise RasterError(path, f"the JPEG's frame header says {width} x {height} pixels; the file is damaged")
    return width, height, channels, depth


def _webp(raw: bytes, path: Path) -> Raster:
    """A still WebP's size from its first chunk (lossy ``VP8``, lossless ``VP8L`` or extended
    ``VP8X``); its bitstream is left to the decoder, which ``validate`` runs on head art."""
    (size,) = struct.unpack("<I", raw[4:8])
    if size + 8 > len(raw) or len(raw) < 20:
        raise RasterError(path, f"the WebP is cut short ({len(raw)} of {size + 8} bytes); the file is damaged")
    kind, (length,) = raw[12:16], struct.unpack("<I", raw[16:20])
    body = raw[20 : 20 + length]
    alpha = False
    if len(body) < length:
        raise RasterError(path, "the WebP is cut short inside its first chunk; the file is damaged")
    profile = None
    if kind == b"VP8X" and length >= 10:
        if body[0] & 0x02:
            raise RasterError(path, "the WebP is animated; give a still image")
        width, height = 1 + int.from_bytes(body[4:7], "little"), 1 + int.from_bytes(body[7:10], "little")
        alpha = bool(body[0] & 0x10)
        profile = _webp_profile(raw, 20 + length + (length & 1), path) if body[0] & 0x20 else None
    elif kind == b"VP8L" and length >= 5 and body[0] == 0x2F:
        bits = int.from_bytes(body[1:5], "little")
        width, height, alpha = (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1, bool(bits >> 28 & 1)
    elif kind == b"VP8 " and length >= 10 and body[3:6] == b"\x9d\x01\x2a":
        width, height = (int.from_bytes(body[6:8], "little") & 0x3FFF, int.from_bytes(body[8:10], "little") & 0x3FFF)
        if not width or not height:
            raise RasterError(path, f"the WebP's frame says {width} x {height} pixels; the file is damaged")
    else:
        raise RasterError(
            path, f"the WebP's first chunk ({shown(kind.decode('latin-1'))}) is not an image; the file is damaged"
        )
    return Raster("webp", width, height, None, 4 if alpha else 3, 8, b"", transparent=alpha, icc=profile)


def _webp_profile(raw: bytes, position: int, path: Path) -> bytes:
    """The ICCP chunk that an extended WebP whose header says it has a profile holds next."""
    if raw[position : position + 4] != b"ICCP" or position + 8 > len(raw):
        raise RasterError(path, "the WebP says it has a colour profile, but no ICCP chunk follows; the file is damaged")
    (length,) = struct.unpack("<I", raw[position + 4 : position + 8])
    if position + 8 + length > len(raw):
        raise RasterError(path, "the WebP is cut short inside its colour profile (ICCP); the file is damaged")
    return raw[position + 8 : position + 8 + length]


_PNG_TEXT = (b"tEXt", b"zTXt", b"iTXt")


def png_without_text(raw: bytes) -> bytes:
    """A PNG's bytes without its text chunks (``tEXt``, ``zTXt``, ``iTXt``: comments, XMP
    metadata), which nothing prints: Pillow refuses a compressed one that inflates past 1 MB, as an
    editor's XMP may, and reads each in Python. Other bytes are returned as they are.

    >>> text = struct.pack(">I", 3) + b"tEXta\\0b" + struct.pack(">I", zlib.crc32(b"tEXta\\0b"))
    >>> png_without_text(PNG_SIGNATURE + text) == PNG_SIGNATURE, png_without_text(b"GIF89a") == b"GIF89a"
    (True, True)
    """
    if not raw.startswith(PNG_SIGNATURE):
        return raw
    kept = [PNG_SIGNATURE]
    position = len(PNG_SIGNATURE)
    while position + 12 <= len(raw):
        (length,) = struct.unpack(">I", raw[position : position + 4])
        end = position + 12 + length
        if raw[position + 4 : position + 8] not in _PNG_TEXT:
            kept.append(raw[position:end])
        position = end
    return b"".join(kept) + raw[position:]  # a damaged end as it was, for the decoder to refuse


__all__ = [
    "PNG_SIGNATURE",
    "Raster",
    "RasterError",
    "check_data",
    "checking_many",
    "exif_orientation",
    "png_without_text",
    "read_raster",
]
