"""The tuck box: one sheet that cuts and folds into a box for the deck, laid out as drawing items in
mm like every other page (both renderers follow).

The net, printed side up, left to right: the back (its lid above it, the tuck flap above the
lid, the bottom panel below it), a side, the front (the thumb notch cut into its top edge, a
glue tab below it), the other side (a small flap above and below each side) and the glue strip.
Folded, the strip is glued inside the back and the tab under the bottom panel; the lid closes
over the top and its flap tucks inside the front. Every size comes from the card, the number of
cards and their thickness (:data:`CARD_MM`; :data:`SLEEVED` for cards in sleeves).
"""

from __future__ import annotations

from ..colors import BLACK, WHITE, Color, contrast, mix
from ..design import Design
from ..errors import RushmoreError
from ..frozen import frozen_dataclass
from ..geometry import KAPPA
from ..language.i18n import Catalogue, catalogue_for
from ..model import Deck
from ..sizes import Paper
from ..typeface import Font
from ..units import MM_PER_PT
from .backs import back_colors, back_face, back_title
from .cards import card_frame
from .fonts import name_font, text_width_mm
from .frame import CardKind
from .items import Anchor, Group, Page, Path, Rect, Shape, Text, multiply, rotate, translate
from .sheets import strip_items
from .text import wrap

MARGIN_MM = 8.0  # the cut line keeps this far from the paper's edge: the 2 mm bleed, then what home printers print
BLEED_MM = 2.0  # the ground runs this far past every cut
ROOM_MM = 1.5  # inside, beyond the deck, each way: the cards slide in and out (the paper's own thickness takes a third)
TUCK_MM = 15.0  # the flap that tucks inside the front (at most a third of the front's height)
TUCK_INSET_MM = 0.75  # the flap is this much narrower each side, so it slides in
GLUE_MM = 9.0  # the strip glued inside the back
TAPER_MM = 2.0  # small flaps, the strip and the tab narrow by this at their ends, clear of each fold
FLAP_MM = 20.0  # the small flaps at most this long (and never more than half the opening's width)
NOTCH_MM = 9.0  # the thumb notch's radius (at most a fifth of the front's width)
CUT_LINE_MM = 0.25
FOLD_LINE_MM = 0.2
FOLD_DASH_MM = (2.0, 1.5)
GAP_MM = 6.0  # between the net and the notes
NOTES_MIN_MM = 45.0  # the notes' column at least this wide
NOTES_PT = 8.0
HEADING_PT = 11.0
LINE = 1.3  # line height, per size


@frozen_dataclass
class Stock:
    """The cards as they go into the box: each card's thickness and what a sleeve adds.

    >>> CARD_STOCK.card_mm, SLEEVED.card_mm, SLEEVED.side_mm
    (0.3, 0.4, 2.0)
    """

    card_mm: float  # one card's thickness
    side_mm: float = 0.0  # added to the card's width and height (a sleeve's edges)
    sleeved: bool = False


CARD_STOCK = Stock(0.3)  # a card printed on 300 gsm stock
SLEEVED = Stock(0.4, 2.0, sleeved=True)  # in a sleeve: about 0.1 mm more a card, 2 mm more each way


