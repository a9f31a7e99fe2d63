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

import decimal
import functools
import gettext as _gettext
import io
import json
import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from ..frozen import frozen_dataclass
from ..model import EndReason, Level
from ..package_data import shipped
from ..readers.inputs import escape

if TYPE_CHECKING:
    from ..design import Design

SOURCE_LANGUAGE = "en"
LOCALE_DIR = "data/locale"
# How each language writes numbers and lists, from the Unicode CLDR (tests/cldr.py writes it from
# Babel's copy, which is 36 MB: the package carries the few facts it uses, not the whole of CLDR).
CLDR_FILE = f"{LOCALE_DIR}/cldr.json"
# The CLDR locale of a language whose numbers and lists are not the language's default: English as
# the project writes it (British: "a, b and c", no serial comma).
CLDR_LOCALE = {"en": "en_GB"}


@frozen_dataclass
class Conventions:
    """How a language writes numbers and lists (its CLDR data, from ``data/locale/cldr.json``).

    >>> conventions("fr").group_sign, conventions("fr").percent
    ('\u202f', '{}\xa0%')
    """

    locale: str
    decimal_sign: str
    group_sign: str
    minus_sign: str
    percent: str  # the pattern around the whole percentage: "{}%", "{} %"
    lists: dict[str, dict[str, str]]  # "standard" or "or": its patterns "2", "start", "middle", "end"

    def digits(self, value: decimal.Decimal | int, places: int = 0, fixed: bool = False) -> str:
        """``value`` rounded half to even to at most ``places`` decimals (exactly ``places`` if
        ``fixed``), grouped by thousands.

        >>> conventions("de").digits(decimal.Decimal("-1234.50"), 2), conventions("en").digits(12345)
        ('-1.234,5', '12,345')
        >>> conventions("pl").digits(decimal.Decimal("1.2"), 2, fixed=True)
        '1,20'
        """
        if isinstance(value, int):
            whole, fraction, negative = f"{abs(value):,}", "", value < 0
        else:
            step = decimal.Decimal(1).scaleb(-places)
            with decimal.localcontext() as context:  # as many digits as the value has, however long
                context.prec = max(context.prec, value.adjusted() + places + 8)
                rounded = value.quantize(step, rounding=decimal.ROUND_HALF_EVEN)
            whole, _, fraction = f"{abs(rounded):,f}".partition(".")
            fraction, negative = (fraction if fixed else fraction.rstrip("0")), rounded < 0
        text = whole.replace(",", self.group_sign) + (self.decimal_sign + fraction if fraction else "")
        return (self.minus_sign if negative else "") + text

    def join(self, items: Sequence[str], style: str) -> str:
        """``items`` as a list in this language (CLDR's patterns, as Babel's ``format_list``).

        >>> conventions("de").join(["a", "b", "c"], "standard"), conventions("en").join(["a4", "letter"], "or")
        ('a, b und c', 'a4 or letter')
        """
        patterns = self.lists[style]
        if len(items) < 2:
            return "".join(items)
        if len(items) == 2:
            return patterns["2"].format(*items)
        text = patterns["start"].format(items[0], items[1])
        for item in items[2:-1]:
            text = patterns["middle"].format(text, item)
        return patterns["end"].format(text, items[-1])


@functools.cache
def _cldr() -> dict[str, dict]:
    return json.loads(shipped(CLDR_FILE).read_text("utf-8"))


def conventions(language: str) -> Conventions:
    """The CLDR conventions of ``language`` (one of :func:`languages`).

    >>> conventions("pl").decimal_sign
    ','
    """
    return Conventions(**_cldr()[language])


def languages() -> tuple[str, ...]:
    """Every language a design may ask for: English and each shipped catalogue, sorted.

    >>> {"en", "de", "fr", "es", "it", "pl", "nl"} <= set(languages())
    True
    """
    folder = shipped(LOCALE_DIR)
    found = {entry.name.removesuffix(".po") for entry in folder.iterdir() if entry.name.endswith(".po")}
    return tuple(sorted(found | {SOURCE_LANGUAGE}))


