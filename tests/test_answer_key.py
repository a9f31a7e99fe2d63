"""The answer key's rows as a publisher reads them: every label (``S17989  R*RRLL*LR*R``) sits
between its row's two card pictures, clear of both, whatever the number of heads, red heads and
cards, on A4 and Letter; and no text of a page runs into a picture."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.validate import validate_deck
from rushmore_print.design import load_design
from rushmore_print.layout.answer_key import LABEL_CLEARANCE_MM, LABEL_PT, answer_key_pages
from rushmore_print.layout.cards import PICTURE_OUTLINE
from rushmore_print.layout.items import Rect, Shape, Text, item_bounds
from rushmore_print.layout.rules_sheet import MIN_TEXT_PT
from rushmore_print.layout.sheets import PAPERS

from .conftest import DESIGNS

# Eight heads and over 9,999 Search cards: five-digit ids and three red heads, the row of the
# original report (33 mm of label between pictures 32.7 mm apart on A4); and every head red.
CROWDED = """
name: Crowded Eight
heads: [A, B, C, D, E, F, G, H]
directions: [left, right]
search: {{seed: 5, red_counts: {counts}}}
print: {{card: poker, orientation: portrait}}
"""


def _pictures(page) -> list[Rect]:
    """The card pictures' boxes: each picture is outlined by one thin grey rectangle."""
    return [
        item_bounds(item, {})
        for item in page.items
        if isinstance(item, Shape) and item.stroke == PICTURE_OUTLINE and item.fill is None
    ]


def _overlaps(page, clearance: float = 0.0) -> list[tuple[str, Rect]]:
    """(text, picture box) for every text of the page that runs into a picture (or comes nearer
    than ``clearance`` to one's side)."""
    pictures = [Rect(box.x - clearance, box.y, box.width + 2 * clearance, box.height) for box in _pictures(page)]
    found = []
    for item in page.items:
        if isinstance(item, Text):
            box = item_bounds(item, {})
            found += [(item.text, picture) for picture in pictures if box.overlaps(picture)]
    return found


def _key(text: str, write_design, paper: str):
    design = load_design(write_design(text))
    deck = generate_deck(design)
    return answer_key_pages(design, deck, validate_deck(deck), PAPERS[paper]), deck


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_five_digit_ids_with_three_red_heads_fit_between_the_pictures(write_design, paper):
    pages, deck = _key(CROWDED.format(counts="{3: 10000}"), write_design, paper)
    assert deck.search[-1].id == "S10000"
    sizes = set()
    for page in (pages[0], pages[len(pages) - 1]):  # the key's first rows, and its last with the table
        labels = [item for item in page.items if isinstance(item, Text) and re.match(r"S\d{5}  ", item.text)]
        assert labels and all(item.text.count("*") == 3 for item in labels)
        assert len(_pictures(page)) == 2 * len(labels)
        assert _overlaps(page, LABEL_CLEARANCE_MM - 0.01) == []
        sizes |= {item.size_pt for item in labels}
    (size,) = sizes  # one size for the whole key
    assert MIN_TEXT_PT <= size <= LABEL_PT  # shrunk to fit where need be, still readable
    if paper == "a4":
        assert size < LABEL_PT  # 0.1 mm too wide at full size


@pytest.mark.slow
def test_the_widest_labels_shrink_the_pictures_rather_than_below_the_smallest_type(write_design):
    """Five-digit ids, every head red, the widest letters (``S09999  W*E*W*E*W*E*W*E*``, 45 mm):
    at the largest pictures the labels would be 5.6 pt, below the sheet's smallest type."""
    text = CROWDED.format(counts="{2: 7168, 3: 2576, 8: 256}").replace("[left, right]", "[west, east]")
    pages, _ = _key(text, write_design, "a4")
    page = pages[len(pages) - 1]
    labels = [item for item in page.items if isinstance(item, Text) and item.text.count("*") == 8]
    assert labels and all(item.size_pt >= MIN_TEXT_PT for item in labels)
    assert _overlaps(page, LABEL_CLEARANCE_MM - 0.01) == []


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_the_example_designs_keys_keep_their_labels_at_full_size_and_clear(path):
    design = load_design(path)
    deck = generate_deck(design)
    for paper in ("a4", "letter"):
        pages = answer_key_pages(design, deck, validate_deck(deck), PAPERS[paper])
        page = pages[len(pages) - 1]
        assert _overlaps(page) == []
        sizes = {item.size_pt for item in page.items if isinstance(item, Text) and "  " in item.text}
        assert sizes <= {LABEL_PT}


def test_the_overlap_check_sees_a_label_that_runs_into_a_picture(write_design):
    pages, _ = _key(CROWDED.format(counts="{8: 12}"), write_design, "a4")
    page = pages[0]
    label = next(item for item in page.items if isinstance(item, Text) and item.text.count("*") == 8)
    assert _overlaps(page) == []
    for moved in (replace(label, size_pt=label.size_pt * 1.5), replace(label, x=label.x + 12)):
        assert _overlaps(replace(page, items=(*page.items, moved))) != []
