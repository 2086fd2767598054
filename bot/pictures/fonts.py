"""The pictures' font, and text fitted to a cap height: shared by the card faces and the
charts, so both look the same on every machine.

DejaVu Sans Bold when the system has it, else Pillow's bundled scalable font, else
Pillow's tiny bitmap font scaled up. Text is scaled to a fixed cap height, so a layout
does not depend on which font was found.
"""

from __future__ import annotations

import functools
from typing import Final

from PIL import Image, ImageDraw, ImageFont

FONT_CANDIDATES: tuple[str, ...] = (
    # A bare name makes Pillow search the usual font folders of the platform.
    "DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
    "/usr/local/share/fonts/DejaVuSans-Bold.ttf",
    "/Library/Fonts/DejaVuSans-Bold.ttf",
)
_FONT_PX: Final = 200
"""Size the rank text is rasterised at before it is scaled to its place."""
LINES_KEPT: Final = 256
"""Lines of words whose masks are kept (a heading's is some 20 KB)."""


FontLike = ImageFont.FreeTypeFont | ImageFont.ImageFont | ImageFont.TransposedFont


@functools.cache
def load_font(px: int) -> FontLike:
    """Best available font at ``px``: DejaVu Sans Bold, else Pillow's own fonts.

    The card faces and the /analyze chart share it, so both look the same everywhere.
    """
    for candidate in FONT_CANDIDATES:
        try:
            return ImageFont.truetype(candidate, px)
        except OSError:
            continue
    try:
        # Pillow >= 10.1 ships a scalable font when it is built with FreeType.
        return ImageFont.load_default(size=px)
    except (OSError, ImportError, TypeError):  # pragma: no cover - depends on the build
        return ImageFont.load_default()


def text_font() -> FontLike:
    """The font of fitted text; any works: text is always scaled to a fixed cap height."""
    return load_font(_FONT_PX)


def _drawable(text: str, font: FontLike) -> str:
    """``text`` as ``font`` can draw it: the bitmap font knows Latin-1 only ("–" is "-")."""
    if isinstance(font, ImageFont.ImageFont):
        return text.replace("–", "-").encode("latin-1", "replace").decode("latin-1")
    return text


def _ink(text: str) -> Image.Image:
    """Rasterise ``text`` in white on black and crop it to its inked pixels."""
    return _inked(text)[0]


def _inked(text: str, font: FontLike | None = None) -> tuple[Image.Image, int]:
    """:func:`_ink` of ``text``, and how far below the drawing origin its ink starts in the
    same pixels (so "som ess" starts lower than "H", at its x-height): one rasterisation
    for both, the costly part of a line of words. ``font``: the text font at another size."""
    font = font or text_font()
    text = _drawable(text, font)
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    # Whole pixels from an integer origin; Pillow types the box as floats.
    left, top, right, bottom = map(int, probe.textbbox((0, 0), text, font=font))
    pad = 4
    img = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(img).text((pad - left, pad - top), text, font=font, fill=255)
    bbox = img.getbbox()
    img = img.crop(bbox) if bbox else img
    ink_top = (bbox[1] - pad + top) if bbox else 0
    if not isinstance(font, ImageFont.FreeTypeFont):
        # Last resort, a tiny (bitmap) font: enlarge its pixels as crisp blocks, so the
        # rank reads as pixel art rather than a blurry smudge once scaled to its place.
        factor = 16
        img = img.resize((img.width * factor, img.height * factor), Image.Resampling.NEAREST)
        ink_top *= factor
    return img, ink_top


@functools.cache
def _cap_height() -> int:
    """Height of a capital letter in the chosen font; text is scaled relative to it."""
    return _ink("H").height


@functools.cache
def _cap_top() -> int:
    """Where a capital's ink starts below the drawing origin (:func:`_inked`)."""
    return _inked("H")[1]


@functools.cache
def _cap_top_at(px: int) -> int:
    """:func:`_cap_top` for the font at ``px`` (a heading drawn at its own size)."""
    return _inked("H", load_font(px))[1]


def text_mask(text: str, cap_height: int, max_width: int) -> Image.Image:
    """An anti-aliased mask of ``text`` whose capitals are ``cap_height`` pixels tall.

    Scaling by the cap height of "H" (not by the text's own ink) keeps "Q" and "J" the
    same size as the other letters; text wider than ``max_width`` (only "10" in practice)
    is condensed horizontally, as printed decks do.
    """
    return _fitted(_ink(text), cap_height, max_width)


def _fitted(ink: Image.Image, cap_height: int, max_width: int) -> Image.Image:
    scale = cap_height / _cap_height()
    height = max(1, round(ink.height * scale))
    width = min(max(1, round(ink.width * scale)), max_width)
    return ink.resize((width, height), Image.Resampling.LANCZOS)


@functools.lru_cache(maxsize=LINES_KEPT)
def line_mask(text: str, cap_height: int, max_width: int) -> tuple[Image.Image, int]:
    """:func:`text_mask` of a line of words, and how far below the top of its capitals
    its mask is to be pasted (less than 0 for a ring or dots above them: "Två", "Ö"), so
    that lines of any letters share one baseline.

    Kept for the next call with the same words (a table's reveal draws the same headings
    round after round): paste the mask, never change it."""
    scale = cap_height / _cap_height()
    font = text_font()
    if isinstance(font, ImageFont.FreeTypeFont) and scale < 1:
        # Rasterised at its own size, not at _FONT_PX and scaled down: a heading's
        # downscale was most of a reveal's picture, and words this size need no more.
        px = max(1, round(_FONT_PX * scale))
        ink, ink_top = _inked(text, load_font(px))
        if ink.width > max_width:
            ink = ink.resize((max_width, ink.height), Image.Resampling.LANCZOS)
        return ink, ink_top - _cap_top_at(px)
    ink, ink_top = _inked(text)
    return _fitted(ink, cap_height, max_width), round((ink_top - _cap_top()) * scale)


def clear_font_cache() -> None:
    """Forget the loaded fonts and the measured cap height (for tests or a font change)."""
    load_font.cache_clear()
    _cap_height.cache_clear()
    _cap_top.cache_clear()
    _cap_top_at.cache_clear()
    line_mask.cache_clear()
