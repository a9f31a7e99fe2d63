"""CPU seconds of ``validate --manifest`` on the largest manifests, this code beside an older one.

Each manifest is judged in a fresh process (``validate_manifest``, the work behind ``rushmore
validate --manifest``), timed by that process's own CPU clock; the median of ``--runs`` is shown.
``--before REV`` also times the code of a git revision (exported to a temporary folder), with a
time limit per run, so the old quadratic check shows as "> limit" instead of running for an hour.

Run: ``python bench/bench_manifest.py [--before REV] [--runs 3] [--limit 120]``.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.manifest import to_manifest
from rushmore_print.design import parse_design

CHILD = """
import sys, time
sys.path.insert(0, sys.argv[1])
from rushmore_print.errors import SpecError
from rushmore_print.deck.manifest import validate_manifest
started = time.process_time()
try:
    report = validate_manifest(sys.argv[2])
    verdict = f"{len(report.errors)} errors"
except SpecError as exc:
    verdict = "refused: " + str(exc).split(": ", 2)[-1][:40]
print(time.process_time() - started, verdict)
"""


def every_card(heads: int) -> dict:
    """The manifest of a deck of ``heads`` heads with every Search card there is (4^heads)."""
    counts = {k: 2**heads * math.comb(heads, k) for k in range(heads + 1)}
    text = json.dumps(
        {
            "name": f"Every card, {heads} heads",
            "heads": [f"Head{i}" for i in range(heads)],
            "directions": ["left", "right"],
            "search": {"seed": 1, "red_counts": counts},
        }
    )
    design = parse_design(text, "bench.yaml", base_dir=None)
    return to_manifest(generate_deck(design), design.name)


def cases() -> list[tuple[str, dict]]:
    eight = every_card(8)
    same_faces = copy.deepcopy(eight)  # every Monument shows one combination: the worst for an index
    for monument in same_faces["monuments"]:
        monument["faces"] = list(same_faces["monuments"][0]["faces"])
    too_many = copy.deepcopy(eight)
    too_many["monuments"] += [dict(m, id=f"X{m['id']}") for m in eight["monuments"]]
    four = every_card(4)
    wide = copy.deepcopy(four)  # the 2.5 MB manifest: Monuments and Search cards in their thousands
    wide["monuments"] = [dict(four["monuments"][i % 16], id=f"M{i}") for i in range(6000)]
    wide["search"] = [dict(four["search"][i % 256], id=f"S{i}") for i in range(12000)]
    return [
        ("4 heads, every card (272)", four),
        ("6 heads, every card (4,160)", every_card(6)),
        ("8 heads, every card (65,792)", eight),
        ("8 heads, 256 Monuments alike", same_faces),
        ("8 heads, 512 Monuments", too_many),
        ("4 heads, 6,000 x 12,000", wide),
    ]


def timed(code: Path, manifest: Path, limit: float) -> tuple[float | None, str]:
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(code), str(manifest)],
            capture_output=True, text=True, timeout=limit, check=True,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return None, "hang"
    seconds, verdict = done.stdout.split(" ", 1)
    return float(seconds), verdict.strip()


def export(revision: str, folder: Path) -> Path:
    folder.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "rushmore_print"], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="a git revision to time beside this code")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=float, default=120.0, help="seconds a run of the older code may take")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        codes = [("now", ROOT)]
        if args.before:
            codes.insert(0, (args.before[:10], export(args.before, folder / "before")))
        header = f"{'manifest':<30} {'MB':>5} " + " ".join(f"{name + ' s CPU':>14}" for name, _ in codes)
        print(header + "  verdict now")
        print("-" * (len(header) + 24))
        for label, data in cases():
            path = folder / "manifest.json"
            path.write_text(json.dumps(data))
            cells, verdict = [], ""
            for name, code in codes:
                runs = 1 if name != "now" else args.runs
                times = []
                for _ in range(runs):
                    seconds, verdict = timed(code, path, args.limit if name != "now" else 600.0)
                    if seconds is None:
                        break
                    times.append(seconds)
                cells.append(f"{statistics.median(times):>14.2f}" if times else f"{'> ' + str(int(args.limit)):>14}")
            print(f"{label:<30} {path.stat().st_size / 1e6:>5.1f} " + " ".join(cells) + f"  {verdict}")


if __name__ == "__main__":
    main()
