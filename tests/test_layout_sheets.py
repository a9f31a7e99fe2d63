import itertools

import pytest

from rushmore_print.layout.cards import CardFrame, card_frame
from rushmore_print.layout.items import Rect, Shape, item_bounds
from rushmore_print.layout.sheets import FOLD_GAP_MM, MARGIN_MM, PAPERS, Flip, SheetLayout, fit_grid, plan_sheet

LAYOUTS = list(SheetLayout)


@pytest.mark.parametrize(
    "paper, layout, expected",
    [
        ("a4", SheetLayout.DUPLEX, (3, 3, 90)),  # 9 poker cards, turned a quarter, butted
        ("letter", SheetLayout.DUPLEX, (2, 4, 0)),  # 8: Letter is 18 mm shorter than A4
        ("a4", SheetLayout.GUTTERFOLD, (2, 2, 0)),  # 4 fronts above the fold, their backs below
        ("letter", SheetLayout.GUTTERFOLD, (1, 4, 0)),  # 4 beside a fold down the middle (3 around one across)
        ("a4", SheetLayout.FRONTS, (3, 3, 90)),
    ],
)
def test_classic_cards_per_sheet(classic, paper, layout, expected):
    plan = plan_sheet(PAPERS[paper], layout, card_frame(classic))
    assert (plan.grid.cols, plan.grid.rows, plan.grid.rotation) == expected


def test_grid_is_the_most_that_fits_inside_the_margins():
    frame = CardFrame(88.9, 63.5, 3.0)
    for paper in PAPERS.values():
        grid = fit_grid(paper.width_mm - 10, paper.height_mm - 10, frame)
        w, h = grid.block(3.0)
        assert w <= paper.width_mm - 10 and h <= paper.height_mm - 10
        # one more column or row would not fit
        assert w + grid.cell_w > paper.width_mm - 10 or h + grid.cell_h > paper.height_mm - 10


@pytest.mark.parametrize("gap", [0.0, 3.0, 8.0])
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_cards_stay_inside_margins_and_never_overlap(classic, paper, layout, gap):
    page = PAPERS[paper]
    plan = plan_sheet(page, layout, card_frame(classic), gap_mm=gap)
    printable = Rect(MARGIN_MM, MARGIN_MM, page.width_mm - 2 * MARGIN_MM, page.height_mm - 2 * MARGIN_MM)
    slots = plan.fronts + plan.backs
    for slot in slots:
        assert printable.contains(slot.clip)
        assert slot.clip.contains(slot.trim)
    group = plan.fronts if layout is not SheetLayout.GUTTERFOLD else slots
    for i, a in enumerate(group):
        for b in group[i + 1 :]:
            assert not a.trim.overlaps(b.trim)
            assert not a.clip.overlaps(b.clip.grow(-1e-6))  # bleeds meet in a gap, never overlap


@pytest.mark.parametrize("gap", [0.0, 3.0])
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_crop_marks_never_touch_a_card(classic, paper, layout, gap):
    plan = plan_sheet(PAPERS[paper], layout, card_frame(classic), gap_mm=gap)
    marks = plan.front_marks + plan.back_marks
    cuts = (plan.grid.cols + 1 + plan.grid.rows + 1) if not gap else 2 * (plan.grid.cols + plan.grid.rows)
    assert len(marks) >= 2 * cuts
    same_page = plan.fronts + plan.backs if layout is SheetLayout.GUTTERFOLD else plan.fronts
    pages = [(plan.front_marks, same_page), (plan.back_marks, plan.backs)]
    for page_marks, slots in pages:
        for mark in page_marks:
            box = item_bounds(Shape(mark), {})
            for slot in slots:
                assert not box.overlaps(slot.clip)
    for mark in marks:
        box = item_bounds(Shape(mark), {})
        assert box.x > 0 and box.right < PAPERS[paper].width_mm and box.y > 0 and box.top < PAPERS[paper].height_mm


def column_of(slot, plan):
    xs = sorted({round(s.trim.x, 3) for s in plan.fronts})
    return xs.index(round(slot.trim.x, 3))


def row_of(slot, plan, slots):
    ys = sorted({round(s.trim.y, 3) for s in slots}, reverse=True)
    return ys.index(round(slot.trim.y, 3))


@pytest.mark.parametrize("paper", PAPERS)
def test_duplex_backs_mirror_columns_for_long_edge(classic, paper):
    plan = plan_sheet(PAPERS[paper], SheetLayout.DUPLEX, card_frame(classic), Flip.LONG)
    cols = plan.grid.cols
    W = PAPERS[paper].width_mm
    for front, back in zip(plan.fronts, plan.backs):
        assert back.trim.x == pytest.approx(W - front.trim.right)
        assert back.trim.y == pytest.approx(front.trim.y)
        assert column_of(front, plan) == cols - 1 - sorted({round(s.trim.x, 3) for s in plan.backs}).index(
            round(back.trim.x, 3)
        )


