"""Head art: profile busts drawn from path data, one look per head, facing left.

A head lives in a box of 100 x 180 units (``HEAD_BOX``, y from -15, below the cut of the chest);
a card scales the box to millimetres. Every look keeps all its ink inside the box, outlines
included: hair, bows, queues and curls never reach into a neighbour's box.
The bust is built to point: brow, nose, lips and chin cut a sharp edge on the front, the hair
mass, ear, a dark coat and a sloping shoulder sit heavy at the back, and the bust is cut at a
slant: a light front and a dark back, so the facing reads from a metre away. Facing right is
the exact mirror image of facing left.

Each look is data: parts (a path and the palette roles that fill and stroke it) drawn over the
bust. A plain head is carved stone: a light face, dark hair and coat. A red head keeps the same
light face and wears red hair and a red coat in a heavy black outline: the face stands out
from the red as much as a plain face from its hair, in colour, in greyscale and for
colour-blind players; the card adds a non-colour cue (the flip marker, no niche).
"""

from __future__ import annotations

import dataclasses
import enum

from ..colors import BLACK, WHITE, Color, mix
from ..design import HeadSpec, Look, Style
from ..frozen import frozen_dataclass
from ..readers.svg_art import Drawing
from .items import Group, Image, Path, Rect, Shape, Symbol, item_bounds, union

HEAD_BOX = Rect(0.0, -15.0, 100.0, 180.0)


class Role(enum.Enum):
    """What a part is painted with; a palette maps each role to a colour.

    >>> plain_palette(Style(), HeadSpec("Ann")).color(Role.SKIN) == Style().skin
    True
    """

    SKIN = "skin"
    HAIR = "hair"
    LINE = "line"
    SHINE = "shine"  # a highlight on hair (waves, curls)
    COAT = "coat"
    INK = "ink"  # ribbons, lenses: always near-black


@frozen_dataclass
class Part:
    """One part of a built-in head drawing: a path, painted by role (fill and/or stroke), in head units.

    >>> part = Part(Path.circle(0, 0, 5), fill=Role.HAIR)
    >>> part.fill, part.stroke, part.width
    (<Role.HAIR: 'hair'>, None, 0.0)
    """

    path: Path
    fill: Role | None = None
    stroke: Role | None = None
    width: float = 0.0  # stroke width in head units; outlines use the palette's width


OUTLINE = -1.0  # a Part width that means "the palette's outline width" (the bust: face and chest)
MASS_OUTLINE = -2.0  # "the palette's outline width for hair and coat", the masses at the back


@frozen_dataclass
class Palette:
    """The colours and line weights one head is painted with, by role (see ``plain_palette`` and
    ``red_palette``); ``red`` marks a red head's palette.

    >>> red_palette(Style()).red, plain_palette(Style(), HeadSpec("Ann")).red
    (True, False)
    """

    skin: Color
    hair: Color
    line: Color
    outline_units: float  # the bust's outline: the face, where a heavy line would blur the profile
    mass_units: float  # the outline of hair and coat: heavy on a red head, a cue without colour
    coat: Color
    red: bool = False  # a red head: red hair and coat, heavy outline, on a red panel if it is art

    def color(self, role: Role) -> Color:
        """The colour the palette paints a role with.

        >>> palette = plain_palette(Style(), HeadSpec("Ann", skin=(1.0, 0.9, 0.8)))
        >>> palette.color(Role.SKIN), palette.color(Role.INK)
        ((1.0, 0.9, 0.8), (0.0, 0.0, 0.0))
        """
        return {
            Role.SKIN: self.skin,
            Role.HAIR: self.hair,
            Role.LINE: self.line,
            Role.SHINE: mix(self.hair, self.skin, 0.55),
            Role.INK: BLACK,
            Role.COAT: self.coat,
        }[role]


