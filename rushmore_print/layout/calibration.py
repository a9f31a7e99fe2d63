"""The duplex calibration sheet: vernier scales that read a printer's front-to-back drift.

Printed on both sides and held to the light, the sheet shows each back line through the paper.
Each axis has a main scale on the front (a line every ``MAIN_PITCH`` mm, its numbered lines the
whole part) and a vernier on the back (a line every ``VERNIER_PITCH`` mm around an arrow, each
line numbered with the fine part it reads). Where a back line lines up with a front line, its
number plus the front number nearest the arrow is how far the back landed from where it should,
seen from the front (right and up positive), to ``STEP_MM``; the table on the front turns the two
readings into the ``--back-offset X,Y`` that undoes it, for the sheet's ``--flip``.

Why a vernier with a long pitch: a 1 mm scale with a 0.75 mm vernier repeats its coincidences every
3 mm, so it needs a separate coarse reading; 4 mm against 3.75 mm gives one coincidence in the
vernier's 16 steps (4 mm), and the coarse part is only needed past +-2 mm, as a numbered front line.

The back's items are laid out as seen from the front, then mirrored across the flip axis exactly
as ``sheets.plan_sheet`` mirrors card backs; so the back's numbers read the right way round
through the paper.
"""

from __future__ import annotations

from ..frozen import frozen_dataclass
from ..language.i18n import Catalogue, catalogue
from ..sizes import Paper
from ..units import MM_PER_PT
from .fonts import Font, text_width_mm
from .items import BLACK, Anchor, Group, Matrix, Page, Path, Shape, Text, multiply, rgb, rotate, translate
from .sheets import MARGIN_MM, Flip, strip_items
from .text import wrap

MAIN_PITCH = 4.0  # front lines
VERNIER_PITCH = 3.75  # back lines: one STEP_MM shorter, so each step along the back reads a quarter mm
STEP_MM = MAIN_PITCH - VERNIER_PITCH
FINE_STEPS = 8  # back lines left of (below) the arrow, one fewer right of it: -2 to +1.75 mm
COARSE = (-8, -4, 0, 4, 8)  # the numbered front lines: the arrow within 2 mm of one of them
MAIN_LINES = 11  # front lines each side of 0: the vernier's far lines still meet one at 8 mm drift
LINE_MM = 0.15  # thin enough that a quarter millimetre shows, thick enough for a home printer
MAIN_TICK = (0.0, 6.0)  # front lines across the scale: from, to (mm from the scale's base line)
NUMBERED_TICK = 8.0  # numbered front lines reach further
ZERO_TICK = 10.0
BACK_TICK = (-7.0, 2.5)  # back lines: they overlap the front lines' feet by 2.5 mm
ARROW_TICK = -10.0  # the arrow's line reaches further down, its head at the end
GREY = rgb("#555555")
LABEL_PT = 5.5
TEXT_PT = 8.0
NUMBER_PT = 6.5  # the front numbers, 4 mm apart
NOTE_PT = 7.0  # the notes under the table


@frozen_dataclass
class Scale:
    """One axis's scale: ``horizontal`` measures left-right drift; ``origin`` is the front's 0 line
    where it meets the base line (page mm), the back's arrow lands there when nothing drifts.

    >>> from rushmore_print.sizes import PAPERS
    >>> across, down = scales(PAPERS["a4"])
    >>> across.horizontal, across.origin, down.horizontal
    (True, (105.0, 215.0), False)
    """

    horizontal: bool
    origin: tuple[float, float]

    def point(self, along: float, across: float) -> tuple[float, float]:
        """Page mm of a point ``along`` the scale's axis and ``across`` it (towards the front lines).

        >>> Scale(True, (105.0, 215.0)).point(4.0, 2.0), Scale(False, (52.0, 117.5)).point(4.0, 2.0)
        ((109.0, 217.0), (54.0, 121.5))
        """
        x, y = self.origin
        return (x + along, y + across) if self.horizontal else (x + across, y + along)

    def line(self, along: float, across: tuple[float, float]) -> Shape:
        """A thin black line at ``along`` on the scale, from ``across[0]`` to ``across[1]`` across it.

        >>> Scale(True, (105.0, 215.0)).line(4.0, (0.0, 6.0)).path.commands
        (('M', 109.0, 215.0), ('L', 109.0, 221.0))
        """
        a, b = (self.point(along, v) for v in across)
        return Shape(Path.line(*a, *b), stroke=BLACK, stroke_mm=LINE_MM)


