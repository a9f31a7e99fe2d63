"""A game at the table: the game master's lines, the log format, resume.

Pure: no click and no files. The CLI reads a line, passes it to :meth:`Session.handle`, prints the
events of the :class:`Step` it gets back and appends the step's records to the log
(:class:`rushmore_print.writers.gamelog.GameLog`). :meth:`Session.resume` rebuilds a game from those
records, checking that the design and seed still deal the game that was logged, and that every
card, verdict and score the log recorded is the one the replay gives. A log comes back from
outside: :func:`parse_log` bounds each line's nesting before parsing it and checks every record
by type and range (:func:`check_record`), so an edited or crafted log is refused by its line.

What the game master types (one line, any case):

- ``ann B3`` / ``ann M7`` / ``ann pass``: a claim; a name may be shortened to a prefix only one
  player has (``a d1``); several on one line, comma-separated, in hand order (``a d1, b pass``);
- ``.`` everybody still to claim passes (``a d1, .``);
- quick mode: ``ann`` (or ``a``) ann was on the right Monument and everyone else passes; ``-`` nobody;
- ``change ann C2`` / ``change ann pass`` / ``drop ann``: correct one claim of this turn;
- table mode: the id (``S21``) or notation (``LR*RL``) of the card just turned over;
- Enter: show the next card (when the session holds it back); ``undo``: take back the last line;
- ``score``, ``grid``, ``help``, ``quit``.

>>> from rushmore_print import load_design, generate_deck
>>> design = load_design()
>>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
...                       design_name=design.name, clock=lambda: 0.0)
>>> step = session.start()
>>> [type(e).__name__ for e in step.events], step.records[0]["event"]
(['Setup', 'Revealed'], 'start')
>>> answer = session.game.table.position_of(session.game.current.answer)
>>> [type(e).__name__ for e in session.handle(f"a {answer}, b pass").events]
['Claimed', 'Passed', 'Judged', 'ShowScore', 'Revealed']
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from ..design import MAX_PLAYERS, Rules
from ..errors import ClaimError, GameLogError, NothingToUndo, RushmoreError
from ..language.i18n import SOURCE_LANGUAGE, default_directions, languages, quoted, said
from ..model import Deck, Level
from ..readers.inputs import escape, shown
from ..readers.jsontext import NotJSON, loads
from .referee import (
    DeckMode,
    Ended,
    Game,
    Judged,
    RefereeEvent,
    Revealed,
    Table,
    Undone,
)

# 3: the card a penalty gives back, reaction times; tie-breaks climb level by level
# 4: the deck's fingerprint is its notation and rules, not its directions' words (deck_fingerprint)
LOG_VERSION = 4
OLDEST_LOG_VERSION = 3  # format 3 still resumes: the same records, its fingerprint checked in its own form
MAX_SEED = 2**63 - 1  # a seed is a whole number 0..MAX_SEED: it goes into the log's file name
MAX_LINE = 500  # characters; a longer line is read in bounded pieces and refused
IDLE_SECONDS = 300.0  # a longer pause between two lines counts as a break, not as play


@dataclass(frozen=True)
class Options:
    """What a game is dealt from (the rest comes from the design).

    >>> options = Options(("ann", "bob"), level=Level.ADVANCED, seed=7)
    >>> options.players, options.level, options.long_game, options.deck_mode
    (('ann', 'bob'), <Level.ADVANCED: 'advanced'>, False, <DeckMode.SCREEN: 'screen'>)
    """

    players: tuple[str, ...]
    level: Level = Level.BASIC
    long_game: bool = False
    seed: int = 0
    penalty: bool = False
    deck_mode: DeckMode = DeckMode.SCREEN


# ----------------------------------------------------------------------------- session events


@dataclass(frozen=True)
class Ready:
    """A card is drawn and held back until the game master presses Enter (hands are still down).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> session.hold = True
    >>> session.start().events[-1]
    Ready(number=1, total=12, tiebreak=None)
    >>> session.handle("").events[0].card.id
    'S12'
    """

    number: int
    total: int
    tiebreak: tuple[str, ...] | None


@dataclass(frozen=True)
class Rejected:
    """A line the session did not take; ``reason`` is English, and a :class:`~rushmore_print.language.i18n.Said`
    when a front end can say it in the players' language. Nothing in the game changed; the log
    keeps it.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> _ = session.start()
    >>> session.handle("zed A1").events
    (Rejected(line='zed A1', reason="no player called 'zed'; the players are ann and bob"),)
    """

    line: str
    reason: str


@dataclass(frozen=True)
class ShowScore:
    """The answer to score (and the score after each turn): cards won per player, cards left in the
    deck, and whether a card is in play.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> _ = session.start()
    >>> session.handle("score").events
    (ShowScore(scores=(('ann', 0), ('bob', 0)), cards_left=11, in_play=True),)
    """

    scores: tuple[tuple[str, int], ...]
    cards_left: int
    in_play: bool


@dataclass(frozen=True)
class ShowGrid:
    """The answer to grid: the table as laid out, to show again.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> _ = session.start()
    >>> session.handle("grid").events[0].table.positions[:2]
    (('A1', 'M05'), ('A2', 'M12'))
    """

    table: Table


@dataclass(frozen=True)
class ShowHelp:
    """The answer to help: which inputs to explain (quick mode's, table mode's).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> session.handle("help").events
    (ShowHelp(quick=False, deck_mode=<DeckMode.SCREEN: 'screen'>),)
    """

    quick: bool
    deck_mode: DeckMode


@dataclass(frozen=True)
class Summary:
    """The end of the game: cards won, wrong claims, turns, time played.

    >>> Summary((("ann", 3), ("bob", 1)), (("ann", 0), ("bob", 2)), turns=4, seconds=95.5).turns
    4
    """

    scores: tuple[tuple[str, int], ...]
    wrong: tuple[tuple[str, int], ...]
    turns: int
    seconds: float


@dataclass(frozen=True)
class Quit:
    """The game master left the table; the game is saved in its log.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> _ = session.start()
    >>> session.handle("quit").events
    (Quit(),)
    """


@dataclass(frozen=True)
class Finished:
    """The game is over and the game master closed it.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> _ = session.start()
    >>> while not session.game.over:
    ...     _ = session.handle(f"ann {session.game.current.answer}, bob pass")
    >>> session.handle("").events
    (Finished(),)
    """


SessionEvent = RefereeEvent | Ready | Rejected | ShowScore | ShowGrid | ShowHelp | Summary | Quit | Finished
"""What a :class:`Session` step shows: the referee's events and the session's own."""


@dataclass(frozen=True)
class Step:
    """What one line (or the start) gave: the events to show, in order, and the records to append to
    the game's log.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> step = session.handle("help")
    >>> step.events, step.records
    ((ShowHelp(quick=False, deck_mode=<DeckMode.SCREEN: 'screen'>),), ())
    """

    events: tuple[SessionEvent, ...] = ()
    records: tuple[dict, ...] = ()


# ----------------------------------------------------------------------------- the log format


def timestamp(seconds: float) -> str:
    """A time (seconds since the epoch) as the log writes it: ISO 8601, UTC, in milliseconds.

    >>> timestamp(0), timestamp(1.5)
    ('1970-01-01T00:00:00.000+00:00', '1970-01-01T00:00:01.500+00:00')
    """
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).isoformat(timespec="milliseconds")


def _seconds(stamp: object) -> float | None:
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


def _output_record(event: object) -> dict | None:
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
        reason = str(event.reason)  # the log keeps the English
        return {"event": "ended", "winners": list(event.winners), "reason": reason, "scores": dict(event.scores)}
    return None


def parse_log(text: str) -> tuple[list[tuple[int, dict]], str | None]:
    """The records of a log with their line numbers, and the last line if a crash cut it short.

    Only the last line may be cut short (the log is appended a line at a time); any other line
    that is not a JSON object is damage, and an error names it. Each line's nesting is bounded
    before it is parsed, and every record is checked by type and range (:func:`check_record`),
    the start record's format version first.

    >>> parse_log('{"event": "start", "version": 9}\\n')
    Traceback (most recent call last):
    ...
    rushmore_print.errors.GameLogError: 1: version: written by a newer rushmore-print (format 9); this one reads up to 4
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
            raise GameLogError(f"{exc}; the log is damaged", line=number) from None
        if not isinstance(record, dict) or not isinstance(record.get("event"), str):
            raise GameLogError("not a game event", line=number)
        if not records:
            if record["event"] != "start":
                raise GameLogError("a game log starts with a 'start' event", line=number)
            _check_version(record, number)
        records.append((number, record))
        check_record(record, number)
    if not records:
        raise GameLogError("a game log starts with a 'start' event", line=1)
    return records, cut


