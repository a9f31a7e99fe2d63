"""The package as a user gets it: the wheel, built from a copy of the source, installed into a
fresh venv; then every line of the Examples block of the Commands page (docs/guide/commands.md)
runs in an empty folder with that venv's ``rushmore`` and exits as the page says (0 unless the
line's comment says ``exit N``).

No package index is asked (issue 33: under load, fetching took 312 s, and it failed where the
index could not be reached): the wheel is built with the setuptools of this environment (the test
extra's) and installed with ``--no-index`` into a venv that sees this environment's packages, and
pip proves the wheel's own dependencies, extras included, are met by them. The core install alone,
fresh from the index, is ``.ci/core-install``'s (CI runs it). One venv for the session.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from .conftest import ROOT
from .docpages import command_lines, first_block, page, section

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
    if done.returncode != 0:
        pytest.fail(f"could not {what}: {(done.stdout + done.stderr).strip()[-2000:]}")


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
    offline = ["--no-index", "--disable-pip-version-check"]
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", *offline, "--no-deps", "--no-build-isolation", "-w", str(root)]
        + [str(source)],
        **run,
    )
    _settled(built, "build the wheel (the test extra's setuptools, no index)")
    (wheel,) = root.glob("rushmore_print-*.whl")
    subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", str(root / "venv")], check=True, timeout=300
    )
    bin_dir = root / "venv" / ("Scripts" if os.name == "nt" else "bin")
    pip = [str(bin_dir / "python"), "-m", "pip", "install", "-q", *offline]
    # the wheel itself into the venv (this environment may have the checkout installed: not that)
    _settled(subprocess.run([*pip, "--no-deps", "--force-reinstall", str(wheel)], **run), "install the wheel")
    # then pip resolves the wheel's dependencies, every extra's too, from what is installed
    _settled(subprocess.run([*pip, f"{wheel}[all]"], **run), "find the wheel's dependencies installed")
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
    assert (folder / "junior" / "design.yaml").is_file() and (folder / "output" / "deck.ods").is_file()


@pytest.mark.slow
def test_the_wheel_says_its_licence_keywords_and_classifiers(venv_bin):
    code = (
        "import importlib.metadata as m; d = m.metadata('rushmore-print'); "
        "print(d['License-Expression']); print(d['Keywords']); print(*d.get_all('Classifier'), sep='|')"
    )
    done = subprocess.run([str(venv_bin / "python"), "-c", code], capture_output=True, text=True, check=True)
    licence, keywords, classifiers = done.stdout.splitlines()
    assert licence == "MIT" and "print and play" in keywords
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers.split("|")
    assert {f"Programming Language :: Python :: 3.{minor}" for minor in (10, 11, 12, 13)} <= set(classifiers.split("|"))


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
    # No package index: pip and the build backend are this environment's (the test extra's
    # setuptools), which the venv sees; a venv's own pip would bring an older setuptools first.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(venv)], check=True)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    where = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    own = subprocess.run([str(python), "-c", where], capture_output=True, text=True, check=True).stdout.strip()
    Path(own, "this-environment.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", "utf-8")
    strict = ["--config-settings", "editable_mode=strict"] if mode == "strict" else []
    offline = ["--no-index", "--no-build-isolation", "--no-deps"]
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", *offline, *strict, "-e", str(source)],
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
