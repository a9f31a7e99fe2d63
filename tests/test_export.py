import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from rushmore_print.cli.commands import cli
from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.targets import EXPORTS, ExportOptions
from rushmore_print.design import load_design
from rushmore_print.layout.cards import card_frame, symbols
from rushmore_print.layout.sheets import card_pages
from rushmore_print.render.png import render_page
from rushmore_print.writers.build import card_faces
from rushmore_print.writers.export import export_dtc, export_png, export_raster, export_tts, tts_sheets

from .pdftext import page_texts

MM = 72 / 25.4


@pytest.mark.slow
def test_png_export_one_image_per_face_and_back(tmp_path, tiny_path):
    out = tmp_path
    export_png(load_design(tiny_path), out)  # the classic card size, a small deck
    names = sorted(p.name for p in out.iterdir())
    assert len(names) == 4 + 6 + 2
    assert "back-monument.png" in names and "back-search.png" in names and "S06.png" in names
    with Image.open(out / "M01.png") as image:
        # landscape poker with 3 mm bleed at 300 dpi: (88.9 + 6) x (63.5 + 6) mm
        assert image.size == (round(94.9 / 25.4 * 300), round(69.5 / 25.4 * 300)) == (1121, 821)
        assert image.mode == "RGB"
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.05)


def test_png_without_bleed_at_other_dpi(tmp_path, tiny_path):
    export_png(load_design(tiny_path), tmp_path, ExportOptions(dpi=150, bleed_mm=0.0))
    with Image.open(tmp_path / "S01.png") as image:
        assert image.size == (525, 375) and image.info["dpi"] == pytest.approx((150, 150), abs=0.05)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler-utils)")
def test_png_agrees_with_the_pdf_rasterised_at_the_same_dpi(tmp_path):
    from rushmore_print.deck.generate import generate_deck
    from rushmore_print.layout.cards import card_frame, symbols
    from rushmore_print.layout.items import Document
    from rushmore_print.layout.sheets import card_pages
    from rushmore_print.render.pdf import render_pdf
    from rushmore_print.writers.build import card_faces
    from rushmore_print.writers.export import render_pngs

    design = load_design()
    wanted = ("M01", "S14", "S29")  # a Monument, a plain and a red Search card
    faces = [front for front, _ in card_faces(design, generate_deck(design)) if front.card_id in wanted]
    pages = card_pages(card_frame(design), faces)
    table = symbols(design)
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(render_pdf(Document("parity", tuple(pages), table)))
    for number, (face, data) in enumerate(zip(faces, render_pngs(pages, table, 100)), start=1):
        (tmp_path / f"{face.card_id}.png").write_bytes(data)
        subprocess.run(["pdftoppm", "-r", "100", "-png", "-f", str(number), "-l", str(number), "-singlefile",
                        str(pdf), str(tmp_path / "ref")], check=True)  # fmt: skip
        with Image.open(tmp_path / "ref.png") as ref, Image.open(tmp_path / f"{face.card_id}.png") as ours:
            assert abs(ref.width - ours.width) <= 1 and abs(ref.height - ours.height) <= 1
            ours = ours.convert("RGB").resize(ref.size)
            diff = ImageStat.Stat(ImageChops.difference(ref.convert("RGB"), ours)).mean
            # Mean difference per channel, out of 255. The detailed head art leaves about 4-5.3 of
            # edge anti-aliasing and font hinting; a one-pixel misplacement scores 10 or more.
            assert max(diff) < 6, (face.card_id, diff)


@pytest.fixture(scope="module")
def tiny_export(tiny_path, tmp_path_factory):
    """``rushmore export TARGET tiny.yaml``, run once a target for the tests that read it:
    (the output folder, click's result)."""
    done = {}

    def export(target):
        if target not in done:
            out = tmp_path_factory.mktemp(target)
            done[target] = out, CliRunner().invoke(cli, ["export", target, str(tiny_path), "-o", str(out)])
        return done[target]

    return export


