"""Head art: profile busts drawn from path data, one look per head, facing left.

A head lives in a box of 100 x 180 units (``HEAD_BOX``, y from -15, below the cut of the chest);
a card scales the box to millimetres.
The bust is built to point: brow, nose, lips and chin cut a sharp edge on the front, the hair
mass, ear and a sloping shoulder sit heavy at the back, and the bust is cut at a slant. Facing
right is the exact mirror image of facing left.

Each look is data: parts (a path and the palette roles that fill and stroke it) drawn over the
bust. A plain head is carved stone (light skin, dark hair) with a relief shadow at its back; a
red head is filled red with dark hair and outlined in heavy black, so it reads darker than a
plain head in greyscale; the card adds a second, non-colour cue (the flip marker).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..colors import BLACK, WHITE, Color, mix
from ..spec import HeadSpec, Look, Style
from ..svg import Drawing
from .items import Group, Image, Path, Rect, Shape, Symbol, item_bounds, union

HEAD_BOX = Rect(0.0, -15.0, 100.0, 180.0)
SHADOW_OFFSET = (7.5, -5.0)  # the relief shadow falls behind the head (light from the front)
HEAD_INK_MARGIN = SHADOW_OFFSET[0] + 2.5  # how far ink (shadow, outline) reaches past the box's sides


class Role(enum.Enum):
    """What a part is painted with; a palette maps each role to a colour."""

    SKIN = "skin"
    HAIR = "hair"
    LINE = "line"
    SHINE = "shine"  # a highlight on hair (waves, curls)
    COAT = "coat"
    INK = "ink"  # ribbons, lenses: always near-black


@dataclass(frozen=True)
class Part:
    path: Path
    fill: Role | None = None
    stroke: Role | None = None
    width: float = 0.0  # stroke width in head units; outlines use the palette's width


OUTLINE = -1.0  # a Part width that means "the palette's outline width"


@dataclass(frozen=True)
class Palette:
    skin: Color
    hair: Color
    line: Color
    outline_units: float
    shadow: Color | None  # the relief shadow behind the head, or None (red heads stand on paper)
    coat: Color

    def color(self, role: Role) -> Color:
        return {
            Role.SKIN: self.skin,
            Role.HAIR: self.hair,
            Role.LINE: self.line,
            Role.SHINE: mix(self.hair, self.skin, 0.55),
            Role.INK: BLACK,
            Role.COAT: self.coat,
        }[role]


def plain_palette(style: Style, spec: HeadSpec) -> Palette:
    hair = spec.hair or style.hair
    return Palette(
        skin=spec.skin or style.skin,
        hair=hair,
        line=style.ink,
        outline_units=3.0,
        shadow=mix(style.stone, BLACK, 0.5),
        coat=hair,
    )


def red_palette(style: Style) -> Palette:
    return Palette(
        skin=style.red,
        hair=mix(style.red, BLACK, 0.72),
        line=BLACK,
        outline_units=6.0,
        shadow=None,
        coat=mix(style.red, BLACK, 0.3),
    )


@dataclass(frozen=True)
class HeadKey:
    """Identifies one head drawing: which head, which way it faces (0/1), red or not."""

    head: int
    facing: int
    red: bool


P = Path.parse

# The bust, facing left: slanted cut, chest, throat, chin, lips, nose, brow, forehead, crown,
# back of the skull, nape, and a long sloping shoulder at the back.
BUST = P(
    "M98 -13 L34 22 C24 30 21 42 25 48 C31 53 36 57 37 64 C31 70 26 73 21 74 C16 75 14 79 15 83 "
    "C15 85 14 87 12 88 C11 89 12 91 16 92 C13 93 11 95 12 97 C13 99 15 100 16 100 "
    "C12 100 5 101 3 104 C4 108 10 114 14 118 C12 120 9 123 10 126 C11 132 12 138 14 142 "
    "C18 156 34 164 52 164 C72 164 88 152 90 132 C92 118 88 104 80 97 C75 92 72 86 71 78 "
    "C71 62 80 48 98 38 Z"
)
EYE = P("M18 112 C21 116 28 116 31 112 C28 109 21 109 18 112 Z")
BROW = P("M14 120 C20 124 28 124 35 119")
HEAVY_BROW = P("M11 121 C18 128 30 127 38 119 C30 122 20 122 13 117 Z")
NOSTRIL = P("M11 101 C13 104 17 104 19 101")
MOUTH = P("M13 92 L22 91")
JAW = P("M57 88 C52 80 44 76 33 74")
EAR = P("M55 108 C63 114 70 104 67 94 C65 87 60 86 55 89 C58 94 58 102 55 108 Z")
EAR_INNER = P("M59 103 C63 101 63 95 59 92")
# A dark coat over the back and shoulder, its collar high at the nape, and a light shirt-front
# before it: the chest is light in front and dark behind, so even the bust reads as turned.
COAT = P(
    "M98 -13 L60 8 C57 24 52 40 45 55 C54 62 64 76 70 94 C76 93 79 95 80 97 C75 92 72 86 71 78 C71 62 82 48 98 38 Z"
)
LAPEL = P("M60 8 C57 24 52 40 45 55")

_SHORT = P(
    "M14 141 C18 158 34 167 52 167 C74 167 91 154 93 132 C94 118 90 104 82 95 "
    "C78 92 75 92 71 94 C69 104 64 112 56 114 C48 116 43 124 39 132 C33 140 24 143 14 141 Z"
)

_TIED = P(
    "M13 142 C17 159 35 168 54 168 C75 168 91 155 93 134 C94 121 91 109 85 101 "
    "C81 97 77 97 73 99 C68 110 62 116 53 118 C45 120 40 128 36 134 C29 141 21 144 13 142 Z"
)
_TIED_ROLL_HIGH = P("M38 124 C37 132 64 133 69 127 C72 122 70 115 64 115 C55 115 40 115 38 124 Z")
_TIED_ROLL_LOW = P("M44 108 C43 116 66 117 70 111 C72 106 70 100 64 100 C56 100 45 100 44 108 Z")
_CURL_MARKS = P(
    "M43 124 C45 129 51 128 50 123 C49 120 45 121 46 124 M49 108 C51 113 57 112 56 107 C55 104 51 105 52 108"
)
_QUEUE = P("M79 100 C87 94 93 84 93 70 C93 58 90 50 86 42 L80 44 C83 53 85 62 84 72 C83 82 79 90 74 95 Z")
_BOW = P(
    "M82 96 C84 108 99 110 98 99 C97 92 88 93 82 96 Z M82 96 C92 90 100 80 94 74 C88 70 83 82 82 96 Z "
    "M82 96 C78 88 74 80 70 76 L67 79 C71 84 75 90 80 98 Z"
)

_WAVY = P(
    "M12 142 C15 159 34 168 52 168 C66 168 78 164 86 155 C97 153 99 142 95 136 C101 130 100 120 94 116 "
    "C100 110 98 100 91 97 C95 91 91 83 84 83 C80 88 76 92 72 96 C68 106 62 114 54 116 "
    "C46 118 40 126 35 134 C28 141 20 144 12 142 Z"
)
_WAVY_TAIL = P("M84 86 C91 78 94 68 92 58 L86 59 C87 68 85 77 80 84 Z")
_WAVES = P(
    "M30 154 C38 160 44 150 52 156 C58 160 64 152 70 156 M50 140 C58 146 64 136 72 142 C78 146 82 138 88 142 "
    "M60 126 C66 130 72 122 78 127 C82 130 86 124 90 126 M66 110 C72 114 76 106 84 110"
)

_SPECTACLES = P(
    "M13 112 C13 120 19 124 25 124 C31 124 37 119 37 112 C37 105 31 100 25 100 C19 100 13 105 13 112 Z M13 114 L8 116"
)
_SPECTACLE_CORD = P("M37 108 C48 98 50 82 46 62")
_MOUSTACHE = P("M3 99 C8 103 18 103 25 100 C30 97 32 91 30 85 C27 84 25 87 23 90 C18 92 12 91 7 91 C4 92 2 95 3 99 Z")

_LINCOLN_HAIR = P(
    "M13 141 C14 152 20 160 30 163 C34 168 44 168 48 165 C56 169 66 168 70 164 C80 164 90 154 92 140 "
    "C95 124 90 106 82 95 C78 92 75 92 71 94 C69 104 64 112 56 114 C48 116 43 124 39 132 "
    "C33 140 24 143 13 141 Z"
)
_BEARD = P(
    "M57 90 C56 80 52 70 45 64 C39 57 28 56 20 60 C13 63 9 70 10 78 C11 84 13 88 17 88 "
    "C23 86 31 84 38 86 C46 88 52 96 53 104 Z"
)

_BALDING = P(
    "M44 122 C54 132 70 136 84 131 C92 127 96 117 95 105 C96 92 99 78 97 62 C95 55 88 54 82 58 "
    "C80 70 76 80 72 88 C68 98 62 104 54 106 C48 110 44 116 44 122 Z"
)
_BALDING_LOCKS = P("M86 124 C90 114 90 100 86 90 M92 110 C95 96 94 80 90 68 M78 92 C80 84 82 76 84 66")

_BUN_CAP = P(
    "M14 141 C18 158 34 166 52 166 C70 166 84 158 89 144 C92 130 90 112 82 98 "
    "C78 94 75 93 71 94 C69 104 64 112 56 114 C48 116 43 124 39 132 C33 140 24 143 14 141 Z"
)
_BUN = P("M74 150 C72 164 88 170 96 160 C102 152 98 136 88 134 C80 133 75 140 74 150 Z")
_BUN_LINES = P("M30 154 C46 160 66 156 80 150 M44 142 C58 146 72 142 84 140 M84 146 C88 154 94 154 96 148")

_BALD_FRINGE = P("M70 118 C80 120 90 114 90 104 C90 97 86 93 80 91 C77 97 74 104 70 112 Z")


def _curls() -> tuple[Path, ...]:
    """A cap of round curls along the skull: circles whose union reads as a curly silhouette."""
    centres = [
        (18, 144),
        (26, 155),
        (37, 162),
        (50, 165),
        (63, 164),
        (75, 159),
        (85, 150),
        (91, 138),
        (92, 125),
        (90, 112),
        (84, 101),
        (76, 96),
        (62, 116),
        (48, 124),
        (36, 138),
        (60, 140),
        (74, 132),
        (80, 116),
        (48, 150),
        (66, 152),
    ]
    return tuple(Path.circle(x, y, 8.5) for x, y in centres)


def _outlined(path: Path) -> Part:
    """A hair mass: hair-filled, outlined like the bust."""
    return Part(path, Role.HAIR, Role.LINE, OUTLINE)


_CURLS = _curls()
SHORT_HAIR = (_outlined(_SHORT),)

# Each look: (parts drawn under the face features, parts drawn over them). Adding a look is an
# entry here (and a name in ``spec.Look``).
LOOK_PARTS: dict[Look, tuple[tuple[Part, ...], tuple[Part, ...]]] = {
    Look.PLAIN: (SHORT_HAIR, ()),
    Look.TIED: (
        (
            _outlined(_QUEUE),
            _outlined(_TIED),
            Part(_TIED_ROLL_LOW, Role.SHINE, Role.LINE, 2.4),
            Part(_TIED_ROLL_HIGH, Role.SHINE, Role.LINE, 2.4),
            Part(_CURL_MARKS, None, Role.HAIR, 2.4),
            Part(_BOW, Role.INK),
        ),
        (),
    ),
    Look.WAVY: ((_outlined(_WAVY_TAIL), _outlined(_WAVY), Part(_WAVES, None, Role.SHINE, 2.6)), ()),
    Look.SPECTACLES: (
        SHORT_HAIR,
        (
            Part(_MOUSTACHE, Role.HAIR, Role.LINE, 1.6),
            Part(_SPECTACLE_CORD, None, Role.INK, 1.6),
            Part(_SPECTACLES, None, Role.INK, 3.6),
        ),
    ),
    Look.BEARD: ((_outlined(_LINCOLN_HAIR), _outlined(_BEARD)), (Part(HEAVY_BROW, Role.HAIR),)),
    Look.BALDING: ((_outlined(_BALDING), Part(_BALDING_LOCKS, None, Role.SHINE, 2.2)), ()),
    Look.BUN: ((_outlined(_BUN), _outlined(_BUN_CAP), Part(_BUN_LINES, None, Role.SHINE, 2.2)), ()),
    # outlines of every curl first, then their fills: the union reads as one curly mass
    Look.CURLS: (
        tuple(Part(c, None, Role.LINE, 2 * 2.2) for c in _CURLS) + tuple(Part(c, Role.HAIR) for c in _CURLS),
        (),
    ),
    Look.BALD: ((_outlined(_BALD_FRINGE),), (Part(HEAVY_BROW, Role.HAIR),)),
}


def _shape(part: Part, palette: Palette) -> Shape:
    width = palette.outline_units if part.width == OUTLINE else part.width
    return Shape(
        part.path,
        fill=palette.color(part.fill) if part.fill else None,
        stroke=palette.color(part.stroke) if part.stroke else None,
        stroke_mm=width if part.stroke else 0.0,
    )


def _profile_head(look: Look, palette: Palette) -> tuple:
    under, over = LOOK_PARTS[look]
    outline = Part(BUST, Role.SKIN, Role.LINE, OUTLINE)
    detail = 1.6 if palette.shadow is not None else 2.4
    features = (
        Part(EAR, Role.SKIN, Role.LINE, detail),
        Part(EAR_INNER, None, Role.LINE, detail),
        Part(JAW, None, Role.LINE, detail),
        Part(EYE, Role.LINE),
        Part(BROW, None, Role.LINE, 2.6),
        Part(NOSTRIL, None, Role.LINE, detail),
        Part(MOUTH, None, Role.LINE, detail),
    )
    items: list = []
    if palette.shadow is not None:
        dx, dy = SHADOW_OFFSET
        masses = [outline] + [p for p in under if p.fill is Role.HAIR]
        items += [Shape(p.path.translated(dx, dy), fill=palette.shadow) for p in masses]
    coat = (Part(COAT, Role.COAT, Role.LINE, detail), Part(LAPEL, None, Role.SKIN, 2.2))
    items += [_shape(p, palette) for p in (outline,) + coat + under + features + over]
    return tuple(items)


def _framed_art(art, palette: Palette) -> tuple:
    """A designer's art in the head box: on a red panel when the head is red, in a heavy frame."""
    frame = Path.rect(HEAD_BOX)
    panel = (Shape(frame, fill=palette.skin),) if palette.shadow is None else ()
    return (*panel, art, Shape(frame, stroke=palette.line, stroke_mm=palette.outline_units))


