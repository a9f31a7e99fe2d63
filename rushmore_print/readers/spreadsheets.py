"""Spreadsheets in and out: CSV, XLSX (Excel) and ODS (LibreOffice, Google Sheets' download),
read into plain tables of text with each cell's place, and written byte for byte the same for the
same rows.

Every file comes through the trust boundary (:func:`inputs.read_input`, bounded by its kind).
XLSX and ODS are zip archives: the sizes the archive declares for its members are added up before
anything is inflated, and Python's ``zipfile`` never inflates a member past its declared size, so a
zip bomb is refused by its directory. XLSX is read by openpyxl (which uses defusedxml, so no XML
entity is expanded); ODS by a streaming expat reader of its ``content.xml`` that refuses any
DOCTYPE or entity, as the SVG reader does (odfpy, the library pandas uses, builds a whole DOM:
``bench/bench_sheets.py`` measures both).

The writers are deterministic: every zip member has the same date (1980-01-01, the zip epoch),
and the XLSX document properties a fixed creation date, so ``cards --format xlsx`` twice gives
the same bytes.
"""

from __future__ import annotations

import csv
import enum
import io
import re
import zipfile
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr

from ..errors import RushmoreError
from .inputs import InputError, InputKind, decode_input, read_input, read_input_text, shown, shown_path

# What a manifest sheet can hold: 2^8 + 4^8 cards of the largest design, a header and room for
# blank lines; a sheet claiming more is refused before its rows are kept.
MOST_ROWS = 70_000
MOST_COLUMNS = 64  # cells further right are ignored (a manifest has 4 columns, a publisher some notes)
MOST_CELL_CHARACTERS = 1_000
# The most bytes the members of an XLSX or ODS may inflate to: the largest manifest's sheet is
# about 15 MB of XML, so 150 MB leaves room and still bounds a zip bomb's memory.
MOST_UNZIPPED_BYTES = 150_000_000
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
_FIXED_DATE = "2000-01-01T00:00:00Z"  # XLSX created/modified, as the PDFs say (reproducible)


class SheetFormat(enum.Enum):
    """The spreadsheet formats read and written, by file suffix.

    >>> SheetFormat.of(Path("deck.XLSX"))
    <SheetFormat.XLSX: 'xlsx'>
    >>> SheetFormat.of(Path("deck.json")) is None
    True
    """

    CSV = "csv"
    XLSX = "xlsx"
    ODS = "ods"

    @classmethod
    def of(cls, path: Path) -> SheetFormat | None:
        """The format a file's suffix names (any case), or None.

        >>> SheetFormat.of(Path("deck.ods")), SheetFormat.of(Path("deck.yaml"))
        (<SheetFormat.ODS: 'ods'>, None)
        """
        suffix = path.suffix.lower().lstrip(".")
        return next((kind for kind in cls if kind.value == suffix), None)

    @property
    def binary(self) -> bool:
        """True for the zipped formats (XLSX, ODS); a CSV is text.

        >>> SheetFormat.CSV.binary, SheetFormat.XLSX.binary
        (False, True)
        """
        return self is not SheetFormat.CSV


@dataclass(frozen=True)
class Place:
    """Where a cell is: the sheet (None in a CSV), its row (1 = the first) and column (1 = A).

    >>> str(Place("cards", 7, 3)), str(Place(None, 2, 28))
    ("sheet 'cards', row 7, column C", 'row 2, column AB')
    """

    sheet: str | None
    row: int
    column: int

    def __str__(self) -> str:
        sheet = f"sheet {shown(self.sheet)}, " if self.sheet is not None else ""
        return f"{sheet}row {self.row}, column {column_letters(self.column)}"


def column_letters(number: int) -> str:
    """A spreadsheet's name of column ``number`` (1 = A, 27 = AA).

    >>> column_letters(1), column_letters(26), column_letters(27), column_letters(64)
    ('A', 'Z', 'AA', 'BL')
    """
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


@dataclass(frozen=True)
class Table:
    """One sheet: its name (None for a CSV) and its rows of cell text, in file order, ``rows[0]``
    being row 1; trailing empty cells dropped.

    >>> csv = b"id,notation,level\\nM01,LLLL,\\nS01,RRLL,basic\\nS02,R*LLL,advanced\\n"
    >>> table = read_tables(Path("deck.csv"), csv)[0]
    >>> table.name, table.rows[:2]
    (None, (('id', 'notation', 'level'), ('M01', 'LLLL')))
    """

    name: str | None
    rows: tuple[tuple[str, ...], ...]

    def place(self, row: int, column: int) -> Place:
        """Where a cell is, for a message: the sheet (None for a CSV), the row and the column.

        >>> print(Table("cards", ()).place(3, 2))
        sheet 'cards', row 3, column B
        """
        return Place(self.name, row, column)


