"""The print-and-play kit: which documents a build makes, rendered and written atomically.

Sits above ``layout`` and ``render``; knows nothing of click (the CLI reports what it returns).
"""

from __future__ import annotations

import functools
import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .errors import BuildError, RushmoreError
from .files import Written, atomic_write, die_with_parent, ensure_folder, worker_count
from .generate import generate_deck
from .layout.answer_key import answer_key_pages
from .layout.calibration import calibration_pages
from .layout.cards import (
    CardKind,
    Face,
    back_face,
    card_frame,
    monument_face,
    search_face,
    symbols,
)
from .layout.checks import printing_problems, rule_sheet_pages
from .layout.items import Document
from .layout.rules_sheet import LayoutError
from .layout.sheets import PAPERS, Flip, SheetLayout, card_pages, sheet_pages, sheet_plan
from .model import Deck
from .render.art import decode_art
from .render.colour import converter
from .render.fontcheck import check_font
from .render.pdf import ShapeCache, register_fonts, render_pdf
from .spec import Design, print_font_texts
from .validate import validate_deck


@dataclass(frozen=True)
class KitOptions:
    papers: tuple[str, ...] = ("a4", "letter")
    layouts: tuple[SheetLayout, ...] = (SheetLayout.DUPLEX, SheetLayout.GUTTERFOLD)
    flip: Flip = Flip.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    per_card: bool = True
    rulebook: bool = True
    answer_key: bool = True
    cmyk: bool = False
    skip: tuple[tuple[str, SheetLayout], ...] = ()  # (paper, layout) sheets left out: see unfit_sheets
    gap_mm: float = 0.0  # between cards on the sheets (0: butted)


def unfit_sheets(
    design: Design, papers: tuple[str, ...], layouts: tuple[SheetLayout, ...], gap_mm: float = 0.0
) -> list[tuple[str, SheetLayout]]:
    """The (paper, layout) pairs whose sheet cannot hold the design's card (a large card does
    not fit half a sheet for gutter-folding)."""
    frame = card_frame(design)
    unfit = []
    for paper in papers:
        for layout in layouts:
            try:
                sheet_plan(PAPERS[paper], layout, frame, Flip.LONG, (0.0, 0.0), gap_mm)
            except BuildError:
                unfit.append((paper, layout))
    return unfit


def card_faces(design: Design, deck: Deck, bleed_mm: float | None = None) -> list[tuple[Face, Face]]:
    """(front, back) for every card: Monuments first, then Search cards, in id order.
    ``bleed_mm`` overrides the design's bleed (vendors ask for their own)."""
    frame = card_frame(design, bleed_mm)
    monument_back = back_face(design, CardKind.MONUMENT, frame)
    search_back = back_face(design, CardKind.SEARCH, frame)
    return [(monument_face(design, m, frame), monument_back) for m in deck.monuments] + [
        (search_face(design, c, frame), search_back) for c in deck.search
    ]


def checked_deck(design: Design) -> Deck:
    """The design's deck, refusing one that does not validate."""
    deck = generate_deck(design)
    report = validate_deck(deck)
    if not report.ok():
        raise BuildError(
            "the deck does not validate, nothing was written:\n" + "\n".join(str(e) for e in report.errors)
        )
    problems = printing_problems(design, deck, rule_sheet=False)  # each rule sheet is checked as it is laid out
    problems += print_font_problems(design)
    problems += print_profile_problems(design)
    if problems:
        raise BuildError(f"{design.source}: " + "\n".join(problems) + "; nothing was written")
    return deck


def print_font_problems(design: Design) -> list[str]:
    """What the renderers refuse in the design's ``print.font`` (``render.fontcheck``). A design
    read by the CLI was checked so at its line already (then this costs nothing: it is cached);
    one read by ``spec.load_design`` alone was not."""
    if design.print.font is None:
        return []
    texts = tuple(printed for _, _, printed in print_font_texts(design.name, [head.name for head in design.heads]))
    try:
        check_font(design.print.font, texts)
    except ValueError as exc:
        return [f"print.font: {design.print.font.name!r}: {str(exc).removeprefix(f'{design.print.font}: ')}"]
    return []


def print_profile_problems(design: Design) -> list[str]:
    """What LittleCMS refuses in the design's ``print.profile`` (``validate`` checked its header
    and tag table; the tables themselves are read only here, once: the converter is cached)."""
    if design.print.profile is None:
        return []
    try:
        converter(design.print.profile)
    except RushmoreError as exc:
        reason = str(exc).removeprefix(f"{design.print.profile}: ")
        return [f"print.profile: {design.print.profile.name!r}: {reason}"]
    return []


