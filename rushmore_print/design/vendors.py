"""A print shop's profile: the numbers an export works to (how the files are made, their names,
the card's pixels, dpi, bleed and safe area, a sheet's grid and limits), as a YAML file.

The shipped export targets' numbers are such files (``data/vendors/tgc.yaml``, ``mpc``, ``dtc``,
``tts``: each number with where it comes from), and a designer writes one for a print shop that
is not among them, next to the design (``rushmore export shop.yaml``). Both are read by
:func:`parse_vendor_profile`, through the project's one YAML reader and its checks, so a
mistake is a :class:`~rushmore_print.errors.SpecError` naming the file, the line, the key and
what is allowed, and every problem is reported at once.
"""

from __future__ import annotations

import enum
import functools
import math
import string
from pathlib import Path
from typing import Any

from ..errors import Problem, SpecError
from ..frozen import frozen_dataclass
from ..package_data import shipped
from ..readers.inputs import InputError, InputKind, read_input_text, shown_path
from ..sizes import parse_card_size
from ..units import EIGHTH_INCH_MM, MM_PER_INCH
from .validation import _Checker
from .values import MAX_BLEED_MM, TOO_MUCH_BLEED
from .yamlfile import read_yaml

DPI_RANGE = (72, 1200)
PIXEL_RANGE = (16, 20_000)  # a side of a card image (1200 dpi tarot: 6,000 px)
MAX_SHOP_NAME_CHARS = 60
MAX_SAFE_MM = 10.0  # the layout keeps its text and symbols inside; more leaves no card to draw on


class FileKind(enum.Enum):
    """What an export writes for a shop (the profile's ``files:``).

    >>> [kind.value for kind in FileKind]
    ['images', 'pdf', 'sheets']
    """

    IMAGES = "images"  # a PNG per face and a back per deck (The Game Crafter, MakePlayingCards)
    PDF = "pdf"  # a CMYK PDF/X-1a per deck, a card a page, each back before its front (DriveThruCards)
    SHEETS = "sheets"  # face sheets in a grid and a saved object (Tabletop Simulator)


# What each name template may hold ({field}: what it becomes), which fields it needs to name
# every file apart, and the ending it has.
_FIELDS = {
    "deck": "monuments or search",
    "card": "a card's id (M01, S01...) or back",
    "part": "sheet1, sheet2... or back",
    "slug": "the design's name as a file name",
}
_NAMING = {  # kind: (fields allowed, fields needed, endings: the files' format)
    FileKind.IMAGES: (("deck", "card", "slug"), ("deck", "card"), (".png", ".jpg", ".jpeg")),
    FileKind.PDF: (("deck", "slug"), ("deck",), (".pdf",)),
    FileKind.SHEETS: (("deck", "part", "slug"), ("deck", "part"), (".png",)),
}
JPEG_ENDINGS = (".jpg", ".jpeg")
_COMMON_KEYS = ("name", "source", "files", "naming", "safe")
_KIND_KEYS = {  # kind: (keys allowed besides the common ones, keys required)
    FileKind.IMAGES: (("dpi", "bleed", "portrait", "sizes", "order"), ("dpi", "bleed")),
    FileKind.PDF: (("bleed", "portrait"), ("bleed",)),
    FileKind.SHEETS: (("sheet",), ("sheet",)),
}
SHEET_KEYS = ("columns", "rows", "pixels", "dpi", "saved_object")
ORDER_KEYS = ("file", "brackets", "stock")


