"""Images are read as structures and proven whole before impose copies their data into a PDF."""

import io
import struct
import zlib

import pytest
from PIL import Image

from rushmore_print.cli import cli
from rushmore_print.errors import BuildError
from rushmore_print.rasters import read_raster


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


def test_a_good_png_and_jpeg_say_their_size_and_dpi(tmp_path):
    png = read_raster(write(tmp_path, "a.png", png_bytes()))
    assert (png.kind, png.width, png.height, png.dpi, png.channels, png.depth) == ("png", 120, 80, (300.0, 300.0), 3, 8)
    for progressive in (False, True):
        jpeg = read_raster(write(tmp_path, "a.jpg", jpeg_bytes(progressive)))
        assert (jpeg.kind, jpeg.width, jpeg.height, jpeg.dpi, jpeg.channels) == ("jpeg", 120, 80, (300.0, 300.0), 3)


def test_interlaced_and_palette_pngs_are_checked_to_the_right_size(tmp_path):
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
def test_a_damaged_png_is_refused_with_what_is_wrong(tmp_path, name, damage, message):
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
