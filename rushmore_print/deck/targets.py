"""Export targets: one registry of metadata that the CLI's choices, its help, its progress bar
and its option checks all read, and the vendors' numbers each export works to.

This module only describes targets; it imports nothing heavy (``rushmore --help`` stays fast)
and runs nothing. The functions that write them are registered where they live, in
``export.EXPORTERS``, keyed by :class:`TargetKind`. Adding a target is a member of
:class:`TargetKind`, an entry in :data:`EXPORTS` and the function in ``export.EXPORTERS``
(a test checks that each kind has both).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import OptionsError
from ..units import EIGHTH_INCH_MM, MM_PER_INCH

if TYPE_CHECKING:
    from ..design import Design

Progress = Callable[[str], None]


class TargetKind(enum.Enum):
    """Every export ``rushmore export`` knows; the value is its name on the command line.

    >>> TargetKind("dtc"), EXPORTS[TargetKind.DTC.value].kind is TargetKind.DTC
    (<TargetKind.DTC: 'dtc'>, True)
    """

    PNG = "png"
    TGC = "tgc"
    MPC = "mpc"
    DTC = "dtc"
    TTS = "tts"
    SVG = "svg"


@dataclass(frozen=True)
class RasterTarget:
    """How a vendor wants card images: resolution, bleed and orientation.

    >>> tgc = RASTER_TARGETS[TargetKind.TGC]
    >>> tgc.dpi, tgc.bleed_mm, tgc.portrait
    (300, 3.175, True)
    """

    kind: TargetKind
    dpi: int
    bleed_mm: float
    portrait: bool
    pixels: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # upright px for a card preset

    @property
    def name(self) -> str:
        """The target's name on the command line.

        >>> RASTER_TARGETS[TargetKind.MPC].name
        'mpc'
        """
        return self.kind.value

    def size_for(self, card_name: str) -> tuple[int, int] | None:
        """The exact upright image size the vendor asks for this card, when it publishes one.

        >>> RASTER_TARGETS[TargetKind.TGC].size_for("poker"), RASTER_TARGETS[TargetKind.MPC].size_for("tarot")
        ((825, 1125), None)
        """
        return self.pixels.get(card_name)


# The Game Crafter publishes its templates in pixels, 300 dpi with 1/8 in bleed: poker
# 825 x 1125, bridge 750 x 1125, tarot 900 x 1500 (its tarot is 2.75 x 4.75 in, not
# 70 x 120 mm). Other card sizes: the card's own size at 300 dpi plus the bleed.
TGC_IMAGES = RasterTarget(
    TargetKind.TGC, 300, EIGHTH_INCH_MM, True, {"poker": (825, 1125), "bridge": (750, 1125), "tarot": (900, 1500)}
)
# MakePlayingCards cuts poker cards at 63 x 88 mm; with its 0.12 in bleed an image is
# 816 x 1110 px at 300 dpi (2.72 x 3.7 in, the size the community tool mpc-autofill works to).
MPC_IMAGES = RasterTarget(TargetKind.MPC, 300, 0.12 * MM_PER_INCH, True, {"poker": (816, 1110)})
RASTER_TARGETS = {target.kind: target for target in (TGC_IMAGES, MPC_IMAGES)}
# mpc-autofill's order file: MPC prices orders in these size brackets, and this stock is its default.
MPC_BRACKETS = (18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198, 216, 234, 396, 504, 612)
MPC_STOCK = "(S30) Standard Smooth"
DTC_BLEED_MM = EIGHTH_INCH_MM  # DriveThruCards: one card with 1/8 in bleed a page
TTS_MAX_WIDTH = 4096  # Tabletop Simulator: a sheet at most 4096 px and 10 x 7 cells
TTS_MAX_COLS, TTS_MAX_ROWS = 10, 7
TTS_CARDS_PER_SHEET = TTS_MAX_COLS * TTS_MAX_ROWS - 1  # the last cell holds the hidden-card image
TTS_MAX_DPI = 300  # a card needs no more on screen; a small deck's cells would otherwise grow past it


@dataclass(frozen=True)
class ExportOptions:
    """What ``rushmore export`` was asked for: the resolution, the bleed (None: the design's) and, for
    Tabletop Simulator, where the files will be hosted. Each target honours only some of them.

    >>> ExportOptions(), sorted(EXPORTS["png"].honours)
    (ExportOptions(dpi=300, bleed_mm=None, url_base=None), ['bleed', 'dpi'])
    """

    dpi: int = 300
    bleed_mm: float | None = None  # None: the design's bleed
    url_base: str | None = None  # tts: where the files will be hosted


DEFAULTS = ExportOptions()


@dataclass(frozen=True)
class Target:
    """One export: its kind and help, which options it honours and how many files it writes (for
    a progress bar). ``export.run_export`` writes it.

    >>> from rushmore_print import load_design
    >>> tts = EXPORTS["tts"]
    >>> tts.kind, sorted(tts.honours), tts.files(load_design())
    (<TargetKind.TTS: 'tts'>, ['url_base'], 5)
    """

    kind: TargetKind
    help: str
    honours: frozenset[str]
    files: Callable[[Design], int]

    @property
    def name(self) -> str:
        """The name on the command line: ``rushmore export png``.

        >>> [target.name for target in EXPORTS.values()]
        ['png', 'tgc', 'mpc', 'dtc', 'tts', 'svg']
        """
        return self.kind.value

    def options(
        self, dpi: int | None = None, bleed_mm: float | None = None, url_base: str | None = None
    ) -> ExportOptions:
        """The export's options from those given (None: not given, the default), refusing one that
        this target does not honour, naming the targets that do.

        >>> EXPORTS["png"].options(dpi=150).dpi
        150
        >>> EXPORTS["tgc"].options(dpi=150)
        Traceback (most recent call last):
        rushmore_print.errors.OptionsError: --dpi applies to png only, not to tgc
        """
        given = {
            name for name, value in (("dpi", dpi), ("bleed", bleed_mm), ("url_base", url_base)) if value is not None
        }
        for name in sorted(given - self.honours):
            owners = " and ".join(t.name for t in EXPORTS.values() if name in t.honours)
            raise OptionsError(f"--{name.replace('_', '-')} applies to {owners} only, not to {self.name}")
        return ExportOptions(DEFAULTS.dpi if dpi is None else dpi, bleed_mm, url_base)


def _faces_and_backs(design: Design) -> int:
    return design.monument_count + design.search_count + 2


def _px(target: RasterTarget) -> str:
    """The poker image size a vendor asks for, as the help says it: ``825 x 1125 px``."""
    width, height = target.pixels["poker"]
    return f"{width} x {height} px"


def tts_files(design: Design) -> int:
    """Face sheets for both decks, a back per deck and the saved-object JSON.

    >>> from rushmore_print import load_design
    >>> tts_files(load_design())
    5
    """
    per_sheet = TTS_CARDS_PER_SHEET
    sheets = math.ceil(design.monument_count / per_sheet) + math.ceil(design.search_count / per_sheet)
    return sheets + 3


EXPORTS: dict[str, Target] = {
    target.name: target
    for target in (
        Target(TargetKind.PNG, "one PNG per card face and back, at --dpi, with --bleed (default: the design's)",
               frozenset({"dpi", "bleed"}), _faces_and_backs),
        Target(TargetKind.TGC,
               f"The Game Crafter: {_px(TGC_IMAGES)} per poker face ({TGC_IMAGES.dpi} dpi, 1/8 in bleed), "
               "folder per deck", frozenset(), _faces_and_backs),
        Target(TargetKind.MPC,
               f"MakePlayingCards: {_px(MPC_IMAGES)} per poker face, 0.12 in bleed; mpc-autofill order",
               frozenset(), lambda design: _faces_and_backs(design) + 1),
        Target(TargetKind.DTC, "DriveThruCards: one CMYK PDF per deck, back 1, front 1, back 2, ...",
               frozenset(), lambda design: 2),
        Target(TargetKind.TTS,
               f"Tabletop Simulator: face sheets ({TTS_MAX_COLS} x {TTS_MAX_ROWS} at most), backs, "
               "saved-object JSON; --url-base",
               frozenset({"url_base"}), tts_files),
        Target(TargetKind.SVG, "one SVG per card face and back, in mm, self-contained (text as outlines), "
               "with --bleed (default: the design's)", frozenset({"bleed"}), _faces_and_backs),
    )
}  # fmt: skip


__all__ = [
    "DEFAULTS",
    "DTC_BLEED_MM",
    "EXPORTS",
    "MPC_BRACKETS",
    "MPC_IMAGES",
    "MPC_STOCK",
    "RASTER_TARGETS",
    "TGC_IMAGES",
    "TTS_CARDS_PER_SHEET",
    "TTS_MAX_DPI",
    "TTS_MAX_WIDTH",
    "ExportOptions",
    "Progress",
    "RasterTarget",
    "Target",
    "TargetKind",
    "tts_files",
]
