"""What a front end asks of a game at the table, as values: the session's typed actions.

The terminal reads them from the game master's lines (:mod:`rushmore_print.cli.prompt`), the
browser table builds them from its screens' messages (:mod:`rushmore_print.web.room`), and
:meth:`rushmore_print.game.session.Session.apply` applies them; the game log records the moves among
them. A player is named exactly as the game has the name, a Monument and a Search card by id:
nothing here is text still to be read, so every front end hands the core the same values.

>>> from rushmore_print import load_design
>>> from rushmore_print.game.session import Options, Session
>>> design = load_design()
>>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), clock=lambda: 0.0)
>>> _ = session.start()
>>> [type(event).__name__ for event in session.apply(Entry((Claim("ann", "M09"), RestPass()))).events]
['Claimed', 'Passed', 'Judged', 'ShowScore', 'Revealed']
"""

from __future__ import annotations

from ..frozen import frozen_dataclass

# -- moves: what the referee's Game takes, one at a time


@frozen_dataclass
class Claim:
    """``player`` puts a hand on the Monument ``monument`` (its id). ``stamp``: when the hand went
    down, in seconds on the session's clock (the browser table fills it from a phone's corrected
    tap time; the terminal leaves it None: the moment the line is taken). The session applies
    claims in the order it is handed them; ordering them is its caller's business.

    >>> Claim("ann", "M07"), Claim("ann", "M07", stamp=12.5).stamp
    (Claim(player='ann', monument='M07', stamp=None), 12.5)
    """

    player: str
    monument: str
    stamp: float | None = None


@frozen_dataclass
class Pass:
    """``player`` passes this turn (no hand on any Monument).

    >>> Pass("bob")
    Pass(player='bob')
    """

    player: str


@frozen_dataclass
class Change:
    """Correct ``player``'s claim of this turn: another Monument, or None for a pass.

    >>> Change("ann", None)
    Change(player='ann', monument=None)
    """

    player: str
    monument: str | None


@frozen_dataclass
class Drop:
    """Take ``player``'s claim or pass out of this turn; the player is to claim again.

    >>> Drop("ann")
    Drop(player='ann')
    """

    player: str


@frozen_dataclass
class TurnOver:
    """Table mode: the game master turned over the printed Search card ``card`` (its id).

    >>> TurnOver("S21")
    TurnOver(card='S21')
    """

    card: str


Move = Claim | Pass | Change | Drop | TurnOver
"""One input of the referee's :class:`~rushmore_print.game.referee.Game`; the log records each."""


# -- shorthands the session spells out in moves


@frozen_dataclass
class RestPass:
    """Every active player still to claim this turn passes (the terminal's ``.``).

    >>> RestPass()
    RestPass()
    """


@frozen_dataclass
class Took:
    """``player`` was on the right Monument and everybody else passes (the terminal's quick mode,
    the browser's one-screen game).

    >>> Took("ann")
    Took(player='ann')
    """

    player: str


Part = Move | RestPass | Took
"""What an :class:`Entry` is made of."""


@frozen_dataclass
class Entry:
    """Several parts taken together, in hand order: all of them or (on an error) none, one line of
    the log and one undo (``a d1, b pass, .`` at the terminal).

    >>> Entry((Claim("ann", "M09"), Pass("bob"))).parts[1]
    Pass(player='bob')
    """

    parts: tuple[Part, ...]


# -- the session's own


@frozen_dataclass
class Reveal:
    """Show the card held back (the game master's Enter, the table screen's count of three).

    >>> Reveal()
    Reveal()
    """


@frozen_dataclass
class Undo:
    """Take back the last entry (a card turned over, every claim of one line...).

    >>> Undo()
    Undo()
    """


@frozen_dataclass
class End:
    """Leave the table: the game is saved in its log (when it is over: close it).

    >>> End()
    End()
    """


Action = Part | Entry | Reveal | Undo | End
"""What :meth:`rushmore_print.game.session.Session.apply` takes."""


__all__ = [
    "Action",
    "Change",
    "Claim",
    "Drop",
    "End",
    "Entry",
    "Move",
    "Part",
    "Pass",
    "RestPass",
    "Reveal",
    "Took",
    "TurnOver",
    "Undo",
]
