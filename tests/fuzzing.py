"""A deterministic fuzzer of design files: the hostile classes of issue 12 and random mutations of
valid designs. Used by ``tests/test_fuzz.py`` (a sample, in-process) and ``bench/fuzz_designs.py``
(the whole set, each in its own process with a time and memory limit)."""

from __future__ import annotations

import functools
import io
import json
import os
import random
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml

VALID = {
    "name": "Fuzz",
    "heads": ["Washington", "Jefferson", "Roosevelt", "Lincoln"],
    "directions": ["left", "right"],
    "search": {"seed": 1, "red_counts": {0: 16, 1: 12, 2: 11}},
}


@dataclass(frozen=True)
class Case:
    """One input and the command that judges it, run in a folder holding ``design.yaml``,
    ``files`` (names may have one folder: ``cards/a.png``), symbolic ``links`` and ``fifos``.

    ``command`` is the first command; a design that it passes (``validate``) must then build and
    export (bench/fuzz_designs.py) with every PDF whole."""

    label: str
    design: bytes
    files: dict[str, bytes] = field(default_factory=dict)
    command: tuple[str, ...] = ("validate", "design.yaml")
    links: dict[str, str] = field(default_factory=dict)  # name -> what it points at
    fifos: tuple[str, ...] = ()
    stdin: bytes = b""

    @property
    def checks_a_design(self) -> bool:
        return self.command == ("validate", "design.yaml")


