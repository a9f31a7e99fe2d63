"""What the game master types at the terminal, read into the session's typed actions.

The terminal's own dialect, read here and nowhere else (the browser table builds its actions
from its screens' messages, and the core takes only actions):

- ``ann B3`` / ``ann M7`` / ``ann pass``: a claim; a name may be shortened to a prefix only one
  player has (``a d1``); several on one line, comma-separated, in hand order (``a d1, b pass``);
- ``.`` everybody still to claim passes (``a d1, .``);
- quick mode: ``ann`` (or ``a``) ann was on the right Monument and everyone else passes; ``-`` nobody;
- ``change ann C2`` / ``change ann pass`` / ``drop ann``: correct one claim of this turn;
- table mode: the id (``S21``) or notation (``LR*RL``) of the card just turned over;
- Enter: show the next card (when the session holds it back); ``undo``: take back the last line;
- ``score``, ``grid``, ``help`` (:class:`Ask`: the terminal answers them itself), ``quit``.

>>> from rushmore_print import load_design
>>> from rushmore_print.game.session import Options, Session
>>> design = load_design()
>>> session = Session.of_design(design, Options(("ann", "bob"), seed=3))
>>> _ = session.start()
>>> read_typed(b"a d2, .", session)
Entry(parts=(Claim(player='ann', monument='M09', stamp=None), RestPass()))
>>> read_typed(b"undo", session), read_typed(b"score", session)
(Undo(), <Ask.SCORE: 'score'>)
"""

from __future__ import annotations

import enum

from ..errors import CardError, ClaimError, GameOver, UnknownCard, UnknownPlayer
from ..game.actions import Action, Change, Claim, Drop, End, Entry, Part, Pass, RestPass, Reveal, Took, TurnOver, Undo
from ..game.players import named_by
from ..game.referee import Game
from ..game.session import Session, Step
from ..language.i18n import Names, quoted, said
from .arguments import same_id

MAX_LINE = 500  # characters; a longer line is read in bounded pieces and refused


class Ask(enum.Enum):
    """A question the terminal answers from the game as it stands (nothing in the game changes).

    >>> Ask("grid")
    <Ask.GRID: 'grid'>
    """

    SCORE = "score"
    GRID = "grid"
    HELP = "help"


def read_typed(data: bytes | str, session: Session, quick: bool = False) -> Action | Ask | None:
    """What one line the game master typed asks for: an action for the session, a question, or
    None (Enter with no card to show). ``data``: the line as the terminal gave it (bytes that
    must be UTF-8, or text). ``quick``: quick mode's forms (``ann`` took it, ``-`` nobody).

    Raises a ``ClaimError`` saying why a line cannot be read (its kinds name a player or card
    that is not in the game); the game is not touched.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design = load_design()
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3))
    >>> _ = session.start()
    >>> read_typed("change A m7", session), read_typed("b", session, quick=True)
    (Entry(parts=(Change(player='ann', monument='M07'),)), Entry(parts=(Took(player='bob'),)))
    >>> read_typed(b"ann \\xff pass", session)
    Traceback (most recent call last):
    rushmore_print.errors.ClaimError: byte 5 (0xff) is not UTF-8; type the line again
    """
    line = _text(data)
    text = " ".join(line.split())
    command = text.casefold()
    game = session.game
    if command == "undo":
        return Undo()
    if command == "quit":
        return End()
    if command in {ask.value for ask in Ask}:
        return Ask(command)
    if not text:
        if game.over:
            return End()
        return Reveal() if session.held is not None else None
    if game.over:
        raise GameOver(said("the game is over"))
    if game.state.awaiting and not command.startswith(("change ", "drop ")):
        return Entry((TurnOver(card_named(text, game)),))
    return Entry(tuple(_part(item, game, quick) for item in _items(text)))


def take(data: bytes | str, session: Session, quick: bool = False) -> Step | Ask:
    """One line typed at the table, applied: the session's step (a line that cannot be read is
    refused, :meth:`~rushmore_print.game.session.Session.refused`, and never reaches the game), or the
    question the terminal answers itself.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.game.session import Options, Session
    >>> design = load_design()
    >>> session = Session.of_design(design, Options(("ann", "bob"), seed=3))
    >>> _ = session.start()
    >>> [type(event).__name__ for event in take("a d2, .", session).events]
    ['Claimed', 'Passed', 'Judged', 'ShowScore', 'Revealed']
    >>> take("zed A1", session).events[0].reason, take("help", session)
    ("no player called 'zed'; the players are ann and bob", <Ask.HELP: 'help'>)
    """
    try:
        action = read_typed(data, session, quick)
    except ClaimError as exc:
        return session.refused(exc, _shown(data))
    if action is None:
        return Step()
    if isinstance(action, Ask):
        return action
    return session.apply(action)


def _shown(data: bytes | str) -> str:
    """A refused line as the log keeps it: bytes that are not UTF-8 escaped, a long one cut."""
    text = data.decode("utf-8", "backslashreplace") if isinstance(data, bytes) else data
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # a lone surrogate escaped
    return text[:40] + "..." if len(text) > MAX_LINE else " ".join(text.split())


