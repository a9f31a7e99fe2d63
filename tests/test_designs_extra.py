"""Designs at the edges: custom head art, one head, eight heads; colour options."""

import math
import re
import shutil
from pathlib import Path

import pytest
import reportlab
from PIL import Image
from pypdf import PdfReader

from rushmore_print.cli.commands import cli
from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.targets import ExportOptions
from rushmore_print.design import load_design
from rushmore_print.errors import SpecError
from rushmore_print.layout.cards import (
    CardKind,
    back_face,
    card_frame,
    card_layout,
    monument_face,
    search_face,
    symbols,
)
from rushmore_print.layout.items import Text, Use, item_bounds
from rushmore_print.layout.sheets import SheetLayout
from rushmore_print.writers.build import KitOptions, build_kit
from rushmore_print.writers.export import export_png


def design_with(write_design, heads, counts, extra=""):
    names = ", ".join(heads)
    return load_design(
        write_design(f"""
        name: Edge Case
        heads: [{names}]
        directions: [left, right]
        search: {{seed: 5, red_counts: {counts}}}
        {extra}
    """)
    )


@pytest.mark.parametrize(
    "heads, counts", [(["Solo"], "{0: 2, 1: 2}"), ([f"H{i}" for i in range(8)], "{0: 40, 1: 16, 2: 8, 8: 1}")]
)
def test_one_and_eight_heads_stay_inside_the_card(write_design, heads, counts):
    design = design_with(write_design, heads, counts)
    deck = generate_deck(design)
    frame = card_frame(design)
    table = symbols(design)
    faces = [
        monument_face(design, deck.monuments[0], frame),
        search_face(design, deck.search[-1], frame),
        back_face(design, CardKind.SEARCH, frame),
    ]
    for face in faces:
        for item in face.items:
            box = item_bounds(item, table)
            assert frame.bleed.contains(box)
            if isinstance(item, (Text, Use)):
                assert frame.safe.contains(box, tolerance=0.05), (face.card_id, item)


@pytest.mark.slow
def test_custom_head_art_is_drawn_and_mirrored(write_design, tmp_path):
    art = tmp_path / "head.png"
    image = Image.new("RGB", (100, 130), "white")
    image.paste((20, 20, 20), (0, 40, 30, 90))  # a dark "nose" on the left: facing left
    image.save(art)
    design = load_design(
        write_design("""
        name: Art Test
        heads: [{name: Ada, art: head.png}, Bea]
        directions: [left, right]
        search: {seed: 1, red_counts: {0: 4, 1: 4}}
        print: {card: square}
    """)
    )
    written = build_kit(design, tmp_path / "out", KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,)))
    assert all(w.size > 0 for w in written)
    export_png(design, tmp_path / "out", ExportOptions(dpi=100))
    m01 = Image.open(tmp_path / "out" / "M01.png").convert("L")  # Ada faces left
    m03 = Image.open(tmp_path / "out" / "M03.png").convert("L")  # Ada faces right (mirrored)
    assert m01.tobytes() != m03.tobytes()
    assert m01.transpose(Image.Transpose.FLIP_LEFT_RIGHT).tobytes() != m01.tobytes()


def test_an_existing_log_is_never_overwritten(runner, tmp_path):
    log = tmp_path / "game.jsonl"
    log.write_text("precious\n")
    result = runner.invoke(cli, ["play", "--players", "ann,bob", "--log", str(log)], input="quit\n")
    assert result.exit_code == 1
    assert (
        result.stderr
        == f"error: {log}: a game log is already there; continue it with --resume {log} or choose another --log\n"
    )
    assert log.read_text() == "precious\n"


@pytest.mark.parametrize("kind, said", [("pipe", "a named pipe (FIFO)"), ("broken link", "a link to nothing")])
def test_a_log_path_that_is_no_file_is_named_not_offered_for_resume(runner, tmp_path, kind, said):
    """A pipe (or /dev/null) as --log was "a game log is already there; continue it with --resume",
    which then refused it: there is no log to resume."""
    import os

    log = tmp_path / "game.jsonl"
    if kind == "pipe":
        os.mkfifo(log)
    else:
        log.symlink_to(tmp_path / "gone.jsonl")
    result = runner.invoke(cli, ["play", "--players", "ann,bob", "--log", str(log)], input="quit\n")
    assert result.exit_code == 1
    assert result.stderr == f"error: {log}: is {said}, not a game log; choose another --log\n"


