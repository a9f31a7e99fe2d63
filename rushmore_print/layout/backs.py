"""Card backs: one design for each kind of card, the same on every card of that kind (a back
gives nothing away), drawn with the items the fronts use, so every renderer prints it alike.

A back has three layers, from the bleed in:

- the ground: a dark colour with a small repeating pattern over the whole card, into the bleed.
  Nothing else comes within ``PATTERN_ONLY_MM`` of the trim, so a card cut a millimetre off shows
  no frame nearer one edge than the other: only a little more or less of the same pattern;
- the medallion: an oval with a light rim and a keyline, its nearest point ``MEDALLION_MM``
  inside the trim (still 8 mm in after a 1 mm mis-cut) and no straight edge along any side. Its
  window holds the game's title at the top, the kind of card at the foot and, between them, the
  illustration: the design's heads carved in a cliff above the pines (Monuments), a magnifier
  over a head (Search cards);
- the texts, drawn last: the title at least ``TITLE_CLEAR_MM`` from every line, the kind
  ``CLEAR_MM``.

The illustration and the pattern's tile are symbols (``back_symbols``), drawn once per document
however many backs a sheet holds. The heads of the illustration are drawn inline, toned in the
stone's colours, not as the fronts' head symbols: a back refers to no card's drawing.
"""

from __future__ import annotations

import dataclasses
import functools
import math

from ..colors import BLACK, WHITE, Color, contrast, grey, mix
from ..design import MAX_BLEED_MM, Design, HeadSpec, Style
from ..frozen import frozen_dataclass
from ..language.i18n import catalogue_for
from ..units import MM_PER_PT
from .fonts import Font, name_font, printed_upper, text_width_mm
from .frame import CardFrame, CardKind, Face
from .heads import HEAD_BOX, HeadKey, head_symbol, plain_palette
from .items import (
    TEXT_ASCENT,
    TEXT_DESCENT,
    Anchor,
    Group,
    Matrix,
    Path,
    Rect,
    Shape,
    Symbol,
    Text,
    Use,
    multiply,
    place,
    scale,
    translate,
)

PATTERN_ONLY_MM = 8.0  # nothing but the ground and its pattern this near the trim
MEDALLION_MM = PATTERN_ONLY_MM + 1.0  # the medallion's nearest point: 8 mm in after a 1 mm mis-cut too
RIM_MM = 1.0  # the medallion's light rim, between the ground and the window
KEYLINE_MM = 0.35  # the dark line round the window
CLEAR_MM = 2.0  # every text keeps this far from every line
TITLE_CLEAR_MM = 3.0  # and the title this far: it stands free, never tight to the keyline or the picture
SLACK_MM = 0.5  # and this much more, so that rounding in a renderer never takes it under
TITLE_PT = (7.0, 20.0)  # the title's size: as large as the window allows, within these
TITLE_SHARE = 0.14  # the title's box takes at most this share of the window's height
SCENE_SHARE = 0.4  # the title shrinks until the picture has this share of the window's height
LABEL_PT = (6.0, 8.0)  # the kind's name: under half the title's size, within these
PATTERN_MM = 3.0  # the pattern's period along a row
ROW_MM = 1.9  # between the Monuments' rows of ridges
PATTERN_LINE_MM = 0.3
MIN_SCENE_MM = 4.0  # a smaller illustration is left out (the window stays plain)
HEAD_OVERLAP = 0.12  # carved heads overlap their neighbour's back (the faces stay whole)
HEAD_ASPECT = HEAD_BOX.height / HEAD_BOX.width


def kind_labels(design: Design) -> dict[CardKind, str]:
    """The kind of card at the foot of each back, in capitals, in the design's language.

    >>> from rushmore_print.design import load_design
    >>> kind_labels(load_design())[CardKind.SEARCH]
    'SEARCH'
    """
    t = catalogue_for(design)
    return {
        CardKind.MONUMENT: t.upper(t.pgettext("card back", "MONUMENT")),
        CardKind.SEARCH: t.upper(t.pgettext("card back", "SEARCH")),
    }


@frozen_dataclass
class BackArt:
    """The key of a back's illustration symbol (band and texts are not in it).

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> design = load_design()
    >>> frame = card_frame(design)
    >>> art = back_symbols(design, frame)[BackArt(CardKind.SEARCH)]
    >>> art.bbox == back_zones(design, frame).panel
    True
    """

    kind: CardKind


