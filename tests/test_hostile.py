"""What a hostile or careless user found past the fuzzers: each input here once crashed (exit 70),
lost a file or printed wrong without a word. Each test fails on the code before its fix."""

import errno
import hashlib
import os

import pytest

from rushmore_print.cli.commands import cli
from rushmore_print.design import MAX_PLAYERS, MOST_SEARCH_CARDS, parse_design
from rushmore_print.errors import ClaimError, SpecError
from rushmore_print.game.referee import Game
from rushmore_print.language.i18n import catalogue

from .conftest import EXAMPLES, MINIMAL
from .fuzzing import every_key_wrong

HUGE = 10**30  # past the 28 digits Python's decimals keep: babel could not format it


@pytest.mark.parametrize(
    "rules, key",
    [
        ("{deck_size: %d}", "rules.deck_size"),
        ("{points_to_win: %d}", "rules.points_to_win"),
        ("{players_before_extra: %d}", "rules.players_before_extra"),
        ("{extra_cards_per_player: %d}", "rules.extra_cards_per_player"),
        ("{long_game: {extra_cards_per_player: %d}}", "rules.long_game.extra_cards_per_player"),
        ("{long_game: {points_to_win: %d}}", "rules.long_game.points_to_win"),
    ],
)
def test_a_huge_rule_number_is_refused_with_its_range_not_a_crash(runner, write_design, rules, key):
    path = write_design(MINIMAL + "rules: " + rules % HUGE + "\n")
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:7: {key}: {HUGE} is out of range; allowed: from " in result.stderr
    assert "internal error" not in result.output


def test_the_largest_rule_numbers_allowed_still_validate(runner, write_design):
    path = write_design(MINIMAL + f"rules: {{deck_size: {MOST_SEARCH_CARDS}, players_before_extra: {MAX_PLAYERS}}}\n")
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("language", ["en", "de", "fr", "pl", "pt"])
def test_any_whole_number_can_be_said_in_every_language(language):
    said = catalogue(language).integer(HUGE)
    assert "".join(ch for ch in said if ch.isdigit()) == str(HUGE)


def test_more_players_than_a_game_log_holds_are_refused_at_the_start(classic, classic_deck):
    """A game of 65 players used to start, and then its own log could not be resumed."""
    names = [f"p{n}" for n in range(MAX_PLAYERS + 1)]
    with pytest.raises(ClaimError, match=f"{MAX_PLAYERS + 1} players; a game has at most {MAX_PLAYERS}"):
        Game.new(classic_deck, classic.rules, classic.grid, names)
    assert len(Game.new(classic_deck, classic.rules, classic.grid, names[:-1]).players) == MAX_PLAYERS