def plain_palette(style: Style, spec: HeadSpec) -> Palette:
    """A carved head: the head's (or the style's) skin and hair, and a dark coat, in a black
    outline (as a red head's): the press's darkest, so that the hair inside it stays apart from
    it on press as on screen (the text's ink, a warm near-black, would print as the hair).

    >>> plain_palette(Style(), HeadSpec("A")).outline_units, plain_palette(Style(), HeadSpec("A")).line
    (3.0, (0.0, 0.0, 0.0))
    """
    hair = spec.hair or style.hair
    # the coat as dark as the hair: anything lighter comes near the rock and stops showing the
    # turn of a head (a lighter line marks the collar instead)
    return Palette(skin=spec.skin or style.skin, hair=hair, line=BLACK, outline_units=3.0, mass_units=3.0, coat=hair)


def red_palette(style: Style, spec: HeadSpec | None = None) -> Palette:
    """A red head: the same light face as a plain head, red hair, a darker red coat, and a black
    outline more than twice a plain head's round hair and coat. The face is what a player reads
    the facing from, so it stays light, in an outline only a little heavier than a plain one's
    (a heavy line all round would put as much dark in front as behind).

    >>> red_palette(Style()).skin == Style().skin  # the face stays light
    True
    """
    skin = (spec.skin if spec is not None else None) or style.skin
    return Palette(
        skin=skin,
        hair=mix(style.red, WHITE, 0.15),  # a mid grey in greyscale: apart from dark plain hair
        line=BLACK,
        outline_units=3.6,
        mass_units=7.0,
        coat=mix(style.red, BLACK, 0.15),
        red=True,
    )


@frozen_dataclass
class HeadKey:
    """Identifies one head drawing: which head, which way it faces (0/1), red or not.

    >>> from rushmore_print import load_design
    >>> design = load_design()
    >>> symbol = head_symbol(design.heads[0], HeadKey(head=0, facing=1, red=True), design.style)
    >>> symbol.bbox
    Rect(x=0.0, y=-15.0, width=97.3, height=180.5)
    """

    head: int
    facing: int
    red: bool


P = Path.parse

# The bust, facing left: slanted cut, chest, throat, chin, lips, nose, brow, forehead, crown,
# back of the skull, nape, and a long sloping shoulder at the back. Its ink stays 4 units inside
# the box's sides (a red head's outline is 6 units wide) and under the top.
BUST = P(
    "M96 -11 L32 21 C23 29 20 41 24 48 C30 53 35 57 36 64 C30 70 25 73 20 74 C15 75 13 79 14 83 "
    "C14 85 13 87 11 88 C10 89 11 91 15 92 C12 93 10 95 11 97 C12 99 14 100 16 100 "
    "C12 100 7 101 5 104 C6 108 11 114 14 118 C12 120 10 123 11 126 C12 132 12 137 14 141 "
    "C18 153 33 159 51 159 C70 159 85 149 87 130 C89 117 85 104 80 97 C86 90 91 78 92 64 "
    "C93 54 95 46 96 38 Z"
)
EYE = P("M18 112 C21 116 28 116 31 112 C28 109 21 109 18 112 Z")
BROW = P("M14 120 C20 124 28 124 35 119")
HEAVY_BROW = P("M12 121 C18 127 28 126 35 120 C28 122 20 122 13 118 Z")
NOSTRIL = P("M11 101 C13 104 17 104 19 101")
MOUTH = P("M13 92 L22 91")
JAW = P("M57 88 C52 80 44 76 33 74")
EAR = P("M56 107 C62 111 67 103 65 96 C63 90 60 89 56 91 C58 96 58 102 56 107 Z")
EAR_INNER = P("M59 102 C62 100 62 96 59 94")
# A dark coat over the back and shoulder, its collar turned up behind the neck to the nape, and
# a light shirt-front before it: the chest is light in front and dark behind, so even the bust
# reads as turned, and the dark runs unbroken from the hair down the back to the shoulder.
COAT = P(
    "M96 -11 L50 13 C49 27 47 41 45 55 C53 62 63 76 69 93 C72 95 76 97 80 97 C86 90 91 78 92 64 C93 54 95 46 96 38 Z"
)
LAPEL = P("M50 13 C49 27 47 41 45 55")
# the coat's edge up the neck and the top of its collar, under the hair at the nape: the line
# that tells a dark coat from dark hair
COLLAR = P("M45 55 C53 62 59 71 64 81 C72 83 82 81 90 75")

