"""Player hands up to suit symmetry: the 6,972,147 orbits of the 154,143,080 hands under
the 24 permutations of the suits (6,009,159 without the joker, 962,988 with it).

Unlike the census's classes (which only keep the flush suit's ranks, enough for the
house way), these keep every suit: an exact analysis depends on which of the dealer's
cards the player holds, and that is the same for suit-permuted hands only.

A hand is its rank multiset and, rank by rank from the lowest held rank, the suits it
holds of the rank as a 4-bit mask. Its canonical form is the least such sequence of masks
(as integers, in that order) over the 24 permutations. The canonical forms depend only on
the multiset's "pattern" (its nonzero counts in rank order), so they are generated once
per pattern by an orderly search: a prefix of a least sequence is least among its own
images, so each rank's mask is kept only if no permutation fixing the prefix maps it lower.
The class's weight (hands it stands for) is 24 over the number of permutations fixing it.

Classes are numbered in a fixed order: the rank multisets without the joker, then with
it, each by the set of ranks held (as a bit mask) and then by the counts, and within a
multiset the canonical mask sequences in increasing order. Numbered chunks are
consecutive ranges of that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import permutations
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from houseway.analysis.census import rank_multisets
from houseway.cards import JOKER, Card

#: Player-hand classes without the joker and with it (Burnside over the 24 suit
#: permutations); CLASSES, their sum, is the census's.
PLAIN_CLASSES: Final = 6_009_159
JOKER_CLASSES: Final = 962_988
TOTAL_HANDS: Final = comb(53, 7)

U8Array = npt.NDArray[np.uint8]
_PERMS: Final = tuple(permutations(range(4)))
#: _IMAGE[p][m]: the suit mask m after permutation p.
_IMAGE: Final = tuple(
    tuple(sum(1 << perm[s] for s in range(4) if m >> s & 1) for m in range(16)) for perm in _PERMS
)
_MASKS_OF_SIZE: Final = tuple(tuple(m for m in range(16) if m.bit_count() == n) for n in range(5))


def _search(
    pattern: tuple[int, ...], prefix: tuple[int, ...], fixing: tuple[int, ...]
) -> list[tuple[tuple[int, ...], int]]:
    if len(prefix) == len(pattern):
        return [(prefix, len(fixing))]
    found = []
    for mask in _MASKS_OF_SIZE[pattern[len(prefix)]]:
        if all(_IMAGE[p][mask] >= mask for p in fixing):
            still = tuple(p for p in fixing if _IMAGE[p][mask] == mask)
            found.extend(_search(pattern, (*prefix, mask), still))
    return found


@cache
def pattern_classes(
    pattern: tuple[int, ...],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Canonical mask sequences of a pattern (rows, increasing) and their weights."""
    found = _search(pattern, (), tuple(range(len(_PERMS))))
    masks = np.array([row for row, _ in found], dtype=np.uint8).reshape(len(found), len(pattern))
    weights = np.array([len(_PERMS) // fixing for _, fixing in found], dtype=np.uint8)
    return masks, weights


@cache
def _pattern_cards(pattern: tuple[int, ...]) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.uint8]]:
    """Per class of the pattern, its cards as (position of the rank, suit), low to high."""
    masks, _ = pattern_classes(pattern)
    size = sum(pattern)
    position = np.empty((len(masks), size), dtype=np.intp)
    suit = np.empty((len(masks), size), dtype=np.uint8)
    for row, sequence in enumerate(masks.tolist()):
        cards = [(i, s) for i, m in enumerate(sequence) for s in range(4) if m >> s & 1]
        position[row] = [i for i, _ in cards]
        suit[row] = [s for _, s in cards]
    return position, suit


