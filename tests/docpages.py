"""The documentation's text, for the tests that hold it to the code: README.md (the door) and the
pages of the docs site under docs/ (Markdown, built by Sphinx). A test names the page a fact lives
on, so that moving a text without its test fails."""

from __future__ import annotations

import re

from .conftest import ROOT

DOCS = ROOT / "docs"
README = (ROOT / "README.md").read_text("utf-8")


def page(name: str) -> str:
    """The Markdown of a page of the docs site, by its path under docs/ (``guide/commands.md``)."""
    return (DOCS / name).read_text("utf-8")


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (a whole heading line, ``## Examples``) up to the next heading of
    the same or a higher level; lines inside code fences are not headings."""
    start = text.index(heading + "\n") + len(heading)
    level = len(heading.split(" ", 1)[0])
    fenced = False
    offset = start
    for line in text[start:].splitlines(keepends=True):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(rf"#{{1,{level}}} ", line):
            return text[start:offset]
        offset += len(line)
    return text[start:]


def first_block(text: str, language: str = "sh") -> str:
    """The body of the first fenced code block of that language in ``text``."""
    start = text.index(f"```{language}\n") + len(f"```{language}\n")
    return text[start : text.index("```", start)]


def command_lines(block: str) -> list[tuple[str, str]]:
    """(command, comment) for each line of a shell block that holds a command; the comment is what
    follows two spaces and ``#``."""
    found = []
    for line in block.splitlines():
        command, _, comment = line.partition("  #")
        if command.strip():
            found.append((command.strip(), comment.strip()))
    return found
