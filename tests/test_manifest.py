import copy
import json
from pathlib import Path

import pytest
import yaml

from rushmore_print.deck.manifest import read_manifest, to_manifest, validate_manifest
from rushmore_print.errors import SpecError


@pytest.fixture
def manifest(classic, classic_deck):
    return to_manifest(classic_deck, classic.name)


def judge(tmp_path, data, suffix=".json"):
    path = tmp_path / f"manifest{suffix}"
    path.write_text(json.dumps(data) if suffix == ".json" else yaml.safe_dump(data))
    return validate_manifest(path)


def messages(report):
    return [str(e) for e in report.errors]


def test_manifest_has_the_documented_shape(manifest):
    assert list(manifest) == ["design", "heads", "directions", "monuments", "search"]
    assert manifest["monuments"][0] == {"id": "M01", "faces": ["left"] * 4}
    assert set(manifest["search"][0]) == {"id", "faces", "red", "level", "answer"}


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_a_generated_manifest_round_trips_and_is_valid(tmp_path, manifest, classic_deck, suffix):
    report = judge(tmp_path, manifest, suffix)
    assert report.ok(strict=True)
    path = tmp_path / f"manifest{suffix}"
    deck, findings = read_manifest(path)
    assert findings == [] and deck.search == classic_deck.search and deck.monuments == classic_deck.monuments


def test_missing_monument_leaves_its_search_cards_without_a_match(tmp_path, manifest):
    removed = manifest["monuments"].pop(4)  # M05, LRLL
    orphans = [c["id"] for c in manifest["search"] if c["answer"] == removed["id"]]
    found = messages(judge(tmp_path, manifest))
    assert "no Monument shows LRLL (canonically M05); all 16 combinations are needed" in found
    for card in orphans:
        assert any(m.startswith(f"{card}: ") and "matches no Monument" in m for m in found)


def test_duplicated_monument_gives_two_matches(tmp_path, manifest):
    manifest["monuments"][5]["faces"] = list(manifest["monuments"][4]["faces"])
    found = messages(judge(tmp_path, manifest))
    assert "M06: shows LRLL, the same as M05; each combination must appear once" in found
    assert any("matches 2 Monuments (M05, M06); exactly one is allowed" in m for m in found)


def test_wrong_answer_is_named(tmp_path, manifest):
    card = manifest["search"][20]
    right = card["answer"]
    card["answer"] = "M01" if right != "M01" else "M02"
    found = messages(judge(tmp_path, manifest))
    assert len(found) == 1 and found[0].startswith(f"{card['id']}: answer says {card['answer']}, but ")
    assert found[0].endswith(f"matches {right}")


def test_wrong_level_is_named(tmp_path, manifest):
    manifest["search"][0]["level"] = "expert"
    assert messages(judge(tmp_path, manifest)) == ["S01: level says expert, but a card with 0 red heads is basic"]


def test_duplicated_search_card_is_named(tmp_path, manifest):
    twin = copy.deepcopy(manifest["search"][3])
    twin["id"] = "S40"
    manifest["search"].append(twin)
    found = messages(judge(tmp_path, manifest))
    assert any(m.startswith("S40: is the same card as S04") for m in found)


def test_face_that_is_not_a_direction(tmp_path, manifest):
    manifest["search"][9]["faces"][1] = "up"
    assert "S10: faces.2: 'up' is not a direction; use left or right" in messages(judge(tmp_path, manifest))


def test_wrong_number_of_faces(tmp_path, manifest):
    manifest["monuments"][2]["faces"].append("left")
    manifest["search"][2]["faces"].pop()
    found = messages(judge(tmp_path, manifest))
    assert "M03: has 5 faces; every card has 4 (one per head)" in found
    assert "S03: red has 4 entries but faces has 3" in found


def test_a_file_that_is_not_a_manifest(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"design": "x"}')
    with pytest.raises(SpecError, match="heads: missing"):
        validate_manifest(path)
    with pytest.raises(SpecError, match="no such manifest file"):
        validate_manifest(tmp_path / "none.json")