@dataclass(frozen=True)
class Kit:
    """What every document of a build shares, laid out once: the deck, every card's front and
    back, and the symbols (head drawings) they use."""

    design: Design
    deck: Deck
    faces: tuple[tuple[Face, Face], ...]
    symbols: dict = field(hash=False, compare=False)

    @classmethod
    def of(cls, design: Design, deck: Deck) -> Kit:
        return cls(design, deck, tuple(card_faces(design, deck)), symbols(design))


def sheet_document(
    kit: Kit,
    paper: str,
    layout: SheetLayout,
    flip: Flip = Flip.LONG,
    back_offset: tuple[float, float] = (0.0, 0.0),
    gap_mm: float = 0.0,
) -> Document:
    design = kit.design
    plan = sheet_plan(PAPERS[paper], layout, card_frame(design), flip, back_offset, gap_mm)
    monuments: list[tuple[Face, Face | None]] = [pair for pair in kit.faces if pair[0].kind is CardKind.MONUMENT]
    search: list[tuple[Face, Face | None]] = [pair for pair in kit.faces if pair[0].kind is CardKind.SEARCH]
    # Each deck starts on a fresh sheet, so the two decks never need sorting apart after cutting.
    pages = sheet_pages(plan, monuments, f"{design.name}: Monuments") + sheet_pages(
        plan, search, f"{design.name}: Search cards"
    )
    how = {
        SheetLayout.DUPLEX: f"duplex (backs turned on the {flip.value} edge)",
        SheetLayout.GUTTERFOLD: "gutter-fold (each sheet folded, front against back)",
        SheetLayout.FRONTS: "fronts only",
    }[layout]
    subject = f"{design.name}: print-and-play card sheets, {PAPERS[paper].name} {how}"
    return Document(f"{design.name}: cards, {PAPERS[paper].name} {layout.value}", tuple(pages), kit.symbols, subject)


def per_card_document(kit: Kit) -> Document:
    fronts = [front for front, _ in kit.faces]
    backs = list({back.card_id: back for _, back in kit.faces}.values())
    pages = card_pages(card_frame(kit.design), fronts + backs)
    subject = f"{kit.design.name}: every card face and back, one a page, trimmed size with bleed, for a print shop"
    return Document(f"{kit.design.name}: one card a page", tuple(pages), kit.symbols, subject)


def rulebook_document(design: Design, deck: Deck, paper: str, table: dict | None = None) -> Document:
    try:
        pages = rule_sheet_pages(design, deck, PAPERS[paper])
    except LayoutError as exc:
        raise BuildError(f"{design.source}: {exc}; nothing was written") from None
    subject = f"{design.name}: the rules on one sheet, front and back"
    return Document(f"{design.name}: rules", tuple(pages), table if table is not None else symbols(design), subject)


def answer_key_document(design: Design, deck: Deck, paper: str, table: dict | None = None) -> Document:
    pages = answer_key_pages(design, deck, validate_deck(deck), PAPERS[paper])
    subject = f"{design.name}: answer key, the Monument each Search card matches"
    table = table if table is not None else symbols(design)
    return Document(f"{design.name}: answer key", tuple(pages), table, subject)


@dataclass(frozen=True)
class Job:
    """One file of the kit: its name, how to lay it out, how many cards it holds, what it is for."""

    name: str
    make: Callable[[], Document]
    cards: int
    what: str


def kit_jobs(kit: Kit, options: KitOptions) -> list[Job]:
    """The files a build writes, in order (the CLI counts them for its progress bar)."""
    design, deck = kit.design, kit.deck
    cards = len(deck.monuments) + len(deck.search)
    jobs = [
        Job(
            f"{design.slug}_cards_{paper}_{layout.value}.pdf",
            functools.partial(sheet_document, kit, paper, layout, options.flip, options.back_offset, options.gap_mm),
            cards,
            f"card sheets, {PAPERS[paper].name}, {layout.value}",
        )
        for paper in options.papers
        for layout in options.layouts
        if (paper, layout) not in options.skip
    ]
    for paper in options.papers:
        if options.rulebook:
            jobs.append(
                Job(
                    f"{design.slug}_rulebook_{paper}.pdf",
                    functools.partial(rulebook_document, design, deck, paper, kit.symbols),
                    0,
                    f"rule sheet, {PAPERS[paper].name}, front and back",
                )
            )
        if options.answer_key:
            jobs.append(
                Job(
                    f"{design.slug}_answer-key_{paper}.pdf",
                    functools.partial(answer_key_document, design, deck, paper, kit.symbols),
                    len(deck.search),
                    f"answer key, {PAPERS[paper].name}",
                )
            )
    if options.per_card:
        jobs.append(
            Job(
                f"{design.slug}_cards_per-card.pdf",
                functools.partial(per_card_document, kit),
                cards,
                "one card a page with bleed, for print shops",
            )
        )
    return jobs


