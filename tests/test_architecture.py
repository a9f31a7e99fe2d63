"""The layers of docs/ARCHITECTURE.md, read from the document and checked against the code: each
folder of the package is one part in one layer, a module imports only from its own layer or
below, no import goes round in a circle, the core imports no renderer, no click, and only
design/yamlfile.py imports yaml. The document's layer table is the one statement of the layers:
the rules below are parsed from it, and a module missing from its folder's row (or listed twice)
fails."""

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rushmore_print"
ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
TOP = ""  # the package's top level, "top level" in the table's Part column


def layer_table(text: str) -> list[tuple[int, str, list[str]]]:
    """(layer, folder or :data:`TOP`, its modules) for each row ``| L3 | `deck/` | `generate`,
    `validate`, ... | ... |`` (or ``| L0 | top level | `errors`, ... | ... |``) of the document's
    layer table, in the order written."""
    rows = []
    for row in re.finditer(r"^\| L(\d) \| ([^|]*) \| ([^|]*) \|", text, re.MULTILINE):
        folder = re.fullmatch(r"`(\w+)/`", row[2].strip())
        assert folder or row[2].strip() == "top level", f"a part is `folder/` or top level, not {row[2]!r}"
        rows.append((int(row[1]), folder[1] if folder else TOP, re.findall(r"`(\w+)`", row[3])))
    return rows


ROWS = layer_table(ARCHITECTURE.read_text("utf-8"))
LAYERS: dict[int, list[str]] = {}  # layer -> its folders and top-level modules
for _layer, _folder, _names in ROWS:
    LAYERS.setdefault(_layer, []).extend([_folder] if _folder else _names)
LAYER_OF = {name: layer for layer, names in LAYERS.items() for name in names}
CORE = [name for layer in (0, 1, 2, 3) for name in LAYERS[layer]]  # "the core (L0 to L3)"
FRONT_ENDS = LAYERS[max(LAYERS)]
FORBIDDEN = {"reportlab", "PIL", "click"}


def modules():
    """Every module of the package with its path's parts (``layout/cards.py`` -> ``("layout",
    "cards")``): the first is its top-level name, a folder or a module of the top level."""
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        yield path, parts


