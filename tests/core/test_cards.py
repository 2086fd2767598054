"""Parsing every notation of spec section 5, and every error code."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from houseway import JOKER, HandError, canonical_hand, format_cards, parse_hand
from houseway.cards import (
    DECK,
    MAX_INPUT_LENGTH,
    NAME_PATTERN,
    NAMES,
    card_words,
    cards_in_words,
    check_hand,
    parse_cards,
    pretty_card,
    pretty_cards,
    rank_label,
)
from houseway.language import Lang

AS, KD, TH, NINE_C, SEVEN_S, FOUR_D = 12 * 4 + 0, 11 * 4 + 2, 8 * 4 + 1, 7 * 4 + 3, 5 * 4, 2 * 4 + 2
EXPECTED = (AS, KD, TH, NINE_C, SEVEN_S, FOUR_D, JOKER)


@pytest.mark.parametrize(
    "text",
    [
        "As Kd Th 9c 7s 4d JK",
        "as kd th 9c 7s 4d jk",
        "AS KD TH 9C 7S 4D JK",
        "As Kd 10h 9c 7s 4d Joker",
        "As,Kd,Th,9c,7s,4d,JK",
        "As, Kd, Th, 9c, 7s, 4d, Jkr",
        "AsKdTh9c7s4dJK",
        "AsKd10h9c7s4d🃏",
        "A♠ K♦ T♥ 9♣ 7♠ 4♦ JK",
        "A♤ K♢ 10♡ 9♧ 7♤ 4♢ JK",
        "A♠️ K♦️ T♥️ 9♣️ 7♠️ 4♦️ 🃏",
        "A♠K♦10♥9♣7♠4♦JOKER",
        "spader ess, ruter kung, hjärter 10, klöver 9, spader 7, ruter 4, jokern",
        "Spader Ess Ruter Kung Hjärter 10 Klöver 9 Spader 7 Ruter 4 Joker",
        "spader ess ruter kung hjarter 10 klover 9 spader 7 ruter 4 buggen",
        "  As   Kd\tTh\n9c 7s 4d JK  ",
        "ace of spades, king of diamonds, 10 of hearts, 9 of clubs, 7 of spades, "
        "4 of diamonds, joker",
    ],
)
def test_every_notation_gives_the_same_cards(text: str) -> None:
    assert parse_hand(text) == EXPECTED


def test_swedish_court_cards() -> None:
    cards = parse_cards("hjärter ess, spader 10, klöver kung, ruter dam, ruter knekt", None)
    assert format_cards(cards) == "Ah Ts Kc Qd Jd"


def test_decomposed_umlaut_is_accepted() -> None:
    decomposed = "hja\u0308rter ess"  # 'ä' as a + combining diaeresis
    assert format_cards(parse_cards(decomposed, 1)) == "Ah"


def test_canonical_output_sorts_high_to_low_with_joker_last() -> None:
    assert canonical_hand(parse_hand("4d JK 7s 9c Th Kd As")) == "As Kd Th 9c 7s 4d JK"


def test_input_order_is_kept() -> None:
    assert format_cards(parse_hand("2c 3d 4h 5s JK 9c Kd")) == "2c 3d 4h 5s JK 9c Kd"


@pytest.mark.parametrize(
    ("text", "code", "token"),
    [
        ("", "empty", None),
        ("  , ,  ", "empty", None),
        ("As Kd Th 9c 7s 4d", "wrong_count", None),
        ("As Kd Th 9c 7s 4d JK 2c", "wrong_count", None),
        ("As Kd Th 9c 7s 4d As", "duplicate_card", "As"),
        ("As Kd Th 9c 7s 4d a♠", "duplicate_card", "As"),
        ("As Kd Th 9c 7s JK joker", "two_jokers", "joker"),
        ("As Kd Th 9c 7s 4d Xx", "unknown_token", "Xx"),  # as typed, not lower-cased
        ("As Kd Th 9c 7s 4d JKs", "unknown_token", "JKs"),  # the word, not "s"
        ("spader tio Kd Th 9c 7s 4d", "unknown_token", "tio"),
        ("As Kd Th 9c 7s,4d;Jkr2", "unknown_token", "Jkr2"),
        ("\ufeff\ufe0f Zz Kd Th 9c 7s 4d", "unknown_token", "Zz"),
        ("As Kd 1h 9c 7s 4d JK", "unknown_token", "1h"),
        ("As Kd Th 9c 7s 4d @everyone", "unknown_token", "@everyone"),
        ("As Kd Th 9c 7s 4d 11s", "unknown_token", "11s"),
        ("As Kd Th 9c 7s 4d Ks" + " " * MAX_INPUT_LENGTH, "too_long", None),
    ],
)
def test_errors_carry_code_and_token(text: str, code: str, token: str | None) -> None:
    with pytest.raises(HandError) as caught:
        parse_hand(text)
    assert caught.value.code == code
    assert caught.value.token == token
    assert str(caught.value)


def test_wrong_count_reports_the_count() -> None:
    with pytest.raises(HandError) as caught:
        parse_hand("As Kd Th")
    assert caught.value.count == 3
    assert "3" in str(caught.value)


def test_exactly_the_limit_is_accepted() -> None:
    text = "As Kd Th 9c 7s 4d JK"
    padded = text + " " * (MAX_INPUT_LENGTH - len(text))
    assert len(padded) == MAX_INPUT_LENGTH
    assert parse_hand(padded) == EXPECTED


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ([1, 2, 3], "wrong_count"),
        ([1, 2, 3, 4, 5, 6, 6], "duplicate_card"),
        ([1, 2, 3, 4, 5, 6, 53], "unknown_token"),
    ],
)
def test_check_hand_rejects_bad_encoded_cards(cards: list[int], code: str) -> None:
    with pytest.raises(HandError) as caught:
        check_hand(cards)
    assert caught.value.code == code


@given(st.text(max_size=60))
def test_a_bad_token_is_quoted_as_typed(text: str) -> None:
    """Whatever the input, an unknown token is a piece of it, unchanged (for the reply)."""
    try:
        parse_cards(text, None)
    except HandError as error:
        if error.code == "unknown_token":
            visible = text.replace("\ufe0f", "").replace("\ufeff", "")
            assert error.token and error.token in visible


def test_deal_gives_seven_distinct_cards_of_the_deck() -> None:
    import random

    from houseway.cards import DECK, deal

    hands = [deal(random.Random(seed)) for seed in range(200)]
    assert all(len(set(hand)) == 7 and set(hand) <= set(DECK) for hand in hands)
    assert deal(random.Random(7)) == deal(random.Random(7))
    assert len(set(hands)) == 200  # not one fixed hand


def test_name_pattern_matches_the_canonical_names_and_nothing_else() -> None:
    """The bot's custom ids embed hands through this pattern: it must agree with NAMES."""
    import re
    from itertools import product

    alphabet = sorted({ch for name in NAMES for ch in name} | set("1abjkoxST"))
    pairs = {"".join(pair) for pair in product(alphabet, repeat=2)}
    matched = {pair for pair in pairs if re.fullmatch(NAME_PATTERN, pair)}
    assert matched == set(NAMES)


