"""PNG files written lean: every scanline unfiltered, deflated by libdeflate (and JPEG files, for a
print shop that takes only those: :func:`jpeg_bytes`).

Card images are flat colour with anti-aliased edges. For them PNG's per-line filters (Pillow
picks one a line by least absolute sum, as libpng does) lose to no filter at all: a flat run or a
row like the one above is a long deflate match either way, and unfiltered edges keep repeating
as they are, where filtered ones do not. Measured on the classic deck (``bench/bench_export.py``):
no filter and libdeflate level 9 write 0.69 of Pillow's bytes at its level 6, in half its time;
stdlib zlib needs level 8 for 0.70 and takes 1.7x Pillow's time; oxipng level 2, 0.64 at 15x.

The bytes depend only on the pixels, the dpi and libdeflate's version (pinned in pyproject):
byte-identical rebuilds, as with Pillow's zlib before.

Every file says its pixels are sRGB (they are: the design's colours are sRGB, drawn as they
are), with the sRGB chunk and, for readers that know only those, the gAMA and cHRM chunks the PNG
specification gives for it: an untagged file is read in whatever working space the print shop's
software has set (Adobe RGB in many prepress set-ups), which shifts every colour.
"""

from __future__ import annotations

import functools
import struct
import zlib

import deflate
from PIL import Image

LEVEL = 9  # libdeflate's levels run to 12; 10-12 search exhaustively and cost 50x for 0.09 less
_COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}  # mode: (PNG colour type, bytes a pixel)
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# sRGB (rendering intent 0, perceptual), then its gAMA (1/2.2) and cHRM (the sRGB primaries and
# D65 white, in 1/100000), as the PNG specification's section on sRGB asks writers to add.
_SRGB_CHUNKS = (
    (b"sRGB", b"\0"),
    (b"gAMA", struct.pack(">I", 45455)),
    (b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)),
)


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """A PNG of ``image`` (L, RGB or RGBA, 8 bits; other modes go through Pillow) that records
    ``dpi`` and that its colours are sRGB.

    >>> from io import BytesIO
    >>> image = Image.new("RGB", (3, 2), (211, 47, 47))
    >>> again = Image.open(BytesIO(png_bytes(image, 300)))
    >>> again.tobytes() == image.tobytes(), [round(d) for d in again.info["dpi"]], again.info["srgb"]
    (True, [300, 300], 0)
    """
    if image.mode not in _COLOUR_TYPES:
        from io import BytesIO

        from PIL.PngImagePlugin import PngInfo

        tags = PngInfo()
        for kind, data in _SRGB_CHUNKS:
            tags.add(kind, data)
        buffer = BytesIO()
        image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=6, pnginfo=tags)
        return buffer.getvalue()
    colour_type, depth = _COLOUR_TYPES[image.mode]
    width, height = image.size
    stride = width * depth
    raw = image.tobytes()
    # filter type 0 (none) before each line
    lines = b"".join(b"\0" + raw[start : start + stride] for start in range(0, stride * height, stride))
    per_metre = int(dpi / 0.0254 + 0.5)  # as Pillow writes pHYs: pixels a metre, rounded
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)),
            *(_chunk(kind, data) for kind, data in _SRGB_CHUNKS),
            _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
            _chunk(b"IDAT", bytes(deflate.zlib_compress(lines, LEVEL))),
            _chunk(b"IEND", b""),
        )
    )


def jpeg_bytes(image: Image.Image, dpi: float) -> bytes:
    """A JPEG of ``image`` as a print shop asks for one (RGB, 'without compression'): quality 100,
    no chroma subsampling (a red marker's edge and a hairline keep their colour), ``dpi`` in
    its JFIF header, and an sRGB profile embedded, as the PNGs say sRGB.

    >>> from io import BytesIO
    >>> again = Image.open(BytesIO(jpeg_bytes(Image.new("RGB", (16, 8), (211, 47, 47)), 300)))
    >>> again.format, again.mode, [round(d) for d in again.info["dpi"]], "icc_profile" in again.info
    ('JPEG', 'RGB', [300, 300], True)
    """
    from io import BytesIO

    buffer = BytesIO()
    image.convert("RGB").save(
        buffer, format="JPEG", quality=100, subsampling=0, dpi=(round(dpi), round(dpi)), icc_profile=_srgb_profile()
    )
    return buffer.getvalue()


@functools.cache
def _srgb_profile() -> bytes:
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


__all__ = ["jpeg_bytes", "png_bytes"]
