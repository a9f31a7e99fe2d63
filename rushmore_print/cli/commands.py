"""The ``rushmore`` command line: parse, make one core call, format, map errors to exit codes.

Exit codes: 0 success, 1 a failed check or bad input (the message says which), 2 bad usage.
"""

from __future__ import annotations

import io
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .. import __version__
from ..deck.rows import Listing, card_rows, listing
from ..deck.targets import EXPORTS, ExportOptions, Target, export_files, profile_options
from ..extras import Extra, require
from ..language.words import count
from ..model import DeckMode, Level
from ..readers.inputs import STDIN
from ..sizes import PAPERS, Flip
from ..writers.starter import Example
from . import arguments
from .commandline import (
    FLIP_CHOICES,
    IN_FILE,
    LEVELS,
    OUT_FILE,
    OUT_FOLDER,
    GameOptions,
    SheetOptions,
    back_offset_option,
    current_voice,
    design_argument,
    export_options,
    friendly_errors,
    game_log_options,
    game_options,
    not_stdout,
    output_option,
    paper_option,
    papers_of,
    parsed,
    report_written,
    run,
    sheet_options,
    voice_options,
    write_out,
)
from .console import load_deck, load_design

if TYPE_CHECKING:
    from ..design import Design

__all__ = ["cli", "load_design", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="rushmore")
def cli() -> None:
    """Print-and-play toolkit for Mount Rushmore-style matching games.

    DESIGN is a YAML design file (- reads it from standard input); without it, the built-in
    classic design is used. Every command takes -q (errors only) and -v (more detail).

    \b
    Examples:
      rushmore build                       # the whole print kit into output/
      rushmore cards --format json -o deck.json
      rushmore validate --manifest deck.json
      rushmore cards --format json | rushmore validate --manifest -
      rushmore play --players ann,bob,cy
    """


@cli.command()
@voice_options
@click.argument("folder", required=False, default=".", type=OUT_FOLDER)
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
    from ..readers.inputs import shown_path
    from ..writers.starter import start_design

    started = start_design(folder, Example(example))
    voice = current_voice()
    voice.say(f"wrote {shown_path(started.design)} (from the {example} example) and {shown_path(started.art)}/")
    voice.say(f"next: rushmore validate {shown_path(started.design)}")


@cli.command()
@voice_options
@design_argument
@click.option(
    "--format", "fmt", type=click.Choice([form.value for form in Listing]), default=Listing.TABLE.value,
    show_default=True,
    help="table for people; json, csv, xlsx and ods are manifests that validate --manifest reads back.",
)  # fmt: skip
@click.option("--level", type=LEVELS, help="Only the Search cards of this level's pool.")
@click.option(
    "-o", "--output", "out_file", type=OUT_FILE, metavar="FILE", default=STDIN, show_default=True,
    help="The file to write (replaced atomically); - is standard output.",
)  # fmt: skip
@friendly_errors
def cards(design: Path | None, fmt: str, level: str | None, out_file: Path) -> None:
    """List every card: id, notation, red heads, level and answer.

    \b
    Examples:
      rushmore cards
      rushmore cards junior/design.yaml --level advanced
      rushmore cards --format json -o deck.json     # a manifest for `validate --manifest`
      rushmore cards --format json | rushmore validate --manifest -
      rushmore cards --format xlsx -o deck.xlsx     # the same cards as a spreadsheet
    """
    spec, deck = load_deck(design)
    rows = card_rows(deck, deck.pool(Level(level.lower())) if level else None)
    if Listing(fmt).binary and str(out_file) == STDIN and sys.stdout.isatty():
        raise click.UsageError(f"a {fmt.upper()} file is not for a terminal; give -o deck.{fmt} or redirect it")
    write_out(listing(rows, deck, spec.name, Listing(fmt)), out_file, f"{len(rows)} cards", spec.input_files())


