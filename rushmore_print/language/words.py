"""English phrasing shared by the referee, the rulebook and the CLI."""

from __future__ import annotations

import enum
from collections.abc import Iterable


def choices(vocabulary: Iterable[enum.Enum]) -> str:
    """A vocabulary's values as a message offers them, built from its enum, so that a new member
    is offered where the old ones are.

    >>> from rushmore_print.model import Level
    >>> choices(Level)
    'basic, advanced or expert'
    """
    return join_names([str(member.value) for member in vocabulary], last="or")


def join_names(names: Iterable[str], last: str = "and") -> str:
    """Names as English lists them: commas, then ``last`` ("and", or "or" for a choice).

    >>> join_names(["ann", "bob", "cy"]), join_names(["a4", "letter"], last="or"), join_names(["ann"])
    ('ann, bob and cy', 'a4 or letter', 'ann')
    """
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {last} " + names[-1]


def count(n: int, one: str, many: str) -> str:
    """``n`` and the noun in the number it takes.

    >>> count(1, "card", "cards"), count(3, "card", "cards")
    ('1 card', '3 cards')
    """
    return f"{n} {one if n == 1 else many}"


def a_or_an(word: str) -> str:
    """The word with the article English puts before it ("a" or "an", by its first letter).

    >>> a_or_an("Expert"), a_or_an("Basic")
    ('an Expert', 'a Basic')
    """
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def text_table(header: list[str], rows: list[list[str]]) -> str:
    """Columns padded to their widest cell, a rule of dashes under the header.

    >>> print(text_table(["id", "red"], [["S1", "0"], ["S17", "2"]]))
    id   red
    ---  ---
    S1   0
    S17  2
    """
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows)]
    lines = ["  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip() for row in [header, *rows]]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


__all__ = ["a_or_an", "choices", "count", "join_names", "text_table"]
