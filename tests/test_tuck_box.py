"""The tuck box: a net that holds the deck and closes, on both papers, for every example design and
card preset; said clearly when it does not fit; drawn (art, notch, glue) as a printer sees it;
in the design's language; written by ``rushmore build``."""

import dataclasses
import functools
import re

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from rushmore_print.cli.commands import cli
from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import load_design, parse_design
from rushmore_print.language.i18n import catalogue, languages
from rushmore_print.layout.cards import card_frame, symbols
from rushmore_print.layout.items import Group, Shape, Text
from rushmore_print.layout.tuck_box import (
    CARD_STOCK,
    MARGIN_MM,
    SLEEVED,
    BoxTooLarge,
    box_sheet,
    folds,
    net_problems,
    outline,
    panels,
    tuck_box,
)
from rushmore_print.render.png import render_page
from rushmore_print.sizes import CARD_PRESETS, PAPERS

from .conftest import DESIGNS


@functools.lru_cache(maxsize=16)
def _design(path, preset=None):
    design = load_design(path)
    if preset is not None:
        short, long = CARD_PRESETS[preset]
        wide = design.print.width_mm > design.print.height_mm  # the design's orientation, kept
        width, height = (long, short) if wide else (short, long)
        design = dataclasses.replace(
            design, print=dataclasses.replace(design.print, card_name=preset, width_mm=width, height_mm=height)
        )
    return design, generate_deck(design)


def _deck_size(design, deck, box):
    """The deck as it goes in: the card's width and height as the box's front stands (turned or
    not), with a sleeve's edges, and its thickness."""
    frame = card_frame(design)
    across, up = (frame.height_mm, frame.width_mm) if box.turned else (frame.width_mm, frame.height_mm)
    side = box.stock.side_mm
    return across + side, up + side, (len(deck.monuments) + len(deck.search)) * box.stock.card_mm


def _bounds(path):
    points = path.points()
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("stock", [CARD_STOCK, SLEEVED], ids=["plain", "sleeved"])
@pytest.mark.parametrize("preset", list(CARD_PRESETS))
@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.stem)
def test_the_box_holds_the_deck_and_its_net_closes_or_it_says_it_does_not_fit(path, preset, stock):
    """For every example design and card preset, plain and sleeved, on A4 and Letter: the box's
    inside (from the layout's numbers) holds the deck with room, every panel matches the one it
    folds onto, and the cut line stays inside the paper's margins; or the build is told why not,
    in numbers, naming the paper."""
    design, deck = _design(path, preset)
    for paper in PAPERS.values():
        try:
            sheet = box_sheet(design, deck, paper, stock)
        except BoxTooLarge as exc:
            message = str(exc)
            assert f"does not fit {paper.name} paper" in message and "mm inside" in message, message
            assert f"{len(deck.monuments) + len(deck.search)} cards" in message
            continue
        box = sheet.box
        width, height, thickness = _deck_size(design, deck, box)
        assert box.width >= width + 0.5 and box.height >= height + 0.5 and box.depth >= thickness + 0.5
        assert net_problems(box, (width, height, thickness)) == []
        # the folds down the tube: back, side, front, side, then the glue strip
        xs = sorted({round(a[0], 6) for a, b in folds(box) if a[0] == b[0]})
        steps = [round(b - a, 6) for a, b in zip([0.0, *xs], xs)]
        assert steps == [box.width, box.depth, box.width, box.depth], steps
        left, low, right, high = _bounds(outline(box))
        x, y = sheet.origin
        assert left + x >= MARGIN_MM - 1e-6 and right + x <= sheet.page.width_mm - MARGIN_MM + 1e-6
        assert low + y >= MARGIN_MM - 1e-6 and high + y <= sheet.page.height_mm - MARGIN_MM + 1e-6
        assert (round(right - left, 3), round(high - low, 3)) == box.net_size


