"""The referee's words: events of :mod:`referee` and :mod:`session` as lines for a terminal.

Pure text (colour is ANSI codes, used only when asked), sized for a terminal ``width`` columns
wide: the Search card is drawn large, one arrow block per head, so it reads across the table.
"""

from __future__ import annotations

import textwrap

from . import referee as r
from . import session as s
from .model import Deck, SearchCard
from .words import count, join_names

RED_ON = "\x1b[1;31m"
COLOUR_OFF = "\x1b[0m"
ARROW_ROWS = 5
MIN_ARROW_CELL = 7  # columns per head below which the card is drawn as one line of small arrows
MAX_ARROW_CELL = 20

HELP = """Claims, in the order hands went down (a name may be cut to a unique prefix):
  ann B3   ann M7   ann pass      several on a line:  a d1, b pass, c m7
  .        everybody still to claim passes            (a d1, .)
  change ann C2   change ann pass   drop ann          correct one claim
Commands: undo (the last line), score, grid (the Monuments), help, quit."""
HELP_QUICK = """Quick mode: type who was on the right Monument (ann, or a), or - for nobody.
The full forms still work (ann B3, b pass): wrong claims matter with --penalty."""
HELP_TABLE = """Table deck: turn over the top card on a count of three; type its id or notation."""


