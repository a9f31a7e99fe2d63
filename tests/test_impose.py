import re
import struct

import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader

from rushmore_print.cli.commands import cli
from rushmore_print.errors import BuildError
from rushmore_print.layout.cards import CardFrame
from rushmore_print.layout.sheets import PAPERS, SheetLayout, plan_sheet
from rushmore_print.writers.impose import ImposeOptions, collect_images, impose

MM = 72 / 25.4


def card_png(path, number, size=(150, 210), dpi=60, mode="RGB"):
    """A poker-size card at 60 dpi (150 x 210 px = 63.5 x 88.9 mm), different for each number."""
    image = Image.new(mode, size, (200, 180 - number % 100, 40 + number % 200) + ((255,) if mode == "RGBA" else ()))
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10 + number % 50, 100, 90), fill=(20, 60, 120) + ((128,) if mode == "RGBA" else ()))
    draw.text((20, 150), f"card {number}", fill=(0, 0, 0))
    image.save(path, dpi=(dpi, dpi))
    return path


@pytest.fixture
def cards(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    return [card_png(folder / f"c{i:03d}.png", i) for i in range(55)]


def idat(path):
    raw, position, chunks = path.read_bytes(), 8, []
    while position < len(raw):
        length, kind = struct.unpack(">I4s", raw[position : position + 8])
        if kind == b"IDAT":
            chunks.append(raw[position + 8 : position + 8 + length])
        position += 12 + length
    return b"".join(chunks)


def test_pngs_pass_into_the_pdf_without_re_encoding(tmp_path, cards):
    out = tmp_path / "sheets.pdf"
    impose(cards, out)
    data = out.read_bytes()
    for card in cards:
        assert idat(card) in data
    # the images, plus the sheet's marks and the glyphs of its labels (a Type 3 font, defined once)
    assert len(data) <= 1.02 * sum(c.stat().st_size for c in cards) + 45_000


def test_card_size_from_dpi_and_pages(tmp_path, cards):
    written = impose(cards, tmp_path / "a4.pdf")
    reader = PdfReader(tmp_path / "a4.pdf")
    plan = plan_sheet(PAPERS["a4"], SheetLayout.FRONTS, CardFrame(63.5, 88.9, 0.0))
    assert plan.per_sheet == 9
    assert len(reader.pages) == written.pages == 7  # 55 cards, 9 a sheet
    assert "Print at 100%" in reader.pages[0].extract_text()


def test_cards_sit_where_the_plan_says(tmp_path, cards):
    impose(cards[:9], tmp_path / "one.pdf")
    plan = plan_sheet(PAPERS["a4"], SheetLayout.FRONTS, CardFrame(63.5, 88.9, 0.0))
    content = PdfReader(tmp_path / "one.pdf").pages[0].get_contents().get_data().decode("latin-1")
    placed = re.findall(r"q ([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm /Im\d+ Do Q", content)
    assert len(placed) == 9
    for _slot, (w, h, _x, _y) in zip(plan.fronts, placed):
        # the image box is in card coordinates inside the slot's group; the group moves it to the trim
        assert float(w) == pytest.approx(63.5) and float(h) == pytest.approx(88.9)
    groups = [g for g in re.findall(r"\n1 0 0 1 ([\d.]+) ([\d.]+) cm", content) if g != ("0", "0")][:9]
    assert [(round(float(x), 3), round(float(y), 3)) for x, y in groups] == [
        (round(s.trim.x, 3), round(s.trim.y, 3)) for s in plan.fronts
    ]


def test_duplex_with_one_back_embeds_it_once(tmp_path, cards):
    back = card_png(tmp_path / "back.png", 999)
    impose(cards, tmp_path / "duplex.pdf", ImposeOptions(layout=SheetLayout.DUPLEX), back=back)
    data = (tmp_path / "duplex.pdf").read_bytes()
    assert data.count(idat(back)) == 1
    assert len(PdfReader(tmp_path / "duplex.pdf").pages) == 14


def test_gutterfold_with_one_back_per_front(tmp_path, cards):
    backs = [card_png(tmp_path / f"b{i}.png", 500 + i) for i in range(len(cards))]
    written = impose(cards, tmp_path / "fold.pdf", ImposeOptions(layout=SheetLayout.GUTTERFOLD), backs=backs)
    assert written.pages == len(PdfReader(tmp_path / "fold.pdf").pages)


def test_two_runs_are_byte_identical(tmp_path, cards):
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    impose(cards, tmp_path / "a" / "cards.pdf")
    impose(cards, tmp_path / "b" / "cards.pdf")
    assert (tmp_path / "a" / "cards.pdf").read_bytes() == (tmp_path / "b" / "cards.pdf").read_bytes()


def test_jpeg_passes_through_and_alpha_png_is_converted(tmp_path):
    jpeg = tmp_path / "c.jpg"
    Image.new("RGB", (150, 210), (10, 120, 30)).save(jpeg, dpi=(60, 60), quality=80)
    alpha = card_png(tmp_path / "a.png", 3, mode="RGBA")
    out = tmp_path / "mixed.pdf"
    impose([jpeg, alpha], out)
    data = out.read_bytes()
    assert jpeg.read_bytes() in data
    assert b"/SMask" in data
    reader = PdfReader(out)
    assert len(reader.pages) == 1


def test_errors_are_clear(tmp_path, cards):
    no_dpi = tmp_path / "nodpi.png"
    Image.new("RGB", (100, 140)).save(no_dpi)
    with pytest.raises(BuildError, match="does not say its dpi; give the card size with --card"):
        impose([no_dpi], tmp_path / "x.pdf")
    with pytest.raises(BuildError, match="needs backs"):
        impose(cards, tmp_path / "x.pdf", ImposeOptions(layout=SheetLayout.DUPLEX))
    with pytest.raises(BuildError, match="no such file or folder"):
        collect_images([str(tmp_path / "missing")])
    with pytest.raises(BuildError, match="no image matches"):
        collect_images([str(tmp_path / "*.gif")])


def test_impose_command(runner, tmp_path, cards):
    result = runner.invoke(
        cli, ["impose", str(cards[0].parent), "-o", str(tmp_path), "--paper", "letter", "--card", "poker"]
    )
    assert result.exit_code == 0, result.output
    out = tmp_path / "imposed_letter_fronts.pdf"
    assert result.output == f"wrote {out}: 7 pages, 55 cards imposed, 9 a sheet, {out.stat().st_size / 1024:.0f} KB\n"
    bad = runner.invoke(cli, ["impose", str(cards[0]), "-o", str(tmp_path), "--bleed", "lots"])
    assert bad.exit_code == 2


def test_impose_writes_a_file_per_paper_and_layout_like_build(runner, tmp_path, cards):
    back = card_png(tmp_path / "back.png", 999)
    result = runner.invoke(cli, ["impose", *map(str, cards[:9]), "--back", str(back), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        f"imposed_{paper}_{layout}.pdf" for paper in ("a4", "letter") for layout in ("duplex", "gutterfold")
    ]


def test_the_old_single_file_spelling_still_works_with_a_note(runner, tmp_path, cards):
    out = tmp_path / "sheets.pdf"
    result = runner.invoke(cli, ["impose", str(cards[0]), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "note: -o FILE.pdf is deprecated" in result.stderr
    assert out.is_file() and len(PdfReader(out).pages) == 1
    assert abs(float(PdfReader(out).pages[0].mediabox.width) - 210 * MM) < 0.01  # A4, the old default


def test_back_and_backs_together_and_flip_without_duplex_are_errors(runner, tmp_path, cards):
    both = runner.invoke(cli, ["impose", str(cards[0]), "--back", str(cards[1]), "--backs", str(cards[0].parent)])
    assert both.exit_code == 2 and "give --back (one image for every card) or --backs" in both.stderr
    flip = runner.invoke(cli, ["impose", str(cards[0]), "--flip", "short", "-o", str(tmp_path)])
    assert flip.exit_code == 2 and "--flip applies to the duplex layout only" in flip.stderr


@pytest.mark.slow
def test_export_then_impose_gives_cards_of_exactly_the_trim_size(tmp_path, tiny_path):
    """The route the exports page describes: PNGs with the design's 3 mm bleed at 150 dpi are whole pixels (off by
    up to one), and impose still cuts poker cards at 88.9 x 63.5 mm."""
    from rushmore_print.deck.targets import ExportOptions
    from rushmore_print.design import load_design
    from rushmore_print.writers.export import export_png
    from rushmore_print.writers.impose import card_size_from

    export_png(load_design(tiny_path), tmp_path, ExportOptions(dpi=150))
    assert card_size_from(tmp_path / "M01.png", 3.0) == (88.9, 63.5)
    assert card_size_from(tmp_path / "M01.png", 0.0) == (94.827, 69.427)  # not a preset: as measured


def test_images_of_another_size_or_orientation_are_refused_unless_fit(runner, tmp_path, cards):
    landscape = card_png(tmp_path / "wide.png", 7, size=(210, 150))
    small = card_png(tmp_path / "small.png", 8, size=(140, 200))
    out = tmp_path / "out"
    result = runner.invoke(cli, ["impose", str(cards[0]), str(landscape), str(small), "-o", str(out)])
    assert result.exit_code == 1 and not out.exists()
    expected = (
        f"error: {landscape}: 210 x 150 px at 60 dpi is 88.9 x 63.5 mm; a 63.5 x 88.9 mm card with 0 mm bleed "
        "is 63.5 x 88.9 mm (150 x 210 px at 60 dpi)"
    )
    assert expected in result.stderr
    assert f"error: {small}: 140 x 200 px at 60 dpi is 59.3 x 84.7 mm" in result.stderr
    assert "give --fit to scale every image to the card" in result.stderr
    fitted = runner.invoke(cli, ["impose", str(cards[0]), str(landscape), str(small), "-o", str(out), "--fit"])
    assert fitted.exit_code == 0, fitted.output
    no_dpi = tmp_path / "nodpi.png"
    Image.new("RGB", (300, 300)).save(no_dpi)
    square = runner.invoke(cli, ["impose", str(no_dpi), "--card", "poker", "-o", str(out)])
    assert square.exit_code == 1 and "does not have the proportions of a 63.5 x 88.9 mm card" in square.stderr


def test_lengths_on_the_command_line_need_a_unit(runner, tmp_path, cards):
    for args, message in [
        (["--bleed", "3"], "'3': give the unit, e.g. 3mm or 3in"),
        (["--card", "63.5x88.9"], "'63.5x88.9': give the unit, e.g. 63.5x88.9mm"),
    ]:
        result = runner.invoke(cli, ["impose", str(cards[0]), "-o", str(tmp_path), *args])
        assert result.exit_code == 2 and message in result.output, result.output
    ok = runner.invoke(cli, ["impose", str(cards[0]), "-o", str(tmp_path), "--bleed", "0", "--card", "poker"])
    assert ok.exit_code == 0, ok.output


@pytest.mark.slow
def test_a_folder_export_png_wrote_imposes_as_a_whole_kit(runner, tmp_path):
    """Only the cards are fronts, each deck gets its own back, the 3 mm bleed is read from the
    size: poker cards cut at exactly their trim (9 a sheet on A4, as build places them)."""
    assert runner.invoke(cli, ["export", "png", "--dpi", "72", "-o", str(tmp_path / "png")]).exit_code == 0
    result = runner.invoke(cli, ["impose", str(tmp_path / "png"), "--paper", "a4", "--layout", "duplex",
                                 "-o", str(tmp_path / "kit")])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "the images carry 3 mm of bleed around the card" in result.stderr
    assert "55 cards imposed, 9 a sheet" in result.output
    reader = PdfReader(tmp_path / "kit" / "imposed_a4_duplex.pdf")
    assert len(reader.pages) == 2 * 7
    on_backs = set()
    for page in reader.pages[1::2]:  # the backs pages carry the two back images and nothing else
        on_backs |= {x.get_object()._data for x in page["/Resources"]["/XObject"].values()}
    backs = {idat(tmp_path / "png" / f"back-{deck}.png") for deck in ("monument", "search")}
    assert on_backs == backs
    mixed = runner.invoke(cli, ["impose", str(tmp_path / "png" / "back-search.png"), "-o", str(tmp_path / "x")])
    assert mixed.exit_code == 0  # a back named as a file is a card like any other
