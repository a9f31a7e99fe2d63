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

from dataclasses import dataclass

from .model import Deck, Level, Monument, SearchCard, matches
from .spec import Design
from .words import count, join_names

TABLE_GAP_MM = 5.0  # between neighbouring cards on the table, so a hand can cover one card
REACH_COLUMNS = 6  # a grid up to this wide lies within everyone's reach on a kitchen table
SAME, OPPOSITE = "same", "opposite"  # the worked examples' word under each head


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str
    lead: str = ""  # set in bold before the text


@dataclass(frozen=True)
class Steps:
    items: tuple[str, ...]  # numbered


@dataclass(frozen=True)
class Bullets:
    items: tuple[tuple[str, str], ...]  # (bold lead, text)
    intro: str = ""  # a sentence leading into the list, kept with it


@dataclass(frozen=True)
class NewSide:
    """What follows starts the back of the sheet: no block runs across the two sides."""


@dataclass(frozen=True)
class MatchExample:
    """A Search card above the Monument it matches, head by head. Refuses a pair that does not match."""

    search: SearchCard
    monument: Monument
    relations: tuple[str, ...]  # SAME or OPPOSITE, per head
    captions: tuple[str, str] = ("", "")  # above the Search card, under the Monument

    def __post_init__(self) -> None:
        if not matches(self.search.faces, self.search.red, self.monument.faces):
            raise ValueError(
                f"{self.search.id} does not match {self.monument.id}; a rulebook figure must show a real match"
            )
        expected = tuple(OPPOSITE if red else SAME for red in self.search.red)
        if self.relations != expected:
            raise ValueError("relations must say 'opposite' for red heads and 'same' for the others")


@dataclass(frozen=True)
class DecoyExample:
    """A Search card with red heads beside the Monument that looks identical to it: never the answer."""

    search: SearchCard
    decoy: Monument
    captions: tuple[str, str, str, str] = ("", "", "", "")  # the card, the decoy, between them, the verdict

    def __post_init__(self) -> None:
        if self.decoy.faces != self.search.faces or not any(self.search.red):
            raise ValueError("a decoy looks exactly like a Search card that has red heads")
        if matches(self.search.faces, self.search.red, self.decoy.faces):
            raise ValueError("a decoy cannot be the answer")


@dataclass(frozen=True)
class SetupFigure:
    rows: int
    cols: int
    deck_size: int
    captions: tuple[str, str] = ("", "")  # under the grid, under the deck


@dataclass(frozen=True)
class PracticeFigure:
    """Search cards to find the match of, drawn as cards; the answers go to the foot of the page."""

    cards: tuple[SearchCard, ...]
    captions: tuple[str, ...]  # under each card


@dataclass(frozen=True)
class Rulebook:
    title: str
    subtitle: str
    blocks: tuple  # Heading, Paragraph, Steps, Bullets, NewSide and the figures
    example: MatchExample  # the main worked example (the most red heads shown)
    practice: tuple[tuple[SearchCard, str], ...]  # (card, the id of the Monument it matches)
    answers: str = ""  # the practice answers, printed at the foot of the back
    footer: str = ""  # "{title}: rules | page {page} of {pages}"


def example_pair(deck: Deck) -> MatchExample:
    """The main worked example: a Search card with red heads (two if the deck has any, else the
    most it has), the first by id, and the Monument it matches by the rule."""
    reds = sorted({card.red_count for card in deck.search})
    return _example(deck, 2 if 2 in reds else max(reds))


def worked_examples(deck: Deck) -> tuple[MatchExample, ...]:
    """The examples shown head by head, in teaching order: the first card without red heads
    (the first game's), then the first with the fewest red heads (the next level's)."""
    reds = sorted({card.red_count for card in deck.search})
    return tuple(_example(deck, k) for k in (reds[0], next((k for k in reds if k), None)) if k is not None)[
        : 2 if reds[0] == 0 else 1
    ]


def _example(deck: Deck, red_count: int) -> MatchExample:
    card = next(c for c in deck.search if c.red_count == red_count)
    return match_example(deck, card)


