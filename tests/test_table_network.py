"""The browser table on a shared network (issue 31.3): a real server on a loopback socket, its
traffic from loopback only; a stranger is another loopback address (127.0.0.23), which gets no
exemption. Join codes guessed, hosts that are not this server's, sockets that never speak, a
seat that opens 40 sockets, and nothing on the terminal but short notes."""

import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
import time

import aiohttp
import pytest

from rushmore_print.game.session import Options, Session
from rushmore_print.web.guards import FIRST_MESSAGE_S, Doors, Hosts, Notes, bound_socket
from rushmore_print.web.room import Room
from rushmore_print.web.server import REPLACED, TableServer, serve

STRANGER = "127.0.0.23"
SLACK_S = 1.5  # a shared test machine's event loop may run this late


def make_server(classic, classic_deck, players=("ann", "bob"), said=None):
    session = Session.new(
        classic_deck, classic.rules, classic.grid, Options(tuple(players), seed=3), design_name=classic.name, hold=True
    )
    room = Room(session, [].append)
    room.begin()
    cards = {card.id: f"<svg id='{card.id}'/>" for card in [*classic_deck.monuments, *classic_deck.search]}
    notes = Notes((said if said is not None else []).append)
    return TableServer(room, cards, f"http://127.0.0.1/j/{room.join_code}", "<svg/>", countdown=0.01, notes=notes)


@contextlib.asynccontextmanager
async def serving(server, announced=()):
    sock = bound_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server.hosts = Hosts.of(port, announced)
    task = asyncio.create_task(serve(server, sock))
    try:
        yield f"http://127.0.0.1:{port}", port
    finally:
        server.ended.set()
        await task
        sock.close()


def session_from(address=None):
    connector = aiohttp.TCPConnector(local_addr=(address, 0) if address else None, limit=0, force_close=True)
    return aiohttp.ClientSession(connector=connector)


async def receive(ws, kind="state"):
    """The next message of ``kind`` (skipping the others: pings, notes, states), or the socket's
    closing; a test that waits for one in vain fails within 5 s (pings keep coming meanwhile)."""
    return await asyncio.wait_for(_next(ws, kind), 5)


async def _next(ws, kind):
    while True:
        message = await ws.receive()
        if message.type is not aiohttp.WSMsgType.TEXT:
            return message
        data = json.loads(message.data)
        if data["t"] == kind:
            return data


async def table_socket(http, base, server):
    ws = await http.ws_connect(f"{base}/ws?key={server.room.table_key}")
    await ws.send_json({"t": "table", "key": server.room.table_key})
    return ws, await receive(ws)


async def join(http, base, server, name):
    ws = await http.ws_connect(f"{base}/ws")
    await ws.send_json({"t": "phone", "code": server.room.join_code, "name": name})
    seated = await receive(ws, "seated")
    return ws, seated["token"]


def test_with_lan_a_foreign_host_gets_421_and_the_announced_names_are_served(classic, classic_deck):
    server = make_server(classic, classic_deck)

    announced = ("192.168.1.20", "flat-pc", "flat-pc.local")

    async def main():
        async with serving(server, announced) as (base, port), session_from() as http:
            path = f"{base}/j/{server.room.join_code}"
            for host in ("192.168.1.20", "flat-pc", "FLAT-PC.local", "localhost", "127.0.0.1"):
                async with http.get(path, headers={"Host": f"{host}:{port}"}) as response:
                    assert response.status == 200, host
            for host in (f"rebind.example:{port}", "192.168.1.20:1", "192.168.1.20", f"[::2]:{port}", ""):
                async with http.get(path, headers={"Host": host}) as response:
                    assert response.status == 421, host
                    assert "another name" in await response.text()
            origin = {"Origin": "http://rebind.example"}
            async with http.get(f"{base}/ws", headers={**origin, "Upgrade": "websocket"}) as response:
                assert response.status == 403

    asyncio.run(main())


