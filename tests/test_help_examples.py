"""Every example in every --help runs and exits as the help says (0, or the ``# exit N`` it states)."""

import os
import re
import shlex
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from rushmore_print.cli.commands import cli

from .docpages import first_block, page, section

KEYBOARD = "quit\n"  # what the game master types when an example of play waits for the keyboard


SERVES = None  # the exit of an example that serves until Ctrl-C: it is parsed, never run


def help_examples(argv: list[str]) -> list[tuple[str, int | None]]:
    """(command line, exit code) of each example in the help of ``rushmore ARGV``: 0, the
    ``# exit N`` its comment states, or :data:`SERVES` for ``# serves until Ctrl-C``."""
    text = CliRunner().invoke(cli, [*argv, "--help"], terminal_width=200).output
    block = text.split("Examples:\n", 1)[1].split("\n\n", 1)[0]
    examples = []
    for line in block.splitlines():
        command, _, comment = line.strip().partition("  #")
        stated = re.search(r"\bexit (\d+)", comment)
        code = SERVES if "until Ctrl-C" in comment else int(stated.group(1)) if stated else 0
        examples.append((command.strip(), code))
    return examples


def every_example() -> list[tuple[str, str, int | None]]:
    return [(" ".join(argv) or "rushmore", line, code) for argv in [[], *([n] for n in sorted(cli.commands))]
            for line, code in help_examples(argv)]  # fmt: skip


def test_the_examples_are_read_and_state_their_exits():
    found = every_example()
    assert len(found) >= 30
    assert ("check", "rushmore check S17 M05", 1) in found and ("check", 'rushmore check "LR*RL" LLRL', 0) in found
    assert all(line.startswith("rushmore ") or "| rushmore " in line for _, line, _ in found)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    """An empty folder with the example designs, the card images impose's examples name, the
    CSV manifest validate's example names, the game log play's --resume example names and the
    print shop's profile export's example names (the docs' example)."""
    folder = tmp_path_factory.mktemp("help")
    for line, code in help_examples(["init"]):  # the designs the other helps name: junior/design.yaml...
        assert run(folder, line).returncode == code, line
    assert run(folder, "rushmore init five --from five -q").returncode == 0
    os.environ["RUSHMORE_WORKERS"], os.environ["RUSHMORE_FSYNC"] = "1", "0"
    png = folder / "output" / "png"
    run(folder, f"rushmore export png --dpi 72 -q -o {png}")
    for name in ("cards", "fronts", "backs"):
        (folder / name).mkdir()
    for image in sorted(png.glob("M*.png")):
        shutil.copy(image, folder / "cards" / image.name)
        shutil.copy(image, folder / "fronts" / image.name)
        shutil.copy(png / "back-monument.png", folder / "backs" / image.name)
    shutil.copy(png / "back-monument.png", folder / "back.png")
    assert run(folder, "rushmore cards five/design.yaml --format csv -o deck.csv").returncode == 0  # validate's
    shop = first_block(section(page("guide/exports.md"), "## A print shop's profile"), "yaml")
    (folder / "meinspiel.yaml").write_text(shop, "utf-8")
    log = "output/games/20261129-140000-42.jsonl"
    assert run(folder, f"rushmore play --players ann,bob --seed 42 --log {log}", KEYBOARD).returncode == 0
    return folder


def run(folder, line: str, keyboard: str = "") -> subprocess.CompletedProcess:
    prelude = f'rushmore() {{ "{sys.executable}" -m rushmore_print "$@"; }}\nset -o pipefail\n'
    return subprocess.run(["bash", "-c", prelude + line], cwd=folder, input=keyboard, capture_output=True,
                          text=True, env=dict(os.environ, NO_COLOR="1"))  # fmt: skip


@pytest.mark.slow
def test_every_help_example_exits_as_its_help_says(workspace, monkeypatch):
    """Plain lines run in-process through click (a keyboard game gets ``quit``); pipes,
    redirections and globs in bash, with ``rushmore`` as this Python's module."""
    monkeypatch.chdir(workspace)
    monkeypatch.setattr("time.sleep", lambda seconds: None)  # play --countdown, in-process
    runner = CliRunner()
    seen = {line for line, _ in help_examples(["init"])}  # run by the workspace, which they made
    for command, line, code in every_example():
        if line in seen:  # the same line in two helps (the group's and the command's) runs once
            continue
        seen.add(line)
        if code is SERVES:  # a server: its arguments must parse (options, choices, files named)
            words = shlex.split(line)
            cli.commands[words[1]].make_context(words[1], words[2:])
            continue
        if re.search(r"[|>*?]", line):  # a pipe, a redirection or a glob: the shell's work
            result = run(workspace, line)
            got, said = result.returncode, result.stdout[-300:] + result.stderr[-300:]
        else:
            words = shlex.split(line)
            outcome = runner.invoke(cli, words[1:], input=KEYBOARD if words[1] == "play" else None)
            got, said = outcome.exit_code, outcome.output[-600:]
        assert got == code, (command, line, said)


COMMON = {"--help", "--quiet", "--verbose", "--design"}  # the Commands page's grammar paragraph covers these


def command_rows() -> dict[str, str]:
    """The command table of the Commands page (before its first section): each command's row (its
    usage cell), by command name."""
    commands = page("guide/commands.md")
    rows = {}
    for line in commands[: commands.index("\n## ")].splitlines():
        found = re.match(r"\| `rushmore (\w+)(.*?)\| [^|]*\|$", line)
        if found:
            rows[found.group(1)] = found.group(2)
    return rows


def test_the_commands_page_lists_every_command_and_no_other():
    assert set(command_rows()) == set(cli.commands)


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_the_commands_page_row_of_each_command_names_its_options_and_no_other(name):
    row = command_rows()[name]
    written = set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", row))
    options = [p for p in cli.commands[name].params if p.param_type_name == "option" and not getattr(p, "hidden", 0)]
    known = {opt for p in options for opt in (*p.opts, *p.secondary_opts)}
    assert written <= known, f"the Commands page shows {sorted(written - known)} that rushmore {name} does not take"
    missing = [p.opts[-1] for p in options if not set(p.opts) & (written | COMMON)]
    assert not missing, f"the Commands page's row for rushmore {name} does not show {missing}"


def test_messages_name_the_font_family_that_ships(write_design, runner):
    from rushmore_print.typeface import FAMILY_NAME, Font

    data = Font.REGULAR.path.read_bytes()
    assert FAMILY_NAME.encode("utf-16-be") in data  # the name table's own family name
    design = write_design(
        "name: 山田\nheads: [A, B]\ndirections: [left, right]\nsearch: {seed: 1, red_counts: {0: 4}}\n"
    )
    result = runner.invoke(cli, ["validate", str(design)])
    assert result.exit_code == 1 and f"the card font ({FAMILY_NAME}) has no glyph" in result.stderr
