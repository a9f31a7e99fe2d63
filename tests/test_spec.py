import pytest

from rushmore_print.design import Look, Orientation, Style, load_design, most_square_grid, slug_of
from rushmore_print.errors import SpecError
from rushmore_print.writers.starter import Example

from .conftest import DESIGNS, EXAMPLES, MINIMAL, ROOT


def test_classic_design_has_the_published_numbers(classic):
    assert classic.name == "Mount Rushmore"
    assert classic.head_names == ("Washington", "Jefferson", "Roosevelt", "Lincoln")
    assert [h.look for h in classic.heads] == [Look.TIED, Look.WAVY, Look.SPECTACLES, Look.BEARD]
    assert classic.directions == ("left", "right")
    assert classic.notation.letters == ("L", "R")
    assert classic.red_counts == (16, 12, 11, 0, 0)
    assert classic.grid == (4, 4)
    assert (classic.rules.deck_size, classic.rules.points_to_win) == (12, 3)
    assert (classic.rules.long_points_to_win, classic.rules.long_extra_cards_per_player) == (4, 1)
    assert classic.print.orientation is Orientation.LANDSCAPE
    assert (classic.print.width_mm, classic.print.height_mm, classic.print.bleed_mm) == (88.9, 63.5, 3.0)
    assert classic.slug == "mount-rushmore"


def test_the_package_ships_every_example_design_and_the_builtin_is_the_classic_one():
    from importlib import resources

    shipped = resources.files("rushmore_print.designs")
    yaml_files = sorted(item.name for item in shipped.iterdir() if item.name.endswith(".yaml"))
    assert yaml_files == [path.name for path in DESIGNS] != []
    assert [path.stem for path in DESIGNS] == sorted(example.value for example in Example)
    builtin, example = load_design(), load_design(EXAMPLES / "classic.yaml")
    assert (builtin.name, builtin.heads, builtin.red_counts) == (example.name, example.heads, example.red_counts)


def test_the_repository_holds_no_symbolic_link():
    """A checkout on Windows (core.symlinks off) writes a link as a small text file: the examples
    would ship as a file naming a folder. They are real files, in designs/, once (shipped as rushmore_print.designs)."""
    import shutil
    import subprocess

    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-s"], capture_output=True, text=True, check=True)
    links = [line.split("\t", 1)[1] for line in listed.stdout.splitlines() if line.startswith("120000 ")]
    assert links == []
    assert all(path.is_file() and not path.is_symlink() for path in DESIGNS)


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_every_example_design_loads(path):
    design = load_design(path)
    assert design.grid[0] * design.grid[1] == design.monument_count


def test_defaults_fill_in_optional_keys(write_design):
    design = load_design(write_design(MINIMAL))
    assert design.grid == (4, 4)
    assert design.rules.deck_size_for(4) == 12
    assert design.rules.deck_size_for(7) == 14
    assert design.rules.deck_size_for(4, long_game=True) == 16
    assert design.rules.points_for(long_game=True) == 4
    assert design.print.card_name == "poker"


def test_grid_defaults_to_most_square():
    assert most_square_grid(2) == (1, 2)
    assert most_square_grid(8) == (2, 4)
    assert most_square_grid(16) == (4, 4)
    assert most_square_grid(32) == (4, 8)
    assert most_square_grid(256) == (16, 16)


def test_directions_with_shared_initials_choose_letters(write_design):
    design = load_design(
        write_design(MINIMAL.replace("[left, right]", "[{name: left, letter: W}, {name: leeward, letter: E}]"))
    )
    assert design.notation.letters == ("W", "E")


def test_card_size_with_units_and_portrait(write_design):
    text = MINIMAL + "print: {card: {width: 2.5in, height: 3.5in}, orientation: portrait, bleed: 0.125in}\n"
    spec = load_design(write_design(text)).print
    assert (spec.width_mm, spec.height_mm, spec.bleed_mm) == (63.5, 88.9, 3.175)


def problems(write_design, text):
    with pytest.raises(SpecError) as info:
        load_design(write_design(text))
    return [str(p) for p in info.value.problems]


def test_too_many_cards_for_a_class_names_file_line_and_key(write_design, tmp_path):
    found = problems(write_design, MINIMAL.replace("{0: 16,", "{0: 17,"))
    assert found == [
        f"{tmp_path / 'design.yaml'}:6: search.red_counts.0: "
        "17 cards with no red head asked for, only 16 exist for 4 heads"
    ]


