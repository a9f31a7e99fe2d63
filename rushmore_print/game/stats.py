"""How games were played, read from their logs: each turn's claims with their reaction times,
then medians per Search card, per level, per red count and per player.

Pure: records in (from :func:`rushmore_print.game.logformat.parse_log`, which refuses a log no game
wrote), numbers out. A log's ``undo``
records take back the entry before them, so the turns counted are the ones the game kept. A
reaction time is the ``ms`` an input record carries: from the card being shown to that entry
(a line typed at the terminal may hold several claims, which then share its time; the browser
table sends each claim as an entry of its own, timed from the tap).

>>> records = [
...     {"event": "start", "players": ["ann", "bob"], "deal": ["S01 LLLL", "S02 LR*LL"]},
...     {"event": "revealed", "card": "S01", "number": 1},
...     {"event": "input", "actions": [["claim", "bob", "M03"]], "ms": 900},
...     {"event": "input", "actions": [["claim", "ann", "M01"]], "ms": 1500},
...     {"event": "judged", "card": "S01", "answer": "M01", "winner": "ann", "penalised": [], "returned": [],
...      "scores": {"ann": 1, "bob": 0}},
... ]
>>> [(t.card, t.winner, t.right_ms, t.wrong) for t in turns_of(records)]
[('S01', 'ann', 1500, ('bob',))]
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..frozen import frozen_dataclass
from ..language.i18n import SOURCE_LANGUAGE, Catalogue, catalogue, languages, level_name
from ..model import Level


@frozen_dataclass
class Hand:
    """One player's part in a turn: the Monument covered (None: a pass) and when (ms, or None).

    >>> import itertools
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.actions import Claim, Entry, Pass, Undo
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.apply(Entry((Claim("ann", "M09"), Claim("bob", "M05")))).records]
    >>> turns_of(records)[0].hands
    (Hand(player='ann', monument='M09', ms=3000), Hand(player='bob', monument='M05', ms=3000))
    """

    player: str
    monument: str | None
    ms: int | None


@frozen_dataclass
class Turn:
    """A judged turn: the card, its answer, who took it, every hand.

    >>> import itertools
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.actions import Claim, Entry, Pass, Undo
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.apply(Entry((Claim("ann", "M09"), Claim("bob", "M05")))).records]
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
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.actions import Claim, Entry, Pass, Undo
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.apply(Entry((Claim("ann", "M09"), Claim("bob", "M05")))).records]
    >>> records += session.apply(Undo()).records + session.apply(Entry((Pass("ann"), Pass("bob")))).records
    >>> [(turn.card, turn.winner) for turn in turns_of(records)]
    [('S12', None)]
    """
    if not records:
        return []
    reds = _red_counts(records[0])
    entries: list[tuple[dict | None, list[dict]]] = [(None, [])]  # (input record, what the game said after it)
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


@frozen_dataclass
class Row:
    """One line of a table: a card, a level, a red count or a player.

    >>> import itertools
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.actions import Claim, Entry, Pass, Undo
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.apply(Entry((Claim("ann", "M09"), Claim("bob", "M05")))).records]
    >>> stats_of([records]).players[1]
    Row(name='bob', turns=1, right=0, wrong=1, median_ms=None)
    """

    name: str
    turns: int  # turns played (for a player: claims made, passes left out)
    right: int  # turns someone took (for a player: cards taken)
    wrong: int  # wrong claims
    median_ms: float | None  # median time to the right claim


@frozen_dataclass
class Stats:
    """The tables over some games: how many games, and a row per Search card, level, red count and player.

    >>> import itertools
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.actions import Claim, Entry, Pass, Undo
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.apply(Entry((Claim("ann", "M09"), Claim("bob", "M05")))).records]
    >>> stats = stats_of([records, records])
    >>> stats.games, stats.cards, stats.levels[0].turns
    (2, (Row(name='S12', turns=2, right=2, wrong=2, median_ms=3000.0),), 2)
    """

    games: int
    cards: tuple[Row, ...]
    levels: tuple[Row, ...]  # each named by its level's value (``basic``): said in the language by the tables
    reds: tuple[Row, ...]
    players: tuple[Row, ...]
    language: str = SOURCE_LANGUAGE  # the games' (their start records'), for the words of the tables


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
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.actions import Claim, Entry, Pass, Undo
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.apply(Entry((Claim("ann", "M09"), Claim("bob", "M05")))).records]
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


def repeated_games(games: Sequence[Sequence[dict]]) -> dict[int, int]:
    """Which logs hold a game another log holds too (the same start record: begun at the same
    moment with the same seed, players and deal), each as ``{index: index of the one kept}``:
    a file given twice, or a copy of it. The log with more records is kept (a copy taken before
    the game went on), the first given of two alike. Counting both would count the game twice.

    >>> start = {"event": "start", "at": "2027-01-15T08:00:00.000+00:00", "seed": 1}
    >>> other = {"event": "start", "at": "2027-01-15T09:00:00.000+00:00", "seed": 1}
    >>> shown = {"event": "revealed", "card": "S01", "number": 1}
    >>> repeated_games([[start], [other], [start, shown], [start]])
    {0: 2, 3: 2}
    """
    kept: dict[str, int] = {}
    for index, records in enumerate(games):
        if not records:
            continue
        game = json.dumps(records[0], sort_keys=True)
        if game not in kept or len(records) > len(games[kept[game]]):
            kept[game] = index
    repeats = {}
    for index, records in enumerate(games):
        if records and (chosen := kept[json.dumps(records[0], sort_keys=True)]) != index:
            repeats[index] = chosen
    return repeats


def stats_of(games: Sequence[Sequence[dict]]) -> Stats:
    """The tables over many games' records: cards in id order, levels easiest first, red counts
    upwards, players by first appearance.

    >>> import itertools
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.actions import Claim, Entry, Pass, Undo
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.apply(Entry((Claim("ann", "M09"), Claim("bob", "M05")))).records]
    >>> stats = stats_of([records])
    >>> stats.games, [row.name for row in stats.levels], stats.reds, stats.language
    (1, ['basic'], (Row(name='0', turns=1, right=1, wrong=1, median_ms=3000),), 'en')
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
        tuple(_row(level.value, [t for t in turns if t.level is level]) for level in levels),
        tuple(_row(str(k), [t for t in turns if t.red_count == k]) for k in sorted({t.red_count for t in turns})),
        player_rows(turns, players),
        _language(games),
    )


