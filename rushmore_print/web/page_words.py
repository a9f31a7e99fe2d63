"""The browser table's words in the players' language: what the pages and scripts show, looked up
in the catalogues like every other player's text and handed to the pages as a JSON data block
(the scripts fill its ``{placeholders}``; lists and numbers come from the browser's ``Intl``, set
to the page's ``lang``). What changes with the game (the headline of the end, the level of a
card, the referee's lines) comes in the state, said by the room."""

from __future__ import annotations

import html
import json

from ..language.i18n import Catalogue


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


__all__ = ["page_in", "page_words"]
