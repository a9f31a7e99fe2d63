"""Export targets: one registry that the CLI's choices, its help, its progress bar and its
option checks all read, and the vendors' numbers each export works to.

Naming a target imports nothing heavy (``rushmore --help`` stays fast); running one imports the
renderers then (``export``). Adding a target is one entry here and one function in ``export``.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .units import MM_PER_INCH

if TYPE_CHECKING:
    from .files import Written
    from .spec import Design

Progress = Callable[[str], None]


@dataclass(frozen=True)
class RasterTarget:
    """How a vendor wants card images: resolution, bleed and orientation."""

    name: str
    dpi: int
    bleed_mm: float
    portrait: bool
    pixels: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # upright px for a card preset

    def size_for(self, card_name: str) -> tuple[int, int] | None:
        """The exact upright image size the vendor asks for this card, when it publishes one."""
        return self.pixels.get(card_name)


RASTER_TARGETS = {
    # The Game Crafter publishes its templates in pixels, 300 dpi with 1/8 in bleed: poker
    # 825 x 1125, bridge 750 x 1125, tarot 900 x 1500 (its tarot is 2.75 x 4.75 in, not
    # 70 x 120 mm). Other card sizes: the card's own size at 300 dpi plus the bleed.
    "tgc": RasterTarget(
        "tgc", 300, MM_PER_INCH / 8, True, {"poker": (825, 1125), "bridge": (750, 1125), "tarot": (900, 1500)}
    ),
    # MakePlayingCards cuts poker cards at 63 x 88 mm; with its 0.12 in bleed an image is
    # 816 x 1110 px at 300 dpi (2.72 x 3.7 in, the size the community tool mpc-autofill works to).
    "mpc": RasterTarget("mpc", 300, 0.12 * MM_PER_INCH, True, {"poker": (816, 1110)}),
}
# mpc-autofill's order file: MPC prices orders in these size brackets, and this stock is its default.
MPC_BRACKETS = (18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198, 216, 234, 396, 504, 612)
MPC_STOCK = "(S30) Standard Smooth"
DTC_BLEED_MM = MM_PER_INCH / 8  # DriveThruCards: one card with 1/8 in bleed a page
TTS_MAX_WIDTH = 4096  # Tabletop Simulator: a sheet at most 4096 px and 10 x 7 cells
TTS_MAX_COLS, TTS_MAX_ROWS = 10, 7
TTS_MAX_DPI = 300  # a card needs no more on screen; a small deck's cells would otherwise grow past it


@dataclass(frozen=True)
class ExportOptions:
    dpi: int = 300
    bleed_mm: float | None = None  # None: the design's bleed
    url_base: str | None = None  # tts: where the files will be hosted


DEFAULTS = ExportOptions()


@dataclass(frozen=True)
class Target:
    """One export: its name and help, which options it honours, how many files it writes (for a
    progress bar) and the function in ``export`` that writes them."""

    name: str
    help: str
    honours: frozenset[str]
    files: Callable[[Design], int]
    function: str

    def run(self, design: Design, out_dir: Path, options: ExportOptions, progress: Progress | None) -> list[Written]:
        export = importlib.import_module(".export", __package__)
        return getattr(export, self.function)(design, out_dir, options, progress)


def _faces_and_backs(design: Design) -> int:
    return design.monument_count + design.search_count + 2


def tts_files(design: Design) -> int:
    """Face sheets for both decks, a back per deck and the saved-object JSON."""
    per_sheet = TTS_MAX_COLS * TTS_MAX_ROWS - 1  # the last cell holds the hidden-card image
    sheets = math.ceil(design.monument_count / per_sheet) + math.ceil(design.search_count / per_sheet)
    return sheets + 3


EXPORTS: dict[str, Target] = {
    target.name: target
    for target in (
        Target("png", "one PNG per card face and back, at --dpi, with --bleed (default: the design's)",
               frozenset({"dpi", "bleed"}), _faces_and_backs, "export_png"),
        Target("tgc", "The Game Crafter: 825 x 1125 px per poker face (300 dpi, 1/8 in bleed), folder per deck",
               frozenset(), _faces_and_backs, "export_tgc"),
        Target("mpc", "MakePlayingCards: 816 x 1110 px per poker face, 0.12 in bleed; mpc-autofill order",
               frozenset(), lambda design: _faces_and_backs(design) + 1, "export_mpc"),
        Target("dtc", "DriveThruCards: one CMYK PDF per deck, back 1, front 1, back 2, ...",
               frozenset(), lambda design: 2, "export_dtc"),
        Target("tts", "Tabletop Simulator: face sheets (10 x 7 at most), backs, saved-object JSON; --url-base",
               frozenset({"url_base"}), tts_files, "export_tts"),
    )
}  # fmt: skip
