"""What the benchmarks that compare with an older revision share: the baseline checked out
beside this tree, and one ``rushmore build`` in a fresh process, measured by the operating system.

Both trees run from compiled bytecode, as an installed package does: a checkout run with
``PYTHONDONTWRITEBYTECODE`` would compile every module at every start and time the compiler.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN_CLI = (
    "import runpy, sys; sys.argv = ['rushmore', *sys.argv[1:]]; runpy.run_module('rushmore_print', run_name='__main__')"
)
INSTALLED = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


@dataclass(frozen=True)
class Run:
    """One build: wall and CPU seconds (user + system, forked workers included) and the peak
    resident memory of its largest process."""

    wall_s: float
    cpu_s: float
    peak_mb: float


def timed_build(code_root: Path, out: Path, design: Path | str | None = None, env: dict | None = None) -> Run:
    """One ``rushmore build -o OUT [DESIGN]`` of ``code_root``'s code in a fresh process."""
    return timed_cli(code_root, ["build", "-o", str(out)] + ([str(design)] if design else []), out.parent, env)


def timed_cli(code_root: Path, args: list[str], cwd: Path, env: dict | None = None) -> Run:
    """One ``rushmore ARGS`` of ``code_root``'s code in a fresh process, started in ``cwd``."""
    command = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(code_root)!r}); {RUN_CLI}", *args]
    return timed_process(command, cwd, env, what=f"rushmore {' '.join(args[:2])} in {code_root}")


def timed_process(command: list[str], cwd: Path, env: dict | None = None, what: str = "") -> Run:
    """One run of ``command``, measured by the operating system (``os.wait4``)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, env={**INSTALLED, **(env or {})}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{what or command[0]} failed: {errors.decode(errors='replace')[-2000:]}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def print_table(title: str, rows: list[list[str]]) -> None:
    """``title``, then ``rows`` in columns as wide as their widest cell, the first row a header
    underlined with dashes: every benchmark's table."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    print(title)
    for number, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if number == 0:
            print("  ".join("-" * width for width in widths))


@contextmanager
def checked_out(revision: str, folder: Path) -> Iterator[Path]:
    """``revision`` as a git worktree in ``folder/baseline``, both trees compiled; removed after."""
    path = folder / "baseline"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(path), revision],
        cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(path / "rushmore_print"), str(ROOT / "rushmore_print")],
            env=INSTALLED, check=True, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        yield path
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(path)],
            cwd=ROOT, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
