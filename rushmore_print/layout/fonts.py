"""The layouts' view of the type family (see ``typeface``): fonts and text widths in mm."""

from ..typeface import PT_TO_MM as PT_TO_MM
from ..typeface import Font as Font
from ..typeface import printed_upper as printed_upper
from ..typeface import text_width_mm as text_width_mm
