"""Benchmark `rushmore export png` and `rushmore impose` against img2pdf and mtg-print; prints a table.

Targets (issue 6), on a 2-core machine:
  * export png of the classic deck (55 faces + 2 backs at 300 dpi) in under 3 s;
  * impose of 55 and 256 poker PNGs (750 x 1050 px, 300 dpi): no slower than img2pdf (the lossless
    baseline: one image a page, no sheet), at least 4x faster than mtg-print, PDF at most 1.02 x the
    PNG bytes, time growing linearly from 55 to 256 cards.

Run:  python -m pip install img2pdf mtg-print && python bench/bench_export.py
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RUNS = 3


def make_cards(folder: Path, count: int) -> list[Path]:
    """Poker-size card images with some detail (so they compress like real art), deterministic."""
    paths = []
    for number in range(count):
        path = folder / f"card{number:03d}.png"
        if not path.exists():
            rng = random.Random(number)
            image = Image.new("RGB", (750, 1050), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
            draw = ImageDraw.Draw(image)
            for _ in range(150):
                x, y = rng.randrange(750), rng.randrange(1050)
                colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
                box = (x, y, x + rng.randrange(10, 200), y + rng.randrange(10, 200))
                (draw.ellipse if rng.random() < 0.5 else draw.rectangle)(box, fill=colour)
            draw.text((40, 980), f"card {number}", fill=(0, 0, 0))
            image.save(path, dpi=(300, 300))
        paths.append(path)
    return paths


def median_time(action) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_export_png() -> list[str]:
    with tempfile.TemporaryDirectory() as folder:

        def run():
            subprocess.run(
                [sys.executable, "-m", "rushmore_print", "export", "png", "-o", folder],
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )

        seconds = median_time(run)
        files = list(Path(folder).glob("*.png"))
        size = sum(p.stat().st_size for p in files)
    return [
        "export png, classic (55 faces + 2 backs, 300 dpi)",
        f"{seconds:.2f} s",
        "-",
        "-",
        f"{len(files)} PNGs, {size / 1e6:.1f} MB",
        "target < 3 s",
    ]


def classic_images(target: str | None) -> tuple[list, object, float, tuple[int, int] | None]:
    """The classic deck's pages as ``export png`` (None) or a vendor target draws them."""
    from rushmore_print.deck.targets import EXPORTS
    from rushmore_print.design import load_design
    from rushmore_print.layout.cards import card_frame, symbols
    from rushmore_print.layout.sheets import card_pages
    from rushmore_print.writers.build import checked_deck
    from rushmore_print.writers.export import _faces_with_backs

    design = load_design()
    vendor = EXPORTS[target].vendor() if target else None
    bleed = vendor.bleed_mm if vendor else design.print.bleed_mm
    faces = _faces_with_backs(design, checked_deck(design), bleed)
    exact = vendor.size_for(design.print.width_mm, design.print.height_mm) if vendor else None
    return card_pages(card_frame(design, bleed), faces), symbols(design), 300.0, exact


def pillow_png(image, dpi: float) -> bytes:
    """What the exports wrote before: Pillow's encoder (libpng's per-line filter choice), level 6."""
    import io

    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=6)
    return buffer.getvalue()


def bench_png_encoding() -> list[list[str]]:
    """The classic deck's 57 card images (as ``export png`` draws them) encoded before and after:
    bytes, encoding time (median of 3, one process) and whether the decoded pixels are the same."""
    import io

    from rushmore_print.render.encode import png_bytes
    from rushmore_print.render.png import render_page

    pages, table, dpi, _ = classic_images(None)
    tiles: dict = {}
    images = [render_page(page, table, dpi, tiles) for page in pages]
    rows, sizes = [], {}
    for name, encode in (("before: Pillow, level 6", pillow_png), ("after: no filter, libdeflate 9", png_bytes)):
        encoded: list[bytes] = []

        def run(encode=encode, encoded=encoded):
            encoded[:] = [encode(image, dpi) for image in images]

        seconds = median_time(run)
        same = all(Image.open(io.BytesIO(data)).tobytes() == im.tobytes() for data, im in zip(encoded, images))
        sizes[name] = sum(map(len, encoded))
        first = next(iter(sizes.values()))
        rows.append(
            [
                f"encode classic PNGs, {name}",
                f"{seconds:.2f} s",
                "-",
                "-",
                f"{sizes[name] / 1e6:.2f} MB = {sizes[name] / first:.3f} x before",
                "pixels identical" if same else "PIXELS DIFFER",
            ]
        )
    return rows


