"""The players' language: every catalogue complete and true to the English, the design's
``language:`` key, every rule sheet in its language with nothing English left, and a layout that
holds a language 40 % longer than English without anything overflowing, overlapping or splitting."""

import dataclasses
import functools
import gettext
import re
from pathlib import Path

import pytest

from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.rulebook import Heading, NewSide, build_rulebook, rulebook_markdown
from rushmore_print.deck.validate import validate_deck
from rushmore_print.design import load_design
from rushmore_print.errors import SpecError
from rushmore_print.language import i18n
from rushmore_print.language.i18n import Catalogue, catalogue, languages
from rushmore_print.layout.answer_key import answer_key_pages
from rushmore_print.layout.backs import back_problems
from rushmore_print.layout.cards import CardKind, back_face, card_frame, search_face
from rushmore_print.layout.items import Rect, Text
from rushmore_print.layout.rules_sheet import GUTTER_MM, MARGIN_MM
from rushmore_print.layout.sheets import PAPERS
from rushmore_print.writers.build import rulebook_document

from .catalogues import TEMPLATE, placeholders, read, template_text
from .catalogues import extracted as _extracted
from .conftest import DESIGNS, MINIMAL
from .test_rules_sheet import collisions, texts

TRANSLATED = [language for language in languages() if language != "en"]
REQUIRED = {"de", "fr", "es", "it", "pl", "nl", "pt"}
# Words an English rule sheet is full of and none of the others uses (case as written).
ENGLISH = ("the", "and", "with", "cards", "heads", "Search", "deck", "players", "matches", "every", "wins", "rules")


@functools.cache
def extracted():
    return _extracted()


@functools.cache
def _design(path, language):
    design = dataclasses.replace(load_design(path), language=language)
    return design, generate_deck(design)


@functools.cache
def _entries(language):
    """(context, message, translation) for every message in ``language``'s catalogue."""
    catalog = read(i18n_path(language))
    return [(m.context, m.id, m.string, m.fuzzy) for m in catalog if m.id]


def i18n_path(language):
    return TEMPLATE.parent / f"{language}.po"


# -- the catalogues


def test_the_required_languages_are_shipped():
    assert set(TRANSLATED) >= REQUIRED


@pytest.mark.slow
def test_the_template_is_the_code_s_messages():
    """Every message the code writes is in messages.pot, and nothing else: run
    ``python -m tests.catalogues`` after changing a text."""
    assert TEMPLATE.read_text(encoding="utf-8") == template_text(extracted())


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.slow
def test_every_catalogue_translates_every_message_with_the_same_placeholders(language):
    template = {(m.context, m.id) for m in extracted() if m.id}
    entries = _entries(language)
    assert {(context, message) for context, message, _, _ in entries} == template
    for context, message, translation, fuzzy in entries:
        assert not fuzzy, (language, message)
        singular = message[0] if isinstance(message, tuple) else message
        forms = translation if isinstance(translation, tuple) else (translation,)
        for form in forms:
            assert form.strip(), (language, context, singular)
            assert placeholders(form) == placeholders(singular), (language, singular, form)


def test_a_missing_translation_or_placeholder_is_seen(tmp_path):
    """The check above fails on a catalogue that lost a placeholder."""
    broken = {"{title}: rules": "Spielregeln"}
    assert placeholders(broken["{title}: rules"]) != placeholders("{title}: rules")


@pytest.mark.parametrize("language", TRANSLATED)
def test_typography_is_the_language_s_own(language):
    """Quotes, the French spaces, and no straight quotes or English quotes where they do not belong."""
    for _, _message, translation, _ in _entries(language):
        for form in translation if isinstance(translation, tuple) else (translation,):
            assert '"' not in form and "'" not in form, (language, form)  # typographic quotes and apostrophes
            if language == "fr":
                assert not re.search(r"[^\u202f\s`*(][:;!?](\s|$)", form), form  # a narrow space before : ; ! ?
                assert not re.search(r"\s[:;!?]", form.replace("\u202f", "")), form
                assert "“" not in form and "„" not in form, form
            if language in ("de", "pl"):  # „…“ in German, „…” in Polish: every quote opens low
                assert form.count("„") == form.count({"de": "“", "pl": "”"}[language]), form
                assert "«" not in form, form
            if language == "pt":  # “…” and ‘…’ in Brazil, never « » or „
                assert form.count("“") == form.count("”") and "«" not in form and "„" not in form, form


def test_polish_counts_cards_as_a_pole_does():
    t = catalogue("pl")
    cards = [t.npgettext("deck for", "{n} card", "{n} cards", n) for n in (1, 2, 4, 5, 12, 14, 21, 22, 25)]
    assert cards == ["1 karta", "2 karty", "4 karty", "5 kart", "12 kart", "14 kart", "21 kart", "22 karty", "25 kart"]


def test_portuguese_counts_as_cldr_says():
    """Brazilian Portuguese: 0 and 1 are singular (CLDR's one: i = 0..1), lists and decimals its own."""
    t = catalogue("pt")
    cards = [t.npgettext("deck for", "{n} card", "{n} cards", n) for n in (0, 1, 2, 22)]
    assert cards == ["0 carta", "1 carta", "2 cartas", "22 cartas"]
    assert t.names(["Ana", "Bia", "Cy"]) == "Ana, Bia e Cy" and t.number(1.5) == "1,5"


