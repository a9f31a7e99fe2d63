"""The ``rushmore`` command line: parse, make one core call, format, map errors to exit codes.

Exit codes: 0 success, 1 a failed check or bad input (the message says which), 2 bad usage.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from . import __version__
from .errors import RushmoreError
from .inputs import escape, shown
from .model import Level
from .sizes import CARD_PRESETS, PAPERS, parse_card_size
from .starter import Example
from .targets import EXPORTS, ExportOptions
from .words import count

if TYPE_CHECKING:
    from .gamelog import GameLog
    from .model import Deck
    from .narrate import Narrator
    from .session import Session, Step
    from .spec import Design
    from .validate import Report


def load_design(path: Path | None) -> Design:
    """The design at ``path`` (the classic one when None); the reader is imported only when a
    command reads a design, so help texts and ``impose`` start fast. A ``print.font`` is also
    read by the renderers themselves (``render.fontcheck``), so every command refuses at once,
    with its line, a font that ``build`` could not draw."""
    from .spec import load_design as read

    return read(path, font_check=_renderers_font_check)


def _renderers_font_check(path: Path, texts: tuple[str, ...]) -> None:
    from .render.fontcheck import check_font  # reportlab and Pillow: only for a design with a font

    check_font(path, texts)


PRESET_NAMES = frozenset(CARD_PRESETS)
LEVELS = click.Choice([level.value for level in Level], case_sensitive=False)


def friendly_errors(command: Callable) -> Callable:
    """Turn the core's errors into ``error: ...`` on stderr and exit 1; never a traceback."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except RushmoreError as exc:
            for line in str(exc).splitlines() or [type(exc).__name__]:
                click.echo(f"error: {line}", err=True)
            sys.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(130)

    return wrapper


DESIGN_PATH = click.Path(dir_okay=False, path_type=Path)


def design_argument(command: Callable) -> Callable:
    """DESIGN on every command, as a positional argument or as ``--design FILE`` (the same file)."""

    @functools.wraps(command)
    def merged(*args, design: Path | None = None, design_option: Path | None = None, **kwargs):
        if design is not None and design_option is not None:
            raise click.UsageError("give the design once: as DESIGN or as --design FILE, not both")
        return command(*args, design=design if design is not None else design_option, **kwargs)

    option = click.option(
        "--design", "design_option", type=DESIGN_PATH, metavar="FILE",
        help="The design file, as DESIGN (either form works).  [default: the classic design]",
    )  # fmt: skip
    return click.argument("design", required=False, type=DESIGN_PATH)(option(merged))


def output_option(default: str, what: str) -> Callable:
    """``-o/--output FOLDER``: the folder the files land in, on every command that writes files."""
    return click.option(
        "-o", "--output", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=default,
        show_default=True, help=f"Folder the {what} land in (created if needed).",
    )  # fmt: skip


def paper_option(command: Callable) -> Callable:
    return click.option(
        "--paper", type=PAPER_CHOICES, default="both", show_default=True,
        help="Paper size; both writes one file for A4 and one for Letter.",
    )(command)  # fmt: skip


LAYOUT_HELP = (
    "duplex: each fronts page followed by its backs page; gutterfold: fronts and backs on one "
    "sheet, fold and glue; fronts: no backs; both: duplex and gutterfold; all: the three."
)


def gap_option(command: Callable) -> Callable:
    """``--gap LENGTH``: space between the cards on a sheet (the bleed fills it; each card gets its own cuts)."""
    return click.option(
        "--gap", "gap_mm", callback=_gap, default="0", show_default=True, metavar="LENGTH",
        help="Space between cards, e.g. 3mm: a slightly off cut then shows no sliver of the neighbour "
        "(the bleed fills the gap, every card has its own crop marks). 0: butted.",
    )(command)  # fmt: skip


def _gap(ctx, param, value: str) -> float:
    gap = _length(ctx, param, value)
    if gap > MAX_GAP_MM:
        raise click.BadParameter(f"{value!r}: at most {MAX_GAP_MM:g} mm")
    return gap


MAX_GAP_MM = 20.0


def duplex_options(command: Callable) -> Callable:
    """``--flip`` and ``--back-offset``: they apply to duplex layouts only (checked by ``_duplex``)."""
    command = click.option(
        "--back-offset", callback=_offset, metavar="X,Y",
        help="duplex: shift the backs by X,Y mm to undo your printer's drift.  [default: 0,0]",
    )(command)  # fmt: skip
    return click.option(
        "--flip", type=click.Choice(["long", "short"]), default=None,
        help="duplex: the edge your printer flips the paper on.  [default: long]",
    )(command)  # fmt: skip


def _duplex(layouts: tuple, flip: str | None, back_offset: tuple[float, float] | None):
    """The duplex settings, refusing them when no duplex layout is written."""
    from .layout.sheets import Flip, SheetLayout

    if SheetLayout.DUPLEX not in layouts:
        for given, flag in ((flip, "--flip"), (back_offset, "--back-offset")):
            if given is not None:
                raise click.UsageError(f"{flag} applies to the duplex layout only")
    return Flip(flip or "long"), back_offset or (0.0, 0.0)


def _load(design_path: Path | None) -> tuple[Design, Deck]:
    from .generate import generate_deck

    design = load_design(design_path)
    return design, generate_deck(design)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="rushmore")
