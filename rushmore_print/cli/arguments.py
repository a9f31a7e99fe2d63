"""Values a person types for a command (lengths, card sizes, offsets, names, seeds, cards): parsed
and checked here, for every front end. Each parser returns the value or raises ``ValueError``
(``CardError`` for a card) whose message says what is allowed; the command line turns it into a
usage error naming the option.

>>> typed_length("3mm"), back_offset("1.5,-0.5"), seed("42")
(3.0, (1.5, -0.5), 42)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from pathlib import Path

from ..deck.targets import EXPORTS
from ..errors import CardError
from ..model import CardFaces, Deck
from ..readers.inputs import escape, shown
from ..sizes import CARD_PRESETS, parse_card_size
from ..units import parse_length

__all__ = [
    "MAX_BACK_OFFSET_MM",
    "MAX_GAP_MM",
    "MAX_NAME_BYTES",
    "back_offset",
    "bleed",
    "card_size",
    "export_target",
    "file_stem",
    "gap",
    "markdown_file",
    "monument_card",
    "same_id",
    "search_card",
    "seed",
    "typed_length",
    "url_base",
]

MAX_GAP_MM = 20.0
MAX_BACK_OFFSET_MM = 20.0  # printers drift 1-4 mm; 20 is a generous bound, not a likely value
MAX_NAME_BYTES = 200  # a file name may have 255 bytes; _letter_gutterfold.pdf takes 22 of them


def typed_length(value: str) -> float:
    """A length with its unit (``3mm``, ``0.125in``) in mm; only 0 may go without one, since a
    bare 3 could mean millimetres or pixels or inches.

    >>> typed_length("0.125in"), typed_length("0")
    (3.175, 0.0)
    >>> typed_length("3")
    Traceback (most recent call last):
    ...
    ValueError: '3': give the unit, e.g. 3mm or 3in
    """
    length = parse_length(value)
    if length and re.fullmatch(r"\s*[0-9.]+\s*", value):
        raise ValueError(f"{value!r}: give the unit, e.g. {value.strip()}mm or {value.strip()}in")
    return length


def gap(value: str) -> float:
    """The space between cards on a sheet: a typed length of at most :data:`MAX_GAP_MM`.

    >>> gap("3mm"), gap("0")
    (3.0, 0.0)
    >>> gap("1in")
    Traceback (most recent call last):
    ValueError: '1in': at most 20 mm
    """
    length = typed_length(value)
    if length > MAX_GAP_MM:
        raise ValueError(f"{value!r}: at most {MAX_GAP_MM:g} mm")
    return length


def card_size(value: str) -> tuple[float, float]:
    """A card trim size: a preset or ``WxH`` with its unit (``63.5x88.9mm``), in mm.

    >>> card_size("poker")
    (63.5, 88.9)
    """
    size = parse_card_size(value)
    text = value.strip().lower()
    if text not in CARD_PRESETS and not re.search(r"(mm|cm|in|pt)\s*$", text):
        raise ValueError(f"{value!r}: give the unit, e.g. {value.strip()}mm (or in, cm, pt)")
    return size


def back_offset(value: str) -> tuple[float, float]:
    """``X,Y`` in mm: how far to shift the backs of a duplex sheet.

    >>> back_offset("30,0")
    Traceback (most recent call last):
    ...
    ValueError: 30,0: at most 20 mm each way (printers drift 1-4 mm), like 1.5,-0.5
    """
    try:
        dx, dy = (float(part) for part in value.split(","))
    except ValueError:
        raise ValueError("expected two numbers in mm, like 1.5,-0.5") from None
    if not all(math.isfinite(part) and abs(part) <= MAX_BACK_OFFSET_MM for part in (dx, dy)):
        raise ValueError(f"{value}: at most {MAX_BACK_OFFSET_MM:g} mm each way (printers drift 1-4 mm), like 1.5,-0.5")
    return dx, dy


def file_stem(value: str) -> str:
    """The start of output files' names: a plain name, never a path.

    >>> file_stem("mycards")
    'mycards'
    >>> file_stem("../x")
    Traceback (most recent call last):
    ...
    ValueError: '../x' is a path; give a plain name and the folder with -o
    """
    if not value.strip():
        raise ValueError("give a name, e.g. --name mycards")
    if "/" in value or "\\" in value or value in (".", "..") or value.startswith("~"):
        raise ValueError(f"{shown(value)} is a path; give a plain name and the folder with -o")
    if escape(value) != value:
        raise ValueError(f"{shown(value)}: a name may not hold control characters")
    if len(value.encode("utf-8")) > MAX_NAME_BYTES:
        raise ValueError(f"{shown(value)}: too long; a name may have at most {MAX_NAME_BYTES} bytes")
    return value


def seed(value: str) -> int:
    """A game's seed: a whole number 0..2^63-1 (it is part of the log's file name).

    >>> seed("7"), seed(" 42 ")
    (7, 42)
    >>> seed("-1")
    Traceback (most recent call last):
    ValueError: '-1': expected a whole number from 0 to 9223372036854775807 (2^63-1)
    """
    from ..game.logformat import MAX_SEED

    text = value.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_SEED)) or int(text) > MAX_SEED:
        raise ValueError(f"{shown(value)}: expected a whole number from 0 to {MAX_SEED} (2^63-1)")
    return int(text)


def bleed(value: str) -> float:
    """A bleed around each card: a typed length, at most the design's own limit.

    >>> bleed("0.125in"), bleed("0")
    (3.175, 0.0)
    """
    from ..design import MAX_BLEED_MM, TOO_MUCH_BLEED

    length = typed_length(value)
    if length > MAX_BLEED_MM:
        raise ValueError(f"{length:g}mm {TOO_MUCH_BLEED}")
    return length


def url_base(value: str) -> str:
    """Where exported files will be hosted: an http(s) address.

    >>> url_base("ftp://x")
    Traceback (most recent call last):
    ...
    ValueError: expected an http(s) address such as https://example.org/cards
    """
    if not re.match(r"^https?://[^\s]+$", value):
        raise ValueError("expected an http(s) address such as https://example.org/cards")
    return value


def export_target(value: str) -> str | Path:
    """What ``rushmore export`` writes: a target's name, or a print shop's profile (a YAML file,
    checked when it is read).

    >>> export_target("tgc"), export_target("shops/meinspiel.yaml")
    ('tgc', PosixPath('shops/meinspiel.yaml'))
    >>> export_target("tcg")
    Traceback (most recent call last):
    ValueError: 'tcg' is not an export target; did you mean 'tgc'? use one of png, tgc, mpc, dtc, tts, svg, ...
    """
    if value in EXPORTS:
        return value
    if Path(value).suffix.lower() in (".yaml", ".yml"):
        return Path(value)
    import difflib  # only to suggest a name in the message

    close = difflib.get_close_matches(value, EXPORTS, n=1, cutoff=0.6)
    hint = f"did you mean '{close[0]}'? " if close else ""
    raise ValueError(f"{shown(value)} is not an export target; {hint}use one of {', '.join(EXPORTS)}, "
                     "or a print shop's profile (a .yaml file)")  # fmt: skip


def markdown_file(value: str) -> str:
    """Where ``rulebook --markdown`` writes the rules: a file or ``-``, never a design file, which
    it would overwrite (``rulebook --markdown DESIGN`` reads as if DESIGN were the output).

    >>> markdown_file("output/RULES.md")
    'output/RULES.md'
    >>> markdown_file("designs/junior.YML")
    Traceback (most recent call last):
    ValueError: 'designs/junior.YML' looks like a design: give DESIGN before --markdown, and --markdown a .md file or -
    """
    if value.lower().endswith((".yaml", ".yml")):
        raise ValueError(
            f"{shown(value)} looks like a design: give DESIGN before --markdown, and --markdown a .md file or -"
        )
    return value


def same_id(token: str, ids: Iterable[str]) -> str | None:
    """The id among ``ids`` that a typed ``token`` names, any case, ignoring zero padding: ``m7``
    finds ``M07``.

    >>> same_id("m7", ["M06", "M07"]), same_id("M", ["M07"])
    ('M07', None)
    """
    token = token.strip().upper()
    if len(token) < 2 or not token[1:].isdigit():
        return None
    for known in ids:
        if known[0] == token[0] and known[1:].isdigit() and int(known[1:]) == int(token[1:]):
            return known
    return None


def search_card(deck: Deck, text: str) -> CardFaces:
    """A Search card as typed for ``rushmore answer`` or ``check``: ``S17`` (or ``s17``, ``S7`` for
    ``S07``, as at the prompt) or a notation such as ``LR*RL``; raises ``CardError`` saying what
    is allowed.

    >>> from rushmore_print import load_design, generate_deck
    >>> deck = generate_deck(load_design())
    >>> search_card(deck, "s3").label
    'S03'
    >>> search_card(deck, "M03")
    Traceback (most recent call last):
    ...
    rushmore_print.errors.CardError: 'M03' is a Monument, not a Search card; give S01 to S39 or a notation such as LR*RL
    """
    token = text.strip()
    found = same_id(token, (card.id for card in deck.search))
    if found:
        card = deck.search_card(found)
        return CardFaces(card.id, card.faces, card.red)
    if token.upper().startswith("S") and token[1:].isdigit():
        deck.search_card(token)  # says which ids the deck has
    if _names_other(token, deck.monuments):
        example = deck.notation.search(_example_faces(deck), tuple(i == 1 for i in range(len(deck.heads))))
        raise CardError(
            f"{text!r} is a Monument, not a Search card; give {deck.search[0].id} to {deck.search[-1].id} "
            f"or a notation such as {example}"
        )
    faces, red = deck.notation.parse(token, len(deck.heads))
    return CardFaces(deck.notation.search(faces, red), faces, red)


def _example_faces(deck: Deck) -> tuple[int, ...]:
    """Faces for an example notation in a message: left, right, right, left, ... one per head."""
    return tuple((0, 1, 1, 0)[i % 4] for i in range(len(deck.heads)))


def _names_other(token: str, cards) -> bool:
    """Whether ``token`` is an id of the other kind of card (``M3`` where a Search card is asked for)."""
    return bool(token[:1].isalpha() and token[1:].isdigit() and same_id(token, (card.id for card in cards)))


def monument_card(deck: Deck, text: str) -> CardFaces:
    """A Monument as typed for ``rushmore check``: ``M07`` (or ``m7``) or a notation such as
    ``LRRL`` (no red heads on a Monument).

    Raises ``CardError`` for a Search card, a red head or a notation that does not fit the deck.

    >>> from rushmore_print import generate_deck, load_design
    >>> deck = generate_deck(load_design())
    >>> monument_card(deck, "m7"), monument_card(deck, "LRLR").label
    (CardFaces(label='M07', faces=(0, 1, 1, 0), red=(False, False, False, False)), 'M06')
    >>> monument_card(deck, "LR*LR")
    Traceback (most recent call last):
    rushmore_print.errors.CardError: 'LR*LR': a Monument has no red heads; drop the '*'
    """
    token = text.strip()
    found = same_id(token, (m.id for m in deck.monuments))
    if found:
        monument = deck.monument(found)
        return CardFaces(monument.id, monument.faces, (False,) * len(monument.faces))
    if token.upper().startswith("M") and token[1:].isdigit():
        deck.monument(token)  # says which ids the deck has
    if _names_other(token, deck.search):
        raise CardError(
            f"{text!r} is a Search card, not a Monument; give {deck.monuments[0].id} to {deck.monuments[-1].id} "
            f"or a notation such as {deck.notation.monument(_example_faces(deck))}"
        )
    faces, red = deck.notation.parse(token, len(deck.heads))
    if any(red):
        raise CardError(f"{text!r}: a Monument has no red heads; drop the '*'")
    same = deck.monument_with_faces(faces)
    return CardFaces(same.id if same else deck.notation.monument(faces), faces, red)
