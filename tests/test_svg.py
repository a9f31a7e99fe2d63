"""SVG head art read by svgelements: what an editor's file says is what every renderer draws
(checked on pixels from reportlab's PDF, the raw PDF writer and the PNG renderer), and what
cannot be drawn or could not be trusted is refused with the element and its line."""

import io
import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader
from reportlab.lib.rl_accel import fp_str

from rushmore_print.design import load_design
from rushmore_print.layout.heads import vector_shapes
from rushmore_print.layout.items import Document, FillRule, Group, Page
from rushmore_print.layout.sheets import SheetLayout
from rushmore_print.readers.svg_art import MAX_COORDINATE, SvgError, parse
from rushmore_print.render.colour import converter
from rushmore_print.render.pdf import render_pdf
from rushmore_print.render.png import render_page
from rushmore_print.render.rawpdf import render_raw_pdf
from rushmore_print.writers.build import KitOptions, build_kit
from rushmore_print.writers.export import export_dtc

from .fuzzing import hostile_svg, svg_cases
from .pixels import HAS_PDFTOPPM, rasterise

DPI = 150
NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
WHITE, ORANGE, GREEN, BLUE = (255, 255, 255), (255, 165, 0), (34, 170, 102), (0, 0, 255)


def svg(body: str, view: str = "0 0 100 100") -> str:
    return f'<svg {NS} viewBox="{view}">\n{body}\n</svg>'


def rendered(text: str) -> dict:
    """The drawing, 40 mm on its longer side, through each renderer (the PDFs via pdftoppm)."""
    drawing = parse(text)
    _, _, width, height = drawing.view
    s = 40 / 1000
    page = Page(width * s, height * s, (Group(vector_shapes(drawing), (s, 0.0, 0.0, -s, 0.0, height * s)),))
    document = Document("svg", (page,), {})
    out = {"png": render_page(page, {}, DPI).convert("RGB")}
    if HAS_PDFTOPPM:
        out["reportlab"] = rasterise(render_pdf(document), DPI, gray=False)[0].convert("RGB")
        out["raw"] = rasterise(render_raw_pdf(document), DPI, gray=False)[0].convert("RGB")
    return out


def at(image, fx: float, fy: float) -> tuple:
    """The pixel at a fraction of the width and height (from the top left, as SVG counts)."""
    return image.getpixel((int(fx * image.width), int(fy * image.height)))


def assert_colour(images: dict, fx: float, fy: float, want: tuple, tolerance: int = 14) -> None:
    for name, image in images.items():
        got = at(image, fx, fy)
        assert max(abs(a - b) for a, b in zip(got, want)) <= tolerance, (name, fx, fy, got, want)


def test_named_colours_css_classes_and_current_color_print_in_their_colours():
    text = svg(
        """<style>.leaf { fill: #2a6 } rect.sky, .other { fill: blue }</style>
        <rect x="0" y="0" width="50" height="50" fill="orange"/>
        <rect class="leaf" x="50" y="0" width="50" height="50"/>
        <rect class="sky" x="0" y="50" width="50" height="50"/>
        <g color="#2a6"><rect fill="currentColor" x="50" y="50" width="50" height="50"/></g>"""
    )
    images = rendered(text)
    assert_colour(images, 0.25, 0.25, ORANGE)
    assert_colour(images, 0.75, 0.25, GREEN)
    assert_colour(images, 0.25, 0.75, BLUE)
    assert_colour(images, 0.75, 0.75, GREEN)


def test_opacity_lets_the_page_show_through_and_multiplies_down_groups():
    text = svg(
        """<rect x="0" y="0" width="50" height="100" fill="black" opacity="0.5"/>
        <g opacity="0.5"><rect x="50" y="0" width="50" height="50" fill="black" fill-opacity="0.5"/></g>
        <rect x="50" y="50" width="50" height="50" fill="rgba(0, 0, 255, 0.5)"/>"""
    )
    images = rendered(text)
    assert_colour(images, 0.25, 0.5, (128, 128, 128))
    assert_colour(images, 0.75, 0.25, (191, 191, 191))
    assert_colour(images, 0.75, 0.75, (128, 128, 255))
    shapes = parse(text).shapes
    assert [s.fill_opacity for s in shapes] == [0.5, 0.25, 0.502]


