"""The /stats picture: a member's progress at a glance, as PNG (Pillow only).

Top to bottom: the rules the member has met, weakest first, each its name and figures on
one line and a bar for its share right below; one line for the rules not met yet; what to
practise next (and, for a learner with nothing right yet, where to read the rule); what the
schedule deals next; the share right on each of the member's last practice days.

Design choices, and why:

* Made to be read at Discord's display width (~400 px, half of ``WIDTH``): the smallest text
  is ``FONT_PX`` = 26 px, 13 px on a phone, and every row is a line of its own, so a long
  Swedish rule name never squeezes its bar.
* WCAG 2 contrast on the felt: every text at least 4.5:1, every bar and frame at least 3:1
  (the colours below, checked by the tests on the drawn pixels). A bar sits in a light frame
  from 0 to 100 %, so an empty bar (0 % right) is still seen as one.
* At most ``MAX_RULE_ROWS`` rules are drawn, the weakest; the others are summed up in one line
  (their count and range), so the picture stays about as tall as it is wide.
* The texts come in formatted by the caller (in the member's language); this module knows no
  language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from PIL import Image, ImageDraw

from . import palette
from .cards_image import FELT, encode_png
from .fonts import FontLike, load_font
from .palette import GOLD as WEAK
from .palette import GOLD_TEXT as HEADING
from .palette import SECONDARY, TEXT

#: The palette's colours in this picture's roles.
_PALETTE_COLOURS: Final = palette.PALETTE_COLOURS

__all__ = ["MAX_RULE_ROWS", "WIDTH", "Day", "Progress", "RuleRow", "render_progress"]

Colour = tuple[int, int, int]

WIDTH: Final = 800
MARGIN: Final = 24
FONT_PX: Final = 26
HEADING_PX: Final = 30
LINE: Final = 36
"""Height of one line of text."""
BAR_HEIGHT: Final = 18
"""Height of a rule's bar with its frame."""
FRAME: Final = 2
INSET: Final = 4
"""From the frame's outer edge to the bar: the frame, then a strip of felt."""
COLUMN_HEIGHT: Final = 96
"""Height of a day's column (100 %)."""
SECTION_GAP: Final = 14
MAX_RULE_ROWS: Final = 6
MAX_DAYS: Final = 6
#: The least space between a rule's name and its figures.
NAME_GAP: Final = 16
#: Below this share right a bar is drawn in the warning colour.
WEAK_BELOW: Final = 0.7

GOOD: Final = (150, 204, 170)


@dataclass(frozen=True)
class RuleRow:
    """A rule met: its name, share right (0-1) and figures as shown ("3 of 5 · 60 %")."""

    name: str
    share: float
    figures: str


@dataclass(frozen=True)
class Day:
    """One practice day: its label ("1 Dec"), share right and the share as shown."""

    label: str
    share: float
    figures: str


@dataclass(frozen=True)
class Progress:
    """Everything the picture writes, already in the member's language."""

    title: str
    rows: Sequence[RuleRow] = ()
    #: Lines under the rows: the rules left out, the rules not met yet.
    summary: Sequence[str] = ()
    #: What to do next (practise the weakest rule, read it first, start).
    advice: Sequence[str] = ()
    due_title: str = ""
    due: Sequence[str] = ()
    days_title: str = ""
    days: Sequence[Day] = field(default_factory=tuple)


def _width(draw: ImageDraw.ImageDraw, text: str, font: FontLike) -> int:
    return round(draw.textbbox((0, 0), text, font=font)[2])


