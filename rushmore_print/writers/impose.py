"""Impose any card images on print-and-play sheets with the sheet engine of ``rushmore build``.

Images are embedded without re-encoding where the format allows (see ``render/rawpdf.py``).
"""

from __future__ import annotations

import glob
import re
from collections.abc import Sequence
from pathlib import Path

from ..errors import BuildError, OptionsError
from ..frozen import frozen_dataclass
from ..language.words import count
from ..layout.frame import CardFrame, Face
from ..layout.items import Document, Image, ImageFit, Rect
from ..layout.sheets import PAPERS, Flip, SheetLayout, sheet_pages, sheet_plan
from ..readers.inputs import shown_path
from ..readers.rasters import read_raster
from ..render.rawpdf import EmbeddedImage, load_images, render_raw_pdf
from ..sizes import CARD_MM_RANGE, CARD_PRESETS
from ..units import EIGHTH_INCH_MM, mm_to_px, px_to_mm
from .files import Written, atomic_write

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg"}


def collect_images(arguments: list[str]) -> list[Path]:
    """Files, folders (their images, sorted by name) and glob patterns, in the order given.

    Raises ``BuildError`` for an argument that names nothing, or when no image is found at all.

    >>> import tempfile
    >>> from PIL import Image
    >>> scratch = tempfile.TemporaryDirectory()
    >>> folder = Path(scratch.name)
    >>> for name in ("S02.jpg", "S01.png", "notes.txt"):
    ...     (folder / name).touch()
    >>> [path.name for path in collect_images([str(folder)])]
    ['S01.png', 'S02.jpg']
    >>> collect_images([str(folder / "*.webp")])
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: .../*.webp: no image matches this pattern
    >>> scratch.cleanup()
    """
    found: list[Path] = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            found += sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        elif path.is_file():
            found.append(path)
        elif any(ch in argument for ch in "*?["):
            matches = sorted(Path(p) for p in glob.glob(argument) if Path(p).suffix.lower() in IMAGE_SUFFIXES)
            if not matches:
                raise BuildError(f"{argument}: no image matches this pattern")
            found += matches
        else:
            raise BuildError(f"{argument}: no such file or folder")
    if not found:
        raise BuildError("no card images given (PNG or JPEG files, folders or patterns)")
    return found


# How ``rushmore export png`` names the backs of a folder of cards: ``back.png`` for all of them,
# ``back-monument.png`` for the cards whose names start with M, ``back-search.png`` for S...
_BACK = re.compile(r"^back(?:-(\w+))?$", re.IGNORECASE)
BLEEDS_TO_TRY = (3.0, EIGHTH_INCH_MM)  # the common bleeds: 3 mm, and 1/8 in (DriveThruCards, The Game Crafter)


@frozen_dataclass
class Collected:
    """Card images to impose: the fronts, and the backs the folders supplied (one per front).

    >>> import tempfile
    >>> from PIL import Image
    >>> scratch = tempfile.TemporaryDirectory()
    >>> folder = Path(scratch.name)
    >>> for name in ("M01.png", "M02.png", "back.png"):
    ...     Image.new("RGB", (750, 1050)).save(folder / name, dpi=(300, 300))
    >>> cards = collect_cards([str(folder)])
    >>> [front.name for front in cards.fronts], [back.name for back in cards.backs]
    (['M01.png', 'M02.png'], ['back.png', 'back.png'])
    >>> scratch.cleanup()
    """

    fronts: list[Path]
    backs: list[Path] | None


def collect_cards(arguments: list[str]) -> Collected:
    """Like :func:`collect_images`, but a folder's back images are not fronts: they become the
    backs of that folder's cards, so a folder written by ``export png`` imposes as a whole kit.

    >>> import tempfile
    >>> from PIL import Image
    >>> scratch = tempfile.TemporaryDirectory()
    >>> folder = Path(scratch.name)
    >>> Image.new("RGB", (750, 1050)).save(folder / "back.png")
    >>> collect_cards([str(folder)])
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: only back images were given; give the card fronts too
    >>> scratch.cleanup()
    """
    fronts: list[Path] = []
    backs: list[Path | None] = []
    for argument in arguments:
        path = Path(argument)
        images = collect_images([argument])
        if not path.is_dir():
            fronts += images
            backs += [None] * len(images)
            continue
        folder_backs = {}
        for image in images:
            named = _BACK.match(image.stem)
            if named:
                folder_backs[(named.group(1) or "").lower()] = image
        for image in images:
            if _BACK.match(image.stem):
                continue
            fronts.append(image)
            backs.append(_back_for(image, folder_backs))
    if not fronts:
        raise BuildError("only back images were given; give the card fronts too")
    if all(b is None for b in backs):
        return Collected(fronts, None)
    missing = [front.name for front, b in zip(fronts, backs) if b is None]
    if missing:
        raise BuildError(f"no back image for {', '.join(missing[:5])}; give --back IMAGE for every card")
    return Collected(fronts, [b for b in backs if b is not None])


