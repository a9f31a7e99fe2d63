"""The browser table draws every Search card itself: ``--deck table`` (the printed deck, each
card's id typed) is refused with where to play it, and so is a log of such a game, whose
screens would otherwise wait for a card nobody can give them."""

from click.testing import CliRunner

from rushmore_print.cli.commands import cli


def test_table_refuses_the_printed_deck_and_says_where_to_play_it():
    result = CliRunner().invoke(cli, ["table", "--players", "ann,bob", "--deck", "table"])
    assert result.exit_code == 2
    assert "the browser table draws each Search card itself" in result.output
    assert "rushmore play --deck table" in result.output
    assert "--deck" not in CliRunner().invoke(cli, ["table", "--help"]).output  # never offered, only explained


def test_table_refuses_to_resume_a_game_of_the_printed_deck_and_play_continues_it(tmp_path, monkeypatch):
    log = tmp_path / "g.jsonl"
    began = ["play", "--players", "ann,bob", "--deck", "table", "--seed", "7", "--log", str(log)]
    assert CliRunner().invoke(cli, began, input="quit\n").exit_code == 0
    before = log.read_bytes()

    def never(*args):  # without the refusal the table would serve (and this test hang) here
        raise AssertionError("the table served a game of the printed deck")

    monkeypatch.setattr("rushmore_print.web.run.bound_socket", never)
    result = CliRunner().invoke(cli, ["table", "--resume", str(log), "--port", "0"])
    assert result.exit_code == 1, result.output
    assert result.stderr == (
        f"error: {log}: this game is played with the printed Search deck (--deck table), which the browser "
        f"table does not draw from; continue it at the terminal: rushmore play --resume {log}\n"
    )
    assert log.read_bytes() == before
    again = CliRunner().invoke(cli, ["play", "--resume", str(log)], input="quit\n")
    assert again.exit_code == 0, again.output
