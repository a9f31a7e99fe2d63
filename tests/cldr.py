"""Writes ``rushmore_print/data/locale/cldr.json``: how each shipped language writes numbers and
lists, read from Babel's copy of the Unicode CLDR (Babel is a test dependency; the package reads
the file and never imports Babel: issue 33). ``tests/test_cldr.py`` fails when the file and Babel
disagree, or when a language is shipped without its entry.

Run:  python -m tests.cldr   (after adding a catalogue, or when Babel's CLDR moves)
"""

from __future__ import annotations

import json

from babel import Locale

from rushmore_print.language.i18n import CLDR_FILE, CLDR_LOCALE, languages

from .conftest import ROOT


def conventions(language: str) -> dict:
    """The facts of ``language`` the package formats with, as Babel has them."""
    locale = Locale.parse(CLDR_LOCALE.get(language, language))
    symbols = locale.number_symbols["latn"]
    percent = locale.percent_formats[None].pattern
    decimal = locale.decimal_formats[None]
    if decimal.grouping != (3, 3) or not percent.count("#,##0") == 1:
        raise SystemExit(f"{language}: numbers grouped {decimal.grouping}, percent {percent!r}: teach i18n first")
    return {
        "locale": str(locale),
        "decimal_sign": symbols["decimal"],
        "group_sign": symbols["group"],
        "minus_sign": symbols["minusSign"],
        "percent": percent.replace("#,##0", "{}").replace("%", symbols["percentSign"]),
        "lists": {style: dict(locale.list_patterns[style].items()) for style in ("standard", "or")},
    }


def table() -> dict:
    return {language: conventions(language) for language in languages()}


def text() -> str:
    return json.dumps(table(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    (ROOT / "rushmore_print" / CLDR_FILE).write_text(text(), "utf-8")
