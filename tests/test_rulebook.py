import dataclasses
import re

import pytest
from pypdf import PdfReader

from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.rulebook import DecoyExample, Heading, MatchExample, build_rulebook
from rushmore_print.deck.validate import validate_deck
from rushmore_print.design import load_design
from rushmore_print.language.i18n import catalogue, languages
from rushmore_print.layout.items import Group, Rect, Text, item_bounds
from rushmore_print.layout.rules_sheet import MARGIN_MM
from rushmore_print.layout.sheets import PAPERS, SheetLayout
from rushmore_print.model import Level, matches
from rushmore_print.render.pdf import render_pdf
from rushmore_print.writers.build import KitOptions, answer_key_document, build_kit, rulebook_document

from .conftest import DESIGNS
from .pdftext import page_texts


def pdf_text(document, tmp_path, name="doc.pdf"):
    """The PDF's text, whitespace folded, and a reader."""
    path = tmp_path / name
    path.write_bytes(render_pdf(document))
    pages = page_texts(path)
    return " ".join(" ".join(page.split()) for page in pages).strip(), PdfReader(path)


def layout_text(document):
    """The words the layout sets on the pages, in order, whitespace folded: the renderers'
    text is checked on the classic rulebook's PDF; other designs are checked here, before
    rendering (pdftotext needs 1.6 s for the 2,048 heads of the eight-head set-up figure)."""

    def walk(items):
        for item in items:
            if isinstance(item, Text):
                yield item.text
            elif isinstance(item, Group):
                yield from walk(item.items)

    return " ".join(" ".join(walk(page.items)) for page in document.pages).split()


def expected_numbers(design, deck):
    rules = design.rules
    rows, cols = design.grid
    pools = [len(deck.pool(level)) for level in Level]
    return [
        f"{len(deck.monuments)} Monument cards",
        f"{len(deck.search)} Search cards",
        f"{rows} rows and {cols} columns",
        f"deck of {rules.deck_size} cards",
        f"reach {rules.points_to_win} points",
        f"Take {rules.points_to_win} cards",
        f"no red head ({pools[0]} cards)",
        f"at most one red head ({pools[1]} cards)",
        f"every Search card ({pools[2]} cards)",
        f"More than {rules.players_before_extra} players".lower(),
        f"{rules.players_before_extra + 1} players: {rules.deck_size_for(rules.players_before_extra + 1)} cards",
        f"play to {rules.long_points_to_win} points",
        ", ".join(design.head_names[:-1]) + (" and " if len(design.head_names) > 1 else "") + design.head_names[-1],
    ]


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.slow
def test_rulebook_states_the_designs_numbers(path, paper):
    design = load_design(path)
    deck = generate_deck(design)
    document = rulebook_document(design, deck, paper)
    assert len(document.pages) == 2
    lowered = " ".join(layout_text(document)).lower()
    for phrase in expected_numbers(design, deck):
        assert phrase.lower() in lowered, phrase


@pytest.mark.slow
def test_classic_rulebook_numbers(tmp_path, classic, classic_deck):
    text, _ = pdf_text(rulebook_document(classic, classic_deck, "a4"), tmp_path)
    for phrase in [
        "16 Monument cards",
        "39 Search cards",
        "4 rows and 4 columns",
        "deck of 12 cards",
        "(16 cards)",
        "(28 cards)",
        "(39 cards)",
        "6 players: 13 cards",
        "play to 4 points",
        "Washington, Jefferson, Roosevelt and Lincoln",
        "16 with no red head, 12 with 1 red head and 11 with 2 red heads",
    ]:
        assert phrase in text, phrase


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.slow
def test_nothing_leaves_the_rule_pages_margins(path, paper):
    design = load_design(path)
    deck = generate_deck(design)
    document = rulebook_document(design, deck, paper)
    page_size = PAPERS[paper]
    # inside the margins (a rule line's round cap may reach 0.5 mm past; the footer sits in the bottom margin)
    inside = Rect(
        MARGIN_MM - 0.5,
        MARGIN_MM - 4,
        page_size.width_mm - 2 * MARGIN_MM + 1,
        page_size.height_mm - 2 * MARGIN_MM + 4.5,
    )
    for page in document.pages:
        for item in page.items:
            assert inside.contains(item_bounds(item, document.symbols)), item
        assert any(isinstance(i, Text) for i in page.items)


def test_the_worked_example_is_a_real_match_and_the_decoy_is_not(classic, classic_deck):
    book = build_rulebook(classic, classic_deck)
    example = book.example
    assert matches(example.search.faces, example.search.red, example.monument.faces)
    assert example.monument.id == example.search.answer
    assert example.search.red_count == 2
    shown = [b for b in book.blocks if isinstance(b, MatchExample)]
    assert [e.search.red_count for e in shown] == [0, 1]  # a Basic card (the first game), then an Advanced one
    assert all(e.monument.id == e.search.answer for e in shown)
    practised = {card.id for card, _ in book.practice}
    assert not practised & {e.search.id for e in shown + [example]}
    decoy = next(b for b in book.blocks if isinstance(b, DecoyExample))
    assert decoy.decoy.faces == example.search.faces and decoy.decoy.id != example.search.answer
    for card, answer in book.practice:
        assert answer == card.answer