def _first_word(text: str) -> str:
    """The letters ``text`` begins with, case folded and without their accents: the word whose
    first sound a liaison hears (``"Ève-Marie"``: ``"eve"``; ``"A1"``: ``"a"``)."""
    letters = ""
    for char in text:
        if not char.isalpha():
            break
        letters += unicodedata.normalize("NFD", char.casefold())[0]
    return letters


# French words said as if they began with a consonant: no elision before them (de huit, de onze).
_FRENCH_ASPIRATED = frozenset({"huit", "huitieme", "huitiemes", "onze", "onzieme", "oui"})


def _french_vowel(text: str) -> bool:
    """True if ``text`` begins with a vowel sound in French, so that ``de`` before it is ``d’``.

    An h is taken as mute, as it is in the first names players have (Hugo, Hélène); a y before a
    consonant as a vowel (Yves), before a vowel as a consonant (Yasmine). A code of one letter
    (``A1``, ``E``) is read as letters and left alone, as technical French writes ``de A1``.

    >>> [_french_vowel(name) for name in ("ann", "Hugo", "Ève", "Yves", "Yasmine", "bob", "onze", "A1", "« ann »")]
    [True, True, True, True, False, False, False, False, False]
    """
    word = _first_word(text)
    if len(word) < 2 or word in _FRENCH_ASPIRATED:
        return False
    return word[0] in "aeiouh" or (word[0] == "y" and word[1] not in "aeiouy")


def _spanish_i(text: str) -> bool:
    """True if ``text`` begins with the vowel /i/ (i, hi; not the glide of hie-, io-), before
    which Spanish ``y`` is ``e``.

    >>> [_spanish_i(name) for name in ("Isabel", "Hilda", "Íñigo", "hielo", "Iosu", "ann")]
    [True, True, True, False, False, False]
    """
    word = _first_word(text)
    rest = word[1:] if word.startswith("i") else word[2:] if word.startswith("hi") else None
    return len(word) >= 2 and rest is not None and rest[:1] not in tuple("aeiou")


def _spanish_o(text: str) -> bool:
    """True if ``text`` begins with the vowel /o/ (o, ho), before which Spanish ``o`` is ``u``.

    >>> [_spanish_o(name) for name in ("Óscar", "Honorio", "ann", "O")]
    [True, True, False, False]
    """
    word = _first_word(text)
    return len(word) >= 2 and (word[0] == "o" or word.startswith("ho"))


def _italian_a(text: str) -> bool:
    """True if ``text`` begins with an a, before which Italian ``a`` is ``ad`` (``ad Anna``).

    >>> _italian_a("Anna"), _italian_a("Elena"), _italian_a("A1")
    (True, False, False)
    """
    word = _first_word(text)
    return len(word) >= 2 and word[0] == "a"


def _italian_e(text: str) -> bool:
    """True if ``text`` begins with an e, before which Italian ``e`` is ``ed`` (``ed Elena``).

    >>> _italian_e("Elena"), _italian_e("Èva"), _italian_e("Anna")
    (True, True, False)
    """
    word = _first_word(text)
    return len(word) >= 2 and word[0] == "e"


def _portuguese_article(text: str) -> bool:
    """True if ``text`` begins with a definite article (o, a, os, as), which a Portuguese ``de``
    or ``em`` before it takes in: ``de as cartas`` is ``das cartas``, ``em o monte`` is ``no monte``.
    A name alone (``A``, ``Ana``) has none.

    >>> [_portuguese_article(text) for text in ("as cartas não usadas", "a esquerda", "Os dois", "Ana", "A", "ann")]
    [True, True, True, False, False, False]
    """
    return re.match(r"(?:o|a|os|as)\s", text, re.IGNORECASE) is not None


