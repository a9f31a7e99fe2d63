"""Plane geometry both the drawing items and the SVG reader use: affine matrices, the cubic
Bezier ellipse and the fill rule. Pure, in whatever units the caller works in."""

from __future__ import annotations

import enum

Matrix = tuple[float, float, float, float, float, float]  # a b c d e f: x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
KAPPA = 0.5523  # the control distance, per radius, of a cubic curve through a quarter ellipse


def multiply(first: Matrix, then: Matrix) -> Matrix:
    """The transform that applies ``first`` and then ``then``.

    >>> scale_then_shift = multiply((2.0, 0.0, 0.0, 2.0, 0.0, 0.0), (1.0, 0.0, 0.0, 1.0, 10.0, 0.0))
    >>> apply(scale_then_shift, 1.0, 1.0)
    (12.0, 2.0)
    """
    a1, b1, c1, d1, e1, f1 = first
    a2, b2, c2, d2, e2, f2 = then
    return (
        a1 * a2 + b1 * c2,
        a1 * b2 + b1 * d2,
        c1 * a2 + d1 * c2,
        c1 * b2 + d1 * d2,
        e1 * a2 + f1 * c2 + e2,
        e1 * b2 + f1 * d2 + f2,
    )


def apply(matrix: Matrix, x: float, y: float) -> tuple[float, float]:
    """The point ``(x, y)`` moved by the matrix.

    >>> apply(IDENTITY, 3.0, 4.0), apply((0.0, 1.0, -1.0, 0.0, 0.0, 0.0), 1.0, 0.0)
    ((3.0, 4.0), (0.0, 1.0))
    """
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def scale_of(matrix: Matrix) -> float:
    """How much the matrix scales lengths (the square root of its area factor): a stroke's or a
    letter's drawn size is its own times this.

    >>> scale_of((0.0, 0.5, -0.5, 0.0, 10.0, 3.0))  # turned a quarter and halved
    0.5
    """
    a, b, c, d, _, _ = matrix
    return abs(a * d - b * c) ** 0.5


def ellipse(cx: float, cy: float, rx: float, ry: float) -> tuple[tuple, ...]:
    """Path commands of an ellipse: four cubic curves from its rightmost point, closed.

    >>> ellipse(0, 0, 1, 1)[:2]
    (('M', 1, 0), ('C', 1, 0.5523, 0.5523, 1, 0, 1))
    """
    kx, ky = KAPPA * rx, KAPPA * ry
    return (
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    )


class FillRule(enum.Enum):
    """Which points a filled path covers when its subpaths overlap or it crosses itself.

    ``NONZERO`` (SVG's default): a point is inside when the path winds round it at all, so a
    subpath drawn the same way round as the one around it adds to it; ``EVEN_ODD``: inside when
    an odd number of edges lie on either side, so any subpath inside another cuts a hole.

    >>> FillRule("evenodd"), FillRule.NONZERO.value
    (<FillRule.EVEN_ODD: 'evenodd'>, 'nonzero')
    """

    NONZERO = "nonzero"
    EVEN_ODD = "evenodd"


__all__ = ["IDENTITY", "KAPPA", "FillRule", "Matrix", "apply", "ellipse", "multiply", "scale_of"]
