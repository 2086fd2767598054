"""Tests for bot.cards_image: the pictures must be valid, small, fast and show the right
cards in the right places (checked through pixel colours, without any image fixtures)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import ImageFont

import houseway.cards
from bot.pictures import cards_image as ci
from bot.pictures import drawn, fonts
from houseway.cards import JOKER, NAMES, Card, card_from_name
from houseway.hands import display_order
from houseway.language import Lang
from tests.imaging import (
    SUIT_INK,
    colours_in,
    count,
    inks_in,
    is_blue,
    is_dark,
    is_gold,
    is_green,
    is_red,
    open_png,
)


def cards(names: str) -> list[Card]:
    """Encoded cards by canonical name, unchecked (so duplicates can be tested)."""
    return [card_from_name(name) for name in names.split()]


DECK = list(houseway.cards.DECK)
FIVE = cards("As Kh Td 9c JK")
TWO = cards("Qs 2h")
LANGS = (Lang.SV, Lang.EN)


@pytest.fixture
def font_swap(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """For tests that swap fonts: no later test may see faces drawn with their font."""
    yield monkeypatch
    monkeypatch.undo()
    ci.clear_cache()


# --- Validity, size, layout ----------------------------------------------------------
def test_split_is_a_png_of_phone_friendly_size() -> None:
    data = ci.render_split(FIVE, TWO, lang="en")
    image = open_png(data)
    width, height = image.size
    assert 800 <= width <= 900
    assert 400 <= height <= 600
    assert image.size == ci.split_layout().size
    assert len(data) < 200_000


def test_hand_is_a_png_of_one_row() -> None:
    data = ci.render_hand(FIVE + TWO)
    image = open_png(data)
    width, height = image.size
    assert 800 <= width <= 900
    assert 100 <= height <= 300
    assert width > 3 * height  # a single row
    assert len(data) < 200_000


def test_split_layout_has_two_rows_inside_the_picture() -> None:
    layout = ci.split_layout()
    boxes = layout.boxes()
    assert len(boxes) == 7
    top, bottom = boxes[:5], boxes[5:]
    assert len({b[1] for b in top}) == 1
    assert len({b[1] for b in bottom}) == 1
    assert bottom[0][1] > top[0][3], "the two-card row must be below the five-card row"
    # Left to right, no overlaps, all inside the picture.
    for row in (top, bottom):
        for a, b in itertools.pairwise(row):
            assert a[2] < b[0]
    width, height = layout.size
    for left, upper, right, lower in boxes:
        assert 0 < left < right < width
        assert 0 < upper < lower < height


def test_hand_layout_counts() -> None:
    assert len(ci.hand_layout().boxes()) == 7
    assert ci.hand_layout(3).size[0] < ci.hand_layout(7).size[0]
    with pytest.raises(ValueError):
        ci.hand_layout(0)
    with pytest.raises(ValueError):
        ci.hand_layout(8)


# --- The right cards in the right places ---------------------------------------------
@pytest.mark.parametrize("deck", list(ci.Deck))
@pytest.mark.parametrize("seed", range(5))
def test_split_slots_show_suit_colours(seed: int, deck: ci.Deck) -> None:
    """Each card in its suit's ink of the deck, and in no other ink."""
    cards = random.Random(seed).sample(DECK, 7)
    image = open_png(ci.render_split(cards[:5], cards[5:], deck, lang="en"))
    shown = display_order(cards[:5]) + display_order(cards[5:])  # as the text shows them
    for card, box in zip(shown, ci.split_layout().boxes(), strict=True):
        expected = is_gold if card == JOKER else SUIT_INK[deck][NAMES[card][1]]
        found = inks_in(image, box)
        assert found.pop(expected.__name__) > 500, (NAMES[card], deck)
        assert set(found.values()) == {0}, (NAMES[card], deck, found)


