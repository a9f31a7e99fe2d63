"""A game at the table: typed actions in, the events to show and the records to log out; resume.

Pure: no click, no files, no text to read. A front end builds actions
(:mod:`rushmore_print.game.actions`: the terminal reads them from the game master's lines with
:mod:`rushmore_print.cli.prompt`, the browser table from its screens' messages), hands each to
:meth:`Session.apply`, shows the events of the :class:`Step` it gets back in its own words and
appends the step's records to the log (:class:`rushmore_print.writers.gamelog.GameLog`; the format is
:mod:`rushmore_print.game.logformat`). :meth:`Session.resume` rebuilds a game from those records,
checking that the design and seed still deal the game that was logged, and that every card,
verdict and score the log recorded is the one the replay gives.

>>> from rushmore_print import load_design
>>> from rushmore_print.game.actions import Claim, Entry, RestPass
>>> design = load_design()
>>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), clock=lambda: 0.0)
>>> step = session.start()
>>> [type(e).__name__ for e in step.events], step.records[0]["event"]
(['Setup', 'Revealed'], 'start')
>>> answer = session.game.current.answer
>>> [type(e).__name__ for e in session.apply(Entry((Claim("ann", answer), RestPass()))).events]
['Claimed', 'Passed', 'Judged', 'ShowScore', 'Revealed']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..deck.generate import generate_deck
from ..design import Design, Rules
from ..errors import CardHeld, ClaimError, GameLogError, GameOver, JudgedBefore, NothingToUndo, RushmoreError
from ..frozen import frozen_dataclass
from ..language.i18n import SOURCE_LANGUAGE, said
from ..model import Deck, Level
from ..readers.inputs import shown
from .actions import Action, Claim, End, Entry, Move, Part, RestPass, Reveal, Took, Undo
from .logformat import (
    LOG_VERSION,
    MAX_MS,
    check_log,
    check_output,
    deck_fingerprint,
    logged_word,
    move_of,
    move_record,
    output_record,
    output_records,
    same_deck,
    seconds_of,
    start_sum,
    timestamp,
)
from .players import fold
from .referee import DeckMode, Ended, Game, Judged, RefereeEvent, Revealed, Undone

IDLE_SECONDS = 300.0  # a longer pause between two entries counts as a break, not as play


@frozen_dataclass
class Options:
    """What a game is dealt from (the rest comes from the design).

    >>> options = Options(("ann", "bob"), level=Level.ADVANCED, seed=7)
    >>> options.players, options.level, options.long_game, options.deck_mode
    (('ann', 'bob'), <Level.ADVANCED: 'advanced'>, False, <DeckMode.SCREEN: 'screen'>)
    """

    players: tuple[str, ...]
    level: Level = Level.BASIC
    long_game: bool = False
    seed: int = 0
    penalty: bool = False
    deck_mode: DeckMode = DeckMode.SCREEN


# ----------------------------------------------------------------------------- session events


@frozen_dataclass
class Ready:
    """A card is drawn and held back until it is revealed (:class:`~rushmore_print.game.actions.Reveal`:
    the game master's Enter, the table screen's count of three); hands are still down.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name, hold=True)
    >>> session.start().events[-1]
    Ready(number=1, total=12, tiebreak=None)
    >>> session.apply(Reveal()).events[0].card.id
    'S12'
    """

    number: int
    total: int
    tiebreak: tuple[str, ...] | None


@frozen_dataclass
class Rejected:
    """An action the session did not take, and the rule it breaks (``error``: a typed
    :class:`~rushmore_print.errors.ClaimError`, whose fields let each front end say it in its own
    words; its message is said in the players' language by :meth:`Catalogue.say`). Nothing in the
    game changed; the log keeps the refusal.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.actions import Pass
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> _ = session.start()
    >>> rejected = session.apply(Pass("zed")).events[0]
    >>> type(rejected.error).__name__, rejected.reason
    ('UnknownPlayer', "no player called 'zed'; the players are ann and bob")
    """

    error: RushmoreError

    @property
    def reason(self) -> str:
        """The error's sentence: a :class:`~rushmore_print.language.i18n.Said` when the core made it one.

        >>> Rejected(ClaimError("nothing to undo")).reason
        'nothing to undo'
        """
        args = self.error.args
        return args[0] if len(args) == 1 and isinstance(args[0], str) else str(self.error)


@frozen_dataclass
class ShowScore:
    """The score (after each turn, or asked for): cards won per player, cards left in the deck, and
    whether a card of the deck is in play (not a tie-break card, not one drawn and still held back).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> _ = session.start()
    >>> session.score()
    ShowScore(scores=(('ann', 0), ('bob', 0)), cards_left=11, in_play=True)
    """

    scores: tuple[tuple[str, int], ...]
    cards_left: int
    in_play: bool


@frozen_dataclass
class Summary:
    """The end of the game: cards won, wrong claims, turns, time played.

    >>> Summary((("ann", 3), ("bob", 1)), (("ann", 0), ("bob", 2)), turns=4, seconds=95.5).turns
    4
    """

    scores: tuple[tuple[str, int], ...]
    wrong: tuple[tuple[str, int], ...]
    turns: int
    seconds: float


@frozen_dataclass
class Quit:
    """The game master left the table before the end; the game is saved in its log.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> _ = session.start()
    >>> session.apply(End()).events
    (Quit(),)
    """


@frozen_dataclass
class Finished:
    """The game is over and the game master closed it.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> _ = session.start()
    >>> while not session.game.over:
    ...     _ = session.apply(Took("ann"))
    >>> session.apply(End()).events
    (Finished(),)
    """


SessionEvent = RefereeEvent | Ready | Rejected | ShowScore | Summary | Quit | Finished
"""What a :class:`Session` step shows: the referee's events and the session's own."""


@frozen_dataclass
class Step:
    """What one action (or the start) gave: the events to show, in order, and the records to
    append to the game's log.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name, clock=lambda: 0.0)
    >>> _ = session.start()
    >>> step = session.apply(Undo())
    >>> step.events[0].reason, step.records[0]["event"]
    ('nothing to undo', 'rejected')
    """

    events: tuple[SessionEvent, ...] = ()
    records: tuple[dict, ...] = ()


# ----------------------------------------------------------------------------- the session


@dataclass
class _Clock:
    now: Callable[[], float]
    played: float = 0.0
    last: float | None = None

    def tick(self, at: float | None = None) -> float:
        """Count the time since the last entry as play, unless it was a break."""
        now = self.now() if at is None else at
        if self.last is not None:
            self.played += min(max(now - self.last, 0.0), IDLE_SECONDS)
        self.last = now
        return now


class Session:
    """One game at the table. Build with :meth:`new` (then :meth:`start`) or :meth:`resume`;
    :meth:`apply` takes each action.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.actions import Claim, Pass
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> options = Options(("ann", "bob"), seed=3)
    >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
    >>> step = session.start()
    >>> [type(event).__name__ for event in step.events], [record["event"] for record in step.records]
    (['Setup', 'Revealed'], ['start', 'revealed'])
    >>> [type(event).__name__ for event in session.apply(Entry((Claim("ann", "M09"), Pass("bob")))).events]
    ['Claimed', 'Passed', 'Judged', 'ShowScore', 'Revealed']
    """

    def __init__(
        self,
        game: Game,
        design_name: str,
        design_path: str | None,
        hold: bool,
        clock: Callable[[], float],
        language: str = SOURCE_LANGUAGE,
    ):
        self.game = game
        self.design_name = design_name
        self.language = language  # the design's: what the front ends say things in (never logged)
        self.design_path = design_path
        self.hold = hold
        self.held: Revealed | None = None
        self.unlogged: tuple[dict, ...] = ()  # after a resume: what the replay said that the log lacks
        # after a resume: every event the replay went through, in order; a front end shows what
        # the referee said last from them, as it showed it before the restart
        self.replayed: tuple[SessionEvent, ...] = ()
        self._clock = _Clock(clock)
        self._entries: list[tuple[int, tuple[Move, ...]]] = []  # each entry kept: (Game.mark() before it, its moves)
        self._shown: dict[str, float] = {}  # card id -> when it was first shown: reaction times count from there

    @classmethod
    def new(
        cls,
        deck: Deck,
        rules: Rules,
        grid: tuple[int, int],
        options: Options,
        *,
        design_name: str,
        design_path: str | None = None,
        hold: bool = False,
        clock: Callable[[], float] = time.time,
        language: str = SOURCE_LANGUAGE,
    ) -> Session:
        """A new game, dealt from ``options.seed``; :meth:`start` lays it out. ``hold``: each card
        drawn waits for a :class:`~rushmore_print.game.actions.Reveal`. ``language``: the players' (the
        design's ``language:``), for the front ends' words.

        >>> from rushmore_print import load_design
        >>> design = load_design()
        >>> options = Options(("ann", "bob", "cy"), seed=3)
        >>> session = Session.of_design(design, options)
        >>> session.game.players, session.game.current
        (('ann', 'bob', 'cy'), None)
        """
        game = Game.new(
            deck,
            rules,
            grid,
            options.players,
            options.level,
            options.long_game,
            options.seed,
            options.penalty,
            options.deck_mode,
        )
        return cls(game, design_name, design_path, hold, clock, language)

    @classmethod
    def of_design(
        cls,
        design: Design,
        options: Options,
        *,
        design_path: str | None = None,
        hold: bool = False,
        clock: Callable[[], float] = time.time,
        language: str | None = None,
    ) -> Session:
        """A new game of ``design``: its deck, rules, grid and name, in its language unless
        ``language`` says another; the rest as :meth:`new`.

        >>> from rushmore_print import load_design
        >>> session = Session.of_design(load_design(), Options(("ann", "bob"), seed=3), hold=True)
        >>> session.game.players, session.design_name
        (('ann', 'bob'), 'Mount Rushmore')
        """
        return cls.new(
            generate_deck(design), design.rules, design.grid, options, design_name=design.name,
            design_path=design_path, hold=hold, clock=clock, language=design.language if language is None else language,
        )  # fmt: skip

    @property
    def options(self) -> Options:
        """The options the game was dealt with (what --resume compares against).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> session.options == Options(("ann", "bob"), seed=3)
        True
        """
        c = self.game.config
        return Options(c.players, c.level, c.long_game, c.seed, c.penalty, c.deck_mode)

    def start(self) -> Step:
        """The start record, the setup and the first card (held back when ``hold``).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name, clock=lambda: 0.0)
        >>> start = session.start().records[0]
        >>> start["event"], start["seed"], start["players"], start["at"]
        ('start', 3, ['ann', 'bob'], '1970-01-01T00:00:00.000+00:00')
        """
        at = self._clock.tick()
        start = self._start_record(at)  # before the first card leaves the box
        return self._step(self.game.start(), [start], at)

    def _start_record(self, at: float) -> dict:
        game, options = self.game, self.options
        notation = game.deck.notation
        cards = {card.id: card for card in game.deck.search}
        record = {
            "event": "start",
            "version": LOG_VERSION,
            "at": timestamp(at),
            "design": self.design_path,
            "design_name": self.design_name,
            "fingerprint": deck_fingerprint(game.deck, game.rules),
            "players": list(options.players),
            "level": options.level.value,
            "long": options.long_game,
            "seed": options.seed,
            "penalty": options.penalty,
            "deck": options.deck_mode.value,
            "language": self.language,  # what the game was told in: rushmore stats says its tables in it
            "table": [monument for _, monument in game.table.positions],
            "deal": [f"{card} {notation.search(cards[card].faces, cards[card].red)}" for card in game.state.box],
        }
        return {**record, "sum": start_sum(record)}

    # -- an action

    def apply(self, action: Action) -> Step:
        """One action from a front end; never raises for an action the rules refuse.

        Returns the events to show and the records to log: a :class:`Rejected` event (and record)
        for an action that breaks a rule. A move, :class:`~rushmore_print.game.actions.RestPass` or
        :class:`~rushmore_print.game.actions.Took` alone is an entry of its own; an
        :class:`~rushmore_print.game.actions.Entry` is taken whole or not at all.

        >>> from rushmore_print import generate_deck, load_design
        >>> from rushmore_print.game.actions import Claim
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> _ = session.start()
        >>> [type(event).__name__ for event in session.apply(Entry((Claim("ann", "M09"), RestPass()))).events]
        ['Claimed', 'Passed', 'Judged', 'ShowScore', 'Revealed']
        >>> [type(event).__name__ for event in session.apply(Undo()).events]
        ['Undone', 'Revealed']
        """
        at = self._clock.tick()
        try:
            return self._act(action, at)
        except ClaimError as exc:
            return self._reject(exc, at)

    def _act(self, action: Action, at: float) -> Step:
        if isinstance(action, Undo):
            return self._undo(at)
        if isinstance(action, End):
            return Step((Finished(),) if self.game.over else (Quit(),))
        if isinstance(action, Reveal):
            return self._reveal(at)
        return self._entry(action if isinstance(action, Entry) else Entry((action,)), at)

    def _reveal(self, at: float) -> Step:
        held, self.held = self.held, None
        if held is None:
            raise ClaimError(said("no card is waiting to be shown"))
        self._shown.setdefault(held.card.id, at)
        return Step((held,))

    def score(self) -> ShowScore:
        """The score now: cards won, cards left in the deck, whether a card of the deck is in play.

        >>> from rushmore_print import load_design
        >>> design = load_design()
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.of_design(design, options)
        >>> _ = session.start()
        >>> session.score().cards_left, session.score().in_play
        (11, True)
        """
        return self._score(drawn=False)

    def _score(self, drawn: bool) -> ShowScore:
        """``drawn``: the next card is drawn but not yet shown, so it still counts as left in the
        deck (after card 1 of 12 is judged, 11 are left). A tie-break card is not the deck's."""
        game = self.game
        in_play = game.current is not None and game.state.tiebreak is None and self.held is None and not drawn
        return ShowScore(game.scores(), game.cards_left + drawn, in_play)

    def reaction_ms(self, at: float) -> int | None:
        """Milliseconds from the card in play being shown to ``at`` (None: no card is in play, or it
        was shown before this session began, as after a resume).

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> rules, grid = design.rules, design.grid
        >>> session = Session.new(deck, rules, grid, options, design_name=design.name, clock=lambda: 100.0)
        >>> session.reaction_ms(101.0) is None  # no card shown yet
        True
        >>> _ = session.start()
        >>> session.reaction_ms(101.25)
        1250
        """
        card = self.game.current
        shown_at = self._shown.get(card.id) if card is not None and self.held is None else None
        return None if shown_at is None else min(max(0, round((at - shown_at) * 1000)), MAX_MS)

    def _entry(self, entry: Entry, at: float) -> Step:
        """Apply an entry's parts together: all of them, or (on an error) none."""
        game = self.game
        if game.over:
            raise GameOver(said("the game is over"))
        if self.held is not None:
            number = self.held.number
            raise CardHeld(said("card {number} is not shown yet", number=number), number)
        mark = game.mark()
        stamps = [part.stamp for part in entry.parts if isinstance(part, Claim) and part.stamp is not None]
        ms = self.reaction_ms(stamps[0] if stamps else at)  # a stamp: when the hand went down, not when it arrived
        events: list[RefereeEvent] = []
        try:
            for index, part in enumerate(entry.parts):
                if any(isinstance(e, (Judged, Ended)) for e in events):
                    if all(isinstance(later, RestPass) for later in entry.parts[index:]):
                        break  # a trailing "everyone else passes" once everyone has claimed: nobody is left
                    raise JudgedBefore(said("the turn was judged before the rest of this entry"), part)
                events += self._part(part)
        except ClaimError:
            game.rollback(mark)
            raise
        moves = game.moves_since(mark)
        self._entries.append((mark, moves))
        record: dict[str, Any] = {"event": "input", "at": timestamp(at), "actions": [move_record(m) for m in moves]}
        if ms is not None:
            record["ms"] = ms
        return self._step(events, [record], at)

    def _part(self, part: Part) -> list[RefereeEvent]:
        game = self.game
        if isinstance(part, RestPass):
            return self._rest_pass()
        if isinstance(part, Took):
            events = game.claim(part.player, game.in_play().answer)
            if any(isinstance(event, Judged) for event in events):  # a tie-break's last hand
                return events
            return events + self._rest_pass()
        return game.apply(part)

    def _rest_pass(self) -> list[RefereeEvent]:
        waiting = self.game.waiting_for()
        if not waiting:
            raise ClaimError(said("everybody has claimed already"))
        events: list[RefereeEvent] = []
        for player in waiting:
            events += self.game.pass_(player)
        return events

    def _undo(self, at: float) -> Step:
        if not self._entries:
            raise NothingToUndo(said("nothing to undo"))
        mark, moves = self._entries.pop()
        reopened = self.game.rollback(mark)
        self.held = None
        events: list[SessionEvent] = [Undone(moves)]
        if reopened:
            events.append(self.game.showing())
        return Step(tuple(events), ({"event": "undo", "at": timestamp(at)},))

    def refused(self, error: ClaimError, typed: str | None = None) -> Step:
        """A front end's refusal of what it could not read into an action (a line the terminal
        cannot read), logged like the session's own refusals; ``typed``: what was typed, kept in
        the log for the record and never read.

        >>> from rushmore_print import load_design
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob")), clock=lambda: 0.0)
        >>> session.refused(ClaimError("cannot read 'x'"), "x").records
        ({'event': 'rejected', 'at': '1970-01-01T00:00:00.000+00:00', 'reason': "cannot read 'x'", 'line': 'x'},)
        """
        return self._reject(error, self._clock.tick(), typed)

    def _reject(self, error: ClaimError, at: float, typed: str | None = None) -> Step:
        rejected = Rejected(error)
        record = {"event": "rejected", "at": timestamp(at), "reason": str(rejected.reason)}  # the log: English
        if typed is not None:
            record["line"] = typed
        return Step((rejected,), (record,))

    def _step(self, events: list[RefereeEvent], records: list[dict], at: float) -> Step:
        """Add the output records and the summary; hold a newly drawn card back if asked."""
        shown: list[SessionEvent] = []
        for event in events:
            record = output_record(event)
            if record:
                records.append({"event": record.pop("event"), "at": timestamp(at), **record})
            if isinstance(event, Revealed) and not event.again and self._holds_cards:
                self.held = event
                shown.append(Ready(event.number, event.total, event.tiebreak))
            else:
                if isinstance(event, Revealed):
                    self._shown.setdefault(event.card.id, at)
                shown.append(event)
            if isinstance(event, Ended):
                shown.append(self.summary())
            if isinstance(event, Judged) and not self.game.over:
                drawn = any(isinstance(e, Revealed) and not e.again and not e.tiebreak for e in events)
                shown.append(self._score(drawn))
        return Step(tuple(shown), tuple(records))

    @property
    def _holds_cards(self) -> bool:
        """Hold a drawn card back until it is revealed: only the referee's own cards (a card the
        game master turned over is already on the table)."""
        return self.hold and self.game.config.deck_mode is DeckMode.SCREEN

    def summary(self) -> Summary:
        """The game so far, in figures: cards won and wrong claims per player, turns judged, seconds played.

        >>> from rushmore_print import generate_deck, load_design
        >>> from rushmore_print.game.actions import Claim
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name, clock=lambda: 0.0)
        >>> _ = session.start().events + session.apply(Entry((Claim("ann", "M09"), Claim("bob", "M05")))).events
        >>> session.summary()
        Summary(scores=(('ann', 1), ('bob', 0)), wrong=(('ann', 0), ('bob', 1)), turns=1, seconds=0.0)
        """
        game = self.game
        return Summary(game.scores(), game.wrong_claims(), game.state.turns, self._clock.played)

    # -- resume

    @classmethod
    def resume(
        cls,
        deck: Deck,
        rules: Rules,
        grid: tuple[int, int],
        records: Sequence[tuple[int, dict]],
        *,
        design_name: str,
        hold: bool = False,
        clock: Callable[[], float] = time.time,
        language: str = SOURCE_LANGUAGE,
    ) -> Session:
        """Replay a log (from :func:`~rushmore_print.game.logformat.parse_log`); refuses a design or seed
        that deals differently, and a log whose recorded cards, verdicts or scores are not what the
        replay gives. What the replay said after the log's last entry and the log lacks (a crash
        cut it off) is left in :attr:`unlogged`, for the front end to write back.

        Raises GameLogError naming the log's line at fault.

        >>> from rushmore_print import generate_deck, load_design
        >>> from rushmore_print.game.actions import Claim, Pass
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> entry = Entry((Claim("ann", "M09"), Pass("bob")))
        >>> records = list(session.start().records) + list(session.apply(entry).records)
        >>> numbered = list(enumerate(records, start=1))
        >>> again = Session.resume(deck, design.rules, design.grid, numbered, design_name=design.name)
        >>> again.game.scores(), again.game.current.id == session.game.current.id
        ((('ann', 1), ('bob', 0)), True)
        >>> [type(event).__name__ for event in again.replayed][-3:]  # what the game said, for the screens
        ['Passed', 'Judged', 'Revealed']
        >>> Session.resume(deck, design.rules, design.grid, numbered, design_name="Another game")
        Traceback (most recent call last):
        rushmore_print.errors.GameLogError: 1: the log is a game of 'Mount Rushmore', not 'Another game'; ...
        """
        check_log(records)  # parse_log has checked them; a caller's records may not be
        line, start = records[0]
        if start["design_name"] != design_name:
            raise GameLogError(
                f"the log is a game of {shown(start['design_name'])}, not {shown(design_name)}; give its design file",
                line=line,
            )
        try:
            options = _options_of(start)
            session = cls.new(
                deck, rules, grid, options, design_name=design_name, hold=hold, clock=clock, language=language
            )
        except RushmoreError as exc:
            raise GameLogError(f"the 'start' event cannot begin a game: {exc}", line=line) from None
        session.design_path = start["design"]
        try:
            session._check_deal(start)
        except GameLogError as exc:
            raise GameLogError(str(exc), line=line) from None
        if "sum" in start and start["sum"] != start_sum(start):  # the same deal, other options
            raise GameLogError("the game's options have been edited since it began, so it is not resumed", line=line)
        started = seconds_of(start["at"])
        if started is not None:
            session._clock.tick(started)
        session._replay(records[1:])
        session.held = None
        session._clock.last = None
        return session

    def _check_deal(self, start: dict) -> None:
        """Refuse a design or seed that lays out or deals differently from the logged game."""
        logged = self._start_record(0.0)
        for position, (was, now) in enumerate(zip(start["table"], logged["table"])):
            if was != now:
                where = self.game.table.positions[position][0]
                raise GameLogError(
                    f"the logged game has {logged_word(was)} at {where}; this design and seed put {now} there, "
                    "so it is not the same game"
                )
        for number, (was, now) in enumerate(zip(start["deal"], logged["deal"]), start=1):
            if was != now:
                raise GameLogError(
                    f"card {number} of the logged game's box is {logged_word(was)}; this design and seed give {now}, "
                    "so it is not the same game"
                )
        if len(start["deal"]) != len(logged["deal"]) or not same_deck(start, self.game.deck, self.game.rules):
            raise GameLogError(
                "the design's cards or rules have changed since this game was dealt; give the design it used"
            )

    def _replay(self, records: Sequence[tuple[int, dict]]) -> None:
        """Replay the entries; each card, verdict and score the log recorded must be the one the
        replay gives (a log edited by hand is refused, naming the line that disagrees)."""
        started = self.game.start()
        expected = output_records(started)  # what the game said, still to be met in the log
        replayed: list[SessionEvent] = list(started)
        for number, record in records:
            at = seconds_of(record["at"])
            if at is not None:
                self._clock.tick(at)
            kind = record["event"]
            try:
                if kind in ("revealed", "judged", "ended"):
                    check_output(record, expected)
                    continue
                # a new entry: what the last one said may be missing from the log (a crash or a
                # full disk stopped the game mid-entry), never different
                expected = []
                if kind == "input":
                    events = self._replay_entry(record)
                    replayed += events
                    expected = output_records(events)
                elif kind == "undo":
                    replayed += self._undo(0.0).events
            except GameLogError as exc:
                raise GameLogError(str(exc), line=number) from None
            except RushmoreError as exc:
                # an edited or damaged record: say where, never a traceback
                raise GameLogError(f"cannot replay this {kind!r} event: {exc}", line=number) from None
        self.replayed = tuple(replayed)
        now = timestamp(self._clock.now())
        self.unlogged = tuple({"event": r.pop("event"), "at": now, **r} for r in expected)

    def _replay_entry(self, record: dict) -> list[RefereeEvent]:
        game = self.game
        mark = game.mark()
        events: list[RefereeEvent] = []
        try:
            for logged in record["actions"]:
                events += game.apply(move_of(logged))
        except RushmoreError:
            game.rollback(mark)
            raise
        self._entries.append((mark, game.moves_since(mark)))
        return events


