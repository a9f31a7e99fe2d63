"""The rulebook sheet (two pages: front and back) laid out from ``rulebook.Rulebook`` blocks.

Each side's blocks (the front's, then after ``NewSide`` the back's) flow through that side's two
columns: a heading keeps with what follows; a paragraph may split between the two columns of a
side, never across the sheet, and so may a list, between two of its items; figures never split.
The body is set at one size on every paper (the largest of ``BODY_SIZES`` that fits them all),
so the A4 and Letter sheets read alike; if even the smallest does not fit, the figures are drawn
smaller, and past that the layout refuses (``LayoutError``). No text on the sheet is set under
``MIN_TEXT_PT``: a card picture's own text that would be smaller is left out, and a caption is
made smaller or wrapped to fit its room, so no two texts ever overlap.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Callable

from ..deck.rulebook import (
    OPPOSITE,
    Bullets,
    DecoyExample,
    Heading,
    MatchExample,
    NewSide,
    Paragraph,
    PracticeFigure,
    Rulebook,
    SetupFigure,
    Steps,
)
from ..design import Design
from ..errors import RushmoreError
from ..frozen import frozen_dataclass
from ..model import Deck, Monument
from ..sizes import PAPERS
from ..units import MM_PER_PT
from .cards import CardKind, Face, back_face, card_frame, card_layout, card_picture, monument_face, search_face
from .fallback import split_fallbacks
from .flow import Column, Fit, Placement, Split
from .fonts import Font, name_font, text_width_mm
from .frame import CardFrame
from .items import Anchor, Group, Page, Path, Rect, Shape, Text, rgb, translate
from .sheets import Paper
from .text import words_of, wrap

MARGIN_MM = 15.0
GUTTER_MM = 8.0
INK = rgb("#222222")
ACCENT = rgb("#8c2f1b")
GREY = rgb("#666666")
RED = rgb("#c62828")
PAGES = 2
BODY_SIZES = (10.5, 10.25, 10.0, 9.5, 9.0, 8.5, 8.0)  # pt, tried in turn; the same on every paper (English
# fits at 10 pt or more; a longer language, German or Polish, may need a size or two less)
FIGURE_SCALES = (1.0, 0.9, 0.8, 0.7)  # then the figures are drawn smaller
MIN_TEXT_PT = 6.0  # the sheet's smallest type: footers, captions, labels, text on card pictures
FOOTER_PT = 7.0
ANSWERS_PT = 7.5
MATCH_CARD_SHARE = 0.66  # a worked example's card, of the column's width
MATCH_CARD_MAX_H_MM = 48.0  # and at most this tall (portrait cards)
PICTURE_HEAD_MIN_MM = 2.5  # a set-up thumbnail whose heads would be narrower is drawn as a glyph
PRACTICE_PER_ROW = 2
PICTURE_HEADS_MAX = 160  # and so is a grid of more heads than this (each a drawing to rasterise)


FIGURES = (MatchExample, DecoyExample, SetupFigure, PracticeFigure)


class LayoutError(RushmoreError):
    """Content does not fit where it must go.

    >>> from rushmore_print.errors import RushmoreError
    >>> issubclass(LayoutError, RushmoreError), str(LayoutError("the rulebook does not fit"))
    (True, 'the rulebook does not fit')
    """


@frozen_dataclass
class Style:
    """The rule sheet's type: the body size (every other size follows from it), how large the figures
    are drawn, and the designer's font behind the shipped faces.

    >>> style = Style(body_pt=9.0)
    >>> round(style.heading_pt, 2), round(style.leading, 3), style.bold.pdf_name
    (11.7, 4.191, 'RushmoreSans-Bold')
    """

    body_pt: float
    figure_scale: float = 1.0
    fallback: Font | None = None  # the designer's font, for the names the shipped one cannot draw

    @property
    def regular(self) -> Font:
        """The body's face (with the designer's font behind it, if any).

        >>> Style(9.0).regular.pdf_name
        'RushmoreSans'
        """
        return Font.REGULAR.backed_by(self.fallback)

    @property
    def bold(self) -> Font:
        """The headings' and labels' face.

        >>> Style(9.0).bold.pdf_name
        'RushmoreSans-Bold'
        """
        return Font.BOLD.backed_by(self.fallback)

    @property
    def italic(self) -> Font:
        """The face for emphasis and notes.

        >>> Style(9.0).italic.pdf_name
        'RushmoreSans-Oblique'
        """
        return Font.ITALIC.backed_by(self.fallback)

    @property
    def leading(self) -> float:
        """The distance between two body lines' baselines, in mm (1.32 times the body size).

        >>> round(Style(10.0).leading, 3)
        4.657
        """
        return self.body_pt * MM_PER_PT * 1.32

    @property
    def heading_pt(self) -> float:
        """The headings' size: 1.3 times the body's.

        >>> Style(10.0).heading_pt
        13.0
        """
        return self.body_pt * 1.3

    @property
    def caption_pt(self) -> float:
        """Figure captions and labels: a little smaller than the body, never under the minimum.

        >>> Style(10.0).caption_pt, Style(5.0).caption_pt
        (8.5, 6.0)
        """
        return max(MIN_TEXT_PT, self.body_pt * 0.85)


class _Overflow(Exception):
    pass


def rules_pages(design: Design, deck: Deck, book: Rulebook, paper: Paper) -> list[Page]:
    """The two pages of the rule sheet on ``paper``, the body at ``body_size`` (the same on every
    paper), each side's figures as large as that side allows.

    >>> from rushmore_print.design import load_design
    >>> from rushmore_print.deck.generate import generate_deck
    >>> from rushmore_print.deck.rulebook import build_rulebook
    >>> design = load_design(); deck = generate_deck(design)
    >>> len(rules_pages(design, deck, build_rulebook(design, deck), PAPERS["letter"]))
    2
    """
    pages = _flow(design, deck, book, paper, body_size(design, deck, book))
    assert pages is not None  # body_size chose a size at which every paper fits
    return pages


@functools.lru_cache(maxsize=8)  # the printing check lays the sheet out; the build reuses it
def body_size(design: Design, deck: Deck, book: Rulebook) -> float:
    """The largest of ``BODY_SIZES`` at which the sheet fits on every paper."""
    for size in BODY_SIZES:
        if all(_flow(design, deck, book, paper, size) is not None for paper in PAPERS.values()):
            return size
    failing = next(p for p in PAPERS.values() if _flow(design, deck, book, p, BODY_SIZES[-1]) is None)
    raise LayoutError(f"the rulebook does not fit on one {failing.name} sheet even at {BODY_SIZES[-1]:g} pt")


def _sides(blocks: tuple) -> list[list]:
    sides: list[list] = [[]]
    for block in blocks:
        if isinstance(block, NewSide):
            sides.append([])
        else:
            sides[-1].append(block)
    if len(sides) > PAGES:
        raise ValueError(f"a rule sheet has {PAGES} sides, the rulebook asks for {len(sides)}")
    return sides + [[] for _ in range(PAGES - len(sides))]


@functools.lru_cache(maxsize=16)
def _flow(design: Design, deck: Deck, book: Rulebook, paper: Paper, body_pt: float) -> list[Page] | None:
    """The pages at ``body_pt``, or None if a side does not fit even with its smallest figures."""
    W, H = paper.width_mm, paper.height_mm
    col_w = (W - 2 * MARGIN_MM - GUTTER_MM) / 2
    style = Style(body_pt, fallback=name_font(design) if design.print.font is not None else None)
    pages_items: list[list] = [[] for _ in range(PAGES)]
    title_bottom = _title(pages_items[0], book, W, H, style)
    answers_pt, answers = _fit(book.answers, W - 2 * MARGIN_MM, ANSWERS_PT, style.italic) if book.answers else (0, [])
    answers_h = answers_pt * MM_PER_PT * 1.3
    for page, blocks in enumerate(_sides(book.blocks)):
        top = title_bottom if page == 0 else H - MARGIN_MM
        bottom = MARGIN_MM + 6 + (len(answers) * answers_h if page == PAGES - 1 else 0.0)
        for scale in FIGURE_SCALES:
            columns = [Column(MARGIN_MM + c * (col_w + GUTTER_MM), top, bottom, col_w) for c in range(2)]
            items: list = []
            try:
                _flow_side(blocks, columns, items, dataclasses.replace(style, figure_scale=scale), design, deck)
            except _Overflow:
                continue
            pages_items[page] += items
            break
        else:
            return None
    for line, text in enumerate(answers):
        y = MARGIN_MM + 2 + (len(answers) - 1 - line) * answers_h
        pages_items[-1].append(Text(W - MARGIN_MM, y, text, answers_pt, GREY, style.italic, Anchor.END))
    for page in range(PAGES):
        footer = book.footers[page] if page < len(book.footers) else ""
        pages_items[page].append(Text(W / 2, MARGIN_MM - 2, footer, FOOTER_PT, GREY, style.regular, Anchor.MIDDLE))
    return [Page(W, H, split_fallbacks(tuple(items))) for items in pages_items]


def _flow_side(blocks: list, columns: list[Column], items: list, style: Style, design: Design, deck: Deck) -> None:
    """Flow one side's blocks down its columns, or raise ``_Overflow``."""
    blocks = list(blocks)
    index = i = 0
    while i < len(blocks):
        if index >= len(columns):
            raise _Overflow()
        block = blocks[i]
        following = blocks[i + 1] if i + 1 < len(blocks) else None
        placed = _place(block, following, columns[index], items, style, design, deck, index + 1 < len(columns))
        if placed is Fit.PLACED:
            i += 1
        elif isinstance(placed, Split):  # a paragraph split: the rest continues in the next column
            blocks[i] = placed.rest
            index += 1
        else:
            index += 1


