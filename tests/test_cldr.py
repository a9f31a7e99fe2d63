"""The package writes numbers and lists as Babel's CLDR says, without Babel (issue 33: it is
36 MB): ``data/locale/cldr.json`` holds the facts (``tests/cldr.py`` writes it from Babel), and
``i18n.Conventions`` formats with them. Each language's numbers, percentages and lists are
compared here with Babel's own formatting, and each shipped catalogue with Babel's reader.
"""

from __future__ import annotations

import gettext
import io
from decimal import Decimal, localcontext

import pytest
from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po as babel_read_po
from babel.numbers import format_decimal, format_percent

from rushmore_print.language.i18n import CLDR_FILE, CLDR_LOCALE, LOCALE_DIR, catalogue, languages
from rushmore_print.language.pofile import mo_bytes, read_po

from . import cldr
from .conftest import ROOT

INTEGERS = [10000, 12345, 99999, 100000, 1234567, -12345, -1000000, 10**12 + 7, 10**30, -(10**40) - 1]
NUMBERS = [0.0, 0.04, 0.05, 0.15, 0.25, 1.25, -1.25, 2.0, 3.14159, 999.95, 1234.5, 12345.678, 1e6, -98765.4321]
FRACTIONS = [0.0, 0.001, 0.005, 0.015, 0.125, 0.135, 0.5, 0.999, 1.0, 1.005, 12.5, 123.456, -0.5, -0.125]


def test_the_cldr_file_is_what_babel_says_for_every_shipped_language():
    assert (ROOT / "rushmore_print" / CLDR_FILE).read_text("utf-8") == cldr.text(), (
        "data/locale/cldr.json is stale: run python -m tests.cldr"
    )


@pytest.mark.parametrize("language", languages())
def test_numbers_percentages_and_lists_are_written_as_babel_writes_them(language):
    t, locale = catalogue(language), Locale.parse(CLDR_LOCALE.get(language, language))
    for n in INTEGERS:
        with localcontext() as context:  # Babel rounds through the decimal context: 28 digits by default
            context.prec = 60
            assert t.integer(n) == format_decimal(Decimal(n), locale=locale), n
    for value in NUMBERS:
        for digits in (1, 2, 3):
            pattern = "#,##0." + "#" * digits
            assert t.number(value, digits) == format_decimal(round(value, digits), format=pattern, locale=locale)
    assert t.number(-0.04, 1) == "0"  # Babel writes "-0" for a negative that rounds to nothing
    for value in FRACTIONS:
        assert t.percent(value) == format_percent(value, locale=locale), value
    items = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    for length in range(1, 6):
        for last, style in (("and", "standard"), ("or", "or")):
            if language not in ("it", "es", "fr"):  # these three join by their liaisons (test_liaisons)
                assert t.names(items[:length], last) == format_list(items[:length], style=style, locale=locale)


@pytest.mark.parametrize("language", [language for language in languages() if language != "en"])
def test_each_catalogue_reads_as_babels_reader_reads_it(language):
    path = ROOT / "rushmore_print" / LOCALE_DIR / f"{language}.po"
    ours = gettext.GNUTranslations(io.BytesIO(mo_bytes(read_po(path.read_text("utf-8")))))
    out = io.BytesIO()
    with path.open("rb") as file:
        write_mo(out, babel_read_po(file, locale=language))
    theirs = gettext.GNUTranslations(io.BytesIO(out.getvalue()))
    assert {key: text for key, text in ours._catalog.items() if key} == {  # the header aside: Babel rewrites it
        key: text for key, text in theirs._catalog.items() if key
    }
    assert [ours.plural(n) for n in range(1000)] == [theirs.plural(n) for n in range(1000)]


def test_the_po_reader_reads_continued_strings_escapes_plurals_and_skips_fuzzy_and_obsolete():
    po = (
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=n != 1;\\n"\n\n'
        '#, python-brace-format\nmsgid "a \\"quoted\\" "\n"line\\n"\nmsgstr "eine \\"zitierte\\" Zeile\\n"\n'
        'msgctxt "deck"\nmsgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} Karte"\nmsgstr[1] "{n} Karten"\n\n'
        '#, fuzzy\nmsgid "old"\nmsgstr "alt"\n\nmsgid "empty"\nmsgstr ""\n\n#~ msgid "gone"\n#~ msgstr "weg"\n'
    )
    assert read_po(po) == {
        "": "Plural-Forms: nplurals=2; plural=n != 1;\n",
        'a "quoted" line\n': 'eine "zitierte" Zeile\n',
        "deck\x04{n} card\x00{n} cards": "{n} Karte\x00{n} Karten",
    }
    with pytest.raises(ValueError, match="line 2"):
        read_po('msgid "x"\nmsgstr broken\n')