def _text(data: bytes | str) -> str:
    """The line as text of a bounded length, or a ``ClaimError`` saying why it is not."""
    text = data if isinstance(data, str) else _decoded(data)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: not text
        raise ClaimError(said("the line is not text")) from None
    if len(text) > MAX_LINE:
        raise ClaimError(said("a line of more than {most} characters is not read", most=MAX_LINE))
    return text


def _decoded(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if len(data) > 4 * MAX_LINE:  # refused for its length
            return data.decode("utf-8", "replace")
        byte = format(data[exc.start], "02x")
        raise ClaimError(
            said("byte {index} (0x{byte}) is not UTF-8; type the line again", index=exc.start + 1, byte=byte)
        ) from None


def _items(text: str) -> list[str]:
    """``"a d1, b pass ."`` -> ``["a d1", "b pass", "."]``."""
    items = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise ClaimError(said("cannot read {typed}: an empty claim between commas", typed=quoted(text)))
        if part != "." and part.endswith("."):  # "b pass ." and "b pass." both end with: the rest pass
            items += [part[:-1].strip(), "."]
        else:
            items.append(part)
    return items


def _part(item: str, game: Game, quick: bool) -> Part:
    words = item.split()
    verb = words[0].casefold()
    if item == "." or (quick and item == "-"):
        return RestPass()
    if quick and len(words) == 1:
        return Took(player_named(item, game))
    if verb == "change" and len(words) == 3:
        target = None if words[2].casefold() == "pass" else monument_named(words[2], game)
        return Change(player_named(words[1], game), target)
    if verb == "drop" and len(words) == 2:
        return Drop(player_named(words[1], game))
    if len(words) == 2 and words[1].casefold() == "pass":
        return Pass(player_named(words[0], game))
    if len(words) == 2:
        return Claim(player_named(words[0], game), monument_named(words[1], game))
    raise ClaimError(said("cannot read {typed}; type help for the forms", typed=quoted(item)))


def player_named(typed: str, game: Game) -> str:
    """A player by name, ignoring case and Unicode form, or by a prefix only one name has.

    Raises ``UnknownPlayer`` saying who the players are, or which names a prefix could be.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["Ann", "Anton", "bob"])
    >>> player_named("ANN", game), player_named("b", game)
    ('Ann', 'bob')
    >>> player_named("an", game)
    Traceback (most recent call last):
    rushmore_print.errors.UnknownPlayer: 'an' could be Ann or Anton; type more of the name
    """
    found = named_by(typed.strip(), game.players)
    if len(found) == 1:
        return found[0]
    if found:
        raise UnknownPlayer(
            said("{typed} could be {players}; type more of the name", typed=quoted(typed), players=Names(found, "or"))
        )
    raise UnknownPlayer(
        said("no player called {typed}; the players are {players}", typed=quoted(typed), players=Names(game.players))
    )


def monument_named(typed: str, game: Game) -> str:
    """The Monument id a claim names: a position on the table (``B3``, any case) or a Monument id
    (``M7``, ``m07``); raises ``UnknownCard`` saying which names there are.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> monument_named("a1", game), monument_named("m7", game)
    ('M05', 'M07')
    >>> monument_named("E1", game)
    Traceback (most recent call last):
    rushmore_print.errors.UnknownCard: 'E1' is neither a position (A1 to D4) nor a Monument (M01 to M16)
    """
    token = typed.strip().upper()
    found = game.table.monument_at(token) or same_id(token, (m.id for m in game.deck.monuments))
    if found:
        return found
    first, last = game.table.positions[0][0], game.table.positions[-1][0]
    raise UnknownCard(
        said(
            "{typed} is neither a position ({first} to {last}) nor a Monument ({first_id} to {last_id})",
            typed=quoted(typed),
            first=first,
            last=last,
            first_id=game.deck.monuments[0].id,
            last_id=game.deck.monuments[-1].id,
        )
    )


def card_named(typed: str, game: Game) -> str:
    """Table mode: the Search card the game master typed, by id (``S21``, ``s21``) or notation
    (``LR*RL``: of the cards showing that, one still in the box); whether it may be turned over
    now is the referee's to say.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> card_named("s5", game), card_named("LR*RL", game)
    ('S05', 'S17')
    """
    deck = game.deck
    token = typed.strip()
    found = same_id(token, (card.id for card in deck.search))
    if found is not None:
        return found
    try:
        faces, red = deck.notation.parse(token, len(deck.heads))
    except CardError:
        raise UnknownCard(
            said(
                "{typed} is neither a Search card ({first_id} to {last_id}) nor a card's notation",
                typed=quoted(typed),
                first_id=deck.search[0].id,
                last_id=deck.search[-1].id,
            )
        ) from None
    same = [card.id for card in deck.search if card.faces == faces and card.red == red]
    if not same:
        raise UnknownCard(said("{typed}: no Search card of this game shows that", typed=quoted(typed)))
    unused = [card for card in same if card in game.state.box]
    return (unused or same)[0]


__all__ = ["MAX_LINE", "Ask", "card_named", "monument_named", "player_named", "read_typed", "take"]
