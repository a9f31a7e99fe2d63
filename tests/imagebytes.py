"""PNG and JPEG files written byte by byte, so a test can make a header that lies (a chunk of the
wrong length, a bit depth PNG does not define, a JPEG frame of 2 components) and pixel data whose
every value it knows. Shared by the image tests and the image fuzzer."""

from __future__ import annotations

import io
import random
import shutil
import struct
import subprocess
import zlib
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


def chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk with its length and a valid CRC."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def pack_row(samples: Sequence[int], depth: int) -> bytes:
    """Samples of ``depth`` bits packed into a scanline's bytes, big-endian as PNG stores them.

    >>> pack_row([1, 0, 3, 2], 2).hex(), pack_row([300], 16).hex()
    ('4e', '012c')
    """
    if depth == 16:
        return b"".join(struct.pack(">H", value) for value in samples)
    if depth == 8:
        return bytes(samples)
    out, bits, filled = bytearray(), 0, 0
    for value in samples:
        bits, filled = (bits << depth) | value, filled + depth
        if filled == 8:
            out.append(bits)
            bits, filled = 0, 0
    if filled:
        out.append(bits << (8 - filled))
    return bytes(out)


def png(
    width: int,
    height: int,
    depth: int = 8,
    colour: int = 2,
    rows: Sequence[Sequence[int]] | None = None,
    *,
    before_data: Sequence[tuple[bytes, bytes]] = (),
    header: bytes | None = None,
    filter_byte: int = 0,
    data: bytes | None = None,
    interlaced: bool = False,
) -> bytes:
    """A PNG of ``rows`` (each a list of samples, channels interleaved; default all zero) written
    with filter type ``filter_byte`` (0: none) on every line, in Adam7 passes when ``interlaced``;
    ``before_data`` chunks go between the header and the image data; ``header`` replaces the IHDR
    body, ``data`` the zlib stream."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour, 3)
    if rows is None:
        rows = [[0] * (width * channels)] * height
    if data is None:
        lines = [list(row) for row in rows]
        if interlaced:
            lines = [
                [sample for x in range(x0, width, dx) for sample in rows[y][x * channels : (x + 1) * channels]]
                for x0, y0, dx, dy in ADAM7
                if x0 < width
                for y in range(y0, height, dy)
            ]
        data = zlib.compress(b"".join(bytes([filter_byte]) + pack_row(line, depth) for line in lines))
    if header is None:
        header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, int(interlaced))
    extra = b"".join(chunk(kind, body) for kind, body in before_data)
    return PNG_SIGNATURE + chunk(b"IHDR", header) + extra + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def phys(x: int, y: int, unit: int = 1) -> tuple[bytes, bytes]:
    """A pHYs chunk: ``x`` and ``y`` pixels a metre (unit 1) or only their proportions (unit 0)."""
    return b"pHYs", struct.pack(">IIB", x, y, unit)


def jpeg(mode: str = "RGB", size: tuple[int, int] = (32, 24), colour: object = (200, 60, 30), **save) -> bytes:
    """A JPEG that Pillow writes (quality 95 unless said), one colour all over."""
    out = io.BytesIO()
    Image.new(mode, size, colour).save(out, format="JPEG", **{"quality": 95, **save})
    return out.getvalue()


def noisy_jpeg(size: tuple[int, int] = (150, 210), seed: int = 1, **save) -> bytes:
    """A colour JPEG of random pixels (at 60 dpi unless said): its coded data is kilobytes long,
    so damage to it can be placed well inside a scan."""
    rng = random.Random(seed)
    image = Image.frombytes("RGB", size, bytes(rng.randrange(256) for _ in range(size[0] * size[1] * 3)))
    out = io.BytesIO()
    image.save(out, format="JPEG", **{"quality": 90, "dpi": (60, 60), **save})
    return out.getvalue()


def scan_on_other_tables(raw: bytes) -> bytes:
    """``raw`` (a colour JPEG from Pillow) with its first scan's first component pointed at the
    chroma Huffman tables: every marker and table whole, the coded data decoded wrong."""
    sos = raw.index(b"\xff\xda")
    return raw[: sos + 6] + b"\x11" + raw[sos + 7 :]


def coded_data_cut(raw: bytes, keep: int = 300, last: bool = False) -> bytes:
    """``raw`` (a JPEG) with its first scan's (or ``last`` scan's) coded data cut after ``keep``
    bytes and the end-of-image marker put straight after: the markers walk, the scan ends early."""
    sos = raw.rindex(b"\xff\xda") if last else raw.index(b"\xff\xda")
    start = sos + 2 + struct.unpack(">H", raw[sos + 2 : sos + 4])[0]
    return raw[: start + keep] + b"\xff\xd9"


def with_frame(
    raw: bytes, marker: int | None = None, precision: int | None = None, components: int | None = None
) -> bytes:
    """``raw`` (a JPEG) with its frame header (SOF) changed: another process ``marker`` (0xC3:
    lossless), sample ``precision`` or number of ``components`` (each 1x1 sampled, table 0); a
    file whose markers cannot be walked to its frame header is returned as it is."""
    position = 2
    while position + 4 <= len(raw) and raw[position] == 0xFF:  # a damaged file: kept as it is
        kind = raw[position + 1]
        (length,) = struct.unpack(">H", raw[position + 2 : position + 4])
        if 0xC0 <= kind <= 0xCF and kind not in (0xC4, 0xC8, 0xCC):
            body = bytearray(raw[position + 4 : position + 2 + length])
            if precision is not None:
                body[0] = precision
            if components is not None:
                body = body[:5] + bytes([components]) + b"".join(bytes([n + 1, 0x11, 0]) for n in range(components))
            segment = bytes([0xFF, marker if marker is not None else kind]) + struct.pack(">H", len(body) + 2)
            return raw[:position] + segment + bytes(body) + raw[position + 2 + length :]
        position += 2 + length
    return raw


def pdf_problems(path: Path, dpi: int = 20) -> list[str]:
    """What ``qpdf --check`` and ``pdftoppm`` (when installed) say is wrong with the PDF at
    ``path``: nothing for a file every viewer shows. pdftoppm exits 0 over a broken image, so its
    complaints on stderr count too."""
    problems = []
    if shutil.which("qpdf"):
        done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        if done.returncode != 0 or "No syntax or stream encoding errors" not in done.stdout:
            problems.append(f"qpdf: {done.stdout.strip()[-300:]} {done.stderr.strip()[-300:]}")
    if shutil.which("pdftoppm"):
        done = subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(path)], capture_output=True)
        if done.returncode != 0 or done.stderr.strip():
            problems.append(f"pdftoppm: exit {done.returncode} {done.stderr.decode(errors='replace').strip()[-300:]}")
    return problems


def _s15(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def _tag_xyz(x: float, y: float, z: float) -> bytes:
    return b"XYZ " + bytes(4) + _s15(x) + _s15(y) + _s15(z)


def _tag_desc(text: str) -> bytes:
    ascii_text = text.encode("ascii") + b"\0"
    return b"desc" + bytes(4) + struct.pack(">I", len(ascii_text)) + ascii_text + bytes(8) + bytes(3) + bytes(67)


# ProPhoto RGB (ROMM RGB): its D50 colorants and a gamma of 1.8, the wide space photographers edit in.
PROPHOTO = {"rXYZ": (0.7977, 0.2880, 0.0), "gXYZ": (0.1352, 0.7119, 0.0), "bXYZ": (0.0313, 0.0001, 0.8249)}


def rgb_profile(description: str = "ProPhoto RGB (test)", colorants: dict = PROPHOTO, gamma: float = 1.8) -> bytes:
    """An ICC version 2 matrix/TRC RGB display profile written byte by byte (ICC.1:2001-04): the
    kind of profile a photo editor embeds in art, here ProPhoto RGB unless told."""
    curve = b"curv" + bytes(4) + struct.pack(">IH", 1, round(gamma * 256))
    tags = [
        (b"desc", _tag_desc(description)),
        (b"wtpt", _tag_xyz(0.9642, 1.0, 0.8249)),
        (b"cprt", b"text" + bytes(4) + b"CC0\0"),
    ]
    tags += [(name.encode(), _tag_xyz(*xyz)) for name, xyz in colorants.items()]
    tags += [(name, curve) for name in (b"rTRC", b"gTRC", b"bTRC")]
    offset = 128 + 4 + 12 * len(tags)
    table, bodies = b"", b""
    for name, body in tags:
        body += bytes(-len(body) % 4)
        table += name + struct.pack(">II", offset + len(bodies), len(body))
        bodies += body
    size = offset + len(bodies)
    header = (struct.pack(">I", size) + b"lcms" + bytes([2, 0x10, 0, 0]) + b"mntrRGB XYZ " + bytes(12) + b"acsp"
              + b"APPL" + bytes(4) + bytes(4) + bytes(4) + bytes(8) + bytes(4) + _s15(0.9642) + _s15(1.0)
              + _s15(0.8249) + b"lcms" + bytes(16) + bytes(28))  # fmt: skip
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + table + bodies
