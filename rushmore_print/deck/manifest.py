"""The deck manifest (``rushmore cards --format json``; its place in the flow: docs/ARCHITECTURE.md):
written as JSON, read back from JSON or YAML and judged.

A manifest may have been edited by hand, so reading it is lenient about card contents (each bad
card becomes a finding that names it) and strict only about the overall shape. Its size is bounded
by what a deck of its heads can hold: ``2^n`` Monuments and at most ``4^n`` Search cards (every
combination of faces and red heads once: 65,536 for 8 heads), so judging it takes time in
proportion to the file. Every value quoted back in a finding goes through :func:`inputs.shown`.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..design import MAX_HEADS, read_yaml
from ..errors import Problem, SpecError
from ..model import Deck, Monument, Notation, SearchCard, most_monuments, most_search_cards
from ..readers.inputs import InputError, InputKind, decode_input, escape, read_input_text, shown, shown_path
from ..readers.jsontext import JSONError, KeyTwice, NotJSON, containers, loads, too_deep
from .records import CardRecord, Refusal, read_card
from .rows import CardKind, card_rows, rows_manifest
from .validate import Finding, Report, shown_id, validate_deck


def to_manifest(deck: Deck, design_name: str) -> dict:
    """The manifest as plain data (made from the deck's rows). Its key order is the file's format:
    people diff manifests.

    >>> from rushmore_print import generate_deck, load_design
    >>> manifest = to_manifest(generate_deck(load_design()), "Mount Rushmore")
    >>> list(manifest), manifest["monuments"][0]
    (['design', 'heads', 'directions', 'monuments', 'search'], {'id': 'M01', 'faces': ['left', 'left', 'left', 'left']})
    >>> manifest["search"][20]
    {'id': 'S21', 'faces': ['right', 'left', 'left', 'left'], 'red': [True, False, False, False], ...}
    """
    return rows_manifest(card_rows(deck), deck, design_name)


def read_manifest(
    path: str | Path, notation: Notation | None = None, data: bytes | None = None
) -> tuple[Deck, list[Finding]]:
    """Read a manifest file into a :class:`Deck` plus findings for cards that could not be read.
    ``data``: the file's bytes when they were read elsewhere (standard input); ``path`` then only names it.

    Raises :class:`SpecError` when the file is missing, not JSON/YAML, or not shaped like a manifest.

    >>> import json
    >>> from rushmore_print import generate_deck, load_design
    >>> data = json.dumps(to_manifest(generate_deck(load_design()), "Mount Rushmore")).encode()
    >>> deck, findings = read_manifest("deck.json", data=data)
    >>> len(deck.monuments), len(deck.search), findings
    (16, 39, [])
    >>> read_manifest("deck.json", data=b"[1, 2]")
    Traceback (most recent call last):
    rushmore_print.errors.SpecError: deck.json:1: expected a manifest (a mapping with design, heads, ...)
    """
    path = Path(path)
    file = str(path)
    try:
        text = read_input_text(path, InputKind.MANIFEST) if data is None else decode_input(data, path)
    except InputError as exc:
        raise SpecError([Problem(shown_path(path), None, "", exc.reason)]) from None
    try:
        data, lines = _read_json(text, file) or _read_yaml(text, file)
    except JSONError as exc:
        raise SpecError([Problem(file, None, "", f"{exc}; a manifest nests {MANIFEST_NESTING - 2} levels")]) from None
    problems: list[Problem] = []

    def need(key: str, kind: type, what: str) -> Any:
        if not isinstance(data, dict) or key not in data:
            problems.append(
                Problem(
                    file, lines.get(()), key, "missing; a manifest has design, heads, directions, monuments and search"
                )
            )
            return None
        if not isinstance(data[key], kind) or (kind is list and not data[key]):
            problems.append(Problem(file, lines.get((key,)), key, f"expected {what}"))
            return None
        return data[key]

    if not isinstance(data, dict):
        raise SpecError(
            [Problem(file, 1, "", "expected a manifest (a mapping with design, heads, directions, monuments, search)")]
        )
    need("design", str, "the design's name")
    heads = need("heads", list, "a list of head names")
    directions = need("directions", list, "a list of the two directions")
    raw_monuments = need("monuments", list, "a list of Monuments")
    raw_search = need("search", list, "a list of Search cards")
    if directions is not None and (
        len(directions) != 2
        or not all(isinstance(d, str) and d.strip() for d in directions)
        or directions[0] == directions[1]
    ):
        problems.append(
            Problem(file, lines.get(("directions",)), "directions", "expected two different, non-empty direction names")
        )
    if heads is not None and not 1 <= len(heads) <= MAX_HEADS:
        # validation looks at every Monument: 2^heads of them, so the count is bounded like a design's
        problems.append(Problem(file, lines.get(("heads",)), "heads", f"{len(heads)} heads; allowed: 1 to {MAX_HEADS}"))
    elif heads is not None and not all(isinstance(h, str) and h.strip() for h in heads):
        problems.append(Problem(file, lines.get(("heads",)), "heads", "expected a list of head names"))
    elif heads is not None:
        problems += _too_many(file, lines, len(heads), raw_monuments, raw_search)
    odd = next((d for d in directions or () if isinstance(d, str) and escape(d) != d), None)
    if odd is not None:
        message = f"{shown(odd)} holds a control character; a direction is a word such as left"
        problems.append(Problem(file, lines.get(("directions",)), "directions", message))
    if problems:
        raise SpecError(problems)
    directions_t = (directions[0], directions[1])
    notation = notation or Notation((directions[0][0].upper(), directions[1][0].upper()))
    if notation.letters[0] == notation.letters[1]:
        notation = Notation(("A", "B"))
    frame = Deck(tuple(str(h) for h in heads), directions_t, notation, monuments=(), search=())
    findings: list[Finding] = []
    monuments = [_card(item, i, CardKind.MONUMENT, frame, findings) for i, item in enumerate(raw_monuments, 1)]
    search = [_card(item, i, CardKind.SEARCH, frame, findings) for i, item in enumerate(raw_search, 1)]
    deck = replace(
        frame,
        monuments=tuple(card for card in monuments if isinstance(card, Monument)),
        search=tuple(card for card in search if isinstance(card, SearchCard)),
    )
    return deck, findings


def _too_many(file: str, lines: dict, heads: int, monuments: Any, search: Any) -> list[Problem]:
    """Lists longer than a deck of ``heads`` heads can be: refused before any card is read."""
    found = []
    for key, listed, most, what in (
        ("monuments", monuments, most_monuments(heads), f"has 2^{heads} = {most_monuments(heads):,} Monuments"),
        (
            "search",
            search,
            most_search_cards(heads),
            f"has at most 4^{heads} = {most_search_cards(heads):,} different Search cards",
        ),
    ):
        if isinstance(listed, list) and len(listed) > most:
            found.append(
                Problem(file, lines.get((key,)), key, f"{len(listed):,} entries; a deck of {heads} heads {what}")
            )
    return found


def _read_yaml(text: str, file: str) -> tuple[Any, dict[tuple, int]]:
    """A manifest that is not JSON, read as YAML (by the design's reader and its rules) when it
    is small enough to be read in seconds."""
    size = len(text.encode("utf-8"))
    if size > InputKind.MANIFEST_YAML.most_bytes:
        raise SpecError(
            [
                Problem(
                    file,
                    None,
                    "",
                    f"{size:,} bytes of YAML (or of JSON that does not parse); a YAML manifest may be at most "
                    f"{InputKind.MANIFEST_YAML.most_bytes:,} bytes: write a larger one as JSON, as rushmore cards "
                    "--format json does",
                )
            ]
        )
    with contextlib.suppress(NotJSON):  # brackets that do not pair up: the YAML reader says where
        too_deep(text, MANIFEST_NESTING)  # a deep YAML flow costs seconds to read: refused first
    return read_yaml(text, file)


def _read_json(text: str, file: str) -> tuple[Any, dict[tuple, int]] | None:
    """A JSON manifest read by the C parser (ten times faster than reading it as YAML), with the
    line of each top-level key; None when the text is not JSON (then it is read as YAML). Its
    depth is bounded by the parser's recursion check, then by the checks of each card."""
    _refuse_too_many_containers(text, file)
    try:
        data = loads(text, MANIFEST_NESTING, measure_first=False)
    except NotJSON:
        return None
    except KeyTwice:
        if len(text.encode("utf-8")) <= InputKind.MANIFEST_YAML.most_bytes:
            return None  # read again as YAML, whose reader says on which line the key is given twice
        raise
    return data, _KeyLines(text)


_MOST_CARDS = most_monuments(MAX_HEADS) + most_search_cards(MAX_HEADS)
MOST_CONTAINERS = 4 * _MOST_CARDS + 16
"""The most objects and lists a manifest may hold: four a card of the largest deck (a card is
one object and its lists of faces and red heads), and the top level's. Counted before the text is
parsed, as each costs the parser some 70 bytes: 13 million ``{}`` in 39 MB were 985 MB."""


def _refuse_too_many_containers(text: str, file: str) -> None:
    # the brackets' count bounds the containers from above, at once; strings are left out only then
    if text.count("{") + text.count("[") > MOST_CONTAINERS and containers(text, MOST_CONTAINERS) > MOST_CONTAINERS:
        raise SpecError(
            [
                Problem(
                    file, None, "",
                    f"more than {MOST_CONTAINERS:,} objects and lists; a manifest of the largest deck "
                    f"({MAX_HEADS} heads, {_MOST_CARDS:,} cards) holds fewer",
                )
            ]
        )  # fmt: skip


MANIFEST_NESTING = 6  # a manifest nests 4 levels (a card's faces in the list of cards); 2 spare


class _KeyLines(dict):
    """The line of each top-level key of a JSON text, found only when a message asks for it
    (finding them all costs a scan of the whole file per key, for a manifest that is valid)."""

    def __init__(self, text: str):
        super().__init__({(): 1})
        self._text = text

    def get(self, path: tuple, default: Any = None) -> Any:
        if path not in self and len(path) == 1:
            found = re.search(rf'^[ \t{{,]*"{re.escape(str(path[0]))}"\s*:', self._text, re.M)
            self[path] = self._text.count("\n", 0, found.start()) + 1 if found else 1
        return super().get(path, default)


def validate_manifest(path: str | Path, data: bytes | None = None, design: Deck | None = None) -> Report:
    """Judge a manifest file: the findings of reading it plus every check of :func:`validate_deck`.
    ``data``: the file's bytes when read elsewhere (standard input). A spreadsheet (CSV, XLSX, ODS,
    known by its suffix or, on standard input, by its bytes) is read by :mod:`sheet_manifest`,
    its heads and letters from ``design`` (a deck; its cards are not used) when given.

    >>> import json
    >>> from rushmore_print import generate_deck, load_design
    >>> data = json.dumps(to_manifest(generate_deck(load_design()), "Mount Rushmore")).encode()
    >>> validate_manifest("deck.json", data=data).ok()
    True
    >>> csv = b"id,notation,level\\nM01,LLLL,\\nS01,RRLL,basic\\nS02,R*LLL,advanced\\n"
    >>> report = validate_manifest("deck.csv", data=csv)
    >>> report.ok(), report.errors[0].message
    (False, 'no Monument shows LLLR (canonically M02); all 16 combinations are needed')
    """
    from ..readers.spreadsheets import SheetFormat, sniff

    kind = SheetFormat.of(Path(path)) or (sniff(data) if data is not None else None)
    if kind is not None:
        from .sheet_manifest import validate_sheet_manifest

        return validate_sheet_manifest(Path(path), design, data=data, kind=kind)
    if design is not None:
        raise SpecError([Problem(shown_path(path), None, "", "a JSON or YAML manifest names its own heads and "
                                                             "directions; give no design with it")])  # fmt: skip
    deck, findings = read_manifest(path, data=data)
    report = validate_deck(deck)
    return Report(
        report.monuments, report.search, tuple(findings) + report.errors, report.warnings, report.balance, report.pools
    )


def _card_label(item: Any, number: int, kind: CardKind) -> str:
    """The card's id as a message shows it (:func:`shown_id`), or its place in the list."""
    if isinstance(item, dict) and isinstance(item.get("id"), str) and item["id"]:
        return shown_id(item["id"])
    return f"{_KIND_NAMES[kind]} #{number}"


def _card(item: Any, number: int, kind: CardKind, frame: Deck, findings: list[Finding]) -> Monument | SearchCard | None:
    """One entry of the ``monuments`` or ``search`` list, read by :func:`records.read_card`; a
    refusal becomes a finding naming the card and the key at fault."""
    label = _card_label(item, number, kind)
    if not isinstance(item, dict):
        findings.append(Finding(label, f"expected a mapping with {_KEYS[kind]}"))
        return None
    record = CardRecord(item.get("id"), item.get("faces"), item.get("red"), item.get("level"), item.get("answer"), kind)
    card = read_card(record, frame)
    if isinstance(card, Refusal):
        key = card.key()
        findings.append(Finding(label, f"{key}: {card.message}" if key else card.message, card.fields))
        return None
    return card


_KIND_NAMES = {CardKind.MONUMENT: "Monument", CardKind.SEARCH: "Search card"}
_KEYS = {CardKind.MONUMENT: "id and faces", CardKind.SEARCH: "id, faces, red, level and answer"}


__all__ = ["read_manifest", "to_manifest", "validate_manifest"]
