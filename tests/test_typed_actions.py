"""Typed actions (issue 31, item 1): the core takes actions and gives events; each front end reads
its own input and says the events in its own words.

- the referee reads no text and the browser table builds none (structural: the code itself);
- what a phone is told never carries the terminal's instructions;
- 360 seeded games played through ``Session.apply`` agree, verdict by verdict, with an independent
  referee written here from RULES.md alone (the Monument a card asks for found by the matching
  rule, not by the deck's answers).
"""

from __future__ import annotations

import ast
import inspect
import json
import random

import pytest

from rushmore_print.game import actions
from rushmore_print.game.actions import Claim, Entry, Pass, Reveal
from rushmore_print.game.logformat import parse_log
from rushmore_print.game.referee import Ended, Judged, Revealed, Setup
from rushmore_print.game.session import Options, Session
from rushmore_print.language.i18n import catalogue, languages
from rushmore_print.model import EndReason, Level, matches
from rushmore_print.web.room import Room

from .conftest import ROOT

PACKAGE = ROOT / "rushmore_print"
# what reading text takes: str methods that cut, fold or test typed words, and the modules for it
READING = {"split", "rsplit", "strip", "lstrip", "rstrip", "upper", "lower", "casefold", "startswith", "endswith"}
READING |= {"isdigit", "isalpha", "isalnum", "partition", "rpartition", "parse", "normalize", "fullmatch", "match"}