def test_a_tarot_deck_of_100_cards_does_not_fit_a4_and_says_so():
    design, _ = _design(DESIGNS[0], "tarot")
    deck = generate_deck(design)
    big = dataclasses.replace(deck, search=deck.search * 2 + deck.search[:6])  # 16 + 84 = 100 cards
    with pytest.raises(BoxTooLarge, match=r"the tuck box for 100 cards \(.* mm inside\) does not fit A4 paper"):
        box_sheet(design, big, PAPERS["a4"])


# Two builds of the 320-card deck (about 3 s of CPU): .ci/check runs it. The default run's
# test_the_box_holds_the_deck_and_its_net_closes_or_it_says_it_does_not_fit refuses the eight-head
# box on both papers with the same numbers, and test_a_tarot_deck_of_100_cards_does_not_fit_a4_and_says_so.
@pytest.mark.slow
def test_the_eight_head_deck_is_left_out_with_a_note_and_refused_when_asked_for(runner, tmp_path):
    """320 cards make a box 97 mm deep: the default build leaves it out and says why; asked for by
    name, the build stops with the same reason and writes nothing."""
    eight = next(p for p in DESIGNS if p.stem == "eight")
    args = ["build", str(eight), "--paper", "a4", "--layout", "duplex"]
    result = runner.invoke(cli, [*args, "-o", str(tmp_path / "a")])
    assert result.exit_code == 0, result.output
    assert "note: the tuck box for 320 cards" in result.output and "does not fit A4 paper" in result.output
    assert not list((tmp_path / "a").glob("*tuck-box*"))
    result = runner.invoke(cli, [*args, "--tuck-box", "-o", str(tmp_path / "b")])
    assert result.exit_code == 1 and "does not fit A4 paper" in result.output, result.output
    assert not (tmp_path / "b").exists() or not list((tmp_path / "b").iterdir())


def test_the_net_check_sees_a_net_that_would_not_close():
    design, deck = _design(DESIGNS[0])
    box = tuck_box(design, deck)
    size = _deck_size(design, deck, box)
    assert net_problems(box, size) == []
    assert net_problems(dataclasses.replace(box, tab=box.depth + 1), size)  # the tab would not fold flat
    assert net_problems(dataclasses.replace(box, flap=box.width * 0.6), size)  # the top flaps would overlap
    assert net_problems(dataclasses.replace(box, depth=size[2]), size)  # no room for the deck
    assert net_problems(box, (size[0] + 1.5, size[1], size[2]))  # a card as wide as the box


def _texts(items, matrix_free=True):
    for item in items:
        if isinstance(item, Group):
            yield from _texts(item.items)
        elif isinstance(item, Text):
            yield item.text


@pytest.mark.parametrize("language", languages())
def test_the_box_speaks_the_design_s_language(language):
    """Every word on the sheet comes from the design's language: the steps, the key, the note
    that says what the box holds and the print note; no English left in another language."""
    path = DESIGNS[0]
    text = re.sub(
        r"^name: .*$", lambda m: f"{m.group(0)}\nlanguage: {language}", path.read_text("utf-8"), count=1, flags=re.M
    )
    design = parse_design(text, path.name, path.parent)
    deck = generate_deck(design)
    t = catalogue(language)
    page = box_sheet(design, deck, PAPERS["a4"]).page
    words = " ".join(" ".join(_texts(page.items)).split())
    for message in (
        "Tuck box",
        "Cut along the solid line, the thumb notch too.",
        "Glue the hatched strip inside the back: the box becomes a tube.",
    ):
        assert " ".join(t.gettext(message).split()) in words, (language, message)
    assert t.pgettext("tuck box", "glue") in words
    if language != "en":
        assert "Cut along" not in words and "Holds" not in words and "glue" not in words.split()


def _page_pixels(sheet, design, dpi=40):
    image = render_page(sheet.page, symbols(design), dpi).convert("L")
    return image, dpi / 25.4


