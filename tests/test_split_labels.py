"""The split picture teaches: each row under its label in the viewer's language, the joker
where the text puts it (in its place in the hand it makes), with a note of what it plays,
all read back from the pictures; and the words still 12 px tall where Discord shows a
picture 400 px wide."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from bot.pictures import cards_image as ci
from bot.pictures import drawn
from bot.texts.alt_text import split_description
from bot.texts.split_labels import five_label, joker_note, two_label
from houseway import house_way, parse_hand
from houseway.cards import parse_cards, pretty_cards, sort_key
from tests.imaging import Colour, count, is_dark, is_gold, open_png
from tests.test_colours import MIN_CONTRAST, contrast

#: How wide Discord shows an embed's picture on a phone.
SHOWN_WIDTH = 400
#: The least cap height, in pixels as shown, of any words on a picture.
MIN_SHOWN_CAP = 12
#: A straight whose joker plays a 7, in the middle of the hand.
FIVE, TWO = parse_cards("9h 8c JK 6d 5s", 5), parse_cards("Kd 2c", 2)


def is_words(c: Colour) -> bool:
    """The labels' warm white on the felt (the faces are inside the card slots)."""
    return min(c) > 200


Ink = Callable[[Colour], bool]


def first_letter_height(image: Image.Image, box: tuple[int, int, int, int], ink: Ink) -> int:
    """Height of the first letter in ``box`` drawn in ``ink`` (a capital: "F", "T", "J",
    "K"): the rows inked within its columns, up to the first column without ink."""
    crop = image.crop(box)
    pixels = crop.load()
    assert pixels is not None
    inked = [[ink(pixels[x, y]) for y in range(crop.height)] for x in range(crop.width)]
    columns = [x for x in range(crop.width) if any(inked[x])]
    first = columns[0]
    end = next((x for x in range(first, crop.width) if not any(inked[x])), crop.width)
    rows = [y for y in range(crop.height) if any(inked[x][y] for x in range(first, end))]
    return rows[-1] - rows[0] + 1


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_each_row_and_the_joker_note_are_written_readable_at_400_px(lang: str) -> None:
    image = open_png(ci.render_split(FIVE, TWO, lang=lang))
    layout = ci.split_layout()
    scale = SHOWN_WIDTH / image.width
    for box in layout.labels:  # the five-card label, the two-card label, the joker's note
        assert count(image, box, is_words) > 300, box
        height = first_letter_height(image, box, is_words)
        assert height * scale >= MIN_SHOWN_CAP, (box, height)


def test_the_words_are_in_the_viewers_language() -> None:
    english = open_png(ci.render_split(FIVE, TWO, lang="en"))
    swedish = open_png(ci.render_split(FIVE, TWO, lang="sv"))
    for box in ci.split_layout().labels:
        assert english.crop(box).tobytes() != swedish.crop(box).tobytes(), box
    for box in ci.split_layout().boxes():  # the cards are the same
        assert english.crop(box).tobytes() == swedish.crop(box).tobytes(), box


def test_no_joker_no_note() -> None:
    image = open_png(ci.render_split(parse_cards("9h 8c 7s 6d 5s", 5), TWO, lang="en"))
    assert count(image, ci.split_layout().labels[2], is_words) == 0
    assert joker_note(parse_cards("9h 8c 7s 6d 5s", 5), TWO, "en") is None


def test_the_words_read_against_the_felt() -> None:
    image = open_png(ci.render_split(FIVE, TWO, lang="en"))
    box = ci.split_layout().labels[0]
    colours = image.crop(box).getcolors(maxcolors=1 << 16)
    assert colours is not None
    ranked = [c for _, c in sorted(colours, reverse=True)]
    felt, words = ranked[0], next(c for c in ranked if is_words(c))
    assert contrast(words, felt) >= MIN_CONTRAST


#: Hands whose joker stands inside a row of the text (#29 §4), with where the text puts it.
JOKER_HANDS = [
    ("9h 8c JK 6d 5s Kd 2c", "9♥  8♣  🃏  6♦  5♠", "K♦  2♣"),  # a straight: the joker as 7
    ("7c 6d 5h 3s JK Kd 2c", "6♦  5♥  🃏  3♠  2♣", "K♦  7♣"),  # the review's "7 6 5 3 JOKER"
    ("Ac JK Qc 5s 2d 9h 8h", "A♣  🃏  8♥  5♠  2♦", "Q♣  9♥"),  # beside its ace: a pair
    ("Qs Qh Qd Qc JK 5d 2c", "Q♠  Q♥  Q♦  Q♣  2♣", "🃏  5♦"),  # low, an ace: first
    ("2c 3d 4h 5s JK 9c Kd", "5♠  4♥  3♦  2♣  🃏", "K♦  9♣"),  # the wheel: the ace is low
]


