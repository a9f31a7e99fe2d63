"""The layers of docs/ARCHITECTURE.md, read from the code: a module imports only from its own layer or
below; the core imports no renderer, no click, and only spec/yamlfile.py imports yaml."""

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "rushmore_print"

LAYERS = {
    0: ["errors", "inputs", "units", "words", "colors", "sizes", "rasters", "ttf", "typeface", "svg", "geometry"]
    + ["sheets", "icc"],
    1: ["model", "jsontext", "i18n"],
    2: ["spec"],
    3: ["generate", "validate", "manifest", "rulebook", "referee", "session", "narrate", "targets", "layout"]
    + ["rows", "reports", "arguments", "sheet_manifest", "stats"],
    4: ["render", "build", "export", "impose", "files", "gamelog", "preview", "starter"],
    5: ["cli", "commandline", "console", "web", "__main__", "__init__"],  # the front ends: they talk to the user
}
LAYER_OF = {name: layer for layer, names in LAYERS.items() for name in names}
CORE = [name for layer in (0, 1, 2, 3) for name in LAYERS[layer]]
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


def test_every_module_has_a_layer():
    assert {parts[0] for _, parts in modules()} <= set(LAYER_OF), "add new modules to LAYERS"


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