def _back_for(front: Path, folder_backs: dict[str, Path]) -> Path | None:
    for deck, back in folder_backs.items():
        if deck and front.stem[:1].lower() == deck[:1]:
            return back
    return folder_backs.get("")


def bleed_from(image: Path) -> float | None:
    """The bleed an image carries, when its size says so: the common bleed that leaves exactly a
    card preset (within a pixel), None when the image is a preset already or no bleed fits.

    >>> import tempfile
    >>> from PIL import Image
    >>> scratch = tempfile.TemporaryDirectory()
    >>> folder = Path(scratch.name)
    >>> Image.new("RGB", (750, 1050)).save(folder / "poker.png", dpi=(300, 300))
    >>> Image.new("RGB", (821, 1121)).save(folder / "bled.png", dpi=(300, 300))
    >>> bleed_from(folder / "poker.png"), bleed_from(folder / "bled.png")
    (None, 3.0)
    >>> scratch.cleanup()
    """
    raster = read_raster(image, verify=False)
    dpi = raster.upright_dpi
    if dpi is None:
        return None
    width, height = raster.upright_size
    w_mm, h_mm = px_to_mm(width, dpi[0]), px_to_mm(height, dpi[1])
    pixel = px_to_mm(1.0, min(dpi))
    presets = {size for short, long_ in CARD_PRESETS.values() for size in ((short, long_), (long_, short))}
    if _snap_to_preset(w_mm, h_mm, pixel) in presets:
        return None
    for bleed in BLEEDS_TO_TRY:
        if _snap_to_preset(w_mm - 2 * bleed, h_mm - 2 * bleed, pixel) in presets:
            return bleed
    return None


@frozen_dataclass
class Cards:
    """The card images ``rushmore impose`` was given, resolved: the fronts, their backs (``back``
    for every card, or ``backs`` one a front, from ``--backs`` or the fronts' folders) and the bleed
    the images carry (``bleed_found``: read from their size, not given).

    >>> import tempfile
    >>> from PIL import Image
    >>> scratch = tempfile.TemporaryDirectory()
    >>> for name in ("M01.png", "M02.png"):
    ...     Image.new("RGB", (821, 1121)).save(Path(scratch.name) / name, dpi=(300, 300))
    >>> cards = find_cards([scratch.name], back=Path("back.png"))
    >>> [front.name for front in cards.fronts], cards.bleed_mm, cards.bleed_found, cards.has_backs
    (['M01.png', 'M02.png'], 3.0, True, True)
    >>> scratch.cleanup()
    """

    fronts: list[Path]
    back: Path | None = None
    backs: list[Path] | None = None
    bleed_mm: float = 0.0
    bleed_found: bool = False

    @property
    def has_backs(self) -> bool:
        """True if the cards have backs to print (one for all, or one a front).

        >>> Cards([Path("M01.png")]).has_backs, Cards([Path("M01.png")], back=Path("back.png")).has_backs
        (False, True)
        """
        return bool(self.back or self.backs)


