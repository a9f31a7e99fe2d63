"""Writing outputs atomically: a temporary file in the same folder, then a rename.

A failed or interrupted build never leaves a half-written file, and never removes an older good one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .errors import BuildError


def worker_count(tasks: int, most: int = 4) -> int:
    """How many processes to spread ``tasks`` over: one a core, at most ``most``; the environment
    variable ``RUSHMORE_WORKERS`` overrides it (the test suite, already one process a core, sets 1).

    >>> worker_count(1)
    1
    """
    wanted = os.environ.get("RUSHMORE_WORKERS", "")
    cores = int(wanted) if wanted.isdigit() and int(wanted) > 0 else (os.cpu_count() or 1)
    return max(1, min(cores, tasks, most))


@dataclass(frozen=True)
class Written:
    """A file a command wrote: where, how many pages, how many bytes, and what it is for."""

    path: Path
    pages: int
    size: int
    what: str


def atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are ordinary files
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def ensure_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BuildError(f"{folder}: cannot create the output folder ({exc.strerror})") from None
    if not os.access(folder, os.W_OK):
        raise BuildError(f"{folder}: the output folder is not writable")
