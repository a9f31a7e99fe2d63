"""The rulebook's content as data, written from the design and the generated deck.

Every number a reader sees comes from the design (``Rules``, grid, heads, card size) or the deck
(card counts, level pools); none is typed into the text. Every word the sheet prints is here too,
the figures' captions included, so the text can be read (or translated) in one place. The layout
module flows these blocks onto a sheet; a worked example is a :class:`MatchExample`, which cannot
be built from a pair of cards that do not match.

The order teaches the first game first: what is in the box, set-up, a round, matching plain
cards, winning; the back of the sheet (after :class:`NewSide`) brings in red heads as the next
level, then the variants and practice.
"""

from __future__ import annotations

import dataclasses

from ..design import Design
from ..frozen import frozen_dataclass
from ..language.i18n import Catalogue, catalogue, catalogue_for, level_name, level_own_words, level_pool_words
from ..layout.cards import card_frame, card_layout
from ..model import Deck, Level, Monument, SearchCard, matches

TABLE_GAP_MM = 5.0  # between neighbouring cards on the table, so a hand can cover one card
REACH_COLUMNS = 6  # a grid up to this wide lies within everyone's reach on a kitchen table
SAME, OPPOSITE = "same", "opposite"  # the worked examples' word under each head
SIDES = 2  # of the rule sheet: the blocks after NewSide are on its back


@frozen_dataclass
class Heading:
    """A section's heading.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> book = build_rulebook(design, generate_deck(design))
    >>> book.blocks[1]
    Heading(text='In the box')
    """

    text: str


@frozen_dataclass
class Paragraph:
    """A paragraph, its lead (if any) set in bold before the text.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> book = build_rulebook(design, generate_deck(design))
    >>> book.blocks[0].text[:46]
    '16 Monument cards lie face up on the table. A '
    """

    text: str
    lead: str = ""  # set in bold before the text


@frozen_dataclass
class Steps:
    """A numbered list.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> book = build_rulebook(design, generate_deck(design))
    >>> setting_up = book.blocks[4]
    >>> type(setting_up).__name__, len(setting_up.items), setting_up.items[0][:37]
    ('Steps', 3, 'Shuffle the Monuments and lay them fa')
    """

    items: tuple[str, ...]  # numbered
    first: int = 1  # the number of the first item: the rest of a list split between columns counts on


@frozen_dataclass
class Bullets:
    """A list of bold leads and their text, with the sentence that leads into it.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> book = build_rulebook(design, generate_deck(design))
    >>> in_the_box = book.blocks[2]
    >>> [lead for lead, text in in_the_box.items]
    ['16 Monument cards', '39 Search cards', 'This rule sheet']
    """

    items: tuple[tuple[str, str], ...]  # (bold lead, text)
    intro: str = ""  # a sentence leading into the list, kept with it


@frozen_dataclass
class NewSide:
    """What follows starts the back of the sheet: no block runs across the two sides.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> book = build_rulebook(design, generate_deck(design))
    >>> [type(block).__name__ for block in book.blocks].count("NewSide")
    1
    """


@frozen_dataclass
class MatchExample:
    """A Search card above the Monument it matches, head by head. Refuses a pair that does not match.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> book = build_rulebook(design, generate_deck(design))
    >>> example = book.example
    >>> example.search.id, example.monument.id, example.relations
    ('S29', 'M10', ('opposite', 'same', 'same', 'opposite'))
    """

    search: SearchCard
    monument: Monument
    relations: tuple[str, ...]  # SAME or OPPOSITE, per head
    captions: tuple[str, str] = ("", "")  # above the Search card, under the Monument
    words: tuple[str, str] = (SAME, OPPOSITE)  # how the sheet's language says SAME and OPPOSITE
    key: str = ""  # under the first example: what the letters in its captions mean

    def label(self, head: int) -> str:
        """The word printed under head ``head``: "same" or "opposite" in the sheet's language.

        >>> from rushmore_print import generate_deck, load_design
        >>> example = example_pair(generate_deck(load_design()))
        >>> [example.label(head) for head in range(4)]
        ['opposite', 'same', 'same', 'opposite']
        """
        return self.words[self.relations[head] == OPPOSITE]

    def __post_init__(self) -> None:
        if not matches(self.search.faces, self.search.red, self.monument.faces):
            raise ValueError(
                f"{self.search.id} does not match {self.monument.id}; a rulebook figure must show a real match"
            )
        expected = tuple(OPPOSITE if red else SAME for red in self.search.red)
        if self.relations != expected:
            raise ValueError("relations must say 'opposite' for red heads and 'same' for the others")


