"""The game at the terminal driven without click: injected streams, a whole game, the end of input."""

import io

import pytest
from click.testing import CliRunner

from rushmore_print.cli.commands import cli
from rushmore_print.cli.console import GameRequest, Outcome, Streams, Table, narrator_for, new_log, new_session, play
from rushmore_print.cli.prompt import take
from rushmore_print.game.narrate import Narrator
from rushmore_print.game.session import Options, Rejected, Session, ShowScore
from rushmore_print.model import DeckMode


def streams(lines: str | object = "") -> Streams:
    stdin = io.BytesIO(lines.encode()) if isinstance(lines, str) else lines
    return Streams(stdin, io.StringIO(), io.StringIO(), sleep=lambda seconds: None)  # type: ignore[arg-type]


class RightAnswers:
    """A game master who reads the table: ann is always first on the right Monument."""

    def __init__(self):
        self.session = None

    def readline(self, size: int) -> bytes:
        game = self.session.game
        if game.over:
            return b""
        return f"ann {game.table.position_of(game.current.answer)}, bob pass\n".encode()


def test_a_whole_game_runs_on_injected_streams_to_its_end(tmp_path):
    request = GameRequest(("ann", "bob"), seed=3)
    session = new_session(request, None, hold=False)
    master = RightAnswers()
    master.session = session
    io_streams = streams(master)
    log = new_log(tmp_path / "game.jsonl", 3)
    table = Table(session, narrator_for(session, io_streams), log, io_streams, False)
    table.show(session.start())
    try:
        assert table.run() is Outcome.DONE
    finally:
        log.close()
    told = io_streams.stdout.getvalue()
    assert session.game.over and session.game.state.winners == ("ann",)
    assert "ann wins" in told.lower() and io_streams.stderr.getvalue() == ""
    assert (tmp_path / "game.jsonl").read_text().count("\n") > 5  # every line was logged


def test_input_that_ends_early_says_how_to_resume_and_exits_1(tmp_path):
    log = tmp_path / "g.jsonl"
    io_streams = streams("ann pass\n")
    outcome = play(GameRequest(("ann", "bob"), seed=1, log_path=log), None, io_streams)
    assert outcome is Outcome.INPUT_ENDED and int(outcome) == 1
    assert f"continue with: rushmore play --resume {log}" in io_streams.stderr.getvalue()
    assert io_streams.stdout.getvalue().startswith(f"game log: {log}\n")


def test_quiet_drops_the_log_line_but_not_the_game(tmp_path):
    io_streams = streams("quit\n")
    request = GameRequest(("ann", "bob"), seed=1, log_path=tmp_path / "g.jsonl", quiet=True)
    assert play(request, None, io_streams) is Outcome.DONE
    told = io_streams.stdout.getvalue()
    assert "game log:" not in told and "game saved; continue with" in told and "Search card" in told


def test_the_countdown_sleeps_through_the_injected_clock(tmp_path):
    slept = []
    io_streams = Streams(io.BytesIO(b"quit\n"), io.StringIO(), io.StringIO(), sleep=slept.append)
    request = GameRequest(("ann", "bob"), seed=1, log_path=tmp_path / "g.jsonl", countdown=True)
    play(request, None, io_streams)
    assert slept == [0.7, 0.7, 0.7] and "3... 2... 1..." in io_streams.stdout.getvalue()


def test_print_order_names_the_stack_and_the_command_to_play():
    io_streams = streams()
    assert play(GameRequest(("ann", "bob"), seed=7, deck_mode="table"), None, io_streams, print_only=True) == 0
    told = io_streams.stdout.getvalue().splitlines()
    assert told[0] == "Mount Rushmore, seed 7, Basic, 2 players"
    assert told[-1] == "Then play: rushmore play --players ann,bob --seed 7 --deck table"
    assert " 1. S" in "\n".join(told)


# --------------------------------------------------------------------------- issue 22's terminal fixes


def session_of(classic, classic_deck, players=("ann", "bob", "cy"), seed=1, **kwargs):
    session = Session.new(classic_deck, classic.rules, classic.grid, Options(players, seed=seed, **kwargs),
                          design_name=classic.name)  # fmt: skip
    session.start()
    return session


@pytest.mark.parametrize(
    "line", ["ann pass, bob pass, cy pass, .", "ann pass, bob pass, cy pass.", "ann B3.", "a b3 ."]
)
def test_a_redundant_or_glued_trailing_dot_is_accepted(classic, classic_deck, line):
    session = session_of(classic, classic_deck)
    step = take(line, session)
    assert not any(isinstance(e, Rejected) for e in step.events), step.events
    assert session.game.state.revealed == 2  # the turn was judged and the next card is in play


def test_after_card_1_of_12_eleven_are_left(classic, classic_deck):
    for mode in ("screen", "table"):
        session = session_of(classic, classic_deck, deck_mode=DeckMode(mode))
        if mode == "table":
            take(session.game.state.box[0], session)
        score = next(e for e in take("ann pass, .", session).events if isinstance(e, ShowScore))
        lines = Narrator(classic_deck, classic.name).say(score)
        assert "11 cards left in the deck" in lines[-1], (mode, lines)


