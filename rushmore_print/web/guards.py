"""The guards every server of this package keeps (the browser table and the live preview): one
serving stack, so that neither is weaker than the other.

- **Host and Origin.** A request must name this server as its Host (:class:`Hosts`: the loopback
  names, and with ``--lan`` the addresses and names the server announces); anything else gets
  421, so a page on a rebinding DNS name reaches nothing. A request that carries an Origin must
  come from the Host it names.
- **Sockets counted from accept** (:class:`Doors`). Every TCP connection is counted the moment it is
  accepted, before it has said anything, against a cap below the process's file-descriptor limit
  and, for an address other than this computer's own, against a cap per address. A connection
  that has not said who it is (no request yet, between requests, a websocket before its first
  message) may be let go to make room, oldest first, a stranger's before this computer's; one the
  server trusts (an identified websocket, an event stream) never is. A connection must send a
  whole request within :data:`FIRST_MESSAGE_S` of being accepted (and of its last answer), or
  it is closed.
- **No traceback ever reaches the terminal** (:class:`Notes`, :func:`quiet`): what the web
  framework or the event loop would log (a header line of 100 KB, a socket the system cannot
  accept for want of file descriptors, a client gone mid-answer) becomes one short line, the
  same line at most once every :data:`NOTE_EVERY_S` seconds, with a count of the ones held back.

The table (:mod:`.server`) and the preview (:mod:`.live`) each build their aiohttp application
with :func:`guard` as its middleware and serve it with :func:`serve_guarded`.
"""

from __future__ import annotations

import asyncio
import asyncio.constants as asyncio_constants
import contextlib
import logging
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from aiohttp import web

from ..frozen import frozen_dataclass

FIRST_MESSAGE_S = 2.0  # seconds a connection has to send a whole request (or a websocket its first message)
PER_ADDRESS = 16  # connections not yet trusted, from one address other than this computer's own
MOST_OPEN = 1024  # connections at once, when the file-descriptor limit allows that many
SPARE_FILES = 48  # descriptors kept for everything else: the log, the watcher, the terminal, the loop
NOTE_EVERY_S = 10.0  # the same note is said at most this often
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
OWN_ADDRESSES = frozenset({"127.0.0.1", "::1"})  # connections from this computer: no cap per address


def connection_cap() -> int:
    """How many connections may be open at once: :data:`MOST_OPEN`, or fewer when the
    file-descriptor limit is low (``ulimit -n 256``, macOS's default), leaving
    :data:`SPARE_FILES` for the rest of the program.

    >>> 16 <= connection_cap() <= MOST_OPEN
    True
    """
    try:
        import resource
    except ImportError:  # Windows: no such limit on sockets
        return MOST_OPEN
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MOST_OPEN
    return max(16, min(MOST_OPEN, soft - SPARE_FILES))


def bound_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host`` and ``port`` (0: any free one), listening and non-blocking, for
    the server to serve on (bound first, so that the address printed is the one served).

    >>> sock = bound_socket("127.0.0.1", 0)
    >>> sock.getsockname()[0], sock.getsockname()[1] > 0, sock.getblocking()
    ('127.0.0.1', True, False)
    >>> sock.close()
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(4096)  # a burst of connections waits in the kernel (up to its somaxconn), not dropped
    sock.setblocking(False)
    return sock


