"""Hand values (spec section 1): ranking, the joker, the wheel, two-card hands, no foul."""

import random

import pytest

from houseway import JOKER, Category, category_name, five_value, is_legal, two_value
from houseway.cards import parse_cards
from houseway.hands import _evaluated, best_five_of, split_five_values, two_name
from houseway.language import Lang
from houseway.shape import splits


def v(text: str) -> int:
    return five_value(parse_cards(text, 5))


def t(text: str) -> int:
    return two_value(parse_cards(text, 2))


def test_categories_descend() -> None:
    hands = [
        "As Ah Ad Ac JK",
        "As Ks Qs Js Ts",
        "5h 4h 3h 2h Ah",
        "Kd Qd Jd Td 9d",
        "6c 5c 4c 3c 2c",
        "As Ah Ad Ac Kd",
        "2s 2h 2d 2c 3d",
        "As Ad Ah Kc Kd",
        "3s 3h 3d 2c 2d",
        "Ah Kh Qh Jh 9h",
        "7d 5d 4d 3d 2d",
        "As Kd Qc Jh Ts",
        "5s 4h 3d 2c As",
        "Ks Qd Jc Th 9s",
        "6s 5h 4d 3c 2s",
        "As Ad Ah Kc Qd",
        "2s 2h 2d 4c 3d",
        "As Ad Kh Kc Qd",
        "As Ad Kh Kc Jd",
        "3s 3d 2h 2c 4d",
        "As Ad Kh Qc Jd",
        "2s 2d 5h 4c 3d",
        "As Kd Qh Jc 9d",
        "7s 5d 4h 3c 2d",
    ]
    values = [v(hand) for hand in hands]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("As Ah Ad Ac JK", Category.FIVE_ACES),
        ("JK Kh Qh Jh Th", Category.STRAIGHT_FLUSH),
        ("JK 9h 7h 6h 5h", Category.STRAIGHT_FLUSH),
        ("JK Kh Qh Jh 2h", Category.FLUSH),
        ("JK Kh Qd Jh Th", Category.STRAIGHT),
        ("JK As Kd 7c 2h", Category.ONE_PAIR),
        ("JK As Ad 7c 2h", Category.THREE_OF_A_KIND),
        ("JK As Ad Ac 2h", Category.FOUR_OF_A_KIND),
        ("JK As Ad Kc Kh", Category.FULL_HOUSE),
        ("JK Ks Kd 7c 7h", Category.TWO_PAIRS),
        ("JK Ks Kd 7c 2h", Category.ONE_PAIR),
        ("JK 9s 7d 4c 2h", Category.HIGH_CARD),
    ],
)
def test_joker_categories(hand: str, category: Category) -> None:
    assert v(hand) >> 24 == category


def test_joker_in_a_flush_takes_the_highest_missing_rank() -> None:
    # Kh Qh 9h 2h + joker: the ace of hearts is absent, so the joker is that ace.
    assert v("JK Kh Qh 9h 2h") == v("Ah Kh Qh 9h 2h")
    # With the ace present the joker becomes the king.
    assert v("JK Ah Qh 9h 2h") == v("Ah Kh Qh 9h 2h")
    assert v("JK Ah Kh 9h 2h") == v("Ah Kh Qh 9h 2h")
    assert v("JK Ah Kh Qh 2h") == v("Ah Kh Qh Jh 2h")


def test_wheel_is_second_highest_straight() -> None:
    assert v("As Kd Qc Jh Ts") > v("5s 4h 3d 2c As") > v("Ks Qd Jc Th 9s")
    assert v("JK 2c 3d 4h 5s") == v("As 2c 3d 4h 5s")
    assert v("As Ks Qs Js Ts") > v("5s 4s 3s 2s As") > v("Ks Qs Js Ts 9s")


def _natural(cards: list[int]) -> int:
    """A plain evaluator without the joker, to build a reference from."""
    return five_value(cards)


def _reference(cards: list[int]) -> int:
    """The joker's best value by trying every card it could stand for (spec section 1)."""
    if JOKER not in cards:
        return _natural(cards)
    naturals = [c for c in cards if c != JOKER]
    best = -1
    for stand_in in range(52):
        as_ace = stand_in >> 2 == 12
        if stand_in in naturals and not as_ace:
            continue
        if stand_in in naturals:
            # an ace already in the hand: use another ace for the count
            stand_in = next(a for a in range(48, 52) if a not in naturals)
        value = _natural([*naturals, stand_in])
        if as_ace or value >> 24 in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH):
            best = max(best, value)
    return best


def test_joker_value_matches_a_brute_force_reference() -> None:
    rng = random.Random(7)
    for _ in range(20_000):
        naturals = rng.sample(range(52), 4)
        if rng.random() < 0.4:  # force suited naturals to reach flushes often
            suit = rng.randrange(4)
            naturals = [r * 4 + suit for r in rng.sample(range(13), 4)]
        hand = [*naturals, JOKER]
        assert five_value(hand) == _reference(hand), hand


