"""Sequences whose items are made when a renderer reaches them, not all at once.

A build of 9,728 cards would otherwise hold every card's face and every page's items before
the first byte is written (about 17 KB a card); laid out page by page, what a document holds
stays the same size whatever the deck's. Both classes are read-only :class:`Sequence` s, so a
renderer, ``len`` and indexing treat them as the tuples they replace.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar, overload

T = TypeVar("T")

__all__ = ["Joined", "Lazy"]


class Lazy(Sequence[T]):
    """``count`` items, made in batches of ``per_batch`` by ``batch(number)`` (a sheet is a
    batch of its front and back pages), each time they are asked for: nothing is kept.

    >>> squares = Lazy(5, lambda number: [number * number])
    >>> len(squares), squares[2], list(squares), squares[-1]
    (5, 4, [0, 1, 4, 9, 16], 16)
    >>> pairs = Lazy(3, lambda number: ["front", "back"][: 3 - 2 * number], per_batch=2)
    >>> list(pairs), pairs[2]
    (['front', 'back', 'front'], 'front')
    """

    def __init__(self, count: int, batch: Callable[[int], Sequence[T]], per_batch: int = 1) -> None:
        self._count = count
        self._batch = batch
        self._per_batch = per_batch

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[T]:
        left = self._count
        for number in itertools.count():
            if left <= 0:
                return
            made = self._batch(number)
            yield from made[:left]
            left -= len(made)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        return self._batch(index // self._per_batch)[index % self._per_batch]


class Joined(Sequence[T]):
    """Sequences one after the other, without copying any (lazy ones stay lazy).

    >>> joined = Joined(Lazy(2, lambda n: [n]), ("a", "b"))
    >>> len(joined), list(joined), joined[3], joined[-3]
    (4, [0, 1, 'a', 'b'], 'b', 1)
    """

    def __init__(self, *parts: Sequence[T]) -> None:
        self._parts = parts
        self._starts = list(itertools.accumulate((len(part) for part in parts), initial=0))

    def __len__(self) -> int:
        return self._starts[-1]

    def __iter__(self) -> Iterator[T]:
        return itertools.chain.from_iterable(self._parts)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...
    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        part = bisect.bisect_right(self._starts, index) - 1
        return self._parts[part][index - self._starts[part]]
