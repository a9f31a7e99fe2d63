"""The browser table's game room: who is seated where, what each screen may ask, and what every
screen is shown. No web framework here: the server (:mod:`.server`) passes each checked message
in and sends each :class:`Reply` out, so the room is tested without a socket.

The game itself is a :class:`rushmore_print.game.session.Session`: each message becomes a typed action
(:mod:`rushmore_print.game.actions`) applied to it, so the log is the one ``rushmore play`` writes and
``play --resume`` continues. What the screens show is said from the session's typed events in the
browser's own words (:mod:`rushmore_print.web.page_words`). The room never takes a player's name from a phone's
message: a phone is seated once (join code, then a free name) and every claim it sends is made
for that seat. Only the table screen (holding the table key) reveals, corrects, undoes and ends.

>>> from rushmore_print import load_design
>>> from rushmore_print.game.session import Options, Session
>>> design = load_design()
>>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True, clock=lambda: 0.0)
>>> room = Room(session, write=lambda record: None)
>>> room.begin()["phase"]
'ready'
>>> token = room.join("ann")
>>> room.seat_of(token)
'ann'
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import RushmoreError
from ..frozen import frozen_dataclass
from ..game.actions import Action, Change, Claim, Drop, End, Pass, RestPass, Reveal, Took, Undo
from ..game.referee import Ended
from ..game.session import Rejected, Session, Step
from ..game.stats import player_rows, turns_of
from ..language.i18n import Catalogue, catalogue, level_name, said
from .page_words import end_reason, headline, refusal, said_lines

MAX_MESSAGE_BYTES = 1024  # the longest message a screen sends is a correction: far below this
POSITION = re.compile(r"[A-Z]{1,2}[0-9]{1,3}")
JOIN_LETTERS = "ACDEFHJKLMNPRTUVWXY3479"  # no look-alikes (0/O, 1/I/L, 5/S, 8/B, 2/Z, 6/G)
JOIN_CODE_LENGTH = 7  # 23^7 = 3.4 billion codes: an evening of guessing wins with odds below 1 in a million (web.joins)
KEY_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # RFC 4648 base32: URL-safe, one case, 5 bits a letter
JOIN_KEY_LENGTH = 22  # 110 bits: the QR code's secret, never guessed, so never held back (web.joins)


class RoomError(RushmoreError):
    """A message the room refuses: the sentence goes back to the screen that sent it.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design = load_design()
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
    >>> room = Room(session, write=[].append)
    >>> _ = room.begin()
    >>> room.from_player("ann", {"t": "undo"})
    Traceback (most recent call last):
    rushmore_print.web.room.RoomError: a phone may only claim or pass
    """


def new_join_code() -> str:
    """A short per-game code for phones: typed or scanned, never a word to mistype.

    >>> len(new_join_code()), set(new_join_code()) <= set(JOIN_LETTERS)
    (7, True)
    """
    return "".join(secrets.choice(JOIN_LETTERS) for _ in range(JOIN_CODE_LENGTH))


def new_join_key() -> str:
    """The long per-game join secret the QR code carries (:data:`JOIN_KEY_LENGTH` base32 letters,
    110 bits from :mod:`secrets`): scanned, never typed, so it can be long enough that nobody
    guesses it, and a join that carries it needs no guard against guessing.

    >>> key = new_join_key()
    >>> len(key), set(key) <= set(KEY_LETTERS), key != new_join_key()
    (22, True, True)
    """
    return "".join(secrets.choice(KEY_LETTERS) for _ in range(JOIN_KEY_LENGTH))


@frozen_dataclass
class Seats:
    """What lets the screens of a game back in after the server restarts (``table --resume``
    after a crash or ``kill -9``): the join code, the table screen's key, each seated phone's
    token, kept only as its SHA-256 (the phones hold the tokens; a copy of this cannot seat anyone),
    and the QR code's join key (a phone that scanned it keeps its seat's token under it).

    >>> Seats("ACDEF", "key", ((seat_hash("token"), "ann"),)).phones[0][1]
    'ann'
    """

    join_code: str
    table_key: str
    phones: tuple[tuple[str, str], ...] = ()  # (SHA-256 of a seat's token, the player it seats)
    join_key: str = ""  # "": none kept (a seats file written before there was one): the room keeps its own


def seat_hash(token: str) -> str:
    """A seat token as the room keeps it: its SHA-256, in hex.

    >>> len(seat_hash("token")), seat_hash("token") == seat_hash("token")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Reply:
    """What one message did: a sentence for its sender (or None), and whether every screen must be
    shown the new state.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design = load_design()
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
    >>> room = Room(session, write=[].append)
    >>> _ = room.begin()
    >>> room.reveal()
    Reply(note=None, changed=True, ended=False)
    >>> room.from_table({"t": "end"})
    Reply(note=None, changed=False, ended=True)
    """

    note: str | None = None
    changed: bool = False
    ended: bool = False  # the table closed the game: the server stops