_SHORT = P(
    "M17 150 C22 157 35 161 51 161 C71 161 87 150 89 130 C90 117 87 105 80 96 "
    "C76 93 74 93 71 95 C69 104 64 111 57 113 C50 116 45 124 41 132 C36 141 28 149 17 150 Z"
)

_TIED = P(
    "M28 158 C34 161 43 161.5 52 161.5 C72 161 87 150 89 132 C90 120 88 110 83 102 "
    "C81 98 77 97 73 99 C68 109 62 115 53 117 C47 119 43 127 41 135 C38 145 34 153 28 158 Z"
)
_TIED_ROLL_HIGH = P("M38 124 C37 132 64 133 69 127 C72 122 70 115 64 115 C55 115 40 115 38 124 Z")
_TIED_ROLL_LOW = P("M44 108 C43 116 66 117 70 111 C72 106 70 100 64 100 C56 100 45 100 44 108 Z")
_CURL_MARKS = P(
    "M43 124 C45 129 51 128 50 123 C49 120 45 121 46 124 M49 108 C51 113 57 112 56 107 C55 104 51 105 52 108"
)
_QUEUE = P("M80 100 C86 94 90 84 90 72 C90 60 88 52 85 44 L79 46 C82 55 83 63 83 72 C83 81 79 89 75 94 Z")
_BOW = P(
    "M82 97 C84 107 93 109 92 100 C91 94 87 94 82 97 Z M82 97 C89 92 93 82 89 77 C85 74 82 85 82 97 Z "
    "M82 97 C78 89 74 81 70 77 L67 80 C71 85 75 91 80 99 Z"
)

_WAVY = P(
    "M28 158 C34 161 43 161.5 52 161.5 C66 161 78 158 85 150 C90 148 90.5 140 88 135 C90.5 129 90.5 120 86 116 "
    "C89.5 110 88.5 101 83 98 C88 92 85 85 80 85 C77 89 74 93 71 96 C67 105 62 113 54 115 "
    "C46 117 42 126 40 134 C37 144 33 153 28 158 Z"
)
_WAVY_TAIL = P("M82 87 C88 79 90 69 88 59 L82 60 C83 69 82 77 78 84 Z")
_WAVES = P(
    "M40 154 C45 158 48 150 54 155 C59 158 64 151 70 154 M50 138 C58 144 64 134 72 140 C78 144 82 136 86 140 "
    "M60 124 C66 128 72 120 78 125 C82 128 85 122 88 124 M66 108 C72 112 76 104 83 108"
)

# Roosevelt: a pince-nez on the bridge of the nose (its cord falls to the coat), and a walrus
# moustache under the nose, over the upper lip, set back from the profile: the nose tip stands
# 12 units (2 mm on a card) in front of it, so the nose, not the moustache, points.
_SPECTACLES = P(
    "M16 112 C16 117 20 121 25 121 C30 121 34 117 34 112 C34 107 30 103 25 103 C20 103 16 107 16 112 Z M16 113 L11 115"
)
_SPECTACLE_CORD = P("M35 108 C46 98 50 82 46 62")
# Roosevelt's hair: cropped short, parted, with a high forehead and a flat crown
_CROPPED = P(
    "M30 158 C37 160.5 44 161 52 161 C70 160 86 150 88 130 C89 117 86 105 80 96 "
    "C76 93 74 93 71 95 C69 104 64 111 57 113 C50 116 45 122 43 130 C42 140 37 151 30 158 Z"
)
_PARTING = P("M37 156 C45 153 55 152 66 154")
_MOUSTACHE = P(
    "M19 99 C23 101 27 100 31 97 C33 94 33 90 31 87 C28 89 25 90 22 91 C20 92 18 93 17 95 C17 97 17 98 19 99 Z"
)

