"""The checks a publisher runs on a deck. Returns a :class:`Report`; never prints.

Matching is re-checked by the literal rule (:func:`model.matches`) against every Monument, so
a deck is judged independently of how the generator built it, and a hand-edited manifest is
judged the same way.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from .model import Deck, Level, SearchCard, card_id, faces_of_index, matches, target_faces


@dataclass(frozen=True)
class Finding:
    card: str | None
    message: str

    def __str__(self) -> str:
        return f"{self.card}: {self.message}" if self.card else self.message


@dataclass(frozen=True)
class BalanceRow:
    """How evenly a group of Search cards spreads its answers (and red marks)."""

    group: str
    cards: int
    answer_min: int
    answer_max: int
    red_min: int | None = None
    red_max: int | None = None

    @property
    def balanced(self) -> bool:
        red_ok = self.red_min is None or self.red_max is None or self.red_max - self.red_min <= 1
        return self.answer_max - self.answer_min <= 1 and red_ok


@dataclass(frozen=True)
class Report:
    monuments: int
    search: int
    errors: tuple[Finding, ...]
    warnings: tuple[Finding, ...]
    balance: tuple[BalanceRow, ...]
    pools: tuple[tuple[Level, int], ...]

    def ok(self, strict: bool = False) -> bool:
        return not self.errors and not (strict and self.warnings)


def validate_deck(deck: Deck) -> Report:
    """Check a deck: Monuments complete and distinct, every Search card matching exactly one
    Monument, ``answer`` and ``level`` right, no duplicates; balance figures as warnings."""
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
    pools = tuple((level, len(deck.pool(level))) for level in Level)
    return Report(len(deck.monuments), len(deck.search), tuple(errors), tuple(warnings), balance, pools)


def _check_monuments(deck: Deck) -> list[Finding]:
    n = len(deck.heads)
    found: list[Finding] = []
    for duplicate, times in sorted(Counter(m.id for m in deck.monuments).items()):
        if times > 1:
            found.append(Finding(duplicate, f"this id is used by {times} Monuments"))
    seen: dict[tuple, str] = {}
    for monument in deck.monuments:
        if len(monument.faces) != n:
            found.append(Finding(monument.id, f"has {len(monument.faces)} faces; every card has {n} (one per head)"))
            continue
        if monument.faces in seen:
            found.append(
                Finding(
                    monument.id,
                    f"shows {deck.notation.monument(monument.faces)}, the same as {seen[monument.faces]}; "
                    "each combination must appear once",
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
            found.append(Finding(duplicate, f"this id is used by {times} Search cards"))
    seen: dict[tuple, str] = {}
    for card in deck.search:
        if len(card.faces) != n or len(card.red) != n:
            found.append(Finding(card.id, f"has {len(card.faces)} faces; every card has {n} (one per head)"))
            continue
        key = (card.faces, card.red)
        if key in seen:
            found.append(Finding(card.id, f"is the same card as {seen[key]} ({_notation(deck, card)})"))
        else:
            seen[key] = card.id
        matched = [m.id for m in deck.monuments if matches(card.faces, card.red, m.faces)]
        if not matched:
            wanted = deck.notation.monument(target_faces(card.faces, card.red))
            found.append(
                Finding(
                    card.id, f"{_notation(deck, card)} matches no Monument (it needs {wanted}, which no Monument shows)"
                )
            )
        elif len(matched) > 1:
            found.append(
                Finding(
                    card.id,
                    f"{_notation(deck, card)} matches {len(matched)} Monuments "
                    f"({', '.join(matched)}); exactly one is allowed",
                )
            )
        else:
            solved[card.id] = matched[0]
            if card.answer != matched[0]:
                found.append(
                    Finding(card.id, f"answer says {card.answer}, but {_notation(deck, card)} matches {matched[0]}")
                )
        right_level = Level.of_red_count(card.red_count)
        if card.level is not right_level:
            found.append(
                Finding(
                    card.id,
                    f"level says {card.level.value}, but a card with {card.red_count} red "
                    f"head{'s' if card.red_count != 1 else ''} is {right_level.value}",
                )
            )
    return found, solved


def _notation(deck: Deck, card: SearchCard) -> str:
    return deck.notation.search(card.faces, card.red)


def _balance(deck: Deck, solved: dict[str, str]) -> tuple[BalanceRow, ...]:
    n = len(deck.heads)
    monument_ids = [m.id for m in deck.monuments]
    rows: list[BalanceRow] = []
    cards = [c for c in deck.search if c.id in solved]
    for k, members in itertools.groupby(sorted(cards, key=lambda c: c.red_count), key=lambda c: c.red_count):
        group = list(members)
        answers = Counter(solved[c.id] for c in group)
        counts = [answers[m] for m in monument_ids]
        red = [sum(c.red[p] for c in group) for p in range(n)] if k else None
        rows.append(
            BalanceRow(
                f"{k} red", len(group), min(counts), max(counts), min(red) if red else None, max(red) if red else None
            )
        )
    for level in Level:
        pool = [c for c in cards if level.admits(c.red_count)]
        if pool:
            answers = Counter(solved[c.id] for c in pool)
            counts = [answers[m] for m in monument_ids]
            rows.append(BalanceRow(f"{level.title} pool", len(pool), min(counts), max(counts)))
    return tuple(rows)
