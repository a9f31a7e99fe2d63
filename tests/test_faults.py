"""Faults from the machine: full disk, no permission, a file where a folder should be, a killed
run. Each gives exit 1 and a sentence (never exit 70), and loses nothing that was there."""

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rushmore_print.cli.commands import cli


def _fail_with(monkeypatch, code: int, where: str = "fsync") -> None:
    monkeypatch.setenv("RUSHMORE_FSYNC", "1")  # the production path: every write synced

    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    if where == "fsync":
        monkeypatch.setattr("rushmore_print.writers.files.os.fsync", fail)
    else:  # every way a command makes a file: a temporary file, or a build's staging folder
        monkeypatch.setattr("rushmore_print.writers.files.tempfile.mkstemp", fail)
        monkeypatch.setattr("rushmore_print.writers.files.tempfile.mkdtemp", fail)


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [
        ["rulebook", "--paper", "a4"],
        ["export", "png", "--dpi", "72"],
    ],
)
def test_a_full_disk_is_a_sentence_and_the_old_files_stay(runner, tmp_path, monkeypatch, command):
    first = runner.invoke(cli, [*command, "-o", str(tmp_path)])
    assert first.exit_code == 0, first.output
    before = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    _fail_with(monkeypatch, errno.ENOSPC)
    result = runner.invoke(cli, [*command, "-o", str(tmp_path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "error: no space left on device writing " in result.stderr and "the previous file is intact" in (
        result.stderr
    )
    assert {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()} == before


def test_no_permission_to_write_is_a_sentence(runner, tmp_path, monkeypatch):
    _fail_with(monkeypatch, errno.EACCES, where="mkstemp")
    result = runner.invoke(cli, ["rulebook", "--paper", "a4", "-o", str(tmp_path)])
    assert result.exit_code == 1
    assert f"not allowed to write in {tmp_path} (Permission denied); nothing was written there" in result.stderr


@pytest.mark.parametrize(
    "command",
    [["build", "--paper", "a4"], ["export", "png", "--dpi", "72"], ["rulebook"]],
)
def test_an_output_folder_under_a_file_is_a_sentence(runner, tmp_path, command):
    (tmp_path / "notes.txt").write_text("mine")
    result = runner.invoke(cli, [*command, "-o", str(tmp_path / "notes.txt" / "kit")])
    assert result.exit_code == 1
    assert f"{tmp_path / 'notes.txt'} is a file, not a folder" in result.stderr
    assert (tmp_path / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize(
    "command",
    [
        ["build", "--paper", "a4"],
        ["export", "png", "--dpi", "72"],
        ["rulebook"],
        ["calibrate"],
        ["preview"],
        ["init"],  # its FOLDER is a positional argument, not -o
    ],
)
def test_an_output_folder_that_is_a_file_is_a_sentence(runner, tmp_path, command):
    """``-o notes.txt`` where notes.txt is a file: exit 1 and the sentence the core says for a
    file on the way (it was click's exit 2, ``Directory 'notes.txt' is a file.``)."""
    (tmp_path / "notes.txt").write_text("mine")
    where = [str(tmp_path / "notes.txt")] if command == ["init"] else ["-o", str(tmp_path / "notes.txt")]
    result = runner.invoke(cli, [*command, *where])
    assert result.exit_code == 1, result.output
    *_, last = result.stderr.splitlines()  # after export's progress note, if any
    assert last.startswith("error: ") and last.endswith(f"{tmp_path / 'notes.txt'} is a file, not a folder"), last
    assert (tmp_path / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize(
    "command",
    [["cards", "-o"], ["cards", "--format", "ods", "-o"], ["rulebook", "--markdown"], ["stats", "LOG", "--html"]],
)
def test_a_folder_where_an_output_file_should_be_is_a_sentence(runner, tmp_path, command):
    """``cards -o deck.csv`` where deck.csv is a folder: exit 1 and a sentence, the folder left
    as it was (it was click's exit 2, ``File ... is a directory.``)."""
    (tmp_path / "deck.csv").mkdir()
    if "LOG" in command:
        log = tmp_path / "g.jsonl"
        assert runner.invoke(cli, ["play", "--players", "ann,bob", "--log", str(log)], input="quit\n").exit_code == 0
        command = [str(log) if word == "LOG" else word for word in command]
    result = runner.invoke(cli, [*command, str(tmp_path / "deck.csv")])
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"error: {tmp_path / 'deck.csv'}: a folder has this file's name; nothing was written (move the folder away)\n"
    )
    assert list((tmp_path / "deck.csv").iterdir()) == []


@pytest.mark.slow
def test_impose_into_a_folder_under_a_file(runner, tmp_path):
    runner.invoke(cli, ["export", "png", "--dpi", "72", "-o", str(tmp_path / "png")])
    (tmp_path / "notes.txt").write_text("mine")
    result = runner.invoke(cli, ["impose", str(tmp_path / "png" / "M01.png"), "-o", str(tmp_path / "notes.txt")])
    assert result.exit_code == 1 and "is a file, not a folder" in result.stderr


def test_temporary_files_a_killed_run_left_are_removed_by_the_next(runner, tmp_path):
    stale = tmp_path / ".mount-rushmore_rulebook_a4.pdf.x1y2z3.part"
    stale.write_bytes(b"half a PDF")
    other = tmp_path / ".somebody-else.part"
    other.write_bytes(b"not ours")
    assert runner.invoke(cli, ["rulebook", "--paper", "a4", "-o", str(tmp_path)]).exit_code == 0
    assert not stale.exists() and other.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part") and p != other]


def _state(pid: int) -> str:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return "gone"
    return next(line.split()[1] for line in status.splitlines() if line.startswith("State:"))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
@pytest.mark.slow
def test_a_worker_dies_with_its_parent_even_on_kill_9():
    code = (
        "import multiprocessing, os, time\n"
        "from rushmore_print.writers.workers import die_with_parent\n"
        "def work(parent):\n"
        "    die_with_parent(parent)\n"
        "    time.sleep(60)\n"
        "child = multiprocessing.get_context('fork').Process(target=work, args=(os.getpid(),))\n"
        "child.start()\n"
        "print(child.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    worker = int(parent.stdout.readline())
    # killed at once, maybe before the worker has even reached die_with_parent (on a busy
    # machine it may take seconds): the parent's id it was given still tells it to go
    assert _state(worker) in ("S", "R", "D")
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 30  # a loaded machine may take seconds to run the worker at all
    while _state(worker) in ("S", "R", "D") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _state(worker) in ("gone", "Z", "X")
