"""Pixel measures of the card art, shared by the tests and ``bench/bench_art.py``.

The facing-contrast measure is the arm's-length test of issue 9: render a card with every head
facing one way and the same card with every head facing the other way, as the per-card print
PDF draws them, rasterise both with ``pdftoppm -r 40 -gray``, and count the share of pixels
whose grey differs by more than 48 levels. Heads that point show a large share.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from PIL import Image

from rushmore_print.layout.cards import card_frame, monument_face, search_face, symbols
from rushmore_print.layout.items import Document
from rushmore_print.layout.sheets import card_pages
from rushmore_print.model import Level, Monument, SearchCard
from rushmore_print.render.pdf import render_pdf
from rushmore_print.spec import Design

HAS_PDFTOPPM = shutil.which("pdftoppm") is not None


def rasterise(pdf: bytes, dpi: int = 40, gray: bool = True) -> list[Image.Image]:
    """Every page of ``pdf`` as pdftoppm draws it."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-r", str(dpi), "-gray" if gray else "-png", "-png", str(source), str(Path(folder) / "p")],
            check=True,
        )
        pages = sorted(Path(folder).glob("p*.png"))
        return [Image.open(page).copy() for page in pages]


def differing_share(a: Image.Image, b: Image.Image, threshold: int = 48) -> float:
    """The share of pixels whose values differ by more than ``threshold``."""
    first, second = a.convert("L").tobytes(), b.convert("L").tobytes()
    assert len(first) == len(second)
    return sum(1 for x, y in zip(first, second) if abs(x - y) > threshold) / len(first)


def facing_pair_pdf(design: Design) -> bytes:
    """Four per-card pages: Monuments all one way and all the other, then plain Search cards."""
    n = len(design.heads)
    frame = card_frame(design)
    left, right = (0,) * n, (1,) * n
    plain = (False,) * n
    faces = [
        monument_face(design, Monument("M01", left), frame),
        monument_face(design, Monument("M99", right), frame),
        search_face(design, SearchCard("S01", left, plain, "M01", Level.BASIC), frame),
        search_face(design, SearchCard("S01", right, plain, "M99", Level.BASIC), frame),
    ]
    return render_pdf(Document("facing", tuple(card_pages(frame, faces)), symbols(design)))


def facing_contrast(design: Design, dpi: int = 40) -> tuple[float, float]:
    """(Monuments, Search cards): the share of pixels that change when every head turns round."""
    pages = rasterise(facing_pair_pdf(design), dpi)
    return differing_share(pages[0], pages[1]), differing_share(pages[2], pages[3])


def render_symbol(symbol, key, dpi: float = 300.0) -> Image.Image:
    """One head drawing alone on white, through the PNG renderer, on a page symmetric about the
    head box (so that a mirrored drawing lands on the same pixels)."""
    from rushmore_print.layout.heads import HEAD_BOX
    from rushmore_print.layout.items import Page, Use
    from rushmore_print.render.png import render_page

    box = HEAD_BOX.grow(12.0)
    s = 0.2  # 100 units -> 20 mm, about a card's head
    page = Page(box.width * s, box.height * s, (Use(key, (s, 0.0, 0.0, s, -box.x * s, -box.y * s)),))
    return render_page(page, {key: symbol}, dpi)
