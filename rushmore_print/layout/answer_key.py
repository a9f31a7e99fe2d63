"""The answer key: every Search card with the Monument it matches, grouped by level, then the
balance figures from the validator. A proof sheet for publishers and game masters."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..deck.validate import BalanceRow, Report
from ..design import Design
from ..frozen import frozen_dataclass
from ..language.i18n import Catalogue, catalogue_for, level_name
from ..model import Deck, Level, Monument, SearchCard
from .cards import card_frame, card_picture, monument_face, search_face
from .fallback import design_fallback, fall_back
from .flow import ColumnFlow
from .fonts import Font, text_width_mm
from .frame import CardFrame
from .items import Anchor, Page, Path, Shape, Text
from .lazy import Lazy
from .rules_sheet import ACCENT, GREY, INK, MARGIN_MM, MIN_TEXT_PT
from .sheets import Paper
from .text import wrap

ROW_GAP_MM = 2.5
COLUMN_GAP_MM = 8.0
LABEL_PT = 8.5  # a row's card ids and notations, when they fit between its two pictures
MATCHES_PT = 7.5
LABEL_CLEARANCE_MM = 1.5  # between a label and either picture


def _balance_note(t: Catalogue) -> str:
    return t.gettext(
        "Answers: the fewest and the most of the group’s cards that any one Monument answers. Red marks: "
        "the fewest and the most times any one head is red on the group’s cards. A spread of 1 or less is "
        "balanced: no Monument and no head comes up more than its share."
    )


def _matches(t: Catalogue) -> str:
    return t.pgettext("answer key", "matches →")


PICTURE_SHARES = (0.31, 0.29, 0.27, 0.25)  # of a column's width, for each card picture


def answer_key_pages(design: Design, deck: Deck, report: Report, paper: Paper) -> Sequence[Page]:
    """The key at the largest card pictures that leave room between them for the labels at
    ``MIN_TEXT_PT`` or more and no page holding only the balance table (usually the first size
    tried already does). Each page's card pictures are drawn when a renderer reaches it: the
    flow places a small record a row, so a key of thousands of cards never holds every card's face.

    >>> from rushmore_print import generate_deck, load_design, validate_deck
    >>> from rushmore_print.sizes import PAPERS
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> pages = answer_key_pages(design, deck, validate_deck(deck), PAPERS["a4"])
    >>> len(pages), (pages[0].width_mm, pages[0].height_mm)
    (2, (210.0, 297.0))
    """
    matches = _matches(catalogue_for(design))
    widest = _widest_label_mm(design, deck)
    for share in PICTURE_SHARES:
        pages, label_pt = _key_pages(design, deck, report, paper, share, widest)
        balanced = any(isinstance(item, Text) and item.text == matches for item in pages[-1].items)
        if balanced and label_pt >= MIN_TEXT_PT:
            return pages
    return pages


def _labels(deck: Deck, card: SearchCard, monument: Monument) -> tuple[str, str]:
    """A row's two labels: ``S17  LR*RL`` and ``M03  LLRL``."""
    n = deck.notation
    return f"{card.id}  {n.search(card.faces, card.red)}", f"{monument.id}  {n.monument(monument.faces)}"


def _widest_label_mm(design: Design, deck: Deck) -> float:
    """The widest label of the key at ``LABEL_PT``: ids grow a digit past 9,999 cards, and each
    red head adds a star (8 heads: ``S17989  R*RRLL*LR*R``, 33 mm, wider than the 32.7 mm between
    the pictures on A4). One size for the whole key, so that every row reads alike."""
    font = _label_font(design)
    return max(
        (
            text_width_mm(label, LABEL_PT, font)
            for c in deck.search
            for label in _labels(deck, c, deck.monument(c.answer))
        ),
        default=0.0,
    )


def _label_font(design: Design) -> Font:
    fallback = design_fallback(design)  # notation letters may come from the designer's font
    return Font.BOLD.backed_by(fallback) if fallback is not None else Font.BOLD


