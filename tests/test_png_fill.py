"""The PNG renderer's own fills (render/png.py) against the algorithms they replaced, kept here as
the oracle: the scanline that sorted every row's crossings (nonzero and translucent fills) and the
one full-box layer per subpath XOR-ed (even-odd fills of several subpaths). The fills must give
the same pixels, to the bit, for ordinary art and for the tricky cases; art made to be slow to
fill is refused when the design is read (readers/svg_art.py's crossings limit)."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from rushmore_print.cli.commands import cli
from rushmore_print.layout.items import FillRule
from rushmore_print.readers import svg_art
from rushmore_print.render import png

from .svg_fill_art import traced, triangles, zigzag

# ------------------------------------------------------------------------ the oracle: the old code


def old_coverage(polygons: list, rule: FillRule, box: tuple[int, int, int, int]) -> bytes:
    """render/png.py's _coverage as it was: every row's crossings computed, sorted and walked."""
    left, top, right, bottom = box
    width = right - left
    edges = []
    for polygon in polygons:
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
            if y0 == y1:
                continue
            direction = 1 if y1 > y0 else -1
            if y0 > y1:
                x0, y0, x1, y1 = x1, y1, x0, y0
            edges.append((y0, y1, x0, (x1 - x0) / (y1 - y0), direction))
    edges.sort()
    data = bytearray(width * (bottom - top))
    active: list[tuple] = []
    waiting = 0
    for row in range(bottom - top):
        y = top + row + 0.5
        while waiting < len(edges) and edges[waiting][0] <= y:
            active.append(edges[waiting])
            waiting += 1
        active = [edge for edge in active if edge[1] > y]
        crossings = sorted((edge[2] + (y - edge[0]) * edge[3], edge[4]) for edge in active)
        winding = 0
        for (x, direction), (next_x, _) in itertools.pairwise(crossings):
            winding += direction
            if (winding != 0) if rule is FillRule.NONZERO else (winding % 2):
                start = max(0, math.ceil(x - left - 0.5))
                end = min(width, math.ceil(next_x - left - 0.5))
                if end > start:
                    data[row * width + start : row * width + end] = b"\xff" * (end - start)
    return bytes(data)


def old_even_odd(polygons: list, box: tuple[int, int, int, int]) -> bytes:
    """_fill_even_odd's mask as it was: one layer the box's size a subpath, XOR-ed."""
    left, top, right, bottom = box
    mask = Image.new("1", (right - left, bottom - top), 0)
    for polygon in polygons:
        layer = Image.new("1", mask.size, 0)
        ImageDraw.Draw(layer).polygon([(x - left, y - top) for x, y in polygon], fill=1)
        mask = ImageChops.logical_xor(mask, layer)
    return mask.tobytes()


def dense(polygons: list, rule: FillRule, box: tuple[int, int, int, int]) -> bytes:
    """The winding-number fill, taken whatever the crossings (_coverage takes it for dense rows)."""
    return png._dense_coverage(png._edges(polygons), rule, box).tobytes()


# ------------------------------------------------------------------------------ the tricky cases

SQUARE = [(2, 2), (18, 2), (18, 18), (2, 18)]
SAME_WAY = [(6, 6), (14, 6), (14, 14), (6, 14)]
OTHER_WAY = SAME_WAY[::-1]
STAR = [(10, 1), (15.9, 18.1), (0.5, 7.2), (19.5, 7.2), (4.1, 18.1)]  # self-crossing: its middle winds twice
CASES = {
    "a hole the same way round": [SQUARE, SAME_WAY],
    "a hole the other way round": [SQUARE, OTHER_WAY],
    "a star crossing itself": [STAR],
    "two stars overlapping": [STAR, [(x + 3.3, y + 1.7) for x, y in STAR]],
    "subpaths touching along an edge": [[(2, 2), (10, 2), (10, 18), (2, 18)], [(10, 2), (18, 2), (18, 18), (10, 18)]],
    "subpaths touching at a corner": [[(2, 2), (10, 2), (10, 10)], [(10, 10), (18, 10), (18, 18)]],
    "edges on pixel centres": [
        [(2.5, 2.5), (15.5, 2.5), (15.5, 15.5), (2.5, 15.5)],
        [(5.5, 5.5), (9.5, 5.5), (9.5, 9.5)],
    ],
    "vertices on pixel centres": [[(3.5, 0.5), (17.5, 9.5), (3.5, 18.5), (10.5, 9.5)]],
    "edges on pixel boundaries": [[(2, 3), (16, 3), (16, 17), (2, 17)], [(4, 5), (12, 5), (12, 9), (4, 9)]],
    "a sliver thinner than a pixel": [[(2, 2), (18, 2.3), (2, 2.6)], [(5.2, 4), (5.4, 18), (5.3, 4)]],
    "partly outside the box": [[(-30, -10), (40, 5), (12, 60)], SAME_WAY],
    "far outside the box": [[(-1e5, -1e5), (1e5, -1e5), (1e5, 1e5)], [(-1e5, 9.5), (1e5, 9.5), (0, 1e5)]],
    "a horizontal edge": [[(1, 4.5), (19, 4.5), (19, 16), (1, 16)]],
    "a nested pair of holes": [SQUARE, OTHER_WAY, [(8, 8), (12, 8), (12, 12), (8, 12)]],
}
BOXES = [(0, 0, 20, 20), (3, 1, 17, 19), (-2, -3, 23, 21)]


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("rule", list(FillRule))
def test_the_fills_give_the_old_pixels_in_the_tricky_cases(name, rule):
    """_coverage (whichever way it takes) and the winding-number fill both give the old
    scanline's pixels; so does the even-odd mask the old layers (touching subpaths, sharing a
    layer or not: the grid made fine so that they do)."""
    polygons = CASES[name]
    for box in BOXES:
        expected = old_coverage(polygons, rule, box)
        assert png._coverage(polygons, rule, box).tobytes() == expected, box
        assert dense(polygons, rule, box) == expected, box
        if rule is FillRule.EVEN_ODD:
            assert png._even_odd_mask(polygons, box).tobytes() == old_even_odd(polygons, box), box


def test_the_tricky_cases_are_not_trivial():
    """The cases tell the rules apart: a hole the same way round is filled by nonzero alone, a
    star's middle likewise; and the fills do fill something."""
    box = BOXES[0]
    for name in ("a hole the same way round", "a star crossing itself"):
        nonzero = old_coverage(CASES[name], FillRule.NONZERO, box)
        assert nonzero != old_coverage(CASES[name], FillRule.EVEN_ODD, box) and nonzero.count(255) > 100
    assert old_coverage(CASES["a hole the other way round"], FillRule.NONZERO, box).count(255) == 16 * 16 - 8 * 8


