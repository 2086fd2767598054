"""Settling a player's split against the dealer's (spec section 6).

Each hand is compared with the dealer's hand of the same size; a tie ("copy")
goes to the dealer. Both won: the player wins even money less 5% commission;
one each: push; both lost, or a fouled split: the player loses.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Final

from houseway.cards import Card
from houseway.hands import five_value, is_legal, two_value

COMMISSION: Final = 0.05
#: What a won hand pays per unit wagered, after commission.
WIN_PAYOFF: Final = 1.0 - COMMISSION


class Outcome(IntEnum):
    """A player's result against the dealer; the value is the number of hands won."""

    LOSS = 0
    PUSH = 1
    WIN = 2

    @property
    def payoff(self) -> float:
        """Units won per unit wagered (+0.95, 0 or -1)."""
        return PAYOFFS[self]


#: Payoff per unit wagered, indexed by :class:`Outcome`.
PAYOFFS: Final[tuple[float, float, float]] = (-1.0, 0.0, WIN_PAYOFF)


def settle_values(player_five: int, player_two: int, dealer_five: int, dealer_two: int) -> Outcome:
    """Settle by hand values (:func:`five_value` / :func:`two_value`); the player must beat
    the dealer strictly in a hand to win it, and a fouled player split loses outright.

    The dealer's split is taken as given (the house way never fouls).
    """
    if not is_legal(player_five, player_two):
        return Outcome.LOSS
    return Outcome((player_five > dealer_five) + (player_two > dealer_two))


def settle(
    player_five: Sequence[Card],
    player_two: Sequence[Card],
    dealer_five: Sequence[Card],
    dealer_two: Sequence[Card],
) -> Outcome:
    """Settle two splits given as cards (five-card hand, two-card hand each).

    Raises ValueError for hands of the wrong size. Cards are not checked against one
    deck: settlement depends only on the hands' values.
    """
    hands = (player_five, player_two, dealer_five, dealer_two)
    if [len(hand) for hand in hands] != [5, 2, 5, 2]:
        raise ValueError(f"expected hands of 5, 2, 5 and 2 cards, got {[len(h) for h in hands]}")
    player = (five_value(player_five), two_value(player_two))
    dealer = (five_value(dealer_five), two_value(dealer_two))
    return settle_values(*player, *dealer)
