"""Benchmark `rushmore build` and the deck generator; prints a table.

Targets (issue 3 / issue 2), on a 2-core machine:
  * the default kit (A4 and Letter, duplex and gutterfold) in under 1.5 s wall, each PDF under 500 KB;
  * any feasible design up to 8 heads generated in well under a second.

Run:  python bench/bench_build.py [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_build(design: str | None, out: Path) -> tuple[float, int]:
    """Wall seconds and peak RSS (KB) of one `rushmore build` in a fresh process."""
    command = [sys.executable, "-m", "rushmore_print", "build", "-o", str(out)] + ([design] if design else [])
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"build failed: {' '.join(command)}")
    return elapsed, usage.ru_maxrss


def bench_builds(runs: int) -> list[list[str]]:
    rows = []
    for design in (None, "rushmore_print/data/designs/junior.yaml", "rushmore_print/data/designs/five.yaml"):
        times, peaks = [], []
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder)
            for _ in range(runs):
                elapsed, peak = run_build(design, out)
                times.append(elapsed)
                peaks.append(peak)
            sizes = sorted(p.stat().st_size for p in out.glob("*.pdf"))
        rows.append(
            [
                f"build {Path(design).name if design else 'classic (default)'}",
                f"{statistics.median(times):.2f} s",
                f"{min(times):.2f} s",
                f"{max(peaks) / 1024:.0f} MB",
                f"{len(sizes)} PDFs, largest {sizes[-1] / 1024:.0f} KB, total {sum(sizes) / 1024:.0f} KB",
            ]
        )
    return rows


def bench_generate() -> list[list[str]]:
    sys.path.insert(0, str(ROOT))
    import yaml

    from rushmore_print.generate import generate_deck
    from rushmore_print.spec import parse_design

    rows = []
    cases = {
        "4 heads, classic 39 cards": (4, {0: 16, 1: 12, 2: 11}),
        "8 heads, 256+2048+1000 cards": (8, {0: 256, 1: 2048, 2: 1000}),
        "8 heads, every 4-red card (17920)": (8, {4: 256 * 70}),
    }
    for name, (heads, counts) in cases.items():
        text = yaml.safe_dump(
            {
                "name": "bench",
                "heads": [f"H{i}" for i in range(heads)],
                "directions": ["left", "right"],
                "search": {"seed": 7, "red_counts": counts},
            }
        )
        design = parse_design(text, "bench.yaml", None)
        times = []
        for _ in range(5):
            start = time.perf_counter()
            generate_deck(design)
            times.append(time.perf_counter() - start)
        rows.append(
            [f"generate {name}", f"{statistics.median(times) * 1000:.0f} ms", f"{min(times) * 1000:.0f} ms", "-", "-"]
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    os.chdir(ROOT)
    rows = bench_builds(args.runs) + bench_generate()
    header = ["what", "median", "best", "peak RSS", "output"]
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    print(f"rushmore-print benchmark, {os.cpu_count()} cores, Python {sys.version.split()[0]}, {args.runs} runs each")
    for row in [header, ["-" * w for w in widths]] + rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())


if __name__ == "__main__":
    main()
