"""The files the package ships (fonts, catalogues, colour and vendor profiles, the browser
table's assets and the example designs), reached one way: :func:`shipped`.

A package installed as a folder of files is read through its own folder; only one imported from
an archive (a zip file on ``sys.path``) goes through ``importlib.resources``, whose import, with
``zipfile`` and the resource readers behind it, was a fiftieth of ``rushmore impose``'s CPU.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.abc import Traversable

__all__ = ["DESIGNS", "shipped"]

_ROOT = __name__.rpartition(".")[0]  # rushmore_print, whose folder this module lies in

DESIGNS = f"{_ROOT}.designs"
"""The package the example designs ship in (the repository's ``designs/``, mapped by pyproject)."""


def shipped(relative: str, package: str = _ROOT) -> Traversable:
    """The file or folder ``relative`` (``/`` between its parts) that ``package`` ships.

    >>> shipped("junior.yaml", DESIGNS).read_text("utf-8").splitlines()[1]
    'name: Rushmore Junior'
    >>> shipped("data/fonts").joinpath("DejaVuSansCondensed.ttf").is_file()
    True
    """
    folder = Path(__file__).parent if package == _ROOT else _folder_of(package)
    if folder is not None and folder.is_dir():
        return folder.joinpath(*relative.split("/"))
    from importlib import resources  # a package in an archive

    return resources.files(package).joinpath(relative)


def _folder_of(package: str) -> Path | None:
    import importlib.util

    spec = importlib.util.find_spec(package)
    return Path(spec.submodule_search_locations[0]) if spec and spec.submodule_search_locations else None
