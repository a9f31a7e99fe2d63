"""The referee: a pure state machine for one game at a real table (RULES.md).

The random generator is seeded once, at the start (laying out the Monuments, shuffling the
level's pool); after that the game is a function of the players' inputs, so a game can be
replayed, undone and resumed exactly. Its inputs are typed moves (:mod:`rushmore_print.game.actions`:
players by their names, Monuments and Search cards by id): reading what someone typed is the
front ends' business, and so are the words each event is told in.

>>> from rushmore_print import load_design, generate_deck
>>> design = load_design()
>>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
>>> events = game.start()
>>> game.current.id == events[-1].card.id
True
"""

from __future__ import annotations

import random
import string
from dataclasses import replace

from ..design import Rules
from ..errors import (
    AlreadyClaimed,
    AlreadyCovered,
    ClaimError,
    GameOver,
    NoClaimToChange,
    NothingToUndo,
    UnknownCard,
    UnknownPlayer,
)
from ..frozen import frozen_dataclass
from ..language.i18n import Names, Said, nsaid, pool_said, quoted, said
from ..model import CardFaces, Deck, DeckMode, EndReason, Level, Monument, SearchCard, target_faces
from .actions import Change, Claim, Drop, Move, Pass, TurnOver
from .players import check_players


@frozen_dataclass
class Table:
    """The Monuments as laid out: position (``A1``: row letter, column number) to Monument id.

    >>> table = Table(1, 2, (("A1", "M02"), ("A2", "M01")))
    >>> table.monument_at("A2"), table.position_of("M02")
    ('M01', 'A1')
    """

    rows: int
    cols: int
    positions: tuple[tuple[str, str], ...]

    def monument_at(self, position: str) -> str | None:
        """The Monument at a position (``A1``), or None if the table has no such position.

        >>> table = Table(1, 2, (("A1", "M02"), ("A2", "M01")))
        >>> table.monument_at("A1"), table.monument_at("B1")
        ('M02', None)
        """
        return dict(self.positions).get(position)

    def position_of(self, monument_id: str) -> str:
        """Where a Monument lies; the Monument must be on the table.

        >>> Table(1, 2, (("A1", "M02"), ("A2", "M01"))).position_of("M01")
        'A2'
        """
        return next(p for p, m in self.positions if m == monument_id)

    def grid(self) -> list[list[tuple[str, str]]]:
        """The positions row by row, each a ``(position, Monument id)`` pair.

        >>> Table(2, 2, (("A1", "M02"), ("A2", "M01"), ("B1", "M04"), ("B2", "M03"))).grid()
        [[('A1', 'M02'), ('A2', 'M01')], [('B1', 'M04'), ('B2', 'M03')]]
        """
        return [list(self.positions[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)]


def position_name(row: int, col: int) -> str:
    """The name of a position on the table: the row's letter (rows past Z continue AA, AB...) and the
    column's number, both from 0.

    >>> position_name(0, 0), position_name(1, 2), position_name(27, 0)
    ('A1', 'B3', 'AB1')
    """
    letters = string.ascii_uppercase
    name = letters[row] if row < 26 else letters[row // 26 - 1] + letters[row % 26]
    return f"{name}{col + 1}"


@frozen_dataclass
class Config:
    """How a game was set up: the players in order, the level, long or short game, the seed, whether
    the penalty rule is on and where the Search cards come from.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> game.config.players, game.config.level, game.config.seed, game.config.deck_mode
    (('ann', 'bob'), <Level.BASIC: 'basic'>, 3, <DeckMode.SCREEN: 'screen'>)
    """

    players: tuple[str, ...]
    level: Level
    long_game: bool
    seed: int
    penalty: bool
    deck_mode: DeckMode = DeckMode.SCREEN


@frozen_dataclass
class State:
    """Everything that changes in a game, as one frozen value: an input replaces it, and an undo puts
    the one before back.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start()
    >>> game.state.current, game.state.to_deal, game.state.won
    ('S12', 11, ((), ()))
    """

    won: tuple[tuple[str, ...], ...]  # the Search cards each player holds, in player order
    box: tuple[str, ...]  # unused cards in draw order: the level's pool (the deck first), then the rest
    to_deal: int  # cards still face down in the deck, not counting the one in play
    current: str | None = None
    awaiting: bool = False  # table mode: the game master is to turn over the next card and type it
    claims: tuple[tuple[str, str | None], ...] = ()  # (player, Monument id, or None for a pass)
    tiebreak: tuple[str, ...] | None = None
    revealed: int = 0
    winners: tuple[str, ...] | None = None
    end_reason: EndReason | None = None
    wrong: tuple[int, ...] = ()  # wrong claims per player, in player order
    turns: int = 0  # judged turns
    seen: tuple[str, ...] = ()  # cards back in the box after a penalty: everyone knows their answer


# ----------------------------------------------------------------------------- events


@frozen_dataclass
class Setup:
    """The event that opens a game: the table as laid out, the level, the deck's size (and the size
    the rules asked for), the points to win, the seed, the players, and what is left in the box.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> setup = game.start()[0]
    >>> setup.deck_size, setup.points_to_win, setup.spare_level, setup.table.positions[0]
    (12, 3, 4, ('A1', 'M05'))
    """

    table: Table
    level: Level
    deck_size: int
    wanted_size: int
    pool_size: int
    points_to_win: int
    seed: int
    players: tuple[str, ...]
    penalty: bool = False
    deck_mode: DeckMode = DeckMode.SCREEN
    spare_level: int = 0  # the level's cards left in the box for a tie-break
    spare_other: int = 0  # the other levels' cards, drawn when those are gone

    @property
    def capped(self) -> bool:
        """True if the level's pool held fewer cards than the rules asked for, so the deck is smaller.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> ten = [f"player{number}" for number in range(10)]
        >>> setup = Game.new(deck, design.rules, design.grid, ten).setup()
        >>> setup.wanted_size, setup.deck_size, setup.capped
        (17, 16, True)
        """
        return self.deck_size < self.wanted_size


@frozen_dataclass
class Revealed:
    """The event of a Search card put in play: the card, its number in the deck and the deck's size,
    the players of a tie-break, and ``again`` when it is shown again (after an undo or on resume).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> shown = game.start()[-1]
    >>> shown.card.id, shown.number, shown.total, shown.again
    ('S12', 1, 12, False)
    """

    card: SearchCard
    number: int
    total: int
    tiebreak: tuple[str, ...] | None
    again: bool = False  # shown again (after an undo or on resume), not newly drawn


@frozen_dataclass
class Awaiting:
    """Table mode: the game master is to turn over the next card and type its id.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> game = Game.new(deck, design.rules, design.grid, ["ann", "bob"], seed=3, deck_mode=DeckMode.TABLE)
    >>> game.start()[-1]
    Awaiting(number=1, total=12, tiebreak=None, level_left=4, draw_level=None)
    """

    number: int
    total: int
    tiebreak: tuple[str, ...] | None
    level_left: int  # the level's unused cards (a tie-break draws from these first)
    draw_level: Level | None = None  # a tie-break: the level to draw from; None: only seen cards are left


@frozen_dataclass
class Claimed:
    """The event of a player's hand on a Monument: who, which Monument, and where it lies.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start()
    >>> game.claim("ann", "M05")
    [Claimed(player='ann', monument='M05', position='A1')]
    """

    player: str
    monument: str
    position: str


@frozen_dataclass
class Passed:
    """The event of a player passing the turn (no hand on any Monument).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start()
    >>> game.pass_("bob")
    [Passed(player='bob')]
    """

    player: str


@frozen_dataclass
class Changed:
    """The event of a claim corrected: the player's new Monument and its position, or None for both
    when the claim was dropped (``passed``: changed to a pass).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start() + game.claim("ann", "M05")
    >>> game.change("ann", "M12")
    [Changed(player='ann', monument='M12', position='A2', passed=False)]
    >>> game.change("ann", None)
    [Changed(player='ann', monument=None, position=None, passed=True)]
    """

    player: str
    monument: str | None  # None: the claim was dropped (or changed to a pass when ``passed``)
    position: str | None
    passed: bool = False


@frozen_dataclass
class Judged:
    """The event of a turn judged: the card, its answer and where that lies, the winner (None when
    nobody found it), the players penalised, the scores after it, and the cards given back.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start() + game.claim("ann", "M09")
    >>> judged = game.claim("bob", "M05")[1]
    >>> judged.answer, judged.position, judged.winner, judged.scores
    ('M09', 'D2', 'ann', (('ann', 1), ('bob', 0)))
    """

    card: SearchCard
    answer: str
    position: str
    winner: str | None
    penalised: tuple[str, ...]  # players who lost a card to the penalty rule
    scores: tuple[tuple[str, int], ...]
    returned: tuple[str, ...] = ()  # the card each penalised player gives back to the box, in that order


@frozen_dataclass
class TieBreak:
    """The event of a tie when the deck runs out: the tied players, who play on alone, and the level the
    next card is drawn from (``from_other_levels`` when it is not the game's level).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> events = game.start()
    >>> while not isinstance(events[-2], TieBreak):
    ...     events = game.pass_("ann") + game.pass_("bob")
    >>> events[-2]
    TieBreak(players=('ann', 'bob'), from_other_levels=False, draw_level=<Level.BASIC: 'basic'>)
    """

    players: tuple[str, ...]
    from_other_levels: bool = False
    draw_level: Level | None = None  # the level the card comes from; None: only cards seen before are left


@frozen_dataclass
class Ended:
    """The event that ends a game: the winners (several when they share the win), why, the scores.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> events = game.start()
    >>> while not game.over:
    ...     events = game.claim("ann", game.current.answer) + game.pass_("bob")
    >>> events[-1]
    Ended(winners=('ann',), reason=<EndReason.POINTS: 'points'>, scores=(('ann', 3), ('bob', 0)))
    """

    winners: tuple[str, ...]
    reason: EndReason
    scores: tuple[tuple[str, int], ...]


@frozen_dataclass
class Undone:
    """The event of inputs taken back: the moves, in the order they had been made.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start() + game.claim("ann", "M05")
    >>> game.undo()
    [Undone(moves=(Claim(player='ann', monument='M05', stamp=None),))]
    """

    moves: tuple[Move, ...]


RefereeEvent = Setup | Revealed | Awaiting | Claimed | Passed | Changed | Judged | TieBreak | Ended | Undone
"""What :class:`Game` returns: each input gives a list of these, in the order they happened."""


# ----------------------------------------------------------------------------- the game


class Game:
    """One game. Inputs: :meth:`apply` (a typed move: :meth:`claim`, :meth:`pass_`, :meth:`change`,
    :meth:`drop`, :meth:`turn_over` in table mode) and :meth:`undo`; each returns the events that
    followed (a claim that completes a turn also returns its judgement and the next card). Players
    are named as the game has them and cards by id; an input that names neither is refused.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> [type(event).__name__ for event in game.start()]
    ['Setup', 'Revealed']
    >>> game.current.id, game.current.answer, game.table.position_of("M09")
    ('S12', 'M09', 'D2')
    >>> [type(event).__name__ for event in game.claim("ann", "M09") + game.pass_("bob")]
    ['Claimed', 'Passed', 'Judged', 'Revealed']
    >>> game.scores()
    (('ann', 1), ('bob', 0))
    """

    def __init__(self, deck: Deck, rules: Rules, table: Table, config: Config, pool: tuple[str, ...], rest=()):
        self.deck = deck
        self.rules = rules
        self.table = table
        self.config = config
        self.points_to_win = rules.points_for(config.long_game)
        self.wanted_size = rules.deck_size_for(len(config.players), config.long_game)
        self.pool_size = len(pool)
        self.deck_size = min(self.wanted_size, len(pool))
        self.spare_other = len(rest)
        players = len(config.players)
        self.state = State(
            won=((),) * players, box=tuple(pool) + tuple(rest), to_deal=self.deck_size, wrong=(0,) * players
        )
        self._undo: list[tuple[Move, State]] = []  # (the input, the state before it)
        self._cards = {card.id: card for card in deck.search}

    @classmethod
    def new(
        cls,
        deck: Deck,
        rules: Rules,
        grid: tuple[int, int],
        players: list[str] | tuple[str, ...],
        level: Level = Level.BASIC,
        long_game: bool = False,
        seed: int = 0,
        penalty: bool = False,
        deck_mode: DeckMode = DeckMode.SCREEN,
    ) -> Game:
        """Lay out the table and shuffle the box (the level's pool first), from ``seed`` alone.

        The players must be valid names (``check_players``); the deck holds the level's pool, as many
        cards as the rules ask for (``design.rules``) for this many players.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> game = Game.new(deck, design.rules, design.grid, ["ann", "bob", "cy"], level=Level.ADVANCED, seed=3)
        >>> game.players, game.config.level, game.cards_left, game.points_to_win
        (('ann', 'bob', 'cy'), <Level.ADVANCED: 'advanced'>, 12, 3)
        """
        names = check_players(players)
        rng = random.Random(seed)
        monuments = [m.id for m in deck.monuments]
        rng.shuffle(monuments)
        rows, cols = grid
        table = Table(rows, cols, tuple((position_name(i // cols, i % cols), m) for i, m in enumerate(monuments)))
        pool = [card.id for card in deck.pool(level)]
        rng.shuffle(pool)
        rest = [card.id for card in deck.search if not level.admits(card.red_count)]
        rng.shuffle(rest)  # shuffled after the pool, so a seed deals the same deck as before
        # a tie-break moves up one level at a time, as the rulebook teaches: the next harder
        # level's cards first (a stable sort keeps the shuffle within each level)
        rest.sort(key=lambda card_id: _LEVELS.index(deck.search_card(card_id).level))
        config = Config(names, level, long_game, seed, penalty, deck_mode)
        return cls(deck, rules, table, config, tuple(pool), tuple(rest))

    # -- reading the state

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in the order given (normalised: NFC, trimmed).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> Game.new(generate_deck(design), design.rules, design.grid, [" ann", "bob"]).players
        ('ann', 'bob')
        """
        return self.config.players

    @property
    def current(self) -> SearchCard | None:
        """The Search card in play, or None (before the start, between cards in table mode, at the end).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> game.current is None, game.start()[-1].card == game.current
        (True, True)
        """
        return self._cards[self.state.current] if self.state.current else None

    @property
    def over(self) -> bool:
        """True once the game has ended (someone won, or the tied players share the win).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start()
        >>> game.over
        False
        """
        return self.state.winners is not None

    @property
    def active_players(self) -> tuple[str, ...]:
        """The players who may claim: everyone, or only the tied players in a tie-break.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"]).active_players
        ('ann', 'bob')
        """
        return self.state.tiebreak or self.players

    def scores(self) -> tuple[tuple[str, int], ...]:
        """Each player's cards won so far, in player order.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start() + game.claim("ann", "M09") + game.pass_("bob")
        >>> game.scores()
        (('ann', 1), ('bob', 0))
        """
        return tuple((player, len(cards)) for player, cards in zip(self.players, self.state.won))

    def wrong_claims(self) -> tuple[tuple[str, int], ...]:
        """Each player's wrong claims so far (hands on a Monument that was not the answer), in player order.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start() + game.claim("ann", "M09") + game.claim("bob", "M05")
        >>> game.wrong_claims()
        (('ann', 0), ('bob', 1))
        """
        return tuple(zip(self.players, self.state.wrong))

    def _score(self, player: str) -> int:
        return len(self.state.won[self.players.index(player)])

    @property
    def cards_left(self) -> int:
        """Cards still face down in the deck (the one in play is not counted).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> game.cards_left, game.start()[-1].total, game.cards_left
        (12, 12, 11)
        """
        return self.state.to_deal

    def level_left(self) -> int:
        """The level's unseen cards still in the box (outside the deck): what a tie-break draws first.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> len(game.deck.pool(game.config.level)), game.cards_left, game.level_left()
        (16, 12, 4)
        """
        unseen = sum(1 for card in self.state.box if self._in_level(card) and card not in self.state.seen)
        return unseen - self.state.to_deal

    def _in_level(self, card_id: str) -> bool:
        return self.config.level.admits(self._cards[card_id].red_count)

    def _tier(self, card_id: str) -> tuple[bool, int]:
        """The order a tie-break draws the box in: unseen cards before seen ones, then by level
        (the game's level first, then each harder one)."""
        rank = max(_LEVELS.index(self._cards[card_id].level), _LEVELS.index(self.config.level))
        return card_id in self.state.seen, rank

    def draw_level(self) -> Level | None:
        """The level the next tie-break card comes from (its unseen cards); None when only cards
        seen before (given back by a penalty) are left in the box.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> game.draw_level()
        <Level.BASIC: 'basic'>
        """
        box = self.state.box[self.state.to_deal :]
        if not box:
            return None
        seen, rank = min(self._tier(card) for card in box)
        return None if seen else _LEVELS[rank]

    def setup(self) -> Setup:
        """The game's ``Setup`` event, as ``start`` returns it (also before the start, and on resume).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> game.setup() == game.start()[0]
        True
        """
        return Setup(
            self.table,
            self.config.level,
            self.deck_size,
            self.wanted_size,
            self.pool_size,
            self.points_to_win,
            self.config.seed,
            self.players,
            self.config.penalty,
            self.config.deck_mode,
            self.pool_size - self.deck_size,
            self.spare_other,
        )

    def showing(self) -> Revealed | Awaiting:
        """The card in play, or the card awaited (for an undo or a resumed game).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> shown = game.start()[-1]
        >>> game.showing().card == shown.card, game.showing().again
        (True, True)
        """
        if self.state.awaiting:
            return self._awaiting()
        return Revealed(self.in_play(), self.state.revealed, self._total(), self.state.tiebreak, again=True)

    def in_play(self) -> SearchCard:
        """The Search card in play; raises ``ClaimError`` when there is none.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> game.in_play()
        Traceback (most recent call last):
        rushmore_print.errors.ClaimError: no card is in play; turn one over first
        >>> _ = game.start()
        >>> game.in_play().id
        'S12'
        """
        card = self.current
        if card is None:
            raise ClaimError(
                said("no card is in play; the game is over")
                if self.over
                else said("no card is in play; turn one over first")
            )
        return card

    def waiting_for(self) -> tuple[str, ...]:
        """The active players who have neither claimed nor passed this turn, in player order.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob", "cy"], seed=3)
        >>> _ = game.start() + game.pass_("bob")
        >>> game.waiting_for()
        ('ann', 'cy')
        """
        done = {player for player, _ in self.state.claims}
        return tuple(p for p in self.active_players if p not in done)

    def claim_of(self, player: str) -> tuple[bool, str | None]:
        """(whether ``player`` has claimed or passed this turn, the Monument id or None).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob", "cy"], seed=3)
        >>> _ = game.start() + game.claim("ann", "M05") + game.pass_("bob")
        >>> game.claim_of("ann"), game.claim_of("bob"), game.claim_of("cy")
        ((True, 'M05'), (True, None), (False, None))
        """
        for name, covered in self.state.claims:
            if name == player:
                return True, covered
        return False, None

    # -- inputs

    def start(self) -> list[RefereeEvent]:
        """The setup and the first card.

        Raises ``ClaimError`` when called twice.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> setup, shown = game.start()
        >>> setup.players, shown.card.id
        (('ann', 'bob'), 'S12')
        """
        if self.state.revealed or self.state.current or self.state.awaiting:
            raise ClaimError(said("the game has already started"))
        return [self.setup()] + self._reveal_next()

    def apply(self, move: Move) -> list[RefereeEvent]:
        """One typed move (:mod:`rushmore_print.game.actions`); the events that followed it.

        >>> from rushmore_print import generate_deck, load_design
        >>> from rushmore_print.game.actions import Claim, Pass
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start()
        >>> [type(event).__name__ for event in game.apply(Claim("ann", "M09")) + game.apply(Pass("bob"))]
        ['Claimed', 'Passed', 'Judged', 'Revealed']
        """
        if isinstance(move, Claim):
            return self.claim(move.player, move.monument)
        if isinstance(move, Pass):
            return self.pass_(move.player)
        if isinstance(move, Change):
            return self.change(move.player, move.monument)
        if isinstance(move, Drop):
            return self.drop(move.player)
        return self.turn_over(move.card)

    def claim(self, player: str, monument: str) -> list[RefereeEvent]:
        """``player`` puts a hand on the Monument ``monument`` (its id).

        Returns the ``Claimed`` event, then, when every active player has claimed or passed, the
        ``Judged`` event and the next card (or the end). Raises a ``ClaimError`` that says which rule
        the claim breaks: ``UnknownPlayer``, ``UnknownCard``, ``AlreadyClaimed`` (hands do not move),
        ``AlreadyCovered`` (one hand per Monument), ``GameOver``.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start()
        >>> game.claim("ann", "M09")
        [Claimed(player='ann', monument='M09', position='D2')]
        >>> game.claim("bob", "M09")
        Traceback (most recent call last):
        rushmore_print.errors.AlreadyCovered: D2 (M09) is already covered by ann
        """
        self._check_turn(player)
        self._check_free(self._monument(monument), player)
        self._push(Claim(player, monument))
        self.state = replace(self.state, claims=self.state.claims + ((player, monument),))
        return [Claimed(player, monument, self.table.position_of(monument))] + self._settle()

    def pass_(self, player: str) -> list[RefereeEvent]:
        """``player`` passes this turn; returns the ``Passed`` event and, when that completes the turn,
        the judgement and the next card. Raises ``ClaimError`` as :meth:`claim` does.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start()
        >>> [type(event).__name__ for event in game.pass_("ann") + game.pass_("bob")]
        ['Passed', 'Passed', 'Judged', 'Revealed']
        """
        self._check_turn(player)
        self._push(Pass(player))
        self.state = replace(self.state, claims=self.state.claims + ((player, None),))
        return [Passed(player)] + self._settle()

    def change(self, player: str, monument: str | None) -> list[RefereeEvent]:
        """Correct one player's claim in this turn: another Monument (its id), or ``None`` for a pass.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start() + game.claim("ann", "M05")
        >>> game.change("ann", "M12")
        [Changed(player='ann', monument='M12', position='A2', passed=False)]
        >>> game.claim_of("ann")
        (True, 'M12')
        """
        self._player(player)
        self.in_play()
        if not self.claim_of(player)[0]:
            raise NoClaimToChange(said("{player} has no claim this turn to change", player=player), player)
        if monument is not None:
            self._check_free(self._monument(monument), player)
        self._push(Change(player, monument))
        claims = tuple((p, monument if p == player else m) for p, m in self.state.claims)
        self.state = replace(self.state, claims=claims)
        where = None if monument is None else self.table.position_of(monument)
        return [Changed(player, monument, where, passed=monument is None)]

    def drop(self, player: str) -> list[RefereeEvent]:
        """Take one player's claim or pass out of this turn; that player is to claim again.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start() + game.claim("ann", "M05")
        >>> game.drop("ann"), game.waiting_for()
        ([Changed(player='ann', monument=None, position=None, passed=False)], ('ann', 'bob'))
        """
        self._player(player)
        self.in_play()
        if not self.claim_of(player)[0]:
            raise ClaimError(said("{player} has no claim this turn to drop", player=player))
        self._push(Drop(player))
        self.state = replace(self.state, claims=tuple(c for c in self.state.claims if c[0] != player))
        return [Changed(player, None, None)]

    def turn_over(self, card: str) -> list[RefereeEvent]:
        """Table mode: the game master turned over the Search card ``card`` (its id).

        The card must be unused and in the level's pool (in a tie-break: the next tier of the box);
        else ``ClaimError`` says which card to turn over.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> game = Game.new(deck, design.rules, design.grid, ["ann", "bob"], seed=3, deck_mode=DeckMode.TABLE)
        >>> _ = game.start()
        >>> game.turn_over("S05")[0].card.id
        'S05'
        """
        if self.over:
            raise GameOver(said("the game is over"))
        if not self.state.awaiting:
            if self.current is None:
                raise ClaimError(said("a card is in play; finish its claims (or undo) before turning over another"))
            raise ClaimError(
                said("{card} is in play; finish its claims (or undo) before turning over another", card=self.current.id)
            )
        self._check_card(card)
        self._push(TurnOver(card))
        self.state = self._take(replace(self.state, awaiting=False), card)
        return [self._revealed()]

    def mark(self) -> int:
        """A point to :meth:`rollback` to: the number of inputs taken so far.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start()
        >>> before = game.mark()
        >>> _ = game.claim("ann", "M05")
        >>> before, game.mark()
        (0, 1)
        """
        return len(self._undo)

    def rollback(self, mark: int) -> bool:
        """Take back every input after ``mark``; True if a card was put back in play.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start()
        >>> mark = game.mark()
        >>> _ = game.claim("ann", "M09") + game.pass_("bob")
        >>> game.current.id, game.rollback(mark), game.current.id, game.scores()
        ('S05', True, 'S12', (('ann', 0), ('bob', 0)))
        """
        if mark >= len(self._undo):
            return False
        before = self.state
        self.state = self._undo[mark][1]
        del self._undo[mark:]
        return before.current != self.state.current or before.awaiting != self.state.awaiting

    def undo(self) -> list[RefereeEvent]:
        """Take back the last input: a claim, a pass, a correction, a card turned over. A claim
        that completed a turn comes back with the turn open again and the other claims in place.

        Raises ``NothingToUndo`` when there is nothing to take back.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start() + game.claim("ann", "M09") + game.pass_("bob")
        >>> [type(event).__name__ for event in game.undo()], game.current.id, game.claim_of("ann")
        (['Undone', 'Revealed'], 'S12', (True, 'M09'))
        """
        if not self._undo:
            raise NothingToUndo(said("nothing to undo"))
        move = self._undo[-1][0]
        reopened = self.rollback(len(self._undo) - 1)
        events: list[RefereeEvent] = [Undone((move,))]
        return events + ([self.showing()] if reopened and not self.over else [])

    def moves_since(self, mark: int) -> tuple[Move, ...]:
        """The moves taken after ``mark`` (:meth:`mark`), in order: what a rollback to it takes back.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
        >>> _ = game.start() + game.claim("ann", "M09")
        >>> game.moves_since(0)
        (Claim(player='ann', monument='M09', stamp=None),)
        """
        return tuple(move for move, _ in self._undo[mark:])

    # -- the rules

    def _push(self, move: Move) -> None:
        self._undo.append((move, self.state))

    def _player(self, player: str) -> None:
        if player not in self.players:
            raise UnknownPlayer(
                said(
                    "no player called {typed}; the players are {players}",
                    typed=quoted(player),
                    players=Names(self.players),
                )
            )

    def _monument(self, monument: str) -> str:
        if not any(m.id == monument for m in self.deck.monuments):
            # front ends name Monuments by the table's positions and ids: only a bug or an edited log gets here
            first, last = self.deck.monuments[0].id, self.deck.monuments[-1].id
            raise UnknownCard(f"no Monument {monument} in this deck ({first} to {last})")
        return monument

    def _check_turn(self, player: str) -> None:
        if self.over:
            raise GameOver(said("the game is over"))
        self.in_play()
        self._player(player)
        if player not in self.active_players:
            raise ClaimError(said("only {players} play the tie-break", players=Names(self.active_players)))
        done, covered = self.claim_of(player)
        if not done:
            return
        if covered is None:
            raise AlreadyClaimed(said("{player} already passed; hands do not move", player=player), player)
        position = self.table.position_of(covered)
        raise AlreadyClaimed(
            said("{player} already has a hand on {position}; hands do not move", player=player, position=position),
            player,
            position,
        )

    def _check_free(self, monument: str, player: str) -> None:
        for other, covered in self.state.claims:
            if covered == monument and other != player:
                raise AlreadyCovered(
                    said(
                        "{position} ({monument}) is already covered by {player}",
                        position=self.table.position_of(monument),
                        monument=monument,
                        player=other,
                    )
                )

    def _check_card(self, found: str) -> None:
        """Refuse a Search card the game master may not turn over now: not in the box, not of the
        level, given back after a penalty, or (in a tie-break) not of the tier to draw from."""
        card = self._cards.get(found)
        if card is None:  # the terminal reads ids and notations into cards of the deck: a bug or an edited log
            first, last = self.deck.search[0].id, self.deck.search[-1].id
            raise UnknownCard(f"no Search card {found} in this deck ({first} to {last})")
        if found not in self.state.box:
            raise ClaimError(said("{card} was already turned over in this game; turn over another card", card=found))
        level = self.config.level
        if self.state.tiebreak is None:
            if not self._in_level(found):
                raise ClaimError(
                    said(
                        "{card} is a card of the {level} level; the {deck_level} deck holds {pool} only",
                        card=found,
                        level=card.level,
                        deck_level=level,
                        pool=pool_said(level),
                    )
                )
            if found in self.state.seen:
                raise ClaimError(
                    said("{card} went back to the box after a penalty; turn over the top card of the deck", card=found)
                )
            return
        wanted = min(self._tier(c) for c in self.state.box)
        if self._tier(found) == wanted:
            return
        unseen = sum(1 for c in self.state.box if self._tier(c) == wanted)
        first = nsaid("{n} unused {level} card", "{n} unused {level} cards", unseen, level=_LEVELS[wanted[1]])
        if found in self.state.seen:
            raise ClaimError(
                said(
                    "{card} was given back after a penalty, so everyone knows its answer; "
                    "draw the tie-break card from the {first} first",
                    card=found,
                    first=first,
                )
            )
        raise ClaimError(
            said(
                "{card} is a card of the {level} level; draw the tie-break card from the {first} first",
                card=found,
                level=card.level,
                first=first,
            )
        )

    def _settle(self) -> list[RefereeEvent]:
        """Judge when every active player has claimed or passed; then go on or end."""
        if self.waiting_for():
            return []
        return self._judge()

    def _judge(self) -> list[RefereeEvent]:
        card = self.in_play()
        answer = card.answer
        winner = next((p for p, m in self.state.claims if m == answer), None)
        won = [list(cards) for cards in self.state.won]
        wrong = list(self.state.wrong)
        box = list(self.state.box)
        penalised, returned = [], []
        if winner is not None:
            won[self.players.index(winner)].append(card.id)
        # a penalty never decides a tie-break: during one, a wrong claim only loses that round
        penalty = self.config.penalty and self.state.tiebreak is None
        for player, monument in self.state.claims:
            if monument is None or monument == answer:
                continue
            index = self.players.index(player)
            wrong[index] += 1
            if penalty and won[index]:
                # the last card won (the top of the player's pile), named so that the card given
                # back at the table is the one the referee takes; it goes to the bottom of the box,
                # drawn only once every unseen card is used
                returned.append(won[index].pop())
                box.append(returned[-1])
                penalised.append(player)
        self.state = replace(
            self.state,
            won=tuple(tuple(c) for c in won),
            wrong=tuple(wrong),
            box=tuple(box),
            seen=self.state.seen + tuple(returned),
            claims=(),
            current=None,
            turns=self.state.turns + 1,
        )
        events: list[RefereeEvent] = [
            Judged(
                card, answer, self.table.position_of(answer), winner, tuple(penalised), self.scores(), tuple(returned)
            )
        ]
        return events + self._after_turn(winner)

    def _after_turn(self, winner: str | None) -> list[RefereeEvent]:
        if self.state.tiebreak is not None:
            if winner is not None:
                return self._end((winner,), EndReason.TIE_BREAK)
            return self._reveal_next()
        if winner is not None and self._score(winner) >= self.points_to_win:
            return self._end((winner,), EndReason.POINTS)
        if self.state.to_deal:
            return self._reveal_next()
        best = max(score for _, score in self.scores())
        leaders = tuple(p for p, score in self.scores() if score == best)
        if len(leaders) == 1:
            return self._end(leaders, EndReason.MOST_CARDS)
        self.state = replace(self.state, tiebreak=leaders)
        draw = self.draw_level()
        return [TieBreak(leaders, draw is not self.config.level, draw)] + self._reveal_next()

    def _reveal_next(self) -> list[RefereeEvent]:
        if self.state.tiebreak is not None and not self.state.box:
            return self._end(self.state.tiebreak, EndReason.BOX_EMPTY)
        if self.config.deck_mode is DeckMode.TABLE:
            self.state = replace(self.state, awaiting=True, current=None)
            return [self._awaiting()]
        self.state = self._take(self.state, self.state.box[0])
        return [self._revealed()]

    def _take(self, state: State, card: str) -> State:
        to_deal = state.to_deal - (state.tiebreak is None)
        box = tuple(c for c in state.box if c != card)
        return replace(state, current=card, box=box, to_deal=to_deal, revealed=state.revealed + 1)

    def _revealed(self) -> Revealed:
        return Revealed(self.in_play(), self.state.revealed, self._total(), self.state.tiebreak)

    def _awaiting(self) -> Awaiting:
        draw = self.draw_level() if self.state.tiebreak else None
        return Awaiting(self.state.revealed + 1, self._total(), self.state.tiebreak, self.level_left(), draw)

    def _total(self) -> int:
        """Cards of the deck shown so far plus those still to show."""
        return self.state.revealed + self.state.to_deal

    def _end(self, winners: tuple[str, ...], reason: EndReason) -> list[RefereeEvent]:
        self.state = replace(self.state, winners=winners, end_reason=reason, current=None, awaiting=False)
        return [Ended(winners, reason, self.scores())]


_LEVELS = list(Level)  # easiest first: a tie-break climbs this list


# ----------------------------------------------------------------------------- disputes


def answer_of(deck: Deck, card: CardFaces) -> Monument:
    """The Monument a Search card (maybe typed as a notation, not in the deck) asks for.

    >>> from rushmore_print import generate_deck, load_design
    >>> deck = generate_deck(load_design())
    >>> answer_of(deck, CardFaces("LR*RL", (0, 1, 1, 0), (False, True, False, False)))
    Monument(id='M03', faces=(0, 0, 1, 0))
    """
    found = deck.monument_with_faces(target_faces(card.faces, card.red))
    assert found is not None  # every face combination is a Monument
    return found


def explain(deck: Deck, search: CardFaces, monument: CardFaces) -> tuple[Said, ...]:
    """Why a Monument is not the match: one sentence per head that is wrong (empty when it matches),
    English as a ``str``, each a :class:`~rushmore_print.language.i18n.Said` for the players' language.

    >>> from rushmore_print import load_design, generate_deck
    >>> from rushmore_print.cli.arguments import monument_card, search_card
    >>> deck = generate_deck(load_design())
    >>> explain(deck, search_card(deck, "LLR*L"), monument_card(deck, "LLRL"))
    ('Roosevelt is red on the Search card, so he must face left on the Monument; he faces right',)
    """
    reasons = []
    for index, name in enumerate(deck.heads):
        shown, is_red, actual = search.faces[index], search.red[index], monument.faces[index]
        wanted = 1 - shown if is_red else shown
        if actual != wanted:
            facing = {"head": name, "wanted": deck.directions[wanted], "actual": deck.directions[actual]}
            if is_red:
                why = said(
                    "{head} is red on the Search card, so he must face {wanted} on the Monument; he faces {actual}",
                    **facing,
                )
            else:
                why = said(
                    "{head} is not red on the Search card, so he must face {wanted} on the Monument; he faces {actual}",
                    **facing,
                )
            reasons.append(why)
    return tuple(reasons)


__all__ = [
    "Awaiting",
    "Changed",
    "Claimed",
    "Config",
    "DeckMode",
    "Ended",
    "Game",
    "Judged",
    "Passed",
    "RefereeEvent",
    "Revealed",
    "Setup",
    "State",
    "Table",
    "TieBreak",
    "Undone",
    "answer_of",
    "explain",
    "position_name",
]
