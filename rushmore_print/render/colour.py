"""sRGB to the printing condition's CMYK through an ICC output profile, with LittleCMS (the colour
engine Pillow ships as ``PIL.ImageCms``), for ``build --cmyk`` and ``export dtc``.

The intent is relative colorimetric, without black-point compensation: every colour a press can
print comes out as the design's sRGB colour (the classic palette lies inside SWOP's gamut and
lands within 1.6 ΔE76 of it), and only what is darker or more saturated than the press can
print is clipped to the nearest colour it can. Black-point compensation would instead lift every
dark towards the press's black (the classic ink 15 -> 21 L*, 6 ΔE76) to keep a detail below
L* 11 that flat card colours do not have. Then the total ink is held to ``INK_LIMIT``
(:func:`~rushmore_print.colors.limit_ink`): a designer's profile may allow 300 % or more.

The shipped profile (``data/icc/SWOP-TR003-240.icc``) was made with ArgyllCMS ``colprof`` from
the characterization data of ANSI CGATS/SWOP TR 003-2007 (SWOP, grade 3 coated paper), whose
terms let profiles made from the data be distributed freely, the report named as their source;
the profile itself is placed in the public domain (CC0). It limits the ink to 240 % itself, so
its colours need no cutting back; the limit after the conversion is for a designer's profile.

Text and lines under 0.5 pt are not converted so where it would put cyan, magenta or yellow
under black (:meth:`CmykConverter.fine`): a press prints text under 12 pt and such lines in one
ink, since four plates a hair out of register blur a 7 pt letter or a 0.2 mm line (the PDF
writer does so for all text: rich black is for large areas). A near-neutral colour (black, the greys, a
warm ink) becomes black ink alone, as light as the colour (``K`` only; 100 % for anything as dark
as solid black ink or darker, which is L* 20 on SWOP where the four inks reach L* 11); any other
colour becomes the nearest mix of cyan, magenta and yellow without black. Rich black stays for
large areas, where it is what makes a dark deep.
"""

from __future__ import annotations

import functools
import io
from pathlib import Path

from PIL import Image, ImageCms, ImageMath

from ..colors import INK_LIMIT, Color, limit_ink
from ..errors import BuildError
from ..frozen import frozen_dataclass
from ..package_data import shipped
from ..readers.inputs import InputKind, read_input

CMYK = tuple[float, float, float, float]
Lab = tuple[float, float, float]
SHIPPED_PROFILE = "data/icc/SWOP-TR003-240.icc"
# A print convention: text under 12 pt and lines under this are printed in one ink (the PDF writer
# prints all text so: see CmykConverter.fine).
THIN_LINE_PT = 0.5
# At most this far from grey (C*ab, in CIE Lab): printed in black ink alone. A warm near-black ink
# (#2b2520: 4.5) or a stone grey (#746a5f: 8.5) is; the sky (#b9d4e6: 14) and skin (16) are not.
NEUTRAL_CHROMA = 10.0


@frozen_dataclass
class OutputIntent:
    """The printing condition a PDF/X file's output intent names (ISO 15930): the registered
    characterization's identifier, a readable condition, the registry, and what the profile says
    of itself.

    >>> SHIPPED_INTENT.identifier, SHIPPED_INTENT.info
    ('CGATS TR 003', 'SWOP TR003 Coated, 240% ink')
    """

    identifier: str
    condition: str
    registry: str
    info: str


# The condition of the shipped profile, by its entry in the ICC's registry of characterizations.
SHIPPED_INTENT = OutputIntent(
    "CGATS TR 003",
    "SWOP (Publication) Grade 3 Paper (ANSI CGATS/SWOP TR 003-2007)",
    "http://www.color.org",
    "SWOP TR003 Coated, 240% ink",
)


