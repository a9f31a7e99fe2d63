"""CMYK through an ICC output profile: the ink limit after the conversion keeps the hue, the
transform is built once, and a designer's own profile (``print.profile``) is used, embedded, or
refused at its line with what is wrong."""

from __future__ import annotations

import io
import math
import random
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader
from pypdf.generic import StreamObject

from rushmore_print.cli.commands import cli
from rushmore_print.colors import INK_LIMIT, limit_ink
from rushmore_print.design import load_design
from rushmore_print.layout.sheets import SheetLayout
from rushmore_print.readers.icc_profile import profile_problem
from rushmore_print.render.colour import converter, limit_ink_image
from rushmore_print.writers.build import KitOptions, build_kit
from rushmore_print.writers.export import export_dtc

SHIPPED = converter(None).icc
PROFILE_LINE = 5  # the line of ``profile:`` below
DESIGN = """
name: Shop Test
heads: [{name: Ada, look: bun}, {name: Bo, look: beard}]
directions: [left, right]
print:
  profile: {profile}
search: {seed: 3, red_counts: {0: 4, 1: 2}}
"""


def _design(folder: Path, data: bytes | None, name: str = "shop.icc") -> Path:
    if data is not None:
        (folder / name).write_bytes(data)
    path = folder / "design.yaml"
    path.write_text(textwrap.dedent(DESIGN).lstrip("\n").replace("{profile}", name), "utf-8")
    return path


def _lab(cmyk: tuple[float, ...]) -> tuple[float, float, float]:
    transform = ImageCms.buildTransform(
        ImageCms.ImageCmsProfile(io.BytesIO(SHIPPED)), ImageCms.createProfile("LAB", 5000), "CMYK", "LAB"
    )
    pixel = Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk))
    lightness, a, b = ImageCms.applyTransform(pixel, transform).getpixel((0, 0))
    return lightness * 100 / 255, a - 128, b - 128


def _hue(lab: tuple[float, float, float]) -> float:
    return math.degrees(math.atan2(lab[2], lab[1]))


@pytest.mark.parametrize(
    "cmyk",
    [(0.9, 0.8, 0.7, 0.6), (1.0, 0.9, 0.2, 0.5), (0.2, 1.0, 1.0, 0.4), (1.0, 0.0, 1.0, 0.6), (0.7, 0.6, 0.9, 0.9)],
)
def test_the_ink_limit_keeps_the_hue_and_takes_only_what_is_over(cmyk):
    limited = limit_ink(cmyk)
    assert sum(limited) <= INK_LIMIT + 1e-9 and sum(limited) >= INK_LIMIT - 0.001  # cut to the limit, no further
    before, after = _lab(cmyk), _lab(limited)
    if math.hypot(before[1], before[2]) > 10:  # a colour with a hue to keep
        assert abs(_hue(before) - _hue(after)) <= 6, (before, after)
    assert abs(before[0] - after[0]) <= 8  # and about as dark


def test_colours_under_the_limit_are_left_alone_and_the_image_limit_is_the_colour_limit():
    assert limit_ink((0.3, 0.2, 0.1, 0.9)) == (0.3, 0.2, 0.1, 0.9)
    random.seed(4)
    pixels = [tuple(random.randrange(256) for _ in range(4)) for _ in range(4000)]
    image = Image.new("CMYK", (80, 50))
    image.putdata(pixels)
    data = limit_ink_image(image).tobytes()
    limited = [tuple(data[i : i + 4]) for i in range(0, len(data), 4)]
    assert max(sum(p) for p in limited) <= round(INK_LIMIT * 255)
    for before, after in zip(pixels, limited):
        scalar = [v * 255 for v in limit_ink(tuple(v / 255 for v in before))]
        assert all(abs(a - s) <= 1.01 for a, s in zip(after, scalar)), (before, after, scalar)


def test_the_transform_is_built_once_per_profile_and_each_colour_converted_once():
    assert converter(None) is converter(None)
    cmyk = converter(None)
    cmyk.color.cache_clear()
    for _ in range(1000):
        cmyk.color((0.827, 0.184, 0.184))
    info = cmyk.color.cache_info()
    assert info.misses == 1 and info.hits == 999


@pytest.mark.slow
def test_a_designers_profile_converts_the_colours_and_is_embedded_as_the_output_intent(tmp_path):
    design = load_design(_design(tmp_path, SHIPPED))
    assert design.print.profile == (tmp_path / "shop.icc").resolve()
    written = export_dtc(design, tmp_path / "dtc")
    reader = PdfReader(written[0].path)
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    assert intent["/OutputConditionIdentifier"] == "Custom"  # not a registered condition
    assert intent["/OutputCondition"] == intent["/Info"] == "SWOP TR003 Coated, 240% ink"  # its description
    assert "/RegistryName" not in intent
    assert intent["/DestOutputProfile"].get_object().get_data() == SHIPPED