_LINCOLN_HAIR = P(
    "M24 156 C26 158 28 159 30 159 C34 161 44 161 48 158 C56 161 66 160 70 157 C80 156 87 148 89 136 "
    "C90.5 122 88.5 106 81 96 C78 92 74 93 71 95 C69 104 64 111 57 113 C49 115 44 122 40 130 "
    "C36 140 31 150 24 156 Z"
)
# Lincoln's chin curtain: a band along the jaw from the sideburn round the chin, no moustache;
# lips, chin tip and cheek stay light, so the front of the face is not a dark mass.
_BEARD = P(
    "M56 106 C58 98 58 90 54 82 C48 70 38 64 29 64 C23 64 19 68 18 73 C17 76 17 79 18 81 "
    "C21 80 25 79 29 78 C37 77 45 82 49 90 C51 96 51 102 50 106 Z"
)

# Franklin: bald on top, his long hair from the crown's back down to the collar: a full mass
# behind, nothing in front (the bald look, Eisenhower, has only a short fringe over the ear)
_BALDING = P(
    "M46 124 C54 138 66 150 77 150 C84 146 87 137 87.5 122 C89 106 91 84 89.5 62 C88 55 83 54 78 58 "
    "C77 70 74 80 71 88 C67 98 61 104 54 106 C48 110 44 116 46 124 Z"
)
_BALDING_LOCKS = P("M84 122 C88 112 88 100 84 90 M89 108 C91 96 90 82 87 70 M77 92 C79 84 81 76 83 66")

_BUN_CAP = P(
    "M26 157 C32 160 42 160.5 51 160.5 C68 160 82 153 86 141 C89 128 87 111 80 97 "
    "C76 93 74 93 71 95 C69 104 64 111 57 113 C50 116 45 124 42 133 C39 143 33 152 26 157 Z"
)
_BUN = P("M72 146 C71 157 82 160 88 155 C91 149 90 137 84 135 C77 134 73 139 72 146 Z")
_BUN_LINES = P("M38 154 C50 157 64 154 78 148 M44 140 C58 144 70 140 82 138 M80 146 C84 152 88 152 90 147")

_BALD_FRINGE = P("M84 138 C89 128 89 111 82 98 C79 95 75 95 71 96 C68 104 63 111 60 118 C64 126 74 134 84 138 Z")


def _curls() -> tuple[Path, ...]:
    """A cap of round curls along the skull, fuller at the back and down to the nape, the
    forehead clear in front: circles whose union reads as a curly silhouette (kept 4 units
    inside the skull's outline, so the outer curls stay in the box)."""
    centres = [
        (25, 147),
        (34, 152),
        (48, 154),
        (61, 152),
        (72, 147),
        (79, 139),
        (81, 129),
        (80, 118),
        (78, 107),
        (72, 100),
        (66, 93),
        (60, 116),
        (52, 128),
        (60, 138),
        (72, 128),
        (74, 114),
        (46, 142),
        (64, 146),
    ]
    return tuple(Path.circle(x, y, 8.5) for x, y in centres)


def _curl_shine() -> Path:
    """A small light arc in the upper front of each outer curl: the curls read as curls, not a
    cap of short hair, even where their bumps are lost."""
    commands: list = []
    for x, y in ((34, 152), (48, 154), (61, 152), (72, 147), (79, 139), (81, 129), (80, 118), (78, 107), (66, 93)):
        commands += [("M", x - 4.5, y + 1.0), ("C", x - 4.0, y + 4.0, x - 1.0, y + 5.0, x + 1.5, y + 4.5)]
    return Path(tuple(commands))


def _outlined(path: Path) -> Part:
    """A hair mass: hair-filled, in the masses' outline."""
    return Part(path, Role.HAIR, Role.LINE, MASS_OUTLINE)


_CURLS = _curls()
SHORT_HAIR = (_outlined(_SHORT),)

