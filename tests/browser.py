"""Driving ``rushmore table`` in Debian's headless Chromium through Playwright, shared by the
browser tests: starting a table, and what a person at the table can see (every control inside
the screen, uncovered, its label inside its box)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENS = os.environ.get("RUSHMORE_SCREENSHOTS")  # a folder to keep the screenshots in, to look at

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (apt-get install chromium)"
)


WAIT_S = 30.0  # seconds ``rushmore table`` has to print its addresses


def start_table(tmp_path, *args, port: int = 0, wait: float = WAIT_S):
    """``rushmore table --port PORT`` (0: any free one) in its own process: (the process, its log,
    the table screen's address, the phones' join address or None). With ``--resume`` among
    ``args``, the log is the one resumed.

    What the server prints goes to files in ``tmp_path`` (``table-N.out``, ``table-N.err``), never
    to a pipe nobody reads (a full pipe would block the server mid-game); ``process.stdout`` and
    ``process.stderr`` read those files, and :func:`printed` gives both for a failure's message
    (conftest.py adds them to the report of a test that fails). A server that stops, or does not
    print its addresses within ``wait`` seconds, is killed and the test fails with what it printed.
    """
    log = tmp_path / "game.jsonl"
    logged = [] if "--resume" in args else ["--log", str(log)]
    number = len(list(tmp_path.glob("table-*.out"))) + 1  # a resumed server prints beside the first
    out, err = tmp_path / f"table-{number}.out", tmp_path / f"table-{number}.err"
    with out.open("wb") as out_file, err.open("wb") as err_file:
        process = subprocess.Popen(
            [sys.executable, "-m", "rushmore_print", "table", "--port", str(port), "--countdown", "0.2", *logged]
            + list(args),
            stdout=out_file,
            stderr=err_file,
            cwd=tmp_path,
        )
    # the callers read what it printed as they read a pipe's (``process.stderr.read()``)
    process.stdout = out.open(encoding="utf-8", errors="replace")
    process.stderr = err.open(encoding="utf-8", errors="replace")
    process.printed = (out, err)
    text = ""
    deadline = time.monotonic() + wait
    while True:
        text = out.read_text(encoding="utf-8", errors="replace")
        if "/j/" in text or ("--one-screen" in args and "/table?key=" in text):  # in any language
            break
        if process.poll() is not None:
            pytest.fail(f"rushmore table stopped (exit code {process.returncode}):\n{printed(process)}")
        if time.monotonic() > deadline:
            process.kill()
            process.wait(timeout=10)
            pytest.fail(f"rushmore table printed no address within {wait:g} s (killed):\n{printed(process)}")
        time.sleep(0.05)
    while not text.endswith("\n"):  # the address line whole
        time.sleep(0.01)
        text = out.read_text(encoding="utf-8", errors="replace")
    table = re.search(r"(http://127\.0\.0\.1:\d+/table\?key=\S+)", text).group(1)
    join = re.search(r"(http://\S+/j/[A-Z0-9]+)", text)
    return process, log, table, join.group(1) if join else None


def printed(process) -> str:
    """What a server of :func:`start_table` has printed so far, its stdout then its stderr."""
    out, err = process.printed
    return "\n".join(
        f"--- {path.name} ---\n{path.read_text(encoding='utf-8', errors='replace')}" for path in (out, err)
    )


def printed_in(folder) -> str:
    """What every server :func:`start_table` started in ``folder`` printed (for a failed test's report)."""
    paths = sorted(Path(folder).glob("table-*.out")) + sorted(Path(folder).glob("table-*.err"))
    return "\n".join(f"--- {path.name} ---\n{path.read_text(encoding='utf-8', errors='replace')}" for path in paths)


def shot(page, name):
    """A screenshot into $RUSHMORE_SCREENSHOTS, when it is set."""
    if SCREENS:
        Path(SCREENS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENS) / name))


def resize(page, width: int, height: int):
    """The page's viewport at ``width`` x ``height``, once the page has handled the resize (its
    layout is worked out in the handler; nothing waits for a paint)."""
    if page.viewport_size == {"width": width, "height": height}:
        return
    page.evaluate("() => { window.resized = new Promise((done) => addEventListener('resize', done, { once: true })); }")
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("() => window.resized")


_OUT_OF_REACH = (Path(__file__).parent / "reach.js").read_text(encoding="utf-8")


def out_of_reach(page) -> list[str]:
    """What a person could not press or read on the page as it is now, each with the reason."""
    return page.evaluate(_OUT_OF_REACH)


def out_of_reach_when(page, selector: str):
    """Has the page itself look (as ``out_of_reach``) the moment an element matching ``selector``
    appears, however briefly it stays (the count of three); ``looked(page)`` waits for the answer."""
    page.evaluate(
        "(selector) => { const look = "
        + _OUT_OF_REACH
        + """;
          window.looked = null;
          const observer = new MutationObserver(() => {
            if (document.querySelector(selector)) { window.looked = look(); observer.disconnect(); }
          });
          observer.observe(document, { childList: true, subtree: true }); }""",
        selector,
    )


def looked(page) -> list[str]:
    """What the page found when it looked (``out_of_reach_when``)."""
    page.wait_for_function("() => window.looked !== null")
    return page.evaluate("() => window.looked")
