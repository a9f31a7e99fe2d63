"""Every face has room: no head is painted over by its neighbours, their props, niches, markers
or names, on every card of every design (and of a design with a designer's art on every head);
noses facing each other keep a visible gap; the heads are as large as the card allows."""

import itertools

import pytest

from rushmore_print.deck.generate import generate_deck
from rushmore_print.design import load_design
from rushmore_print.layout.cards import (
    FACE_ZONE,
    card_frame,
    card_layout,
    monument_face,
    search_face,
    symbols,
)
from rushmore_print.layout.heads import HEAD_BOX, MIRROR, HeadKey
from rushmore_print.layout.items import Group, Shape, Text, Use, apply, item_bounds, multiply, translate
from rushmore_print.model import Monument

from .conftest import DESIGNS
from .pixels import _painted, art_design, head_coverage


def fronts(design):
    deck = generate_deck(design)
    frame = card_frame(design)
    return [monument_face(design, m, frame) for m in deck.monuments] + [
        search_face(design, c, frame) for c in deck.search
    ]


def assert_no_face_is_covered(design):
    found = head_coverage(design, fronts(design), dpi=100)
    assert len(found) == len(fronts(design)) * len(design.heads)
    faces = [c for c in found if c.face_covered]
    assert not faces, faces[:5]
    worst = max(found, key=lambda c: c.share)
    assert worst.share <= 0.01, worst


@pytest.mark.slow
@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_no_head_is_painted_over_on_any_card(path):
    assert_no_face_is_covered(load_design(path))


@pytest.mark.slow
def test_no_art_is_painted_over_and_art_frames_never_meet(tmp_path):
    design = art_design(tmp_path)
    assert_no_face_is_covered(design)
    slots = card_layout(design, card_frame(design)).slots
    for a, b in itertools.pairwise(slots):  # each frame its own box, apart: never one double line
        assert b.head.x - a.head.right >= 0.9, (a.head, b.head)


@pytest.mark.slow
def test_the_measure_sees_a_head_painted_over(classic):
    """The measure is not blind: a head drawn again over its neighbour's face is caught."""
    frame = card_frame(classic)
    face = monument_face(classic, Monument("M99", (0, 0, 0, 0)), frame)
    heads = [item for item in face.items if isinstance(item, Use) and isinstance(item.key, HeadKey)]
    nudged = Use(heads[1].key, multiply(heads[1].matrix, translate(-6.0, 0.0)))  # 6 mm onto Washington's back
    overlapping = type(face)(face.card_id, face.kind, (*face.items, nudged))
    covered = [c for c in head_coverage(classic, [overlapping]) if c.head == 0]
    assert covered[0].share > 0.01 and covered[0].face_covered == 0  # his back, not his face
    facing = Use(HeadKey(1, 1, False), multiply(heads[1].matrix, translate(-6.0, 0.0)))  # turned, nose to nose
    nose_to_nose = type(face)(face.card_id, face.kind, (*face.items, facing))
    assert next(c for c in head_coverage(classic, [nose_to_nose]) if c.head == 0).face_covered == 0
    onto_face = Use(heads[0].key, multiply(heads[1].matrix, translate(-14.0, 0.0)))  # Washington onto Jefferson's face
    over = type(face)(face.card_id, face.kind, (*face.items, onto_face))
    assert next(c for c in head_coverage(classic, [over]) if c.head == 1).face_covered > 0


def _ink_rows(design, use, dpi, whole=False):
    """Per pixel row of the head's face zone (``whole``: of the whole page): the leftmost and
    rightmost pixel the head paints."""
    frame = card_frame(design)
    b = frame.bleed_mm
    page_w, page_h = frame.width_mm + 2 * b, frame.height_mm + 2 * b
    mask = _painted((Group((use,), translate(b, b)),), page_w, page_h, symbols(design), dpi, {})
    matrix = multiply(use.matrix, translate(b, b))
    if use.key.facing == 1:
        matrix = multiply(MIRROR, matrix)
    px = dpi / 25.4
    ys = sorted(round((page_h - apply(matrix, 0.0, y)[1]) * px) for y in (FACE_ZONE.y, FACE_ZONE.top))
    if whole:
        ys = [0, mask.height]
    rows = {}
    for y in range(ys[0], ys[1]):
        found = mask.crop((0, y, mask.width, y + 1)).getbbox()
        if found:
            rows[y] = (found[0], found[2] - 1)
    return rows


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.slow
def test_noses_facing_each_other_keep_a_visible_gap(path):
    """Face to face (the left head facing the second way, the right one the first), measured in
    pixels at 150 dpi across the face zone: at least 0.8 mm of clear card between them."""
    design = load_design(path)
    frame = card_frame(design)
    n = len(design.heads)
    layout = card_layout(design, frame)
    dpi = 150
    for left in range(n - 1):
        if layout.slots[left].head.y != layout.slots[left + 1].head.y:
            continue  # the end of a row
        faces = tuple(1 if i == left else 0 for i in range(n))
        face = monument_face(design, Monument("M99", faces), frame)
        uses = {item.key.head: item for item in face.items if isinstance(item, Use) and isinstance(item.key, HeadKey)}
        a, c = _ink_rows(design, uses[left], dpi), _ink_rows(design, uses[left + 1], dpi)
        gap = min(c[y][0] - a[y][1] - 1 for y in a.keys() & c.keys())
        assert gap / dpi * 25.4 >= 0.8, (path.name, left, gap)