@frozen_dataclass
class TuckBox:
    """A box's sizes in mm: inside (``width``, ``height``, ``depth``), and its flaps'.

    ``width`` and ``height`` are the card's as the design reads it (its back upright on the
    front), each with :data:`ROOM_MM`; ``depth`` the deck's thickness with the same room.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> box = tuck_box(design, generate_deck(design))
    >>> box.cards, box.width, box.height, box.depth, box.net_size
    (55, 90.4, 65.0, 18.0, (225.8, 116.0))
    """

    cards: int
    stock: Stock
    turned: bool  # the card a quarter turned on the front (a wide card's box, narrower)
    width: float  # the front and back panels, and the lid
    height: float  # every panel of the tube
    depth: float  # the sides, the lid's and the bottom's depth
    tuck: float  # the tuck flap's length
    flap: float  # the small top flaps' length
    bottom_flap: float  # the small bottom flaps' length
    tab: float  # the glue tab under the front
    glue: float  # the glue strip's width
    notch: float  # the thumb notch's radius

    @property
    def net_size(self) -> tuple[float, float]:
        """The net's width and height, cut line to cut line: the tube and its glue strip across,
        the tuck flap, lid, tube and bottom up.

        >>> box = TuckBox(55, CARD_STOCK, False, 64.5, 89.9, 17.5, 15.0, 20.0, 17.5, 16.5, 9.0, 9.0)
        >>> box.net_size
        (173.0, 139.9)
        """
        W, D = self.width, self.depth
        return round(2 * W + 2 * D + self.glue, 3), round(self.tuck + D + self.height + D, 3)

    @property
    def front_x(self) -> float:
        """Where the front panel starts, in net coordinates: after the back and one side.

        >>> TuckBox(55, CARD_STOCK, False, 64.5, 89.9, 17.5, 15.0, 20.0, 17.5, 16.5, 9.0, 9.0).front_x
        82.0
        """
        return self.width + self.depth


def tuck_box(design: Design, deck: Deck, stock: Stock = CARD_STOCK, turned: bool = False) -> TuckBox:
    """The box for ``deck``'s cards, every size from the card, the count and ``stock``; ``turned``:
    the cards stand a quarter turned (the front as tall as the card is wide).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> box = tuck_box(design, generate_deck(design), SLEEVED)
    >>> box.width, box.height, box.depth
    (92.4, 67.0, 23.5)
    """
    frame = card_frame(design)
    cards = len(deck.monuments) + len(deck.search)
    across, up = (frame.height_mm, frame.width_mm) if turned else (frame.width_mm, frame.height_mm)
    width = round(across + stock.side_mm + ROOM_MM, 3)
    height = round(up + stock.side_mm + ROOM_MM, 3)
    depth = round(cards * stock.card_mm + ROOM_MM, 3)
    half = width / 2 - 1.0  # two small flaps meet across the opening without overlapping
    return TuckBox(
        cards=cards,
        stock=stock,
        turned=turned,
        width=width,
        height=height,
        depth=depth,
        tuck=round(min(TUCK_MM, height / 3), 3),
        flap=round(min(FLAP_MM, half, depth + min(TUCK_MM, height / 3)), 3),
        bottom_flap=round(min(FLAP_MM, half, depth), 3),
        tab=round(max(depth - 1.0, depth * 0.6), 3),
        glue=GLUE_MM,
        notch=round(min(NOTCH_MM, width / 5), 3),
    )


class BoxTooLarge(RushmoreError):
    """The box's net does not fit the paper: a message with both sizes.

    >>> from rushmore_print.errors import RushmoreError
    >>> issubclass(BoxTooLarge, RushmoreError)
    True
    """


# ----------------------------------------------------------------------------- the net's outline


def _taper(x0: float, x1: float, y0: float, y1: float, k: float) -> list[tuple[float, float]]:
    """A flap on the edge from (x0, y0) to (x1, y0), reaching to y1, narrowed by ``k`` at its end
    (the two points after the edge's start, in order)."""
    inward = k if x1 > x0 else -k
    return [(x0 + inward, y1), (x1 - inward, y1), (x1, y0)]


