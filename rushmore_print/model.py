"""Frozen value types of the game: Monuments, Search cards, the deck, difficulty levels.

A face is stored as an int per head: 0 for ``directions[0]``, 1 for ``directions[1]``.
The matching rule lives here, once, in its literal form (:func:`matches`).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import CardError

Faces = tuple[int, ...]
Red = tuple[bool, ...]


class Level(enum.Enum):
    """Difficulty levels. A level's pool holds every Search card with at most ``max_red`` red heads."""

    BASIC = "basic"
    ADVANCED = "advanced"
    EXPERT = "expert"

    @property
    def max_red(self) -> int | None:
        return _MAX_RED[self.value]

    def admits(self, red_count: int) -> bool:
        return self.max_red is None or red_count <= self.max_red

    @property
    def title(self) -> str:
        return self.value.capitalize()

    @property
    def pool_words(self) -> str:
        """What the level's pool holds, as the rulebook says it.

        >>> Level.ADVANCED.pool_words
        'Search cards with at most one red head'
        """
        return {
            Level.BASIC: "Search cards with no red head",
            Level.ADVANCED: "Search cards with at most one red head",
            Level.EXPERT: "every Search card",
        }[self]

    @property
    def own_words(self) -> str:
        """The red heads of the cards whose easiest level this is: ``'two or more red heads'``."""
        return {Level.BASIC: "no red head", Level.ADVANCED: "one red head", Level.EXPERT: "two or more red heads"}[self]

    @classmethod
    def of_red_count(cls, red_count: int) -> Level:
        """The easiest level whose pool holds a card with ``red_count`` red heads.

        >>> Level.of_red_count(1)
        <Level.ADVANCED: 'advanced'>
        """
        return next(level for level in cls if level.admits(red_count))


_MAX_RED: dict[str, int | None] = {"basic": 0, "advanced": 1, "expert": None}


def matches(search_faces: Faces, red: Red, monument_faces: Faces) -> bool:
    """The matching rule, literally: a plain head faces the same way, a red head the other way."""
    if not (len(search_faces) == len(red) == len(monument_faces)):
        return False
    return all((s != m) == is_red for s, is_red, m in zip(search_faces, red, monument_faces))


def target_faces(search_faces: Faces, red: Red) -> Faces:
    """The faces of the Monument a Search card asks for: red heads turned round. The rule is its
    own inverse, so the same function gives the faces a Search card shows for a Monument.

    >>> target_faces((0, 1, 1, 0), (False, True, False, False))
    (0, 0, 1, 0)
    """
    return tuple(1 - s if is_red else s for s, is_red in zip(search_faces, red))


def faces_of_index(index: int, heads: int) -> Faces:
    return tuple((index >> (heads - 1 - i)) & 1 for i in range(heads))


def card_id(prefix: str, number: int, total: int) -> str:
    """``card_id("M", 7, 16)`` -> ``"M07"``; zero-padded to at least two digits."""
    width = max(2, len(str(total)))
    return f"{prefix}{number:0{width}d}"


@dataclass(frozen=True)
class Monument:
    id: str
    faces: Faces


@dataclass(frozen=True)
class SearchCard:
    id: str
    faces: Faces
    red: Red
    answer: str
    level: Level

    @property
    def red_count(self) -> int:
        return sum(self.red)

    @property
    def red_heads(self) -> tuple[int, ...]:
        return tuple(i for i, is_red in enumerate(self.red) if is_red)


@dataclass(frozen=True)
class Notation:
    """The letters a design writes its two directions with (``L``/``R`` for the classic)."""

    letters: tuple[str, str]

    def monument(self, faces: Faces) -> str:
        """``Notation(("L", "R")).monument((0, 1, 1, 0))`` -> ``"LRRL"``."""
        return "".join(self.letters[f] for f in faces)

    def search(self, faces: Faces, red: Red) -> str:
        """``LR*RL``: a red head's letter is followed by ``*``."""
        return "".join(self.letters[f] + ("*" if r else "") for f, r in zip(faces, red))

    def parse(self, text: str, heads: int) -> tuple[Faces, Red]:
        """Read a notation back; spaces are ignored, letters are case-insensitive.

        >>> Notation(("L", "R")).parse("lr* rl", 4)
        ((0, 1, 1, 0), (False, True, False, False))
        """
        compact = re.sub(r"\s+", "", text).upper()
        upper = [letter.upper() for letter in self.letters]
        faces: list[int] = []
        red: list[bool] = []
        for char in compact:
            if char == "*":
                if not faces or red[-1]:
                    raise CardError(f"{text!r}: '*' must follow a head's letter")
                red[-1] = True
            elif char in upper:
                faces.append(upper.index(char))
                red.append(False)
            else:
                raise CardError(
                    f"{text!r}: {char!r} is not a direction letter; use {upper[0]} or {upper[1]}, "
                    "and * after a red head"
                )
        if len(faces) != heads:
            raise CardError(f"{text!r}: {len(faces)} heads given, this design has {heads}")
        return tuple(faces), tuple(red)


@dataclass(frozen=True)
class Deck:
    """All Monuments and the chosen Search cards of a design."""

    heads: tuple[str, ...]
    directions: tuple[str, str]
    notation: Notation
    monuments: tuple[Monument, ...]
    search: tuple[SearchCard, ...]

    def monument(self, monument_id: str) -> Monument:
        for monument in self.monuments:
            if monument.id == monument_id.upper():
                return monument
        raise CardError(f"no Monument {monument_id!r}; this deck has {self.monuments[0].id} to {self.monuments[-1].id}")

    def search_card(self, card_id_: str) -> SearchCard:
        for card in self.search:
            if card.id == card_id_.upper():
                return card
        raise CardError(f"no Search card {card_id_!r}; this deck has {self.search[0].id} to {self.search[-1].id}")

    def pool(self, level: Level) -> tuple[SearchCard, ...]:
        """The Search cards a level plays with (cumulative: Advanced includes Basic)."""
        return tuple(card for card in self.search if level.admits(card.red_count))

    def monument_with_faces(self, faces: Iterable[int]) -> Monument | None:
        wanted = tuple(faces)
        return next((m for m in self.monuments if m.faces == wanted), None)


__all__ = [
    "Deck",
    "Faces",
    "Level",
    "Monument",
    "Notation",
    "Red",
    "SearchCard",
    "card_id",
    "faces_of_index",
    "matches",
    "target_faces",
]