def gold_slots(png: bytes, boxes: list[tuple[int, int, int, int]]) -> list[int]:
    image = open_png(png)
    return [place for place, box in enumerate(boxes) if count(image, box, is_gold) > 300]


@pytest.mark.parametrize(("hand", "five", "two"), JOKER_HANDS)
def test_the_joker_stands_where_the_text_puts_it(hand: str, five: str, two: str) -> None:
    """Read back from the picture: the joker's slot is its place in the text's row, and the
    alt text names the cards in that order too."""
    decision = house_way(parse_hand(hand))
    assert (pretty_cards(decision.five), pretty_cards(decision.two)) == (five, two)
    shown = [*five.split(), *two.split()]
    png = ci.render_split(decision.five, decision.two, lang="en")
    assert gold_slots(png, ci.split_layout().boxes()) == [shown.index("🃏")]
    # Whatever order a caller gives the cards in, the picture reads as the text.
    backwards = ci.render_split(decision.five[::-1], decision.two[::-1], lang="en")
    assert backwards == png
    words = split_description(decision.five, decision.two, "en").replace(". ", ": ").split(": ")
    assert "joker" in (words[1] if "🃏" in five else words[3]).split(", ")[shown.index("🃏") % 5]


def test_a_hand_not_split_has_its_joker_last_as_its_text() -> None:
    """A quiz round's seven cards are sorted with the joker last, in the text and the picture."""
    hand = parse_hand("Ac JK Qc 5s 2d 9h 8h")
    text = pretty_cards(sorted(hand, key=sort_key)).split()
    png = ci.render_hand(sorted(hand, key=sort_key))
    assert gold_slots(png, ci.hand_layout().boxes()) == [text.index("🃏")] == [6]


@pytest.mark.parametrize(
    ("lang", "five", "two", "note"),
    [
        ("en", "Five-card hand – Straight", "Two-card hand – High card", "The joker plays as a 7"),
        ("sv", "Femkortshanden – Stege", "Tvåkortshanden – Högt kort", "Jokern spelar som 7"),
    ],
)
def test_labels_and_alt_text_say_the_same(lang: str, five: str, two: str, note: str) -> None:
    assert five_label(FIVE, lang) == five
    assert two_label(TWO, lang) == two
    assert (joker_note(FIVE, TWO, lang) or "").replace("\n", " ") == note
    description = split_description(FIVE, TWO, lang)
    assert description.startswith(f"{five}: ")
    assert f". {two}: " in description
    assert description.endswith(f" {note}.")


def test_the_ranks_are_readable_at_400_px_too() -> None:
    """A card's rank, smallest in the seven-card hand: its cap height as shown."""
    hand = open_png(ci.render_hand(parse_cards("Ks 2c 3c 4c 5c 6c 7c")))
    split = open_png(ci.render_split(FIVE, TWO, lang="en"))
    for image, (left, top, right, bottom) in (
        (hand, ci.hand_layout().boxes()[0]),
        (split, ci.split_layout().boxes()[6]),  # the 2 of clubs
    ):
        index = (left + 4, top + 4, left + (right - left) // 2, top + (bottom - top) // 3)
        height = first_letter_height(image, index, is_dark)
        assert height * SHOWN_WIDTH / image.width >= MIN_SHOWN_CAP, height


def test_warm_up_draws_every_label_ahead() -> None:
    """After warm_up no split draws a label anew: every hand name and joker rank is there."""
    ci.clear_cache()
    ci.warm_up()
    labels = len(drawn.word_tiles)
    for five, two in (
        ("Ah Kh Qh Jh JK", "2c 3d"),  # royal flush with the joker
        ("As Ac Ad Ah JK", "Kd 2c"),  # five aces
        ("9h 8c JK 6d 5s", "Kd 2c"),
        ("Kh Qh 8h 4h 3h", "JK 2c"),
        ("Ks Kh 9d 9c 2s", "Qd Qc"),
    ):
        for lang in ("en", "sv"):
            ci.render_split(parse_cards(five, 5), parse_cards(two, 2), lang=lang)
    assert len(drawn.word_tiles) == labels


@pytest.mark.parametrize(("hand", "five", "two"), JOKER_HANDS[:3])
def test_a_reveal_row_has_its_joker_where_the_text_puts_it(hand: str, five: str, two: str) -> None:
    """A table's reveal draws each split in one row: the joker in its place there too."""
    from bot.pictures.reveal import HEADING_CAP, RevealRow, render_reveal

    decision = house_way(parse_hand(hand))
    png = render_reveal([RevealRow("Givaren", decision.five[::-1], decision.two, "dealer")])
    top = 2 * HEADING_CAP  # the heading's room above the cards
    boxes = [(x0, y0 + top, x1, y1 + top) for x0, y0, x1, y1 in ci.hand_layout(5).boxes()]
    assert gold_slots(png, boxes) == ([five.split().index("🃏")] if "🃏" in five else [])
