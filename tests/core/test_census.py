"""The census: exact counts against spec section 7, the class weights against brute force,
and the shipped data file against a fresh run."""

import io
import random
from collections import Counter
from itertools import product

import pytest

from houseway.analysis.census import (
    TOTAL_HANDS,
    CensusResult,
    census_chunk,
    load_rule_counts,
    rank_multisets,
    suit_classes,
)
from houseway.cards import JOKER
from houseway.way import house_way
from tests.core.conftest import EveryClass

# Spec section 7, copied from the spec (not from the code).
SECTION_7 = {
    "five-aces": 1_128,
    "royal-flush": 26_132,
    "straight-flush": 184_832,
    "four-of-a-kind": 307_472,
    "full-house": 4_188_528,
    "flush": 6_172_088,
    "straight": 11_236_028,
    "three-of-a-kind": 7_470_676,
    "two-pairs": 35_553_816,
    "one-pair": 64_221_960,
    "high-card": 24_780_420,
}


def test_multiset_counts() -> None:
    assert sum(1 for _ in rank_multisets(1)) == 13
    assert sum(1 for _ in rank_multisets(2)) == 13 * 12 // 2 + 13


def _brute_force(counts: tuple[int, ...], joker: bool) -> Counter[str]:
    """Every suit assignment of a rank multiset, decided one by one."""
    ranks = [r for r, n in enumerate(counts) for _ in range(n)]
    paths: Counter[str] = Counter()
    for suits in product(range(4), repeat=len(ranks)):
        hand = [r * 4 + s for r, s in zip(ranks, suits, strict=True)]
        if len(set(hand)) != len(hand) or any(
            hand[i] > hand[i + 1] for i in range(len(hand) - 1) if ranks[i] == ranks[i + 1]
        ):
            continue  # same card twice, or the same set in another order
        if joker:
            hand.append(JOKER)
        paths[",".join(house_way(hand).path)] += 1
    return paths


def test_class_weights_match_brute_force_enumeration() -> None:
    rng = random.Random(3)
    multisets = [(m, False) for m in rank_multisets(7)] + [(m, True) for m in rank_multisets(6)]
    chosen = rng.sample(multisets, 12)
    # plus some that make straight flushes and flushes with pairs
    chosen.append(((0, 0, 0, 2, 1, 1, 1, 2, 0, 0, 0, 0, 0), False))
    chosen.append(((0,) * 8 + (2, 1, 1, 1, 1), True))
    for counts, joker in chosen:
        weighted: Counter[str] = Counter()
        for _flush_ranks, hand, weight in suit_classes(counts, joker):
            weighted[",".join(house_way(hand).path)] += weight
        assert weighted == _brute_force(counts, joker), counts


@pytest.fixture
def census(every_class: EveryClass) -> CensusResult:
    """The full census (tests/core/conftest.py: one pass with the class table's check)."""
    return every_class.census


def test_full_census_matches_section_7(census: CensusResult) -> None:
    assert census.hands == TOTAL_HANDS == 154_143_080
    assert dict(census.categories) == SECTION_7
    assert census.problems == []


def test_shipped_data_file_is_the_census(census: CensusResult) -> None:
    assert load_rule_counts() == census.to_json()


def test_census_command_marks_each_category_against_section_7(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The command compares with the spec's table: one count off is a mismatch and exit 1."""
    import houseway.cli.batch as cli

    def counted(categories: dict[str, int]) -> CensusResult:
        return CensusResult(categories=Counter(categories), hands=TOTAL_HANDS, classes=1)

    monkeypatch.setattr(cli, "run_census", lambda workers, progress: counted(SECTION_7))
    out = io.StringIO()
    assert cli.run_census_command(["--workers", "1"], out) == 0
    assert "flush" + " " * 31 + "     6,172,088  ok" in out.getvalue().splitlines()
    assert "MISMATCH" not in out.getvalue()

    one_off = dict(SECTION_7, flush=SECTION_7["flush"] - 1)
    monkeypatch.setattr(cli, "run_census", lambda workers, progress: counted(one_off))
    out = io.StringIO()
    assert cli.run_census_command(["--workers", "1"], out) == 1
    marked = [line for line in out.getvalue().splitlines() if line.endswith("MISMATCH")]
    assert marked == ["flush" + " " * 31 + "     6,172,087  MISMATCH"]


def test_chunk_checks_each_class() -> None:
    result = census_chunk([((1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0), False)])
    assert result.hands == 4**7
    assert result.problems == []