def _title(items: list, book: Rulebook, W: float, H: float, style: Style) -> float:
    y = H - MARGIN_MM - 9
    size = min(26.0, (W - 2 * MARGIN_MM) / max(text_width_mm(book.title, 1.0, style.bold), 1e-6))
    items.append(Text(MARGIN_MM, y, book.title, size, ACCENT, style.bold))
    y -= 6.5
    subtitle_pt, lines = _fit(book.subtitle, W - 2 * MARGIN_MM, 9.5, style.italic)
    for line in lines:
        items.append(Text(MARGIN_MM, y, line, subtitle_pt, GREY, style.italic))
        y -= subtitle_pt * MM_PER_PT * 1.3
    y += subtitle_pt * MM_PER_PT * 1.3 - 3.5
    items.append(Shape(Path.line(MARGIN_MM, y, W - MARGIN_MM, y), stroke=ACCENT, stroke_mm=0.6))
    return y - 5


def _place(
    block, following, column: Column, items: list, style: Style, design: Design, deck: Deck, may_split: bool
) -> Placement:
    """Place ``block`` in ``column``, or say it must go to the next column, or place part of it."""
    room = column.y - column.bottom
    if isinstance(block, Heading):
        lines = _heading_lines(block, column.width, style)
        extra = (len(lines) - 1) * style.heading_pt * MM_PER_PT * 1.2
        need = style.leading * 1.7 + extra + _opening_height(following, style, column.width, design, deck)
        if need > room:
            return Fit.NO_ROOM
        column.y -= style.leading * 1.25
        for number, line in enumerate(lines):
            if number:
                column.y -= style.heading_pt * MM_PER_PT * 1.2
            items.append(Text(column.x, column.y, line, style.heading_pt, ACCENT, style.bold))
        column.y -= style.leading * 0.45
        return Fit.PLACED
    if isinstance(block, Paragraph):
        return _paragraph(block, column, items, style, may_split)
    if isinstance(block, (Steps, Bullets)):
        return _list(block, column, items, style, may_split)
    figure, height = _figure(block, design, deck, column.width, style)
    if height + 3 > room:
        return Fit.NO_ROOM
    column.y -= 2
    items.append(Group(figure, translate(column.x, column.y - height)))
    column.y -= height + 2
    return Fit.PLACED


