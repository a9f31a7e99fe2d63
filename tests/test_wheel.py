"""The package as a user gets it: the wheel, built from a copy of the source, installed into a
fresh venv; then every line of the README's Examples block runs in an empty folder with that
venv's ``rushmore`` and exits as the README says (0 unless the line's comment says ``exit N``).

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
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_readme import README

SOURCE = ("rushmore_print", "pyproject.toml", "README.md", "LICENSE")  # the example designs are package data


def examples() -> list[tuple[str, int]]:
    """(command line, the exit code it states) for each line of the README's Examples block."""
    section = README[README.index("### Examples") :]
    start = section.index("```sh") + len("```sh")
    block = section[start : section.index("```", start)]
    found = []
    for line in block.splitlines():
        command, _, comment = line.partition("  #")
        if command.strip():
            stated = re.search(r"\bexits? (\d+)", comment)
            found.append((command.strip(), int(stated.group(1)) if stated else 0))
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
    assert (folder / "junior" / "design.yaml").is_file() and (folder / "output" / "deck.xlsx").is_file()


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
