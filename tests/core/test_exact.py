"""Exact analysis: spec section 8 to six decimals, class weights against brute force,
counts that add up to every dealer hand, agreement with sampling, and the shipped class
table against a fresh decision of every class."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from itertools import combinations, product
from math import comb
from pathlib import Path

import numpy as np
import pytest

from houseway.analysis.analyze import analyze, format_analysis
from houseway.analysis.census import DEALER_HANDS, load_rule_counts
from houseway.analysis.exact import (
    DealerClasses,
    class_weights,
    dealer_classes,
    shipped_table,
    split_counts,
)
from houseway.cards import DECK, JOKER, Card, parse_cards, parse_hand
from houseway.hands import five_value, two_value
from houseway.way import house_way
from tests.conftest import run_cli
from tests.core.conftest import EveryClass

# Spec section 8, copied from the spec: five, two, EV, win, push, loss.
SECTION_8_HAND = "Ks Kh 7d 7c Ad Tc 3h"
SECTION_8 = [
    ("Ad Ks Kh Tc 3h", "7d 7c", "+0.558920", "0.654675", "0.282304", "0.063021"),
    ("Ks Kh 7d 7c 3h", "Ad Tc", "+0.342321", "0.423270", "0.516943", "0.059786"),
    ("Ks Kh Tc 7d 7c", "Ad 3h", "+0.305244", "0.398729", "0.527722", "0.073549"),
    ("Ks Kh Tc 7c 3h", "Ad 7d", "+0.187861", "0.368352", "0.469576", "0.162073"),
    ("Kh Tc 7d 7c 3h", "Ad Ks", "+0.050563", "0.324401", "0.417982", "0.257617"),
    ("Ad Ks Kh 7d 7c", "Tc 3h", "-0.122631", "0.027259", "0.824213", "0.148527"),
    ("Ad Kh 7d 7c 3h", "Ks Tc", "-0.222693", "0.201865", "0.383670", "0.414465"),
    ("Ad Ks Kh 7c 3h", "Tc 7d", "-0.238818", "0.026884", "0.708759", "0.264357"),
    ("Ad Kh Tc 7d 7c", "Ks 3h", "-0.250063", "0.193132", "0.373329", "0.433539"),
    ("Ad Ks Kh Tc 7c", "7d 3h", "-0.290540", "0.000000", "0.709460", "0.290540"),
    ("Ad Kh Tc 7c 3h", "Ks 7d", "-0.466191", "0.122385", "0.295158", "0.582457"),
]


def test_spec_section_8_to_six_decimals() -> None:
    analysis = analyze(SECTION_8_HAND)
    assert analysis.exact and analysis.deals == DEALER_HANDS == 53_524_680
    assert len(analysis.splits) == len(SECTION_8)
    for split, (five, two, ev, win, push, loss) in zip(analysis.splits, SECTION_8, strict=True):
        assert (split.five_value, split.two_value) == (
            five_value(parse_cards(five, count=5)),
            two_value(parse_cards(two, count=2)),
        )
        assert f"{split.ev:+.6f}" == ev
        outcomes = (split.wins, split.pushes, split.losses)
        assert [f"{count / DEALER_HANDS:.6f}" for count in outcomes] == [win, push, loss]
        assert split.wins + split.pushes + split.losses == DEALER_HANDS
    assert analysis.splits[0].house_way
    assert analysis.house_path == ("two-pairs.split",)


def random_hands(count: int, seed: int, joker: bool | None = None) -> list[tuple[Card, ...]]:
    """Random hands; ``joker`` True or False forces the joker in or out."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        hand = tuple(rng.sample(DECK, 7))
        if joker is None or (JOKER in hand) == joker:
            hands.append(hand)
    return hands


@pytest.mark.parametrize("joker", [False, True])
def test_weights_and_counts_cover_every_dealer_hand(joker: bool) -> None:
    for hand in random_hands(25, seed=5 + joker, joker=joker):
        weights = class_weights(hand)
        assert weights.min() >= 0
        assert int(weights.sum()) == DEALER_HANDS
        analysis = analyze(hand)
        for split in analysis.splits:
            assert split.wins + split.pushes + split.losses == DEALER_HANDS


def class_rows(counts: tuple[int, ...], joker: bool) -> np.ndarray:
    """Indices of the table's classes of one dealer rank multiset."""
    table = shipped_table()
    same = np.all(table["counts"] == np.array(counts, dtype=np.uint8), axis=1)
    return np.flatnonzero(same & (table["joker"] == joker))