MAX_NESTING = 4  # a record nests 3 levels deep (an input's list of actions); one more is spare


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
        raise ValueError("not a JSON line") from None


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
    if problem is None and _seconds(value) is None:
        return f"expected a time such as 2026-11-29T14:00:00.000+00:00, got {shown(value)}"
    return problem


MAX_TEXT = 10_000
MAX_COUNT = 1 << 20  # cards, turns and scores: far beyond any deck
MAX_MS = 7 * 24 * 3600 * 1000  # a reaction time in milliseconds: a week is far beyond any turn
_ACTIONS: dict[str, tuple[bool, ...]] = {  # an action's words: may each one be null?
    "claim": (False, False),
    "pass": (False,),
    "change": (False, True),
    "drop": (False,),
    "card": (False,),
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
    "input": {"at": _timestamp, "line": _text, "actions": _actions},
    "undo": {"at": _timestamp, "line": _text},
    "rejected": {"at": _timestamp, "line": _text, "reason": _text},
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
_OPTIONAL = {
    "start": {"deck": _one_of(*(mode.value for mode in DeckMode)), "sum": _text},  # older logs lack them
    "input": {"ms": _whole(0, MAX_MS)},  # from the card shown to this line; none when the card was not seen shown
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


def lost_entry(cut: str) -> str:
    """What a line cut short by a crash held, in words for the game master (a
    :class:`~rushmore_print.language.i18n.Said`, in the players' language at the table).

    >>> lost_entry('{"event": "input", "at": "2026", "line": "ann B3", "act')
    "the entry 'ann B3' was not saved; type it again"
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
    if event:
        return said("an unfinished {kind} record is dropped (no entry was lost)", kind=quoted(event.group(1)))
    return said("a partial record was not finished and is dropped (no entry was lost)")


MAX_SHOWN_ENTRY = 60  # characters of a lost entry quoted back


# ----------------------------------------------------------------------------- the session


@dataclass
class _Clock:
    now: Callable[[], float]
    played: float = 0.0
    last: float | None = None

    def tick(self, at: float | None = None) -> float:
        """Count the time since the last line as play, unless it was a break."""
        now = self.now() if at is None else at
        if self.last is not None:
            self.played += min(max(now - self.last, 0.0), IDLE_SECONDS)
        self.last = now
        return now


class Session:
    """One game at the table. Build with :meth:`new` (then :meth:`start`) or :meth:`resume`.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> step = session.start()
    >>> [type(event).__name__ for event in step.events], [record["event"] for record in step.records]
    (['Setup', 'Revealed'], ['start', 'revealed'])
    >>> [type(event).__name__ for event in session.handle("a d2, b pass").events]
    ['Claimed', 'Passed', 'Judged', 'ShowScore', 'Revealed']
    """

    def __init__(
        self,
        game: Game,
        design_name: str,
        design_path: str | None,
        quick: bool,
        hold: bool,
        clock: Callable[[], float],
        language: str = SOURCE_LANGUAGE,
    ):
        self.game = game
        self.design_name = design_name
        self.language = language  # the design's: what the front ends say things in (never logged)
        self.design_path = design_path
        self.quick = quick
        self.hold = hold
        self.held: Revealed | None = None
        self._clock = _Clock(clock)
        self._lines: list[tuple[int, str]] = []  # each line taken: (Game.mark() before it, its text)
        self._shown: dict[str, float] = {}  # card id -> when it was first shown: reaction times count from there

    @classmethod
    def new(
        cls,
        deck: Deck,
        rules: Rules,
        grid: tuple[int, int],
        options: Options,
        *,
        design_name: str,
        design_path: str | None = None,
        quick: bool = False,
        hold: bool = False,
        clock: Callable[[], float] = time.time,
        language: str = SOURCE_LANGUAGE,
    ) -> Session:
        """A new game, dealt from ``options.seed``; :meth:`start` lays it out. ``language``: the
        players' (the design's ``language:``), for the front ends' words.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> options = Options(("ann", "bob", "cy"), seed=3)
        >>> session = Session.new(generate_deck(design), design.rules, design.grid, options, design_name=design.name)
        >>> session.game.players, session.game.current
        (('ann', 'bob', 'cy'), None)
        """
        game = Game.new(
            deck,
            rules,
            grid,
            options.players,
            options.level,
            options.long_game,
            options.seed,
            options.penalty,
            options.deck_mode,
        )
        return cls(game, design_name, design_path, quick, hold, clock, language)

    @property
    def options(self) -> Options:
        """The options the game was dealt with (what --resume compares against).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> session.options == Options(("ann", "bob"), seed=3)
        True
        """
        c = self.game.config
        return Options(c.players, c.level, c.long_game, c.seed, c.penalty, c.deck_mode)

    def start(self) -> Step:
        """The start record, the setup and the first card (held back when ``hold``).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name, clock=lambda: 0.0)
        >>> start = session.start().records[0]
        >>> start["event"], start["seed"], start["players"], start["at"]
        ('start', 3, ['ann', 'bob'], '1970-01-01T00:00:00.000+00:00')
        """
        at = self._clock.tick()
        start = self._start_record(at)  # before the first card leaves the box
        return self._step(self.game.start(), [start], at)

    def _start_record(self, at: float) -> dict:
        game, options = self.game, self.options
        notation = game.deck.notation
        record = {
            "event": "start",
            "version": LOG_VERSION,
            "at": timestamp(at),
            "design": self.design_path,
            "design_name": self.design_name,
            "fingerprint": deck_fingerprint(game.deck, game.rules),
            "players": list(options.players),
            "level": options.level.value,
            "long": options.long_game,
            "seed": options.seed,
            "penalty": options.penalty,
            "deck": options.deck_mode.value,
            "table": [monument for _, monument in game.table.positions],
            "deal": [f"{card} {notation.search(c.faces, c.red)}" for card, c in self._box()],
        }
        return {**record, "sum": start_sum(record)}

    def _box(self):
        cards = {card.id: card for card in self.game.deck.search}
        return [(card, cards[card]) for card in self.game.state.box]

    # -- a line from the game master

    def handle_bytes(self, data: bytes) -> Step:
        """One line as the terminal or a script gave it: read as UTF-8, or refused with a sentence
        (and the game goes on) when it is not.

        >>> from rushmore_print import load_design, generate_deck
        >>> design = load_design()
        >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob")),
        ...                       design_name=design.name, clock=lambda: 0.0)
        >>> session.handle_bytes(b"ann \\xff pass").events[0].reason
        'byte 5 (0xff) is not UTF-8; type the line again'
        """
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            if len(data) > 4 * MAX_LINE:
                return self.handle(data.decode("utf-8", "replace"))  # refused for its length
            at = self._clock.tick()
            byte = format(data[exc.start], "02x")
            reason = said("byte {index} (0x{byte}) is not UTF-8; type the line again", index=exc.start + 1, byte=byte)
            return self._reject(data.decode("utf-8", "backslashreplace"), reason, at)
        return self.handle(text)

    def handle(self, line: str) -> Step:
        """One line typed at the table (without its newline); never raises for bad input.

        Returns the events to show and the records to log: a Rejected event (and record) for a line
        that breaks a rule or is not understood.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> _ = session.start()
        >>> session.handle("score").events
        (ShowScore(scores=(('ann', 0), ('bob', 0)), cards_left=11, in_play=True),)
        >>> [type(event).__name__ for event in session.handle("ann d2, .").events]
        ['Claimed', 'Passed', 'Judged', 'ShowScore', 'Revealed']
        >>> [type(event).__name__ for event in session.handle("undo").events]
        ['Undone', 'Revealed']
        """
        at = self._clock.tick()
        if not _is_text(line):  # a lone surrogate: not text, and the log could not hold it
            return self._reject(line.encode("utf-8", "backslashreplace").decode(), said("the line is not text"), at)
        if len(line) > MAX_LINE:
            too_long = said("a line of more than {most} characters is not read", most=MAX_LINE)
            return self._reject(line[:40] + "...", too_long, at)
        text = " ".join(line.split())
        try:
            return self._dispatch(text, at)
        except RushmoreError as exc:
            reason = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
            return self._reject(text, reason, at)  # a Said reason: the front end says it in the players' language

    def _dispatch(self, text: str, at: float) -> Step:
        command = text.casefold()
        game = self.game
        if command == "undo":
            return self._undo(at)
        if game.over:
            if command in ("", "quit"):
                return Step((Finished(),))
            raise ClaimError(said("the game is over: type undo to take back the last entry, or press Enter to leave"))
        if command in ("score", "grid", "help", "quit"):
            return Step((self._command(command),))
        if not text:
            return self._show_held(at)
        if self.held is not None:
            raise ClaimError(said("card {number} is not shown yet: press Enter to reveal it", number=self.held.number))
        if game.state.awaiting and not command.startswith(("change ", "drop ")):
            return self._group(text, [("card", text)], at)
        return self._group(text, self._actions(text), at)

    def _command(self, command: str):
        game = self.game
        if command == "score":
            return ShowScore(game.scores(), game.cards_left, game.current is not None)
        if command == "grid":
            return ShowGrid(game.table)
        if command == "help":
            return ShowHelp(self.quick, game.config.deck_mode)
        return Quit()

    def _show_held(self, at: float) -> Step:
        held, self.held = self.held, None
        if held is None:
            return Step()
        self._shown.setdefault(held.card.id, at)
        return Step((held,))

    def reaction_ms(self, at: float) -> int | None:
        """Milliseconds from the card in play being shown to ``at`` (None: no card is in play, or it
        was shown before this session began, as after a resume).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> rules, grid = design.rules, design.grid
        >>> session = Session.new(deck, rules, grid, options, design_name=design.name, clock=lambda: 100.0)
        >>> session.reaction_ms(101.0) is None  # no card shown yet
        True
        >>> _ = session.start()
        >>> session.reaction_ms(101.25)
        1250
        """
        card = self.game.current
        shown_at = self._shown.get(card.id) if card is not None and self.held is None else None
        return None if shown_at is None else min(max(0, round((at - shown_at) * 1000)), MAX_MS)

    def _actions(self, text: str) -> list[tuple]:
        """The inputs a line stands for, in order (names and targets as typed)."""
        actions: list[tuple] = []
        for item in _items(text):
            words = item.split()
            verb = words[0].casefold()
            if item == "." or (self.quick and item == "-"):
                actions.append(("rest-pass",))
            elif self.quick and len(words) == 1:
                actions.append(("right", item))
            elif verb == "change" and len(words) == 3:
                actions.append(("change", words[1], None if words[2].casefold() == "pass" else words[2]))
            elif verb == "drop" and len(words) == 2:
                actions.append(("drop", words[1]))
            elif len(words) == 2 and words[1].casefold() == "pass":
                actions.append(("pass", words[0]))
            elif len(words) == 2:
                actions.append(("claim", words[0], words[1]))
            else:
                raise ClaimError(said("cannot read {typed}; type help for the forms", typed=quoted(item)))
        return actions

    def _group(self, text: str, actions: list[tuple], at: float) -> Step:
        """Apply a line's inputs together: all of them, or (on an error) none."""
        game = self.game
        mark = game.mark()
        ms = self.reaction_ms(at)
        events: list[RefereeEvent] = []
        done: list[list] = []
        try:
            for index, action in enumerate(actions):
                judged = index and any(isinstance(e, (Judged, Ended)) for e in events)
                if judged and all(later == ("rest-pass",) for later in actions[index:]):
                    break  # a trailing "." once everyone has claimed: nobody is left to pass
                if judged:
                    raise ClaimError(
                        said("the turn was judged before {typed}; type that again", typed=quoted(_describe(action)))
                    )
                new, canonical = self._apply(action)
                events += new
                done += canonical
        except RushmoreError:
            game.rollback(mark)
            raise
        self._lines.append((mark, text))
        record: dict[str, Any] = {"event": "input", "at": timestamp(at), "line": text, "actions": done}
        if ms is not None:
            record["ms"] = ms
        return self._step(events, [record], at)

    def _apply(self, action: tuple) -> tuple[list, list[list]]:
        """Run one input on the game; return its events and its canonical form for the log."""
        game = self.game
        kind = action[0]
        if kind == "rest-pass":
            return self._rest_pass(game.waiting_for())
        if kind == "right":
            player = game.player_named(action[1])
            answer = game.in_play().answer
            events = game.claim(player, answer)
            if any(isinstance(event, Judged) for event in events):  # a tie-break's last hand
                return events, [["claim", player, answer]]
            more, canonical = self._rest_pass(game.waiting_for())
            return events + more, [["claim", player, answer], *canonical]
        return _run_input(game, list(action))

    def _rest_pass(self, waiting: tuple[str, ...]) -> tuple[list, list[list]]:
        if not waiting:
            raise ClaimError(said("everybody has claimed already"))
        events: list = []
        for player in waiting:
            events += self.game.pass_(player)
        return events, [["pass", player] for player in waiting]

    def _undo(self, at: float) -> Step:
        if not self._lines:
            raise NothingToUndo(said("nothing to undo"))
        mark, text = self._lines.pop()
        reopened = self.game.rollback(mark)
        self.held = None
        events: list[SessionEvent] = [Undone(quoted(text))]
        if reopened:
            events.append(self.game.showing())
        return Step(tuple(events), ({"event": "undo", "at": timestamp(at), "line": "undo"},))

    def _reject(self, text: str, reason: str, at: float) -> Step:
        record = {"event": "rejected", "at": timestamp(at), "line": text, "reason": str(reason)}  # the log: English
        return Step((Rejected(text, reason),), (record,))

    def _score_after(self, events: list[RefereeEvent]) -> ShowScore:
        """The score once a card is judged. The next card is already drawn by then but not yet
        shown, so it still counts as left in the deck: after card 1 of 12, 11 are left."""
        game = self.game
        drawn = any(isinstance(e, Revealed) and not e.again and not e.tiebreak for e in events)
        return ShowScore(game.scores(), game.cards_left + drawn, game.current is not None and not drawn)

    def _step(self, events: list[RefereeEvent], records: list[dict], at: float) -> Step:
        """Add the output records and the summary; hold a newly drawn card back if asked."""
        shown: list[SessionEvent] = []
        for event in events:
            record = _output_record(event)
            if record:
                records.append({"event": record.pop("event"), "at": timestamp(at), **record})
            if isinstance(event, Revealed) and not event.again and self._holds_cards:
                self.held = event
                shown.append(Ready(event.number, event.total, event.tiebreak))
            else:
                if isinstance(event, Revealed):
                    self._shown.setdefault(event.card.id, at)
                shown.append(event)
            if isinstance(event, Ended):
                shown.append(self.summary())
            if isinstance(event, Judged) and not self.game.over:
                shown.append(self._score_after(events))
        return Step(tuple(shown), tuple(records))

    @property
    def _holds_cards(self) -> bool:
        """Hold a drawn card back until Enter: only the referee's own cards (a card the game
        master turned over is already on the table)."""
        return self.hold and self.game.config.deck_mode is DeckMode.SCREEN

    def summary(self) -> Summary:
        """The game so far, in figures: cards won and wrong claims per player, turns judged, seconds played.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name, clock=lambda: 0.0)
        >>> _ = session.start().events + session.handle("ann d2, bob a1").events
        >>> session.summary()
        Summary(scores=(('ann', 1), ('bob', 0)), wrong=(('ann', 0), ('bob', 1)), turns=1, seconds=0.0)
        """
        game = self.game
        return Summary(game.scores(), game.wrong_claims(), game.state.turns, self._clock.played)

    # -- resume

    @classmethod
    def resume(
        cls,
        deck: Deck,
        rules: Rules,
        grid: tuple[int, int],
        records: list[tuple[int, dict]],
        *,
        design_name: str,
        quick: bool = False,
        hold: bool = False,
        clock: Callable[[], float] = time.time,
        language: str = SOURCE_LANGUAGE,
    ) -> Session:
        """Replay a log (from :func:`parse_log`); refuses a design or seed that deals differently,
        and a log whose recorded cards, verdicts or scores are not what the replay gives.

        Raises GameLogError naming the log's line at fault.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> records = list(session.start().records) + list(session.handle("ann d2, bob pass").records)
        >>> numbered = list(enumerate(records, start=1))
        >>> again = Session.resume(deck, design.rules, design.grid, numbered, design_name=design.name)
        >>> again.game.scores(), again.game.current.id == session.game.current.id
        ((('ann', 1), ('bob', 0)), True)
        >>> Session.resume(deck, design.rules, design.grid, numbered, design_name="Another game")
        Traceback (most recent call last):
        rushmore_print.errors.GameLogError: 1: the log is a game of 'Mount Rushmore', not 'Another game'; ...
        """
        for number, record in records:  # parse_log has checked them; a caller's records may not be
            if not isinstance(record, dict) or not isinstance(record.get("event"), str):
                raise GameLogError("not a game event", line=number)
            check_record(record, number)
        if not records or records[0][1]["event"] != "start":
            raise GameLogError("a game log starts with a 'start' event", line=records[0][0] if records else 1)
        line, start = records[0]
        _check_version(start, line)
        if start["design_name"] != design_name:
            raise GameLogError(
                f"the log is a game of {shown(start['design_name'])}, not {shown(design_name)}; give its design file",
                line=line,
            )
        try:
            options = _options_of(start)
            session = cls.new(
                deck,
                rules,
                grid,
                options,
                design_name=design_name,
                quick=quick,
                hold=hold,
                clock=clock,
                language=language,
            )
        except RushmoreError as exc:
            raise GameLogError(f"the 'start' event cannot begin a game: {exc}", line=line) from None
        session.design_path = start["design"]
        try:
            session._check_deal(start)
        except GameLogError as exc:
            raise GameLogError(str(exc), line=line) from None
        if "sum" in start and start["sum"] != start_sum(start):  # the same deal, other options
            raise GameLogError("the game's options have been edited since it began, so it is not resumed", line=line)
        started = _seconds(start["at"])
        if started is not None:
            session._clock.tick(started)
        session._replay(records[1:])
        session.held = None
        session._clock.last = None
        return session

    def _check_deal(self, start: dict) -> None:
        """Refuse a design or seed that lays out or deals differently from the logged game."""
        logged = self._start_record(0.0)
        for position, (was, now) in enumerate(zip(start["table"], logged["table"])):
            if was != now:
                where = self.game.table.positions[position][0]
                raise GameLogError(
                    f"the logged game has {_word(was)} at {where}; this design and seed put {now} there, "
                    "so it is not the same game"
                )
        for number, (was, now) in enumerate(zip(start["deal"], logged["deal"]), start=1):
            if was != now:
                raise GameLogError(
                    f"card {number} of the logged game's box is {_word(was)}; this design and seed give {now}, "
                    "so it is not the same game"
                )
        if len(start["deal"]) != len(logged["deal"]) or not same_deck(start, self.game.deck, self.game.rules):
            raise GameLogError(
                "the design's cards or rules have changed since this game was dealt; give the design it used"
            )

    def _replay(self, records: list[tuple[int, dict]]) -> None:
        """Replay the inputs; each card, verdict and score the log recorded must be the one the
        replay gives (a log edited by hand is refused, naming the line that disagrees)."""
        expected = _records_of(self.game.start())  # what the game said, still to be met in the log
        for number, record in records:
            at = _seconds(record["at"])
            if at is not None:
                self._clock.tick(at)
            kind = record["event"]
            try:
                if kind in _OUTPUT_EVENTS:
                    _check_output(record, expected)
                    continue
                # a new line: what the last one said may be missing from the log (a full disk
                # stopped the game mid-line), never different
                expected = []
                if kind == "input":
                    expected = _records_of(self._replay_group(record))
                elif kind == "undo":
                    self._undo(0.0)
            except GameLogError as exc:
                raise GameLogError(str(exc), line=number) from None
            except RushmoreError as exc:
                # an edited or damaged record: say where, never a traceback
                raise GameLogError(f"cannot replay this {kind!r} event: {exc}", line=number) from None

    def _replay_group(self, record: dict) -> list[RefereeEvent]:
        game = self.game
        mark = game.mark()
        events: list[RefereeEvent] = []
        try:
            for action in record["actions"]:
                events += _run_input(game, list(action))[0]
        except RushmoreError:
            game.rollback(mark)
            raise
        self._lines.append((mark, record["line"]))
        return events


