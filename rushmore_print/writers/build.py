"""The print-and-play kit: which documents a build makes, rendered and written atomically.

Sits above ``layout`` and ``render``; knows nothing of click (the CLI reports what it returns).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import field
from pathlib import Path
from typing import overload

from ..deck.generate import generate_deck
from ..deck.validate import validate_deck
from ..design import Design, print_font_texts
from ..errors import BuildError, RushmoreError
from ..frozen import frozen_dataclass
from ..language.i18n import catalogue, catalogue_for
from ..layout.answer_key import answer_key_pages
from ..layout.calibration import calibration_pages, offset_text
from ..layout.cards import (
    CardFrame,
    CardKind,
    Face,
    back_face,
    card_frame,
    monument_face,
    search_face,
    symbols,
)
from ..layout.checks import printing_problems, rule_sheet_pages
from ..layout.fallback import design_fallback
from ..layout.items import Document
from ..layout.lazy import Joined, Lazy
from ..layout.rules_sheet import LayoutError
from ..layout.sheets import PAPERS, Flip, SheetLayout, lazy_card_pages, sheet_pages, sheet_plan
from ..layout.tuck_box import CARD_STOCK, SLEEVED, BoxTooLarge, box_fits, box_page
from ..model import Deck
from ..render.art import art_problems, decode_art
from ..render.colour import converter
from ..render.fontcheck import check_font
from .files import StagedFolder, Written, atomic_write, output_folder, refuse_inputs
from .workers import can_fork, run_forked, worker_count


@frozen_dataclass
class KitOptions:
    """What :func:`build_kit` writes: card sheets for each paper and layout (``skip`` leaves
    some out), the duplex backs' flip and offset, the one-card-a-page file, the rule sheet, the
    answer key, the tuck box (for cards in sleeves with ``sleeves``; left out for a paper it does
    not fit, unless ``box_required``, when that stops the build), CMYK colour, and the gap between
    cards on the sheets.

    >>> KitOptions(papers=("letter",), layouts=(SheetLayout.GUTTERFOLD,), answer_key=False).papers
    ('letter',)
    """

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
    tuck_box: bool = True
    sleeves: bool = False  # the tuck box sized for sleeved cards
    box_required: bool = False  # asked for by name: a paper the box does not fit stops the build


def unfit_sheets(
    design: Design, papers: tuple[str, ...], layouts: tuple[SheetLayout, ...], gap_mm: float = 0.0
) -> list[tuple[str, SheetLayout]]:
    """The (paper, layout) pairs whose sheet cannot hold the design's card (a large card does
    not fit half a sheet for gutter-folding).

    >>> from dataclasses import replace
    >>> from rushmore_print import load_design
    >>> from rushmore_print.sizes import SheetLayout
    >>> design = load_design()
    >>> large = replace(design, print=replace(design.print, card_name="custom", width_mm=200.0, height_mm=150.0))
    >>> unfit_sheets(large, ("a4",), (SheetLayout.DUPLEX, SheetLayout.GUTTERFOLD))
    [('a4', <SheetLayout.GUTTERFOLD: 'gutterfold'>)]
    """
    frame = card_frame(design)
    unfit = []
    for paper in papers:
        for layout in layouts:
            try:
                sheet_plan(PAPERS[paper], layout, frame, Flip.LONG, (0.0, 0.0), gap_mm)
            except BuildError:
                unfit.append((paper, layout))
    return unfit


def unfit_boxes(
    design: Design, papers: tuple[str, ...], sleeves: bool = False, deck: Deck | None = None
) -> list[tuple[str, str]]:
    """The papers the tuck box does not fit, each with why (its sizes and the paper's); ``deck``:
    the design's, when the caller has it.

    >>> from rushmore_print.package_data import DESIGNS, shipped
    >>> from rushmore_print.design import load_design
    >>> eight = load_design(str(shipped("eight.yaml", DESIGNS)))
    >>> [(paper, why[:40]) for paper, why in unfit_boxes(eight, ("a4",))]
    [('a4', 'the tuck box for 320 cards (65.0 x 90.4 ')]
    """
    stock = SLEEVED if sleeves else CARD_STOCK
    deck = deck if deck is not None else generate_deck(design)
    return [(paper, why) for paper in papers if (why := box_fits(design, deck, PAPERS[paper], stock)) is not None]


def card_faces(design: Design, deck: Deck, bleed_mm: float | None = None) -> list[tuple[Face, Face]]:
    """(front, back) for every card: Monuments first, then Search cards, in id order.
    ``bleed_mm`` overrides the design's bleed (vendors ask for their own).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> pairs = card_faces(design, deck, bleed_mm=0.0)
    >>> len(pairs), pairs[0][0].card_id, pairs[0][1].card_id, pairs[-1][0].card_id
    (55, 'M01', 'monument-back', 'S39')
    """
    return list(DeckFaces(design, deck, card_frame(design, bleed_mm)))


class DeckFaces(Sequence[tuple[Face, Face]]):
    """:func:`card_faces` made when they are reached: each front is laid out when asked for
    and not kept (a sheet holds its own few cards, never the deck's), the two backs once.
    A slice is a view of the same kind.

    >>> from rushmore_print.design import load_design
    >>> design = load_design()
    >>> faces = DeckFaces(design, generate_deck(design), card_frame(design))
    >>> len(faces), faces[0][0].card_id, faces[-1][0].card_id, [f.card_id for f, _ in faces[15:17]]
    (55, 'M01', 'S39', ['M16', 'S01'])
    """

    def __init__(self, design: Design, deck: Deck, frame: CardFrame, indices: range | None = None) -> None:
        self.design, self.deck, self.frame = design, deck, frame
        self._indices = range(len(deck.monuments) + len(deck.search)) if indices is None else indices
        self._backs = {kind: back_face(design, kind, frame) for kind in CardKind}

    def __len__(self) -> int:
        return len(self._indices)

    @overload
    def __getitem__(self, index: int) -> tuple[Face, Face]: ...
    @overload
    def __getitem__(self, index: slice) -> DeckFaces: ...
    def __getitem__(self, index: int | slice) -> tuple[Face, Face] | DeckFaces:
        if isinstance(index, slice):
            view = DeckFaces.__new__(DeckFaces)
            view.design, view.deck, view.frame, view._backs = self.design, self.deck, self.frame, self._backs
            view._indices = self._indices[index]
            return view
        number = self._indices[index]
        monuments = self.deck.monuments
        if number < len(monuments):
            return monument_face(self.design, monuments[number], self.frame), self._backs[CardKind.MONUMENT]
        card = self.deck.search[number - len(monuments)]
        return search_face(self.design, card, self.frame), self._backs[CardKind.SEARCH]

    @property
    def monuments(self) -> DeckFaces:
        """The Monuments' (front, back) pairs, still laid out only when reached.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> kit = Kit.of(design, generate_deck(design))
        >>> len(kit.faces.monuments), kit.faces.monuments[0][0].card_id
        (16, 'M01')
        """
        return self[: len(self.deck.monuments)]

    @property
    def search(self) -> DeckFaces:
        """The Search cards' (front, back) pairs, still laid out only when reached.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> kit = Kit.of(design, generate_deck(design))
        >>> len(kit.faces.search), kit.faces.search[-1][0].card_id
        (39, 'S39')
        """
        return self[len(self.deck.monuments) :]

    @property
    def fronts(self) -> Sequence[Face]:
        """Every card's front, in deck order, laid out when reached.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> kit = Kit.of(design, generate_deck(design))
        >>> len(kit.faces.fronts), kit.faces.fronts[16].card_id
        (55, 'S01')
        """
        return Lazy(len(self), lambda index: (self[index][0],))

    @property
    def backs(self) -> list[Face]:
        """Each kind's back once, the Monuments' first.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> kit = Kit.of(design, generate_deck(design))
        >>> [back.card_id for back in kit.faces.backs]
        ['monument-back', 'search-back']
        """
        return list(self._backs.values())


def checked_deck(design: Design) -> Deck:
    """The design's deck, refusing one that does not validate.

    Raises ``BuildError`` saying every problem, so that nothing half-made is written.

    >>> from dataclasses import replace
    >>> from rushmore_print import load_design
    >>> design = load_design()
    >>> len(checked_deck(design).search)
    39
    >>> long = replace(design, heads=(replace(design.heads[0], name="Washington" * 4), *design.heads[1:]))
    >>> checked_deck(long)
    Traceback (most recent call last):
    rushmore_print.errors.BuildError: classic.yaml (built in): the head name 'WashingtonWashington...' is too long ...
    """
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
    one read by ``design.load_design`` alone was not.

    >>> from dataclasses import replace
    >>> from pathlib import Path
    >>> import rushmore_print
    >>> from rushmore_print import load_design
    >>> shipped = Path(rushmore_print.__file__).parent / "data" / "fonts" / "DejaVuSansCondensed.ttf"
    >>> design = load_design()
    >>> print_font_problems(design), print_font_problems(replace(design, print=replace(design.print, font=shipped)))
    ([], [])
    """
    if design.print.font is None:
        return []
    texts = tuple(printed for _, _, printed in print_font_texts(design.name, [head.name for head in design.heads]))
    try:
        check_font(design.print.font, texts)
    except ValueError as exc:
        return [f"print.font: {design.print.font.name!r}: {str(exc).removeprefix(f'{design.print.font}: ')}"]
    return []


def render_problems(design: Design) -> list[str]:
    """Everything the renderers refuse in a design, for ``validate`` (issue 32.9: a profile whose
    colour tables LittleCMS cannot use passed validate, and build and every export refused it):
    its ``print.font`` loaded, its ``print.profile``'s colour transform built (the one build and
    each export build), each head's image art decoded with its embedded colour profile. Build
    checks the first two before writing anything (:func:`checked_deck`) and the art as it draws.

    >>> from dataclasses import replace
    >>> from pathlib import Path
    >>> import rushmore_print
    >>> from rushmore_print import load_design
    >>> not_a_profile = Path(rushmore_print.__file__).parent / "data" / "fonts" / "LICENSE.txt"
    >>> design = load_design()
    >>> render_problems(design)
    []
    >>> print(*render_problems(replace(design, print=replace(design.print, profile=not_a_profile))))
    print.profile: 'LICENSE.txt': LittleCMS cannot convert sRGB to CMYK with this profile (...)
    """
    return print_font_problems(design) + print_profile_problems(design) + art_problems(design)


def print_profile_problems(design: Design) -> list[str]:
    """What LittleCMS refuses in the design's ``print.profile`` (``validate`` checked its header
    and tag table; the tables themselves are read only here, once: the converter is cached).

    >>> from dataclasses import replace
    >>> from pathlib import Path
    >>> import rushmore_print
    >>> from rushmore_print import load_design
    >>> not_a_profile = Path(rushmore_print.__file__).parent / "data" / "fonts" / "LICENSE.txt"
    >>> design = load_design()
    >>> print(*print_profile_problems(replace(design, print=replace(design.print, profile=not_a_profile))))
    print.profile: 'LICENSE.txt': LittleCMS cannot convert sRGB to CMYK with this profile (...)
    """
    if design.print.profile is None:
        return []
    try:
        converter(design.print.profile)
    except RushmoreError as exc:
        reason = str(exc).removeprefix(f"{design.print.profile}: ")
        return [f"print.profile: {design.print.profile.name!r}: {reason}"]
    return []


@frozen_dataclass
class Kit:
    """What every document of a build shares, laid out once: the deck, every card's front and
    back, and the symbols (head drawings) they use.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> kit = Kit.of(design, generate_deck(design))
    >>> len(kit.faces), len(kit.symbols), kit.deck.search[0].id
    (55, 29, 'S01')
    """

    design: Design
    deck: Deck
    faces: DeckFaces = field(hash=False, compare=False)  # laid out when a document reaches them
    symbols: dict = field(hash=False, compare=False)

    @classmethod
    def of(cls, design: Design, deck: Deck) -> Kit:
        """The kit of a design and its deck: the faces (laid out lazily) and the symbols they use.

        >>> from rushmore_print import generate_deck, load_design
        >>> design = load_design()
        >>> kit = Kit.of(design, generate_deck(design))
        >>> kit.design is design, type(kit.faces).__name__
        (True, 'DeckFaces')
        """
        return cls(design, deck, DeckFaces(design, deck, card_frame(design)), symbols(design))


def sheet_document(
    kit: Kit,
    paper: str,
    layout: SheetLayout,
    flip: Flip = Flip.LONG,
    back_offset: tuple[float, float] = (0.0, 0.0),
    gap_mm: float = 0.0,
) -> Document:
    """The card sheets on ``paper`` in ``layout``: the Monuments, then the Search cards from a
    fresh sheet (the two decks never need sorting apart after cutting).

    >>> from rushmore_print.sizes import SheetLayout
    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> kit = Kit.of(design, generate_deck(design))
    >>> document = sheet_document(kit, "a4", SheetLayout.DUPLEX)
    >>> document.title, len(document.pages)
    ('Mount Rushmore: cards, A4 duplex', 14)
    """
    design = kit.design
    plan = sheet_plan(PAPERS[paper], layout, card_frame(design), flip, back_offset, gap_mm)
    # Each deck starts on a fresh sheet, so the two decks never need sorting apart after cutting.
    t = catalogue_for(design)
    fallback = design_fallback(design)
    pages = Joined(
        sheet_pages(plan, kit.faces.monuments, t.gettext("{title}: Monuments", title=design.name), t, fallback),
        sheet_pages(plan, kit.faces.search, t.gettext("{title}: Search cards", title=design.name), t, fallback),
    )
    how = {
        SheetLayout.DUPLEX: f"duplex (backs turned on the {flip.value} edge)",
        SheetLayout.GUTTERFOLD: "gutter-fold (each sheet folded, front against back)",
        SheetLayout.FRONTS: "fronts only",
    }[layout]
    subject = f"{design.name}: print-and-play card sheets, {PAPERS[paper].name} {how}"
    return Document(f"{design.name}: cards, {PAPERS[paper].name} {layout.value}", pages, kit.symbols, subject)


def per_card_document(kit: Kit) -> Document:
    """One card a page, every front then each kind's back, each page the card with its bleed (the
    TrimBox and BleedBox set): what a print shop asks for.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> kit = Kit.of(design, generate_deck(design))
    >>> document = per_card_document(kit)
    >>> document.title, len(document.pages), document.pages[0].trim_box
    ('Mount Rushmore: one card a page', 57, Rect(x=3.0, y=3.0, width=88.9, height=63.5))
    """
    pages = lazy_card_pages(card_frame(kit.design), Joined(kit.faces.fronts, kit.faces.backs))
    subject = f"{kit.design.name}: every card face and back, one a page, trimmed size with bleed, for a print shop"
    return Document(f"{kit.design.name}: one card a page", pages, kit.symbols, subject)


def rulebook_document(design: Design, deck: Deck, paper: str, table: dict | None = None) -> Document:
    """The rule sheet on ``paper``, front and back; a ``BuildError`` when it cannot be laid out.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> document = rulebook_document(design, deck, "letter")
    >>> document.title, len(document.pages), document.subject
    ('Mount Rushmore: rules', 2, 'Mount Rushmore: the rules on one sheet, front and back')
    """
    try:
        pages = rule_sheet_pages(design, deck, PAPERS[paper])
    except LayoutError as exc:
        raise BuildError(f"{design.source}: {exc}; nothing was written") from None
    t = catalogue_for(design)
    subject = t.gettext("{title}: the rules on one sheet, front and back", title=design.name)
    return Document(
        t.gettext("{title}: rules", title=design.name),
        tuple(pages),
        table if table is not None else symbols(design),
        subject,
    )


def answer_key_document(design: Design, deck: Deck, paper: str, table: dict | None = None) -> Document:
    """The answer key on ``paper``: every Search card beside the Monument it matches, then the
    balance table (``table``: the symbols, when a build has them already).

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> deck = generate_deck(design)
    >>> document = answer_key_document(design, deck, "a4")
    >>> document.title, len(document.pages)
    ('Mount Rushmore: answer key', 2)
    """
    pages = answer_key_pages(design, deck, validate_deck(deck), PAPERS[paper])
    t = catalogue_for(design)
    subject = t.gettext("{title}: answer key, the Monument each Search card matches", title=design.name)
    table = table if table is not None else symbols(design)
    return Document(t.gettext("{title}: answer key", title=design.name), pages, table, subject)


def tuck_box_document(
    design: Design, deck: Deck, paper: str, sleeves: bool = False, table: dict | None = None
) -> Document:
    """The tuck box on ``paper`` (for sleeved cards with ``sleeves``); a ``BuildError`` when it
    does not fit the paper.

    >>> from rushmore_print import generate_deck, load_design
    >>> design = load_design()
    >>> document = tuck_box_document(design, generate_deck(design), "letter")
    >>> document.title, len(document.pages)
    ('Mount Rushmore: tuck box', 1)
    """
    try:
        page = box_page(design, deck, PAPERS[paper], SLEEVED if sleeves else CARD_STOCK)
    except BoxTooLarge as exc:
        raise BuildError(f"{design.source}: {exc}; nothing was written (leave it out with --no-tuck-box)") from None
    t = catalogue_for(design)
    return Document(
        t.gettext("{title}: tuck box", title=design.name),
        (page,),
        table if table is not None else symbols(design),
        t.gettext("{title}: a box for the cards, to cut out, fold and glue", title=design.name),
    )


@frozen_dataclass
class Job:
    """One file of the kit: its name, how to lay it out, how many cards it holds, what it is for,
    and about how many seconds of CPU it takes (to share the jobs out among workers).

    >>> from rushmore_print import KitOptions, generate_deck, load_design
    >>> from rushmore_print.sizes import SheetLayout
    >>> design = load_design()
    >>> kit = Kit.of(design, generate_deck(design))
    >>> options = KitOptions(papers=("a4",), layouts=(SheetLayout.DUPLEX,), per_card=False)
    >>> job = kit_jobs(kit, options)[0]
    >>> job.name, job.cards, job.what, job.cost > 0
    ('mount-rushmore_cards_a4_duplex.pdf', 55, 'card sheets, A4, duplex', True)
    >>> job.make().title
    'Mount Rushmore: cards, A4 duplex'
    """

    name: str
    make: Callable[[], Document]
    cards: int
    what: str
    cost: float = 0.0
    # Jobs of one family (not ""), made by one process one after another: the later ones reuse
    # what the first laid out (the rule sheet's body size is fitted to every paper at once).
    family: str = ""


# Seconds of CPU a document takes, measured on 2 cores (bench/bench_build.py --jobs): a fixed part,
# and for card sheets, the per-card file and the answer key a part for each card they hold.
FIXED_COST = 0.03
SHEET_COST_PER_CARD = 0.0015
PER_CARD_COST_PER_CARD = 0.0019
ANSWER_COST_PER_CARD = 0.0015
RULEBOOK_COST_PER_MONUMENT = 0.0005  # its set-up grid and rules grow with the heads
TUCK_BOX_COST = 0.05  # one page: two card backs and the net (0.05 s CPU measured, classic, either paper)


def kit_jobs(kit: Kit, options: KitOptions) -> list[Job]:
    """The files a build writes, in order (the CLI counts them for its progress bar).

    >>> from rushmore_print import KitOptions, generate_deck, load_design
    >>> from rushmore_print.sizes import SheetLayout
    >>> design = load_design()
    >>> kit = Kit.of(design, generate_deck(design))
    >>> options = KitOptions(papers=("a4",), layouts=(SheetLayout.DUPLEX,), per_card=False)
    >>> [job.name.removeprefix("mount-rushmore_") for job in kit_jobs(kit, options)]
    ['cards_a4_duplex.pdf', 'rulebook_a4.pdf', 'answer-key_a4.pdf', 'tuck-box_a4.pdf']
    """
    design, deck = kit.design, kit.deck
    cards = len(deck.monuments) + len(deck.search)
    jobs = [
        Job(
            f"{design.slug}_cards_{paper}_{layout.value}.pdf",
            functools.partial(sheet_document, kit, paper, layout, options.flip, options.back_offset, options.gap_mm),
            cards,
            f"card sheets, {PAPERS[paper].name}, {layout.value}",
            FIXED_COST + SHEET_COST_PER_CARD * cards,
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
                    FIXED_COST + RULEBOOK_COST_PER_MONUMENT * len(deck.monuments),
                    family="rule sheet",
                )
            )
        if options.answer_key:
            jobs.append(
                Job(
                    f"{design.slug}_answer-key_{paper}.pdf",
                    functools.partial(answer_key_document, design, deck, paper, kit.symbols),
                    len(deck.search),
                    f"answer key, {PAPERS[paper].name}",
                    FIXED_COST + ANSWER_COST_PER_CARD * len(deck.search),
                )
            )
    if options.tuck_box:
        unfit = () if options.box_required else dict(unfit_boxes(design, options.papers, options.sleeves, deck))
        jobs += [
            Job(
                f"{design.slug}_tuck-box_{paper}.pdf",
                functools.partial(tuck_box_document, design, deck, paper, options.sleeves, kit.symbols),
                0,
                f"tuck box, {PAPERS[paper].name}" + (", for sleeved cards" if options.sleeves else ""),
                TUCK_BOX_COST,
            )
            for paper in options.papers
            if paper not in unfit
        ]
    if options.per_card:
        jobs.append(
            Job(
                f"{design.slug}_cards_per-card.pdf",
                functools.partial(per_card_document, kit),
                cards,
                "one card a page with bleed, for print shops",
                FIXED_COST + PER_CARD_COST_PER_CARD * cards,
            )
        )
    return jobs


def build_kit(
    design: Design,
    out_dir: Path,
    options: KitOptions = KitOptions(),
    progress: Callable[[str], None] | None = None,
    workers: int | None = None,
) -> list[Written]:
    """Render the kit into ``out_dir``; returns what was written, in order.

    Each file is written as soon as it is rendered, into a staging folder that is moved into
    ``out_dir`` only when every file is there (:class:`~rushmore_print.writers.files.StagedFolder`):
    a failed or interrupted build leaves the old kit, never a mix, and memory holds one
    document at a time, laid out page by page. The documents are shared out among ``workers``
    forked processes (None: :func:`kit_workers`); ``progress`` hears each file's name once, in
    order, as it is begun.

    >>> import tempfile
    >>> from rushmore_print.design import load_design
    >>> options = KitOptions(("a4",), (SheetLayout.DUPLEX,), rulebook=False, per_card=False, tuck_box=False)
    >>> [(w.path.name, w.pages) for w in build_kit(load_design(), Path(tempfile.mkdtemp()), options)]
    [('mount-rushmore_cards_a4_duplex.pdf', 14), ('mount-rushmore_answer-key_a4.pdf', 2)]
    """
    deck = checked_deck(design)
    with output_folder(out_dir):  # a build refused after this (art, the date) leaves no empty folder
        kit = Kit.of(design, deck)
        decode_art(kit.symbols)
        jobs = kit_jobs(kit, options)
        inputs = design.input_files()
        refuse_inputs([out_dir / job.name for job in jobs], inputs)  # before the first page is drawn
        with StagedFolder(out_dir, inputs) as stage:
            made = render_jobs(jobs, stage, options.cmyk, progress, design.print.profile, workers)
            paths = stage.commit()
    return [Written(path, pages, size, job.what) for path, job, (pages, size) in zip(paths, jobs, made)]


def render_jobs(
    jobs: list[Job],
    stage: StagedFolder,
    cmyk: bool,
    progress: Callable[[str], None] | None = None,
    profile: Path | None = None,
    workers: int | None = None,
) -> list[tuple[int, int]]:
    """Render each job into its file in ``stage``; (pages, bytes) for each, in order. ``cmyk``:
    every colour through ``profile`` (None: the shipped one). ``workers``: how many forked
    processes share the jobs (None: :func:`kit_workers`; 1, or no ``fork`` on this platform: this
    process, one job after another).

    >>> import tempfile
    >>> from rushmore_print.writers.files import StagedFolder
    >>> scratch = tempfile.TemporaryDirectory()
    >>> sheet = Job("calibration_a4.pdf", lambda: calibration_document("a4"), 0, "calibration sheet")
    >>> with StagedFolder(Path(scratch.name)) as stage:
    ...     made = render_jobs([sheet], stage, cmyk=False, workers=1)
    ...     [path.name for path in stage.commit()]
    ['calibration_a4.pdf']
    >>> made[0][0], made[0][1] == (Path(scratch.name) / "calibration_a4.pdf").stat().st_size
    (2, True)
    >>> scratch.cleanup()
    """
    # reportlab only where a PDF is drawn: the PNG, SVG and vendor image exports and the previews
    # use this module's deck and faces, and reportlab would be 8 MB of each of their processes
    from ..render.pdf import ShapeCache, register_fonts, write_pdf

    register_fonts()  # parsed once, here: forked workers inherit the parsed fonts
    if cmyk:
        converter(profile)  # the same for the colour profile
    shapes = ShapeCache()
    count = kit_workers(jobs) if workers is None else min(workers, len(jobs)) if can_fork() else 1

    def render(index: int) -> tuple[int, int]:
        job = jobs[index]
        document = job.make()
        with stage.create(job.name) as handle:  # written page by page: no document is held whole
            write_pdf(document, handle, cmyk=cmyk, shapes=shapes, profile=profile)
            return len(document.pages), handle.tell()

    made: list[tuple[int, int]] = []
    if count < 2:
        for index, job in enumerate(jobs):
            if progress:
                progress(job.name)
            made.append(render(index))
        return made
    stage.path(jobs[0].name)  # the staging folder, made before the workers write into it
    # What the first page of a document fills once (the language's number formats, each head's
    # parts), filled here before forking, is shared by the workers instead of made by each.
    pages = jobs[0].make().pages
    if len(pages):
        pages[0]
    groups = job_groups(jobs)
    order = sorted(range(len(groups)), key=lambda group: -sum(jobs[i].cost for i in groups[group]))  # longest first
    begun: set[int] = set()
    told = 0  # the jobs announced: each name once, in order, as soon as it and those before it began

    def announce(group: int) -> None:
        nonlocal told
        begun.update(groups[group])
        while progress and told in begun:
            progress(jobs[told].name)
            told += 1

    made_by_group = run_forked(
        len(groups),
        lambda group: [render(index) for index in groups[group]],
        count,
        order,
        announce,
        lambda group: " and ".join(jobs[index].name for index in groups[group]),
    )
    made = [(0, 0)] * len(jobs)
    for group, results in zip(groups, made_by_group):
        for index, result in zip(group, results):
            made[index] = result
    stage.staged_in_order([job.name for job in jobs])
    return made


def kit_workers(jobs: Sequence[Job]) -> int:
    """How many forked processes to share ``jobs`` among: one a usable core (at most 4, and
    ``RUSHMORE_WORKERS`` overrides it: :func:`~rushmore_print.writers.workers.worker_count`), none where
    there is one job, one core, or no ``fork`` (``bench/bench_build.py`` times 1 and 2 workers).

    >>> kit_workers([])
    1
    """
    return worker_count(len(jobs)) if can_fork() else 1


def job_groups(jobs: Sequence[Job]) -> list[list[int]]:
    """The jobs as forked workers take them: a family's jobs together (at its first job's
    place), every other job alone.

    >>> jobs = [Job(name, lambda: None, 0, "", family=family) for name, family in
    ...         [("a", ""), ("r1", "rules"), ("b", ""), ("r2", "rules")]]
    >>> job_groups(jobs)
    [[0], [1, 3], [2]]
    """
    groups: list[list[int]] = []
    families: dict[str, list[int]] = {}
    for index, job in enumerate(jobs):
        if job.family and job.family in families:
            families[job.family].append(index)
            continue
        groups.append([index])
        if job.family:
            families[job.family] = groups[-1]
    return groups


def calibration_document(
    paper: str, flip: Flip = Flip.LONG, language: str = "en", back_offset: tuple[float, float] = (0.0, 0.0)
) -> Document:
    """The duplex calibration sheet for ``paper`` and ``flip``: a front and a back page, its words in
    ``language`` (the printer's: the sheet has no design to take it from), its back's scales moved
    by ``back_offset`` as ``--back-offset`` moves card backs (the check round).

    >>> calibration_document("a4", language="fr").pages[0].items[0].text
    'Feuille d’étalonnage recto verso\u202f: A4, retournement sur le bord long'
    """
    name = PAPERS[paper].name
    pages = calibration_pages(PAPERS[paper], flip, catalogue(language), back_offset)
    return Document(f"Duplex calibration sheet, {name}, {flip.value}-edge flip", pages)


def write_calibration(
    out_dir: Path,
    papers: tuple[str, ...] = ("a4", "letter"),
    flip: Flip = Flip.LONG,
    language: str = "en",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[Written]:
    """Write ``calibration_<paper>_<flip>.pdf`` for each paper (atomically); returns what was written.
    ``back_offset``: the check round, its backs moved as the cards' will be.

    >>> import tempfile
    >>> [w.path.name for w in write_calibration(Path(tempfile.mkdtemp()), ("a4",))]
    ['calibration_a4_long.pdf']
    """
    from ..render.pdf import render_pdf  # reportlab only where a PDF is drawn (render_jobs)

    written = []
    with output_folder(out_dir):
        for paper in papers:
            document = calibration_document(paper, flip, language, back_offset)
            data = render_pdf(document)
            path = out_dir / f"calibration_{paper}_{flip.value}.pdf"
            atomic_write(path, data)
            what = f"duplex calibration sheet, {PAPERS[paper].name}, print on both sides ({flip.value}-edge flip)"
            if back_offset != (0.0, 0.0):
                what += f", backs moved {offset_text(back_offset)} mm"
            written.append(Written(path, len(document.pages), len(data), what))
    return written


__all__ = [
    "DeckFaces",
    "Job",
    "Kit",
    "KitOptions",
    "answer_key_document",
    "build_kit",
    "calibration_document",
    "card_faces",
    "checked_deck",
    "job_groups",
    "kit_jobs",
    "kit_workers",
    "per_card_document",
    "print_font_problems",
    "print_profile_problems",
    "render_jobs",
    "render_problems",
    "rulebook_document",
    "sheet_document",
    "tuck_box_document",
    "unfit_boxes",
    "unfit_sheets",
    "write_calibration",
]
