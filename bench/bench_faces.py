"""Every face has room (issue 19): how much of each head its card paints over; prints a table.

Each head is rasterised alone and against everything its card draws after it (neighbours, their
props, niches, markers, names), through the PNG renderer; a head's "own" pixels are the ones it
paints alone, "covered" those something later paints too. Its face zone (brow to chin, nose,
lips, spectacles, the front of a beard; all of a designer's art) is counted apart.
Targets: 0 face pixels covered on every card; at most 1 % of any head's pixels overall.
Rows: every example design (designs/) and a design with art (PNG and SVG in turn) on every head.

Run:  python bench/bench_faces.py [--dpi 150]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import Design, load_design
from rushmore_print.layout.cards import card_frame, card_layout, monument_face, search_face
from tests.pixels import art_design, head_coverage


def row(name: str, design: Design, dpi: float) -> list[str]:
    deck = generate_deck(design)
    frame = card_frame(design)
    faces = [monument_face(design, m, frame) for m in deck.monuments]
    faces += [search_face(design, c, frame) for c in deck.search]
    start = time.perf_counter()
    found = head_coverage(design, faces, dpi)
    seconds = time.perf_counter() - start
    layout = card_layout(design, frame)
    head = layout.slots[0].head
    worst = max(found, key=lambda c: c.share)
    return [
        name,
        str(len(design.heads)),
        f"{layout.rows} x {layout.per_row}",
        f"{head.width:.1f} x {head.height:.1f}",
        str(len(faces)),
        str(len(found)),
        str(sum(c.face_covered for c in found)),
        f"{worst.share:.2%} ({worst.card_id})",
        str(sum(1 for c in found if c.covered)),
        f"{seconds:.1f} s",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=float, default=150.0)
    args = parser.parse_args()
    header = ["design", "heads", "rows", "head mm", "cards", "heads", "face px covered", "worst head", "touched"]
    rows = [[*header, "time"]]
    for path in sorted((ROOT / "designs").glob("*.yaml")):
        rows.append(row(path.name, load_design(path), args.dpi))
    with tempfile.TemporaryDirectory() as folder:
        rows.append(row("art on every head", art_design(Path(folder)), args.dpi))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    print(f"head pixels painted over, at {args.dpi:g} dpi")
    for number, cells in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(cells, widths)))
        if number == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    main()
