import dataclasses
import json
import math
import os
import subprocess
import sys
from collections import Counter

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.validate import validate_deck
from rushmore_print.design import load_design, parse_design
from rushmore_print.errors import SpecError
from rushmore_print.model import Level, matches

from .conftest import DESIGNS


def test_classic_monuments_in_canonical_order(classic_deck):
    notation = classic_deck.notation
    assert [m.id for m in classic_deck.monuments] == [f"M{i:02d}" for i in range(1, 17)]
    assert notation.monument(classic_deck.monuments[0].faces) == "LLLL"
    assert notation.monument(classic_deck.monuments[4].faces) == "LRLL"
    assert notation.monument(classic_deck.monuments[15].faces) == "RRRR"


def test_classic_search_cards_split_16_12_11(classic_deck):
    assert [c.id for c in classic_deck.search] == [f"S{i:02d}" for i in range(1, 40)]
    assert Counter(c.red_count for c in classic_deck.search) == {0: 16, 1: 12, 2: 11}
    assert [len(classic_deck.pool(level)) for level in Level] == [16, 28, 39]
    assert {c.level for c in classic_deck.search[:16]} == {Level.BASIC}


def test_classic_every_card_matches_exactly_one_monument(classic_deck):
    for card in classic_deck.search:
        matched = [m.id for m in classic_deck.monuments if matches(card.faces, card.red, m.faces)]
        assert matched == [card.answer]


def test_classic_balance(classic_deck):
    basic = Counter(c.answer for c in classic_deck.pool(Level.BASIC))
    assert set(basic.values()) == {1} and len(basic) == 16  # each Monument the answer exactly once
    ones = [c for c in classic_deck.search if c.red_count == 1]
    assert Counter(c.red_heads[0] for c in ones) == {0: 3, 1: 3, 2: 3, 3: 3}
    twos = [c for c in classic_deck.search if c.red_count == 2]
    per_head = Counter(p for c in twos for p in c.red_heads)
    assert sorted(per_head.values()) in ([5, 5, 6, 6],)
    deck = Counter(c.answer for c in classic_deck.search)
    assert max(deck.values()) - min(deck.values()) <= 1 and len(deck) == 16


def test_same_seed_same_deck_other_seed_other_deck(classic):
    assert generate_deck(classic) == generate_deck(classic)
    other = generate_deck(dataclasses.replace(classic, seed=classic.seed + 1))
    assert other != generate_deck(classic)


@pytest.mark.slow
def test_output_is_identical_under_different_hash_seeds():
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-m", "rushmore_print", "cards", "--format", "json"],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1
    assert len(json.loads(outputs.pop())["search"]) == 39


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_example_designs_generate_valid_balanced_decks(path):
    report = validate_deck(generate_deck(load_design(path)))
    assert report.ok(strict=True), (report.errors, report.warnings)


def design_text(heads: int, counts: dict[int, int], seed: int) -> str:
    return yaml.safe_dump(
        {
            "name": "Random",
            "heads": [f"H{i}" for i in range(heads)],
            "directions": ["up", "down"],
            "search": {"seed": seed, "red_counts": counts},
        }
    )


@st.composite
def feasible_designs(draw):
    n = draw(st.integers(1, 6))
    counts = {}
    for k in range(n + 1):
        available = 2**n * math.comb(n, k)
        counts[k] = draw(st.integers(0, min(available, 150)))
    if sum(counts.values()) == 0:
        counts[0] = 1
    return n, counts, draw(st.integers(0, 2**32))


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(feasible_designs())
def test_every_feasible_design_gives_a_valid_balanced_deck(case):
    n, counts, seed = case
    design = parse_design(design_text(n, counts, seed), "random.yaml", None)
    deck = generate_deck(design)
    assert len(deck.monuments) == 2**n
    assert Counter(c.red_count for c in deck.search) == Counter({k: v for k, v in counts.items() if v})
    report = validate_deck(deck)
    assert report.errors == ()
    assert all(row.balanced for row in report.balance), report.balance


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.data())
@pytest.mark.slow
def test_infeasible_counts_raise_spec_error(n, data):
    k = data.draw(st.integers(0, n))
    available = 2**n * math.comb(n, k)
    too_many = data.draw(st.integers(available + 1, available + 50))
    with pytest.raises(SpecError) as info:
        parse_design(design_text(n, {k: too_many}, 1), "random.yaml", None)
    assert f"only {available} exist for {n} heads" in str(info.value)


@pytest.mark.slow
def test_eight_heads_full_classes_are_feasible():
    counts = {0: 256, 1: 2048, 4: 256 * 70}
    deck = generate_deck(parse_design(design_text(8, counts, 5), "big.yaml", None))
    assert len(deck.search) == 256 + 2048 + 256 * 70
    assert len({(c.faces, c.red) for c in deck.search}) == len(deck.search)
