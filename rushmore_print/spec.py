"""The design file: YAML in, a validated frozen :class:`Design` out.

This is the only module that imports ``yaml``. Every problem is reported with the file, the
line and the key path (``designs/x.yaml:12: search.red_counts.5: ...``), and all problems are
reported at once. List items are numbered from 1 in key paths (``heads.3.name``), as a
designer counts them.
"""

from __future__ import annotations

import difflib
import enum
import hashlib
import math
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import yaml

from . import svg
from .colors import WHITE, Color, contrast, parse_hex
from .errors import Problem, SpecError
from .icc import profile_problem
from .inputs import INVISIBLE, InputError, InputKind, check_file, read_input, read_input_text, shown, shown_path
from .model import Notation
from .rasters import RasterError, check_data, read_raster
from .sizes import CARD_MM_RANGE, CARD_PRESETS, parse_card_size
from .svg import Drawing
from .ttf import TrueTypeFont
from .typeface import missing_characters, printed_upper
from .units import parse_length

MAX_HEADS = 8
MAX_ART_PIXELS = 16_000_000  # 4000 x 4000; a head prints at most a few cm tall
MAX_NAME_CHARS = 60  # the game's name: the card backs and the rulebook's title
MAX_DIRECTION_CHARS = 20  # a direction is a word in the rules' sentences
MAX_DEPTH = 12  # a design nests 4 levels at most; anything deeper is a mistake or an attack
BUILTIN_CLASSIC = "classic.yaml (built in)"

FontCheck = Callable[[Path, tuple[str, ...]], None]
"""A renderer's own reading of a designer's font: given the file and every text the font is to
print, it raises ``ValueError`` saying what the renderer would refuse. The core imports no
renderer, so the front ends pass theirs in (``render.fontcheck.check_font``) and its refusal is
reported here, at ``print.font``'s line, instead of failing the build later."""


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
    hair: Color = parse_hex("#3a332d")
    paper: Color = parse_hex("#f4eddd")
    red: Color = parse_hex("#d32f2f")
    ink: Color = parse_hex("#2b2520")


STYLE_KEYS = ("sky", "stone", "skin", "hair", "paper", "red", "ink")
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

    card_name: str = "poker"
    width_mm: float = 88.9
    height_mm: float = 63.5
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


# --------------------------------------------------------------------------- loading


def load_design(path: str | Path | None = None, font_check: FontCheck | None = None) -> Design:
    """Load and validate a design; ``None`` loads the built-in classic design. ``font_check``:
    the renderers' reading of a ``print.font`` (see :data:`FontCheck`), run after this module's own.

    Raises :class:`SpecError` listing every problem found.
    """
    if path is None:
        text = resources.files("rushmore_print").joinpath("data/classic.yaml").read_text("utf-8")
        return parse_design(text, BUILTIN_CLASSIC, base_dir=None)
    path = Path(path)
    try:
        text = read_input_text(path, InputKind.DESIGN)
    except InputError as exc:
        raise SpecError([Problem(shown_path(path), None, "", exc.reason)]) from None
    return parse_design(text, str(path), base_dir=path.parent, font_check=font_check)


MAP_TAG = "tag:yaml.org,2002:map"
SEQ_TAG = "tag:yaml.org,2002:seq"


