"""A designer's font is checked by what draws it, on what is printed (issue 20 item 4, issue 19
item 7): a damaged TrueType file is a located error at ``validate`` (and ``build`` refuses it the
same way before drawing anything); every text a card, back or sheet prints, after upper-casing,
is covered by the font that prints it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import reportlab
from pypdf import PdfReader

from rushmore_print.cli.commands import cli
from rushmore_print.cli.commands import load_design as cli_load_design
from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import load_design
from rushmore_print.errors import BuildError, SpecError
from rushmore_print.layout.cards import CardKind, back_face, card_frame
from rushmore_print.layout.items import Group, Text
from rushmore_print.layout.sheets import SheetLayout
from rushmore_print.readers.truetype import TrueTypeFont
from rushmore_print.render.fontcheck import check_font
from rushmore_print.typeface import metrics, printed_upper
from rushmore_print.writers.build import (
    Kit,
    KitOptions,
    answer_key_document,
    build_kit,
    per_card_document,
    print_font_problems,
    rulebook_document,
    sheet_document,
)

from .conftest import DESIGNS
from .fontsurgery import DEJAVU, NAMES, cmap_subtables, damaged, mapping, with_records, without_chars

DAMAGED = damaged()

# What readers/truetype.py says of each file it refuses (the rest it reads, and the renderers refuse).
TTF_SAYS = {
    "unitsPerEm 0": "the head table says 0 units per em; a font has 16 to 16384",
    "no hmtx table": "no hmtx table",
    "no hhea table": "no hhea table",
    "numberOfHMetrics 0": "names 0 horizontal metrics; allowed: 1 to 6253",
    "numberOfHMetrics beyond hmtx": "names 65535 horizontal metrics",
    "format 12 claiming 2^32-1 groups": "claims 4294967295 groups but holds room for",
    "format 4 claiming 32767 segments": "claims 32767 segments in",
    "cmap subtable past the end": "the cmap table is damaged",
    "no name table": "no name table",
    "no post table": "no post table",
    "no loca table": "no loca table",
    "no glyf table": "no glyf table",
    "no cmap table": "no cmap table",
    "indexToLocFormat 2": "indexToLocFormat is 2; allowed: 0 (short) or 1 (long)",
    "loca past the end of the file": "the loca table (25016 bytes at byte",
    "loca entries past glyf": "the loca table is damaged: glyph 35 lies at bytes",
    "numGlyphs 65535": "too short for 65535 glyphs",
    "numTables 65535": "names 65535 tables; the file ends before them",
    "glyf longer than the file": "the glyf table (682828 bytes at byte 56648) runs past the end of the file",
    "truncated to half": "runs past the end of the file",
    "truncated directory": "names 20 tables; the file ends before them",
    "name table without names": "no PostScript name (name ID 6)",
}
OUTLINE_SAYS = {  # read, but an outline the names use is damaged
    "an outline cut short": "the outline of 'Ä' (glyph 134) runs past its end",
    "a composite glyph made of itself": "the outline of 'Ä' (glyph 134) nests components more than 8 deep",
}
RENDERER_SAYS = {  # readers/truetype.py has no use for these fields; reportlab refuses them
    "head magic number wrong": "reportlab cannot read it to embed it in the PDFs ('TTFError: Invalid head table magic",
    "post version 9": "reportlab cannot read it to embed it in the PDFs ('TTFError: Unknown post table version 9",
}

FONT_DESIGN = """\
name: {name}
heads: [{heads}]
directions: [left, right]
search: {{seed: 1, red_counts: {{0: 4, 1: 4}}}}
print:
  card: poker
  font: font.ttf
