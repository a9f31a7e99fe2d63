"""The one reader of a card as a manifest lists it, for every format (JSON, YAML, CSV, XLSX, ODS).

A front format pulls each card's values out of its file (a JSON or YAML mapping, a spreadsheet
row) into a :class:`CardRecord`, unchecked, and :func:`read_card` judges it by one set of rules:
a card or a :class:`Refusal` naming the fields at fault and what is allowed. Each front renders a
refusal as its own location (a key such as ``faces.2`` for JSON and YAML, the sheet, row and
columns for a spreadsheet), so the same mistake is refused for the same reason in every format
(``tests/test_records.py`` runs one table of cases through all five).

The formats differ only in how they spell a card's faces: a list of direction names (with a
list of true/false red marks) in JSON and YAML, the design's notation (``LR*RL``) in a sheet.
"""

from __future__ import annotations

from ..errors import CardError
from ..frozen import frozen_dataclass
from ..language.words import choices
from ..model import Deck, Faces, Level, Monument, Red, SearchCard
from ..readers.inputs import shown
from .rows import CardKind
from .validate import CardField

__all__ = ["CardRecord", "Refusal", "read_card"]


@frozen_dataclass
class CardRecord:
    """One card's values as its file gives them, none of them checked yet.

    ``faces`` is a list of direction names (JSON, YAML) unless ``notation`` is given (a sheet's
    cell, which spells the faces and the red marks); ``red`` is the list of red marks that goes
    with direction names. ``kind`` is a :class:`CardKind` when the file says it by where it lists
    the card, the text of a kind column, or None: then a card with no level, answer or red mark is
    a Monument. ``red_count`` is a red-count column's text (checked against the marks);
    ``answers_listed`` is false when the file has no place for an answer (a sheet without the
    column): then no answer is checked. None or an empty text is a value not given.

    >>> CardRecord("S01", notation="RRLL", level="basic", answer="M13", kind=CardKind.SEARCH).notation
    'RRLL'
    """

    id: object
    faces: object = None
    red: object = None
    level: object = None
    answer: object = None
    kind: CardKind | str | None = None
    red_count: str | None = None
    notation: str | None = None
    answers_listed: bool = True


@frozen_dataclass
class Refusal:
    """Why a card record was not read: the fields at fault, in the card's order, and a message
    that says what is allowed. ``entry``: which entry of a list field (``faces.2``), from 1.

    >>> Refusal((CardField.LEVEL,), "'hard' is not a level; use basic, advanced or expert").key()
    'level'
    """

    fields: tuple[CardField, ...]
    message: str
    entry: int | None = None

    def key(self) -> str:
        """The key path a JSON or YAML manifest names the refusal by; empty when it is about
        several fields (the message names them).

        >>> Refusal((CardField.FACES,), "'up' is not a direction", 2).key()
        'faces.2'
        >>> Refusal((CardField.RED, CardField.FACES), "red has 4 entries but faces has 3").key()
        ''
        """
        if len(self.fields) != 1:
            return ""
        return self.fields[0].value if self.entry is None else f"{self.fields[0].value}.{self.entry}"


def read_card(record: CardRecord, frame: Deck) -> Monument | SearchCard | Refusal:
    """The card ``record`` lists, in a deck of ``frame``'s heads, directions and letters (its cards
    are not used), or why it is refused. Checked in the card's order: id, faces and red marks,
    kind, what a Monument may not have, red count, level, answer; the first fault is the one said.

    >>> from rushmore_print import generate_deck, load_design
    >>> frame = generate_deck(load_design())
    >>> card = read_card(CardRecord("S01", ["right", "right", "left", "left"], [True, False, False, False],
    ...                             "Advanced", "M13", CardKind.SEARCH), frame)
    >>> card.faces, card.red, card.level, card.answer
    ((1, 1, 0, 0), (True, False, False, False), <Level.ADVANCED: 'advanced'>, 'M13')
    >>> read_card(CardRecord("S01", notation="RRLL", level="hard", answer="M13"), frame).message
    "'hard' is not a level; use basic, advanced or expert"
    """
    card_id = record.id
    if not isinstance(card_id, str) or not card_id:
        return Refusal((CardField.ID,), f"{_said(card_id, 'is not an id')}; every card has an id, such as M05 or S17")
    spelled = _notation(record, frame) if record.notation is not None else _named(record, frame)
    if isinstance(spelled, Refusal):
        return spelled
    faces, red = spelled
    kind = _kind(record, red)
    if isinstance(kind, Refusal):
        return kind
    if kind is CardKind.MONUMENT:
        extras = _monument_extras(record, red)
        if extras:
            message = "a Monument has no red heads, level or answer; empty them or make the row a search card"
            return Refusal(extras, message)
        return Monument(card_id, faces)
    return _search_card(record, card_id, faces, red)