def test_a_game_with_the_most_players_resumes_from_its_log(runner, tmp_path):
    log = tmp_path / "g.jsonl"
    players = ",".join(f"p{n}" for n in range(MAX_PLAYERS))
    first = runner.invoke(cli, ["play", "--players", players, "--seed", "3", "--log", str(log)], input="p1 a1\nquit\n")
    assert first.exit_code == 0, first.output
    resumed = runner.invoke(cli, ["play", "--resume", str(log)], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    too_many = runner.invoke(cli, ["play", "--players", players + ",extra", "--log", str(tmp_path / "h.jsonl")])
    assert too_many.exit_code == 1 and f"a game has at most {MAX_PLAYERS}" in too_many.stderr
    assert not (tmp_path / "h.jsonl").exists()


@pytest.mark.slow
def test_every_key_with_every_wrong_kind_of_value_is_a_located_problem_or_a_design():
    """All of ``fuzzing.every_key_wrong`` (246 designs, a third of a second): test_fuzz samples
    them through the command; here each one is read, so a key whose check trips over a value
    of the wrong type (a direction letter of 7 once did, exit 70) fails at once."""
    for case in every_key_wrong():
        try:
            parse_design(case.design.decode(), "design.yaml", None)
        except SpecError as error:
            assert all(problem.file == "design.yaml" and problem.key for problem in error.problems), case.label


# ------------------------------------------------------------------------------ exports


JUNIOR = str(EXAMPLES / "junior.yaml")  # 8 Monuments and 23 Search cards: fewer than the classic's


def _files(folder):
    found = {p.relative_to(folder).as_posix(): p for p in folder.rglob("*")}
    return {name: hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "folder" for name, p in found.items()}


def _fail_on_write(monkeypatch, number: int, failure: BaseException) -> None:
    """The ``number``-th file an export finishes fails with ``failure`` (a full disk, Ctrl-C)."""
    import rushmore_print.writers.files

    finish, seen = rushmore_print.writers.files.finish_file, []

    def failing(handle):
        seen.append(handle)
        if len(seen) == number:
            raise failure
        finish(handle)

    monkeypatch.setattr("rushmore_print.writers.files.finish_file", failing)


@pytest.mark.slow
@pytest.mark.parametrize("target", ["png", "tgc"])
@pytest.mark.parametrize(
    "failure, code",
    [(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), 1), (KeyboardInterrupt(), 130)],
    ids=["full disk", "Ctrl-C"],
)
def test_an_export_that_fails_half_way_leaves_the_previous_export_whole(
    runner, tmp_path, write_design, monkeypatch, target, failure, code
):
    """It used to leave the first files of the new export beside the rest of the old one."""
    dpi = ["--dpi", "72"] if target == "png" else []  # tgc draws at 300 dpi: small decks
    smaller, larger = (JUNIOR, None) if target == "png" else (_tiny(write_design, 2), _tiny(write_design, 3))
    first = runner.invoke(cli, ["export", target, smaller, "-o", str(tmp_path / "out"), *dpi])
    assert first.exit_code == 0, first.output
    before = _files(tmp_path / "out")
    _fail_on_write(monkeypatch, 6, failure)
    again = runner.invoke(cli, ["export", target, *[larger] * bool(larger), "-o", str(tmp_path / "out"), *dpi])
    assert again.exit_code == code, again.output
    assert _files(tmp_path / "out") == before  # not one file changed, and no staging folder left


@pytest.mark.slow
def test_an_export_of_a_smaller_deck_leaves_none_of_the_larger_decks_cards(runner, tmp_path):
    """``impose FOLDER`` after exporting a smaller deck into the folder of a larger one used to
    print the larger deck's left-over cards with the new deck, without a word."""
    png = tmp_path / "png"
    assert runner.invoke(cli, ["export", "png", "--dpi", "72", "-o", str(png)]).exit_code == 0
    (png / "notes.txt").write_text("mine")
    (png / "photo7.png").write_bytes(b"mine too")
    assert runner.invoke(cli, ["export", "png", JUNIOR, "--dpi", "72", "-o", str(png)]).exit_code == 0
    cards = sorted(p.name for p in png.glob("[MS]*.png"))
    assert cards == [f"M{n:02d}.png" for n in range(1, 9)] + [f"S{n:02d}.png" for n in range(1, 24)]
    assert (png / "notes.txt").read_text() == "mine" and (png / "photo7.png").exists()
    (png / "photo7.png").unlink()
    imposed = runner.invoke(cli, ["impose", str(png), "-o", str(tmp_path / "kit"), "--paper", "a4"])
    assert imposed.exit_code == 0, imposed.output
    assert "31 cards imposed" in imposed.output + imposed.stderr


@pytest.mark.slow
def test_an_export_of_a_smaller_deck_leaves_no_extra_card_in_a_decks_folder(runner, tmp_path, write_design):
    tgc = tmp_path / "tgc"
    assert runner.invoke(cli, ["export", "tgc", _tiny(write_design, 3), "-o", str(tgc)]).exit_code == 0
    assert runner.invoke(cli, ["export", "tgc", _tiny(write_design, 2), "-o", str(tgc)]).exit_code == 0
    assert len(list((tgc / "monuments").glob("M*.png"))) == 4 and len(list((tgc / "search").glob("S*.png"))) == 4
    assert (tgc / "monuments" / "back.png").exists()


def _tiny(write_design, heads: int) -> str:
    """A design of ``heads`` heads and as many Search cards as Monuments (2 heads: 4 and 4)."""
    names = ", ".join("ABC"[:heads])
    text = f"name: Tiny\nheads: [{names}]\nsearch: {{seed: 1, red_counts: {{0: {2**heads}}}}}\n"
    return str(write_design(text, f"tiny{heads}.yaml"))


# ------------------------------------------------------------------------------ art that draws nothing


