"""Frozen dataclasses that are hashed once.

The layout's caches are keyed by frozen dataclasses (a shape by its path, two heads' clearance by
their silhouettes, a card face by its design and deck), and a dataclass's hash is computed anew
each time from all its fields, down through every nested tuple: a head's silhouette is hundreds
of numbers, a deck 55 cards. :func:`hashed_once` keeps the first hash an instance computes. A
frozen instance never changes, so neither does its hash; only a copy made in another process
(``pickle``) must compute its own, since Python seeds the hashes of strings per process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T", bound=type)

_HASH = "_hash_once"  # where an instance keeps its hash: in its __dict__, outside its fields


def hashed_once(cls: T) -> T:
    """Decorate a frozen dataclass (put it above ``@dataclass(frozen=True)``) so that each
    instance computes its hash once; equality, ``repr`` and the fields are unchanged, and a
    pickled copy leaves the hash behind.

    >>> import copy
    >>> from dataclasses import dataclass
    >>> @hashed_once
    ... @dataclass(frozen=True)
    ... class Points:
    ...     xs: tuple[float, ...]
    >>> points = Points(tuple(range(1000)))
    >>> hash(points) == hash(Points(tuple(range(1000)))), points == Points(tuple(range(1000)))
    (True, True)
    >>> "_hash_once" in vars(points), "_hash_once" in vars(copy.copy(points))  # copied as pickle copies
    (True, False)
    """
    compute: Callable[[object], int] = vars(cls)["__hash__"]  # the dataclass's own, over every field

    def __hash__(self) -> int:
        try:
            return self.__dict__[_HASH]
        except KeyError:
            value = compute(self)
            object.__setattr__(self, _HASH, value)  # a frozen dataclass refuses a plain setattr
            return value

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop(_HASH, None)  # a string's hash differs in another process
        return state

    __hash__.__doc__ = compute.__doc__
    # setattr: mypy types a class's own __hash__ as unbound, and a TypeVar has no __getstate__
    setattr(cls, "__hash__", __hash__)  # noqa: B010
    setattr(cls, "__getstate__", __getstate__)  # noqa: B010
    return cls


__all__ = ["hashed_once"]
