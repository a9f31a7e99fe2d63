"""Benchmark `rushmore build` and the deck generator; prints tables.

Targets (issue 3 / issue 2 / issue 25), on a 2-core machine:
  * the default kit (A4 and Letter, duplex and gutterfold) no slower than the baseline revision
    (``--baseline``, default 3d07000, the code when issue 25 was filed): median paired wall ratio
    <= 0.95 and CPU ratio <= 1.05, with the documents shared among 2 forked workers (the default
    on 2 cores); the same build in one process is shown beside it;
  * the default kit in under 1.5 s wall, each PDF under 500 KB;
  * any feasible design up to 8 heads generated in well under a second.

Each build is a fresh process, timed from outside: wall by the clock, CPU (user + system, the
forked workers included) and peak memory by the operating system (``os.wait4``). The baseline is
checked out into a temporary git worktree; both trees run from compiled bytecode, as an installed
package does (``PYTHONDONTWRITEBYTECODE`` would time the compiler instead). The three builds of
the side-by-side table run in turn, round after round, and each ratio is the median of the
rounds' own ratios, so a machine whose speed drifts moves both sides of a ratio alike. On a
machine shared with other jobs the wall times say little: two workers only gain wall time when
a second core is free.

``--jobs`` prints what each document of the kit costs in one process (the estimates that share
the jobs among the workers: ``build.Job.cost``), for the default design and an 8-head one of
1,024 cards.

Run:  python bench/bench_build.py [--runs 9] [--baseline 3d07000] [--jobs]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from baseline import ROOT, Run, checked_out, timed_build


def bench_versus(baseline: str, runs: int) -> list[list[str]]:
    """The default kit: the baseline, this code in one process, this code with 2 workers."""
    with tempfile.TemporaryDirectory() as temp, checked_out(baseline, Path(temp)) as base:
        folder = Path(temp)
        sides = {
            f"{baseline} (as it was)": (base, {}),
            "now, 1 process": (ROOT, {"RUSHMORE_WORKERS": "1"}),
            "now, 2 workers": (ROOT, {"RUSHMORE_WORKERS": "2"}),
        }
        figures: dict[str, list[Run]] = {side: [] for side in sides}
        for code, env in sides.values():  # a warm-up run each, not counted
            timed_build(code, folder / "warm", env=env)
        for _ in range(runs):
            for side, (code, env) in sides.items():
                figures[side].append(timed_build(code, folder / side.replace(" ", "-"), env=env))
    first = figures[next(iter(sides))]
    rows = []
    for side, runs_of in figures.items():
        wall_ratio = statistics.median(mine.wall_s / theirs.wall_s for mine, theirs in zip(runs_of, first))
        cpu_ratio = statistics.median(mine.cpu_s / theirs.cpu_s for mine, theirs in zip(runs_of, first))
        rows.append(
            [
                side,
                f"{statistics.median(run.wall_s for run in runs_of):.2f} s",
                f"{min(run.wall_s for run in runs_of):.2f} s",
                f"{statistics.median(run.cpu_s for run in runs_of):.2f} s",
                f"{wall_ratio:.2f}",
                f"{cpu_ratio:.2f}",
                f"{max(run.peak_mb for run in runs_of):.0f} MB",
            ]
        )
    return rows


def bench_jobs() -> list[list[str]]:
    """Each document's CPU seconds in one process (after the first, which also fills the caches
    every document shares), beside its estimate."""
    sys.path.insert(0, str(ROOT))
    from bench.bench_memory import design_text
    from rushmore_print.design import load_design, parse_design
    from rushmore_print.render.art import decode_art
    from rushmore_print.render.pdf import ShapeCache, register_fonts, write_pdf
    from rushmore_print.writers.build import Kit, KitOptions, checked_deck, kit_jobs

    register_fonts()
    rows = []
    for label, design in (
        ("classic", load_design()),
        ("8 heads, 1,024 cards", parse_design(design_text(1024), "cards-1024.yaml", None)),
    ):
        kit = Kit.of(design, checked_deck(design))
        decode_art(kit.symbols)
        jobs = kit_jobs(kit, KitOptions())
        shapes = ShapeCache()
        write_pdf(jobs[0].make(), io.BytesIO(), shapes=shapes)  # warm, as the workers are
        for job in jobs:
            start = time.process_time()
            write_pdf(job.make(), io.BytesIO(), shapes=shapes)
            rows.append([f"{label}: {job.name}", f"{time.process_time() - start:.3f} s", f"{job.cost:.3f} s"])
    return rows


def bench_builds(runs: int) -> list[list[str]]:
    rows = []
    examples = ROOT / "designs"
    for design in (None, examples / "junior.yaml", examples / "five.yaml"):
        times, peaks = [], []
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "kit"
            for _ in range(runs):
                run = timed_build(ROOT, out, design=design)
                times.append(run.wall_s)
                peaks.append(run.peak_mb)
            sizes = sorted(p.stat().st_size for p in out.glob("*.pdf"))
        rows.append(
            [
                f"build {Path(design).name if design else 'classic (default)'}",
                f"{statistics.median(times):.2f} s",
                f"{min(times):.2f} s",
                f"{max(peaks):.0f} MB",
                f"{len(sizes)} PDFs, largest {sizes[-1] / 1024:.0f} KB, total {sum(sizes) / 1024:.0f} KB",
            ]
        )
    return rows


def bench_generate() -> list[list[str]]:
    sys.path.insert(0, str(ROOT))
    import yaml

    from rushmore_print.deck.generate import generate_deck
    from rushmore_print.design import parse_design

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


def print_table(title: str, header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    print(title)
    for row in [header, ["-" * w for w in widths]] + rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", default="3d07000", help="the revision to compare the default kit with")
    parser.add_argument("--jobs", action="store_true", help="also each document's CPU in one process")
    args = parser.parse_args()
    os.chdir(ROOT)
    machine = f"{os.cpu_count()} cores, Python {sys.version.split()[0]}"
    print_table(
        f"the default kit against {args.baseline}, {machine}, median of {args.runs} rounds (ratios: paired, to row 1)",
        ["code", "wall", "best", "CPU", "wall ratio", "CPU ratio", "peak RSS"],
        bench_versus(args.baseline, args.runs),
    )
    print_table(
        f"rushmore-print benchmark, {machine}, {args.runs} runs each",
        ["what", "median", "best", "peak RSS", "output"],
        bench_builds(args.runs) + bench_generate(),
    )
    if args.jobs:  # last: a child process started later would inherit this process's peak memory
        print_table(f"each document in one process, {machine}", ["document", "CPU", "estimate"], bench_jobs())


if __name__ == "__main__":
    main()
