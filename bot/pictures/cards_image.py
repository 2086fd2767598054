"""PNG pictures of playing cards for Discord embeds.

Discord shows an embed image at most ~400 px wide on a phone, so the pictures are
rendered at roughly twice that width (about 850-880 px) and scaled down by the client:
that keeps edges crisp on high-density screens while the file stays small.

Design choices, and why:

* Every card face is drawn once per card size (at 4x resolution, then downsampled,
  because Pillow's ``ImageDraw`` does not anti-alias) and cached; a picture is then a
  copy of a cached background (felt + card shadows) with the cached faces pasted on.
  The picture is then reduced to a 256-colour palette (it only has a few hundred
  colours) and encoded at a low zlib level, so a picture is quick to make and small to
  send (the figures are in docs/contributors.md, from ``benchmarks/bench_cards_image.py``).
* Suit symbols are vector shapes drawn with ``ImageDraw``, not font glyphs, so the
  picture looks the same on any machine whatever fonts it has.
* Ranks are drawn with DejaVu Sans Bold when the system has it, else with Pillow's
  bundled scalable font, else with Pillow's tiny bitmap font scaled up: every text is
  fitted to a fixed cap height, so the layout does not depend on which font was found
  (``bot/pictures/fonts.py``, which the charts share).
* A split says what it shows, in the viewer's language: each row's label ("Five-card
  hand – Straight") and, beside the two-card hand, what the joker plays as; the joker
  stands where the text puts it (``bot.texts.split_labels``). Capitals
  are ``LABEL_CAP`` px tall: 12 px still when Discord shows the picture 400 px wide.
  A seven-card hand carries no words (only ranks, suits and "JOKER"): it gives no hint.
* Two decks: red and black, and a four-colour deck (spades black, hearts red, diamonds
  blue, clubs green) for members who cannot tell red from black. Every ink keeps a 4.5:1
  contrast with the face, and the inks of a deck stay apart under simulated protan,
  deutan and tritan vision (see the inks below). Each deck has its own faces, palette and
  tiles in the caches.

Cards are the project's encoded cards (``houseway.cards.Card``); ranks are printed
with ``houseway.cards.rank_label`` ("10", not "T").
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Final

from PIL import Image, ImageDraw, ImageFilter

from houseway.cards import DECK, JOKER, SUIT_OF, Card, check_cards, rank_label
from houseway.language import Lang

from ..texts import split_labels
from ..texts.split_labels import every_label, five_label, joker_note, two_label
from . import drawn
from .card_layout import (
    HAND_CARD_W,
    LABEL_CAP,
    LABEL_LINE,
    MAX_HAND,
    SPLIT_CARD_W,
    Layout,
    card_height,
    draw_shape,
    hand_layout,
    split_layout,
    star_shape,
    suit_shape,
)
from .fonts import clear_font_cache, line_mask, text_mask

__all__ = [
    "FELT",
    "MAX_HAND",
    "Deck",
    "Layout",
    "clear_cache",
    "encode_png",
    "hand_layout",
    "render_hand",
    "render_split",
    "split_layout",
    "warm_up",
]


# --- Colours -------------------------------------------------------------------------
FELT: Final = (18, 92, 52)
"""Table colour; flat, because a flat colour keeps the PNG small and fast to encode."""
_SHADOW_ALPHA: Final = 120
_CARD_FACE: Final = (255, 255, 255)
_CARD_BORDER: Final = (150, 150, 150)
_BLACK: Final = (22, 22, 26)
_RED: Final = (208, 64, 16)
"""The two-colour deck's red leans to orange and is as light as a 4.5:1 contrast with the
white face allows: a deeper red goes nearly black for protanopes."""
_DEEP_RED: Final = (214, 5, 8)
_NAVY: Final = (3, 40, 138)
_SEA_GREEN: Final = (32, 132, 99)
"""The four-colour deck's hearts, diamonds and clubs, chosen so that no two of its inks
meet under protan, deutan or tritan simulation (red and green would, for deutans, if the
green were not bluish and the red not deep; blue and green would, for tritans, if the blue
were not dark). The measured distances are in docs/members.md; tests/test_colours.py holds
them to it."""
_WORDS: Final = (250, 247, 232)
"""The split's labels on the felt: a warm white, as the cards' face."""
_ACCENT_ROOM: Final = 8
"""Pixels above the capitals of a line of words, for "Å" and "Ä"; descenders get the rest."""
_WORDS_SAMPLE: Final = "Femkortshanden – Fyrtal, Åäö gjpqy 10"
"""Words drawn into the palette's mosaic, so that their anti-aliased edges are in it."""
_JOKER_FACE: Final = (255, 244, 206)
_JOKER_INK: Final = (104, 38, 168)
_JOKER_GOLD: Final = (245, 182, 28)


