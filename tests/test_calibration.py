"""The duplex calibration sheet, read as a person would: print both sides with a drifting
printer (the back page shifted), look through the paper, find the back line that lines up with a
front line, and check that the sheet's table then gives the --back-offset that undoes the drift."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from PIL import Image, ImageOps

from rushmore_print.cli.commands import cli
from rushmore_print.layout.calibration import (
    MAIN_TICK,
    Scale,
    back_offset_for,
    calibration_pages,
    mirror,
    scales,
)
from rushmore_print.layout.frame import CardFrame
from rushmore_print.layout.items import Group, Page, translate
from rushmore_print.layout.sheets import PAPERS, Flip, SheetLayout, plan_sheet
from rushmore_print.render.png import render_page
from rushmore_print.units import mm_to_px

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


def printed(paper: str, flip: Flip, drift: tuple[float, float]) -> tuple[tuple, tuple]:
    """The sheet's front, and its back as seen through the paper from the front, when the
    printer puts the back page ``drift`` mm off (in the back page's own coordinates)."""
    front, back = calibration_pages(PAPERS[paper], flip)
    landed = Group(back.items, translate(*drift))
    return front.items, (Group((landed,), mirror(PAPERS[paper], flip)),)


@pytest.mark.parametrize("flip", list(Flip))
@pytest.mark.parametrize("drift", DRIFTS)
def test_the_sheet_reads_the_drift_and_its_table_undoes_it(flip, drift):
    paper = "a4" if flip is Flip.LONG else "letter"
    front_items, back_items = printed(paper, flip, drift)
    readings = []
    for scale in scales(PAPERS[paper]):
        readings.append(read_scale(_crop(front_items, scale), _crop(back_items, scale), scale))
    offset = back_offset_for(flip, *readings)
    assert offset == pytest.approx((-drift[0], -drift[1]), abs=1e-9), readings
    # The sign is --back-offset's own: card backs planned with it, then drifted, land where
    # they would with neither.
    frame = CardFrame(88.9, 63.5, 3.0)
    still = plan_sheet(PAPERS[paper], SheetLayout.DUPLEX, frame, flip).backs[0].trim
    moved = plan_sheet(PAPERS[paper], SheetLayout.DUPLEX, frame, flip, offset).backs[0].trim
    assert (moved.x + drift[0], moved.y + drift[1]) == pytest.approx((still.x, still.y))


def test_a_sheet_that_did_not_drift_reads_zero():
    front_items, back_items = printed("a4", Flip.LONG, (0.0, 0.0))
    for scale in scales(PAPERS["a4"]):
        assert read_scale(_crop(front_items, scale), _crop(back_items, scale), scale) == 0.0


def test_calibrate_writes_both_papers(tmp_path):
    result = CliRunner().invoke(cli, ["calibrate", "-o", str(tmp_path), "--flip", "short"])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["calibration_a4_short.pdf", "calibration_letter_short.pdf"]
    again = tmp_path / "again"
    CliRunner().invoke(cli, ["calibrate", "-o", str(again), "--paper", "a4", "--flip", "short"])
    assert (again / names[0]).read_bytes() == (tmp_path / names[0]).read_bytes()  # byte-identical rebuilds
