"""Card faces and backs as drawing items, in millimetres from the card's trim corner.

Everything a card shows is placed here, once; the PDF and PNG renderers only translate it.
Art runs to the bleed; text and symbols stay inside the safe zone (1/8 in inside the trim).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from ..colors import BLACK, WHITE, Color, mix
from ..model import Monument, SearchCard
from ..sizes import PAPERS
from ..spec import Design, Style
from ..units import MM_PER_INCH
from .backs import back_face as back_face
from .backs import back_symbols, back_title, title_room_mm
from .fonts import PT_TO_MM, Font, name_font, text_width_mm
from .frame import CardFrame, CardKind, Face
from .heads import FLIP_MARKER_BOX, HEAD_BOX, HEAD_INK_MARGIN, HeadKey, flip_marker_symbol, head_symbol
from .items import Anchor, Group, Matrix, Path, Rect, Shape, Text, Use, multiply, rgb, scale, translate
from .sheets import SheetLayout, plan_sheet

FLIP = "flip-marker"
PICTURE_OUTLINE = rgb("#666666")
MIN_PICTURE_TEXT_PT = 3.0  # smaller than this, a picture's text is a grey smudge


def card_frame(design: Design, bleed_mm: float | None = None) -> CardFrame:
    spec = design.print
    return CardFrame(spec.width_mm, spec.height_mm, spec.bleed_mm if bleed_mm is None else bleed_mm)


@dataclass(frozen=True)
class Proportions:
    """The card design's numbers, in mm and pt: change the look here, not in the drawing code."""

    content_inset_mm: float = 3.9  # symbols, ids, heads and names stay this far inside the trim
    footer_mm: float = 4.6  # the bottom row: map or magnifier, level, id
    label_pt: float = 8.0  # head names, at most (smaller only to fit, never under 7 pt)
    label_min_pt: float = 7.0
    marker_mm: float = 5.5  # the flip marker over a red head
    gap_mm: float = 0.6
    head_gap_mm: float = 0.5  # between neighbouring names
    head_overlap: float = 0.1  # busts may overlap their neighbours' shoulders by this share
    niche_mm: float = 1.2  # how far a Search card's niche reaches above its head
    niche_side_mm: float = 0.15  # and to each side


PROPORTIONS = Proportions()


@dataclass(frozen=True)
class HeadSlot:
    head: Rect  # where the head box goes
    label_x: float  # the name, centred under the head
    label_y: float
    label_size: float
    marker: Rect  # where a red head's flip marker goes
    niche: Rect  # the carved niche behind a plain head on a Search card


@dataclass(frozen=True)
class CardLayout:
    """Named boxes of a card face, in mm from the trim's lower left corner."""

    frame: CardFrame
    content: Rect  # symbols, ids, heads and names stay inside it
    footer: Rect  # symbol, level and id
    heads: Rect  # the area the rows of heads, names and markers share
    slots: tuple[HeadSlot, ...]
    label_pt: float  # the names' size before any floor: under ``label_min_pt`` they are cramped
    name_room_mm: float  # the width of a head's slot: a wider name would run into its neighbour's

    @property
    def corner_mm(self) -> float:
        return self.footer.height

    @property
    def ridge_mm(self) -> float:
        """Where a Monument's rock ends and the sky begins: a little above the tallest head."""
        return max(slot.head.top for slot in self.slots) + 2.0


def rows_of(count: int) -> tuple[int, int]:
    """(heads per row, rows): one row for up to five heads, two rows above that.

    >>> rows_of(4), rows_of(8), rows_of(7)
    ((4, 1), (4, 2), (4, 2))
    """
    per_row = count if count <= 5 else math.ceil(count / 2)
    return per_row, math.ceil(count / per_row)


