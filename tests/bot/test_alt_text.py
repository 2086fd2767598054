"""Alt text of the pictures, as pure functions: the format in both languages, and limits."""

from __future__ import annotations

import pytest

from bot.pictures.cards_image import SUIT_COLOURS, Deck
from bot.texts.alt_text import (
    MAX_DESCRIPTION,
    decision_description,
    hand_description,
    picture_file,
    preview_description,
    split_description,
)
from houseway import house_way, parse_hand
from houseway.cards import parse_cards


def test_a_split_in_words_in_english_and_swedish() -> None:
    """The example of issue 14, by hand: a flush above, a pair of aces below."""
    five, two = parse_cards("Kh Jh 8h 5h 2h", 5), parse_cards("As Ad", 2)
    assert split_description(five, two, "en") == (
        "Five-card hand – Flush: king of hearts, jack of hearts, 8 of hearts, 5 of hearts, "
        "2 of hearts. Two-card hand – Pair: ace of spades, ace of diamonds."
    )
    assert split_description(five, two, "sv") == (
        "Femkortshanden – Färg: hjärter kung, hjärter knekt, hjärter 8, hjärter 5, hjärter 2. "
        "Tvåkortshanden – Par: spader ess, ruter ess."
    )


def test_a_decision_names_its_hands_and_the_joker() -> None:
    # The joker makes the wheel: an ace, low, so it stands last, as the text shows it.
    decision = house_way(parse_hand("2c 3d 4h 5s JK 9c Kd"))
    assert decision_description(decision, "en") == (
        "Five-card hand – Straight: 5 of spades, 4 of hearts, 3 of diamonds, 2 of clubs, joker. "
        "Two-card hand – High card: king of diamonds, 9 of clubs. The joker plays as an ace."
    )
    assert decision_description(decision, "sv") == (
        "Femkortshanden – Stege: spader 5, hjärter 4, ruter 3, klöver 2, joker. "
        "Tvåkortshanden – Högt kort: ruter kung, klöver 9. Jokern spelar som ess."
    )
    # Where the joker plays inside a straight, it stands in its place, as in the text (#29).
    middle = house_way(parse_hand("9h 8c JK 6d 5s Kd 2c"))
    assert decision_description(middle, "en") == (
        "Five-card hand – Straight: 9 of hearts, 8 of clubs, joker, 6 of diamonds, 5 of spades. "
        "Two-card hand – High card: king of diamonds, 2 of clubs. The joker plays as a 7."
    )


@pytest.mark.parametrize(
    ("cards", "lang", "expected"),
    [
        (
            "As Kd Th 9c 7s 4d JK",
            "en",
            "A hand of 7 cards: ace of spades, king of diamonds, "
            "10 of hearts, 9 of clubs, 7 of spades, 4 of diamonds, joker.",
        ),
        (
            "As Kd Th 9c 7s 4d JK",
            "sv",
            "En hand med 7 kort: spader ess, ruter kung, "
            "hjärter 10, klöver 9, spader 7, ruter 4, joker.",
        ),
        ("Qc", "en", "One card: queen of clubs."),
        ("Qc", "sv", "Ett kort: klöver dam."),
    ],
)
def test_a_hand_in_words(cards: str, lang: str, expected: str) -> None:
    assert hand_description(parse_cards(cards, None), lang) == expected


@pytest.mark.parametrize(
    ("deck", "lang", "expected"),
    [
        (
            Deck.FOUR,
            "sv",
            "Ett kort i varje kortfärg: "
            "spader ess i svart, hjärter ess i rött, ruter ess i blått, klöver ess i grönt.",
        ),
        (
            Deck.TWO,
            "sv",
            "Ett kort i varje kortfärg: "
            "spader ess i svart, hjärter ess i rött, ruter ess i rött, klöver ess i svart.",
        ),
        (
            Deck.FOUR,
            "en",
            "One card of each suit: ace of spades in black, ace of hearts in red, "
            "ace of diamonds in blue, ace of clubs in green.",
        ),
        (
            Deck.TWO,
            "en",
            "One card of each suit: ace of spades in black, ace of hearts in red, "
            "ace of diamonds in red, ace of clubs in black.",
        ),
    ],
)
def test_the_cards_preview_says_each_cards_colour(deck: Deck, lang: str, expected: str) -> None:
    """/cards shows one card of each suit to show the colours: the alt text says them."""
    assert preview_description(parse_cards("As Ah Ad Ac", 4), SUIT_COLOURS[deck], lang) == expected


def test_the_picture_file_carries_its_description_within_discords_limit() -> None:
    file = picture_file(b"\x89PNG", "houseway.png", "Five-card hand")
    assert (file.filename, file.description) == ("houseway.png", "Five-card hand")
    assert file.fp.read() == b"\x89PNG"
    long = picture_file(b"", "x.png", "x" * 5000)
    assert long.description is not None
    assert len(long.description) == MAX_DESCRIPTION and long.description.endswith("…")
