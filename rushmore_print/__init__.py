"""rushmore-print: a print-and-play toolkit for Mount Rushmore-style matching games.

The core (``model``, ``spec``, ``generate``, ``validate``, ``manifest``, ``layout``,
``rulebook``, ``referee``) is pure Python; ``render`` draws; ``cli`` talks to the user.

>>> from rushmore_print import load_design, generate_deck
>>> deck = generate_deck(load_design())
>>> len(deck.monuments), len(deck.search)
(16, 39)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import CardError, ClaimError, RushmoreError, SpecError

if TYPE_CHECKING:
    from .generate import generate_deck
    from .spec import Design, load_design

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """The library's entry points, imported on first use so that ``rushmore --help`` and other
    commands that read no design start without loading the design reader and generator. Each
    import is written out, so that the type checker and the layer test see it."""
    if name == "generate_deck":
        from .generate import generate_deck

        return generate_deck
    if name in ("Design", "load_design"):
        from . import spec

        return spec.Design if name == "Design" else spec.load_design
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CardError",
    "ClaimError",
    "Design",
    "RushmoreError",
    "SpecError",
    "__version__",
    "generate_deck",
    "load_design",
]