def _fitted_pt(size_pt: float, width_mm: float, room_mm: float) -> float:
    """``size_pt``, or smaller so that a text ``width_mm`` wide at ``size_pt`` fits ``room_mm``.

    >>> _fitted_pt(8.5, 20.0, 30.0), round(_fitted_pt(8.5, 33.0, 29.7), 2)
    (8.5, 7.65)
    """
    return size_pt if width_mm <= room_mm else size_pt * room_mm / width_mm


@frozen_dataclass
class _Row:
    """One row of the key, placed but not drawn yet: a Search card, what it matches, and where."""

    card: SearchCard
    monument: Monument
    x: float
    y: float
    picture_width: float
    column_width: float


def _key_pages(
    design: Design, deck: Deck, report: Report, paper: Paper, share: float, widest_label_mm: float
) -> tuple[Sequence[Page], float]:
    """The pages with pictures ``share`` of a column wide, and the labels' size between them."""
    W, H = paper.width_mm, paper.height_mm
    frame = card_frame(design, bleed_mm=0.0)
    t = catalogue_for(design)
    fallback = design_fallback(design)

    def header(items: list) -> float:
        top = H - MARGIN_MM - 5
        items.append(Text(MARGIN_MM, top, t.gettext("{title}: answer key", title=design.name), 16, ACCENT, Font.BOLD))
        note = t.gettext("for game masters and publishers; keep away from the table")
        items.append(Text(W - MARGIN_MM, top, note, 7.5, GREY, Font.ITALIC, Anchor.END))
        items.append(Shape(Path.line(MARGIN_MM, top - 3, W - MARGIN_MM, top - 3), stroke=ACCENT, stroke_mm=0.5))
        return top - 7

    flow = ColumnFlow(W, H, MARGIN_MM, COLUMN_GAP_MM, MARGIN_MM + 6, header)
    col_w = flow.column_width
    pic_w = col_w * share
    pic_h = pic_w * frame.height_mm / frame.width_mm
    row_h = pic_h + ROW_GAP_MM
    room = col_w - 2 * pic_w - 2 * LABEL_CLEARANCE_MM
    matches = _matches(t)
    sizes = (
        _fitted_pt(LABEL_PT, widest_label_mm, room),
        _fitted_pt(MATCHES_PT, text_width_mm(matches, MATCHES_PT, Font.ITALIC), room),
    )
    for level in Level:
        cards = [c for c in deck.search if c.level is level]
        if not cards:
            continue
        column = flow.room(8 + row_h)
        column.y -= 6
        flow.items.append(Text(column.x, column.y, _level_title(t, level, len(cards)), 10, ACCENT, Font.BOLD))
        column.y -= 2
        for card in cards:
            column = flow.room(row_h)
            flow.items.append(_Row(card, deck.monument(card.answer), column.x, column.y - pic_h, pic_w, col_w))
            column.y -= row_h
    _balance_table(report, flow, t)
    total = len(flow.pages)
    for number, items in enumerate(flow.pages, start=1):
        footer = t.gettext("{title}: answer key | page {page} of {pages}", title=design.name, page=number, pages=total)
        items.append(Text(W / 2, MARGIN_MM - 2, footer, 7.0, GREY, Font.REGULAR, Anchor.MIDDLE))
    pages = flow.pages

    def page(number: int) -> tuple[Page]:
        drawn = (
            _row_items(design, deck, frame, item, t, sizes) if isinstance(item, _Row) else [item]
            for item in pages[number]
        )
        return (Page(W, H, fall_back(tuple(itertools.chain.from_iterable(drawn)), fallback)),)

    return Lazy(len(pages), page), sizes[0]