@frozen_dataclass
class DecoyExample:
    """A Search card with red heads beside the Monument that looks identical to it: never the answer.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> book = build_rulebook(design, generate_deck(design))
    >>> decoy = next(block for block in book.blocks if isinstance(block, DecoyExample))
    >>> decoy.search.id, decoy.decoy.id, decoy.captions[3]
    ('S29', 'M01', 'Washington and Lincoln face the same way: wrong')
    """

    search: SearchCard
    decoy: Monument
    captions: tuple[str, str, str, str] = ("", "", "", "")  # the card, the decoy, between them, the verdict

    def __post_init__(self) -> None:
        if self.decoy.faces != self.search.faces or not any(self.search.red):
            raise ValueError("a decoy looks exactly like a Search card that has red heads")
        if matches(self.search.faces, self.search.red, self.decoy.faces):
            raise ValueError("a decoy cannot be the answer")


@frozen_dataclass
class SetupFigure:
    """The setting-up figure: the grid of Monuments and the deck beside it.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> book = build_rulebook(design, generate_deck(design))
    >>> book.blocks[5]
    SetupFigure(rows=4, cols=4, deck_size=12, captions=('4 x 4 Monuments, face up', 'deck: 12'))
    """

    rows: int
    cols: int
    deck_size: int
    captions: tuple[str, str] = ("", "")  # under the grid, under the deck


@frozen_dataclass
class PracticeFigure:
    """Search cards to find the match of, drawn as cards; the answers go to the foot of the page.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> book = build_rulebook(design, generate_deck(design))
    >>> practice = next(block for block in book.blocks if isinstance(block, PracticeFigure))
    >>> [card.id for card in practice.cards]
    ['S16', 'S28', 'S39']
    """

    cards: tuple[SearchCard, ...]
    captions: tuple[str, ...]  # under each card


@frozen_dataclass
class Rulebook:
    """The rule sheet's content, in the players' language, before any layout: the title, the blocks in
    reading order, the worked example, the practice cards and their answers, and each side's footer.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> book = build_rulebook(design, generate_deck(design))
    >>> book.title, book.subtitle
    ('Mount Rushmore', 'A speed-matching card game for any number of players | 16 Monuments, 39 Search cards')
    >>> book.answers[:38]
    'Practice answers: S16 matches M10 (RLL'
    """

    title: str
    subtitle: str
    blocks: tuple  # Heading, Paragraph, Steps, Bullets, NewSide and the figures
    example: MatchExample  # the main worked example (the most red heads shown)
    practice: tuple[tuple[SearchCard, str], ...]  # (card, the id of the Monument it matches)
    answers: str = ""  # the practice answers, printed at the foot of the back
    footers: tuple[str, ...] = ()  # one per side: "Mount Rushmore: rules | page 1 of 2"


def example_pair(deck: Deck, t: Catalogue | None = None) -> MatchExample:
    """The main worked example: a Search card with red heads (two if the deck has any, else the
    most it has), the first by id, and the Monument it matches by the rule.

    >>> from rushmore_print import generate_deck, load_design
    >>> example = example_pair(generate_deck(load_design()))
    >>> example.search.id, example.search.red_count, example.monument.id
    ('S29', 2, 'M10')
    """
    reds = sorted({card.red_count for card in deck.search})
    return _example(deck, 2 if 2 in reds else max(reds), t)


