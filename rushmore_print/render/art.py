"""Head art as the renderers draw it: decoded once per build and reduced to what print needs."""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, ImageChops

from ..errors import BuildError
from ..readers.inputs import InputKind, shown, shown_path
from .normalise import decode_file

if TYPE_CHECKING:
    from ..design import Design
    from ..readers.svg_art import Drawing
    from .colour import CmykConverter


def art_image(path: str, pixels: int) -> Image.Image:
    """The image at ``path`` in RGBA, reduced (never enlarged) so its longer side is at most
    ``pixels`` (0: as it is). Both renderers draw this, so PDF and PNG show the same pixels, and
    a large photo costs its decoding once, not once per page or per file. The file is read
    through the trust boundary and decoded by the one normaliser (16-bit grey keeps its greys,
    EXIF orientation applied), so what ``validate`` read is what prints.

    The decoding is cached by the file's name, time and size: ``preview --watch`` rebuilds in
    one process, and a cache by name alone kept drawing the art as it was before an edit.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "h.png")
    ...     Image.new("RGB", (4, 4), (200, 0, 0)).save(path)
    ...     before = art_image(path, 0).getpixel((0, 0))
    ...     Image.new("RGB", (4, 4), (0, 0, 200)).save(path)
    ...     os.utime(path, ns=(0, os.stat(path).st_mtime_ns + 10**9))  # saved a second later
    ...     before, art_image(path, 0).getpixel((0, 0))
    ((200, 0, 0, 255), (0, 0, 200, 255))
    """
    return _art_image(path, pixels, _stamp(path))


def _stamp(path: str) -> tuple[int, int]:
    """What tells one version of a file from the next: its modification time and size."""
    try:
        info = os.stat(path)
    except OSError:
        return (0, 0)  # the reader says why
    return (info.st_mtime_ns, info.st_size)


@functools.lru_cache(maxsize=32)
def _art_image(path: str, pixels: int, _stamp: tuple[int, int]) -> Image.Image:
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


def art_image_cmyk(path: str, pixels: int, cmyk: CmykConverter) -> tuple[Image.Image, list[int]]:
    """The art in the output profile's CMYK under the ink limit, with the colour-key mask that
    cuts out what was transparent: (image, mask ranges for reportlab's ``drawImage``). Each art
    is converted once per profile and version of the file, however many heads and files draw it.

    >>> import tempfile, os
    >>> from .colour import converter
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "h.png")
    ...     Image.new("RGBA", (4, 4), (200, 0, 0, 255)).save(path)
    ...     image, mask = art_image_cmyk(path, 0, converter(None))
    >>> image.mode, image.size, mask
    ('CMYK', (4, 4), [1, 1, 2, 2, 3, 3, 0, 0])
    """
    return _art_image_cmyk(path, pixels, cmyk, _stamp(path))


@functools.lru_cache(maxsize=32)
def _art_image_cmyk(
    path: str, pixels: int, cmyk: CmykConverter, stamp: tuple[int, int]
) -> tuple[Image.Image, list[int]]:
    rgba = _art_image(path, pixels, stamp)
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
        except BuildError as exc:  # named as the design names it, not by its whole path
            reason = str(exc).removeprefix(f"{head.art}: ")
            problems.append(f"heads.{number}.art: {head.art.name!r}: {reason}")
    return problems


# A pixel "changes" when mirroring moves its grey by more than this (of 255): JPEG noise stays below.
MIRROR_GREY_STEP = 24
# Art of which fewer pixels than this change when mirrored faces no way a player can see.
LEAST_MIRRORED_SHARE = 0.01


def mirrored_share(image: Image.Image) -> float:
    """The share of the art's pixels that visibly change when it is mirrored, over a mid grey
    and reduced to at most 96 px: 0 for art that is the same facing either way.

    >>> from PIL import ImageDraw
    >>> plain = Image.new("RGBA", (60, 108), (200, 40, 40, 255))
    >>> profile = plain.copy()
    >>> ImageDraw.Draw(profile).rectangle((0, 20, 20, 60), fill=(20, 20, 20, 255))  # a nose on the left
    >>> mirrored_share(plain), round(mirrored_share(profile), 2)
    (0.0, 0.27)
    """
    small = image.convert("RGBA")
    small.thumbnail((96, 96))
    flat = Image.new("RGB", small.size, (128, 128, 128))
    flat.paste(small, mask=small.getchannel("A"))
    grey = flat.convert("L")
    moved = ImageChops.difference(grey, grey.transpose(Image.Transpose.FLIP_LEFT_RIGHT))
    changed = moved.point(lambda value: 255 if value > MIRROR_GREY_STEP else 0).histogram()[255]
    return changed / (small.width * small.height)


def drawing_image(drawing: Drawing, most_side: int = 96) -> Image.Image:
    """SVG art drawn roughly (curves by a few points, strokes left out) at ``most_side`` pixels
    along its longer side, transparent around the shapes: enough to compare it with its mirror.

    >>> from ..readers.svg_art import parse
    >>> svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><rect width="5" height="20" fill="red"/>'
    >>> svg += "</svg>"
    >>> image = drawing_image(parse(svg))
    >>> image.size, image.getpixel((10, 50)), image.getpixel((40, 50))[3]
    ((48, 96), (255, 0, 0, 255), 0)
    """
    from PIL import ImageDraw

    x0, y0, width, height = drawing.view
    scale = most_side / max(width, height)
    image = Image.new("RGBA", (max(1, round(width * scale)), max(1, round(height * scale))), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)

    def at(x: float, y: float) -> tuple[float, float]:
        return ((x - x0) * scale, (y - y0) * scale)

    for shape in drawing.shapes:
        if shape.fill is None:
            continue
        colour = (*(round(c * 255) for c in shape.fill), round(shape.fill_opacity * 255))
        outline: list[tuple[float, float]] = []
        for command in (*shape.commands, ("M", 0.0, 0.0)):
            if command[0] in "MZ" and len(outline) > 2:
                pen.polygon(outline, fill=colour)
            if command[0] in "MZ":
                outline = [at(*command[1:3])] if command[0] == "M" else []
            elif command[0] == "L":
                outline.append(at(*command[1:3]))
            elif command[0] == "C":
                outline += [at(*command[i : i + 2]) for i in (1, 3, 5)]  # the control points: close enough
    return image


def art_warnings(design: Design) -> list[str]:
    """The heads whose image art looks the same mirrored: each card draws a head facing the
    second direction as its art mirrored, so players could not tell which way it faces (a flat
    colour, a face from the front). A warning: ``validate --strict`` fails on it.

    >>> from rushmore_print import load_design
    >>> art_warnings(load_design())  # the built-in heads are drawings, in profile
    []
    """
    found = []
    for number, head in enumerate(design.heads, start=1):
        if head.art is None:
            continue
        try:
            # drawn at 4x and reduced: the reduction smooths the edges, which a drawing's
            # rounding to pixels would otherwise make differ from their mirror by a column
            picture = drawing_image(head.vector, 384) if head.vector is not None else art_image(str(head.art), 256)
            share = mirrored_share(picture)
        except BuildError:
            continue  # art_problems says why it cannot be read
        if share < LEAST_MIRRORED_SHARE:
            found.append(
                f"heads.{number}.art: {shown(head.art.name)} looks the same mirrored ({share * 100:.1f} % of it "
                "changes), so players could not tell which way the head faces; draw it facing the first direction"
            )
    return found


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


__all__ = [
    "TRANSPARENT_KEY",
    "art_image",
    "art_image_cmyk",
    "art_problems",
    "art_warnings",
    "decode_art",
    "drawing_image",
    "mirrored_share",
]
