"""SVG head art made to be slow to fill: ``rushmore export png`` and ``rushmore build`` CPU
seconds and peak memory of a design whose four heads all use one such drawing, for the code
before (a git revision checked out beside this tree, as bench/baseline.py does) and now, side by
side; the same design with the plain shipped heads and with a realistic traced drawing alongside.

The drawings (each within svg_art's limits of elements and numbers):
  * zigzag 14,500: one polygon of 14,500 edges, each the drawing's height (nonzero);
  * the same, translucent (fill-opacity 0.5: the scanline fills it whatever its rule);
  * 10,000 triangles, even-odd (one path of 10,000 subpaths);
  * zigzag and diagonal zigzag at the reader's crossings limit (what it still admits: the worst
    the renderer now meets; the diagonal's edges each cross 3/4 of the drawing's width too);
  * a traced illustration: 150 blobs of 6,000 curves in all, some with holes (even-odd).
A run of the code before that passes ``--timeout`` seconds is stopped and shown as more than it.

Run:  python bench/bench_svg_fill.py [--before 9d55bb7] [--timeout 120] [--dpi 300] [--keep FOLDER]
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from baseline import INSTALLED, RUN_CLI, checked_out

from tests.svg_fill_art import traced, triangles, zigzag

DESIGN = """name: SVG fill bench
heads:
{heads}
directions: [left, right]
search: {{seed: 1, red_counts: {{0: 4, 1: 4, 2: 4}}}}
"""
ZIGZAG_EDGES = 14_500
AT_LIMIT = 490  # edges: the crossings of a row come to 490, under svg_art.MAX_CROSSINGS (500)


ARTS = {
    "plain shipped heads": None,
    "traced illustration": traced(),
    f"zigzag {ZIGZAG_EDGES:,}, nonzero": zigzag(ZIGZAG_EDGES),
    f"zigzag {ZIGZAG_EDGES:,}, translucent": zigzag(ZIGZAG_EDGES, opacity=' fill-opacity="0.5"'),
    "10,000 triangles, even-odd": triangles(10_000),
    f"zigzag {AT_LIMIT} (at the limit)": zigzag(AT_LIMIT),
    f"diagonal zigzag {AT_LIMIT} (at the limit)": zigzag(AT_LIMIT, drift=0.75),
}


def write_design(folder: Path, art: str | None) -> Path:
    """Four heads drawing ``art`` (the built-in profiles when None)."""
    folder.mkdir(parents=True, exist_ok=True)
    if art is None:
        looks = {"Washington": "tied", "Jefferson": "wavy", "Roosevelt": "spectacles", "Lincoln": "beard"}
        heads = [f"  - {{name: {name}, look: {look}}}" for name, look in looks.items()]
    else:
        (folder / "head.svg").write_text(art, encoding="utf-8")
        heads = [f"  - {{name: Head {number}, art: head.svg}}" for number in range(1, 5)]
    path = folder / "design.yaml"
    path.write_text(DESIGN.format(heads="\n".join(heads)), encoding="utf-8")
    return path


@dataclass(frozen=True)
class Result:
    cpu_s: float
    peak_mb: float
    outcome: str  # "" when it worked; "refused", "timeout"

    def cell(self) -> str:
        if self.outcome == "timeout":
            return f"> {self.cpu_s:.0f} s (stopped)"
        text = f"{self.cpu_s:.2f} s, {self.peak_mb:.0f} MB"
        return f"refused in {text}" if self.outcome == "refused" else text


def run(code_root: Path, args: list[str], cwd: Path, timeout: float) -> Result:
    """``rushmore ARGS`` of ``code_root``'s code in a fresh process: CPU (user + system, its
    workers included) and peak memory of its largest process, as the operating system counts them."""
    command = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(code_root)!r}); {RUN_CLI}", *args]
    started = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, env=INSTALLED, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - started > timeout:
            os.killpg(process.pid, signal.SIGKILL)  # the run and its workers, nothing else
            _, status, usage = os.wait4(process.pid, 0)
            return Result(timeout, usage.ru_maxrss / 1024, "timeout")
        time.sleep(0.05)
    assert process.stderr is not None
    errors = process.stderr.read().decode(errors="replace")
    process.returncode = os.waitstatus_to_exitcode(status)
    outcome = ""
    if process.returncode != 0:
        if "cross a horizontal line" not in errors:
            raise SystemExit(f"rushmore {' '.join(args)} in {code_root} failed: {errors[-2000:]}")
        outcome = "refused"
    return Result(usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, outcome)


REPRO = """
import sys, time
sys.path.insert(0, {root!r})
from PIL import Image
from rushmore_print.layout.items import FillRule
from rushmore_print.render import png
n = 14500
zigzag = [(i * 950 / n, 0 if i % 2 == 0 else 950) for i in range(n)] + [(950, 950), (0, 950)]
cells = [(x * 9.5, y * 9.5) for y in range(100) for x in range(100)]
specks = [[(x, y), (x + 6, y + 1), (x + 3, y + 6)] for x, y in cells]
cases = {{
    "_coverage: zigzag 14,500, nonzero": lambda: png._coverage([zigzag], FillRule.NONZERO, (0, 0, 950, 950)),
    "_fill_even_odd: 10,000 triangles": lambda: png._Painter(Image.new("RGB", (950, 950)), {{}}, {{}})._fill_even_odd(
        specks, (0, 0, 0)),
}}
for name, case in cases.items():
    started = time.process_time()
    case()
    print(f"{{name}}\t{{time.process_time() - started:.3f}}")
