"""The file-safety rules for the files a design names: head art and the designer's font.

A design is a file people share, so what it names must stay inside its folder, be a regular
file within its kind's size limit, and decode (art) or load with an embeddable licence (font).
Each rule returns ``(the resolved path or None, the problem or "")``; the caller files the
problem at its key's line.
"""

from __future__ import annotations

from pathlib import Path

from ..readers import svg_art
from ..readers.icc_profile import profile_problem
from ..readers.inputs import InputError, InputKind, check_file, read_input, read_input_text, shown
from ..readers.rasters import RasterError, check_data, read_raster
from ..readers.svg_art import Drawing
from ..readers.truetype import TrueTypeFont

MAX_ART_PIXELS = 16_000_000  # 4000 x 4000; a head prints at most a few cm tall


def art_file(raw: str, base_dir: Path | None) -> tuple[Path | None, str]:
    """Head art: a PNG, JPEG or WebP file in the design's folder or below it, whole, within the limits.

    A design is a file people share, so its art may not reach outside its folder (an absolute
    path, ``..``, or a symbolic link pointing out would pull any image on this machine into the
    PDFs); a size limit keeps one image from costing minutes and gigabytes.

    >>> import rushmore_print
    >>> icc = Path(rushmore_print.__file__).parent / "data" / "icc"
    >>> art_file("README.txt", icc)
    (None, "'README.txt': not a PNG, JPEG or WebP image; art must be a PNG, JPEG or WebP image (or SVG)")
    >>> print(art_file("../fonts/DejaVuSansCondensed.ttf", icc)[1])
    '../fonts/DejaVuSansCondensed.ttf' leads outside the design's folder (.../icc); keep the file in it or below it
    """
    real, problem = inside_folder(raw, base_dir, InputKind.ART_IMAGE)
    if real is None:
        return None, problem
    if real.suffix.lower() == ".svg":
        return real, ""  # read as vectors by vector_art
    try:
        raster = read_raster(real, verify=False, kind=InputKind.ART_IMAGE)
        if raster.width * raster.height > MAX_ART_PIXELS:  # before any image data is inflated
            return None, (
                f"{raw!r}: {raster.width} x {raster.height} pixels; art may have at most "
                f"{MAX_ART_PIXELS // 1_000_000} megapixels (print needs far fewer: art is reduced to 600 dpi at "
                "the head's printed size, about 900 pixels tall on a poker card)"
            )
        check_data(raster, real)
    except RasterError as exc:
        return None, f"{raw!r}: {exc.reason}; art must be a PNG, JPEG or WebP image (or SVG)"
    return real, ""


def vector_art(raw: str, real: Path) -> tuple[Drawing | None, str]:
    """An SVG head (``raw`` as the design names it, found at ``real``) read into paths, or the problem.

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> head = Path(folder.name) / "head.svg"
    >>> _ = head.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>')
    >>> drawing, problem = vector_art("head.svg", head)
    >>> len(drawing.shapes), problem
    (1, '')
    >>> _ = head.write_text("<svg")
    >>> vector_art("head.svg", head)[1]
    "'head.svg': ..."
    >>> folder.cleanup()
    """
    try:
        return svg_art.parse(read_input_text(real, InputKind.ART_SVG)), ""
    except InputError as exc:
        return None, f"{shown(raw)}: {exc.reason}"
    except svg_art.SvgError as exc:
        return None, f"{raw!r}: {exc}"


def inside_folder(raw: str, base_dir: Path | None, kind: InputKind) -> tuple[Path | None, str]:
    """A file a design names: in the design's folder or below it (no absolute path, no ``..``
    or symbolic link out of it), regular, and within ``kind``'s size limit. The file is read
    later through :func:`read_input`, which checks the same again on the open file.

    >>> import rushmore_print
    >>> from rushmore_print.readers.inputs import InputKind
    >>> fonts = Path(rushmore_print.__file__).parent / "data" / "fonts"
    >>> inside_folder("DejaVuSansCondensed.ttf", fonts, InputKind.FONT)[0].name
    'DejaVuSansCondensed.ttf'
    >>> inside_folder("/etc/hostname", fonts, InputKind.FONT)[1]
    "'/etc/hostname': give a path relative to the design's folder (.../fonts), not an absolute one"
    """
    folder = (base_dir or Path.cwd()).resolve()
    given = Path(raw)
    if given.is_absolute() or raw.startswith("~"):
        return None, f"{shown(raw)}: give a path relative to the design's folder ({folder}), not an absolute one"
    try:
        real = (folder / given).resolve(strict=True)
    except (OSError, RuntimeError):
        return None, f"no {kind.noun} file at {shown(str(folder / given))} (paths are relative to the design file)"
    if not real.is_relative_to(folder):
        return None, f"{shown(raw)} leads outside the design's folder ({folder}); keep the file in it or below it"
    try:
        check_file(real, kind)
    except InputError as exc:
        return None, f"{shown(raw)}: {exc.reason}"
    return real, ""


def font_file(raw: str, base_dir: Path | None) -> tuple[Path | None, str]:
    """The designer's font: a TrueType file in the design's folder (as art is), whose licence
    allows embedding; the names it must print are checked against it later.

    >>> import rushmore_print
    >>> fonts = Path(rushmore_print.__file__).parent / "data" / "fonts"
    >>> font_file("DejaVuSansCondensed.ttf", fonts)[0].name
    'DejaVuSansCondensed.ttf'
    >>> font_file("LICENSE.txt", fonts)
    (None, "'LICENSE.txt': not a TrueType font; use a TrueType (.ttf) font")
    """
    real, problem = inside_folder(raw, base_dir, InputKind.FONT)
    if real is None:
        return None, problem
    try:
        font = TrueTypeFont.load(real)
    except ValueError as exc:  # the reader bounds every table: a damaged file is a ValueError
        return None, f"{raw!r}: {str(exc).removeprefix(f'{real}: ')}"
    if not font.embedding_allowed:
        return None, f"{raw!r}: its licence (OS/2 fsType) does not allow embedding it in a PDF; choose another font"
    return real, ""


def profile_file(raw: str, base_dir: Path | None) -> tuple[Path | None, str]:
    """The designer's CMYK output profile: an ICC file in the design's folder (as art is) whose
    header and tag table ``icc_profile.profile_problem`` accepts; LittleCMS reads its tables at build.

    >>> import rushmore_print
    >>> icc = Path(rushmore_print.__file__).parent / "data" / "icc"
    >>> profile_file("SWOP-TR003-240.icc", icc)[0].name
    'SWOP-TR003-240.icc'
    >>> profile_file("README.txt", icc)
    (None, "'README.txt' is not an ICC profile (... bytes; a profile starts with a 128-byte header)")
    """
    real, problem = inside_folder(raw, base_dir, InputKind.ICC_PROFILE)
    if real is None:
        return None, problem
    try:
        problem = profile_problem(read_input(real, InputKind.ICC_PROFILE))
    except InputError as exc:
        problem = exc.reason
    return (None, f"{shown(raw)} {problem}") if problem else (real, "")


__all__ = ["MAX_ART_PIXELS", "art_file", "font_file", "inside_folder", "profile_file", "vector_art"]
