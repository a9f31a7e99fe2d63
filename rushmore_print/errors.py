"""Error types. The core raises these; only the CLI turns them into messages and exit codes."""

from __future__ import annotations

from dataclasses import dataclass


class RushmoreError(Exception):
    """Root of every error the toolkit raises on purpose."""


@dataclass(frozen=True)
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
    """

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class CardError(RushmoreError):
    """A card id or notation given by a user does not name a card of the deck."""


class ClaimError(RushmoreError):
    """A claim at the table breaks the rules; the message says which rule."""


class UnknownPlayer(ClaimError):
    pass


class UnknownCard(ClaimError):
    pass


class AlreadyClaimed(ClaimError):
    pass


class AlreadyCovered(ClaimError):
    pass


class GameOver(ClaimError):
    pass


class NothingToUndo(ClaimError):
    pass


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
        """The same error, located in the log file ``path`` (``file:line: ...``)."""
        return GameLogError(f"{path}:{self}" if self.line is not None else f"{path}: {self}")


class BuildError(RushmoreError):
    """A build or export cannot proceed (invalid deck, unwritable folder...)."""


class OptionsError(RushmoreError):
    """Options that do not go together, or that do not apply to what was asked: a usage mistake,
    which the command line reports with its usage line and exit code 2, not as a failed check."""


__all__ = [
    "AlreadyClaimed",
    "AlreadyCovered",
    "BuildError",
    "CardError",
    "ClaimError",
    "GameLogError",
    "GameOver",
    "NothingToUndo",
    "OptionsError",
    "Problem",
    "RushmoreError",
    "SpecError",
    "UnknownCard",
    "UnknownPlayer",
]
