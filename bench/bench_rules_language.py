"""Benchmark the rule sheet in English and in German, the code before the players' language side by
side with the code now; prints a table.

The players' language (issue 24) made the rule sheet flow any text length and drew the set-up grid
once per size; its notes claim the eight-head sheet went from about 2.3 s to 0.76 s. This measures
it: each row lays out the A4 rule sheet (``build.rulebook_document``) and writes its PDF
(``render_pdf``) in a fresh process, ``--runs`` times; "first" is the first sheet of a process (what
one ``rushmore build`` pays, caches cold), "again" the median of the rest. German (about 30 % longer
than English) only exists in the code now; before it the row says so.

Run:  python bench/bench_rules_language.py [--runs 5] [--before 42e5bf7^] [--designs classic eight]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "42e5bf7^"  # main just before the players' language landed

# Run in a fresh interpreter with the tree first on sys.path: prints the seconds of each sheet.
PROBE = """
import dataclasses, json, sys, time
sys.path.insert(0, sys.argv[1])
from rushmore_print.design import load_design
from rushmore_print.deck.generate import generate_deck
from rushmore_print.writers.build import rulebook_document
from rushmore_print.render.pdf import render_pdf
design = load_design(sys.argv[2])
if sys.argv[3] != "en":
    if not hasattr(design, "language"):
        print(json.dumps(None)); raise SystemExit
    design = dataclasses.replace(design, language=sys.argv[3])
deck = generate_deck(design)
times = []
for _ in range(int(sys.argv[4])):
    start = time.perf_counter()
    document = rulebook_document(design, deck, "a4")
    laid = time.perf_counter()
    render_pdf(document)
    times.append((laid - start, time.perf_counter() - laid))
print(json.dumps(times))
"""


def source_tree(ref: str | None, folder: Path) -> Path:
    """The package and its example designs at ``ref`` (git archive into ``folder``), or this tree."""
    if ref is None:
        return ROOT
    folder.mkdir(parents=True)
    paths = ["rushmore_print"]
    has_designs = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{ref}:designs"], capture_output=True)
    if has_designs.returncode == 0:
        paths.append("designs")  # the example designs at the top level (before 2026-11 and after issue 36)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, *paths], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def design_path(tree: Path, name: str) -> Path:
    inside = tree / "rushmore_print" / "data" / "designs" / f"{name}.yaml"
    return inside if inside.exists() else tree / "designs" / f"{name}.yaml"


def measure(tree: Path, design: str, language: str, runs: int) -> list[tuple[float, float]] | None:
    args = [sys.executable, "-c", PROBE, str(tree), str(design_path(tree, design)), language, str(runs)]
    done = subprocess.run(args, check=True, capture_output=True, text=True, cwd=tree)
    return json.loads(done.stdout.strip().splitlines()[-1])


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="sheets per process (the first is cold)")
    parser.add_argument("--before", default=BEFORE, help="the git revision to compare with")
    parser.add_argument("--designs", nargs="+", default=["classic", "eight"])
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        trees = {f"before ({options.before})": source_tree(options.before, Path(scratch) / "before"), "now": ROOT}
        print(f"A4 rule sheet, {options.runs} sheets a process; seconds: layout + PDF = total")
        print(f"{'design':<9} {'language':<9} {'code':<20} {'first':>22} {'again (median)':>22}")
        for design in options.designs:
            for language in ("en", "de"):
                for label, tree in trees.items():
                    times = measure(tree, design, language, options.runs)
                    if times is None:
                        print(f"{design:<9} {language:<9} {label:<20} {'(no language: key yet)':>22}")
                        continue
                    first = times[0]
                    rest = times[1:] or times
                    again = (median([t[0] for t in rest]), median([t[1] for t in rest]))
                    cells = [f"{a:.2f} + {b:.2f} = {a + b:.2f}" for a, b in (first, again)]
                    print(f"{design:<9} {language:<9} {label:<20} {cells[0]:>22} {cells[1]:>22}")


if __name__ == "__main__":
    main()
