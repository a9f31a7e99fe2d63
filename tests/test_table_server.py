"""The browser table's server, in process (aiohttp's test client): what each screen may do, the
LAN safety rules, the one-screen mode, and a game that the log carries over to ``play``."""

import asyncio
import json

import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient, TestServer

from rushmore_print.game.logformat import parse_log
from rushmore_print.game.session import Options, Session
from rushmore_print.web.room import Room, RoomError
from rushmore_print.web.server import FREED, TableServer


def make_server(classic, classic_deck, players=("ann", "bob"), one_screen=False, penalty=False, seed=3):
    session = Session.new(
        classic_deck, classic.rules, classic.grid, Options(tuple(players), seed=seed, penalty=penalty),
        design_name=classic.name, hold=True,
    )  # fmt: skip
    written = []
    room = Room(session, written.append, one_screen=one_screen)
    room.begin()
    cards = {card.id: f"<svg id='{card.id}'/>" for card in [*classic_deck.monuments, *classic_deck.search]}
    server = TableServer(room, cards, f"http://127.0.0.1/j/{room.join_code}", "<svg/>", countdown=0.01)
    return server, written


def run(server, body):
    async def main():
        async with TestClient(TestServer(server.app())) as client:
            await body(client)

    asyncio.run(main())


async def receive(ws, kind="state"):
    """The next message of ``kind`` (skipping the others: pings, notes, states), or the socket's
    closing; a test that waits for one in vain fails within 5 s (pings keep coming meanwhile)."""
    return await asyncio.wait_for(_next(ws, kind), 5)


async def _next(ws, kind):
    while True:
        message = await ws.receive()
        if message.type is not WSMsgType.TEXT:
            return message
        data = json.loads(message.data)
        if data["t"] == kind:
            return data


async def table_socket(client, server):
    ws = await client.ws_connect("/ws")
    await ws.send_json({"t": "table", "key": server.room.table_key})
    await receive(ws)
    return ws


async def phone_socket(client, server, name):
    ws = await client.ws_connect("/ws")
    await ws.send_json({"t": "phone", "code": server.room.join_code, "name": name})
    assert (await receive(ws, "seated"))["name"] == name
    await receive(ws)
    return ws


async def until(ws, test):
    while True:
        state = await receive(ws)
        if test(state):
            return state


def test_pages_and_files_come_from_a_fixed_list(classic, classic_deck):
    server, _ = make_server(classic, classic_deck)

    async def body(client):
        page = await client.get(f"/table?key={server.room.table_key}")
        assert page.status == 200 and "default-src 'none'" in page.headers["Content-Security-Policy"]
        client.session.cookie_jar.clear()  # the table's cookie gone: what a stranger's browser asks
        for unkeyed in ("/table", "/table?key=guess", "/qr.svg", "/qr.svg?key="):  # the join code is the table's
            assert (await client.get(unkeyed)).status == 403, unkeyed
        assert (await client.get(f"/qr.svg?key={server.room.table_key}")).status == 200
        assert (await client.get("/static/table.js")).status == 200
        for path in ("/static/room.py", "/static/..%2Froom.py", "/static/../server.py", "/card/M99.svg", "/etc/passwd"):
            assert (await client.get(path)).status == 404, path
        assert (await client.get(f"/j/{server.room.join_code}")).status == 200
        assert (await client.get("/j/WRONG")).status == 404
        card = await client.get("/card/M01.svg")
        assert card.headers["Content-Type"] == "image/svg+xml" and await card.text() == "<svg id='M01'/>"
        # a name that is not this computer's: a DNS rebinding page cannot reach the table
        assert (await client.get("/table", headers={"Host": "evil.example:8000"})).status == 421

    run(server, body)