def test_100_wrong_codes_from_one_address_get_at_most_20_telling_answers(classic, classic_deck):
    players = tuple(f"p{n}" for n in range(64))
    server = make_server(classic, classic_deck, players=players)

    async def main():
        async with serving(server) as (base, _port), session_from(STRANGER) as stranger, session_from() as home:
            telling = 0
            for n in range(100):
                if n % 2:
                    async with stranger.get(f"{base}/j/W{n:06d}") as response:  # W and 0 are not in codes
                        telling += response.status != 429
                else:  # the same tries over the websocket count against the same address
                    ws = await stranger.ws_connect(f"{base}/ws")
                    await ws.send_json({"t": "phone", "code": f"W{n:06d}", "name": "p0"})
                    answer = await receive(ws, "note")
                    telling += not isinstance(answer, dict)  # closed without a word: a wrong code
            assert telling <= 20, telling
            # while it waits, the right code gets the same answer as a wrong one: nothing learnt
            async with stranger.get(f"{base}/j/{server.room.join_code}") as response:
                assert response.status == 429 and int(response.headers["Retry-After"]) >= 1
            # the players at home are never held back: every seat joins from one address at once
            phones = await asyncio.gather(*(join(home, base, server, name) for name in players))
            assert len({token for _, token in phones}) == 64 and server.room.seated() == set(players)
            _, state = await table_socket(home, base, server)
            assert len([p for p in state["players"] if p["seated"]]) == 64

    asyncio.run(main())


def test_a_seat_holding_40_sockets_leaves_the_table_screen_able_to_connect(classic, classic_deck):
    server = make_server(classic, classic_deck)

    async def main():
        async with serving(server) as (base, _port), session_from(STRANGER) as phone, session_from() as home:
            first, token = await join(phone, base, server, "ann")
            sockets = [first]
            for _ in range(39):
                ws = await phone.ws_connect(f"{base}/ws")
                await ws.send_json({"t": "phone", "code": server.room.join_code, "token": token})
                await receive(ws)
                sockets.append(ws)
            closed = [await receive(ws, "never") for ws in sockets[:-1]]  # each replaced by the next
            assert {(message.type, message.data) for message in closed} == {(aiohttp.WSMsgType.CLOSE, REPLACED)}
            silent = [await phone.ws_connect(f"{base}/ws") for _ in range(40)]  # never say who they are
            table, _ = await table_socket(home, base, server)
            await table.send_json({"t": "reveal"})
            state = await receive(sockets[-1])
            while state["phase"] != "play":
                state = await receive(sockets[-1])
            assert len(server.clients) == 2  # ann's last socket and the table
            for ws in silent:
                await ws.close()

    asyncio.run(main())


class RecordedDoors(Doors):
    """The server's own count of its connections, with how long each lived from accept to close."""

    def __init__(self):
        super().__init__()
        self.accepted, self.lived = {}, []

    def admit(self, transport, address):
        self.accepted[transport] = time.monotonic()
        return super().admit(transport, address)

    def left(self, transport):
        if transport in self.accepted:
            self.lived.append(time.monotonic() - self.accepted.pop(transport))
        super().left(transport)


@pytest.mark.slow  # 12 s of waiting; the default run closes one silent websocket after 2 s
def test_1500_silent_sockets_are_closed_within_2_s_each_and_the_table_plays_on(classic, classic_deck):
    said = []
    server = make_server(classic, classic_deck, said=said)
    server.doors = RecordedDoors()
    addresses = [STRANGER] + [f"127.0.1.{n}" for n in range(1, 100)]

    async def silent(port, address):
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
        with contextlib.suppress(ConnectionError):
            await asyncio.wait_for(reader.read(), FIRST_MESSAGE_S + 10)  # the server closes it: b""
        writer.close()

    async def main():
        async with serving(server) as (base, port):
            for batch in range(6):  # 250 at once, six times: from one stranger, then from a hundred addresses
                chosen = [STRANGER] * 250 if batch < 2 else [addresses[n % 100] for n in range(250)]
                await asyncio.gather(*(silent(port, address) for address in chosen))
            lived = server.doors.lived  # counted from the server's accept, as the server counts them
            assert len(lived) == 1500 and max(lived) < FIRST_MESSAGE_S + SLACK_S, max(lived)
            await asyncio.sleep(0.1)
            assert server.doors.count == 0
            async with session_from() as home:
                table, _ = await table_socket(home, base, server)
                ann, _ = await join(home, base, server, "ann")
                await table.send_json({"t": "reveal"})
                state = await receive(ann)
                while state["phase"] != "play":
                    state = await receive(ann)
                answer = server.room.game.table.position_of(server.room.game.current.answer)
                await ann.send_json({"t": "claim", "at": answer, "tap": 1.0})
                while answer not in state["covered"]:
                    state = await receive(table)
        assert not said  # closing silent sockets is routine, nothing to tell the terminal

    asyncio.run(main())


