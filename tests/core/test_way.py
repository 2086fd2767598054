"""The decision procedure: hand-worked cases for every rule id, the spec's examples and
the conformance set. Splits are compared by value (spec section 3: which of two equal
cards goes where does not change the house way)."""

import csv
from pathlib import Path

import pytest

from houseway import RULE_IDS, HandError, five_value, house_way, parse_hand, two_value
from houseway.cards import RANK_OF, format_cards, parse_cards

#: The spec's conformance set, copied into the repository so that the tests run from any
#: checkout; test_golden_copy_matches_the_shared_contract notices when the contract moves.
GOLDEN_FILE = Path(__file__).resolve().parent / "data" / "houseway-golden.tsv"
SHARED_GOLDEN = Path(__file__).resolve().parents[3] / "shared" / "houseway-golden.tsv"

# (hand, five-card hand, two-card hand, path) — worked out by hand from spec section 3.
HAND_WORKED = [
    # five aces
    ("As Ah Ad Ac JK 7s 2d", "Ad Ac JK 7s 2d", "As Ah", "five-aces"),
    ("As Ah Ad Ac JK Kd Kc", "Ad Ac JK Kd Kc", "As Ah", "five-aces"),
    ("As Ah Ad Ac JK Kd Qd", "Ad Ac JK Kd Qd", "As Ah", "five-aces"),
    # straight flush kept: best low among straight-flush splits
    ("9h Th Jh Qh Kh 9s 4c", "Kh Qh Jh Th 9h", "9s 4c", "straight-flush.keep"),
    ("5d 6d 7d 8d 9d Ts Ac", "9d 8d 7d 6d 5d", "Ac Ts", "straight-flush.keep"),
    ("JK Kh Qh Jh Th 2c 3s", "JK Kh Qh Jh Th", "3s 2c", "straight-flush.keep"),
    ("8h 9h Th Jh Qh Kh 2c", "Qh Jh Th 9h 8h", "Kh 2c", "straight-flush.keep"),
    # straight flush, one pair moved because a straight stays
    ("4c 5h 6h 7h 8h 9h 9c", "8h 7h 6h 5h 4c", "9h 9c", "straight-flush.pair-moved"),
    ("Ts Js Qs Ks As Ad 9c", "Ks Qs Js Ts 9c", "As Ad", "straight-flush.pair-moved"),
    ("JK 5d 6d 7d 8d 8s 4c", "JK 7d 6d 5d 4c", "8d 8s", "straight-flush.pair-moved"),
    # straight flush with two pairs: the two-pair rule
    ("5h 6h 7h 8h 9h 9c 5c", "9h 9c 8h 7h 6h", "5h 5c", "straight-flush.two-pairs,two-pairs.split"),
    ("JK 2d 3d 4d 5d 2c 3h", "3d 3h JK 5d 4d", "2d 2c", "straight-flush.two-pairs,two-pairs.split"),
    ("9d Td Jd Qd Kd 9s Ts", "Td Ts Kd Qd Jd", "9d 9s", "straight-flush.two-pairs,two-pairs.split"),
    (
        "Ts Js Qs Ks As Kd Qc",
        "Ks Kd Qs Qc Ts",
        "As Js",
        "straight-flush.two-pairs,two-pairs.ace-jack",
    ),
    (
        "JK Ts Js Qs Ks Th Jc",
        "Js Jc Ts Th Qs",
        "JK Ks",
        "straight-flush.two-pairs,two-pairs.ace-jack",
    ),
    (
        "Ad Kd Qd Jd Td Tc Qh",
        "Qd Qh Td Tc Jd",
        "Ad Kd",
        "straight-flush.two-pairs,two-pairs.ace-jack",
    ),
    ("Ah Kh Qh Jh JK Kd Qd", "Kh Kd Qh Qd Jh", "Ah JK", "straight-flush.two-pairs,three-pairs"),
    ("Ac 2c 3c 4c JK 2d 3d", "3c 3d 2c 2d 4c", "Ac JK", "straight-flush.two-pairs,three-pairs"),
    ("Ad Kd Qd Td JK Ks Qs", "Kd Ks Qd Qs Td", "Ad JK", "straight-flush.two-pairs,three-pairs"),
    # four of a kind
    ("As Ah Ad Ac Kd Ks 2c", "As Ah Ad Ac 2c", "Kd Ks", "four-of-a-kind.extra-pair"),
    ("7s 7h 7d 7c 3d 3s 3h", "7s 7h 7d 7c 3h", "3d 3s", "four-of-a-kind.extra-pair"),
    ("Ks Kh Kd Kc JK Ad 2c", "Ks Kh Kd Kc 2c", "Ad JK", "four-of-a-kind.extra-pair"),
    ("5s 5h 5d 5c Kd Qs 2c", "5s 5h 5d 5c 2c", "Kd Qs", "four-of-a-kind.2-6"),
    ("2s 2h 2d 2c JK 9d 3c", "2s 2h 2d 2c 3c", "JK 9d", "four-of-a-kind.2-6"),
    ("6s 6h 6d 6c Ad Kd Qd", "6s 6h 6d 6c Qd", "Ad Kd", "four-of-a-kind.2-6"),
    ("8s 8h 8d 8c Kd 5c 2h", "8s 8h 8d 8c 2h", "Kd 5c", "four-of-a-kind.7-10"),
    ("8s 8h 8d 8c Qd 5c 2h", "Qd 8d 8c 5c 2h", "8s 8h", "four-of-a-kind.7-10"),
    ("Ts Th Td Tc JK 4d 3c", "Ts Th Td Tc 3c", "JK 4d", "four-of-a-kind.7-10"),
    ("7s 7h 7d 7c Qd Jc 9h", "7d 7c Qd Jc 9h", "7s 7h", "four-of-a-kind.7-10"),
    ("Qs Qh Qd Qc JK 5d 2c", "Qs Qh Qd Qc 2c", "JK 5d", "four-of-a-kind.j-k"),
    ("Ks Kh Kd Kc Qd 5c 2h", "Kd Kc Qd 5c 2h", "Ks Kh", "four-of-a-kind.j-k"),
    ("Js Jh Jd Jc Ah 3c 2d", "Js Jh Jd Jc 2d", "Ah 3c", "four-of-a-kind.j-k"),
    ("As Ah Ad Ac Kd 5c 2h", "Ad Ac Kd 5c 2h", "As Ah", "four-of-a-kind.aces"),
    ("As Ah Ad JK Qd Jc 9h", "Ad JK Qd Jc 9h", "As Ah", "four-of-a-kind.aces"),
    ("As Ah Ad Ac 7d 6c 5h", "Ad Ac 7d 6c 5h", "As Ah", "four-of-a-kind.aces"),
    # full houses
    ("Ks Kh Kd 5c 5d 3h 2s", "Ks Kh Kd 3h 2s", "5c 5d", "full-house"),
    ("As Ad JK 9c 9d 4h 2s", "As Ad JK 4h 2s", "9c 9d", "full-house"),
    ("3s 3h 3d Ac Ad Kh Qs", "3s 3h 3d Kh Qs", "Ac Ad", "full-house"),
    ("Ks Kh Kd 5c 5d 3h 3s", "Ks Kh Kd 3h 3s", "5c 5d", "full-house.two-pairs"),
    ("4s 4h 4d Ac JK 9c 9d", "4s 4h 4d 9c 9d", "Ac JK", "full-house.two-pairs"),
    ("As Ah Ad Qc Qd 2h 2s", "As Ah Ad 2h 2s", "Qc Qd", "full-house.two-pairs"),
    ("Ks Kh Kd 5c 5d 5h 2s", "Kd 5c 5d 5h 2s", "Ks Kh", "full-house.two-trips"),
    ("As Ad JK 7c 7d 7h Qs", "JK 7c 7d 7h Qs", "As Ad", "full-house.two-trips"),
    ("3s 3h 3d 2c 2d 2h Kd", "3d 2c 2d 2h Kd", "3s 3h", "full-house.two-trips"),
    # flushes and straights
    ("2c 3d 4h 5s JK 9c Kd", "JK 5s 4h 3d 2c", "Kd 9c", "flush-straight.keep"),
    ("4c 5d 6h 7s 8c Kd 2h", "8c 7s 6h 5d 4c", "Kd 2h", "flush-straight.keep"),
    ("2h 5h 8h Jh Kh Qs 3d", "Kh Jh 8h 5h 2h", "Qs 3d", "flush-straight.keep"),
    ("2h 5h 8h Jh Kh Ah 3d", "Kh Jh 8h 5h 2h", "Ah 3d", "flush-straight.keep"),
    ("9c Tc Jd Qc Kc 3c As", "Kc Qc Tc 9c 3c", "As Jd", "flush-straight.keep"),
    ("As Kd Qc Jh 9s 7d JK", "Kd Qc Jh JK 9s", "As 7d", "flush-straight.keep"),
    ("2h 5h 8h Jh Kh As Ad", "Kh Jh 8h 5h 2h", "As Ad", "flush-straight.pair-moved"),
    ("4c 5d 6h 7s 8c Kd Kh", "8c 7s 6h 5d 4c", "Kd Kh", "flush-straight.pair-moved"),
    ("JK 3s 4d 5h 6c Qd Qs", "JK 6c 5h 4d 3s", "Qd Qs", "flush-straight.pair-moved"),
    ("5c 6d 7h 8s 9c 9d 5h", "9c 9d 8s 7h 6d", "5c 5h", "flush-straight.two-pairs,two-pairs.split"),
    ("Ts Jd Qh Kc Ac Ad Kh", "Ac Ad Qh Jd Ts", "Kc Kh", "flush-straight.two-pairs,two-pairs.split"),
    ("2h 5h 8h Jh Kh 2c 5d", "5h 5d Kh Jh 8h", "2h 2c", "flush-straight.two-pairs,two-pairs.split"),
    (
        "Ts Jd Qh Kc Ac Kd Qs",
        "Kc Kd Qh Qs Ts",
        "Ac Jd",
        "flush-straight.two-pairs,two-pairs.ace-jack",
    ),
    (
        "Ah Jh 8h 5h 3h 8c 5d",
        "8h 8c 5h 5d 3h",
        "Ah Jh",
        "flush-straight.two-pairs,two-pairs.ace-jack",
    ),
    (
        "JK Qh 8h 5h 3h 8c 5d",
        "8h 8c 5h 5d 3h",
        "JK Qh",
        "flush-straight.two-pairs,two-pairs.ace-jack",
    ),
    ("As Kd Qh Jc JK Kc Qd", "Kd Kc Qh Qd Jc", "As JK", "flush-straight.two-pairs,three-pairs"),
    ("Ah 9h 6h 3h JK 9c 6d", "9h 9c 6h 6d 3h", "Ah JK", "flush-straight.two-pairs,three-pairs"),
    ("Ad 2c 3h 4s JK 2d 3c", "3h 3c 2c 2d 4s", "Ad JK", "flush-straight.two-pairs,three-pairs"),
    # three of a kind
    ("9s 9h 9d Kc 7d 4h 2s", "9s 9h 9d 4h 2s", "Kc 7d", "three-of-a-kind"),
    ("5s 5h 5d JK Qd 8c 2h", "5s 5h 5d 8c 2h", "JK Qd", "three-of-a-kind"),
    ("Ks Kh Kd Ac Qd 7s 2h", "Ks Kh Kd 7s 2h", "Ac Qd", "three-of-a-kind"),
    ("Ah Ad JK 9c 7s 4d 2c", "Ad JK 7s 4d 2c", "Ah 9c", "three-of-a-kind.aces"),
    ("As Ah Ad Kc 9d 6h 2s", "Ah Ad 9d 6h 2s", "As Kc", "three-of-a-kind.aces"),
    ("As Ah Ad Qc Jd 8h 3s", "Ah Ad Jd 8h 3s", "As Qc", "three-of-a-kind.aces"),
    # two pairs and three pairs
    ("Ks Kh 7d 7c Ad Tc 3h", "Ad Ks Kh Tc 3h", "7d 7c", "two-pairs.split"),
    ("Qs Qh 4d 4c 9s 8h 2d", "Qs Qh 9s 8h 2d", "4d 4c", "two-pairs.split"),
    ("JK As 5d 5c Kh Qc 2d", "As JK Kh Qc 2d", "5d 5c", "two-pairs.split"),
    ("Ks Kh 7d 7c Ad Jc 3h", "Ks Kh 7d 7c 3h", "Ad Jc", "two-pairs.ace-jack"),
    ("9s 9h 4d 4c JK Qh 2s", "9s 9h 4d 4c 2s", "JK Qh", "two-pairs.ace-jack"),
    ("6s 6h 3d 3c Ah Kd 8s", "6s 6h 3d 3c 8s", "Ah Kd", "two-pairs.ace-jack"),
    ("9s 9h 5d 5c 2h 2d Ac", "Ac 5d 5c 2h 2d", "9s 9h", "three-pairs"),
    ("As JK Kd Kc 3h 3d 7s", "Kd Kc 3h 3d 7s", "As JK", "three-pairs"),
    ("Qs Qh Jd Jc 8h 8d 2c", "Jd Jc 8h 8d 2c", "Qs Qh", "three-pairs"),
    # one pair, high card
    ("Ts Th Kd 9c 6h 4s 2d", "Ts Th 6h 4s 2d", "Kd 9c", "one-pair"),
    ("JK Ad 9c 7s 6h 3d 2c", "Ad JK 6h 3d 2c", "9c 7s", "one-pair"),
    ("4s 4h Ad Kc 9d 7s 2h", "4s 4h 9d 7s 2h", "Ad Kc", "one-pair"),
    ("JK Kd Qs 9c 7h 5d 3s", "JK 9c 7h 5d 3s", "Kd Qs", "high-card"),
    ("As Kd 9c 7h 5d 3s 2c", "As 7h 5d 3s 2c", "Kd 9c", "high-card"),
    ("Qs Jd 9c 7h 5d 3s 2c", "Qs 7h 5d 3s 2c", "Jd 9c", "high-card"),
]


