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

from houseway.cards import DECK, Card

from .cards_image import FELT, Deck, deck_palette, encode_png, hand_picture
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


#: Shades of a heading's ink over the felt, the felt not counted: its anti-aliased edge.
SHADES: Final = 15


@dataclass(frozen=True)
class _Inks:
    """The deck's palette with a ramp of SHADES for each ink of ``INKS`` in its unused
    entries, the felt's entry, and per tone a table from a heading mask's value (0-255)
    to an entry: a reveal is then drawn in the palette its hands are, with no quantising
    of the whole picture (which was most of the cost of a table's round)."""

    palette: list[int]
    felt: int
    shades: dict[str, list[int]]


#: Each deck's inks with the palette they extend: made again when the palette is (after
#: ``cards_image.clear_cache``, as a font changes).
_KEPT: dict[Deck, tuple[Image.Image, _Inks | None]] = {}


def _inks(deck: Deck) -> _Inks | None:
    """None where the palette has no room for the ramps (the four-colour deck)."""
    palette_image = deck_palette(deck)
    kept = _KEPT.get(deck)
    if kept is None or kept[0] is not palette_image:
        kept = _KEPT[deck] = (palette_image, _made_inks(deck, palette_image))
    return kept[1]


def _made_inks(deck: Deck, palette_image: Image.Image) -> _Inks | None:
    palette = palette_image.getpalette() or []
    used = {index for _, index in palette_image.getcolors(256) or []}
    # The palette's unused entries are black; a hand's black (a shadow's darkest pixels)
    # is drawn in the first of them, which therefore is no free entry.
    black = Image.new("RGB", (1, 1), (0, 0, 0)).quantize(palette=palette_image)
    used.add(int(black.getpixel((0, 0))))  # type: ignore[arg-type]
    free = [index for index in range(256) if index not in used]
    if len(free) < SHADES * len(INKS):
        return None
    felt = int(hand_picture(DECK[:1], deck).getpixel((0, 0)))  # type: ignore[arg-type]
    felt_rgb = palette[3 * felt : 3 * felt + 3]
    shades = {}
    for tone, ink in INKS.items():
        ramp = [free.pop(0) for _ in range(SHADES)]
        for level, index in enumerate(ramp, 1):
            mix = [round(f + (i - f) * level / SHADES) for f, i in zip(felt_rgb, ink, strict=True)]
            palette[3 * index : 3 * index + 3] = mix
        shades[tone] = [felt, *ramp]
    lookup = {
        tone: [ramp[round(value * SHADES / 255)] for value in range(256)]
        for tone, ramp in shades.items()
    }
    return _Inks(palette, felt, lookup)


def _row(row: RevealRow, deck: Deck, inks: _Inks | None) -> Image.Image:
    five, two = (hand_picture(cards, deck, row=True) for cards in (row.five, row.two))
    width = five.width + _GAP + two.width
    mask, below = line_mask(row.heading, HEADING_CAP, width - 2 * _MARGIN)
    size, top = (width, HEADING_CAP * 2 + five.height), _MARGIN + below
    if inks is None:
        five, two = five.convert("RGB"), two.convert("RGB")
        image = Image.new("RGB", size, FELT)
        image.paste(INKS[row.tone], (_MARGIN, top, _MARGIN + mask.width, top + mask.height), mask)
    else:
        image = Image.new("P", size, inks.felt)
        image.putpalette(inks.palette)
        heading = mask.point(inks.shades[row.tone])
        heading.putpalette(inks.palette)  # its values are entries of the palette
        image.paste(heading, (_MARGIN, top))
    image.paste(five, (0, HEADING_CAP * 2))
    image.paste(two, (five.width + _GAP, HEADING_CAP * 2))
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
    inks = _inks(Deck(deck))
    parts = [_row(row, deck, inks) for row in rows]
    width, height = max(part.width for part in parts), sum(part.height for part in parts)
    if inks is None:
        image = Image.new("RGB", (width, height + _MARGIN), FELT)
    else:
        image = Image.new("P", (width, height + _MARGIN), inks.felt)
        image.putpalette(inks.palette)
    top = 0
    for part in parts:
        image.paste(part, (0, top))
        top += part.height
    if inks is None:
        image = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    return encode_png(image)
