"""Each card face as an SVG file for the browser table, from the same layout items as the PDFs
(:mod:`rushmore_print.render.svg`), trimmed to the card (no bleed: a screen has no cutter),
and the join QR code (segno, pure Python, drawn as SVG)."""

from __future__ import annotations

import io

import segno

from ..design import Design
from ..layout.cards import card_frame, symbols
from ..layout.sheets import card_pages
from ..model import Deck
from ..render.svg import svg_document
from ..writers.build import card_faces


def card_svgs(design: Design, deck: Deck) -> dict[str, str]:
    """Card id -> a standalone SVG of its face (Monuments and Search cards).

    >>> from rushmore_print import load_design, generate_deck
    >>> design = load_design(); deck = generate_deck(design)
    >>> svgs = card_svgs(design, deck)
    >>> len(svgs), svgs["M01"].startswith("<?xml"), "<script" in svgs["S01"]
    (55, True, False)
    """
    faces = [front for front, _ in card_faces(design, deck, bleed_mm=0.0)]
    pages = card_pages(card_frame(design, 0.0), faces)
    table = symbols(design)
    ids = [m.id for m in deck.monuments] + [c.id for c in deck.search]
    return {card: svg_document(page, table, title=card) for card, page in zip(ids, pages)}


def qr_svg(url: str) -> str:
    """The join address as a QR code (medium error correction, a quiet zone of 4 modules).

    >>> 'xmlns="http://www.w3.org/2000/svg"' in qr_svg("http://127.0.0.1:8000/j/ACDEF")
    True
    """
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=8, border=4, dark="#000", light="#fff", xmldecl=False)
    return out.getvalue().decode("utf-8")


__all__ = ["card_svgs", "qr_svg"]