@frozen_dataclass
class BackBand:
    """The key of a back's band pattern symbol.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> design = load_design()
    >>> frame = card_frame(design)
    >>> BackBand(CardKind.MONUMENT) in back_symbols(design, frame)
    True
    """

    kind: CardKind


@frozen_dataclass
class BackColors:
    """A back's colours: the band and its pattern, the window's rim and keyline, the title and the
    kind's name (each in whichever of ink and paper stands out more).

    >>> from rushmore_print.design import Style
    >>> colors = back_colors(Style(), CardKind.MONUMENT)
    >>> colors.band, colors.label
    ((0.205, 0.187, 0.168), (0.957, 0.929, 0.867))
    """

    band: Color
    pattern: Color
    rim: Color
    keyline: Color
    title: Color  # on the window's top (sky or paper)
    label: Color  # on the window's foot (ground or paper)


def back_colors(style: Style, kind: CardKind) -> BackColors:
    """The back's colours, all from the design's style; texts take whichever of ink and paper
    stands out more from what is behind them.

    >>> from rushmore_print.design import Style
    >>> back_colors(Style(), CardKind.SEARCH).title == Style().ink
    True
    """
    if kind is CardKind.MONUMENT:
        band = mix(style.stone, BLACK, 0.55)
        return BackColors(
            band=band,
            pattern=mix(style.stone, BLACK, 0.36),
            rim=mix(style.paper, style.stone, 0.15),
            keyline=band,
            title=_legible(style.sky, style),
            label=_legible(_ground(style), style),
        )
    band = mix(style.ink, style.sky, 0.22)
    return BackColors(
        band=band,
        pattern=mix(style.ink, style.sky, 0.4),
        rim=style.paper,
        keyline=band,
        title=_legible(style.paper, style),
        label=_legible(style.paper, style),
    )


def _legible(behind: Color, style: Style) -> Color:
    return max((style.ink, style.paper), key=lambda c: contrast(c, behind))


def _ground(style: Style) -> Color:
    return mix(style.stone, BLACK, 0.4)


@frozen_dataclass
class BackZones:
    """Where a back's parts go, in mm from the trim's lower left corner; ``panel`` and ``window``
    are the boxes of the medallion's ovals.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> design = load_design()
    >>> frame = card_frame(design)
    >>> zones = back_zones(design, frame)
    >>> zones.panel, round(zones.title_pt, 2)
    (Rect(x=9.0, y=9.0, width=70.9, height=45.5), 13.61)
    """

    panel: Rect  # the medallion, rim and all: nearest the trim at MEDALLION_MM
    window: Rect  # inside the rim: the illustration, clipped to it, and the texts
    title_pt: float
    title_y: float  # the title's baseline
    label_pt: float
    label_y: float  # the kind's name's baseline
    scene: Rect  # the illustration's lines stay inside this; backgrounds fill the window


@frozen_dataclass
class _Oval:
    """The window's oval, shrunk by ``inset``: where a text box's corners may go."""

    window: Rect
    inset: float

    @property
    def half_axes(self) -> tuple[float, float]:
        return self.window.width / 2 - self.inset, self.window.height / 2 - self.inset

    def height_at(self, half_width: float) -> float | None:
        """How far above (or below) the centre a box ``2 * half_width`` wide may reach; None when
        it is wider than the oval."""
        a, b = self.half_axes
        if a <= 0 or b <= 0 or half_width >= a:
            return None
        return b * math.sqrt(1 - (half_width / a) ** 2)

    def half_width_at(self, offset: float) -> float:
        """Half the oval's width at ``offset`` above or below the centre (0 past its top)."""
        a, b = self.half_axes
        return 0.0 if b <= 0 or abs(offset) >= b else a * math.sqrt(1 - (offset / b) ** 2)


def _text_inset(clear: float = CLEAR_MM) -> float:
    """How far a text box keeps from the window's edge: half the keyline, the clearance, slack."""
    return KEYLINE_MM / 2 + clear + SLACK_MM


