"""Error types. The core raises these; only the CLI turns them into messages and exit codes."""

from __future__ import annotations

from .frozen import frozen_dataclass


class RushmoreError(Exception):
    """Root of every error the toolkit raises on purpose.

    >>> from rushmore_print import load_design, parse_design
    >>> try:
    ...     parse_design("name: [", "broken.yaml", None)
    ... except RushmoreError as error:
    ...     print(type(error).__name__)
    SpecError
    """


@frozen_dataclass
class Problem:
    """One thing wrong with an input file, located as precisely as we can.

    >>> str(Problem("x.yaml", 12, "search.seed", "expected an integer"))
    'x.yaml:12: search.seed: expected an integer'
    """

    file: str
    line: int | None
    key: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"


class SpecError(RushmoreError):
    """A design (or manifest) file is missing, unreadable or invalid.

    Carries every problem found, not only the first, so a designer fixes them in one pass.

    >>> from rushmore_print import parse_design
    >>> try:
    ...     parse_design("name: Two\\nheads: [Ann, Bob]\\ndirections: [left, right]\\n", "two.yaml", None)
    ... except SpecError as error:
    ...     print(error.problems)
    (Problem(file='two.yaml', line=1, key='', message="missing key 'search'"),)
    """

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class CardError(RushmoreError):
    """A card id or notation given by a user does not name a card of the deck.

    >>> from rushmore_print import generate_deck, load_design
    >>> generate_deck(load_design()).search_card("S40")
    Traceback (most recent call last):
    rushmore_print.errors.CardError: no Search card 'S40'; this deck has S01 to S39
    """


class ClaimError(RushmoreError):
    """A claim at the table breaks the rules; the message says which rule.

    >>> from rushmore_print.game.referee import check_players
    >>> check_players(["ann"])
    Traceback (most recent call last):
    rushmore_print.errors.ClaimError: a game needs at least two players, e.g. --players ann,bob
    """


class UnknownPlayer(ClaimError):
    """An input names no player of the game (at the terminal: or a prefix that several names share).

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.referee import Game
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start()
    >>> game.claim("cy", "M05")
    Traceback (most recent call last):
    rushmore_print.errors.UnknownPlayer: no player called 'cy'; the players are ann and bob
    """


class UnknownCard(ClaimError):
    """An input names no position, Monument or Search card of the game.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.referee import Game
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start()
    >>> game.claim("ann", "M99")
    Traceback (most recent call last):
    rushmore_print.errors.UnknownCard: no Monument M99 in this deck (M01 to M16)
    """


class AlreadyClaimed(ClaimError):
    """A player claims twice in one turn: hands do not move (a correction is :meth:`Game.change`).
    ``player`` and ``position`` (None: the player passed) let each front end say how to correct it.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.referee import Game
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start() + game.claim("ann", "M05")
    >>> try:
    ...     game.claim("ann", "M12")
    ... except AlreadyClaimed as exc:
    ...     print(exc, "|", exc.player, exc.position)
    ann already has a hand on A1; hands do not move | ann A1
    """

    def __init__(self, message: str, player: str, position: str | None = None):
        super().__init__(message)
        self.player = player
        self.position = position

    def __reduce__(self):
        return (type(self), (self.args[0], self.player, self.position))


class AlreadyCovered(ClaimError):
    """A player claims a Monument another player's hand is already on.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.referee import Game
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start() + game.claim("ann", "M05")
    >>> game.claim("bob", "M05")
    Traceback (most recent call last):
    rushmore_print.errors.AlreadyCovered: A1 (M05) is already covered by ann
    """


class NoClaimToChange(ClaimError):
    """A correction of a claim the player has not made this turn; ``player`` says whose.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.referee import Game
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start()
    >>> game.change("ann", "M05")
    Traceback (most recent call last):
    rushmore_print.errors.NoClaimToChange: ann has no claim this turn to change
    """

    def __init__(self, message: str, player: str):
        super().__init__(message)
        self.player = player

    def __reduce__(self):
        return (type(self), (self.args[0], self.player))


