"""A deterministic fuzzer of the two record files a user hands back: deck manifests
(``validate --manifest``) and game logs (``play --resume``). The hostile classes of issue 20 and
random mutations of real manifests and of logs of real games. Used by
``tests/test_fuzz_records.py`` (a sample, in-process) and ``bench/fuzz_records.py`` (the whole
set, each in its own process with a time and memory limit).

A log case also knows the game states its log passes through (``states``): a log that resumes
must resume to one of them, whatever was edited, or be refused.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from rushmore_print.cli.prompt import take
from rushmore_print.deck.generate import generate_deck
from rushmore_print.deck.manifest import to_manifest
from rushmore_print.design import load_design, parse_design
from rushmore_print.game.referee import DeckMode
from rushmore_print.game.session import Options, Session
from rushmore_print.model import Level

SECRET = b"password: hunter2\nroot:x:0:0:root:/root:/bin/bash\n"  # a file no message may show
CONTROL = "\x1b]0;pwned\x07\x9b\u202e"  # what must never reach a terminal raw


@dataclass(frozen=True)
class Case:
    label: str
    kind: str  # "manifest" or "log"
    data: bytes
    files: dict[str, bytes] = field(default_factory=dict)  # written beside it (secret.txt, ...)
    states: tuple = ()  # log cases: the states of the game its log passes through
    strict: bool = False  # log cases: a resume must give one of ``states`` (else only: no crash)


# --------------------------------------------------------------------------- manifests


def _manifest(heads: int, seed: int = 1, every: bool = False) -> dict:
    counts = (
        {k: 2**heads * math.comb(heads, k) for k in range(heads + 1)}
        if every
        else {k: min(2**heads, 2**heads * math.comb(heads, k)) for k in range(min(heads, 2) + 1)}
    )
    text = json.dumps(
        {
            "name": f"Fuzz {heads}",
            "heads": [f"H{i}" for i in range(heads)],
            "directions": ["left", "right"],
            "search": {"seed": seed, "red_counts": counts},
        }
    )
    design = parse_design(text, "fuzz.yaml", base_dir=None)
    return to_manifest(generate_deck(design), design.name)


JUNK = [None, "", " ", 0, -1, 2**70, 1.5, True, [], {}, ["left"], ["", "right"], "left", {"id": "M01"},
        "\u00e9" * 300, CONTROL, "M01" + CONTROL, [[[]]], "x" * 5000]  # fmt: skip


def _mutate(data: object, rng: random.Random) -> None:
    """One random change somewhere: a value replaced, a key dropped, a list cut or repeated."""
    node = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))  # type: ignore[arg-type]
        if not keys:
            return
        key = rng.choice(keys)
        child = node[key]  # type: ignore[index]
        if isinstance(child, (dict, list)) and child and rng.random() < 0.6:
            node = child
            continue
        action = rng.random()
        if action < 0.15 and isinstance(node, dict):
            del node[key]
        elif action < 0.25 and isinstance(child, list) and child:
            del child[rng.randrange(len(child)) :]
        elif action < 0.3 and isinstance(child, list) and child:
            child.extend(copy.deepcopy(child[: rng.randint(1, len(child))]))
        else:
            node[key] = copy.deepcopy(rng.choice(JUNK))  # type: ignore[index]
        return


def _json(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode()


def manifest_hostile(big: bool = True) -> Iterator[Case]:
    """The hostile manifests; ``big``: also those of several MB (the 8-head decks, 18,000 cards)."""
    four = _manifest(4)
    text = _json(four)

    def case(label: str, data: bytes) -> Case:
        return Case(label, "manifest", data)

    yield case("valid, 4 heads", text)
    yield case("valid, 1 head", _json(_manifest(1)))
    if big:
        yield case("valid, 8 heads, every card", _json(_manifest(8, every=True)))
        yield case("8 heads, every card, Monuments alike", _json(_alike(_manifest(8, every=True))))
        yield case("8 heads, 257 Monuments", _json(_more_monuments(_manifest(8), 1)))
        yield case("4 heads, 6,000 x 12,000", _json(_wide(four)))
        yield case("a 2 MB id", text.replace(b'"S01"', _json("S" * 2_000_000), 1))
    yield case("4 heads, 257 Search cards", _json(dict(four, search=four["search"] * 7)))
    yield case("200000-deep JSON", b"[" * 200_000 + b"]" * 200_000)
    yield case("200000-deep JSON, not closed", b"[" * 200_000)
    yield case("100000-deep objects", b'{"a":' * 100_000 + b"1" + b"}" * 100_000)
    yield case("deep YAML flow", b"design: x\nheads: " + b"[" * 5000 + b"]" * 5000)
    yield case("NaN faces", text.replace(b'"left"', b"NaN", 3))
    yield case("Infinity red", text.replace(b"false", b"Infinity", 1))
    yield case("1e999 level", text.replace(b'"basic"', b"1e999", 1))
    yield case("4400-digit number", text.replace(b'"basic"', b"9" * 4400, 1))
    yield case("id with a terminal escape", text.replace(b'"S01"', _json("S01" + CONTROL), 1))
    yield case("answer with a terminal escape", text.replace(b'"answer": "M', b'"answer": "\\u001b[2JM', 1))
    yield case("direction with an escape", text.replace(b'"directions": ["left"', b'"directions": ["l\\u001bft"', 1))
    yield case("head names not strings", _json(dict(four, heads=[1, [2], {"x": 3}, None])))
    yield case("9 heads", _json(dict(four, heads=[f"H{i}" for i in range(9)])))
    yield case("no heads", _json(dict(four, heads=[])))
    yield case("NUL byte", text.replace(b"Fuzz", b"Fu\x00zz"))
    yield case("not UTF-8", text.replace(b"Fuzz", b"Fu\xffzz"))
    yield case("UTF-16", text.decode().encode("utf-16"))
    yield case("byte-order mark", b"\xef\xbb\xbf" + text)
    yield case("empty", b"")
    yield case("a list", b"[1, 2, 3]")
    yield case("YAML alias", b"design: &a x\nheads: [*a]\ndirections: [l, r]\nmonuments: []\nsearch: []\n")
    yield case("YAML python tag", b"design: !!python/object/apply:os.system [echo hi]\n")
    yield case("YAML manifest", _yaml(four))


def _alike(data: dict) -> dict:
    for monument in data["monuments"]:
        monument["faces"] = list(data["monuments"][0]["faces"])
    return data


def _more_monuments(data: dict, extra: int) -> dict:
    data["monuments"] += [dict(m, id=f"X{m['id']}") for m in data["monuments"][:extra]]
    return data


def _wide(four: dict) -> dict:
    return dict(
        four,
        monuments=[dict(four["monuments"][i % 16], id=f"M{i}") for i in range(6000)],
        search=[dict(four["search"][i % len(four["search"])], id=f"S{i}") for i in range(12000)],
    )


def _yaml(data: dict) -> bytes:
    import yaml

    return yaml.safe_dump(data).encode()


def manifest_random(seed: int, count: int) -> Iterator[Case]:
    rng = random.Random(seed)
    bases = [_manifest(heads, seed=s) for heads, s in ((2, 1), (3, 2), (4, 3), (5, 4))]
    for number in range(count):
        data = copy.deepcopy(rng.choice(bases))
        for _ in range(rng.randint(1, 4)):
            _mutate(data, rng)
        yield Case(f"manifest random {number}", "manifest", _json(data))


# --------------------------------------------------------------------------- game logs


@dataclass(frozen=True)
class _Game:
    lines: tuple[str, ...]  # the log's lines as written
    states: tuple  # the game's state after each line typed (the first: when dealt)


def _play(seed: int) -> _Game:
    """A real game, deterministic: random claims, passes, wrong claims, changes and undos."""
    rng = random.Random(seed)
    design = load_design()
    deck = generate_deck(design)
    players = ("ann", "bob", "cy", "dee")[: rng.randint(2, 4)]
    mode = DeckMode.TABLE if seed % 4 == 3 else DeckMode.SCREEN
    options = Options(players, rng.choice(list(Level)), rng.random() < 0.3, seed, rng.random() < 0.5, mode)
    ticks = iter(range(10**6))
    session = Session.new(deck, design.rules, design.grid, options, design_name=design.name,
                          clock=lambda: 1_800_000_000.0 + 3 * next(ticks))  # fmt: skip
    records = list(session.start().records)
    states = [session.game.state]
    for _ in range(rng.randint(3, 40)):
        game = session.game
        if game.over:
            break
        if game.state.awaiting:  # table mode: the next card of the box turned over (or a mistyped one)
            line = game.state.box[0] if rng.random() < 0.9 else rng.choice(["S99", "LLLL", "undo"])
        else:
            line = _turn(session, rng)
        records += take(line, session).records
        states.append(session.game.state)
    return _Game(tuple(json.dumps(r, ensure_ascii=False) for r in records), tuple(states))


def _turn(session: Session, rng: random.Random) -> str:
    game = session.game
    waiting = game.waiting_for()
    if not waiting or rng.random() < 0.08:
        return "undo"
    answer = game.table.position_of(game.in_play().answer)
    wrong = [position for position, monument in game.table.positions if monument != game.in_play().answer]
    parts = []
    for player in waiting:
        roll = rng.random()
        target = answer if roll < 0.3 else rng.choice(wrong) if roll < 0.5 else "pass"
        parts.append(f"{player} {target}")
        if roll < 0.3:
            break
    return ", ".join(parts)


def _lines(text_lines: list[str]) -> bytes:
    return ("\n".join(text_lines) + "\n").encode()


def log_hostile(big: bool = True) -> Iterator[Case]:
    game = _play(7)
    lines = list(game.lines)
    states = game.states

    def case(label: str, changed: list[str] | bytes, strict: bool = True, files: dict | None = None) -> Case:
        data = changed if isinstance(changed, bytes) else _lines(changed)
        return Case(label, "log", data, files or {}, states, strict)

    def start(**changes: object) -> list[str]:
        record = json.loads(lines[0])
        record.update(changes)
        return [json.dumps(record), *lines[1:]]

    def raw_start(old: str, new: str) -> list[str]:
        return [lines[0].replace(old, new, 1), *lines[1:]]

    seed = json.loads(lines[0])["seed"]
    yield case("valid", lines)
    yield case("200000-deep line", [lines[0], "[" * 200_000 + "]" * 200_000, *lines[1:]])
    yield case("200000-deep line at the end, cut", [*lines, "[" * 200_000])
    yield case("seed Infinity", raw_start(f'"seed": {seed}', '"seed": Infinity'))
    yield case("seed NaN", raw_start(f'"seed": {seed}', '"seed": NaN'))
    yield case("seed 1e999", raw_start(f'"seed": {seed}', '"seed": 1e999'))
    yield case("seed of 300 digits", raw_start(f'"seed": {seed}', f'"seed": {10**300}'))
    yield case("seed of 5000 digits", raw_start(f'"seed": {seed}', f'"seed": {"9" * 5000}'))
    yield case("seed -1", start(seed=-1))
    yield case("seed true", start(seed=True))
    yield case("design 5", start(design=5))
    yield case("design /dev/zero", start(design="/dev/zero"))
    yield case("design a folder", start(design="."))
    yield case("design a secret file", start(design="secret.txt"), files={"secret.txt": SECRET})
    yield case("design with a NUL", start(design="a\x00b"))
    yield case("design with an escape", start(design="x" + CONTROL + ".yaml"))
    yield case("design of 5000 characters", start(design="d" * 5000))
    yield case("version 3", start(version=3))
    yield case("version 1", start(version=1))
    yield case("version '2'", start(version="2"))
    yield case("no version", start(version=None))
    yield case("players with an escape", start(players=["ann" + CONTROL, "bob"]))
    yield case("players a lone surrogate", raw_start('"players": ["', '"players": ["\\ud800'))
    if big:
        yield case("a 2 MB text", start(design_name="N" * 2_000_000))
    yield case("level 'hard'", start(level="hard"))
    yield case("penalty flipped", start(penalty=not json.loads(lines[0])["penalty"]))
    yield case("long flipped", start(long=not json.loads(lines[0])["long"]))
    yield case("penalty flipped, no sum", _without_sum(start(penalty=not json.loads(lines[0])["penalty"])))
    yield case("byte-order mark", b"\xef\xbb\xbf" + _lines(lines))
    yield case("CRLF", "\r\n".join(lines).encode() + b"\r\n")
    yield case("not UTF-8 mid-file", _lines(lines).replace(b'"input"', b'"in\xffput"', 1))
    yield case("cut mid-character", _lines(lines)[:-3] + "é".encode()[:1], strict=True)
    yield case("empty", b"")
    yield case("a newline", b"\n")
    yield case("not JSON", b"hello\n")
    yield case("a start only", _lines(lines[:1]))
    judged = [i for i, line in enumerate(lines) if '"event": "judged"' in line]
    if judged:
        forged = json.loads(lines[judged[-1]])
        forged["scores"] = dict.fromkeys(forged["scores"], 9)
        yield case("forged verdict appended", [*lines, json.dumps(forged)])
        yield case("verdict edited", [*lines[: judged[0]], json.dumps(forged), *lines[judged[0] + 1 :]])
    yield case("unknown event", [*lines, '{"event": "jump", "at": "2026-11-29T14:00:00+00:00"}'])
    yield case("control characters in a typed line", [*lines, json.dumps(
        {"event": "rejected", "at": "2026-11-29T14:00:00+00:00", "line": CONTROL, "reason": CONTROL})])  # fmt: skip


def _without_sum(lines: list[str]) -> list[str]:
    record = json.loads(lines[0])
    record.pop("sum", None)
    return [json.dumps(record), *lines[1:]]


LOG_JUNK = [None, 7, -1, 0, "", "zz", [], {}, ["claim"], [["claim", 5, None]], [["card", "S99"]], "M99", True,
            1e308, 2**63, CONTROL, ["ann", "ann"], {"ann": -1}, [["claim", "ann", "A1"]] * 300]  # fmt: skip


def log_random(seed: int, count: int) -> Iterator[Case]:
    rng = random.Random(seed)
    games = [_play(s) for s in range(1, 9)]
    for number in range(count):
        game = rng.choice(games)
        lines = list(game.lines)
        roll = rng.random()
        strict = True
        if roll < 0.25:  # a crash: cut anywhere
            data = _lines(lines)
            yield Case(f"log random {number} (cut)", "log", data[: rng.randrange(1, len(data))], {}, game.states)
            continue
        if roll < 0.7:  # a value replaced or a key dropped
            index = rng.randrange(len(lines))
            record = json.loads(lines[index])
            key = rng.choice(sorted(record))
            if rng.random() < 0.2:
                del record[key]
            else:
                record[key] = copy.deepcopy(rng.choice(LOG_JUNK))
            lines[index] = json.dumps(record, ensure_ascii=False)
        elif roll < 0.8:  # a line dropped
            if len(lines) > 1:
                del lines[rng.randrange(1, len(lines))]
        elif roll < 0.9:  # two lines swapped, or one repeated (as if typed again: not strict)
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            if rng.random() < 0.5:
                lines[a], lines[b] = lines[b], lines[a]
            else:
                lines.insert(b, lines[a])
            strict = False
        else:  # bytes flipped somewhere
            data = bytearray(_lines(lines))
            for _ in range(rng.randint(1, 3)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            yield Case(f"log random {number} (bytes)", "log", bytes(data), {}, game.states, False)
            continue
        yield Case(f"log random {number}", "log", _lines(lines), {}, game.states, strict)


def cases(seed: int = 12, count: int = 520, every: int = 1, big: bool = True) -> list[Case]:
    """The hostile classes first, then random mutations: ``count`` cases in all (every
    ``every``-th of them, for a sample; without the files of several MB unless ``big``)."""
    fixed = [*manifest_hostile(big), *log_hostile(big)]
    rest = max(count - len(fixed), 0)
    found = [*fixed, *manifest_random(seed, rest // 2), *log_random(seed, rest - rest // 2)]
    return found[::every]


# --------------------------------------------------------------------------- what a run must show

FILE_NAME = {"manifest": "manifest.json", "log": "game.jsonl"}


def command(case: Case) -> tuple[list[str], str]:
    """The command a case runs through (arguments, standard input), in the case's folder."""
    if case.kind == "manifest":
        return ["validate", "--manifest", FILE_NAME["manifest"]], ""
    return ["play", "--resume", FILE_NAME["log"]], "quit\n"