@pytest.mark.parametrize("target, size", [("tgc", (825, 1125)), ("mpc", (816, 1110))])
@pytest.mark.slow
def test_vendor_images_have_the_vendor_size(tiny_export, target, size):
    out, result = tiny_export(target)
    assert result.exit_code == 0, result.output
    for deck, count in (("monuments", 4), ("search", 6)):
        folder = out / deck
        files = sorted(p.name for p in folder.iterdir())
        assert len(files) == count + 1 and "back.png" in files
        for name in (files[0], "back.png"):
            with Image.open(folder / name) as image:
                assert image.size == size and image.mode == "RGB"


@pytest.mark.parametrize("target", ["png", "tgc", "mpc", "tts"])
@pytest.mark.slow
def test_every_exported_png_says_its_colours_are_srgb(tiny_export, target):
    """An untagged PNG is read in the print shop's working space (Adobe RGB in many prepress
    set-ups), which shifts every colour; these carry the sRGB chunk and its gAMA and cHRM."""
    out, result = tiny_export(target)
    assert result.exit_code == 0, result.output
    files = sorted(out.rglob("*.png"))
    assert files
    for path in files:
        with Image.open(path) as image:
            assert image.info.get("srgb") == 0, path  # rendering intent: perceptual
            assert image.info.get("gamma") == pytest.approx(0.45455), path
            assert image.info.get("chromaticity") == pytest.approx((0.3127, 0.329, 0.64, 0.33, 0.3, 0.6, 0.15, 0.06))


@pytest.mark.slow
def test_mpc_images_are_drawn_at_their_size_not_resampled(tiny_export):
    """MPC's 816 x 1110 is drawn at that size: a resampled image has ten times the colours of the
    same face drawn at The Game Crafter's size (flat colour smeared at every edge), and weighs 3x."""
    (mpc, _), (tgc, _) = tiny_export("mpc"), tiny_export("tgc")
    for name in ("monuments/M01.png", "search/S01.png", "monuments/back.png"):
        with Image.open(mpc / name) as ours, Image.open(tgc / name) as theirs:
            assert len(ours.getcolors(1 << 20)) <= 1.2 * len(theirs.getcolors(1 << 20)) + 8, name

    def weight(folder):
        return sum(path.stat().st_size for path in folder.rglob("*.png"))

    assert weight(mpc) <= 1.3 * weight(tgc)


@pytest.mark.slow
def test_pngs_are_lean_lossless_and_deterministic(tiny_export, tmp_path):
    """The encoder writes the pixels Pillow would, in fewer bytes, the same bytes every time, in a
    file the project's own strict PNG reader (impose's) accepts."""
    from rushmore_print.readers.rasters import read_raster
    from rushmore_print.render.encode import png_bytes

    out, _ = tiny_export("tgc")
    for name in ("monuments/M01.png", "search/S02.png"):
        with Image.open(out / name) as image:
            image.load()
        for mode in ("RGB", "RGBA", "L"):
            picture = image.convert(mode)
            ours = png_bytes(picture, 300)
            assert ours == png_bytes(picture, 300)
            pillows = io.BytesIO()
            picture.save(pillows, format="PNG", dpi=(300, 300), compress_level=6)
            assert len(ours) <= 0.8 * len(pillows.getvalue()), (name, mode)
            with Image.open(io.BytesIO(ours)) as again:
                assert again.mode == mode and again.tobytes() == picture.tobytes()
                assert again.info["dpi"] == pytest.approx((300, 300), abs=0.05)
        path = tmp_path / "card.png"
        path.write_bytes(png_bytes(image, 300))
        assert read_raster(path).width == image.width


@pytest.mark.slow
def test_dtc_pdf_pages_alternate_back_and_front_in_cmyk(tmp_path):
    written = export_dtc(load_design(), tmp_path)
    assert [w.path.name for w in written] == ["mount-rushmore_monuments_dtc.pdf", "mount-rushmore_search_dtc.pdf"]
    reader = PdfReader(written[1].path)
    assert len(reader.pages) == 2 * 39
    texts = page_texts(written[1].path)
    assert all("SEARCH" in texts[i] and not re.search(r"S\d\d", texts[i]) for i in range(0, 78, 2))
    assert [re.search(r"S\d\d", texts[i]).group(0) for i in range(1, 78, 2)] == [f"S{i:02d}" for i in range(1, 40)]
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx(2.75 * 72, abs=0.05)  # DTC's portrait poker page
    assert float(page.mediabox.height) == pytest.approx(3.75 * 72, abs=0.01)
    assert float(page.trimbox.height) == pytest.approx(3.5 * 72, abs=0.05)
    for page in reader.pages[:6]:
        content = page.get_contents().get_data().decode("latin-1")
        assert " k" in content or " K" in content
        assert not re.search(r"\d (rg|RG)\b", content)  # no RGB colour anywhere


