"""Colour profiles embedded in raster art and card images (issue 32.4): every PNG, JPEG and
WebP profile is honoured through LittleCMS (art converted to sRGB before it is drawn; card images
imposed with the profile as their ICCBased colour space), or the file is refused naming the
profile. Never are the numbers printed raw: ProPhoto art printed a brown where the artist drew red."""

from __future__ import annotations

import io
import re
import zlib

import pytest
from PIL import Image, ImageCms

from rushmore_print.cli.commands import cli
from rushmore_print.errors import BuildError
from rushmore_print.render.art import art_image
from rushmore_print.render.colour import converter
from rushmore_print.render.rawpdf import load_image

from .imagebytes import rgb_profile

RED = (255, 0, 0)
PROPHOTO = rgb_profile()
SRGB = ImageCms.createProfile("sRGB")


def encoded(colour: tuple[int, ...], profile: bytes, mode: str = "RGB") -> tuple[int, ...]:
    """``colour`` (sRGB) as the numbers of ``profile``'s space: what an editor writes into a file."""
    transform = ImageCms.buildTransform(SRGB, ImageCms.ImageCmsProfile(io.BytesIO(profile)), "RGB", mode)
    return transform.apply(Image.new("RGB", (1, 1), colour)).getpixel((0, 0))


def saved(path, colour, profile, fmt, mode="RGB"):
    image = Image.new(mode, (400, 400), colour)
    image.save(path, fmt, icc_profile=profile, **({"quality": 100} if fmt == "JPEG" else {}))
    return path


def close(got, want, tolerance=12):
    return all(abs(a - b) <= tolerance for a, b in zip(got, want))


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_art_in_a_wide_rgb_space_is_drawn_in_its_colours(tmp_path, fmt):
    raw = encoded(RED, PROPHOTO)
    assert close(raw, (179, 70, 26), 3)  # the numbers a ProPhoto file holds for red: a brown, read raw
    path = saved(tmp_path / f"head.{fmt.lower()}", raw, PROPHOTO, fmt)
    drawn = art_image(str(path), 0).getpixel((20, 20))
    assert close(drawn[:3], RED), drawn
    assert drawn[3] == 255


def test_transparent_and_grey_art_keep_their_alpha_and_stay_grey(tmp_path):
    path = tmp_path / "head.png"
    image = Image.new("RGBA", (40, 40), (*encoded(RED, PROPHOTO), 255))
    image.paste((0, 0, 0, 0), (0, 0, 20, 40))
    image.save(path, icc_profile=PROPHOTO)
    drawn = art_image(str(path), 0)
    assert drawn.getpixel((5, 5))[3] == 0 and close(drawn.getpixel((30, 5)), (*RED, 255))


def test_cmyk_art_with_its_profile_is_converted_by_it(tmp_path):
    cmyk = converter(None)
    ink = cmyk.image(Image.new("RGB", (1, 1), (200, 60, 40))).getpixel((0, 0))
    path = saved(tmp_path / "head.jpg", ink, cmyk.icc, "JPEG", mode="CMYK")
    drawn = art_image(str(path), 0).getpixel((20, 20))
    naive = Image.open(path).convert("RGB").getpixel((20, 20))  # the numbers without their profile
    assert close(drawn[:3], (200, 60, 40), 16), drawn
    assert not close(naive, (200, 60, 40), 16), naive


@pytest.mark.parametrize(
    "profile, mode, says",
    [
        (converter(None).icc, "RGB", "its embedded colour profile .* is for CMYK colours, but the image is RGB"),
        (
            PROPHOTO[:200] + bytes(len(PROPHOTO) - 200),
            "RGB",
            "LittleCMS cannot (read|convert) its embedded colour profile",
        ),
        (PROPHOTO, "L", "is for RGB colours, but the image is greyscale"),
    ],
    ids=["a CMYK profile on RGB", "a damaged profile", "an RGB profile on grey"],
)
def test_art_whose_profile_does_not_fit_is_refused_naming_it(runner, tmp_path, write_design, profile, mode, says):
    path = tmp_path / "head.png"
    Image.new(mode, (400, 400), 90 if mode == "L" else (90, 40, 40)).save(path, icc_profile=profile)
    with pytest.raises(BuildError, match=says):
        art_image(str(path), 0)
    design = write_design("""
        name: Art
        heads: [{name: A, art: head.png}, B, C, D]
        search: {seed: 1, red_counts: {0: 16, 1: 12, 2: 11}}
    """)
    for command in (["validate", str(design)], ["build", str(design), "-o", str(tmp_path / "out")]):
        result = runner.invoke(cli, command)
        assert result.exit_code == 1 and re.search(says, result.stderr) and "head.png" in result.stderr, result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def _images(pdf: bytes) -> list[bytes]:
    return re.findall(rb"<< /Type /XObject /Subtype /Image [^\n]*?>>", pdf)