# Each look: (parts drawn under the face features, parts drawn over them). Adding a look is an
# entry here (and a name in ``design.Look``).
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
        (_outlined(_CROPPED), Part(_PARTING, None, Role.SHINE, 2.4)),
        (
            Part(_MOUSTACHE, Role.LINE),  # dark on a red head too: a moustache, not red lips
            Part(_SPECTACLE_CORD, None, Role.INK, 1.4),
            Part(_SPECTACLES, None, Role.INK, 2.6),
        ),
    ),
    Look.BEARD: (
        (_outlined(_LINCOLN_HAIR), Part(_BEARD, Role.HAIR, Role.LINE, OUTLINE)),  # on the face: its outline
        (Part(HEAVY_BROW, Role.LINE),),
    ),
    Look.BALDING: ((_outlined(_BALDING), Part(_BALDING_LOCKS, None, Role.SHINE, 2.2)), ()),
    Look.BUN: ((_outlined(_BUN), _outlined(_BUN_CAP), Part(_BUN_LINES, None, Role.SHINE, 2.2)), ()),
    # outlines of every curl first, then their fills: the union reads as one curly mass
    Look.CURLS: (
        tuple(Part(c, None, Role.LINE, 2 * 2.2) for c in _CURLS)
        + tuple(Part(c, Role.HAIR) for c in _CURLS)
        + (Part(_curl_shine(), None, Role.SHINE, 2.2),),
        (),
    ),
    Look.BALD: ((_outlined(_BALD_FRINGE),), (Part(HEAVY_BROW, Role.LINE),)),
}


def _shape(part: Part, palette: Palette) -> Shape:
    width = {OUTLINE: palette.outline_units, MASS_OUTLINE: palette.mass_units}.get(part.width, part.width)
    return Shape(
        part.path,
        fill=palette.color(part.fill) if part.fill else None,
        stroke=palette.color(part.stroke) if part.stroke else None,
        stroke_mm=width if part.stroke else 0.0,
    )


def _profile_head(look: Look, palette: Palette) -> tuple:
    under, over = LOOK_PARTS[look]
    outline = Part(BUST, Role.SKIN, Role.LINE, OUTLINE)
    detail = 2.4 if palette.red else 1.6
    features = (
        Part(EAR, Role.SKIN, Role.LINE, detail),
        Part(EAR_INNER, None, Role.LINE, detail),
        Part(JAW, None, Role.LINE, detail),
        Part(EYE, Role.LINE),
        Part(BROW, None, Role.LINE, 2.6),
        Part(NOSTRIL, None, Role.LINE, detail),
        Part(MOUTH, None, Role.LINE, detail),
    )
    coat = (
        Part(COAT, Role.COAT, Role.LINE, MASS_OUTLINE if palette.red else detail),
        Part(LAPEL, None, Role.SKIN, 2.2),
    )
    collar = () if palette.red else (Part(COLLAR, None, Role.SHINE, 2.8),)  # a red coat has its black line
    return tuple(_shape(p, palette) for p in (outline,) + coat + under + features + over + collar)


ART_INSET = 4.0  # head units between a designer's art and the inner edge of its frame: never touching


def art_box(palette: Palette) -> Rect:
    """Where a designer's art goes in the head box: inside its frame, ``ART_INSET`` clear of it.

    >>> from rushmore_print.design import HeadSpec, Style
    >>> art_box(plain_palette(Style(), HeadSpec("A"))), art_box(red_palette(Style())).x
    (Rect(x=7.0, y=-8.0, width=86.0, height=166.0), 13.0)
    """
    band = palette.mass_units + (_RED_EDGE if palette.red else 0.0)
    return HEAD_BOX.grow(-(band + ART_INSET))


_RED_EDGE = 2.0  # the thin black line round a red head's red frame