def back_problems(design: Design, frame: CardFrame) -> list[str]:
    """What keeps the backs from printing their title and kind clear of every line, in words.

    >>> from rushmore_print.design import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> back_problems(load_design(), card_frame(load_design()))
    []
    """
    zones = back_zones(design, frame)
    widest_label = max(text_width_mm(label, LABEL_PT[0], Font.BOLD) for label in kind_labels(design).values())
    label_fits = _Oval(zones.window, _text_inset()).height_at(widest_label / 2) is not None
    title_width = text_width_mm(back_title(design), TITLE_PT[0], name_font(design))
    title_fits = _Oval(zones.window, _text_inset(TITLE_CLEAR_MM)).height_at(title_width / 2) is not None
    if not label_fits or (title_fits and zones.scene.height <= 0):
        size = f"{frame.width_mm:g} x {frame.height_mm:g} mm"
        return [f"a {size} card is too small for its backs: in the medallion {MEDALLION_MM:g} mm inside the trim "
                "the title and the kind's name do not fit clear of the lines; use a larger card"]  # fmt: skip
    if not title_fits:
        return [f"the name {design.name!r} is too long for the card backs even at {TITLE_PT[0]:g} pt; shorten it"]
    return []


def back_title(design: Design) -> str:
    """The game's name as the backs print it: the upper case the spec checks against the font.

    >>> from rushmore_print import load_design
    >>> back_title(load_design())
    'MOUNT RUSHMORE'
    """
    return printed_upper(design.name)


def back_zones(design: Design, frame: CardFrame) -> BackZones:
    """The back's boxes for ``design`` at ``frame``'s size: the medallion ``MEDALLION_MM`` inside
    the trim; the title at the top of its oval window, as large as it allows (7 to 20 pt) while
    the illustration keeps ``SCENE_SHARE`` of its height, ``TITLE_CLEAR_MM`` clear of the keyline
    and the picture; the kind at the foot, ``CLEAR_MM`` clear; the illustration between them.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> design = load_design()
    >>> frame = card_frame(design)
    >>> zones = back_zones(design, frame)
    >>> zones.window.contains(zones.scene), zones.title_y > zones.scene.top > zones.scene.y > zones.label_y
    (True, True)
    """
    panel = frame.trim.grow(-MEDALLION_MM)
    window = panel.grow(-RIM_MM)
    middle = window.y + window.height / 2
    title_oval, label_oval = _Oval(window, _text_inset(TITLE_CLEAR_MM)), _Oval(window, _text_inset())
    scene_oval = _Oval(window, KEYLINE_MM / 2 + SLACK_MM)
    title_1pt = max(text_width_mm(back_title(design), 1.0, name_font(design)), 1e-6)
    label_1pt = max(text_width_mm(label, 1.0, Font.BOLD) for label in kind_labels(design).values())
    box_1pt = (TEXT_ASCENT + TEXT_DESCENT) * MM_PER_PT
    size = min(TITLE_PT[1], TITLE_SHARE * window.height / box_1pt)
    while True:  # the largest title, in quarter points, that leaves the picture its share (or 7 pt)
        zones = _zones_for(size, panel, window, middle, title_oval, label_oval, scene_oval, title_1pt, label_1pt)
        smallest = size - 0.25 < TITLE_PT[0]
        if smallest or (zones is not None and zones.scene.height >= SCENE_SHARE * window.height):
            break
        size -= 0.25
    if zones is None:  # not even 7 pt fits: a plain window (back_problems says why)
        empty = Rect(window.x + window.width / 2, middle, 0.0, 0.0)
        return BackZones(panel, window, TITLE_PT[0], middle, LABEL_PT[0], middle, empty)
    return zones