def test_the_printed_address_puts_the_key_in_a_cookie_and_out_of_the_address_bar(classic, classic_deck):
    """The TV's address bar is in view of the room: ``/table?key=K`` is answered with a redirect
    to the bare ``/table`` and the key in a cookie for the browser's session (HttpOnly,
    SameSite=Strict), which opens the page (a reload), the QR code and the table's socket; a
    browser without it (a phone at the address read off the TV) is refused all three."""
    server, _ = make_server(classic, classic_deck)
    key = server.room.table_key
    unkeyed = (
        "this page needs the table's key: open the address the terminal printed, in a browser that takes "
        "cookies (the key is kept in one, out of the address bar)"
    )

    async def body(client):
        cookie = f"rushmore-table-{client.port}"
        moved = await client.get(f"/table?key={key}", allow_redirects=False)
        assert (moved.status, moved.headers["Location"]) == (303, "/table")
        name_value, *attributes = [part.strip() for part in moved.headers["Set-Cookie"].split(";")]
        assert name_value == f"{cookie}={key}"
        named = {attribute.split("=")[0].lower(): attribute for attribute in attributes}
        assert named.keys() == {"httponly", "samesite", "path"}, attributes  # no Expires, no Max-Age
        assert (named["samesite"], named["path"]) == ("SameSite=Strict", "Path=/")
        page = await client.get("/table")  # the jar holds the cookie, as the TV's browser does
        assert page.status == 200 and "text/html" in page.headers["Content-Type"]
        assert (await client.get("/qr.svg")).status == 200
        table = await client.ws_connect("/ws")
        await table.send_json({"t": "table"})  # no key in the hello: the cookie came with the socket
        assert (await receive(table))["join"]["code"] == server.room.join_code
        await table.close()

        client.session.cookie_jar.clear()  # a phone's browser: it read the bare /table off the TV
        for wrong in ({}, {"Cookie": f"{cookie}=guess"}, {"Cookie": f"rushmore-table-1={key}"}):
            page = await client.get("/table", headers=wrong)
            assert (page.status, await page.text()) == (403, unkeyed), wrong
            assert (await client.get("/qr.svg", headers=wrong)).status == 403, wrong
        guessed = await client.get("/table?key=guess", allow_redirects=False)
        assert guessed.status == 403 and "Set-Cookie" not in guessed.headers
        phone = await client.ws_connect("/ws")
        await phone.send_json({"t": "table"})
        assert (await phone.receive()).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)

    run(server, body)


def test_a_socket_from_another_site_or_without_the_key_gets_nothing(classic, classic_deck):
    server, _ = make_server(classic, classic_deck)

    async def body(client):
        refused = await client.get("/ws", headers={"Origin": "http://evil.example", "Upgrade": "websocket"})
        assert refused.status == 403
        ws = await client.ws_connect("/ws")
        await ws.send_json({"t": "table", "key": "guess"})
        assert (await ws.receive()).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
        ws = await client.ws_connect("/ws")
        await ws.send_json({"t": "phone", "code": server.room.join_code})
        lobby = await receive(ws, "lobby")
        assert lobby == {"t": "lobby", "free": ["ann", "bob"], "over": False}  # names, whether it is over: no more

    run(server, body)


def test_only_the_table_reveals_and_undoes_and_a_phone_claims_only_for_itself(classic, classic_deck):
    server, written = make_server(classic, classic_deck)
    room = server.room

    async def body(client):
        table = await table_socket(client, server)
        ann = await phone_socket(client, server, "ann")
        await ann.send_json({"t": "reveal"})
        assert (await receive(ann, "note"))["text"] == "a phone may only claim or pass"
        await ann.send_json({"t": "undo"})
        assert (await receive(ann, "note"))["text"] == "a phone may only claim or pass"
        await table.send_json({"t": "reveal"})
        state = await until(table, lambda s: s["phase"] == "play")
        answer = room.game.table.position_of(room.game.current.answer)
        await ann.send_json({"t": "claim", "at": answer, "player": "bob"})  # "player" is ignored
        state = await until(table, lambda s: s["covered"])
        assert state["covered"] == {answer: "ann"}
        bob = await phone_socket(client, server, "bob")
        await bob.send_json({"t": "claim", "at": answer})
        assert (await receive(bob, "note"))["text"].endswith("is already covered by ann")
        await bob.send_json({"t": "pass"})
        state = await until(table, lambda s: s["phase"] == "ready")
        assert [p["score"] for p in state["players"]] == [1, 0] and state["card"] is None  # next card not shown
        await table.send_json({"t": "undo"})
        state = await until(table, lambda s: s["phase"] == "play")
        assert [p["score"] for p in state["players"]] == [0, 0] and state["covered"] == {answer: "ann"}

    run(server, body)
    kinds = [record["event"] for record in written]
    assert kinds[:2] == ["start", "revealed"] and kinds.count("undo") == 1
    assert all(isinstance(r["ms"], int) for r in written if r["event"] == "input")