JUNK = [None, "", " ", 0, -1, 2**70, 1.5, True, [], {}, ["left"], ["", "right"], "left", {"id": "M01"}, "\u00e9" * 300]


def _mutate(data, rng):
    """One random change somewhere in a manifest: a value replaced, a key dropped, a list cut."""
    node = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return
        key = rng.choice(keys)
        child = node[key]
        if isinstance(child, (dict, list)) and child and rng.random() < 0.6:
            node = child
            continue
        action = rng.random()
        if action < 0.15 and isinstance(node, dict):
            del node[key]
        elif action < 0.25 and isinstance(child, list) and child:
            del child[rng.randrange(len(child)) :]
        else:
            node[key] = copy.deepcopy(rng.choice(JUNK))
        return


@pytest.mark.slow
def test_two_hundred_mutated_manifests_get_a_verdict_never_a_crash(tmp_path, manifest, runner):
    from random import Random

    from rushmore_print.cli.commands import cli

    rng = Random(12)
    verdicts = {0: 0, 1: 0}
    for number in range(200):
        data = copy.deepcopy(manifest)
        for _ in range(rng.randint(1, 3)):
            _mutate(data, rng)
        path = tmp_path / f"m{number}.json"
        path.write_text(json.dumps(data))
        result = runner.invoke(cli, ["validate", "--manifest", str(path)])
        crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
        assert result.exit_code in verdicts and not crashed, (number, data, result.output, result.exception)
        verdicts[result.exit_code] += 1
    assert verdicts[1] > 150, verdicts


def test_a_manifest_with_too_many_heads_is_refused_at_once(tmp_path, manifest):
    data = dict(manifest, heads=[f"h{i}" for i in range(24)])
    with pytest.raises(SpecError, match="heads: 24 heads; allowed: 1 to 8"):
        judge(tmp_path, data)
    data = dict(manifest, directions=["", "right"])
    with pytest.raises(SpecError, match="directions: expected two different, non-empty direction names"):
        judge(tmp_path, data)


# --------------------------------------------------------------------------- bounded and linear (issue 20)


def test_more_monuments_than_the_heads_allow_are_refused_before_any_card_is_read(tmp_path, manifest):
    data = dict(manifest, monuments=manifest["monuments"] * 2)
    with pytest.raises(SpecError) as raised:
        judge(tmp_path, data)
    assert (
        str(raised.value)
        == f"{tmp_path / 'manifest.json'}:1: monuments: 32 entries; a deck of 4 heads has 2^4 = 16 Monuments"
    )


def test_more_search_cards_than_there_are_different_ones_are_refused(tmp_path, manifest):
    data = dict(manifest, search=manifest["search"] * 7)  # 7 x 39 = 273 > 4^4
    with pytest.raises(SpecError, match=r"search: 273 entries; a deck of 4 heads has at most 4\^4 = 256 different"):
        judge(tmp_path, data)


@pytest.mark.slow
def test_the_index_gives_the_verdicts_of_the_literal_rule_against_every_monument(tmp_path, manifest):
    """The indexed check against a brute-force judge (the rule against every Monument) on decks
    with missing, doubled and wrong Monuments and cards of every kind."""
    from random import Random

    from rushmore_print.deck.validate import validate_deck
    from rushmore_print.model import matches

    rng = Random(4)
    for _ in range(30):
        data = copy.deepcopy(manifest)
        for monument in rng.sample(data["monuments"], 3):
            monument["faces"] = [rng.choice(["left", "right"]) for _ in range(4)]
        for card in rng.sample(data["search"], 5):
            card["red"] = [rng.random() < 0.4 for _ in range(4)]
        path = tmp_path / "m.json"
        path.write_text(json.dumps(data))
        deck, _ = read_manifest(path)
        for card in deck.search:
            brute = [m.id for m in deck.monuments if matches(card.faces, card.red, m.faces)]
            said = [str(e) for e in validate_deck(deck).errors if e.card == card.id]
            if len(brute) == 1 and card.answer == brute[0]:
                assert not any("match" in s for s in said), said
            elif not brute:
                assert any("matches no Monument" in s for s in said), said
            elif len(brute) > 1:
                assert any(f"matches {len(brute)} Monuments ({', '.join(brute)})" in s for s in said), said
            else:
                assert any(f"answer says {card.answer}, but" in s for s in said), said