def test_default_deck_is_two_colours_and_each_deck_is_cached_apart() -> None:
    """The four-colour deck changes no byte of a two-colour picture, whichever is drawn
    first; and the default is the two-colour deck."""
    ci.clear_cache()
    two = ci.render_split(FIVE, TWO, ci.Deck.TWO, lang="en")
    four = ci.render_split(FIVE, TWO, ci.Deck.FOUR, lang="en")
    assert ci.render_split(FIVE, TWO, lang="en") == two != four
    ci.clear_cache()
    assert ci.render_hand(FIVE + TWO, ci.Deck.FOUR) != ci.render_hand(FIVE + TWO)
    assert (
        ci.render_split(FIVE, TWO, "four", lang="en") == four
    )  # the stored setting's text works too
    assert ci.render_split(FIVE, TWO, lang="en") == two


def test_four_colour_hand_in_order_the_joker_last() -> None:
    hand = cards("2h 3s 4d 5c JK Ad Kc")  # shown 2h 3s 4d 5c Ad Kc JK
    image = open_png(ci.render_hand(hand, ci.Deck.FOUR))
    boxes = ci.hand_layout().boxes()
    blue = [count(image, box, is_blue) > 300 for box in boxes]
    green = [count(image, box, is_green) > 300 for box in boxes]
    red = [count(image, box, is_red) > 300 for box in boxes]
    gold = [count(image, box, is_gold) > 300 for box in boxes]
    assert blue == [False, False, True, False, True, False, False]
    assert green == [False, False, False, True, False, True, False]
    assert red == [True, False, False, False, False, False, False]
    assert gold == [False, False, False, False, False, False, True]


@pytest.mark.parametrize("bad", ["three", "", None, 4])
def test_an_unknown_deck_raises(bad: object) -> None:
    with pytest.raises(ValueError):
        ci.render_split(FIVE, TWO, bad, lang="en")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ci.render_hand(FIVE, bad)  # type: ignore[arg-type]


def test_hand_slots_show_suit_colours_in_order_the_joker_last() -> None:
    hand = cards("2h 3s 4d 5c JK Ah Ks")
    image = open_png(ci.render_hand(hand))
    boxes = ci.hand_layout().boxes()
    reds = [count(image, box, is_red) > 300 for box in boxes]
    assert reds == [True, False, True, False, True, False, False]
    golds = [count(image, box, is_gold) > 300 for box in boxes]
    assert golds == [False, False, False, False, False, False, True]


def test_two_card_row_leaves_room_of_cards_three_to_five_empty() -> None:
    image = open_png(ci.render_split(cards("Ah Kh Qh Jh Th"), cards("9h 8h"), lang="en"))
    boxes = ci.split_layout().boxes()
    low = boxes[5]
    # Under cards 3-5 of the top row, in the bottom row: nothing but felt. (A margin
    # of a few pixels on the left keeps clear of the soft shadow of the 2nd card.)
    empty = (boxes[2][0] + 6, low[1], boxes[4][2], low[3])
    felt = image.getpixel((image.width - 1, image.height - 1))
    assert colours_in(image, empty) == {felt}
    assert max(abs(a - b) for a, b in zip(felt, ci.FELT, strict=True)) <= 8
    # ...while the two cards themselves are there.
    for box in boxes[5:]:
        assert count(image, box, is_red) > 500


def test_gaps_between_cards_are_felt_not_card() -> None:
    image = open_png(ci.render_split(FIVE, TWO, lang="en"))
    boxes = ci.split_layout().boxes()
    # A thin strip in the middle of the gap between the first two cards, above the
    # shadow's reach at the very top: felt colour, so cards do not run together.
    gap_x = (boxes[0][2] + boxes[1][0]) // 2
    strip = image.crop((gap_x, boxes[0][1], gap_x + 1, boxes[0][1] + 20))
    felt = image.getpixel((image.width - 1, image.height - 1))
    assert all(strip.getpixel((0, y)) == felt for y in range(strip.height))


