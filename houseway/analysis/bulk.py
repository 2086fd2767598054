"""The house way's values of many hands at once, by class-key look-up in the shipped
class table (numpy): what ``houseway simulate`` deals and settles in bulk."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from houseway.analysis.exact import (
    COUNT_BITS,
    FLUSH_SHIFT,
    JOKER_AT,
    IntArray,
    class_keys,
    shipped_table,
)

#: Per card (the joker last): its unit in a class key's rank counts (the joker's bit),
#: its suit's unit in a suit tally (4 bits a suit; the joker counts for every suit), its
#: rank bit, and its suit (4 for the joker: in no suit).
_CARD_UNIT: Final = np.array(
    [1 << COUNT_BITS * (c >> 2) for c in range(52)] + [1 << JOKER_AT], dtype=np.int64
)
_SUIT_UNIT: Final = np.array([1 << 4 * (c & 3) for c in range(52)] + [0x1111], dtype=np.int64)
_RANK_BIT: Final = np.array([1 << (c >> 2) for c in range(52)] + [0], dtype=np.int64)
_SUIT_OF: Final = np.array([c & 3 for c in range(52)] + [4], dtype=np.int64)


@dataclass(frozen=True)
class HouseWayValues:
    """The house way's five- and two-card values by class key, for look-ups in bulk."""

    keys: IntArray  # ascending
    fives: IntArray
    twos: IntArray

    @classmethod
    def from_arrays(cls, arrays: dict[str, npt.NDArray[np.generic]]) -> HouseWayValues:
        keys = class_keys(arrays)
        order = np.argsort(keys)
        return cls(
            keys[order],
            arrays["five"].astype(np.int64)[order],
            arrays["two"].astype(np.int64)[order],
        )

    def values(self, hands: npt.NDArray[np.integer]) -> tuple[IntArray, IntArray]:
        """(five values, two values) of the house way for each row of seven cards."""
        hands = hands.astype(np.intp, copy=False)
        keys = _CARD_UNIT[hands].sum(axis=1)
        suits = _SUIT_UNIT[hands].sum(axis=1)
        flush = np.full(len(hands), -1, dtype=np.int64)
        for suit in range(4):
            flush[((suits >> 4 * suit) & 15) >= 5] = suit
        suited = _SUIT_OF[hands] == flush[:, None]
        keys |= (_RANK_BIT[hands] * suited).sum(axis=1) << FLUSH_SHIFT
        at = np.searchsorted(self.keys, keys)
        return self.fives[at], self.twos[at]


@cache
def house_way_values() -> HouseWayValues:
    return HouseWayValues.from_arrays(shipped_table())


_DECK_ORDER: Final = np.arange(53, dtype=np.int8)


def deal_block(seed: int, deals: int) -> npt.NDArray[np.int8]:
    """``deals`` rows of 14 cards from shuffled 53-card decks (a partial Fisher-Yates
    shuffle of each row, 14 swaps), reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    starts = np.arange(deals) * 53
    # One deal's 14 draws after another's, so a shorter block is a prefix of a longer one.
    picks = (rng.integers(np.arange(14), 53, size=(deals, 14)) + starts[:, None]).T
    decks = np.tile(_DECK_ORDER, deals)
    for place in range(14):
        at = starts + place
        top = decks[at]
        decks[at] = decks[picks[place]]
        decks[picks[place]] = top
    return decks.reshape(deals, 53)[:, :14]


def settle_deals(cards: npt.NDArray[np.integer]) -> tuple[int, int, int]:
    """(wins, pushes, losses) of rows of 14 cards: the player's seven, then the dealer's,
    both set by the house way (spec section 6; the house way never fouls)."""
    values = house_way_values()
    player_five, player_two = values.values(cards[:, :7])
    dealer_five, dealer_two = values.values(cards[:, 7:])
    five = player_five > dealer_five
    two = player_two > dealer_two
    wins = int(np.count_nonzero(five & two))
    losses = int(np.count_nonzero(~(five | two)))
    return wins, len(cards) - wins - losses, losses
