"""The game log's format: one JSON record a line, and the one reader of a log's text.

A game's log (written by :mod:`rushmore_print.writers.gamelog`) opens with a ``start`` record (the
options, the table and the deal, the deck's fingerprint), then each entry the table took
(``input``: its moves, in the form :func:`move_record` writes), each ``undo``, each refusal, and
what the referee said after each entry (``revealed``, ``judged``, ``ended``). A log comes back
from outside: :func:`parse_log` bounds each line's nesting before parsing it, checks every record
by type and range (:func:`check_record`) and the records together as a game writes them
(:func:`check_sequence`: the order, the numbering, the names and cards of the game), so that
``play --resume``, ``table --resume`` and ``rushmore stats`` refuse an edited, copied or
foreign line the same way, naming its line. Resuming then replays the moves
(:meth:`rushmore_print.game.session.Session.resume`) and compares what the replay says with what the
log recorded (:func:`check_output`).

Formats: 3, the card a penalty gives back, reaction times; tie-breaks climb level by level;
4, the deck's fingerprint is its notation and rules, not its directions' words
(:func:`deck_fingerprint`); 5, an entry is its moves alone (no ``line`` of typed text: the
browser table types none), an end's ``reason`` is a word of :class:`~rushmore_print.model.EndReason`,
and the start names the ``language`` the game was told in.
Formats 3 and 4 still resume.
"""

from __future__ import annotations

import datetime
import enum
import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..design import MAX_PLAYERS, Rules
from ..errors import GameLogError
from ..frozen import frozen_dataclass
from ..language.i18n import Said, default_directions, languages, quoted, said
from ..model import Deck, DeckMode, Level
from ..readers.inputs import escape, shown
from ..readers.jsontext import NotJSON, loads
from .actions import Change, Claim, Drop, Move, Pass, TurnOver
from .referee import Ended, Judged, RefereeEvent, Revealed

LOG_VERSION = 5
OLDEST_LOG_VERSION = 3  # formats 3 and 4 still resume: the same moves (a format-3 fingerprint in its own form)
MAX_SEED = 2**63 - 1  # a seed is a whole number 0..MAX_SEED: it goes into the log's file name


def timestamp(seconds: float) -> str:
    """A time (seconds since the epoch) as the log writes it: ISO 8601, UTC, in milliseconds.

    >>> timestamp(0), timestamp(1.5)
    ('1970-01-01T00:00:00.000+00:00', '1970-01-01T00:00:01.500+00:00')
    """
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).isoformat(timespec="milliseconds")


def seconds_of(stamp: object) -> float | None:
    """A log's time as seconds since the epoch, or None when it is not one the platform can count.

    >>> seconds_of("1970-01-01T00:00:01.500+00:00"), seconds_of("soon")
    (1.5, None)
    """
    try:
        return datetime.datetime.fromisoformat(str(stamp)).timestamp()
    except (ValueError, OverflowError, OSError):  # not a time, or one the platform cannot count
        return None


