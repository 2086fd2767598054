"""The /stats picture: one row per rule (its name in the member's language), a bar for the
share answered right, and the figures on the right.

Rule names are words, longer than /analyze's ranks, so this chart is wider than
``bot.pictures.chart``'s and fixes its scale at 0-100 %; it shares the felt, the font and the
PNG encoding with the card pictures.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from ...pictures.cards_image import FELT, encode_png
from ...pictures.fonts import load_font

WIDTH: Final = 1000
ROW_HEIGHT: Final = 34
MARGIN: Final = 16
GAP: Final = 14
FONT_PX: Final = 20
BAR_FILL: Final = 0.6

_TEXT: Final = (240, 240, 236)
_DIM: Final = (150, 176, 160)
_TRACK: Final = (36, 112, 72)
_GOOD: Final = (126, 178, 146)
_WEAK: Final = (245, 182, 28)
#: Below this share right a rule's bar is drawn in the warning colour.
WEAK_BELOW: Final = 0.7


def render_rule_chart(rows: Sequence[tuple[str, float | None, str]]) -> bytes:
    """PNG: per row (name, share right or None when never met, figures)."""
    if not rows:
        raise ValueError("a chart needs at least one row")
    height = 2 * MARGIN + ROW_HEIGHT * len(rows)
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    font = load_font(FONT_PX)
    label_width = max(round(draw.textbbox((0, 0), name, font=font)[2]) for name, _, _ in rows)
    value_width = max(round(draw.textbbox((0, 0), shown, font=font)[2]) for _, _, shown in rows)
    left = MARGIN + label_width + GAP
    right = WIDTH - MARGIN - value_width - GAP
    thickness = round(ROW_HEIGHT * BAR_FILL)
    _l, ink_top, _r, ink_bottom = draw.textbbox((0, 0), "Åg0123456789", font=font)
    text_middle = (ink_top + ink_bottom) / 2
    for row, (name, share, shown) in enumerate(rows):
        middle = MARGIN + row * ROW_HEIGHT + ROW_HEIGHT // 2
        y0 = middle - thickness // 2
        colour = _TEXT if share is not None else _DIM
        draw.rectangle((left, y0, right, y0 + thickness - 1), fill=_TRACK)
        if share is not None and share > 0:
            end = left + round((right - left) * share)
            fill = _GOOD if share >= WEAK_BELOW else _WEAK
            draw.rectangle((left, y0, end, y0 + thickness - 1), fill=fill)
        text_y = middle - text_middle
        draw.text((MARGIN, text_y), name, font=font, fill=colour)
        value_x = WIDTH - MARGIN - round(draw.textbbox((0, 0), shown, font=font)[2])
        draw.text((value_x, text_y), shown, font=font, fill=colour)
    return encode_png(
        image.quantize(64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    )
