"""The game at a terminal: the game master's lines read into actions (:mod:`rushmore_print.cli.prompt`),
the session's events told as text (:mod:`rushmore_print.game.narrate`).

A front end like ``cli`` (it talks to the user), but free of click: every stream is injected
(:class:`Streams`), so tests drive a whole game with ``io.BytesIO`` and ``io.StringIO``, and
other front ends can reuse the pieces; see tests/test_console.py.
"""

from __future__ import annotations

import contextlib
import datetime
import enum
import io
import shutil
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import field
from pathlib import Path
from typing import IO, TYPE_CHECKING, BinaryIO, TextIO

from ..errors import OptionsError
from ..frozen import frozen_dataclass
from ..model import Level
from ..readers.inputs import STDIN, STDIN_NAME, InputKind, read_stream, shown_path

if TYPE_CHECKING:
    from ..design import Design
    from ..game.narrate import Narrator
    from ..game.session import Session, Step
    from ..language.i18n import Catalogue
    from ..model import Deck
    from ..writers.gamelog import GameLog

__all__ = [
    "GameRequest",
    "Outcome",
    "ResumeConflict",
    "Streams",
    "Table",
    "as_bytes",
    "load_deck",
    "load_design",
    "narrator_for",
    "new_log",
    "new_session",
    "play",
    "print_order",
    "read_line",
    "resume",
]


def load_design(path: Path | None, stdin: BinaryIO | None = None) -> Design:
    """The design at ``path`` (the classic one when None; ``-`` reads ``stdin``, its art found from
    the current folder). The reader is imported only when a command reads a design, so help
    texts and ``impose`` start fast. A ``print.font`` is also read by the renderers themselves
    (``render.fontcheck``), so every command refuses at once, with its line, a font that
    ``build`` could not draw.

    >>> load_design(None).name
    'Mount Rushmore'
    """
    from ..design import load_design as read
    from ..design import parse_design

    if path is not None and str(path) == STDIN:
        from ..errors import Problem, SpecError
        from ..readers.inputs import InputError, decode_input

        try:
            text = decode_input(read_stream(stdin or sys.stdin.buffer, InputKind.DESIGN), STDIN_NAME)
        except InputError as exc:
            raise SpecError([Problem(STDIN_NAME, None, "", exc.reason)]) from None
        return parse_design(text, STDIN_NAME, base_dir=Path.cwd(), font_check=_renderers_font_check)
    return read(path, font_check=_renderers_font_check)


def _renderers_font_check(path: Path, texts: tuple[str, ...]) -> None:
    from ..render.fontcheck import check_font  # reportlab and Pillow: only for a design with a font

    check_font(path, texts)


def load_deck(path: Path | None, stdin: BinaryIO | None = None) -> tuple[Design, Deck]:
    """The design at ``path`` and the deck it generates (see :func:`load_design`).

    >>> design, deck = load_deck(None)
    >>> design.name, len(deck.monuments), len(deck.search)
    ('Mount Rushmore', 16, 39)
    """
    from ..deck.generate import generate_deck

    design = load_design(path, stdin)
    return design, generate_deck(design)


def _pause(seconds: float) -> None:
    """Wait between the beats of a countdown; ``time.sleep`` is looked up at each call, so a test
    can replace it.

    >>> _pause(0)
    """
    time.sleep(seconds)


