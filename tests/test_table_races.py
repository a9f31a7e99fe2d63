"""Fair races through the real server (issue 31.4): simulated phones with their own clocks and
injected latency answer the server's pings and stamp their taps; the earlier tap wins though
its message arrives later, and a phone that lies about its clock cannot win a race it lost."""

import asyncio
import contextlib
import json
import time

import aiohttp

from rushmore_print.game.races import MAX_WINDOW
from rushmore_print.game.session import Options, Session
from rushmore_print.web.guards import Hosts, Notes, bound_socket
from rushmore_print.web.room import Room
from rushmore_print.web.server import FIRST_PINGS, TableServer, serve


class Phone:
    """A phone whose clock reads ``offset`` seconds off the server's and whose every message takes
    ``delay`` seconds each way (the socket itself is loopback: the delay is slept)."""

    def __init__(self, ws, offset, delay, lie=0.0):
        self.ws, self.offset, self.delay, self.lie = ws, offset, delay, lie
        self.states: asyncio.Queue = asyncio.Queue()
        self.notes: list[str] = []
        self.sent_claim_at = None
        self._tasks: set = set()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    def clock_ms(self):
        return (time.monotonic() + self.offset) * 1000

    def _later(self, coroutine):
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _read(self):
        async for message in self.ws:
            data = json.loads(message.data)
            if data["t"] == "ping":
                self._later(self._answer(data["n"]))
            elif data["t"] == "state":
                self._later(self._arrive(data))
            elif data["t"] == "note":
                self.notes.append(data["text"])

    async def _answer(self, number):
        await asyncio.sleep(self.delay)  # the ping on its way to the phone
        reading = self.clock_ms()
        await asyncio.sleep(self.delay)  # the answer on its way back
        await self.ws.send_json({"t": "pong", "n": number, "clock": reading})

    async def _arrive(self, state):
        await asyncio.sleep(self.delay)
        await self.states.put(state)

    async def until(self, test):
        while True:
            state = await asyncio.wait_for(self.states.get(), 5)
            if test(state):
                return state

    async def tap(self, position):
        stamp = self.clock_ms() - self.lie * 1000
        await asyncio.sleep(self.delay)
        self.sent_claim_at = time.monotonic()
        await self.ws.send_json({"t": "claim", "at": position, "tap": stamp})


@contextlib.asynccontextmanager
async def table_with_phones(classic, classic_deck, phones):
    """A served game of the players in ``phones`` (name -> (clock offset, delay, lie)), each phone
    seated and pinged; yields the server, the table screen's socket and the phones."""
    names = tuple(phones)
    session = Session.new(
        classic_deck, classic.rules, classic.grid, Options(names, seed=5), design_name=classic.name, hold=True
    )
    room = Room(session, [].append)
    room.begin()
    server = TableServer(room, {}, "http://127.0.0.1/j/X", "<svg/>", countdown=0.01, notes=Notes([].append))
    sock = bound_socket("127.0.0.1", 0)
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server.hosts = Hosts.of(sock.getsockname()[1])
    task = asyncio.create_task(serve(server, sock))
    try:
        async with aiohttp.ClientSession() as http:
            table = await http.ws_connect(f"{base}/ws?key={room.table_key}")
            await table.send_json({"t": "table", "key": room.table_key})
            seated = {}
            for name, (offset, delay, lie) in phones.items():
                ws = await http.ws_connect(f"{base}/ws")
                await ws.send_json({"t": "phone", "code": room.join_code, "name": name})
                seated[name] = Phone(ws, offset, delay, lie)

            def pinged(name):
                return len(server.clients[name].clock.pings) if name in server.clients else 0

            while min(pinged(name) for name in names) < FIRST_PINGS - 1:
                await asyncio.sleep(0.05)
            yield server, table, seated
    finally:
        server.ended.set()
        await task
        sock.close()


async def race(server, table, phones, first, second, gap):
    """Reveal a card; ``first`` taps the answer, ``second`` taps it ``gap`` seconds later. Who covered it."""
    await table.send_json({"t": "reveal"})
    states = [await phone.until(lambda s: s["phase"] == "play") for phone in phones.values()]
    answer = next(p for row in states[0]["grid"] for p, m in row if m == server.room.game.current.answer)
    first_tap = asyncio.create_task(phones[first].tap(answer))
    await asyncio.sleep(gap)
    await phones[second].tap(answer)
    await first_tap
    state = await phones[first].until(lambda s: answer in s["covered"])
    return state["covered"][answer], answer


def test_the_earlier_tap_wins_though_its_message_arrives_later(classic, classic_deck):
    async def main():
        # ann's Wi-Fi takes 120 ms a way, bob's and cyd's 3 ms; their clocks are hours apart
        phones = {"ann": (-7200.0, 0.120, 0.0), "bob": (+9.5, 0.003, 0.0), "cyd": (3600.0, 0.003, 0.0)}
        async with table_with_phones(classic, classic_deck, phones) as (server, table, seated):
            winner, _ = await race(server, table, seated, "ann", "bob", gap=0.020)
            assert seated["bob"].sent_claim_at < seated["ann"].sent_claim_at  # bob's claim arrived first
            assert winner == "ann"
            await asyncio.sleep(0.2)
            assert any(note.endswith("is already covered by ann") for note in seated["bob"].notes)

    asyncio.run(main())


def test_a_phone_lying_about_its_clock_cannot_win_a_race_it_lost(classic, classic_deck):
    async def main():
        # bob taps after ann and stamps his tap a second early; his messages take 3 ms. A lie buys
        # at most his allowance (never past MAX_WINDOW): a busy machine stretches the pings that
        # measure it, so he taps later than that (50 ms behind, he won once under load)
        phones = {"ann": (100.0, 0.060, 0.0), "bob": (-50.0, 0.003, 1.0), "cyd": (0.0, 0.003, 0.0)}
        async with table_with_phones(classic, classic_deck, phones) as (server, table, seated):
            winner, _ = await race(server, table, seated, "ann", "bob", gap=MAX_WINDOW + 0.050)
            assert winner == "ann"

    asyncio.run(main())
