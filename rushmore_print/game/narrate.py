"""The terminal's words: events of :mod:`referee` and :mod:`session` as lines for a terminal.

Pure text (colour is ANSI codes, used only when asked), sized for a terminal ``width`` columns
wide: the Search card is drawn large, one arrow block per head, so it reads across the table.
Every line is said in the players' language (the design's ``language:``, a
:class:`~rushmore_print.language.i18n.Catalogue`); what the game master types (``ann B3``, ``pass``,
``undo``) and the card notation stay as they are: they are what the prompt reads
(:mod:`rushmore_print.cli.prompt`), and a refusal says what to type instead. The browser table says
the same events in its own words (:mod:`rushmore_print.web.page_words`).
"""

from __future__ import annotations

import textwrap

from ..errors import AlreadyClaimed, CardHeld, GameOver, JudgedBefore, NoClaimToChange, RushmoreError
from ..language.i18n import (
    Catalogue,
    catalogue,
    end_reason_words,
    level_name,
    level_own_words,
    level_pool_words,
    quoted,
)
from ..model import Deck, Level, SearchCard
from . import referee as r
from . import session as s
from .actions import Change, Claim, Drop, Pass, Took, TurnOver
from .players import short_names

RED_ON = "\x1b[1;31m"
COLOUR_OFF = "\x1b[0m"
ARROW_ROWS = 5  # the fewest rows an arrow is drawn in; wider terminals draw it taller (arrow_rows)
MIN_ARROW_CELL = 7  # columns per head below which the card is drawn as one line of small arrows
MAX_ARROW_CELL = 60  # a 250-column screen: wider arrows would only stretch the shaft


def help_lines(t: Catalogue, quick: bool, table: bool) -> list[str]:
    """The prompt's ``help``: the forms a claim is typed in (they stay as typed), said in ``t``'s language.

    >>> help_lines(catalogue("de"), quick=False, table=True)[-1]
    'Tischstapel: Dreht die oberste Karte auf drei um und tippt ihre Kennung oder Notation.'
    """
    lines = t.gettext(
        "Claims, in the order hands went down (a name may be cut to a unique prefix):\n"
        "  ann B3   ann M7   ann pass      several on a line:  a d1, b pass, c m7\n"
        "  .        everybody still to claim passes            (a d1, .)\n"
        "  change ann C2   change ann pass   drop ann          correct one claim\n"
        "Commands: undo (the last line), score, grid (the Monuments), help, quit."
    ).splitlines()
    if quick:
        lines += t.gettext(
            "Quick mode: type who was on the right Monument (ann, or a), or - for nobody.\n"
            "The full forms still work (ann B3, b pass): wrong claims matter with --penalty."
        ).splitlines()
    if table:
        lines.append(t.gettext("Table deck: turn over the top card on a count of three; type its id or notation."))
    return lines


