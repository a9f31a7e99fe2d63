"""Damaged TrueType files made from the shipped DejaVu font by editing its tables in place: the
font classes of the fuzzer (``tests/fuzzing.py``) and of ``tests/test_font_checks.py``."""

from __future__ import annotations

import struct
from collections.abc import Iterable
from importlib import resources

DEJAVU = resources.files("rushmore_print").joinpath("data/fonts/DejaVuSansCondensed.ttf").read_bytes()


def tables(data: bytes) -> dict[bytes, tuple[int, int, int]]:
    """tag -> (its directory entry's position, offset, length)."""
    (count,) = struct.unpack(">H", data[4:6])
    found = {}
    for i in range(count):
        entry = 12 + 16 * i
        tag, _, offset, length = struct.unpack(">4sIII", data[entry : entry + 16])
        found[tag] = (entry, offset, length)
    return found


def patch(data: bytes, tag: bytes, at: int, fmt: str, *values: int) -> bytes:
    """``values`` packed as ``fmt`` at ``at`` bytes into table ``tag``."""
    start = tables(data)[tag][1] + at
    packed = struct.pack(fmt, *values)
    return data[:start] + packed + data[start + len(packed) :]


def entry(data: bytes, tag: bytes, offset: int | None = None, length: int | None = None) -> bytes:
    """The table directory's entry of ``tag`` with another offset or length."""
    position, old_offset, old_length = tables(data)[tag]
    packed = struct.pack(">II", old_offset if offset is None else offset, old_length if length is None else length)
    return data[: position + 8] + packed + data[position + 16 :]


def without(data: bytes, tag: bytes) -> bytes:
    """The font as if it had no ``tag`` table (its directory entry renamed)."""
    position = tables(data)[tag][0]
    return data[:position] + b"zzz" + tag[-1:] + data[position + 4 :]


def cmap_subtables(data: bytes) -> list[tuple[int, int, int, int]]:
    """(platform, encoding, offset from the cmap table, format) of every subtable."""
    cmap = tables(data)[b"cmap"][1]
    (count,) = struct.unpack(">H", data[cmap + 2 : cmap + 4])
    found = []
    for i in range(count):
        platform, encoding, offset = struct.unpack(">HHI", data[cmap + 4 + 8 * i : cmap + 12 + 8 * i])
        (kind,) = struct.unpack(">H", data[cmap + offset : cmap + offset + 2])
        found.append((platform, encoding, offset, kind))
    return found


def mapping(data: bytes) -> dict[int, int]:
    """Every character the font maps, to its glyph (read by reportlab, not by the reader tested)."""
    import io

    from reportlab.pdfbase.ttfonts import TTFontFile

    return dict(TTFontFile(io.BytesIO(data)).charToGlyph)


def _format12_table(chars: dict[int, int]) -> bytes:
    groups: list[list[int]] = []
    for code, glyph in sorted(chars.items()):
        if groups and groups[-1][1] == code - 1 and groups[-1][2] + code - groups[-1][0] == glyph:
            groups[-1][1] = code
        else:
            groups.append([code, code, glyph])
    body = struct.pack(">HHIII", 12, 0, 16 + 12 * len(groups), 0, len(groups))
    return body + b"".join(struct.pack(">III", *group) for group in groups)


def format4_table(segments: Iterable[tuple[int, int, int, list[int] | None]]) -> bytes:
    """A format 4 character map of ``segments``, each (first code, last code, idDelta, glyph
    ids): with glyph ids, the segment reads them from glyphIdArray through its idRangeOffset
    (and adds idDelta to each that is not 0); with None, its glyphs are code + idDelta. The
    closing 0xFFFF segment is added."""
    rows = [*segments, (0xFFFF, 0xFFFF, 1, None)]
    count = len(rows)
    ids: list[int] = []
    offsets = []
    for i, (first, last, _, glyphs) in enumerate(rows):
        if glyphs is None:
            offsets.append(0)
            continue
        assert len(glyphs) == last - first + 1
        offsets.append(2 * (count - i) + 2 * len(ids))  # from its own idRangeOffset to its glyph ids
        ids.extend(glyphs)
    power = 1 << (count.bit_length() - 1)
    header = struct.pack(">HHHHHHH", 4, 16 + 8 * count + 2 * len(ids), 0, 2 * count, 2 * power,
                         power.bit_length() - 1, 2 * count - 2 * power)  # fmt: skip
    return b"".join([
        header,
        struct.pack(f">{count}H", *(row[1] for row in rows)),
        b"\0\0",
        struct.pack(f">{count}H", *(row[0] for row in rows)),
        struct.pack(f">{count}H", *(row[2] & 0xFFFF for row in rows)),
        struct.pack(f">{count}H", *offsets),
        struct.pack(f">{len(ids)}H", *ids),
    ])  # fmt: skip


def with_format4(data: bytes, segments: Iterable[tuple[int, int, int, list[int] | None]]) -> bytes:
    """The font with one format 4 character map of ``segments`` (see :func:`format4_table`),
    which every Unicode and Windows entry of its ``cmap`` then names; the old subtables stay unused."""
    records = {i: (platform, 1 if platform == 3 else 3) for i, (platform, _, _, _) in enumerate(cmap_subtables(data))
               if platform in (0, 3)}  # fmt: skip
    return with_subtable(data, format4_table(segments), records)


