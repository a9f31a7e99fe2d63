"""Hostile and random inputs (tests/fuzzing.py): each gets a verdict naming the file, never an
internal error, and a design that ``validate`` passes builds. Every hostile case and a sample of
the random designs run here, in-process; the whole set (520 cases, each in its own process under
a time and memory limit, with every export and every PDF checked by qpdf and pdftoppm) is
``bench/fuzz_designs.py``."""

import pytest

from rushmore_print.cli.commands import cli

from .casecache import kept
from .fuzzing import cases, materialise

SAMPLE = kept("designs", lambda: cases(every=16))


@pytest.mark.parametrize("case", SAMPLE, ids=lambda case: case.label)
@pytest.mark.slow
def test_an_input_is_judged_in_a_sentence_and_a_design_validate_passes_builds(runner, tmp_path, case, monkeypatch):
    folder = tmp_path / "inputs"
    folder.mkdir()
    materialise(case, folder)
    monkeypatch.chdir(folder)
    checked = runner.invoke(cli, list(case.command), input=case.stdin)
    crashed = checked.exception is not None and not isinstance(checked.exception, SystemExit)
    assert not crashed, checked.exception
    assert checked.exit_code in (0, 1) or (checked.exit_code == 2 and "Error: " in checked.stderr), checked.output
    assert "internal error" not in checked.stderr, checked.stderr
    if not case.checks_a_design:
        return
    if checked.exit_code == 1:
        assert "design.yaml" in checked.stderr, checked.stderr
        return
    built = runner.invoke(cli, ["build", "design.yaml", "-o", str(tmp_path / "out"), "--paper", "a4"])
    assert built.exit_code == 0, built.output
