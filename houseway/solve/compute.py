"""The exact analysis of many player hands at once, for ``houseway solve``.

The same counts as :func:`houseway.analysis.exact.split_counts`, arranged so that hands of one rank
multiset share their work. For a player hand, a dealer class's number of hands is its
no-flush part (binomials of the cards left per rank: the same for every hand of the
multiset) less its flush classes, plus, for each flush suit f, a product that depends on
the hand only through S_f, the set of held ranks the player holds in suit f.

So the dealer's flush classes are grouped by their states of the held ranks (how many of
each, and whether in the flush suit: at most 4,377 groups, found once per set of held
ranks), and per multiset each group's hands (times the ranks not held) are counted into
a grid by band of five- and two-card value, cut at the values of the multiset's splits,
summed below and left, and read only at the points its splits need. A suit's counts are
then the group weights for S_f times that matrix, for every S_f of the multiset in one
product; a hand's are the no-flush base plus its four suits', and each split's wins and
losses are a few of them. Counts stay integers in float64 (all below 2^53): exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from houseway.analysis.analyze import legal_splits
from houseway.analysis.classes import player_classes
from houseway.analysis.exact import (
    BINOMIAL,
    RANK_GROUPS,
    DealerClasses,
    dealer_classes,
    shipped_table,
)
from houseway.cards import JOKER, Card
from houseway.way import house_way

IntArray = npt.NDArray[np.int64]
#: Splits a hand has at most: C(7, 2).
MAX_SPLITS = 21


@dataclass
class ChunkResult:
    """Per class of a chunk: its splits' values and counts (padded to 21 with five -1)."""

    five: npt.NDArray[np.int32]
    two: npt.NDArray[np.int16]
    wins: npt.NDArray[np.uint32]
    losses: npt.NDArray[np.uint32]
    splits: npt.NDArray[np.uint8]
    house: npt.NDArray[np.uint8]
    path: npt.NDArray[np.uint8]
    weight: npt.NDArray[np.uint8]
    #: The classes' representatives (ascending, the joker last), so that a chunk can be
    #: read without the enumeration, and checked against it.
    cards: npt.NDArray[np.uint8]


@cache
def _dealer_bands() -> tuple[IntArray, IntArray]:
    """Every dealer class's five- and two-card value rank (prepared order)."""
    classes = dealer_classes()
    return classes.cell // len(classes.twos), classes.cell % len(classes.twos)


@cache
def path_names() -> tuple[str, ...]:
    """The house way's rule paths, as the class table numbers them."""
    return tuple(str(name) for name in shipped_table()["paths"])


def _product(tables: npt.NDArray[np.int64], keys: tuple[IntArray, ...]) -> IntArray:
    """Per class, the product over ranks of ``tables[rank, state]`` (by rank groups)."""
    result: IntArray | None = None
    for group, key in zip(RANK_GROUPS, keys, strict=True):
        product = tables[group[0]]
        for rank in group[1:]:
            product = (tables[rank][:, None] * product[None, :]).reshape(-1)
        term = product[key]
        result = term if result is None else result * term
    assert result is not None
    return result


@cache
def _flush_states() -> npt.NDArray[np.int64]:
    """Per rank, every flush class's state of it (n cards, +5 in the flush suit)."""
    table = shipped_table()
    classes = dealer_classes()
    counts = table["counts"][classes.flush_at].astype(np.int64)
    flush = table["flush"][classes.flush_at].astype(np.int64)
    return np.stack([counts[:, r] + 5 * ((flush >> r) & 1) for r in range(13)])


#: A rank the player does not hold, for a flush class: n of its 3 cards outside the flush
#: suit, or the flush suit's card and n - 1 of those.
_FREE_RANK = np.array([[comb(3, n) for n in range(5)] + [0] + [comb(3, n) for n in range(4)]])


@dataclass(frozen=True)
class Support:
    """The flush classes grouped by their states of the held ranks (the same for every
    multiset with these ranks): each class's group, each group's states, and each
    class's product over the ranks not held."""

    group: IntArray
    states: IntArray  # (held ranks, groups)
    rest: IntArray


_last_support: dict[tuple[int, ...], Support] = {}