def find_cards(
    images: Sequence[str],
    back: Path | None = None,
    backs: Path | None = None,
    card_mm: tuple[float, float] | None = None,
    bleed_mm: float | None = None,
) -> Cards:
    """The fronts and backs among ``images`` (files, folders, patterns; see :func:`collect_cards`),
    with one ``back`` for all or a folder of ``backs``; without ``bleed_mm`` or ``card_mm``, the
    bleed is read from the first image's size (a card preset plus a common bleed), else 0.

    >>> find_cards(["cards/"], back=Path("back.png"), backs=Path("backs"))
    Traceback (most recent call last):
    rushmore_print.errors.OptionsError: give --back (one image for every card) or --backs (a folder), not both
    """
    if back and backs:
        raise OptionsError("give --back (one image for every card) or --backs (a folder), not both")
    collected = collect_cards(list(images))
    found = bleed_from(collected.fronts[0]) if card_mm is None and bleed_mm is None else None
    back_list = collect_images([str(backs)]) if backs else (None if back else collected.backs)
    bleed = found if found is not None else (bleed_mm or 0.0)
    return Cards(collected.fronts, back, back_list, bleed, found is not None)


def card_size_from(image: Path, bleed_mm: float) -> tuple[float, float]:
    """Trim size in mm read from an image's pixels and dpi, less the bleed it carries.

    Refused, naming the image, when it gives no resolution (or one that cannot be right: the
    reason is said) or when the size it gives is not a card's.

    >>> import tempfile
    >>> from PIL import Image
    >>> scratch = tempfile.TemporaryDirectory()
    >>> folder = Path(scratch.name)
    >>> Image.new("RGB", (821, 1121)).save(folder / "bled.png", dpi=(300, 300))
    >>> card_size_from(folder / "bled.png", bleed_mm=3.0)
    (63.5, 88.9)
    >>> Image.new("RGB", (821, 1121)).save(folder / "plain.png")
    >>> card_size_from(folder / "plain.png", bleed_mm=3.0)
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: .../plain.png: the image does not say its dpi; give the card size with --card ...
    >>> scratch.cleanup()
    """
    raster = read_raster(image, verify=False)
    (width, height), dpi = raster.upright_size, raster.upright_dpi
    give = "give the card size with --card (e.g. poker or 63.5x88.9mm)"
    if dpi is None:
        said = f" ({raster.dpi_note})" if raster.dpi_note else ""
        raise BuildError(f"{shown_path(image)}: the image does not say its dpi{said}; {give}")
    dpi_x, dpi_y = dpi
    w_mm, h_mm = px_to_mm(width, dpi_x) - 2 * bleed_mm, px_to_mm(height, dpi_y) - 2 * bleed_mm
    if w_mm <= 0 or h_mm <= 0:
        raise BuildError(f"{shown_path(image)}: the bleed ({bleed_mm:g} mm) is larger than the image")
    low, high = CARD_MM_RANGE
    if not (low <= min(w_mm, h_mm) and max(w_mm, h_mm) <= high):
        raise BuildError(
            f"{shown_path(image)}: {width} x {height} px at {dpi_x:g} x {dpi_y:g} dpi is a {w_mm:.3g} x {h_mm:.3g} mm "
            f"card; cards are {low:g} to {high:g} mm; {give}"
        )
    return _snap_to_preset(w_mm, h_mm, px_to_mm(1.0, min(dpi_x, dpi_y)))


def _snap_to_preset(w_mm: float, h_mm: float, pixel_mm: float) -> tuple[float, float]:
    """Images are whole pixels, so a card read from one is off by up to a pixel: a size within a
    pixel of a card preset (either way round) is that preset.

    >>> _snap_to_preset(88.827, 63.427, 0.17)
    (88.9, 63.5)
    """
    for short, long_ in CARD_PRESETS.values():
        for w, h in ((short, long_), (long_, short)):
            if abs(w - w_mm) <= pixel_mm and abs(h - h_mm) <= pixel_mm:
                return w, h
    return round(w_mm, 3), round(h_mm, 3)


def _face(path: Path, frame: CardFrame, is_back: bool = False) -> Face:
    box = Rect(
        -frame.bleed_mm, -frame.bleed_mm, frame.width_mm + 2 * frame.bleed_mm, frame.height_mm + 2 * frame.bleed_mm
    )
    # STRETCH: the image is the card (its size was checked, or --fit asks for exactly this)
    return Face(path.stem, None, (Image(str(path), box, ImageFit.STRETCH),), is_back=is_back)


SINGLE_FILE_DEPRECATED = "-o FILE.pdf is deprecated and will go in the next release; use -o FOLDER --name NAME"


def is_single_file(out: Path) -> bool:
    """Whether ``out`` names one PDF (the deprecated ``-o FILE.pdf``) rather than a folder.

    >>> is_single_file(Path("out/cards.pdf")), is_single_file(Path("out"))
    (True, False)
    """
    return out.suffix.lower() == ".pdf"


