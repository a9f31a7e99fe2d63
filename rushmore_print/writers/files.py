"""Writing outputs atomically: a temporary file in the same folder, then a rename.

A failed or interrupted build never leaves a half-written file, and never removes an older good one.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import glob
import os
import pickle
import selectors
import shutil
import signal
import stat
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import BinaryIO, NoReturn, TypeVar

from ..errors import BuildError, OptionsError, RushmoreError
from ..frozen import frozen_dataclass
from ..readers.inputs import shown_path, special_file

Inputs = Mapping[Path, str]
"""The files a command reads, each with what it is (``the design``, ``heads.2.art``): what its
writers must never write over (:func:`refuse_inputs`)."""


def refuse_inputs(targets: Iterable[Path], inputs: Inputs | None) -> None:
    """Refuse to write over a file the command reads (issue 32.6: ``cards design.yaml --format
    csv -o design.yaml`` replaced the design with the manifest). A target is an input when it is
    the same file (its device and inode): through another spelling of its path, a link, or the
    case-insensitive name macOS and Windows give it. An :class:`OptionsError` (the output asked
    for is wrong, not the input), raised before anything is written.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "design.yaml").write_text("name: x")
    >>> refuse_inputs([folder / "deck.csv"], {folder / "design.yaml": "the design"})
    >>> refuse_inputs([folder / "." / "design.yaml"], {folder / "design.yaml": "the design"})
    Traceback (most recent call last):
    rushmore_print.errors.OptionsError: .../design.yaml is the design this command reads; write the output to \
another file (nothing was written)
    """
    if not inputs:
        return
    read: dict[tuple[int, int], tuple[Path, str]] = {}
    for path, what in inputs.items():
        with contextlib.suppress(OSError):  # an input that is gone cannot be written over
            found = os.stat(path)
            read.setdefault((found.st_dev, found.st_ino), (path, what))
    for target in targets:
        try:
            found = os.stat(target)
        except OSError:
            continue  # nothing there yet: no input
        if (found.st_dev, found.st_ino) in read:
            path, what = read[(found.st_dev, found.st_ino)]
            same = "" if os.path.abspath(path) == os.path.abspath(target) else f" ({shown_path(path)})"
            raise OptionsError(f"{shown_path(target)} is {what}{same} this command reads; write the output to "
                               "another file (nothing was written)")  # fmt: skip


def worker_count(tasks: int, most: int = 4) -> int:
    """How many processes to spread ``tasks`` over: one a core this process may run on, at most
    ``most``; the environment variable ``RUSHMORE_WORKERS`` overrides it (the test suite, already
    one process a core, sets 1).

    >>> worker_count(1)
    1
    """
    wanted = os.environ.get("RUSHMORE_WORKERS", "")
    cores = int(wanted) if wanted.isdigit() and int(wanted) > 0 else usable_cores()
    return max(1, min(cores, tasks, most))


def usable_cores() -> int:
    """The cores this process may run on: those of its CPU affinity (``taskset``, a container's
    CPU set) where the system says, else every core.

    >>> usable_cores() >= 1
    True
    """
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether work may go to forked processes: where ``os.fork`` exists, except on macOS, whose
    system libraries may crash in a forked child (CPython's own ``multiprocessing`` stopped
    forking there by default for that reason), and while no other thread runs (a lock another
    thread held at the fork, in a program using this library, would stay held in the child). A
    decoding thread libjpeg's fatal error parked holds no lock and never runs again: it is no bar.

    >>> can_fork() == (hasattr(os, "fork") and sys.platform != "darwin")
    True
    """
    import threading  # loaded already by anything that starts a thread

    from ..readers.libjpeg import PARKED_THREAD

    others = [thread for thread in threading.enumerate() if thread is not threading.current_thread()]
    alone = all(thread.name == PARKED_THREAD for thread in others)
    return hasattr(os, "fork") and sys.platform != "darwin" and alone