@cli.command()
@voice_options
@design_argument
@click.option(
    "--manifest", type=IN_FILE,
    help="Judge this manifest (JSON, YAML, or a CSV, XLSX or ODS sheet; - reads standard input) instead of a "
    "generated deck.",
)  # fmt: skip
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
      rushmore validate five/design.yaml --strict
      rushmore validate --manifest deck.json
      rushmore cards --format json | rushmore validate --manifest -
      rushmore validate five/design.yaml --manifest deck.csv   # a CSV's heads from the design
    """
    from ..deck.reports import judge_design, judge_manifest, manifest_names_its_heads

    if manifest is None:
        spec, deck = load_deck(design)
        verdict = judge_design(spec, deck, strict, render_check=_render_problems, art_warnings=_art_warnings)
    else:
        if design is not None and manifest_names_its_heads(manifest):
            raise click.UsageError("give a DESIGN or a JSON or YAML --manifest, not both (it names its heads)")
        frame = load_deck(design)[1] if design is not None else None
        verdict = judge_manifest(manifest, strict, design=frame, stdin=sys.stdin.buffer)
    if fmt == "json":
        import json

        click.echo(json.dumps(verdict.data(), indent=2))
    else:
        quiet = current_voice().quiet  # -q: only what makes the deck not valid, on stderr
        for line in verdict.problem_lines() if quiet else [verdict.text()]:
            click.echo(line, err=quiet)
        for line in verdict.printing_lines():
            click.echo(line, err=True)
    sys.exit(0 if verdict.ok else 1)


def _render_problems(design: Design) -> list[str]:
    from ..writers.build import render_problems  # reportlab and Pillow, only for designs that name such files

    return render_problems(design)


def _art_warnings(design: Design) -> list[str]:
    from ..render.art import art_warnings

    return art_warnings(design)


@cli.command()
@voice_options
@design_argument
@output_option("output", "PDFs")
@sheet_options(layout_default="both")
@click.option("--cmyk", is_flag=True, help="Write every colour as CMYK (for print shops that ask for it).")
@click.option(
    "--tuck-box/--no-tuck-box", default=True, show_default="yes",
    help="Also write the tuck box, a sheet to cut, fold and glue into a box for the deck "
    "(left out, with a note, for a paper it does not fit, unless asked for by name).",
)  # fmt: skip
@click.option(
    "--sleeves", is_flag=True,
    help="Size the tuck box for cards in sleeves (0.1 mm more a card, 2 mm wider and taller).",
)  # fmt: skip
@friendly_errors
def build(design: Path | None, out_dir: Path, sheets: SheetOptions, cmyk: bool, tuck_box: bool, sleeves: bool) -> None:
    """Build the print-and-play kit: card sheets, per-card PDF, rule sheet, answer key and tuck box.

    The deck is validated first; nothing is written when it does not validate. Files are
    written atomically, so an interrupted build never leaves a broken PDF behind. For a home
    copy print the duplex PDF double-sided (or the gutterfold PDF single-sided), at 100 %.

    \b
    Examples:
      rushmore build
      rushmore build junior/design.yaml -o output/junior --paper letter   # from: rushmore init junior --from junior
      rushmore build --layout duplex --flip short --back-offset 1.5,0
      rushmore build --gap 3mm --paper a4 -q     # prints nothing
      rushmore build --sleeves                   # a tuck box for sleeved cards
    """
    from ..writers.build import KitOptions, build_kit, unfit_boxes, unfit_sheets

    voice = current_voice()
    spec = load_design(design)
    voice.detail(f"design: {spec.name} ({spec.source})")
    layouts, papers = sheets.layouts(), sheets.papers
    flip_edge, offset = sheets.duplex(layouts)
    skip: tuple = ()
    if "layout" not in sheets.typed:  # asked for by default, not by name: leave out what does not fit
        skip = tuple(unfit_sheets(spec, papers, layouts, sheets.gap_mm))
        for left_out, sheet in skip:
            voice.note(f"note: the card does not fit {PAPERS[left_out].name} paper in the {sheet.value} layout; "
                       "that file is left out")  # fmt: skip
    named = click.get_current_context().get_parameter_source("tuck_box") is click.core.ParameterSource.COMMANDLINE
    if tuck_box and not named:  # by default the box is left out where it does not fit: say so, and why
        for _, why in unfit_boxes(spec, papers, sleeves):
            voice.note(f"note: {why}; that file is left out")
    options = KitOptions(
        papers=papers, layouts=layouts, flip=flip_edge, back_offset=offset, cmyk=cmyk, skip=skip, gap_mm=sheets.gap_mm,
        tuck_box=tuck_box, sleeves=sleeves, box_required=named,
    )  # fmt: skip
    written = build_kit(spec, out_dir, options, progress=lambda name: voice.note(f"  writing {name}"))
    report_written(voice, spec.name, written, out_dir)


EXPORT_INTRO = "Per-card images and vendor files, written into the -o folder (output/TARGET unless given)."


def _export_help() -> str:
    targets = "\n".join(f"  {t.name}  {t.describe()}" for t in EXPORTS.values())
    shop = "  FILE.yaml  a print shop's profile: its card pixels, dpi, bleed, safe area and file names"
    examples = "\n".join(
        [
            "  rushmore export png --dpi 150 --bleed 0 -o output/screen     # small images, no bleed",
            "  rushmore export tts junior/design.yaml -o output/junior-tts",
            "  rushmore export meinspiel.yaml five/design.yaml               # a print shop's profile (YAML)",
        ]
    )
    return f"{EXPORT_INTRO}\n\n\b\nTARGET:\n{targets}\n{shop}\n\n\b\nExamples:\n{examples}"


class _ExportCommand(click.Command):
    """``rushmore export``, whose help lists the vendors' numbers: read from their profiles only
    when that help is shown, so ``rushmore --help`` reads no YAML."""

    def get_help(self, ctx: click.Context) -> str:
        self.help = _export_help()
        return super().get_help(ctx)


@cli.command(cls=_ExportCommand, short_help=EXPORT_INTRO)
@voice_options
@click.argument("target", metavar="TARGET", callback=parsed(arguments.export_target))
@design_argument
@click.option(
    "-o", "--output", "out_dir", type=OUT_FOLDER, metavar="FOLDER", default=None, callback=not_stdout,
    help="Folder the files land in (created if needed).  [default: output/TARGET]",
)  # fmt: skip
@export_options
@friendly_errors
def export(target: str | Path, design: Path | None, out_dir: Path | None, options: ExportOptions) -> None:
    voice = current_voice()
    label = target.stem if isinstance(target, Path) else target
    folder = out_dir if out_dir is not None else Path("output") / label
    from ..design.vendors import VendorProfile, read_vendor_profile
    from ..writers.export import run_export

    chosen: Target | VendorProfile = EXPORTS[target] if isinstance(target, str) else read_vendor_profile(target)
    if isinstance(chosen, VendorProfile):
        options = profile_options(chosen, options.url_base)
    spec = load_design(design)
    bar_file = io.StringIO() if voice.quiet else sys.stderr  # -q: no progress bar
    with click.progressbar(length=export_files(chosen, spec), label=f"exporting {label}", file=bar_file) as bar:
        written = run_export(chosen, spec, folder, options, lambda name: bar.update(1))
    for file in written:
        voice.detail(f"  {file.path} ({file.size / 1024:.0f} KB)")
    total = sum(w.size for w in written)
    voice.say(f"{spec.name}: wrote {count(len(written), 'file', 'files')} ({total / 1024:.0f} KB) to {folder}/")


@cli.command()
@voice_options
@click.argument("images", nargs=-1, required=True)
@click.option(
    "-o", "--output", "out_dir", type=click.Path(path_type=Path), default="output", show_default=True,
    callback=not_stdout,
    help="Folder the PDFs land in (created if needed).",
)  # fmt: skip
@click.option(
    "--name", default="imposed", show_default=True, callback=parsed(arguments.file_stem),
    help="File names: NAME_PAPER_LAYOUT.pdf (a name, not a path; -o is the folder).",
)  # fmt: skip
@sheet_options(layout_default=None)
@click.option(
    "--back", type=click.Path(dir_okay=False, exists=True, path_type=Path), help="One back image for every card."
)
@click.option(
    "--backs", type=click.Path(exists=True, path_type=Path), help="A folder with one back per front (same order)."
)
@click.option(
    "--card",
    callback=parsed(arguments.card_size),
    help="Card trim size: a preset or WxH (63.5x88.9mm).  [default: read from the first image's size and dpi]",
)
@click.option(
    "--bleed", callback=parsed(arguments.typed_length), default=None, metavar="LENGTH",
    help="Bleed the images already carry around the trim, e.g. 3mm or 0.125in.  "
    "[default: read from the images' size when it is a card preset plus 3 mm or 1/8 in, else 0]",
)  # fmt: skip
@click.option(
    "--fit", is_flag=True,
    help="Scale every image to the card box even when its size or proportions differ (else refused).",
)  # fmt: skip
@friendly_errors
def impose(
    images: tuple[str, ...],
    out_dir: Path,
    name: str,
    sheets: SheetOptions,
    back: Path | None,
    backs: Path | None,
    card: tuple[float, float] | None,
    bleed: float | None,
    fit: bool,
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
      rushmore impose fronts/ --backs backs/ --layout gutterfold --card 88.9x63.5mm --bleed 3mm -o output/fold
    """
    from ..writers import impose as imposing

    voice = current_voice()
    if imposing.is_single_file(out_dir):
        voice.note(f"note: {imposing.SINGLE_FILE_DEPRECATED}")
        if "paper" not in sheets.typed:
            sheets = replace(sheets, paper="a4")  # the old default
        elif sheets.paper == "both":
            raise click.UsageError("-o FILE.pdf writes one file: choose --paper a4 or letter, or give -o a folder")
    cards = imposing.find_cards(images, back, backs, card, bleed)
    if cards.bleed_found:  # the image is a card preset plus a common bleed: say so, and use it
        voice.note(f"note: the images carry {cards.bleed_mm:g} mm of bleed around the card (from their size); "
                   "give --bleed to say otherwise")  # fmt: skip
    layouts = sheets.layouts(default="both" if cards.has_backs else "fronts")
    flip_edge, offset = sheets.duplex(layouts)
    fronts = cards.fronts
    voice.detail(f"{count(len(fronts), 'card image', 'card images')}: {', '.join(map(str, fronts[:8]))}"
                 + (" ..." if len(fronts) > 8 else ""))  # fmt: skip
    for chosen_paper, chosen, out in imposing.output_files(out_dir, name, sheets.papers, layouts):
        options = imposing.ImposeOptions(
            paper=chosen_paper, layout=chosen, flip=flip_edge, back_offset_mm=offset, card_mm=card,
            bleed_mm=cards.bleed_mm, fit=fit, gap_mm=sheets.gap_mm,
        )  # fmt: skip
        written = imposing.impose(fronts, out, options, back=cards.back, backs=cards.backs)
        voice.say(f"wrote {out}: {count(written.pages, 'page', 'pages')}, {written.what}, "
                  f"{written.size / 1024:.0f} KB")  # fmt: skip


