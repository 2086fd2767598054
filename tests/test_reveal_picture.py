"""A table's reveal picture (issue 40 made it cheaper): headings in their exact inks, and
every hand pasted as :func:`hand_picture` draws it, in both decks, for every card."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from PIL import Image

from bot.pictures.cards_image import FELT, Deck, clear_cache, hand_picture
from bot.pictures.reveal import HEADING_CAP, INKS, RevealRow, render_reveal
from houseway.cards import DECK, parse_hand

CARDS = parse_hand("As Kd Qh Jc 9s 5d 2c")


def picture(rows: list[RevealRow], deck: Deck) -> Image.Image:
    return Image.open(io.BytesIO(render_reveal(rows, deck))).convert("RGB")


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def pixels(image: Image.Image) -> list[tuple[int, ...]]:
    data = image.tobytes()
    return [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]


@pytest.mark.parametrize("deck", list(Deck))
@pytest.mark.parametrize("tone", sorted(INKS))
def test_a_heading_is_drawn_in_its_tone_ink_on_the_felt(deck: Deck, tone: str) -> None:
    image = picture([RevealRow("HHHH Åsa Oavgjort", CARDS[:5], CARDS[5:], tone)], deck)
    band = image.crop((0, 0, image.width, 2 * HEADING_CAP))
    colours = Counter(pixels(band)).most_common()
    felt, ink = colours[0][0], colours[1][0]
    assert distance(felt, FELT) <= 4, (felt, FELT)
    if deck is Deck.TWO:  # in the hands' palette with a ramp of each ink: exact, smooth
        assert ink == INKS[tone]
        assert len(colours) > 8
    else:  # the four-colour palette has no room: the picture is quantised as a whole
        assert distance(ink, INKS[tone]) <= 12, (ink, INKS[tone])


@pytest.mark.parametrize("deck", list(Deck))
def test_every_hand_is_pasted_as_it_is_drawn(deck: Deck) -> None:
    cards = [*DECK, *DECK[:3]]  # every card, in eight rows of seven
    rows = [
        RevealRow(
            f"Åsa {n} – Vinst +95", tuple(cards[n : n + 5]), tuple(cards[n + 5 : n + 7]), tone
        )
        for n, tone in zip(range(0, 56, 7), [*sorted(INKS)] * 2, strict=True)
    ]
    render_reveal(rows[:1], deck)
    clear_cache()  # the palette drawn again (as after a font change): the inks follow it
    image = picture(rows, deck)
    top = 2 * HEADING_CAP
    for row in rows:
        for cards_shown, left in ((row.five, 0), (row.two, None)):
            drawn = hand_picture(cards_shown, deck, row=True).convert("RGB")
            x = image.width - drawn.width if left is None else left
            shown = image.crop((x, top, x + drawn.width, top + drawn.height))
            if deck is Deck.TWO:  # in the hands' own palette: the very pixels
                assert shown.tobytes() == drawn.tobytes(), row
            else:  # quantised again as a whole: close
                worst = max(map(distance, pixels(shown), pixels(drawn)))
                assert worst <= 40, row
        top += 2 * HEADING_CAP + drawn.height
