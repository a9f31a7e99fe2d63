"""Card faces and backs as drawing items, in millimetres from the card's trim corner.

Everything a card shows is placed here, once; the PDF and PNG renderers only translate it.
Art runs to the bleed; text and symbols stay inside the safe zone (1/8 in inside the trim).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..model import Monument, SearchCard
from ..spec import Design
from .fonts import Font, text_width_mm
from .heads import FLIP_MARKER_BOX, HEAD_BOX, HeadKey, flip_marker_symbol, head_symbol
from .items import (BLACK, WHITE, Anchor, Group, Matrix, Path, Rect, Shape, Symbol, Text, Use,
                    multiply, rgb, scale, translate)

SAFE_MM = 3.175
SKY = rgb("#cfe2ee")
STONE = rgb("#9a9081")
STONE_DARK = rgb("#7d7467")
PAPER = rgb("#f5f0e4")
INK = rgb("#2f2a24")
RED = rgb("#d32f2f")
SLATE = rgb("#3d4a57")
NIGHT = rgb("#23395b")
FLIP = "flip-marker"


class CardKind(enum.Enum):
    MONUMENT = "monument"
    SEARCH = "search"


@dataclass(frozen=True)
class CardFrame:
    """The card's size as read (trim), its bleed and safe zone, in mm."""

    width_mm: float
    height_mm: float
    bleed_mm: float
    safe_mm: float = SAFE_MM

    @property
    def trim(self) -> Rect:
        return Rect(0.0, 0.0, self.width_mm, self.height_mm)

    @property
    def bleed(self) -> Rect:
        return self.trim.grow(self.bleed_mm)

    @property
    def safe(self) -> Rect:
        return self.trim.grow(-self.safe_mm)


@dataclass(frozen=True)
class Face:
    """One side of one card: what it is and what to draw."""

    card_id: str
    kind: CardKind | None   # None for images imposed from elsewhere
    items: tuple
    is_back: bool = False


def card_frame(design: Design, bleed_mm: float | None = None) -> CardFrame:
    spec = design.print
    return CardFrame(spec.width_mm, spec.height_mm, spec.bleed_mm if bleed_mm is None else bleed_mm)


def symbols(design: Design) -> dict:
    """Every reusable drawing a design's cards refer to, by key."""
    found: dict = {FLIP: flip_marker_symbol()}
    for head, spec in enumerate(design.heads):
        for facing in (0, 1):
            for red in (False, True):
                key = HeadKey(head, facing, red)
                found[key] = head_symbol(spec, key)
    return found


@dataclass(frozen=True)
class HeadSlot:
    head: Rect     # where the 100 x 130 head box goes
    label_x: float
    label_y: float
    label_size: float
    marker: Rect   # where a red head's flip marker goes


def head_slots(design: Design, frame: CardFrame) -> tuple[HeadSlot, ...]:
    """Where each head sits: one row for up to five heads, two rows above that."""
    n = len(design.heads)
    per_row = n if n <= 5 else (n + 1) // 2
    rows = (n + per_row - 1) // per_row
    safe = frame.safe
    top_reserve, bottom_reserve = frame.height_mm * 0.04, frame.height_mm * 0.085
    area = Rect(safe.x, safe.y + bottom_reserve, safe.width, safe.height - top_reserve - bottom_reserve)
    row_h = area.height / rows
    slot_w = area.width / per_row
    label_h = min(3.0, row_h * 0.1)
    marker_h = min(5.5, row_h * 0.15)
    head_w = min(slot_w * 0.9, (row_h - label_h - marker_h - 1.0) / 1.3 * HEAD_BOX.width / 100.0)
    head_h = head_w * HEAD_BOX.height / HEAD_BOX.width
    names = [h.name for h in design.heads]
    longest = max(text_width_mm(name, 1.0, Font.BOLD) for name in names)
    label_size = max(3.0, min(6.0, slot_w * 0.94 / longest))
    slots = []
    for index in range(n):
        row, col = divmod(index, per_row)
        in_row = min(per_row, n - row * per_row)
        x0 = area.x + (area.width - in_row * slot_w) / 2 + col * slot_w
        y0 = area.top - (row + 1) * row_h
        cx = x0 + slot_w / 2
        head_y = y0 + label_h + 0.6
        head = Rect(cx - head_w / 2, head_y, head_w, head_h)
        marker_size = marker_h * 0.95
        marker = Rect(cx - marker_size / 2, head.top + 0.5, marker_size, marker_size)
        slots.append(HeadSlot(head, cx, y0 + label_h * 0.25, label_size, marker))
    return tuple(slots)