@functools.lru_cache(maxsize=32)
def card_layout(design: Design, frame: CardFrame, p: Proportions = PROPORTIONS) -> CardLayout:
    """The boxes of every face of ``design`` at ``frame``'s size (a pure function, memoised)."""
    content = frame.trim.grow(-p.content_inset_mm)
    footer = Rect(content.x, content.y, content.width, p.footer_mm)
    area = Rect(content.x, footer.top + p.gap_mm, content.width, content.top - footer.top - p.gap_mm)
    per_row, rows = rows_of(len(design.heads))
    longest = max(text_width_mm(head.name, 1.0, name_font(design)) for head in design.heads)
    row_h = area.height / rows
    label_h = p.label_pt * PT_TO_MM * 1.1
    beside = rows > 1  # two rows: a red head's marker sits at its crown, behind it, not above
    head_w, step = _head_width_and_step(area.width, row_h, per_row, beside, label_h, p)
    fitted = min(p.label_pt, (min(step, area.width) - p.head_gap_mm) / longest)
    label_pt = max(fitted, p.label_min_pt)
    head_h = head_w * HEAD_BOX.height / HEAD_BOX.width
    stack_h = label_h + p.gap_mm + head_h + p.niche_mm + (p.gap_mm if beside else 2 * p.gap_mm + p.marker_mm)
    slots = []
    for index in range(len(design.heads)):
        row, col = divmod(index, per_row)
        in_row = min(per_row, len(design.heads) - row * per_row)
        cx = area.x + area.width / 2 + (col - (in_row - 1) / 2) * step
        base = area.y + (rows - 1 - row) * row_h + (row_h - stack_h) / 2  # centred in its band
        shift = (p.marker_mm + p.gap_mm) / 2 if beside else 0.0  # room for the marker at its side
        head = Rect(cx - shift - head_w / 2, base + label_h + p.gap_mm, head_w, head_h)
        if beside:
            marker = Rect(head.right + p.gap_mm, head.top - p.marker_mm, p.marker_mm, p.marker_mm)
        else:
            marker = Rect(cx - p.marker_mm / 2, base + stack_h - p.marker_mm, p.marker_mm, p.marker_mm)
        niche = Rect(
            head.x - p.niche_side_mm,
            head.y - p.gap_mm / 2,
            head.width + 2 * p.niche_side_mm,
            head.height + p.niche_mm + p.gap_mm / 2,
        )
        slots.append(HeadSlot(head, cx, base + 0.22 * label_pt * PT_TO_MM, label_pt, marker, niche))
    return CardLayout(frame, content, footer, area, tuple(slots), fitted, min(step, area.width))


def _head_width_and_step(
    width: float, row_h: float, per_row: int, beside: bool, label_h: float, p: Proportions
) -> tuple[float, float]:
    """How wide a head may be, and how far apart heads stand, in a row ``width`` mm wide.

    The height left after the name, the gaps, the niche and (one row) the marker bounds the
    head; so does the width: the outer heads' ink (shadow included) stays inside the row, and
    neighbours overlap by at most ``head_overlap`` of a head (shoulders, never faces). With the
    marker beside the crown (two rows), each head keeps to its own slot instead."""
    ink = 1 + 2 * HEAD_INK_MARGIN / HEAD_BOX.width
    room = row_h - label_h - 3 * p.gap_mm - p.niche_mm - (0.0 if beside else p.marker_mm)
    by_height = room * HEAD_BOX.width / HEAD_BOX.height
    if beside:
        step = width / per_row
        return min((step - p.marker_mm - 2 * p.gap_mm) / ink, by_height), step
    head_w = min(width / (ink + (per_row - 1) * (1 - p.head_overlap)), by_height)
    return head_w, (width if per_row == 1 else (width - head_w * ink) / (per_row - 1))


def head_slots(design: Design, frame: CardFrame) -> tuple[HeadSlot, ...]:
    """Where each head, its name and its marker sit on a card of ``frame``'s size."""
    return card_layout(design, frame).slots


def layout_problems(design: Design, frame: CardFrame) -> list[str]:
    """What keeps ``design``'s cards from being drawn well at ``frame``'s size, in words."""
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
    title_room = title_room_mm(frame)
    if text_width_mm(back_title(design), 7.0, font) > title_room:
        problems.append(f"the name {design.name!r} is too long for the card backs even at 7 pt; shorten it")
    if text_width_mm(longest, PROPORTIONS.label_min_pt, font) > layout.name_room_mm:
        problems.append(
            f"the head name {longest!r} is too long to print at {PROPORTIONS.label_min_pt:g} pt "
            f"under its head on a {frame.width_mm:g} x {frame.height_mm:g} mm card; "
            "shorten it or use a larger card"
        )
    return problems


ART_DPI = 600  # head art is downsampled once to this resolution at its printed size


def symbols(design: Design) -> dict:
    """Every reusable drawing a design's cards refer to, by key."""
    frame = card_frame(design)
    found: dict = {FLIP: flip_marker_symbol(), **back_symbols(design, frame)}
    head = card_layout(design, frame).slots[0].head
    art_pixels = math.ceil(head.height / MM_PER_INCH * ART_DPI)
    for index, spec in enumerate(design.heads):
        for facing in (0, 1):
            for red in (False, True):
                key = HeadKey(index, facing, red)
                found[key] = head_symbol(spec, key, design.style, art_pixels)
    return found


