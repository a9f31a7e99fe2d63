"""Images are read as structures and proven whole before impose copies their data into a PDF."""

import io
import os
import random
import struct
import sys
import threading
import zlib

import deflate
import pytest
from PIL import Image

from rushmore_print.cli.commands import cli
from rushmore_print.errors import BuildError
from rushmore_print.readers import rasters
from rushmore_print.readers.libjpeg import PARKED_THREAD, strict_decoder
from rushmore_print.readers.rasters import RasterError, read_raster
from rushmore_print.writers.workers import can_fork

from .casecache import kept
from .imagebytes import (
    chunk,
    coded_data_cut,
    jpeg,
    noisy_jpeg,
    pdf_problems,
    phys,
    png,
    scan_on_other_tables,
    with_frame,
)


def png_bytes(size=(120, 80), mode="RGB", dpi=300, **save):
    image = Image.new(mode, size, (200, 120, 40) if mode == "RGB" else 128)
    image.paste((10, 20, 30) if mode == "RGB" else 0, (10, 10, 60, 40))
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), **save)
    return out.getvalue()


def jpeg_bytes(progressive=False):
    out = io.BytesIO()
    Image.new("RGB", (120, 80), (200, 120, 40)).save(out, format="JPEG", dpi=(300, 300), progressive=progressive)
    return out.getvalue()


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.fixture(params=["whole", "pieces"])
def inflate(request, monkeypatch):
    """A PNG's data inflated whole by libdeflate (a card's size) or by zlib in pieces (larger)."""
    if request.param == "pieces":
        monkeypatch.setattr(rasters, "_WHOLE_AT_ONCE", -1)
    return request.param


def test_libdeflate_and_zlib_agree_on_which_damaged_streams_are_whole():
    # the quick whole inflate must never pass what zlib (and so a PDF viewer) refuses
    rng = random.Random(33)
    verdicts = set()
    for _ in range(400):
        raw = bytes(rng.choice(b"\x00\x01\x7f\xff") for _ in range(rng.choice([60, 600, 6000])))
        stream = bytearray(zlib.compress(raw, rng.choice([1, 6, 9]))[2:-4])  # raw deflate
        for _ in range(rng.randint(1, 2)):
            stream[rng.randrange(min(len(stream), 40))] ^= 1 << rng.randrange(8)
        unpacker = zlib.decompressobj(-15)
        try:
            by_zlib = unpacker.decompress(bytes(stream))
            by_zlib = by_zlib if unpacker.eof else None  # a stream that stops short is refused
        except zlib.error:
            by_zlib = None
        size = len(by_zlib) if by_zlib is not None else len(raw)
        try:
            by_libdeflate = deflate.deflate_decompress(bytes(stream), size + 1)
            by_libdeflate = by_libdeflate if len(by_libdeflate) == size else None
        except deflate.DeflateError:
            by_libdeflate = None
        assert by_libdeflate == by_zlib
        verdicts.add(by_zlib is None)
    assert verdicts == {True, False}  # both kinds of stream were met


def test_a_good_png_and_jpeg_say_their_size_and_dpi(tmp_path):
    png = read_raster(write(tmp_path, "a.png", png_bytes()))
    assert (png.kind, png.width, png.height, png.dpi, png.channels, png.depth) == ("png", 120, 80, (300.0, 300.0), 3, 8)
    for progressive in (False, True):
        jpeg = read_raster(write(tmp_path, "a.jpg", jpeg_bytes(progressive)))
        assert (jpeg.kind, jpeg.width, jpeg.height, jpeg.dpi, jpeg.channels) == ("jpeg", 120, 80, (300.0, 300.0), 3)


def test_interlaced_and_palette_pngs_are_checked_to_the_right_size(tmp_path, inflate):
    read_raster(write(tmp_path, "i.png", png_bytes(interlace=1)))  # Adam7 pass sizes add up
    read_raster(write(tmp_path, "p.png", png_bytes(mode="L")))


def _rechunk(raw, kind, body):
    """``raw`` with the body of its first ``kind`` chunk replaced and a valid CRC (damage a CRC can't see)."""
    position = 8
    while True:
        length, found = struct.unpack(">I4s", raw[position : position + 8])
        if found == kind:
            chunk = struct.pack(">I4s", len(body), kind) + body + struct.pack(">I", zlib.crc32(kind + body))
            return raw[:position] + chunk + raw[position + 12 + length :]
        position += 12 + length