def cli() -> None:
    """Print-and-play toolkit for Mount Rushmore-style matching games.

    DESIGN is a YAML design file; without it, the built-in classic design is used.

    \b
    Examples:
      rushmore build                       # the whole print kit into output/
      rushmore cards --format json > deck.json
      rushmore validate --manifest deck.json
      rushmore play --players ann,bob,cy
    """


@cli.command()
@click.argument("folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--from", "example", type=click.Choice([e.value for e in Example]), default=Example.CLASSIC.value,
    show_default=True, help="The example design to start from.",
)  # fmt: skip
@friendly_errors
def init(folder: Path, example: str) -> None:
    """Start a design of your own: write FOLDER/design.yaml (an example, commented) and FOLDER/art/.

    Never overwrites: a folder that already has a design.yaml is refused.

    \b
    Examples:
      rushmore init mygame                 # mygame/design.yaml from the classic design
      rushmore init junior --from junior   # then: rushmore build junior/design.yaml
    """
    from .inputs import shown_path
    from .starter import start_design

    started = start_design(folder, Example(example))
    click.echo(f"wrote {shown_path(started.design)} (from the {example} example) and {shown_path(started.art)}/")
    click.echo(f"next: rushmore validate {shown_path(started.design)}")


@cli.command()
@design_argument
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json", "csv", "xlsx", "ods"]), default="table", show_default=True,
    help="table for people; json, csv, xlsx and ods are manifests that validate --manifest reads back.",
)  # fmt: skip
@click.option("--level", type=LEVELS, help="Only the Search cards of this level's pool.")
@friendly_errors
def cards(design: Path | None, fmt: str, level: str | None) -> None:
    """List every card: id, notation, red heads, level and answer.

    \b
    Examples:
      rushmore cards
      rushmore cards designs/junior.yaml --level advanced
      rushmore cards --format json > deck.json     # a manifest for `validate --manifest`
      rushmore cards --format xlsx > deck.xlsx     # the same cards as a spreadsheet
    """
    from .manifest import to_manifest

    spec, deck = _load(design)
    search = deck.pool(Level(level.lower())) if level else deck.search
    if fmt == "json":
        import json  # here: impose and the help texts never need it

        manifest = to_manifest(deck, spec.name)
        keep = {card.id for card in search}
        manifest["search"] = [card for card in manifest["search"] if card["id"] in keep]
        click.echo(json.dumps(manifest, indent=2))
    elif fmt in ("csv", "xlsx", "ods"):
        from .sheet_manifest import deck_tables
        from .sheets import SheetFormat, write_tables

        kind = SheetFormat(fmt)
        if kind.binary and sys.stdout.isatty():
            raise click.UsageError(f"a {fmt.upper()} file is not for a terminal; redirect it: > deck.{fmt}")
        data = write_tables(deck_tables(deck, spec.name, search), kind)
        click.echo(data, nl=False)  # bytes go to the binary stream as they are
    else:
        click.echo(f"{spec.name}: {len(deck.monuments)} Monuments, {len(search)} Search cards")
        click.echo(_table(["id", "notation"], [[m.id, deck.notation.monument(m.faces)] for m in deck.monuments]))
        click.echo()
        rows = [
            [
                c.id,
                deck.notation.search(c.faces, c.red),
                str(c.red_count),
                c.level.value,
                f"{c.answer} {deck.notation.monument(deck.monument(c.answer).faces)}",
            ]
            for c in search
        ]
        click.echo(_table(["id", "notation", "red", "level", "answer"], rows))


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows)]
    lines = ["  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip() for row in [header, *rows]]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


@cli.command()
@design_argument
@click.option(
    "--manifest",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Judge this manifest (JSON, YAML, or a CSV, XLSX or ODS spreadsheet) instead of a generated deck.",
)
@click.option("--strict", is_flag=True, help="Treat imbalance as a failure, not a warning.")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
    help="text for people, json for scripts.",
)  # fmt: skip
@friendly_errors
def validate(design: Path | None, manifest: Path | None, strict: bool, fmt: str) -> None:
    """Check a deck as a publisher would; exit 0 when valid, 1 when not.

    Every Search card must match exactly one Monument by the rule, Monuments must be complete and
    distinct, ids, answers and levels right, no duplicates; balance is reported.

    \b
    Examples:
      rushmore validate
      rushmore validate designs/five.yaml --strict
      rushmore validate --manifest deck.json
      rushmore validate designs/five.yaml --manifest deck.csv   # a sheet's heads from the design
    """
    printing: list[str] = []
    if manifest is not None:
        from .inputs import shown_path
        from .manifest import validate_manifest
        from .sheets import SheetFormat

        frame = None
        if design is not None:
            if SheetFormat.of(manifest) is None:
                raise click.UsageError("give a DESIGN or a JSON or YAML --manifest, not both (it names its heads)")
            frame = _load(design)[1]
        report, title = validate_manifest(manifest, frame), shown_path(manifest)
    else:
        from .layout.checks import printing_problems
        from .validate import validate_deck

        spec, deck = _load(design)
        report, title = validate_deck(deck), f"{spec.name} ({spec.source})"
        printing = printing_problems(spec, deck)  # what build would refuse: the same check
        if any(head.art is not None and head.vector is None for head in spec.heads):
            from .render.art import art_problems  # Pillow, only for designs with image art

            printing += art_problems(spec)  # the art decoded as build decodes it
    ok = report.ok(strict) and not printing
    if fmt == "json":
        import json

        click.echo(json.dumps({**_report_data(report, ok), "printing": printing}, indent=2))
    else:
        click.echo(_report_text(report, title, ok, strict))
        for problem in printing:
            click.echo(f"error: {spec.source}: {problem}", err=True)
    sys.exit(0 if ok else 1)


