"""The image normaliser: every mode a PNG, JPEG or WebP opens in gives the pixels the file holds,
8 bits a channel. Each PNG here is written byte by byte (``imagebytes.png``) with samples whose
8-bit values the test computes itself, so the reference decode is arithmetic, not Pillow."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from PIL import Image

from rushmore_print.cli.commands import cli
from rushmore_print.errors import BuildError
from rushmore_print.readers.inputs import InputKind
from rushmore_print.readers.rasters import read_raster
from rushmore_print.render.art import art_image
from rushmore_print.render.normalise import PRINT_MODES, decode, normalise
from rushmore_print.writers.impose import impose

from .imagebytes import chunk, jpeg, pdf_problems, phys, png

HAS_PDFTOPPM = shutil.which("pdftoppm") is not None


def scale(value: int, depth: int) -> int:
    """A ``depth``-bit sample as 8 bits, the PNG specification's way (section 13.12): rounded."""
    return (value * 255 + (2**depth - 1) // 2) // (2**depth - 1)


def pixels(image: Image.Image) -> list:
    return [image.getpixel((x, y)) for y in range(image.height) for x in range(image.width)]


GREY16 = [0, 1, 128, 129, 255, 256, 32767, 32768, 65279, 65534, 65535, 40000]
PALETTE = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (250, 250, 250)]


def _grey(depth: int) -> list[int]:
    return [value % 2**depth for value in (0, 1, 2, 3, 7, 15, 100, 255)] if depth < 16 else GREY16[:8]