class SheetError(RushmoreError):
    """A spreadsheet that cannot be read: ``str()`` names the file (and the sheet and row, when
    the problem is in one).

    >>> read_tables(Path("deck.txt"))
    Traceback (most recent call last):
    rushmore_print.readers.spreadsheets.SheetError: deck.txt: not a spreadsheet; give a .csv, .xlsx or .ods file
    """

    def __init__(self, path: Path | str, message: str):
        self.path, self.reason = str(path), message
        super().__init__(f"{shown_path(path)}: {message}")


def read_tables(path: Path, data: bytes | None = None, kind: SheetFormat | None = None) -> list[Table]:
    """Every sheet of the CSV, XLSX or ODS file at ``path`` (of ``kind``, else known by its
    suffix), as text; ``data``: the file's bytes when read elsewhere (standard input, bounded by
    its reader), ``path`` then only names it.

    Numbers are written as a spreadsheet shows them (``3``, not ``3.0``); formulas give their
    cached value. Raises :class:`SheetError` naming the file for anything unreadable, over a
    limit, or not a spreadsheet.

    >>> csv = b"id,notation,level\\nM01,LLLL,\\nS01,RRLL,basic\\nS02,R*LLL,advanced\\n"
    >>> [table.rows[2] for table in read_tables(Path("deck.csv"), csv)]
    [('S01', 'RRLL', 'basic')]
    """
    kind = kind or SheetFormat.of(path)
    if kind is None:
        raise SheetError(path, "not a spreadsheet; give a .csv, .xlsx or .ods file")
    try:
        if kind is SheetFormat.CSV:
            text = read_input_text(path, InputKind.MANIFEST) if data is None else decode_input(data, path)
            return [_csv(text, path)]
        if data is None:
            data = read_input(path, InputKind.SPREADSHEET)
        elif len(data) > InputKind.SPREADSHEET.most_bytes:
            raise InputError(path, f"{len(data):,} bytes; a spreadsheet may be {InputKind.SPREADSHEET.limit_text}")
    except InputError as exc:
        raise SheetError(path, exc.reason) from None
    archive = _archive(data, path, kind)
    return _xlsx(data, path) if kind is SheetFormat.XLSX else _ods(archive, path)


def sniff(data: bytes) -> SheetFormat | None:
    """The spreadsheet format of bytes that came without a name (standard input): a zip holding
    a workbook is XLSX, one holding ``content.xml`` ODS, text whose first line names the columns
    ``id`` and ``notation`` CSV; None for anything else (JSON or YAML).

    >>> sniff(b"id,kind,notation\\nM01,monument,LLLL\\n"), sniff(b'{"design": "x"}')
    (<SheetFormat.CSV: 'csv'>, None)
    """
    if data.startswith(b"PK\x03\x04"):
        try:
            names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
        except (zipfile.BadZipFile, OSError, ValueError, EOFError):
            return SheetFormat.XLSX  # damaged: the XLSX reader says so, naming the input
        return SheetFormat.ODS if "content.xml" in names else SheetFormat.XLSX
    first = data[:4096].split(b"\n", 1)[0].decode("utf-8", "replace").lstrip("\ufeff")
    cells = {cell.strip().strip('"').casefold() for cell in re.split(r"[,;\t]", first)}
    return SheetFormat.CSV if {"id", "notation"} <= cells else None


def _csv(text: str, path: Path) -> Table:
    # The dialect is sniffed from the first line: spreadsheets in many locales write ; or tabs.
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count) if first else ","
    rows = []
    try:
        for number, row in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), 1):
            rows.append(_kept(row, Place(None, number, 1), path))
            if number > MOST_ROWS:
                raise SheetError(path, f"more than {MOST_ROWS:,} rows; a manifest has at most {MOST_ROWS:,}")
    except csv.Error as exc:
        raise SheetError(path, f"row {len(rows) + 1}: {exc}") from None
    return Table(None, tuple(rows))


def _kept(cells: Sequence[object], place: Place, path: Path) -> tuple[str, ...]:
    """A row's cells as text, cut at :data:`MOST_COLUMNS`, trailing blanks dropped."""
    row = [_text(value) for value in cells[:MOST_COLUMNS]]
    for column, value in enumerate(row, 1):
        if len(value) > MOST_CELL_CHARACTERS:
            where = Place(place.sheet, place.row, column)
            raise SheetError(path, f"{where}: {len(value):,} characters; a cell may hold {MOST_CELL_CHARACTERS:,}")
    while row and not row[-1]:
        row.pop()
    return tuple(row)


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return str(value).strip()


