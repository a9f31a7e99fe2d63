"""The game at the table: lines typed by a game master (prompt.py), the session's actions, the log,
resume (session.py, logformat.py, gamelog.py)."""

import json
import random
import re
from itertools import count as counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rushmore_print.cli.commands import cli
from rushmore_print.cli.prompt import MAX_LINE, take
from rushmore_print.errors import GameLogError, UnknownPlayer
from rushmore_print.game.actions import Claim
from rushmore_print.game.logformat import LOG_VERSION, parse_log
from rushmore_print.game.narrate import Narrator
from rushmore_print.game.referee import DeckMode, Ended, Judged, Revealed, Undone
from rushmore_print.game.session import (
    Finished,
    Options,
    Ready,
    Rejected,
    Session,
    Step,
    Summary,
)
from rushmore_print.model import Level


def ticking():
    """A clock that moves 2 s a call: timestamps differ, time played is known."""
    ticks = counter()
    return lambda: 1_800_000_000.0 + 2 * next(ticks)


def new_session(classic, classic_deck, players=("ann", "bob", "cy"), **kwargs):
    flags = {key: kwargs.pop(key) for key in ("hold",) if key in kwargs}
    session = Session.new(
        classic_deck,
        classic.rules,
        classic.grid,
        Options(tuple(players), **kwargs),
        design_name=classic.name,
        clock=ticking(),
        **flags,
    )
    return session, list(session.start().records)


def right(session):
    return session.game.table.position_of(session.game.current.answer)


def wrong(session, avoid=()):
    return next(p for p, m in session.game.table.positions if m != session.game.current.answer and p not in avoid)


def typed(session, line, quick=False):
    """What a line typed at the terminal gives (a question such as score: nothing)."""
    step = take(line, session, quick)
    return step if isinstance(step, Step) else Step()


def feed(session, line, records, quick=False):
    step = typed(session, line, quick)
    records += step.records
    return step


def told(session, step):
    """The terminal's words for a step: what the game master reads."""
    return Narrator(session.game.deck, "x", width=200, table=session.game.table).say_all(step.events)


# --------------------------------------------------------------------------- what the game master types


def test_prefixes_several_claims_and_the_rest_pass_on_one_line(classic, classic_deck):
    session, records = new_session(classic, classic_deck, ("ann", "bob", "cy"), seed=4)
    card = session.game.current
    step = feed(session, f"A {wrong(session).lower()}, b {right(session)} .", records)
    judged = next(e for e in step.events if isinstance(e, Judged))
    assert judged.card == card and judged.winner == "bob"
    assert next(r for r in records if r["event"] == "input")["actions"] == [
        ["claim", "ann", session.game.table.monument_at(wrong_position_for(session, card))],
        ["claim", "bob", card.answer],
        ["pass", "cy"],
    ]


def wrong_position_for(session, card):
    return next(p for p, m in session.game.table.positions if m != card.answer)


def test_a_bad_item_rejects_the_whole_line_and_changes_nothing(classic, classic_deck):
    session, records = new_session(classic, classic_deck, seed=4)
    before = session.game.state
    step = feed(session, "ann A1, zed pass", records)
    assert isinstance(step.events[0], Rejected) and isinstance(step.events[0].error, UnknownPlayer)
    assert step.events[0].reason == "no player called 'zed'; the players are ann, bob and cy"
    assert session.game.state == before and records[-1]["event"] == "rejected"
    assert records[-1]["line"] == "ann A1, zed pass"
    step = feed(session, f"ann {right(session)}, bob pass, cy pass, ann A1", records)
    assert "the turn was judged before 'ann A1'; type that again" in told(session, step)[0]
    assert session.game.state == before


def test_quick_mode_takes_a_five_player_turn_in_at_most_six_keys(classic, classic_deck):
    players = ("ann", "bob", "cy", "dee", "eve")
    session, records = new_session(classic, classic_deck, players, seed=6, hold=True)
    assert isinstance(session.start, object) and session.held is not None
    keys_per_turn = []
    winners = ["c", "-", "e", "a", "c", "-", "c"]
    for winner in winners:
        if session.game.over:
            break
        typed = ["", winner]  # Enter shows the card; then who was right
        for line in typed:
            step = feed(session, line, records, quick=True)
        keys_per_turn.append(sum(len(line) + 1 for line in typed))
    assert max(keys_per_turn) <= 6
    assert session.game.over and session.game.state.winners == ("cy",)
    assert dict(session.game.scores()) == {"ann": 1, "bob": 0, "cy": 3, "dee": 0, "eve": 1}
    assert isinstance(step.events[-1], Summary) and step.events[-1].turns == 7