@cli.command()
@voice_options
@design_argument
@output_option("output", "PDFs")
@paper_option
@click.option("--answer-key/--no-answer-key", default=False, help="Also write the answer key.  [default: no]")
@click.option(
    "--markdown", type=OUT_FILE, is_flag=False, flag_value=STDIN, default=None, metavar="[FILE]",
    callback=parsed(lambda value: Path(arguments.markdown_file(str(value)))),
    help="Write the rules as Markdown instead, to FILE or (without FILE, or -) standard output; "
    "RULES.md is this, for classic.",
)  # fmt: skip
@friendly_errors
def rulebook(design: Path | None, out_dir: Path, paper: str, answer_key: bool, markdown: Path | None) -> None:
    """Write the rule sheet (one sheet, front and back) from the design; with --answer-key, the answer key too.

    \b
    Examples:
      rushmore rulebook
      rushmore rulebook junior/design.yaml --paper letter --answer-key
      rushmore rulebook --markdown output/RULES.md
      rushmore rulebook --markdown - > output/RULES.md
    """
    from ..writers.build import KitOptions, build_kit

    if markdown is not None:
        from ..deck.rulebook import build_rulebook, rulebook_markdown

        spec, deck = load_deck(design)
        write_out(rulebook_markdown(spec, deck, build_rulebook(spec, deck)), markdown, "the rules as Markdown",
                  spec.input_files())  # fmt: skip
        return
    spec = load_design(design)
    options = KitOptions(papers=papers_of(paper), layouts=(), per_card=False, answer_key=answer_key, tuck_box=False)
    report_written(current_voice(), spec.name, build_kit(spec, out_dir, options), out_dir)