def random_polygons(rng: random.Random, count: int, size: float) -> list:
    polygons = []
    for _ in range(count):
        grid = rng.choice([0.5, 0.25, 1.0, None])  # on pixel centres and boundaries, or anywhere
        points = []
        for _ in range(rng.randint(3, 10)):
            x, y = rng.uniform(-4, size + 4), rng.uniform(-4, size + 4)
            points.append((round(x / grid) * grid, round(y / grid) * grid) if grid else (x, y))
        polygons.append(points)
    return polygons


def test_the_fills_give_the_old_pixels_for_random_polygons():
    rng = random.Random(20261203)
    for _ in range(300):
        polygons = random_polygons(rng, rng.randint(1, 5), 30)
        box = (rng.randint(-3, 4), rng.randint(-3, 4), rng.randint(20, 34), rng.randint(20, 34))
        for rule in FillRule:
            expected = old_coverage(polygons, rule, box)
            assert png._coverage(polygons, rule, box).tobytes() == expected, (polygons, box)
            assert dense(polygons, rule, box) == expected, (polygons, box)
        mask = png._even_odd_mask(polygons, box)
        assert mask is not None and mask.tobytes() == old_even_odd(polygons, box), (polygons, box)


def test_even_odd_layers_give_the_old_pixels_for_many_random_subpaths():
    """Dozens of small subpaths, apart, touching and overlapping: shared layers, the same XOR."""
    rng = random.Random(7)
    shared = 0
    for _ in range(400):
        polygons = []
        for _ in range(rng.randint(5, 40)):
            x, y, size = rng.uniform(0, 64), rng.uniform(0, 64), rng.uniform(0.3, 7)
            polygons.append([(round(x + rng.uniform(-size, size) * 2) / 2, round(y + rng.uniform(-size, size) * 2) / 2)
                             for _ in range(rng.randint(3, 6))])  # fmt: skip
        box = (0, 0, 64, 64)
        mask = png._even_odd_mask(polygons, box)
        if mask is not None:  # None: more layers than _MOST_LAYERS (the scanline's then)
            assert mask.tobytes() == old_even_odd(polygons, box), polygons
            shared += 1
    assert shared > 300, shared