def _report_data(report: Report, ok: bool) -> dict:
    return {
        "ok": ok,
        "monuments": report.monuments,
        "search": report.search,
        "errors": [str(e) for e in report.errors],
        "warnings": [str(w) for w in report.warnings],
        "balance": [
            {
                "group": r.group,
                "cards": r.cards,
                "answers_min": r.answer_min,
                "answers_max": r.answer_max,
                "red_per_head_min": r.red_min,
                "red_per_head_max": r.red_max,
            }
            for r in report.balance
        ],
        "pools": {level.value: size for level, size in report.pools},
    }


def _report_text(report: Report, title: str, ok: bool, strict: bool) -> str:
    lines = [f"{title}: {report.monuments} Monuments, {report.search} Search cards checked"]
    lines += [f"  error: {e}" for e in report.errors]
    lines += [f"  {'error' if strict else 'warning'}: {w}" for w in report.warnings]
    if not report.errors:
        lines.append("every Search card matches exactly one Monument")
    rows = [
        [
            r.group,
            str(r.cards),
            f"{r.answer_min}..{r.answer_max}",
            "-" if r.red_min is None else f"{r.red_min}..{r.red_max}",
        ]
        for r in report.balance
    ]
    if rows:
        lines += ["", _table(["balance", "cards", "answers per Monument", "red marks per head"], rows), ""]
    lines.append("pools: " + ", ".join(f"{level.title} {size}" for level, size in report.pools))
    problems = len(report.errors) + (len(report.warnings) if strict else 0)
    lines.append("valid" if ok else f"NOT VALID: {problems} problem{'s' if problems != 1 else ''}")
    return "\n".join(lines)


PAPER_CHOICES = click.Choice([*PAPERS, "both"])
LAYOUT_CHOICES = click.Choice(["duplex", "gutterfold", "fronts", "both", "all"])


def _papers(paper: str) -> tuple[str, ...]:
    return tuple(PAPERS) if paper == "both" else (paper,)


def _layouts(layout: str):
    from .layout.sheets import SheetLayout

    if layout == "both":
        return (SheetLayout.DUPLEX, SheetLayout.GUTTERFOLD)
    if layout == "all":
        return tuple(SheetLayout)
    return (SheetLayout(layout),)


def _offset(ctx, param, value: str | None) -> tuple[float, float] | None:
    if value is None:
        return None
    try:
        dx, dy = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter("expected two numbers in mm, like 1.5,-0.5") from None
    if not all(math.isfinite(part) and abs(part) <= MAX_BACK_OFFSET_MM for part in (dx, dy)):
        raise click.BadParameter(
            f"{value}: at most {MAX_BACK_OFFSET_MM:g} mm each way (printers drift 1-4 mm), like 1.5,-0.5"
        )
    return dx, dy


MAX_BACK_OFFSET_MM = 20.0
MAX_NAME_BYTES = 200  # a file name may have 255 bytes; _letter_gutterfold.pdf takes 22 of them


def _file_name(ctx, param, value: str) -> str:
    """``--name``: the start of the files' names, never a path (``-o`` says where they go)."""
    if not value.strip():
        raise click.BadParameter("give a name, e.g. --name mycards")
    if "/" in value or "\\" in value or value in (".", "..") or value.startswith("~"):
        raise click.BadParameter(f"{shown(value)} is a path; give a plain name and the folder with -o")
    if escape(value) != value:
        raise click.BadParameter(f"{shown(value)}: a name may not hold control characters")
    if len(value.encode("utf-8")) > MAX_NAME_BYTES:
        raise click.BadParameter(f"{shown(value)}: too long; a name may have at most {MAX_NAME_BYTES} bytes")
    return value


@cli.command()
@design_argument
@output_option("output", "PDFs")
@paper_option
@click.option("--layout", type=LAYOUT_CHOICES, default="both", show_default=True, help=LAYOUT_HELP)
@duplex_options
@gap_option
@click.option("--cmyk", is_flag=True, help="Write every colour as CMYK (for print shops that ask for it).")
@friendly_errors
def build(
    design: Path | None,
    out_dir: Path,
    paper: str,
    layout: str,
    flip: str | None,
    back_offset: tuple[float, float] | None,
    gap_mm: float,
    cmyk: bool,
) -> None:
    """Build the print-and-play kit: card sheets, per-card PDF, rule sheet and answer key.

    The deck is validated first; nothing is written when it does not validate. Files are
    written atomically, so an interrupted build never leaves a broken PDF behind. For a home
    copy print the duplex PDF double-sided (or the gutterfold PDF single-sided), at 100 %.

    \b
    Examples:
      rushmore build
      rushmore build designs/junior.yaml -o output/junior --paper letter
      rushmore build --layout duplex --flip short --back-offset 1.5,0
      rushmore build --gap 3mm
    """
    from .build import KitOptions, build_kit, unfit_sheets

    spec = load_design(design)
    layouts = _layouts(layout)
    flip_edge, offset = _duplex(layouts, flip, back_offset)
    papers = _papers(paper)
    skip: tuple = ()
    if click.get_current_context().get_parameter_source("layout") is click.core.ParameterSource.DEFAULT:
        skip = tuple(unfit_sheets(spec, papers, layouts, gap_mm))  # asked for by default, not by name: leave out
        for left_out, sheet in skip:
            click.echo(f"note: the card does not fit {PAPERS[left_out].name} paper in the {sheet.value} layout; "
                       "that file is left out", err=True)  # fmt: skip
    options = KitOptions(
        papers=papers, layouts=layouts, flip=flip_edge, back_offset=offset, cmyk=cmyk, skip=skip, gap_mm=gap_mm
    )
    written = build_kit(spec, out_dir, options, progress=lambda name: click.echo(f"  writing {name}", err=True))
    _report_written(spec.name, written, out_dir)