def _archive(data: bytes, path: Path, kind: SheetFormat) -> zipfile.ZipFile:
    """The zip archive in ``data``, refused before anything is inflated when its members would
    inflate past :data:`MOST_UNZIPPED_BYTES`."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        raise SheetError(
            path, f"not a readable {kind.value.upper()} file ({exc}); save it again from the spreadsheet"
        ) from None
    total = sum(member.file_size for member in members)
    if total > MOST_UNZIPPED_BYTES:
        raise SheetError(
            path,
            f"its parts would inflate to {total:,} bytes; a spreadsheet may inflate to at most "
            f"{MOST_UNZIPPED_BYTES:,} (a zip bomb, or far more than a deck)",
        )
    return archive


def _xlsx(data: bytes, path: Path) -> list[Table]:
    import openpyxl  # imported only for XLSX files

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises KeyError, ValueError, TypeError... for damaged files
        raise SheetError(
            path, f"not a readable XLSX file ({_reason(exc)}); save it again from the spreadsheet"
        ) from None
    tables = []
    try:
        for sheet in book.worksheets:
            rows = []
            for number, row in enumerate(sheet.iter_rows(max_col=MOST_COLUMNS, values_only=True), 1):
                if number > MOST_ROWS:
                    raise SheetError(path, f"sheet {shown(sheet.title)}: more than {MOST_ROWS:,} rows")
                rows.append(_kept(row, Place(sheet.title, number, 1), path))
            tables.append(Table(sheet.title, tuple(rows)))
    except SheetError:
        raise
    except Exception as exc:  # damage inside a sheet's XML shows only as its rows are read
        raise SheetError(
            path, f"not a readable XLSX file ({_reason(exc)}); save it again from the spreadsheet"
        ) from None
    finally:
        book.close()
    return tables


def _reason(exc: Exception) -> str:
    return shown(str(exc) or type(exc).__name__, 120)[1:-1]


_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"


def _ods(archive: zipfile.ZipFile, path: Path) -> list[Table]:
    try:
        content = archive.read("content.xml")
    except KeyError:
        raise SheetError(path, "not an ODS spreadsheet (it has no content.xml)") from None
    except (zipfile.BadZipFile, zlib.error, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as exc:
        # damaged, encrypted (RuntimeError) or compressed by a method zipfile lacks
        raise SheetError(path, f"its content.xml is damaged ({exc}); save it again from the spreadsheet") from None
    return _OdsReader(path).read(content)


class _OdsReader:
    """A streaming reader of an ODS ``content.xml``: tables, rows and cells, with their repeat
    counts (a row or cell repeated 1,000 times is written once), text of the ``text:p``
    paragraphs of each cell joined by newlines. Nothing is kept but the text of the cells."""

    def __init__(self, path: Path):
        self.path = path
        self.tables: list[Table] = []
        self.name: str | None = None
        self.rows: list[tuple[str, ...]] = []
        self.row: list[str] = []
        self.row_repeat = 1
        self.cell: list[str] | None = None
        self.cell_repeat = 1
        self.cell_value: str | None = None
        self.in_paragraph = 0

    def read(self, content: bytes) -> list[Table]:
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

        def refuse(*_: object) -> None:
            raise SheetError(self.path, f"content.xml line {parser.CurrentLineNumber}: declares a DOCTYPE or entity; "
                                        "an ODS file has none")  # fmt: skip

        parser.StartDoctypeDeclHandler = refuse
        parser.EntityDeclHandler = refuse
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.characters
        try:
            parser.Parse(content, True)
        except expat.ExpatError as exc:
            raise SheetError(self.path, f"content.xml is not well-formed XML ({exc})") from None
        return self.tables

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        if tag == f"{_TABLE} table":
            self.name, self.rows = attributes.get(f"{_TABLE} name", f"Sheet{len(self.tables) + 1}"), []
        elif tag == f"{_TABLE} table-row":
            self.row, self.row_repeat = [], self._count(attributes, "number-rows-repeated", MOST_ROWS + 1)
        elif tag in (f"{_TABLE} table-cell", f"{_TABLE} covered-table-cell"):
            self.cell, self.cell_repeat = [], self._count(attributes, "number-columns-repeated", MOST_COLUMNS)
            kind = attributes.get(f"{_OFFICE} value-type", "string")
            # A number's text may be formatted ("1,234", "3.00"): its value is what was typed.
            self.cell_value = attributes.get(f"{_OFFICE} value") if kind in ("float", "percentage") else None
            if kind == "boolean":
                self.cell_value = "TRUE" if attributes.get(f"{_OFFICE} boolean-value") == "true" else "FALSE"
        elif tag == f"{_TEXT} p" and self.cell is not None:
            if self.in_paragraph == 0 and self.cell:
                self.cell.append("\n")
            self.in_paragraph += 1
        elif tag == f"{_TEXT} s" and self.cell is not None and self.in_paragraph:
            self.cell.append(" " * self._count(attributes, "c", MOST_CELL_CHARACTERS, _TEXT))
        elif tag in (f"{_TEXT} tab", f"{_TEXT} line-break") and self.cell is not None and self.in_paragraph:
            self.cell.append("\t" if tag.endswith("tab") else "\n")

    def _count(self, attributes: dict[str, str], name: str, most: int, space: str = _TABLE) -> int:
        raw = attributes.get(f"{space} {name}", "1")
        return min(int(raw), most) if raw.isdigit() and int(raw) > 0 else 1

    def characters(self, data: str) -> None:
        if self.cell is not None and self.in_paragraph:
            self.cell.append(data)
            if len(self.cell) > MOST_CELL_CHARACTERS:  # pieces, each at least a character
                self.cell[:] = ["".join(self.cell)]
            if len(self.cell[0]) > MOST_CELL_CHARACTERS:
                where = Place(self.name, len(self.rows) + 1, len(self.row) + 1)
                raise SheetError(self.path, f"{where}: more than {MOST_CELL_CHARACTERS:,} characters in a cell")

    def end(self, tag: str) -> None:
        if tag == f"{_TEXT} p" and self.cell is not None:
            self.in_paragraph -= 1
        elif tag in (f"{_TABLE} table-cell", f"{_TABLE} covered-table-cell") and self.cell is not None:
            text = self.cell_value if self.cell_value is not None else "".join(self.cell)
            room = MOST_COLUMNS - len(self.row)
            self.row.extend([_text(_number(text))] * min(self.cell_repeat, max(room, 0)))
            self.cell = None
        elif tag == f"{_TABLE} table-row":
            row = _kept(self.row, Place(self.name, len(self.rows) + 1, 1), self.path)
            # A sheet ends in a row repeated to the bottom (1,048,576 rows): blank rows are
            # kept only while a row with text may follow.
            self.rows.extend([row] * (self.row_repeat if row else min(self.row_repeat, MOST_ROWS + 1 - len(self.rows))))
            if len(self.rows) > MOST_ROWS:
                if any(self.rows[MOST_ROWS:]):
                    raise SheetError(self.path, f"sheet {shown(self.name)}: more than {MOST_ROWS:,} rows")
                del self.rows[MOST_ROWS:]
        elif tag == f"{_TABLE} table":
            while self.rows and not self.rows[-1]:
                self.rows.pop()
            self.tables.append(Table(self.name, tuple(self.rows)))


def _number(text: str) -> object:
    """An ODS number's value as a spreadsheet shows it: ``3`` for ``3``, ``2.5`` for ``2.5``."""
    try:
        return float(text) if re.fullmatch(r"-?\d+(\.\d+)?([eE][-+]?\d+)?", text) else text
    except ValueError:
        return text