@functools.lru_cache(maxsize=64)  # a figure is measured under its heading, then placed: draw it once
def _figure(block, design: Design, deck: Deck, width: float, style: Style) -> tuple[tuple, float]:
    figures: dict[type, Callable[..., tuple[tuple, float]]] = {
        MatchExample: _match_figure,
        DecoyExample: _decoy_figure,
        SetupFigure: _setup_figure,
        PracticeFigure: _practice_figure,
    }
    if type(block) not in figures:
        raise TypeError(type(block).__name__)
    return figures[type(block)](block, design, deck, width, style)


def _heading_lines(block: Heading, width: float, style: Style) -> list[str]:
    """A heading in capitals, wrapped to the column: a language's long heading takes two lines
    rather than running into the next column."""
    text = block.text.upper()
    return [
        "".join(t for t, _ in line) for line in wrap(text, width, style.heading_pt, style.bold, lead_font=style.bold)
    ]


def _opening_height(block, style: Style, width: float, design: Design, deck: Deck) -> float:
    """How much of ``block`` must fit under a heading for the heading to stay with it: two lines
    of a paragraph, a list's intro and first item, or the whole of a figure (figures never split)."""
    if isinstance(block, Paragraph):
        return style.leading * min(
            2, len(wrap(block.text, width, style.body_pt, style.regular, block.lead, style.bold))
        )
    if isinstance(block, (Steps, Bullets)):
        intro_lines, item_lines, _ = _list_lines(block, width, style)
        return _list_heights(intro_lines, item_lines[:1], style)[-1]
    if isinstance(block, FIGURES):
        return _figure(block, design, deck, width, style)[1] + 4
    return 0.0


def _draw_lines(lines, x: float, column: Column, items: list, style: Style) -> None:
    for line in lines:
        column.y -= style.leading
        cursor = x
        for text, font in line:
            items.append(Text(cursor, column.y, text, style.body_pt, INK, font))
            cursor += text_width_mm(text, style.body_pt, font)


