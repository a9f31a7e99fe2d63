"""Frozen dataclasses: :func:`frozen_dataclass` makes one with three compiles fewer, and
:func:`hashed_once` keeps the hash an instance computes.

Python 3.11's ``dataclass`` compiles each method it writes (six for a frozen class, ~80 us each):
the 50 frozen dataclasses ``rushmore impose`` imports cost a third of its imports.
:func:`frozen_dataclass` lets ``dataclass`` write ``__init__`` and the frozen ``__setattr__`` and
``__delattr__``, and makes ``__eq__``, ``__hash__`` and ``__repr__`` of closures over the field
names: the same values, nothing compiled.

The layout's caches are keyed by frozen dataclasses (a shape by its path, two heads' clearance by
their silhouettes, a card face by its design and deck), and a dataclass's hash is computed anew
each time from all its fields, down through every nested tuple: a head's silhouette is hundreds
of numbers, a deck 55 cards. :func:`hashed_once` keeps the first hash an instance computes. A
frozen instance never changes, so neither does its hash; only a copy made in another process
(``pickle``) must compute its own, since Python seeds the hashes of strings per process.
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # mypy checks for Python 3.10, whose typing lacks it
    from typing_extensions import dataclass_transform
elif sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # only type checkers read it

    def dataclass_transform(**_: object) -> Callable[[Callable], Callable]:
        return lambda decorator: decorator


T = TypeVar("T", bound=type)

_HASH = "_hash_once"  # where an instance keeps its hash: in its __dict__, outside its fields


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen_dataclass(cls: T) -> T:
    """``@dataclass(frozen=True)``, with ``__eq__``, ``__hash__`` and ``__repr__`` that compare,
    hash and show exactly what the dataclass's own would, made without compiling them.

    >>> @frozen_dataclass
    ... class Card:
    ...     name: str
    ...     heads: tuple[str, ...] = ()
    ...     note: str = dataclasses.field(default="", compare=False, repr=False)
    >>> card = Card("M01", ("L", "R"))
    >>> card, card == Card("M01", ("L", "R"), note="other"), hash(card) == hash(("M01", ("L", "R")))
    (Card(name='M01', heads=('L', 'R')), True, True)
    >>> dataclasses.replace(card, name="M02").name, dataclasses.is_dataclass(card)
    ('M02', True)
    """
    made: Any = dataclasses.dataclass(cls, frozen=True, eq=False, repr=False)
    every = dataclasses.fields(made)
    compared = _values([field.name for field in every if field.compare])
    hashed = _values([field.name for field in every if (field.compare if field.hash is None else field.hash)])
    shown = [field.name for field in every if field.repr]
    shown_values = _values(shown)

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        pairs = ", ".join(f"{name}={value!r}" for name, value in zip(shown, shown_values(self)))
        return f"{self.__class__.__qualname__}({pairs})"

    own = vars(made)
    for name, method in (("__eq__", __eq__), ("__hash__", __hash__), ("__repr__", __repr__)):
        if name not in own or (name == "__hash__" and own[name] is None):  # a class's own method stays
            method.__qualname__ = f"{made.__qualname__}.{name}"
            setattr(made, name, method)
    return made


def _values(names: list[str]) -> Callable[[Any], tuple]:
    """The tuple of these attributes, as the dataclass's own methods build it."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda instance: (one(instance),)
    return lambda instance: ()


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


__all__ = ["frozen_dataclass", "hashed_once"]