@pytest.mark.slow
def test_tts_sheets_and_saved_object(tmp_path):
    design = load_design()
    export_tts(design, tmp_path)
    saved = json.loads((tmp_path / "mount-rushmore_tts.json").read_text())
    decks = saved["ObjectStates"]
    assert [d["Name"] for d in decks] == ["Deck", "Deck"]
    for deck, count in zip(decks, (16, 39)):
        assert len(deck["ContainedObjects"]) == count == len(deck["DeckIDs"])
        for deck_id, custom in deck["CustomDeck"].items():
            assert set(custom) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"}
            assert custom["NumWidth"] <= 10 and custom["NumHeight"] <= 7 and custom["BackIsHidden"] is True
            face = Path(custom["FaceURL"].removeprefix("file://"))
            assert custom["FaceURL"].startswith("file:///") and face.is_file()
            with Image.open(face) as sheet:
                assert sheet.width <= 4096
                _cell_w, _cell_h = sheet.width // custom["NumWidth"], sheet.height // custom["NumHeight"]
                cards = [c for c in deck["ContainedObjects"] if c["CardID"] // 100 == int(deck_id)]
                assert len(cards) < custom["NumWidth"] * custom["NumHeight"]  # the last cell is the hidden image
                for card in cards:
                    index = card["CardID"] % 100
                    assert cards[index]["Nickname"] == card["Nickname"]
        names = [c["Nickname"] for c in deck["ContainedObjects"]]
        assert names == ([f"M{i:02d}" for i in range(1, 17)] if count == 16 else [f"S{i:02d}" for i in range(1, 40)])


def test_tts_splits_big_decks_into_sheets_of_at_most_10_by_7_with_the_largest_cells():
    sheets = tts_sheets(list(range(80)), aspect=88.9 / 63.5)
    assert [(s.cols, s.rows, len(s.cards)) for s in sheets] == [(10, 7, 69), (3, 4, 11)]
    (monuments,) = tts_sheets(list(range(16)), aspect=88.9 / 63.5)  # 16 cards + the hidden one
    assert (monuments.cols, monuments.rows, monuments.cell_w) == (4, 5, 1024)  # not 10 x 2 cells of 409 px
    (small,) = tts_sheets(list(range(4)), aspect=88.9 / 63.5, max_cell_w=1050)  # 300 dpi: no larger
    assert (small.cols, small.rows, small.cell_w, small.cell_h) == (2, 3, 1050, 750)
    for sheet in sheets + [monuments, small]:
        assert sheet.cols * sheet.cell_w <= 4096 and sheet.rows * sheet.cell_h <= 4096


@pytest.mark.slow
def test_tts_landscape_decks_are_sideways_and_can_use_hosted_urls(tmp_path, tiny_path, runner):
    result = runner.invoke(
        cli, ["export", "tts", str(tiny_path), "-o", str(tmp_path), "--url-base", "https://x.org/c/"]
    )
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "tiny_tts.json").read_text())
    for deck in saved["ObjectStates"]:
        assert deck["SidewaysCard"] is True
        assert all(card["SidewaysCard"] is True for card in deck["ContainedObjects"])
        for custom in deck["CustomDeck"].values():
            assert custom["FaceURL"].startswith("https://x.org/c/tiny_") and custom["FaceURL"].endswith(".png")
            with Image.open(tmp_path / custom["FaceURL"].rsplit("/", 1)[1]) as sheet:  # 300 dpi cells
                assert sheet.width // custom["NumWidth"] == round(88.9 / 25.4 * 300)
    wrong = runner.invoke(cli, ["export", "png", str(tiny_path), "--url-base", "https://x.org", "-o", str(tmp_path)])
    assert wrong.exit_code == 2 and "--url-base applies to tts only" in wrong.stderr


