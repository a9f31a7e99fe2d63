"""What a hostile or careless user found past the fuzzers: each input here once crashed (exit 70),
lost a file or printed wrong without a word. Each test fails on the code before its fix."""

import pytest

from rushmore_print.cli import cli
from rushmore_print.errors import ClaimError
from rushmore_print.i18n import catalogue
from rushmore_print.referee import Game
from rushmore_print.spec import MAX_PLAYERS, MOST_SEARCH_CARDS

from .conftest import MINIMAL

HUGE = 10**30  # past the 28 digits Python's decimals keep: babel could not format it


@pytest.mark.parametrize(
    "rules, key",
    [
        ("{deck_size: %d}", "rules.deck_size"),
        ("{points_to_win: %d}", "rules.points_to_win"),
        ("{players_before_extra: %d}", "rules.players_before_extra"),
        ("{extra_cards_per_player: %d}", "rules.extra_cards_per_player"),
        ("{long_game: {extra_cards_per_player: %d}}", "rules.long_game.extra_cards_per_player"),
        ("{long_game: {points_to_win: %d}}", "rules.long_game.points_to_win"),
    ],
)
def test_a_huge_rule_number_is_refused_with_its_range_not_a_crash(runner, write_design, rules, key):
    path = write_design(MINIMAL + "rules: " + rules % HUGE + "\n")
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:7: {key}: {HUGE} is out of range; allowed: from " in result.stderr
    assert "internal error" not in result.output


def test_the_largest_rule_numbers_allowed_still_validate(runner, write_design):
    path = write_design(MINIMAL + f"rules: {{deck_size: {MOST_SEARCH_CARDS}, players_before_extra: {MAX_PLAYERS}}}\n")
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("language", ["en", "de", "fr", "pl"])
def test_any_whole_number_can_be_said_in_every_language(language):
    said = catalogue(language).integer(HUGE)
    assert "".join(ch for ch in said if ch.isdigit()) == str(HUGE)


def test_more_players_than_a_game_log_holds_are_refused_at_the_start(classic, classic_deck):
    """A game of 65 players used to start, and then its own log could not be resumed."""
    names = [f"p{n}" for n in range(MAX_PLAYERS + 1)]
    with pytest.raises(ClaimError, match=f"{MAX_PLAYERS + 1} players; a game has at most {MAX_PLAYERS}"):
        Game.new(classic_deck, classic.rules, classic.grid, names)
    assert len(Game.new(classic_deck, classic.rules, classic.grid, names[:-1]).players) == MAX_PLAYERS


def test_a_game_with_the_most_players_resumes_from_its_log(runner, tmp_path):
    log = tmp_path / "g.jsonl"
    players = ",".join(f"p{n}" for n in range(MAX_PLAYERS))
    first = runner.invoke(cli, ["play", "--players", players, "--seed", "3", "--log", str(log)], input="p1 a1\nquit\n")
    assert first.exit_code == 0, first.output
    resumed = runner.invoke(cli, ["play", "--resume", str(log)], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    too_many = runner.invoke(cli, ["play", "--players", players + ",extra", "--log", str(tmp_path / "h.jsonl")])
    assert too_many.exit_code == 1 and f"a game has at most {MAX_PLAYERS}" in too_many.stderr
    assert not (tmp_path / "h.jsonl").exists()
