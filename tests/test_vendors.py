"""Vendor profiles as data: the shipped targets' numbers read from the package's YAML files, and a
print shop's profile a designer writes (the example in docs/guide/exports.md) checked like the
design, with located errors, and exported to: the files' names, pixels, dpi and bleed read back."""

from __future__ import annotations

import textwrap

import pytest
from PIL import Image, ImageChops, ImageStat

from rushmore_print.cli.commands import cli
from rushmore_print.deck.targets import EXPORTS
from rushmore_print.design.vendors import FileKind, parse_vendor_profile, read_vendor_profile, shipped_vendor_profile
from rushmore_print.errors import SpecError

from .conftest import ROOT
from .docpages import first_block, page, section

DESIGN = """
name: Shop Test
heads: [Ada, Bo, Cy]
directions: [left, right]
search: {seed: 3, red_counts: {0: 4, 1: 4}}
print: {card: 59x91mm, bleed: 0}
"""


def _example_profile() -> str:
    """The print shop's profile the docs give as the example (the first YAML block of its section)."""
    return first_block(section(page("guide/exports.md"), "## A print shop's profile"), "yaml")


def test_the_shipped_targets_numbers_are_their_profiles():
    """Each vendor target works to its profile in the package (the numbers each vendor publishes)."""
    tgc, mpc, dtc, tts = (EXPORTS[name].vendor() for name in ("tgc", "mpc", "dtc", "tts"))
    assert (tgc.files, tgc.dpi, tgc.bleed_mm, tgc.size_for(63.5, 88.9), tgc.size_for(70, 120)) == (
        FileKind.IMAGES, 300, 3.175, (825, 1125), (900, 1500),
    )  # fmt: skip
    assert (mpc.bleed_mm, mpc.size_for(63.5, 88.9), mpc.order.brackets[-1], mpc.order.stock) == (
        0.12 * 25.4, (816, 1110), 612, "(S30) Standard Smooth",
    )  # fmt: skip
    assert (dtc.files, dtc.bleed_mm, dtc.naming) == (FileKind.PDF, 3.175, "{slug}_{deck}_dtc.pdf")
    assert (tts.files, tts.sheet.columns, tts.sheet.rows, tts.sheet.pixels, tts.sheet.dpi) == (
        FileKind.SHEETS,
        10,
        7,
        4096,
        300,
    )
    assert EXPORTS["png"].vendor() is None and EXPORTS["svg"].vendor() is None


def _bleed_px(image: Image.Image, trim: Image.Image) -> int:
    """Where the card as cut lies in ``image``: the inset whose crop matches ``trim`` best."""
    width, height = trim.size

    def mismatch(inset: int) -> float:
        crop = image.crop((inset, inset, inset + width, inset + height))
        return sum(ImageStat.Stat(ImageChops.difference(crop, trim)).mean)

    return min(range(0, min(image.width - width, image.height - height) + 1), key=mismatch)