@frozen_dataclass
class Liaison:
    """A short word of a language that changes before a value beginning with a certain sound:
    French ``de`` is ``d’`` before a vowel (``la main d’ann``), Spanish ``y`` is ``e`` before an
    /i/ (``ann e Isabel``). A catalogue writes the word in full (``de {player}``); the rule acts
    where the value is put in, as only then is its first sound known.

    >>> Liaison("de", "d’", _french_vowel, elided=True).join("la main de ", "ann")
    'la main d’'
    >>> Liaison("y", "e", _spanish_i).join("ann y ", "bob") is None
    True
    """

    word: str  # as the catalogues write it, in lower case
    becomes: str  # what the word is before such a value
    before: Callable[[str], bool]  # does a value begin with the sound?
    elided: bool = False  # True: the space after the word goes (French d’ann, Portuguese d + as = das)

    def join(self, done: str, value: str) -> str | None:
        """``done`` (the text before ``value``) with its last word changed, or None if this
        liaison does not act here.

        >>> Liaison("e", "ed", _italian_e).join("Ann e ", "Elena")
        'Ann ed '
        >>> Liaison("de", "d’", _french_vowel).join("monde ", "ann") is None
        True
        """
        found = re.search(rf"(?:^|(?<=[\s(\[«“„]))({re.escape(self.word)})([ \u00a0])\Z", done, re.IGNORECASE)
        if found is None or not self.before(value):
            return None
        word = self.becomes[0].upper() + self.becomes[1:] if found[1][0].isupper() else self.becomes
        return done[: found.start(1)] + word + ("" if self.elided else found[2])


def _elision(word: str) -> Liaison:
    return Liaison(word, word[:-1] + "’", _french_vowel, elided=True)


# The liaisons of each language, where a value (a player's name, a list of them, a word) is put
# into a message. German, Dutch and Polish have none that a name sets off; English none. Portuguese
# contracts a preposition with the article a value begins with (de + as = das, em + o = no).
LIAISONS: dict[str, tuple[Liaison, ...]] = {
    "fr": tuple(_elision(word) for word in ("de", "que", "le", "la", "jusque", "lorsque", "puisque")),
    "es": (Liaison("y", "e", _spanish_i), Liaison("o", "u", _spanish_o)),
    "it": (Liaison("e", "ed", _italian_e), Liaison("a", "ad", _italian_a)),
    "pt": (Liaison("de", "d", _portuguese_article, elided=True), Liaison("em", "n", _portuguese_article, elided=True)),
}
_FORMATTER = string.Formatter()