def test_duplex_backs_mirror_rows_for_short_edge_and_take_the_offset(classic):
    plan = plan_sheet(PAPERS["a4"], SheetLayout.DUPLEX, card_frame(classic), Flip.SHORT, back_offset=(1.5, -0.5))
    H = PAPERS["a4"].height_mm
    for front, back in zip(plan.fronts, plan.backs):
        assert back.trim.x == pytest.approx(front.trim.x + 1.5)
        assert back.trim.y == pytest.approx(H - front.trim.top - 0.5)


def test_gutterfold_backs_face_their_fronts_across_the_fold(classic):
    plan = plan_sheet(PAPERS["a4"], SheetLayout.GUTTERFOLD, card_frame(classic))
    fold = plan.fold_y
    assert fold == PAPERS["a4"].height_mm / 2 and plan.fold_x is None
    for front, back in zip(plan.fronts, plan.backs):
        assert front.clip.y - fold >= FOLD_GAP_MM - 1e-9 and fold - back.clip.top >= FOLD_GAP_MM - 1e-9
        assert back.trim.x == pytest.approx(front.trim.x)
        assert fold - back.trim.top == pytest.approx(front.trim.y - fold)
        assert (back.rotation - front.rotation) % 360 in (180, 0)
        assert back.rotation == (180 - front.rotation) % 360


def test_gutterfold_backs_face_their_fronts_across_a_fold_down_the_middle(classic):
    """Letter is too short for two rows of landscape poker cards each side of a fold across it
    (3 a sheet, turned); folded down the middle it holds 4, each back its front's mirror image."""
    plan = plan_sheet(PAPERS["letter"], SheetLayout.GUTTERFOLD, card_frame(classic))
    fold = plan.fold_x
    assert fold == PAPERS["letter"].width_mm / 2 and plan.fold_y is None and plan.per_sheet == 4
    for front, back in zip(plan.fronts, plan.backs):
        assert fold - front.clip.right >= FOLD_GAP_MM - 1e-9 and back.clip.x - fold >= FOLD_GAP_MM - 1e-9
        assert back.trim.y == pytest.approx(front.trim.y)
        assert back.trim.x - fold == pytest.approx(fold - front.trim.right)
        assert back.rotation == (-front.rotation) % 360


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", [(88.9, 63.5), (63.5, 88.9), (57.15, 88.9), (70, 120), (45, 68), (70, 70), (41, 63)])
def test_gutterfold_takes_the_fold_that_holds_more_cards(paper, size):
    from rushmore_print.layout.sheets import _fold_across, _fold_down

    frame = CardFrame(*size, 3.0)
    plan = plan_sheet(PAPERS[paper], SheetLayout.GUTTERFOLD, frame)
    across, down = _fold_across(PAPERS[paper], frame, 0.0), _fold_down(PAPERS[paper], frame, 0.0)
    assert plan.per_sheet == max(across.per_sheet, down.per_sheet if down else 0)
    assert (plan.fold_x is not None) == (down is not None and down.per_sheet > across.per_sheet)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", [(88.9, 63.5), (45, 68), (70, 70)])
def test_the_fold_line_and_its_label_cross_no_card_and_no_strip(classic, paper, size):
    from rushmore_print.layout.frame import Face
    from rushmore_print.layout.items import Group, Text
    from rushmore_print.layout.sheets import STRIP_MM, sheet_pages

    frame = CardFrame(*size, 3.0)
    plan = plan_sheet(PAPERS[paper], SheetLayout.GUTTERFOLD, frame)
    page = sheet_pages(plan, [(Face("F", None, ()), Face("B", None, ()))] * plan.per_sheet, "test")[0]
    fold_items = [i for i in page.items if isinstance(i, Shape) and i.dash_mm]
    fold_items += [i for i in page.items if isinstance(i, Text | Group) and "fold here" in repr(i)]
    assert len(fold_items) == 2
    strip_top = MARGIN_MM + STRIP_MM
    for item in fold_items:
        box = item_bounds(item, {})
        assert box is not None and box.y >= strip_top
        for slot in plan.fronts + plan.backs:
            assert not box.overlaps(slot.clip), (item, slot)


