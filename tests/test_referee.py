import json
import re

import pytest

from rushmore_print.cli import cli
from rushmore_print.errors import (
    AlreadyClaimed,
    AlreadyCovered,
    ClaimError,
    GameOver,
    NothingToUndo,
    UnknownCard,
    UnknownPlayer,
)
from rushmore_print.model import Level, matches
from rushmore_print.referee import Ended, Game, Judged, answer_of, explain, resolve_monument, resolve_search
from rushmore_print.validate import validate_deck
from rushmore_print.words import join_names


def new_game(classic, classic_deck, players=("ann", "bob"), **kwargs):
    game = Game.new(classic_deck, classic.rules, classic.grid, list(players), **kwargs)
    game.start()
    return game


def right_position(game):
    return game.table.position_of(game.current.answer)


def wrong_position(game, avoid=()):
    return next(p for p, m in game.table.positions if m != game.current.answer and p not in avoid)


# --------------------------------------------------------------------------- the pure state machine


def test_setup_lays_out_every_monument_once(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=11)
    assert [p for p, _ in game.table.positions] == [f"{r}{c}" for r in "ABCD" for c in range(1, 5)]
    assert sorted(m for _, m in game.table.positions) == [m.id for m in classic_deck.monuments]


@pytest.mark.parametrize(
    "players, long_game, size, points",
    [(2, False, 12, 3), (5, False, 12, 3), (6, False, 13, 3), (7, False, 14, 3), (4, True, 16, 4), (10, True, 27, 4)],
)
def test_deck_size_and_points_follow_the_rules(classic, classic_deck, players, long_game, size, points):
    names = [f"p{i}" for i in range(players)]
    game = new_game(classic, classic_deck, names, level=Level.EXPERT, long_game=long_game)
    assert game.setup().deck_size == size and game.points_to_win == points


def test_deck_is_capped_at_the_level_pool(classic, classic_deck):
    names = [f"p{i}" for i in range(10)]
    game = new_game(classic, classic_deck, names, level=Level.BASIC, long_game=True)
    setup = game.setup()
    assert setup.capped and setup.deck_size == 16 and setup.wanted_size == 27


def test_only_the_levels_cards_are_dealt(classic, classic_deck):
    for level in Level:
        game = new_game(classic, classic_deck, level=level, seed=5)
        ids = set(game.state.pile) | set(game.state.reserve) | {game.current.id}
        assert ids == {c.id for c in classic_deck.pool(level)}


def test_illegal_claims_are_rejected_without_losing_the_turn(classic, classic_deck):
    game = new_game(classic, classic_deck, ("ann", "bob", "cy"), seed=2)
    with pytest.raises(UnknownPlayer, match="no player called 'zed'; the players are ann, bob and cy"):
        game.claim("zed", "A1")
    with pytest.raises(UnknownCard, match="'Q9' is neither a position \\(A1 to D4\\) nor a Monument \\(M01 to M16\\)"):
        game.claim("ann", "Q9")
    game.claim("ann", "A1")
    with pytest.raises(AlreadyClaimed, match="ann already has a hand on A1; hands do not move"):
        game.claim("ann", "B2")
    monument = game.table.monument_at("A1")
    with pytest.raises(AlreadyCovered, match=f"A1 \\({monument}\\) is already covered by ann"):
        game.claim("bob", monument)
    game.pass_("bob")
    with pytest.raises(AlreadyClaimed, match="bob already passed"):
        game.pass_("bob")
    assert game.waiting_for() == ("cy",)


def test_the_player_on_the_answer_scores(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=4)
    card = game.current
    game.claim("bob", wrong_position(game))
    events = game.claim("ann", right_position(game))
    judged = next(e for e in events if isinstance(e, Judged))
    assert judged.winner == "ann" and judged.card == card and judged.answer == card.answer
    assert dict(game.scores()) == {"ann": 1, "bob": 0}


