"""Claim to every screen: how long after a phone sends a claim (or a pass) does every screen (the
table and each phone) hold the new state? Issue 31 asks for under 50 ms (95th percentile) on
loopback with 20 players. Starts ``rushmore table`` as its own process (as at a real table),
connects the table screen and one websocket a player, plays whole games (each turn one player
takes the card, the others pass, hands sent one after another) and prints a table of the delays.

Each phone does what the page's script does: it answers the server's pings at once with its own
clock and stamps its claims with it, so a claim waits for the collision window the server
measured (on loopback, a few milliseconds), as on a real table.

Run:  python bench/bench_table.py            (about 40 s)
"""

from __future__ import annotations

import asyncio
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp

from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import load_design

TARGET_MS = 50.0


class Screen:
    """One websocket as a page holds it: it answers pings with its clock (ms) and keeps the states."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse):
        self.ws = ws
        self.states: asyncio.Queue = asyncio.Queue()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            data = json.loads(message.data)
            if data["t"] == "ping":
                await self.ws.send_json({"t": "pong", "n": data["n"], "clock": time.perf_counter() * 1000})
            elif data["t"] in ("state", "seated"):
                await self.states.put((data, time.perf_counter()))
        await self.states.put((None, time.perf_counter()))

    async def send_json(self, message: dict) -> None:
        await self.ws.send_json(message)


async def receive_state(screen: Screen) -> dict:
    return (await until(screen, lambda state: True))[0]


async def until(screen: Screen, test) -> tuple[dict, float]:
    while True:
        data, at = await screen.states.get()
        if data is None:
            raise RuntimeError("socket closed")
        if data["t"] == "state" and test(data):
            return data, at


async def play(players: int, games: int) -> list[float]:
    deck = generate_deck(load_design())
    names = [f"p{i}" for i in range(players)]
    delays: list[float] = []
    folder = tempfile.mkdtemp(prefix="bench-table-")
    for game in range(games):
        process = subprocess.Popen(
            [sys.executable, "-m", "rushmore_print", "table", "--players", ",".join(names), "--seed", str(game),
             "--port", "0", "--countdown", "0", "--log", str(Path(folder) / f"{players}-{game}.jsonl")],
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        lines = [process.stdout.readline() for _ in range(3)]
        table_url = re.search(r"(http://\S+)/table\?key=(\S+)", "".join(lines))
        code = re.search(r"/j/([A-Z0-9]+)", "".join(lines)).group(1)
        base, key = table_url.group(1), table_url.group(2)
        try:
            async with aiohttp.ClientSession() as http:
                table = Screen(await http.ws_connect(f"{base.replace('http', 'ws')}/ws?key={key}"))
                await table.send_json({"t": "table", "key": key})
                await receive_state(table)
                phones = {}
                for name in names:
                    phone = Screen(await http.ws_connect(f"{base.replace('http', 'ws')}/ws"))
                    await phone.send_json({"t": "phone", "code": code, "name": name})
                    phones[name] = phone
                for phone in phones.values():  # seated, then the first state
                    await receive_state(phone)
                screens = [table, *phones.values()]
                await asyncio.sleep(1.5)  # the server learns each phone's clock
                for screen in screens:  # drain the seat broadcasts
                    while not screen.states.empty():
                        screen.states.get_nowait()
                turn = 0
                while True:
                    await table.send_json({"t": "reveal"})
                    states = await asyncio.gather(
                        *(until(ws, lambda s: s["phase"] in ("play", "over")) for ws in screens)
                    )
                    state = states[0][0]
                    if state["phase"] == "over":
                        break
                    answer = deck.search_card(state["card"]["id"]).answer
                    position = next(p for row in state["grid"] for p, m in row if m == answer)
                    active = [p["name"] for p in state["players"] if p["active"]]  # a tie-break: the tied only
                    taker = active[turn % len(active)] if turn % 3 else None  # a third of the cards nobody takes
                    order = [taker] + [n for n in active if n != taker] if taker else active
                    for name in order:
                        tap = time.perf_counter() * 1000
                        message = {"t": "claim", "at": position, "tap": tap} if name == taker else {"t": "pass"}
                        sent = time.perf_counter()
                        await phones[name].send_json(message)

                        def seen(s, name=name):
                            hand = next(p["hand"] for p in s["players"] if p["name"] == name)
                            return hand is not None or s["phase"] != "play"

                        arrived = await asyncio.gather(*(until(ws, seen) for ws in screens))
                        delays.append((max(at for _, at in arrived) - sent) * 1000)
                        if arrived[0][0]["phase"] != "play":
                            break
                    turn += 1
                    if arrived[0][0]["phase"] == "over":
                        break
                await table.send_json({"t": "end"})
        finally:
            process.wait(timeout=20)
    return delays


def main() -> None:
    rows = [["players", "screens", "claims", "median ms", "p95 ms", "max ms", "target ms"]]
    for players, games in ((2, 2), (5, 1), (10, 2), (20, 2)):
        delays = sorted(asyncio.run(play(players, games)))
        p95 = delays[min(len(delays) - 1, int(0.95 * len(delays)))]
        rows.append(
            [str(players), str(players + 1), str(len(delays)), f"{statistics.median(delays):.1f}", f"{p95:.1f}",
             f"{delays[-1]:.1f}", f"{TARGET_MS:g}"]
        )  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.rjust(width) for cell, width in zip(row, widths)))


if __name__ == "__main__":
    main()
