"""The validator's verdict on a design or a manifest, and its two forms: text for people, JSON for scripts.

``rushmore validate`` makes one call here (:func:`judge_design` or :func:`judge_manifest`) and
prints :meth:`Verdict.text` or :meth:`Verdict.data`; a browser page or a preview can show the
same verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from ..design import Design
from ..frozen import frozen_dataclass
from ..language.words import text_table
from ..model import Deck
from ..readers.inputs import STDIN, STDIN_NAME, InputKind, read_stream, shown_path
from ..readers.spreadsheets import SheetFormat
from .validate import Finding, Report, validate_deck

__all__ = ["DesignCheck", "Verdict", "judge_design", "judge_manifest", "loads_files", "manifest_names_its_heads"]

DesignCheck = Callable[[Design], list[str]]
"""A check of a design by the renderers, each problem a sentence: what they refuse
(``build.render_problems``: the print font, the output profile's colour transform, image art
decoded) or warn of (``render.art.art_warnings``). Injected, so this module stays free of
reportlab and Pillow."""


@frozen_dataclass
class Verdict:
    """What the validator found: the deck's report, what printing would refuse, and how strict to be.

    >>> from rushmore_print.deck.generate import generate_deck
    >>> from rushmore_print.design import load_design
    >>> design = load_design()
    >>> verdict = judge_design(design, generate_deck(design))
    >>> verdict.ok, verdict.text().splitlines()[-1]
    (True, 'valid')
    """

    title: str
    report: Report
    strict: bool = False
    printing: tuple[str, ...] = ()  # problems build would refuse (layout, art), each a sentence
    source: str = ""  # the design file, for the printing problems' messages
    lines: tuple[tuple[str, int], ...] = ()  # the design's key lines (Design.key_lines), to locate them

    @property
    def ok(self) -> bool:
        """True when the deck passes (its warnings too, when strict) and build could print it.

        >>> from rushmore_print.deck.validate import Finding, Report
        >>> report = Report(16, 39, (), (Finding(None, "answers are uneven"),), (), ())
        >>> Verdict("t", report).ok, Verdict("t", report, strict=True).ok, Verdict("t", report, printing=("x",)).ok
        (True, False, False)
        """
        return self.report.ok(self.strict) and not self.printing

    @property
    def problems(self) -> int:
        """How many problems make the deck not valid (warnings count only when strict), what
        printing would refuse included.

        >>> from rushmore_print.deck.validate import Finding, Report
        >>> report = Report(16, 39, (Finding("S01", "no Monument matches"),), (Finding(None, "uneven"),), (), ())
        >>> Verdict("t", report).problems, Verdict("t", report, strict=True).problems
        (1, 2)
        >>> Verdict("t", Report(16, 39, (), (), (), ()), printing=("the card does not fit",)).problems
        1
        """
        report = self.report
        return len(report.errors) + (len(report.warnings) if self.strict else 0) + len(self.printing)

    def text(self) -> str:
        """The report for people (the printing problems go to stderr: see :meth:`printing_lines`).

        >>> from rushmore_print.model import Level
        >>> from rushmore_print.deck.validate import Finding, Report
        >>> wrong = (Finding("S01", "no Monument matches"),)
        >>> print(Verdict("Test (t.yaml)", Report(4, 8, wrong, (), (), ((Level.BASIC, 8),))).text())
        Test (t.yaml): 4 Monuments, 8 Search cards checked
          error: S01: no Monument matches
        pools: Basic 8
        NOT VALID: 1 problem
        """
        report = self.report
        lines = [f"{self.title}: {report.monuments} Monuments, {report.search} Search cards checked"]
        lines += [f"  error: {e}" for e in report.errors]
        lines += [f"  {'error' if self.strict else 'warning'}: {w}" for w in report.warnings]
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
            lines += ["", text_table(["balance", "cards", "answers per Monument", "red marks per head"], rows), ""]
        lines.append("pools: " + ", ".join(f"{level.title} {size}" for level, size in report.pools))
        problems = self.problems
        lines.append("valid" if self.ok else f"NOT VALID: {problems} problem{'s' if problems != 1 else ''}")
        return "\n".join(lines)

    def problem_lines(self) -> list[str]:
        """The problems that make the deck not valid, as error lines (``validate -q`` prints only these).

        >>> from rushmore_print.deck.validate import Finding, Report
        >>> report = Report(16, 39, (Finding("S01", "no Monument matches"),), (Finding(None, "uneven"),), (), ())
        >>> Verdict("t", report, strict=True).problem_lines()
        ['error: S01: no Monument matches', 'error: uneven']
        """
        report = self.report
        return [f"error: {e}" for e in report.errors] + [f"error: {w}" for w in report.warnings if self.strict]

    def printing_lines(self) -> list[str]:
        """The printing problems as error lines that name the design file, and the line of the key a
        problem starts with (``heads.1.art: ...``) when the design has it.

        >>> from rushmore_print.deck.validate import Report
        >>> verdict = Verdict("t", Report(4, 8, (), (), (), ()), printing=("the card does not fit",), source="big.yaml")
        >>> verdict.printing_lines()
        ['error: big.yaml: the card does not fit']
        >>> Verdict("t", verdict.report, printing=("print.font: 'x.ttf': damaged",), source="big.yaml",
        ...         lines=(("print.font", 9),)).printing_lines()
        ["error: big.yaml:9: print.font: 'x.ttf': damaged"]
        """
        lines = dict(self.lines)
        located = []
        for problem in self.printing:
            line = lines.get(problem.partition(": ")[0])
            located.append(f"error: {self.source}{'' if line is None else f':{line}'}: {problem}")
        return located

    def data(self) -> dict:
        """The report for scripts (``validate --format json``).

        >>> from rushmore_print.deck.validate import Report
        >>> data = Verdict("t", Report(4, 8, (), (), (), ())).data()
        >>> data["ok"], data["errors"], data["pools"]
        (True, [], {})
        """
        report = self.report
        return {
            "ok": self.ok,
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
            "printing": list(self.printing),
        }


def judge_design(
    design: Design,
    deck: Deck,
    strict: bool = False,
    render_check: DesignCheck | None = None,
    art_warnings: DesignCheck | None = None,
) -> Verdict:
    """The deck's checks plus everything ``build`` and the exports would refuse (the same checks
    they run). ``render_check`` loads what the renderers load (``build.render_problems``: the
    print font, the output profile's colour transform, the image art decoded); ``art_warnings``
    finds art that would print but not play (``render.art.art_warnings``: the same facing either
    way), a warning like an imbalance. Each is called only when the design gives the renderers
    something of its own to load (:func:`loads_files`); ``art_warnings`` only when a head has art.

    >>> from rushmore_print.deck.generate import generate_deck
    >>> from rushmore_print.design import load_design
    >>> design = load_design()
    >>> verdict = judge_design(design, generate_deck(design), strict=True)
    >>> verdict.ok, verdict.printing
    (True, ())
    """
    from ..layout.checks import printing_problems

    printing = printing_problems(design, deck)
    report = validate_deck(deck)
    if loads_files(design):
        printing += render_check(design) if render_check is not None else []
    if any(head.art is not None for head in design.heads):
        noted = art_warnings(design) if art_warnings is not None and not printing else []
        located = tuple(Finding(None, f"{design.source}: {warning}") for warning in noted)
        report = replace(report, warnings=report.warnings + located)
    title = f"{design.name} ({design.source})"
    return Verdict(title, report, strict, tuple(printing), design.source, design.key_lines)


def loads_files(design: Design) -> bool:
    """Whether the renderers load a file the design names: image art, a print font, an output
    profile (SVG art is read whole by the design's reader).

    >>> from rushmore_print.design import load_design
    >>> loads_files(load_design())
    False
    """
    art = any(head.art is not None and head.vector is None for head in design.heads)
    return art or design.print.font is not None or design.print.profile is not None


def manifest_names_its_heads(path: Path | str) -> bool:
    """Whether the manifest at ``path`` names its own heads and letters (JSON or YAML), so that a
    design given beside it would be a second, conflicting source; a spreadsheet's notation needs
    the design, and standard input (``-``) is judged by what it turns out to hold.

    >>> manifest_names_its_heads("deck.json"), manifest_names_its_heads("deck.xlsx"), manifest_names_its_heads("-")
    (True, False, False)
    """
    return str(path) != STDIN and SheetFormat.of(Path(path)) is None


def judge_manifest(
    path: Path | str,
    strict: bool = False,
    data: bytes | None = None,
    design: Deck | None = None,
    stdin: BinaryIO | None = None,
) -> Verdict:
    """A manifest's verdict: the findings of reading it plus every check of ``validate_deck``.
    ``data``: the manifest's bytes when they do not come from ``path``; ``stdin``: the stream a
    ``path`` of ``-`` reads (bounded as a manifest, named ``<stdin>`` in messages); ``design``:
    the deck whose heads and letters a spreadsheet's notation uses.

    >>> import io, json
    >>> from rushmore_print.deck.generate import generate_deck
    >>> from rushmore_print.deck.rows import card_rows, rows_manifest
    >>> from rushmore_print.design import load_design
    >>> deck = generate_deck(load_design())
    >>> text = json.dumps(rows_manifest(card_rows(deck), deck, "classic")).encode()
    >>> verdict = judge_manifest("-", stdin=io.BytesIO(text))
    >>> verdict.ok, verdict.title
    (True, '<stdin>')
    """
    from .manifest import validate_manifest

    if str(path) == STDIN and data is None and stdin is not None:
        path, data = STDIN_NAME, read_stream(stdin, InputKind.MANIFEST)
    return Verdict(shown_path(path), validate_manifest(path, data=data, design=design), strict)
