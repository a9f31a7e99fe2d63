"""The players' names: what a name may be, when two names are the same (case and Unicode form
ignored), and the shortest prefix that still names one player (what the terminal accepts for a
name, and what its hints and prompt show).

>>> check_players(["ann", "anna", "bob"]), short_names(["ann", "anna", "bob"], ["ann", "anna", "bob"])
(('ann', 'anna', 'bob'), ['ann', 'anna', 'b'])
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from ..design import MAX_PLAYERS
from ..errors import ClaimError

MAX_NAME = 24  # characters
# the words the terminal's prompt reads as commands (and "status", kept free): no player is called so
RESERVED_NAMES = frozenset({"pass", "score", "undo", "help", "quit", "grid", "change", "drop", "status"})


def fold(text: str) -> str:
    """A name for comparing: NFC and case-folded, so ``STRASSE`` is ``straße``.

    >>> fold("STRASSE") == fold("straße"), fold("Ann")
    (True, 'ann')
    """
    return unicodedata.normalize("NFC", text).casefold()


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """Player names: two to ``MAX_PLAYERS``, unique (ignoring case), one word each, not a command.

    Raises ``ClaimError`` saying which rule a name breaks.

    >>> check_players(["ann", " bob "])
    ('ann', 'bob')
    >>> check_players(["ann", "ANN"])
    Traceback (most recent call last):
    rushmore_print.errors.ClaimError: two players are called 'ann'; names must differ
    """
    names = tuple(unicodedata.normalize("NFC", p.strip()) for p in players if p.strip())
    if len(names) < 2:
        raise ClaimError("a game needs at least two players, e.g. --players ann,bob")
    if len(names) > MAX_PLAYERS:  # the game log holds no more, so the game could not be resumed
        raise ClaimError(f"{len(names)} players; a game has at most {MAX_PLAYERS}")
    for name in names:
        if not all(c.isalnum() or c in "-_'" for c in name):
            raise ClaimError(f"player name {name!r}: use one word (letters, digits, - or _)")
        if len(name) > MAX_NAME:
            raise ClaimError(f"player name {name[:20]!r}...: at most {MAX_NAME} characters")
        if fold(name) in RESERVED_NAMES:
            raise ClaimError(f"player name {name!r} is a command at the prompt; choose another")
    folded = [fold(n) for n in names]
    duplicate = next((n for n in names if folded.count(fold(n)) > 1), None)
    if duplicate:
        raise ClaimError(f"two players are called {duplicate!r}; names must differ")
    return names


def named_by(typed: str, players: Iterable[str]) -> tuple[str, ...]:
    """The players ``typed`` may name: the one whose whole name it is (case and Unicode form
    ignored), else every player whose name starts with it.

    >>> named_by("ANN", ["ann", "anna"]), named_by("an", ["ann", "anna", "bob"]), named_by("", ["ann"])
    (('ann',), ('ann', 'anna'), ())
    """
    players = tuple(players)
    own = fold(typed)
    exact = tuple(name for name in players if fold(name) == own)
    if exact or not own:
        return exact
    return tuple(name for name in players if fold(name).startswith(own))


def short_names(names: Iterable[str], players: Sequence[str]) -> list[str]:
    """Each of ``names`` cut to its shortest prefix that names that player alone (:func:`named_by`),
    so a crowded prompt can still say who is to claim and a hint shows a prefix that works.

    >>> short_names(["bob", "bea"], ["ann", "bob", "bea", "cy"]), short_names(["ann"], ["ann", "anna"])
    (['bo', 'be'], ['ann'])
    """
    short = []
    for name in names:
        length = next((n for n in range(1, len(name)) if named_by(name[:n], players) == (name,)), len(name))
        short.append(name[:length])
    return short


__all__ = ["MAX_NAME", "RESERVED_NAMES", "check_players", "fold", "named_by", "short_names"]