@cli.command()
@voice_options
@design_argument
@output_option("output", "files (preview.html)")
@click.option("--watch", is_flag=True, help="Rebuild on every change to the design or a file it uses; serve the page.")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=None, metavar="N",
    help="--watch only: the port on 127.0.0.1 (0: any free one).  [default: 8765]",
)  # fmt: skip
@friendly_errors
def preview(design: Path | None, out_dir: Path, watch: bool, port: int | None) -> None:
    """One self-contained page of the whole design: every card face and back, the table at 30 dpi,
    the rule sheet and the validator's report. With --watch, the page is served on this machine
    and reloads itself within a second of each save; while the design is wrong it shows the
    errors above the last cards that built. Ctrl-C stops.

    \b
    Examples:
      rushmore preview                                  # output/preview.html
      rushmore preview junior/design.yaml --watch      # serves until Ctrl-C: open the address it prints
    """
    from ..web.preview import write_preview

    voice = current_voice()
    if not watch:
        if port is not None:
            raise click.UsageError("--port applies to --watch only")
        voice.say(f"wrote {write_preview(design, out_dir, load_design)}")
        return
    if design is not None and str(design) == STDIN:
        raise click.UsageError("--watch reads the design again at each save: give a file, not -")
    require(Extra.PREVIEW)  # before the import: aiohttp and watchfiles are the preview extra's
    from ..web.live import watch as watch_design

    try:
        watch_design(
            design, out_dir, 8765 if port is None else port, voice.note, load=load_design,
            started=lambda address: voice.say(f"previewing at {address} (also {out_dir}/preview.html); Ctrl-C stops"),
        )  # fmt: skip
    except KeyboardInterrupt:
        voice.note("stopped")


