import dataclasses
import hashlib
import math
import re

import pytest
from pypdf import PdfReader

from rushmore_print.cli.commands import cli
from rushmore_print.design import load_design
from rushmore_print.errors import BuildError
from rushmore_print.layout.sheets import PAPERS, SheetLayout
from rushmore_print.writers.build import KitOptions, build_kit

from .conftest import DESIGNS
from .pdftext import page_texts

MM = 72 / 25.4


@pytest.fixture(scope="session")  # session: the slow tests that use it run apart from the module's others
def kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit")
    written = build_kit(load_design(), out)
    return out, {w.path.name: w for w in written}


def ids_on(texts):
    found = []
    for text in texts:
        found += re.findall(r"\b[MS]\d\d\b", text)
    return found


@pytest.mark.slow
def test_default_kit_files(kit):
    _out, written = kit
    assert sorted(written) == sorted(
        [
            "mount-rushmore_cards_a4_duplex.pdf",
            "mount-rushmore_cards_a4_gutterfold.pdf",
            "mount-rushmore_cards_letter_duplex.pdf",
            "mount-rushmore_cards_letter_gutterfold.pdf",
            "mount-rushmore_cards_per-card.pdf",
            "mount-rushmore_rulebook_a4.pdf",
            "mount-rushmore_rulebook_letter.pdf",
            "mount-rushmore_answer-key_a4.pdf",
            "mount-rushmore_answer-key_letter.pdf",
            "mount-rushmore_tuck-box_a4.pdf",
            "mount-rushmore_tuck-box_letter.pdf",
        ]
    )
    for w in written.values():
        assert w.size < 500 * 1024


def test_every_file_of_the_kit_has_its_own_id(kit):
    """A print shop's or a library's software tells files apart by /ID: the A4 and Letter rule
    sheets (one title) must not share one."""
    out, written = kit
    ids = {name: re.search(rb"/ID\s*\[\s*<([0-9a-f]+)>", (out / name).read_bytes()).group(1) for name in written}
    assert len(set(ids.values())) == len(ids), ids


