"""Where outputs go: --name is a name, lengths are bounded, and concurrent runs keep their files."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.errors import BuildError
from rushmore_print.writers.files import atomic_write, ensure_folder


@pytest.fixture(scope="module")
def card_png(tmp_path_factory):
    from PIL import Image

    path = tmp_path_factory.mktemp("cards") / "M01.png"
    Image.new("RGB", (190, 265), "white").save(path, dpi=(72, 72))
    return path


@pytest.mark.parametrize("name", ["../x", "/tmp/abs", "a/b", "..", "~x", "a\\b"])
def test_impose_name_is_a_name_not_a_path(runner, tmp_path, card_png, name):
    result = runner.invoke(cli, ["impose", str(card_png), "-o", str(tmp_path / "out"), "--name", name])
    assert result.exit_code == 2
    assert "is a path; give a plain name and the folder with -o" in result.stderr
    assert not list(tmp_path.rglob("*.pdf"))


def test_a_long_name_gets_a_sentence(runner, tmp_path, card_png):
    result = runner.invoke(cli, ["impose", str(card_png), "-o", str(tmp_path), "--name", "n" * 300])
    assert result.exit_code == 2
    assert "(300 characters): too long; a name may have at most 200 bytes" in result.stderr


def test_a_path_too_long_for_the_system_gets_a_sentence(tmp_path):
    deep = tmp_path.joinpath(*["d" * 200] * 30)
    with pytest.raises(BuildError, match="the path is too long for this file system"):
        ensure_folder(deep)
    with pytest.raises(BuildError, match="the file name or path is too long for this file system"):
        atomic_write(tmp_path / ("f" * 300), b"x")


@pytest.mark.parametrize("offset", ["1e308,0", "0,nan", "21,0", "0,-inf"])
def test_back_offset_is_bounded(runner, tmp_path, offset):
    result = runner.invoke(cli, ["build", "--layout", "duplex", "--back-offset", offset, "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert "at most 20 mm each way" in result.stderr


def test_a_live_runs_temporary_file_is_kept_and_a_dead_runs_removed(tmp_path):
    target = tmp_path / "kit.pdf"
    # A temporary file of a process that is running (this one's parent) and of one that is not.
    live = tmp_path / f".kit.pdf.{os.getppid()}-abc123.part"
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = tmp_path / f".kit.pdf.{int(ended.stdout)}-def456.part"
    old_style = tmp_path / ".kit.pdf.x1y2z3.part"
    for part in (live, dead, old_style):
        part.write_bytes(b"half")
    atomic_write(target, b"whole")
    assert target.read_bytes() == b"whole"
    assert live.exists()
    assert not dead.exists() and not old_style.exists()


# Issue 32.6: no command writes over a file it reads, through whatever path names it.
INPUT_DESIGN = """
name: Outputs
heads: [{name: A, art: art.png}, B, C, D]
search: {seed: 1, red_counts: {0: 16, 1: 12, 2: 11}}
"""


@pytest.fixture
def design_with_art(tmp_path, write_design):
    from PIL import Image

    Image.new("RGB", (300, 300), "navy").save(tmp_path / "art.png")
    return write_design(INPUT_DESIGN)


def _spellings(folder, design):
    """Other names of the design file: a dotted path, a symbolic link, and a hard link (what a
    case-insensitive file system makes of DESIGN.YAML: another name for the same file)."""
    (folder / "link.csv").symlink_to(design.name)
    os.link(design, folder / "DESIGN.YAML")
    return [folder / "." / design.name, folder / "link.csv", folder / "DESIGN.YAML"]


@pytest.mark.parametrize("fmt", ["csv", "json", "xlsx"])
def test_cards_never_writes_over_the_design_it_reads(runner, tmp_path, design_with_art, fmt):
    before = design_with_art.read_bytes()
    for target in [design_with_art, *_spellings(tmp_path, design_with_art), tmp_path / "art.png"]:
        result = runner.invoke(cli, ["cards", str(design_with_art), "--format", fmt, "-o", str(target)])
        assert result.exit_code == 2, (target, result.output)
        what = "heads.1.art" if target.name == "art.png" else "the design"
        assert f"{target} is {what}" in result.stderr and "nothing was written" in result.stderr
    assert design_with_art.read_bytes() == before
    assert (tmp_path / "link.csv").is_symlink()
    result = runner.invoke(cli, ["rulebook", str(design_with_art), "--markdown", str(design_with_art)])
    assert result.exit_code == 2 and design_with_art.read_bytes() == before, result.output


def test_build_never_replaces_an_input_in_its_folder(runner, tmp_path, write_design):
    """A design whose art carries the name of one of the kit's files, built into its own folder."""
    from PIL import Image

    Image.new("RGB", (300, 300), "navy").save(tmp_path / "outputs_answer-key_a4.pdf", "PNG")  # art, by its bytes
    design = write_design(INPUT_DESIGN.replace("art.png", "outputs_answer-key_a4.pdf"))
    art = (tmp_path / "outputs_answer-key_a4.pdf").read_bytes()
    result = runner.invoke(cli, ["build", str(design), "-o", str(tmp_path), "--paper", "a4"])
    assert result.exit_code == 2, result.output
    assert "outputs_answer-key_a4.pdf is heads.1.art this command reads" in result.stderr
    assert (tmp_path / "outputs_answer-key_a4.pdf").read_bytes() == art
    assert not list(tmp_path.glob("outputs_cards*.pdf"))  # nothing was written


