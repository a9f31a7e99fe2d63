"""The stats page: one self-contained HTML file, each table beside an SVG bar chart of its
median times (no script, no external URL), so a designer sees at a glance which cards are hard."""

from __future__ import annotations

from html import escape

from ..game.stats import Row, Stats, seconds

BAR_HEIGHT = 16  # px a row
LABEL_WIDTH = 90
CHART_WIDTH = 420
WRONG_COLOUR = "#c62828"
TIME_COLOUR = "#1565c0"


def bar_chart(rows: tuple[Row, ...], title: str) -> str:
    """Horizontal bars of each row's median time to the right claim, its wrong claims as red
    dots beside it (one dot a claim, up to ten, then a number).

    >>> from rushmore_print.game.stats import Row
    >>> svg = bar_chart((Row("S01", 2, 2, 1, 1500.0), Row("S02", 1, 0, 0, None)), "cards")
    >>> svg.count("<rect"), "1.50 s" in svg, "S02" in svg
    (1, True, True)
    """
    longest = max([row.median_ms or 0.0 for row in rows] + [1.0])
    height = BAR_HEIGHT * len(rows) + 24
    bars = CHART_WIDTH - LABEL_WIDTH - 130
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{CHART_WIDTH}" height="{height}" '
        f'viewBox="0 0 {CHART_WIDTH} {height}" role="img" aria-label="{escape(title)}">',
        f'<text x="0" y="12" font-size="12" font-weight="bold">{escape(title)}</text>',
    ]
    for index, row in enumerate(rows):
        y = 20 + index * BAR_HEIGHT
        parts.append(f'<text x="0" y="{y + 12}" font-size="11">{escape(row.name)}</text>')
        if row.median_ms is not None:
            width = max(1.0, bars * row.median_ms / longest)
            bar = f'x="{LABEL_WIDTH}" y="{y + 2}" width="{width:.1f}" height="{BAR_HEIGHT - 4}"'
            parts.append(f'<rect {bar} fill="{TIME_COLOUR}"/>')
        label_x = LABEL_WIDTH + bars + 6
        parts.append(f'<text x="{label_x}" y="{y + 12}" font-size="11">{seconds(row.median_ms)}</text>')
        for dot in range(min(row.wrong, 10)):
            parts.append(f'<circle cx="{label_x + 60 + dot * 6}" cy="{y + 8}" r="2.5" fill="{WRONG_COLOUR}"/>')
        if row.wrong > 10:
            parts.append(f'<text x="{label_x + 122}" y="{y + 12}" font-size="10">{row.wrong}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _table(rows: tuple[Row, ...], title: str, turns: str, right: str) -> str:
    head = f"<tr><th>{escape(title)}</th><th>{turns}</th><th>{right}</th><th>wrong</th><th>median</th></tr>"
    body = "".join(
        f"<tr><td>{escape(r.name)}</td><td>{r.turns}</td><td>{r.right}</td><td>{r.wrong}</td>"
        f"<td>{seconds(r.median_ms)}</td></tr>"
        for r in rows
    )
    return f"<table>{head}{body}</table>"


def stats_html(stats: Stats) -> str:
    """The whole page (deterministic: the same logs give the same bytes).

    >>> from rushmore_print.game.stats import Row, Stats
    >>> stats = Stats(1, (Row("S12", 1, 1, 0, 2500),), (Row("Basic", 1, 1, 0, 2500),), (), (Row("ann", 1, 1, 0, 2500),))
    >>> page = stats_html(stats)
    >>> page.startswith("<!doctype html>"), "<h1>Rushmore stats: 1 game</h1>" in page, page == stats_html(stats)
    (True, True, True)
    """
    sections = []
    for title, rows, turns, right in (
        ("Search card", stats.cards, "turns", "taken"),
        ("level", stats.levels, "turns", "taken"),
        ("red heads", stats.reds, "turns", "taken"),
        ("player", stats.players, "claims", "cards"),
    ):
        chart = bar_chart(rows, f"median time to the right claim, by {title}; red dots: wrong claims")
        sections.append(f"<section><h2>By {escape(title)}</h2>{_table(rows, title, turns, right)}{chart}</section>")
    games = f"{stats.games} game{'s' if stats.games != 1 else ''}"
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Rushmore stats</title>'
        "<style>body{font-family:system-ui,sans-serif;margin:2em;color:#1d2327}"
        "section{display:flex;gap:2em;align-items:flex-start;margin:1.5em 0;flex-wrap:wrap}"
        "h2{width:100%;margin:0}table{border-collapse:collapse}"
        "td,th{padding:.15em .6em;border-bottom:1px solid #ddd;text-align:right}"
        "td:first-child,th:first-child{text-align:left}</style></head>"
        f"<body><h1>Rushmore stats: {games}</h1>{''.join(sections)}</body></html>\n"
    )


__all__ = ["bar_chart", "stats_html"]
