"""Colours as RGB triples in 0..1, parsed from ``#rrggbb``, with the contrast arithmetic the card
art is held to (WCAG relative luminance: figures 3:1 against what is behind them, text 4.5:1).

Pure and dependency-free: the design reader validates a palette with it, the layout mixes tones
with it, and the tests measure contrast with the same functions.
"""

from __future__ import annotations

import math
import re

Color = tuple[float, float, float]

_HEX = re.compile(r"^#?([0-9a-fA-F]{6})$")


def parse_hex(text: str) -> Color:
    """``parse_hex("#ff8000")`` -> ``(1.0, 0.502, 0.0)``; rounded to 3 places for stable output.

    >>> parse_hex("#ff8000")
    (1.0, 0.502, 0.0)
    """
    match = _HEX.match(text.strip())
    if not match:
        raise ValueError(f"expected a colour as #rrggbb (six hex digits), got {text!r}")
    value = match.group(1)
    return (
        round(int(value[0:2], 16) / 255.0, 3),
        round(int(value[2:4], 16) / 255.0, 3),
        round(int(value[4:6], 16) / 255.0, 3),
    )


def mix(color: Color, other: Color, amount: float) -> Color:
    """``color`` moved ``amount`` (0..1) of the way towards ``other``.

    >>> mix((0.0, 0.0, 0.0), (1.0, 1.0, 1.0), 0.25)
    (0.25, 0.25, 0.25)
    """
    (r, g, b), (r2, g2, b2) = color, other
    return round(r + (r2 - r) * amount, 3), round(g + (g2 - g) * amount, 3), round(b + (b2 - b) * amount, 3)


def relative_luminance(color: Color) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white).

    >>> relative_luminance((0.0, 0.0, 0.0)), round(relative_luminance((0.5, 0.5, 0.5)), 3)
    (0.0, 0.214)
    """
    r, g, b = (_to_linear(v) for v in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio, 1 (same) to 21 (black on white).

    >>> round(contrast((0.0, 0.0, 0.0), (1.0, 1.0, 1.0)), 1)
    21.0
    """
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def grey(color: Color) -> float:
    """The grey a greyscale print or ``pdftoppm -gray`` gives (ITU-R 601 luma, 0..1).

    >>> grey((1.0, 0.0, 0.0)), grey((0.0, 0.0, 0.0))
    (0.299, 0.0)
    """
    r, g, b = color
    return 0.299 * r + 0.587 * g + 0.114 * b


def in_grey(color: Color) -> Color:
    """``color`` as a greyscale print shows it: its grey on every channel.

    >>> in_grey((1.0, 0.0, 0.0))
    (0.299, 0.299, 0.299)
    """
    g = round(grey(color), 4)
    return g, g, g


# Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of color
# vision deficiency", protanopia at severity 1.0: a matrix on linear RGB.
_PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)


def _to_linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _from_linear(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def protanopia(color: Color) -> Color:
    """``color`` as a protanope (no red-sensitive cones, about 1 % of men) sees it: a red turns
    dark olive, so a red-versus-dark cue vanishes while a light-versus-dark one stays.

    >>> protanopia((1.0, 1.0, 1.0))
    (1.0, 1.0, 1.0)
    >>> protanopia((0.827, 0.184, 0.184))  # the classic red: a dark olive
    (0.386, 0.348, 0.175)
    """
    linear = [_to_linear(v) for v in color]
    r, g, b = (round(_from_linear(sum(m * v for m, v in zip(row, linear))), 3) for row in _PROTANOPIA)
    return r, g, b


BLACK: Color = (0.0, 0.0, 0.0)
WHITE: Color = (1.0, 1.0, 1.0)


INK_LIMIT = 2.4  # total ink (C + M + Y + K) a print shop accepts: DriveThruCards asks for 240 %


def limit_ink(cmyk: tuple[float, float, float, float], limit: float = INK_LIMIT) -> tuple[float, float, float, float]:
    """CMYK fractions with the total ink held to ``limit``, keeping the hue. Equal parts of cyan,
    magenta and yellow (the grey in the colour) are printed as black first: each part moved saves
    two of ink and leaves the hue alone. What is still over is cut from cyan, magenta and yellow
    in proportion, so their ratios, which make the hue, stay. Rounded down to 4 places (rounding
    up could pass the limit).

    >>> limit_ink((0.5, 0.5, 0.5, 0.5))
    (0.5, 0.5, 0.5, 0.5)
    >>> limit_ink((0.8, 0.7, 0.7, 0.6))  # 280 %: 0.2 of the grey becomes black
    (0.6, 0.5, 0.5, 0.8)
    >>> limit_ink((1.0, 0.5, 0.0, 1.0), limit=2.0)  # no grey to move: cyan and magenta cut, 2:1 kept
    (0.6666, 0.3333, 0.0, 1.0)
    """
    c, m, y, k = cmyk
    over = c + m + y + k - limit
    if over > 0:
        moved = min(over / 2, c, m, y, 1 - k)
        c, m, y, k = c - moved, m - moved, y - moved, k + moved
        colour = c + m + y
        if colour > 0 and colour + k > limit:
            scale = (limit - k) / colour
            c, m, y = c * scale, m * scale, y * scale
    return _down(c), _down(m), _down(y), _down(k)


def _down(value: float) -> float:
    return math.floor(value * 10_000 + 1e-6) / 10_000  # 1e-6: 0.29 * 10_000 is 2899.9999999999995


__all__ = [
    "BLACK",
    "INK_LIMIT",
    "WHITE",
    "Color",
    "contrast",
    "grey",
    "in_grey",
    "limit_ink",
    "mix",
    "parse_hex",
    "protanopia",
    "relative_luminance",
]
