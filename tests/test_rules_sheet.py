"""The rule sheet as a reader meets it: what comes first, what never collides or splits, the
type sizes, the practice cards drawn as cards, and a set-up figure a print shop can rasterise."""

import dataclasses
import functools
import itertools
import re
from collections import Counter

import pytest

from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.rulebook import (
    OPPOSITE,
    Heading,
    MatchExample,
    NewSide,
    Paragraph,
    PracticeFigure,
    SetupFigure,
    about_size,
    build_rulebook,
    match_example,
    table_space_mm,
)
from rushmore_print.design import load_design, parse_design
from rushmore_print.geometry import IDENTITY, apply, multiply
from rushmore_print.language.i18n import catalogue, languages
from rushmore_print.layout.cards import card_frame, card_layout
from rushmore_print.layout.fonts import Font, text_width_mm
from rushmore_print.layout.heads import HeadKey
from rushmore_print.layout.items import Group, Page, Shape, Text, Use, item_bounds
from rushmore_print.layout.rules_sheet import BODY_SIZES, MIN_TEXT_PT, rules_pages
from rushmore_print.layout.sheets import PAPERS
from rushmore_print.writers.build import rulebook_document

from .conftest import DESIGNS


@functools.lru_cache(maxsize=8)
def _design(path):
    design = load_design(path)
    return design, generate_deck(design)


def walk(items, matrix=IDENTITY):
    """Every drawing item with the matrix that places it on the page."""
    for item in items:
        if isinstance(item, Group):
            yield from walk(item.items, multiply(item.matrix, matrix))
        else:
            yield item, matrix


def texts(page):
    """(text, its box on the page, its printed size in pt) for every text on ``page``."""
    for item, matrix in walk(page.items):
        if isinstance(item, Text):
            yield item.text, item_bounds(item, {}, matrix), item.size_pt * abs(matrix[0])


def collisions(page):
    boxes = [(text, box.grow(-0.02)) for text, box, _ in texts(page)]  # runs on a line touch, never overlap
    return [(a, b) for i, (a, ra) in enumerate(boxes) for b, rb in boxes[i + 1 :] if ra.overlaps(rb)]


def adjacent_reds(deck, design):
    """A Search card with two neighbouring red heads in one row of the card, if the deck has one."""
    per_row = card_layout(design, card_frame(design)).per_row
    for card in deck.search:
        if any(card.red[i] and card.red[i + 1] and (i + 1) % per_row for i in range(len(card.red) - 1)):
            return card
    return None


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.slow
def test_no_two_texts_overlap_on_any_page(path, paper):
    design, deck = _design(path)
    for page in rulebook_document(design, deck, paper).pages:
        assert collisions(page) == []


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.slow
def test_a_worked_example_with_neighbouring_red_heads_keeps_its_labels_apart(path, paper):
    design, deck = _design(path)
    card = adjacent_reds(deck, design)
    assert card is not None, "every example design has a card with neighbouring red heads"
    book = build_rulebook(design, deck)
    red_example = next(b for b in book.blocks if isinstance(b, MatchExample) and b.search.red_count)
    blocks = tuple(match_example(deck, card) if b is red_example else b for b in book.blocks)
    pages = rules_pages(design, deck, dataclasses.replace(book, blocks=blocks), PAPERS[paper])
    labels = [text for page in pages for text, _, _ in texts(page) if text == OPPOSITE]
    assert len(labels) == card.red_count
    for page in pages:
        assert collisions(page) == []


def test_the_collision_check_sees_two_labels_run_together():
    """ "oppositeopposite": two labels closer than their width collide; a line apart they do not."""
    label = Text(50, 50, OPPOSITE, 9.0)
    width = item_bounds(label, {}).width
    page = dataclasses.replace(PAGE, items=(label, dataclasses.replace(label, x=50 + width * 0.9)))
    assert len(collisions(page)) == 1
    page = dataclasses.replace(PAGE, items=(label, dataclasses.replace(label, x=50 + width * 0.9, y=45)))
    assert collisions(page) == []


