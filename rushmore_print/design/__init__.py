"""The design file: YAML in, a validated frozen :class:`Design` out.

Four jobs, one module each:

- :mod:`.values`: the frozen dataclasses a design becomes (:class:`Design`, :class:`Style`, ...);
- :mod:`.yamlfile`: the line-tracking YAML reader (the only module that imports ``yaml``);
- :mod:`.assets`: the file-safety rules for the art and fonts a design names;
- :mod:`.validation`: every key checked, every problem reported with its file, line and key.

>>> from rushmore_print.design import load_design
>>> design = load_design()
>>> design.name, design.monument_count, design.print.card_name
('Mount Rushmore', 16, 'poker')
"""

from .assets import MAX_ART_PIXELS
from .validation import (
    DESIGN_KEYS,
    RULE_KEYS,
    TOP_KEYS,
    FontCheck,
    design_key_paths,
    load_design,
    parse_design,
    print_font_texts,
    same_name_key,
)
from .values import (
    BUILTIN_CLASSIC,
    MAX_BLEED_MM,
    MAX_DIRECTION_CHARS,
    MAX_HEADS,
    MAX_NAME_CHARS,
    MAX_PLAYERS,
    MOST_SEARCH_CARDS,
    STYLE_CONTRASTS,
    STYLE_KEYS,
    TOO_MUCH_BLEED,
    Design,
    HeadSpec,
    Look,
    Orientation,
    PrintSpec,
    Rules,
    Style,
    most_square_grid,
    slug_of,
)
from .yamlfile import MAX_DEPTH, read_yaml

__all__ = [
    "BUILTIN_CLASSIC",
    "DESIGN_KEYS",
    "MAX_ART_PIXELS",
    "MAX_BLEED_MM",
    "MAX_DEPTH",
    "MAX_DIRECTION_CHARS",
    "MAX_HEADS",
    "MAX_NAME_CHARS",
    "MAX_PLAYERS",
    "MOST_SEARCH_CARDS",
    "RULE_KEYS",
    "STYLE_CONTRASTS",
    "STYLE_KEYS",
    "TOO_MUCH_BLEED",
    "TOP_KEYS",
    "Design",
    "FontCheck",
    "HeadSpec",
    "Look",
    "Orientation",
    "PrintSpec",
    "Rules",
    "Style",
    "design_key_paths",
    "load_design",
    "most_square_grid",
    "parse_design",
    "print_font_texts",
    "read_yaml",
    "same_name_key",
    "slug_of",
]
