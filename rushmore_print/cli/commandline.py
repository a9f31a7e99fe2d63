"""The command line's shared parts: how errors become messages and exit codes, how much a
command says (``-q``/``-v``), and the arguments and options several commands take (DESIGN,
``-o``, ``--paper``, ``--layout``, ``--gap``, the duplex options, the game options of ``play``
and ``table``), with ``-`` for standard input and output where a single file is read or written.

``commands`` declares the commands with these; a new command takes :func:`voice_options` and
:func:`friendly_errors` like every other (a test checks it).
"""

from __future__ import annotations

import functools
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..deck.targets import EXPORTS, ExportOptions
from ..errors import OptionsError, RushmoreError
from ..frozen import frozen_dataclass
from ..language.words import count, text_table
from ..model import Level
from ..readers.inputs import STDIN
from ..sizes import PAPERS, Flip, SheetLayout
from . import arguments

if TYPE_CHECKING:
    from ..writers.files import Inputs
    from .console import GameRequest

LEVELS = click.Choice([level.value for level in Level], case_sensitive=False)


def friendly_errors(command: Callable) -> Callable:
    """Turn the core's errors into ``error: ...`` on stderr and exit 1 (an :class:`OptionsError`
    or a resume conflict into click's usage error, exit 2); never a traceback.

    >>> from click.testing import CliRunner
    >>> from rushmore_print.errors import CardError
    >>> @click.command()
    ... @friendly_errors
    ... def find() -> None:
    ...     raise CardError("no card S99 in this deck")
    >>> result = CliRunner().invoke(find)
    >>> result.exit_code, result.stderr
    (1, 'error: no card S99 in this deck\\n')
    """

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            result = command(*args, **kwargs)
            current_voice().detail(f"done in {time.perf_counter() - started:.2f} s")
            return result
        except OptionsError as exc:  # a usage mistake the core found: click's usage line and exit 2
            raise click.UsageError(str(exc)) from None
        except RushmoreError as exc:
            for line in str(exc).splitlines() or [type(exc).__name__]:
                click.echo(f"error: {line}", err=True)
            sys.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)

    return wrapper


def run(group: click.Group, args: list[str] | None = None) -> None:
    """Run the command line ``args`` (``sys.argv`` when None) to its exit code. A failure no
    command expects is a bug: one line naming it and exit 70, not a traceback (set
    RUSHMORE_DEBUG=1 for the traceback).

    >>> @click.group()
    ... def broken() -> None:
    ...     pass
    >>> @broken.command()
    ... def crash() -> None:
    ...     raise RuntimeError("a bug")
    >>> try:
    ...     run(broken, ["crash"])
    ... except SystemExit as done:
    ...     print("exit code", done.code)
    exit code 70
    """
    try:
        group(args, prog_name="rushmore")
    except Exception as exc:  # a bug: say so briefly
        if os.environ.get("RUSHMORE_DEBUG"):
            raise
        click.echo(
            f"error: internal error ({type(exc).__name__}: {exc}); rerun with RUSHMORE_DEBUG=1 and report it", err=True
        )
        sys.exit(70)


def parsed(parse: Callable[[str], object]) -> Callable:
    """A click callback: the typed value through ``parse`` (None stays None); its ``ValueError``
    becomes a usage error naming the option.

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @click.option("--gap", callback=parsed(arguments.gap))
    ... def show(gap: float | None) -> None:
    ...     click.echo(gap)
    >>> CliRunner().invoke(show, ["--gap", "0.125in"]).output
    '3.175\\n'
    >>> CliRunner().invoke(show, ["--gap", "wide"]).exit_code
    2
    """

    def callback(ctx: click.Context, param: click.Parameter, value: str | None) -> object:
        try:
            return None if value is None else parse(value)
        except ValueError as exc:
            raise click.BadParameter(str(exc)) from None

    return callback


DESIGN_PATH = click.Path(dir_okay=False, allow_dash=True, path_type=Path)  # - : standard input
IN_FILE = DESIGN_PATH
# A folder in an output file's place, or a file in an output folder's, is not bad usage: the
# writers refuse it with exit 1 and a sentence (click's exists/is-a-file checks would exit 2).
OUT_FILE = click.Path(allow_dash=True, path_type=Path)  # - : standard output
OUT_FOLDER = click.Path(path_type=Path)