def test_display_helpers_print_ranks_as_on_the_cards() -> None:
    assert pretty_cards(parse_cards("Th As 2c Qd JK", 5)) == "10♥  A♠  2♣  Q♦  🃏"
    assert [rank_label(c) for c in parse_cards("Ts 9s As JK", 4)] == ["10", "9", "A", "Jkr"]
    assert len({pretty_card(c) for c in range(53)}) == 53


@pytest.mark.parametrize(
    ("name", "english", "swedish"),
    [
        ("Kh", "king of hearts", "hjärter kung"),
        ("As", "ace of spades", "spader ess"),
        ("Qd", "queen of diamonds", "ruter dam"),
        ("Jc", "jack of clubs", "klöver knekt"),
        ("Th", "10 of hearts", "hjärter 10"),
        ("2c", "2 of clubs", "klöver 2"),
        ("JK", "joker", "joker"),
    ],
)
def test_cards_in_words_as_people_say_them(name: str, english: str, swedish: str) -> None:
    [card] = parse_cards(name, 1)
    assert card_words(card) == english
    assert card_words(card, Lang.SV) == swedish


@pytest.mark.parametrize("lang", list(Lang))
def test_every_card_in_words_reads_back_as_itself(lang: Lang) -> None:
    """One vocabulary: what alt text says is what the parser accepts."""
    for card in DECK:
        assert parse_cards(card_words(card, lang), 1) == (card,)
    assert parse_cards(cards_in_words(DECK[:7], lang)) == DECK[:7]