def test_win_at_three_ends_the_game_at_once(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=8)
    for _turn in range(3):
        events = game.claim("ann", right_position(game)) + game.pass_("bob")
    assert isinstance(events[-1], Ended) and events[-1].winners == ("ann",)
    assert game.over and game.cards_left == 12 - 3
    with pytest.raises(GameOver):
        game.pass_("bob")


def test_tie_when_the_deck_runs_out_goes_to_a_tie_break(classic, classic_deck):
    game = new_game(classic, classic_deck, ("ann", "bob", "cy"), seed=9)
    winners = ["ann", "bob"] * 2 + [None] * 8
    for winner in winners:
        for player in ("ann", "bob", "cy"):
            if player == winner:
                events = game.claim(player, right_position(game))
            else:
                events = game.pass_(player)
    assert game.state.tiebreak == ("ann", "bob")
    with pytest.raises(ClaimError, match="only ann and bob play the tie-break"):
        game.pass_("cy")
    game.pass_("ann")
    game.pass_("bob")  # nobody takes it: another card is drawn
    assert not game.over
    game.pass_("ann")
    events = game.claim("bob", right_position(game))
    assert events[-1] == Ended(("bob",), "bob took the tie-break card", (("ann", 2), ("bob", 3), ("cy", 0)))


def test_tie_break_with_an_empty_box_shares_the_win(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=1, level=Level.BASIC, long_game=True)  # 14 of the 16 basic cards
    for _ in range(game.cards_left + 1):
        game.pass_("ann")
        game.pass_("bob")
    assert game.state.tiebreak == ("ann", "bob")
    game.pass_("ann"), game.pass_("bob")
    game.pass_("ann")
    events = game.pass_("bob")
    assert events[-1].winners == ("ann", "bob") and "share the win" in events[-1].reason


def test_penalty_returns_a_card_to_the_box(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=6, penalty=True)
    game.claim("ann", right_position(game)), game.pass_("bob")
    game.claim("ann", wrong_position(game))
    events = game.pass_("bob")
    judged = next(e for e in events if isinstance(e, Judged))
    assert judged.penalised == ("ann",) and dict(game.scores())["ann"] == 0


def test_undo_takes_back_a_claim_then_a_judged_turn(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=3)
    with pytest.raises(NothingToUndo):
        game.undo()
    first = game.current
    game.claim("ann", right_position(game))
    game.undo()
    assert game.state.claims == ()
    game.claim("ann", right_position(game)), game.pass_("bob")
    assert game.current != first and dict(game.scores())["ann"] == 1
    game.undo()
    assert game.current == first and game.state.claims == () and dict(game.scores())["ann"] == 0


def test_players_are_checked(classic, classic_deck):
    for players, message in [
        (["ann"], "at least two players"),
        (["ann", "Ann"], "two players are called"),
        (["ann", "score"], "is a command"),
        (["ann", "b c"], "use one word"),
    ]:
        with pytest.raises(ClaimError, match=message):
            Game.new(classic_deck, classic.rules, classic.grid, players)


# --------------------------------------------------------------------------- answer and check


def test_answer_and_check_agree_with_the_validator_on_every_pair(classic_deck):
    assert validate_deck(classic_deck).ok()
    for card in classic_deck.search:
        search = resolve_search(classic_deck, card.id)
        assert answer_of(classic_deck, search).id == card.answer
        by_notation = resolve_search(classic_deck, classic_deck.notation.search(card.faces, card.red))
        assert answer_of(classic_deck, by_notation).id == card.answer
        for monument in classic_deck.monuments:
            reasons = explain(classic_deck, search, resolve_monument(classic_deck, monument.id))
            assert (not reasons) == matches(card.faces, card.red, monument.faces) == (monument.id == card.answer)


def test_check_cli_names_each_wrong_head(runner):
    result = runner.invoke(cli, ["check", "LLR*L", "LLRL"])
    assert result.exit_code == 1
    assert result.output == (
        "no: LLR*L does not match M03 (LLRL)\n"
        "  Roosevelt is red on the Search card, so he must face left on the Monument; he faces right\n"
    )
    ok = runner.invoke(cli, ["check", "LLR*L", "LLLL"])
    assert ok.exit_code == 0 and ok.output == "yes: LLR*L matches M01 (LLLL)\n"


