"""``table --resume`` after the server was killed mid-game (issue 31, item 5): the same game goes
on, and the phones get their seats back with the tokens they saved (the join code, the table key
and each seat survive the restart beside the log)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time

import aiohttp
import pytest

from rushmore_print.web.seats import seats_path

from .test_table_server import receive, until

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform == "win32", reason="the test kills the server with SIGKILL"),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serving(args, cwd):
    """``rushmore table ARGS`` in a process of its own; (process, table key, join code) once it serves."""
    process = subprocess.Popen(
        [sys.executable, "-m", "rushmore_print", "table", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd,
    )  # fmt: skip
    said = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and "players join" not in "".join(said):
        line = process.stdout.readline()
        if not line and process.poll() is not None:
            pytest.fail("rushmore table stopped: " + process.stderr.read())
        said.append(line)
    text = "".join(said)
    key = re.search(r"/table\?key=(\S+)", text).group(1)
    code = re.search(r"/j/([A-Z0-9]+)", text).group(1)
    return process, key, code


async def screens(port, key, code, names=None, tokens=None):
    """The table screen and a phone per player: joining by name (``names``) or coming back with a
    saved token (``tokens``); their sockets and the tokens."""
    session = aiohttp.ClientSession(f"http://127.0.0.1:{port}")
    table = await session.ws_connect("/ws", headers={"Origin": f"http://127.0.0.1:{port}"})
    await table.send_json({"t": "table", "key": key})
    state = await receive(table)
    phones, saved = {}, {}
    for name in names or tokens:
        phone = await session.ws_connect("/ws", headers={"Origin": f"http://127.0.0.1:{port}"})
        if tokens:
            await phone.send_json({"t": "phone", "code": code, "token": tokens[name]})
        else:
            await phone.send_json({"t": "phone", "code": code, "name": name})
            saved[name] = (await receive(phone, "seated"))["token"]
        assert (await receive(phone))["you"] == name  # seated: the phone's own state
        phones[name] = phone
    return session, table, phones, saved, state


def test_the_table_killed_mid_game_resumes_with_the_same_seats(tmp_path, classic_deck):
    port = free_port()
    log = tmp_path / "g.jsonl"
    first, key, code = serving(["--players", "ann,bob", "--seed", "3", "--countdown", "0.05", "--port", str(port),
                                "--log", str(log)], tmp_path)  # fmt: skip

    async def before_the_crash():
        session, table, phones, tokens, _ = await screens(port, key, code, names=("ann", "bob"))
        await table.send_json({"t": "reveal"})
        state = await until(phones["ann"], lambda s: s["phase"] == "play")
        answer = classic_deck.search_card(state["card"]["id"]).answer
        position = next(p for row in state["grid"] for p, m in row if m == answer)
        await phones["ann"].send_json({"t": "claim", "at": position})
        await until(table, lambda s: s["players"][0]["hand"] == position)
        await session.close()
        return tokens, position

    try:
        tokens, position = asyncio.run(before_the_crash())
        os.kill(first.pid, signal.SIGKILL)  # mid-turn: ann's hand is down, bob's is not
        first.wait(timeout=10)
    finally:
        first.kill()
    kept = seats_path(log)
    assert kept.exists() and stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert all(token not in kept.read_text() for token in tokens.values())  # only their hashes are kept

    again, key_again, code_again = serving(["--resume", str(log), "--port", str(port)], tmp_path)
    try:
        assert (key_again, code_again) == (key, code)  # the table screen's address and the phones' code work on

        async def after_the_restart():
            session, table, phones, _, state = await screens(port, key, code, tokens=tokens)
            assert state["phase"] == "play" and {p["name"]: p["hand"] for p in state["players"]} == {
                "ann": position,
                "bob": None,
            }  # the same game, the same turn: ann's hand still down
            assert {p["name"] for p in state["players"] if p["seated"]} == {"ann", "bob"}
            await phones["bob"].send_json({"t": "pass"})
            judged = await until(table, lambda s: s["players"][0]["score"] == 1)
            assert judged["said"] and "ann" in judged["said"][-1]
            stranger = await session.ws_connect("/ws", headers={"Origin": f"http://127.0.0.1:{port}"})
            await stranger.send_json({"t": "phone", "code": code, "token": "a token nobody was given"})
            assert (await receive(stranger, "lobby"))["free"] == []  # both seats are taken: nothing to steal
            await session.close()

        asyncio.run(after_the_restart())
    finally:
        again.kill()
        again.wait(timeout=10)
