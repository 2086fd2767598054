"""Settling a split against the dealer's (spec section 6), worked out by hand."""

import pytest

from houseway.cards import parse_cards
from houseway.hands import five_value, two_value
from houseway.settle import COMMISSION, PAYOFFS, WIN_PAYOFF, Outcome, settle, settle_values


def cards(text: str) -> tuple[int, ...]:
    return parse_cards(text, count=None)


def outcome(player_five: str, player_two: str, dealer_five: str, dealer_two: str) -> Outcome:
    return settle(cards(player_five), cards(player_two), cards(dealer_five), cards(dealer_two))


# (player five, player two, dealer five, dealer two, outcome)
CASES = [
    # both hands won: the player wins
    ("Ks Kh 7d 4c 2h", "Ad Tc", "Qs Qh 9d 8c 2d", "Ac 9c", Outcome.WIN),
    # one each: push
    ("Ks Kh 7d 4c 2h", "Ad 2c", "Qs Qh 9d 8c 2d", "Ac 9c", Outcome.PUSH),
    ("Ts Th 7d 4c 2h", "Ad Tc", "Qs Qh 9d 8c 2d", "Ac 9c", Outcome.PUSH),
    # both lost
    ("Ts Th 7d 4c 2h", "Ad 2c", "Qs Qh 9d 8c 2d", "Ac 9c", Outcome.LOSS),
    # a copy in the five-card hand goes to the dealer
    ("Ks Kh 7d 4c 2h", "Ad Tc", "Kd Kc 7s 4d 2c", "Ac 9c", Outcome.PUSH),
    ("Ks Kh 7d 4c 2h", "Ad 2c", "Kd Kc 7s 4d 2c", "Ac 9c", Outcome.LOSS),
    # a copy in the two-card hand goes to the dealer
    ("Ks Kh 7d 4c 2h", "Ad 9d", "Qs Qh 9s 8c 2d", "Ac 9c", Outcome.PUSH),
    ("Ts Th 7d 4c 2h", "Ad 9d", "Qs Qh 9s 8c 2d", "Ac 9c", Outcome.LOSS),
    # copies in both: the dealer wins both
    ("Ks Kh 7d 4c 2h", "Ad 9d", "Kd Kc 7s 4d 2c", "Ac 9c", Outcome.LOSS),
    # the joker is an ace in the two-card hand: JK-K copies A-K
    ("Qs Qh 9d 8c 2d", "JK Kh", "Ts Th 7d 4c 2h", "Ac Kc", Outcome.PUSH),
    # the joker completes a straight in the five: the wheel beats three of a kind
    ("JK 2c 3d 4h 5s", "Kd Qd", "As Ah Ad 9c 7h", "Kc Jc", Outcome.WIN),
    # the wheel is below A-K-Q-J-T
    ("As 2c 3d 4h 5s", "Kd Qd", "Ah Kh Qs Jc Td", "Kc Jc", Outcome.PUSH),
    # a fouled player split loses even where both its hands are higher
    ("2s 2h 7d 4c 3h", "Kd Ks", "As Kh 9d 8c 6d", "Qc Jc", Outcome.LOSS),
    ("Ks Qh 7d 4c 2h", "As 3c", "Qs Jh 9d 8c 6d", "Tc 2c", Outcome.LOSS),
]


@pytest.mark.parametrize(("player_five", "player_two", "dealer_five", "dealer_two", "want"), CASES)
def test_settlement_by_hand(
    player_five: str, player_two: str, dealer_five: str, dealer_two: str, want: Outcome
) -> None:
    assert outcome(player_five, player_two, dealer_five, dealer_two) is want


def test_payoffs_take_five_percent_commission_on_wins() -> None:
    assert COMMISSION == 0.05
    assert Outcome.WIN.payoff == pytest.approx(0.95) == WIN_PAYOFF
    assert Outcome.PUSH.payoff == 0.0
    assert Outcome.LOSS.payoff == -1.0
    assert [PAYOFFS[o] for o in Outcome] == [-1.0, 0.0, 0.95]


def test_settle_values_counts_hands_won() -> None:
    five, two = five_value(cards("Ks Kh 7d 4c 2h")), two_value(cards("Ad Tc"))
    assert settle_values(five, two, five - 1, two - 1) is Outcome.WIN
    assert settle_values(five, two, five, two) is Outcome.LOSS
    assert settle_values(five, two, five - 1, two) is Outcome.PUSH
    assert settle_values(five, two, five, two - 1) is Outcome.PUSH


def test_legal_pair_of_same_rank_below_is_not_a_foul() -> None:
    # a pair of kings in both hands is legal: the five-card hand wins on its kickers
    assert outcome("Ks Kh 7d 4c 2h", "Kd Kc", "Qs Qh 9d 8c 2d", "Ac 9c") is Outcome.WIN


@pytest.mark.parametrize(
    ("player", "dealer"),
    [
        (("As Ks Qs Js Ts", "2h"), ("Ad Kd Qd Jd Td", "2c 3c")),  # a one-card low hand
        (("As Ks Qs Js", "2h 2d 3d"), ("Ad Kd Qd Jd Td", "2c 3c")),  # four over three
    ],
)
def test_settle_refuses_hands_of_the_wrong_size(
    player: tuple[str, str], dealer: tuple[str, str]
) -> None:
    cards = [parse_cards(text, None) for text in (*player, *dealer)]
    with pytest.raises(ValueError):
        settle(*cards)
