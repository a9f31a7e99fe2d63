"""What a PDF says about itself: its date (SOURCE_DATE_EPOCH, else a fixed one) and its subject."""

import io

import pytest
from pypdf import PdfReader

from rushmore_print.cli.commands import cli
from rushmore_print.layout.items import Document, Page, Rect, Shape
from rushmore_print.layout.items import Path as LayoutPath
from rushmore_print.render.pdf import render_pdf
from rushmore_print.render.rawpdf import render_raw_pdf

SUBJECT = "Mount Rushmore: print-and-play card sheets, A4 duplex (backs turned on the long edge)"
DEC_2025 = "1764547200"  # 2025-12-01 00:00:00 UTC


def document(subject: str = SUBJECT) -> Document:
    square = Shape(LayoutPath.rect(Rect(10, 10, 20, 20)), fill=(0.83, 0.18, 0.18))
    return Document("Mount Rushmore: cards, A4 duplex", (Page(63.5, 88.9, (square,)),), {}, subject)


RENDERERS = {
    "sheets": lambda doc: render_pdf(doc),
    "cmyk": lambda doc: render_pdf(doc, cmyk=True),
    "pdfx": lambda doc: render_pdf(doc, pdfx=True),
    "impose": lambda doc: render_raw_pdf(doc, {}),
}
CMYK_KINDS = {"cmyk", "pdfx"}


def info(data: bytes) -> dict:
    return dict(PdfReader(io.BytesIO(data)).metadata or {})


@pytest.mark.parametrize("kind", sorted(RENDERERS))
def test_a_real_subject_and_no_placeholders(kind, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    render = RENDERERS[kind]
    found = info(render(document()))
    bare = info(render(document(subject="")))
    if kind in CMYK_KINDS:  # a CMYK file always says, where a publisher reads it, how its colours were converted
        assert found["/Subject"].startswith(SUBJECT + "; CMYK for ")
        assert "without black-point compensation" in found["/Subject"]
        assert bare["/Subject"].startswith("CMYK for ")
    else:
        assert found["/Subject"] == SUBJECT
        assert "/Subject" not in bare
    assert "/Keywords" not in found and "/Keywords" not in bare and bare["/Title"]


@pytest.mark.parametrize("kind", ["sheets", "pdfx"])
def test_dates_are_fixed_unless_source_date_epoch_gives_one(kind, monkeypatch):
    render = RENDERERS[kind]
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    fixed = render(document())
    assert info(fixed)["/CreationDate"] == info(fixed)["/ModDate"] == "D:20000101000000+00'00'"
    assert render(document()) == fixed  # byte-identical without it
    monkeypatch.setenv("SOURCE_DATE_EPOCH", DEC_2025)
    dated = render(document())
    assert info(dated)["/CreationDate"] == info(dated)["/ModDate"] == "D:20251201000000+00'00'"
    assert render(document()) == dated  # and with it


def test_imposed_pdfs_carry_a_date_only_when_one_is_given(monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert "/CreationDate" not in info(render_raw_pdf(document(), {}))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", DEC_2025)
    found = info(render_raw_pdf(document(), {}))
    assert found["/CreationDate"] == found["/ModDate"] == "D:20251201000000+00'00'"


@pytest.mark.parametrize("value", ["yesterday", "1.5", "-1", "99999999999999", "١٢"])
def test_a_malformed_source_date_epoch_is_a_clear_error(value, runner, tiny_path, tmp_path):
    command = ["export", "dtc", str(tiny_path), "-o", str(tmp_path)]
    result = runner.invoke(cli, command, env={"SOURCE_DATE_EPOCH": value})
    assert result.exit_code == 1, result.output
    assert "error: SOURCE_DATE_EPOCH: " in result.output and "date +%s" in result.output
    assert "Traceback" not in result.output
    assert not list(tmp_path.rglob("*.pdf"))


@pytest.mark.parametrize(
    "command", [["build"], ["rulebook"], ["calibrate", "--paper", "a4"], ["export", "dtc"]], ids=lambda c: c[0]
)
def test_a_run_refused_for_its_date_leaves_no_folder_it_made(command, runner, tiny_path, tmp_path):
    """The date is read as the first PDF is drawn, after the output folder is made: a refused run
    takes back the folders it made (nothing was written), and leaves a folder that was there."""
    design = [str(tiny_path)] if command[0] in ("build", "rulebook", "export") else []
    new = tmp_path / "new" / "kit"
    result = runner.invoke(cli, [*command, *design, "-o", str(new)], env={"SOURCE_DATE_EPOCH": "abc"})
    assert result.exit_code == 1, result.output
    assert not (tmp_path / "new").exists()
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "notes.txt").write_text("mine")
    result = runner.invoke(cli, [*command, *design, "-o", str(tmp_path / "old")], env={"SOURCE_DATE_EPOCH": "abc"})
    assert result.exit_code == 1, result.output
    assert [path.name for path in (tmp_path / "old").iterdir()] == ["notes.txt"]


@pytest.mark.slow
def test_the_kit_says_what_each_file_is(runner, tiny_path, tmp_path):
    result = runner.invoke(
        cli, ["build", str(tiny_path), "-o", str(tmp_path), "--paper", "a4"], env={"SOURCE_DATE_EPOCH": DEC_2025}
    )
    assert result.exit_code == 0, result.output
    subjects = {path.name: info(path.read_bytes()) for path in tmp_path.rglob("*.pdf")}
    assert subjects
    for name, found in subjects.items():
        assert found["/Subject"].startswith("Tiny: "), name
        assert "unspecified" not in found["/Subject"] and "/Keywords" not in found, name
        assert found["/CreationDate"] == "D:20251201000000+00'00'", name
