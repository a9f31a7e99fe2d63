"""Head art in SVG, read into plain filled and stroked paths, so both renderers draw it as vectors
through the same drawing items (no SVG library, no system graphics library).

What is read: ``path`` (every command, arcs turned into cubic curves), ``rect``, ``circle``,
``ellipse``, ``line``, ``polyline``, ``polygon``; ``g`` and ``svg`` nesting; ``transform``
(matrix, translate, scale, rotate, skewX, skewY); ``fill``, ``stroke``, ``stroke-width`` and
``display``/``visibility``, as attributes or in ``style``; colours as ``#rgb``, ``#rrggbb``,
``rgb(...)`` or a few names. What is not: text, gradients and patterns (drawn as their
fallback or not at all), images, filters, masks, CSS classes. The whole file is bounded: at
most ``MAX_ELEMENTS`` elements and ``MAX_DEPTH`` levels.

>>> drawing = parse('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20">'
...                 '<rect x="1" y="2" width="3" height="4" fill="#f00"/></svg>')
>>> drawing.view, drawing.shapes[0].fill, drawing.shapes[0].commands[0]
((0.0, 0.0, 10.0, 20.0), (1.0, 0.0, 0.0), ('M', 1.0, 2.0))
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass

from .geometry import IDENTITY, Matrix, ellipse, multiply

MAX_ELEMENTS = 20_000
MAX_DEPTH = 32
Color = tuple[float, float, float]
NAMED = {
    "black": (0.0, 0.0, 0.0), "white": (1.0, 1.0, 1.0), "red": (1.0, 0.0, 0.0), "green": (0.0, 0.5, 0.0),
    "blue": (0.0, 0.0, 1.0), "gray": (0.5, 0.5, 0.5), "grey": (0.5, 0.5, 0.5), "yellow": (1.0, 1.0, 0.0),
}  # fmt: skip
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_COMMAND = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])([^MmLlHhVvCcSsQqTtAaZz]*)")


class SvgError(ValueError):
    """The file is not an SVG drawing this reader can draw."""


@dataclass(frozen=True)
class SvgShape:
    commands: tuple[tuple, ...]  # ("M", x, y), ("L", x, y), ("C", ...), ("Z",), in the view's units, y down
    fill: Color | None
    stroke: Color | None
    stroke_width: float


@dataclass(frozen=True)
class Drawing:
    view: tuple[float, float, float, float]  # x, y, width, height of the viewBox
    shapes: tuple[SvgShape, ...]


def parse(text: str) -> Drawing:
    """The shapes of an SVG document, in its viewBox's units (y down, as SVG has it)."""
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise SvgError(f"not a readable SVG file ({exc})") from None
    if _tag(root) != "svg":
        raise SvgError(f"the document is <{_tag(root)}>, not <svg>")
    view = _view(root)
    shapes: list[SvgShape] = []
    count = [0]
    _walk(root, IDENTITY, {"fill": "black", "stroke": "none", "stroke-width": "1"}, shapes, 0, count)
    if not shapes:
        raise SvgError("it draws nothing this reader understands (paths and basic shapes)")
    return Drawing(view, tuple(shapes))


