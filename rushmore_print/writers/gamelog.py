"""The game log file: one JSON record a line (the format is in :mod:`rushmore_print.game.logformat`),
appended, and synced as each line is taken, so a game interrupted at any moment can be resumed
from its log.

The file is written without a buffer of our own (each record goes to the system in one call),
so a failed write (a full disk, a removed USB stick) leaves at most one record cut short at the
end, which :meth:`GameLog.reopen` cuts off; the error says so, and closing never writes again.

One game writes a log at a time: a :class:`GameLog` holds an exclusive lock on its file while it
is open (``flock`` on POSIX, ``msvcrt.locking`` on Windows), and a second ``play --resume`` or
``table --resume`` of the same log is refused in one sentence. The lock is the operating
system's, not a lock file: it goes with the process that holds it, however that process ends, so
a game killed with ``kill -9`` (or a power cut) leaves nothing stale behind and its log resumes at
once; a lock file with a pid in it would need guessing whether that pid is still the game (pids
are reused, and a log on a shared folder may be another computer's).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import sys
from pathlib import Path

from ..errors import GameLogError
from ..game.logformat import lost_entry, parse_log
from ..language.i18n import Said, psaid, said
from ..readers.inputs import InputError, InputKind, check_file, not_utf8, read_input, shown_path, special_file
from .files import durable

_BINARY = getattr(os, "O_BINARY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a log swapped for a named pipe fails to open instead of waiting
# Windows locks are mandatory: a lock on the log's own bytes would stop `rushmore stats` reading a
# game in play, so the byte locked lies far beyond any log's end (Windows allows that)
_WINDOWS_LOCK_AT = 1 << 40
_NO_LOCKS = {
    errno.ENOLCK,
    errno.ENOSYS,
    getattr(errno, "ENOTSUP", errno.ENOSYS),
    getattr(errno, "EOPNOTSUPP", errno.ENOSYS),
}


class GameLog:
    """A game's log file, open for appending: one JSON record a line, each written in one call and
    synced, so that a game interrupted at any moment can be resumed (see session).

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> path = Path(folder.name) / "game.jsonl"
    >>> log = GameLog.create(path)
    >>> log.write({"event": "start", "seed": 3})
    >>> log.close()
    >>> path.read_text()
    '{"event": "start", "seed": 3}\\n'
    >>> folder.cleanup()
    """

    def __init__(self, path: Path, fd: int, written: int = 0):
        self.path = path
        self._fd: int | None = fd
        self._written = written  # records in the file: none means a failed write lost the whole game

    @classmethod
    def create(cls, path: Path) -> GameLog:
        """A new log; an existing file is never overwritten (it may be a game to resume).

        Raises GameLogError when the file is there already or cannot be made.

        >>> import tempfile
        >>> folder = tempfile.TemporaryDirectory()
        >>> path = Path(folder.name) / "game.jsonl"
        >>> GameLog.create(path).close()
        >>> GameLog.create(path)
        Traceback (most recent call last):
        rushmore_print.errors.GameLogError: .../game.jsonl: a game log is already there; continue it with --resume ...
        >>> folder.cleanup()
        """
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | _BINARY, 0o666)
        except FileExistsError:
            if not path.is_file():  # a device, a named pipe, a folder, a broken link: no log to resume
                what = _not_a_file(path)
                raise GameLogError(f"{shown_path(path)}: is {what}, not a game log; choose another --log") from None
            raise GameLogError(
                f"{shown_path(path)}: a game log is already there; "
                f"continue it with --resume {shown_path(path)} or choose another --log"
            ) from None
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
            raise GameLogError(f"{shown_path(path)}: cannot create the game log ({_reason(exc)})") from None
        _hold(fd, path)
        return cls(path, fd)

    @classmethod
    def create_unique(cls, folder: Path, stem: str) -> GameLog:
        """``folder/stem.jsonl``, or ``stem-2.jsonl``... if a game started in the same second.

        >>> import tempfile
        >>> folder = tempfile.TemporaryDirectory()
        >>> first = GameLog.create_unique(Path(folder.name), "mount-rushmore-3")
        >>> second = GameLog.create_unique(Path(folder.name), "mount-rushmore-3")
        >>> first.path.name, second.path.name
        ('mount-rushmore-3.jsonl', 'mount-rushmore-3-2.jsonl')
        >>> first.close(), second.close(), folder.cleanup()
        (None, None, None)
        """
        for number in range(1, 1000):
            path = folder / (f"{stem}.jsonl" if number == 1 else f"{stem}-{number}.jsonl")
            try:
                return cls.create(path)
            except GameLogError:
                if not path.exists():  # not a lost race: a real failure
                    raise
        raise GameLogError(f"{shown_path(folder)}: a thousand game logs named {stem}*; choose a --log")

    @classmethod
    def reopen(cls, path: Path) -> tuple[GameLog, list[tuple[int, dict]], str | None]:
        """Open a log to continue it: (the log, its records, what a crash cut short or None).

        A last line cut short by a crash is cut off the file, so every later resume reads it clean.

        >>> import tempfile
        >>> folder = tempfile.TemporaryDirectory()
        >>> path = Path(folder.name) / "game.jsonl"
        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design, options = load_design(), Options(("ann", "bob"), seed=3)
        >>> session = Session.of_design(design, options)
        >>> log = GameLog.create(path)
        >>> for record in session.start().records:
        ...     log.write(record)
        >>> log.close()
        >>> whole = path.read_text()
        >>> with path.open("a") as file:  # a crash in the middle of a record
        ...     _ = file.write('{"event": "judged", "at": "1970-01-01T00:00:00.000+00:00", "ca')
        >>> log, records, lost = GameLog.reopen(path)
        >>> [(line, record["event"]) for line, record in records]
        [(1, 'start'), (2, 'revealed')]
        >>> lost
        "an unfinished 'judged' record is dropped (no entry was lost)"
        >>> log.close()
        >>> path.read_text() == whole
        True
        >>> folder.cleanup()
        """
        try:
            check_file(path, InputKind.GAME_LOG)  # a regular file: opening it to write cannot wait
            fd = os.open(path, os.O_WRONLY | _BINARY | _NONBLOCK)
        except InputError as exc:
            raise GameLogError(str(exc)) from None
        except OSError as exc:
            raise GameLogError(f"{shown_path(path)}: cannot open the game log ({_reason(exc)})") from None
        _hold(fd, path)  # before reading: what is read is what no other game is writing
        try:
            data = read_input(path, InputKind.GAME_LOG)
            records, cut = parse_log(_text_of(data))
        except InputError as exc:
            os.close(fd)
            raise GameLogError(str(exc)) from None
        except GameLogError as exc:
            os.close(fd)
            raise exc.in_file(shown_path(path)) from None
        log = cls(path, fd, written=len(records))
        lost = None
        try:
            if cut is not None:
                os.ftruncate(fd, data.rfind(b"\n") + 1)
                lost = lost_entry(cut)
            elif data and not data.endswith(b"\n"):
                os.lseek(fd, 0, os.SEEK_END)
                log._put(b"\n")  # a whole record whose newline was not written
            os.lseek(fd, 0, os.SEEK_END)
            os.fsync(fd)
        except OSError as exc:
            log.close()
            raise GameLogError(f"{shown_path(path)}: cannot continue the game log ({_reason(exc)})") from None
        return log, records, lost

    def write(self, record: dict, sync: bool = True) -> None:
        """Append one record and sync it (``sync=False``: the caller calls :meth:`sync` soon, as the
        browser table does once every screen has its state); a failure is a
        :class:`GameLogError` that says what of the game is safe.

        >>> import tempfile
        >>> folder = tempfile.TemporaryDirectory()
        >>> path = Path(folder.name) / "game.jsonl"
        >>> log = GameLog.create(path)
        >>> for number in (1, 2):
        ...     log.write({"event": "revealed", "number": number}, sync=False)
        >>> log.sync()
        >>> log.close()
        >>> len(path.read_text().splitlines())
        2
        >>> folder.cleanup()
        """
        data = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            self._put(data)
            if sync and durable():
                os.fsync(self._require())
        except OSError as exc:
            self._failed(exc)
        self._written += 1

    def sync(self) -> None:
        """Sync what was written (a process crash loses nothing written; this guards a power cut).

        >>> import tempfile
        >>> folder = tempfile.TemporaryDirectory()
        >>> path = Path(folder.name) / "game.jsonl"
        >>> log = GameLog.create(path)
        >>> log.write({"event": "start"}, sync=False)
        >>> log.sync()
        >>> log.close()
        >>> folder.cleanup()
        """
        try:
            if durable():
                os.fsync(self._require())
        except OSError as exc:
            self._failed(exc)

    def _failed(self, exc: OSError) -> None:
        # Said: the browser table tells every screen in the players' language (the terminal in English)
        where, reason = shown_path(self.path), _write_reason(exc)
        command = "rushmore play --resume " + where  # either command resumes it, table too
        if not self._written:
            raise GameLogError(
                said(
                    "{log}: cannot write the game log ({reason}); nothing of the game was saved: "
                    "make room and start it again",
                    log=where,
                    reason=reason,
                )
            ) from None
        raise GameLogError(
            said(
                "{log}: cannot write the game log ({reason}); the game so far is saved in it: "
                "make room, then continue with: {command}",
                log=where,
                reason=reason,
                command=command,
            )
        ) from None

    def _put(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self._require(), view) :]

    def _require(self) -> int:
        if self._fd is None:
            raise _Closed()
        return self._fd

    def close(self) -> None:
        """Close the file (nothing is buffered, so nothing is written and nothing can fail here).

        >>> import tempfile
        >>> folder = tempfile.TemporaryDirectory()
        >>> path = Path(folder.name) / "game.jsonl"
        >>> log = GameLog.create(path)
        >>> log.close()
        >>> log.close()
        >>> log.write({"event": "start"})
        Traceback (most recent call last):
        rushmore_print.errors.GameLogError: .../game.jsonl: cannot write the game log (the game log is closed); ...
        >>> folder.cleanup()
        """
        if self._fd is not None:
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):  # the records are on disk or reported: a close cannot lose more
                os.close(fd)


def read_records(path: Path) -> list[dict]:
    """A log's records, read only (for ``rushmore stats``): bounded and checked like a resumed log,
    a last line cut short by a crash left out.

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> path = Path(folder.name) / "game.jsonl"
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design, options = load_design(), Options(("ann", "bob"), seed=3)
    >>> session = Session.of_design(design, options)
    >>> log = GameLog.create(path)
    >>> for record in session.start().records:
    ...     log.write(record)
    >>> log.close()
    >>> [record["event"] for record in read_records(path)]
    ['start', 'revealed']
    >>> folder.cleanup()
    """
    try:
        data = read_input(path, InputKind.GAME_LOG)
    except InputError as exc:
        raise GameLogError(str(exc)) from None
    try:
        records, _cut = parse_log(_text_of(data))
    except GameLogError as exc:
        raise exc.in_file(shown_path(path)) from None
    return [record for _, record in records]


def _text_of(data: bytes) -> str:
    """The log as text. Every whole line must be UTF-8; the last line may have been cut in the
    middle of a character by a crash (it is then dropped as cut short)."""
    whole = data.rfind(b"\n") + 1
    try:
        head = data[:whole].decode("utf-8-sig")  # a byte-order mark (an editor's) is dropped
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise GameLogError(f"{not_utf8(data, exc)}; the log is damaged", line=line) from None
    tail = data[whole:].decode("utf-8-sig" if not whole else "utf-8", errors="replace")
    return head + tail


def _not_a_file(path: Path) -> str:
    """What is at ``path`` where a game log would be made, when it is no regular file.

    >>> _not_a_file(Path("/dev/null")), _not_a_file(Path("/"))
    ('a device', 'a folder')
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return "a link to nothing"
    return "a folder" if stat.S_ISDIR(mode) else special_file(mode)