@pytest.mark.parametrize("fmt, channels", [("PNG", 3), ("JPEG", 3)])
def test_an_imposed_card_keeps_its_data_and_carries_its_profile(runner, tmp_path, fmt, channels):
    card = saved(tmp_path / f"card.{fmt.lower()}", encoded(RED, PROPHOTO), PROPHOTO, fmt)
    Image.open(card).save(card, fmt, icc_profile=PROPHOTO, dpi=(300, 300), **({"quality": 95} if fmt == "JPEG" else {}))
    embedded = load_image(card)
    assert embedded.icc == PROPHOTO and embedded.reencoded == ""
    out = tmp_path / "out"
    result = runner.invoke(cli, ["impose", str(card), "--card", "63.5x63.5mm", "--fit", "-o", str(out)])
    assert result.exit_code == 0, result.output
    pdf = next(out.glob("*.pdf")).read_bytes()
    (image,) = _images(pdf)
    profile = re.search(rb"/ColorSpace \[/ICCBased (\d+) 0 R\]", image)
    assert profile, image
    stream = re.search(
        rb"\n%s 0 obj\n<< /N %d /Alternate /DeviceRGB /Length \d+ >>\nstream\n" % (profile.group(1), channels), pdf
    )
    assert stream and pdf[stream.end() : stream.end() + len(PROPHOTO)] == PROPHOTO


def test_an_imposed_card_with_a_profile_that_does_not_fit_is_refused(runner, tmp_path):
    card = tmp_path / "card.png"
    Image.new("RGB", (750, 750), (90, 40, 40)).save(card, icc_profile=converter(None).icc, dpi=(300, 300))
    result = runner.invoke(cli, ["impose", str(card), "--card", "63.5x63.5mm", "--fit", "-o", str(tmp_path / "out")])
    assert result.exit_code == 1 and "card.png: its embedded colour profile" in result.stderr, result.output
    assert "is for CMYK colours, but the image is RGB" in result.stderr


def test_a_png_profile_is_inflated_no_further_than_a_profile_file_may_be(tmp_path):
    from rushmore_print.readers.rasters import RasterError, read_raster

    from .imagebytes import chunk

    image = io.BytesIO()
    Image.new("RGB", (4, 4)).save(image, "PNG")
    data = image.getvalue()
    bomb = chunk(b"iCCP", b"bomb\0\0" + zlib.compress(bytes(40_000_000), 9))
    (tmp_path / "bomb.png").write_bytes(data[:33] + bomb + data[33:])
    with pytest.raises(RasterError, match="colour profile inflates past"):
        read_raster(tmp_path / "bomb.png")


def _with_chunks(image: Image.Image, *chunks: tuple[bytes, bytes]) -> bytes:
    """``image`` as PNG bytes with ``chunks`` (type, data) put before its image data."""
    out = io.BytesIO()
    image.save(out, "PNG")
    data = out.getvalue()
    at = data.index(b"IDAT") - 4
    extra = b"".join(
        len(body).to_bytes(4, "big") + kind + body + (zlib.crc32(kind + body) & 0xFFFFFFFF).to_bytes(4, "big")
        for kind, body in chunks
    )
    return data[:at] + extra + data[at:]


GAMMA_LINEAR = (b"gAMA", (100_000).to_bytes(4, "big"))  # gamma 1.0: the numbers are light itself


@pytest.mark.parametrize("mode, grey", [("RGB", (128, 128, 128)), ("LA", (128, 255))])
def test_art_that_states_a_linear_gamma_is_drawn_as_a_browser_shows_it(tmp_path, mode, grey):
    path = tmp_path / "head.png"
    path.write_bytes(_with_chunks(Image.new(mode, (8, 8), grey), GAMMA_LINEAR))
    drawn = art_image(str(path), 0).getpixel((2, 2))
    # half the light is about 186 on the sRGB-like curve; read raw, 128 printed far too dark
    assert close(drawn[:3], (186, 186, 186), 2), drawn
    assert drawn[3] == 255


def test_a_png_gamma_yields_to_its_srgb_chunk_and_a_usual_gamma_changes_nothing(tmp_path):
    usual = (b"gAMA", (45_455).to_bytes(4, "big"))
    srgb = (b"sRGB", b"\x00")
    for name, chunks in (("usual.png", (usual,)), ("srgb.png", (srgb, GAMMA_LINEAR))):
        path = tmp_path / name
        path.write_bytes(_with_chunks(Image.new("RGB", (8, 8), (128, 64, 32)), *chunks))
        assert art_image(str(path), 0).getpixel((2, 2)) == (128, 64, 32, 255), name
