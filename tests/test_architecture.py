"""The core stays pure: no renderer, no click, no yaml outside spec."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "rushmore_print"
CORE = ["errors", "units", "model", "spec", "generate", "validate", "manifest", "referee", "layout"]
FORBIDDEN = {"reportlab", "PIL", "click"}


def imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def core_files():
    for name in CORE:
        target = PACKAGE / name
        yield from (sorted(target.glob("*.py")) if target.is_dir() else [target.with_suffix(".py")])


def test_core_imports_no_renderer_and_no_cli():
    for path in core_files():
        assert not imports_of(path) & FORBIDDEN, path.name


def test_only_spec_imports_yaml():
    users = {p.name for p in PACKAGE.rglob("*.py") if "yaml" in imports_of(p)}
    assert users == {"spec.py"}


def test_only_cli_imports_click():
    users = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py") if "click" in imports_of(p)}
    assert users == {"cli.py"}