@frozen_dataclass
class Streams:
    """Where the game master's lines come from and where the game is told. ``interactive``: a
    person at a keyboard (each card then waits for Enter, and the prompt shows the state).

    >>> streams = Streams(io.BytesIO(b"ann B3\\n"), io.StringIO(), io.StringIO())
    >>> read_line(streams.stdin, "", streams.interactive)
    b'ann B3'
    """

    stdin: BinaryIO | TextIO
    stdout: TextIO
    stderr: TextIO
    interactive: bool = False
    width: int = 80
    colour: bool = False
    unicode: bool = True
    sleep: Callable[[float], None] = field(default=_pause, repr=False)

    @classmethod
    def system(cls) -> Streams:
        """The process's own streams, with the terminal's width, colour and encoding.

        >>> Streams.system().stderr is sys.stderr
        True
        """
        import os

        encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
        return cls(
            sys.stdin,
            sys.stdout,
            sys.stderr,
            interactive=sys.stdin.isatty(),
            width=shutil.get_terminal_size((80, 24)).columns,
            colour=sys.stdout.isatty() and not os.environ.get("NO_COLOR"),
            unicode=encoding == "utf8",
        )

    def say(self, line: str = "", end: str = "\n") -> None:
        """A line of the game on stdout, flushed (``end=""``: the rest of the line follows).

        >>> streams = Streams(io.BytesIO(), io.StringIO(), io.StringIO())
        >>> streams.say("3... ", end=""), streams.say("go")
        (None, None)
        >>> streams.stdout.getvalue()
        '3... go\\n'
        """
        _write(self.stdout, line + end)

    def warn(self, line: str) -> None:
        """A line on stderr, flushed: a refused entry, the input that ended too soon.

        >>> streams = Streams(io.BytesIO(), io.StringIO(), io.StringIO())
        >>> streams.warn("no such player: cy")
        >>> streams.stderr.getvalue()
        'no such player: cy\\n'
        """
        _write(self.stderr, line + "\n")


def _write(stream: IO[str], text: str) -> None:
    stream.write(text)
    stream.flush()  # the prompt and the error lines keep their order on a shared terminal


class ResumeConflict(OptionsError):
    """``--resume`` was given options that the logged game does not have: a usage mistake (the
    command line answers with its usage line and exit 2).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     log = Path(folder) / "g.jsonl"
    ...     quit_at_once = Streams(io.BytesIO(b"quit\\n"), io.StringIO(), io.StringIO())
    ...     _ = play(GameRequest(("ann", "bob"), seed=1, log_path=log), None, quit_at_once)
    ...     try:
    ...         resume(None, log, {"seed": 2}, interactive=False)
    ...     except ResumeConflict as conflict:
    ...         print(conflict)
    --resume continues the logged game; it cannot change: seed 2 (the logged game has 1)
    """


@frozen_dataclass
class GameRequest:
    """A game as the command line asks for it. ``given``: the options typed for a resumed game
    (to refuse any that differ from the log).

    >>> request = GameRequest(("ann", "bob"), seed=7)
    >>> request.level, request.deck_mode, request.resume
    (<Level.BASIC: 'basic'>, 'screen', None)
    """

    players: tuple[str, ...] = ()
    level: Level = Level.BASIC
    long_game: bool = False
    seed: int | None = None
    penalty: bool = False
    deck_mode: str = "screen"
    quick: bool = False
    countdown: bool = False
    log_path: Path | None = None
    resume: Path | None = None
    given: dict = field(default_factory=dict, compare=False, hash=False)
    quiet: bool = False  # -q: no "game log:" line, only the game itself


class Outcome(enum.IntEnum):
    """How a game at the terminal ended, as the exit code says it.

    >>> int(Outcome.INTERRUPTED), Outcome(1)
    (130, <Outcome.INPUT_ENDED: 1>)
    """

    DONE = 0  # finished, or quit and saved
    INPUT_ENDED = 1  # the input ended before the game did
    INTERRUPTED = 130  # Control-C (the game is saved)


