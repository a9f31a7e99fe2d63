"""The checks a publisher runs on a deck. Returns a :class:`Report`; never prints.

Matching is re-checked by the literal rule (:func:`model.matches`), so a deck is judged
independently of how the generator built it, and a hand-edited manifest is judged the same way.
The check costs one look-up a card, not one a Monument: the rule judges each head on its own, so
the faces a card can match are found head by head from :func:`matches` itself, looked up in an
index of the Monuments by faces, and every Monument found is confirmed by the whole rule.

Ids and values written in a message come from a file that may have been edited by hand: they
are quoted through :func:`shown_id`, so no id can drive the terminal.
"""

from __future__ import annotations

import enum
import itertools
import re
from collections import Counter

from ..frozen import frozen_dataclass
from ..model import Deck, Faces, Level, Red, SearchCard, card_id, faces_of_index, matches, target_faces
from ..readers.inputs import shown

_PLAIN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,23}")


def shown_id(card: str) -> str:
    """A card id as a message writes it: as it is when it is a plain id (``M05``, ``S17``), else
    quoted with its control characters escaped and cut (:func:`inputs.shown`).

    >>> shown_id("S17")
    'S17'
    >>> print(shown_id("S1\\x1b]0;pwned\\x07"))
    'S1\\x1b]0;pwned\\x07'
    """
    return card if _PLAIN_ID.fullmatch(card) else shown(card)


class CardField(enum.Enum):
    """The parts of a card a finding is about, in a card's order, so a reader of a file can point
    at them (a manifest's key, a spreadsheet's row and column): faces and red marks are both
    written in a sheet's notation; a sheet may say a card's kind and its red count besides.

    >>> [field.value for field in CardField]
    ['id', 'kind', 'faces', 'red', 'red_count', 'level', 'answer']
    """

    ID = "id"
    KIND = "kind"
    FACES = "faces"
    RED = "red"
    RED_COUNT = "red_count"
    LEVEL = "level"
    ANSWER = "answer"


@frozen_dataclass
class Finding:
    """One thing wrong with a deck; ``card`` names the card as a message shows it (:func:`shown_id`),
    ``fields`` the parts of it that disagree, ``where`` the place in a file (a spreadsheet's
    cells) when a reader has said it.

    >>> str(Finding("S05", "level says expert", (CardField.LEVEL,), "row 7, column C"))
    'row 7, column C: S05: level says expert'
    """

    card: str | None
    message: str
    fields: tuple[CardField, ...] = ()
    where: str = ""

    def __str__(self) -> str:
        text = f"{self.card}: {self.message}" if self.card else self.message
        return f"{self.where}: {text}" if self.where else text


@frozen_dataclass
class BalanceRow:
    """How evenly a group of Search cards spreads its answers (and red marks): the group's name, its
    size, the fewest and most cards with the same answer (and red marks on the same head).

    >>> from rushmore_print import generate_deck, load_design
    >>> row = validate_deck(generate_deck(load_design())).balance[1]
    >>> row.group, row.cards, (row.answer_min, row.answer_max), (row.red_min, row.red_max)
    ('1 red', 12, (0, 1), (3, 3))
    """

    group: str
    cards: int
    answer_min: int
    answer_max: int
    red_min: int | None = None
    red_max: int | None = None
    red_heads: int | None = None  # the group: the cards with this many red heads,
    level: Level | None = None  # or a level's pool

    @property
    def balanced(self) -> bool:
        """True if no two Monuments (and no two heads) differ by more than one card in the group.

        >>> BalanceRow("1 red", 12, 0, 1, red_min=3, red_max=3).balanced
        True
        >>> BalanceRow("1 red", 12, 0, 2).balanced
        False
        """
        red_ok = self.red_min is None or self.red_max is None or self.red_max - self.red_min <= 1
        return self.answer_max - self.answer_min <= 1 and red_ok


