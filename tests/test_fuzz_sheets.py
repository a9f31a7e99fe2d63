"""Mutated spreadsheet manifests (tests/fuzz_sheets.py): ``validate --manifest`` judges each in a
sentence naming the file, never an internal error, and an XLSX it reads holds the cells
openpyxl's full reading shows. A sample runs here, in-process; the whole set (500 cases, each in
its own process under a time and memory limit) is ``bench/fuzz_sheets.py``."""

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.errors import RushmoreError
from rushmore_print.readers.spreadsheets import read_tables

from .casecache import kept
from .fuzz_sheets import cases, oracle_rows, table_rows

SAMPLE = kept("sheets", lambda: cases(every=20))  # 25 of the 500, of each format


@pytest.mark.parametrize("case", SAMPLE, ids=lambda case: case.label)
def test_a_mutated_sheet_gets_a_verdict_or_a_sentence_naming_it(runner, tmp_path, case, monkeypatch):
    (tmp_path / case.name).write_bytes(case.data)
    monkeypatch.chdir(tmp_path)
    judged = runner.invoke(cli, ["validate", "--manifest", case.name])
    crashed = judged.exception is not None and not isinstance(judged.exception, SystemExit)
    assert not crashed, judged.exception
    assert judged.exit_code in (0, 1), judged.output
    assert "internal error" not in judged.stderr
    if judged.exit_code == 1 and "NOT VALID" not in judged.output:
        assert case.name in judged.stderr, judged.stderr
    if case.name.endswith(".xlsx"):
        shown = oracle_rows(tmp_path / case.name)
        try:
            ours = [(table.name, table_rows(table.rows)) for table in read_tables(tmp_path / case.name)]
        except RushmoreError:
            return
        assert shown is None or ours == shown
