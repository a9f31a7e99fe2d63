"""The referee in the players' language: whole games at the terminal (console.py's injected
streams) in German and Polish leave no English line: every word the English catalogue uses and
the language's own never does is searched for in what the table was told."""

import functools
import io
import re
from importlib import resources
from pathlib import Path

import pytest

from rushmore_print.cli.console import GameRequest, Outcome, Streams, Table, narrator_for, new_log, new_session, play
from rushmore_print.language.i18n import catalogue, languages
from rushmore_print.model import EndReason, Level

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
    """The English words in ``told`` (paths, options and the command lines to type aside), with their lines."""
    found = []
    for line in told.splitlines():
        line = re.sub(r"rushmore \w+ .*", " ", re.sub(r"\S*/\S*", " ", line))
        line = re.sub(r"--[\w-]+( (long|short|table))?", " ", line)  # an option, as typed
        words = {word.casefold() for word in WORD.findall(line)} & english_words(language)
        found += [f"{word!r} in {line!r}" for word in sorted(words)]
    return found


def design_in(tmp_path: Path, language: str) -> Path:
    classic = resources.files("rushmore_print.designs").joinpath("classic.yaml").read_text("utf-8")
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


@pytest.mark.parametrize("language", ["de", "pl", "pt"])
@pytest.mark.slow
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
        t.gettext("house rule --penalty: a wrong claim costs that player the card they won last"),
    ):
        assert " ".join(line.split()) in said, line
    back = t.gettext("{player} claimed a wrong Monument and gives {card} back: it goes to the bottom of the cards "
                     "left in the box.", player="cyd", card=session.game.deck.search[0].id)  # fmt: skip
    assert back.split("S01")[0] in said
    assert t.upper(t.pgettext("a red head on the terminal's card", "RED")) in told
    assert english_left(told, language) == []
    log = (tmp_path / "g.jsonl").read_text("utf-8")
    assert '"reason": "no player called' in log  # the log keeps the English: it is a file format


@pytest.mark.parametrize("language", ["de", "pl", "pt"])
@pytest.mark.slow
def test_a_table_deck_game_to_a_tie_break_is_told_in_the_players_language(tmp_path, language):
    design = design_in(tmp_path, language)
    request = GameRequest(("ann", "bob"), seed=2, deck_mode="table")
    told, (outcome, session) = run(design, request, table_game, tmp_path / "t.jsonl")
    assert outcome is Outcome.DONE and session.game.state.winners == ("ann",)
    t = catalogue(language)
    assert session.game.state.end_reason is EndReason.TIE_BREAK
    assert t.gettext("{player} took the tie-break card", player="ann") in told  # in the language
    assert english_left(told, language) == []


@pytest.mark.parametrize(
    "language", ["de", pytest.param("pl", marks=pytest.mark.slow), pytest.param("pt", marks=pytest.mark.slow)]
)
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


# --------------------------------------------------------------------------- the browser table


def language_server(classic, classic_deck, language):
    from rushmore_print.game.session import Options, Session
    from rushmore_print.web.room import Room
    from rushmore_print.web.server import TableServer

    session = Session.new(
        classic_deck, classic.rules, classic.grid, Options(("ann", "bob"), Level.ADVANCED, seed=3),
        design_name=classic.name, hold=True, language=language,
    )  # fmt: skip
    room = Room(session, lambda record: None)
    room.begin()
    cards = {card.id: "<svg/>" for card in [*classic_deck.monuments, *classic_deck.search]}
    return TableServer(room, cards, f"http://127.0.0.1/j/{room.join_code}", "<svg/>", countdown=0.01)


def page_words_of(page: str) -> dict:
    import json

    data = re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S)
    return json.loads(data.group(1))


