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
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN_CLI = (
    "import runpy, sys; sys.argv = ['rushmore', *sys.argv[1:]]; runpy.run_module('rushmore_print', run_name='__main__')"
)
# An installed package has its bytecode compiled; a checkout run with PYTHONDONTWRITEBYTECODE
# would compile every module at every start and time the compiler instead.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
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


def build(code_root: Path, design: Path | None, out: Path) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak MB) of one ``rushmore build`` in a fresh process."""
    command = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(code_root)!r}); {RUN_CLI}"]
    command += ["build", "-o", str(out)] + ([str(design)] if design else [])
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=out.parent, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"build failed in {code_root}: {errors.decode(errors='replace')[-2000:]}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def worktree(revision: str, folder: Path) -> Path:
    path = folder / "baseline"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(path), revision],
        cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(path / "rushmore_print"), str(ROOT / "rushmore_print")],
        env=ENV, check=True, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="3d07000", help="the revision to compare with")
    parser.add_argument("--sizes", default="512,1024,9728", help="deck sizes, of 512, 1024, 9728, 65792")
    parser.add_argument("--largest", action="store_true", help="also build the 65,792-card design (current code)")
    parser.add_argument("--default", type=int, default=0, metavar="RUNS", help="also the default kit, median of RUNS")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    rows = [["cards", "code", "CPU", "CPU / card", "wall", "peak", "peak - first"]]
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        base = worktree(args.baseline, folder)
        try:
            for label, code in ((args.baseline, base), ("now", ROOT)):
                first = None
                for cards in sizes:
                    design = folder / f"cards-{cards}.yaml"
                    design.write_text(design_text(cards))
                    cpu, wall, peak = build(code, design, folder / f"out-{label}-{cards}")
                    first = peak if first is None else first
                    rows.append(
                        [f"{cards:,}", label, f"{cpu:.1f} s", f"{cpu / cards * 1000:.2f} ms", f"{wall:.1f} s",
                         f"{peak:.0f} MB", f"{peak - first:+.0f} MB"]
                    )  # fmt: skip
                if args.default:
                    runs = [build(code, None, folder / f"out-{label}-default") for _ in range(args.default)]
                    cpu, wall, peak = (statistics.median(run[i] for run in runs) for i in range(3))
                    rows.append([f"default ({args.default} runs)", label, f"{cpu:.2f} s", "-", f"{wall:.2f} s",
                                 f"{peak:.0f} MB", "-"])  # fmt: skip
            if args.largest:
                design = folder / "cards-65792.yaml"
                design.write_text(design_text(65792))
                cpu, wall, peak = build(ROOT, design, folder / "out-largest")
                rows.append(["65,792", "now", f"{cpu:.0f} s", f"{cpu / 65792 * 1000:.2f} ms", f"{wall:.0f} s",
                             f"{peak:.0f} MB", "-"])  # fmt: skip
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(base)],
                cwd=ROOT, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    print(f"rushmore build, whole kit (9 PDFs), {os.cpu_count()} cores, Python {sys.version.split()[0]}, one run each")
    for number, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if number == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    main()