def test_translucent_art_in_pdfx_is_flattened_over_white_with_no_transparency():
    text = svg('<rect x="0" y="0" width="100" height="100" fill="black" opacity="0.5"/>')
    drawing = parse(text)
    page = Page(40, 40, (Group(vector_shapes(drawing), (0.04, 0.0, 0.0, -0.04, 0.0, 40.0)),))
    pdfx = render_pdf(Document("x", (page,), {}), pdfx=True)
    assert b"/ca" not in pdfx and b"/SMask" not in pdfx  # PDF/X-1a: no transparency at all
    plain = render_pdf(Document("x", (page,), {}))
    assert b"/ca .5" in plain or b"/ca 0.5" in plain
    content = PdfReader(io.BytesIO(pdfx)).pages[0].get_contents().get_data()
    halfway = converter(None).color((0.5, 0.5, 0.5))  # black at half over white paper: the mid grey
    assert f"{fp_str(*halfway)} k".encode() in content
    if HAS_PDFTOPPM:  # poppler shows device CMYK without the profile: a darker grey, still far from black
        grey = rasterise(pdfx, DPI, gray=True)[0].convert("L").getpixel((100, 100))
        assert 80 <= grey <= 160, grey


def test_use_draws_the_part_it_names_where_it_says():
    text = svg(
        """<defs><rect id="box" width="40" height="40" fill="orange"/></defs>
        <use href="#box" x="5" y="5"/>
        <use xlink:href="#box" transform="translate(55 55)" />"""
    )
    images = rendered(text)
    assert_colour(images, 0.25, 0.25, ORANGE)
    assert_colour(images, 0.75, 0.75, ORANGE)
    assert_colour(images, 0.75, 0.25, WHITE)


# Two squares drawn the same way round, and a star drawn in one stroke that crosses itself.
RULE_ART = """<path {rule} fill="#2a6" d="M 5 5 H 45 V 45 H 5 Z M 15 15 H 35 V 35 H 15 Z"/>
<path {rule} fill="#2a6" d="M 75 55 L 87 95 L 55 70 L 95 70 L 63 95 Z"/>"""


def test_fill_is_nonzero_unless_the_file_says_evenodd():
    nonzero = rendered(svg(RULE_ART.format(rule="")))
    assert_colour(nonzero, 0.25, 0.25, GREEN)  # the inner square adds to the outer one
    assert_colour(nonzero, 0.75, 0.76, GREEN)  # the star's middle is inside
    assert_colour(nonzero, 0.07, 0.07, GREEN)
    evenodd = rendered(svg(RULE_ART.format(rule='fill-rule="evenodd"')))
    assert_colour(evenodd, 0.25, 0.25, WHITE)  # a hole
    assert_colour(evenodd, 0.75, 0.76, WHITE)
    assert_colour(evenodd, 0.07, 0.07, GREEN)
    by_css = parse(svg("<style>path { fill-rule: evenodd }</style>" + RULE_ART.format(rule="")))
    assert {s.fill_rule for s in by_css.shapes} == {FillRule.EVEN_ODD}


def test_dashes_strokes_and_their_widths_follow_the_transforms():
    drawing = parse(svg('<g transform="scale(2)"><path d="M 5 5 H 45" stroke="red" stroke-dasharray="4 2"/></g>'))
    (shape,) = drawing.shapes
    assert shape.fill is not None  # a path's fill is black by default, as SVG says (here it has no area)
    assert shape.stroke == (1.0, 0.0, 0.0) and shape.stroke_width == 20.0 and shape.dash == (80.0, 40.0)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>\n'
            '<rect width="9" height="9" fill="url(#g)"/>',
            r"<rect> at line 3: fill='url\(#g\)': gradients and patterns are not drawn",
        ),
        (
            "<style>.shade { fill: url(#g) }</style>\n<circle class='shade' r='5' cx='5' cy='5'/>",
            r"<style> at line 2: fill='url\(#g\)': gradients and patterns are not drawn",
        ),
        (  # issue 32.5: set on the root, it reached the shapes only by inheritance: drawn as nothing
            "<style>\nsvg { fill: url(#g) }</style>\n<path d='M 0 0 L 9 0 L 9 9 Z'/>",
            r"<style> at line 2: fill='url\(#g\)': gradients and patterns are not drawn",
        ),
        ("<style>g { stroke: url(#g) }</style><g/>", r"<style> at line 2: stroke='url\(#g\)': gradients"),
        ("<style>* { filter: url(#f) }</style><rect width='9' height='9'/>", r"<style> at line 2: filter=.*filters"),
        ("<rect width='9' height='9'/>\n<text x='1' y='5'>Hi</text>", r"<text> at line 3: text is not drawn"),
        (
            "<style>\n/* a comment */ .a, g .b { fill: red }</style><rect class='b' width='9' height='9'/>",
            r"<style> at line 2: the selector 'g \.b' is not read",
        ),
        ("<style>@media print { rect { fill: red } }</style>", r"<style> at line 2: '@media' rules are not read"),
        ("<image href='x.png' width='9' height='9'/>", r"<image> at line 2: an embedded image is not drawn"),
        ("<rect width='9' height='9' filter='url(#f)'/>", r"<rect> at line 2: filter='url\(#f\)': filters"),
        ("<g clip-path='url(#c)'><rect width='9' height='9'/></g>", r"<g> at line 2: clip-path=.*not drawn"),
        ("<rect width='9' height='9' fill='notacolour'/>", r"fill='notacolour' is not a colour this reader knows"),
        ("<path d='M 0 0 L 1e999 5 L 5 5 Z'/>", r"<path> at line 2: d has the number '1e999'"),
        ("<path d='M 0 0 L 1e308 5 L 5 5 Z'/>", r"<path> at line 2: d has the number '1e308'"),
        (
            "<g transform='scale(1e8)'><g transform='scale(1e8)'><rect width='9' height='9'/></g></g>",
            r"<rect> at line 2: after its transforms a point lands 9e\+14 times the drawing.s size away",
        ),
        ("<g id='a'><use href='#a'/></g>", r"<g> at line 2: a <use> inside it refers back to it \(a cycle\)"),
        ("<use href='other.svg#a'/>", r"<use> at line 2: refers to another file"),
    ],
)
def test_what_cannot_be_drawn_as_the_file_says_is_refused_naming_the_element(body, message):
    with pytest.raises(SvgError, match=message):
        parse(svg(body))