def _search_card(record: CardRecord, card_id: str, faces: Faces, red: Red | None) -> SearchCard | Refusal:
    if red is None:
        return Refusal((CardField.RED,), "expected a list of true/false, one per head")
    if len(red) != len(faces):
        return Refusal((CardField.RED, CardField.FACES), f"red has {len(red)} entries but faces has {len(faces)}")
    if record.red_count is not None and record.red_count != str(sum(red)):
        said = shown(record.red_count) if record.red_count else "nothing"
        spelled = f"{shown(record.notation)} has" if record.notation is not None else "the card has"
        message = f"red says {said}, but {spelled} {sum(red)} red heads (* after a letter)"
        return Refusal((CardField.RED, CardField.RED_COUNT), message)
    level = _LEVELS.get(record.level.casefold()) if isinstance(record.level, str) else None
    if level is None:
        return Refusal((CardField.LEVEL,), f"{_said(record.level, 'is not a level')}; use {choices(Level)}")
    if not record.answers_listed:  # the card is judged by the rule alone
        return SearchCard(card_id, faces, red, "", level)
    answer = record.answer
    if not isinstance(answer, str) or not answer:
        what = _said(answer, "is not a Monument id")
        return Refusal((CardField.ANSWER,), f"{what}; give the Monument this card matches, such as M05")
    return SearchCard(card_id, faces, red, answer, level)


def _said(value: object, not_one: str) -> str:
    """How a message names a value that is not one: ``missing``, ``empty``, or the value quoted
    and ``not_one``."""
    return "missing" if value is None else "empty" if value == "" else f"{shown(value)} {not_one}"


def _notation(record: CardRecord, frame: Deck) -> tuple[Faces, Red] | Refusal:
    """Faces and red marks spelled in the design's notation (a sheet's cell)."""
    text = record.notation or ""
    try:
        return frame.notation.parse(text, len(frame.heads))
    except CardError as exc:
        return Refusal((CardField.FACES,), str(exc).replace(repr(text), shown(text), 1))


def _named(record: CardRecord, frame: Deck) -> tuple[Faces, Red | None] | Refusal:
    """Faces spelled as direction names and red marks as true/false (JSON, YAML); the marks None
    when they are not such a list (a Search card is refused for it, a Monument need not have any)."""
    faces = record.faces
    if not isinstance(faces, list):
        return Refusal((CardField.FACES,), "expected a list of directions")
    index = {frame.directions[0]: 0, frame.directions[1]: 1}
    for position, face in enumerate(faces, 1):
        if not isinstance(face, str) or face not in index:
            message = f"{shown(face)} is not a direction; use {frame.directions[0]} or {frame.directions[1]}"
            return Refusal((CardField.FACES,), message, position)
    red = record.red
    marks = tuple(red) if isinstance(red, list) and all(type(mark) is bool for mark in red) else None
    return tuple(index[face] for face in faces), marks


def _kind(record: CardRecord, red: Red | None) -> CardKind | Refusal:
    if isinstance(record.kind, CardKind):
        return record.kind
    if record.kind is not None:
        kind = _KINDS.get(record.kind.casefold())
        if kind is None:
            return Refusal((CardField.KIND,), f"{_said(record.kind, 'is not a kind')}; use {choices(CardKind)}")
        return kind
    given = _given(record.level) or _given(record.answer) or any(red or ())
    return CardKind.SEARCH if given else CardKind.MONUMENT


def _monument_extras(record: CardRecord, red: Red | None) -> tuple[CardField, ...]:
    """The fields a Monument record gives that a Monument does not have (red marks, a red count,
    a level, an answer), with its kind when the file says it."""
    marked = any(red or ()) if record.notation is not None else _given(record.red)
    said = [
        field
        for field, given in (
            (CardField.RED, marked),
            (CardField.RED_COUNT, _given(record.red_count)),
            (CardField.LEVEL, _given(record.level)),
            (CardField.ANSWER, _given(record.answer)),
        )
        if given
    ]
    stated = isinstance(record.kind, str) and said
    return (CardField.KIND, *said) if stated else tuple(said)


def _given(value: object) -> bool:
    return value is not None and value != ""


_LEVELS = {level.value: level for level in Level}
_KINDS = {kind.value: kind for kind in CardKind}
