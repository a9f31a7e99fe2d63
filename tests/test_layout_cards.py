"""Card faces and backs: geometry, palette contrasts, and tests that look at the pixels."""

import itertools

import pytest
from PIL import Image, ImageChops, ImageStat

from rushmore_print.colors import WHITE, contrast, grey
from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import HeadSpec, Look, Style, load_design
from rushmore_print.layout.cards import (
    FLIP,
    PROPORTIONS,
    CardKind,
    back_face,
    card_frame,
    card_layout,
    head_slots,
    monument_face,
    search_face,
    symbols,
)
from rushmore_print.layout.heads import (
    HEAD_BOX,
    HeadKey,
    HeadRelief,
    head_symbol,
    plain_palette,
    red_palette,
)
from rushmore_print.layout.items import Image as ImageItem
from rushmore_print.layout.items import Shape, Text, Use, item_bounds

from .conftest import DESIGNS, EXAMPLES
from .pixels import FACING_CONTRAST_MIN, HAS_PDFTOPPM, card_facing_contrasts, render_symbol


def every_face(design):
    deck = generate_deck(design)
    frame = card_frame(design)
    return frame, (
        [monument_face(design, m, frame) for m in deck.monuments]
        + [search_face(design, c, frame) for c in deck.search]
        + [back_face(design, kind, frame) for kind in CardKind]
    )


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.slow
def test_nothing_leaves_the_bleed_and_marks_stay_in_the_safe_zone(path):
    design = load_design(path)
    frame, faces = every_face(design)
    table = symbols(design)
    for face in faces:
        for item in face.items:
            box = item_bounds(item, table)
            assert frame.bleed.contains(box), (face.card_id, item)
            relief = isinstance(item, Use) and isinstance(item.key, HeadRelief)
            if isinstance(item, (Text, Use)) and not relief:  # text, heads and symbols: inside the safe zone
                assert frame.safe.contains(box, tolerance=0.05), (face.card_id, item)


def test_classic_heads_fill_half_the_card_and_scale_down_with_more_heads():
    heights = {}
    for path in DESIGNS:
        design = load_design(path)
        frame = card_frame(design)
        slots = head_slots(design, frame)
        heights[len(design.heads)] = slots[0].head.height / frame.height_mm
        for a, b in itertools.pairwise(slots):  # neighbours never cover a face: tests/test_head_room.py
            assert abs(a.label_x - b.label_x) * 0.98 > 0  # names never stack
    assert heights[4] >= 0.5
    assert heights[3] >= heights[4] >= heights[5] > 0.35


def test_names_are_at_least_7pt():
    for path in DESIGNS:
        design = load_design(path)
        assert all(slot.label_size >= 7.0 for slot in head_slots(design, card_frame(design)))


def test_the_classic_palette_meets_the_contrast_rules():
    style = Style()
    assert contrast(style.skin, style.stone) >= 3.0  # a head against the rock / its niche
    assert contrast(style.hair, style.skin) >= 3.0
    assert contrast(style.red, style.paper) >= 3.0  # a red head on bare paper
    assert contrast(WHITE, style.stone) >= 4.5  # Monument names
    assert contrast(style.ink, style.paper) >= 4.5  # Search card names
    plain, red = plain_palette(style, HeadSpec("A")), red_palette(style)
    assert grey(plain.skin) == grey(red.skin)  # a red head keeps its light face (tests/test_looks.py)
    assert red.mass_units >= 2 * plain.mass_units  # and has the heavier outline round hair and coat


def test_red_heads_carry_a_second_cue(classic, classic_deck):
    frame = card_frame(classic)
    for card in classic_deck.search:
        face = search_face(classic, card, frame)
        heads = [i for i in face.items if isinstance(i, Use) and isinstance(i.key, HeadKey)]
        assert [h.key.red for h in heads] == list(card.red)
        assert [h.key.facing for h in heads] == list(card.faces)
        markers = [i for i in face.items if isinstance(i, Use) and i.key == FLIP]
        assert len(markers) == 2 * card.red_count  # one over each red head, one per red in the level mark


# ----------------------------------------------------------------------------- pixels


def _head(look=Look.PLAIN, facing=0, red=False, spec=None):
    spec = spec or HeadSpec("A", look)
    key = HeadKey(0, facing, red)
    return render_symbol(head_symbol(spec, key, Style()), key)


