"""Designs at the edges: custom head art, one head, eight heads; colour options."""

import re

import pytest
from PIL import Image
from pypdf import PdfReader

from rushmore_print.build import KitOptions, build_kit
from rushmore_print.cli import cli
from rushmore_print.export import export_png
from rushmore_print.generate import generate_deck
from rushmore_print.layout.cards import CardKind, back_face, card_frame, monument_face, search_face, symbols
from rushmore_print.layout.items import Text, Use, item_bounds
from rushmore_print.layout.sheets import SheetLayout
from rushmore_print.spec import load_design
from rushmore_print.targets import ExportOptions


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