def test_terminal_heads_mark_red_without_colour_when_piped(runner, tmp_path):
    script = "\n".join(["ann pass", "bob pass"] * 12) + "\nquit\n"
    result = runner.invoke(
        cli,
        ["play", "--players", "ann,bob", "--level", "expert", "--seed", "3", "--log", str(tmp_path / "g.jsonl")],
        input=script,
    )
    assert result.exit_code == 0
    assert "\x1b[" not in result.output
    lines = result.output.splitlines()
    shown = 0
    for index, line in enumerate(lines):
        if line.startswith("Card ") and "*" in line:
            shown += 1
            banner = lines[index + 1 : index + 8]
            assert banner[6].split() == ["RED"] * line.split()[5].count("*"), banner
    assert shown >= 3


def test_build_cmyk_has_no_rgb(tmp_path, classic):
    build_kit(
        classic,
        tmp_path,
        KitOptions(
            papers=("a4",), layouts=(SheetLayout.DUPLEX,), per_card=False, rulebook=False, answer_key=False, cmyk=True
        ),
    )
    reader = PdfReader(tmp_path / "mount-rushmore_cards_a4_duplex.pdf")
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert not re.search(r"\d (rg|RG)\b", content)
    assert re.search(r"\d k\b", content)


ART_DESIGN = """
name: Art Test
heads: [{{name: Ada, art: {art}}}, Bea]
directions: [left, right]
search: {{seed: 1, red_counts: {{0: 4, 1: 4}}}}
"""


def _art_problem(write_design, art: str) -> str:
    with pytest.raises(SpecError) as caught:
        load_design(write_design(ART_DESIGN.format(art=art)))
    return str(caught.value)


def test_art_stays_inside_the_designs_folder(write_design, tmp_path):
    outside = tmp_path.parent / f"{tmp_path.name}-outside.png"
    Image.new("RGB", (100, 180), "white").save(outside)
    (tmp_path / "inside").mkdir()
    Image.new("RGB", (100, 180), "white").save(tmp_path / "inside" / "ok.png")
    (tmp_path / "link-out.png").symlink_to(outside)
    (tmp_path / "link-in.png").symlink_to(tmp_path / "inside" / "ok.png")
    assert "design.yaml:2: heads.1.art: " in _art_problem(write_design, str(outside))
    assert "give a path relative to the design's folder" in _art_problem(write_design, str(outside))
    assert "leads outside the design's folder" in _art_problem(write_design, f"../{outside.name}")
    assert "leads outside the design's folder" in _art_problem(write_design, "link-out.png")
    for fine in ("inside/ok.png", "link-in.png", "inside/../inside/ok.png"):
        assert load_design(write_design(ART_DESIGN.format(art=fine))).heads[0].art is not None


def test_art_must_be_a_whole_png_or_jpeg_within_the_pixel_limit(write_design, tmp_path):
    (tmp_path / "notes.png").write_text("not an image")
    (tmp_path / "head.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9'/>")
    Image.new("RGB", (100, 180), "white").save(tmp_path / "whole.png")
    (tmp_path / "cut.png").write_bytes((tmp_path / "whole.png").read_bytes()[:-30])
    for art in ("notes.png", "cut.png"):
        assert "art must be a PNG, JPEG or WebP image (or SVG)" in _art_problem(write_design, art), art
    assert "it draws nothing this reader understands" in _art_problem(write_design, "head.svg")
    (tmp_path / "broken.svg").write_text("<svg><path d='M 0 0 L")
    assert "'broken.svg': not a readable SVG file" in _art_problem(write_design, "broken.svg")
    Image.new("L", (4001, 4000)).save(tmp_path / "huge.png")
    assert "4001 x 4000 pixels; art may have at most 16 megapixels" in _art_problem(write_design, "huge.png")


@pytest.mark.slow
def test_large_art_is_reduced_once_to_600_dpi_at_the_heads_size(write_design, tmp_path):
    big = Image.linear_gradient("L").resize((1000, 1800)).convert("RGB")  # larger than print needs
    big.save(tmp_path / "big.png", compress_level=1)
    design = load_design(write_design(ART_DESIGN.format(art="big.png")))
    written = build_kit(design, tmp_path / "out", KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,)))
    head = card_layout(design, card_frame(design)).slots[0].head
    wanted = math.ceil(head.height / 25.4 * 600)
    heights = set()

    def walk(resources):
        for xobject in resources.get("/XObject", {}).values():
            xobject = xobject.get_object()
            if xobject["/Subtype"] == "/Image":
                heights.add(xobject["/Height"])
            elif "/Resources" in xobject:
                walk(xobject["/Resources"])

    for page in PdfReader(written[0].path).pages:
        walk(page["/Resources"])
    assert heights and max(heights) == wanted, (heights, wanted)