@dataclass(frozen=True)
class PlayerClasses:
    """Every class in order: its seven cards (ascending, the joker last), its weight, and
    the index of its rank multiset (``multisets[i]``: 13 counts and the joker)."""

    cards: npt.NDArray[np.uint8]  # (classes, 7)
    weight: npt.NDArray[np.uint8]
    multiset: npt.NDArray[np.int32]
    multisets: tuple[tuple[tuple[int, ...], bool], ...]
    starts: npt.NDArray[np.int64]  # first class of each multiset, and the end

    def __len__(self) -> int:
        return len(self.weight)

    def hand(self, index: int) -> tuple[Card, ...]:
        return tuple(int(c) for c in self.cards[index])

    def chunks(self, size: int) -> int:
        """How many chunks of ``size`` classes the order cuts into."""
        return -(-len(self) // size)

    def chunk(self, number: int, size: int) -> range:
        """The class indices of chunk ``number`` (from 0)."""
        return range(number * size, min((number + 1) * size, len(self)))

    @cached_property
    def _multiset_index(self) -> dict[tuple[tuple[int, ...], bool], int]:
        """Kept on the table: a cache keyed by the 67,602 multisets hashed them all on
        every look-up (38 ms a call)."""
        return {key: i for i, key in enumerate(self.multisets)}

    def index_of(self, hand: Sequence[Card]) -> int:
        """The number of the class that ``hand`` belongs to."""
        counts, joker, masks = _masks_of(hand)
        at = self._multiset_index[(counts, joker)]
        pattern = tuple(n for n in counts if n)
        rows, _ = pattern_classes(pattern)
        found = np.flatnonzero((rows == np.array(canonical_masks(masks))).all(axis=1))
        return int(self.starts[at] + found[0])


def _masks_of(hand: Sequence[Card]) -> tuple[tuple[int, ...], bool, tuple[int, ...]]:
    masks = [0] * 13
    for card in hand:
        if card != JOKER:
            masks[card >> 2] |= 1 << (card & 3)
    counts = tuple(m.bit_count() for m in masks)
    return counts, JOKER in hand, tuple(m for m in masks if m)


def canonical_masks(masks: Sequence[int]) -> tuple[int, ...]:
    """The least image of a sequence of suit masks over the 24 suit permutations."""
    return min(tuple(image[m] for m in masks) for image in _IMAGE)


def canonical(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The class representative of ``hand`` (ascending cards, the joker last): the same
    for every suit-permuted copy of it, and the hand that :func:`player_classes` lists."""
    counts, joker, masks = _masks_of(hand)
    ranks = [r for r, n in enumerate(counts) if n]
    least = canonical_masks(masks)
    cards = [r * 4 + s for r, m in zip(ranks, least, strict=True) for s in range(4) if m >> s & 1]
    return (*cards, JOKER) if joker else tuple(cards)


def _multisets() -> list[tuple[tuple[int, ...], bool]]:
    return [(c, False) for c in rank_multisets(7)] + [(c, True) for c in rank_multisets(6)]


def _support_first(multisets: Sequence[tuple[tuple[int, ...], bool]]) -> npt.NDArray[np.intp]:
    """The order of the multisets: without the joker first, then by the set of ranks held
    (as a bit mask: the solve shares work between multisets of the same ranks), then by the
    counts."""
    counts = np.array([c for c, _ in multisets], dtype=np.int64)
    joker = np.array([j for _, j in multisets], dtype=np.int64)
    support = (counts > 0).astype(np.int64) @ (1 << np.arange(13, dtype=np.int64))
    return np.lexsort((*counts.T[::-1], support, joker))  # the last key first


@cache
def player_classes() -> PlayerClasses:
    """Every class, in the fixed order (cached per process).

    Built a pattern at a time: the multisets of one pattern share its canonical mask
    sequences, so their cards are one array operation (1.5-1.7 s a process with a loop over
    the 67,600 multisets, 0.8-0.9 s so)."""
    every = _multisets()
    multisets = tuple(every[i] for i in _support_first(every))
    patterns = [tuple(n for n in counts if n) for counts, _ in multisets]
    sizes = np.array([len(pattern_classes(p)[1]) for p in patterns], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(sizes)])
    cards = np.full((int(starts[-1]), 7), JOKER, dtype=np.uint8)  # the joker, where held
    weight = np.empty(int(starts[-1]), dtype=np.uint8)
    at_pattern: dict[tuple[int, ...], list[int]] = {}
    for at, pattern in enumerate(patterns):
        at_pattern.setdefault(pattern, []).append(at)
    for pattern, ats in at_pattern.items():
        position, suit = _pattern_cards(pattern)  # (k, cards) each
        ranks = np.array(
            [[r for r, n in enumerate(multisets[at][0]) if n] for at in ats], dtype=np.uint8
        )  # (m, len(pattern))
        rows = (starts[ats][:, None] + np.arange(len(position))).ravel()  # (m * k)
        block = ranks[:, position] * 4 + suit  # (m, k, cards)
        cards[rows, : position.shape[1]] = block.reshape(len(rows), -1)
        weight[rows] = np.tile(pattern_classes(pattern)[1], len(ats))
    return PlayerClasses(
        cards=cards,
        weight=weight,
        multiset=np.repeat(np.arange(len(multisets), dtype=np.int32), sizes),
        multisets=multisets,
        starts=starts,
    )


def burnside_count(size: int) -> int:
    """Orbits of ``size``-card hands from the 52 cards under the suit permutations, by
    Burnside's lemma (an independent check of the enumeration): the mean over the 24
    permutations of the hands each fixes. A permutation fixes a hand when, rank by rank,
    the rank's suits are a union of its cycles: per rank, the polynomial over those unions."""
    total = 0
    for perm in _PERMS:
        cycles: list[int] = []
        seen: set[int] = set()
        for start in range(4):
            if start not in seen:
                length, at = 0, start
                while at not in seen:
                    seen.add(at)
                    at, length = perm[at], length + 1
                cycles.append(length)
        per_rank = [0] * 5  # unions of cycles by size
        per_rank[0] = 1
        for length in cycles:
            for n in range(4, length - 1, -1):
                per_rank[n] += per_rank[n - length]
        poly = [1]
        for _ in range(13):
            poly = [
                sum(poly[k - n] * per_rank[n] for n in range(5) if 0 <= k - n < len(poly))
                for k in range(len(poly) + 4)
            ]
        total += poly[size]
    return total // len(_PERMS)