def _zones_for(
    title_pt: float,
    panel: Rect,
    window: Rect,
    middle: float,
    title_oval: _Oval,
    label_oval: _Oval,
    scene_oval: _Oval,
    title_1pt: float,
    label_1pt: float,
) -> BackZones | None:
    """The zones with the title at ``title_pt``, as high as its box's corners may go; None when it
    or the kind's name is wider than the window."""
    label_pt = max(LABEL_PT[0], min(LABEL_PT[1], title_pt * 0.45))
    title_top = title_oval.height_at(title_1pt * title_pt / 2)
    label_foot = label_oval.height_at(label_1pt * label_pt / 2)
    if title_top is None or label_foot is None:
        return None
    title_size, label_size = title_pt * MM_PER_PT, label_pt * MM_PER_PT
    title_y = middle + title_top - TEXT_ASCENT * title_size
    label_y = middle - label_foot + TEXT_DESCENT * label_size
    scene_top = title_y - TEXT_DESCENT * title_size - TITLE_CLEAR_MM - SLACK_MM
    scene_y = label_y + TEXT_ASCENT * label_size + CLEAR_MM + SLACK_MM
    half = min(scene_oval.half_width_at(scene_top - middle), scene_oval.half_width_at(scene_y - middle))
    centre = window.x + window.width / 2
    scene = Rect(centre - half, scene_y, 2 * half, max(0.0, scene_top - scene_y))
    return BackZones(panel, window, title_pt, title_y, label_pt, label_y, scene)


def back_face(design: Design, kind: CardKind, frame: CardFrame, labelled: bool = True) -> Face:
    """The same back for every card of a kind: the band and its pattern into the bleed, the
    panel with the illustration, the game's title and the kind of card (unless not
    ``labelled``: the tuck box wears the backs without it).

    >>> from rushmore_print.design import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> design = load_design()
    >>> [item.text for item in back_face(design, CardKind.SEARCH, card_frame(design)).items if isinstance(item, Text)]
    ['MOUNT RUSHMORE', 'SEARCH']
    """
    zones = back_zones(design, frame)
    colors = back_colors(design.style, kind)
    middle = frame.width_mm / 2
    label = kind_labels(design)[kind]
    items = [
        Shape(Path.rect(frame.bleed), fill=colors.band),
        Group((Use(BackBand(kind)),), clip=Path.rect(frame.bleed)),
        Use(BackArt(kind)),
        Text(middle, zones.title_y, back_title(design), zones.title_pt, colors.title, name_font(design), Anchor.MIDDLE),
    ]
    if labelled:
        items.append(Text(middle, zones.label_y, label, zones.label_pt, colors.label, Font.BOLD, Anchor.MIDDLE))
    return Face(f"{kind.value}-back", kind, tuple(items), is_back=True)


def back_symbols(design: Design, frame: CardFrame) -> dict:
    """The backs' illustrations and band patterns, by key: they depend on the trim, not on the
    bleed (the pattern reaches ``MAX_BLEED_MM`` past the trim; each back clips it to its bleed).

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> design = load_design()
    >>> frame = card_frame(design)
    >>> sorted(type(key).__name__ + ":" + key.kind.value for key in back_symbols(design, frame))
    ['BackArt:monument', 'BackArt:search', 'BackBand:monument', 'BackBand:search']
    """
    zones = back_zones(design, frame)
    found: dict = {}
    for kind in CardKind:
        colors = back_colors(design.style, kind)
        found[BackBand(kind)] = _band(kind, frame, colors.pattern)
        if min(zones.scene.width, zones.scene.height) < MIN_SCENE_MM:
            scene = _bare_window(design.style, kind, zones)
        else:
            scene = _cliff(design, zones) if kind is CardKind.MONUMENT else _magnifier(design, zones)
        window = Path.oval(zones.window)
        items = (
            Shape(Path.oval(zones.panel), fill=colors.rim),
            Group(tuple(scene), clip=window),
            Shape(window, stroke=colors.keyline, stroke_mm=KEYLINE_MM),
        )
        found[BackArt(kind)] = Symbol(items, zones.panel)
    return found


# ----------------------------------------------------------------------------- the band's pattern


