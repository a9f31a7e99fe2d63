"""The package as a user gets it: the wheel, built from a copy of the source, installed into a
fresh venv; then every line of the Examples block of the Commands page (docs/guide/commands.md)
runs in an empty folder with that venv's ``rushmore`` and exits as the page says (0 unless the
line's comment says ``exit N``).

One venv for the session. Where the wheel or its dependencies cannot be had (no network and no
wheel cache) the test is skipped, saying why; under CI (``CI`` set) that is a failure instead.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT
from .docpages import command_lines, first_block, page, section

# What pip says when it cannot reach an index or find a package offline.
NO_NETWORK = (
    "Could not find a version",
    "No matching distribution",
    "Failed to establish a new connection",
    "Network is unreachable",
    "Temporary failure in name resolution",
    "Max retries exceeded",
)
SOURCE = ("rushmore_print", "designs", "pyproject.toml", "README.md", "LICENSE")


def examples() -> list[tuple[str, int]]:
    """(command line, the exit code it states) for each line of the Commands page's Examples block."""
    block = first_block(section(page("guide/commands.md"), "## Examples"))
    found = []
    for command, comment in command_lines(block):
        stated = re.search(r"\bexits? (\d+)", comment)
        found.append((command, int(stated.group(1)) if stated else 0))
    return found


def _settled(done: subprocess.CompletedProcess, what: str) -> None:
    if done.returncode == 0:
        return
    said = (done.stdout + done.stderr).strip()
    if any(text in said for text in NO_NETWORK) and not os.environ.get("CI"):
        pytest.skip(f"cannot {what} (no network and no wheel cache): {said[-300:]}")
    pytest.fail(f"could not {what}: {said[-2000:]}")


@pytest.fixture(scope="session")
def venv_bin(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"  # a copy: building in the tree would leave build/ behind in it
    source.mkdir()
    for name in SOURCE:
        origin = ROOT / name
        if origin.is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
            shutil.copytree(origin, source / name, symlinks=True, ignore=ignore)
        else:
            shutil.copy2(origin, source / name)
    run = {"capture_output": True, "text": True, "timeout": 900}
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(root), str(source)], **run
    )
    _settled(built, "build the wheel")
    (wheel,) = root.glob("rushmore_print-*.whl")
    subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True, timeout=300)
    bin_dir = root / "venv" / ("Scripts" if os.name == "nt" else "bin")
    installed = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], **run)
    _settled(installed, "install the wheel and its dependencies")
    return bin_dir


def test_the_examples_block_has_lines_that_state_their_exit_code():
    lines = examples()
    assert len(lines) >= 20 and lines[0][0].startswith("rushmore init")
    assert ("rushmore check S17 M03", 0) in lines  # "yes: exit 0 (a wrong pair exits 1 ...)": the first said


@pytest.mark.slow
def test_every_readme_example_runs_from_the_wheel_in_an_empty_folder(venv_bin, tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    env = dict(os.environ, PATH=f"{venv_bin}{os.pathsep}{os.environ.get('PATH', '')}", NO_COLOR="1")
    env.pop("PYTHONPATH", None)  # nothing but the installed wheel
    for line, stated in examples():
        done = subprocess.run(
            ["bash", "-c", f"set -o pipefail\n{line}"], cwd=folder, env=env, capture_output=True, text=True, timeout=600
        )
        assert done.returncode == stated, (line, stated, done.stdout[-500:], done.stderr[-800:])
    where = "import rushmore_print; print(rushmore_print.__file__)"
    installed = subprocess.run(
        [str(venv_bin / "python"), "-c", where], capture_output=True, text=True, env=env, cwd=folder
    )
    assert str(venv_bin.parent) in installed.stdout  # the wheel's copy ran, not the source tree
    assert (folder / "junior" / "design.yaml").is_file() and (folder / "output" / "deck.xlsx").is_file()


def test_pyproject_lists_every_package_of_the_tree():
    """A package-dir mapping (designs/ -> rushmore_print.designs) rules out packages.find, so
    pyproject lists the packages: a new subpackage missing from the list would be left out of
    the wheel."""
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    listed = re.search(r"^packages = \[(.*?)\]", pyproject, re.MULTILINE | re.DOTALL)
    assert listed, "pyproject.toml's [tool.setuptools] lists no packages"
    folders = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "rushmore_print").rglob("__init__.py")}
    assert set(re.findall(r'"([\w.]+)"', listed.group(1))) == folders | {"rushmore_print.designs"}
    assert 'package-dir = {"rushmore_print.designs" = "designs"}' in pyproject


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["default", "strict"])
def test_an_editable_install_reads_the_example_designs_where_they_lie(tmp_path, mode):
    """An editable install (setuptools' default mode, and strict) of a copy of the source finds
    rushmore_print.designs in the copy's designs/, and an edit to a design there is read at once."""
    source = tmp_path / "source"
    for name in SOURCE:
        origin = ROOT / name
        if origin.is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
            shutil.copytree(origin, source / name, symlinks=True, ignore=ignore)
        else:
            shutil.copy2(origin, source / name)
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True, timeout=300)
    python = tmp_path / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
    strict = ["--config-settings", "editable_mode=strict"] if mode == "strict" else []
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", *strict, "-e", str(source)],
        capture_output=True, text=True, timeout=900, cwd=tmp_path,
    )  # fmt: skip
    _settled(installed, f"make a {mode} editable install")
    read = (
        "from importlib import resources\n"
        "print(resources.files('rushmore_print.designs').joinpath('junior.yaml').read_text('utf-8').splitlines()[1])"
    )
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}

    def name_line() -> str:
        done = subprocess.run([str(python), "-c", read], capture_output=True, text=True, env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr[-800:]
        return done.stdout.strip()

    assert name_line() == "name: Rushmore Junior"
    junior = source / "designs" / "junior.yaml"
    junior.write_text(junior.read_text("utf-8").replace("name: Rushmore Junior", "name: Edited Junior"), "utf-8")
    assert name_line() == "name: Edited Junior"