class Table:
    """The terminal side of a session: reads the game master's lines (``quick``: quick mode's
    forms too), prints the events, writes the records, counts down.

    >>> import tempfile
    >>> streams = Streams(io.BytesIO(b"ann pass\\nbob pass\\n"), io.StringIO(), io.StringIO())
    >>> session = new_session(GameRequest(("ann", "bob"), seed=3), None, hold=False)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     log = new_log(Path(folder) / "g.jsonl", 3)
    ...     table = Table(session, narrator_for(session, streams), log, streams, False)
    ...     table.show(session.start())
    ...     outcome = table.run()
    ...     log.close()
    >>> outcome, session.game.state.turns
    (<Outcome.INPUT_ENDED: 1>, 1)
    """

    def __init__(
        self, session: Session, narrator: Narrator, log: GameLog, streams: Streams, countdown: bool, quick: bool = False
    ):
        self.session, self.narrator, self.log, self.streams = session, narrator, log, streams
        self.countdown, self.quick = countdown, quick

    def show(self, step: Step) -> None:
        """Write a step's records to the log, then tell its events (a countdown before a new card).

        >>> import tempfile
        >>> streams = Streams(io.BytesIO(), io.StringIO(), io.StringIO())
        >>> session = new_session(GameRequest(("ann", "bob"), seed=3), None, hold=False)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = new_log(Path(folder) / "g.jsonl", 3)
        ...     Table(session, narrator_for(session, streams), log, streams, False).show(
        ...         session.start()
        ...     )
        ...     log.close()
        >>> "seed 3" in streams.stdout.getvalue()
        True
        """
        from ..game.referee import Revealed

        for record in step.records:  # saved before it is shown: nothing seen is ever lost
            self.log.write(record)
        pending: list = []
        for event in step.events:
            if self.countdown and isinstance(event, Revealed) and not event.again:
                self._echo(pending)
                pending = []
                self._count_down()
            pending.append(event)
        self._echo(pending)

    def _echo(self, events: Iterable) -> None:
        self._lines(self.narrator.say_all(list(events)))

    def _lines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.streams.say(line)

    def _count_down(self) -> None:
        for number in ("3", "2", "1"):
            self.streams.say(f"{number}... ", end="")
            self.streams.sleep(0.7)
        self.streams.say("")

    def run(self) -> Outcome:
        """Read lines until the game ends, the master quits, or the input ends; how it ended.

        >>> import tempfile
        >>> streams = Streams(io.BytesIO(b"quit\\n"), io.StringIO(), io.StringIO())
        >>> session = new_session(GameRequest(("ann", "bob"), seed=3), None, hold=False)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = new_log(Path(folder) / "g.jsonl", 3)
        ...     table = Table(session, narrator_for(session, streams), log, streams, False)
        ...     table.show(session.start())
        ...     table.run()
        ...     log.close()
        <Outcome.DONE: 0>
        """
        from ..game.session import Finished, Quit

        streams, session, t = self.streams, self.session, self.t
        if streams.interactive:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401 - input() gains line editing and history
        while True:
            prompt = self.narrator.status(session) if streams.interactive else ""
            line = read_line(streams.stdin, prompt, streams.interactive)
            if line is None:
                if session.game.over:
                    return Outcome.DONE
                ended = t.gettext("input ended before the game did; continue with: {command}", command=self.resume)
                streams.warn(ended)
                return Outcome.INPUT_ENDED
            step = self.take(line)
            self.show(step)
            if any(isinstance(event, Quit) for event in step.events):
                streams.say(t.gettext("game saved; continue with: {command}", command=self.resume))
                return Outcome.DONE
            if any(isinstance(event, Finished) for event in step.events):
                return Outcome.DONE

    def take(self, line: bytes | str) -> Step:
        """One line of the game master's: read into an action and applied, or answered here (score,
        grid, help), or refused with the reason (what cannot be read never reaches the game).

        >>> import tempfile
        >>> streams = Streams(io.BytesIO(), io.StringIO(), io.StringIO())
        >>> session = new_session(GameRequest(("ann", "bob"), seed=3), None, hold=False)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = new_log(Path(folder) / "g.jsonl", 3)
        ...     table = Table(session, narrator_for(session, streams), log, streams, False)
        ...     _ = session.start()
        ...     [type(event).__name__ for event in table.take(b"a pass, b pass").events]
        ...     table.take(b"zed A1").events[0].reason
        ...     log.close()
        ['Passed', 'Passed', 'Judged', 'ShowScore', 'Revealed']
        "no player called 'zed'; the players are ann and bob"
        """
        from ..game.narrate import help_lines
        from ..game.referee import DeckMode
        from ..game.session import Step
        from .prompt import Ask, take

        session = self.session
        step = take(line, session, self.quick)
        if isinstance(step, Step):
            return step
        if step is Ask.SCORE:
            self._lines(self.narrator.say(session.score()))
        elif step is Ask.GRID:
            self._lines(self.narrator.grid(session.game.table))
        elif step is Ask.HELP:
            self._lines(help_lines(self.t, self.quick, session.game.config.deck_mode is DeckMode.TABLE))
        return Step()

    @property
    def t(self) -> Catalogue:
        """The players' language (the narrator's catalogue).

        >>> import tempfile
        >>> streams = Streams(io.BytesIO(), io.StringIO(), io.StringIO())
        >>> session = new_session(GameRequest(("ann", "bob"), seed=3), None, hold=False)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = new_log(Path(folder) / "g.jsonl", 3)
        ...     Table(session, narrator_for(session, streams), log, streams, False).t
        ...     log.close()
        Catalogue('en')
        """
        return self.narrator.t

    @property
    def resume(self) -> str:
        """The command that continues this game.

        >>> import tempfile
        >>> streams = Streams(io.BytesIO(), io.StringIO(), io.StringIO())
        >>> session = new_session(GameRequest(("ann", "bob"), seed=3), None, hold=False)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = new_log(Path(folder) / "g.jsonl", 3)
        ...     Table(session, narrator_for(session, streams), log, streams, False).resume.endswith("g.jsonl")
        ...     log.close()
        True
        """
        return f"rushmore play --resume {self.log.path}"

    def recap(self, path: Path, lost: str | None) -> None:
        """Where a resumed game stands: the table, the score, the card in play and its claims.

        >>> import tempfile
        >>> streams = Streams(io.BytesIO(), io.StringIO(), io.StringIO())
        >>> session = new_session(GameRequest(("ann", "bob"), seed=3), None, hold=False)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     log = new_log(Path(folder) / "g.jsonl", 3)
        ...     _ = session.start()
        ...     Table(session, narrator_for(session, streams), log, streams, False).recap(
        ...         log.path, None
        ...     )
        ...     log.close()
        >>> streams.stdout.getvalue().startswith("resumed the game in ")
        True
        """
        session, narrator = self.session, self.narrator
        t = narrator.t
        game = session.game
        self.streams.say(t.gettext("resumed the game in {path}", path=path))
        if lost:
            self.streams.say(t.gettext("note: the log's last line was cut short by a crash: {lost}", lost=t.say(lost)))
        self._lines(narrator.grid(game.table))
        if game.over and game.state.end_reason is not None:
            from ..game.referee import Ended

            ended = Ended(game.state.winners or (), game.state.end_reason, game.scores())
            self._lines(narrator.say_all([ended, session.summary()]))
            return
        self._lines(narrator.say_all([session.score(), game.showing()]))
        for player, monument in game.state.claims:
            if monument is None:
                self.streams.say("  " + t.gettext("{player} passed", player=player))
            else:
                self.streams.say(
                    "  "
                    + t.gettext("{player} is on {position}", player=player, position=game.table.position_of(monument))
                )


