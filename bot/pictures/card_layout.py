"""Where the cards of a picture go, and the vector shapes of the pips and the joker's
star: geometry only, so that bot/pictures/cards_image.py is about drawing and caching faces.

Shapes are drawn with ``ImageDraw`` rather than font glyphs, so a picture looks the
same on any machine whatever fonts it has.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Final

from PIL import ImageDraw

#: The most cards :func:`render_hand` lays out in one row (a Pai Gow hand).
MAX_HAND: Final = 7
CARD_RATIO: Final = 1.4
"""Height / width of a card (poker cards are 63 x 88 mm)."""
SPLIT_CARD_W: Final = 150
HAND_CARD_W: Final = 112

Box = tuple[int, int, int, int]
"""``(left, top, right, bottom)`` in pixels, right and bottom exclusive (as in PIL)."""


# --- Layout --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Layout:
    """Where the cards of a picture go; public so tests and callers can find a card."""

    size: tuple[int, int]
    """``(width, height)`` of the whole picture."""
    card_size: tuple[int, int]
    """``(width, height)`` of one card."""
    slots: tuple[tuple[int, int], ...]
    """Top-left corner of each card, in the order the cards are given."""
    labels: tuple[Box, ...] = ()
    """Where the words go (a split's: the five-card hand's label, the two-card hand's, and
    the note of what the joker plays, beside the two-card hand)."""

    def boxes(self) -> list[Box]:
        """Return the box of every card slot, in the order the cards are given."""
        w, h = self.card_size
        return [(x, y, x + w, y + h) for x, y in self.slots]


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


#: Cap height of a split's words: 27 of the picture's 850 px are 12.7 px when Discord shows
#: it 400 px wide. A line takes about 1.6 caps (accents above, descenders below).
LABEL_CAP: Final = 27
LABEL_LINE: Final = 44


@functools.cache
def split_layout() -> Layout:
    """Layout of :func:`render_split`: five cards on top, two below, left-aligned, each
    row under its label; the joker's note to the right of the two-card hand."""
    w, h = SPLIT_CARD_W, card_height(SPLIT_CARD_W)
    margin, gap, row_gap = 22, 14, 18
    width = 2 * margin + 5 * w + 4 * gap
    five_y = margin + LABEL_LINE
    top = tuple((margin + i * (w + gap), five_y) for i in range(5))
    two_label_y = five_y + h + row_gap
    low_y = two_label_y + LABEL_LINE
    bottom = tuple((margin + i * (w + gap), low_y) for i in range(2))
    note_x = margin + 2 * (w + gap) + 2 * gap
    note_y = low_y + (h - 2 * LABEL_LINE) // 2
    labels = (
        (margin, margin, width - margin, five_y),
        (margin, two_label_y, width - margin, low_y),
        (note_x, note_y, width - margin, note_y + 2 * LABEL_LINE),
    )
    size = (width, low_y + h + margin)
    return Layout(size=size, card_size=(w, h), slots=top + bottom, labels=labels)


@functools.cache
def hand_layout(count: int = MAX_HAND) -> Layout:
    """Layout of :func:`render_hand`: ``count`` cards in one row.

    Cards are smaller than in :func:`split_layout` so seven of them still fit in about
    the same width.
    """
    if not 1 <= count <= MAX_HAND:
        raise ValueError(f"a hand has 1 to {MAX_HAND} cards, got {count}")
    w, h = HAND_CARD_W, card_height(HAND_CARD_W)
    margin, gap = 18, 10
    slots = tuple((margin + i * (w + gap), margin) for i in range(count))
    size = (2 * margin + count * w + (count - 1) * gap, 2 * margin + h)
    return Layout(size=size, card_size=(w, h), slots=slots)


# --- Vector shapes -------------------------------------------------------------------
# Shapes are described in unit coordinates: x and y in [-1, 1], y pointing down,
# as a list of polygons (lists of points) and circles ((cx, cy), r).
Point = tuple[float, float]
Shape = tuple[list[list[Point]], list[tuple[Point, float]]]


def _normalise(points: list[Point]) -> list[Point]:
    """Scale and centre points so that their bounding box just fits [-1, 1]^2."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    half = max(max(xs) - min(xs), max(ys) - min(ys)) / 2
    return [((x - cx) / half, (y - cy) / half) for x, y in points]


def _heart_outline(steps: int = 160) -> list[Point]:
    """The classic parametric heart curve, point down, normalised to the unit box."""
    pts: list[Point] = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, -y))
    return _normalise(pts)


_SPADES, _HEARTS, _DIAMONDS, _CLUBS = range(4)


@functools.cache
def suit_shape(suit: int) -> Shape:
    """Vector outline of a suit symbol, roughly filling the unit box."""
    if suit == _HEARTS:
        heart = [(x, y * 0.95) for x, y in _heart_outline()]
        return [heart], []
    if suit == _DIAMONDS:
        # Four slightly concave sides, like a printed diamond pip.
        corners = [(0.0, -1.0), (0.78, 0.0), (0.0, 1.0), (-0.78, 0.0)]
        pts: list[Point] = []
        for i in range(4):
            (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 4]
            for k in range(16):
                t = k / 16
                bulge = 0.10 * math.sin(math.pi * t)  # pull towards the centre
                x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                pts.append((x * (1 - bulge), y * (1 - bulge)))
        return [pts], []
    stem = [(-0.05, 0.45), (0.05, 0.45), (0.14, 0.88), (0.36, 1.0), (-0.36, 1.0), (-0.14, 0.88)]
    if suit == _SPADES:
        # An upside-down heart (point up) sitting on a flared stem.
        body = [(x * 0.92, -y * 0.78 - 0.15) for x, y in _heart_outline()]
        return [body, stem], []
    if suit == _CLUBS:
        # Three touching leaves; the triangle between their centres fills the middle.
        r = 0.42
        centres = [(0.0, -0.56), (-0.54, 0.12), (0.54, 0.12)]
        club_stem = [
            (-0.06, 0.1),
            (0.06, 0.1),
            (0.12, 0.82),
            (0.34, 1.0),
            (-0.34, 1.0),
            (-0.12, 0.82),
        ]
        return [centres, club_stem], [(c, r) for c in centres]
    raise ValueError(f"unknown suit {suit!r}")


@functools.cache
def star_shape() -> Shape:
    """A five-pointed star, the joker's emblem."""
    pts: list[Point] = []
    for i in range(10):
        angle = -math.pi / 2 + i * math.pi / 5
        radius = 1.0 if i % 2 == 0 else 0.42
        pts.append((radius * math.cos(angle), radius * math.sin(angle)))
    return [_normalise(pts)], []


def draw_shape(
    draw: ImageDraw.ImageDraw,
    shape: Shape,
    centre: Point,
    size: float,
    fill: tuple[int, int, int],
    outline: tuple[int, int, int] | None = None,
    outline_width: int = 0,
) -> None:
    """Draw ``shape`` scaled so that its unit box becomes ``size`` pixels wide."""
    cx, cy = centre
    half = size / 2
    polygons, circles = shape

    def to_px(p: Point) -> tuple[float, float]:
        return cx + p[0] * half, cy + p[1] * half

    for poly in polygons:
        points = [to_px(p) for p in poly]
        draw.polygon(points, fill=fill)
        if outline is not None:
            # A closed line with round joints: polygon outlines have ragged corners.
            draw.line(
                [*points, points[0], points[1]], fill=outline, width=outline_width, joint="curve"
            )
    for (px, py), r in circles:
        x, y = to_px((px, py))
        draw.ellipse((x - r * half, y - r * half, x + r * half, y + r * half), fill=fill)
