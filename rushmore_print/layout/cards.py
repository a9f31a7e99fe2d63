"""Card faces and backs as drawing items, in millimetres from the card's trim corner.

Everything a card shows is placed here, once; the PDF and PNG renderers only translate it.
Art runs to the bleed; text and symbols stay inside the safe zone (1/8 in inside the trim).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math

from ..colors import BLACK, WHITE, Color, mix
from ..design import Design, HeadSpec, Style
from ..frozen import frozen_dataclass, hashed_once
from ..language.i18n import catalogue_for, level_name
from ..model import Monument, SearchCard
from ..sizes import PAPERS
from ..units import MM_PER_INCH, MM_PER_PT
from .backs import back_face as back_face
from .backs import back_problems, back_symbols
from .fonts import Font, name_font, text_width_mm
from .frame import CardFrame, CardKind, Face
from .heads import (
    FLIP_MARKER_BOX,
    HEAD_BOX,
    MIRROR,
    HeadKey,
    HeadRelief,
    Palette,
    flip_marker_symbol,
    has_relief,
    head_drawing,
    head_symbol,
    plain_palette,
    red_palette,
    relief_symbol,
)
from .ink import Silhouette, reach, silhouette
from .items import (
    TEXT_DESCENT,
    Anchor,
    Group,
    Matrix,
    Path,
    Rect,
    Shape,
    Text,
    Use,
    multiply,
    place,
    rgb,
    scale,
    translate,
    union,
)
from .sheets import SheetLayout, plan_sheet

FLIP = "flip-marker"
PICTURE_OUTLINE = rgb("#666666")
MIN_PICTURE_TEXT_PT = 3.0  # smaller than this, a picture's text is a grey smudge


def card_frame(design: Design, bleed_mm: float | None = None) -> CardFrame:
    """The card's frame as the design prints it: its trim size and bleed (bleed_mm overrides the bleed).

    >>> from rushmore_print import load_design
    >>> card_frame(load_design()), card_frame(load_design(), bleed_mm=0).bleed_mm
    (CardFrame(width_mm=88.9, height_mm=63.5, bleed_mm=3.0, safe_mm=3.175), 0)
    """
    spec = design.print
    return CardFrame(spec.width_mm, spec.height_mm, spec.bleed_mm if bleed_mm is None else bleed_mm)


@frozen_dataclass
class Proportions:
    """The card design's numbers, in mm and pt: change the look here, not in the drawing code.

    >>> PROPORTIONS.label_pt, PROPORTIONS.label_min_pt, PROPORTIONS.marker_mm
    (8.0, 7.0, 4.5)
    """

    content_inset_mm: float = 3.9  # the footer's symbols and ids stay this far inside the trim
    footer_mm: float = 4.2  # the bottom row: map or magnifier, level, id (its 7.5 pt text needs 2.8)
    label_pt: float = 8.0  # head names, at most (smaller only to fit, never under 7 pt)
    label_min_pt: float = 7.0
    # the flip marker over a red head: 4.5 mm reads at arm's length (a 13 pt symbol); on a
    # landscape card it is the room above the heads that caps their height (junior)
    marker_mm: float = 4.5
    gap_mm: float = 0.6
    head_gap_mm: float = 0.5  # between neighbouring names
    face_gap_mm: float = 1.0  # ink to ink beside a face: noses, lips, a brow never touch a neighbour
    back_gap_mm: float = 0.5  # ink to ink where two heads stand back to back (hair to hair)
    shoulder_gap_mm: float = 0.0  # ink to ink at the shoulders (chest, coat, the bust's cut)
    spread: float = 0.15  # room to spare: heads stand up to this share of a head further apart, centred
    names_cost: float = 0.1  # names may make heads this much smaller to fit; a longer name is refused
    niche_mm: float = 1.2  # how far a Search card's niche reaches above its head
    niche_side_mm: float = 0.15  # and to each side


PROPORTIONS = Proportions()

# The built-in bust, facing left, in head units (``HEAD_BOX``). Below ``SHOULDER_TOP`` it is chest,
# coat and shoulder, which neighbours may share; ``FACE_ZONE`` holds brow to chin, nose, lips,
# spectacles and the front of a beard, which nothing may cover. A designer's art is all face: the
# layout cannot know where its face is, so art never shares anything.
SHOULDER_TOP = 50.0
FACE_ZONE = Rect(0.0, 52.0, 56.0, 80.0)
INK_BAND = 3.0  # head units: the height of one band of a head's silhouette


@frozen_dataclass
class HeadSlot:
    """Where one head goes on a card face: the head's box, its name's centre, baseline and size, the
    red head's flip marker, and the niche carved behind a plain head on a Search card (mm).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> frame = card_frame(design)
    >>> slot = head_slots(design, frame)[0]
    >>> round(slot.head.height, 3), slot.label_size, slot.marker.width
    (37.296, 8.0, 4.5)
    """

    head: Rect  # where the head box goes
    label_x: float  # the name, centred under the head
    label_y: float
    label_size: float
    marker: Rect  # where a red head's flip marker goes
    niche: Rect  # the carved niche behind a plain head on a Search card


@frozen_dataclass
class CardLayout:
    """Named boxes of a card face, in mm from the trim's lower left corner.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> frame = card_frame(design)
    >>> layout = card_layout(design, frame)
    >>> layout.rows, layout.per_row, layout.label_pt, len(layout.slots)
    (1, 4, 8.0, 4)
    """

    frame: CardFrame
    content: Rect  # the footer's symbols and ids stay inside it
    footer: Rect  # symbol, level and id
    heads: Rect  # the area the rows of heads, names and markers share (inside the safe zone)
    slots: tuple[HeadSlot, ...]
    label_pt: float  # the names' size before any floor: under ``label_min_pt`` they are cramped
    per_row: int = 1  # heads in the first row (the second, if any, holds the rest)
    # the Monuments' slots: the same heads and rows, spaced evenly where the Search cards keep
    # room for a red head's marker between two heads (a Monument has no red head); empty: ``slots``
    even_slots: tuple[HeadSlot, ...] = ()

    def slots_for(self, kind: CardKind) -> tuple[HeadSlot, ...]:
        """The slots a face of ``kind`` draws its heads in.

        >>> from rushmore_print import load_design
        >>> design = load_design()
        >>> layout = card_layout(design, card_frame(design))
        >>> layout.slots_for(CardKind.MONUMENT) == layout.slots  # markers above the heads: no room between
        True
        """
        return self.even_slots if kind is CardKind.MONUMENT and self.even_slots else self.slots

    @property
    def rows(self) -> int:
        """The rows of heads on the face: one, or two when the heads do not fit across.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> frame = card_frame(design)
        >>> card_layout(design, frame).rows
        1
        """
        return math.ceil(len(self.slots) / self.per_row)

    @property
    def corner_mm(self) -> float:
        """The radius of the footer symbol's corner (the footer's height).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> frame = card_frame(design)
        >>> card_layout(design, frame).corner_mm
        4.2
        """
        return self.footer.height

    @property
    def ridge_mm(self) -> float:
        """Where a Monument's rock ends and the sky begins: a little above the tallest head.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> frame = card_frame(design)
        >>> round(card_layout(design, frame).ridge_mm, 3)
        54.022
        """
        return max(slot.head.top for slot in self.slots) + 2.0


@hashed_once  # a key of the layout's caches, hashed thousands of times a build
@frozen_dataclass
class HeadInk:
    """Where one head's drawings (both facings, plain and red) put ink, in head units.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> frame = card_frame(design)
    >>> ink = head_inks(design)[0]
    >>> len(ink.drawings), ink.is_art
    (4, False)
    """

    drawings: tuple[Silhouette, ...]
    bounds: Rect  # every drawing's box together
    is_art: bool  # a designer's art: all of it counts as face


def head_inks(design: Design) -> tuple[HeadInk, ...]:
    """The silhouettes the layout packs ``design``'s heads by, read from the drawings themselves
    (so a redrawn look or a designer's art is placed by where its ink really is). Each head's is
    traced once a process for what its drawing depends on (look, art, palettes), so an edit of
    anything else (a name, the sky, the rules: ``preview --watch``) traces nothing again.

    >>> from rushmore_print.design import load_design
    >>> classic = load_design()
    >>> renamed = dataclasses.replace(classic, name="Other", heads=(HeadSpec("Ada", classic.heads[0].look),))
    >>> head_inks(renamed)[0] is head_inks(classic)[0]
    True
    """
    style = design.style
    return tuple(
        _head_ink(dataclasses.replace(spec, name=""), plain_palette(style, spec), red_palette(style, spec))
        for spec in design.heads
    )


@functools.lru_cache(maxsize=64)
def _head_ink(spec: HeadSpec, plain: Palette, red: Palette) -> HeadInk:
    """One head's silhouettes, plain and red, facing each way. A head facing the second way is
    the mirror image of the first (``heads.MIRROR``), so is its silhouette."""
    drawings, boxes = [], []
    for palette in (plain, red):
        symbol = head_drawing(spec, palette)
        drawings.append(silhouette(symbol.items, {}, HEAD_BOX.y - 30, HEAD_BOX.top + 30, INK_BAND))
        boxes.append(symbol.bbox)
    axis = MIRROR[4]
    drawings += [drawing.flipped(axis) for drawing in drawings]
    boxes += [Rect(axis - box.right, box.y, box.width, box.height) for box in boxes]
    bounds = union(boxes)
    assert bounds is not None
    return HeadInk(tuple(drawings), bounds, spec.art is not None or spec.vector is not None)


# (clearance in head units, gap in mm): the step from a head's box to its neighbour's is the
# largest ``units * mm_per_unit + gap`` of these
Clearance = tuple[tuple[float, float], ...]


@functools.lru_cache(maxsize=256)
def clearance(a: HeadInk, b: HeadInk, p: Proportions = PROPORTIONS) -> Clearance:
    """How far right of head ``a``'s box the box of ``b`` (its right-hand neighbour) must start,
    whichever way each faces, red or not: above the shoulders their inks stay ``face_gap_mm``
    apart (``back_gap_mm`` back to back, where no face is); the shoulders of built-in busts may
    come closer (``shoulder_gap_mm``); a designer's art keeps the face gap all the way down.
    Drawings are ordered facing 0 (plain, red), facing 1 (plain, red); a drawing faces the
    first direction, so a facing-1 head followed by a facing-0 one stand face to face, and a
    facing-0 head followed by a facing-1 one back to back.

    >>> from rushmore_print.design import load_design
    >>> ink = head_inks(load_design())
    >>> [gap for _, gap in clearance(ink[0], ink[1])]  # beside a face, back to back, shoulders
    [1.0, 0.5, 0.0]
    >>> all(units > 0.9 * HEAD_BOX.width for units, _ in clearance(ink[0], ink[1]))  # busts fill their box
    True
    """
    sample = a.drawings[0]
    split = max(0, math.floor((SHOULDER_TOP - sample.bottom) / sample.band))
    art = a.is_art or b.is_art
    above = range(0 if art else split, len(sample.spans))
    shoulders = range(0 if art else split)
    half = len(a.drawings) // 2

    def worst(bands: range, back_to_back: bool | None) -> float:
        return max(
            (
                reach(da, db, bands)
                for i, da in enumerate(a.drawings)
                for j, db in enumerate(b.drawings)
                if back_to_back is None or ((i < half and j >= half) == back_to_back)
            ),
            default=-math.inf,
        )

    found = (
        (worst(above, False), p.face_gap_mm),
        (worst(above, True), p.back_gap_mm),
        (worst(shoulders, None), p.shoulder_gap_mm),
    )
    return tuple((units, gap) for units, gap in found if units > -math.inf)


def _step(found: Clearance, head_w: float) -> float:
    """The distance (mm) from a head's box to its neighbour's, for heads ``head_w`` mm wide."""
    u = head_w / HEAD_BOX.width
    return max([units * u + gap for units, gap in found] + [0.0])


@frozen_dataclass
class _Arrangement:
    """Heads in rows (head indices, top row first) and the red marker above each head or
    beside its crown: on the outer side, so that a row stays symmetric (the left half's markers
    on the left, the rest on the right; two heads stand together with a marker outside each).
    ``names``: each head's name at the smallest size (mm), centred under its head."""

    rows: tuple[tuple[int, ...], ...]
    beside: bool
    names: tuple[float, ...]

    def marker_left(self, position: int, count: int) -> bool:
        return self.beside and position < count // 2

    def steps(self, inks: tuple[HeadInk, ...], head_w: float, p: Proportions) -> list[list[float]]:
        """Per row, the distance (mm) from each head's box to the next one's, before any spread:
        their inks apart, a marker between them if there is one, their names apart."""
        u = head_w / HEAD_BOX.width
        found = []
        for row in self.rows:
            steps = []
            for position, (a, b) in enumerate(itertools.pairwise(row)):
                between = self.beside and not self.marker_left(position, len(row))
                between = between or self.marker_left(position + 1, len(row))
                if between:  # a marker stands between the two heads
                    units = inks[a].bounds.right - inks[b].bounds.x
                    step = units * u + p.gap_mm + p.marker_mm + p.face_gap_mm
                else:
                    step = _step(clearance(inks[a], inks[b], p), head_w)
                steps.append(max(step, (self.names[a] + self.names[b]) / 2 + p.head_gap_mm))
            found.append(steps)
        return found

    def widths(self, inks: tuple[HeadInk, ...], head_w: float, p: Proportions) -> list[float]:
        """Per row, how wide its ink, markers and names are, from the leftmost of them."""
        u = head_w / HEAD_BOX.width
        found = []
        for row, steps in zip(self.rows, self.steps(inks, head_w, p), strict=True):
            last = len(row) - 1
            tail = (inks[row[-1]].bounds.right - HEAD_BOX.x) * u
            tail += p.gap_mm + p.marker_mm if self.beside and not self.marker_left(last, len(row)) else 0.0
            tail = max(tail, head_w / 2 + self.names[row[-1]] / 2)
            found.append(self.lead(inks, row, head_w, p) + sum(steps) + tail)
        return found

    def lead(self, inks: tuple[HeadInk, ...], row: tuple[int, ...], head_w: float, p: Proportions) -> float:
        """From the row's leftmost ink, marker or name to its first head's box."""
        ink = (HEAD_BOX.x - inks[row[0]].bounds.x) * head_w / HEAD_BOX.width
        ink += p.gap_mm + p.marker_mm if self.marker_left(0, len(row)) else 0.0
        return max(ink, self.names[row[0]] / 2 - head_w / 2)

    def stack(self, inks: tuple[HeadInk, ...], head_w: float, label_h: float, p: Proportions) -> float:
        """The height of one row: name, head (with the ink below and above its box), niche, marker."""
        u = head_w / HEAD_BOX.width
        below = max(0.0, max(HEAD_BOX.y - ink.bounds.y for ink in inks)) * u
        above = max(0.0, max(ink.bounds.top - HEAD_BOX.top for ink in inks)) * u
        head_h = head_w * HEAD_BOX.height / HEAD_BOX.width
        # a marker above stands over a red head, which has no niche: it may take the niche's room
        marker = 0.0 if self.beside else p.gap_mm + p.marker_mm
        return label_h + p.gap_mm + below + head_h + max(p.niche_mm, above, marker) + p.gap_mm

    def largest_head(self, inks: tuple[HeadInk, ...], area: Rect, label_h: float, p: Proportions) -> float:
        """The widest head (mm, to 0.01 mm) whose rows fit ``area`` across and down: every
        length grows with the head, so a bisection finds it."""

        def fits(head_w: float) -> bool:
            rows_fit = max(self.widths(inks, head_w, p)) <= area.width
            return rows_fit and self.stack(inks, head_w, label_h, p) * len(self.rows) <= area.height

        small, large = 0.0, area.width
        while large - small > 0.005:
            middle = (small + large) / 2
            small, large = (middle, large) if fits(middle) else (small, middle)
        return math.floor(small * 100) / 100  # never a hair more than fits


def _arrangements(count: int, names: tuple[float, ...]) -> list[_Arrangement]:
    """One row, or two (the first the fuller), each with the markers above or beside the heads."""
    found = []
    for rows in (1, 2) if count > 1 else (1,):
        per_row = math.ceil(count / rows)
        split = tuple(tuple(range(start, min(start + per_row, count))) for start in range(0, count, per_row))
        found += [_Arrangement(split, beside, names) for beside in (False, True)]
    return found


@functools.lru_cache(maxsize=32)
def card_layout(design: Design, frame: CardFrame, p: Proportions = PROPORTIONS) -> CardLayout:
    """The boxes of every face of ``design`` at ``frame``'s size (a pure function, memoised).

    The heads are as large as the card allows, in one row or two, whichever gives the larger
    heads; each row is centred, the names under them (spread apart where a row has room).
    Neighbours stand as close as their silhouettes allow: ``face_gap_mm`` apart beside a face,
    ``back_gap_mm`` back to back, touching at most at the shoulders."""
    content = frame.trim.grow(-max(p.content_inset_mm, frame.safe_mm))  # a vendor may ask for a wider safe area
    footer = Rect(content.x, content.y, content.width, p.footer_mm)
    safe = frame.safe  # the heads, their names and markers may use all of the safe zone
    area = Rect(safe.x, footer.top + p.gap_mm, safe.width, safe.top - footer.top - p.gap_mm)
    inks = head_inks(design)
    font = name_font(design)
    names = tuple(text_width_mm(head.name, p.label_min_pt, font) for head in design.heads)
    label_h = p.label_pt * MM_PER_PT  # a name's ink: TEXT_DESCENT of its size below the baseline, TEXT_ASCENT above

    def label_size(arrangement: _Arrangement, head_w: float) -> float:
        """The names' largest size (pt): neighbours' names apart, every name inside the area."""
        size = min(p.label_min_pt * area.width / width for width in names)
        for row, steps in zip(arrangement.rows, arrangement.steps(inks, head_w, p), strict=True):
            for (a, b), step in zip(itertools.pairwise(row), steps, strict=True):
                size = min(size, p.label_min_pt * (step - p.head_gap_mm) / ((names[a] + names[b]) / 2))
        return min(p.label_pt, size)

    def fit(arrangement: _Arrangement) -> tuple[_Arrangement, float, bool]:
        """The arrangement as drawn, its heads' width, and whether the names fit: heads as
        large as their inks allow; names spread them apart where the row has room to spare,
        and may make them a little smaller (``names_cost``), no more: a name that would cost
        more is refused instead."""
        ink_only = dataclasses.replace(arrangement, names=(0.0,) * len(names))
        head_w = ink_only.largest_head(inks, area, label_h, p)
        if head_w > 0 and max(arrangement.widths(inks, head_w, p)) <= area.width + 1e-6:
            return arrangement, head_w, True
        named_w = arrangement.largest_head(inks, area, label_h, p)
        if named_w >= head_w * (1 - p.names_cost):
            return arrangement, named_w, True
        return ink_only, head_w, label_size(ink_only, head_w) >= p.label_min_pt - 0.01

    # the largest heads (max keeps the first of equals: one row before two, markers above
    # before beside); where their names do not fit, they are cramped and refused
    arrangement, head_w, _ = max((fit(a) for a in _arrangements(len(design.heads), names)), key=lambda f: f[1])
    u = head_w / HEAD_BOX.width
    head_h = head_w * HEAD_BOX.height / HEAD_BOX.width
    stack_h = arrangement.stack(inks, head_w, label_h, p)
    band_h = area.height / len(arrangement.rows)
    below = max(0.0, max(HEAD_BOX.y - ink.bounds.y for ink in inks)) * u
    placed: list[tuple[int, Rect, Rect, float]] = []  # (row, head, marker, base)
    rows = zip(arrangement.rows, arrangement.steps(inks, head_w, p), arrangement.widths(inks, head_w, p), strict=True)
    for number, (row, steps, width) in enumerate(rows):
        spread = min(max(0.0, area.width - width) / (len(row) + 1), p.spread * head_w) if len(row) > 1 else 0.0
        width += spread * (len(row) - 1)
        x = area.x + (area.width - width) / 2 + arrangement.lead(inks, row, head_w, p)
        base = area.y + (len(arrangement.rows) - 1 - number) * band_h + (band_h - stack_h) / 2
        for position, index in enumerate(row):
            if position:
                x += steps[position - 1] + spread
            head = Rect(x, base + label_h + p.gap_mm + below, head_w, head_h)
            if arrangement.marker_left(position, len(row)):  # at the crown, clear of every head's ink
                marker_x = x + (inks[index].bounds.x - HEAD_BOX.x) * u - p.gap_mm - p.marker_mm
                marker = Rect(marker_x, head.top - p.marker_mm, p.marker_mm, p.marker_mm)
            elif arrangement.beside:
                marker_x = x + (inks[index].bounds.right - HEAD_BOX.x) * u + p.gap_mm
                marker = Rect(marker_x, head.top - p.marker_mm, p.marker_mm, p.marker_mm)
            else:
                top = base + stack_h - p.gap_mm  # over the crown, where a plain head's niche reaches
                marker = Rect(x + head_w / 2 - p.marker_mm / 2, top - p.marker_mm, p.marker_mm, p.marker_mm)
            placed.append((number, head, marker, base))
    # the names' size: each centred under its head, apart from its neighbours', inside the area
    fitted = p.label_pt
    for (row_a, a, _, _), (row_b, b, _, _), index in zip(placed, placed[1:], range(len(placed)), strict=False):
        if row_a == row_b:
            room = b.x - a.x - p.head_gap_mm
            fitted = min(fitted, p.label_min_pt * room / ((names[index] + names[index + 1]) / 2))
    for index, (_, head, _, _) in enumerate(placed):
        centre = head.x + head.width / 2
        fitted = min(fitted, p.label_min_pt * 2 * min(centre - area.x, area.right - centre) / names[index])
    label_pt = max(fitted, p.label_min_pt)
    slots: list[HeadSlot] = []
    for index, (_, head, marker, base) in enumerate(placed):
        niche = Rect(
            head.x - p.niche_side_mm,
            head.y - p.gap_mm / 2,
            head.width + 2 * p.niche_side_mm,
            head.height + p.niche_mm + p.gap_mm / 2,
        )
        half = text_width_mm(design.heads[index].name, label_pt, font) / 2
        label_x = min(max(head.x + head_w / 2, area.x + half), area.right - half)  # cramped: still inside
        slots.append(HeadSlot(head, label_x, base + TEXT_DESCENT * label_pt * MM_PER_PT, label_pt, marker, niche))
    per_row = len(arrangement.rows[0])
    even: tuple[HeadSlot, ...] = ()
    if arrangement.beside:  # markers between some heads: Monuments, which have none, space them evenly
        plain = dataclasses.replace(arrangement, beside=False).steps(inks, head_w, p)
        even = _evenly(tuple(slots), arrangement.rows, plain, area, font, design)
    return CardLayout(frame, content, footer, area, tuple(slots), fitted, per_row, even)


def _evenly(
    slots: tuple[HeadSlot, ...],
    rows: tuple[tuple[int, ...], ...],
    steps: list[list[float]],
    area: Rect,
    font: Font,
    design: Design,
) -> tuple[HeadSlot, ...]:
    """``slots`` with each row's heads moved, between its first and its last head, one step apart,
    the same each time (or, where a step without a marker is longer than that, those steps and an
    equal share of what is left); names under them."""
    moved = list(slots)
    for row, row_steps in zip(rows, steps, strict=True):
        if len(row) < 2:
            continue
        first, last = slots[row[0]].head.x, slots[row[-1]].head.x
        pitch = (last - first) / (len(row) - 1)
        if pitch < max(row_steps):
            extra = (last - first - sum(row_steps)) / (len(row) - 1)
            row_steps = [step + extra for step in row_steps]
        else:
            row_steps = [pitch] * len(row_steps)
        x = first
        for position, index in enumerate(row):
            if position:
                x += row_steps[position - 1]
            slot = slots[index]
            head = dataclasses.replace(slot.head, x=x)
            half = text_width_mm(design.heads[index].name, slot.label_size, font) / 2
            label_x = min(max(x + head.width / 2, area.x + half), area.right - half)
            niche = dataclasses.replace(slot.niche, x=slot.niche.x + x - slot.head.x)
            moved[index] = dataclasses.replace(slot, head=head, label_x=label_x, niche=niche)
    return tuple(moved)


def head_slots(design: Design, frame: CardFrame) -> tuple[HeadSlot, ...]:
    """Where each head, its name and its marker sit on a card of ``frame``'s size.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> frame = card_frame(design)
    >>> [round(slot.label_x, 2) for slot in head_slots(design, frame)]
    [13.54, 34.15, 54.75, 75.36]
    """
    return card_layout(design, frame).slots


def layout_problems(design: Design, frame: CardFrame) -> list[str]:
    """What keeps ``design``'s cards from being drawn well at ``frame``'s size, in words.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> frame = card_frame(design)
    >>> layout_problems(design, frame)
    []
    >>> from dataclasses import replace
    >>> long = replace(design, heads=(replace(design.heads[0], name="Washington" * 4),) + design.heads[1:])
    >>> print(*layout_problems(long, frame))
    the head name 'WashingtonWashingtonWashingtonWashington' is too long to print at 7 pt under its head ...
    """
    layout = card_layout(design, frame)
    problems = []
    font = name_font(design)
    longest = max(design.heads, key=lambda h: text_width_mm(h.name, 1.0, font)).name
    for paper in PAPERS.values():  # a whole page; gutter-fold halves are checked when asked for
        try:
            plan_sheet(paper, SheetLayout.FRONTS, frame)
        except ValueError:
            size = f"{frame.width_mm:g} x {frame.height_mm:g} mm"
            problems.append(f"a {size} card with {frame.bleed_mm:g} mm bleed does not fit on {paper.name} paper; "
                            "use a smaller card")  # fmt: skip
            return problems
    problems += back_problems(design, frame)
    if layout.label_pt < PROPORTIONS.label_min_pt - 0.01:  # the names would run into each other
        problems.append(
            f"the head name {longest!r} is too long to print at {PROPORTIONS.label_min_pt:g} pt "
            f"under its head on a {frame.width_mm:g} x {frame.height_mm:g} mm card; "
            "shorten it or use a larger card"
        )
    return problems


ART_DPI = 600  # head art is downsampled once to this resolution at its printed size


def symbols(design: Design) -> dict:
    """Every reusable drawing a design's cards refer to, by key.

    >>> from rushmore_print import load_design
    >>> found = symbols(load_design())
    >>> len(found), HeadKey(0, 1, True) in found, FLIP in found
    (29, True, True)
    """
    frame = card_frame(design)
    found: dict = {FLIP: flip_marker_symbol(), **back_symbols(design, frame)}
    head = card_layout(design, frame).slots[0].head
    art_pixels = math.ceil(head.height / MM_PER_INCH * ART_DPI)
    for index, spec in enumerate(design.heads):
        for facing in (0, 1):
            for red in (False, True):
                key = HeadKey(index, facing, red)
                found[key] = head_symbol(spec, key, design.style, art_pixels)
            relief = relief_symbol(spec, HeadRelief(index, facing), design.style)
            if relief is not None:
                found[HeadRelief(index, facing)] = relief
    return found


def _place(box: Rect, source: Rect) -> Matrix:
    """The transform that maps ``source`` onto ``box`` (uniform scale by width)."""
    return place(source, box.x, box.y, box.width / source.width)


def _heads(
    design: Design,
    layout: CardLayout,
    faces: tuple[int, ...],
    red: tuple[bool, ...],
    label_color: Color,
    niches: Color | None,
) -> list:
    """Every niche and relief first (a relief in its niche on a Search card), then every head,
    then the markers and names: nothing a card draws after a head reaches into it (the layout
    keeps markers and names clear of every head), and a relief lies under every head."""
    slots = layout.slots_for(CardKind.MONUMENT if niches is None else CardKind.SEARCH)
    items: list = []
    carved = [not is_red for is_red in red] if niches is not None else [True] * len(red)
    if niches is not None:  # a red head stands out on bare paper
        items += [_niche(slot, niches) for slot, is_red in zip(slots, red) if not is_red]
    items += [
        _relief(HeadRelief(index, faces[index]), slot, niches is not None)
        for index, slot in enumerate(slots)
        if carved[index] and has_relief(design.heads[index])
    ]
    items += [_use(HeadKey(index, faces[index], red[index]), slot.head, HEAD_BOX) for index, slot in enumerate(slots)]
    items += [_use(FLIP, slot.marker, FLIP_MARKER_BOX) for slot, is_red in zip(slots, red) if is_red]
    items += _names(design, slots, label_color)
    return items


# A face is made of the same few parts on every card (the rock, a head in its slot, the names):
# each is made once and shared, so a face costs little time and memory; a document lays its
# cards out as it reaches them (``build.DeckFaces``), so this is paid once a document.
@functools.lru_cache(maxsize=1024)
def _niche(slot: HeadSlot, color: Color) -> Shape:
    return Shape(_niche_path(slot), fill=color)


def _niche_path(slot: HeadSlot) -> Path:
    return Path.rounded(slot.niche, slot.niche.width * 0.45, top_only=True)


@functools.lru_cache(maxsize=1024)
def _relief(key: HeadRelief, slot: HeadSlot, in_niche: bool) -> Use | Group:
    """A head's relief in its slot; on a Search card inside the niche, which it darkens."""
    use = _use(key, slot.head, HEAD_BOX)
    if not in_niche:
        return use
    return Group((use,), clip=_niche_path(slot))


@functools.lru_cache(maxsize=4096)
def _use(key: HeadKey | HeadRelief | str, box: Rect, source: Rect) -> Use:
    return Use(key, _place(box, source))


@functools.lru_cache(maxsize=64)
def _names(design: Design, slots: tuple[HeadSlot, ...], color: Color) -> tuple[Text, ...]:
    font = name_font(design)
    return tuple(
        Text(slot.label_x, slot.label_y, head.name, slot.label_size, color, font, Anchor.MIDDLE)
        for slot, head in zip(slots, design.heads)
    )


@functools.lru_cache(maxsize=64)
def _mountain(layout: CardLayout, style: Style) -> tuple[Shape, ...]:
    """Sky to the bleed; a cliff of rock rising behind the heads to a ragged ridge; talus below."""
    b = layout.frame.bleed
    w = layout.frame.width_mm
    ridge = layout.ridge_mm
    peaks = [
        (0.0, -6.5),
        (0.1, -2.0),
        (0.2, 1.2),
        (0.31, 0.2),
        (0.42, 2.6),
        (0.55, 1.0),
        (0.66, 3.0),
        (0.78, 0.6),
        (0.9, -1.6),
        (1.0, -5.5),
    ]
    outline = [(b.x, b.y)] + [(b.x + f * b.width, ridge + dy) for f, dy in peaks] + [(b.right, b.y)]
    shade = mix(style.stone, BLACK, 0.32)
    talus_top = layout.footer.top + 0.4
    talus = [
        (b.x, b.y),
        (b.x, talus_top + 1.2),
        (w * 0.22, talus_top - 0.3),
        (w * 0.5, talus_top + 0.6),
        (w * 0.78, talus_top - 0.2),
        (b.right, talus_top + 1.0),
        (b.right, b.y),
    ]
    cracks = Path.parse(
        " ".join(
            f"M{b.x + f * b.width:.2f} {ridge + dy - 0.4:.2f} L{b.x + f * b.width + 1.5:.2f} {ridge + dy - 4:.2f}"
            for f, dy in peaks[1:-1]
        )
    )
    return (
        Shape(Path.rect(b), fill=style.sky),
        Shape(Path.polygon(outline), fill=style.stone),
        Shape(cracks, stroke=shade, stroke_mm=0.35),
        Shape(Path.polygon(talus), fill=shade),
    )


@functools.lru_cache(maxsize=64)
def _map_symbol(layout: CardLayout, ink: Color) -> tuple[Shape, ...]:
    """The Monument symbol: a folded map, bottom left."""
    s = layout.corner_mm
    x, y = layout.footer.x, layout.footer.y
    panel = s / 3
    items = []
    for i in range(3):
        lift = 0.12 * s if i % 2 else 0.0
        quad = [
            (x + i * panel, y + lift),
            (x + (i + 1) * panel, y + 0.12 * s - lift),
            (x + (i + 1) * panel, y + s - lift),
            (x + i * panel, y + s * 0.88 + lift),
        ]
        items.append(
            Shape(Path.polygon(quad), fill=WHITE if i % 2 else mix(WHITE, ink, 0.15), stroke=ink, stroke_mm=0.25)
        )
    route = Path(
        (
            ("M", x + panel * 0.3, y + s * 0.3),
            ("C", x + panel, y + s * 0.8, x + 2 * panel, y + s * 0.2, x + panel * 2.7, y + s * 0.7),
        )
    )
    items.append(Shape(route, stroke=ink, stroke_mm=0.35, dash_mm=(0.6, 0.5)))
    return tuple(items)


@functools.lru_cache(maxsize=64)
def _magnifier(layout: CardLayout, color: Color) -> tuple[Shape, ...]:
    """The Search symbol: a magnifying glass, bottom left."""
    s = layout.corner_mm
    x, y = layout.footer.x, layout.footer.y
    r = s * 0.32
    cx, cy = x + s * 0.4, y + s * 0.6
    handle = Path.polygon(
        [
            (cx + r * 0.62, cy - r * 0.78),
            (cx + r * 0.85, cy - r * 0.55),
            (x + s * 0.98, y + s * 0.05),
            (x + s * 0.8, y - s * 0.0),
        ]
    )
    return Shape(Path.circle(cx, cy, r), fill=WHITE, stroke=color, stroke_mm=s * 0.09), Shape(handle, fill=color)


def _footer_text(layout: CardLayout, text: str, x: float, color: Color, anchor: Anchor) -> Text:
    size = PROPORTIONS.label_min_pt + 0.5
    return Text(x, layout.footer.y + TEXT_DESCENT * size * MM_PER_PT + 0.3, text, size, color, Font.BOLD, anchor)


def monument_face(design: Design, monument: Monument, frame: CardFrame) -> Face:
    """The face of a Monument card: the rock and sky, the heads facing as the card says, their names,
    the map symbol and the card's id.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> frame = card_frame(design)
    >>> face = monument_face(design, deck.monuments[0], frame)
    >>> face.card_id, face.kind, face.is_back
    ('M01', <CardKind.MONUMENT: 'monument'>, False)
    """
    layout = card_layout(design, frame)
    style = design.style
    items: list = [*_mountain(layout, style), *_map_symbol(layout, style.ink)]
    items += _heads(design, layout, monument.faces, (False,) * len(monument.faces), WHITE, None)
    items.append(_footer_text(layout, monument.id, layout.footer.right, WHITE, Anchor.END))
    return Face(monument.id, CardKind.MONUMENT, tuple(items))


def search_face(design: Design, card: SearchCard, frame: CardFrame) -> Face:
    """The face of a Search card: the paper, the heads in their niches (red heads red, with the flip
    marker), the magnifier, the level and the card's id.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> frame = card_frame(design)
    >>> face = search_face(design, deck.search[20], frame)
    >>> face.card_id, face.kind, [item.text for item in face.items if isinstance(item, Text)][-1]
    ('S21', <CardKind.SEARCH: 'search'>, 'ADVANCED')
    """
    layout = card_layout(design, frame)
    style = design.style
    items: list = [Shape(Path.rect(frame.bleed), fill=style.paper)]
    items += _magnifier(layout, style.ink)
    items += _heads(design, layout, card.faces, card.red, style.ink, style.stone)
    items.append(_footer_text(layout, card.id, layout.footer.right, style.ink, Anchor.END))
    t = catalogue_for(design)
    items += _level_mark(layout, card.red_count, t.upper(level_name(t, card.level)), style.ink)
    return Face(card.id, CardKind.SEARCH, tuple(items))


@functools.lru_cache(maxsize=64)
def _level_mark(layout: CardLayout, red_count: int, level_name: str, ink: Color) -> tuple:
    """Bottom left, after the magnifier: the level's name and one flip marker per red head."""
    x = layout.footer.x + layout.corner_mm + 1.2
    text = _footer_text(layout, level_name, x, ink, Anchor.START)
    items: list = [text]
    size = layout.footer.height * 0.9
    x += text_width_mm(level_name, text.size_pt, Font.BOLD) + 1.0
    for i in range(red_count):
        box = Rect(x + i * (size + 0.6), layout.footer.y + 0.05, size, size)
        items.append(Use(FLIP, _place(box, FLIP_MARKER_BOX)))
    return tuple(items)


def card_picture(face: Face, frame: CardFrame, x: float, y: float, width: float) -> list:
    """A card face scaled to ``width`` at (x, y), cut at the trim, with a thin grey outline: a
    picture of a card in a rule sheet or answer key, not a card to cut.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> frame = card_frame(design)
    >>> picture = card_picture(monument_face(design, deck.monuments[0], frame), frame, 10.0, 10.0, 30.0)
    >>> [type(item).__name__ for item in picture], [round(v, 2) for v in picture[1].path.points()[2]]
    (['Group', 'Shape'], [40.0, 31.43])
    """
    s = width / frame.width_mm
    matrix = multiply(scale(s), translate(x, y))
    box = Rect(x, y, width, frame.height_mm * s)
    items = face.items
    if s * PROPORTIONS.label_min_pt < MIN_PICTURE_TEXT_PT:  # thumbnails: text too small to read, left out
        items = tuple(item for item in items if not isinstance(item, Text))
    return [
        Group((Group(items, matrix),), clip=Path.rect(box)),
        Shape(Path.rect(box), stroke=PICTURE_OUTLINE, stroke_mm=0.25),
    ]


__all__ = [
    "FACE_ZONE",
    "FLIP",
    "PROPORTIONS",
    "CardLayout",
    "HeadInk",
    "HeadSlot",
    "Proportions",
    "back_face",
    "card_frame",
    "card_layout",
    "card_picture",
    "clearance",
    "head_inks",
    "head_slots",
    "layout_problems",
    "monument_face",
    "search_face",
    "symbols",
]
