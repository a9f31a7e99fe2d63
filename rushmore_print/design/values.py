"""What a design is: the frozen dataclasses a validated design file becomes.

:func:`~rushmore_print.design.validation.parse_design` builds them; everything after it (the
deck, the layouts, the renderers) reads only these. The defaults here are the classic game's.
"""

from __future__ import annotations

import enum
import hashlib
import math
import re
import unicodedata
from dataclasses import field, fields
from pathlib import Path

from ..colors import Color, parse_hex
from ..frozen import frozen_dataclass, hashed_once
from ..language.i18n import SOURCE_LANGUAGE
from ..model import Notation
from ..readers.svg_art import Drawing
from ..sizes import CARD_PRESETS

MAX_HEADS = 8
# Each head faces one of two ways and is red or not: the most Search cards any design can have,
# and so the most any rule number (a deck size, the points to win) can usefully be.
MOST_SEARCH_CARDS = 4**MAX_HEADS
MAX_PLAYERS = 64  # at one table; a game log holds at most this many
MAX_NAME_CHARS = 60  # the game's name: the card backs and the rulebook's title
MAX_DIRECTION_CHARS = 20  # a direction is a word in the rules' sentences
BUILTIN_CLASSIC = "classic.yaml (built in)"
DEFAULT_CARD = "poker"


class Look(enum.Enum):
    """Built-in head drawings; each has a silhouette and one or two bold features of its own.

    >>> from rushmore_print import load_design
    >>> [head.look for head in load_design().heads][:2], Look("curls")
    ([<Look.TIED: 'tied'>, <Look.WAVY: 'wavy'>], <Look.CURLS: 'curls'>)
    """

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
    """Which way a card is read: its long side across (landscape, the classic Monuments) or upright.

    >>> from rushmore_print import load_design
    >>> load_design().print.orientation, Orientation("portrait")
    (<Orientation.LANDSCAPE: 'landscape'>, <Orientation.PORTRAIT: 'portrait'>)
    """

    LANDSCAPE = "landscape"
    PORTRAIT = "portrait"


@frozen_dataclass
class HeadSpec:
    """One head of a design: its name, its built-in look, and the designer's own art and colours
    when the design gives them (``vector``: an SVG ``art`` read into paths).

    >>> from rushmore_print import load_design
    >>> load_design().heads[3]
    HeadSpec(name='Lincoln', look=<Look.BEARD: 'beard'>, art=None, skin=None, hair=None, vector=None)
    """

    name: str
    look: Look = Look.PLAIN
    art: Path | None = None
    skin: Color | None = None  # overrides the style's skin and hair for this head
    hair: Color | None = None
    vector: Drawing | None = None  # an SVG ``art``, read into paths


@frozen_dataclass
class Style:
    """The palette every card is painted from; the classic look is the default.

    ``stone`` is the rock behind the heads (Monuments) and their niches (Search cards), ``skin``
    and ``hair`` the carved heads, ``paper`` the Search card, ``red`` the inverted heads, ``ink``
    text and lines (a head's outline is black). The hair is a dark brown, not a near-black: on
    press it stays 12.7 ΔE76 from the black outline round it and a ribbon on it (1.65:1 on
    screen), where ``#221c18`` printed 0.8 from black, both at the press's darkest.

    >>> from rushmore_print import load_design
    >>> load_design().style.red, Style().sky
    ((0.827, 0.184, 0.184), (0.725, 0.831, 0.902))
    """

    sky: Color = parse_hex("#b9d4e6")
    stone: Color = parse_hex("#746a5f")
    skin: Color = parse_hex("#ece4d6")
    hair: Color = parse_hex("#402f25")
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


@frozen_dataclass
class Rules:
    """The game's numbers (RULES.md); every printed or refereed number comes from here.

    >>> from rushmore_print import load_design
    >>> rules = load_design().rules
    >>> rules.deck_size, rules.points_to_win, rules.deck_size_for(2)
    (12, 3, 12)
    """

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
        """The points a player needs to win, in a short game or a long one.

        >>> Rules().points_for(), Rules().points_for(long_game=True)
        (3, 4)
        """
        return self.long_points_to_win if long_game else self.points_to_win