def materialise(case: Case, folder: Path) -> None:
    """Lay ``case``'s files out in ``folder`` (which exists)."""
    (folder / "design.yaml").write_bytes(case.design)
    for name, data in case.files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    for name, target in case.links.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).symlink_to(target)
    for name in case.fifos:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(folder / name)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png(
    width: int,
    height: int,
    data: bytes | None = None,
    depth: int = 8,
    colour: int = 2,
    extra: bytes = b"",
    header: bytes | None = None,
) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` (``depth`` bits, PNG ``colour`` type);
    ``data``: the image data (default: whole, mid grey); ``extra``: chunks before the data;
    ``header``: an IHDR body to use instead (one that lies)."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour, 3)
    if data is None:
        row = max(1, (width * channels * depth + 7) // 8)
        sample = b"\x80" if depth >= 8 or colour != 3 else b"\x00"
        data = zlib.compress(b"".join(b"\x00" + sample * row for _ in range(height)))
    if header is None:
        header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + extra + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


def _pillow(mode: str, format: str = "PNG", size: tuple[int, int] = (60, 108), **save: object) -> bytes:
    """A real image of ``mode`` written by Pillow: a dark left half (the face's back) on light."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", size, (230, 220, 200))
    ImageDraw.Draw(image).rectangle((0, 0, size[0] // 2, size[1]), fill=(40, 30, 20))
    converted = image.convert(mode) if mode not in ("I;16", "I") else image.convert("L").convert("I")
    if mode == "I;16":
        converted = converted.point(lambda v: v * 257).convert("I;16")
    elif mode == "I":
        converted = converted.point(lambda v: v * 257)
    out = io.BytesIO()
    converted.save(out, format, **save)
    return out.getvalue()


def _transparent(w: int, h: int) -> bytes:
    """An RGBA PNG of which no pixel shows: as head art, the head would print as nothing."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGBA", (w, h), (40, 30, 20, 0)).save(out, "PNG")
    return out.getvalue()


def _jpeg_patched(
    offset_in_sof: int, value: int, marker: int | None = None, size: tuple[int, int] = (60, 108)
) -> bytes:
    """A real JPEG with one byte of its frame header (SOF0) changed, or its SOF marker changed."""
    data = bytearray(_pillow("RGB", "JPEG", size=size))
    at = data.index(b"\xff\xc0")
    if marker is not None:
        data[at + 1] = marker
    else:
        data[at + 4 + offset_in_sof] = value  # after the marker and the segment's length
    return bytes(data)


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
    yield from hostile_svg()
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


def _svg(body: str, view: str = "0 0 100 180", head: str = "") -> bytes:
    return f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="{view}">{head}{body}</svg>'.encode()


_SHAPE = '<path d="M10 10 H90 V170 H10 Z M30 30 H70 V150 H30 Z"{}/>'
SVGS: dict[str, bytes] = {
    "named colour": _svg(_SHAPE.format(' fill="orange"')),
    "class and style sheet": _svg(
        _SHAPE.format(' class="skin"'), head="<style>.skin{fill:#e8c9a0;stroke:#333}</style>"
    ),
    "opacity": _svg(_SHAPE.format(' fill="#a33" opacity="0.5" fill-opacity="0.8"')),
    "currentColor": _svg('<g color="#2a6">' + _SHAPE.format(' fill="currentColor"') + "</g>"),
    "use": _svg(
        '<defs><path id="p" d="M10 10 H50 V90 Z" fill="#246"/></defs><use xlink:href="#p"/><use href="#p" x="40"/>'
    ),
    "nonzero hole": _svg(_SHAPE.format(' fill="#135"')),
    "evenodd hole": _svg(_SHAPE.format(' fill="#135" fill-rule="evenodd"')),
    "gradient": _svg(
        '<linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>' + _SHAPE.format(' fill="url(#g)"')
    ),
    "text": _svg('<text x="10" y="50">Hi</text>'),
    "filter": _svg('<filter id="f"><feGaussianBlur stdDeviation="2"/></filter>' + _SHAPE.format(' filter="url(#f)"')),
    "embedded image": _svg('<image href="data:image/png;base64,AAAA" width="10" height="10"/>'),
    "1e999": _svg('<path d="M10 10 L1e999 20 Z" fill="#000"/>'),
    "1e308": _svg('<path d="M1e308 1e308 L-1e308 20 L5 5 Z" fill="#000"/>'),
    "overflowing transform": _svg(
        f'<g transform="scale(1e200)">{_SHAPE.format("")}</g><g transform="scale(1e200)"><path d="M1 1 L2 2 Z"/></g>'
    ),
    "nested overflow": _svg(
        '<g transform="scale(1e160)"><g transform="scale(1e160)"><path d="M1 1 L2 2 L1 2 Z"/></g></g>'
    ),
    "tiny viewBox": _svg(_SHAPE.format(""), view="0 0 1e-300 1e-300"),
    "zero viewBox": _svg(_SHAPE.format(""), view="0 0 0 0"),
    "NaN after arithmetic": _svg('<path d="M0 0 A1e308 1e308 0 0 1 1e308 -1e308 Z" fill="#000"/>'),
    "huge stroke": _svg(_SHAPE.format(' fill="none" stroke="#000" stroke-width="1e308"')),
    # drawn as nothing or a speck: the head's facing could not be seen (these once built)
    "scale(0)": _svg(f'<g transform="scale(0)">{_SHAPE.format("")}</g>'),
    "all outside the viewBox": _svg('<rect x="200" y="300" width="80" height="160"/>'),
    "a speck": _svg('<rect x="10" y="10" width="2" height="3"/>'),
    "transform of nan": _svg(f'<g transform="matrix(nan 0 0 1 0 0)">{_SHAPE.format("")}</g>'),
    "percent size, no viewBox": b'<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%">'
    + _SHAPE.format("").encode()
    + b"</svg>",
}


def png_variants(w: int, h: int) -> dict[str, bytes]:
    """Every PNG mode and lying header, ``w`` x ``h`` pixels."""
    return {
        "16-bit grey": _pillow("I;16", size=(w, h)),
        "16-bit RGB": _png(w, h, depth=16, colour=2),
        "1-bit": _pillow("1", size=(w, h)),
        "grey and alpha": _pillow("LA", size=(w, h)),
        "palette with tRNS": _pillow("P", size=(w, h), transparency=0),
        "RGBA": _pillow("RGBA", size=(w, h)),
        "all transparent": _transparent(w, h),
        "IHDR of 12 bytes": _png(w, h, header=struct.pack(">IIBBBBBxx", w, h, 8, 2, 0, 0, 0)),
        "bit depth 0": _png(w, h, depth=0),
        "bit depth 3": _png(w, h, depth=3),
        "RGB of 4 bits": _png(w, h, depth=4, colour=2),
        "palette without PLTE": _png(w, h, colour=3),
        "palette with a short PLTE": _png(w, h, colour=3, extra=_chunk(b"PLTE", b"\x00\x00")),
        "palette index past PLTE": _png(
            w, h, colour=3, data=zlib.compress(b"".join(b"\x00" + b"\xff" * w for _ in range(h))),
            extra=_chunk(b"PLTE", b"\x10\x20\x30"),
        ),
        "pHYs of 0": _png(w, h, extra=_chunk(b"pHYs", struct.pack(">IIB", 0, 0, 1))),
        "pHYs of 2^32-1": _png(w, h, extra=_chunk(b"pHYs", struct.pack(">IIB", 0xFFFFFFFF, 0xFFFFFFFF, 1))),
    }  # fmt: skip


def jpeg_variants(w: int, h: int) -> dict[str, bytes]:
    """Every JPEG kind a file may be, readable or not, ``w`` x ``h`` pixels."""
    return {
        "CMYK JPEG": _pillow("CMYK", "JPEG", size=(w, h)),
        "grey JPEG": _pillow("L", "JPEG", size=(w, h)),
        "progressive JPEG": _pillow("RGB", "JPEG", size=(w, h), progressive=True),
        "JPEG of 0 components": _jpeg_patched(5, 0, size=(w, h)),
        "JPEG of 2 components": _jpeg_patched(5, 2, size=(w, h)),
        "12-bit JPEG": _jpeg_patched(0, 12, size=(w, h)),
        "lossless JPEG (SOF3)": _jpeg_patched(0, 0, marker=0xC3, size=(w, h)),
        "JPEG cut short": _pillow("RGB", "JPEG", size=(w, h))[:400],
    }


CARD_PX = (750, 1050)  # a poker card at 300 dpi: what impose is given
# The variants that are the one picture (_pillow's) in another mode: imposed, each must print as
# the plain RGB reference does (a 16-bit grey PNG once printed white).
SAME_PICTURE = frozenset(
    {"16-bit grey", "1-bit", "grey and alpha", "palette with tRNS", "RGBA", "CMYK JPEG", "grey JPEG",
     "progressive JPEG", "reference"}
)  # fmt: skip


NAMES: dict[str, dict] = {
    "NFC and NFD heads": {"heads": ["Jos\u00e9", "B", "C", "Jose\u0301"]},
    "zero-width twin": {"heads": ["Ann", "Ann\u200b", "C", "D"]},
    "tab in a name": {"heads": ["An\tn", "B", "C", "D"]},
    "newline in a name": {"name": "Two\nlines"},
    "bidi override": {"name": "\u202egame"},
    "Polish name": {"name": "\u0141ukasz & Co"},
    "Cyrillic name": {"name": "\u0413\u043e\u0440\u0430"},
    "NFD directions": {"directions": ["droite", "DROITE"]},
    "Greek heads upper-cased": {"heads": ["\u1f08\u03b8\u03b7\u03bd\u1fb6", "B", "C", "D"]},
    "German sharp s": {"name": "Stra\u00dfe", "heads": ["Gro\u00df", "B", "C", "D"]},
}


def _art_case(label: str, name: str, data: bytes) -> Case:
    return Case(f"art {label}", _with(heads=[{"name": "A", "art": name}, "B", "C", "D"]), {name: data})


@functools.cache
def _card() -> bytes:
    """A whole poker card at 300 dpi, flat grey."""
    return _png(*CARD_PX)


def _impose_case(label: str, name: str, data: bytes) -> Case:
    """One card image alone in ``cards/``: imposed, it must print as ``impose reference`` does."""
    return Case(f"impose {label}", b"", {f"cards/{name}": data}, ("impose", "cards", "-o", "out", "--card", "poker"))


@functools.cache
def base_manifest() -> bytes:
    from rushmore_print.deck.generate import generate_deck
    from rushmore_print.deck.manifest import to_manifest
    from rushmore_print.design import load_design

    design = load_design()
    return json.dumps(to_manifest(generate_deck(design), design.name), indent=1).encode()


@functools.cache
def base_log() -> bytes:
    import tempfile

    from click.testing import CliRunner

    from rushmore_print.cli.commands import cli

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.jsonl"
        lines = "ann B3\nbob pass\ncy M07\nann m5\nundo\nbob m1\nquit\n"
        CliRunner().invoke(cli, ["play", "--players", "ann,bob,cy", "--seed", "42", "--penalty", "--log", str(path)],
                           input=lines)  # fmt: skip
        return path.read_bytes()


def _log_records() -> list[dict]:
    return [json.loads(line) for line in base_log().decode().splitlines()]


def _log(records: list[dict]) -> bytes:
    return "".join(json.dumps(record) + "\n" for record in records).encode()


def _log_edit(edit: str) -> bytes:
    records = _log_records()
    start = records[0]
    if edit == "200,000-deep JSON":
        return base_log() + b"[" * 200_000 + b"]" * 200_000 + b"\n"
    if edit == "seed Infinity":
        return base_log().replace(b'"seed": 42', b'"seed": Infinity', 1)
    if edit == "seed NaN":
        return base_log().replace(b'"seed": 42', b'"seed": NaN', 1)
    if edit in ("design 5", "design /dev/zero", "design /etc/passwd", "design missing"):
        start["design"] = {"design 5": 5, "design missing": "nope.yaml"}.get(edit, edit.split(" ", 1)[1])
    elif edit == "penalty flipped":
        start["penalty"] = not start["penalty"]
    elif edit == "claim action changed":
        for record in records:
            if record.get("event") == "input" and record.get("actions"):
                record["actions"] = [["pass", record["actions"][0][1]]]
                break
    elif edit == "forged judgement appended":
        records.append({"event": "judged", "card": "S01", "answer": "M01", "winner": "ann", "penalised": [],
                        "scores": {"ann": 9, "bob": 0, "cy": 0}})  # fmt: skip
    elif edit == "score edited":
        for record in records:
            if record.get("event") == "judged":
                record["scores"] = dict.fromkeys(record["scores"], 2)
    elif edit == "newer version":
        start["version"] = 99
    elif edit == "players a number":
        start["players"] = 3
    elif edit == "seed of 300 digits":
        start["seed"] = int("9" * 300)
    elif edit == "not UTF-8":
        return base_log().replace(b"ann", b"a\xffn", 1)
    elif edit == "no start":
        records = records[1:]
    return _log(records)


LOG_EDITS = (
    "200,000-deep JSON", "seed Infinity", "seed NaN", "design 5", "design /dev/zero", "design /etc/passwd",
    "design missing", "penalty flipped", "claim action changed", "forged judgement appended", "score edited",
    "newer version", "players a number", "seed of 300 digits", "not UTF-8", "no start", "as written",
)  # fmt: skip


def _manifest_edit(edit: str) -> bytes:
    data = json.loads(base_manifest())
    if edit == "escape in an id":
        data["search"][0]["id"] = "\x1b]0;pwned\x07S01"
    elif edit == "a Monument missing":
        del data["monuments"][3]
    elif edit == "a Monument twice":
        data["monuments"].append(data["monuments"][0])
    elif edit == "2.5 MB of Search cards":
        data["search"] = data["search"] * 1500
    elif edit == "300 Monuments":
        data["monuments"] = data["monuments"] * 19
    elif edit == "wrong answer":
        data["search"][0]["answer"] = "M16" if data["search"][0]["answer"] != "M16" else "M01"
    elif edit == "wrong level":
        data["search"][0]["level"] = "expert"
    elif edit == "faces a number":
        data["search"][1]["faces"] = 7
    elif edit == "heads 9":
        data["heads"] = [f"H{i}" for i in range(9)]
    elif edit == "deep nesting":
        return b'{"design": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    return json.dumps(data).encode()


MANIFEST_EDITS = (
    "escape in an id", "a Monument missing", "a Monument twice", "2.5 MB of Search cards", "300 Monuments",
    "wrong answer", "wrong level", "faces a number", "heads 9", "deep nesting", "as written",
)  # fmt: skip


def hostile_files() -> Iterator[Case]:
    """Everyday and hostile files of every kind: SVG, PNG and JPEG (as head art and for
    ``impose``), fonts, names, special files, manifests and game logs."""
    for label, data in SVGS.items():
        yield _art_case(f"SVG {label}", "h.svg", data)
    for label, data in png_variants(60, 108).items():
        yield _art_case(label, "h.png", data)
    for label, data in jpeg_variants(60, 108).items():
        yield _art_case(label, "h.jpg", data)
    yield _impose_case("reference", "x.png", _pillow("RGB", size=CARD_PX))
    for label, data in {**png_variants(*CARD_PX), **jpeg_variants(*CARD_PX)}.items():
        yield _impose_case(label, "x.jpg" if "JPEG" in label else "x.png", data)
    yield _art_case("WebP", "h.webp", _pillow("RGB", "WEBP"))
    for label, changes in NAMES.items():
        yield Case(f"names: {label}", _with(**changes))
    art = _with(heads=[{"name": "A", "art": "h.png"}, "B", "C", "D"])
    yield Case("art a FIFO", art, fifos=("h.png",))
    yield Case("art a link to /dev/zero", art, links={"h.png": "/dev/zero"})
    yield Case("art a link to a FIFO inside", art, links={"h.png": "p.png"}, fifos=("p.png",))
    yield Case("art a folder", art, files={"h.png/x": b""})
    yield Case("design a FIFO", b"", command=("validate", "d.yaml"), fifos=("d.yaml",))
    yield Case("design /dev/zero", b"", command=("validate", "/dev/zero"))
    yield Case("design a link to /dev/zero", b"", command=("validate", "z.yaml"), links={"z.yaml": "/dev/zero"})
    yield Case("impose a FIFO", b"", {"cards/ok.png": _card()}, ("impose", "cards", "-o", "out", "--card", "poker"),
               fifos=("cards/f.png",))  # fmt: skip
    yield Case("impose a link to /dev/zero", b"", {"cards/ok.png": _card()}, ("impose", "cards", "-o", "out", "--card", "poker"),
               links={"cards/z.png": "/dev/zero"})  # fmt: skip
    yield Case("impose --name ../x", b"", {"cards/ok.png": _card()},
               ("impose", "cards", "-o", "out", "--name", "../x"))  # fmt: skip
    yield Case("impose --back-offset 1e308", b"", {"cards/ok.png": _card()},
               ("impose", "cards", "-o", "out", "--layout", "duplex", "--back", "cards/ok.png", "--back-offset", "1e308,0"))  # fmt: skip
    for edit in MANIFEST_EDITS:
        yield Case(f"manifest {edit}", b"", {"m.json": _manifest_edit(edit)}, ("validate", "--manifest", "m.json"))
    for edit in LOG_EDITS:
        yield Case(f"log {edit}", b"", {"g.jsonl": _log_edit(edit)}, ("play", "--resume", "g.jsonl"), stdin=b"quit\n")
    yield Case("play: a byte that is not UTF-8", b"", {}, ("play", "--players", "ann,bob", "--log", "g.jsonl"),
               stdin=b"ann \xff\xfe\nquit\n")  # fmt: skip
    yield Case("play: a seed of 300 digits", b"", {}, ("play", "--players", "ann,bob", "--seed", "9" * 300),
               stdin=b"quit\n")  # fmt: skip
    omap = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8)
    )
    yield Case("omap alias bomb", ("name: !!omap\n" + "".join(f"  - {line}\n" for line in omap.splitlines())).encode())


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


# A wrong value for a key: each of a kind the reader must refuse, or take, without a crash (the
# huge number once reached babel through a rule and crashed the rule sheet: exit 70).
WRONG: dict[str, object] = {
    "huge": 10**30, "negative": -1, "NaN": float("nan"), "list": [1, "x"], "mapping": {"a": 1}, "bidi": "\u202ex",
}  # fmt: skip


def _put(data: dict, path: str, value: object) -> None:
    """Set the key at ``path`` (``design_key_paths``' spelling: ``heads[].look``) in ``data``,
    making each mapping on the way (a head given as a name becomes ``{name: ...}``)."""
    *parents, last = path.split(".")
    here = data
    for part in parents:
        if part.endswith("[]"):
            items = here[part[:-2]]
            if not isinstance(items[0], dict):
                items[0] = {"name": items[0]}
            here = items[0]
        else:
            here = here.setdefault(part, {})
    here[last.removesuffix("[]")] = value


def every_key_wrong() -> Iterator[Case]:
    """Every key a design may hold (``design.design_key_paths``), with each kind of ``WRONG`` value."""
    from rushmore_print.design import design_key_paths

    for path in design_key_paths():
        for label, value in WRONG.items():
            data = json.loads(json.dumps(VALID))  # a deep copy
            data["search"]["red_counts"] = {int(k): v for k, v in data["search"]["red_counts"].items()}
            _put(data, path, value)
            yield Case(f"key {path}: {label}", _dump(data))


def cases(seed: int = 12, count: int = 320, every: int = 1) -> list[Case]:
    """The hostile classes, then random designs up to ``count``, then every key wrong; the same
    list for the same seed.
    ``every``: keep only every so many of the random designs (the rest are drawn, not written)."""
    rng = random.Random(seed)
    found = list(hostile()) + list(hostile_files())
    building = list(fonts_that_may_build())
    found += building[::every]
    for number in range(len(found) + len(building) - len(building[::every]), count):
        data = _mutated_data(rng)
        if number % every == 0:
            found.append(Case(f"random {number}", _dump(data)))
    return found + list(every_key_wrong())[::every]  # besides ``count``: the random designs stay as they were


def _svg_case(label: str, body: str, view: str = "0 0 100 180", size: str = "") -> Case:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" {size}>{body}</svg>'
    return Case(label, _with(heads=[{"name": "A", "art": "h.svg"}, "B", "C", "D"]), {"h.svg": svg.encode()})


def hostile_svg() -> Iterator[Case]:
    """SVG art as editors write it and as issue 20 broke it: numbers that overflow, features that
    printed black or not at all."""
    shape = '<rect x="10" y="10" width="80" height="160" fill="orange"/>'
    yield _svg_case("art SVG 1e999", '<path d="M 0 0 L 1e999 5 L 5 5 Z"/>')
    yield _svg_case("art SVG 1e308", '<path d="M 0 0 L 1e308 5 L -1e308 5 Z"/>')
    yield _svg_case(
        "art SVG overflowing transforms", f'<g transform="scale(1e8)"><g transform="scale(1e8)">{shape}</g></g>'
    )
    yield _svg_case("art SVG tiny viewBox", shape, view="0 0 1e-300 1e-300", size='width="50mm" height="90mm"')
    yield _svg_case("art SVG NaN after arithmetic", shape.replace("/>", ' transform="skewX(90) scale(1e9)"/>'))
    yield _svg_case("art SVG gradient", '<defs><linearGradient id="g"/></defs>' + shape.replace("orange", "url(#g)"))
    yield _svg_case("art SVG text", shape + '<text x="5" y="5">Hi</text>')
    yield _svg_case("art SVG use cycle", '<g id="a"><use href="#a"/></g>')
    yield _svg_case(
        "art SVG classes, use, opacity",
        "<style>.a { fill: peru; stroke: black } .b { opacity: .5 }</style>"
        '<defs><circle id="c" cx="50" cy="40" r="20"/></defs>'
        + shape.replace('fill="orange"', 'class="a"')
        + '<use href="#c" class="b" fill="currentColor" color="navy"/>',
    )


# Numbers and pieces random SVG art is built from: the sizes a drawing has and the ones that broke it.
SVG_NUMBERS = ["0", "1", "10", "50", "-50", "3.5", "99999", "1e9", "1e-300", "1e-30", "1e30", "1e308", "-1e308",
               "1e999", "-1e999", "nan", "inf", "1e-5", "0.0001"]  # fmt: skip
SVG_VIEWS = ["0 0 100 180", "-50 -50 100 100", "0 0 1e-300 1e-300", "0 0 1e308 1e308", "0 0 0 0", "0 0 1 1e9",
             "0 0 100 nan", "0 0 100 1e999", "0 0 1e-5 2e-5", "0 0 100"]  # fmt: skip
SVG_PAINTS = ["orange", "#2a6", "#abcd", "rgb(200,40,40)", "rgba(0,0,0,.5)", "hsl(120, 50%, 50%)", "currentColor",
              "none", "url(#g)", "notacolour", "#12345", "transparent", "inherit"]  # fmt: skip


def svg_art(rng: random.Random) -> str:
    """A random SVG drawing of the kinds editors export, with numbers from the edges."""

    edgy = rng.choice((0.0, 0.0, 0.03, 0.1))  # how often a number comes from the edges: half the files never

    def n() -> str:
        return rng.choice(SVG_NUMBERS) if rng.random() < edgy else str(rng.randint(1, 100))

    def paint() -> str:
        return rng.choice(SVG_PAINTS) if rng.random() < edgy * 3 else rng.choice(SVG_PAINTS[:6])

    def transform() -> str:
        kinds = [f"translate({n()} {n()})", f"scale({n()})", f"rotate({n()} {n()} {n()})", f"skewX({n()})",
                 f"matrix({n()} 0 0 {n()} {n()} {n()})"]  # fmt: skip
        return " ".join(rng.choice(kinds) for _ in range(rng.randint(1, 3)))

    def element() -> str:
        fill = f'fill="{paint()}"' if rng.random() < 0.7 else 'class="a"'
        extras = [f'transform="{transform()}"', f'opacity="{n()}"', 'fill-rule="evenodd"',
                  f'stroke="{paint()}"', f'stroke-width="{n()}"', f'stroke-dasharray="{n()} {n()}"',
                  'style="fill-opacity:.5"']  # fmt: skip
        extra = " ".join(rng.sample(extras, rng.randint(0, 3)))
        shapes = [
            f'<path d="M {n()} {n()} L {n()} {n()} A {n()} {n()} {n()} 1 0 {n()} {n()} Q {n()} {n()} {n()} {n()} Z"',
            f'<rect x="{n()}" y="{n()}" width="{n()}" height="{n()}" rx="{n()}"',
            f'<circle cx="{n()}" cy="{n()}" r="{n()}"',
            f'<ellipse cx="{n()}" cy="{n()}" rx="{n()}" ry="{n()}"',
            f'<polygon points="{n()},{n()} {n()},{n()} {n()},{n()}"',
            f'<line x1="{n()}" y1="{n()}" x2="{n()}" y2="{n()}"',
            '<use href="#d"',
        ]
        if rng.random() < edgy:
            return rng.choice(('<text x="1" y="1">t</text>', '<image href="x.png" width="9" height="9"/>'))
        return rng.choice(shapes) + f" {fill} {extra}/>"

    body = "".join(element() for _ in range(rng.randint(1, 6)))
    if rng.random() < 0.4:
        body = f'<g transform="{transform()}" opacity="{n()}" color="navy">{body}</g>'
    size = f'width="{n()}mm" height="{n()}mm"' if rng.random() < 0.3 else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{rng.choice(SVG_VIEWS) if edgy else SVG_VIEWS[0]}" {size}>'
        f"<style>.a {{ fill: {paint()}; stroke-width: {n()} }}</style>"
        f'<defs><rect id="d" width="{n()}" height="{n()}" fill="peru"/><linearGradient id="g"/></defs>{body}</svg>'
    )


def svg_cases(seed: int = 20, count: int = 200) -> list[Case]:
    """Designs whose first head is random SVG art (``svg_art``); the same list for the same seed."""
    rng = random.Random(seed)
    return [
        Case(f"random SVG {number}", _with(heads=[{"name": "A", "art": "h.svg"}, "B", "C", "D"]),
             {"h.svg": svg_art(rng).encode()})
        for number in range(count)
    ]  # fmt: skip