def worked_examples(deck: Deck, t: Catalogue | None = None) -> tuple[MatchExample, ...]:
    """The examples shown head by head, in teaching order: the first card without red heads
    (the first game's), then the first with the fewest red heads (the next level's).

    >>> from rushmore_print import generate_deck, load_design
    >>> [(e.search.id, e.search.red_count, e.monument.id) for e in worked_examples(generate_deck(load_design()))]
    [('S01', 0, 'M13'), ('S17', 1, 'M03')]
    """
    reds = sorted({card.red_count for card in deck.search})
    return tuple(_example(deck, k, t) for k in (reds[0], next((k for k in reds if k), None)) if k is not None)[
        : 2 if reds[0] == 0 else 1
    ]


def _example(deck: Deck, red_count: int, t: Catalogue | None) -> MatchExample:
    card = next(c for c in deck.search if c.red_count == red_count)
    return match_example(deck, card, t)


def match_example(deck: Deck, card: SearchCard, t: Catalogue | None = None) -> MatchExample:
    """``card`` above the Monument it matches, captioned in ``t``'s language (English by default).

    >>> from rushmore_print.design import load_design
    >>> from rushmore_print.deck.generate import generate_deck
    >>> deck = generate_deck(load_design())
    >>> match_example(deck, deck.search[0]).captions[1].startswith("matches Monument")
    True
    """
    monument = deck.monument(card.answer)
    n = deck.notation
    t = t or catalogue()
    captions = (
        t.gettext("Search card {card} ({notation})", card=card.id, notation=n.search(card.faces, card.red)),
        t.gettext(
            "matches Monument {monument} ({notation})", monument=monument.id, notation=n.monument(monument.faces)
        ),
    )
    relations = tuple(OPPOSITE if red else SAME for red in card.red)
    words = (t.pgettext("worked example", "same"), t.pgettext("worked example", "opposite"))
    return MatchExample(card, monument, relations, captions, words)


def practice_cards(deck: Deck, skip: str | tuple[str, ...]) -> tuple[tuple[SearchCard, str], ...]:
    """One practice card per red count present (the last card of each class, not a worked example).

    >>> from rushmore_print import generate_deck, load_design
    >>> [(card.id, answer) for card, answer in practice_cards(generate_deck(load_design()), "S29")]
    [('S16', 'M10'), ('S28', 'M05'), ('S39', 'M04')]
    """
    skipped = (skip,) if isinstance(skip, str) else skip
    chosen = []
    for k in sorted({card.red_count for card in deck.search}):
        card = [c for c in deck.search if c.red_count == k and c.id not in skipped][-1:]
        if card:
            chosen.append((card[0], card[0].answer))
    return tuple(chosen[:4])


def table_space_mm(design: Design) -> tuple[float, float]:
    """Width and depth of table the grid of Monuments covers, cards as they are read and
    ``TABLE_GAP_MM`` apart.

    >>> from rushmore_print.design import load_design
    >>> [round(v) for v in table_space_mm(load_design("designs/eight.yaml"))]
    [1091, 1497]
    """
    rows, cols = design.grid
    card = design.print
    return (cols * card.width_mm + (cols - 1) * TABLE_GAP_MM, rows * card.height_mm + (rows - 1) * TABLE_GAP_MM)