def write_tables(tables: Sequence[Table], kind: SheetFormat) -> bytes:
    """``tables`` as a file of ``kind``: every cell as text, the first row bold as a header in
    XLSX and ODS. A CSV holds the first table only. The same tables give the same bytes.

    >>> write_tables([Table(None, (("id", "notation"), ("M01", "LLLL")))], SheetFormat.CSV)
    b'id,notation\\r\\nM01,LLLL\\r\\n'
    >>> one = write_tables([Table("cards", (("id",), ("M01",)))], SheetFormat.XLSX)
    >>> one == write_tables([Table("cards", (("id",), ("M01",)))], SheetFormat.XLSX)
    True
    """
    if kind is SheetFormat.CSV:
        out = io.StringIO(newline="")
        csv.writer(out).writerows(tables[0].rows if tables else [])  # RFC 4180: CRLF line ends
        return out.getvalue().encode("utf-8")
    if kind is SheetFormat.XLSX:
        return _write_xlsx(tables)
    return _write_ods(tables)


def _write_xlsx(tables: Sequence[Table]) -> bytes:
    import datetime

    import openpyxl
    from openpyxl.styles import Font

    book = openpyxl.Workbook()
    book.remove(book.active)
    fixed = datetime.datetime(2000, 1, 1)
    book.properties.created = book.properties.modified = fixed
    book.properties.creator = "rushmore-print"
    bold = Font(bold=True)
    for table in tables:
        sheet = book.create_sheet(table.name or "Sheet1")
        for row in table.rows:
            # Every cell as text: "01" stays "01", and nothing turns into a date or number.
            sheet.append(list(row))
        for cell in sheet[1] if table.rows else ():
            cell.font = bold
        for column in range(1, max((len(row) for row in table.rows), default=0) + 1):
            width = max(len(row[column - 1]) if len(row) >= column else 0 for row in table.rows)
            sheet.column_dimensions[column_letters(column)].width = min(max(width + 2, 8), 60)
        sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return _fixed_dates(out.getvalue(), core="docProps/core.xml")


