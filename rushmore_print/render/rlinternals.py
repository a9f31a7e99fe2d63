"""The one place that uses reportlab's internals: the document behind a canvas, its date, the
catalog's keys, a form's object, and the document written page by page into its file (its
public API builds the whole PDF in memory and writes it at ``save()``).

A reportlab canvas keeps every page it has shown, its content stream uncompressed, until the
document is saved; a 9,728-card sheet file would hold about 100 MB of them. :func:`stream_pages`
gives the canvas a document that writes each page (its dictionary and its compressed content
stream) to the output file as soon as it is shown and keeps only the page's object number and
offset; everything else (forms, images, fonts, the page tree, the catalog) is written at
``save()`` by reportlab's own formatting, in object-number order as reportlab does. Object
numbers are reportlab's own; only where the pages lie in the file differs. The internals used:
``Canvas._doc``, ``PDFDocument.format``, ``Pages.pages``, ``idToObject``, ``numberToId``,
``idToOffset``, ``_timeStamp``, ``PDFInfo._dateFormatter`` and ``__NoDefault__``. reportlab is
pinned below its next major version; ``tests/test_rlinternals.py`` fails loudly if any of these
changes (it compares a streamed PDF with reportlab's own, and uses each accessor).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any, BinaryIO

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (
    PDFCatalog,
    PDFCrossReferenceTable,
    PDFDate,
    PDFDocument,
    PDFFile,
    PDFIndirectObject,
    PDFInfo,
    PDFObject,
    PDFObjectReference,
    PDFTrailer,
    xObjectName,
)
from reportlab.pdfgen.canvas import Canvas

__all__ = [
    "add_catalog_entry",
    "binary_streams",
    "document_date",
    "document_of",
    "end_form",
    "flush",
    "form_object",
    "stream_pages",
]


@contextlib.contextmanager
def binary_streams() -> Iterator[None]:
    """Within it, reportlab writes each compressed stream (page, form, image) as the deflated
    bytes themselves, not spelled out in ASCII85 text (its default, ``rl_config.useA85``): a
    quarter smaller, and written without the character-by-character re-encoding of that text,
    which was a tenth of a build's time. The setting is reportlab's, read as each stream is
    written, so it holds only while a document is written here and is then put back.

    >>> import io
    >>> before = rl_config.useA85
    >>> with binary_streams():
    ...     canvas = Canvas(io.BytesIO(), pageCompression=1)
    ...     canvas.drawString(72, 72, "binary")
    ...     canvas.save()
    >>> rl_config.useA85 == before
    True
    """
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before


def document_of(canvas: Canvas) -> PDFDocument:
    """The PDF document a canvas draws into (reportlab has no public accessor for it).

    >>> import io
    >>> type(document_of(Canvas(io.BytesIO()))).__name__
    'PDFDocument'
    """
    return canvas._doc


def document_date(info: PDFInfo, document: PDFDocument) -> PDFDate:
    """The document's date as reportlab's own information dictionary writes it (from
    ``SOURCE_DATE_EPOCH``, or 2000-01-01 for an invariant document).

    >>> import io
    >>> document = document_of(Canvas(io.BytesIO(), invariant=1))
    >>> document_date(document.info, document).format(document)
    b"(D:20000101000000+00'00')"
    """
    return PDFDate(ts=document._timeStamp, dateFormatter=info._dateFormatter)


def add_catalog_entry(catalog: PDFCatalog, key: str, value: object) -> None:
    """Give the catalog an entry reportlab does not write by itself (its writer lists the keys).

    >>> import io
    >>> out = io.BytesIO()
    >>> canvas = Canvas(out)
    >>> add_catalog_entry(document_of(canvas).Catalog, "Lang", "(en)")
    >>> canvas.save()
    >>> b"/Lang (en)" in out.getvalue()
    True
    """
    setattr(catalog, key, value)
    catalog.__NoDefault__ = [*catalog.__NoDefault__, key]


def form_object(canvas: Canvas, name: str):
    """The Form XObject defined under ``name`` (``beginForm(name)``), to add to its resources.

    >>> import io
    >>> canvas = Canvas(io.BytesIO())
    >>> canvas.beginForm("dot")
    >>> canvas.circle(5, 5, 5)
    >>> canvas.endForm()
    >>> type(form_object(canvas, "dot")).__name__
    'PDFFormXObject'
    """
    return canvas._doc.idToObject[xObjectName(name)]


# What reportlab's PDFDocEncoding codec ("extpdfdoc") writes as it is: ASCII but 0x18-0x1F,
# which it refuses. Text of these characters alone is encoded as ASCII, to the same bytes.
_NOT_AS_ASCII = re.compile(r"[^\x00-\x17\x20-\x7f]")


def end_form(canvas: Canvas) -> None:
    """``canvas.endForm()``, to the same bytes, with the form's operators encoded in one step.

    reportlab encodes a form's operators through its PDFDocEncoding codec, a character map that
    Python applies character by character: about 0.1 s a megabyte, where a build's head drawings
    and card frames are some 0.7 MB of operators. Operators are ASCII, for which that encoding is
    ASCII itself: encoded so here at once (anything else goes through reportlab's own codec).

    >>> import io
    >>> canvas = Canvas(io.BytesIO())
    >>> canvas.beginForm("dot")
    >>> canvas.circle(5, 5, 5)
    >>> end_form(canvas)
    >>> form_object(canvas, "dot").stream.startswith(b"1 0 0 1 0 0 cm")
    True
    """
    operators = "\n".join([canvas._preamble, *canvas._code])  # what endForm joins and encodes
    if _NOT_AS_ASCII.search(operators):
        canvas.endForm()
        return
    name = canvas._formData[0]
    preamble, canvas._preamble, canvas._code = canvas._preamble, "", []
    try:
        canvas.endForm()  # everything else about the form as reportlab makes it; its stream empty
    finally:
        canvas._preamble = preamble  # the pages after keep theirs
    form_object(canvas, name).stream = operators.encode("ascii")


def stream_pages(canvas: Canvas, out: BinaryIO) -> None:
    """Make ``canvas`` (made on ``out``, nothing drawn yet) write each page into ``out`` as it is
    shown: call :func:`flush` after each ``showPage``; ``canvas.save()`` then writes the rest.
    ``out`` must be seekable: the header's version is written last (a page may raise it).

    Raises ``TypeError`` for a canvas that has shown a page already, ``ValueError`` for an ``out``
    that holds data already.

    >>> import io
    >>> out = io.BytesIO()
    >>> canvas = Canvas(out, invariant=1)
    >>> stream_pages(canvas, out)
    >>> for number in (1, 2):
    ...     canvas.drawString(72, 72, f"page {number}")
    ...     canvas.showPage()
    ...     flush(canvas)
    ...     print(len(out.getvalue()) > 0)
    True
    True
    >>> canvas.save()
    >>> out.getvalue()[:8], out.getvalue().count(b"/Type /Page\\n")
    (b'%PDF-1.3', 2)
    """
    document = canvas._doc
    if document.Pages.pages or not isinstance(document, PDFDocument):
        raise TypeError("stream_pages needs a fresh reportlab canvas")
    document.__class__ = _StreamingDocument
    assert isinstance(document, _StreamingDocument)
    document.start(out)


def flush(canvas: Canvas) -> None:
    """Write the pages ``canvas`` has shown since the last call into its file, and forget them.

    >>> import io
    >>> out = io.BytesIO()
    >>> canvas = Canvas(out)
    >>> stream_pages(canvas, out)
    >>> canvas.showPage()
    >>> flush(canvas)
    >>> b"/Type /Page" in out.getvalue()
    True
    >>> canvas.save()
    """
    document = canvas._doc
    assert isinstance(document, _StreamingDocument), "stream_pages first"
    document.flush_pages()


class _Written(PDFObject):
    """What stays of an object already in the file (its number and offset stay in the document)."""

    def format(self, document):
        raise AssertionError("an object already in the file was formatted again")


_WRITTEN = _Written()


class _Sink(PDFFile):
    """reportlab's output collector (it counts the offsets), writing through to the file instead
    of collecting the whole PDF."""

    def __init__(self, out: BinaryIO, version: tuple[int, int], digest: Any) -> None:
        if out.tell() != 0:
            raise ValueError("a PDF is streamed into an empty file (its offsets count from the start)")
        self.out = out
        self.offset = 0
        self.digest = digest
        self.add(PDFFile(version).format(None))  # reportlab's own header

    def write(self, data: bytes) -> None:
        self.digest.update(data)
        self.out.write(data)

    def format(self, document) -> bytes:
        return b""  # everything is in the file already


class _StreamingDocument(PDFDocument):
    def start(self, out: BinaryIO) -> None:
        # The file's /ID is reportlab's signature (its name and date) fed every byte before the
        # trailer: invariant mode alone gives every document with the same title one ID (the A4
        # and Letter rule sheets), where PDF means it to tell files apart.
        self._sink = _Sink(out, self._pdfVersion, self.signature)
        self._header_version = self._pdfVersion
        self._written: set[str] = set()
        self._pages_written = 0
        # The page tree first, so that formatting a page (its /Parent) never numbers it later.
        self.Reference(self.Pages)

    def _write(self, name: str) -> None:
        data = PDFIndirectObject(name, self.idToObject[name]).format(self)
        self.idToOffset[name] = self._sink.add(data)
        self.idToObject[name] = _WRITTEN  # the object itself is no longer needed
        self._written.add(name)

    def flush_pages(self) -> None:
        pages = self.Pages.pages
        for index in range(self._pages_written, len(pages)):
            page = pages[index]
            name = page.__InternalName__
            self._write(name)  # formatting the page numbers its content stream
            contents = page.Contents
            self._write(contents.__InternalName__)
            pages[index] = PDFObjectReference(name)  # the page tree lists it by reference
        self._pages_written = len(pages)

    def format(self) -> bytes:
        """reportlab's ``PDFDocument.format``, skipping the objects already in the file."""
        self.flush_pages()
        self.encrypt.prepare(self)
        if self.encrypt.info():
            raise TypeError("a streamed PDF cannot be encrypted")
        catalog, info = self.Reference(self.Catalog), self.Reference(self.info)
        ids = []
        number = 0
        while True:  # formatting an object may number new ones (font subsets): until none is left
            number += 1
            if number not in self.numberToId:
                break
            name = self.numberToId[number]
            ids.append(name)
            if name not in self._written:
                self._write(name)
        xref = PDFCrossReferenceTable()
        xref.addsection(0, ids)
        offset = self._sink.add(xref.format(self))
        trailer = PDFTrailer(startxref=offset, Size=len(ids) + 1, Root=catalog, Info=info, ID=self.ID())
        self._sink.add(trailer.format(self))
        if self._pdfVersion != self._header_version:  # a page needed a later version (transparency)
            out = self._sink.out
            end = out.tell()
            out.seek(0)
            out.write(b"%%PDF-%d.%d" % tuple(self._pdfVersion))
            out.seek(end)
        return b""