def about_size(width_mm: float, depth_mm: float, t: Catalogue | None = None) -> str:
    """A table size as a person says it: to 0.1 m from a metre up, else to 5 cm (never 0), with
    the decimal sign of ``t``'s language.

    >>> about_size(1497, 1091), about_size(746, 244), about_size(1200, 300)
    ('about 1.5 x 1.1 m', 'about 75 x 25 cm', 'about 1.2 x 0.3 m')
    >>> from rushmore_print.language.i18n import catalogue
    >>> about_size(1497, 1091, catalogue("de"))
    'etwa 1,5\u2009×\u20091,1\u00a0m'
    """
    t = t or catalogue()
    if max(width_mm, depth_mm) >= 1000:
        metres = [t.number(max(0.1, round(v / 100) / 10)) for v in (width_mm, depth_mm)]
        return t.gettext("about {width} x {depth} m", width=metres[0], depth=metres[1])
    centimetres = [t.integer(max(5, 5 * round(v / 50))) for v in (width_mm, depth_mm)]
    return t.gettext("about {width} x {depth} cm", width=centimetres[0], depth=centimetres[1])


def _lay_out_step(design: Design, t: Catalogue) -> str:
    rows, cols = design.grid
    shape = {
        "rows": t.npgettext("a grid of", "{n} row", "{n} rows", rows),
        "columns": t.npgettext("a grid of", "{n} column", "{n} columns", cols),
    }
    if cols <= REACH_COLUMNS:
        return t.gettext(
            "Shuffle the Monuments and lay them face up in a grid of {rows} and {columns}, within everyone’s reach.",
            **shape,
        )
    width, depth = table_space_mm(design)
    size = about_size(width, depth, t)
    if max(width, depth) >= 1000:
        return t.gettext(
            "Shuffle the Monuments and lay them face up in a grid of {rows} and {columns}. The grid needs {size} "
            "of table or floor, with players all round it.",
            size=size,
            **shape,
        )
    return t.gettext(
        "Shuffle the Monuments and lay them face up in a grid of {rows} and {columns}. The grid needs {size} "
        "of table, with players all round it.",
        size=size,
        **shape,
    )


def _decoy(design: Design, deck: Deck, example: MatchExample, shown: tuple[MatchExample, ...], t: Catalogue) -> tuple:
    """The decoy of the main example's card; when that card has more red heads than the one shown
    head by head, the sentence says that each of them turns."""
    if not any(example.search.red):
        return ()
    more = example.search.red_count > shown[-1].search.red_count
    card = example.search
    decoy = next(m for m in deck.monuments if m.faces == card.faces)
    n = deck.notation
    red = t.names([design.head_names[i] for i in card.red_heads])
    captions = (
        t.gettext("{card} {notation}", card=card.id, notation=n.search(card.faces, card.red)),
        t.gettext("{monument} {notation}: a decoy", monument=decoy.id, notation=n.monument(decoy.faces)),
        t.pgettext("decoy figure", "is not"),
        t.ngettext("{heads} faces the same way: wrong", "{heads} face the same way: wrong", card.red_count, heads=red),
    )
    beware = t.gettext(
        "Beware the decoy: the Monument that looks exactly like a Search card with red heads is never its match."
    )
    if more:
        beware = t.gettext("With several red heads, each one turns. {beware}", beware=beware)
    return (Paragraph(beware), DecoyExample(card, decoy, captions))


def _red_heads(
    design: Design,
    deck: Deck,
    red: list[MatchExample],
    example: MatchExample,
    shown: tuple[MatchExample, ...],
    t: Catalogue,
) -> tuple:
    """The next level: red heads, their worked example and the decoy (nothing if no card has one)."""
    if not any(card.red_count for card in deck.search):
        return ()
    return (
        Heading(t.gettext("The next level: red heads")),
        Paragraph(
            t.gettext(
                "Once everyone knows the Monuments by sight, add the red heads. A red head must face the opposite "
                "way on the Monument; the other heads still face the same way."
            )
            + " "
            + t.gettext("In a card’s letters, a * follows the letter of a red head.")
        ),
        *red,
        *_decoy(design, deck, example, shown, t),
        Paragraph(
            t.gettext(
                "Each red head also has a black flip marker, repeated in the card’s corner: a black-and-white "
                "print plays just as well, and so do colour-blind players."
            )
        ),
    )


