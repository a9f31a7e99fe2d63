"""``rushmore table``: a game request in, a running server out, until the table screen ends it.

The session is made (new, or resumed from a log) exactly as ``rushmore play`` makes it
(:mod:`rushmore_print.cli.console`), so a game moves between the two; then this module binds the
socket, says where the table screen and the phones go, and serves.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from pathlib import Path

from ..cli.console import GameRequest, Streams, load_deck, new_log, new_session, resume
from ..design import Design
from ..errors import GameLogError
from ..frozen import frozen_dataclass
from ..game.referee import DeckMode
from ..game.session import Session
from ..language.i18n import catalogue
from ..readers.inputs import shown_path
from ..writers.gamelog import GameLog, read_records
from .card_svgs import card_svgs, qr_svg
from .guards import Hosts, Notes, bound_socket
from .room import Room
from .seats import forget_seats, keep_seats
from .server import TableServer, serve


@frozen_dataclass
class Serving:
    """How the table is served: the local network or only this computer, the port (0: any free
    one), phones or one screen, the seconds of the count of three.

    >>> Serving(), Serving(lan=True, port=0, one_screen=True).one_screen
    (Serving(lan=False, port=8000, one_screen=False, countdown=3.0), True)
    """

    lan: bool = False
    port: int = 8000
    one_screen: bool = False
    countdown: float = 3.0


@frozen_dataclass
class Where:
    """Where the screens go: the table screen's address (with its key), the phones' short one to
    type (with the short code, guarded against guessing) and the one the QR code carries (with
    the long join key: nothing to guess, so never held back).

    >>> where = Where("http://192.168.1.20:8000/table#key", "http://192.168.1.20:8000/j/ABCD", "ABCD",
    ...               "http://192.168.1.20:8000/j/ABCDEFGHIJKLMNOPQRSTUV")
    >>> where.join_url.endswith(where.code), where.scan_url.endswith(where.code)
    (True, False)
    """

    table_url: str
    join_url: str
    code: str
    scan_url: str

    @classmethod
    def of(cls, room: Room, address: str, port: int) -> Where:
        """Where the screens of ``room`` go when it is served at ``address`` on ``port``.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> where = Where.of(room, "192.168.1.20", 8000)
        >>> where.join_url == "http://192.168.1.20:8000/j/" + room.join_code
        True
        >>> where.scan_url == "http://192.168.1.20:8000/j/" + room.join_key, where.table_url.startswith("http://127")
        (True, True)
        """
        return cls(
            f"http://127.0.0.1:{port}/table?key={room.table_key}",
            f"http://{address}:{port}/j/{room.join_code}",
            room.join_code,
            f"http://{address}:{port}/j/{room.join_key}",
        )


def lan_address() -> str:
    """This computer's address on the local network: the interface a route out would use (no
    packet is sent: a UDP socket only picks its source address when it is "connected").

    >>> import ipaddress
    >>> ipaddress.ip_address(lan_address()).version
    4
    """
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1, never routed: only chooses an interface
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def announced_names(address: str) -> tuple[str, ...]:
    """What a phone on the local network may call this computer: the address the join page is
    announced at, and the computer's own name (as a router's DNS or mDNS answers it).

    >>> names = announced_names("192.168.1.20")
    >>> names[0], all(name == name.lower() for name in names)
    ('192.168.1.20', True)
    """
    name = socket.gethostname().lower().rstrip(".")
    return (address, *((name, name.split(".")[0] + ".local") if name else ()))


def table_game(request: GameRequest, design_path: Path | None, streams: Streams, serving: Serving) -> Session:
    """Deal or resume the game, serve it until the table screen ends it (or Ctrl-C); its session."""
    if request.resume is not None:
        session, log, _lost = resume(design_path, request.resume, request.given, True)
        if session.options.deck_mode is not DeckMode.SCREEN:  # its screens would wait for a card never drawn
            log.close()
            where = shown_path(request.resume)
            raise GameLogError(
                f"{where}: this game is played with the printed Search deck (--deck table), which the "
                f"browser table does not draw from; continue it at the terminal: rushmore play --resume {where}"
            )
        records = read_records(request.resume)
        logged = design_path or (Path(session.design_path) if session.design_path else None)
        design = load_deck(logged)[0]
    else:
        session = new_session(request, design_path, hold=True)
        design = load_deck(design_path)[0]
        log = new_log(request.log_path, session.options.seed)
        records = []
    try:
        sock = bound_socket("0.0.0.0" if serving.lan else "127.0.0.1", serving.port)
        try:
            _serve(design, session, log, records, sock, serving, streams, request.quiet)
        except KeyboardInterrupt:
            pass
        finally:
            sock.close()
    finally:
        log.close()
    if not session.game.over:
        t, command = catalogue(session.language), f"rushmore table --resume {log.path}"
        streams.say(t.gettext("game saved; continue with: {command} (or play --resume)", command=command))
    return session


def _serve(
    design: Design,
    session: Session,
    log: GameLog,
    records: list[dict],
    sock: socket.socket,
    serving: Serving,
    streams: Streams,
    quiet: bool,
) -> None:
    room = Room(session, lambda record: log.write(record, sync=False), log.sync, list(records), serving.one_screen)
    if not records:
        room.begin()
    seats = keep_seats(room, log.path, streams.warn)  # the same code, key and seats after a restart
    port = sock.getsockname()[1]
    address = lan_address() if serving.lan else "127.0.0.1"
    where = Where.of(room, address, port)  # after keep_seats: a resumed game's code and key
    hosts = Hosts.of(port, announced_names(address) if serving.lan else ())
    server = TableServer(
        room, card_svgs(design, session.game.deck), where.join_url, qr_svg(where.scan_url),
        countdown=serving.countdown, hosts=hosts, notes=Notes(streams.warn),
    )  # fmt: skip
    t = room.t
    if not quiet:
        streams.say(t.gettext("game log: {path}", path=log.path))
    streams.say(t.gettext("table screen (open it on the screen everyone sees): {url}", url=where.table_url))
    if not serving.one_screen:
        join = t.gettext("players join on their phones: {url}  (code {code})", url=where.join_url, code=where.code)
        streams.say(join)
    if serving.lan:
        at = f"{address}:{port}"
        lan = t.gettext("serving the local network at {address}: anyone on it can open the join page", address=at)
        streams.say(lan)
    elif not serving.one_screen:  # the join address and its QR code are 127.0.0.1's: no phone reaches them
        streams.say(
            t.gettext(
                "these addresses are this computer's own, which phones cannot open: start again with --lan "
                "to let phones on the same network join"
            )
        )
    asyncio.run(serve(server, sock))
    if session.game.over:
        forget_seats(seats)  # nobody will join this game again


__all__ = ["Serving", "Where", "announced_names", "lan_address", "table_game"]
