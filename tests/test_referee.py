import re

import pytest

from rushmore_print.cli.arguments import monument_card, search_card
from rushmore_print.cli.commands import cli
from rushmore_print.cli.prompt import card_named, monument_named, player_named
from rushmore_print.deck.validate import validate_deck
from rushmore_print.errors import (
    AlreadyClaimed,
    AlreadyCovered,
    ClaimError,
    GameOver,
    NothingToUndo,
    UnknownCard,
    UnknownPlayer,
)
from rushmore_print.game.actions import Pass
from rushmore_print.game.narrate import Narrator
from rushmore_print.game.referee import (
    Awaiting,
    DeckMode,
    Ended,
    Game,
    Judged,
    TieBreak,
    Undone,
    answer_of,
    explain,
)
from rushmore_print.language.words import join_names
from rushmore_print.model import EndReason, Level, matches


def new_game(classic, classic_deck, players=("ann", "bob"), **kwargs):
    game = Game.new(classic_deck, classic.rules, classic.grid, list(players), **kwargs)
    game.start()
    return game


def right_position(game):
    return game.table.position_of(game.current.answer)


def wrong_position(game, avoid=()):
    return next(p for p, m in game.table.positions if m != game.current.answer and p not in avoid)


def right(game):
    """The Monument the card in play asks for (the referee takes Monuments by id)."""
    return game.current.answer


def wrong(game, avoid=()):
    return game.table.monument_at(wrong_position(game, [game.table.position_of(m) for m in avoid]))


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
        deck = game.state.box[: game.cards_left] + (game.current.id,)
        assert {classic_deck.search_card(c).level for c in deck} <= set(Level)
        assert set(deck) <= {c.id for c in classic_deck.pool(level)} and len(deck) == game.deck_size
        assert set(game.state.box) | {game.current.id} == {c.id for c in classic_deck.search}


def test_illegal_claims_are_rejected_without_losing_the_turn(classic, classic_deck):
    game = new_game(classic, classic_deck, ("ann", "bob", "cy"), seed=2)
    monument = game.table.monument_at("A1")
    with pytest.raises(UnknownPlayer, match="no player called 'zed'; the players are ann, bob and cy"):
        game.claim("zed", monument)
    with pytest.raises(UnknownCard, match="no Monument Q9 in this deck \\(M01 to M16\\)"):
        game.claim("ann", "Q9")  # the referee takes ids; reading a position is the front end's
    with pytest.raises(UnknownCard, match="no Monument A1 in this deck"):
        game.claim("ann", "A1")
    game.claim("ann", monument)
    with pytest.raises(AlreadyClaimed, match=r"^ann already has a hand on A1; hands do not move$"):
        game.claim("ann", game.table.monument_at("B2"))
    with pytest.raises(AlreadyCovered, match=f"A1 \\({monument}\\) is already covered by ann"):
        game.claim("bob", monument)
    game.pass_("bob")
    with pytest.raises(AlreadyClaimed, match="bob already passed"):
        game.pass_("bob")
    assert game.waiting_for() == ("cy",)


def test_the_player_on_the_answer_scores(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=4)
    card = game.current
    game.claim("bob", wrong(game))
    events = game.claim("ann", right(game))
    judged = next(e for e in events if isinstance(e, Judged))
    assert judged.winner == "ann" and judged.card == card and judged.answer == card.answer
    assert dict(game.scores()) == {"ann": 1, "bob": 0}


def test_win_at_three_ends_the_game_at_once(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=8)
    for _turn in range(3):
        events = game.claim("ann", right(game)) + game.pass_("bob")
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
                events = game.claim(player, right(game))
            else:
                events = game.pass_(player)
    assert game.state.tiebreak == ("ann", "bob")
    with pytest.raises(ClaimError, match="only ann and bob play the tie-break"):
        game.pass_("cy")
    game.pass_("ann")
    game.pass_("bob")  # nobody takes it: another card is drawn
    assert not game.over
    game.pass_("ann")
    events = game.claim("bob", right(game))
    assert events[-1] == Ended(("bob",), EndReason.TIE_BREAK, (("ann", 2), ("bob", 3), ("cy", 0)))


