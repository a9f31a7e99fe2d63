"""The game log file: one JSON record a line (the format is in :mod:`rushmore_print.session`),
appended, flushed and synced as each line is taken, so a game interrupted at any moment can be
resumed from its log."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO

from .errors import GameLogError
from .files import durable
from .inputs import InputError, InputKind, read_input
from .session import lost_entry, parse_log


class GameLog:
    def __init__(self, path: Path, handle: IO[str]):
        self.path = path
        self._handle = handle

    @classmethod
    def create(cls, path: Path) -> GameLog:
        """A new log; an existing file is never overwritten (it may be a game to resume)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            return cls(path, path.open("x", encoding="utf-8"))
        except FileExistsError:
            raise GameLogError(
                f"{path}: a game log is already there; continue it with --resume {path} or choose another --log"
            ) from None
        except OSError as exc:
            raise GameLogError(f"{path}: cannot create the game log ({exc.strerror})") from None

    @classmethod
    def create_unique(cls, folder: Path, stem: str) -> GameLog:
        """``folder/stem.jsonl``, or ``stem-2.jsonl``... if a game started in the same second."""
        for number in range(1, 1000):
            path = folder / (f"{stem}.jsonl" if number == 1 else f"{stem}-{number}.jsonl")
            if not path.exists():
                try:
                    return cls.create(path)
                except GameLogError:
                    if not path.exists():  # not a lost race: a real failure
                        raise
        raise GameLogError(f"{folder}: a thousand game logs named {stem}*; choose a --log")

    @classmethod
    def reopen(cls, path: Path) -> tuple[GameLog, list[tuple[int, dict]], str | None]:
        """Open a log to continue it: (the log, its records, what a crash cut short or None).

        A last line cut short by a crash is cut off the file, so every later resume reads it clean.
        """
        try:
            try:
                data = read_input(path, InputKind.GAME_LOG)
            except InputError as exc:
                raise GameLogError(str(exc)) from None
            text = data.decode("utf-8", errors="replace")
            try:
                records, cut = parse_log(text)
            except GameLogError as exc:
                raise GameLogError(f"{path}:{exc}") from None
            handle = path.open("r+", encoding="utf-8")
        except OSError as exc:
            raise GameLogError(f"{path}: cannot open the game log ({exc.strerror})") from None
        lost = None
        if cut is not None:
            handle.truncate(data.rfind(b"\n") + 1)
            lost = lost_entry(cut)
        elif data and not data.endswith(b"\n"):
            handle.seek(0, os.SEEK_END)
            handle.write("\n")  # a whole record whose newline was not written
        handle.seek(0, os.SEEK_END)
        handle.flush()
        os.fsync(handle.fileno())
        return cls(path, handle), records, lost

    def write(self, record: dict) -> None:
        self._handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._handle.flush()
        if durable():
            os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()