PAGE = Page(210, 297, ())


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_the_first_game_comes_first_and_red_heads_are_the_next_level(path):
    design, deck = _design(path)
    book = build_rulebook(design, deck)
    headings = [b.text for b in book.blocks if isinstance(b, Heading)]
    order = ["In the box", "Setting up", "A round", "Finding the match", "Winning", "The next level: red heads"]
    assert [h for h in headings if h in order] == order
    front = book.blocks[: next(i for i, b in enumerate(book.blocks) if isinstance(b, NewSide))]
    assert not any(isinstance(b, MatchExample) and b.search.red_count for b in front)
    assert not any("opposite" in b.text for b in front if isinstance(b, Paragraph))
    for paper in ("a4", "letter"):
        front_page, back_page = rulebook_document(design, deck, paper).pages
        assert OPPOSITE not in [text for text, _, _ in texts(front_page)]
        assert not [i for i, _ in walk(front_page.items) if isinstance(i, Use) and getattr(i.key, "red", False)]
        assert OPPOSITE in [text for text, _, _ in texts(back_page)]


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_paragraph_runs_across_the_two_sides(path, paper):
    design, deck = _design(path)
    book = build_rulebook(design, deck)
    pages = rulebook_document(design, deck, paper).pages
    sides = [" ".join(" ".join(t for t, _, _ in texts(page)).split()) for page in pages]
    for block in book.blocks:
        if isinstance(block, Paragraph):
            text = " ".join(block.text.split())
            assert sum(text in side for side in sides) == 1, text[:60]


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.slow
def test_body_type_is_the_same_on_a4_and_letter_and_nothing_is_tiny(path):
    design, deck = _design(path)
    bodies = []
    for paper in ("a4", "letter"):
        pages = rulebook_document(design, deck, paper).pages
        sizes = Counter(round(size, 2) for page in pages for _, _, size in texts(page))
        bodies.append(sizes.most_common(1)[0][0])
        smallest = min(size for page in pages for _, _, size in texts(page))
        assert smallest >= MIN_TEXT_PT - 1e-9 >= 6.0 - 1e-9, (paper, smallest)
    assert bodies[0] == bodies[1] >= 10.0 and bodies[0] in BODY_SIZES


def test_table_space_is_stated_for_wide_grids():
    eight, eight_deck = _design(DESIGNS[0].parent / "eight.yaml")
    assert about_size(*table_space_mm(eight)) == "about 1.1 x 1.5 m"  # 16 x 16 portrait poker cards
    text = " ".join(t for page in rulebook_document(eight, eight_deck, "a4").pages for t, _, _ in texts(page))
    assert "about 1.1 x 1.5 m" in text and "within everyone" not in text
    classic, classic_deck = _design(DESIGNS[0].parent / "classic.yaml")
    text = " ".join(t for page in rulebook_document(classic, classic_deck, "a4").pages for t, _, _ in texts(page))
    assert "within everyone’s reach" in text and " m of table" not in text


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.slow
def test_the_set_up_figure_draws_each_monument_once(path):
    """Once each, and cheaply: at most about 300 head drawings on a page (the eight-head sheet
    drew 2,106 before, 14 times slower to rasterise)."""
    design, deck = _design(path)
    book = build_rulebook(design, deck)
    figure = next(b for b in book.blocks if isinstance(b, SetupFigure))
    for paper in ("a4", "letter"):
        pages = rulebook_document(design, deck, paper).pages
        for page in pages:
            heads = [i for i, _ in walk(page.items) if isinstance(i, Use) and isinstance(i.key, HeadKey)]
            assert len(heads) <= 300, (paper, len(heads))
        grid = next(
            item for page in pages for item in page.items if isinstance(item, Group) and _is_setup(item, figure)
        )
        monuments = _monuments_drawn(grid, design)
        assert monuments == len(deck.monuments) == figure.rows * figure.cols


def _is_setup(group, figure):
    return any(isinstance(t, Text) and t.text == figure.captions[1] for t, _ in walk(group.items))


