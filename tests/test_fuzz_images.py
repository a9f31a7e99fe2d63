"""Hostile and random images (tests/fuzz_images.py): ``impose`` either writes a PDF that qpdf and
pdftoppm accept or refuses the file by name, and head art that ``validate`` passes builds. A sample
runs here; the whole set (500 images, each run in its own process under a time and memory limit)
is ``bench/fuzz_images.py``."""

import pytest

from rushmore_print.cli.commands import cli

from .casecache import kept
from .fuzz_images import cases
from .imagebytes import pdf_problems

SAMPLE = kept("images", lambda: cases(every=50))  # the 19 hostile images and 10 random ones
DESIGN = (
    "name: Fuzz\nheads: [{{name: Ada, art: {art}}}, Bea]\ndirections: [left, right]\n"
    "search: {{seed: 1, red_counts: {{0: 4, 1: 4}}}}\nprint: {{card: square}}\n"
)


@pytest.mark.parametrize("case", SAMPLE, ids=lambda case: case.label)
def test_impose_writes_a_pdf_viewers_accept_or_refuses_the_image_by_name(runner, tmp_path, case):
    image = tmp_path / case.name
    image.write_bytes(case.data)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["impose", str(image), "--card", "poker", "--fit", "--paper", "a4", "-o", str(out)])
    crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
    assert result.exit_code in (0, 1) and not crashed, result.exception
    if result.exit_code == 1:
        assert result.stderr.startswith(f"error: {image}: "), result.stderr
        assert not out.exists() or not list(out.iterdir())
    else:
        assert pdf_problems(out / "imposed_a4_fronts.pdf", dpi=10) == []


@pytest.mark.slow
@pytest.mark.parametrize("case", SAMPLE[::4], ids=lambda case: case.label)
def test_head_art_validate_passes_builds(runner, tmp_path, case):
    (tmp_path / case.name).write_bytes(case.data)
    design = tmp_path / "design.yaml"
    design.write_text(DESIGN.format(art=case.name))
    checked = runner.invoke(cli, ["validate", str(design)])
    crashed = checked.exception is not None and not isinstance(checked.exception, SystemExit)
    assert checked.exit_code in (0, 1) and not crashed, checked.exception
    if checked.exit_code == 1:
        assert f"error: {design}" in checked.stderr, checked.stderr
        return
    out = tmp_path / "out"
    built = runner.invoke(cli, ["build", str(design), "--paper", "a4", "--layout", "fronts", "-o", str(out)])
    assert built.exit_code == 0, built.output