def _row_items(
    design: Design, deck: Deck, frame: CardFrame, row: _Row, t: Catalogue, sizes: tuple[float, float]
) -> list:
    """A row's items: the Search card's picture, its notation, "matches", the Monument's;
    ``sizes``: the labels' and the "matches" line's, fitted between the pictures."""
    x, y, pic_w, col_w, card, monument = row.x, row.y, row.picture_width, row.column_width, row.card, row.monument
    pic_h = pic_w * frame.height_mm / frame.width_mm
    mid = x + pic_w + (col_w - 2 * pic_w) / 2
    search_label, monument_label = _labels(deck, card, monument)
    label_pt, matches_pt = sizes
    return [
        *card_picture(search_face(design, card, frame), frame, x, y, pic_w),
        Text(mid, y + pic_h * 0.62, search_label, label_pt, INK, Font.BOLD, Anchor.MIDDLE),
        Text(mid, y + pic_h * 0.42, _matches(t), matches_pt, GREY, Font.ITALIC, Anchor.MIDDLE),
        Text(mid, y + pic_h * 0.22, monument_label, label_pt, INK, Font.BOLD, Anchor.MIDDLE),
        *card_picture(monument_face(design, monument, frame), frame, x + col_w - pic_w, y, pic_w),
    ]


def _level_title(t: Catalogue, level: Level, cards: int) -> str:
    """``Advanced: 12 cards with one red head``: each level's own sentence, so that a language can
    decline the words after "with"."""
    name = level_name(t, level)
    if level is Level.BASIC:
        return t.ngettext(
            "{level}: {n} card with no red head", "{level}: {n} cards with no red head", cards, level=name
        )
    if level is Level.ADVANCED:
        return t.ngettext(
            "{level}: {n} card with one red head", "{level}: {n} cards with one red head", cards, level=name
        )
    return t.ngettext(
        "{level}: {n} card with two or more red heads",
        "{level}: {n} cards with two or more red heads",
        cards,
        level=name,
    )


def _group_name(row: BalanceRow, t: Catalogue) -> str:
    """``2 red`` or ``Basic pool``, in the key's language."""
    if row.level is not None:
        return t.gettext("{level} pool", level=level_name(t, row.level))
    if row.red_heads is not None:
        return t.gettext("{n} red", n=row.red_heads)
    return row.group


def _balance_table(report: Report, flow: ColumnFlow, t: Catalogue) -> None:
    lines = [
        (
            t.pgettext("balance table", "group"),
            t.pgettext("balance table", "cards"),
            t.pgettext("balance table", "answers"),
            t.pgettext("balance table", "red marks"),
        )
    ]
    lines += [
        (
            _group_name(row, t),
            str(row.cards),
            t.gettext("{low} to {high}", low=row.answer_min, high=row.answer_max),
            "-" if row.red_min is None else t.gettext("{low} to {high}", low=row.red_min, high=row.red_max),
        )
        for row in report.balance
    ]
    verdict = (
        t.gettext("every Search card matches exactly one Monument")
        if not report.errors
        else t.ngettext("{n} problem found by the validator", "{n} problems found by the validator", len(report.errors))
    )
    line_h = 4.2
    column = flow.room(10 + line_h * (len(lines) + 2))
    column.y -= 7
    flow.items.append(Text(column.x, column.y, t.gettext("Balance (from the validator)"), 10, ACCENT, Font.BOLD))
    stops = [0.0, column.width * 0.32, column.width * 0.46, column.width * 0.72]
    for index, line in enumerate(lines):
        column.y -= line_h
        font = Font.BOLD if index == 0 else Font.REGULAR
        for stop, cell in zip(stops, line):
            flow.items.append(Text(column.x + stop, column.y, cell, 7.5, INK, font))
    column.y -= line_h * 1.5
    flow.items.append(Text(column.x, column.y, verdict, 8, INK, Font.ITALIC))
    for runs in wrap(_balance_note(t), column.width, 7.0):
        column.y -= line_h * 0.9
        flow.items.append(Text(column.x, column.y, "".join(text for text, _ in runs), 7.0, GREY, Font.REGULAR))


__all__ = ["answer_key_pages"]