@pytest.mark.parametrize("language", ["de", "pl", "pt"])
@pytest.mark.slow
def test_the_browser_table_serves_its_words_and_says_its_lines_in_the_language(classic, classic_deck, language):
    import asyncio

    from aiohttp.test_utils import TestClient, TestServer

    from .test_table_server import receive, until

    server = language_server(classic, classic_deck, language)
    t = catalogue(language)
    told: list[str] = []

    async def body(client):
        for path in (f"/table?key={server.room.table_key}", f"/j/{server.room.join_code}"):
            page = await (await client.get(path)).text()
            assert f'<html lang="{language}">' in page and t.gettext("connecting…") in page
            words = page_words_of(page)
            assert words["reveal_next"] == t.gettext("Show the next card")
            told.extend(words.values())
        told.append(await (await client.get("/")).text())
        table = await client.ws_connect("/ws")
        await table.send_json({"t": "table", "key": server.room.table_key})
        await receive(table)
        phones = {}
        for name in ("ann", "bob"):
            phones[name] = await client.ws_connect("/ws")
            await phones[name].send_json({"t": "phone", "code": server.room.join_code, "name": name})
            await receive(phones[name])
        await table.send_json({"t": "reveal"})
        state = await until(table, lambda s: s["phase"] == "play")
        told.append(state["card"]["level"])
        answer = server.room.game.table.position_of(server.room.game.current.answer)
        await phones["ann"].send_json({"t": "claim", "at": answer})
        await until(table, lambda s: s["covered"])
        await phones["bob"].send_json({"t": "claim", "at": answer})  # covered by ann
        note = await receive(phones["bob"], "note")
        assert note["text"] == t.say(_covered(answer, server))
        told.append(note["text"])
        await phones["bob"].send_json({"t": "dance"})  # a phone may only claim or pass
        told.append((await receive(phones["bob"], "note"))["text"])
        await phones["bob"].send_json({"t": "pass"})
        state = await until(table, lambda s: s["said"])
        told.extend(state["said"])
        while not server.room.game.over:  # ann takes every card
            await table.send_json({"t": "reveal"})
            await until(table, lambda s: s["phase"] in ("play", "over"))
            if server.room.game.over:
                break
            right = server.room.game.table.position_of(server.room.game.current.answer)
            await phones["ann"].send_json({"t": "claim", "at": right})
            await phones["bob"].send_json({"t": "pass"})
            state = await until(table, lambda s: s["phase"] in ("ready", "over"))
        state = await until(table, lambda s: s["phase"] == "over") if state["phase"] != "over" else state
        end = state["end"]
        assert end["headline"] == t.ngettext("{winners} wins", "{winners} win", 1, winners="ann")
        told.extend([end["headline"], end["reason"], *state["said"]])

    async def main():
        async with TestClient(TestServer(server.app())) as client:
            await body(client)

    asyncio.run(main())
    assert english_left("\n".join(told), language) == []


def _covered(position, server):
    from rushmore_print.language.i18n import said

    monument = server.room.game.table.monument_at(position)
    return said("{position} ({monument}) is already covered by {player}", position=position, monument=monument,
                player="ann")  # fmt: skip


def test_the_browser_words_are_english_for_an_english_design(classic, classic_deck):
    from rushmore_print.web.page_words import page_in, page_words

    page = page_in(b'<html lang="en"><head><title>x</title></head></html>', catalogue("en"), "t")
    assert '<html lang="en-GB">' in page.decode()
    words = page_words(catalogue("en"))
    assert len(english_left("\n".join(words.values()), "de")) > 20  # the check sees the English ones


# The table screen's buttons that are on the screen at the same time (table.js): the header's two
# (Undo, and End game or, at the end, Close) are always there; beside them the stage's reveal,
# one screen's "nobody", or a correction's pass, drop and cancel. The phone's: Pass or Reconnect.
SHOWN_TOGETHER = (
    ("undo", "end", "reveal_first"),
    ("undo", "end", "reveal_next"),
    ("undo", "end", "nobody"),
    ("undo", "end", "pass_small", "drop", "cancel"),
    ("undo", "close", "reveal_next"),
    ("pass", "reconnect"),
)


@pytest.mark.parametrize("language", languages())
def test_no_two_buttons_on_a_screen_at_once_read_the_same(language):
    """A French Undo and cancel both "Annuler", side by side on the table screen, cannot be told
    apart: every button shown together reads differently, case and spacing aside."""
    from rushmore_print.web.page_words import page_words

    words = page_words(catalogue(language))
    for group in SHOWN_TOGETHER:
        labels = [" ".join(words[key].casefold().split()) for key in group]
        clashes = {label for label in labels if labels.count(label) > 1}
        assert not clashes, f"{language}: {', '.join(group)} read {labels}"