def calls(tree: ast.AST) -> set[str]:
    """The names of the methods and functions a module's code calls."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            found.add(func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", ""))
    return found


def imported(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[-1] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add((node.module or "").split(".")[-1])
    return names


def test_the_referee_reads_no_typed_text():
    """``referee.py`` takes players by name and cards by id: it cuts, folds or parses no text (the
    terminal's reading of names by prefix, positions and notations is in prompt.py)."""
    tree = ast.parse((PACKAGE / "game" / "referee.py").read_text("utf-8"))
    assert calls(tree) & READING == set()
    assert imported(tree) & {"re", "unicodedata", "string_parsing", "prompt", "arguments_reader"} == set()
    defined = {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    assert defined & {"player_named", "monument_named", "_typed_card", "card_named", "same_id"} == set()


def test_the_session_takes_no_text():
    """The session's only entry points are actions and the start; the log's text is read by its
    one reader, not here. (``refused`` keeps a refused line for the log and never reads it.)"""
    tree = ast.parse((PACKAGE / "game" / "session.py").read_text("utf-8"))
    assert calls(tree) & READING == set()
    public = {name for name, _ in inspect.getmembers(Session, inspect.isfunction) if not name.startswith("_")}
    assert "handle" not in public and "handle_bytes" not in public
    assert set(inspect.signature(Session.apply).parameters) == {"self", "action"}


def test_the_browser_table_builds_no_text_line():
    """web/ hands the session typed actions only: it imports neither the terminal's reader nor its
    words, calls nothing that takes a typed line, and formats no line for the session."""
    for path in sorted((PACKAGE / "web").glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        assert imported(tree) & {"prompt", "narrate"} == set(), path.name
        assert calls(tree) & {"handle", "handle_bytes", "refused"} == set(), path.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "apply":
                argument = node.args[0]
                built = isinstance(argument, ast.Call) and getattr(argument.func, "id", "") in actions.__all__
                assert built or isinstance(argument, ast.Name), (path.name, ast.unparse(node))


def room_in(classic, classic_deck, language, players=("ann", "bob")):
    session = Session.new(
        classic_deck, classic.rules, classic.grid, Options(players, seed=3), design_name=classic.name,
        hold=True, language=language,
    )  # fmt: skip
    log: list[dict] = []
    room = Room(session, write=log.append)
    room.begin()
    return room, log


@pytest.mark.parametrize("language", languages())
def test_a_phone_is_never_told_what_to_type(classic, classic_deck, language):
    """Every refusal a phone or the table screen can meet, said in the browser's words: none of the
    terminal's instructions (press Enter, type: change ann ...), in any language. (The table
    screen's change of a hand not down is no refusal: it puts the hand down, web/room.py.)"""
    room, _ = room_in(classic, classic_deck, language)
    t = catalogue(language)
    terminal = [
        t.gettext("card {number} is not shown yet: press Enter to reveal it", number=1),
        t.gettext(
            "{player} already has a hand on {position}; hands do not move (type: change {player} ...)",
            player="ann",
            position="A1",
        ),
        t.gettext("{player} already passed; hands do not move (type: change {player} ...)", player="bob"),
        t.gettext("the game is over: type undo to take back the last entry, or press Enter to leave"),
    ]
    notes = [room.from_player("ann", {"t": "claim", "at": "A1"}).note]  # the card is still held
    room.reveal()
    room.from_player("ann", {"t": "claim", "at": "A1"})
    notes.append(room.from_player("ann", {"t": "claim", "at": "A2"}).note)
    room.from_player("bob", {"t": "pass"})
    while not room.game.over:
        room.reveal()
        room.from_player("ann", {"t": "claim", "at": room.game.table.position_of(room.game.current.answer)})
        room.from_player("bob", {"t": "pass"})
    notes.append(room.from_player("bob", {"t": "pass"}).note)
    assert all(notes) and len(set(notes)) == len(notes), notes
    # what the terminal adds to the same refusals: its instructions, which no phone may read
    said_first = [next((note for note in notes if sentence.startswith(note)), "") for sentence in terminal]
    instructions = [sentence[len(first) :].strip(" :;()\u202f\u00a0") for sentence, first in zip(terminal, said_first)]
    assert all(len(tail) > 5 for tail in instructions), instructions
    for note in notes:
        assert note not in terminal and not any(tail in note for tail in instructions), (note, instructions)
        assert "change ann" not in note and "undo" not in note, note
    said = t.gettext("{player} already has a hand on {position}; hands do not move", player="ann", position="A1")
    assert notes[1] == said  # the core's own sentence, in the players' language


def test_the_browser_logs_moves_and_no_typed_line(classic, classic_deck):
    """A game played through the room is logged as moves (format 5: no ``line``), and the terminal
    resumes it."""
    room, log = room_in(classic, classic_deck, "en", ("ann", "bob", "cy"))
    room.reveal()
    room.from_player("ann", {"t": "claim", "at": "B2"}, stamp=None)
    room.from_table({"t": "change", "player": "ann", "at": "pass"})
    room.from_player("bob", {"t": "pass"})
    room.from_table({"t": "undo"})
    entries = [record for record in log if record["event"] in ("input", "undo")]
    assert [record["event"] for record in entries] == ["input", "input", "input", "undo"]
    assert all("line" not in record for record in log) and entries[1]["actions"] == [["change", "ann", None]]
    text = "".join(json.dumps(record) + "\n" for record in log)
    numbered, _ = parse_log(text)
    again = Session.resume(classic_deck, classic.rules, classic.grid, numbered, design_name=classic.name)
    assert again.game.state == room.game.state


# --------------------------------------------------------------------------- an independent referee


class IndependentReferee:
    """RULES.md, read on its own: the Monument a Search card asks for is found with the matching
    rule (each head as shown, a red one turned), never from the deck's answers. It is told what the
    table sees (the number of cards in the deck, each card turned over, each hand) and says each
    verdict."""

    def __init__(self, deck, setup: Setup):
        self.monuments = {m.id: m.faces for m in deck.monuments}
        self.players = setup.players
        self.points = setup.points_to_win
        self.deck_left = setup.deck_size
        self.box_left = len(deck.search)  # every Search card: the deck, then the rest for a tie-break
        self.penalty = setup.penalty
        self.won: dict[str, list[str]] = {p: [] for p in self.players}
        self.tied: tuple[str, ...] | None = None

    def answer(self, card) -> str:
        found = [m for m, faces in self.monuments.items() if matches(card.faces, card.red, faces)]
        assert len(found) == 1
        return found[0]

    def shown(self, card) -> None:
        self.box_left -= 1
        if self.tied is None:
            self.deck_left -= 1

    def judge(self, card, hands: list[tuple[str, str | None]]):
        """(winner, penalised, returned, scores) and the end (winners, reason) or None."""
        answer = self.answer(card)
        winner = next((p for p, m in hands if m == answer), None)
        if winner:
            self.won[winner].append(card.id)
        penalised, returned = [], []
        for player, monument in hands:
            if self.penalty and self.tied is None and monument not in (None, answer) and self.won[player]:
                returned.append(self.won[player].pop())  # the last card won, to the bottom of the box
                penalised.append(player)
                self.box_left += 1
        scores = tuple((p, len(self.won[p])) for p in self.players)
        return (winner, tuple(penalised), tuple(returned), scores), self._end(winner, dict(scores))

    def _end(self, winner, scores):
        if self.tied is not None:
            if winner:
                return (winner,), EndReason.TIE_BREAK
            return (self.tied, EndReason.BOX_EMPTY) if self.box_left == 0 else None
        if winner and scores[winner] >= self.points:
            return (winner,), EndReason.POINTS
        if self.deck_left:
            return None
        best = max(scores.values())
        leaders = tuple(p for p in self.players if scores[p] == best)
        if len(leaders) == 1:
            return leaders, EndReason.MOST_CARDS
        self.tied = leaders
        return (leaders, EndReason.BOX_EMPTY) if self.box_left == 0 else None


def random_hands(rng, game, table):
    """One turn's hands in a random order: each active player right, wrong (on a free Monument) or passing."""
    answer = game.current.answer
    hands, covered = [], set()
    for player in rng.sample(game.active_players, len(game.active_players)):
        choice = rng.random()
        if choice < 0.15 and answer not in covered:
            monument = answer
        elif choice < 0.55:
            free = [m for _, m in table.positions if m != answer and m not in covered]
            monument = rng.choice(free)
        else:
            monument = None
        if monument:
            covered.add(monument)
        hands.append((player, monument))
    return hands


@pytest.mark.slow
def test_360_seeded_games_agree_with_an_independent_referee(classic, classic_deck):
    rng = random.Random(31)
    verdicts = 0
    for game_number in range(360):
        players = tuple(f"p{i}" for i in range(rng.randint(2, 6)))
        options = Options(players, rng.choice(list(Level)), rng.random() < 0.3, game_number, rng.random() < 0.5)
        session = Session.new(
            classic_deck, classic.rules, classic.grid, options, design_name=classic.name, hold=game_number % 2 == 0
        )
        step = session.start()
        referee = IndependentReferee(classic_deck, step.events[0])
        events = list(step.events)
        records = list(step.records)
        while not session.game.over:
            if session.held is not None:
                step = session.apply(Reveal())
                events += step.events
            for event in events:
                if isinstance(event, Revealed) and not event.again:
                    referee.shown(event.card)
            card = session.game.current
            hands = random_hands(rng, session.game, session.game.table)
            moves = [Pass(p) if m is None else Claim(p, m) for p, m in hands]
            step = session.apply(Entry(tuple(moves)))
            records += step.records
            events = list(step.events)
            judged = next(e for e in events if isinstance(e, Judged))
            verdict, end = referee.judge(card, hands)
            assert (judged.winner, judged.penalised, judged.returned, judged.scores) == verdict, game_number
            verdicts += 1
            ended = next((e for e in events if isinstance(e, Ended)), None)
            assert (None if ended is None else (ended.winners, ended.reason)) == end, game_number
            verdicts += ended is not None
        if game_number % 12 == 0:  # the log of the game replays to the same end
            numbered = list(enumerate(json.loads(json.dumps(records)), start=1))
            again = Session.resume(classic_deck, classic.rules, classic.grid, numbered, design_name=classic.name)
            assert again.game.state == session.game.state
    assert verdicts >= 4911, verdicts  # the figure; these 360 games give 5,146
