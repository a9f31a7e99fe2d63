"""Run the fuzzer (tests/fuzzing.py) through the real command, each case in its own process with a
time limit and a 1 GB memory limit.

Designs: ``validate``, then, when it passed, ``build`` and every export (``--exports``), and every
PDF written must pass ``qpdf --check`` and render in ``pdftoppm`` without a word on stderr. Other
inputs (images for ``impose``, manifests, game logs, special files) run their own command, and
any PDF they write is checked the same way.

A failure is: an exit other than 0 or 1 (2 only for a usage error), an "internal error", a hang,
a message without the input's file name (designs), a validate pass followed by any failing build
or export, or a PDF that qpdf or pdftoppm rejects. Prints one line per failure and a table.
``--svg`` more designs carry random SVG head art (``svg_cases``: editors' features and numbers).
Run: ``python bench/fuzz_designs.py [--count 520] [--svg 100] [--seed 12] [--exports hostile|all|none] [--jobs 2]``.
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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from fuzzing import SAME_PICTURE, Case, cases, materialise, svg_cases

from rushmore_print.deck.targets import EXPORTS

TIME_LIMIT_S = 60
MEMORY_LIMIT = 1 << 30


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


@dataclass
class Verdict:
    label: str
    tally: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    peak_kb: int = 0


def run(args: list[str], folder: Path, stdin: bytes = b"") -> tuple[int | str, float, str, int]:
    """(exit code or 'hang', seconds, stderr, peak memory in KB) of one command in its own process."""
    code, seconds, _, stderr, peak_kb = run_with_output(args, folder, stdin)
    return code, seconds, stderr, peak_kb


def run_with_output(args: list[str], folder: Path, stdin: bytes = b"") -> tuple[int | str, float, str, str, int]:
    """(exit code or 'hang', seconds, stdout, stderr, peak memory in KB) of one command in its own
    process (a verdict, such as validate's, is on standard output)."""
    started = time.perf_counter()
    timing = ["/usr/bin/time", "-f", "%M"] if Path("/usr/bin/time").exists() else []  # GNU time: peak memory
    command = [*timing, sys.executable, "-m", "rushmore_print", *args]
    try:
        done = subprocess.run(
            command, cwd=folder, capture_output=True, timeout=TIME_LIMIT_S, preexec_fn=_limits, input=stdin,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return "hang", time.perf_counter() - started, "", "", 0
    stderr = done.stderr.decode("utf-8", "replace").replace("Command exited with non-zero status", "")
    *text, peak = stderr.rstrip("\n").rsplit("\n", 1) if "\n" in stderr.rstrip("\n") else ("", stderr.strip())
    peak_kb = int(peak) if peak.strip().isdigit() else 0
    stdout = done.stdout.decode("utf-8", "replace")
    return done.returncode, time.perf_counter() - started, stdout, "".join(text), peak_kb


def pdf_problems(folder: Path) -> list[str]:
    """What qpdf and pdftoppm say of every PDF under ``folder`` (empty: all whole)."""
    found = []
    for pdf in sorted(folder.rglob("*.pdf")):
        if shutil.which("qpdf"):
            checked = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
            if checked.returncode != 0:
                found.append(f"{pdf.name}: qpdf --check exit {checked.returncode}: {checked.stdout[-160:]!r}")
        if shutil.which("pdftoppm"):
            shown = subprocess.run(
                ["pdftoppm", "-r", "8", "-gray", str(pdf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
            )
            if shown.returncode != 0 or shown.stderr.strip():
                found.append(f"{pdf.name}: pdftoppm: {shown.stderr.strip()[:160]!r}")
    return found


def page_grey(pdf: Path) -> float:
    """The mean grey (0-255) of the first page of ``pdf`` at 20 dpi."""
    shown = subprocess.run(["pdftoppm", "-r", "20", "-gray", "-f", "1", "-l", "1", str(pdf)], capture_output=True)
    pixels = shown.stdout.split(b"\n", 3)[3]  # P5, size, maxval, then the samples
    return sum(pixels) / max(1, len(pixels))


def printed_as_drawn(case: Case, folder: Path, reference: float | None) -> list[str]:
    """An image imposed must print like the reference picture (a dark half on light), not blank."""
    if reference is None or case.label.removeprefix("impose ") not in SAME_PICTURE or not shutil.which("pdftoppm"):
        return []
    found = []
    for pdf in sorted((folder / "out").glob("*a4_fronts.pdf")):
        grey = page_grey(pdf)
        if abs(grey - reference) > 3:
            found.append(f"{pdf.name}: page grey {grey:.1f}, the reference prints {reference:.1f}: not as drawn")
    return found


def judge(case: Case, root: Path, number: int, exports: str, reference: float | None = None) -> Verdict:
    verdict = Verdict(case.label)
    folder = root / f"c{number:03d}" / "inner"
    folder.mkdir(parents=True)
    materialise(case, folder)

    def step(args: list[str], stdin: bytes = b"") -> int | str:
        code, seconds, stderr, peak = run(args, folder, stdin)
        verdict.slowest = max(verdict.slowest, (seconds, f"{case.label} ({args[0]})"))
        verdict.peak_kb = max(verdict.peak_kb, peak)
        verdict.tally[f"{args[0]} exit {code}"] += 1
        usage = code == 2 and ("Usage:" in stderr or "Error: " in stderr)
        if code not in (0, 1) and not usage:
            verdict.failures.append(f"{case.label}: {' '.join(args)[:60]} exit {code} {stderr.strip()[-200:]}")
        elif "internal error" in stderr or "Traceback" in stderr:
            verdict.failures.append(f"{case.label}: {' '.join(args)[:60]}: {stderr.strip()[-200:]}")
        return code

    code = step(list(case.command), case.stdin)
    if not case.checks_a_design:
        verdict.failures += [f"{case.label}: {problem}" for problem in pdf_problems(folder)]
        if code == 0:
            verdict.failures += [f"{case.label}: {problem}" for problem in printed_as_drawn(case, folder, reference)]
        return verdict
    if code == 1:
        _, _, stderr, _ = run(list(case.command), folder)
        if "design.yaml" not in stderr:
            verdict.failures.append(f"{case.label}: the message does not name the file: {stderr.strip()[:160]}")
    if code != 0:
        return verdict
    commands = [["build", "design.yaml", "-o", "out/kit"]]
    if exports == "all" or (exports == "hostile" and not case.label.startswith("random")):
        for target in EXPORTS.values():
            dpi = ["--dpi", "72"] if "dpi" in target.honours else []
            commands.append(["export", target.name, "design.yaml", "-o", f"out/{target.name}", *dpi])
    for args in commands:
        if step(args) != 0:
            verdict.failures.append(f"{case.label}: validate passed, {' '.join(args[:2])} failed")
    verdict.failures += [f"{case.label}: {problem}" for problem in pdf_problems(folder / "out")]
    return verdict


def _reference(every: list[Case], root: Path) -> float | None:
    """The page grey of the reference card imposed (what every readable image must print as)."""
    if not shutil.which("pdftoppm"):
        return None
    case = next(case for case in every if case.label == "impose reference")
    folder = root / "reference"
    folder.mkdir()
    materialise(case, folder)
    code, _, stderr, _ = run(list(case.command), folder)
    assert code == 0, stderr
    return page_grey(next((folder / "out").glob("*a4_fronts.pdf")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=520)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--exports", choices=("hostile", "all", "none"), default="hostile")
    parser.add_argument("--svg", type=int, default=100, help="designs with random SVG art (svg_cases), besides --count")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="run only the cases whose label holds this text")
    options = parser.parse_args()
    every = cases(options.seed, options.count) + svg_cases(options.seed, options.svg)
    chosen = [case for case in every if options.only in case.label]
    tally: Counter = Counter()
    failures: list[str] = []
    failing = 0
    slowest, peak = (0.0, ""), (0, "")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as root, ThreadPoolExecutor(options.jobs) as pool:
        reference = _reference(every, Path(root))
        jobs = [pool.submit(judge, case, Path(root), n, options.exports, reference) for n, case in enumerate(chosen)]
        for job in jobs:
            verdict = job.result()
            if verdict.failures:  # the first problem of each case, and how many more
                more = f" (and {len(verdict.failures) - 1} more)" if len(verdict.failures) > 1 else ""
                print("FAIL", verdict.failures[0][:300] + more, flush=True)
            tally.update(verdict.tally)
            failures += verdict.failures
            failing += bool(verdict.failures)
            slowest = max(slowest, verdict.slowest)
            peak = max(peak, (verdict.peak_kb, verdict.label))
    print()
    print(f"{'cases':<28} {len(chosen)} (seed {options.seed})")
    for key in sorted(tally):
        print(f"{key:<28} {tally[key]}")
    print(f"{'cases failing':<28} {failing}")
    print(f"{'failures':<28} {len(failures)}")
    print(f"{'slowest run':<28} {slowest[0]:.2f} s ({slowest[1]})")
    print(f"{'most memory':<28} {peak[0] / 1024:.0f} MB ({peak[1]})")
    print(f"{'whole run':<28} {time.perf_counter() - started:.0f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