def test_numbers_lists_and_capitals_follow_the_language():
    assert catalogue("de").number(1.5) == "1,5" and catalogue("en").number(1.5) == "1.5"
    assert catalogue("fr").names(["a", "b", "c"]) == "a, b et c"
    assert catalogue("en").names(["a", "b", "c"]) == "a, b and c"
    assert catalogue("de").percent(1) == "100\u00a0%" and catalogue("en").percent(1) == "100%"
    assert catalogue("de").upper("Straße") == "STRASSE"


# -- the design's key


def test_language_defaults_to_english_and_is_read_from_the_design(write_design):
    assert load_design(write_design(MINIMAL)).language == "en"
    assert load_design(write_design(MINIMAL + "language: pl\n")).language == "pl"


def test_an_unknown_language_is_a_located_error_naming_the_choices(write_design):
    path = write_design(MINIMAL + "language: xx\n")
    with pytest.raises(SpecError) as info:
        load_design(path)
    message = str(info.value)
    assert f"{path}:7: language:" in message, message
    assert "de, en, es, fr, it, nl, pl, pt" in message


# -- every sheet in its language


def _layout_words(pages):
    return " ".join(text for page in pages for text, _, _ in texts(page))


def _design_words(design):
    """The design's own words (names, directions) and the command lines the sheet quotes."""
    return [design.name, *design.head_names, *design.directions, "rushmore play --players ann,bob"]


def _english_left(text, design):
    for words in _design_words(design):
        text = text.replace(words, " ")
    return sorted({word for word in ENGLISH if re.search(rf"(?<![\w-]){word}(?![\w-])", text)})


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.slow
def test_the_rule_sheet_and_rules_md_leave_no_english(language, path):
    design, deck = _design(path, language)
    for paper in ("a4", "letter"):
        pages = rulebook_document(design, deck, paper).pages
        assert _english_left(_layout_words(pages), design) == [], (language, paper)
        for page in pages:
            assert collisions(page) == []
    markdown = rulebook_markdown(design, deck, build_rulebook(design, deck))
    assert _english_left(markdown, design) == []


def test_the_english_check_sees_english():
    design, deck = _design(DESIGNS[0], "en")
    assert _english_left(_layout_words(rulebook_document(design, deck, "a4").pages), design) != []


@pytest.mark.parametrize("language", TRANSLATED)
def test_answer_key_cards_and_backs_speak_the_language(language):
    design, deck = _design(DESIGNS[0], language)
    pages = answer_key_pages(design, deck, validate_deck(deck), PAPERS["a4"])
    assert _english_left(_layout_words(pages), design) == []
    frame = card_frame(design)
    t = catalogue(language)
    back = [item.text for item in back_face(design, CardKind.SEARCH, frame).items if isinstance(item, Text)]
    assert back[-1] == t.upper(t.pgettext("card back", "SEARCH"))
    face = search_face(design, deck.search[-1], frame)
    assert i18n.level_name(t, deck.search[-1].level).upper() in [i.text for i in face.items if isinstance(i, Text)]


@pytest.mark.slow
@pytest.mark.parametrize("language", ["de", "pl"])
def test_the_pdf_text_is_the_language_s(language, tmp_path):
    """What pdftotext reads from the rendered rule sheet: the fonts carry every letter (ł, ß, ę)."""
    from rushmore_print.render.pdf import render_pdf

    from .pdftext import page_texts

    design, deck = _design(DESIGNS[0], language)
    path = tmp_path / "rules.pdf"
    path.write_bytes(render_pdf(rulebook_document(design, deck, "a4")))
    text = " ".join(page_texts(path))
    assert _english_left(text, design) == []
    assert {"de": "Spielleitung", "pl": "Pomników"}[language] in text


# -- a language 40 % longer than English


