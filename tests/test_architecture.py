"""The layers of docs/ARCHITECTURE.md, read from the document and checked against the code: a module
imports only from its own layer or below; the core imports no renderer, no click, and only
spec/yamlfile.py imports yaml. The document's layer table is the one statement of the layers: the
rules below are parsed from it, and a module missing from it (or listed twice) fails."""

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rushmore_print"
ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"


def layer_table(text: str) -> dict[int, list[str]]:
    """The modules of each layer, from the rows ``| L3 | `generate`, `validate`, ... | ... |`` of
    the document's layer table, in the order written."""
    layers: dict[int, list[str]] = {}
    for row in re.finditer(r"^\| L(\d) \| ([^|]*) \|", text, re.MULTILINE):
        layers.setdefault(int(row[1]), []).extend(re.findall(r"`([\w]+)`", row[2]))
    return layers


LAYERS = layer_table(ARCHITECTURE.read_text("utf-8"))
LAYER_OF = {name: layer for layer, names in LAYERS.items() for name in names}
CORE = [name for layer in (0, 1, 2, 3) for name in LAYERS[layer]]  # "the core (L0 to L3)"
FRONT_ENDS = LAYERS[max(LAYERS)]
FORBIDDEN = {"reportlab", "PIL", "click"}


def modules():
    """Every module of the package with its top-level name (``layout/cards.py`` -> ``layout``)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        yield path, parts


def _type_only(tree: ast.AST) -> set[int]:
    """Ids of import nodes under ``if TYPE_CHECKING:`` (annotations only, never run)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            found |= {id(inner) for inner in ast.walk(node)}
    return found


def _module_or_init(name: str) -> str:
    """``from . import referee`` names a module; ``from . import __version__`` the package itself."""
    return name if (PACKAGE / name).is_dir() or (PACKAGE / f"{name}.py").is_file() else "__init__"


@functools.cache  # several tests read every module
def imports_of(path: Path) -> tuple[frozenset[str], frozenset[str]]:
    """(third-party top-level packages, this package's top-level modules) that ``path`` imports."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    tree = ast.parse(path.read_text())
    skip = _type_only(tree)
    outside, inside = set(), set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                top, *rest = alias.name.split(".")
                (inside.add(rest[0]) if top == "rushmore_print" and rest else outside.add(top))
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                top, *rest = node.module.split(".")
                if top == "rushmore_print":
                    inside |= {rest[0]} if rest else {a.name for a in node.names}
                else:
                    outside.add(top)
            else:
                package = list(parts[:-1])[: len(parts) - node.level]  # where the dots lead
                target = package + (node.module.split(".") if node.module else [])
                inside |= {target[0]} if target else {_module_or_init(a.name) for a in node.names}
    return frozenset(outside), frozenset(inside - {parts[0]})


def test_the_layer_table_lists_every_module_once_and_nothing_else():
    """One row per layer, L0 up, and each top-level module (or package) of rushmore_print in one
    of them: a new module is placed by adding it to the document's table."""
    assert sorted(LAYERS) == list(range(len(LAYERS))), "the table's layers are L0, L1, ... in order"
    listed = [name for names in LAYERS.values() for name in names]
    twice = sorted({name for name in listed if listed.count(name) > 1})
    assert not twice, f"listed in more than one layer of docs/ARCHITECTURE.md: {twice}"
    package = {parts[0] for _, parts in modules()}
    unlisted, stale = sorted(package - set(listed)), sorted(set(listed) - package)
    assert not unlisted, f"add to a layer in docs/ARCHITECTURE.md: {unlisted}"
    assert not stale, f"no such module (listed in docs/ARCHITECTURE.md): {stale}"


def test_the_layer_table_is_read_as_written():
    """The parser sees what a reader sees: the layers of the core and the front ends where the
    document's text puts them (a table the parser misread would make every other check vacuous)."""
    assert LAYER_OF["errors"] == 0 and LAYER_OF["model"] == 1 and LAYER_OF["spec"] == 2
    assert {"referee", "session", "validate", "layout"} <= set(LAYERS[3])
    assert {"render", "build", "export"} <= set(LAYERS[4]) and {"cli", "commandline", "web"} <= set(FRONT_ENDS)
    table = "| Layer | Modules | What |\n|---|---|---|\n| L0 | `a`, `b` | x, `c` in prose |\n| L1 | `d` | y |\n"
    assert layer_table(table) == {0: ["a", "b"], 1: ["d"]}


