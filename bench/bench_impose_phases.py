"""Where ``rushmore impose`` of 55 poker JPEGs spends its CPU, phase by phase, for a baseline
revision and the current code side by side (issue 33); prints a table.

Each fresh process measures itself with ``time.process_time()``: Python's start before the
package, the import of the command line, the import of ``impose`` and what it reads with, and the
command itself (read, prove, lay out, write). The median of ``--runs`` processes, the two trees in
turn. The collector is held off during the imports and the process ends with ``os._exit``, as
the ``rushmore`` process does (``rushmore_print/__main__.py``).

Run:  python bench/bench_impose_phases.py [--baseline 4f562f0] [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from baseline import INSTALLED, ROOT, checked_out, print_table
from bench_startup import card_images

PHASES = (
    "Python's start, before the package",
    "import the command line (cli)",
    "import impose and what it reads with",
    "the command (read, prove, lay out, write)",
)

# The measuring process: the tree first on sys.path, its phases printed in ms on one line.
MEASURE = """
import gc, os, sys, time
start = time.process_time()
gc.disable()
sys.path.insert(0, sys.argv[1])
sys.argv = ["rushmore", "impose", *sys.argv[2:]]
from rushmore_print.cli import main
cli = time.process_time()
import rushmore_print.writers.impose
imposing = time.process_time()
gc.freeze(); gc.enable()
shown, sys.stdout = sys.stdout, open(os.devnull, "w")
try:
    main()
except SystemExit:
    pass
done = time.process_time()
shown.write(" ".join(f"{1000 * s:.2f}" for s in (start, cli - start, imposing - cli, done - imposing)) + "\\n")
shown.flush()
os._exit(0)
"""


def phases(tree: Path, jpegs: list[Path], out: Path) -> list[float]:
    """One fresh process's four phases, in ms."""
    command = [sys.executable, "-c", MEASURE, str(tree), *map(str, jpegs), "--paper", "a4", "-o", str(out)]
    done = subprocess.run(command, env=INSTALLED, capture_output=True, text=True, check=True)
    return [float(value) for value in done.stdout.split()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="4f562f0")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp, checked_out(args.baseline, Path(temp)) as base:
        folder = Path(temp)
        _, jpegs = card_images(folder)
        trees = {args.baseline: base, "now": ROOT}
        runs: dict[str, list[list[float]]] = {name: [] for name in trees}
        for name, tree in trees.items():  # one of each not counted: the files into the page cache
            phases(tree, jpegs, folder / f"out-{name}")
        for _ in range(args.runs):
            for name, tree in trees.items():
                runs[name].append(phases(tree, jpegs, folder / f"out-{name}"))
    medians = {name: [statistics.median(column) for column in zip(*rows)] for name, rows in runs.items()}
    rows = [["phase", *trees]]
    rows += [[phase, *(f"{medians[name][i]:.1f} ms" for name in trees)] for i, phase in enumerate(PHASES)]
    rows.append(["whole process (sum)", *(f"{sum(medians[name]):.1f} ms" for name in trees)])
    title = (
        f"rushmore impose of 55 poker JPEGs by phase, {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
        f"median of {args.runs} processes"
    )
    print_table(title, rows)


if __name__ == "__main__":
    main()
