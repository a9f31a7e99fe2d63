"""The duplex calibration sheet, read as a person would: print both sides with a drifting
printer (the back page shifted), look through the paper, find the back line that lines up with a
front line, and check that the sheet's table then gives the --back-offset that undoes the drift."""

from __future__ import annotations

import shlex

import pytest
from click.testing import CliRunner
from PIL import Image, ImageOps
from pypdf import PdfReader

from rushmore_print.cli.commands import cli
from rushmore_print.layout.calibration import (
    MAIN_TICK,
    Scale,
    back_offset_for,
    calibration_pages,
    mirror,
    offset_text,
    scales,
)
from rushmore_print.layout.frame import CardFrame
from rushmore_print.layout.items import Group, Page, Text, translate
from rushmore_print.layout.sheets import PAPERS, Flip, SheetLayout, plan_sheet
from rushmore_print.render.png import render_page
from rushmore_print.units import PT_PER_MM, mm_to_px

DPI = 400
PX_MM = mm_to_px(1.0, DPI)
HALF_ALONG = 50.0  # mm each side of a scale's 0 the reader looks at
ACROSS = (-16.0, 14.0)  # mm across it

DRIFTS = [(1.0, 0.0), (-1.5, 0.5), (0.25, -2.0), (3.0, -3.0)]


def _crop(items: tuple, scale: Scale) -> Image.Image:
    """The page around ``scale``, rendered, as grey levels (0 black); the scale's axis along x."""
    x0, y0 = scale.point(-HALF_ALONG, ACROSS[0])
    x1, y1 = scale.point(HALF_ALONG, ACROSS[1])
    width, height = abs(x1 - x0), abs(y1 - y0)
    page = Page(width, height, (Group(items, translate(-min(x0, x1), -min(y0, y1))),))
    image = render_page(page, {}, DPI).convert("L")
    return image if scale.horizontal else image.transpose(Image.Transpose.ROTATE_270)


def _across_px(image: Image.Image, scale: Scale, across: float) -> int:
    """The pixel row of the crop at ``across`` mm from the scale's base line."""
    if scale.horizontal:
        return round((ACROSS[1] - across) * PX_MM)
    return round((across - ACROSS[0]) * PX_MM)  # turned: across runs down the rows


def _lines(image: Image.Image, scale: Scale, band: tuple[float, float]) -> list[float]:
    """Centres (mm from the crop's start along the axis) of the dark lines crossing ``band``."""
    rows = sorted(_across_px(image, scale, v) for v in band)
    strip = ImageOps.invert(image.crop((0, rows[0], image.width, rows[1])))
    profile = list(strip.resize((image.width, 1), Image.Resampling.BOX).get_flattened_data())
    centres, run = [], []
    for x, ink in enumerate(profile + [0]):
        if ink > 100:
            run.append((x, ink))
        elif run:
            total = sum(w for _, w in run)
            centres.append(sum(x * w for x, w in run) / total / PX_MM)
            run = []
    return centres


def _reach(image: Image.Image, scale: Scale, along_mm: float, start: float, step: float) -> float:
    """How far (mm across) the line at ``along_mm`` runs from ``start`` in the direction ``step``."""
    column = round(along_mm * PX_MM)
    pixels = image.load()
    across = start
    while ACROSS[0] < across < ACROSS[1]:
        row = _across_px(image, scale, across)
        if min(pixels[c, row] for c in range(column - 2, column + 3)) > 128:
            break
        across += step
    return across


def read_scale(front: Image.Image, back: Image.Image, scale: Scale) -> float:
    """The scale's reading from its drawn marks: the front number nearest the back's arrow plus
    the quarter-millimetre count of the back line that lines up best with a front line."""
    mains = _lines(front, scale, (MAIN_TICK[0] + 1.0, MAIN_TICK[1] - 1.0))
    verniers = _lines(back, scale, (-3.5, -1.0))  # the back's lines, wherever they landed across
    # The front's numbered lines reach further up, the 0 the furthest; the back's arrow line further down.
    tops = [_reach(front, scale, x, 2.0, 0.1) for x in mains]
    zero = mains[tops.index(max(tops))]
    numbered = [x for x, top in zip(mains, tops) if top > MAIN_TICK[1] + 1.0]
    arrow_at = min(range(len(verniers)), key=lambda i: _reach(back, scale, verniers[i], -2.0, -0.1))
    arrow = verniers[arrow_at]
    # The front numbers are whole mm; halfway between two, the sheet says to take the larger.
    coarse = round(min(numbered, key=lambda x: (round(abs(x - arrow), 1), -x)) - zero)
    misses = [min(abs(v - m) for m in mains) for v in verniers]
    best = misses.index(min(misses))
    assert sorted(misses)[1] - misses[best] > 0.1, "two back lines line up equally well"
    return coarse + 0.25 * (best - arrow_at)  # the back's numbers: a quarter mm a line from the arrow