def test_many_small_subpaths_share_a_few_layers_with_the_old_pixels(monkeypatch):
    """10,000 triangles were 10,000 layers the box's size, XOR-ed: apart, they share a few."""
    specks = [[(x * 4.7, y * 4.7), (x * 4.7 + 3.1, y * 4.7 + 0.6), (x * 4.7 + 1.4, y * 4.7 + 3.2)]
              for y in range(50) for x in range(50)]  # fmt: skip
    overlapping = [[(x - 6, y - 6), (x + 2, y), (x, y + 3)] for x, y in specks[0][:1] * 3]
    box = (0, 0, 236, 236)
    xors = []
    real_xor = ImageChops.logical_xor
    monkeypatch.setattr(png.ImageChops, "logical_xor", lambda a, b: xors.append(1) or real_xor(a, b))
    mask = png._even_odd_mask(specks + overlapping, box)
    assert 3 <= len(xors) <= 20  # the three overlapping ones a layer each at least; not 2,503
    monkeypatch.setattr(png.ImageChops, "logical_xor", real_xor)
    assert mask.tobytes() == old_even_odd(specks + overlapping, box)


def test_thousands_of_overlapping_subpaths_are_filled_by_the_scanline():
    """Past _MOST_LAYERS layers the even-odd fill is the scanline's (bounded by a row's
    crossings, which the reader bounds), not one layer a subpath."""
    rng = random.Random(5)
    polygons = [[(rng.uniform(0, 60), rng.uniform(0, 60)) for _ in range(3)] for _ in range(png._MOST_LAYERS * 4)]
    box = (0, 0, 60, 60)
    assert png._even_odd_mask(polygons, box) is None
    canvas = Image.new("RGB", (60, 60), "white")
    png._Painter(canvas, {}, {})._fill_even_odd(polygons, (0, 0, 0))
    expected = Image.frombytes("L", (60, 60), old_coverage(polygons, FillRule.EVEN_ODD, box))
    assert canvas.convert("L").point(lambda v: 255 - v).tobytes() == expected.tobytes()


def test_a_dense_zigzag_takes_the_winding_numbers_with_the_old_pixels(monkeypatch):
    """The brief's zigzag (every edge the box's height), smaller: the old scanline computed and
    sorted every crossing of every row; _coverage now goes by winding numbers, same pixels."""
    n = 1_500
    zigzag = [(i * 200 / n, 0 if i % 2 == 0 else 200) for i in range(n)] + [(200, 200), (0, 200)]
    diagonal = [((i * 37) % 200, 0 if i % 2 == 0 else 200) for i in range(300)]
    taken = []
    real = png._dense_coverage
    monkeypatch.setattr(png, "_dense_coverage", lambda *args: taken.append(1) or real(*args))
    for polygons in ([zigzag], [diagonal], [zigzag, diagonal]):
        for rule in FillRule:
            assert png._coverage(polygons, rule, (0, 0, 200, 200)).tobytes() == old_coverage(
                polygons, rule, (0, 0, 200, 200)
            )
    assert len(taken) == 6
    ordinary = [[(50 + 40 * math.cos(a / 50), 50 + 40 * math.sin(a / 50)) for a in range(315)]]
    png._coverage(ordinary, FillRule.NONZERO, (0, 0, 100, 100))
    assert len(taken) == 6  # a circle's rows hold two crossings: the scanline, as before


# ----------------------------------------------------------------------- the reader's limit

NS = 'xmlns="http://www.w3.org/2000/svg"'


def zigzag_svg(edges: int) -> str:
    points = " ".join(f"{i * 1000 / edges:.2f},{0 if i % 2 == 0 else 1000}" for i in range(edges))
    return f'<svg {NS} viewBox="0 0 1000 1000"><polygon points="{points} 1000,1000 0,1000"/></svg>'


