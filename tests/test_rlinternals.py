"""reportlab's internals, used in render/rlinternals.py alone: each accessor still finds what it
reads (these fail loudly when a reportlab release moves it), and PDFs written page by page are
the document reportlab writes itself, in memory that does not grow with the pages."""

import io
import subprocess
import tracemalloc

import pytest
from pypdf import PdfReader
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from rushmore_print.layout.fonts import Font
from rushmore_print.layout.items import BLACK, Document, Page, Path, Rect, Shape, Text, rgb
from rushmore_print.layout.lazy import Lazy
from rushmore_print.render.pdf import register_fonts, write_pdf
from rushmore_print.render.rlinternals import (
    add_catalog_entry,
    binary_streams,
    document_date,
    document_of,
    end_form,
    flush,
    form_object,
    stream_pages,
)


def _draw(canvas: Canvas, pages: int) -> None:
    """A few pages through reportlab's public API: text in an embedded font, a form used on
    every page (defined before the first), an image-free path, a translucent fill."""
    register_fonts()
    canvas.beginForm("mark")
    canvas.rect(0, 0, 10, 10, fill=1)
    canvas.endForm()
    for number in range(pages):
        canvas.setFont(Font.REGULAR.pdf_name, 12)
        canvas.drawString(72, 720, f"page {number + 1}: Łukasz Ἀθηνᾶ")
        canvas.doForm("mark")
        if number == 2:
            canvas.setFillAlpha(0.5)  # transparency: the file's version goes up to 1.4 on page 3
            canvas.circle(200, 200, 50, fill=1)
        canvas.showPage()
        yield canvas


def _reportlabs_own(pages: int) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    for _ in _draw(canvas, pages):
        pass
    canvas.save()
    return buffer.getvalue()


def _streamed(pages: int) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    stream_pages(canvas, buffer)
    for drawn in _draw(canvas, pages):
        flush(drawn)
        assert len(buffer.getvalue()) > 0
    canvas.save()
    return buffer.getvalue()


def test_a_streamed_pdf_is_the_document_reportlab_writes_itself(tmp_path):
    ours, theirs = PdfReader(io.BytesIO(_streamed(5))), PdfReader(io.BytesIO(_reportlabs_own(5)))
    assert ours.pdf_header == theirs.pdf_header == "%PDF-1.4"  # raised by page 3's transparency, after page 1
    assert len(ours.pages) == len(theirs.pages) == 5
    assert len(ours.xref_objStm) == len(theirs.xref_objStm)
    for mine, own in zip(ours.pages, theirs.pages):
        assert mine.get_contents().get_data() == own.get_contents().get_data()
        assert mine.mediabox == own.mediabox
        assert sorted(mine["/Resources"]) == sorted(own["/Resources"])
        assert sorted(mine["/Resources"]["/XObject"]) == sorted(own["/Resources"]["/XObject"])
    assert ours.metadata == theirs.metadata
    assert len(ours.trailer["/ID"]) == 2 and ours.trailer["/ID"][0] == ours.trailer["/ID"][1]
    assert len(ours.trailer["/Root"]) == len(theirs.trailer["/Root"])
    assert ours.trailer["/Size"] == theirs.trailer["/Size"]  # the same objects, each written once
    (tmp_path / "streamed.pdf").write_bytes(_streamed(5))
    check = subprocess.run(["qpdf", "--check", str(tmp_path / "streamed.pdf")], capture_output=True, text=True)
    assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout, check.stdout


def test_the_file_id_tells_documents_apart_and_stays_the_same_for_the_same_document():
    """reportlab's invariant ID hashes the title and date only: the A4 and Letter rule sheets
    shared one. Ours hashes the bytes too."""
    ids = [PdfReader(io.BytesIO(_streamed(pages))).trailer["/ID"][0] for pages in (4, 5, 5)]
    assert ids[0] != ids[1] and ids[1] == ids[2]
    assert (
        PdfReader(io.BytesIO(_reportlabs_own(4))).trailer["/ID"]
        == PdfReader(io.BytesIO(_reportlabs_own(5))).trailer["/ID"]
    )


def test_pages_leave_the_canvas_as_they_are_shown():
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    stream_pages(canvas, buffer)
    sizes = []
    for drawn in _draw(canvas, 4):
        flush(drawn)
        sizes.append(len(buffer.getvalue()))
    assert sizes == sorted(sizes) and len(set(sizes)) == 4  # each page reached the file when shown
    canvas.save()


def test_streaming_needs_a_fresh_canvas_and_an_empty_file():
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.showPage()
    with pytest.raises(TypeError, match="fresh"):
        stream_pages(canvas, buffer)
    buffer = io.BytesIO(b"x")
    buffer.seek(1)
    with pytest.raises(ValueError, match="empty file"):
        stream_pages(Canvas(buffer), buffer)


