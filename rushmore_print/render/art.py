"""Head art as the renderers draw it: decoded once per build and reduced to what print needs."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from ..errors import BuildError
from ..inputs import InputKind, shown_path
from .normalise import decode_file

if TYPE_CHECKING:
    from ..spec import Design
    from .colour import CmykConverter


@functools.lru_cache(maxsize=32)
def art_image(path: str, pixels: int) -> Image.Image:
    """The image at ``path`` in RGBA, reduced (never enlarged) so its longer side is at most
    ``pixels`` (0: as it is). Both renderers draw this, so PDF and PNG show the same pixels, and
    a large photo costs its decoding once, not once per page or per file. The file is read
    through the trust boundary and decoded by the one normaliser (16-bit grey keeps its greys,
    EXIF orientation applied), so what ``validate`` read is what prints."""
    image = decode_file(path, InputKind.ART_IMAGE, pixels).convert("RGBA")
    _check_seen(image, path)
    if pixels and max(image.size) > pixels:
        image.thumbnail((pixels, pixels), Image.Resampling.LANCZOS)
    return image


# Alpha at or below this is a hole in CMYK output (art_image_cmyk) and next to nothing in RGB.
MOST_UNSEEN_ALPHA = 127


def _check_seen(image: Image.Image, path: str | Path) -> None:
    """Refuse art of which no pixel is even half opaque: the head would print as nothing, so
    nobody could tell which way it faces (a transparent PNG once passed validate and build)."""
    most = image.getchannel("A").getextrema()[1] if "A" in image.getbands() else 255  # a band's (low, high)
    if isinstance(most, (int, float)) and most <= MOST_UNSEEN_ALPHA:
        raise BuildError(
            f"{shown_path(path)}: no pixel of it is even half opaque, so the head would print as nothing; "
            "give art that draws the head"
        )


# Colour-key masking (PDF 1.3) instead of a soft mask: PDF/X-1a allows no transparency. Pixels
# the art leaves transparent are set to this near-white key and masked out; an opaque pixel of
# exactly this value would be masked too, a speck nobody can see.
TRANSPARENT_KEY = (1, 2, 3, 0)


@functools.lru_cache(maxsize=32)
def art_image_cmyk(path: str, pixels: int, cmyk: CmykConverter) -> tuple[Image.Image, list[int]]:
    """The art in the output profile's CMYK under the ink limit, with the colour-key mask that
    cuts out what was transparent: (image, mask ranges for reportlab's ``drawImage``). Each art
    is converted once per profile, however many heads and files draw it."""
    rgba = art_image(path, pixels)
    alpha = rgba.getchannel("A")
    flat = Image.new("RGB", rgba.size, (255, 255, 255))
    flat.paste(rgba, mask=alpha)
    converted = cmyk.image(flat)
    hole = alpha.point(lambda value: 255 if value < 128 else 0)
    converted.paste(Image.new("CMYK", converted.size, TRANSPARENT_KEY), mask=hole)
    return converted, [v for value in TRANSPARENT_KEY for v in (value, value)]


def art_problems(design: Design) -> list[str]:
    """Every head's image art decoded as ``build`` decodes it, for ``validate``: the structure
    check (``rasters.py``) cannot see damage inside a JPEG's or WebP's coded data, the decoder
    can, so what validate passes, build draws. One line per image the decoder refuses.

    >>> import tempfile
    >>> from dataclasses import replace
    >>> from pathlib import Path
    >>> from rushmore_print import load_design
    >>> design = load_design()
    >>> art_problems(design)
    []
    >>> with tempfile.NamedTemporaryFile(suffix=".png") as damaged:
    ...     _ = damaged.write(b"\\x89PNG not really")
    ...     damaged.flush()
    ...     heads = (replace(design.heads[0], art=Path(damaged.name)), *design.heads[1:])
    ...     print(*art_problems(replace(design, heads=heads)))
    heads.1.art: ...: cannot decode the image (cannot identify image file); save it again as a PNG or JPEG
    """
    problems = []
    for number, head in enumerate(design.heads, start=1):
        if head.art is None or head.vector is not None:
            continue
        try:
            # not the cache: build asks for other sizes
            _check_seen(decode_file(head.art, InputKind.ART_IMAGE), head.art)
        except BuildError as exc:
            problems.append(f"heads.{number}.art: {exc}")
    return problems


def decode_art(symbols: dict) -> None:
    """Decode every art image the symbols use, once, before the workers fork (they share it).

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import symbols
    >>> decode_art(symbols(load_design()))  # the built-in heads are drawings: nothing to decode
    """
    from ..layout.items import Group
    from ..layout.items import Image as ImageItem

    def walk(items) -> None:
        for item in items:
            if isinstance(item, ImageItem):
                art_image(item.path, item.pixels)
            elif isinstance(item, Group):
                walk(item.items)

    for symbol in symbols.values():
        walk(symbol.items)


__all__ = ["TRANSPARENT_KEY", "art_image", "art_image_cmyk", "art_problems", "decode_art"]