def test_a_seat_is_taken_once_and_the_table_can_free_it(classic, classic_deck):
    server, _ = make_server(classic, classic_deck)

    async def body(client):
        first = await phone_socket(client, server, "ann")
        again = await client.ws_connect("/ws")
        await again.send_json({"t": "phone", "code": server.room.join_code, "name": "ann"})
        assert "ann has joined already on another phone" in (await receive(again, "note"))["text"]
        table = await table_socket(client, server)
        await table.send_json({"t": "free", "player": "ann"})
        await until(table, lambda s: not s["players"][0]["seated"])
        closed = await receive(first, "never")  # the freed phone is told so: back to the choice of names
        assert closed.type is WSMsgType.CLOSE and closed.data == FREED
        await phone_socket(client, server, "ann")

    run(server, body)


def test_a_phone_arriving_after_the_end_is_told_the_game_is_over_not_offered_a_seat(classic, classic_deck):
    """cy never joined; once ann has won, a phone opening the join address gets no seat to take
    and no "ask the game master to free yours" (no seat is freed after the end): the game is over."""
    server, _ = make_server(classic, classic_deck, players=("ann", "bob", "cy"))
    room = server.room

    async def body(client):
        table = await table_socket(client, server)
        ann, bob = await phone_socket(client, server, "ann"), await phone_socket(client, server, "bob")
        lobby = await client.ws_connect("/ws")
        await lobby.send_json({"t": "phone", "code": room.join_code})
        assert (await receive(lobby, "lobby"))["free"] == ["cy"]
        while room.phase() != "over":
            await table.send_json({"t": "reveal"})
            await until(table, lambda s: s["phase"] == "play")
            await ann.send_json({"t": "claim", "at": room.game.table.position_of(room.game.current.answer)})
            await bob.send_json({"t": "pass"})
            await table.send_json({"t": "change", "player": "cy", "at": "pass"})  # cy has no phone: the table passes
            await until(table, lambda s: s["phase"] != "play")
        late = await client.ws_connect("/ws")
        await late.send_json({"t": "phone", "code": room.join_code})
        assert await receive(late, "lobby") == {"t": "lobby", "free": [], "over": True}

    run(server, body)


def test_the_table_puts_down_the_hand_of_a_phone_that_died_mid_card(classic, classic_deck):
    """A phone dies with the card in play (its hand not down): the card waits on it, until the
    table screen puts that player's hand down for them, on a Monument or as a pass."""
    server, _ = make_server(classic, classic_deck, players=("ann", "bob", "cy"))
    room = server.room

    async def body(client):
        table = await table_socket(client, server)
        ann = await phone_socket(client, server, "ann")
        bob = await phone_socket(client, server, "bob")
        await table.send_json({"t": "reveal"})
        await until(table, lambda s: s["phase"] == "play")
        await bob.close()  # dead: its hand never comes; the table screen sees whose phone is gone
        state = await until(table, lambda s: not s["players"][1]["online"])
        assert [(p["seated"], p["online"]) for p in state["players"]] == [(True, True), (True, False), (False, False)]
        await ann.send_json({"t": "pass"})
        await until(table, lambda s: [p["waiting"] for p in s["players"]] == [False, True, True])
        answer = room.game.table.position_of(room.game.current.answer)
        await table.send_json({"t": "change", "player": "bob", "at": answer})  # bob says where his hand is
        await until(table, lambda s: s["covered"] == {answer: "bob"})
        await table.send_json({"t": "change", "player": "cy", "at": "pass"})  # cy never had a phone
        state = await until(table, lambda s: s["phase"] == "ready")
        assert [p["score"] for p in state["players"]] == [0, 1, 0] and state["number"] == 2

    run(server, body)


