"""Per-card images and vendor files: PNG, SVG, and the files a vendor's profile asks for (The Game
Crafter, MakePlayingCards, DriveThruCards, Tabletop Simulator, or a print shop's profile a designer
wrote: ``design.vendors``). Every image is drawn by ``render/png.py`` from the same layout items as
the PDFs.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
from collections.abc import Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from PIL import Image

from ..deck.generate import Deck
from ..deck.targets import DEFAULTS, ExportOptions, Progress, Target, TargetKind
from ..design import Design
from ..design.vendors import FileKind, Order, SheetGrid, VendorProfile, bleed_words, shipped_vendor_profile
from ..errors import BuildError
from ..frozen import frozen_dataclass
from ..layout.cards import CardKind, Face, card_frame, symbols
from ..layout.frame import CardFrame
from ..layout.items import Document, Page
from ..layout.sheets import card_pages
from ..render.encode import jpeg_bytes, png_bytes
from ..render.png import render_page
from ..render.svg import svg_document
from ..units import MM_PER_INCH
from .build import DeckFaces, card_faces, checked_deck
from .files import Inputs, StagedFolder, Written, made_folders, take_back
from .workers import die_with_parent, worker_count


def _render_chunk(job: tuple[list[Page], dict, float, bool, tuple[int, int] | None, bool]) -> list[bytes]:
    """PNG bytes for a run of pages, in a worker (the symbols travel with the run, once, not per page)."""
    return list(_rendered(*job))


def _rendered(
    pages: list[Page], table: dict, dpi: float, portrait: bool, exact: tuple[int, int] | None, jpeg: bool = False
) -> Iterator[bytes]:
    tiles: dict = {}
    for page in pages:
        turn = portrait and page.width_mm > page.height_mm
        # The vendor's own pixels, drawn at that size (a slight rescale of the layout, never of
        # the pixels): resampling after drawing would blur every flat colour's edge.
        size = None if exact is None else (exact[::-1] if turn else exact)
        image = render_page(page, table, dpi, tiles, size)
        if turn:
            image = image.transpose(Image.Transpose.ROTATE_90)
        yield jpeg_bytes(image, dpi) if jpeg else png_bytes(image, dpi)


def render_pngs(
    pages: list[Page],
    table: dict,
    dpi: float,
    portrait: bool = False,
    exact: tuple[int, int] | None = None,
    jpeg: bool = False,
) -> Iterator[bytes]:
    """PNG bytes for each page (JPEG with ``jpeg``), in order (``exact``: drawn to fill these upright
    pixels); spread over the machine's cores when there are many.

    >>> from rushmore_print.layout.frame import CardFrame, Face
    >>> from rushmore_print.layout.sheets import card_pages
    >>> pages = card_pages(CardFrame(88.9, 63.5, 3.0), [Face("M01", None, ())] * 2)
    >>> [png[:4] for png in render_pngs(pages, {}, dpi=30)]
    [b'\\x89PNG', b'\\x89PNG']
    """
    workers = worker_count(len(pages) // 4)
    if workers < 2:  # one at a time: each is written before the next is drawn
        yield from _rendered(pages, table, dpi, portrait, exact, jpeg)
        return
    size = math.ceil(len(pages) / (workers * 3))
    chunks = [(pages[i : i + size], table, dpi, portrait, exact, jpeg) for i in range(0, len(pages), size)]
    try:
        with ProcessPoolExecutor(workers, initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
            for rendered in pool.map(_render_chunk, chunks):
                yield from rendered
    except BrokenProcessPool:
        raise BuildError(
            "a worker process was killed while drawing the images; the images written before it are new, "
            "the others unchanged: run the export again"
        ) from None


def _face_name(face: Face) -> str:
    if face.is_back and face.kind is not None:
        return f"back-{face.kind.value}"
    return face.card_id


def _faces_with_backs(design: Design, deck, bleed_mm: float) -> list[Face]:
    pairs = card_faces(design, deck, bleed_mm)
    backs = list({back.card_id: back for _, back in pairs}.values())
    return [front for front, _ in pairs] + backs


class _Export:
    """One export's files, staged as each is made and moved into ``out_dir`` together only once
    all are written: an export that fails (a full disk) or is interrupted leaves the folder's
    previous export whole, never half one deck and half another. Use it as a context manager.

    Committing also removes the numbered files an earlier export left that this one does not
    write (``M09.png`` once the deck has 8 Monuments, ``..._sheet3.png``): ``impose FOLDER``
    would otherwise print them with the new deck. Only names of the shape this export writes,
    in the folders it writes, are touched."""

    def __init__(self, out_dir: Path, progress: Progress | None, inputs: Inputs | None = None) -> None:
        self.out_dir = out_dir
        self._progress = progress
        self._inputs = inputs or {}
        self._stage = StagedFolder(out_dir, inputs)
        self._written: list[Written] = []
        self._made: list[Path] = []

    def __enter__(self) -> _Export:
        self._made = made_folders(self.out_dir)
        return self

    def __exit__(self, exc_type: type[BaseException] | None, *_exc_info: object) -> None:
        self._stage.discard()
        if exc_type is not None:  # refused after the folder was made: no empty folder left behind
            take_back(self._made)

    def write(self, name: str, data: bytes, pages: int, what: str) -> Written:
        """Stage ``data`` as ``name`` (``monuments/M01.png``: one folder down at most)."""
        if Path(name).parent != Path("."):  # a deck's own folder, in the stage and in the output
            try:
                self._stage.path(name).parent.mkdir(exist_ok=True)
            except OSError as exc:
                raise BuildError(f"{self.out_dir / name}: cannot write it ({exc.strerror or exc})") from None
            self._made += made_folders(self.out_dir / Path(name).parent)
        self._stage.write(name, data)
        if self._progress:
            self._progress(Path(name).name)
        written = Written(self.out_dir / name, pages, len(data), what)
        self._written.append(written)
        return written

    def commit(self) -> list[Written]:
        """Move every staged file in, then remove the numbered files an earlier export left."""
        self._stage.commit()
        written = {w.path for w in self._written}
        for folder in sorted({w.path.parent for w in self._written}):
            shapes = {_numbered(w.path.name) for w in self._written if w.path.parent == folder} - {None}
            kept = {(found.st_dev, found.st_ino) for found in map(_stat, self._inputs) if found}
            for old in folder.iterdir():
                found = _stat(old)
                if found is None or (found.st_dev, found.st_ino) in kept:
                    continue  # gone already, or a file this export reads (art named M17.png): never a leftover
                if old not in written and _numbered(old.name) in shapes and old.is_file():
                    with contextlib.suppress(OSError):  # one left is a leftover, not a failed export
                        old.unlink()
        return self._written


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _numbered(name: str) -> str | None:
    """The shape of a file name whose stem ends in a number (``M\\d+.png``), else None.

    >>> _numbered("M01.png") == _numbered("M9.png"), _numbered("back-search.png")
    (True, None)
    """
    found = re.fullmatch(r"(.*?)\d+(\.[A-Za-z]+)", name)
    return None if found is None else f"{found[1]}#{found[2]}"


def export_png(
    design: Design, out_dir: Path, options: ExportOptions = DEFAULTS, progress: Progress | None = None
) -> list[Written]:
    """One PNG per card face and per back in ``out_dir``, at ``options.dpi``, with ``options.bleed_mm``
    of bleed (the design's when None).

    Raises ``BuildError`` (nothing written) when the deck or its layout is not fit to print.

    >>> import tempfile
    >>> from rushmore_print import parse_design
    >>> text = "name: Duo\\nheads: [Ann, Bob]\\ndirections: [left, right]\\nsearch: {seed: 1, red_counts: {0: 4}}"
    >>> duo = parse_design(text, "duo.yaml", None)
    >>> folder = tempfile.TemporaryDirectory()
    >>> written = export_png(duo, Path(folder.name), ExportOptions(dpi=30))
    >>> [w.path.name for w in written][:5], len(written), written[0].what
    (['M01.png', 'M02.png', 'M03.png', 'M04.png', 'S01.png'], 10, 'card image')
    >>> folder.cleanup()
    """
    dpi = options.dpi
    deck = checked_deck(design)
    bleed_mm = design.print.bleed_mm if options.bleed_mm is None else options.bleed_mm
    faces = _faces_with_backs(design, deck, bleed_mm)
    pages = card_pages(card_frame(design, bleed_mm), faces)
    with _Export(out_dir, progress, design.input_files()) as export:
        for face, data in zip(faces, render_pngs(pages, symbols(design), dpi)):
            export.write(f"{_face_name(face)}.png", data, 1, "card image")
        return export.commit()


def export_raster(
    design: Design, out_dir: Path, profile: VendorProfile, progress: Progress | None = None
) -> list[Written]:
    """The images a profile of ``files: images`` asks for: a PNG per face and a back per deck, RGB,
    named by its template (a folder per deck for the shipped ones), turned upright when the
    vendor wants portrait images of landscape cards.

    >>> import tempfile
    >>> from rushmore_print import parse_design
    >>> from rushmore_print.design.vendors import parse_vendor_profile
    >>> text = "name: Duo\\nheads: [Ann, Bob]\\ndirections: [left, right]\\nsearch: {seed: 1, red_counts: {0: 4}}"
    >>> duo = parse_design(text, "duo.yaml", None)
    >>> folder = tempfile.TemporaryDirectory()
    >>> coarse = parse_vendor_profile("name: Coarse\\ndpi: 72\\nbleed: 3mm", "coarse.yaml")
    >>> written = export_raster(duo, Path(folder.name), coarse)
    >>> sorted({w.path.relative_to(folder.name).as_posix() for w in written})[3:6]
    ['monuments/M04.png', 'monuments/back.png', 'search/S01.png']
    >>> folder.cleanup()
    """
    return export_vendor(design, out_dir, profile, DEFAULTS, progress)


def export_vendor(
    design: Design,
    out_dir: Path,
    profile: VendorProfile,
    options: ExportOptions = DEFAULTS,
    progress: Progress | None = None,
) -> list[Written]:
    """Write the files ``profile`` asks for (``design.vendors``: images, a PDF per deck, or face
    sheets) for ``design`` into ``out_dir``, all or nothing. ``options``: only ``url_base``
    counts, for face sheets (``targets.profile_options``).

    >>> import tempfile
    >>> from rushmore_print import load_design
    >>> from rushmore_print.design.vendors import parse_vendor_profile
    >>> shop = parse_vendor_profile("name: Press\\nfiles: pdf\\nbleed: 3mm\\nnaming: '{deck}.pdf'", "press.yaml")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [(w.path.name, w.pages) for w in export_vendor(load_design(), Path(folder), shop)]
    [('monuments.pdf', 32), ('search.pdf', 78)]
    """
    deck = checked_deck(design)
    with _Export(out_dir, progress, design.input_files()) as export:
        VENDOR_WRITERS[profile.files](export, design, deck, profile, options)
        return export.commit()


def _vendor_frame(design: Design, profile: VendorProfile, bleed_mm: float) -> CardFrame:
    """The card as the vendor cuts it: the design's trim, the vendor's bleed and safe area."""
    return replace(card_frame(design, bleed_mm), safe_mm=profile.safe_mm)


def _images(export: _Export, design: Design, deck: Deck, profile: VendorProfile, options: ExportOptions) -> None:
    frame = _vendor_frame(design, profile, profile.bleed_mm)
    pairs = DeckFaces(design, deck, frame)
    faces = [front for front, _ in pairs] + list({back.card_id: back for _, back in pairs}.values())
    pages = card_pages(frame, faces)
    exact = profile.size_for(design.print.width_mm, design.print.height_mm)
    fronts: list[tuple[str, Path]] = []
    backs: dict[str, Path] = {}
    images = render_pngs(pages, symbols(design), profile.dpi, profile.portrait, exact, profile.jpeg)
    for face, data in zip(faces, images):
        label = "monuments" if face.kind is CardKind.MONUMENT else "search"
        name = profile.file_name(deck=label, card="back" if face.is_back else face.card_id, slug=design.slug)
        path = export.write(name, data, 1, f"{profile.name} card image").path
        if face.is_back:
            backs[label] = path
        else:
            fronts.append((label, path))
    if profile.order is not None:
        order = mpc_order(fronts, backs, export.out_dir, profile.order)
        export.write(profile.order.file.format(slug=design.slug), order, 0, "mpc-autofill order")


def export_dtc(
    design: Design, out_dir: Path, options: ExportOptions = DEFAULTS, progress: Progress | None = None
) -> list[Written]:
    """DriveThruCards: a CMYK PDF per deck, one card with 1/8 in bleed a page, back 1, front 1, back 2...

    >>> import tempfile
    >>> from rushmore_print import parse_design
    >>> text = "name: Duo\\nheads: [Ann, Bob]\\ndirections: [left, right]\\nsearch: {seed: 1, red_counts: {0: 4}}"
    >>> duo = parse_design(text, "duo.yaml", None)
    >>> folder = tempfile.TemporaryDirectory()
    >>> [(w.path.name, w.pages) for w in export_dtc(duo, Path(folder.name))]
    [('duo_monuments_dtc.pdf', 8), ('duo_search_dtc.pdf', 8)]
    >>> folder.cleanup()
    """
    return export_vendor(design, out_dir, shipped_vendor_profile("dtc"), options, progress)


def _pdf_decks(export: _Export, design: Design, deck: Deck, profile: VendorProfile, options: ExportOptions) -> None:
    from ..render.pdf import render_pdf  # reportlab only for the exports that write a PDF (build.render_jobs)

    frame = _vendor_frame(design, profile, profile.bleed_mm)
    pairs = list(DeckFaces(design, deck, frame))
    bleed = bleed_words(profile.bleed_mm)
    for kind, label in ((CardKind.MONUMENT, "monuments"), (CardKind.SEARCH, "search")):
        faces: list[Face] = []
        for front, back in pairs:
            if front.kind is kind:
                faces += [back, front]
        # DTC documents a portrait page (2.75 x 3.75 in for poker): landscape cards are turned upright.
        pages = tuple(card_pages(frame, faces, upright=profile.portrait))
        subject = f"{design.name}: the {label} deck for {profile.name}, back then front of each card, {bleed} bleed"
        document = Document(f"{design.name}: {label} for {profile.name}", pages, symbols(design), subject)
        data = render_pdf(document, pdfx=True, profile=design.print.profile)
        name = profile.file_name(deck=label, slug=design.slug)
        export.write(name, data, len(faces), f"{profile.name} deck, PDF/X-1a:2003 (CMYK)")


@frozen_dataclass
class TtsSheet:
    """One Tabletop Simulator face sheet: its grid of cells, the cards in cell order (the last cell is
    left for the hidden image), and each cell's size in pixels.

    >>> sheet = tts_sheets(list(range(3)), 88.9 / 63.5, max_cell_w=300)[0]
    >>> sheet.cols, sheet.rows, sheet.cell_w, sheet.cell_h
    (2, 2, 300, 214)
    """

    cols: int
    rows: int
    cards: tuple  # the cards on this sheet, in cell order; the last cell is the hidden image
    cell_w: int  # pixels: as large as a 4096 px sheet allows for this many cells
    cell_h: int


def tts_sheets(
    faces: list, aspect: float = 1.4, max_cell_w: int | None = None, grid: SheetGrid | None = None
) -> list[TtsSheet]:
    """Split a deck into sheets of at most ``grid``'s cells (Tabletop Simulator's when None: 10 x 7,
    the last cell of each kept for the hidden image), each laid out in the columns and rows that
    give the largest cells for a card ``aspect`` (width / height) on a sheet of at most its
    pixels (4096) a side. Cells are at most ``max_cell_w`` wide; of the layouts that reach it,
    the one with the fewest cells wins.

    >>> [(s.cols, s.rows, s.cell_w) for s in tts_sheets(list(range(4)), 88.9 / 63.5, max_cell_w=1050)]
    [(2, 3, 1050)]
    """
    grid = grid or _tts_grid()
    per_sheet = grid.cards_per_sheet
    sheets = []
    for start in range(0, len(faces), per_sheet):
        chunk = faces[start : start + per_sheet]
        best = None
        for cols in range(2, grid.columns + 1):  # TTS's deck importer takes 2 x 2 cells at least
            rows = max(2, math.ceil((len(chunk) + 1) / cols))
            if rows > grid.rows:
                continue
            cell_w = min(grid.pixels // cols, math.floor(grid.pixels // rows * aspect), max_cell_w or grid.pixels)
            if best is None or cell_w > best[2] or (cell_w == best[2] and cols * rows < best[0] * best[1]):
                best = (cols, rows, cell_w)
        assert best is not None
        cols, rows, cell_w = best
        cell_h = math.floor(cell_w / aspect + 1e-9)  # 1050 / (88.9 / 63.5) is 750, not 749.99
        sheets.append(TtsSheet(cols, rows, tuple(chunk), cell_w, cell_h))
    return sheets


def tts_cell(face: Face, frame: CardFrame, table: dict, sheet: TtsSheet, tiles: dict | None = None) -> Image.Image:
    """One card of a Tabletop Simulator sheet, drawn at the cell's own pixels (never resampled
    after drawing: a resize would blur every flat colour's edge and the head outlines).

    >>> from rushmore_print.layout.frame import CardFrame, Face
    >>> sheet = tts_sheets([Face("M01", None, ())], 88.9 / 63.5, max_cell_w=300)[0]
    >>> tts_cell(sheet.cards[0], CardFrame(88.9, 63.5, 0.0), {}, sheet).size
    (300, 214)
    """
    dpi = sheet.cell_w / (frame.width_mm / MM_PER_INCH)
    return render_page(card_pages(frame, [face])[0], table, dpi, tiles, (sheet.cell_w, sheet.cell_h))


def export_tts(
    design: Design, out_dir: Path, options: ExportOptions = DEFAULTS, progress: Progress | None = None
) -> list[Written]:
    """Tabletop Simulator: face sheets, a back image per deck and a saved-object JSON to load both decks.

    The images are drawn at TTS's own sizes (seconds for a whole deck); how many files it writes:

    >>> from rushmore_print import load_design
    >>> from rushmore_print.deck.targets import EXPORTS
    >>> EXPORTS["tts"].files(load_design())
    5
    """
    return export_vendor(design, out_dir, shipped_vendor_profile("tts"), options, progress)


def _tts_grid() -> SheetGrid:
    grid = shipped_vendor_profile("tts").sheet
    assert grid is not None  # the reader requires a sheet grid for files: sheets
    return grid


def _sheets(export: _Export, design: Design, deck: Deck, profile: VendorProfile, options: ExportOptions) -> None:
    grid = profile.sheet
    assert grid is not None  # the reader requires a sheet grid for files: sheets
    frame = _vendor_frame(design, profile, 0.0)  # the cards shown whole: no bleed
    pairs = list(DeckFaces(design, deck, frame))
    table = symbols(design)
    sideways = frame.width_mm > frame.height_mm  # TTS shows landscape cards turned, else squashed
    objects = []
    deck_id = 1
    tiles: dict = {}  # the heads, drawn once a size (render_page)
    for number, (kind, label) in enumerate(((CardKind.MONUMENT, "monuments"), (CardKind.SEARCH, "search"))):
        fronts = [front for front, _ in pairs if front.kind is kind]
        back = next(back for front, back in pairs if front.kind is kind)
        back_image = render_page(card_pages(frame, [back])[0], table, grid.dpi, tiles)
        back_name = profile.file_name(deck=label, part="back", slug=design.slug)
        back_path = export.write(back_name, png_bytes(back_image, grid.dpi), 1, f"{profile.name} back").path
        custom, contained = {}, []
        max_cell_w = math.floor(frame.width_mm / MM_PER_INCH * grid.dpi)
        aspect = frame.width_mm / frame.height_mm
        for sheet_number, sheet in enumerate(tts_sheets(fronts, aspect, max_cell_w, grid), start=1):
            cell_w, cell_h = sheet.cell_w, sheet.cell_h
            dpi = cell_w / (frame.width_mm / MM_PER_INCH)
            image = Image.new("RGB", (cell_w * sheet.cols, cell_h * sheet.rows), "white")
            cells = list(sheet.cards) + [None] * (sheet.cols * sheet.rows - len(sheet.cards) - 1) + [back]
            for index, face in enumerate(cells):
                if face is None:
                    continue
                image.paste(
                    tts_cell(face, frame, table, sheet, tiles),
                    ((index % sheet.cols) * cell_w, (index // sheet.cols) * cell_h),
                )
            name = profile.file_name(deck=label, part=f"sheet{sheet_number}", slug=design.slug)
            path = export.write(name, png_bytes(image, dpi), 1, f"{profile.name} face sheet").path
            custom[str(deck_id)] = {
                "FaceURL": _url(path, options.url_base),
                "BackURL": _url(back_path, options.url_base),
                "NumWidth": sheet.cols,
                "NumHeight": sheet.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,
            }
            for index, face in enumerate(sheet.cards):
                contained.append(
                    {
                        "Name": "Card",
                        "Nickname": face.card_id,
                        "CardID": deck_id * 100 + index,
                        "CustomDeck": {str(deck_id): custom[str(deck_id)]},
                        "SidewaysCard": sideways,
                        "Transform": _transform(0, 0),
                    }
                )
            deck_id += 1
        objects.append(
            {
                "Name": "Deck",
                "SidewaysCard": sideways,
                "Nickname": f"{design.name}: {label}",
                "Transform": _transform(number * 4.0, 0),
                "DeckIDs": [card["CardID"] for card in contained],
                "CustomDeck": custom,
                "ContainedObjects": contained,
            }
        )
    saved = {
        "SaveName": design.name,
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }
    data = (json.dumps(saved, indent=2) + "\n").encode("utf-8")
    export.write(grid.saved_object.format(slug=design.slug), data, 0, f"{profile.name} saved object")


def _url(path: Path, base: str | None) -> str:
    """Where Tabletop Simulator loads a file: hosted (``base`` + the file name, which is URL-safe
    as written) for every player, or a ``file:///`` URL that works only on this machine."""
    return f"{base.rstrip('/')}/{path.name}" if base else path.resolve().as_uri()