@frozen_dataclass
class Written:
    """A file a command wrote: where, how many pages, how many bytes, and what it is for.

    >>> import tempfile
    >>> from rushmore_print import write_calibration
    >>> scratch = tempfile.TemporaryDirectory()
    >>> written = write_calibration(Path(scratch.name), papers=("a4",))[0]
    >>> written.path.name, written.pages, written.size == written.path.stat().st_size
    ('calibration_a4_long.pdf', 2, True)
    >>> written.what
    'duplex calibration sheet, A4, print on both sides (long-edge flip)'
    >>> scratch.cleanup()
    """

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

    def __init__(self, out_dir: Path, inputs: Inputs | None = None) -> None:
        self.out_dir = out_dir
        self.inputs = inputs  # what the files must not replace (:func:`refuse_inputs`)
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
        refuse_inputs([self.out_dir / name], self.inputs)  # before the work of writing it
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

    def staged_in_order(self, names: Sequence[str]) -> None:
        """Count ``names``, in this order, as the staged files: those written into :meth:`path`
        by this process and by forked workers (whose own counts this process never sees).

        >>> import tempfile
        >>> with StagedFolder(Path(tempfile.mkdtemp())) as stage:
        ...     for name in ("b.txt", "a.txt"):
        ...         _ = stage.path(name).write_bytes(b"made elsewhere")
        ...     stage.staged_in_order(["a.txt", "b.txt"])
        ...     [path.name for path in stage.commit()]
        ['a.txt', 'b.txt']
        """
        self._names = list(names)

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
        refuse_inputs([self.out_dir / name for name in self._names], self.inputs)  # workers' files too
        in_the_way = next((self.out_dir / n for n in self._names if (self.out_dir / n).is_dir()), None)
        if in_the_way is not None:  # found before any rename: the previous files all stay
            raise BuildError(f"{in_the_way}: a folder has this file's name; nothing was written (move the folder away)")
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