_RAW = {chr(c) for c in range(32) if chr(c) not in "\n\t"} | {chr(127)} | {chr(c) for c in range(0x80, 0xA0)}
_RAW |= {"\u202e", "\u200b", "\u2028"}


def problems(case: Case, code: int, stdout: str, stderr: str) -> list[str]:
    """What is wrong with a run of ``case``: an exit other than 0 or 1, an error that does not
    name the file, a raw control character on the terminal, the secret file's words shown."""
    found = []
    if code not in (0, 1):
        found.append(f"exit {code}: {stderr.strip()[-200:]}")
    name = FILE_NAME[case.kind]
    judged = case.kind == "manifest" and stdout.startswith(f"{name}: ") and "NOT VALID" in stdout
    if code == 1 and not judged and not stderr.startswith(f"error: {name}"):
        found.append(f"exit 1 without a verdict or an error naming the file: {(stderr or stdout).strip()[:160]!r}")
    raw = sorted({c for c in stdout + stderr if c in _RAW})
    if raw:
        found.append(f"raw control characters on the terminal: {raw!r}")
    if "hunter2" in stdout + stderr or "root:x:" in stdout + stderr:
        found.append("a file's contents shown")
    return found


def state_problem(case: Case, log_bytes: bytes) -> str | None:
    """For a strict log case that resumed: None when the game it resumes is one its log passed
    through (an edit the replay cannot see changes nothing), else what differs."""
    from rushmore_print.errors import GameLogError
    from rushmore_print.game.logformat import parse_log
    from rushmore_print.writers.gamelog import _text_of

    design = load_design()
    try:
        records, _ = parse_log(_text_of(log_bytes))
        session = Session.resume(generate_deck(design), design.rules, design.grid, records, design_name=design.name)
    except GameLogError:
        return "refused in-process but resumed by the command"
    if session.game.state not in case.states:
        return "resumed to a game its log never reached"
    return None
