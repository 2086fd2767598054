"""The House Way decision procedure (spec section 3), and a fast memoised front for it.

:func:`decide` follows the spec step by step; every branch names the rule id it
applies, so the path of ids says exactly which sentence of the Swedish text set
the hand. :func:`house_way` is what callers use: it reduces a hand to the
facts the procedure can see (ranks, the joker, which cards are of the one suit
that can make a flush), computes each such pattern once, and replays the
stored split by position. The hot path is a sort, two table look-ups and a
dict look-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product, repeat
from typing import Final, NamedTuple

from .cards import ACE, HAND_SIZE, JACK, JOKER, KING, RANK_OF, SIX, SUIT_OF, TEN, Card, check_hand
from .hands import (
    Category,
    category_name,
    category_of,
    display_order,
    five_value,
    is_legal,
    two_name,
    two_value,
)
from .shape import (
    FLUSH_OR_STRAIGHT,
    STRAIGHT_FLUSH_ONLY,
    STRAIGHTISH,
    Groups,
    flush_suit,
    groups_of,
    has_straight,
    has_straight_flush,
    of_size,
    rank_mask,
    singles,
    splits,
)


class Decision(NamedTuple):
    """The dealer's split of one hand and why.

    ``path`` holds the rule ids that decided, first to last; ``rule`` is the last.
    ``five`` is in display order (groups first, high to low).
    """

    hand: tuple[Card, ...]
    five: tuple[Card, ...]
    two: tuple[Card, ...]
    path: tuple[str, ...]
    five_value: int
    two_value: int

    @property
    def rule(self) -> str:
        return self.path[-1]

    def five_name(self, swedish: bool = False) -> str:
        return category_name(self.five_value, swedish)

    def two_name(self, swedish: bool = False) -> str:
        return two_name(self.two_value, swedish)


# --- the procedure, step by step -----------------------------------------------------------


def _best_low(cards: Sequence[Card], categories: frozenset[Category]) -> tuple[Card, Card]:
    """The legal split with the highest two-card hand whose five is in ``categories``.

    Ties go to the higher five-card hand (spec section 3, "best low").
    """
    best: tuple[int, int] | None = None
    best_low: tuple[Card, Card] | None = None
    for low, five in splits(cards):
        five_v = five_value(five)
        if category_of(five_v) not in categories:
            continue
        two_v = two_value(low)
        if not is_legal(five_v, two_v):
            continue
        if best is None or (two_v, five_v) > best:
            best, best_low = (two_v, five_v), (low[0], low[1])
    assert best_low is not None, "a straight/flush hand always has a keeping split"
    return best_low


def _straightish(
    cards: Sequence[Card], prefix: str, keep: frozenset[Category], groups: Groups
) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """Steps 2 and 5: the straight-flush rules, shared by flushes and straights."""
    pairs = of_size(groups, 2)
    if len(pairs) >= 2:
        low, path = _two_pairs(groups)
        return low, (f"{prefix}.two-pairs", *path)
    if len(pairs) == 1:
        rest = [c for c in cards if c not in pairs[0]]
        if category_of(five_value(rest)) in STRAIGHTISH:
            return tuple(pairs[0]), (f"{prefix}.pair-moved",)
    return _best_low(cards, keep), (f"{prefix}.keep",)


def _two_pairs(groups: Groups) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """Step 7: two pairs (ace-jack exception) and three pairs (a supplement)."""
    pairs = of_size(groups, 2)
    if len(pairs) >= 3:
        return tuple(pairs[0]), ("three-pairs",)
    alone = singles(groups)
    if RANK_OF[alone[0]] == ACE and RANK_OF[alone[1]] >= JACK:
        return (alone[0], alone[1]), ("two-pairs.ace-jack",)
    return tuple(pairs[1]), ("two-pairs.split",)


def _four_of_a_kind(groups: Groups) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """Step 3."""
    quads = of_size(groups, 4)[0]
    rank = RANK_OF[quads[0]]
    others = [g for r, g in sorted(groups.items(), reverse=True) if r != rank and len(g) >= 2]
    if others:
        return tuple(others[0][:2]), ("four-of-a-kind.extra-pair",)
    alone = singles(groups)
    keep = (alone[0], alone[1])
    split = (quads[0], quads[1])
    top = RANK_OF[alone[0]]
    if rank <= SIX:
        return keep, ("four-of-a-kind.2-6",)
    if rank <= TEN:
        return (keep if top >= KING else split), ("four-of-a-kind.7-10",)
    if rank < ACE:
        return (keep if top == ACE else split), ("four-of-a-kind.j-k",)
    return split, ("four-of-a-kind.aces",)


def _full_house(groups: Groups) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """Step 4, with the supplements for two pairs and two trips."""
    trips = of_size(groups, 3)
    pairs = of_size(groups, 2)
    if len(trips) >= 2:
        return tuple(trips[0][:2]), ("full-house.two-trips",)
    if len(pairs) >= 2:
        return tuple(pairs[0]), ("full-house.two-pairs",)
    return tuple(pairs[0]), ("full-house",)


def _best_of_equal(
    cards: Sequence[Card], low: tuple[Card, ...], groups: Groups
) -> tuple[Card, ...]:
    """Of cards of one rank, send low those that leave the best five-card hand (section 3).

    The two-card hand keeps its value whichever equal cards go (the joker low is an ace);
    only the five-card hand can change, and only where the joker or a suited ace stays to
    keep a flush or a straight. Ties keep the first choice in group order (natural cards
    before the joker, lowest suit first).
    """
    places: dict[int, list[int]] = {}
    for place, card in enumerate(low):
        places.setdefault(RANK_OF[card], []).append(place)
    if all(len(groups[rank]) == len(at) for rank, at in places.items()):
        return low
    best, best_value = low, -1
    for picks in product(*(combinations(groups[rank], len(at)) for rank, at in places.items())):
        candidate = list(low)
        for at, picked in zip(places.values(), picks, strict=True):
            for place, card in zip(at, picked, strict=True):
                candidate[place] = card
        value = five_value([c for c in cards if c not in candidate])
        if value > best_value:
            best, best_value = tuple(candidate), value
    return best


def decide(cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """The two-card hand and the path of rule ids, straight from spec section 3."""
    groups = groups_of(cards)
    low, path = _decide(cards, groups)
    return _best_of_equal(cards, low, groups), path


def _decide(cards: Sequence[Card], groups: Groups) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """Which ranks go low and why; :func:`decide` then picks among cards of equal rank."""
    sizes = sorted((len(g) for g in groups.values()), reverse=True)
    if len(groups.get(ACE, ())) == 5:
        return tuple(groups[ACE][:2]), ("five-aces",)
    suit = flush_suit(cards)
    if has_straight_flush(cards, suit):
        return _straightish(cards, "straight-flush", STRAIGHT_FLUSH_ONLY, groups)
    if sizes[0] == 4:
        return _four_of_a_kind(groups)
    if sizes[0] == 3 and sizes[1] >= 2:
        return _full_house(groups)
    if suit >= 0 or has_straight(rank_mask(cards), JOKER in cards):
        return _straightish(cards, "flush-straight", FLUSH_OR_STRAIGHT, groups)
    if sizes[0] == 3:
        trips = of_size(groups, 3)[0]
        alone = singles(groups)
        if RANK_OF[trips[0]] == ACE:
            return (trips[0], alone[0]), ("three-of-a-kind.aces",)
        return (alone[0], alone[1]), ("three-of-a-kind",)
    if sizes[0] == 2:
        if sizes[1] == 2:
            return _two_pairs(groups)
        alone = singles(groups)
        return (alone[0], alone[1]), ("one-pair",)
    alone = singles(groups)
    return (alone[1], alone[2]), ("high-card",)


# --- the fast front ------------------------------------------------------------------------

#: Rank with the joker apart (13): the memo key must tell a joker from an ace.
_RANK13: Final = (*RANK_OF[:52], 13)
#: Where a card's own bit starts, above its suit counters (one nibble per suit, the joker
#: adding one to every suit). Summed over seven distinct cards the card bits are seven; a
#: repeated card carries into another bit and leaves fewer.
_CARD_BIT_AT: Final = 16
_SUIT_COUNTERS: Final = (1 << _CARD_BIT_AT) - 1
_CARD_BITS: Final = {
    card: 1 << _CARD_BIT_AT + card | (0x1111 if card == JOKER else 1 << 4 * SUIT_OF[card])
    for card in range(JOKER + 1)
}
#: What an int that is not a card adds: more than any seven cards sum to.
_NOT_A_CARD: Final = 1 << _CARD_BIT_AT + JOKER + 1 + HAND_SIZE
_PLAIN_INT: Final = frozenset({int})


def _build_flush_table() -> tuple[int, ...]:
    table = []
    for total in range(0x7777 + 1):
        suit = next((s for s in range(4) if (total >> 4 * s) & 15 >= 5), -1)
        table.append(suit)
    return tuple(table)


_FLUSH_OF_TOTAL: Final = _build_flush_table()
#: For a flush suit f: key value (rank, in-suit), over the hand in plain card order, so
#: hands share a template only when their suited cards stand at the same places; ties
#: between equal cards then fall the same way in every hand of a template.
_FLUSH_KEY: Final = tuple(
    (*(RANK_OF[c] * 2 + (SUIT_OF[c] == f) for c in range(52)), 99) for f in range(4)
)


class _Template(NamedTuple):
    """A decision by position in the canonically sorted hand."""

    five: tuple[int, ...]
    two: tuple[int, int]
    path: tuple[str, ...]
    five_value: int
    two_value: int


_PLAIN: dict[tuple[int, ...], _Template] = {}
_FLUSH: dict[tuple[int, ...], _Template] = {}


def _template(ordered: tuple[Card, ...]) -> _Template:
    low, path = decide(ordered)
    five = [c for c in ordered if c not in low]
    five_v = five_value(five)
    two_v = two_value(low)
    shown = display_order(five, five_v)
    return _Template(
        tuple(ordered.index(c) for c in shown),
        (ordered.index(low[0]), ordered.index(low[1])),
        path,
        five_v,
        two_v,
    )


def house_way(cards: Sequence[Card] | str) -> Decision:
    """The dealer's split of a seven-card hand and the rules that decided it.

    Accepts encoded cards or text in any notation :func:`houseway.parse_hand` reads.
    """
    if isinstance(cards, str):
        from .cards import parse_hand

        cards = parse_hand(cards)
    hand = tuple(cards)
    total = (
        sum(map(_CARD_BITS.get, hand, repeat(_NOT_A_CARD)))
        if len(hand) == HAND_SIZE and _PLAIN_INT.issuperset(map(type, hand))
        else _NOT_A_CARD
    )
    if total >= _NOT_A_CARD or (total >> _CARD_BIT_AT).bit_count() != HAND_SIZE:
        # Not plainly seven distinct cards: check_hand says what is wrong, or (an int
        # subclass such as a bool) passes the cards on as plain ints.
        hand = tuple(map(int, check_hand(hand)))
        total = sum(map(_CARD_BITS.__getitem__, hand))
    suit = _FLUSH_OF_TOTAL[total & _SUIT_COUNTERS]
    if suit < 0:
        ordered = tuple(sorted(hand, reverse=True))
        key = tuple(map(_RANK13.__getitem__, ordered))
        memo = _PLAIN
    else:
        ordered = tuple(sorted(hand, reverse=True))
        key = tuple(map(_FLUSH_KEY[suit].__getitem__, ordered))
        memo = _FLUSH
    template = memo.get(key)
    if template is None:
        template = memo[key] = _template(ordered)
    five_at = template.five
    two_at = template.two
    return Decision(
        hand,
        (
            ordered[five_at[0]],
            ordered[five_at[1]],
            ordered[five_at[2]],
            ordered[five_at[3]],
            ordered[five_at[4]],
        ),
        (ordered[two_at[0]], ordered[two_at[1]]),
        template.path,
        template.five_value,
        template.two_value,
    )


def same_house_way(five: Sequence[Card], two: Sequence[Card], decision: Decision) -> bool:
    """A player's split is the house way when both hands have the house way's values."""
    return five_value(five) == decision.five_value and two_value(two) == decision.two_value


def clear_cache() -> None:
    """Forget memoised patterns (for measurements of the cold path)."""
    _PLAIN.clear()
    _FLUSH.clear()
