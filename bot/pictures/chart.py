"""Horizontal bar charts as PNG: /analyze's (what each split gives up against the best), in
its ``ChartStyle`` (Pillow only, no downloads). /stats draws its own picture
(``bot.pictures.progress``): sections of text, not one row per bar.

Design choices, and why:

* Horizontal bars: the labels (the split, in card notation) sit on the left where they
  have room, and the values line up in one column on the right, so a phone showing the
  picture at half size (~400 px) still reads every row.
* A title and a legend above the rows (#29: a chart read without its message still says
  what it shows and which colour is which), in words the caller gives in the member's
  language; the rows carry only card ranks and numbers, formatted by the caller (decimal
  comma for Swedish) as its text shows them.
* The same felt colour as the card pictures, white text, the highlighted bar in the
  joker's gold: it looks like the rest of the bot in Discord's dark and light themes.
  The highlighted row also gets a gold mark at its left edge, so it shows even when its
  bar has no length (the house way is the best split).
  A bar of its own colour may carry a mark of that colour too (/analyze's player's way,
  blue: a second marked row that does not read as the house way's). A mark is 14 px wide,
  7 px on a phone that shows the picture at 400 px.
* A bar that is not zero is at least ``MIN_BAR`` pixels long: next to a split that gives
  up half a unit, one that gives up 0.0001 would otherwise be drawn like the best.
* Flat rectangles need no anti-aliasing; only the text is anti-aliased (FreeType), and
  the picture is reduced to a small palette, which keeps a chart quick to encode and small.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from . import palette
from .cards_image import FELT, encode_png
from .fonts import FontLike, load_font

#: The palette's colours in this picture's roles.
_HIGHLIGHT: Final = palette.GOLD
_HIGHLIGHT_TEXT: Final = palette.GOLD_TEXT
_PALETTE_COLOURS: Final = palette.PALETTE_COLOURS
_DIM_TEXT: Final = palette.SECONDARY
_TEXT: Final = palette.TEXT

__all__ = ["ANALYSIS", "Bar", "ChartStyle", "render_bar_chart"]

Colour = tuple[int, int, int]

WIDTH: Final = 800
ROW_HEIGHT: Final = 46
"""Eight rows plus the margins make a picture of about 800 x 400."""
MARGIN: Final = 18
GAP: Final = 16
"""Space between the label column, the bars and the value column."""
FONT_PX: Final = 24
"""Half of it on a phone (Discord shows the picture at ~400 px): still readable."""
BAR_FILL: Final = 0.66
"""Share of a row's height that the bar takes."""
MIN_BAR: Final = 4
"""Shortest bar for a value that is not zero, in pixels."""
MARK_WIDTH: Final = 14
"""Width of a marked row's mark at the picture's left edge (7 px at 400 px wide)."""
HEADER_LINE: Final = 40
"""Height of the title's line and of the legend's, above the rows."""
KEY_SIZE: Final = 18
"""The legend's colour squares, in pixels."""

_BAR: Final = (126, 178, 146)
_ZERO_LINE: Final = (235, 235, 230)
_QUANTIZE: Final = Image.Quantize.FASTOCTREE


@dataclass(frozen=True)
class Bar:
    """One row: ``label`` on the left, a bar of length ``value``, ``value_text`` right;
    ``colour`` for a bar of its own colour; ``mark`` for a mark of that colour at the left
    edge (a highlighted row has the gold one), which shows even when the bar has no length."""

    label: str
    value: float
    value_text: str
    highlight: bool = False
    colour: Colour | None = None
    mark: Colour | None = None


@dataclass(frozen=True)
class ChartStyle:
    """How a chart is laid out: its size, and whether the bars share a zero line drawn
    from the data (/analyze) or a fixed scale over a track."""

    width: int = WIDTH
    row_height: int = ROW_HEIGHT
    margin: int = MARGIN
    gap: int = GAP
    font_px: int = FONT_PX
    bar_fill: float = BAR_FILL
    min_bar: int = MIN_BAR
    #: A fixed (low, high) for the bars instead of the data's own.
    scale: tuple[float, float] | None = None
    #: Drawn behind each bar, over the whole scale.
    track: Colour | None = None
    zero_line: bool = True
    #: The values in a dimmer colour than the labels.
    dim_values: bool = True
    #: What sets the rows' common baseline (the tallest and deepest letters shown).
    text_sample: str = "0123456789AKQJT"


ANALYSIS: Final = ChartStyle()


def _text_width(draw: ImageDraw.ImageDraw, text: str, font: FontLike) -> int:
    """How far the ink of ``text`` drawn at x = 0 reaches (what right-aligning needs)."""
    return round(draw.textbbox((0, 0), text, font=font)[2])


