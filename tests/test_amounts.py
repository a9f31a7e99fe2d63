"""Tests that assert amounts, not containment: the bleed on every outer side of every sheet, where
each back's top edge lands once the sheet is turned over, MakePlayingCards' price brackets.

The sheets are rendered to pixels (the PDF, through pdftoppm) and measured, so a break anywhere
between the sheet plan and the renderer shows: the left column losing its outer bleed, or the
backs' rotation not negated on a long-edge flip (the backs would turn 180 degrees against their
fronts), each fails here.
"""

from __future__ import annotations

import pytest

from rushmore_print.design import load_design
from rushmore_print.layout.cards import card_frame
from rushmore_print.layout.frame import CardFrame, Face
from rushmore_print.layout.items import Document, Rect, Shape, rgb
from rushmore_print.layout.items import Path as Outline
from rushmore_print.layout.sheets import PAPERS, Flip, SheetLayout, plan_sheet, sheet_pages
from rushmore_print.render.pdf import render_pdf
from rushmore_print.writers.build import Kit, checked_deck
from rushmore_print.writers.export import mpc_order

from .conftest import EXAMPLES
from .pixels import HAS_PDFTOPPM, rasterise

DPI = 50  # 3 mm of bleed is 6 pixels: a lost bleed measures 0
PX_PER_MM = DPI / 25.4
TURN_DPI = 30  # enough to tell which edge a band lies along
needs_pdftoppm = pytest.mark.skipif(not HAS_PDFTOPPM, reason="pdftoppm (poppler-utils) is not installed")


# --------------------------------------------------------------------------- the bleed


def outer_sides(slot, plan_slots) -> list[str]:
    """The sides of ``slot`` on the outside of its block of cards."""
    sides = []
    if slot.trim.x == min(s.trim.x for s in plan_slots):
        sides.append("left")
    if slot.trim.right == max(s.trim.right for s in plan_slots):
        sides.append("right")
    if slot.trim.y == min(s.trim.y for s in plan_slots):
        sides.append("bottom")
    if slot.trim.top == max(s.trim.top for s in plan_slots):
        sides.append("top")
    return sides


def ink_beyond(image, trim: Rect, side: str, page_h_mm: float) -> float:
    """Millimetres of ink outward from the trim's ``side``, along the line through its middle:
    from the trim line to the edge of the last inked pixel."""
    import math

    gray = image.convert("L").load()
    mid_x, mid_y = (trim.x + trim.width / 2) * PX_PER_MM, (page_h_mm - trim.y - trim.height / 2) * PX_PER_MM
    edge = {  # the trim line in pixels (y down), the way outward, the fixed coordinate
        "left": (trim.x * PX_PER_MM, -1, mid_y),
        "right": (trim.right * PX_PER_MM, 1, mid_y),
        "top": ((page_h_mm - trim.top) * PX_PER_MM, -1, mid_x),
        "bottom": ((page_h_mm - trim.y) * PX_PER_MM, 1, mid_x),
    }[side]
    line, outward, across = edge
    limit = image.width if side in ("left", "right") else image.height

    def inked(index: int) -> bool:
        at = (index, int(across)) if side in ("left", "right") else (int(across), index)
        return 0 <= index < limit and gray[at] < 250

    index = math.ceil(line) if outward > 0 else math.floor(line) - 1  # the first pixel wholly outside
    while inked(index):
        index += outward
    reached = index if outward > 0 else index + 1  # the outer edge of the last inked pixel
    return max(0.0, (reached - line) * outward) / PX_PER_MM


@pytest.fixture(scope="module")
def kits():
    found = {}
    for name in ("classic", "five"):  # poker with 3 mm bleed; bridge with 1/8 in
        design = load_design(EXAMPLES / f"{name}.yaml")
        found[name] = Kit.of(design, checked_deck(design))
    return found


def first_sheet(kit: Kit, paper: str, layout: SheetLayout, flip: Flip = Flip.LONG, gap_mm: float = 0.0):
    """The plan and the rendered pages of the first sheet of Monuments (fronts, then backs in duplex)."""
    plan = plan_sheet(PAPERS[paper], layout, card_frame(kit.design), flip, (0.0, 0.0), gap_mm)
    cards = list(kit.faces[: plan.per_sheet])
    pages = sheet_pages(plan, cards, "amounts")
    return plan, rasterise(render_pdf(Document("amounts", tuple(pages), kit.symbols)), DPI)


