"""docs/ARCHITECTURE.md stays true to the code: every module, file and name it cites exists."""

import importlib
import re

import pytest

from .conftest import ROOT

ARCHITECTURE = (ROOT / "docs" / "ARCHITECTURE.md").read_text("utf-8")
CITED = sorted(set(re.findall(r"`([A-Za-z_][\w/]*(?:\.[A-Za-z_]\w*)*(?:\.py)?)`", ARCHITECTURE)))
PACKAGE = ROOT / "rushmore_print"
# A module by its file name alone (no two share one): ``targets`` is ``deck.targets``.
BY_NAME = {
    path.stem: ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
    for path in PACKAGE.rglob("*.py")
    if path.stem != "__init__" and len(path.relative_to(PACKAGE).parts) > 1
}


def _resolves(cited: str) -> bool:
    """``design/yamlfile.py``, ``layout.sheets.plan_sheet``, ``export.Exporter``: a file of the
    repository, or a module of the package (by its path or its file name alone) and, after it,
    names defined in it."""
    if "/" in cited or cited.endswith((".py", ".md")):
        return any((base / cited).exists() for base in (ROOT, PACKAGE))
    parts = cited.split(".")
    if parts[0] in BY_NAME and not (PACKAGE / parts[0]).exists():
        parts = [*BY_NAME[parts[0]].split("."), *parts[1:]]
    if len(parts) == 1:  # a module, named only (importing __main__ would run the command line)
        return _is_code(cited)
    for split in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(["rushmore_print", *parts[:split]]))
        except ImportError:
            continue
        for name in parts[split:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def _is_code(cited: str) -> bool:
    """A citation of this package's code or files, not an option, a value or another tool's name."""
    head = cited.split(".")[0].split("/")[0]
    return (
        head in BY_NAME
        or (ROOT / "rushmore_print" / head).exists()
        or (ROOT / "rushmore_print" / f"{head}.py").exists()
        or ((ROOT / head).is_dir() and "/" in cited)
    )


@pytest.mark.parametrize("cited", [c for c in CITED if _is_code(c)])
def test_every_name_the_architecture_cites_exists(cited):
    assert _resolves(cited), f"docs/ARCHITECTURE.md cites `{cited}`, which the code no longer has"


def test_the_architecture_cites_the_code():
    assert len([c for c in CITED if _is_code(c)]) > 40