# How the two readings (drift seen from the front, right and up positive) become --back-offset X,Y:
# the offset moves the backs in the back page's own coordinates (sheets.plan_sheet adds it after
# mirroring), and turning the sheet over mirrors x for a long-edge flip, y for a short-edge one.
OFFSET_SIGNS = {Flip.LONG: (1, -1), Flip.SHORT: (-1, 1)}


def back_offset_for(flip: Flip, horizontal: float, vertical: float) -> tuple[float, float]:
    """The ``--back-offset`` that undoes the drift the two scales read (what the sheet's table says).

    >>> back_offset_for(Flip.LONG, 1.5, 0.5), back_offset_for(Flip.SHORT, 1.5, 0.5)
    ((1.5, -0.5), (-1.5, 0.5))
    """
    sx, sy = OFFSET_SIGNS[flip]
    return (sx * horizontal + 0.0, sy * vertical + 0.0)  # + 0.0: never a -0.0


def mirror(paper: Paper, flip: Flip) -> Matrix:
    """Front-view page mm to the back page's mm: the axis ``sheets.plan_sheet`` mirrors backs across.

    >>> from rushmore_print.sizes import PAPERS
    >>> mirror(PAPERS["a4"], Flip.LONG), mirror(PAPERS["a4"], Flip.SHORT)
    ((-1.0, 0.0, 0.0, 1.0, 210.0, 0.0), (1.0, 0.0, 0.0, -1.0, 0.0, 297.0))
    """
    if flip is Flip.LONG:
        return (-1.0, 0.0, 0.0, 1.0, paper.width_mm, 0.0)
    return (1.0, 0.0, 0.0, -1.0, 0.0, paper.height_mm)


def scales(paper: Paper) -> tuple[Scale, Scale]:
    """Where the two scales go: the horizontal one under the instructions, the vertical one
    below it on the left, the table beside it.

    >>> from rushmore_print.sizes import PAPERS
    >>> [scale.origin for scale in scales(PAPERS["letter"])]
    [(107.95, 197.39999999999998), (52.0, 108.69999999999999)]
    """
    W, H = paper.width_mm, paper.height_mm
    top = H - 82.0
    return Scale(True, (W / 2, top)), Scale(False, (52.0, (top - 30.0 + 50.0) / 2))


def _signed(value: float) -> str:
    """A reading as printed: ``+1.25``, ``-0.5``, ``0``. With a decimal point in every language: the
    readings are typed into ``--back-offset X,Y``, where a comma separates the two."""
    text = f"{abs(value):.2f}".rstrip("0").rstrip(".")
    return "0" if value == 0 else ("+" if value > 0 else "\u2212") + text


def _front_scale(scale: Scale) -> list:
    items: list = [Shape(Path.line(*scale.point(-MAIN_LINES * MAIN_PITCH, 0), *scale.point(MAIN_LINES * MAIN_PITCH, 0)),
                         stroke=BLACK, stroke_mm=LINE_MM)]  # fmt: skip
    for m in range(-MAIN_LINES, MAIN_LINES + 1):
        along = m * MAIN_PITCH
        numbered = round(along) in COARSE
        top = ZERO_TICK if m == 0 else NUMBERED_TICK if numbered else MAIN_TICK[1]
        items.append(scale.line(along, (MAIN_TICK[0], top)))
        if numbered:
            x, y = scale.point(along, top + 1.0)
            if scale.horizontal:
                items.append(Text(x, y, _signed(along), NUMBER_PT, BLACK, Font.BOLD, Anchor.MIDDLE))
            else:
                items.append(Text(x, y - 0.35 * NUMBER_PT * MM_PER_PT, _signed(along), NUMBER_PT, BLACK, Font.BOLD))
    return items