def _transform(x: float, z: float) -> dict:
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": z,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def export_tgc(
    design: Design, out_dir: Path, options: ExportOptions = DEFAULTS, progress: Progress | None = None
) -> list[Written]:
    """The Game Crafter's profile (``data/vendors/tgc.yaml``): a folder per deck of upright PNGs.

    It draws every card at 300 dpi (seconds for a deck); the profile it draws to:

    >>> tgc = shipped_vendor_profile("tgc")
    >>> tgc.dpi, tgc.bleed_mm, tgc.size_for(63.5, 88.9)
    (300, 3.175, (825, 1125))
    """
    return export_vendor(design, out_dir, shipped_vendor_profile("tgc"), options, progress)


def export_mpc(
    design: Design, out_dir: Path, options: ExportOptions = DEFAULTS, progress: Progress | None = None
) -> list[Written]:
    """MakePlayingCards' profile (``data/vendors/mpc.yaml``) and an order file for the community
    tool mpc-autofill: every front in its slot, each deck's back behind its cards.

    It draws every card at 300 dpi (seconds for a deck); the profile it draws to and its order's size bracket:

    >>> mpc = shipped_vendor_profile("mpc")
    >>> mpc.size_for(63.5, 88.9), mpc.order.brackets[:3]
    ((816, 1110), (18, 36, 55))
    """
    return export_vendor(design, out_dir, shipped_vendor_profile("mpc"), options, progress)