class Pseudo(gettext.NullTranslations):
    """Every message accented and 40 % longer, its placeholders kept: a stand-in for the longest
    language a translator may bring."""

    ACCENTS = str.maketrans("aeiouAEIOUcnszCNSZ", "áéíóúÁÉÍÓÚçñšžÇÑŠŽ")

    @staticmethod
    def longer(text):
        parts = re.split(r"(\{\w*\})", text)
        out = "".join(part if part.startswith("{") else part.translate(Pseudo.ACCENTS) for part in parts)
        extra = max(1, round(len(text) * 0.4))
        padding = " ".join(["ŵôřđ"] * (extra // 5 + 1))[:extra].strip()
        return f"{out} {padding}" if padding else out

    def gettext(self, message):
        return self.longer(message)

    def ngettext(self, singular, plural, n):
        return self.longer(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return self.longer(message)

    def npgettext(self, context, singular, plural, n):
        return self.longer(singular if n == 1 else plural)


@pytest.fixture
def pseudo(monkeypatch):
    """Designs in the pseudo-language ``en-x-long`` (read by :func:`i18n.catalogue_for`)."""
    real = i18n.catalogue
    long = Catalogue("en", Pseudo())
    monkeypatch.setattr(i18n, "catalogue", lambda language="en": long if language == "en-x-long" else real(language))
    return "en-x-long"


def _columns(paper):
    width = (paper.width_mm - 2 * MARGIN_MM - GUTTER_MM) / 2
    return [Rect(MARGIN_MM + c * (width + GUTTER_MM) - 0.3, 0, width + 0.6, paper.height_mm) for c in range(2)]


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.slow
def test_a_language_40_percent_longer_fits_every_design_and_paper(path, pseudo):
    design, deck = _design(path, pseudo)
    book = build_rulebook(design, deck)
    front = [b for b in book.blocks[: book.blocks.index(NewSide())] if isinstance(b, Heading)]
    back = [b for b in book.blocks[book.blocks.index(NewSide()) :] if isinstance(b, Heading)]
    page_wide = [book.title, *book.footers, book.subtitle, book.answers]
    for paper_name in ("a4", "letter"):
        paper = PAPERS[paper_name]
        pages = rulebook_document(design, deck, paper_name).pages
        margins = Rect(MARGIN_MM - 0.5, MARGIN_MM - 4, paper.width_mm - 2 * MARGIN_MM + 1, paper.height_mm)
        for page in pages:
            assert collisions(page) == [], paper_name
            for text, box, _ in texts(page):
                assert margins.contains(box), (paper_name, text)
                in_column = any(column.contains(box) for column in _columns(paper))
                assert in_column or any(text in wide for wide in page_wide), (paper_name, text)
        # nothing split across the two sides: each side's headings are on its own page
        words = [" ".join(text for text, _, _ in texts(page)) for page in pages]
        for side, headings in enumerate((front, back)):
            for heading in headings:
                first = heading.text.upper().split()[0]
                assert first in words[side], (paper_name, heading.text)
    # the cards' and backs' words fit too
    frame = card_frame(design)
    assert back_problems(design, frame) == []
    for card in deck.search[-1:]:
        assert collisions(search_face(design, card, frame)) == []


# -- names in any script the design's font draws

CJK = Path(__file__).resolve().parent / "cjk" / "cjk.yaml"


def _fonts_of(items, text):
    """The fonts the texts of ``items`` containing ``text`` are set in."""
    from .test_rules_sheet import walk

    return {item.font for item, _ in walk(items) if isinstance(item, Text) and text in item.text}


@pytest.mark.slow
def test_a_cjk_designer_font_prints_cjk_names_on_cards_backs_and_the_rule_sheet():
    from rushmore_print.layout.fonts import Font

    design = load_design(CJK)
    deck = generate_deck(design)
    cjk = Font.designer(design.print.font)
    frame = card_frame(design)
    assert _fonts_of(search_face(design, deck.search[0], frame).items, "孔子") == {cjk}
    assert _fonts_of(back_face(design, CardKind.MONUMENT, frame).items, "长城") == {cjk}
    pages = rulebook_document(design, deck, "a4").pages
    for name in ("长城", "孔子", "王维"):  # the title, and names inside the shipped font's sentences
        assert _fonts_of([i for page in pages for i in page.items], name) == {cjk}, name
    assert Font.REGULAR in _fonts_of([i for page in pages for i in page.items], "heads")  # the sentence itself
    for page in pages:
        assert collisions(page) == []
    key = answer_key_pages(design, deck, validate_deck(deck), PAPERS["a4"])
    assert _fonts_of([i for page in key for i in page.items], "长城") == {cjk}


def test_a_cjk_name_without_a_font_that_has_it_is_refused_once_and_no_placeholder_is_blamed(tmp_path):
    text = CJK.read_text(encoding="utf-8").replace(
        "heads: [孔子, 李白, 杜甫, 王维]", "heads: [孔子, {look: x}, 杜甫, 毛]"
    )
    (tmp_path / "DroidSansFallback-subset.ttf").write_bytes((CJK.parent / "DroidSansFallback-subset.ttf").read_bytes())
    path = tmp_path / "d.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_design(path)
    message = str(info.value)
    assert "head 2" not in message  # the head without a name stands in as "head 2": never checked
    assert message.count("'毛'") == 2, message  # one message: the name, and the character it lacks
    assert "heads.4.name: '毛': print.font DroidSansFallback-subset.ttf has no glyph for '毛'" in message
    assert "heads.2: missing key 'name'" in message
    path.write_text(text.replace("  font: DroidSansFallback-subset.ttf\n", "").replace("print:\n", ""), "utf-8")
    with pytest.raises(SpecError) as info:
        load_design(path)
    assert "'孔子': the card font (DejaVu Sans Condensed) has no glyph for '孔'" in str(info.value)


def test_right_to_left_names_are_refused_in_one_sentence(write_design):
    path = write_design(MINIMAL.replace("heads: [A, B, C, D]", "heads: [שלום, B, C, D]"))
    with pytest.raises(SpecError) as info:
        load_design(path)
    [message] = [line for line in str(info.value).splitlines() if "heads.1.name" in line]
    assert "is written right to left" in message and "Arabic, Hebrew" in message
