"""Writing outputs atomically: a temporary file in the same folder, then a rename.

A failed or interrupted build never leaves a half-written file, and never removes an older good one.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import BinaryIO

from ..errors import BuildError, OptionsError
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


__all__ = [
    "Inputs",
    "StagedFolder",
    "Written",
    "atomic_write",
    "durable",
    "ensure_folder",
    "finish_file",
    "made_folders",
    "output_folder",
    "refuse_inputs",
    "refuse_special",
    "take_back",
]
