"""A deterministic fuzzer of spreadsheet manifests (issue 32): real XLSX and ODS files written by
``cards`` with their zip directory (sizes, CRCs), dimension records, shared strings, cell types,
formulas, repeat counts and XML entities mutated, and CSVs in every dialect with random damage.
Used by ``tests/test_fuzz_sheets.py`` (a sample, in-process) and ``bench/fuzz_sheets.py`` (the
whole set, each case in its own process under a time and memory limit). Each case is a file that
``validate --manifest`` must judge in a sentence naming it, or with a verdict on the cards a
spreadsheet program shows."""

from __future__ import annotations

import csv
import functools
import io
import posixpath
import random
import re
import struct
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.rows import card_rows, deck_tables
from rushmore_print.design import load_design
from rushmore_print.readers.spreadsheets import SheetFormat, write_tables


@dataclass(frozen=True)
class SheetCase:
    label: str
    name: str  # the file name, its suffix the format's
    data: bytes


@functools.lru_cache(maxsize=1)
def _written() -> dict[SheetFormat, bytes]:
    """The classic deck as ``cards`` writes it, in each format."""
    deck = generate_deck(load_design())
    tables = deck_tables(deck, "Mount Rushmore", card_rows(deck))
    return {kind: write_tables(tables[:1] if kind is SheetFormat.CSV else tables, kind) for kind in SheetFormat}


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def zipped(parts: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for name, body in parts.items():
            archive.writestr(name, body)
    return out.getvalue()


def directory_patched(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One member's declared size or CRC changed in the central directory (and its local header)."""
    raw = bytearray(data)
    entries = [m.start() for m in re.finditer(b"PK\x01\x02", raw)]
    entry = rng.choice(entries)
    name_length = struct.unpack("<H", raw[entry + 28 : entry + 30])[0]
    name = raw[entry + 46 : entry + 46 + name_length].decode()
    local = struct.unpack("<I", raw[entry + 42 : entry + 46])[0]
    field, offset_central, offset_local = rng.choice([("CRC", 16, 14), ("compressed size", 20, 18), ("size", 24, 22)])
    old = struct.unpack("<I", raw[entry + offset_central : entry + offset_central + 4])[0]
    new = rng.choice([0, 1, old // 2, old + 1, old * 1000, 2**32 - 1, rng.randrange(2**32)])
    for at in (entry + offset_central, local + offset_local):
        raw[at : at + 4] = struct.pack("<I", new & 0xFFFFFFFF)
    return f"{name} {field} {old} -> {new}", bytes(raw)


def _xml_edit(kind: SheetFormat, rng: random.Random) -> tuple[str, Callable[[bytes], bytes], str]:
    """(label, edit of the member's XML, member) for one XML mutation of the format."""
    if kind is SheetFormat.XLSX:
        sheet = "xl/worksheets/sheet1.xml"
        choices = [
            (
                "dimension",
                lambda x: re.sub(
                    rb'<dimension ref="[^"]*"',
                    b'<dimension ref="%s"' % rng.choice([b"A1", b"A1:F3", b"A1:XFD1048576", b"Z9", b"", b"A0:B-1"]),
                    x,
                ),
                sheet,
            ),
            (
                "row number",
                lambda x: _nth_sub(
                    x,
                    rb'<row r="\d+"',
                    b'<row r="%d"' % rng.choice([0, 1, 2, 17, 56, 70_001, 1_048_576, 1_048_577, 2**31]),
                    rng,
                ),
                sheet,
            ),
            (
                "cell reference",
                lambda x: _nth_sub(
                    x,
                    rb' r="[A-Z]+\d+"',
                    b' r="%s"' % rng.choice([b"A1", b"ZZZZ9", b"B", b"a2", b"XFD1048576", b"A99999999"]),
                    rng,
                ),
                sheet,
            ),
            (
                "cell type",
                lambda x: _nth_sub(
                    x,
                    rb't="inlineStr"',
                    b't="%s"' % rng.choice([b"n", b"b", b"e", b"str", b"d", b"s", b"bogus", b""]),
                    rng,
                ),
                sheet,
            ),
            (
                "formula",
                lambda x: _nth_sub(
                    x,
                    rb"<is><t>[^<]*</t></is>",
                    rng.choice(
                        [
                            b'<f>HYPERLINK("x")</f>',
                            b"<f>1+1</f><v>2</v>",
                            b"<f>A1</f><v>M01</v>",
                            b'<f t="shared" si="0"/>',
                        ]
                    ),
                    rng,
                ),
                sheet,
            ),
            ("shared strings", _shared, sheet),
            (
                "entity",
                lambda x: (
                    b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "'
                    + b"a" * 1000
                    + b'"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
                    + x.split(b"?>")[-1].replace(b"M01", b"&b;", 1)
                ),
                sheet,
            ),
            (
                "character reference",
                lambda x: x.replace(
                    b"M02", rng.choice([b"&#77;02", b"&#0;", b"&#xD800;", b"&undefined;", b"M0&#x32;"]), 1
                ),
                sheet,
            ),
            (
                "workbook",
                lambda x: x.replace(
                    b'name="cards"', rng.choice([b'name=""', b'name="design"', b'name="x" r:id="rId99"']), 1
                ),
                "xl/workbook.xml",
            ),
            (
                "relationships",
                lambda x: x.replace(
                    b"worksheets/sheet1.xml",
                    rng.choice(
                        [
                            b"worksheets/none.xml",
                            b"/xl/worksheets/sheet1.xml",
                            b"../../etc/passwd",
                            b"WORKSHEETS/SHEET1.XML",
                        ]
                    ),
                    1,
                ),
                "xl/_rels/workbook.xml.rels",
            ),
        ]
    else:
        content = "content.xml"
        choices = [
            (
                "row repeat",
                lambda x: _nth_sub(
                    x,
                    rb"<table:table-row>",
                    b'<table:table-row table:number-rows-repeated="%s">'
                    % rng.choice([b"0", b"-1", b"2", b"70001", b"1048576", b"x", b"99999999999"]),
                    rng,
                ),
                content,
            ),
            (
                "cell repeat",
                lambda x: _nth_sub(
                    x,
                    rb'<table:table-cell office:value-type="string">',
                    b'<table:table-cell office:value-type="string" table:number-columns-repeated="%s">'
                    % rng.choice([b"0", b"2", b"64", b"16384", b"-3", b"1e9"]),
                    rng,
                ),
                content,
            ),
            (
                "cell type",
                lambda x: _nth_sub(
                    x,
                    rb'office:value-type="string"',
                    b'office:value-type="%s" office:value="%s"'
                    % (
                        rng.choice([b"float", b"boolean", b"percentage", b"date", b"bogus"]),
                        rng.choice([b"3", b"1e400", b"nan", b"", b"-0"]),
                    ),
                    rng,
                ),
                content,
            ),
            (
                "formula",
                lambda x: _nth_sub(
                    x, rb"<table:table-cell ", b'<table:table-cell table:formula="of:=HYPERLINK(&quot;x&quot;)" ', rng
                ),
                content,
            ),
            (
                "spaces",
                lambda x: _nth_sub(
                    x,
                    rb"<text:p>",
                    b'<text:p><text:s text:c="%s"/>' % rng.choice([b"1", b"1000", b"99999999", b"-1"]),
                    rng,
                ),
                content,
            ),
            (
                "annotation",
                lambda x: _nth_sub(
                    x, rb"<text:p>", b"<office:annotation><text:p>note</text:p></office:annotation><text:p>", rng
                ),
                content,
            ),
            (
                "entity",
                lambda x: (
                    b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "'
                    + b"a" * 1000
                    + b'"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
                    + x.split(b"?>", 1)[1].replace(b"M01", b"&b;", 1)
                ),
                content,
            ),
            (
                "table name",
                lambda x: x.replace(
                    b'table:name="cards"', rng.choice([b'table:name=""', b'table:name="design"', b""]), 1
                ),
                content,
            ),
        ]
    return rng.choice(choices)


def _nth_sub(xml: bytes, pattern: bytes, replacement: bytes, rng: random.Random) -> bytes:
    found = list(re.finditer(pattern, xml))
    if not found:
        return xml
    match = rng.choice(found)
    return xml[: match.start()] + replacement + xml[match.end() :]


def _shared(xml: bytes) -> bytes:
    """Inline strings made shared: each cell's text moved into a table (added by the case)."""
    return xml  # the table itself is made in _xlsx_shared, which needs both parts


def _xlsx_shared(parts: dict[str, bytes], rng: random.Random) -> tuple[str, dict[str, bytes]]:
    """The XLSX with its cells as shared strings (as Excel writes them), one index maybe wrong."""
    sheet = parts["xl/worksheets/sheet1.xml"]
    texts: list[bytes] = []

    def share(match: re.Match) -> bytes:
        texts.append(match.group(2))
        return match.group(1) + b't="s"><v>%d</v>' % (len(texts) - 1)

    sheet = re.sub(rb'(<c r="[A-Z]+\d+" )t="inlineStr"><is><t>([^<]*)</t></is>', share, sheet)
    broken = rng.choice(["none", "index", "count", "rich", "phonetic"])
    if broken == "index":
        sheet = _nth_sub(sheet, rb"<v>\d+</v>", b"<v>%d</v>" % rng.choice([-1, len(texts), 10**9]), rng)
    items = [b"<si><t>%s</t></si>" % text for text in texts]
    if broken == "rich":
        items = [b"<si><r><t>%s</t></r><r><t></t></r></si>" % text for text in texts]
    if broken == "phonetic":
        items = [b"<si><t>%s</t><rPh><t>yomi</t></rPh></si>" % text for text in texts]
    if broken == "count":
        items = items[: len(items) // 2]
    parts = dict(parts)
    parts["xl/worksheets/sheet1.xml"] = sheet
    parts["xl/sharedStrings.xml"] = (b'<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/'
                                     b'spreadsheetml/2006/main">' + b"".join(items) + b"</sst>")  # fmt: skip
    rels = parts["xl/_rels/workbook.xml.rels"]
    shared = (b'<Relationship Id="rId99" Target="sharedStrings.xml" Type="http://schemas.openxmlformats.org/'
              b'officeDocument/2006/relationships/sharedStrings"/>')  # fmt: skip
    parts["xl/_rels/workbook.xml.rels"] = rels.replace(b"</Relationships>", shared + b"</Relationships>")
    return f"shared strings ({broken})", parts


def _zip_case(kind: SheetFormat, rng: random.Random) -> tuple[str, bytes]:
    data = _written()[kind]
    parts = members(data)
    mode = rng.choice(["xml", "xml", "xml", "xml", "directory", "bytes", "bomb", "method"])
    if mode == "directory":
        return directory_patched(data, rng)
    if mode == "bytes":
        raw = bytearray(data)
        for _ in range(rng.choice([1, 3, 20])):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return "damaged bytes", bytes(raw[: rng.choice([len(raw), rng.randrange(len(raw))])])
    if mode == "bomb":
        name = rng.choice(sorted(parts))
        size = rng.choice([10_000_000, 151_000_000])  # under and over the limit
        parts[name] = parts[name][:-1] + b" " * size + parts[name][-1:]
        return f"{name} inflated by {size:,} spaces", zipped(parts)
    if mode == "method":
        return "members packed by bzip2", zipped(parts, zipfile.ZIP_BZIP2)
    label, edit, member = _xml_edit(kind, rng)
    if label == "shared strings" and kind is SheetFormat.XLSX:
        label, parts = _xlsx_shared(parts, rng)
    elif member in parts:
        parts[member] = edit(parts[member])
    return label, zipped(parts)


def _csv_case(rng: random.Random) -> tuple[str, bytes]:
    rows = list(csv.reader(io.StringIO(_written()[SheetFormat.CSV].decode("utf-8"))))
    mode = rng.choice(["dialect", "formula", "damage", "cells", "encoding", "huge"])
    if mode == "dialect":
        delimiter = rng.choice([",", ";", "\t", "|"])
        ending = rng.choice(["\r\n", "\n", "\r"])
        out = io.StringIO(newline="")
        csv.writer(
            out,
            delimiter=delimiter,
            lineterminator=ending,
            quoting=rng.choice([csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC]),
        ).writerows(rows)
        bom = rng.choice(["", "\ufeff"])
        return f"dialect {delimiter!r} {ending!r}{' BOM' if bom else ''}", (bom + out.getvalue()).encode("utf-8")
    if mode == "formula":
        row = rng.randrange(1, len(rows))
        rows[row][rng.randrange(len(rows[row]))] = rng.choice(
            ["=1+1", "'=1+1", "''=x", "@SUM(A1)", "-M01", "+M01", "=cmd|' /C calc'!A0", "'M01", "\t=x"]
        )
    elif mode == "damage":
        text = bytearray(_written()[SheetFormat.CSV])
        for _ in range(rng.choice([1, 5, 30])):
            text.insert(rng.randrange(len(text)), rng.choice(b'",\n\r\x00;\t\xff\xc3'))
        return "damaged", bytes(text)
    elif mode == "cells":
        row = rng.randrange(len(rows))
        rows[row] = rows[row] + [""] * rng.choice([1, 60, 1000]) + ["note"]
    elif mode == "encoding":
        text = _written()[SheetFormat.CSV].decode("utf-8")
        return "encoding", text.encode(rng.choice(["utf-16", "utf-16-le", "latin-1", "utf-32"]))
    else:
        row = rng.randrange(1, len(rows))
        rows[row][0] = "x" * rng.choice([999, 1001, 100_000])
    out = io.StringIO(newline="")
    csv.writer(out).writerows(rows)
    return mode, out.getvalue().encode("utf-8")


def cases(seed: int = 32, count: int = 500, every: int = 1) -> list[SheetCase]:
    """``count`` mutated sheets (a third each XLSX, ODS and CSV), every ``every``-th made: each
    case has its own random stream, so a sample costs only its own cases."""
    made = []
    for number in range(0, count, every):
        rng = random.Random(f"{seed}:{number}")
        kind = (SheetFormat.XLSX, SheetFormat.ODS, SheetFormat.CSV)[number % 3]
        label, data = _csv_case(rng) if kind is SheetFormat.CSV else _zip_case(kind, rng)
        made.append(SheetCase(f"#{number} {kind.value} {label}", f"deck.{kind.value}", data))
    return made


def table_rows(rows) -> list[tuple[str, ...]]:
    """Rows without their trailing empty cells and the sheet without its trailing empty rows."""
    kept = [tuple(cell.strip() for cell in row) for row in rows]
    kept = [row[: max((n + 1 for n, cell in enumerate(row) if cell), default=0)] for row in kept]
    while kept and not kept[-1]:
        kept.pop()
    return kept


def oracle_rows(path) -> list[tuple[str | None, list[tuple[str, ...]]]] | None:
    """Every sheet of an XLSX as openpyxl reads it in full (not read-only) mode, which lays out
    every cell by its own reference, as a spreadsheet program shows it: (name, rows), to hold
    the streaming reader's tables against. None when openpyxl cannot read the file, or when it
    would inflate past 20 MB or lay out cells past row 100,000 or column ZZ (openpyxl has no
    bound of its own), or when the workbook names a sheet's part in another case than the zip
    does (OPC part names ignore case, as a spreadsheet program and the streaming reader read
    them; openpyxl leaves such a sheet out): nothing to compare."""
    import warnings

    import openpyxl

    try:
        with zipfile.ZipFile(path) as archive:
            if sum(info.file_size for info in archive.infolist()) > 20_000_000:
                return None
            sheets = b"".join(archive.read(n) for n in archive.namelist() if n.startswith("xl/worksheets/"))
            names = set(archive.namelist())
            rels = archive.read("xl/_rels/workbook.xml.rels") if "xl/_rels/workbook.xml.rels" in names else b""
        targets = {posixpath.normpath(posixpath.join("xl", t.decode(errors="replace"))).lstrip("/")
                   for t in re.findall(rb'Target="([^"]*)"', rels)}  # fmt: skip
        folded = {name.casefold() for name in names}
        if any(t not in names and t.casefold() in folded for t in targets):
            return None
        # openpyxl lays out every cell up to the farthest one: a cell at row 10^8 costs minutes.
        far = [int(row) for row in re.findall(rb' r="[A-Za-z]*(\d+)"', sheets)]
        if any(row > 100_000 for row in far) or re.search(rb' r="[A-Za-z]{3}', sheets):
            return None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            book = openpyxl.load_workbook(path, data_only=True)
        return [(sheet.title, table_rows([_shown(v) for v in row] for row in sheet.iter_rows(values_only=True)))
                for sheet in book.worksheets]  # fmt: skip
    except Exception:  # openpyxl's own failures on a damaged file, whatever they are
        return None


def _shown(value: object) -> str:
    """A cell's value as the streaming reader gives it (``3``, not ``3.0``)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return str(value)


__all__ = ["SheetCase", "cases", "directory_patched", "members", "oracle_rows", "table_rows", "zipped"]