@frozen_dataclass
class Hosts:
    """The names a request may give as its Host, and the port it must give with them (None: any,
    for a server whose port is chosen after it is made, as in the tests).

    >>> hosts = Hosts.of(8000, ["192.168.1.20", "Flat-PC"])
    >>> hosts.allows("192.168.1.20:8000"), hosts.allows("flat-pc:8000"), hosts.allows("localhost:8000")
    (True, True, True)
    >>> hosts.allows("rebind.example:8000"), hosts.allows("192.168.1.20:9000"), hosts.allows(None)
    (False, False, False)
    """

    names: frozenset[str]
    port: int | None

    @classmethod
    def of(cls, port: int | None, announced: list[str] | tuple[str, ...] = ()) -> Hosts:
        """The loopback names and ``announced`` (the addresses and names the server tells people
        to open), on ``port``.

        >>> sorted(Hosts.of(80).names)
        ['127.0.0.1', '::1', '[::1]', 'localhost']
        """
        return cls(LOOPBACK | {name.lower().rstrip(".") for name in announced}, port)

    def allows(self, host: str | None) -> bool:
        """True if ``host`` (a Host header: a name or address, then the port unless it is 80) is ours.

        >>> Hosts.of(8000).allows("[::1]:8000"), Hosts.of(80).allows("localhost"), Hosts.of(8000).allows("localhost")
        (True, True, False)
        """
        if not host:
            return False
        if host.startswith("["):  # an IPv6 address: [::1]:8000
            name, _, rest = host.partition("]")
            name, port = name + "]", rest[1:] if rest.startswith(":") else "80"
        elif host.count(":") == 1:
            name, port = host.split(":")
        else:  # a name alone (port 80), or an IPv6 address without its brackets (never a valid Host)
            name, port = host, "80" if ":" not in host else ""
        if not port.isdigit() or (self.port is not None and int(port) != self.port):
            return False
        return name.lower().rstrip(".") in self.names

    def origin_allows(self, origin: str | None, host: str) -> bool:
        """True if a request's Origin is absent or is this very Host over HTTP: a page of this server.

        >>> hosts = Hosts.of(8000)
        >>> here = "127.0.0.1:8000"
        >>> hosts.origin_allows(None, here), hosts.origin_allows("http://127.0.0.1:8000", here)
        (True, True)
        >>> hosts.origin_allows("http://localhost:8000", here), hosts.origin_allows("null", here)
        (False, False)
        """
        return origin is None or secrets.compare_digest(origin.encode(), f"http://{host}".encode())


class Connection(Protocol):
    """What :class:`Doors` needs of a connection's transport: to be closed at once.

    >>> import asyncio
    >>> callable(asyncio.Transport.abort)
    True
    """

    def abort(self) -> None:
        """Close the connection at once, whatever is still to be sent.

        >>> from unittest.mock import Mock
        >>> transport = Mock(spec=Connection); _ = transport.abort(); transport.abort.called
        True
        """


@dataclass
class Door:
    """One open connection: where from, when accepted, whether a request is being answered on it,
    whether the server trusts it (then it is never let go to make room).

    >>> door = Door("10.0.0.5", opened=12.5, transport=None)
    >>> door.busy, door.trusted
    (False, False)
    """

    address: str
    opened: float
    transport: Connection
    busy: bool = False
    trusted: bool = False

    @property
    def own(self) -> bool:
        """True if it comes from this computer.

        >>> Door("127.0.0.1", 0.0, None).own, Door("127.0.0.23", 0.0, None).own
        (True, False)
        """
        return self.address in OWN_ADDRESSES