def output_files(
    out: Path, name: str, papers: tuple[str, ...], layouts: tuple[SheetLayout, ...]
) -> list[tuple[str, SheetLayout, Path]]:
    """(paper, layout, file) for every sheet file: ``NAME_PAPER_LAYOUT.pdf`` in the folder ``out``,
    or ``out`` itself, once, when it names a PDF (the deprecated spelling: first paper and layout).

    >>> output_files(Path("out"), "mine", ("a4",), (SheetLayout.DUPLEX, SheetLayout.FRONTS))[1][2]
    PosixPath('out/mine_a4_fronts.pdf')
    >>> output_files(Path("one.pdf"), "mine", ("letter",), (SheetLayout.DUPLEX, SheetLayout.FRONTS))
    [('letter', <SheetLayout.DUPLEX: 'duplex'>, PosixPath('one.pdf'))]
    """
    if is_single_file(out):
        return [(papers[0], layouts[0], out)]
    return [(paper, layout, out / f"{name}_{paper}_{layout.value}.pdf") for paper in papers for layout in layouts]


@frozen_dataclass
class ImposeOptions:
    """How card images are imposed: the sheet (paper, layout, the duplex flip and back offset,
    the gap between cards) and the card (its trim size, None: read from the first image; the
    bleed the images carry; ``fit``: scale every image to the card box instead of checking its size).

    >>> ImposeOptions(layout=SheetLayout.DUPLEX, bleed_mm=3.0).paper
    'a4'
    """

    paper: str = "a4"
    layout: SheetLayout = SheetLayout.FRONTS
    flip: Flip = Flip.LONG
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    card_mm: tuple[float, float] | None = None
    bleed_mm: float = 0.0
    fit: bool = False
    gap_mm: float = 0.0


def impose(
    fronts: list[Path],
    out: Path,
    options: ImposeOptions = ImposeOptions(),
    *,
    back: Path | None = None,
    backs: list[Path] | None = None,
) -> Written:
    """Write ``out``: the images on sheets, with crop marks, ruler and backs as the layout asks;
    ``back`` is the one back of every card, or ``backs`` one back a front, in order.

    Each image must be the card's size with its bleed (within a pixel and a half, read from its
    pixels and dpi; only its proportions when it states no dpi), unless ``options.fit`` scales every
    image to the card box.

    >>> import tempfile
    >>> from rushmore_print.layout.sheets import SheetLayout
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     impose([], Path(folder) / "x.pdf", ImposeOptions(layout=SheetLayout.DUPLEX))
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: the duplex layout needs backs: give --back IMAGE or --backs FOLDER
    """
    paper, layout, bleed_mm = options.paper, options.layout, options.bleed_mm
    if layout is not SheetLayout.FRONTS and back is None and not backs:
        raise BuildError(f"the {layout.value} layout needs backs: give --back IMAGE or --backs FOLDER")
    if backs and len(backs) != len(fronts):
        raise BuildError(f"{len(fronts)} fronts but {len(backs)} backs; give one back per front, or one --back for all")
    width, height = options.card_mm or card_size_from(fronts[0], bleed_mm)
    frame = CardFrame(width, height, bleed_mm)
    back_paths: list[Path | None] = list(backs) if backs else [back] * len(fronts)
    pairs: list[tuple[Face, Face | None]] = [
        (_face(front, frame), _face(b, frame, True) if b else None) for front, b in zip(fronts, back_paths)
    ]
    plan = sheet_plan(PAPERS[paper], layout, frame, options.flip, options.back_offset_mm, options.gap_mm)
    pages = sheet_pages(plan, pairs, out.stem)
    every = [*fronts, *(b for b in back_paths if b is not None)]
    loaded = load_images(every)
    if not options.fit:
        check_sizes(every, loaded, frame)
    images = count(len(fronts), "card image", "card images")
    subject = f"{images} on print-and-play sheets, {PAPERS[paper].name} {layout.value}"
    data = render_raw_pdf(Document(out.stem, tuple(pages), {}, subject), loaded)
    read = {path: "a back image" for path in back_paths if path is not None} | dict.fromkeys(fronts, "a card image")
    atomic_write(out, data, read)
    what = f"{count(len(fronts), 'card', 'cards')} imposed, {plan.per_sheet} a sheet"
    return Written(out, len(pages), len(data), what + reencoded_note(loaded))