class Catalogue:
    """One language's texts, numbers and lists. Get one with :func:`catalogue`.

    >>> t = catalogue("fr")
    >>> t.gettext("{title}: rules", title="Mount Rushmore")  # a narrow no-break space before the colon
    'Mount Rushmore\\u202f: règles du jeu'
    """

    def __init__(self, language: str, translations: _gettext.NullTranslations):
        self.language = language
        self.conventions = conventions(language)
        self.locale = self.conventions.locale  # CLDR's name: "en_GB" (an HTML lang is "en-GB")
        self._translations = translations

    def __repr__(self) -> str:
        return f"Catalogue({self.language!r})"

    def gettext(self, message: str, **values: object) -> str:
        """``message`` in this language, its ``{placeholders}`` filled from ``values``.

        >>> catalogue("de").gettext("{title}: rules", title="Mount Rushmore"), catalogue().gettext("the game is over")
        ('Mount Rushmore: Spielregeln', 'the game is over')
        """
        text = self._translations.gettext(message)
        return self.fill(text, values) if values else text

    def pgettext(self, context: str, message: str, **values: object) -> str:
        """Like :meth:`gettext`, for a short message whose translation depends on where it stands
        (``pgettext("level", "Basic")``).

        >>> catalogue("de").pgettext("level", "Basic"), catalogue().pgettext("level", "Basic")
        ('Einsteiger', 'Basic')
        """
        text = self._translations.pgettext(context, message)
        return self.fill(text, values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        """The plural form of this language for ``n`` (Polish has three); ``{n}`` is ``n`` as
        this language writes numbers.

        >>> [catalogue("pl").npgettext("deck for", "{n} card", "{n} cards", n) for n in (1, 2, 5)]
        ['1 karta', '2 karty', '5 kart']
        >>> catalogue().ngettext("{n} card", "{n} cards", 1)
        '1 card'
        """
        return self.fill(self._translations.ngettext(singular, plural, n), {"n": self.integer(n), **values})

    def npgettext(self, context: str, singular: str, plural: str, n: int, **values: object) -> str:
        """:meth:`ngettext` with a context.

        >>> catalogue("pl").npgettext("deck for", "{n} card", "{n} cards", 22)
        '22 karty'
        """
        text = self._translations.npgettext(context, singular, plural, n)
        return self.fill(text, {"n": self.integer(n), **values})

    def names(self, names: Iterable[str], last: str = "and") -> str:
        """A list as this language says it: ``"a, b and c"``; ``last="or"`` for a choice.

        >>> catalogue("de").names(["Ann", "Bob", "Cy"]), catalogue().names(["a4", "letter"], last="or")
        ('Ann, Bob und Cy', 'a4 or letter')
        """
        items = list(names)
        style: Literal["standard", "or"] = "standard" if last == "and" else "or"
        if self.language not in LIAISONS:
            return self.conventions.join(items, style)
        # the list's words meet the names as a message's meet its values: "ann e Isabel"
        pattern = self.conventions.join([f"{{{index}}}" for index in range(len(items))], style)
        return self._filled(pattern, items, {})

    def fill(self, text: str, values: dict[str, object]) -> str:
        """``text``'s ``{placeholders}`` filled from ``values`` (as :meth:`str.format` does), the
        word before each value said as this language says it before that value's first sound
        (:data:`LIAISONS`: French ``de`` before a vowel is ``d’``).

        >>> catalogue("fr").fill("la main de {player}", {"player": "ann"})
        'la main d’ann'
        >>> catalogue("en").fill("{player}'s claim", {"player": "ann"})
        "ann's claim"
        """
        if self.language not in LIAISONS:
            return text.format(**values)
        return self._filled(text, [], values)

    def _filled(self, text: str, args: Sequence[object], values: dict[str, object]) -> str:
        done = ""
        for literal, field, spec, conversion in _FORMATTER.parse(text):
            done += literal
            if field is None:
                continue
            value, _ = _FORMATTER.get_field(field, args, values)
            said = _FORMATTER.format_field(_FORMATTER.convert_field(value, conversion), spec or "")
            done = next((joined for liaison in LIAISONS[self.language] if (joined := liaison.join(done, said))), done)
            done += said
        return done

    def integer(self, n: int) -> str:
        """A whole number: digits only up to 9999 (a card count reads better without a separator).

        >>> catalogue("de").integer(1234), catalogue("de").integer(12345)
        ('1234', '12.345')
        >>> catalogue().integer(10**30)
        '1,000,000,000,000,000,000,000,000,000,000'
        """
        if abs(n) < 10000:
            return str(n)
        return self.conventions.digits(n)

    def number(self, value: float, digits: int = 1, fixed: bool = False) -> str:
        """A decimal number to at most ``digits`` places (exactly ``digits`` if ``fixed``), with
        this language's decimal sign.

        >>> catalogue("de").number(3.14159, digits=2), catalogue().number(2.0), catalogue().number(2.0, 2, fixed=True)
        ('3,14', '2', '2.00')
        """
        return self.conventions.digits(decimal.Decimal(str(round(value, digits))), digits, fixed)

    def percent(self, value: float) -> str:
        """``100%`` in English, ``100 %`` in German and French (no-break space).

        >>> catalogue().percent(0.5), catalogue("de").percent(1.0)
        ('50%', '100\\xa0%')
        """
        whole = self.conventions.digits(decimal.Decimal(str(value)) * 100)
        return self.conventions.percent.format(whole)

    def upper(self, text: str) -> str:
        """Capitals as this language writes them (``ß`` becomes ``SS``).

        >>> catalogue("de").upper("straße")
        'STRASSE'
        """
        return text.upper()

    def say(self, text: str) -> str:
        """A :class:`Said` sentence in this language (its values too); any other text as it is
        (a name, an id, a path: what a user wrote is never translated).

        >>> catalogue("de").say(said("{player} passes", player="ann")), catalogue("de").say("ann")
        ('ann passt', 'ann')
        """
        if not isinstance(text, Said):
            return text
        return _render(self, text.message, text.plural, text.n, text.context, text.values)

    def _value(self, value: object) -> str:
        if isinstance(value, str):
            return self.say(value)
        if isinstance(value, Names):
            return self.names(value.names, value.last)
        if isinstance(value, Level):
            return level_name(self, value)
        if isinstance(value, int) and not isinstance(value, bool):
            return self.integer(value)
        return str(value)


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
    from .pofile import mo_bytes, read_po  # here, not above: an English run never reads a catalogue

    path = shipped(f"{LOCALE_DIR}/{language}.po")
    return mo_bytes(read_po(path.read_text("utf-8")))


@frozen_dataclass
class Names:
    """Names to be said as a list in the players' language (``last="or"``: a choice).

    >>> catalogue("pl").say(said("only {players} play the tie-break", players=Names(("ann", "bob"))))
    'dogrywkę grają tylko: ann i bob'
    """

    names: tuple[str, ...]
    last: str = "and"


class Said(str):
    """A sentence for the players, made where the referee decides it (:func:`said`,
    :func:`nsaid`, :func:`psaid`) and said in their language by a front end
    (:meth:`Catalogue.say`). As a ``str`` it is the English sentence, so a game log, a test or a
    front end that does not translate reads it as it always did.

    Values are said too: a :class:`Said` in its language, :class:`Names` as its list, a
    :class:`~rushmore_print.model.Level` by its name; any other text (a player's name, a card id)
    as it is.

    >>> reason = said("{player} passes", player="ann")
    >>> reason, catalogue("fr").say(reason), reason.message
    ('ann passes', 'ann passe', '{player} passes')
    """

    message: str
    plural: str | None
    n: int
    context: str | None
    values: tuple[tuple[str, object], ...]

    def __new__(
        cls, message: str, values: dict[str, object], plural: str | None = None, n: int = 0, context: str | None = None
    ) -> Said:
        pairs = tuple(values.items())
        self = super().__new__(cls, _render(catalogue(SOURCE_LANGUAGE), message, plural, n, context, pairs))
        for name, value in (("message", message), ("plural", plural), ("n", n), ("context", context)):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "values", pairs)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Said is immutable")

    def __reduce__(self):  # copy and pickle make it again from its parts, not from the English
        return (Said, (self.message, dict(self.values), self.plural, self.n, self.context))