def _intents(path: Path) -> list:
    reader = PdfReader(path)
    assert reader.pdf_header == "%PDF-1.4"  # output intents came with PDF 1.4
    assert "/GTS_PDFXVersion" not in reader.trailer["/Info"]  # a build claims no PDF/X conformance
    return [intent.get_object() for intent in reader.trailer["/Root"].get("/OutputIntents", [])]


def _profiles_in(path: Path) -> int:
    """How many ICC profile streams the file holds, referenced or not."""
    reader = PdfReader(path)
    found = 0
    for number in range(1, int(reader.trailer["/Size"])):
        thing = reader.get_object(number)  # None for a free entry
        if isinstance(thing, StreamObject) and thing.get("/N") == 4 and "/Subtype" not in thing:
            found += thing.get_data() == SHIPPED
    return found


@pytest.mark.slow
def test_build_cmyk_embeds_the_profile_as_the_output_intent_of_every_file(tmp_path):
    """A CMYK file for a print shop says what its numbers mean: the profile they were made for,
    embedded once a file however many pages and images it has."""
    design = load_design(_design(tmp_path, SHIPPED))
    options = KitOptions(papers=("a4",), layouts=(SheetLayout.DUPLEX,), cmyk=True)
    written = build_kit(design, tmp_path / "kit", options)
    assert len(written) == 5, written  # the sheets, one card a page, the rule sheet, the answer key, the box
    for file in written:
        (intent,) = _intents(file.path)
        assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "Custom", file.path
        assert intent["/DestOutputProfile"].get_object().get_data() == SHIPPED
        assert _profiles_in(file.path) == 1
    for file in export_dtc(design, tmp_path / "dtc"):
        assert _profiles_in(file.path) == 1


@pytest.mark.slow
def test_build_cmyk_names_the_shipped_condition_and_an_rgb_build_names_none(tmp_path, classic):
    options = KitOptions(papers=("a4",), layouts=(SheetLayout.DUPLEX,), per_card=False, rulebook=False)
    for cmyk in (True, False):
        written = build_kit(classic, tmp_path / str(cmyk), replace(options, cmyk=cmyk))
        for file in written:
            if not cmyk:
                assert "/OutputIntents" not in PdfReader(file.path).trailer["/Root"]  # RGB: no press condition
                continue
            (intent,) = _intents(file.path)
            assert intent["/OutputConditionIdentifier"] == "CGATS TR 003"
            assert intent["/DestOutputProfile"].get_object().get_data() == SHIPPED


def _tag_renamed(data: bytes, old: bytes, new: bytes) -> bytes:
    table = data[128 : 132 + 12 * int.from_bytes(data[128:132], "big")]
    return data[:128] + table.replace(old, new) + data[len(table) + 128 :]


def _rgb_profile() -> bytes:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


