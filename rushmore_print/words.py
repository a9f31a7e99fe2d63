"""English phrasing shared by the referee, the rulebook and the CLI."""

from __future__ import annotations

from collections.abc import Iterable


def join_names(names: Iterable[str], last: str = "and") -> str:
    """``join_names(["ann", "bob", "cy"])`` -> ``"ann, bob and cy"``; ``last="or"`` for a choice."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {last} " + names[-1]


def count(n: int, one: str, many: str) -> str:
    """``count(1, "card", "cards")`` -> ``"1 card"``."""
    return f"{n} {one if n == 1 else many}"


def a_or_an(word: str) -> str:
    """``a_or_an("Expert")`` -> ``"an Expert"``; ``a_or_an("Basic")`` -> ``"a Basic"``."""
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


__all__ = ["a_or_an", "count", "join_names", "text_table"]