def _band(kind: CardKind, frame: CardFrame, color: Color) -> Symbol:
    """The band's pattern over the trim and the most bleed a design may ask for: rows of
    zigzag ridges (Monuments) or a diamond trellis (Search), thin lines across the whole card
    (the panel hides the middle), lined up on the card's centre so the pattern is symmetric.
    A few long lines are cheap in every renderer, where hundreds of small motifs are not."""
    p = PATTERN_MM
    reach = frame.trim.grow(MAX_BLEED_MM)
    cx, cy = frame.width_mm / 2, frame.height_mm / 2
    lines: list[Path] = []
    if kind is CardKind.MONUMENT:
        rise = 0.32 * p
        steps = range(math.floor((reach.x - cx) / (p / 2)) - 1, math.ceil((reach.right - cx) / (p / 2)) + 2)
        for row in range(math.floor((reach.y - cy) / ROW_MM) - 1, math.ceil((reach.top - cy) / ROW_MM) + 2):
            y = cy + row * ROW_MM
            lines.append(Path.polygon([(cx + k * p / 2, y + rise * (k % 2)) for k in steps], closed=False))
    else:
        span = reach.width + reach.height
        for k in range(-math.ceil(span / p), math.ceil(span / p) + 1):
            for slope in (1.0, -1.0):  # lines x - cx = k p + slope (y - cy), across the reach
                x0, x1 = cx + k * p + slope * (reach.y - cy), cx + k * p + slope * (reach.top - cy)
                if max(x0, x1) >= reach.x and min(x0, x1) <= reach.right:
                    lines.append(Path.line(x0, reach.y, x1, reach.top))
    shapes = tuple(Shape(line, stroke=color, stroke_mm=PATTERN_LINE_MM) for line in lines)
    return Symbol((Group(shapes, clip=Path.rect(reach)),), reach)


# ----------------------------------------------------------------------------- the illustrations


@functools.lru_cache(maxsize=64)  # the same heads at every card size (the tests try them all)
def _carved(spec: HeadSpec, style: Style, dark: Color, light: Color) -> tuple:
    """A head toned in two colours, as carved in stone: its hair and darker parts ``dark``, its
    skin ``light``, what lies between in between."""
    palette = plain_palette(style, spec)
    low, high = sorted((grey(palette.hair), grey(palette.skin)))
    return _toned(_bust(spec, style), dark, light, low, max(high, low + 0.1))


def _built_in(spec: HeadSpec) -> HeadSpec:
    """The head as the backs draw it: a designer's own art gives way to the built-in bust (an
    image cannot be toned, and a back shows a head, not a framed picture)."""
    return dataclasses.replace(spec, art=None, vector=None)


@functools.lru_cache(maxsize=64)
def _bust(spec: HeadSpec, style: Style) -> tuple:
    """A head's plain drawing, facing left."""
    return head_symbol(spec, HeadKey(0, 0, False), style).items


def _toned(items: tuple, dark: Color, light: Color, low: float, high: float) -> tuple:
    def tone(color: Color | None) -> Color | None:
        share = None if color is None else min(1.0, max(0.0, (grey(color) - low) / (high - low)))
        return None if share is None else mix(dark, light, share)

    toned: list = []
    for item in items:
        if isinstance(item, Shape):
            toned.append(dataclasses.replace(item, fill=tone(item.fill), stroke=tone(item.stroke)))
        elif isinstance(item, Group):
            toned.append(dataclasses.replace(item, items=_toned(item.items, dark, light, low, high)))
        else:  # heads are shapes and groups of them; anything else is a new kind of art
            raise TypeError(f"cannot tone a {type(item).__name__} in a head drawing")
    return tuple(toned)


def _head_at(x: float, y: float, height: float) -> Matrix:
    """Head units to mm: the head box's lower left corner at (x, y), ``height`` mm tall."""
    return place(HEAD_BOX, x, y, height / HEAD_BOX.height)


def _bare_window(style: Style, kind: CardKind, zones: BackZones) -> list:
    """A window too small for a picture: its grounds only (sky over rock, or paper), so that
    title and kind stand on the colours they were chosen for."""
    w, s = zones.window.grow(1), zones.scene
    if kind is CardKind.SEARCH:
        return [Shape(Path.rect(w), fill=style.paper)]
    middle = s.y + s.height / 2
    ground = Rect(w.x, w.y, w.width, middle - w.y)
    return [Shape(Path.rect(w), fill=style.sky), Shape(Path.rect(ground), fill=_ground(style))]


def _across(window: Rect, base: float, tops: list[tuple[float, float]]) -> Path:
    """A polygon across the window from below its foot: its top through (share of the width,
    mm above ``base``) points."""
    top = [(window.x + f * window.width, base + dy) for f, dy in tops]
    left, right = (window.x - 1, top[0][1]), (window.right + 1, top[-1][1])
    return Path.polygon([(window.x - 1, window.y - 1), left, *top, right, (window.right + 1, window.y - 1)])