def outline(box: TuckBox) -> Path:
    """The cut line: the whole net's outline, counter-clockwise from the bottom panel's lower left
    corner, in net coordinates (the back's lower left corner at 0, 0).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> outline(tuck_box(design, generate_deck(design))).commands[:3]
    (('M', 0.0, -18.0), ('L', 90.4, -18.0), ('L', 90.4, 0.0))
    """
    W, H, D, k = box.width, box.height, box.depth, TAPER_MM
    fx, s2 = box.front_x, box.front_x + W
    gx = s2 + D
    commands: list[tuple] = [("M", 0.0, -D), ("L", W, -D), ("L", W, 0.0)]
    # along the foot: the first side's flap, the front's tab, the other side's flap
    for x0, x1, reach in ((W, fx, box.bottom_flap), (fx, s2, box.tab), (s2, gx, box.bottom_flap)):
        commands += [("L", x, y) for x, y in _taper(x0, x1, 0.0, -reach, min(k, (x1 - x0) / 4))]
    # the glue strip, its ends cut back
    commands += [("L", gx + box.glue, k), ("L", gx + box.glue, H - k), ("L", gx, H)]
    # the other side's top flap, back towards the front
    commands += [("L", x, y) for x, y in _taper(gx, s2, H, H + box.flap, min(k, D / 4))]
    # the front's top edge and its thumb notch: a half circle cut into it
    r, centre, c = box.notch, fx + W / 2, box.notch * KAPPA
    commands += [
        ("L", centre + r, H),
        ("C", centre + r, H - c, centre + c, H - r, centre, H - r),
        ("C", centre - c, H - r, centre - r, H - c, centre - r, H),
        ("L", fx, H),
    ]
    commands += [("L", x, y) for x, y in _taper(fx, W, H, H + box.flap, min(k, D / 4))]
    # the lid's side, the tuck flap with rounded corners, the lid's other side, down the back
    top, m = H + D + box.tuck, TUCK_INSET_MM
    radius = min(5.0, box.tuck / 2, (W - 2 * m) / 4)
    q = radius * KAPPA
    commands += [
        ("L", W, H + D),
        ("L", W - m, H + D),
        ("L", W - m, top - radius),
        ("C", W - m, top - radius + q, W - m - radius + q, top, W - m - radius, top),
        ("L", m + radius, top),
        ("C", m + radius - q, top, m, top - radius + q, m, top - radius),
        ("L", m, H + D),
        ("L", 0.0, H + D),
        ("Z",),
    ]
    return Path(tuple(commands))


def folds(box: TuckBox) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
    """The fold lines, each from one end to the other, in net coordinates: the tube's four
    edges, the foot, the lid's and the small flaps' hinges, the tuck flap's.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> len(folds(tuck_box(design, generate_deck(design))))
    8
    """
    W, H, D = box.width, box.height, box.depth
    fx, s2 = box.front_x, box.front_x + W
    gx = s2 + D
    m = TUCK_INSET_MM
    return (
        *(((x, 0.0), (x, H)) for x in (W, fx, s2, gx)),  # back | side | front | side | strip
        ((0.0, 0.0), (gx, 0.0)),  # the bottom panel, the small flaps and the tab
        ((0.0, H), (fx, H)),  # the lid and the first side's flap
        ((s2, H), (gx, H)),  # the other side's flap
        ((m, H + D), (W - m, H + D)),  # the tuck flap
    )


def panels(box: TuckBox) -> dict[str, Rect]:
    """Each flat part of the net by name, in net coordinates (the check that the net closes
    compares neighbours: :func:`net_problems`).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> sorted(panels(tuck_box(design, generate_deck(design))))[:4]
    ['back', 'bottom', 'front', 'glue']
    """
    W, H, D = box.width, box.height, box.depth
    fx, s2 = box.front_x, box.front_x + W
    m = TUCK_INSET_MM
    return {
        "back": Rect(0.0, 0.0, W, H),
        "side": Rect(W, 0.0, D, H),
        "front": Rect(fx, 0.0, W, H),
        "other side": Rect(s2, 0.0, D, H),
        "glue": Rect(s2 + D, 0.0, box.glue, H),
        "lid": Rect(0.0, H, W, D),
        "tuck": Rect(m, H + D, W - 2 * m, box.tuck),
        "bottom": Rect(0.0, -D, W, D),
        "tab": Rect(fx, -box.tab, W, box.tab),
        "side top": Rect(W, H, D, box.flap),
        "other side top": Rect(s2, H, D, box.flap),
        "side foot": Rect(W, -box.bottom_flap, D, box.bottom_flap),
        "other side foot": Rect(s2, -box.bottom_flap, D, box.bottom_flap),
    }


