"""The docs site (docs/, Sphinx with MyST) builds with warnings as errors, its API pages list every
public name of every module, its CLI reference is every command's --help, and the README's links
lead to pages and headings that exist (Sphinx checks the pages' own links; nothing builds the
README)."""

from __future__ import annotations

import html
import importlib
import importlib.util
import os
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from .conftest import ROOT
from .docpages import DOCS, README
from .test_api import MODULES
from .test_docstrings import public_objects


def github_slug(heading: str) -> str:
    """The anchor GitHub (and MyST's heading anchors) give a heading: lower case, punctuation
    other than hyphens and underscores dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def headings(markdown: str) -> set[str]:
    fenced, found = False, set()
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            found.add(github_slug(line.lstrip("#")))
    return found


def test_every_link_of_the_readme_leads_somewhere_from_the_package_index_too():
    """README.md is the wheel's long description: on the package index a relative link
    (docs/guide/table.md, #a-heading) leads nowhere, so every link is absolute, and every one
    into the repository (pyproject's [project.urls]) names a file and heading that exist."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["urls"]
    files = urls["Repository"] + "/blob/main/"
    assert urls["Documentation"].startswith(files), urls
    links = re.findall(r"\]\(([^)\s]+)\)", README)
    relative = [link for link in links if not re.match(r"https?://", link)]
    assert not relative, f"README.md has links that lead nowhere on the package index: {relative}"
    ours = [link.removeprefix(files) for link in links if link.startswith(files)]
    assert len(ours) > 20, ours
    for link in ours + [urls["Documentation"].removeprefix(files)]:
        path, _, anchor = link.partition("#")
        target = ROOT / path
        assert target.is_file(), f"README.md links to {path}, which does not exist"
        if anchor:
            assert anchor in headings(target.read_text("utf-8")), f"README.md links to {link}: no such heading"


def test_a_section_named_in_italics_above_or_below_is_there_on_the_same_page():
    """``see *Images* above`` sends the reader up the same page: a heading of that name must be
    there (a section of another page is a link; the design-file page once pointed up to a section
    the move to docs/ had left on another page)."""
    for path in [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]:
        text = path.read_text("utf-8")
        for match in re.finditer(r"\*([A-Z][^*\n]*)\* (above|below)\b", text):
            name, way = github_slug(match.group(1)), match.group(2)
            there = headings(text[: match.start()] if way == "above" else text[match.end() :])
            assert any(slug.startswith(name) for slug in there), (
                f"{path.relative_to(ROOT)} sends the reader to *{match.group(1)}* {way}: no such heading {way} it"
            )


def test_every_page_of_the_docs_is_linked_from_the_readme_or_a_toctree():
    index = (DOCS / "index.md").read_text("utf-8") + (DOCS / "api" / "index.md").read_text("utf-8")
    for page in sorted(DOCS.rglob("*.md")) + sorted(DOCS.rglob("*.rst")):
        name = page.relative_to(DOCS).with_suffix("").as_posix()
        if name not in ("index", "api/index"):
            listed = name in index or name.removeprefix("api/") in index
            assert listed, f"docs/{name} is in no toctree"


def test_every_benchmark_has_its_figures_on_the_benchmarks_page():
    """One page holds the current figure of each benchmark and the command that made it."""
    page = (DOCS / "benchmarks.md").read_text("utf-8")
    scripts = [path for path in sorted((ROOT / "bench").glob("*.py")) if '__name__ == "__main__"' in path.read_text()]
    assert len(scripts) > 10
    missing = [path.name for path in scripts if f"python bench/{path.name}" not in page]
    assert not missing, f"docs/benchmarks.md does not show the figures of {missing}"


def inventory(site: Path) -> set[str]:
    """The names of every object the built site documents (its objects.inv)."""
    data = (site / "objects.inv").read_bytes()
    body = zlib.decompress(data.split(b"\n", 4)[4]).decode("utf-8")
    return {line.split(" ", 1)[0] for line in body.splitlines() if line}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The built site: the one .ci/check has just built with warnings as errors (it says where in
    RUSHMORE_DOCS_SITE), or one built here the same way."""
    if os.environ.get("RUSHMORE_DOCS_SITE"):
        return ROOT / os.environ["RUSHMORE_DOCS_SITE"]
    if importlib.util.find_spec("sphinx") is None and not os.environ.get("CI"):
        pytest.skip("the docs site's tools are not installed: pip install -e '.[docs]'")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-E", "-b", "html", str(DOCS), str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr[-3000:]
    return out


@pytest.mark.slow
def test_the_api_pages_list_every_public_name(site):
    documented = inventory(site)
    missing = []
    for name in MODULES:
        module = importlib.import_module(name)
        assert name in documented, f"the API pages have no section for {name}"
        for public in module.__all__:
            thing = getattr(module, public)
            if f"{name}.{public}" in documented:
                continue
            homes = [entry for entry in documented if entry.endswith("." + public)]
            if not any(_resolve(entry) is thing for entry in homes):
                missing.append(f"{name}.{public}")
        missing += [f"{name}.{member}" for member, _ in public_objects(name) if f"{name}.{member}" not in documented]
    assert not missing, f"the API pages do not list {sorted(set(missing))}"


def _resolve(dotted: str) -> object:
    """The object a documented name stands for: the longest importable module prefix, then attributes."""
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for part in parts[split:]:
            found = getattr(found, part, None)
        return found
    return None


@pytest.mark.slow
def test_the_cli_reference_is_every_command_s_help(site):
    from click.testing import CliRunner

    from rushmore_print.cli.commands import cli

    page = html.unescape(re.sub(r"<[^>]+>", "", (site / "reference" / "cli.html").read_text("utf-8")))
    runner = CliRunner(env={"COLUMNS": "100"})  # a terminal 100 wide: click's widest for this group
    for words in ([], *([name] for name in cli.commands)):
        helped = runner.invoke(cli, [*words, "--help"], prog_name="rushmore")
        assert helped.exit_code == 0 and helped.output.startswith(f"Usage: {' '.join(['rushmore', *words])} ")
        lost = [line for line in helped.output.splitlines() if line.strip() and line not in page]
        assert not lost, f"the CLI reference lacks these lines of rushmore {' '.join(words)} --help: {lost}"
