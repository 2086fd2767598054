"""Exact analysis: a player's splits against all C(46,7) = 53,524,680 dealer hands.

The dealer's split depends only on the hand's suit class (its ranks, the joker, and
the ranks in the one suit that can make a flush: houseway/analysis/census.py), so the 292,253
classes are decided once and shipped (``data/dealer_classes.npz``, rebuilt by
``houseway class-table``). For one player hand, the number of dealer hands in each class
is a product of binomials over the cards left in each rank and suit; every split's
wins, pushes and losses are then weighted sums over the classes' dealer values.

The same table serves ``houseway cost`` (random hands of one house-way path, drawn by
class) and ``houseway simulate`` (both hands of many deals valued by class look-up, in
:mod:`houseway.analysis.bulk`), and ``houseway solve`` (:mod:`houseway.solve.compute`, which
shares its work between hands). Only these and the solve's own modules
(:mod:`houseway.analysis.classes`, :mod:`houseway.solve.files`) import numpy.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from math import comb
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from houseway.analysis.census import ClassRow, run_census
from houseway.cards import JOKER, Card

TABLE_RESOURCE: Final = "data/dealer_classes.npz"

IntArray = npt.NDArray[np.int64]

#: A rank's state in a class: n cards of it, +5 when one of them is in the flush suit.
_STATES: Final = 10
#: Ranks grouped so that a per-hand product table over each group stays small (10^k).
RANK_GROUPS: Final = ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11, 12))
#: Binomials C(a, k) for a, k in 0..4.
BINOMIAL: Final = np.array([[comb(a, k) for k in range(5)] for a in range(5)], dtype=np.int64)


# --- building the table (stdlib work, decided by house_way) ---------------------------------


def build_table(
    workers: int = 1, progress: Callable[[int, int], None] | None = None
) -> dict[str, npt.NDArray[np.generic]]:
    """Decide every class through :func:`houseway.house_way` (slow, hence the shipped table).

    The census's pass over every class, keeping the rows (:func:`run_census`); the census's
    own checks of each class come with it, about a fifth more time than deciding alone.
    """
    return table_arrays(run_census(workers, progress, rows=True).rows)


def table_arrays(rows: Sequence[ClassRow]) -> dict[str, npt.NDArray[np.generic]]:
    """The table of some classes' rows: per class ``counts`` (13 rank counts, the joker
    apart), ``flush`` (bit mask of the ranks in the flush suit, 0 without a flush),
    ``joker``, the dealer's ``five`` and ``two`` values, and ``path`` (an index into
    ``paths``, the house way's rule paths)."""
    counts, flush, joker, five, two, path = zip(*rows, strict=True)
    paths = sorted(set(path))
    path_index = {name: i for i, name in enumerate(paths)}
    return {
        "counts": np.array(counts, dtype=np.uint8),
        "flush": np.array(flush, dtype=np.uint16),
        "joker": np.array(joker, dtype=np.bool_),
        "five": np.array(five, dtype=np.int32),
        "two": np.array(two, dtype=np.int16),
        "path": np.array([path_index[name] for name in path], dtype=np.uint8),
        "paths": np.array(paths),
    }


def write_table(arrays: dict[str, npt.NDArray[np.generic]], path: Path) -> None:
    # No pickles: shipped_table's np.load reads none (naming it also tells the checker
    # that no array is called allow_pickle).
    np.savez_compressed(path, allow_pickle=False, **arrays)


def tables_equal(
    one: dict[str, npt.NDArray[np.generic]], other: dict[str, npt.NDArray[np.generic]]
) -> bool:
    return one.keys() == other.keys() and all(np.array_equal(one[k], other[k]) for k in one)


def shipped_table() -> dict[str, npt.NDArray[np.generic]]:
    """The table as shipped in the package."""
    data = resources.files("houseway").joinpath(TABLE_RESOURCE).read_bytes()
    with np.load(io.BytesIO(data)) as npz:
        return {key: npz[key] for key in npz.files}


# --- the prepared table -----------------------------------------------------------------------


# --- the class key ---------------------------------------------------------------------

#: A hand's class as one int64, for look-ups in bulk (drawn once, as treys' card.py draws
#: its card encoding):
#:
#:     bits  52 .. 40       39      38 .. 36   35 .. 33   ...   5 .. 3   2 .. 0
#:           flush ranks    joker   count A    count K    ...   count 3  count 2
#:           (a bit a rank,         (3 bits a rank: 0 to 4 cards of it)
#:            2 lowest; 0
#:            without a flush)
#:
#: Without its flush ranks it is the key of the hand's rank multiset.
COUNT_BITS: Final = 3
JOKER_AT: Final = 39
FLUSH_SHIFT: Final = 40


def class_keys(arrays: dict[str, npt.NDArray[np.generic]], flush: bool = True) -> IntArray:
    """Every table row's class key (without its flush ranks when ``flush`` is False); rank
    by rank, so that no (classes x 13) array of int64 is ever built."""
    counts = arrays["counts"]
    keys = arrays["joker"].astype(np.int64) << JOKER_AT
    for rank in range(13):
        keys |= counts[:, rank].astype(np.int64) << (COUNT_BITS * rank)
    if flush:
        keys |= arrays["flush"].astype(np.int64) << FLUSH_SHIFT
    return keys