def _place(box: Rect, source: Rect) -> Matrix:
    """The transform that maps ``source`` onto ``box`` (uniform scale by width)."""
    s = box.width / source.width
    return multiply(multiply(translate(-source.x, -source.y), scale(s)), translate(box.x, box.y))


def _heads(
    design: Design,
    layout: CardLayout,
    faces: tuple[int, ...],
    red: tuple[bool, ...],
    label_color: Color,
    niches: Color | None,
) -> list:
    items: list = []
    font = name_font(design)
    for index, slot in enumerate(layout.slots):
        is_red = red[index]
        if niches is not None and not is_red:  # a red head stands out on bare paper
            items.append(Shape(Path.rounded(slot.niche, slot.niche.width * 0.45, top_only=True), fill=niches))
        items.append(Use(HeadKey(index, faces[index], is_red), _place(slot.head, HEAD_BOX)))
        if is_red:
            items.append(Use(FLIP, _place(slot.marker, FLIP_MARKER_BOX)))
        items.append(
            Text(
                slot.label_x,
                slot.label_y,
                design.heads[index].name,
                slot.label_size,
                label_color,
                font,
                Anchor.MIDDLE,
            )
        )
    return items


def _mountain(layout: CardLayout, style: Style) -> list:
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
    return [
        Shape(Path.rect(b), fill=style.sky),
        Shape(Path.polygon(outline), fill=style.stone),
        Shape(cracks, stroke=shade, stroke_mm=0.35),
        Shape(Path.polygon(talus), fill=shade),
    ]


def _map_symbol(layout: CardLayout, ink: Color) -> list:
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
    return items


def _magnifier(layout: CardLayout, color: Color) -> list:
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
    return [Shape(Path.circle(cx, cy, r), fill=WHITE, stroke=color, stroke_mm=s * 0.09), Shape(handle, fill=color)]


def _footer_text(layout: CardLayout, text: str, x: float, color: Color, anchor: Anchor) -> Text:
    size = PROPORTIONS.label_min_pt + 0.5
    return Text(x, layout.footer.y + 0.22 * size * PT_TO_MM + 0.3, text, size, color, Font.BOLD, anchor)


def monument_face(design: Design, monument: Monument, frame: CardFrame) -> Face:
    layout = card_layout(design, frame)
    style = design.style
    items = _mountain(layout, style)
    items += _map_symbol(layout, style.ink)
    items += _heads(design, layout, monument.faces, (False,) * len(monument.faces), WHITE, None)
    items.append(_footer_text(layout, monument.id, layout.footer.right, WHITE, Anchor.END))
    return Face(monument.id, CardKind.MONUMENT, tuple(items))


def search_face(design: Design, card: SearchCard, frame: CardFrame) -> Face:
    layout = card_layout(design, frame)
    style = design.style
    items: list = [Shape(Path.rect(frame.bleed), fill=style.paper)]
    items += _magnifier(layout, style.ink)
    items += _heads(design, layout, card.faces, card.red, style.ink, style.stone)
    items.append(_footer_text(layout, card.id, layout.footer.right, style.ink, Anchor.END))
    items += _level_mark(layout, card.red_count, card.level.title.upper(), style.ink)
    return Face(card.id, CardKind.SEARCH, tuple(items))


def _level_mark(layout: CardLayout, red_count: int, level_name: str, ink: Color) -> list:
    """Bottom left, after the magnifier: the level's name and one flip marker per red head."""
    x = layout.footer.x + layout.corner_mm + 1.2
    text = _footer_text(layout, level_name, x, ink, Anchor.START)
    items: list = [text]
    size = layout.footer.height * 0.9
    x += text_width_mm(level_name, text.size_pt, Font.BOLD) + 1.0
    for i in range(red_count):
        box = Rect(x + i * (size + 0.6), layout.footer.y + 0.05, size, size)
        items.append(Use(FLIP, _place(box, FLIP_MARKER_BOX)))
    return items


def card_picture(face: Face, frame: CardFrame, x: float, y: float, width: float) -> list:
    """A card face scaled to ``width`` at (x, y), cut at the trim, with a thin grey outline: a
    picture of a card in a rule sheet or answer key, not a card to cut."""
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