def net_problems(box: TuckBox, cards: tuple[float, float, float]) -> list[str]:
    """What would keep the folded net from closing round a deck ``cards`` (width, height,
    thickness in mm) : [] for a good box. Each panel is checked against the neighbour it folds
    onto: the tube's faces and sides, the lid and the bottom over the opening, the flaps inside.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> box = tuck_box(design, generate_deck(design))
    >>> net_problems(box, (88.9, 63.5, 16.5)), net_problems(box, (92.0, 63.5, 16.5))
    ([], ['the deck (92.0 mm) is wider than the box (90.4 mm)'])
    """
    p = panels(box)
    width, height, thickness = cards
    found = []
    for what, inside, deck in (
        ("wider", box.width, width),
        ("taller", box.height, height),
        ("thicker", box.depth, thickness),
    ):
        if deck > inside - 0.5:  # half a millimetre at least, for the paper's own thickness
            found.append(f"the deck ({deck:.1f} mm) is {what} than the box ({inside:.1f} mm)")
    if not (p["back"].width == p["front"].width == p["lid"].width == p["bottom"].width):
        found.append("the lid or the bottom is not as wide as the front and back")
    if not (p["side"].width == p["other side"].width == p["lid"].height == p["bottom"].height):
        found.append("the sides are not as deep as the lid and the bottom")
    if not (p["back"].height == p["side"].height == p["front"].height == p["other side"].height):
        found.append("the tube's panels differ in height")
    if p["tuck"].width >= box.width or p["tuck"].height > box.height / 2:
        found.append("the tuck flap does not slide inside the front")
    if max(box.flap, box.bottom_flap) * 2 > box.width or p["tab"].height >= box.depth + 1e-9:
        found.append("the small flaps or the tab are longer than the opening they close")
    if box.glue >= box.width or 2 * box.notch >= box.width / 2 or box.notch >= box.tuck + box.height / 2:
        found.append("the glue strip or the thumb notch is too large for the front")
    return found


# ----------------------------------------------------------------------------- the page


@frozen_dataclass
class _Words:
    heading: str
    holds: str
    steps: tuple[str, ...]
    cut: str
    fold: str
    glue: str
    print_note: str
    contents: str


def _words(design: Design, deck: Deck, box: TuckBox, t: Catalogue) -> _Words:
    size = {"width": t.number(box.width), "height": t.number(box.height), "depth": t.number(box.depth)}
    if box.stock.sleeved:
        holds = t.ngettext(
            "Holds {cards} card in a sleeve ({thickness} mm a card): inside {width} × {height} × {depth} mm.",
            "Holds {cards} cards in sleeves ({thickness} mm a card): inside {width} × {height} × {depth} mm.",
            box.cards,
            cards=box.cards,
            thickness=t.number(box.stock.card_mm),
            **size,
        )
    else:
        holds = t.ngettext(
            "Holds {cards} card of 300 gsm stock ({thickness} mm a card): inside {width} × {height} × {depth} mm. "
            "For sleeved cards: rushmore build --sleeves.",
            "Holds {cards} cards of 300 gsm stock ({thickness} mm a card): inside {width} × {height} × {depth} mm. "
            "For sleeved cards: rushmore build --sleeves.",
            box.cards,
            cards=box.cards,
            thickness=t.number(box.stock.card_mm),
            **size,
        )
    steps = (
        t.gettext("Cut along the solid line, the thumb notch too."),
        t.gettext("Score every dashed line (a ruler and an empty ballpoint pen) and fold it, printed side out."),
        t.gettext("Glue the hatched strip inside the back: the box becomes a tube."),
        t.gettext(
            "Bottom: fold in the two small flaps and the hatched tab, glue the tab and press the bottom panel onto it."
        ),
        t.gettext(
            "Put the cards in, fold in the two small top flaps, close the lid and tuck its flap inside the front."
        ),
    )
    monuments = t.npgettext("subtitle", "{n} Monument", "{n} Monuments", len(deck.monuments))
    search = t.npgettext("subtitle", "{n} Search card", "{n} Search cards", len(deck.search))
    return _Words(
        heading=t.gettext("Tuck box"),
        holds=holds,
        steps=steps,
        cut=t.pgettext("tuck box", "cut"),
        fold=t.pgettext("tuck box", "fold"),
        glue=t.pgettext("tuck box", "glue"),
        print_note=t.gettext(
            "Print at {percent} (actual size, no ‘fit to page’): the bar must measure 50 mm.", percent=t.percent(1)
        ),
        contents=t.names([monuments, search]),
    )


