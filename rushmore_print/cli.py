"""The ``rushmore`` command line: parse, make one core call, format, map errors to exit codes.

Exit codes: 0 success, 1 a failed check or bad input (the message says which), 2 bad usage.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import sys
from pathlib import Path
from typing import Callable

import click

from . import __version__
from .errors import RushmoreError
from .generate import generate_deck
from .model import Deck, Level
from .spec import Design, load_design
from .validate import Report, validate_deck

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


def design_argument(command: Callable) -> Callable:
    return click.argument("design", required=False, type=click.Path(dir_okay=False, path_type=Path))(command)


def _load(design_path: Path | None) -> tuple[Design, Deck]:
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
@design_argument
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table", show_default=True)
@click.option("--level", type=LEVELS, help="Only the Search cards of this level's pool.")
@friendly_errors
def cards(design: Path | None, fmt: str, level: str | None) -> None:
    """List every card: id, notation, red heads, level and answer.

    \b
    Examples:
      rushmore cards
      rushmore cards designs/junior.yaml --level advanced
      rushmore cards --format json > deck.json     # a manifest for `validate --manifest`
    """
    from .manifest import to_manifest

    spec, deck = _load(design)
    search = deck.pool(Level(level.lower())) if level else deck.search
    if fmt == "json":
        manifest = to_manifest(deck, spec.name)
        keep = {card.id for card in search}
        manifest["search"] = [card for card in manifest["search"] if card["id"] in keep]
        click.echo(json.dumps(manifest, indent=2))
    elif fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(["id", "kind", "notation", "red", "level", "answer"])
        for m in deck.monuments:
            writer.writerow([m.id, "monument", deck.notation.monument(m.faces), "", "", ""])
        for c in search:
            writer.writerow([c.id, "search", deck.notation.search(c.faces, c.red), c.red_count, c.level.value, c.answer])
        click.echo(buffer.getvalue(), nl=False)
    else:
        click.echo(f"{spec.name}: {len(deck.monuments)} Monuments, {len(search)} Search cards")
        click.echo(_table(["id", "notation"], [[m.id, deck.notation.monument(m.faces)] for m in deck.monuments]))
        click.echo()
        rows = [[c.id, deck.notation.search(c.faces, c.red), str(c.red_count), c.level.value,
                 f"{c.answer} {deck.notation.monument(deck.monument(c.answer).faces)}"] for c in search]
        click.echo(_table(["id", "notation", "red", "level", "answer"], rows))


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows)]
    lines = ["  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip() for row in [header, *rows]]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


@cli.command()
@design_argument
@click.option("--manifest", type=click.Path(dir_okay=False, path_type=Path), help="Judge this manifest (JSON or YAML) instead of a generated deck.")
@click.option("--strict", is_flag=True, help="Treat imbalance as a failure, not a warning.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
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
    """
    if manifest is not None:
        from .manifest import validate_manifest

        if design is not None:
            raise click.UsageError("give a DESIGN or --manifest, not both")
        report, title = validate_manifest(manifest), str(manifest)
    else:
        spec, deck = _load(design)
        report, title = validate_deck(deck), f"{spec.name} ({spec.source})"
    ok = report.ok(strict)
    if fmt == "json":
        click.echo(json.dumps(_report_data(report, ok), indent=2))
    else:
        click.echo(_report_text(report, title, ok, strict))
    sys.exit(0 if ok else 1)


def _report_data(report: Report, ok: bool) -> dict:
    return {
        "ok": ok, "monuments": report.monuments, "search": report.search,
        "errors": [str(e) for e in report.errors], "warnings": [str(w) for w in report.warnings],
        "balance": [{"group": r.group, "cards": r.cards, "answers_min": r.answer_min, "answers_max": r.answer_max,
                     "red_per_head_min": r.red_min, "red_per_head_max": r.red_max} for r in report.balance],
        "pools": {level.value: size for level, size in report.pools},
    }