def said(message: str, **values: object) -> Said:
    """``message`` to be said in the players' language; ``python -m tests.catalogues`` finds it.

    >>> catalogue("de").say(said("nothing to undo"))
    'nichts zurückzunehmen'
    """
    return Said(message, values)


def nsaid(singular: str, plural: str, n: int, **values: object) -> Said:
    """A message with plural forms, said for ``n`` (``{n}`` in the text).

    >>> catalogue("pl").say(nsaid("{n} card left in the deck", "{n} cards left in the deck", 5))
    'w stosie zostało 5 kart'
    """
    return Said(singular, values, plural, n)


def psaid(context: str, message: str, **values: object) -> Said:
    """A short message whose translation depends on where it stands (``psaid("level", "Basic")``).

    >>> basic = psaid("level", "Basic")
    >>> basic, catalogue("de").say(basic)
    ('Basic', 'Einsteiger')
    """
    return Said(message, values, context=context)


def quoted(text: str) -> Said:
    """What a player typed, in the quotes of the players' language, its control characters escaped.

    >>> catalogue("de").say(quoted("ann x")), catalogue("pl").say(quoted("ann x")), str(quoted("ann x"))
    ('„ann x“', '„ann x”', "'ann x'")
    """
    return psaid("typed text", "'{text}'", text=escape(text))