def _front_path(box: TuckBox) -> Path:
    """The front panel with its thumb notch, as the art is clipped to it."""
    W, H, fx = box.width, box.height, box.front_x
    r, centre, c = box.notch, box.front_x + W / 2, box.notch * KAPPA
    return Path(
        (
            ("M", fx, 0.0),
            ("L", fx + W, 0.0),
            ("L", fx + W, H),
            ("L", centre + r, H),
            ("C", centre + r, H - c, centre + c, H - r, centre, H - r),
            ("C", centre - c, H - r, centre - r, H - c, centre - r, H),
            ("L", fx, H),
            ("Z",),
        )
    )


def _strip_path(box: TuckBox) -> Path:
    gx, g, H, k = box.front_x + box.width + box.depth, box.glue, box.height, TAPER_MM
    return Path.polygon([(gx, 0.0), (gx + g, k), (gx + g, H - k), (gx, H)])


def _tab_path(box: TuckBox) -> Path:
    fx, W, k = box.front_x, box.width, min(TAPER_MM, box.width / 4)
    return Path.polygon([(fx, 0.0), (fx + W, 0.0), (fx + W - k, -box.tab), (fx + k, -box.tab)])


def _on(ground: Color, design: Design) -> Color:
    """Whichever of the design's ink and paper stands out more on ``ground``."""
    return max((design.style.ink, design.style.paper), key=lambda c: contrast(c, ground))


def _fitted(text: str, font: Font, width: float, height: float, largest: float) -> float:
    """The largest size (pt, at most ``largest``) at which ``text`` is within ``width`` mm and its
    capitals within ``height`` mm."""
    by_width = largest * width / max(text_width_mm(text, largest, font), 1e-6)
    by_height = height / (0.72 * 0.3528)
    return round(min(largest, by_width, by_height), 2)


def _label(text: str, font: Font, size: float, color: Color, x: float, y: float, degrees: float) -> Group:
    """``text`` centred on (x, y), turned ``degrees`` (its capitals' middle on the point)."""
    drop = 0.36 * size * 0.3528  # half the capitals' height: the baseline below the middle
    return Group(
        (Text(0.0, -drop, text, size, color, font, Anchor.MIDDLE),), multiply(rotate(degrees), translate(x, y))
    )


def _hatched(path: Path, area: Rect, word: str, degrees: float) -> list:
    """A glue area: bare paper (glue holds on it), hatched, and its word."""
    lines = []
    step = 3.0
    reach = area.width + area.height
    offset = 0.0
    while offset < reach:
        x = area.x - area.height + offset
        lines.append(Shape(Path.line(x, area.y, x + area.height, area.top), stroke=HATCH, stroke_mm=0.2))
        offset += step
    size = _fitted(
        word,
        Font.BOLD,
        (area.height if degrees else area.width) * 0.6,
        (area.width if degrees else area.height) * 0.5,
        9.0,
    )
    centre = (area.x + area.width / 2, area.y + area.height / 2)
    return [
        Shape(path, fill=WHITE),
        Group(tuple(lines), clip=path),
        _label(word, Font.BOLD, size, HATCH_TEXT, centre[0], centre[1], degrees),
    ]


HATCH = mix(WHITE, BLACK, 0.45)
HATCH_TEXT = mix(WHITE, BLACK, 0.7)


def _back_art(design: Design, kind: CardKind, panel: Rect, clip: Path, turned: bool) -> Group:
    """A card back (its band, pattern, medallion and title, without the kind's name) centred on
    ``panel``: the box wears the cards' backs, the Monuments' on the front, the Search cards' on
    the back."""
    frame = card_frame(design, bleed_mm=BLEED_MM + ROOM_MM + 2.0)  # the band past the panel's room
    face = back_face(design, kind, frame, labelled=False)
    centre = translate(-frame.width_mm / 2, -frame.height_mm / 2)
    if turned:  # a quarter turn, its top to the box's left
        centre = multiply(centre, rotate(90))
    placed = multiply(centre, translate(panel.x + panel.width / 2, panel.y + panel.height / 2))
    return Group((Group(face.items, placed),), clip=clip)


