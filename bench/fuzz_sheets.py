"""Run the spreadsheet fuzzer (tests/fuzz_sheets.py) through the real command: each case is
judged by ``validate --manifest`` in its own process, under a time limit and a 1 GB memory limit.

A failure is: an exit other than 0 or 1, an "internal error", a hang, a refusal that does not
name the file, or (XLSX) a verdict on other cards than a spreadsheet program shows: when openpyxl,
reading the whole workbook cell by cell, and the streaming reader both read a file, their sheets
must be the same. Prints one line per failure and a table (cases, exits, the slowest case and the
most memory one took). Run: ``python bench/fuzz_sheets.py [--count 500] [--seed 32]``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from fuzz_designs import run_with_output

from rushmore_print.errors import RushmoreError
from rushmore_print.readers.spreadsheets import read_tables
from tests.fuzz_sheets import cases, oracle_rows, table_rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", type=int, default=32)
    options = parser.parse_args()
    tally: Counter = Counter()
    failures: list[str] = []
    slowest, heaviest = (0.0, ""), (0, "")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as root:
        for case in cases(options.seed, options.count):
            folder = Path(root) / case.label.split()[0][1:]
            folder.mkdir()
            path = folder / case.name
            path.write_bytes(case.data)
            code, seconds, stdout, stderr, peak_kb = run_with_output(["validate", "--manifest", case.name], folder)
            slowest = max(slowest, (seconds, case.label))
            heaviest = max(heaviest, (peak_kb, case.label))
            tally[f"exit {code}"] += 1
            if code not in (0, 1) or "internal error" in stderr:
                failures.append(f"{case.label}: exit {code} {stderr.strip()[-200:]}")
            elif code == 1 and not verdict(stdout, case.name) and case.name not in stderr:
                failures.append(f"{case.label}: the refusal does not name {case.name}: {stderr.strip()[:160]}")
            if case.name.endswith(".xlsx"):
                failures += compared(case.label, path, tally)
    for failure in failures:
        print("FAIL", failure)
    print()
    print(f"{'cases':<28} {options.count} (seed {options.seed})")
    for key in sorted(tally):
        print(f"{key:<28} {tally[key]}")
    print(f"{'failures':<28} {len(failures)}")
    print(f"{'slowest case':<28} {slowest[0]:.2f} s ({slowest[1]})")
    print(f"{'most memory':<28} {heaviest[0] / 1024:.0f} MB ({heaviest[1]})")
    print(f"{'wall time':<28} {time.perf_counter() - started:.0f} s")
    sys.exit(1 if failures else 0)


def verdict(stdout: str, name: str) -> bool:
    """Whether ``stdout`` is validate's verdict on the file ``name`` (it names the file first)."""
    return stdout.startswith(f"{name}: ") and "NOT VALID" in stdout


def compared(label: str, path: Path, tally: Counter) -> list[str]:
    """The streaming reader's sheets held against openpyxl's full reading, when both read it."""
    shown = oracle_rows(path)
    try:
        ours = [(table.name, table_rows(table.rows)) for table in read_tables(path)]
    except RushmoreError:
        tally["xlsx refused (openpyxl read it)" if shown is not None else "xlsx refused by both"] += 1
        return []
    if shown is None:
        tally["xlsx read (openpyxl could not)"] += 1
        return []
    tally["xlsx read by both"] += 1
    if ours != shown:
        return [f"{label}: the streaming reader read other cells than openpyxl: {ours[0][1][:3]} vs {shown[0][1][:3]}"]
    return []


if __name__ == "__main__":
    main()
