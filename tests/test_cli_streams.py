"""Commands that compose: - for standard input and output, -q and -v on every command."""

import json
import os
import subprocess
import sys

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.deck.manifest import to_manifest
from rushmore_print.deck.rows import COLUMNS, card_rows, rows_csv, rows_manifest

from .conftest import MINIMAL, ROOT


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_takes_quiet_and_verbose(name):
    options = {opt for param in cli.commands[name].params for opt in param.opts}
    assert {"-q", "--quiet", "-v", "--verbose"} <= options, name


def test_quiet_and_verbose_together_are_refused(runner):
    result = runner.invoke(cli, ["cards", "-q", "-v"])
    assert result.exit_code == 2 and "give -q (errors only) or -v (more detail), not both" in result.output


@pytest.mark.slow
def test_the_json_listing_piped_into_validate_validates():
    """The shell pipe of the Commands page: two processes, the manifest on standard input."""
    rushmore = f'"{sys.executable}" -m rushmore_print'
    line = f"{rushmore} cards --format json | {rushmore} validate --manifest -"
    result = subprocess.run(
        ["bash", "-c", line], capture_output=True, text=True, cwd=ROOT, env=dict(os.environ, NO_COLOR="1")
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("<stdin>: 16 Monuments, 39 Search cards checked")
    assert result.stdout.rstrip().endswith("valid")


def test_an_edited_manifest_on_stdin_is_refused_naming_the_card(runner, classic, classic_deck):
    manifest = to_manifest(classic_deck, classic.name)
    manifest["search"][0]["answer"] = "M02"
    result = runner.invoke(cli, ["validate", "--manifest", "-", "-q"], input=json.dumps(manifest))
    assert result.exit_code == 1
    assert result.stdout == "" and "error: S01" in result.stderr  # -q: only the errors


def test_a_design_on_stdin_is_read_like_a_file(runner):
    result = runner.invoke(cli, ["validate", "-"], input=MINIMAL)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Test (<stdin>): 16 Monuments, 39 Search cards checked")
    broken = runner.invoke(cli, ["cards", "-"], input=MINIMAL.replace("heads: [A, B, C, D]", "heads: 4"))
    assert broken.exit_code == 1 and broken.stderr.startswith("error: <stdin>:3: heads:")


def test_cards_write_a_file_or_standard_output_the_same(runner, tmp_path):
    out = tmp_path / "deck.csv"
    to_file = runner.invoke(cli, ["cards", "--format", "csv", "-o", str(out)])
    to_stdout = runner.invoke(cli, ["cards", "--format", "csv", "-o", "-"])
    assert to_file.exit_code == to_stdout.exit_code == 0
    assert to_file.stdout == "" and f"wrote {out}: 55 cards" in to_file.stderr
    assert out.read_text() == to_stdout.stdout == runner.invoke(cli, ["cards", "--format", "csv"]).stdout
    assert runner.invoke(cli, ["cards", "-o", str(tmp_path / "x.csv"), "-q"]).stderr == ""


def test_one_row_model_feeds_csv_and_manifest(classic, classic_deck):
    rows = card_rows(classic_deck)
    assert rows_csv(rows).splitlines()[0] == ",".join(COLUMNS)
    assert rows_manifest(rows, classic_deck, classic.name) == to_manifest(classic_deck, classic.name)
    by_id = {m.id: m for m in classic_deck.monuments}
    for row in rows[16:]:
        assert row.answer_notation == classic_deck.notation.monument(by_id[row.answer].faces)
        assert row.red_count == sum(row.red_heads) and row.cells()[3] == str(row.red_count)


def test_the_rules_as_markdown_go_to_stdout_or_a_file(runner, tmp_path):
    bare = runner.invoke(cli, ["rulebook", "--markdown"])
    dash = runner.invoke(cli, ["rulebook", "--markdown", "-"])
    out = tmp_path / "RULES.md"
    to_file = runner.invoke(cli, ["rulebook", "--markdown", str(out)])
    assert bare.exit_code == dash.exit_code == to_file.exit_code == 0
    assert bare.stdout == dash.stdout == out.read_text() and bare.stdout.startswith("# ")
    design = tmp_path / "mine.yaml"
    design.write_text(MINIMAL)
    refused = runner.invoke(cli, ["rulebook", "--markdown", str(design)])
    assert refused.exit_code == 2 and "looks like a design" in refused.output and design.read_text() == MINIMAL


@pytest.mark.parametrize(
    "argv",
    [["build"], ["export", "png"], ["rulebook"], ["calibrate"], ["impose", "cards/"]],
    ids=lambda argv: argv[0],
)
def test_a_folder_output_to_stdout_is_refused(runner, tmp_path, argv):
    result = runner.invoke(cli, [*argv, "-o", "-"])
    assert result.exit_code == 2
    assert "writes several files into a folder; - (standard output) holds one file" in result.output
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("argv", [["-", "--players", "a,b"], ["--players", "a,b", "--log", "-"], ["--resume", "-"]])
def test_play_keeps_standard_input_for_the_game(runner, argv):
    result = runner.invoke(cli, ["play", *argv])
    assert result.exit_code == 2 and ("standard input" in result.output)


@pytest.mark.slow
def test_build_quiet_prints_nothing_and_verbose_says_more(runner, tmp_path, write_design):
    design = write_design(MINIMAL)
    args = ["build", str(design), "--paper", "a4", "--layout", "fronts"]
    quiet = runner.invoke(cli, [*args, "-o", str(tmp_path / "q"), "-q"])
    assert quiet.exit_code == 0 and quiet.stdout == "" and quiet.stderr == ""
    assert sorted(p.name for p in (tmp_path / "q").iterdir())  # the files were written all the same
    loud = runner.invoke(cli, [*args, "-o", str(tmp_path / "v"), "-v"])
    assert loud.exit_code == 0 and "  writing " in loud.stderr
    assert f"design: Test ({design})" in loud.stderr and "done in " in loud.stderr
    assert "wrote" in loud.stdout


def test_check_quiet_answers_by_exit_code_alone(runner):
    yes, no = runner.invoke(cli, ["check", "LR*RL", "LLRL", "-q"]), runner.invoke(cli, ["check", "S17", "M05", "-q"])
    assert (yes.exit_code, yes.output, no.exit_code, no.output) == (0, "", 1, "")
