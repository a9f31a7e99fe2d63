"""Hostile and random manifests and game logs (tests/fuzzing_records.py): each gets a verdict
naming the file, never an internal error or a raw control character, and a log that resumes
resumes a game its log passed through. A sample runs here; the whole set (520 cases, each in its
own process under a time and memory limit) is ``bench/fuzz_records.py``."""

import pytest

from rushmore_print.cli.commands import cli

from .casecache import kept
from .fuzzing_records import FILE_NAME, cases, command, problems, state_problem

SAMPLE = kept("records", lambda: cases(every=12, big=False))


@pytest.mark.parametrize("case", SAMPLE, ids=lambda case: case.label)
def test_a_manifest_or_log_gets_a_verdict_and_a_log_resumes_its_own_game(runner, tmp_path, monkeypatch, case):
    monkeypatch.chdir(tmp_path)
    (tmp_path / FILE_NAME[case.kind]).write_bytes(case.data)
    for name, data in case.files.items():
        (tmp_path / name).write_bytes(data)
    args, stdin = command(case)
    result = runner.invoke(cli, args, input=stdin)
    crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
    assert not crashed, result.exception
    assert problems(case, result.exit_code, result.stdout, result.stderr) == []
    if case.kind == "log" and case.strict and result.exit_code == 0:
        assert state_problem(case, case.data) is None