def test_a_held_card_is_shown_only_on_enter(classic, classic_deck):
    session, records = new_session(classic, classic_deck, ("ann", "bob"), seed=6, hold=True)
    step = feed(session, "ann A1", records)
    assert isinstance(step.events[0], Rejected) and step.events[0].reason == "card 1 is not shown yet"
    assert told(session, step) == ["rejected: card 1 is not shown yet: press Enter to reveal it"]
    step = feed(session, "", records)
    assert isinstance(step.events[0], Revealed) and session.held is None
    step = feed(session, f"a {right(session)}, b pass", records)
    assert isinstance(step.events[-1], Ready) and step.events[-1].number == 2


def test_change_and_drop_one_claim_mid_turn(classic, classic_deck):
    session, records = new_session(classic, classic_deck, ("ann", "bob", "cy"), seed=8)
    feed(session, f"ann {wrong(session)}, bob pass", records)
    feed(session, f"change ann {right(session)}", records)
    feed(session, "drop bob", records)
    assert session.game.state.claims == (("ann", session.game.current.answer),)
    step = feed(session, "b pass, c pass", records)
    assert next(e for e in step.events if isinstance(e, Judged)).winner == "ann"


def test_undo_takes_back_the_last_line_even_after_the_game_ended(classic, classic_deck):
    session, records = new_session(classic, classic_deck, ("ann", "bob"), seed=8)
    for _ in range(3):
        step = feed(session, f"a {right(session)}, b pass", records)
    assert isinstance(step.events[-2], Ended) and session.game.over
    refused = feed(session, "ann A1", records)
    assert refused.events[0].reason == "the game is over"
    assert told(session, refused) == [
        "rejected: the game is over: type undo to take back the last entry, or press Enter to leave"
    ]
    step = feed(session, "undo", records)
    assert not session.game.over and session.game.state.claims == () and dict(session.game.scores())["ann"] == 2
    step = feed(session, f"b {right(session)}, a pass", records)
    assert not session.game.over and dict(session.game.scores()) == {"ann": 2, "bob": 1}
    undone = feed(session, "undo", records)
    assert isinstance(undone.events[0], Undone) and undone.events[0].moves[0].player == "bob"
    assert told(session, undone)[0] == f"undone: 'bob {right(session)}, ann pass'"
    for _ in range(1):
        step = feed(session, f"a {right(session)}, b pass", records)
    assert session.game.over
    assert feed(session, "", records).events == (Finished(),)


def test_a_huge_line_is_refused_not_read(classic, classic_deck):
    session, records = new_session(classic, classic_deck, seed=8)
    step = feed(session, "ann " + "A1" * MAX_LINE, records)
    assert "more than 500 characters" in step.events[0].reason and len(records[-1]["line"]) < 50
    assert session.game.state.claims == ()


def test_table_mode_game_with_cards_typed_by_id_and_notation(classic, classic_deck):
    session, records = new_session(classic, classic_deck, ("ann", "bob"), seed=3, deck_mode=DeckMode.TABLE)
    notation = classic_deck.notation
    pool = list(classic_deck.pool(Level.BASIC))
    for index in range(3):
        card = pool[index]
        typed = card.id if index % 2 else notation.search(card.faces, card.red).lower()
        step = feed(session, typed, records)
        assert step.events[0].card == card
        feed(session, f"a {right(session)}, b pass", records)
    assert session.game.over and session.game.state.winners == ("ann",)
    assert [r["card"] for r in records if r["event"] == "revealed"] == [c.id for c in pool[:3]]


# --------------------------------------------------------------------------- the log and resume


def typical_lines(classic, classic_deck, level, seed):
    """A whole game's lines with most kinds of input: prefixes, several claims, ., a change, a drop,
    a rejected line, undo."""
    probe, _ = new_session(classic, classic_deck, level=level, seed=seed)
    lines = []
    turn = 0
    while not probe.game.over:
        answer, miss = right(probe), wrong(probe)
        winner = ("ann", "bob", "cy")[turn % 3] if turn % 4 != 3 else None
        if turn == 1:
            batch = [f"ann {miss}", "zed A1", f"change ann {answer}", "drop ann", "undo", "b pass, c pass"]
        elif winner:
            batch = [f"{winner[0]} {answer} ."]
        else:
            batch = ["."]
        for line in batch:
            typed(probe, line)
        lines += batch
        turn += 1
    return lines


