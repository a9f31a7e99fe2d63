"""The referee in the players' language: whole games at the terminal (console.py's injected
streams) in German and Polish leave no English line: every word the English catalogue uses and
the language's own never does is searched for in what the table was told."""

import functools
import io
import re
from importlib import resources
from pathlib import Path

import pytest

from rushmore_print.console import GameRequest, Outcome, Streams, Table, narrator_for, new_log, new_session, play
from rushmore_print.i18n import catalogue
from rushmore_print.model import Level

from .catalogues import LOCALE, extracted, read

WORD = re.compile(r"[^\W\d_]{3,}")
# What the table is told that is no catalogue's: the design's names and the players'.
OWN_WORDS = {"mount", "rushmore", "washington", "jefferson", "roosevelt", "lincoln", "ann", "bob", "cyd"}


@functools.cache
def english_words(language: str) -> frozenset[str]:
    """Words of the English messages that no translation of ``language`` uses (case folded)."""
    english = {word.casefold() for message in extracted() for word in WORD.findall(_text(message.id))}
    own = {word.casefold() for m in read(LOCALE / f"{language}.po") for word in WORD.findall(_text(m.string))}
    return frozenset(english - own - OWN_WORDS)


def _text(value) -> str:
    return " ".join(value) if isinstance(value, (tuple, list)) else value or ""


def english_left(told: str, language: str) -> list[str]:
    """The English words in ``told`` (paths and the command lines to type aside), with their lines."""
    found = []
    for line in told.splitlines():
        line = re.sub(r"rushmore (play|table) .*", " ", re.sub(r"\S*/\S*", " ", line))
        words = {word.casefold() for word in WORD.findall(line)} & english_words(language)
        found += [f"{word!r} in {line!r}" for word in sorted(words)]
    return found


def design_in(tmp_path: Path, language: str) -> Path:
    classic = resources.files("rushmore_print").joinpath("data/designs/classic.yaml").read_text("utf-8")
    path = tmp_path / f"classic-{language}.yaml"
    path.write_text(classic + f"\nlanguage: {language}\n", "utf-8")
    return path


def io_streams(stdin) -> Streams:
    return Streams(stdin, io.StringIO(), io.StringIO(), sleep=lambda seconds: None)  # type: ignore[arg-type]


class Master:
    """A game master reading the table and typing what ``script`` yields (it sees the session)."""

    def __init__(self, script):
        self.session = None
        self.script = script
        self.lines = None

    def readline(self, size: int) -> bytes:
        if self.lines is None:
            self.lines = self.script(self.session)
        line = next(self.lines, None)
        return b"" if line is None else (line + "\n").encode()


def wrong_position(game) -> str:
    answer = game.current.answer
    return next(position for position, monument in game.table.positions if monument != answer)


def right_position(game) -> str:
    return game.table.position_of(game.current.answer)


def screen_game(session):
    """Most of what a game on the screen can say: help, score, grid, rejections, corrections,
    undo, a wrong claim that gives a card back (--penalty), the win, the summary, the game over."""
    game = session.game
    yield from ("undo", "help", "score", "grid", "zed B3", "ann", "ann Z9", ", ann pass", "ann B3 B4")
    yield f"cyd {right_position(game)}"  # cyd takes the first card
    yield f"ann {wrong_position(game)}"
    yield f"bob {game.table.position_of(game.state.claims[0][1])}"  # already covered by ann
    yield f"ann {right_position(game)}"  # ann's hand does not move
    yield "change ann pass"
    yield "drop ann"
    yield "change ann B1"  # no claim to change
    yield "drop ann"  # no claim to drop
    yield "ann pass"
    yield "undo"
    yield f"ann pass, bob pass, cyd {wrong_position(game)}"  # cyd has claimed: the line is refused
    yield "ann pass, bob pass"  # cyd takes the card
    yield f"cyd {wrong_position(game)}, ann {right_position(game)}, ."  # cyd gives it back
    while not game.over:
        yield f"a {right_position(game)}, ."
    yield "ann B3"  # the game is over
    yield "undo"
    yield f"ann {right_position(game)}, ."
    yield ""


SCREEN_GAME = GameRequest(("ann", "bob", "cyd"), Level.ADVANCED, seed=5, penalty=True)