def test_other_card_sizes_fit(tmp_path):
    for size in [(70, 120), (45, 68), (70, 70), (41, 63)]:
        frame = CardFrame(*size, 3.0)
        for paper in PAPERS.values():
            for layout in LAYOUTS:
                assert plan_sheet(paper, layout, frame).per_sheet >= 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_fold_label_sits_clear_of_every_crop_mark(classic, classic_deck, paper):
    from rushmore_print.layout.sheets import sheet_pages
    from rushmore_print.writers.build import card_faces

    plan = plan_sheet(PAPERS[paper], SheetLayout.GUTTERFOLD, card_frame(classic))
    page = sheet_pages(plan, card_faces(classic, classic_deck)[:4], "test")[0]
    label = next(i for i in page.items if "fold here" in repr(i))  # a Text, or a Group turning one
    box = item_bounds(label, {})
    assert box is not None
    if plan.fold_x is not None:  # Letter: it reads up the fold line, beside it
        assert box.right < plan.fold_x and box.width < box.height
    for mark in plan.front_marks + plan.back_marks:
        mark_box = item_bounds(Shape(mark, stroke_mm=0.25), {})
        apart = mark_box.right < box.x or box.right < mark_box.x or mark_box.top < box.y or box.top < mark_box.y
        assert apart, (paper, mark_box, box)


def test_a_gap_spaces_the_cards_and_the_bleed_fills_it(classic):
    frame = card_frame(classic)
    plan = plan_sheet(PAPERS["a4"], SheetLayout.DUPLEX, frame, gap_mm=4.0)
    lefts = sorted({round(slot.trim.x, 6) for slot in plan.fronts})
    assert [round(b - a, 6) for a, b in itertools.pairwise(lefts)] == [round(plan.grid.cell_w + 4.0, 6)] * (
        len(lefts) - 1
    )
    row = sorted(
        (s for s in plan.fronts if round(s.trim.y, 6) == round(plan.fronts[0].trim.y, 6)), key=lambda s: s.trim.x
    )
    for a, b in itertools.pairwise(row):
        assert a.clip.right == pytest.approx(b.clip.x) == pytest.approx(a.trim.right + 2.0)  # half the gap each
    cut_xs = {round(x, 6) for s in plan.fronts for x in (s.trim.x, s.trim.right)}
    mark_xs = {round(m.commands[0][1], 6) for m in plan.front_marks if m.commands[0][1] == m.commands[1][1]}
    assert cut_xs == mark_xs  # a mark on both edges of every card


def mark_room(plan) -> float:
    """How close the nearest crop mark comes to the paper's edge (mm): many printers print
    nothing within 3 to 5 mm of it."""
    W, H = plan.paper.width_mm, plan.paper.height_mm
    boxes = [item_bounds(Shape(mark), {}) for mark in plan.front_marks + plan.back_marks]
    return min(min(box.x, box.y, W - box.right, H - box.top) for box in boxes)


@pytest.mark.parametrize(
    "paper, layout, room",
    [
        ("letter", SheetLayout.DUPLEX, 4.6),  # the strip beside the block: was 1.5 with it below
        ("letter", SheetLayout.FRONTS, 4.6),
        ("a4", SheetLayout.DUPLEX, 1.7),  # 9 cards leave 1.75 mm across A4, whatever goes where
    ],
)
def test_the_strip_leaves_the_crop_marks_room_from_the_paper_edge(classic, paper, layout, room):
    plan = plan_sheet(PAPERS[paper], layout, card_frame(classic))
    assert mark_room(plan) >= room


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("size", [(88.9, 63.5), (63.5, 88.9), (57.15, 88.9), (70, 120), (45, 68), (70, 70)])
def test_the_strip_crosses_no_card_and_no_mark(classic, paper, layout, size):
    from rushmore_print.layout.frame import Face
    from rushmore_print.layout.items import Group
    from rushmore_print.layout.sheets import sheet_pages

    plan = plan_sheet(PAPERS[paper], layout, CardFrame(*size, 3.0))
    pages = sheet_pages(plan, [(Face("F", None, ()), Face("B", None, ()))] * plan.per_sheet, "test")
    W, H = PAPERS[paper].width_mm, PAPERS[paper].height_mm
    for page, marks, slots in zip(pages, (plan.front_marks, plan.back_marks), (plan.fronts, plan.backs)):
        strip = next(i for i in page.items if isinstance(i, Group) and i.clip is None and "50 mm" in repr(i))
        box = item_bounds(strip, {})
        edge = MARGIN_MM - 0.15  # the ruler's first tick is stroked across the margin's line
        assert box.x >= edge and box.y >= edge and box.right <= W - edge and box.top <= H - edge
        on_page = slots + (plan.backs if layout is SheetLayout.GUTTERFOLD else ())
        for other in [item_bounds(Shape(m, stroke_mm=0.2), {}) for m in marks] + [s.clip for s in on_page]:
            assert not box.overlaps(other), (box, other)
