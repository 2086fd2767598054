"""Five- and two-card hand values with the joker, and the no-foul test (spec section 1).

Values are plain ``int`` so that comparing two hands is one integer comparison:
``category << 24 | tiebreak``. Straights store their order value in the top
tiebreak slot so the wheel (A-2-3-4-5) sits between A-K-Q-J-T and K-Q-J-T-9.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations
from typing import Final

from houseway.cards import ACE, HAND_SIZE, JOKER, RANK_OF, SUIT_OF, Card
from houseway.language import Lang


class Category(IntEnum):
    """Five-card categories, low to high."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_ACES = 9


#: Each category's name by language (the Swedish ones as in the rule text).
CATEGORY_NAMES: Final[dict[Category, dict[Lang, str]]] = {
    Category.HIGH_CARD: {Lang.SV: "Högt kort", Lang.EN: "High card"},
    Category.ONE_PAIR: {Lang.SV: "Ett par", Lang.EN: "One pair"},
    Category.TWO_PAIRS: {Lang.SV: "Två par", Lang.EN: "Two pairs"},
    Category.THREE_OF_A_KIND: {Lang.SV: "Triss", Lang.EN: "Three of a kind"},
    Category.STRAIGHT: {Lang.SV: "Stege", Lang.EN: "Straight"},
    Category.FLUSH: {Lang.SV: "Färg", Lang.EN: "Flush"},
    Category.FULL_HOUSE: {Lang.SV: "Kåk", Lang.EN: "Full house"},
    Category.FOUR_OF_A_KIND: {Lang.SV: "Fyrtal", Lang.EN: "Four of a kind"},
    Category.STRAIGHT_FLUSH: {Lang.SV: "Färgstege", Lang.EN: "Straight flush"},
    Category.FIVE_ACES: {Lang.SV: "Fem ess", Lang.EN: "Five aces"},
}
ROYAL_NAMES: Final[dict[Lang, str]] = {Lang.SV: "Royal flush", Lang.EN: "Royal flush"}
#: A two-card hand is a pair or high card; its pair goes without the five-card "one".
TWO_PAIR_NAMES: Final[dict[Lang, str]] = {Lang.SV: "Par", Lang.EN: "Pair"}

_WHEEL_MASK: Final = 0b1000000001111  # A 5 4 3 2
_WHEEL_ORDER: Final = 23  # between K-high (22) and A-high (24)


def _straight_order(top: int) -> int:
    """Order value of a straight by its top rank index; 3 (a 5) stands for the wheel."""
    return _WHEEL_ORDER if top == 3 else top * 2


def _build_straight_tables() -> tuple[dict[int, int], dict[int, int]]:
    """Rank masks of five ranks that are a straight, and of four ranks a joker completes.

    Values are ``(order, joker_rank)``-free order values; the joker's rank is
    recovered separately where a caller needs it.
    """
    windows = [(top, sum(1 << (top - i) for i in range(5))) for top in range(4, 13)]
    windows.append((3, _WHEEL_MASK))
    five: dict[int, int] = {}
    four: dict[int, int] = {}
    for top, mask in windows:
        order = _straight_order(top)
        five[mask] = order
        bit = mask
        while bit:
            low = bit & -bit
            sub = mask ^ low
            four[sub] = max(four.get(sub, -1), order)
            bit ^= low
    return five, four


STRAIGHT_ORDER, JOKER_STRAIGHT_ORDER = _build_straight_tables()
#: Rank masks of the ten straights.
STRAIGHT_WINDOWS: Final = tuple(STRAIGHT_ORDER)
#: The top rank of a straight by its order value (the wheel's top card is its 5).
ORDER_TOP: Final = {_straight_order(top): top for top in range(3, 13)}


#: Where a five-card value keeps its category: ``value >> CATEGORY_AT``. Read it through
#: :func:`category_of`; only the hot paths below (five_value, is_legal) shift by hand.
CATEGORY_AT: Final = 24


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category << CATEGORY_AT
    shift = 16
    for rank in ranks:
        value |= rank << shift
        shift -= 4
    return value


def category_of(value: int) -> Category:
    """The category of a five-card value (straight, flush, …)."""
    return Category(value >> CATEGORY_AT)


def is_royal(value: int) -> bool:
    return category_of(value) == Category.STRAIGHT_FLUSH and (value >> 16) & 0xFF == 24