def narrator_for(session: Session, streams: Streams) -> Narrator:
    """The referee's voice for ``session`` at a terminal like ``streams``, in the players' language.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design = load_design()
    >>> session = Session.of_design(design, Options(("a", "b")), language="it")
    >>> narrator_for(session, Streams(io.StringIO(), io.StringIO(), io.StringIO())).t
    Catalogue('it')
    """
    from ..game.narrate import Narrator
    from ..language.i18n import catalogue

    words = catalogue(session.language)
    game = session.game
    return Narrator(game.deck, session.design_name, streams.colour, streams.width, streams.unicode, words, game.table)


def play(request: GameRequest, design: Path | None, streams: Streams, print_only: bool = False) -> Outcome:
    """Referee a game at the terminal from start (or from its log) to its end.

    ``print_only``: print the Monument layout and the order to stack the printed Search cards in,
    then stop. Raises :class:`ResumeConflict` when a resumed game is asked to change.

    >>> import tempfile
    >>> streams = Streams(io.BytesIO(b"ann pass\\nbob pass\\n"), io.StringIO(), io.StringIO())
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     play(GameRequest(("ann", "bob"), seed=3, log_path=Path(folder) / "g.jsonl"), None, streams)
    <Outcome.INPUT_ENDED: 1>
    >>> streams.stderr.getvalue().startswith("input ended before the game did")
    True
    """
    if request.resume is not None:
        session, log, lost = resume(design, request.resume, request.given, streams.interactive)
    else:
        session = new_session(request, design, streams.interactive)
        if print_only:
            print_order(session, design, streams)
            return Outcome.DONE
        log = new_log(request.log_path, session.options.seed)
        lost = None
    narrator = narrator_for(session, streams)
    table = Table(session, narrator, log, streams, request.countdown, request.quick)
    try:
        if request.resume is None:
            if not request.quiet:
                streams.say(narrator.t.gettext("game log: {path}", path=log.path))
            table.show(session.start())
        else:
            table.recap(request.resume, lost)
        return table.run()
    except KeyboardInterrupt:
        streams.warn("\n" + table.t.gettext("interrupted; the game is saved: {command}", command=table.resume))
        return Outcome.INTERRUPTED
    finally:
        log.close()