def _records_of(events: list[RefereeEvent]) -> list[dict]:
    """The records a line's events are logged as (without their times), in order."""
    return [record for record in map(_output_record, events) if record is not None]


_COMPARED = {"revealed": ("card", "number"), "judged": _JUDGED_KEYS, "ended": ("winners", "scores")}


def _check_output(record: dict, expected: list[dict]) -> None:
    """The recorded card, verdict or end against the next one the replay gave (the ended reason
    is words and may be worded otherwise by another version: it is not compared)."""
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
        return f"card {record['number']} as {_word(record['card'])}"
    scores = ", ".join(f"{_word(player)} {score}" for player, score in record["scores"].items())
    if kind == "judged":
        winner = "nobody" if record["winner"] is None else _word(record["winner"])
        back = [f"{_word(card)} from {_word(player)}" for player, card in zip(record["penalised"], record["returned"])]
        penalty = f", back to the box: {', '.join(back)}" if back else ""
        return f"{_word(record['card'])} won by {winner}{penalty} (score {scores})"
    return f"the end, won by {_words(record['winners']) or 'nobody'} (score {scores})"


def _word(text: str) -> str:
    """A word of a log in a message: control characters escaped, cut to 40 characters."""
    return escape(text) if len(text) <= 40 else f"{escape(text[:40])}…"