def assert_split(hand: str, five: str, two: str, path: str) -> None:
    decision = house_way(parse_hand(hand))
    expected_five, expected_two = parse_cards(five, 5), parse_cards(two, 2)
    assert sorted(decision.five + decision.two) == sorted(parse_hand(hand))
    assert ",".join(decision.path) == path
    assert decision.five_value == five_value(expected_five), (hand, decision.five)
    assert five_value(decision.five) == five_value(expected_five)
    assert two_value(decision.two) == two_value(expected_two), (hand, decision.two)
    assert sorted(RANK_OF[c] for c in decision.two) == sorted(RANK_OF[c] for c in expected_two)


@pytest.mark.parametrize(("hand", "five", "two", "path"), HAND_WORKED)
def test_hand_worked(hand: str, five: str, two: str, path: str) -> None:
    assert_split(hand, five, two, path)


def test_every_rule_id_has_three_hand_worked_cases() -> None:
    for rule_id in RULE_IDS:
        cases = [case for case in HAND_WORKED if rule_id in case[3].split(",")]
        assert len(cases) >= 3, rule_id


def _golden() -> list[list[str]]:
    with GOLDEN_FILE.open(encoding="utf-8") as handle:
        rows = list(csv.reader(handle, delimiter="\t"))
    assert rows[0] == ["hand", "five", "two", "path"]
    return rows[1:]