def _tag(element: ElementTree.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def _view(root: ElementTree.Element) -> tuple[float, float, float, float]:
    box = root.get("viewBox")
    if box:
        numbers = [float(v) for v in _NUMBER.findall(box)]
        if len(numbers) == 4 and numbers[2] > 0 and numbers[3] > 0:
            return numbers[0], numbers[1], numbers[2], numbers[3]
    width, height = _length(root.get("width")), _length(root.get("height"))
    if width > 0 and height > 0:
        return 0.0, 0.0, width, height
    raise SvgError("the <svg> element has no viewBox and no width and height")


def _length(value: str | None) -> float:
    found = _NUMBER.match(value.strip()) if value else None
    return float(found.group()) if found else 0.0


def _style(element: ElementTree.Element, inherited: dict[str, str]) -> dict[str, str]:
    style = dict(inherited)
    for key in ("fill", "stroke", "stroke-width", "display", "visibility"):
        if element.get(key) is not None:
            style[key] = element.get(key, "")
    for declaration in (element.get("style") or "").split(";"):
        key, _, value = declaration.partition(":")
        if key.strip() in ("fill", "stroke", "stroke-width", "display", "visibility"):
            style[key.strip()] = value.strip()
    return style


def _walk(element, matrix: Matrix, inherited: dict, shapes: list, depth: int, count: list[int]) -> None:
    count[0] += 1
    if count[0] > MAX_ELEMENTS:
        raise SvgError(f"more than {MAX_ELEMENTS} elements; simplify the drawing")
    if depth > MAX_DEPTH:
        raise SvgError(f"groups nested more than {MAX_DEPTH} deep")
    style = _style(element, inherited)
    if style.get("display") == "none" or style.get("visibility") == "hidden":
        return
    matrix = multiply(_transform(element.get("transform") or ""), matrix)
    tag = _tag(element)
    if tag in ("svg", "g", "a"):
        for child in element:
            _walk(child, matrix, style, shapes, depth + 1, count)
        return
    commands = _shape_commands(tag, element)
    if not commands:
        return
    fill, stroke = _paint(style.get("fill", "black")), _paint(style.get("stroke", "none"))
    if fill is None and stroke is None:
        return
    scale = math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
    width = _length(style.get("stroke-width")) * scale
    shapes.append(SvgShape(tuple(_apply(matrix, c) for c in commands), fill, stroke, width))


def _paint(value: str) -> Color | None:
    value = value.strip().lower()
    if value in ("", "none", "transparent") or value.startswith("url("):
        return None
    if value in NAMED:
        return NAMED[value]
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        return tuple(int(c * 2, 16) / 255 for c in value[1:])  # type: ignore[return-value]
    if re.fullmatch(r"#[0-9a-f]{6}", value):
        return tuple(int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    numbers = _NUMBER.findall(value)
    if value.startswith("rgb(") and len(numbers) == 3:
        scale = 100 if "%" in value else 255
        return tuple(min(1.0, max(0.0, float(n) / scale)) for n in numbers)  # type: ignore[return-value]
    return (0.0, 0.0, 0.0)  # a colour this reader does not know: drawn black rather than lost


def _shape_commands(tag: str, e: ElementTree.Element) -> list[tuple]:
    def number(key: str) -> float:
        return _length(e.get(key))

    if tag == "path":
        return _path(e.get("d") or "")
    if tag == "rect":
        x, y, w, h = number("x"), number("y"), number("width"), number("height")
        if w <= 0 or h <= 0:
            return []
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    if tag in ("circle", "ellipse"):
        rx = number("r") if tag == "circle" else number("rx")
        ry = number("r") if tag == "circle" else number("ry")
        return list(ellipse(number("cx"), number("cy"), rx, ry)) if rx > 0 and ry > 0 else []
    if tag == "line":
        return [("M", number("x1"), number("y1")), ("L", number("x2"), number("y2"))]
    if tag in ("polyline", "polygon"):
        values = [float(v) for v in _NUMBER.findall(e.get("points") or "")]
        points = list(zip(values[::2], values[1::2]))
        if len(points) < 2:
            return []
        commands = [("M", *points[0])] + [("L", *p) for p in points[1:]]
        return commands + ([("Z",)] if tag == "polygon" else [])
    return []


def _path(data: str) -> list[tuple]:
    """SVG path data as absolute M, L, C and Z commands (quadratics and arcs made cubic)."""
    out: list[tuple] = []
    x = y = start_x = start_y = 0.0
    last_control: tuple[float, float] | None = None
    last_quad: tuple[float, float] | None = None
    for letter, arguments in _COMMAND.findall(data):
        values = [float(v) for v in _NUMBER.findall(arguments)]
        relative, op = letter.islower(), letter.upper()
        if op == "Z":
            out.append(("Z",))
            x, y = start_x, start_y
            last_control = last_quad = None
            continue
        size = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7}[op]
        if not values or len(values) % size:
            break  # malformed: keep what was read so far, as browsers do
        for index in range(0, len(values), size):
            v = values[index : index + size]
            dx, dy = (x, y) if relative else (0.0, 0.0)
            control, quad = None, None
            if op == "M" and index == 0:
                x, y = v[0] + dx, v[1] + dy
                start_x, start_y = x, y
                out.append(("M", x, y))
            elif op in ("M", "L"):
                x, y = v[0] + dx, v[1] + dy
                out.append(("L", x, y))
            elif op == "H":
                x = v[0] + (dx if relative else 0.0)
                out.append(("L", x, y))
            elif op == "V":
                y = v[0] + (dy if relative else 0.0)
                out.append(("L", x, y))
            elif op in ("C", "S"):
                if op == "C":
                    x1, y1 = v[0] + dx, v[1] + dy
                    rest = v[2:]
                else:
                    x1, y1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
                    rest = v
                x2, y2, x, y = rest[0] + dx, rest[1] + dy, rest[2] + dx, rest[3] + dy
                out.append(("C", x1, y1, x2, y2, x, y))
                control = (x2, y2)
            elif op in ("Q", "T"):
                if op == "Q":
                    qx, qy, ex, ey = v[0] + dx, v[1] + dy, v[2] + dx, v[3] + dy
                else:
                    qx, qy = (2 * x - last_quad[0], 2 * y - last_quad[1]) if last_quad else (x, y)
                    ex, ey = v[0] + dx, v[1] + dy
                out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex),
                            ey + 2 / 3 * (qy - ey), ex, ey))  # fmt: skip
                x, y, quad = ex, ey, (qx, qy)
            else:  # A
                ex, ey = v[5] + dx, v[6] + dy
                out += _arc(x, y, v[0], v[1], v[2], bool(v[3]), bool(v[4]), ex, ey)
                x, y = ex, ey
            last_control, last_quad = control, quad
    return out if out and out[0][0] == "M" else []


