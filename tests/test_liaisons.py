"""A word before a name changes with the name's first sound (i18n.LIAISONS): French elides ``de``
and ``que`` before a vowel or mute h (``le choix d’ann``), Spanish ``y``/``o`` are ``e``/``u``
before an /i/ or /o/ (``ann e Isabel``), Italian ``e``/``a`` are ``ed``/``ad`` before the same
vowel (``ann ed Elena``). The rule acts where a value is put into a message or a list."""

import pytest
from click.testing import CliRunner

from rushmore_print.cli.commands import cli
from rushmore_print.language.i18n import LIAISONS, Names, catalogue, languages, said

from .conftest import EXAMPLES

CLAIM = "{player}'s claim on {position}"


@pytest.mark.parametrize(
    ("player", "said_fr"),
    [
        ("ann", "le choix d’ann sur B2"),
        ("Ève", "le choix d’Ève sur B2"),
        ("ursule", "le choix d’ursule sur B2"),
        ("Hugo", "le choix d’Hugo sur B2"),  # the h of a first name is mute
        ("hélène", "le choix d’hélène sur B2"),
        ("Yves", "le choix d’Yves sur B2"),  # y before a consonant is a vowel
        ("Yasmine", "le choix de Yasmine sur B2"),  # before a vowel, a consonant
        ("bob", "le choix de bob sur B2"),
        ("Zoé", "le choix de Zoé sur B2"),
        ("A", "le choix de A sur B2"),  # one letter: said as a letter, as technical French writes it
        ("2ann", "le choix de 2ann sur B2"),
    ],
)
def test_french_elides_de_before_a_name_that_begins_with_a_vowel_or_mute_h(player, said_fr):
    assert catalogue("fr").say(said(CLAIM, player=player, position="B2")) == said_fr
    assert said(CLAIM, player=player, position="B2") == f"{player}'s claim on B2"  # English as it was


@pytest.mark.parametrize(
    ("message", "values", "expected"),
    [
        ("the change of {player}'s claim", {"player": "ann"}, "la correction du choix d’ann"),
        ("the drop of {player}'s claim", {"player": "Hugo"}, "le retrait du choix d’Hugo"),
        ("the drop of {player}'s claim", {"player": "bob"}, "le retrait du choix de bob"),
        ("{player}'s claim is dropped; {player} is to claim again", {"player": "ève"},
         "le choix d’ève est retiré\u202f; ève doit choisir de nouveau"),
        ("{player}'s pass", {"player": "Inès"}, "la passe d’Inès"),
    ],
)  # fmt: skip
def test_the_french_catalogue_s_messages_elide_where_the_name_goes_in(message, values, expected):
    assert catalogue("fr").say(said(message, **values)) == expected


@pytest.mark.parametrize(
    ("template", "value", "expected"),
    [
        ("de {x}", "onze", "de onze"),  # said as if it began with a consonant
        ("de {x}", "huit", "de huit"),
        ("de {x}", "un", "d’un"),
        ("n’en a que {x}", "onze", "n’en a que onze"),
        ("ne reste que {x}", "Ann", "ne reste qu’Ann"),
        ("De {x}", "ann", "D’ann"),  # the capital kept
        ("le {x}", "ordre", "l’ordre"),
        ("la {x}", "école", "l’école"),
        ("la {x}", "11", "la 11"),
        ("le monde {x}", "ann", "le monde ann"),  # only the word de, not a word ending in de
        ("de\u00a0{x}", "ann", "d’ann"),
        ("de « {x} »", "ann", "de « ann »"),  # the quotes stand between
        ("de {x}", "« ann »", "de « ann »"),
    ],
)
def test_the_french_rule_on_its_own(template, value, expected):
    assert catalogue("fr").fill(template, {"x": value}) == expected


def test_a_list_of_names_elides_before_its_first():
    t = catalogue("fr")
    assert (
        t.say(said("the drop of {player}'s claim", player=Names(("ann", "bob")))) == "le retrait du choix d’ann et bob"
    )
    assert t.names(["bob", "ann"]) == "bob et ann"  # et never elides