ART_DESIGN = MINIMAL.replace("[A, B, C, D]", "[{name: A, art: %s}, B, C, D]")
SHAPE = '<rect x="10" y="10" width="80" height="160" fill="#420"/>'


def _svg(body: str, root: str = 'viewBox="0 0 100 180"') -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" {root}>{body}</svg>'


@pytest.mark.parametrize(
    "svg, said",
    [
        (_svg(f'<g transform="scale(0)">{SHAPE}</g>'), "its shapes cover no area of the drawing"),
        (_svg('<rect x="200" y="300" width="80" height="160"/>'), "its shapes cover no area of the drawing"),
        (_svg('<svg viewBox="0 0 1 1" width="50" height="50">' + SHAPE + "</svg>"), "cover no area"),
        (_svg('<rect x="10" y="10" width="2" height="3"/>'), "cover only 2 % of the drawing's width and 2 % of"),
        (_svg(SHAPE, 'width="100%" height="100%"'), "width and height are percentages and it has no viewBox"),
    ],
    ids=["scale(0)", "outside the viewBox", "nested svg outside", "a speck", "percentages"],
)
def test_svg_art_that_would_print_as_nothing_is_refused(runner, write_design, svg, said):
    """Each of these passed validate and built a deck whose first head was an empty niche."""
    path = write_design(ART_DESIGN % "h.svg")
    (path.parent / "h.svg").write_text(svg)
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"error: {path}:2: heads.1.art: 'h.svg': ") and said in result.stderr


def test_svg_art_that_fills_part_of_its_page_still_draws(runner, write_design):
    path = write_design(ART_DESIGN % "h.svg")
    (path.parent / "h.svg").write_text(_svg('<rect x="10" y="10" width="10" height="90" fill="#420"/>'))
    assert runner.invoke(cli, ["validate", str(path)]).exit_code == 0


@pytest.mark.parametrize("alpha, refused", [(0, True), (127, True), (128, False)])
@pytest.mark.slow
def test_raster_art_of_which_nothing_shows_is_refused_by_validate_and_build(
    runner, write_design, tmp_path, alpha, refused
):
    from PIL import Image

    path = write_design(ART_DESIGN % "h.png")
    image = Image.new("RGBA", (60, 108), (40, 30, 20, 0))
    image.paste((40, 30, 20, alpha), (0, 0, 30, 108))  # a dark half, as see-through as ``alpha``
    image.save(path.parent / "h.png")
    checked = runner.invoke(cli, ["validate", str(path)])
    built = runner.invoke(cli, ["build", str(path), "-o", str(tmp_path / "kit"), "--paper", "a4", "--layout", "fronts"])
    said = "no pixel of it is even half opaque, so the head would print as nothing"
    assert (checked.exit_code, built.exit_code) == ((1, 1) if refused else (0, 0)), checked.output + built.output
    assert (f":2: heads.1.art: 'h.png': {said}" in checked.stderr and f"h.png: {said}" in built.stderr) == refused
    assert any((tmp_path / "kit").glob("*.pdf")) != refused


# ------------------------------------------------------------------------------ game logs for stats


@pytest.fixture
def game_log(runner, tmp_path):
    log = tmp_path / "g.jsonl"
    script = "ann B3\nbob pass\ncy M07\nundo\ncy M05\nann a1\nbob b2\n.\nquit\n"
    played = runner.invoke(cli, ["play", "--players", "ann,bob,cy", "--seed", "42", "--log", str(log)], input=script)
    assert played.exit_code == 0, played.output
    return log


@pytest.mark.parametrize(
    "edit, line, said",
    [
        (lambda lines: lines + lines[1:], None, "card S06 is turned over here as card 1, but the game is at card 4"),
        (lambda lines: lines[:1] + lines[1:][::-1], 2, "the game is at card 1"),
        (lambda lines: lines + lines[:1], None, "a second 'start' event: two games' logs joined?"),
    ],
    ids=["lines copied twice", "lines reversed", "two logs joined"],
)
def test_stats_refuses_a_log_whose_lines_were_copied_or_moved(runner, game_log, edit, line, said):
    """``play --resume`` refused these logs, but ``stats`` counted their turns twice or not at all."""
    lines = game_log.read_text().splitlines()
    line = line or len(lines) + 1  # the first line added
    assert runner.invoke(cli, ["stats", str(game_log)]).exit_code == 0
    game_log.write_text("\n".join(edit(lines)) + "\n")
    result = runner.invoke(cli, ["stats", str(game_log)])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"error: {game_log}:{line}: ") and said in result.stderr, result.stderr