def letters_key(design: Design, t: Catalogue | None = None) -> str:
    """The notation's key, printed under the first worked example: what each letter after a card's
    number means, in the sheet's language. The letters are the design's (``L`` and ``R`` in every
    language unless its ``directions`` name their own): the notation is a file format, the same
    in every language, and ``rushmore check`` reads the same letters. Where the card lays its
    heads in two rows, the key says the top row comes first.

    >>> from rushmore_print import load_design
    >>> letters_key(load_design())
    'L\xa0=\xa0left, R\xa0=\xa0right, head by head from the left'
    >>> from rushmore_print.package_data import DESIGNS, shipped
    >>> letters_key(load_design(str(shipped("eight.yaml", DESIGNS))))
    'L\xa0=\xa0left, R\xa0=\xa0right, head by head from the left, top row first'
    """
    t = t or catalogue()
    entries = [
        t.gettext("{letter} = {direction}", letter=letter, direction=direction).replace(" ", "\u00a0")
        for letter, direction in zip(design.notation.letters, design.directions)
    ]  # an entry never breaks across lines
    rows = {round(slot.head.y, 3) for slot in card_layout(design, card_frame(design)).slots}
    if len(rows) > 1:
        return t.gettext(
            "{first}, {second}, head by head from the left, top row first", first=entries[0], second=entries[1]
        )
    return t.gettext("{first}, {second}, head by head from the left", first=entries[0], second=entries[1])


def _practice(practice: tuple[tuple[SearchCard, str], ...], t: Catalogue) -> tuple:
    if not practice:
        return ()
    cards = tuple(card for card, _ in practice)
    return (
        Heading(t.gettext("Practice")),
        Paragraph(
            t.gettext(
                "Lay out the Monuments and find the one each of these cards matches. The answers are at the foot "
                "of this page."
            )
        ),
        PracticeFigure(cards, tuple(card.id for card in cards)),
    )


def _deck_for(t: Catalogue, players: int, cards: int) -> str:
    """``5 players: 14 cards``: the deck for a number of players (each number with its own plural)."""
    return t.gettext(
        "{players}: {cards}",
        players=t.npgettext("deck for", "{n} player", "{n} players", players),
        cards=t.npgettext("deck for", "{n} card", "{n} cards", cards),
    )