@pytest.mark.parametrize(
    "name, damage, message",
    [
        ("cut.png", lambda raw: raw[: len(raw) // 2], "the PNG is cut short"),
        ("crc.png", lambda raw: raw[:40] + bytes([raw[40] ^ 0xFF]) + raw[41:], "fails its CRC check"),
        ("junk.png", lambda raw: _rechunk(raw, b"IDAT", zlib.compress(b"\0" * 100)), "image data ends early"),
        ("zlib.png", lambda raw: _rechunk(raw, b"IDAT", b"\x78\x9c" + b"\xff" * 50), "image data is damaged"),
        ("text.png", lambda raw: b"hello, not an image\n", "not a PNG or JPEG image"),
        # 120 x 80 RGB is 80 lines of 1 + 360 bytes: the header promises 28,880
        ("long.png", lambda raw: _rechunk(raw, b"IDAT", zlib.compress(b"\0" * 200_000)), "longer than its header"),
        ("unended.png", lambda raw: _rechunk(raw, b"IDAT", zlib.compress(b"\0" * 28_880)[:-6]), "ends early"),
    ],
)
def test_a_damaged_png_is_refused_with_what_is_wrong(tmp_path, inflate, name, damage, message):
    path = write(tmp_path, name, damage(png_bytes()))
    with pytest.raises(BuildError, match=message) as info:
        read_raster(path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize("progressive", [False, True])
def test_a_truncated_jpeg_is_refused(tmp_path, progressive):
    raw = jpeg_bytes(progressive)
    path = write(tmp_path, "cut.jpg", raw[: len(raw) - 40])
    with pytest.raises(BuildError, match="JPEG"):
        read_raster(path)


def test_impose_refuses_a_damaged_image_and_writes_nothing(runner, tmp_path):
    good = write(tmp_path, "good.png", png_bytes((750, 1050)))
    raw = jpeg_bytes()
    bad = write(tmp_path, "bad.jpg", raw[: len(raw) - 40])
    out = tmp_path / "out"
    result = runner.invoke(cli, ["impose", str(good), str(bad), "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {bad}: the JPEG")
    assert not out.exists() or not list(out.iterdir())


PLTE2 = (b"PLTE", bytes([0, 0, 0, 255, 255, 255]))
HEADER = ">IIBBBBB"


@pytest.mark.parametrize(
    "name, data, reason",
    [
        ("ihdr-12.png", png(4, 4, header=struct.pack(HEADER, 4, 4, 8, 2, 0, 0, 0)[:12]),
         "the PNG's IHDR header chunk is 12 bytes long; it must be 13"),
        ("ihdr-14.png", png(4, 4, header=struct.pack(HEADER, 4, 4, 8, 2, 0, 0, 0) + b"\0"),
         "the PNG's IHDR header chunk is 14 bytes long; it must be 13"),
        ("depth-0.png", png(4, 4, 0, 0, data=b""),
         "the PNG header gives bit depth 0 for a greyscale image; it must be 1, 2, 4, 8, 16"),
        ("depth-3.png", png(4, 4, 3, 0, data=b""),
         "the PNG header gives bit depth 3 for a greyscale image; it must be 1, 2, 4, 8, 16"),
        ("rgb-4.png", png(4, 4, 4, 2, data=b""),
         "the PNG header gives bit depth 4 for a RGB image; it must be 8, 16"),
        ("palette-16.png", png(4, 4, 16, 3, data=b""),
         "the PNG header gives bit depth 16 for a palette image; it must be 1, 2, 4, 8"),
        ("colour-5.png", png(4, 4, 8, 5, data=b""),
         "the PNG header gives colour type 5; PNG defines 0, 2, 3, 4 and 6"),
        ("zero-wide.png", png(0, 4, data=b""), "the PNG header says 0 x 4 pixels; the file is damaged"),
        ("filter-1.png", png(4, 4, header=struct.pack(HEADER, 4, 4, 8, 2, 0, 1, 0)),
         "the PNG header gives compression 0, filter method 1, interlace 0; PNG defines only 0, 0, and 0 or 1"),
        ("no-plte.png", png(4, 4, 8, 3),
         "the PNG is a palette image without its palette (PLTE chunk); the file is damaged"),
        ("plte-4.png", png(4, 4, 8, 3, before_data=[(b"PLTE", b"\0\0\0\0")]),
         "the PNG's palette (PLTE) is 4 bytes; it must be 3 bytes a colour, 1 to 256 colours"),
        ("plte-0.png", png(4, 4, 8, 3, before_data=[(b"PLTE", b"")]),
         "the PNG's palette (PLTE) is 0 bytes; it must be 3 bytes a colour, 1 to 256 colours"),
        ("plte-1bit-3.png", png(4, 4, 1, 3, before_data=[(b"PLTE", bytes(9))]),
         "the PNG's palette (PLTE) is 9 bytes; it must be 3 bytes a colour, 1 to 2 colours"),
        ("grey-plte.png", png(4, 4, 8, 0, before_data=[PLTE2]),
         "the PNG is a greyscale image with a palette (PLTE chunk); PNG forbids it"),
        ("trns-3.png", png(4, 4, 8, 3, before_data=[PLTE2, (b"tRNS", b"\0\0\0")]),
         "the PNG's transparency (tRNS) has 3 entries for a palette of 2"),
        ("trns-rgba.png", png(4, 4, 8, 6, before_data=[(b"tRNS", b"\0" * 6)]),
         "the PNG has an alpha channel and a transparency (tRNS) chunk; PNG forbids both"),
        ("trns-grey-3.png", png(4, 4, 8, 0, before_data=[(b"tRNS", b"\0" * 3)]),
         "the PNG's transparency (tRNS) chunk is 3 bytes; a greyscale image's is 2"),
        ("rgb16-trns.png", png(4, 4, 16, 2, before_data=[(b"tRNS", bytes(6))]),
         "the PNG is 16-bit RGB with a transparent colour (tRNS), which cannot be read exactly; "
         "save it with an alpha channel (RGBA) or as 8-bit"),
        ("phys-8.png", png(4, 4, before_data=[(b"pHYs", bytes(8))]),
         "the PNG's pHYs chunk is 8 bytes long; it must be 9"),
        ("filter-type-5.png", png(4, 4, filter_byte=5),
         "the PNG's line 1 has filter type 5; PNG defines 0 to 4; the file is damaged"),
        ("split-idat.png", png(4, 4)[:-12].replace(b"IEND", b"") + chunk(b"tEXt", b"a\0b") + chunk(b"IDAT", b"")
         + chunk(b"IEND", b""),
         "the PNG's image data (IDAT) is split by a 'tEXt' chunk; decoders read such a file differently"),
    ],
)  # fmt: skip
def test_a_png_header_that_lies_is_refused_saying_what_is_wrong(tmp_path, name, data, reason):
    path = write(tmp_path, name, data)
    with pytest.raises(RasterError) as info:
        read_raster(path)
    assert info.value.reason == reason
    assert str(info.value) == f"{path}: {reason}"


def test_a_bad_filter_byte_is_found_on_its_line_and_pass(tmp_path, inflate):
    rows = [bytes([0]) + bytes(12)] * 9 + [bytes([7]) + bytes(12)]  # 4 px RGB, the 10th line broken
    path = write(tmp_path, "line10.png", png(4, 10, data=zlib.compress(b"".join(rows))))
    with pytest.raises(RasterError, match="the PNG's line 10 has filter type 7"):
        read_raster(path)
    # interlaced: 1 x 1 has one pass; its one line broken
    head = struct.pack(HEADER, 1, 1, 8, 0, 0, 0, 1)
    path = write(tmp_path, "adam7.png", png(1, 1, header=head, data=zlib.compress(b"\x09\x00")))
    with pytest.raises(RasterError, match="the PNG's line 1 has filter type 9"):
        read_raster(path)


@pytest.mark.parametrize(
    "values, dpi, note",
    [
        ((0, 0), None, "its pHYs chunk says 0 x 0 pixels a metre (0 x 0 dpi; a resolution is 10 to 100,000 dpi)"),
        ((11811, 0), None,
         "its pHYs chunk says 11811 x 0 pixels a metre (300 x 0 dpi; a resolution is 10 to 100,000 dpi)"),
        ((2**32 - 1, 2**32 - 1), None,
         "its pHYs chunk says 4294967295 x 4294967295 pixels a metre (1.091e+08 x 1.091e+08 dpi; "
         "a resolution is 10 to 100,000 dpi)"),
        ((11811, 11811), (300.0, 300.0), ""),
    ],
)  # fmt: skip
def test_a_resolution_that_cannot_be_right_is_ignored_and_said(tmp_path, values, dpi, note):
    raster = read_raster(write(tmp_path, "r.png", png(4, 4, before_data=[phys(*values)])))
    assert (raster.dpi, raster.dpi_note) == (dpi, note)


def test_impose_says_why_it_ignored_a_resolution_and_takes_the_card_size_given(runner, tmp_path):
    path = write(tmp_path, "zero.png", png(150, 210, before_data=[phys(0, 0)]))
    out = tmp_path / "out"
    result = runner.invoke(cli, ["impose", str(path), "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {path}: the image does not say its dpi (its pHYs chunk says 0 x 0 pixels a metre (0 x 0 dpi; "
        "a resolution is 10 to 100,000 dpi)); give the card size with --card (e.g. poker or 63.5x88.9mm)\n"
    )
    result = runner.invoke(cli, ["impose", str(path), "-o", str(out), "--card", "poker", "--name", "z"])
    assert result.exit_code == 0, result.output
    assert pdf_problems(out / "z_letter_fronts.pdf") == []


def test_a_resolution_that_makes_no_card_is_refused_not_divided_by(runner, tmp_path):
    path = write(tmp_path, "tiny.png", png(150, 210, before_data=[phys(3_000_000, 3_000_000)]))  # 76,200 dpi
    result = runner.invoke(cli, ["impose", str(path), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {path}: 150 x 210 px at 76200 x 76200 dpi is a 0.05 x 0.07 mm card; cards are 20 to 200 mm; "
        "give the card size with --card (e.g. poker or 63.5x88.9mm)\n"
    )


@pytest.mark.parametrize(
    "name, change, reason",
    [
        ("two.jpg", {"components": 2},
         "the JPEG has 2 colour components; a PDF carries 1 (grey), 3 (colour) or 4 (CMYK); save it again as "
         "an 8-bit PNG or a baseline JPEG"),
        ("none.jpg", {"components": 0},
         "the JPEG has 0 colour components; a PDF carries 1 (grey), 3 (colour) or 4 (CMYK); save it again as "
         "an 8-bit PNG or a baseline JPEG"),
        ("twelve.jpg", {"precision": 12},
         "the JPEG has 12-bit samples; PDF carries only 8-bit JPEGs; save it again as an 8-bit PNG or a baseline JPEG"),
        ("lossless.jpg", {"marker": 0xC3},
         "the JPEG is lossless (SOF3), which PDF cannot carry; save it again as an 8-bit PNG or a baseline JPEG"),
        ("arith.jpg", {"marker": 0xC9},
         "the JPEG is arithmetic-coded, which PDF cannot carry; save it again as an 8-bit PNG or a baseline JPEG"),
        ("hier.jpg", {"marker": 0xC5},
         "the JPEG is hierarchical, which PDF cannot carry; save it again as an 8-bit PNG or a baseline JPEG"),
    ],
)  # fmt: skip
def test_a_jpeg_a_pdf_cannot_carry_is_refused_saying_why(runner, tmp_path, name, change, reason):
    path = write(tmp_path, name, with_frame(jpeg(), **change))
    with pytest.raises(RasterError) as info:
        read_raster(path)
    assert info.value.reason == reason
    result = runner.invoke(cli, ["impose", str(path), "-o", str(tmp_path / "out"), "--card", "poker", "--fit"])
    assert (result.exit_code, result.stderr) == (1, f"error: {path}: {reason}\n")


SOS = b"\xff\xda"
RESAVE = "save it again as an 8-bit PNG or a baseline JPEG"


def test_a_jpeg_frame_that_lies_is_refused(tmp_path):
    raw = jpeg()
    cases = {
        "zero-high.jpg": (raw.replace(b"\xff\xc0\x00\x11\x08\x00\x18", b"\xff\xc0\x00\x11\x08\x00\x00"),
                          "the JPEG's frame header says 32 x 0 pixels; the file is damaged"),
        "two-sof.jpg": (raw[:2] + raw[2:].replace(b"\xff\xda", raw[raw.index(b"\xff\xc0"):][:19] + b"\xff\xda", 1),
                        "the JPEG has two frame headers (SOF markers); the file is damaged"),
        "no-table.jpg": (raw.replace(b"\xff\xda\x00\x0c\x03\x01\x00", b"\xff\xda\x00\x0c\x03\x01\x33"),
                         "the JPEG's scan uses DC Huffman table 3, which no DHT defines; the file is damaged"),
        "no-quant.jpg": (raw.replace(b"\xff\xdb\x00\x43\x00", b"\xff\xdb\x00\x43\x02"),
                         "the JPEG's component 1 uses quantisation table 0, which no DQT defines; the file is damaged"),
        "no-scan.jpg": (raw[: raw.index(b"\xff\xda")] + b"\xff\xd9",
                        "the JPEG has no image data (no SOS scan); the file is damaged"),
        "band.jpg": (raw.replace(b"\x03\x11\x00\x3f\x00", b"\x03\x11\x00\x3f\x10"),
                     "the JPEG's scan header (SOS) gives spectral band 0 to 63 and approximation 1/0, which a "
                     "sequential JPEG cannot have; the file is damaged"),
        "bad-dht.jpg": (raw.replace(b"\xff\xc4\x00\x1f\x00", b"\xff\xc4\x00\x1f\x27"),
                        "the JPEG's Huffman table (DHT) at byte 0 of its segment is damaged"),
        # two 1-bit codes leave no room for longer ones (libjpeg: "Bogus Huffman table definition")
        "full-dht.jpg": (raw.replace(b"\xc4\x00\x1f\x00\x00\x01\x05", b"\xc4\x00\x1f\x00\x02\x00\x04"),
                         "the JPEG's Huffman table (DHT) at byte 0 of its segment is damaged"),
        "dc-16.jpg": (raw.replace(b"\x08\x09\x0a\x0b\xff\xc4", b"\x08\x09\x0a\x10\xff\xc4", 1),
                      "the JPEG's Huffman table (DHT) at byte 0 of its segment is damaged"),
        "marker-30.jpg": (raw.replace(SOS, b"\xff\x30\x00\x04ab" + SOS),
                          f"the JPEG has a marker 0xFF30 at byte {raw.index(SOS)}, which no JPEG "
                          "decoder reads; the file is damaged"),
    }  # fmt: skip
    for name, (data, reason) in cases.items():
        with pytest.raises(RasterError) as info:
            read_raster(write(tmp_path, name, data))
        assert info.value.reason == reason, name


@pytest.mark.parametrize(
    "name, data, reason",
    [
        ("ihdr.png", png(4, 4, header=bytes(12)), "the PNG's IHDR header chunk is 12 bytes long; it must be 13"),
        ("two.jpg", with_frame(jpeg(), components=2), "the JPEG has 2 colour components"),
        ("twelve.jpg", with_frame(jpeg(), precision=12), "the JPEG has 12-bit samples"),
        ("lossless.jpg", with_frame(jpeg(), marker=0xC3), "the JPEG is lossless (SOF3)"),
        ("no-plte.png", png(4, 4, 8, 3), "the PNG is a palette image without its palette"),
    ],
)
def test_head_art_build_could_not_draw_is_refused_at_validate(runner, tmp_path, name, data, reason):
    write(tmp_path, name, data)
    design = write(tmp_path, "design.yaml", f"name: Art\nheads: [{{name: Ada, art: {name}}}, Bea]\n".encode())
    result = runner.invoke(cli, ["validate", str(design)])
    assert result.exit_code == 1
    assert f"error: {design}:2: heads.1.art: '{name}': {reason}" in result.stderr


# Damage only a decoder sees (issue 20): every marker and table of the JPEG is whole, so the walk
# of its structure passes; poppler would draw the scan damaged, warning "Corrupt JPEG data".
# The noisy JPEGs take a tenth of a second each to make, in every test process that collects this
# module: kept on disk while their sources are unchanged (tests/casecache.py).
CODED_DAMAGE = kept(
    "coded-damage",
    lambda: [
        ("swapped.jpg", scan_on_other_tables(noisy_jpeg()), "26413 extraneous bytes before marker 0xd9"),
        ("cut.jpg", coded_data_cut(noisy_jpeg()), "premature end of data segment"),
        # only the last rows' data gone: the check skips every line but the last, and must not skip them
        ("tail-cut.jpg", noisy_jpeg()[:-42] + b"\xff\xd9", "premature end of data segment"),
        ("progressive.jpg", coded_data_cut(noisy_jpeg(progressive=True), last=True), "premature end of data segment"),
        ("progressive-swapped.jpg", scan_on_other_tables(noisy_jpeg(progressive=True)), "bad Huffman code"),
    ],
)


@pytest.fixture(params=["libjpeg", "simplejpeg"])
def jpeg_judge(request, monkeypatch):
    """Each of the two decoders that judge a JPEG's coded data: libjpeg-turbo through ctypes (the
    copy beside Pillow) and, where there is none, simplejpeg (the jpeg extra)."""
    if request.param == "simplejpeg":
        pytest.importorskip("simplejpeg")
        monkeypatch.setattr(rasters, "strict_decoder", lambda: None)
    elif sys.platform.startswith("linux"):
        assert strict_decoder() is not None  # Pillow's wheels ship libjpeg-turbo beside it
    return request.param


@pytest.mark.parametrize("name, data, warning", CODED_DAMAGE, ids=[case[0] for case in CODED_DAMAGE])
def test_a_jpeg_whose_coded_data_is_damaged_is_refused_though_its_markers_are_whole(
    tmp_path, jpeg_judge, name, data, warning
):
    path = write(tmp_path, name, data)
    assert read_raster(path, verify=False).width == 150  # the structure alone passes
    with pytest.raises(RasterError) as info:
        read_raster(path)
    assert info.value.reason == (
        f"the JPEG's image data is damaged (Corrupt JPEG data: {warning}); it would print damaged; "
        "save it again as an 8-bit PNG or a baseline JPEG"
    )


def test_whole_jpegs_of_every_colour_space_pass_the_decoder_check(tmp_path, jpeg_judge):
    for number, (mode, colour) in enumerate([("L", 90), ("RGB", (200, 30, 30)), ("CMYK", (0, 200, 200, 20))]):
        for progressive in (False, True):
            read_raster(
                write(tmp_path, f"{number}{progressive}.jpg", jpeg(mode, colour=colour, progressive=progressive))
            )
    read_raster(write(tmp_path, "noisy.jpg", noisy_jpeg((1200, 900))))


def parked() -> int:
    """How many of libjpeg's decoding threads a fatal error parked."""
    return sum(thread.name == PARKED_THREAD for thread in threading.enumerate())


def test_libjpegs_fatal_error_is_a_reason_and_the_decoder_still_judges_the_next_file():
    """libjpeg's error_exit must never return; the thread it ran in is parked and the caller gets
    libjpeg's words (the structural checks refuse such files first, so only a direct call gets here)."""
    decoder = strict_decoder()
    if decoder is None:
        pytest.skip("no libjpeg-turbo beside Pillow or on the system")
    before = parked()
    assert decoder.first_problem(b"\xff\xd8\xff\xd9") == "JPEG datastream contains no image"
    assert decoder.first_problem(b"") == "Empty input file"
    assert parked() == before + 2  # one parked thread a fatal error
    assert can_fork() == (hasattr(os, "fork") and sys.platform != "darwin")  # parked threads hold no lock
    assert decoder.first_problem(noisy_jpeg()) is None
    # anything that stops the decode short is a problem, never "whole" (ctypes refuses a bytearray)
    assert decoder.first_problem(bytearray(noisy_jpeg())).startswith("libjpeg could not be run on it (ArgumentError")  # type: ignore[arg-type]
    assert decoder.first_problem(coded_data_cut(noisy_jpeg())) == "Corrupt JPEG data: premature end of data segment"


def test_a_decoding_thread_kept_between_files_ends_with_its_block():
    """Inside ``reusing_threads`` one decoding thread judges file after file (a thread a file was
    a fifth of impose's CPU); a fatal error still parks only the thread it ran in, the next file is
    judged on a new one, and when the block ends no decoding thread is left but the parked (a live
    one would keep the package from forking its workers)."""
    decoder = strict_decoder()
    if decoder is None:
        pytest.skip("no libjpeg-turbo beside Pillow or on the system")

    def decoding() -> set[int]:
        return {t.ident for t in threading.enumerate() if t.name == "libjpeg check" and t.ident is not None}

    before, parked_before = decoding(), parked()
    good, cut = noisy_jpeg(), coded_data_cut(noisy_jpeg())
    with decoder.reusing_threads():
        assert [decoder.first_problem(data) for data in (good, good, cut, good)] == [
            None, None, "Corrupt JPEG data: premature end of data segment", None,
        ]  # fmt: skip
        kept = decoding() - before
        assert len(kept) == 1  # one thread judged all four, one after the other
        assert decoder.first_problem(b"") == "Empty input file"  # fatal: that thread parks
        assert decoder.first_problem(good) is None  # and the next file has a thread of its own
    assert decoding() - before == set() and parked() == parked_before + 1
    assert can_fork() == (hasattr(os, "fork") and sys.platform != "darwin")


def test_no_jpeg_the_structure_check_passes_ends_libjpeg_in_a_fatal_error(tmp_path):
    """Every libjpeg fatal error costs a parked thread (readers/libjpeg.py), so the structure check
    refuses what would end libjpeg first: a marker no decoder reads, a Huffman table whose codes do
    not fit. 1,200 JPEGs with random bytes changed, cut out or put in (29 of 3,000 got through to a
    fatal error before those two checks)."""
    decoder = strict_decoder()
    if decoder is None:
        pytest.skip("no libjpeg-turbo beside Pillow or on the system")
    rng = random.Random(20)
    seeds = [
        noisy_jpeg((64, 48)),
        noisy_jpeg((64, 48), seed=2, progressive=True),
        jpeg("L", (40, 40), 90),
        jpeg("CMYK", (40, 40), (0, 200, 200, 20)),
        jpeg("RGB", (33, 17), progressive=True, subsampling=0),
    ]
    threads, judged = parked(), 0
    path = tmp_path / "fuzzed.jpg"
    for _ in range(1200):
        raw = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 4)):
            change, at = rng.random(), rng.randrange(len(raw))
            if change < 0.6:
                raw[at] = rng.randrange(256)
            elif change < 0.8:
                del raw[at : at + rng.randint(1, 8)]
            else:
                raw[at:at] = rng.randbytes(rng.randint(1, 8))
        path.write_bytes(raw)
        try:
            raster = read_raster(path, verify=False)
        except RasterError:
            continue
        judged += 1
        decoder.first_problem(raster.data)
    assert judged > 150  # enough got past the structure check to mean something
    assert parked() == threads


def grey_progressive_scans(count: int) -> bytes:
    """A grey progressive JPEG of Pillow's (6 scans) with ``count`` more scans of the whole AC band
    coded again (data of a zero byte each: an AC scan has no length floor) before its end."""
    out = io.BytesIO()
    Image.new("L", (32, 24), 90).save(out, format="JPEG", progressive=True)
    raw = out.getvalue()
    assert raw.count(SOS) == 6
    return raw[:-2] + (SOS + b"\x00\x08\x01\x01\x00\x01\x3f\x00" + b"\x00") * count + b"\xff\xd9"


def jpeg_scan_cases() -> list[tuple[str, bytes, str]]:
    """JPEGs whose every marker walks, with a frame or scans libjpeg ends in a fatal error (which
    would park a thread) or decodes unfinished without a warning; each with the reason given."""
    raw = jpeg()  # 32 x 24, 4:2:0: SOF0 ids 1, 2, 3 sampled 2x2, 1x1, 1x1
    sof = b"\xff\xc0\x00\x11\x08\x00\x18\x00\x20\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    scan = b"\xff\xda\x00\x0c\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00"
    assert sof in raw and scan in raw
    data = raw.index(scan) + len(scan)
    progressive = noisy_jpeg(progressive=True)
    return [
        ("wide.jpg", raw.replace(sof, sof.replace(b"\x00\x20\x03", b"\xff\xff\x03")),
         f"the JPEG is 65535 x 24 pixels; libjpeg reads at most 65500 a side; {RESAVE}"),
        ("ids.jpg", raw.replace(sof, sof.replace(b"\x02\x11\x01\x03", b"\x01\x11\x01\x03")),
         "the JPEG's frame header names component 1 twice; the file is damaged"),
        ("thirds.jpg", raw.replace(sof, sof.replace(b"\x01\x22\x00\x02\x11", b"\x01\x31\x00\x02\x21")),
         "the JPEG's component 2 is sampled 2x1 beside 3x1, which does not divide it; libjpeg cannot scale "
         f"it; {RESAVE}"),
        ("mcu.jpg", raw.replace(sof, sof.replace(b"\x01\x22", b"\x01\x44")),
         "the JPEG's scan interleaves 18 blocks an MCU; JPEG allows at most 10; the file is damaged"),
        ("dri.jpg", raw.replace(scan, b"\xff\xdd\x00\x05\x00\x00\x00" + scan),
         "the JPEG's restart interval (DRI) segment is 5 bytes long; it must be 4; the file is damaged"),
        ("dac.jpg", raw.replace(scan, b"\xff\xcc\x00\x04\x00\x10" + scan),
         "the JPEG has arithmetic-coding conditioning (DAC), which a Huffman-coded JPEG has not; the file is damaged"),
        ("scan-ids.jpg", raw.replace(scan, scan.replace(b"\x02\x11\x03", b"\x01\x11\x03")),
         "the JPEG's scan names component 1 twice; the file is damaged"),
        ("order.jpg", raw.replace(scan, scan.replace(b"\x01\x00\x02\x11\x03\x11", b"\x02\x11\x01\x00\x03\x11")),
         "the JPEG's scan names its components out of the frame's order; the file is damaged"),
        ("twice.jpg", raw[:-2] + raw[raw.index(scan):],
         "the JPEG's scans code component 1 twice; the file is damaged"),
        ("no-cr.jpg", raw.replace(scan, b"\xff\xda\x00\x0a\x02\x01\x00\x02\x11\x00\x3f\x00"),
         "the JPEG's scans never code component 3: it would print without it; the file is damaged"),
        ("short.jpg", raw[: data + 3] + b"\xff\xd9",
         "the JPEG's scan 1 has 3 bytes of coded data for 24 blocks, too few to hold them (cut short?); the file "
         "is damaged"),
        ("first-scan.jpg", progressive[: progressive.index(SOS, progressive.index(SOS) + 2)] + b"\xff\xd9",
         "the JPEG's scans leave coefficients 0 to 63 of component 1 short of their last bit: it would print "
         "blurred (a progressive file cut short?); the file is damaged"),
        ("scans.jpg", grey_progressive_scans(59),
         f"the JPEG has more than 64 scans (SOS); each is decoded over the whole image; {RESAVE}"),
    ]  # fmt: skip


@pytest.mark.parametrize("name, data, reason", jpeg_scan_cases(), ids=[case[0] for case in jpeg_scan_cases()])
def test_a_jpeg_frame_or_scans_libjpeg_cannot_finish_are_refused_before_it_decodes(tmp_path, name, data, reason):
    """Found by attacking the decoder check. Eight of these end libjpeg in a fatal error, which
    parks a thread (a DAC segment does when its values are wrong; here they are right); two only
    warn; a progressive file cut at a scan boundary decodes blurred with no warning, and every
    scan is decoded over the whole image (2,000 took 77 s for a 359 KB file)."""
    with pytest.raises(RasterError) as info:
        read_raster(write(tmp_path, name, data), verify=False)
    assert info.value.reason == reason


def test_a_progressive_jpeg_with_many_scans_of_its_own_still_passes(tmp_path):
    raster = read_raster(write(tmp_path, "many.jpg", grey_progressive_scans(58)))  # 64 scans in all
    assert (raster.width, raster.height) == (32, 24)


def test_impose_and_validate_refuse_a_jpeg_with_damaged_coded_data_by_name(runner, tmp_path):
    path = write(tmp_path, "swapped.jpg", scan_on_other_tables(noisy_jpeg()))
    out = tmp_path / "out"
    for sized in ([], ["--card", "poker", "--fit"]):
        result = runner.invoke(cli, ["impose", str(path), "-o", str(out), *sized])
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(f"error: {path}: the JPEG's image data is damaged (Corrupt JPEG data:")
        assert not out.exists() or not list(out.iterdir())
    design = write(tmp_path, "design.yaml", b"name: Art\nheads: [{name: Ada, art: swapped.jpg}, Bea]\n")
    result = runner.invoke(cli, ["validate", str(design)])
    assert result.exit_code == 1
    assert f"error: {design}:2: heads.1.art: 'swapped.jpg': the JPEG's image data is damaged" in result.stderr


PAST_PLTE_CHUNKS = [(b"PLTE", bytes([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])), phys(2362, 2362)]
PAST_PLTE = png(150, 210, 8, 3, [[x % 10 for x in range(150)]] * 210, before_data=PAST_PLTE_CHUNKS)
FULL_DESIGN = (
    "name: Art\nheads: [{{name: Ada, art: {art}}}, Bea]\ndirections: [left, right]\n"
    "search: {{seed: 1, red_counts: {{0: 4, 1: 4}}}}\nprint: {{card: square}}\n"
)
PAST_REASON = "a pixel uses palette entry 9, but the palette (PLTE) has 4 colours (entries 0 to 3); the file is damaged"


def test_impose_refuses_a_palette_png_whose_pixels_point_past_its_palette(runner, tmp_path):
    path = write(tmp_path, "past.png", PAST_PLTE)
    out = tmp_path / "out"
    result = runner.invoke(cli, ["impose", str(path), "-o", str(out), "--card", "poker", "--fit"])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"error: {path}: {PAST_REASON}: save it again as a PNG or JPEG")
    assert not out.exists() or not list(out.iterdir())
    inside = [[x % 4 for x in range(150)]] * 210  # the same palette, every index in it: it passes through
    write(tmp_path, "inside.png", png(150, 210, 8, 3, inside, before_data=[PAST_PLTE_CHUNKS[0], phys(2362, 2362)]))
    result = runner.invoke(cli, ["impose", str(tmp_path / "inside.png"), "-o", str(out), "--card", "poker", "--fit"])
    assert result.exit_code == 0, result.output


def test_palette_art_whose_pixels_point_past_its_palette_is_refused_at_validate(runner, tmp_path):
    write(tmp_path, "past.png", PAST_PLTE)
    design = write(tmp_path, "design.yaml", FULL_DESIGN.format(art="past.png").encode())
    result = runner.invoke(cli, ["validate", str(design)])
    assert result.exit_code == 1
    assert f"error: {design}:2: heads.1.art: 'past.png': {PAST_REASON}" in result.stderr, result.stderr


@pytest.mark.parametrize("count, refused", [(9_997, False), (9_998, True)])  # with IHDR, pHYs, IEND: 10,000, 10,001
def test_a_png_of_many_small_chunks_is_refused_before_it_is_decoded(tmp_path, count, refused):
    """Tiny tEXt chunks in their hundreds of thousands: 4.5 MB took 11 s to validate, each chunk
    read in Python by Pillow at every decode."""
    raw = png_bytes()
    path = tmp_path / "texts.png"
    path.write_bytes(raw[:33] + chunk(b"tEXt", b"a\0b") * count + raw[33:])
    if not refused:
        assert read_raster(path).width == 120
        return
    with pytest.raises(RasterError, match=r"more than 10,000 chunks besides its image data; save it again"):
        read_raster(path)
