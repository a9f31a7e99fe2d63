"""Head art as the renderers draw it: decoded once per build and reduced to what print needs."""

from __future__ import annotations

import functools

from PIL import Image


@functools.lru_cache(maxsize=32)
def art_image(path: str, pixels: int) -> Image.Image:
    """The image at ``path`` in RGBA, reduced (never enlarged) so its longer side is at most
    ``pixels`` (0: as it is). Both renderers draw this, so PDF and PNG show the same pixels, and
    a large photo costs its decoding once, not once per page or per file."""
    with Image.open(path) as source:
        if pixels and source.format == "JPEG":
            source.draft("RGB", (pixels, pixels))  # let the JPEG decoder skip the detail we drop
        image = source.convert("RGBA")
    if pixels and max(image.size) > pixels:
        image.thumbnail((pixels, pixels), Image.Resampling.LANCZOS)
    return image


def decode_art(symbols: dict) -> None:
    """Decode every art image the symbols use, once, before the workers fork (they share it)."""
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
