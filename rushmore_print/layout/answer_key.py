"""The answer key: every Search card with the Monument it matches, grouped by level, then the
balance figures from the validator. A proof sheet for publishers and game masters."""

from __future__ import annotations

from ..model import Deck, Level
from ..spec import Design
from ..validate import Report
from .cards import card_frame, monument_face, search_face
from .fonts import Font
from .items import Anchor, Page, Path, Shape, Text
from .rules_sheet import ACCENT, GREY, INK, MARGIN_MM, _card_picture
from .sheets import Paper

ROW_GAP_MM = 2.5
COLUMN_GAP_MM = 8.0


def answer_key_pages(design: Design, deck: Deck, report: Report, paper: Paper) -> list[Page]:
    W, H = paper.width_mm, paper.height_mm
    frame = card_frame(design, bleed_mm=0.0)
    col_w = (W - 2 * MARGIN_MM - COLUMN_GAP_MM) / 2
    pic_w = col_w * 0.31
    pic_h = pic_w * frame.height_mm / frame.width_mm
    row_h = pic_h + ROW_GAP_MM
    pages: list[list] = []
    n = deck.notation
    state = {"page": None, "col": 0, "y": 0.0}

    def new_page() -> None:
        items: list = []
        pages.append(items)
        items.append(Text(MARGIN_MM, H - MARGIN_MM - 5, f"{design.name}: answer key", 16, ACCENT, Font.BOLD))
        items.append(
            Text(
                W - MARGIN_MM,
                H - MARGIN_MM - 5,
                "for game masters and publishers; keep away from the table",
                7.5,
                GREY,
                Font.ITALIC,
                Anchor.END,
            )
        )
        items.append(
            Shape(
                Path.line(MARGIN_MM, H - MARGIN_MM - 8, W - MARGIN_MM, H - MARGIN_MM - 8), stroke=ACCENT, stroke_mm=0.5
            )
        )
        state.update(page=items, col=0, y=H - MARGIN_MM - 12)

    def room(height: float) -> None:
        if state["page"] is None:
            new_page()
        if state["y"] - height < MARGIN_MM + 6:
            if state["col"] == 0:
                state.update(col=1, y=H - MARGIN_MM - 12)
            else:
                new_page()

    def x0() -> float:
        return MARGIN_MM + state["col"] * (col_w + COLUMN_GAP_MM)

    for level in Level:
        cards = [c for c in deck.search if c.level is level]
        if not cards:
            continue
        room(8 + row_h)
        state["y"] -= 6
        state["page"].append(
            Text(
                x0(),
                state["y"],
                f"{level.title}: {len(cards)} cards with "
                f"{'no red head' if level is Level.BASIC else ('one red head' if level is Level.ADVANCED else 'two or more red heads')}",
                10,
                ACCENT,
                Font.BOLD,
            )
        )
        state["y"] -= 2
        for card in cards:
            room(row_h)
            y = state["y"] - pic_h
            x = x0()
            items = state["page"]
            items += _card_picture(search_face(design, card, frame), frame, x, y, pic_w)
            mid = x + pic_w + (col_w - 2 * pic_w) / 2
            items.append(
                Text(
                    mid,
                    y + pic_h * 0.62,
                    f"{card.id}  {n.search(card.faces, card.red)}",
                    8.5,
                    INK,
                    Font.BOLD,
                    Anchor.MIDDLE,
                )
            )
            items.append(Text(mid, y + pic_h * 0.42, "matches  ->", 7.5, GREY, Font.ITALIC, Anchor.MIDDLE))
            monument = deck.monument(card.answer)
            items.append(
                Text(
                    mid,
                    y + pic_h * 0.22,
                    f"{monument.id}  {n.monument(monument.faces)}",
                    8.5,
                    INK,
                    Font.BOLD,
                    Anchor.MIDDLE,
                )
            )
            items += _card_picture(monument_face(design, monument, frame), frame, x + col_w - pic_w, y, pic_w)
            state["y"] -= row_h
    _balance_table(report, room, state, x0, col_w)
    total = len(pages)
    for number, items in enumerate(pages, start=1):
        items.append(
            Text(
                W / 2,
                MARGIN_MM - 2,
                f"{design.name}: answer key | page {number} of {total}",
                7.0,
                GREY,
                Font.REGULAR,
                Anchor.MIDDLE,
            )
        )
    return [Page(W, H, tuple(items), label=f"answer key {i + 1}") for i, items in enumerate(pages)]


def _balance_table(report: Report, room, state, x0, col_w: float) -> None:
    lines = [("group", "cards", "answers/Monument", "red/head")]
    lines += [
        (
            row.group,
            str(row.cards),
            f"{row.answer_min} to {row.answer_max}",
            "-" if row.red_min is None else f"{row.red_min} to {row.red_max}",
        )
        for row in report.balance
    ]
    verdict = (
        "every Search card matches exactly one Monument"
        if not report.errors
        else f"{len(report.errors)} problems found by the validator"
    )
    line_h = 4.2
    room(10 + line_h * (len(lines) + 2))
    state["y"] -= 7
    state["page"].append(Text(x0(), state["y"], "Balance (from the validator)", 10, ACCENT, Font.BOLD))
    stops = [0.0, col_w * 0.34, col_w * 0.5, col_w * 0.78]
    for index, line in enumerate(lines):
        state["y"] -= line_h
        font = Font.BOLD if index == 0 else Font.REGULAR
        for stop, cell in zip(stops, line):
            state["page"].append(Text(x0() + stop, state["y"], cell, 7.5, INK, font))
    state["y"] -= line_h * 1.5
    state["page"].append(Text(x0(), state["y"], verdict, 8, INK, Font.ITALIC))