@frozen_dataclass
class SheetGrid:
    """A face sheet's limits (Tabletop Simulator: 10 x 7 cells, 4096 px), the most pixels per
    inch a card needs on screen, and the saved object's file name.

    >>> grid = shipped_vendor_profile("tts").sheet
    >>> grid.columns, grid.rows, grid.pixels, grid.cards_per_sheet
    (10, 7, 4096, 69)
    """

    columns: int
    rows: int
    pixels: int  # the most pixels a sheet has on a side
    dpi: int  # a cell is at most the card at this resolution
    saved_object: str  # the file name template of the saved object ({slug})

    @property
    def cards_per_sheet(self) -> int:
        """The cells of a sheet but the last, which holds the hidden-card image.

        >>> SheetGrid(4, 3, 2048, 300, "{slug}.json").cards_per_sheet
        11
        """
        return self.columns * self.rows - 1


@frozen_dataclass
class Order:
    """An order file for the community tool mpc-autofill: its name, the size brackets the shop
    prices an order in, and the card stock.

    >>> order = shipped_vendor_profile("mpc").order
    >>> order.brackets[:3], order.stock
    ((18, 36, 55), '(S30) Standard Smooth')
    """

    file: str  # the file name template ({slug})
    brackets: tuple[int, ...]
    stock: str


@frozen_dataclass
class VendorProfile:
    """The numbers one export works to. Lengths in mm; ``pixels``: the upright image size the shop
    asks for a card size, where it publishes one (other cards: the card and its bleed at ``dpi``).

    >>> tgc = shipped_vendor_profile("tgc")
    >>> tgc.name, tgc.files, tgc.dpi, tgc.bleed_mm, tgc.safe_mm, tgc.size_for(63.5, 88.9)
    ('The Game Crafter', <FileKind.IMAGES: 'images'>, 300, 3.175, 3.175, (825, 1125))
    """

    name: str
    source: str  # the file it was read from, for messages
    files: FileKind
    naming: str  # the file name template (see ``_FIELDS``)
    dpi: int = 300
    bleed_mm: float = 0.0
    safe_mm: float = EIGHTH_INCH_MM
    portrait: bool = True  # landscape cards turned upright
    pixels: tuple[tuple[tuple[float, float], tuple[int, int]], ...] = ()  # ((short, long) mm, (w, h) px)
    sheet: SheetGrid | None = None
    order: Order | None = None
    numbers_from: str = ""  # where the shop publishes these numbers

    def size_for(self, width_mm: float, height_mm: float) -> tuple[int, int] | None:
        """The exact upright image size the shop asks for a card of this trim size, when it
        publishes one (either way up: the pixels are upright).

        >>> tgc, mpc = shipped_vendor_profile("tgc"), shipped_vendor_profile("mpc")
        >>> tgc.size_for(70, 120), tgc.size_for(88.9, 63.5), mpc.size_for(70, 120)
        ((900, 1500), (825, 1125), None)
        """
        short, long_ = sorted((width_mm, height_mm))
        return next((px for (a, b), px in self.pixels if abs(a - short) < 0.01 and abs(b - long_) < 0.01), None)

    @property
    def jpeg(self) -> bool:
        """True when the images are JPEG files (a name ending in .jpg or .jpeg), else PNG.

        >>> shipped_vendor_profile("tgc").jpeg
        False
        """
        return self.naming.lower().endswith(JPEG_ENDINGS)

    def file_name(self, **fields: str) -> str:
        """A file's name from the profile's template.

        >>> shipped_vendor_profile("tgc").file_name(deck="search", card="S01", slug="x")
        'search/S01.png'
        """
        return self.naming.format(**fields)


def bleed_words(mm: float) -> str:
    """A bleed as a shop writes it: eighths of an inch as a fraction, else inches of at most three
    decimals, else millimetres.

    >>> bleed_words(3.175), bleed_words(3.048), bleed_words(3.0), bleed_words(6.35)
    ('1/8 in', '0.12 in', '3 mm', '1/4 in')
    """
    eighths = mm / EIGHTH_INCH_MM
    if eighths and abs(eighths - round(eighths)) < 1e-9:
        whole, rest = divmod(round(eighths), 8)
        denominator = 8 // math.gcd(rest, 8)
        fraction = f"{rest // (8 // denominator)}/{denominator}" if rest else ""
        return f"{' '.join(part for part in (str(whole) if whole else '', fraction) if part)} in"
    inches = mm / MM_PER_INCH
    if abs(inches * 1000 - round(inches * 1000)) < 1e-6:
        return f"{round(inches, 3):g} in"
    return f"{mm:g} mm"