class CardHeld(ClaimError):
    """A claim while the card drawn is still held back (hands off until it is shown); ``number``
    is the card's number in the deck.

    >>> str(CardHeld("card 2 is not shown yet", 2)), CardHeld("card 2 is not shown yet", 2).number
    ('card 2 is not shown yet', 2)
    """

    def __init__(self, message: str, number: int):
        super().__init__(message)
        self.number = number

    def __reduce__(self):
        return (type(self), (self.args[0], self.number))


class JudgedBefore(ClaimError):
    """An entry of several moves whose turn was judged before its ``move`` (the rest of the entry
    cannot belong to that turn, so none of it is taken).

    >>> str(JudgedBefore("the turn was judged before bob's pass", "bob's pass"))
    "the turn was judged before bob's pass"
    """

    def __init__(self, message: str, move: object):
        super().__init__(message)
        self.move = move

    def __reduce__(self):
        return (type(self), (self.args[0], self.move))


class GameOver(ClaimError):
    """An input after the game has ended.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.referee import Game
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start()
    >>> while not game.over:
    ...     _ = game.claim("ann", game.current.answer) + game.pass_("bob")
    >>> game.pass_("bob")
    Traceback (most recent call last):
    rushmore_print.errors.GameOver: the game is over
    """


class NothingToUndo(ClaimError):
    """An undo with no input left to take back.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.referee import Game
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start()
    >>> game.undo()
    Traceback (most recent call last):
    rushmore_print.errors.NothingToUndo: nothing to undo
    """


class GameLogError(RushmoreError):
    """The game log cannot be created, written or continued; ``line`` is the log's line at fault.

    >>> str(GameLogError("seed: expected a whole number", line=1).in_file("g.jsonl"))
    'g.jsonl:1: seed: expected a whole number'
    """

    def __init__(self, message: str, line: int | None = None):
        self.message = message
        self.line = line
        super().__init__(message if line is None else f"{line}: {message}")

    def in_file(self, path: object) -> GameLogError:
        """The same error, located in the log file ``path`` (``file:line: ...``).

        >>> str(GameLogError("not JSON", line=3).in_file("g.jsonl")), str(GameLogError("empty").in_file("g.jsonl"))
        ('g.jsonl:3: not JSON', 'g.jsonl: empty')
        """
        return GameLogError(f"{path}:{self}" if self.line is not None else f"{path}: {self}")


class BuildError(RushmoreError):
    """A build or export cannot proceed (invalid deck, unwritable folder...).

    >>> import tempfile
    >>> from pathlib import Path
    >>> from rushmore_print import build_kit, load_design
    >>> with tempfile.NamedTemporaryFile() as not_a_folder:
    ...     build_kit(load_design(), Path(not_a_folder.name) / "kit")
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: .../kit: ... is a file, not a folder
    """


class OptionsError(RushmoreError):
    """Options that do not go together, or that do not apply to what was asked: a usage mistake,
    which the command line reports with its usage line and exit code 2, not as a failed check.

    >>> from rushmore_print.deck.targets import EXPORTS
    >>> try:
    ...     EXPORTS["mpc"].options(url_base="https://example.org/cards")
    ... except OptionsError as exc:
    ...     print(exc)
    --url-base applies to tts only, not to mpc
    """


class MissingExtra(RushmoreError):
    """What was asked needs an optional part of the package (an extra) that is not installed;
    the message is one sentence with the ``pip install`` line that brings it (see
    :mod:`rushmore_print.extras`).

    >>> from rushmore_print.extras import Extra, missing_sentence
    >>> print(MissingExtra(missing_sentence(Extra.TABLE)))
    rushmore table needs the table extra, which is not installed: pip install 'rushmore-print[table]'
    """


__all__ = [
    "AlreadyClaimed",
    "AlreadyCovered",
    "BuildError",
    "CardError",
    "CardHeld",
    "ClaimError",
    "GameLogError",
    "GameOver",
    "JudgedBefore",
    "MissingExtra",
    "NoClaimToChange",
    "NothingToUndo",
    "OptionsError",
    "Problem",
    "RushmoreError",
    "SpecError",
    "UnknownCard",
    "UnknownPlayer",
]
