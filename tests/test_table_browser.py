"""A whole game of ``rushmore table`` in a real headless Chromium: the table screen and three
phones, with a collision, passes, an undo and a tie-break; then the log goes to ``play --resume``
and gives the same scores. Skips only when Debian's chromium is not installed (CI installs it)."""

import re
from unittest.mock import ANY

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.game.logformat import parse_log

from .browser import ARGS, CHROMIUM, needs_chromium, shot, start_table

pytestmark = [pytest.mark.slow, needs_chromium]


def answer_position(page, deck):
    """Where the card on the table screen's match lies, read off a phone's grid."""
    card = page.get_attribute("#card", "alt").split()[-1]
    return deck.search_card(card).answer


def tap_monument(phone, monument):
    phone.click(f"button.monument:has(img[src='/card/{monument}.svg'])")


def seat_phones(browser, table, join_url, names, errors) -> dict:
    """A phone for each of ``names`` (390 x 844 at 3x), each seated by tapping its name, once the
    table screen shows the last of them joined; page errors go to ``errors``."""
    phones = {}
    for name in names:
        phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=3)
        phone.on("pageerror", lambda error: errors.append(str(error)))
        phone.goto(join_url)
        phone.click(f"button.seat-choice:has-text('{name}')")
        phone.wait_for_selector(".grid")
        phones[name] = phone
    table.wait_for_selector(f"li[data-player='{names[-1]}'] .seat:has-text('✓')")
    return phones


def what_the_screens_show(pages) -> str:
    """Each page's text, for a failure's message: what a person at the table would read."""
    return "\n---\n".join(page.locator("body").inner_text() for page in pages)


def test_a_whole_game_at_the_browser_table(tmp_path, classic_deck, runner):
    sync_api = pytest.importorskip("playwright.sync_api")
    process, log, table_url, join_url = start_table(tmp_path, "--players", "ann,bob,cy", "--seed", "42")
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            errors = []
            table = browser.new_page(viewport={"width": 1920, "height": 1080})
            table.on("pageerror", lambda error: errors.append(str(error)))
            table.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            table.goto(table_url)
            table.wait_for_selector("#reveal")
            phones = seat_phones(browser, table, join_url, ("ann", "bob", "cy"), errors)
            ann, bob, cy = phones.values()
            table.wait_for_function("() => document.querySelector('.join img')?.naturalWidth > 100")  # the QR

            def reveal():
                table.click("#reveal")
                table.wait_for_selector("#card")
                return answer_position(table, classic_deck)

            # card 1: a collision; ann is first on the match, bob's tap on it is refused
            right = reveal()
            shot(table, "table-card.png")
            position = bob.get_attribute(f"button.monument:has(img[src='/card/{right}.svg'])", "data-position")
            tap_monument(ann, right)
            bob.evaluate(f"link.send({{t: 'claim', at: '{position}'}})")  # bob's tap, a moment after ann's
            bob.wait_for_selector(f".note:has-text('{position} ({right}) is already covered by ann')")
            bob.wait_for_selector(f"button.monument.covered:has(img[src='/card/{right}.svg'])")
            assert bob.locator(f"button.monument:has(img[src='/card/{right}.svg'])").is_disabled()
            shot(bob, "phone-covered.png")
            bob.click("button.pass")
            cy.click("button.pass")
            table.wait_for_selector("li[data-player='ann'] .score:has-text('1')")
            # card 2: bob; card 3: cy, then the table undoes bob's pass and he passes again
            right = reveal()
            tap_monument(bob, right)
            ann.click("button.pass")
            cy.click("button.pass")
            table.wait_for_selector("li[data-player='bob'] .score:has-text('1')")
            right = reveal()
            tap_monument(cy, right)
            ann.click("button.pass")
            # bob's pass must be the last one the table hears: two phones are two sockets
            table.wait_for_selector("li[data-player='ann'] .state:text-is('passed')")
            bob.click("button.pass")
            table.wait_for_selector("li[data-player='cy'] .score:has-text('1')")
            table.click("#undo")
            table.wait_for_selector("li[data-player='cy'] .score:has-text('0')")
            table.wait_for_selector("li[data-player='bob'] .state:text-is('to choose')")
            assert table.locator("li[data-player='ann'] .state").inner_text() == "passed"
            bob.click("button.pass")
            table.wait_for_selector("li[data-player='cy'] .score:has-text('1')")
            # nobody takes cards 4 to 12: a three-way tie at 1 each
            for _number in range(4, 13):
                reveal()
                for phone in (ann, bob, cy):
                    phone.click("button.pass")
                table.wait_for_selector("#reveal")
            assert table.locator("h1").inner_text().startswith("Tie-break: ann, bob and cy")
            right = reveal()
            tap_monument(ann, right)
            bob.click("button.pass")
            cy.click("button.pass")
            try:
                table.wait_for_selector(".winner-line")
            except sync_api.TimeoutError:
                shown = what_the_screens_show([table, ann, bob, cy])
                process.kill()
                pytest.fail(f"no end screen; the screens show:\n{shown}\nthe server said:\n{process.stderr.read()}")
            assert table.locator(".winner-line").inner_text() == "ann wins"
            assert "ann took the tie-break card" in table.locator(".reason").inner_text()
            rows = table.locator("table.end tbody tr").all_inner_texts()
            assert rows[0].split("\t")[:2] == ["ann", "2"] and rows[0].split("\t")[3] == "0"
            assert re.search(r"\d\.\d\d s$", rows[0])  # her median time to a right claim
            shot(table, "table-end.png")
            shot(cy, "phone-end.png")
            table.on("dialog", lambda dialog: dialog.accept())
            table.click("#end")
            process.wait(timeout=10)
            browser.close()
        assert not errors, errors
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, process.stderr.read()
    records = [record for _, record in parse_log(log.read_text())[0]]
    inputs = [r for r in records if r["event"] == "input"]
    assert all(isinstance(r.get("ms"), int) for r in inputs)  # a reaction time on every claim and pass
    assert [r for r in records if r["event"] == "undo"] == [{"event": "undo", "at": ANY}]  # one undo, no typed line
    assert not any("line" in r for r in records)  # the browser types no line: its entries are moves
    ended = records[-1]
    assert ended["event"] == "ended" and ended["scores"] == {"ann": 2, "bob": 1, "cy": 1}
    resumed = runner.invoke(cli, ["play", "--resume", str(log)], input="")
    assert resumed.exit_code == 0, resumed.output
    assert "Game over: ann wins (ann took the tie-break card)." in resumed.output
    assert re.search(r"ann\s+2\s+0", resumed.output) and re.search(r"bob\s+1\s+0", resumed.output)


