"""Spreadsheets in and out: CSV, XLSX (Excel) and ODS (LibreOffice, Google Sheets' download),
read into plain tables of text with each cell's place, and written byte for byte the same for the
same rows.

Every file comes through the trust boundary (:func:`inputs.read_input`, bounded by its kind).
XLSX and ODS are zip archives: the sizes the archive declares for its members are added up before
anything is inflated, and each member is inflated a piece at a time, never past its declared size
(a member that lies about it fails its CRC), so a zip bomb is refused by its directory and memory
stays bounded. Both are read by streaming expat readers written here, which refuse any DOCTYPE or
entity, as the SVG reader does: an XLSX's workbook, shared strings and sheets (its declared size,
the ``dimension`` record, is never trusted: rows and cells are placed by their own references,
and two claiming one place are refused), an ODS's ``content.xml``. openpyxl's read-only mode,
which read XLSX before, trusted the dimension record and parsed through defusedxml only when
that happened to be installed; odfpy, the library pandas reads ODS with, builds a whole DOM
(``bench/bench_sheets.py`` measures all three). XLSX is written with openpyxl.

Text never goes out as a formula: the XLSX and ODS writers type every cell as text (no formula
element or attribute, no recalculation on opening), and a CSV cell that a spreadsheet program
would take for a formula (:data:`FORMULA_STARTS`) is written after an apostrophe, which the reader
takes off again.

The writers are deterministic: every zip member has the same date (1980-01-01, the zip epoch),
and the XLSX document properties a fixed creation date, so ``cards --format xlsx`` twice gives
the same bytes.
"""

from __future__ import annotations

import csv
import enum
import io
import posixpath
import re
import zipfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from xml.parsers import expat
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr

from ..errors import RushmoreError
from ..extras import Extra, require
from ..frozen import frozen_dataclass
from .inputs import InputError, InputKind, decode_input, read_input, read_input_text, shown, shown_path

# What a manifest sheet can hold: 2^8 + 4^8 cards of the largest design, a header and room for
# blank lines; a sheet claiming more is refused before its rows are kept.
MOST_ROWS = 70_000
MOST_COLUMNS = 64  # cells further right are ignored (a manifest has 4 columns, a publisher some notes)
MOST_CELL_CHARACTERS = 1_000
# The longest line a CSV manifest may have: its 64 columns of 1,000 characters and many notes
# beyond. Python's CSV reader makes a whole row's cells before any is cut: one line of 39 million
# commas (39 MB, within the manifest's limit) took 830 MB and 16 s.
MOST_CSV_LINE = 1_000_000
# The most bytes the members of an XLSX or ODS may inflate to: the largest manifest's sheet is
# about 15 MB of XML, so 150 MB leaves room and still bounds a zip bomb's memory.
MOST_UNZIPPED_BYTES = 150_000_000
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")
"""The first characters that make a spreadsheet program take text for a formula (or, in old
Excel, a DDE call: ``=cmd|'/c calc'!A1``) when a CSV is opened or a cell typed: the OWASP list,
with the full-width forms East Asian input methods type. The XLSX and ODS writers write every
cell as typed text, which no program evaluates; a CSV has no types, so a cell starting with one
of these is written after an apostrophe (see :func:`csv_cell`)."""
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


@frozen_dataclass
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


@frozen_dataclass
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
    return _xlsx(archive, path) if kind is SheetFormat.XLSX else _ods(archive, path)


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
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
            return SheetFormat.XLSX  # damaged: the XLSX reader says so, naming the input
        return SheetFormat.ODS if "content.xml" in names else SheetFormat.XLSX
    first = data[:4096].split(b"\n", 1)[0].decode("utf-8", "replace").lstrip("\ufeff")
    cells = {cell.strip().strip('"').casefold() for cell in re.split(r"[,;\t]", first)}
    return SheetFormat.CSV if {"id", "notation"} <= cells else None