def test_ids_and_values_with_terminal_escapes_are_quoted_escaped(tmp_path, manifest, runner):
    from rushmore_print.cli.commands import cli

    manifest["search"][0].update(id="S01\x1b]0;pwned\x07", level="expert")
    manifest["search"][1]["answer"] = "M\x1b[2J"
    manifest["monuments"][2]["id"] = "M03\u202e"
    manifest["search"][2]["level"] = "\x1b[31mred"
    manifest["search"][3]["faces"][0] = "\x9bup"
    path = tmp_path / "m.json"
    path.write_text(json.dumps(manifest))
    result = runner.invoke(cli, ["validate", "--manifest", str(path)])
    assert result.exit_code == 1
    assert not any(c in result.output for c in "\x1b\x07\x9b\u202e"), result.output
    assert "  error: 'S01\\x1b]0;pwned\\x07': level says expert, but a card with 0 red heads is basic" in result.output
    assert "error: S05: answer says M03, but LLRL matches 'M03\\u202e'" in result.output
    assert "answer says 'M\\x1b[2J', but" in result.output
    assert "S03: level: '\\x1b[31mred' is not a level; use basic, advanced or expert" in result.output
    assert "S04: faces.1: '\\x9bup' is not a direction; use left or right" in result.output
    data = dict(manifest, directions=["left\x1b[0m", "right"])
    path.write_text(json.dumps(data))
    result = runner.invoke(cli, ["validate", "--manifest", str(path)])
    assert result.exit_code == 1 and "\x1b" not in result.output
    assert "directions: 'left\\x1b[0m' holds a control character; a direction is a word such as left" in result.output


def test_a_long_id_is_cut_in_the_message(tmp_path, manifest):
    manifest["search"][0]["id"] = "S" * 5000
    found = messages(judge(tmp_path, manifest))
    assert found == [] or all(len(m) < 400 for m in found)
    manifest["search"][0]["level"] = "expert"
    (message,) = messages(judge(tmp_path, manifest))
    assert message.startswith("'SSSS") and "…' (5000 characters): level says expert" in message


def test_a_yaml_manifest_over_a_megabyte_is_refused_with_the_way_out(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("design: x\nheads: [" + ", ".join(["a" * 20] * 60_000) + "]\n")
    with pytest.raises(SpecError) as raised:
        validate_manifest(path)
    assert str(raised.value) == (
        f"{path}: {path.stat().st_size:,} bytes of YAML (or of JSON that does not parse); "
        "a YAML manifest may be at most 1,000,000 bytes: "
        "write a larger one as JSON, as rushmore cards --format json does"
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" * 200_000 + "]" * 200_000, "nested hundreds of levels deep; a manifest nests 4 levels"),
        ('{"a":' * 100_000 + "1" + "}" * 100_000, "nested hundreds of levels deep; a manifest nests 4 levels"),
        ("design: x\nheads: " + "[" * 5000 + "]" * 5000, "nested more than 6 levels deep; a manifest nests 4 levels"),
    ],
    ids=["JSON lists", "JSON objects", "YAML flow"],
)
def test_a_deeply_nested_manifest_is_refused_before_it_is_read(tmp_path, text, message):
    path = tmp_path / "m.json"
    path.write_text(text)
    with pytest.raises(SpecError) as raised:
        validate_manifest(path)
    assert str(raised.value) == f"{path}: {message}"


