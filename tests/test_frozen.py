"""Frozen dataclasses hashed once (``rushmore_print.frozen``): the layout's cache keys keep their
first hash, and a copy from another process computes its own."""

import dataclasses
import os
import pickle
import subprocess
import sys

import pytest

from rushmore_print import generate_deck, load_design
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
