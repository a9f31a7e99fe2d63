"""What a PDF paints, read from its content streams as a preflight tool reads them: every text
run and every stroked line, with its printed size (its own times every matrix around it: ``cm``,
the text matrix, a form's ``/Matrix``) and the colour it is painted in.

pypdf parses the operators; the walk keeps the graphics state itself (``q``/``Q``, ``cm``, line
width, fill and stroke colours, font size) and goes into every form a page draws with ``Do``, so a
head drawn small in the answer key is seen at the size it prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

from rushmore_print.geometry import IDENTITY, Matrix, multiply, scale_of

STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
SHOWS = {b"Tj", b"TJ", b"'", b'"'}


@dataclass(frozen=True)
class Paint:
    """One text run (``kind`` "text": ``size`` in pt), stroked path ("line": ``size``, its width
    in pt) or filled one ("area": ``size`` 0), with the operands of its colour (``k``/``K``: four;
    None when never set)."""

    kind: str
    size: float
    colour: tuple[float, ...] | None
    page: int


def paints(path: Path) -> list[Paint]:
    """Every text run and stroked line of every page of the PDF at ``path``."""
    reader = PdfReader(path)
    found: list[Paint] = []
    for number, page in enumerate(reader.pages, start=1):
        content = page.get_contents()
        if content is not None:
            _walk(reader, content, page.get("/Resources") or {}, IDENTITY, number, found)
    return found


def _walk(reader, stream, resources, ctm: Matrix, page: int, found: list[Paint]) -> None:
    state = {"ctm": ctm, "w": 1.0, "fill": None, "stroke": None, "size": 0.0}
    saved: list[dict] = []
    text: Matrix = IDENTITY
    for operands, operator in ContentStream(stream, reader).operations:
        values = [float(v) for v in operands if isinstance(v, (int, float))]
        if operator == b"q":
            saved.append(dict(state))
        elif operator == b"Q":
            state = saved.pop()
        elif operator == b"cm":
            state["ctm"] = multiply(tuple(values), state["ctm"])  # type: ignore[arg-type]
        elif operator == b"w":
            state["w"] = values[0]
        elif operator == b"k":
            state["fill"] = tuple(values)
        elif operator == b"K":
            state["stroke"] = tuple(values)
        elif operator == b"Tf":
            state["size"] = values[0]
        elif operator == b"BT":
            text = IDENTITY
        elif operator == b"Tm":
            text = tuple(values)  # type: ignore[assignment]
        elif operator in SHOWS:
            size = state["size"] * scale_of(text) * scale_of(state["ctm"])
            found.append(Paint("text", size, state["fill"], page))
        if operator in STROKES:
            found.append(Paint("line", state["w"] * scale_of(state["ctm"]), state["stroke"], page))
        if operator in FILLS:
            found.append(Paint("area", 0.0, state["fill"], page))
        if operator == b"Do":
            xobject = resources["/XObject"][operands[0]].get_object()
            if xobject["/Subtype"] == "/Form":
                matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                inner = xobject.get("/Resources") or resources
                _walk(reader, xobject, inner, multiply(matrix, state["ctm"]), page, found)  # type: ignore[arg-type]


def rich(colour: tuple[float, ...] | None) -> bool:
    """Cyan, magenta or yellow under black: what a press will not print small text or a thin line in.

    >>> rich((0.3, 0.45, 0.58, 0.96)), rich((0.0, 0.0, 0.0, 1.0)), rich((0.0, 0.95, 0.9, 0.0))
    (True, False, False)
    """
    return colour is not None and len(colour) == 4 and colour[3] > 0 and max(colour[:3]) > 0
