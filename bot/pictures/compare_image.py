"""Splits stacked under headings: after a wrong split the house way above the member's own
("Husets delning" / "Din delning"), and a played hand's showdown (the dealer above the
player), each row labelled as in every split picture, in the member's deck. Stacked, not
side by side, so that at Discord's width of about 400 px the labels stay as large as in a
single split."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from houseway.cards import Card
from houseway.language import Lang

from ..texts.alt_text import split_description
from ..texts.i18n import text
from .card_layout import LABEL_CAP
from .cards_image import FELT, Deck, encode_png, render_split
from .fonts import line_mask

Split = tuple[Sequence[Card], Sequence[Card]]
#: The heading's ink: the labels' cream, a little brighter, on the felt.
_HEADING: tuple[int, int, int] = (255, 252, 240)
_MARGIN = 24


def _heading(words: str, width: int) -> Image.Image:
    """One heading line on the felt, a fifth larger than a row's label."""
    cap = LABEL_CAP * 6 // 5
    mask, below = line_mask(words, cap, width - 2 * _MARGIN)
    image = Image.new("RGB", (width, cap * 2 + _MARGIN), FELT)
    top = _MARGIN // 2 + cap // 2 + below
    image.paste(_HEADING, (_MARGIN, top, _MARGIN + mask.width, top + mask.height), mask)
    return image


def render_stacked(parts: Sequence[tuple[str, Split]], deck: Deck, *, lang: Lang) -> bytes:
    """PNG of splits one above the other, each under its heading (words already in
    ``lang``): the comparison after a wrong split, and a hand's showdown (the dealer above
    the player)."""
    rows = []
    for heading, (five, two) in parts:
        split = Image.open(io.BytesIO(render_split(five, two, deck, lang=lang))).convert("RGB")
        rows += [_heading(heading, split.width), split]
    width = max(row.width for row in rows)
    image = Image.new("RGB", (width, sum(row.height for row in rows)), FELT)
    top = 0
    for row in rows:
        image.paste(row, (0, top))
        top += row.height
    return encode_png(image.quantize(colors=256, method=Image.Quantize.FASTOCTREE))


def render_comparison(house: Split, yours: Split, deck: Deck, *, lang: Lang) -> bytes:
    """PNG of the house way's split above the member's, each under its heading."""
    parts = [(text("compare.house", lang), house), (text("compare.yours", lang), yours)]
    return render_stacked(parts, deck, lang=lang)


def comparison_description(house: Split, yours: Split, lang: Lang) -> str:
    """The alt text: both splits as the picture shows them, each after its heading."""
    return text(
        "alt.compare",
        lang,
        house=split_description(*house, lang),
        yours=split_description(*yours, lang),
    )