@pytest.mark.parametrize("language", languages())
def test_the_sheet_states_the_fair_race_rule_of_the_browser_table(classic, classic_deck, language):
    """Issue 31: the browser table orders claims by when the finger touched the phone, within what
    the network lets it tell; one screen and the terminal take claims as entered. The sheet says so
    in the referee's section, in every language, naming the command as typed."""
    design = dataclasses.replace(classic, language=language)
    book = build_rulebook(design, generate_deck(design))
    said = catalogue(language).gettext
    rule = said(
        "With “{table}”, a tap on a phone counts from the moment the finger touched it, not from when its message "
        "arrived: of two taps on one Monument, as far as the network lets the table tell, the earlier touch covers "
        "it. With one screen or at the terminal, the claim entered first covers it.",
        table="rushmore table",
    )
    referee = book.blocks.index(
        next(b for b in book.blocks if isinstance(b, Heading) and b.text == said("A referee at hand"))
    )
    assert rule in book.blocks[referee + 1].text and "rushmore table" in rule
    if language == "en":
        assert "the finger touched it, not from when its message arrived" in rule
    else:
        assert "finger touched" not in rule


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_the_referee_line_checks_a_pair_of_this_deck_that_the_sheet_worked(path):
    """The printed ``rushmore check CARD MONUMENT`` names this design's cards (an 8-head deck has
    no M03) and settles the sheet's own worked example: a player who types it sees it agree."""
    from rushmore_print.deck.rulebook import Paragraph

    design = load_design(path)
    deck = generate_deck(design)
    book = build_rulebook(design, deck)
    line = next(b.text for b in book.blocks if isinstance(b, Paragraph) and "rushmore check" in b.text)
    card_id, monument_id = re.search(r"rushmore check (S\d+) (M\d+)", line).groups()
    card = next(c for c in deck.search if c.id == card_id)
    assert card.answer == monument_id and deck.monument(monument_id).id == monument_id
    worked = [b for b in book.blocks if isinstance(b, MatchExample)]
    assert (card_id, monument_id) in {(e.search.id, e.monument.id) for e in worked}


def test_a_wrong_figure_cannot_be_made(classic_deck):
    card = next(c for c in classic_deck.search if c.red_count)
    wrong = next(m for m in classic_deck.monuments if m.id != card.answer)
    with pytest.raises(ValueError, match="does not match"):
        MatchExample(card, wrong, tuple("opposite" if r else "same" for r in card.red))
    right = classic_deck.monument(card.answer)
    with pytest.raises(ValueError):
        MatchExample(card, right, ("same",) * 4)
    with pytest.raises(ValueError):
        DecoyExample(card, right)


@pytest.mark.slow
def test_answer_key_lists_every_card_once_with_the_validators_answer(tmp_path, classic, classic_deck):
    text, _reader = pdf_text(answer_key_document(classic, classic_deck, "a4"), tmp_path)
    pairs = re.findall(r"(S\d\d) (\S+) matches → (M\d\d) (\S+)", text)
    assert sorted(p[0] for p in pairs) == [c.id for c in classic_deck.search]
    for card_id, notation, monument_id, monument_notation in pairs:
        card = classic_deck.search_card(card_id)
        assert notation == classic_deck.notation.search(card.faces, card.red)
        # the validator's rule, run here against every Monument
        matched = [m.id for m in classic_deck.monuments if matches(card.faces, card.red, m.faces)]
        assert matched == [monument_id]
        assert monument_notation == classic_deck.notation.monument(classic_deck.monument(monument_id).faces)
    for heading in [
        "Basic: 16 cards",
        "Advanced: 12 cards",
        "Expert: 11 cards",
        "Balance (from the validator)",
        "every Search card matches exactly one Monument",
    ]:
        assert heading in text
    report = validate_deck(classic_deck)
    for row in report.balance:
        assert f"{row.group} {row.cards} {row.answer_min} to {row.answer_max}" in text


@pytest.mark.slow
def test_build_writes_rulebook_and_answer_key(tmp_path, classic):
    written = build_kit(classic, tmp_path, KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,), per_card=False))
    names = [w.path.name for w in written]
    assert "mount-rushmore_rulebook_a4.pdf" in names and "mount-rushmore_answer-key_a4.pdf" in names


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_no_answer_key_page_holds_only_the_balance_table(path, paper):
    design = load_design(path)
    document = answer_key_document(design, generate_deck(design), paper)
    for page in document.pages:
        texts = [item.text for item in page.items if isinstance(item, Text)]
        assert any(text == "matches →" for text in texts), (path.name, paper, texts[:6])


def test_the_rule_choices_of_the_referee_are_in_the_rulebook(classic, classic_deck):
    """The referee's house rule and tie-break order are written where players read the rules."""
    paragraphs = [b for b in build_rulebook(classic, classic_deck).blocks if hasattr(b, "text")]
    text = " ".join(getattr(b, "lead", "") + " " + b.text for b in paragraphs)
    assert (
        "House rule, penalty: a wrong claim costs the card you won last: it goes under the cards left in the "
        "box." in text
    )
    assert "In a tie-break it only loses the round." in text
    assert "(the level’s unused ones, then the next level’s)" in text
