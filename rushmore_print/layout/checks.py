"""What would keep a design from printing, found before anything is drawn: the one check that
``validate`` reports and ``build`` refuses by, so a design ``validate`` passes always builds."""

from __future__ import annotations

from ..deck.rulebook import build_rulebook
from ..design import Design
from ..model import Deck
from ..sizes import PAPERS, Paper
from .cards import card_frame, layout_problems
from .items import Page
from .rules_sheet import LayoutError, rules_pages


def printing_problems(design: Design, deck: Deck, rule_sheet: bool = True) -> list[str]:
    """Every reason, in words, that the cards or the rule sheet of ``design`` cannot be laid out.
    (``build`` checks the rule sheet as it lays it out, on its worker: ``rule_sheet=False``.)

    >>> from rushmore_print import load_design, generate_deck
    >>> design = load_design()
    >>> printing_problems(design, generate_deck(design))
    []
    """
    problems = layout_problems(design, card_frame(design))
    if problems or not rule_sheet:
        return problems
    # the body size is shared by every paper, so one paper that cannot fit it fails them all: say it once
    return list(dict.fromkeys(p for paper in PAPERS.values() if (p := rule_sheet_problem(design, deck, paper))))


def rule_sheet_pages(design: Design, deck: Deck, paper: Paper) -> list[Page]:
    """The rule sheet's pages, or a ``LayoutError`` in the words ``validate`` uses.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.sizes import PAPERS
    >>> design = load_design()
    >>> len(rule_sheet_pages(design, generate_deck(design), PAPERS["letter"]))
    2
    """
    try:
        return rules_pages(design, deck, build_rulebook(design, deck), paper)
    except LayoutError as exc:
        rows, cols = design.grid
        raise LayoutError(
            f"grid: {exc} with a {rows} x {cols} grid (its setup diagram and the examples take too much "
            "room); use a squarer grid or shorter names"
        ) from None


def rule_sheet_problem(design: Design, deck: Deck, paper: Paper) -> str | None:
    """Why the rule sheet cannot be laid out on this paper, in the words ``validate`` uses; None if it can.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.sizes import PAPERS
    >>> design = load_design()
    >>> rule_sheet_problem(design, generate_deck(design), PAPERS["a4"]) is None
    True
    """
    try:
        rule_sheet_pages(design, deck, paper)
    except LayoutError as exc:
        return str(exc)
    return None


__all__ = ["printing_problems", "rule_sheet_pages", "rule_sheet_problem"]
