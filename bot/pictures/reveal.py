"""A table's reveal as one picture: the dealer's split, then every seat's, each under a
heading that names the seat and its result. The hand of the day's result is drawn the
same way (the house way's split, the member's beneath it): short enough for a phone.

Each hand is one row, the five-card hand and then the two-card hand a little apart, so
that seven hands stack in a column a phone shows whole: at Discord's width of about
400 px a card is still about 50 px wide and a heading's capitals about 18 px tall. The
headings are written by the caller (in the table's language); this module only draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image

from houseway.cards import Card

from .cards_image import FELT, Deck, encode_png, hand_picture
from .fonts import line_mask
from .palette import DEALER_TEXT, GOLD_TEXT, SECONDARY, TEXT

#: A heading's capitals, in the picture's pixels (about 18 px on a phone).
HEADING_CAP: Final = 40
_MARGIN: Final = 18
#: Room between the five-card and the two-card hand of a row.
_GAP: Final = 28
#: A heading's ink by the row's result: a win in gold, a loss dimmer, a push plain, the
#: dealer's in a blue of its own.
INKS: Final = {"win": GOLD_TEXT, "push": TEXT, "loss": SECONDARY, "dealer": DEALER_TEXT}


@dataclass(frozen=True)
class RevealRow:
    """One hand of the reveal: its heading, its split, and its tone (``INKS``)."""

    heading: str
    five: tuple[Card, ...]
    two: tuple[Card, ...]
    tone: str


def _row(row: RevealRow, deck: Deck) -> Image.Image:
    five, two = (
        hand_picture(cards, deck, row=True).convert("RGB") for cards in (row.five, row.two)
    )
    width = five.width + _GAP + two.width
    mask, below = line_mask(row.heading, HEADING_CAP, width - 2 * _MARGIN)
    top_room = HEADING_CAP * 2
    image = Image.new("RGB", (width, top_room + five.height), FELT)
    top = _MARGIN + below
    image.paste(INKS[row.tone], (_MARGIN, top, _MARGIN + mask.width, top + mask.height), mask)
    image.paste(five, (0, top_room))
    image.paste(two, (five.width + _GAP, top_room))
    return image


def render_reveal(rows: Sequence[RevealRow], deck: Deck = Deck.TWO) -> bytes:
    """PNG of the reveal: ``rows`` top to bottom (the dealer first, by the caller), in
    ``deck`` (a table's is public: two colours; the hand of the day's result, the member's).

    Raises:
        ValueError: no rows, or a row whose hands are not five and two cards.
    """
    if not rows:
        raise ValueError("a reveal shows at least the dealer's hand")
    for row in rows:
        if len(row.five) != 5 or len(row.two) != 2:
            raise ValueError("a row shows a five-card and a two-card hand")
    parts = [_row(row, deck) for row in rows]
    width = max(part.width for part in parts)
    image = Image.new("RGB", (width, sum(part.height for part in parts) + _MARGIN), FELT)
    top = 0
    for part in parts:
        image.paste(part, (0, top))
        top += part.height
    return encode_png(image.quantize(colors=256, method=Image.Quantize.FASTOCTREE))