@pytest.mark.slow  # two exports at 300 dpi; the default run exports a shop's profile at 100 dpi
def test_a_print_shops_profile_written_as_yaml_exports_its_files(runner, tmp_path):
    """The docs' example (MeinSpiel, 59 x 91 mm playing cards) beside a design: ``rushmore export
    shop.yaml design.yaml`` writes a JPEG per face and a back per deck, named by its template, at
    the shop's 768 x 1146 px and 300 dpi, the card as cut 3 mm inside each edge."""
    (tmp_path / "meinspiel.yaml").write_text(_example_profile(), "utf-8")
    (tmp_path / "design.yaml").write_text(textwrap.dedent(DESIGN), "utf-8")
    out = tmp_path / "out"
    result = runner.invoke(
        cli, ["export", str(tmp_path / "meinspiel.yaml"), str(tmp_path / "design.yaml"), "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    names = sorted(path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file())
    assert names[:2] == ["shop-test/monuments-M01.jpg", "shop-test/monuments-M02.jpg"]
    assert "shop-test/monuments-back.jpg" in names and "shop-test/search-back.jpg" in names
    assert len(names) == 8 + 8 + 2  # 2^3 Monuments, 8 Search cards, a back each
    # The same cards as cut: the shop's numbers but no bleed (and no exact size: the card at 300 dpi).
    shop = parse_vendor_profile(_example_profile(), "meinspiel.yaml")
    (tmp_path / "as-cut.yaml").write_text(f"name: As cut\ndpi: {shop.dpi}\nbleed: 0\nsafe: {shop.safe_mm}mm\n")
    as_cut_export = [
        "export",
        str(tmp_path / "as-cut.yaml"),
        str(tmp_path / "design.yaml"),
        "-o",
        str(tmp_path / "cut"),
    ]
    assert runner.invoke(cli, as_cut_export).exit_code == 0
    for name, card in (("monuments-M01.jpg", "monuments/M01.png"), ("search-S02.jpg", "search/S02.png")):
        with Image.open(out / "shop-test" / name) as image, Image.open(tmp_path / "cut" / card) as as_cut:
            assert (image.format, image.mode, image.size) == ("JPEG", "RGB", (768, 1146))
            assert image.info["dpi"] == pytest.approx((300, 300))
            assert as_cut.size == (697, 1075)  # MeinSpiel's own count for the card as cut
            assert _bleed_px(image.convert("RGB"), as_cut.convert("RGB")) * 25.4 / 300 == pytest.approx(3.0, abs=0.1)


def test_the_profile_is_read_beside_the_design_and_its_name_is_the_default_folder(runner, tmp_path, monkeypatch):
    (tmp_path / "shop.yaml").write_text("name: Corner Shop\ndpi: 100\nbleed: 0.125in\nnaming: '{deck}-{card}.png'\n")
    (tmp_path / "design.yaml").write_text(textwrap.dedent(DESIGN), "utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli, ["export", "shop.yaml", "design.yaml"])
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "output" / "shop" / "search-back.png") as image:
        # 59 x 91 mm and 1/8 in of bleed at 100 dpi: 2.573 x 3.833 in
        assert image.size == (round((59 + 6.35) / 25.4 * 100), round((91 + 6.35) / 25.4 * 100))
    refused = runner.invoke(cli, ["export", "shop.yaml", "design.yaml", "--dpi", "150"])
    assert refused.exit_code == 2 and "--dpi is the print shop's, set in its profile shop.yaml" in refused.output
    unknown = runner.invoke(cli, ["export", "tcg", "design.yaml"])
    assert unknown.exit_code == 2 and "did you mean 'tgc'?" in unknown.output and ".yaml file" in unknown.output


# Each mistake: the profile (its line 3 is the one at fault), the key, and what the message says is allowed.
GOOD = "name: A Shop\nfiles: images\n{}\ndpi: 300\nbleed: 3mm\n"
BAD = {
    "dpi out of range": ("dpi: 30", "dpi", "30 is out of range; allowed: from 72 to 1200"),
    "a key misspelt": ("bleeed: 3mm", "bleeed", "unknown key; allowed keys for files: images: name, source"),
    "a key of another kind": (
        "sheet: {columns: 2}",
        "sheet",
        "applies to files: sheets only; allowed keys for files: images",
    ),
    "a naming without the card": ("naming: '{deck}.png'", "naming", "needs {card}, or two files would get one name"),
    "a naming outside the folder": ("naming: '../{deck}/{card}.png'", "naming", "inside the export's folder"),
    "a naming with an unknown field": ("naming: '{deck}/{id}.png'", "naming", "may hold {deck} (monuments or search)"),
    "a naming of another format": ("naming: '{deck}/{card}.tif'", "naming", "ends in .png, .jpg or .jpeg"),
    "too large a safe area": ("safe: 1in", "safe", "25.4mm leaves too little card inside; allowed: 0 to 10mm"),
    "a size that is not a card": ("sizes: {huge: [10, 10]}", "sizes.huge", "unknown card size 'huge'"),
    "pixels that are not a pair": ("sizes: {poker: 825}", "sizes.poker", "expected [width, height] in pixels"),
    "portrait not a boolean": ("portrait: maybe", "portrait", "expected true or false, got 'maybe'"),
}


@pytest.mark.parametrize("label", sorted(BAD))
def test_a_mistake_in_a_profile_is_located_with_what_is_allowed(runner, tmp_path, label):
    """Checked like the design itself: the file, the line, the key and what is allowed, at
    ``rushmore export`` (exit 1, nothing written)."""
    line_text, key, said = BAD[label]
    profile = tmp_path / "shop.yaml"
    text = GOOD.format(line_text)
    profile.write_text(text.replace("dpi: 300\n", "") if key == "dpi" else text)
    (tmp_path / "design.yaml").write_text(textwrap.dedent(DESIGN), "utf-8")
    result = runner.invoke(cli, ["export", str(profile), str(tmp_path / "design.yaml"), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert f"{profile}:3: {key}: " in result.output, result.output
    assert said in result.output, result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def test_an_unknown_kind_of_files_is_located_with_the_kinds_allowed():
    with pytest.raises(SpecError) as raised:
        parse_vendor_profile("name: A Shop\nfiles: stickers\n", "shop.yaml")
    assert str(raised.value).endswith("shop.yaml:2: files: 'stickers' is not allowed; use one of: images, pdf, sheets")


def test_every_problem_of_a_profile_is_said_at_once():
    with pytest.raises(SpecError) as raised:
        parse_vendor_profile("name: ''\nfiles: pdf\nbleed: -1\nnaming: '{card}.pdf'\nportrait: 1\n", "p.yaml")
    keys = [problem.key for problem in raised.value.problems]
    assert keys == ["name", "naming", "bleed", "portrait"], raised.value.problems


def test_a_profile_file_goes_through_the_one_reader(tmp_path):
    """Bounded and located like every file from outside: a folder, or one too large, is refused."""
    with pytest.raises(SpecError, match=r"shop\.yaml"):
        read_vendor_profile(tmp_path / "shop.yaml")
    big = tmp_path / "big.yaml"
    big.write_text("# " + "x" * 2_000_000)
    with pytest.raises(SpecError, match=r"big\.yaml"):
        read_vendor_profile(big)


def test_every_shipped_profile_is_read_by_the_designers_reader():
    """The package's profiles are no special case: each is a file a designer could write."""
    for name in ("tgc", "mpc", "dtc", "tts"):
        text = (ROOT / "rushmore_print" / "data" / "vendors" / f"{name}.yaml").read_text("utf-8")
        assert parse_vendor_profile(text, f"<shipped {name}.yaml>") == shipped_vendor_profile(name)


def test_a_pdf_profile_of_a_shop_writes_a_cmyk_pdf_per_deck_with_its_bleed(tmp_path):
    from pypdf import PdfReader

    from rushmore_print.design import parse_design
    from rushmore_print.writers.export import export_vendor

    design = parse_design(textwrap.dedent(DESIGN), "design.yaml", None)
    shop = parse_vendor_profile("name: Press\nfiles: pdf\nbleed: 2mm\nnaming: 'press-{deck}.pdf'\n", "press.yaml")
    written = export_vendor(design, tmp_path, shop)
    assert [w.path.name for w in written] == ["press-monuments.pdf", "press-search.pdf"]
    page = PdfReader(written[0].path).pages[0]
    mm = [float(v) * 25.4 / 72 for v in page.mediabox]
    assert mm[2] - mm[0] == pytest.approx(59 + 4, abs=0.01) and mm[3] - mm[1] == pytest.approx(91 + 4, abs=0.01)
    assert "Press" in PdfReader(written[0].path).metadata.title


def test_a_profiles_safe_area_holds_every_text_and_symbol_of_the_fronts():
    """A shop asking for a wider safe area than the layout's 1/8 in (MeinSpiel: 4 mm; here 6 mm)
    gets it: every name, id and footer symbol of every front lies inside it."""
    from rushmore_print.design import parse_design
    from rushmore_print.layout.cards import symbols
    from rushmore_print.layout.items import Group, Text, Use, item_bounds
    from rushmore_print.writers.build import checked_deck
    from rushmore_print.writers.export import DeckFaces, _vendor_frame

    design = parse_design(textwrap.dedent(DESIGN), "design.yaml", None)
    table = symbols(design)
    for safe in (3.175, 6.0):
        shop = parse_vendor_profile(f"name: Wide\ndpi: 300\nbleed: 3mm\nsafe: {safe}mm\n", "wide.yaml")
        frame = _vendor_frame(design, shop, shop.bleed_mm)
        inside = frame.trim.grow(-safe + 0.01)
        checked = 0
        for front, _ in DeckFaces(design, checked_deck(design), frame):
            for item in front.items:
                box = item_bounds(item, table) if isinstance(item, (Text, Use, Group)) else None
                if box is not None and box.width < frame.width_mm / 2:  # a name, an id, a symbol: not the art
                    assert inside.contains(box), (safe, front.card_id, item)
                    checked += 1
        assert checked > 16 * 3


def test_a_damaged_profile_is_a_located_error_never_a_crash():
    """The example profile with lines dropped, swapped, cut or overwritten (a fixed seed, 300
    cases): each is read or refused with located problems, never another exception."""
    import random

    draw = random.Random(36)
    lines = _example_profile().splitlines()
    junk = ["", "-", ":", "{", "[1, 2", "x: [", "'", "~", "0x", "1e999", "!!binary", "&a", "*a", "? x", "\t", "é"]
    refused = 0
    for _ in range(300):
        mutated = list(lines)
        for _ in range(draw.randint(1, 3)):
            at = draw.randrange(len(mutated))
            choice = draw.randrange(4)
            if choice == 0:
                del mutated[at]
            elif choice == 1:
                mutated[at] = mutated[at][: draw.randrange(len(mutated[at]) + 1)]
            elif choice == 2:
                mutated.insert(at, draw.choice(lines))
            else:
                cut = draw.randrange(len(mutated[at]) + 1)
                mutated[at] = mutated[at][:cut] + draw.choice(junk) + mutated[at][cut:]
            if not mutated:
                mutated = [""]
        try:
            parse_vendor_profile("\n".join(mutated), "shop.yaml")
        except SpecError as exc:
            assert all(problem.file == "shop.yaml" and problem.message for problem in exc.problems)
            refused += 1
    assert refused > 100  # the damage is real: most cases are refused