@dataclass
class Room:
    """One game in the browser: the session, every seated phone, and what each screen is shown. Each
    message becomes an action of the session, its records written to the log (``write``) before
    any screen sees the new state.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design = load_design()
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
    >>> log = []
    >>> room = Room(session, write=log.append)
    >>> room.begin()["phase"], [record["event"] for record in log]
    ('ready', ['start', 'revealed'])
    """

    session: Session
    write: Callable[[dict], None]  # a record to the game log, before anything is shown
    sync: Callable[[], None] = lambda: None  # the log to disk: called once every screen has been sent the state
    records: list[dict] = field(default_factory=list)  # the log's records so far (for the end screen)
    one_screen: bool = False  # no phones: the table taps who took each card
    join_code: str = field(default_factory=new_join_code)
    join_key: str = field(default_factory=new_join_key)  # the QR code's: long, so never guessed
    table_key: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    counting: bool = False  # a count of three is running before the held card is shown
    seq: int = 0  # each new state's number: a screen ignores an older one
    keep: Callable[[Seats], None] = lambda seats: None  # the seats to a file: called on every join and free
    _seats: dict[str, str] = field(default_factory=dict)  # SHA-256 of a seat's token -> player
    _lines: list[str] = field(default_factory=list)  # the referee's last words, newest last

    def __post_init__(self) -> None:
        # a resumed game (``table --resume``): the screens show what the referee said last before
        # the restart, said again from the events the session's replay went through
        self._lines = said_lines(self.t, self.session.replayed, self.game.table)[-4:]

    @property
    def t(self) -> Catalogue:
        """The players' language (the design's): every screen's words are said in it.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> room.t.gettext("the game is over")
        'the game is over'
        """
        return catalogue(self.session.language)

    # -- the game

    @property
    def game(self):
        """The referee's game behind the session.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> room.game is session.game, room.game.players
        (True, ('ann', 'bob'))
        """
        return self.session.game

    def begin(self) -> dict:
        """Start a new game (its start record is written) and return the state.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> state = Room(session, write=[].append).begin()
        >>> state["phase"], state["card"], state["total"]
        ('ready', None, 12)
        """
        self._apply(self.session.start())
        return self.state()

    def _apply(self, step: Step) -> Reply:
        for record in step.records:  # saved before it is shown: nothing seen is ever lost
            self.write(record)
            self.records.append(record)
        rejected = next((e for e in step.events if isinstance(e, Rejected)), None)
        if rejected is not None:
            return Reply(refusal(self.t, rejected.error))
        self._lines = (self._lines + said_lines(self.t, step.events, self.game.table))[-4:]
        self.seq += 1
        return Reply(changed=True)

    def _act(self, action: Action) -> Reply:
        return self._apply(self.session.apply(action))

    # -- seats

    def join(self, player: str) -> str:
        """Seat a phone as ``player`` (a name of the game, not yet seated); its token for rejoining.

        Raises ``RoomError`` for a name not in the game, a seat taken, or a one-screen game.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> token = room.join("ann")
        >>> room.seat_of(token), room.seated()
        ('ann', {'ann'})
        >>> room.join("ann")
        Traceback (most recent call last):
        rushmore_print.web.room.RoomError: ann has joined already on another phone; the table screen can free the seat
        """
        if self.one_screen:
            raise RoomError(said("this game is played on one screen: no phones join it"))
        name = self._player(player)
        if name in self._seats.values():
            raise RoomError(
                said("{player} has joined already on another phone; the table screen can free the seat", player=name)
            )
        token = secrets.token_urlsafe(18)
        self._seats[seat_hash(token)] = name
        self.seq += 1
        self.keep(self.seats())  # kept before the phone learns its token: a restart cannot lose the seat
        return token

    def seat_of(self, token: str) -> str | None:
        """The player a phone's token seats, or None.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> room.seat_of(room.join("bob")), room.seat_of("not-a-token")
        ('bob', None)
        """
        return self._seats.get(seat_hash(token))

    def free_seat(self, player: object) -> None:
        """Free a player's seat (the table screen's "free"): their phone may join again.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> _ = room.join("ann")
        >>> room.free_seat("ann")
        >>> room.seated()
        set()
        """
        name = self._player(player)
        self._seats = {token: seated for token, seated in self._seats.items() if seated != name}
        self.seq += 1
        self.keep(self.seats())

    def seats(self) -> Seats:
        """The join code and key, the table key and the seated phones, to keep across a restart.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> token = room.join("ann")
        >>> again = Room(session, write=[].append)
        >>> again.take_seats(room.seats())
        >>> again.seat_of(token), again.join_code == room.join_code, again.table_key == room.table_key
        ('ann', True, True)
        >>> again.join_key == room.join_key
        True
        """
        return Seats(self.join_code, self.table_key, tuple(sorted(self._seats.items())), self.join_key)

    def take_seats(self, seats: Seats) -> None:
        """Seat the screens of a game served before (:meth:`seats`): its join code and join key
        (when it kept one), its table key and every phone whose player is in this game.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> room.take_seats(Seats("ACDEF", "key", ((seat_hash("t1"), "ann"), (seat_hash("t2"), "zed"))))
        >>> room.join_code, room.seated()
        ('ACDEF', {'ann'})
        """
        self.join_code, self.table_key = seats.join_code, seats.table_key
        if seats.join_key:  # an older seats file has none: the QR code then carries this run's
            self.join_key = seats.join_key
        self._seats = {token: player for token, player in seats.phones if player in self.game.players}
        self.seq += 1

    def seated(self) -> set[str]:
        """The players who have a phone at the table.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> _ = room.join("bob")
        >>> room.seated()
        {'bob'}
        """
        return set(self._seats.values())

    def _player(self, text: object) -> str:
        if not isinstance(text, str) or text not in self.game.players:
            raise RoomError(said("no such player in this game"))
        return text

    def _monument(self, position: object) -> str:
        """The Monument at a position a screen sent (``"B3"``: exactly as the table names it)."""
        found = self.game.table.monument_at(position) if isinstance(position, str) else None
        if found is None or not POSITION.fullmatch(str(position)):
            raise RoomError(said("no such place on the table"))
        return found

    # -- messages

    def from_player(self, player: str, message: dict, stamp: float | None = None) -> Reply:
        """A seated phone's message: ``{"t": "claim", "at": "B3"}`` or ``{"t": "pass"}``. ``stamp``:
        when the hand went down, on the session's clock (the server's, from the phone's corrected
        tap time), or None for its arrival; the server decides the order claims are handed in.

        Raises ``RoomError`` for any other message.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> _ = room.reveal()
        >>> room.from_player("ann", {"t": "claim", "at": "D2"}), room.from_player("bob", {"t": "pass"}).changed
        (Reply(note=None, changed=True, ended=False), True)
        >>> room.game.scores()
        (('ann', 1), ('bob', 0))
        """
        kind = message.get("t")
        if kind == "claim":
            return self._act(Claim(player, self._monument(message.get("at")), stamp))
        if kind == "pass":
            return self._act(Pass(player))
        raise RoomError(said("a phone may only claim or pass"))

    def from_table(self, message: dict) -> Reply:
        """The table screen's message: reveal (after the count), took / nobody (one screen),
        change (a player's hand moved, or put down for a phone that put none down), drop, free,
        undo, end.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> _ = room.reveal()
        >>> _ = room.from_player("ann", {"t": "claim", "at": "A1"})
        >>> room.from_table({"t": "change", "player": "ann", "at": "D2"}).changed, room.game.claim_of("ann")
        (True, (True, 'M09'))

        A hand the player's phone did not put down (it died mid-card) the table puts down for them:

        >>> room.from_table({"t": "change", "player": "bob", "at": "pass"}).changed, room.game.scores()
        (True, (('ann', 1), ('bob', 0)))
        """
        kind = message.get("t")
        if kind == "undo":
            return self._act(Undo())
        if kind == "end":
            self.session.apply(End())  # nothing to log: the game so far is in it already
            return Reply(ended=True)
        if kind == "free":
            self.free_seat(message.get("player"))
            return Reply(changed=True)
        if kind == "took":
            if not self.one_screen:
                raise RoomError(said("with phones, each player claims on their own phone"))
            player = message.get("player")
            return self._act(RestPass() if player is None else Took(self._player(player)))
        if kind == "change":
            player = self._player(message.get("player"))
            target = None if message.get("at") == "pass" else self._monument(message.get("at"))
            return self._act(self._hand_at(player, target))
        if kind == "drop":
            return self._act(Drop(self._player(message.get("player"))))
        raise RoomError(said("unknown message"))

    def _hand_at(self, player: str, monument: str | None) -> Action:
        """The table screen puts ``player``'s hand on ``monument`` (None: a pass): it moves the
        hand their phone put down, or, when their phone put none down (it died, or its player has
        none), puts it down for them, as the game master does at the terminal."""
        if self.game.claim_of(player)[0] or self.game.current is None:
            return Change(player, monument)
        return Pass(player) if monument is None else Claim(player, monument)

    def can_reveal(self) -> bool:
        """True if a card is held back for the count of three, and no count is running.

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> room.can_reveal(), room.reveal().changed, room.can_reveal()
        (True, True, False)
        """
        return self.session.held is not None and not self.counting and not self.game.over

    def reveal(self) -> Reply:
        """Show the held card (the server calls this when the count of three is over).

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> room.phase(), room.reveal().changed, room.phase(), room.state()["card"]
        ('ready', True, 'play', {'id': 'S12', 'level': 'Basic'})
        """
        self.counting = False
        return self._act(Reveal())

    # -- what the screens see

    def phase(self) -> str:
        """Where the game stands for the screens: "ready" (a card is held back), "countdown", "play", "over".

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> room.phase()
        'ready'
        """
        if self.game.over:
            return "over"
        if self.counting:
            return "countdown"
        if self.session.held is not None:
            return "ready"
        return "play" if self.game.current is not None else "ready"

    def state(self, viewer: str | None = None) -> dict[str, Any]:
        """Everything a screen shows, as JSON: ``viewer`` is a seated player's name, or None for
        the table screen. A card is in it only once shown; nothing secret is (no join token).

        >>> from rushmore_print import load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3), hold=True)
        >>> room = Room(session, write=[].append)
        >>> _ = room.begin()
        >>> _ = room.reveal()
        >>> state = room.state("ann")
        >>> state["you"], state["card"]["id"], state["players"][0]["waiting"], state["grid"][0][0]
        ('ann', 'S12', True, ['A1', 'M05'])
        """
        game = self.game
        card = game.current if self.phase() in ("play", "over") and game.current is not None else None
        claims = dict(game.state.claims)
        waiting = set(game.waiting_for()) if card is not None else set()
        active = set(game.active_players)
        players = [
            {
                "name": name,
                "score": score,
                "wrong": wrong,
                "seated": name in self.seated(),
                "hand": self._hand(claims, name),
                "waiting": name in waiting,
                "active": name in active,
            }
            for (name, score), (_, wrong) in zip(game.scores(), game.wrong_claims())
        ]
        covered = {game.table.position_of(m): p for p, m in game.state.claims if m is not None}
        showing = self.session.held or (game.showing() if not game.over and card is not None else None)
        state: dict[str, Any] = {
            "t": "state",
            "seq": self.seq,
            "phase": self.phase(),
            "mode": "one-screen" if self.one_screen else "phones",
            "you": viewer,
            "design": self.session.design_name,
            "card": None if card is None else {"id": card.id, "level": level_name(self.t, card.level)},
            "number": getattr(showing, "number", game.state.revealed + 1),
            "total": getattr(showing, "total", game.state.revealed + game.cards_left),
            "tiebreak": list(game.state.tiebreak) if game.state.tiebreak else None,
            "players": players,
            "covered": covered,
            "grid": [[[pos, monument] for pos, monument in row] for row in game.table.grid()],
            "said": list(self._lines),
            "penalty": game.config.penalty,
            "end": self._end() if game.over else None,
        }
        return state

    def _hand(self, claims: dict[str, str | None], name: str) -> str | None:
        """A player's hand this turn: a position, ``"pass"``, or None (still to choose)."""
        if name not in claims:
            return None
        monument = claims[name]
        return "pass" if monument is None else self.game.table.position_of(monument)

    def _end(self) -> dict[str, Any]:
        game = self.game
        rows = player_rows(turns_of(self.records), game.players) if self.records else ()
        medians = {row.name: row.median_ms for row in rows}
        winners = game.state.winners or ()
        reason = game.state.end_reason
        ended = Ended(winners, reason, game.scores()) if reason is not None else None
        return {
            "winners": list(winners),
            "headline": headline(self.t, winners),  # in the players' language, like the reason
            "reason": end_reason(self.t, ended) if ended else "",
            "rows": [
                {"name": name, "cards": list(cards), "wrong": wrong, "median_ms": medians.get(name)}
                for name, cards, wrong in zip(game.players, game.state.won, game.state.wrong)
            ],
        }


__all__ = ["MAX_MESSAGE_BYTES", "Reply", "Room", "RoomError", "Seats", "new_join_code", "new_join_key", "seat_hash"]