@pytest.mark.parametrize("level, seed", [(Level.EXPERT, 21), (Level.ADVANCED, 5)])
def test_resume_at_every_cut_of_the_log_continues_the_same_game(classic, classic_deck, level, seed):
    """Cut the log after every record (as a crash would), resume, type the lines not yet saved:
    the same state at the cut and the same game at the end. Against the session, not the CLI."""
    lines = typical_lines(classic, classic_deck, level, seed)
    straight, records = new_session(classic, classic_deck, level=level, seed=seed)
    start_state, saved_before = straight.game.state, [len(records)]
    states = []
    for line in lines:
        feed(straight, line, records)
        saved_before.append(len(records))
        states.append(straight.game.state)
    assert straight.game.over and len(records) > 25
    numbered = list(enumerate(records, start=1))
    for cut in range(1, len(records) + 1):
        typed = sum(1 for before in saved_before[:-1] if cut > before)  # lines whose first record was kept
        resumed = Session.resume(
            classic_deck, classic.rules, classic.grid, numbered[:cut], design_name=classic.name, clock=ticking()
        )
        assert resumed.game.state == (states[typed - 1] if typed else start_state), cut
        for line in lines[typed:]:
            take(line, resumed)
        assert resumed.game.state == straight.game.state, cut


def test_every_record_has_a_timestamp_and_the_start_names_the_deal(classic, classic_deck):
    session, records = new_session(classic, classic_deck, seed=2)
    feed(session, "a A1, b pass, c pass", records)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", r["at"]) for r in records)
    start = records[0]
    assert (
        start["version"] == LOG_VERSION == 5
        and len(start["table"]) == 16
        and len(start["deal"]) == len(classic_deck.search)
    )
    assert start["deal"][0].split()[0] == records[1]["card"]


def test_resume_refuses_a_log_that_another_seed_deals(classic, classic_deck):
    session, records = new_session(classic, classic_deck, ("ann", "bob"), seed=1)
    feed(session, "a pass, b pass", records)
    records[0]["seed"] = 2
    with pytest.raises(GameLogError, match=r"the logged game has M\d\d at A1; this design and seed put M\d\d there"):
        Session.resume(classic_deck, classic.rules, classic.grid, list(enumerate(records, 1)), design_name=classic.name)
    records[0]["seed"] = 1
    deal = records[0]["deal"]
    deal[1], deal[2] = deal[2], deal[1]
    with pytest.raises(GameLogError, match=rf"card 2 of the logged game's box is {deal[1]}; this design and seed give"):
        Session.resume(classic_deck, classic.rules, classic.grid, list(enumerate(records, 1)), design_name=classic.name)


def test_parse_log_keeps_whole_lines_and_hands_back_a_cut_one(classic, classic_deck):
    _, records = new_session(classic, classic_deck, seed=1)
    start = json.dumps(records[0])
    records, cut = parse_log(start + '\n{"event": "input", "line": "bob pass", "act')
    assert [r for _, r in records] == [json.loads(start)] and cut.startswith('{"event": "input"')
    with pytest.raises(GameLogError, match=r"^2: not a JSON line; the log is damaged"):
        parse_log(start + '\n{"eve\n{"event": "undo"}\n')
    # a file that is no log at all (a design given by mistake) is not called a damaged log
    with pytest.raises(GameLogError, match=r"^1: not a JSON line: not a game log \(a game log, as `rushmore play"):
        parse_log("name: Mount Rushmore\nheads: 4\n")


def run(runner, args, lines=()):
    return runner.invoke(cli, ["play", *args], input="".join(f"{line}\n" for line in lines))


def test_the_double_crash_repro_resumes_twice_and_finishes(runner, tmp_path):
    log = tmp_path / "g.jsonl"
    first = run(
        runner, ["--players", "ann,bob", "--seed", "1", "--log", str(log)], ["ann pass", "bob pass", "ann pass"]
    )
    assert first.exit_code == 1 and "input ended before the game did" in first.stderr
    log.write_bytes(log.read_bytes()[:-5])  # a crash while the last line was written
    second = run(runner, ["--resume", str(log)], ["bob pass"])
    assert "the last entry was not saved; enter it again" in second.output
    assert second.exit_code == 1 and log.read_text().endswith("}\n")
    third = run(runner, ["--resume", str(log)], [])
    assert third.exit_code == 1 and "resumed the game" in third.output and "note:" not in third.output
    finish = ["ann pass"] + ["ann pass", "bob pass"] * 40
    fourth = run(runner, ["--resume", str(log)], finish)
    assert fourth.exit_code == 0 and "Game over" in fourth.output
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["event"] for r in records].count("ended") == 1


