"""tests/browser.py's ``start_table``, which every browser test starts its server with: a server
that stops or never prints its addresses fails the test with what it printed, and is not left
running; what it prints goes to files, never to a pipe nobody reads."""

from __future__ import annotations

import subprocess

import pytest

from . import browser


@pytest.fixture
def started(monkeypatch):
    """Every process start_table starts, to look at after it failed."""
    processes = []

    class Recorded(subprocess.Popen):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            processes.append(self)

    monkeypatch.setattr(browser.subprocess, "Popen", Recorded)
    return processes


def test_a_server_that_prints_no_address_in_time_is_killed_and_the_test_fails_with_what_it_printed(tmp_path, started):
    with pytest.raises(pytest.fail.Exception) as failed:
        browser.start_table(tmp_path, "--players", "ann,bob", wait=0.0)
    (process,) = started
    assert process.poll() is not None  # killed, not left serving
    assert "printed no address within 0 s (killed)" in str(failed.value)
    assert "table-1.out" in str(failed.value) and "table-1.err" in str(failed.value)


def test_a_server_that_stops_fails_the_test_with_its_error(tmp_path, started):
    with pytest.raises(pytest.fail.Exception) as failed:
        browser.start_table(tmp_path, "--players", "ann")  # one player: refused
    said = (tmp_path / "table-1.err").read_text(encoding="utf-8")
    assert started[0].returncode != 0 and "error" in said.lower()
    assert f"rushmore table stopped (exit code {started[0].returncode})" in str(failed.value)
    assert said.strip() in str(failed.value)


def test_what_a_server_prints_goes_to_files_the_test_can_read(tmp_path):
    process, log, table, join = browser.start_table(tmp_path, "--players", "ann,bob")
    try:
        assert table.startswith("http://127.0.0.1:") and "/j/" in join
        assert "/j/" in process.stdout.read()  # read as a pipe's would be, from its file
        assert "table-1.out" in browser.printed(process) and "/j/" in browser.printed(process)
        process.kill()
        process.wait(timeout=10)
        again = browser.start_table(tmp_path, "--resume", str(log))[0]  # the resumed server prints beside the first
        again.kill()
        again.wait(timeout=10)
        assert sorted(path.name for path in tmp_path.glob("table-*")) == [
            "table-1.err",
            "table-1.out",
            "table-2.err",
            "table-2.out",
        ]
    finally:
        process.kill()
        process.wait(timeout=10)