def read_vendor_profile(path: str | Path) -> VendorProfile:
    """Read and check a print shop's profile; :class:`SpecError` listing every problem.

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> shop = Path(folder.name, "shop.yaml")
    >>> _ = shop.write_text("name: A Shop\\nfiles: images\\ndpi: 300\\nbleed: 3mm\\n")
    >>> read_vendor_profile(shop).naming
    '{deck}/{card}.png'
    >>> _ = shop.write_text("name: A Shop\\nfiles: images\\ndpi: 30\\nbleed: 3mm\\n")
    >>> read_vendor_profile(shop)
    Traceback (most recent call last):
    rushmore_print.errors.SpecError: .../shop.yaml:3: dpi: 30 is out of range; allowed: from 72 to 1200
    >>> folder.cleanup()
    """
    path = Path(path)
    try:
        text = read_input_text(path, InputKind.VENDOR_PROFILE)
    except InputError as exc:
        raise SpecError([Problem(shown_path(path), None, "", exc.reason)]) from None
    return parse_vendor_profile(text, str(path))


@functools.cache
def shipped_vendor_profile(name: str) -> VendorProfile:
    """The profile of a shipped export target (``data/vendors/NAME.yaml``), read once a process.

    >>> shipped_vendor_profile("dtc").files, shipped_vendor_profile("dtc").file_name(deck="search", slug="x")
    (<FileKind.PDF: 'pdf'>, 'x_search_dtc.pdf')
    """
    text = shipped(f"data/vendors/{name}.yaml").read_text("utf-8")
    return parse_vendor_profile(text, f"<shipped {name}.yaml>")


def parse_vendor_profile(text: str, file: str) -> VendorProfile:
    """A profile from its YAML ``text`` (read from ``file``, named in messages).

    >>> parse_vendor_profile("name: Press\\nfiles: pdf\\nbleed: 0.125in\\nnaming: '{deck}.pdf'", "p.yaml").bleed_mm
    3.175
    >>> parse_vendor_profile("name: Press\\nfiles: pdf\\nbleed: 3mm\\ndpi: 300", "p.yaml")
    Traceback (most recent call last):
    rushmore_print.errors.SpecError: p.yaml:4: dpi: applies to files: images only; allowed keys for files: pdf: ...
    """
    values, lines = read_yaml(text, file)
    check = _Checker(file, lines)
    profile = _profile(check, values)
    if check.problems or profile is None:
        raise SpecError(check.problems or [Problem(file, None, "", "the profile could not be read")])
    return profile


