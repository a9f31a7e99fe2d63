"""A TrueType font read as data: advance widths, which characters it covers, and glyph outlines.

The layout measures text with it (the same font file the renderers embed, so measured and
printed widths agree), the design reader checks that every name can be printed, and the small
PDF writer of ``impose`` draws its few labels as outlines, so its PDFs need no font at all.
Pure Python and read-only; no renderer is imported.

A font file comes from outside, so every count and offset in it is checked against the length
of the table that holds it when the file is read (:meth:`TrueTypeFont.from_bytes`): a damaged
file is a ``ValueError`` saying which table is wrong and how, never an exception from deep inside
a renderer later, and never a loop over a count the file merely claims. The renderers'
own parsers (reportlab's, FreeType's) read only files that passed here.
"""

from __future__ import annotations

import functools
import itertools
import struct
from dataclasses import field
from pathlib import Path

from ..frozen import frozen_dataclass
from .inputs import InputError, InputKind, read_input

Contour = list[tuple[float, float, bool]]  # (x, y, on-curve) in font units
Point = tuple[float, float]
# ("M", p), ("L", p) or ("Q", control, p): a closed contour as the renderers draw it
Segment = tuple[str, Point] | tuple[str, Point, Point]


# A designer's font is read by the design reader twice (its licence, then every name it prints)
# and by the layout that measures text: parsed once a process for the same bytes (a file that
# changes is parsed again). Keyed by the bytes, not the path, so a changed file is never stale.
@functools.lru_cache(maxsize=8)
def _parsed(data: bytes, path: Path) -> TrueTypeFont:
    try:
        return TrueTypeFont._parse(data, path)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


# Every table a font needs to be measured here and embedded by reportlab (which reads the
# PostScript name from ``name`` and the italic angle from ``post``), with what it holds.
REQUIRED_TABLES = {
    b"head": "its header",
    b"hhea": "its horizontal header",
    b"hmtx": "its advance widths",
    b"maxp": "its glyph count",
    b"cmap": "its character map",
    b"loca": "where its outlines lie",
    b"glyf": "its outlines",
    b"name": "its names; a PDF embeds a font by its PostScript name",
    b"post": "the PostScript facts a PDF embedding reads",
}
UNITS_PER_EM = (16, 16384)  # the OpenType specification's range
LAST_CODE_POINT = 0x10FFFF
MAX_COMPONENT_DEPTH = 8  # composite glyphs nest one or two levels in real fonts
MAX_GLYPH_POINTS = 100_000  # a flattened glyph; real glyphs have hundreds
_UNICODE_MAPS = ((3, 1), (3, 10), (0, 3), (0, 4))  # (platform, encoding) of the maps read here
_LONG_LENGTH_FORMATS = (8, 10, 12, 13)  # cmap formats whose length field is 32-bit (at offset 4)


class _GlyphError(Exception):
    """What is wrong with one outline, in words; :meth:`TrueTypeFont.outline` names the glyph."""


class _Table:
    """One table of the file: bounded reads, each failure a sentence naming the table."""

    def __init__(self, data: bytes, tag: bytes, offset: int, length: int) -> None:
        self.data, self.tag, self.offset, self.length = data, tag.decode("latin-1").strip(), offset, length

    def unpack(self, fmt: str, at: int, what: str) -> tuple:
        size = struct.calcsize(fmt)
        if at < 0 or at + size > self.length:
            raise ValueError(f"the {self.tag} table is damaged: {what} lies past its end ({self.length} bytes)")
        return struct.unpack_from(fmt, self.data, self.offset + at)

    def one(self, fmt: str, at: int, what: str) -> int:
        return int(self.unpack(fmt, at, what)[0])