def _net_items(design: Design, deck: Deck, box: TuckBox, words: _Words) -> tuple:
    """The net's drawing items in net coordinates: the ground into the bleed, the backs' art on
    the front and back, the title on the sides and the lid, the contents on the bottom, the glue
    areas, then the fold and cut lines on top."""
    p = panels(box)
    ground = back_colors(design.style, CardKind.MONUMENT).band
    marks = _on(ground, design)
    title, font = back_title(design), name_font(design)
    cut = outline(box)
    items: list = [Shape(cut, fill=ground, stroke=ground, stroke_mm=2 * BLEED_MM)]
    items.append(_back_art(design, CardKind.SEARCH, p["back"], Path.rect(p["back"]), box.turned))
    items.append(_back_art(design, CardKind.MONUMENT, p["front"], _front_path(box), box.turned))
    for name in ("side", "other side"):
        side = p[name]
        size = _fitted(title, font, side.height * 0.8, side.width * 0.5, 20.0)
        items.append(_label(title, font, size, marks, side.x + side.width / 2, side.y + side.height / 2, 90.0))
    lid = p["lid"]
    size = _fitted(title, font, lid.width * 0.8, lid.height * 0.5, 16.0)
    items.append(_label(title, font, size, marks, lid.x + lid.width / 2, lid.y + lid.height / 2, 180.0))
    bottom = p["bottom"]
    size = _fitted(words.contents, Font.REGULAR, bottom.width * 0.85, bottom.height * 0.4, 9.0)
    items.append(
        _label(
            words.contents, Font.REGULAR, size, marks, bottom.x + bottom.width / 2, bottom.y + bottom.height / 2, 0.0
        )
    )
    items += _hatched(_strip_path(box), p["glue"], words.glue, 90.0)
    items += _hatched(_tab_path(box), p["tab"], words.glue, 0.0)
    for (x0, y0), (x1, y1) in folds(box):
        items.append(Shape(Path.line(x0, y0, x1, y1), stroke=FOLD, stroke_mm=FOLD_LINE_MM, dash_mm=FOLD_DASH_MM))
    items.append(Shape(cut, stroke=marks, stroke_mm=CUT_LINE_MM))
    return tuple(items)


FOLD = mix(WHITE, BLACK, 0.4)


