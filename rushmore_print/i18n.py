"""The players' language: one gettext catalogue per language, read with Babel.

Everything rushmore-print writes for players (the rule sheet, RULES.md, the answer key, the
words on cards, backs and sheets, the referee's lines) is written in English in the code, inside
a call to a :class:`Catalogue` method (``gettext``, ``ngettext``, ``pgettext``, ``npgettext``),
and looked up in ``data/locale/<language>.po`` for the design's ``language:``. English needs no
catalogue: the messages are the English. ``data/locale/messages.pot`` is the template extracted
from the code (``python -m tests.catalogues`` rewrites it and adds new messages to every catalogue);
the tests check that every catalogue translates every message with the same placeholders.

Why gettext and Babel: translators and their tools (Poedit, Weblate) read ``.po`` files; Babel
reads them, knows each language's plural rules (Polish: 1 karta, 2 karty, 5 kart), its lists
("a, b und c") and its numbers ("1,5", "100 %") from the Unicode CLDR. The catalogues are
compiled in memory when first used, so nothing generated is shipped and a build is deterministic.

Placeholders are ``{name}`` fields filled by :meth:`str.format`; a plural message gets ``n``.

>>> t = catalogue("pl")
>>> [t.npgettext("deck for", "{n} card", "{n} cards", n) for n in (1, 2, 5, 22)]
['1 karta', '2 karty', '5 kart', '22 karty']
>>> catalogue("de").names(["Ann", "Bob", "Cy"]), catalogue("en").number(1.5), catalogue("de").number(1.5)
('Ann, Bob und Cy', '1.5', '1,5')
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
from collections.abc import Iterable
from importlib import resources
from typing import TYPE_CHECKING

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from .model import Level

if TYPE_CHECKING:
    from .spec import Design

SOURCE_LANGUAGE = "en"
LOCALE_DIR = "data/locale"
# Babel's locale for each language's numbers and lists: English as the project writes it (British:
# "a, b and c", no serial comma).
_BABEL_LOCALE = {"en": "en_GB"}


def languages() -> tuple[str, ...]:
    """Every language a design may ask for: English and each shipped catalogue, sorted.

    >>> {"en", "de", "fr", "es", "it", "pl", "nl"} <= set(languages())
    True
    """
    folder = resources.files("rushmore_print").joinpath(LOCALE_DIR)
    found = {entry.name.removesuffix(".po") for entry in folder.iterdir() if entry.name.endswith(".po")}
    return tuple(sorted(found | {SOURCE_LANGUAGE}))


class Catalogue:
    """One language's texts, numbers and lists. Get one with :func:`catalogue`.

    >>> t = catalogue("fr")
    >>> t.gettext("{title}: rules", title="Mount Rushmore")  # a narrow no-break space before the colon
    'Mount Rushmore\\u202f: règles du jeu'
    """

    def __init__(self, language: str, translations: _gettext.NullTranslations):
        self.language = language
        self.locale = Locale.parse(_BABEL_LOCALE.get(language, language))
        self._translations = translations

    def __repr__(self) -> str:
        return f"Catalogue({self.language!r})"

    def gettext(self, message: str, **values: object) -> str:
        """``message`` in this language, its ``{placeholders}`` filled from ``values``."""
        return self._translations.gettext(message).format(**values) if values else self._translations.gettext(message)

    def pgettext(self, context: str, message: str, **values: object) -> str:
        """Like :meth:`gettext`, for a short message whose translation depends on where it stands
        (``pgettext("level", "Basic")``)."""
        text = self._translations.pgettext(context, message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        """The plural form of this language for ``n`` (Polish has three); ``{n}`` is ``n`` as
        this language writes numbers."""
        return self._translations.ngettext(singular, plural, n).format(n=self.integer(n), **values)

    def npgettext(self, context: str, singular: str, plural: str, n: int, **values: object) -> str:
        """:meth:`ngettext` with a context."""
        return self._translations.npgettext(context, singular, plural, n).format(n=self.integer(n), **values)

    def names(self, names: Iterable[str], last: str = "and") -> str:
        """A list as this language says it: ``"a, b and c"``; ``last="or"`` for a choice."""
        return format_list(list(names), style="standard" if last == "and" else "or", locale=self.locale)

    def integer(self, n: int) -> str:
        """A whole number: digits only up to 9999 (a card count reads better without a separator)."""
        return str(n) if abs(n) < 10000 else format_decimal(n, locale=self.locale)

    def number(self, value: float, digits: int = 1) -> str:
        """A decimal number to at most ``digits`` places, with this language's decimal sign."""
        return format_decimal(round(value, digits), format="#,##0." + "#" * digits, locale=self.locale)

    def percent(self, value: float) -> str:
        """``100%`` in English, ``100 %`` in German and French (no-break space)."""
        return format_percent(value, locale=self.locale)

    def upper(self, text: str) -> str:
        """Capitals as this language writes them (``ß`` becomes ``SS``)."""
        return text.upper()


