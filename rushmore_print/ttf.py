"""A TrueType font read as data: advance widths, which characters it covers, and glyph outlines.

The layout measures text with it (the same font file the renderers embed, so measured and
printed widths agree), the design reader checks that every name can be printed, and the small
PDF writer of ``impose`` draws its few labels as outlines, so its PDFs need no font at all.
Pure Python and read-only; no renderer is imported.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path

from .inputs import InputError, InputKind, read_input

Contour = list[tuple[float, float, bool]]  # (x, y, on-curve) in font units


@dataclass(frozen=True)
class TrueTypeFont:
    """The tables of one TrueType (``glyf``-outline) font file that this project uses."""

    path: Path
    units_per_em: int
    ascent: int
    descent: int
    advances: tuple[int, ...]
    _subtables: tuple[tuple[int, int], ...] = field(repr=False)  # (format, offset), best last
    _data: bytes = field(repr=False, hash=False, compare=False)
    _tables: dict[bytes, tuple[int, int]] = field(repr=False, hash=False, compare=False)
    _advance: dict[str, int] = field(default_factory=dict, repr=False, hash=False, compare=False)  # memo

    @classmethod
    def load(cls, path: Path) -> TrueTypeFont:
        """Read ``path``; ``ValueError`` when it is not a TrueType font this reader understands."""
        try:
            data = read_input(path, InputKind.FONT)
        except InputError as exc:
            raise ValueError(str(exc)) from None
        if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
            kind = "an OpenType font with CFF outlines" if data[:4] == b"OTTO" else "not a TrueType font"
            raise ValueError(f"{path}: {kind}; use a TrueType (.ttf) font")
        (count,) = struct.unpack(">H", data[4:6])
        tables = {}
        for i in range(count):
            tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
            tables[tag] = (offset, length)
        for needed in (b"head", b"hhea", b"hmtx", b"cmap", b"maxp", b"loca", b"glyf"):
            if needed not in tables:
                raise ValueError(f"{path}: the font has no {needed.decode()} table")
        head = tables[b"head"][0]
        (units,) = struct.unpack(">H", data[head + 18 : head + 20])
        hhea = tables[b"hhea"][0]
        ascent, descent = struct.unpack(">hh", data[hhea + 4 : hhea + 8])
        (metrics,) = struct.unpack(">H", data[hhea + 34 : hhea + 36])
        hmtx = tables[b"hmtx"][0]
        advances = struct.unpack(f">{2 * metrics}H", data[hmtx : hmtx + 4 * metrics])[::2]  # (advance, bearing)
        subtables = _cmap_subtables(data, tables[b"cmap"][0])
        if not subtables:
            raise ValueError(f"{path}: the font has no Unicode character map")
        return cls(Path(path), units, ascent, descent, advances, subtables, data, tables)

    @property
    def embedding_allowed(self) -> bool:
        """False when the font's licence bits (OS/2 ``fsType``) forbid embedding it in a PDF."""
        table = self._tables.get(b"OS/2")
        if table is None:
            return True
        (fs_type,) = struct.unpack(">H", self._data[table[0] + 8 : table[0] + 10])
        return not (fs_type & 0x0002) and not (fs_type & 0x0200)  # restricted; bitmap only

    def glyph(self, char: str) -> int:
        """The glyph of a character, 0 (the missing glyph) when the font has none."""
        code = ord(char)
        for kind, start in reversed(self._subtables):
            found = _format12(self._data, start, code) if kind == 12 else _format4(self._data, start, code)
            if found:
                return found
        return 0

    def covers(self, char: str) -> bool:
        return self.glyph(char) != 0

    def advance(self, char: str) -> int:
        found = self._advance.get(char)
        if found is None:
            found = self._advance[char] = self.advances[min(self.glyph(char), len(self.advances) - 1)]
        return found

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` at ``size`` (in whatever unit ``size`` is)."""
        return sum(self.advance(char) for char in text) * size / self.units_per_em

    def outline(self, char: str) -> list[Contour]:
        """The contours of a character's glyph, in font units (composite glyphs flattened)."""
        return self._glyph(self.glyph(char), 0)

    def _glyph(self, glyph: int, depth: int) -> list[Contour]:
        start, end = self._location(glyph)
        if end <= start or depth > 8:
            return []
        base = self._tables[b"glyf"][0] + start
        data = self._data
        (contours,) = struct.unpack(">h", data[base : base + 2])
        if contours < 0:
            return self._composite(base + 10, depth)
        ends = struct.unpack(f">{contours}H", data[base + 10 : base + 10 + 2 * contours])
        points = ends[-1] + 1 if ends else 0
        position = base + 10 + 2 * contours
        (instructions,) = struct.unpack(">H", data[position : position + 2])
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
        xs, position = _coordinates(data, position, flags, 2, 16)
        ys, position = _coordinates(data, position, flags, 4, 32)
        result, first = [], 0
        for last in ends:
            result.append([(float(xs[i]), float(ys[i]), bool(flags[i] & 1)) for i in range(first, last + 1)])
            first = last + 1
        return result

    def _composite(self, position: int, depth: int) -> list[Contour]:
        result: list[Contour] = []
        data = self._data
        while True:
            flags, glyph = struct.unpack(">HH", data[position : position + 4])
            position += 4
            if flags & 1:  # ARG_1_AND_2_ARE_WORDS
                dx, dy = struct.unpack(">hh", data[position : position + 4])
                position += 4
            else:
                dx, dy = struct.unpack(">bb", data[position : position + 2])
                position += 2
            scale = (1.0, 0.0, 0.0, 1.0)
            if flags & 8:  # one scale
                (s,) = struct.unpack(">h", data[position : position + 2])
                scale = (s / 16384, 0.0, 0.0, s / 16384)
                position += 2
            elif flags & 0x40:  # x and y scale
                sx, sy = struct.unpack(">hh", data[position : position + 4])
                scale = (sx / 16384, 0.0, 0.0, sy / 16384)
                position += 4
            elif flags & 0x80:  # a 2 x 2 matrix
                a, b, c, d = struct.unpack(">hhhh", data[position : position + 8])
                scale = (a / 16384, b / 16384, c / 16384, d / 16384)
                position += 8
            a, b, c, d = scale
            for contour in self._glyph(glyph, depth + 1):
                result.append([(a * x + c * y + dx, b * x + d * y + dy, on) for x, y, on in contour])
            if not flags & 0x20:  # MORE_COMPONENTS
                return result

    def _location(self, glyph: int) -> tuple[int, int]:
        head = self._tables[b"head"][0]
        (long_offsets,) = struct.unpack(">h", self._data[head + 50 : head + 52])
        loca = self._tables[b"loca"][0]
        if long_offsets:
            return struct.unpack(">II", self._data[loca + 4 * glyph : loca + 4 * glyph + 8])
        start, end = struct.unpack(">HH", self._data[loca + 2 * glyph : loca + 2 * glyph + 4])
        return start * 2, end * 2


def _coordinates(data: bytes, position: int, flags: list[int], short: int, same: int) -> tuple[list[int], int]:
    values, value = [], 0
    for flag in flags:
        if flag & short:
            delta = data[position]
            position += 1
            value += delta if flag & same else -delta
        elif not flag & same:
            (delta,) = struct.unpack(">h", data[position : position + 2])
            position += 2
            value += delta
        values.append(value)
    return values, position


def _cmap_subtables(data: bytes, cmap: int) -> tuple[tuple[int, int], ...]:
    """The Unicode subtables (format 4, then 12, which reaches beyond the BMP), best last."""
    (count,) = struct.unpack(">H", data[cmap + 2 : cmap + 4])
    found = set()
    for i in range(count):
        platform, encoding, offset = struct.unpack(">HHI", data[cmap + 4 + 8 * i : cmap + 12 + 8 * i])
        (kind,) = struct.unpack(">H", data[cmap + offset : cmap + offset + 2])
        if (platform, encoding) in ((3, 1), (3, 10), (0, 3), (0, 4)) and kind in (4, 12):
            found.add((kind, cmap + offset))
    return tuple(sorted(found))


def _format4(data: bytes, start: int, code: int) -> int:
    """Look ``code`` up in a format 4 subtable (segments sorted by end code: a binary search)."""
    if code > 0xFFFF:
        return 0
    (segments2,) = struct.unpack(">H", data[start + 6 : start + 8])
    ends_at = start + 14
    low, high = 0, segments2 // 2 - 1
    while low < high:  # the first segment whose end >= code
        middle = (low + high) // 2
        (end,) = struct.unpack(">H", data[ends_at + 2 * middle : ends_at + 2 * middle + 2])
        if end < code:
            low = middle + 1
        else:
            high = middle
    i = low
    starts_at = ends_at + segments2 + 2
    (first,) = struct.unpack(">H", data[starts_at + 2 * i : starts_at + 2 * i + 2])
    if code < first:
        return 0
    (delta,) = struct.unpack(">h", data[starts_at + segments2 + 2 * i : starts_at + segments2 + 2 * i + 2])
    ranges_at = starts_at + 2 * segments2
    (offset,) = struct.unpack(">H", data[ranges_at + 2 * i : ranges_at + 2 * i + 2])
    if offset == 0:
        return (code + delta) & 0xFFFF
    at = ranges_at + 2 * i + offset + 2 * (code - first)
    (glyph,) = struct.unpack(">H", data[at : at + 2])
    return (glyph + delta) & 0xFFFF if glyph else 0


def _format12(data: bytes, start: int, code: int) -> int:
    """Look ``code`` up in a format 12 subtable (sequential groups: a binary search)."""
    (groups,) = struct.unpack(">I", data[start + 12 : start + 16])
    low, high = 0, groups - 1
    while low <= high:
        middle = (low + high) // 2
        first, last, glyph = struct.unpack(">III", data[start + 16 + 12 * middle : start + 28 + 12 * middle])
        if code < first:
            high = middle - 1
        elif code > last:
            low = middle + 1
        else:
            return glyph + code - first
    return 0