def test_ten_is_drawn_as_two_digits() -> None:
    """'T' must read as '10': its index is much wider than a one-character rank."""

    def index_width(card: str) -> int:
        image = open_png(ci.render_split(cards(f"{card} 2c 3c 4c 5c"), cards("6c 7c"), lang="en"))
        left, top, right, bottom = ci.split_layout().boxes()[0]
        index_box = (left, top, left + (right - left) // 2 + 20, top + (bottom - top) // 3)
        crop = image.crop(index_box).convert("L").point(lambda v: 255 if v < 100 else 0)
        bbox = crop.getbbox()
        assert bbox is not None
        return bbox[2] - bbox[0]

    assert index_width("Ts") > 1.5 * index_width("9s")
    assert index_width("Ts") > 1.5 * index_width("Js")


@pytest.mark.parametrize("deck", list(ci.Deck))
def test_every_card_is_distinct(deck: ci.Deck) -> None:
    """No two of the 53 faces look the same, at either size."""
    assert len({ci.render_hand([card], deck) for card in DECK}) == len(DECK)
    width = ci.split_layout().card_size[0]
    assert len({ci._face(card, width, deck).tobytes() for card in DECK}) == len(DECK)


# --- Inputs --------------------------------------------------------------------------
def test_different_inputs_give_different_images() -> None:
    a = ci.render_split(FIVE, TWO, lang="en")
    b = ci.render_split(FIVE, cards("Qs 3h"), lang="en")
    c = ci.render_split(cards("As Kh Td 9c 8c"), TWO, lang="en")
    assert len({a, b, c}) == 3
    # The order a caller gives is not drawn: a row reads as its text (display order).
    assert ci.render_split(FIVE[::-1], list(reversed(TWO)), lang="en") == a


@pytest.mark.parametrize("bad", [-1, 53, 99, None, 1.5, "As", b"As", ("A", "s")])
def test_anything_but_a_card_of_the_deck_raises(bad: object) -> None:
    with pytest.raises(ValueError):
        ci.render_split([*cards("As Kh Td 9c"), bad], cards("Qs 2h"), lang="en")  # type: ignore[list-item]
    with pytest.raises(ValueError):
        ci.render_hand([*cards("As Kh Td 9c JK Qs"), bad])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("five", "two"),
    [
        (FIVE[:4], TWO),
        (FIVE, TWO[:1]),
        ([*FIVE, *cards("3c")], TWO),
        (FIVE, [*TWO, *cards("3c")]),
        (FIVE[:4], [*TWO, *cards("3c")]),
        ("AsKhTd9cJK", "Qs2h"),  # a string is not a list of cards
    ],
)
def test_split_needs_five_and_two_cards(five: list[str], two: list[str]) -> None:
    with pytest.raises(ValueError):
        ci.render_split(five, two, lang="en")


def test_hand_card_counts() -> None:
    assert open_png(ci.render_hand(cards("As"))).width < open_png(ci.render_hand(FIVE + TWO)).width
    with pytest.raises(ValueError):
        ci.render_hand([])
    with pytest.raises(ValueError):
        ci.render_hand([*FIVE, *TWO, *cards("3c")])


def test_duplicate_cards_raise() -> None:
    with pytest.raises(ValueError, match="twice"):
        ci.render_split(cards("As As Td 9c JK"), cards("Qs 2h"), lang="en")
    with pytest.raises(ValueError, match="only one joker"):
        ci.render_split(FIVE, cards("JK 2h"), lang="en")
    with pytest.raises(ValueError, match="twice"):
        ci.render_hand(cards("As Kh As"))


# --- Determinism, threads, fonts, speed ----------------------------------------------
def test_rendering_is_deterministic_even_after_clearing_caches() -> None:
    first = ci.render_split(FIVE, TWO, lang="en")
    assert ci.render_split(FIVE, TWO, lang="en") == first
    ci.clear_cache()
    assert ci.render_split(FIVE, TWO, lang="en") == first
    assert ci.render_hand(FIVE + TWO) == ci.render_hand(tuple(FIVE + TWO))


def test_thread_pool_rendering_matches_sequential() -> None:
    rng = random.Random(7)
    hands = [rng.sample(DECK, 7) for _ in range(12)]
    ci.clear_cache()  # make the threads race to create the faces
    with ThreadPoolExecutor(max_workers=8) as pool:
        parallel = list(pool.map(lambda h: ci.render_split(h[:5], h[5:], lang="en"), hands))
    ci.clear_cache()
    sequential = [ci.render_split(h[:5], h[5:], lang="en") for h in hands]
    assert parallel == sequential