def _back_scale(scale: Scale) -> list:
    """The vernier as seen from the front (the caller mirrors it onto the back page)."""
    items: list = []
    # 16 lines, one period of the vernier: never two pairs lining up at once.
    for k in range(-FINE_STEPS, FINE_STEPS):
        along = k * VERNIER_PITCH
        low = ARROW_TICK if k == 0 else BACK_TICK[0]
        items.append(scale.line(along, (low, BACK_TICK[1])))
        label = _signed(k * STEP_MM)
        x, y = scale.point(along, low - 0.8)
        if scale.horizontal:  # turned a quarter: the numbers are 3.75 mm apart
            size_mm = LABEL_PT * MM_PER_PT
            text = Text(0.0, 0.0, label, LABEL_PT, BLACK, Font.BOLD, Anchor.END)
            items.append(Group((text,), multiply(rotate(90), translate(x + 0.36 * size_mm, y))))
        else:
            items.append(Text(x, y - 0.35 * LABEL_PT * MM_PER_PT, label, LABEL_PT, BLACK, Font.BOLD, Anchor.END))
    # The arrow: a head at the end of the 0 line, pointing at the front scale.
    tip = scale.point(0, ARROW_TICK - 0.2)
    left, right = scale.point(-1.0, ARROW_TICK - 2.6), scale.point(1.0, ARROW_TICK - 2.6)
    items.append(Shape(Path.polygon([tip, left, right]), fill=BLACK))
    return items


def _edge(t: Catalogue, flip: Flip) -> str:
    """The edge the sheet flips on, as the sheet's sentences say it (``--flip`` keeps its own words)."""
    return t.pgettext("the paper's edge", "long") if flip is Flip.LONG else t.pgettext("the paper's edge", "short")


def fitted(text: str, size_pt: float, font: Font, width_mm: float, smallest_pt: float = 5.0) -> float:
    """``size_pt``, or the largest quarter point below it at which ``text`` fits ``width_mm`` (a
    longer language's sentence is set smaller, never past the page).

    >>> fitted("short", 8.0, Font.REGULAR, 100.0), fitted("x" * 200, 8.0, Font.REGULAR, 100.0) < 8.0
    (8.0, True)
    """
    while size_pt > smallest_pt and text_width_mm(text, size_pt, font) > width_mm:
        size_pt -= 0.25
    return size_pt


def _front_text(paper: Paper, flip: Flip, t: Catalogue) -> list:
    W, H = paper.width_mm, paper.height_mm
    left = MARGIN_MM + 10.0
    edge = _edge(t, flip)
    title = t.gettext("Duplex calibration sheet: {paper}, flip on the {edge} edge", paper=paper.name, edge=edge)
    lines = [
        (t.gettext("1. Print this file on both sides of one sheet, at {percent} (actual size), flipping on the "
                   "{edge} edge,", percent=t.percent(1), edge=edge), Font.REGULAR),
        (t.gettext("    with the printer settings you will print the cards with. The bar at the foot must "
                   "measure 50 mm."), Font.REGULAR),
        (t.gettext("2. Hold the sheet up to a window or a lamp, this side towards you: the back's lines show "
                   "through."), Font.REGULAR),
        (t.gettext("3. On each scale find the back line that lines up best with a front line; read its (back) "
                   "number."), Font.REGULAR),
        (t.gettext("    Add the front number nearest the back's arrow (halfway between two: the larger): the "
                   "reading, in mm."), Font.REGULAR),
        (t.gettext("    Example: arrow nearest {front}, back line {back} lines up: the reading is {reading}.",
                   front=_signed(4.0), back=_signed(-1.25), reading=_signed(2.75)), Font.ITALIC),
        (t.gettext("4. Turn the two readings into --back-offset X,Y with the table, and build with it."),
         Font.REGULAR),
    ]  # fmt: skip
    width = W - left - MARGIN_MM
    size = min(fitted(text, TEXT_PT, font, width) for text, font in lines)  # one size for the whole list
    items: list = [Text(left, H - MARGIN_MM - 12.0, title, fitted(title, 14.0, Font.BOLD, width), BLACK, Font.BOLD)]
    y = H - MARGIN_MM - 12.0 - 14.0 * MM_PER_PT * 1.45 - TEXT_PT * MM_PER_PT * 1.45
    for text, font in lines:
        items.append(Text(left, y, text, size, BLACK, font))
        y -= TEXT_PT * MM_PER_PT * 1.45  # the same lines as in English: a smaller size only narrows them
    horizontal, vertical = scales(paper)
    x, y = horizontal.point(0, ZERO_TICK + 7.0)
    label = t.gettext("Horizontal scale: H (right of where it should be: +)")
    items.append(Text(x, y, label, fitted(label, TEXT_PT, Font.BOLD, W - 2 * MARGIN_MM), BLACK, Font.BOLD,
                      Anchor.MIDDLE))  # fmt: skip
    x, y = vertical.point(MAIN_LINES * MAIN_PITCH + 3.0, -20.0)
    label = t.gettext("Vertical scale: V (up: +)")
    items.append(Text(x, y, label, fitted(label, TEXT_PT, Font.BOLD, 2 * (x - MARGIN_MM)), BLACK, Font.BOLD))
    return items


