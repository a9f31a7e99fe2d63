"""One row per card: the model behind every listing of a deck (``rushmore cards`` as a table,
CSV or JSON manifest; spreadsheets write the same columns and read them back).

A row holds what a person or a spreadsheet needs about a card: its id, kind, notation, red
count, level and answer, and the faces and red heads a manifest spells out. Every format is
made from the rows, so a column is added once and shows everywhere.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..frozen import frozen_dataclass
from ..language.words import text_table
from ..model import Deck, Level, SearchCard

if TYPE_CHECKING:
    from ..readers import spreadsheets

__all__ = [
    "CARDS_SHEET",
    "COLUMNS",
    "DESIGN_SHEET",
    "CardKind",
    "CardRow",
    "Listing",
    "card_rows",
    "deck_tables",
    "listing",
    "rows_csv",
    "rows_manifest",
    "rows_table",
]


class CardKind(enum.Enum):
    """The two kinds of card in a listing (the ``kind`` column).

    >>> CardKind("search")
    <CardKind.SEARCH: 'search'>
    """

    MONUMENT = "monument"
    SEARCH = "search"


COLUMNS = ("id", "kind", "notation", "red", "level", "answer")
"""The columns of a card listing (CSV and spreadsheets), in order."""
CARDS_SHEET = "cards"
DESIGN_SHEET = "design"


@frozen_dataclass
class CardRow:
    """One card as a listing shows it. Search-only fields are None on a Monument.

    >>> from rushmore_print.deck.generate import generate_deck
    >>> from rushmore_print.design import load_design
    >>> rows = card_rows(generate_deck(load_design()))
    >>> rows[0].cells(), rows[16].cells()
    (['M01', 'monument', 'LLLL', '', '', ''], ['S01', 'search', 'RRLL', '0', 'basic', 'M13'])
    """

    id: str
    kind: CardKind
    faces: tuple[str, ...]  # direction names, one per head
    notation: str
    red_heads: tuple[bool, ...] = ()
    level: Level | None = None
    answer: str | None = None
    answer_notation: str | None = None

    @property
    def red_count(self) -> int | None:
        """How many heads are marked red (None on a Monument, which has no marks).

        >>> CardRow("S01", CardKind.SEARCH, ("left", "right"), "LR*", (False, True)).red_count
        1
        """
        return sum(self.red_heads) if self.kind is CardKind.SEARCH else None

    def cells(self) -> list[str]:
        """The row under :data:`COLUMNS`, as text (empty where a Monument has no value).

        >>> CardRow("M01", CardKind.MONUMENT, ("left", "left"), "LL").cells()
        ['M01', 'monument', 'LL', '', '', '']
        """
        red = self.red_count
        return [
            self.id,
            self.kind.value,
            self.notation,
            "" if red is None else str(red),
            self.level.value if self.level else "",
            self.answer or "",
        ]


def card_rows(deck: Deck, search: Iterable[SearchCard] | None = None) -> tuple[CardRow, ...]:
    """A row for every Monument, then one for each of ``search`` (the deck's Search cards when None).

    >>> from rushmore_print.deck.generate import generate_deck
    >>> from rushmore_print.design import load_design
    >>> deck = generate_deck(load_design())
    >>> len(card_rows(deck)), len(card_rows(deck, deck.pool(Level.BASIC)))
    (55, 32)
    """
    notation, name = deck.notation, deck.directions
    monuments = tuple(
        CardRow(m.id, CardKind.MONUMENT, tuple(name[f] for f in m.faces), notation.monument(m.faces))
        for m in deck.monuments
    )
    answers = {m.id: m for m in deck.monuments}
    searched = tuple(
        CardRow(
            c.id,
            CardKind.SEARCH,
            tuple(name[f] for f in c.faces),
            notation.search(c.faces, c.red),
            tuple(c.red),
            c.level,
            c.answer,
            notation.monument(answers[c.answer].faces) if c.answer in answers else None,
        )
        for c in (deck.search if search is None else search)
    )
    return monuments + searched


def _split(rows: Sequence[CardRow]) -> tuple[list[CardRow], list[CardRow]]:
    return [r for r in rows if r.kind is CardKind.MONUMENT], [r for r in rows if r.kind is CardKind.SEARCH]


def rows_table(rows: Sequence[CardRow], title: str) -> str:
    """The listing for people: a heading line, the Monuments, then the Search cards with their answers.

    >>> from rushmore_print.deck.generate import generate_deck
    >>> from rushmore_print.design import load_design
    >>> deck = generate_deck(load_design())
    >>> rows_table(card_rows(deck), "Mount Rushmore").splitlines()[0]
    'Mount Rushmore: 16 Monuments, 39 Search cards'
    """
    monuments, search = _split(rows)
    heading = f"{title}: {len(monuments)} Monuments, {len(search)} Search cards"
    first = text_table(["id", "notation"], [[m.id, m.notation] for m in monuments])
    second = text_table(
        ["id", "notation", "red", "level", "answer"],
        [
            [c.id, c.notation, str(c.red_count), c.level.value if c.level else "", f"{c.answer} {c.answer_notation}"]
            for c in search
        ],
    )
    return f"{heading}\n{first}\n\n{second}\n"


def rows_csv(rows: Sequence[CardRow]) -> str:
    """The listing as CSV under :data:`COLUMNS` (a header row, then a card a row).

    >>> row = CardRow("S01", CardKind.SEARCH, ("right", "left"), "R*L", (True, False), Level.ADVANCED, "M02")
    >>> print(rows_csv([row]))
    id,kind,notation,red,level,answer
    S01,search,R*L,1,advanced,M02
    <BLANKLINE>
    """
    # here, not above: every command's start-up reads this module for its Listing
    from ..readers.spreadsheets import csv_text

    return csv_text([COLUMNS, *(row.cells() for row in rows)], line_end="\n")


def rows_manifest(rows: Sequence[CardRow], deck: Deck, design_name: str) -> dict:
    """The manifest (the JSON ``validate --manifest`` reads) as plain data, in its key order.

    >>> from rushmore_print.deck.generate import generate_deck
    >>> from rushmore_print.design import load_design
    >>> deck = generate_deck(load_design())
    >>> manifest = rows_manifest(card_rows(deck), deck, "Mount Rushmore")
    >>> list(manifest), manifest["search"][0]["answer"]
    (['design', 'heads', 'directions', 'monuments', 'search'], 'M13')
    """
    monuments, search = _split(rows)
    return {
        "design": design_name,
        "heads": list(deck.heads),
        "directions": list(deck.directions),
        "monuments": [{"id": m.id, "faces": list(m.faces)} for m in monuments],
        "search": [
            {
                "id": c.id,
                "faces": list(c.faces),
                "red": list(c.red_heads),
                "level": c.level.value if c.level else None,
                "answer": c.answer,
            }
            for c in search
        ],
    }


class Listing(enum.Enum):
    """The forms a card listing is written in (``rushmore cards --format``): a table for people;
    a JSON manifest, CSV, XLSX or ODS, which ``validate --manifest`` reads back.

    >>> [form.value for form in Listing]
    ['table', 'json', 'csv', 'xlsx', 'ods']
    """

    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    XLSX = "xlsx"
    ODS = "ods"

    @property
    def binary(self) -> bool:
        """A spreadsheet file (bytes), not text: never for a terminal.

        >>> Listing.ODS.binary, Listing.CSV.binary
        (True, False)
        """
        return self in (Listing.XLSX, Listing.ODS)


def listing(rows: Sequence[CardRow], deck: Deck, design_name: str, form: Listing) -> str | bytes:
    """The rows in ``form``: text, or a spreadsheet's bytes when ``form.binary``.

    >>> from rushmore_print.deck.generate import generate_deck
    >>> from rushmore_print.design import load_design
    >>> deck = generate_deck(load_design())
    >>> listing(card_rows(deck), deck, "classic", Listing.CSV).splitlines()[:2]
    ['id,kind,notation,red,level,answer', 'M01,monument,LLLL,,,']
    >>> listing(card_rows(deck), deck, "classic", Listing.XLSX)[:2]
    b'PK'
    """
    if form is Listing.TABLE:
        return rows_table(rows, design_name)
    if form is Listing.CSV:
        return rows_csv(rows)
    if form is Listing.JSON:
        import json

        return json.dumps(rows_manifest(rows, deck, design_name), indent=2) + "\n"
    from ..readers.spreadsheets import SheetFormat, write_tables

    return write_tables(deck_tables(deck, design_name, rows), SheetFormat(form.value))


def deck_tables(deck: Deck, design_name: str, rows: Sequence[CardRow]) -> list[spreadsheets.Table]:
    """The ``cards`` sheet of ``rows`` (under :data:`rows.COLUMNS`) and the ``design`` sheet of
    ``deck``.

    >>> from rushmore_print.design import load_design
    >>> from rushmore_print.deck.generate import generate_deck
    >>> deck = generate_deck(load_design())
    >>> cards, design = deck_tables(deck, "Classic", card_rows(deck))
    >>> cards.rows[0], cards.rows[1], cards.rows[17]
    (('id', 'kind', 'notation', 'red', 'level', 'answer'), ('M01', 'monument', 'LLLL', '', '', ''), \
('S01', 'search', 'RRLL', '0', 'basic', 'M13'))
    >>> design.rows[:2]
    (('design', 'Classic'), ('heads', 'Washington', 'Jefferson', 'Roosevelt', 'Lincoln'))
    """
    cards = (COLUMNS, *(tuple(row.cells()) for row in rows))
    design = (
        ("design", design_name),
        ("heads", *deck.heads),
        ("directions", *deck.directions),
        ("notation", *deck.notation.letters),
    )
    from ..readers.spreadsheets import Table

    return [Table(CARDS_SHEET, cards), Table(DESIGN_SHEET, design)]
