"""Run the manifest and game-log fuzzer (tests/fuzzing_records.py) through the real command, each
case in its own process with a time limit and a 1 GB memory limit: ``validate --manifest`` for a
manifest, ``play --resume`` (then ``quit``) for a log.

A failure is an exit other than 0 or 1, a hang, an exit 1 whose message does not name the file,
a raw control character on the terminal, a file's contents shown, or a log that resumes to a game
its log never reached. Prints one line per failure and a table.
Run: ``python bench/fuzz_records.py [--count 520] [--seed 12]``.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from fuzzing_records import FILE_NAME, cases, command, problems, state_problem

TIME_LIMIT_S = 20
MEMORY_LIMIT = 1 << 30


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(args: list[str], stdin: str, folder: Path) -> tuple[int | str, float, str, str]:
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "rushmore_print", *args],
            cwd=folder, capture_output=True, timeout=TIME_LIMIT_S, preexec_fn=_limits, input=stdin.encode(),
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return "hang", time.perf_counter() - started, "", ""
    decode = lambda data: data.decode("utf-8", "replace")  # noqa: E731
    return done.returncode, time.perf_counter() - started, decode(done.stdout), decode(done.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=520)
    parser.add_argument("--seed", type=int, default=12)
    options = parser.parse_args()
    tally: Counter = Counter()
    failures = []
    slowest = (0.0, "")
    every = cases(options.seed, options.count)
    with tempfile.TemporaryDirectory() as root:
        for number, case in enumerate(every):
            folder = Path(root) / f"c{number:03d}"
            folder.mkdir()
            (folder / FILE_NAME[case.kind]).write_bytes(case.data)
            for name, data in case.files.items():
                (folder / name).write_bytes(data)
            args, stdin = command(case)
            code, seconds, stdout, stderr = run(args, stdin, folder)
            slowest = max(slowest, (seconds, case.label))
            tally[f"{case.kind} exit {code}"] += 1
            found = [f"{code}"] if code == "hang" else problems(case, int(code), stdout, stderr)
            if not found and case.kind == "log" and case.strict and code == 0:
                found = [p for p in [state_problem(case, case.data)] if p]
            failures += [f"{case.label}: {problem}" for problem in found]
    for failure in failures:
        print("FAIL", failure)
    print()
    print(f"{'cases':<28} {len(every)}")
    for key in sorted(tally):
        print(f"{key:<28} {tally[key]}")
    print(f"{'failures':<28} {len(failures)}")
    print(f"{'slowest run':<28} {slowest[0]:.2f} s ({slowest[1]})")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
