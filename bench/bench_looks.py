"""The built-in looks, one row each: how strongly each points, and how readable a red head is.

Light-front cue (issue 19): the light mass's centroid ahead of the dark mass's, in head
widths, of a head drawn alone at a classic card's size (20.8 mm wide) at 30 dpi; only the
head's own pixels count (see ``tests/pixels.head_pixels``). Target: at least 0.25 for every
look, plain and red. In-head contrasts of a red head, from the palette: face against hair and
against coat, in greyscale and under a protanopia simulation (Machado 2009). Target: 3:1.

Also, per example design, the same cue as a player meets it on a Monument (the measure issue 19
was filed with): M01 (every head facing left) and its mirror M16 through ``pdftoppm -r 30
-gray`` of the per-card PDF, each head's box cut out (rock and neighbours included), light
grey 160 and up, dark under 80. Boxes that overlap put a neighbour's face into a head's back.

And the red cue without colour: the share of a Search card's pixels that change by more than 48
grey levels when every head on it turns red, at 30 dpi, in greyscale and as a protanope sees it.

Run:  python bench/bench_looks.py      (the second table needs pdftoppm from poppler-utils)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rushmore_print.colors import contrast, in_grey, protanopia
from rushmore_print.design import HeadSpec, Look, Style, load_design
from rushmore_print.layout.cards import card_frame, head_slots, monument_face, symbols
from rushmore_print.layout.heads import HeadKey, head_symbol, plain_palette, red_palette
from rushmore_print.layout.items import Document
from rushmore_print.layout.sheets import card_pages
from rushmore_print.model import Monument
from rushmore_print.render.pdf import render_pdf
from tests.pixels import HAS_PDFTOPPM, light_front_cue, rasterise, red_cue


def _table(rows: list[list[str]]) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for number, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)))
        if number == 0:
            print("  ".join("-" * width for width in widths))


def on_card_cues(path: Path) -> list[str]:
    """Each head's cue on M01 and on its mirror, as ``+0.31/+0.29``."""
    design = load_design(path)
    frame = card_frame(design)
    n = len(design.heads)
    found: list[list[float]] = [[] for _ in range(n)]
    for facing in (0, 1):
        face = monument_face(design, Monument("M01", (facing,) * n), frame)
        pdf = render_pdf(Document("cue", tuple(card_pages(frame, [face])), symbols(design)))
        image = rasterise(pdf, 30)[0].convert("L")
        sx, sy = image.width / frame.bleed.width, image.height / frame.bleed.height
        for index, slot in enumerate(head_slots(design, frame)):
            box = slot.head
            x0, x1 = round((box.x - frame.bleed.x) * sx), round((box.right - frame.bleed.x) * sx)
            y0, y1 = round((frame.bleed.top - box.top) * sy), round((frame.bleed.top - box.y) * sy)
            light, dark = [], []
            for y in range(y0, y1):
                for x in range(x0, x1):
                    value = image.getpixel((x, y))
                    if value >= 160:
                        light.append(x)
                    elif value < 80:
                        dark.append(x)
            ahead = (sum(dark) / len(dark) - sum(light) / len(light)) / (x1 - x0)
            found[index].append(ahead if facing == 0 else -ahead)
    return [f"{design.heads[i].look.value} {a:+.2f}/{b:+.2f}" for i, (a, b) in enumerate(found)]


def main() -> None:
    style = Style()
    rows = [["look", "cue plain L", "cue plain R", "cue red L", "cue red R"]]
    for look in Look:
        spec = HeadSpec("A", look)
        cues = []
        for red in (False, True):
            for facing in (0, 1):
                key = HeadKey(0, facing, red)
                cues.append(f"{light_front_cue(head_symbol(spec, key, style), key):+.2f}")
        rows.append([look.value, *cues])
    _table(rows)
    print()
    rows = [["head", "pair", "grey", "protanopia"]]
    for name, palette in (("plain", plain_palette(style, HeadSpec("A"))), ("red", red_palette(style))):
        for pair, a, b in (("face/hair", palette.skin, palette.hair), ("face/coat", palette.skin, palette.coat)):
            grey = contrast(in_grey(a), in_grey(b))
            protan = contrast(protanopia(a), protanopia(b))
            rows.append([name, pair, f"{grey:.2f}:1", f"{protan:.2f}:1"])
    _table(rows)
    if not HAS_PDFTOPPM:
        return
    print()
    for path in sorted((ROOT / "designs").glob("*.yaml")):
        print(f"{path.name:13} " + "  ".join(on_card_cues(path)))
    print()
    rows = [["design", "red cue grey", "red cue protanopia"]]
    for path in sorted((ROOT / "designs").glob("*.yaml")):
        grey, protan = red_cue(load_design(path))
        rows.append([path.name, f"{grey:.1%}", f"{protan:.1%}"])
    _table(rows)


if __name__ == "__main__":
    main()