def printed(
    paper: str, flip: Flip, drift: tuple[float, float], offset: tuple[float, float] = (0.0, 0.0)
) -> tuple[tuple, tuple]:
    """The sheet made with ``--back-offset offset``: its front, and its back as seen through the
    paper from the front, when the printer puts the back page ``drift`` mm off (in the back page's
    own coordinates)."""
    front, back = calibration_pages(PAPERS[paper], flip, back_offset=offset)
    landed = Group(back.items, translate(*drift))
    return front.items, (Group((landed,), mirror(PAPERS[paper], flip)),)


def readings(paper: str, front_items: tuple, back_items: tuple) -> list[float]:
    return [read_scale(_crop(front_items, s), _crop(back_items, s), s) for s in scales(PAPERS[paper])]


@pytest.mark.parametrize("flip", list(Flip))
@pytest.mark.parametrize("drift", DRIFTS)
@pytest.mark.slow
def test_the_sheet_reads_the_drift_and_its_table_undoes_it(flip, drift):
    paper = "a4" if flip is Flip.LONG else "letter"
    read = readings(paper, *printed(paper, flip, drift))
    offset = back_offset_for(flip, *read)
    assert offset == pytest.approx((-drift[0], -drift[1]), abs=1e-9), read
    # The sign is --back-offset's own: card backs planned with it, then drifted, land where
    # they would with neither.
    frame = CardFrame(88.9, 63.5, 3.0)
    still = plan_sheet(PAPERS[paper], SheetLayout.DUPLEX, frame, flip).backs[0].trim
    moved = plan_sheet(PAPERS[paper], SheetLayout.DUPLEX, frame, flip, offset).backs[0].trim
    assert (moved.x + drift[0], moved.y + drift[1]) == pytest.approx((still.x, still.y))


def test_a_sheet_that_did_not_drift_reads_zero():
    assert readings("a4", *printed("a4", Flip.LONG, (0.0, 0.0))) == [0.0, 0.0]


def _texts(items) -> list[str]:
    found = []
    for item in items:
        if isinstance(item, Text):
            found.append(item.text)
        elif isinstance(item, Group):
            found += _texts(item.items)
    return found


@pytest.mark.parametrize(
    ("flip", "drift"),
    [
        (Flip.LONG, (1.5, -0.75)),  # read on the first sheet: the check round reads 0
        (Flip.SHORT, (12.25, -11.5)),  # past 10 mm: no line lines up, a ruler reads it to the mm
        (Flip.LONG, (-13.25, 4.75)),
    ],
)
def test_the_check_round_reads_what_is_left_and_its_table_gives_the_whole_offset(flip, drift):
    """The steps the sheet prints, done as a user would: read the first sheet (past 10 mm:
    measure from the front's 0 line to the back's arrow with a ruler, to the mm), make the sheet
    again with the X,Y the table gives, print it with the same drift and read it: the X,Y its
    table gives undoes the whole drift."""
    paper = "a4" if flip is Flip.LONG else "letter"
    sx, sy = (1 if back_offset_for(flip, 1.0, 1.0)[i] > 0 else -1 for i in (0, 1))
    seen = (-drift[0] * sx, -drift[1] * sy)  # H and V: what back_offset_for turns into -drift
    if max(abs(part) for part in drift) <= 10.0:
        offset = back_offset_for(flip, *readings(paper, *printed(paper, flip, drift)))
    else:
        offset = back_offset_for(flip, *(float(round(part)) for part in seen))  # a ruler's reading
    front_items, back_items = printed(paper, flip, drift, offset)
    left = readings(paper, front_items, back_items)
    total = tuple(o + r for o, r in zip(offset, back_offset_for(flip, *left)))
    assert total == pytest.approx((-drift[0], -drift[1]), abs=1e-9), (offset, left)
    if max(abs(part) for part in drift) <= 10.0:
        assert left == [0.0, 0.0]  # the sheet's promise: both scales read 0
    # The table says so itself: its 0,0 row is the offset the sheet was printed with, and the
    # sheet names it beside --back-offset.
    texts = _texts(front_items)
    assert offset_text(offset) in texts
    assert any(f"--back-offset {offset_text(offset)}" in text for text in texts)