GOLDEN = _golden()


def test_golden_copy_matches_the_shared_contract() -> None:
    if not SHARED_GOLDEN.exists():
        pytest.skip("no ../shared beside this checkout; the copy in tests/core/data is used")
    assert GOLDEN_FILE.read_bytes() == SHARED_GOLDEN.read_bytes()


def test_conformance_set_is_complete() -> None:
    assert len(GOLDEN) == 540


@pytest.mark.parametrize(("hand", "five", "two", "path"), GOLDEN)
def test_conformance(hand: str, five: str, two: str, path: str) -> None:
    decision = house_way(parse_hand(hand))
    assert ",".join(decision.path) == path
    assert decision.five_value == five_value(parse_cards(five, 5))
    assert decision.two_value == two_value(parse_cards(two, 2))


def test_the_rule_is_the_last_id_of_the_path() -> None:
    decision = house_way("5h 6h 7h 8h 9h 9c 5c")
    assert decision.path == ("straight-flush.two-pairs", "two-pairs.split")
    assert decision.rule == "two-pairs.split"


def test_accepts_text_too() -> None:
    assert house_way("As Ah Ad Ac JK 7s 2d").path == ("five-aces",)


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ((1, 2, 3), "wrong_count"),
        ((1, 2, 3, 4, 5, 6, 7, 7), "wrong_count"),
        ((1, 2, 3, 4, 5, 6, 6), "duplicate_card"),
        ((1, 2, 3, 4, 5, 6, 53), "unknown_token"),
        ((1, 2, 3, 4, 5, 6, -1), "unknown_token"),
        ((1, 2, 3, 4, 5, 6, -53), "unknown_token"),
        ((1, 2, 3, 4, 5, 6, 7.0), "unknown_token"),
        ((1, 2, 3, 4, 5, 6, [7]), "unknown_token"),
        ((1, 2, 3, 4, 5, 6, "7"), "unknown_token"),
    ],
)
def test_bad_encoded_cards_get_the_error_that_says_what_is_wrong(
    cards: tuple[object, ...], code: str
) -> None:
    with pytest.raises(HandError) as caught:
        house_way(cards)  # type: ignore[arg-type]
    assert caught.value.code == code


