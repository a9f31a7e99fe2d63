"""The browser table fits any table (issue 31): in a real headless Chromium, at 1280 x 720,
1366 x 768, 1920 x 1080, 3840 x 2160 and a 768 x 1024 portrait tablet, every control of the table
screen lies inside the screen, uncovered and with its label inside it, at every phase of a game
(lobby, count, claims, a correction, judged, tie-break, end), for parties from 2 players to the
most ``--players`` takes, with names of 24 characters in the shipped languages; the Search card
keeps at least half the screen's height; a name cut short shows itself whole on hover. Phones at
360 x 640 show their player's whole name and the whole grid, every control in reach.

The games are played through the pages, as people play them: phones tap Monuments and Pass,
the table screen reveals, corrects and ends. Skips only when Debian's chromium is not installed."""

from __future__ import annotations

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import MAX_PLAYERS, load_design
from rushmore_print.game.players import MAX_NAME
from rushmore_print.language.i18n import catalogue
from rushmore_print.web import server
from rushmore_print.web.page_words import page_words

from .browser import (
    looked,
    needs_chromium,
    out_of_reach,
    out_of_reach_when,
    resize,
    shot,
    start_table,
)
from .conftest import EXAMPLES


def in_chromium(test):
    """A test in headless Chromium: slow, and skipped where Debian's chromium is not installed."""
    return pytest.mark.slow(needs_chromium(test))


SIZES = [(1280, 720), (1366, 768), (1920, 1080), (3840, 2160), (768, 1024)]
PHONE = {"width": 360, "height": 640}
FIRST_NAMES = {
    "en": ["Maximilian", "Christopher", "Elizabeth", "Bartholomew", "Genevieve", "Alexandria", "Konstantin"],
    "pl": ["Małgorzata", "Przemysław", "Katarzyna", "Bożydar", "Grzegorz", "Agnieszka", "Władysław", "Bolesław"],
    "de": ["Friederike", "Hannelore", "Wolfgang", "Sieglinde"],
    "es": ["Maximiliano", "Guadalupe", "Inmaculada", "Bartolomé"],
    "fr": ["Marie-Antoinette", "Jean-Baptiste", "Geneviève", "Françoise"],
    "it": ["Massimiliano", "Bartolomeo", "Mariagrazia", "Pierluigi"],
    "nl": ["Wilhelmina", "Maximiliaan", "Geertruida", "Bartholomeus"],
}
SURNAMES = [  # the first is 24 letters
    "Wolfeschlegelsteinhausen",
    "Brzęczyszczykiewicz",
    "Oppenheimer",
    "Van-der-Westhuizen",
    "Featherstonehaugh",
]


