"""The census: every one of the 154,143,080 seven-card hands, counted exactly by suit symmetry.

A hand's split depends only on its ranks, the joker, and which of its cards
belong to the one suit that can make a flush (no two suits can). So the hands
fall into classes: a multiset of ranks with no flush, or a multiset of ranks
with a chosen set S of ranks in the flush suit. The number of hands in a class
is a product of binomials; one representative per class is decided and
checked (legal, exactly its seven cards) and counted with the class's weight.
Because :func:`houseway.house_way` replays one stored split for every hand with
the same class key, checking the representative checks every hand of the class.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import Final, NamedTuple, TypedDict

from houseway.analysis.pools import process_pool
from houseway.cards import JOKER, Card
from houseway.hands import (
    Category,
    best_five_of,
    category_of,
    five_value,
    is_legal,
    is_royal,
    two_value,
)
from houseway.way import clear_cache, house_way

TOTAL_HANDS: Final = comb(53, 7)
#: Player-hand classes in all, up to suit symmetry (:mod:`houseway.analysis.classes`
#: enumerates them; here so that stdlib-only readers of the solve can check its count).
CLASSES: Final = 6_972_147
#: Dealer hands from the 46 cards a player does not hold: what an exact analysis counts.
DEALER_HANDS: Final = comb(53 - 7, 7)


class SpecCategory(NamedTuple):
    """One row of spec section 7: a best five-card category over all hands."""

    key: str  # as in the data file
    label: str
    hands: int  # the spec's count


#: Section 7's categories, in its order.
SPEC_CATEGORIES: Final = (
    SpecCategory("five-aces", "five aces", 1_128),
    SpecCategory("royal-flush", "royal flush", 26_132),
    SpecCategory("straight-flush", "straight flush (not royal)", 184_832),
    SpecCategory("four-of-a-kind", "four of a kind", 307_472),
    SpecCategory("full-house", "full house", 4_188_528),
    SpecCategory("flush", "flush", 6_172_088),
    SpecCategory("straight", "straight", 11_236_028),
    SpecCategory("three-of-a-kind", "three of a kind", 7_470_676),
    SpecCategory("two-pairs", "two pairs (three pairs included)", 35_553_816),
    SpecCategory("one-pair", "one pair", 64_221_960),
    SpecCategory("high-card", "high card", 24_780_420),
)
_CATEGORY_KEY: Final = {
    Category.FIVE_ACES: "five-aces",
    Category.STRAIGHT_FLUSH: "straight-flush",
    Category.FOUR_OF_A_KIND: "four-of-a-kind",
    Category.FULL_HOUSE: "full-house",
    Category.FLUSH: "flush",
    Category.STRAIGHT: "straight",
    Category.THREE_OF_A_KIND: "three-of-a-kind",
    Category.TWO_PAIRS: "two-pairs",
    Category.ONE_PAIR: "one-pair",
    Category.HIGH_CARD: "high-card",
}

RankCounts = tuple[int, ...]  # 13 counts, index = rank
#: One class as the exact analysis's table keeps it (:func:`houseway.analysis.exact.build_table`):
#: rank counts, the flush ranks as a bit mask (0: none), joker, the dealer's five and two
#: values, and the house way's path.
ClassRow = tuple[RankCounts, int, bool, int, int, str]


class CensusFigures(TypedDict):
    """``houseway/data/census.json``: hands in all, by category, by path and by rule id."""

    total: int
    categories: dict[str, int]
    paths: dict[str, int]
    rules: dict[str, int]


@dataclass
class CensusResult:
    """Exact counts of hands by best five-card category and by decision path."""

    categories: Counter[str] = field(default_factory=Counter)
    paths: Counter[str] = field(default_factory=Counter)
    hands: int = 0
    classes: int = 0
    problems: list[str] = field(default_factory=list)
    #: Every class's row, in the classes' fixed order, when asked for (``rows=True``).
    rows: list[ClassRow] = field(default_factory=list)

    def merge(self, other: CensusResult) -> None:
        self.categories.update(other.categories)
        self.paths.update(other.paths)
        self.hands += other.hands
        self.classes += other.classes
        self.problems.extend(other.problems)
        self.rows.extend(other.rows)

    def rule_counts(self) -> dict[str, int]:
        """Hands whose path contains each rule id."""
        rules: Counter[str] = Counter()
        for path, count in self.paths.items():
            for rule_id in path.split(","):
                rules[rule_id] += count
        return dict(sorted(rules.items()))

    def to_json(self) -> CensusFigures:
        return {
            "total": self.hands,
            "categories": {row.key: self.categories[row.key] for row in SPEC_CATEGORIES},
            "paths": dict(sorted(self.paths.items())),
            "rules": self.rule_counts(),
        }


def rank_multisets(size: int) -> Iterator[RankCounts]:
    """Every multiset of ``size`` ranks with at most four of a rank, as 13 counts, in
    increasing order of the counts (the order of the census's chunks and of the shipped
    class table)."""
    found = []
    for ranks in combinations_with_replacement(range(13), size):
        counts = [0] * 13
        for rank in ranks:
            counts[rank] += 1
        if max(counts) <= 4:
            found.append(tuple(counts))
    yield from sorted(found)


def _hand(counts: RankCounts, flush_ranks: frozenset[int], joker: bool) -> list[Card]:
    """A representative hand: suit 0 for the flush ranks, the rest spread evenly."""
    load = [0, 0, 0, 0]
    spread = (1, 2, 3) if flush_ranks else (0, 1, 2, 3)  # suit 0 is the flush ranks' alone
    hand: list[Card] = []
    for rank, n in enumerate(counts):
        if not n:
            continue
        suits = [0] if rank in flush_ranks else []
        suits.extend(sorted(spread, key=load.__getitem__)[: n - len(suits)])  # least loaded
        for suit in suits:
            load[suit] += 1
            hand.append(rank * 4 + suit)
    if joker:
        hand.append(JOKER)
    return hand


def suit_classes(
    counts: RankCounts, joker: bool
) -> Iterator[tuple[frozenset[int], list[Card], int]]:
    """(flush ranks, representative hand, number of hands) for every class of one multiset.

    The flush ranks are empty for the class without a flush; classes come in a fixed
    order (flush classes by size, then the plain one), which the exact analysis's
    shipped table follows.
    """
    present = [r for r, n in enumerate(counts) if n]
    need = 5 - joker
    flush_total = 0
    for size in range(need, len(present) + 1):
        for chosen in combinations(present, size):
            flush_ranks = frozenset(chosen)
            weight = 4 * prod(
                comb(3, n - 1) if r in flush_ranks else comb(3, n)
                for r, n in enumerate(counts)
                if n
            )
            if weight:
                flush_total += weight
                yield flush_ranks, _hand(counts, flush_ranks, joker), weight
    plain = prod(comb(4, n) for n in counts) - flush_total
    if plain:
        yield frozenset(), _hand(counts, frozenset(), joker), plain


def _category_key(value: int) -> str:
    if is_royal(value):
        return "royal-flush"
    return _CATEGORY_KEY[category_of(value)]


def census_chunk(work: list[tuple[RankCounts, bool]], rows: bool = False) -> CensusResult:
    """Count the classes of some rank multisets (one unit of parallel work); with ``rows``,
    keep each class's row too, so that one pass of the house way over every class gives
    both the census and the exact analysis's table."""
    result = CensusResult()
    paths: Counter[tuple[str, ...]] = Counter()  # said as text once, at the end
    for counts, joker in work:
        for flush_ranks, hand, weight in suit_classes(counts, joker):
            decision = house_way(hand)
            five_v, two_v = five_value(decision.five), two_value(decision.two)
            if sorted(decision.five + decision.two) != sorted(hand):
                result.problems.append(f"cards changed: {hand}")
            if not is_legal(five_v, two_v) or five_v != decision.five_value:
                result.problems.append(f"foul or wrong value: {hand}")
            result.categories[_category_key(best_five_of(hand))] += weight
            paths[decision.path] += weight
            result.hands += weight
            result.classes += 1
            if rows:
                mask = sum(1 << rank for rank in flush_ranks)
                result.rows.append(
                    (
                        counts,
                        mask,
                        joker,
                        decision.five_value,
                        decision.two_value,
                        ",".join(decision.path),
                    )
                )
    result.paths.update({",".join(path): hands for path, hands in paths.items()})
    clear_cache()
    return result


