"""Validation: a design file's values checked key by key into a :class:`~.design.Design`.

Every problem is reported with the file, the line and the key path
(``designs/x.yaml:12: search.red_counts.5: ...``), and all problems are reported at once.
"""

from __future__ import annotations

import difflib
import enum
import math
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from ..colors import WHITE, Color, contrast, parse_hex
from ..errors import Problem, SpecError
from ..language.i18n import SOURCE_LANGUAGE, default_directions, languages
from ..model import Notation
from ..package_data import DESIGNS, shipped
from ..readers.inputs import INVISIBLE, InputError, InputKind, read_input_text, shown, shown_path
from ..readers.svg_art import Drawing
from ..readers.truetype import TrueTypeFont
from ..sizes import CARD_MM_RANGE, CARD_PRESETS, parse_card_size
from ..typeface import FAMILY_NAME, missing_characters, printed_upper
from ..units import parse_length
from .assets import art_file, font_file, profile_file, vector_art
from .values import (
    BUILTIN_CLASSIC,
    MAX_BLEED_MM,
    MAX_DIRECTION_CHARS,
    MAX_HEADS,
    MAX_NAME_CHARS,
    MAX_PLAYERS,
    MOST_SEARCH_CARDS,
    STYLE_CONTRASTS,
    STYLE_KEYS,
    TOO_MUCH_BLEED,
    Design,
    HeadSpec,
    Look,
    Orientation,
    PrintSpec,
    Rules,
    Style,
    most_square_grid,
)
from .yamlfile import dotted, read_yaml

RTL = frozenset({"R", "AL"})  # Unicode's right-to-left bidirectional classes: Hebrew, Arabic, Syriac...

FontCheck = Callable[[Path, tuple[str, ...]], None]
"""A renderer's own reading of a designer's font: given the file and every text the font is to
print, it raises ``ValueError`` saying what the renderer would refuse. The core imports no
renderer, so the front ends pass theirs in (``render.fontcheck.check_font``) and its refusal is
reported here, at ``print.font``'s line, instead of failing the build later."""


def load_design(path: str | Path | None = None, font_check: FontCheck | None = None) -> Design:
    """Load and validate a design; ``None`` loads the built-in classic design. ``font_check``:
    the renderers' reading of a ``print.font`` (see :data:`FontCheck`), run after this module's own.

    Raises :class:`SpecError` listing every problem found.

    >>> design = load_design()
    >>> design.name, len(design.heads), design.print.card_name
    ('Mount Rushmore', 4, 'poker')
    """
    if path is None:
        text = shipped("classic.yaml", DESIGNS).read_text("utf-8")
        return parse_design(text, BUILTIN_CLASSIC, base_dir=None)
    path = Path(path)
    try:
        text = read_input_text(path, InputKind.DESIGN)
    except InputError as exc:
        raise SpecError([Problem(shown_path(path), None, "", exc.reason)]) from None
    return parse_design(text, str(path), base_dir=path.parent, font_check=font_check)


# Unknown keys of one mapping named one by one (each with the nearest allowed key): past them, one
# line counts the rest. 100,000 unknown keys, a 1 MB design, once took 52 s and printed 100,000 lines.
MOST_UNKNOWN_KEYS = 20


