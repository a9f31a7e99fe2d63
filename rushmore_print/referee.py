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

import enum
import random
import string
import unicodedata
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
from .i18n import Names, Said, nsaid, pool_said, quoted, said
from .model import Deck, Level, Monument, SearchCard, target_faces
from .spec import Rules

RESERVED_NAMES = frozenset({"pass", "score", "undo", "help", "quit", "grid", "change", "drop", "status"})


class DeckMode(enum.Enum):
    """Where the Search cards come from."""

    SCREEN = "screen"  # the referee draws each card and shows it; no printed Search cards needed
    TABLE = "table"  # the game master turns over the printed deck and types each card's id


def fold(text: str) -> str:
    """A name as typed, for matching: NFC and case-folded, so ``STRASSE`` finds ``straße``."""
    return unicodedata.normalize("NFC", text).casefold()


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
    deck_mode: DeckMode = DeckMode.SCREEN


@dataclass(frozen=True)
class State:
    won: tuple[tuple[str, ...], ...]  # the Search cards each player holds, in player order
    box: tuple[str, ...]  # unused cards in draw order: the level's pool (the deck first), then the rest
    to_deal: int  # cards still face down in the deck, not counting the one in play
    current: str | None = None
    awaiting: bool = False  # table mode: the game master is to turn over the next card and type it
    claims: tuple[tuple[str, str | None], ...] = ()  # (player, Monument id, or None for a pass)
    tiebreak: tuple[str, ...] | None = None
    revealed: int = 0
    winners: tuple[str, ...] | None = None
    end_reason: str = ""
    wrong: tuple[int, ...] = ()  # wrong claims per player, in player order
    turns: int = 0  # judged turns
    seen: tuple[str, ...] = ()  # cards back in the box after a penalty: everyone knows their answer


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
    penalty: bool = False
    deck_mode: DeckMode = DeckMode.SCREEN
    spare_level: int = 0  # the level's cards left in the box for a tie-break
    spare_other: int = 0  # the other levels' cards, drawn when those are gone

    @property
    def capped(self) -> bool:
        return self.deck_size < self.wanted_size


@dataclass(frozen=True)
class Revealed:
    card: SearchCard
    number: int
    total: int
    tiebreak: tuple[str, ...] | None
    again: bool = False  # shown again (after an undo or on resume), not newly drawn


@dataclass(frozen=True)
class Awaiting:
    """Table mode: the game master is to turn over the next card and type its id."""

    number: int
    total: int
    tiebreak: tuple[str, ...] | None
    level_left: int  # the level's unused cards (a tie-break draws from these first)
    draw_level: Level | None = None  # a tie-break: the level to draw from; None: only seen cards are left


@dataclass(frozen=True)
class Claimed:
    player: str
    monument: str
    position: str


@dataclass(frozen=True)
class Passed:
    player: str


@dataclass(frozen=True)
class Changed:
    player: str
    monument: str | None  # None: the claim was dropped (or changed to a pass when ``passed``)
    position: str | None
    passed: bool = False


@dataclass(frozen=True)
class Judged:
    card: SearchCard
    answer: str
    position: str
    winner: str | None
    penalised: tuple[str, ...]  # players who lost a card to the penalty rule
    scores: tuple[tuple[str, int], ...]
    returned: tuple[str, ...] = ()  # the card each penalised player gives back to the box, in that order


@dataclass(frozen=True)
class TieBreak:
    players: tuple[str, ...]
    from_other_levels: bool = False
    draw_level: Level | None = None  # the level the card comes from; None: only cards seen before are left


@dataclass(frozen=True)
class Ended:
    winners: tuple[str, ...]
    reason: str
    scores: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Undone:
    what: str


RefereeEvent = Setup | Revealed | Awaiting | Claimed | Passed | Changed | Judged | TieBreak | Ended | Undone
"""What :class:`Game` returns: each input gives a list of these, in the order they happened."""