def _render(
    t: Catalogue, message: str, plural: str | None, n: int, context: str | None, values: tuple[tuple[str, object], ...]
) -> str:
    said_values = {name: t._value(value) for name, value in values}
    if plural is not None:
        if context is not None:
            return t.npgettext(context, message, plural, n, **said_values)
        return t.ngettext(message, plural, n, **said_values)
    if context is not None:
        return t.pgettext(context, message, **said_values)
    return t.gettext(message, **said_values)


def catalogue_for(design: Design) -> Catalogue:
    """The catalogue of ``design``'s ``language:`` (for front ends such as the browser table).

    >>> from rushmore_print.design import load_design
    >>> catalogue_for(load_design())
    Catalogue('en')
    """
    return catalogue(design.language)


def default_directions(language: str) -> tuple[str, str]:
    """Left and right in ``language``'s own words: the directions of a design that names none.

    >>> default_directions("de"), default_directions("en")
    (('links', 'rechts'), ('left', 'right'))
    """
    t = catalogue(language)
    return (
        t.pgettext("a head's facing, as the rules say it", "left"),
        t.pgettext("a head's facing, as the rules say it", "right"),
    )


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


def end_reason_words(t: Catalogue, reason: EndReason, winner: str, points: int) -> str:
    """Why a game ended, said for the table: ``winner`` (the first winner) and the ``points`` they
    ended with.

    >>> end_reason_words(catalogue("de"), EndReason.POINTS, "ann", 3)
    'ann hat 3 Punkte erreicht'
    """
    if reason is EndReason.POINTS:
        return t.ngettext("{player} reached {n} point", "{player} reached {n} points", points, player=winner)
    if reason is EndReason.MOST_CARDS:
        return t.gettext("the deck is empty and {player} has the most cards", player=winner)
    if reason is EndReason.TIE_BREAK:
        return t.gettext("{player} took the tie-break card", player=winner)
    return t.gettext("the box has no more cards for the tie-break, so the tied players share the win")


def pool_said(level: Level) -> Said:
    """What a level's pool holds, to be said in the players' language (the rules, the referee).

    >>> str(pool_said(Level.ADVANCED)), catalogue("de").say(pool_said(Level.BASIC))
    ('Search cards with at most one red head', 'Suchkarten ohne roten Kopf')
    """
    pools = {
        Level.BASIC: said("Search cards with no red head"),
        Level.ADVANCED: said("Search cards with at most one red head"),
        Level.EXPERT: said("every Search card"),
    }
    return pools[level]


def level_pool_words(t: Catalogue, level: Level) -> str:
    """What a level's pool holds, as the rules say it: ``'Search cards with at most one red head'``.

    >>> level_pool_words(catalogue(), Level.ADVANCED), level_pool_words(catalogue("de"), Level.BASIC)
    ('Search cards with at most one red head', 'Suchkarten ohne roten Kopf')
    """
    return t.say(pool_said(level))


def level_own_words(t: Catalogue, level: Level) -> str:
    """The red heads of the cards whose easiest level this is: ``'two or more red heads'``.

    >>> level_own_words(catalogue(), Level.EXPERT), level_own_words(catalogue("de"), Level.EXPERT)
    ('two or more red heads', 'zwei oder mehr rote Köpfe')
    """
    words = {
        Level.BASIC: said("no red head"),
        Level.ADVANCED: said("one red head"),
        Level.EXPERT: said("two or more red heads"),
    }
    return t.say(words[level])


__all__ = [
    "CLDR_FILE",
    "CLDR_LOCALE",
    "LIAISONS",
    "SOURCE_LANGUAGE",
    "Catalogue",
    "Conventions",
    "Liaison",
    "Names",
    "Said",
    "catalogue",
    "catalogue_for",
    "conventions",
    "default_directions",
    "end_reason_words",
    "languages",
    "level_name",
    "level_own_words",
    "level_pool_words",
    "nsaid",
    "pool_said",
    "psaid",
    "quoted",
    "said",
]
