"""The browser table's server: aiohttp, one process, one game, offline.

aiohttp is one well-kept package (aio-libs) that holds the HTTP server, the websocket and a
client (the tests and the bench drive the server with it): no ASGI server to pair with it, and
its ``max_msg_size`` bounds every websocket message before it is parsed.

Everything served comes from memory, built at start: the pages and scripts of this package
(:data:`ASSETS`, looked up by fixed name, so no request reaches the file system), each card's
SVG and the join QR code. Safe on a shared network (a holiday flat's Wi-Fi, a school's):

- it binds 127.0.0.1 unless asked (``--lan``); a request must name this server as its Host (the
  loopback names, and with ``--lan`` the address and names it announces: a page elsewhere cannot
  reach it by a rebinding DNS name), and one with an Origin must come from that Host
  (:mod:`.guards`, shared with the live preview: sockets counted from accept, a request or a
  first message within 2 s, no traceback on the terminal);
- the table screen holds a key (in the address the terminal prints); only with it are the table
  page, the join QR code and the join code served, and only it reveals, corrects, undoes and
  ends; its socket has a place kept, whatever else is open. The printed address is answered with
  a redirect to the bare ``/table`` and the key in a cookie (HttpOnly, SameSite=Strict, gone when
  the browser closes): the key does not stay in the TV's address bar, in view of the room;
- a phone joins with the QR code's long join key (110 bits: never counted or held back) or the
  short code typed; every try of a short code is counted per address and wrong codes are backed
  off, per address and all addresses together (:mod:`.joins`); once seated it holds a seat token
  and claims only for its own seat; a seat (and the table) has one socket: a new one replaces the old;
- every message is at most :data:`MAX_MESSAGE_BYTES`, JSON, checked by kind and value; each
  connection has a rate (a burst of :data:`BURST`, then :data:`RATE` a second).

Fair races (:mod:`rushmore_print.game.races`): the server pings each phone in the lobby and between
cards; a phone stamps each tap with its own clock; a claim is held until no earlier tap can still
arrive, then handed to the room in tap order. ``--one-screen`` (the table taps who took the card)
keeps arrival order.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import secrets
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from ..errors import GameLogError, RushmoreError
from ..game.races import HeldClaim, PhoneClock, Ping, Race, window
from ..language.i18n import Said, said
from ..package_data import shipped
from .guards import FIRST_MESSAGE_S, LOOPBACK, Doors, Hosts, Notes, guard, serve_guarded
from .joins import Held, JoinGuard
from .page_words import page_in
from .room import MAX_MESSAGE_BYTES, Reply, Room, RoomError

RATE = 8.0  # messages a second a connection may keep up (a tap is one, a ping's answer another)
BURST = 20.0
FIRST_PINGS = 6  # pings a phone gets quickly once seated (its clock is known within a second or two)
PING_EVERY_S = (0.15, 1.0)  # seconds between a phone's pings: the first few, then the rest
KEPT_SENT = 8  # pings a phone may still answer (older answers are ignored)
TABLE_COOKIE = "rushmore-table-{port}"  # the table screen's key once its address was opened (a cookie per port)
REPLACED = 4000  # the close code of a socket whose seat opened on another page
FREED = 4001  # the close code of a phone whose seat the table screen freed (it goes back to the choice of names)
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
    own rate limit and, for a phone, what the server knows of its clock (its pings).

    >>> client = Client(ws=None, player="ann")
    >>> client.player, client.bucket.tokens == BURST, client.clock.offset is None
    ('ann', True, True)
    """

    ws: web.WebSocketResponse
    player: str | None  # None: the table screen
    bucket: Bucket = field(default_factory=Bucket)
    clock: PhoneClock = field(default_factory=PhoneClock)
    sent: dict[int, float] = field(default_factory=dict)  # a ping's number -> when it left
    pings: int = 0