def _notes(design: Design, words: _Words, width: float) -> tuple[tuple, float]:
    """The notes beside or under the net, ``width`` mm wide, from y 0 down: the heading, what the
    box holds, the steps, the marks' key and the 50 mm ruler. Returns the items and their height."""
    ink, ground = design.style.ink, back_colors(design.style, CardKind.MONUMENT).band
    line = NOTES_PT * MM_PER_PT * LINE
    items: list = [Text(0.0, -HEADING_PT * MM_PER_PT, words.heading, HEADING_PT, ink, Font.BOLD)]
    y = -HEADING_PT * MM_PER_PT * LINE - 1.0

    def paragraph(text: str, indent: float = 0.0, lead: str = "") -> None:
        nonlocal y
        if lead:
            items.append(Text(0.0, y - NOTES_PT * MM_PER_PT, lead, NOTES_PT, ink, Font.BOLD))
        for runs in wrap(text, width - indent, NOTES_PT):
            y -= line
            x = indent
            for run, font in runs:
                items.append(Text(x, y + line - NOTES_PT * MM_PER_PT, run, NOTES_PT, ink, font))
                x += text_width_mm(run, NOTES_PT, font)
        y -= 1.2

    paragraph(words.holds)
    indent = text_width_mm("5.", NOTES_PT, Font.BOLD) + 1.5
    for number, step in enumerate(words.steps, start=1):
        paragraph(step, indent, f"{number}.")
    # the key: each mark on a swatch of the box's ground, its word after it
    x, swatch_w, swatch_h = 0.0, 10.0, 4.0
    y -= swatch_h
    marks = _on(ground, design)
    for word, kind in ((words.cut, "cut"), (words.fold, "fold"), (words.glue, "glue")):
        box = Rect(x, y, swatch_w, swatch_h)
        if kind == "glue":
            items += _hatched(Path.rect(box), box, "", 0.0)[:2]
            items.append(Shape(Path.rect(box), stroke=HATCH, stroke_mm=0.2))
        else:
            items.append(Shape(Path.rect(box), fill=ground))
            dash = FOLD_DASH_MM if kind == "fold" else None
            colour = FOLD if kind == "fold" else marks
            stroke = FOLD_LINE_MM if kind == "fold" else CUT_LINE_MM
            items.append(
                Shape(
                    Path.line(x, y + swatch_h / 2, x + swatch_w, y + swatch_h / 2),
                    stroke=colour,
                    stroke_mm=stroke,
                    dash_mm=dash,
                )
            )
        items.append(Text(x + swatch_w + 1.5, y + swatch_h / 2 - 0.36 * NOTES_PT * MM_PER_PT, word, NOTES_PT, ink))
        x += swatch_w + 1.5 + text_width_mm(word, NOTES_PT, Font.REGULAR) + 5.0
    y -= 2.0
    paragraph(words.print_note)
    y -= 3.0
    ruler = tuple(item for item in strip_items("", width) if not (isinstance(item, Text) and not item.text))
    items.append(Group(ruler, translate(0.0, y)))
    return tuple(items), -y


@frozen_dataclass
class BoxSheet:
    """The box as printed: its sizes, the page, and where the net's origin (the back's lower
    left corner) lies on the page.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.sizes import PAPERS
    >>> design = load_design()
    >>> sheet = box_sheet(design, generate_deck(design), PAPERS["a4"])
    >>> sheet.box.turned, (sheet.page.width_mm, sheet.page.height_mm), sheet.origin
    (False, (297.0, 210.0), (35.6, 104.0))
    """

    box: TuckBox
    page: Page
    origin: tuple[float, float]


def box_sheet(design: Design, deck: Deck, paper: Paper, stock: Stock = CARD_STOCK) -> BoxSheet:
    """The tuck box on one page of ``paper``: the cards as the design reads them, else a quarter
    turned; the page upright or turned; the notes under the net, else beside it: the first that
    fits. A :class:`BoxTooLarge` when none does (or when the net would not close round the deck).

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.sizes import PAPERS
    >>> design = load_design()
    >>> sheet = box_sheet(design, generate_deck(design), PAPERS["letter"])
    >>> sheet.box.turned, sheet.box.net_size, sheet.page.width_mm
    (False, (225.8, 116.0), 279.4)
    """
    t = catalogue_for(design)
    unclosed: list[str] = []
    for turned in (False, True):
        box = tuck_box(design, deck, stock, turned)
        problems = net_problems(box, _deck_size(design, deck, box))
        if problems:  # a net that would not close round the deck is no box: never printed
            unclosed += problems
            continue
        sheet = _placed(design, deck, box, _words(design, deck, box, t), paper)
        if sheet is not None:
            return sheet
    why = too_large(tuck_box(design, deck, stock), tuck_box(design, deck, stock, True), paper)
    raise BoxTooLarge("; ".join([why, *dict.fromkeys(unclosed)]))


def _deck_size(design: Design, deck: Deck, box: TuckBox) -> tuple[float, float, float]:
    """The deck as it stands in ``box``: the card's width and height across its front (with a
    sleeve's edges), and the deck's thickness, in mm."""
    frame = card_frame(design)
    across, up = (frame.height_mm, frame.width_mm) if box.turned else (frame.width_mm, frame.height_mm)
    return across + box.stock.side_mm, up + box.stock.side_mm, box.cards * box.stock.card_mm


