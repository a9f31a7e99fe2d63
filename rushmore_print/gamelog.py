"""The game log: one JSON object a line, appended and flushed as each event happens, so a game
interrupted at any moment can be resumed from its log."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO

from .errors import GameLogError, Problem, SpecError


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
    def append_to(cls, path: Path) -> GameLog:
        text = path.read_text("utf-8")
        handle = path.open("a", encoding="utf-8")
        if text and not text.endswith("\n"):
            handle.write("\n")  # a line cut short by a crash stays on its own, ignored on reading
        return cls(path, handle)

    def write(self, record: dict) -> None:
        self._handle.write(json.dumps(record, sort_keys=False) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()


def read_log(path: Path) -> list[dict]:
    """The records of a log; a last line cut short by a crash is dropped, other bad lines are errors."""
    if not path.is_file():
        raise SpecError([Problem(str(path), None, "", "no such game log")])
    lines = path.read_text("utf-8").splitlines()
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):
                break
            raise SpecError([Problem(str(path), number, "", "not a JSON line; the log is damaged")]) from None
        if not isinstance(record, dict) or "event" not in record:
            raise SpecError([Problem(str(path), number, "", "not a game event")])
        records.append(record)
    if not records or records[0]["event"] != "start":
        raise SpecError([Problem(str(path), 1, "", "a game log starts with a 'start' event")])
    return records