def test_all_problems_are_reported_at_once(write_design):
    text = (
        MINIMAL.replace("seed: 1", "seed: one")
        .replace("[A, B, C, D]", "[A, B, C, a]")
        .replace("1: 12,", "1: 12, 5: 1,")
    )
    found = problems(write_design, text)
    assert any("heads.4.name: the name 'a' is already used by head 1" in p for p in found)
    assert any("search.seed: expected a whole number, got 'one'" in p for p in found)
    assert any("search.red_counts.5: only 4 heads, so a card has 0 to 4 red heads" in p for p in found)
    assert len(found) == 3


def test_unknown_key_suggests_the_nearest(write_design):
    found = problems(write_design, MINIMAL + "grdi: {rows: 4, cols: 4}\n")
    assert found[0].endswith(
        "grdi: unknown key; did you mean 'grid'? allowed keys in the design: "
        "name, heads, directions, search, grid, rules, print, style, language"
    )
    assert ":7: " in found[0]


def test_many_unknown_keys_are_named_up_to_twenty_then_counted(write_design):
    """100,000 unknown keys in a 1 MB design once took 52 s (the nearest key sought for each) and
    printed 100,000 lines."""
    found = problems(write_design, MINIMAL + "print: {card: poker, " + ", ".join(f"k{i}: 1" for i in range(25)) + "}\n")
    assert len(found) == 21
    assert found[19].endswith("print.k19: unknown key; allowed keys in print: card, orientation, bleed, font, profile")
    assert found[20].endswith(
        "print: 5 more unknown keys in print, not listed; allowed keys: card, orientation, bleed, font, profile"
    )


def test_yaml_syntax_error_has_line_and_column(write_design):
    found = problems(write_design, "name: x\nheads: [A, B\n  directions: {\n")
    assert len(found) == 1 and "not valid YAML (column" in found[0]
    assert ".yaml:3:" in found[0] or ".yaml:4:" in found[0]


@pytest.mark.parametrize(
    "text, expected",
    [
        (MINIMAL.replace("[A, B, C, D]", "[]"), "heads: expected a list of 1 to 8 heads, got a list"),
        (MINIMAL.replace("[A, B, C, D]", "[A, B, C, D, E, F, G, H, I]"), "heads: 9 heads given; allowed: 1 to 8"),
        (
            MINIMAL.replace("[left, right]", "[left, left]"),
            "directions: the two directions must differ; both are 'left'",
        ),
        (
            MINIMAL.replace("[left, right]", "[left, lee]"),
            "directions: 'left' and 'lee' are both written L; give each its own letter",
        ),
        (MINIMAL.replace("[left, right]", "[left]"), "directions: expected a list of exactly two directions"),
        (MINIMAL.replace("seed: 1", "seed: -4"), "search.seed: -4 is out of range; allowed: at least 0"),
        (MINIMAL.replace("{0: 16, 1: 12, 2: 11}", "{0: 0}"), "search.red_counts: asks for no Search cards at all"),
        (
            MINIMAL.replace("{0: 16, 1: 12, 2: 11}", "[16, 12]"),
            "search.red_counts: expected a mapping from red heads to cards",
        ),
        (
            MINIMAL.replace("2: 11}", "2: 97}"),
            "search.red_counts.2: 97 cards with 2 red heads asked for, only 96 exist for 4 heads",
        ),
        (MINIMAL + "grid: {rows: 2, cols: 4}\n", "grid: 2 x 4 = 8 places, but 4 heads make 16 Monuments"),
        (MINIMAL + "rules: {deck_size: 0}\n", "rules.deck_size: 0 is out of range; allowed: from 1 to 65536"),
        (
            MINIMAL + "rules: {long_game: {points: 4}}\n",
            "rules.long_game.points: unknown key; did you mean 'points_to_win'?",
        ),
        (MINIMAL + "print: {card: pokr}\n", "print.card: unknown card size 'pokr'; did you mean 'poker'?"),
        (MINIMAL + "print: {bleed: 3furlongs}\n", "print.bleed: expected a length such as 3mm"),
        (
            MINIMAL + "print: {orientation: sideways}\n",
            "print.orientation: 'sideways' is not allowed; use one of: landscape, portrait",
        ),
        (
            MINIMAL.replace("[A, B, C, D]", "[A, {name: B, look: tide}, C, D]"),
            "heads.2.look: 'tide' is not allowed; use one of: plain, tied",
        ),
        (MINIMAL.replace("[A, B, C, D]", "[A, {name: B, art: nothere.png}, C, D]"), "heads.2.art: no image file at"),
        (MINIMAL + "name: again\n", "name: this key is given twice"),
        ("- just\n- a list\n", "expected a mapping with keys name, heads"),
        (
            MINIMAL.replace("[A, B, C, D]", "[A, B, C, 山田]"),
            "heads.4.name: '山田': the card font (DejaVu Sans Condensed) has no glyph for '山' (U+5C71) at "
            "character 1, '田' (U+7530) at character 2; use letters of the Latin, Greek or Cyrillic alphabets",
        ),
    ],
)
def test_each_kind_of_mistake_has_a_helpful_message(write_design, text, expected):
    found = problems(write_design, text)
    assert any(expected in p for p in found), found