def _grouped_value(ranks: Sequence[int]) -> int:
    """Value of five ranks by their groups (pairs, trips...), no straight or flush."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = [rank for rank, n in groups for _ in range(n)]
    category = _SHAPES[shape]
    return _pack(category, order)


_SHAPES: Final = {
    (5,): Category.FIVE_ACES,
    (4, 1): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.THREE_OF_A_KIND,
    (2, 2, 1): Category.TWO_PAIRS,
    (2, 1, 1, 1): Category.ONE_PAIR,
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
}


#: What _evaluated starts from: the value of five ranks by their groups, keyed by 3-bit
#: counts per rank, each worked out the first time it is asked for (:func:`_grouped`).
_GROUPED: Final[dict[int, int]] = {}


def _ranks_of(key: int) -> list[int]:
    """The ranks a table key counts (3 bits a rank, from the 2 up), low to high."""
    return [rank for rank in range(13) for _ in range(key >> 3 * rank & 7)]


def _grouped(key: int) -> int:
    try:
        return _GROUPED[key]
    except KeyError:
        ranks = _ranks_of(key)
        value = _GROUPED[key] = _grouped_value(ranks)
        return value


def _evaluated(cards: Sequence[Card]) -> int:
    """Spec section 1 card by card: the definition :func:`five_value` reads from a table."""
    best = _grouped(sum(1 << 3 * RANK_OF[c] for c in cards))  # the joker as an ace
    category = best >> CATEGORY_AT
    if category != Category.HIGH_CARD and not (
        JOKER in cards and category == Category.ONE_PAIR and best >> 16 & 15 == ACE
    ):
        return best  # a natural pair or better: no straight or flush is possible
    mask = 0
    suits = 0
    for card in cards:
        if card != JOKER:
            mask |= 1 << RANK_OF[card]
            suits |= 1 << SUIT_OF[card]
    flush = suits & (suits - 1) == 0
    if JOKER not in cards:
        order = STRAIGHT_ORDER.get(mask, -1)
        if order >= 0:
            return _pack(Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT, [order])
        if flush:
            return _pack(Category.FLUSH, [r for r in range(ACE, -1, -1) if mask >> r & 1])
        return best
    if mask.bit_count() != 4:
        return best  # the joker paired a natural ace: naturals not distinct
    order = JOKER_STRAIGHT_ORDER.get(mask, -1)
    if order >= 0:
        return _pack(Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT, [order])
    if flush:
        missing = next(r for r in range(ACE, -1, -1) if not mask >> r & 1)
        return _pack(
            Category.FLUSH, [r for r in range(ACE, -1, -1) if (mask | 1 << missing) >> r & 1]
        )
    return best


#: What a card adds to a five-card hand's sum (the treys way: precompute, add, look up):
#: a 3-bit count of its rank, the joker's apart (bits 0-41), and a natural card's 3-bit
#: count of its suit (42-53). The rank counts, and whether the natural cards are all of
#: one suit, fix the hand's value; no field can carry into the next with five cards.
_SUITS_AT: Final = 3 * 14
_RANK_COUNTS: Final = (1 << _SUITS_AT) - 1
_FIVE_UNIT: Final = tuple(
    1 << 3 * 13 if c == JOKER else 1 << 3 * RANK_OF[c] | 1 << _SUITS_AT + 3 * SUIT_OF[c]
    for c in range(JOKER + 1)
)
#: For every sum of suit counts: the mark added to the rank counts where the natural
#: cards are of one suit, else 0.
_ONE_SUIT: Final = 1 << _SUITS_AT
_ONE_SUIT_SUMS: Final = frozenset(count << 3 * suit for suit in range(4) for count in (4, 5))
_ONE_SUIT_OF: Final = tuple(_ONE_SUIT if suits in _ONE_SUIT_SUMS else 0 for suits in range(1 << 12))


#: The value of every five-card hand by its rank counts (with the one-suit mark where its
#: natural cards are all of one suit). Filled as hands are valued rather than all at
#: import: the table took 0.13 s to build, in every process that imports the game (each
#: bot, command line and analysis worker), most of which value a few hands or none.
_FIVE_VALUES: Final[dict[int, int]] = {}


def _five_value_of(key: int) -> int:
    """The value for a key of :data:`_FIVE_VALUES`, read off a hand with its ranks (all of
    one suit where the key says so), and kept."""
    ranks = _ranks_of(key)
    joker = (JOKER,) if key >> 3 * 13 & 7 else ()
    if key & _ONE_SUIT:
        cards = (*(rank * 4 for rank in ranks), *joker)  # distinct ranks only
    else:
        cards = (*(rank * 4 + place % 4 for place, rank in enumerate(ranks)), *joker)
    value = _FIVE_VALUES[key] = _evaluated(cards)
    return value


def five_value(cards: Sequence[Card]) -> int:
    """Value of a five-card hand; the joker plays as whatever makes the hand best.

    The joker may be an ace, or complete a straight, a flush or a straight flush
    (spec section 1); in a flush it takes the highest rank the flush lacks.
    """
    total = sum(map(_FIVE_UNIT.__getitem__, cards))
    key = total & _RANK_COUNTS | _ONE_SUIT_OF[total >> _SUITS_AT]
    try:
        return _FIVE_VALUES[key]
    except KeyError:  # the first hand with this key in this process
        return _five_value_of(key)


#: The places of the two cards each of the 21 splits of seven cards sends low, in the
#: order of ``itertools.combinations`` (that of :func:`houseway.shape.splits`).
TWO_PLACES: Final = tuple(combinations(range(HAND_SIZE), 2))


def split_five_values(cards: Sequence[Card]) -> list[int]:
    """The values of the five-card hands the 21 splits of seven cards leave, in the order
    of :data:`TWO_PLACES`: the seven cards' sum less each split's two, looked up."""
    units = [_FIVE_UNIT[card] for card in cards]
    total = sum(units)
    fives = [total - units[a] - units[b] for a, b in TWO_PLACES]
    try:
        return [
            _FIVE_VALUES[five & _RANK_COUNTS | _ONE_SUIT_OF[five >> _SUITS_AT]] for five in fives
        ]
    except KeyError:  # some key is new in this process
        keys = [five & _RANK_COUNTS | _ONE_SUIT_OF[five >> _SUITS_AT] for five in fives]
        return [_FIVE_VALUES[key] if key in _FIVE_VALUES else _five_value_of(key) for key in keys]


def joker_rank(cards: Sequence[Card], value: int) -> int:
    """The rank the joker plays in a five-card hand of the given value (for display)."""
    category = category_of(value)
    naturals = [RANK_OF[c] for c in cards if c != JOKER]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = ORDER_TOP[(value >> 16) & 0xFF]
        window = [ACE, 3, 2, 1, 0] if top == 3 else list(range(top, top - 5, -1))
        return next(r for r in window if r not in naturals)
    if category == Category.FLUSH:
        return next(r for r in range(ACE, -1, -1) if r not in naturals)
    return ACE


def two_value(cards: Sequence[Card]) -> int:
    """Value of a two-card hand: any pair beats any non-pair; the joker is an ace."""
    high, low = sorted((RANK_OF[cards[0]], RANK_OF[cards[1]]), reverse=True)
    if high == low:
        return 256 + high
    return high * 16 + low


def is_legal(five: int, two: int) -> bool:
    """No foul: the five-card hand must outrank the two-card hand (spec section 1).

    A pair low needs a pair of at least that rank, or a better category, above;
    two singles need the five-card hand's first two ranks to be at least as high.
    """
    category = five >> CATEGORY_AT  # category_of, without an enum on this hot path
    if two >= 256:
        if category > Category.ONE_PAIR:
            return True
        return category == Category.ONE_PAIR and (five >> 16) & 15 >= two - 256
    if category > Category.HIGH_CARD:
        return True
    first, second = (five >> 16) & 15, (five >> 12) & 15
    return (first, second) >= (two >> 4, two & 15)


def display_order(cards: Sequence[Card], value: int | None = None) -> tuple[Card, ...]:
    """The cards of a five-card or a two-card hand ordered as players read them: the one
    order every text and picture of a split shows.

    Bigger groups first, then higher ranks; the joker stands at the rank it plays (in a
    two-card hand always an ace, so a pair of aces with the joker reads A♠ 🃏), beside a
    natural card of that rank, in a straight in its place.
    """
    effective = {c: RANK_OF[c] for c in cards}
    if len(cards) != 5:  # a two-card hand: the joker is an ace (RANK_OF already says so)
        wheel = False
    else:
        if value is None:
            value = five_value(cards)
        if JOKER in effective:
            effective[JOKER] = joker_rank(cards, value)
        wheel = (  # category_of, without an enum: the front's templates come through here
            value >> CATEGORY_AT in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
            and ((value >> 16) & 0xFF) == _WHEEL_ORDER
        )
    counts: dict[int, int] = {}
    for rank in effective.values():
        counts[rank] = counts.get(rank, 0) + 1

    def key(card: Card) -> tuple[int, int, int, int]:
        rank = effective[card]
        shown = -1 if wheel and rank == ACE else rank
        return (counts[rank], shown, card != JOKER, -SUIT_OF[card])

    return tuple(sorted(cards, key=key, reverse=True))


def category_name(value: int, lang: Lang = Lang.EN) -> str:
    """Name of a five-card hand, e.g. 'Stege' / 'Straight'."""
    if is_royal(value):
        return ROYAL_NAMES[lang]
    return CATEGORY_NAMES[category_of(value)][lang]


def two_name(value: int, lang: Lang = Lang.EN) -> str:
    """Name of a two-card hand: 'Par' / 'Pair', or 'Högt kort' / 'High card'."""
    if value >= 256:
        return TWO_PAIR_NAMES[lang]
    return CATEGORY_NAMES[Category.HIGH_CARD][lang]


def best_five_of(cards: Sequence[Card]) -> int:
    """Best five-card value among all five-card subsets of ``cards`` (spec section 7)."""
    if len(cards) == HAND_SIZE:
        return max(split_five_values(cards))
    return max(map(five_value, combinations(cards, 5)))