def test_the_front_wears_the_back_art_and_the_notch_is_cut_away():
    """At 40 dpi: the front panel is the Monuments' back (not a flat ground: its medallion shows
    light in the middle), the back panel the Search cards' back, and the thumb notch is paper
    (outside the cut and its bleed), while the front beside it is printed."""
    design, deck = _design(DESIGNS[0])
    sheet = box_sheet(design, deck, PAPERS["a4"])
    image, px = _page_pixels(sheet, design)
    ox, oy = sheet.origin
    H = sheet.page.height_mm

    def at(x, y):  # net mm -> the pixel's grey
        return image.getpixel((int((ox + x) * px), int((H - (oy + y)) * px)))

    box, p = sheet.box, panels(sheet.box)
    front, back = p["front"], p["back"]
    middle = [at(r.x + r.width / 2, r.y + r.height / 2) for r in (front, back)]
    edge = [at(r.x + 3, r.y + 3) for r in (front, back)]
    assert all(m > e + 60 for m, e in zip(middle, edge)), (middle, edge)  # a light medallion on a dark band
    notch_x = front.x + front.width / 2
    assert at(notch_x, box.height - box.notch / 2 + 0.5) > 240  # the notch: bare paper
    assert at(notch_x - box.notch - 3, box.height - box.notch / 2) < 120  # beside it: the printed front
    glue = p["glue"]
    assert at(glue.x + glue.width / 2, glue.y + glue.height / 4) > 150  # glue areas stay bare, hatched


# Four builds of the kit (about 3 s of CPU): .ci/check runs it. In the default run,
# test_the_box_in_cmyk_has_no_rgb_colour has `rushmore build` write the box and reads it back, and
# test_the_box_holds_the_deck_and_its_net_closes_or_it_says_it_does_not_fit sizes its inside, plain
# and sleeved, for every example design and card.
@pytest.mark.slow
def test_the_kit_has_a_tuck_box_for_each_paper_byte_identical_twice(runner, tmp_path):
    """``rushmore build`` writes the box for A4 and Letter (one page each, the box's title and
    subject), the same bytes twice; ``--no-tuck-box`` leaves them out; ``--sleeves`` makes it deeper."""
    names = ["mount-rushmore_tuck-box_a4.pdf", "mount-rushmore_tuck-box_letter.pdf"]
    for out in ("one", "two"):
        result = runner.invoke(cli, ["build", "--layout", "duplex", "-o", str(tmp_path / out)])
        assert result.exit_code == 0, result.output
    for name in names:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
        reader = PdfReader(tmp_path / "one" / name)
        assert len(reader.pages) == 1 and reader.metadata.title == "Mount Rushmore: tuck box"
        assert "inside 90.4 × 65 × 18 mm" in reader.pages[0].extract_text()
    result = runner.invoke(cli, ["build", "--layout", "duplex", "--no-tuck-box", "-o", str(tmp_path / "none")])
    assert result.exit_code == 0 and not list((tmp_path / "none").glob("*tuck-box*"))
    result = runner.invoke(
        cli, ["build", "--layout", "duplex", "--sleeves", "--paper", "a4", "-o", str(tmp_path / "s")]
    )
    assert result.exit_code == 0, result.output
    text = PdfReader(tmp_path / "s" / names[0]).pages[0].extract_text()
    assert "in sleeves" in text and "inside 92.4 × 67 × 23.5 mm" in text, text