class TableServer:
    """The app for one :class:`Room`: ``cards`` maps a card id to its SVG, ``join_url`` is the
    short address the table screen shows for typing (with the short code), ``qr_svg`` the QR
    code, of the address with the room's long join key, ``countdown`` the seconds of the count of three,
    ``hosts`` the names a request may give (the loopback names on any port unless told), ``notes``
    where the short lines for the terminal go (standard error unless told).

    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> from rushmore_print.web.room import Room
    >>> design = load_design()
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
    >>> server = TableServer(Room(session, write=[].append), {}, "http://127.0.0.1:8000/j/ABCD", "<svg/>")
    >>> sorted(server.pages), server.countdown, server.hosts.allows("localhost:8123")
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
        hosts: Hosts | None = None,
        notes: Notes | None = None,
        on_end: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.room = room
        self.cards = {card: svg.encode("utf-8") for card, svg in cards.items()}
        self.join_url = join_url
        self.qr_svg = qr_svg.encode("utf-8")
        self.countdown = countdown
        self.hosts = hosts or Hosts.of(None)
        self.notes = notes or Notes(lambda line: print(line, file=sys.stderr, flush=True))
        self.on_end = on_end
        self.clock = clock
        self.doors = Doors()
        self.joins = JoinGuard(clock=clock)
        self.clients: dict[str | None, Client] = {}  # one socket a seat; None: the table screen
        self.race = Race()
        self.shown_at = 0.0  # when the card in play was sent to the screens (server clock)
        self._waker: asyncio.Task | None = None
        self.assets = {name: shipped(f"web/static/{name}").read_bytes() for name in ASSETS}
        t, design = room.t, room.session.design_name
        self.pages = {  # the pages in the players' language, made once
            "table.html": page_in(self.assets["table.html"], t, t.gettext("{design}: the table", design=design)),
            "phone.html": page_in(self.assets["phone.html"], t, t.gettext("{design}: your hand", design=design)),
        }
        self.ended = asyncio.Event()

    def app(self) -> web.Application:
        """The aiohttp application: the pages, their static files, the card pictures, the QR code and
        the websocket, behind the guards of :mod:`.guards`, each answer with the pages' security headers.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> from rushmore_print.web.room import Room
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> server = TableServer(Room(session, write=[].append), {}, "http://127.0.0.1:8000/j/ABCD", "<svg/>")
        >>> sorted({route.resource.canonical for route in server.app().router.routes()})
        ['/', '/card/{card}.svg', '/favicon.ico', '/j/{code}', '/qr.svg', '/static/{name}', '/table', '/ws']
        """
        app = web.Application(
            client_max_size=MAX_MESSAGE_BYTES, middlewares=[guard(self.hosts, self.doors, self._foreign, HEADERS)]
        )
        app.router.add_get("/", self._index)
        app.router.add_get("/table", self._table_page)
        app.router.add_get("/j/{code}", self._join_page)
        app.router.add_get("/static/{name}", self._asset)
        app.router.add_get("/card/{card}.svg", self._card)
        app.router.add_get("/qr.svg", self._qr)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/favicon.ico", self._nothing)
        return app

    # -- HTTP

    def _foreign(self) -> str:
        if self.hosts.names <= LOOPBACK:
            return self.room.t.gettext("this table serves only this computer (start it with --lan)")
        return self.room.t.gettext("this table is served under another name: open the address the terminal printed")

    def _keyed(self, request: web.Request) -> bool:
        """True if ``request`` comes from the table screen: the table's key in its address (``?key=``)
        or in the cookie that opening the printed address set (:meth:`_table_page`)."""
        given = (request.query.get("key"), request.cookies.get(_cookie_name(request)))
        return any(self._is_table_key(key) for key in given)

    def _is_table_key(self, text: object) -> bool:
        return isinstance(text, str) and secrets.compare_digest(text.encode(), self.room.table_key.encode())

    def _unkeyed(self) -> web.Response:
        # said to a phone that read /table off the TV, and to a TV whose browser refused the cookie
        text = self.room.t.gettext(
            "this page needs the table's key: open the address the terminal printed, in a browser that takes "
            "cookies (the key is kept in one, out of the address bar)"
        )
        return web.Response(status=403, text=text)

    async def _index(self, request: web.Request) -> web.Response:
        text = self.room.t.gettext("rushmore table: open the address the terminal printed")
        return web.Response(text=text, content_type="text/plain")

    async def _nothing(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def _table_page(self, request: web.Request) -> web.Response:
        """The printed address (``/table?key=K``) is answered with a redirect to the bare ``/table``
        and the key in a cookie, so that the key leaves the TV's address bar, which the room can
        read; ``/table`` is served with that cookie (a reload), and refused without it (a phone)."""
        if "key" in request.query:
            key = request.query["key"]
            if not self._is_table_key(key):
                return self._unkeyed()
            moved = web.Response(status=303, headers={"Location": "/table"})
            # no Expires: gone when the browser closes; HttpOnly: no script reads it; Strict: no other site sends it
            moved.set_cookie(_cookie_name(request), key, path="/", httponly=True, samesite="Strict")
            return moved
        if not self._keyed(request):
            return self._unkeyed()
        return web.Response(body=self.pages["table.html"], content_type="text/html", charset="utf-8")

    async def _join_page(self, request: web.Request) -> web.Response:
        admitted = self._admit(request.remote or "?", request.match_info["code"])
        if isinstance(admitted, Held):
            wait = str(math.ceil(admitted.seconds))
            return web.Response(status=429, text=self._wait_text(admitted), headers={"Retry-After": wait})
        if not admitted:
            text = self.room.t.gettext("no game with this code: check the code on the table screen")
            return web.Response(status=404, text=text)
        return web.Response(body=self.pages["phone.html"], content_type="text/html", charset="utf-8")

    def _admit(self, address: str, code: object) -> Held | bool:
        """Whether ``code`` from ``address`` lets a phone in, the one rule for the join page and
        the socket alike: True for the QR code's key (nothing to guess: never counted or held
        back) or the right short code; False for a wrong one (counted against ``address``); a
        :class:`~.joins.Held` while the guard holds the address back (the code left unchecked)."""
        if self._is_key(code):
            return True
        held = self.joins.hold(address)
        if held.seconds:
            return held
        if not self._is_code(code):
            self.joins.wrong(address)
            return False
        self.joins.right(address)
        return True

    def _is_code(self, text: object) -> bool:
        return isinstance(text, str) and secrets.compare_digest(text.upper().encode(), self.room.join_code.encode())

    def _is_key(self, text: object) -> bool:
        # upper(): base32 has one case, and a scanner or a hand may change it; 22 letters never equal a 7-letter code
        return isinstance(text, str) and secrets.compare_digest(text.upper().encode(), self.room.join_key.encode())

    def _wait_text(self, held: Held) -> str:
        seconds = math.ceil(held.seconds)
        if held.everyone:  # not this phone's doing: it is told so, and told the way in that never waits
            return self.room.t.gettext(
                "many wrong codes were tried at this table; try again in {seconds} s or scan the QR code",
                seconds=seconds,
            )
        return self.room.t.gettext("too many tries from this address; try again in {seconds} s", seconds=seconds)

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
        return web.Response(body=svg, content_type="image/svg+xml")

    async def _qr(self, request: web.Request) -> web.Response:
        if not self._keyed(request):  # the QR code is the join code: the table screen's alone
            return self._unkeyed()
        return web.Response(body=self.qr_svg, content_type="image/svg+xml")

    # -- websockets

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        keyed = self._keyed(request)  # the table screen (its cookie, or ?key=): its place is kept
        if keyed:
            self.doors.trust(request.transport)
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE_BYTES, heartbeat=20.0)
        await ws.prepare(request)
        client, pinger = None, None
        try:
            try:
                hello = await asyncio.wait_for(ws.receive(), FIRST_MESSAGE_S)
            except asyncio.TimeoutError:
                await ws.close(code=1008, message=b"no first message in time")
                return ws
            client = await self._hello(ws, hello, request.remote or "?", keyed)
            if client is None:
                return ws
            self.doors.trust(request.transport)
            self._seat(client)
            await self._send(client)
            if client.player is not None:
                await self._send_table()  # the table screen shows the phone back
            if client.player is not None and not self.room.one_screen:
                pinger = asyncio.create_task(self._ping(client))
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    break
                if not client.bucket.take(self.clock()):
                    await ws.close(code=1008, message=b"too many messages")
                    break
                await self._message(client, message.data)
        except (asyncio.TimeoutError, ConnectionError):
            pass
        finally:
            if pinger is not None:
                pinger.cancel()
            if client is not None and self.clients.get(client.player) is client:
                del self.clients[client.player]
                if client.player is not None:
                    await self._send_table()  # the table screen shows whose phone is gone
        return ws

    def _seat(self, client: Client) -> None:
        """One socket a seat (the table's too): a new one replaces the old, which is closed."""
        old = self.clients.get(client.player)
        self.clients[client.player] = client
        if old is not None:
            asyncio.get_running_loop().create_task(_close(old.ws, REPLACED, b"opened on another page"))

    async def _hello(self, ws: web.WebSocketResponse, hello, address: str, keyed: bool) -> Client | None:
        """The first message names the screen: the table (its key, in the message or, ``keyed``, in
        the socket's request: its cookie or ``?key=``) or a phone (the join code or key and a name,
        or the token of a seat it holds). None: the socket is answered and closed."""
        data = _parsed(hello.data) if hello.type is WSMsgType.TEXT else None
        if data is None:
            await _close(ws, 1008, b"expected a hello")
            return None
        if data.get("t") == "table" and (keyed or self._is_table_key(data.get("key"))):
            return Client(ws, None)
        if data.get("t") != "phone":
            await _close(ws, 1008, b"not a screen of this game")
            return None
        token = data.get("token")
        player = self.room.seat_of(token) if isinstance(token, str) else None
        if player is not None:  # a seat's token: nothing to guess, never held back
            return Client(ws, player)
        admitted = self._admit(address, data.get("code"))
        if isinstance(admitted, Held):
            await _refuse(ws, self._wait_text(admitted))
            return None
        if not admitted:
            await _close(ws, 1008, b"not a screen of this game")
            return None
        if "name" not in data:
            await ws.send_str(json.dumps(self._lobby()))
            await ws.close()
            return None
        try:
            token = self.room.join(data["name"])
        except RoomError as exc:
            await _refuse(ws, self._said(exc))
            return None
        player = self.room.seat_of(token)
        # both ways in, so that a phone that joined by one (the QR code) finds its seat by the other
        codes = [self.room.join_code, self.room.join_key]
        await ws.send_str(json.dumps({"t": "seated", "token": token, "name": player, "codes": codes}))
        await self._broadcast()  # the table screen shows the seat taken
        return Client(ws, player)

    def _lobby(self) -> dict[str, Any]:
        """For a phone choosing its seat: the free names (nothing of the game); once the game is
        over, none, and that it is over (no seat is freed any more: the phone is not to wait for one)."""
        seated, over = self.room.seated(), self.room.phase() == "over"
        free = [] if self.room.one_screen or over else [p for p in self.room.game.players if p not in seated]
        return {"t": "lobby", "free": free, "over": over}

    # -- the clocks of the phones

    async def _ping(self, client: Client) -> None:
        """Ping a phone now and then while no card is in play: quickly at first, then once a second."""
        with contextlib.suppress(ConnectionError, RuntimeError):
            while True:
                if self.room.phase() != "play":
                    client.pings += 1
                    client.sent[client.pings] = self.clock()
                    client.sent.pop(client.pings - KEPT_SENT, None)
                    await client.ws.send_str(json.dumps({"t": "ping", "n": client.pings}))
                await asyncio.sleep(PING_EVERY_S[client.pings >= FIRST_PINGS])

    def _pong(self, client: Client, data: dict) -> None:
        """A phone's answer to a ping: its clock (ms) as it answered."""
        number, reading = data.get("n"), _number(data.get("clock"))
        sent = client.sent.pop(number, None) if isinstance(number, int) else None
        if sent is not None and reading is not None:
            client.clock = client.clock.with_ping(Ping(sent, reading / 1000, self.clock()))

    # -- messages

    async def _message(self, client: Client, text: str) -> None:
        data = _parsed(text)
        try:
            if data is None:
                raise RoomError(said("a message is a JSON object"))
            if client.player is not None:
                if data.get("t") == "pong":
                    self._pong(client, data)
                    return
                if self.race.holds(client.player):
                    return  # the hand is down (held for the race): a second tap or a pass changes nothing
                if data.get("t") == "claim" and self._racing(client.player):
                    self._hold(client, data)
                    await self._release()
                    return
                reply = self.room.from_player(client.player, data)
            elif data.get("t") == "reveal":
                await self._reveal()
                return
            else:
                await self._release(everything=True)  # a correction comes after every hand down
                reply = self.room.from_table(data)
                if data.get("t") == "free" and data.get("player") in self.clients:
                    freed = self.clients.pop(data["player"])
                    asyncio.get_running_loop().create_task(_close(freed.ws, FREED, b"the table freed this seat"))
        except GameLogError as exc:  # the disk is full or gone: every screen is told
            await asyncio.gather(*(_note(other.ws, self._said(exc)) for other in list(self.clients.values())))
            return
        except RushmoreError as exc:
            await _note(client.ws, self._said(exc))
            return
        if reply.note:
            await _note(client.ws, reply.note)
        if reply.changed:
            await self._broadcast()
            self._sync()
        await self._release()  # a pass may leave nobody else to wait for
        if reply.ended:
            await self._broadcast_end()

    # -- fair races

    def _racing(self, player: str) -> bool:
        """True if a claim of ``player`` now races others: a card in play that they have yet to answer."""
        return not self.room.one_screen and self.room.phase() == "play" and player in self.room.game.waiting_for()

    def _hold(self, client: Client, data: dict) -> None:
        assert client.player is not None
        arrived = self.clock()
        stamp = _number(data.get("tap"))
        tapped = client.clock.tap_time(None if stamp is None else stamp / 1000, arrived, self.shown_at)
        position = data.get("at")
        held = HeldClaim(client.player, position if isinstance(position, str) else "", tapped, arrived)
        self.race = self.race.hold(held)

    async def _release(self, everything: bool = False) -> None:
        """Hand the room the held claims that are final (``everything``: all of them), in tap order;
        wake again when the next one is."""
        if not self.race.held:
            return
        phones = frozenset(player for player in self.room.game.waiting_for() if player in self.clients)
        still = window([self.clients[p].clock for p in phones if not self.race.holds(p)])
        if everything:
            ready, self.race = self.race.held, Race()
        else:
            ready, self.race = self.race.due(self.clock(), still, phones)
        notes, changed = [], False
        for claim in ready:  # all handed over before anything is sent: the order is the race's
            try:
                reply = self.room.from_player(claim.player, {"t": "claim", "at": claim.position})
            except GameLogError as exc:
                notes += [(other.ws, self._said(exc)) for other in self.clients.values()]
                continue
            except RushmoreError as exc:
                reply = Reply(self._said(exc))
            changed = changed or reply.changed
            if reply.note and claim.player in self.clients:
                notes.append((self.clients[claim.player].ws, reply.note))
        self._wake(still)
        await asyncio.gather(*(_note(ws, text) for ws, text in notes))
        if changed:
            await self._broadcast()
            self._sync()

    def _wake(self, still: float) -> None:
        """Release the held claims again when the first of them is final."""
        at = self.race.wake_at(still)
        if self._waker is not None and self._waker is not asyncio.current_task():
            self._waker.cancel()
        self._waker = None if at is None else asyncio.get_running_loop().create_task(self._release_at(at))

    async def _release_at(self, at: float) -> None:
        await asyncio.sleep(max(0.0, at - self.clock()))
        await self._release()

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
        self.shown_at = self.clock()  # no tap on this card is earlier than this
        await self._broadcast()
        self._sync()

    def _sync(self) -> None:
        """The log to disk, after the screens have the state (it was written, unsynced, before:
        a crash of this process loses nothing; a power cut may lose the last line)."""
        try:
            self.room.sync()
        except RushmoreError as exc:
            for client in list(self.clients.values()):
                asyncio.get_running_loop().create_task(_note(client.ws, self._said(exc)))

    async def _broadcast(self, extra: dict | None = None) -> None:
        clients = list(self.clients.values())
        await asyncio.gather(*(self._send(client, extra) for client in clients), return_exceptions=True)

    async def _send_table(self) -> None:
        table = self.clients.get(None)
        if table is not None:
            await self._send(table)

    async def _send(self, client: Client, extra: dict | None = None) -> None:
        state = self.room.state(client.player)
        if client.player is None:
            state["join"] = {"url": self.join_url, "code": self.room.join_code}
            for player in state["players"]:  # a seat whose phone has no socket now: it died, or lost the Wi-Fi
                player["online"] = player["name"] in self.clients
        if extra:
            state.update(extra)
        with contextlib.suppress(ConnectionError, RuntimeError):
            await client.ws.send_str(json.dumps(state, ensure_ascii=False))

    async def _broadcast_end(self) -> None:
        await self._broadcast({"closed": True})
        for client in list(self.clients.values()):  # the server stops only once no handler is left open
            await _close(client.ws, 1001, b"the game is closed")
        self.ended.set()
        if self.on_end:
            self.on_end()


def _cookie_name(request: web.Request) -> str:
    """The table key's cookie, named for the port the request came to: a browser sends a host's
    cookies to each of its ports, and two tables on one computer keep a key each.

    >>> from aiohttp.test_utils import make_mocked_request
    >>> _cookie_name(make_mocked_request("GET", "/table", headers={"Host": "127.0.0.1:8123"}))
    'rushmore-table-8123'
    """
    return TABLE_COOKIE.format(port=request.url.port)


def _parsed(text: object) -> dict | None:
    if not isinstance(text, str) or len(text) > MAX_MESSAGE_BYTES:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _number(value: object) -> float | None:
    """A finite number from a message (a phone's clock, in ms), or None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


async def _note(ws: web.WebSocketResponse, text: str) -> None:
    with contextlib.suppress(ConnectionError, RuntimeError):
        await ws.send_str(json.dumps({"t": "note", "text": text}))


async def _close(ws: web.WebSocketResponse, code: int, why: bytes) -> None:
    with contextlib.suppress(ConnectionError, RuntimeError):
        await ws.close(code=code, message=why)


async def _refuse(ws: web.WebSocketResponse, text: str) -> None:
    await _note(ws, text)
    await _close(ws, 1008, b"refused")


async def serve(server: TableServer, sock: socket.socket) -> None:
    """Serve on a bound, listening socket until the table ends the game (or the task is cancelled).

    >>> import asyncio
    >>> import aiohttp
    >>> from rushmore_print.web.guards import bound_socket
    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> from rushmore_print.web.room import Room
    >>> design = load_design()
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
    >>> room = Room(session, write=[].append)
    >>> server = TableServer(room, {}, "http://127.0.0.1:8000/j/ABCD", "<svg/>")
    >>> async def visit():
    ...     sock = bound_socket("127.0.0.1", 0)
    ...     task = asyncio.create_task(serve(server, sock))
    ...     async with aiohttp.ClientSession() as client:
    ...         address = f"http://127.0.0.1:{sock.getsockname()[1]}/qr.svg"
    ...         async with client.get(address) as without, client.get(f"{address}?key={room.table_key}") as keyed:
    ...             statuses, body = (without.status, keyed.status), await keyed.read()
    ...     server.ended.set()  # what the table screen's "end" does
    ...     await task
    ...     sock.close()
    ...     return statuses, body
    >>> asyncio.run(visit())
    ((403, 200), b'<svg/>')
    """
    await serve_guarded(server.app(), sock, server.doors, server.notes, server.ended)


__all__ = ["Bucket", "Client", "TableServer", "serve"]