def design_argument(command: Callable) -> Callable:
    """DESIGN on every command, as a positional argument or as ``--design FILE`` (the same file).

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @design_argument
    ... def show(design: Path | None) -> None:
    ...     click.echo(design)
    >>> CliRunner().invoke(show, ["--design", "junior.yaml"]).output
    'junior.yaml\\n'
    >>> CliRunner().invoke(show, ["a.yaml", "--design", "b.yaml"]).exit_code
    2
    """

    @functools.wraps(command)
    def merged(*args, design: Path | None = None, design_option: Path | None = None, **kwargs):
        if design is not None and design_option is not None:
            raise click.UsageError("give the design once: as DESIGN or as --design FILE, not both")
        return command(*args, design=design if design is not None else design_option, **kwargs)

    option = click.option(
        "--design", "design_option", type=DESIGN_PATH, metavar="FILE",
        help="The design file, as DESIGN (either form works).  [default: the classic design]",
    )  # fmt: skip
    return click.argument("design", required=False, type=DESIGN_PATH)(option(merged))


def output_option(default: str, what: str) -> Callable:
    """``-o/--output FOLDER``: the folder the files land in, on every command that writes files
    (``-o -`` refused: standard output holds one file).

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @output_option("output", "PDFs")
    ... def show(out_dir: Path) -> None:
    ...     click.echo(out_dir)
    >>> CliRunner().invoke(show, []).output
    'output\\n'
    >>> CliRunner().invoke(show, ["-o", "-"]).exit_code
    2
    """
    return click.option(
        "-o", "--output", "out_dir", type=OUT_FOLDER, metavar="FOLDER", default=default, callback=not_stdout,
        show_default=True, help=f"Folder the {what} land in (created if needed).",
    )  # fmt: skip


def paper_option(command: Callable) -> Callable:
    """``--paper a4|letter|both`` (see :func:`papers_of` for the papers it stands for).

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @paper_option
    ... def show(paper: str) -> None:
    ...     click.echo(papers_of(paper))
    >>> CliRunner().invoke(show, []).output
    "('a4', 'letter')\\n"
    """
    return click.option(
        "--paper", type=PAPER_CHOICES, default="both", show_default=True,
        help="Paper size; both writes one file for A4 and one for Letter.",
    )(command)  # fmt: skip


LAYOUT_HELP = (
    "duplex: each fronts page followed by its backs page; gutterfold: fronts and backs on one "
    "sheet, fold and glue; fronts: no backs; both: duplex and gutterfold; all: the three."
)


def _gap_option(command: Callable) -> Callable:
    """``--gap LENGTH``: space between the cards on a sheet (the bleed fills it; each card gets its own cuts)."""
    return click.option(
        "--gap", "gap_mm", callback=parsed(arguments.gap), default="0", show_default=True, metavar="LENGTH",
        help="Space between cards, e.g. 3mm: a slightly off cut then shows no sliver of the neighbour "
        "(the bleed fills the gap, every card has its own crop marks). 0: butted.",
    )(command)  # fmt: skip


def back_offset_option(help_text: str) -> Callable[[Callable], Callable]:
    """``--back-offset X,Y``: the mm the backs move by (:func:`arguments.back_offset`), None when not given.

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @back_offset_option("shift the backs")
    ... def show(back_offset: tuple[float, float] | None) -> None:
    ...     click.echo(back_offset)
    >>> CliRunner().invoke(show, ["--back-offset", "1.5,-0.5"]).output
    '(1.5, -0.5)\\n'
    """
    return click.option("--back-offset", callback=parsed(arguments.back_offset), metavar="X,Y", help=help_text)


def _duplex_options(command: Callable) -> Callable:
    """``--flip`` and ``--back-offset``: they apply to duplex layouts only (checked by :func:`_duplex`)."""
    command = back_offset_option("duplex: shift the backs by X,Y mm to undo your printer's drift.  [default: 0,0]")(
        command
    )
    return click.option(
        "--flip", type=FLIP_CHOICES, default=None,
        help="duplex: the edge your printer flips the paper on.  [default: long]",
    )(command)  # fmt: skip


def _duplex(layouts: tuple, flip: str | None, back_offset: tuple[float, float] | None):
    """The duplex settings, refusing them when no duplex layout is written."""
    if SheetLayout.DUPLEX not in layouts:
        for given, flag in ((flip, "--flip"), (back_offset, "--back-offset")):
            if given is not None:
                raise click.UsageError(f"{flag} applies to the duplex layout only")
    return (Flip(flip) if flip else Flip.LONG), back_offset or (0.0, 0.0)