def offset_text(offset: tuple[float, float]) -> str:
    """``--back-offset``'s value as typed: ``1.25,-0.5`` (a decimal point in every language).

    >>> offset_text((1.25, -0.5)), offset_text((-0.0, 0.0))
    ('1.25,-0.5', '0,0')
    """
    return ",".join(f"{part + 0.0:g}" for part in offset)  # + 0.0: never a -0


def _sum(printed: float, sign: int, reading: str) -> str:
    """One cell of the table's "pass" column: the sheet's own offset plus the signed reading."""
    signed = f"{'+' if sign > 0 else chr(0x2212)}{reading}"
    return signed if printed == 0 else f"{printed:g} {signed[0]} {reading}"


def _table(paper: Paper, flip: Flip, t: Catalogue, offset: tuple[float, float]) -> list:
    """What to pass for the two readings, with the sign this flip needs and the offset the sheet's
    backs were printed with (so the X,Y it gives is the whole offset), and worked examples."""
    _, vertical = scales(paper)
    x0 = vertical.origin[0] + 38.0
    y = vertical.origin[1] + 30.0
    sx, sy = OFFSET_SIGNS[flip]
    edge = flip.value  # the option's own word, as typed
    rows = [
        (t.pgettext("calibration table", "scale"), t.pgettext("calibration table", "reads"),
         t.pgettext("calibration table", "pass")),
        (t.pgettext("calibration table", "horizontal"), "H", f"X = {_sum(offset[0], sx, 'H')}"),
        (t.pgettext("calibration table", "vertical"), "V", f"Y = {_sum(offset[1], sy, 'V')}"),
    ]  # fmt: skip
    columns = (0.0, 26.0, 40.0)
    room = paper.width_mm - MARGIN_MM - x0
    heading = t.gettext("--back-offset X,Y for --flip {edge}", edge=edge)
    moved = offset != (0.0, 0.0)
    items: list = [Text(x0, y + (10.0 if moved else 8.0), heading, fitted(heading, 10.0, Font.BOLD, room), BLACK,
                        Font.BOLD)]  # fmt: skip
    if moved:
        printed = t.gettext("This sheet's backs were printed with --back-offset {offset}.", offset=offset_text(offset))
        items.append(Text(x0, y + 5.0, printed, fitted(printed, 7.0, Font.ITALIC, room), GREY, Font.ITALIC))
    for i, row in enumerate(rows):
        font = Font.BOLD if i == 0 else Font.REGULAR
        for column, next_column, cell in zip(columns, (*columns[1:], room), row):
            items.append(Text(x0 + column, y - i * 5.0, cell, fitted(cell, 9.0, font, next_column - column - 1.0),
                              BLACK, font))  # fmt: skip
    width = 62.0
    items.append(Shape(Path.line(x0, y - 1.6, x0 + width, y - 1.6), stroke=BLACK, stroke_mm=0.2))
    y -= len(rows) * 5.0 + 4.0
    items.append(Text(x0, y, "H      V      --back-offset", 9.0, BLACK, Font.BOLD))
    for h, v in ((1.5, 0.5), (-2.75, 0.0), (0.25, -3.0), (0.0, 0.0)):
        y -= 5.0
        x, yy = back_offset_for(flip, h, v)
        items.append(Text(x0, y, _signed(h), 9.0, BLACK))
        items.append(Text(x0 + 11.5, y, _signed(v), 9.0, BLACK))
        items.append(Text(x0 + 23.0, y, offset_text((offset[0] + x, offset[1] + yy)), 9.0, BLACK, Font.BOLD))
    y -= 9.0
    for line in (
        f"rushmore build --layout duplex --flip {edge} --back-offset X,Y",
        f"rushmore impose IMAGES... --flip {edge} --back-offset X,Y",
    ):
        items.append(Text(x0, y, line, 8.0, BLACK, Font.BOLD))
        y -= 4.5
    y -= 2.0
    check = t.gettext("To check, make the sheet again with the offset and print it the same way: both scales "
                      "read 0. Its table adds the offset it was printed with, so the X,Y it gives is always the "
                      "whole offset.")  # fmt: skip
    far = t.gettext("No line lines up: the drift is past {mm} mm. Measure H and V with a ruler, from the front's "
                    "0 line to the back's arrow on each scale, make the check sheet with the X,Y the table gives "
                    "for them and read what is left.", mm=max(COARSE) + 2)  # fmt: skip
    command = f"rushmore calibrate --flip {edge} --back-offset X,Y"
    for paragraph, font, colour in ((check, Font.ITALIC, GREY), (command, Font.BOLD, BLACK), (far, Font.ITALIC, GREY)):
        for runs in wrap(paragraph, room, NOTE_PT, font):
            items.append(Text(x0, y, "".join(text for text, _ in runs), NOTE_PT, colour, font))
            y -= NOTE_PT * MM_PER_PT * 1.45
    return items