def _profile(check: _Checker, values: Any) -> VendorProfile | None:
    if not isinstance(values, dict):
        check.add((), "a print shop's profile is a mapping of keys (name, files, dpi, bleed...), "
                      f"got {type(values).__name__}")  # fmt: skip
        return None
    kind = check.choice(values.get("files", FileKind.IMAGES.value), ("files",), FileKind)
    name = check.text(values["name"], ("name",)) if "name" in values else None
    if name is not None and len(name) > MAX_SHOP_NAME_CHARS:
        check.add(("name",), f"{len(name)} characters; at most {MAX_SHOP_NAME_CHARS} (it titles the files)")
        name = None
    if "name" not in values:
        check.add((), "missing key 'name' (the shop's name, shown in messages and the files' titles)")
    if kind is None:
        return None
    extra, required = _KIND_KEYS[kind]
    allowed = _COMMON_KEYS + extra
    for key in values:
        if key in allowed:
            continue
        owners = [k.value for k, (keys, _) in _KIND_KEYS.items() if key in keys]
        said = f"applies to files: {' and '.join(owners)} only" if owners else "unknown key"
        check.add((key,), f"{said}; allowed keys for files: {kind.value}: {', '.join(allowed)}")
    for key in required:
        if key not in values:
            check.add((), f"missing key '{key}' (files: {kind.value} needs {', '.join(required)})")
    naming = _naming(check, values, kind)
    dpi = check.integer(values["dpi"], ("dpi",), *DPI_RANGE) if "dpi" in values else 300
    bleed = _length(check, values, "bleed", MAX_BLEED_MM, 0.0, TOO_MUCH_BLEED)
    safe = _length(check, values, "safe", MAX_SAFE_MM, EIGHTH_INCH_MM,
                   f"leaves too little card inside; allowed: 0 to {MAX_SAFE_MM:g}mm (1/8 in is usual)")  # fmt: skip
    portrait = values.get("portrait", True)
    if not isinstance(portrait, bool):
        check.add(("portrait",), f"expected true or false, got {portrait!r}")
    pixels = _sizes(check, values.get("sizes", {}))
    sheet = _sheet(check, values["sheet"]) if "sheet" in values else None
    order = _order(check, values["order"]) if "order" in values else None
    numbers_from = check.text(values["source"], ("source",)) if "source" in values else ""
    if check.problems or None in (name, naming, dpi, bleed, safe, pixels, numbers_from):
        return None
    return VendorProfile(name, check.file, kind, naming, dpi, bleed, safe, portrait, pixels, sheet, order, numbers_from)  # type: ignore[arg-type]


def _length(check: _Checker, values: dict, key: str, most: float, default: float, too_much: str) -> float | None:
    if key not in values:
        return default
    # Not rounded as a design's lengths are: the shipped targets' images stay byte-identical to
    # those made before their numbers were data (MPC's 0.12 in bleed was 0.12 * MM_PER_INCH).
    mm = check.length(values[key], (key,), rounded=False)
    if mm is not None and mm > most:
        check.add((key,), f"{mm:g}mm {too_much}")
        return None
    return mm


def _naming(check: _Checker, values: dict, kind: FileKind) -> str | None:
    fields, needed, endings = _NAMING[kind]
    default = {FileKind.IMAGES: "{deck}/{card}.png", FileKind.PDF: "{slug}_{deck}.pdf",
               FileKind.SHEETS: "{slug}_{deck}_{part}.png"}[kind]  # fmt: skip
    return _template(check, values.get("naming", default), ("naming",), fields, needed, endings)


def _template(
    check: _Checker, value: Any, path: tuple, fields: tuple[str, ...], needed: tuple[str, ...], endings: tuple[str, ...]
) -> str | None:
    """A file name template: only ``fields``, each of ``needed``, with one of ``endings``, and a
    name inside the export's folder (one folder down at most)."""
    said = ", ".join(f"{{{field}}} ({_FIELDS[field]})" for field in fields)
    if not isinstance(value, str) or not value.strip():
        check.add(path, f"expected a file name template with {said}, ending in {endings[0]}")
        return None
    try:
        parts = list(string.Formatter().parse(value))
    except ValueError as exc:
        check.add(path, f"{value!r} is not a file name template ({exc}); write a field as {{deck}}")
        return None
    used = [field for _, field, spec, conversion in parts if field is not None]
    literal = "".join(text for text, *_ in parts)
    problem = None
    if any(field not in fields for field in used) or any(spec or conversion for _, _, spec, conversion in parts):
        problem = f"a file name here may hold {said}, nothing else in braces"
    elif missing := [field for field in needed if field not in used]:
        problem = f"needs {' and '.join(f'{{{field}}}' for field in missing)}, or two files would get one name"
    elif not value.lower().endswith(endings):
        *others, last = endings
        problem = f"ends in {', '.join(others) + ' or ' if others else ''}{last} (the files' format)"
    elif literal.count("/") > 1 or value.startswith("/") or ".." in value or not set(literal) <= _NAME_CHARACTERS:
        problem = ("a name inside the export's folder (one folder down at most), of letters, digits, "
                   "'-', '_', '.' and '/'")  # fmt: skip
    if problem:
        check.add(path, f"{value!r}: {problem}")
        return None
    return value