@cli.command()
@voice_options
@output_option("output", "PDFs")
@paper_option
@click.option(
    "--flip", type=FLIP_CHOICES, default=Flip.LONG.value, show_default=True,
    help="The edge your printer flips the paper on (as you will print the cards).",
)  # fmt: skip
@back_offset_option(
    "The check round: print the backs moved by X,Y mm, as build and impose will move the cards' "
    "backs; the sheet then reads what is left, and its table adds the offset.  [default: 0,0]"
)
@click.option(
    "--language", default="en", show_default=True, metavar="CODE",
    help="The language of the sheet's words, any a design's language: takes (de, fr, pl...).",
)  # fmt: skip
@friendly_errors
def calibrate(out_dir: Path, paper: str, flip: str, back_offset: tuple[float, float] | None, language: str) -> None:
    """Write the duplex calibration sheet: print it on both sides, read the --back-offset X,Y.

    Held to the light, the back's vernier lines show through against the front's scales; the
    line pair that lines up reads how far the back landed from the front, to 0.25 mm, and the
    table on the sheet says the --back-offset X,Y that undoes it (for build and impose). Make the
    sheet again with that offset and print it the same way: both scales then read 0.

    \b
    Examples:
      rushmore calibrate
      rushmore calibrate --paper letter --flip short -o output/calibration
      rushmore calibrate --language de
      rushmore calibrate --back-offset 1.25,-0.5    # the check round: both scales read 0
      rushmore build --layout duplex --back-offset 1.25,-0.5    # with what the sheet read
    """
    from ..language.i18n import languages
    from ..writers.build import write_calibration

    if language not in languages():
        raise click.BadParameter(f"{language!r} is not one of {', '.join(languages())}", param_hint="--language")
    written = write_calibration(out_dir, papers_of(paper), Flip(flip), language, back_offset or (0.0, 0.0))
    report_written(current_voice(), "calibration", written, out_dir)