class _Checker:
    """Collects problems with their lines while a design is read."""

    def __init__(self, file: str, lines: dict[tuple, int]):
        self.file = file
        self.lines = lines
        self.problems: list[Problem] = []
        # Texts the shipped font sets (in the rule sheet's sentences), checked once print.font is
        # known: a character DejaVu lacks may be drawn in the designer's font instead.
        self.shipped_texts: list[tuple[tuple, str]] = []
        self.unread_heads: set[int] = set()  # heads standing in as "head N": no text of theirs is checked
        # each SVG file read once, however many heads draw it (a 2 MB drawing takes a second to read)
        self.vectors: dict[tuple[str, Path], tuple[Drawing | None, str]] = {}

    def line(self, path: tuple) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def add(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(self.file, self.line(path), dotted(path), message))

    def mapping(self, value: Any, path: tuple, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict | None:
        where = dotted(path) or "the design"
        if not isinstance(value, dict):
            self.add(path, f"expected a mapping with keys {', '.join(allowed)}, got {_describe(value)}")
            return None
        unknown = [key for key in value if key not in allowed]
        for key in unknown[:MOST_UNKNOWN_KEYS]:
            close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            hint = f"did you mean '{close[0]}'? " if close else ""
            self.add(path + (key,), f"unknown key; {hint}allowed keys in {where}: {', '.join(allowed)}")
        if len(unknown) > MOST_UNKNOWN_KEYS:
            more = len(unknown) - MOST_UNKNOWN_KEYS
            self.add(path, f"{more:,} more unknown keys in {where}, not listed; allowed keys: {', '.join(allowed)}")
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
        backwards = [(n, char) for n, char in enumerate(text, start=1) if unicodedata.bidirectional(char) in RTL]
        if backwards:
            self.add(path, f"{text!r} is written right to left ({_where(backwards[:3])}); rushmore-print does not "
                           "yet shape and order right-to-left scripts (Arabic, Hebrew): write it in a "
                           "left-to-right script")  # fmt: skip
            return None
        self.shipped_texts.append((path, text))
        return text

    def shipped_font_covers(self, designer: TrueTypeFont | None, designer_name: str) -> None:
        """Every character of a name the rule sheet sets is in the shipped font, or in the
        designer's (which then draws it)."""
        said = {problem.key for problem in self.problems}  # one message a name: print.font's comes first
        for path, text in self.shipped_texts:
            missing = [(n, c) for n, c in missing_characters(text) if designer is None or not designer.covers(c)]
            if missing and dotted(path) not in said:
                fonts = (f"neither the card font ({FAMILY_NAME}) nor print.font {designer_name} has a glyph"
                         if designer is not None else f"the card font ({FAMILY_NAME}) has no glyph")  # fmt: skip
                self.add(path, f"{text!r}: {fonts} for {_where(missing)}; use letters of the Latin, Greek or "
                               "Cyrillic alphabets, or give a print.font that has them")  # fmt: skip

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

    def length(self, value: Any, path: tuple, rounded: bool = True) -> float | None:
        try:
            return parse_length(value, rounded)
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


TOP_KEYS = ("name", "heads", "directions", "search", "grid", "rules", "print", "style", "language")
REQUIRED_KEYS = ("name", "heads", "search")  # directions: the language's left and right unless named
HEAD_KEYS = ("name", "look", "art", "skin", "hair")
DIRECTION_KEYS = ("name", "letter")
SEARCH_KEYS = ("seed", "red_counts")
GRID_KEYS = ("rows", "cols")
RULE_KEYS = ("deck_size", "points_to_win", "players_before_extra", "extra_cards_per_player", "long_game")
LONG_GAME_KEYS = ("extra_cards_per_player", "points_to_win")
PRINT_KEYS = ("card", "orientation", "bleed", "font", "profile")
CARD_SIZE_KEYS = ("width", "height")

# Every mapping a design may hold, by where it sits ("heads[]": an item of the heads list), and
# the keys it may have: the reader checks against these and the key table of docs/reference/design-file.md is tested
# against them, so a key added here and not documented fails a test.
DESIGN_KEYS: dict[str, tuple[str, ...]] = {
    "": TOP_KEYS,
    "heads[]": HEAD_KEYS,
    "directions[]": DIRECTION_KEYS,
    "search": SEARCH_KEYS,
    "grid": GRID_KEYS,
    "rules": RULE_KEYS,
    "rules.long_game": LONG_GAME_KEYS,
    "print": PRINT_KEYS,
    "print.card": CARD_SIZE_KEYS,
    "style": STYLE_KEYS,
}


def design_key_paths() -> tuple[str, ...]:
    """Every key a design may hold, as a dotted path (list items as ``[]``), in reading order.

    >>> design_key_paths()[:4]
    ('name', 'heads', 'heads[].name', 'heads[].look')
    >>> "print.card.width" in design_key_paths()
    True
    """

    def under(prefix: str) -> list[str]:
        paths = []
        for key in DESIGN_KEYS[prefix]:
            path = f"{prefix}.{key}" if prefix else key
            paths.append(path)
            for child in (path, path + "[]"):
                if child in DESIGN_KEYS:
                    paths.extend(under(child))
        return paths

    return tuple(under(""))


def parse_design(text: str, file: str, base_dir: Path | None, font_check: FontCheck | None = None) -> Design:
    """Validate YAML text as a design; ``file`` is only used in messages, ``base_dir`` is where
    art and font files are looked up (``None``: none may be named).

    >>> text = "{name: Duo, heads: [Ann, Bob], directions: [up, down], search: {seed: 1, red_counts: {0: 4}}}"
    >>> parse_design(text, "duo.yaml", None).directions
    ('up', 'down')
    >>> parse_design(text.replace("seed: 1", "seed: one"), "duo.yaml", None)
    Traceback (most recent call last):
    ...
    rushmore_print.errors.SpecError: duo.yaml:1: search.seed: ...
    """
    data, lines = read_yaml(text, file)
    check = _Checker(file, lines)
    if data is None:
        raise SpecError(
            [Problem(file, None, "", "the file is empty; a design needs at least: " + ", ".join(REQUIRED_KEYS))]
        )
    top = check.mapping(data, (), TOP_KEYS, required=REQUIRED_KEYS)
    if top is None:
        raise SpecError(check.problems)
    name = check.printable(top["name"], ("name",), longest=MAX_NAME_CHARS) if "name" in top else None
    heads = _heads(check, top.get("heads"), base_dir) if "heads" in top else None
    directions, notation = _directions(check, top["directions"]) if "directions" in top else (None, None)
    seed, red_counts = _search(check, top["search"], heads) if "search" in top else (None, None)
    grid = _grid(check, top.get("grid"), heads)
    rules = _rules(check, top.get("rules"))
    if rules is not None and red_counts is not None and isinstance(top.get("rules"), dict):
        _reachable(check, top["rules"], rules, sum(red_counts))
    print_spec = _print(check, top.get("print"), base_dir)
    if print_spec is not None and print_spec.font is not None:
        designer = _check_print_font(check, print_spec.font, name, heads or (), font_check)
        check.shipped_font_covers(designer, print_spec.font.name)
    else:
        check.shipped_font_covers(None, "")
        upper = printed_upper(name) if name is not None else ""
        if name is not None and not missing_characters(name) and (missing := missing_characters(upper)):
            check.add(("name",), f"{name!r} is printed on the card backs as {upper!r}; the card font "
                                 f"({FAMILY_NAME}) has no glyph for {_where(missing)}")  # fmt: skip
    style = _style(check, top.get("style"), heads or ())
    language = _language(check, top.get("language", SOURCE_LANGUAGE))
    if "directions" not in top:
        directions, notation = _language_directions(language)
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
        language=language,
        key_lines=tuple((dotted(path), line) for path, line in check.lines.items()),
    )