def table_game(session):
    """A game from the printed deck: cards typed, wrong ones refused, everyone passing to a tie,
    the tie-break card from the box."""
    game = session.game
    harder = next(c.id for c in game.deck.search if c.level is Level.EXPERT)
    yield "ann pass"  # no card is in play yet
    yield harder  # not of this level
    yield "XYZ"  # neither an id nor a notation
    first = game.state.box[0]
    yield first
    yield first  # already in play
    yield "bob pass, ann pass"
    yield first  # already turned over
    while not game.over:
        if game.state.awaiting:
            yield game.state.box[0]
        elif game.state.tiebreak:
            yield f"ann {right_position(game)}, ."
        else:
            yield "."
    yield ""


def run(design: Path, request: GameRequest, script, log: Path) -> tuple[str, object]:
    session = new_session(request, design, hold=False)
    master = Master(script)
    master.session = session
    streams = io_streams(master)
    game_log = new_log(log, session.options.seed)
    table = Table(session, narrator_for(session, streams), game_log, streams, False)
    try:
        table.show(session.start())
        outcome = table.run()
    finally:
        game_log.close()
    return streams.stdout.getvalue() + streams.stderr.getvalue(), (outcome, session)


@pytest.mark.parametrize("language", ["de", "pl"])
def test_a_whole_game_at_the_terminal_is_told_in_the_players_language(tmp_path, language):
    design = design_in(tmp_path, language)
    told, (outcome, session) = run(design, SCREEN_GAME, screen_game, tmp_path / "g.jsonl")
    assert outcome is Outcome.DONE and session.game.over
    t = catalogue(language)
    said = " ".join(told.split())  # lines wrapped to the terminal, joined again
    # the lines this script makes the referee say, each in the language (and so none in English)
    for line in (
        t.gettext("Final score:"),
        t.gettext("rejected: {reason}", reason=t.gettext("nothing to undo")),
        t.gettext("Lay out the Monuments face up:"),
        t.gettext("house rule --penalty: a wrong claim returns one of that player's cards to the box"),
    ):
        assert " ".join(line.split()) in said, line
    back = t.gettext("{player} claimed a wrong Monument and gives {card} back: it goes to the bottom of the box.",
                     player="cyd", card=session.game.deck.search[0].id)  # fmt: skip
    assert back.split("S01")[0] in said
    assert t.upper(t.pgettext("a red head on the terminal's card", "RED")) in told
    assert english_left(told, language) == []
    log = (tmp_path / "g.jsonl").read_text("utf-8")
    assert '"reason": "no player called' in log  # the log keeps the English: it is a file format


@pytest.mark.parametrize("language", ["de", "pl"])
def test_a_table_deck_game_to_a_tie_break_is_told_in_the_players_language(tmp_path, language):
    design = design_in(tmp_path, language)
    request = GameRequest(("ann", "bob"), seed=2, deck_mode="table")
    told, (outcome, session) = run(design, request, table_game, tmp_path / "t.jsonl")
    assert outcome is Outcome.DONE and session.game.state.winners == ("ann",)
    t = catalogue(language)
    assert t.say(session.game.state.end_reason) in told  # "ann took the tie-break card", in the language
    assert english_left(told, language) == []


@pytest.mark.parametrize("language", ["de", "pl"])
def test_a_resumed_game_and_the_print_order_are_told_in_the_players_language(tmp_path, language):
    design = design_in(tmp_path, language)
    log = tmp_path / "r.jsonl"
    first = io_streams(io.BytesIO(b"ann pass\nquit\n"))
    assert play(GameRequest(("ann", "bob"), seed=4, log_path=log), design, first) is Outcome.DONE
    again = io_streams(io.BytesIO(b"score\n"))
    assert play(GameRequest(resume=log), design, again) is Outcome.INPUT_ENDED
    order = io_streams(io.BytesIO())
    play(GameRequest(("ann", "bob"), seed=4, deck_mode="table"), design, order, print_only=True)
    told = "\n".join(s.stdout.getvalue() + s.stderr.getvalue() for s in (first, again, order))
    assert catalogue(language).gettext("{player} passed", player="ann") in told  # the recap
    assert english_left(told, language) == []


def test_the_english_check_sees_english(tmp_path):
    """The same game in English is full of the words the check looks for."""
    told, _ = run(design_in(tmp_path, "en"), SCREEN_GAME, screen_game, tmp_path / "e.jsonl")
    assert len(english_left(told, "de")) > 50 and len(english_left(told, "pl")) > 50