@pytest.mark.parametrize("position", [0, 7, 15], ids=["the first", "a middle", "the last"])
@pytest.mark.parametrize("suffix", [".json", ".yaml", ".csv", ".xlsx", ".ods"])
def test_every_monument_is_required_the_last_too(tmp_path, classic_deck, suffix, position):
    """Issue 36: only M05's absence was tested; a completeness check that stopped one short of the
    end (``range(2**heads - 1)``) passed the whole suite. Each format, each end of the list."""
    from dataclasses import replace

    from rushmore_print.deck.rows import Listing, card_rows, listing

    missing = classic_deck.monuments[position]
    deck = replace(classic_deck, monuments=classic_deck.monuments[:position] + classic_deck.monuments[position + 1 :])
    rows = card_rows(deck)
    path = tmp_path / f"deck{suffix}"
    if suffix == ".yaml":
        path.write_text(yaml.safe_dump(to_manifest(deck, "classic")))
    else:
        form = Listing.JSON if suffix == ".json" else Listing(suffix[1:])
        data = listing(rows, deck, "classic", form)
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
    notation = classic_deck.notation.monument(missing.faces)
    found = messages(validate_manifest(path))
    assert any(f"no Monument shows {notation} (canonically {missing.id}); all 16 combinations" in m for m in found)


@pytest.mark.parametrize(
    "red",
    [[1, 0, 0, 0], [0, 0, 0, 0], ["true", "false", "false", "false"], [None, False, False, False], [1.0, 0, 0, 0],
     "true", True, None, {"0": True}],
    ids=repr,
)  # fmt: skip
@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_red_marks_that_are_not_booleans_are_refused(tmp_path, manifest, red, suffix):
    """Issue 36: ``red:`` values that are not booleans were refused, untested: 1 and 0 (which a
    truth test would read as true and false) must not pass as red marks."""
    manifest["search"][0]["red"] = red
    report = judge(tmp_path, manifest, suffix)
    assert "S01: red: expected a list of true/false, one per head" in messages(report)
    assert not report.ok()


def test_a_key_given_twice_is_refused_at_its_line(tmp_path, manifest):
    """json.loads takes the last of two keys alike: a card would be judged by a value its maker
    may not have meant. Refused by line and key, at the top and inside a card alike."""
    text = json.dumps(manifest, indent=2)
    path = tmp_path / "twice.json"
    path.write_text(text.replace('"design":', '"design": "other",\n  "design":', 1))
    with pytest.raises(SpecError, match=r"twice.json:3: design: this key is given twice"):
        validate_manifest(path)
    fifth = text.index('"red"', text.index(f'"id": "{manifest["search"][4]["id"]}"'))
    path.write_text(text[:fifth] + '"red": [true, true, true, true],\n      ' + text[fifth:])
    line = text[:fifth].count("\n") + 2
    with pytest.raises(SpecError, match=rf"twice.json:{line}: search.5.red: this key is given twice"):
        validate_manifest(path)


def test_a_manifest_of_millions_of_objects_is_refused_before_it_is_parsed(tmp_path):
    """Each object or list costs the JSON parser some 70 bytes: 13 million ``{}`` in 39 MB were
    985 MB. They are counted first (strings left out), and more than the largest deck holds is
    refused, naming the file; braces inside strings are not counted."""
    from rushmore_print.deck.manifest import MOST_CONTAINERS
    from rushmore_print.readers.jsontext import containers

    assert containers('{"id": "{[{[\\"{", "x": [{}]}', 100) == 3  # an escaped quote does not end the string
    assert containers("[]" * 50, 10) == 11  # counted no further than the bound
    many = tmp_path / "many.json"
    many.write_text('{"design": "x", "monuments": [' + ",".join(["{}"] * (MOST_CONTAINERS + 1)) + "]}")
    with pytest.raises(SpecError, match=rf"many.json: more than {MOST_CONTAINERS:,} objects and lists; a manifest"):
        validate_manifest(many)
    braces = tmp_path / "braces.json"  # as many braces, all in a string: read as usual
    braces.write_text('{"design": "' + "{" * (MOST_CONTAINERS + 1) + '"}')
    with pytest.raises(SpecError, match="heads: missing"):
        validate_manifest(braces)
    limits = Path(__file__).resolve().parent.parent / "docs" / "reference" / "design-file.md"
    assert f"{MOST_CONTAINERS:,} objects and lists" in limits.read_text()  # the reference says the bound