def _arc(x1, y1, rx, ry, angle, large, sweep, x2, y2) -> list[tuple]:
    """An elliptical arc (SVG's endpoint form) as cubic curves of at most a quarter turn each."""
    if rx == 0 or ry == 0 or (x1, y1) == (x2, y2):
        return [("L", x2, y2)]
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    px, py = cos * (x1 - x2) / 2 + sin * (y1 - y2) / 2, -sin * (x1 - x2) / 2 + cos * (y1 - y2) / 2
    grow = px * px / (rx * rx) + py * py / (ry * ry)
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
    den = rx * rx * py * py + ry * ry * px * px
    k = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = k * rx * py / ry, -k * ry * px / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((py - cyp) / ry, (px - cxp) / rx)
    delta = math.atan2((-py - cyp) / ry, (-px - cxp) / rx) - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2)))
    step = delta / pieces
    alpha = 4 / 3 * math.tan(step / 4)
    out = []
    theta = start

    def point(t: float) -> tuple[float, float]:
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return cx + cos * ex - sin * ey, cy + sin * ex + cos * ey

    def tangent(t: float) -> tuple[float, float]:
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return cos * ex - sin * ey, sin * ex + cos * ey

    for _ in range(pieces):
        (ax, ay), (bx, by) = point(theta), point(theta + step)
        (tax, tay), (tbx, tby) = tangent(theta), tangent(theta + step)
        out.append(("C", ax + alpha * tax, ay + alpha * tay, bx - alpha * tbx, by - alpha * tby, bx, by))
        theta += step
    return out


def _transform(text: str) -> Matrix:
    matrix = IDENTITY
    for name, arguments in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = [float(n) for n in _NUMBER.findall(arguments)]
        step: Matrix = IDENTITY
        if name == "matrix" and len(v) == 6:
            step = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "translate" and v:
            step = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale" and v:
            step = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "rotate" and v:
            a = math.radians(v[0])
            step = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0.0, 0.0)
            if len(v) == 3:
                step = multiply(multiply((1, 0, 0, 1, -v[1], -v[2]), step), (1, 0, 0, 1, v[1], v[2]))
        elif name == "skewX" and v:
            step = (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
        elif name == "skewY" and v:
            step = (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)
        matrix = multiply(step, matrix)  # the list applies right to left
    return matrix


def _apply(matrix: Matrix, command: tuple) -> tuple:
    if command[0] == "Z":
        return command
    a, b, c, d, e, f = matrix
    values = command[1:]
    points = [(a * x + c * y + e, b * x + d * y + f) for x, y in zip(values[::2], values[1::2])]
    return (command[0], *[round(v, 4) for p in points for v in p])