# ------------------------------------------------------------------------------ design text


def test_a_red_count_key_given_as_text_and_as_a_number_is_given_twice(runner, write_design):
    """``{'0': 16, 0: 1}`` are two keys to YAML and one here: the deck silently had 1 card."""
    path = write_design(MINIMAL.replace("{0: 16, 1: 12, 2: 11}", "{'0': 16, 0: 1}"))
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:6: search.red_counts.0: 0 red heads is given twice, as '0' and as 0; give it once" in (
        result.stderr
    )


def test_a_direction_letter_that_is_two_letters_in_capitals_is_refused(runner, write_design):
    """The notation is in capitals: a Monument of 'ß' and 'R' printed as SSR, SSSS..."""
    path = write_design(MINIMAL.replace("[left, right]", "[{name: links, letter: ß}, rechts]"))
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert "directions.1.letter: 'ß' is written 'SS' in capitals, which the notation uses" in result.stderr


@pytest.mark.parametrize("letter", ["7", "[L]", "{a: 1}", "''", "LR"])
def test_a_direction_letter_that_is_no_letter_is_refused(runner, write_design, letter):
    path = write_design(MINIMAL.replace("[left, right]", f"[{{name: left, letter: {letter}}}, right]"))
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and "directions.1.letter: expected a single letter, got " in result.stderr, (
        result.output
    )


def test_a_tab_that_indents_is_named_as_a_tab(runner, write_design):
    path = write_design(MINIMAL.replace("  seed: 1", "\tseed: 1"))
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert f"{path}:5: not valid YAML (column 1): a tab; YAML indents with spaces only" in result.stderr


@pytest.mark.parametrize(
    "svg, said",
    [
        (_svg(f'<g transform="matrix(nan 0 0 1 0 0)">{SHAPE}</g>'), "<g> at line 1: transform has 'nan', which is not"),
        (_svg('<path d="M0 0 L Infinity 5 L 50 50 Z"/>'), "<path> at line 1: d has 'Infinity', which is not a number"),
        ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">' + " " * 2_000_001 + "</svg>", "an SVG file may"),
    ],
    ids=["nan in a transform", "Infinity in a path", "too big"],
)
def test_svg_art_messages_say_what_is_wrong_in_words(runner, write_design, svg, said):
    """'not a readable SVG file (IndexError: tuple index out of range)', 'a SVG file file may be...'"""
    path = write_design(ART_DESIGN % "h.svg")
    (path.parent / "h.svg").write_text(svg)
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and said in result.stderr, result.stderr


@pytest.mark.parametrize(
    "rules, key",
    [
        ("{points_to_win: 40}", "rules.points_to_win"),
        ("{long_game: {points_to_win: 99}}", "rules.long_game.points_to_win"),
    ],
)
def test_points_no_deck_could_hold_are_refused(runner, write_design, rules, key):
    """The rule sheet printed 'Take 99 cards and you win' for a deck of 39 Search cards."""
    path = write_design(MINIMAL + f"rules: {rules}\n")
    result = runner.invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{key}: " in result.stderr and "can never be taken: the design has 39 Search cards in all" in result.stderr
    assert runner.invoke(cli, ["validate", str(write_design(MINIMAL + "rules: {points_to_win: 39}\n"))]).exit_code == 0


def test_image_art_that_looks_the_same_mirrored_is_a_warning_and_strict_fails(runner, write_design):
    """Every card draws a head facing the second direction as its art mirrored: a flat or a
    front-facing picture built a deck nobody could play, without a word."""
    from PIL import Image, ImageDraw

    path = write_design(ART_DESIGN % "h.png")
    Image.new("RGB", (60, 108), (200, 150, 120)).save(path.parent / "h.png")
    said = "heads.1.art: 'h.png' looks the same mirrored (0.0 % of it changes), so players could not tell"
    plain = runner.invoke(cli, ["validate", str(path)])
    assert plain.exit_code == 0 and f"warning: {path}: {said}" in plain.output, plain.output
    strict = runner.invoke(cli, ["validate", str(path), "--strict"])
    assert strict.exit_code == 1 and f"error: {path}: {said}" in strict.output, strict.output
    profile = Image.new("RGB", (60, 108), (200, 150, 120))
    ImageDraw.Draw(profile).polygon([(0, 40), (12, 52), (0, 60)], fill=(40, 30, 20))  # a nose, facing left
    profile.save(path.parent / "h.png")
    facing = runner.invoke(cli, ["validate", str(path), "--strict"])
    assert facing.exit_code == 0 and "looks the same mirrored" not in facing.output, facing.output