def with_records(data: bytes, chars: dict[int, int], records: dict[int, tuple[int, int]]) -> bytes:
    """The font with a format 12 character map of ``chars`` appended to its ``cmap``, and the
    encoding records numbered in ``records`` (from 0) set to (platform, encoding) and naming it."""
    return with_subtable(data, _format12_table(chars), records)


def with_subtable(data: bytes, subtable: bytes, records: dict[int, tuple[int, int]]) -> bytes:
    """The font with ``subtable`` appended to its ``cmap``, and the encoding records numbered in
    ``records`` (from 0) set to (platform, encoding) and naming it."""
    cmap = tables(data)[b"cmap"][1]
    padded = data + bytes(-len(data) % 4)
    offset = len(padded) - cmap
    result = padded + subtable
    for i, (platform, encoding) in records.items():
        at = cmap + 4 + 8 * i
        result = result[:at] + struct.pack(">HHI", platform, encoding, offset) + result[at + 8 :]
    return entry(result, b"cmap", length=len(result) - cmap)  # the table now reaches the new subtable


def with_mapping(data: bytes, chars: dict[int, int]) -> bytes:
    """The font with one format 12 character map of ``chars``, which every Unicode and Windows
    entry of its ``cmap`` then names (so every reader picks it); the old subtables stay unused."""
    records = {
        i: (platform, 10 if platform == 3 else 4)
        for i, (platform, _, _, _) in enumerate(cmap_subtables(data))
        if platform in (0, 3)
    }
    return with_records(data, chars, records)


def without_chars(data: bytes, codes: Iterable[int]) -> bytes:
    """The font with ``codes`` taken out of its character map (their glyphs stay)."""
    chars = mapping(data)
    for code in codes:
        chars.pop(code, None)
    return with_mapping(data, chars)


def _format12(data: bytes) -> int:
    return next(offset for _, _, offset, kind in cmap_subtables(data) if kind == 12)


def _format4(data: bytes) -> int:
    return next(offset for _, _, offset, kind in cmap_subtables(data) if kind == 4)


def _location(data: bytes, glyph: int) -> int:
    """Where ``glyph``'s outline starts in the file (DejaVu's ``loca`` has long offsets)."""
    loca, glyf = tables(data)[b"loca"][1], tables(data)[b"glyf"][1]
    return glyf + struct.unpack_from(">I", data, loca + 4 * glyph)[0]


A_GLYPH, A_DIAERESIS_GLYPH = 36, 134  # DejaVu's 'A' (simple) and 'Ä' (composite: 'A' and the dots)
NAMES = ("Ädam", "Bea")  # what a design of the damaged fonts prints: 'A' and 'Ä' drawn from both glyphs


def damaged(data: bytes = DEJAVU) -> dict[str, bytes]:
    """One damaged copy of ``data`` for each way a font file was found broken, by what is wrong."""
    glyf_length = tables(data)[b"glyf"][2]
    a_start = struct.unpack_from(">I", data, tables(data)[b"loca"][1] + 4 * A_GLYPH)[0]
    component = _location(data, A_DIAERESIS_GLYPH) + 12  # the first component's glyph number
    looping = data[:component] + struct.pack(">H", A_DIAERESIS_GLYPH) + data[component + 2 :]
    return {
        "unitsPerEm 0": patch(data, b"head", 18, ">H", 0),
        "no hmtx table": without(data, b"hmtx"),
        "no hhea table": without(data, b"hhea"),
        "numberOfHMetrics 0": patch(data, b"hhea", 34, ">H", 0),
        "numberOfHMetrics beyond hmtx": patch(data, b"hhea", 34, ">H", 65535),
        "format 12 claiming 2^32-1 groups": patch(data, b"cmap", _format12(data) + 12, ">I", 0xFFFFFFFF),
        "format 4 claiming 32767 segments": patch(data, b"cmap", _format4(data) + 6, ">H", 65534),
        "cmap subtable past the end": patch(data, b"cmap", 4 + 4, ">I", 0x7FFFFFF0),
        "no name table": without(data, b"name"),
        "no post table": without(data, b"post"),
        "no loca table": without(data, b"loca"),
        "no glyf table": without(data, b"glyf"),
        "no cmap table": without(data, b"cmap"),
        "indexToLocFormat 2": patch(data, b"head", 50, ">h", 2),
        "loca past the end of the file": entry(data, b"loca", offset=len(data) - 8),
        "loca entries past glyf": patch(data, b"loca", 4 * 36, ">I", glyf_length + 4000),
        "numGlyphs 65535": patch(data, b"maxp", 4, ">H", 65535),
        "numTables 65535": data[:4] + struct.pack(">H", 65535) + data[6:],
        "glyf longer than the file": entry(data, b"glyf", length=len(data)),
        "truncated to half": data[: len(data) // 2],
        "an outline cut short": patch(data, b"loca", 4 * (A_GLYPH + 1), ">I", a_start + 14),
        "a composite glyph made of itself": looping,
        "truncated directory": data[:40],
        # read by readers/truetype.py, refused by reportlab: caught by render.fontcheck
        "head magic number wrong": patch(data, b"head", 12, ">I", 0),
        "name table without names": patch(data, b"name", 2, ">H", 0),
        "post version 9": patch(data, b"post", 0, ">I", 0x00090000),
    }
