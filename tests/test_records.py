"""One card-record reader for every manifest format (issue 36): the same mistake in a card is
refused for the same reason in JSON, YAML, CSV, XLSX and ODS, each front saying only where (a
key for JSON and YAML, the sheet, row and columns for a spreadsheet), and a front checks no rule
of its own."""

import json

import pytest
import yaml

from rushmore_print.deck import manifest as manifest_module
from rushmore_print.deck import sheet_manifest as sheet_module
from rushmore_print.deck.manifest import to_manifest, validate_manifest
from rushmore_print.deck.records import CardRecord, Refusal, read_card
from rushmore_print.deck.rows import COLUMNS, CardKind, card_rows, deck_tables
from rushmore_print.deck.validate import CardField
from rushmore_print.model import Monument
from rushmore_print.readers.spreadsheets import SheetFormat, Table, column_letters, write_tables

FORMATS = ["json", "yaml", "csv", "xlsx", "ods"]
MONUMENT = "a Monument has no red heads, level or answer; empty them or make the row a search card"

# (label, card, the edit as JSON/YAML keys, the same edit as a sheet's cells, the reason refused
# (None: the card is read), the JSON key, the sheet's columns). S01 is RRLL, 0 red, basic, M13;
# M05 is the Monument LRLL. A rule one front checks and another does not fails its row here.
CASES = [
    ("not a level", "S01", {"level": "hard"}, {"level": "hard"},
     "'hard' is not a level; use basic, advanced or expert", "level", ("level",)),
    ("an empty level", "S01", {"level": ""}, {"level": ""},
     "empty; use basic, advanced or expert", "level", ("level",)),
    ("a level in capitals", "S01", {"level": "Basic"}, {"level": "BASIC"}, None, None, ()),
    ("an empty answer", "S01", {"answer": ""}, {"answer": ""},
     "empty; give the Monument this card matches, such as M05", "answer", ("answer",)),
    ("an empty id", "S01", {"id": ""}, {"id": ""},
     "empty; every card has an id, such as M05 or S17", "id", ("id",)),
    ("an empty Monument id", "M05", {"id": ""}, {"id": ""},
     "empty; every card has an id, such as M05 or S17", "id", ("id",)),
    ("a Monument with a level", "M05", {"level": "basic"}, {"level": "basic"},
     MONUMENT, "level", ("kind", "level")),
    ("a Monument with an answer", "M05", {"answer": "M05"}, {"answer": "M05"},
     MONUMENT, "answer", ("kind", "answer")),
    ("a Monument with red marks", "M05", {"red": [True, False, False, False]}, {"notation": "L*RLL"},
     MONUMENT, "red", ("kind", "notation")),
]  # fmt: skip


def write(tmp_path, classic_deck, fmt, card, keys, cells):
    """The classic deck's manifest in ``fmt`` with one card edited."""
    path = tmp_path / f"deck.{fmt}"
    if fmt in ("json", "yaml"):
        data = to_manifest(classic_deck, "classic")
        entry = next(item for item in data["monuments"] + data["search"] if item["id"] == card)
        entry.update(keys)
        path.write_text(json.dumps(data) if fmt == "json" else yaml.safe_dump(data))
        return path
    cards, design = deck_tables(classic_deck, "classic", card_rows(classic_deck))
    rows = [list(row) for row in cards.rows]
    row = next(row for row in rows if row[0] == card)
    for name, value in cells.items():
        row[COLUMNS.index(name)] = value
    tables = [Table(cards.name, tuple(map(tuple, rows))), design]
    path.write_bytes(write_tables(tables, SheetFormat(fmt)))
    return path


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("label, card, keys, cells, reason, key, columns", CASES, ids=[c[0] for c in CASES])
def test_a_card_mistake_is_refused_for_the_same_reason_in_every_format(
    tmp_path, classic_deck, fmt, label, card, keys, cells, reason, key, columns
):
    report = validate_manifest(write(tmp_path, classic_deck, fmt, card, keys, cells))
    if reason is None:
        assert report.ok(), [str(finding) for finding in report.errors]
        return
    (finding,) = report.errors[:1]
    if fmt in ("json", "yaml"):
        assert finding.message == f"{key}: {reason}", str(finding)
        return
    assert finding.message == reason, str(finding)
    row = 1 + next(i for i, c in enumerate(classic_deck.monuments + classic_deck.search, 1) if c.id == card)
    places = [f"{column_letters(COLUMNS.index(name) + 1)} ({name})" for name in columns]
    shown = f"column {places[0]}" if len(places) == 1 else f"columns {' and '.join(places)}"
    sheet = "" if fmt == "csv" else "sheet 'cards', "
    assert finding.where == f"{sheet}row {row}, {shown}", str(finding)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_card_finding_of_a_front_comes_from_the_one_reader(tmp_path, classic_deck, fmt, monkeypatch):
    """With the one reader refusing every card, every finding is its refusal: a front that checked
    a card's values itself would say something else, or read a card the reader refused."""
    said = Refusal((CardField.LEVEL,), "refused by the one reader")
    for module in (manifest_module, sheet_module):
        monkeypatch.setattr(module, "read_card", lambda record, frame: said)
    report = validate_manifest(write(tmp_path, classic_deck, fmt, "S01", {"level": "hard"}, {"level": "hard"}))
    cards = len(classic_deck.monuments) + len(classic_deck.search)
    read = [finding for finding in report.errors if "refused by the one reader" in finding.message]
    assert len(read) == cards, [str(finding) for finding in report.errors[:3]]


def test_a_record_is_judged_in_the_cards_order_the_first_fault_said(classic_deck):
    record = CardRecord("", notation="RXLL", level="hard", answer="", kind="joker")
    assert read_card(record, classic_deck) == Refusal(
        (CardField.ID,), "empty; every card has an id, such as M05 or S17"
    )
    faces = read_card(CardRecord("S01", notation="RXLL", level="hard", kind="joker"), classic_deck)
    assert isinstance(faces, Refusal) and faces.fields == (CardField.FACES,)
    kind = read_card(CardRecord("S01", notation="RRLL", level="hard", kind="joker"), classic_deck)
    assert kind == Refusal((CardField.KIND,), "'joker' is not a kind; use monument or search")
    count = read_card(CardRecord("S01", notation="RRLL", level="hard", red_count="1"), classic_deck)
    assert isinstance(count, Refusal) and count.fields == (CardField.RED, CardField.RED_COUNT)


def test_without_an_answer_column_no_answer_is_checked_and_without_a_kind_the_row_says(classic_deck):
    card = read_card(CardRecord("S01", notation="R*RLL", level="advanced", answers_listed=False), classic_deck)
    assert card.answer == "" and card.red == (True, False, False, False)
    monument = read_card(CardRecord("M05", notation="LRLL", level="", answers_listed=False), classic_deck)
    assert isinstance(monument, Monument)
    named = read_card(CardRecord("S01", ["right", "right", "left", "left"], [0, 0, 0, 0], "basic", "M13",
                                 CardKind.SEARCH), classic_deck)  # fmt: skip
    assert named == Refusal((CardField.RED,), "expected a list of true/false, one per head")
