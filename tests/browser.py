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


def start_table(tmp_path, *args):
    """``rushmore table --port 0`` in its own process: (the process, its log, the table screen's
    address, the phones' join address or None)."""
    log = tmp_path / "game.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "rushmore_print", "table", "--port", "0", "--countdown", "0.2", "--log", str(log)]
        + list(args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    lines = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        lines.append(line)
        if "/j/" in line or ("--one-screen" in args and "/table?key=" in line):  # in any language
            break
        if process.poll() is not None:
            pytest.fail("rushmore table stopped: " + process.stderr.read())
    text = "".join(lines)
    table = re.search(r"(http://127\.0\.0\.1:\d+/table\?key=\S+)", text).group(1)
    join = re.search(r"(http://\S+/j/[A-Z0-9]+)", text)
    return process, log, table, join.group(1) if join else None


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