CASES = {
    # name: (PNG bytes, expected mode, expected pixels)
    **{
        f"grey {depth}-bit": (png(8, 1, depth, 0, [_grey(depth)]), "L", [scale(v, depth) for v in _grey(depth)])
        for depth in (1, 2, 4, 8, 16)
    },
    "grey 16-bit, whole range": (png(12, 1, 16, 0, [GREY16]), "L", [scale(v, 16) for v in GREY16]),
    "grey 8-bit + tRNS": (
        png(3, 1, 8, 0, [[0, 100, 255]], before_data=[(b"tRNS", b"\x00\x64")]),
        "LA",
        [(0, 255), (100, 0), (255, 255)],
    ),
    "grey 16-bit + tRNS": (
        # 32768 is cut out; 32769 (the same 8-bit grey) is not: the key is compared at 16 bits
        png(3, 1, 16, 0, [[32768, 32769, 65535]], before_data=[(b"tRNS", b"\x80\x00")]),
        "LA",
        [(128, 0), (128, 255), (255, 255)],
    ),
    "grey+alpha 8-bit": (png(2, 1, 8, 4, [[10, 0, 200, 255]]), "LA", [(10, 0), (200, 255)]),
    "grey+alpha 16-bit": (  # Pillow opens 16-bit grey with alpha as RGBA
        png(2, 1, 16, 4, [[32768, 0, 65535, 65535]]),
        "RGBA",
        [(128, 128, 128, 0), (255, 255, 255, 255)],
    ),
    "RGB 8-bit": (png(2, 1, 8, 2, [[1, 2, 3, 250, 128, 0]]), "RGB", [(1, 2, 3), (250, 128, 0)]),
    "RGB 16-bit": (
        png(2, 1, 16, 2, [[65535, 32768, 0, 257, 514, 771]]),
        "RGB",
        [(255, 128, 0), (1, 2, 3)],
    ),
    "RGB 8-bit + tRNS": (
        png(2, 1, 8, 2, [[1, 2, 3, 4, 5, 6]], before_data=[(b"tRNS", b"\x00\x01\x00\x02\x00\x03")]),
        "RGBA",
        [(1, 2, 3, 0), (4, 5, 6, 255)],
    ),
    "RGBA 8-bit": (png(2, 1, 8, 6, [[1, 2, 3, 0, 4, 5, 6, 77]]), "RGBA", [(1, 2, 3, 0), (4, 5, 6, 77)]),
    "RGBA 16-bit": (
        png(1, 1, 16, 6, [[65535, 0, 32768, 32768]]),
        "RGBA",
        [(255, 0, 128, 128)],
    ),
    **{
        f"palette {depth}-bit + tRNS": (
            png(
                4,
                1,
                depth,
                3,
                [[index % 2**depth for index in (0, 1, 2, 3)]],
                before_data=[(b"PLTE", b"".join(bytes(c) for c in PALETTE[: 2**depth])), (b"tRNS", b"\x00")],
            ),
            "RGBA",
            [(*PALETTE[index % 2**depth], 0 if index % 2**depth == 0 else 255) for index in (0, 1, 2, 3)],
        )
        for depth in (1, 2, 4, 8)
    },
    "palette 8-bit, no tRNS": (
        png(3, 1, 8, 3, [[2, 1, 0]], before_data=[(b"PLTE", b"".join(bytes(c) for c in PALETTE))]),
        "RGB",
        [PALETTE[2], PALETTE[1], PALETTE[0]],
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_every_png_colour_type_and_depth_decodes_to_the_values_it_holds(name):
    data, mode, expected = CASES[name]
    image = decode(data, f"{name}.png")
    assert image.mode == mode and image.mode in PRINT_MODES
    assert pixels(image) == expected


def test_sixteen_bit_grey_is_scaled_not_clipped():
    # The bug this guards: Pillow's convert("L") of I;16 clips at 255, so 32768 printed white.
    mid = decode(png(1, 1, 16, 0, [[32768]]), "mid.png")
    assert mid.getpixel((0, 0)) == 128
    assert Image.open(io.BytesIO(png(1, 1, 16, 0, [[32768]]))).convert("L").getpixel((0, 0)) == 255


@pytest.mark.parametrize(
    "mode, colour, expected",
    [
        ("L", 90, 90),
        ("RGB", (200, 60, 30), (200, 60, 30)),
        ("CMYK", (10, 200, 30, 40), (10, 200, 30, 40)),
    ],
)
def test_jpegs_of_every_colour_space_keep_their_colour(mode, colour, expected):
    # Pillow writes CMYK JPEGs inverted with an Adobe marker, as Photoshop does; decoding undoes it.
    image = decode(jpeg(mode, colour=colour), "x.jpg")
    assert image.mode == mode
    got = image.getpixel((5, 5))
    got, want = (got, expected) if isinstance(got, tuple) else ((got,), (expected,))
    assert all(abs(a - b) <= 3 for a, b in zip(got, want)), (got, want)


def test_modes_pillow_gives_other_formats_convert_to_a_print_mode():
    assert normalise(Image.new("YCbCr", (1, 1), (128, 128, 128))).mode == "RGB"
    assert normalise(Image.new("RGBa", (1, 1), (100, 50, 0, 128))).getpixel((0, 0)) == (199, 99, 0, 128)
    assert normalise(Image.new("1", (1, 1), 1)).getpixel((0, 0)) == 255
    assert normalise(Image.new("I", (1, 1), 65535)).getpixel((0, 0)) == 255
    assert normalise(Image.new("I;16B", (1, 1), 257)).getpixel((0, 0)) == 1
    palette = Image.new("PA", (1, 1))
    palette.putpalette(bytes([9, 8, 7]))
    assert normalise(palette).getpixel((0, 0)) == (9, 8, 7, 0)


def test_webp_decodes_lossless_with_its_alpha():
    source = Image.new("RGBA", (4, 3), (10, 20, 30, 0))
    source.putpixel((1, 1), (200, 100, 50, 255))
    out = io.BytesIO()
    source.save(out, "WEBP", lossless=True, exact=True)
    image = decode(out.getvalue(), "x.webp")
    assert image.mode == "RGBA" and image.getpixel((1, 1)) == (200, 100, 50, 255) and image.getpixel((0, 0))[3] == 0


def _oriented_jpeg(orientation: int) -> bytes:
    """A 40 x 20 JPEG, black in its stored top-left quarter, with the EXIF orientation given."""
    image = Image.new("RGB", (40, 20), "white")
    image.paste((0, 0, 0), (0, 0, 20, 10))
    exif = Image.Exif()
    exif[0x0112] = orientation
    out = io.BytesIO()
    image.save(out, "JPEG", quality=95, exif=exif)
    return out.getvalue()


@pytest.mark.parametrize(
    "orientation, size, dark",
    [(1, (40, 20), (2, 2)), (3, (40, 20), (37, 17)), (6, (20, 40), (17, 2)), (8, (20, 40), (2, 37))],
)
def test_exif_orientation_is_applied(orientation, size, dark):
    image = decode(_oriented_jpeg(orientation), "x.jpg")
    assert image.size == size
    assert image.convert("L").getpixel(dark) < 40


def test_a_file_the_decoder_refuses_is_a_located_error():
    with pytest.raises(BuildError, match=r"^art/x\.png: cannot decode the image"):
        decode(png(4, 4)[:40], "art/x.png")


def test_sixteen_bit_art_draws_grey(tmp_path):
    path = tmp_path / "head.png"
    path.write_bytes(png(4, 4, 16, 0, [[32768] * 4] * 4))
    assert art_image(str(path), 0).getpixel((1, 1)) == (128, 128, 128, 255)


@pytest.mark.slow
def test_a_sixteen_bit_head_prints_grey_on_the_built_card(runner, tmp_path):
    (tmp_path / "head.png").write_bytes(png(60, 100, 16, 0, [[32768] * 60] * 100))
    (tmp_path / "d.yaml").write_text(
        "name: Grey\nheads: [{name: Ada, art: head.png}, Bea]\ndirections: [left, right]\n"
        "search: {seed: 1, red_counts: {0: 4, 1: 4}}\nprint: {card: square}\n"
    )
    assert runner.invoke(cli, ["validate", str(tmp_path / "d.yaml")]).exit_code == 0
    done = runner.invoke(cli, ["export", "png", str(tmp_path / "d.yaml"), "-o", str(tmp_path / "out"), "--dpi", "72"])
    assert done.exit_code == 0, done.output
    card = Image.open(tmp_path / "out" / "M01.png").convert("L")
    assert card.histogram()[128] > 4000  # the head's art (8142 pixels at 72 dpi): mid-grey, not white


@pytest.mark.skipif(not HAS_PDFTOPPM, reason="pdftoppm is not installed")
@pytest.mark.slow
def test_impose_prints_sixteen_bit_palette_and_cmyk_images_as_they_are(runner, tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    poker = (150, 210)  # 63.5 x 88.9 mm at 60 dpi
    at_60 = [phys(2362, 2362)]  # 60 dpi in pixels a metre
    (folder / "a-grey16.png").write_bytes(png(*poker, 16, 0, [[32768] * 150] * 210, before_data=at_60))
    palette = [(b"PLTE", bytes([0, 0, 255, 255, 0, 0])), (b"tRNS", b"\xff\x00"), *at_60]
    half = [[0] * 75 + [1] * 75] * 210  # left half blue, right half transparent (white paper)
    (folder / "b-palette.png").write_bytes(png(*poker, 8, 3, half, before_data=palette))
    (folder / "c-cmyk.jpg").write_bytes(jpeg("CMYK", poker, (0, 255, 255, 0), dpi=(60, 60)))  # red in CMYK
    out = tmp_path / "out"
    done = runner.invoke(cli, ["impose", str(folder), "-o", str(out), "--name", "mix", "--paper", "a4"])
    assert done.exit_code == 0, done.output
    assert "2 images re-encoded (a-grey16.png: 16-bit samples; b-palette.png: transparency)" in done.output
    pdf = out / "mix_a4_fronts.pdf"
    assert pdf_problems(pdf) == []
    subprocess.run(["pdftoppm", "-r", "25", "-png", "-singlefile", str(pdf), str(tmp_path / "page")], check=True)
    page = Image.open(tmp_path / "page.png").convert("RGB")
    every = pixels(page)
    assert every.count((128, 128, 128)) > 2000  # the 16-bit grey card (about 5000 pixels): 128, not white
    found = set(every)
    assert (0, 0, 255) in found  # the palette's blue
    assert any(r > 200 and g < 60 and b < 60 for r, g, b in found)  # the CMYK JPEG's red


def test_impose_passes_an_8_bit_palette_png_through(tmp_path):
    path = tmp_path / "p.png"
    path.write_bytes(png(150, 210, 4, 3, before_data=[(b"PLTE", bytes([0, 0, 255])), phys(2362, 2362)]))
    written = impose([path], tmp_path / "p.pdf")
    assert "re-encoded" not in written.what
    assert pdf_problems(tmp_path / "p.pdf") == []


def test_chunk_helper_makes_a_valid_crc():
    assert chunk(b"IEND", b"") == bytes.fromhex("0000000049454e44ae426082")


def _design(folder, art: str):
    path = folder / "design.yaml"
    path.write_text(
        f"name: Art\nheads: [{{name: Ada, art: {art}}}, Bea]\ndirections: [left, right]\n"
        "search: {seed: 1, red_counts: {0: 4, 1: 4}}\nprint: {card: square}\n"
    )
    return path


def _scrambled_webp() -> bytes:
    """A lossless WebP whose coded data is scrambled after its header: its size and chunks are
    whole, so only a decoder can tell."""
    out = io.BytesIO()
    Image.new("RGB", (60, 100), (40, 160, 220)).save(out, "WEBP", lossless=True)
    raw = out.getvalue()
    return raw[:25] + bytes(byte ^ 0x5A for byte in raw[25:])


def test_validate_decodes_image_art_so_what_it_passes_builds(runner, tmp_path):
    (tmp_path / "bad.webp").write_bytes(_scrambled_webp())
    read_raster(tmp_path / "bad.webp", kind=InputKind.ART_IMAGE)  # the structure is whole
    design = _design(tmp_path, "bad.webp")
    checked = runner.invoke(cli, ["validate", str(design)])
    assert checked.exit_code == 1
    assert f"error: {design}:2: heads.1.art: 'bad.webp': cannot decode the image (" in checked.stderr
    built = runner.invoke(cli, ["build", str(design), "-o", str(tmp_path / "out")])
    assert built.exit_code == 1 and "cannot decode the image" in built.stderr


@pytest.mark.slow
def test_webp_head_art_validates_and_prints(runner, tmp_path):
    art = Image.new("RGBA", (60, 100), (0, 0, 0, 0))
    art.paste((40, 160, 220, 255), (0, 0, 60, 100))
    art.save(tmp_path / "head.webp", "WEBP", lossless=True)
    design = _design(tmp_path, "head.webp")
    assert runner.invoke(cli, ["validate", str(design)]).exit_code == 0
    done = runner.invoke(cli, ["export", "png", str(design), "-o", str(tmp_path / "out"), "--dpi", "72"])
    assert done.exit_code == 0, done.output
    card = Image.open(tmp_path / "out" / "M01.png").convert("RGB")
    assert pixels(card).count((40, 160, 220)) > 4000


def test_an_animated_or_damaged_webp_is_refused_at_validate(runner, tmp_path):
    frames = [Image.new("RGB", (20, 20), colour) for colour in ("red", "blue")]
    frames[0].save(tmp_path / "anim.webp", "WEBP", save_all=True, append_images=frames[1:], lossless=True)
    result = runner.invoke(cli, ["validate", str(_design(tmp_path, "anim.webp"))])
    assert result.exit_code == 1 and "'anim.webp': the WebP is animated; give a still image" in result.stderr
    (tmp_path / "cut.webp").write_bytes((tmp_path / "anim.webp").read_bytes()[:30])
    result = runner.invoke(cli, ["validate", str(_design(tmp_path, "cut.webp"))])
    assert result.exit_code == 1 and "'cut.webp': the WebP is cut short" in result.stderr
    (tmp_path / "c.webp").write_bytes(b"RIFF\x04\x00\x00\x00WEBP")
    result = runner.invoke(cli, ["impose", str(tmp_path / "c.webp"), "-o", str(tmp_path / "o")])
    assert result.exit_code == 1 and "not a PNG or JPEG image (impose takes PNG and JPEG files)" in result.stderr


def test_impose_turns_a_jpeg_its_exif_says_to_turn(runner, tmp_path):
    stored = Image.new("RGB", (210, 150), "white")  # landscape as stored; upright it is a poker card
    stored.paste((0, 0, 0), (0, 0, 105, 75))
    exif = Image.Exif()
    exif[0x0112] = 6  # turn a quarter clockwise to show
    stored.save(tmp_path / "turned.jpg", "JPEG", quality=95, dpi=(60, 60), exif=exif)
    out = tmp_path / "out"
    done = runner.invoke(cli, ["impose", str(tmp_path / "turned.jpg"), "-o", str(out), "--name", "t"])
    assert done.exit_code == 0, done.output
    assert "1 image re-encoded (turned.jpg: EXIF orientation 6)" in done.output
    assert pdf_problems(out / "t_letter_fronts.pdf") == []


def test_an_animated_png_is_refused_by_its_reader_naming_the_file_once(runner, tmp_path, write_design):
    """Issue 32.10: an animated PNG was refused by the decoder only, named by a wrong path; impose
    embedded its first frame without a word. The PNG reader refuses it now, for art and cards."""
    art = tmp_path / "art"
    art.mkdir()
    frames = [Image.new("RGB", (300, 300), colour) for colour in ("red", "blue")]
    frames[0].save(art / "head.png", save_all=True, append_images=frames[1:], dpi=(300, 300))
    design = write_design("""
        name: Animated
        heads: [{name: A, art: art/head.png}, B, C, D]
        search: {seed: 1, red_counts: {0: 16, 1: 12, 2: 11}}
    """)
    result = runner.invoke(cli, ["validate", str(design)])
    assert result.exit_code == 1
    (line,) = [line for line in result.stderr.splitlines() if "animated" in line]
    assert "'art/head.png': the PNG is animated (2 frames); give a still image" in line
    assert line.count("head.png") == 1, line
    imposed = runner.invoke(cli, ["impose", str(art / "head.png"), "--card", "25.4x25.4mm", "-o", str(tmp_path / "o")])
    assert imposed.exit_code == 1 and "head.png: the PNG is animated (2 frames)" in imposed.stderr, imposed.output


@pytest.mark.parametrize("kind", [b"zTXt", b"iTXt"])
def test_art_whose_metadata_inflates_past_a_megabyte_still_decodes(runner, tmp_path, kind):
    """An editor's XMP (compressed iTXt) of 1.5 MB: Pillow refused the PNG ("Decompressed data too
    large for PngImagePlugin.MAX_TEXT_CHUNK") although nothing of it is printed."""
    import zlib

    from PIL import ImageDraw

    image = Image.new("RGB", (60, 100), (230, 220, 200))
    ImageDraw.Draw(image).rectangle((0, 0, 30, 100), fill=(40, 30, 20))
    out = io.BytesIO()
    image.save(out, "PNG")
    head = b"XML:com.adobe.xmp\0\1\0\0\0" if kind == b"iTXt" else b"Comment\0\0"
    raw = out.getvalue()
    (tmp_path / "meta.png").write_bytes(raw[:33] + chunk(kind, head + zlib.compress(b"x" * 1_500_000)) + raw[33:])
    assert decode((tmp_path / "meta.png").read_bytes(), "meta.png").size == (60, 100)
    checked = runner.invoke(cli, ["validate", str(_design(tmp_path, "meta.png"))])
    assert checked.exit_code == 0, checked.output