def test_an_int_subclass_is_read_as_the_card_it_equals() -> None:
    assert house_way((True, 0, 2, 3, 4, 5, 6)) == house_way((1, 0, 2, 3, 4, 5, 6))


def test_display_order_puts_groups_first_and_joker_at_its_rank() -> None:
    assert house_way("Ks Kh Kd 5c 5d 3h 3s").five == parse_cards("Ks Kh Kd 3s 3h", 5)
    wheel = house_way("2c 3d 4h 5s JK 9c Kd")
    assert wheel.five == parse_cards("5s 4h 3d 2c JK", 5)
    assert house_way("JK 5d 6d 7d 8d 8s 4c").five == parse_cards("JK 7d 6d 5d 4c", 5)


def test_equal_rank_cards_keep_the_spec_examples_flush_and_straight() -> None:
    flush = house_way("Ad 6h Ah Ac JK 5h 7h")
    assert sorted(flush.two) == sorted(parse_cards("Ad Ac", 2))
    assert flush.five_name() == "Flush"
    straight = house_way("Ad Td JK Qh As Ac Kh")
    assert straight.five_value == five_value(parse_cards("JK Kh Qh As Td", 5))
    assert straight.five_name() == "Straight"


def test_equal_rank_cards_leave_the_best_five_in_every_hand_with_three_aces_and_the_joker() -> None:
    """Spec section 3: of the splits whose two-card hand has the same ranks as the house
    way's (the joker low is an ace), none leaves a better five-card hand."""
    from itertools import combinations

    from houseway.cards import ACE, JOKER

    aces = [c for c in range(52) if RANK_OF[c] == ACE]
    others = [c for c in range(52) if RANK_OF[c] != ACE]
    checked = 0
    for three in combinations(aces, 3):
        for rest in combinations(others, 3):
            hand = (*three, JOKER, *rest)
            decision = house_way(hand)
            low_ranks = sorted(RANK_OF[c] for c in decision.two)
            best = max(
                five_value([c for c in hand if c not in low])
                for low in combinations(hand, 2)
                if sorted(RANK_OF[c] for c in low) == low_ranks
            )
            assert decision.five_value == best, format_cards(hand)
            checked += 1
    assert checked == 69_184