# Clear card between two neighbouring heads anywhere (hair, ribbon, chin, bust), measured at
# 300 dpi (at 150 a pixel of anti-aliasing is a sixth of a millimetre): back to back the hair
# may come closest; a face never comes nearer than the nose gap.
LEAST_GAP_MM = {(0, 1): 0.6, (0, 0): 0.8, (1, 0): 0.8, (1, 1): 0.8}  # (left's facing, right's)


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
@pytest.mark.slow
def test_neighbouring_heads_never_touch_whatever_way_they_face(path):
    """Every pair in a row, in all four facings, over the whole height of the heads: at least
    ``LEAST_GAP_MM`` apart (measured 0.68 mm back to back, 1.02 face to face, 1.69 face to the
    next head's back, on eight; Washington's ribbon came within 1 mm of Jefferson's chin once)."""
    design = load_design(path)
    frame = card_frame(design)
    n = len(design.heads)
    layout = card_layout(design, frame)
    dpi = 300
    for left, (first, second) in itertools.product(range(n - 1), LEAST_GAP_MM):
        if layout.slots[left].head.y != layout.slots[left + 1].head.y:
            continue  # the end of a row
        faces = tuple(first if i == left else second if i == left + 1 else 0 for i in range(n))
        face = monument_face(design, Monument("M99", faces), frame)
        uses = {item.key.head: item for item in face.items if isinstance(item, Use) and isinstance(item.key, HeadKey)}
        a, c = _ink_rows(design, uses[left], dpi, whole=True), _ink_rows(design, uses[left + 1], dpi, whole=True)
        gap = min(c[y][0] - a[y][1] - 1 for y in a.keys() & c.keys()) / dpi * 25.4
        assert gap >= LEAST_GAP_MM[first, second], (path.name, left, (first, second), round(gap, 2))


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_backgrounds_and_niches_come_before_every_head(path):
    """After the first head a card draws only heads, markers and text: no shape can cut a head."""
    design = load_design(path)
    for face in fronts(design)[:: max(1, len(fronts(design)) // 20)]:
        first = next(i for i, item in enumerate(face.items) if isinstance(item, Use) and isinstance(item.key, HeadKey))
        assert not any(isinstance(item, (Shape, Group)) for item in face.items[first:]), face.card_id


@pytest.mark.parametrize("path", DESIGNS, ids=lambda p: p.name)
def test_rows_are_centred_and_names_never_meet(path):
    design = load_design(path)
    frame = card_frame(design)
    layout = card_layout(design, frame)
    face = monument_face(design, Monument("M99", (0,) * len(design.heads)), frame)
    size = layout.slots[0].label_size
    names = [item_bounds(item, {}) for item in face.items if isinstance(item, Text) and item.size_pt == size]
    for a, b in itertools.pairwise(names):
        if abs(a.y - b.y) < 0.1:
            assert b.x - a.right >= 0.3, (a, b)
    for row in {slot.head.y for slot in layout.slots}:
        boxes = [slot.head for slot in layout.slots if slot.head.y == row]
        left, right = boxes[0].x - layout.heads.x, layout.heads.right - boxes[-1].right
        assert abs(left - right) < 0.15 * boxes[0].width, (path.name, left, right)


def test_two_heads_stand_together_in_the_middle(write_design):
    design = load_design(
        write_design("""
        name: Two
        heads: [Washington, Lincoln]
        directions: [left, right]
        search: {seed: 1, red_counts: {0: 4, 1: 4}}
        print: {card: poker, orientation: landscape}
    """)
    )
    layout = card_layout(design, card_frame(design))
    a, b = (slot.head for slot in layout.slots)
    middle = layout.heads.x + layout.heads.width / 2
    assert a.right < middle < b.x  # one each side of the middle
    assert b.x - a.right < 0.5 * a.width  # together, not at the edges with an empty middle
    assert a.x - layout.heads.x > 0.2 * a.width  # nor pushed to the card's edges


def test_heads_are_as_large_as_the_card_allows():
    """Each design's heads: as wide as its rows allow (width-bound: a row spans the card) or as
    tall as the card allows (height-bound), in one row or two."""
    for path in DESIGNS:
        design = load_design(path)
        layout = card_layout(design, card_frame(design))
        tops = sorted({slot.head.y for slot in layout.slots})
        assert len(tops) <= 2
        rows = [[slot.head for slot in layout.slots if slot.head.y == top] for top in tops]
        widest = max(row[-1].right - row[0].x for row in rows)
        tallest = max(slot.head.top for slot in layout.slots) - min(slot.head.y for slot in layout.slots)
        spans_width = widest >= 0.9 * layout.heads.width
        fills_height = tallest + len(rows) * 12.0 >= layout.heads.height  # names, niche and marker take < 12 mm
        assert spans_width or fills_height, (path.name, widest, tallest)
        head = layout.slots[0].head
        assert HEAD_BOX.height / HEAD_BOX.width * head.width == pytest.approx(head.height)
