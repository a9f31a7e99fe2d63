"""The browser table's words in the players' language: what the pages and scripts show, looked up
in the catalogues like every other player's text and handed to the pages as a JSON data block
(the scripts fill its ``{placeholders}``; lists and numbers come from the browser's ``Intl``, set
to the page's ``lang``). What changes with the game (the headline of the end, the level of a
card, the referee's last words, a refusal) comes in the state, said here from the session's typed
events: the browser's own words, never the terminal's (nothing here tells anyone what to type)."""

from __future__ import annotations

import html
import json
from collections.abc import Iterable

from ..errors import RushmoreError
from ..game.actions import Change, Claim, Drop, Move, Pass
from ..game.referee import Ended, Judged, Table, TieBreak, Undone
from ..language.i18n import Catalogue, Said, end_reason_words


def page_words(t: Catalogue) -> dict[str, str]:
    """Every text of the table screen and the phones that is not in the state, by the key the
    scripts use.

    >>> from rushmore_print.language.i18n import catalogue
    >>> page_words(catalogue("de"))["reveal_next"], page_words(catalogue("en"))["card_of"]
    ('Nächste Karte zeigen', 'Card {number} of {total}')
    """
    return {
        # both screens
        "card_of": t.gettext("Card {number} of {total}"),
        "game_over": t.gettext("Game over"),
        "tiebreak": t.gettext("Tie-break: {players}"),
        "covered_by": t.gettext("{position} {monument}, covered by {player}"),
        "seconds": t.gettext("{seconds} s"),
        "col_player": t.gettext("player"),
        "col_cards": t.gettext("cards"),
        "col_won": t.pgettext("the cards a player won", "won"),
        "col_wrong": t.gettext("wrong claims"),
        "col_median": t.gettext("median time"),
        # the table screen
        "closed": t.gettext("The game is closed and saved."),
        "table_lost": t.gettext("The connection to the table was lost: is rushmore table still running?"),
        "search_card": t.gettext("Search card {card}"),
        "reveal_first": t.gettext("Show the first card"),
        "reveal_next": t.gettext("Show the next card"),
        "hands_off": t.gettext("hands off the table · space bar"),
        "sits_out": t.gettext("not in the tie-break"),
        "passed": t.gettext("passed"),
        "on": t.gettext("on {position}"),
        "to_choose": t.gettext("to choose"),
        "waiting": t.gettext("to choose: {players}"),
        "phone_joined": t.gettext("phone joined"),
        "took": t.gettext("took it"),
        "nobody": t.gettext("nobody"),
        "drop": t.pgettext("a button: take a hand off", "drop"),
        "correct": t.pgettext("a button: move a hand", "correct"),
        "cancel": t.pgettext("a button", "cancel"),
        "tap_where": t.gettext("{player}: tap the Monument the hand is on, or"),
        "pass_small": t.pgettext("a button: the hand passes", "pass"),
        "undo": t.pgettext("a button", "Undo"),
        "end": t.pgettext("a button", "End game"),
        "close": t.pgettext("a button", "Close"),
        "end_sure": t.gettext("End the game? It is saved in its log."),
        "qr": t.gettext("QR code to join"),
        "join": t.gettext("Join on your phone:"),
        "code": t.gettext("code"),
        # a phone
        "phone_over": t.gettext("The game is over and saved."),
        "phone_lost": t.gettext("Connection lost."),
        "reconnect": t.pgettext("a button", "Reconnect"),
        "who": t.gettext("Who are you?"),
        "seats_taken": t.gettext("Every seat is taken. Ask the game master to free yours."),
        "get_ready": t.gettext("Get ready…"),
        "coming": t.gettext("Hands off: the next card is coming."),
        "you_sit_out": t.gettext("You sit out the tie-break."),
        "you_passed": t.gettext("You passed."),
        "your_hand": t.gettext("Your hand is on {position}."),
        "find": t.gettext("Find the match and tap it."),
        "pass": t.pgettext("a button: I pass", "Pass"),
    }


