"""Export targets: one registry of metadata that the CLI's choices, its help, its progress bar
and its option checks all read, and the vendors' numbers each export works to.

This module only describes targets; it imports nothing heavy (``rushmore --help`` stays fast)
and runs nothing. The functions that write them are registered where they live, in
``export.EXPORTERS``, keyed by :class:`TargetKind`. Adding a target is a member of
:class:`TargetKind`, an entry in :data:`EXPORTS` and the function in ``export.EXPORTERS``
(a test checks that each kind has both).

The vendors' numbers are data: each vendor target names its profile (``data/vendors/tgc.yaml``...,
read by ``design.vendors`` when an export or its help first needs it, so ``rushmore --help``
reads no YAML), and a print shop's profile a designer writes is exported to the same way.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import OptionsError
from ..frozen import frozen_dataclass
from ..sizes import CARD_PRESETS

if TYPE_CHECKING:
    from ..design import Design
    from ..design.vendors import VendorProfile

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


@frozen_dataclass
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


@frozen_dataclass
class Target:
    """One export: its kind and help, which options it honours and how many files it writes (for
    a progress bar). ``export.run_export`` writes it.

    >>> from rushmore_print import load_design
    >>> tts = EXPORTS["tts"]
    >>> tts.kind, sorted(tts.honours), tts.files(load_design())
    (<TargetKind.TTS: 'tts'>, ['url_base'], 5)
    """

    kind: TargetKind
    help: str  # a template: {name}, {poker}, {dpi}, {bleed}, {columns}, {rows} from its vendor profile
    honours: frozenset[str]
    files: Callable[[Design], int]
    profile: str | None = None  # its vendor's numbers: data/vendors/PROFILE.yaml

    def vendor(self) -> VendorProfile | None:
        """The vendor's numbers this target works to (read once, when first asked), or None.

        >>> EXPORTS["mpc"].vendor().size_for(63.5, 88.9), EXPORTS["png"].vendor()
        ((816, 1110), None)
        """
        from ..design.vendors import shipped_vendor_profile  # read when asked: rushmore --help loads no design

        return None if self.profile is None else shipped_vendor_profile(self.profile)

    def describe(self) -> str:
        """The target's line in ``rushmore export --help``, with its vendor's numbers.

        >>> EXPORTS["tgc"].describe()
        'The Game Crafter: 825 x 1125 px per poker face (300 dpi, 1/8 in bleed), folder per deck'
        """
        from ..design.vendors import bleed_words

        vendor = self.vendor()
        if vendor is None:
            return self.help
        poker = vendor.size_for(*CARD_PRESETS["poker"])
        grid = vendor.sheet
        return self.help.format(
            name=vendor.name,
            poker=f"{poker[0]} x {poker[1]} px" if poker else "",
            dpi=vendor.dpi,
            bleed=bleed_words(vendor.bleed_mm),
            columns=grid.columns if grid else "",
            rows=grid.rows if grid else "",
        )

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


def vendor_files(profile: VendorProfile, design: Design) -> int:
    """How many files an export to ``profile`` writes for ``design`` (for a progress bar): an image
    per face and a back per deck (and an order); a PDF per deck; or the face sheets of both decks,
    a back each and the saved object.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.design.vendors import shipped_vendor_profile
    >>> [vendor_files(shipped_vendor_profile(name), load_design()) for name in ("tgc", "mpc", "dtc", "tts")]
    [57, 58, 2, 5]
    """
    from ..design.vendors import FileKind

    if profile.files is FileKind.PDF:
        return 2
    if profile.files is FileKind.SHEETS:
        assert profile.sheet is not None  # the reader requires it for sheets
        per_sheet = profile.sheet.cards_per_sheet
        return math.ceil(design.monument_count / per_sheet) + math.ceil(design.search_count / per_sheet) + 3
    return _faces_and_backs(design) + (profile.order is not None)


def _vendor_files(name: str) -> Callable[[Design], int]:
    def files(design: Design) -> int:
        from ..design.vendors import shipped_vendor_profile  # when counted, not when EXPORTS is made

        return vendor_files(shipped_vendor_profile(name), design)

    return files


def profile_options(profile: VendorProfile, url_base: str | None = None) -> ExportOptions:
    """The options of an export to a print shop's profile, which fixes the resolution and the
    bleed itself: only ``url_base``, and only for face sheets.

    >>> from rushmore_print.design.vendors import shipped_vendor_profile
    >>> profile_options(shipped_vendor_profile("tts"), "https://x.org/a").url_base
    'https://x.org/a'
    >>> profile_options(shipped_vendor_profile("tgc"), "https://x.org/a")
    Traceback (most recent call last):
    rushmore_print.errors.OptionsError: --url-base applies to face sheets only (files: sheets), not to <shipped ...>
    """
    from ..design.vendors import FileKind

    if url_base is not None and profile.files is not FileKind.SHEETS:
        raise OptionsError(f"--url-base applies to face sheets only (files: sheets), not to {profile.source}")
    return ExportOptions(DEFAULTS.dpi, None, url_base)


def export_files(target: Target | VendorProfile, design: Design) -> int:
    """How many files exporting ``design`` to a target or a print shop's profile writes.

    >>> from rushmore_print import load_design
    >>> from rushmore_print.design.vendors import shipped_vendor_profile
    >>> export_files(EXPORTS["png"], load_design()), export_files(shipped_vendor_profile("dtc"), load_design())
    (57, 2)
    """
    from ..design.vendors import VendorProfile

    return vendor_files(target, design) if isinstance(target, VendorProfile) else target.files(design)


EXPORTS: dict[str, Target] = {
    target.name: target
    for target in (
        Target(TargetKind.PNG, "one PNG per card face and back, at --dpi, with --bleed (default: the design's)",
               frozenset({"dpi", "bleed"}), _faces_and_backs),
        Target(TargetKind.TGC, "{name}: {poker} per poker face ({dpi} dpi, {bleed} bleed), folder per deck",
               frozenset(), _vendor_files("tgc"), "tgc"),
        Target(TargetKind.MPC, "{name}: {poker} per poker face, {bleed} bleed; mpc-autofill order",
               frozenset(), _vendor_files("mpc"), "mpc"),
        Target(TargetKind.DTC, "{name}: one CMYK PDF per deck, back 1, front 1, back 2, ...",
               frozenset(), _vendor_files("dtc"), "dtc"),
        Target(TargetKind.TTS, "{name}: face sheets ({columns} x {rows} at most), backs, saved-object JSON; --url-base",
               frozenset({"url_base"}), _vendor_files("tts"), "tts"),
        Target(TargetKind.SVG, "one SVG per card face and back, in mm, self-contained (text as outlines), "
               "with --bleed (default: the design's)", frozenset({"bleed"}), _faces_and_backs),
    )
}  # fmt: skip


__all__ = [
    "DEFAULTS",
    "EXPORTS",
    "ExportOptions",
    "Progress",
    "Target",
    "TargetKind",
    "export_files",
    "profile_options",
    "vendor_files",
]