@pytest.mark.parametrize("look", list(Look), ids=lambda look: look.value)
def test_facing_right_is_the_mirror_image_of_facing_left_and_differs_from_it(look):
    left, right = _head(look, 0), _head(look, 1)
    mirrored = left.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    same = ImageStat.Stat(ImageChops.difference(mirrored, right).convert("L")).mean[0]
    turned = ImageStat.Stat(ImageChops.difference(left, right).convert("L")).mean[0]
    assert same < 2.0, look  # the same drawing, mirrored (up to edge anti-aliasing)
    assert turned > 25 * max(same, 1.0) and turned > 30, look  # and a strongly directional one


def _share(image, test):
    pixels = list(image.convert("RGB").get_flattened_data())
    return sum(1 for p in pixels if test(p)) / len(pixels)


def _is_red(p):
    return p[0] > 170 and p[1] < 90 and p[2] < 90


def test_a_red_head_is_filled_red_and_a_plain_one_is_not():
    assert _share(_head(red=True), _is_red) > 0.08  # a third of the head; the page has margins
    assert _share(_head(red=False), _is_red) == 0.0


@pytest.mark.slow
def test_the_looks_are_different_people():
    """Every two looks differ visibly: in at least 2 % of the pixels by more than 48 grey levels
    (plain and spectacles, the closest pair, differ by the pince-nez and the moustache alone)."""
    images = {look: _head(look).convert("L") for look in Look}
    for a in Look:
        for b in Look:
            if a.value < b.value:
                diff = ImageChops.difference(images[a], images[b]).tobytes()
                assert sum(1 for v in diff if v > 48) / len(diff) > 0.02, (a, b)