def _report_written(name: str, written: list, out_dir: Path) -> None:
    click.echo(f"{name}: wrote {count(len(written), 'file', 'files')} to {out_dir}/")
    rows = [[w.path.name, str(w.pages), f"{w.size / 1024:.0f} KB", w.what] for w in written]
    click.echo(_table(["file", "pages", "size", "what it is"], rows))


def _card_size(ctx, param, value: str | None) -> tuple[float, float] | None:
    if value is None:
        return None
    try:
        size = parse_card_size(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    if value.strip().lower() not in PRESET_NAMES and not re.search(r"(mm|cm|in|pt)\s*$", value.strip().lower()):
        raise click.BadParameter(f"{value!r}: give the unit, e.g. {value.strip()}mm (or in, cm, pt)")
    return size


def _optional_length(ctx, param, value: str | None) -> float | None:
    return None if value is None else _length(ctx, param, value)


def _length(ctx, param, value: str) -> float:
    """A length on the command line: a number with its unit (``3mm``, ``0.125in``); only 0 may go
    without one, since a bare 3 could mean millimetres or pixels or inches."""
    from .units import parse_length

    try:
        length = parse_length(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    if length and re.fullmatch(r"\s*[0-9.]+\s*", value):
        raise click.BadParameter(f"{value!r}: give the unit, e.g. {value.strip()}mm or {value.strip()}in")
    return length


def _export_help() -> str:
    targets = "\n".join(f"  {t.name}  {t.help}" for t in EXPORTS.values())
    examples = "\n".join(
        ["  rushmore export png --dpi 600 --bleed 0", "  rushmore export tts designs/junior.yaml -o output/junior-tts"]
    )
    intro = "Per-card images and vendor files, under OUTPUT/TARGET/."
    return f"{intro}\n\n\b\nTARGET:\n{targets}\n\n\b\nExamples:\n{examples}"


@cli.command(help=_export_help())
@click.argument("target", type=click.Choice(list(EXPORTS)))
@design_argument
@click.option(
    "-o", "--output", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Folder the files land in (created if needed).  [default: output/TARGET]",
)  # fmt: skip
@click.option("--dpi", type=click.IntRange(72, 1200), default=None, help="png only: resolution.  [default: 300]")
@click.option(
    "--bleed", "bleed", callback=_optional_length, default=None, metavar="LENGTH",
    help="png only: bleed around each card, e.g. 3mm or 0 for none.  [default: the design's]",
)  # fmt: skip
@click.option("--no-bleed", "no_bleed", is_flag=True, hidden=True)  # deprecated spelling of --bleed 0
@click.option(
    "--url-base", metavar="URL",
    help="tts only: where you will upload the files (https://.../folder); the JSON then uses hosted "
    "URLs that every player can load.  [default: file:/// URLs, for this machine only]",
)  # fmt: skip
@friendly_errors
def export(
    target: str,
    design: Path | None,
    out_dir: Path | None,
    dpi: int | None,
    bleed: float | None,
    no_bleed: bool,
    url_base: str | None,
) -> None:
    chosen = EXPORTS[target]
    if no_bleed:
        if bleed is not None:
            raise click.UsageError("give --bleed or --no-bleed, not both")
        click.echo("note: --no-bleed is deprecated and will go in the next release; use --bleed 0", err=True)
        bleed = 0.0
    given = {name for name, value in (("dpi", dpi), ("bleed", bleed), ("url_base", url_base)) if value is not None}
    from .spec import MAX_BLEED_MM, TOO_MUCH_BLEED

    if bleed is not None and bleed > MAX_BLEED_MM:
        raise click.BadParameter(f"{bleed:g}mm {TOO_MUCH_BLEED}", param_hint="--bleed")
    for name in sorted(given - chosen.honours):
        owner = "tts" if name == "url_base" else "png"
        raise click.UsageError(f"--{name.replace('_', '-')} applies to {owner} only, not to {target}")
    if url_base is not None and not re.match(r"^https?://[^\s]+$", url_base):
        raise click.BadParameter(
            "expected an http(s) address such as https://example.org/cards", param_hint="--url-base"
        )
    options = ExportOptions(dpi=dpi if dpi is not None else 300, bleed_mm=bleed, url_base=url_base)
    folder = out_dir if out_dir is not None else Path("output") / target
    spec = load_design(design)
    with click.progressbar(length=chosen.files(spec), label=f"exporting {target}", file=sys.stderr) as bar:
        written = chosen.run(spec, folder, options, lambda name: bar.update(1))
    total = sum(w.size for w in written)
    click.echo(f"{spec.name}: wrote {count(len(written), 'file', 'files')} ({total / 1024:.0f} KB) to {folder}/")


@cli.command()
@click.argument("images", nargs=-1, required=True)
@click.option(
    "-o", "--output", "out_dir", type=click.Path(path_type=Path), default="output", show_default=True,
    help="Folder the PDFs land in (created if needed).",
)  # fmt: skip
@click.option(
    "--name", default="imposed", show_default=True, callback=_file_name,
    help="File names: NAME_PAPER_LAYOUT.pdf (a name, not a path; -o is the folder).",
)  # fmt: skip
@paper_option
@click.option(
    "--layout", type=LAYOUT_CHOICES, default=None,
    help=LAYOUT_HELP + "  [default: both with backs, else fronts]",
)  # fmt: skip
@duplex_options
@gap_option
@click.option(
    "--back", type=click.Path(dir_okay=False, exists=True, path_type=Path), help="One back image for every card."
)
@click.option(
    "--backs", type=click.Path(exists=True, path_type=Path), help="A folder with one back per front (same order)."
)
@click.option(
    "--card",
    callback=_card_size,
    help="Card trim size: a preset or WxH (63.5x88.9mm).  [default: read from the first image's size and dpi]",
)
@click.option(
    "--bleed", callback=_length, default="0", show_default=True, metavar="LENGTH",
    help="Bleed the images already carry around the trim, e.g. 3mm or 0.125in.",
)  # fmt: skip
@click.option(
    "--fit", is_flag=True,
    help="Scale every image to the card box even when its size or proportions differ (else refused).",
)  # fmt: skip
@click.pass_context
@friendly_errors
def impose(
    ctx: click.Context,
    images: tuple[str, ...],
    out_dir: Path,
    name: str,
    paper: str,
    layout: str | None,
    flip: str | None,
    back_offset: tuple[float, float] | None,
    back: Path | None,
    backs: Path | None,
    card: tuple[float, float] | None,
    bleed: float,
    fit: bool,
    gap_mm: float,
) -> None:
    """Lay out any card images on print-and-play sheets (crop marks, ruler, backs).

    IMAGES are PNG or JPEG files, folders or glob patterns. Each file is checked (PNG chunks and
    image data, JPEG markers) and its data goes into the PDF as it is, never decoded or
    compressed again. In a folder, back.png (or back-monument.png and back-search.png, as
    export png writes them) are the backs of the folder's cards, not cards; a bleed the images
    carry around a standard card size is read from their size.

    \b
    Examples:
      rushmore impose output/png/
      rushmore impose output/png/M*.png --bleed 3mm --back output/png/back-monument.png
      rushmore impose 'cards/*.png' --back back.png --paper letter --name mycards
      rushmore impose fronts/ --backs backs/ --layout gutterfold --card poker -o output/fold
    """
    from . import impose as imposing

    if back and backs:
        raise click.UsageError("give --back (one image for every card) or --backs (a folder), not both")
    single = out_dir.suffix.lower() == ".pdf"  # the old spelling: -o FILE.pdf
    if single:
        click.echo(
            "note: -o FILE.pdf is deprecated and will go in the next release; use -o FOLDER --name NAME", err=True
        )
        if ctx.get_parameter_source("paper") is click.core.ParameterSource.DEFAULT:
            paper = "a4"  # the old default
    collected = imposing.collect_cards(list(images))
    fronts = collected.fronts
    back_list = imposing.collect_images([str(backs)]) if backs else (None if back else collected.backs)
    has_backs = bool(back or back_list)
    layouts = _layouts(layout or ("both" if has_backs else "fronts"))
    if single and len(layouts) > 1:
        layouts = layouts[:1]
    if single and paper == "both":
        raise click.UsageError("-o FILE.pdf writes one file: choose --paper a4 or letter, or give -o a folder")
    flip_edge, offset = _duplex(layouts, flip, back_offset)
    if card is None and ctx.get_parameter_source("bleed") is click.core.ParameterSource.DEFAULT:
        found = imposing.bleed_from(fronts[0])
        if found is not None:  # the image is a card preset plus a common bleed: say so, and use it
            bleed = found
            click.echo(f"note: the images carry {found:g} mm of bleed around the card (from their size); "
                       "give --bleed to say otherwise", err=True)  # fmt: skip
    for chosen_paper in _papers(paper):
        for chosen in layouts:
            out = out_dir if single else out_dir / f"{name}_{chosen_paper}_{chosen.value}.pdf"
            written = imposing.impose(
                fronts, out, chosen_paper, chosen, flip_edge, offset, back, back_list, card, bleed, fit, gap_mm
            )
            click.echo(f"wrote {out}: {count(written.pages, 'page', 'pages')}, {written.what}, "
                       f"{written.size / 1024:.0f} KB")  # fmt: skip


@cli.command()
@design_argument
@output_option("output", "PDFs")
@paper_option
@click.option("--answer-key/--no-answer-key", default=False, help="Also write the answer key.  [default: no]")
@click.option("--markdown", is_flag=True, help="Print the rules as Markdown instead (RULES.md is this, for classic).")
@friendly_errors
def rulebook(design: Path | None, out_dir: Path, paper: str, answer_key: bool, markdown: bool) -> None:
    """Write the rule sheet (one sheet, front and back) from the design, and the answer key.

    \b
    Examples:
      rushmore rulebook
      rushmore rulebook designs/junior.yaml --paper letter --answer-key
      rushmore rulebook --markdown > output/RULES.md
    """
    from .build import KitOptions, build_kit

    if markdown:
        from .rulebook import build_rulebook, rulebook_markdown

        spec, deck = _load(design)
        click.echo(rulebook_markdown(spec, deck, build_rulebook(spec, deck)), nl=False)
        return
    spec = load_design(design)
    options = KitOptions(papers=_papers(paper), layouts=(), per_card=False, answer_key=answer_key)
    _report_written(spec.name, build_kit(spec, out_dir, options), out_dir)


@cli.command()
@output_option("output", "PDFs")
@paper_option
@click.option(
    "--flip", type=click.Choice(["long", "short"]), default="long", show_default=True,
    help="The edge your printer flips the paper on (as you will print the cards).",
)  # fmt: skip
@friendly_errors
def calibrate(out_dir: Path, paper: str, flip: str) -> None:
    """Write the duplex calibration sheet: print it on both sides, read the --back-offset X,Y.

    Held to the light, the back's vernier lines show through against the front's scales; the
    line pair that lines up reads how far the back landed from the front, to 0.25 mm, and the
    table on the sheet says the --back-offset X,Y that undoes it (for build and impose).

    \b
    Examples:
      rushmore calibrate
      rushmore calibrate --paper letter --flip short -o output/calibration
      rushmore build --layout duplex --back-offset 1.25,-0.5    # with what the sheet read
    """
    from .build import write_calibration
    from .layout.sheets import Flip

    written = write_calibration(out_dir, _papers(paper), Flip(flip))
    _report_written("calibration", written, out_dir)


# ----------------------------------------------------------------------------- the referee


def _use_colour() -> bool:
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def _narrator(deck: Deck, design_name: str) -> Narrator:
    import shutil

    from .narrate import Narrator

    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    width = shutil.get_terminal_size((80, 24)).columns
    return Narrator(deck, design_name, _use_colour(), width, unicode=encoding == "utf8")


def _read_line(prompt: str, interactive: bool) -> bytes | None:
    """One line from the game master as bytes (the session reads them as UTF-8, or refuses them),
    None at the end of input. A piped line longer than the session reads is consumed in bounded
    pieces, so one huge line cannot fill the memory."""
    from .session import MAX_LINE

    if interactive:
        try:
            typed = input(prompt)
        except EOFError:
            return None
        except UnicodeDecodeError as exc:  # the terminal sent bytes that are not UTF-8
            return exc.object if isinstance(exc.object, bytes) else bytes(exc.object)
        return _as_bytes(typed)
    most = 4 * MAX_LINE + 2  # a character is at most 4 bytes of UTF-8
    stdin = getattr(sys.stdin, "buffer", None)

    def read(size: int) -> bytes:
        return stdin.readline(size) if stdin is not None else _as_bytes(sys.stdin.readline(size))

    line = read(most)
    if not line:
        return None
    if not line.endswith(b"\n") and len(line) >= most:
        while True:
            rest = read(1 << 16)
            if not rest or rest.endswith(b"\n"):
                break
    return line.rstrip(b"\r\n")


def _as_bytes(text: str) -> bytes:
    """Text from a stream back to the bytes it was read from: bytes that were not UTF-8 come back
    as they were (surrogateescape), any other lone surrogate as bytes that are not UTF-8 either.

    >>> _as_bytes("ann \\udcff pass"), _as_bytes("\\ud800")
    (b'ann \\xff pass', b'\\xed\\xa0\\x80')
    """
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


class _Table:
    """The terminal side of a session: prints its events, writes its records, counts down."""

    def __init__(self, session: Session, narrator: Narrator, log: GameLog, countdown: bool):
        self.session, self.narrator, self.log, self.countdown = session, narrator, log, countdown

    def show(self, step: Step) -> None:
        from .referee import Revealed

        for record in step.records:  # saved before it is shown: nothing seen is ever lost
            self.log.write(record)
        pending: list = []
        for event in step.events:
            if self.countdown and isinstance(event, Revealed) and not event.again:
                self.echo(pending)
                pending = []
                self._count_down()
            pending.append(event)
        self.echo(pending)

    def echo(self, events) -> None:
        for line in self.narrator.say_all(events):
            click.echo(line)

    def _count_down(self) -> None:
        import time

        for number in ("3", "2", "1"):
            click.echo(f"{number}... ", nl=False)
            time.sleep(0.7)
        click.echo("")


@cli.command()
@design_argument
@click.option("--players", help="Comma-separated player names, e.g. ann,bob,cy.")
@click.option(
    "--level", type=LEVELS, default="basic", show_default=True,
    help="basic: no red heads; advanced: at most one; expert: every Search card.",
)  # fmt: skip
@click.option("--long", "long_game", is_flag=True, help="Longer game: more cards and more points to win.")
@click.option(
    "--seed", callback=lambda ctx, param, value: _seed(value),
    help="Seed for the layout and the deal, 0 to 2^63-1 (printed, so a game can be replayed).",
)  # fmt: skip
@click.option(
    "--penalty", is_flag=True, help="House rule: a wrong claim returns one of that player's cards to the box."
)
@click.option(
    "--deck", "deck_mode", type=click.Choice(["screen", "table"]), default="screen", show_default=True,
    help="screen: the referee draws and shows each card (no printed Search cards needed); "
    "table: you turn over the printed deck and type each card's id.",
)  # fmt: skip
@click.option("--quick", is_flag=True, help="Type only who was on the right Monument (or - for nobody).")
@click.option("--countdown", is_flag=True, help="Count 3, 2, 1 before each card is shown.")
@click.option(
    "--print-order", is_flag=True,
    help="Print the Monument layout and an order to stack the printed Search cards in, then exit.",
)  # fmt: skip
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Game log (JSON lines). Default: output/games/<time>-<seed>.jsonl",
)
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path), help="Continue the game in this log.")
@friendly_errors
def play(
    design: Path | None,
    players: str | None,
    level: str,
    long_game: bool,
    seed: int | None,
    penalty: bool,
    deck_mode: str,
    quick: bool,
    countdown: bool,
    print_order: bool,
    log_path: Path | None,
    resume: Path | None,
) -> None:
    """Referee a game: deal, show each Search card, judge the claims, keep score.

    Reads the game master's lines from the keyboard (with line editing and history) or from a
    script on stdin. At the prompt: ann B3, a b3, ann pass, several claims comma-separated,
    . (the rest pass), change ann C2, drop ann, undo, score, grid, help, quit.
    At a keyboard each new card waits for Enter, so nobody sees it before hands are up.

    \b
    Examples:
      rushmore play --players ann,bob,cy
      rushmore play --players ann,bob,cy,dee,eve --quick --countdown
      rushmore play --players ann,bob --level expert --long --seed 42
      rushmore play --players ann,bob --deck table --print-order --seed 7
      rushmore play --players ann,bob --deck table --seed 7
      rushmore play --resume output/games/20261129-140000-42.jsonl
      printf 'ann B3\\nbob pass\\n' | rushmore play --players ann,bob --seed 1
    """
    import secrets

    from .referee import DeckMode
    from .session import Options, Session

    interactive = sys.stdin.isatty()
    if resume is not None:
        context = click.get_current_context()
        given_values = {
            "players": tuple(players.split(",")) if players else None,
            "level": Level(level.lower()),
            "long_game": long_game,
            "seed": seed,
            "penalty": penalty,
            "deck_mode": DeckMode(deck_mode),
        }
        given = {
            name: value
            for name, value in given_values.items()
            if context.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
        }
        if log_path is not None or print_order:
            raise click.UsageError("--resume continues its own log; --log and --print-order do not apply")
        session, log, lost = _resume(design, resume, given, quick, interactive)
    else:
        if not players:
            raise click.UsageError("name the players, e.g. --players ann,bob,cy")
        seed = seed if seed is not None else secrets.randbelow(10**6)
        options = Options(
            tuple(players.split(",")), Level(level.lower()), long_game, seed, penalty, DeckMode(deck_mode)
        )
        spec, deck = _load(design)
        session = Session.new(
            deck,
            spec.rules,
            spec.grid,
            options,
            design_name=spec.name,
            design_path=str(design.resolve()) if design else None,
            quick=quick,
            hold=interactive,
        )
        if print_order:
            _print_order(session, design)
            return
        log = _new_log(log_path, seed)
        lost = None
    table = _Table(session, _narrator(session.game.deck, session.design_name), log, countdown)
    try:
        if resume is None:
            click.echo(f"game log: {log.path}")
            table.show(session.start())
        else:
            _recap(table, resume, lost)
        _run_table(table, interactive)
    except KeyboardInterrupt:
        click.echo(f"\ninterrupted; the game is saved: rushmore play --resume {log.path}", err=True)
        sys.exit(130)
    finally:
        log.close()