BAD_PROFILES = {
    "not a profile": (b"%PDF-1.4 not an ICC profile at all" * 8, "is not an ICC profile (272 bytes"),
    "cut short": (SHIPPED[: len(SHIPPED) // 2], f"is cut short or damaged: its header says {len(SHIPPED):,} bytes"),
    "an RGB display profile": (_rgb_profile(), "is a display profile of RGB colours; print needs a CMYK output"),
    "version 4": (SHIPPED[:8] + b"\x04" + SHIPPED[9:], "is an ICC version 4 profile; PDF/X-1a:2003 (PDF 1.4)"),
    "no B2A table": (
        _tag_renamed(_tag_renamed(SHIPPED, b"B2A0", b"xxx0"), b"B2A1", b"xxx1"),
        "has no 'B2A0' or 'B2A1' tag",
    ),
    "a tag past the end": (
        SHIPPED[:132] + b"A2B0\x7f\xff\xff\xff\x00\x00\x00\x10" + SHIPPED[144:],
        "lies past the end",
    ),
}


def test_every_bad_profile_is_named_by_the_header_reader():
    for label, (data, says) in BAD_PROFILES.items():
        assert says in profile_problem(data), label
    assert profile_problem(SHIPPED) == ""


@pytest.mark.parametrize("label", sorted(BAD_PROFILES))
def test_a_bad_profile_is_a_located_error_at_validate_and_export_writes_nothing(runner, tmp_path, label):
    data, says = BAD_PROFILES[label]
    design = _design(tmp_path, data)
    located = f"error: {design}:{PROFILE_LINE}: print.profile: 'shop.icc' "
    checked = runner.invoke(cli, ["validate", str(design)])
    assert checked.exit_code == 1 and located in checked.stderr and says in checked.stderr, checked.stderr
    out = tmp_path / "out"
    exported = runner.invoke(cli, ["export", "dtc", str(design), "-o", str(out)])
    assert exported.exit_code == 1 and located in exported.stderr, (exported.output, exported.exception)
    assert not out.exists() or not any(out.iterdir())


def test_a_profile_outside_the_folder_or_missing_is_refused_at_its_line(runner, tmp_path):
    (tmp_path / "shop.icc").write_bytes(SHIPPED)
    inner = tmp_path / "design"
    inner.mkdir()
    for name, says in (("../shop.icc", "leads outside the design's folder"), ("gone.icc", "no ICC profile file at")):
        design = _design(inner, None, name)
        checked = runner.invoke(cli, ["validate", str(design)])
        assert checked.exit_code == 1 and f":{PROFILE_LINE}: print.profile: " in checked.stderr, checked.stderr
        assert says in checked.stderr


def test_a_profile_whose_tables_littlecms_cannot_read_stops_the_build_with_a_sentence(runner, tmp_path):
    """Issue 32.9: validate passed such a profile (its header and tag table are right), and build
    and export refused it: validate now builds the same colour transform."""
    count = int.from_bytes(SHIPPED[128:132], "big")
    start = 132 + 12 * count
    hollow = SHIPPED[:start] + bytes(len(SHIPPED) - start)  # the header and tag table whole, the tables zero
    design = _design(tmp_path, hollow)
    assert profile_problem(hollow) == ""  # the header reader cannot see it
    out = tmp_path / "out"
    for command in (
        ["validate", str(design)],
        ["export", "dtc", str(design), "-o", str(out)],
        ["build", str(design), "-o", str(out), "--cmyk"],
    ):
        result = runner.invoke(cli, command)
        assert result.exit_code == 1, (result.output, result.exception)
        assert "print.profile: 'shop.icc': LittleCMS cannot convert sRGB to CMYK" in result.stderr, result.stderr
        assert not out.exists() or not any(out.iterdir())


def _with_own_perceptual_table(icc: bytes) -> bytes:
    """``icc`` with a perceptual table (``B2A0``) of its own: the relative colorimetric one
    (``B2A1``; the shipped profile names one table for all three intents) with every grid point's
    ink halved, so a conversion through it prints visibly lighter."""
    count = int.from_bytes(icc[128:132], "big")
    entries = {icc[132 + 12 * i : 136 + 12 * i]: 132 + 12 * i for i in range(count)}
    offset, length = (int.from_bytes(icc[entries[b"B2A1"] + k : entries[b"B2A1"] + k + 4], "big") for k in (4, 8))
    table = bytearray(icc[offset : offset + length])
    assert table[:4] == b"mft2"
    inputs, outputs, points = table[8], table[9], table[10]
    in_entries, out_entries = int.from_bytes(table[48:50], "big"), int.from_bytes(table[50:52], "big")
    grid = 52 + 2 * inputs * in_entries
    for at in range(grid, grid + 2 * outputs * points**inputs, 2):
        table[at : at + 2] = (int.from_bytes(table[at : at + 2], "big") // 2).to_bytes(2, "big")
    assert len(table) == grid + 2 * outputs * points**inputs + 2 * outputs * out_entries
    padded = icc + bytes(-len(icc) % 4)
    profile = bytearray(padded + table)
    at = entries[b"B2A0"]
    profile[at + 4 : at + 12] = len(padded).to_bytes(4, "big") + len(table).to_bytes(4, "big")
    profile[0:4] = len(profile).to_bytes(4, "big")
    profile[84:100] = bytes(16)  # no profile ID: the bytes changed
    return bytes(profile)


def test_colours_convert_relative_colorimetric_even_where_the_profile_has_its_own_perceptual_table(tmp_path):
    """The intent is relative colorimetric: a designer's profile whose perceptual table differs
    (here, half the ink) converts every colour as through its colorimetric table alone, which is
    the shipped profile's; LittleCMS asked for the perceptual intent would print it lighter."""
    crafted = _with_own_perceptual_table(SHIPPED)
    assert profile_problem(crafted) == ""  # a profile the header reader accepts
    path = tmp_path / "perceptual.icc"
    path.write_bytes(crafted)
    colours = [(0.83, 0.18, 0.18), (0.2, 0.4, 0.8), (0.5, 0.5, 0.5), (0.95, 0.85, 0.6), (0.1, 0.6, 0.3)]
    assert [converter(path).color(rgb) for rgb in colours] == [converter(None).color(rgb) for rgb in colours]
    perceptual = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(crafted)), "RGB", "CMYK",
        ImageCms.Intent.PERCEPTUAL,
    )  # fmt: skip
    for rgb in colours:
        pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in rgb))
        lighter = ImageCms.applyTransform(pixel, perceptual).getpixel((0, 0))
        assert sum(lighter) / 255 < 0.7 * sum(converter(None).color(rgb)), rgb  # the table is its own
