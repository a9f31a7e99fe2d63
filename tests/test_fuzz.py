"""Hostile and random designs (tests/fuzzing.py): each gets a verdict naming the file, never an
internal error, and a design that ``validate`` passes builds. A sample runs here; the whole set
(320 designs, each in its own process under a time and memory limit) is ``bench/fuzz_designs.py``."""

import pytest

from rushmore_print.cli import cli

from .fuzzing import cases

SAMPLE = cases(every=16)


@pytest.mark.parametrize("case", SAMPLE, ids=lambda case: case.label)
def test_a_design_validate_passes_builds_and_any_other_is_refused_by_name(runner, tmp_path, case):
    folder = tmp_path / "designs"
    folder.mkdir()
    (folder / "design.yaml").write_bytes(case.design)
    for name, data in case.files.items():
        (folder / name).write_bytes(data)
    checked = runner.invoke(cli, ["validate", str(folder / "design.yaml")])
    crashed = checked.exception is not None and not isinstance(checked.exception, SystemExit)
    assert checked.exit_code in (0, 1) and not crashed, checked.exception
    if checked.exit_code == 1:
        assert "design.yaml" in checked.stderr, checked.stderr
        return
    built = runner.invoke(cli, ["build", str(folder / "design.yaml"), "-o", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
