"""Choose the deck: every Monument, and a balanced set of Search cards.

How balance is reached, all at once:

* Answers. One seeded permutation ``P`` of the Monuments is repeated end to end; the red-count
  classes take consecutive stretches of that endless sequence (class 0 first, then 1, ...). Any
  stretch of a repeated permutation holds each Monument ``floor`` or ``ceil`` of its length over
  ``2^n`` times, so every class is balanced; every level's pool and the whole deck are prefixes
  of the sequence, so they are balanced too.
* Red heads. Within a class, each Monument takes distinct red sets, filled cyclically through an
  ordering of the k-subsets of head positions. Cyclic filling uses every subset ``floor`` or
  ``ceil`` of ``count / C(n, k)`` times; the subsets that come first (and so take the extra use)
  are chosen so that their head positions are themselves balanced. Hence each head is red a number
  of times that differs by at most one across heads.

Everything is driven by ``random.Random(seed)`` and sorted inputs: no hash or dict-order effects.
"""

from __future__ import annotations

import itertools
import math
import random

from ..design import Design
from ..errors import Problem, SpecError
from ..model import Deck, Level, Monument, SearchCard, card_id, faces_of_index, target_faces


def generate_deck(design: Design) -> Deck:
    """Build the deck of a design. Deterministic for a given design and seed.

    >>> from rushmore_print.design import load_design
    >>> deck = generate_deck(load_design())
    >>> [m.id for m in deck.monuments][:2], deck.search[0].level
    (['M01', 'M02'], <Level.BASIC: 'basic'>)
    """
    n = len(design.heads)
    total = 2**n
    monuments = tuple(Monument(card_id("M", i + 1, total), faces_of_index(i, n)) for i in range(total))
    rng = random.Random(design.seed)
    order = list(range(total))
    rng.shuffle(order)

    chosen: list[tuple[int, tuple[int, ...]]] = []  # (answer index, red positions) per card
    start = 0
    for k, count in enumerate(design.red_counts):
        if count == 0:
            continue
        if count > total * math.comb(n, k):
            raise SpecError(
                [
                    Problem(
                        design.source,
                        None,
                        f"search.red_counts.{k}",
                        f"{count} cards asked for, only {total * math.comb(n, k)} exist",
                    )
                ]
            )
        answers = [order[(start + j) % total] for j in range(count)]
        start += count
        cards = list(zip(answers, _red_sets(answers, n, k, count, rng)))
        rng.shuffle(cards)  # so that neighbouring ids do not reveal a pattern of answers
        chosen.extend(cards)

    search_total = len(chosen)
    search = []
    for number, (answer, red_positions) in enumerate(chosen, start=1):
        red = tuple(i in red_positions for i in range(n))
        target = monuments[answer].faces
        faces = target_faces(target, red)  # the rule is its own inverse
        search.append(
            SearchCard(
                id=card_id("S", number, search_total),
                faces=faces,
                red=red,
                answer=monuments[answer].id,
                level=Level.of_red_count(len(red_positions)),
            )
        )
    return Deck(
        heads=design.head_names,
        directions=design.directions,
        notation=design.notation,
        monuments=monuments,
        search=tuple(search),
    )


def _red_sets(answers: list[int], n: int, k: int, count: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Give each card of a class its red positions: distinct per Monument, heads balanced."""
    subsets = list(itertools.combinations(range(n), k))
    rng.shuffle(subsets)
    extra = count % len(subsets)
    ordered = _balanced_first(subsets, extra, n) if extra else subsets
    # Cards of the same Monument must get different subsets: fill Monument by Monument, each taking
    # the next consecutive subsets of the cycle (never more than there are subsets).
    by_monument: dict[int, list[int]] = {}
    for position, answer in enumerate(answers):
        by_monument.setdefault(answer, []).append(position)
    result: list[tuple[int, ...]] = [()] * count
    cursor = 0
    for answer in sorted(by_monument, key=lambda a: by_monument[a][0]):
        for position in by_monument[answer]:
            result[position] = ordered[cursor % len(ordered)]
            cursor += 1
    return result


def _balanced_first(subsets: list[tuple[int, ...]], extra: int, n: int) -> list[tuple[int, ...]]:
    """Reorder ``subsets`` so the first ``extra`` of them cover head positions evenly.

    Greedy (always take the subset on the least-used positions), then repair by swaps if the
    greedy pick is uneven; the search space is tiny (at most C(8, 4) = 70 subsets).
    """
    usage = [0] * n
    picked: list[tuple[int, ...]] = []
    rest = list(subsets)
    for _ in range(extra):
        best = min(rest, key=lambda s: (sum(usage[p] for p in s), max((usage[p] for p in s), default=0)))
        rest.remove(best)
        picked.append(best)
        for p in best:
            usage[p] += 1
    picked, rest = _repair(picked, rest, n)
    return picked + rest


def _spread(family: list[tuple[int, ...]], n: int) -> int:
    usage = [0] * n
    for subset in family:
        for p in subset:
            usage[p] += 1
    return max(usage) - min(usage)


def _repair(picked: list[tuple[int, ...]], rest: list[tuple[int, ...]], n: int) -> tuple[list, list]:
    while _spread(picked, n) > 1:
        current = _spread(picked, n)
        swap = next(
            (
                (i, j)
                for i in range(len(picked))
                for j in range(len(rest))
                if _spread(picked[:i] + [rest[j]] + picked[i + 1 :], n) < current
            ),
            None,
        )
        if swap is None:
            break
        i, j = swap
        picked[i], rest[j] = rest[j], picked[i]
    return picked, rest


__all__ = ["generate_deck"]