def _language(check: _Checker, value: Any) -> str:
    """The players' language: a code with a shipped catalogue (``de``, ``pl``...)."""
    if isinstance(value, str) and value.strip().lower().replace("_", "-") in languages():
        return value.strip().lower().replace("_", "-")
    check.add(("language",), f"expected one of {', '.join(languages())}, got {_describe(value)}")
    return SOURCE_LANGUAGE


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
        head = _head(check, item, item_path, base_dir)
        if head is None:
            check.unread_heads.add(number)
            head = HeadSpec(name=f"head {number}")  # a stand-in, so the head count drives later checks
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
    spec = check.mapping(item, path, HEAD_KEYS, required=("name",))
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
            art, problem = art_file(raw, base_dir)
            if problem:
                check.add(path + ("art",), problem)
            elif art is not None and art.suffix.lower() == ".svg":
                if (raw, art) not in check.vectors:
                    check.vectors[raw, art] = vector_art(raw, art)
                vector, problem = check.vectors[raw, art]
                if problem:
                    check.add(path + ("art",), problem)
    colours = {key: check.color(spec[key], path + (key,)) for key in ("skin", "hair") if key in spec}
    if name is None:
        return None
    return HeadSpec(name=name, look=look, art=art, skin=colours.get("skin"), hair=colours.get("hair"), vector=vector)


def _language_directions(language: str) -> tuple[tuple[str, str], Notation]:
    """A design that names no directions faces left and right in its players' words (``links``,
    ``rechts``), written L and R whatever the language: the card notation is a file format.

    >>> _language_directions("fr")
    (('la gauche', 'la droite'), Notation(letters=('L', 'R')))
    """
    return default_directions(language), Notation(("L", "R"))


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
        spec = check.mapping(item, item_path, DIRECTION_KEYS, required=("name",))
        if spec is None or "name" not in spec:
            return None, None
        name = check.printable(spec["name"], item_path + ("name",), longest=MAX_DIRECTION_CHARS)
        if name is None:
            return None, None
        letter = spec.get("letter", name[0])
        if not isinstance(letter, str) or len(letter) != 1 or not letter.isalpha():
            check.add(item_path + ("letter",), f"expected a single letter, got {_describe(letter)}")
            return None, None
        if len(letter.upper()) != 1:  # the notation is in capitals: 'ß' would print as 'SS'
            check.add(
                item_path + ("letter",),
                f"{shown(letter)} is written {shown(letter.upper())} in capitals, which the notation uses; "
                "give a letter that stays one letter, e.g. letter: S",
            )
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
    spec = check.mapping(value, path, SEARCH_KEYS, required=SEARCH_KEYS)
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
    keys_read: dict[int, object] = {}  # each number of red heads, as the file wrote it
    for key, count in raw.items():
        key_path = counts_path + (key,)
        k = _red_key(key)
        if k is None or k < 0:
            check.add(key_path, "expected a number of red heads (0, 1, 2, ...) as the key")
            continue
        if k in keys_read:  # 0 and '0' are two keys to YAML, one here: the later one would win unseen
            check.add(key_path, f"{k} red heads is given twice, as {keys_read[k]!r} and as {key!r}; give it once")
            continue
        keys_read[k] = key
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
    spec = check.mapping(value, path, GRID_KEYS, required=GRID_KEYS)
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


