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