def test_numbers_that_overflow_anywhere_are_refused_never_drawn():
    cases = [
        svg("<rect width='9' height='9'/>", view="0 0 1e-300 1e-300").replace("<svg ", "<svg width='50mm' "),
        svg("<rect width='9' height='9'/>", view="0 0 1e-300 1e-300"),
        svg("<rect width='9' height='9' transform='matrix(1e9 0 0 1e9 1e9 1e9) rotate(1e9)'/>"),
        svg("<rect width='9' height='9' style='stroke:red;stroke-width:1e999'/>"),
        svg("<style>rect { stroke: red; stroke-width: 9e8 }</style><g transform='scale(1e5)'><rect width='9'/></g>"),
        svg("<rect width='9' height='9' opacity='nan'/>"),
    ]
    for text in cases:
        with pytest.raises(SvgError):
            parse(text)


def test_xml_entities_are_refused_before_any_is_expanded():
    entities = "".join(f'<!ENTITY e{i + 1} "' + f"&e{i};" * 10 + '">' for i in range(9))
    bomb = f'<!DOCTYPE svg [<!ENTITY e0 "xx">{entities}]><svg {NS} viewBox="0 0 9 9"><desc>&e9;</desc></svg>'
    with pytest.raises(SvgError, match=r"line 1: the DOCTYPE declares entities"):
        parse(bomb)
    system = f'<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/hostname">]><svg {NS} viewBox="0 0 9 9">&x;</svg>'
    with pytest.raises(SvgError, match=r"the DOCTYPE declares entities"):
        parse(system)
    with pytest.raises(SvgError, match=r"not a readable SVG file \(undefined entity"):
        parse(f'<svg {NS} viewBox="0 0 9 9"><desc>&x;</desc><rect width="9" height="9"/></svg>')
    public = f'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://x/svg11.dtd"><svg {NS} viewBox="0 0 9 9">'
    assert len(parse(public + '<rect width="9" height="9"/></svg>').shapes) == 1  # a plain DOCTYPE is fine


@pytest.mark.slow
def test_uses_that_multiply_past_the_element_limit_are_refused():
    layers = ['<rect id="l0" width="1" height="1"/>'] + [
        f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 6)
    ]
    with pytest.raises(SvgError, match="once every <use> is expanded"):
        parse(svg("<defs>" + "".join(layers) + "</defs><use href='#l5'/>"))
    chain = "".join(f'<g id="c{i}"><use href="#c{i + 1}"/></g>' for i in range(3000)) + '<rect id="c3000" width="1"/>'
    with pytest.raises(SvgError, match="nested more than 32 deep once every <use> is expanded"):
        parse(svg(f"<defs>{chain}</defs><use href='#c0'/>"))
    long_path = "M 0 0 " + "L 10 10 " * 40_000
    with pytest.raises(SvgError, match="more than 60,000 numbers in its paths"):
        parse(svg(f'<path d="{long_path}"/>'))
    small = "M 0 0 " + "L 10 10 " * 2_000
    with pytest.raises(SvgError, match="more than 60,000 numbers in its paths"):
        parse(svg(f'<defs><path id="p" d="{small}"/></defs>' + '<use href="#p"/>' * 20))


