"""Run the image fuzzer (tests/fuzz_images.py) through the real commands, each run in its own
process with a time limit and a 1 GB memory limit. Each image is tried

- as an ``impose`` card, with ``--card poker --fit`` (its data passes into the PDF or is
  re-encoded) and with nothing said (the card size read from its pixels and resolution);
- as head art: ``validate``, then, when it passed, ``build`` (A4 fronts; every other case in
  CMYK) and, for every fifth, ``export png``.

A failure is any exit other than 0 or 1, a hang, a refusal that does not name the file, a validate
pass followed by a build or export failure, or a PDF written with exit 0 that ``qpdf --check``
or ``pdftoppm`` complains of. Prints one line per failure and a table.
Run: ``python bench/fuzz_images.py [--count 500] [--seed 20]``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from fuzz_designs import run

from tests.fuzz_images import cases
from tests.imagebytes import pdf_problems

DESIGN = """name: Fuzz
heads: [{{name: Ada, art: {art}}}, Bea]
directions: [left, right]
search: {{seed: 1, red_counts: {{0: 4, 1: 4}}}}
print: {{card: square}}
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", type=int, default=20)
    options = parser.parse_args()
    tally: Counter = Counter()
    failures: list[str] = []
    slowest = (0.0, "")
    heaviest = (0, "")
    started = time.perf_counter()

    def judge(label: str, step: str, args: list[str], folder: Path, name: str, out: Path | None) -> int | str:
        nonlocal slowest, heaviest
        code, seconds, stderr, peak_kb = run(args, folder)
        slowest = max(slowest, (seconds, f"{label} ({step})"))
        heaviest = max(heaviest, (peak_kb, f"{label} ({step})"))
        tally[f"{step} exit {code}"] += 1
        if code not in (0, 1):
            failures.append(f"{label}: {step} exit {code} {stderr.strip()[-200:]}")
        elif code == 1 and name not in stderr:
            failures.append(f"{label}: {step}: the message does not name {name}: {stderr.strip()[:160]}")
        elif code == 0 and out is not None:
            for pdf in sorted(out.glob("*.pdf")):
                problems = pdf_problems(pdf, dpi=10)
                tally["PDFs checked"] += 1
                if problems:
                    failures.append(f"{label}: {step} wrote {pdf.name}, which {'; '.join(problems)[:200]}")
        return code

    with tempfile.TemporaryDirectory() as root:
        for number, case in enumerate(cases(options.seed, options.count)):
            label = f"#{number} {case.label}"
            folder = Path(root) / f"c{number:03d}"
            folder.mkdir()
            (folder / case.name).write_bytes(case.data)
            fit = ["impose", case.name, "--card", "poker", "--fit", "--paper", "a4", "-o", "fit"]
            judge(label, "impose --fit", fit, folder, case.name, folder / "fit")
            judge(
                label,
                "impose",
                ["impose", case.name, "--paper", "a4", "-o", "sized"],
                folder,
                case.name,
                folder / "sized",
            )
            (folder / "design.yaml").write_text(DESIGN.format(art=case.name))
            if judge(label, "validate", ["validate", "design.yaml"], folder, "design.yaml", None) != 0:
                continue
            build = ["build", "design.yaml", "--paper", "a4", "--layout", "fronts", "-o", "kit"]
            judge(label, "build", build + (["--cmyk"] if number % 2 else []), folder, "design.yaml", folder / "kit")
            if number % 5 == 0:
                judge(label, "export png", ["export", "png", "design.yaml", "--dpi", "72", "-o", "png"], folder,
                      "design.yaml", None)  # fmt: skip
    for failure in failures:
        print("FAIL", failure)
    print()
    print(f"{'images':<28} {options.count} (seed {options.seed})")
    for key in sorted(tally):
        print(f"{key:<28} {tally[key]}")
    print(f"{'failures':<28} {len(failures)}")
    print(f"{'slowest run':<28} {slowest[0]:.2f} s ({slowest[1]})")
    print(f"{'most memory':<28} {heaviest[0] / 1024:.0f} MB ({heaviest[1]})")
    print(f"{'wall time':<28} {time.perf_counter() - started:.0f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