def calibration_pages(
    paper: Paper, flip: Flip = Flip.LONG, words: Catalogue | None = None, back_offset: tuple[float, float] = (0.0, 0.0)
) -> tuple[Page, Page]:
    """The front and the back of the calibration sheet for ``paper`` and ``flip``, its words for the
    printer in ``words``'s language (English when None). ``back_offset`` moves the back's scales
    as ``--back-offset`` moves card backs (``sheets.plan_sheet``): the check round, printed as the
    cards will be, reads what is left of the drift, and its table adds the offset back in.

    >>> from rushmore_print.sizes import PAPERS
    >>> front, back = calibration_pages(PAPERS["a4"], words=catalogue("de"))
    >>> front.width_mm, back.height_mm, front.items[0].text
    (210.0, 297.0, 'Duplex-Kalibrierbogen: A4, an der langen Kante wenden')
    >>> calibration_pages(PAPERS["a4"], back_offset=(1.0, -2.0))[1].items[0].matrix
    (1.0, 0.0, 0.0, 1.0, 1.0, -2.0)
    """
    t = words or catalogue()
    W, H = paper.width_mm, paper.height_mm
    horizontal, vertical = scales(paper)
    edge = _edge(t, flip)
    note = t.gettext("Print at {percent} (actual size, no ‘fit to page’): the bar must measure 50 mm.",
                     percent=t.percent(1)) + "  " + t.gettext("Duplex calibration, {edge} edge", edge=edge)  # fmt: skip
    note += f"  --back-offset {offset_text(back_offset)}"
    front: list = _front_text(paper, flip, t) + _front_scale(horizontal) + _front_scale(vertical)
    front += _table(paper, flip, t, back_offset)
    side = t.pgettext("the side of the sheet", "front"), t.pgettext("the side of the sheet", "back")
    front.append(Group(strip_items(f"{note} | {side[0]}", W - 2 * MARGIN_MM), translate(MARGIN_MM, MARGIN_MM)))
    seen = _back_scale(horizontal) + _back_scale(vertical)
    label = t.gettext("Back of the duplex calibration sheet: hold it up to the light and read it from the other side.")
    size = fitted(label, TEXT_PT, Font.ITALIC, W - 2 * MARGIN_MM)
    back: list = [
        # The offset after the mirror, in the back page's own mm, as plan_sheet moves card backs.
        Group((Group(tuple(seen), mirror(paper, flip)),), translate(*back_offset)),
        # Where nothing is on the front, so neither shows through the other's text.
        Text(W / 2, 40.0, label, size, GREY, Font.ITALIC, Anchor.MIDDLE),
        Group(strip_items(f"{note} | {side[1]}", W - 2 * MARGIN_MM), translate(MARGIN_MM, H - MARGIN_MM - 4.0)),
    ]
    return Page(W, H, tuple(front)), Page(W, H, tuple(back))


__all__ = [
    "GREY",
    "LABEL_PT",
    "MAIN_TICK",
    "Scale",
    "back_offset_for",
    "calibration_pages",
    "fitted",
    "mirror",
    "offset_text",
    "scales",
]
