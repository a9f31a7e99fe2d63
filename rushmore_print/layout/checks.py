"""What would keep a design from printing, found before anything is drawn: the one check that
``validate`` reports and ``build`` refuses by, so a design ``validate`` passes always builds."""

from __future__ import annotations

from ..model import Deck
from ..rulebook import build_rulebook
from ..sizes import PAPERS
from ..spec import Design
from .cards import card_frame, layout_problems
from .rules_sheet import LayoutError, rules_pages


def printing_problems(design: Design, deck: Deck) -> list[str]:
    """Every reason, in words, that the cards or the rule sheet of ``design`` cannot be laid out.

    >>> from rushmore_print import load_design, generate_deck
    >>> design = load_design()
    >>> printing_problems(design, generate_deck(design))
    []
    """
    problems = layout_problems(design, card_frame(design))
    if problems:
        return problems
    book = build_rulebook(design, deck)
    rows, cols = design.grid
    for paper in PAPERS.values():
        try:
            rules_pages(design, deck, book, paper)
        except LayoutError as exc:
            problems.append(
                f"grid: {exc} with a {rows} x {cols} grid (its setup diagram and the examples take too much "
                "room); use a squarer grid or shorter names"
            )
    return problems
