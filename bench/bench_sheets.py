"""Spreadsheet manifests at their largest: the 8-head deck with every Search card (65,792 cards),
written by ``cards`` as CSV, XLSX and ODS and judged by ``validate --manifest``; the ODS reader
beside odfpy (the library pandas reads ODS with), which builds the whole document tree; and the
XLSX reader beside openpyxl's read-only mode (which the XLSX reader was before issue 32).

Each figure is the median of ``--runs`` runs in this process (CPU seconds, ``time.process_time``)
with the peak memory a fresh process needs for the read (its ``VmHWM``, Linux). Prints a table.
Run: ``python bench/bench_sheets.py [--runs 3] [--heads 8]``.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.manifest import validate_manifest
from rushmore_print.deck.rows import card_rows, deck_tables
from rushmore_print.design import parse_design
from rushmore_print.readers.spreadsheets import SheetFormat, read_tables, write_tables

# The child's own peak: VmHWM (the high-water mark of its memory since exec). ru_maxrss would
# carry the peak of this process, which holds the whole deck, across the fork and exec.
MEMORY = """
import re, sys
sys.path.insert(0, sys.argv[1])
{body}
print(int(re.search(r"VmHWM:\\s*(\\d+)", open("/proc/self/status").read()).group(1)) // 1024)
"""
OURS = (
    "from rushmore_print.readers.spreadsheets import read_tables; from pathlib import Path; "
    "read_tables(Path(sys.argv[2]))"
)
OPENPYXL = (
    "import openpyxl; book = openpyxl.load_workbook(sys.argv[2], read_only=True, data_only=True); "
    "[sheet.reset_dimensions() for sheet in book.worksheets]; "
    "rows = [list(sheet.iter_rows(max_col=64, values_only=True)) for sheet in book.worksheets]"
)
ODFPY = (
    "from odf.opendocument import load; from odf.table import TableRow; "
    "doc = load(sys.argv[2]); rows = doc.spreadsheet.getElementsByType(TableRow)"
)


def every_card(heads: int):
    """A design of ``heads`` heads with every Search card there is (4^heads), and its deck."""
    counts = {k: 2**heads * math.comb(heads, k) for k in range(heads + 1)}
    text = json.dumps(
        {
            "name": f"Every card, {heads} heads",
            "heads": [f"Head{i}" for i in range(heads)],
            "directions": ["left", "right"],
            "search": {"seed": 1, "red_counts": counts},
        }
    )
    design = parse_design(text, "bench.yaml", base_dir=None)
    return design, generate_deck(design)


def timed(runs: int, work) -> float:
    seconds = []
    for _ in range(runs):
        started = time.process_time()
        work()
        seconds.append(time.process_time() - started)
    return statistics.median(seconds)


def peak_mb(body: str, path: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", MEMORY.format(body=body), str(ROOT), str(path)], capture_output=True, text=True
    )
    return done.stdout.strip() if done.returncode == 0 else f"failed: {done.stderr.strip()[-80:]}"


def wall(body: str, path: Path) -> float:
    """Seconds of one fresh process running ``body`` on ``path``."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", MEMORY.format(body=body), str(ROOT), str(path)], check=True,
                   capture_output=True)  # fmt: skip
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--heads", type=int, default=8)
    options = parser.parse_args()
    design, deck = every_card(options.heads)
    tables = deck_tables(deck, design.name, card_rows(deck))
    cards = len(deck.monuments) + len(deck.search)
    print(f"{options.heads} heads: {cards:,} cards; median CPU s of {options.runs} runs; peak of a fresh process")
    print(f"{'format':<8} {'bytes':>12} {'write s':>8} {'read s':>8} {'validate s':>10} {'read MB':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for kind in SheetFormat:
            path = Path(folder) / f"deck.{kind.value}"
            write_s = timed(options.runs, lambda kind=kind: write_tables(tables, kind))
            path.write_bytes(write_tables(tables, kind))
            read_s = timed(options.runs, lambda path=path: read_tables(path))
            frame = deck if kind is SheetFormat.CSV else None  # a CSV has no design sheet: the design is given
            report = validate_manifest(path, design=frame)
            assert report.ok(), report.errors[:3]
            validate_s = timed(options.runs, lambda path=path, frame=frame: validate_manifest(path, design=frame))
            print(
                f"{kind.value:<8} {path.stat().st_size:>12,} {write_s:>8.2f} {read_s:>8.2f} {validate_s:>10.2f} "
                f"{peak_mb(OURS, path):>8}"
            )
        xlsx = Path(folder) / "deck.xlsx"
        print()
        print(f"{'XLSX reader':<28} {'wall s (one process)':>20} {'peak MB':>8}")
        for name, body in (("sheets.py (expat, streaming)", OURS), ("openpyxl (read-only)", OPENPYXL)):
            print(f"{name:<28} {wall(body, xlsx):>20.2f} {peak_mb(body, xlsx):>8}")
        ods = Path(folder) / "deck.ods"
        try:
            import odf  # noqa: F401
        except ImportError:
            print("odfpy is not installed: its row is left out (pip install odfpy)")
            return
        script = f"import sys; sys.argv[1:] = ['', {str(ods)!r}]; {ODFPY}"
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", script], check=True)
        odf_s = time.perf_counter() - started
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
                        f"sys.argv[1:] = ['', {str(ods)!r}]; {OURS}"], check=True)  # fmt: skip
        ours_s = time.perf_counter() - started
        print()
        print(f"{'ODS reader':<28} {'wall s (one process)':>20} {'peak MB':>8}")
        print(f"{'sheets.py (expat, streaming)':<28} {ours_s:>20.2f} {peak_mb(OURS, ods):>8}")
        print(f"{'odfpy (whole tree)':<28} {odf_s:>20.2f} {peak_mb(ODFPY, ods):>8}")


if __name__ == "__main__":
    main()
