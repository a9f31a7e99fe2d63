"""SVG head art: the cost of reading it (``load_design``, which parses every SVG) and of the whole
kit built from it (``rushmore build`` in a fresh process), for a design whose four heads are
drawn in an editor's SVG export (a ``<style>`` sheet with classes, named colours, opacity,
``<use>``, arcs and curves); the default kit (no SVG) alongside, which must not pay for SVG.
Prints a table of medians.

Run:  python bench/bench_svg.py [--runs 5] [--keep FOLDER]   (``--keep``: leave the design there)
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
sys.path.insert(0, str(ROOT))

# An Inkscape-like export: a document in mm, a viewBox, classes in a <style> sheet, a layer group,
# named and hex colours, opacity, a reused part (<use>), arcs, curves, an even-odd window.
EDITOR_SVG = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with an editor -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
     xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
     width="50mm" height="90mm" viewBox="0 0 50 90" version="1.1" id="svg1">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="2.1"/>
  <defs id="defs1">
    <style id="style1">
      .skin { fill: {skin}; stroke: #3a2a20; stroke-width: 0.6 }
      .hair { fill: {hair} }
      .shade { fill: black; opacity: 0.25 }
      .eye, .brow { fill: currentColor }
    </style>
    <path id="curl" d="m 0 0 c 2 -3 6 -3 6 0 c 0 3 -4 3 -4 0" />
  </defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" color="#222">
    <path class="skin" id="face"
          d="M 18 12 C 30 6 42 14 40 30 L 44 42 L 39 44 L 40 52 Q 40 58 34 58 L 33 66 C 33 70 24 72 22 70
             L 22 80 L 8 80 L 10 62 C 4 52 4 36 8 26 C 10 18 14 14 18 12 Z"/>
    <path class="hair" d="M 18 12 C 28 6 40 10 40 22 C 34 16 26 16 22 20 A 12 12 0 0 0 12 40 L 8 38
             C 4 28 8 16 18 12 Z"/>
    <use xlink:href="#curl" x="10" y="40" class="hair"/>
    <use xlink:href="#curl" x="12" y="46" class="hair"/>
    <use href="#curl" x="9" y="52" class="hair" transform="rotate(10 9 52)"/>
    <ellipse class="eye" cx="33" cy="30" rx="1.6" ry="1.1"/>
    <rect class="brow" x="30" y="26" width="6" height="1.2" rx="0.6" transform="rotate(-8 33 26)"/>
    <path class="shade" d="M 24 60 C 28 62 32 62 33 60 L 33 66 C 30 68 26 68 24 66 Z"/>
    <path fill="orange" fill-rule="evenodd"
          d="M 8 74 H 24 V 86 H 8 Z M 12 77 H 20 V 83 H 12 Z"/>
    <circle cx="46" cy="6" r="3" style="fill:gold;stroke:darkgoldenrod;stroke-width:0.5;fill-opacity:0.8"/>
  </g>
</svg>
"""

DESIGN = """name: SVG Bench
heads:
{heads}
directions: [left, right]
search: {{seed: 1, red_counts: {{0: 4, 1: 4, 2: 4}}}}
"""
COLOURS = [("peru", "saddlebrown"), ("#e8c39e", "black"), ("wheat", "#704214"), ("tan", "dimgray")]


def write_design(folder: Path) -> Path:
    """Four heads, each its own SVG file (so each is parsed), and the design naming them."""
    folder.mkdir(parents=True, exist_ok=True)
    heads = []
    for number, (skin, hair) in enumerate(COLOURS, 1):
        svg = EDITOR_SVG.replace("{skin}", skin).replace("{hair}", hair)
        (folder / f"head{number}.svg").write_text(svg, encoding="utf-8")
        heads.append(f"  - {{name: Head {number}, art: head{number}.svg}}")
    path = folder / "design.yaml"
    path.write_text(DESIGN.format(heads="\n".join(heads)), encoding="utf-8")
    return path


def time_load(design: Path, runs: int) -> float:
    """Median milliseconds of ``load_design`` (every SVG read and checked), in this process."""
    from rushmore_print.design import load_design

    load_design(design)  # the first import and parse are not what a design costs
    times = []
    for _ in range(runs * 4):
        started = time.perf_counter()
        load_design(design)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def time_build(design: Path | None, out: Path, runs: int) -> float:
    """Median wall seconds of ``rushmore build`` (the whole kit) in a fresh process."""
    command = [sys.executable, "-m", "rushmore_print", "build", "-o", str(out)] + ([str(design)] if design else [])
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        times.append(time.perf_counter() - started)
        if done.returncode != 0:
            raise SystemExit(f"build failed: {done.stderr.decode()}")
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="write the design here and leave it")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = options.keep or Path(scratch) / "design"
        design = write_design(folder)
        rows = [
            ["kit", "load_design (ms)", "build (s)"],
            ["4 SVG heads (editor export)", f"{time_load(design, options.runs):.1f}",
             f"{time_build(design, Path(scratch) / 'svg', options.runs):.2f}"],
            ["default (classic, no SVG)", "-", f"{time_build(None, Path(scratch) / 'default', options.runs):.2f}"],
        ]  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for number, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)))
        if number == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    main()
