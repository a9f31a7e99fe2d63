"""Speed side by side with a baseline revision, in one run; prints a table.

Targets (issue 13), on this 2-core machine:
  * the default kit at least 1.4x faster than the baseline (the code when the issue was filed,
    which ran without reportlab's C accelerator);
  * ``rushmore --help`` and ``impose`` import neither reportlab nor yaml;
  * ``rushmore impose`` as a whole command at most 0.5x img2pdf's time for 55 PNGs and at most
    1.0x for 55 JPEGs;
  * the test suite under 30 s wall (``--tests``; it runs both suites, about a minute).

The baseline is checked out into a temporary git worktree and run with the accelerator blocked,
as it was installed then; the current code runs as installed.

Run:  python -m pip install img2pdf && python bench/bench_speed.py [--baseline b6c4981] [--runs 5] [--tests]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_export import make_cards

NO_ACCEL = "import sys; sys.modules['_rl_accel'] = None; "
RUN_CLI = (
    "import runpy, sys; sys.argv = ['rushmore', *sys.argv[1:]]; runpy.run_module('rushmore_print', run_name='__main__')"
)


# An installed package has its bytecode compiled; a checkout run with PYTHONDONTWRITEBYTECODE (as
# on this machine) would compile every module at every start and time the compiler instead.
INSTALLED = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def compile_tree(code_root: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(code_root / "rushmore_print")],
        env=INSTALLED, check=True, stdout=subprocess.DEVNULL,
    )  # fmt: skip


def timed(command: list[str], cwd: Path, runs: int, env: dict | None = None) -> float:
    """Median wall seconds of ``command`` over ``runs`` fresh processes."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            command, cwd=cwd, env=env or INSTALLED, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def cli(code_root: Path, *args: str, accel: bool = True) -> list[str]:
    prefix = "" if accel else NO_ACCEL
    return [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(code_root)!r}); {prefix}{RUN_CLI}", *args]


def worktree(revision: str, folder: Path) -> Path:
    path = folder / "baseline"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(path), revision],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="b6c4981")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tests", action="store_true", help="also time both test suites (about a minute)")
    args = parser.parse_args()
    rows = [["what", "baseline", "now", "ratio", "target"]]
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        base = worktree(args.baseline, folder)
        compile_tree(base)
        compile_tree(ROOT)
        try:
            old = timed(cli(base, "build", "-o", str(folder / "old"), accel=False), folder, args.runs)
            new = timed(cli(ROOT, "build", "-o", str(folder / "new")), folder, args.runs)
            rows.append(
                ["build the default kit", f"{old:.2f} s", f"{new:.2f} s", f"{old / new:.2f}x faster", ">= 1.4x"]
            )
            old = timed(cli(base, "--help", accel=False), folder, args.runs)
            new = timed(cli(ROOT, "--help"), folder, args.runs)
            rows.append(["rushmore --help", f"{old:.3f} s", f"{new:.3f} s", f"{old / new:.2f}x faster", "-"])
            if args.tests:
                env = dict(os.environ, PYTHONPATH=str(base))
                old = timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], base, 1, env)
                new = timed([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], ROOT, 1)
                rows.append(["test suite (wall)", f"{old:.1f} s", f"{new:.1f} s", f"{old / new:.2f}x faster", "< 30 s"])
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(base)],
                cwd=ROOT,
                check=False,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        rows += impose_rows(folder, args.runs)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    print(f"rushmore-print speed, {os.cpu_count()} cores, Python {sys.version.split()[0]}, median of {args.runs}")
    for number, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)))
        if number == 0:
            print("  ".join("-" * width for width in widths))


def impose_rows(folder: Path, runs: int) -> list[list[str]]:
    """``rushmore impose`` and ``img2pdf`` as whole commands on the same 55 images."""
    img2pdf = shutil.which("img2pdf")
    if img2pdf is None:
        return [["impose vs img2pdf", "-", "-", "-", "needs: pip install img2pdf"]]
    from PIL import Image

    (folder / "png").mkdir()
    pngs = make_cards(folder / "png", 55)
    jpeg_folder = folder / "jpeg"
    jpeg_folder.mkdir()
    jpegs = []
    for path in pngs:
        target = jpeg_folder / (path.stem + ".jpg")
        with Image.open(path) as image:
            image.save(target, quality=90, dpi=(300, 300))
        jpegs.append(target)
    rows = []
    for kind, files, target in (("PNGs", pngs, 0.5), ("JPEGs", jpegs, 1.0)):
        ours = timed(cli(ROOT, "impose", *map(str, files), "--paper", "a4", "-o", str(folder)), folder, runs)
        theirs = timed([img2pdf, *map(str, files), "-o", str(folder / "theirs.pdf")], folder, runs)
        rows.append(
            [
                f"impose 55 {kind} (img2pdf as baseline)",
                f"{theirs:.3f} s",
                f"{ours:.3f} s",
                f"{ours / theirs:.2f} of img2pdf",
                f"<= {target}",
            ]
        )
    return rows


if __name__ == "__main__":
    main()