# ----------------------------------------------------------------------------- the game


class Game:
    """One game. Inputs: :meth:`claim`, :meth:`pass_`, :meth:`change`, :meth:`drop`,
    :meth:`turn_over` (table mode) and :meth:`undo`; each returns the events that followed (a claim
    that completes a turn also returns its judgement and the next card)."""

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
        self._undo: list[tuple[str, State]] = []  # (what the input was, the state before it)
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
        """Lay out the table and shuffle the box (the level's pool first), from ``seed`` alone."""
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

    def wrong_claims(self) -> tuple[tuple[str, int], ...]:
        return tuple(zip(self.players, self.state.wrong))

    def _score(self, player: str) -> int:
        return len(self.state.won[self.players.index(player)])

    @property
    def cards_left(self) -> int:
        """Cards still face down in the deck (the one in play is not counted)."""
        return self.state.to_deal

    def level_left(self) -> int:
        """The level's unseen cards still in the box (outside the deck): what a tie-break draws first."""
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
        seen before (given back by a penalty) are left in the box."""
        box = self.state.box[self.state.to_deal :]
        if not box:
            return None
        seen, rank = min(self._tier(card) for card in box)
        return None if seen else _LEVELS[rank]

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
            self.config.penalty,
            self.config.deck_mode,
            self.pool_size - self.deck_size,
            self.spare_other,
        )

    def showing(self) -> Revealed | Awaiting:
        """The card in play, or the card awaited (for an undo or a resumed game)."""
        if self.state.awaiting:
            return self._awaiting()
        return Revealed(self.in_play(), self.state.revealed, self._total(), self.state.tiebreak, again=True)

    def in_play(self) -> SearchCard:
        card = self.current
        if card is None:
            raise ClaimError(
                said("no card is in play; the game is over")
                if self.over
                else said("no card is in play; turn one over first")
            )
        return card

    def waiting_for(self) -> tuple[str, ...]:
        done = {player for player, _ in self.state.claims}
        return tuple(p for p in self.active_players if p not in done)

    def claim_of(self, player: str) -> tuple[bool, str | None]:
        """(whether ``player`` has claimed or passed this turn, the Monument id or None)."""
        for name, covered in self.state.claims:
            if name == player:
                return True, covered
        return False, None

    # -- inputs

    def start(self) -> list[RefereeEvent]:
        """The setup and the first card."""
        if self.state.revealed or self.state.current or self.state.awaiting:
            raise GameOver(said("the game has already started"))
        return [self.setup()] + self._reveal_next()

    def claim(self, player: str, target: str) -> list[RefereeEvent]:
        """``player`` puts a hand on ``target`` (a position such as ``B3`` or a Monument id)."""
        name = self._check_turn(player)
        monument = self.monument_named(target)
        self._check_free(monument, name)
        self._push(said("{player}'s claim on {position}", player=name, position=self.table.position_of(monument)))
        self.state = replace(self.state, claims=self.state.claims + ((name, monument),))
        return [Claimed(name, monument, self.table.position_of(monument))] + self._settle()

    def pass_(self, player: str) -> list[RefereeEvent]:
        name = self._check_turn(player)
        self._push(said("{player}'s pass", player=name))
        self.state = replace(self.state, claims=self.state.claims + ((name, None),))
        return [Passed(name)] + self._settle()

    def change(self, player: str, target: str | None) -> list[RefereeEvent]:
        """Correct one player's claim in this turn: another Monument, or ``None`` for a pass."""
        name = self.player_named(player)
        self.in_play()
        if not self.claim_of(name)[0]:
            raise ClaimError(said("{player} has no claim this turn to change; type the claim itself", player=name))
        monument = None if target is None else self.monument_named(target)
        if monument is not None:
            self._check_free(monument, name)
        self._push(said("the change of {player}'s claim", player=name))
        claims = tuple((p, monument if p == name else m) for p, m in self.state.claims)
        self.state = replace(self.state, claims=claims)
        where = None if monument is None else self.table.position_of(monument)
        return [Changed(name, monument, where, passed=monument is None)]

    def drop(self, player: str) -> list[RefereeEvent]:
        """Take one player's claim or pass out of this turn; that player is to claim again."""
        name = self.player_named(player)
        self.in_play()
        if not self.claim_of(name)[0]:
            raise ClaimError(said("{player} has no claim this turn to drop", player=name))
        self._push(said("the drop of {player}'s claim", player=name))
        self.state = replace(self.state, claims=tuple(c for c in self.state.claims if c[0] != name))
        return [Changed(name, None, None)]

    def turn_over(self, text: str) -> list[RefereeEvent]:
        """Table mode: the game master turned over a card, typed as its id (``S21``) or notation."""
        if self.over:
            raise GameOver(said("the game is over"))
        if not self.state.awaiting:
            if self.current is None:
                raise ClaimError(said("a card is in play; finish its claims (or undo) before turning over another"))
            raise ClaimError(
                said("{card} is in play; finish its claims (or undo) before turning over another", card=self.current.id)
            )
        card = self._typed_card(text)
        self._push(said("the turning over of {card}", card=card))
        self.state = self._take(replace(self.state, awaiting=False), card)
        return [self._revealed()]

    def mark(self) -> int:
        """A point to :meth:`rollback` to: the number of inputs taken so far."""
        return len(self._undo)

    def rollback(self, mark: int) -> bool:
        """Take back every input after ``mark``; True if a card was put back in play."""
        if mark >= len(self._undo):
            return False
        before = self.state
        self.state = self._undo[mark][1]
        del self._undo[mark:]
        return before.current != self.state.current or before.awaiting != self.state.awaiting

    def undo(self) -> list[RefereeEvent]:
        """Take back the last input: a claim, a pass, a correction, a card turned over. A claim
        that completed a turn comes back with the turn open again and the other claims in place."""
        if not self._undo:
            raise NothingToUndo(said("nothing to undo"))
        what = self._undo[-1][0]
        reopened = self.rollback(len(self._undo) - 1)
        events: list[RefereeEvent] = [Undone(what)]
        return events + ([self.showing()] if reopened and not self.over else [])

    # -- the rules

    def _push(self, what: Said) -> None:
        self._undo.append((what, self.state))

    def _check_turn(self, player: str) -> str:
        if self.over:
            raise GameOver(said("the game is over"))
        self.in_play()
        name = self.player_named(player)
        if name not in self.active_players:
            raise ClaimError(said("only {players} play the tie-break", players=Names(self.active_players)))
        done, covered = self.claim_of(name)
        if done:
            if covered is None:
                raise AlreadyClaimed(
                    said("{player} already passed; hands do not move (type: change {player} ...)", player=name)
                )
            raise AlreadyClaimed(
                said(
                    "{player} already has a hand on {position}; hands do not move (type: change {player} ...)",
                    player=name,
                    position=self.table.position_of(covered),
                )
            )
        return name

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

    def player_named(self, player: str) -> str:
        """A player by name, ignoring case and Unicode form, or by a prefix only one name has."""
        typed = fold(player.strip())
        folded = [fold(name) for name in self.players]
        if typed in folded:
            return self.players[folded.index(typed)]
        found = [name for name, f in zip(self.players, folded) if typed and f.startswith(typed)]
        if len(found) == 1:
            return found[0]
        if found:
            raise UnknownPlayer(
                said(
                    "{typed} could be {players}; type more of the name",
                    typed=quoted(player),
                    players=Names(tuple(found), "or"),
                )
            )
        raise UnknownPlayer(
            said(
                "no player called {typed}; the players are {players}", typed=quoted(player), players=Names(self.players)
            )
        )

    def monument_named(self, target: str) -> str:
        token = target.strip().upper()
        by_position = self.table.monument_at(token)
        if by_position:
            return by_position
        found = same_id(token, (m.id for m in self.deck.monuments))
        if found:
            return found
        first, last = self.table.positions[0][0], self.table.positions[-1][0]
        raise UnknownCard(
            said(
                "{typed} is neither a position ({first} to {last}) nor a Monument ({first_id} to {last_id})",
                typed=quoted(target),
                first=first,
                last=last,
                first_id=self.deck.monuments[0].id,
                last_id=self.deck.monuments[-1].id,
            )
        )

    def _typed_card(self, text: str) -> str:
        """The Search card the game master typed, checked against the box and the level."""
        token = text.strip()
        found = same_id(token.upper(), self._cards)
        if found is None:
            try:
                faces, red = self.deck.notation.parse(token, len(self.deck.heads))
            except CardError:
                raise UnknownCard(
                    said(
                        "{typed} is neither a Search card ({first_id} to {last_id}) nor a card's notation",
                        typed=quoted(text),
                        first_id=self.deck.search[0].id,
                        last_id=self.deck.search[-1].id,
                    )
                ) from None
            same = [c.id for c in self.deck.search if c.faces == faces and c.red == red]
            unused = [c for c in same if c in self.state.box]
            if not same:
                raise UnknownCard(said("{typed}: no Search card of this deck shows that", typed=quoted(text)))
            found = (unused or same)[0]
        card = self._cards[found]
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
            return found
        wanted = min(self._tier(c) for c in self.state.box)
        if self._tier(found) != wanted:
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
        return found

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
                return self._end((winner,), said("{player} took the tie-break card", player=winner))
            return self._reveal_next()
        if winner is not None and self._score(winner) >= self.points_to_win:
            return self._end(
                (winner,),
                nsaid("{player} reached {n} point", "{player} reached {n} points", self.points_to_win, player=winner),
            )
        if self.state.to_deal:
            return self._reveal_next()
        best = max(score for _, score in self.scores())
        leaders = tuple(p for p, score in self.scores() if score == best)
        if len(leaders) == 1:
            return self._end(leaders, said("the deck is empty and {player} has the most cards", player=leaders[0]))
        self.state = replace(self.state, tiebreak=leaders)
        draw = self.draw_level()
        return [TieBreak(leaders, draw is not self.config.level, draw)] + self._reveal_next()

    def _reveal_next(self) -> list[RefereeEvent]:
        if self.state.tiebreak is not None and not self.state.box:
            return self._end(
                self.state.tiebreak,
                said("the box has no more cards for the tie-break, so the tied players share the win"),
            )
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

    def _end(self, winners: tuple[str, ...], reason: Said) -> list[RefereeEvent]:
        self.state = replace(self.state, winners=winners, end_reason=reason, current=None, awaiting=False)
        return [Ended(winners, reason, self.scores())]


