from __future__ import annotations

import gc
import os
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import load_design

# The suite starts a dozen Python processes (xdist workers, `python -m rushmore_print` runs); where
# PYTHONDONTWRITEBYTECODE is set, each would compile the package and rewrite the tests again (about
# a second each). The suite keeps its bytecode in the usual, git-ignored __pycache__ folders.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "designs"  # the example designs, shipped as the package rushmore_print.designs
DESIGNS = sorted(EXAMPLES.glob("*.yaml"))


def pytest_collection_modifyitems(items):
    """The slow tests first (in their order), so that no core is left running one at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


class FrozenHeap:
    """The garbage collector kept to what the tests make: what collection leaves (every module of
    the package and of the tests, the parametrised cases, the fuzzers' samples) is frozen once
    collected, and after each module's last test (its module fixtures gone) the garbage is
    collected and what is left (caches, session fixtures, what later modules import) frozen too.

    A full collection walks every object not frozen. Left to itself, the collector makes one each
    time the heap has grown by a quarter, and pytest five at the end to find unraisable
    exceptions: a test process held 300,000 to 580,000 objects by the end and spent 4 to 7 s of
    CPU in collections (measured with gc.callbacks). Here each walks what one module made. What a
    test makes is collected as before (nothing it makes is frozen while it runs), and so is what
    pytest's last collections find. ``writers.workers.run_forked`` unfreezes all as it ends; the
    next module's end freezes again. A plugin of its own, not conftest hooks: a conftest's test
    hooks are not called for the package's doctests, which run last.
    """

    def pytest_collection_finish(self, session):
        gc.collect()  # first, so that collection's own garbage is not kept
        gc.freeze()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item, nextitem):
        yield
        if nextitem is None or nextitem.path != item.path:
            gc.collect()
            gc.freeze()


def pytest_configure(config):
    config.pluginmanager.register(FrozenHeap(), "rushmore-frozen-heap")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test that started ``rushmore table`` (tests/browser.py's ``start_table``) reports
    what each server printed, beside pytest's own captured output."""
    report = yield
    folder = getattr(item, "funcargs", {}).get("tmp_path")
    if report.failed and folder is not None and any(Path(folder).glob("table-*.out")):
        from .browser import printed_in

        report.sections.append(("rushmore table printed", printed_in(folder)))
    return report


@pytest.fixture(autouse=True)
def one_process(monkeypatch):
    """pytest-xdist already runs a test process a core: builds and exports stay in-process; and
    the throw-away files of tests are not synced to disk (the production path always is)."""
    monkeypatch.setenv("RUSHMORE_WORKERS", "1")
    monkeypatch.setenv("RUSHMORE_FSYNC", "0")


@pytest.fixture(scope="session")
def classic():
    return load_design()


@pytest.fixture(scope="session")
def classic_deck(classic):
    return generate_deck(classic)


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def write_design(tmp_path):
    """Write YAML text (dedented) to a design file and return its path."""

    def write(text: str, name: str = "design.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), "utf-8")
        return path

    return write


MINIMAL = """
name: Test
heads: [A, B, C, D]
directions: [left, right]
search:
  seed: 1
  red_counts: {0: 16, 1: 12, 2: 11}
"""


TINY = """
name: Tiny
heads: [{name: Ada, look: bun}, {name: Bo, look: beard}]
directions: [left, right]
search: {seed: 3, red_counts: {0: 4, 1: 2}}
"""


@pytest.fixture(scope="session")
def tiny_path(tmp_path_factory):
    """A two-head design on the classic poker card: 4 Monuments, 6 Search cards. Vendor sizes
    depend on the card, not the deck, so exports are checked on it quickly."""
    path = tmp_path_factory.mktemp("tiny") / "tiny.yaml"
    path.write_text(textwrap.dedent(TINY).lstrip("\n"), "utf-8")
    return path


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for a module of browser tests (tests/browser.py): each screen is a
    page in a context of its own (a phone keeps its seat in its own storage)."""
    from .browser import ARGS, CHROMIUM

    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()