def deck_fingerprint(deck: Deck, rules: Rules) -> str:
    """A short hash of what makes a game the same game: the heads, the notation's letters, every
    card (ids, faces, red heads, levels) and the rules. Not the words the design tells them in:
    a design that names no directions says left and right in its ``language:``, and a game goes
    on after that changes.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck_fingerprint(generate_deck(design), design.rules)
    '93e63196dc09d4bf'
    >>> from dataclasses import replace
    >>> german = replace(design, language="de", directions=("links", "rechts"))
    >>> deck_fingerprint(generate_deck(german), design.rules) == deck_fingerprint(generate_deck(design), design.rules)
    True
    >>> deck_fingerprint(generate_deck(replace(design, seed=1)), design.rules) != deck_fingerprint(
    ...     generate_deck(design), design.rules)
    True
    """
    game = {
        "heads": deck.heads,
        "notation": deck.notation.letters,
        "monuments": [[m.id, m.faces] for m in deck.monuments],
        "search": [[c.id, c.faces, c.red, c.level.value] for c in deck.search],
        "rules": asdict(rules),
    }
    return hashlib.sha256(json.dumps(game, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def _format3_fingerprint(deck: Deck, directions: tuple[str, str]) -> str:
    """The fingerprint a format-3 log recorded: the directions' words and the cards (no notation,
    no rules)."""
    cards = [
        [deck.heads, directions],
        [[m.id, m.faces] for m in deck.monuments],
        [[c.id, c.faces, c.red, c.level.value] for c in deck.search],
    ]
    return hashlib.sha256(json.dumps(cards).encode()).hexdigest()[:16]


def same_deck(start: dict, deck: Deck, rules: Rules) -> bool:
    """True if a log's start record was dealt from this deck (and, from format 4, these rules).

    A format-3 fingerprint hashed the directions' words: it is matched against this deck's, and
    against every language's left and right, so that a design naming no directions, whose
    ``language:`` changed since, still resumes its game.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> same_deck({"version": 4, "fingerprint": deck_fingerprint(deck, design.rules)}, deck, design.rules)
    True
    >>> same_deck({"version": 3, "fingerprint": deck_fingerprint(deck, design.rules)}, deck, design.rules)
    False
    """
    if start["version"] > OLDEST_LOG_VERSION:
        return start["fingerprint"] == deck_fingerprint(deck, rules)
    words = {deck.directions, *(default_directions(language) for language in languages())}
    return start["fingerprint"] in {_format3_fingerprint(deck, directions) for directions in words}


_JUDGED_KEYS = ("card", "answer", "winner", "penalised", "returned", "scores")


def start_sum(start: dict) -> str:
    """A short hash of a start record's options and deal (not its time, nor where the design
    file was, which a user may move): a hand edit of the game's options is seen on resume.

    >>> start_sum({"event": "start", "seed": 1}) == start_sum({"seed": 1, "event": "start", "at": "now"})
    True
    """
    kept = {key: value for key, value in start.items() if key not in ("at", "design", "sum")}
    return hashlib.sha256(json.dumps(kept, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def output_record(event: object) -> dict | None:
    """The record a referee's event is logged as (without its time), or None for one the log
    does not keep.

    >>> from rushmore_print.game.referee import EndReason
    >>> output_record(Ended(("ann",), EndReason.POINTS, (("ann", 3), ("bob", 1))))
    {'event': 'ended', 'winners': ['ann'], 'reason': 'points', 'scores': {'ann': 3, 'bob': 1}}
    """
    if isinstance(event, Revealed) and not event.again:
        return {"event": "revealed", "card": event.card.id, "number": event.number}
    if isinstance(event, Judged):
        return {
            "event": "judged",
            "card": event.card.id,
            "answer": event.answer,
            "winner": event.winner,
            "penalised": list(event.penalised),
            "returned": list(event.returned),
            "scores": dict(event.scores),
        }
    if isinstance(event, Ended):
        return {
            "event": "ended",
            "winners": list(event.winners),
            "reason": event.reason.value,
            "scores": dict(event.scores),
        }
    return None


def parse_log(text: str) -> tuple[list[tuple[int, dict]], str | None]:
    """The records of a log with their line numbers, and the last line if a crash cut it short:
    the one reader of a log's text, for ``--resume`` and ``stats`` alike.

    Only the last line may be cut short (the log is appended a line at a time); any other line
    that is not a JSON object is damage, and an error names it. Each line's nesting is bounded
    before it is parsed; then the records are checked (:func:`check_log`).

    >>> parse_log('{"event": "start", "version": 9}\\n')
    Traceback (most recent call last):
    ...
    rushmore_print.errors.GameLogError: 1: version: written by a newer rushmore-print (format 9); this one reads up to 5
    >>> parse_log('{"event": "start", "version": 5, "at": "2026-11-29T14:00')
    Traceback (most recent call last):
    ...
    rushmore_print.errors.GameLogError: 1: the log's first record (the start of the game) was cut short by a crash, ...
    """
    lines = text.split("\n")
    cut = None
    if lines and lines[-1] == "":
        lines.pop()
    elif lines:
        try:
            _json_line(lines[-1])
        except ValueError:
            cut = lines.pop()
    records: list[tuple[int, dict]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = _json_line(line)
        except ValueError as exc:
            if not records and isinstance(exc, _NotAJSONLine):  # another kind of file, not a damaged log
                raise GameLogError(
                    f"{exc}: not a game log (a game log, as `rushmore play --log` writes it, is one JSON "
                    "event a line, starting with the game's start)",
                    line=number,
                ) from None
            raise GameLogError(f"{exc}; the log is damaged", line=number) from None
        if not isinstance(record, dict) or not isinstance(record.get("event"), str):
            raise GameLogError("not a game event", line=number)
        records.append((number, record))
    if not records and cut is not None and '"event": "start"' in cut:
        raise GameLogError(
            "the log's first record (the start of the game) was cut short by a crash, so nothing of the "
            "game was saved: start it again",
            line=len(lines) + 1,
        )
    check_log(records)
    return records, cut


def check_log(records: Sequence[tuple[int, dict]]) -> None:
    """Refuse records that no game writes: the first not a start of a known format, any record
    wrong by type or range (:func:`check_record`), or the records out of the order a game writes
    them (:func:`check_sequence`). ``records`` are ``(line, record)`` pairs; the error names the line.

    >>> check_log([(1, {"event": "revealed"})])
    Traceback (most recent call last):
    rushmore_print.errors.GameLogError: 1: a game log starts with a 'start' event
    """
    if not records or records[0][1].get("event") != "start":
        raise GameLogError("a game log starts with a 'start' event", line=records[0][0] if records else 1)
    _check_version(records[0][1], records[0][0])
    for number, record in records:
        if not isinstance(record, dict) or not isinstance(record.get("event"), str):
            raise GameLogError("not a game event", line=number)
        check_record(record, number)
    check_sequence(records)


MAX_NESTING = 4  # a record nests 3 levels deep (an input's list of actions); one more is spare


class _NotAJSONLine(ValueError):
    """A line that is no JSON at all (not one whose value a log cannot hold)."""


def _json_line(line: str) -> Any:
    """One line of a log parsed as JSON, its nesting bounded first (:func:`jsontext.loads`).
    Raises ``ValueError`` saying what is wrong.

    >>> _json_line('{"a": [[1]]}')
    {'a': [[1]]}
    >>> _json_line("[" * 200_000 + "]" * 200_000)
    Traceback (most recent call last):
    ...
    rushmore_print.readers.jsontext.JSONError: nested more than 4 levels deep
    """
    try:
        return loads(line, MAX_NESTING)
    except NotJSON:
        raise _NotAJSONLine("not a JSON line") from None


# -- moves, as the log writes them


class MoveKind(enum.Enum):
    """The first word of a move in an ``input`` record: ``["claim", "ann", "M07"]``,
    ``["pass", "bob"]``, ``["change", "ann", null]`` (to a pass), ``["drop", "ann"]``, ``["card", "S21"]``.

    >>> [kind.value for kind in MoveKind]
    ['claim', 'pass', 'change', 'drop', 'card']
    """

    CLAIM = "claim"
    PASS = "pass"
    CHANGE = "change"
    DROP = "drop"
    CARD = "card"


def move_record(move: Move) -> list[str | None]:
    """A move as an ``input`` record lists it (a claim's stamp is not kept: the entry's ``ms`` is).

    >>> move_record(Claim("ann", "M07", stamp=3.5)), move_record(Change("ann", None))
    (['claim', 'ann', 'M07'], ['change', 'ann', None])
    """
    if isinstance(move, Claim):
        return [MoveKind.CLAIM.value, move.player, move.monument]
    if isinstance(move, Pass):
        return [MoveKind.PASS.value, move.player]
    if isinstance(move, Change):
        return [MoveKind.CHANGE.value, move.player, move.monument]
    if isinstance(move, Drop):
        return [MoveKind.DROP.value, move.player]
    return [MoveKind.CARD.value, move.card]


def move_of(entry: list) -> Move:
    """The move an ``input`` record lists (one :func:`check_record` has passed).

    >>> move_of(["claim", "ann", "M07"]), move_of(["card", "S21"])
    (Claim(player='ann', monument='M07', stamp=None), TurnOver(card='S21'))
    """
    kind, words = MoveKind(entry[0]), entry[1:]
    if kind is MoveKind.CLAIM:
        return Claim(words[0], words[1])
    if kind is MoveKind.PASS:
        return Pass(words[0])
    if kind is MoveKind.CHANGE:
        return Change(words[0], words[1])
    if kind is MoveKind.DROP:
        return Drop(words[0])
    return TurnOver(words[0])


# -- the records, by type and range


def _check_version(start: dict, line: int) -> None:
    version = start.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise GameLogError(f"version: expected the log's format number, got {shown(version)}", line=line)
    if version > LOG_VERSION:
        raise GameLogError(
            f"version: written by a newer rushmore-print (format {version}); this one reads up to {LOG_VERSION}",
            line=line,
        )
    if version < OLDEST_LOG_VERSION:
        raise GameLogError(
            f"version: written by an older rushmore-print (format {version}); this one reads formats "
            f"{OLDEST_LOG_VERSION} to {LOG_VERSION}: "
            "finish the game with the version that began it",
            line=line,
        )


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _text(value: object) -> str | None:
    if not isinstance(value, str):
        return "expected text"
    if len(value) > MAX_TEXT:
        return f"{len(value):,} characters; a game log's text is at most {MAX_TEXT:,}"
    if not _is_text(value):
        return "holds a lone surrogate (\\ud800..\\udfff), which is not text"
    return None


def _path(value: object) -> str | None:
    if value is None:
        return None
    problem = _text(value)
    if problem is None and (not value or any(ord(c) < 32 or ord(c) == 127 for c in str(value))):
        return "expected the path of the design file"
    return problem


def _whole(low: int, high: int) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return None
        return f"expected a whole number from {low} to {high}, got {shown(value)}"

    return check


def _flag(value: object) -> str | None:
    return None if isinstance(value, bool) else f"expected true or false, got {shown(value)}"


def _one_of(*allowed: str) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        return None if value in allowed else f"{shown(value)} is not one of {', '.join(allowed)}"

    return check


def _list_of(item: Callable[[object], str | None], most: int) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if not isinstance(value, list):
            return "expected a list"
        if len(value) > most:
            return f"{len(value):,} entries; at most {most:,}"
        for index, entry in enumerate(value, start=1):
            problem = item(entry)
            if problem:
                return f"entry {index}: {problem}"
        return None

    return check


def _maybe(check: Callable[[object], str | None]) -> Callable[[object], str | None]:
    return lambda value: None if value is None else check(value)


def _scores(value: object) -> str | None:
    if not isinstance(value, dict) or len(value) > MAX_PLAYERS:
        return f"expected each player's score, for at most {MAX_PLAYERS} players"
    for player, score in value.items():
        problem = _text(player) or _whole(0, MAX_COUNT)(score)
        if problem:
            return f"{shown(player)}: {problem}"
    return None


def _actions(value: object) -> str | None:
    if not isinstance(value, list) or len(value) > MAX_PLAYERS * 4:
        return "expected a list of actions"
    for index, action in enumerate(value, start=1):
        arity = _ACTIONS.get(action[0]) if isinstance(action, list) and action and isinstance(action[0], str) else None
        if arity is None or len(action) != 1 + len(arity):
            return f"entry {index}: expected one of {', '.join(_ACTIONS)} with its words, got {shown(action)}"
        for word, may_be_none in zip(action[1:], arity):
            problem = None if may_be_none and word is None else _text(word)
            if problem:
                return f"entry {index}: {problem}"
    return None


def _timestamp(value: object) -> str | None:
    problem = _text(value)
    if problem is None and seconds_of(value) is None:
        return f"expected a time such as 2026-11-29T14:00:00.000+00:00, got {shown(value)}"
    return problem


MAX_TEXT = 10_000
MAX_COUNT = 1 << 20  # cards, turns and scores: far beyond any deck
MAX_MS = 7 * 24 * 3600 * 1000  # a reaction time in milliseconds: a week is far beyond any turn
_ACTIONS: dict[str, tuple[bool, ...]] = {  # a move's words: may each one be null?
    MoveKind.CLAIM.value: (False, False),
    MoveKind.PASS.value: (False,),
    MoveKind.CHANGE.value: (False, True),
    MoveKind.DROP.value: (False,),
    MoveKind.CARD.value: (False,),
}
_NAMES = _list_of(_text, MAX_PLAYERS)
_SCHEMA: dict[str, dict[str, Callable[[object], str | None]]] = {
    "start": {
        "version": _whole(OLDEST_LOG_VERSION, LOG_VERSION),
        "at": _timestamp,
        "design": _path,
        "design_name": _text,
        "fingerprint": _text,
        "players": _NAMES,
        "level": _one_of(*(level.value for level in Level)),
        "long": _flag,
        "seed": _whole(0, MAX_SEED),
        "penalty": _flag,
        "table": _list_of(_text, MAX_COUNT),
        "deal": _list_of(_text, MAX_COUNT),
    },
    "input": {"at": _timestamp, "actions": _actions},
    "undo": {"at": _timestamp},
    "rejected": {"at": _timestamp, "reason": _text},
    "revealed": {"at": _timestamp, "card": _text, "number": _whole(1, MAX_COUNT)},
    "judged": {
        "at": _timestamp,
        "card": _text,
        "answer": _text,
        "winner": _maybe(_text),
        "penalised": _NAMES,
        "returned": _NAMES,
        "scores": _scores,
    },
    "ended": {"at": _timestamp, "winners": _NAMES, "reason": _text, "scores": _scores},
}
_OPTIONAL: dict[str, dict[str, Callable[[object], str | None]]] = {
    # older logs lack them (language: from format 5)
    "start": {"deck": _one_of(*(mode.value for mode in DeckMode)), "sum": _text, "language": _one_of(*languages())},
    # ms: from the card shown to the entry, none when the card was not seen shown; line: what the
    # game master typed (formats 3 and 4; kept for the record, never read back)
    "input": {"ms": _whole(0, MAX_MS), "line": _text},
    "undo": {"line": _text},
    "rejected": {"line": _text},
}
_OUTPUT_EVENTS = ("revealed", "judged", "ended")  # what the game said: checked against the replay


def check_record(record: dict, line: int) -> None:
    """Refuse a record whose event is unknown, or one of whose keys is missing, of the wrong type
    or out of range; the error names the line and the key.

    >>> check_record({"event": "revealed", "at": "2026-11-29T14:00:00+00:00", "card": "S01", "number": 0}, 4)
    Traceback (most recent call last):
    ...
    rushmore_print.errors.GameLogError: 4: number: expected a whole number from 1 to 1048576, got 0
    """
    kind = record["event"]
    schema = _SCHEMA.get(kind)
    if schema is None:
        raise GameLogError(f"event: {shown(kind)} is not an event of a game log ({', '.join(_SCHEMA)})", line=line)
    for key, check in schema.items():
        if key not in record:
            raise GameLogError(f"{key}: missing; a {kind!r} record has {', '.join(schema)}", line=line)
        problem = check(record[key])
        if problem:
            raise GameLogError(f"{key}: {problem}", line=line)
    for key, check in _OPTIONAL.get(kind, {}).items():
        problem = check(record[key]) if key in record else None
        if problem:
            raise GameLogError(f"{key}: {problem}", line=line)


def check_sequence(records: Sequence[tuple[int, dict]]) -> None:
    """Refuse records (checked one by one already) that are not what a game writes, taken
    together: undone entries left out, each card turned over numbered one more than the last,
    each verdict on the card in play and only once, one hand per player and turn (a correction
    only of a hand that is down), nothing after the end, and every player, Monument and Search
    card one of the game's (its start record's). ``records`` are ``(line, record)`` pairs,
    the start first. ``play --resume`` and ``table --resume`` then replay the moves, ``stats``
    counts them: a line copied twice, moved, or taken from another game's log would make both
    wrong, and both are refused here the same way, naming the line.

    Raises ``GameLogError`` naming the line.

    >>> start = {"event": "start", "players": ["ann", "bob"], "table": ["M01"], "deal": ["S01 LLLL"]}
    >>> shown = {"event": "revealed", "card": "S01", "number": 1}
    >>> claim = {"event": "input", "actions": [["claim", "ann", "M01"]]}
    >>> check_sequence(list(enumerate([start, shown, claim], start=1)))
    >>> check_sequence(list(enumerate([start, shown, claim, claim], start=1)))
    Traceback (most recent call last):
    rushmore_print.errors.GameLogError: 4: a second hand of ann in one turn: the log has been edited (lines copied ...
    >>> check_sequence(list(enumerate([start, shown, {"event": "input", "actions": [["pass", "cy"]]}], start=1)))
    Traceback (most recent call last):
    rushmore_print.errors.GameLogError: 3: cy is not a player of this game: a line of another game's log?
    """
    game = _Known.of(records[0][1])
    entries: list[list[tuple[int, dict]]] = [[]]  # each entry kept: its input record, then what the game said
    for number, record in records[1:]:
        kind = record.get("event")
        if kind == "start":
            raise GameLogError("a second 'start' event: two games' logs joined? give each game its own file", number)
        if kind == "input":
            entries.append([(number, record)])
        elif kind == "undo":
            if len(entries) == 1:
                raise GameLogError(f"an undo with no entry left to take back: {_EDITED}", number)
            entries.pop()
        elif kind in _OUTPUT_EVENTS:
            entries[-1].append((number, record))
    turn = _Turn()
    for number, record in (kept for entry in entries for kept in entry):
        turn.take(record, number, game)


_EDITED = "the log has been edited (lines copied or moved), so its numbers would be wrong"
_FOREIGN = "a line of another game's log?"


@frozen_dataclass
class _Known:
    """The players, Monuments and Search cards a log's start record names."""

    players: frozenset[str]
    monuments: frozenset[str]
    cards: frozenset[str]

    @classmethod
    def of(cls, start: dict) -> _Known:
        deal = (str(entry).partition(" ")[0] for entry in start.get("deal", ()))
        return cls(frozenset(start.get("players", ())), frozenset(start.get("table", ())), frozenset(deal))

    def check(self, number: int, players=(), monuments=(), cards=()) -> None:
        for player in players:
            if player not in self.players:
                raise GameLogError(f"{logged_word(str(player))} is not a player of this game: {_FOREIGN}", number)
        for monument in monuments:
            if monument is not None and monument not in self.monuments:
                raise GameLogError(f"{logged_word(str(monument))} is not on this game's table: {_FOREIGN}", number)
        for card in cards:
            if card not in self.cards:
                raise GameLogError(f"{logged_word(str(card))} is not in this game's deal: {_FOREIGN}", number)


@dataclass
class _Turn:
    """Where a log's kept records have got to: the next card's number, the card in play, the
    hands down on it, whether the game has ended."""

    next_number: int = 1
    in_play: str | None = None
    hands: dict[str, str | None] = field(default_factory=dict)
    over: bool = False

    def take(self, record: dict, number: int, game: _Known) -> None:
        if self.over:
            raise GameLogError(f"the game goes on after it ended: {_EDITED}", number)
        kind = record["event"]
        if kind == "input":
            for move in record["actions"]:
                self._move(move, number, game)
        elif kind == "revealed":
            game.check(number, cards=[record["card"]])
            if record["number"] != self.next_number:
                at = f"card {logged_word(record['card'])} is turned over here as card {record['number']}"
                raise GameLogError(f"{at}, but the game is at card {self.next_number}: {_EDITED}", number)
            self.next_number, self.in_play, self.hands = self.next_number + 1, record["card"], {}
        elif kind == "judged":
            game.check(
                number,
                players=[*record["penalised"], *record["scores"], *([record["winner"]] if record["winner"] else [])],
                monuments=[record["answer"]],
                cards=[record["card"], *record["returned"]],
            )
            if record["card"] != self.in_play:
                raise GameLogError(
                    f"a verdict on {logged_word(record['card'])}, which is not the card in play: {_EDITED}", number
                )
            self.in_play, self.hands = None, {}
        else:  # ended
            game.check(number, players=[*record["winners"], *record["scores"]])
            self.over = True

    def _move(self, move: list, number: int, game: _Known) -> None:
        kind, player = MoveKind(move[0]), move[1]
        if kind is MoveKind.CARD:
            game.check(number, cards=[player])
            return
        game.check(number, players=[player], monuments=move[2:])
        if self.in_play is None:
            raise GameLogError(f"a hand of {logged_word(player)} while no card is in play: {_EDITED}", number)
        down = player in self.hands
        if kind in (MoveKind.CLAIM, MoveKind.PASS) and down:
            raise GameLogError(f"a second hand of {logged_word(player)} in one turn: {_EDITED}", number)
        if kind in (MoveKind.CHANGE, MoveKind.DROP) and not down:
            raise GameLogError(f"a correction of {logged_word(player)}'s hand, which is not down: {_EDITED}", number)
        if kind is MoveKind.DROP:
            del self.hands[player]
        else:
            self.hands[player] = move[2] if len(move) > 2 else None


def lost_entry(cut: str) -> Said:
    """What a line cut short by a crash held, in words for the game master (a
    :class:`~rushmore_print.language.i18n.Said`, in the players' language at the table).

    >>> lost_entry('{"event": "input", "at": "2026", "line": "ann B3", "act')
    "the entry 'ann B3' was not saved; type it again"
    >>> lost_entry('{"event": "input", "at": "2026-11-29T14:00:00.000+00:00", "acti')
    'the last entry was not saved; enter it again'
    >>> lost_entry('{"event": "judged", "ca')
    "an unfinished 'judged' record is dropped (no entry was lost)"
    """
    typed = re.search(r'"line": "((?:[^"\\]|\\.)*)"', cut)
    if typed:
        try:
            entry = json.loads(f'"{typed.group(1)}"')
        except ValueError:
            entry = typed.group(1)
        return said("the entry {typed} was not saved; type it again", typed=quoted(entry[:MAX_SHOWN_ENTRY]))
    event = re.search(r'"event": "(\w+)"', cut)
    if event and event.group(1) == "input":  # format 5 keeps no typed line to quote back
        return said("the last entry was not saved; enter it again")
    if event:
        return said("an unfinished {kind} record is dropped (no entry was lost)", kind=quoted(event.group(1)))
    return said("a partial record was not finished and is dropped (no entry was lost)")


MAX_SHOWN_ENTRY = 60  # characters of a lost entry quoted back


def output_records(events: Sequence[RefereeEvent]) -> list[dict]:
    """The records an entry's events are logged as (without their times), in order.

    >>> from rushmore_print.game.referee import EndReason
    >>> [record["event"] for record in output_records([Ended(("ann",), EndReason.POINTS, (("ann", 3),))])]
    ['ended']
    """
    return [record for record in map(output_record, events) if record is not None]


_COMPARED = {"revealed": ("card", "number"), "judged": _JUDGED_KEYS, "ended": ("winners", "scores")}


def check_output(record: dict, expected: list[dict]) -> None:
    """The recorded card, verdict or end against the next one the replay gave (``expected``, whose
    first is taken); the ended reason is not compared (formats 3 and 4 wrote it in words).
    Raises ``GameLogError`` saying what the log and the replay each say.

    >>> replayed = {"event": "revealed", "card": "S05", "number": 2}
    >>> check_output({"event": "revealed", "card": "S05", "number": 2}, [replayed])
    >>> check_output({"event": "revealed", "card": "S06", "number": 2}, [replayed])
    Traceback (most recent call last):
    rushmore_print.errors.GameLogError: the log records card 2 as S06, but replaying its lines gives card 2 as S05: ...
    """
    kind = record["event"]
    if not expected:
        raise GameLogError(
            f"the log records {_said(record)} here, but the replay has said nothing since the last line typed: "
            "the log has been edited, so it is not resumed"
        )
    wanted = expected.pop(0)
    keys = _COMPARED[kind]
    if wanted["event"] != kind or any(record[key] != wanted[key] for key in keys):
        raise GameLogError(
            f"the log records {_said(record)}, but replaying its lines gives {_said(wanted)}: "
            "the log has been edited, so it is not resumed"
        )


def _said(record: dict) -> str:
    """A card, verdict or end of a record, in words: ``'S05 won by ann (score ann 1, bob 0)'``."""
    kind = record["event"]
    if kind == "revealed":
        return f"card {record['number']} as {logged_word(record['card'])}"
    scores = ", ".join(f"{logged_word(player)} {score}" for player, score in record["scores"].items())
    if kind == "judged":
        winner = "nobody" if record["winner"] is None else logged_word(record["winner"])
        back = [
            f"{logged_word(card)} from {logged_word(player)}"
            for player, card in zip(record["penalised"], record["returned"])
        ]
        penalty = f", back to the box: {', '.join(back)}" if back else ""
        return f"{logged_word(record['card'])} won by {winner}{penalty} (score {scores})"
    return f"the end, won by {_words(record['winners']) or 'nobody'} (score {scores})"


def logged_word(text: str) -> str:
    """A word of a log in a message: control characters escaped, cut to 40 characters.

    >>> print(logged_word("ann" + chr(27)))
    ann\\x1b
    >>> len(logged_word("x" * 99))
    41
    """
    return escape(text) if len(text) <= 40 else f"{escape(text[:40])}…"


def _words(texts: list[str]) -> str:
    return ", ".join(logged_word(text) for text in texts[:MAX_PLAYERS])


__all__ = [
    "LOG_VERSION",
    "MAX_MS",
    "MAX_SEED",
    "OLDEST_LOG_VERSION",
    "MoveKind",
    "check_log",
    "check_output",
    "check_record",
    "check_sequence",
    "deck_fingerprint",
    "logged_word",
    "lost_entry",
    "move_of",
    "move_record",
    "output_record",
    "output_records",
    "parse_log",
    "same_deck",
    "seconds_of",
    "start_sum",
    "timestamp",
]