def test_answer_cli(runner, classic_deck):
    card = classic_deck.search[20]
    result = runner.invoke(cli, ["answer", card.id.lower()])
    notation = classic_deck.notation.search(card.faces, card.red)
    target = classic_deck.monument(card.answer)
    assert result.exit_code == 0
    assert (
        result.output
        == f"{card.id} ({notation}) matches {card.answer} ({classic_deck.notation.monument(target.faces)})\n"
    )
    bad = runner.invoke(cli, ["answer", "LRX"])
    assert bad.exit_code == 1 and "'X' is not a direction letter; use L or R" in bad.stderr
    assert runner.invoke(cli, ["answer", "S99"]).exit_code == 1


# --------------------------------------------------------------------------- whole games on stdin


def script(classic, classic_deck, players, level, long_game, seed, strategy):
    """Play a game on the pure referee with ``strategy`` and return the lines a table would type."""
    game = Game.new(classic_deck, classic.rules, classic.grid, players, level, long_game, seed)
    game.start()
    lines, turn = [], 0
    while not game.over:
        active = game.active_players
        winner = strategy(turn, active, dict(game.scores()), game.points_to_win, game.state.tiebreak is not None)
        for player in active:
            if game.over:
                break
            if player == winner:
                lines.append(f"{player} {right_position(game)}")
                game.claim(player, right_position(game))
            else:
                lines.append(f"{player} pass")
                game.pass_(player)
        turn += 1
    return lines, game


def run_cli(runner, tmp_path, players, level, long_game, seed, lines, name="game.jsonl"):
    args = [
        "play",
        "--players",
        ",".join(players),
        "--level",
        level.value,
        "--seed",
        str(seed),
        "--log",
        str(tmp_path / name),
    ]
    return runner.invoke(cli, args + (["--long"] if long_game else []), input="\n".join(lines) + "\n")


def checked_transcript(output, classic_deck):
    """Every judgement names the real answer of the card (by the validator's rule)."""
    for card_id, monument in re.findall(r"(S\d\d) matches (M\d\d)", output):
        card = classic_deck.search_card(card_id)
        assert matches(card.faces, card.red, classic_deck.monument(monument).faces)
    return re.findall(r"^(\w+) is right", output, re.M)


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("count", [2, 3, 5, 6, 10])
@pytest.mark.parametrize("long_game", [False, True])
def test_first_to_the_points_wins_at_once(runner, tmp_path, classic, classic_deck, level, count, long_game):
    players = [f"p{i}" for i in range(count)]
    lines, _game = script(classic, classic_deck, players, level, long_game, 100 + count, lambda t, a, s, p, tie: "p1")
    result = run_cli(runner, tmp_path, players, level, long_game, 100 + count, lines)
    assert result.exit_code == 0, result.output
    points = 4 if long_game else 3
    assert checked_transcript(result.output, classic_deck) == ["p1"] * points
    assert f"Game over: p1 wins (p1 reached {points} points)." in result.output
    assert len(re.findall(r"^card \d+ of", result.output, re.M)) == points