def test_export_neither_replaces_nor_removes_an_input_in_its_folder(runner, tmp_path, write_design):
    from PIL import Image

    for name in ("M01.png", "M17.png"):
        Image.new("RGB", (300, 300), "navy").save(tmp_path / name)
    replaced = write_design(INPUT_DESIGN.replace("art.png", "M01.png"), "replaced.yaml")
    result = runner.invoke(cli, ["export", "png", str(replaced), "-o", str(tmp_path), "--dpi", "72"])
    assert result.exit_code == 2 and "M01.png is heads.1.art this command reads" in result.stderr, result.output
    # M17.png has the shape of a card image a 5-head deck's export left: removed as a leftover
    # by an export of 16 Monuments, unless the design reads it.
    kept = write_design(INPUT_DESIGN.replace("art.png", "M17.png"), "kept.yaml")
    result = runner.invoke(cli, ["export", "png", str(kept), "-o", str(tmp_path), "--dpi", "72"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "M17.png").exists() and (tmp_path / "M16.png").exists()


def test_impose_never_writes_over_a_card_image(runner, tmp_path):
    from PIL import Image

    card = tmp_path / "imposed_a4_fronts.pdf"  # a PNG, by its bytes
    Image.new("RGB", (750, 1050), "white").save(card, "PNG", dpi=(300, 300))
    before = card.read_bytes()
    result = runner.invoke(cli, ["impose", str(card), "-o", str(tmp_path), "--paper", "a4", "--layout", "fronts"])
    assert result.exit_code == 2 and "is a card image this command reads" in result.stderr, result.output
    assert card.read_bytes() == before


@pytest.mark.parametrize("spelling", ["pipe.csv", "stdout"])
def test_an_output_that_is_a_pipe_or_a_link_to_one_is_not_replaced_by_a_file(runner, tmp_path, spelling):
    """``cards -o /dev/stdout`` (a link to a pipe) or ``-o /dev/null`` (a device): the file written
    beside it and renamed would put a regular file in its place, for everyone when run as root."""
    import stat

    os.mkfifo(tmp_path / "pipe.csv")
    (tmp_path / "stdout").symlink_to(tmp_path / "pipe.csv")  # as /dev/stdout is a link to /proc/self/fd/1
    result = runner.invoke(cli, ["cards", "--format", "csv", "-o", str(tmp_path / spelling)])
    assert result.exit_code == 1, result.output
    assert f"{tmp_path / spelling} is a named pipe (FIFO), not a file;" in result.stderr
    assert "nothing was written" in result.stderr
    assert stat.S_ISFIFO(os.stat(tmp_path / "pipe.csv").st_mode) and (tmp_path / "stdout").is_symlink()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["pipe.csv", "stdout"]
