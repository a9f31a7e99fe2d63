"""rushmore-print: a print-and-play toolkit for Mount Rushmore-style matching games.

The core (``model``, ``spec``, ``generate``, ``validate``, ``manifest``, ``layout``,
``rulebook``, ``referee``) is pure Python; ``render`` draws; ``cli`` talks to the user.

>>> from rushmore_print import load_design, generate_deck
>>> deck = generate_deck(load_design())
>>> len(deck.monuments), len(deck.search)
(16, 39)
"""

from .errors import RushmoreError, SpecError, ClaimError, CardError
from .spec import Design, load_design
from .generate import generate_deck

__version__ = "0.1.0"
__all__ = [
    "RushmoreError", "SpecError", "ClaimError", "CardError",
    "Design", "load_design", "generate_deck", "__version__",
]