@frozen_dataclass
class Report:
    """What ``validate_deck`` found: the card counts, the errors (the deck is wrong), the warnings (it
    is not balanced) and the balance figures by group, and the size of each level's pool.

    >>> from rushmore_print import generate_deck, load_design
    >>> report = validate_deck(generate_deck(load_design()))
    >>> report.monuments, report.search, report.warnings, report.pools[0]
    (16, 39, (), (<Level.BASIC: 'basic'>, 16))
    """

    monuments: int
    search: int
    errors: tuple[Finding, ...]
    warnings: tuple[Finding, ...]
    balance: tuple[BalanceRow, ...]
    pools: tuple[tuple[Level, int], ...]

    def ok(self, strict: bool = False) -> bool:
        """True if the deck has no error (and, with ``strict``, no warning either).

        >>> from rushmore_print import generate_deck, load_design
        >>> validate_deck(generate_deck(load_design())).ok(strict=True)
        True
        """
        return not self.errors and not (strict and self.warnings)


def validate_deck(deck: Deck) -> Report:
    """Check a deck: Monuments complete and distinct, every Search card matching exactly one
    Monument, ``answer`` and ``level`` right, no duplicates; balance figures as warnings.

    >>> from rushmore_print import load_design, generate_deck
    >>> report = validate_deck(generate_deck(load_design()))
    >>> report.ok(), report.errors, report.balance[0].group
    (True, (), '0 red')
    """
    errors: list[Finding] = []
    errors += _check_monuments(deck)
    search_errors, solved = _check_search(deck)
    errors += search_errors
    balance = _balance(deck, solved)
    warnings = [
        Finding(
            None,
            f"{row.group}: answers per Monument range {row.answer_min}..{row.answer_max}"
            + (f", red marks per head {row.red_min}..{row.red_max}" if row.red_min is not None else "")
            + " (should differ by at most 1)",
        )
        for row in balance
        if not row.balanced
    ]
    red_counts = Counter(card.red_count for card in deck.search)
    pools = tuple((level, sum(count for k, count in red_counts.items() if level.admits(k))) for level in Level)
    return Report(len(deck.monuments), len(deck.search), tuple(errors), tuple(warnings), balance, pools)


def _check_monuments(deck: Deck) -> list[Finding]:
    n = len(deck.heads)
    found: list[Finding] = []
    for duplicate, times in sorted(Counter(m.id for m in deck.monuments).items()):
        if times > 1:
            found.append(Finding(shown_id(duplicate), f"this id is used by {times} Monuments", (CardField.ID,)))
    seen: dict[tuple, str] = {}
    for monument in deck.monuments:
        if len(monument.faces) != n:
            found.append(
                Finding(
                    shown_id(monument.id),
                    f"has {len(monument.faces)} faces; every card has {n} (one per head)",
                    (CardField.FACES,),
                )
            )
            continue
        if monument.faces in seen:
            found.append(
                Finding(
                    shown_id(monument.id),
                    f"shows {deck.notation.monument(monument.faces)}, the same as {shown_id(seen[monument.faces])}; "
                    "each combination must appear once",
                    (CardField.FACES,),
                )
            )
        else:
            seen[monument.faces] = monument.id
    for index in range(2**n):
        faces = faces_of_index(index, n)
        if faces not in seen:
            found.append(
                Finding(
                    None,
                    f"no Monument shows {deck.notation.monument(faces)} (canonically {card_id('M', index + 1, 2**n)}); "
                    f"all {2**n} combinations are needed",
                )
            )
    return found