def _seed(value: str | None) -> int | None:
    """``--seed``: a whole number 0..2^63-1 (it is part of the log's file name)."""
    from .session import MAX_SEED

    if value is None:
        return None
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_SEED)) or int(text) > MAX_SEED:
        raise click.BadParameter(f"{shown(value)}: expected a whole number from 0 to {MAX_SEED} (2^63-1)")
    return int(text)


def _new_log(log_path: Path | None, seed: int) -> GameLog:
    import datetime

    from .gamelog import GameLog

    if log_path is not None:
        return GameLog.create(log_path)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return GameLog.create_unique(Path("output") / "games", f"{stamp}-{seed}")


def _resume(design: Path | None, path: Path, given: dict, quick: bool, interactive: bool):
    from .errors import GameLogError
    from .gamelog import GameLog
    from .inputs import shown_path
    from .session import Session, conflicts

    log, records, lost = GameLog.reopen(path)
    try:
        start = records[0][1]
        spec, deck = _load(design) if design is not None else _logged_design(path, start["design"])
        try:
            session = Session.resume(
                deck, spec.rules, spec.grid, records, design_name=spec.name, quick=quick, hold=interactive
            )
        except GameLogError as exc:
            raise exc.in_file(shown_path(path)) from None
        clashes = conflicts(session.options, given)
        if clashes:
            raise click.UsageError(f"--resume continues the logged game; it cannot change: {'; '.join(clashes)}")
    except BaseException:
        log.close()
        raise
    return session, log, lost