def test_resume_refuses_options_that_conflict_with_the_log(runner, tmp_path):
    log = tmp_path / "g.jsonl"
    run(runner, ["--players", "ann,bob", "--seed", "1", "--log", str(log)], ["quit"])
    clash = run(runner, ["--resume", str(log), "--level", "expert", "--long", "--seed", "1"], ["quit"])
    assert clash.exit_code == 2
    assert "cannot change: level expert (the logged game has basic); long game True (the logged game has False)" in (
        clash.output
    )
    same = run(runner, ["--resume", str(log), "--seed", "1", "--players", "ANN,bob"], ["quit"])
    assert same.exit_code == 0, same.output


def test_resume_with_a_changed_seed_in_the_log_is_refused(runner, tmp_path):
    log = tmp_path / "g.jsonl"
    run(runner, ["--players", "ann,bob", "--seed", "1", "--log", str(log)], ["ann pass", "quit"])
    lines = log.read_text().splitlines()
    start = json.loads(lines[0])
    start["seed"] = 7
    log.write_text("\n".join([json.dumps(start), *lines[1:]]) + "\n")
    result = run(runner, ["--resume", str(log)], ["quit"])
    assert result.exit_code == 1 and "so it is not the same game" in result.stderr


def test_default_log_names_never_collide(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for _ in range(3):
        assert run(runner, ["--players", "ann,bob", "--seed", "5"], ["quit"]).exit_code == 0
    assert len(list((tmp_path / "output" / "games").glob("*-5*.jsonl"))) == 3


def test_an_overlong_piped_line_is_refused_and_the_game_goes_on(runner, tmp_path):
    lines = ["ann " + "x" * 3_000_000, "quit"]
    result = run(runner, ["--players", "ann,bob", "--seed", "1", "--log", str(tmp_path / "g.jsonl")], lines)
    assert result.exit_code == 0 and "rejected: a line of more than 500 characters is not read" in result.output


@pytest.mark.parametrize("players", [2, 5, 10])
def test_whole_games_in_table_and_quick_mode_on_stdin(runner, tmp_path, classic, classic_deck, players):
    names = [f"p{i}" for i in range(players)]
    order = run(runner, ["--players", ",".join(names), "--seed", "9", "--deck", "table", "--print-order"])
    assert order.exit_code == 0 and "Then play: rushmore play --players" in order.output
    stack = re.findall(r"\d+\. (S\d\d)", order.output)
    assert len(stack) == min(classic.rules.deck_size_for(players, False), len(classic_deck.pool(Level.BASIC)))
    lines = []
    for index, card in enumerate(stack[:3]):
        lines += [card, names[1][:2] if index < 3 else "-"]
    args = [
        "--players",
        ",".join(names),
        "--seed",
        "9",
        "--deck",
        "table",
        "--quick",
        "--log",
        str(tmp_path / "t.jsonl"),
    ]
    result = run(runner, args, lines)
    assert result.exit_code == 0, result.output
    assert "Game over: p1 wins (p1 reached 3 points)." in result.output
    assert result.output.count("Turn over card") == 3


def test_countdown_before_each_card(runner, tmp_path, monkeypatch):
    monkeypatch.setattr("time.sleep", lambda seconds: None)
    args = ["--players", "ann,bob", "--seed", "1", "--countdown", "--log", str(tmp_path / "g.jsonl")]
    result = run(runner, args, ["a pass, b pass", "quit"])
    assert result.output.count("3... 2... 1...") == 2


def test_summary_at_the_end(runner, tmp_path, classic, classic_deck):
    session, _ = new_session(classic, classic_deck, ("ann", "bob"), seed=8)
    lines = [f"a {wrong(session)}, b pass"]
    typed(session, lines[-1])
    for _ in range(3):
        lines.append(f"a {right(session)}, b pass")
        typed(session, lines[-1])
    result = run(runner, ["--players", "ann,bob", "--seed", "8", "--log", str(tmp_path / "g.jsonl")], lines)
    assert result.exit_code == 0, result.output
    table = r"Final score:\n  player +cards  wrong claims\n  ann +3 +1\n  bob +0 +0\n4 turns in \d+ s of play."
    assert re.search(table, result.output)


# --------------------------------------------------------------------------- the screen


def test_ten_players_fit_an_80_column_screen(classic, classic_deck):
    names = ("alexander", "bernadette", "christopher", "dominique", "evangeline",
             "fitzgerald", "gwendolyn", "harrison", "isabella", "jonathan")  # fmt: skip
    session, _ = new_session(classic, classic_deck, names, seed=3)
    narrator = Narrator(classic_deck, classic.name, width=80)
    feed(session, "al A1, b A2, c A3", [])
    assert len(narrator.status(session)) <= 80
    turn = narrator.say_all(typed(session, ", ".join(f"{n[:3]} pass" for n in names[3:])).events)
    assert all(len(line) <= 80 for line in turn)
    assert len(turn) + 1 <= 24  # the whole turn and the prompt on one screen


def test_the_big_card_points_each_arrow_the_way_its_head_faces(classic, classic_deck):
    narrator = Narrator(classic_deck, classic.name, width=80, unicode=False)
    card = next(c for c in classic_deck.search if c.red == (False, True, False, False))
    rows = narrator.banner(card)
    for index, face in enumerate(card.faces):
        wing = rows[0][2 + index * 19 : 2 + (index + 1) * 19]  # the arrow head's top barb
        column = len(wing) - len(wing.lstrip())
        assert (column < 9) == (face == 0), (index, face, wing)
    assert rows[6].split() == ["RED"] and "%" in rows[2][21:40] and "%" not in rows[2][:21]
    assert max(len(row) for row in rows) <= 80


# --------------------------------------------------------------------------- hostile input


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.text(alphabet=" ,.-abcdABCD1234MSmpassundochgrlqt*\t\u00e9", max_size=30), max_size=25))
@pytest.mark.slow
def test_any_typed_lines_are_judged_or_refused_never_a_crash(classic, classic_deck, lines):
    session, records = new_session(classic, classic_deck, ("ann", "abe", "bob"), seed=5, hold=True)
    for line in lines:
        step = feed(session, line, records, quick=True)
        assert all(not isinstance(e, Exception) for e in step.events)
    game = session.game
    assert sum(score for _, score in game.scores()) + game.state.turns >= 0
    assert len({m for _, m in game.state.claims if m}) == len([m for _, m in game.state.claims if m])
    numbered = list(enumerate(json.loads(json.dumps(records)), start=1))
    resumed = Session.resume(classic_deck, classic.rules, classic.grid, numbered, design_name=classic.name)
    assert resumed.game.state == game.state


