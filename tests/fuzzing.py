"""A deterministic fuzzer of design files: the hostile classes of issue 12 and random mutations of
valid designs. Used by ``tests/test_fuzz.py`` (a sample, in-process) and ``bench/fuzz_designs.py``
(the whole set, each in its own process with a time and memory limit)."""

from __future__ import annotations

import random
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field

import yaml

VALID = {
    "name": "Fuzz",
    "heads": ["Washington", "Jefferson", "Roosevelt", "Lincoln"],
    "directions": ["left", "right"],
    "search": {"seed": 1, "red_counts": {0: 16, 1: 12, 2: 11}},
}


@dataclass(frozen=True)
class Case:
    label: str
    design: bytes
    files: dict[str, bytes] = field(default_factory=dict)  # written beside the design


def _png(width: int, height: int, data: bytes | None = None) -> bytes:
    """A PNG whose header claims ``width`` x ``height``; ``data``: the image data (default: whole)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    if data is None:
        data = zlib.compress(b"".join(b"\x00" + b"\x80" * width * 3 for _ in range(height)))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def _dump(data: object) -> bytes:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode("utf-8")


def _with(**changes: object) -> bytes:
    data = {**VALID, **changes}
    return _dump({key: value for key, value in data.items() if value is not ...})


def hostile() -> Iterator[Case]:
    """The classes a hostile or careless user sent (each once)."""
    laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(8)
    )
    yield Case("billion laughs", (laughs + _with().decode()).encode())
    yield Case("recursive alias", b"name: &n [*n]\n" + _with(name=...))
    yield Case("1000-deep nesting", b"name: " + b"[" * 1000 + b"]" * 1000 + b"\n" + _with(name=...))
    yield Case(
        "4400-digit integer",
        _with(search={"seed": 7, "red_counts": {0: 16}}).replace(b"seed: 7", b"seed: " + b"9" * 4400),
    )
    yield Case("NUL byte", _with().replace(b"Fuzz", b"Fu\x00zz"))
    yield Case("UTF-16 without BOM", _with().decode().encode("utf-16-le"))
    yield Case("negative red count key", _with(search={"seed": 1, "red_counts": {-1: 4}}))
    yield Case("superscript key", _with(search={"seed": 1, "red_counts": {"\u00b2": 4}}))
    yield Case("bleed NaN", _with().replace(b"search:", b"print: {bleed: .nan}\nsearch:"))
    yield Case("bleed infinity", _with().replace(b"search:", b"print: {bleed: .inf}\nsearch:"))
    yield Case("200 mm card", _with(print={"card": "200x200mm"}))
    yield Case("300-character name", _with(name="N" * 300))
    yield Case("300-character head name", _with(heads=["H" * 300, "B", "C", "D"]))
    yield Case("grid 16 x 1", _with(grid={"rows": 16, "cols": 1}))
    yield Case("grid 1 x 16", _with(grid={"rows": 1, "cols": 16}))
    art = {"name": "A", "art": "head.png"}
    yield Case("art not an image", _with(heads=[art, "B", "C", "D"]), {"head.png": b"hello"})
    yield Case("art SVG", _with(heads=[{**art, "art": "h.svg"}, "B", "C", "D"]), {"h.svg": b"<svg/>"})
    entities = "".join(f'<!ENTITY e{i + 1} "' + f"&e{i};" * 10 + '">' for i in range(9))
    bomb = f'<!DOCTYPE svg [<!ENTITY e0 "xxxxxxxxxx">{entities}]><svg viewBox="0 0 9 9"><desc>&e9;</desc></svg>'
    yield Case("art SVG entity bomb", _with(heads=[{**art, "art": "b.svg"}, "B", "C", "D"]), {"b.svg": bomb.encode()})
    system = '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/hostname">]><svg viewBox="0 0 9 9"><desc>&x;</desc></svg>'
    yield Case(
        "art SVG external entity", _with(heads=[{**art, "art": "x.svg"}, "B", "C", "D"]), {"x.svg": system.encode()}
    )
    drawn = b'<svg viewBox="0 0 100 180"><path d="M10 10 h80 a10 10 0 0 1 10 10 v150 H10z" fill="#2a6"/></svg>'
    yield Case("art SVG fine", _with(heads=[{**art, "art": "ok.svg"}, "B", "C", "D"]), {"ok.svg": drawn})
    yield Case("art 400 megapixels", _with(heads=[art, "B", "C", "D"]), {"head.png": _png(20000, 20000, b"x")})
    yield Case("art truncated", _with(heads=[art, "B", "C", "D"]), {"head.png": _png(64, 64)[:-20]})
    yield Case("art absolute path", _with(heads=[{**art, "art": "/etc/hostname"}, "B", "C", "D"]))
    yield Case("art outside", _with(heads=[{**art, "art": "../../x.png"}, "B", "C", "D"]))
    yield Case("art fine", _with(heads=[art, "B", "C", "D"]), {"head.png": _png(60, 108)})
    yield Case("9 heads", _with(heads=[f"H{i}" for i in range(9)], search={"seed": 1, "red_counts": {0: 10}}))
    yield from fonts()
    yield Case("empty file", b"")
    yield Case("a list", b"- 1\n- 2\n")
    yield Case("binary", bytes(range(256)))


def _fontsurgery():  # tests.fuzzing under pytest; a top-level module under bench/
    if __package__:
        from . import fontsurgery
    else:
        import fontsurgery  # type: ignore[no-redef]
    return fontsurgery


FONT_DESIGN = _with(heads=["Ädam", "Bea", "Cy", "Dee"], print={"font": "font.ttf"})


def fonts() -> Iterator[Case]:
    """A design naming a ``print.font``: each damaged TrueType file of ``fontsurgery``."""
    surgery = _fontsurgery()
    for label, data in surgery.damaged().items():
        yield Case(f"font {label}", FONT_DESIGN, {"font.ttf": data})


def fonts_that_may_build(count: int = 12) -> Iterator[Case]:
    """The shipped font with a few bytes of the tables every reader reads first overwritten at
    random (the same ones for the same count): most are refused, some build; then a Greek title
    in a font without loose accents (printed in capitals, it needs none: it builds). Each build
    takes seconds, so the in-process test samples these as it samples the random designs."""
    surgery = _fontsurgery()
    rng = random.Random(20)
    first_read = [surgery.tables(surgery.DEJAVU)[tag] for tag in (b"head", b"hhea", b"maxp", b"cmap", b"loca")]
    for number in range(count):
        flipped = bytearray(surgery.DEJAVU)
        for _ in range(rng.choice((1, 2, 4))):
            _, offset, length = rng.choice(first_read)
            flipped[offset + rng.randrange(min(length, 400))] = rng.randrange(256)
        yield Case(f"font bytes overwritten {number + 1}", FONT_DESIGN, {"font.ttf": bytes(flipped)})
    greek = surgery.without_chars(surgery.DEJAVU, (0x0313, 0x0342))
    yield Case("font Greek title", _with(name="Ἀθηνᾶ", print={"font": "font.ttf"}), {"font.ttf": greek})


JUNK: list[object] = [
    None, "", " ", 0, -1, 1, 2, 3.5, -0.0, 10**30, True, [], {}, [1, 2], {"a": 1}, "left", "right",
    "\u00e9\u00e8", "\U0001f600", "poker", "mini", "63x88mm", "3mm", "-3mm", "99in", "#zzzzzz", "#000000",
    "#ffffff", "x" * 80, "1e400", ".nan", "\u202e", "M01", "plain", "tied", "bald",
]  # fmt: skip

CHOICES: dict[str, list[object]] = {
    "heads": [
        ["A"], ["A", "B"], ["A", "B", "C"], ["W", "J", "R", "L", "F"], [f"H{i}" for i in range(8)],
        [{"name": "A", "look": "beard"}, {"name": "B", "look": "nope"}], ["A", "a"], ["\u00c5sa", "\u00d8ystein"],
        [{"name": "A", "skin": "#000000"}, "B"], ["Averyveryverylongheadname", "B", "C", "D"],
    ],
    "directions": [["left", "right"], ["up", "down"], ["left", "left"], ["Links", "Rechts"], [{"name": "x"}, "y"],
                   ["left"], ["l" * 21, "r"], [{"name": "left", "letter": "Q"}, {"name": "right", "letter": "Q"}]],
    "grid": [{"rows": 4, "cols": 4}, {"rows": 2, "cols": 8}, {"rows": 8, "cols": 2}, {"rows": 3, "cols": 5},
             {"rows": 1, "cols": 16}, {"rows": 0, "cols": 16}, {"rows": 4}],
    "print": [{"card": "poker"}, {"card": "bridge"}, {"card": "tarot"}, {"card": "mini"}, {"card": "square"},
              {"card": "20x20mm"}, {"card": "150x190mm"}, {"bleed": "0"}, {"bleed": "10mm"}, {"bleed": "11mm"},
              {"card": "88.9x63.5mm"}, {"font": "nope.ttf"}],
    "style": [{"sky": "#000000"}, {"red": "#ff0000"}, {"ink": "#f4eddd"}, {"paper": "#000000"},
              {"skin": "#746a5f"}, {"stone": "#ffffff"}],
    "rules": [{"deck_size": 5}, {"deck_size": 0}, {"points_to_win": 1}, {"points_to_win": 99},
              {"long_game": {"points_to_win": 2}}, {"extra_cards_per_player": -1}],
}  # fmt: skip


def _red_counts(rng: random.Random, heads: int) -> dict:
    from math import comb

    counts = {}
    for k in range(heads + 1):
        if rng.random() < 0.7:
            counts[k] = rng.randint(0, min(2**heads * comb(heads, k), 16) + rng.choice((0, 0, 0, 3)))
    return counts or {0: 1}


def mutated(rng: random.Random) -> bytes:
    """A design with a few keys chosen or spoiled at random."""
    return _dump(_mutated_data(rng))


def _mutated_data(rng: random.Random) -> dict:
    data: dict = dict(VALID)
    for key in rng.sample(sorted(CHOICES), rng.randint(1, 3)):
        data[key] = rng.choice(CHOICES[key])
    heads = data["heads"] if isinstance(data["heads"], list) else []
    data["search"] = {"seed": rng.randint(0, 999), "red_counts": _red_counts(rng, max(1, len(heads)))}
    for _ in range(rng.choice((0, 0, 1, 2))):
        key = rng.choice(sorted(data))
        if rng.random() < 0.3:
            del data[key]
        else:
            data[key] = rng.choice(JUNK)
    return data


def cases(seed: int = 12, count: int = 320, every: int = 1) -> list[Case]:
    """The hostile classes, then random designs up to ``count``; the same list for the same seed.
    ``every``: keep only every so many of the random designs (the rest are drawn, not written)."""
    rng = random.Random(seed)
    found = list(hostile())
    building = list(fonts_that_may_build())
    found += building[::every]
    for number in range(len(found) + len(building) - len(building[::every]), count):
        data = _mutated_data(rng)
        if number % every == 0:
            found.append(Case(f"random {number}", _dump(data)))
    return found
