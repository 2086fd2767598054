"""Reading the bot's PNG pictures back in tests: which inks are where, by pixel colour.

Shared by the picture tests of bot.cards_image and the bot tests that check what a member
is shown, so neither imports the other's test module.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from PIL import Image

from bot.pictures import cards_image as ci

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]


def is_red(c: Colour) -> bool:
    """Either red: the two-colour deck's (208, 64, 16), the four-colour deck's (214, 5, 8)."""
    return c[0] > 150 and c[1] < 90 and c[2] < 90


def is_dark(c: Colour) -> bool:
    """Black ink: dark and grey (the shadow on the felt is dark too, but green)."""
    return max(c) < 90 and max(c) - min(c) < 20


def is_blue(c: Colour) -> bool:
    """The four-colour deck's diamonds (3, 40, 138); the joker's purple has more red."""
    return c[2] > 110 and c[0] < 60 and c[1] < 90


def is_green(c: Colour) -> bool:
    """The four-colour deck's clubs (32, 132, 99), brighter than the felt (18, 92, 52)."""
    return c[1] > 110 and c[0] < 80 and 70 < c[2] < 130


#: The ink each suit (by its letter) must be drawn in, in each deck.
SUIT_INK: dict[ci.Deck, dict[str, Callable[[Colour], bool]]] = {
    ci.Deck.TWO: {"s": is_dark, "h": is_red, "d": is_red, "c": is_dark},
    ci.Deck.FOUR: {"s": is_dark, "h": is_red, "d": is_blue, "c": is_green},
}


def is_gold(c: Colour) -> bool:
    """The joker's star (245, 182, 28): nothing else on a card is orange-yellow."""
    return c[0] > 200 and 140 < c[1] < 220 and c[2] < 90


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(PNG_MAGIC)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image.convert("RGB")


def count(image: Image.Image, box: Box, predicate: Callable[[Colour], bool]) -> int:
    """Number of pixels in ``box`` whose colour satisfies ``predicate``."""
    colours = image.crop(box).getcolors(maxcolors=1 << 16)
    assert colours is not None
    return sum(n for n, c in colours if predicate(c))


def colours_in(image: Image.Image, box: Box) -> set[Colour]:
    colours = image.crop(box).getcolors(maxcolors=1 << 16)
    assert colours is not None
    return {c for _, c in colours}


def inks_in(image: Image.Image, box: Box) -> dict[str, int]:
    """Pixels of each ink in ``box``, by the predicate's name."""
    inks = (is_red, is_dark, is_blue, is_green, is_gold)
    return {ink.__name__: count(image, box, ink) for ink in inks}
