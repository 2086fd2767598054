"""The shape of a hand: what the house way and the player's way read off seven cards.

Groups of equal rank (the joker among the aces), the groups of one size, the singles,
the one suit that can make a flush, straights, and every split of the seven cards. One
module, so that the decision procedure (:mod:`houseway.way`), the player's way
(:mod:`houseway.strategy`), the explanations and the analyses group a hand the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from itertools import combinations
from operator import itemgetter, or_
from typing import Final

from houseway.cards import ACE, HAND_SIZE, JOKER, RANK_OF, SUIT_OF, Card
from houseway.hands import STRAIGHT_WINDOWS, TWO_PLACES, Category, category_of, five_value

#: Cards by rank, highest rank first (the joker among the aces), naturals first in suit
#: order.
Groups = dict[int, list[Card]]

#: The five-card categories of headings 2 and 5 together, of heading 5, and of heading 2.
STRAIGHTISH: Final = frozenset({Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH})
FLUSH_OR_STRAIGHT: Final = frozenset({Category.STRAIGHT, Category.FLUSH})
STRAIGHT_FLUSH_ONLY: Final = frozenset({Category.STRAIGHT_FLUSH})


#: Where a card stands among a hand's groups: higher ranks first; in a group, naturals in
#: suit order and the joker after them.
_GROUP_ORDER: Final = tuple(
    (ACE - RANK_OF[card]) * 8 + (4 if card == JOKER else SUIT_OF[card]) for card in range(JOKER + 1)
)


def groups_of(cards: Sequence[Card]) -> Groups:
    """Cards by rank, highest first, the joker among the aces; naturals first, so the joker
    stays up top."""
    groups: Groups = {}
    for card in sorted(cards, key=_GROUP_ORDER.__getitem__):
        groups.setdefault(RANK_OF[card], []).append(card)
    return groups


def of_size(groups: Groups, size: int) -> list[list[Card]]:
    """Groups of exactly ``size`` cards, highest rank first (as :func:`groups_of` has them)."""
    return [group for group in groups.values() if len(group) == size]


def singles(groups: Groups) -> list[Card]:
    """The cards alone of their rank, highest first."""
    return [group[0] for group in groups.values() if len(group) == 1]


def aces(groups: Groups) -> list[Card]:
    """The aces' group (the joker among them), or none."""
    return groups.get(ACE, [])


#: What a card adds to a sum of suit counters: three bits a suit (up to seven cards), the
#: joker one to every suit.
SUIT_UNITS: Final = tuple(0o1111 if c == JOKER else 1 << 3 * SUIT_OF[c] for c in range(JOKER + 1))
#: For every sum of suit counters: the suit with five, or -1 (of seven cards, one suit at
#: most).
FLUSH_SUIT_OF: Final = tuple(
    next((suit for suit in range(4) if counters >> 3 * suit & 7 >= 5), -1)
    for counters in range(1 << 12)
)


def flush_suit(cards: Sequence[Card]) -> int:
    """The suit that has five cards counting the joker, or -1 (at most one suit can)."""
    return FLUSH_SUIT_OF[sum(map(SUIT_UNITS.__getitem__, cards))]


#: A card's rank as a bit, the joker none.
_RANK_BIT: Final = (*(1 << RANK_OF[c] for c in range(JOKER)), 0)


def rank_mask(cards: Sequence[Card]) -> int:
    """The natural cards' ranks as bits (the joker left out)."""
    return reduce(or_, map(_RANK_BIT.__getitem__, cards), 0)


def _straights_in(joker: bool) -> bytes:
    """For every rank mask: 1 where five of its ranks (one of them the joker) are a straight:
    every mask holding a straight's ranks, or all of them but one with the joker."""
    table = bytearray(1 << 13)
    for window in STRAIGHT_WINDOWS:
        for gap in (0, *(1 << r for r in range(13) if window >> r & 1)) if joker else (0,):
            need = window & ~gap
            free = ~need & 0x1FFF
            more = free
            while True:  # every subset of the other ranks
                table[need | more] = 1
                if not more:
                    break
                more = (more - 1) & free
    return bytes(table)


_STRAIGHT_IN: Final = (_straights_in(False), _straights_in(True))


def has_straight(mask: int, joker: bool) -> bool:
    """Some five ranks of ``mask`` (one of them the joker, if any) make a straight."""
    return bool(_STRAIGHT_IN[joker][mask])


def has_straight_flush(cards: Sequence[Card], suit: int) -> bool:
    """Some five cards of ``suit`` (the :func:`flush_suit`, or -1), the joker allowed, make a
    straight flush."""
    if suit < 0:
        return False
    suited = [c for c in cards if SUIT_OF[c] == suit]
    return has_straight(rank_mask(suited), JOKER in cards)


def best_five(
    cards: Sequence[Card], categories: frozenset[Category]
) -> tuple[int, tuple[Card, ...]] | None:
    """The best five cards of ``cards`` whose hand is in ``categories``, with its value."""
    found = [
        (value, five)
        for five in combinations(cards, 5)
        if category_of(value := five_value(five)) in categories
    ]
    return max(found) if found else None


#: For each of the 21 splits of seven cards: the two-card hand's places, the five's.
_SPLIT_PLACES: Final = tuple(
    (itemgetter(*low), itemgetter(*(i for i in range(HAND_SIZE) if i not in low)))
    for low in TWO_PLACES
)


def splits(cards: Sequence[Card]) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Every split of seven cards as (two-card hand, five-card hand), in the order of
    ``itertools.combinations`` over the two-card hand; each hand keeps the cards' order."""
    return [(two(cards), five(cards)) for two, five in _SPLIT_PLACES]