def test_messages_are_bounded_in_size_and_rate(classic, classic_deck):
    server, _ = make_server(classic, classic_deck)

    async def body(client):
        ann = await phone_socket(client, server, "ann")
        await ann.send_str("x" * 2000)
        assert (await receive(ann)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.ERROR)
        bob = await phone_socket(client, server, "bob")
        for _ in range(60):
            await bob.send_json({"t": "pass"})
        closing = await receive(bob, "never")
        assert closing.type in (WSMsgType.CLOSE, WSMsgType.CLOSED) and closing.extra == "too many messages"

    run(server, body)


def test_one_screen_takes_two_taps_a_turn(classic, classic_deck):
    server, written = make_server(classic, classic_deck, one_screen=True)
    room = server.room
    with pytest.raises(RoomError, match="played on one screen"):
        room.join("ann")

    async def body(client):
        table = await table_socket(client, server)
        for turn in range(3):
            await table.send_json({"t": "reveal"})  # tap 1
            await until(table, lambda s: s["phase"] == "play")
            await table.send_json({"t": "took", "player": "bob" if turn < 2 else None})  # tap 2
            await until(table, lambda s: s["phase"] == "ready")
        state = room.state()
        assert [p["score"] for p in state["players"]] == [0, 2]

    run(server, body)
    # the log is play's: it resumes there to the same scores
    text = "".join(json.dumps(record) + "\n" for record in written)
    records = parse_log(text)[0]
    resumed = Session.resume(classic_deck, classic.rules, classic.grid, records, design_name=classic.name)
    assert dict(resumed.game.scores()) == {"ann": 0, "bob": 2}


def test_a_resumed_table_shows_what_the_referee_said_last(classic, classic_deck):
    """After ``table --resume`` the TV's list of the referee's last words is the one it showed
    before the restart (a verdict, an undo, another verdict), not empty."""
    session = Session.new(
        classic_deck, classic.rules, classic.grid, Options(("ann", "bob"), seed=3), design_name=classic.name, hold=True
    )
    written: list[dict] = []
    room = Room(session, written.append)
    room.begin()
    for player in ("ann", "bob"):
        room.join(player)

    def position_of(monument: str) -> str:
        return next(p for row in room.state()["grid"] for p, m in row if m == monument)

    room.reveal()  # card 1: ann is right
    room.from_player("ann", {"t": "claim", "at": position_of(room.game.in_play().answer)})
    room.from_player("bob", {"t": "pass"})
    room.reveal()  # card 2: bob's claim taken back, then nobody is right
    wrong = next(m for row in room.state()["grid"] for _, m in row if m != room.game.in_play().answer)
    room.from_player("bob", {"t": "claim", "at": position_of(wrong)})
    room.from_table({"t": "undo"})
    room.from_player("bob", {"t": "pass"})
    room.from_player("ann", {"t": "pass"})
    said = room.state()["said"]
    assert len(said) == 3 and "ann" in said[0] and "bob" in said[1] and "nobody" in said[2], said

    records = parse_log("".join(json.dumps(record) + "\n" for record in written))[0]
    resumed = Session.resume(classic_deck, classic.rules, classic.grid, records, design_name=classic.name, hold=True)
    again = Room(resumed, [].append, records=[record for _, record in records])
    assert again.state()["said"] == said
    assert again.state("ann")["said"] == said  # the phones show the same words


