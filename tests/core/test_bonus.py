"""The bonus bets (spec section 10): categories on hand-built hands, every joker edge, an
independent reference on random hands, the published odds, Envy and ``houseway bonus``."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from houseway.analysis.bonus_odds import bonus_odds
from houseway.bonus import (
    ORDER,
    PAY_TABLES,
    BonusCategory,
    BonusError,
    category,
    envy,
    holdings,
    settle_bonus,
)
from houseway.cards import DECK, JOKER, Card, parse_hand
from houseway.hands import Category, category_of, five_value, is_royal
from tests.conftest import run_cli

C = BonusCategory

#: Hand-built hands and what each table pays them as (§10's tables by hand, not the code).
CASES = [
    # Seven-card straight flushes: natural, the A-low run, the joker filling or topping one.
    (
        "As 2s 3s 4s 5s 6s 7s",
        C.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL,
        C.STRAIGHT_FLUSH,
        C.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL,
    ),
    (
        "Ad Kd Qd Jd Td 9d 8d",
        C.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL,
        C.ROYAL_FLUSH,
        C.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL,
    ),
    (
        "Ac Kc Qc Jc Tc 9c JK",
        C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
        C.ROYAL_FLUSH,
        C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    ),
    (
        "Ks Qs Js Ts 9s 8s JK",
        C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
        C.ROYAL_FLUSH,
        C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    ),
    (
        "As 2s 3s 4s 6s 7s JK",
        C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
        C.STRAIGHT_FLUSH,
        C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    ),
    # Six suited in a row and the joker not next to them: a straight flush, not seven.
    (
        "9h 8h 7h 6h 5h 4h JK",
        C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
        C.STRAIGHT_FLUSH,
        C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    ),
    (
        "9h 8h 7h 6h 5h 3h JK",
        C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
        C.STRAIGHT_FLUSH,
        C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    ),
    ("9h 8h 7h 6h 5h 2h JK", C.STRAIGHT_FLUSH, C.STRAIGHT_FLUSH, C.STRAIGHT_FLUSH),
    # A royal and a suited K-Q beside it; the joker's royal is no royal match.
    ("As Ks Qs Js Ts Kh Qh", C.ROYAL_FLUSH_ROYAL_MATCH, C.ROYAL_FLUSH, C.ROYAL_FLUSH),
    ("As Ks Qs Js JK Kh Qh", C.ROYAL_FLUSH, C.ROYAL_FLUSH, C.ROYAL_FLUSH),
    ("As Ks Qs Js Ts Kh Qd", C.ROYAL_FLUSH, C.ROYAL_FLUSH, C.ROYAL_FLUSH),
    ("As Ks Qs Js Ts 2h 3d", C.ROYAL_FLUSH, C.ROYAL_FLUSH, C.ROYAL_FLUSH),
    ("As Ah Ad Ac JK 2s 7d", C.FIVE_ACES, C.FIVE_ACES, C.FIVE_ACES),
    ("9h 8h 7h 6h 5h Ac Kd", C.STRAIGHT_FLUSH, C.STRAIGHT_FLUSH, C.STRAIGHT_FLUSH),
    # The joker completes a wheel straight flush (it is a 5, not an ace).
    ("Ad 2d 3d 4d JK 9c Ks", C.STRAIGHT_FLUSH, C.STRAIGHT_FLUSH, C.STRAIGHT_FLUSH),
    ("7s 7h 7d 7c 2s 3h 9d", C.FOUR_OF_A_KIND, C.FOUR_OF_A_KIND, C.FOUR_OF_A_KIND),
    # Three aces and the joker: four of a kind (the joker is an ace).
    ("As Ah Ad JK 2c 5h 9d", C.FOUR_OF_A_KIND, C.FOUR_OF_A_KIND, C.FOUR_OF_A_KIND),
    ("Ks Kh Kd 2s 2h 5c 9d", C.FULL_HOUSE, C.FULL_HOUSE, C.FULL_HOUSE),
    ("As Ah JK Kd Ks 2c 7h", C.FULL_HOUSE, C.FULL_HOUSE, C.FULL_HOUSE),
    ("Ks Kh Kd 5s 5h 5c 9d", C.FULL_HOUSE, C.FULL_HOUSE, C.FULL_HOUSE),
    ("As 9s 7s 4s 2s Kh Qd", C.FLUSH, C.FLUSH, C.FLUSH),
    ("Ks 9s 7s 4s JK 2h 3d", C.FLUSH, C.FLUSH, C.FLUSH),
    # Trips and a straight in one hand: three of a kind pays more, so it counts.
    ("5s 5h 5d 6c 7s 8h 9d", C.THREE_OF_A_KIND, C.THREE_OF_A_KIND, C.THREE_OF_A_KIND),
    # A pair of aces with the joker is trips ...
    ("As Ah JK 3d 7c 9s Kh", C.THREE_OF_A_KIND, C.THREE_OF_A_KIND, C.THREE_OF_A_KIND),
    ("9s 8h 7d 6c 5s 2h Kd", C.STRAIGHT, C.STRAIGHT, C.STRAIGHT),
    # ... but an ace, the joker and 2-3-4: the joker completes the wheel.
    ("As JK 2h 3d 4c 9s Kh", C.STRAIGHT, C.STRAIGHT, C.STRAIGHT),
    ("As 2h 3d 4c JK 9s Kh", C.STRAIGHT, C.STRAIGHT, C.STRAIGHT),
    # Pai gow: no pair, straight or flush, highest card 9, 10 or jack; emperor pays it.
    ("9s 8h 7d 4c 3s 2h 6d", C.NOTHING, C.NOTHING, C.PAI_GOW_9),
    ("Ts 8h 7d 4c 3s 2h 6d", C.NOTHING, C.NOTHING, C.PAI_GOW_10),
    ("Js 8h 7d 4c 3s 2h 6d", C.NOTHING, C.NOTHING, C.PAI_GOW_J),
    ("Qs 8h 7d 4c 3s 2h 6d", C.NOTHING, C.NOTHING, C.NOTHING),
    # The joker is an ace: never pai gow.
    ("Ts 8h 7d 4c 3s 2h JK", C.NOTHING, C.NOTHING, C.NOTHING),
    # Nine high with a flush is a flush; with a pair, nothing.
    ("9s 8s 7s 4s 2s 3h 6d", C.FLUSH, C.FLUSH, C.FLUSH),
    ("9s 9h 7d 4c 3s 2h 6d", C.NOTHING, C.NOTHING, C.NOTHING),
    ("As Kh 9d 7c 4s 3h 2d", C.NOTHING, C.NOTHING, C.NOTHING),
]


@pytest.mark.parametrize(("hand", "fortune", "mania", "emperor"), CASES)
def test_each_table_pays_the_best_category_it_lists(
    hand: str, fortune: C, mania: C, emperor: C
) -> None:
    cards = parse_hand(hand)
    assert category(cards, "fortune") == fortune
    assert category(cards, "mania") == mania
    assert category(cards, "emperor") == emperor


def test_the_cases_reach_every_category() -> None:
    reached = {found for _, *paid in CASES for found in paid}
    assert reached == set(ORDER)


def reference_holdings(cards: tuple[Card, ...]) -> set[BonusCategory]:
    """§10 from §1's evaluator, hand by hand: what the 21 five-card subsets make, the
    joker replaced by each card for the seven-card runs, the two cards outside a royal."""
    fives = [tuple(five) for five in combinations(cards, 5)]
    made = {category_of(five_value(five)) for five in fives}
    held: set[BonusCategory] = set()
    by_category = {
        Category.FIVE_ACES: C.FIVE_ACES,
        Category.STRAIGHT_FLUSH: C.STRAIGHT_FLUSH,
        Category.FOUR_OF_A_KIND: C.FOUR_OF_A_KIND,
        Category.FULL_HOUSE: C.FULL_HOUSE,
        Category.FLUSH: C.FLUSH,
        Category.THREE_OF_A_KIND: C.THREE_OF_A_KIND,
        Category.STRAIGHT: C.STRAIGHT,
    }
    held |= {by_category[found] for found in made if found in by_category}
    if any(is_royal(five_value(five)) for five in fives):
        held.add(C.ROYAL_FLUSH)

    def natural_run(seven: tuple[Card, ...]) -> bool:
        if len({card & 3 for card in seven}) != 1:
            return False
        ranks = sorted(card >> 2 for card in seven)
        return ranks == list(range(ranks[0], ranks[0] + 7)) or ranks == [0, 1, 2, 3, 4, 5, 12]

    naturals = tuple(card for card in cards if card != JOKER)
    if len(naturals) == 7 and natural_run(naturals):
        held.add(C.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL)
    if len(naturals) == 6 and any(
        natural_run((*naturals, other)) for other in DECK[:52] if other not in naturals
    ):
        held.add(C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER)
    for five in fives:
        if JOKER not in five and is_royal(five_value(five)):
            rest = [card for card in cards if card not in five]
            if sorted(card >> 2 for card in rest) == [10, 11] and rest[0] & 3 == rest[1] & 3:
                held.add(C.ROYAL_FLUSH_ROYAL_MATCH)
    if JOKER not in cards and made == {Category.HIGH_CARD}:
        top = max(card >> 2 for card in cards)
        held |= {7: {C.PAI_GOW_9}, 8: {C.PAI_GOW_10}, 9: {C.PAI_GOW_J}}.get(top, set())
    return held


def reference_category(cards: tuple[Card, ...], table: str) -> BonusCategory:
    held = reference_holdings(cards)
    return next((found for found in PAY_TABLES[table].pays if found in held), C.NOTHING)


#: Hands with a flush or a run more often than chance deals them: a suit's run of five
#: to seven, and the joker or other cards beside it.
suited_runs = st.builds(
    lambda suit, top, length, extra: [(top - i) % 13 * 4 + suit for i in range(length)] + extra,
    st.integers(0, 3),
    st.integers(3, 12),
    st.integers(4, 7),
    st.lists(st.sampled_from(DECK), max_size=3),
)


#: ... and groups: one or two ranks three or four times (aces and the joker most of all).
groups = st.builds(
    lambda ranks, joker: (
        [rank * 4 + suit for rank, n in ranks for suit in range(n)] + ([JOKER] if joker else [])
    ),
    st.lists(st.tuples(st.sampled_from([12, 12, 12, *range(12)]), st.integers(2, 4)), max_size=2),
    st.booleans(),
)


@st.composite
def hands(draw: st.DrawFn) -> tuple[Card, ...]:
    start = draw(st.one_of(suited_runs, groups, st.just([])))
    cards: list[Card] = []
    for card in [*start, *draw(st.permutations(DECK))]:
        if card not in cards:
            cards.append(card)
    return tuple(cards[:7])


@settings(max_examples=600, deadline=None)
@given(hands())
def test_every_table_agrees_with_the_hand_by_hand_reference(cards: tuple[Card, ...]) -> None:
    for table in PAY_TABLES:
        assert category(cards, table) == reference_category(cards, table), table


#: Spec §10's published rows (Wizard of Odds), to the hand.
PUBLISHED = {
    "mania": {
        "five-aces": 1_128,
        "royal-flush": 26_132,
        "straight-flush": 184_832,
        "four-of-a-kind": 307_472,
        "full-house": 4_188_528,
        "flush": 6_172_088,
        "three-of-a-kind": 7_672_500,
        "straight": 11_034_204,
        "nothing": 124_556_196,
    },
    "emperor": {
        "seven-card-straight-flush-natural": 32,
        "seven-card-straight-flush-joker": 196,
        "five-aces": 1_128,
        "royal-flush": 26_092,
        "straight-flush": 184_644,
        "four-of-a-kind": 307_472,
        "full-house": 4_188_528,
        "flush": 6_172_088,
        "three-of-a-kind": 7_672_500,
        "straight": 11_034_204,
        "pai-gow-9": 31_080,
        "pai-gow-10": 248_640,
        "pai-gow-j": 963_480,
        "nothing": 123_312_996,
    },
}
PUBLISHED_RETURNS = {"mania": -0.063667, "emperor": -0.041714, "fortune": -0.078376}


@pytest.mark.parametrize("table", ["mania", "emperor"])
def test_the_odds_are_the_published_rows(table: str) -> None:
    odds = bonus_odds(table)
    assert {row.category.value: row.hands for row in odds.rows} == PUBLISHED[table]
    assert [row.category.value for row in odds.rows] == list(PUBLISHED[table])
    assert round(float(odds.exact_return), 6) == PUBLISHED_RETURNS[table]


def test_fortune_takes_the_royal_matches_from_the_royal_flushes() -> None:
    fortune = {row.category.value: row.hands for row in bonus_odds("fortune").rows}
    emperor = PUBLISHED["emperor"]
    assert fortune["royal-flush-royal-match"] == 12
    assert fortune["royal-flush"] == emperor["royal-flush"] - 12
    assert fortune["nothing"] == PUBLISHED["mania"]["nothing"]
    assert round(float(bonus_odds("fortune").exact_return), 6) == PUBLISHED_RETURNS["fortune"]


def test_a_bonus_pays_to_one_or_loses_the_bet() -> None:
    royal = settle_bonus(parse_hand("As Ks Qs Js Ts 2h 3d"), "fortune", 10)
    assert (royal.category, royal.pays, royal.net) == (C.ROYAL_FLUSH, 150, 1500)
    nothing = settle_bonus(parse_hand("As Kh 9d 7c 4s 3h 2d"), "emperor", 10)
    assert (nothing.pays, nothing.net) == (0, -10)
    with pytest.raises(BonusError):
        settle_bonus(parse_hand("As Kh 9d 7c 4s 3h 2d"), "fortune", -1)
    with pytest.raises(BonusError):
        settle_bonus(parse_hand("As Kh 9d 7c 4s 3h 2d"), "roulette", 10)


def test_envy_pays_for_every_other_hand_of_four_of_a_kind_or_better() -> None:
    quads = parse_hand("7s 7h 7d 7c 2s 3h 9d")
    straight_flush = parse_hand("9h 8h 6h 5h Ac Kd JK")
    full_house = parse_hand("Ks Kh Kd 2s 2h 5c Qd")
    others = [quads, straight_flush, full_house]
    assert envy(others, "fortune", 5) == 5 + 20
    assert envy(others, "fortune", 4) == 0  # below the 5 chips Envy asks for
    assert envy(others, "mania", 100) == 0  # no Envy on Mania
    assert envy([full_house], "fortune", 100) == 0


def test_holdings_refuse_what_is_not_a_hand() -> None:
    with pytest.raises(ValueError):
        holdings((1, 2, 3))


# --- the command line ---------------------------------------------------------------


@pytest.mark.parametrize("table", ["mania", "emperor"])
def test_houseway_bonus_odds_json_is_the_published_table(table: str) -> None:
    done = run_cli("bonus", "--odds", "--table", table, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["table"] == table and data["hands"] == 154_143_080
    assert {row["category"]: row["hands"] for row in data["rows"]} == PUBLISHED[table]
    assert data["return"] == PUBLISHED_RETURNS[table]
    assert data["house_edge"] == -PUBLISHED_RETURNS[table]
    paid = {row["category"]: row["pays"] for row in data["rows"]}
    assert paid == {**PAY_TABLES[table].pays, "nothing": 0}


def test_houseway_bonus_a_hand_and_json_lines() -> None:
    done = run_cli("bonus", "As Ks Qs Js Ts Kh Qh", "--bet", "10")
    assert done.returncode == 0, done.stderr
    assert "royal-flush-royal-match" in done.stdout and "+20000" in done.stdout
    lines = "\n".join(
        [
            json.dumps({"hand": "9s 8h 7d 4c 3s 2h 6d", "table": "emperor", "bet": 5}),
            '{"hand": "9s 8h 7d 4c 3s 2h 6d", "bet": ' + "9" * 5000 + "}",
            json.dumps({"hand": "As Ks"}),
            '{"hand": "9s 8h 7d 4c 3s 2h 6d", "table": "blackjack"}',
            "not json",
            json.dumps({"hand": "As Ah Ad Ac JK 2s 7d"}),
        ]
    )
    done = run_cli("bonus", "--json", "-", stdin=lines + "\n")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1
    assert answers[0] == {"category": "pai-gow-9", "pays": 40, "net": 200}
    assert [a.get("error", {}).get("code") for a in answers[1:5]] == [
        "not_json",
        "wrong_count",
        "bad_table",
        "not_json",
    ]
    assert answers[5] == {"category": "five-aces", "pays": 400}


def test_the_shipped_odds_are_a_fresh_count() -> None:
    """houseway/data/bonus.json (what the bot shows) equals the count made now."""
    from houseway.analysis.bonus_odds import shipped

    for table in PAY_TABLES:
        assert shipped(table) == bonus_odds(table)
