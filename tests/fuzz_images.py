"""A deterministic fuzzer of image files: the concrete repros of issue 20 (16-bit grey, headers
that lie, JPEGs a PDF cannot carry) and valid PNGs, JPEGs and WebPs of every mode with random
damage to their headers, tables and data. Used by ``tests/test_fuzz_images.py`` (a sample,
in-process) and ``bench/fuzz_images.py`` (the whole set, each run in its own process under a time
and memory limit). Each case is an image tried as an ``impose`` card and as head art."""

from __future__ import annotations

import io
import random
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from PIL import Image

from .imagebytes import (
    PNG_SIGNATURE,
    chunk,
    coded_data_cut,
    jpeg,
    noisy_jpeg,
    phys,
    png,
    scan_on_other_tables,
    with_frame,
)

# Each colour type with the depths PNG allows, and its channels.
PNG_TYPES = {0: ((1, 2, 4, 8, 16), 1), 2: ((8, 16), 3), 3: ((1, 2, 4, 8), 1), 4: ((8, 16), 2), 6: ((8, 16), 4)}


@dataclass(frozen=True)
class ImageCase:
    label: str
    name: str  # the file name, its suffix the format's
    data: bytes


def hostile() -> Iterator[ImageCase]:
    """The repros of issue 20, each once."""
    # The ones that print are poker cards at 60 dpi (150 x 210 px), so ``impose`` can size them.
    at_60 = phys(2362, 2362)
    grey16 = [[(x * 437) % 65536 for x in range(150)]] * 210
    yield ImageCase("16-bit grey", "grey16.png", png(150, 210, 16, 0, grey16, before_data=[at_60]))
    yield ImageCase("IHDR 12 bytes", "ihdr12.png", png(8, 8, header=struct.pack(">IIBBBB", 8, 8, 8, 2, 0, 0)))
    yield ImageCase("IHDR 14 bytes", "ihdr14.png", png(8, 8, header=struct.pack(">IIBBBBBB", 8, 8, 8, 2, 0, 0, 0, 0)))
    yield ImageCase("bit depth 0", "depth0.png", png(8, 8, 0, 0, data=zlib.compress(b"\0" * 8)))
    yield ImageCase("bit depth 3", "depth3.png", png(8, 8, 3, 0, data=zlib.compress(b"\0" * 32)))
    yield ImageCase("palette without PLTE", "noplte.png", png(8, 8, 8, 3))
    yield ImageCase("short PLTE", "shortplte.png", png(8, 8, 8, 3, before_data=[(b"PLTE", b"\xff\x00")]))
    yield ImageCase("pHYs 0", "phys0.png", png(150, 210, before_data=[phys(0, 0)]))
    yield ImageCase("pHYs 2^32-1", "physmax.png", png(150, 210, before_data=[phys(2**32 - 1, 2**32 - 1)]))
    yield ImageCase("pHYs 1 x 2^32-1", "physodd.png", png(150, 210, before_data=[phys(1, 2**32 - 1)]))
    yield ImageCase("JPEG 0 components", "c0.jpg", with_frame(jpeg(), components=0))
    yield ImageCase("JPEG 2 components", "c2.jpg", with_frame(jpeg(), components=2))
    yield ImageCase("JPEG 12-bit", "p12.jpg", with_frame(jpeg(), precision=12))
    yield ImageCase("JPEG lossless SOF3", "sof3.jpg", with_frame(jpeg(), marker=0xC3))
    yield ImageCase("CMYK JPEG", "cmyk.jpg", jpeg("CMYK", (150, 210), (0, 200, 200, 20), dpi=(60, 60)))
    palette = [(b"PLTE", bytes(range(12))), (b"tRNS", b"\x00\x80"), at_60]
    indices = [[0, 1, 2, 3] * 37 + [0, 1]] * 210
    yield ImageCase("palette with tRNS", "ptrns.png", png(150, 210, 2, 3, indices, before_data=palette))
    # Damage only a decoder sees: every marker and table whole, the coded data not.
    yield ImageCase("JPEG scan on the other tables", "swapped.jpg", scan_on_other_tables(noisy_jpeg()))
    yield ImageCase("JPEG coded data cut", "codedcut.jpg", coded_data_cut(noisy_jpeg()))
    yield ImageCase("progressive JPEG coded data cut", "progcut.jpg", coded_data_cut(noisy_jpeg(progressive=True)))
    four = [(b"PLTE", bytes([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])), at_60]
    past = [[x % 10 for x in range(150)]] * 210  # entries 4 to 9 are not in the palette
    yield ImageCase("palette index past PLTE", "pastplte.png", png(150, 210, 8, 3, past, before_data=four))