SVG_DESIGN = """
name: SVG Test
heads: [{name: Ada, art: head.svg}, Bea, Cy]
directions: [left, right]
search: {seed: 1, red_counts: {0: 4, 1: 4}}
"""


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("qpdf") is None or not HAS_PDFTOPPM, reason="needs qpdf and pdftoppm")
def test_a_design_with_translucent_svg_art_builds_pdfs_qpdf_accepts(write_design, tmp_path):
    (tmp_path / "head.svg").write_text(
        svg(
            "<style>.skin { fill: peru; stroke: black; stroke-width: 2 }</style>"
            "<path class='skin' d='M 20 10 C 60 0 90 30 80 60 L 70 95 L 20 95 Z'/>"
            "<circle cx='60' cy='40' r='6' fill='black' opacity='0.4'/>"
            "<path fill-rule='evenodd' fill='orange' d='M 25 70 H 50 V 90 H 25 Z M 30 75 H 45 V 85 H 30 Z'/>"
        )
    )
    design = load_design(write_design(SVG_DESIGN))
    written = build_kit(design, tmp_path / "out", KitOptions(papers=("a4",), layouts=(SheetLayout.FRONTS,)))
    written += export_dtc(design, tmp_path / "dtc")
    pdfs = [w.path for w in written if w.path.suffix == ".pdf"]
    assert pdfs
    for pdf in pdfs:
        checked = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
        assert checked.returncode == 0, (pdf.name, checked.stdout, checked.stderr)
        drawn = subprocess.run(["pdftoppm", "-r", "10", "-f", "1", "-l", "3", str(pdf)], capture_output=True)
        assert drawn.returncode == 0 and not drawn.stderr, (pdf.name, drawn.stderr[:300])  # every state found
        plain = tmp_path / "plain.pdf"  # every stream uncompressed, to read the numbers drawn
        subprocess.run(["qpdf", "--qdf", "--object-streams=disable", str(pdf), str(plain)], check=True)
        assert not re.search(rb"[\s\[](-?nan|-?inf)[\s\]]", plain.read_bytes(), re.IGNORECASE), pdf.name


def _fuzz_art() -> list[str]:
    """60 random SVG head arts and the hostile ones: made by the slow test that reads them, not
    while collecting (every test process collects this module)."""
    return [case.files["h.svg"].decode() for case in svg_cases(count=60)] + [
        case.files["h.svg"].decode() for case in hostile_svg()
    ]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("qpdf") is None, reason="needs qpdf")
def test_random_svg_art_is_refused_or_drawn_with_finite_numbers_into_pdfs_qpdf_accepts(tmp_path):
    drawn = 0
    for number, text in enumerate(_fuzz_art()):
        try:
            drawing = parse(text)
        except SvgError:
            continue
        drawn += 1
        _, _, width, height = drawing.view
        assert min(width, height) >= 1 and max(width, height) == 1000.0, text
        for shape in drawing.shapes:
            numbers = [v for command in shape.commands for v in command[1:]] + [shape.stroke_width]
            assert all(abs(v) <= MAX_COORDINATE for v in numbers), text  # also false for nan
            assert 0 <= shape.fill_opacity <= 1 and 0 <= shape.stroke_opacity <= 1
        s = 40 / 1000
        page = Page(width * s, height * s, (Group(vector_shapes(drawing), (s, 0.0, 0.0, -s, 0.0, height * s)),))
        render_page(page, {}, 30)
        for name, data in (
            ("rl", render_pdf(Document("f", (page,), {}))),
            ("raw", render_raw_pdf(Document("f", (page,), {}))),
        ):
            path = tmp_path / f"{number}-{name}.pdf"
            path.write_bytes(data)
            checked = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
            assert checked.returncode == 0, (text, checked.stdout)
    assert drawn >= 20  # the fuzzer draws as well as refuses


def test_an_svg_drawn_by_several_heads_is_read_once(write_design, tmp_path, monkeypatch):
    """A designer drafting with one placeholder SVG for every head: the file is read and parsed
    once (a 2 MB drawing takes about a second each time), and every head draws the same paths."""
    import rushmore_print.readers.svg_art as svg_art

    (tmp_path / "head.svg").write_text(svg('<circle cx="50" cy="50" r="40"/>'))
    calls = []
    real = svg_art.parse
    monkeypatch.setattr(svg_art, "parse", lambda text: calls.append(1) or real(text))
    design = load_design(
        write_design(SVG_DESIGN.replace("Bea, Cy", "{name: Bea, art: head.svg}, {name: Cy, art: head.svg}"))
    )
    assert len(calls) == 1
    assert design.heads[0].vector is design.heads[1].vector is design.heads[2].vector is not None