def _framed_art(art, palette: Palette) -> tuple:
    """A designer's art (already in ``art_box``) in a heavy frame drawn just inside the head box
    (its ink stays in the box like a built-in look's). A red head's frame is a red band in a thin
    black line, on a red panel: art may be opaque, and its red must show round it all the same."""
    frame = Path.rect(HEAD_BOX.grow(-palette.mass_units / 2))
    if not palette.red:
        return (art, Shape(frame, stroke=palette.line, stroke_mm=palette.mass_units))
    edge = _RED_EDGE
    return (
        Shape(Path.rect(HEAD_BOX), fill=palette.hair),
        art,
        Shape(
            Path.rect(HEAD_BOX.grow(-(edge + palette.mass_units) / 2)),
            stroke=palette.hair,
            stroke_mm=palette.mass_units,
        ),
        Shape(Path.rect(HEAD_BOX.grow(-edge / 2)), stroke=palette.line, stroke_mm=edge),
    )


def _image_head(spec: HeadSpec, palette: Palette, pixels: int) -> tuple:
    return _framed_art(Image(str(spec.art), art_box(palette), pixels=pixels), palette)


def vector_shapes(drawing: Drawing) -> tuple[Shape, ...]:
    """The drawing items of SVG art, in the drawing's own units (y down, as SVG has it).

    >>> from rushmore_print.readers.svg_art import parse
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
    """SVG art as paths, fitted inside ``art_box`` (proportions kept, centred; SVG's y runs down)."""
    drawing = spec.vector
    assert drawing is not None
    box = art_box(palette)
    vx, vy, vw, vh = drawing.view
    s = min(box.width / vw, box.height / vh)
    dx = box.x + (box.width - vw * s) / 2 - vx * s
    dy = box.y + (box.height - vh * s) / 2 + (vh + vy) * s
    shapes = vector_shapes(drawing)
    return _framed_art(Group(shapes, (s, 0.0, 0.0, -s, dx, dy), clip=Path.rect(box)), palette)


MIRROR = (-1.0, 0.0, 0.0, 1.0, HEAD_BOX.width, 0.0)


def head_symbol(spec: HeadSpec, key: HeadKey, style: Style, art_pixels: int = 0) -> Symbol:
    """The drawing of one head; custom ``art`` images replace the built-in profile (``art_pixels``:
    the resolution print needs for them, along the head box's height).

    >>> from rushmore_print import load_design
    >>> design = load_design()
    >>> left = head_symbol(design.heads[3], HeadKey(3, 0, False), design.style)
    >>> right = head_symbol(design.heads[3], HeadKey(3, 1, False), design.style)
    >>> left.bbox.height == right.bbox.height, type(right.items[0]).__name__
    (True, 'Group')
    """
    palette = red_palette(style, spec) if key.red else plain_palette(style, spec)
    return head_drawing(spec, palette, key.facing, art_pixels)


def head_drawing(spec: HeadSpec, palette: Palette, facing: int = 0, art_pixels: int = 0) -> Symbol:
    """The drawing of one head in ``palette``, facing the first direction (``facing`` 0) or
    mirrored (1): it depends on the head's look, art and palette alone, never on its name.

    >>> head_drawing(HeadSpec("A"), plain_palette(Style(), HeadSpec("A"))).bbox.width > 0
    True
    """
    if spec.vector is not None:
        items = _vector_head(spec, palette)
    elif spec.art is not None:
        items = _image_head(spec, palette, art_pixels)
    else:
        items = _profile_head(spec.look, palette)
    if facing == 1:
        items = (Group(items, matrix=MIRROR),)
    bounds = union([b for b in (item_bounds(item, {}) for item in items) if b is not None])
    assert bounds is not None
    return Symbol(items=items, bbox=bounds.grow(0.5))


FLIP_MARKER_BOX = Rect(-10.0, -10.0, 20.0, 20.0)

# The relief: the rock cut back behind a carved head, lit from the front and above, shows as a
# darker copy of its silhouette a little behind and above it. It puts dark behind every head, so
# the facing reads at a glance, and it turns with the head.
RELIEF_OFFSET = (10.0, 5.0)  # head units: towards the back of a head facing the first way, and up
RELIEF_SHADE = 0.6  # the share of black in the stone of the relief


@frozen_dataclass
class HeadRelief:
    """Identifies one head's relief: which head, which way it faces (0/1).

    >>> from rushmore_print import load_design
    >>> design = load_design()
    >>> relief = relief_symbol(design.heads[0], HeadRelief(0, 0), design.style)
    >>> relief.bbox.x - head_symbol(design.heads[0], HeadKey(0, 0, False), design.style).bbox.x
    10.0
    """

    head: int
    facing: int


def relief_symbol(spec: HeadSpec, key: HeadRelief, style: Style) -> Symbol | None:
    """The relief behind a built-in bust (None for a designer's art, which has no silhouette to
    cut): its plain drawing in one colour, the stone darkened by ``RELIEF_SHADE``, moved by
    ``RELIEF_OFFSET`` towards its back.

    >>> from rushmore_print.design import HeadSpec, Style
    >>> relief_symbol(HeadSpec("A", art="bust.png"), HeadRelief(0, 1), Style()) is None
    True
    """
    if not has_relief(spec):
        return None
    drawing = head_drawing(spec, plain_palette(style, spec), key.facing)
    dx, dy = RELIEF_OFFSET
    dx = dx if key.facing == 0 else -dx
    shade = mix(style.stone, BLACK, RELIEF_SHADE)
    box = drawing.bbox
    moved = Rect(box.x + dx, box.y + dy, box.width, box.height)
    return Symbol((Group(_one_colour(drawing.items, shade), (1.0, 0.0, 0.0, 1.0, dx, dy)),), moved)


def has_relief(spec: HeadSpec) -> bool:
    """Whether the head is a built-in bust, with a relief behind it (a designer's art has none).

    >>> has_relief(HeadSpec("A")), has_relief(HeadSpec("A", art="a.png"))
    (True, False)
    """
    return spec.art is None and spec.vector is None


def _one_colour(items: tuple, colour: Color) -> tuple:
    """The drawing with every fill and line in ``colour``: its silhouette."""
    found: list = []
    for item in items:
        if isinstance(item, Shape):
            fill = None if item.fill is None else colour
            stroke = None if item.stroke is None else colour
            found.append(dataclasses.replace(item, fill=fill, stroke=stroke, fill_opacity=1.0, stroke_opacity=1.0))
        elif isinstance(item, Group):
            found.append(dataclasses.replace(item, items=_one_colour(item.items, colour)))
        else:  # a built-in bust is shapes and groups of them
            raise TypeError(f"cannot make a relief of a {type(item).__name__}")
    return tuple(found)


def flip_marker_symbol() -> Symbol:
    """The non-colour cue for a red head: a black disc with a white two-way arrow.

    >>> marker = flip_marker_symbol()
    >>> marker.bbox, len(marker.items)
    (Rect(x=-10.0, y=-10.0, width=20.0, height=20.0), 2)
    """
    arrow = Path.polygon(
        [(-7.5, 0), (-3, 4.5), (-3, 1.6), (3, 1.6), (3, 4.5), (7.5, 0), (3, -4.5), (3, -1.6), (-3, -1.6), (-3, -4.5)]
    )
    return Symbol(items=(Shape(Path.circle(0, 0, 10), fill=BLACK), Shape(arrow, fill=WHITE)), bbox=FLIP_MARKER_BOX)


__all__ = [
    "ART_INSET",
    "FLIP_MARKER_BOX",
    "HEAD_BOX",
    "MIRROR",
    "RELIEF_OFFSET",
    "RELIEF_SHADE",
    "HeadKey",
    "HeadRelief",
    "P",
    "Palette",
    "Part",
    "Role",
    "art_box",
    "flip_marker_symbol",
    "has_relief",
    "head_drawing",
    "head_symbol",
    "plain_palette",
    "red_palette",
    "relief_symbol",
    "vector_shapes",
]
