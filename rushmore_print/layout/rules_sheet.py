"""The rulebook sheet (two pages: front and back) laid out from ``rulebook.Rulebook`` blocks.

Blocks flow through two columns a page; a heading keeps with what follows; paragraphs split
between columns by lines; figures never split. If the text does not fit, the type is set a little
smaller and the flow tried again; below a readable minimum the layout refuses (``LayoutError``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import RushmoreError
from ..model import Deck
from ..rulebook import Bullets, DecoyExample, Heading, MatchExample, Paragraph, Rulebook, SetupFigure, Steps
from ..spec import Design
from .cards import (
    CardKind,
    Face,
    back_face,
    card_frame,
    card_layout,
    card_picture,
    head_slots,
    monument_face,
    search_face,
)
from .flow import Column, Fit, Placement, Split
from .fonts import PT_TO_MM, Font, text_width_mm
from .items import Anchor, Group, Page, Path, Shape, Text, rgb, translate
from .sheets import Paper
from .text import wrap

MARGIN_MM = 15.0
GUTTER_MM = 8.0
INK = rgb("#222222")
ACCENT = rgb("#8c2f1b")
GREY = rgb("#666666")
RED = rgb("#c62828")
PAGES = 2


FIGURES = (MatchExample, DecoyExample, SetupFigure)


class LayoutError(RushmoreError):
    """Content does not fit where it must go."""


@dataclass(frozen=True)
class Style:
    body_pt: float

    @property
    def leading(self) -> float:
        return self.body_pt * PT_TO_MM * 1.32

    @property
    def heading_pt(self) -> float:
        return self.body_pt * 1.3


class _Overflow(Exception):
    pass


@functools.lru_cache(maxsize=8)  # the printing check lays the sheet out; the build reuses it
def rules_pages(design: Design, deck: Deck, book: Rulebook, paper: Paper) -> list[Page]:
    """The two pages of the rule sheet, with the largest type (10.5 pt down to 7 pt) that fits."""
    size = 10.5
    while size >= 7.0:
        try:
            return _flow(design, deck, book, paper, Style(size))
        except _Overflow:
            size = round(size - 0.25, 2)
    raise LayoutError(f"the rulebook does not fit on one {paper.name} sheet even at 7 pt")


def _flow(design: Design, deck: Deck, book: Rulebook, paper: Paper, style: Style) -> list[Page]:
    W, H = paper.width_mm, paper.height_mm
    col_w = (W - 2 * MARGIN_MM - GUTTER_MM) / 2
    pages_items: list[list] = [[] for _ in range(PAGES)]
    title_bottom = _title(pages_items[0], book, W, H)
    columns = []
    for page in range(PAGES):
        top = title_bottom if page == 0 else H - MARGIN_MM
        for c in range(2):
            columns.append((page, Column(MARGIN_MM + c * (col_w + GUTTER_MM), top, MARGIN_MM + 6, col_w)))
    index = 0
    blocks = list(book.blocks)
    deferred: list = []  # figures that did not fit: they float to the top of the next column
    i = 0
    while i < len(blocks) or deferred:
        if index >= len(columns):
            raise _Overflow()
        page, column = columns[index]
        if deferred and column.y == column.top:
            while deferred and _place(deferred[0], None, column, pages_items[page], style, design, deck) is Fit.PLACED:
                deferred.pop(0)
            if deferred:
                index += 1
                continue
        if i >= len(blocks):
            index += 1
            continue
        block = blocks[i]
        following = blocks[i + 1] if i + 1 < len(blocks) else None
        placed = _place(block, following, column, pages_items[page], style, design, deck)
        if placed is Fit.PLACED:
            i += 1
        elif placed is Fit.NO_ROOM and isinstance(block, FIGURES) and column.y < column.top:
            deferred.append(block)
            i += 1
        elif isinstance(placed, Split):  # a paragraph split: the rest continues in the next column
            blocks[i] = placed.rest
            index += 1
        else:
            index += 1
    if book.practice:
        answers = (
            "Practice answers: " + ", ".join(f"{card.id} matches {answer}" for card, answer in book.practice) + "."
        )
        pages_items[-1].append(Text(W - MARGIN_MM, MARGIN_MM + 2, answers, 7.5, GREY, Font.ITALIC, Anchor.END))
    for page in range(PAGES):
        pages_items[page].append(
            Text(
                W / 2,
                MARGIN_MM - 2,
                f"{book.title}: rules | page {page + 1} of {PAGES}",
                7.0,
                GREY,
                Font.REGULAR,
                Anchor.MIDDLE,
            )
        )
    return [Page(W, H, tuple(items)) for items in pages_items]


def _title(items: list, book: Rulebook, W: float, H: float) -> float:
    y = H - MARGIN_MM - 9
    size = min(26.0, (W - 2 * MARGIN_MM) / max(text_width_mm(book.title, 1.0, Font.BOLD), 1e-6))
    items.append(Text(MARGIN_MM, y, book.title, size, ACCENT, Font.BOLD))
    y -= 6.5
    items.append(Text(MARGIN_MM, y, book.subtitle, 9.5, GREY, Font.ITALIC))
    y -= 3.5
    items.append(Shape(Path.line(MARGIN_MM, y, W - MARGIN_MM, y), stroke=ACCENT, stroke_mm=0.6))
    return y - 5


def _place(block, following, column: Column, items: list, style: Style, design: Design, deck: Deck) -> Placement:
    """Place ``block`` in ``column``, or say it must go to the next column, or place part of it."""
    room = column.y - column.bottom
    if isinstance(block, Heading):
        need = style.leading * 1.7 + _opening_height(following, style, column.width, design, deck)
        if need > room:
            return Fit.NO_ROOM
        column.y -= style.leading * 1.25
        items.append(Text(column.x, column.y, block.text.upper(), style.heading_pt, ACCENT, Font.BOLD))
        column.y -= style.leading * 0.45
        return Fit.PLACED
    if isinstance(block, Paragraph):
        return _paragraph(block, column, items, style)
    if isinstance(block, Steps):
        return _list(block.items, None, column, items, style, numbered=True)
    if isinstance(block, Bullets):
        return _list(
            [t for _, t in block.items], [lead for lead, _ in block.items], column, items, style, numbered=False
        )
    if isinstance(block, MatchExample):
        figure, height = _match_figure(block, design, deck, column.width, style)
    elif isinstance(block, DecoyExample):
        figure, height = _decoy_figure(block, design, deck, column.width, style)
    elif isinstance(block, SetupFigure):
        figure, height = _setup_figure(block, design, deck, column.width, style)
    else:
        raise TypeError(type(block).__name__)
    if height + 3 > room:
        return Fit.NO_ROOM
    column.y -= 2
    items.append(Group(figure, translate(column.x, column.y - height)))
    column.y -= height + 2
    return Fit.PLACED


def _opening_height(block, style: Style, width: float, design: Design, deck: Deck) -> float:
    """How much of ``block`` must fit under a heading for the heading to stay with it: two lines
    of a paragraph, or the whole of a list or figure (those never split)."""
    if isinstance(block, Paragraph):
        return style.leading * 2
    if isinstance(block, (Steps, Bullets)):
        texts = block.items if isinstance(block, Steps) else [t for _, t in block.items]
        leads = [""] * len(texts) if isinstance(block, Steps) else [lead for lead, _ in block.items]
        lines = sum(len(wrap(t, width - 5.0, style.body_pt, lead=lead)) for t, lead in zip(texts, leads))
        return lines * style.leading + len(texts) * style.leading * 0.25
    figures: dict[type, Callable[..., tuple[tuple, float]]] = {
        MatchExample: _match_figure,
        DecoyExample: _decoy_figure,
        SetupFigure: _setup_figure,
    }
    figure = figures.get(type(block))
    return figure(block, design, deck, width, style)[1] + 4 if figure else 0.0


def _draw_lines(lines, x: float, column: Column, items: list, style: Style) -> None:
    for line in lines:
        column.y -= style.leading
        cursor = x
        for text, font in line:
            items.append(Text(cursor, column.y, text, style.body_pt, INK, font))
            cursor += text_width_mm(text, style.body_pt, font)


def _paragraph(block: Paragraph, column: Column, items: list, style: Style) -> Placement:
    lines = wrap(block.text, column.width, style.body_pt, lead=block.lead)
    fits = int((column.y - column.bottom) // style.leading)
    if 0 < len(lines) - fits < 2:
        fits -= 1  # never leave a single line alone at the top of the next column
    if fits < min(2, len(lines)):
        return Fit.NO_ROOM
    _draw_lines(lines[:fits], column.x, column, items, style)
    if fits >= len(lines):
        column.y -= style.leading * 0.45
        return Fit.PLACED
    rest = " ".join("".join(text for text, _ in line) for line in lines[fits:])
    return Split(Paragraph(rest.strip()))


def _list(texts, leads, column: Column, items: list, style: Style, numbered: bool) -> Placement:
    indent = 5.0
    all_lines = [
        wrap(text, column.width - indent, style.body_pt, lead=(leads[n] if leads else ""))
        for n, text in enumerate(texts)
    ]
    need = sum(len(lines) for lines in all_lines) * style.leading + len(texts) * style.leading * 0.25
    if need > column.y - column.bottom:
        return Fit.NO_ROOM  # lists are short: keep them whole
    for number, lines in enumerate(all_lines, start=1):
        marker = f"{number}." if numbered else "•"
        items.append(
            Text(
                column.x + (0.5 if numbered else 1.2),
                column.y - style.leading,
                marker,
                style.body_pt,
                ACCENT,
                Font.BOLD,
            )
        )
        _draw_lines(lines, column.x + indent, column, items, style)
        column.y -= style.leading * 0.25
    column.y -= style.leading * 0.2
    return Fit.PLACED


def _match_figure(example: MatchExample, design: Design, deck: Deck, width: float, style: Style) -> tuple[tuple, float]:
    frame = card_frame(design, bleed_mm=0.0)
    card_w = width * 0.72
    s = card_w / frame.width_mm
    card_h = frame.height_mm * s
    x = (width - card_w) / 2
    caption = style.leading * 1.2
    layout = card_layout(design, frame)
    per_row, rows = layout.per_row, layout.rows
    line_h = style.leading * 1.05  # one line of "same / opposite" per row of heads
    relation_h = 1.6 + rows * line_h
    height = caption + card_h + relation_h + card_h + caption
    n = deck.notation
    items: list = []
    top = height
    items.append(
        Text(
            width / 2,
            top - caption * 0.75,
            f"Search card {example.search.id} ({n.search(example.search.faces, example.search.red)})",
            style.body_pt,
            INK,
            Font.BOLD,
            Anchor.MIDDLE,
        )
    )
    search_y = top - caption - card_h
    items += card_picture(search_face(design, example.search, frame), frame, x, search_y, card_w)
    monument_y = search_y - relation_h - card_h
    slots = head_slots(design, frame)
    label_pt = min(style.body_pt * 0.95, card_w / per_row * 0.92 / text_width_mm("opposite", 1.0, Font.BOLD))
    for index, (slot, relation) in enumerate(zip(slots, example.relations)):
        cx = x + slot.label_x * s
        red = relation == "opposite"
        y = monument_y + card_h + relation_h - 0.8 - (index // per_row + 0.75) * line_h
        items.append(
            Text(cx, y, relation, label_pt, RED if red else INK, Font.BOLD if red else Font.REGULAR, Anchor.MIDDLE)
        )
    items += card_picture(monument_face(design, example.monument, frame), frame, x, monument_y, card_w)
    items.append(
        Text(
            width / 2,
            monument_y - caption * 0.75,
            f"matches Monument {example.monument.id} ({n.monument(example.monument.faces)})",
            style.body_pt,
            INK,
            Font.BOLD,
            Anchor.MIDDLE,
        )
    )
    return tuple(items), height


def _decoy_figure(example: DecoyExample, design: Design, deck: Deck, width: float, style: Style) -> tuple[tuple, float]:
    """The Search card and its look-alike side by side, the red heads called out as wrong."""
    frame = card_frame(design, bleed_mm=0.0)
    card_w = (width - 12) / 2
    s = card_w / frame.width_mm
    card_h = frame.height_mm * s
    label = style.leading * 1.1
    height = card_h + 2 * label
    n = deck.notation
    items: list = []
    items += card_picture(search_face(design, example.search, frame), frame, 0, label, card_w)
    right = card_w + 12
    items += card_picture(monument_face(design, example.decoy, frame), frame, right, label, card_w)
    items.append(Text(card_w + 6, label + card_h / 2, "is not", style.body_pt * 0.9, INK, Font.ITALIC, Anchor.MIDDLE))
    # a heavy cross over the decoy, readable in greyscale
    items.append(
        Shape(Path.line(right + 2, label + 2, right + card_w - 2, label + card_h - 2), stroke=RED, stroke_mm=0.6)
    )
    items.append(
        Shape(Path.line(right + 2, label + card_h - 2, right + card_w - 2, label + 2), stroke=RED, stroke_mm=0.6)
    )
    small = style.body_pt * 0.85
    items.append(
        Text(
            card_w / 2,
            label * 0.3,
            f"{example.search.id} {n.search(example.search.faces, example.search.red)}",
            small,
            INK,
            Font.BOLD,
            Anchor.MIDDLE,
        )
    )
    items.append(
        Text(
            right + card_w / 2,
            label * 0.3,
            f"{example.decoy.id} {n.monument(example.decoy.faces)}: a decoy",
            small,
            INK,
            Font.BOLD,
            Anchor.MIDDLE,
        )
    )
    red_names = [design.heads[i].name for i, red in enumerate(example.search.red) if red]
    items.append(
        Text(
            width / 2,
            label + card_h + label * 0.3,
            f"{' and '.join(red_names)} face the same way: wrong",
            small,
            RED,
            Font.BOLD,
            Anchor.MIDDLE,
        )
    )
    return tuple(items), height


@functools.lru_cache(maxsize=2)
def _monument_faces(design: Design, deck: Deck) -> tuple[Face, ...]:
    """Every Monument's face once: the set-up figure is laid out again for each type size tried
    (256 faces for eight heads)."""
    frame = card_frame(design, bleed_mm=0.0)
    return tuple(monument_face(design, monument, frame) for monument in deck.monuments)


def _setup_figure(figure: SetupFigure, design: Design, deck: Deck, width: float, style: Style) -> tuple[tuple, float]:
    frame = card_frame(design, bleed_mm=0.0)
    gap = 1.2
    grid_w = width * 0.74
    thumb_w = min(20.0, (grid_w - (figure.cols - 1) * gap) / figure.cols)
    thumb_h = thumb_w * frame.height_mm / frame.width_mm
    grid_h = figure.rows * thumb_h + (figure.rows - 1) * gap
    label = style.leading * 1.3
    height = grid_h + label
    items: list = []
    for index, face in enumerate(_monument_faces(design, deck)):
        row, col = divmod(index, figure.cols)
        x = col * (thumb_w + gap)
        y = label + grid_h - (row + 1) * thumb_h - row * gap
        items += card_picture(face, frame, x, y, thumb_w)
    deck_x = figure.cols * (thumb_w + gap) + 4
    back = back_face(design, CardKind.SEARCH, frame)
    pile_w = min(thumb_w, width - deck_x - 2)
    pile_y = label + grid_h / 2 - thumb_h / 2
    for k in (2, 1, 0):
        items += card_picture(back, frame, deck_x + k * 0.8, pile_y + k * 0.8, pile_w)
    small = style.body_pt * 0.85
    items.append(Text(0, label * 0.35, f"{figure.rows} x {figure.cols} Monuments, face up", small, GREY, Font.ITALIC))
    items.append(Text(deck_x, pile_y - style.leading, f"deck: {figure.deck_size}", small, GREY, Font.ITALIC))
    return tuple(items), height