def test_two_hundred_damaged_logs_are_refused_with_a_line_number(classic, classic_deck):
    session, records = new_session(classic, classic_deck, ("ann", "bob"), seed=5)
    for turn in range(4):
        feed(session, f"a {wrong(session)}, b {right(session) if turn % 2 else 'pass'}", records)
    rng = random.Random(1)
    junk = [None, 7, -1, "", "zz", [], {}, ["claim"], [["claim", 5, None]], [["card", "S99"]], "M99", True, 1e308]
    outcomes = {"refused": 0, "same game": 0, "other game": 0}
    for _ in range(200):
        mutated = json.loads(json.dumps(records))
        record = rng.choice(mutated)
        key = rng.choice(sorted(record))
        if rng.random() < 0.2:
            del record[key]
        else:
            record[key] = rng.choice(junk)
        try:
            resumed = Session.resume(
                classic_deck, classic.rules, classic.grid, list(enumerate(mutated, 1)), design_name=classic.name
            )
        except GameLogError as exc:
            assert exc.line is not None and re.match(rf"{exc.line}: ", str(exc)), exc
            outcomes["refused"] += 1
            continue
        outcomes["same game" if resumed.game.state == session.game.state else "other game"] += 1
    assert outcomes["refused"] > 150 and outcomes["other game"] == 0, outcomes


# --------------------------------------------------------------------------- hostile input and logs (issue 20)


def played(runner, tmp_path, classic, classic_deck, *flags, lines=None):
    """A game log of ann and bob, seed 4: ann right, then ann wrong and bob right, then quit."""
    session, _ = new_session(classic, classic_deck, ("ann", "bob"), seed=4, penalty="--penalty" in flags)
    if lines is None:
        lines = [f"a {right(session)}, b pass"]
        typed(session, lines[-1])
        lines.append(f"a {wrong(session)}, b {right(session)}")
        typed(session, lines[-1])
    log = tmp_path / "g.jsonl"
    result = run(runner, ["--players", "ann,bob", "--seed", "4", "--log", str(log), *flags], [*lines, "quit"])
    assert result.exit_code == 0, result.output
    return log, [json.loads(line) for line in log.read_text().splitlines()]


