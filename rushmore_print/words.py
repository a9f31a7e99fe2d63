"""English phrasing shared by the referee, the rulebook and the CLI."""

from __future__ import annotations

from collections.abc import Iterable


def join_names(names: Iterable[str]) -> str:
    """``join_names(["ann", "bob", "cy"])`` -> ``"ann, bob and cy"``."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def count(n: int, one: str, many: str) -> str:
    """``count(1, "card", "cards")`` -> ``"1 card"``."""
    return f"{n} {one if n == 1 else many}"