def _logged_design(log: Path, logged: str | None) -> tuple[Design, Deck]:
    """The design a log names (the classic one when it names none), read like any design file;
    when it cannot be used, the error says why in a few words and never shows what the file holds
    (a log may name any file)."""
    from .errors import GameLogError, SpecError
    from .inputs import shown_path

    if logged is None:
        return _load(None)
    try:
        return _load(Path(logged))
    except SpecError as exc:
        first = exc.problems[0]
        readable = first.line is None and not first.key and len(exc.problems) == 1  # missing, a device, too big...
        why = first.message if readable else f"not a valid design (rushmore validate {shown_path(logged)} says why)"
        raise GameLogError(
            f"design: {shown_path(logged)}: {why}; "
            f"give the game's design: rushmore play DESIGN --resume {shown_path(log)}",
            line=1,
        ).in_file(shown_path(log)) from None


def _recap(table: _Table, path: Path, lost: str | None) -> None:
    """Where a resumed game stands: the table, the score, the card in play and its claims."""
    from .session import ShowGrid, ShowScore

    session, narrator = table.session, table.narrator
    game = session.game
    click.echo(f"resumed the game in {path}")
    if lost:
        click.echo(f"note: the log's last line was cut short by a crash: {lost}")
    for line in narrator.say(ShowGrid(game.table)):
        click.echo(line)
    if game.over:
        from .referee import Ended

        for line in narrator.say_all(
            [Ended(game.state.winners or (), game.state.end_reason, game.scores()), session.summary()]
        ):
            click.echo(line)
        return
    for line in narrator.say_all([ShowScore(game.scores(), game.cards_left, game.current is not None), game.showing()]):
        click.echo(line)
    for player, monument in game.state.claims:
        click.echo(f"  {player} {'passed' if monument is None else 'is on ' + game.table.position_of(monument)}")