def brute_force(
    held: tuple[Card, ...], counts: tuple[int, ...], joker: bool
) -> Counter[tuple[int, int]]:
    """Every dealer hand of one rank multiset from the cards left, decided one by one."""
    left = [c for c in DECK if c not in held and c != JOKER]
    choices = [
        list(combinations([c for c in left if c >> 2 == rank], n))
        for rank, n in enumerate(counts)
        if n
    ]
    values: Counter[tuple[int, int]] = Counter()
    for picked in product(*choices):
        dealer = [card for cards in picked for card in cards] + [JOKER] * joker
        decision = house_way(dealer)
        values[(decision.five_value, decision.two_value)] += 1
    return values


def weighted(
    held: tuple[Card, ...], counts: tuple[int, ...], joker: bool
) -> Counter[tuple[int, int]]:
    """The same, from the class weights and the table's dealer values."""
    weights = class_weights(held)
    table = shipped_table()
    values: Counter[tuple[int, int]] = Counter()
    for row in class_rows(counts, joker):
        if weights[row]:
            values[(int(table["five"][row]), int(table["two"][row]))] += int(weights[row])
    return values


def multiset(ranks: str) -> tuple[int, ...]:
    counts = [0] * 13
    for rank in ranks:
        counts["23456789TJQKA".index(rank)] += 1
    return tuple(counts)


# Player hand, dealer ranks, dealer joker: chosen so that the player's cards take some of
# the dealer's ranks and suits (flushes and straight flushes with pairs, the joker either side).
BRUTE_FORCE_CASES = [
    ("Ks Kh 7d 7c Ad Tc 3h", "KA7T3Q2", False),
    ("Ks Kh 7d 7c Ad Tc 3h", "AKQJ97", True),
    ("2h 5h 8h Jh Kh As Ad", "23458JK", False),
    ("2h 5h 8h Jh Kh As JK", "AA56789", False),
    ("9h Th Jh Qh Kh 9s 4c", "9TJQKA9", False),
    ("9h Th Jh Qh Kh 9s 4c", "9TJQ44", True),
    ("Ad 6h Ah Ac 5h 7h 2c", "AAA567", True),
    ("4c 5h 6h 7h 8h 9h 9c", "3456789", False),
    ("As Ks Qs Js Ts 9h 9d", "AKQJT99", False),
    ("JK Kd Qs 9c 7h 5d 3s", "AAA9952", False),
]


@pytest.mark.parametrize(("hand", "ranks", "joker"), BRUTE_FORCE_CASES)
def test_class_weights_equal_brute_force_on_one_rank_multiset(
    hand: str, ranks: str, joker: bool
) -> None:
    held = parse_hand(hand)
    counts = multiset(ranks)
    expected = brute_force(held, counts, joker)
    assert weighted(held, counts, joker) == expected
    total = 1
    for rank, n in enumerate(counts):
        total *= comb(sum(1 for s in range(4) if rank * 4 + s not in held), n)
    total *= joker <= (JOKER not in held)
    assert sum(expected.values()) == total


def test_class_weights_equal_brute_force_on_random_multisets() -> None:
    rng = random.Random(12)
    for hand in random_hands(6, seed=13):
        left = [c for c in DECK if c not in hand]
        for _ in range(5):
            dealer = rng.sample(left, 7)  # a multiset the player's hand leaves possible
            counts = multiset("".join("23456789TJQKA"[c >> 2] for c in dealer if c != JOKER))
            assert weighted(hand, counts, JOKER in dealer) == brute_force(
                hand, counts, JOKER in dealer
            )


def test_split_counts_against_brute_force_settlement() -> None:
    """Win/push/loss of every split summed by hand over one rank multiset's dealer hands."""
    held = parse_hand("Ks Kh 7d 7c Ad Tc 3h")
    counts = multiset("KA7T3Q2")
    dealer_values = brute_force(held, counts, False)
    rows = class_rows(counts, False)
    table = shipped_table()
    only_these = {key: values if key == "paths" else values[rows] for key, values in table.items()}
    classes = DealerClasses.from_arrays(only_these)
    splits = sorted({(s.five_value, s.two_value) for s in analyze(held).splits})
    for (five, two), got in zip(splits, split_counts(held, splits, classes), strict=True):
        wins = sum(n for (d5, d2), n in dealer_values.items() if five > d5 and two > d2)
        losses = sum(n for (d5, d2), n in dealer_values.items() if five <= d5 and two <= d2)
        total = sum(dealer_values.values())
        assert (got.wins, got.pushes, got.losses) == (wins, total - wins - losses, losses)


@pytest.mark.parametrize("hand", ["Ah Qc 8d 7h 5s 4h 3s", "3c JK 5d Jc Qh Ac Kh"])
def test_exact_evs_inside_the_sampled_intervals(hand: str) -> None:
    exact = {(s.five_value, s.two_value): s for s in analyze(hand).splits}
    sampled = analyze(hand, 20_000, 0)
    assert not sampled.exact
    for split in sampled.splits:
        truth = exact[(split.five_value, split.two_value)]
        # 99.9% normal intervals, for the EV and for what the split gives up (paired).
        assert abs(truth.ev - split.ev) <= 3.3 * split.se
        gap = truth.ev - exact[(sampled.best.five_value, sampled.best.two_value)].ev
        assert abs(-gap - split.gap) <= 3.3 * split.gap_se + 1e-12