def _cliff(design: Design, zones: BackZones) -> list:
    """Monuments: the design's heads carved side by side in a cliff under a ragged ridge, a far
    range and a low sun behind it, pines at its foot."""
    style = design.style
    w, s = zones.window, zones.scene
    count = len(design.heads)
    ground_y = s.y + 0.05 * s.height
    head_h = min(0.78 * s.height, 0.92 * s.width / (1 + (count - 1) * (1 - HEAD_OVERLAP)) * HEAD_ASPECT)
    head_w = head_h / HEAD_ASPECT
    step = head_w * (1 - HEAD_OVERLAP)
    row_x = s.x + (s.width - head_w - (count - 1) * step) / 2
    head_y = ground_y - 0.04 * head_h
    ridge = min(s.top - 0.2 * s.height, head_y + head_h + 0.06 * s.height)
    rise = min(s.top - ridge, 0.45 * head_h)  # how high the far range reaches
    ridge_line = [(0.0, -0.1 * s.height), (0.07, -0.03 * s.height)]
    for index in range(count):  # the rock rises over each head and dips between them
        centre = (row_x + index * step + head_w / 2 - w.x) / w.width
        ridge_line += [(centre - 0.45 * step / w.width, -0.01 * s.height), (centre, 0.03 * s.height)]
    ridge_line += [(ridge_line[-1][0] + 0.45 * step / w.width, 0.0), (0.93, -0.06 * s.height), (1.0, -0.12 * s.height)]
    far = [(0.0, 0.2), (0.18, 0.72), (0.3, 0.48), (0.46, 0.95), (0.62, 0.52), (0.8, 0.8), (1.0, 0.3)]
    ground = [(0.0, 0.04), (0.25, 0.0), (0.5, 0.03), (0.75, -0.01), (1.0, 0.05)]
    sun_r = min(0.15 * s.height, 0.3 * head_h)
    sun_y = min(ridge + 0.8 * rise, s.top - sun_r)  # low, half behind the far range
    dark, light = mix(style.stone, BLACK, 0.45), mix(style.skin, style.stone, 0.1)
    items: list = [
        Shape(Path.rect(w.grow(1)), fill=style.sky),
        Shape(Path.circle(s.x + 0.8 * s.width, sun_y, sun_r), fill=mix(style.paper, style.sky, 0.3)),
        Shape(_across(w, ridge, [(f, h * rise) for f, h in far]), fill=mix(style.stone, style.sky, 0.55)),
        Shape(_across(w, ridge, ridge_line), fill=style.stone),
    ]
    for index, spec in enumerate(design.heads):
        place = _head_at(row_x + index * step, head_y, head_h)
        items.append(Group(_carved(_built_in(spec), style, dark, light), place))
    items.append(Shape(_across(w, ground_y, [(f, h * s.height) for f, h in ground]), fill=_ground(style)))
    items += _pines(s, ground_y, 0.2 * head_h, mix(style.ink, style.stone, 0.25))
    return items


def _pines(scene: Rect, ground_y: float, tall: float, color: Color) -> list:
    """A row of pines, at most ``tall`` mm, along the foot of the cliff."""
    count = max(3, round(scene.width / (0.55 * tall)))
    pines = []
    for index in range(count):
        x = scene.x + (index + 0.5) * scene.width / count
        h = tall * (0.7 + 0.3 * ((index * 7) % 5) / 4)  # a steady, not random, rise and fall
        half = 0.28 * h
        y = ground_y - 0.12 * tall
        points = [(x - half, y), (x - half * 0.45, y + 0.38 * h), (x - half * 0.8, y + 0.36 * h)]
        points += [(x - half * 0.3, y + 0.7 * h), (x - half * 0.55, y + 0.68 * h), (x, y + h)]
        points += [(px + 2 * (x - px), py) for px, py in reversed(points[:-1])]
        pines.append(Shape(Path.polygon(points), fill=color))
    return pines