def test_the_value_table_agrees_with_the_rules_card_by_card() -> None:
    """five_value reads a table keyed by rank counts and one suit or not; the rules it was
    built from (_evaluated) give the same on other suits, orders and joker places."""
    rng = random.Random(28)
    for _ in range(20_000):
        hand = rng.sample(range(53), 5)
        if rng.random() < 0.3:  # one suit, to reach flushes and straight flushes often
            suit = rng.randrange(4)
            hand = [r * 4 + suit for r in rng.sample(range(13), 5)]
            hand[rng.randrange(5)] = JOKER if rng.random() < 0.5 else hand[0]
            if len(set(hand)) < 5:
                continue
        assert five_value(hand) == _evaluated(hand), hand


def test_two_card_values() -> None:
    assert t("2s 2h") > t("As Kd") > t("As Qd") > t("Ks Qd")
    assert t("As Ah") > t("Ks Kh")
    assert t("JK As") == t("As Ah")
    assert t("JK Kd") == t("As Kh")


@pytest.mark.parametrize(
    ("five", "two", "legal"),
    [
        ("Ks Kh 7c 4d 2s", "Ks Kh", True),  # same pair: five wins on kickers
        ("Ks Kh 7c 4d 2s", "As Ah", False),
        ("5s 5h 3c 3d 2s", "As Ah", True),  # two pairs beat any pair
        ("As 9h 7c 4d 2s", "Ks Qh", True),
        ("As 9h 7c 4d 2s", "As Qh", False),
        ("As Qh 7c 4d 2s", "As Qd", True),  # first two ranks equal: legal
        ("As Qh 7c 4d 2s", "As Kd", False),
        ("2s 2h 7c 4d 3s", "As Kd", True),
        ("Ks Qh 7c 4d 2s", "3s 3d", False),
    ],
)
def test_no_foul(five: str, two: str, legal: bool) -> None:
    assert is_legal(v(five), t(two)) is legal


def test_names() -> None:
    assert category_name(v("As Ks Qs Js Ts")) == "Royal flush"
    assert category_name(v("Ks Qs Js Ts 9s"), Lang.SV) == "Färgstege"  # issue #22
    assert category_name(v("Ks Qd Js Ts 9s"), Lang.SV) == "Stege"
    assert category_name(v("Ks Kd Kh Ts Th"), Lang.SV) == "Kåk"


def test_two_card_names() -> None:
    assert two_name(t("JK As")) == "Pair"
    assert two_name(t("7s 7d"), Lang.SV) == "Par"
    assert two_name(t("As Kd")) == "High card"
    assert two_name(t("As Kd"), Lang.SV) == "Högt kort"


def test_best_five_of_seven() -> None:
    cards = parse_cards("As Ks Qs Js Ts 2c 3d", 7)
    assert best_five_of(cards) == v("As Ks Qs Js Ts")


# --- one reading order for every row of a split (#29 §4: the joker where the text puts it)


@pytest.mark.parametrize(
    ("cards", "shown"),
    [
        ("5d JK", "JK 5d"),  # the joker in a two-card hand is an ace: first
        ("JK As", "As JK"),  # a pair of aces: the natural ace, then the joker
        ("Kc Kd", "Kd Kc"),  # a pair: suits s h d c, as in a five-card hand
        ("7s Qh", "Qh 7s"),
    ],
)
def test_a_two_card_hand_reads_high_to_low_the_joker_as_an_ace(cards: str, shown: str) -> None:
    from houseway.hands import display_order

    assert display_order(parse_cards(cards, 2)) == parse_cards(shown, 2)


def test_every_split_the_core_gives_reads_in_display_order() -> None:
    """The house way's, the player's way's, each split of an analysis, a seat's own and a
    practice verdict's: the order the texts print, which the pictures draw too."""
    from houseway import house_way
    from houseway.analysis.analyze import analyze
    from houseway.cards import deal
    from houseway.game import own_split
    from houseway.hands import display_order
    from houseway.learning.practice import split_of, verdict
    from houseway.strategy import player_way

    rng = random.Random(29)
    hands = [deal(rng) for _ in range(3000)]
    hands += [parse_cards(h, 7) for h in ("Ac JK Qc 5s 2d 9h 8h", "3c JK 5d Jc Qh Ac Kh")]
    for hand in hands:
        for split in (house_way(hand), player_way(hand), own_split(hand, hand[:2])):
            assert split.five == display_order(split.five), hand
            assert split.two == display_order(split.two), hand
        judged = verdict(house_way(hand), [hand[1], hand[0]])
        assert judged.two == display_order(judged.two)
        five, two = split_of(hand, (house_way(hand).five_value, house_way(hand).two_value))
        assert (five, two) == (display_order(five), display_order(two))
    for hand in hands[-2:]:
        for split in analyze(hand).splits:
            assert split.two == display_order(split.two) and split.five == display_order(split.five)


def test_split_five_values_are_the_five_card_hands_each_split_leaves() -> None:
    """One sum less each split's two cards gives what five_value gives the five left."""
    rng = random.Random(21)
    for _ in range(3_000):
        hand = rng.sample(range(53), 7)
        if rng.random() < 0.3:  # five or more of one suit, to reach flushes
            suit = rng.randrange(4)
            hand = [r * 4 + suit for r in rng.sample(range(13), 5)] + hand[:2]
            if len(set(hand)) < 7:
                continue
        expected = [five_value(five) for _, five in splits(hand)]
        assert split_five_values(hand) == expected, hand
        assert best_five_of(hand) == max(expected)