def mpc_order(
    fronts: list[tuple[str, Path]], backs: dict[str, Path], folder: Path, order: Order | None = None
) -> bytes:
    """The order XML: quantity, the size bracket (MakePlayingCards' unless ``order`` is given),
    stock, each front in a slot, and each back for the slots of its deck. ``fronts`` are (deck,
    file) in slot order; files are named relative to ``folder``.

    >>> kit = Path("kit")
    >>> fronts = [("monuments", kit / "monuments" / "M01.png"), ("search", kit / "search" / "S01.png")]
    >>> backs = {"monuments": kit / "monuments" / "back.png", "search": kit / "search" / "back.png"}
    >>> print(mpc_order(fronts, backs, kit).decode().splitlines()[3])
        <quantity>2</quantity>
    """
    order = order or _mpc_order()
    from xml.etree.ElementTree import Element, SubElement, indent, tostring

    root = Element("order")
    details = SubElement(root, "details")
    bracket = next((b for b in order.brackets if b >= len(fronts)), order.brackets[-1])
    for tag, text in (("quantity", len(fronts)), ("bracket", bracket), ("stock", order.stock), ("foil", "false")):
        SubElement(details, tag).text = str(text)

    def card(parent: Element, path: Path, slots: list[int]) -> None:
        entry = SubElement(parent, "card")
        SubElement(entry, "id").text = path.relative_to(folder).as_posix()
        SubElement(entry, "slots").text = ",".join(map(str, slots))
        SubElement(entry, "name").text = path.name
        SubElement(entry, "query").text = path.stem.lower()

    front_list = SubElement(root, "fronts")
    for slot, (_, path) in enumerate(fronts):
        card(front_list, path, [slot])
    back_list = SubElement(root, "backs")
    decks = {deck: [slot for slot, (of, _) in enumerate(fronts) if of == deck] for deck in sorted(backs)}
    for deck, slots in decks.items():
        card(back_list, backs[deck], slots)
    commonest = max(decks, key=lambda deck: len(decks[deck]))
    SubElement(root, "cardback").text = backs[commonest].relative_to(folder).as_posix()
    indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + tostring(root, encoding="utf-8") + b"\n"