@dataclass
class Doors:
    """Every open connection, counted from accept: at most ``cap`` at once, and at most
    ``per_address`` not yet trusted from one address other than this computer's own. To make room
    the oldest untrusted one is let go (a stranger's before this computer's, an idle one before one
    being answered); when every connection is trusted, the new one is turned away.

    >>> from unittest.mock import Mock  # a stand-in for a connection's transport
    >>> doors = Doors(cap=2, per_address=1)
    >>> first, second = Mock(), Mock()
    >>> doors.admit(first, "10.0.0.5"), doors.admit(second, "10.0.0.5")  # the same stranger twice
    (True, True)
    >>> first.abort.called, second.abort.called, doors.count
    (True, False, 1)
    """

    cap: int = field(default_factory=connection_cap)
    per_address: int = PER_ADDRESS
    clock: Callable[[], float] = time.monotonic
    _open: dict[Connection, Door] = field(default_factory=dict)  # oldest first

    @property
    def count(self) -> int:
        """How many connections are open.

        >>> Doors().count
        0
        """
        return len(self._open)

    def admit(self, transport: Connection, address: str) -> bool:
        """Count a connection just accepted; False (and it is closed) if there is no room for it.

        >>> doors = Doors(cap=1)
        >>> from unittest.mock import Mock
        >>> kept, turned_away = Mock(), Mock()
        >>> doors.admit(kept, "127.0.0.1"), doors.trust(kept), doors.admit(turned_away, "127.0.0.1")
        (True, None, False)
        >>> kept.abort.called, turned_away.abort.called
        (False, True)
        """
        door = Door(address, self.clock(), transport)
        if not door.own:
            theirs = [d for d in self._open.values() if d.address == address and not d.trusted]
            if len(theirs) >= self.per_address:
                self._let_go(theirs)
        if len(self._open) >= self.cap:
            self._let_go([d for d in self._open.values() if not d.trusted])
        if len(self._open) >= self.cap:
            transport.abort()
            return False
        self._open[transport] = door
        return True

    def _let_go(self, doors: list[Door]) -> None:
        if doors:
            door = min(doors, key=lambda d: (d.own, d.busy, d.opened))
            self.left(door.transport)
            door.transport.abort()

    def left(self, transport: Connection) -> None:
        """A connection closed (or was let go): it no longer counts.

        >>> from unittest.mock import Mock
        >>> doors, transport = Doors(), Mock()
        >>> _ = doors.admit(transport, "10.0.0.5"); doors.left(transport); doors.count
        0
        """
        self._open.pop(transport, None)

    def trust(self, transport: object) -> None:
        """The server knows who is on this connection (the table screen, a seated phone, an event
        stream): it is never let go to make room.

        >>> from unittest.mock import Mock
        >>> doors, transport = Doors(cap=1), Mock()
        >>> _ = doors.admit(transport, "10.0.0.5"); doors.trust(transport)
        >>> doors.admit(Mock(), "10.0.0.6"), transport.abort.called
        (False, False)
        """
        door = self._open.get(cast(Connection, transport))
        if door is not None:
            door.trusted = True

    def answering(self, transport: object, busy: bool) -> None:
        """A request is being answered on this connection (``busy``), or its answer is done.

        >>> from unittest.mock import Mock
        >>> doors, transport = Doors(), Mock()
        >>> _ = doors.admit(transport, "10.0.0.5"); doors.answering(transport, True)
        >>> doors._open[transport].busy
        True
        """
        door = self._open.get(cast(Connection, transport))
        if door is not None:
            door.busy = busy


@dataclass
class Notes:
    """Short lines for the terminal, each said at most once every ``every`` seconds; a line held
    back is counted and the count said with it next time.

    >>> said, now = [], [0.0]
    >>> notes = Notes(said.append, every=10.0, clock=lambda: now[0])
    >>> for _ in range(5):
    ...     notes("a request with a header line too long, refused")
    >>> now[0] = 11.0
    >>> notes("a request with a header line too long, refused")
    >>> said[0], said[1].endswith("refused (and 4 more like it)")
    ('note: a request with a header line too long, refused', True)
    """

    say: Callable[[str], None]
    every: float = NOTE_EVERY_S
    clock: Callable[[], float] = time.monotonic
    _last: dict[str, float] = field(default_factory=dict)
    _held: dict[str, int] = field(default_factory=dict)

    def __call__(self, text: str) -> None:
        now = self.clock()
        if text in self._last and now - self._last[text] < self.every:
            self._held[text] = self._held.get(text, 0) + 1
            return
        held = self._held.pop(text, 0)
        self._last[text] = now
        self.say(f"note: {text}" + (f" (and {held} more like it)" if held else ""))