def _monuments_drawn(group, design):
    """A Monument is drawn as a card picture (one clip group holding its heads) or as one glyph,
    in the figure's grid (a group without a clip)."""
    grid = next(i for i in group.items if isinstance(i, Group) and i.clip is None)
    glyphs = [i for i in grid.items if isinstance(i, Shape) and i.fill == design.style.stone]
    pictures = [
        i for i in grid.items if isinstance(i, Group) and i.clip is not None and
        any(isinstance(u, Use) and isinstance(u.key, HeadKey) for u, _ in walk(i.items))
    ]  # fmt: skip
    return len(glyphs) + len(pictures)


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_practice_cards_are_drawn_as_cards_with_the_answers_at_the_foot(path):
    design, deck = _design(path)
    book = build_rulebook(design, deck)
    figure = next(b for b in book.blocks if isinstance(b, PracticeFigure))
    assert [card.id for card in figure.cards] == [card.id for card, _ in book.practice]
    back = rulebook_document(design, deck, "letter").pages[1]
    drawn = set()
    for group in _groups(back.items):
        keys = [u.key for u in group.items if isinstance(u, Use) and isinstance(u.key, HeadKey)]
        if len(keys) == len(design.heads):
            drawn.add((tuple(k.facing for k in keys), tuple(k.red for k in keys)))
    for card in figure.cards:
        assert (card.faces, card.red) in drawn, card.id
    foot = [(text, box) for text, box, _ in texts(back) if text.startswith("Practice answers")]
    assert len(foot) >= 1 and all(box.top < 25 for _, box in foot)
    for card, answer in book.practice:
        assert f"{card.id} matches {answer}" in " ".join(text for text, _ in foot)


def _groups(items):
    for item in items:
        if isinstance(item, Group):
            yield item
            yield from _groups(item.items)


@pytest.mark.slow
def test_a_rulebook_that_cannot_fit_is_refused_in_words():
    from rushmore_print.layout.rules_sheet import LayoutError, body_size

    design, deck = _design(DESIGNS[0].parent / "classic.yaml")
    book = build_rulebook(design, deck)
    long = dataclasses.replace(book, blocks=book.blocks + (Paragraph("word " * 3000),))
    with pytest.raises(LayoutError, match=rf"does not fit on one .* sheet even at {BODY_SIZES[-1]:g} pt"):
        body_size(design, deck, long)


def test_a_list_longer_than_its_column_splits_between_items_and_counts_on():
    """A numbered list that does not fit its column goes on in the next one, between two items,
    and its numbers run on (1 to 30 once each, in reading order); none of its items is cut."""
    from rushmore_print.deck.rulebook import Steps

    design, deck = _design(DESIGNS[0].parent / "classic.yaml")
    book = build_rulebook(design, deck)
    steps = tuple(f"Step {n} of a long list, told in enough words to wrap onto a second line." for n in range(1, 31))
    long = dataclasses.replace(book, blocks=(Heading("Many steps"), Steps(steps)))
    front = rules_pages(design, deck, long, PAPERS["a4"])[0]
    middle = PAPERS["a4"].width_mm / 2
    placed = sorted((box.x > middle, -box.top, box.x, text) for text, box, _ in texts(front))  # reading order
    markers = [(right, text) for right, _, _, text in placed if re.fullmatch(r"\d+\.", text)]
    assert [text for _, text in markers] == [f"{n}." for n in range(1, 31)]
    assert {right for right, _ in markers} == {False, True}  # the list runs down both columns
    words = " ".join(" ".join(text for *_, text in placed).split())
    assert all(
        f"Step {n} of a long list, told in enough words to wrap onto a second line." in words for n in range(1, 31)
    )


def test_the_table_size_is_said_in_metres_or_centimetres():
    assert about_size(1497, 1091) == "about 1.5 x 1.1 m"
    assert about_size(746, 244) == "about 75 x 25 cm"
    assert about_size(30, 20) == "about 5 x 5 cm"