def write_log(log, records):
    log.write_text("".join(json.dumps(record) + "\n" for record in records))


def resumed(runner, log, lines=("quit",)):
    result = run(runner, ["--resume", str(log)], lines)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_bytes_that_are_not_utf8_on_stdin_are_refused_and_the_game_goes_on(runner, tmp_path):
    log = tmp_path / "g.jsonl"
    args = ["play", "--players", "ann,bob", "--seed", "1", "--log", str(log)]
    result = runner.invoke(cli, args, input=b"ann \xff pass\n\xe9\nann pass, bob pass\nquit\n")
    assert result.exit_code == 0, result.output
    assert "rejected: byte 5 (0xff) is not UTF-8; type the line again" in result.output
    assert "rejected: byte 1 (0xe9) is not UTF-8; type the line again" in result.output
    records = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert [r["line"] for r in records if r["event"] == "rejected"] == ["ann \\xff pass", "\\xe9"]
    assert [r["event"] for r in records].count("judged") == 1  # the next line was judged
    assert resumed(runner, log).exit_code == 0


class FullDisk:
    """os.write that writes ``room`` bytes in all, then fails as a full disk does (a short write first)."""

    def __init__(self, room):
        import os

        self.room, self.write = room, os.write

    def __call__(self, fd, data):
        import errno

        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        written = self.write(fd, bytes(data[: self.room]))
        self.room -= written
        return written