def valid(rng: random.Random) -> ImageCase:
    """A valid image of a random format and mode, at most 24 x 24 pixels."""
    width, height = rng.randint(1, 24), rng.randint(1, 24)
    kind = rng.choice(["png"] * 6 + ["jpeg"] * 3 + ["webp"])
    if kind == "png":
        colour = rng.choice(list(PNG_TYPES))
        depths, channels = PNG_TYPES[colour]
        depth = rng.choice(depths)
        top = 2**depth - 1
        rows = [[rng.randint(0, top) for _ in range(width * channels)] for _ in range(height)]
        extra: list[tuple[bytes, bytes]] = []
        if colour == 3:
            colours = rng.randint(1, 2**depth)
            rows = [[value % colours for value in row] for row in rows]
            extra.append((b"PLTE", bytes(rng.randrange(256) for _ in range(3 * colours))))
            if rng.random() < 0.5:
                extra.append((b"tRNS", bytes(rng.randrange(256) for _ in range(rng.randint(1, colours)))))
        elif colour in (0, 2) and rng.random() < 0.3:
            extra.append((b"tRNS", b"".join(struct.pack(">H", rng.randint(0, top)) for _ in range(channels))))
        if rng.random() < 0.5:
            extra.append(phys(rng.choice([2362, 11811, 0, 1, 2**32 - 1]), rng.choice([2362, 11811, 0])))
        interlaced = rng.random() < 0.2
        data = png(width, height, depth, colour, rows, before_data=extra, interlaced=interlaced)
        return ImageCase(f"PNG type {colour} {depth}-bit {width}x{height}{' Adam7' * interlaced}", "card.png", data)
    if kind == "jpeg":
        mode = rng.choice(["L", "RGB", "RGB", "CMYK"])
        colour = tuple(rng.randrange(256) for _ in range(len(mode))) if mode != "L" else rng.randrange(256)
        save: dict = {"progressive": rng.random() < 0.3, "dpi": (rng.choice([60, 300, 0]),) * 2}
        if rng.random() < 0.3:
            exif = Image.Exif()
            exif[0x0112] = rng.randint(1, 8)
            save["exif"] = exif
        return ImageCase(f"JPEG {mode} {width}x{height}", "card.jpg", jpeg(mode, (width, height), colour, **save))
    out = io.BytesIO()
    Image.new(rng.choice(["RGB", "RGBA"]), (width, height), (10, 200, 30)).save(
        out, "WEBP", lossless=rng.random() < 0.5
    )
    return ImageCase(f"WebP {width}x{height}", "card.webp", out.getvalue())


def _png_chunks(raw: bytes) -> list[tuple[bytes, bytes]]:
    chunks, position = [], len(PNG_SIGNATURE)
    while position + 12 <= len(raw):
        (length,) = struct.unpack(">I", raw[position : position + 4])
        chunks.append((raw[position + 4 : position + 8], raw[position + 8 : position + 8 + length]))
        position += 12 + length
    return chunks