def test_a_glyph_turns_each_head_the_way_it_faces():
    """The set-up glyph of a Monument: one drawing, each head's nose on the side it faces."""
    from rushmore_print.layout.cards import card_frame
    from rushmore_print.layout.rules_sheet import GLYPH_HEAD, _monument_glyph

    design, deck = _design(DESIGNS[0].parent / "eight.yaml")
    nose = min(range(len(GLYPH_HEAD)), key=lambda i: GLYPH_HEAD[i][0])  # the glyph's front-most point
    for monument in (deck.monuments[0], deck.monuments[-1], deck.monuments[5]):
        glyph = _monument_glyph(design, monument, card_frame(design, bleed_mm=0.0), 0, 0, 40)
        heads = _subpaths(glyph.path.commands)[1:]  # the first is the card
        assert len(heads) == len(design.heads)
        for points, facing in zip(heads, monument.faces):
            xs = [x for x, _ in points]
            centre = (min(xs) + max(xs)) / 2
            in_front = points[nose][0] < centre if facing == 0 else points[nose][0] > centre
            assert in_front, (monument.id, facing)


def _subpaths(commands):
    found = []
    for command in commands:
        if command[0] == "M":
            found.append([command[1:3]])
        elif command[0] == "L":
            found[-1].append(command[1:3])
    return found


@pytest.mark.slow
def test_a_deck_without_red_heads_gets_no_red_heads_section(write_design):
    path = write_design(
        """
        name: Plain
        heads: [Ann, Bob, Cy, Di]
        directions: [left, right]
        search: {seed: 3, red_counts: {0: 16}}
        """
    )
    design, deck = _design(path)
    book = build_rulebook(design, deck)
    assert "The next level: red heads" not in [b.text for b in book.blocks if isinstance(b, Heading)]
    for paper in ("a4", "letter"):
        pages = rulebook_document(design, deck, paper).pages
        assert all(collisions(page) == [] for page in pages)


def test_labels_too_close_for_one_line_drop_only_where_they_must():
    from rushmore_print.layout.rules_sheet import _label_lines

    # four labels 10 mm wide at 1 pt: apart, one line; a close pair, the second drops; three close
    # (a long word in a long language), a line each
    assert _label_lines([0, 20, 40, 60], [10] * 4, 1.0) == [0, 0, 0, 0]
    assert _label_lines([0, 20, 25, 45], [10] * 4, 1.0) == [0, 0, 1, 0]
    assert _label_lines([0, 4, 8], [10] * 3, 1.0) == [0, 1, 2]


# -- the worked examples' labels and the notation's key, in every language


@functools.lru_cache(maxsize=64)
def _in_language(path, language):
    """The example design as its players would write it: ``language:`` in the file, so the
    directions are the language's own words."""
    text = re.sub(
        r"^name: .*$", lambda m: f"{m.group(0)}\nlanguage: {language}", path.read_text("utf-8"), count=1, flags=re.M
    )
    design = parse_design(text, path.name, path.parent)
    return design, generate_deck(design)


LANGUAGES = languages()
# Every design in English and every language on the classic card run by default; the rest of the
# matrix (the long words of one language on another card's rows) is ``slow``, run by .ci/check.
IN_LANGUAGES = [
    pytest.param(path, language, id=f"{path.name}-{language}", marks=pytest.mark.slow)
    if path.stem != "classic" and language != "en"
    else pytest.param(path, language, id=f"{path.name}-{language}")
    for path in DESIGNS
    for language in LANGUAGES
]


@functools.cache  # both checks read every sheet: drawn once (each is a few hundred kB)
def _document(path, language, paper):
    """The rule sheet of ``path`` in ``language`` on ``paper``, drawn once for the tests that read it."""
    design, deck = _in_language(path, language)
    return rulebook_document(design, deck, paper)


def labels_by_line(page, words):
    """The worked examples' labels on ``page``: for each line of them (a column and a baseline),
    [(centre x, text, size in pt, width mm)] left to right."""
    lines: dict = {}
    for item, matrix in walk(page.items):
        if isinstance(item, Text) and item.text in words:
            x, y = apply(matrix, item.x, item.y)
            box = item_bounds(item, {}, matrix)
            lines.setdefault((x < page.width_mm / 2, round(y, 2)), []).append(
                (x, item.text, item.size_pt * abs(matrix[0]), box)
            )
    return [sorted(line, key=lambda label: label[0]) for line in lines.values()]


