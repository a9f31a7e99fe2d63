"""rushmore-print: a print-and-play toolkit for Mount Rushmore-style matching games.

A design (a YAML file: the heads, the two directions, how many Search cards of each number of
red heads) becomes a verified deck, print-ready PDFs and a referee for a game at the table. Read
a design, make and check its deck, print it, play it::

    load_design(path)               a YAML design file (None: the built-in classic game) -> Design
    parse_design(text, file, dir)   the same from a string (art files looked up in dir) -> Design
    generate_deck(design)           the Monuments and Search cards, deterministic for a seed -> Deck
    validate_deck(deck)             every Search card matches exactly one Monument? -> Report
    build_kit(design, folder)       the print-and-play PDFs (card sheets, rules, answer key) -> [Written]
    KitOptions(...)                 which papers, layouts and documents build_kit writes
    write_calibration(folder)       a duplex calibration sheet for measuring a printer's offset
    Game.new(deck, rules, grid, players)   the referee: each input returns its events (RefereeEvent)
    impose.impose(fronts, out)      card images a designer already has, onto print-ready sheets
    export.run_export(target, design, folder)   per-card images and vendor files (targets.EXPORTS)
    session.Session                 a game at the table, line by line, with its log and resume

Errors are types (``SpecError`` for a design, ``CardError`` and ``ClaimError`` in a game,
``BuildError`` when nothing could be written), all ``RushmoreError``; each says what is wrong,
where and what is allowed. The core (``model``, ``design``, ``generate``, ``validate``,
``layout``, ``referee``, ``session``) is pure Python; ``render`` draws; ``cli`` talks to the user.
Every module names its public API in ``__all__``, each public function and class shows an
example, and the package ships ``py.typed``. The docs' "Using it from Python" page
(``docs/guide/python.md``) walks through each call.

>>> from rushmore_print import Game, generate_deck, load_design, validate_deck
>>> design = load_design()
>>> deck = generate_deck(design)
>>> len(deck.monuments), len(deck.search), validate_deck(deck).ok()
(16, 39, True)
>>> game = Game.new(deck, design.rules, design.grid, ["ann", "bob"], seed=3)
>>> [type(event).__name__ for event in game.start()]
['Setup', 'Revealed']
>>> answer = game.current.answer
>>> [type(event).__name__ for event in game.claim("ann", answer) + game.pass_("bob")]
['Claimed', 'Passed', 'Judged', 'Revealed']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import BuildError, CardError, ClaimError, RushmoreError, SpecError

if TYPE_CHECKING:
    from .deck.generate import generate_deck
    from .deck.validate import Report, validate_deck
    from .design import Design, load_design, parse_design
    from .game.referee import Game
    from .layout.sheets import Flip, SheetLayout
    from .model import Deck
    from .writers.build import KitOptions, build_kit, write_calibration

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """The library's entry points, imported on first use so that ``import rushmore_print`` and
    ``rushmore --help`` stay quick (the design reader, the generator and reportlab load only
    when asked for). Each import is written out, so that the type checker and the layer test
    see it."""
    if name == "generate_deck":
        from .deck.generate import generate_deck

        return generate_deck
    if name in ("Design", "load_design", "parse_design"):
        from . import design

        return {"Design": design.Design, "load_design": design.load_design, "parse_design": design.parse_design}[name]
    if name in ("validate_deck", "Report"):
        from .deck import validate

        return validate.validate_deck if name == "validate_deck" else validate.Report
    if name == "Deck":
        from .model import Deck

        return Deck
    if name in ("build_kit", "KitOptions", "write_calibration"):
        from .writers import build

        return {
            "build_kit": build.build_kit,
            "KitOptions": build.KitOptions,
            "write_calibration": build.write_calibration,
        }[name]
    if name in ("SheetLayout", "Flip"):
        from .layout import sheets

        return sheets.SheetLayout if name == "SheetLayout" else sheets.Flip
    if name == "Game":
        from .game.referee import Game

        return Game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "BuildError",
    "CardError",
    "ClaimError",
    "Deck",
    "Design",
    "Flip",
    "Game",
    "KitOptions",
    "Report",
    "RushmoreError",
    "SheetLayout",
    "SpecError",
    "__version__",
    "build_kit",
    "generate_deck",
    "load_design",
    "parse_design",
    "validate_deck",
    "write_calibration",
]