def test_export_command(runner, tiny_export):
    _, result = tiny_export("tgc")
    assert result.exit_code == 0, result.output
    assert "Tiny: wrote 12 files" in result.stdout
    assert runner.invoke(cli, ["export", "xyz"]).exit_code == 2


def test_an_option_a_target_ignores_is_an_error(runner, tiny_path, tmp_path):
    result = runner.invoke(cli, ["export", "tgc", str(tiny_path), "--dpi", "600", "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert "--dpi applies to png only, not to tgc" in result.stderr
    assert not (tmp_path / "tgc").exists()


@pytest.mark.parametrize(
    "card, target, size",
    [("bridge", "tgc", (750, 1125)), ("tarot", "tgc", (900, 1500)), ("tarot", "mpc", (899, 1489))],
)
@pytest.mark.slow
def test_vendor_sizes_for_other_cards(tmp_path, write_design, card, target, size):
    design = load_design(write_design(f"""
        name: Sizes
        heads: [A, B]
        directions: [left, right]
        search: {{seed: 1, red_counts: {{0: 1}}}}
        print: {{card: {card}, orientation: portrait}}
    """))  # fmt: skip
    export_raster(design, tmp_path, EXPORTS[target].vendor())
    with Image.open(tmp_path / "monuments" / "M01.png") as image:
        assert image.size == size


@pytest.mark.slow  # a second whole export of the tiny deck; the MPC's bracket and sizes run by default (test_amounts)
def test_mpc_writes_an_mpc_autofill_order_with_every_front_and_each_decks_back(tiny_export):
    import xml.etree.ElementTree as ET

    tmp_path, result = tiny_export("mpc")
    assert result.exit_code == 0 and "Tiny: wrote 13 files" in result.stdout, result.output
    order = ET.parse(tmp_path / "tiny_mpc.xml").getroot()
    assert order.findtext("details/quantity") == "10" and order.findtext("details/bracket") == "18"
    fronts = order.findall("fronts/card")
    assert [card.findtext("slots") for card in fronts] == [str(i) for i in range(10)]
    assert all((tmp_path / card.findtext("id")).is_file() for card in fronts)
    backs = {card.findtext("id"): card.findtext("slots") for card in order.findall("backs/card")}
    assert backs == {"monuments/back.png": "0,1,2,3", "search/back.png": "4,5,6,7,8,9"}
    assert order.findtext("cardback") == "search/back.png"


@pytest.mark.slow
def test_tts_cells_are_drawn_at_the_cells_own_pixels_never_resampled(tmp_path, write_design):
    """A cell of a face sheet is pixel for pixel the card drawn straight at the cell's size. The
    card (63 x 88.9 mm) makes a cell 744 x 1049 px, a hair off the 1050 px the card's height is at
    the cell's dpi: drawing at that dpi and resizing would blur every edge of the card."""
    design = load_design(
        write_design("""
        name: Cells
        heads: [{name: Ada, look: bun}, {name: Bo, look: beard}]
        directions: [left, right]
        search: {seed: 3, red_counts: {0: 4, 1: 2}}
        print: {card: {width: 63mm, height: 88.9mm}, orientation: portrait, bleed: 0mm}
    """)
    )
    export_tts(design, tmp_path)
    custom = json.loads((tmp_path / "cells_tts.json").read_text())["ObjectStates"][1]["CustomDeck"]["2"]
    with Image.open(tmp_path / "cells_search_sheet1.png") as sheet:
        cell_w, cell_h = sheet.width // custom["NumWidth"], sheet.height // custom["NumHeight"]
        assert (cell_w, cell_h) == (744, 1049)
        cell = sheet.convert("RGB").crop((cell_w, 0, 2 * cell_w, cell_h))  # the second card: S02
    frame = card_frame(design, 0.0)
    face = next(front for front, _ in card_faces(design, generate_deck(design)) if front.card_id == "S02")
    direct = render_page(card_pages(frame, [face])[0], symbols(design), 300, None, (cell_w, cell_h))
    assert ImageChops.difference(cell, direct).getbbox() is None