def same_id(token: str, ids) -> str | None:
    """The id among ``ids`` that ``token`` names, ignoring zero padding: ``M7`` finds ``M07``.

    >>> same_id("m7", ["M06", "M07"])
    'M07'
    """
    token = token.strip().upper()
    if len(token) < 2 or not token[1:].isdigit():
        return None
    for known in ids:
        if known[0] == token[0] and known[1:].isdigit() and int(known[1:]) == int(token[1:]):
            return known
    return None


def check_players(players: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Player names: at least two, unique (ignoring case), one word each, not a command."""
    names = tuple(unicodedata.normalize("NFC", p.strip()) for p in players if p.strip())
    if len(names) < 2:
        raise ClaimError("a game needs at least two players, e.g. --players ann,bob")
    for name in names:
        if not all(c.isalnum() or c in "-_'" for c in name):
            raise ClaimError(f"player name {name!r}: use one word (letters, digits, - or _)")
        if len(name) > MAX_NAME:
            raise ClaimError(f"player name {name[:20]!r}...: at most {MAX_NAME} characters")
        if fold(name) in RESERVED_NAMES:
            raise ClaimError(f"player name {name!r} is a command at the prompt; choose another")
    folded = [fold(n) for n in names]
    duplicate = next((n for n in names if folded.count(fold(n)) > 1), None)
    if duplicate:
        raise ClaimError(f"two players are called {duplicate!r}; names must differ")
    return names


MAX_NAME = 24
_LEVELS = list(Level)  # easiest first: a tie-break climbs this list


# ----------------------------------------------------------------------------- disputes


@dataclass(frozen=True)
class CardFaces:
    """A card named at the table, by id or by notation."""

    label: str
    faces: tuple[int, ...]
    red: tuple[bool, ...]


def resolve_search(deck: Deck, text: str) -> CardFaces:
    """``S17`` (or ``s17``, ``S7`` for ``S07``, as at the prompt) or a notation such as ``LR*RL``.

    >>> from rushmore_print import load_design, generate_deck
    >>> deck = generate_deck(load_design())
    >>> resolve_search(deck, "s3").label
    'S03'
    >>> resolve_search(deck, "M03")
    Traceback (most recent call last):
    ...
    rushmore_print.errors.CardError: 'M03' is a Monument, not a Search card; give S01 to S39 or a notation such as LR*RL
    """
    token = text.strip()
    found = same_id(token, (card.id for card in deck.search))
    if found:
        card = deck.search_card(found)
        return CardFaces(card.id, card.faces, card.red)
    if token.upper().startswith("S") and token[1:].isdigit():
        deck.search_card(token)  # says which ids the deck has
    if _names_other(token, deck.monuments):
        example = deck.notation.search(_example_faces(deck), tuple(i == 1 for i in range(len(deck.heads))))
        raise CardError(
            f"{text!r} is a Monument, not a Search card; give {deck.search[0].id} to {deck.search[-1].id} "
            f"or a notation such as {example}"
        )
    faces, red = deck.notation.parse(token, len(deck.heads))
    return CardFaces(deck.notation.search(faces, red), faces, red)


def _example_faces(deck: Deck) -> tuple[int, ...]:
    """Faces for an example notation in a message: left, right, right, left, ... one per head."""
    return tuple((0, 1, 1, 0)[i % 4] for i in range(len(deck.heads)))


def _names_other(token: str, cards) -> bool:
    """Whether ``token`` is an id of the other kind of card (``M3`` where a Search card is asked for)."""
    return bool(token[:1].isalpha() and token[1:].isdigit() and same_id(token, (card.id for card in cards)))


def resolve_monument(deck: Deck, text: str) -> CardFaces:
    """``M07`` (or ``m7``) or a notation such as ``LRRL`` (no red heads on a Monument)."""
    token = text.strip()
    found = same_id(token, (m.id for m in deck.monuments))
    if found:
        monument = deck.monument(found)
        return CardFaces(monument.id, monument.faces, (False,) * len(monument.faces))
    if token.upper().startswith("M") and token[1:].isdigit():
        deck.monument(token)  # says which ids the deck has
    if _names_other(token, deck.search):
        raise CardError(
            f"{text!r} is a Search card, not a Monument; give {deck.monuments[0].id} to {deck.monuments[-1].id} "
            f"or a notation such as {deck.notation.monument(_example_faces(deck))}"
        )
    faces, red = deck.notation.parse(token, len(deck.heads))
    if any(red):
        raise CardError(f"{text!r}: a Monument has no red heads; drop the '*'")
    same = deck.monument_with_faces(faces)
    return CardFaces(same.id if same else deck.notation.monument(faces), faces, red)


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


__all__ = [
    "Awaiting",
    "CardFaces",
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
    "check_players",
    "explain",
    "fold",
    "position_name",
    "resolve_monument",
    "resolve_search",
    "same_id",
]
