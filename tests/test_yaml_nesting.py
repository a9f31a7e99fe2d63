"""The YAML reader's choice of parser (design/yamlfile.py): libyaml's, five times faster, only for
a text that cannot nest deep enough to crash its C recursion, judged by ``nesting_bound``, which
must never say less than the real depth."""

import random

import pytest
import yaml

from rushmore_print.design.yamlfile import nesting_bound


def depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


def nested(chance: random.Random, levels: int):
    """A random value nested up to ``levels`` deep: mappings, lists, scalars."""
    if levels == 0 or chance.random() < 0.15:
        return chance.choice([1, "x: y", "- z", "[a]", None, 2.5, "", "?"])
    if chance.random() < 0.5:
        return [nested(chance, levels - 1) for _ in range(chance.randint(1, 3))]
    return {f"k{i}": nested(chance, levels - 1) for i in range(chance.randint(1, 3))}


@pytest.mark.parametrize("style", [False, True, None], ids=["block", "flow", "mixed"])
def test_the_bound_is_never_below_the_depth(style):
    chance = random.Random(7)
    for _ in range(300):
        value = nested(chance, chance.randint(1, 12))
        for indent in (2, 4):
            text = yaml.safe_dump(value, default_flow_style=style, indent=indent)
            assert nesting_bound(text) >= depth(yaml.safe_load(text)), text


def test_sequences_under_keys_in_the_same_column_are_bounded():
    """``a:\\n- b:\\n  - c:`` nests two levels a column: the bound holds it."""
    lines, pad = [], ""
    for level in range(100):
        lines.append(f"{pad}k{level}:")
        lines.append(f"{pad}- ")
        pad += "  "
    text = "\n".join(lines[:-1]) + "\n" + pad[:-2] + "- end\n"
    assert nesting_bound(text) >= depth(yaml.safe_load(text))


def test_a_long_flat_list_goes_to_libyaml_and_deep_brackets_do_not():
    from rushmore_print.design.yamlfile import _loader

    flat = _loader(yaml, "extra:\n" + "".join(f"  - {i}\n" for i in range(100_000)))
    deep = _loader(yaml, "a: " + "[" * 5000 + "]" * 5000)
    try:
        assert isinstance(flat, yaml.CSafeLoader) and not isinstance(deep, yaml.CSafeLoader)
    finally:
        flat.dispose(), deep.dispose()