def short(message: str, error: BaseException | None) -> str:
    """One line for a note: what the framework said, and the error's own first line, without a
    traceback or the addresses that make every line different.

    >>> short("Error handling request from 127.0.0.23", ValueError("Got more than 8190 bytes when reading"))
    'the server refused a request: Got more than 8190 bytes when reading'
    >>> short("socket.accept() out of system resource", OSError(24, "Too many open files"))
    'the server ran out of file descriptors (raise ulimit -n): Too many open files'
    """
    detail = ""
    if error is not None:
        detail = (getattr(error, "message", None) or getattr(error, "strerror", None) or str(error) or "").strip()
        detail = detail.splitlines()[0][:120] if detail else type(error).__name__
    if "out of system resource" in message or (isinstance(error, OSError) and error.errno in (23, 24)):
        head = "the server ran out of file descriptors (raise ulimit -n)"
    elif message.startswith("Error handling request"):
        head = "the server refused a request"
    else:
        head = "the server: " + message.split(" from ")[0][:80]
    return f"{head}: {detail}" if detail else head


class _ToNotes(logging.Handler):
    def __init__(self, notes: Notes) -> None:
        super().__init__(logging.WARNING)
        self.notes = notes

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        self.notes(short(record.getMessage(), error))


# asyncio's pause after an accept that fails for want of descriptors: it stops accepting and
# tries again this many seconds later, whatever became of the listening socket meanwhile
ACCEPT_RETRY_S = float(getattr(asyncio_constants, "ACCEPT_RETRY_DELAY", 1.0))


@dataclass
class Accepting:
    """What :func:`quiet` saw of the event loop's accept loop: when it last paused (an accept
    that failed for want of file descriptors), and whether the server has stopped listening.

    >>> Accepting().closed
    False
    """

    paused_at: float | None = None  # the loop's time of the last pause
    closed: bool = False  # the listening socket is closed: a retry of accepting on it fails, unsaid

    def retry_due(self, now: float) -> float:
        """Seconds until the last pause's retry runs (0: none pending).

        >>> accepting = Accepting()
        >>> accepting.retry_due(now=5.0)
        0.0
        >>> accepting.paused_at = 4.5
        >>> accepting.retry_due(now=5.0) == ACCEPT_RETRY_S - 0.5, accepting.retry_due(now=9.0)
        (True, 0.0)
        """
        if self.paused_at is None:
            return 0.0
        return max(0.0, self.paused_at + ACCEPT_RETRY_S - now)


def _retry_on_closed_socket(context: dict[str, Any]) -> bool:
    """The event loop's report of its accept retry failing on the listening socket closed at
    shutdown (asyncio's own ``_start_serving``, called with the socket's descriptor gone)."""
    error = context.get("exception")
    return "_start_serving" in context.get("message", "") and isinstance(error, (ValueError, OSError))