def test_tie_break_draws_the_levels_cards_then_the_rest_of_the_box(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=1, level=Level.BASIC, long_game=True)  # 14 of the 16 basic cards
    assert game.setup().spare_level == 2 and game.setup().spare_other == len(classic_deck.search) - 16
    for _ in range(game.cards_left + 1):
        events = game.pass_("ann") + game.pass_("bob")
    assert game.state.tiebreak == ("ann", "bob") and events[-2] == TieBreak(("ann", "bob"), False, Level.BASIC)
    levels = []
    while not game.over:
        levels.append(game.current.level)
        events = game.pass_("ann") + game.pass_("bob")
    # level by level, as the rulebook teaches: the two spare Basic cards, then every Advanced one, then Expert
    by_level = {level: sum(1 for c in classic_deck.search if c.level is level) for level in Level}
    assert (
        levels
        == [Level.BASIC] * 2 + [Level.ADVANCED] * by_level[Level.ADVANCED] + [Level.EXPERT] * by_level[Level.EXPERT]
    )
    assert events[-1].winners == ("ann", "bob") and events[-1].reason is EndReason.BOX_EMPTY


def test_a_tie_with_the_level_pool_used_up_draws_from_the_other_levels(classic, classic_deck):
    names = [f"p{i}" for i in range(9)]  # 16 cards: the whole Basic pool
    game = new_game(classic, classic_deck, names, seed=2, level=Level.BASIC)
    assert game.setup().spare_level == 0
    for _ in range(16):
        for name in names:
            events = game.pass_(name)
    assert events[-2] == TieBreak(tuple(names), from_other_levels=True, draw_level=Level.ADVANCED)
    assert game.current.level is Level.ADVANCED  # the next harder level, never an Expert card first
    game.claim("p3", right(game))
    for name in names:
        if name != "p3":
            events = game.pass_(name)
    assert events[-1] == Ended(("p3",), EndReason.TIE_BREAK, tuple((n, int(n == "p3")) for n in names))


def test_penalty_returns_a_card_to_the_box(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=6, penalty=True)
    game.claim("ann", right(game)), game.pass_("bob")
    game.claim("ann", wrong(game))
    events = game.pass_("bob")
    judged = next(e for e in events if isinstance(e, Judged))
    assert judged.penalised == ("ann",) and dict(game.scores())["ann"] == 0


def test_a_penalty_gives_back_the_last_card_won(classic, classic_deck):
    """RULES.md: a wrong claim gives back the card won last (the top of the player's pile), and it
    goes to the bottom of the box."""
    game = new_game(classic, classic_deck, seed=6, penalty=True, long_game=True)
    won = []
    for _ in range(3):  # ann takes three cards (four win the long game)
        won.append(game.current.id)
        game.claim("ann", right(game)), game.pass_("bob")
    game.claim("ann", wrong(game))
    judged = next(e for e in game.pass_("bob") if isinstance(e, Judged))
    assert judged.penalised == ("ann",) and judged.returned == (won[-1],)
    assert game.state.won[0] == tuple(won[:-1]) and game.state.box[-1] == won[-1]


def tie_at_one_all(game):
    """Play a 2-player game to a 1-1 tie when the deck runs out: ann takes card 1, bob card 2."""
    game.claim("ann", right(game)), game.pass_("bob")
    game.pass_("ann"), game.claim("bob", right(game))
    while game.state.tiebreak is None:
        game.pass_("ann"), game.pass_("bob")


def test_a_penalty_never_decides_a_tie_break(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=5, penalty=True)
    tie_at_one_all(game)
    assert game.state.tiebreak == ("ann", "bob") and dict(game.scores()) == {"ann": 1, "bob": 1}
    game.claim("ann", wrong(game))  # a wrong claim in the tie-break loses only the round
    judged = next(e for e in game.pass_("bob") if isinstance(e, Judged))
    assert judged.penalised == () and judged.returned == () and dict(game.scores()) == {"ann": 1, "bob": 1}
    assert game.state.wrong == (1, 0) and not game.over
    events = game.claim("ann", right(game)) + game.pass_("bob")
    assert events[-1] == Ended(("ann",), EndReason.TIE_BREAK, (("ann", 2), ("bob", 1)))


def test_a_penalised_card_is_named_and_drawn_only_after_every_unseen_card(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=6, level=Level.EXPERT, penalty=True)
    won = game.current.id
    game.claim("ann", right(game)), game.pass_("bob")
    game.claim("ann", wrong(game))
    judged = next(e for e in game.pass_("bob") if isinstance(e, Judged))
    assert judged.penalised == ("ann",) and judged.returned == (won,)
    assert "ann claimed a wrong Monument and gives " + won + " back" in " ".join(
        Narrator(classic_deck, "x").say(judged)
    )
    drawn = []
    while not game.over:
        drawn.append(game.current.id)
        game.pass_("ann"), game.pass_("bob")
    assert drawn[-1] == won and drawn.count(won) == 1  # seen by everyone: the last card of the box
    assert len(drawn) == len(classic_deck.search) - 1


