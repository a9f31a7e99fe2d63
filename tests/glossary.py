"""The game's terms and voices, per language: each catalogue read against its glossary.

``rushmore_print/data/locale/en.glossary.yaml`` names the game's terms (Monument, Search card,
claim...) with the English words that say them; ``<language>.glossary.yaml`` gives each term its
one translation, and the form of address (the voice) each kind of text speaks in. A form is a
regular expression found at the start of a word, in any case: ``Suchkarte`` also finds
``Suchkarten`` and ``Suchkartenstapel``, ``\\w*suchkarte`` finds ``Übungssuchkarte`` too, and
``passt\\b`` finds ``passt`` but not ``passte``. Two checks come of it:

- :func:`term_findings`: a message whose English names a term and whose translation says none of
  that term's forms (a synonym crept in: "hand" for "claim");
- :func:`voice_findings`: a message of one kind of text (the rule sheet, a phone...) that uses
  another voice's words (the rule sheet's "ihr" turning "du");
- :func:`never_findings`: a translation that says what the glossary's ``never`` forbids (a mistake
  made once: "unter die Schachtel", a penalised card put underneath the box).

A message is of the kinds of the modules that write it (:data:`KINDS`). Where a translation
rightly leaves a term out (a pronoun stands for it, the sentence is rebuilt), the language's
glossary lists it under ``exceptions`` with the reason (the message named by its English, or the
start of it); an exception that no longer names one message with that term fails too.
"""

from __future__ import annotations

import contextlib
import functools
import io
import re
from dataclasses import dataclass
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog

from .catalogues import LOCALE, extraction, read

# The kind of text each module's messages are: who reads them, so which voice they speak in.
KINDS = {
    "deck/rulebook.py": "rules",
    "layout/answer_key.py": "rules",
    "layout/backs.py": "rules",
    "layout/sheets.py": "print",
    "layout/calibration.py": "print",
    "layout/tuck_box.py": "print",
    "game/stats.py": "print",
    "render/charts.py": "print",
    "writers/build.py": "print",
    "language/i18n.py": "rules",
    "web/page_words.py": "phone table",
    "web/room.py": "phone table",
    "web/run.py": "terminal",
    "web/seats.py": "phone table",
    "web/server.py": "phone table",
    "cli/commands.py": "terminal",
    "cli/console.py": "terminal",
    "cli/prompt.py": "terminal",
    "game/narrate.py": "terminal",
    "game/referee.py": "terminal",
    "game/session.py": "terminal",
    "game/logformat.py": "terminal",
    "writers/gamelog.py": "terminal",
}
PLACEHOLDER = re.compile(r"\{\w*\}")


@dataclass(frozen=True)
class Message:
    """One message of the code: its English (singular and plural), context and modules."""

    english: tuple[str, ...]
    context: str | None
    modules: frozenset[str]

    @functools.cached_property
    def kinds(self) -> frozenset[str]:
        return frozenset(kind for module in self.modules for kind in KINDS.get(module, "?").split())


@dataclass(frozen=True)
class Glossary:
    language: str
    terms: dict[str, list[str]]  # term id: its forms in this language
    address: dict[str, str]  # kind of text: its voice
    voices: dict[str, list[str]]  # voice: the words (regular expressions) that speak in it
    exceptions: list[dict[str, str]]
    never: list[str]  # what no translation may say (regular expressions): mistakes made once
    examples: dict[str, str]  # a never pattern: a text it finds (for one the test cannot spell out)


def _yaml(path: Path) -> dict:
    with path.open(encoding="utf-8") as file:
        return yaml.safe_load(file)


@functools.cache
def english_terms() -> dict[str, re.Pattern[str]]:
    """Each term id and a pattern finding its English words, whole, in a message."""
    terms = _yaml(LOCALE / "en.glossary.yaml")["terms"]
    return {
        term: re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, entry["english"])) + r")(?![\w-])", re.IGNORECASE)
        for term, entry in terms.items()
    }


@functools.cache
def _not_in() -> dict[str, frozenset[str]]:
    terms = _yaml(LOCALE / "en.glossary.yaml")["terms"]
    return {term: frozenset(entry.get("not_in", ())) for term, entry in terms.items()}


@functools.cache  # the break-it-on-purpose tests ask again for every word they swap in
def names(message: Message) -> tuple[str, ...]:
    """The terms a message's English names (in its context's sense)."""
    english = _words(" ".join(message.english))
    return tuple(
        term
        for term, pattern in english_terms().items()
        if pattern.search(english) and not {message.context, message.english[0]} & _not_in()[term]
    )