def new_session(request: GameRequest, design: Path | None, hold: bool) -> Session:
    """A new game's session: the design's deck dealt from the request's seed (a random one when None).

    >>> session = new_session(GameRequest(("ann", "bob"), seed=3), None, hold=False)
    >>> session.options.seed, session.game.players
    (3, ('ann', 'bob'))
    """
    import secrets  # here: it loads OpenSSL's hashes, and every command's start-up reads this module

    from ..game.session import Options, Session
    from ..model import DeckMode

    seed = request.seed if request.seed is not None else secrets.randbelow(10**6)
    mode = DeckMode(request.deck_mode)
    options = Options(request.players, request.level, request.long_game, seed, request.penalty, mode)
    return Session.of_design(
        load_design(design),
        options,
        design_path=str(design.resolve()) if design and str(design) != STDIN else None,
        hold=hold,
    )


def new_log(log_path: Path | None, seed: int) -> GameLog:
    """The game's log: at ``log_path``, or a new file under output/games named by time and seed.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     log = new_log(Path(folder) / "g.jsonl", 3)
    ...     log.close()
    ...     log.path.name
    'g.jsonl'
    """
    from ..writers.gamelog import GameLog

    if log_path is not None:
        return GameLog.create(log_path)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return GameLog.create_unique(Path("output") / "games", f"{stamp}-{seed}")


def resume(design: Path | None, path: Path, given: dict, interactive: bool):
    """(session, log, the cut-short last line or None) of the game logged at ``path``; ``given``:
    the options typed for it, refused (:class:`ResumeConflict`) when they differ from the log's.
    ``interactive``: each card waits to be revealed. What the replay said after the log's last
    entry that a crash kept out of the log is written to it first, so the log is whole again.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "g.jsonl"
    ...     quit_at_once = Streams(io.BytesIO(b"quit\\n"), io.StringIO(), io.StringIO())
    ...     _ = play(GameRequest(("ann", "bob"), seed=1, log_path=path), None, quit_at_once)
    ...     session, log, lost = resume(None, path, {"seed": 1}, interactive=False)
    ...     log.close()
    >>> session.options.seed, lost
    (1, None)
    """
    from ..errors import GameLogError
    from ..game.session import Session, conflicts
    from ..writers.gamelog import GameLog

    log, records, lost = GameLog.reopen(path)
    try:
        start = records[0][1]
        spec, deck = load_deck(design) if design is not None else _logged_design(path, start["design"])
        try:
            session = Session.resume(
                deck,
                spec.rules,
                spec.grid,
                records,
                design_name=spec.name,
                hold=interactive,
                language=spec.language,
            )
        except GameLogError as exc:
            raise exc.in_file(shown_path(path)) from None
        clashes = conflicts(session.options, given)
        if clashes:
            raise ResumeConflict(f"--resume continues the logged game; it cannot change: {'; '.join(clashes)}")
        for record in session.unlogged:
            log.write(record)
    except BaseException:
        log.close()
        raise
    return session, log, lost


def _logged_design(log: Path, logged: str | None) -> tuple[Design, Deck]:
    """The design a log names (the classic one when it names none), read like any design file;
    when it cannot be used, the error says why in a few words and never shows what the file holds
    (a log may name any file)."""
    from ..errors import GameLogError, SpecError

    if logged is None:
        return load_deck(None)
    try:
        return load_deck(Path(logged))
    except SpecError as exc:
        first = exc.problems[0]
        readable = first.line is None and not first.key and len(exc.problems) == 1  # missing, a device, too big...
        why = first.message if readable else f"not a valid design (rushmore validate {shown_path(logged)} says why)"
        raise GameLogError(
            f"design: {shown_path(logged)}: {why}; "
            f"give the game's design: rushmore play DESIGN --resume {shown_path(log)}",
            line=1,
        ).in_file(shown_path(log)) from None


