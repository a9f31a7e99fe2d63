import csv
import io
import json

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.deck.manifest import to_manifest

from .conftest import MINIMAL


def test_cards_table_lists_every_card(runner):
    result = runner.invoke(cli, ["cards"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Mount Rushmore: 16 Monuments, 39 Search cards"
    assert sum(1 for line in lines if line.startswith("M")) == 17  # 16 cards + the title line
    assert sum(1 for line in lines if line[:1] == "S") == 39


def test_cards_json_is_the_manifest(runner, classic, classic_deck):
    result = runner.invoke(cli, ["cards", "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.output) == to_manifest(classic_deck, classic.name)


def test_cards_csv_and_level_filter(runner):
    result = runner.invoke(cli, ["cards", "--format", "csv", "--level", "advanced"])
    rows = list(csv.DictReader(io.StringIO(result.output)))
    search = [r for r in rows if r["kind"] == "search"]
    assert len(search) == 28 and {r["level"] for r in search} == {"basic", "advanced"}
    assert sum(r["kind"] == "monument" for r in rows) == 16


def test_validate_classic_passes(runner):
    result = runner.invoke(cli, ["validate", "--strict"])
    assert result.exit_code == 0
    assert "39 Search cards checked" in result.output
    assert "every Search card matches exactly one Monument" in result.output
    assert "pools: Basic 16, Advanced 28, Expert 39" in result.output
    assert result.output.rstrip().endswith("valid")


def test_validate_json_report(runner):
    data = json.loads(runner.invoke(cli, ["validate", "--format", "json"]).output)
    assert data["ok"] is True and data["errors"] == [] and data["pools"] == {"basic": 16, "advanced": 28, "expert": 39}


def test_validate_a_broken_manifest_exits_1(runner, tmp_path, classic, classic_deck):
    manifest = to_manifest(classic_deck, classic.name)
    manifest["search"][0]["level"] = "advanced"
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(manifest))
    result = runner.invoke(cli, ["validate", "--manifest", str(path)])
    assert result.exit_code == 1
    assert "error: S01: level says advanced, but a card with 0 red heads is basic" in result.output
    assert "NOT VALID: 1 problem" in result.output


def test_spec_errors_go_to_stderr_with_exit_1(runner, write_design, tmp_path):
    path = write_design(MINIMAL.replace("{0: 16,", "{0: 17,"))
    result = runner.invoke(cli, ["cards", str(path)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {path}:6: search.red_counts.0: 17 cards with no red head asked for, only 16 exist for 4 heads\n"
    )
    assert result.stdout == ""


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("name: x\nheads: [a, b\n", "not valid YAML (column"),
        (MINIMAL + "colour: red\n", "colour: unknown key"),
        (MINIMAL.replace("seed: 1", "seed: [1]"), "search.seed: expected a whole number, got a list"),
        (MINIMAL.replace("[A, B, C, D]", "[A, B, C, A]"), "heads.4.name: the name 'A' is already used by head 1"),
        (
            MINIMAL.replace("2: 11}", "2: 99}"),
            "search.red_counts.2: 99 cards with 2 red heads asked for, only 96 exist",
        ),
    ],
)
def test_every_class_of_design_error_is_a_clean_message(runner, write_design, text, fragment):
    result = runner.invoke(cli, ["validate", str(write_design(text))])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ") and fragment in result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_missing_design_file(runner, tmp_path):
    result = runner.invoke(cli, ["cards", str(tmp_path / "gone.yaml")])
    assert result.exit_code == 1
    assert result.stderr == f"error: {tmp_path / 'gone.yaml'}: no such design file\n"


def test_bad_usage_exits_2(runner, tmp_path):
    assert runner.invoke(cli, ["cards", "--format", "xml"]).exit_code == 2
    assert runner.invoke(cli, ["validate", "x.yaml", "--manifest", "y.json"]).exit_code == 2
    assert runner.invoke(cli, ["nonsense"]).exit_code == 2


def test_help_has_examples(runner):
    for command in (["--help"], ["cards", "--help"], ["validate", "--help"]):
        result = runner.invoke(cli, command)
        assert result.exit_code == 0 and "Examples:" in result.output


@pytest.mark.slow
def test_build_leaves_out_a_default_layout_the_card_cannot_fold_onto_and_says_so(runner, write_design, tmp_path):
    """--layout by default (both): the gutter-fold sheet a large card does not fit is left out, with a
    note; asked for by name, it is refused."""
    path = write_design("""
        name: Big
        heads: [A, B]
        directions: [left, right]
        search: {seed: 1, red_counts: {0: 4}}
        print: {card: {width: 150mm, height: 150mm}}
    """)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", str(path), "-o", str(out), "--paper", "a4"])
    assert result.exit_code == 0, result.output
    assert "note: the card does not fit A4 paper in the gutterfold layout; that file is left out" in result.stderr
    sheets = sorted(p.name for p in out.iterdir() if "_a4_" in p.name)
    assert [name.split("_a4_")[1] for name in sheets] == ["duplex.pdf"]
    named = runner.invoke(
        cli, ["build", str(path), "-o", str(tmp_path / "x"), "--paper", "a4", "--layout", "gutterfold"]
    )
    assert named.exit_code == 1 and "choose --layout duplex" in named.stderr


def test_validate_refuses_what_build_would_refuse(runner, write_design):
    path = write_design("""
        name: Big
        heads: [A, B]
        directions: [left, right]
        search: {seed: 1, red_counts: {0: 4}}
        print: {card: {width: 200mm, height: 200mm}}
    """)
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert ": a 200 x 200 mm card with 3 mm bleed does not fit on A4 paper; use a smaller card" in result.stderr


def test_table_refuses_a_game_it_cannot_run_before_it_serves(runner, tmp_path):
    """The game options play and table share are checked alike (exit 2, nothing served): one
    screen records who took each card and never a wrong claim, so the penalty rule has nothing
    to act on; a resumed game keeps its own log and its logged options."""
    log, other = tmp_path / "g.jsonl", tmp_path / "h.jsonl"
    cases = [
        (["--players", "ann,bob", "--one-screen", "--penalty"], "--penalty needs each wrong claim"),
        (["--players", "ann,bob", "-"], "give DESIGN as a file"),
        ([], "name the players, e.g. --players ann,bob,cy"),
        (["--resume", str(log), "--log", str(other)], "--resume continues its own log; --log does not apply"),
    ]
    for args, message in cases:
        result = runner.invoke(cli, ["table", *args])
        assert result.exit_code == 2 and message in result.output, (args, result.output)
    started = runner.invoke(cli, ["play", "--players", "ann,bob", "--seed", "1", "--log", str(log)], input="quit\n")
    assert started.exit_code == 0, started.output
    clash = runner.invoke(cli, ["table", "--resume", str(log), "--seed", "2", "--penalty"])
    assert clash.exit_code == 2
    assert "cannot change: seed 2 (the logged game has 1); penalty True (the logged game has False)" in clash.output
    assert not other.exists()


def test_usage_mistakes_the_library_finds_are_usage_errors(runner, tmp_path):
    """An OptionsError raised below the CLI (impose's backs, export's options) is reported as click
    reports its own: the usage line, the message, exit 2; and nothing is written."""
    back, backs = tmp_path / "back.png", tmp_path / "backs"
    back.write_bytes(b"")
    backs.mkdir()
    out = tmp_path / "out"
    cases = [
        (
            ["impose", str(tmp_path), "--back", str(back), "--backs", str(backs), "-o", str(out)],
            "give --back (one image for every card) or --backs (a folder), not both",
        ),
        (["export", "mpc", "--url-base", "https://example.org/c", "-o", str(out)], "--url-base applies to tts only"),
    ]
    for args, message in cases:
        result = runner.invoke(cli, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.startswith("Usage: ") and f"Error: {message}" in result.stderr
    assert not out.exists()


def test_export_no_bleed_is_the_deprecated_spelling_of_bleed_0(runner, tmp_path):
    both = runner.invoke(cli, ["export", "png", "--no-bleed", "--bleed", "3mm", "-o", str(tmp_path / "a")])
    assert both.exit_code == 2 and "give --bleed or --no-bleed, not both" in both.stderr
    tgc = runner.invoke(cli, ["export", "tgc", "--no-bleed", "-o", str(tmp_path / "b")])
    assert (
        tgc.exit_code == 2 and "--no-bleed is deprecated and will go in the next release; use --bleed 0" in tgc.stderr
    )
    assert "--bleed applies to png and svg only, not to tgc" in tgc.stderr  # it is --bleed 0, which tgc does not take
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
