"""What a design is: the frozen dataclasses a validated design file becomes.

:func:`~rushmore_print.spec.validation.parse_design` builds them; everything after it (the
deck, the layouts, the renderers) reads only these. The defaults here are the classic game's.
"""

from __future__ import annotations

import enum
import hashlib
import math
import re
import unicodedata
from dataclasses import dataclass, field, fields
from pathlib import Path

from ..colors import Color, parse_hex
from ..i18n import SOURCE_LANGUAGE
from ..model import Notation
from ..sizes import CARD_PRESETS
from ..svg import Drawing

MAX_HEADS = 8
MAX_NAME_CHARS = 60  # the game's name: the card backs and the rulebook's title
MAX_DIRECTION_CHARS = 20  # a direction is a word in the rules' sentences
BUILTIN_CLASSIC = "classic.yaml (built in)"
DEFAULT_CARD = "poker"


class Look(enum.Enum):
    """Built-in head drawings; each has a silhouette and one or two bold features of its own."""

    PLAIN = "plain"  # short hair
    TIED = "tied"  # Washington: side curls, queue tied with a ribbon bow
    WAVY = "wavy"  # Jefferson: full wavy hair tied back
    SPECTACLES = "spectacles"  # Roosevelt: pince-nez with its cord, walrus moustache
    BEARD = "beard"  # Lincoln: chin beard without moustache, heavy brow
    BALDING = "balding"  # Franklin: bald crown, long hair to the shoulders
    BUN = "bun"  # hair drawn back into a bun
    CURLS = "curls"  # a cap of tight curls
    BALD = "bald"  # bald with a fringe at the back, heavy brow


class Orientation(enum.Enum):
    LANDSCAPE = "landscape"
    PORTRAIT = "portrait"


@dataclass(frozen=True)
class HeadSpec:
    name: str
    look: Look = Look.PLAIN
    art: Path | None = None
    skin: Color | None = None  # overrides the style's skin and hair for this head
    hair: Color | None = None
    vector: Drawing | None = None  # an SVG ``art``, read into paths


@dataclass(frozen=True)
class Style:
    """The palette every card is painted from; the classic look is the default.

    ``stone`` is the rock behind the heads (Monuments) and their niches (Search cards), ``skin``
    and ``hair`` the carved heads, ``paper`` the Search card, ``red`` the inverted heads, ``ink``
    text and lines."""

    sky: Color = parse_hex("#b9d4e6")
    stone: Color = parse_hex("#746a5f")
    skin: Color = parse_hex("#ece4d6")
    hair: Color = parse_hex("#221c18")
    paper: Color = parse_hex("#f4eddd")
    red: Color = parse_hex("#d32f2f")
    ink: Color = parse_hex("#2b2520")


STYLE_KEYS = tuple(colour.name for colour in fields(Style))  # the design's style keys: sky, stone, ...
# (foreground, background, least ratio, why): the contrasts a speed game cannot do without.
STYLE_CONTRASTS = (
    ("skin", "stone", 3.0, "heads must stand out from the rock behind them"),
    ("hair", "skin", 3.0, "hair and face must read apart"),
    ("red", "paper", 3.0, "red heads must stand out from the Search card"),
    ("ink", "paper", 4.5, "text on Search cards must be legible"),
    ("white", "stone", 4.5, "the white names on Monuments must be legible"),
)


@dataclass(frozen=True)
class Rules:
    """The game's numbers (RULES.md); every printed or refereed number comes from here."""

    deck_size: int = 12
    points_to_win: int = 3
    players_before_extra: int = 5
    extra_cards_per_player: int = 1
    long_extra_cards_per_player: int = 1
    long_points_to_win: int = 4

    def deck_size_for(self, players: int, long_game: bool = False) -> int:
        """Cards in the deck for ``players`` players (before capping at the level's pool).

        >>> Rules().deck_size_for(7)
        14
        >>> Rules().deck_size_for(4, long_game=True)
        16
        """
        size = self.deck_size + max(0, players - self.players_before_extra) * self.extra_cards_per_player
        if long_game:
            size += players * self.long_extra_cards_per_player
        return size

    def points_for(self, long_game: bool = False) -> int:
        return self.long_points_to_win if long_game else self.points_to_win