@pytest.mark.parametrize(
    ("names", "last", "expected"),
    [
        (["ann", "Isabel"], "and", "ann e Isabel"),
        (["ann", "bob", "Hilda"], "and", "ann, bob e Hilda"),
        (["ann", "Íñigo"], "and", "ann e Íñigo"),
        (["ann", "hielo"], "and", "ann y hielo"),  # hie- begins with a glide, not an /i/
        (["ann", "bob"], "and", "ann y bob"),
        (["Inés", "Óscar"], "or", "Inés u Óscar"),
        (["ann", "Honorio"], "or", "ann u Honorio"),
        (["ann", "bob"], "or", "ann o bob"),
    ],
)
def test_spanish_y_and_o_before_an_i_or_an_o(names, last, expected):
    assert catalogue("es").names(names, last=last) == expected


def test_spanish_messages_say_the_list_the_same_way():
    told = catalogue("es").say(said("only {players} play the tie-break", players=Names(("ann", "Isabel"))))
    assert "ann e Isabel" in told and " y Isabel" not in told


@pytest.mark.parametrize(
    ("names", "expected"),
    [(["ann", "Elena"], "ann ed Elena"), (["ann", "Èva"], "ann ed Èva"), (["ann", "Ivo"], "ann e Ivo")],
)
def test_italian_e_before_the_same_vowel(names, expected):
    assert catalogue("it").names(names) == expected


def test_italian_a_before_an_a_and_di_as_it_is():
    t = catalogue("it")
    assert t.fill("a {x}", {"x": "Anna"}) == "ad Anna" and t.fill("a {x}", {"x": "A1"}) == "a A1"
    assert t.fill("di {x}", {"x": "Anna"}) == "di Anna"  # modern Italian keeps di before a name


@pytest.mark.parametrize("language", sorted(set(languages()) - set(LIAISONS)))
def test_languages_without_a_liaison_put_names_in_as_they_are(language):
    t = catalogue(language)
    for name in ("ann", "Isabel", "Elena", "Óscar", "Hugo"):
        assert t.say(said(CLAIM, player=name, position="B2")).count(name) == 1
        assert t.fill("x {a} y {b}", {"a": name, "b": name}) == f"x {name} y {name}"
    assert t.names(["ann", "Isabel"]).endswith("Isabel")


def test_a_french_game_at_the_terminal_says_d_before_eve(tmp_path):
    design = tmp_path / "design.yaml"
    design.write_text((EXAMPLES / "classic.yaml").read_text("utf-8") + "language: fr\n", "utf-8")
    lines = "ève A1\ndrop ève\nhugo pass\nquit\n"
    result = CliRunner().invoke(
        cli, ["play", str(design), "--players", "ève,hugo,bob", "--seed", "1", "--log", str(tmp_path / "g.jsonl")],
        input=lines,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "le choix d’ève est retiré\u202f; ève doit choisir de nouveau" in result.output
    assert " de ève" not in result.output and " de hugo" not in result.output


@pytest.mark.parametrize(
    ("template", "value", "expected"),
    [
        ("vem de {x}", "as cartas não usadas", "vem das cartas não usadas"),
        ("vem de {x}", "a 1 carta", "vem da 1 carta"),
        ("De {x}", "o monte", "Do monte"),  # the capital kept
        ("está em {x}", "os dois", "está nos dois"),
        ("o palpite de {x}", "Ana", "o palpite de Ana"),  # a name, written without an article
        ("o palpite de {x}", "A", "o palpite de A"),  # a name of one letter is no article
        ("em {x}", "B3", "em B3"),
        ("onde {x}", "a mão", "onde a mão"),  # only the word de, not a word ending in de
    ],
)
def test_portuguese_contracts_de_and_em_with_the_article_a_value_begins_with(template, value, expected):
    assert catalogue("pt").fill(template, {"x": value}) == expected


def test_a_portuguese_tie_break_draw_names_its_source_contracted():
    t = catalogue("pt")
    source = t.gettext("the unused {level} cards ({own})", level="Básico", own=t.gettext("no red head"))
    said_pt = t.gettext("It comes from {source}: this level's are used up.", source=source)
    assert said_pt == "Ela vem das cartas não usadas do nível Básico (sem cabeça vermelha): as deste nível acabaram."