def _image_head(spec: HeadSpec, palette: Palette, pixels: int) -> tuple:
    return _framed_art(Image(str(spec.art), HEAD_BOX, pixels=pixels), palette)


def vector_shapes(drawing: Drawing) -> tuple[Shape, ...]:
    """The drawing items of SVG art, in the drawing's own units (y down, as SVG has it).

    >>> from rushmore_print.svg import parse
    >>> vector_shapes(parse('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4">'
    ...     '<rect width="2" height="2" fill="red" opacity="0.5"/></svg>'))[0].fill_opacity
    0.5
    """
    return tuple(
        Shape(
            Path(shape.commands),
            fill=shape.fill,
            stroke=shape.stroke,
            stroke_mm=shape.stroke_width,
            dash_mm=shape.dash,
            fill_rule=shape.fill_rule,
            fill_opacity=shape.fill_opacity,
            stroke_opacity=shape.stroke_opacity,
        )
        for shape in drawing.shapes
    )


def _vector_head(spec: HeadSpec, palette: Palette) -> tuple:
    """SVG art as paths, fitted inside the head box (proportions kept, centred; SVG's y runs down)."""
    drawing = spec.vector
    assert drawing is not None
    vx, vy, vw, vh = drawing.view
    s = min(HEAD_BOX.width / vw, HEAD_BOX.height / vh)
    dx = HEAD_BOX.x + (HEAD_BOX.width - vw * s) / 2 - vx * s
    dy = HEAD_BOX.y + (HEAD_BOX.height - vh * s) / 2 + (vh + vy) * s
    shapes = vector_shapes(drawing)
    return _framed_art(Group(shapes, (s, 0.0, 0.0, -s, dx, dy), clip=Path.rect(HEAD_BOX)), palette)