"""
FONT_LINE = 7  # the line of ``font:`` above


def _design(folder: Path, font: bytes, name: str = "Font Test", heads: tuple[str, ...] = NAMES) -> Path:
    (folder / "font.ttf").write_bytes(font)
    path = folder / "design.yaml"
    path.write_text(FONT_DESIGN.format(name=name, heads=", ".join(heads)), "utf-8")
    return path


def test_every_damaged_font_is_listed_with_what_is_said_of_it():
    assert set(DAMAGED) == set(TTF_SAYS) | set(OUTLINE_SAYS) | set(RENDERER_SAYS)


@pytest.mark.parametrize("label", sorted(TTF_SAYS))
def test_the_reader_refuses_each_damaged_table_saying_what_is_wrong(label):
    with pytest.raises(ValueError, match=re.escape(TTF_SAYS[label])):
        TrueTypeFont.from_bytes(DAMAGED[label], Path("x.ttf"))


@pytest.mark.parametrize("label", sorted(OUTLINE_SAYS))
def test_a_damaged_outline_is_named_by_its_character(label):
    font = TrueTypeFont.from_bytes(DAMAGED[label], Path("x.ttf"))
    with pytest.raises(ValueError, match=re.escape(OUTLINE_SAYS[label])):
        font.outline("Ä")


@pytest.mark.parametrize("label", sorted(RENDERER_SAYS))
def test_what_reportlab_refuses_is_found_by_reportlab_itself(tmp_path, label):
    TrueTypeFont.from_bytes(DAMAGED[label], Path("x.ttf"))  # our reader has no quarrel with it
    (tmp_path / "x.ttf").write_bytes(DAMAGED[label])
    with pytest.raises(ValueError, match=re.escape(RENDERER_SAYS[label])):
        check_font(tmp_path / "x.ttf", NAMES)


@pytest.mark.parametrize("label", sorted(DAMAGED))
@pytest.mark.slow
def test_a_damaged_font_is_a_located_error_at_validate_and_build_never_draws(runner, tmp_path, label):
    design = _design(tmp_path, DAMAGED[label])
    says = {**TTF_SAYS, **OUTLINE_SAYS, **RENDERER_SAYS}[label]
    located = f"error: {design}:{FONT_LINE}: print.font: 'font.ttf': "
    checked = runner.invoke(cli, ["validate", str(design)])
    assert checked.exit_code == 1, (checked.output, checked.exception)
    assert located in checked.stderr and says in checked.stderr, checked.stderr
    out = tmp_path / "out"
    built = runner.invoke(cli, ["build", str(design), "-o", str(out), "--paper", "a4"])
    assert built.exit_code == 1 and located in built.stderr, (built.output, built.exception)
    assert not out.exists() or not any(out.iterdir())  # refused before anything was drawn or written


def test_build_refuses_a_font_the_renderers_refuse_even_for_a_design_read_without_their_check(tmp_path):
    design = load_design(_design(tmp_path, DAMAGED["head magic number wrong"]))  # the core alone: passes
    assert print_font_problems(design) == [
        "print.font: 'font.ttf': reportlab cannot read it to embed it in the PDFs "
        "('TTFError: Invalid head table magic 0000')"
    ]
    with pytest.raises(BuildError, match=r"design\.yaml: print\.font: 'font\.ttf': reportlab cannot read it"):
        build_kit(design, tmp_path / "out", KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,)))
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_character_the_renderers_map_differently_is_caught_by_reportlabs_own_map(tmp_path):
    # DejaVu's last cmap record (3, 10) turned into a symbol map (3, 0) without 'B': our reader
    # ignores symbol maps and finds 'B' in the Unicode ones; reportlab takes the last Windows map.
    records = cmap_subtables(DEJAVU)
    assert records[-1][:2] == (3, 10)
    chars = {code: glyph for code, glyph in mapping(DEJAVU).items() if code != ord("B")}
    (tmp_path / "x.ttf").write_bytes(with_records(DEJAVU, chars, {len(records) - 1: (3, 0)}))
    assert TrueTypeFont.load(tmp_path / "x.ttf").covers("B")
    check_font(tmp_path / "x.ttf", ("Ada",))
    with pytest.raises(ValueError, match=r"the character map reportlab reads from it has no glyph for 'B' \(U\+0042\)"):
        check_font(tmp_path / "x.ttf", ("Bea",))


# Issue 19 item 7: what is printed is what is checked.

GREEK = without_chars(DEJAVU, (0x0300, 0x0301, 0x0313, 0x0314, 0x0342, 0x0345))  # no loose Greek accents


def test_printed_capitals_drop_greek_accents_and_spell_sharp_s_as_ss():
    assert printed_upper("Ἀθηνᾶ") == "ΑΘΗΝΑ"
    assert "Ἀθηνᾶ".upper() == "ἈΘΗΝΑ\u0342"  # what was printed before: a loose perispomeni
    assert printed_upper("Ὀδυσσεύς") == "ΟΔΥΣΣΕΥΣ"
    assert printed_upper("Straße") == "STRASSE"
    assert printed_upper("ẞ") == "ẞ"  # a capital sharp s the designer wrote stays, and is checked
    assert printed_upper("Ἄρης Ζεύς") == "ΑΡΗΣ ΖΕΥΣ"
    assert printed_upper("Łukasz Пушкин") == "ŁUKASZ ПУШКИН"


@pytest.mark.slow
def test_a_greek_title_prints_without_accents_in_a_font_that_has_no_loose_accents(tmp_path):
    path = _design(tmp_path, GREEK, name="Ἀθηνᾶ", heads=("Ἀθηνᾶ", "Ζεύς"))
    font = TrueTypeFont.from_bytes(GREEK, Path("x.ttf"))
    assert not font.covers("\u0342") and font.covers("ᾶ")  # what a designer's Greek font may well be
    design = cli_load_design(path)  # passes, with the renderers' own check
    back = back_face(design, CardKind.MONUMENT, card_frame(design))
    titles = [item.text for item in back.items if isinstance(item, Text) and item.font.file.endswith("font.ttf")]
    assert titles == ["ΑΘΗΝΑ"]
    written = build_kit(design, tmp_path / "out", KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,)))
    per_card = PdfReader(next(w.path for w in written if "per-card" in w.path.name))
    assert "ΑΘΗΝΑ" in per_card.pages[-1].extract_text()  # the Search back, its title as checked


def test_a_title_the_font_cannot_print_in_capitals_is_refused_naming_the_printed_form(tmp_path):
    no_capital_s = without_chars(DEJAVU, (ord("S"),))
    with pytest.raises(SpecError) as refused:
        cli_load_design(_design(tmp_path, no_capital_s, name="Maße", heads=("Ada", "Bea")))
    assert str(refused.value) == (
        f"{tmp_path / 'design.yaml'}:1: name: 'Maße' is printed as 'MASSE', and print.font font.ttf has no glyph "
        "for 'S' (U+0053) at character 3, 'S' (U+0053) at character 4"
    )
    no_capital_theta = without_chars(GREEK, (0x0398,))
    with pytest.raises(SpecError, match=r"name: 'Ἀθηνᾶ' is printed as 'ΑΘΗΝΑ', and print\.font font\.ttf has no "
                                        r"glyph for 'Θ' \(U\+0398\) at character 2"):  # fmt: skip
        cli_load_design(_design(tmp_path, no_capital_theta, name="Ἀθηνᾶ", heads=("Ada", "Bea")))


def test_a_name_with_a_space_needs_the_fonts_space(tmp_path):
    no_space = without_chars(DEJAVU, (0x20, 0xA0))
    with pytest.raises(SpecError, match=r"heads\.1\.name: 'Ann Lee': print\.font font\.ttf has no glyph for ' '"):
        cli_load_design(_design(tmp_path, no_space, name="Test", heads=("Ann Lee", "Bea")))


def _texts(items, symbols) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Group):
            found += _texts(item.items, symbols)
    return found


def _printed(design) -> list[Text]:
    """Every text item of every document a build makes of ``design``."""
    deck = generate_deck(design)
    kit = Kit.of(design, deck)
    documents = [sheet_document(kit, "a4", SheetLayout.DUPLEX), per_card_document(kit)]
    documents += [rulebook_document(design, deck, "letter"), answer_key_document(design, deck, "a4")]
    found = [text for document in documents for page in document.pages for text in _texts(page.items, kit.symbols)]
    return found + [t for symbol in kit.symbols.values() for t in _texts(getattr(symbol, "items", ()), kit.symbols)]


@pytest.mark.parametrize("which", ["greek", "sharp s", *[path.stem for path in DESIGNS]])
@pytest.mark.slow
def test_every_printed_text_is_covered_by_the_font_that_prints_it(tmp_path, which):
    if which == "greek":
        design = cli_load_design(_design(tmp_path, GREEK, name="Ἀθηνᾶ", heads=("Ἀθηνᾶ", "Ζεύς", "Ἥρα")))
    elif which == "sharp s":
        design = cli_load_design(_design(tmp_path, DEJAVU, name="Großes Spiel", heads=("Strauß", "Weiß")))
    else:
        design = cli_load_design(next(path for path in DESIGNS if path.stem == which))
    texts = _printed(design)
    assert any(text.text == printed_upper(design.name) for text in texts)  # the backs' title is among them
    uncovered = {
        (text.text, char, text.font.file) for text in texts for char in text.text if not metrics(text.font).covers(char)
    }
    assert not uncovered


def test_the_title_in_the_card_font_is_checked_as_printed_too(write_design):
    said = r":1: name: 'Aɡa' is printed on the card backs as 'AꞬA'; the card font \(DejaVu Sans Condensed\) has no "
    said += "glyph for"
    with pytest.raises(SpecError, match=said + r" 'Ɡ' \(U\+A7AC\) at character 2"):
        load_design(write_design(FONT_DESIGN.format(name="Aɡa", heads="Ada, Bea").replace("  font: font.ttf\n", "")))
    design = load_design(
        write_design(FONT_DESIGN.format(name="თბილისი", heads="Ada, Bea").replace("  font: font.ttf\n", ""))
    )
    back = back_face(design, CardKind.SEARCH, card_frame(design))
    assert "თბილისი" in [item.text for item in back.items if isinstance(item, Text)]  # Georgian: no capitals


@pytest.mark.slow
def test_two_fonts_of_one_file_name_each_embed_their_own_in_one_process(tmp_path):
    vera = (Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf").read_bytes()
    embedded = []
    for folder, font in (("one", vera), ("two", DEJAVU)):
        (tmp_path / folder).mkdir()
        design = load_design(_design(tmp_path / folder, font, heads=("Ada", "Bea")))
        written = build_kit(
            design, tmp_path / folder / "out", KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,))
        )
        reader = PdfReader(next(w.path for w in written if "per-card" in w.path.name))
        fonts = reader.pages[0]["/Resources"]["/Font"].values()
        embedded.append({str(font.get_object()["/BaseFont"]).split("+")[-1] for font in fonts})
    assert "BitstreamVeraSans-Bold" in embedded[0] and "BitstreamVeraSans-Bold" not in embedded[1]