@functools.cache
def catalogue(language: str = SOURCE_LANGUAGE) -> Catalogue:
    """The catalogue of ``language`` (one of :func:`languages`), read once per process.

    >>> catalogue("de").pgettext("card back", "SEARCH")
    'SUCHE'
    """
    if language not in languages():
        raise ValueError(f"no catalogue for language {language!r}; there are: {', '.join(languages())}")
    if language == SOURCE_LANGUAGE:
        return Catalogue(language, _gettext.NullTranslations())
    return Catalogue(language, _gettext.GNUTranslations(io.BytesIO(_compiled(language))))


def _compiled(language: str) -> bytes:
    """The ``.po`` catalogue compiled to ``.mo`` bytes in memory (fuzzy entries left out: a
    translator marks a message fuzzy when it no longer says what the English says)."""
    path = resources.files("rushmore_print").joinpath(f"{LOCALE_DIR}/{language}.po")
    with path.open("rb") as file:
        po = read_po(file, locale=language)
    out = io.BytesIO()
    write_mo(out, po)
    return out.getvalue()


def catalogue_for(design: Design) -> Catalogue:
    """The catalogue of ``design``'s ``language:`` (for front ends such as the browser table).

    >>> from rushmore_print.spec import load_design
    >>> catalogue_for(load_design())
    Catalogue('en')
    """
    return catalogue(design.language)


def level_name(t: Catalogue, level: Level) -> str:
    """A level's name as cards and rules print it: ``Basic``, ``Einsteiger``...

    >>> level_name(catalogue("pl"), Level.EXPERT)
    'Ekspert'
    """
    names = {
        Level.BASIC: t.pgettext("level", "Basic"),
        Level.ADVANCED: t.pgettext("level", "Advanced"),
        Level.EXPERT: t.pgettext("level", "Expert"),
    }
    return names[level]


def level_pool_words(t: Catalogue, level: Level) -> str:
    """What a level's pool holds, as the rules say it: ``'Search cards with at most one red head'``."""
    words = {
        Level.BASIC: t.gettext("Search cards with no red head"),
        Level.ADVANCED: t.gettext("Search cards with at most one red head"),
        Level.EXPERT: t.gettext("every Search card"),
    }
    return words[level]


def level_own_words(t: Catalogue, level: Level) -> str:
    """The red heads of the cards whose easiest level this is: ``'two or more red heads'``."""
    words = {
        Level.BASIC: t.gettext("no red head"),
        Level.ADVANCED: t.gettext("one red head"),
        Level.EXPERT: t.gettext("two or more red heads"),
    }
    return words[level]


__all__ = [
    "SOURCE_LANGUAGE",
    "Catalogue",
    "catalogue",
    "catalogue_for",
    "languages",
    "level_name",
    "level_own_words",
    "level_pool_words",
]
