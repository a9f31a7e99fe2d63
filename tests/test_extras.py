"""The optional parts of the package (issue 33): pyproject's extras and ``extras.EXTRAS`` agree,
the core's dependencies hold none of them, the main job runs with every extra hidden, and each
command that needs one says, in one sentence, which ``pip install`` brings it.

An extra is hidden by ``sys.modules[name] = None``: ``import name`` then fails as if it were not
installed, and ``importlib.util.find_spec`` finds nothing.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.errors import MissingExtra
from rushmore_print.extras import EXTRAS, Extra, missing_sentence
from rushmore_print.readers import rasters
from rushmore_print.readers.libjpeg import strict_decoder
from rushmore_print.readers.rasters import RasterError, read_raster
from rushmore_print.readers.spreadsheets import SheetFormat, Table, read_tables, write_tables

from .conftest import ROOT
from .imagebytes import coded_data_cut, jpeg, noisy_jpeg

EVERY_EXTRA_MODULE = sorted({module for needs in EXTRAS.values() for module in needs.modules})


def _pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def hide(monkeypatch, *modules: str) -> None:
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_each_extra_in_pyproject_installs_exactly_the_modules_the_code_checks_for():
    extras = _pyproject()["project"]["optional-dependencies"]
    for extra, needs in EXTRAS.items():
        assert {_name(line) for line in extras[extra.value]} == set(needs.modules), extra
    every = ",".join(extra.value for extra in Extra)
    assert extras["all"] == [f"rushmore-print[{every}]"]
    assert "rushmore-print[all]" in extras["test"]  # the suite runs every command


def test_the_core_dependencies_hold_no_extra_and_no_package_one_other_command_alone_needs():
    core = {_name(line) for line in _pyproject()["project"]["dependencies"]}
    assert not core & set(EVERY_EXTRA_MODULE)
    assert not core & {"numpy", "openpyxl", "aiohttp", "watchfiles", "segno"}


@pytest.mark.slow
def test_the_main_job_runs_with_every_extra_hidden(tmp_path):
    """build, validate, cards, rulebook, export and impose of PNGs in a process that cannot import
    any extra's module (as in a venv with the core install alone)."""
    hidden = "; ".join(f"sys.modules[{module!r}] = None" for module in EVERY_EXTRA_MODULE)
    steps = [
        ["build", "-o", "kit"],
        ["validate"],
        ["cards", "--format", "csv"],
        ["rulebook", "--markdown", "-o", "RULES.md"],
        ["export", "png", "--dpi", "72", "-o", "png"],
        ["impose", "png", "-o", "imposed"],  # the PNGs export wrote
    ]
    for step in steps:
        code = f"import sys; {hidden}; from rushmore_print.cli import main; sys.argv = ['rushmore', *{step!r}]; main()"
        done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, (step, done.stderr[-1500:])
    assert (tmp_path / "kit").is_dir() and list((tmp_path / "imposed").glob("*.pdf"))


def test_rushmore_table_without_its_extra_says_which_pip_install_to_run(runner, monkeypatch):
    hide(monkeypatch, "aiohttp")
    result = runner.invoke(cli, ["table", "--players", "ann,bob"])
    assert result.exit_code == 1
    assert result.stderr == (
        "error: rushmore table needs the table extra, which is not installed: pip install 'rushmore-print[table]'\n"
    )


def test_preview_watch_without_its_extra_says_which_pip_install_to_run(runner, monkeypatch, tmp_path):
    hide(monkeypatch, "watchfiles")
    result = runner.invoke(cli, ["preview", "--watch", "-o", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr == f"error: {missing_sentence(Extra.PREVIEW)}\n"
    assert "pip install 'rushmore-print[preview]'" in result.stderr
    result = runner.invoke(cli, ["preview", "-o", str(tmp_path)])  # the page alone is the core's
    assert result.exit_code == 0, result.output


def test_writing_xlsx_without_its_extra_is_refused_in_one_sentence_and_reading_any_sheet_still_works(
    monkeypatch, tmp_path
):
    tables = [Table("cards", (("id", "name"), ("M01", "Ann")))]
    xlsx = tmp_path / "deck.xlsx"
    xlsx.write_bytes(write_tables(tables, SheetFormat.XLSX))
    hide(monkeypatch, "openpyxl")
    assert read_tables(xlsx)[0].rows[1] == ("M01", "Ann")  # the package reads XLSX itself
    with pytest.raises(MissingExtra) as info:
        write_tables(tables, SheetFormat.XLSX)
    assert str(info.value) == (
        "writing an XLSX spreadsheet needs the xlsx extra, which is not installed: pip install 'rushmore-print[xlsx]'"
    )
    for kind, name in ((SheetFormat.ODS, "deck.ods"), (SheetFormat.CSV, "deck.csv")):
        path = tmp_path / name
        path.write_bytes(write_tables(tables, kind))
        assert read_tables(path)[0].rows[1] == ("M01", "Ann")


def test_a_jpeg_is_proven_whole_without_any_extra_by_the_libjpeg_beside_pillow(monkeypatch, tmp_path, runner):
    if strict_decoder() is None:
        assert not sys.platform.startswith("linux")  # Pillow's Linux wheels ship libjpeg-turbo
        pytest.skip("no libjpeg-turbo beside Pillow or on the system")
    hide(monkeypatch, "simplejpeg", "numpy")
    path = tmp_path / "card.jpg"
    path.write_bytes(jpeg())
    assert read_raster(path).width == 32
    damaged = tmp_path / "cut.jpg"
    damaged.write_bytes(coded_data_cut(noisy_jpeg()))
    result = runner.invoke(cli, ["impose", str(damaged), "--card", "poker", "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "the JPEG's image data is damaged (Corrupt JPEG data: premature end of data segment)" in result.stderr
    result = runner.invoke(cli, ["impose", str(path), "--card", "poker", "--fit", "-q", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output


def test_a_jpeg_without_libjpeg_or_the_jpeg_extra_is_refused_by_name_never_half_proven(monkeypatch, tmp_path, runner):
    path = tmp_path / "card.jpg"
    path.write_bytes(jpeg())
    hide(monkeypatch, "simplejpeg")
    monkeypatch.setattr(rasters, "strict_decoder", lambda: None)  # as on Windows, where Pillow links it in
    with pytest.raises(RasterError) as info:
        read_raster(path)
    assert info.value.reason == missing_sentence(Extra.JPEG)
    assert read_raster(path, verify=False).width  # its structure alone still reads
    result = runner.invoke(cli, ["impose", str(path), "--card", "poker", "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.stderr == f"error: {path}: {missing_sentence(Extra.JPEG)}\n"