def print_order(session: Session, design: Path | None, streams: Streams) -> None:
    """The Monument layout and the order to stack the printed deck in, from the seed.

    >>> streams = Streams(io.BytesIO(), io.StringIO(), io.StringIO())
    >>> print_order(new_session(GameRequest(("ann", "bob"), seed=7), None, hold=False), None, streams)
    >>> streams.stdout.getvalue().splitlines()[0]
    'Mount Rushmore, seed 7, Basic, 2 players'
    """
    from ..language.i18n import level_name

    game = session.game
    notation = game.deck.notation
    cards = {card.id: card for card in game.deck.search}
    order = game.state.box[: game.deck_size]
    options = session.options
    say = streams.say
    narrator = narrator_for(session, streams)
    t = narrator.t
    say(
        t.ngettext(
            "{design}, seed {seed}, {level}, {n} player",
            "{design}, seed {seed}, {level}, {n} players",
            len(options.players),
            design=session.design_name,
            seed=options.seed,
            level=level_name(t, options.level),
        )
    )
    say(t.gettext("Lay out the Monuments face up:"))
    for line in narrator.grid(game.table):
        say(line)
    say(
        t.ngettext(
            "Stack this {n} Search card face down, top card first:",
            "Stack these {n} Search cards face down, top card first:",
            game.deck_size,
        )
    )
    width = len(game.deck.heads) * 2
    for start in range(0, len(order), 4):
        row = order[start : start + 4]
        say(
            "  "
            + "  ".join(
                f"{start + i + 1:>2}. {c} {notation.search(cards[c].faces, cards[c].red):<{width}}"
                for i, c in enumerate(row)
            ).rstrip()
        )
    args = [f"--players {','.join(options.players)}", f"--seed {options.seed}", "--deck table"]
    if options.level.value != "basic":
        args.append(f"--level {options.level.value}")
    if options.long_game:
        args.append("--long")
    if design is not None:
        args.insert(0, str(design))
    command = f"rushmore play {' '.join(args)}"
    say(t.gettext("Then play: {command}", command=command))


def read_line(stdin: BinaryIO | TextIO, prompt: str, interactive: bool) -> bytes | None:
    """One line from the game master as bytes (the session reads them as UTF-8, or refuses them),
    None at the end of input. A piped line longer than the session reads is consumed in bounded
    pieces, so one huge line cannot fill the memory.

    >>> import io
    >>> read_line(io.BytesIO(b"ann B3\\r\\nbob pass\\n"), "", False)
    b'ann B3'
    """
    from .prompt import MAX_LINE

    if interactive:
        try:
            typed = input(prompt)
        except EOFError:
            return None
        except UnicodeDecodeError as exc:  # the terminal sent bytes that are not UTF-8
            return exc.object if isinstance(exc.object, bytes) else bytes(exc.object)
        return as_bytes(typed)
    most = 4 * MAX_LINE + 2  # a character is at most 4 bytes of UTF-8
    binary = stdin if isinstance(stdin, (io.BufferedIOBase, io.RawIOBase)) else getattr(stdin, "buffer", None)

    def read(size: int) -> bytes:
        if binary is not None:
            return binary.readline(size)
        return as_bytes(stdin.readline(size))

    line = read(most)
    if not line:
        return None
    if not line.endswith(b"\n") and len(line) >= most:
        while True:
            rest = read(1 << 16)
            if not rest or rest.endswith(b"\n"):
                break
    return line.rstrip(b"\r\n")


def as_bytes(text: str | bytes) -> bytes:
    """Text from a stream back to the bytes it was read from: bytes that were not UTF-8 come back
    as they were (surrogateescape), any other lone surrogate as bytes that are not UTF-8 either.

    >>> as_bytes("ann \\udcff pass"), as_bytes("\\ud800")
    (b'ann \\xff pass', b'\\xed\\xa0\\x80')
    """
    if isinstance(text, bytes):
        return text
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")
