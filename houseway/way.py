"""The house way's memoised front, and the procedure's record on request.

:func:`house_way` is what callers use: it reduces a hand to the facts the procedure
(:func:`houseway.procedure.decide`, spec section 3) can see — ranks, the joker, which
cards are of the one suit that can make a flush — decides each such pattern once, and
replays the stored split by position. The hot path is a sort, two table look-ups and a
dict look-up, and records nothing. :func:`house_way_traced` runs the same procedure on
the hand with its record (:class:`~houseway.record.Trace`): the decision and every step
that led to it, which explanations say.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Final, NamedTuple

from houseway.cards import HAND_SIZE, JOKER, RANK_OF, SUIT_OF, Card, check_hand, parse_hand
from houseway.hands import Category, category_of, display_order, five_value, two_value
from houseway.procedure import decide
from houseway.record import Decision, Holdings, Step, Trace
from houseway.shape import (
    FLUSH_SUIT_OF,
    STRAIGHTISH,
    SUIT_UNITS,
    aces,
    best_five,
    groups_of,
    of_size,
)

__all__ = ["Decision", "clear_cache", "decide", "house_way", "house_way_traced", "same_house_way"]


# --- the fast front ------------------------------------------------------------------------

#: One sum over the hand's cards says all the front needs (the treys way: precompute, add):
#: from the bottom, a 3-bit counter per rank, the joker's apart from the aces' (bits 0-41),
#: so that these bits are the memo key of a hand that cannot make a flush; then the suit
#: counters of :data:`houseway.shape.SUIT_UNITS` (42-53). No field can carry into the next
#: with seven cards, and the sum stays a small int.
_SUITS_AT: Final = 3 * 14
_RANK_COUNTERS: Final = (1 << _SUITS_AT) - 1
_CARD_UNITS: Final = tuple(
    1 << 3 * (13 if card == JOKER else RANK_OF[card]) | SUIT_UNITS[card] << _SUITS_AT
    for card in range(JOKER + 1)
)
_PLAIN_INT: Final = frozenset({int})
#: For a flush suit f: key value (rank, in-suit), over the hand in plain card order, so
#: hands share a template only when their suited cards stand at the same places; ties
#: between equal cards then fall the same way in every hand of a template.
_FLUSH_KEY: Final = tuple(
    (*(RANK_OF[c] * 2 + (SUIT_OF[c] == f) for c in range(52)), 99) for f in range(4)
)


class _Template(NamedTuple):
    """A decision by position in the canonically sorted hand (getters of those places)."""

    five: itemgetter[tuple[int, ...]]
    two: itemgetter[tuple[int, ...]]
    path: tuple[str, ...]
    five_value: int
    two_value: int


_PLAIN: dict[int, _Template] = {}
_FLUSH: dict[tuple[int, ...], _Template] = {}
#: What templates share, so that a warm look-up touches little memory: some 50,000 patterns
#: after 200,000 random hands use about 150 getters and the 26 paths.
_GETTERS: dict[tuple[int, ...], itemgetter[tuple[int, ...]]] = {}
_PATHS: dict[tuple[str, ...], tuple[str, ...]] = {}
_new_tuple: Final = tuple.__new__


def _shared_getter(places: tuple[int, ...]) -> itemgetter[tuple[int, ...]]:
    """The one getter of these places (see :data:`_GETTERS`)."""
    return _GETTERS.setdefault(places, itemgetter(*places))


def _template(ordered: Sequence[Card], low: tuple[Card, ...], path: tuple[str, ...]) -> _Template:
    """The procedure's split of ``ordered`` by the places of its cards."""
    five = [c for c in ordered if c not in low]
    five_v = five_value(five)
    shown = display_order(five, five_v)
    return _Template(
        _shared_getter(tuple(map(ordered.index, shown))),
        _shared_getter(tuple(map(ordered.index, low))),
        _PATHS.setdefault(path, path),
        five_v,
        two_value(low),
    )