def page_in(page: bytes, t: Catalogue, title: str) -> bytes:
    """A page of the table (``table.html``, ``phone.html``) in ``t``'s language: its ``lang``,
    its title, its first line and the words its scripts show, as a JSON data block (a data
    block is never run, so the pages' script policy, ``script-src 'self'``, stays as it is).

    >>> from rushmore_print.language.i18n import catalogue
    >>> page = b'<html lang="en"><head><title>x</title></head><p>connecting\\xe2\\x80\\xa6</p></html>'
    >>> print(page_in(page, catalogue("pl"), "Gra: stół").decode().split("{")[0])
    <html lang="pl"><head><title>Gra: stół</title><script type="application/json" id="words">
    """
    text = page.decode("utf-8")
    words = json.dumps(page_words(t), ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    data = f'<script type="application/json" id="words">{words}</script>'
    language = str(t.locale).replace("_", "-")
    text = text.replace('<html lang="en">', f'<html lang="{language}">', 1)
    start, end = text.index("<title>") + len("<title>"), text.index("</title>")
    text = text[:start] + html.escape(title) + "</title>" + data + text[end + len("</title>") :]
    return text.replace("connecting…", html.escape(t.gettext("connecting…")), 1).encode("utf-8")


def said_lines(t: Catalogue, events: Iterable[object], table: Table) -> list[str]:
    """The referee's words on the screens for a step's events: each verdict and penalty, a
    tie-break, the end, an undo (claims and passes show on the grid and the scoreboard instead).

    >>> from rushmore_print.language.i18n import catalogue
    >>> from rushmore_print import generate_deck, load_design
    >>> from rushmore_print.game.referee import Game
    >>> design = load_design()
    >>> game = Game.new(generate_deck(design), design.rules, design.grid, ["ann", "bob"], seed=3)
    >>> _ = game.start() + game.claim("ann", "M09")
    >>> said_lines(catalogue("de"), game.undo(), game.table)
    ['zurückgenommen: der Tipp von ann auf D2']
    """
    lines: list[str] = []
    for event in events:
        if isinstance(event, Judged):
            lines += _judged(t, event)
        elif isinstance(event, TieBreak):
            players = t.names(event.players)
            lines.append(
                t.gettext("The deck is empty and {players} are tied: one more card between them.", players=players)
            )
        elif isinstance(event, Ended):
            lines.append(
                t.ngettext(
                    "Game over: {winners} wins ({reason}).",
                    "Game over: {winners} win ({reason}).",
                    len(event.winners),
                    winners=t.names(event.winners),
                    reason=end_reason(t, event),
                )
            )
        elif isinstance(event, Undone):
            what = t.pgettext("between the hands of one typed line", "; ").join(_move(t, m, table) for m in event.moves)
            lines.append(t.gettext("undone: {what}", what=what))
    return lines


def _judged(t: Catalogue, event: Judged) -> list[str]:
    where = {"card": event.card.id, "answer": event.answer, "position": event.position}
    if event.winner:
        verdict = t.gettext(
            "{winner} is right: {card} matches {answer} at {position}; {winner} takes the card.",
            winner=event.winner,
            **where,
        )
    else:
        verdict = t.gettext("nobody is right: {card} matches {answer} at {position}; the card is set aside.", **where)
    penalties = [
        t.gettext(
            "{player} claimed a wrong Monument and gives {card} back: it goes to the bottom of the cards left in "
            "the box.",
            player=player,
            card=card,
        )
        for player, card in zip(event.penalised, event.returned)
    ]
    return [verdict, *penalties]


def _move(t: Catalogue, move: Move, table: Table) -> str:
    """A move taken back, in words (``ann's claim on B3``)."""
    if isinstance(move, Claim):
        return t.gettext(
            "{player}'s claim on {position}", player=move.player, position=table.position_of(move.monument)
        )
    if isinstance(move, Pass):
        return t.gettext("{player}'s pass", player=move.player)
    if isinstance(move, Change):
        return t.gettext("the change of {player}'s claim", player=move.player)
    if isinstance(move, Drop):
        return t.gettext("the drop of {player}'s claim", player=move.player)
    return t.gettext("the turning over of {card}", card=move.card)


def end_reason(t: Catalogue, event: Ended) -> str:
    """Why the game ended, for the end screen.

    >>> from rushmore_print.language.i18n import catalogue
    >>> from rushmore_print.model import EndReason
    >>> end_reason(catalogue("en"), Ended(("ann", "bob"), EndReason.BOX_EMPTY, (("ann", 2), ("bob", 2))))
    'the box has no more cards for the tie-break, so the tied players share the win'
    """
    winner = event.winners[0] if event.winners else ""
    return end_reason_words(t, event.reason, winner, dict(event.scores).get(winner, 0))


def headline(t: Catalogue, winners: tuple[str, ...]) -> str:
    """The end screen's headline: who won.

    >>> from rushmore_print.language.i18n import catalogue
    >>> headline(catalogue("de"), ("ann", "bob"))
    'ann und bob gewinnen'
    """
    return t.ngettext("{winners} wins", "{winners} win", len(winners), winners=t.names(winners))


def refusal(t: Catalogue, error: RushmoreError) -> str:
    """Why the room or the referee refused a screen's message, in the players' language (the
    core's own sentence, which tells no one what to type).

    >>> from rushmore_print.errors import AlreadyClaimed
    >>> from rushmore_print.language.i18n import catalogue, said
    >>> passed = said("{player} already passed; hands do not move", player="ann")
    >>> refusal(catalogue("de"), AlreadyClaimed(passed, "ann"))
    'ann hat schon gepasst; Hände bleiben liegen'
    """
    reason = error.args[0] if len(error.args) == 1 else None
    return t.say(reason) if isinstance(reason, Said) else str(error)


__all__ = ["end_reason", "headline", "page_in", "page_words", "refusal", "said_lines"]