@pytest.mark.parametrize("path, language", IN_LANGUAGES)
def test_every_label_is_whole_on_its_row_s_line_at_7_pt_or_more(path, language):
    """Under a worked example each head's "same" or "opposite" is one text, at 7 pt or more, and
    each row of heads has its labels on one line, clear of each other by more than a word space
    ("tak samo tak samo" must not read as one run): on both papers, every language and design."""
    design, deck = _in_language(path, language)
    book = build_rulebook(design, deck)
    examples = [b for b in book.blocks if isinstance(b, MatchExample)]
    words = set(examples[0].words)
    layout = card_layout(design, card_frame(design))
    rows = sorted(Counter(round(slot.head.y, 3) for slot in layout.slots).values(), reverse=True)
    for paper in ("a4", "letter"):
        lines = [line for page in _document(path, language, paper).pages for line in labels_by_line(page, words)]
        assert sorted(len(line) for line in lines) == sorted(rows * len(examples)), (paper, lines)
        for line in lines:
            assert min(size for _, _, size, _ in line) >= 7.0 - 1e-9, (paper, line)  # the floor
            space = text_width_mm(" ", line[0][2], Font.REGULAR)
            for (_, _, _, left), (_, _, _, right) in itertools.pairwise(line):
                assert right.x - left.right > 2 * space, (paper, line)
        texts_in_order = [[text for _, text, _, _ in line] for line in lines]
        expected = [example.label(i) for example in examples for i in range(len(example.relations))]
        assert sorted(t for line in texts_in_order for t in line) == sorted(expected)


@pytest.mark.parametrize("path, language", IN_LANGUAGES)
def test_the_sheet_says_what_each_letter_and_the_star_mean(path, language):
    """The first worked example's key gives each direction's letter beside its word, each pair in
    one text (never broken over two lines); the red heads' section says what a * is; and the
    letters are the ones the sheet's captions and ``rushmore check`` use."""
    design, _ = _in_language(path, language)
    t = catalogue(language)
    star = t.gettext("In a card’s letters, a * follows the letter of a red head.")
    for paper in ("a4", "letter"):
        front, back = _document(path, language, paper).pages
        front_texts = [text for text, _, _ in texts(front)]
        for letter, direction in zip(design.notation.letters, design.directions):
            entry = t.gettext("{letter} = {direction}", letter=letter, direction=direction).replace(" ", "\u00a0")
            assert sum(entry in text for text in front_texts) == 1, (paper, entry)
        rows = {round(slot.head.y, 3) for slot in card_layout(design, card_frame(design)).slots}
        order = "{first}, {second}, head by head from the left" + (", top row first" if len(rows) > 1 else "")
        key = t.gettext(order, first="\x00", second="\x00").split("\x00")[-1]
        assert " ".join(key.split()) in " ".join(" ".join(front_texts).split()), (paper, key)
        back_words = " ".join(" ".join(text for text, _, _ in texts(back)).split())
        assert " ".join(star.split()) in back_words
        captions = re.findall(r"\(([A-Z*]+)\)", " ".join(front_texts))
        assert captions and all(set(c) <= set(design.notation.letters) | {"*"} for c in captions)


def test_check_reads_the_letters_a_french_sheet_prints(runner, tmp_path):
    """The notation is the same file format in every language: the letters a French sheet prints
    (L, R, whatever "gauche" and "droite" begin with) are those ``rushmore check`` reads."""
    from rushmore_print.cli.commands import cli

    design, deck = _in_language(DESIGNS[0], "fr")
    path = tmp_path / "fr.yaml"
    path.write_text(re.sub(r"^name: .*$", r"\g<0>\nlanguage: fr", DESIGNS[0].read_text("utf-8"), count=1, flags=re.M))
    book = build_rulebook(design, deck)
    red = next(b for b in book.blocks if isinstance(b, MatchExample) and b.search.red_count)
    back = rulebook_document(design, deck, "a4").pages[1]
    caption = next(text for text, _, _ in texts(back) if text.startswith(f"Carte Recherche {red.search.id} ("))
    letters = caption.split("(")[1].rstrip(")")
    assert "*" in letters
    result = runner.invoke(cli, ["check", letters, red.monument.id, "--design", str(path)])
    assert result.exit_code == 0 and result.output.startswith("oui"), result.output
