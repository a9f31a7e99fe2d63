"""Two referees on one log (issue 32, item 8): while a game writes its log, a second ``play
--resume`` or ``table --resume`` of it is refused in one sentence, and the log resumes once the
first game has stopped, however it stopped (quit, or ``kill -9``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.errors import GameLogError
from rushmore_print.writers.gamelog import GameLog

BUSY = "another game is writing this log right now (a rushmore play or table still running); finish or quit"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the test sends POSIX signals")


def started(args, cwd, until):
    """``rushmore ARGS`` in a process of its own, once it has printed a line containing ``until``."""
    process = subprocess.Popen(
        [sys.executable, "-m", "rushmore_print", *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if until in line:
            return process
        if not line and process.poll() is not None:
            pytest.fail(f"rushmore {args[0]} stopped: {process.stderr.read()}")
    process.kill()
    pytest.fail(f"rushmore {args[0]} printed no {until!r}")


def a_game(runner, tmp_path):
    log = tmp_path / "g.jsonl"
    first = runner.invoke(cli, ["play", "--players", "ann,bob", "--seed", "4", "--log", str(log)], input="ann pass\n")
    assert first.exit_code == 1 and "input ended before the game did" in first.stderr
    return log


def refused(runner, log):
    """A second referee of ``log``, at the terminal and in the browser: both refused, the log untouched."""
    before = log.read_bytes()
    for args in (["play", "--resume", str(log)], ["table", "--resume", str(log), "--port", "0"]):
        second = runner.invoke(cli, args)
        assert second.exit_code == 1 and second.stderr == f"error: {log}: {BUSY} that one first, then resume it\n"
    assert log.read_bytes() == before


def test_a_second_play_or_table_on_a_log_a_game_at_the_terminal_writes_is_refused(runner, tmp_path):
    log = a_game(runner, tmp_path)
    first = started(["play", "--resume", str(log)], tmp_path, "resumed the game")
    try:
        refused(runner, log)
        first.communicate("bob pass\nquit\n", timeout=30)
        assert first.returncode == 0
    finally:
        first.kill()
    again = runner.invoke(cli, ["play", "--resume", str(log)], input="quit\n")
    assert again.exit_code == 0 and "resumed the game" in again.output  # the first game's log goes on
    assert log.read_text().count('"judged"') == 1  # bob's pass, typed in the first game, was kept


@pytest.mark.slow  # starts the browser table's server; the lock itself is guarded by the terminal game's test
def test_a_second_play_or_table_on_a_log_the_browser_table_writes_is_refused_until_it_is_killed(runner, tmp_path):
    log = a_game(runner, tmp_path)
    table = started(["table", "--resume", str(log), "--port", "0"], tmp_path, "table screen")
    try:
        refused(runner, log)
        os.kill(table.pid, signal.SIGKILL)  # the way a crash ends it: no handler runs, the OS lock goes with it
        table.wait(timeout=10)
    finally:
        table.kill()
    again = runner.invoke(cli, ["play", "--resume", str(log)], input="quit\n")
    assert again.exit_code == 0 and "resumed the game" in again.output


def test_two_logs_in_one_process_conflict_and_a_closed_one_reopens(tmp_path):
    """The lock is per open log, not per process: the browser table and the tests open logs twice
    in one process; closing the first frees the file at once."""
    path = tmp_path / "g.jsonl"
    log = GameLog.create(path)
    log.write({"event": "start"})
    with pytest.raises(GameLogError, match="another game is writing this log right now"):
        GameLog.reopen(path)
    log.close()
    with pytest.raises(GameLogError, match=r"g\.jsonl:1: version"):  # free again: read, refused for what it holds
        GameLog.reopen(path)