@needs_pdftoppm
@pytest.mark.slow
@pytest.mark.parametrize(
    "design, paper, layout",
    [("classic", paper, layout) for paper in ("a4", "letter") for layout in SheetLayout]
    + [("five", "a4", SheetLayout.DUPLEX)],
)
def test_the_bleed_on_every_outer_side_of_every_sheet_is_the_designs_bleed(kits, design, paper, layout):
    kit = kits[design]
    bleed = kit.design.print.bleed_mm
    plan, images = first_sheet(kit, paper, layout)
    page_h = PAPERS[paper].height_mm
    sides = [(images[0], plan.fronts)]
    if layout is SheetLayout.DUPLEX:
        sides.append((images[1], plan.backs))
    elif layout is SheetLayout.GUTTERFOLD:
        sides.append((images[0], plan.backs))
    measured = []
    for image, slots in sides:
        for slot in slots:
            for side in outer_sides(slot, slots):
                measured.append((side, round(ink_beyond(image, slot.trim, side, page_h), 2)))
                # one pixel either way: the trim line and the clip fall between pixels
                assert ink_beyond(image, slot.trim, side, page_h) == pytest.approx(bleed, abs=1.5 / PX_PER_MM), (
                    f"{design} {paper} {layout.value}: {side} of the card at {slot.trim.x:.1f}, {slot.trim.y:.1f}"
                )
    assert {side for side, _ in measured} == {"left", "right", "top", "bottom"}


def open_sides(slot, filled, gap: float) -> list[str]:
    """The sides of ``slot`` with no card of ``filled`` beside them: the block's outside, and on a
    part-filled sheet (a deck's last) the sides facing an empty place, which are cut too."""
    step_x, step_y = slot.trim.width + gap, slot.trim.height + gap

    def card_at(dx: float, dy: float) -> bool:
        x, y = slot.trim.x + dx, slot.trim.y + dy
        return any(abs(s.trim.x - x) < 1e-6 and abs(s.trim.y - y) < 1e-6 for s in filled)

    beside = {"left": (-step_x, 0.0), "right": (step_x, 0.0), "bottom": (0.0, -step_y), "top": (0.0, step_y)}
    return [side for side, (dx, dy) in beside.items() if not card_at(dx, dy)]


@needs_pdftoppm
@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", list(SheetLayout))
def test_a_part_filled_sheet_bleeds_on_every_side_that_faces_an_empty_place(kits, paper, layout):
    """The deck's last sheet (7 Monuments on a sheet of 9): the cut beside an empty place runs
    through one card only, so that card needs its full bleed there, or a cut a hair off leaves
    a white sliver on its edge. Measured in the rendered pixels, fronts and backs."""
    kit = kits["classic"]
    bleed = kit.design.print.bleed_mm
    plan = plan_sheet(PAPERS[paper], layout, card_frame(kit.design))
    held = max(1, plan.per_sheet - 2)
    pages = sheet_pages(plan, list(kit.faces[:held]), "amounts")
    images = rasterise(render_pdf(Document("amounts", tuple(pages), kit.symbols)), DPI)
    page_h = PAPERS[paper].height_mm
    sides = [(images[0], plan.fronts[:held])]
    if layout is not SheetLayout.FRONTS:
        sides.append((images[1] if layout is SheetLayout.DUPLEX else images[0], plan.backs[:held]))
    beside_empty = 0
    for image, slots in sides:
        for slot in slots:
            for side in open_sides(slot, slots, plan.grid.gap):
                beside_empty += side not in outer_sides(slot, plan.fronts if slots[0] in plan.fronts else plan.backs)
                assert ink_beyond(image, slot.trim, side, page_h) == pytest.approx(bleed, abs=1.5 / PX_PER_MM), (
                    f"{paper} {layout.value}, {held} cards: {side} of the card at {slot.trim.x:.1f}, {slot.trim.y:.1f}"
                )
    assert beside_empty > 0  # the case this test is for


def clip_reach(slot) -> dict[str, float]:
    """How far (mm) a slot's clip reaches past its trim on each side."""
    return {
        "left": slot.trim.x - slot.clip.x,
        "right": slot.clip.right - slot.trim.right,
        "bottom": slot.trim.y - slot.clip.y,
        "top": slot.clip.top - slot.trim.top,
    }


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", list(SheetLayout))
@pytest.mark.parametrize("flip", list(Flip))
@pytest.mark.parametrize("gap", [0.0, 4.0])
def test_every_clip_reaches_the_bleed_outside_and_half_the_gap_inside(classic, paper, layout, flip, gap):
    """The plan's numbers for every slot (the rendered test above measures a subset of these)."""
    frame = card_frame(classic)
    bleed = frame.bleed_mm
    plan = plan_sheet(PAPERS[paper], layout, frame, flip, (0.0, 0.0), gap)
    for slots in (plan.fronts, plan.backs):
        for slot in slots:
            outer = outer_sides(slot, slots)
            for side, mm in clip_reach(slot).items():
                assert mm == pytest.approx(bleed if side in outer else min(bleed, gap / 2)), (side, slot)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("layout", list(SheetLayout))
