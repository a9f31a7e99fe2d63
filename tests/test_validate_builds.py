"""validate == build (issue 32.9 and "What to build"): over every kind of file a design can name
(image art of each format, mode and colour profile, SVG art, an output profile, a font), when
``validate`` says a design is valid, ``build`` and every ``export`` succeed; and what build
refuses, validate refused first."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

import rushmore_print
from rushmore_print.cli.commands import cli
from rushmore_print.deck.targets import EXPORTS
from rushmore_print.render.colour import converter

from .imagebytes import rgb_profile

SHIPPED_PROFILE = converter(None).icc
SHIPPED_FONT = Path(rushmore_print.__file__).parent / "data" / "fonts" / "DejaVuSansCondensed.ttf"


def _image(mode: str, fmt: str, colour, **save) -> bytes:
    out = io.BytesIO()
    image = Image.new(mode, (120, 160), colour)
    if mode in ("RGB", "RGBA", "L"):
        image.paste({"RGB": (250, 250, 240), "RGBA": (0, 0, 0, 0), "L": 250}[mode], (0, 0, 50, 160))  # a facing
    image.save(out, fmt, **save)
    return out.getvalue()


def _animated() -> bytes:
    out = io.BytesIO()
    frames = [Image.new("RGB", (120, 160), colour) for colour in ("red", "blue")]
    frames[0].save(out, "PNG", save_all=True, append_images=frames[1:])
    return out.getvalue()


SVG_HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 40">{style}'
            '<path d="M 2 2 L 28 8 L 20 38 L 4 30 Z" fill="{fill}"/></svg>')  # fmt: skip
# Each kind of head art: (file name, its bytes); None is a drawn look.
ARTS = {
    "a look": None,
    "PNG RGB": ("head.png", _image("RGB", "PNG", (120, 40, 30))),
    "PNG RGBA ProPhoto": ("head.png", _image("RGBA", "PNG", (120, 40, 30, 255), icc_profile=rgb_profile())),
    "PNG grey": ("head.png", _image("L", "PNG", 60)),
    "PNG with a CMYK profile": ("head.png", _image("RGB", "PNG", (120, 40, 30), icc_profile=SHIPPED_PROFILE)),
    "PNG with a damaged profile": ("head.png", _image("RGB", "PNG", (120, 40, 30), icc_profile=bytes(400))),
    "PNG animated": ("head.png", _animated()),
    "PNG transparent": ("head.png", _image("RGBA", "PNG", (0, 0, 0, 0))),
    "JPEG RGB": ("head.jpg", _image("RGB", "JPEG", (120, 40, 30))),
    "JPEG CMYK with its profile": ("head.jpg", _image("CMYK", "JPEG", (30, 200, 160, 40), icc_profile=SHIPPED_PROFILE)),
    "WebP ProPhoto": ("head.webp", _image("RGB", "WEBP", (120, 40, 30), icc_profile=rgb_profile(), lossless=True)),
    "SVG": ("head.svg", SVG_HEAD.format(style="", fill="#803020").encode()),
    "SVG with a url() fill in its style sheet": (
        "head.svg", SVG_HEAD.format(style="<style>svg { fill: url(#g) }</style>", fill="#803020").encode()
        .replace(b' fill="#803020"', b"")),
}  # fmt: skip
_TABLES = 132 + 12 * int.from_bytes(SHIPPED_PROFILE[128:132], "big")
PROFILES = {
    "no profile": None,
    "the shipped profile": SHIPPED_PROFILE,
    "a profile with hollow tables": SHIPPED_PROFILE[:_TABLES] + bytes(len(SHIPPED_PROFILE) - _TABLES),
}
FONTS = {"no font": None, "a font": SHIPPED_FONT.read_bytes()}


def _design(folder: Path, art: str, profile: str, font: str) -> Path:
    head = "{name: Ada, look: bun}"
    if ARTS[art] is not None:
        name, data = ARTS[art]
        (folder / name).write_bytes(data)
        head = f"{{name: Ada, art: {name}}}"
    printing = ["card: square"]
    if PROFILES[profile] is not None:
        (folder / "shop.icc").write_bytes(PROFILES[profile])
        printing.append("profile: shop.icc")
    if FONTS[font] is not None:
        (folder / "font.ttf").write_bytes(FONTS[font])
        printing.append("font: font.ttf")
    path = folder / "design.yaml"
    path.write_text(
        f"name: Uno\nheads: [{head}]\ndirections: [left, right]\nsearch: {{seed: 3, red_counts: {{0: 2, 1: 2}}}}\n"
        f"print: {{{', '.join(printing)}}}\n",
        "utf-8",
    )
    return path


def _outputs(design: Path, out: Path) -> dict[str, list[str]]:
    """Every command that writes a design's files: build and each export (png at its least dpi)."""
    commands = {"build": ["build", str(design), "-o", str(out / "kit"), "--paper", "a4", "--layout", "duplex"]}
    for name in EXPORTS:
        commands[f"export {name}"] = ["export", name, str(design), "-o", str(out / name)]
    commands["export png"] += ["--dpi", "72"]
    return commands


@pytest.mark.slow
@pytest.mark.parametrize("art", sorted(ARTS))
def test_what_build_refuses_validate_refused_first(runner, tmp_path, art):
    design = _design(tmp_path, art, "no profile", "no font")
    checked = runner.invoke(cli, ["validate", str(design)])
    built = runner.invoke(cli, _outputs(design, tmp_path)["build"])
    assert checked.exit_code in (0, 1) and built.exit_code in (0, 1), (checked.output, built.output)
    assert checked.exit_code == built.exit_code, (art, checked.output, built.output)
    if built.exit_code == 1:
        assert any(name in built.stderr for name in ("head.", "design.yaml")), built.stderr


@pytest.mark.slow
@settings(max_examples=5, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    art=st.sampled_from(sorted(ARTS)),
    profile=st.sampled_from(sorted(PROFILES)),
    font=st.sampled_from(sorted(FONTS)),
)
def test_a_design_validate_passes_builds_and_exports_everywhere(runner, tmp_path_factory, art, profile, font):
    folder = tmp_path_factory.mktemp("design")
    design = _design(folder, art, profile, font)
    checked = runner.invoke(cli, ["validate", str(design)])
    assert checked.exit_code in (0, 1), checked.output
    for label, command in _outputs(design, folder / "out").items():
        result = runner.invoke(cli, command)
        wanted = (0,) if checked.exit_code == 0 else (0, 1)  # a refusal of validate's may not concern an export
        assert result.exit_code in wanted, (art, profile, font, label, result.output)
    shutil.rmtree(folder, ignore_errors=True)