@functools.cache  # read once a run: the break-it-on-purpose tests check hundreds of swapped words
def glossary(language: str) -> Glossary:
    data = _yaml(LOCALE / f"{language}.glossary.yaml")
    return Glossary(
        language,
        {term: [str(form) for form in forms] for term, forms in data["terms"].items()},
        {kind: entry["voice"] for kind, entry in data["address"].items()},
        {voice: [str(word) for word in words] for voice, words in data["voices"].items()},
        data.get("exceptions") or [],
        [str(e["words"] if isinstance(e, dict) else e) for e in data.get("never") or []],
        {str(e["words"]): str(e["example"]) for e in data.get("never") or [] if isinstance(e, dict)},
    )


def glossary_languages() -> list[str]:
    return sorted(path.name.removesuffix(".glossary.yaml") for path in LOCALE.glob("*.glossary.yaml"))


@functools.cache
def messages() -> dict[tuple[str, str | None], Message]:
    """Every message of the code by (msgid, context), with the modules that write it."""
    found: dict[tuple[str, str | None], Message] = {}
    with contextlib.redirect_stderr(io.StringIO()):  # babel warns of f-strings it skips
        extracted = extraction()
    for filename, _line, text, _comments, context in extracted:
        english = (text,) if isinstance(text, str) else tuple(text)
        key = (english[0], context)
        before = found.get(key)
        modules = frozenset({filename}) | (before.modules if before else frozenset())
        found[key] = Message(english, context, modules)
    return found


def _words(text: str) -> str:
    return PLACEHOLDER.sub(" ", text)


def _translations(catalog: Catalog, message: Message) -> list[str]:
    entry = catalog.get(message.english[0], context=message.context)
    if entry is None or not entry.string:
        return []
    return [entry.string] if isinstance(entry.string, str) else list(entry.string)


def _excepted(glossary: Glossary, message: Message, term: str) -> bool:
    return any(
        message.english[0].startswith(e["msgid"]) and e["term"] == term and e.get("context") == message.context
        for e in glossary.exceptions
    )


def term_findings(language: str, catalog: Catalog | None = None) -> list[str]:
    """Each message whose English names a term its translation does not say, as a line."""
    found, book = [], glossary(language)
    catalog = catalog if catalog is not None else read(LOCALE / f"{language}.po")
    for message in messages().values():
        for term in names(message):
            if _excepted(book, message, term):
                continue
            said = re.compile(r"(?<!\w)(?:" + "|".join(book.terms[term]) + ")", re.IGNORECASE)
            for text in _translations(catalog, message):
                if not said.search(_words(text)):
                    found.append(
                        f"{term!r} ({' / '.join(book.terms[term])}) missing: {message.english[0]!r} -> {text!r}"
                    )
    return found


def stale_exceptions(language: str) -> list[str]:
    """Exceptions of ``language``'s glossary that name no message, or a term the message lacks."""
    book, stale = glossary(language), []
    for e in book.exceptions:
        found = [
            m
            for (msgid, context), m in messages().items()
            if msgid.startswith(e["msgid"]) and context == e.get("context")
        ]
        if len(found) != 1 or e["term"] not in names(found[0]):
            stale.append(f"{e['term']!r}: {e['msgid']!r}")
    return stale


def voice_findings(language: str, catalog: Catalog | None = None) -> list[str]:
    """Each translation that speaks in a voice other than its kind of text's, as a line."""
    book, found = glossary(language), []
    catalog = catalog if catalog is not None else read(LOCALE / f"{language}.po")
    patterns = {
        voice: re.compile(r"(?<!\w)(?:" + "|".join(words) + r")(?!\w)") for voice, words in book.voices.items() if words
    }
    for message in messages().values():
        allowed = {book.address[kind] for kind in message.kinds}
        for text in _translations(catalog, message):
            words = _words(text)
            for voice, pattern in patterns.items():
                if voice not in allowed and (hit := pattern.search(words)):
                    kinds = "/".join(sorted(message.kinds))
                    found.append(
                        f"{kinds} speaks {book.address[min(message.kinds)]}, not {voice} ({hit[0]!r}): {text!r}"
                    )
    return found


def never_findings(language: str, catalog: Catalog | None = None) -> list[str]:
    """Each translation that says what ``language``'s glossary lists under ``never``."""
    book = glossary(language)
    catalog = catalog if catalog is not None else read(LOCALE / f"{language}.po")
    found = []
    for words in book.never:
        pattern = re.compile(words, re.IGNORECASE)
        for message in messages().values():
            found += [f"{words!r}: {text!r}" for text in _translations(catalog, message) if pattern.search(text)]
    return found


def english_never() -> list[str]:
    """What no English message may say (``never`` in ``en.glossary.yaml``), as patterns."""
    return [str(words) for words in _yaml(LOCALE / "en.glossary.yaml").get("never") or []]
