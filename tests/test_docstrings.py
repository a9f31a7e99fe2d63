"""Every public function and class documents itself with an example that runs.

"Public" is what a module names in ``__all__`` (tests/test_api.py checks that every module has
one) and, for a class, each method, classmethod, staticmethod and property whose name has no
leading underscore. "An example" is a ``>>>`` example that doctest finds in the object's own
docstring; the suite runs every such example (``--doctest-modules`` over ``rushmore_print`` in
pyproject.toml), so an example that goes stale fails the suite.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import re
from collections.abc import Iterator

import pytest

from .conftest import ROOT
from .test_api import MODULES

# Names without an example of their own: table_game serves until a browser ends the game
# (tests/test_table_server.py drives it). The list can only shrink: a test below fails when a name
# on it is documented or gone.
NOT_YET_NAMES: dict[str, frozenset[str]] = {
    "rushmore_print.web.run": frozenset({"table_game"}),
}


def public_objects(module_name: str) -> Iterator[tuple[str, object]]:
    """Each public function, class and class member defined in the module, by qualified name."""
    module = importlib.import_module(module_name)
    for name in module.__all__:
        thing = getattr(module, name)
        if not (inspect.isfunction(thing) or inspect.isclass(thing)) or thing.__module__ != module_name:
            continue  # a constant, or a name re-exported from where it is documented
        yield name, thing
        if inspect.isclass(thing):
            fields = getattr(thing, "__dataclass_fields__", {})
            for member, value in vars(thing).items():
                if member.startswith("_") or member in fields:
                    continue  # private, or a dataclass field's default (a function given as a value)
                if isinstance(value, (staticmethod, classmethod)):
                    value = value.__func__
                if isinstance(value, property):
                    value = value.fget
                if inspect.isfunction(value):
                    yield f"{name}.{member}", value


def has_example(thing: object, name: str, module_name: str) -> bool:
    """True if the object's own docstring (not one inherited) holds at least one doctest example."""
    docstring = vars(thing).get("__doc__") if inspect.isclass(thing) else getattr(thing, "__doc__", None)
    if not isinstance(docstring, str):
        return False
    return bool(doctest.DocTestParser().get_examples(docstring, f"{module_name}.{name}"))


def undocumented(module_name: str) -> list[str]:
    """The module's public names that have no example of their own."""
    return [name for name, thing in public_objects(module_name) if not has_example(thing, name, module_name)]


@pytest.mark.parametrize("module", MODULES)
def test_every_public_function_and_class_has_an_example(module):
    missing = set(undocumented(module)) - NOT_YET_NAMES.get(module, frozenset())
    assert not missing, f"{module}: no docstring example for {', '.join(sorted(missing))}"


@pytest.mark.parametrize("module", sorted(NOT_YET_NAMES))
def test_the_not_yet_names_are_still_missing_examples(module):
    assert module in MODULES, f"{module} is not a module of the package"
    done = NOT_YET_NAMES[module] - set(undocumented(module))
    assert not done, f"{module}: {', '.join(sorted(done))} documented now (or gone): take them off NOT_YET_NAMES"


def test_the_suite_runs_the_docstring_examples():
    """The examples are checked by running them, not only by being there."""
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    options = pyproject[pyproject.index("[tool.pytest.ini_options]") :].split("\n[")[0]
    assert re.search(r'^testpaths = \[.*"rushmore_print".*\]$', options, re.M), options
    assert re.search(r'^addopts = ".*--doctest-modules.*"$', options, re.M), options


def test_a_missing_example_is_caught():
    """The check itself: a documented function passes, one without an example does not."""

    def documented() -> int:
        """One.

        >>> documented()
        1
        """
        return 1

    def described() -> int:
        """One, said but not shown."""
        return 1

    assert has_example(documented, "documented", __name__)
    assert not has_example(described, "described", __name__)
    assert not has_example(lambda: None, "nameless", __name__)