def _fixed_dates(data: bytes, core: str | None = None) -> bytes:
    """The zip archive in ``data`` rewritten with every member dated at the zip epoch (and the
    document's own dates, which openpyxl sets to now on saving, fixed), members in their order."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for member in source.infolist():
            body = source.read(member)
            if member.filename == core:
                body = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>" + _FIXED_DATE.encode(), body)
            info = zipfile.ZipInfo(member.filename, _ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            target.writestr(info, body, compresslevel=6)
    return out.getvalue()


_ODS_MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
 <manifest:file-entry manifest:full-path="/" manifest:version="1.2"
  manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>
 <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
"""
_ODS_NAMESPACES = (
    f'xmlns:office="{_OFFICE}" xmlns:table="{_TABLE}" xmlns:text="{_TEXT}" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" office:version="1.2"'
)


def _write_ods(tables: Sequence[Table]) -> bytes:
    """An ODS of ``tables`` (OpenDocument 1.2): the four members LibreOffice needs, the mimetype
    first and stored, as the standard asks, so tools can tell the format by its first bytes."""
    body = "".join(_ods_table(table) for table in tables)
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {_ODS_NAMESPACES}>'
        '<office:automatic-styles><style:style style:name="head" style:family="table-cell">'
        '<style:text-properties fo:font-weight="bold"/></style:style></office:automatic-styles>'
        f"<office:body><office:spreadsheet>{body}</office:spreadsheet></office:body></office:document-content>\n"
    )
    styles = f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-styles {_ODS_NAMESPACES}/>\n'
    meta = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-meta {_ODS_NAMESPACES}><office:meta>'
        "<meta:generator>rushmore-print</meta:generator></office:meta></office:document-meta>\n"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        mimetype = zipfile.ZipInfo("mimetype", _ZIP_EPOCH)
        archive.writestr(mimetype, "application/vnd.oasis.opendocument.spreadsheet", zipfile.ZIP_STORED)
        for name, text in (("content.xml", content), ("styles.xml", styles), ("meta.xml", meta),
                           ("META-INF/manifest.xml", _ODS_MANIFEST)):  # fmt: skip
            info = zipfile.ZipInfo(name, _ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            archive.writestr(info, text.encode("utf-8"), zipfile.ZIP_DEFLATED, 6)
    return out.getvalue()


def _ods_table(table: Table) -> str:
    rows = "".join(_ods_row(row, header=number == 0) for number, row in enumerate(table.rows))
    return f"<table:table table:name={quoteattr(table.name or 'Sheet1')}>{rows}</table:table>"


def _ods_row(row: Sequence[str], header: bool) -> str:
    style = ' table:style-name="head"' if header else ""
    cells = "".join(
        f'<table:table-cell{style} office:value-type="string"><text:p>{_ods_text(value)}</text:p></table:table-cell>'
        if value
        else "<table:table-cell/>"
        for value in row
    )
    return f"<table:table-row>{cells}</table:table-row>"


def _ods_text(value: str) -> str:
    # ODS collapses runs of spaces in text unless written as <text:s/>; a card's text has none
    # to keep but a cell may, so they are written exactly.
    return re.sub(r"  +", lambda run: f' <text:s text:c="{len(run.group()) - 1}"/>', xml_escape(value))


def rows_of(table: Table) -> Iterator[tuple[int, tuple[str, ...]]]:
    """(row number, cells) of each row of ``table`` that holds any text.

    >>> list(rows_of(Table(None, (("id", "notation"), (), ("M01", "LLLL")))))
    [(1, ('id', 'notation')), (3, ('M01', 'LLLL'))]
    """
    for number, row in enumerate(table.rows, 1):
        if any(row):
            yield number, row


__all__ = [
    "MOST_COLUMNS",
    "MOST_UNZIPPED_BYTES",
    "Place",
    "SheetError",
    "SheetFormat",
    "Table",
    "column_letters",
    "read_tables",
    "rows_of",
    "sniff",
    "write_tables",
]
