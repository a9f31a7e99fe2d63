"""Every raster image the toolkit decodes passes through here: head art (PNG, JPEG, WebP) and the
card images ``impose`` cannot carry into a PDF as they are.

Pillow opens a PNG, JPEG or WebP in one of a dozen modes, and its ``convert`` is not always what
print needs: a 16-bit greyscale PNG (``I;16``) converted to ``L`` or ``RGB`` is clipped at 255,
so a mid-grey of 32768 prints pure white; a JPEG's EXIF orientation is left to the viewer. Here
every mode is reduced to 8 bits a channel with its full range kept, transparency made an alpha
channel, and the EXIF orientation applied, into one of :data:`PRINT_MODES`.
"""

from __future__ import annotations

import functools
import io
import warnings
from pathlib import Path

from PIL import Image, ImageCms, ImageMath, ImageOps

from ..errors import BuildError
from ..readers.inputs import InputError, InputKind, read_input, shown, shown_path
from ..readers.rasters import png_without_text

PRINT_MODES = ("L", "LA", "RGB", "RGBA", "CMYK")  # what :func:`normalise` gives: 8 bits a channel
# Modes that hold more than 8 bits of grey: 16-bit PNGs open as ``I;16`` (or ``I;16B``/``L``
# variants) or, in older Pillows and with a tRNS chunk, as 32-bit ``I`` holding 0..65535.
_WIDE_GREY = ("I;16", "I;16B", "I;16L", "I;16N", "I")
# The rest convert as they should with Pillow's own ``convert``: YCbCr to RGB, padding dropped,
# premultiplied alpha undone, a palette with alpha expanded. ("1" and "P" are handled apart:
# whether they keep transparency depends on the file.)
_CONVERTED = {"YCbCr": "RGB", "RGBX": "RGB", "RGBa": "RGBA", "PA": "RGBA", "LAB": "RGB", "HSV": "RGB"}
FORMATS = ("PNG", "JPEG", "WEBP")


def normalise(image: Image.Image) -> Image.Image:
    """``image`` in one of :data:`PRINT_MODES`, upright (EXIF orientation applied), 16-bit samples
    scaled (0..65535 to 0..255, rounded), palettes expanded and any transparency as alpha.

    >>> wide = Image.new("I;16", (1, 1), 32768)
    >>> normalise(wide).mode, normalise(wide).getpixel((0, 0))
    ('L', 128)
    >>> normalise(Image.new("1", (1, 1), 1)).getpixel((0, 0))
    255
    """
    image = ImageOps.exif_transpose(image) if _orientation(image) != 1 else image
    mode = image.mode
    if mode in PRINT_MODES:
        return _keyed(image) if mode in ("L", "RGB") and "transparency" in image.info else image
    if mode in _WIDE_GREY:
        return _wide_grey(image)
    if mode == "P" or mode == "1":
        alpha = image.has_transparency_data
        if mode == "P":
            return image.convert("RGBA" if alpha else "RGB")
        return image.convert("LA" if alpha else "L")
    if mode in _CONVERTED:
        return image.convert(_CONVERTED[mode])
    raise ValueError(f"images of Pillow mode {mode} are not printed")


def _orientation(image: Image.Image) -> int:
    try:
        value = image.getexif().get(0x0112, 1)
    except (SyntaxError, ValueError, OSError, TypeError):  # damaged EXIF: as if it said nothing
        return 1
    return value if isinstance(value, int) else 1


def _keyed(image: Image.Image) -> Image.Image:
    """A PNG's tRNS colour key (one grey level or one RGB colour) made an alpha channel."""
    return image.convert("LA" if image.mode == "L" else "RGBA")


def _wide_grey(image: Image.Image) -> Image.Image:
    """16-bit grey scaled to 8 bits with rounding (``round(v * 255 / 65535)``), exactly; a tRNS key
    (a 16-bit grey level) becomes alpha, compared before scaling so no other level is cut out."""
    wide = image.convert("I") if image.mode != "I" else image
    grey = wide.point(lambda value: value * (255 / 65535) + 0.5).convert("L")
    key = image.info.get("transparency")
    if not isinstance(key, int):
        return grey
    alpha = ImageMath.lambda_eval(lambda a: (a["v"] != key) * 255, v=wide).convert("L")
    grey.putalpha(alpha)
    return grey