def _print_order(session: Session, design: Path | None) -> None:
    """The Monument layout and the order to stack the printed deck in, from the seed."""
    from .session import ShowGrid

    game = session.game
    notation = game.deck.notation
    cards = {card.id: card for card in game.deck.search}
    order = game.state.box[: game.deck_size]
    options = session.options
    click.echo(f"{session.design_name}, seed {options.seed}, {options.level.title}, {len(options.players)} players")
    click.echo("Lay out the Monuments face up:")
    for line in _narrator(game.deck, session.design_name).say(ShowGrid(game.table)):
        click.echo(line)
    click.echo(f"Stack these {game.deck_size} Search cards face down, top card first:")
    for start in range(0, len(order), 4):
        row = order[start : start + 4]
        click.echo(
            "  "
            + "  ".join(
                f"{start + i + 1:>2}. {c} {notation.search(cards[c].faces, cards[c].red):<{len(game.deck.heads) * 2}}"
                for i, c in enumerate(row)
            ).rstrip()
        )
    args = [f"--players {','.join(options.players)}", f"--seed {options.seed}", "--deck table"]
    if options.level.value != "basic":
        args.append(f"--level {options.level.value}")
    if options.long_game:
        args.append("--long")
    if design is not None:
        args.insert(0, str(design))
    click.echo(f"Then play: rushmore play {' '.join(args)}")