def _support(held: tuple[int, ...]) -> Support:
    """:class:`Support` for these held ranks (the last one kept: classes come by support)."""
    found = _last_support.get(held)
    if found is None:
        states = _flush_states()
        key = np.zeros(states.shape[1], dtype=np.int64)
        for place, rank in enumerate(held):
            key += states[rank] * 10**place
        codes, group = np.unique(key, return_inverse=True)
        digits = np.stack([codes // 10**place % 10 for place in range(len(held))])
        tables = np.repeat(_FREE_RANK, 13, axis=0).astype(np.int64)
        tables[list(held)] = 1
        rest = _product(tables, dealer_classes().flush_keys)
        found = Support(group.reshape(-1), digits, rest)
        _last_support.clear()
        _last_support[held] = found
    return found


class MultisetWork:
    """The shared part of every hand of one rank multiset (and joker)."""

    def __init__(
        self,
        counts: Sequence[int],
        joker: bool,
        cuts: tuple[IntArray, IntArray],
        points: IntArray,
    ):
        classes = dealer_classes()
        self.left = 4 - np.array(counts, dtype=np.int64)  # cards of each rank left to the dealer
        self.held = tuple(r for r, n in enumerate(counts) if n)
        fives, twos = _dealer_bands()
        five_cuts, two_cuts = cuts
        self.width = len(two_cuts) + 1
        self.cells = (len(five_cuts) + 1) * self.width
        band5 = np.searchsorted(five_cuts, np.arange(len(classes.fives)), side="right")
        band2 = np.searchsorted(two_cuts, np.arange(len(classes.twos)), side="right")
        cell = band5[fives] * self.width + band2[twos]
        flushes = len(classes.flush_at)
        plain_cell = cell[flushes:]
        plain_tables = np.zeros((13, 10), dtype=np.int64)
        plain_tables[:, :5] = BINOMIAL[self.left]
        plain = _product(plain_tables, classes.plain_keys)
        if joker:
            plain[classes.joker[flushes:]] = 0
        base = np.bincount(plain_cell, weights=plain, minlength=self.cells).astype(float)
        self.base = base.reshape(-1, self.width).cumsum(0).cumsum(1).reshape(-1)[points]
        # Flush hands by (group of states of the held ranks, cell), less the same hands
        # in their no-flush class's cell: a suit's grid is its group weights times this.
        support = _support(self.held)
        self.states = support.states
        rest = support.rest
        if joker:
            rest = np.where(classes.joker[:flushes], 0, rest)
        size = len(support.states[0]) * self.cells
        at = support.group * self.cells
        flush = np.bincount(at + cell[:flushes], weights=rest, minlength=size)
        flush -= np.bincount(at + plain_cell[classes.plain_of_flush], weights=rest, minlength=size)
        # Only the points asked for, of the grids summed below and left.
        grids = flush.reshape(len(support.states[0]), -1, self.width).cumsum(1).cumsum(2)
        self.by_group = grids.reshape(len(grids), -1)[:, points]
        self._suit_grids: dict[int, npt.NDArray[np.float64]] = {}

    def prepare(self, masks: Sequence[int]) -> None:
        """Weigh the suits with these bit masks of held ranks (all at once: one product)."""
        new = sorted(set(masks) - self._suit_grids.keys())
        if not new:
            return
        weights = np.ones((len(new), self.states.shape[1]), dtype=np.float64)
        for place, rank in enumerate(self.held):
            for row, in_suit in enumerate(new):
                free = 0 if in_suit >> rank & 1 else 1
                others = int(self.left[rank]) - free
                table = np.zeros(10)
                table[:5] = BINOMIAL[others]
                table[6:] = free * BINOMIAL[others, :4]
                weights[row] *= table[self.states[place]]
        for in_suit, grid in zip(new, weights @ self.by_group, strict=True):
            self._suit_grids[in_suit] = grid

    def values(self, hand: Sequence[Card]) -> IntArray:
        """The hand's grid summed below and left (cell ``[b5, b2]``: the dealer hands in five
        bands <= b5 and two bands <= b2), at the points asked for."""
        masks = suit_masks(hand)
        self.prepare(masks)
        total = self.base.copy()
        for mask in masks:
            total += self._suit_grids[mask]
        found: IntArray = np.rint(total).astype(np.int64)
        return found


def suit_masks(hand: Sequence[Card]) -> list[int]:
    """Per suit, the bit mask of the ranks the hand holds in it."""
    in_suit = [0, 0, 0, 0]
    for card in hand:
        if card != JOKER:
            in_suit[card & 3] |= 1 << (card >> 2)
    return in_suit


def solve_classes(indices: range) -> ChunkResult:
    """Every split's exact counts for the classes ``indices`` of the fixed order."""
    table = player_classes()
    classes: DealerClasses = dealer_classes()
    n = len(indices)
    result = ChunkResult(
        five=np.full((n, MAX_SPLITS), -1, np.int32),
        two=np.zeros((n, MAX_SPLITS), np.int16),
        wins=np.zeros((n, MAX_SPLITS), np.uint32),
        losses=np.zeros((n, MAX_SPLITS), np.uint32),
        splits=np.zeros(n, np.uint8),
        house=np.zeros(n, np.uint8),
        path=np.zeros(n, np.uint8),
        weight=table.weight[indices.start : indices.stop].copy(),
        cards=table.cards[indices.start : indices.stop].copy(),
    )
    paths = {name: i for i, name in enumerate(path_names())}
    multisets = table.multiset[indices.start : indices.stop]
    # Rows of the chunk by multiset: consecutive in the order.
    bounds = np.flatnonzero(np.diff(multisets)) + 1
    for group in np.split(np.arange(n), bounds):
        hands = [table.hand(indices.start + int(row)) for row in group]
        # A hand's split values depend only on its ranks and its flush suit's ranks.
        known: dict[int, list[tuple[int, int]]] = {}
        splits = []
        flushes = []
        for hand in hands:
            flush = max(suit_masks(hand), key=int.bit_count)
            if flush.bit_count() < 5 - (JOKER in hand):
                flush = 0
            if flush not in known:
                known[flush] = list(legal_splits(hand)[0])
            splits.append(known[flush])
            flushes.append(flush)
        fives = np.array(sorted({f for keys in splits for f, _ in keys}), dtype=np.int64)
        twos = np.array(sorted({t for keys in splits for _, t in keys}), dtype=np.int64)
        five_at = np.searchsorted(classes.fives, fives, side="left")
        two_at = np.searchsorted(classes.twos, twos, side="left")
        counts, joker = table.multisets[int(multisets[group[0]])]
        # A split (five at i, two at j) beats the dealer classes of value rank < i, < j:
        # with cuts at the i's, those are the bands up to the cut's own index. Its wins
        # are the summed grid at (its five band, its two band), its losses follow from
        # the row and column sums there and the total.
        width, last = len(twos) + 1, (len(fives) + 1) * (len(twos) + 1) - 1
        asked = {}
        for flush, keys in known.items():
            k = np.searchsorted(fives, [f for f, _ in keys])
            j = np.searchsorted(twos, [t for _, t in keys])
            asked[flush] = (k * width + j, k * width + width - 1, last - width + 1 + j)
        points = np.unique(np.concatenate([[last], *(np.concatenate(a) for a in asked.values())]))
        where = {
            flush: tuple(np.searchsorted(points, at) for at in ats) for flush, ats in asked.items()
        }
        work = MultisetWork(counts, joker, (five_at, two_at), points)
        work.prepare([mask for hand in hands for mask in suit_masks(hand)])
        for row, hand, keys, flush in zip(group.tolist(), hands, splits, flushes, strict=True):
            found = work.values(hand)
            at_wins, at_row, at_column = where[flush]
            wins = found[at_wins]
            losses = found[-1] - found[at_row] - found[at_column] + wins
            decision = house_way(hand)
            count = len(keys)
            result.five[row, :count] = [f for f, _ in keys]
            result.two[row, :count] = [t for _, t in keys]
            result.wins[row, :count] = wins
            result.losses[row, :count] = losses
            result.splits[row] = count
            result.house[row] = keys.index((decision.five_value, decision.two_value))
            result.path[row] = paths[",".join(decision.path)]
    return result
