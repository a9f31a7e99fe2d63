"""A whole party at the browser table, played through the pages (issue 31): the table screen on
the TV and a phone per player, each its own Chromium context, joined over ``--lan`` by the join
address, with ``--penalty``. What happens at a real party happens here, and after each step the
test looks at what the players see: the scores, whose claim won, the card count, the referee's
words, and every control of every screen inside it.

- a phone takes another player's seat by mistake: the table screen frees it, and the phone is back
  at the choice of names, told why; two phones tap the name of one seat: the second is sent back;
- two phones tap the right Monument together: the earlier tap wins, the other is told and plays on;
- a wrong claim: with the penalty, it costs the player the card they won (back to the box);
- the TV's page is reloaded mid-card, and a phone's page is closed and opened again in the same
  browser: both come back to the card as it stands;
- a phone dies mid-card: the table screen puts its player's hand down (a pass) and the card goes
  on; between cards it frees that seat and another phone takes it;
- the game master undoes the last hand;
- the TV shows whose phone is gone; a phone opens the join address in a second tab: the new tab
  has the seat, the old one says so and stays out of the way until it is tapped;
- the server is killed (SIGKILL) mid-card: ``table --resume`` goes on with the same game on the same
  address; the TV and the phones come back by themselves (or at a tap on Reconnect), each phone to
  its own seat;
- the game ends: the winner, every player's cards.

Played with 8 phones in Polish and 12 in German, names of 24 characters. Skips only when
Debian's chromium is not installed."""

from __future__ import annotations

import os
import re
import signal
import socket
import sys
import time

import pytest

from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import load_design

from .browser import out_of_reach, shot, start_table
from .test_table_layout import (
    PHONE,
    answer,
    check_phone,
    check_table,
    design_file,
    end_rows,
    in_chromium,
    party,
    table_word,
    tap,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the test kills the server with SIGKILL")

TV_SIZES = [(1920, 1080), (1280, 720)]
TALL_PHONE = {"width": 390, "height": 844}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Party:
    """The TV and the phones of one party, and what the test reads off their pages."""

    def __init__(self, browser, tv, language: str, names: list[str], join_url: str):
        self.browser, self.tv, self.language, self.names, self.join_url = browser, tv, language, names, join_url
        self.phones: list = []
        self.errors: list[str] = []

    def word(self, key: str, **values) -> str:
        text = table_word(self.language, key)
        return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), text)

    def phone(self, number: int, slow=None):
        """A new phone (a context of its own, as a person's own browser) at the join address.
        ``slow``: a list; while it holds True, what the table sends this phone waits (a slow Wi-Fi)."""
        context = self.browser.new_context(viewport=PHONE if number % 2 == 0 else TALL_PHONE)
        page = context.new_page()
        self.watch(page)
        if slow is not None:
            page.route_web_socket("**/ws*", lambda ws: delayed(ws, slow))
        page.goto(self.join_url)
        return page

    def watch(self, page):
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def tile(self, name: str):
        return self.tv.locator(f"li[data-player='{name}']")

    def state(self, name: str) -> str:
        return self.tile(name).locator(".state").inner_text()

    def scores(self) -> list[int]:
        return [int(self.tile(name).locator(".score").inner_text()) for name in self.names]

    def scores_become(self, expected: list[int], seconds: float = 15.0) -> list[int]:
        """The scoreboard once it shows ``expected`` (or as it is after ``seconds``): the TV may
        draw a judged card or an undo a moment after the phone that caused it."""
        deadline = time.monotonic() + seconds
        while (found := self.scores()) != expected and time.monotonic() < deadline:
            time.sleep(0.1)
        return found

    def wait_state(self, name: str, key: str, **values):
        text = self.word(key, **values)
        self.tile(name).locator(f".state:text-is('{text}')").wait_for()

    def wait_mark(self, name: str, mark: str):
        """Wait until the TV's mark of ``name``'s phone reads ``mark`` (✓ here, ✕ gone, · no phone)."""
        self.tv.wait_for_function(
            "([name, mark]) => document.querySelector(`li[data-player='${name}'] .seat`)?.textContent === mark",
            arg=[name, mark],
        )

    def seated(self, count: int):
        self.tv.wait_for_function(
            f"() => [...document.querySelectorAll('.seat')].filter((s) => s.textContent === '✓').length === {count}"
        )

    def look(self, phase: str, phones=None, sizes=TV_SIZES):
        """Every screen as a player sees it: every control in reach on the TV at each ``sizes``
        (none: only its screenshot) and on every phone (its player's whole name, the whole grid)."""
        if sizes:
            check_table(self.tv, phase, sizes)
        else:
            shot(self.tv, f"party-{phase}-tv.png")
        for number, page in enumerate(self.phones if phones is None else phones):
            if page is not None:
                assert out_of_reach(page) == [], f"phone {number}, {phase}"
                name = page.locator(".you").inner_text() if page.locator(".you").count() else None
                if name is not None:
                    check_phone_size(page, name, phase)
                shot(page, f"party-{phase}-phone{number}.png")

    def heading(self) -> str:
        return self.tv.locator("h1").inner_text()

    def said(self) -> str:
        return " ".join(self.tv.locator(".said li").all_inner_texts())

    def reveal(self, number: int, total: int):
        self.tv.click("#reveal")
        self.tv.wait_for_selector("#card")
        assert self.word("card_of", number=number, total=total) in self.heading()
        for page in self.phones:
            if page is not None:
                page.wait_for_selector("button.pass:not([disabled])")

    def judged(self):
        self.tv.wait_for_selector("#reveal, .end-view")

    def pass_all(self, phones):
        """Each phone passes in turn, each pass on the TV before the next is tapped: two phones'
        sockets are two roads, and a test that undoes "the last pass" must know which one it was."""
        for page in phones[:-1]:
            page.click("button.pass")
            self.wait_state(self.names[self.phones.index(page)], "passed")
        phones[-1].click("button.pass")


