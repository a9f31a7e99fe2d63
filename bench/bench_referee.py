"""Keys a game master types per turn, and the referee's time per line.

Plays whole games on the session (no terminal) three ways: every claim on its own line with the
full name (the old way), one line with name prefixes and ``.`` for the rest, and ``--quick``.
A turn counts the Enter that shows the held card. Run: ``python bench/bench_referee.py``.
"""

from __future__ import annotations

import statistics
import time

from rushmore_print import generate_deck, load_design
from rushmore_print.cli.prompt import take
from rushmore_print.game.session import Options, Session

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy", "jon")


def turn_lines(session: Session, style: str, turn: int) -> list[str]:
    game = session.game
    players = game.active_players
    winner = players[turn % len(players)] if turn % 3 else None
    answer = game.table.position_of(game.in_play().answer)
    if style == "quick":
        return ["", winner[:1] if winner else "-"]
    if style == "prefix":
        return ["", (f"{winner[:1]} {answer.lower()}, ." if winner else ".")]
    return [""] + [f"{p} {answer}" if p == winner else f"{p} pass" for p in players]


def play(players: int, style: str, seed: int) -> tuple[list[int], list[float]]:
    design = load_design()
    names = NAMES[:players]
    session = Session.new(
        generate_deck(design), design.rules, design.grid, Options(names, seed=seed),
        design_name=design.name, hold=True,
    )  # fmt: skip
    session.start()
    keys, seconds, turn = [], [], 0
    while not session.game.over:
        lines = turn_lines(session, style, turn)
        for line in lines:
            started = time.perf_counter()
            take(line, session, quick=style == "quick")
            seconds.append(time.perf_counter() - started)
        keys.append(sum(len(line) + 1 for line in lines))
        turn += 1
    return keys, seconds


def main() -> None:
    print(f"{'players':>7} | {'one claim a line':>16} | {'prefixes + .':>12} | {'--quick':>12} | {'ms a line':>9}")
    print(f"{'-' * 7}-+-{'-' * 16}-+-{'-' * 12}-+-{'-' * 12}-+-{'-' * 9}")
    for players in (2, 5, 10):
        cells, times = [], []
        for style in ("full", "prefix", "quick"):
            keys, seconds = play(players, style, seed=players)
            cells.append(f"{statistics.mean(keys):.1f} (max {max(keys)})")
            times += seconds
        per_line = 1000 * statistics.mean(times)
        print(f"{players:>7} | {cells[0]:>16} | {cells[1]:>12} | {cells[2]:>12} | {per_line:>9.3f}")
    print("keys a turn, mean (max), Enter included")


if __name__ == "__main__":
    main()
