"""Run the design fuzzer (tests/fuzzing.py) through the real command, each design in its own
process with a time limit and a 1 GB memory limit: ``validate``, then ``build`` when it passed.

``--svg`` more designs carry random SVG head art (``svg_cases``: editors' features and numbers
from the edges). A failure is any exit other than 0 or 1, a hang, a validate pass followed by a
build failure, a built PDF that ``qpdf --check`` rejects or pdftoppm complains of, or a message
without the design's file name. Prints one line per failure and a table.
Run: ``python bench/fuzz_designs.py [--count 320] [--seed 12] [--svg 200]``.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from fuzzing import cases, svg_cases

TIME_LIMIT_S = 20
MEMORY_LIMIT = 1 << 30


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(args: list[str], folder: Path) -> tuple[int | str, float, str]:
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "rushmore_print", *args],
            cwd=folder, capture_output=True, text=True, timeout=TIME_LIMIT_S, preexec_fn=_limits,
            stdin=subprocess.DEVNULL,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return "hang", time.perf_counter() - started, ""
    return done.returncode, time.perf_counter() - started, done.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=320)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--svg", type=int, default=200, help="designs with random SVG art, besides --count")
    options = parser.parse_args()
    qpdf = shutil.which("qpdf")
    tally: Counter = Counter()
    failures = []
    slowest = (0.0, "")
    with tempfile.TemporaryDirectory() as root:
        for number, case in enumerate(cases(options.seed, options.count) + svg_cases(options.seed, options.svg)):
            folder = Path(root) / f"d{number:03d}" / "inner"
            folder.mkdir(parents=True)
            (folder / "design.yaml").write_bytes(case.design)
            for name, data in case.files.items():
                (folder / name).write_bytes(data)
            code, seconds, stderr = run(["validate", "design.yaml"], folder)
            slowest = max(slowest, (seconds, case.label))
            tally[f"validate exit {code}"] += 1
            if code not in (0, 1):
                failures.append(f"{case.label}: validate exit {code} {stderr.strip()[:160]}")
            elif code == 1 and "design.yaml" not in stderr:
                failures.append(f"{case.label}: the message does not name the file: {stderr.strip()[:160]}")
            if code != 0:
                continue
            code, seconds, stderr = run(["build", "design.yaml", "-o", "out"], folder)
            slowest = max(slowest, (seconds, f"{case.label} (build)"))
            tally[f"build exit {code}"] += 1
            if code != 0:
                failures.append(f"{case.label}: validate passed, build exit {code}: {stderr.strip()[:200]}")
            for pdf in sorted((folder / "out").glob("*.pdf")) if qpdf and code == 0 else []:
                checked = subprocess.run([qpdf, "--check", str(pdf)], capture_output=True, text=True)
                tally[f"qpdf --check exit {checked.returncode}"] += 1
                if checked.returncode != 0:
                    failures.append(f"{case.label}: {pdf.name} fails qpdf --check: {checked.stdout.strip()[-160:]}")
                drawn = subprocess.run(["pdftoppm", "-r", "10", "-f", "1", "-l", "2", str(pdf)], capture_output=True)
                if drawn.returncode != 0 or drawn.stderr:
                    failures.append(f"{case.label}: pdftoppm on {pdf.name}: {drawn.stderr.decode()[:160]}")
    for failure in failures:
        print("FAIL", failure)
    print()
    print(f"{'designs':<28} {options.count} + {options.svg} with SVG art")
    for key in sorted(tally):
        print(f"{key:<28} {tally[key]}")
    print(f"{'failures':<28} {len(failures)}")
    print(f"{'slowest run':<28} {slowest[0]:.2f} s ({slowest[1]})")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