def _document(pages: int) -> Document:
    def page(number: int) -> tuple[Page]:
        shapes = tuple(  # new objects each page, as a layout makes them, equal on every page as a card's rock
            Shape(Path.rect(Rect(10 + i, 10, 30, 20)), fill=rgb("#336699"), stroke=BLACK, stroke_mm=0.2)
            for i in range(60)
        )
        return (Page(210.0, 297.0, (*shapes, Text(20.0, 280.0, f"page {number}", 10.0, BLACK))),)

    return Document("Many pages", Lazy(pages, page))


def _peak_writing(pages: int, path) -> int:
    with open(path, "wb") as out:
        tracemalloc.start()
        write_pdf(_document(pages), out)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


@pytest.mark.slow
def test_memory_does_not_grow_with_the_pages(tmp_path):
    register_fonts()
    few, many = _peak_writing(20, tmp_path / "few.pdf"), _peak_writing(320, tmp_path / "many.pdf")
    assert len(PdfReader(tmp_path / "many.pdf").pages) == 320
    assert many < few * 1.3 + 200_000, (few, many)  # 16 times the pages; reportlab's own way holds every page


def test_each_accessor_of_reportlabs_internals_still_finds_what_it_reads():
    from reportlab.pdfbase.pdfdoc import PDFDocument, PDFInfo, PDFName

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    document = document_of(canvas)
    assert isinstance(document, PDFDocument)
    assert document_date(PDFInfo(), document).format(document) == b"(D:20000101000000+00'00')"  # invariant
    add_catalog_entry(document.Catalog, "PageLayout", PDFName("TwoColumnLeft"))
    canvas.beginForm("box")
    canvas.rect(0, 0, 5, 5)
    canvas.endForm()
    assert form_object(canvas, "box").__class__.__name__ == "PDFFormXObject"
    canvas.showPage()
    canvas.save()
    assert PdfReader(io.BytesIO(buffer.getvalue())).trailer["/Root"]["/PageLayout"] == "/TwoColumnLeft"


def _with_forms(ending, extra: str = "") -> bytes:
    """A page using two forms (a head-like path and a label), each ended by ``ending``;
    ``extra``: one more operator line in the second form (a comment)."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    canvas.beginForm("bust", 0, 0, 40, 40)
    path = canvas.beginPath()
    path.moveTo(0, 0)
    for step in range(1, 200):
        path.curveTo(step * 0.1, step * 0.2, step * 0.15, step * 0.05, step * 0.2, (step % 7) * 3.3)
    path.close()
    canvas.drawPath(path, fill=1)
    ending(canvas)
    canvas.beginForm("label", 0, 0, 40, 12)
    canvas.setFont(Font.BOLD.pdf_name, 9)
    canvas.drawString(2, 2, "MOUNT RUSHMORE · Łódź")
    if extra:
        canvas._code.append(extra)
    ending(canvas)
    canvas.doForm("bust")
    canvas.doForm("label")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_form_ended_at_once_is_the_form_reportlab_ends():
    """``end_form`` encodes a form's ASCII operators in one step: the file is the one reportlab's
    ``endForm`` writes, byte for byte; operators it cannot write as ASCII go through reportlab's
    own codec, to the same bytes again, or to its own error."""
    assert _with_forms(end_form) == _with_forms(Canvas.endForm)
    assert _with_forms(end_form, "% déjà vu") == _with_forms(Canvas.endForm, "% déjà vu")
    for ending in (end_form, Canvas.endForm):
        with pytest.raises(UnicodeEncodeError):
            _with_forms(ending, "% \x1b")


def test_streams_are_written_as_binary_and_read_as_before(tmp_path):
    """Within ``binary_streams`` the deflated streams are bytes, not ASCII85 text: the file is
    smaller and draws the same pixels; reportlab's setting is put back, also after an error."""
    before = rl_config.useA85
    plain = _with_forms(Canvas.endForm)
    with binary_streams():
        binary = _with_forms(Canvas.endForm)
    assert rl_config.useA85 == before == 1
    assert b"/ASCII85Decode" in plain and b"/ASCII85Decode" not in binary
    assert len(binary) < len(plain)  # the streams a quarter smaller (the font subset was binary already)
    pixels = []
    for name, data in (("plain", plain), ("binary", binary)):
        (tmp_path / f"{name}.pdf").write_bytes(data)
        subprocess.run(
            ["pdftoppm", "-r", "72", "-png", str(tmp_path / f"{name}.pdf"), str(tmp_path / name)], check=True
        )
        pixels.append((tmp_path / f"{name}-1.png").read_bytes())
    assert pixels[0] == pixels[1]
    with pytest.raises(ZeroDivisionError), binary_streams():
        _ = 1 / 0
    assert rl_config.useA85 == before


def test_every_pdf_the_renderer_writes_has_binary_streams():
    """``write_pdf`` writes no ASCII85 stream (a quarter larger and slower to write)."""
    buffer = io.BytesIO()
    square = Shape(Path.rect(Rect(0, 0, 10, 10)), fill=rgb("#d32f2f"))
    write_pdf(Document("square", [Page(20, 20, (square, Text(1, 1, "S01", 9.0)))]), buffer)
    assert b"/FlateDecode" in buffer.getvalue() and b"/ASCII85Decode" not in buffer.getvalue()