def test_the_state_shows_no_card_before_it_is_revealed_and_no_token(classic, classic_deck):
    server, _ = make_server(classic, classic_deck)
    room = server.room
    token = room.join("ann")
    state = room.state("ann")
    assert state["phase"] == "ready" and state["card"] is None
    assert token not in json.dumps(state) and room.table_key not in json.dumps(state)
    held = room.session.held.card.id
    assert held not in json.dumps(state)
    room.counting = True
    room.reveal()
    assert room.state("ann")["card"]["id"] == held
    with pytest.raises(RoomError, match="no such place"):
        room.from_player("ann", {"t": "claim", "at": "../../etc"})
    with pytest.raises(RoomError, match="no such player"):
        room.from_table({"t": "drop", "player": {"x": 1}})


@pytest.mark.slow
def test_a_game_begun_in_play_goes_on_at_the_browser_table_and_back(runner, tmp_path, classic, classic_deck):
    import re
    import subprocess
    import sys

    from aiohttp import ClientSession

    from rushmore_print.cli.commands import cli

    log = tmp_path / "g.jsonl"
    begun = runner.invoke(cli, ["play", "--players", "ann,bob", "--seed", "5", "--log", str(log)], input="a pass\n")
    assert begun.exit_code == 1  # the input ended before the game: saved, to be resumed
    process = subprocess.Popen(
        [sys.executable, "-m", "rushmore_print", "table", "--resume", str(log), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
    )  # fmt: skip
    try:
        lines = [process.stdout.readline() for _ in range(3)]
        url = re.search(r"http://(\S+)/table\?key=(\S+)", "".join(lines))

        async def body():
            async with ClientSession() as http:
                ws = await http.ws_connect(f"ws://{url.group(1)}/ws")
                await ws.send_json({"t": "table", "key": url.group(2)})
                state = await receive(ws)
                assert state["phase"] == "play" and state["players"][0]["hand"] == "pass"  # ann's pass kept
                await ws.send_json({"t": "end"})
                await receive(ws)

        asyncio.run(body())
        out, _ = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0
    assert f"game saved; continue with: rushmore table --resume {log}" in out
    finished = runner.invoke(cli, ["play", "--resume", str(log)], input="b pass\nquit\n")
    assert finished.exit_code == 0, finished.output
    assert "bob passes" in finished.output or "nobody is right" in finished.output


@pytest.mark.slow
def test_any_message_is_answered_with_a_sentence_never_an_exception(classic, classic_deck):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from rushmore_print.errors import RushmoreError

    server, _ = make_server(classic, classic_deck)
    room = server.room
    room.counting = True
    room.reveal()
    values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8), st.lists, max_leaves=4)
    kinds = st.sampled_from(["claim", "pass", "took", "change", "drop", "free", "undo", "x", 3])
    keys = st.sampled_from(["at", "player", "name"])
    messages = st.builds(lambda kind, rest: {"t": kind, **rest}, kinds, st.dictionaries(keys, values | st.just("A1")))

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(messages, st.booleans())
    def check(message, from_table):
        try:
            reply = room.from_table(message) if from_table else room.from_player("ann", message)
        except RushmoreError as exc:
            assert str(exc)
        else:
            assert reply.note is None or reply.note
        json.dumps(room.state("ann"))  # and the state stays showable

    check()


@pytest.mark.slow
def test_the_served_qr_code_carries_the_long_join_key_not_the_typed_code(tmp_path):
    import urllib.request

    from rushmore_print.web.card_svgs import qr_svg

    from .browser import start_table

    process, _log, table_url, join_url = start_table(tmp_path, "--players", "ann,bob", "--seed", "1")
    try:
        base, key = table_url.split("/table?key=")
        join_key = json.loads((tmp_path / "game.jsonl.seats").read_text())["join_key"]
        with urllib.request.urlopen(f"{base}/qr.svg?key={key}", timeout=10) as response:
            served = response.read().decode()
        assert served == qr_svg(f"{base}/j/{join_key}")
        assert served != qr_svg(join_url) and len(join_key) == 22 and join_key not in join_url
    finally:
        process.kill()
        process.wait(timeout=10)
