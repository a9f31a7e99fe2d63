"""Preflight of the DriveThruCards PDFs against PDF/X-1a:2003 (ISO 15930-4): every requirement
that can be checked from the file itself, on the classic design and on a design whose heads
are raster and SVG art; and the colours, read back through the file's own output profile."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

from rushmore_print.colors import INK_LIMIT
from rushmore_print.design import Style, load_design
from rushmore_print.readers.icc_profile import profile_problem
from rushmore_print.render.colour import converter
from rushmore_print.writers.export import export_dtc

pytestmark = pytest.mark.slow  # the four DriveThruCards PDFs are exported once, for every test here

NS = 'xmlns="http://www.w3.org/2000/svg"'
ART_DESIGN = """
name: Art Test
heads: [{name: Ada, art: bust.png}, {name: Bea, art: head.svg}, Cy]
directions: [left, right]
search: {seed: 1, red_counts: {0: 4, 1: 4}}
"""


def _art_design(folder: Path) -> Path:
    art = Image.new("RGBA", (200, 360), (0, 0, 0, 0))  # transparent around a red and a black bust
    art.paste((200, 30, 30, 255), (40, 40, 160, 200))
    art.paste((0, 0, 0, 255), (60, 200, 140, 340))
    art.save(folder / "bust.png")
    (folder / "head.svg").write_text(
        f'<svg {NS} viewBox="0 0 100 100"><style>.skin {{ fill: peru; stroke: black }}</style>'
        "<path class='skin' d='M 20 10 C 60 0 90 30 80 60 L 70 95 L 20 95 Z'/>"
        "<circle cx='60' cy='40' r='6' fill='navy' opacity='0.4'/></svg>"
    )
    path = folder / "art.yaml"
    path.write_text(textwrap.dedent(ART_DESIGN).lstrip("\n"), "utf-8")
    return path


@pytest.fixture(scope="module")
def dtc_pdfs(tmp_path_factory) -> dict[str, list[Path]]:
    """The DriveThruCards PDFs of the classic design and of the art design, exported once."""
    folder = tmp_path_factory.mktemp("pdfx")
    art = load_design(_art_design(folder))
    return {
        "classic": [w.path for w in export_dtc(load_design(), folder / "classic")],
        "art": [w.path for w in export_dtc(art, folder / "art")],
    }


def _all_pdfs(dtc_pdfs) -> list[Path]:
    return [path for paths in dtc_pdfs.values() for path in paths]


def _walk(reader: PdfReader):
    """(resources, content text) of every page and every Form XObject they reach, once each;
    and every image XObject."""
    seen: set = set()
    streams, images = [], []

    def visit(resources, content: str) -> None:
        streams.append((resources, content))
        for ref in (resources.get("/XObject") or {}).values():
            key = ref.idnum if isinstance(ref, IndirectObject) else id(ref)
            if key in seen:
                continue
            seen.add(key)
            xobject = ref.get_object()
            assert xobject["/Subtype"] in ("/Image", "/Form")  # no PostScript XObject (PDF/X forbids it)
            if xobject["/Subtype"] == "/Image":
                images.append(xobject)
            else:
                visit(xobject.get("/Resources") or DictionaryObject(), xobject.get_data().decode("latin-1"))

    for page in reader.pages:
        visit(page.get("/Resources") or DictionaryObject(), page.get_contents().get_data().decode("latin-1"))
    return streams, images


_COLOUR_OPS = re.compile(r"((?:-?[\d.]+\s+){1,4})(k|K|g|G|rg|RG|sc|scn|SC|SCN)\b")


def _colours(reader: PdfReader) -> list[tuple[str, tuple[float, ...]]]:
    streams, _ = _walk(reader)
    return [
        (match.group(2), tuple(float(v) for v in match.group(1).split()))
        for _, content in streams
        for match in _COLOUR_OPS.finditer(content)
    ]


# -- the file: header, information, identifiers ------------------------------------------------


def test_header_is_pdf_1_4_at_most_and_the_information_names_pdfx_1a_2003(dtc_pdfs):
    for path in _all_pdfs(dtc_pdfs):
        raw = path.read_bytes()
        version = re.match(rb"%PDF-1\.(\d)\r?\n", raw)
        assert version and int(version.group(1)) <= 4, path.name
        reader = PdfReader(path)
        assert float(str(reader.trailer["/Root"].get("/Version", "/1.4")).lstrip("/")) <= 1.4
        info = reader.metadata
        assert info["/GTS_PDFXVersion"] == "PDF/X-1:2003"  # ISO 15930-4, 6.2.3
        assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2003"
        assert info["/Trapped"] in ("/True", "/False")  # not /Unknown
        assert info["/Title"].strip()
        for key in ("/CreationDate", "/ModDate"):
            assert re.fullmatch(r"D:\d{14}(Z|[+-]\d\d'\d\d'?)?", info[key]), (key, info[key])
        identifier = reader.trailer["/ID"]
        assert len(identifier) == 2 and all(len(getattr(part, "original_bytes", part)) == 16 for part in identifier)
        assert "/Encrypt" not in reader.trailer


def test_pdfinfo_sees_pdfx_1a_2003_and_qpdf_and_ghostscript_accept_without_a_word(dtc_pdfs):
    for path in _all_pdfs(dtc_pdfs):
        if shutil.which("pdfinfo"):
            info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
            assert re.search(r"PDF subtype:\s+PDF/X-1:2003", info), info
            assert "Part 4" in info and "(PDF/X-1a)" in info, info  # ISO 15930-4: PDF/X-1a:2003
        if shutil.which("qpdf"):
            checked = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
            assert checked.returncode == 0 and not checked.stderr, checked.stdout + checked.stderr
            assert "No syntax or stream encoding errors" in checked.stdout
        if shutil.which("gs"):
            command = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(path)]
            drawn = subprocess.run(command, capture_output=True, text=True, timeout=300)
            assert drawn.returncode == 0 and not drawn.stdout.strip() and not drawn.stderr.strip(), drawn


# -- the output intent and its profile -----------------------------------------------------------


def _profile(reader: PdfReader) -> tuple[DictionaryObject, bytes]:
    intents = [i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"]]
    (intent,) = [i for i in intents if i["/S"] == "/GTS_PDFX"]  # exactly one PDF/X intent
    stream = intent["/DestOutputProfile"].get_object()
    assert isinstance(stream, StreamObject) and stream["/N"] == 4
    return intent, stream.get_data()


def test_the_output_intent_embeds_a_cmyk_output_profile_and_names_its_condition(dtc_pdfs):
    shipped = converter(None)
    for path in _all_pdfs(dtc_pdfs):
        intent, icc = _profile(PdfReader(path))
        assert intent["/Type"] == "/OutputIntent"
        assert intent["/OutputConditionIdentifier"] == "CGATS TR 003"  # registered: SWOP grade 3
        assert intent["/RegistryName"] == "http://www.color.org" and intent["/Info"]
        assert icc == shipped.icc and profile_problem(icc) == ""  # version 2, 'prtr', CMYK
        profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        assert profile.profile.xcolor_space.strip() == "CMYK" and profile.profile.device_class == "prtr"


# -- pages ---------------------------------------------------------------------------------------


def _box(page, name: str) -> tuple[float, ...]:
    return tuple(float(v) for v in page[name])


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def test_every_page_has_a_trim_box_inside_its_bleed_box_inside_its_media_box(dtc_pdfs):
    for path in _all_pdfs(dtc_pdfs):
        for page in PdfReader(path).pages:
            assert "/TrimBox" in page and "/ArtBox" not in page  # one of the two, ISO 15930-4 6.4
            media = _box(page, "/MediaBox")
            bleed = _box(page, "/BleedBox") if "/BleedBox" in page else media
            crop = _box(page, "/CropBox") if "/CropBox" in page else media
            assert _inside(_box(page, "/TrimBox"), bleed) and _inside(bleed, media) and _inside(crop, media)
            assert _box(page, "/TrimBox") != bleed  # the 1/8 in bleed DriveThruCards asks for


# -- colour, transparency, fonts, what PDF/X-1a forbids ---------------------------------------------


def test_only_cmyk_no_transparency_every_font_embedded_nothing_pdfx_forbids(dtc_pdfs):
    for name, paths in dtc_pdfs.items():
        for path in paths:
            raw = path.read_bytes()
            reader = PdfReader(path)
            streams, images = _walk(reader)
            assert {op for op, _ in _colours(reader)} <= {"k", "K"}, path.name  # no RGB, no other space
            for resources, content in streams:
                assert not re.search(r"\b(cs|CS|BI|sh)\b", content)  # no colour space, inline image or shading
                assert "/ColorSpace" not in resources and "/Shading" not in resources and "/Pattern" not in resources
                for state in (resources.get("/ExtGState") or {}).values():
                    state = state.get_object()
                    assert state.get("/SMask", "/None") == "/None" and "/TR" not in state and "/TR2" not in state
                    assert float(state.get("/CA", 1)) == 1 and float(state.get("/ca", 1)) == 1
                    assert state.get("/BM", "/Normal") in ("/Normal", "/Compatible")
                for font in (resources.get("/Font") or {}).values():
                    font = font.get_object()
                    fonts = [d.get_object() for d in font.get("/DescendantFonts", [])] or [font]
                    for each in fonts:
                        descriptor = each["/FontDescriptor"].get_object()
                        assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor), font
            for image in images:
                assert image["/ColorSpace"] == "/DeviceCMYK" and image["/BitsPerComponent"] == 8
                assert "/SMask" not in image and "/Alternates" not in image and "/OPI" not in image
                mask = image.get("/Mask")
                assert mask is None or isinstance(mask, ArrayObject)  # a colour key, not a soft mask
            assert len(images) == (name == "art")  # the raster head: one XObject for every card
            for page in reader.pages:
                assert "/Annots" not in page and "/AA" not in page and "/Group" not in page
            for forbidden in (rb"/JavaScript", rb"/LZWDecode", rb"/JPXDecode", rb"/JBIG2Decode", rb"/EmbeddedFiles",
                              rb"/OpenAction", rb"/DeviceRGB", rb"/ICCBased", rb"/Transparency"):  # fmt: skip
                assert not re.search(forbidden, raw), (path.name, forbidden)
            if shutil.which("pdffonts"):
                listed = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
                rows = listed.stdout.splitlines()[2:]
                assert rows and all(re.search(r"\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$", row) for row in rows)


def test_total_ink_is_at_most_240_percent_in_every_colour_and_every_pixel(dtc_pdfs):
    for path in _all_pdfs(dtc_pdfs):
        reader = PdfReader(path)
        assert max(sum(values) for _, values in _colours(reader)) <= INK_LIMIT + 1e-9, path.name
        _, images = _walk(reader)
        for image in images:
            data = image.get_data()
            key = [int(v) for v in image.get("/Mask", [])][::2]
            pixels = [data[i : i + 4] for i in range(0, len(data), 4)]
            inks = [sum(pixel) for pixel in pixels if list(pixel) != key]
            assert inks and max(inks) <= round(INK_LIMIT * 255), path.name


# -- the colours, read back through the file's own profile ---------------------------------------------


def _lab(image: Image.Image, transform) -> tuple[float, float, float]:
    lightness, a, b = ImageCms.applyTransform(image, transform).getpixel((0, 0))
    return lightness * 100 / 255, a - 128, b - 128  # Pillow's 8-bit Lab: a and b offset by 128


def delta_e76(one, other) -> float:
    return sum((x - y) ** 2 for x, y in zip(one, other)) ** 0.5


def style_colour_errors(pdfs: list[Path]) -> dict[str, tuple[tuple[float, ...], float]]:
    """Each classic style colour: the CMYK the export wrote for it (in one of ``pdfs``) and its
    ΔE76 from its sRGB value, as the PDFs' own output-intent profile reads that CMYK."""
    readers = [PdfReader(pdf) for pdf in pdfs]
    (icc,) = {_profile(reader)[1] for reader in readers}
    printed = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    lab = ImageCms.createProfile("LAB", 5000)  # D50, the profile connection space's white
    relative = ImageCms.Intent.RELATIVE_COLORIMETRIC
    back = ImageCms.buildTransform(printed, lab, "CMYK", "LAB", relative)
    screen = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB", "LAB", relative)
    written = {values for reader in readers for _, values in _colours(reader)}
    errors = {}
    for key, rgb in vars(Style()).items():
        cmyk = converter(None).color(rgb)
        assert cmyk in written, (key, cmyk)  # what the export wrote for this colour
        expected = _lab(Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb)), screen)
        ink = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk))
        errors[key] = (cmyk, delta_e76(_lab(ink, back), expected))
    return errors


def test_every_classic_style_colour_prints_within_6_delta_e_of_its_srgb_value(dtc_pdfs):
    """Each is held to its own sRGB value: all lie inside the SWOP gamut (the hair, a dark brown
    at L* 20, lands 2.2 off). The formula the export used before landed 4 to 19 ΔE76 off."""
    errors = style_colour_errors(dtc_pdfs["classic"])
    assert set(errors) == {"sky", "stone", "skin", "hair", "paper", "red", "ink"}
    assert max(error for _, error in errors.values()) <= 6.0, errors
    assert max(error for _, error in errors.values()) <= 3.0, errors  # today's figure, with room for 8-bit Lab