class Narrator:
    """Turns events into lines. ``width``: terminal columns; ``unicode``: block characters allowed."""

    def __init__(self, deck: Deck, design_name: str, colour: bool = False, width: int = 80, unicode: bool = True):
        self.deck = deck
        self.design_name = design_name
        self.colour = colour
        self.width = max(40, width)
        self.unicode = unicode

    def say_all(self, events) -> list[str]:
        """Lines for a step's events, wrapped to the width; the claims of one typed line share one."""
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
                lines.append(_hands(hands))
                hands = []
            lines += self.say(event)
        if hands:
            lines.append(_hands(hands))
        return lines

    def say(self, event) -> list[str]:
        if isinstance(event, r.Setup):
            return self._setup(event)
        if isinstance(event, r.Revealed):
            return self._revealed(event)
        if isinstance(event, s.Ready):
            what = self._which(event.number, event.total, event.tiebreak)
            return ["", f"{what[0].upper()}{what[1:]} is ready: hands off the table, then Enter shows it."]
        if isinstance(event, r.Awaiting):
            return self._awaiting(event)
        if isinstance(event, (r.Claimed, r.Passed)):
            return [_hand(event)]
        if isinstance(event, r.Changed):
            return [_changed(event)]
        if isinstance(event, r.Judged):
            return self._judged(event)
        if isinstance(event, r.TieBreak):
            where = (
                f" It comes from {_source(event.draw_level)}: this level's are used up."
                if event.from_other_levels
                else ""
            )
            return [f"The deck is empty and {join_names(event.players)} are tied: one more card between them.{where}"]
        if isinstance(event, r.Ended):
            verb = "win" if len(event.winners) > 1 else "wins"
            return ["", f"Game over: {join_names(event.winners)} {verb} ({event.reason})."]
        if isinstance(event, s.Summary):
            return self._summary(event)
        if isinstance(event, r.Undone):
            return [f"undone: {event.what}"]
        if isinstance(event, s.Rejected):
            return [f"rejected: {event.reason}"]
        if isinstance(event, s.ShowScore):
            return [f"score: {', '.join(f'{p} {n}' for p, n in event.scores)} | {_left(event)}"]
        if isinstance(event, s.ShowGrid):
            return self.grid(event.table)
        if isinstance(event, s.ShowHelp):
            table = event.deck_mode is r.DeckMode.TABLE
            return [*HELP.splitlines(), *(HELP_QUICK.splitlines() * event.quick), *([HELP_TABLE] * table)]
        return []

    # -- the parts

    def _setup(self, event: r.Setup) -> list[str]:
        lines = [
            f"{self.design_name}: {', '.join(event.players)} | {event.level.title} | "
            f"{count(event.deck_size, 'Search card', 'Search cards')} | "
            f"{count(event.points_to_win, 'point', 'points')} to win | seed {event.seed}"
        ]
        if event.penalty:
            lines.append("house rule --penalty: a wrong claim returns one of that player's cards to the box")
        if event.capped:
            lines.append(
                f"note: the rules ask for {event.wanted_size} cards but the {event.level.title} pool has only "
                f"{event.pool_size}; the whole pool is used"
            )
        if event.spare_level == 0 and event.spare_other:
            lines.append(
                f"note: the deck uses every {event.level.title} card, so a tie-break card would come from the "
                f"{event.spare_other} cards of the other levels"
            )
        elif event.spare_level + event.spare_other == 0:
            lines.append("note: the deck uses every card in the box, so a tie at the end would be shared")
        if event.deck_mode is r.DeckMode.TABLE:
            lines.append(
                f"Deck: shuffle the {event.pool_size} {event.level.title} Search cards ({event.level.pool_words}), "
                f"deal {event.deck_size} face down; the rest stay in the box for a tie-break."
            )
        lines.append("Lay out the Monuments face up:")
        lines += self.grid(event.table)
        lines.append("Type claims as: ann B3, bob pass (a b3 will do); . = the rest pass; help for more.")
        return lines

    def grid(self, table: r.Table) -> list[str]:
        notation = self.deck.notation
        lines = ["      " + "  ".join(f"{c + 1:<9}" for c in range(table.cols)).rstrip()]
        for row in table.grid():
            label = row[0][0].rstrip("0123456789")
            cells = [f"{m} {notation.monument(self.deck.monument(m).faces)}" for _, m in row]
            lines.append(f"  {label:<3} " + "  ".join(f"{c:<9}" for c in cells).rstrip())
        return lines

    def _which(self, number: int, total: int, tiebreak) -> str:
        return f"the tie-break card for {join_names(tiebreak)}" if tiebreak else f"card {number} of {total}"

    def _revealed(self, event: r.Revealed) -> list[str]:
        card = event.card
        what = self._which(event.number, event.total, event.tiebreak)
        what = what[0].upper() + what[1:]
        again = " (in play again)" if event.again else ""
        notation = self.deck.notation.search(card.faces, card.red)
        return ["", f"{what}{again}: {card.id}  {notation}  ({card.level.title})", *self.banner(card)]

    def _awaiting(self, event: r.Awaiting) -> list[str]:
        if event.tiebreak:
            source = "the level's unused cards" if event.level_left else _source(event.draw_level)
            return [
                "",
                f"Tie-break for {join_names(event.tiebreak)}: draw a card from the box ({source}), turn it over "
                "on a count of three and type its id.",
            ]
        return [
            "",
            f"Turn over card {event.number} of {event.total} on a count of three and type its id (or notation).",
        ]

    def _judged(self, event: r.Judged) -> list[str]:
        where = f"{event.card.id} matches {event.answer} at {event.position}"
        lines = [
            f"{event.winner} is right: {where}; {event.winner} takes the card."
            if event.winner
            else f"nobody is right: {where}; the card is set aside."
        ]
        lines += [
            f"{p} claimed a wrong Monument and gives {card} back: it goes to the bottom of the box."
            for p, card in zip(event.penalised, event.returned)
        ]
        return lines

    def _summary(self, event: s.Summary) -> list[str]:
        wrong = dict(event.wrong)
        name_width = max(12, *(len(p) for p, _ in event.scores))
        lines = [f"  {'player':<{name_width}} cards  wrong claims"]
        for player, cards in sorted(event.scores, key=lambda item: -item[1]):
            lines.append(f"  {player:<{name_width}} {cards:>5}  {wrong[player]:>12}")
        minutes, seconds = divmod(round(event.seconds), 60)
        played = f"{minutes} min {seconds} s" if minutes else f"{seconds} s"
        lines.append(f"{count(event.turns, 'turn', 'turns')} in {played} of play.")
        return ["Final score:", *lines]

    def banner(self, card: SearchCard) -> list[str]:
        """The card large: a block arrow per head, pointing the way the head faces; red heads red,
        shaded differently and labelled RED, so they read without colour too."""
        heads = len(self.deck.heads)
        cell = min(MAX_ARROW_CELL, (self.width - 2) // heads)
        if cell < MIN_ARROW_CELL:
            return [
                "  "
                + "  ".join(
                    self._small(name, face, red) for name, face, red in zip(self.deck.heads, card.faces, card.red)
                )
            ]
        rows = []
        for row in range(ARROW_ROWS):
            cells = [
                self._paint(_arrow_row(row, cell - 2, face, self._fill(red)).ljust(cell), red)
                for face, red in zip(card.faces, card.red)
            ]
            rows.append("  " + "".join(cells).rstrip())
        names = "  " + "".join(
            self._paint(name[: cell - 1].center(cell), red) for name, red in zip(self.deck.heads, card.red)
        )
        rows.append(names.rstrip())
        if any(card.red):
            marks = "  " + "".join(self._paint(("RED" if red else "").center(cell), red) for red in card.red)
            rows.append(marks.rstrip())
        return rows

    def _small(self, name: str, face: int, red: bool) -> str:
        cell = f"<- {name}" if face == 0 else f"{name} ->"
        return self._paint(f"{cell} [RED]" if red else cell, red)

    def _fill(self, red: bool) -> str:
        if self.unicode:
            return "\u2593" if red else "\u2588"
        return "%" if red else "#"

    def _paint(self, text: str, red: bool) -> str:
        return f"{RED_ON}{text}{COLOUR_OFF}" if red and self.colour and text.strip() else text

    # -- the prompt

    def status(self, session: s.Session) -> str:
        """The one-line prompt: the card, the claims so far, who is still to claim."""
        game = session.game
        state = game.state
        if game.over:
            return "game over: undo, or Enter to leave > "
        if session.held is not None:
            return f"card {session.held.number}/{session.held.total} ready: Enter shows it > "
        if state.awaiting:
            return f"turn over card {state.revealed + 1}: its id > "
        card = game.in_play()
        head = (
            f"tie-break {card.id}" if state.tiebreak else f"{card.id} {state.revealed}/{state.revealed + state.to_deal}"
        )
        hands = [f"{p} {'pass' if m is None else game.table.position_of(m)}" for p, m in state.claims]
        waiting = game.waiting_for()
        budget = self.width - 8
        for claims, wait in (
            (", ".join(hands), join_names(waiting)),
            (count(len(hands), "hand", "hands"), join_names(waiting)),
            (count(len(hands), "hand", "hands"), f"{len(waiting)} players"),
        ):
            text = f"[{head}] " + (f"{claims} | " if hands else "") + f"to claim: {wait} > "
            if len(text) <= budget:
                return text
        return f"[{head}] > "


def _hands(events: list) -> str:
    """``ann covers B3 (M07); bob, cy and dee pass``: a run of passes is said once."""
    parts: list[str] = []
    passes: list[str] = []
    for event in [*events, None]:
        if isinstance(event, r.Passed):
            passes.append(event.player)
            continue
        if passes:
            parts.append(f"{join_names(passes)} {'passes' if len(passes) == 1 else 'pass'}")
            passes = []
        if event is not None:
            parts.append(_hand(event))
    return "; ".join(parts)


def _hand(event) -> str:
    if isinstance(event, r.Claimed):
        return f"{event.player} covers {event.position} ({event.monument})"
    return f"{event.player} passes"


def _changed(event: r.Changed) -> str:
    if event.passed:
        return f"{event.player} now passes"
    if event.monument is None:
        return f"{event.player}'s claim is dropped; {event.player} is to claim again"
    return f"{event.player} now covers {event.position} ({event.monument})"


def _left(event: s.ShowScore) -> str:
    if event.cards_left == 0:
        return "the last card is in play" if event.in_play else "the deck is empty"
    return f"{count(event.cards_left, 'card', 'cards')} left in the deck"


def _arrow_row(row: int, length: int, face: int, fill: str) -> str:
    """One row of a block arrow ``length`` wide pointing left (face 0) or right (face 1). The head
    steps two columns a row: a terminal cell is about twice as tall as wide, so it looks square.

    >>> for i in range(5):
    ...     print(repr(_arrow_row(i, 10, 0, "#")))
    '    ##    '
    '  ########'
    '##########'
    '  ########'
    '    ##    '
    """
    middle = ARROW_ROWS // 2
    offset = 2 * abs(row - middle)
    width = 2 if abs(row - middle) == middle else length - offset
    text = (" " * offset + fill * width).ljust(length)
    return text if face == 0 else text[::-1]


def _source(level) -> str:
    """Where a tie-break card comes from once the game's level is used up, in words."""
    if level is None:
        return "the cards given back after a penalty (nothing unseen is left)"
    return f"the unused {level.title} cards ({level.own_words})"


__all__ = ["Narrator"]
