"""Head art: profile busts drawn from path data, one look per head, facing left.

Each head lives in a box of 100 x 130 units; a card scales the box to millimetres. Facing right
is the mirror image of facing left. A red head is filled red and outlined in heavy black, so it
reads as darker than a plain head in greyscale; the card adds a second cue (the flip marker).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..spec import HeadSpec, Look
from .items import BLACK, WHITE, Group, Image, Path, Rect, Shape, Symbol, item_bounds, rgb, union

HEAD_BOX = Rect(0.0, 0.0, 100.0, 130.0)


@dataclass(frozen=True)
class Palette:
    skin: tuple
    hair: tuple
    line: tuple
    line_units: float


PLAIN_PALETTE = Palette(skin=rgb("#ebe6dc"), hair=rgb("#7a7165"), line=rgb("#2f2a24"), line_units=2.4)
RED_PALETTE = Palette(skin=rgb("#d32f2f"), hair=rgb("#7f1414"), line=BLACK, line_units=6.0)


@dataclass(frozen=True)
class HeadKey:
    """Identifies one head drawing: which head, which way it faces (0/1), red or not."""

    head: int
    facing: int
    red: bool


# Profile facing left: neck, throat, chin, lips, nose, brow, forehead, crown, back of head.
_PROFILE = Path((
    ("M", 76, 0), ("L", 36, 0),
    ("C", 36, 14, 38, 26, 40, 34),
    ("C", 33, 36, 27, 38, 25, 44),
    ("C", 23, 48, 23, 52, 26, 54),
    ("L", 23, 56), ("C", 21, 57, 21, 59, 24, 60),
    ("L", 22, 62), ("C", 21, 64, 22, 66, 25, 67),
    ("C", 19, 67, 10, 68, 7, 71),
    ("C", 12, 78, 18, 86, 21, 91),
    ("C", 20, 94, 20, 97, 22, 101),
    ("C", 24, 114, 35, 127, 54, 128),
    ("C", 74, 129, 90, 117, 92, 99),
    ("C", 94, 83, 88, 70, 82, 62),
    ("C", 78, 54, 76, 40, 76, 0),
    ("Z",),
))

_EYE = Path((("M", 29, 88), ("C", 31, 91, 37, 91, 39, 88), ("C", 37, 86, 31, 86, 29, 88), ("Z",)))
_BROW = Path((("M", 26, 94), ("C", 30, 97, 37, 97, 42, 94)))
_EAR = Path((("M", 60, 84), ("C", 70, 88, 72, 70, 62, 68), ("C", 66, 72, 66, 80, 60, 84), ("Z",)))

_SHORT_HAIR = Path((
    ("M", 27, 110), ("C", 33, 124, 44, 128, 54, 128), ("C", 74, 129, 90, 117, 92, 99),
    ("C", 93, 88, 90, 78, 85, 68), ("C", 80, 76, 74, 84, 68, 92), ("C", 58, 104, 42, 108, 27, 110), ("Z",),
))

_TIED_HAIR = Path((
    ("M", 25, 108), ("C", 30, 126, 46, 130, 58, 129), ("C", 78, 128, 92, 116, 93, 98),
    ("C", 94, 86, 90, 76, 86, 70), ("C", 80, 70, 74, 74, 72, 80),
    ("C", 62, 96, 44, 104, 25, 108), ("Z",),
))
_TIED_ROLL = Path.circle(70, 96, 7.5)
_TIED_QUEUE = Path((("M", 86, 74), ("C", 94, 64, 98, 50, 95, 36), ("L", 90, 37), ("C", 91, 50, 88, 62, 82, 70), ("Z",)))
_TIED_BOW = Path((("M", 88, 70), ("L", 99, 79), ("L", 100, 64), ("Z",), ("M", 88, 70), ("L", 77, 61), ("L", 92, 58), ("Z",)))

_WAVY_HAIR = Path((
    ("M", 24, 106), ("C", 22, 118, 34, 130, 50, 130), ("C", 56, 134, 66, 132, 70, 128),
    ("C", 78, 130, 88, 124, 90, 116), ("C", 98, 112, 98, 102, 94, 96), ("C", 100, 90, 98, 80, 92, 76),
    ("C", 96, 68, 92, 58, 86, 56), ("C", 82, 64, 78, 72, 72, 78), ("C", 62, 94, 44, 102, 24, 106), ("Z",),
))
_WAVES = Path((("M", 40, 118), ("C", 50, 122, 56, 114, 66, 118), ("M", 62, 108), ("C", 72, 112, 76, 102, 86, 106),
               ("M", 76, 92), ("C", 82, 94, 86, 86, 92, 88)))

_SPECTACLES = Path.circle(34, 88, 8.5)
_SPECTACLE_ARM = Path((("M", 42.5, 90), ("L", 63, 84)))
_MOUSTACHE = Path((("M", 22, 66), ("C", 26, 70, 36, 70, 44, 64), ("C", 42, 58, 34, 58, 30, 60),
                   ("C", 27, 60, 24, 61, 22, 66), ("Z",)))

_BEARD = Path((
    ("M", 62, 68), ("C", 66, 56, 70, 44, 66, 30), ("C", 58, 24, 46, 22, 36, 30),
    ("C", 28, 34, 21, 42, 21, 50), ("C", 21, 54, 24, 56, 28, 55), ("C", 34, 54, 38, 58, 44, 62),
    ("C", 50, 64, 56, 66, 62, 68), ("Z",),
))


def head_symbol(spec: HeadSpec, key: HeadKey) -> Symbol:
    """The drawing of one head; custom ``art`` images replace the built-in profile."""
    palette = RED_PALETTE if key.red else PLAIN_PALETTE
    items = _image_head(spec, palette) if spec.art is not None else _profile_head(spec.look, palette)
    if key.facing == 1:
        items = (Group(items, matrix=(-1.0, 0.0, 0.0, 1.0, HEAD_BOX.width, 0.0)),)
    return Symbol(items=items, bbox=union([item_bounds(item, {}) for item in items]).grow(0.5))


def _profile_head(look: Look, palette: Palette) -> tuple:
    line = dict(stroke=palette.line, stroke_mm=palette.line_units)
    thin = dict(stroke=palette.line, stroke_mm=max(1.6, palette.line_units * 0.4))
    items: list = [Shape(_PROFILE, fill=palette.skin, **line)]
    if look is Look.TIED:
        items += [Shape(_TIED_HAIR, fill=palette.hair, **thin), Shape(_TIED_QUEUE, fill=palette.hair, **thin),
                  Shape(_TIED_ROLL, fill=palette.skin, **thin), Shape(_TIED_BOW, fill=palette.line)]
    elif look is Look.WAVY:
        items += [Shape(_WAVY_HAIR, fill=palette.hair, **thin), Shape(_WAVES, stroke=palette.skin, stroke_mm=2.2)]
    elif look is Look.BEARD:
        items += [Shape(_SHORT_HAIR, fill=palette.hair, **thin), Shape(_BEARD, fill=palette.hair, **thin)]
    else:
        items += [Shape(_SHORT_HAIR, fill=palette.hair, **thin)]
    items += [Shape(_EAR, fill=palette.skin, **thin), Shape(_EYE, fill=palette.line), Shape(_BROW, stroke=palette.line, stroke_mm=2.6)]
    if look is Look.SPECTACLES:
        items += [Shape(_MOUSTACHE, fill=palette.hair, **thin),
                  Shape(_SPECTACLES, stroke=palette.line, stroke_mm=3.0), Shape(_SPECTACLE_ARM, stroke=palette.line, stroke_mm=2.6)]
    return tuple(items)


def _image_head(spec: HeadSpec, palette: Palette) -> tuple:
    frame = Path.rect(HEAD_BOX)
    items: list = []
    if palette is RED_PALETTE:
        items.append(Shape(frame, fill=palette.skin))
    items.append(Image(str(spec.art), HEAD_BOX))
    items.append(Shape(frame, stroke=palette.line, stroke_mm=palette.line_units))
    return tuple(items)


FLIP_MARKER_BOX = Rect(-10.0, -10.0, 20.0, 20.0)


def flip_marker_symbol() -> Symbol:
    """The non-colour cue for a red head: a black disc with a white two-way arrow."""
    arrow = Path.polygon([(-7.5, 0), (-3, 4.5), (-3, 1.6), (3, 1.6), (3, 4.5), (7.5, 0), (3, -4.5), (3, -1.6),
                          (-3, -1.6), (-3, -4.5)])
    return Symbol(items=(Shape(Path.circle(0, 0, 10), fill=BLACK), Shape(arrow, fill=WHITE)), bbox=FLIP_MARKER_BOX)