@pytest.mark.parametrize(
    "paper, layout, per_sheet, pages",
    [
        ("a4", "duplex", 9, 14),  # (2 Monument + 5 Search sheets) x fronts and backs
        ("letter", "duplex", 8, 14),  # 2 + 5 sheets
        ("a4", "gutterfold", 4, 14),  # 4 + 10 sheets, backs on the same page
        ("letter", "gutterfold", 4, 14),  # 4 + 10, beside a fold down the middle (across it: 3 a sheet, 19 pages)
    ],
)
@pytest.mark.slow
def test_sheet_pdfs_have_the_right_pages(kit, paper, layout, per_sheet, pages):
    out, _ = kit
    reader = PdfReader(out / f"mount-rushmore_cards_{paper}_{layout}.pdf")
    sheets = math.ceil(16 / per_sheet) + math.ceil(39 / per_sheet)
    assert len(reader.pages) == pages == sheets * (2 if layout == "duplex" else 1)
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(PAPERS[paper].width_mm * MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(PAPERS[paper].height_mm * MM, abs=0.01)
    texts = page_texts(out / f"mount-rushmore_cards_{paper}_{layout}.pdf")
    assert len(texts) == pages
    ids = ids_on(texts[::2] if layout == "duplex" else texts)
    expected = [f"M{i:02d}" for i in range(1, 17)] + [f"S{i:02d}" for i in range(1, 40)]
    assert sorted(ids) == expected  # every card exactly once
    if layout == "duplex":
        assert ids_on(texts[1::2]) == []  # backs give nothing away
    text = texts[0]
    assert "Print at 100%" in text and "50 mm" in text and "Mount Rushmore" in text


def test_per_card_pdf_sets_trim_and_bleed_boxes(kit):
    out, _ = kit
    reader = PdfReader(out / "mount-rushmore_cards_per-card.pdf")
    assert len(reader.pages) == 16 + 39 + 2
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx((88.9 + 6) * MM, abs=0.01)
    assert float(page.trimbox.left) == pytest.approx(3 * MM, abs=0.01)
    assert float(page.trimbox.width) == pytest.approx(88.9 * MM, abs=0.01)
    assert float(page.bleedbox.width) == pytest.approx((88.9 + 6) * MM, abs=0.01)


def test_head_art_is_shared_between_pages(kit):
    out, _ = kit
    reader = PdfReader(out / "mount-rushmore_cards_a4_duplex.pdf")
    names = set()
    for page in reader.pages[::2]:
        xobjects = page["/Resources"]["/XObject"]
        names |= {xobjects[name].indirect_reference.idnum for name in xobjects}
    # at most one form per (head, direction, red), the flip marker and each head's relief facing
    # each way: 4 x 2 x 2 + 1 + 4 x 2
    assert 0 < len(names) <= 25


@pytest.mark.slow
def test_two_builds_are_byte_identical(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    options = KitOptions(papers=("a4",), layouts=(SheetLayout.DUPLEX,))
    for out in (first, second):
        build_kit(load_design(), out, options)

    def digest(p):
        return hashlib.sha256(p.read_bytes()).hexdigest()

    for path in first.iterdir():
        assert digest(path) == digest(second / path.name)


@pytest.mark.slow
@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_every_example_design_builds(tmp_path, path):
    written = build_kit(load_design(path), tmp_path, KitOptions(papers=("letter",), layouts=tuple(SheetLayout)))
    assert len(written) == (6 if path.stem == "eight" else 7)  # eight's 320 cards need a box no sheet holds
    for w in written:
        assert len(PdfReader(w.path).pages) == w.pages


def test_an_invalid_deck_is_refused_and_nothing_is_written(tmp_path, monkeypatch):
    import rushmore_print.writers.build as build
    from rushmore_print.deck.generate import generate_deck

    def broken(design):
        deck = generate_deck(design)
        return dataclasses.replace(deck, monuments=deck.monuments[1:])

    monkeypatch.setattr(build, "generate_deck", broken)
    with pytest.raises(BuildError, match="does not validate"):
        build_kit(load_design(), tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_failed_render_keeps_the_old_file(tmp_path, monkeypatch):
    import rushmore_print.render.pdf as pdf

    options = KitOptions(
        papers=("a4",), layouts=(SheetLayout.FRONTS,), per_card=False, rulebook=False, answer_key=False, tuck_box=False
    )
    build_kit(load_design(), tmp_path, options)
    target = tmp_path / "mount-rushmore_cards_a4_fronts.pdf"
    before = target.read_bytes()

    def explode(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(pdf, "write_pdf", explode)
    with pytest.raises(RuntimeError):
        build_kit(load_design(), tmp_path, options)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


@pytest.mark.slow
def test_a_build_that_fails_half_way_leaves_the_whole_previous_kit(tmp_path, monkeypatch):
    import rushmore_print.render.pdf as pdf

    options = KitOptions(("a4",), (SheetLayout.DUPLEX, SheetLayout.GUTTERFOLD), per_card=False, tuck_box=False)
    first = build_kit(load_design(), tmp_path, options)
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    assert len(before) == len(first) == 4
    rendered = []
    real = pdf.write_pdf

    def third_fails(document, out, **kwargs):
        if len(rendered) == 2:
            raise BuildError("the third document failed")
        rendered.append(document.title)
        real(document, out, **kwargs)
        out.write(b"% rebuilt")  # differs from the old files, were it moved in

    monkeypatch.setattr(pdf, "write_pdf", third_fails)
    with pytest.raises(BuildError, match="third document"):
        build_kit(load_design(), tmp_path, options)
    assert len(rendered) == 2  # two new files were written (staged) before the failure
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before  # no staging folder left either


@pytest.mark.slow
def test_each_document_is_written_before_the_next_is_rendered(tmp_path, monkeypatch):
    import rushmore_print.render.pdf as pdf

    options = KitOptions(("a4",), (SheetLayout.DUPLEX,), rulebook=False, answer_key=False, tuck_box=False)
    staged_when_rendering = []
    real = pdf.write_pdf

    def spy(document, out, **kwargs):
        staged_when_rendering.append(sorted(p.name for p in tmp_path.glob(".rushmore-staged-*/*")))
        real(document, out, **kwargs)

    monkeypatch.setattr(pdf, "write_pdf", spy)
    build_kit(load_design(), tmp_path, options)
    # the file being written is there already, the one before it complete: nothing held back in memory
    assert staged_when_rendering == [
        ["mount-rushmore_cards_a4_duplex.pdf"],
        ["mount-rushmore_cards_a4_duplex.pdf", "mount-rushmore_cards_per-card.pdf"],
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "mount-rushmore_cards_a4_duplex.pdf",
        "mount-rushmore_cards_per-card.pdf",
    ]


def test_a_staging_folder_a_killed_build_left_is_removed_by_the_next(tmp_path):
    options = KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,), per_card=False, rulebook=False)
    stale = tmp_path / ".rushmore-staged-999999999-abcd"  # no such process
    stale.mkdir()
    (stale / "half.pdf").write_bytes(b"half a PDF")
    build_kit(load_design(), tmp_path, options)
    assert not stale.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_each_card_is_laid_out_once_a_document_and_pages_as_they_are_reached(monkeypatch):
    import rushmore_print.writers.build as build

    design = load_design()
    kit = build.Kit.of(design, build.checked_deck(design))
    made = []
    real = build.monument_face
    monkeypatch.setattr(build, "monument_face", lambda *args: made.append(args[1].id) or real(*args))
    document = build.sheet_document(kit, "a4", SheetLayout.DUPLEX)
    assert made == []  # nothing laid out before a renderer asks
    pages = iter(document.pages)
    next(pages)
    assert made == [f"M{i:02}" for i in range(1, 10)]  # the first sheet's cards, no more
    list(pages)
    assert made == [f"M{i:02}" for i in range(1, 17)]  # each Monument once, the back page reusing its sheet's


def test_atomic_write_leaves_no_partial_file(tmp_path, monkeypatch):
    from rushmore_print.writers import files

    target = tmp_path / "x.pdf"
    target.write_bytes(b"old")

    def fail_replace(src, dst):
        raise OSError("interrupted")

    monkeypatch.setattr(files.os, "replace", fail_replace)
    with pytest.raises(BuildError, match=r"x\.pdf: cannot write it \(interrupted\); the previous file is intact"):
        files.atomic_write(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.pdf"]


@pytest.mark.slow
def test_build_command_reports_what_it_wrote(runner, tmp_path):
    result = runner.invoke(cli, ["build", "-o", str(tmp_path), "--paper", "a4", "--layout", "duplex"])
    assert result.exit_code == 0, result.output
    assert "Mount Rushmore: wrote 5 files to" in result.stdout
    assert "mount-rushmore_cards_a4_duplex.pdf" in result.stdout and "14" in result.stdout
    assert (tmp_path / "mount-rushmore_cards_a4_duplex.pdf").exists()


def test_build_command_bad_offset_is_usage_error(runner, tmp_path):
    result = runner.invoke(cli, ["build", "-o", str(tmp_path), "--back-offset", "one"])
    assert result.exit_code == 2 and "expected two numbers in mm" in result.output


def test_rulebook_command(runner, tmp_path):
    result = runner.invoke(cli, ["rulebook", "-o", str(tmp_path), "--paper", "letter"])
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["mount-rushmore_rulebook_letter.pdf"]
    assert len(PdfReader(tmp_path / "mount-rushmore_rulebook_letter.pdf").pages) == 2


def _fonts_of(path):
    """Every font a PDF uses, from its pages and their Form XObjects, with how it is embedded."""
    from pypdf import PdfReader

    found = {}

    def walk(resources):
        if not resources:
            return
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if font.get("/Subtype") == "/Type0":
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            embedded = font.get("/Subtype") == "/Type3" or any(
                key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            found[str(font.get("/BaseFont", font.get("/Name")))] = embedded
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources"))

    for page in PdfReader(path).pages:
        walk(page.get("/Resources"))
    return found


def test_the_print_kit_page_names_the_type_the_kit_embeds(kit):
    """The print kit page says which font the PDFs embed, as subsets: the kit's PDFs embed those
    three faces and nothing else."""
    from .docpages import page

    said = " ".join(page("guide/print-kit.md").split())
    assert "Type: the PDFs embed (as subsets) DejaVu Sans Condensed, regular, bold and oblique" in said
    kit_folder, _ = kit
    names = {name for pdf in kit_folder.glob("*.pdf") for name in _fonts_of(pdf)}
    assert all(re.fullmatch(r"/[A-Z]{6}\+DejaVuSansCondensed(-Bold|-Oblique)?", name) for name in names), names
    faces = {name.split("+")[1] for name in names}
    assert faces == {"DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DejaVuSansCondensed-Oblique"}


@pytest.mark.slow
def test_every_font_in_every_pdf_is_embedded(tmp_path, kit, runner):
    from rushmore_print.cli.commands import cli

    kit_folder, _ = kit
    assert runner.invoke(cli, ["export", "dtc", "-o", str(tmp_path / "dtc")]).exit_code == 0
    assert runner.invoke(cli, ["export", "png", "--dpi", "72", "-o", str(tmp_path / "png")]).exit_code == 0
    imposed = runner.invoke(cli, ["impose", str(tmp_path / "png" / "M01.png"), "-o", str(tmp_path / "imp")])
    assert imposed.exit_code == 0, imposed.output
    pdfs = sorted(kit_folder.glob("*.pdf")) + sorted((tmp_path / "dtc").glob("*.pdf"))
    pdfs += sorted((tmp_path / "imp").glob("*.pdf"))
    assert len(pdfs) >= 7
    for pdf in pdfs:
        fonts = _fonts_of(pdf)
        assert fonts, pdf.name
        assert all(fonts.values()), (pdf.name, fonts)


@pytest.mark.slow
def test_names_in_greek_cyrillic_and_latin_extended_build_and_export(write_design, tmp_path):
    from pypdf import PdfReader

    from rushmore_print.deck.targets import ExportOptions
    from rushmore_print.writers.export import export_png

    design = load_design(write_design("""
        name: Ἀκρόπολις
        heads: [Łukasz, Ἀθηνᾶ, Пушкин, Zoë]
        directions: [left, right]
        search: {seed: 2, red_counts: {0: 4, 1: 4}}
    """))  # fmt: skip
    written = build_kit(design, tmp_path / "kit", KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,)))
    per_card = next(w.path for w in written if "per-card" in w.path.name)
    text = PdfReader(per_card).pages[0].extract_text()
    for name in ("Łukasz", "Ἀθηνᾶ", "Пушкин", "Zoë"):
        assert name in text
    assert "ΑΚΡΟΠΟΛΙΣ" in PdfReader(per_card).pages[-1].extract_text()  # the back's title: Greek capitals, no accents
    export_png(design, tmp_path / "png", ExportOptions(dpi=100))
    assert (tmp_path / "png" / "M01.png").stat().st_size > 0


def test_a_name_too_long_to_print_at_7pt_is_refused_before_anything_is_written(write_design, tmp_path):
    long_name = "Bartholomew-Fitzwilliam"
    design = load_design(write_design(f"""
        name: Long Names
        heads: [{long_name}, B, C, D, E]
        directions: [left, right]
        search: {{seed: 1, red_counts: {{0: 4}}}}
    """))  # fmt: skip
    with pytest.raises(BuildError, match=f"the head name '{long_name}' is too long to print at 7 pt"):
        build_kit(design, tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_a_card_that_does_not_fit_the_paper_or_the_layout_is_refused_with_words(write_design, tmp_path):
    huge = load_design(write_design(MINIMAL_CARD.format(size=200)))
    with pytest.raises(BuildError, match="a 200 x 200 mm card with 3 mm bleed does not fit on A4 paper"):
        build_kit(huge, tmp_path / "a")
    big = load_design(write_design(MINIMAL_CARD.format(size=150)))
    with pytest.raises(BuildError, match="does not fit on A4 paper in the gutterfold layout; choose --layout duplex"):
        build_kit(big, tmp_path / "b")
    assert not (tmp_path / "b").exists() or not list((tmp_path / "b").iterdir())
    written = build_kit(big, tmp_path / "c", KitOptions(layouts=(SheetLayout.DUPLEX,)))
    assert written


MINIMAL_CARD = """
name: Big
heads: [A, B]
directions: [left, right]
search: {{seed: 1, red_counts: {{0: 4}}}}
print: {{card: {{width: {size}mm, height: {size}mm}}}}
"""


@pytest.mark.slow
def test_build_and_impose_take_a_gap_with_a_unit(runner, tmp_path):
    built = runner.invoke(cli, ["build", "--gap", "3mm", "--paper", "a4", "--layout", "duplex", "-o", str(tmp_path)])
    assert built.exit_code == 0, built.output
    reader = PdfReader(tmp_path / "mount-rushmore_cards_a4_duplex.pdf")
    assert len(reader.pages) == 2 * (math.ceil(16 / 8) + math.ceil(39 / 8))  # 8 spaced cards a sheet, not 9
    for args, message in [(["--gap", "3"], "give the unit"), (["--gap", "25mm"], "at most 20 mm")]:
        refused = runner.invoke(cli, ["build", *args, "-o", str(tmp_path)])
        assert refused.exit_code == 2 and message in refused.output
    runner.invoke(cli, ["export", "png", "--dpi", "72", "-o", str(tmp_path / "png")])
    fronts = [str(p) for p in sorted((tmp_path / "png").glob("[MS]*.png"))]
    imposed = runner.invoke(cli, ["impose", *fronts, "--bleed", "3mm", "--gap", "2mm", "--paper", "a4",
                                  "-o", str(tmp_path / "imposed")])  # fmt: skip
    assert imposed.exit_code == 0, imposed.output
