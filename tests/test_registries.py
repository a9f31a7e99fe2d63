"""The typed registries: every export target named once (``targets.TargetKind``), described once
(``targets.EXPORTS``) and written by one registered function (``export.EXPORTERS``)."""

import inspect

import pytest

from rushmore_print.deck.targets import EXPORTS, TargetKind
from rushmore_print.design.vendors import FileKind
from rushmore_print.writers.export import EXPORTERS, VENDOR_WRITERS, run_export


def test_every_target_kind_has_its_metadata_and_its_exporter():
    assert set(EXPORTERS) == set(TargetKind)
    assert [target.kind for target in EXPORTS.values()] == list(TargetKind)
    assert all(EXPORTS[name].name == name for name in EXPORTS)


def test_every_exporter_takes_the_shared_arguments_in_order():
    for kind, exporter in EXPORTERS.items():
        names = list(inspect.signature(exporter).parameters)
        assert names == ["design", "out_dir", "options", "progress"], kind


def test_every_kind_of_vendor_files_has_its_writer_and_the_vendor_targets_their_profiles():
    assert set(VENDOR_WRITERS) == set(FileKind)
    vendors = {name: target.vendor() for name, target in EXPORTS.items() if target.profile is not None}
    assert {name: vendor.files.value for name, vendor in vendors.items()} == {
        "tgc": "images", "mpc": "images", "dtc": "pdf", "tts": "sheets",
    }  # fmt: skip


def test_run_export_calls_the_registered_function(monkeypatch, tmp_path):
    calls = []

    def fake(design, out_dir, options, progress):
        calls.append((design, out_dir))
        return []

    monkeypatch.setitem(EXPORTERS, TargetKind.TTS, fake)  # type: ignore[arg-type]
    assert run_export(EXPORTS["tts"], "design", tmp_path) == []  # type: ignore[arg-type]
    assert calls == [("design", tmp_path)]


@pytest.mark.slow
def test_vulture_sees_every_export_function_used():
    """A function reached only through a name looked up at run time is dead to every tool; and
    vulture finds no dead code at all (what it cannot see used is named, with why, in
    pyproject.toml's ``[tool.vulture]``, read from the project's folder)."""
    import subprocess

    pytest.importorskip("vulture")  # a test dependency: skipped only in a venv made before it was added
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    found = subprocess.run(
        [sys.executable, "-m", "vulture", "--min-confidence", "60", "rushmore_print"],
        capture_output=True,
        text=True,
        cwd=root,
    )
    assert "unused function 'export_" not in found.stdout, found.stdout
    assert (found.returncode, found.stdout) == (0, ""), found.stdout + found.stderr