def build_rulebook(design: Design, deck: Deck) -> Rulebook:
    """The rule sheet's blocks for ``design`` and its ``deck``, in reading order, in the design's
    ``language:``.

    >>> from rushmore_print.design import load_design
    >>> from rushmore_print.deck.generate import generate_deck
    >>> design = load_design(); deck = generate_deck(design)
    >>> [b.text for b in build_rulebook(design, deck).blocks if isinstance(b, Heading)][:4]
    ['In the box', 'Setting up', 'A round', 'Finding the match']
    """
    t = catalogue_for(design)
    rules = design.rules
    rows, cols = design.grid
    d0, d1 = design.directions
    monuments, search = len(deck.monuments), len(deck.search)
    heads = design.head_names
    pools = {level: len(deck.pool(level)) for level in Level}
    classes = [(k, cards) for k, cards in enumerate(design.red_counts) if cards]
    class_text = t.names(
        [
            t.gettext("{cards} with no red head", cards=cards)
            if k == 0
            else t.ngettext("{cards} with {n} red head", "{cards} with {n} red heads", k, cards=cards)
            for k, cards in classes
        ]
    )
    shown = worked_examples(deck, t)
    shown = (dataclasses.replace(shown[0], key=letters_key(design, t)), *shown[1:])  # where letters first appear
    plain = [e for e in shown if not e.search.red_count]
    red = [e for e in shown if e.search.red_count]
    example = example_pair(deck, t)
    practice = practice_cards(deck, tuple(e.search.id for e in shown + (example,)))
    settled = (red or plain)[0]  # the referee's example: a pair from this deck the sheet has worked
    extra_players = rules.players_before_extra + 1
    first_level = Level.BASIC if pools[Level.BASIC] else Level.ADVANCED
    blocks: list = [
        Paragraph(
            t.ngettext(
                "{n} Monument card lies face up on the table.",
                "{n} Monument cards lie face up on the table.",
                monuments,
            )
            + " "
            + t.gettext(
                "A Search card is turned over and everybody races to put a hand on the one Monument it matches."
            )
            + " "
            + t.ngettext("Take {n} card and you win.", "Take {n} cards and you win.", rules.points_to_win)
        ),
        Heading(t.gettext("In the box")),
        Bullets(
            (
                (
                    t.ngettext("{n} Monument card", "{n} Monument cards", monuments),
                    t.ngettext(
                        "(map symbol): the {n} head, {names}, facing {first} or {second}; every combination once.",
                        "(map symbol): the {n} heads, {names}, each facing {first} or {second}; every combination "
                        "once.",
                        len(heads),
                        names=t.names(heads),
                        first=d0,
                        second=d1,
                    ),
                ),
                (
                    t.ngettext("{n} Search card", "{n} Search cards", search),
                    t.gettext("(magnifier): the same heads; {classes}.", classes=class_text),
                ),
                (t.gettext("This rule sheet"), t.gettext("and, for game masters, an answer key.")),
            )
        ),
        Heading(t.gettext("Setting up")),
        Steps(
            (
                _lay_out_step(design, t),
                t.ngettext(
                    "For your first game take the {level} Search cards ({n} card, {which}).",
                    "For your first game take the {level} Search cards ({n} cards, {which}).",
                    pools[first_level],
                    level=level_name(t, first_level),
                    which=level_own_words(t, first_level),
                )
                + " "
                + t.ngettext(
                    "Shuffle them and deal a face-down deck of {n} card; the rest stay in the box.",
                    "Shuffle them and deal a face-down deck of {n} cards; the rest stay in the box.",
                    rules.deck_size,
                ),
                t.gettext("Choose a game master to turn the cards over. The game master plays too."),
            )
        ),
        SetupFigure(
            rows,
            cols,
            rules.deck_size,
            (
                t.gettext("{rows} x {columns} Monuments, face up", rows=rows, columns=cols)
                + (t.gettext(": {size}", size=about_size(*table_space_mm(design), t)) if cols > REACH_COLUMNS else ""),
                t.gettext("deck: {cards}", cards=rules.deck_size),
            ),
        ),
        Heading(t.gettext("A round")),
        Steps(
            (
                t.gettext("On a count of three the game master turns over the top Search card."),
                t.gettext(
                    "Everybody looks for the match and claims it with one hand on a Monument nobody else covers; "
                    "once down, a hand stays. To pass, raise your hand."
                ),
                t.gettext(
                    "When everyone has claimed or passed, check: the player whose hand is on the match takes the "
                    "Search card, worth one point. If nobody is right, the card is set aside."
                ),
            )
        ),
        Heading(t.gettext("Finding the match")),
        Paragraph(
            t.gettext(
                "Compare the Search card with the Monuments head by head. The match is the one Monument on which "
                "every head faces the same way as on the Search card. There is always exactly one."
            )
        ),
        *plain,
        Heading(t.gettext("Winning")),
        Paragraph(
            t.ngettext(
                "The first player to reach {n} point wins at once.",
                "The first player to reach {n} points wins at once.",
                rules.points_to_win,
            )
            + " "
            + t.gettext(
                "If the deck runs out first, the player with the most cards wins. On a tie, the tied players alone "
                "play a tie-break with cards from the box (the level’s unused ones, then the next level’s) until "
                "one of them takes a card; if the box runs out, they share the win."
            )
        ),
        NewSide(),
        *_red_heads(design, deck, red, example, shown, t),
        Heading(t.gettext("Levels")),
        Bullets(
            tuple(
                (
                    t.gettext("{level}:", level=level_name(t, level)),
                    t.ngettext(
                        "{cards} ({n} card).", "{cards} ({n} cards).", pools[level], cards=level_pool_words(t, level)
                    ),
                )
                for level in Level
            ),
            t.gettext(
                "Play your first games at {level}, then add the red heads one level at a time:",
                level=level_name(t, Level.BASIC),
            ),
        ),
        Heading(t.gettext("More players, longer games")),
        Paragraph(
            t.gettext("Any number can play, as long as everyone reaches the grid.")
            + " "
            + t.ngettext(
                "With more than {players} players, add {n} card to the deck for each player above {players}",
                "With more than {players} players, add {n} cards to the deck for each player above {players}",
                rules.extra_cards_per_player,
                players=rules.players_before_extra,
            )
            + " "
            + t.gettext(
                "({example}, {other_example}).",
                example=_deck_for(t, extra_players, rules.deck_size_for(extra_players)),
                other_example=_deck_for(t, extra_players + 1, rules.deck_size_for(extra_players + 1)),
            )
        ),
        Paragraph(
            t.ngettext(
                "For a longer game, add {n} card per player to the deck",
                "For a longer game, add {n} cards per player to the deck",
                rules.long_extra_cards_per_player,
            )
            + " "
            + t.ngettext(
                "and play to {n} point ({example}).",
                "and play to {n} points ({example}).",
                rules.long_points_to_win,
                example=_deck_for(t, 4, rules.deck_size_for(4, long_game=True)),
            )
        ),
        Paragraph(
            t.gettext(
                "A level with fewer cards than the deck needs: play them all, or add cards from the next level up."
            )
        ),
        Paragraph(
            t.gettext(
                "a wrong claim costs the card you won last: it goes under the cards left in the box. In a "
                "tie-break it only loses the round."
            ),
            lead=t.gettext("House rule, penalty:"),
        ),
        *_practice(practice, t),
        Heading(t.gettext("A referee at hand")),
        Paragraph(
            t.gettext(
                "“{play}” lays out the grid, deals, judges and keeps score; “{check}” settles a dispute.",
                play="rushmore play --players ann,bob",
                check=f"rushmore check {settled.search.id} {settled.monument.id}",
            )
            + " "
            + t.gettext(
                "With “{table}”, a tap on a phone counts from the moment the finger touched it, not from when its "
                "message arrived: of two taps on one Monument, as far as the network lets the table tell, the earlier "
                "touch covers it. With one screen or at the terminal, the claim entered first covers it.",
                table="rushmore table",
            )
        ),
    ]
    subtitle = t.gettext(
        "A speed-matching card game for any number of players | {monuments}, {search}",
        monuments=t.npgettext("subtitle", "{n} Monument", "{n} Monuments", monuments),
        search=t.npgettext("subtitle", "{n} Search card", "{n} Search cards", search),
    )
    solved = [
        t.gettext(
            "{card} matches {monument} ({notation})",
            card=card.id,
            monument=answer,
            notation=deck.notation.monument(deck.monument(answer).faces),
        )
        for card, answer in practice
    ]
    answers = t.gettext("Practice answers: {answers}.", answers=", ".join(solved)) if practice else ""
    footers = tuple(
        t.gettext("{title}: rules | page {page} of {pages}", title=design.name, page=page, pages=SIDES)
        for page in range(1, SIDES + 1)
    )
    return Rulebook(design.name, subtitle, tuple(blocks), example, practice, answers, footers)