def spread(turn, active, scores, points, tiebreak):
    """Share the cards round the table, never letting anyone reach the points."""
    if tiebreak:
        return active[-1]  # tie-break: the last tied player takes it
    player = active[turn % len(active)]
    return player if scores[player] < points - 1 else None


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("count", [2, 4, 7, 10])
@pytest.mark.parametrize("long_game", [False, True])
def test_deck_running_out_ends_the_game(runner, tmp_path, classic, classic_deck, level, count, long_game):
    players = [f"p{i}" for i in range(count)]
    lines, _game = script(classic, classic_deck, players, level, long_game, 7, spread)
    result = run_cli(runner, tmp_path, players, level, long_game, 7, lines)
    assert result.exit_code == 0, result.output
    deck_size = min(classic.rules.deck_size_for(count, long_game), len(classic_deck.pool(level)))
    regular = re.findall(r"^card \d+ of (\d+)", result.output, re.M)
    assert len(regular) == deck_size and set(regular) == {str(deck_size)}
    right = checked_transcript(result.output, classic_deck)
    tally = {p: right.count(p) for p in players}
    if "tied: one more card" in result.output:
        tied = re.split(r", | and ", re.search(r"The deck is empty and (.+) are tied", result.output).group(1))
        best = max(tally[p] for p in players) - 1  # the tie-break card is counted in tally
        assert len(tied) > 1 and all(tally[p] >= best for p in tied)
        took = re.search(r"Game over: (\w+) wins \(\1 took the tie-break card\)", result.output)
        shared = f"Game over: {join_names(tied)} win (the box has no more cards" in result.output
        assert took or shared
        if shared:  # only when the level's pool was used up by the deck and the tie-break
            assert deck_size + len(re.findall(r"^tie-break card", result.output, re.M)) == len(classic_deck.pool(level))
    else:
        assert "has the most cards" in result.output


def test_bad_lines_are_rejected_with_a_reason(runner, tmp_path):
    lines = ["zed A1", "ann Z9", "ann A1", "ann B1", "bob A1", "hello there friend", "quit"]
    result = run_cli(runner, tmp_path, ["ann", "bob"], Level.BASIC, False, 4, lines)
    rejected = re.findall(r"^rejected: (.*)$", result.output, re.M)
    assert rejected == [
        "no player called 'zed'; the players are ann and bob",
        "'Z9' is neither a position (A1 to D4) nor a Monument (M01 to M16)",
        "ann already has a hand on A1; hands do not move",
        f"A1 ({re.search(r'ann covers A1 [(](M..)[)]', result.output).group(1)}) is already covered by ann",
        "cannot read 'hello there friend'; type help for the forms",
    ]
    assert "game saved; continue with: rushmore play --resume" in result.output


def test_play_needs_players(runner):
    result = runner.invoke(cli, ["play"])
    assert result.exit_code == 2 and "name the players" in result.output


def final_line(output):
    return [line for line in output.splitlines() if line.startswith("Game over")][-1]


@pytest.mark.parametrize("level, seed", [(Level.EXPERT, 21), (Level.ADVANCED, 5)])
def test_resume_from_a_log_cut_at_any_event(runner, tmp_path, classic, classic_deck, level, seed):
    players = ["ann", "bob", "cy"]
    lines, _ = script(classic, classic_deck, players, level, False, seed, spread)
    lines = lines[:3] + ["undo", "undo"] + lines[1:3] + ["zed A1"] + lines[3:]
    full = run_cli(runner, tmp_path, players, level, False, seed, lines, name="full.jsonl")
    expected = final_line(full.output)
    records = (tmp_path / "full.jsonl").read_text().splitlines()
    inputs = ("claim", "pass", "undo", "rejected")
    for cut in range(1, len(records) + 1):
        kept = records[:cut]
        log = tmp_path / f"cut{cut}.jsonl"
        log.write_text("\n".join(kept) + "\n")
        typed = sum(1 for r in kept if json.loads(r)["event"] in inputs)
        rest = lines[typed:]
        resumed = runner.invoke(cli, ["play", "--resume", str(log)], input="\n".join(rest) + "\n")
        assert resumed.exit_code == 0, (cut, resumed.output)
        assert final_line(resumed.output) == expected, cut


def test_resume_ignores_a_half_written_last_line(runner, tmp_path, classic, classic_deck):
    players = ["ann", "bob"]
    lines, _ = script(classic, classic_deck, players, Level.BASIC, False, 2, spread)
    run_cli(runner, tmp_path, players, Level.BASIC, False, 2, lines[:4], name="g.jsonl")
    log = tmp_path / "g.jsonl"
    log.write_text(log.read_text() + '{"event": "cla')
    result = runner.invoke(cli, ["play", "--resume", str(log)], input="\n".join(lines[4:]) + "\n")
    assert result.exit_code == 0 and "Game over" in result.output
