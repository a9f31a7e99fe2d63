"""The arm's-length measures of the card art, for every example design; prints a table.

Facing contrast (issue 9): the share of pixels whose grey changes by more than 48 levels when
every head on a card turns round, rasterised as ``pdftoppm -r 40 -gray`` draws the per-card
print PDF, for every card of the deck; the table shows the least Monument's and the least Search
card's. Target (issue 34): 25 % on every card of every design.
Also: head height as a share of the card's trim height (target 50 % for four heads on poker) and
the smallest name size (at least 7 pt).

Run:  python bench/bench_art.py      (needs pdftoppm from poppler-utils)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import load_design
from rushmore_print.layout.cards import card_frame, head_slots
from tests.pixels import FACING_CONTRAST_MIN, card_facing_contrasts


def main() -> None:
    rows = [
        ["design", "heads", "card mm", "least Monument", "least Search", "target", "head mm", "head height", "names"]
    ]
    for path in sorted((ROOT / "designs").glob("*.yaml")):
        design = load_design(path)
        frame = card_frame(design)
        slots = head_slots(design, frame)
        contrasts = card_facing_contrasts(design, generate_deck(design))
        monuments = min(value for card, value in contrasts.items() if card.startswith("M"))
        search = min(value for card, value in contrasts.items() if card.startswith("S"))
        rows.append(
            [
                path.name,
                str(len(design.heads)),
                f"{frame.width_mm:g} x {frame.height_mm:g}",
                f"{monuments:.1%}",
                f"{search:.1%}",
                f"{FACING_CONTRAST_MIN:.0%}",
                f"{slots[0].head.width:.1f} x {slots[0].head.height:.1f}",
                f"{slots[0].head.height / frame.height_mm:.0%}",
                f"{min(s.label_size for s in slots):.1f} pt",
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for number, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)))
        if number == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    main()