def _hold(fd: int, path: Path) -> None:
    """Lock the open log for this process alone, or refuse it in one sentence when another game
    holds it (the descriptor is closed then). On a disk that has no locks at all, the game goes on
    unlocked rather than not at all."""
    try:
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, _WINDOWS_LOCK_AT, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            os.lseek(fd, 0, os.SEEK_END)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in _NO_LOCKS:
            return
        os.close(fd)
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, getattr(errno, "EDEADLK", -1)):
            raise GameLogError(
                f"{shown_path(path)}: another game is writing this log right now (a rushmore play or table "
                "still running); finish or quit that one first, then resume it"
            ) from None
        raise GameLogError(f"{shown_path(path)}: cannot lock the game log ({_reason(exc)})") from None


class _Closed(OSError):
    """A write after :meth:`GameLog.close` (the game went on after its log failed)."""


# Why a write fails, in the players' words: the failures of a disk under a game (full, gone,
# made read-only); any other is said in the system's own words.
_WRITE_REASONS: dict[int, Said] = {
    # first: Windows has no EDQUOT, and ENOSPC below then keeps its own words
    getattr(errno, "EDQUOT", errno.ENOSPC): psaid("why a file cannot be written", "disk quota exceeded"),
    errno.ENOSPC: psaid("why a file cannot be written", "no space left on device"),
    errno.EFBIG: psaid("why a file cannot be written", "file too large"),
    errno.EROFS: psaid("why a file cannot be written", "read-only file system"),
    errno.EIO: psaid("why a file cannot be written", "input/output error"),
    errno.ENODEV: psaid("why a file cannot be written", "the device is gone"),
    errno.ENXIO: psaid("why a file cannot be written", "the device is gone"),
    errno.EACCES: psaid("why a file cannot be written", "permission denied"),
    errno.EPERM: psaid("why a file cannot be written", "permission denied"),
}


def _write_reason(exc: OSError) -> str:
    """Why a write to the log failed, as a :class:`~rushmore_print.language.i18n.Said` when it is one of
    a disk's usual failures.

    >>> str(_write_reason(OSError(errno.ENOSPC, "No space left on device")))
    'no space left on device'
    >>> _write_reason(OSError(errno.ENOTSUP, "Operation not supported"))
    'operation not supported'
    """
    if isinstance(exc, _Closed):
        return psaid("why a file cannot be written", "the game log is closed")
    return _WRITE_REASONS.get(exc.errno or 0) or _reason(exc)


def _reason(exc: OSError | ValueError) -> str:
    text = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return text[:1].lower() + text[1:]  # "No space left on device" inside a sentence


__all__ = ["GameLog", "read_records"]
