"""Frozen dataclasses hashed once (``rushmore_print.frozen``): the layout's cache keys keep their
first hash, and a copy from another process computes its own."""

import copy
import dataclasses
import inspect
import os
import pickle
import subprocess
import sys
import typing

import pytest

from rushmore_print import generate_deck, load_design
from rushmore_print.frozen import frozen_dataclass
from rushmore_print.layout.cards import head_inks
from rushmore_print.layout.items import Path, Rect, Shape, rgb


def test_a_key_hashed_once_is_found_as_before():
    """Each kind of key hashed once hashes as its dataclass does, and equal keys find each other."""
    design = load_design()
    ink = head_inks(design)[0]
    square = Shape(Path.rect(Rect(0, 0, 10, 5)), fill=rgb("#746a5f"))
    keys = [design, generate_deck(design), square, square.path, ink, ink.drawings[0]]
    for key in keys:
        twin = dataclasses.replace(key)
        assert key == twin and key is not twin
        fields = tuple(getattr(key, field.name) for field in dataclasses.fields(key) if field.compare)
        assert hash(key) == hash(twin) == hash(fields)  # the dataclass's own hash, kept
        assert {key: 1}[twin] == 1
        assert "_hash_once" in vars(key) and "_hash_once" not in vars(pickle.loads(pickle.dumps(key)))


@pytest.mark.slow
def test_a_copy_from_another_process_computes_its_own_hash():
    """A deck and a design pickled where strings hash otherwise (another PYTHONHASHSEED), after
    they were hashed there, are found here by equal ones: they do not bring that hash along."""
    made = (
        "import pickle, sys\n"
        "from rushmore_print import generate_deck, load_design\n"
        "design = load_design(); deck = generate_deck(design); hash(design), hash(deck)\n"
        "sys.stdout.buffer.write(pickle.dumps((design, deck)))"
    )
    here = load_design()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        data = subprocess.run([sys.executable, "-c", made], capture_output=True, check=True, env=env).stdout
        design, deck = pickle.loads(data)
        assert {here: "design"}[design] == "design"
        assert {generate_deck(here): "deck"}[deck] == "deck"


def _twins(body: dict, annotations: dict) -> tuple[type, type]:
    """The same class body made by ``dataclass(frozen=True)`` and by ``frozen_dataclass``."""

    def made(decorate, name):
        return decorate(type(name, (), {"__annotations__": dict(annotations), "__module__": __name__, **body}))

    return made(dataclasses.dataclass(frozen=True), "Theirs"), made(frozen_dataclass, "Ours")


field = dataclasses.field
SHAPES = {
    "plain": ({}, {"a": "int", "b": "Shape"}),  # a name of this module: resolved here, as the docs site does
    "defaults": ({"b": "x", "c": field(default=3, compare=False)}, {"a": "int", "b": "str", "c": "int"}),
    "factories": ({"b": field(default_factory=frozenset), "c": field(default_factory=tuple, repr=False)},
                  {"a": "int", "b": "frozenset", "c": "tuple"}),
    "left out of init": ({"b": field(init=False, default=7), "c": field(init=False, default_factory=frozenset),
                          "d": field(init=False), "__post_init__": lambda self: object.__setattr__(self, "d", 2)},
                         {"a": "int", "b": "int", "c": "frozenset", "d": "int"}),
    "hash only some": ({"b": field(default=0, hash=False)}, {"a": "int", "b": "int"}),
    "no fields": ({}, {}),
}  # fmt: skip


@pytest.mark.parametrize("shape", SHAPES)
def test_frozen_dataclass_makes_what_dataclass_frozen_makes(shape):
    """``frozen_dataclass`` (one compile a class instead of six) makes what ``dataclass(frozen=True)``
    does: the same signature and fields, the same values set by ``__init__`` (defaults, factories,
    ``__post_init__``), equality, hash and repr, the same refusals, copies and replacements."""
    theirs, ours = _twins(*SHAPES[shape])
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
    assert typing.get_type_hints(ours.__init__) == typing.get_type_hints(theirs.__init__)  # as the docs site reads them
    assert [(f.name, f.init, f.compare, f.hash, f.repr) for f in dataclasses.fields(ours)] == [
        (f.name, f.init, f.compare, f.hash, f.repr) for f in dataclasses.fields(theirs)
    ]
    needed = [f for f in dataclasses.fields(ours) if f.init and f.default is f.default_factory is dataclasses.MISSING]
    arguments = [5, "y"][: len(needed)]
    one, other = theirs(*arguments), ours(*arguments)
    assert vars(one) == vars(other)
    assert repr(one).replace("Theirs", "Ours") == repr(other)
    assert hash(one) == hash(other) and other == ours(*arguments) and other != one
    for instance in (one, other):
        for name in [f.name for f in dataclasses.fields(ours)] + ["new"]:
            with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"):
                setattr(instance, name, 1)
            with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
                delattr(instance, name)
    assert copy.deepcopy(other) == other and vars(copy.copy(other)) == vars(other)
    assert dataclasses.replace(other) == other and dataclasses.replace(other) is not other
    if needed:
        with pytest.raises(TypeError):
            ours()


def test_frozen_dataclass_refuses_what_it_does_not_make():
    """An own ``__setattr__`` (as dataclass refuses it) and an ``InitVar``: a TypeError, not a class that differs."""
    with pytest.raises(TypeError, match="Cannot overwrite attribute __setattr__"):
        frozen_dataclass(type("Own", (), {"__annotations__": {"a": "int"}, "__setattr__": lambda *_: None}))
    with pytest.raises(TypeError, match="no InitVar"):
        frozen_dataclass(type("Var", (), {"__annotations__": {"a": "dataclasses.InitVar[int]"}}))
