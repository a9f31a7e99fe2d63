"""Writing outputs atomically: a temporary file in the same folder, then a rename.

A failed or interrupted build never leaves a half-written file, and never removes an older good one.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from .errors import BuildError
from .inputs import shown_path


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


class StagedFolder:
    """Files made one by one into a hidden folder inside ``out_dir``, moved into ``out_dir``
    only once every one is written (:meth:`commit`): a build that fails or is interrupted
    half way leaves the previous files as they were, and never holds more than one file's
    bytes. Use it as a context manager; leaving it without a commit removes what was staged.

    >>> import tempfile
    >>> out = Path(tempfile.mkdtemp())
    >>> with StagedFolder(out) as stage:
    ...     stage.write("a.txt", b"new")
    ...     sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
    ...     moved = stage.commit()
    []
    >>> [p.name for p in moved], (out / "a.txt").read_bytes(), [p.name for p in out.iterdir()]
    (['a.txt'], b'new', ['a.txt'])
    """

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self._names: list[str] = []
        self._folder: Path | None = None

    def __enter__(self) -> StagedFolder:
        return self

    def __exit__(self, *_exc_info: object) -> None:
        self.discard()

    def path(self, name: str) -> Path:
        """Where the file ``name`` is staged: a caller that writes it there itself says so
        with :meth:`staged`. An ``OSError`` when the staging folder cannot be made.

        >>> import tempfile
        >>> scratch = tempfile.TemporaryDirectory()
        >>> with StagedFolder(Path(scratch.name)) as stage:
        ...     staged = stage.path("cards.pdf")
        ...     staged.parent.name.startswith(STAGE_PREFIX), staged.parent.parent == Path(scratch.name)
        (True, True)
        >>> scratch.cleanup()
        """
        if self._folder is None:
            _remove_stale_stages(self.out_dir)
            # The process id in the name tells a live build's folder from one a killed run left.
            self._folder = Path(tempfile.mkdtemp(prefix=f"{STAGE_PREFIX}{os.getpid()}-", dir=self.out_dir))
        return self._folder / name

    def write(self, name: str, data: bytes) -> None:
        """Stage ``data`` as ``name``.

        >>> import tempfile
        >>> scratch = tempfile.TemporaryDirectory()
        >>> with StagedFolder(Path(scratch.name)) as stage:
        ...     stage.write("notes.txt", b"print at 100 %")
        ...     [path.name for path in stage.commit()]
        ['notes.txt']
        >>> scratch.cleanup()
        """
        with self.create(name) as handle:
            handle.write(data)

    @contextlib.contextmanager
    def create(self, name: str) -> Iterator[BinaryIO]:
        """A new file ``name`` to write into, staged when the block ends (synced to disk as
        :func:`atomic_write` does); a failure to write it is a ``BuildError`` that names it.

        >>> import tempfile
        >>> scratch = tempfile.TemporaryDirectory()
        >>> with StagedFolder(Path(scratch.name)) as stage:
        ...     with stage.create("cards.pdf") as handle:
        ...         _ = handle.write(b"%PDF-1.4")
        ...     _ = stage.commit()
        >>> (Path(scratch.name) / "cards.pdf").read_bytes()
        b'%PDF-1.4'
        >>> scratch.cleanup()
        """
        try:
            _remove_stale_parts(self.out_dir / name)  # atomic_write's or an older release's, from a killed run
            with open(self.path(name), "wb") as handle:
                yield handle
                finish_file(handle)
        except OSError as exc:
            raise BuildError(_write_failure(self.out_dir / name, exc)) from None
        self.staged(name)

    def staged(self, name: str) -> None:
        """Count ``name``, written into :meth:`path` by the caller, as staged.

        >>> import tempfile
        >>> scratch = tempfile.TemporaryDirectory()
        >>> with StagedFolder(Path(scratch.name)) as stage:
        ...     _ = stage.path("key.pdf").write_bytes(b"%PDF-1.4")  # written by another writer
        ...     stage.staged("key.pdf")
        ...     [path.name for path in stage.commit()]
        ['key.pdf']
        >>> scratch.cleanup()
        """
        self._names.append(name)

    def commit(self) -> list[Path]:
        """Move every staged file into ``out_dir`` (one rename each), in the order staged.

        >>> import tempfile
        >>> scratch = tempfile.TemporaryDirectory()
        >>> out = Path(scratch.name)
        >>> _ = (out / "cards.pdf").write_bytes(b"old")
        >>> with StagedFolder(out) as stage:
        ...     stage.write("cards.pdf", b"new")
        ...     before = (out / "cards.pdf").read_bytes()
        ...     before, stage.commit() == [out / "cards.pdf"], (out / "cards.pdf").read_bytes()
        (b'old', True, b'new')
        >>> scratch.cleanup()
        """
        moved = []
        for name in self._names:
            target = self.out_dir / name
            try:
                os.replace(self.path(name), target)
            except OSError as exc:
                raise BuildError(_write_failure(target, exc)) from None
            moved.append(target)
        self._names = []
        self.discard()
        return moved

    def discard(self) -> None:
        """Remove the staging folder and whatever is still in it.

        >>> import tempfile
        >>> scratch = tempfile.TemporaryDirectory()
        >>> out = Path(scratch.name)
        >>> stage = StagedFolder(out)
        >>> stage.write("cards.pdf", b"half a build")
        >>> stage.discard()
        >>> list(out.iterdir())
        []
        >>> scratch.cleanup()
        """
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None


STAGE_PREFIX = ".rushmore-staged-"


def finish_file(handle: BinaryIO) -> None:
    """Flush an output file and, when writes are :func:`durable`, sync it to disk.

    >>> import tempfile
    >>> with tempfile.TemporaryFile() as handle:
    ...     _ = handle.write(b"%PDF-1.4")
    ...     finish_file(handle)
    ...     handle.tell()
    8
    """
    handle.flush()
    if durable():
        os.fsync(handle.fileno())


def _remove_stale_stages(out_dir: Path) -> None:
    """Remove staging folders whose build is no longer running (a killed run's)."""
    for stale in out_dir.glob(f"{glob.escape(STAGE_PREFIX)}*"):
        if stale.is_dir() and not _writer_alive(stale.name[len(STAGE_PREFIX) :]):
            shutil.rmtree(stale, ignore_errors=True)


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename; an ``OSError`` becomes a
    ``BuildError`` that says what happened, and the previous ``path`` is left as it was.

    Temporary files a killed run left behind for this same file are removed first.

    >>> import tempfile
    >>> scratch = tempfile.TemporaryDirectory()
    >>> target = Path(scratch.name) / "kit" / "notes.txt"
    >>> atomic_write(target, b"cut on the crop marks")
    >>> target.read_bytes(), [path.name for path in target.parent.iterdir()]
    (b'cut on the crop marks', ['notes.txt'])
    >>> scratch.cleanup()
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_parts(path)
        # The writer's process id is in the name, so another run writing the same file at the
        # same time can tell a live temporary file from one a killed run left behind.
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}-", suffix=".part", dir=path.parent)
    except OSError as exc:
        raise BuildError(_write_failure(path, exc)) from None
    try:
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are ordinary files
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            finish_file(handle)
        os.replace(temporary, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise BuildError(_write_failure(path, exc)) from None
        raise


def durable() -> bool:
    """Whether writes are synced to disk before they count as done: always, unless the test
    suite (which writes thousands of throw-away files) sets ``RUSHMORE_FSYNC=0``.

    >>> import os
    >>> durable() == (os.environ.get("RUSHMORE_FSYNC") != "0")
    True
    """
    return os.environ.get("RUSHMORE_FSYNC") != "0"


def _remove_stale_parts(path: Path) -> None:
    """Remove the temporary files of ``path`` whose writer is no longer running (a killed run's);
    a run writing the same file right now keeps its own."""
    for stale in path.parent.glob(f".{glob.escape(path.name)}.*.part"):
        if _writer_alive(stale.name[len(path.name) + 2 :]):
            continue
        with contextlib.suppress(OSError):
            stale.unlink()


def _writer_alive(tail: str) -> bool:
    """Whether the process named at the start of a temporary file's tail (``PID-xxxx.part``) runs.

    >>> _writer_alive(f"{os.getpid()}-abc.part")
    True
    >>> _writer_alive("abc.part")  # an older release's name: no writer recorded, so stale
    False
    """
    pid, dash, _ = tail.partition("-")
    if not dash or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True  # a process we may not signal is still a process; an odd number: leave it
    return True


def _write_failure(path: Path, exc: OSError) -> str:
    """A sentence for a failed write."""
    if exc.errno == errno.ENAMETOOLONG:  # before any other look at the path, which fails the same way
        return f"{shown_path(path)}: the file name or path is too long for this file system; choose a shorter one"
    try:
        before = "the previous file is intact" if path.is_file() else "nothing was written there"
    except OSError:
        before = "nothing was written there"
    if exc.errno == errno.ENOSPC:
        return f"no space left on device writing {path}; {before}"
    if exc.errno == errno.EDQUOT:
        return f"disk quota exceeded writing {path}; {before}"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"{path}: not allowed to write in {path.parent} ({exc.strerror}); {before}"
    if exc.errno in (errno.ENOTDIR, errno.EEXIST) and not path.parent.is_dir():
        return f"{path}: {_first_file_on_the_way(path.parent)} is a file, not a folder"
    return f"{path}: cannot write it ({exc.strerror or exc}); {before}"


def _first_file_on_the_way(folder: Path) -> Path:
    for parent in reversed([folder, *folder.parents]):
        if parent.exists() and not parent.is_dir():
            return parent
    return folder


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def ensure_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) if it is not there; a ``BuildError`` that says why when it
    cannot be made or written into.

    >>> import tempfile
    >>> scratch = tempfile.TemporaryDirectory()
    >>> ensure_folder(Path(scratch.name) / "output" / "classic")
    >>> (Path(scratch.name) / "output" / "classic").is_dir()
    True
    >>> _ = (Path(scratch.name) / "taken").write_text("a file")
    >>> ensure_folder(Path(scratch.name) / "taken" / "kit")
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: .../taken/kit: .../taken is a file, not a folder
    >>> scratch.cleanup()
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise BuildError(f"{shown_path(folder)}: the path is too long for this file system") from None
        if exc.errno in (errno.ENOTDIR, errno.EEXIST):
            raise BuildError(f"{folder}: {_first_file_on_the_way(folder)} is a file, not a folder") from None
        raise BuildError(f"{shown_path(folder)}: cannot create the output folder ({exc.strerror})") from None
    if not os.access(folder, os.W_OK):
        raise BuildError(f"{folder}: the output folder is not writable")


def die_with_parent() -> None:
    """In a worker process: end when the parent does, even when it is killed with ``kill -9``
    (a worker left behind would go on using a core and memory for nothing)."""
    import ctypes  # here: only worker processes need these
    import signal
    import threading
    import time

    parent = os.getppid()
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL) == 0:
                if os.getppid() != parent:  # the parent died before prctl took effect
                    os._exit(1)
                return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


PR_SET_PDEATHSIG = 1


__all__ = [
    "StagedFolder",
    "Written",
    "atomic_write",
    "die_with_parent",
    "durable",
    "ensure_folder",
    "finish_file",
    "worker_count",
]