@functools.cache  # the checks of each module walk the same tree: walked once (a third of this file's time)
def _nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of ``path``'s syntax tree, in ``ast.walk``'s order."""
    return tuple(ast.walk(ast.parse(path.read_text())))


def _type_only(nodes: tuple[ast.AST, ...]) -> set[int]:
    """Ids of import nodes under ``if TYPE_CHECKING:`` (annotations only, never run)."""
    found = set()
    for node in nodes:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            found |= {id(inner) for inner in ast.walk(node)}
    return found


def _module_named(dotted: str) -> str | None:
    """The module of the package that a dotted name inside it is (``deck.rows``, a package as
    ``design.__init__``, the package itself as ``__init__``), or None for a name defined in a
    module (``errors.SpecError``)."""
    path = PACKAGE.joinpath(*dotted.split(".")) if dotted else PACKAGE
    if dotted and path.with_suffix(".py").is_file():
        return dotted
    if (path / "__init__.py").is_file():
        return f"{dotted}.__init__" if dotted else "__init__"
    return None


@functools.cache  # several tests read every module
def imports_of(path: Path) -> tuple[frozenset[str], frozenset[str]]:
    """(third-party top-level packages, this package's modules) that ``path`` imports, each module
    by its dotted name inside the package (``deck.rows``; a package as ``design.__init__``)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    nodes = _nodes(path)
    skip = _type_only(nodes)
    outside, inside = set(), set()
    for node in nodes:
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                top, *rest = alias.name.split(".")
                (inside.add(_module_named(".".join(rest))) if top == "rushmore_print" else outside.add(top))
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                top, *base = (node.module or "").split(".")
                if top != "rushmore_print":
                    outside.add(top)
                    continue
            else:
                package = list(parts[:-1])[: len(parts) - node.level]  # where the dots lead
                base = package + (node.module.split(".") if node.module else [])
            for alias in node.names:  # a module by its name, or a name from the module
                inside.add(_module_named(".".join([*base, alias.name])) or _module_named(".".join(base)))
    return frozenset(outside), frozenset(inside - {None, ".".join(parts)})


def _part(module: str) -> str:
    """The top-level name (a folder, or a module of the top level) of ``deck.rows``: ``deck``."""
    return module.split(".")[0]


def test_the_layer_table_lists_every_module_once_and_nothing_else():
    """One row per part, L0 up: each folder of rushmore_print in one row, and each module in the
    row of the folder it lies in (a subpackage's ``__init__`` goes with its folder). A new module
    is placed by adding it to its folder's row, a new folder by adding its row."""
    layers = [layer for layer, _, _ in ROWS]
    assert layers == sorted(layers) and sorted(set(layers)) == list(range(len(set(layers)))), "L0, L1, ... in order"
    folders = [folder for _, folder, _ in ROWS if folder]
    assert len(folders) == len(set(folders)), f"a folder in two rows of docs/ARCHITECTURE.md: {folders}"
    listed = [(folder, name) for _, folder, names in ROWS for name in names]
    twice = sorted({entry for entry in listed if listed.count(entry) > 1})
    assert not twice, f"listed twice in docs/ARCHITECTURE.md: {twice}"
    found = {
        (TOP, parts[0]) if len(parts) == 1 else (parts[0], "/".join(parts[1:]))
        for _, parts in modules()
        if len(parts) == 1 or parts[-1] != "__init__"
    }
    shown = lambda entries: sorted(f"{folder}/{name}" if folder else name for folder, name in entries)  # noqa: E731
    unlisted, stale = shown(found - set(listed)), shown(set(listed) - found)
    assert not unlisted, f"add to its folder's row in docs/ARCHITECTURE.md: {unlisted}"
    assert not stale, f"no such module in that folder (listed in docs/ARCHITECTURE.md): {stale}"


def test_the_layer_table_is_read_as_written():
    """The parser sees what a reader sees: the layers of the core and the front ends where the
    document's text puts them (a table the parser misread would make every other check vacuous)."""
    assert LAYER_OF["errors"] == 0 and LAYER_OF["readers"] == 0 and LAYER_OF["model"] == 1
    assert LAYER_OF["design"] == 2 and {"deck", "game", "layout"} <= set(LAYERS[3])
    assert {"render", "writers"} <= set(LAYERS[4]) and {"cli", "web", "__init__"} <= set(FRONT_ENDS)
    table = (
        "| Layer | Part | Modules | What |\n|---|---|---|---|\n| L0 | top level | `a`, `b` | x, `c` in prose |\n"
        "| L0 | `f/` | `d` | y |\n| L1 | `g/` | `e`, `h` | z |\n"
    )
    assert layer_table(table) == [(0, TOP, ["a", "b"]), (0, "f", ["d"]), (1, "g", ["e", "h"])]


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
    higher = {name for name in inside if LAYER_OF.get(_part(name), 99) > own}
    assert not higher, f"{'/'.join(parts)} (layer {own}) imports {sorted(higher)}"


# Import circles known and on their way out; any other circle fails, and so does one listed here
# that the code no longer has. Issue 36: manifest -> rows -> sheet_manifest -> manifest, held
# together by imports inside functions, goes when the three become one card-record reader.
KNOWN_CIRCLES: list[set[str]] = []  # none left: a new one is a part written as two


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import one another round a circle (the graph's strongly
    connected parts of more than one module), each once, in the order of their first module."""

    def reached(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for following in graph.get(todo.pop(), ()):
                if following not in seen:
                    seen.add(following)
                    todo.append(following)
        return seen

    reach = {module: reached(module) for module in graph}
    found: list[set[str]] = []
    for module in sorted(graph):
        group = {module} | {other for other in reach[module] if module in reach.get(other, set())}
        if len(group) > 1 and group not in found:
            found.append(group)
    return found


def test_no_import_goes_round_in_a_circle():
    """Between any two modules, within a layer too, and counting imports inside functions: a
    circle is one part that was written as two (or a lazy import that hides a real dependency)."""
    graph = {".".join(parts): set(imports_of(path)[1]) for path, parts in modules()}
    found = circles(graph)
    new = [sorted(group) for group in found if group not in KNOWN_CIRCLES]
    assert not new, f"import circles: {new}"
    gone = [sorted(group) for group in KNOWN_CIRCLES if group not in found]
    assert not gone, f"no longer a circle: remove it from KNOWN_CIRCLES: {gone}"


def test_the_circle_check_sees_a_circle_through_three_modules():
    graph = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set(), "e": {"a"}}
    assert circles(graph) == [{"a", "b", "c"}]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_core_imports_no_renderer_and_no_cli():
    for path, parts in modules():
        if parts[0] in CORE:
            outside, _ = imports_of(path)
            assert not outside & FORBIDDEN, path.name


def test_only_the_yaml_reader_imports_yaml():
    users = {"/".join(parts) for p, parts in modules() if "yaml" in imports_of(p)[0]}
    assert users == {"design/yamlfile"}


def test_no_module_imports_babel():
    """Babel (36 MB) is a test tool: the package carries the CLDR facts it uses
    (data/locale/cldr.json) and compiles its catalogues itself (language/pofile.py), so a core
    install without Babel plays, builds and writes stats in every language."""
    users = {"/".join(parts) for p, parts in modules() if "babel" in imports_of(p)[0]}
    assert not users


def test_only_the_command_line_imports_click():
    """The game's console and every lower layer take plain streams, so other front ends share them."""
    users = {"/".join(parts) for p, parts in modules() if "click" in imports_of(p)[0]}
    assert users == {"cli/commands", "cli/commandline"}


# What one command alone needs, which no other command's start-up may load: the design reader and
# what it pulls in (yaml, the SVG and font readers, the players' language), the renderers and the
# work of each command, the browser table, and every extra's package (issue 33: `--help` had
# doubled, every command importing `init`'s examples and with them the design reader).
ONE_COMMANDS_OWN = {
    "reportlab", "yaml", "PIL", "babel", "svgelements", "numpy", "simplejpeg", "aiohttp", "segno",
    "watchfiles", "openpyxl",
    "rushmore_print.design", "rushmore_print.readers.svg_art", "rushmore_print.readers.truetype",
    "rushmore_print.language.i18n", "rushmore_print.render", "rushmore_print.layout",
    "rushmore_print.writers.build", "rushmore_print.writers.export", "rushmore_print.writers.impose",
    "rushmore_print.web.preview", "rushmore_print.web", "rushmore_print.game.referee",
    "rushmore_print.game.session", "rushmore_print.deck.reports", "rushmore_print.deck.manifest",
    "rushmore_print.readers.spreadsheets", "rushmore_print.readers.rasters", "rushmore_print.game.stats",
    "rushmore_print.deck.rulebook", "rushmore_print.deck.generate",
}  # fmt: skip


def cli_probe(expression: str) -> str:
    """A ``python -c`` program that runs the command line in its argv as ``rushmore`` does and
    then prints ``expression``: from an ``atexit`` function, since the launcher ends the process
    with ``os._exit`` once those have run (rushmore_print/__main__.py)."""
    return (
        "import atexit, sys, runpy; sys.argv = ['rushmore', *sys.argv[1:]]\n"
        f"atexit.register(lambda: print({expression}))\n"
        "runpy.run_module('rushmore_print', run_name='__main__')\n"
    )


@pytest.mark.parametrize("argv", [["--help"], ["impose", "--help"], ["play", "--help"], ["table", "--help"]])
@pytest.mark.slow
def test_commands_import_only_what_they_use(argv):
    """Help texts start fast: the CLI's own parts and the vocabularies its options offer, nothing
    that one command alone needs (the top module of each, and any module under it)."""
    import subprocess
    import sys

    probe = cli_probe("sorted(m for m in sys.modules if m.split('.')[0] != 'rushmore_print' or m.count('.') < 2)")
    result = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True)
    loaded = set(ast.literal_eval(result.stdout.strip().splitlines()[-1]))
    assert "rushmore_print.cli" in loaded
    tops = {name if name.startswith("rushmore_print.") else name.split(".")[0] for name in loaded}
    assert not tops & ONE_COMMANDS_OWN