def _place(box: Rect, source: Rect) -> Matrix:
    """The transform that maps ``source`` onto ``box`` (uniform scale by width)."""
    s = box.width / source.width
    return multiply(multiply(translate(-source.x, -source.y), scale(s)), translate(box.x, box.y))


def _heads(design: Design, frame: CardFrame, faces: tuple[int, ...], red: tuple[bool, ...], label_color) -> list:
    items: list = []
    for index, slot in enumerate(head_slots(design, frame)):
        is_red = red[index]
        items.append(Use(HeadKey(index, faces[index], is_red), _place(slot.head, HEAD_BOX)))
        if is_red:
            items.append(Use(FLIP, _place(slot.marker, FLIP_MARKER_BOX)))
        items.append(Text(slot.label_x, slot.label_y, design.heads[index].name, slot.label_size,
                          label_color, Font.BOLD, Anchor.MIDDLE))
    return items


def _mountain(frame: CardFrame) -> list:
    """Sky to the bleed, then a ridge of rock under the heads."""
    b = frame.bleed
    w, h = frame.width_mm, frame.height_mm
    ridge = [(b.x, b.y), (b.x, h * 0.55), (w * 0.08, h * 0.70), (w * 0.18, h * 0.80), (w * 0.30, h * 0.84),
             (w * 0.45, h * 0.88), (w * 0.60, h * 0.86), (w * 0.74, h * 0.83), (w * 0.86, h * 0.76),
             (w * 0.95, h * 0.66), (b.right, h * 0.58), (b.right, b.y)]
    shade = [(b.x, b.y), (b.x, h * 0.18), (w * 0.3, h * 0.12), (w * 0.6, h * 0.16), (w * 0.85, h * 0.10),
             (b.right, h * 0.14), (b.right, b.y)]
    return [Shape(Path.rect(b), fill=SKY), Shape(Path.polygon(ridge), fill=STONE), Shape(Path.polygon(shade), fill=STONE_DARK)]


def _corner_size(frame: CardFrame) -> float:
    return min(7.0, frame.height_mm * 0.11)


def _map_symbol(frame: CardFrame) -> list:
    """The Monument symbol: a folded map, top left."""
    s = _corner_size(frame)
    x, y = frame.safe.x, frame.safe.top - s
    panel = s / 3
    items = []
    for i in range(3):
        lift = 0.12 * s if i % 2 else 0.0
        quad = [(x + i * panel, y + lift), (x + (i + 1) * panel, y + 0.12 * s - lift),
                (x + (i + 1) * panel, y + s - lift), (x + i * panel, y + s * 0.88 + lift)]
        items.append(Shape(Path.polygon(quad), fill=WHITE if i % 2 else rgb("#e8dcc0"), stroke=INK, stroke_mm=0.25))
    route = Path((("M", x + panel * 0.3, y + s * 0.3), ("C", x + panel, y + s * 0.8, x + 2 * panel, y + s * 0.2, x + panel * 2.7, y + s * 0.7)))
    items.append(Shape(route, stroke=INK, stroke_mm=0.35, dash_mm=(0.6, 0.5)))
    return items


def _magnifier(frame: CardFrame, color=INK) -> list:
    """The Search symbol: a magnifying glass, top left."""
    s = _corner_size(frame)
    x, y = frame.safe.x, frame.safe.top - s
    r = s * 0.32
    cx, cy = x + s * 0.4, y + s * 0.6
    handle = Path.polygon([(cx + r * 0.62, cy - r * 0.78), (cx + r * 0.85, cy - r * 0.55),
                           (x + s * 0.98, y + s * 0.05), (x + s * 0.75, y - s * 0.12)])
    return [Shape(Path.circle(cx, cy, r), fill=WHITE, stroke=color, stroke_mm=s * 0.09), Shape(handle, fill=color)]


