"""The browser table's server: aiohttp, one process, one game, offline.

aiohttp is one well-kept package (aio-libs) that holds the HTTP server, the websocket and a
client (the tests and the bench drive the server with it): no ASGI server to pair with it, and
its ``max_msg_size`` bounds every websocket message before it is parsed.

Everything served comes from memory, built at start: the pages and scripts of this package
(:data:`ASSETS`, looked up by fixed name, so no request reaches the file system), each card's
SVG and the join QR code. Safe on a LAN:

- it binds 127.0.0.1 unless asked (``--lan``); without ``--lan`` a request must name the host
  as 127.0.0.1 or localhost (a page elsewhere cannot reach it by a rebinding DNS name);
- a websocket must come from a page of this server (its Origin is checked);
- the table screen holds a key (in the address the terminal prints); only it reveals, corrects,
  undoes and ends; a phone holds a seat token and claims only for its own seat;
- every message is at most :data:`MAX_MESSAGE_BYTES`, JSON, checked by kind and value; each
  connection has a rate (a burst of :data:`BURST`, then :data:`RATE` a second), joins are
  limited per address, and at most :data:`MAX_CONNECTIONS` websockets are open at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from ..errors import GameLogError, RushmoreError
from ..language.i18n import Said, said
from .page_words import page_in
from .room import MAX_MESSAGE_BYTES, Room, RoomError

MAX_CONNECTIONS = 40  # websockets open at once: a big family, each on a phone, twice over
RATE = 8.0  # messages a second a connection may keep up (a tap is one)
BURST = 20.0
JOINS_PER_MINUTE = 12  # per address: a join code cannot be guessed by trying
ASSET_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
ASSETS = ("table.html", "phone.html", "table.js", "phone.js", "common.js", "layout.js", "style.css")
HEADERS = {
    # the pages run only their own script, talk only to this server, embed nothing from outside
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


@dataclass
class Bucket:
    """A token bucket: :data:`BURST` messages at once, then :data:`RATE` a second.

    >>> bucket = Bucket()
    >>> sum(bucket.take(now=100.0) for _ in range(25))  # a burst of 25 at once: 20 pass
    20
    >>> bucket.take(now=100.5)  # half a second later: 4 more have come back
    True
    """

    tokens: float = BURST
    at: float = 0.0

    def take(self, now: float) -> bool:
        """True if a message may pass at ``now`` (seconds), taking one token; False when the bucket is empty.

        >>> bucket = Bucket(tokens=1.0)
        >>> bucket.take(now=10.0), bucket.take(now=10.0), bucket.take(now=10.2)
        (True, False, True)
        """
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE) if self.at else self.tokens
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Client:
    """One open websocket: a seated player's phone (``player``) or the table screen (None), with its
    own rate limit.

    >>> client = Client(ws=None, player="ann", bucket=Bucket())
    >>> client.player, client.bucket.tokens == BURST
    ('ann', True)
    """

    ws: web.WebSocketResponse
    player: str | None  # None: the table screen
    bucket: Bucket


class TableServer:
    """The app for one :class:`Room`: ``cards`` maps a card id to its SVG, ``join_url`` is what
    the QR code and the table screen show, ``countdown`` the seconds of the count of three.

    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> from rushmore_print.web.room import Room
    >>> design = load_design()
    >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
    ...                       design_name=design.name, hold=True)
    >>> server = TableServer(Room(session, write=[].append), {}, "http://127.0.0.1:8000/j/ABCD", "<svg/>")
    >>> sorted(server.pages), server.countdown, server.local_only
    (['phone.html', 'table.html'], 3.0, True)
    """

    def __init__(
        self,
        room: Room,
        cards: dict[str, str],
        join_url: str,
        qr_svg: str,
        *,
        countdown: float = 3.0,
        local_only: bool = True,
        on_end: Callable[[], None] | None = None,
    ):
        self.room = room
        self.cards = {card: svg.encode("utf-8") for card, svg in cards.items()}
        self.join_url = join_url
        self.qr_svg = qr_svg.encode("utf-8")
        self.countdown = countdown
        self.local_only = local_only
        self.on_end = on_end
        self.clients: list[Client] = []
        self.assets = {name: (resources.files(__package__) / "static" / name).read_bytes() for name in ASSETS}
        t, design = room.t, room.session.design_name
        self.pages = {  # the pages in the players' language, made once
            "table.html": page_in(self.assets["table.html"], t, t.gettext("{design}: the table", design=design)),
            "phone.html": page_in(self.assets["phone.html"], t, t.gettext("{design}: your hand", design=design)),
        }
        self._joins: dict[str, list[float]] = {}
        self.ended = asyncio.Event()

    def app(self) -> web.Application:
        """The aiohttp application: the pages, their static files, the card pictures, the QR code and
        the websocket, each response with the pages' security headers.

        >>> from rushmore_print import generate_deck, load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> from rushmore_print.web.room import Room
        >>> design = load_design()
        >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
        ...                       design_name=design.name, hold=True)
        >>> server = TableServer(Room(session, write=[].append), {}, "http://127.0.0.1:8000/j/ABCD", "<svg/>")
        >>> sorted({route.resource.canonical for route in server.app().router.routes()})
        ['/', '/card/{card}.svg', '/favicon.ico', '/j/{code}', '/qr.svg', '/static/{name}', '/table', '/ws']
        """
        app = web.Application(client_max_size=MAX_MESSAGE_BYTES, middlewares=[self._guard])
        app.router.add_get("/", self._index)
        app.router.add_get("/table", self._page("table.html"))
        app.router.add_get("/j/{code}", self._join_page)
        app.router.add_get("/static/{name}", self._asset)
        app.router.add_get("/card/{card}.svg", self._card)
        app.router.add_get("/qr.svg", self._qr)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/favicon.ico", self._nothing)
        return app

    # -- HTTP

    @web.middleware
    async def _guard(self, request: web.Request, handler):
        if self.local_only and request.host.rsplit(":", 1)[0] not in ("127.0.0.1", "localhost", "[::1]"):
            text = self.room.t.gettext("this table serves only this computer (start it with --lan)")
            return web.Response(status=421, text=text)
        response = await handler(request)
        response.headers.update(HEADERS)
        return response

    async def _index(self, request: web.Request) -> web.Response:
        text = self.room.t.gettext("rushmore table: open the address the terminal printed")
        return web.Response(text=text, content_type="text/plain")

    async def _nothing(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    def _page(self, name: str):
        async def handler(request: web.Request) -> web.Response:
            return web.Response(body=self.pages[name], content_type="text/html", charset="utf-8")

        return handler

    async def _join_page(self, request: web.Request) -> web.Response:
        if request.match_info["code"].upper() != self.room.join_code:
            text = self.room.t.gettext("no game with this code: check the code on the table screen")
            return web.Response(status=404, text=text)
        return web.Response(body=self.pages["phone.html"], content_type="text/html", charset="utf-8")

    async def _asset(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in self.assets:  # a fixed list of names: nothing else is ever read
            raise web.HTTPNotFound()
        kind = ASSET_TYPES["." + name.rsplit(".", 1)[-1]]
        return web.Response(body=self.assets[name], content_type=kind, charset="utf-8")

    async def _card(self, request: web.Request) -> web.Response:
        svg = self.cards.get(request.match_info["card"])
        if svg is None:
            raise web.HTTPNotFound()
        response = web.Response(body=svg, content_type="image/svg+xml")
        return response

    async def _qr(self, request: web.Request) -> web.Response:
        return web.Response(body=self.qr_svg, content_type="image/svg+xml")

    # -- websockets

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            return web.Response(status=403, text="a websocket must come from this server's own pages")
        if len(self.clients) >= MAX_CONNECTIONS:
            return web.Response(status=503, text=self.room.t.gettext("the table is full"))
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE_BYTES, heartbeat=20.0)
        await ws.prepare(request)
        client = None
        try:
            hello = await asyncio.wait_for(ws.receive(), timeout=10.0)
            client = await self._hello(ws, hello, request.remote or "?")
            if client is None:
                return ws
            self.clients.append(client)
            await self._send(client)
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    break
                if not client.bucket.take(time.monotonic()):
                    await ws.close(code=1008, message=b"too many messages")
                    break
                await self._message(client, message.data)
        except (asyncio.TimeoutError, ConnectionError):
            pass
        finally:
            if client in self.clients:
                self.clients.remove(client)
        return ws

    async def _hello(self, ws: web.WebSocketResponse, hello, address: str) -> Client | None:
        """The first message names the screen: the table (its key) or a phone (the join code and a
        name, or the token of a seat it holds). None: the socket is answered and closed."""
        data = _parsed(hello.data) if hello.type is WSMsgType.TEXT else None
        if data is None:
            await ws.close(code=1008, message=b"expected a hello")
            return None
        if data.get("t") == "table" and data.get("key") == self.room.table_key:
            return Client(ws, None, Bucket())
        if data.get("t") != "phone" or str(data.get("code", "")).upper() != self.room.join_code:
            await ws.close(code=1008, message=b"not a screen of this game")
            return None
        token = data.get("token")
        player = self.room.seat_of(token) if isinstance(token, str) else None
        if player is not None:
            return Client(ws, player, Bucket())
        if "name" not in data:
            await ws.send_str(json.dumps(self._lobby()))
            await ws.close()
            return None
        if not self._may_join(address):
            await _refuse(ws, self.room.t.gettext("too many joins from this address; wait a minute"))
            return None
        try:
            token = self.room.join(data["name"])
        except RoomError as exc:
            await _refuse(ws, self._said(exc))
            return None
        player = self.room.seat_of(token)
        await ws.send_str(json.dumps({"t": "seated", "token": token, "name": player}))
        await self._broadcast()  # the table screen shows the seat taken
        return Client(ws, player, Bucket())

    def _lobby(self) -> dict[str, Any]:
        """For a phone choosing its seat: the free names (nothing of the game)."""
        seated = self.room.seated()
        one_screen = self.room.one_screen
        return {"t": "lobby", "free": [] if one_screen else [p for p in self.room.game.players if p not in seated]}

    def _may_join(self, address: str) -> bool:
        now = time.monotonic()
        recent = [at for at in self._joins.get(address, []) if now - at < 60.0]
        self._joins[address] = recent + [now]
        return len(recent) < JOINS_PER_MINUTE

    async def _message(self, client: Client, text: str) -> None:
        data = _parsed(text)
        try:
            if data is None:
                raise RoomError(said("a message is a JSON object"))
            if client.player is not None:
                reply = self.room.from_player(client.player, data)
            elif data.get("t") == "reveal":
                await self._reveal()
                return
            else:
                reply = self.room.from_table(data)
        except GameLogError as exc:  # the disk is full or gone: every screen is told
            await asyncio.gather(*(_note(other.ws, self._said(exc)) for other in self.clients))
            return
        except RushmoreError as exc:
            await _note(client.ws, self._said(exc))
            return
        if reply.note:
            await _note(client.ws, reply.note)
        if reply.changed:
            await self._broadcast()
            self._sync()
        if reply.ended:
            await self._broadcast_end()

    def _said(self, error: RushmoreError) -> str:
        """An error's sentence for a screen, in the players' language when the core gave one."""
        reason = error.args[0] if len(error.args) == 1 else None
        return self.room.t.say(reason) if isinstance(reason, Said) else str(error)

    async def _reveal(self) -> None:
        """The count of three on every screen, then the card."""
        if not self.room.can_reveal():
            return
        self.room.counting = True
        self.room.seq += 1
        await self._broadcast({"countdown": self.countdown})
        await asyncio.sleep(self.countdown)
        self.room.reveal()
        await self._broadcast()
        self._sync()

    def _sync(self) -> None:
        """The log to disk, after the screens have the state (it was written, unsynced, before:
        a crash of this process loses nothing; a power cut may lose the last line)."""
        try:
            self.room.sync()
        except RushmoreError as exc:
            for client in self.clients:
                asyncio.get_running_loop().create_task(_note(client.ws, self._said(exc)))

    async def _broadcast(self, extra: dict | None = None) -> None:
        await asyncio.gather(*(self._send(client, extra) for client in list(self.clients)), return_exceptions=True)

    async def _send(self, client: Client, extra: dict | None = None) -> None:
        state = self.room.state(client.player)
        if client.player is None:
            state["join"] = {"url": self.join_url, "code": self.room.join_code}
        if extra:
            state.update(extra)
        with contextlib.suppress(ConnectionError, RuntimeError):
            await client.ws.send_str(json.dumps(state, ensure_ascii=False))

    async def _broadcast_end(self) -> None:
        await self._broadcast({"closed": True})
        for client in list(self.clients):  # the server stops only once no handler is left open
            with contextlib.suppress(ConnectionError, RuntimeError):
                await client.ws.close(code=1001, message=b"the game is closed")
        self.ended.set()
        if self.on_end:
            self.on_end()


def _parsed(text: object) -> dict | None:
    if not isinstance(text, str) or len(text) > MAX_MESSAGE_BYTES:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


async def _note(ws: web.WebSocketResponse, text: str) -> None:
    with contextlib.suppress(ConnectionError, RuntimeError):
        await ws.send_str(json.dumps({"t": "note", "text": text}))


async def _refuse(ws: web.WebSocketResponse, text: str) -> None:
    await _note(ws, text)
    await ws.close(code=1008, message=b"refused")


async def serve(server: TableServer, sock: socket.socket) -> None:
    """Serve on a bound, listening socket until the table ends the game (or the task is cancelled).

    >>> import asyncio
    >>> import aiohttp
    >>> from rushmore_print.web.run import bound_socket
    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> from rushmore_print.web.room import Room
    >>> design = load_design()
    >>> session = Session.new(generate_deck(design), design.rules, design.grid, Options(("ann", "bob"), seed=3),
    ...                       design_name=design.name, hold=True)
    >>> server = TableServer(Room(session, write=[].append), {}, "http://127.0.0.1:8000/j/ABCD", "<svg/>")
    >>> async def visit():
    ...     sock = bound_socket("127.0.0.1", 0)
    ...     task = asyncio.create_task(serve(server, sock))
    ...     async with aiohttp.ClientSession() as client:
    ...         async with client.get(f"http://127.0.0.1:{sock.getsockname()[1]}/qr.svg") as response:
    ...             status, body = response.status, await response.read()
    ...     server.ended.set()  # what the table screen's "end" does
    ...     await task
    ...     sock.close()
    ...     return status, body
    >>> asyncio.run(visit())
    (200, b'<svg/>')
    """
    runner = web.AppRunner(server.app(), access_log=None, handle_signals=False)
    await runner.setup()
    await web.SockSite(runner, sock).start()
    try:
        await server.ended.wait()
    finally:
        await runner.cleanup()


__all__ = ["MAX_CONNECTIONS", "Bucket", "Client", "TableServer", "serve"]