def _run_table(table: _Table, interactive: bool) -> None:
    from .session import Finished, Quit

    if interactive:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401 - input() gains line editing and history
    session, log = table.session, table.log
    while True:
        prompt = table.narrator.status(session) if interactive else ""
        line = _read_line(prompt, interactive)
        if line is None:
            if session.game.over:
                return
            click.echo(f"input ended before the game did; continue with: rushmore play --resume {log.path}", err=True)
            sys.exit(1)
        step = session.handle_bytes(line)
        table.show(step)
        if any(isinstance(event, Quit) for event in step.events):
            click.echo(f"game saved; continue with: rushmore play --resume {log.path}")
            return
        if any(isinstance(event, Finished) for event in step.events):
            return


@cli.command()
@click.argument("card")
@design_argument
@friendly_errors
def answer(card: str, design: Path | None) -> None:
    """Print the Monument a Search card matches.

    CARD is a Search card id (S17) or a notation (LR*RL: a letter per head, * after a red head).

    \b
    Examples:
      rushmore answer S17
      rushmore answer "LR*RL"
      rushmore answer S17 designs/junior.yaml
    """
    from .referee import answer_of, resolve_search

    _, deck = _load(design)
    search = resolve_search(deck, card)
    monument = answer_of(deck, search)
    notation = deck.notation.search(search.faces, search.red)
    shown = search.label if search.label == notation else f"{search.label} ({notation})"
    click.echo(f"{shown} matches {monument.id} ({deck.notation.monument(monument.faces)})")


@cli.command()
@click.argument("card")
@click.argument("monument")
@design_argument
@friendly_errors
def check(card: str, monument: str, design: Path | None) -> None:
    """Say whether a Search card matches a Monument; exit 0 if it does, 1 if not (and why).

    \b
    Examples:
      rushmore check S17 M05
      rushmore check "LR*RL" LLRL
      rushmore check S05 M03 --design designs/junior.yaml
    """
    from .referee import explain, resolve_monument, resolve_search

    _, deck = _load(design)
    search, target = resolve_search(deck, card), resolve_monument(deck, monument)
    reasons = explain(deck, search, target)
    notation = deck.notation.search(search.faces, search.red)
    shown = search.label if search.label == notation else f"{search.label} ({notation})"
    if not reasons:
        click.echo(f"yes: {shown} matches {target.label} ({deck.notation.monument(target.faces)})")
        return
    click.echo(f"no: {shown} does not match {target.label} ({deck.notation.monument(target.faces)})")
    for reason in reasons:
        click.echo(f"  {reason}")
    sys.exit(1)


def main() -> None:
    """Console entry point. Unexpected failures get one line, not a traceback (set RUSHMORE_DEBUG=1 for it)."""
    try:
        cli(prog_name="rushmore")
    except Exception as exc:  # a bug: say so briefly
        if os.environ.get("RUSHMORE_DEBUG"):
            raise
        click.echo(
            f"error: internal error ({type(exc).__name__}: {exc}); rerun with RUSHMORE_DEBUG=1 and report it", err=True
        )
        sys.exit(70)