MAX_BLEED_MM = 10.0  # the most bleed a design or an export may ask for (the backs' pattern reaches it)
TOO_MUCH_BLEED = f"is more bleed than any printer needs; allowed: 0 to {MAX_BLEED_MM:g}mm (3mm is usual)"


@frozen_dataclass
class PrintSpec:
    """Card size (trim, as the card is read), bleed and orientation.

    >>> from rushmore_print import load_design
    >>> card = load_design().print
    >>> card.card_name, card.width_mm, card.height_mm, card.bleed_mm
    ('poker', 88.9, 63.5, 3.0)
    """

    card_name: str = DEFAULT_CARD
    width_mm: float = max(CARD_PRESETS[DEFAULT_CARD])  # landscape: the long side across
    height_mm: float = min(CARD_PRESETS[DEFAULT_CARD])
    bleed_mm: float = 3.0
    orientation: Orientation = Orientation.LANDSCAPE
    font: Path | None = None  # the designer's TrueType file for the names and the game's title
    profile: Path | None = None  # the designer's CMYK output profile (ICC) for --cmyk and DriveThruCards


@hashed_once  # a key of the layout's caches, hashed thousands of times a build
@frozen_dataclass
class Design:
    """A validated design: the game's name, heads and directions, the seed and the Search cards per
    number of red heads, the table's grid, and its rules, print and style settings. Made by
    ``load_design`` or ``parse_design``; every other part of the library reads only this.

    >>> from rushmore_print import load_design
    >>> design = load_design()
    >>> design.name, design.directions, design.seed, design.red_counts, design.grid
    ('Mount Rushmore', ('left', 'right'), 1927, (16, 12, 11, 0, 0), (4, 4))
    """

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
    # The line of each key in the design file (``heads.1.art``), for what is found after it was read
    # (art a decoder refuses); not part of the design's value, its hash or its equality.
    key_lines: tuple[tuple[str, int], ...] = field(default=(), compare=False, repr=False)

    def input_files(self) -> dict[Path, str]:
        """The files the design was read from, each with what it is: the design file, each head's
        art, the print font and profile. No command writes over one of them.

        >>> from rushmore_print import load_design
        >>> load_design().input_files()  # the built-in design: no file of the user's
        {}
        """
        files = {} if self.source == BUILTIN_CLASSIC else {Path(self.source): "the design"}
        for number, head in enumerate(self.heads, 1):
            if head.art is not None:
                files.setdefault(head.art, f"heads.{number}.art")
        for key, path in (("print.font", self.print.font), ("print.profile", self.print.profile)):
            if path is not None:
                files.setdefault(path, key)
        return files

    @property
    def head_names(self) -> tuple[str, ...]:
        """The heads' names, in the order the cards show them.

        >>> from rushmore_print import load_design
        >>> load_design().head_names
        ('Washington', 'Jefferson', 'Roosevelt', 'Lincoln')
        """
        return tuple(head.name for head in self.heads)

    @property
    def monument_count(self) -> int:
        """The number of Monuments: one for each way the heads can face.

        >>> from rushmore_print import load_design
        >>> load_design().monument_count
        16
        """
        return 2 ** len(self.heads)

    @property
    def search_count(self) -> int:
        """The number of Search cards, of every level.

        >>> from rushmore_print import load_design
        >>> load_design().search_count
        39
        """
        return sum(self.red_counts)

    @property
    def slug(self) -> str:
        """File-name form of the name (see :func:`slug_of`).

        >>> from rushmore_print import load_design
        >>> load_design().slug
        'mount-rushmore'
        """
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
    "MAX_PLAYERS",
    "MOST_SEARCH_CARDS",
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