def match_example(deck: Deck, card: SearchCard) -> MatchExample:
    """``card`` above the Monument it matches, captioned.

    >>> from rushmore_print.spec import load_design
    >>> from rushmore_print.generate import generate_deck
    >>> deck = generate_deck(load_design())
    >>> match_example(deck, deck.search[0]).captions[1].startswith("matches Monument")
    True
    """
    monument = deck.monument(card.answer)
    n = deck.notation
    captions = (f"Search card {card.id} ({n.search(card.faces, card.red)})",
                f"matches Monument {monument.id} ({n.monument(monument.faces)})")  # fmt: skip
    return MatchExample(card, monument, tuple(OPPOSITE if red else SAME for red in card.red), captions)


def practice_cards(deck: Deck, skip: str | tuple[str, ...]) -> tuple[tuple[SearchCard, str], ...]:
    """One practice card per red count present (the last card of each class, not a worked example)."""
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

    >>> from rushmore_print.spec import load_design
    >>> [round(v) for v in table_space_mm(load_design("designs/eight.yaml"))]
    [1091, 1497]
    """
    rows, cols = design.grid
    card = design.print
    return (cols * card.width_mm + (cols - 1) * TABLE_GAP_MM, rows * card.height_mm + (rows - 1) * TABLE_GAP_MM)


def about_size(width_mm: float, depth_mm: float) -> str:
    """A table size as a person says it: to 0.1 m from a metre up, else to 5 cm (never 0).

    >>> about_size(1497, 1091), about_size(746, 244), about_size(1200, 300)
    ('about 1.5 x 1.1 m', 'about 75 x 25 cm', 'about 1.2 x 0.3 m')
    """
    if max(width_mm, depth_mm) >= 1000:
        metres = [max(0.1, round(v / 100) / 10) for v in (width_mm, depth_mm)]
        return f"about {metres[0]:g} x {metres[1]:g} m"
    centimetres = [max(5, 5 * round(v / 50)) for v in (width_mm, depth_mm)]
    return f"about {centimetres[0]} x {centimetres[1]} cm"


def _lay_out_step(design: Design) -> str:
    rows, cols = design.grid
    shape = f"{count(rows, 'row', 'rows')} and {count(cols, 'column', 'columns')}"
    grid = f"Shuffle the Monuments and lay them face up in a grid of {shape}"
    if cols <= REACH_COLUMNS:
        return f"{grid}, within everyone’s reach."
    width, depth = table_space_mm(design)
    where = "table or floor" if max(width, depth) >= 1000 else "table"
    return f"{grid}. The grid needs {about_size(width, depth)} of {where}, with players all round it."


def _decoy(design: Design, deck: Deck, example: MatchExample, shown: tuple[MatchExample, ...]) -> tuple:
    """The decoy of the main example's card; when that card has more red heads than the one shown
    head by head, the sentence says that each of them turns."""
    if not any(example.search.red):
        return ()
    more = example.search.red_count > shown[-1].search.red_count
    card = example.search
    decoy = next(m for m in deck.monuments if m.faces == card.faces)
    n = deck.notation
    red = join_names([design.head_names[i] for i in card.red_heads])
    captions = (
        f"{card.id} {n.search(card.faces, card.red)}",
        f"{decoy.id} {n.monument(decoy.faces)}: a decoy",
        "is not",
        f"{red} face the same way: wrong",
    )
    return (
        Paragraph(
            ("With more red heads, each of them turns. " if more else "")
            + "Beware the decoy: the Monument that looks exactly like a Search card with red heads is never its "
            "answer."
        ),
        DecoyExample(card, decoy, captions),
    )


def _red_heads(
    design: Design, deck: Deck, red: list[MatchExample], example: MatchExample, shown: tuple[MatchExample, ...]
) -> tuple:
    """The next level: red heads, their worked example and the decoy (nothing if no card has one)."""
    if not any(card.red_count for card in deck.search):
        return ()
    return (
        Heading("The next level: red heads"),
        Paragraph(
            "Once everyone knows the Monuments by sight, add the red heads. A red head must face the opposite way "
            "on the Monument; the other heads still face the same way."
        ),
        *red,
        *_decoy(design, deck, example, shown),
        Paragraph(
            "Each red head also has a black flip marker, repeated in the card's corner: a black-and-white print "
            "plays just as well, and so do colour-blind players."
        ),
    )


def _practice(deck: Deck, practice: tuple[tuple[SearchCard, str], ...]) -> tuple:
    if not practice:
        return ()
    cards = tuple(card for card, _ in practice)
    return (
        Heading("Practice"),
        Paragraph(
            "Lay out the Monuments and find the one each of these cards matches. The answers are at the foot of "
            "this page."
        ),
        PracticeFigure(cards, tuple(card.id for card in cards)),
    )


def build_rulebook(design: Design, deck: Deck) -> Rulebook:
    """The rule sheet's blocks for ``design`` and its ``deck``, in reading order.

    >>> from rushmore_print.spec import load_design
    >>> from rushmore_print.generate import generate_deck
    >>> design = load_design(); deck = generate_deck(design)
    >>> [b.text for b in build_rulebook(design, deck).blocks if isinstance(b, Heading)][:4]
    ['In the box', 'Setting up', 'A round', 'Finding the match']
    """
    rules = design.rules
    rows, cols = design.grid
    d0, d1 = design.directions
    monuments, search = len(deck.monuments), len(deck.search)
    heads = design.head_names
    pools = {level: len(deck.pool(level)) for level in Level}
    classes = [(k, cards) for k, cards in enumerate(design.red_counts) if cards]
    class_text = join_names(
        [f"{cards} with {'no red head' if k == 0 else count(k, 'red head', 'red heads')}" for k, cards in classes]
    )
    shown = worked_examples(deck)
    plain = [e for e in shown if not e.search.red_count]
    red = [e for e in shown if e.search.red_count]
    example = example_pair(deck)
    practice = practice_cards(deck, tuple(e.search.id for e in shown + (example,)))
    extra_players = rules.players_before_extra + 1
    first_level = Level.BASIC if pools[Level.BASIC] else Level.ADVANCED
    blocks: list = [
        Paragraph(
            f"{count(monuments, 'Monument card lies', 'Monument cards lie')} face up on the table. A Search card is "
            f"turned over and everybody races to put a hand on the one Monument it matches. "
            f"Take {count(rules.points_to_win, 'card', 'cards')} and you win."
        ),
        Heading("In the box"),
        Bullets(
            (
                (
                    f"{monuments} Monument cards",
                    f"(map symbol): the {count(len(heads), 'head', 'heads')}, {join_names(heads)}, "
                    f"each facing {d0} or {d1}; every combination once.",
                ),
                (f"{search} Search cards", f"(magnifier): the same heads; {class_text}."),
                ("This rule sheet", "and, for game masters, an answer key."),
            )
        ),
        Heading("Setting up"),
        Steps(
            (
                _lay_out_step(design),
                f"For your first game take the {first_level.title} Search cards "
                f"({count(pools[first_level], 'card', 'cards')}, {first_level.own_words}). Shuffle them and deal a "
                f"face-down deck of {count(rules.deck_size, 'card', 'cards')}; the rest stay in the box.",
                "Choose a game master to turn the cards over. The game master plays too.",
            )
        ),
        SetupFigure(
            rows,
            cols,
            rules.deck_size,
            (
                f"{rows} x {cols} Monuments, face up"
                + (f": {about_size(*table_space_mm(design))}" if cols > REACH_COLUMNS else ""),
                f"deck: {rules.deck_size}",
            ),
        ),
        Heading("A round"),
        Steps(
            (
                "On a count of three the game master turns over the top Search card.",
                "Everybody looks for the match and may put one hand on a Monument nobody else covers; once "
                "down, a hand stays. To pass, raise your hand.",
                "When everyone has covered a Monument or passed, check: the player on the match takes the "
                "Search card, one point. If nobody is right, the card is set aside.",
            )
        ),
        Heading("Finding the match"),
        Paragraph(
            "Compare the Search card with the Monuments head by head. The match is the one Monument on which "
            "every head faces the same way as on the Search card. There is always exactly one."
        ),
        *plain,
        Heading("Winning"),
        Paragraph(
            f"The first player to reach {count(rules.points_to_win, 'point', 'points')} wins at once. If the deck runs "
            f"out first, the player with the most cards wins. A tie: the tied players alone play on with cards from "
            f"the box (the level's unused ones, then the next level's) until one of them takes a card; if the box "
            f"runs out, they share the win."
        ),
        NewSide(),
        *_red_heads(design, deck, red, example, shown),
        Heading("Levels"),
        Bullets(
            tuple(
                (f"{level.title}:", f"{level.pool_words} ({count(pools[level], 'card', 'cards')}).") for level in Level
            ),
            "Play your first games at Basic, then add the red heads one level at a time:",
        ),
        Heading("More players, longer games"),
        Paragraph(
            f"Any number can play, as long as everyone reaches the grid. With more than {rules.players_before_extra} "
            f"players, add {count(rules.extra_cards_per_player, 'card', 'cards')} to the deck for each player above "
            f"{rules.players_before_extra} ({extra_players} players: {rules.deck_size_for(extra_players)} cards, "
            f"{extra_players + 1} players: {rules.deck_size_for(extra_players + 1)} cards)."
        ),
        Paragraph(
            f"For a longer game, add {count(rules.long_extra_cards_per_player, 'card', 'cards')} per player to the "
            f"deck and play to {count(rules.long_points_to_win, 'point', 'points')} "
            f"(4 players: {rules.deck_size_for(4, long_game=True)} cards)."
        ),
        Paragraph("A level with fewer cards than the deck needs: play them all, or add cards from the next level up."),
        Paragraph(
            "a wrong claim gives your last card back, under the box. Not in a tie-break: there it only loses the "
            "round.",
            lead="House rule, penalty:",
        ),
        *_practice(deck, practice),
        Heading("A referee at hand"),
        Paragraph(
            "“rushmore play --players ann,bob” lays out the grid, deals, judges and keeps score; "
            "“rushmore check S17 M03” settles a dispute."
        ),
    ]
    subtitle = f"A speed-matching card game for any number of players | {monuments} Monuments, {search} Search cards"
    answers = (
        "Practice answers: "
        + ", ".join(f"{card.id} matches {answer} ({deck.notation.monument(deck.monument(answer).faces)})"
                    for card, answer in practice) + "."
        if practice
        else ""
    )  # fmt: skip
    footer = f"{design.name}: rules | page {{page}} of {{pages}}"
    return Rulebook(design.name, subtitle, tuple(blocks), example, practice, answers, footer)


def rulebook_markdown(design: Design, deck: Deck, book: Rulebook) -> str:
    """The same rulebook as Markdown (``RULES.md``): the same blocks, the figures told in words.

    >>> from rushmore_print.spec import load_design
    >>> from rushmore_print.generate import generate_deck
    >>> design = load_design(); deck = generate_deck(design)
    >>> rulebook_markdown(design, deck, build_rulebook(design, deck)).splitlines()[0]
    '# Mount Rushmore'
    """
    n = deck.notation
    lines = [f"# {book.title}", "", f"*{book.subtitle}*", ""]
    for block in book.blocks:
        if isinstance(block, Heading):
            lines += [f"## {block.text}", ""]
        elif isinstance(block, Paragraph):
            lines += [(f"**{block.lead}** " if block.lead else "") + block.text, ""]
        elif isinstance(block, Steps):
            lines += [f"{number}. {text}" for number, text in enumerate(block.items, start=1)] + [""]
        elif isinstance(block, Bullets):
            lines += ([block.intro, ""] if block.intro else []) + [f"- **{lead}** {text}" for lead, text in block.items]
            lines += [""]
        elif isinstance(block, NewSide):
            lines += ["---", ""]
        elif isinstance(block, MatchExample):
            card, monument = block.search, block.monument
            heads = join_names([f"{name} {relation}" for name, relation in zip(design.head_names, block.relations)])
            lines += [f"> **Example.** Search card {card.id} (`{n.search(card.faces, card.red)}`) matches "
                      f"Monument {monument.id} (`{n.monument(monument.faces)}`): {heads}.", ""]  # fmt: skip
        elif isinstance(block, DecoyExample):
            card, decoy = block.search, block.decoy
            red = join_names([design.head_names[i] for i in card.red_heads])
            lines += [f"> **The decoy.** Monument {decoy.id} (`{n.monument(decoy.faces)}`) looks exactly like "
                      f"{card.id}, but is not its match: there {red} face the same way.", ""]  # fmt: skip
        elif isinstance(block, SetupFigure):
            lines += [f"> *On the table:* {block.rows} x {block.cols} Monuments face up, and a face-down deck "
                      f"of {count(block.deck_size, 'card', 'cards')} beside them.", ""]  # fmt: skip
        elif isinstance(block, PracticeFigure):
            cards = "; ".join(f"{card.id} (`{n.search(card.faces, card.red)}`)" for card in block.cards)
            letters = design.notation.letters
            lines += [f"> *Practice cards* (written head by head, {join_names(design.head_names)}, with "
                      f"{letters[0]} for {design.directions[0]} and {letters[1]} for {design.directions[1]}, "
                      f"a star after a red head): {cards}.", ""]  # fmt: skip
    if book.answers:
        lines += [f"*{book.answers}*", ""]
    return "\n".join(lines)