def test_a_websocket_that_never_says_who_it_is_is_closed_after_2_s(classic, classic_deck):
    server = make_server(classic, classic_deck)

    async def main():
        async with serving(server) as (base, _port), session_from(STRANGER) as http:
            ws = await http.ws_connect(f"{base}/ws")
            opened = time.monotonic()
            message = await asyncio.wait_for(ws.receive(), FIRST_MESSAGE_S + 5)
            assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            assert FIRST_MESSAGE_S - 0.1 < time.monotonic() - opened < FIRST_MESSAGE_S + SLACK_S

    asyncio.run(main())


def test_a_long_header_line_and_an_oversize_frame_get_a_short_note_never_a_traceback(
    classic, classic_deck, capfd, caplog
):
    said = []
    server = make_server(classic, classic_deck, said=said)

    async def main():
        async with serving(server) as (base, port):
            for _ in range(5):
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(STRANGER, 0))
                writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Long: %s\r\n\r\n" % (port, b"x" * 100_000))
                with contextlib.suppress(ConnectionError):
                    await writer.drain()
                    answer = await asyncio.wait_for(reader.read(), 5)
                    assert re.match(rb"HTTP/1\.[01] 4\d\d ", answer), answer[:40]
                writer.close()
            async with session_from() as home:
                ann, _ = await join(home, base, server, "ann")
                await ann.send_str("x" * 100_000)
                assert (await receive(ann, "never")).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)

    asyncio.run(main())
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and not err.strip(), err[-2000:]
    assert not caplog.records  # nothing reached the root logger (and so the terminal)
    assert len(said) == 1 and said[0].startswith("note: the server refused a request"), said


# A server whose accepting has paused for want of descriptors is stopped: asyncio tries accepting
# again a second later on the closed socket (a retry per failed accept), as the program ends.
PAUSED_AT_SHUTDOWN = """
import asyncio, os, resource, socket
from aiohttp import web
from rushmore_print.web.guards import Doors, Notes, bound_socket, serve_guarded

resource.setrlimit(resource.RLIMIT_NOFILE, (64, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

async def main():
    stop, sock = asyncio.Event(), bound_socket("127.0.0.1", 0)
    task = asyncio.create_task(serve_guarded(web.Application(), sock, Doors(), Notes(print), stop))
    await asyncio.sleep(0.2)
    client = socket.socket()
    client.setblocking(False)
    client.connect_ex(sock.getsockname())
    spare = []  # every descriptor taken: the server's accept fails, and accepting pauses
    try:
        while True:
            spare.append(os.open(os.devnull, os.O_RDONLY))
    except OSError:
        pass
    await asyncio.sleep(0.2)
    for fd in spare:
        os.close(fd)
    stop.set()
    await task
    await asyncio.sleep(1.5)  # the program runs on a moment, the event loop with it
    print("stopped")

asyncio.run(main())
"""