def _csv(text: str, path: Path) -> Table:
    # The dialect is sniffed from the first line: spreadsheets in many locales write ; or tabs.
    longest = max(re.split("[\r\n]", text), key=len)  # the CSV reader's line ends; made in C
    if len(longest) > MOST_CSV_LINE:
        line = len(re.findall("\r\n?|\n", text[: text.index(longest)])) + 1
        most = f"a line of a CSV manifest may have at most {MOST_CSV_LINE:,}"
        raise SheetError(path, f"line {line}: {len(longest):,} characters; {most}")
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count) if first else ","
    rows = []
    try:
        for number, row in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), 1):
            rows.append(_kept([_csv_value(cell.strip()) for cell in row], Place(None, number, 1), path))
            if number > MOST_ROWS:
                raise SheetError(path, f"more than {MOST_ROWS:,} rows; a manifest has at most {MOST_ROWS:,}")
    except csv.Error as exc:
        raise SheetError(path, f"row {len(rows) + 1}: {exc}") from None
    return Table(None, tuple(rows))


def csv_cell(text: str) -> str:
    """``text`` as a CSV cell: after an apostrophe when a spreadsheet program would take it for a
    formula (:data:`FORMULA_STARTS`; the program then shows it as text and runs nothing), else as
    it is. :func:`read_tables` takes the apostrophe off again, so the value reads back the same;
    text that already starts with apostrophes before such a character gets one more, so that
    taking one off is always right.

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("'=1"), csv_cell("-2"), csv_cell("M01"), csv_cell("'M01")
    ("'=HYPERLINK(1)", "''=1", "'-2", 'M01', "'M01")
    """
    return f"'{text}" if text.lstrip("'").startswith(FORMULA_STARTS) else text


def _csv_value(cell: str) -> str:
    """What :func:`csv_cell` wrote: one apostrophe off a cell that it guarded.

    >>> _csv_value("'=HYPERLINK(1)"), _csv_value("''=1"), _csv_value("'M01")
    ('=HYPERLINK(1)', "'=1", "'M01")
    """
    return cell[1:] if cell.startswith("'") and cell.lstrip("'").startswith(FORMULA_STARTS) else cell


def csv_text(rows: Sequence[Sequence[str]], line_end: str = "\r\n") -> str:
    """``rows`` as CSV text, each cell through :func:`csv_cell`; RFC 4180's CRLF line ends
    unless told.

    >>> csv_text([("id", "name"), ("M01", "=1+1")], "\\n")
    "id,name\\nM01,'=1+1\\n"
    """
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator=line_end).writerows([csv_cell(cell) for cell in row] for row in rows)
    return out.getvalue()


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
    inflate past :data:`MOST_UNZIPPED_BYTES`, or are packed by a method no spreadsheet program
    uses (bzip2 and LZMA would inflate without a bound on each piece)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
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
    odd = next((m for m in members if m.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)), None)
    if odd is not None:
        raise SheetError(path, f"its part {shown(odd.filename)} is packed by zip method {odd.compress_type}; "
                               "spreadsheet programs store or deflate their parts: save it again from one")  # fmt: skip
    return archive


