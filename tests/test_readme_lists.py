"""The docs' lists are the code's registries: the design keys (the design-file reference), the
looks, the card sizes, the languages, the export targets, the papers, layouts and flips. A key,
look, size, language or target added to the code and not to the page that lists it (or left there
after it is gone) fails here. The command table and each row's options are checked in
tests/test_help_examples.py."""

import itertools
import re

from babel import Locale

from rushmore_print.deck.targets import TargetKind
from rushmore_print.design import DESIGN_KEYS, Look, Orientation, PrintSpec, design_key_paths
from rushmore_print.language.i18n import languages
from rushmore_print.sizes import CARD_PRESETS, PAPERS, Flip, SheetLayout

from .docpages import README, page

DESIGN_FILE = page("reference/design-file.md")
PRINT_KIT = page("guide/print-kit.md")
COMMANDS = page("guide/commands.md")


def table_rows(text: str) -> list[list[str]]:
    """The cells of each row of the first Markdown table in ``text`` (header and rule left out);
    ``\\|`` inside a cell stays in the cell."""
    first = text[text.index("\n|") + 1 :]
    lines = list(itertools.takewhile(lambda line: line.startswith("|"), first.splitlines()))
    rows = [[cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line)[1:-1]] for line in lines]
    return rows[2:]


def quoted(cell: str) -> list[str]:
    """The words a cell writes in backticks, in order."""
    return re.findall(r"`([^`]+)`", cell)


KEY_TABLE = table_rows(DESIGN_FILE)


def documented_keys() -> dict[str, list[str]]:
    """Each key the design-file table names in its first column, with its row: key, default, meaning."""
    return {key: row for row in KEY_TABLE for key in quoted(row[0])}


def test_every_key_the_reader_accepts_is_documented_and_every_documented_key_is_read():
    documented = documented_keys()
    accepted = design_key_paths()
    assert set(documented) <= set(accepted), (
        f"the design-file page documents keys the reader refuses: {set(documented) - set(accepted)}"
    )
    for path in accepted:
        if path in documented or any(key.startswith((path + ".", path + "[].")) for key in documented):
            continue  # its own row, or rows for each of its keys (`search.seed`, `search.red_counts`)
        # A key without a row is explained in its parent's row: `heads` says "each a name or
        # {name, look, art, skin, hair}", `grid` says "{rows, cols}".
        parent, _, leaf = path.rpartition(".")
        parent = parent.removesuffix("[]")
        assert parent in documented, f"design key {path!r} is not in the design-file page's key table"
        assert re.search(rf"\b{leaf}\b", documented[parent][2]), (
            f"the design-file page's {parent!r} row does not explain {leaf!r}"
        )


def test_the_top_level_keys_are_one_registry():
    assert DESIGN_KEYS[""][0] == "name" and "language" in DESIGN_KEYS[""]
    assert {path.split(".")[0].removesuffix("[]") for path in design_key_paths()} == set(DESIGN_KEYS[""])


def test_the_looks_are_the_code_s_looks():
    row = documented_keys()["heads[].look"]
    assert quoted(row[2]) == [look.value for look in Look]
    words = {"nine": 9, "ten": 10, "eight": 8, "eleven": 11, "twelve": 12}
    for text, where in ((README, "README"), (PRINT_KIT, "print kit page")):
        count = re.search(r"(\w+)\s+built-in looks", text)
        assert count and words[count.group(1).lower()] == len(Look), f"the {where} counts the looks wrongly"
    described = PRINT_KIT
    for look in Look:
        assert f"`{look.value}`" in described, f"look {look.value!r} is not described under the print kit"


def test_the_card_sizes_and_orientations_are_the_code_s():
    _, default, meaning = documented_keys()["print.card"]
    assert quoted(meaning)[: len(CARD_PRESETS)] == list(CARD_PRESETS) and quoted(default) == ["poker"]
    assert len(quoted(meaning)) == 1 + len(CARD_PRESETS) and quoted(meaning)[-1].startswith("{width:"), meaning
    _, default, meaning = documented_keys()["print.orientation"]
    assert quoted(default) == [PrintSpec().orientation.value]
    assert quoted(meaning) == [o.value for o in Orientation], meaning


def test_the_languages_are_the_shipped_catalogues():
    _, default, meaning = documented_keys()["language"]
    assert quoted(meaning) == sorted(languages()) and quoted(default) == ["en"], meaning
    opening = page("guide/languages.md").split("\n\n")[1]
    assert sorted(set(re.findall(r"`([a-z]{2})`", opening)) | {"de"}) == sorted(languages())
    named = re.search(r"the players' language \(([^)]*)\)", README)
    assert named, "the README does not name the players' languages"
    assert re.split(r",\s+", named.group(1)) == [Locale.parse(code).english_name for code in sorted(languages())]
    counted = re.search(r"\| the (\w+) languages, and how to add one \|", README)
    assert counted, "the README's row for the languages page does not count them"
    words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    assert counted.group(1) == words[len(languages()) - 1], counted.group(0)


def test_the_export_targets_are_the_registry():
    rows = table_rows(page("guide/exports.md"))
    assert [quoted(row[0])[0] for row in rows] == [kind.value for kind in TargetKind]
    listed = re.search(r"`rushmore export ([a-z|\\]+) ", COMMANDS)
    assert listed and listed.group(1).replace("\\", "").split("|") == [kind.value for kind in TargetKind]


def test_the_papers_layouts_and_flips_are_the_code_s():
    build = re.search(r"`rushmore build \[DESIGN\][^`]*`", COMMANDS)
    assert build, "the command table has no build row"
    paper = re.search(r"--paper ([a-z0-9\\|]+)\]", build.group(0))
    assert paper and paper.group(1).replace("\\", "").split("|") == [*PAPERS, "both"]
    layout = re.search(r"--layout ([a-z0-9\\|]+)\]", build.group(0))
    assert layout and set(layout.group(1).replace("\\", "").split("|")) >= {kind.value for kind in SheetLayout}
    flip = re.search(r"--flip ([a-z0-9\\|]+)\]", build.group(0))
    assert flip and flip.group(1).replace("\\", "").split("|") == [kind.value for kind in Flip]