def _reachable(check: _Checker, given: dict, rules: Rules, search_cards: int) -> None:
    """No deck holds more than the design's Search cards, so points the design asks for beyond
    them can never be reached: the rule sheet would promise a win nobody can take ("take 99
    cards and you win"). Only numbers the design writes: the defaults suit any deck of 4 cards."""
    long_game = given.get("long_game")
    for key, points, written in (
        ("points_to_win", rules.points_to_win, "points_to_win" in given),
        (
            "long_game.points_to_win",
            rules.long_points_to_win,
            isinstance(long_game, dict) and "points_to_win" in long_game,
        ),
    ):
        if written and points > search_cards:
            check.add(
                ("rules", *key.split(".")),
                f"{points} cards can never be taken: the design has {search_cards} Search cards in all; "
                f"allowed: 1 to {search_cards}",
            )


def _red_key(key: Any) -> int | None:
    """A ``red_counts`` key as the number of red heads it names (``2`` or ``'2'``), else None."""
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    return int(key) if isinstance(key, str) and key.isascii() and key.isdecimal() else None


def _rules(check: _Checker, value: Any) -> Rules | None:
    if value is None:
        return Rules()
    path = ("rules",)
    spec = check.mapping(value, path, RULE_KEYS)
    if spec is None:
        return None
    numbers: dict[str, int | None] = {}  # only the numbers given; Rules' own defaults fill the rest
    # Bounded above too: no deck holds more than MOST_SEARCH_CARDS, no table more than
    # MAX_PLAYERS, and a number past those is a typo that would otherwise reach the rule sheet.
    for key, minimum, most in (
        ("deck_size", 1, MOST_SEARCH_CARDS),
        ("points_to_win", 1, MOST_SEARCH_CARDS),
        ("players_before_extra", 1, MAX_PLAYERS),
        ("extra_cards_per_player", 0, MOST_SEARCH_CARDS),
    ):
        if key in spec:
            numbers[key] = check.integer(spec[key], path + (key,), minimum, most)
    long_spec = spec.get("long_game")
    if long_spec is not None:
        long_path = path + ("long_game",)
        long_map = check.mapping(long_spec, long_path, LONG_GAME_KEYS)
        if long_map is not None:
            if "extra_cards_per_player" in long_map:
                numbers["long_extra_cards_per_player"] = check.integer(
                    long_map["extra_cards_per_player"], long_path + ("extra_cards_per_player",), 0, MOST_SEARCH_CARDS
                )
            if "points_to_win" in long_map:
                numbers["long_points_to_win"] = check.integer(
                    long_map["points_to_win"], long_path + ("points_to_win",), 1, MOST_SEARCH_CARDS
                )
    if any(v is None for v in numbers.values()):
        return None
    return replace(Rules(), **numbers)  # type: ignore[arg-type]


def _design_file(
    check: _Checker,
    spec: dict,
    path: tuple,
    key: str,
    read: Callable[[str, Path | None], tuple[Path | None, str]],
    base_dir: Path | None,
) -> Path | None:
    """A file ``spec[key]`` names inside the design's folder, read by ``read`` (``font_file``,
    ``profile_file``); ``None`` when absent or refused, the refusal reported at ``key``."""
    if key not in spec:
        return None
    raw = check.text(spec[key], path + (key,))
    if raw is None:
        return None
    found, problem = read(raw, base_dir)
    if problem:
        check.add(path + (key,), problem)
    return found


