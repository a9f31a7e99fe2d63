import pytest

from rushmore_print.generate import generate_deck
from rushmore_print.layout.cards import (FLIP, CardKind, back_face, card_frame, head_slots, monument_face,
                                         search_face, symbols)
from rushmore_print.layout.heads import PLAIN_PALETTE, RED_PALETTE, HeadKey
from rushmore_print.layout.items import Group, Rect, Shape, Text, Use, item_bounds
from rushmore_print.spec import load_design

from .conftest import DESIGNS


def luminance(color):
    r, g, b = color
    return 0.299 * r + 0.587 * g + 0.114 * b


def every_face(design):
    deck = generate_deck(design)
    frame = card_frame(design)
    return frame, ([monument_face(design, m, frame) for m in deck.monuments]
                   + [search_face(design, c, frame) for c in deck.search]
                   + [back_face(design, kind, frame) for kind in CardKind])


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_nothing_leaves_the_bleed_and_marks_stay_in_the_safe_zone(path):
    design = load_design(path)
    frame, faces = every_face(design)
    table = symbols(design)
    for face in faces:
        for item in face.items:
            box = item_bounds(item, table)
            assert frame.bleed.contains(box), (face.card_id, item)
            if isinstance(item, (Text, Use)):  # text, heads and symbols: inside the safe zone
                assert frame.safe.contains(box, tolerance=0.05), (face.card_id, item)


def test_heads_do_not_overlap_and_scale_with_head_count():
    widths = {}
    for path in DESIGNS:
        design = load_design(path)
        slots = head_slots(design, card_frame(design))
        for a, b in zip(slots, slots[1:]):
            assert not a.head.overlaps(b.head)
        widths[len(design.heads)] = slots[0].head.width
    assert widths[3] >= widths[4] >= widths[5]
    assert widths[4] > 15  # classic heads are large enough to read at arm's length


def test_red_heads_carry_a_second_cue_and_read_darker_in_greyscale(classic, classic_deck):
    assert luminance(PLAIN_PALETTE.skin) - luminance(RED_PALETTE.skin) > 0.4
    assert RED_PALETTE.line_units >= 2 * PLAIN_PALETTE.line_units
    frame = card_frame(classic)
    for card in classic_deck.search:
        face = search_face(classic, card, frame)
        heads = [i for i in face.items if isinstance(i, Use) and isinstance(i.key, HeadKey)]
        assert [h.key.red for h in heads] == list(card.red)
        assert [h.key.facing for h in heads] == list(card.faces)
        markers = [i for i in face.items if isinstance(i, Use) and i.key == FLIP]
        assert len(markers) == 2 * card.red_count  # one over each red head, one per red in the level mark


def test_backs_are_the_same_for_every_card_of_a_kind_and_show_no_card(classic, classic_deck):
    frame = card_frame(classic)
    monument_back, search_back = back_face(classic, CardKind.MONUMENT, frame), back_face(classic, CardKind.SEARCH, frame)
    assert monument_back.items != search_back.items
    texts = [i.text for i in search_back.items if isinstance(i, Text)]
    assert not any(t.startswith(("S0", "S1", "S2", "S3", "M0", "M1")) for t in texts)
    assert not any(isinstance(i, Use) for i in search_back.items)


def test_no_outline_is_drawn_around_a_card(classic, classic_deck):
    frame = card_frame(classic)
    _, faces = every_face(classic)
    for face in faces:
        for item in face.items:
            if isinstance(item, Shape) and item.fill is None and item.stroke is not None:
                box = item_bounds(item, {})
                near_edge = abs(box.x) < 6 and abs(box.right - frame.width_mm) < 6
                assert not near_edge, face.card_id
