"""The game at the terminal driven without click: injected streams, a whole game, the end of input."""

import io

from rushmore_print.console import GameRequest, Outcome, Streams, Table, narrator_for, new_log, new_session, play


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
    table = Table(session, narrator_for(session.game.deck, session.design_name, io_streams), log, io_streams, False)
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