def _report_text(report: Report, title: str, ok: bool, strict: bool) -> str:
    lines = [f"{title}: {report.monuments} Monuments, {report.search} Search cards checked"]
    lines += [f"  error: {e}" for e in report.errors]
    lines += [f"  {'error' if strict else 'warning'}: {w}" for w in report.warnings]
    if not report.errors:
        lines.append("every Search card matches exactly one Monument")
    rows = [[r.group, str(r.cards), f"{r.answer_min}..{r.answer_max}",
             "-" if r.red_min is None else f"{r.red_min}..{r.red_max}"] for r in report.balance]
    if rows:
        lines += ["", _table(["balance", "cards", "answers per Monument", "red marks per head"], rows), ""]
    lines.append("pools: " + ", ".join(f"{level.title} {size}" for level, size in report.pools))
    problems = len(report.errors) + (len(report.warnings) if strict else 0)
    lines.append("valid" if ok else f"NOT VALID: {problems} problem{'s' if problems != 1 else ''}")
    return "\n".join(lines)


PAPER_CHOICES = click.Choice(["a4", "letter", "both"])
LAYOUT_CHOICES = click.Choice(["duplex", "gutterfold", "fronts", "both", "all"])


def _papers(paper: str) -> tuple[str, ...]:
    return ("a4", "letter") if paper == "both" else (paper,)


def _layouts(layout: str):
    from .layout.sheets import SheetLayout

    if layout == "both":
        return (SheetLayout.DUPLEX, SheetLayout.GUTTERFOLD)
    if layout == "all":
        return tuple(SheetLayout)
    return (SheetLayout(layout),)


def _offset(ctx, param, value: str | None) -> tuple[float, float]:
    if value is None:
        return (0.0, 0.0)
    try:
        dx, dy = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter("expected two numbers in mm, like 1.5,-0.5") from None
    return dx, dy


@cli.command()
@design_argument
@click.option("-o", "--output", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder to write the kit into.")
@click.option("--paper", type=PAPER_CHOICES, default="both", show_default=True)
@click.option("--layout", type=LAYOUT_CHOICES, default="both", show_default=True,
              help="duplex: backs on the next page; gutterfold: fold and glue; fronts: no backs; both = duplex and gutterfold.")
@click.option("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="Which edge your printer flips on for duplex.")
@click.option("--back-offset", callback=_offset, metavar="X,Y", help="Shift duplex backs by X,Y mm to undo printer drift.")
@friendly_errors
def build(design: Path | None, out_dir: Path, paper: str, layout: str, flip: str, back_offset: tuple[float, float]) -> None:
    """Build the print-and-play kit into a folder (default output/).

    The deck is validated first; nothing is written when it does not validate. Files are
    written atomically, so an interrupted build never leaves a broken PDF behind.

    \b
    Examples:
      rushmore build
      rushmore build designs/junior.yaml -o junior/ --paper letter
      rushmore build --layout duplex --flip short --back-offset 1.5,0
    """
    from .build import KitOptions, build_kit
    from .layout.sheets import Flip

    spec = load_design(design)
    options = KitOptions(papers=_papers(paper), layouts=_layouts(layout), flip=Flip(flip), back_offset=back_offset)
    written = build_kit(spec, out_dir, options, progress=lambda name: click.echo(f"  writing {name}", err=True))
    click.echo(f"{spec.name}: wrote {len(written)} files to {out_dir}/")
    rows = [[w.path.name, str(w.pages), f"{w.size / 1024:.0f} KB", w.what] for w in written]
    click.echo(_table(["file", "pages", "size", "what it is"], rows))


def main() -> None:
    """Console entry point. Unexpected failures get one line, not a traceback (set RUSHMORE_DEBUG=1 for it)."""
    try:
        cli(prog_name="rushmore")
    except Exception as exc:  # a bug: say so briefly
        if os.environ.get("RUSHMORE_DEBUG"):
            raise
        click.echo(f"error: internal error ({type(exc).__name__}: {exc}); rerun with RUSHMORE_DEBUG=1 and report it", err=True)
        sys.exit(70)