def rulebook_markdown(design: Design, deck: Deck, book: Rulebook) -> str:
    """The same rulebook as Markdown (``RULES.md``): the same blocks, the figures told in words.

    >>> from rushmore_print.design import load_design
    >>> from rushmore_print.deck.generate import generate_deck
    >>> design = load_design(); deck = generate_deck(design)
    >>> rulebook_markdown(design, deck, build_rulebook(design, deck)).splitlines()[0]
    '# Mount Rushmore'
    """
    t = catalogue_for(design)
    n = deck.notation
    lines = [f"# {book.title}", "", f"*{book.subtitle}*", ""]
    for block in book.blocks:
        if isinstance(block, Heading):
            lines += [f"## {block.text}", ""]
        elif isinstance(block, Paragraph):
            lines += [(f"**{block.lead}** " if block.lead else "") + block.text, ""]
        elif isinstance(block, Steps):
            lines += [f"{number}. {text}" for number, text in enumerate(block.items, start=block.first)] + [""]
        elif isinstance(block, Bullets):
            lines += ([block.intro, ""] if block.intro else []) + [f"- **{lead}** {text}" for lead, text in block.items]
            lines += [""]
        elif isinstance(block, NewSide):
            lines += ["---", ""]
        elif isinstance(block, MatchExample):
            card, monument = block.search, block.monument
            heads = t.names(
                t.gettext("{head} {relation}", head=name, relation=block.label(i))
                for i, name in enumerate(design.head_names)
            )
            text = t.gettext(
                "**Example.** Search card {card} (`{notation}`) matches Monument {monument} (`{monument_notation}`): "
                "{heads}.",
                card=card.id,
                notation=n.search(card.faces, card.red),
                monument=monument.id,
                monument_notation=n.monument(monument.faces),
                heads=heads,
            )
            lines += [f"> {text}" + (f" *{block.key}.*" if block.key else ""), ""]
        elif isinstance(block, DecoyExample):
            card, decoy = block.search, block.decoy
            text = t.ngettext(
                "**The decoy.** Monument {monument} (`{notation}`) looks exactly like {card}, but is not its match: "
                "there {heads} faces the same way.",
                "**The decoy.** Monument {monument} (`{notation}`) looks exactly like {card}, but is not its match: "
                "there {heads} face the same way.",
                card.red_count,
                monument=decoy.id,
                notation=n.monument(decoy.faces),
                card=card.id,
                heads=t.names([design.head_names[i] for i in card.red_heads]),
            )
            lines += [f"> {text}", ""]
        elif isinstance(block, SetupFigure):
            text = t.ngettext(
                "*On the table:* {rows} x {columns} Monuments face up, and a face-down deck of {n} card beside them.",
                "*On the table:* {rows} x {columns} Monuments face up, and a face-down deck of {n} cards beside them.",
                block.deck_size,
                rows=block.rows,
                columns=block.cols,
            )
            lines += [f"> {text}", ""]
        elif isinstance(block, PracticeFigure):
            # a list as the language says it ("a, b et c"), not English punctuation in every language
            cards = t.names(f"{card.id} (`{n.search(card.faces, card.red)}`)" for card in block.cards)
            letters = design.notation.letters
            text = t.gettext(
                "*Practice cards* (written head by head, {heads}, with {first_letter} for {first} and "
                "{second_letter} for {second}, a star after a red head): {cards}.",
                heads=t.names(design.head_names),
                first_letter=letters[0],
                first=design.directions[0],
                second_letter=letters[1],
                second=design.directions[1],
                cards=cards,
            )
            lines += [f"> {text}", ""]
    if book.answers:
        lines += [f"*{book.answers}*", ""]
    return "\n".join(lines)


__all__ = [
    "Bullets",
    "DecoyExample",
    "Heading",
    "MatchExample",
    "NewSide",
    "Paragraph",
    "PracticeFigure",
    "Rulebook",
    "SetupFigure",
    "Steps",
    "about_size",
    "build_rulebook",
    "example_pair",
    "letters_key",
    "match_example",
    "practice_cards",
    "rulebook_markdown",
    "table_space_mm",
    "worked_examples",
]