def work_units(chunk_size: int = 500) -> list[list[tuple[RankCounts, bool]]]:
    """All rank multisets with and without the joker, in chunks."""
    items = [(c, False) for c in rank_multisets(7)] + [(c, True) for c in rank_multisets(6)]
    return [items[i : i + chunk_size] for i in range(0, len(items), chunk_size)]


def run_census(
    workers: int = 1, progress: Callable[[int, int], None] | None = None, rows: bool = False
) -> CensusResult:
    """The full census, in ``workers`` processes; ``progress(done, total)`` after each chunk;
    with ``rows``, every class's row too (:func:`census_chunk`)."""
    units = work_units()
    result = CensusResult()
    chunk = partial(census_chunk, rows=rows)
    if workers <= 1:
        for done, unit in enumerate(units, 1):
            result.merge(chunk(unit))
            if progress:
                progress(done, len(units))
        return result
    with process_pool(workers) as pool:
        for done, part in enumerate(pool.map(chunk, units), 1):
            result.merge(part)
            if progress:
                progress(done, len(units))
    return result


def load_rule_counts() -> CensusFigures:
    """The shipped census figures (``houseway/data/census.json``)."""
    text = resources.files("houseway").joinpath("data/census.json").read_text("utf-8")
    data: CensusFigures = json.loads(text)
    return data
