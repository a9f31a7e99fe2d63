"""``rushmore init``: every example design ships and starts a design that validates; nothing is
ever overwritten; the art folder beside it is where head art may live."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rushmore_print.cli.commands import cli
from rushmore_print.writers.starter import Example

from .conftest import EXAMPLES


@pytest.mark.parametrize("example", [e.value for e in Example])
@pytest.mark.slow
def test_init_writes_each_example_commented_and_it_validates(runner, tmp_path, example):
    folder = tmp_path / "mine"
    result = runner.invoke(cli, ["init", str(folder), "--from", example])
    assert result.exit_code == 0, result.output
    text = (folder / "design.yaml").read_text("utf-8")
    shipped = (EXAMPLES / f"{example}.yaml").read_text("utf-8")
    header, body = text[: -len(shipped)], text[-len(shipped) :]
    assert body == shipped  # the example as it is, after the header
    assert header.startswith(f"# A rushmore-print design, started from the {example} example")
    assert all(line.startswith("#") for line in header.splitlines())
    assert f"#   rushmore validate {folder / 'design.yaml'}\n" in header
    assert (folder / "art" / "README.txt").is_file()
    checked = runner.invoke(cli, ["validate", str(folder / "design.yaml")])
    assert checked.exit_code == 0, checked.output


def test_init_never_overwrites_and_writes_nothing_when_refused(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "design.yaml").write_text("name: mine\n")
    result = runner.invoke(cli, ["init"])
    assert result.exit_code == 1
    assert result.stderr == (
        "error: design.yaml: already exists; init never overwrites a file: give another folder "
        "(rushmore init FOLDER) or remove it\n"
    )
    assert (tmp_path / "design.yaml").read_text() == "name: mine\n"
    assert not (tmp_path / "art").exists()
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "art").write_text("a file, not a folder")
    result = runner.invoke(cli, ["init", "other"])
    assert result.exit_code == 1 and "other/art: already exists and is not a folder" in result.stderr
    assert not (tmp_path / "other" / "design.yaml").exists()


def test_the_started_design_runs_from_its_folder_and_takes_art_from_its_art_folder(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(cli, ["init", "game"]).exit_code == 0
    header = (tmp_path / "game" / "design.yaml").read_text("utf-8")
    assert "#   rushmore validate game/design.yaml\n" in header
    art = io.BytesIO()
    Image.new("RGB", (60, 80), (90, 60, 40)).save(art, "PNG")
    (tmp_path / "game" / "art" / "washington.png").write_bytes(art.getvalue())
    design = tmp_path / "game" / "design.yaml"
    design.write_text(header.replace("{name: Washington, look: tied}", "{name: Washington, art: art/washington.png}"))
    result = runner.invoke(cli, ["validate", "game/design.yaml"])
    assert result.exit_code == 0, result.output
