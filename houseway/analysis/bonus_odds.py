"""The bonus pay tables' odds over all 154,143,080 hands, counted exactly (spec section 10).

By the census's classes (:mod:`houseway.analysis.census`): a hand's bonus categories
depend on its rank multiset, the joker, and which ranks the one suit that can make a
flush holds. So each multiset is read once for what its ranks hold, and each set of
flush ranks once for what a suit holds; a class's hands are a product of binomials.
One case needs more than the flush suit's ranks: a royal flush whose other two cards are
a king and a queen, suited (the royal match) in a third of that class's hands.

Stdlib only: the command line's ``houseway bonus --odds`` runs it in about a second.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from itertools import combinations
from math import comb, prod
from typing import Final

from houseway.analysis.census import TOTAL_HANDS, rank_multisets
from houseway.bonus import (
    PAY_TABLES,
    BonusCategory,
    PayTable,
    pay_table,
    rank_holdings,
    suit_holdings,
    with_flush,
)
from houseway.cards import KING, QUEEN

_ROYAL: Final = 0b1111100000000
_MATCH: Final = BonusCategory.ROYAL_FLUSH_ROYAL_MATCH.bit


@dataclass(frozen=True)
class OddsRow:
    category: BonusCategory
    pays: int
    hands: int


@dataclass(frozen=True)
class Odds:
    """A pay table's rows over every hand (the categories it pays, then ``nothing``) and
    its return per chip bet, exactly."""

    table: PayTable
    rows: tuple[OddsRow, ...]

    @property
    def hands(self) -> int:
        return sum(row.hands for row in self.rows)

    @property
    def exact_return(self) -> Fraction:
        won = sum(row.pays * row.hands for row in self.rows if row.pays)
        lost = sum(row.hands for row in self.rows if not row.pays)
        return Fraction(won - lost, self.hands)

    def to_json(self) -> dict[str, object]:
        """``houseway bonus --odds --json`` (§10); the return and edge to six places, as
        published, and exactly as a fraction beside them."""
        value = self.exact_return
        return {
            "table": self.table.id,
            "hands": self.hands,
            "rows": [
                {"category": row.category.value, "pays": row.pays, "hands": row.hands}
                for row in self.rows
            ],
            "return": round(float(value), 6),
            "house_edge": round(float(-value), 6),
            "return_exact": f"{value.numerator}/{value.denominator}",
        }


@cache
def _suited(mask: int, joker: bool) -> int:
    return suit_holdings(mask, joker)


@cache
def holdings_census() -> Counter[int]:
    """Hands by holdings mask (:func:`houseway.bonus.holdings`), over every hand."""
    found: Counter[int] = Counter()
    for joker in (False, True):
        need = 5 - joker
        for counts in rank_multisets(7 - joker):
            ranks = rank_holdings(counts, joker)
            present = [rank for rank, n in enumerate(counts) if n]
            # Per rank: its cards with the flush suit's one among them, or without it.
            inside = {rank: comb(3, counts[rank] - 1) for rank in present}
            outside = {rank: comb(3, counts[rank]) for rank in present}
            flushes = 0
            for size in range(need, len(present) + 1):
                for chosen in combinations(present, size):
                    weight = 4 * prod(
                        inside[rank] if rank in chosen else outside[rank] for rank in present
                    )
                    if not weight:
                        continue
                    flushes += weight
                    mask = sum(1 << rank for rank in chosen)
                    held = with_flush(ranks, _suited(mask, joker))
                    if _royal_and_king_queen(counts, mask, joker):
                        found[held | _MATCH] += weight // 3  # K and Q of one of three suits
                        weight -= weight // 3
                    found[held] += weight
            plain = prod(comb(4, n) for n in counts) - flushes
            if plain:
                found[ranks] += plain
    return found


def _royal_and_king_queen(counts: tuple[int, ...], mask: int, joker: bool) -> bool:
    """A natural royal flush whose other two cards are a king and a queen (their suits,
    outside the flush suit, are the class's to vary)."""
    return (
        not joker
        and mask == _ROYAL
        and counts[KING] == 2
        and counts[QUEEN] == 2
        and sum(counts) == 7
    )


def bonus_odds(table_id: str) -> Odds:
    """Every hand counted in the category ``table_id`` pays it in, exactly."""
    table = pay_table(table_id)
    by_category: Counter[BonusCategory] = Counter()
    for held, hands in holdings_census().items():
        by_category[table.category(held)] += hands
    rows = [OddsRow(category, pays, by_category[category]) for category, pays in table.pays.items()]
    rows.append(OddsRow(BonusCategory.NOTHING, 0, by_category[BonusCategory.NOTHING]))
    odds = Odds(table, tuple(rows))
    if odds.hands != TOTAL_HANDS:  # the classes cover every hand once
        raise AssertionError(f"counted {odds.hands:,} hands, not {TOTAL_HANDS:,}")
    return odds


def clear_caches() -> None:
    """Forget every count kept, so that the next call counts from nothing (benchmarks)."""
    holdings_census.cache_clear()
    _suited.cache_clear()


def every_table() -> dict[str, object]:
    """Every pay table's odds, as ``houseway/data/bonus.json`` ships them."""
    return {"tables": [bonus_odds(table).to_json() for table in PAY_TABLES]}


@cache
def shipped(table_id: str) -> Odds:
    """A table's odds as shipped (``houseway/data/bonus.json``, written by ``houseway bonus
    --odds --write``): what the bot shows without counting a second on its event loop. A
    test keeps it equal to a fresh count."""
    text = resources.files("houseway").joinpath("data/bonus.json").read_text("utf-8")
    for found in json.loads(text)["tables"]:
        if found["table"] == table_id:
            rows = tuple(
                OddsRow(BonusCategory(row["category"]), int(row["pays"]), int(row["hands"]))
                for row in found["rows"]
            )
            return Odds(pay_table(table_id), rows)
    raise LookupError(f"no shipped odds for the pay table {table_id!r}")