def _mpc_order() -> Order:
    order = shipped_vendor_profile("mpc").order
    assert order is not None  # the shipped profile has one
    return order


def export_svg(
    design: Design, out_dir: Path, options: ExportOptions = DEFAULTS, progress: Progress | None = None
) -> list[Written]:
    """One SVG per card face and per back in ``out_dir``, named as ``export png`` names its
    images, with ``options.bleed_mm`` of bleed (the design's when None): for designers, to open
    in a vector editor or a browser (see ``render/svg.py``).

    >>> import tempfile
    >>> from rushmore_print import parse_design
    >>> text = "name: Duo\\nheads: [Ann, Bob]\\ndirections: [left, right]\\nsearch: {seed: 1, red_counts: {0: 4}}"
    >>> duo = parse_design(text, "duo.yaml", None)
    >>> folder = tempfile.TemporaryDirectory()
    >>> written = export_svg(duo, Path(folder.name), ExportOptions(bleed_mm=0.0))
    >>> [w.path.name for w in written][-2:], written[0].path.read_text("utf-8").count('width="88.9mm"')
    (['back-monument.svg', 'back-search.svg'], 1)
    >>> folder.cleanup()
    """
    deck = checked_deck(design)
    bleed_mm = design.print.bleed_mm if options.bleed_mm is None else options.bleed_mm
    faces = _faces_with_backs(design, deck, bleed_mm)
    table = symbols(design)
    with _Export(out_dir, progress, design.input_files()) as export:
        for face, page in zip(faces, card_pages(card_frame(design, bleed_mm), faces)):
            name = _face_name(face)
            data = svg_document(page, table, title=f"{design.name}: {name}").encode("utf-8")
            export.write(f"{name}.svg", data, 1, "card drawing (SVG)")
        return export.commit()


