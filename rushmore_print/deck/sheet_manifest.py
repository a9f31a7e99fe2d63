"""A deck as a spreadsheet: the rows ``cards --format csv|xlsx|ods`` writes (the columns of
:mod:`rows`) and ``validate --manifest`` reads back, every finding pointed at its sheet, row and
column.

The ``cards`` sheet has a header row and one row a card. Read are ``id``, ``notation`` (the
design's letters, ``*`` after a red head: ``LR*RL``) and ``level`` (empty for a Monument), and
when there: ``answer`` (the Monument a Search card matches; without the column no answer is
checked), ``kind`` (``monument`` or ``search``; without it a row whose level and answer are
empty is a Monument) and ``red`` (the number of red heads, checked against the notation).
Columns are found by their header, in any order; other columns (a publisher's notes) are
ignored. The design's heads, directions
and letters come from the design given, else from a ``design`` sheet (XLSX and ODS, as ``cards``
writes them: ``design``, ``heads``, ``directions``, ``notation`` rows, the values across), else
from the classic design.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..design import MAX_HEADS
from ..errors import Problem, SpecError
from ..frozen import frozen_dataclass
from ..model import Deck, Monument, Notation, SearchCard, most_monuments, most_search_cards
from ..readers.inputs import shown, shown_path
from ..readers.spreadsheets import SheetError, SheetFormat, Table, column_letters, read_tables, rows_of
from .records import CardRecord, Refusal, read_card
from .rows import CARDS_SHEET, COLUMNS, DESIGN_SHEET
from .validate import CardField, Finding, Report, shown_id, validate_deck

_NEEDED = ("id", "notation", "level")
# Which column shows each part of a card a finding can be about.
_COLUMN_OF = {
    CardField.ID: "id",
    CardField.KIND: "kind",
    CardField.FACES: "notation",
    CardField.RED: "notation",
    CardField.RED_COUNT: "red",
    CardField.LEVEL: "level",
    CardField.ANSWER: "answer",
}


@frozen_dataclass
class _Row:
    """Where one card was read: its sheet, row, and the columns by header name."""

    table: Table
    row: int
    columns: dict[str, int]


def read_sheet_manifest(
    path: Path, design: Deck | None = None, data: bytes | None = None, kind: SheetFormat | None = None
) -> tuple[Deck, list[Finding], dict[str, list[_Row]]]:
    """The deck a spreadsheet manifest lists (heads and letters from ``design``, a ``design``
    sheet or the classic design), the findings for rows that could not be read (each located),
    and the rows of each card id (for locating the findings of :func:`validate_deck`).
    ``data`` and ``kind`` as for :func:`sheets.read_tables`.

    >>> csv = b"id,notation,level\\nM01,LLLL,\\nS01,RRLL,basic\\nS02,R*LLL,advanced\\n"
    >>> deck, findings, where = read_sheet_manifest(Path("deck.csv"), data=csv)
    >>> [card.id for card in deck.monuments + deck.search], findings, [row.row for row in where["S02"]]
    (['M01', 'S01', 'S02'], [], [4])
    """
    tables = read_tables(path, data, kind)
    cards = _cards_table(tables, path)
    frame = design or _design_sheet(tables, path) or _classic()
    header_row, columns = _header(cards, path)
    findings: list[Finding] = []
    monuments: list[Monument] = []
    search: list[SearchCard] = []
    where: dict[str, list[_Row]] = {}
    heads = len(frame.heads)
    most = most_monuments(heads) + most_search_cards(heads)
    for number, cells in rows_of(cards):
        if number <= header_row:
            continue
        if len(monuments) + len(search) >= most:
            raise SheetError(path, f"{cards_place(cards, number)}: more than {most:,} cards; a deck of {heads} heads "
                                   f"has {most_monuments(heads):,} Monuments and at most {most_search_cards(heads):,} "
                                   "Search cards")  # fmt: skip
        row = _Row(cards, number, columns)
        card = _card(cells, row, frame, findings)
        if card is None:
            continue
        where.setdefault(shown_id(card.id), []).append(row)
        if isinstance(card, Monument):
            monuments.append(card)
        else:
            search.append(card)
    deck = Deck(frame.heads, frame.directions, frame.notation, tuple(monuments), tuple(search))
    return deck, findings, where


def cards_place(table: Table, row: int) -> str:
    """Where a row of the cards sheet is, for a message.

    >>> cards_place(Table("cards", ()), 3), cards_place(Table(None, ()), 3)
    ("sheet 'cards', row 3", 'row 3')
    """
    sheet = f"sheet {shown(table.name)}, " if table.name is not None else ""
    return f"{sheet}row {row}"


def validate_sheet_manifest(
    path: Path, design: Deck | None = None, data: bytes | None = None, kind: SheetFormat | None = None
) -> Report:
    """:func:`validate_deck` of a spreadsheet manifest, each finding about a card located at its
    sheet, row and columns.

    >>> import tempfile
    >>> from rushmore_print.readers.spreadsheets import SheetFormat, write_tables
    >>> from rushmore_print.design import load_design
    >>> from rushmore_print.deck.generate import generate_deck
    >>> from rushmore_print.deck.rows import card_rows, deck_tables
    >>> deck = generate_deck(load_design())
    >>> cards = list(deck_tables(deck, "Classic", card_rows(deck))[0].rows)
    >>> cards[17] = ("S01", "search", "RRLL", "0", "expert", "M13")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "deck.csv"
    ...     _ = path.write_bytes(write_tables([Table(None, tuple(cards))], SheetFormat.CSV))
    ...     print(validate_sheet_manifest(path).errors[0])
    row 18, columns C (notation) and E (level): S01: level says expert, but a card with 0 red heads is basic
    """
    deck, findings, where = read_sheet_manifest(path, design, data, kind)
    report = validate_deck(deck)  # a card without an answer (no answer column) has answer "": not checked
    located = tuple(_located(finding, where) for finding in report.errors)
    return replace(report, errors=tuple(findings) + located)


def _located(finding: Finding, where: dict[str, list[_Row]]) -> Finding:
    rows = where.get(finding.card or "")
    if not rows or not finding.fields:
        return finding
    first = rows[0]
    names = list(dict.fromkeys(_COLUMN_OF[field] for field in finding.fields if _COLUMN_OF[field] in first.columns))
    numbers = [row.row for row in rows]
    sheet = f"sheet {shown(first.table.name)}, " if first.table.name is not None else ""
    places = [f"{column_letters(first.columns[name])} ({name})" for name in names]
    row_text = f"row {numbers[0]}" if len(numbers) == 1 else f"rows {_listed([str(n) for n in numbers])}"
    column_text = f", column {places[0]}" if len(places) == 1 else f", columns {_listed(places)}" if places else ""
    return replace(finding, where=f"{sheet}{row_text}{column_text}")


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _cards_table(tables: list[Table], path: Path) -> Table:
    """The sheet named ``cards``, else the first sheet (a CSV's one)."""
    named = [table for table in tables if table.name is not None and table.name.casefold() == CARDS_SHEET]
    listing = named or [table for table in tables if table.name is None or table.name.casefold() != DESIGN_SHEET]
    if not listing:
        raise SheetError(path, f"no sheet of cards; name it {CARDS_SHEET!r} (its first row: {', '.join(_NEEDED)}, ...)")
    return listing[0]


def _header(table: Table, path: Path) -> tuple[int, dict[str, int]]:
    """The header row (the first row with text) and the column of each known header."""
    first = next(rows_of(table), None)
    if first is None:
        raise SheetError(path, f"{cards_place(table, 1)}: the sheet is empty; its first row names the columns "
                               f"{', '.join(COLUMNS)}")  # fmt: skip
    number, cells = first
    columns: dict[str, int] = {}
    for column, cell in enumerate(cells, 1):
        name = cell.strip().casefold()
        if name in COLUMNS:
            if name in columns:
                raise SheetError(path, f"{cards_place(table, number)}: two columns are headed {name!r} "
                                       f"({column_letters(columns[name])} and {column_letters(column)})")  # fmt: skip
            columns[name] = column
    missing = [name for name in _NEEDED if name not in columns]
    if missing:
        named = " or ".join(map(repr, missing))
        raise SheetError(path, f"{cards_place(table, number)}: no column headed {named}; the first row names "
                               f"the columns {', '.join(COLUMNS)} (kind, red and answer may be left out)")  # fmt: skip
    return number, columns


def _cell(cells: tuple[str, ...], row: _Row, name: str) -> str:
    column = row.columns.get(name)
    return cells[column - 1].strip() if column is not None and column <= len(cells) else ""


def _card(cells: tuple[str, ...], row: _Row, frame: Deck, findings: list[Finding]) -> Monument | SearchCard | None:
    """One row of the cards sheet, read by :func:`records.read_card`; a refusal becomes a finding
    at the row and the columns of the fields at fault."""

    def given(name: str) -> str | None:  # a column the sheet does not have gives nothing
        return _cell(cells, row, name) if name in row.columns else None

    card_id = _cell(cells, row, "id")
    record = CardRecord(
        card_id,
        level=_cell(cells, row, "level"),
        answer=given("answer"),
        kind=given("kind"),
        red_count=given("red"),
        notation=_cell(cells, row, "notation"),
        answers_listed="answer" in row.columns,
    )
    card = read_card(record, frame)
    if isinstance(card, Refusal):
        names = tuple(dict.fromkeys(_COLUMN_OF[field] for field in card.fields))
        sheet = f"sheet {shown(row.table.name)}, " if row.table.name is not None else ""
        places = [f"{column_letters(row.columns[name])} ({name})" for name in names]
        columns = f"column {places[0]}" if len(places) == 1 else f"columns {_listed(places)}"
        where = f"{sheet}row {row.row}, {columns}"
        findings.append(Finding(shown_id(card_id) if card_id else None, card.message, card.fields, where))
        return None
    return card


def _design_sheet(tables: list[Table], path: Path) -> Deck | None:
    """The heads, directions and letters of a ``design`` sheet (rows of a key and its values)."""
    sheet = next((t for t in tables if t.name is not None and t.name.casefold() == DESIGN_SHEET), None)
    if sheet is None:
        return None
    values: dict[str, tuple[str, ...]] = {}
    places: dict[str, int] = {}
    for number, cells in rows_of(sheet):
        key = cells[0].strip().casefold()
        values[key], places[key] = tuple(cell.strip() for cell in cells[1:] if cell.strip()), number
    problems = []

    def need(key: str, ok: bool, what: str) -> None:
        if not ok:
            where = f"row {places[key]}" if key in places else "no such row"
            problems.append(Problem(shown_path(path), None, "", f"sheet {shown(sheet.name)}, {where}: {key}: {what}"))

    heads, directions = values.get("heads", ()), values.get("directions", ())
    letters = values.get("notation") or tuple(d[:1].upper() for d in directions)
    need("heads", 1 <= len(heads) <= MAX_HEADS, f"expected 1 to {MAX_HEADS} head names across the row")
    need("directions", len(directions) == 2 and directions[0] != directions[1], "expected two different directions")
    two = len(letters) == 2 and all(len(x) == 1 for x in letters) and letters[0].upper() != letters[1].upper()
    need("notation", two, "expected two different letters, one for each direction")
    if problems:
        raise SpecError(problems)
    return Deck(heads, (directions[0], directions[1]), Notation((letters[0].upper(), letters[1].upper())), (), ())


def _classic() -> Deck:
    from ..design import load_design

    design = load_design()
    return Deck(design.head_names, design.directions, design.notation, (), ())


__all__ = ["cards_place", "read_sheet_manifest", "validate_sheet_manifest"]