# --- The drawn decks kept on disk ----------------------------------------------------
@pytest.mark.parametrize("deck", list(ci.Deck))
def test_a_deck_read_from_its_file_renders_what_drawing_renders(
    tmp_path: Path, deck: ci.Deck
) -> None:
    """What a start reads from the cache directory gives the very bytes of pictures the
    drawing gives, labels in either language, hands of any length included."""
    rng = random.Random(deck.value)
    hands = [rng.sample(DECK, 7) for _ in range(6)]

    def pictures() -> list[bytes]:
        return [
            *(ci.render_split(h[:5], h[5:], deck, lang=lang) for h in hands for lang in LANGS),
            *(ci.render_hand(h[:n], deck) for h in hands for n in (7, 3)),
        ]

    ci.clear_cache()
    assert not drawn.load(deck, tmp_path)  # nothing there yet
    ci.warm_up(deck, tmp_path)  # draws, and writes the file
    first = pictures()
    assert [f.name for f in tmp_path.iterdir()] == [drawn.drawn_file(deck, tmp_path).name]
    ci.clear_cache()
    assert drawn.load(deck, tmp_path)
    assert pictures() == first


def test_a_damaged_file_is_drawn_over_and_an_unwritable_directory_only_costs_time(
    tmp_path: Path,
) -> None:
    ci.clear_cache()
    ci.warm_up(ci.Deck.TWO, tmp_path)
    path = drawn.drawn_file(ci.Deck.TWO, tmp_path)
    whole = path.read_bytes()
    first = ci.render_split(FIVE, TWO, lang="sv")
    for damaged in (b"houseway-cards\nnot zlib", whole[:-1]):  # not its data; cut short
        path.write_bytes(damaged)
        assert not drawn.load(ci.Deck.TWO, tmp_path)
    ci.clear_cache()  # a new process, the file cut short: it draws, and writes it whole
    ci.warm_up(ci.Deck.TWO, tmp_path)
    assert path.read_bytes() == whole
    assert ci.render_split(FIVE, TWO, lang="sv") == first
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    drawn.save(ci.Deck.TWO, blocked / "cache")  # cannot be written: no error
    assert not drawn.load(ci.Deck.TWO, blocked / "cache")
    assert ci.render_split(FIVE, TWO, lang="sv") == first


def test_the_file_is_named_by_the_deck_and_the_font(font_swap: pytest.MonkeyPatch) -> None:
    here = Path("cache")
    two, four = drawn.drawn_file(ci.Deck.TWO, here), drawn.drawn_file(ci.Deck.FOUR, here)
    assert two != four and two.parent == here
    font_swap.setattr(fonts, "FONT_CANDIDATES", ("/nonexistent/NoSuchFont.ttf",))
    ci.clear_cache()
    assert drawn.drawn_file(ci.Deck.TWO, here) != two  # another font draws other faces


def test_works_without_dejavu(font_swap: pytest.MonkeyPatch) -> None:
    font_swap.setattr(fonts, "FONT_CANDIDATES", ("/nonexistent/NoSuchFont.ttf",))
    ci.clear_cache()
    image = open_png(ci.render_split(FIVE, TWO, lang="en"))
    assert image.size == ci.split_layout().size
    assert count(image, ci.split_layout().boxes()[2], is_red) > 500  # K♥ after A♠ 🃏


def test_works_with_only_the_bitmap_font(font_swap: pytest.MonkeyPatch) -> None:
    """Pillow without FreeType has only a tiny bitmap font; ranks must still appear."""
    bitmap = getattr(ImageFont, "load_default_imagefont", None)
    if bitmap is None:
        pytest.skip("this Pillow cannot load its bitmap font on its own")

    def load_default(size: float | None = None) -> ImageFont.ImageFont:
        if size is not None:
            raise ImportError("no FreeType")
        return bitmap()

    font_swap.setattr(fonts, "FONT_CANDIDATES", ())
    font_swap.setattr(ImageFont, "load_default", load_default)
    ci.clear_cache()
    assert isinstance(fonts.text_font(), ImageFont.ImageFont)
    image = open_png(ci.render_split(cards("Ts 2c 3c 4c 5c"), cards("6c 7c"), lang="en"))
    left, top, right, bottom = ci.split_layout().boxes()[0]
    index = (left, top, right, top + (bottom - top) // 3)
    assert count(image, index, is_dark) > 300  # a big "10", not a dot