@dataclass(frozen=True)
class DealerClasses:
    """The class table arranged for per-hand weighting (built once per process).

    Classes are taken in "prepared order": the flush classes, then the no-flush ones
    (``order`` maps it to the table's rows), so that weights need no scattering.
    """

    size: int
    order: IntArray  # table row of each class in prepared order
    flush_at: IntArray  # table rows of the flush classes
    plain_at: IntArray  # table rows of the no-flush classes
    #: For each flush class, the position (in plain_at) of its multiset's no-flush class.
    plain_of_flush: IntArray
    flush_keys: tuple[IntArray, ...]  # per rank group, the flush classes' state keys
    plain_keys: tuple[IntArray, ...]
    joker: npt.NDArray[np.bool_]  # prepared order
    fives: IntArray  # distinct dealer five-card values, ascending
    twos: IntArray  # distinct dealer two-card values, ascending
    cell: IntArray  # prepared order: five rank * len(twos) + two rank

    @classmethod
    def from_arrays(cls, arrays: dict[str, npt.NDArray[np.generic]]) -> DealerClasses:
        counts = arrays["counts"]
        flush = arrays["flush"].astype(np.intp)
        joker = arrays["joker"].astype(np.bool_)
        # Rank by rank, so that no (classes x 13) array of int64 is ever built.
        keys = [np.zeros(len(flush), dtype=np.intp) for _ in RANK_GROUPS]
        multiset = class_keys(arrays, flush=False)
        for group, key in zip(RANK_GROUPS, keys, strict=True):
            for place, rank in enumerate(group):
                n = counts[:, rank].astype(np.intp)
                key += (n + 5 * ((flush >> rank) & 1)) * 10**place
        flush_at = np.flatnonzero(flush)
        plain_at = np.flatnonzero(flush == 0)
        plain_order = np.argsort(multiset[plain_at])
        found = np.searchsorted(multiset[plain_at], multiset[flush_at], sorter=plain_order)
        plain_of_flush = plain_order[found]
        if not np.array_equal(multiset[plain_at][plain_of_flush], multiset[flush_at]):
            raise ValueError("class table: a flush class without its multiset's plain class")
        fives, five_rank = np.unique(arrays["five"].astype(np.int64), return_inverse=True)
        twos, two_rank = np.unique(arrays["two"].astype(np.int64), return_inverse=True)
        order = np.concatenate([flush_at, plain_at])
        return cls(
            size=len(flush),
            order=order,
            flush_at=flush_at,
            plain_at=plain_at,
            plain_of_flush=plain_of_flush,
            flush_keys=tuple(key[flush_at] for key in keys),
            plain_keys=tuple(key[plain_at] for key in keys),
            joker=joker[order],
            fives=fives,
            twos=twos,
            cell=(five_rank * len(twos) + two_rank)[order],
        )


@cache
def dealer_classes() -> DealerClasses:
    """The shipped table, loaded and prepared on first use."""
    return DealerClasses.from_arrays(shipped_table())


def _factor_tables(held: Sequence[Card]) -> IntArray:
    """Per suit f (4 = "no flush"), rank r and state: how many ways the dealer holds it.

    For a flush in suit f, a rank in the flush takes the card (r, f) and n - 1 of the
    rank's other available cards; a rank outside it takes n of those. Without a flush,
    n of the rank's available cards (the flush cases are subtracted later).
    """
    available = np.ones((13, 4), dtype=np.int64)
    for card in held:
        if card != JOKER:
            available[card >> 2, card & 3] = 0
    per_rank = available.sum(axis=1)
    tables = np.zeros((5, 13, _STATES), dtype=np.int64)
    for suit in range(4):
        others = per_rank - available[:, suit]
        tables[suit, :, :5] = BINOMIAL[others]
        tables[suit, :, 6:] = available[:, suit, None] * BINOMIAL[others, :4]
    tables[4, :, :5] = BINOMIAL[per_rank]
    return tables


def class_weights(held: Sequence[Card], classes: DealerClasses | None = None) -> IntArray:
    """Number of dealer hands in each class (by table row), given the cards the player holds."""
    classes = classes or dealer_classes()
    weights = np.empty(classes.size, dtype=np.int64)
    weights[classes.order] = _prepared_weights(held, classes)
    return weights


def _prepared_weights(held: Sequence[Card], classes: DealerClasses) -> IntArray:
    """:func:`class_weights` in the classes' prepared order (flush classes first)."""
    tables = _factor_tables(held)
    group_tables = []
    for group in RANK_GROUPS:
        product = tables[:, group[0], :]
        for rank in group[1:]:
            product = (tables[:, rank, :, None] * product[:, None, :]).reshape(5, -1)
        group_tables.append(product)
    flush_weight = np.zeros(len(classes.flush_at), dtype=np.int64)
    for suit in range(4):
        term = group_tables[0][suit][classes.flush_keys[0]]
        for table, keys in zip(group_tables[1:], classes.flush_keys[1:], strict=True):
            term *= table[suit][keys]
        flush_weight += term
    plain_weight = group_tables[0][4][classes.plain_keys[0]]
    for table, keys in zip(group_tables[1:], classes.plain_keys[1:], strict=True):
        plain_weight *= table[4][keys]
    plain_weight -= np.bincount(
        classes.plain_of_flush, weights=flush_weight, minlength=len(classes.plain_at)
    ).astype(np.int64)
    weights = np.concatenate([flush_weight, plain_weight])
    if JOKER in held:
        weights[classes.joker] = 0
    return weights