def test_a_full_disk_under_the_log_is_a_sentence_and_the_game_so_far_resumes(runner, tmp_path, monkeypatch):
    lines = ["ann pass, bob pass"] * 3
    straight = tmp_path / "straight.jsonl"
    run(runner, ["--players", "ann,bob", "--seed", "1", "--log", str(straight)], [*lines, "quit"])
    saved = straight.read_bytes()
    room = saved.index(b'"judged"', saved.index(b'"judged"') + 1) + 10  # full during the second verdict
    log = tmp_path / "g.jsonl"
    monkeypatch.setattr("rushmore_print.writers.gamelog.os.write", FullDisk(room))
    result = run(runner, ["--players", "ann,bob", "--seed", "1", "--log", str(log)], [*lines, "quit"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.stderr == (
        f"error: {log}: cannot write the game log (no space left on device); the game so far is saved in it: "
        f"make room, then continue with: rushmore play --resume {log}\n"
    )
    cut = log.read_bytes()
    assert len(cut) == room and cut.count(b"\n") == saved[:room].count(b"\n") and not cut.endswith(b"\n")
    monkeypatch.undo()
    again = resumed(runner, log, [lines[-1], "quit"])
    assert again.exit_code == 0, again.output
    note = "note: the log's last line was cut short by a crash: an unfinished 'judged' record is dropped"
    assert note in again.output
    events = [json.loads(line)["event"] for line in log.read_text().splitlines()]
    # the cut verdict is the replay's to give, and the resume writes it back: the log is whole again
    assert events.count("input") == 3 and events.count("judged") == 3 and events.count("revealed") == 4
    assert resumed(runner, log).exit_code == 0 and "note:" not in resumed(runner, log).output
    first = tmp_path / "first.jsonl"
    monkeypatch.setattr("rushmore_print.writers.gamelog.os.write", FullDisk(0))
    result = run(runner, ["--players", "ann,bob", "--seed", "1", "--log", str(first)], ["quit"])
    assert result.exit_code == 1 and "nothing of the game was saved: make room and start it again" in result.stderr


def test_the_seed_is_bounded_and_said_so_in_a_short_line(runner, tmp_path):
    long = "9" * 300
    result = run(runner, ["--players", "ann,bob", "--seed", long, "--log", str(tmp_path / "g.jsonl")], ["quit"])
    assert result.exit_code == 2 and long not in result.output
    assert (
        f"Invalid value for '--seed': '{'9' * 60}…' (300 characters): expected a whole number from 0 to "
        "9223372036854775807 (2^63-1)"
    ) in result.output
    assert run(runner, ["--players", "ann,bob", "--seed", "-1"], ["quit"]).exit_code == 2
    top = run(runner, ["--players", "ann,bob", "--seed", str(2**63 - 1), "--log", str(tmp_path / "t.jsonl")], ["quit"])
    assert top.exit_code == 0 and json.loads((tmp_path / "t.jsonl").read_text().splitlines()[0])["seed"] == 2**63 - 1


def in_start(old, new):
    return lambda lines: lines.__setitem__(0, lines[0].replace(old, new))


DEEP = "[" * 200_000 + "]" * 200_000
BIG = str(10**300)
CRAFTED = {
    "200000-deep": (lambda lines: lines.insert(1, DEEP), "2: nested more than 4 levels deep; the log is damaged"),
    "5 deep": (
        lambda lines: lines.__setitem__(1, lines[1][:-1] + ', "x": [[[["deep"]]]]}'),
        "2: nested more than 4 levels deep; the log is damaged",
    ),
    "Infinity": (
        in_start('"seed": 4', '"seed": Infinity'),
        "1: Infinity is not a value a game log or manifest holds; the log is damaged",
    ),
    "1e999": (
        in_start('"seed": 4', '"seed": 1e999'),
        "1: '1e999' is not a number a game log or manifest holds; the log is damaged",
    ),
    "seed twice": (  # json.loads alone would take the last one: a game dealt from another seed
        in_start('"seed": 4', '"seed": 4, "seed": 5'),
        "1: the key 'seed' is given twice in one object; the log is damaged",
    ),
    "300-digit seed": (
        in_start('"seed": 4', f'"seed": {BIG}'),
        f"1: seed: expected a whole number from 0 to 9223372036854775807, got {BIG[:60]}… (301 characters)",
    ),
    "design 5": (in_start('"design": null', '"design": 5'), "1: design: expected text"),
    "newer": (
        in_start('"version": 5', '"version": 6'),
        "1: version: written by a newer rushmore-print (format 6); this one reads up to 5",
    ),
    "older": (
        in_start('"version": 5', '"version": 2'),
        "1: version: written by an older rushmore-print (format 2); this one reads formats 3 to 5: "
        "finish the game with the version that began it",
    ),
    "time": (
        lambda lines: lines.__setitem__(2, lines[2].replace('"at": "', '"at": "x')),
        "3: at: expected a time such as 2026-11-29T14:00:00.000+00:00, got 'x",
    ),
    "unknown event": (
        lambda lines: lines.insert(1, '{"event": "jump", "at": "2026-11-29T14:00:00+00:00"}'),
        "2: event: 'jump' is not an event of a game log (start, input, undo, rejected, revealed, judged, ended)",
    ),
}


@pytest.mark.parametrize("case", CRAFTED)
def test_a_crafted_log_is_refused_by_line_and_key(runner, tmp_path, classic, classic_deck, case):
    edit, message = CRAFTED[case]
    log, _ = played(runner, tmp_path, classic, classic_deck)
    lines = log.read_text().splitlines()
    edit(lines)
    log.write_text("\n".join(lines) + "\n")
    result = resumed(runner, log)
    assert result.exit_code == 1 and result.stderr.startswith(f"error: {log}:{message}"), result.stderr
    assert len(result.stderr) < 400


def test_a_hand_edited_log_is_refused_naming_the_line_that_disagrees(runner, tmp_path, classic, classic_deck):
    log, records = played(runner, tmp_path, classic, classic_deck, "--penalty")
    judged = [number for number, r in enumerate(records, 1) if r["event"] == "judged"]
    assert records[judged[1] - 1]["penalised"] == ["ann"]  # ann's wrong claim cost her the card she won

    claim = json.loads(json.dumps(records))  # the first claim, recorded as a pass
    claim[judged[0] - 2]["actions"][0] = ["pass", "ann"]
    write_log(log, claim)
    assert resumed(runner, log).stderr == (
        f"error: {log}:{judged[0]}: the log records {records[judged[0] - 1]['card']} won by ann (score ann 1, bob 0), "
        f"but replaying its lines gives {records[judged[0] - 1]['card']} won by nobody (score ann 0, bob 0): "
        "the log has been edited, so it is not resumed\n"
    )

    flipped = json.loads(json.dumps(records))
    flipped[0]["penalty"] = False
    write_log(log, flipped)
    assert resumed(runner, log).stderr == (
        f"error: {log}:1: the game's options have been edited since it began, so it is not resumed\n"
    )
    del flipped[0]["sum"]  # a log without its sum: the verdicts still tell
    write_log(log, flipped)
    given_back = records[judged[1] - 1]["returned"]
    assert given_back == [records[judged[0] - 1]["card"]]  # the card ann won is the one she gives back
    assert resumed(runner, log).stderr.startswith(
        f"error: {log}:{judged[1]}: the log records {records[judged[1] - 1]['card']} won by bob, "
        f"back to the box: {given_back[0]} from ann (score ann 0, bob 1), but replaying its lines gives "
    )

    forged = [*records, dict(records[judged[1] - 1], scores={"ann": 5, "bob": 1})]
    write_log(log, forged)
    assert resumed(runner, log).stderr == (  # the log's one reader refuses it before any replay, as stats does
        f"error: {log}:{len(forged)}: a verdict on {records[judged[1] - 1]['card']}, which is not the card in play: "
        "the log has been edited (lines copied or moved), so its numbers would be wrong\n"
    )
    recounted = json.loads(json.dumps(records))  # the last verdict, rescored
    recounted[judged[1] - 1]["scores"] = {"ann": 5, "bob": 1}
    write_log(log, recounted)
    assert resumed(runner, log).stderr.startswith(
        f"error: {log}:{judged[1]}: the log records {records[judged[1] - 1]['card']} won by bob, back to "
        f"the box: {given_back[0]} from ann (score ann 5, bob 1), but replaying its lines gives "
    )
    write_log(log, records)
    assert resumed(runner, log).exit_code == 0


def test_the_design_a_log_names_is_read_as_a_design_and_never_shown(runner, tmp_path, classic, classic_deck):
    log, records = played(runner, tmp_path, classic, classic_deck)
    secret = tmp_path / "secret.txt"
    secret.write_text("password: hunter2\nroot:x:0:0:root:/root:/bin/bash\n")
    for design, why in [
        ("/dev/zero", "is a device, not a design file"),
        (str(tmp_path), "is a folder, not a design file"),
        (str(tmp_path / "gone.yaml"), "no such design file"),
        (str(secret), f"not a valid design (rushmore validate {secret} says why)"),
    ]:
        write_log(log, [dict(records[0], design=design), *records[1:]])
        result = resumed(runner, log)
        assert result.stderr == (
            f"error: {log}:1: design: {design}: {why}; give the game's design: rushmore play DESIGN --resume {log}\n"
        )
        assert "hunter2" not in result.output and "root:" not in result.output
    write_log(log, [dict(records[0], design="a\x00b"), *records[1:]])
    assert resumed(runner, log).stderr == f"error: {log}:1: design: expected the path of the design file\n"


def test_each_line_records_the_time_from_the_card_shown(classic, classic_deck):
    """Reaction times count from the moment the card is shown: the held card's Enter, not its draw."""
    now = [100.0]
    session = Session.new(
        classic_deck, classic.rules, classic.grid, Options(("ann", "bob")), design_name=classic.name,
        hold=True, clock=lambda: now[0],
    )  # fmt: skip
    session.start()
    now[0] = 130.0
    typed(session, "")  # Enter: the card is shown at 130 s
    now[0] = 131.25
    record = typed(session, f"ann {right(session)}").records[0]
    assert record["event"] == "input" and record["ms"] == 1250
    now[0] = 135.5
    assert typed(session, "bob pass").records[0]["ms"] == 5500
    now[0] = 136.0
    assert typed(session, "ann pass").records[0]["reason"].startswith("card 2 is not shown yet")
    now[0] = 140.0
    typed(session, "")
    now[0] = 140.4
    assert typed(session, "bob pass").records[0]["ms"] == 400
    now[0] = 141.0  # a stamped claim (the browser's tap time) counts from the tap, not its arrival
    assert session.apply(Claim("ann", session.game.current.answer, stamp=140.9)).records[0]["ms"] == 900


def test_a_log_cut_inside_its_first_record_says_so(runner, tmp_path):
    """A crash while the start record was written: nothing of the game was saved, and the error
    says that, not that a log starts with a start event."""
    log = tmp_path / "g.jsonl"
    run(runner, ["--players", "ann,bob", "--seed", "1", "--log", str(log)], ["quit"])
    first = log.read_text().splitlines()[0]
    for cut in (20, len(first) // 2, len(first) - 1):
        log.write_text(first[:cut])
        for args in (["play", "--resume", str(log)], ["stats", str(log)]):
            result = runner.invoke(cli, args)
            assert result.exit_code == 1 and result.stderr == (
                f"error: {log}:1: the log's first record (the start of the game) was cut short by a crash, "
                "so nothing of the game was saved: start it again\n"
            ), (cut, args, result.stderr)
