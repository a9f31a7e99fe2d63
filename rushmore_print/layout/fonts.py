"""The layouts' view of the type family (see ``typeface``): fonts and text widths in mm."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..typeface import Font as Font
from ..typeface import printed_upper as printed_upper
from ..typeface import text_width_mm as text_width_mm

if TYPE_CHECKING:
    from ..design import Design


def name_font(design: Design) -> Font:
    """The face of the heads' names and the game's title: the designer's ``print.font``, or bold.

    >>> from rushmore_print.design import load_design
    >>> name_font(load_design()) is Font.BOLD
    True
    """
    return Font.designer(design.print.font) if design.print.font is not None else Font.BOLD


__all__ = ["Font", "name_font", "printed_upper", "text_width_mm"]
