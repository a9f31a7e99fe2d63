"""Start-up, impose and export figures side by side with a baseline revision (issue 33, item 4);
prints a table.

Targets, on this 2-core machine (CPU: user + system seconds of the whole process, the median of
``--runs`` fresh processes; the ratios are taken run by run, so a machine that drifts drifts for
both):
  * ``rushmore --help`` at most 3x a bare Python start (``python -c pass``);
  * ``rushmore impose`` of 55 poker JPEGs (750 x 1050 px, quality 90) at most 1.3x img2pdf's CPU,
    of the same cards as PNGs at most 0.5x;
  * ``rushmore export png`` (the classic deck at 300 dpi) at most 100 MB peak resident memory.

The baseline (9fd866b: before start-up doubled and JPEGs were decoded) is checked out into a
temporary git worktree and run from there with the same Python and packages; the current code
runs from this checkout. Both trees run from compiled bytecode, as an installed package does.

Run:  python -m pip install img2pdf && python bench/bench_startup.py [--baseline 9fd866b] [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from baseline import ROOT, Run, checked_out, print_table, timed_cli, timed_process
from bench_export import make_cards


def paired(runs: int, first, second) -> tuple[list[Run], list[Run]]:
    """``runs`` of each, in turn (A B A B ...), after one of each not counted."""
    first(), second()
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(first())
        theirs.append(second())
    return ours, theirs


def cpu(runs: list[Run]) -> float:
    return statistics.median(run.cpu_s for run in runs)


def ratio(ours: list[Run], theirs: list[Run], wall: bool = False) -> float:
    if wall:
        return statistics.median(a.wall_s / b.wall_s for a, b in zip(ours, theirs))
    return statistics.median(a.cpu_s / b.cpu_s for a, b in zip(ours, theirs))


def card_images(folder: Path) -> tuple[list[Path], list[Path]]:
    """55 poker cards as PNGs and as JPEGs (quality 90, 300 dpi): the issue's cards."""
    from PIL import Image

    (folder / "png").mkdir()
    (folder / "jpeg").mkdir()
    pngs = make_cards(folder / "png", 55)
    jpegs = []
    for path in pngs:
        target = folder / "jpeg" / (path.stem + ".jpg")
        with Image.open(path) as image:
            image.save(target, quality=90, dpi=(300, 300))
        jpegs.append(target)
    return pngs, jpegs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="9fd866b")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    # img2pdf installed beside this Python (a venv not activated) counts as installed
    img2pdf = shutil.which("img2pdf", path=os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
    rows = [["what", args.baseline, "now", "target"]]
    with tempfile.TemporaryDirectory() as temp, checked_out(args.baseline, Path(temp)) as base:
        folder = Path(temp)
        trees = {"old": base, "new": ROOT}
        bare = [sys.executable, "-c", "pass"]

        cells = []
        for tree in trees.values():
            ours, theirs = paired(
                args.runs, partial(timed_cli, tree, ["--help"], folder), partial(timed_process, bare, folder)
            )
            cells.append(f"{cpu(ours):.3f} s CPU, {ratio(ours, theirs):.2f}x bare Python ({cpu(theirs):.3f} s)")
        rows.append(["rushmore --help", *cells, "<= 3x bare Python"])

        pngs, jpegs = card_images(folder)
        for kind, files, target in (("PNGs", pngs, 0.5), ("JPEGs", jpegs, 1.3)):
            theirs_command = [img2pdf or "img2pdf", *map(str, files), "-o", str(folder / "img2pdf.pdf")]
            cells = []
            for name, tree in trees.items():
                impose_args = ["impose", *map(str, files), "--paper", "a4", "-o", str(folder / f"imposed-{name}")]
                impose = partial(timed_cli, tree, impose_args, folder)
                if img2pdf is None:
                    runs = [impose() for _ in range(args.runs)]
                    cells.append(f"{cpu(runs):.3f} s CPU (img2pdf: pip install img2pdf)")
                    continue
                ours, theirs = paired(args.runs, impose, partial(timed_process, theirs_command, folder))
                cells.append(
                    f"{cpu(ours):.3f} s CPU, {ratio(ours, theirs):.2f}x img2pdf's ({cpu(theirs):.3f} s); "
                    f"wall {ratio(ours, theirs, wall=True):.2f}x"
                )
            rows.append([f"impose 55 poker {kind}", *cells, f"<= {target}x img2pdf"])

        cells = []
        for name, tree in trees.items():
            export_args = ["export", "png", "-o", str(folder / f"png-{name}")]
            runs = [timed_cli(tree, export_args, folder) for _ in range(3)]
            peak = statistics.median(run.peak_mb for run in runs)
            cells.append(f"{peak:.0f} MB peak, {cpu(runs):.2f} s CPU")
        rows.append(["export png, classic deck, 300 dpi", *cells, "<= 100 MB peak"])
    title = (
        f"rushmore-print start-up, impose and export, {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
        f"median of {args.runs} (export: 3)"
    )
    print_table(title, rows)


if __name__ == "__main__":
    main()