def test_exact_analysis_ranks_and_gaps_by_integers() -> None:
    analysis = analyze("Ah Qc 8d 7h 5s 4h 3s")
    assert analysis.house_rank == 5 and analysis.house_path == ("high-card",)
    cents = [95 * s.wins - 100 * s.losses for s in analysis.splits]
    assert cents == sorted(cents, reverse=True)
    assert analysis.best.gap == 0.0
    assert analysis.give_up == pytest.approx((cents[0] - cents[4]) / (100 * DEALER_HANDS))
    assert all(s.se == 0.0 and s.gap_se == 0.0 for s in analysis.splits)
    text = format_analysis(analysis, top=3)
    assert "exact: all 53,524,680 dealer hands" in text
    assert "gives up 0.015101 units per hand." in text


def test_the_joker_in_the_players_hand_leaves_the_dealer_none() -> None:
    hand = parse_hand("JK Kd Qs 9c 7h 5d 3s")
    weights = class_weights(hand)
    joker_classes = shipped_table()["joker"]
    assert not weights[joker_classes].any()
    assert int(weights.sum()) == comb(46, 7)  # the 46 natural cards the player left


def test_cli_is_exact_by_default_with_integer_counts_in_json() -> None:
    done = run_cli("analyze", SECTION_8_HAND, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["exact"] is True and data["deals"] == 53_524_680 and data["seed"] is None
    top = data["splits"][0]
    shares = [f"{top[key] / 53_524_680:.6f}" for key in ("wins", "pushes", "losses")]
    assert shares == ["0.654675", "0.282304", "0.063021"]
    assert all(isinstance(s["wins"], int) for s in data["splits"])
    assert all(s["wins"] + s["pushes"] + s["losses"] == 53_524_680 for s in data["splits"])
    assert f"{top['ev']:+.6f}" == "+0.558920"
    text = run_cli("analyze", SECTION_8_HAND, "--top", "2")
    assert "+0.558920" in text.stdout and "+0.342321" in text.stdout
    lone_seed = run_cli("analyze", SECTION_8_HAND, "--seed", "3")
    assert lone_seed.returncode == 2
    assert "--seed applies only to sampling" in lone_seed.stderr


GAME_ROOM = sorted(
    f"houseway.{path.stem}"
    for path in (Path(__file__).parents[2] / "houseway").glob("*.py")
    if path.stem not in {"__init__", "__main__"}
)


def test_the_core_imports_and_decides_without_numpy() -> None:
    """Numpy is for exact analysis only: the game room (every module at the top of
    houseway/), census and sampling work in a process where importing numpy or
    discord.py fails, and a round is dealt there."""
    assert "houseway.game" in GAME_ROOM and "houseway.way" in GAME_ROOM
    code = (
        "import sys; sys.modules['numpy'] = sys.modules['discord'] = None\n"
        f"import {', '.join(GAME_ROOM)}\n"
        "import houseway.analysis.census, houseway.analysis.analyze, houseway.analysis.simulate\n"
        "print(houseway.house_way('Ks Kh 7d 7c Ad Tc 3h').rule)\n"
        "print(houseway.analysis.analyze.analyze('Ks Kh 7d 7c Ad Tc 3h', 200).deals)\n"
        "deal = houseway.deal_round(6)\n"
        "print(len({c for hand in (deal.dealer, *deal.seats) for c in hand}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["two-pairs.split", "200", "49"]


def test_prepared_table_is_cached_and_consistent() -> None:
    classes = dealer_classes()
    assert classes is dealer_classes()
    assert classes.size == 292_253
    assert len(classes.flush_at) + len(classes.plain_at) == classes.size


def test_shipped_table_is_every_class_decided_by_the_house_way(every_class: EveryClass) -> None:
    """Rebuild the whole table through house_way: the shipped file cannot drift from it.
    (The census's pass, as ``build_table`` makes it: tests/core/conftest.py.)"""
    rebuilt = every_class.table
    shipped = shipped_table()
    assert rebuilt.keys() == shipped.keys()
    for key in rebuilt:
        assert np.array_equal(rebuilt[key], shipped[key]), key


def test_full_deck_weights_give_the_census_paths() -> None:
    """With no card held, the class weights are the census's: every path's share matches
    the shipped census file."""
    weights = class_weights(())
    table = shipped_table()
    paths: Counter[str] = Counter()
    for index, name in enumerate(table["paths"]):
        paths[str(name)] = int(weights[table["path"] == index].sum())
    assert int(weights.sum()) == comb(53, 7)
    assert dict(paths) == load_rule_counts()["paths"]