_NAME_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-_./")


def _sizes(check: _Checker, value: Any) -> tuple[tuple[tuple[float, float], tuple[int, int]], ...] | None:
    """``{poker: [825, 1125], 59x91mm: [768, 1146]}``: a card (a preset or its trim size) to the
    upright pixels of its image, bleed included."""
    path = ("sizes",)
    if not isinstance(value, dict):
        check.add(path, f"expected a mapping of card sizes to [width, height] in pixels, such as "
                        f"{{poker: [825, 1125]}}, got {value!r}")  # fmt: skip
        return None
    found = []
    for card, size in value.items():
        where = path + (card,)
        try:
            short, long_ = sorted(parse_card_size(str(card)))
        except ValueError as exc:
            check.add(where, str(exc))
            continue
        if not (isinstance(size, list) and len(size) == 2):
            check.add(where, f"expected [width, height] in pixels, upright (bleed included), got {size!r}")
            continue
        width = check.integer(size[0], where, *PIXEL_RANGE)
        height = check.integer(size[1], where, *PIXEL_RANGE)
        if width is not None and height is not None:
            found.append(((short, long_), (width, height)))
    return tuple(found)


def _sheet(check: _Checker, value: Any) -> SheetGrid | None:
    path = ("sheet",)
    spec = check.mapping(value, path, SHEET_KEYS, required=SHEET_KEYS)
    if spec is None or any(key not in spec for key in SHEET_KEYS):
        return None
    columns = check.integer(spec["columns"], path + ("columns",), 2, 100)
    rows = check.integer(spec["rows"], path + ("rows",), 2, 100)
    pixels = check.integer(spec["pixels"], path + ("pixels",), 256, 16_384)
    dpi = check.integer(spec["dpi"], path + ("dpi",), *DPI_RANGE)
    saved = _template(check, spec["saved_object"], path + ("saved_object",), ("slug",), (), (".json",))
    if columns is None or rows is None or pixels is None or dpi is None or saved is None:
        return None
    return SheetGrid(columns, rows, pixels, dpi, saved)


def _order(check: _Checker, value: Any) -> Order | None:
    path = ("order",)
    spec = check.mapping(value, path, ORDER_KEYS, required=ORDER_KEYS)
    if spec is None or any(key not in spec for key in ORDER_KEYS):
        return None
    file = _template(check, spec["file"], path + ("file",), ("slug",), (), (".xml",))
    stock = check.text(spec["stock"], path + ("stock",))
    brackets = spec["brackets"]
    numbers = (
        [b for b in brackets if isinstance(b, int) and not isinstance(b, bool)] if isinstance(brackets, list) else []
    )
    if not numbers or len(numbers) != len(brackets) or numbers != sorted(set(numbers)) or numbers[0] < 1:
        check.add(path + ("brackets",), f"expected the order sizes the shop prices, whole numbers from the "
                                        f"smallest up, such as [18, 36, 55], got {brackets!r}")  # fmt: skip
        return None
    if file is None or stock is None:
        return None
    return Order(file, tuple(numbers), stock)


__all__ = [
    "DPI_RANGE",
    "JPEG_ENDINGS",
    "MAX_SAFE_MM",
    "MAX_SHOP_NAME_CHARS",
    "ORDER_KEYS",
    "PIXEL_RANGE",
    "SHEET_KEYS",
    "FileKind",
    "Order",
    "SheetGrid",
    "VendorProfile",
    "bleed_words",
    "parse_vendor_profile",
    "read_vendor_profile",
    "shipped_vendor_profile",
]