@pytest.mark.parametrize("flip", list(Flip))
@pytest.mark.parametrize("gap", [0.0, 4.0])
def test_every_clip_of_a_part_filled_sheet_reaches_the_bleed_beside_an_empty_place(classic, paper, layout, flip, gap):
    """The plan's numbers for every count a last sheet can hold, fronts and their backs."""
    frame = card_frame(classic)
    bleed = frame.bleed_mm
    plan = plan_sheet(PAPERS[paper], layout, frame, flip, (1.5, -2.0), gap)
    for count in range(1, plan.per_sheet + 1):
        held = plan.holding(count)
        assert len(held.fronts) == count and len(held.backs) == (0 if layout is SheetLayout.FRONTS else count)
        assert [s.trim for s in held.fronts] == [s.trim for s in plan.fronts[:count]]
        assert [s.trim for s in held.backs] == [s.trim for s in plan.backs[:count]]
        for slots in (held.fronts, held.backs):
            for slot in slots:
                open_ = open_sides(slot, slots, gap)
                for side, mm in clip_reach(slot).items():
                    assert mm == pytest.approx(bleed if side in open_ else min(bleed, gap / 2)), (count, side, slot)


# --------------------------------------------------------------------------- backs after turning over

FRONT_MARK, BACK_MARK = rgb("#000000"), rgb("#808080")


def marked_face(frame: CardFrame, is_back: bool) -> Face:
    """White card with a band along its top edge, as the card is read: black on the front, grey on the back."""
    band = Rect(0.0, frame.height_mm * 0.8, frame.width_mm, frame.height_mm * 0.2)
    items = (
        Shape(Outline.rect(frame.bleed), fill=rgb("#ffffff")),
        Shape(Outline.rect(band), fill=BACK_MARK if is_back else FRONT_MARK),
    )
    return Face("B" if is_back else "F", None, items, is_back=is_back)