@pytest.mark.parametrize("kind", ["png", "jpg"])
def test_impose_loads_no_design_reader_no_renderer_no_language_and_no_numpy(tmp_path, kind):
    """impose lays out other people's images: no yaml, reportlab, Pillow, Babel or numpy behind it;
    a JPEG is proven whole by the libjpeg beside Pillow, not by simplejpeg and numpy (issue 33)."""
    import subprocess
    import sys

    from rushmore_print.readers.libjpeg import strict_decoder

    from .imagebytes import jpeg, phys, png

    if kind == "jpg" and strict_decoder() is None:
        pytest.skip("no libjpeg-turbo beside Pillow or on the system: the jpeg extra judges JPEGs")
    cards = [tmp_path / f"card{number}.{kind}" for number in range(3)]
    for path in cards:  # 75 dots an inch: 25.4 x 35.6 mm
        if kind == "png":
            path.write_bytes(png(75, 105, before_data=[phys(2953, 2953)]))
        else:
            path.write_bytes(jpeg(size=(75, 105), dpi=(75, 75)))
    probe = cli_probe("sorted({m.split('.')[0] for m in sys.modules})")
    argv = ["impose", *map(str, cards), "-q", "-o", str(tmp_path / "out")]
    result = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True)
    loaded = set(ast.literal_eval(result.stdout.strip().splitlines()[-1]))
    assert not loaded & {"reportlab", "yaml", "PIL", "babel", "numpy", "simplejpeg", "svgelements"}
    assert list((tmp_path / "out").glob("*.pdf"))


def test_an_image_export_loads_no_pdf_renderer(tmp_path):
    """``export png`` draws with Pillow alone: reportlab (8 MB of each worker's memory, issue 33's
    100 MB) is loaded only where a PDF is written."""
    import subprocess
    import sys

    probe = cli_probe("sorted({m.split('.')[0] for m in sys.modules})")
    argv = ["export", "png", "--dpi", "72", "-q", "-o", str(tmp_path / "out")]
    result = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True)
    loaded = set(ast.literal_eval(result.stdout.strip().splitlines()[-1]))
    assert "PIL" in loaded and "reportlab" not in loaded
    assert len(list((tmp_path / "out").glob("*.png"))) == 57


@pytest.mark.slow
def test_a_build_imports_no_game_and_no_catalogue_reader(tmp_path):
    """``rushmore build`` of an English design loads neither the referee and its session (the CLI
    offers their options from plain vocabularies) nor the catalogue reader (only another
    language's catalogue needs it), nor Babel (the package never needs it): imports are a fifth of a build's time."""
    import os
    import subprocess
    import sys

    probe = cli_probe(
        "sorted(set(sys.modules) & {'rushmore_print.game.referee', 'rushmore_print.game.session', "
        "'rushmore_print.language.pofile', 'babel'})"
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
    for node in _nodes(path):
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