def _print(check: _Checker, value: Any, base_dir: Path | None) -> PrintSpec | None:
    if value is None:
        return PrintSpec()
    path = ("print",)
    spec = check.mapping(value, path, PRINT_KEYS)
    if spec is None:
        return None
    defaults = PrintSpec()
    card_name = defaults.card_name
    size: tuple[float, float] | None = (defaults.width_mm, defaults.height_mm)
    if "card" in spec:
        card_name, size = _card_size(check, spec["card"], path + ("card",))
    orientation = (
        check.choice(spec["orientation"], path + ("orientation",), Orientation)
        if "orientation" in spec
        else defaults.orientation
    )
    bleed = check.length(spec["bleed"], path + ("bleed",)) if "bleed" in spec else defaults.bleed_mm
    if bleed is not None and bleed > MAX_BLEED_MM:
        check.add(path + ("bleed",), f"{bleed:g}mm {TOO_MUCH_BLEED}")
        bleed = None
    font = _design_file(check, spec, path, "font", font_file, base_dir)
    profile = _design_file(check, spec, path, "profile", profile_file, base_dir)
    if size is None or orientation is None or bleed is None:
        return None
    short, long_ = sorted(size)
    width, height = (long_, short) if orientation is Orientation.LANDSCAPE else (short, long_)
    return PrintSpec(card_name, width, height, bleed, orientation, font, profile)


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
) -> TrueTypeFont | None:
    """Every text the designer's font prints, as printed, must be in it (spaces too: a font
    without one prints a box), every outline of it readable, and then the renderers must
    accept the font and those texts (``font_check``)."""
    try:
        font = TrueTypeFont.load(font_path)
    except ValueError as exc:  # read a moment ago: changed since
        check.add(("print", "font"), f"{font_path.name!r}: {str(exc).removeprefix(f'{font_path}: ')}")
        return None
    texts = [
        (path, written, printed)
        for path, written, printed in print_font_texts(name, [head.name for head in heads])
        if not (path[0] == "heads" and path[1] in check.unread_heads)
    ]
    covered = True
    for path, written, printed in texts:
        missing = [(n, char) for n, char in enumerate(printed, start=1) if not font.covers(char)]
        if missing:
            said = f"{written!r}:" if printed == written else f"{written!r} is printed as {printed!r}, and"
            check.add(path, f"{said} print.font {font_path.name} has no glyph for {_where(missing[:5])}")
            covered = False
    if not covered:
        return font
    try:
        for char in sorted({char for _, _, printed in texts for char in printed}):
            font.outline(char)  # what impose's writer draws; a damaged outline is named here
        if font_check is not None:
            font_check(font_path, tuple(printed for _, _, printed in texts))
    except ValueError as exc:
        check.add(("print", "font"), f"{font_path.name!r}: {str(exc).removeprefix(f'{font_path}: ')}")
    return font


def _card_size(check: _Checker, value: Any, path: tuple) -> tuple[str, tuple[float, float] | None]:
    if isinstance(value, str):
        try:
            size = parse_card_size(value)
        except ValueError as exc:
            check.add(path, f"{exc}, or {{width: 63.5mm, height: 88.9mm}}")
            return "custom", None
        return (value.strip().lower() if value.strip().lower() in CARD_PRESETS else "custom"), size
    spec = check.mapping(value, path, CARD_SIZE_KEYS, required=CARD_SIZE_KEYS)
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
    if value is None:
        spec: dict = {}
    else:
        spec = check.mapping(value, path, STYLE_KEYS) or {}
    given = {key: check.color(spec[key], path + (key,)) for key in STYLE_KEYS if key in spec}
    style = replace(Style(), **{key: colour for key, colour in given.items() if colour is not None})
    named = {**asdict(style), "white": WHITE}
    for front, back, least, why in STYLE_CONTRASTS:
        ratio = contrast(named[front], named[back])
        if ratio < least:
            at = path + ((front if front in spec else back),)
            check.add(
                at, f"{front} against {back} has a contrast of {ratio:.1f}:1; at least {least:g}:1 is needed ({why})"
            )
    # A head's own skin and hair must meet the same contrasts as the style's.
    needed = {(front, back): least for front, back, least, _ in STYLE_CONTRASTS}
    for number, head in enumerate(heads, start=1):
        skin, hair = head.skin or style.skin, head.hair or style.hair
        pairs = ((skin, style.stone, "skin", "stone", "the rock"), (hair, skin, "hair", "skin", "the skin"))
        for fore, behind, key, against, why in pairs:
            least, ratio = needed[(key, against)], contrast(fore, behind)
            if (head.skin or head.hair) and ratio < least:
                check.add(
                    ("heads", number, key),
                    f"{key} against {why} has a contrast of {ratio:.1f}:1; at least {least:g}:1 is needed",
                )
    return style


__all__ = [
    "DESIGN_KEYS",
    "RULE_KEYS",
    "TOP_KEYS",
    "FontCheck",
    "design_key_paths",
    "load_design",
    "parse_design",
    "print_font_texts",
    "same_name_key",
]