VERA = Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf"  # Latin-1 and a little more: no Greek
FONT_DESIGN = """
name: Font Test
heads: [{heads}]
directions: [left, right]
search: {{seed: 1, red_counts: {{0: 4, 1: 4}}}}
print: {{font: {font}}}
"""


@pytest.mark.slow
def test_a_designers_font_prints_the_names_and_title_embedded(write_design, tmp_path):
    shutil.copy(VERA, tmp_path / "VeraBd.ttf")
    design = load_design(write_design(FONT_DESIGN.format(heads="Ada, Bea", font="VeraBd.ttf")))
    written = build_kit(design, tmp_path / "out", KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,)))
    per_card = next(w.path for w in written if "per-card" in w.path.name)
    reader = PdfReader(per_card)
    fonts = {
        str(font.get_object()["/BaseFont"]).split("+")[-1]: font.get_object()
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert "BitstreamVeraSans-Bold" in fonts  # the designer's font, embedded beside the family
    assert all("/FontFile2" in font["/FontDescriptor"] for font in fonts.values())
    assert "Ada" in reader.pages[0].extract_text()
    export_png(design, tmp_path / "png", ExportOptions(dpi=72))  # the PNG renderer draws it too
    assert (tmp_path / "png" / "M01.png").is_file()


def test_a_designers_font_must_hold_every_name_and_be_truetype_inside_the_folder(write_design, tmp_path):
    shutil.copy(VERA, tmp_path / "VeraBd.ttf")
    with pytest.raises(SpecError, match=r"heads\.1\.name: 'Ἀθηνᾶ': print\.font VeraBd\.ttf has no glyph for 'Ἀ'"):
        load_design(write_design(FONT_DESIGN.format(heads="Ἀθηνᾶ, Bea", font="VeraBd.ttf")))
    (tmp_path / "cff.otf").write_bytes(b"OTTO" + bytes(200))
    with pytest.raises(SpecError, match=r"print\.font: 'cff\.otf': an OpenType font with CFF outlines; use a TrueType"):
        load_design(write_design(FONT_DESIGN.format(heads="Ada, Bea", font="cff.otf")))
    with pytest.raises(SpecError, match=r"print\.font: no font file at|leads outside the design's folder"):
        load_design(write_design(FONT_DESIGN.format(heads="Ada, Bea", font="../x.ttf")))


SVG_HEAD = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 180">
  <g transform="translate(0 10)">
    <path d="M 20 10 h 50 a 10 10 0 0 1 10 10 v 120 H 20 Z M 35 40 h 20 v 20 h -20 z" fill="#2a6"/>
    <circle cx="30" cy="150" r="8" fill="rgb(200, 40, 40)" stroke="black" stroke-width="2"/>
  </g>
</svg>"""


def _greens(design, folder) -> int:
    export_png(design, folder, ExportOptions(dpi=150))
    with Image.open(folder / "M01.png") as m01:
        data = m01.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3) if data[i + 1] > 140 and data[i] < 80 and data[i + 2] < 130)


@pytest.mark.slow
def test_svg_art_is_drawn_as_vectors_the_same_by_both_renderers(write_design, tmp_path):
    (tmp_path / "head.svg").write_text(SVG_HEAD)
    design = load_design(write_design(ART_DESIGN.format(art="head.svg")))
    drawing = design.heads[0].vector
    assert drawing is not None and drawing.view == (0.0, 0.0, 555.5556, 1000.0) and len(drawing.shapes) == 2
    written = build_kit(design, tmp_path / "out", KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,)))
    per_card = next(w.path for w in written if "per-card" in w.path.name)
    raw = per_card.read_bytes()
    assert b"/Subtype /Image" not in raw and b"/Subtype/Image" not in raw  # vectors, not a picture
    filled = _greens(design, tmp_path / "png")
    assert filled > 500  # the green body is on the card
    # SVG fills nonzero unless told: the window, drawn the same way round as the body, is green
    # too; only fill-rule="evenodd" cuts it out (about a twentieth of the body).
    (tmp_path / "head.svg").write_text(SVG_HEAD.replace('fill="#2a6"', 'fill="#2a6" fill-rule="evenodd"'))
    holed = _greens(load_design(write_design(ART_DESIGN.format(art="head.svg"))), tmp_path / "png-evenodd")
    assert holed < filled * 0.97, (holed, filled)
