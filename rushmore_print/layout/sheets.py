"""Sheets for home printing: cards in a grid (butted, or with a gap the bleed fills), bleed
around the block, crop marks in the margin, a 50 mm ruler and the "print at 100%" note; duplex
and gutter-fold backs.

All geometry is in millimetres on the page, y up. The card count per sheet is whatever fits
inside 5 mm page margins with the bleed, trying the card both upright and turned a quarter.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from ..errors import BuildError
from ..frozen import frozen_dataclass
from ..language.i18n import Catalogue, catalogue
from ..sizes import PAPERS as PAPERS  # re-exported: the sheet engine's papers
from ..sizes import Flip as Flip  # re-exported: the sheet engine's vocabulary
from ..sizes import Paper
from ..sizes import SheetLayout as SheetLayout
from .fallback import fall_back
from .fonts import Font, text_width_mm
from .frame import CardFrame, Face
from .items import BLACK, Anchor, Group, Matrix, Page, Path, Rect, Shape, Text, multiply, rgb, rotate, translate
from .lazy import Lazy

MARGIN_MM = 5.0
FOLD_GAP_MM = 5.0  # gutter-fold: bleed edge to fold line, at least
MARK_GAP_MM = 1.0  # crop marks start this far outside the bleed
MARK_LENGTH_MM = 4.0
MARK_WIDTH_MM = 0.2
STRIP_MM = 4.0  # height of the ruler-and-note strip
RULER_MM = 50.0
FURNITURE_MM = MARK_GAP_MM + MARK_LENGTH_MM + STRIP_MM  # room a band needs for marks and strip
GREY = rgb("#555555")


@frozen_dataclass
class Grid:
    """How cards sit on a sheet: columns and rows, the quarter turn if any, each card's trim size as
    placed, and the gap between neighbouring trims.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> from rushmore_print.sizes import PAPERS
    >>> frame = card_frame(load_design())
    >>> plan_sheet(PAPERS["a4"], SheetLayout.DUPLEX, frame).grid
    Grid(cols=3, rows=3, rotation=90, cell_w=63.5, cell_h=88.9, gap=0.0)
    """

    cols: int
    rows: int
    rotation: int  # 0, or 90 when the card is turned a quarter on the sheet
    cell_w: float  # trim size as placed
    cell_h: float
    gap: float = 0.0  # between neighbouring cards' trims

    @property
    def count(self) -> int:
        """The cards a sheet holds.

        >>> Grid(cols=3, rows=3, rotation=90, cell_w=63.5, cell_h=88.9).count
        9
        """
        return self.cols * self.rows

    def block(self, bleed: float) -> tuple[float, float]:
        """Width and height of the block of cards with the bleed around it.

        >>> [round(v, 1) for v in Grid(3, 3, 90, 63.5, 88.9).block(bleed=3.0)]
        [196.5, 272.7]
        """
        return (
            self.cols * self.cell_w + (self.cols - 1) * self.gap + 2 * bleed,
            self.rows * self.cell_h + (self.rows - 1) * self.gap + 2 * bleed,
        )

    def x_of(self, col: int) -> float:
        """A column's trim edge from the block's trim edge.

        >>> Grid(3, 3, 90, 63.5, 88.9, gap=2.0).x_of(1)
        65.5
        """
        return col * (self.cell_w + self.gap)

    def y_of(self, row: int) -> float:
        """A row's trim edge from the block's trim edge (row 0 at the bottom).

        >>> round(Grid(3, 3, 90, 63.5, 88.9).y_of(2), 1)
        177.8
        """
        return row * (self.cell_h + self.gap)


def fit_grid(avail_w: float, avail_h: float, frame: CardFrame, gap: float = 0.0) -> Grid:
    """The most cards that fit in ``avail_w`` x ``avail_h`` with the bleed around the block.

    >>> from rushmore_print.layout.frame import CardFrame
    >>> fit_grid(200, 287, CardFrame(88.9, 63.5, 3)).count   # landscape poker on A4 portrait
    9
    >>> fit_grid(200, 287, CardFrame(88.9, 63.5, 3), gap=4).count   # spaced 4 mm apart
    8
    """
    best: Grid | None = None
    for rotation in (0, 90):
        w, h = (frame.width_mm, frame.height_mm) if rotation == 0 else (frame.height_mm, frame.width_mm)
        cols = max(0, math.floor((avail_w - 2 * frame.bleed_mm + gap) / (w + gap) + 1e-9))
        rows = max(0, math.floor((avail_h - 2 * frame.bleed_mm + gap) / (h + gap) + 1e-9))
        grid = Grid(cols, rows, rotation, w, h, gap)
        if best is None or grid.count > best.count:
            best = grid
    if best is None or best.count == 0:
        raise ValueError("the card is larger than the printable area of the paper")
    return best


@frozen_dataclass
class Slot:
    """Where one card goes: its trim on the page, its turn, and the clip (trim plus outer bleed).

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> from rushmore_print.sizes import PAPERS
    >>> frame = card_frame(load_design())
    >>> slot = plan_sheet(PAPERS["a4"], SheetLayout.DUPLEX, frame).fronts[0]
    >>> slot.rotation, round(slot.trim.x, 2), round(slot.clip.x, 2)
    (90, 9.75, 6.75)
    """

    trim: Rect
    rotation: int
    clip: Rect


@frozen_dataclass
class SheetPlan:
    """Every position on one sheet: the grid, each front's slot and (duplex and gutter-fold) its
    back's, the crop marks on each side, where the ruler strip goes, and the fold line.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> from rushmore_print.sizes import PAPERS
    >>> frame = card_frame(load_design())
    >>> plan = plan_sheet(PAPERS["a4"], SheetLayout.GUTTERFOLD, frame)
    >>> plan.per_sheet, plan.fold_y, len(plan.backs)
    (4, 148.5, 4)
    """

    paper: Paper
    layout: SheetLayout
    grid: Grid
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]  # backs[i] is the back of fronts[i]; on the next page for duplex
    front_marks: tuple[Path, ...]
    back_marks: tuple[Path, ...]
    front_strip: Matrix  # where the ruler-and-note strip goes (local x along its length)
    back_strip: Matrix
    strip_length: float
    fold_y: float | None = None  # gutter-fold: the fold line across the sheet (y), or
    fold_x: float | None = None  # down it (x)
    back_axis: tuple[float | None, float | None] | None = None  # what the backs mirror across
    back_offset: tuple[float, float] = (0.0, 0.0)

    @property
    def per_sheet(self) -> int:
        """The cards one sheet holds (fronts; their backs are on the next page, or below the fold).

        >>> from rushmore_print import load_design
        >>> from rushmore_print.layout.cards import card_frame
        >>> from rushmore_print.sizes import PAPERS
        >>> frame = card_frame(load_design())
        >>> plan_sheet(PAPERS["a4"], SheetLayout.FRONTS, frame).per_sheet
        9
        """
        return len(self.fronts)

    def holding(self, count: int) -> SheetPlan:
        """This plan for a sheet of only ``count`` cards (a deck's last sheet): a card beside an
        empty place bleeds on that side as on the block's outside, because the cut there runs
        through that card alone, and a cut a hair off would leave a white sliver on its edge.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.layout.cards import card_frame
        >>> from rushmore_print.sizes import PAPERS
        >>> plan = plan_sheet(PAPERS["a4"], SheetLayout.DUPLEX, card_frame(load_design()))
        >>> last = plan.holding(7)   # 16 Monuments: 9, then 7
        >>> [round(s.clip.right - s.trim.right, 1) for s in (plan.fronts[6], last.fronts[6])]
        [0.0, 3.0]
        >>> len(last.fronts), len(last.backs)
        (7, 7)
        """
        if count >= self.per_sheet:
            return self
        bleed = self.fronts[0].trim.x - self.fronts[0].clip.x  # the first card's left is the block's outside
        fronts = tuple(_opened(slot, index, self.grid, count, bleed) for index, slot in enumerate(self.fronts[:count]))
        backs = self.backs[:count]
        if self.back_axis is not None:
            backs = tuple(_mirror_slot(slot, self.back_axis, self.back_offset) for slot in fronts)
        return dataclasses.replace(self, fronts=fronts, backs=backs)


def plan_sheet(
    paper: Paper,
    layout: SheetLayout,
    frame: CardFrame,
    flip: Flip = Flip.LONG,
    back_offset: tuple[float, float] = (0.0, 0.0),
    gap_mm: float = 0.0,
) -> SheetPlan:
    """Compute every position on a sheet; the renderers and tests read it, nothing else decides.
    ``gap_mm`` spaces the cards apart (the bleed fills the gap, each card has its own cuts).

    Raises ValueError when not one card fits (sheet_plan says so in a user's words).

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> from rushmore_print.sizes import PAPERS
    >>> frame = card_frame(load_design())
    >>> plan = plan_sheet(PAPERS["a4"], SheetLayout.DUPLEX, frame, Flip.LONG)
    >>> front, back = plan.fronts[0], plan.backs[0]
    >>> round(front.trim.x, 2), round(back.trim.x, 2), front.rotation, back.rotation
    (9.75, 136.75, 90, 270)
    """
    W, H, bleed = paper.width_mm, paper.height_mm, frame.bleed_mm
    avail_w = W - 2 * MARGIN_MM
    if layout is SheetLayout.GUTTERFOLD:
        across = _fold_across(paper, frame, gap_mm)
        down = _fold_down(paper, frame, gap_mm)
        # The fold that holds more cards (Letter: 4 landscape poker cards beside a fold down the
        # middle, 3 around one across it); on a tie the fold across, the sheet people know.
        return down if down is not None and down.per_sheet > across.per_sheet else across
    grid = fit_grid(avail_w, H - 2 * MARGIN_MM, frame, gap_mm)
    block_w, block_h = grid.block(bleed)
    slack_x, slack_y = avail_w - block_w, H - 2 * MARGIN_MM - block_h
    if _strip_below(slack_x, slack_y):
        # room for the strip along the bottom: move the block up, keeping some room for marks above
        spare = max(0.0, slack_y - FURNITURE_MM) / 2
        block = Rect(MARGIN_MM + slack_x / 2, H - MARGIN_MM - spare - block_h, block_w, block_h)
    else:
        block = Rect(_block_x(W, block_w), MARGIN_MM + slack_y / 2, block_w, block_h)
    fronts = _slots(block, grid, bleed)
    front_marks = _marks(block, grid, bleed, W, H)
    strip, length = _strip_for(block, W, H)
    if layout is SheetLayout.FRONTS:
        return SheetPlan(paper, layout, grid, fronts, (), front_marks, (), strip, strip, length)
    # Long-edge flipping of a portrait sheet mirrors left-right; short-edge mirrors top-bottom.
    axis = (W / 2, None) if flip is Flip.LONG else (None, H / 2)
    backs = tuple(_mirror_slot(s, axis, back_offset) for s in fronts)
    back_block = _mirror_rect(block, axis, back_offset)
    back_strip, _ = _strip_for(back_block, W, H)
    return SheetPlan(
        paper,
        layout,
        grid,
        fronts,
        backs,
        front_marks,
        _marks(back_block, grid, bleed, W, H),
        strip,
        back_strip,
        length,
        back_axis=axis,
        back_offset=back_offset,
    )


def _fold_across(paper: Paper, frame: CardFrame, gap_mm: float) -> SheetPlan:
    """Gutter-fold about a line across the middle: fronts above it, their backs upside down below."""
    W, H, bleed = paper.width_mm, paper.height_mm, frame.bleed_mm
    half = H / 2
    grid = fit_grid(W - 2 * MARGIN_MM, half - MARGIN_MM - FOLD_GAP_MM, frame, gap_mm)
    block_w, block_h = grid.block(bleed)
    x0 = _block_x(W, block_w)
    top_block = Rect(x0, half + FOLD_GAP_MM, block_w, block_h)
    bottom_block = Rect(x0, half - FOLD_GAP_MM - block_h, block_w, block_h)
    fronts = _slots(top_block, grid, bleed)
    backs = tuple(_mirror_slot(s, (None, half), (0.0, 0.0)) for s in fronts)
    marks = _marks(top_block, grid, bleed, W, H, fold=half) + _marks(bottom_block, grid, bleed, W, H, fold=half)
    both = Rect(x0, bottom_block.y, block_w, top_block.top - bottom_block.y)
    strip, length = _strip_for(both, W, H)
    return SheetPlan(
        paper, SheetLayout.GUTTERFOLD, grid, fronts, backs, marks, (), strip, strip, length,
        fold_y=half, back_axis=(None, half),
    )  # fmt: skip


def _fold_down(paper: Paper, frame: CardFrame, gap_mm: float) -> SheetPlan | None:
    """Gutter-fold about a line down the middle: fronts left of it, their backs mirrored right
    (as a long-edge duplex back is), the strip along the bottom; None when not one card fits."""
    W, H, bleed = paper.width_mm, paper.height_mm, frame.bleed_mm
    half = W / 2
    try:  # the strip and its marks need the band below the blocks: the sides are the blocks'
        grid = fit_grid(half - MARGIN_MM - FOLD_GAP_MM, H - 2 * MARGIN_MM - FURNITURE_MM, frame, gap_mm)
    except ValueError:
        return None
    block_w, block_h = grid.block(bleed)
    spare = (H - 2 * MARGIN_MM - FURNITURE_MM - block_h) / 2
    left_block = Rect(half - FOLD_GAP_MM - block_w, H - MARGIN_MM - spare - block_h, block_w, block_h)
    right_block = _mirror_rect(left_block, (half, None), (0.0, 0.0))
    fronts = _slots(left_block, grid, bleed)
    backs = tuple(_mirror_slot(s, (half, None), (0.0, 0.0)) for s in fronts)
    marks = _marks(left_block, grid, bleed, W, H, fold_x=half) + _marks(right_block, grid, bleed, W, H, fold_x=half)
    both = Rect(left_block.x, left_block.y, right_block.right - left_block.x, block_h)
    strip, length = _strip_for(both, W, H)
    return SheetPlan(
        paper, SheetLayout.GUTTERFOLD, grid, fronts, backs, marks, (), strip, strip, length,
        fold_x=half, back_axis=(half, None),
    )  # fmt: skip


def _strip_below(slack_x: float, slack_y: float) -> bool:
    """Whether the ruler strip goes below the block (else beside it), from the room the block
    leaves across and down: where both have room for it, the place that leaves the crop marks on
    the other sides the more room from the paper's edge, which many printers cannot print within
    3-5 mm of. Letter duplex: below, the top marks would end 1.5 mm from the edge; beside, 4.7 mm.

    >>> _strip_below(3.5, 14.3), _strip_below(22.1, 9.4)   # A4 duplex, Letter duplex (poker)
    (True, False)
    """
    below_fits, beside_fits = slack_y >= FURNITURE_MM, slack_x >= FURNITURE_MM
    if below_fits and beside_fits:  # the tightest mark's room either way; a tie keeps the strip below
        return min((slack_y - FURNITURE_MM) / 2, slack_x / 2) >= min(slack_y / 2, (slack_x - FURNITURE_MM) / 2)
    return below_fits or (not beside_fits and slack_y >= slack_x)


def _block_x(W: float, block_w: float) -> float:
    """Left edge of a block that leaves the left margin wide enough for marks and the strip."""
    slack_x = W - 2 * MARGIN_MM - block_w
    spare = max(0.0, slack_x - FURNITURE_MM) / 2
    return W - MARGIN_MM - spare - block_w


def _strip_for(occupied: Rect, W: float, H: float) -> tuple[Matrix, float]:
    """Put the ruler-and-note strip in the widest free band around ``occupied`` (inside margins).

    Returns the strip's transform (local x runs along the strip) and its length."""
    bands = {
        "bottom": occupied.y - MARGIN_MM,
        "left": occupied.x - MARGIN_MM,
        "top": H - MARGIN_MM - occupied.top,
        "right": W - MARGIN_MM - occupied.right,
    }
    side = max(bands, key=lambda k: bands[k])  # ties: the first listed
    if side == "bottom":
        return translate(MARGIN_MM, MARGIN_MM), W - 2 * MARGIN_MM
    if side == "top":
        return translate(MARGIN_MM, H - MARGIN_MM - STRIP_MM), W - 2 * MARGIN_MM
    if side == "left":
        return multiply(rotate(90), translate(MARGIN_MM + STRIP_MM, MARGIN_MM)), H - 2 * MARGIN_MM
    return multiply(rotate(90), translate(W - MARGIN_MM, MARGIN_MM)), H - 2 * MARGIN_MM


def _slots(block: Rect, grid: Grid, bleed: float) -> tuple[Slot, ...]:
    """Row by row from the top left; each clip adds the bleed on the block's outer sides, and
    into a gap between cards as far as the bleed reaches (half the gap at most, each side)."""
    inner = min(bleed, grid.gap / 2)
    slots = []
    for row in range(grid.rows):
        for col in range(grid.cols):
            x = block.x + bleed + grid.x_of(col)
            y = block.top - bleed - grid.y_of(row) - grid.cell_h
            trim = Rect(x, y, grid.cell_w, grid.cell_h)
            left = bleed if col == 0 else inner
            right = bleed if col == grid.cols - 1 else inner
            bottom = bleed if row == grid.rows - 1 else inner
            top = bleed if row == 0 else inner
            clip = Rect(x - left, y - bottom, grid.cell_w + left + right, grid.cell_h + top + bottom)
            slots.append(Slot(trim, grid.rotation, clip))
    return tuple(slots)


def _opened(slot: Slot, index: int, grid: Grid, count: int, bleed: float) -> Slot:
    """``slot`` (place ``index``, row by row from the top left) on a sheet holding ``count`` cards:
    its clip reaches the full bleed on a side whose neighbouring place is empty. Places fill in
    order, so only the right and lower neighbours can be missing."""
    row, col = divmod(index, grid.cols)
    clip = slot.clip
    if col < grid.cols - 1 and index + 1 >= count:
        clip = Rect(clip.x, clip.y, slot.trim.right + bleed - clip.x, clip.height)
    if row < grid.rows - 1 and index + grid.cols >= count:
        clip = Rect(clip.x, slot.trim.y - bleed, clip.width, clip.top - (slot.trim.y - bleed))
    return dataclasses.replace(slot, clip=clip)


def _mirror_rect(rect: Rect, axis: tuple, offset: tuple[float, float]) -> Rect:
    x, y = rect.x, rect.y
    if axis[0] is not None:
        x = 2 * axis[0] - rect.right
    if axis[1] is not None:
        y = 2 * axis[1] - rect.top
    return Rect(x + offset[0], y + offset[1], rect.width, rect.height)


def _mirror_slot(slot: Slot, axis: tuple, offset: tuple[float, float]) -> Slot:
    """The back's slot: mirrored across the flip (or fold) axis, turned so the card's top stays
    at the same edge of the card once the sheet is turned over."""
    mirror_x = axis[0] is not None
    rotation = (-slot.rotation) % 360 if mirror_x else (180 - slot.rotation) % 360
    return Slot(_mirror_rect(slot.trim, axis, offset), rotation, _mirror_rect(slot.clip, axis, offset))


def _marks(
    block: Rect, grid: Grid, bleed: float, W: float, H: float, fold: float | None = None, fold_x: float | None = None
) -> tuple[Path, ...]:
    """Short lines on every cut, outside the bleed, never over a card; stopped 1 mm short of
    the paper edge and short of the fold line (``fold`` across the sheet, ``fold_x`` down it)."""
    inner = block.grow(-bleed)
    # Every cut: both edges of each card (one line where cards are butted).
    xs = sorted({round(inner.x + grid.x_of(i) + dx, 6) for i in range(grid.cols) for dx in (0.0, grid.cell_w)})
    ys = sorted({round(inner.y + grid.y_of(j) + dy, 6) for j in range(grid.rows) for dy in (0.0, grid.cell_h)})
    start = bleed + MARK_GAP_MM

    def length(room: float) -> float:
        return max(0.0, min(MARK_LENGTH_MM, room - MARK_GAP_MM - 0.5))

    above = H - 1.0 - block.top if fold is None or block.y > fold else fold - block.top
    below = block.y - 1.0 if fold is None or block.top < fold else block.y - fold
    left = block.x - 1.0 if fold_x is None or block.right < fold_x else block.x - fold_x
    right = W - 1.0 - block.right if fold_x is None or block.x > fold_x else fold_x - block.right
    marks = []
    for x in xs:
        if length(above) > 0:
            marks.append(Path.line(x, inner.top + start, x, inner.top + start + length(above)))
        if length(below) > 0:
            marks.append(Path.line(x, inner.y - start, x, inner.y - start - length(below)))
    for y in ys:
        if length(left) > 0:
            marks.append(Path.line(inner.x - start, y, inner.x - start - length(left), y))
        if length(right) > 0:
            marks.append(Path.line(inner.right + start, y, inner.right + start + length(right), y))
    return tuple(marks)


def place_card(face: Face, slot: Slot) -> Group:
    """The card's items turned and moved into its slot, clipped to trim plus outer bleed.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> from rushmore_print.sizes import PAPERS
    >>> frame = card_frame(load_design())
    >>> from rushmore_print.layout.frame import Face
    >>> slot = plan_sheet(PAPERS["a4"], SheetLayout.DUPLEX, frame).fronts[0]
    >>> placed = place_card(Face("M01", None, ()), slot)
    >>> placed.clip == Path.rect(slot.clip)
    True
    """
    rotation = rotate(slot.rotation)
    w, h = (slot.trim.width, slot.trim.height) if slot.rotation in (0, 180) else (slot.trim.height, slot.trim.width)
    corners = [(0, 0), (w, 0), (0, h), (w, h)]
    moved = [(rotation[0] * x + rotation[2] * y, rotation[1] * x + rotation[3] * y) for x, y in corners]
    dx = slot.trim.x - min(p[0] for p in moved)
    dy = slot.trim.y - min(p[1] for p in moved)
    matrix = multiply(rotation, translate(dx, dy))
    return Group((Group(face.items, matrix),), clip=Path.rect(slot.clip))


def strip_items(note: str, length: float) -> tuple:
    """The 50 mm ruler with ticks, then the note, along a strip ``length`` mm long.

    >>> items = strip_items("Print at 100 %: the ruler is 50 mm long", 150.0)
    >>> [item.text for item in items if isinstance(item, Text)]
    ['50 mm', 'Print at 100 %: the ruler is 50 mm long']
    """
    items: list = [Shape(Path.line(0, 0.4, RULER_MM, 0.4), stroke=BLACK, stroke_mm=0.3)]
    for mm in range(0, int(RULER_MM) + 1, 5):
        tick = 2.2 if mm % 10 == 0 else 1.2
        items.append(Shape(Path.line(mm, 0.4, mm, 0.4 + tick), stroke=BLACK, stroke_mm=0.2))
    label = "50 mm"  # after the ruler's end, where no tick runs through it
    items.append(Text(RULER_MM + 1.2, 0.8, label, 5.0, BLACK, Font.BOLD))
    start = RULER_MM + 1.2 + text_width_mm(label, 5.0, Font.BOLD) + 2.5
    size = 6.0
    room = length - start
    while size > 4.0 and text_width_mm(note, size) > room:
        size -= 0.25
    items.append(Text(start, 0.8, note, size, GREY))
    return tuple(items)


def _mark(path: Path) -> Shape:
    return Shape(path, stroke=BLACK, stroke_mm=MARK_WIDTH_MM)


def sheet_pages(
    plan: SheetPlan,
    cards: Sequence[tuple[Face, Face | None]],
    title: str,
    t: Catalogue | None = None,
    fallback: Font | None = None,
) -> Sequence[Page]:
    """Pages for ``cards`` (front, back pairs): fronts pages with their backs as the plan says
    (a missing back, possible only with the fronts layout, leaves its place blank), the notes in
    ``t``'s language (English by default; ``fallback``: the designer's font, for a title's
    characters the shipped one lacks). Each sheet is laid out when a renderer reaches it,
    from its own cards only (``cards`` may be lazy too), so a document of thousands of cards
    never holds them all.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.layout.cards import card_frame, monument_face
    >>> from rushmore_print.sizes import PAPERS
    >>> design = load_design()
    >>> frame = card_frame(design)
    >>> face = monument_face(design, generate_deck(design).monuments[0], frame)
    >>> plan = plan_sheet(PAPERS["a4"], SheetLayout.DUPLEX, frame)
    >>> pages = sheet_pages(plan, [(face, face)] * 10, design.name)
    >>> len(pages), pages[0].width_mm
    (4, 210.0)
    """
    words = dataclasses.replace(_SheetWords.of(t or catalogue(), plan.layout), fallback=fallback)
    sheets = math.ceil(len(cards) / plan.per_sheet)
    sides = 2 if plan.layout is SheetLayout.DUPLEX else 1

    def sheet(index: int) -> tuple[Page, ...]:
        batch = list(cards[index * plan.per_sheet : (index + 1) * plan.per_sheet])  # each card laid out once
        return _sheet(plan, batch, index + 1, sheets, title, words)

    return Lazy(sheets * sides, sheet, per_batch=sides)


@frozen_dataclass
class _SheetWords:
    """What a sheet's notes say, in the design's language."""

    t: Catalogue
    print_note: str  # "Print at 100% (actual size...)"
    layout: str  # "duplex"
    fold: str
    fronts: str
    backs: str
    fallback: Font | None = None

    @classmethod
    def of(cls, t: Catalogue, layout: SheetLayout) -> _SheetWords:
        names = {
            SheetLayout.DUPLEX: t.pgettext("sheet layout", "duplex"),
            SheetLayout.GUTTERFOLD: t.pgettext("sheet layout", "gutterfold"),
            SheetLayout.FRONTS: t.pgettext("sheet layout", "fronts"),
        }
        note = t.gettext(
            "Print at {percent} (actual size, no ‘fit to page’): the bar must measure 50 mm.", percent=t.percent(1)
        )
        fold = t.gettext("fold here, glue, then cut")
        return cls(t, note, names[layout], fold, t.pgettext("sheet side", "fronts"), t.pgettext("sheet side", "backs"))


def _sheet(
    plan: SheetPlan,
    batch: Sequence[tuple[Face, Face | None]],
    number: int,
    sheets: int,
    title: str,
    words: _SheetWords,
) -> tuple[Page, ...]:
    """Sheet ``number`` of ``sheets``: its front page, and for duplex its back page."""
    W, H = plan.paper.width_mm, plan.paper.height_mm
    held = plan.holding(len(batch))  # the cards' clips; marks, fold and strip stay the full sheet's
    where = words.t.gettext(
        "{title} | {paper} {layout} | sheet {number} of {sheets}",
        title=title,
        paper=plan.paper.name,
        layout=words.layout,
        number=number,
        sheets=sheets,
    )
    note = f"{words.print_note}  {where}"
    items: list = [place_card(front, slot) for (front, _), slot in zip(batch, held.fronts)]
    if plan.layout is SheetLayout.GUTTERFOLD:
        items += [place_card(back, slot) for (_, back), slot in zip(batch, held.backs) if back is not None]
        items += _fold_items(plan, words.fold)
    items += [_mark(p) for p in plan.front_marks]
    items.append(
        Group(
            fall_back(
                strip_items(
                    note + (f" | {words.fronts}" if plan.layout is SheetLayout.DUPLEX else ""), plan.strip_length
                ),
                words.fallback,
            ),
            plan.front_strip,
        )
    )
    front = Page(W, H, tuple(items))
    if plan.layout is SheetLayout.DUPLEX:
        back_items: list = [place_card(back, slot) for (_, back), slot in zip(batch, held.backs) if back is not None]
        back_items += [_mark(p) for p in plan.back_marks]
        back_items.append(
            Group(fall_back(strip_items(f"{note} | {words.backs}", plan.strip_length), words.fallback), plan.back_strip)
        )
        return front, Page(W, H, tuple(back_items))
    return (front,)


def _fold_items(plan: SheetPlan, label: str) -> list:
    """The dashed fold line and its label, beside the line halfway along one card's edge (the
    last column's across the sheet, the top row's down it): between that card's crop marks."""
    W, H = plan.paper.width_mm, plan.paper.height_mm
    if plan.fold_x is not None:
        fold_from = min(slot.clip.y for slot in plan.fronts) - MARK_GAP_MM - MARK_LENGTH_MM
        line = Path.line(plan.fold_x, fold_from, plan.fold_x, H - MARGIN_MM)
        top = max(plan.fronts, key=lambda slot: slot.clip.top).clip
        # turned a quarter, it reads up the line, its baseline 0.8 mm short of it (as across it)
        text = Text(0.0, 0.0, label, 5.0, GREY, Font.ITALIC, Anchor.MIDDLE)
        along = multiply(rotate(90), translate(plan.fold_x - 0.8, top.y + top.height / 2))
        placed: Text | Group = Group((text,), along)
    else:
        assert plan.fold_y is not None  # a gutter-fold plan always has its fold
        fold_from = min(slot.clip.x for slot in plan.fronts) - MARK_GAP_MM - MARK_LENGTH_MM
        line = Path.line(fold_from, plan.fold_y, W - MARGIN_MM, plan.fold_y)
        last = max(plan.fronts, key=lambda slot: slot.clip.x).clip
        placed = Text(last.x + last.width / 2, plan.fold_y + 0.8, label, 5.0, GREY, Font.ITALIC, Anchor.MIDDLE)
    return [Shape(line, stroke=GREY, stroke_mm=0.2, dash_mm=(2.0, 1.5)), placed]


def card_pages(frame: CardFrame, faces: Sequence[Face], upright: bool = False) -> list[Page]:
    """One card a page, page = card with bleed, TrimBox and BleedBox set (for print shops).
    ``upright`` turns a landscape card a quarter (counter-clockwise) onto a portrait page.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> from rushmore_print.sizes import PAPERS
    >>> frame = card_frame(load_design())
    >>> from rushmore_print.layout.frame import Face
    >>> page = card_pages(frame, [Face("M01", None, ())])[0]
    >>> page.width_mm, page.trim_box, page.bleed_box
    (94.9, Rect(x=3.0, y=3.0, width=88.9, height=63.5), Rect(x=0.0, y=0.0, width=94.9, height=69.5))
    """
    return list(lazy_card_pages(frame, faces, upright))


def lazy_card_pages(frame: CardFrame, faces: Sequence[Face], upright: bool = False) -> Sequence[Page]:
    """:func:`card_pages`, each page made when a renderer reaches it.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.layout.cards import card_frame
    >>> from rushmore_print.sizes import PAPERS
    >>> frame = card_frame(load_design())
    >>> from rushmore_print.layout.frame import Face
    >>> pages = lazy_card_pages(frame, [Face("M01", None, ())] * 3, upright=True)
    >>> len(pages), pages[0].width_mm, pages[0].height_mm
    (3, 69.5, 94.9)
    """
    b = frame.bleed_mm
    page_w, page_h = frame.width_mm + 2 * b, frame.height_mm + 2 * b
    place = translate(b, b)
    trim = Rect(b, b, frame.width_mm, frame.height_mm)
    if upright and page_w > page_h:
        place = multiply(multiply(place, rotate(90)), translate(page_h, 0.0))
        page_w, page_h = page_h, page_w
        trim = Rect(b, b, frame.height_mm, frame.width_mm)
    bleed = Rect(0.0, 0.0, page_w, page_h)
    clip = Path.rect(bleed)

    def page(index: int) -> tuple[Page]:
        return (Page(page_w, page_h, (Group(faces[index].items, place, clip),), trim_box=trim, bleed_box=bleed),)

    return Lazy(len(faces), page)


def sheet_plan(paper: Paper, layout: SheetLayout, frame: CardFrame, *args) -> SheetPlan:
    """The sheet plan, or a ``BuildError`` that says which paper and layout cannot hold the card.

    >>> from rushmore_print.layout.frame import CardFrame
    >>> sheet_plan(PAPERS["a4"], SheetLayout.GUTTERFOLD, CardFrame(150.0, 200.0, 3.0))
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: a 150 x 200 mm card does not fit on A4 paper in the gutterfold layout; ...
    """
    try:
        return plan_sheet(paper, layout, frame, *args)
    except ValueError:
        size = f"{frame.width_mm:g} x {frame.height_mm:g} mm"
        hint = "; choose --layout duplex or fronts" if layout is SheetLayout.GUTTERFOLD else ""
        raise BuildError(
            f"a {size} card does not fit on {paper.name} paper in the {layout.value} layout{hint}"
        ) from None


__all__ = [
    "FOLD_GAP_MM",
    "GREY",
    "MARGIN_MM",
    "PAPERS",
    "Flip",
    "Grid",
    "SheetLayout",
    "SheetPlan",
    "Slot",
    "card_pages",
    "fit_grid",
    "lazy_card_pages",
    "place_card",
    "plan_sheet",
    "sheet_pages",
    "sheet_plan",
    "strip_items",
]
