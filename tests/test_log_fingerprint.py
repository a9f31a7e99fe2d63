"""The deck fingerprint in a game log's start record: it is the deck (heads, notation, cards) and
the rules, never the words the design tells them in, so a game resumes after the design's
``language:`` changes; and logs of format 3 (written before the fingerprint changed) still resume.

``tests/logs/format3-*.jsonl`` were written by rushmore-print at e2ae805 (format 3) and are kept
as they were: never regenerate them with the current code, or they stop testing old logs.
"""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rushmore_print.cli.commands import cli
from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import load_design, parse_design
from rushmore_print.errors import GameLogError
from rushmore_print.game.logformat import LOG_VERSION, deck_fingerprint, parse_log
from rushmore_print.game.session import Session
from rushmore_print.language.i18n import catalogue, languages

from .conftest import EXAMPLES

LOGS = Path(__file__).parent / "logs"
CLASSIC = (EXAMPLES / "classic.yaml").read_text("utf-8")
# the design tests/logs/format3-compass-fr.jsonl was played with: it names its directions
COMPASS = """\
name: Compass
heads: [North, East, South, West]
directions: [{name: up, letter: U}, {name: down, letter: D}]
search: {seed: 5, red_counts: {0: 16, 1: 12, 2: 11}}
language: fr
"""
CHANGED = "the design's cards or rules have changed since this game was dealt"


def design_in(tmp_path, text, name="design.yaml"):
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def with_language(text, language):
    kept = [line for line in text.splitlines() if not line.startswith("language:")]
    return "\n".join([*kept, f"language: {language}"]) + "\n"


def play(args, lines=()):
    return CliRunner().invoke(cli, ["play", *args], input="".join(f"{line}\n" for line in lines))


def resumed(design, log):
    """Resume ``log`` with ``design`` through the library: the session, or the GameLogError."""
    parsed = load_design(design)
    records, _cut = parse_log(log.read_text("utf-8"))
    return Session.resume(
        generate_deck(parsed), parsed.rules, parsed.grid, records, design_name=parsed.name, language=parsed.language
    )


@pytest.mark.parametrize(("began", "resumes"), [("de", "fr"), ("pl", "en"), ("en", "it")])
def test_a_game_resumes_in_another_language_when_the_design_names_no_directions(tmp_path, began, resumes):
    design = design_in(tmp_path, with_language(CLASSIC, began))
    log = tmp_path / "g.jsonl"
    first = play([str(design), "--players", "ann,bob", "--seed", "1", "--log", str(log)], ["ann pass", "quit"])
    assert first.exit_code == 0, first.output
    design.write_text(with_language(CLASSIC, resumes), "utf-8")
    again = play([str(design), "--resume", str(log)], ["bob pass", "quit"])
    assert again.exit_code == 0, again.output + again.stderr
    assert CHANGED not in again.stderr
    said = catalogue(resumes).gettext("resumed the game in {path}", path=log)
    assert said in again.output


def test_the_fingerprint_is_the_notation_not_the_words(tmp_path):
    words = {language: load_design(design_in(tmp_path, with_language(CLASSIC, language))) for language in languages()}
    assert len({design.directions for design in words.values()}) >= 6  # Dutch and German both say links, rechts
    prints = {deck_fingerprint(generate_deck(design), design.rules) for design in words.values()}
    assert len(prints) == 1
    renamed = COMPASS.replace("name: up,", "name: skyward,")  # other words, the same letters U and D
    assert deck_fingerprint(*_deck_and_rules(renamed)) == deck_fingerprint(*_deck_and_rules(COMPASS))


def _deck_and_rules(text):
    design = parse_design(text, "design.yaml", None)
    return generate_deck(design), design.rules


@pytest.mark.parametrize(
    "edit",
    [
        lambda text: text.replace("letter: D", "letter: X"),  # the notation
        lambda text: text.replace("South", "Sud"),  # a head
        lambda text: text.replace("seed: 5", "seed: 6"),  # the cards
        lambda text: text + "rules: {points_to_win: 2}\n",  # the rules
        lambda text: text + "rules: {long_game: {points_to_win: 5}}\n",
    ],
    ids=["notation", "head", "cards", "points to win", "long game"],
)
def test_the_fingerprint_still_changes_with_the_deck_and_the_rules(edit):
    assert deck_fingerprint(*_deck_and_rules(edit(COMPASS))) != deck_fingerprint(*_deck_and_rules(COMPASS))


def test_a_new_log_is_refused_when_the_rules_changed(tmp_path):
    design = design_in(tmp_path, COMPASS)
    log = tmp_path / "g.jsonl"
    assert play([str(design), "--players", "ann,bob", "--seed", "1", "--log", str(log)], ["quit"]).exit_code == 0
    assert json.loads(log.read_text().splitlines()[0])["version"] == LOG_VERSION
    design.write_text(COMPASS + "rules: {points_to_win: 2}\n", "utf-8")
    with pytest.raises(GameLogError, match=f"^1: {CHANGED}; give the design it used$"):
        resumed(design, log)


@pytest.mark.parametrize(
    ("log", "design", "language"),
    [
        ("format3-classic-de.jsonl", CLASSIC, "de"),  # as it was played
        ("format3-classic-de.jsonl", CLASSIC, "fr"),  # the language changed since
        ("format3-classic-de.jsonl", CLASSIC, "en"),
        ("format3-compass-fr.jsonl", COMPASS, "fr"),
        ("format3-compass-fr.jsonl", COMPASS, "pl"),  # named directions: the words never changed
    ],
)
def test_a_format_3_log_still_resumes_and_plays_on(tmp_path, log, design, language):
    path = design_in(tmp_path, with_language(design, language))
    copy = tmp_path / log
    copy.write_bytes((LOGS / log).read_bytes())
    assert json.loads(copy.read_text().splitlines()[0])["version"] == 3
    session = resumed(path, copy)
    assert dict(session.game.scores()) == {"ann": 1, "bob": 2}  # every verdict replayed
    result = play([str(path), "--resume", str(copy)], ["ann pass", "quit"])
    assert result.exit_code == 0, result.output + result.stderr
    assert copy.read_text().count('"event": "start"') == 1  # played on in the same log


@pytest.mark.parametrize(
    ("log", "design", "edit"),
    [
        ("format3-classic-de.jsonl", CLASSIC, lambda text: text.replace("Lincoln", "Grant")),
        ("format3-compass-fr.jsonl", COMPASS, lambda text: text.replace("name: up,", "name: skyward,")),
    ],
    ids=["a head", "a named direction"],
)
def test_a_format_3_log_is_still_refused_for_another_deck(tmp_path, log, design, edit):
    path = design_in(tmp_path, edit(design))
    with pytest.raises(GameLogError, match=f"^1: {CHANGED}"):
        resumed(path, LOGS / log)