def band_side(image, trim: Rect, page_h_mm: float, level: int) -> str:
    """Which side of ``trim`` the band of gray ``level`` lies along (the centre of its pixels
    against the card's centre), in the page's mm frame, y up."""
    px_per_mm = TURN_DPI / 25.4
    box = (
        round(trim.x * px_per_mm) + 1,
        round((page_h_mm - trim.top) * px_per_mm) + 1,
        round(trim.right * px_per_mm) - 1,
        round((page_h_mm - trim.y) * px_per_mm) - 1,
    )
    card = image.convert("L").crop(box)
    width = card.width
    hits = [index for index, value in enumerate(card.tobytes()) if abs(value - level) < 30]
    assert len(hits) > 30, "the band is not on the card"
    dx = sum(index % width for index in hits) / len(hits) - (width - 1) / 2
    dy = (card.height - 1) / 2 - sum(index // width for index in hits) / len(hits)  # pixels run down
    if abs(dx) > abs(dy):
        return "right" if dx > 0 else "left"
    return "top" if dy > 0 else "bottom"


def turned_over(image, layout: SheetLayout, flip: Flip):
    """The back page as seen through the sheet from the front: mirrored across the flip axis."""
    from PIL import ImageOps

    if layout is SheetLayout.GUTTERFOLD:
        return image  # the backs are on the same page; the fold mirrors them onto the fronts below
    return ImageOps.mirror(image) if flip is Flip.LONG else ImageOps.flip(image)


@needs_pdftoppm
@pytest.mark.parametrize(
    "paper, layout, flip",
    [
        ("a4", SheetLayout.DUPLEX, Flip.LONG),
        ("a4", SheetLayout.DUPLEX, Flip.SHORT),
        ("letter", SheetLayout.DUPLEX, Flip.LONG),
        ("letter", SheetLayout.DUPLEX, Flip.SHORT),
        ("a4", SheetLayout.GUTTERFOLD, Flip.LONG),
        ("letter", SheetLayout.GUTTERFOLD, Flip.LONG),  # folded down the middle for landscape cards
    ],
)
@pytest.mark.parametrize("orientation", ["landscape", "portrait"])
@pytest.mark.slow
def test_each_backs_top_edge_is_its_fronts_top_edge_once_turned_over(paper, layout, flip, orientation):
    """Landscape poker cards lie turned a quarter on A4 (rotation 90), so a rotation left
    un-negated on the backs turns them 180 degrees against their fronts: this test sees it."""
    frame = CardFrame(88.9, 63.5, 3.0) if orientation == "landscape" else CardFrame(63.5, 88.9, 3.0)
    plan = plan_sheet(PAPERS[paper], layout, frame, flip)
    pairs = [(marked_face(frame, False), marked_face(frame, True))] * plan.per_sheet
    pages = sheet_pages(plan, pairs, "turned over")
    images = rasterise(render_pdf(Document("turned over", tuple(pages))), TURN_DPI)
    W, H = PAPERS[paper].width_mm, PAPERS[paper].height_mm
    front_page = images[0]
    back_page = turned_over(images[1] if layout is SheetLayout.DUPLEX else images[0], layout, flip)
    rotations = set()
    for front, back in zip(plan.fronts, plan.backs):
        rotations.add(front.rotation)
        front_side = band_side(front_page, front.trim, H, 0)
        # Where the back lies in the turned-over view: its slot mirrored back across the axis.
        if layout is SheetLayout.GUTTERFOLD:
            seen = back.trim
            back_side = band_side(back_page, seen, H, 128)
            if plan.fold_y is not None:  # folding the lower half up behind the upper turns bottom into top
                back_side = {"top": "bottom", "bottom": "top"}.get(back_side, back_side)
            else:  # folding the right half behind the left turns right into left
                assert plan.fold_x is not None
                back_side = {"left": "right", "right": "left"}.get(back_side, back_side)
        else:
            if flip is Flip.LONG:
                seen = Rect(W - back.trim.right, back.trim.y, back.trim.width, back.trim.height)
            else:
                seen = Rect(back.trim.x, H - back.trim.top, back.trim.width, back.trim.height)
            assert seen.x == pytest.approx(front.trim.x) and seen.y == pytest.approx(front.trim.y)
            back_side = band_side(back_page, seen, H, 128)
        assert back_side == front_side, f"card at {front.trim.x:.0f}, {front.trim.y:.0f} mm (rotation {front.rotation})"
    if orientation == "landscape" and paper == "a4" and layout is SheetLayout.DUPLEX:
        assert rotations == {90}  # the case where the negation matters


# --------------------------------------------------------------------------- MPC's brackets

# MakePlayingCards prices an order by the smallest bracket that holds its cards (612 is the most
# one order takes); mpc-autofill writes that bracket into the order file.
MPC_BRACKET_FOR = [
    (1, 18), (18, 18), (19, 36), (36, 36), (37, 55), (54, 55), (55, 55), (56, 72), (72, 72), (73, 90),
    (90, 90), (91, 108), (108, 108), (109, 126), (126, 126), (127, 144), (144, 144), (145, 162),
    (162, 162), (163, 180), (180, 180), (181, 198), (198, 198), (199, 216), (216, 216), (217, 234),
    (234, 234), (235, 396), (396, 396), (397, 504), (504, 504), (505, 612), (612, 612),
]  # fmt: skip


@pytest.mark.parametrize("cards, bracket", MPC_BRACKET_FOR)
def test_the_mpc_order_names_the_smallest_bracket_that_holds_its_cards(tmp_path, cards, bracket):
    import xml.etree.ElementTree as ET

    fronts = [("monuments", tmp_path / "monuments" / f"M{number:03}.png") for number in range(1, cards + 1)]
    order = ET.fromstring(mpc_order(fronts, {"monuments": tmp_path / "monuments" / "back.png"}, tmp_path))
    assert order.findtext("details/quantity") == str(cards)
    assert order.findtext("details/bracket") == str(bracket)


def test_the_classic_deck_is_one_55_card_order(tmp_path):
    """16 Monuments and 39 Search cards: exactly MPC's 55-card bracket, not the 72 above it."""
    classic = load_design()
    assert classic.monument_count + classic.search_count == 55
    fronts = [("monuments", tmp_path / "monuments" / f"M{n:02}.png") for n in range(16)]
    fronts += [("search", tmp_path / "search" / f"S{n:02}.png") for n in range(39)]
    backs = {"monuments": tmp_path / "monuments" / "back.png", "search": tmp_path / "search" / "back.png"}
    assert b"<bracket>55</bracket>" in mpc_order(fronts, backs, tmp_path)