def test_the_code_layout_names_every_module():
    """The "Code layout" block of docs/development.md names every module file (and package) of
    rushmore_print."""
    text = (ROOT / "docs" / "development.md").read_text("utf-8")
    section = text[text.index("## Code layout") :]
    block = section.split("```")[1]
    missing = []
    for _, parts in modules():
        top = parts[0]
        if len(parts) == 1:
            named = re.search(rf"(?<![\w/]){re.escape(top)}\.py\b", block)
        else:
            named = parts[-1] == "__init__" or re.search(rf"(?<!\w){re.escape(parts[-1])}\.py\b", block)
            named = named and re.search(rf"(?<![\w/]){re.escape(top)}/", block)
        if not named:
            missing.append("/".join(parts) + ".py")
    assert not missing, f"the Code layout of docs/development.md does not name: {missing}"


@pytest.mark.parametrize("path, parts", list(modules()), ids=lambda v: "/".join(v) if isinstance(v, tuple) else "")
def test_no_module_imports_a_higher_layer(path, parts):
    _, inside = imports_of(path)
    own = LAYER_OF[parts[0]]
    higher = {name for name in inside if LAYER_OF.get(name, 99) > own}
    assert not higher, f"{'/'.join(parts)} (layer {own}) imports {sorted(higher)}"


def test_the_core_imports_no_renderer_and_no_cli():
    for path, parts in modules():
        if parts[0] in CORE:
            outside, _ = imports_of(path)
            assert not outside & FORBIDDEN, path.name


def test_only_the_yaml_reader_imports_yaml():
    users = {"/".join(parts) for p, parts in modules() if "yaml" in imports_of(p)[0]}
    assert users == {"spec/yamlfile"}


def test_only_the_command_line_imports_click():
    """The game's console and every lower layer take plain streams, so other front ends share them."""
    users = {"/".join(parts) for p, parts in modules() if "click" in imports_of(p)[0]}
    assert users == {"cli", "commandline"}


@pytest.mark.parametrize("argv", [["--help"], ["impose", "--help"], ["play", "--help"]])
def test_commands_import_only_what_they_use(argv):
    """Help texts (and impose) start fast: no reportlab, no yaml, no Pillow behind them."""
    import subprocess
    import sys

    probe = (
        "import sys, runpy; sys.argv = ['rushmore', *sys.argv[1:]]\n"
        "try:\n    runpy.run_module('rushmore_print', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'yaml', 'PIL'}))"
    )
    result = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.slow
def test_a_build_imports_no_game_and_no_catalogue_reader(tmp_path):
    """``rushmore build`` of an English design loads neither the referee and its session (the CLI
    offers their options from plain vocabularies) nor Babel's catalogue reader (only another
    language's catalogue needs it): imports are a fifth of a build's time."""
    import os
    import subprocess
    import sys

    probe = (
        "import sys, runpy; sys.argv = ['rushmore', *sys.argv[1:]]\n"
        "try:\n    runpy.run_module('rushmore_print', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print(sorted(set(sys.modules) & {'rushmore_print.referee', 'rushmore_print.session', "
        "'babel.messages.pofile', 'babel.messages.mofile'}))"
    )
    argv = ["build", "-q", "-o", str(tmp_path), "--paper", "a4", "--layout", "duplex"]
    env = {**os.environ, "RUSHMORE_WORKERS": "1"}
    result = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True, env=env)
    assert result.stdout.strip().splitlines()[-1] == "[]"
    assert (tmp_path / "mount-rushmore_cards_a4_duplex.pdf").exists()


def lookups_by_name(path: Path) -> list[str]:
    """Calls that find code by a name computed at run time, which mypy, ruff and this file's
    import checks cannot follow: ``importlib.import_module``, ``__import__``, ``globals()``,
    and ``getattr`` whose attribute is not written out (``getattr(os, "O_BINARY", 0)``, a
    feature probe, is fine)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        computed = len(node.args) > 1 and not isinstance(node.args[1], ast.Constant)
        if name in ("import_module", "__import__", "globals") or (name == "getattr" and computed):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path, parts", list(modules()), ids=lambda v: "/".join(v) if isinstance(v, tuple) else "")
def test_no_module_looks_code_up_by_name(path, parts):
    """Dispatch goes through typed registries (``export.EXPORTERS``), never a name looked up."""
    assert not lookups_by_name(path), f"{'/'.join(parts)}: {lookups_by_name(path)}"


def test_the_dispatch_check_sees_a_lookup_by_name(tmp_path):
    source = tmp_path / "m.py"
    source.write_text(
        "import importlib, os\n"
        "f = getattr(importlib.import_module('.export', 'p'), 'export_' + 'png')\n"
        "flag = getattr(os, 'O_BINARY', 0)\n"
    )
    assert [hit.split(":")[0] for hit in lookups_by_name(source)] == ["line 2", "line 2"]
