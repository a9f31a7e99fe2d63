"""README, docs and code cannot drift apart: every example of the README and of the Commands page
runs (with the core install alone: every extra's modules hidden), every --help explains itself,
and RULES.md is what the rulebook content says."""

import os
import re
import shlex
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from rushmore_print.cli.commands import cli
from rushmore_print.extras import EXTRAS

from .conftest import ROOT
from .docpages import README, command_lines, first_block, page, section

COMMANDS = page("guide/commands.md")
# What ``pip install -e .`` (the README's first command) leaves out: the extras' modules.
EXTRA_MODULES = sorted({module for needs in EXTRAS.values() for module in needs.modules})


def readme_examples() -> list[str]:
    """The command lines of the README's block of one example a command, in order."""
    return [line for line, _ in command_lines(first_block(section(README, "## The commands, one example each")))]


def page_examples() -> list[str]:
    """The command lines of the Examples block of the Commands page, in order."""
    return [line for line, _ in command_lines(first_block(section(COMMANDS, "## Examples")))]


def test_the_readme_starts_with_the_two_commands():
    block = first_block(README)
    assert README.startswith("# rushmore-print\n\n```sh\n")
    assert "python -m pip install -e . && rushmore build" in block
    assert "python -m pip install -e '.[test]' && python -m pytest" in block


def test_the_readme_is_a_door_of_at_most_300_lines():
    assert len(README.splitlines()) <= 300


def test_the_readme_shows_one_example_of_every_command():
    shown = {line.split("| ")[-1].split()[1] for line in readme_examples()}
    assert shown | {"table"} == set(cli.commands), set(cli.commands) ^ shown  # `table` serves: in prose
    assert "`rushmore table --players" in README


def run_in_order(examples: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain ``rushmore ...`` lines run in-process through click; lines with a pipe or a
    redirection run in bash with ``rushmore`` as this Python's command line. Both run as the core
    install does: ``import`` of an extra's module fails, as if it were not installed."""
    for module in EXTRA_MODULES:
        monkeypatch.setitem(sys.modules, module, None)
    hidden = "".join(f"sys.modules[{module!r}] = None; " for module in EXTRA_MODULES)
    code = f"import sys; {hidden}from rushmore_print.cli import main; sys.argv[0] = 'rushmore'; main()"
    runner = CliRunner()
    prelude = f'rushmore() {{ "{sys.executable}" -c {shlex.quote(code)} "$@"; }}\nset -o pipefail\n'
    for line in examples:
        if re.search(r"[|>]", line):
            result = subprocess.run(["bash", "-c", prelude + line], capture_output=True, text=True,
                                    env=dict(os.environ, NO_COLOR="1"))  # fmt: skip
            assert result.returncode == 0, (line, result.stdout[-500:], result.stderr[-500:])
        else:
            words = shlex.split(line)
            assert words[0] == "rushmore", line
            outcome = runner.invoke(cli, words[1:])
            assert outcome.exit_code == 0, (line, outcome.output[-500:])


@pytest.mark.slow
def test_every_readme_example_runs_in_order_in_an_empty_folder(tmp_path, monkeypatch):
    examples = readme_examples()
    assert len(examples) >= 12
    monkeypatch.chdir(tmp_path)
    run_in_order(examples, monkeypatch)
    assert (tmp_path / "output" / "mygame" / "rushmore-junior_cards_a4_duplex.pdf").is_file()
    assert (tmp_path / "output" / "png" / "M16.png").is_file() and (tmp_path / "output" / "preview.html").is_file()
    assert (tmp_path / "output" / "RULES.md").read_text("utf-8") == (ROOT / "RULES.md").read_text("utf-8")


@pytest.mark.slow
def test_every_example_of_the_commands_page_runs_in_order_in_an_empty_folder(tmp_path, monkeypatch):
    examples = page_examples()
    assert len(examples) >= 12
    monkeypatch.chdir(tmp_path)
    run_in_order(examples, monkeypatch)
    assert (tmp_path / "output" / "mount-rushmore_cards_a4_duplex.pdf").is_file()
    assert (tmp_path / "output" / "monuments_a4_duplex.pdf").is_file()
    assert (tmp_path / "output" / "RULES.md").read_text("utf-8") == (ROOT / "RULES.md").read_text("utf-8")


def test_the_readme_counts_the_examples_of_the_commands_page_right():
    (stated,) = re.findall(r"card notation, (\d+) examples \|", README)
    assert int(stated) == len(page_examples())


def test_the_readme_answer_example_says_what_the_code_says(runner):
    assert runner.invoke(cli, ["answer", "LR*RL"]).output == "LR*RL matches M03 (LLRL)\n"
    assert "# LR*RL matches M03 (LLRL)" in README and "# LR*RL matches M03 (LLRL)" in COMMANDS


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_has_help_with_examples_and_every_option_explained(runner, name):
    result = runner.invoke(cli, [name, "--help"])
    assert result.exit_code == 0
    assert "\nExamples:\n" in result.output.replace("  Examples:", "Examples:")
    examples = result.output.split("Examples:\n")[1].split("\n\n")[0].splitlines()
    assert examples and all(line.startswith("    rushmore ") or "| rushmore " in line for line in examples), examples
    for param in cli.commands[name].params:
        if isinstance(param, click.Option) and not param.hidden:
            assert param.help, f"{name} {param.opts} has no help"
    assert f"rushmore {name}" in README, f"the README does not show `rushmore {name}`"


def test_rules_md_is_the_rulebook_of_the_classic_design(runner):
    result = runner.invoke(cli, ["rulebook", "--markdown"])
    assert result.exit_code == 0
    assert result.output == (ROOT / "RULES.md").read_text("utf-8"), (
        "regenerate: rushmore rulebook --markdown > RULES.md"
    )
    assert re.search(r"^## Finding the match$", result.output, re.M)
    assert re.search(r"^## The next level: red heads$", result.output, re.M)


def _complete(**env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rushmore_print"], capture_output=True, text=True,
                          env=dict(os.environ, **env))  # fmt: skip


@pytest.mark.parametrize(
    "shell, opening, hook",
    [
        ("bash", "_rushmore_completion() {", "complete -o nosort -F _rushmore_completion rushmore"),
        ("zsh", "#compdef rushmore", "compdef _rushmore_completion rushmore"),
        ("fish", "function _rushmore_completion", "complete --no-files --command rushmore"),
    ],
)
def test_completion_is_documented_and_returns_the_script(shell, opening, hook):
    assert 'eval "$(_RUSHMORE_COMPLETE=bash_source rushmore)"' in COMMANDS
    result = _complete(_RUSHMORE_COMPLETE=f"{shell}_source")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(opening) and hook in result.stdout, result.stdout[:300]


@pytest.mark.slow
def test_completion_completes_a_command_and_its_options():
    assert _complete(_RUSHMORE_COMPLETE="bash_complete", COMP_WORDS="rushmore ex", COMP_CWORD="1").stdout == (
        "plain,export\n"
    )
    options = _complete(_RUSHMORE_COMPLETE="bash_complete", COMP_WORDS="rushmore export --u", COMP_CWORD="2")
    assert options.returncode == 0 and options.stdout.split() == ["plain,--url-base"]
