"""The browser table's seats beside its log (``game.jsonl.seats``), so that ``table --resume`` after
the server was killed (``kill -9``, a crash, a power cut) lets every screen back in: the same join
code and QR join key (a phone's saved token is stored under the one it joined with), the same
table key (the table screen's address still works) and each phone's seat, which its saved token
claims again.

The file is written whole through a temporary file and a rename on every join and free, before the
phone learns its token, and readable by its owner only (it holds the table's key; each token is
kept as its SHA-256). It names the game it belongs to (its start record's sum): beside another
game's log it is ignored. It is read like any file from outside: bounded, checked key by key, and
a damaged one only means that the phones join again.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path

from ..design import MAX_PLAYERS
from ..errors import RushmoreError
from ..game.logformat import start_sum
from ..readers.inputs import InputError, InputKind, read_input_text
from ..readers.jsontext import JSONError, loads
from ..writers.files import atomic_write
from .room import Room, Seats

SEATS_VERSION = 1
MAX_TEXT = 200  # characters of a code, a key, a hash or a name: far beyond any of them


class SeatsError(RushmoreError):
    """A seats file that cannot be used (damaged, edited, unreadable); the phones join again.

    >>> str(SeatsError("g.jsonl.seats: not a seats file"))
    'g.jsonl.seats: not a seats file'
    """


def seats_path(log: Path) -> Path:
    """Where a game's seats are kept: beside its log, named after it.

    >>> seats_path(Path("output/games/g.jsonl")).as_posix()
    'output/games/g.jsonl.seats'
    """
    return log.with_name(log.name + ".seats")


def save_seats(path: Path, seats: Seats, game: str) -> None:
    """Write ``seats`` for the game whose start record's sum is ``game`` (atomically, owner only).

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> path = Path(folder.name) / "g.jsonl.seats"
    >>> save_seats(path, Seats("ACDEF", "key", (("ab" * 32, "ann"),)), "sum1")
    >>> load_seats(path, "sum1") == Seats("ACDEF", "key", (("ab" * 32, "ann"),)), load_seats(path, "sum2")
    (True, None)
    >>> folder.cleanup()
    """
    record = {
        "version": SEATS_VERSION,
        "game": game,
        "join_code": seats.join_code,
        "join_key": seats.join_key,
        "table_key": seats.table_key,
        "phones": dict(seats.phones),
    }
    atomic_write(path, (json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8"), private=True)


def load_seats(path: Path, game: str) -> Seats | None:
    """The seats kept for the game whose start record's sum is ``game``: None when there is no
    seats file or it is another game's; :class:`SeatsError` saying why it cannot be used.

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> path = Path(folder.name) / "g.jsonl.seats"
    >>> load_seats(path, "sum1") is None
    True
    >>> _ = path.write_text('{"version": 1, "game": "sum1", "join_code": 5}')
    >>> load_seats(path, "sum1")
    Traceback (most recent call last):
    rushmore_print.web.seats.SeatsError: .../g.jsonl.seats: join_code: expected text
    >>> folder.cleanup()
    """
    if not path.exists():
        return None
    try:
        record = loads(read_input_text(path, InputKind.TABLE_SEATS), 3)
    except InputError as exc:
        raise SeatsError(str(exc)) from None
    except JSONError as exc:
        raise SeatsError(f"{path}: {exc}") from None
    if not isinstance(record, dict) or record.get("version") != SEATS_VERSION:
        raise SeatsError(f"{path}: not a seats file of this rushmore-print (format {SEATS_VERSION})")
    if record.get("game") != game:
        return None
    for key in ("join_code", "table_key"):
        if not _text(record.get(key)):
            raise SeatsError(f"{path}: {key}: expected text")
    join_key = record.get("join_key", "")  # absent from a file written before the QR code had its own key
    if join_key != "" and not _text(join_key):
        raise SeatsError(f"{path}: join_key: expected text")
    phones = record.get("phones")
    if not isinstance(phones, dict) or len(phones) > MAX_PLAYERS:
        raise SeatsError(f"{path}: phones: expected at most {MAX_PLAYERS} seats")
    if not all(_text(token) and _text(player) for token, player in phones.items()):
        raise SeatsError(f"{path}: phones: expected each seat's token hash and player")
    return Seats(record["join_code"], record["table_key"], tuple(sorted(phones.items())), join_key)


def keep_seats(room: Room, log: Path, warn: Callable[[str], None]) -> Path:
    """Give ``room`` (begun or resumed) the seats kept beside ``log`` for its game, if any, and keep
    them there from now on; the path of the seats file. A seats file that cannot be read or
    written costs only the seats' survival of a restart: ``warn`` says so once, and the game goes on.

    >>> import tempfile
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design = load_design()
    >>> folder = tempfile.TemporaryDirectory()
    >>> log = Path(folder.name) / "g.jsonl"
    >>> def a_room():
    ...     session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True, clock=lambda: 0.0)
    ...     room = Room(session, write=[].append)
    ...     _ = room.begin()
    ...     return room
    >>> first = a_room()
    >>> path = keep_seats(first, log, print)
    >>> token = first.join("ann")
    >>> again = a_room()  # the same game, served again after a crash
    >>> _ = keep_seats(again, log, print)
    >>> again.seat_of(token), again.join_code == first.join_code, again.table_key == first.table_key
    ('ann', True, True)
    >>> again.join_key == first.join_key
    True
    >>> folder.cleanup()
    """
    path = seats_path(log)
    game = start_sum(room.records[0])
    try:
        kept = load_seats(path, game)
    except SeatsError as exc:
        warn(room.t.gettext("note: the phones' seats cannot be read back ({reason}); phones join again", reason=exc))
        kept = None
    if kept is not None:
        room.take_seats(kept)
    warned: list[RushmoreError] = []

    def keep(seats: Seats) -> None:
        try:
            save_seats(path, seats, game)
        except RushmoreError as exc:  # a full disk: the game goes on, its seats will not survive a restart
            if not warned:
                warned.append(exc)
                warn(room.t.gettext("note: the phones' seats cannot be kept ({reason})", reason=exc))

    room.keep = keep
    keep(room.seats())  # this run's code and key, before any screen can use them
    return path


def forget_seats(path: Path) -> None:
    """Remove a game's seats once the game is over (nobody will join it again).

    >>> forget_seats(Path("/no/such/g.jsonl.seats"))
    """
    with contextlib.suppress(OSError):
        path.unlink()


def _text(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT


__all__ = ["SEATS_VERSION", "SeatsError", "forget_seats", "keep_seats", "load_seats", "save_seats", "seats_path"]