class CmykConverter:
    """sRGB colours and images in the CMYK of one output profile, under the ink limit. Build one
    with :func:`converter` (once per profile per process: building a LittleCMS transform takes
    milliseconds, converting a colour microseconds, and each colour is converted once).

    >>> cmyk = converter(None)
    >>> cmyk.color((1.0, 1.0, 1.0))
    (0.0, 0.0, 0.0, 0.0)
    >>> sum(cmyk.color((0.0, 0.0, 0.0))) <= 2.4
    True
    """

    def __init__(self, icc: bytes, intent: OutputIntent, source: str):
        self.icc = icc  # the profile's bytes, embedded as the output intent's DestOutputProfile
        self.intent = intent
        self.source = source  # the file, for messages
        try:
            profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
            self._transform = ImageCms.buildTransform(
                ImageCms.createProfile("sRGB"),
                profile,
                "RGB",
                "CMYK",
                ImageCms.Intent.RELATIVE_COLORIMETRIC,
                flags=ImageCms.Flags.NONE,
            )
            lab = ImageCms.createProfile("LAB", 5000)  # D50, the profile connection space's white
            relative = ImageCms.Intent.RELATIVE_COLORIMETRIC
            self._to_lab = ImageCms.buildTransform(profile, lab, "CMYK", "LAB", relative)
            self._screen_lab = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB", "LAB", relative)
        except (ImageCms.PyCMSError, OSError, ValueError) as exc:
            raise BuildError(f"{source}: LittleCMS cannot convert sRGB to CMYK with this profile ({exc})") from None
        self._black_ramp: list[float] | None = None  # L* of black ink alone, 0..255 (made when first needed)

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one converter per profile lives for the process
    def color(self, rgb: Color) -> CMYK:
        """``rgb`` (0..1, as the design gives it: 8 bits a channel) as CMYK fractions, rounded to
        4 places for stable operators."""
        pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
        c, m, y, k = self._apply(pixel).getpixel((0, 0))  # type: ignore[misc]  # a CMYK pixel: 4 ints
        return limit_ink((c / 255, m / 255, y / 255, k / 255))

    @functools.lru_cache(maxsize=1024)  # noqa: B019 - as color
    def fine(self, rgb: Color) -> CMYK:
        """``rgb`` as a press prints small text and thin lines: never cyan, magenta or yellow under
        black. A colour the press prints without black, or in black alone, is :meth:`color`'s
        (paper, skin, sky, white); one that needs black and near grey (within ``NEUTRAL_CHROMA``)
        is black ink alone, as light as the colour; any other is the nearest cyan, magenta and
        yellow without black (a dark red), under the ink limit.

        >>> from rushmore_print.colors import parse_hex
        >>> cmyk = converter(None)
        >>> cmyk.fine((0.0, 0.0, 0.0)), cmyk.fine((1.0, 1.0, 1.0)), cmyk.fine(parse_hex("#2b2520"))
        ((0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0))
        >>> c, m, y, k = cmyk.fine(parse_hex("#d32f2f"))
        >>> k, m > 0.8 and y > 0.8
        (0.0, True)
        """
        area = self.color(rgb)
        if area[3] == 0 or not any(area[:3]):
            return area
        target = self.screen_lab(rgb)
        if (target[1] ** 2 + target[2] ** 2) ** 0.5 <= NEUTRAL_CHROMA:
            return (0.0, 0.0, 0.0, self._black_for(target[0]))
        return self._without_black(target)

    @functools.cached_property
    def conversion_note(self) -> str:
        """How the colours were made, for the files' notes (a print shop reads them there): the
        profile, the intent, and that black-point compensation was not used, with what that does.

        >>> print(converter(None).conversion_note)  # doctest: +NORMALIZE_WHITESPACE
        CMYK for SWOP TR003 Coated, 240% ink, converted from sRGB by LittleCMS, relative
        colorimetric without black-point compensation: every colour the press can print is the
        design's own, anything darker (black included) prints as the press's darkest, L* 11.4
        (with compensation every dark would be lifted, lighter); text and lines under 0.5 pt in
        one ink; total ink at most 240 %
        """
        darkest = _lab_of(_through(_pixel("CMYK", self.color((0.0, 0.0, 0.0))), self._to_lab))[0]
        return (
            f"CMYK for {self.intent.info}, converted from sRGB by LittleCMS, relative colorimetric without "
            "black-point compensation: every colour the press can print is the design's own, anything darker "
            f"(black included) prints as the press's darkest, L* {darkest:.1f} (with compensation every dark "
            f"would be lifted, lighter); text and lines under {THIN_LINE_PT:g} pt in one ink; total ink at most "
            f"{INK_LIMIT * 100:.0f} %"
        )

    def screen_lab(self, rgb: Color) -> Lab:
        """CIE Lab (D50) of an sRGB colour, in Pillow's 8-bit Lab steps.

        >>> [round(v) for v in converter(None).screen_lab((1.0, 1.0, 1.0))]
        [100, 0, 0]
        """
        return _lab_of(_through(_pixel("RGB", rgb), self._screen_lab))

    def _black_for(self, lightness: float) -> float:
        """The black ink (0..1, in 8-bit steps) whose L* is nearest ``lightness``: 1 for anything
        as dark as solid black ink or darker."""
        if self._black_ramp is None:
            blacks = Image.new("CMYK", (256, 1))
            blacks.putdata([(0, 0, 0, k) for k in range(256)])
            lab = _through(blacks, self._to_lab)
            self._black_ramp = [_lab_of(lab, (k, 0))[0] for k in range(256)]
        ramp = self._black_ramp
        if lightness <= ramp[255]:
            return 1.0
        return round(min(range(256), key=lambda k: abs(ramp[k] - lightness)) / 255, 4)

    def _without_black(self, target: Lab) -> CMYK:
        """The cyan, magenta and yellow (no black) nearest ``target`` in ΔE76 under the ink limit: a
        coarse grid, then finer grids around the best (each a single LittleCMS call)."""
        best, step = (0.5, 0.5, 0.5), 0.25
        while step >= 1 / 512:
            axes = [[v + i * step for i in range(-2, 3) if 0.0 <= v + i * step <= 1.0] for v in best]
            candidates = [(c, m, y) for c in axes[0] for m in axes[1] for y in axes[2] if c + m + y <= INK_LIMIT]
            grid = Image.new("CMYK", (len(candidates), 1))
            grid.putdata([(round(c * 255), round(m * 255), round(y * 255), 0) for c, m, y in candidates])
            lab = _through(grid, self._to_lab)
            errors = [_distance(_lab_of(lab, (i, 0)), target) for i in range(len(candidates))]
            best = candidates[min(range(len(candidates)), key=errors.__getitem__)]
            step /= 2
        c, m, y = (round(round(v * 255) / 255, 4) for v in best)
        return (c, m, y, 0.0)

    def image(self, rgb: Image.Image) -> Image.Image:
        """An RGB image in CMYK, every pixel under the ink limit (:func:`limit_ink_image`).

        >>> black = converter(None).image(Image.new("RGB", (2, 2), (0, 0, 0)))
        >>> black.mode, black.getpixel((0, 0)), sum(black.getpixel((0, 0))) / 255 <= INK_LIMIT
        ('CMYK', (83, 127, 147, 255), True)
        """
        return limit_ink_image(self._apply(rgb))

    def _apply(self, rgb: Image.Image) -> Image.Image:
        return _through(rgb, self._transform)