def party(count: int, language: str) -> list[str]:
    """``count`` different names of MAX_NAME (24) characters in the language's manner, the first
    two the widest and the longest word one can be; the others share their first letters in
    pairs (numbered at the end), as a name cut short would.

    >>> party(4, "en")
    ['WWWWWWWWWWWWWWWWWWWWWWWW', 'Wolfeschlegelsteinhausen', 'Christopher-Brzęczyszc02', 'Christopher-Brzęczyszc03']
    """
    names = ["W" * MAX_NAME, SURNAMES[0]]
    firsts = FIRST_NAMES[language]
    while len(names) < count:
        number = len(names)
        first, surname = firsts[(number // 2) % len(firsts)], SURNAMES[(number // 2) % len(SURNAMES)]
        names.append(f"{first}-{surname}"[: MAX_NAME - 2].ljust(MAX_NAME - 2, "a") + f"{number:02d}")
    return names[:count]


def design_file(tmp_path, language: str, deck: int, orientation: str = "landscape"):
    """The classic design in ``language``, with a deck of ``deck`` cards whatever the party (a
    tie-break is a few cards away) and its cards ``orientation``."""
    text = (EXAMPLES / "classic.yaml").read_text(encoding="utf-8")
    text = text.replace("deck_size: 12", f"deck_size: {deck}").replace(
        "  extra_cards_per_player: 1\n", "  extra_cards_per_player: 0\n"
    )
    text = text.replace("orientation: landscape", f"orientation: {orientation}") + f"language: {language}\n"
    path = tmp_path / f"party-{language}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def check_table(table, phase: str, sizes=SIZES):
    """The table screen at each size: every control in reach (Undo and End among them), the Search
    card at least half the screen's height when shown, every shortened text whole on hover."""
    for width, height in sizes:
        resize(table, width, height)
        where = f"{phase}, {width} x {height}"
        assert out_of_reach(table) == [], where
        controls, card = table.evaluate(
            "() => [document.querySelectorAll('header #undo, header #end').length,"
            " document.getElementById('card')?.getBoundingClientRect().height]"
        )
        assert controls == 2 and (card is None or card >= height / 2 - 1), (where, card)
        shot(table, f"table-{phase}-{width}x{height}.png")
    resize(table, *sizes[0])


def check_phone(phone, name: str, phase: str):
    """A phone: its player's whole name, the whole grid on the screen, every control in reach."""
    where = f"{name}'s phone, {phase}"
    assert out_of_reach(phone) == [], where
    you, whole, grid = phone.evaluate(
        "() => { const you = document.querySelector('.you'); const grid = document.querySelector('.grid');"
        " const text = document.createRange(); text.selectNodeContents(you);"
        " const whole = text.getBoundingClientRect().width <= you.clientWidth + 0.01 && you.scrollHeight <= 80;"
        " return [you.textContent, whole, grid && grid.getBoundingClientRect().toJSON()]; }"
    )
    assert you == name and whole, where
    assert grid is None or (grid["top"] >= 0 and grid["bottom"] <= PHONE["height"] + 0.5), where


def seat(browser, join_url: str, names: list[str]) -> list:
    """A phone for each of ``names``, which joins by tapping its name among the free seats (the
    pages load side by side, then each taps in turn)."""
    phones = [browser.new_context(viewport=PHONE).new_page() for _ in names]
    for phone in phones:
        phone.goto(join_url, wait_until="commit")
    for phone, name in zip(phones, names):
        choice = phone.get_by_role("button", name=name, exact=True)
        assert choice.evaluate("n => n.scrollWidth <= n.clientWidth && n.getBoundingClientRect().right <= innerWidth")
        choice.click()
    for phone in phones:
        phone.wait_for_selector(".grid")
    return phones


def table_word(language: str, key: str) -> str:
    return page_words(catalogue(language))[key]


def answer(table, deck) -> str:
    """The Monument the Search card on the table screen matches."""
    return deck.search_card(table.get_attribute("#card", "alt").split()[-1]).answer


def tap(phone, monument: str):
    phone.click(f"button.monument:has(img[src='/card/{monument}.svg'])")


def reveal(table, count_at=None):
    """The game master shows the next card; ``count_at``: a (width, height) to look at the count
    of three at (the page looks the moment the count appears, however loaded the machine)."""
    if count_at:
        resize(table, *count_at)
        out_of_reach_when(table, "#countdown")
    table.click("#reveal")
    if count_at:
        assert looked(table) == [], f"count, {count_at}"
    table.wait_for_selector("#card")
    if count_at:
        resize(table, *SIZES[0])


def hands_in(table):
    """The card is judged: the table offers the next one (or the game is over)."""
    table.wait_for_selector("#reveal, .end-view")


def test_the_help_states_how_many_players_a_table_takes(runner):
    shown = " ".join(runner.invoke(cli, ["table", "--help"]).output.split())
    assert f"2 to {MAX_PLAYERS} (one word each, at most {MAX_NAME} characters)" in shown


# Until issue 31's item 3 lands, the server admits 12 joins a minute from one address (every phone
# of these tests is on 127.0.0.1); after it, as many right joins as there are seats.
JOINS_A_MINUTE = getattr(server, "JOINS_PER_MINUTE", MAX_PLAYERS)


@pytest.mark.parametrize(
    ("count", "language"),
    [
        (12, "en"),
        pytest.param(
            20, "pl", marks=pytest.mark.skipif(JOINS_A_MINUTE < 20, reason="the server admits 12 joins a minute")
        ),
    ],
)
@in_chromium
def test_a_party_plays_a_whole_game_with_every_control_in_reach(browser, tmp_path, count, language):
    names = party(count, language)
    design = design_file(tmp_path, language, deck=3)
    deck = generate_deck(load_design(design))
    process, _, table_url, join_url = start_table(
        tmp_path, str(design), "--players", ",".join(names), "--seed", "7", "--countdown", "2.5"
    )
    try:
        table = browser.new_page(viewport={"width": 1280, "height": 720})
        errors = []
        table.on("pageerror", lambda error: errors.append(str(error)))
        table.goto(table_url)
        table.wait_for_selector("#reveal")
        phones = seat(browser, join_url, names)
        for phone in phones:
            phone.on("pageerror", lambda error: errors.append(str(error)))
        table.wait_for_function(
            f"() => document.querySelectorAll('.seat').length === {count} && "
            "[...document.querySelectorAll('.seat')].every((s) => s.textContent === '✓')"
        )

        def everywhere(phase):
            check_table(table, phase)
            for name, phone in zip(names, phones):
                check_phone(phone, name, phase)
            shot(phones[0], f"phone-{phase}.png")

        everywhere("lobby")
        # card 1: the first player is right, the second wrong (the table corrects it to a pass), the rest pass
        reveal(table, count_at=SIZES[0])
        right = answer(table, deck)
        tap(phones[0], right)
        wrong = phones[1].locator(f"button.monument:not(:has(img[src='/card/{right}.svg'])):not(.covered)").first
        wrong.click()
        for phone in phones[2:-2]:
            phone.click("button.pass")
        table.wait_for_selector(f"li[data-player='{names[1]}'] button.tile")  # a hand to correct
        everywhere("claims")
        table.click(f"li[data-player='{names[1]}'] button.tile")
        check_table(table, "correction")
        table.locator(".correction button").first.click()  # pass: the wrong hand taken back
        table.wait_for_selector(f"li[data-player='{names[1]}'] .state:text-is('{table_word(language, 'passed')}')")
        for phone in phones[-2:]:
            phone.click("button.pass")
        hands_in(table)
        everywhere("judged")
        # card 2 to the second player; nobody takes card 3: a tie-break between the two
        reveal(table, count_at=SIZES[2])
        tap(phones[1], answer(table, deck))
        for phone in phones[:1] + phones[2:]:
            phone.click("button.pass")
        hands_in(table)
        reveal(table, count_at=SIZES[4])
        for phone in phones:
            phone.click("button.pass")
        hands_in(table)
        assert names[0] in table.locator("h1").inner_text() and names[1] in table.locator("h1").inner_text()
        check_table(table, "tie-break")
        reveal(table, count_at=SIZES[3])
        everywhere("tie-break-card")
        tap(phones[0], answer(table, deck))
        phones[1].click("button.pass")
        table.wait_for_selector(".end-view")
        everywhere("end")
        assert names[0] in table.locator(".winner-line").inner_text()
        rows = end_rows(table)
        assert len(rows) == count and rows[0][:2] == [names[0], "2"]
        assert errors == []
        table.click("#end")
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
        for context in browser.contexts:
            context.close()
    assert process.returncode == 0, process.stderr.read()


@pytest.mark.parametrize(("count", "language"), [(2, "de"), (MAX_PLAYERS, "nl")])
@in_chromium
def test_one_screen_fits_every_party_size(browser, tmp_path, count, language):
    """With one screen the table screen plays alone: a tile per player to say who took the card."""
    names = party(count, language)
    design = design_file(tmp_path, language, deck=2)
    process, _, table_url, _ = start_table(tmp_path, str(design), "--players", ",".join(names), "--one-screen")
    try:
        table = browser.new_page(viewport={"width": 1280, "height": 720})
        table.goto(table_url)
        table.wait_for_selector("#reveal")
        check_table(table, f"{count}-one-screen-lobby")
        reveal(table)
        check_table(table, f"{count}-one-screen-card")
        table.click(f"li[data-player='{names[0]}'] button.tile")
        hands_in(table)
        check_table(table, f"{count}-one-screen-judged", SIZES[:1])
        reveal(table)
        table.click(f"li[data-player='{names[-1]}'] button.tile")
        hands_in(table)
        reveal(table)
        check_table(table, f"{count}-one-screen-tie-break")
        table.click(f"li[data-player='{names[-1]}'] button.tile")
        table.wait_for_selector(".end-view")
        check_table(table, f"{count}-one-screen-end")
        assert table.locator("table.end tbody tr").count() == count
    finally:
        process.kill()
        process.wait(timeout=10)
        for context in browser.contexts:
            context.close()


@pytest.mark.parametrize(
    ("count", "language", "orientation"),
    [(5, "fr", "portrait"), (40, "es", "portrait"), (MAX_PLAYERS, "it", "landscape")],
)
@in_chromium
def test_phones_table_fits_every_party_size(browser, tmp_path, count, language, orientation):
    """With phones: the table screen's lobby (the QR code, who has joined), and a card in play with
    a correction under way, for every size of party, with landscape and portrait cards."""
    names = party(count, language)
    design = design_file(tmp_path, language, deck=3, orientation=orientation)
    deck = generate_deck(load_design(design))
    process, _, table_url, join_url = start_table(tmp_path, str(design), "--players", ",".join(names))
    try:
        table = browser.new_page(viewport={"width": 1280, "height": 720})
        table.goto(table_url)
        table.wait_for_selector("#reveal")
        (phone,) = seat(browser, join_url, names[-1:])
        check_table(table, f"{count}-{orientation}-lobby")
        reveal(table)
        check_phone(phone, names[-1], f"{count}-{orientation}-card")
        tap(phone, answer(table, deck))
        table.click(f"li[data-player='{names[-1]}'] button.tile")
        table.wait_for_selector(".correction")
        check_table(table, f"{count}-{orientation}-correction")
        shot(phone, f"phone-{count}-{orientation}.png")
    finally:
        process.kill()
        process.wait(timeout=10)
        for context in browser.contexts:
            context.close()


@in_chromium
def test_a_phone_whose_first_sockets_close_before_the_table_answers_joins_by_itself(browser, tmp_path):
    """A Wi-Fi blip while joining (or a phone too slow to say hello within the server's 2 s):
    the socket closes before the table has said anything. The phone tries again by itself and
    reaches the choice of names, then its seat (before, it stayed on an empty page)."""
    names = party(3, "en")
    process, _, _, join_url = start_table(tmp_path, "--players", ",".join(names))
    try:
        phone = browser.new_context(viewport=PHONE).new_page()
        dropped = []

        def blip(ws):  # the first two sockets close unanswered; later ones reach the server
            if len(dropped) < 2:
                dropped.append(ws.url)
                ws.close()
            else:
                ws.connect_to_server()

        phone.route_web_socket("**/ws*", blip)
        phone.goto(join_url)
        choice = phone.get_by_role("button", name=names[0], exact=True)
        choice.click(timeout=15_000)
        phone.wait_for_selector(".grid")
        assert len(dropped) == 2
    finally:
        process.kill()
        process.wait(timeout=10)
        for context in browser.contexts:
            context.close()


@in_chromium
def test_a_phone_waiting_at_the_choice_of_names_opens_one_socket_and_keeps_its_seat(browser, tmp_path):
    """The table answers the choice of names and closes that socket: the phone waits there on the
    one answer (it does not ask again every half second, rebuilding the buttons under a finger),
    and a name tapped after a while is a seat that stays (before, a lobby socket opened on a timer
    beside the join erased the seat's token: one phone in three of an 8-phone party showed
    "Connection lost" right after tapping its name)."""
    names = party(3, "en")
    process, _, _, join_url = start_table(tmp_path, "--players", ",".join(names))
    try:
        phone = browser.new_context(viewport=PHONE).new_page()
        sockets = []
        phone.on("websocket", lambda ws: sockets.append(ws.url))
        phone.goto(join_url)
        choice = phone.get_by_role("button", name=names[0], exact=True)
        choice.wait_for()
        phone.wait_for_timeout(2_500)
        assert len(sockets) == 1
        choice.click()
        phone.wait_for_selector(".grid")
        phone.wait_for_timeout(2_500)
        assert phone.locator(".grid").count() == 1 and phone.locator(".you").inner_text() == names[0]
        assert len(sockets) == 2
        stored = dict(phone.evaluate("() => Object.entries(localStorage)"))
        assert len(stored) == 2 and len(set(stored.values())) == 1  # one seat's token, under both ways in
        assert f"rushmore-seat-{join_url.rsplit('/', 1)[1]}" in stored
    finally:
        process.kill()
        process.wait(timeout=10)
        for context in browser.contexts:
            context.close()


# A family at the table: twelve names of 24 letters sharing their first 20, the last letters of
# some alike too (Nina, Tina, Gina).
FAMILY = [
    f"Wolfgang-Oppenheime-{first}"
    for first in ("Anna", "Hans", "Jana", "Lena", "Nina", "Tina", "Gina", "Olga", "Emma", "Rosa", "Vera", "Ilse")
]

# What each name in ``selector`` reads on the page: (how many were looked at, the problems: two
# names that read the same, or a name still cut at its end by its box's ellipsis).
_TOLD_APART = """(selector) => {
  const bad = [];
  const seen = new Map();
  let count = 0;
  for (const node of document.querySelectorAll(selector)) {
    if (!node.getClientRects().length) continue;
    count += 1;
    const range = document.createRange();
    range.selectNodeContents(node);
    const style = getComputedStyle(node);
    const edges = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"];
    const room = node.getBoundingClientRect().width - edges.reduce((sum, edge) => sum + parseFloat(style[edge]), 0);
    if (range.getBoundingClientRect().width > room + 0.01) bad.push(`${node.dataset.name} ends in its box's ellipsis`);
    const text = node.textContent;
    if (seen.has(text) && seen.get(text) !== node.dataset.name) {
      bad.push(`${seen.get(text)} and ${node.dataset.name} both read "${text}"`);
    }
    seen.set(text, node.dataset.name);
  }
  return [count, bad];
}"""


def told_apart(page, selector: str, count: int, where: str):
    """The ``count`` names in ``selector`` each read differently from every other."""
    found, bad = page.evaluate(_TOLD_APART, selector)
    assert (found, bad) == (count, []), where


def end_rows(page) -> list[list[str]]:
    """The final scores' rows, cell by cell, a player's name read from its cell's label (the
    name shown may be cut in the middle)."""
    return page.evaluate(
        "() => [...document.querySelectorAll('table.end tbody tr')].map((row) =>"
        " [...row.cells].map((cell, i) => i === 0 ? cell.getAttribute('aria-label') : cell.innerText))"
    )


@in_chromium
def test_names_sharing_their_start_stay_told_apart_on_every_screen(browser, tmp_path):
    """Long names cut at their end all read "Wolfgang-Oppen…": cut in the middle, each tile of the
    table screen, each covered hand on a phone and each row of the final scores reads as no other,
    at 1280 x 720 and 1920 x 1080 and on 360 x 640 phones, every control still in reach."""
    names = FAMILY
    design = design_file(tmp_path, "en", deck=1)
    deck = generate_deck(load_design(design))
    process, _, table_url, join_url = start_table(tmp_path, str(design), "--players", ",".join(names), "--seed", "7")
    sizes = [(1280, 720), (1920, 1080)]
    try:
        table = browser.new_page(viewport={"width": 1280, "height": 720})
        table.goto(table_url)
        table.wait_for_selector("#reveal")
        phones = seat(browser, join_url, names)
        table.wait_for_function("() => [...document.querySelectorAll('.seat')].every((s) => s.textContent === '✓')")

        def look(phase, grid_hands=0):
            for width, height in sizes:
                resize(table, width, height)
                where = f"{phase}, {width} x {height}"
                assert out_of_reach(table) == [], where
                told_apart(table, ".players [data-name]", len(names), where)
                shot(table, f"family-{phase}-{width}x{height}.png")
            resize(table, *sizes[0])
            for name, phone in zip(names, phones):
                assert out_of_reach(phone) == [], f"{name}'s phone, {phase}"
                told_apart(phone, ".grid [data-name]", grid_hands, f"{name}'s phone, {phase}")
            shot(phones[0], f"family-{phase}-phone.png")

        look("lobby")
        reveal(table)
        right = answer(table, deck)
        tap(phones[0], right)  # the first is right; the others but the last each cover a Monument of their own
        wrong = [monument for monument in monuments(phones[0]) if monument != right]
        for phone, monument in zip(phones[1:-1], wrong):
            tap(phone, monument)
        for phone in phones:
            phone.wait_for_function(f"() => document.querySelectorAll('.monument.covered').length === {len(names) - 1}")
        look("hands", grid_hands=len(names) - 1)
        phones[-1].click("button.pass")
        table.wait_for_selector(".end-view")
        for width, height in sizes:
            resize(table, width, height)
            assert out_of_reach(table) == [], f"end, {width} x {height}"
            told_apart(table, "table.end [data-name]", len(names), f"end, {width} x {height}")
            shot(table, f"family-end-{width}x{height}.png")
        rows = end_rows(table)
        assert rows[0][:2] == [names[0], "1"] and sorted(row[0] for row in rows) == sorted(names)
        for name, phone in zip(names, phones):
            phone.wait_for_selector(".over")
            assert out_of_reach(phone) == [], f"{name}'s phone, end"
            told_apart(phone, "table.end [data-name]", len(names), f"{name}'s phone, end")
        shot(phones[0], "family-end-phone.png")
    finally:
        process.kill()
        process.wait(timeout=10)
        for context in browser.contexts:
            context.close()


def monuments(phone) -> list[str]:
    """The Monuments of the grid as a phone shows them (their card ids), row after row."""
    return phone.evaluate(
        "() => [...document.querySelectorAll('button.monument img')].map((img) =>"
        " img.getAttribute('src').split('/').pop().replace('.svg', ''))"
    )