def _paragraph(block: Paragraph, column: Column, items: list, style: Style, may_split: bool) -> Placement:
    lines = wrap(block.text, column.width, style.body_pt, style.regular, block.lead, style.bold)
    fits = int((column.y - column.bottom) // style.leading)
    if fits < len(lines) and not may_split:
        return Fit.NO_ROOM  # the last column of a side: the paragraph never runs over the sheet
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


LIST_INDENT_MM = 5.0


def _list_lines(block: Steps | Bullets, width: float, style: Style) -> tuple[list, list, float]:
    """A list's intro lines, each item's lines, and the height of the whole."""
    if isinstance(block, Steps):
        texts, leads, intro = list(block.items), [""] * len(block.items), ""
    else:
        texts, leads, intro = [t for _, t in block.items], [lead for lead, _ in block.items], block.intro
    intro_lines = wrap(intro, width, style.body_pt, style.regular) if intro else []
    item_lines = [
        wrap(t, width - LIST_INDENT_MM, style.body_pt, style.regular, lead, style.bold) for t, lead in zip(texts, leads)
    ]
    height = (len(intro_lines) + sum(len(lines) for lines in item_lines)) * style.leading
    height += len(texts) * style.leading * 0.25 + (style.leading * 0.45 if intro_lines else 0.0)
    return intro_lines, item_lines, height


def _list_heights(intro_lines: list, item_lines: list, style: Style) -> list[float]:
    """How tall a list is with its intro and none, one, two... of its items, as drawn."""
    heights = [len(intro_lines) * style.leading + (style.leading * 0.45 if intro_lines else 0.0)]
    for lines in item_lines:
        heights.append(heights[-1] + (len(lines) + 0.25) * style.leading)
    return heights


def _list(block: Steps | Bullets, column: Column, items: list, style: Style, may_split: bool) -> Placement:
    """A numbered or bulleted list, with its intro, whole if it fits; else, where the next column
    can take the rest, the intro and the items that fit (one at least, and one left at least)."""
    intro_lines, item_lines, need = _list_lines(block, column.width, style)
    if need > column.y - column.bottom:
        heights = _list_heights(intro_lines, item_lines, style)
        here = max(n for n, height in enumerate(heights) if height <= column.y - column.bottom or n == 0)
        if not may_split or here < 1:
            return Fit.NO_ROOM
        _draw_list(block, intro_lines, item_lines[:here], column, items, style)
        if isinstance(block, Steps):
            return Split(Steps(block.items[here:], first=block.first + here))
        return Split(Bullets(block.items[here:]))
    _draw_list(block, intro_lines, item_lines, column, items, style)
    column.y -= style.leading * 0.2
    return Fit.PLACED


def _draw_list(
    block: Steps | Bullets, intro_lines: list, item_lines: list, column: Column, items: list, style: Style
) -> None:
    if intro_lines:
        _draw_lines(intro_lines, column.x, column, items, style)
        column.y -= style.leading * 0.45
    numbered = isinstance(block, Steps)
    for number, lines in enumerate(item_lines, start=block.first if isinstance(block, Steps) else 1):
        marker = f"{number}." if numbered else "•"
        x = column.x + (0.5 if numbered else 1.2)
        items.append(Text(x, column.y - style.leading, marker, style.body_pt, ACCENT, style.bold))
        _draw_lines(lines, column.x + LIST_INDENT_MM, column, items, style)
        column.y -= style.leading * 0.25


def _fit(text: str, width: float, size: float, font: Font) -> tuple[float, list[str]]:
    """A caption in at most ``width`` mm: at ``size``, or a little smaller, or wrapped onto more
    lines; a word wider than the room on its own sets the size (never under ``MIN_TEXT_PT``).

    >>> _fit("short", 50, 9, Font.REGULAR)
    (9, ['short'])
    >>> size, lines = _fit("a caption far too long for its little room", 30, 9, Font.REGULAR)
    >>> len(lines) > 1 and size >= MIN_TEXT_PT
    True
    """
    full = text_width_mm(text, 1.0, font)
    if full * size <= width:
        return size, [text]
    if full * size * 0.88 <= width:
        return width / full, [text]
    widest = max(text_width_mm(word, 1.0, font) for word in words_of(text))
    size = max(MIN_TEXT_PT, min(size, width / widest))
    return size, ["".join(t for t, _ in line) for line in wrap(text, width, size, font=font, lead_font=font)]


def _caption(text: str, x: float, y_top: float, width: float, size: float, color, font: Font) -> tuple[list, float]:
    """``text`` centred on ``x`` under ``y_top`` within ``width``: its items and its height."""
    size, lines = _fit(text, width, size, font)
    line_h = size * MM_PER_PT * 1.3
    items = [
        Text(x, y_top - (n + 0.78) * line_h, line, size, color, font, Anchor.MIDDLE) for n, line in enumerate(lines)
    ]
    return items, len(lines) * line_h


def _picture(face: Face, frame: CardFrame, x: float, y: float, width: float) -> list:
    """A card picture on the sheet: the card's own text that would print under the sheet's
    smallest type is left out (the caption says what it said)."""
    s = width / frame.width_mm
    kept = tuple(item for item in face.items if not (isinstance(item, Text) and item.size_pt * s < MIN_TEXT_PT))
    return card_picture(dataclasses.replace(face, items=kept), frame, x, y, width)


LABEL_GAP_MM = 1.0  # between two labels on one line (a fallback's lines)
LABEL_GAP_EM = 1.0  # and between two labels nudged apart: clearly more than a word space ("tak samo")
LABEL_NUDGE_SHARE = 0.2  # a label nudged off its head's centre by at most this share of the heads' spacing
LABEL_MIN_PT = 7.0  # a worked example's "same" and "opposite": never smaller, never a line of their own


def _label_lines(centres: list[float], widths: list[float], size: float) -> list[int]:
    """Each label's line (0, 1, ...) at ``size``, left to right: the first line where it clears
    the label before it by ``LABEL_GAP_MM`` (a new line when none does). Only for a row too long
    for its column even nudged apart at ``LABEL_MIN_PT``, which no example design has.

    >>> _label_lines([0, 20, 25, 45], [10] * 4, 1.0)
    [0, 0, 1, 0]
    """
    ends: list[float] = []
    lines = []
    for centre, width in zip(centres, widths):
        half = width * size / 2
        line = next((n for n, end in enumerate(ends) if centre - half >= end + LABEL_GAP_MM), len(ends))
        if line == len(ends):
            ends.append(-math.inf)
        ends[line] = centre + half
        lines.append(line)
    return lines


def _spread(centres: list[float], widths: list[float], gap: float, low: float, high: float) -> list[float] | None:
    """Centres for a row of labels ``widths`` mm wide, in their order and ``gap`` mm apart,
    all within ``low`` to ``high``, as near ``centres`` as can be (the least squares: each run of
    labels too close moves apart about its middle); None when the row is longer than the room.

    >>> _spread([10, 20, 30], [6, 6, 6], 1, 0, 40)  # apart already: unmoved
    [10.0, 20.0, 30.0]
    >>> _spread([10, 13, 30], [6, 6, 6], 1, 0, 40)  # a close pair moves apart, the third stays
    [8.0, 15.0, 30.0]
    >>> _spread([2, 5], [6, 6], 1, 0, 40)  # and never past the room's edge
    [3.0, 10.0]
    >>> _spread([10, 13], [30, 30], 1, 0, 40) is None
    True
    """
    offsets = list(itertools.accumulate((w + gap for w in widths[:-1]), initial=0.0))
    # with each label's left edge less the room taken before it, "in order, apart" is "not decreasing"
    wanted = [c - w / 2 - o for c, w, o in zip(centres, widths, offsets)]
    lowest, highest = low, high - offsets[-1] - widths[-1]
    if lowest > highest + 1e-9:
        return None
    runs: list[tuple[float, int]] = []  # (sum, count): pooled neighbours that would cross
    for value in wanted:
        runs.append((value, 1))
        while len(runs) > 1 and runs[-2][0] * runs[-1][1] > runs[-1][0] * runs[-2][1]:
            (total, count), (before, counted) = runs.pop(), runs.pop()
            runs.append((total + before, count + counted))
    lefts = [min(max(total / count, lowest), highest) for total, count in runs for _ in range(count)]
    return [round(left + o + w / 2, 6) for left, o, w in zip(lefts, offsets, widths)]


def _relation_labels(
    example: MatchExample, design: Design, frame: CardFrame, x: float, s: float, width: float, style: Style
) -> tuple[list, float]:
    """ "same" or "opposite" under each head, each row of heads on one line: at the largest size
    (``LABEL_MIN_PT`` at least) at which neighbours nudged apart, in order, stand no further than
    ``LABEL_NUDGE_SHARE`` of the heads' spacing from their heads; else at ``LABEL_MIN_PT``, nudged
    as far as they must be within the column's ``width``. Items from y 0 down, and their height."""
    slots = card_layout(design, frame).slots
    centres = [x + slot.label_x * s for slot in slots]
    row_tops = sorted({round(slot.head.y, 3) for slot in slots}, reverse=True)
    rows = [[i for i, slot in enumerate(slots) if round(slot.head.y, 3) == y] for y in row_tops]
    fonts = [style.bold if r == OPPOSITE else style.regular for r in example.relations]
    widths = [text_width_mm(example.label(i), 1.0, font) for i, font in enumerate(fonts)]
    spacing = min((centres[b] - centres[a] for row in rows for a, b in itertools.pairwise(row)), default=width)

    def placed(size: float) -> list[float] | None:
        spots = list(centres)
        for row in rows:
            gap = LABEL_GAP_EM * size * MM_PER_PT
            spread = _spread([centres[i] for i in row], [widths[i] * size for i in row], gap, 0.0, width)
            if spread is None:
                return None
            for i, spot in zip(row, spread):
                spots[i] = spot
        return spots

    def near(spots: list[float] | None) -> bool:
        return spots is not None and max(abs(a - b) for a, b in zip(spots, centres)) <= LABEL_NUDGE_SHARE * spacing

    largest = max(style.body_pt * 0.9, LABEL_MIN_PT)
    sizes = [largest - 0.25 * k for k in range(int((largest - LABEL_MIN_PT) / 0.25) + 1)]
    size = next((z for z in sizes if near(placed(z))), LABEL_MIN_PT)
    spots = placed(size)
    lines = [0] * len(slots)
    if spots is None:  # a row longer than the column even at the smallest size: lines of their own
        spots = centres
        for row in rows:
            for i, line in zip(row, _label_lines([centres[i] for i in row], [widths[i] for i in row], size)):
                lines[i] = line
    per_row = 1 + max(lines)
    line_h = size * MM_PER_PT * 1.3
    items = []
    for r, row in enumerate(rows):
        for i in row:
            red = example.relations[i] == OPPOSITE
            y = -0.8 - (r * per_row + lines[i] + 0.78) * line_h
            items.append(Text(spots[i], y, example.label(i), size, RED if red else INK, fonts[i], Anchor.MIDDLE))
    return items, 1.6 + len(rows) * per_row * line_h


def _match_figure(example: MatchExample, design: Design, deck: Deck, width: float, style: Style) -> tuple[tuple, float]:
    frame = card_frame(design, bleed_mm=0.0)
    card_w = min(width * MATCH_CARD_SHARE, MATCH_CARD_MAX_H_MM * frame.width_mm / frame.height_mm) * style.figure_scale
    s = card_w / frame.width_mm
    card_h = frame.height_mm * s
    x = (width - card_w) / 2
    top_caption, top_h = _caption(example.captions[0], 0, 0, width, style.body_pt, INK, style.bold)
    labels, relation_h = _relation_labels(example, design, frame, x, s, width, style)
    bottom_caption, bottom_h = _caption(example.captions[1], 0, 0, width, style.body_pt, INK, style.bold)
    key, key_h = _caption(example.key, 0, 0, width, style.caption_pt, INK, style.regular) if example.key else ([], 0.0)
    height = top_h + 1.0 + card_h + relation_h + card_h + 1.0 + bottom_h + key_h
    search_y = height - top_h - 1.0 - card_h
    monument_y = search_y - relation_h - card_h
    items: list = [Group(tuple(top_caption), translate(width / 2, height))]
    items += _picture(search_face(design, example.search, frame), frame, x, search_y, card_w)
    items.append(Group(tuple(labels), translate(0, search_y)))
    items += _picture(monument_face(design, example.monument, frame), frame, x, monument_y, card_w)
    items.append(Group(tuple(bottom_caption), translate(width / 2, monument_y - 1.0)))
    items.append(Group(tuple(key), translate(width / 2, monument_y - 1.0 - bottom_h)))
    return tuple(items), height


def _decoy_figure(example: DecoyExample, design: Design, deck: Deck, width: float, style: Style) -> tuple[tuple, float]:
    """The Search card and its look-alike side by side, the red heads called out as wrong."""
    frame = card_frame(design, bleed_mm=0.0)
    between = 12.0
    card_w = min((width - between) / 2, MATCH_CARD_MAX_H_MM * 0.8 * frame.width_mm / frame.height_mm)
    card_w *= style.figure_scale
    card_h = frame.height_mm * card_w / frame.width_mm
    left = (width - 2 * card_w - between) / 2
    right = left + card_w + between
    card_caption, decoy_caption, is_not, verdict = example.captions
    small = style.caption_pt
    verdict_items, verdict_h = _caption(verdict, width / 2, 0, width, small, RED, style.bold)
    # a caption may reach under the gap, short of its neighbour's, and never past the column
    room = min(card_w + between - 2.0, 2 * (left + card_w / 2))
    card_items, card_cap_h = _caption(card_caption, left + card_w / 2, 0, room, small, INK, style.bold)
    decoy_items, decoy_cap_h = _caption(decoy_caption, right + card_w / 2, 0, room, small, INK, style.bold)
    under = max(card_cap_h, decoy_cap_h) + 1.0
    height = verdict_h + 1.0 + card_h + under
    y = under
    items: list = [Group(tuple(verdict_items), translate(0, height))]
    items += _picture(search_face(design, example.search, frame), frame, left, y, card_w)
    items += _picture(monument_face(design, example.decoy, frame), frame, right, y, card_w)
    is_not_items, is_not_h = _caption(is_not, left + card_w + between / 2, 0, between - 1.0, small, INK, style.italic)
    items.append(Group(tuple(is_not_items), translate(0, y + card_h / 2 + is_not_h / 2)))
    # a heavy cross over the decoy, readable in greyscale
    for y0, y1 in ((y + 2, y + card_h - 2), (y + card_h - 2, y + 2)):
        items.append(Shape(Path.line(right + 2, y0, right + card_w - 2, y1), stroke=RED, stroke_mm=0.6))
    items += [Group(tuple(card_items), translate(0, under - 0.5)), Group(tuple(decoy_items), translate(0, under - 0.5))]
    return tuple(items), height


@functools.lru_cache(maxsize=2)
def _monument_faces(design: Design, deck: Deck) -> tuple[Face, ...]:
    """Every Monument's face once: the set-up figure is laid out again for each style tried."""
    frame = card_frame(design, bleed_mm=0.0)
    return tuple(monument_face(design, monument, frame) for monument in deck.monuments)


# A head's outline for a set-up glyph, facing left, in a 100 x 110 box: neck, chin, a long nose,
# brow, a round skull. At a glyph's size (about 1 mm) only the mass and the nose read, so the
# glyph is a head without the bust, as wide as the head's slot allows, its nose a fifth of it.
GLYPH_HEAD = (
    (70, 0), (38, 0), (36, 22), (22, 30), (18, 46), (0, 58), (16, 66), (18, 82), (34, 102), (58, 110),
    (82, 104), (97, 84), (98, 58), (88, 36), (72, 24),
)  # fmt: skip
GLYPH_BOX = (100.0, 110.0)


@functools.lru_cache(maxsize=4)  # the same for every glyph of a set-up figure
def _glyph_size(design: Design, frame: CardFrame) -> float:
    """A glyph's width on the card (mm): most of the distance between neighbouring heads, and
    no taller than a head's box."""
    slots = card_layout(design, frame).slots
    pitches = [abs(b.head.x - a.head.x) for a, b in itertools.pairwise(slots) if abs(b.head.y - a.head.y) < 1e-6]
    pitch = min(pitches, default=frame.width_mm)
    return min(pitch * 0.8, slots[0].head.height * GLYPH_BOX[0] / GLYPH_BOX[1])


def _monument_glyph(
    design: Design, monument: Monument, frame: CardFrame, x: float, y: float, width: float, slots: tuple | None = None
) -> Shape:
    """A Monument in one drawing: the card in stone, each head a window of paper cut out of it,
    turned the way it faces. A grid of hundreds of card pictures would be thousands of head
    drawings (slow to rasterise, and too small to see); glyphs keep each Monument's facings."""
    s = width / frame.width_mm
    height = frame.height_mm * s
    subpaths: list[tuple] = list(Path.rect(Rect(x, y, width, height)).commands)
    outlines = _glyph_outlines(_glyph_size(design, frame) / GLYPH_BOX[0] * s)
    for slot, facing in zip(slots or card_layout(design, frame).slots_for(CardKind.MONUMENT), monument.faces):
        cx = x + (slot.head.x + slot.head.width / 2) * s
        cy = y + (slot.head.y + slot.head.height / 2) * s
        subpaths += [(command, cx + dx, cy + dy) for command, dx, dy in outlines[facing]]
        subpaths.append(("Z",))
    return Shape(Path(tuple(subpaths)), fill=design.style.stone)


@functools.lru_cache(maxsize=8)
def _glyph_outlines(unit: float) -> tuple[tuple[tuple[str, float, float], ...], ...]:
    """A glyph head's outline facing each way, from its centre, ``unit`` mm a glyph unit: the
    same for every head of a set-up figure (hundreds of Monuments), so worked out once."""
    outlines = []
    for facing in (0, 1):
        points = []
        for n, (u, v) in enumerate(GLYPH_HEAD):
            across = GLYPH_BOX[0] - u if facing == 1 else u  # facing right is the mirror image
            points.append(("M" if n == 0 else "L", (across - GLYPH_BOX[0] / 2) * unit, (v - GLYPH_BOX[1] / 2) * unit))
        outlines.append(tuple(points))
    return tuple(outlines)


def _as_pictures(design: Design, frame: CardFrame, thumb_w: float, monuments: int) -> bool:
    head_w = card_layout(design, frame).slots[0].head.width * thumb_w / frame.width_mm
    return head_w >= PICTURE_HEAD_MIN_MM and monuments * len(design.heads) <= PICTURE_HEADS_MAX


@functools.lru_cache(maxsize=8)
def _grid(design: Design, deck: Deck, cols: int, thumb_w: float, gap: float, grid_h: float) -> tuple:
    """The Monuments of the set-up figure, its lower left corner at the origin: the same for
    every body size tried (it depends on the column and the figures' scale only), so drawn once."""
    frame = card_frame(design, bleed_mm=0.0)
    thumb_h = thumb_w * frame.height_mm / frame.width_mm
    pictures = _as_pictures(design, frame, thumb_w, len(deck.monuments))
    slots = card_layout(design, frame).slots_for(CardKind.MONUMENT)  # once: hashing the design for each glyph is slow
    items: list = []
    for index, monument in enumerate(deck.monuments):
        row, col = divmod(index, cols)
        x = col * (thumb_w + gap)
        y = grid_h - (row + 1) * thumb_h - row * gap
        if pictures:
            items += card_picture(_monument_faces(design, deck)[index], frame, x, y, thumb_w)
        else:
            items.append(_monument_glyph(design, monument, frame, x, y, thumb_w, slots))
    return tuple(items)


def _setup_figure(figure: SetupFigure, design: Design, deck: Deck, width: float, style: Style) -> tuple[tuple, float]:
    """The grid of Monuments as it lies on the table (each Monument drawn once) and the deck."""
    frame = card_frame(design, bleed_mm=0.0)
    grid_w = width * 0.74 * style.figure_scale
    aspect = frame.height_mm / frame.width_mm
    across = grid_w / (figure.cols + (figure.cols - 1) * 0.08)
    down = width * 0.6 * style.figure_scale / (figure.rows * aspect + (figure.rows - 1) * 0.08)  # portrait: no taller
    thumb_w = min(20.0, across, down)
    gap = min(1.2, thumb_w * 0.08)
    thumb_h = thumb_w * aspect
    grid_w = figure.cols * thumb_w + (figure.cols - 1) * gap
    grid_h = figure.rows * thumb_h + (figure.rows - 1) * gap
    small = style.caption_pt
    deck_x = grid_w + 4
    # under the grid if it fits there, else centred under the whole figure (the pile stands above it)
    fits = _fit(figure.captions[0], grid_w, small, style.italic)[1] == [figure.captions[0]]
    centre, room = (grid_w / 2, grid_w) if fits else (width / 2, width)
    grid_caption, caption_h = _caption(figure.captions[0], centre, 0, room, small, GREY, style.italic)
    pile_w = min(max(thumb_w, 8.0), width - deck_x - 2.4)
    pile_centre = deck_x + (pile_w + 1.6) / 2
    deck_room = 2 * min(pile_centre - grid_w - 1.0, width - pile_centre)
    deck_caption, deck_h = _caption(figure.captions[1], pile_centre, 0, deck_room, small, GREY, style.italic)
    label = caption_h + 1.5
    height = grid_h + label
    items: list = [Group(_grid(design, deck, figure.cols, thumb_w, gap, grid_h), translate(0, label))]
    back = back_face(design, CardKind.SEARCH, frame)
    pile_h = pile_w * frame.height_mm / frame.width_mm
    pile_y = label + grid_h / 2 - pile_h / 2 + deck_h / 2
    pile_y = max(label + deck_h + 0.5, min(pile_y, height - pile_h - 1.6))  # pile and caption over the grid's
    for k in (2, 1, 0):
        items += _picture(back, frame, deck_x + k * 0.8, pile_y + k * 0.8, pile_w)
    items.append(Group(tuple(grid_caption), translate(0, caption_h + 0.5)))
    items.append(Group(tuple(deck_caption), translate(0, pile_y - 0.5)))
    return tuple(items), height


def _practice_figure(
    figure: PracticeFigure, design: Design, deck: Deck, width: float, style: Style
) -> tuple[tuple, float]:
    """The practice cards as pictures in rows of up to two (large enough to read every head's
    facing at arm's length), each captioned."""
    frame = card_frame(design, bleed_mm=0.0)
    rows = math.ceil(len(figure.cards) / PRACTICE_PER_ROW)
    per_row = math.ceil(len(figure.cards) / rows)
    gap = 4.0
    card_w = min(
        (width - (per_row - 1) * gap) / per_row, width * 0.45, MATCH_CARD_MAX_H_MM * frame.width_mm / frame.height_mm
    )
    card_w *= style.figure_scale
    card_h = frame.height_mm * card_w / frame.width_mm
    small = style.caption_pt
    captions = [_caption(text, 0, 0, card_w + gap - 1.0, small, INK, style.bold) for text in figure.captions]
    caption_h = max(h for _, h in captions) + 1.0
    row_h = card_h + caption_h
    height = rows * row_h + (rows - 1) * 1.5
    items: list = []
    for index, card in enumerate(figure.cards):
        row, col = divmod(index, per_row)
        in_row = min(per_row, len(figure.cards) - row * per_row)
        x = (width - in_row * card_w - (in_row - 1) * gap) / 2 + col * (card_w + gap)
        y = height - row * (row_h + 1.5) - card_h
        items += _picture(search_face(design, card, frame), frame, x, y, card_w)
        items.append(Group(tuple(captions[index][0]), translate(x + card_w / 2, y - 0.5)))
    return tuple(items), height


__all__ = [
    "ACCENT",
    "BODY_SIZES",
    "GLYPH_HEAD",
    "GREY",
    "INK",
    "MARGIN_MM",
    "MIN_TEXT_PT",
    "RED",
    "LayoutError",
    "Style",
    "body_size",
    "rules_pages",
]
