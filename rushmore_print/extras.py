"""The package's optional parts (extras): what each brings and serves, and the one sentence a
command says when the extra it needs is not installed.

The core install (``pip install rushmore-print``) does the main job: build, validate, cards,
rulebook, play, export and impose (of PNGs, JPEGs and WebPs, and of SVG art). A dependency that serves
one other command, or one kind of file, lives in an extra, and the code that needs it calls
:func:`require` before importing it, so a missing extra is a clear error, never a traceback.
The extras' package lists live in ``pyproject.toml`` (``[project.optional-dependencies]``);
``tests/test_extras.py`` checks the two agree.
"""

from __future__ import annotations

import enum
import importlib.util

from .errors import MissingExtra
from .frozen import frozen_dataclass


class Extra(enum.Enum):
    """An optional part of the package, by its name in ``pip install 'rushmore-print[NAME]'``.

    >>> [extra.value for extra in Extra]
    ['table', 'preview', 'xlsx', 'jpeg']
    """

    TABLE = "table"
    PREVIEW = "preview"
    XLSX = "xlsx"
    JPEG = "jpeg"


@frozen_dataclass
class ExtraNeeds:
    """What an extra serves (the subject of the sentence a user reads) and the modules it
    installs (the names ``import`` uses, which are not always the package's).

    >>> EXTRAS[Extra.TABLE].modules
    ('aiohttp', 'segno')
    """

    serves: str
    modules: tuple[str, ...]


EXTRAS: dict[Extra, ExtraNeeds] = {
    Extra.TABLE: ExtraNeeds("rushmore table", ("aiohttp", "segno")),
    Extra.PREVIEW: ExtraNeeds("rushmore preview --watch", ("aiohttp", "watchfiles")),
    Extra.XLSX: ExtraNeeds("writing an XLSX spreadsheet", ("openpyxl",)),
    # libjpeg-turbo with its warnings as errors where Pillow has none beside it (Windows); the core
    # reaches Pillow's own copy through ctypes (readers/libjpeg.py). It brings numpy (65 MB) along.
    Extra.JPEG: ExtraNeeds("proving a JPEG's image data whole", ("simplejpeg",)),
}


def installed(extra: Extra) -> bool:
    """Whether every module ``extra`` brings can be imported (none is imported here).

    >>> installed(Extra.PREVIEW) in (True, False)
    True
    """
    return all(importlib.util.find_spec(module) is not None for module in EXTRAS[extra].modules)


def missing_sentence(extra: Extra) -> str:
    """The one sentence a command says when ``extra`` is not installed.

    >>> print(missing_sentence(Extra.JPEG))
    proving a JPEG's image data whole needs the jpeg extra, which is not installed: pip install 'rushmore-print[jpeg]'
    """
    return (
        f"{EXTRAS[extra].serves} needs the {extra.value} extra, which is not installed: "
        f"pip install 'rushmore-print[{extra.value}]'"
    )


def require(extra: Extra) -> None:
    """Raise :class:`~rushmore_print.errors.MissingExtra` unless ``extra`` is installed; call it
    before importing the extra's modules.

    >>> require(Extra.TABLE) if installed(Extra.TABLE) else None
    """
    if not installed(extra):
        raise MissingExtra(missing_sentence(extra))


__all__ = ["EXTRAS", "Extra", "ExtraNeeds", "installed", "missing_sentence", "require"]
