"""How games were played, read from their logs: each turn's claims with their reaction times,
then medians per Search card, per level, per red count and per player.

Pure: records in (from :func:`rushmore_print.game.session.parse_log`), numbers out. A log's ``undo``
records take back the line before them, so the turns counted are the ones the game kept. A
reaction time is the ``ms`` an input record carries: from the card being shown to that line
(a line typed at the terminal may hold several claims, which then share its time; the browser
table sends each claim as a line of its own, timed as it arrives).

>>> records = [
...     {"event": "start", "players": ["ann", "bob"], "deal": ["S01 LLLL", "S02 LR*LL"]},
...     {"event": "revealed", "card": "S01", "number": 1},
...     {"event": "input", "line": "bob A1", "actions": [["claim", "bob", "M03"]], "ms": 900},
...     {"event": "input", "line": "ann B2", "actions": [["claim", "ann", "M01"]], "ms": 1500},
...     {"event": "judged", "card": "S01", "answer": "M01", "winner": "ann", "penalised": [], "returned": [],
...      "scores": {"ann": 1, "bob": 0}},
... ]
>>> [(t.card, t.winner, t.right_ms, t.wrong) for t in turns_of(records)]
[('S01', 'ann', 1500, ('bob',))]
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import GameLogError
from ..model import Level


@dataclass(frozen=True)
class Hand:
    """One player's part in a turn: the Monument covered (None: a pass) and when (ms, or None).

    >>> import itertools
    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
    ...                       design_name=design.name, clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.handle("ann d2, bob a1").records]
    >>> turns_of(records)[0].hands
    (Hand(player='ann', monument='M09', ms=3000), Hand(player='bob', monument='M05', ms=3000))
    """

    player: str
    monument: str | None
    ms: int | None


@dataclass(frozen=True)
class Turn:
    """A judged turn: the card, its answer, who took it, every hand.

    >>> import itertools
    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
    ...                       design_name=design.name, clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.handle("ann d2, bob a1").records]
    >>> turn = turns_of(records)[0]
    >>> turn.card, turn.answer, turn.winner, turn.level
    ('S12', 'M09', 'ann', <Level.BASIC: 'basic'>)
    """

    card: str
    red_count: int
    answer: str
    winner: str | None
    hands: tuple[Hand, ...]

    @property
    def right_ms(self) -> int | None:
        """The time to the right claim (None: nobody was right, or the claim was not timed).

        >>> Turn("S12", 0, "M09", "ann", (Hand("ann", "M09", 2500), Hand("bob", None, None))).right_ms
        2500
        >>> Turn("S12", 0, "M09", None, (Hand("bob", "M05", 900),)).right_ms is None
        True
        """
        return next((hand.ms for hand in self.hands if hand.player == self.winner), None)

    @property
    def wrong(self) -> tuple[str, ...]:
        """The players whose hand was on a Monument that was not the answer.

        >>> Turn("S12", 0, "M09", "ann", (Hand("ann", "M09", 2500), Hand("bob", "M05", 900))).wrong
        ('bob',)
        """
        return tuple(h.player for h in self.hands if h.monument is not None and h.monument != self.answer)

    @property
    def level(self) -> Level:
        """The easiest level whose pool holds the card.

        >>> Turn("S21", 1, "M01", None, ()).level
        <Level.ADVANCED: 'advanced'>
        """
        return Level.of_red_count(self.red_count)


def turns_of(records: Sequence[dict]) -> list[Turn]:
    """The judged turns of one game's records, undone lines left out.

    >>> import itertools
    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
    ...                       design_name=design.name, clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.handle("ann d2, bob a1").records]
    >>> records += session.handle("undo").records + session.handle("ann pass, bob pass").records
    >>> [(turn.card, turn.winner) for turn in turns_of(records)]
    [('S12', None)]
    """
    if not records:
        return []
    reds = _red_counts(records[0])
    entries: list[tuple[dict | None, list[dict]]] = [(None, [])]  # (input line, what the game said after it)
    for record in records[1:]:
        kind = record.get("event")
        if kind == "input":
            entries.append((record, []))
        elif kind == "undo" and len(entries) > 1:
            entries.pop()
        elif kind in ("revealed", "judged", "ended"):
            entries[-1][1].append(record)
    turns: list[Turn] = []
    hands: dict[str, Hand] = {}
    for line, said in entries:
        if line is not None:
            _take_actions(line, hands)
        for record in said:
            if record["event"] == "judged":
                card = record["card"]
                turns.append(Turn(card, reds.get(card, 0), record["answer"], record["winner"], tuple(hands.values())))
            if record["event"] in ("judged", "revealed"):
                hands = {}
    return turns


def check_sequence(records: Sequence[tuple[int, dict]]) -> None:
    """Refuse a log whose kept records (undone lines left out, as :func:`turns_of` counts them)
    are not in the order a game writes them: each card turned over numbered one more than the
    last, each verdict on the card in play and only once, nothing after the end. ``records``
    are ``(line, record)`` pairs (:func:`rushmore_print.game.session.parse_log`). ``play --resume``
    replays a log and refuses one edited by hand; ``stats`` reads without a replay, and a log
    with its lines copied twice or reordered was counted as turns the game never had.

    Raises ``GameLogError`` naming the line.

    >>> start = {"event": "start"}
    >>> shown = {"event": "revealed", "card": "S01", "number": 1}
    >>> judged = {"event": "judged", "card": "S01"}
    >>> check_sequence(list(enumerate([start, shown, {"event": "input"}, judged], start=1)))
    >>> check_sequence(list(enumerate([start, shown, {"event": "input"}, judged, shown], start=1)))
    Traceback (most recent call last):
    rushmore_print.errors.GameLogError: 5: card S01 is turned over here as card 1, but the game is at card 2: ...
    """
    entries: list[list[tuple[int, dict]]] = [[]]  # what the game said after each input line kept
    for number, record in records[1:]:
        kind = record.get("event")
        if kind == "start":
            raise GameLogError("a second 'start' event: two games' logs joined? give each game its own file", number)
        if kind == "input":
            entries.append([])
        elif kind == "undo" and len(entries) > 1:
            entries.pop()
        elif kind in ("revealed", "judged", "ended"):
            entries[-1].append((number, record))
    edited = "the log has been edited (lines copied or moved), so its numbers would be wrong"
    next_number, in_play, over = 1, None, False
    for number, record in (said for entry in entries for said in entry):
        if over:
            raise GameLogError(f"the game goes on after it ended: {edited}", number)
        kind = record["event"]
        if kind == "revealed":
            if record.get("number") != next_number:
                at = f"card {record.get('card')} is turned over here as card {record.get('number')}"
                raise GameLogError(f"{at}, but the game is at card {next_number}: {edited}", number)
            next_number, in_play = next_number + 1, record.get("card")
        elif kind == "judged":
            if in_play is None or record.get("card") != in_play:
                raise GameLogError(
                    f"a verdict on {record.get('card')}, which is not the card in play: {edited}", number
                )
            in_play = None
        else:
            over = True


def _take_actions(line: dict, hands: dict[str, Hand]) -> None:
    ms = line.get("ms")
    for action in line.get("actions", ()):
        kind, player = action[0], str(action[1]) if len(action) > 1 else ""
        if kind == "claim":
            hands[player] = Hand(player, action[2], ms)
        elif kind == "pass":
            hands[player] = Hand(player, None, ms)
        elif kind == "change" and player in hands:
            hands[player] = Hand(player, action[2], hands[player].ms)  # a correction: the hand went down then
        elif kind == "drop":
            hands.pop(player, None)


def _red_counts(start: dict) -> dict[str, int]:
    """Each card's red heads, from the start record's deal (``"S05 LR*RL"``: a ``*`` per red head)."""
    found = {}
    for entry in start.get("deal", ()):
        card, _, notation = str(entry).partition(" ")
        found[card] = notation.count("*")
    return found


def median(values: Iterable[int | None]) -> float | None:
    """The median of the times known, or None.

    >>> median([300, None, 100, 200]), median([None])
    (200, None)
    """
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


@dataclass(frozen=True)
class Row:
    """One line of a table: a card, a level, a red count or a player.

    >>> import itertools
    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
    ...                       design_name=design.name, clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.handle("ann d2, bob a1").records]
    >>> stats_of([records]).players[1]
    Row(name='bob', turns=1, right=0, wrong=1, median_ms=None)
    """

    name: str
    turns: int  # turns played (for a player: claims made, passes left out)
    right: int  # turns someone took (for a player: cards taken)
    wrong: int  # wrong claims
    median_ms: float | None  # median time to the right claim


@dataclass(frozen=True)
class Stats:
    """The tables over some games: how many games, and a row per Search card, level, red count and player.

    >>> import itertools
    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
    ...                       design_name=design.name, clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.handle("ann d2, bob a1").records]
    >>> stats = stats_of([records, records])
    >>> stats.games, stats.cards, stats.levels[0].turns
    (2, (Row(name='S12', turns=2, right=2, wrong=2, median_ms=3000.0),), 2)
    """

    games: int
    cards: tuple[Row, ...]
    levels: tuple[Row, ...]
    reds: tuple[Row, ...]
    players: tuple[Row, ...]


def _row(name: str, turns: list[Turn]) -> Row:
    return Row(
        name,
        len(turns),
        sum(1 for t in turns if t.winner is not None),
        sum(len(t.wrong) for t in turns),
        median(t.right_ms for t in turns),
    )


def player_rows(turns: list[Turn], players: Iterable[str]) -> tuple[Row, ...]:
    """Each player's claims, cards taken, wrong claims and median time to a right claim, in the
    order given (players who never claimed included).

    >>> import itertools
    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
    ...                       design_name=design.name, clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.handle("ann d2, bob a1").records]
    >>> [(row.name, row.turns, row.right) for row in player_rows(turns_of(records), ["ann", "bob", "cy"])]
    [('ann', 1, 1), ('bob', 1, 0), ('cy', 0, 0)]
    """
    rows = []
    for player in players:
        hands = [(t, h) for t in turns for h in t.hands if h.player == player and h.monument is not None]
        rows.append(
            Row(
                player,
                len(hands),
                sum(1 for t, _ in hands if t.winner == player),
                sum(1 for t, h in hands if h.monument != t.answer),
                median(h.ms for t, h in hands if t.winner == player),
            )
        )
    return tuple(rows)


def stats_of(games: Sequence[Sequence[dict]]) -> Stats:
    """The tables over many games' records: cards in id order, levels easiest first, red counts
    upwards, players by first appearance.

    >>> import itertools
    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
    ...                       design_name=design.name, clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.handle("ann d2, bob a1").records]
    >>> stats = stats_of([records])
    >>> stats.games, [row.name for row in stats.levels], stats.reds
    (1, ['Basic'], (Row(name='0', turns=1, right=1, wrong=1, median_ms=3000),))
    """
    turns = [turn for records in games for turn in turns_of(records)]
    players: dict[str, None] = {}
    for records in games:
        players.update(dict.fromkeys(records[0].get("players", ()) if records else ()))
    by_card = sorted({t.card for t in turns}, key=lambda c: (len(c), c))
    levels = [level for level in Level if any(t.level is level for t in turns)]
    return Stats(
        len(games),
        tuple(_row(card, [t for t in turns if t.card == card]) for card in by_card),
        tuple(_row(level.title, [t for t in turns if t.level is level]) for level in levels),
        tuple(_row(str(k), [t for t in turns if t.red_count == k]) for k in sorted({t.red_count for t in turns})),
        player_rows(turns, players),
    )


def seconds(ms: float | None) -> str:
    """Milliseconds as the tables show them, in seconds to the hundredth; '-' when unknown.

    >>> seconds(1234), seconds(None)
    ('1.23 s', '-')
    """
    return "-" if ms is None else f"{ms / 1000:.2f} s"


def table_lines(stats: Stats) -> list[str]:
    """The tables as terminal lines.

    >>> import itertools
    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
    ...                       design_name=design.name, clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.handle("ann d2, bob a1").records]
    >>> print("\\n".join(table_lines(stats_of([records]))[-3:]))
    player  claims  cards  wrong  median to right claim
    ann          1      1      0    3.00 s
    bob          1      0      1         -
    """
    lines = [f"{stats.games} game{'s' if stats.games != 1 else ''}"]
    for title, rows, turns_word, right_word in (
        ("Search card", stats.cards, "turns", "taken"),
        ("level", stats.levels, "turns", "taken"),
        ("red heads", stats.reds, "turns", "taken"),
        ("player", stats.players, "claims", "cards"),
    ):
        width = max([len(title), *(len(r.name) for r in rows)])
        lines += ["", f"{title:<{width}}  {turns_word:>6}  {right_word:>5}  {'wrong':>5}  median to right claim"]
        lines += [
            f"{r.name:<{width}}  {r.turns:>6}  {r.right:>5}  {r.wrong:>5}  {seconds(r.median_ms):>8}" for r in rows
        ]
    return lines


__all__ = [
    "Hand",
    "Row",
    "Stats",
    "Turn",
    "check_sequence",
    "median",
    "player_rows",
    "seconds",
    "stats_of",
    "table_lines",
    "turns_of",
]