def _magnifier(design: Design, zones: BackZones) -> list:
    """Search cards: the design's heads in their niches, faint as an old print, in one row or
    two (whichever draws them larger), and a magnifier over the middle head of the first row
    that shows its face larger and in its own colours."""
    style = design.style
    w, s = zones.window, zones.scene
    count = len(design.heads)
    gap = 0.08  # between niches, in head widths

    def size(rows: int) -> float:
        per_row = math.ceil(count / rows)
        by_width = 0.94 * s.width / (per_row + (per_row - 1) * gap) * HEAD_ASPECT
        return min(0.88 * s.height / (rows + (rows - 1) * gap * 1.5), by_width)

    rows = max((1, 2), key=lambda r: (size(r), -r)) if count > 1 else 1
    head_h = size(rows)
    head_w = head_h / HEAD_ASPECT
    per_row = math.ceil(count / rows)
    step_x, step_y = head_w * (1 + gap), head_h * (1 + 1.5 * gap)
    block_h = head_h * 1.04 + (rows - 1) * step_y
    top_y = s.y + (s.height - block_h) / 2 + (rows - 1) * step_y  # the first row's foot
    places = []
    for index in range(count):
        row, col = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        x = s.x + s.width / 2 + (col - (in_row - 1) / 2) * step_x - head_w / 2
        places.append((x, top_y - row * step_y))
    dark, light = mix(style.ink, style.paper, 0.45), mix(style.paper, WHITE, 0.4)

    def niche(x: float, y: float, color: Color) -> Shape:
        arch = Rect(x - 0.02 * head_w, y, head_w * 1.04, 1.04 * head_h)
        return Shape(Path.rounded(arch, 0.45 * arch.width, top_only=True), fill=color)

    scene: list = [Shape(Path.rect(w.grow(1)), fill=style.paper)]
    for spec, (x, y) in zip(design.heads, places, strict=True):
        scene.append(niche(x, y, mix(style.stone, style.paper, 0.55)))
        scene.append(Group(_carved(_built_in(spec), style, dark, light), _head_at(x, y, head_h)))
    chosen = (min(per_row, count) - 1) // 2
    x, y = places[chosen]
    seen = (
        Shape(Path.rect(w.grow(1)), fill=mix(style.paper, style.sky, 0.35)),
        niche(x, y, style.stone),
        Group(_bust(_built_in(design.heads[chosen]), style), _head_at(x, y, head_h)),
    )
    unit = head_h / HEAD_BOX.height
    cx, cy = x + 20 * unit, y + (102 - HEAD_BOX.y) * unit  # the face: eye, nose and lips
    return scene + _lens(cx, cy, 0.44 * head_w, seen, style)


def _lens(cx: float, cy: float, r: float, seen: tuple, style: Style) -> list:
    """A magnifying glass at (cx, cy), radius ``r``: ``seen`` drawn 1.6 times larger inside the
    lens, a shine on the glass, an ink rim and a red handle to the lower right."""
    zoom = 1.6
    lens = Path.circle(cx, cy, r)
    larger = multiply(translate(-cx, -cy), multiply(scale(zoom), translate(cx, cy)))
    shine = Path(  # a crescent of light on the glass, up and to the back, off the face
        (
            ("M", cx + 0.8 * r, cy + 0.1 * r),
            ("C", cx + 0.76 * r, cy + 0.5 * r, cx + 0.46 * r, cy + 0.74 * r, cx + 0.1 * r, cy + 0.8 * r),
            ("C", cx + 0.42 * r, cy + 0.6 * r, cx + 0.62 * r, cy + 0.4 * r, cx + 0.8 * r, cy + 0.1 * r),
            ("Z",),
        )
    )
    ux, uy = math.cos(math.radians(-50)), math.sin(math.radians(-50))
    vx, vy = -uy, ux
    half = 0.17 * r
    along = [(1.0, 0.6), (2.1, 1.0), (2.1 + 0.17, 0.0), (2.1, -1.0), (1.0, -0.6)]  # (radii out, half widths)
    handle = Path.polygon([(cx + ux * a * r + vx * b * half, cy + uy * a * r + vy * b * half) for a, b in along])
    return [
        Shape(handle, fill=style.red, stroke=style.ink, stroke_mm=0.3),
        Group((Group(seen, larger), Shape(shine, fill=WHITE)), clip=lens),
        Shape(lens, stroke=style.ink, stroke_mm=0.14 * r),
    ]


__all__ = [
    "LABEL_PT",
    "MEDALLION_MM",
    "PATTERN_ONLY_MM",
    "BackArt",
    "BackBand",
    "BackColors",
    "BackZones",
    "back_colors",
    "back_face",
    "back_problems",
    "back_symbols",
    "back_title",
    "back_zones",
    "kind_labels",
]