def test_a_tap_counts_though_the_screen_redraws_under_the_finger(tmp_path, classic_deck):
    """In a race, states come while a finger is down (another player's pass redraws every phone);
    a click needs the press and the release on one node, so a tap that waited for its release was
    lost. The hand counts when it goes down."""
    sync_api = pytest.importorskip("playwright.sync_api")
    process, _, table_url, join_url = start_table(tmp_path, "--players", "ann,bob,cy", "--seed", "42")
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            table = browser.new_page(viewport={"width": 1280, "height": 720})
            table.goto(table_url)
            ann, bob, cy = seat_phones(browser, table, join_url, ("ann", "bob", "cy"), []).values()
            table.click("#reveal")
            table.wait_for_selector("#card")
            right = answer_position(table, classic_deck)
            monument = ann.locator(f"button.monument:has(img[src='/card/{right}.svg'])")
            monument.wait_for()
            ann.wait_for_function("() => !document.querySelector('button.pass').disabled")
            box = monument.bounding_box()
            ann.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            ann.mouse.down()  # ann's hand goes down ...
            bob.click("button.pass")  # ... bob passes, and every phone draws the new state
            ann.wait_for_function("() => state.players.find((p) => p.name === 'bob').hand === 'pass'")
            ann.mouse.up()  # ... and ann's finger comes up on a page drawn anew
            cy.click("button.pass")
            table.wait_for_selector("li[data-player='ann'] .score:has-text('1')", timeout=10_000)
            browser.close()
    finally:
        if process.poll() is None:
            process.kill()