def _header(
    draw: ImageDraw.ImageDraw,
    style: ChartStyle,
    font: FontLike,
    title: str | None,
    legend: Sequence[tuple[Colour, str]],
) -> int:
    """The title's line and the legend's (a square of each colour before its words), from
    the top; the height they take."""
    top = style.margin
    if title:
        room, size = style.width - 2 * style.margin, style.font_px
        while _text_width(draw, title, load_font(size)) > room and size > style.font_px // 2:
            size -= 1  # a longer title in a smaller letter, never cut
        draw.text((style.margin, top), title, font=load_font(size), fill=_TEXT)
        top += HEADER_LINE
    if legend:
        x = style.margin
        for colour, words in legend:
            square_top = top + (style.font_px - KEY_SIZE) // 2 + 2
            draw.rectangle(
                (x, square_top, x + KEY_SIZE - 1, square_top + KEY_SIZE - 1), fill=colour
            )
            x += KEY_SIZE + style.gap // 2
            draw.text((x, top), words, font=font, fill=_TEXT)
            x += _text_width(draw, words, font) + 2 * style.gap
        top += HEADER_LINE
    return top - style.margin


def render_bar_chart(
    bars: Sequence[Bar],
    style: ChartStyle = ANALYSIS,
    *,
    title: str | None = None,
    legend: Sequence[tuple[Colour, str]] = (),
) -> bytes:
    """PNG of ``bars`` top to bottom, each drawn from a shared zero line, under ``title``
    and a ``legend`` of (colour, words) when given.

    Negative values extend left of the zero line, so a mix of winning and losing
    splits reads at a glance. The picture is ``style.width`` wide and one row per bar high,
    with a line each for the title and the legend.

    Raises:
        ValueError: if there are no bars.
    """
    if not bars:
        raise ValueError("a chart needs at least one bar")
    header = HEADER_LINE * (bool(title) + bool(legend))
    height = 2 * style.margin + header + style.row_height * len(bars)
    image = Image.new("RGB", (style.width, height), FELT)
    draw = ImageDraw.Draw(image)
    font = load_font(style.font_px)
    _header(draw, style, font, title, legend)
    label_width = max(_text_width(draw, bar.label, font) for bar in bars)
    value_width = max(_text_width(draw, bar.value_text, font) for bar in bars)
    left = style.margin + label_width + style.gap
    right = style.width - style.margin - value_width - style.gap
    if style.scale is None:
        low = min(0.0, *(bar.value for bar in bars))
        high = max(0.0, *(bar.value for bar in bars))
    else:
        low, high = style.scale
    span = (high - low) or 1.0
    scale = (right - left) / span
    zero = left + round(-low * scale)
    thickness = round(style.row_height * style.bar_fill)
    # One vertical offset for every text (from digits and ranks, not each text's own
    # ink), so all rows share a baseline; no anchors, which bitmap fonts lack.
    _left, ink_top, _right, ink_bottom = draw.textbbox((0, 0), style.text_sample, font=font)
    text_middle = (ink_top + ink_bottom) / 2

    for row, bar in enumerate(bars):
        top = style.margin + header + row * style.row_height
        middle = top + style.row_height // 2
        colour = bar.colour or (_HIGHLIGHT if bar.highlight else _BAR)
        text_colour = _HIGHLIGHT_TEXT if bar.highlight else _TEXT
        y0 = middle - thickness // 2
        if style.track is not None:
            draw.rectangle((left, y0, right, y0 + thickness - 1), fill=style.track)
        if bar.value:
            length = max(round(abs(bar.value) * scale), style.min_bar)
            end = zero + (length if bar.value > 0 else -length)
            draw.rectangle((min(zero, end), y0, max(zero, end), y0 + thickness - 1), fill=colour)
        elif style.zero_line:  # a zero-length bar is still a line on the zero
            draw.rectangle((zero, y0, zero, y0 + thickness - 1), fill=colour)
        mark = bar.mark or (_HIGHLIGHT if bar.highlight else None)
        if mark is not None:
            draw.rectangle((0, y0, MARK_WIDTH - 1, y0 + thickness - 1), fill=mark)
        text_y = middle - text_middle
        draw.text((style.margin, text_y), bar.label, font=font, fill=text_colour)
        value_x = style.width - style.margin - _text_width(draw, bar.value_text, font)
        dim = style.dim_values and not bar.highlight
        draw.text(
            (value_x, text_y), bar.value_text, font=font, fill=_DIM_TEXT if dim else text_colour
        )
    if style.zero_line:
        first = style.margin + header - style.margin // 2
        draw.line((zero, first, zero, height - style.margin // 2), fill=_ZERO_LINE, width=2)

    return encode_png(image.quantize(_PALETTE_COLOURS, method=_QUANTIZE, dither=Image.Dither.NONE))