def _checked(cards: Sequence[Card] | str) -> tuple[Card, ...]:
    """Seven distinct cards as plain ints: check_hand says what is wrong, or (an int
    subclass such as a bool) passes the cards on as plain ints. Accepts text in any
    notation :func:`houseway.parse_hand` reads."""
    return tuple(map(int, parse_hand(cards) if isinstance(cards, str) else check_hand(cards)))


def house_way(cards: Sequence[Card] | str) -> Decision:
    """The dealer's split of a seven-card hand and the rules that decided it.

    Accepts encoded cards or text in any notation :func:`houseway.parse_hand` reads.
    """
    if isinstance(cards, str):
        cards = parse_hand(cards)
    hand = tuple(cards)
    seven = len(hand) == HAND_SIZE and _PLAIN_INT.issuperset(map(type, hand))
    if seven:  # plain ints: seven distinct cards if they fall strictly from the joker to 0
        first, second, third, fourth, fifth, sixth, last = ordered = sorted(hand, reverse=True)
        seven = JOKER >= first > second > third > fourth > fifth > sixth > last >= 0
    if not seven:
        hand = _checked(hand)  # says what is wrong, or passes an int subclass on as plain ints
        ordered = sorted(hand, reverse=True)
    total = sum(itemgetter(*ordered)(_CARD_UNITS))
    suit = FLUSH_SUIT_OF[total >> _SUITS_AT]
    if suit < 0:  # the ranks and the joker say it all: they fix the places of the sort
        template = _PLAIN.get(total & _RANK_COUNTERS)
        if template is None:
            template = _PLAIN[total & _RANK_COUNTERS] = _template(ordered, *decide(ordered))
    else:
        key = tuple(map(_FLUSH_KEY[suit].__getitem__, ordered))
        template = _FLUSH.get(key)
        if template is None:
            template = _FLUSH[key] = _template(ordered, *decide(ordered))
    five, two, path, five_v, two_v = template
    return _new_tuple(Decision, (hand, five(ordered), two(ordered), path, five_v, two_v))


def house_way_traced(cards: Sequence[Card] | str) -> Trace:
    """The house way of a seven-card hand with the procedure's record of it: one run of
    the procedure gives the decision (the same as :func:`house_way`'s) and every step
    that led to it. The slow path, for explanations; the last few hands are remembered."""
    return _traced(_checked(cards))


@lru_cache(maxsize=256)
def _traced(hand: tuple[Card, ...]) -> Trace:
    ordered = tuple(sorted(hand, reverse=True))
    steps: list[Step] = []
    low, path = decide(ordered, steps)
    template = _template(ordered, low, path)
    decision = Decision(
        hand,
        template.five(ordered),
        template.two(ordered),
        path,
        template.five_value,
        template.two_value,
    )
    return Trace(decision, tuple(steps), _holdings(ordered))


def _holdings(cards: Sequence[Card]) -> Holdings:
    """What the hand holds as every heading asks for it (the record's, for mistakes)."""
    groups = groups_of(cards)
    best = best_five(cards, STRAIGHTISH)
    value = -1 if best is None else best[0]
    pairs, trips, quads = (tuple(map(tuple, of_size(groups, size))) for size in (2, 3, 4))
    return Holdings(
        tuple(aces(groups)),
        pairs,
        trips,
        quads,
        value,
        best is not None and category_of(value) == Category.STRAIGHT_FLUSH,
    )


def same_house_way(five: Sequence[Card], two: Sequence[Card], decision: Decision) -> bool:
    """A player's split is the house way when both hands have the house way's values."""
    return five_value(five) == decision.five_value and two_value(two) == decision.two_value


def clear_cache() -> None:
    """Forget memoised patterns (for measurements of the cold path)."""
    _PLAIN.clear()
    _FLUSH.clear()
    _GETTERS.clear()
    _PATHS.clear()
    _traced.cache_clear()