def _mutate_png(rng: random.Random, raw: bytes) -> tuple[str, bytes]:
    chunks = _png_chunks(raw)
    index = rng.randrange(len(chunks))
    kind, body = chunks[index]
    how = rng.choice(["field", "field", "length", "drop", "twice", "body", "filter", "crc"])
    if how == "field" and chunks[0][0] == b"IHDR" and len(chunks[0][1]) == 13:
        header = bytearray(chunks[0][1])
        at = rng.choice([3, 7, 8, 8, 9, 9, 10, 11, 12])  # width, height, depth, colour, methods, interlace
        header[at] = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 255])
        chunks[0] = (b"IHDR", bytes(header))
        what = f"IHDR byte {at} = {header[at]}"
    elif how == "length":
        chunks[index] = (kind, body[: rng.randrange(len(body) + 1)] + bytes(rng.choice([0, 0, 1, 3])))
        what = f"{kind.decode('latin-1')} resized"
    elif how == "drop" and len(chunks) > 2:
        del chunks[index]
        what = f"{kind.decode('latin-1')} dropped"
    elif how == "twice":
        chunks.insert(index, chunks[index])
        what = f"{kind.decode('latin-1')} twice"
    elif how == "filter" and kind == b"IDAT":
        try:
            lines = bytearray(zlib.decompress(body))
        except zlib.error:
            return "IDAT kept", raw
        if lines:
            lines[0] = rng.choice([5, 6, 255])
        chunks[index] = (kind, zlib.compress(bytes(lines)))
        what = "filter type"
    elif how == "crc":
        return "CRC broken", raw[:-5] + bytes([raw[-5] ^ 1]) + raw[-4:]
    else:
        data = bytearray(body)
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        chunks[index] = (kind, bytes(data))
        what = f"{kind.decode('latin-1')} byte changed"
    return what, PNG_SIGNATURE + b"".join(chunk(k, b) for k, b in chunks)


def _mutate_jpeg(rng: random.Random, raw: bytes) -> tuple[str, bytes]:
    how = rng.choice(["marker", "precision", "components", "byte", "cut", "table", "table"])
    if how == "marker":
        marker = rng.choice([0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC9, 0xCA, 0xCF])
        return f"SOF {marker:#x}", with_frame(raw, marker=marker)
    if how == "precision":
        precision = rng.choice([0, 8, 12, 16])
        return f"precision {precision}", with_frame(raw, precision=precision)
    if how == "components":
        components = rng.choice([0, 1, 2, 3, 4, 5])
        return f"{components} components", with_frame(raw, components=components)
    if how == "cut":
        return "cut", raw[: rng.randrange(2, len(raw))]
    data = bytearray(raw)
    if how == "table":  # a DHT, DQT or SOS table id
        marker = rng.choice([b"\xff\xc4", b"\xff\xdb", b"\xff\xda"])
        at = raw.find(marker)
        if at < 0:
            return "kept", raw
        offset = at + (6 if marker == b"\xff\xda" else 4)
        data[offset] = rng.choice([0x00, 0x01, 0x11, 0x13, 0x33, 0x44, 0xFF])
        return f"table id {marker.hex()} = {data[offset]:#x}", bytes(data)
    at = rng.randrange(2, len(data))
    data[at] = rng.randrange(256)
    return f"byte {at}", bytes(data)


def mutated(rng: random.Random) -> ImageCase:
    """A valid image with 0 to 3 kinds of damage."""
    case = valid(rng)
    data, what = case.data, []
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
        if data.startswith(PNG_SIGNATURE):
            change, data = _mutate_png(rng, data)
        elif data.startswith(b"\xff\xd8"):
            change, data = _mutate_jpeg(rng, data)
        else:
            at = rng.randrange(len(data))
            change, data = f"byte {at}", data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
        what.append(change)
    return ImageCase(f"{case.label}: {', '.join(what) or 'whole'}", case.name, data)


def cases(seed: int = 20, count: int = 500, every: int = 1) -> list[ImageCase]:
    """The hostile cases, then random ones up to ``count``; ``every``-th of the random ones only."""
    rng = random.Random(seed)
    fixed = list(hostile())
    drawn = [mutated(rng) for _ in range(max(0, count - len(fixed)))]
    return fixed + drawn[::every]
