"""A card's frame (trim, bleed, safe zone) and a drawn side of a card: what the sheet engine and
``impose`` need, without the card art (``cards``) or the design reader behind it."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .items import Rect

SAFE_MM = 3.175  # text and symbols stay 1/8 in inside the trim


class CardKind(enum.Enum):
    MONUMENT = "monument"
    SEARCH = "search"


@dataclass(frozen=True)
class CardFrame:
    """The card's size as read (trim), its bleed and safe zone, in mm."""

    width_mm: float
    height_mm: float
    bleed_mm: float
    safe_mm: float = SAFE_MM

    @property
    def trim(self) -> Rect:
        return Rect(0.0, 0.0, self.width_mm, self.height_mm)

    @property
    def bleed(self) -> Rect:
        return self.trim.grow(self.bleed_mm)

    @property
    def safe(self) -> Rect:
        return self.trim.grow(-self.safe_mm)


@dataclass(frozen=True)
class Face:
    """One side of one card: what it is and what to draw."""

    card_id: str
    kind: CardKind | None  # None for images imposed from elsewhere
    items: tuple
    is_back: bool = False


__all__ = ["CardFrame", "CardKind", "Face"]
