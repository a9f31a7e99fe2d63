"""``rushmore stats``: turns read back from logs (undone lines left out), medians per card, level,
red count and player, on the terminal and as an HTML page with SVG charts."""

import json
import re

from rushmore_print.cli.commands import cli
from rushmore_print.game.session import Options, Session
from rushmore_print.game.stats import stats_of, turns_of


def played(classic, classic_deck, seed=4):
    """A game with known times: the clock is set before each line."""
    now = [1000.0]
    session = Session.new(
        classic_deck, classic.rules, classic.grid, Options(("ann", "bob"), seed=seed), design_name=classic.name,
        hold=True, clock=lambda: now[0],
    )  # fmt: skip
    records = list(session.start().records)

    def line(text, at):
        now[0] = at
        records.extend(session.handle(text).records)

    def right():
        return session.game.table.position_of(session.game.current.answer)

    def wrong():
        return next(p for p, m in session.game.table.positions if m != session.game.current.answer)

    line("", 1010.0)  # card 1 shown at 1010
    first = session.game.current.id
    line(f"bob {wrong()}", 1011.0)
    line(f"ann {right()}", 1012.5)  # ann right after 2.5 s; bob wrong after 1 s
    line("", 1020.0)  # card 2
    second = session.game.current.id
    line(f"bob {right()}", 1024.0)
    line("undo", 1025.0)  # taken back: bob's claim is not counted
    line(f"ann {right()}", 1021.0 + 9)  # 10 s after the card
    line("bob pass", 1031.0)
    return records, first, second


def test_turns_follow_the_log_and_undo_takes_a_line_back(classic, classic_deck):
    records, first, second = played(classic, classic_deck)
    turns = turns_of(records)
    assert [(t.card, t.winner, t.right_ms, t.wrong) for t in turns] == [
        (first, "ann", 2500, ("bob",)),
        (second, "ann", 10000, ()),
    ]


def test_stats_per_card_level_red_count_and_player(classic, classic_deck):
    records, first, _ = played(classic, classic_deck)
    stats = stats_of([records, records])
    card = next(row for row in stats.cards if row.name == first)
    assert (card.turns, card.right, card.wrong, card.median_ms) == (2, 2, 2, 2500)
    assert [(r.name, r.turns) for r in stats.levels] == [("Basic", 4)]
    assert [(r.name, r.median_ms) for r in stats.reds] == [("0", 6250)]
    players = {row.name: row for row in stats.players}
    assert (players["ann"].right, players["ann"].median_ms) == (4, 6250)
    assert (players["bob"].turns, players["bob"].wrong, players["bob"].median_ms) == (2, 2, None)


def test_stats_command_prints_tables_and_writes_a_page(runner, tmp_path, classic, classic_deck):
    records, first, _ = played(classic, classic_deck)
    log = tmp_path / "g.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    page = tmp_path / "stats.html"
    result = runner.invoke(cli, ["stats", str(log), str(log), "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert re.search(rf"^{first}\s+2\s+2\s+2\s+2\.50 s$", result.output, re.M)
    assert re.search(r"^ann\s+4\s+4\s+0\s+6\.25 s$", result.output, re.M)
    html = page.read_text()
    assert html.count("<svg") == 4 and "http" not in html.replace("http://www.w3.org/2000/svg", "")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"event": "input"}\n')
    refused = runner.invoke(cli, ["stats", str(bad)])
    assert refused.exit_code == 1 and refused.stderr.startswith(f"error: {bad}:1: a game log starts with")