def _words(texts: list[str]) -> str:
    return ", ".join(_word(text) for text in texts[:MAX_PLAYERS])


def _items(text: str) -> list[str]:
    """``"a d1, b pass ."`` -> ``["a d1", "b pass", "."]``."""
    items = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise ClaimError(said("cannot read {typed}: an empty claim between commas", typed=quoted(text)))
        if part != "." and part.endswith("."):  # "b pass ." and "b pass." both end with: the rest pass
            items += [part[:-1].strip(), "."]
        else:
            items.append(part)
    return items


def _describe(action: tuple) -> str:
    return " ".join(str(word) for word in action[1:] if word is not None) or "."


def _run_input(game: Game, action: list) -> tuple[list[RefereeEvent], list[list]]:
    """One canonical input (``["claim", "ann", "M07"]``) on ``game``; its events and logged form."""
    kind, args = action[0], action[1:]
    if kind == "claim":
        player, target = game.player_named(args[0]), args[1]
        events = game.claim(player, target)
        return events, [["claim", player, game.monument_named(target)]]
    if kind == "pass":
        player = game.player_named(args[0])
        return game.pass_(player), [["pass", player]]
    if kind == "change":
        player = game.player_named(args[0])
        target = None if args[1] is None else game.monument_named(args[1])
        return game.change(player, target), [["change", player, target]]
    if kind == "drop":
        player = game.player_named(args[0])
        return game.drop(player), [["drop", player]]
    if kind == "card":
        events = game.turn_over(args[0])
        card = next(event.card.id for event in events if isinstance(event, Revealed))
        return events, [["card", card]]
    raise ClaimError(f"unknown input {kind!r}")