@frozen_dataclass
class SheetOptions:
    """How the card sheets are laid out, as given (:func:`sheet_options` collects them); ``typed``
    names the options typed on the command line, not defaulted.

    >>> SheetOptions(paper="a4", layout="duplex", flip="short").duplex(SheetOptions(layout="duplex").layouts())
    (<Flip.SHORT: 'short'>, (0.0, 0.0))
    >>> SheetOptions(layout="fronts", back_offset=(1.0, 0.0)).duplex(SheetOptions(layout="fronts").layouts())
    Traceback (most recent call last):
    click.exceptions.UsageError: --back-offset applies to the duplex layout only
    """

    paper: str = "both"
    layout: str | None = "both"  # None: the command's own default (see layouts)
    flip: str | None = None
    back_offset: tuple[float, float] | None = None
    gap_mm: float = 0.0
    typed: frozenset[str] = frozenset()

    @property
    def papers(self) -> tuple[str, ...]:
        """The papers asked for (see :func:`papers_of`).

        >>> SheetOptions(paper="a4").papers
        ('a4',)
        """
        return papers_of(self.paper)

    def layouts(self, default: str = "both") -> tuple[SheetLayout, ...]:
        """The layouts asked for (``default`` when ``--layout`` has no default of its own).

        >>> SheetOptions(layout=None).layouts(default="fronts"), len(SheetOptions(layout="all").layouts())
        ((<SheetLayout.FRONTS: 'fronts'>,), 3)
        """
        return _layouts_of(self.layout or default)

    def duplex(self, layouts: tuple[SheetLayout, ...]) -> tuple[Flip, tuple[float, float]]:
        """The flip and back offset, refused when none of ``layouts`` is duplex (see :func:`_duplex`).

        >>> SheetOptions(layout="duplex", back_offset=(1.5, 0.0)).duplex((SheetLayout.DUPLEX,))
        (<Flip.LONG: 'long'>, (1.5, 0.0))
        """
        return _duplex(layouts, self.flip, self.back_offset)


def sheet_options(layout_default: str | None) -> Callable[[Callable], Callable]:
    """``--paper``, ``--layout`` (defaulting to ``layout_default``; None: the command says its
    default in ``--layout``'s help), ``--flip``, ``--back-offset`` and ``--gap``, for the commands
    that lay out card sheets; the command gets them as one ``sheets:`` :class:`SheetOptions`.

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @sheet_options(layout_default="both")
    ... def show(sheets: SheetOptions) -> None:
    ...     click.echo(f"{sheets.papers} {sheets.layout} {sheets.gap_mm} {sorted(sheets.typed)}")
    >>> CliRunner().invoke(show, ["--paper", "a4", "--gap", "3mm"]).output
    "('a4',) both 3.0 ['gap_mm', 'paper']\\n"
    """
    shown_default = "  [default: both with backs, else fronts]" if layout_default is None else ""

    def decorate(command: Callable) -> Callable:
        @functools.wraps(command)
        def collected(*args, paper, layout, flip, back_offset, gap_mm, **kwargs):
            sheets = SheetOptions(paper, layout, flip, back_offset, gap_mm, _typed_options())
            return command(*args, sheets=sheets, **kwargs)

        layout_option = click.option(
            "--layout", type=LAYOUT_CHOICES, default=layout_default, show_default=layout_default is not None,
            help=LAYOUT_HELP + shown_default,
        )  # fmt: skip
        return paper_option(layout_option(_duplex_options(_gap_option(collected))))

    return decorate


def _typed_options() -> frozenset[str]:
    """The current command's parameters typed on the command line (not defaulted)."""
    context = click.get_current_context()
    typed = click.core.ParameterSource.COMMANDLINE
    return frozenset(name for name in context.params if context.get_parameter_source(name) is typed)


@frozen_dataclass
class Voice:
    """How much a command says: ``-q`` errors only, ``-v`` also the details. What a command is
    asked for (a listing, an answer, the game) is always printed; the voice governs the rest.

    >>> Voice(quiet=True).say("wrote 9 files")  # -q: nothing
    >>> Voice().say("wrote 9 files")
    wrote 9 files
    """

    quiet: bool = False
    verbose: bool = False

    def say(self, message: str = "") -> None:
        """A line of the command's report on stdout (the written files' table, a summary).

        >>> Voice(verbose=True).say("classic: wrote 9 files to output/")
        classic: wrote 9 files to output/
        """
        if not self.quiet:
            click.echo(message)

    def note(self, message: str) -> None:
        """A note on stderr: progress, a file left out, a deprecated spelling (none with ``-q``).

        >>> Voice(quiet=True).note("  writing classic_a4_duplex.pdf")  # nothing, on either stream
        """
        if not self.quiet:
            click.echo(message, err=True)

    def detail(self, message: str) -> None:
        """What only ``-v`` shows, on stderr.

        >>> Voice().detail("done in 1.20 s")  # without -v: nothing
        """
        if self.verbose:
            click.echo(message, err=True)


