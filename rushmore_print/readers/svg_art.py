"""Head art in SVG, read by svgelements into filled and stroked paths that every renderer draws
as vectors through the same drawing items.

svgelements resolves what an editor's export relies on: ``<style>`` sheets and ``class``,
named colours, ``currentColor``, ``<use>``, nested transforms, viewBox and units. Around it
this module keeps the trust boundary: before the library sees a byte, one pass of the XML
(expat, no entity ever expanded) refuses a DOCTYPE with declarations, counts the elements with
every ``<use>`` expanded (cycles refused), bounds depth and every number written, and refuses,
with the element and its line, what would print other than the file says: text, embedded
images, gradients and patterns (a ``url()`` paint), filters, masks, clip paths, markers,
symbols, style-sheet selectors svgelements would not apply (it knows ``*``, ``element``,
``#id``, ``.class`` and ``element.class``), a colour it cannot read (it would draw it black).
Every point that comes out is checked finite and near the drawing after every transform, so
no ``nan`` or ``inf`` can reach a PDF.

What is drawn: ``path``, ``rect``, ``circle``, ``ellipse``, ``line``, ``polyline``, ``polygon``,
inside ``svg``, ``g``, ``a`` and ``use``; ``fill`` and ``stroke`` (any CSS colour), ``fill-rule``
(nonzero unless the file says ``evenodd``), ``opacity``, ``fill-opacity``, ``stroke-opacity``,
``stroke-width``, ``stroke-dasharray``, ``display`` and ``visibility``. ``opacity`` on a group is
applied to each shape in it (where two of its shapes overlap, the lower one shows through).
Coordinates come out scaled so the drawing's longer side is ``SPAN`` units (y down, as SVG has
it), whatever the file's units, so a tiny or a huge viewBox reads the same.

>>> drawing = parse('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20">'
...                 '<rect x="1" y="2" width="3" height="4" fill="orange"/></svg>')
>>> drawing.view, drawing.shapes[0].fill, drawing.shapes[0].commands[0]
((0.0, 0.0, 500.0, 1000.0), (1.0, 0.6471, 0.0), ('M', 50.0, 100.0))
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from typing import Any
from xml.parsers import expat

from ..colors import Color
from ..frozen import frozen_dataclass
from ..geometry import FillRule

MAX_ELEMENTS = 20_000  # counted with every <use> expanded
MAX_PATH_NUMBERS = 60_000  # in path data and points, <use> expanded: about 30,000 points; a head needs far fewer
MAX_DEPTH = 32
# How many times, on average over the drawing's height, its filled shapes' edges cross a
# horizontal line (curves by their control points): what filling it costs a raster renderer a
# row. A traced illustration of 35,000 points crosses about 85, an editor's head 4; a zigzag of
# 14,500 edges the drawing's height (within every other limit) 14,500, minutes of export png.
MAX_CROSSINGS = 500
MAX_NUMBER = 1e9  # the largest number a file may write; drawings use a few thousand at most
SPAN = 1000.0  # the drawing's longer side, in the units of Drawing
MAX_COORDINATE = 100 * SPAN  # points may lie outside the drawing (they are clipped), not far outside

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
XLINK_HREF = "http://www.w3.org/1999/xlink href"  # as expat names it, namespace and name
_LINE = "data-rushmore-line"  # written into each start tag, so what svgelements returns has its line
# Not drawn, children included (svgelements does not draw them either).
_SILENT = frozenset({"defs", "clipPath", "pattern", "style", "title", "desc", "linearGradient", "radialGradient"})
_REFUSED = {
    "text": "text is not drawn; convert it to paths in your editor (Inkscape: Path > Object to Path)",
    "tspan": "text is not drawn; convert it to paths in your editor (Inkscape: Path > Object to Path)",
    "textPath": "text is not drawn; convert it to paths in your editor (Inkscape: Path > Object to Path)",
    "image": "an embedded image is not drawn; give the picture as PNG or JPEG art instead",
    "foreignObject": "foreign content (HTML) is not drawn",
    "switch": "<switch> is not read; keep one version of the drawing",
    "symbol": "symbols are not read; use a group (<g>) in <defs> for a reused part",
    "marker": "markers (arrowheads) are not drawn; turn them into paths (Inkscape: Path > Stroke to Path)",
    "mask": "masks are not drawn",
    "video": "video is not drawn",
    "audio": "audio is not drawn",
    "iframe": "embedded documents are not drawn",
    "canvas": "a canvas is not drawn",
}
_PROPERTIES_REFUSED = {
    "filter": "filters (blur, shadow) are not drawn",
    "mask": "masks are not drawn",
    "clip-path": "clip paths are not drawn; cut the shapes instead (Inkscape: Path > Intersection)",
    "marker": "markers (arrowheads) are not drawn",
    "marker-start": "markers (arrowheads) are not drawn",
    "marker-mid": "markers (arrowheads) are not drawn",
    "marker-end": "markers (arrowheads) are not drawn",
}
# Attributes whose numbers are checked as the file writes them (colours and names are not numbers).
_NUMERIC = frozenset(
    re.split(
        r"\s+",
        "d points x y x1 y1 x2 y2 cx cy r rx ry width height viewBox transform stroke-width opacity fill-opacity "
        "stroke-opacity stroke-dasharray stroke-dashoffset stroke-miterlimit style",
    )
)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NOT_A_NUMBER = re.compile(r"(?<![A-Za-z])(?:nan|inf(?:inity)?)(?![A-Za-z])", re.IGNORECASE)
_NOT_NUMBERS = re.compile(r"#[0-9A-Za-z_-]*|url\([^)]*\)")  # #c0ffee, url(#e1) hold digits, not numbers


class SvgError(ValueError):
    """The file is not an SVG drawing this reader can draw as the file says.

    >>> parse("<html/>")
    Traceback (most recent call last):
    rushmore_print.readers.svg_art.SvgError: the document is <html>, not <svg>
    """


@frozen_dataclass
class SvgShape:
    """One painted path in the drawing's units (y down). ``fill``/``stroke`` None: not painted.

    >>> svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 2"><rect width="1" height="2" fill="red"/></svg>'
    >>> drawing = parse(svg)
    >>> shape = drawing.shapes[0]
    >>> shape.commands[:2], shape.fill, shape.stroke, shape.fill_rule
    ((('M', 0.0, 0.0), ('L', 500.0, 0.0)), (1.0, 0.0, 0.0), None, <FillRule.NONZERO: 'nonzero'>)
    """

    commands: tuple[tuple, ...]  # ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
    fill: Color | None
    stroke: Color | None
    stroke_width: float
    fill_rule: FillRule = FillRule.NONZERO
    fill_opacity: float = 1.0
    stroke_opacity: float = 1.0
    dash: tuple[float, ...] | None = None  # on and off lengths from the path's start


@frozen_dataclass
class Drawing:
    """An SVG document read into painted paths: its box (fitted to ``SPAN`` units along the longer
    side, y down) and its shapes in drawing order.

    >>> svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 2"><rect width="1" height="2" fill="red"/></svg>'
    >>> drawing = parse(svg)
    >>> drawing.view, len(drawing.shapes)
    ((0.0, 0.0, 500.0, 1000.0), 1)
    """

    view: tuple[float, float, float, float]  # x, y, width, height: the drawing's box
    shapes: tuple[SvgShape, ...]


@dataclass
class _Element:
    """One element as the file writes it (the first pass keeps no more than this)."""

    tag: str  # the local name; "" for an element outside the SVG namespace
    line: int
    offset: int  # the byte where its start tag begins
    attributes: dict[str, str]
    children: list[_Element]
    text: str = ""  # kept for <style> only
    path_numbers: int = 0  # in d and points

    def where(self) -> str:
        return f"<{self.tag}> at line {self.line}"


def parse(text: str) -> Drawing:
    """The shapes of an SVG document, fitted to ``SPAN`` units along its longer side (y down).

    Raises :class:`SvgError` saying what is wrong and, where an element is at fault, which
    element and its line.

    >>> svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 2"><rect width="1" height="2" fill="red"/></svg>'
    >>> drawing = parse(svg)
    >>> drawing.shapes[0].commands[2]
    ('L', 500.0, 1000.0)
    """
    text = _without_declaration(text)
    data = text.encode("utf-8")
    root, elements = _outline(data)
    if root.tag != "svg":
        raise SvgError(f"the document is <{root.tag or 'a foreign element'}>, not <svg>")
    _check_size_given(root)
    ids = {e.attributes["id"]: e for e in elements if "id" in e.attributes}
    _check_uses(root, ids)
    _check_drawn(root, ids)
    for sheet in (e for e in elements if e.tag == "style"):
        _check_style_sheet(sheet)
    document = _read_with_svgelements(_with_lines(data, elements))
    return _drawing(document)


def _without_declaration(text: str) -> str:
    """The text without its XML declaration (its lines kept): the text is already decoded, so
    an ``encoding=`` there must not make the parser decode it again."""
    found = re.match(r"<\?xml\b[^>]*\?>", text)
    return "\n" * found.group().count("\n") + text[found.end() :] if found else text


def _outline(data: bytes) -> tuple[_Element, list[_Element]]:
    """The element tree as written, checked for what no drawing needs: a DOCTYPE with
    declarations (entities, the way to a "billion laughs" or to another file), too many
    elements, too deep a nesting, a number out of range."""
    parser = expat.ParserCreate(encoding="UTF-8", namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    elements: list[_Element] = []
    stack: list[_Element] = []

    def doctype(name: str, system: str | None, _public: str | None, has_internal_subset: int) -> None:
        if has_internal_subset:
            raise SvgError(
                f"line {parser.CurrentLineNumber}: the DOCTYPE declares entities or attributes ([...]); "
                "they are not read (save the file as plain SVG)"
            )

    def entity(name: str, *_: Any) -> None:
        raise SvgError(f"line {parser.CurrentLineNumber}: declares an entity (<!ENTITY {name}>); entities are not read")

    def start(name: str, attributes: dict[str, str]) -> None:
        namespace, _, local = name.rpartition(" ")
        tag = local if namespace in ("", SVG_NAMESPACE) else ""
        # An editor's own attributes (inkscape:label, sodipodi:cx) are not SVG's: only xlink:href is kept of them.
        plain = {key: value for key, value in attributes.items() if " " not in key}
        if XLINK_HREF in attributes:
            plain.setdefault("href", attributes[XLINK_HREF])
        element = _Element(tag, parser.CurrentLineNumber, parser.CurrentByteIndex, plain, [])
        elements.append(element)
        if len(elements) > MAX_ELEMENTS:
            raise SvgError(f"more than {MAX_ELEMENTS:,} elements; simplify the drawing")
        if len(stack) >= MAX_DEPTH:
            raise SvgError(f"{element.where()}: elements nested more than {MAX_DEPTH} deep")
        if stack:
            stack[-1].children.append(element)
        stack.append(element)
        if element.tag:
            _check_numbers(element)

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.StartElementHandler = start
    parser.EndElementHandler = lambda name: stack.pop()
    parser.CharacterDataHandler = lambda data: _keep_style(stack, data)
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise SvgError(f"not a readable SVG file ({expat.ErrorString(exc.code)}: line {exc.lineno})") from None
    return elements[0], elements


def _keep_style(stack: list[_Element], data: str) -> None:
    if stack and stack[-1].tag == "style":
        if len(stack[-1].text) + len(data) > 1_000_000:
            raise SvgError(f"{stack[-1].where()}: a style sheet of more than a million characters")
        stack[-1].text += data


def _check_numbers(element: _Element) -> None:
    from .inputs import shown

    for key, value in element.attributes.items():
        if key not in _NUMERIC:
            continue
        numbers = _NUMBER.findall(_NOT_NUMBERS.sub(" ", value))
        word = _NOT_A_NUMBER.search(value) if key != "style" else None  # style: 'inherit' is a word
        if word:  # svgelements failed on these with an IndexError, not a sentence
            raise SvgError(f"{element.where()}: {key} has {shown(word[0], 30)}, which is not a number")
        if key in ("d", "points"):
            element.path_numbers += len(numbers)
        for number in numbers:
            if not abs(float(number)) <= MAX_NUMBER:
                raise SvgError(
                    f"{element.where()}: {key} has the number {shown(number, 30)}; numbers may be at most "
                    f"{MAX_NUMBER:,.0f} in size"
                )


def _check_size_given(root: _Element) -> None:
    box = _NUMBER.findall(root.attributes.get("viewBox", ""))
    if len(box) == 4 and float(box[2]) > 0 and float(box[3]) > 0:
        return
    sizes = [root.attributes.get(key, "").strip() for key in ("width", "height")]
    if all(_NUMBER.match(size) for size in sizes):
        if any(size.endswith("%") for size in sizes):  # a share of a page the art does not have
            raise SvgError("the <svg> element's width and height are percentages and it has no viewBox; give a viewBox")
        return
    raise SvgError("the <svg> element has no viewBox and no width and height")


def _reference(element: _Element) -> str | None:
    return element.attributes.get("href") if element.tag == "use" else None


def _check_uses(root: _Element, ids: dict[str, _Element]) -> None:
    """Every ``<use>`` names an element of this file and none contains itself; the drawing with
    every use expanded stays within the limits of elements, path numbers and depth (a few uses
    of uses of uses would otherwise multiply into millions)."""
    size: dict[int, tuple[int, int]] = {}  # id(element) -> (elements, path numbers) once expanded
    open_: set[int] = set()

    def expanded(element: _Element, level: int) -> tuple[int, int]:
        if level > MAX_DEPTH:  # checked on the way down, so a long chain of uses cannot recurse far
            raise SvgError(f"{element.where()}: nested more than {MAX_DEPTH} deep once every <use> is expanded")
        if id(element) in open_:
            raise SvgError(f"{element.where()}: a <use> inside it refers back to it (a cycle)")
        known = size.get(id(element))
        if known is not None:
            return known
        open_.add(id(element))
        count, numbers = 1, element.path_numbers
        parts = list(element.children)
        href = _reference(element)
        if href is not None:
            if not href.startswith("#"):
                raise SvgError(f"{element.where()}: refers to another file ({href[:60]!r}); only #id of this file")
            if href[1:] in ids:
                parts.append(ids[href[1:]])
        for part in parts:
            inner, inner_numbers = expanded(part, level + 1)
            count, numbers = count + inner, numbers + inner_numbers
            if count > MAX_ELEMENTS:
                raise SvgError(f"more than {MAX_ELEMENTS:,} elements once every <use> is expanded; simplify it")
            if numbers > MAX_PATH_NUMBERS:
                raise SvgError(
                    f"more than {MAX_PATH_NUMBERS:,} numbers in its paths and points (every <use> expanded); "
                    "simplify the drawing (Inkscape: Path > Simplify)"
                )
        open_.discard(id(element))
        size[id(element)] = (count, numbers)
        return size[id(element)]

    expanded(root, 1)


def _check_drawn(root: _Element, ids: dict[str, _Element]) -> None:
    """Refuse, naming the element and its line, anything drawn that this reader would not draw
    as the file says. Parts in ``<defs>`` are checked where a ``<use>`` draws them."""

    def walk(element: _Element) -> None:
        if element.tag in _SILENT:
            return
        if element.tag in _REFUSED:
            raise SvgError(f"{element.where()}: {_REFUSED[element.tag]}")
        if element.tag:
            _check_properties(element, _inline_properties(element))
        href = _reference(element)
        if href is not None and href[1:] in ids:
            target = ids[href[1:]]
            if target.tag in _REFUSED:
                raise SvgError(f"{element.where()} draws {target.where()}: {_REFUSED[target.tag]}")
            walk(target)
        for child in element.children:
            walk(child)

    walk(root)


_SIMPLE_SELECTOR = re.compile(r"\*|[A-Za-z][\w-]*|#[\w-]+|\.[\w-]+|[A-Za-z][\w-]*\.[\w-]+")


def _check_style_sheet(sheet: _Element) -> None:
    """A ``<style>`` sheet holds only selectors svgelements applies: ``*``, an element, ``#id``,
    ``.class``, ``element.class`` (what editors write). Any other (``g path``, ``a > b``,
    ``[fill]``, ``@media``) would leave its shapes black where a browser colours them.
    A pseudo-class (``:hover``) never applies to print and is passed over."""
    text = re.sub(r"/\*.*?\*/", " ", sheet.text, flags=re.DOTALL)
    rule = re.search(r"@(?!font-face|charset|namespace)[\w-]+", text)
    if rule:
        raise SvgError(f"{sheet.where()}: {rule.group()!r} rules are not read; give the styles plainly")
    for selectors, block in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        # A sheet's values are checked as an element's own are, whatever they apply to: a
        # url() fill set on the root <svg> reaches its shapes only by inheritance, which the
        # drawn shapes' own values do not show.
        declarations = (part.partition(":") for part in block.split(";"))
        _check_properties(sheet.where(), {key.strip(): value.strip() for key, _, value in declarations if value})
        for selector in (s.strip() for s in selectors.split(",")):
            if not selector or _SIMPLE_SELECTOR.fullmatch(selector) or selector.startswith("@font-face"):
                continue
            if ":" in selector and _SIMPLE_SELECTOR.fullmatch(selector.split(":")[0].strip()):
                continue
            raise SvgError(
                f"{sheet.where()}: the selector {selector[:60]!r} is not read; a style sheet may use element, "
                "#id, .class and element.class selectors (give each shape its own class)"
            )


def _inline_properties(element: _Element) -> dict[str, str]:
    found = dict(element.attributes)
    for declaration in element.attributes.get("style", "").split(";"):
        key, _, value = declaration.partition(":")
        if value:
            found[key.strip()] = value.strip()
    return found


def _check_properties(element: _Element | str, properties: dict) -> None:
    """What no renderer here draws, and paint that is not a plain colour."""
    where = element.where() if isinstance(element, _Element) else element
    for key, why in _PROPERTIES_REFUSED.items():
        value = str(properties.get(key) or "none").strip()
        if value != "none":
            raise SvgError(f"{where}: {key}={value[:60]!r}: {why}")
    for key in ("fill", "stroke"):
        value = str(properties.get(key) or "").strip()
        if value.startswith("url("):
            raise SvgError(f"{where}: {key}={value[:60]!r}: gradients and patterns are not drawn; give a flat colour")


def _with_lines(data: bytes, elements: list[_Element]) -> bytes:
    """``data`` with each start tag carrying its element's line as an attribute, so that every
    shape svgelements returns (copies through <use> included) can be named by its line."""
    pieces, last = [], 0
    for element in elements:
        name_end = element.offset + 1
        while data[name_end : name_end + 1] not in (b" ", b"\t", b"\r", b"\n", b"/", b">"):
            name_end += 1
        pieces += [data[last:name_end], f' {_LINE}="{element.line}"'.encode()]
        last = name_end
    pieces.append(data[last:])
    return b"".join(pieces)


def _read_with_svgelements(data: bytes) -> Any:
    try:
        import svgelements  # here, not at the top: only a design with SVG art pays for importing it
    except ImportError:
        raise SvgError("reading SVG art needs the svgelements package: pip install 'svgelements>=1.9'") from None

    try:
        return svgelements.SVG.parse(io.BytesIO(data), reify=True, color="black")
    except SvgError:
        raise
    except Exception as exc:  # the library's own failures on a file it could not read, whatever they are
        raise SvgError(f"not a readable SVG file ({type(exc).__name__}: {str(exc)[:80]})") from None


def _drawing(document: Any) -> Drawing:
    import svgelements as se

    width, height = float(document.width), float(document.height)
    if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
        raise SvgError("the <svg> element's width and height must be positive, finite sizes")
    unit = SPAN / max(width, height)
    if min(width, height) * unit < 1:  # thinner than a thousandth of its length: nothing to print
        raise SvgError(f"the drawing is {width:.3g} x {height:.3g}; its sides may differ at most 1000 times")
    shapes: list[SvgShape] = []

    def walk(node: Any, opacity: float) -> None:
        attributes = node.values.get("attributes", {}) if hasattr(node, "values") else {}
        where = f"<{attributes.get('tag', '?')}> at line {attributes.get(_LINE, '?')}"
        _check_properties(where, attributes)
        opacity *= _fraction(attributes.get("opacity"), where, "opacity")
        if isinstance(node, se.Shape):
            shape = _shape(node, opacity, unit, where)
            if shape is not None:
                shapes.append(shape)
        elif isinstance(node, (se.Group, se.Use)):  # SVG is a Group
            for child in node:
                walk(child, opacity)

    walk(document, 1.0)
    if not shapes:
        raise SvgError("it draws nothing this reader understands (paths and basic shapes)")
    view = (0.0, 0.0, round(width * unit, 4), round(height * unit, 4))
    _check_extent(shapes, view[2], view[3])
    _check_crossings(shapes, view[3])
    return Drawing(view, tuple(shapes))


MIN_EXTENT = 0.05  # of the drawing's width or height: less is a speck on the card, not a head


def _check_extent(shapes: list[SvgShape], width: float, height: float) -> None:
    """Refuse shapes that cover no area of the drawing (a ``scale(0)``, all off the page) or
    only a speck of it: the head would print as nothing, so nobody could tell which way it
    faces (both once passed validate and build).

    >>> square = SvgShape((("M", 0, 0), ("L", 10, 0), ("L", 10, 10), ("Z",)), (0.0, 0.0, 0.0), None, 0.0)
    >>> _check_extent([square], 1000, 1000)
    Traceback (most recent call last):
    rushmore_print.readers.svg_art.SvgError: its shapes cover only 1 % of the drawing's width and 1 % ...
    """
    xs, ys = [], []
    for shape in shapes:
        pad = shape.stroke_width / 2
        for command in shape.commands:
            for x, y in zip(command[1::2], command[2::2]):
                xs += [min(max(x - pad, 0.0), width), min(max(x + pad, 0.0), width)]  # clipped to the drawing
                ys += [min(max(y - pad, 0.0), height), min(max(y + pad, 0.0), height)]
    wide, tall = (max(xs) - min(xs), max(ys) - min(ys)) if xs else (0.0, 0.0)
    if wide <= 0 or tall <= 0:
        raise SvgError("its shapes cover no area of the drawing (all of no size, or outside its viewBox)")
    if wide < MIN_EXTENT * width and tall < MIN_EXTENT * height:
        raise SvgError(
            f"its shapes cover only {wide / width * 100:.0f} % of the drawing's width and {tall / height * 100:.0f} % "
            "of its height, so the head would print as a speck; fit the page to the drawing "
            "(Inkscape: Edit > Resize Page to Selection)"
        )


def crossings(shapes: list[SvgShape] | tuple[SvgShape, ...], height: float) -> float:
    """How many times the filled shapes' edges cross a horizontal line, on average over the
    drawing's ``height``: their rise and fall within it (each subpath closed, as it is filled;
    a curve by its control points, which bound it), over the height. Independent of the size it
    is drawn at: a raster renderer's work a row.

    >>> square = SvgShape((("M", 0, 0), ("L", 10, 0), ("L", 10, 10), ("L", 0, 10)), (0.0, 0.0, 0.0), None, 0.0)
    >>> crossings([square], 10.0), crossings([square], 20.0)
    (2.0, 1.0)
    """

    def rise(a: float, b: float) -> float:
        return abs(min(max(b, 0.0), height) - min(max(a, 0.0), height))

    total = 0.0
    for shape in shapes:
        if shape.fill is None:
            continue
        start: float | None = None
        current: float | None = None
        for command in shape.commands:
            if command[0] == "M":
                if start is not None and current is not None:
                    total += rise(current, start)
                start = current = command[2]
            elif start is None or current is None:
                continue
            elif command[0] == "Z":
                total += rise(current, start)
                current = start
            else:  # L: its end; C: its two control points and its end
                for y in command[2::2]:
                    total += rise(current, y)
                    current = y
        if start is not None and current is not None:
            total += rise(current, start)
    return total / height


def _check_crossings(shapes: list[SvgShape], height: float) -> None:
    found = crossings(shapes, height)
    if found > MAX_CROSSINGS:
        raise SvgError(
            f"its filled shapes' edges cross a horizontal line {found:,.0f} times on average; at most "
            f"{MAX_CROSSINGS:,} are drawn (a detailed traced illustration crosses about 100); "
            "simplify the drawing (Inkscape: Path > Simplify) or merge its stripes"
        )


def _shape(node: Any, opacity: float, unit: float, where: str) -> SvgShape | None:
    import svgelements as se

    values = node.values
    if str(values.get("visibility", "")).strip() in ("hidden", "collapse"):
        return None
    fill, fill_alpha = _paint(values.get("fill"), where, "fill")
    stroke, stroke_alpha = _paint(values.get("stroke"), where, "stroke")
    fill_alpha *= _fraction(values.get("fill-opacity"), where, "fill-opacity") * opacity
    stroke_alpha *= _fraction(values.get("stroke-opacity"), where, "stroke-opacity") * opacity
    if fill_alpha <= 0:
        fill = None
    width = 0.0
    if stroke is not None and stroke_alpha > 0:
        width = _finite(float(node.implicit_stroke_width or 0.0) * unit, where, "stroke-width")
    if width <= 0:
        stroke = None
    if fill is None and stroke is None:
        return None
    fill_alpha, stroke_alpha = (fill_alpha if fill else 1.0), (stroke_alpha if stroke else 1.0)
    commands = _commands(node.segments(transformed=True), unit, where)
    if not commands:
        return None
    scale = math.sqrt(abs(se.Matrix(values.get("transform", "")).determinant)) * unit
    rule = FillRule.EVEN_ODD if str(values.get("fill-rule", "")).strip() == "evenodd" else FillRule.NONZERO
    dash = _dash(values.get("stroke-dasharray"), scale, where) if stroke else None
    width = round(width, 4) if stroke else 0.0
    return SvgShape(commands, fill, stroke, width, rule, round(fill_alpha, 4), round(stroke_alpha, 4), dash)


def _commands(segments: Any, unit: float, where: str) -> tuple[tuple, ...]:
    """Segments as M, L, C and Z in the drawing's units (quadratics and arcs made cubic), every
    number checked finite and near the drawing."""
    import svgelements as se

    out: list[tuple] = []

    def point(p: Any) -> tuple[float, float]:
        x, y = float(p[0]) * unit, float(p[1]) * unit
        if not (abs(x) <= MAX_COORDINATE and abs(y) <= MAX_COORDINATE):  # also false for nan
            away = max(abs(x), abs(y)) / SPAN if not (math.isnan(x) or math.isnan(y)) else math.nan
            raise SvgError(
                f"{where}: after its transforms a point lands {away:.3g} times the drawing's size away from it; "
                f"points must stay within {MAX_COORDINATE / SPAN:.0f} times"
            )
        return round(x, 4), round(y, 4)

    for segment in segments:
        if isinstance(segment, se.Move):
            out.append(("M", *point(segment.end)))
        elif isinstance(segment, se.Close):
            out.append(("Z",))
        elif not out:
            continue  # a segment before any move: nothing to start it from
        elif isinstance(segment, se.Line):
            out.append(("L", *point(segment.end)))
        elif isinstance(segment, se.CubicBezier):
            out.append(("C", *point(segment.control1), *point(segment.control2), *point(segment.end)))
        elif isinstance(segment, se.QuadraticBezier):
            (x0, y0), (qx, qy), (x, y) = point(segment.start), point(segment.control), point(segment.end)
            out.append(("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x + 2 / 3 * (qx - x),
                        y + 2 / 3 * (qy - y), x, y))  # fmt: skip
        elif isinstance(segment, se.Arc):
            out += _arc(segment, point)
    return tuple(out) if any(c[0] in "LC" for c in out) else ()


def _arc(segment: Any, point: Any) -> list[tuple]:
    try:
        curves = list(segment.as_cubic_curves())
    except (ArithmeticError, ValueError):
        curves = []
    if not curves:  # a degenerate arc (zero radius) is a straight line, as SVG says
        return [("L", *point(segment.end))]
    return [("C", *point(c.control1), *point(c.control2), *point(c.end)) for c in curves]


def _paint(value: Any, where: str, key: str) -> tuple[Color | None, float]:
    """A fill or stroke: its colour (None for ``none``) and the alpha the colour itself carries."""
    import svgelements as se

    from .inputs import shown

    text = str(value).strip() if value is not None else "none"
    if text == "none":
        return None, 0.0
    if not _known_colour(text):
        raise SvgError(
            f"{where}: {key}={shown(text, 40)} is not a colour this reader knows; "
            "give a colour name, #rrggbb, rgb(...) or hsl(...)"
        )
    colour = se.Color(text)
    red, green, blue = _CORRECTED.get(text.replace(" ", "").lower(), (colour.red, colour.green, colour.blue))
    return (round(red / 255, 4), round(green / 255, 4), round(blue / 255, 4)), colour.opacity


_CORRECTED = {"aliceblue": (240, 248, 255)}  # svgelements 1.9.6 gives (250, 248, 255), CSS says this


def _known_colour(text: str) -> bool:
    """svgelements turns any text it cannot read into black: what it can read is checked here."""
    import svgelements as se

    if text.startswith("#"):
        return bool(se.REGEX_COLOR_HEX.match(text)) and len(text) - 1 in (3, 4, 6, 8)
    if any(pattern.match(text) for pattern in (se.REGEX_COLOR_RGB, se.REGEX_COLOR_RGB_PERCENT, se.REGEX_COLOR_HSL)):
        return True
    name = text.replace(" ", "").lower()
    if not name.isalpha():
        return False
    return name in ("black", "transparent") or se.Color.parse_color_lookup(name) != se.Color.rgb_to_int(0, 0, 0)


def _fraction(value: Any, where: str, key: str) -> float:
    """An opacity: a number or a percentage, clamped to 0..1 as CSS says; 1 when not given."""
    text = str(value).strip() if value is not None else ""
    if not text:
        return 1.0
    try:
        number = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise SvgError(f"{where}: {key}={text[:30]!r} is not a number between 0 and 1") from None
    if math.isnan(number):
        raise SvgError(f"{where}: {key} is not a number")
    return min(1.0, max(0.0, number))


def _finite(value: float, where: str, key: str) -> float:
    if not abs(value) <= MAX_COORDINATE:
        raise SvgError(f"{where}: {key} comes out as {value:.3g} after its transforms; far larger than the drawing")
    return value


def _dash(value: Any, scale: float, where: str) -> tuple[float, ...] | None:
    """``stroke-dasharray`` in the drawing's units; None for a solid line. An odd count repeats,
    as SVG says."""
    text = str(value).strip() if value is not None else "none"
    if text in ("none", ""):
        return None
    parts = [p for p in re.split(r"[\s,]+", text) if p]
    if not all(re.fullmatch(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?:px)?", p) for p in parts):
        raise SvgError(f"{where}: stroke-dasharray={text[:40]!r}: give plain numbers (user units)")
    lengths = [_finite(float(p.removesuffix("px")) * scale, where, "stroke-dasharray") for p in parts]
    if any(length < 0 for length in lengths):
        raise SvgError(f"{where}: stroke-dasharray has a negative length")
    if sum(lengths) <= 0:
        return None  # all zero: SVG draws the line solid
    lengths = lengths * 2 if len(lengths) % 2 else lengths
    return tuple(round(length, 4) for length in lengths)


__all__ = ["MAX_COORDINATE", "MAX_CROSSINGS", "MAX_DEPTH", "Drawing", "SvgError", "SvgShape", "crossings", "parse"]
