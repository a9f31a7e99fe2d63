"""Frozen dataclasses: :func:`frozen_dataclass` makes one with one compile instead of six, and
:func:`hashed_once` keeps the hash an instance computes.

Python 3.11's ``dataclass`` compiles each method it writes (six for a frozen class, ~0.1 ms each
on a slow core): the 50 frozen dataclasses ``rushmore impose`` imports were a third of its
imports. :func:`frozen_dataclass` lets ``dataclass`` collect the fields and write nothing, and
then compiles ``__init__`` alone (the one method whose speed is every instance's); ``__eq__``,
``__hash__`` and ``__repr__`` are closures over the field names, and the frozen ``__setattr__``
and ``__delattr__`` closures that refuse as the dataclass's own do: the same behaviour, one
compile.

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
    """``@dataclass(frozen=True)``: the same ``__init__`` (defaults, factories, fields left out of
    it, ``__post_init__``), the same refusal to assign or delete a field, and ``__eq__``,
    ``__hash__`` and ``__repr__`` that compare, hash and show exactly what the dataclass's own
    would. (Not for ``InitVar`` or keyword-only fields; a subclass is a ``frozen_dataclass`` too.)

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
    >>> card.name = "M03"
    Traceback (most recent call last):
    dataclasses.FrozenInstanceError: cannot assign to field 'name'
    """
    for name in ("__setattr__", "__delattr__"):
        if name in vars(cls):
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    made: Any = dataclasses.dataclass(cls, init=False, eq=False, repr=False)
    every = dataclasses.fields(made)
    _refuse_unsupported(made, every)
    own = vars(made)
    if "__init__" not in own:  # a class's own method stays, as dataclass keeps it
        _set_method(made, "__init__", _init_of(made, every))
    names = frozenset(field.name for field in every)

    def __setattr__(self: Any, name: str, value: object) -> None:
        if type(self) is made or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(made, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is made or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(made, self).__delattr__(name)

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

    _set_method(made, "__setattr__", __setattr__)
    _set_method(made, "__delattr__", __delattr__)
    for name, method in (("__eq__", __eq__), ("__hash__", __hash__), ("__repr__", __repr__)):
        if name not in own or (name == "__hash__" and own[name] is None):  # a class's own method stays
            _set_method(made, name, method)
    return made


class _Factory:
    """The default of a parameter whose field has a default_factory, shown as dataclass's is."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _init_of(cls: type, every: tuple[dataclasses.Field, ...]) -> Callable[..., None]:
    """``__init__`` as ``dataclass(frozen=True)`` writes it, compiled once for the class: each field
    set with ``object.__setattr__``, its default or factory where the call leaves it out."""
    parameters, lines = ["self"], []
    given: dict[str, object] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    for field in every:
        default = f"_default_{field.name}"
        has_default = field.default is not dataclasses.MISSING
        has_factory = field.default_factory is not dataclasses.MISSING
        if has_default or has_factory:
            given[default] = field.default if has_default else field.default_factory
        if field.init:
            parameters.append(field.name + (f"={default}" if has_default else "=_FACTORY" if has_factory else ""))
            value = f"{default}() if {field.name} is _FACTORY else {field.name}" if has_factory else field.name
        elif has_factory:
            value = f"{default}()"
        else:
            continue  # the class's default is read, or __post_init__ sets it: as dataclass leaves it
        lines.append(f"_set(self, {field.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        lines.append("self.__post_init__()")
    # made inside a function of the given names, run in the class's module, as dataclass makes it:
    # the defaults are the closure's, and the annotations resolve where the class is defined
    body = "\n        ".join(lines) or "pass"
    signature = f"def __init__({', '.join(parameters)}):"
    source = f"def make({', '.join(given)}):\n    {signature}\n        {body}\n    return __init__\n"
    made: dict[str, Any] = {}
    module = sys.modules.get(cls.__module__)
    code = compile(source, f"<frozen_dataclass {cls.__qualname__}.__init__>", "exec", dont_inherit=True)
    exec(code, vars(module) if module is not None else {}, made)
    init: Any = made["make"](**given)
    init.__annotations__ = {field.name: field.type for field in every if field.init} | {"return": None}
    return init


def _refuse_unsupported(cls: type, every: tuple[dataclasses.Field, ...]) -> None:
    # what the compiled __init__ does not do, refused rather than done differently from dataclass
    pseudo = set(vars(cls)["__dataclass_fields__"]) - {field.name for field in every}
    annotations = vars(cls).get("__annotations__", {})
    for name in pseudo:
        if "InitVar" in str(annotations.get(name, "")):
            raise TypeError(f"{cls.__name__}.{name}: frozen_dataclass has no InitVar fields")
    for field in every:
        if field.kw_only is True:
            raise TypeError(f"{cls.__name__}.{field.name}: frozen_dataclass has no keyword-only fields")


def _set_method(cls: type, name: str, method: Callable) -> None:
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    setattr(cls, name, method)


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
