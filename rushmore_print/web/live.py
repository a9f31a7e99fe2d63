"""``rushmore preview --watch``: the live preview, served with the browser table's stack.

The page (:mod:`rushmore_print.web.preview` builds it) is served at ``/`` and its version stream, a
Server-Sent Events stream, at ``/events``, on 127.0.0.1 by aiohttp behind the same guards as the
table (:mod:`.guards`): a request must name this computer as its Host (a page on a rebinding DNS
name gets 421, not the design) and one with an Origin must come from it; every connection is
counted from accept, under a cap below the descriptor limit, and must send its request within
2 s; the page (about 1.4 MB for a big design) is written in pieces, each after the last has
left (a client that reads slowly holds 64 KB of this process, not the page), and must be read
within :data:`ANSWER_S`; at most :data:`MOST_STREAMS` event streams are open (an older one is
closed for a newer: its page reconnects by itself); nothing reaches the terminal but short notes.

The server runs in a thread of its own with its own event loop; the watcher (watchfiles) and the
builds run in the caller's thread and hand each new page over (:meth:`Live.publish`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
import time
from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from ..design import Design, load_design
from ..errors import BuildError
from ..writers.files import atomic_write, ensure_folder
from .guards import Doors, Hosts, Notes, bound_socket, guard, serve_guarded
from .preview import PAGE_NAME, PreviewBuilder, Reporter

PIECE = 64 * 1024  # bytes of the page written at a time
ANSWER_S = 20.0  # seconds a client has to read the whole page
STREAM_BEAT_S = 15.0  # an event stream hears a comment this often: a closed tab is noticed
MOST_STREAMS = 32  # open event streams (tabs) at once
HEADERS = {
    # the page holds its own style and script and pictures as data: URLs; it talks only to this server
    "Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class Live:
    """What the server serves, handed over from the builds' thread: the page now and its version,
    and the event streams to wake when it changes. Each stream waits on the newest version's event.

    >>> live = Live()
    >>> live.version, live.page
    (0, b'')
    """

    def __init__(self) -> None:
        self.page = b""
        self.version = 0
        self.changed = asyncio.Event()
        self.streams: list[web.StreamResponse] = []  # oldest first

    def publish(self, page: str, version: int) -> None:
        """Serve ``page`` as ``version`` (the one written in it) and wake every stream (call it in
        the server's loop).

        >>> live = Live()
        >>> live.publish("<p>one</p>", 1); live.version, live.page
        (1, b'<p>one</p>')
        """
        self.page = page.encode("utf-8")
        self.version = version
        self.changed.set()
        self.changed = asyncio.Event()

    def close(self) -> None:
        """End every event stream (the server is stopping): each handler returns at once.

        >>> live = Live(); live.close(); live.streams
        []
        """
        self.streams.clear()
        self.changed.set()

    def app(self, hosts: Hosts, doors: Doors) -> web.Application:
        """The aiohttp application: the page at ``/`` (and ``/preview.html``) and ``/events``;
        nothing else, and no file is ever read through it.

        >>> sorted({route.resource.canonical for route in Live().app(Hosts.of(None), Doors()).router.routes()})
        ['/', '/events', '/preview.html']
        """
        app = web.Application(middlewares=[guard(hosts, doors, _foreign, HEADERS)])
        app.router.add_get("/", self._page)
        app.router.add_get(f"/{PAGE_NAME}", self._page)
        app.router.add_get("/events", functools.partial(self._events, doors))
        return app

    async def _page(self, request: web.Request) -> web.StreamResponse:
        page = memoryview(self.page)  # the page of this moment, whatever a rebuild publishes meanwhile
        kind = {"Content-Type": "text/html; charset=utf-8", "Content-Length": str(len(page))}
        response = web.StreamResponse(headers={**HEADERS, **kind})
        try:
            await asyncio.wait_for(_write(request, response, page), ANSWER_S)
        except asyncio.TimeoutError:  # read too slowly: the connection is let go, half an answer is no answer
            if request.transport is not None:
                request.transport.abort()
        except ConnectionError:
            pass
        return response

    async def _events(self, doors: Doors, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={**HEADERS, "Content-Type": "text/event-stream"})
        await response.prepare(request)
        doors.trust(request.transport)  # a tab of the preview: its stream stays
        self.streams.append(response)
        if len(self.streams) > MOST_STREAMS:
            oldest = self.streams.pop(0)
            with contextlib.suppress(ConnectionError, RuntimeError):
                await oldest.write_eof()
        seen = -1
        try:
            while response in self.streams:
                if self.version != seen:
                    seen = self.version
                    await response.write(f"data: {seen}\n\n".encode())
                    continue
                changed = self.changed
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(changed.wait(), STREAM_BEAT_S)
                if not changed.is_set():
                    await response.write(b": still here\n\n")
        except (ConnectionError, RuntimeError):
            pass
        finally:
            if response in self.streams:
                self.streams.remove(response)
        return response


async def _write(request: web.Request, response: web.StreamResponse, page: memoryview) -> None:
    await response.prepare(request)
    for start in range(0, len(page), PIECE):
        await response.write(page[start : start + PIECE])  # waits while the client's buffer is full
    await response.write_eof()


def _foreign() -> str:
    return "the preview serves only this computer: open the address rushmore printed"


class Served:
    """The preview's server, running in a thread with its own event loop, on 127.0.0.1:``port``.

    >>> import urllib.request
    >>> served = Served(0, Notes(print))
    >>> served.publish("<p>hello</p>", 1)
    >>> urllib.request.urlopen(served.address).read()
    b'<p>hello</p>'
    >>> served.close()
    """

    def __init__(self, port: int, notes: Notes) -> None:
        try:
            sock = bound_socket("127.0.0.1", port)
        except OSError as exc:
            raise BuildError(f"cannot serve the preview on 127.0.0.1:{port} ({exc.strerror}); give another --port, "
                             "or 0 for any free one") from None  # fmt: skip
        self.port = sock.getsockname()[1]
        self.address = f"http://127.0.0.1:{self.port}/"
        self.live = Live()
        self.doors = Doors()
        self.loop = asyncio.new_event_loop()
        self._stop = asyncio.Event()
        started = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            app = self.live.app(Hosts.of(self.port), self.doors)
            self.loop.call_soon(started.set)
            try:
                self.loop.run_until_complete(serve_guarded(app, sock, self.doors, notes, self._stop))
            finally:
                sock.close()
                self.loop.close()

        self.thread = threading.Thread(target=run, name="preview server", daemon=True)
        self.thread.start()
        started.wait()

    def publish(self, page: str, version: int) -> None:
        """Serve ``page`` as ``version`` from now on and tell every open page (from any thread);
        returns once it is served.

        >>> served = Served(0, Notes(print))
        >>> served.publish("<p>two</p>", 2); served.live.version
        2
        >>> served.close()
        """
        asyncio.run_coroutine_threadsafe(_call(self.live.publish, page, version), self.loop).result()

    def close(self) -> None:
        """Stop serving (every open stream is closed) and wait for the server's thread.

        >>> served = Served(0, Notes(print))
        >>> served.close(); served.thread.is_alive()
        False
        """
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.live.close)
            self.loop.call_soon_threadsafe(self._stop.set)
            self.thread.join()


async def _call(function: Callable[[str, int], None], page: str, version: int) -> None:
    function(page, version)


def _one_of(files: frozenset[Path], change: object, name: str) -> bool:
    return Path(name).resolve() in files


def watch(
    path: Path | None,
    folder: Path,
    port: int,
    report: Reporter,
    stop: threading.Event | None = None,
    load: Callable[[Path | None], Design] = load_design,
    started: Callable[[str], None] | None = None,
    notes: Notes | None = None,
) -> None:
    """Build, serve and rebuild the preview of the design at ``path`` until ``stop`` is set (or
    Ctrl-C): each change to the design or a file it uses rebuilds the page, writes it into
    ``folder`` and tells every open page to reload. ``report`` hears one line a build, ``notes``
    the server's short lines (``report``'s, rate-limited, unless told).

    Files are watched through their folders (an editor that saves by writing a new file and
    renaming it over the old one replaces the file a watch on the file itself would follow).

    >>> import tempfile
    >>> from rushmore_print import parse_design
    >>> text = "name: Duo\\nheads: [Ann, Bob]\\ndirections: [left, right]\\nsearch: {seed: 1, red_counts: {0: 4}}"
    >>> duo = parse_design(text, "duo.yaml", None)
    >>> folder, stop, said = tempfile.TemporaryDirectory(), threading.Event(), []
    >>> stop.set()  # here: build once and return (a watch runs until it is set)
    >>> watch(None, Path(folder.name), 0, said.append, stop, load=lambda path: duo)
    >>> said[0][:20], said[1][:17]
    ('rebuilt (version 1, ', 'http://127.0.0.1:')
    >>> folder.cleanup()
    """
    import watchfiles

    stop = stop or threading.Event()
    builder = PreviewBuilder(path, load)
    ensure_folder(folder)
    version = 0

    def rebuild(served: Served | None) -> str:
        nonlocal version
        begun = time.perf_counter()
        version += 1
        preview = builder.build(version)
        if preview.ok:
            atomic_write(folder / PAGE_NAME, preview.html.encode("utf-8"))
        took = time.perf_counter() - begun
        report(f"{'rebuilt' if preview.ok else 'errors shown'} (version {version}, {took:.2f} s)")
        if served is not None:  # told after the report: a page that sees the version finds its line said
            served.publish(preview.html, version)
        return preview.html

    first = rebuild(None)
    served = Served(port, notes or Notes(report))
    served.publish(first, version)
    (started or report)(served.address)
    try:
        while not stop.is_set():
            files = builder.files
            folders = sorted({file.parent for file in files if file.parent.is_dir()})
            if not folders:  # nothing to watch (the built-in design): wait to be stopped
                stop.wait()
                break
            for _ in watchfiles.watch(
                *folders,
                watch_filter=functools.partial(_one_of, files),
                debounce=400,
                step=30,  # a save settles in a few ms; quiet this long ends a burst
                stop_event=stop,
                recursive=False,
            ):
                rebuild(served)
                if builder.files != files:
                    break  # a new art file or folder: watch again with it
    finally:
        served.close()


__all__ = ["ANSWER_S", "MOST_STREAMS", "Live", "Served", "watch"]
