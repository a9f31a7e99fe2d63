"""rushmore-print: a print-and-play toolkit for Mount Rushmore-style matching games.

The core (``model``, ``spec``, ``generate``, ``validate``, ``manifest``, ``layout``,
``rulebook``, ``referee``) is pure Python; ``render`` draws; ``cli`` talks to the user.

>>> from rushmore_print import load_design, generate_deck
>>> deck = generate_deck(load_design())
>>> len(deck.monuments), len(deck.search)
(16, 39)
"""

from .errors import CardError, ClaimError, RushmoreError, SpecError
from .generate import generate_deck
from .spec import Design, load_design

__version__ = "0.1.0"
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