def test_the_last_card_is_in_play_only_while_it_is(classic, classic_deck):
    """The score line after each verdict and on ``score``: "the last card is in play" while the
    deck's last card is, never after it is judged nor through a tie-break (its card is the box's)."""
    session = session_of(classic, classic_deck, ("ann", "bob"), seed=5)
    narrator = Narrator(classic_deck, classic.name, width=200)
    said = []
    take(f"ann {session.game.table.position_of(session.game.current.answer)}, bob pass", session)
    take(f"bob {session.game.table.position_of(session.game.current.answer)}, ann pass", session)  # 1-1
    while session.game.state.tiebreak is None:
        if session.game.cards_left == 0:
            said.append(narrator.say(session.score())[-1])  # the last card, in play
        said += [line for line in narrator.say_all(take("ann pass, bob pass", session).events) if "score:" in line]
    said.append(narrator.say(session.score())[-1])  # the tie-break card is in play
    assert said[-3].endswith("the last card is in play"), said
    assert said[-2].endswith("| the deck is empty") and said[-1].endswith("| the deck is empty"), said
    assert sum("the last card is in play" in line for line in said) == 1


def test_the_hint_shows_the_players_own_names_and_a_prefix_that_works(runner, tmp_path):
    """With ann, anna and bob, "a b3" is ambiguous: the hint shows bob and "b b3", and both work."""
    args = ["play", "--players", "ann,anna,bob", "--seed", "3", "--log", str(tmp_path / "g.jsonl")]
    result = runner.invoke(cli, args, input="b b3, ann pass, anna pass\nquit\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the hint is wrapped to the terminal's width
    assert "Type claims as: bob B3, ann pass (b b3 will do); . = the rest pass; help for more." in said
    assert "rejected" not in result.output and "bob covers B3" in result.output
    two = runner.invoke(cli, ["play", "--players", "eve,dan", "--seed", "3", "--log", str(tmp_path / "h.jsonl")],
                        input="quit\n")  # fmt: skip
    assert "Type claims as: eve B3, dan pass (e b3 will do)" in " ".join(two.output.split())


def test_a_crowded_prompt_names_who_is_to_claim(classic, classic_deck):
    names = ("alexandra", "alexander", "bernadette", "christopher", "dominique", "evangeline", "fitzgerald")
    session = session_of(classic, classic_deck, names, seed=3)
    take("alexandra pass", session)
    prompt = Narrator(classic_deck, classic.name, width=80).status(session)
    assert len(prompt) <= 80 and "players" not in prompt
    assert "to claim: alexande, b, c, d, e and f >" in prompt  # the prefixes the prompt accepts


@pytest.mark.parametrize("argv, said", [
    (["answer", "s1"], "S01 (RRLL) matches M13 (RRLL)"),
    (["check", "s1", "M13"], "yes: S01 (RRLL) matches M13 (RRLL)"),
    (["check", "S17", "m3"], "yes: S17 (LR*RL) matches M03 (LLRL)"),
])  # fmt: skip
def test_answer_and_check_read_ids_as_the_prompt_does(argv, said):
    result = CliRunner().invoke(cli, argv)
    assert result.exit_code == 0 and result.output.splitlines()[0] == said


def test_check_with_the_cards_swapped_says_which_comes_first():
    result = CliRunner().invoke(cli, ["check", "M03", "S17"])
    assert result.exit_code == 2 and "the Search card comes first: rushmore check S17 M03" in result.output
    alone = CliRunner().invoke(cli, ["answer", "M3"])
    assert alone.exit_code == 1 and "'M3' is a Monument, not a Search card; give S01 to S39" in alone.output


def ink_columns(banner_rows, cell, index):
    """Per column of head ``index``'s arrow: how many rows have ink there."""
    arrows = [row for row in banner_rows if any(ch in row for ch in "#%")]
    parts = [row[2 + index * cell : 2 + (index + 1) * cell - 2].ljust(cell - 2) for row in arrows]
    return [sum(part[col] in "#%" for part in parts) for col in range(cell - 2)], len(arrows)


@pytest.mark.parametrize("width", [80, 120, 160, 250])
def test_the_terminal_card_grows_with_the_screen_and_each_arrow_points_its_way(classic, classic_deck, width):
    card = next(c for c in classic_deck.search if c.red == (False, True, False, False))
    narrator = Narrator(classic_deck, classic.name, width=width, unicode=False)
    rows = narrator.banner(card)
    cell = min(60, (width - 2) // 4)
    assert max(len(row) for row in rows) <= width
    assert max(len(row) for row in rows) >= width * 0.8 or cell == 60  # the card fills the screen's width
    for index, face in enumerate(card.faces):
        ink, height = ink_columns(rows, cell, index)
        ink = ink if face == 0 else ink[::-1]  # from the front (where the head faces) to the back
        widest = max(ink)
        assert 1 <= ink[0] <= height // 3, (width, index, ink)  # a point at the front
        assert ink.index(widest) < len(ink) // 2, (width, index, ink)  # the head's barbs in the front half
        assert 1 <= ink[-1] <= widest / 2, (width, index, ink)  # a shaft behind, thinner than the head: no blade
    assert len(rows) - 2 == (5 if width == 80 else 7 if width == 160 else len(rows) - 2)  # taller when wider