def test_missing_file_and_empty_file(tmp_path, write_design):
    with pytest.raises(SpecError, match="no such design file"):
        load_design(tmp_path / "nope.yaml")
    with pytest.raises(SpecError, match="the file is empty"):
        load_design(write_design(""))
    with pytest.raises(SpecError, match="is a folder"):
        load_design(tmp_path)


def test_yaml_is_loaded_safely(write_design):
    found = problems(write_design, "name: !!python/object/apply:os.system ['echo hi']\n")
    assert "the tag '!!python/object/apply:os.system' is not allowed in a design" in found[0]
    found = problems(write_design, "name: !!python/object:os.system {}\n")
    assert "is not allowed in a design" in found[0]
    found = problems(write_design, "name: !!python/name:os.system ''\n")
    assert "name: the tag '!!python/name:os.system' is not allowed in a design; write a plain value" in found[0]


@pytest.mark.parametrize(
    "text, said",
    [
        ("search:\n  <<: {seed: 1}\n", ":2: search: merge keys (<<) are not allowed in a design; write the keys out"),
        ("name: !mine x\n", ":1: name: the tag '!mine' is not allowed in a design; write a plain value"),
    ],
)
def test_a_merge_key_or_a_tag_of_ones_own_is_named_not_a_constructor(write_design, text, said):
    """PyYAML's words were "could not determine a constructor for the tag 'tag:yaml.org,2002:merge'"."""
    found = problems(write_design, text)
    assert found[0].endswith(said), found


def test_aliases_inside_tagged_collections_are_refused_before_anything_expands(write_design, tmp_path):
    # 501 bytes that once took 36 s and 3.25 GB: aliases under !!omap escaped the alias check
    # and the error message then expanded the value with repr().
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8)
    )
    text = "name: !!omap\n" + "".join(f"  - {line}" for line in bomb.splitlines(keepends=True))
    found = problems(write_design, text)
    assert found == [f"{tmp_path / 'design.yaml'}:2: anchors and aliases (&a) are not allowed in a design; "
                     "write the value out"]  # fmt: skip
    found = problems(write_design, "name: !!omap [{a: 1}, {b: 2}]\n")
    assert "name: the tag '!!omap' is not allowed in a design; write a plain mapping or list" in found[0]


def test_file_names_keep_every_letter_and_never_collide(write_design):
    design = load_design(write_design(MINIMAL.replace("name: Test", "name: Rêve à Göra & Co.")))
    assert design.slug.startswith("rêve-à-göra-co-") and len(design.slug) == len("rêve-à-göra-co-") + 6
    assert design.name == "Rêve à Göra & Co."
    assert slug_of("Mount Rushmore") == "mount-rushmore"
    assert slug_of("Гора Рашмор") == "гора-рашмор"
    names = ["Łukasz & Co", "Łukasz + Co", "Łukasz Co", "Łukasz-Co", "Łukasz  Co", "Гора", "Гора!", "x" * 61, "x" * 60]
    assert len({slug_of(name) for name in names}) == len(names)


def test_a_style_reskins_the_cards_and_every_look_is_accepted(write_design):
    looks = [look.value for look in Look]
    assert len(looks) >= 8
    heads = ", ".join(f"{{name: H{i}, look: {look}}}" for i, look in enumerate(looks[:8]))
    design = load_design(
        write_design(
            MINIMAL.replace("heads: [A, B, C, D]", f"heads: [{heads}]").replace(
                "red_counts: {0: 16, 1: 12, 2: 11}", "red_counts: {0: 16}"
            )
            + "style: {sky: '#a0c8f0', stone: '#5b5148', paper: '#ffffff'}\n"
        )
    )
    assert [h.look.value for h in design.heads] == looks[:8]
    assert design.style.sky == (0.627, 0.784, 0.941)
    assert design.style.stone == (0.357, 0.318, 0.282)
    assert design.style.ink == Style().ink  # untouched keys keep the classic palette


def test_style_errors_name_the_key_and_what_is_allowed(write_design):
    found = problems(write_design, MINIMAL + "style:\n  stone: brown\n  skyy: '#ffffff'\n  paper: '#2b2520'\n")
    assert any(p.endswith("style.stone: expected a colour as #rrggbb (six hex digits), got 'brown'") for p in found)
    assert any("style.skyy: unknown key; did you mean 'sky'?" in p for p in found)
    assert any(
        p.endswith(
            "style.paper: ink against paper has a contrast of 1.0:1; at least 4.5:1 is needed "
            "(text on Search cards must be legible)"
        )
        for p in found
    )
    assert sorted(int(p.split(":")[1]) for p in found) == [8, 9, 10]  # each on its own line