class Deck(StrEnum):
    """How the suits are coloured; the value is what a member's setting stores."""

    TWO = "two"
    """Hearts and diamonds red, spades and clubs black: the usual deck, and the default."""
    FOUR = "four"
    """Spades black, hearts red, diamonds blue, clubs green (the four-colour poker deck)."""


#: The ink of each suit (s h d c) in each deck.
SUIT_INKS: Final[dict[Deck, tuple[tuple[int, int, int], ...]]] = {
    Deck.TWO: (_BLACK, _RED, _RED, _BLACK),
    Deck.FOUR: (_BLACK, _DEEP_RED, _NAVY, _SEA_GREEN),
}
#: Each ink by name (a catalogue key's last part, ``alt.colour.blue``), so each suit's in
#: each deck (s h d c): what the /cards preview's alt text says, colours being its point.
INK_NAMES: Final[dict[tuple[int, int, int], str]] = {
    _BLACK: "black",
    _RED: "red",
    _DEEP_RED: "red",
    _NAVY: "blue",
    _SEA_GREEN: "green",
}
SUIT_COLOURS: Final = {deck: tuple(INK_NAMES[i] for i in inks) for deck, inks in SUIT_INKS.items()}

# --- Geometry ------------------------------------------------------------------------
_SS: Final = 4
"""Supersampling factor used when a face is first drawn."""
_PALETTE_COLOURS: Final = 256
_QUANTIZE: Final = Image.Quantize.FASTOCTREE
"""The fastest of Pillow's quantisers, and deterministic (same picture, same bytes)."""
_PNG_COMPRESS_LEVEL: Final = 3
"""zlib level for the PNG: the knee of the curve on paletted split pictures. Lower levels
are no faster and give bigger files; higher ones take much longer for little less."""