def _through(image: Image.Image, transform: ImageCms.ImageCmsTransform) -> Image.Image:
    converted = ImageCms.applyTransform(image, transform)
    assert converted is not None  # None only when converting in place
    return converted


def _pixel(mode: str, values: tuple[float, ...]) -> Image.Image:
    return Image.new(mode, (1, 1), tuple(round(v * 255) for v in values))


def _lab_of(image: Image.Image, at: tuple[int, int] = (0, 0)) -> Lab:
    lightness, a, b = image.getpixel(at)  # type: ignore[misc]  # a LAB pixel: 3 ints
    return lightness * 100 / 255, a - 128, b - 128  # Pillow's 8-bit Lab: a and b offset by 128


def _distance(one: Lab, other: Lab) -> float:
    return sum((x - y) ** 2 for x, y in zip(one, other)) ** 0.5


@functools.lru_cache(maxsize=8)
def converter(profile: Path | str | None) -> CmykConverter:
    """The converter for a designer's output profile (``print.profile``), or for the shipped one
    when ``profile`` is None; built once per process."""
    if profile is None:
        data = shipped(SHIPPED_PROFILE).read_bytes()
        return CmykConverter(data, SHIPPED_INTENT, SHIPPED_PROFILE)
    data = read_input(profile, InputKind.ICC_PROFILE)
    description = profile_description(data) or Path(profile).stem
    return CmykConverter(data, OutputIntent("Custom", description, "", description), str(profile))


