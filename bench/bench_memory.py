"""Peak memory and CPU of ``rushmore build`` as the deck grows, side by side with a baseline
revision, in one run; prints a table.

Targets (issue 25, item 6), on this 2-core machine:
  * peak memory flat within 30 MB from 512 to 9,728 cards (8 heads: 256 Monuments and 256,
    768 or 9,472 Search cards; 9,728 is every card with up to 2 red heads);
  * the 9,728-card kit within 250 MB peak;
  * CPU linear in the cards (the "CPU / card" column stays level);
  * ``--largest``: the largest design ``validate`` accepts (65,792 cards: every card) builds.

Each build is one fresh process, measured by the operating system (``os.wait4``: user + system
CPU, and the peak resident memory of the largest process, a forked worker included). The
baseline is checked out into a temporary git worktree and run from there, the current code from
this checkout; both with the same Python and packages, writing the full default kit.

Run:  python bench/bench_memory.py [--baseline 3d07000] [--sizes 512,1024,9728] [--largest] [--default 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from baseline import ROOT, checked_out, timed_build

HEADS = ["Washington", "Jefferson", "Roosevelt", "Lincoln", "Franklin", "Anthony", "Douglass", "Eisenhower"]
LOOKS = ["tied", "wavy", "spectacles", "beard", "balding", "bun", "curls", "bald"]
# Search cards by red count: every card with k red heads is 256 * C(8, k).
RED_COUNTS = {
    512: {0: 256},
    1024: {0: 256, 1: 512},
    9728: {0: 256, 1: 2048, 2: 7168},
    65792: {k: 256 * n for k, n in enumerate([1, 8, 28, 56, 70, 56, 28, 8, 1])},
}


def design_text(cards: int) -> str:
    counts = ", ".join(f"{k}: {n}" for k, n in RED_COUNTS[cards].items())
    heads = "\n".join(f"  - {{name: {name}, look: {look}}}" for name, look in zip(HEADS, LOOKS))
    return (
        f"name: Eight Faces\nheads:\n{heads}\ndirections: [left, right]\n"
        f"search:\n  seed: 1787\n  red_counts: {{{counts}}}\n"
        "print:\n  card: poker\n  orientation: portrait\n"
    )


def measured(code_root: Path, design: Path | None, out: Path) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak MB) of one ``rushmore build`` in a fresh process."""
    run = timed_build(code_root, out, design=design)
    return run.cpu_s, run.wall_s, run.peak_mb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="3d07000", help="the revision to compare with")
    parser.add_argument("--sizes", default="512,1024,9728", help="deck sizes, of 512, 1024, 9728, 65792")
    parser.add_argument("--largest", action="store_true", help="also build the 65,792-card design (current code)")
    parser.add_argument("--default", type=int, default=0, metavar="RUNS", help="also the default kit, median of RUNS")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    rows = [["cards", "code", "CPU", "CPU / card", "wall", "peak", "peak - first"]]
    with tempfile.TemporaryDirectory() as temp, checked_out(args.baseline, Path(temp)) as base:
        folder = Path(temp)
        for label, code in ((args.baseline, base), ("now", ROOT)):
            first = None
            for cards in sizes:
                design = folder / f"cards-{cards}.yaml"
                design.write_text(design_text(cards))
                cpu, wall, peak = measured(code, design, folder / f"out-{label}-{cards}")
                first = peak if first is None else first
                rows.append(
                    [f"{cards:,}", label, f"{cpu:.1f} s", f"{cpu / cards * 1000:.2f} ms", f"{wall:.1f} s",
                     f"{peak:.0f} MB", f"{peak - first:+.0f} MB"]
                )  # fmt: skip
            if args.default:
                runs = [measured(code, None, folder / f"out-{label}-default") for _ in range(args.default)]
                cpu, wall, peak = (statistics.median(run[i] for run in runs) for i in range(3))
                rows.append([f"default ({args.default} runs)", label, f"{cpu:.2f} s", "-", f"{wall:.2f} s",
                             f"{peak:.0f} MB", "-"])  # fmt: skip
        if args.largest:
            design = folder / "cards-65792.yaml"
            design.write_text(design_text(65792))
            cpu, wall, peak = measured(ROOT, design, folder / "out-largest")
            rows.append(["65,792", "now", f"{cpu:.0f} s", f"{cpu / 65792 * 1000:.2f} ms", f"{wall:.0f} s",
                         f"{peak:.0f} MB", "-"])  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    print(f"rushmore build, whole kit (9 PDFs), {os.cpu_count()} cores, Python {sys.version.split()[0]}, one run each")
    for number, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if number == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    main()