def box_page(design: Design, deck: Deck, paper: Paper, stock: Stock = CARD_STOCK) -> Page:
    """The tuck box's page (:func:`box_sheet`).

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.sizes import PAPERS
    >>> design = load_design()
    >>> page = box_page(design, generate_deck(design), PAPERS["letter"])
    >>> page.width_mm, page.height_mm
    (279.4, 215.9)
    """
    return box_sheet(design, deck, paper, stock).page


def _placed(design: Design, deck: Deck, box: TuckBox, words: _Words, paper: Paper) -> BoxSheet | None:
    """``box`` on ``paper`` upright or turned, its notes under the net or beside it: the first
    that fits, or None."""
    net_w, net_h = box.net_size
    bottom = -box.depth  # the net's lowest point, in net coordinates
    for page_w, page_h in ((paper.width_mm, paper.height_mm), (paper.height_mm, paper.width_mm)):
        room_w, room_h = page_w - 2 * MARGIN_MM, page_h - 2 * MARGIN_MM
        if net_w > room_w + 1e-9 or net_h > room_h + 1e-9:
            continue
        notes, notes_h = _notes(design, words, net_w)
        if net_h + GAP_MM + notes_h <= room_h:  # under the net, the net at the top
            origin = (round((page_w - net_w) / 2, 3), round(page_h - MARGIN_MM - net_h - bottom, 3))
            notes_at = translate(origin[0], page_h - MARGIN_MM - net_h - GAP_MM)
        else:
            beside = room_w - net_w - GAP_MM
            if beside < NOTES_MIN_MM:
                continue
            notes, notes_h = _notes(design, words, beside)
            if notes_h > room_h:
                continue
            origin = (MARGIN_MM, round((page_h - net_h) / 2 - bottom, 3))
            notes_at = translate(MARGIN_MM + net_w + GAP_MM, (page_h + net_h) / 2)
        net = _net_items(design, deck, box, words)
        page = Page(page_w, page_h, (Group(net, translate(*origin)), Group(notes, notes_at)))
        return BoxSheet(box, page, origin)
    return None


def too_large(box: TuckBox, turned: TuckBox, paper: Paper) -> str:
    """Why neither ``box`` nor the ``turned`` one fits ``paper``, in numbers.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.sizes import PAPERS
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> print(too_large(tuck_box(design, deck), tuck_box(design, deck, turned=True), PAPERS["a4"]))
    ... # doctest: +NORMALIZE_WHITESPACE
    the tuck box for 55 cards (90.4 x 65.0 x 18.0 mm inside) does not fit A4 paper: its net is 226 x 116 mm
    (175 x 141 mm with the cards turned) with its notes, and A4 holds 194 x 281 mm inside 8 mm margins
    """
    return (
        f"the tuck box for {box.cards} cards ({box.width:.1f} x {box.height:.1f} x {box.depth:.1f} mm inside) "
        f"does not fit {paper.name} paper: its net is {box.net_size[0]:.0f} x {box.net_size[1]:.0f} mm "
        f"({turned.net_size[0]:.0f} x {turned.net_size[1]:.0f} mm with the cards turned) with its notes, "
        f"and {paper.name} holds {paper.width_mm - 2 * MARGIN_MM:.0f} x {paper.height_mm - 2 * MARGIN_MM:.0f} mm "
        f"inside {MARGIN_MM:.0f} mm margins"
    )


def box_fits(design: Design, deck: Deck, paper: Paper, stock: Stock = CARD_STOCK) -> str | None:
    """None when the tuck box fits ``paper``, else why not (the words :func:`box_page` raises).

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.sizes import PAPERS
    >>> design = load_design()
    >>> box_fits(design, generate_deck(design), PAPERS["letter"]) is None
    True
    """
    try:
        box_page(design, deck, paper, stock)
    except BoxTooLarge as exc:
        return str(exc)
    return None


__all__ = [
    "CARD_STOCK",
    "SLEEVED",
    "BoxSheet",
    "BoxTooLarge",
    "Stock",
    "TuckBox",
    "box_fits",
    "box_page",
    "box_sheet",
    "folds",
    "net_problems",
    "outline",
    "panels",
    "too_large",
    "tuck_box",
]
