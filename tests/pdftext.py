"""The text of a PDF's pages, for tests that read what a page says."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from pypdf import PdfReader


def page_texts(path: Path) -> list[str]:
    """The text of each page, runs of white space folded to one space. pdftotext when poppler
    is there: pypdf re-parses every head drawing's form at each use, a second or more a sheet PDF."""
    if shutil.which("pdftotext"):
        raw = subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, text=True, check=True).stdout
        pages = raw.split("\f")[:-1]  # each page ends with a form feed
    else:
        pages = [page.extract_text() for page in PdfReader(path).pages]
    return [" ".join(page.split()) for page in pages]