@dataclass(frozen=True)
class ExactCounts:
    """Dealer hands a split wins against, pushes with and loses to."""

    wins: int
    pushes: int
    losses: int


def split_counts(
    held: Sequence[Card], splits: Sequence[tuple[int, int]], classes: DealerClasses | None = None
) -> list[ExactCounts]:
    """Exact wins/pushes/losses of each (five value, two value) split against every dealer hand.

    The player wins when both hands beat the dealer's, loses when neither does (copies go
    to the dealer), and pushes otherwise.
    """
    classes = classes or dealer_classes()
    weights = _prepared_weights(held, classes)
    fives, twos = len(classes.fives), len(classes.twos)
    grid = np.bincount(classes.cell, weights=weights, minlength=fives * twos).reshape(fives, twos)
    places = [
        (
            int(np.searchsorted(classes.fives, five, side="left")),
            int(np.searchsorted(classes.twos, two, side="left")),
        )
        for five, two in splits
    ]
    # Only the rows where some split's five-card value falls matter: sum the grid in
    # bands between those rows, then below[b, j] = dealer hands in bands < b, two-rank < j.
    cuts = sorted({i for i, _ in places if 0 < i < fives})
    band_of = {0: 0, fives: len(cuts) + 1} | {cut: b for b, cut in enumerate(cuts, 1)}
    bands = np.add.reduceat(grid, [0, *cuts], axis=0).astype(np.int64)
    below = np.zeros((len(cuts) + 2, twos + 1), dtype=np.int64)
    below[1:, 1:] = bands.cumsum(0).cumsum(1)
    total = int(below[-1, -1])
    results = []
    for i, j in places:
        wins = int(below[band_of[i], j])
        losses = total - int(below[band_of[i], twos]) - int(below[-1, j]) + wins
        results.append(ExactCounts(wins, total - wins - losses, losses))
    return results


# --- random hands of one house-way path -------------------------------------------------------


class PathSampler:
    """Uniformly random seven-card hands that the house way sets by a given path.

    A class of the path is drawn with probability proportional to its number of hands
    (its weight with the whole deck), then a hand of that class: the flush suit uniformly,
    and for each rank its suits uniformly among those the class allows (the hands without
    a flush by rejection of suit draws that make one). Every hand of the path is equally
    likely. Draws use a :class:`random.Random`, so a seed fixes the hands.
    """

    def __init__(self, arrays: dict[str, npt.NDArray[np.generic]] | None = None) -> None:
        arrays = arrays if arrays is not None else shipped_table()
        weights = class_weights((), DealerClasses.from_arrays(arrays))
        self.paths: tuple[str, ...] = tuple(str(name) for name in arrays["paths"])
        # numpy arrays, not lists: the bot keeps a sampler for practice hands, and lists of
        # 292,253 classes would cost it many times the arrays' memory; a draw converts only
        # its own row.
        self._counts = arrays["counts"]
        self._flush = arrays["flush"]
        self._joker = arrays["joker"]
        self._rows: dict[str, IntArray] = {}
        self._cumulative: dict[str, IntArray] = {}
        for index, name in enumerate(self.paths):
            rows = np.flatnonzero(arrays["path"] == index)
            self._rows[name] = rows
            self._cumulative[name] = np.cumsum(weights[rows])

    def hands_of(self, path: str) -> int:
        """How many of the 154,143,080 hands the house way sets by ``path``."""
        return int(self._cumulative[path][-1])

    def draw(self, path: str, rng: random.Random) -> list[Card]:
        cumulative = self._cumulative[path]
        at = int(np.searchsorted(cumulative, rng.randrange(int(cumulative[-1])), side="right"))
        row = int(self._rows[path][at])
        return hand_of_class(
            self._counts[row].tolist(), int(self._flush[row]), bool(self._joker[row]), rng
        )


def hand_of_class(counts: Sequence[int], flush: int, joker: bool, rng: random.Random) -> list[Card]:
    """A uniformly random hand with these rank counts, flush ranks (a bit mask) and joker."""
    need = 5 - joker
    while True:
        suit = rng.randrange(4)
        others = [s for s in range(4) if s != suit]
        hand: list[Card] = []
        for rank, n in enumerate(counts):
            if not n:
                continue
            if not flush:
                suits = rng.sample(range(4), n)
            elif flush >> rank & 1:
                suits = [suit, *rng.sample(others, n - 1)]
            else:
                suits = rng.sample(others, n)
            hand.extend(rank * 4 + s for s in suits)
        if flush or max(Counter(card & 3 for card in hand).values()) < need:
            if joker:
                hand.append(JOKER)
            return hand