def build_kit(
    design: Design, out_dir: Path, options: KitOptions = KitOptions(), progress: Callable[[str], None] | None = None
) -> list[Written]:
    """Render the whole kit, then write it; returns what was written, in order.

    Every file is rendered before any is replaced, so a failed or interrupted build leaves the
    old kit or the new one, never a mix; each file is still written atomically."""
    deck = checked_deck(design)
    ensure_folder(out_dir)
    kit = Kit.of(design, deck)
    decode_art(kit.symbols)
    jobs = kit_jobs(kit, options)
    rendered = render_jobs(jobs, options.cmyk, progress, design.print.profile)
    written = []
    for job, (pages, data) in zip(jobs, rendered):
        path = out_dir / job.name
        atomic_write(path, data)
        written.append(Written(path, pages, len(data), job.what))
    return written


def render_jobs(
    jobs: list[Job], cmyk: bool, progress: Callable[[str], None] | None = None, profile: Path | None = None
) -> list[tuple[int, bytes]]:
    """(pages, PDF bytes) for each job, in order: on a forked worker a core where the system
    forks (the laid-out kit is shared, not copied), else one after the other. ``cmyk``: every
    colour through ``profile`` (None: the shipped one)."""
    register_fonts()  # once, before forking: the workers inherit the parsed fonts
    if cmyk:
        converter(profile)  # once, before forking: a bad profile fails here, and the workers share it
    workers = worker_count(len(jobs))
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [_render_job(job, cmyk, ShapeCache(), progress, profile) for job in jobs]
    context = multiprocessing.get_context("fork")
    shares = [list(range(worker, len(jobs), workers)) for worker in range(workers)]
    channels, processes = [], []
    for share in shares:
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=_worker, args=([jobs[i] for i in share], cmyk, send, profile), daemon=True)
        process.start()
        send.close()
        channels.append(receive)
        processes.append(process)
    results: dict[int, tuple[int, bytes]] = {}
    try:
        for share, receive in zip(shares, channels):
            outcome = receive.recv()
            if isinstance(outcome, BaseException):
                raise outcome
            for index, result in zip(share, outcome):
                if progress:
                    progress(jobs[index].name)
                results[index] = result
    except EOFError:
        raise BuildError("a build worker stopped without a result; nothing was written") from None
    finally:
        for process in processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
    return [results[i] for i in range(len(jobs))]


def _render_job(
    job: Job,
    cmyk: bool,
    shapes: ShapeCache,
    progress: Callable[[str], None] | None = None,
    profile: Path | None = None,
):
    if progress:
        progress(job.name)
    document = job.make()
    return len(document.pages), render_pdf(document, cmyk=cmyk, shapes=shapes, profile=profile)


def _worker(jobs: list[Job], cmyk: bool, send, profile: Path | None) -> None:
    """In a forked process: render ``jobs`` and send back their results, or the exception."""
    die_with_parent()
    try:
        shapes = ShapeCache()
        send.send([_render_job(job, cmyk, shapes, None, profile) for job in jobs])
    except BaseException as exc:
        try:
            send.send(exc)
        except Exception:  # an exception that cannot be pickled: say what it was
            send.send(BuildError(f"rendering failed: {type(exc).__name__}: {exc}"))
    finally:
        send.close()


def calibration_document(paper: str, flip: Flip = Flip.LONG) -> Document:
    """The duplex calibration sheet for ``paper`` and ``flip``: a front and a back page."""
    name = PAPERS[paper].name
    return Document(f"Duplex calibration sheet, {name}, {flip.value}-edge flip", calibration_pages(PAPERS[paper], flip))


def write_calibration(
    out_dir: Path, papers: tuple[str, ...] = ("a4", "letter"), flip: Flip = Flip.LONG
) -> list[Written]:
    """Write ``calibration_<paper>_<flip>.pdf`` for each paper (atomically); returns what was written.

    >>> import tempfile
    >>> [w.path.name for w in write_calibration(Path(tempfile.mkdtemp()), ("a4",))]
    ['calibration_a4_long.pdf']
    """
    ensure_folder(out_dir)
    written = []
    for paper in papers:
        document = calibration_document(paper, flip)
        data = render_pdf(document)
        path = out_dir / f"calibration_{paper}_{flip.value}.pdf"
        atomic_write(path, data)
        what = f"duplex calibration sheet, {PAPERS[paper].name}, print on both sides ({flip.value}-edge flip)"
        written.append(Written(path, len(document.pages), len(data), what))
    return written