def _pieces(archive: zipfile.ZipFile, name: str, path: Path) -> Iterator[bytes]:
    """The bytes of member ``name``, inflated :data:`_PIECE` bytes at a time, never past the size
    the archive's directory declares for it (which :func:`_archive` has added up): ``zipfile``
    stops a member there and checks its CRC, so a member that lies about its size is refused as
    damaged before it can fill the memory. (``ZipFile.read`` would inflate each block whole, up
    to 2 GB, before cutting it.)"""
    try:
        with archive.open(name) as member:
            while piece := member.read(_PIECE):
                yield piece
    except (zipfile.BadZipFile, zlib.error, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as exc:
        # damaged, a CRC that does not match, encrypted (RuntimeError)
        raise SheetError(path, f"its {name} is damaged ({_reason(exc)}); save it again from the spreadsheet") from None


_PIECE = 1 << 20


class _Handler:
    """What :func:`_parse_member` calls as it reads: elements and text (tags as expat gives them,
    ``namespace tag``)."""

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        """An element opens."""

    def end(self, tag: str) -> None:
        """An element closes."""

    def characters(self, data: str) -> None:
        """Text inside the open elements."""


def _parse_member(archive: zipfile.ZipFile, name: str, path: Path, handler: _Handler) -> None:
    """Member ``name``, an XML document, fed to expat piece by piece (:func:`_pieces`), so that
    memory stays flat whatever its size. A DOCTYPE or an entity declaration is refused: no
    entity is ever expanded (no billion laughs, no external file), which is all the protection
    XML needs here (defusedxml, which openpyxl would use when installed, refuses the same)."""
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def refuse(*_: object) -> None:
        raise SheetError(path, f"{name} line {parser.CurrentLineNumber}: declares a DOCTYPE or entity; "
                               "a spreadsheet has none")  # fmt: skip

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.StartElementHandler = handler.start
    parser.EndElementHandler = handler.end
    parser.CharacterDataHandler = handler.characters
    try:
        for piece in _pieces(archive, name, path):
            parser.Parse(piece, False)
        parser.Parse(b"", True)
    except expat.ExpatError as exc:
        raise SheetError(path, f"{name} is not well-formed XML ({exc})") from None


class _Text:
    """The text of one cell as it is read, refused past :data:`MOST_CELL_CHARACTERS`."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.size = 0

    def add(self, data: str, where: Callable[[], str], path: Path) -> None:
        self.pieces.append(data)
        self.size += len(data)
        if self.size > MOST_CELL_CHARACTERS:
            raise SheetError(path, f"{where()}: more than {MOST_CELL_CHARACTERS:,} characters in a cell")

    def text(self) -> str:
        return "".join(self.pieces)


def _local(name: str) -> str:
    """A tag or attribute without its namespace: OOXML's transitional and strict namespaces
    differ, their names do not."""
    return name.rpartition(" ")[2]


# The most texts an XLSX's shared string table may hold: a manifest of MOST_ROWS rows has at most
# a few different texts a row; the bound keeps a table of millions of tiny texts out of memory.
MOST_SHARED_STRINGS = 16 * MOST_ROWS


def _xlsx(archive: zipfile.ZipFile, path: Path) -> list[Table]:
    """Every worksheet of an XLSX, in the workbook's order, read by streaming expat from its
    parts: the workbook (names and parts of the sheets), its shared string table and each
    sheet's cells. Only what a spreadsheet program shows is read: the declared size of a sheet
    (its ``dimension``) is never looked at, rows and cells are placed by their own references
    and refused when two claim one place, and a formula gives its cached value, as it would
    show before being recalculated."""
    parts = {info.filename.casefold(): info.filename for info in archive.infolist()}  # OPC names ignore case
    book_part = _related(archive, parts, "", path).get("officeDocument", [("xl/workbook.xml", "")])[0][0]
    if book_part.casefold() not in parts:
        raise SheetError(path, f"not a readable XLSX file (it has no {book_part}); save it again from the spreadsheet")
    related = _related(archive, parts, book_part, path)
    by_id = {rel_id: part for part, rel_id in related.get("worksheet", [])}
    workbook = _Workbook(path)
    _parse_member(archive, parts[book_part.casefold()], path, workbook)
    strings = _SharedStrings(path)
    for shared, _ in related.get("sharedStrings", [])[:1]:
        if shared.casefold() in parts:
            _parse_member(archive, parts[shared.casefold()], path, strings)
    _check_names([name for name, _ in workbook.sheets], path)
    tables = []
    for name, rel_id in workbook.sheets:
        part = by_id.get(rel_id)
        if part is None:
            continue  # a chart sheet or a macro sheet: no cells
        if part.casefold() not in parts:
            raise SheetError(path, f"sheet {shown(name)}: its part {part} is missing; save it again from a spreadsheet")
        sheet = _XlsxSheet(path, name, strings.texts)
        _parse_member(archive, parts[part.casefold()], path, sheet)
        tables.append(sheet.table())
    return tables


def _check_names(names: Sequence[str], path: Path) -> None:
    """Refuse sheets without a name or two with one name (in any case): spreadsheet programs
    allow neither, and which of two ``cards`` sheets is the deck is not for the reader to guess."""
    seen: dict[str, str] = {}
    for name in names:
        if not name.strip():
            raise SheetError(path, "a sheet has no name; name each sheet (the deck's is 'cards')")
        if name.casefold() in seen:
            raise SheetError(path, f"two sheets are named {shown(seen[name.casefold()])} and {shown(name)}; "
                                   "give each sheet its own name")  # fmt: skip
        seen[name.casefold()] = name


def _related(
    archive: zipfile.ZipFile, parts: dict[str, str], source: str, path: Path
) -> dict[str, list[tuple[str, str]]]:
    """The parts that ``source`` (``""``: the package) relates to, by relationship type (its last
    word: ``worksheet``, ``sharedStrings``), each as (part name, relationship id)."""
    folder, _, file = source.rpartition("/")
    rels = f"{folder}/_rels/{file}.rels" if source else "_rels/.rels"
    found = _Relationships(path, rels)
    if rels.casefold() in parts:
        _parse_member(archive, parts[rels.casefold()], path, found)
    related: dict[str, list[tuple[str, str]]] = {}
    for kind, target, rel_id in found.relations:
        part = posixpath.normpath(target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target))
        related.setdefault(kind.rpartition("/")[2], []).append((part, rel_id))
    return related


MOST_SHEETS = 1_000  # sheets (and relationships between a workbook's parts) in one file


class _Relationships(_Handler):
    """The relationships of a ``.rels`` part: (type, target, id) of each within the package."""

    def __init__(self, path: Path, name: str):
        self.path, self.name = path, name
        self.relations: list[tuple[str, str, str]] = []

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        if _local(tag) == "Relationship" and attributes.get("TargetMode") != "External":
            self.relations.append((attributes.get("Type", ""), attributes.get("Target", ""), attributes.get("Id", "")))
            if len(self.relations) > MOST_SHEETS:
                raise SheetError(self.path, f"{self.name}: more than {MOST_SHEETS:,} relationships; a workbook of "
                                            "cards has a few")  # fmt: skip


class _Workbook(_Handler):
    """The sheets a workbook lists, in order: (name, relationship id)."""

    def __init__(self, path: Path):
        self.path = path
        self.sheets: list[tuple[str, str]] = []

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        if _local(tag) == "sheet":
            named = {_local(key): value for key, value in attributes.items()}
            self.sheets.append((named.get("name", f"Sheet{len(self.sheets) + 1}"), named.get("id", "")))
            if len(self.sheets) > MOST_SHEETS:
                raise SheetError(self.path, f"more than {MOST_SHEETS:,} sheets; a workbook of cards has two")


class _SharedStrings(_Handler):
    """An XLSX's shared string table: the text of each ``si``, its runs joined, phonetic
    readings (``rPh``) left out as Excel shows them."""

    def __init__(self, path: Path):
        self.path = path
        self.texts: list[str] = []
        self.text: _Text | None = None
        self.reading = False
        self.phonetic = 0

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        tag = _local(tag)
        if tag == "si":
            self.text = _Text()
        elif tag == "t":
            self.reading = self.text is not None and not self.phonetic
        elif tag == "rPh":
            self.phonetic += 1

    def characters(self, data: str) -> None:
        if self.reading and self.text is not None:
            self.text.add(data, lambda: f"shared text {len(self.texts) + 1}", self.path)

    def end(self, tag: str) -> None:
        tag = _local(tag)
        if tag == "t":
            self.reading = False
        elif tag == "rPh":
            self.phonetic -= 1
        elif tag == "si" and self.text is not None:
            self.texts.append(self.text.text())
            self.text = None
            if len(self.texts) > MOST_SHARED_STRINGS:
                raise SheetError(self.path, f"more than {MOST_SHARED_STRINGS:,} different texts; a manifest has "
                                            "far fewer")  # fmt: skip


_CELL_REFERENCE = re.compile(r"([A-Za-z]{1,3})([1-9][0-9]{0,6})")
_MOST_SHEET_ROWS = 1_048_576  # Excel's last row


class _XlsxSheet(_Handler):
    """One worksheet's cells, as the rows of a :class:`Table`."""

    def __init__(self, path: Path, name: str, strings: list[str]):
        self.path, self.name, self.strings = path, name, strings
        self.rows: list[tuple[str, ...]] = []
        self.number = 0  # the row being read (or last read)
        self.row: list[str] | None = None
        self.column = 0  # the cell being read (or last read) in the row
        self.kind = "n"
        self.text: _Text | None = None
        self.reading = False
        self.phonetic = 0

    def place(self, column: int | None = None) -> Place:
        return Place(self.name, self.number, self.column if column is None else column)

    def refuse(self, message: str) -> None:
        raise SheetError(self.path, f"{self.place()}: {message}")

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        tag = _local(tag)
        if tag == "row":
            number = self._row_number(attributes.get("r"))
            self.number, self.row, self.column = number, [], 0
        elif tag == "c" and self.row is not None:
            column = self._column(attributes.get("r"))
            self.column, self.kind, self.text = column, attributes.get("t", "n"), _Text()
            if self.kind not in _CELL_TYPES:
                self.refuse(f"a cell of type {shown(self.kind)}; a cell's type is one of {', '.join(_CELL_TYPES)} "
                            "(save it again from the spreadsheet)")  # fmt: skip
        elif tag == "v":  # the value of every type but inline text, which is in <is><t> alone
            self.reading = self.text is not None and self.kind != "inlineStr"
        elif tag == "t" and not self.phonetic:
            self.reading = self.text is not None and self.kind == "inlineStr"
        elif tag == "rPh":
            self.phonetic += 1

    def _row_number(self, reference: str | None) -> int:
        if reference is None:
            return self.number + 1
        if not reference.isdigit() or not 0 < int(reference) <= _MOST_SHEET_ROWS:
            raise SheetError(self.path, f"sheet {shown(self.name)}: a row numbered {shown(reference)}; rows are "
                                        f"numbered 1 to {_MOST_SHEET_ROWS:,}")  # fmt: skip
        number = int(reference)
        if number <= self.number:
            raise SheetError(self.path, f"sheet {shown(self.name)}: row {number} is listed after row "
                                        f"{self.number}; each row comes once, in order (save it again from the "
                                        "spreadsheet)")  # fmt: skip
        return number

    def _column(self, reference: str | None) -> int:
        if reference is None:
            return self.column + 1
        found = _CELL_REFERENCE.fullmatch(reference)
        if found is None or int(found.group(2)) != self.number:
            self.refuse(f"a cell of row {self.number} is named {shown(reference)}; save it again from the spreadsheet")
        assert found is not None
        column = 0
        for letter in found.group(1).upper():
            column = column * 26 + ord(letter) - 64
        if column <= self.column:
            raise SheetError(self.path, f"sheet {shown(self.name)}: cell {reference} is listed after "
                                        f"{column_letters(self.column)}{self.number}; each cell comes once, in "
                                        "order (save it again from the spreadsheet)")  # fmt: skip
        return column

    def characters(self, data: str) -> None:
        if self.reading and self.text is not None:
            self.text.add(data, lambda: str(self.place()), self.path)

    def end(self, tag: str) -> None:
        tag = _local(tag)
        if tag in ("v", "t"):
            self.reading = False
        elif tag == "rPh":
            self.phonetic -= 1
        elif tag == "c" and self.row is not None and self.text is not None:
            if self.column <= MOST_COLUMNS:
                self.row.extend([""] * (self.column - 1 - len(self.row)))
                self.row.append(self._value(self.text.text()))
            self.text = None
        elif tag == "row" and self.row is not None:
            row = _kept(self.row, self.place(1), self.path)
            if self.number > MOST_ROWS:
                if row:
                    raise SheetError(self.path, f"sheet {shown(self.name)}: more than {MOST_ROWS:,} rows")
            elif row:
                self.rows.extend([()] * (self.number - 1 - len(self.rows)))
                self.rows.append(row)
            self.row = None

    def _value(self, text: str) -> str:
        """A cell's text as a spreadsheet shows it, by its type: shared text, inline text, a
        boolean, an error (``#N/A``), a formula's text result, or a number."""
        if self.kind == "s":
            index = int(text) if text.strip().isdigit() else -1
            if not 0 <= index < len(self.strings):
                self.refuse(f"refers to shared text {shown(text)}, but the workbook has {len(self.strings):,}")
            return self.strings[index]
        if self.kind == "b":
            return "TRUE" if text.strip() in ("1", "true") else "FALSE"
        if self.kind in ("inlineStr", "str", "e", "d"):
            return text
        return _text(_number(text.strip()))

    def table(self) -> Table:
        return Table(self.name, tuple(self.rows))


_CELL_TYPES = ("b", "d", "e", "inlineStr", "n", "s", "str")
"""The types an XLSX cell may have (ECMA-376 Part 1, ST_CellType); ``n`` when a cell says none."""


def _reason(exc: Exception) -> str:
    return shown(str(exc) or type(exc).__name__, 120)[1:-1]


_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"


def _ods(archive: zipfile.ZipFile, path: Path) -> list[Table]:
    if "content.xml" not in archive.namelist():
        raise SheetError(path, "not an ODS spreadsheet (it has no content.xml)")
    reader = _OdsReader(path)
    _parse_member(archive, "content.xml", path, reader)
    _check_names([table.name or "" for table in reader.tables], path)
    return reader.tables


class _OdsReader(_Handler):
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
        self.in_annotation = 0  # a comment on a cell: its paragraphs are not the cell's text

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        if tag == f"{_OFFICE} annotation" or self.in_annotation:
            self.in_annotation += tag == f"{_OFFICE} annotation"
        elif tag == f"{_TABLE} table":
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
        if self.cell is not None and self.in_paragraph and not self.in_annotation:
            self.cell.append(data)
            if len(self.cell) > MOST_CELL_CHARACTERS:  # pieces, each at least a character
                self.cell[:] = ["".join(self.cell)]
            if len(self.cell[0]) > MOST_CELL_CHARACTERS:
                where = Place(self.name, len(self.rows) + 1, len(self.row) + 1)
                raise SheetError(self.path, f"{where}: more than {MOST_CELL_CHARACTERS:,} characters in a cell")

    def end(self, tag: str) -> None:
        if tag == f"{_OFFICE} annotation" or self.in_annotation:
            self.in_annotation -= tag == f"{_OFFICE} annotation"
        elif tag == f"{_TEXT} p" and self.cell is not None:
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
        return csv_text(tables[0].rows if tables else []).encode("utf-8")
    if kind is SheetFormat.XLSX:
        return _write_xlsx(tables)
    return _write_ods(tables)


def _write_xlsx(tables: Sequence[Table]) -> bytes:
    import datetime

    require(Extra.XLSX)
    import openpyxl
    from openpyxl.styles import Font

    book = openpyxl.Workbook()
    book.remove(book.active)
    fixed = datetime.datetime(2000, 1, 1)
    book.properties.created = book.properties.modified = fixed
    book.properties.creator = "rushmore-print"
    book.calculation.fullCalcOnLoad = False  # nothing to calculate: the book holds no formula
    bold = Font(bold=True)
    for table in tables:
        sheet = book.create_sheet(table.name or "Sheet1")
        for row in table.rows:
            sheet.append(list(row))
        for cells in sheet.iter_rows():
            for cell in cells:
                # Every cell as typed text: "01" stays "01", nothing turns into a date or a
                # number, and "=..." is no formula (openpyxl makes one of any text starting
                # with =). quotePrefix keeps it text when someone edits the cell in Excel.
                cell.data_type = "s"
                if isinstance(cell.value, str) and cell.value.startswith(FORMULA_STARTS):
                    cell.quotePrefix = True
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
    "FORMULA_STARTS",
    "MOST_COLUMNS",
    "MOST_UNZIPPED_BYTES",
    "Place",
    "SheetError",
    "SheetFormat",
    "Table",
    "column_letters",
    "csv_cell",
    "csv_text",
    "read_tables",
    "rows_of",
    "sniff",
    "write_tables",
]