class Exporter(Protocol):
    """What every export is: it writes ``design``'s files for one target into ``out_dir`` and
    returns them, calling ``progress`` with each file's name as it is written.

    >>> from rushmore_print.deck.targets import TargetKind
    >>> EXPORTERS[TargetKind.SVG] is export_svg, len(EXPORTERS) == len(TargetKind)
    (True, True)
    """

    def __call__(
        self, design: Design, out_dir: Path, options: ExportOptions, progress: Progress | None, /
    ) -> list[Written]: ...


class VendorWriter(Protocol):
    """What writes one kind of vendor files (a profile's ``files:``) into an export being staged.

    >>> VENDOR_WRITERS[FileKind.PDF] is _pdf_decks, len(VENDOR_WRITERS) == len(FileKind)
    (True, True)
    """

    def __call__(
        self, export: _Export, design: Design, deck: Deck, profile: VendorProfile, options: ExportOptions, /
    ) -> None: ...


VENDOR_WRITERS: Mapping[FileKind, VendorWriter] = {
    FileKind.IMAGES: _images,
    FileKind.PDF: _pdf_decks,
    FileKind.SHEETS: _sheets,
}

# The one place a target's kind meets its function: mypy checks each against Exporter, and a
# test that every TargetKind has one.
EXPORTERS: Mapping[TargetKind, Exporter] = {
    TargetKind.PNG: export_png,
    TargetKind.TGC: export_tgc,
    TargetKind.MPC: export_mpc,
    TargetKind.DTC: export_dtc,
    TargetKind.TTS: export_tts,
    TargetKind.SVG: export_svg,
}