@contextlib.contextmanager
def quiet(notes: Notes, loop: asyncio.AbstractEventLoop) -> Iterator[Accepting]:
    """While serving: what aiohttp and asyncio would log (with tracebacks) goes to ``notes`` as
    one short line, and so does anything the event loop reports; put back as it was afterwards.
    Yields what it saw of the accept loop (:class:`Accepting`); once its ``closed`` is set, the
    loop's retry of accepting on the closed socket says nothing (the server stopped on purpose).

    >>> said = []
    >>> loop = asyncio.new_event_loop()
    >>> with quiet(Notes(said.append), loop) as accepting:
    ...     logging.getLogger("aiohttp.server").error("Error handling request from 10.0.0.5", exc_info=ValueError("x"))
    ...     loop.call_exception_handler({"message": "socket.accept() out of system resource",
    ...                                  "exception": OSError(24, "Too many open files")})
    >>> loop.close(); said[0], accepting.paused_at is not None
    ('note: the server refused a request: x', True)
    """
    accepting = Accepting()

    def report(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = context.get("message", "")
        if "out of system resource" in message:
            accepting.paused_at = loop.time()
        if accepting.closed and _retry_on_closed_socket(context):
            return
        notes(short(message, context.get("exception")))

    handler = _ToNotes(notes)
    loggers = [logging.getLogger(name) for name in ("aiohttp", "asyncio")]
    before = [(logger.propagate, logger.level) for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.propagate = False
        logger.setLevel(logging.WARNING)
    handler_before = loop.get_exception_handler()
    loop.set_exception_handler(report)
    try:
        yield accepting
    finally:
        loop.set_exception_handler(handler_before)
        for logger, (propagate, level) in zip(loggers, before):
            logger.removeHandler(handler)
            logger.propagate = propagate
            logger.setLevel(level)


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def guard(hosts: Hosts, doors: Doors, refusal: Callable[[], str], headers: dict[str, str]) -> Any:
    """The middleware of every server here: a foreign Host gets 421 (``refusal()`` its sentence),
    a foreign Origin 403; the connection counts as busy while it is answered; ``headers`` go on
    every answer.

    >>> middleware = guard(Hosts.of(8000), Doors(), lambda: "not here", {"X-Content-Type-Options": "nosniff"})
    >>> callable(middleware)
    True
    """

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not hosts.allows(request.headers.get("Host")):
            return web.Response(status=421, text=refusal(), headers=headers)
        if not hosts.origin_allows(request.headers.get("Origin"), request.host):
            return web.Response(status=403, text="a request must come from this server's own pages", headers=headers)
        doors.answering(request.transport, True)
        try:
            response = await handler(request)
        finally:
            doors.answering(request.transport, False)
        if not response.prepared:
            response.headers.update(headers)
        return response

    return middleware


class _Counted(asyncio.Protocol):
    """aiohttp's protocol for one connection, counted by :class:`Doors` from the moment it is accepted."""

    def __init__(self, inner: asyncio.Protocol, doors: Doors) -> None:
        self.inner = inner
        self.doors = doors
        self.transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) and peer else "?"
        if self.doors.admit(cast(asyncio.Transport, transport), address):
            self.transport = transport
            self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.transport is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.transport is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is not None:
            self.doors.left(cast(asyncio.Transport, self.transport))
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.transport is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.transport is not None:
            self.inner.resume_writing()


async def serve_guarded(app: web.Application, sock: Any, doors: Doors, notes: Notes, stop: asyncio.Event) -> None:
    """Serve ``app`` on a bound, listening socket until ``stop`` is set (or the task is cancelled):
    every connection counted by ``doors`` from accept, a request due within
    :data:`FIRST_MESSAGE_S`, everything the framework would log said through ``notes``.

    >>> import aiohttp
    >>> async def visit():
    ...     app, stop, sock = web.Application(), asyncio.Event(), bound_socket("127.0.0.1", 0)
    ...     async def hello(request):
    ...         return web.Response(text="hello")
    ...     app.router.add_get("/", hello)
    ...     task = asyncio.create_task(serve_guarded(app, sock, Doors(), Notes(print), stop))
    ...     async with aiohttp.ClientSession() as client:
    ...         async with client.get(f"http://127.0.0.1:{sock.getsockname()[1]}/") as response:
    ...             text = await response.text()
    ...     stop.set()
    ...     await task
    ...     sock.close()
    ...     return text
    >>> asyncio.run(visit())
    'hello'
    """
    loop = asyncio.get_running_loop()
    with quiet(notes, loop) as accepting:
        runner = web.AppRunner(
            app, access_log=None, handle_signals=False, keepalive_timeout=FIRST_MESSAGE_S, shutdown_timeout=1.0
        )
        await runner.setup()
        assert runner.server is not None  # set by setup()
        factory = runner.server
        server = await loop.create_server(lambda: _Counted(factory(), doors), sock=sock, backlog=128)
        try:
            await stop.wait()
        finally:
            server.close()
            accepting.closed = True
            await runner.cleanup()
            # accepting paused for want of descriptors is retried a moment later on the socket
            # now closed, and fails: it must fail here, while that is said to nobody, not after
            # (the event loop would print its traceback as the program ends)
            due = accepting.retry_due(loop.time())
            if due > 0:
                await asyncio.sleep(due + 0.05)


__all__ = [
    "ACCEPT_RETRY_S",
    "FIRST_MESSAGE_S",
    "LOOPBACK",
    "PER_ADDRESS",
    "Accepting",
    "Connection",
    "Door",
    "Doors",
    "Hosts",
    "Notes",
    "bound_socket",
    "connection_cap",
    "guard",
    "quiet",
    "serve_guarded",
    "short",
]