def test_a_head_of_its_own_colours_must_still_stand_out(write_design):
    text = MINIMAL.replace("heads: [A, B, C, D]", "heads: [{name: A, skin: '#5e544a'}, B, C, D]")
    found = problems(write_design, text)
    assert [p.split(": ", 1)[1] for p in found] == [
        "heads.1.skin: skin against the rock has a contrast of 1.4:1; at least 3:1 is needed",
        "heads.1.hair: hair against the skin has a contrast of 1.7:1; at least 3:1 is needed",
    ]
    ok = load_design(
        write_design(MINIMAL.replace("heads: [A, B, C, D]", "heads: [{name: A, hair: '#6a2d12'}, B, C, D]"))
    )
    assert ok.heads[0].hair == (0.416, 0.176, 0.071)


def test_yaml_aliases_are_refused_so_a_billion_laughs_costs_nothing(write_design, tmp_path):
    import resource
    import time

    laughs = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    laughs += [
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]"
        for i in range(8)
    ]
    text = MINIMAL + "rules:\n  " + "\n  ".join(laughs) + "\n"
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    found = problems(write_design, text)
    assert time.perf_counter() - start < 1.0
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 100_000  # KB
    assert any("anchors and aliases (&a) are not allowed in a design" in p for p in found)
    assert all(p.startswith(f"{tmp_path / 'design.yaml'}:") for p in found)


def test_deep_nesting_is_refused_with_its_line(write_design):
    text = MINIMAL + "rules: " + "[" * 40 + "]" * 40 + "\n"
    found = problems(write_design, text)
    assert any("nested more than 12 levels deep" in p for p in found)


def test_nesting_deeper_than_any_parser_stack_is_refused_not_a_crash(write_design):
    # libyaml's C parser recurses per level and kills the process past ~20,000 levels; a file
    # that could nest that deep must be read by the Python parser, which stops with an error.
    text = MINIMAL + "rules:\n" + "- " * 60_000 + "1\n"  # sequences in sequences, 60,000 deep
    found = problems(write_design, text)
    assert found and all(":8:" in p and "nested" in p for p in found)


@pytest.mark.parametrize(
    "damage, expected",
    [
        (lambda t: t.replace("name: Test", "name: Te\x00st").encode(), ":1: contains a NUL character"),
        (lambda t: t.encode("utf-16-le"), "it looks like UTF-16: save it as UTF-8"),
        (lambda t: t.replace("seed: 1", "seed: " + "9" * 5000).encode(), "search.seed: this value cannot be read"),
        (lambda t: t.replace("{0: 16, 1: 12, 2: 11}", "{-1: 4}").encode(), "red_counts.-1: expected a number of red"),
        (lambda t: t.replace("{0: 16, 1: 12, 2: 11}", "{'²': 4}").encode(), "red_counts.²: expected a number of red"),
        (lambda t: (t + "print: {bleed: .nan}\n").encode(), "print.bleed: expected a length such as 3mm, got nan"),
    ],
)
def test_hostile_design_files_get_a_clear_error_not_a_crash(tmp_path, damage, expected):
    path = tmp_path / "design.yaml"
    path.write_bytes(damage(MINIMAL.lstrip("\n")))
    with pytest.raises(SpecError) as info:
        load_design(path)
    assert expected in str(info.value) and str(path) in str(info.value)


def test_names_are_compared_composed_and_case_folded(write_design):
    nfc, nfd = "Jos\u00e9", "Jose\u0301"
    found = problems(write_design, MINIMAL.replace("heads: [A, B, C, D]", f"heads: [{nfc}, B, C, {nfd.upper()}]"))
    assert any("heads.4.name: the name 'JOSÉ' is already used by head 1" in p for p in found)
    found = problems(write_design, MINIMAL.replace("heads: [A, B, C, D]", 'heads: [Ann, B, C, "Ann\\u200b"]'))
    assert any("U+200B (zero width space) at character 4" in p for p in found)
    found = problems(write_design, MINIMAL.replace("heads: [A, B, C, D]", 'heads: ["An\\tn", B, C, D]'))
    assert any("heads.1.name: 'An\\tn' holds U+0009 (a control character) at character 3" in p for p in found)


def test_a_name_is_stored_composed(write_design):
    design = load_design(write_design(MINIMAL.replace("heads: [A, B, C, D]", "heads: [Jose\u0301, B, C, D]")))
    assert design.heads[0].name == "Jos\u00e9"