def _check_search(deck: Deck) -> tuple[list[Finding], dict[str, str]]:
    """Errors, and for each card that matches exactly one Monument, that Monument's id."""
    n = len(deck.heads)
    found: list[Finding] = []
    solved: dict[str, str] = {}
    for duplicate, times in sorted(Counter(c.id for c in deck.search).items()):
        if times > 1:
            found.append(Finding(shown_id(duplicate), f"this id is used by {times} Search cards", (CardField.ID,)))
    seen: dict[tuple, str] = {}
    by_faces = _index(deck)
    level_of = {k: Level.of_red_count(k) for k in range(n + 1)}
    for card in deck.search:
        if len(card.faces) != n or len(card.red) != n:
            found.append(
                Finding(shown_id(card.id), f"has {len(card.faces)} faces; every card has {n} (one per head)", _NOTATION)
            )
            continue
        key = (card.faces, card.red)
        if key in seen:
            found.append(
                Finding(
                    shown_id(card.id), f"is the same card as {shown_id(seen[key])} ({_notation(deck, card)})", _NOTATION
                )
            )
        else:
            seen[key] = card.id
        matched = [
            monument
            for faces in _faces_matched(card.faces, card.red)
            for monument in by_faces.get(faces, ())
            if matches(card.faces, card.red, faces)
        ]
        if not matched:
            wanted = deck.notation.monument(target_faces(card.faces, card.red))
            found.append(
                Finding(
                    shown_id(card.id),
                    f"{_notation(deck, card)} matches no Monument (it needs {wanted}, which no Monument shows)",
                    _NOTATION,
                )
            )
        elif len(matched) > 1:
            found.append(
                Finding(
                    shown_id(card.id),
                    f"{_notation(deck, card)} matches {len(matched)} Monuments "
                    f"({', '.join(shown_id(m) for m in matched)}); exactly one is allowed",
                    _NOTATION,
                )
            )
        else:
            solved[card.id] = matched[0]
            if card.answer and card.answer != matched[0]:  # "": a spreadsheet without answers
                found.append(
                    Finding(
                        shown_id(card.id),
                        f"answer says {shown_id(card.answer)}, but {_notation(deck, card)} matches "
                        f"{shown_id(matched[0])}",
                        (*_NOTATION, CardField.ANSWER),
                    )
                )
        red_count = card.red_count
        right_level = level_of[red_count]
        if card.level is not right_level:
            found.append(
                Finding(
                    shown_id(card.id),
                    f"level says {card.level.value}, but a card with {red_count} red "
                    f"head{'s' if red_count != 1 else ''} is {right_level.value}",
                    (CardField.RED, CardField.LEVEL),
                )
            )
    return found, solved


_NOTATION = (CardField.FACES, CardField.RED)  # what a card's notation writes


def _index(deck: Deck) -> dict[Faces, list[str]]:
    """The ids of the Monuments showing each combination of faces, in deck order (a combination
    shown twice is an error that :func:`_check_monuments` names; here it gives two matches)."""
    index: dict[Faces, list[str]] = {}
    for monument in deck.monuments:
        index.setdefault(monument.faces, []).append(monument.id)
    return index


# For one head: the faces of a Monument head that the rule accepts, for each (Search face, red).
# Read off matches() itself on one-head cards, so the index is fed by the literal rule and not by
# target_faces() (which the generator uses to make the cards).
_ONE_HEAD: dict[tuple[int, bool], tuple[int, ...]] = {
    (face, red): tuple(m for m in (0, 1) if matches((face,), (red,), (m,))) for face in (0, 1) for red in (False, True)
}


def _faces_matched(faces: Faces, red: Red) -> list[Faces]:
    """Every combination of faces the rule lets a Search card match (one, for the rule as it is).

    >>> _faces_matched((0, 1), (False, True))
    [(0, 0)]
    """
    return list(itertools.product(*(_ONE_HEAD[face, is_red] for face, is_red in zip(faces, red))))


def _notation(deck: Deck, card: SearchCard) -> str:
    return deck.notation.search(card.faces, card.red)


def _balance(deck: Deck, solved: dict[str, str]) -> tuple[BalanceRow, ...]:
    monument_ids = [m.id for m in deck.monuments]
    rows: list[BalanceRow] = []
    by_class: dict[int, list[SearchCard]] = {}  # the solved cards by their number of red heads
    for card in deck.search:
        if card.id in solved:
            by_class.setdefault(card.red_count, []).append(card)
    answers_of: dict[int, Counter[str]] = {}
    for k in sorted(by_class):
        group = by_class[k]
        answers = answers_of[k] = Counter(solved[c.id] for c in group)
        counts = [answers[m] for m in monument_ids]
        red = [sum(column) for column in zip(*(c.red for c in group))] if k else None
        rows.append(
            BalanceRow(
                f"{k} red",
                len(group),
                min(counts),
                max(counts),
                min(red) if red else None,
                max(red) if red else None,
                red_heads=k,
            )
        )
    for level in Level:
        classes = [k for k in sorted(by_class) if level.admits(k)]
        if classes:
            answers = sum((answers_of[k] for k in classes), Counter())
            counts = [answers[m] for m in monument_ids]
            size = sum(len(by_class[k]) for k in classes)
            rows.append(BalanceRow(f"{level.title} pool", size, min(counts), max(counts), level=level))
    return tuple(rows)


__all__ = ["BalanceRow", "CardField", "Finding", "Report", "shown_id", "validate_deck"]