def test_custom_art_pixels_appear_on_the_card_mirrored_for_the_other_direction(tmp_path):
    art = tmp_path / "head.png"
    image = Image.new("RGB", (100, 165), (255, 255, 255))
    image.paste((0, 90, 255), (0, 40, 30, 110))  # a blue "nose" on the left: facing left
    image.save(art)
    spec = HeadSpec("Ada", art=art)
    left, right = _head(spec=spec, facing=0), _head(spec=spec, facing=1)

    def blue(p):
        return p[2] > 200 and p[0] < 60

    def blue_share(img, half):
        w, h = img.size
        box = (0, 0, w // 2, h) if half == "left" else (w // 2, 0, w, h)
        return _share(img.crop(box), blue)

    assert blue_share(left, "left") > 0.05 and blue_share(left, "right") == 0
    assert blue_share(right, "right") > 0.05 and blue_share(right, "left") == 0


@pytest.mark.slow
@pytest.mark.skipif(not HAS_PDFTOPPM, reason="needs pdftoppm (poppler-utils)")
@pytest.mark.parametrize("name", ["classic", "junior", "five", "eight"])
def test_every_card_of_every_example_design_meets_the_facing_contrast(name):
    """Issue 34's arm's-length figure, card by card: every Monument and every Search card, turned
    round head by head, changes at least a quarter of its pixels (bench/bench_art.py prints the
    least of each design). A Monument's heads cast their relief on their neighbours, so the
    figure differs from card to card; the least is where every head faces one way."""
    design = load_design(EXAMPLES / f"{name}.yaml")
    contrasts = card_facing_contrasts(design, generate_deck(design))
    least = min(contrasts, key=contrasts.__getitem__)
    assert contrasts[least] >= FACING_CONTRAST_MIN, (least, contrasts[least])


# ----------------------------------------------------------------------------- the card layout (backs: test_backs.py)


def test_the_card_layout_is_one_set_of_named_boxes(classic):
    layout = card_layout(classic, card_frame(classic))
    assert layout.content.x == pytest.approx(PROPORTIONS.content_inset_mm)
    assert layout.footer.top < min(slot.head.y for slot in layout.slots)
    assert all(layout.frame.safe.contains(slot.marker) for slot in layout.slots)
    assert HEAD_BOX.height / HEAD_BOX.width == pytest.approx(layout.slots[0].head.height / layout.slots[0].head.width)


def test_head_inks_are_traced_again_only_when_a_drawing_changes(monkeypatch):
    """``preview --watch`` lays the cards out again on every save: an edit of a name, the sky or
    the rules reuses every head's silhouettes; an edit of a look, an art file or a head's colours
    traces that head alone again."""
    import dataclasses

    from rushmore_print.layout import cards

    traced = []
    real = cards.silhouette
    monkeypatch.setattr(cards, "silhouette", lambda items, *rest: traced.append(items) or real(items, *rest))
    cards._head_ink.cache_clear()
    classic = load_design()
    first = cards.head_inks(classic)
    assert len(traced) == 2 * len(classic.heads)  # plain and red; the mirrored ones are flipped, not traced
    traced.clear()
    renamed = dataclasses.replace(
        classic,
        name="Other",
        heads=tuple(dataclasses.replace(head, name=head.name + " II") for head in classic.heads),
        style=dataclasses.replace(classic.style, sky=WHITE, paper=WHITE),
        rules=dataclasses.replace(classic.rules, deck_size=10),
    )
    assert cards.head_inks(renamed) == first and traced == []
    relooked = dataclasses.replace(
        classic, heads=(dataclasses.replace(classic.heads[0], look=Look.BALD),) + classic.heads[1:]
    )
    inks = cards.head_inks(relooked)
    assert len(traced) == 2 and inks[0] != first[0] and inks[1:] == first[1:]
    traced.clear()
    recoloured = dataclasses.replace(
        classic, heads=(dataclasses.replace(classic.heads[0], hair=WHITE),) + classic.heads[1:]
    )
    cards.head_inks(recoloured)
    assert len(traced) == 2


# ----------------------------------------------------------------------------- designer's art (issue 34)

EIGHT_NAMES = ("Washington", "Jefferson", "Roosevelt", "Lincoln", "Franklin", "Anthony", "Douglass", "Eisenhower")


def _art_eight(tmp_path, write_design):
    """Eight heads of a designer's art on a landscape poker card: the Search cards keep room for
    a red head's marker beside the crowns, between some heads and not others."""
    art = Image.new("RGBA", (200, 360), (0, 0, 0, 0))
    art.paste((200, 160, 120, 255), (30, 40, 170, 200))
    art.paste((60, 40, 30, 255), (40, 200, 180, 360))
    art.save(tmp_path / "bust.png")
    heads = ", ".join(f"{{name: {name}, art: bust.png}}" for name in EIGHT_NAMES)
    text = f"name: Art Eight\nheads: [{heads}]\nsearch: {{seed: 1, red_counts: {{0: 32, 1: 16}}}}\n"
    return load_design(write_design(text + "print: {card: poker, orientation: landscape}\n"))


def _gaps(slots) -> list[list[float]]:
    rows: dict = {}
    for slot in slots:
        rows.setdefault(round(slot.head.y, 3), []).append(slot.head)
    return [[round(b.x - a.right, 3) for a, b in itertools.pairwise(row)] for row in rows.values()]


def test_monuments_space_their_heads_evenly_where_no_marker_can_stand(tmp_path, write_design):
    """A Monument has no red head: its rows keep the Search cards' ends and put their heads
    the same step apart (it was 8.9, 3.8 and 9.1 mm, the room of markers that never come)."""
    design = _art_eight(tmp_path, write_design)
    layout = card_layout(design, card_frame(design))
    search, monument = _gaps(layout.slots_for(CardKind.SEARCH)), _gaps(layout.slots_for(CardKind.MONUMENT))
    assert any(max(row) - min(row) > 3.0 for row in search)  # the Search cards' marker room
    for row in monument:
        assert max(row) - min(row) < 1e-6 and min(row) > 1.0, row
    for a, b in zip(layout.slots_for(CardKind.SEARCH), layout.slots_for(CardKind.MONUMENT), strict=True):
        assert a.head.y == b.head.y and a.head.width == b.head.width  # same heads, same rows
    deck = generate_deck(design)
    face = monument_face(design, deck.monuments[0], card_frame(design))
    uses = [item for item in face.items if isinstance(item, Use) and isinstance(item.key, HeadKey)]
    assert [round(item.matrix[4], 6) for item in uses] == [
        round(slot.head.x - HEAD_BOX.x * slot.head.width / HEAD_BOX.width, 6)
        for slot in layout.slots_for(CardKind.MONUMENT)
    ]


def test_a_designers_art_stands_clear_inside_its_frame(tmp_path):
    """The art keeps at least 3 head units (0.6 mm on a classic card) from the inner edge of its
    frame, plain and red (it ran under the frame line)."""
    raster = tmp_path / "head.png"
    Image.new("RGB", (100, 180), (0, 90, 255)).save(raster)
    for red in (False, True):
        symbol = head_symbol(HeadSpec("Ada", art=raster), HeadKey(0, 0, red), Style())
        image = next(item for item in symbol.items if isinstance(item, ImageItem))
        frames = [item for item in symbol.items if isinstance(item, Shape) and item.stroke is not None]
        inner = min(
            min(item_bounds(frame, {}).x + frame.stroke_mm for frame in frames),
            min(HEAD_BOX.right - item_bounds(frame, {}).right + frame.stroke_mm for frame in frames),
        )
        assert image.box.x - inner >= 3.0 and HEAD_BOX.right - image.box.right - inner >= 3.0, (red, image.box)
