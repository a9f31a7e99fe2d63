"""Benchmark how hard each rule-sheet page is to rasterise (a print shop's RIP does the same work);
prints a table, the code before side by side with the code now.

Each page of the rule sheet (A4) is rasterised with poppler's `pdftoppm -r 300`; the table gives
the median wall and CPU seconds of `--runs` runs, and the drawings the page asks for: XObject
invocations (`Do`: heads, flip markers) and path painting operators (`f`, `S`, `B`, ...). Target
(issue 19): at most about 300 drawings of heads a page; the eight-head sheet's set-up page used to
draw 2,106 and rasterise about 14 times slower than a normal page.

Run:  python bench/bench_rulesheet.py [--runs 5] [--before 95c1171] [--designs classic eight]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "95c1171"  # main before the rule sheet was reworked (issue 19, item 6)


def source_tree(ref: str | None, folder: Path) -> Path:
    """The package and its example designs at ``ref`` (git archive into ``folder``), or this
    working tree for None."""
    if ref is None:
        return ROOT
    folder.mkdir(parents=True)
    # its own designs (keys change): in designs/ at the top level, or for a while in the package
    top_level = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{ref}:designs"], capture_output=True)
    paths = ["rushmore_print", "designs"] if top_level.returncode == 0 else ["rushmore_print"]
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, *paths], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def build_sheet(tree: Path, design: str, out: Path) -> Path:
    env = dict(os.environ, PYTHONPATH=str(tree), RUSHMORE_WORKERS="1")
    examples = tree / "designs" if (tree / "designs").is_dir() else tree / "rushmore_print" / "data" / "designs"
    command = [sys.executable, "-m", "rushmore_print", "rulebook", str(examples / f"{design}.yaml")]
    # run from the tree: `python -m` puts the working folder first on the path
    subprocess.run(command + ["--paper", "a4", "-o", str(out)], check=True, env=env, capture_output=True, cwd=tree)
    return next(out.glob("*_rulebook_a4.pdf"))


PAINT = re.compile(rb"/(\S+)\s+Do\b|(?<=\s)(f\*?|S|s|B\*?|b\*?|F)(?=\s)")


def drawings(pdf: Path) -> list[tuple[int, int]]:
    """(XObject invocations, path paintings) per page, counted in the page's content streams and
    the forms they call (each call counted with everything the form draws)."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    return [_count(page.get_contents().get_data(), page.get("/Resources"), {}) for page in reader.pages]


def _count(content: bytes, resources, forms: dict) -> tuple[int, int]:
    does = paints = 0
    xobjects = resources.get("/XObject", {}) if resources else {}
    for token in PAINT.finditer(content):
        if not token.group(1):
            paints += 1
            continue
        name = "/" + token.group(1).decode()
        if name not in forms:
            form = xobjects[name].get_object()
            is_form = form.get("/Subtype") == "/Form"
            forms[name] = _count(form.get_data(), form.get("/Resources"), forms) if is_form else (0, 0)
        does += 1 + forms[name][0]
        paints += forms[name][1]
    return does, paints


def rasterise(pdf: Path, page: int, runs: int, scratch: Path) -> tuple[float, float]:
    """Median wall and CPU seconds of `pdftoppm -r 300` on one page."""
    walls, cpus = [], []
    for _ in range(runs):
        start = time.perf_counter()
        command = ["pdftoppm", "-r", "300", "-f", str(page), "-l", str(page), str(pdf), str(scratch)]
        process = subprocess.Popen(command)
        _, status, usage = os.wait4(process.pid, 0)
        walls.append(time.perf_counter() - start)
        cpus.append(usage.ru_utime + usage.ru_stime)
        if status:
            raise SystemExit(f"pdftoppm failed on {pdf}")
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", default=BEFORE, help="the git revision to compare with")
    parser.add_argument("--designs", nargs="+", default=["classic", "eight"])
    args = parser.parse_args()
    if shutil.which("pdftoppm") is None:
        raise SystemExit("pdftoppm (poppler-utils) is needed")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        for label, ref in ((f"before ({args.before})", args.before), ("now", None)):
            tree = source_tree(ref, base / (ref or "now"))
            for design in args.designs:
                out = base / f"{label[:6]}-{design}"
                out.mkdir()
                pdf = build_sheet(tree, design, out)
                for number, (does, paints) in enumerate(drawings(pdf), start=1):
                    wall, cpu = rasterise(pdf, number, args.runs, base / "page")
                    size = pdf.stat().st_size // 1024
                    rows.append([label, design, str(number), str(does), str(paints), f"{wall:.2f} s", f"{cpu:.2f} s",
                                 f"{size} KB"])  # fmt: skip
    header = ["code", "design", "page", "Do calls", "paths painted", "wall", "cpu", "PDF"]
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    print(f"rule sheet, A4, pdftoppm -r 300, median of {args.runs} runs, {os.cpu_count()} cores")
    for row in [header, ["-" * w for w in widths]] + rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())


if __name__ == "__main__":
    main()
