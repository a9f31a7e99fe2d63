"""A card's frame (trim, bleed, safe zone) and a drawn side of a card: what the sheet engine and
``impose`` need, without the card art (``cards``) or the design reader behind it."""

from __future__ import annotations

import enum

from ..frozen import frozen_dataclass
from .items import Rect

SAFE_MM = 3.175  # text and symbols stay 1/8 in inside the trim


class CardKind(enum.Enum):
    """The two kinds of card a deck prints.

    >>> CardKind("search"), [kind.value for kind in CardKind]
    (<CardKind.SEARCH: 'search'>, ['monument', 'search'])
    """

    MONUMENT = "monument"
    SEARCH = "search"


@frozen_dataclass
class CardFrame:
    """The card's size as read (trim), its bleed and safe zone, in mm.

    >>> frame = CardFrame(88.9, 63.5, bleed_mm=3.0)
    >>> frame.bleed.width, frame.bleed.height, frame.safe_mm
    (94.9, 69.5, 3.175)
    """

    width_mm: float
    height_mm: float
    bleed_mm: float
    safe_mm: float = SAFE_MM

    @property
    def trim(self) -> Rect:
        """The card as cut, from its lower left corner.

        >>> CardFrame(88.9, 63.5, 3.0).trim
        Rect(x=0.0, y=0.0, width=88.9, height=63.5)
        """
        return Rect(0.0, 0.0, self.width_mm, self.height_mm)

    @property
    def bleed(self) -> Rect:
        """The trim grown by the bleed: what is printed, past the cut.

        >>> CardFrame(88.9, 63.5, 3.0).bleed
        Rect(x=-3.0, y=-3.0, width=94.9, height=69.5)
        """
        return self.trim.grow(self.bleed_mm)

    @property
    def safe(self) -> Rect:
        """The trim shrunk by the safe margin: where text and the heads' faces stay, whatever the cut.

        >>> CardFrame(88.9, 63.5, 3.0).safe.x
        3.175
        """
        return self.trim.grow(-self.safe_mm)


@frozen_dataclass
class Face:
    """One side of one card: what it is and what to draw.

    >>> face = Face("M01", CardKind.MONUMENT, ())
    >>> face.card_id, face.kind, face.is_back
    ('M01', <CardKind.MONUMENT: 'monument'>, False)
    """

    card_id: str
    kind: CardKind | None  # None for images imposed from elsewhere
    items: tuple
    is_back: bool = False


__all__ = ["CardFrame", "CardKind", "Face"]
