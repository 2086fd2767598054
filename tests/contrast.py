"""Reading a picture's layout and WCAG 2 contrast back from its pixels (the /stats picture's
tests): bands of drawn rows, text versus bars, and the contrast of the colours drawn."""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass

from PIL import Image

Colour = tuple[int, int, int]
DISPLAY_WIDTH = 400
"""Discord shows an embed's picture about this wide."""
MIN_CAP_HEIGHT = 8
"""Height of a capital or digit at 400 px wide: 11 px text in DejaVu Sans (0.73 em)."""


def luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@dataclass
class Band:
    """Consecutive pixel rows with something drawn on them."""

    top: int
    bottom: int  # inclusive
    graphic: bool  # holds a long run of one colour (a bar or a frame), not only text

    @property
    def height(self) -> int:
        return self.bottom - self.top + 1


def runs(row: list[Colour], background: Colour, length: int) -> set[Colour]:
    """Colours (not the background) drawn at least ``length`` pixels in a row."""
    found: set[Colour] = set()
    start = 0
    for x in range(1, len(row) + 1):
        if x == len(row) or row[x] != row[start]:
            if x - start >= length and row[start] != background:
                found.add(row[start])
            start = x
    return found


def read(png: bytes) -> tuple[Image.Image, Colour, list[Band]]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    counts = Counter(image.get_flattened_data())
    background: Colour = counts.most_common(1)[0][0]
    width = image.width
    pixels = list(image.get_flattened_data())
    rows = [pixels[y * width : (y + 1) * width] for y in range(image.height)]
    bands: list[Band] = []
    for y, row in enumerate(rows):
        if any(c != background for c in row):
            graphic = bool(runs(row, background, 60))
            if bands and bands[-1].bottom == y - 1:
                bands[-1].bottom = y
                bands[-1].graphic |= graphic
            else:
                bands.append(Band(y, y, graphic))
    return image, background, bands


def band_colours(image: Image.Image, band: Band) -> Counter[Colour]:
    return Counter(image.crop((0, band.top, image.width, band.bottom + 1)).get_flattened_data())


def bars(png: bytes) -> list[float]:
    """The rule bars' filled share, top to bottom (a bar is a thin graphic band)."""
    image, background, bands = read(png)
    shares = []
    for band in bands:
        if band.graphic and band.height < 30:
            middle = list(
                image.crop(
                    (
                        0,
                        (band.top + band.bottom) // 2,
                        image.width,
                        1 + (band.top + band.bottom) // 2,
                    )
                ).get_flattened_data()
            )
            drawn = [x for x, c in enumerate(middle) if c != background]
            frame = middle[drawn[0]]
            filled = sum(1 for c in middle if c not in (background, frame))
            shares.append(filled / (drawn[-1] - drawn[0] + 1 - 8))
    return shares