def _options_of(start: dict) -> Options:
    """The options of a start record that :func:`~rushmore_print.game.logformat.check_record` has passed."""
    return Options(
        tuple(start["players"]),
        Level(start["level"]),
        start["long"],
        start["seed"],
        start["penalty"],
        DeckMode(start.get("deck", "screen")),
    )


def conflicts(logged: Options, given: dict[str, Any]) -> list[str]:
    """The options given with ``--resume`` that differ from the logged game's, in words.

    >>> conflicts(Options(("ann", "bob"), seed=3), {"players": ["ANN", "bob"], "seed": 4, "level": None})
    ['seed 4 (the logged game has 3)']
    """
    found = []
    logged_values = asdict(logged)  # given is keyed by Options' fields
    for name, value in given.items():
        if value is None:
            continue
        was = logged_values[name]
        if name == "players":
            same = [fold(p) for p in value] == [fold(p) for p in was]  # a name is the same in any case
            shown_was, shown_value = ",".join(was), ",".join(value)
        else:
            same = value == was
            shown_was = getattr(was, "value", was)
            shown_value = getattr(value, "value", value)
        if not same:
            found.append(f"{name.replace('_', ' ')} {shown_value} (the logged game has {shown_was})")
    return found


__all__ = [
    "IDLE_SECONDS",
    "Finished",
    "Options",
    "Quit",
    "Ready",
    "Rejected",
    "Session",
    "SessionEvent",
    "ShowScore",
    "Step",
    "Summary",
    "conflicts",
]
