"""SVG head art made to be slow to fill, within svg_art's limits of elements and numbers, and
a realistic traced drawing beside it: for tests/test_png_fill.py and bench/bench_svg_fill.py."""

from __future__ import annotations

import math
import random

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000">\n{body}\n</svg>\n'


def zigzag(edges: int, drift: float = 0.0, opacity: str = "") -> str:
    """One polygon whose every edge runs the drawing's height (``drift``: how far right the
    lower end of each edge lies, as a share of the width: a diagonal zigzag), closed along the
    bottom; the left half is cut away at the top so that it does not look the same mirrored."""
    width = 1000 * (1 - drift)
    points = [(i * width / edges + (drift * 1000 if i % 2 else 0), 1000 if i % 2 else 0) for i in range(edges)]
    points += [(1000, 1000), (0, 1000)]
    text = " ".join(f"{x:.2f},{y:.0f}" for x, y in points)
    return SVG.format(body=f'<polygon fill="#445"{opacity} points="{text}"/>\n<rect width="400" height="300"/>')


def triangles(count: int) -> str:
    """One even-odd path of ``count`` small triangles (6 numbers each: 60,000 for 10,000, the
    reader's limit), a corner of the grid left empty so the art is not the same mirrored."""
    side = math.ceil(math.sqrt(count / 0.85))
    step = 1000 / side
    parts: list[str] = []
    for i in range(side * side):
        x, y = (i % side) * step, (i // side) * step
        if len(parts) < count and (x < 500 or y > 300):
            parts.append(f"M{x:.1f} {y:.1f}l{step * 0.7:.1f} 1l-3 {step * 0.6:.1f}z")
    return SVG.format(body=f'<path fill="#445" fill-rule="evenodd" d="{"".join(parts)}"/>')


def traced(seed: int = 7) -> str:
    """What tracing a picture gives: blobs of cubic curves, wobbly, some holed (even-odd)."""
    rng = random.Random(seed)
    paths = []
    for _ in range(150):
        cx, cy, radius = rng.uniform(80, 920), rng.uniform(80, 920), rng.uniform(15, 90)
        rings = [radius] + ([radius * rng.uniform(0.3, 0.6)] if rng.random() < 0.4 else [])
        data = []
        for ring in rings:
            count = 40 if ring == radius else 20
            points = []
            for k in range(count):
                angle = 2 * math.pi * k / count
                r = ring * rng.uniform(0.8, 1.2)
                points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
            data.append(f"M{points[0][0]:.2f} {points[0][1]:.2f}")
            for k, (x, y) in enumerate(points[1:] + points[:1]):
                px, py = points[k]
                data.append(f"C{px + (y - py) * 0.2:.2f} {py - (x - px) * 0.2:.2f} {x:.2f} {y:.2f} {x:.2f} {y:.2f}")
            data.append("Z")
        colour = f"#{rng.randrange(0x1000000):06x}"
        rule = ' fill-rule="evenodd"' if len(rings) > 1 else ""
        paths.append(f'<path fill="{colour}"{rule} d="{" ".join(data)}"/>')
    return SVG.format(body="\n".join(paths))