@cli.command()
@voice_options
@design_argument
@game_options
@click.option(
    "--deck", "deck_mode", type=click.Choice([mode.value for mode in DeckMode]), default=DeckMode.SCREEN.value,
    show_default=True,
    help="screen: the referee draws and shows each card (no printed Search cards needed); "
    "table: you turn over the printed deck and type each card's id.",
)  # fmt: skip
@click.option("--quick", is_flag=True, help="Type only who was on the right Monument (or - for nobody).")
@click.option("--countdown", is_flag=True, help="Count 3, 2, 1 before each card is shown.")
@click.option(
    "--print-order", is_flag=True,
    help="Print the Monument layout and an order to stack the printed Search cards in, then exit.",
)  # fmt: skip
@game_log_options
@friendly_errors
def play(
    design: Path | None, game: GameOptions, deck_mode: str, quick: bool, countdown: bool, print_order: bool
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
      printf 'ann B3\\nbob pass\\nquit\\n' | rushmore play --players ann,bob --seed 1
    """
    from .console import Streams
    from .console import play as play_game

    if design is not None and str(design) == STDIN:
        raise click.UsageError("play reads the game master's lines from standard input; give DESIGN as a file")
    if game.resume is not None and (game.log_path is not None or print_order):
        raise click.UsageError("--resume continues its own log; --log and --print-order do not apply")
    request = game.request(deck_mode, quick, countdown)
    outcome = play_game(request, design, Streams.system(), print_only=print_order)
    if outcome:
        sys.exit(int(outcome))


@cli.command()
@voice_options
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
      rushmore answer S17 junior/design.yaml
    """
    from ..game.referee import answer_of
    from ..language.i18n import catalogue_for

    spec, deck = load_deck(design)
    search = arguments.search_card(deck, card)
    monument = answer_of(deck, search)
    notation = deck.notation.search(search.faces, search.red)
    shown = search.label if search.label == notation else f"{search.label} ({notation})"
    said = {"card": shown, "monument": monument.id, "notation": deck.notation.monument(monument.faces)}
    click.echo(catalogue_for(spec).gettext("{card} matches {monument} ({notation})", **said))  # the players' language


@cli.command()
@voice_options
@click.argument("card")
@click.argument("monument")
@design_argument
@friendly_errors
def check(card: str, monument: str, design: Path | None) -> None:
    """Say whether a Search card matches a Monument; exit 0 if it does, 1 if not (and why).
    With -q nothing is printed: the exit code says it.

    \b
    Examples:
      rushmore check "LR*RL" LLRL                           # exit 0: it matches
      rushmore check S17 M05                                # exit 1: it does not, and why
      rushmore check S05 M03 --design junior/design.yaml   # exit 1
    """
    from ..game.referee import explain
    from ..language.i18n import catalogue_for
    from .arguments import monument_card, same_id, search_card

    voice = current_voice()
    spec, deck = load_deck(design)
    t = catalogue_for(spec)  # a dispute at the table: settled in the players' language
    if same_id(card, [m.id for m in deck.monuments]) and same_id(monument, [c.id for c in deck.search]):
        raise click.UsageError(f"the Search card comes first: rushmore check {monument} {card}")
    search, target = search_card(deck, card), monument_card(deck, monument)
    reasons = explain(deck, search, target)
    notation = deck.notation.search(search.faces, search.red)
    shown = search.label if search.label == notation else f"{search.label} ({notation})"
    said = {"card": shown, "monument": target.label, "notation": deck.notation.monument(target.faces)}
    if reasons:
        voice.say(t.gettext("no: {card} does not match {monument} ({notation})", **said))
    else:
        voice.say(t.gettext("yes: {card} matches {monument} ({notation})", **said))
    for reason in reasons:
        voice.say(f"  {t.say(reason)}")
    sys.exit(1 if reasons else 0)


@cli.command()
@voice_options
@design_argument
@game_options
@click.option("--one-screen", is_flag=True, help="No phones: the game master taps who took each card.")
@click.option("--lan", is_flag=True, help="Serve the local network, for phones; without it only this computer.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="0: any free port.")
@click.option(
    "--countdown", type=click.FloatRange(0, 10), default=3.0, show_default=True,
    help="Seconds of the count of three before each card.",
)  # fmt: skip
@click.option("--deck", "deck_mode", type=click.Choice(["screen", "table"]), hidden=True)  # refused below, saying why
@game_log_options
@friendly_errors
def table(
    design: Path | None,
    game: GameOptions,
    one_screen: bool,
    lan: bool,
    port: int,
    countdown: float,
    deck_mode: str | None,
) -> None:
    """A game in the browser: the Search card on a big screen, phones as hands.

    Prints the address of the table screen (open it on the screen everyone sees) and, unless
    --one-screen, the address and code the players' phones join with (the table screen shows it
    as a QR code). The log is the one `rushmore play` writes: either command resumes it.

    \b
    Examples:
      rushmore table --players ann,bob,cy --lan              # serves until Ctrl-C
      rushmore table --players ann,bob --one-screen          # serves until Ctrl-C
      rushmore table --resume output/games/20261201-140000-42.jsonl --lan   # serves until Ctrl-C
    """
    require(Extra.TABLE)  # before the import: aiohttp and segno are the table extra's
    from ..web.run import Serving, table_game
    from .console import Streams

    if design is not None and str(design) == STDIN:
        raise click.UsageError("give DESIGN as a file: the table reads it again for the card faces")
    if deck_mode == "table":  # the phones cannot type a card id, and the screen's reveal is the point
        raise click.UsageError(
            "the browser table draws each Search card itself; play the printed Search deck at the terminal: "
            "rushmore play --deck table"
        )
    if game.penalty and one_screen:  # one screen records only who took the card: no wrong claim to penalise
        raise click.UsageError("--penalty needs each wrong claim, which --one-screen does not take; play with phones")
    request = game.request()
    try:
        table_game(request, design, Streams.system(), Serving(lan, port, one_screen, countdown))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise click.ClickException(f"cannot serve on port {port} ({reason}); choose another --port") from None


@cli.command()
@voice_options
@click.argument("logs", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--html", "html_path", type=OUT_FILE, metavar="FILE",
    help="Also write an HTML page with charts (- : standard output).",
)  # fmt: skip
@friendly_errors
def stats(logs: tuple[Path, ...], html_path: Path | None) -> None:
    """How games went, from their logs: each Search card's median time to the right claim and
    its wrong claims; the same per level, per red count and per player.

    \b
    Examples:
      rushmore stats output/games/*.jsonl
      rushmore stats output/games/*.jsonl --html output/stats.html
    """
    from ..game.stats import repeated_games, stats_of, table_lines
    from ..readers.inputs import shown_path
    from ..writers.gamelog import read_records

    games = [read_records(path) for path in logs]
    repeats = repeated_games(games)
    for index, kept in sorted(repeats.items()):
        given, other = shown_path(logs[index]), shown_path(logs[kept])
        same = logs[index].resolve() == logs[kept].resolve()
        again = "is given twice" if same else f"holds the same game as {other}"
        current_voice().note(f"note: {given} {again}; the game is counted once")
    result = stats_of([records for index, records in enumerate(games) if index not in repeats])
    if html_path is None or str(html_path) != STDIN:  # the page alone on standard output
        for line in table_lines(result):
            click.echo(line)
    if html_path is not None:
        from ..render.charts import stats_html

        write_out(stats_html(result), html_path, "the stats page", dict.fromkeys(logs, "a game log"))


def main() -> None:
    """Console entry point (``rushmore``): the command line in ``sys.argv``, run to its exit code
    (see :func:`commandline.run <rushmore_print.cli.commandline.run>`: a bug is one line and exit 70).

    >>> saved, sys.argv = sys.argv, ["rushmore", "answer", "S17"]
    >>> try:
    ...     main()
    ... except SystemExit as done:
    ...     print("exit code", done.code)
    ... finally:
    ...     sys.argv = saved
    S17 (LR*RL) matches M03 (LLRL)
    exit code 0
    """
    run(cli)