def run_export(
    target: Target | VendorProfile,
    design: Design,
    out_dir: Path,
    options: ExportOptions = DEFAULTS,
    progress: Progress | None = None,
) -> list[Written]:
    """Write ``target``'s files (an export target's, or those a print shop's profile asks for) for
    ``design`` into ``out_dir``.

    >>> import tempfile
    >>> from rushmore_print.design import load_design
    >>> from rushmore_print.deck.targets import EXPORTS
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     written = run_export(EXPORTS["dtc"], load_design(), Path(folder))
    >>> [w.path.name for w in written]
    ['mount-rushmore_monuments_dtc.pdf', 'mount-rushmore_search_dtc.pdf']
    """
    if isinstance(target, VendorProfile):
        return export_vendor(design, out_dir, target, options, progress)
    return EXPORTERS[target.kind](design, out_dir, options, progress)


__all__ = [
    "EXPORTERS",
    "VENDOR_WRITERS",
    "Exporter",
    "TtsSheet",
    "VendorWriter",
    "export_dtc",
    "export_mpc",
    "export_png",
    "export_raster",
    "export_svg",
    "export_tgc",
    "export_tts",
    "export_vendor",
    "mpc_order",
    "render_pngs",
    "run_export",
    "tts_cell",
    "tts_sheets",
]
