"""The referee: a pure state machine for one game at a real table (RULES.md).

The random generator is seeded once, at the start (laying out the Monuments, shuffling the
level's pool); after that the game is a function of the players' inputs, so a game can be
replayed, undone and resumed exactly. The CLI parses lines and prints the events returned here.

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
from dataclasses import dataclass, replace

from .errors import (
    AlreadyClaimed,
    AlreadyCovered,
    CardError,
    ClaimError,
    GameOver,
    NothingToUndo,
    UnknownCard,
    UnknownPlayer,
)
from .model import Deck, Level, Monument, SearchCard, target_faces
from .spec import Rules
from .words import join_names

RESERVED_NAMES = {"pass", "score", "undo", "help", "quit"}


@dataclass(frozen=True)
class Table:
    """The Monuments as laid out: position (``A1``: row letter, column number) to Monument id."""

    rows: int
    cols: int
    positions: tuple[tuple[str, str], ...]

    def monument_at(self, position: str) -> str | None:
        return dict(self.positions).get(position.upper())

    def position_of(self, monument_id: str) -> str:
        return next(p for p, m in self.positions if m == monument_id)

    def grid(self) -> list[list[tuple[str, str]]]:
        return [list(self.positions[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)]


def position_name(row: int, col: int) -> str:
    """``position_name(1, 2)`` -> ``"B3"``; rows past Z continue AA, AB..."""
    letters = string.ascii_uppercase
    name = letters[row] if row < 26 else letters[row // 26 - 1] + letters[row % 26]
    return f"{name}{col + 1}"


@dataclass(frozen=True)
class Config:
    players: tuple[str, ...]
    level: Level
    long_game: bool
    seed: int
    penalty: bool


@dataclass(frozen=True)
class State:
    won: tuple[tuple[str, ...], ...]  # the Search cards each player holds, in player order
    pile: tuple[str, ...]  # Search cards still to reveal, top first
    reserve: tuple[str, ...]  # the level's cards left in the box (for tie-breaks)
    current: str | None = None
    claims: tuple[tuple[str, str | None], ...] = ()  # (player, Monument id, or None for a pass)
    tiebreak: tuple[str, ...] | None = None
    revealed: int = 0
    winners: tuple[str, ...] | None = None
    end_reason: str = ""


# ----------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Setup:
    table: Table
    level: Level
    deck_size: int
    wanted_size: int
    pool_size: int
    points_to_win: int
    seed: int
    players: tuple[str, ...]

    @property
    def capped(self) -> bool:
        return self.deck_size < self.wanted_size


@dataclass(frozen=True)
class Revealed:
    card: SearchCard
    number: int
    total: int
    tiebreak: tuple[str, ...] | None


@dataclass(frozen=True)
class Claimed:
    player: str
    monument: str
    position: str


@dataclass(frozen=True)
class Passed:
    player: str


@dataclass(frozen=True)
class Judged:
    card: SearchCard
    answer: str
    position: str
    winner: str | None
    penalised: tuple[str, ...]  # players who lost a card to the penalty rule
    scores: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class TieBreak:
    players: tuple[str, ...]


@dataclass(frozen=True)
class Ended:
    winners: tuple[str, ...]
    reason: str
    scores: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Undone:
    what: str


# ----------------------------------------------------------------------------- the game


class Game:
    """One game. Inputs: :meth:`claim`, :meth:`pass_`, :meth:`undo`; each returns the events
    that followed (a claim that completes a turn also returns its judgement and the next card)."""

    def __init__(self, deck: Deck, rules: Rules, table: Table, config: Config, pool: tuple[str, ...]):
        self.deck = deck
        self.rules = rules
        self.table = table
        self.config = config
        self.points_to_win = rules.points_for(config.long_game)
        self.wanted_size = rules.deck_size_for(len(config.players), config.long_game)
        self.pool_size = len(pool)
        self.deck_size = min(self.wanted_size, len(pool))
        self.state = State(won=((),) * len(config.players), pile=pool[: self.deck_size], reserve=pool[self.deck_size :])
        self._undo: list[State] = []
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
    ) -> Game:
        """Lay out the table and shuffle the level's pool, from ``seed`` alone."""
        names = check_players(players)
        rng = random.Random(seed)
        monuments = [m.id for m in deck.monuments]
        rng.shuffle(monuments)
        rows, cols = grid
        table = Table(rows, cols, tuple((position_name(i // cols, i % cols), m) for i, m in enumerate(monuments)))
        pool = [card.id for card in deck.pool(level)]
        rng.shuffle(pool)
        return cls(deck, rules, table, Config(names, level, long_game, seed, penalty), tuple(pool))

    # -- reading the state

    @property
    def players(self) -> tuple[str, ...]:
        return self.config.players

    @property
    def current(self) -> SearchCard | None:
        return self._cards[self.state.current] if self.state.current else None

    @property
    def over(self) -> bool:
        return self.state.winners is not None

    @property
    def active_players(self) -> tuple[str, ...]:
        return self.state.tiebreak or self.players

    def scores(self) -> tuple[tuple[str, int], ...]:
        return tuple((player, len(cards)) for player, cards in zip(self.players, self.state.won))

    def _score(self, player: str) -> int:
        return len(self.state.won[self.players.index(player)])

    @property
    def cards_left(self) -> int:
        return len(self.state.pile)

    def setup(self) -> Setup:
        return Setup(
            self.table,
            self.config.level,
            self.deck_size,
            self.wanted_size,
            self.pool_size,
            self.points_to_win,
            self.config.seed,
            self.players,
        )

    def showing(self) -> Revealed:
        """The card in play, as it was revealed (for a resumed game)."""
        return Revealed(self._in_play(), self.state.revealed, self._total(), self.state.tiebreak)

    def _in_play(self) -> SearchCard:
        card = self.current
        if card is None:
            raise ClaimError("no card is in play; the game is over")
        return card

    def waiting_for(self) -> tuple[str, ...]:
        done = {player for player, _ in self.state.claims}
        return tuple(p for p in self.active_players if p not in done)

    # -- inputs

    def start(self) -> list:
        """The setup and the first card."""
        if self.state.revealed or self.state.current:
            raise GameOver("the game has already started")
        return [self.setup()] + self._reveal_next()

    def claim(self, player: str, target: str) -> list:
        """``player`` puts a hand on ``target`` (a position such as ``B3`` or a Monument id)."""
        name = self._check_turn(player)
        monument = self._resolve(target)
        for other, covered in self.state.claims:
            if covered == monument:
                raise AlreadyCovered(f"{self.table.position_of(monument)} ({monument}) is already covered by {other}")
        self._undo.append(self.state)
        self.state = replace(self.state, claims=self.state.claims + ((name, monument),))
        return [Claimed(name, monument, self.table.position_of(monument))] + self._settle()

    def pass_(self, player: str) -> list:
        name = self._check_turn(player)
        self._undo.append(self.state)
        self.state = replace(self.state, claims=self.state.claims + ((name, None),))
        return [Passed(name)] + self._settle()

    def undo(self) -> list:
        """Take back the last claim; with none this turn, take back the whole last judged turn."""
        if not self._undo:
            raise NothingToUndo("nothing to undo")
        if self.state.claims:
            last = self.state.claims[-1]
            self.state = self._undo.pop()
            what = f"{last[0]}'s {'pass' if last[1] is None else 'claim on ' + self.table.position_of(last[1])}"
            return [Undone(what)]
        previous = self.state
        while self._undo:
            previous = self._undo.pop()
            if not previous.claims:
                break
        self.state = previous
        return [Undone(f"the judgement of {previous.current}; it is in play again with no hands down"), self.showing()]

    # -- the rules

    def _check_turn(self, player: str) -> str:
        if self.over:
            raise GameOver("the game is over")
        name = self._player(player)
        if name not in self.active_players:
            raise ClaimError(f"only {join_names(self.active_players)} play the tie-break")
        for other, covered in self.state.claims:
            if other == name:
                where = "passed" if covered is None else f"has a hand on {self.table.position_of(covered)}"
                raise AlreadyClaimed(f"{name} already {where}; hands do not move")
        return name

    def _player(self, player: str) -> str:
        for name in self.players:
            if name.lower() == player.lower():
                return name
        raise UnknownPlayer(f"no player called {player!r}; the players are {join_names(self.players)}")

    def _resolve(self, target: str) -> str:
        token = target.strip().upper()
        by_position = self.table.monument_at(token)
        if by_position:
            return by_position
        if any(m.id == token for m in self.deck.monuments):
            return token
        first, last = self.table.positions[0][0], self.table.positions[-1][0]
        raise UnknownCard(
            f"{target!r} is neither a position ({first} to {last}) nor a Monument "
            f"({self.deck.monuments[0].id} to {self.deck.monuments[-1].id})"
        )

    def _settle(self) -> list:
        """Judge when every active player has claimed or passed; then go on or end."""
        if self.waiting_for():
            return []
        return self._judge()

    def _judge(self) -> list:
        card = self._in_play()
        answer = card.answer
        winner = next((p for p, m in self.state.claims if m == answer), None)
        won = [list(cards) for cards in self.state.won]
        reserve = list(self.state.reserve)
        penalised = []
        if winner is not None:
            won[self.players.index(winner)].append(card.id)
        if self.config.penalty:
            for player, monument in self.state.claims:
                cards = won[self.players.index(player)]
                if monument is not None and monument != answer and cards:
                    reserve.append(cards.pop())  # back into the box
                    penalised.append(player)
        self.state = replace(
            self.state, won=tuple(tuple(c) for c in won), claims=(), current=None, reserve=tuple(reserve)
        )
        events: list = [Judged(card, answer, self.table.position_of(answer), winner, tuple(penalised), self.scores())]
        return events + self._after_turn(winner)

    def _after_turn(self, winner: str | None) -> list:
        if self.state.tiebreak is not None:
            if winner is not None:
                return self._end((winner,), f"{winner} took the tie-break card")
            return self._reveal_next()
        if winner is not None and self._score(winner) >= self.points_to_win:
            return self._end((winner,), f"{winner} reached {self.points_to_win} points")
        if self.state.pile:
            return self._reveal_next()
        best = max(score for _, score in self.scores())
        leaders = tuple(p for p, score in self.scores() if score == best)
        if len(leaders) == 1:
            return self._end(leaders, f"the deck is empty and {leaders[0]} has the most cards")
        self.state = replace(self.state, tiebreak=leaders)
        return [TieBreak(leaders)] + self._reveal_next()

    def _reveal_next(self) -> list:
        state = self.state
        tied = state.tiebreak
        if tied is None:
            card, state = state.pile[0], replace(state, pile=state.pile[1:])
        elif state.reserve:
            card, state = state.reserve[0], replace(state, reserve=state.reserve[1:])
        else:
            self.state = state
            return self._end(tied, "the box has no more cards for the tie-break, so the tied players share the win")
        self.state = replace(state, current=card, revealed=state.revealed + 1)
        return [Revealed(self._cards[card], self.state.revealed, self._total(), self.state.tiebreak)]

    def _total(self) -> int:
        return self.state.revealed + len(self.state.pile)

    def _end(self, winners: tuple[str, ...], reason: str) -> list:
        self.state = replace(self.state, winners=winners, end_reason=reason, current=None)
        return [Ended(winners, reason, self.scores())]


INPUT_EVENTS = ("claim", "pass", "undo")


def apply_input(game: Game, record: dict) -> list:
    """Apply one logged input (``{"event": "claim", "player": "ann", "target": "B3"}``)."""
    kind = record.get("event")
    if kind == "claim":
        return game.claim(record["player"], record["target"])
    if kind == "pass":
        return game.pass_(record["player"])
    if kind == "undo":
        return game.undo()
    raise ValueError(f"not an input event: {kind!r}")


def check_players(players: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Player names: at least two, unique (ignoring case), one word each, not a command."""
    names = tuple(p.strip() for p in players if p.strip())
    if len(names) < 2:
        raise ClaimError("a game needs at least two players, e.g. --players ann,bob")
    for name in names:
        if not all(c.isalnum() or c in "-_'" for c in name):
            raise ClaimError(f"player name {name!r}: use one word (letters, digits, - or _)")
        if name.lower() in RESERVED_NAMES:
            raise ClaimError(f"player name {name!r} is a command at the prompt; choose another")
    lowered = [n.lower() for n in names]
    duplicate = next((n for n in names if lowered.count(n.lower()) > 1), None)
    if duplicate:
        raise ClaimError(f"two players are called {duplicate!r}; names must differ")
    return names


# ----------------------------------------------------------------------------- disputes


@dataclass(frozen=True)
class CardFaces:
    """A card named at the table, by id or by notation."""

    label: str
    faces: tuple[int, ...]
    red: tuple[bool, ...]


def resolve_search(deck: Deck, text: str) -> CardFaces:
    """``S17`` or a notation such as ``LR*RL``."""
    token = text.strip()
    if token.upper().startswith("S") and token[1:].isdigit():
        card = deck.search_card(token)
        return CardFaces(card.id, card.faces, card.red)
    faces, red = deck.notation.parse(token, len(deck.heads))
    return CardFaces(deck.notation.search(faces, red), faces, red)


def resolve_monument(deck: Deck, text: str) -> CardFaces:
    """``M07`` or a notation such as ``LRRL`` (no red heads on a Monument)."""
    token = text.strip()
    if token.upper().startswith("M") and token[1:].isdigit():
        monument = deck.monument(token)
        return CardFaces(monument.id, monument.faces, (False,) * len(monument.faces))
    faces, red = deck.notation.parse(token, len(deck.heads))
    if any(red):
        raise CardError(f"{text!r}: a Monument has no red heads; drop the '*'")
    found = deck.monument_with_faces(faces)
    return CardFaces(found.id if found else deck.notation.monument(faces), faces, red)


def answer_of(deck: Deck, card: CardFaces) -> Monument:
    """The Monument a Search card (maybe typed as a notation, not in the deck) asks for."""
    found = deck.monument_with_faces(target_faces(card.faces, card.red))
    assert found is not None  # every face combination is a Monument
    return found


def explain(deck: Deck, search: CardFaces, monument: CardFaces) -> tuple[str, ...]:
    """Why a Monument is not the match: one sentence per head that is wrong (empty when it matches).

    >>> from rushmore_print import load_design, generate_deck
    >>> deck = generate_deck(load_design())
    >>> explain(deck, resolve_search(deck, "LLR*L"), resolve_monument(deck, "LLRL"))
    ('Roosevelt is red on the Search card, so he must face left on the Monument; he faces right',)
    """
    reasons = []
    for index, name in enumerate(deck.heads):
        shown, is_red, actual = search.faces[index], search.red[index], monument.faces[index]
        wanted = 1 - shown if is_red else shown
        if actual != wanted:
            why = "is red on the Search card" if is_red else "is not red on the Search card"
            reasons.append(
                f"{name} {why}, so he must face {deck.directions[wanted]} on the Monument; "
                f"he faces {deck.directions[actual]}"
            )
    return tuple(reasons)
