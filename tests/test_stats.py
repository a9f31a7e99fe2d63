"""``rushmore stats``: turns read back from logs (undone lines left out), medians per card, level,
red count and player, on the terminal and as an HTML page with SVG charts."""

import json
import re

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.cli.prompt import take
from rushmore_print.game.session import Options, Session
from rushmore_print.game.stats import stats_of, turns_of

from .test_referee_language import english_left
from .test_table_browser import ARGS as CHROMIUM_ARGS
from .test_table_browser import CHROMIUM


def played(classic, classic_deck, seed=4, language="en"):
    """A game with known times: the clock is set before each line."""
    now = [1000.0]
    session = Session.new(
        classic_deck, classic.rules, classic.grid, Options(("ann", "bob"), seed=seed), design_name=classic.name,
        hold=True, clock=lambda: now[0], language=language,
    )  # fmt: skip
    records = list(session.start().records)

    def line(text, at):
        now[0] = at
        records.extend(take(text, session).records)

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
    assert [(r.name, r.turns) for r in stats.levels] == [("basic", 4)]  # said as "Basic" in English
    assert [(r.name, r.median_ms) for r in stats.reds] == [("0", 6250)]
    players = {row.name: row for row in stats.players}
    assert (players["ann"].right, players["ann"].median_ms) == (4, 6250)
    assert (players["bob"].turns, players["bob"].wrong, players["bob"].median_ms) == (2, 2, None)


def test_stats_command_prints_tables_and_writes_a_page(runner, tmp_path, classic, classic_deck):
    records, first, _ = played(classic, classic_deck)
    log = tmp_path / "g.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    page = tmp_path / "stats.html"
    result = runner.invoke(cli, ["stats", str(log), "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert re.search(rf"^{first}\s+1\s+1\s+1\s+2\.50 s$", result.output, re.M)
    assert re.search(r"^ann\s+2\s+2\s+0\s+6\.25 s$", result.output, re.M)
    html = page.read_text()
    assert html.count("<svg") == 4 and "http" not in html.replace("http://www.w3.org/2000/svg", "")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"event": "input"}\n')
    refused = runner.invoke(cli, ["stats", str(bad)])
    assert refused.exit_code == 1 and refused.stderr.startswith(f"error: {bad}:1: a game log starts with")


def test_a_game_given_twice_or_copied_is_counted_once(runner, tmp_path, classic, classic_deck):
    """``rushmore stats *.jsonl backup/*.jsonl`` would count each game twice: a log given again,
    or a copy of it (the same start record), is counted once, with a note naming it; the fuller
    of two copies is the one read (one copied before the game went on)."""
    records, _, _ = played(classic, classic_deck)
    log, copy, early = tmp_path / "g.jsonl", tmp_path / "copy.jsonl", tmp_path / "early.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    copy.write_bytes(log.read_bytes())
    early.write_text("".join(json.dumps(r) + "\n" for r in records[:3]))
    other, _, _ = played(classic, classic_deck, seed=9)
    (tmp_path / "other.jsonl").write_text("".join(json.dumps(r) + "\n" for r in other))
    result = runner.invoke(cli, ["stats", str(early), str(log), str(log), str(copy), str(tmp_path / "other.jsonl")])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"note: {early} holds the same game as {log}; the game is counted once",
        f"note: {log} is given twice; the game is counted once",
        f"note: {copy} holds the same game as {log}; the game is counted once",
    ]
    assert result.stdout.startswith("2 games\n")
    alone = runner.invoke(cli, ["stats", str(log)]).stdout
    together = runner.invoke(cli, ["stats", str(log), str(copy), str(early)]).stdout
    assert together == alone


def test_the_tables_and_the_note_of_the_page_come_out_in_order_on_one_stream(tmp_path, classic, classic_deck):
    """``rushmore stats g.jsonl --html s.html > out 2>&1``: every table line whole, then the note
    on stderr on a line of its own (a table printed through a buffer would come after the note,
    or be cut by it mid-line)."""
    import os
    import subprocess
    import sys

    records, _, _ = played(classic, classic_deck)
    (tmp_path / "g.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    both = subprocess.run(
        [sys.executable, "-m", "rushmore_print", "stats", "g.jsonl", "--html", "s.html"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},  # stdout buffered, as for a user
    ).stdout  # fmt: skip
    lines = both.splitlines()
    assert lines[-1] == "wrote s.html: the stats page" and both.endswith("\n")
    assert re.match(r"bob\s+1\s+0\s+1\s+-$", lines[-2]), lines[-3:]


def test_stats_of_a_german_game_are_told_in_german(runner, tmp_path, classic, classic_deck):
    """The log's start names the language the game was told in; the tables and the page say it."""
    records, first, _ = played(classic, classic_deck, language="de")
    assert records[0]["language"] == "de"
    log = tmp_path / "g.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records))
    page = tmp_path / "stats.html"
    result = runner.invoke(cli, ["stats", str(log), "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("1 Spiel\n") and re.search(rf"^{first}\s+1\s+1\s+1\s+2,50 s$", result.output, re.M)
    assert re.search(
        r"^Stufe\s+Runden\s+genommen\s+falsch\s+Median der Zeit bis zum richtigen Tipp$", result.output, re.M
    )
    assert re.search(r"^Einsteiger\s+2", result.output, re.M)
    html = page.read_text()
    assert '<html lang="de">' in html and "<h1>Spielstatistik: 1 Spiel</h1>" in html
    assert "Stufe: Median der Zeit bis zum richtigen Tipp; rote Punkte: falsche Tipps" in html
    words = re.sub(r"<[^>]+>", " ", html.split("<body>")[1])
    assert english_left(words, "de") == [], english_left(words, "de")
    older = [dict(records[0]), *records[1:]]
    del older[0]["language"]  # formats 3 and 4 name no language: English
    assert stats_of([older]).language == "en" and stats_of([older, records]).language == "de"


@pytest.mark.slow
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
def test_every_chart_holds_its_text_in_a_real_chromium(tmp_path, classic, classic_deck):
    """No chart clips its title, a label, a time or its wrong-claim dots: each text's box, as
    Chromium lays it out, lies inside its SVG (long names, a long title in Polish, 12 wrong claims)."""
    from playwright.sync_api import sync_playwright

    from rushmore_print.game.stats import Row, Stats
    from rushmore_print.render.charts import stats_html

    long = "Wolfeschlegelsteinhausen"  # 24 characters, as a player's name may be
    players = tuple(Row(name, 9, 3, 12, 2345.0) for name in (long, "Żaneta-Łucja_Wiśniewska", "毛泽东"))
    for language in ("en", "pl", "fr"):
        stats = Stats(3, (Row("S01", 3, 1, 12, 10120.0),), (Row("expert", 3, 1, 2, 5000),), (Row("2", 1, 0, 0, None),),
                      players, language=language)  # fmt: skip
        page = tmp_path / f"stats-{language}.html"
        page.write_text(stats_html(stats))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            view = browser.new_page()
            view.goto(page.as_uri())
            outside = view.evaluate(
                """() => [...document.querySelectorAll("svg")].flatMap((svg) => {
                    const width = svg.width.baseVal.value;
                    return [...svg.querySelectorAll("text, circle")]
                        .map((item) => [item.textContent || "dot", item.getBBox()])
                        .filter(([, box]) => box.x < 0 || box.x + box.width > width)
                        .map(([text, box]) => `${text}: ${box.x} .. ${box.x + box.width} in ${width}`);
                })"""
            )
            browser.close()
        assert outside == [], (language, outside)
