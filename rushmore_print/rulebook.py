"""The rulebook's content as data, written from the design and the generated deck.

Every number a reader sees comes from the design (``Rules``, grid, heads) or the deck (card
counts, level pools); none is typed into the text. The layout module flows these blocks onto
a sheet; the worked example is a :class:`MatchExample`, which cannot be built from a pair of
cards that do not match.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Deck, Level, Monument, SearchCard, matches
from .spec import Design
from .words import count, join_names


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


@dataclass(frozen=True)
class MatchExample:
    """A Search card beside the Monument it matches, head by head. Refuses a pair that does not match."""

    search: SearchCard
    monument: Monument
    relations: tuple[str, ...]  # "same" or "opposite", per head

    def __post_init__(self) -> None:
        if not matches(self.search.faces, self.search.red, self.monument.faces):
            raise ValueError(
                f"{self.search.id} does not match {self.monument.id}; a rulebook figure must show a real match"
            )
        expected = tuple("opposite" if red else "same" for red in self.search.red)
        if self.relations != expected:
            raise ValueError("relations must say 'opposite' for red heads and 'same' for the others")


@dataclass(frozen=True)
class DecoyExample:
    """A Search card with red heads beside the Monument that looks identical to it: never the answer."""

    search: SearchCard
    decoy: Monument

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


@dataclass(frozen=True)
class Rulebook:
    title: str
    subtitle: str
    blocks: tuple  # Heading, Paragraph, Steps, Bullets, MatchExample, DecoyExample, SetupFigure
    example: MatchExample
    practice: tuple[tuple[SearchCard, str], ...]  # (card, the id of the Monument it matches)


def example_pair(deck: Deck) -> MatchExample:
    """The main worked example: a Search card with red heads (two if the deck has any, else the
    most it has), the first by id, and the Monument it matches by the rule."""
    reds = sorted({card.red_count for card in deck.search})
    return _example(deck, 2 if 2 in reds else max(reds))


def worked_examples(deck: Deck) -> tuple[MatchExample, ...]:
    """The worked examples in teaching order: one red head (an Advanced card) first when the deck
    has such cards and the main example has more, then the main example."""
    main = example_pair(deck)
    if main.search.red_count > 1 and any(card.red_count == 1 for card in deck.search):
        return (_example(deck, 1), main)
    return (main,)


def _example(deck: Deck, red_count: int) -> MatchExample:
    card = next(c for c in deck.search if c.red_count == red_count)
    monument = deck.monument(card.answer)
    return MatchExample(card, monument, tuple("opposite" if red else "same" for red in card.red))


def practice_cards(deck: Deck, skip: str | tuple[str, ...]) -> tuple[tuple[SearchCard, str], ...]:
    """One practice card per red count present (the last card of each class, not a worked example)."""
    skipped = (skip,) if isinstance(skip, str) else skip
    chosen = []
    for k in sorted({card.red_count for card in deck.search}):
        card = [c for c in deck.search if c.red_count == k and c.id not in skipped][-1:]
        if card:
            chosen.append((card[0], card[0].answer))
    return tuple(chosen[:4])


def _examples(design: Design, examples: tuple[MatchExample, ...]) -> tuple:
    """The worked examples, with a sentence leading from the one-red card to the next."""
    if len(examples) == 1:
        return examples
    first, main = examples
    turned = join_names([design.head_names[i] for i in main.search.red_heads])
    return (
        first,
        Paragraph(
            f"With more red heads, each of them turns: here {turned} face the other way on the Monument, "
            "and the other heads face as the card shows them."
        ),
        main,
    )


def _decoy(deck: Deck, example: MatchExample) -> tuple:
    if not any(example.search.red):
        return ()
    decoy = next(m for m in deck.monuments if m.faces == example.search.faces)
    return (
        Paragraph(
            "Beware the decoy: the Monument that looks exactly like a Search card with red heads is never its "
            "answer, because there the red heads face the same way instead of the opposite way."
        ),
        DecoyExample(example.search, decoy),
    )


def build_rulebook(design: Design, deck: Deck) -> Rulebook:
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
    letters = design.notation.letters
    examples = worked_examples(deck)
    example = examples[-1]
    practice = practice_cards(deck, tuple(e.search.id for e in examples))
    extra_players = rules.players_before_extra + 1
    blocks: list = [
        Heading("The idea"),
        Paragraph(
            f"{count(monuments, 'Monument card lies', 'Monument cards lie')} face up on the table. A Search card is "
            f"turned over and everybody races to put a hand on the one Monument it points to. "
            f"Take {count(rules.points_to_win, 'card', 'cards')} and you win."
        ),
        Heading("In the box"),
        Bullets(
            (
                (
                    f"{monuments} Monument cards",
                    f"(map symbol): the {count(len(heads), 'head', 'heads')}, {join_names(heads)}, "
                    f"from left to right, each facing {d0} or {d1}. Every combination appears exactly once.",
                ),
                (f"{search} Search cards", f"(magnifier): the same heads; {class_text}."),
                ("This rule sheet", "and, for game masters, an answer key."),
            )
        ),
        Heading("The matching rule"),
        Paragraph(
            "Compare the Search card with a Monument head by head. A plain head must face the same way on the "
            "Monument. A red head must face the opposite way. Exactly one Monument passes this test for every "
            "head: that is the match."
        ),
        *_examples(design, examples),
        *_decoy(deck, example),
        Paragraph(
            "Red heads are also drawn with a heavy black outline and a black flip marker above them, and the corner "
            "of each Search card repeats one marker per red head, so a black-and-white print plays just as well "
            "and colour-blind players are not left out."
        ),
        Heading("Setting up"),
        Steps(
            (
                f"Shuffle the Monuments and lay them face up in a grid of {rows} rows and {cols} columns, "
                "within everyone’s reach.",
                f"Choose a level (below). Shuffle that level’s Search cards and deal a face-down deck of "
                f"{count(rules.deck_size, 'card', 'cards')}; the rest stay in the box.",
                "Choose a game master to turn the cards over. The game master plays too.",
            )
        ),
        SetupFigure(rows, cols, rules.deck_size),
        Heading("A round"),
        Steps(
            (
                "On a count of three the game master turns over the top Search card.",
                "Everybody looks for the matching Monument and may put one hand on it. You may not cover a "
                "Monument that somebody else is already covering, and once your hand is down it stays there. "
                "To pass, raise your hand instead.",
                "When every player has covered a Monument or passed, check. The player on the match wins the "
                "Search card and keeps it face down: one point. Only one player can be right. If nobody is, the "
                "card is set aside.",
            )
        ),
        Heading("Winning"),
        Paragraph(
            f"The first player to reach {count(rules.points_to_win, 'point', 'points')} wins at once. If the deck runs "
            f"out first, the player with the most cards wins. If several players share the most, they alone play "
            f"one more round with a card drawn from the box, from the level's unused cards (when those are gone, from "
            f"the other levels' cards): whoever takes it wins. If nobody takes it, draw again; only when the whole "
            f"box is used up do the tied players share the win."
        ),
        Heading("Levels"),
        Bullets(
            (
                *(
                    (f"{level.title}:", f"{level.pool_words} ({count(pools[level], 'card', 'cards')}).")
                    for level in Level
                ),
            )
        ),
        Paragraph(
            "Play your first game at Basic: no red heads until everyone knows the Monuments by sight. "
            "Then add the red heads one level at a time."
        ),
        Heading("More players, longer games"),
        Paragraph(
            f"Any number can play, as long as everyone reaches the table. With more than {rules.players_before_extra} "
            f"players, add {count(rules.extra_cards_per_player, 'card', 'cards')} to the deck for each player above "
            f"{rules.players_before_extra} ({extra_players} players: {rules.deck_size_for(extra_players)} cards, "
            f"{extra_players + 1} players: {rules.deck_size_for(extra_players + 1)} cards)."
        ),
        Paragraph(
            f"For a longer game, add {count(rules.long_extra_cards_per_player, 'card', 'cards')} per player to the "
            f"deck and play to {count(rules.long_points_to_win, 'point', 'points')} "
            f"(4 players: {rules.deck_size_for(4, long_game=True)} cards)."
        ),
        Paragraph(
            "If a level has fewer Search cards than the deck needs, play with all of them; we recommend adding "
            "cards from the next level up."
        ),
        Heading("Practice"),
        Paragraph(
            f"Which Monument does each card match? Cards are written head by head ({join_names(heads)}) with "
            f"{letters[0]} for {d0} and {letters[1]} for {d1}, a star after a red head: "
            + "; ".join(f"{card.id} is {deck.notation.search(card.faces, card.red)}" for card, _ in practice)
            + ". Answers at the foot of this page."
        ),
        Heading("A referee at hand"),
        Paragraph(
            "The command “rushmore play --players ann,bob” lays out the grid, deals, shows each card, judges the "
            "claims and keeps score; “rushmore check S17 M03” settles a dispute."
        ),
    ]
    subtitle = f"A speed-matching card game for any number of players | {monuments} Monuments, {search} Search cards"
    return Rulebook(design.name, subtitle, tuple(blocks), example, practice)


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
            lines += [f"- **{lead}** {text}" for lead, text in block.items] + [""]
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
    if book.practice:
        answers = "; ".join(f"{card.id} matches {answer}" for card, answer in book.practice)
        lines += [f"*Practice answers:* {answers}.", ""]
    return "\n".join(lines)
