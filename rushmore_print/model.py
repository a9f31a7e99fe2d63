"""Frozen value types of the game: Monuments, Search cards, the deck, difficulty levels.

A face is stored as an int per head: 0 for ``directions[0]``, 1 for ``directions[1]``.
The matching rule lives here, once, in its literal form (:func:`matches`).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable

from .errors import CardError
from .frozen import frozen_dataclass, hashed_once

Faces = tuple[int, ...]
Red = tuple[bool, ...]


class DeckMode(enum.Enum):
    """Where a game's Search cards come from (``rushmore play --deck``): the referee draws and
    shows each one, or the game master turns over the printed deck and types each card's id
    (``referee.Game.new(..., deck_mode=...)``). A vocabulary of its own, here beside the other
    card vocabularies, so a command line can offer it without importing the referee.

    >>> [mode.value for mode in DeckMode], DeckMode("table")
    (['screen', 'table'], <DeckMode.TABLE: 'table'>)
    """

    SCREEN = "screen"  # the referee draws each card and shows it; no printed Search cards needed
    TABLE = "table"  # the game master turns over the printed deck and types each card's id


class EndReason(enum.Enum):
    """Why a game ended (RULES.md): a player reached the points to win, the deck ran out with one
    player ahead, a player took the tie-break card, or the box had no card left for the tie-break
    (the referee's ``Ended`` event; each front end says it in its words).

    >>> [reason.value for reason in EndReason]
    ['points', 'most-cards', 'tie-break', 'box-empty']
    """

    POINTS = "points"
    MOST_CARDS = "most-cards"
    TIE_BREAK = "tie-break"
    BOX_EMPTY = "box-empty"  # the tied players share the win


class Level(enum.Enum):
    """Difficulty levels. A level's pool holds every Search card with at most ``max_red`` red heads.

    >>> Level("advanced").max_red, [level.title for level in Level]
    (1, ['Basic', 'Advanced', 'Expert'])
    """

    BASIC = "basic"
    ADVANCED = "advanced"
    EXPERT = "expert"

    @property
    def max_red(self) -> int | None:
        """The most red heads a card of this level's pool has; None for Expert (no limit).

        >>> Level.BASIC.max_red, Level.EXPERT.max_red
        (0, None)
        """
        return _MAX_RED[self.value]

    def admits(self, red_count: int) -> bool:
        """True if a card with ``red_count`` red heads is in this level's pool.

        >>> Level.ADVANCED.admits(1), Level.ADVANCED.admits(2), Level.EXPERT.admits(4)
        (True, False, True)
        """
        return self.max_red is None or red_count <= self.max_red

    @property
    def title(self) -> str:
        """The level's name as the cards and the rulebook print it.

        >>> Level.EXPERT.title
        'Expert'
        """
        return self.value.capitalize()

    @classmethod
    def of_red_count(cls, red_count: int) -> Level:
        """The easiest level whose pool holds a card with ``red_count`` red heads.

        >>> Level.of_red_count(1)
        <Level.ADVANCED: 'advanced'>
        """
        return next(level for level in cls if level.admits(red_count))


_MAX_RED: dict[str, int | None] = {"basic": 0, "advanced": 1, "expert": None}


def matches(search_faces: Faces, red: Red, monument_faces: Faces) -> bool:
    """The matching rule, literally: a plain head faces the same way, a red head the other way.

    >>> matches((0, 1, 1, 0), (False, True, False, False), (0, 0, 1, 0))
    True
    >>> matches((0, 1, 1, 0), (False, False, False, False), (0, 0, 1, 0))
    False
    """
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
    """The faces of the Monument numbered ``index`` (0-based): its bits, the first head the highest.

    >>> faces_of_index(0, 4), faces_of_index(5, 4), faces_of_index(15, 4)
    ((0, 0, 0, 0), (0, 1, 0, 1), (1, 1, 1, 1))
    """
    return tuple((index >> (heads - 1 - i)) & 1 for i in range(heads))


def card_id(prefix: str, number: int, total: int) -> str:
    """A card's id: the prefix and the number, zero-padded to the width of ``total`` (at least two digits).

    >>> card_id("M", 7, 16), card_id("S", 7, 120)
    ('M07', 'S007')
    """
    width = max(2, len(str(total)))
    return f"{prefix}{number:0{width}d}"


@frozen_dataclass
class Monument:
    """A Monument card: its id and which way each head faces (``0``: the first direction).

    >>> monument = Monument("M06", (0, 1, 0, 1))
    >>> Notation(("L", "R")).monument(monument.faces)
    'LRLR'
    """

    id: str
    faces: Faces


@frozen_dataclass
class SearchCard:
    """A Search card: the faces it shows, which heads are red, the Monument it matches and its level
    (the easiest level whose pool holds it).

    >>> card = SearchCard("S21", (1, 0, 0, 0), (True, False, False, False), "M01", Level.ADVANCED)
    >>> matches(card.faces, card.red, (0, 0, 0, 0)), card.red_count
    (True, 1)
    """

    id: str
    faces: Faces
    red: Red
    answer: str
    level: Level

    @property
    def red_count(self) -> int:
        """How many of the card's heads are red.

        >>> SearchCard("S01", (1, 0, 1, 0), (True, False, True, False), "M01", Level.EXPERT).red_count
        2
        """
        return sum(self.red)

    @property
    def red_heads(self) -> tuple[int, ...]:
        """The positions (0-based, in head order) of the card's red heads.

        >>> SearchCard("S01", (1, 0, 1, 0), (True, False, True, False), "M01", Level.EXPERT).red_heads
        (0, 2)
        """
        return tuple(i for i, is_red in enumerate(self.red) if is_red)


@frozen_dataclass
class Notation:
    """The letters a design writes its two directions with (``L``/``R`` for the classic).

    >>> Notation(("L", "R")).search((0, 1, 1, 0), (False, True, False, False))
    'LR*RL'
    """

    letters: tuple[str, str]

    def monument(self, faces: Faces) -> str:
        """A Monument's faces in letters.

        >>> Notation(("L", "R")).monument((0, 1, 1, 0))
        'LRRL'
        """
        return "".join(self.letters[f] for f in faces)

    def search(self, faces: Faces, red: Red) -> str:
        """A Search card's faces in letters; a red head's letter is followed by ``*``.

        >>> Notation(("L", "R")).search((0, 1, 1, 0), (True, False, False, True))
        'L*RRL*'
        """
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


@hashed_once  # a key of the layout's caches, hashed thousands of times a build
@frozen_dataclass
class Deck:
    """All Monuments and the chosen Search cards of a design, as ``generate_deck`` makes them.

    >>> from rushmore_print import generate_deck, load_design
    >>> deck = generate_deck(load_design())
    >>> deck.heads, deck.directions, len(deck.monuments), len(deck.search)
    (('Washington', 'Jefferson', 'Roosevelt', 'Lincoln'), ('left', 'right'), 16, 39)
    """

    heads: tuple[str, ...]
    directions: tuple[str, str]
    notation: Notation
    monuments: tuple[Monument, ...]
    search: tuple[SearchCard, ...]

    def monument(self, monument_id: str) -> Monument:
        """The Monument with this id (any case); raises ``CardError`` naming the ids there are.

        >>> from rushmore_print import generate_deck, load_design
        >>> deck = generate_deck(load_design())
        >>> deck.monument("m06")
        Monument(id='M06', faces=(0, 1, 0, 1))
        >>> deck.monument("M17")
        Traceback (most recent call last):
        rushmore_print.errors.CardError: no Monument 'M17'; this deck has M01 to M16
        """
        for monument in self.monuments:
            if monument.id == monument_id.upper():
                return monument
        raise CardError(f"no Monument {monument_id!r}; this deck has {self.monuments[0].id} to {self.monuments[-1].id}")

    def search_card(self, card_id_: str) -> SearchCard:
        """The Search card with this id (any case); raises ``CardError`` naming the ids there are.

        >>> from rushmore_print import generate_deck, load_design
        >>> card = generate_deck(load_design()).search_card("s01")
        >>> card.id, card.answer, card.level
        ('S01', 'M13', <Level.BASIC: 'basic'>)
        """
        for card in self.search:
            if card.id == card_id_.upper():
                return card
        raise CardError(f"no Search card {card_id_!r}; this deck has {self.search[0].id} to {self.search[-1].id}")

    def pool(self, level: Level) -> tuple[SearchCard, ...]:
        """The Search cards a level plays with (cumulative: Advanced includes Basic).

        >>> from rushmore_print import generate_deck, load_design
        >>> deck = generate_deck(load_design())
        >>> [len(deck.pool(level)) for level in Level]
        [16, 28, 39]
        """
        return tuple(card for card in self.search if level.admits(card.red_count))

    def monument_with_faces(self, faces: Iterable[int]) -> Monument | None:
        """The Monument whose heads face this way (``0``: the first direction), or None if there is none.

        >>> from rushmore_print import generate_deck, load_design
        >>> deck = generate_deck(load_design())
        >>> deck.monument_with_faces((0, 1, 0, 1)).id, deck.monument_with_faces((0, 1))
        ('M06', None)
        """
        wanted = tuple(faces)
        return next((m for m in self.monuments if m.faces == wanted), None)


def most_monuments(heads: int) -> int:
    """The Monuments of a deck of ``heads`` heads: every combination of faces once.

    >>> most_monuments(4)
    16
    """
    return 2**heads


def most_search_cards(heads: int) -> int:
    """The most Search cards a manifest may list: every combination of faces and red heads once
    (a longer list must repeat a card).

    >>> most_search_cards(8)
    65536
    """
    return 4**heads


@frozen_dataclass
class CardFaces:
    """A card named in a dispute (``rushmore answer``, ``rushmore check``), by id or by notation:
    what it shows, read from what was typed by :func:`rushmore_print.cli.arguments.search_card`.

    >>> CardFaces("LR*RL", (0, 1, 1, 0), (False, True, False, False)).label
    'LR*RL'
    """

    label: str
    faces: tuple[int, ...]
    red: tuple[bool, ...]


__all__ = [
    "CardFaces",
    "Deck",
    "DeckMode",
    "EndReason",
    "Faces",
    "Level",
    "Monument",
    "Notation",
    "Red",
    "SearchCard",
    "card_id",
    "faces_of_index",
    "matches",
    "most_monuments",
    "most_search_cards",
    "target_faces",
]