@pytest.mark.slow
def test_the_preview_draws_head_art_as_it_is_after_an_edit(write_design):
    """``preview --watch`` rebuilds in one process: the decoded art was cached by its name, so
    the page said 'rebuilt' and kept showing the picture from before the designer's save."""
    import base64
    import io
    import re

    from PIL import Image, ImageDraw

    from rushmore_print.web.preview import PreviewBuilder

    path = write_design(ART_DESIGN % "h.png")

    def save(colour):
        image = Image.new("RGB", (60, 108), colour)
        ImageDraw.Draw(image).rectangle((0, 0, 30, 108), fill=(20, 20, 20))
        image.save(path.parent / "h.png")

    def colours(page):
        found = set()
        for data in re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", page)[:3]:
            found |= {c for _, c in Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB").getcolors(1 << 20)}
        return found

    save((250, 50, 50))
    builder = PreviewBuilder(path)
    assert (250, 50, 50) in colours(builder.build(1).html)
    save((50, 50, 250))
    later = colours(builder.build(2).html)
    assert (50, 50, 250) in later and (250, 50, 50) not in later


def test_svg_art_that_looks_the_same_mirrored_is_a_warning(runner, write_design):
    path = write_design(ART_DESIGN % "h.svg")
    (path.parent / "h.svg").write_text(_svg(SHAPE))  # a rectangle in the middle: the same both ways
    symmetric = runner.invoke(cli, ["validate", str(path), "--strict"])
    assert symmetric.exit_code == 1 and "heads.1.art: 'h.svg' looks the same mirrored" in symmetric.output
    (path.parent / "h.svg").write_text(_svg('<rect x="10" y="10" width="40" height="160" fill="#420"/>'))
    facing = runner.invoke(cli, ["validate", str(path), "--strict"])
    assert facing.exit_code == 0, facing.output


@pytest.mark.parametrize("command", [["export", "png", JUNIOR, "--dpi", "72"], ["rulebook", JUNIOR, "--paper", "a4"]])
@pytest.mark.slow
def test_a_folder_in_the_way_of_one_file_leaves_every_file_as_it_was(runner, tmp_path, command):
    """The files are moved in one by one: the ones before the folder were replaced, the rest not."""
    assert runner.invoke(cli, [*command, "-o", str(tmp_path)]).exit_code == 0
    last = sorted(p for p in tmp_path.iterdir() if p.suffix in (".png", ".pdf"))[-1]
    last.unlink()
    last.mkdir()
    before = _files(tmp_path)
    again = runner.invoke(cli, [*command, "-o", str(tmp_path), *(["--answer-key"] if "rulebook" in command else [])])
    assert again.exit_code == 1, again.output
    assert f"{last}: a folder has this file's name; nothing was written" in again.stderr
    assert _files(tmp_path) == before


def test_art_the_decoder_refuses_is_named_at_its_line_by_the_name_the_design_gives(runner, write_design, tmp_path):
    """Found after the design was read (the art's colour profile, read by LittleCMS), the problem
    once named neither the line nor the key's value: ``design.yaml: heads.1.art: /abs/path/a.png: ...``."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (60, 108), (230, 220, 200))
    ImageDraw.Draw(image).rectangle((0, 0, 30, 108), fill=(40, 30, 20))
    image.save(tmp_path / "a.png", icc_profile=b"not a profile" * 20)
    design = write_design(
        "name: Located\nheads:\n  - B\n  - {name: A, art: a.png}\n  - C\n  - D\n"
        "search: {seed: 1, red_counts: {0: 16, 1: 12, 2: 11}}\n"
    )
    result = runner.invoke(cli, ["validate", str(design)])
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"error: {design}:4: heads.2.art: 'a.png': LittleCMS cannot read its embedded colour profile"
    ), result.stderr
