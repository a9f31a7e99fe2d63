"""The Python API as documented: the examples of docs/guide/python.md run, every module names its
public API, the package ships its type information, and the entry points are what help() lists."""

import ast
import doctest
import importlib
import inspect
import re
import subprocess
import sys

import pytest

import rushmore_print

from .conftest import ROOT

PYTHON_PAGE = (ROOT / "docs" / "guide" / "python.md").read_text("utf-8")
PACKAGE = ROOT / "rushmore_print"
MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for path in PACKAGE.rglob("*.py")
    if path.name != "__main__.py"
)


def api_section() -> str:
    return PYTHON_PAGE


@pytest.mark.slow
def test_the_python_pages_examples_run_in_order(tmp_path, monkeypatch):
    blocks = re.findall(r"```python\n(.*?)```", api_section(), re.S)
    assert len(blocks) >= 6
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "docs/guide/python.md", "docs/guide/python.md", 0)
    assert len(test.examples) >= 25
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "\n".join(report)


def test_the_api_section_names_only_what_the_package_exports():
    named = set(re.findall(r"\brp\.(\w+)", api_section()))
    assert named <= set(rushmore_print.__all__), named - set(rushmore_print.__all__)


@pytest.mark.parametrize("module", MODULES)
def test_every_module_names_its_public_api(module):
    imported = importlib.import_module(module)
    assert isinstance(getattr(imported, "__all__", None), list), f"{module} has no __all__"
    for name in imported.__all__:
        assert hasattr(imported, name), f"{module}.__all__ names {name!r}, which it does not have"
    tree = ast.parse(inspect.getsource(imported))
    defined = {
        node.name
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_") and not _command(node)
    }
    assert defined <= set(imported.__all__), f"{module}: public but not in __all__: {defined - set(imported.__all__)}"


def _command(node: ast.FunctionDef | ast.ClassDef) -> bool:
    """A click command (``@cli.command()``): registered on the CLI's group, not an API of its own."""
    return any(
        isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr in ("command", "group")
        for d in node.decorator_list
    )


def test_every_entry_point_of_the_package_is_documented_with_an_example():
    for name in rushmore_print.__all__:
        thing = getattr(rushmore_print, name)
        if name.startswith("__") or (isinstance(thing, type) and issubclass(thing, Exception)):
            continue
        assert thing.__doc__ and thing.__doc__.strip(), f"{name} has no docstring"
        if inspect.isfunction(thing):
            assert ">>>" in thing.__doc__, f"{name}'s docstring has no example"


@pytest.mark.slow
def test_help_reads_as_an_api_and_importing_loads_no_renderer():
    code = "import pydoc, rushmore_print as r; print(pydoc.render_doc(r, renderer=pydoc.plaintext))"
    heavy = "('reportlab', 'PIL', 'yaml', 'click')"
    quiet = f"import sys, rushmore_print; print(sorted(m for m in sys.modules if m.split('.')[0] in {heavy}))"
    assert subprocess.run([sys.executable, "-c", quiet], capture_output=True, text=True, check=True).stdout == "[]\n"
    text = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    for entry in ("load_design(", "generate_deck(", "validate_deck(", "build_kit(", "write_calibration(", "class Game"):
        assert entry in text, entry
    assert "FUNCTIONS" in text and "CLASSES" in text


def test_the_package_ships_its_type_information():
    assert (PACKAGE / "py.typed").is_file()
    pyproject = (ROOT / "pyproject.toml").read_text()
    data = pyproject[pyproject.index("[tool.setuptools.package-data]") :].split("\n")[1]
    assert data.startswith("rushmore_print = [") and '"py.typed"' in data
