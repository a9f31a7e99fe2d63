"""Two directives that write reference pages from the code, so that the pages cannot drift from it.

``.. rushmore-help::`` writes every command's ``--help``, exactly as ``rushmore NAME --help``
prints it, under a heading of its own: the CLI reference is the help text itself.

``.. rushmore-api:: PACKAGE`` documents the package's own module and every module under it
(``:shallow:``: only its plain modules, not its subpackages), each under a heading: the module's
docstring, then every name of its ``__all__`` in order, defined there (autodoc, from the
docstrings) or, for a name the module re-exports, one line linking to where it is documented.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path
from types import ModuleType
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

LONGEST_VALUE = 70  # a constant whose repr is longer (a registry) is shown by name and docstring only


def command_helps() -> list[tuple[str, str]]:
    """``(command line, its --help text)`` for ``rushmore`` and each of its commands, in the order
    the CLI registers them; the help is rendered at click's own width for the group."""
    from click.testing import CliRunner

    from rushmore_print.cli.commands import cli

    runner = CliRunner(env={"COLUMNS": "100", "NO_COLOR": "1"})
    helps = []
    for words in ([], *([name] for name in cli.commands)):
        result = runner.invoke(cli, [*words, "--help"], prog_name="rushmore")
        if result.exit_code != 0:
            raise RuntimeError(f"rushmore {' '.join(words)} --help exited {result.exit_code}: {result.output}")
        helps.append((" ".join(["rushmore", *words]), result.output))
    return helps


class CommandHelp(SphinxDirective):
    """Every command's ``--help``, each in a section titled by its command line."""

    def run(self) -> list[nodes.Node]:
        sections: list[nodes.Node] = []
        for line, text in command_helps():
            section = nodes.section(ids=[nodes.make_id(line)], names=[nodes.fully_normalize_name(line)])
            section += nodes.title(line, "", nodes.literal(line, line))
            section += nodes.literal_block(text, text, language="text")
            self.state.document.note_implicit_target(section)
            sections.append(section)
        return sections


def modules_under(package: str, shallow: bool) -> list[str]:
    """The package and the modules inside it, by dotted name, sorted; ``__main__`` left out (it
    runs the command line when imported)."""
    root = Path(importlib.import_module(package).__file__ or "").parent
    found = [package]
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if path.name == "__main__.py" or (shallow and len(parts) > 1):
            continue
        dotted = ".".join([package, *parts]).removesuffix(".__init__")
        if dotted != package:
            found.append(dotted)
    return found


def statements(module: ModuleType) -> list[ast.stmt]:
    """The module's top-level statements, those inside an ``if`` or ``try`` included (a definition
    for one platform, an import for the type checker only)."""
    found, todo = [], list(ast.parse(inspect.getsource(module)).body)
    while todo:
        node = todo.pop(0)
        found.append(node)
        if isinstance(node, (ast.If, ast.Try)):
            todo += [*node.body, *node.orelse, *getattr(node, "finalbody", [])]
    return found


def defined_here(module: ModuleType) -> dict[str, bool]:
    """For each name of the module's ``__all__``: True if the module's own source defines it (a
    ``def``, a ``class``, an assignment), False if it imports it from elsewhere."""
    defined: set[str] = set()
    for node in statements(module):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defined |= {target.id for target in targets if isinstance(target, ast.Name)}
    return {name: name in defined for name in module.__all__}


def home_of(module: ModuleType, name: str) -> str:
    """The dotted module where a re-exported name is documented: the module it is imported from,
    followed to the one that defines it."""
    for node in statements(module):
        if isinstance(node, ast.ImportFrom) and any(alias.name == name for alias in node.names):
            base = module.__name__ if module.__file__ and module.__file__.endswith("__init__.py") else ""
            base = base or module.__name__.rpartition(".")[0]
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            source = ".".join(filter(None, [base if node.level else "", node.module or ""]))
            imported = importlib.import_module(source)
            return source if defined_here(imported).get(name) else home_of(imported, name)
    raise LookupError(f"{module.__name__}.{name}: neither defined nor imported by name")


def module_rst(dotted: str) -> list[str]:
    """The reST that documents one module: a heading, its docstring, each public name."""
    module = importlib.import_module(dotted)
    lines = [dotted, "-" * len(dotted), "", f".. automodule:: {dotted}", "   :no-members:", ""]
    elsewhere: dict[str, list[str]] = {}
    for name, here in defined_here(module).items():
        thing = getattr(module, name)
        if not here:
            home = home_of(module, name)
            elsewhere.setdefault(home, []).append(f":py:obj:`{name} <{home}.{name}>`")
        elif inspect.isclass(thing):
            kind = "autoexception" if issubclass(thing, BaseException) else "autoclass"
            lines += [f".. {kind}:: {dotted}.{name}", "   :members:", "   :undoc-members:", "   :show-inheritance:", ""]
        elif callable(thing) and inspect.isfunction(inspect.unwrap(thing)):
            lines += [f".. autofunction:: {dotted}.{name}", ""]
        else:
            lines += [f".. autodata:: {dotted}.{name}"]
            lines += ["   :no-value:", ""] if len(repr(thing)) > LONGEST_VALUE else [""]
    if elsewhere:
        lines += [f"``{dotted}`` also names, documented where they are defined:", ""]
        lines += [f"- from ``{home}``: " + ", ".join(names) for home, names in sorted(elsewhere.items())] + [""]
    return lines


class ModuleReference(SphinxDirective):
    """The API of a package's modules, one section each, from their docstrings."""

    required_arguments = 1
    option_spec: ClassVar[dict] = {"shallow": directives.flag}

    def run(self) -> list[nodes.Node]:
        lines: list[str] = []
        for dotted in modules_under(self.arguments[0], "shallow" in self.options):
            lines += module_rst(dotted)
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source=self.arguments[0]), container)
        return list(container.children)


def drop_borrowed_docstring(
    app: Sphinx, what: str, name: str, thing: object, options: object, lines: list[str]
) -> None:
    """A constant has no docstring of its own: autodoc would show its type's (``dict``'s, click's
    ``Choice``'s), which says nothing about it."""
    import click

    if isinstance(thing, click.Command):  # its docstring is its --help, in click's own markup
        lines[:] = ["Its help, as ``rushmore --help`` prints it, is in :doc:`/reference/cli`."]
        return
    borrowed = inspect.getdoc(type(thing))
    if what in ("data", "attribute") and borrowed and "\n".join(lines).strip() == borrowed.strip():
        lines.clear()


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("autodoc-process-docstring", drop_borrowed_docstring)
    app.add_directive("rushmore-help", CommandHelp)
    app.add_directive("rushmore-api", ModuleReference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