def profile_description(icc: bytes) -> str:
    """What the profile calls itself (its ``desc`` tag), '' when LittleCMS cannot say.

    >>> profile = shipped(SHIPPED_PROFILE).read_bytes()
    >>> profile_description(profile), profile_description(b"not a profile")
    ('SWOP TR003 Coated, 240% ink', '')
    """
    try:
        return ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(icc))).strip()
    except (ImageCms.PyCMSError, OSError, ValueError):
        return ""


def limit_ink_image(cmyk: Image.Image, limit: float = INK_LIMIT) -> Image.Image:
    """:func:`~rushmore_print.colors.limit_ink` for every pixel, with Pillow's image arithmetic
    (no per-pixel Python): equal parts of cyan, magenta and yellow become black first, then
    what is still over is cut from cyan, magenta and yellow in proportion. Truncating to 8 bits
    only ever removes ink.

    >>> all_inks = Image.new("CMYK", (1, 1), (255, 255, 255, 255))
    >>> limit_ink_image(all_inks, limit=2.4).getpixel((0, 0))
    (119, 119, 119, 255)
    """
    c, m, y, k = (ImageMath.lambda_eval(lambda a: a["float"](a["v"]), v=band) for band in cmyk.split())
    room = limit * 255

    def ev(expression, **bands):
        return ImageMath.lambda_eval(expression, **bands)

    over = ev(lambda a: a["max"](a["c"] + a["m"] + a["y"] + a["k"] - room, 0.0), c=c, m=m, y=y, k=k)
    grey = ev(lambda a: a["min"](a["min"](a["c"], a["m"]), a["min"](a["y"], 255.0 - a["k"])), c=c, m=m, y=y, k=k)
    moved = ev(lambda a: a["min"](a["o"] / 2.0, a["g"]), o=over, g=grey)
    c, m, y = (ev(lambda a: a["v"] - a["x"], v=v, x=moved) for v in (c, m, y))
    k = ev(lambda a: a["k"] + a["x"], k=k, x=moved)
    colour = ev(lambda a: a["c"] + a["m"] + a["y"], c=c, m=m, y=y)
    left = ev(lambda a: room - a["k"], k=k)
    # scale = min(1, left / colour), with a colour of 0 scaled by 1 (nothing to cut)
    scale = ev(lambda a: a["min"](a["l"] / a["max"](a["s"], 1e-9), 1.0), l=left, s=colour)
    bands = [ev(lambda a: a["convert"](a["v"] * a["f"], "L"), v=v, f=scale) for v in (c, m, y)]
    return Image.merge("CMYK", [*bands, ev(lambda a: a["convert"](a["k"], "L"), k=k)])


__all__ = [
    "CMYK",
    "SHIPPED_INTENT",
    "SHIPPED_PROFILE",
    "CmykConverter",
    "OutputIntent",
    "converter",
    "limit_ink_image",
    "profile_description",
]