def decode(data: bytes, name: Path | str, most_side: int = 0) -> Image.Image:
    """The PNG, JPEG or WebP in ``data`` decoded and :func:`normalise` d; ``most_side`` (when not 0)
    lets a JPEG decoder skip detail finer than that many pixels a side. Any failure of the decoder
    is a ``BuildError`` naming ``name``.

    >>> out = io.BytesIO()
    >>> Image.new("P", (2, 2)).save(out, "PNG")
    >>> decode(out.getvalue(), "x.png").mode
    'RGB'
    >>> decode(b"not an image", "x.png")
    Traceback (most recent call last):
    ...
    rushmore_print.errors.BuildError: x.png: cannot decode the image (cannot identify image file); ...
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(png_without_text(data)), formats=FORMATS) as source:
                if most_side and source.format == "JPEG":
                    source.draft(source.mode, (most_side, most_side))
                source.load()
                if getattr(source, "n_frames", 1) > 1:
                    raise ValueError("it is animated; give a still image")
                problem = palette_problem(source)
                if not problem:
                    return _stated_gamma(in_srgb(normalise(source), source.info.get("icc_profile"), name), source.info)
    except BuildError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise BuildError(f"{shown_path(name)}: too many pixels to decode safely; reduce the image") from None
    except Exception as exc:  # a decoder handed outside files can raise almost anything
        reason = str(exc).split(" <")[0] or type(exc).__name__
        raise BuildError(
            f"{shown_path(name)}: cannot decode the image ({reason}); save it again as a PNG or JPEG"
        ) from None
    raise BuildError(f"{shown_path(name)}: {problem}; the file is damaged: save it again as a PNG or JPEG")


# What each mode's colours are, as an ICC profile's header names its colour space.
_PROFILE_SPACES = {"L": "GRAY", "LA": "GRAY", "RGB": "RGB", "RGBA": "RGB", "CMYK": "CMYK"}


def embedded_profile(icc: bytes, mode: str, name: Path | str) -> ImageCms.ImageCmsProfile:
    """The colour profile an image file embeds, read by LittleCMS and checked to describe the
    image's colours (``mode``: one of :data:`PRINT_MODES`, or ``P`` for a palette of RGB) and to
    convert to sRGB. Raises ``BuildError`` naming the file and the profile: such a file is
    refused, never printed with its numbers taken raw.

    >>> srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    >>> ImageCms.getProfileDescription(embedded_profile(srgb, "RGBA", "a.png")).strip()
    'sRGB built-in'
    >>> embedded_profile(srgb, "CMYK", "a.jpg")
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: a.jpg: its embedded colour profile 'sRGB built-in' is for RGB colours, \
but the image is CMYK; save it again with its own profile (or in sRGB)
    """
    return _embedded_profile(icc, _PROFILE_SPACES.get(mode, "RGB"), str(name))


@functools.lru_cache(maxsize=64)
def _embedded_profile(icc: bytes, space: str, name: str) -> ImageCms.ImageCmsProfile:
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        description = shown(ImageCms.getProfileDescription(profile).strip() or "without a name")
    except (OSError, ValueError, TypeError, ImageCms.PyCMSError) as exc:
        raise BuildError(f"{shown_path(name)}: LittleCMS cannot read its embedded colour profile "
                         f"({str(exc) or type(exc).__name__}); save it again in sRGB") from None  # fmt: skip
    said = profile.profile.xcolor_space.strip()
    if said != space:
        raise BuildError(f"{shown_path(name)}: its embedded colour profile {description} is for {said} colours, "
                         f"but the image is {_SPACE_WORDS.get(space, space)}; save it again with its own profile "
                         "(or in sRGB)")  # fmt: skip
    try:
        _transform(profile, space)
    except ImageCms.PyCMSError as exc:
        raise BuildError(f"{shown_path(name)}: LittleCMS cannot convert its embedded colour profile {description} "
                         f"to sRGB ({exc}); save it again in sRGB") from None  # fmt: skip
    return profile


_SPACE_WORDS = {"GRAY": "greyscale", "RGB": "RGB", "CMYK": "CMYK"}


@functools.lru_cache(maxsize=64)
def _transform(profile: ImageCms.ImageCmsProfile, space: str) -> ImageCms.ImageCmsTransform:
    """The conversion of ``profile``'s colours to sRGB: relative colorimetric with black point
    compensation, as image editors convert by default."""
    source_mode = {"GRAY": "L", "RGB": "RGB", "CMYK": "CMYK"}[space]
    return ImageCms.buildTransform(
        profile, _srgb(), source_mode, "RGB", ImageCms.Intent.RELATIVE_COLORIMETRIC,
        ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )  # fmt: skip


@functools.lru_cache(maxsize=1)
def _srgb() -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


def in_srgb(image: Image.Image, icc: bytes | None, name: Path | str) -> Image.Image:
    """``image`` (normalised) with the colours of the profile its file embeds converted to sRGB,
    the space every renderer draws from (issue 32.4: ProPhoto art printed its raw numbers, a
    brown where the artist drew red). Greys stay grey (``L``, ``LA``), CMYK becomes RGB, alpha
    is kept; an image without a profile is sRGB already and comes back as it is.

    >>> red = Image.new("RGB", (1, 1), (200, 30, 30))
    >>> in_srgb(red, None, "a.png") is red
    True
    """
    if icc is None:
        return image
    space = _PROFILE_SPACES[image.mode]
    transform = _transform(_embedded_profile(icc, space, str(name)), space)
    alpha = image.getchannel("A") if image.mode in ("LA", "RGBA") else None
    colour = image.convert({"LA": "L", "RGBA": "RGB"}[image.mode]) if alpha is not None else image
    converted = transform.apply(colour)
    if space == "GRAY":
        converted = converted.convert("L")
    if alpha is not None:
        converted.putalpha(alpha)
    return converted


# A PNG's gAMA is its encoding exponent; an sRGB-ish file states about 1/2.2, which needs no change.
_SRGB_GAMMA = 1 / 2.2
_GAMMA_TOLERANCE = 0.02
_COLOUR_BANDS = {"L": 1, "LA": 1, "RGB": 3, "RGBA": 3}  # the bands a curve applies to (not alpha)


def _stated_gamma(image: Image.Image, info: dict) -> Image.Image:
    """A PNG that states its gamma (gAMA) but carries no profile (iCCP) and no sRGB chunk, brought
    to the sRGB-like curve the renderers draw in, as a browser shows it: a linear (gAMA 1.0) file
    read raw printed its mid-greys far too dark. By the PNG rules iCCP, then sRGB, then gAMA win;
    chromaticities (cHRM) are not applied: primaries other than sRGB's are rare without a profile.

    >>> grey = Image.new("RGB", (1, 1), (128, 128, 128))
    >>> _stated_gamma(grey, {"gamma": 1.0}).getpixel((0, 0)), _stated_gamma(grey, {"gamma": 0.45455}) is grey
    ((186, 186, 186), True)
    """
    gamma = info.get("gamma")
    if not isinstance(gamma, float) or gamma <= 0 or "icc_profile" in info or "srgb" in info:
        return image
    if abs(gamma - _SRGB_GAMMA) <= _GAMMA_TOLERANCE * _SRGB_GAMMA or image.mode not in _COLOUR_BANDS:
        return image
    exponent = 1 / (gamma * 2.2)  # file value -> light (1 / gamma), light -> the drawing curve (1 / 2.2)
    table = [round(255 * (value / 255) ** exponent) for value in range(256)]
    colour_bands = _COLOUR_BANDS[image.mode]
    return image.point(table * colour_bands + list(range(256)) * (len(image.getbands()) - colour_bands))


def palette_problem(image: Image.Image) -> str:
    """Why a decoded palette image cannot print as its file says ("" when it can): a pixel whose
    index lies past the end of the palette (PLTE). The file defines no colour for it, so Pillow
    prints black and a PDF viewer clips it to the last entry, each without a word.

    >>> image = Image.new("P", (2, 1))
    >>> image.putpalette(bytes([255, 0, 0, 0, 0, 255]))  # two colours
    >>> palette_problem(image)
    ''
    >>> image.putpixel((1, 0), 5)
    >>> palette_problem(image)
    'a pixel uses palette entry 5, but the palette (PLTE) has 2 colours (entries 0 to 1)'
    """
    if image.mode != "P":
        return ""
    colours = len(image.getpalette() or ()) // 3
    highest = image.getextrema()[1]
    assert isinstance(highest, int)  # one band: (lowest, highest) index
    if highest < colours:
        return ""
    entries = f"{colours} colours (entries 0 to {colours - 1})"
    return f"a pixel uses palette entry {highest}, but the palette (PLTE) has {entries}"


def decode_file(path: Path | str, kind: InputKind, most_side: int = 0) -> Image.Image:
    """:func:`decode` of the file at ``path``, read through the trust boundary (``read_input``).

    Raises ``BuildError`` naming the file for what cannot be read or decoded.

    >>> import tempfile
    >>> from rushmore_print.readers.inputs import InputKind
    >>> with tempfile.NamedTemporaryFile(suffix=".png") as art:
    ...     Image.new("P", (4, 4)).save(art.name)
    ...     decode_file(art.name, InputKind.ART_IMAGE).mode
    'RGB'
    """
    try:
        data = read_input(path, kind)
    except InputError as exc:
        raise BuildError(str(exc)) from None
    return decode(data, path, most_side)


__all__ = ["PRINT_MODES", "decode", "decode_file", "embedded_profile", "in_srgb", "normalise", "palette_problem"]