def bench_mpc_pixels() -> list[list[str]]:
    """MakePlayingCards' 816 x 1110 images drawn at that size (now) against drawn at 300 dpi and
    resized with LANCZOS (before), with The Game Crafter's for scale: bytes, M01's colours, time
    (in one process). The classic cards are landscape: drawn sideways, then turned upright."""
    from rushmore_print.render.encode import png_bytes
    from rushmore_print.render.png import render_page

    rows = []
    for label, target, resample in (
        ("tgc 825 x 1125, drawn at size", "tgc", False),
        ("mpc 816 x 1110, drawn at size (now)", "mpc", False),
        ("mpc 816 x 1110, 300 dpi + LANCZOS (before)", "mpc", True),
    ):
        pages, table, dpi, exact = classic_images(target)
        out: list = []

        def draw(pages=pages, table=table, dpi=dpi, exact=exact, resample=resample, out=out):
            tiles: dict = {}
            out.clear()
            for page in pages:
                if resample:
                    image = render_page(page, table, dpi, tiles).resize(exact[::-1], Image.Resampling.LANCZOS)
                else:
                    image = render_page(page, table, dpi, tiles, exact[::-1])
                out.append(image.transpose(Image.Transpose.ROTATE_90))

        seconds = median_time(draw)
        size = sum(len(png_bytes(image, dpi)) for image in out)
        colours = len(out[0].getcolors(1 << 20))
        rows.append([f"draw {label}", f"{seconds:.2f} s", "-", "-", f"{size / 1e6:.2f} MB", f"M01 {colours} colours"])
    return rows


def bench_impose(cards: list[Path], out: Path) -> dict[str, tuple[float, int]]:
    from rushmore_print.writers.impose import impose

    results = {}
    pdf = out / "rushmore.pdf"
    results["rushmore impose"] = (median_time(lambda: impose(cards, pdf)), pdf.stat().st_size)
    try:
        import img2pdf
    except ImportError:
        img2pdf = None
    if img2pdf:
        target = out / "img2pdf.pdf"
        results["img2pdf"] = (
            median_time(lambda: target.write_bytes(img2pdf.convert([str(c) for c in cards]))),
            target.stat().st_size,
        )
    try:
        from mtg_print.sheet import SheetGenerator
        from reportlab.lib.pagesizes import A4
    except ImportError:
        SheetGenerator = None
    if SheetGenerator:
        target = out / "mtg.pdf"
        results["mtg-print"] = (
            median_time(lambda: SheetGenerator(A4, guides=True).generate(cards, target)),
            target.stat().st_size,
        )
    return results


def main() -> None:
    rows = [bench_export_png(), *bench_png_encoding(), *bench_mpc_pixels()]
    timings = {}
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        for count in (55, 256):
            cards = make_cards(folder, count)
            png_bytes = sum(c.stat().st_size for c in cards)
            results = bench_impose(cards, folder)
            timings[count] = results
            base = results.get("img2pdf", (None, None))[0]
            mtg = results.get("mtg-print", (None, None))[0]
            for name, (seconds, size) in results.items():
                vs_img2pdf = f"{seconds / base:.2f}" if base else "n/a"
                vs_mtg = f"{mtg / seconds:.1f}x faster" if mtg and name != "mtg-print" else "-"
                rows.append(
                    [
                        f"impose {count} cards: {name}",
                        f"{seconds:.3f} s",
                        vs_img2pdf,
                        vs_mtg,
                        f"PDF {size / 1e6:.1f} MB = {size / png_bytes:.3f} x PNG bytes",
                        "",
                    ]
                )
    ours = {count: timings[count]["rushmore impose"][0] for count in timings}
    growth = ours[256] / ours[55]
    rows.append(["impose time 256 / 55 cards", f"{growth:.2f}", "-", "-", f"linear would be {256 / 55:.2f}", ""])
    header = ["what", "time", "vs img2pdf", "vs mtg-print", "output", "note"]
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    print(
        f"rushmore-print export/impose benchmark, {os.cpu_count()} cores, "
        f"Python {sys.version.split()[0]}, median of {RUNS}"
    )
    for row in [header, ["-" * w for w in widths]] + rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip())


if __name__ == "__main__":
    main()
