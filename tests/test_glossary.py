"""Every catalogue against its glossary (``data/locale/<language>.glossary.yaml``): the game's
terms said with their one translation, one voice per kind of text, no mistake made twice.
tests/glossary.py holds the checks; these tests run them for every language that has a glossary
and prove that each check sees what it is for (a term replaced, a voice switched)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rushmore_print.language.i18n import languages
from tests import glossary as g
from tests.catalogues import LOCALE, read

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = [language for language in g.glossary_languages() if language != "en"]


def test_the_glossaries_name_every_term_kind_and_voice():
    terms = set(g.english_terms())
    kinds = {kind for value in g.KINDS.values() for kind in value.split()}
    assert LANGUAGES, "no glossary found"
    for language in LANGUAGES:
        book = g.glossary(language)
        assert set(book.terms) == terms, (language, set(book.terms) ^ terms)
        assert all(book.terms.values()), language
        assert set(book.address) == kinds, (language, set(book.address) ^ kinds)
        assert set(book.address.values()) <= set(book.voices), language
        for e in book.exceptions:
            assert e["term"] in terms and e.get("why"), (language, e)


def test_every_module_that_writes_messages_has_a_kind_of_text():
    modules = {module for message in g.messages().values() for module in message.modules}
    assert modules == set(g.KINDS), f"new: {sorted(modules - set(g.KINDS))}, gone: {sorted(set(g.KINDS) - modules)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_term_is_said_with_its_glossary_word(language):
    assert g.term_findings(language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_kind_of_text_speaks_in_its_one_voice(language):
    assert g.voice_findings(language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_exception_is_still_needed(language):
    assert g.stale_exceptions(language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_says_what_its_glossary_forbids(language):
    assert g.never_findings(language) == []


def test_no_english_message_and_no_rules_md_puts_a_card_under_the_box():
    rules = (ROOT / "RULES.md").read_text("utf-8")
    for words in g.english_never():
        pattern = re.compile(words, re.IGNORECASE)
        assert not pattern.search(rules), words
        assert not [m for m in g.messages().values() if any(pattern.search(text) for text in m.english)], words


def _term_message(language, catalog, term):
    """A message of ``catalog`` naming ``term`` whose translation says it, and the pattern of
    its forms."""
    book = g.glossary(language)
    said = re.compile(r"(?<!\w)(?:" + "|".join(book.terms[term]) + ")", re.IGNORECASE)
    for message in g.messages().values():
        entry = catalog.get(message.english[0], context=message.context)
        if term in g.names(message) and not g._excepted(book, message, term) and entry and entry.string:
            return entry, said
    return None


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_term_replaced_in_a_translation_is_seen(language):
    """Break it on purpose: every term, replaced by a made-up word in one translation that says
    it, is reported for that message."""
    # One catalogue read for all the terms, each translation put back after its check, so each
    # check sees the catalogue with one term replaced (a fresh read per term was 9/10 of this
    # test's time: 22 terms x 7 languages of .po parsing).
    catalog = read(LOCALE / f"{language}.po")
    for term in g.english_terms():
        found = _term_message(language, catalog, term)
        if found is None:
            continue  # no message names it yet
        entry, said = found
        original = entry.string
        strings = original if isinstance(original, tuple) else (original,)
        replaced = tuple(said.sub("Zzyzx", text) for text in strings)
        entry.string = replaced if isinstance(original, tuple) else replaced[0]
        findings = g.term_findings(language, catalog)
        entry.string = original
        assert any(f.startswith(repr(term)) and repr(entry.id if isinstance(entry.id, str) else entry.id[0]) in f
                   for f in findings), (term, replaced)  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_switched_voice_is_seen(language):
    """Break it on purpose: each word of another voice, added to a message of each kind of text,
    is reported."""
    book = g.glossary(language)
    catalog = read(LOCALE / f"{language}.po")
    by_kinds = {m.kinds: m for m in g.messages().values() if catalog.get(m.english[0], context=m.context)}
    assert {kind for kinds in by_kinds for kind in kinds} == set(book.address)
    for kinds, message in by_kinds.items():
        allowed = {book.address[kind] for kind in kinds}
        others = [w for v, words in book.voices.items() if v not in allowed for w in words if re.escape(w) == w]
        entry = catalog.get(message.english[0], context=message.context)
        original = entry.string
        for word in others:
            said = f"{original[0] if isinstance(original, tuple) else original} {word} x"
            entry.string = (said,) + original[1:] if isinstance(original, tuple) else said
            assert any(f"({word!r})" in f for f in g.voice_findings(language, catalog)), (sorted(kinds), word)
        entry.string = original


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_forbidden_phrase_is_seen(language):
    """Break it on purpose: each ``never`` pattern's text (its example, or the pattern's own
    letters), added to a translation, is reported."""
    book = g.glossary(language)
    catalog = read(LOCALE / f"{language}.po")
    entry = next(m for m in catalog if m.id and isinstance(m.string, str) and m.string)
    original = entry.string
    for words in book.never:
        sample = book.examples.get(words) or re.sub(r"\\w\*|\[(.)[^\]]*\]\??|\\b|\?", lambda m: m.group(1) or "", words)
        assert re.search(words, sample, re.IGNORECASE), (words, sample)
        entry.string = f"{original} {sample}"
        assert any(f.startswith(repr(words)) for f in g.never_findings(language, catalog)), words
    entry.string = original


def test_every_shipped_language_has_a_glossary():
    assert set(languages()) - {"en"} == set(LANGUAGES)