MAX_BLEED_MM = 10.0  # the most bleed a design or an export may ask for (the backs' pattern reaches it)
TOO_MUCH_BLEED = f"is more bleed than any printer needs; allowed: 0 to {MAX_BLEED_MM:g}mm (3mm is usual)"


@dataclass(frozen=True)
class PrintSpec:
    """Card size (trim, as the card is read), bleed and orientation."""

    card_name: str = DEFAULT_CARD
    width_mm: float = max(CARD_PRESETS[DEFAULT_CARD])  # landscape: the long side across
    height_mm: float = min(CARD_PRESETS[DEFAULT_CARD])
    bleed_mm: float = 3.0
    orientation: Orientation = Orientation.LANDSCAPE
    font: Path | None = None  # the designer's TrueType file for the names and the game's title
    profile: Path | None = None  # the designer's CMYK output profile (ICC) for --cmyk and DriveThruCards


@dataclass(frozen=True)
class Design:
    name: str
    heads: tuple[HeadSpec, ...]
    directions: tuple[str, str]
    notation: Notation
    seed: int
    red_counts: tuple[int, ...]
    grid: tuple[int, int]
    rules: Rules = field(default_factory=Rules)
    print: PrintSpec = field(default_factory=PrintSpec)
    style: Style = field(default_factory=Style)
    source: str = BUILTIN_CLASSIC
    language: str = SOURCE_LANGUAGE  # the players' language: the rule sheet's, the cards' words, the referee's

    @property
    def head_names(self) -> tuple[str, ...]:
        return tuple(head.name for head in self.heads)

    @property
    def monument_count(self) -> int:
        return 2 ** len(self.heads)

    @property
    def search_count(self) -> int:
        return sum(self.red_counts)

    @property
    def slug(self) -> str:
        """File-name form of the name (see :func:`slug_of`)."""
        return slug_of(self.name)


def slug_of(name: str) -> str:
    """File-name form of a game's name: every letter and digit kept (lower case), the rest a hyphen.

    Two names that differ other than in letter case never share a slug: when the readable form
    loses anything (punctuation, a hyphen, length), a short hash of the name follows it. Names
    that differ only in case share one, as a case-insensitive disk would treat them anyway.

    >>> slug_of("Mount Rushmore")
    'mount-rushmore'
    >>> slug_of("Łukasz Góra")
    'łukasz-góra'
    >>> slug_of("Łukasz & Co"), slug_of("ŁUKASZ & CO"), slug_of("Łukasz + Co")
    ('łukasz-co-1b820f', 'łukasz-co-1b820f', 'łukasz-co-2f5a3e')
    """
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
    readable = re.sub(r"[^\w]+|_", "-", folded).strip("-")[:MAX_NAME_CHARS].strip("-") or "design"
    if readable == folded.replace(" ", "-") and "-" not in folded:
        return readable
    return f"{readable}-{hashlib.sha256(folded.encode('utf-8')).hexdigest()[:6]}"


def most_square_grid(total: int) -> tuple[int, int]:
    """Rows x cols equal to ``total``, as square as possible, never more rows than columns.

    >>> most_square_grid(16), most_square_grid(32), most_square_grid(8)
    ((4, 4), (4, 8), (2, 4))
    """
    rows = max(r for r in range(1, math.isqrt(total) + 1) if total % r == 0)
    return rows, total // rows


__all__ = [
    "BUILTIN_CLASSIC",
    "MAX_BLEED_MM",
    "MAX_DIRECTION_CHARS",
    "MAX_HEADS",
    "MAX_NAME_CHARS",
    "STYLE_CONTRASTS",
    "STYLE_KEYS",
    "TOO_MUCH_BLEED",
    "Design",
    "HeadSpec",
    "Look",
    "Orientation",
    "PrintSpec",
    "Rules",
    "Style",
    "most_square_grid",
    "slug_of",
]