def delayed(ws, slow):
    """A phone's socket whose messages from the table wait while ``slow[0]`` is True."""
    server = ws.connect_to_server()
    held = []

    def flush():
        while held and not slow[0]:
            ws.send(held.pop(0))

    server.on_message(lambda message: (held.append(message), flush()))
    slow.append(flush)  # called once slow[0] is False again: the held messages arrive


def check_phone_size(page, name, phase):
    """check_phone for a phone of either size."""
    height = page.viewport_size["height"]
    if height == PHONE["height"]:
        check_phone(page, name, phase)
    else:
        grid = page.evaluate("() => document.querySelector('.grid')?.getBoundingClientRect().bottom")
        assert page.locator(".you").inner_text() == name and (grid is None or grid <= height + 0.5), phase


@pytest.mark.parametrize(("count", "language"), [(8, "pl"), (12, "de")])
@in_chromium
def test_a_whole_party_on_a_shared_wifi(browser, tmp_path, count, language):
    names = party(count, language)
    design = design_file(tmp_path, language, deck=4)
    deck = generate_deck(load_design(design))
    port = free_port()
    args = ["--lan", "--penalty", "--countdown", "0.3"]
    process, log, table_url, join_url = start_table(
        tmp_path, str(design), "--players", ",".join(names), "--seed", "7", *args, port=port
    )
    # a phone on the Wi-Fi opens the announced address; here it reaches the server on loopback
    join_url = re.sub(r"^http://[^/]+", f"http://127.0.0.1:{port}", join_url)
    try:
        tv = browser.new_page(viewport={"width": 1920, "height": 1080})
        at = Party(browser, tv, language, names, join_url)
        at.watch(tv)
        tv.goto(table_url)
        tv.wait_for_selector("#reveal")
        tv.wait_for_function("() => document.querySelector('.join img')?.naturalWidth > 100")  # the QR

        # -- the lobby: every phone takes its seat; a second phone on a taken seat is sent back
        lag = [False]  # phone 0's Wi-Fi, slow for a moment at the collision
        at.phones = [at.phone(number, lag if number == 0 else None) for number in range(count)]
        late = at.phone(1)  # shown the free names before the first seat is taken
        late.get_by_role("button", name=names[0], exact=True).wait_for()
        for page, name in zip(at.phones[:-2], names):
            page.get_by_role("button", name=name, exact=True).click()
        mistaken, slow = at.phones[-1], at.phones[-2]
        mistaken.get_by_role("button", name=names[-2], exact=True).click()  # the wrong name, by mistake
        at.seated(count - 1)
        at.tile(names[-2]).locator("button.tile").click()  # the game master frees that seat
        assert names[-2] in tv.locator(".correction .hint").inner_text()
        at.look("free-seat", phones=[])
        tv.locator(".correction button.free").click()
        mistaken.locator(".note").wait_for()  # back at the choice of names, told why
        shot(mistaken, "party-freed-phone.png")
        assert mistaken.locator(".note").inner_text() == at.word("freed")
        mistaken.get_by_role("button", name=names[-1], exact=True).click()
        slow.get_by_role("button", name=names[-2], exact=True).click()
        for page in at.phones:
            page.wait_for_selector(".grid")
        at.seated(count)
        assert mistaken.locator(".you").inner_text() == names[-1] and slow.locator(".you").inner_text() == names[-2]
        sockets = []
        late.on("websocket", lambda ws: sockets.append(ws.url))
        late.get_by_role("button", name=names[0], exact=True).click()  # taken meanwhile
        late.locator(".note").wait_for()
        assert names[0] in late.locator(".note").inner_text()
        assert late.get_by_role("heading").inner_text() == at.word("who")
        late.wait_for_timeout(1500)
        assert len(sockets) <= 2  # told once, back at the choice of names: no socket opened over and over
        late.context.close()
        at.look("lobby")

        # -- card 1: a collision on the right Monument; a wrong claim; reloads; a phone dies
        at.reveal(1, 4)
        right = answer(tv, deck)
        position = at.phones[1].get_attribute(f"button.monument:has(img[src='/card/{right}.svg'])", "data-position")
        lag[0] = True  # phone 0 still shows the Monument free when phone 1's hand is on it
        tap(at.phones[1], right)
        at.wait_state(names[1], "on", position=position)
        tap(at.phones[0], right)  # a moment later: the earlier tap wins
        lag[0] = False
        for flush in lag[1:]:
            flush()
        at.phones[0].locator(".note").wait_for()
        assert names[1] in at.phones[0].locator(".note").inner_text()  # told who was there first
        assert at.state(names[0]) == at.word("to_choose")
        wrong = at.phones[2].locator(f"button.monument:not(:has(img[src='/card/{right}.svg'])):not(.covered)").first
        wrong_position = wrong.get_attribute("data-position")
        wrong.click()
        at.wait_state(names[2], "on", position=wrong_position)
        at.phones[0].click("button.pass")
        at.look("collision")

        tv.reload()  # the TV's page reloaded mid-card: the card as it stands
        tv.wait_for_selector("#card")
        at.wait_state(names[1], "on", position=position)
        assert at.state(names[2]) == at.word("on", position=wrong_position)
        assert at.state(names[0]) == at.word("passed")

        reopened = at.phones[3].url  # a phone's page closed and opened again in its own browser
        context = at.phones[3].context
        at.phones[3].close()
        at.phones[3] = context.new_page()
        at.watch(at.phones[3])
        at.phones[3].goto(reopened)
        at.phones[3].wait_for_selector("button.pass:not([disabled])")
        assert at.phones[3].locator(".you").inner_text() == names[3]
        assert at.phones[3].locator(f"button.monument[data-position='{position}'].covered").count() == 1
        at.phones[3].click("button.pass")

        at.phones[4].context.close()  # a phone dies mid-card, its hand not down: the card waits on it
        dead = names[4]
        at.phones[4] = None
        at.pass_all(at.phones[5:])
        tv.locator(".status-line p", has_text=dead).wait_for()
        at.wait_mark(dead, "✕")  # the TV shows whose phone is gone
        assert at.tile(dead).locator(".seat").get_attribute("title") == at.word("phone_lost")
        at.tile(dead).locator("button.tile").click()  # the game master puts the hand down: a pass
        assert dead in tv.locator(".correction .hint").inner_text()
        at.look("dead-phone", phones=[])
        tv.locator(".correction button", has_text=at.word("pass_small")).click()
        at.judged()
        assert at.scores_become([0, 1] + [0] * (count - 2)) == [0, 1] + [0] * (count - 2)
        assert names[1] in at.said() and right in at.said()
        assert at.word("card_of", number=2, total=4) in at.heading()
        at.look("card-1-judged")

        # -- between cards: the dead phone's seat freed, and taken by another phone
        at.tile(dead).locator("button.tile").click()
        tv.locator(".correction button.free").click()
        at.wait_mark(dead, "·")
        at.phones[4] = at.phone(4)
        at.phones[4].locator("button.seat-choice").first.wait_for()  # the free seats come by the socket, after the page
        assert at.phones[4].locator("button.seat-choice").all_inner_texts() == [dead]
        at.phones[4].get_by_role("button", name=dead, exact=True).click()
        at.phones[4].wait_for_selector(".grid")
        at.seated(count)

        # -- the join address opened again in a second tab of one phone: the new tab has the seat,
        # the old one says so and leaves it there (no tug of war), until it is tapped
        first = at.phones[5]
        second = first.context.new_page()
        at.watch(second)
        second.goto(join_url)
        second.wait_for_selector(".grid")
        first.get_by_text(at.word("replaced")).wait_for()
        shot(first, "party-replaced-phone.png")
        second.wait_for_timeout(3000)
        assert second.locator(".grid").count() == 1 and second.locator(".you").inner_text() == names[5]
        second.close()
        first.get_by_role("button", name=at.word("reconnect")).click()
        first.wait_for_selector(".grid")
        at.wait_mark(names[5], "✓")

        # -- card 2: the winner of card 1 claims wrong and gives it back; an undo
        at.reveal(2, 4)
        right = answer(tv, deck)
        wrong = at.phones[1].locator(f"button.monument:not(:has(img[src='/card/{right}.svg']))").first
        wrong.click()
        at.wait_state(names[1], "on", position=wrong.get_attribute("data-position"))
        tap(at.phones[0], right)
        at.pass_all(at.phones[2:])
        at.judged()
        assert at.scores_become([1, 0] + [0] * (count - 2)) == [1, 0] + [0] * (
            count - 2
        )  # the penalty: names[1]'s card back in the box
        assert at.word("card_of", number=3, total=4) in at.heading()  # the box, not the deck: still 4
        assert names[1] in at.said()
        tv.click("#undo")  # the last hand (the last pass) taken back: the card in play again
        at.phones[-1].wait_for_selector("button.pass:not([disabled])")
        assert at.scores_become([0, 1] + [0] * (count - 2)) == [0, 1] + [0] * (count - 2)
        assert at.state(names[-1]) == at.word("to_choose")
        at.look("undone", phones=at.phones[-1:])
        at.phones[-1].click("button.pass")
        at.judged()
        assert at.scores_become([1, 0] + [0] * (count - 2)) == [1, 0] + [0] * (count - 2)
        at.look("card-2-judged")

        # -- card 3: the server killed mid-card, resumed; every phone takes its seat back
        at.reveal(3, 4)
        right = answer(tv, deck)
        position = at.phones[2].get_attribute(f"button.monument:has(img[src='/card/{right}.svg'])", "data-position")
        tap(at.phones[2], right)
        at.wait_state(names[2], "on", position=position)  # shown: in the log (written before it is shown)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
        for page in at.phones:
            page.get_by_role("button", name=at.word("reconnect")).wait_for()
        at.look("server-killed", sizes=[])
        process, _, resumed_url, _ = start_table(tmp_path, "--resume", str(log), "--lan", port=port)
        assert resumed_url == table_url  # the same key: the TV's address still opens it
        tv.wait_for_selector("#card", timeout=15_000)  # the TV comes back by itself
        at.wait_state(names[2], "on", position=position)
        for page, name in zip(at.phones, names):  # each by itself (a tap on Reconnect: the second tab above)
            page.wait_for_selector(".grid", timeout=15_000)
            assert page.locator(".you").inner_text() == name
        at.seated(count)
        assert at.phones[2].locator("button.pass[disabled]").count() == 1  # its hand is down
        at.look("resumed")
        at.pass_all([page for number, page in enumerate(at.phones) if number != 2])
        at.judged()
        assert at.scores_become([1, 0, 1] + [0] * (count - 3)) == [1, 0, 1] + [0] * (count - 3)

        # -- card 4, the last: the first player takes it and wins
        at.reveal(4, 4)
        tap(at.phones[0], answer(tv, deck))
        at.pass_all(at.phones[1:])
        tv.wait_for_selector(".end-view")
        assert names[0] in tv.locator(".winner-line").inner_text()
        rows = end_rows(tv)  # a name read from its cell's label: the one shown may be cut in the middle
        assert len(rows) == count and rows[0][:2] == [names[0], "2"]
        for page in at.phones:
            page.wait_for_selector(".over")
            assert names[0] in page.locator(".winner-line").inner_text()
        at.look("end")
        assert at.errors == []
        tv.click("#end")
        process.wait(timeout=10)
        assert process.returncode == 0, process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        for context in browser.contexts:
            context.close()