MIRROR = (-1.0, 0.0, 0.0, 1.0, HEAD_BOX.width, 0.0)


def head_symbol(spec: HeadSpec, key: HeadKey, style: Style, art_pixels: int = 0) -> Symbol:
    """The drawing of one head; custom ``art`` images replace the built-in profile (``art_pixels``:
    the resolution print needs for them, along the head box's height)."""
    palette = red_palette(style) if key.red else plain_palette(style, spec)
    if spec.vector is not None:
        items = _vector_head(spec, palette)
    elif spec.art is not None:
        items = _image_head(spec, palette, art_pixels)
    else:
        items = _profile_head(spec.look, palette)
    if key.facing == 1:
        items = (Group(items, matrix=MIRROR),)
    bounds = union([b for b in (item_bounds(item, {}) for item in items) if b is not None])
    assert bounds is not None
    return Symbol(items=items, bbox=bounds.grow(0.5))


FLIP_MARKER_BOX = Rect(-10.0, -10.0, 20.0, 20.0)


def flip_marker_symbol() -> Symbol:
    """The non-colour cue for a red head: a black disc with a white two-way arrow."""
    arrow = Path.polygon(
        [(-7.5, 0), (-3, 4.5), (-3, 1.6), (3, 1.6), (3, 4.5), (7.5, 0), (3, -4.5), (3, -1.6), (-3, -1.6), (-3, -4.5)]
    )
    return Symbol(items=(Shape(Path.circle(0, 0, 10), fill=BLACK), Shape(arrow, fill=WHITE)), bbox=FLIP_MARKER_BOX)