def read_yaml(text: str, file: str) -> tuple[Any, dict[tuple, int]]:
    """Parse YAML safely; return the value and the line (1-based) of every key path."""
    import yaml  # here, not at the top: commands that read no design (help, impose) never load it

    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        hint = "; it looks like UTF-16: save it as UTF-8" if text.count("\x00") > len(text) // 4 else ""
        raise SpecError([Problem(file, line, "", f"contains a NUL character, which a design cannot hold{hint}")])
    loader = _loader(yaml, text)
    lines: dict[tuple, int] = {}
    problems: list[Problem] = []
    seen: set[int] = set()

    def construct(node: yaml.Node, path: tuple) -> Any:
        try:
            return loader.construct_object(node, deep=True)
        except ValueError:  # an integer of more than 4300 digits, a date out of range...
            message = "this value cannot be read (a number of more than 4300 digits?); give an ordinary number"
            raise SpecError([Problem(file, node.start_mark.line + 1, _dotted(path), message)]) from None

    def walk(node: yaml.Node, path: tuple) -> Any:
        lines.setdefault(path, node.start_mark.line + 1)
        # An alias is the same node met again: refusing it keeps reading in proportion to the
        # file (a "billion laughs" file would otherwise expand each alias again, without end).
        line = node.start_mark.line + 1
        if id(node) in seen:
            message = "aliases (*name) are not allowed in a design; write the value out"
            raise SpecError([Problem(file, line, _dotted(path), message)])
        seen.add(id(node))
        if len(path) > MAX_DEPTH:
            message = f"nested more than {MAX_DEPTH} levels deep; a design needs at most 4"
            raise SpecError([Problem(file, line, _dotted(path[:MAX_DEPTH]), message)])
        if not isinstance(node, yaml.ScalarNode) and node.tag not in (MAP_TAG, SEQ_TAG):
            # !!omap, !!pairs, !!set...: the safe constructor would build them whole, past the
            # checks here; a design needs only plain mappings and lists.
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            message = f"the tag {shown(tag)} is not allowed in a design; write a plain mapping or list"
            raise SpecError([Problem(file, line, _dotted(path), message)])
        if node.tag not in (MAP_TAG, SEQ_TAG):
            # Scalars go through the safe constructor, which refuses tags such as !!python/object
            # with a marked error.
            return construct(node, path)
        if isinstance(node, yaml.MappingNode):
            result: dict = {}
            for key_node, value_node in node.value:
                key = construct(key_node, path)
                if not isinstance(key, (str, int, float, bool)) or key is None:
                    problems.append(
                        Problem(
                            file, key_node.start_mark.line + 1, _dotted(path), "keys must be plain words or numbers"
                        )
                    )
                    continue
                if key in result:
                    problems.append(
                        Problem(file, key_node.start_mark.line + 1, _dotted(path + (key,)), "this key is given twice")
                    )
                lines[path + (key,)] = key_node.start_mark.line + 1
                result[key] = walk(value_node, path + (key,))
            return result
        return [walk(item, path + (i + 1,)) for i, item in enumerate(node.value)]

    try:
        _refuse_anchors(yaml, text, file)
        root = loader.get_single_node()
        value = None if root is None else walk(root, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = mark.line + 1 if mark else None
        column = f" (column {mark.column + 1})" if mark else ""
        what = exc.problem or exc.context or "invalid YAML"
        raise SpecError([Problem(file, where, "", f"not valid YAML{column}: {what}")]) from None
    except yaml.YAMLError as exc:
        raise SpecError([Problem(file, None, "", f"not valid YAML: {exc}")]) from None
    except RecursionError:  # the YAML composer recurses once a level: hundreds of levels end here
        message = f"nested hundreds of levels deep; a design needs at most 4 (at most {MAX_DEPTH} are read)"
        stopped = getattr(loader, "line", None)  # the Python reader's line (libyaml's has none)
        deep_at = _deep_line(text) or (stopped + 1 if stopped is not None else None)
        raise SpecError([Problem(file, deep_at, "", message)]) from None
    finally:
        loader.dispose()
    if problems:
        raise SpecError(problems)
    return value, lines


def _refuse_anchors(yaml: Any, text: str, file: str) -> None:
    """No anchor (``&name``) and no alias (``*name``) anywhere, whatever the tags around them: an
    alias makes one value stand for many, so a short file could expand without end. Only a file
    that holds ``&`` or ``*`` at all is scanned (a quick look at its tokens, not a second parse)."""
    if "&" not in text and "*" not in text:
        return
    scanner = _loader(yaml, text)
    try:
        while (token := scanner.get_token()) is not None:
            if isinstance(token, (yaml.AnchorToken, yaml.AliasToken)):
                sign = "&" if isinstance(token, yaml.AnchorToken) else "*"
                message = f"anchors and aliases ({sign}{token.value}) are not allowed in a design; write the value out"
                raise SpecError([Problem(file, token.start_mark.line + 1, "", message)])
    finally:
        scanner.dispose()


# Every YAML collection opens with one of these characters, so their count bounds the nesting.
_OPENERS = "[{-:?"
_C_PARSER_MAX_OPENERS = 2000


def _loader(yaml: Any, text: str) -> Any:
    """libyaml's loader (the same nodes and marks, 5x faster) for a file that cannot nest deeply;
    else the pure-Python one. libyaml composes nested nodes by C recursion, which crashes the
    process somewhere past 20,000 levels, where the Python loader raises RecursionError."""
    c_loader = getattr(yaml, "CSafeLoader", None)  # PyYAML built without libyaml has none
    if c_loader is not None and sum(text.count(char) for char in _OPENERS) <= _C_PARSER_MAX_OPENERS:
        return c_loader(text)
    return yaml.SafeLoader(text)


def _deep_line(text: str) -> int | None:
    """The line where brackets first nest deeper than anything a design needs (quotes ignored)."""
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        for char in line:
            depth += (char in "[{") - (char in "]}")
            if depth > MAX_DEPTH:
                return number
    return None


def _dotted(path: tuple) -> str:
    return ".".join(str(part) for part in path)


class _Checker:
    """Collects problems with their lines while a design is read."""

    def __init__(self, file: str, lines: dict[tuple, int]):
        self.file = file
        self.lines = lines
        self.problems: list[Problem] = []

    def line(self, path: tuple) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def add(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(self.file, self.line(path), _dotted(path), message))

    def mapping(self, value: Any, path: tuple, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict | None:
        where = _dotted(path) or "the design"
        if not isinstance(value, dict):
            self.add(path, f"expected a mapping with keys {', '.join(allowed)}, got {_describe(value)}")
            return None
        for key in value:
            if key not in allowed:
                close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
                hint = f"did you mean '{close[0]}'? " if close else ""
                self.add(path + (key,), f"unknown key; {hint}allowed keys in {where}: {', '.join(allowed)}")
        for key in required:
            if key not in value:
                self.add(path, f"missing key '{key}'")
        return value

    def integer(self, value: Any, path: tuple, minimum: int, maximum: int | None = None) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(path, f"expected a whole number, got {_describe(value)}")
            return None
        if value < minimum or (maximum is not None and value > maximum):
            allowed = f"from {minimum} to {maximum}" if maximum is not None else f"at least {minimum}"
            self.add(path, f"{value} is out of range; allowed: {allowed}")
            return None
        return value

    def text(self, value: Any, path: tuple) -> str | None:
        """Some text, trimmed and in Unicode's composed form (NFC), so that ``José`` typed either
        way is one name; control and format characters (a newline, a tab, a zero-width space, a
        direction mark) are refused: they print as boxes or not at all."""
        if not isinstance(value, str) or not value.strip():
            self.add(path, f"expected some text, got {_describe(value)}")
            return None
        text = unicodedata.normalize("NFC", value.strip())
        hidden = [(n, c) for n, c in enumerate(text, 1) if unicodedata.category(c) in INVISIBLE]
        if hidden:
            where = ", ".join(
                f"U+{ord(c):04X} ({unicodedata.name(c, 'a control character').lower()}) at character {n}"
                for n, c in hidden[:3]
            )
            self.add(path, f"{shown(text)} holds {where}; names and words may not hold control or format characters")
            return None
        return text

    def printable(self, value: Any, path: tuple, longest: int = 60) -> str | None:
        """Text that will be printed on cards: at most ``longest`` characters, every one in the card font."""
        text = self.text(value, path)
        if text is None:
            return None
        if len(text) > longest:
            self.add(path, f"{len(text)} characters; at most {longest} (it is printed on the cards and the rules)")
            return None
        missing = missing_characters(text)
        if missing:
            self.add(path, f"{text!r}: the card font (DejaVu Sans) has no glyph for {_where(missing)}; "
                           "use letters of the Latin, Greek or Cyrillic alphabets")  # fmt: skip
            return None
        return text

    def choice(self, value: Any, path: tuple, enum_type: type[enum.Enum]) -> Any:
        allowed = [member.value for member in enum_type]
        if isinstance(value, str) and value.strip().lower() in allowed:
            return enum_type(value.strip().lower())
        self.add(path, f"{_describe(value)} is not allowed; use one of: {', '.join(allowed)}")
        return None

    def color(self, value: Any, path: tuple) -> Color | None:
        try:
            if not isinstance(value, str):
                raise ValueError(
                    f"expected a colour as #rrggbb (six hex digits, quoted in YAML), got {_describe(value)}"
                )
            return parse_hex(value)
        except ValueError as exc:
            self.add(path, str(exc))
            return None

    def length(self, value: Any, path: tuple) -> float | None:
        try:
            return parse_length(value)
        except ValueError as exc:
            self.add(path, str(exc))
            return None


def same_name_key(name: str) -> str:
    """The form in which two names are compared: composed, case-folded, format characters dropped.

    >>> same_name_key("JOSÉ") == same_name_key("jose\u0301")
    True
    >>> same_name_key("Straße") == same_name_key("STRASSE")
    True
    """
    composed = unicodedata.normalize("NFC", name)
    kept = "".join(c for c in composed if unicodedata.category(c) not in INVISIBLE)
    return unicodedata.normalize("NFC", kept.casefold())


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a yes/no value)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return shown(value)


TOP_KEYS = ("name", "heads", "directions", "search", "grid", "rules", "print", "style")


def parse_design(text: str, file: str, base_dir: Path | None, font_check: FontCheck | None = None) -> Design:
    """Validate YAML text as a design; ``file`` is only used in messages."""
    data, lines = read_yaml(text, file)
    check = _Checker(file, lines)
    if data is None:
        raise SpecError(
            [Problem(file, None, "", "the file is empty; a design needs at least: " + ", ".join(TOP_KEYS[:4]))]
        )
    top = check.mapping(data, (), TOP_KEYS, required=("name", "heads", "directions", "search"))
    if top is None:
        raise SpecError(check.problems)
    name = check.printable(top["name"], ("name",), longest=MAX_NAME_CHARS) if "name" in top else None
    heads = _heads(check, top.get("heads"), base_dir) if "heads" in top else None
    directions, notation = _directions(check, top["directions"]) if "directions" in top else (None, None)
    seed, red_counts = _search(check, top["search"], heads) if "search" in top else (None, None)
    grid = _grid(check, top.get("grid"), heads)
    rules = _rules(check, top.get("rules"))
    print_spec = _print(check, top.get("print"), base_dir)
    if print_spec is not None and print_spec.font is not None:
        _check_print_font(check, print_spec.font, name, heads or (), font_check)
    elif name is not None and (missing := missing_characters(printed_upper(name))):
        check.add(("name",), f"{name!r} is printed on the card backs as {printed_upper(name)!r}; the card font "
                             f"(DejaVu Sans) has no glyph for {_where(missing)}")  # fmt: skip
    style = _style(check, top.get("style"), heads or ())
    if check.problems:
        raise SpecError(check.problems)
    # No problem recorded means every part was read; the asserts say so to the type checker.
    assert name is not None and heads is not None and directions is not None and notation is not None
    assert seed is not None and red_counts is not None and grid is not None
    assert rules is not None and print_spec is not None
    return Design(
        name=name,
        heads=heads,
        directions=directions,
        notation=notation,
        seed=seed,
        red_counts=red_counts,
        grid=grid,
        rules=rules,
        print=print_spec,
        style=style,
        source=file,
    )


def _heads(check: _Checker, value: Any, base_dir: Path | None) -> tuple[HeadSpec, ...] | None:
    path = ("heads",)
    if not isinstance(value, list) or not value:
        check.add(path, f"expected a list of 1 to {MAX_HEADS} heads, got {_describe(value)}")
        return None
    if len(value) > MAX_HEADS:
        check.add(path, f"{len(value)} heads given; allowed: 1 to {MAX_HEADS}")
        return None
    heads: list[HeadSpec] = []
    seen: dict[str, int] = {}
    for number, item in enumerate(value, start=1):
        item_path = path + (number,)
        head = _head(check, item, item_path, base_dir) or HeadSpec(name=f"head {number}")
        key = same_name_key(head.name)
        if key in seen:
            check.add(
                item_path + ("name",),
                f"the name {head.name!r} is already used by head {seen[key]}; head names must be unique",
            )
        seen.setdefault(key, number)
        heads.append(head)
    # Returned even when a head has a problem, so the head count still drives later checks.
    return tuple(heads)


def _head(check: _Checker, item: Any, path: tuple, base_dir: Path | None) -> HeadSpec | None:
    if isinstance(item, str):
        item = {"name": item}
    spec = check.mapping(item, path, ("name", "look", "art", "skin", "hair"), required=("name",))
    if spec is None or "name" not in spec:
        return None
    name = check.printable(spec["name"], path + ("name",))
    # A bad look or art is recorded but the head is kept, so later checks (duplicate names, red
    # counts, grid) still run and every problem is reported in one pass.
    look = (check.choice(spec["look"], path + ("look",), Look) or Look.PLAIN) if "look" in spec else Look.PLAIN
    art, vector = None, None
    if "art" in spec:
        raw = check.text(spec["art"], path + ("art",))
        if raw is not None:
            art, problem = _art(raw, base_dir)
            if problem:
                check.add(path + ("art",), problem)
            elif art is not None and art.suffix.lower() == ".svg":
                vector, problem = _vector_art(raw, art)
                if problem:
                    check.add(path + ("art",), problem)
    colours = {key: check.color(spec[key], path + (key,)) for key in ("skin", "hair") if key in spec}
    if name is None:
        return None
    return HeadSpec(name=name, look=look, art=art, skin=colours.get("skin"), hair=colours.get("hair"), vector=vector)


def _art(raw: str, base_dir: Path | None) -> tuple[Path | None, str]:
    """Head art: a PNG, JPEG or WebP file in the design's folder or below it, whole, within the limits.

    A design is a file people share, so its art may not reach outside its folder (an absolute
    path, ``..``, or a symbolic link pointing out would pull any image on this machine into the
    PDFs); a size limit keeps one image from costing minutes and gigabytes."""
    real, problem = _inside_folder(raw, base_dir, InputKind.ART_IMAGE)
    if real is None:
        return None, problem
    if real.suffix.lower() == ".svg":
        return real, ""  # read as vectors by _vector_art
    try:
        raster = read_raster(real, verify=False, kind=InputKind.ART_IMAGE)
        if raster.width * raster.height > MAX_ART_PIXELS:  # before any image data is inflated
            return None, (
                f"{raw!r}: {raster.width} x {raster.height} pixels; art may have at most "
                f"{MAX_ART_PIXELS // 1_000_000} megapixels (print needs far fewer: art is reduced to 600 dpi at "
                "the head's printed size, about 900 pixels tall on a poker card)"
            )
        check_data(raster, real)
    except RasterError as exc:
        return None, f"{raw!r}: {exc.reason}; art must be a PNG, JPEG or WebP image (or SVG)"
    return real, ""


def _vector_art(raw: str, real: Path) -> tuple[Drawing | None, str]:
    try:
        return svg.parse(read_input_text(real, InputKind.ART_SVG)), ""
    except InputError as exc:
        return None, f"{shown(raw)}: {exc.reason}"
    except svg.SvgError as exc:
        return None, f"{raw!r}: {exc}"


def _inside_folder(raw: str, base_dir: Path | None, kind: InputKind) -> tuple[Path | None, str]:
    """A file a design names: in the design's folder or below it (no absolute path, no ``..``
    or symbolic link out of it), regular, and within ``kind``'s size limit. The file is read
    later through :func:`read_input`, which checks the same again on the open file."""
    folder = (base_dir or Path.cwd()).resolve()
    given = Path(raw)
    if given.is_absolute() or raw.startswith("~"):
        return None, f"{shown(raw)}: give a path relative to the design's folder ({folder}), not an absolute one"
    try:
        real = (folder / given).resolve(strict=True)
    except (OSError, RuntimeError):
        return None, f"no {kind.noun} file at {shown(str(folder / given))} (paths are relative to the design file)"
    if not real.is_relative_to(folder):
        return None, f"{shown(raw)} leads outside the design's folder ({folder}); keep the file in it or below it"
    try:
        check_file(real, kind)
    except InputError as exc:
        return None, f"{shown(raw)}: {exc.reason}"
    return real, ""


def _directions(check: _Checker, value: Any) -> tuple[tuple[str, str] | None, Notation | None]:
    path = ("directions",)
    if not isinstance(value, list) or len(value) != 2:
        check.add(path, f"expected a list of exactly two directions such as [left, right], got {_describe(value)}")
        return None, None
    names: list[str] = []
    letters: list[str] = []
    for number, item in enumerate(value, start=1):
        item_path = path + (number,)
        if isinstance(item, str):
            item = {"name": item}
        spec = check.mapping(item, item_path, ("name", "letter"), required=("name",))
        if spec is None or "name" not in spec:
            return None, None
        name = check.printable(spec["name"], item_path + ("name",), longest=MAX_DIRECTION_CHARS)
        if name is None:
            return None, None
        letter = spec.get("letter", name[0])
        if not isinstance(letter, str) or len(letter) != 1 or not letter.isalpha():
            check.add(item_path + ("letter",), f"expected a single letter, got {_describe(letter)}")
            return None, None
        names.append(name)
        letters.append(letter.upper())
    if same_name_key(names[0]) == same_name_key(names[1]):
        check.add(path, f"the two directions must differ; both are {names[0]!r}")
        return None, None
    if letters[0] == letters[1]:
        check.add(
            path,
            f"{names[0]!r} and {names[1]!r} are both written {letters[0]}; give each its own letter, "
            f"e.g. [{{name: {names[0]}, letter: {letters[0]}}}, {{name: {names[1]}, letter: X}}]",
        )
        return None, None
    return (names[0], names[1]), Notation((letters[0], letters[1]))


def _search(
    check: _Checker, value: Any, heads: tuple[HeadSpec, ...] | None
) -> tuple[int | None, tuple[int, ...] | None]:
    path = ("search",)
    spec = check.mapping(value, path, ("seed", "red_counts"), required=("seed", "red_counts"))
    if spec is None:
        return None, None
    seed = check.integer(spec["seed"], path + ("seed",), 0) if "seed" in spec else None
    if "red_counts" not in spec:
        return seed, None
    counts_path = path + ("red_counts",)
    raw = spec["red_counts"]
    if not isinstance(raw, dict):
        check.add(
            counts_path,
            f"expected a mapping from red heads to cards, e.g. {{0: 16, 1: 12, 2: 11}}, got {_describe(raw)}",
        )
        return seed, None
    n = len(heads) if heads else None
    wanted: dict[int, int] = {}
    for key, count in raw.items():
        key_path = counts_path + (key,)
        k = (
            key
            if isinstance(key, int) and not isinstance(key, bool)
            else (int(key) if isinstance(key, str) and key.isascii() and key.isdecimal() else None)
        )
        if k is None or k < 0:
            check.add(key_path, "expected a number of red heads (0, 1, 2, ...) as the key")
            continue
        if n is not None and k > n:
            check.add(key_path, f"only {n} heads, so a card has 0 to {n} red heads")
            continue
        count = check.integer(count, key_path, 0)
        if count is None:
            continue
        if n is not None:
            available = 2**n * math.comb(n, k)
            if count > available:
                check.add(
                    key_path, f"{count} cards with {_red_phrase(k)} asked for, only {available} exist for {n} heads"
                )
                continue
        wanted[k] = count
    if n is None:
        return seed, None
    counts = tuple(wanted.get(k, 0) for k in range(n + 1))
    if len(wanted) == len(raw) and sum(counts) == 0:  # only when every entry was itself valid
        check.add(counts_path, "asks for no Search cards at all; give at least one class a count above 0")
        return seed, None
    return seed, counts


def _red_phrase(k: int) -> str:
    return {0: "no red head", 1: "one red head"}.get(k, f"{k} red heads")


def _grid(check: _Checker, value: Any, heads: tuple[HeadSpec, ...] | None) -> tuple[int, int] | None:
    if heads is None:
        return None
    total = 2 ** len(heads)
    if value is None:
        return most_square_grid(total)
    path = ("grid",)
    spec = check.mapping(value, path, ("rows", "cols"), required=("rows", "cols"))
    if spec is None or "rows" not in spec or "cols" not in spec:
        return None
    rows = check.integer(spec["rows"], path + ("rows",), 1)
    cols = check.integer(spec["cols"], path + ("cols",), 1)
    if rows is None or cols is None:
        return None
    if rows * cols != total:
        options = ", ".join(f"{r} x {total // r}" for r in range(1, total + 1) if total % r == 0 and r <= total // r)
        check.add(
            path,
            f"{rows} x {cols} = {rows * cols} places, but {len(heads)} heads make {total} Monuments; "
            f"rows x cols must be {total} (e.g. {options})",
        )
        return None
    return rows, cols


def most_square_grid(total: int) -> tuple[int, int]:
    """Rows x cols equal to ``total``, as square as possible, never more rows than columns.

    >>> most_square_grid(16), most_square_grid(32), most_square_grid(8)
    ((4, 4), (4, 8), (2, 4))
    """
    rows = max(r for r in range(1, math.isqrt(total) + 1) if total % r == 0)
    return rows, total // rows


RULE_KEYS = ("deck_size", "points_to_win", "players_before_extra", "extra_cards_per_player", "long_game")


def _rules(check: _Checker, value: Any) -> Rules | None:
    if value is None:
        return Rules()
    path = ("rules",)
    spec = check.mapping(value, path, RULE_KEYS)
    if spec is None:
        return None
    defaults = Rules()
    numbers: dict[str, int | None] = {}
    for key, minimum in (
        ("deck_size", 1),
        ("points_to_win", 1),
        ("players_before_extra", 1),
        ("extra_cards_per_player", 0),
    ):
        numbers[key] = check.integer(spec[key], path + (key,), minimum) if key in spec else getattr(defaults, key)
    long_spec = spec.get("long_game")
    numbers["long_extra_cards_per_player"] = defaults.long_extra_cards_per_player
    numbers["long_points_to_win"] = defaults.long_points_to_win
    if long_spec is not None:
        long_path = path + ("long_game",)
        long_map = check.mapping(long_spec, long_path, ("extra_cards_per_player", "points_to_win"))
        if long_map is not None:
            if "extra_cards_per_player" in long_map:
                numbers["long_extra_cards_per_player"] = check.integer(
                    long_map["extra_cards_per_player"], long_path + ("extra_cards_per_player",), 0
                )
            if "points_to_win" in long_map:
                numbers["long_points_to_win"] = check.integer(
                    long_map["points_to_win"], long_path + ("points_to_win",), 1
                )
    if any(v is None for v in numbers.values()):
        return None
    return Rules(**numbers)  # type: ignore[arg-type]


def _print(check: _Checker, value: Any, base_dir: Path | None) -> PrintSpec | None:
    if value is None:
        return PrintSpec()
    path = ("print",)
    spec = check.mapping(value, path, ("card", "orientation", "bleed", "font", "profile"))
    if spec is None:
        return None
    card_name: str = "poker"
    size: tuple[float, float] | None = CARD_PRESETS["poker"]
    if "card" in spec:
        card_name, size = _card_size(check, spec["card"], path + ("card",))
    orientation = (
        check.choice(spec["orientation"], path + ("orientation",), Orientation)
        if "orientation" in spec
        else Orientation.LANDSCAPE
    )
    bleed = check.length(spec["bleed"], path + ("bleed",)) if "bleed" in spec else 3.0
    if bleed is not None and bleed > MAX_BLEED_MM:
        check.add(path + ("bleed",), f"{bleed:g}mm {TOO_MUCH_BLEED}")
        bleed = None
    font = None
    if "font" in spec:
        raw = check.text(spec["font"], path + ("font",))
        if raw is not None:
            font, problem = _font_file(raw, base_dir)
            if problem:
                check.add(path + ("font",), problem)
    profile = _profile_file(check, spec["profile"], path + ("profile",), base_dir) if "profile" in spec else None
    if size is None or orientation is None or bleed is None:
        return None
    short, long_ = sorted(size)
    width, height = (long_, short) if orientation is Orientation.LANDSCAPE else (short, long_)
    return PrintSpec(card_name, width, height, bleed, orientation, font, profile)


def _profile_file(check: _Checker, value: Any, path: tuple, base_dir: Path | None) -> Path | None:
    """The designer's CMYK output profile: an ICC file in the design's folder (as art is) that
    ``icc.profile_problem`` accepts."""
    raw = check.text(value, path)
    if raw is None:
        return None
    real, problem = _inside_folder(raw, base_dir, InputKind.ICC_PROFILE)
    if real is not None:
        try:
            problem = profile_problem(read_input(real, InputKind.ICC_PROFILE))
        except InputError as exc:
            problem = exc.reason
        problem = f"{shown(raw)} {problem}" if problem else ""
    if problem:
        check.add(path, problem)
        return None
    return real


def _where(missing: list[tuple[int, str]]) -> str:
    """``"'毛' (U+6BDB) at character 5"``: characters a font lacks, named with their positions."""
    return ", ".join(f"{char!r} (U+{ord(char):04X}) at character {number}" for number, char in missing)


def print_font_texts(name: str | None, head_names: Iterable[str]) -> list[tuple[tuple, str, str]]:
    """(key path, the text as written, the text as printed) for everything ``print.font`` prints:
    the game's name in capitals on the backs (:func:`printed_upper`, as ``layout.cards`` sets
    it) and every head's name under its head.

    >>> print_font_texts("Straße", ["Ann"])
    [(('name',), 'Straße', 'STRASSE'), (('heads', 1, 'name'), 'Ann', 'Ann')]
    """
    texts = [(("name",), name, printed_upper(name))] if name else []
    return texts + [(("heads", number, "name"), text, text) for number, text in enumerate(head_names, start=1)]


def _check_print_font(
    check: _Checker, font_path: Path, name: str | None, heads: tuple[HeadSpec, ...], font_check: FontCheck | None
) -> None:
    """Every text the designer's font prints, as printed, must be in it (spaces too: a font
    without one prints a box), every outline of it readable, and then the renderers must
    accept the font and those texts (``font_check``)."""
    try:
        font = TrueTypeFont.load(font_path)
    except ValueError as exc:  # read a moment ago: changed since
        check.add(("print", "font"), f"{font_path.name!r}: {str(exc).removeprefix(f'{font_path}: ')}")
        return
    texts = print_font_texts(name, [head.name for head in heads])
    covered = True
    for path, written, printed in texts:
        missing = [(n, char) for n, char in enumerate(printed, start=1) if not font.covers(char)]
        if missing:
            said = f"{written!r}:" if printed == written else f"{written!r} is printed as {printed!r}, and"
            check.add(path, f"{said} print.font {font_path.name} has no glyph for {_where(missing[:5])}")
            covered = False
    if not covered:
        return
    try:
        for char in sorted({char for _, _, printed in texts for char in printed}):
            font.outline(char)  # what impose's writer draws; a damaged outline is named here
        if font_check is not None:
            font_check(font_path, tuple(printed for _, _, printed in texts))
    except ValueError as exc:
        check.add(("print", "font"), f"{font_path.name!r}: {str(exc).removeprefix(f'{font_path}: ')}")


def _font_file(raw: str, base_dir: Path | None) -> tuple[Path | None, str]:
    """The designer's font: a TrueType file in the design's folder (as art is), whose licence
    allows embedding; the names it must print are checked against it later."""
    real, problem = _inside_folder(raw, base_dir, InputKind.FONT)
    if real is None:
        return None, problem
    try:
        font = TrueTypeFont.load(real)
    except ValueError as exc:  # the reader bounds every table: a damaged file is a ValueError
        return None, f"{raw!r}: {str(exc).removeprefix(f'{real}: ')}"
    if not font.embedding_allowed:
        return None, f"{raw!r}: its licence (OS/2 fsType) does not allow embedding it in a PDF; choose another font"
    return real, ""


def _card_size(check: _Checker, value: Any, path: tuple) -> tuple[str, tuple[float, float] | None]:
    if isinstance(value, str):
        try:
            size = parse_card_size(value)
        except ValueError as exc:
            check.add(path, f"{exc}, or {{width: 63.5mm, height: 88.9mm}}")
            return "custom", None
        return (value.strip().lower() if value.strip().lower() in CARD_PRESETS else "custom"), size
    spec = check.mapping(value, path, ("width", "height"), required=("width", "height"))
    if spec is None or "width" not in spec or "height" not in spec:
        return "custom", None
    width = check.length(spec["width"], path + ("width",))
    height = check.length(spec["height"], path + ("height",))
    low, high = CARD_MM_RANGE
    for key, mm in (("width", width), ("height", height)):
        if mm is not None and not low <= mm <= high:
            check.add(path + (key,), f"{mm:g}mm is not a card size; allowed: {low:g}mm to {high:g}mm")
            return "custom", None
    if width is None or height is None:
        return "custom", None
    return "custom", (width, height)


def _style(check: _Checker, value: Any, heads: tuple[HeadSpec, ...]) -> Style:
    """The palette: every colour ``#rrggbb``; the contrasts that make cards readable are checked
    (WCAG ratios), for the style and for every head's own skin and hair."""
    path = ("style",)
    defaults = Style()
    if value is None:
        spec: dict = {}
    else:
        spec = check.mapping(value, path, STYLE_KEYS) or {}
    colours = {key: getattr(defaults, key) for key in STYLE_KEYS}
    for key in STYLE_KEYS:
        if key in spec:
            colours[key] = check.color(spec[key], path + (key,)) or colours[key]
    style = Style(**colours)
    named = dict(colours, white=WHITE)
    for front, back, least, why in STYLE_CONTRASTS:
        ratio = contrast(named[front], named[back])
        if ratio < least:
            at = path + ((front if front in spec else back),)
            check.add(
                at, f"{front} against {back} has a contrast of {ratio:.1f}:1; at least {least:g}:1 is needed ({why})"
            )
    for number, head in enumerate(heads, start=1):
        skin, hair = head.skin or style.skin, head.hair or style.hair
        pairs = ((skin, style.stone, "skin", "the rock"), (hair, skin, "hair", "the skin"))
        for fore, behind, key, why in pairs:
            if (head.skin or head.hair) and contrast(fore, behind) < 3.0:
                check.add(
                    ("heads", number, key),
                    f"{key} against {why} has a contrast of {contrast(fore, behind):.1f}:1; at least 3:1 is needed",
                )
    return style