"""


def repro(tree: Path) -> dict[str, str]:
    """The brief's repro in one process of ``tree``'s code: CPU seconds of one 950 x 950 px fill."""
    done = subprocess.run([sys.executable, "-c", REPRO.format(root=str(tree))], env=INSTALLED, capture_output=True,
                          text=True, check=True)  # fmt: skip
    return dict(line.split("\t") for line in done.stdout.splitlines())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="9d55bb7", help="the revision to compare with [9d55bb7: the fills before]")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a run of the code before may take")
    parser.add_argument("--dpi", default="300", help="export png's --dpi [300]")
    parser.add_argument("--keep", type=Path, help="write the designs here and leave them")
    parser.add_argument("--only", help="the drawings whose name contains this")
    options = parser.parse_args()
    before_revision = options.before
    print(f"before: {before_revision}, now: the working tree", file=sys.stderr)
    rows = [["head art", "export png before", "export png now", "build before", "build now"]]
    with tempfile.TemporaryDirectory() as scratch, checked_out(before_revision, Path(scratch)) as before:
        folder = options.keep or Path(scratch) / "designs"
        fills = [repro(before), repro(ROOT)]
        print("| one fill of 950 x 950 px | before (CPU s) | now (CPU s) |\n|---|---|---|")
        for name in fills[0]:
            print(f"| {name} | {fills[0][name]} | {fills[1][name]} |")
        print()
        for number, (name, art) in enumerate(ARTS.items()):
            if options.only and options.only not in name:
                continue
            design = write_design(folder / f"art{number}", art)
            cells = [name]
            for command in ("export", "build"):
                for tree, timeout in ((before, options.timeout), (ROOT, 3600.0)):
                    out = Path(scratch) / f"out{len(rows)}-{len(cells)}"  # a fresh folder: nothing to skip
                    args = ["export", "png", "--dpi", options.dpi] if command == "export" else ["build"]
                    result = run(tree, [*args, "-q", "-o", str(out), str(design)], Path(scratch), timeout)
                    cells.append(result.cell())
                    print(f"  {name}: {command} {'now' if tree == ROOT else 'before'}: {cells[-1]}", file=sys.stderr)
            rows.append([cells[0], cells[1], cells[2], cells[3], cells[4]])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for number, row in enumerate(rows):
        print("| " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths)) + " |")
        if number == 0:
            print("|" + "|".join("-" * (width + 2) for width in widths) + "|")


if __name__ == "__main__":
    main()