def test_a_phone_that_joined_by_the_qr_code_keeps_its_seat_at_the_typed_address_and_back(tmp_path):
    """The QR code carries a long key and the screen shows a short code: two addresses of one table.
    A phone seated by one and then opened at the other (a closed tab, the address typed from the
    TV) is shown its hand, not the choice of names with its own name gone."""
    import json

    sync_api = pytest.importorskip("playwright.sync_api")
    process, _log, table_url, join_url = start_table(tmp_path, "--players", "ann,bob", "--seed", "7")
    try:
        join_key = json.loads((tmp_path / "game.jsonl.seats").read_text())["join_key"]
        qr_url = join_url.rsplit("/", 1)[0] + "/" + join_key
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            errors = []
            table = browser.new_page(viewport={"width": 1280, "height": 720})
            table.goto(table_url)
            table.wait_for_selector("#reveal")
            for name, first, then in (("ann", qr_url, join_url), ("bob", join_url.lower(), qr_url)):
                phone = browser.new_page(viewport={"width": 390, "height": 844})
                phone.on("pageerror", lambda error: errors.append(str(error)))
                phone.goto(first)
                phone.click(f"button.seat-choice:has-text('{name}')")
                phone.wait_for_selector(".grid")
                table.wait_for_selector(f"li[data-player='{name}'] .seat:has-text('✓')")
                phone.goto(then)
                phone.wait_for_selector(".grid")
                assert phone.locator("button.seat-choice").count() == 0, what_the_screens_show([phone])
            table.wait_for_selector("li[data-player='bob'] .seat:has-text('✓')")
            assert errors == []
            browser.close()
    finally:
        process.kill()
        process.wait(timeout=10)


def test_the_tv_keeps_no_key_in_its_address_bar_and_a_phone_at_its_bare_address_is_refused(tmp_path):
    """The TV's address bar is in view of the room: once the printed address is opened it shows
    the bare /table, the key kept in a cookie no script reads; a reload (F5) keeps the table
    working; another browser (a phone) that opens the address read off the TV is refused."""
    sync_api = pytest.importorskip("playwright.sync_api")
    process, _log, table_url, join_url = start_table(tmp_path, "--players", "ann,bob", "--seed", "7")
    key = table_url.split("?key=")[1]
    bare = table_url.split("?")[0]
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            errors = []
            tv = browser.new_page(viewport={"width": 1280, "height": 720})
            tv.on("pageerror", lambda error: errors.append(str(error)))
            asked = []  # every address the TV's page asks for (its socket, its QR code ...)
            tv.on("request", lambda request: asked.append(request.url))
            tv.on("websocket", lambda ws: asked.append(ws.url))
            tv.goto(table_url)
            tv.wait_for_selector("#reveal")
            assert tv.url == bare and key not in tv.url
            assert tv.evaluate("() => document.cookie") == ""  # HttpOnly: no script on the page reads the key
            tv.wait_for_function("() => document.querySelector('.join img')?.naturalWidth > 100")  # the QR
            ann = seat_phones(browser, tv, join_url, ("ann",), errors)["ann"]
            tv.reload()  # F5 on the TV, at the bare address
            tv.wait_for_selector("#reveal")
            tv.wait_for_function("() => document.querySelector('.join img')?.naturalWidth > 100")
            tv.click("#reveal")
            tv.wait_for_selector("#card")
            ann.wait_for_selector("button.pass:not([disabled])")  # the card reached the phone too
            assert tv.url == bare
            assert [url for url in asked if "key=" in url] == [table_url], asked  # the cookie does the rest
            phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()  # no cookie of the TV's
            refused = phone.goto(bare)
            assert refused.status == 403
            assert phone.locator("body").inner_text().strip() == (
                "this page needs the table's key: open the address the terminal printed, in a browser that takes "
                "cookies (the key is kept in one, out of the address bar)"
            )
            assert tv.locator("#card").count() == 1  # the TV goes on
            browser.close()
        assert errors == []
    finally:
        process.kill()
        process.wait(timeout=10)


def test_a_phone_turned_on_its_side_keeps_the_grid_and_pass_on_the_screen(tmp_path, classic_deck):
    """A phone held sideways (640 x 360, 844 x 390) is as short as a grid of Monuments: with Pass
    under the grid, Pass lay off the screen. On its side the grid runs down the left and the name,
    Pass and the referee's words beside it; turned upright again, Pass is back under the grid."""
    from .browser import out_of_reach, resize

    sync_api = pytest.importorskip("playwright.sync_api")
    long_name = "Wolfeschlegelsteinhausen"
    process, _, table_url, join_url = start_table(tmp_path, "--players", f"ann,{long_name}", "--seed", "42")
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            table = browser.new_page(viewport={"width": 1280, "height": 720})
            table.goto(table_url)
            phones = seat_phones(browser, table, join_url, ("ann", long_name), [])
            table.click("#reveal")
            table.wait_for_selector("#card")
            right = answer_position(table, classic_deck)
            ann = phones["ann"]
            ann.wait_for_selector("button.pass:not([disabled])")
            for width, height in ((640, 360), (844, 390), (360, 640), (390, 844)):
                for name, phone in phones.items():
                    resize(phone, width, height)
                    where = f"{name}'s phone at {width} x {height}"
                    assert out_of_reach(phone) == [], where
                    bottom = phone.evaluate("() => document.querySelector('.grid').getBoundingClientRect().bottom")
                    assert bottom <= height + 0.5, where
                    shot(phone, f"phone-{width}x{height}-{name[:3]}.png")
            resize(ann, 640, 360)
            ann.click("button.pass")
            tap_monument(phones[long_name], right)
            table.wait_for_selector(f"li[data-player='{long_name}'] .score:has-text('1')")
            browser.close()
    finally:
        if process.poll() is None:
            process.kill()