def atomic_write(path: Path, data: bytes, inputs: Inputs | None = None, private: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename; an ``OSError`` becomes a
    ``BuildError`` that says what happened, and the previous ``path`` is left as it was. ``path``
    may not be one of ``inputs``, the files the command read (:func:`refuse_inputs`).
    ``private``: only its owner may read it (a file holding a key), not an ordinary output.

    Temporary files a killed run left behind for this same file are removed first.

    >>> import tempfile
    >>> scratch = tempfile.TemporaryDirectory()
    >>> target = Path(scratch.name) / "kit" / "notes.txt"
    >>> atomic_write(target, b"cut on the crop marks")
    >>> target.read_bytes(), [path.name for path in target.parent.iterdir()]
    (b'cut on the crop marks', ['notes.txt'])
    >>> atomic_write(target.parent, b"a folder in the way")
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: .../kit: a folder has this file's name; nothing was written (move the folder away)
    >>> scratch.cleanup()
    """
    refuse_inputs([path], inputs)
    refuse_special(path)
    try:
        if path.is_dir():  # in the try: a name too long for the system fails here first
            raise BuildError(f"{path}: a folder has this file's name; nothing was written (move the folder away)")
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_parts(path)
        # The writer's process id is in the name, so another run writing the same file at the
        # same time can tell a live temporary file from one a killed run left behind.
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}-", suffix=".part", dir=path.parent)
    except OSError as exc:
        raise BuildError(_write_failure(path, exc)) from None
    try:
        if not private:
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


def refuse_special(path: Path) -> None:
    """Refuse to write to ``path`` when it leads to a device, a named pipe or a socket: a file is
    written beside its target and renamed over it, which would put a regular file in the place of
    ``/dev/null`` or of a link such as ``/dev/stdout`` (run as root, for everyone). A ``BuildError``
    raised before anything is written; a folder in the way is left to the rename, which names it.

    >>> refuse_special(Path("/no/such/file.csv"))
    >>> refuse_special(Path("/dev/null"))
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: /dev/null is a device, not a file; an output replaces a file whole, \
so give the path of a file (- writes to standard output where a command takes it); nothing was written
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # nothing there yet (or nothing this check can see): the write says what fails
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise BuildError(
            f"{shown_path(path)} is {special_file(mode)}, not a file; an output replaces a file whole, so give the "
            "path of a file (- writes to standard output where a command takes it); nothing was written"
        )


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
    >>> ensure_folder(Path(scratch.name) / "taken")
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: .../taken is a file, not a folder
    >>> scratch.cleanup()
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise BuildError(f"{shown_path(folder)}: the path is too long for this file system") from None
        if exc.errno in (errno.ENOTDIR, errno.EEXIST):
            in_the_way = _first_file_on_the_way(folder)
            where = "" if in_the_way == folder else f"{folder}: "
            raise BuildError(f"{where}{in_the_way} is a file, not a folder") from None
        raise BuildError(f"{shown_path(folder)}: cannot create the output folder ({exc.strerror})") from None
    if not os.access(folder, os.W_OK):
        raise BuildError(f"{folder}: the output folder is not writable")


def made_folders(folder: Path) -> list[Path]:
    """:func:`ensure_folder`, returning the folders it made, outermost first (none when ``folder``
    was there): what :func:`take_back` removes when the run fails after all.

    >>> import tempfile
    >>> scratch = tempfile.TemporaryDirectory()
    >>> [path.name for path in made_folders(Path(scratch.name) / "output" / "classic")]
    ['output', 'classic']
    >>> made_folders(Path(scratch.name) / "output")
    []
    >>> scratch.cleanup()
    """
    missing = []
    part = folder
    while not part.exists() and part != part.parent:
        missing.append(part)
        part = part.parent
    ensure_folder(folder)
    return missing[::-1]


def take_back(made: list[Path]) -> None:
    """Remove the folders :func:`made_folders` made, innermost first, as long as each is empty: a
    run refused after it made its output folder leaves no empty folder behind, and never touches
    one that holds a file.

    >>> import tempfile
    >>> scratch = tempfile.TemporaryDirectory()
    >>> made = made_folders(Path(scratch.name) / "output" / "classic")
    >>> take_back(made)
    >>> sorted(path.name for path in Path(scratch.name).iterdir())
    []
    >>> scratch.cleanup()
    """
    for path in reversed(made):
        try:
            path.rmdir()
        except OSError:  # not empty (another run's file), or gone: left as it is
            return


@contextlib.contextmanager
def output_folder(folder: Path) -> Iterator[None]:
    """:func:`ensure_folder` for the run inside the ``with``; if that run fails, the folders made
    for it are taken back (:func:`take_back`): "nothing was written" holds for folders too.

    >>> import tempfile
    >>> scratch = tempfile.TemporaryDirectory()
    >>> try:
    ...     with output_folder(Path(scratch.name) / "kit"):
    ...         raise ValueError("a bad SOURCE_DATE_EPOCH")
    ... except ValueError:
    ...     pass
    >>> list(Path(scratch.name).iterdir())
    []
    >>> scratch.cleanup()
    """
    made = made_folders(folder)
    try:
        yield
    except BaseException:
        take_back(made)
        raise


def die_with_parent(parent: int | None = None) -> None:
    """In a worker process: end when the parent does, even when it is killed with ``kill -9``
    (a worker left behind would go on using a core and memory for nothing). ``parent``: the
    parent's process id, read by the parent before the worker started: a worker that reads its
    parent itself may be too late (the parent killed first, the worker adopted by another), and
    would then watch the wrong one.

    >>> import os
    >>> from concurrent.futures import ProcessPoolExecutor
    >>> with ProcessPoolExecutor(1, initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
    ...     pool.submit(sum, [1, 2]).result()
    3
    """
    import ctypes  # here: only worker processes need these
    import threading
    import time

    parent = os.getppid() if parent is None else parent
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


R = TypeVar("R")


def run_forked(
    count: int,
    run: Callable[[int], R],
    workers: int,
    order: Sequence[int] | None = None,
    started: Callable[[int], None] | None = None,
    name: Callable[[int], str] = str,
) -> list[R]:
    """``[run(0), ..., run(count - 1)]``, computed by ``workers`` processes: this one and
    ``workers - 1`` forked from it, which share what it holds (nothing is copied or pickled but
    each task's number and result).

    Each process takes the next task as it becomes free, in ``order`` (the costliest first
    balances them best). ``started(task)`` is called here, in task order, once for each task, as
    soon as it and every task before it has started. A task that raises stops the others: its
    exception is raised here (a forked worker's rebuilt as itself, or as a ``BuildError`` with
    its message where it cannot travel); a worker that dies without its result (killed, out of
    memory) is a ``BuildError`` naming ``name(task)``. Use :func:`can_fork` first; ``run`` must
    not print (only this process talks to the user).

    >>> run_forked(5, lambda task: task * task, workers=2, order=[4, 3, 2, 1, 0])
    [0, 1, 4, 9, 16]
    """
    order = list(range(count)) if order is None else list(order)
    if sorted(order) != list(range(count)) or count > MOST_FORKED_TASKS:
        raise ValueError(f"order must list each of {count} tasks once (at most {MOST_FORKED_TASKS})")
    tasks, queue = os.pipe()
    # The whole queue is written before any worker starts; it fits the smallest pipe (one page).
    os.write(queue, b"".join(task.to_bytes(4, "little") for task in order))
    os.close(queue)
    team = _Team(count, started, name)
    gc.freeze()  # what is here now is never scanned by a worker's collector: it stays shared, not copied
    parent = os.getpid()
    try:
        chunk = os.read(tasks, 4)  # this process works too, the costliest task first
        for _ in range(workers - 1):
            results, answer = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: never returns into the caller's code
                _work(tasks, answer, run, [results, *team.pids], parent)
            os.close(answer)
            team.join(results, pid)
        while chunk:
            task = int.from_bytes(chunk, "little")
            team.begun(task)
            team.results[task] = run(task)
            team.listen(0)  # what the workers said meanwhile: progress, or a failure that ends it all
            chunk = os.read(tasks, 4)
        while team.listening():
            team.listen(None)
        return team.gathered()
    finally:
        gc.unfreeze()
        os.close(tasks)
        team.end()


class _Team:
    """What the processes of :func:`run_forked` have begun and made, as this process hears it."""

    def __init__(self, count: int, started: Callable[[int], None] | None, name: Callable[[int], str]) -> None:
        self.count, self.started, self.name = count, started, name
        self.pids: dict[int, int] = {}  # a worker's result pipe -> its process id
        self.results: dict[int, object] = {}
        self._begun: set[int] = set()
        self._announced = 0
        self._buffers: dict[int, bytearray] = {}
        self._selector = selectors.DefaultSelector()

    def join(self, results: int, pid: int) -> None:
        self.pids[results] = pid
        self._buffers[results] = bytearray()
        self._selector.register(results, selectors.EVENT_READ)

    def begun(self, task: int) -> None:
        self._begun.add(task)
        while self._announced in self._begun:
            if self.started is not None:
                self.started(self._announced)
            self._announced += 1

    def listening(self) -> bool:
        return bool(self._selector.get_map())

    def listen(self, timeout: float | None) -> None:
        """Read what the workers have said (waiting up to ``timeout`` seconds, None: until one speaks)."""
        if not self.listening():
            return
        for key, _ in self._selector.select(timeout):
            fd = int(key.fd)
            data = os.read(fd, 65536)
            if not data:  # the worker has ended
                self._selector.unregister(fd)
                continue
            buffer = self._buffers[fd]
            buffer += data
            while len(buffer) >= 4 and len(buffer) >= 4 + (size := int.from_bytes(buffer[:4], "little")):
                kind, task, *rest = pickle.loads(buffer[4 : 4 + size])
                del buffer[: 4 + size]
                if kind == "failed":
                    _raise(rest[0])
                if kind == "done":
                    self.results[task] = rest[0]
                self.begun(task)

    def gathered(self) -> list:
        """Every result in task order; a ``BuildError`` if a worker died before making its tasks."""
        missing = [task for task in range(self.count) if task not in self.results]
        if missing:
            how = "stopped"
            for pid in self.pids.values():
                with contextlib.suppress(ChildProcessError):
                    _, status = os.waitpid(pid, 0)
                    if os.WIFSIGNALED(status):
                        how = f"killed ({signal.Signals(os.WTERMSIG(status)).name})"
            raise BuildError(f"a worker process was {how} while making {self.name(missing[0])}; nothing was written")
        return [self.results[task] for task in range(self.count)]

    def end(self) -> None:
        """Stop and reap the workers (done already, but for one that failed or was interrupted)."""
        self._selector.close()
        for results, pid in self.pids.items():
            os.close(results)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


MOST_FORKED_TASKS = 1024  # 4 bytes each: the queue fits one 4 KB pipe page


def _work(tasks: int, answer: int, run: Callable[[int], object], inherited: list[int], parent: int) -> NoReturn:
    """A forked worker's life: tasks from the queue until it is empty, each answered with
    ``("started", task)`` and then ``("done", task, result)`` or ``("failed", task, error)``."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the parent ends its workers itself
        for fd in inherited:
            os.close(fd)
        die_with_parent(parent)
        while chunk := os.read(tasks, 4):
            task = int.from_bytes(chunk, "little")
            _send(answer, ("started", task))
            try:
                result = run(task)
            except BaseException as exc:
                _send(answer, ("failed", task, _portable(exc)))
                break
            _send(answer, ("done", task, result))
        status = 0
    finally:
        os._exit(status)  # not through the caller's stack: its cleanup (a staging folder's) is the parent's


def _send(fd: int, message: tuple) -> None:
    data = pickle.dumps(message)
    view = memoryview(len(data).to_bytes(4, "little") + data)
    while view:
        view = view[os.write(fd, view) :]


def _portable(exc: BaseException) -> tuple:
    """``exc`` as it can travel to the parent: its class, arguments and attributes, rebuilt there
    without calling its ``__init__`` (which may not take its own message: ``SpecError`` takes
    problems), so it arrives as itself; one that cannot travel arrives as a ``BuildError`` (the
    toolkit's own errors) or a ``RuntimeError`` that says what it was. An error that is not the
    toolkit's brings the worker's traceback along (for ``RUSHMORE_DEBUG``)."""
    where = None if isinstance(exc, RushmoreError) else "".join(traceback.format_exception(exc)).rstrip()
    payload = (type(exc), exc.args, exc.__dict__, where)
    try:
        pickle.loads(pickle.dumps(payload))
        return payload
    except Exception:  # a class or attribute pickle cannot carry: in words below
        pass
    error = BuildError(str(exc)) if where is None else RuntimeError(f"{type(exc).__name__}: {exc}")
    return type(error), error.args, {}, where


class WorkerTraceback(Exception):
    """Where an unexpected error happened in a worker process: the cause of the error raised
    for it in the parent, so that a traceback shows both.

    >>> import time
    >>> try:  # this process sleeps on task 1 while a worker divides by task 0
    ...     run_forked(2, lambda task: time.sleep(0.5) if task else 1 / task, workers=2, order=[1, 0])
    ... except ZeroDivisionError as exc:
    ...     type(exc.__cause__).__name__, "Traceback" in str(exc.__cause__)
    ('WorkerTraceback', True)
    """


def _raise(payload: tuple) -> NoReturn:
    kind, args, state, where = payload
    exc = kind.__new__(kind, *args)
    exc.args = args
    exc.__dict__.update(state)
    raise exc from (None if where is None else WorkerTraceback(f"in a build worker process:\n{where}"))


__all__ = [
    "Inputs",
    "StagedFolder",
    "WorkerTraceback",
    "Written",
    "atomic_write",
    "can_fork",
    "die_with_parent",
    "durable",
    "ensure_folder",
    "finish_file",
    "made_folders",
    "output_folder",
    "refuse_inputs",
    "refuse_special",
    "run_forked",
    "take_back",
    "usable_cores",
    "worker_count",
]