def test_the_box_in_cmyk_has_no_rgb_colour(runner, tmp_path):
    result = runner.invoke(cli, ["build", "--layout", "duplex", "--paper", "letter", "--cmyk", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = PdfReader(tmp_path / "mount-rushmore_tuck-box_letter.pdf").pages[0]
    operators, spaces = _colour_use(page.get_contents(), page["/Resources"])
    assert not operators & {b"rg", b"RG"} and operators & {b"k", b"K"}, operators
    assert "/DeviceRGB" not in spaces, spaces


def _colour_use(content, resources) -> tuple[set[bytes], set[str]]:
    """The colour operators a content stream and its forms use, and the colour spaces of its images."""
    operators = {operator for _, operator in ContentStream(content, None).operations}
    spaces: set[str] = set()
    for thing in (resources.get("/XObject") or {}).values():
        thing = thing.get_object()
        if thing["/Subtype"] == "/Image":
            spaces.add(str(thing.get("/ColorSpace")))
        else:
            inner, inner_spaces = _colour_use(thing, thing.get("/Resources") or {})
            operators |= inner
            spaces |= inner_spaces
    return operators, spaces


def test_cut_fold_and_glue_marks_are_drawn():
    """The cut line is the whole outline, solid; the folds dashed; the glue areas bare and hatched."""
    design, deck = _design(DESIGNS[0])
    sheet = box_sheet(design, deck, PAPERS["letter"])
    net = sheet.page.items[0].items
    cuts = [s for s in net if isinstance(s, Shape) and s.path == outline(sheet.box) and s.stroke and s.fill is None]
    dashed = [s for s in net if isinstance(s, Shape) and s.dash_mm]
    assert len(cuts) == 1 and not cuts[0].dash_mm
    assert len(dashed) == len(folds(sheet.box))


def _segments(path):
    """The straight pieces of a path, as (start, end) pairs."""
    found, here, start = [], None, None
    for command in path.commands:
        if command[0] == "M":
            here = start = command[1:]
        elif command[0] == "L":
            found.append((here, command[1:]))
            here = command[1:]
        elif command[0] == "C":
            here = command[-2:]
        elif command[0] == "Z":
            found.append((here, start))
    return found


def _on_a_segment(point, segments):
    x, y = point
    for (x0, y0), (x1, y1) in segments:
        dx, dy = x1 - x0, y1 - y0
        length = (dx * dx + dy * dy) ** 0.5
        if length == 0:
            continue
        along = ((x - x0) * dx + (y - y0) * dy) / length
        across = abs((x - x0) * dy - (y - y0) * dx) / length
        if -1e-6 <= along <= length + 1e-6 and across < 1e-6:
            return True
    return False


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.stem)
def test_every_edge_of_every_panel_is_a_fold_or_the_cut(path):
    """Walk round each face of the box (the tube's four, the lid, the bottom) and each flap's
    hinge: every point of every edge lies on a fold line or on the cut line (the front's top
    edge but for its thumb notch), so the net drawn is the box measured."""
    design, deck = _design(path)
    box = tuck_box(design, deck)
    lines = _segments(outline(box)) + list(folds(box))
    p = panels(box)
    notch = (p["front"].x + box.width / 2 - box.notch, p["front"].x + box.width / 2 + box.notch)
    for name in ("back", "side", "front", "other side", "lid", "bottom"):
        r = p[name]
        corners = [(r.x, r.y), (r.right, r.y), (r.right, r.top), (r.x, r.top)]
        for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
            count = int(max(abs(x1 - x0), abs(y1 - y0)) / 0.25) + 1  # a point every quarter millimetre
            for step in range(count + 1):
                point = (x0 + (x1 - x0) * step / count, y0 + (y1 - y0) * step / count)
                if name == "front" and point[1] == r.top and notch[0] < point[0] < notch[1]:
                    continue
                assert _on_a_segment(point, lines), (name, point)
    hinges = {"tuck": "bottom", "side top": "bottom", "other side top": "bottom", "tab": "top", "glue": "left"}
    for name, edge in hinges.items():
        r = p[name]
        ends = {
            "bottom": ((r.x, r.y), (r.right, r.y)),
            "top": ((r.x, r.top), (r.right, r.top)),
            "left": ((r.x, r.y), (r.x, r.top)),
        }[edge]
        middle = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
        assert _on_a_segment(middle, list(folds(box))), (name, middle)  # each flap hangs on a fold