class Narrator:
    """Turns events into lines. ``width``: terminal columns; ``unicode``: block characters allowed;
    ``words``: the players' language (English when None); ``table``: the Monuments as laid out,
    to name a claim by its position as the prompt reads it (by the Monument's id when None).

    >>> from rushmore_print import load_design, generate_deck
    >>> from rushmore_print.errors import ClaimError
    >>> from rushmore_print.game.session import Rejected
    >>> narrator = Narrator(generate_deck(load_design()), "Mount Rushmore", words=catalogue("pl"))
    >>> narrator.say(Rejected(ClaimError("nothing to undo")))
    ['odrzucone: nothing to undo']
    """

    def __init__(
        self,
        deck: Deck,
        design_name: str,
        colour: bool = False,
        width: int = 80,
        unicode: bool = True,
        words: Catalogue | None = None,
        table: r.Table | None = None,
    ):
        self.deck = deck
        self.design_name = design_name
        self.colour = colour
        self.width = max(40, width)
        self.unicode = unicode
        self.t = words or catalogue()
        self.table = table

    def say_all(self, events) -> list[str]:
        """Lines for a step's events, wrapped to the width; the claims of one typed line share one.

        >>> from rushmore_print import generate_deck, load_design
        >>> from rushmore_print.game.actions import Claim, Entry
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> narrator = Narrator(deck, design.name, width=60, unicode=False)
        >>> _ = session.start()
        >>> narrator.say_all(session.apply(Entry((Claim("ann", "M09"), Claim("bob", "M05")))).events)[:2]
        ['ann covers D2 (M09); bob covers A1 (M05)', 'ann is right: S12 matches M09 at D2; ann takes the card.']
        """
        return [wrapped for line in self._say_all(events) for wrapped in self._fit(line)]

    def _fit(self, line: str) -> list[str]:
        if len(line) <= self.width or "\x1b" in line:
            return [line]
        return textwrap.wrap(line, self.width, subsequent_indent="  ", break_on_hyphens=False) or [line]

    def _say_all(self, events) -> list[str]:
        lines: list[str] = []
        hands: list = []
        for event in events:
            if isinstance(event, (r.Claimed, r.Passed)):
                hands.append(event)
                continue
            if hands:
                lines.append(self._hands(hands))
                hands = []
            lines += self.say(event)
        if hands:
            lines.append(self._hands(hands))
        return lines

    def say(self, event) -> list[str]:
        """The lines of one event (a claim, a verdict, the end...) in the players' language.

        >>> from rushmore_print import generate_deck, load_design
        >>> from rushmore_print.game.actions import Claim
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> narrator = Narrator(deck, design.name, width=60, unicode=False)
        >>> _ = session.start()
        >>> claimed = session.apply(Claim("ann", "M09")).events[0]
        >>> narrator.say(claimed), Narrator(deck, design.name, words=catalogue("de")).say(claimed)
        (['ann covers D2 (M09)'], ['ann legt die Hand auf D2 (M09)'])
        """
        t = self.t
        if isinstance(event, r.Setup):
            return self._setup(event)
        if isinstance(event, r.Revealed):
            return self._revealed(event)
        if isinstance(event, s.Ready):
            if event.tiebreak:
                ready = t.gettext(
                    "The tie-break card for {players} is ready: hands off the table, then Enter shows it.",
                    players=self._names(event.tiebreak),
                )
            else:
                ready = t.gettext(
                    "Card {number} of {total} is ready: hands off the table, then Enter shows it.",
                    number=event.number,
                    total=event.total,
                )
            return ["", ready]
        if isinstance(event, r.Awaiting):
            return self._awaiting(event)
        if isinstance(event, (r.Claimed, r.Passed)):
            return [self._hand(event)]
        if isinstance(event, r.Changed):
            return [self._changed(event)]
        if isinstance(event, r.Judged):
            return self._judged(event)
        if isinstance(event, r.TieBreak):
            line = t.gettext(
                "The deck is empty and {players} are tied: one more card between them.",
                players=self._names(event.players),
            )
            if event.from_other_levels:
                line += " " + t.gettext(
                    "It comes from {source}: this level's are used up.", source=self._source(event.draw_level)
                )
            return [line]
        if isinstance(event, r.Ended):
            over = t.ngettext(
                "Game over: {winners} wins ({reason}).",
                "Game over: {winners} win ({reason}).",
                len(event.winners),
                winners=self._names(event.winners),
                reason=self._reason(event),
            )
            return ["", over]
        if isinstance(event, s.Summary):
            return self._summary(event)
        if isinstance(event, r.Undone):
            return [t.gettext("undone: {what}", what=t.say(quoted(self.typed(event.moves))))]
        if isinstance(event, s.Rejected):
            return [t.gettext("rejected: {reason}", reason=self.refusal(event.error))]
        if isinstance(event, s.ShowScore):
            scores = ", ".join(f"{p} {n}" for p, n in event.scores)
            return [t.gettext("score: {scores} | {left}", scores=scores, left=self._left(event))]
        return []

    def _reason(self, event: r.Ended) -> str:
        winner = event.winners[0] if event.winners else ""
        return end_reason_words(self.t, event.reason, winner, dict(event.scores).get(winner, 0))

    def refusal(self, error: RushmoreError) -> str:
        """Why an entry was refused, and what to type instead, in the players' language.

        >>> from rushmore_print import load_design, generate_deck
        >>> narrator = Narrator(generate_deck(load_design()), "Mount Rushmore")
        >>> narrator.refusal(AlreadyClaimed("ann already passed; hands do not move", "ann"))
        'ann already passed; hands do not move (type: change ann ...)'
        """
        t = self.t
        if isinstance(error, AlreadyClaimed):
            if error.position is None:
                return t.gettext(
                    "{player} already passed; hands do not move (type: change {player} ...)", player=error.player
                )
            return t.gettext(
                "{player} already has a hand on {position}; hands do not move (type: change {player} ...)",
                player=error.player,
                position=error.position,
            )
        if isinstance(error, NoClaimToChange):
            return t.gettext("{player} has no claim this turn to change; type the claim itself", player=error.player)
        if isinstance(error, CardHeld):
            return t.gettext("card {number} is not shown yet: press Enter to reveal it", number=error.number)
        if isinstance(error, GameOver):
            return t.gettext("the game is over: type undo to take back the last entry, or press Enter to leave")
        if isinstance(error, JudgedBefore):
            return t.gettext(
                "the turn was judged before {typed}; type that again", typed=t.say(quoted(self.typed((error.move,))))
            )
        reason = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) else str(error)
        return t.say(reason)

    def typed(self, parts) -> str:
        """Moves as the prompt reads them (``ann B3, bob pass``): what a refusal or an undo quotes.

        >>> from rushmore_print import load_design, generate_deck
        >>> from rushmore_print.game.actions import RestPass
        >>> narrator = Narrator(generate_deck(load_design()), "Mount Rushmore")
        >>> narrator.typed([Claim("ann", "M07"), Pass("bob"), Change("cy", None), RestPass()])
        'ann M07, bob pass, change cy pass, .'
        """
        return ", ".join(self._typed(part) for part in parts)

    def _typed(self, part) -> str:
        if isinstance(part, Claim):
            return f"{part.player} {self._where(part.monument)}"
        if isinstance(part, Pass):
            return f"{part.player} pass"
        if isinstance(part, Change):
            return f"change {part.player} {'pass' if part.monument is None else self._where(part.monument)}"
        if isinstance(part, Drop):
            return f"drop {part.player}"
        if isinstance(part, TurnOver):
            return part.card
        if isinstance(part, Took):
            return part.player
        return "."

    def _where(self, monument: str) -> str:
        return monument if self.table is None else self.table.position_of(monument)

    def _names(self, names, last: str = "and") -> str:
        return self.t.names(names, last)

    def _level(self, level: Level) -> str:
        return level_name(self.t, level)

    # -- the parts

    def _setup(self, event: r.Setup) -> list[str]:
        t = self.t
        level = self._level(event.level)
        lines = [
            t.gettext(
                "{design}: {players} | {level} | {cards} | {points} to win | seed {seed}",
                design=self.design_name,
                players=", ".join(event.players),
                level=level,
                cards=t.ngettext("{n} Search card", "{n} Search cards", event.deck_size),
                points=t.ngettext("{n} point", "{n} points", event.points_to_win),
                seed=event.seed,
            )
        ]
        if event.penalty:
            lines.append(t.gettext("house rule --penalty: a wrong claim costs that player the card they won last"))
        if event.capped:
            lines.append(
                t.gettext(
                    "note: the rules ask for {wanted} cards but the {level} pool has only {size}; "
                    "the whole pool is used",
                    wanted=event.wanted_size,
                    level=level,
                    size=event.pool_size,
                )
            )
        if event.spare_level == 0 and event.spare_other:
            lines.append(
                t.ngettext(
                    "note: the deck uses every {level} card, so a tie-break card would come from the "
                    "{n} card of the other levels",
                    "note: the deck uses every {level} card, so a tie-break card would come from the "
                    "{n} cards of the other levels",
                    event.spare_other,
                    level=level,
                )
            )
        elif event.spare_level + event.spare_other == 0:
            lines.append(t.gettext("note: the deck uses every card in the box, so a tie at the end would be shared"))
        if event.deck_mode is r.DeckMode.TABLE:
            lines.append(
                t.ngettext(
                    "Deck: shuffle the {n} {level} Search cards ({pool}), deal {size} face down; "
                    "the rest stay in the box for a tie-break.",
                    "Deck: shuffle the {n} {level} Search cards ({pool}), deal {size} face down; "
                    "the rest stay in the box for a tie-break.",
                    event.pool_size,
                    level=level,
                    pool=level_pool_words(t, event.level),
                    size=event.deck_size,
                )
            )
        lines.append(t.gettext("Lay out the Monuments face up:"))
        lines += self.grid(event.table)
        lines.append(self._hint(event))
        return lines

    def _hint(self, event: r.Setup) -> str:
        """How to type claims, shown with this game's names and table: a claim by the first player
        whose name has a shorter prefix (and that prefix), a pass by another player.

        >>> from rushmore_print import load_design, generate_deck
        >>> from rushmore_print.game.referee import Game
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> setup = Game.new(deck, design.rules, design.grid, ["ann", "anna", "bob"]).setup()
        >>> Narrator(deck, design.name)._hint(setup)
        'Type claims as: bob B3, ann pass (b b3 will do); . = the rest pass; help for more.'
        """
        players, positions = event.players, event.table.positions
        shorts = short_names(players, players)
        claimer = next((i for i, (p, short) in enumerate(zip(players, shorts)) if short != p), 0)
        passer = players[1] if claimer == 0 else players[0]
        position = positions[min(len(positions) - 1, event.table.cols + 2)][0]  # B3 on a 4 x 4 table
        return self.t.gettext(
            "Type claims as: {claim}, {passing} ({short} will do); . = the rest pass; help for more.",
            claim=f"{players[claimer]} {position}",
            passing=f"{passer} pass",
            short=f"{shorts[claimer]} {position.lower()}",
        )

    def grid(self, table: r.Table) -> list[str]:
        """The Monuments as laid out: a row per table row, each cell its position, id and notation.

        >>> from rushmore_print import generate_deck, load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> narrator = Narrator(deck, design.name, width=60, unicode=False)
        >>> _ = session.start()
        >>> print(*narrator.grid(session.game.table)[:3], sep="\\n")
              1          2          3          4
          A   M05 LRLL   M12 RLRR   M11 RLRL   M14 RRLR
          B   M13 RRLL   M04 LLRR   M07 LRRL   M01 LLLL
        """
        notation = self.deck.notation
        lines = ["      " + "  ".join(f"{c + 1:<9}" for c in range(table.cols)).rstrip()]
        for row in table.grid():
            label = row[0][0].rstrip("0123456789")
            cells = [f"{m} {notation.monument(self.deck.monument(m).faces)}" for _, m in row]
            lines.append(f"  {label:<3} " + "  ".join(f"{c:<9}" for c in cells).rstrip())
        return lines

    def _which(self, number: int, total: int, tiebreak) -> str:
        if tiebreak:
            return self.t.gettext("The tie-break card for {players}", players=self._names(tiebreak))
        return self.t.gettext("Card {number} of {total}", number=number, total=total)

    def _revealed(self, event: r.Revealed) -> list[str]:
        t = self.t
        card = event.card
        what = self._which(event.number, event.total, event.tiebreak)
        if event.again:
            what = t.gettext("{what} (in play again)", what=what)
        notation = self.deck.notation.search(card.faces, card.red)
        line = t.gettext(
            "{what}: {card}  {notation}  ({level})",
            what=what,
            card=card.id,
            notation=notation,
            level=self._level(card.level),
        )
        return ["", line, *self.banner(card)]

    def _awaiting(self, event: r.Awaiting) -> list[str]:
        t = self.t
        if event.tiebreak:
            source = t.gettext("the level's unused cards") if event.level_left else self._source(event.draw_level)
            return [
                "",
                t.gettext(
                    "Tie-break for {players}: draw a card from the box ({source}), turn it over on a count of "
                    "three and type its id.",
                    players=self._names(event.tiebreak),
                    source=source,
                ),
            ]
        return [
            "",
            t.gettext(
                "Turn over card {number} of {total} on a count of three and type its id (or notation).",
                number=event.number,
                total=event.total,
            ),
        ]

    def _judged(self, event: r.Judged) -> list[str]:
        t = self.t
        where = {"card": event.card.id, "answer": event.answer, "position": event.position}
        if event.winner:
            verdict = t.gettext(
                "{winner} is right: {card} matches {answer} at {position}; {winner} takes the card.",
                winner=event.winner,
                **where,
            )
        else:
            verdict = t.gettext(
                "nobody is right: {card} matches {answer} at {position}; the card is set aside.", **where
            )
        lines = [verdict]
        lines += [
            t.gettext(
                "{player} claimed a wrong Monument and gives {card} back: it goes to the bottom of the cards left in "
                "the box.",
                player=p,
                card=card,
            )
            for p, card in zip(event.penalised, event.returned)
        ]
        return lines

    def _summary(self, event: s.Summary) -> list[str]:
        t = self.t
        wrong = dict(event.wrong)
        player, cards, claims = t.gettext("player"), t.gettext("cards"), t.gettext("wrong claims")
        name_width = max(12, len(player), *(len(p) for p, _ in event.scores))
        cards_width, claims_width = max(5, len(cards)), max(5, len(claims))
        lines = [f"  {player:<{name_width}} {cards:>{cards_width}}  {claims}"]
        for name, won in sorted(event.scores, key=lambda item: -item[1]):
            lines.append(f"  {name:<{name_width}} {won:>{cards_width}}  {wrong[name]:>{claims_width}}")
        minutes, seconds = divmod(round(event.seconds), 60)
        if minutes:
            played = t.gettext("{minutes} min {seconds} s", minutes=minutes, seconds=seconds)
        else:
            played = t.gettext("{seconds} s", seconds=seconds)
        lines.append(
            t.ngettext("{n} turn in {time} of play.", "{n} turns in {time} of play.", event.turns, time=played)
        )
        return [t.gettext("Final score:"), *lines]

    def banner(self, card: SearchCard) -> list[str]:
        """The card large: a block arrow per head, pointing the way the head faces; red heads red,
        shaded differently and labelled RED (in the players' language), so they read without colour too.

        >>> from rushmore_print import generate_deck, load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> narrator = Narrator(deck, design.name, width=60, unicode=False)
        >>> _ = session.start()
        >>> card = session.game.current
        >>> card.id, deck.notation.search(card.faces, card.red)
        ('S12', 'RLLL')
        >>> print(*narrator.banner(session.game.current), sep="\\n")
                ##          ##            ##            ##
                ####      ####          ####          ####
          ############  ############  ############  ############
                ####      ####          ####          ####
                ##          ##            ##            ##
            Washington    Jefferson     Roosevelt      Lincoln
        """
        heads = len(self.deck.heads)
        cell = min(MAX_ARROW_CELL, (self.width - 2) // heads)  # the card grows with the terminal
        if cell < MIN_ARROW_CELL:
            return [
                "  "
                + "  ".join(
                    self._small(name, face, red) for name, face, red in zip(self.deck.heads, card.faces, card.red)
                )
            ]
        rows = []
        for row in range(arrow_rows(cell - 2)):
            cells = [
                self._paint(arrow_row(row, cell - 2, face, self._fill(red)).ljust(cell), red)
                for face, red in zip(card.faces, card.red)
            ]
            rows.append("  " + "".join(cells).rstrip())
        names = "  " + "".join(
            self._paint(name[: cell - 1].center(cell), red) for name, red in zip(self.deck.heads, card.red)
        )
        rows.append(names.rstrip())
        if any(card.red):
            mark = self._red_mark()[: cell - 1]
            marks = "  " + "".join(self._paint((mark if red else "").center(cell), red) for red in card.red)
            rows.append(marks.rstrip())
        return rows

    def _red_mark(self) -> str:
        return self.t.upper(self.t.pgettext("a red head on the terminal's card", "RED"))

    def _small(self, name: str, face: int, red: bool) -> str:
        cell = f"<- {name}" if face == 0 else f"{name} ->"
        return self._paint(f"{cell} [{self._red_mark()}]" if red else cell, red)

    def _fill(self, red: bool) -> str:
        if self.unicode:
            return "\u2593" if red else "\u2588"
        return "%" if red else "#"

    def _paint(self, text: str, red: bool) -> str:
        return f"{RED_ON}{text}{COLOUR_OFF}" if red and self.colour and text.strip() else text

    # -- the prompt

    def status(self, session: s.Session) -> str:
        """The one-line prompt: the card, the claims so far, who is still to claim.

        >>> from rushmore_print import generate_deck, load_design
        >>> from rushmore_print.game.session import Options, Session
        >>> design = load_design()
        >>> deck = generate_deck(design)
        >>> options = Options(("ann", "bob"), seed=3)
        >>> session = Session.new(deck, design.rules, design.grid, options, design_name=design.name)
        >>> narrator = Narrator(deck, design.name, width=60, unicode=False)
        >>> _ = session.start()
        >>> narrator.status(session), Narrator(deck, design.name, words=catalogue("de")).status(session)
        ('[S12 1/12] to claim: ann and bob > ', '[S12 1/12] noch ohne Tipp: ann und bob > ')
        """
        t = self.t
        game = session.game
        state = game.state
        if game.over:
            return t.gettext("game over: undo, or Enter to leave > ")
        if session.held is not None:
            return t.gettext(
                "card {number}/{total} ready: Enter shows it > ", number=session.held.number, total=session.held.total
            )
        if state.awaiting:
            return t.gettext("turn over card {number}: its id > ", number=state.revealed + 1)
        card = game.in_play()
        if state.tiebreak:
            head = t.gettext("tie-break {card}", card=card.id)
        else:
            head = f"{card.id} {state.revealed}/{state.revealed + state.to_deal}"
        hands = [
            t.gettext("{player} passed", player=p) if m is None else f"{p} {game.table.position_of(m)}"
            for p, m in state.claims
        ]
        waiting = game.waiting_for()
        short = self._names(short_names(waiting, game.players))  # the prefixes the prompt accepts
        budget = self.width - 8
        counted = t.ngettext("{n} hand", "{n} hands", len(hands))
        for claims, wait in (
            (", ".join(hands), self._names(waiting)),
            (counted, self._names(waiting)),
            (counted, short),
            (counted, t.ngettext("{n} player", "{n} players", len(waiting))),
        ):
            if hands:
                text = t.gettext("[{card}] {claims} | to claim: {waiting} > ", card=head, claims=claims, waiting=wait)
            else:
                text = t.gettext("[{card}] to claim: {waiting} > ", card=head, waiting=wait)
            if len(text) <= budget:
                return text
        return f"[{head}] > "

    def _hands(self, events: list) -> str:
        """``ann covers B3 (M07); bob, cy and dee pass``: a run of passes is said once."""
        parts: list[str] = []
        passes: list[str] = []
        for event in [*events, None]:
            if isinstance(event, r.Passed):
                passes.append(event.player)
                continue
            if passes:
                parts.append(
                    self.t.ngettext("{players} passes", "{players} pass", len(passes), players=self._names(passes))
                )
                passes = []
            if event is not None:
                parts.append(self._hand(event))
        return self.t.pgettext("between the hands of one typed line", "; ").join(parts)

    def _hand(self, event) -> str:
        if isinstance(event, r.Claimed):
            return self.t.gettext(
                "{player} covers {position} ({monument})",
                player=event.player,
                position=event.position,
                monument=event.monument,
            )
        return self.t.gettext("{player} passes", player=event.player)

    def _changed(self, event: r.Changed) -> str:
        t = self.t
        if event.passed:
            return t.gettext("{player} now passes", player=event.player)
        if event.monument is None:
            return t.gettext("{player}'s claim is dropped; {player} is to claim again", player=event.player)
        return t.gettext(
            "{player} now covers {position} ({monument})",
            player=event.player,
            position=event.position,
            monument=event.monument,
        )

    def _left(self, event: s.ShowScore) -> str:
        t = self.t
        if event.cards_left == 0:
            return t.gettext("the last card is in play") if event.in_play else t.gettext("the deck is empty")
        return t.ngettext("{n} card left in the deck", "{n} cards left in the deck", event.cards_left)

    def _source(self, level: Level | None) -> str:
        """Where a tie-break card comes from once the game's level is used up, in words."""
        t = self.t
        if level is None:
            return t.gettext("the cards given back after a penalty (nothing unseen is left)")
        return t.gettext("the unused {level} cards ({own})", level=self._level(level), own=level_own_words(t, level))


def arrow_rows(length: int) -> int:
    """How many rows an arrow ``length`` columns long is drawn in: 5 (an 80-column screen), and
    2 more for every 12 columns beyond 17, up to 11 (odd: the point sits on the middle row).

    >>> arrow_rows(17), arrow_rows(37), arrow_rows(78)
    (5, 7, 11)
    """
    return min(11, ARROW_ROWS + 2 * max(0, (length - 17) // 12))


def arrow_row(row: int, length: int, face: int, fill: str) -> str:
    """One row of a block arrow ``length`` wide pointing left (face 0) or right (face 1): a
    triangular head at the front (two fifths of the arrow, at least two columns a row: a
    terminal cell is about twice as tall as wide), a thinner shaft behind it, so it reads as an
    arrow, not a blade.

    >>> for i in range(5):
    ...     print(repr(arrow_row(i, 12, 0, "#")))
    '    ##      '
    '  ####      '
    '############'
    '  ####      '
    '    ##      '
    >>> arrow_row(2, 12, 1, "#"), arrow_row(0, 12, 1, "#")
    ('############', '      ##    ')
    """
    rows = arrow_rows(length)
    middle = rows // 2
    away = abs(row - middle)  # rows from the point's row
    head = min(max(2 * middle + 2, 2 * length // 5), length)  # the head's length: its back edge is widest
    start = round(away * head / (middle + 1))  # the slope of the head, the same on every row
    shaft = away <= (rows - 3) // 4  # the shaft is 1 row thick in 5 rows, 3 in 7 and 9, 5 in 11
    text = " " * start + fill * (head - start)
    if shaft:
        text += fill * (length - head)
    text = text.ljust(length)
    return text if face == 0 else text[::-1]


__all__ = ["Narrator", "arrow_row", "arrow_rows", "help_lines"]