@pytest.mark.skipif(sys.platform == "win32", reason="no descriptor limit to run out of")
def test_a_server_stopped_while_accepting_is_paused_stops_without_a_traceback():
    done = subprocess.run(
        [sys.executable, "-c", PAUSED_AT_SHUTDOWN], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr and not done.stderr.strip(), done.stderr[-2000:]
    assert done.stdout.splitlines() == [
        "note: the server ran out of file descriptors (raise ulimit -n): Too many open files",
        "stopped",
    ], done.stdout


@pytest.mark.slow  # the whole command under a descriptor limit; the default run keeps the server's own tests
def test_under_ulimit_256_hundreds_of_silent_sockets_print_no_traceback(tmp_path):
    """The whole command as a game master runs it, with macOS's default descriptor limit."""
    resource = pytest.importorskip("resource")

    def limited():
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

    command = [sys.executable, "-m", "rushmore_print", "table", "--players", "ann,bob", "--port", "0", "--lan",
               "--countdown", "0", "--log", str(tmp_path / "g.jsonl")]  # fmt: skip
    environment = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limited, env=environment
    )
    try:
        lines = [process.stdout.readline() for _ in range(4)]
        port, key = re.search(r":(\d+)/table\?key=(\S+)", "".join(lines)).groups()
        code = re.search(r"/j/([A-Z0-9]+)", "".join(lines)).group(1)

        async def main():
            async def silent(address):
                with contextlib.suppress(OSError):
                    reader, writer = await asyncio.open_connection("127.0.0.1", int(port), local_addr=(address, 0))
                    with contextlib.suppress(ConnectionError):
                        await asyncio.wait_for(reader.read(), FIRST_MESSAGE_S + 5)
                    writer.close()

            chosen = [STRANGER] * 100 + [f"127.0.2.{n % 60 + 1}" for n in range(300)]
            strangers = asyncio.gather(*(silent(address) for address in chosen))
            await asyncio.sleep(0.3)
            async with session_from() as home:  # meanwhile, the game goes on
                table = await home.ws_connect(f"http://127.0.0.1:{port}/ws?key={key}")
                await table.send_json({"t": "table", "key": key})
                await receive(table)
                ann = await home.ws_connect(f"http://127.0.0.1:{port}/ws")
                await ann.send_json({"t": "phone", "code": code, "name": "ann"})
                await receive(ann, "seated")
                await table.send_json({"t": "end"})
                await receive(table, "never")
            await strangers

        asyncio.run(main())
        process.wait(timeout=20)
    finally:
        process.kill()
        _out, err = process.communicate()
    assert "Traceback" not in err and len(err.splitlines()) <= 3, err[-3000:]


def test_strangers_on_seven_addresses_hold_back_the_typed_code_but_never_the_qr_code(classic, classic_deck):
    players = tuple(f"p{n}" for n in range(20))
    server = make_server(classic, classic_deck, players=players)
    strangers = [f"127.0.0.{30 + n}" for n in range(7)]

    async def main():
        async with serving(server) as (base, _port), session_from() as home:
            for address in strangers:  # five wrong codes each: 35, past the bucket every address shares
                async with session_from(address) as stranger:
                    for n in range(5):
                        async with stranger.get(f"{base}/j/W{n:06d}") as response:
                            assert response.status in (404, 429)
            # the short code typed at home now waits, and the phone is told why and what to do
            async with home.get(f"{base}/j/{server.room.join_code}") as response:
                assert response.status == 429
                assert "many wrong codes" in await response.text() and "QR code" in await response.text()
            # the QR code's address joins at once, page and socket, every one of twenty phones
            async with home.get(f"{base}/j/{server.room.join_key}") as response:
                assert response.status == 200
            async with session_from(strangers[0]) as stranger, stranger.get(f"{base}/j/{server.room.join_key}") as got:
                assert got.status == 200  # even from a guesser's own address

            async def scan(name):
                ws = await home.ws_connect(f"{base}/ws")
                await ws.send_json({"t": "phone", "code": server.room.join_key, "name": name})
                return (await receive(ws, "seated"))["token"]

            tokens = await asyncio.gather(*(scan(name) for name in players))
            assert len(set(tokens)) == 20 and server.room.seated() == set(players)

    asyncio.run(main())


def test_the_qr_codes_key_is_long_random_and_not_the_short_code(classic, classic_deck):
    from rushmore_print.web.room import JOIN_KEY_LENGTH, KEY_LETTERS

    keys = {make_server(classic, classic_deck).room.join_key for _ in range(50)}
    assert len(keys) == 50  # never the same twice
    assert all(len(key) == JOIN_KEY_LENGTH == 22 and set(key) <= set(KEY_LETTERS) for key in keys)
    assert JOIN_KEY_LENGTH * 5 >= 110  # 32 letters: 5 bits each
    letters = "".join(sorted(keys))
    assert len(set(letters)) == 32  # all of base32 in use, not a narrow alphabet


def test_without_lan_the_terminal_says_no_phone_can_open_the_join_address(tmp_path):
    """Without --lan the join address and its QR code are 127.0.0.1's: a host who forgot it had a
    QR code that failed for every phone, and nothing said why. The terminal says so, in one line."""
    from .browser import start_table

    process, _log, _table, join = start_table(tmp_path, "--players", "ann,bob")
    try:
        time.sleep(0.3)
        printed = process.stdout.read()
    finally:
        process.kill()
        process.wait(timeout=10)
    assert join is not None and "127.0.0.1" in join
    assert "these addresses are this computer's own, which phones cannot open: start again with --lan" in printed