def current_voice() -> Voice:
    """The voice the running command was given (``-q``, ``-v``), refusing both at once.

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @voice_options
    ... def show() -> None:
    ...     click.echo(current_voice())
    >>> CliRunner().invoke(show, ["-v"]).output
    'Voice(quiet=False, verbose=True)\\n'
    >>> CliRunner().invoke(show, ["-q", "-v"]).exit_code
    2
    """
    meta = click.get_current_context().meta
    quiet, verbose = meta.get("rushmore.quiet", False), meta.get("rushmore.verbose", False)
    if quiet and verbose:
        raise click.UsageError("give -q (errors only) or -v (more detail), not both")
    return Voice(quiet, verbose)


def _remember(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        ctx.meta[f"rushmore.{param.name}"] = True


def voice_options(command: Callable) -> Callable:
    """``-q/--quiet`` and ``-v/--verbose``, on every command (a test checks that each has them);
    the command reads them with :func:`current_voice`.

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @voice_options
    ... def hello() -> None:
    ...     current_voice().say("hello")
    >>> CliRunner().invoke(hello, []).output, CliRunner().invoke(hello, ["--quiet"]).output
    ('hello\\n', '')
    """
    for flag, name, text in (
        ("-v", "verbose", "Say more: what was read, each file written, the time taken."),
        ("-q", "quiet", "Print errors only (and what the command is asked for)."),
    ):
        command = click.option(
            flag, f"--{name}", name, is_flag=True, expose_value=False, callback=_remember, help=text
        )(command)
    return command


def not_stdout(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """A click callback refusing ``-o -`` where a command writes a folder of files: standard
    output holds one file only (see :func:`output_option`).

    >>> not_stdout(click.Context(click.Command("build")), click.Option(["-o"]), Path("out"))
    PosixPath('out')
    """
    if value is not None and str(value) == STDIN:
        raise click.BadParameter(
            f"{ctx.info_name} writes several files into a folder; - (standard output) holds one file: give a folder"
        )
    return value


PAPER_CHOICES = click.Choice([*PAPERS, "both"])
LAYOUT_CHOICES = click.Choice([*(layout.value for layout in SheetLayout), "both", "all"])
FLIP_CHOICES = click.Choice([flip.value for flip in Flip])


def papers_of(paper: str) -> tuple[str, ...]:
    """The papers ``--paper`` stands for.

    >>> papers_of("both"), papers_of("letter")
    (('a4', 'letter'), ('letter',))
    """
    return tuple(PAPERS) if paper == "both" else (paper,)


def _layouts_of(layout: str):
    if layout == "both":
        return (SheetLayout.DUPLEX, SheetLayout.GUTTERFOLD)
    if layout == "all":
        return tuple(SheetLayout)
    return (SheetLayout(layout),)


def write_out(text: str | bytes, out_file: Path, what: str, inputs: Inputs | None = None) -> None:
    """``text`` (or a binary file's bytes) to standard output (``-``) or, atomically, to a file
    (then noted on stderr: ``wrote FILE: what``), never over one of ``inputs`` (the files the
    command read: ``cards design.yaml -o design.yaml`` is refused).

    >>> write_out("id,kind\\n", Path("-"), "the header")
    id,kind
    """
    if str(out_file) == STDIN:
        click.echo(text, nl=False)  # bytes go to the binary stream as they are
        return
    from ..writers.files import atomic_write

    atomic_write(out_file, text if isinstance(text, bytes) else text.encode("utf-8"), inputs)
    current_voice().note(f"wrote {out_file}: {what}")


def report_written(voice: Voice, name: str, written: list, out_dir: Path) -> None:
    """The summary of a command that wrote files: how many and where, and a table of them.

    >>> from rushmore_print.writers.files import Written
    >>> report_written(Voice(), "classic", [Written(Path("out/rules.pdf"), 2, 51200, "rule sheet")], Path("out"))
    classic: wrote 1 file to out/
    file       pages  size   what it is
    ---------  -----  -----  ----------
    rules.pdf  2      50 KB  rule sheet
    """
    voice.say(f"{name}: wrote {count(len(written), 'file', 'files')} to {out_dir}/")
    rows = [[w.path.name, str(w.pages), f"{w.size / 1024:.0f} KB", w.what] for w in written]
    voice.say(text_table(["file", "pages", "size", "what it is"], rows))


def export_options(command: Callable) -> Callable:
    """``--dpi``, ``--bleed`` (and its deprecated spelling ``--no-bleed``) and ``--url-base``, for
    ``rushmore export TARGET``: the command gets them as one ``options:`` ``ExportOptions``,
    refused (a usage error) where TARGET does not honour one (``targets.Target.options``).

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @click.argument("target")
    ... @export_options
    ... def show(target: str, options) -> None:
    ...     click.echo(options)
    >>> CliRunner().invoke(show, ["png", "--dpi", "150"]).output
    'ExportOptions(dpi=150, bleed_mm=None, url_base=None)\\n'
    >>> CliRunner().invoke(show, ["tgc", "--dpi", "150"]).exit_code
    2
    """

    @functools.wraps(command)
    def collected(*args, target, dpi, bleed, no_bleed, url_base, **kwargs):
        if no_bleed:
            if bleed is not None:
                raise click.UsageError("give --bleed or --no-bleed, not both")
            current_voice().note("note: --no-bleed is deprecated and will go in the next release; use --bleed 0")
            bleed = 0.0
        if isinstance(target, Path):  # a print shop's profile: its own dpi and bleed, checked when read
            for name, value in (("dpi", dpi), ("bleed", bleed)):
                if value is not None:
                    raise click.UsageError(f"--{name} is the print shop's, set in its profile {target}")
            return command(*args, target=target, options=ExportOptions(url_base=url_base), **kwargs)
        try:
            options = EXPORTS[target].options(dpi, bleed, url_base)
        except OptionsError as exc:  # before the command's friendly_errors: said as it would say it
            raise click.UsageError(str(exc)) from None
        return command(*args, target=target, options=options, **kwargs)

    for option in (
        click.option(
            "--dpi", type=click.IntRange(72, 1200), default=None, help="png only: resolution.  [default: 300]"
        ),
        click.option(
            "--bleed",
            "bleed",
            callback=parsed(arguments.bleed),
            default=None,
            metavar="LENGTH",
            help="png and svg only: bleed around each card, e.g. 3mm or 0 for none.  [default: the design's]",
        ),
        click.option("--no-bleed", "no_bleed", is_flag=True, hidden=True),  # deprecated spelling of --bleed 0
        click.option(
            "--url-base",
            metavar="URL",
            callback=parsed(arguments.url_base),
            help="tts only: where you will upload the files (https://.../folder); the JSON then uses hosted "
            "URLs that every player can load.  [default: file:/// URLs, for this machine only]",
        ),
    )[::-1]:  # the first option is the first in the help text
        collected = option(collected)
    return collected


@frozen_dataclass
class GameOptions:
    """The game options ``play`` and ``table`` share, as given (:func:`game_options` collects
    them); ``typed`` names the parameters typed on the command line, not defaulted, which a
    resumed game must agree with.

    >>> GameOptions(("ann", "bob"), seed=7).players
    ('ann', 'bob')
    """

    players: tuple[str, ...] = ()
    level: Level = Level.BASIC
    long_game: bool = False
    seed: int | None = None
    penalty: bool = False
    log_path: Path | None = None
    resume: Path | None = None
    typed: frozenset[str] = frozenset()
    quiet: bool = False  # -q: no "game log:" line, only the game itself

    def request(self, deck_mode: str = "screen", quick: bool = False, countdown: bool = False) -> GameRequest:
        """The game to start (or resume), refusing what does not go together as a usage error.

        >>> GameOptions(("ann", "bob"), seed=7).request().seed
        7
        >>> GameOptions().request()
        Traceback (most recent call last):
        click.exceptions.UsageError: name the players, e.g. --players ann,bob,cy
        """
        if self.resume is not None and self.log_path is not None:
            raise click.UsageError("--resume continues its own log; --log does not apply")
        if self.resume is None and not self.players:
            raise click.UsageError("name the players, e.g. --players ann,bob,cy")
        from .console import GameRequest  # the game's modules: only for the commands that play

        given = self._given(deck_mode) if self.resume is not None else {}
        return GameRequest(
            self.players, self.level, self.long_game, self.seed, self.penalty, deck_mode, quick, countdown,
            self.log_path, self.resume, given, quiet=self.quiet,
        )  # fmt: skip

    def _given(self, deck_mode: str) -> dict:
        """The options typed for a resumed game, typed as the log's: it refuses any that differ."""
        from ..model import DeckMode

        values = {
            "players": self.players or None,
            "level": self.level,
            "long_game": self.long_game,
            "seed": self.seed,
            "penalty": self.penalty,
            "deck_mode": DeckMode(deck_mode),
        }
        return {name: value for name, value in values.items() if name in self.typed}


_GAME_OPTIONS = (
    click.option(  # the numbers: design.MAX_PLAYERS and players.MAX_NAME (tests/test_table_layout.py)
        "--players",
        help="Comma-separated player names, 2 to 64 (one word each, at most 24 characters), e.g. ann,bob,cy.",
    ),
    click.option(
        "--level",
        type=LEVELS,
        default="basic",
        show_default=True,
        help="basic: no red heads; advanced: at most one; expert: every Search card.",
    ),
    click.option("--long", "long_game", is_flag=True, help="Longer game: more cards and more points to win."),
    click.option(
        "--seed",
        callback=parsed(arguments.seed),
        help="Seed for the layout and the deal, 0 to 2^63-1 (kept in the game log, so a game can be replayed).",
    ),
    click.option(
        "--penalty", is_flag=True, help="House rule: a wrong claim gives the player's last card back (named)."
    ),
)


def game_options(command: Callable) -> Callable:
    """``--players``, ``--level``, ``--long``, ``--seed`` and ``--penalty``, which ``play`` and
    ``table`` share; with :func:`game_log_options` below them, the command gets all seven as one
    ``game:`` :class:`GameOptions`.

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @game_options
    ... @game_log_options
    ... def show(game: GameOptions) -> None:
    ...     click.echo(f"{game.players} {game.level.value} {game.seed} {sorted(game.typed)}")
    >>> CliRunner().invoke(show, ["--players", "ann,bob", "--seed", "7"]).output
    "('ann', 'bob') basic 7 ['players', 'seed']\\n"
    """

    @functools.wraps(command)
    def collected(*args, players, level, long_game, seed, penalty, log_path, resume, **kwargs):
        game = GameOptions(
            tuple(players.split(",")) if players else (), Level(level.lower()), long_game, seed, penalty, log_path,
            resume, _typed_options(), current_voice().quiet,
        )  # fmt: skip
        return command(*args, game=game, **kwargs)

    for option in reversed(_GAME_OPTIONS):  # the first option is the first in the help text
        collected = option(collected)
    return collected


def game_log_options(command: Callable) -> Callable:
    """``--log`` and ``--resume``: the game log a new game writes, or the one a game continues in
    (the same log for ``play`` and ``table``: either continues the other's game). Never ``-``:
    the log is a file that is appended to.

    >>> from click.testing import CliRunner
    >>> @click.command()
    ... @game_options
    ... @game_log_options
    ... def show(game: GameOptions) -> None:
    ...     click.echo(game.log_path)
    >>> CliRunner().invoke(show, ["--log", "games/g.jsonl"]).output
    'games/g.jsonl\\n'
    >>> CliRunner().invoke(show, ["--log", "-"]).exit_code
    2
    """
    command = click.option(
        "--resume", type=IN_FILE, callback=_not_dash, help="Continue the game in this log."
    )(command)  # fmt: skip
    return click.option(
        "--log", "log_path", type=IN_FILE, callback=_not_dash,
        help="Game log (JSON lines). Default: output/games/<time>-<seed>.jsonl",
    )(command)  # fmt: skip


def _not_dash(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """The game log is read and appended to, and standard input carries the game: never ``-``."""
    if value is not None and str(value) == STDIN:
        raise click.BadParameter("a game log is a file that play appends to; - (standard input/output) is not one")
    return value


__all__ = [
    "IN_FILE",
    "LAYOUT_CHOICES",
    "LAYOUT_HELP",
    "LEVELS",
    "OUT_FILE",
    "OUT_FOLDER",
    "GameOptions",
    "SheetOptions",
    "Voice",
    "back_offset_option",
    "current_voice",
    "design_argument",
    "export_options",
    "friendly_errors",
    "game_log_options",
    "game_options",
    "not_stdout",
    "output_option",
    "paper_option",
    "papers_of",
    "parsed",
    "report_written",
    "run",
    "sheet_options",
    "voice_options",
    "write_out",
]