def _options_of(start: dict) -> Options:
    """The options of a start record that :func:`check_record` has passed."""
    return Options(
        tuple(start["players"]),
        Level(start["level"]),
        start["long"],
        start["seed"],
        start["penalty"],
        DeckMode(start.get("deck", "screen")),
    )


def conflicts(logged: Options, given: dict[str, Any]) -> list[str]:
    """The options given with ``--resume`` that differ from the logged game's, in words.

    >>> conflicts(Options(("ann", "bob"), seed=3), {"players": ["ANN", "bob"], "seed": 4, "level": None})
    ['seed 4 (the logged game has 3)']
    """
    found = []
    logged_values = asdict(logged)  # given is keyed by Options' fields
    for name, value in given.items():
        if value is None:
            continue
        was = logged_values[name]
        if name == "players":
            same = [p.casefold() for p in value] == [p.casefold() for p in was]
            shown_was, shown_value = ",".join(was), ",".join(value)
        else:
            same = value == was
            shown_was = getattr(was, "value", was)
            shown_value = getattr(value, "value", value)
        if not same:
            found.append(f"{name.replace('_', ' ')} {shown_value} (the logged game has {shown_was})")
    return found


__all__ = [
    "MAX_LINE",
    "MAX_SEED",
    "Finished",
    "Options",
    "Quit",
    "Ready",
    "Rejected",
    "Session",
    "ShowGrid",
    "ShowHelp",
    "ShowScore",
    "Step",
    "Summary",
    "check_record",
    "conflicts",
    "deck_fingerprint",
    "lost_entry",
    "parse_log",
    "same_deck",
    "start_sum",
    "timestamp",
]