def reencoded_note(loaded: dict[str, EmbeddedImage]) -> str:
    """What the summary line adds when some images could not pass into the PDF as they are: how
    many, and the first few with the reason (the rest pass their data through untouched).

    >>> reencoded_note({"a.png": EmbeddedImage(1, 1, "", b"", "16-bit samples")})
    ', 1 image re-encoded (a.png: 16-bit samples)'
    """
    changed = [(Path(path).name, image.reencoded) for path, image in loaded.items() if image.reencoded]
    if not changed:
        return ""
    named = "; ".join(f"{shown_path(name)}: {why}" for name, why in changed[:3])
    more = f"; and {len(changed) - 3} more" if len(changed) > 3 else ""
    return f", {count(len(changed), 'image', 'images')} re-encoded ({named}{more})"


def check_sizes(paths: list[Path], loaded: dict[str, EmbeddedImage], frame: CardFrame) -> None:
    """Refuse images that are not the card's size (bleed included), saying what it would be.

    >>> import tempfile
    >>> from PIL import Image
    >>> from rushmore_print.render.rawpdf import load_images
    >>> scratch = tempfile.TemporaryDirectory()
    >>> bled, trimmed = Path(scratch.name) / "bled.png", Path(scratch.name) / "trimmed.png"
    >>> Image.new("RGB", (821, 1121)).save(bled, dpi=(300, 300))
    >>> Image.new("RGB", (750, 1050)).save(trimmed, dpi=(300, 300))
    >>> loaded = load_images([bled, trimmed])
    >>> check_sizes([bled], loaded, CardFrame(63.5, 88.9, bleed_mm=3.0))
    >>> check_sizes([bled, trimmed], loaded, CardFrame(63.5, 88.9, bleed_mm=3.0))
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: .../trimmed.png: 750 x 1050 px at 300 dpi is 63.5 x 88.9 mm; a 63.5 ...
    check --card and --bleed, or give --fit to scale every image to the card
    >>> scratch.cleanup()
    """
    want_w, want_h = frame.width_mm + 2 * frame.bleed_mm, frame.height_mm + 2 * frame.bleed_mm
    card = f"a {frame.width_mm:g} x {frame.height_mm:g} mm card with {frame.bleed_mm:g} mm bleed"
    problems = []
    for path in dict.fromkeys(paths):
        image = loaded[str(path)]
        if image.dpi and image.dpi[0] and image.dpi[1]:
            dpi_x, dpi_y = image.dpi
            w_mm, h_mm = px_to_mm(image.width, dpi_x), px_to_mm(image.height, dpi_y)
            slack = px_to_mm(1.5, min(dpi_x, dpi_y))
            if abs(w_mm - want_w) > slack or abs(h_mm - want_h) > slack:
                need = f"{round(mm_to_px(want_w, dpi_x))} x {round(mm_to_px(want_h, dpi_y))} px at {dpi_x:g} dpi"
                problems.append(
                    f"{path}: {image.width} x {image.height} px at {dpi_x:g} dpi is {w_mm:.1f} x {h_mm:.1f} mm; "
                    f"{card} is {want_w:.1f} x {want_h:.1f} mm ({need})"
                )
        elif abs(image.width / image.height - want_w / want_h) > 0.01 * want_w / want_h:
            problems.append(
                f"{path}: {image.width} x {image.height} px does not have the proportions of {card} "
                f"({want_w:.1f} x {want_h:.1f} mm)"
            )
    if problems:
        shown = problems[:8] + ([f"... and {len(problems) - 8} more"] if len(problems) > 8 else [])
        raise BuildError(
            "\n".join(shown) + "\ncheck --card and --bleed, or give --fit to scale every image to the card"
        )


__all__ = [
    "SINGLE_FILE_DEPRECATED",
    "Cards",
    "Collected",
    "ImposeOptions",
    "bleed_from",
    "card_size_from",
    "check_sizes",
    "collect_cards",
    "collect_images",
    "find_cards",
    "impose",
    "is_single_file",
    "output_files",
    "reencoded_note",
]