def test_crossings_are_counted_as_a_row_meets_them():
    square = svg_art.parse(f'<svg {NS} viewBox="0 0 10 10"><rect width="10" height="10"/></svg>')
    assert svg_art.crossings(square.shapes, square.view[3]) == pytest.approx(2.0)
    half = svg_art.parse(f'<svg {NS} viewBox="0 0 10 10"><rect y="5" width="10" height="50"/></svg>')
    assert svg_art.crossings(half.shapes, half.view[3]) == pytest.approx(1.0)  # only what lies in the drawing
    stroked = svg_art.parse(f'<svg {NS} viewBox="0 0 10 10"><rect width="9" height="9" fill="none" stroke="red"/>'
                            '<rect width="2" height="10"/></svg>')  # fmt: skip
    assert svg_art.crossings(stroked.shapes, stroked.view[3]) == pytest.approx(2.0)  # strokes are not filled
    assert svg_art.crossings(svg_art.parse(zigzag_svg(490)).shapes, 1000.0) == pytest.approx(490)


def test_a_zigzag_past_the_crossings_limit_is_refused_saying_what_is_allowed():
    svg_art.parse(zigzag_svg(490))
    with pytest.raises(svg_art.SvgError) as refused:
        svg_art.parse(zigzag_svg(14_500))
    assert str(refused.value) == (
        "its filled shapes' edges cross a horizontal line 14,500 times on average; at most 500 are drawn "
        "(a detailed traced illustration crosses about 100); simplify the drawing (Inkscape: Path > Simplify) "
        "or merge its stripes"
    )


@pytest.mark.parametrize("command", [["validate"], ["build", "-o"], ["export", "png", "-o"]])
def test_validate_build_and_export_refuse_it_naming_the_file(runner, write_design, tmp_path, command):
    path = write_design("name: Zigzag\nheads: [{name: A, art: zigzag.svg}, B, C, D]\ndirections: [left, right]\n"
                        "search: {seed: 1, red_counts: {0: 4}}\n")  # fmt: skip
    (path.parent / "zigzag.svg").write_text(zigzag_svg(14_500))
    result = runner.invoke(cli, [*command, *([str(tmp_path / "out")] if command[-1] == "-o" else []), str(path)])
    assert result.exit_code == 1, result.output
    assert not (tmp_path / "out").exists()
    assert (
        f"{path}:2: heads.1.art: 'zigzag.svg': its filled shapes' edges cross a horizontal line 14,500 times"
        in result.stderr
    ), result.stderr
    assert "at most 500 are drawn" in result.stderr


def test_real_art_is_far_inside_the_limit():
    """An editor's head (bench/bench_svg.py), a traced illustration of 6,000 curves and the
    test suite's random drawings cross a row a few dozen times at most; the art the bench
    makes slow to fill is refused or admitted as it says."""
    from bench.bench_svg import EDITOR_SVG

    from .fuzzing import svg_art as random_svg

    editor = svg_art.parse(EDITOR_SVG.replace("{skin}", "peru").replace("{hair}", "black"))
    assert svg_art.crossings(editor.shapes, editor.view[3]) < 10
    illustration = svg_art.parse(traced())
    assert 30 < svg_art.crossings(illustration.shapes, illustration.view[3]) < 100
    rng = random.Random(20)
    for _ in range(200):
        try:
            drawing = svg_art.parse(random_svg(rng))
        except svg_art.SvgError as exc:
            assert "cross a horizontal line" not in str(exc)
            continue
        assert svg_art.crossings(drawing.shapes, drawing.view[3]) < svg_art.MAX_CROSSINGS / 10
    svg_art.parse(triangles(10_000))
    svg_art.parse(zigzag(490, drift=0.75))
    with pytest.raises(svg_art.SvgError, match="cross a horizontal line 14,501 times"):
        svg_art.parse(zigzag(14_500, opacity=' fill-opacity="0.5"'))


def test_the_art_guide_states_the_crossings_limit():
    from .docpages import page

    limits = " ".join(page("guide/art.md").split())
    assert f"crossing a horizontal line at most {svg_art.MAX_CROSSINGS:,} times on average" in limits