def _language(games: Sequence[Sequence[dict]]) -> str:
    """The language the games were told in: the first start record's that names one (formats 3
    and 4 name none: English)."""
    said = (records[0].get("language") for records in games if records)
    return next((language for language in said if language in languages()), SOURCE_LANGUAGE)


@frozen_dataclass
class Table:
    """One of the stats' tables, in the games' language: its title, the heads of its counts, its rows
    (each row's name as it is shown: a level by its name in the language).

    >>> stats = Stats(1, (), (Row("basic", 1, 1, 0, 2500),), (), (), language="de")
    >>> level = tables(stats)[1]
    >>> level.title, level.rows[0].name
    ('Stufe', 'Einsteiger')
    """

    title: str
    turns: str
    right: str
    rows: tuple[Row, ...]


def tables(stats: Stats) -> tuple[Table, ...]:
    """The four tables (per Search card, level, red count and player) with their words, as both
    the terminal and the page show them.

    >>> [table.title for table in tables(Stats(1, (), (), (), ()))]
    ['Search card', 'level', 'red heads', 'player']
    """
    t = catalogue(stats.language)
    turns, taken = t.pgettext("game statistics", "turns"), t.pgettext("game statistics", "taken")
    levels = tuple(replace(row, name=level_name(t, Level(row.name))) for row in stats.levels)
    return (
        Table(t.pgettext("game statistics", "Search card"), turns, taken, stats.cards),
        Table(t.pgettext("game statistics", "level"), turns, taken, levels),
        Table(t.pgettext("game statistics", "red heads"), turns, taken, stats.reds),
        Table(t.gettext("player"), t.pgettext("game statistics", "claims"), t.gettext("cards"), stats.players),
    )


def seconds(ms: float | None, t: Catalogue | None = None) -> str:
    """Milliseconds as the tables show them, in seconds to the hundredth (in ``t``'s language);
    '-' when unknown.

    >>> seconds(1234), seconds(None), seconds(1234, catalogue("de"))
    ('1.23 s', '-', '1,23 s')
    """
    if ms is None:
        return "-"
    t = t or catalogue()
    return t.gettext("{seconds} s", seconds=t.number(ms / 1000, digits=2, fixed=True))


def table_lines(stats: Stats) -> list[str]:
    """The tables as terminal lines, in the games' language.

    >>> import itertools
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.actions import Claim, Entry
    >>> from rushmore_print.game.session import Options, Session
    >>> design, ticks = load_design(), itertools.count(0.0, 3.0)
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), clock=lambda: next(ticks))
    >>> records = [*session.start().records, *session.apply(Entry((Claim("ann", "M09"), Claim("bob", "M05")))).records]
    >>> print("\\n".join(table_lines(stats_of([records]))[-3:]))
    player  claims  cards  wrong  median time to the right claim
    ann          1      1      0    3.00 s
    bob          1      0      1         -
    """
    t = catalogue(stats.language)
    wrong, median = t.pgettext("game statistics", "wrong"), t.gettext("median time to the right claim")
    lines = [t.ngettext("{n} game", "{n} games", stats.games)]
    for table in tables(stats):
        width = max([len(table.title), *(len(r.name) for r in table.rows)])
        counts = [max(5, len(word)) for word in (table.turns, table.right, wrong)]
        heads = "  ".join(f"{word:>{size}}" for word, size in zip((table.turns, table.right, wrong), counts))
        lines += ["", f"{table.title:<{width}}  {heads}  {median}"]
        for r in table.rows:
            numbers = "  ".join(f"{n:>{size}}" for n, size in zip((r.turns, r.right, r.wrong), counts))
            lines.append(f"{r.name:<{width}}  {numbers}  {seconds(r.median_ms, t):>8}")
    return lines


__all__ = [
    "Hand",
    "Row",
    "Stats",
    "Table",
    "Turn",
    "median",
    "player_rows",
    "repeated_games",
    "seconds",
    "stats_of",
    "table_lines",
    "tables",
    "turns_of",
]