@pytest.mark.slow
def test_the_browser_table_in_german_in_a_real_chromium(tmp_path, classic_deck):
    """The pages as players see them: the table screen and a phone, through one card, in German."""
    import subprocess
    import sys
    import time

    from .test_table_browser import ARGS, CHROMIUM, answer_position, tap_monument

    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed")
    design = design_in(tmp_path, "de")
    command = [sys.executable, "-m", "rushmore_print", "table", str(design), "--players", "ann,bob", "--seed", "42"]
    process = subprocess.Popen(
        [*command, "--port", "0", "--countdown", "0.2", "--log", str(tmp_path / "g.jsonl")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
    )  # fmt: skip
    try:
        lines, deadline = [], time.monotonic() + 30
        while time.monotonic() < deadline and not any("/j/" in line for line in lines):
            lines.append(process.stdout.readline())
        terminal = "".join(lines)
        table_url = re.search(r"(http://127\.0\.0\.1:\d+/table\?key=\S+)", terminal).group(1)
        join_url = re.search(r"(http://\S+/j/[A-Z0-9]+)", terminal).group(1)
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            table = browser.new_page(viewport={"width": 1280, "height": 800})
            table.goto(table_url)
            table.wait_for_selector("#reveal")
            assert table.locator("#reveal").inner_text() == "Erste Karte zeigen"
            phones = {}
            for name in ("ann", "bob"):
                phones[name] = browser.new_page(viewport={"width": 390, "height": 844})
                phones[name].goto(join_url)
                phones[name].click(f"button.seat-choice:has-text('{name}')")
                phones[name].wait_for_selector(".grid")
            seen = [table.locator("body").inner_text(), phones["ann"].locator("body").inner_text()]
            table.click("#reveal")
            table.wait_for_selector("#card")
            assert table.locator("h1").inner_text().startswith("Karte 1 von 12")
            tap_monument(phones["ann"], answer_position(table, classic_deck))
            phones["bob"].click("button.pass")
            table.wait_for_selector(".said li")
            table.wait_for_selector("#reveal")
            seen += [page.locator("body").inner_text() for page in (table, *phones.values())]
            table.on("dialog", lambda dialog: dialog.accept())
            table.click("#end")
            process.wait(timeout=10)
            browser.close()
    finally:
        if process.poll() is None:
            process.kill()
    told = "\n".join([terminal, *seen])
    assert "ann liegt richtig" in told and "Passen" in told and "Nächste Karte zeigen" in told
    assert english_left(told, "de") == []


# --------------------------------------------------------------------------- the calibration sheet


@pytest.mark.parametrize("language", [code for code in languages() if code != "en"])
@pytest.mark.slow
def test_the_calibration_sheet_speaks_the_printer_s_language_and_fits(language):
    from rushmore_print.layout.sheets import Flip
    from rushmore_print.writers.build import calibration_document

    from .test_rules_sheet import collisions, texts

    for paper in ("a4", "letter"):
        for flip in Flip:
            pages = calibration_document(paper, flip, language).pages
            words = [text for page in pages for text, _, _ in texts(page)]
            assert english_left("\n".join(words), language) == [], (paper, flip)
            for page in pages:
                assert collisions(page) == []
                for text, box, _ in texts(page):
                    assert box.x >= 0 and box.right <= page.width_mm and box.y >= 0 and box.top <= page.height_mm, text


def test_calibrate_takes_a_language_and_refuses_an_unknown_one(runner, tmp_path):
    from rushmore_print.cli.commands import cli

    done = runner.invoke(cli, ["calibrate", "--language", "pl", "--paper", "a4", "-o", str(tmp_path)])
    assert done.exit_code == 0, done.output
    refused = runner.invoke(cli, ["calibrate", "--language", "xx", "-o", str(tmp_path)])
    assert refused.exit_code == 2 and "de, en, es, fr, it, nl, pl, pt" in refused.output


# --------------------------------------------------------------------------- the directions


@pytest.mark.parametrize(
    "language, left, right",
    [
        ("en", "left", "right"),
        ("de", "links", "rechts"),
        ("pl", "lewo", "prawo"),
        ("fr", "la gauche", "la droite"),
        ("pt", "a esquerda", "a direita"),
    ],
)
@pytest.mark.slow
def test_a_design_that_names_no_directions_faces_the_language_s_left_and_right(tmp_path, language, left, right):
    from rushmore_print.deck.generate import generate_deck
    from rushmore_print.design import load_design
    from rushmore_print.writers.build import rulebook_document

    from .test_rules_sheet import texts

    design = load_design(design_in(tmp_path, language))
    assert design.directions == (left, right) and design.notation.letters == ("L", "R")  # the notation stays
    deck = generate_deck(design)
    sheet = " ".join(text for page in rulebook_document(design, deck, "a4").pages for text, _, _ in texts(page))
    t = catalogue(language)
    facing = t.ngettext(
        "(map symbol): the {n} head, {names}, facing {first} or {second}; every combination once.",
        "(map symbol): the {n} heads, {names}, each facing {first} or {second}; every combination once.",
        4, names=t.names(design.head_names), first=left, second=right,
    )  # fmt: skip
    assert facing.split(":", 1)[1].split(";")[0].split(",")[-1].strip() in sheet  # "… nach links oder rechts"


def test_directions_a_design_names_are_kept_in_any_language(write_design):
    from rushmore_print.design import load_design

    text = "name: T\nheads: [A, B]\ndirections: [up, down]\nlanguage: de\nsearch: {seed: 1, red_counts: {0: 4}}\n"
    path = write_design(text)
    design = load_design(path)
    assert design.directions == ("up", "down") and design.notation.letters == ("U", "D")


@pytest.mark.parametrize(
    "language", ["de", pytest.param("pl", marks=pytest.mark.slow), pytest.param("pt", marks=pytest.mark.slow)]
)
def test_answer_and_check_settle_a_dispute_in_the_players_language(runner, tmp_path, language):
    from rushmore_print.cli.commands import cli

    design = str(design_in(tmp_path, language))
    wrong = runner.invoke(cli, ["check", "S17", "M05", design])
    right = runner.invoke(cli, ["check", "LR*RL", "M03", design])
    answer = runner.invoke(cli, ["answer", "S17", design])
    assert (wrong.exit_code, right.exit_code, answer.exit_code) == (1, 0, 0)
    t = catalogue(language)
    assert wrong.output.startswith(t.gettext("no: {card} does not match {monument} ({notation})",
                                             card="S17 (LR*RL)", monument="M05", notation="LRLL"))  # fmt: skip
    assert len(wrong.output.splitlines()) == 3  # a reason per head that is wrong, each in the language
    assert english_left(wrong.output + right.output + answer.output, language) == []
