"""The stats page: one self-contained HTML file, each table beside an SVG bar chart of its
median times (no script, no external URL), so a designer sees at a glance which cards are hard.
Every word is in the games' language, and each chart is as wide as its text needs (measured
with the shipped type family, a little wider for a browser's own sans-serif)."""

from __future__ import annotations

from html import escape

from ..game.stats import Row, Stats, Table, seconds, tables
from ..language.i18n import catalogue
from ..typeface import Font, missing_characters, text_width_mm
from ..units import MM_PER_INCH

BAR_HEIGHT = 16  # px a row
BARS_WIDTH = 200  # px of the longest bar
GAP = 8  # px between the chart's columns
LEFT = 2  # px before the text: a glyph such as a bold j reaches left of its origin
DOT_STEP = 6  # px from one wrong-claim dot to the next
TITLE_PX, LABEL_PX = 12, 11  # font sizes
# The page's text is a browser's sans-serif, not the condensed face the widths are measured in:
# the widest common ones (DejaVu Sans, Verdana) set about 1.15 times as wide.
WIDER = 1.2
FONTS = "DejaVu Sans, Verdana, Arial, sans-serif"
WRONG_COLOUR = "#c62828"
TIME_COLOUR = "#1565c0"


def text_px(text: str, size_px: float, bold: bool = False) -> float:
    """How wide ``text`` sets at ``size_px`` pixels on the page, at most (a character the shipped
    family lacks, a CJK one, counts a whole em).

    >>> round(text_px("Mount Rushmore", 12)), round(text_px("毛泽东", 12))
    (111, 43)
    """
    missing = {char for _, char in missing_characters(text)}
    kept = "".join(char for char in text if char not in missing)
    size_pt = size_px * 72 / 96
    width_mm = text_width_mm(kept, size_pt, Font.BOLD if bold else Font.REGULAR)
    return (width_mm * 96 / MM_PER_INCH + (len(text) - len(kept)) * size_px) * WIDER


def bar_chart(rows: tuple[Row, ...], title: str, language: str = "en") -> str:
    """Horizontal bars of each row's median time to the right claim, its wrong claims as red
    dots beside it (one dot a claim, up to ten, then a number); as wide as its title and its
    longest label, time and dots need.

    >>> from rushmore_print.game.stats import Row
    >>> svg = bar_chart((Row("S01", 2, 2, 1, 1500.0), Row("S02", 1, 0, 0, None)), "cards")
    >>> svg.count("<rect"), "1.50 s" in svg, "S02" in svg
    (1, True, True)
    """
    t = catalogue(language)
    times = [seconds(row.median_ms, t) for row in rows]
    label_width = LEFT + max([text_px(row.name, LABEL_PX) for row in rows] + [0.0]) + GAP
    time_width = max([text_px(time, LABEL_PX) for time in times] + [0.0]) + GAP
    most_wrong = max([row.wrong for row in rows] + [0])
    dots_width = DOT_STEP * min(most_wrong, 10) + (
        text_px(str(most_wrong), LABEL_PX - 1) + GAP if most_wrong > 10 else 0
    )
    width = round(
        max(LEFT + text_px(title, TITLE_PX, bold=True), label_width + BARS_WIDTH + GAP + time_width + dots_width) + 2
    )
    height = BAR_HEIGHT * len(rows) + 24
    longest = max([row.median_ms or 0.0 for row in rows] + [1.0])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" font-family="{FONTS}">',
        f'<text x="{LEFT}" y="12" font-size="{TITLE_PX}" font-weight="bold">{escape(title)}</text>',
    ]
    time_x = label_width + BARS_WIDTH + GAP
    dots_x = time_x + time_width
    for index, (row, time) in enumerate(zip(rows, times)):
        y = 20 + index * BAR_HEIGHT
        parts.append(f'<text x="{LEFT}" y="{y + 12}" font-size="{LABEL_PX}">{escape(row.name)}</text>')
        if row.median_ms is not None:
            bar = f'x="{label_width:.1f}" y="{y + 2}" width="{max(1.0, BARS_WIDTH * row.median_ms / longest):.1f}"'
            parts.append(f'<rect {bar} height="{BAR_HEIGHT - 4}" fill="{TIME_COLOUR}"/>')
        parts.append(f'<text x="{time_x:.1f}" y="{y + 12}" font-size="{LABEL_PX}">{escape(time)}</text>')
        for dot in range(min(row.wrong, 10)):
            parts.append(f'<circle cx="{dots_x + 3 + dot * DOT_STEP:.1f}" cy="{y + 8}" r="2.5" fill="{WRONG_COLOUR}"/>')
        if row.wrong > 10:
            count_x = dots_x + 10 * DOT_STEP + GAP
            parts.append(f'<text x="{count_x:.1f}" y="{y + 12}" font-size="{LABEL_PX - 1}">{row.wrong}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _table(table: Table, wrong: str, median: str, language: str) -> str:
    t = catalogue(language)
    heads = (table.title, table.turns, table.right, wrong, median)
    head = "<tr>" + "".join(f"<th>{escape(word)}</th>" for word in heads) + "</tr>"
    body = "".join(
        f"<tr><td>{escape(r.name)}</td><td>{r.turns}</td><td>{r.right}</td><td>{r.wrong}</td>"
        f"<td>{escape(seconds(r.median_ms, t))}</td></tr>"
        for r in table.rows
    )
    return f"<table>{head}{body}</table>"


def stats_html(stats: Stats) -> str:
    """The whole page, in the games' language (deterministic: the same logs give the same bytes).

    >>> from rushmore_print.game.stats import Row, Stats
    >>> stats = Stats(1, (Row("S12", 1, 1, 0, 2500),), (Row("basic", 1, 1, 0, 2500),), (), (Row("ann", 1, 1, 0, 2500),))
    >>> page = stats_html(stats)
    >>> page.startswith("<!doctype html>"), "<h1>Game statistics: 1 game</h1>" in page, page == stats_html(stats)
    (True, True, True)
    >>> '<html lang="de">' in stats_html(Stats(1, (), (), (), (), language="de"))
    True
    """
    t = catalogue(stats.language)
    wrong, median = t.pgettext("game statistics", "wrong"), t.gettext("median time to the right claim")
    sections = []
    for table in tables(stats):
        title = t.gettext("{table}: median time to the right claim; red dots: wrong claims", table=table.title)
        chart = bar_chart(table.rows, title, stats.language)
        sections.append(
            f"<section><h2>{escape(table.title)}</h2>{_table(table, wrong, median, stats.language)}{chart}</section>"
        )
    title = t.gettext("Game statistics")
    games = t.ngettext("{n} game", "{n} games", stats.games)
    language = str(t.locale).replace("_", "-")
    return (
        f'<!doctype html>\n<html lang="{language}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>body{{font-family:{FONTS};margin:2em;color:#1d2327}}"
        "section{display:flex;gap:2em;align-items:flex-start;margin:1.5em 0;flex-wrap:wrap}"
        "h2{width:100%;margin:0}h2::first-letter{text-transform:uppercase}table{border-collapse:collapse}"
        "td,th{padding:.15em .6em;border-bottom:1px solid #ddd;text-align:right}"
        "td:first-child,th:first-child{text-align:left}</style></head>"
        f"<body><h1>{escape(title)}: {escape(games)}</h1>{''.join(sections)}</body></html>\n"
    )


__all__ = ["bar_chart", "stats_html", "text_px"]