def turn_over_next(game, avoid=()):
    """Table mode: the game master turns over a card the referee accepts (the first it would draw)."""
    candidates = sorted(game.state.box, key=game._tier)
    card = next(c for c in candidates if c not in avoid)
    game.turn_over(card)
    return card


def test_table_mode_names_the_card_to_give_back_and_takes_exactly_it_later(classic, classic_deck):
    game = Game.new(
        classic_deck, classic.rules, classic.grid, ["ann", "bob"], Level.BASIC, penalty=True, deck_mode=DeckMode.TABLE
    )
    game.start()
    won = turn_over_next(game)
    game.claim("ann", right(game)), game.pass_("bob")
    turn_over_next(game)
    game.claim("ann", wrong(game))
    judged = next(e for e in game.pass_("bob") if isinstance(e, Judged))
    assert judged.returned == (won,) and dict(game.scores()) == {"ann": 0, "bob": 0}
    with pytest.raises(ClaimError, match=f"{won} went back to the box after a penalty; turn over the top card"):
        game.turn_over(won)
    while game.state.tiebreak is None:
        turn_over_next(game, avoid=(won,))
        game.pass_("ann"), game.pass_("bob")
    assert game.showing().draw_level is Level.BASIC and game.showing().level_left == 4
    with pytest.raises(ClaimError, match=f"{won} was given back after a penalty, so everyone knows its answer; "
                       "draw the tie-break card from the 4 unused Basic cards first"):  # fmt: skip
        game.turn_over(won)
    expert = next(c.id for c in classic_deck.search if c.level is Level.EXPERT)
    with pytest.raises(
        ClaimError, match=f"{expert} is a card of the Expert level; draw the tie-break card from the 4 unused Basic"
    ):
        game.turn_over(expert)
    levels = []
    while len(game.state.box) > 1:
        levels.append(classic_deck.search_card(turn_over_next(game, avoid=(won,))).level)
        game.pass_("ann"), game.pass_("bob")
    assert levels == sorted(levels, key=list(Level).index) and game.showing().draw_level is None
    assert game.turn_over(won)[-1].card.id == won  # the card put back is accepted once nothing unseen is left


def test_undo_takes_back_one_input_even_the_one_that_completed_a_turn(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=3)
    with pytest.raises(NothingToUndo):
        game.undo()
    first = game.current
    game.claim("ann", right(game))
    game.undo()
    assert game.state.claims == ()
    game.claim("ann", right(game)), game.pass_("bob")
    assert game.current != first and dict(game.scores())["ann"] == 1
    events = game.undo()
    assert events[0] == Undone((Pass("bob"),)) and events[1].card == first and events[1].again
    assert game.current == first and game.waiting_for() == ("bob",) and dict(game.scores())["ann"] == 0


def test_one_claim_is_changed_or_dropped_without_touching_the_others(classic, classic_deck):
    game = new_game(classic, classic_deck, ("ann", "bob", "cy"), seed=3)
    game.claim("ann", wrong(game))
    game.pass_("bob")
    game.change("ann", right(game))
    assert game.state.claims == (("ann", game.current.answer), ("bob", None))
    with pytest.raises(AlreadyCovered):
        game.change("bob", right(game))
    game.change("bob", wrong(game, avoid=(right(game),)))
    game.drop("ann")
    assert game.waiting_for() == ("ann", "cy")
    with pytest.raises(ClaimError, match=r"^cy has no claim this turn to change$"):
        game.change("cy", game.table.monument_at("A1"))
    game.undo()
    assert game.waiting_for() == ("cy",)


def test_the_last_claim_of_the_game_can_be_undone(classic, classic_deck):
    game = new_game(classic, classic_deck, seed=8)
    for _turn in range(3):
        game.claim("ann", right(game)), game.pass_("bob")
    assert game.over
    game.undo()
    assert not game.over and game.waiting_for() == ("bob",) and dict(game.scores())["ann"] == 2


def test_names_match_by_unique_prefix_case_and_unicode_form(classic, classic_deck):
    """The terminal reads a name by its prefix (prompt.py); the referee takes only whole names."""
    game = new_game(classic, classic_deck, ("Ann", "abe", "stra\u00dfe", "Zo\u00eb"), seed=3)
    assert player_named("AN", game) == "Ann" and player_named("ab", game) == "abe"
    assert player_named("STRASSE", game) == "stra\u00dfe"
    assert player_named("zoe\u0308", game) == "Zo\u00eb"  # typed decomposed (NFD)
    with pytest.raises(UnknownPlayer, match="'a' could be Ann or abe; type more of the name"):
        player_named("a", game)
    assert monument_named("m7", game) == "M07" and monument_named("M007", game) == "M07"
    with pytest.raises(UnknownCard, match="'Q9' is neither a position \\(A1 to D4\\) nor a Monument \\(M01 to M16\\)"):
        monument_named("Q9", game)
    with pytest.raises(UnknownPlayer):
        game.claim("AN", game.current.answer)