def _fitted(draw: ImageDraw.ImageDraw, text: str, font: FontLike, room: int) -> str:
    """``text``, cut with an ellipsis where it would run into what stands beside it (the
    full name is in the alt text): the longest rule names with four-digit figures."""
    if _width(draw, text, font) <= room:
        return text
    while text and _width(draw, text + "…", font) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: FontLike, width: int) -> list[str]:
    """``text`` in lines no wider than ``width``, broken between words."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and _width(draw, f"{lines[-1]} {word}", font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


class _Canvas:
    """Lays lines out top to bottom; ``draw`` False only measures (the height comes first)."""

    def __init__(self, image: Image.Image | None) -> None:
        self.image = image or Image.new("RGB", (WIDTH, 1), FELT)
        self.paint = image is not None
        self.draw = ImageDraw.Draw(self.image)
        self.font = load_font(FONT_PX)
        self.heading_font = load_font(HEADING_PX)
        self.y = MARGIN
        # One baseline offset for every line, from tall and deep letters, not each text's ink.
        top, bottom = self.draw.textbbox((0, 0), "ÅÄg0", font=self.font)[1::2]
        self.offset = (LINE - (top + bottom)) / 2

    def text(self, text: str, colour: Colour = TEXT, heading: bool = False) -> None:
        font = self.heading_font if heading else self.font
        for line in _wrap(self.draw, text, font, WIDTH - 2 * MARGIN):
            if self.paint:
                self.draw.text((MARGIN, self.y + self.offset), line, font=font, fill=colour)
            self.y += LINE

    def rule(self, row: RuleRow) -> None:
        if self.paint:
            figures_x = WIDTH - MARGIN - _width(self.draw, row.figures, self.font)
            y = self.y + self.offset
            name = _fitted(self.draw, row.name, self.font, figures_x - MARGIN - NAME_GAP)
            self.draw.text((MARGIN, y), name, font=self.font, fill=TEXT)
            self.draw.text((figures_x, y), row.figures, font=self.font, fill=SECONDARY)
            top = self.y + LINE + 2
            self._bar(MARGIN, top, WIDTH - MARGIN - 1, top + BAR_HEIGHT - 1, row.share, False)
        self.y += LINE + 2 + BAR_HEIGHT + 10

    def _bar(self, x0: int, y0: int, x1: int, y1: int, share: float, upright: bool) -> None:
        """A frame from 0 to 100 % with the share filled in, left to right or bottom up."""
        self.draw.rectangle((x0, y0, x1, y1), outline=SECONDARY, width=FRAME)
        colour = GOOD if share >= WEAK_BELOW else WEAK
        ix0, iy0, ix1, iy1 = x0 + INSET, y0 + INSET, x1 - INSET, y1 - INSET
        if upright:
            top = iy1 - round((iy1 - iy0) * share)
            if share > 0:
                self.draw.rectangle((ix0, top, ix1, iy1), fill=colour)
        elif share > 0:
            self.draw.rectangle((ix0, iy0, ix0 + round((ix1 - ix0) * share), iy1), fill=colour)

    def columns(self, days: Sequence[Day]) -> None:
        """One column per day, its share above and its date below."""
        slot = (WIDTH - 2 * MARGIN) // MAX_DAYS
        if self.paint:
            for i, day in enumerate(days):
                middle = MARGIN + slot * i + slot // 2
                for text, y in ((day.figures, self.y), (day.label, self.y + LINE + COLUMN_HEIGHT)):
                    x = middle - _width(self.draw, text, self.font) / 2
                    self.draw.text((x, y + self.offset), text, font=self.font, fill=TEXT)
                top = self.y + LINE
                half = slot // 2 - 14
                self._bar(
                    middle - half, top, middle + half, top + COLUMN_HEIGHT - 8, day.share, True
                )
        self.y += 2 * LINE + COLUMN_HEIGHT

    def gap(self) -> None:
        self.y += SECTION_GAP


def _layout(progress: Progress, canvas: _Canvas) -> int:
    canvas.text(progress.title, HEADING, heading=True)
    canvas.y += 6
    for row in progress.rows[:MAX_RULE_ROWS]:
        canvas.rule(row)
    for line in progress.summary:
        canvas.text(line, SECONDARY)
    if progress.advice:
        canvas.gap()
        for line in progress.advice:
            canvas.text(line)
    if progress.due:
        canvas.gap()
        canvas.text(progress.due_title, HEADING, heading=True)
        for line in progress.due:
            canvas.text(line)
    if progress.days:
        canvas.gap()
        canvas.text(progress.days_title, HEADING, heading=True)
        canvas.columns(progress.days[-MAX_DAYS:])
    return canvas.y + MARGIN


def render_progress(progress: Progress) -> bytes:
    """PNG of ``progress``: ``WIDTH`` wide, as tall as its lines need."""
    height = _layout(progress, _Canvas(None))
    image = Image.new("RGB", (WIDTH, height), FELT)
    _layout(progress, _Canvas(image))
    palette = image.quantize(
        _PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    return encode_png(palette)