# --- Faces ---------------------------------------------------------------------------
def _rounded_card(w: int, h: int, face: tuple[int, int, int]) -> Image.Image:
    """A blank card at supersampled size ``w`` x ``h``: rounded corners, thin border."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = round(w * 0.075)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=radius,
        fill=(*face, 255),
        outline=(*_CARD_BORDER, 255),
        width=max(1, round(1.3 * _SS)),
    )
    return img


def _paste_text(
    img: Image.Image,
    text: str,
    xy: tuple[int, int],
    cap: int,
    max_w: int,
    colour: tuple[int, int, int],
) -> int:
    """Paste ``text`` with its top-left at ``xy``; return the width it took."""
    mask = text_mask(text, cap, max_w)
    img.paste((*colour, 255), (xy[0], xy[1], xy[0] + mask.width, xy[1] + mask.height), mask)
    return mask.width


def _downsample(img: Image.Image, width: int) -> Image.Image:
    """Shrink a supersampled face to its final size, which anti-aliases every edge.

    ``reducing_gap`` box-filters most of the way first: much cheaper than a pure
    Lanczos resize, with no visible difference.
    """
    size = (width, card_height(width))
    return img.resize(size, Image.Resampling.LANCZOS, reducing_gap=2.0)


def _draw_face(card: Card, width: int, deck: Deck) -> Image.Image:
    """Draw one card face, ``width`` pixels wide, as an RGBA image with soft corners."""
    w, h = width * _SS, card_height(width) * _SS
    if card == JOKER:
        img = _rounded_card(w, h, _JOKER_FACE)
        draw = ImageDraw.Draw(img)
        # "JOKER" spelled down the left edge, and a big star: unmistakable at a glance.
        cap = round(h * 0.105)
        step = round(cap * 1.28)
        col_w = round(w * 0.22)
        x0, y = round(w * 0.075), round(h * 0.06)
        for letter in "JOKER":
            mask = text_mask(letter, cap, col_w)
            x = x0 + (col_w - mask.width) // 2
            img.paste((*_JOKER_INK, 255), (x, y, x + mask.width, y + mask.height), mask)
            y += max(step, mask.height + step - cap)  # "J" may dip below the baseline
        draw_shape(
            draw,
            star_shape(),
            (w * 0.60, h * 0.60),
            w * 0.62,
            fill=_JOKER_GOLD,
            outline=_JOKER_INK,
            outline_width=round(w * 0.025),
        )
        return _downsample(img, width)

    suit = SUIT_OF[card]
    colour = SUIT_INKS[deck][suit]
    img = _rounded_card(w, h, _CARD_FACE)
    draw = ImageDraw.Draw(img)
    # Big index in the top-left corner: at phone size the rank is what people read.
    cap = round(h * 0.25)
    x0, y0 = round(w * 0.075), round(h * 0.055)
    text = rank_label(card)
    text_w = _paste_text(img, text, (x0, y0), cap, round(w * 0.52), colour)
    pip = w * 0.26
    pip_cx = x0 + max(pip, min(text_w, w * 0.32)) / 2  # under the first digit of "10"
    draw_shape(draw, suit_shape(suit), (pip_cx, y0 + cap + h * 0.06 + pip / 2), pip, colour)
    # Large suit symbol in the lower right, clear of the index.
    big = w * 0.54
    draw_shape(draw, suit_shape(suit), (w * 0.64, h * 0.69), big, colour)
    return _downsample(img, width)


# --- Caches (the faces; what a render pastes is in bot.pictures.drawn) -------------
_faces: dict[tuple[Card, int, Deck], Image.Image] = {}
_backgrounds: dict[Layout, Image.Image] = {}


def _face(card: Card, width: int, deck: Deck = Deck.TWO) -> Image.Image:
    return drawn.cached(_faces, (card, width, deck), lambda: _draw_face(card, width, deck))


def _draw_background(layout: Layout) -> Image.Image:
    """Felt with a soft drop shadow under every card slot."""
    w, h = layout.card_size
    shadow = Image.new("L", layout.size, 0)
    draw = ImageDraw.Draw(shadow)
    dx, dy = max(2, w // 50), max(3, w // 36)
    radius = round(w * 0.075)
    for x, y in layout.slots:
        draw.rounded_rectangle(
            (x + dx, y + dy, x + dx + w - 1, y + dy + h - 1), radius=radius, fill=_SHADOW_ALPHA
        )
    shadow = shadow.filter(ImageFilter.GaussianBlur(max(2, w // 40)))
    background = Image.new("RGB", layout.size, FELT)
    background.paste((0, 0, 0), (0, 0, *layout.size), shadow)
    return background


def _background(layout: Layout) -> Image.Image:
    return drawn.cached(_backgrounds, layout, lambda: _draw_background(layout))


def clear_cache() -> None:
    """Forget every cached face, background and font (for tests or a font change)."""
    with drawn.lock:
        _faces.clear()
        _backgrounds.clear()
        drawn.clear()
        clear_font_cache()


def warm_up(deck: Deck = Deck.TWO, cache: Path | None = None) -> None:
    """Draw the deck's 53 faces at both sizes and the split's labels now, so no later
    request pays for it; with ``cache`` (a directory), read them from the file an earlier
    start left there instead, or write that file once they are drawn.

    Drawing a face is slow next to pasting a cached one, and a cold render of seven new
    cards would hold up a reply (the first of a deck even more: its palette is made from
    every face); so call this once per deck at start-up, in a thread. Drawing a deck takes
    about a second of CPU (0.7 s the four-colour one), every start; reading its file a few
    hundredths (``benchmarks/bench_cards_image.py``). Once a deck is complete in this
    process (drawn or read), a warm-up of it does nothing.
    """
    if deck in drawn.complete or (cache is not None and drawn.load(deck, cache)):
        drawn.complete.add(deck)
        return
    for width in (SPLIT_CARD_W, HAND_CARD_W):
        for card in DECK:
            _face(card, width, deck)
    for layout in (split_layout(), hand_layout()):
        _paletted_background(layout, deck)
        for card in DECK:
            _tile(card, layout, deck)
    boxes = split_layout().labels
    for lang in (Lang.SV, Lang.EN):  # and every label of a split, in each language
        for labels, (left, top, right, bottom) in zip(every_label(lang), boxes, strict=True):
            for words in labels:
                _words(words, (right - left, bottom - top), deck)
    drawn.complete.add(deck)
    if cache is not None:
        drawn.save(deck, cache)


# --- Rendering -----------------------------------------------------------------------
# A picture has only a few hundred distinct colours (flat felt, white cards, four inks
# and their anti-aliased edges), so one shared 256-colour palette is visually lossless.
# Every face is composed onto the felt of its slot and mapped to that palette once;
# a render then only pastes paletted tiles and deflates one byte per pixel: no
# per-request quantising, which was more than half of the time of a render.


def _draw_palette(deck: Deck) -> Image.Image:
    """A palette that covers every face of the deck on the felt (from a mosaic of them)."""
    layout = split_layout()
    width, height = layout.card_size
    mosaic = Image.new("RGB", (width * len(DECK), height * 2 + LABEL_LINE), FELT)
    for i, card in enumerate(DECK):
        mosaic.paste(_rgb_tile(card, layout, deck), (i * width, 0))
        small = _face(card, hand_layout().card_size[0], deck)
        mosaic.paste(small, (i * width, height), small)
    mosaic.paste(_draw_words(_WORDS_SAMPLE, (width * len(DECK), LABEL_LINE)), (0, 2 * height))
    return mosaic.quantize(_PALETTE_COLOURS, method=_QUANTIZE, dither=Image.Dither.NONE)


def deck_palette(deck: Deck) -> Image.Image:
    """The 256-colour palette every picture in ``deck`` is drawn in (an image of it)."""
    return drawn.cached(drawn.palettes, deck, lambda: _draw_palette(deck))


def _rgb_tile(card: Card, layout: Layout, deck: Deck) -> Image.Image:
    """The face composed onto the felt and shadow of a slot (every slot's felt is alike)."""
    x, y = layout.slots[0]
    width, height = layout.card_size
    tile = _background(layout).crop((x, y, x + width, y + height))
    face = _face(card, width, deck)
    tile.paste(face, (0, 0), face)
    return tile


def _to_palette(image: Image.Image, deck: Deck) -> Image.Image:
    return image.quantize(palette=deck_palette(deck), dither=Image.Dither.NONE)


def _tile(card: Card, layout: Layout, deck: Deck) -> Image.Image:
    key = (card, layout.card_size, deck)
    return drawn.cached(drawn.tiles, key, lambda: _to_palette(_rgb_tile(card, layout, deck), deck))


def _draw_words(words: str, size: tuple[int, int]) -> Image.Image:
    """Words on the felt, left-aligned, a line of ``LABEL_LINE`` px per line of ``words``,
    on one baseline per line whatever its letters; narrowed if wider than ``size``."""
    image = Image.new("RGB", size, FELT)
    for i, line in enumerate(words.split("\n")):
        mask, below = line_mask(line, LABEL_CAP, size[0])
        top = i * LABEL_LINE + _ACCENT_ROOM + below  # "Två": the ring stands above the cap
        image.paste(_WORDS, (0, top, mask.width, top + mask.height), mask)
    return image


def _words(words: str, size: tuple[int, int], deck: Deck) -> Image.Image:
    key = (words, size, deck)
    return drawn.cached(drawn.word_tiles, key, lambda: _to_palette(_draw_words(words, size), deck))


def _paletted_background(layout: Layout, deck: Deck) -> Image.Image:
    return drawn.cached(
        drawn.backgrounds,
        (layout, deck),
        lambda: _to_palette(_background(layout), deck),
    )


def encode_png(paletted: Image.Image) -> bytes:
    """A paletted picture as PNG bytes, at the zlib level chosen above (cards and charts)."""
    buffer = io.BytesIO()
    paletted.save(buffer, format="PNG", compress_level=_PNG_COMPRESS_LEVEL, optimize=False)
    return buffer.getvalue()


def _compose(
    layout: Layout, cards: Sequence[Card], deck: Deck, labels: Sequence[str | None] = ()
) -> Image.Image:
    """The paletted picture (encoded by the caller: a reveal pastes it as it is)."""
    deck = Deck(deck)  # ValueError for anything but a deck, before a cache is touched
    image = _paletted_background(layout, deck).copy()
    for card, slot in zip(cards, layout.slots, strict=True):
        image.paste(_tile(card, layout, deck), slot)
    for words, (left, top, right, bottom) in zip(labels, layout.labels, strict=True):
        if words is not None:
            image.paste(_words(words, (right - left, bottom - top), deck), (left, top))
    return image


def render_split(
    five: Sequence[Card], two: Sequence[Card], deck: Deck = Deck.TWO, *, lang: Lang
) -> bytes:
    """PNG of a set hand: the five-card hand on top, the two-card hand below it, each row
    under its label in ``lang`` ("Five-card hand – Straight"), and, where the split has the
    joker, what it plays as, beside the two-card hand.

    Each row reads as its text (``split_labels.row_order``): the joker in its place in the
    hand it makes. Faces and labels are cached, so after :func:`warm_up` a call only pastes
    them and encodes. ``deck`` colours the suits.

    Raises:
        ValueError: if a card is not a card of the deck, a card repeats, the hands
            do not have exactly five and two cards, or ``deck`` is not a deck.
    """
    five_cards, two_cards = list(five), list(two)
    if len(five_cards) != 5 or len(two_cards) != 2:
        raise ValueError(
            f"a split has five cards and two cards, got {len(five_cards)} and {len(two_cards)}"
        )
    check_cards(five_cards + two_cards)
    labels = (
        five_label(five_cards, lang),
        two_label(two_cards, lang),
        joker_note(five_cards, two_cards, lang),
    )
    cards = split_labels.row_order(five_cards) + split_labels.row_order(two_cards)
    return encode_png(_compose(split_layout(), cards, deck, labels))


def render_hand(cards: Sequence[Card], deck: Deck = Deck.TWO, *, row: bool = False) -> bytes:
    """PNG of :func:`hand_picture` (the same arguments, the same errors)."""
    return encode_png(hand_picture(cards, deck, row=row))


def hand_picture(cards: Sequence[Card], deck: Deck = Deck.TWO, *, row: bool = False) -> Image.Image:
    """A hand in one row (paletted), in the given order but the joker last, as its text sorts
    it, with no hint of how to set it; with ``row``, one hand of a split (a reveal's), the
    joker in its place as the text shows it (``split_labels``).

    Meant for quiz rounds, where showing two rows would give the answer away. Takes
    one to seven cards; the picture is as wide as needed. ``deck`` colours the suits.

    Raises:
        ValueError: if a card is not a card of the deck, a card repeats, there are
            not 1 to 7 cards, or ``deck`` is not a deck.
    """
    hand = list(cards)
    layout = hand_layout(len(hand))  # raises ValueError for a bad count
    order = split_labels.row_order if row else split_labels.hand_order
    return _compose(layout, order(check_cards(hand)), deck)