def _path_points(pdf, page: int) -> list[tuple[float, float]]:
    """Every point the page's paths pass through (``m`` and ``l``), in mm on the page: the page
    geometry, read from the file as a preflight tool reads it."""
    points = []

    def visit(op, args, cm, tm):
        if op in (b"m", b"l"):
            x, y = (float(v) for v in args)
            a, b, c, d, e, f = cm
            points.append((round((a * x + c * y + e) / PT_PER_MM, 3), round((b * x + d * y + f) / PT_PER_MM, 3)))

    PdfReader(pdf).pages[page].extract_text(visitor_operand_before=visit)
    return points


@pytest.mark.parametrize(("flip", "offset"), [(Flip.LONG, (1.0, 1.0)), (Flip.SHORT, (-12.5, 3.25))])
def test_calibrate_back_offset_moves_the_backs_by_it_in_the_pdf(tmp_path, flip, offset):
    """``rushmore calibrate --back-offset X,Y`` writes the sheet with the back's scales moved by X,Y
    mm on the back page, as build moves card backs; the front and the back's own strip stay."""
    name = f"calibration_a4_{flip.value}.pdf"
    for folder, extra in (("still", []), ("moved", ["--back-offset", offset_text(offset)])):
        args = ["calibrate", "-o", str(tmp_path / folder), "--paper", "a4", "--flip", flip.value, *extra]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
    still, moved = (tmp_path / folder / name for folder in ("still", "moved"))
    assert _path_points(still, 0) == _path_points(moved, 0)  # the front does not move
    before, after = _path_points(still, 1), _path_points(moved, 1)
    assert len(before) == len(after)
    pairs = list(zip(before, after))
    moved = [p for p, q in pairs if q == pytest.approx((p[0] + offset[0], p[1] + offset[1]), abs=2e-3)]
    kept = [p for p, q in pairs if q == p]
    assert len(moved) + len(kept) == len(pairs)  # every point stayed or moved by exactly X,Y
    assert len(moved) == 2 * (2 * 16 + 3)  # both verniers: 16 lines and an arrow each
    assert kept and all(y > 280.0 for _, y in kept)  # what stayed is the strip along the top


def test_every_command_the_sheet_prints_runs(tmp_path):
    """No step the tool cannot do: each ``rushmore ...`` line on the sheet, X,Y past 10 mm,
    is a command whose options all exist (once they did not: ``calibrate --back-offset``)."""
    image = tmp_path / "card.png"
    Image.new("RGB", (750, 1050), "white").save(image)
    for flip in Flip:
        front, _ = calibration_pages(PAPERS["a4"], flip, back_offset=(12.0, -3.0))
        commands = [text for text in _texts(front.items) if text.startswith("rushmore ")]
        assert {command.split()[1] for command in commands} == {"build", "impose", "calibrate"}
        for command in commands:
            args = shlex.split(command.replace("X,Y", "12.5,-14").replace("IMAGES...", str(image)))[1:]
            sub = cli.commands[args[0]]
            with sub.make_context(args[0], args[1:]) as context:  # parses every option as typed
                assert context.params.get("back_offset") == (12.5, -14.0), command


def test_calibrate_writes_both_papers(tmp_path):
    result = CliRunner().invoke(cli, ["calibrate", "-o", str(tmp_path), "--flip", "short"])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["calibration_a4_short.pdf", "calibration_letter_short.pdf"]
    again = tmp_path / "again"
    CliRunner().invoke(cli, ["calibrate", "-o", str(again), "--paper", "a4", "--flip", "short"])
    assert (again / names[0]).read_bytes() == (tmp_path / names[0]).read_bytes()  # byte-identical rebuilds