def test_the_table_screen_shows_the_referee_s_newest_words_whole(tmp_path):
    """Beside the grid the table screen has room for two or three of the referee's last four
    lines (8 players at 1280 x 720): the oldest were shown and the newest, the ones the room
    reads (the card just judged, a tie-break), were cut off under the box's edge. The oldest give
    way."""
    sync_api = pytest.importorskip("playwright.sync_api")
    names = ["mum", "dad", "granny", "grandpa", "lily", "maximilian", "sophie", "ben"]
    process, _, table_url, _ = start_table(tmp_path, "--players", ",".join(names), "--seed", "5")
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            table = browser.new_page(viewport={"width": 1280, "height": 720})
            table.goto(table_url)
            for number in range(1, 6):  # nobody has a phone: the game master passes for each player
                table.click("#reveal")
                table.wait_for_selector("#card")
                for name in names:
                    table.click(f"li[data-player='{name}'] button.tile")
                    table.click(".correction button:text-is('pass')")
                    table.wait_for_selector(f"li[data-player='{name}'] .state:text-is('passed'), #reveal")
                table.wait_for_selector("#reveal")
                newest = table.evaluate(
                    """() => { const notes = document.querySelector('.notes').getBoundingClientRect();
                      const lines = [...document.querySelectorAll('.said li')];
                      const last = lines[lines.length - 1];
                      const whole = last.getBoundingClientRect().bottom <= notes.bottom + 0.5;
                      return [last.textContent, whole, lines.length]; }"""
                )
                shot(table, f"table-said-{number}.png")
                text, whole, _ = newest
                assert text.startswith("nobody is right") and whole, (number, newest)
            browser.close()
    finally:
        if process.poll() is None:
            process.kill()


def test_the_join_code_leaves_the_table_screen_once_every_seat_is_taken(tmp_path, classic_deck):
    """Before the first card the table screen shows the QR code and the join code to the room;
    once the game is under way and every seat has its phone, nobody needs them (a phone that
    comes back has its token) and the screen everyone sees, and photographs, no longer shows
    them. A seat freed for another phone brings them back until it is taken."""
    sync_api = pytest.importorskip("playwright.sync_api")
    process, _, table_url, join_url = start_table(tmp_path, "--players", "ann,bob", "--seed", "42")
    code = join_url.rsplit("/", 1)[1]
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            table = browser.new_page(viewport={"width": 1280, "height": 720})
            table.goto(table_url)
            ann, bob = seat_phones(browser, table, join_url, ("ann", "bob"), []).values()
            assert code in table.locator("body").inner_text()  # the first card not yet shown: the lobby
            table.click("#reveal")
            table.wait_for_selector("#card")
            tap_monument(ann, answer_position(table, classic_deck))
            bob.click("button.pass")
            table.wait_for_selector("#reveal")
            shown = table.locator("body").inner_text()
            assert code not in shown and table.locator(".join").count() == 0, shown
            shot(table, "table-no-code.png")
            table.click("li[data-player='bob'] button.tile")
            table.click(".correction button.free")  # bob's phone took the wrong seat, or died
            table.wait_for_selector(".join .code")
            assert table.locator(".join .code").inner_text() == code
            newcomer = browser.new_page(viewport={"width": 390, "height": 844})
            newcomer.goto(join_url)
            newcomer.click("button.seat-choice:has-text('bob')")
            newcomer.wait_for_selector(".grid")
            table.wait_for_selector(".join", state="detached")
            browser.close()
    finally:
        if process.poll() is None:
            process.kill()
