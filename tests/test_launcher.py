"""The ``rushmore`` process (rushmore_print/__main__.py): it ends with ``os._exit`` to skip the
interpreter's teardown, so what a person sees must not change: every byte of the output through a
pipe, the words of an error, the exit code, and a thread still at work waited for."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from click.testing import CliRunner

from rushmore_print.__main__ import leave
from rushmore_print.cli.commands import cli

BUFFERED = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}


def rushmore(*args: str, before: str = "") -> subprocess.CompletedProcess:
    """``rushmore ARGS`` in a fresh process (``before`` run first), its streams pipes and
    block-buffered, so that a lost flush shows."""
    run = "runpy.run_module('rushmore_print', run_name='__main__')"
    program = "\n".join(["import runpy, sys", "sys.argv = ['rushmore', *sys.argv[1:]]", before, run])
    return subprocess.run(
        [sys.executable, "-c", program, *args], capture_output=True, text=True, timeout=120, env=BUFFERED
    )


def test_the_process_hands_on_every_byte_of_its_output_and_its_exit_code():
    listed = rushmore("cards")
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout == CliRunner().invoke(cli, ["cards"]).output
    assert listed.stdout.count("\n") > 50


def test_words_written_but_not_flushed_at_the_end_still_arrive():
    """What an ``atexit`` function prints (click flushes its own words; a library's print does not)."""
    said = rushmore("answer", "S17", before="import atexit; atexit.register(print, 'last words' * 100)")
    assert (said.returncode, said.stdout) == (0, "S17 (LR*RL) matches M03 (LLRL)\n" + "last words" * 100 + "\n")


def test_an_error_keeps_its_words_and_its_exit_code():
    unknown = rushmore("answer", "S99")
    assert (unknown.returncode, unknown.stdout) == (1, "")
    assert unknown.stderr == "error: no Search card 'S99'; this deck has S01 to S39\n"
    misused = rushmore("impose", "--nonsense")
    assert misused.returncode == 2
    assert misused.stderr.endswith("Error: No such option '--nonsense'.\n")


def test_a_thread_still_at_work_is_waited_for_by_the_ordinary_ending():
    """Only where nothing but daemons runs does the process end at once; otherwise ``leave`` is
    ``sys.exit`` and the interpreter joins the thread, as ever."""
    release = threading.Event()
    worker = threading.Thread(target=release.wait)
    worker.start()
    try:
        with pytest.raises(SystemExit) as ended:
            leave(3)
        assert ended.value.code == 3
    finally:
        release.set()
        worker.join()