def _corner_text(frame: CardFrame, text: str, right: bool, color=INK, font: Font = Font.REGULAR) -> Text:
    size = max(4.5, min(6.5, frame.height_mm * 0.095))
    x = frame.safe.right if right else frame.safe.x
    descent = 0.22 * size * 25.4 / 72  # the baseline sits above the safe edge by the font's descent
    return Text(x, frame.safe.y + descent, text, size, color, font, Anchor.END if right else Anchor.START)


def monument_face(design: Design, monument: Monument, frame: CardFrame) -> Face:
    items = _mountain(frame) + _map_symbol(frame)
    items += _heads(design, frame, monument.faces, (False,) * len(monument.faces), WHITE)
    items.append(_corner_text(frame, monument.id, right=True, color=WHITE, font=Font.BOLD))
    return Face(monument.id, CardKind.MONUMENT, tuple(items))


def search_face(design: Design, card: SearchCard, frame: CardFrame) -> Face:
    items: list = [Shape(Path.rect(frame.bleed), fill=PAPER)]
    items += _magnifier(frame)
    items += _heads(design, frame, card.faces, card.red, INK)
    items.append(_corner_text(frame, card.id, right=True))
    items += _level_mark(frame, card.red_count, card.level.title.upper())
    return Face(card.id, CardKind.SEARCH, tuple(items))


def _level_mark(frame: CardFrame, red_count: int, level_name: str) -> list:
    """Bottom left: the level's name and one flip marker per red head, so decks sort by level."""
    text = _corner_text(frame, level_name, right=False, font=Font.BOLD)
    items: list = [text]
    size = text.size_pt * 0.3528 * 0.9
    x = frame.safe.x + text_width_mm(level_name, text.size_pt, Font.BOLD) + 1.2
    for i in range(red_count):
        box = Rect(x + i * (size + 0.6), text.y - size * 0.05, size, size)
        items.append(Use(FLIP, _place(box, FLIP_MARKER_BOX)))
    return items


def back_face(design: Design, kind: CardKind, frame: CardFrame) -> Face:
    """The same back for every card of a kind; it shows the design and the kind, nothing else."""
    b = frame.bleed
    w, h = frame.width_mm, frame.height_mm
    color = SLATE if kind is CardKind.MONUMENT else NIGHT
    items: list = [Shape(Path.rect(b), fill=color)]
    border = frame.safe  # no frame is drawn: a frame near the edge shows every mis-cut
    if kind is CardKind.MONUMENT:
        peaks = [(border.x, border.y), (border.x, h * 0.35), (w * 0.25, h * 0.55), (w * 0.4, h * 0.45),
                 (w * 0.55, h * 0.62), (w * 0.72, h * 0.48), (border.right, h * 0.4), (border.right, border.y)]
        items.append(Shape(Path.polygon(peaks), fill=rgb("#56636f")))
    else:
        r = min(w, h) * 0.13
        cx, cy = w * 0.44, h * 0.52
        items.append(Shape(Path.circle(cx, cy, r), stroke=rgb("#d9cfb8"), stroke_mm=r * 0.22))
        items.append(Shape(Path.polygon([(cx + r * 0.7, cy - r * 0.7), (cx + r * 0.95, cy - r * 0.45),
                                         (cx + r * 2.0, cy - r * 1.5), (cx + r * 1.5, cy - r * 2.0)]), fill=rgb("#d9cfb8")))
    title_size = _fit_size(design.name.upper(), border.width * 0.9, 13.0, Font.BOLD)
    items.append(Text(w / 2, h * 0.78, design.name.upper(), title_size, WHITE, Font.BOLD, Anchor.MIDDLE))
    label = "MONUMENT" if kind is CardKind.MONUMENT else "SEARCH"
    items.append(Text(w / 2, border.y + 2.5, label, 7.0, rgb("#d9cfb8"), Font.BOLD, Anchor.MIDDLE))
    return Face(f"{kind.value}-back", kind, tuple(items), is_back=True)


def _fit_size(text: str, width_mm: float, largest: float, font: Font) -> float:
    return max(4.0, min(largest, width_mm / max(text_width_mm(text, 1.0, font), 1e-6)))
