"""``rushmore table``: a game's session and log in, a running server out, until the table ends it.

The CLI builds the :class:`~rushmore_print.session.Session` (new or resumed from a log, exactly
as ``rushmore play`` does) and opens the log; this module binds the socket, prints where the
table screen and the phones go, and serves.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from dataclasses import dataclass

from ..gamelog import GameLog
from ..session import Session
from ..spec import Design
from .cards import card_svgs, qr_svg
from .room import Room
from .server import TableServer, serve


@dataclass(frozen=True)
class Where:
    """Where the screens go: the table screen's address (with its key) and the phones'."""

    table_url: str
    join_url: str
    code: str


def lan_address() -> str:
    """This computer's address on the local network (the interface a route out would use; no
    packet is sent: a UDP socket only picks its source address when "connected")."""
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only used to choose an interface
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def bound_socket(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(64)
    sock.setblocking(False)
    return sock


def run_table(
    design: Design,
    session: Session,
    log: GameLog,
    records: list[dict],
    *,
    lan: bool,
    port: int,
    one_screen: bool,
    countdown: float,
    say: Callable[[str], None],
) -> Room:
    """Serve the game until the table screen ends it (or Ctrl-C); the room, for its state."""
    deck = session.game.deck
    room = Room(session, lambda record: log.write(record, sync=False), log.sync, list(records), one_screen)
    if not records:
        room.begin()
    host = "0.0.0.0" if lan else "127.0.0.1"
    sock = bound_socket(host, port)
    address = lan_address() if lan else "127.0.0.1"
    bound = sock.getsockname()[1]
    where = Where(
        f"http://127.0.0.1:{bound}/table?key={room.table_key}",
        f"http://{address}:{bound}/j/{room.join_code}",
        room.join_code,
    )
    server = TableServer(
        room, card_svgs(design, deck), where.join_url, qr_svg(where.join_url), countdown=countdown, local_only=not lan
    )
    say(f"game log: {log.path}")
    say(f"table screen (open it on the screen everyone sees): {where.table_url}")
    if not one_screen:
        say(f"players join on their phones: {where.join_url}  (code {where.code})")
    if lan:
        say(f"serving on the local network at {address}:{bound}; anyone on it can open the join page")
    asyncio.run(serve(server, sock))
    return room