def test_table_mode_takes_the_card_the_game_master_turned_over(classic, classic_deck):
    game = Game.new(classic_deck, classic.rules, classic.grid, ["ann", "bob"], Level.ADVANCED, deck_mode=DeckMode.TABLE)
    events = game.start()
    assert events[-1] == Awaiting(1, 12, None, game.level_left()) and game.current is None
    with pytest.raises(ClaimError, match="no card is in play; turn one over first"):
        game.pass_("ann")
    expert = next(c for c in classic_deck.search if c.red_count == 2)
    with pytest.raises(ClaimError, match=f"{expert.id} is a card of the Expert level; the Advanced deck holds"):
        game.turn_over(expert.id)
    basic = next(c for c in classic_deck.search if c.red_count == 0)
    notation = classic_deck.notation.search(basic.faces, basic.red)
    assert game.turn_over(card_named(notation.lower(), game))[-1].card == basic
    game.pass_("ann"), game.pass_("bob")
    with pytest.raises(ClaimError, match=f"{basic.id} was already turned over in this game"):
        game.turn_over(card_named(basic.id.lower(), game))
    assert game.cards_left == 11 - 0 and game.state.awaiting


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
        search = search_card(classic_deck, card.id)
        assert answer_of(classic_deck, search).id == card.answer
        by_notation = search_card(classic_deck, classic_deck.notation.search(card.faces, card.red))
        assert answer_of(classic_deck, by_notation).id == card.answer
        for monument in classic_deck.monuments:
            reasons = explain(classic_deck, search, monument_card(classic_deck, monument.id))
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
                game.claim(player, game.current.answer)
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
    assert len(re.findall(r"^Card \d+ of", result.output, re.M)) == points


def spread(turn, active, scores, points, tiebreak):
    """Share the cards round the table, never letting anyone reach the points."""
    if tiebreak:
        return active[-1]  # tie-break: the last tied player takes it
    player = active[turn % len(active)]
    return player if scores[player] < points - 1 else None


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("count", [2, 4, 7, 10])
@pytest.mark.parametrize("long_game", [False, True])
@pytest.mark.slow
def test_deck_running_out_ends_the_game(runner, tmp_path, classic, classic_deck, level, count, long_game):
    players = [f"p{i}" for i in range(count)]
    lines, _game = script(classic, classic_deck, players, level, long_game, 7, spread)
    result = run_cli(runner, tmp_path, players, level, long_game, 7, lines)
    assert result.exit_code == 0, result.output
    deck_size = min(classic.rules.deck_size_for(count, long_game), len(classic_deck.pool(level)))
    regular = re.findall(r"^Card \d+ of (\d+)", result.output, re.M)
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
        if shared:  # only when the deck and the tie-break used up the whole box
            assert deck_size + len(re.findall(r"^The tie-break card", result.output, re.M)) == len(classic_deck.search)
    else:
        assert "has the most cards" in result.output


def test_bad_lines_are_rejected_with_a_reason(runner, tmp_path):
    lines = ["zed A1", "ann Z9", "ann A1", "ann B1", "bob A1", "hello there friend", "quit"]
    result = run_cli(runner, tmp_path, ["ann", "bob"], Level.BASIC, False, 4, lines)
    rejected = re.findall(r"^rejected: (.*)$", result.output, re.M)
    assert rejected == [
        "no player called 'zed'; the players are ann and bob",
        "'Z9' is neither a position (A1 to D4) nor a Monument (M01 to M16)",
        "ann already has a hand on A1; hands do not move (type: change ann ...)",
        f"A1 ({re.search(r'ann covers A1 [(](M..)[)]', result.output).group(1)}) is already covered by ann",
        "cannot read 'hello there friend'; type help for the forms",
    ]
    assert "game saved; continue with: rushmore play --resume" in result.output


def test_play_needs_players(runner):
    result = runner.invoke(cli, ["play"])
    assert result.exit_code == 2 and "name the players" in result.output


def final_line(output):
    return [line for line in output.splitlines() if line.startswith("Game over")][-1]