@frozen_dataclass
class TrueTypeFont:
    """The tables of one TrueType (``glyf``-outline) font file that this project uses.

    >>> from rushmore_print.typeface import Font
    >>> font = TrueTypeFont.load(Font.REGULAR.path)
    >>> font.units_per_em, font.ascent, font.descent, font.glyph_count
    (2048, 1901, -483, 6253)
    """

    path: Path
    units_per_em: int
    ascent: int
    descent: int
    advances: tuple[int, ...]
    glyph_count: int
    _subtables: tuple[tuple[int, int, int], ...] = field(repr=False)  # (format, offset, end), best last
    _locations: tuple[int, ...] = field(repr=False, hash=False, compare=False)  # glyph n: [n], [n + 1]
    _data: bytes = field(repr=False, hash=False, compare=False)
    _tables: dict[bytes, tuple[int, int]] = field(repr=False, hash=False, compare=False)
    _advance: dict[str, int] = field(default_factory=dict, repr=False, hash=False, compare=False)  # memo

    @classmethod
    def load(cls, path: Path) -> TrueTypeFont:
        """Read ``path``; ``ValueError`` when it is not a TrueType font this reader understands.

        >>> from rushmore_print.typeface import Font
        >>> font = TrueTypeFont.load(Font.REGULAR.path)
        >>> font.path.name
        'DejaVuSansCondensed.ttf'
        >>> TrueTypeFont.load(Font.REGULAR.path.with_name("LICENSE.txt"))
        Traceback (most recent call last):
        ValueError: .../LICENSE.txt: not a TrueType font; use a TrueType (.ttf) font
        """
        try:
            data = read_input(path, InputKind.FONT)
        except InputError as exc:
            raise ValueError(str(exc)) from None
        return cls.from_bytes(data, Path(path))

    @classmethod
    def from_bytes(cls, data: bytes, path: Path) -> TrueTypeFont:
        """The font in ``data`` (read from ``path``, named in messages), every table it needs
        checked against its length; ``ValueError`` naming ``path`` and what is wrong.

        >>> TrueTypeFont.from_bytes(b"OTTO" + bytes(40), Path("x.otf"))
        Traceback (most recent call last):
        ...
        ValueError: x.otf: an OpenType font with CFF outlines; use a TrueType (.ttf) font
        """
        return _parsed(data, Path(path))

    @classmethod
    def _parse(cls, data: bytes, path: Path) -> TrueTypeFont:
        tables = _directory(data)
        for tag, holds in REQUIRED_TABLES.items():
            if tag not in tables:
                raise ValueError(f"the font has no {tag.decode()} table, which holds {holds}")
        table = {tag: _Table(data, tag, *tables[tag]) for tag in REQUIRED_TABLES}
        head, hhea, maxp = table[b"head"], table[b"hhea"], table[b"maxp"]
        units = head.one(">H", 18, "unitsPerEm")
        if not UNITS_PER_EM[0] <= units <= UNITS_PER_EM[1]:
            low, high = UNITS_PER_EM
            raise ValueError(f"the head table says {units} units per em; a font has {low} to {high}")
        long_offsets = head.one(">h", 50, "indexToLocFormat")
        if long_offsets not in (0, 1):
            raise ValueError(f"the head table's indexToLocFormat is {long_offsets}; allowed: 0 (short) or 1 (long)")
        glyphs = maxp.one(">H", 4, "numGlyphs")
        if glyphs == 0:
            raise ValueError("the maxp table says the font has no glyphs")
        ascent, descent = hhea.unpack(">hh", 4, "the ascent and descent")
        metrics = hhea.one(">H", 34, "numberOfHMetrics")
        if not 1 <= metrics <= glyphs:
            raise ValueError(f"the hhea table names {metrics} horizontal metrics; allowed: 1 to {glyphs} (numGlyphs)")
        locations = _locations(table[b"loca"], table[b"glyf"].length, glyphs, bool(long_offsets))
        hmtx = table[b"hmtx"]
        if 4 * metrics + 2 * (glyphs - metrics) > hmtx.length:
            raise ValueError(
                f"the hmtx table is {hmtx.length} bytes, too short for {metrics} metrics of {glyphs} glyphs "
                f"({4 * metrics + 2 * (glyphs - metrics)} bytes)"
            )
        advances = hmtx.unpack(f">{2 * metrics}H", 0, "the advance widths")[::2]  # (advance, bearing)
        _check_postscript_name(table[b"name"])
        subtables = _cmap_subtables(table[b"cmap"], glyphs)
        if not subtables:
            raise ValueError("the font has no Unicode character map (cmap format 4 or 12)")
        return cls(path, units, ascent, descent, advances, glyphs, subtables, locations, data, tables)

    @property
    def embedding_allowed(self) -> bool:
        """False when the font's licence bits (OS/2 ``fsType``) forbid embedding a subset of it in
        a PDF: restricted (0x0002), no subsetting (0x0100), bitmap only (0x0200).

        >>> from rushmore_print.typeface import Font
        >>> font = TrueTypeFont.load(Font.REGULAR.path)
        >>> font.embedding_allowed
        True
        """
        table = self._tables.get(b"OS/2")
        if table is None or table[1] < 10:
            return True
        (fs_type,) = struct.unpack_from(">H", self._data, table[0] + 8)
        return not fs_type & 0x0302

    def glyph(self, char: str) -> int:
        """The glyph of a character, 0 (the missing glyph) when the font has none.

        >>> from rushmore_print.typeface import Font
        >>> font = TrueTypeFont.load(Font.REGULAR.path)
        >>> font.glyph("A"), font.glyph("\\u4e2d")
        (36, 0)
        """
        code = ord(char)
        for kind, start, end in reversed(self._subtables):
            found = _format12(self._data, start, code) if kind == 12 else _format4(self._data, start, end, code)
            if 0 < found < self.glyph_count:  # a glyph the map names but the font lacks prints nothing either
                return found
        return 0

    def covers(self, char: str) -> bool:
        """True if the font has a glyph for the character.

        >>> from rushmore_print.typeface import Font
        >>> font = TrueTypeFont.load(Font.REGULAR.path)
        >>> font.covers("ß"), font.covers("\\u4e2d")
        (True, False)
        """
        return self.glyph(char) != 0

    def advance(self, char: str) -> int:
        """How far the character moves the pen, in font units (the missing glyph's advance if it has none).

        >>> from rushmore_print.typeface import Font
        >>> font = TrueTypeFont.load(Font.REGULAR.path)
        >>> font.advance("A"), font.advance("i")
        (1260, 512)
        """
        found = self._advance.get(char)
        if found is None:
            found = self._advance[char] = self.advances[min(self.glyph(char), len(self.advances) - 1)]
        return found

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at ``size`` (in whatever unit ``size`` is).

        >>> from rushmore_print.typeface import Font
        >>> font = TrueTypeFont.load(Font.REGULAR.path)
        >>> round(font.width("Mount", 10.0), 3)
        28.198
        """
        return sum(self.advance(char) for char in text) * size / self.units_per_em

    def outline(self, char: str) -> list[Contour]:
        """The contours of a character's glyph, in font units (composite glyphs flattened);
        ``ValueError`` naming the character when its outline is damaged.

        >>> from rushmore_print.typeface import Font
        >>> font = TrueTypeFont.load(Font.REGULAR.path)
        >>> contours = font.outline("O")
        >>> len(contours), contours[0][0]
        (2, (726.0, 1356.0, True))
        """
        glyph = self.glyph(char)
        try:
            contours = self._glyph(glyph, 0)
        except (struct.error, IndexError):
            problem = "runs past its end"
        except _GlyphError as exc:
            problem = str(exc)
        else:
            if sum(len(contour) for contour in contours) <= MAX_GLYPH_POINTS:
                return contours
            problem = f"has more than {MAX_GLYPH_POINTS} points"
        raise ValueError(f"{self.path}: the glyf table is damaged: the outline of {char!r} (glyph {glyph}) {problem}")

    def _glyph(self, glyph: int, depth: int) -> list[Contour]:
        if depth > MAX_COMPONENT_DEPTH:
            raise _GlyphError(f"nests components more than {MAX_COMPONENT_DEPTH} deep")
        start, end = self._locations[glyph], self._locations[glyph + 1]
        if end <= start:
            return []
        base = self._tables[b"glyf"][0]
        data = self._data[base + start : base + end]  # reads past the glyph's own bytes fail, not wander
        (contours,) = struct.unpack_from(">h", data, 0)
        if contours < 0:
            return self._composite(data, 10, depth)
        ends = struct.unpack_from(f">{contours}H", data, 10)
        if any(later <= earlier for earlier, later in itertools.pairwise(ends)):
            raise _GlyphError(f"has its contours out of order (glyph {glyph})")
        points = ends[-1] + 1 if ends else 0
        position = 10 + 2 * contours
        (instructions,) = struct.unpack_from(">H", data, position)
        position += 2 + instructions
        flags: list[int] = []
        while len(flags) < points:
            flag = data[position]
            position += 1
            repeat = 1
            if flag & 8:
                repeat += data[position]
                position += 1
            flags += [flag] * repeat
        del flags[points:]
        xs, position = _coordinates(data, position, flags, 2, 16)
        ys, position = _coordinates(data, position, flags, 4, 32)
        result, first = [], 0
        for last in ends:
            result.append([(float(xs[i]), float(ys[i]), bool(flags[i] & 1)) for i in range(first, last + 1)])
            first = last + 1
        return result

    def _composite(self, data: bytes, position: int, depth: int) -> list[Contour]:
        result: list[Contour] = []
        points = 0
        while True:
            flags, glyph = struct.unpack_from(">HH", data, position)
            position += 4
            if glyph >= self.glyph_count:
                raise _GlyphError(f"names glyph {glyph} as a part; the font has {self.glyph_count}")
            if flags & 1:  # ARG_1_AND_2_ARE_WORDS
                dx, dy = struct.unpack_from(">hh", data, position)
                position += 4
            else:
                dx, dy = struct.unpack_from(">bb", data, position)
                position += 2
            scale = (1.0, 0.0, 0.0, 1.0)
            if flags & 8:  # one scale
                (s,) = struct.unpack_from(">h", data, position)
                scale = (s / 16384, 0.0, 0.0, s / 16384)
                position += 2
            elif flags & 0x40:  # x and y scale
                sx, sy = struct.unpack_from(">hh", data, position)
                scale = (sx / 16384, 0.0, 0.0, sy / 16384)
                position += 4
            elif flags & 0x80:  # a 2 x 2 matrix
                a, b, c, d = struct.unpack_from(">hhhh", data, position)
                scale = (a / 16384, b / 16384, c / 16384, d / 16384)
                position += 8
            a, b, c, d = scale
            for contour in self._glyph(glyph, depth + 1):
                result.append([(a * x + c * y + dx, b * x + d * y + dy, on) for x, y, on in contour])
                points += len(contour)
            if points > MAX_GLYPH_POINTS:  # components that repeat themselves grow exponentially
                raise _GlyphError(f"has more than {MAX_GLYPH_POINTS} points")
            if not flags & 0x20:  # MORE_COMPONENTS
                return result


def quadratic_segments(contour: Contour) -> list[Segment]:
    """A closed TrueType contour as ("M", p), ("L", p) and ("Q", control, p) segments, the
    implied on-curve points made explicit; the last segment ends where the first began.

    TrueType implies an on-curve point midway between two off-curve ones, and a contour may
    start off-curve or have no on-curve point at all (DejaVu's round counters in '℔' and 'Ք'):
    then it starts at the midpoint of its first two points. Both renderers that draw glyph
    outlines (``render/svg.py`` and ``render/rawpdf.py``) read contours here, so they agree.

    >>> quadratic_segments([(10, 10, True), (0, 0, False), (10, 0, False)])
    [('M', (10, 10)), ('Q', (0, 0), (5.0, 0.0)), ('Q', (10, 0), (10, 10))]
    >>> quadratic_segments([(0, 0, False), (4, 0, False), (4, 4, False), (0, 4, False)])[:3]
    [('M', (2.0, 0.0)), ('Q', (4, 0), (4.0, 2.0)), ('Q', (4, 4), (2.0, 4.0))]
    """
    points = list(contour)
    if not points:
        return []
    start = next((i for i, p in enumerate(points) if p[2]), None)
    if start is None:  # all off-curve: start at the implied point between the first two
        (ax, ay, _), (bx, by, _) = points[0], points[1 % len(points)]
        points.insert(1, ((ax + bx) / 2, (ay + by) / 2, True))
        start = 1
    points = points[start:] + points[:start] + [points[start]]
    segments: list[Segment] = [("M", (points[0][0], points[0][1]))]
    control: Point | None = None
    for x, y, on in points[1:]:
        if on:
            segments.append(("Q", control, (x, y)) if control else ("L", (x, y)))
            control = None
        elif control is None:
            control = (x, y)
        else:
            middle = ((control[0] + x) / 2, (control[1] + y) / 2)
            segments.append(("Q", control, middle))
            control = (x, y)
    return segments


def _directory(data: bytes) -> dict[bytes, tuple[int, int]]:
    """tag -> (offset, length) of every table, each inside the file."""
    kind = data[:4]
    if kind not in (b"\x00\x01\x00\x00", b"true"):
        if kind == b"OTTO":
            raise ValueError("an OpenType font with CFF outlines; use a TrueType (.ttf) font")
        if kind == b"ttcf":
            raise ValueError("a font collection (.ttc); use a single TrueType (.ttf) font")
        raise ValueError("not a TrueType font; use a TrueType (.ttf) font")
    if len(data) < 12:
        raise ValueError("the file ends inside its table directory")
    (count,) = struct.unpack_from(">H", data, 4)
    if 12 + 16 * count > len(data):
        raise ValueError(f"the table directory names {count} tables; the file ends before them")
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if offset + length > len(data):
            name = tag.decode("latin-1").strip()
            raise ValueError(f"the {name} table ({length} bytes at byte {offset}) runs past the end of the file "
                             f"({len(data)} bytes)")  # fmt: skip
        tables[tag] = (offset, length)
    return tables


def _locations(loca: _Table, glyf_length: int, glyphs: int, long_offsets: bool) -> tuple[int, ...]:
    """Where each glyph's outline starts in ``glyf`` (one more entry than glyphs): in order and
    inside the table, so every outline read later stays within it."""
    size = 4 if long_offsets else 2
    if (glyphs + 1) * size > loca.length:
        raise ValueError(f"the loca table is {loca.length} bytes, too short for {glyphs} glyphs "
                         f"({(glyphs + 1) * size} bytes); numGlyphs or the table is wrong")  # fmt: skip
    raw = loca.unpack(f">{glyphs + 1}{'I' if long_offsets else 'H'}", 0, "the glyph locations")
    locations = raw if long_offsets else tuple(2 * value for value in raw)
    for glyph, (start, end) in enumerate(itertools.pairwise(locations)):
        if end < start or end > glyf_length:
            raise ValueError(f"the loca table is damaged: glyph {glyph} lies at bytes {start} to {end} "
                             f"of a glyf table of {glyf_length} bytes")  # fmt: skip
    return locations


def _check_postscript_name(name: _Table) -> None:
    """The ``name`` table holds a PostScript name (name ID 6): the one a PDF embeds the font by."""
    count = name.one(">H", 2, "the number of names")
    records = name.unpack(f">{6 * count}H", 6, "the name records")
    if 6 not in records[3::6]:  # (platform, encoding, language, name ID, length, offset)
        raise ValueError("the name table has no PostScript name (name ID 6), which a PDF embeds a font by")


def _coordinates(data: bytes, position: int, flags: list[int], short: int, same: int) -> tuple[list[int], int]:
    values, value = [], 0
    for flag in flags:
        if flag & short:
            delta = data[position]
            position += 1
            value += delta if flag & same else -delta
        elif not flag & same:
            (delta,) = struct.unpack_from(">h", data, position)
            position += 2
            value += delta
        values.append(value)
    return values, position


def _cmap_subtables(cmap: _Table, glyphs: int) -> tuple[tuple[int, int, int], ...]:
    """The Unicode subtables (format 4, then 12, which reaches beyond the BMP), best last, as
    (format, start in the file, end in the file). Every subtable the table names is checked,
    not only those read here: reportlab and FreeType choose their own."""
    count = cmap.one(">H", 2, "the number of subtables")
    found = set()
    for i in range(count):
        platform, encoding, offset = cmap.unpack(">HHI", 4 + 8 * i, f"encoding record {i + 1}")
        kind = cmap.one(">H", offset, f"subtable {i + 1}")
        if kind in _LONG_LENGTH_FORMATS:
            length = cmap.one(">I", offset + 4, f"subtable {i + 1}'s length")
        elif kind == 14:  # variation sequences: read by nobody here, bounded all the same
            length = cmap.one(">I", offset + 2, f"subtable {i + 1}'s length")
        else:
            length = cmap.one(">H", offset + 2, f"subtable {i + 1}'s length")
        if offset + length > cmap.length:
            raise ValueError(f"the cmap table is damaged: its format {kind} subtable of {length} bytes "
                             f"runs past the table's end")  # fmt: skip
        sub = _Table(cmap.data, b"cmap", cmap.offset + offset, length)
        if kind == 4:
            _check_format4(sub)
        elif kind in (12, 13):
            _check_groups(sub, kind, glyphs)
        if (platform, encoding) in _UNICODE_MAPS and kind in (4, 12):
            found.add((kind, sub.offset, sub.offset + length))
    return tuple(sorted(found))


def _check_format4(sub: _Table) -> None:
    segments2 = sub.one(">H", 6, "segCountX2")
    if segments2 % 2 or 16 + 4 * segments2 > sub.length:
        raise ValueError(f"the cmap table is damaged: a format 4 subtable claims {segments2 // 2} segments "
                         f"in {sub.length} bytes")  # fmt: skip


def _check_groups(sub: _Table, kind: int, glyphs: int) -> None:
    """A format 12 or 13 subtable: as many groups as its length holds, in order, each within
    Unicode and naming glyphs the font has (a reader iterates every character of every group)."""
    groups = sub.one(">I", 12, "nGroups")
    if 16 + 12 * groups > sub.length:
        raise ValueError(f"the cmap table is damaged: a format {kind} subtable claims {groups} groups "
                         f"but holds room for {(sub.length - 16) // 12}")  # fmt: skip
    previous = -1
    for first, last, glyph in struct.iter_unpack(">III", sub.data[sub.offset + 16 : sub.offset + 16 + 12 * groups]):
        if first <= previous or last < first or last > LAST_CODE_POINT:
            raise ValueError(f"the cmap table is damaged: a format {kind} group runs from U+{first:04X} to "
                             f"U+{last:04X} (groups are in order and within U+0000 to U+10FFFF)")  # fmt: skip
        highest = glyph + (last - first if kind == 12 else 0)
        if highest >= glyphs:
            raise ValueError(f"the cmap table is damaged: it maps U+{first:04X} to glyph {highest}, but the font "
                             f"has {glyphs} glyphs")  # fmt: skip
        previous = last


def _format4(data: bytes, start: int, end: int, code: int) -> int:
    """Look ``code`` up in a format 4 subtable (segments sorted by end code: a binary search)."""
    if code > 0xFFFF:
        return 0
    (segments2,) = struct.unpack_from(">H", data, start + 6)
    if segments2 == 0:
        return 0
    ends_at = start + 14
    low, high = 0, segments2 // 2 - 1
    while low < high:  # the first segment whose end >= code
        middle = (low + high) // 2
        (last,) = struct.unpack_from(">H", data, ends_at + 2 * middle)
        if last < code:
            low = middle + 1
        else:
            high = middle
    i = low
    starts_at = ends_at + segments2 + 2
    (first,) = struct.unpack_from(">H", data, starts_at + 2 * i)
    (last,) = struct.unpack_from(">H", data, ends_at + 2 * i)
    if not first <= code <= last:
        return 0
    (delta,) = struct.unpack_from(">h", data, starts_at + segments2 + 2 * i)
    ranges_at = starts_at + 2 * segments2
    (offset,) = struct.unpack_from(">H", data, ranges_at + 2 * i)
    if offset == 0:
        return (code + delta) & 0xFFFF
    at = ranges_at + 2 * i + offset + 2 * (code - first)
    if at + 2 > end:  # outside the subtable: missing, as reportlab reads it
        return 0
    (glyph,) = struct.unpack_from(">H", data, at)
    return (glyph + delta) & 0xFFFF if glyph else 0


def _format12(data: bytes, start: int, code: int) -> int:
    """Look ``code`` up in a format 12 subtable (sequential groups: a binary search)."""
    (groups,) = struct.unpack_from(">I", data, start + 12)
    low, high = 0, groups - 1
    while low <= high:
        middle = (low + high) // 2
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * middle)
        if code < first:
            high = middle - 1
        elif code > last:
            low = middle + 1
        else:
            return int(glyph + code - first)
    return 0


__all__ = ["TrueTypeFont", "quadratic_segments"]
