"""What the house way gives up: random hands of a given path, the stratified figures,
reproducibility across workers, the shipped per-rule figures and the CLI."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest

import houseway
from houseway.analysis.census import DEALER_HANDS, load_rule_counts
from houseway.analysis.cost import (
    PathTally,
    allocate,
    combine,
    house_way_gap,
    run_cost,
)
from houseway.analysis.exact import PathSampler
from houseway.analysis.figures import rule_cost
from houseway.cards import JOKER, parse_hand
from houseway.way import house_way
from tests.conftest import run_cli

PATHS: dict[str, int] = load_rule_counts()["paths"]


@pytest.fixture(scope="module")
def sampler() -> PathSampler:
    return PathSampler()


def test_every_drawn_hand_has_the_path_asked_for(sampler: PathSampler) -> None:
    rng = random.Random(4)
    assert set(sampler.paths) == set(PATHS)
    for path in sampler.paths:
        assert sampler.hands_of(path) == PATHS[path]
        for _ in range(40):
            hand = sampler.draw(path, rng)
            assert len(set(hand)) == 7
            assert ",".join(house_way(hand).path) == path


def test_five_aces_hands_are_drawn_uniformly(sampler: PathSampler) -> None:
    """All C(48, 2) = 1,128 five-aces hands, each about equally often (chi-square)."""
    rng = random.Random(5)
    draws = 30_000
    seen = Counter(frozenset(sampler.draw("five-aces", rng)) for _ in range(draws))
    aces = {48, 49, 50, 51, JOKER}
    assert all(aces <= hand for hand in seen)
    assert len(seen) == math.comb(48, 2) == 1_128
    expected = draws / 1_128
    chi2 = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi2 < 1_127 + 5 * math.sqrt(2 * 1_127)


def test_hands_without_a_flush_are_uniform_too(sampler: PathSampler) -> None:
    """One pair, drawn: the share with the joker matches the exact share among its hands."""
    from houseway.analysis.exact import class_weights, shipped_table

    table = shipped_table()
    weights = class_weights(())
    index = list(table["paths"]).index("one-pair")
    rows = table["path"] == index
    exact = int(weights[rows & table["joker"]].sum()) / int(weights[rows].sum())
    rng = random.Random(6)
    draws = 20_000
    share = sum(JOKER in sampler.draw("one-pair", rng) for _ in range(draws)) / draws
    assert abs(share - exact) < 4 * math.sqrt(exact * (1 - exact) / draws)


def test_allocation_gives_rare_paths_enough_hands() -> None:
    counts = allocate(10_000, PATHS)
    assert sum(counts.values()) == 10_000
    assert min(counts.values()) >= 10_000 // (2 * len(PATHS))
    assert counts["one-pair"] > counts["high-card"] > counts["five-aces"]
    assert allocate(26, PATHS) == dict.fromkeys(PATHS, 1)
    with pytest.raises(ValueError, match="at least 26 hands"):
        allocate(25, PATHS)


def test_house_way_gap_against_known_hands() -> None:
    # Spec section 8: the house way is the best split.
    assert house_way_gap(parse_hand("Ks Kh 7d 7c Ad Tc 3h")) == 0
    # docs/command-line.md, `houseway analyze`: the high-card house way gives up 0.015101.
    gap = house_way_gap(parse_hand("Ah Qc 8d 7h 5s 4h 3s"))
    assert f"{gap / (100 * DEALER_HANDS):.6f}" == "0.015101"


def test_stratified_figures_by_hand() -> None:
    sizes = {"a": 300, "b": 100}
    scale = 100 * DEALER_HANDS
    tallies = [
        PathTally("a", hands=100, not_best=10, gap=10 * scale, gap_squares=10 * scale * scale),
        PathTally("b", hands=100, not_best=50, gap=50 * scale, gap_squares=50 * scale * scale),
    ]
    cost = combine("x", tallies, sizes)
    assert cost.share == 1.0 and cost.hands == 200
    assert cost.not_best.value == pytest.approx(0.75 * 0.1 + 0.25 * 0.5)
    # effective sample size 1 / (0.75² / 100 + 0.25² / 100) = 160; Wilson at 0.2 x 160
    n, p, z = 160.0, 0.2, 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert cost.not_best.low == pytest.approx(centre - half)
    assert cost.not_best.high == pytest.approx(centre + half)
    # gaps of 1 unit on the hands not best: mean 0.2, se from each stratum's sample variance
    assert cost.give_up.value == pytest.approx(0.2)
    se_a = math.sqrt(0.1 * 0.9 * 100 / 99 / 100)
    se_b = math.sqrt(0.5 * 0.5 * 100 / 99 / 100)
    half_gap = z * math.sqrt((0.75 * se_a) ** 2 + (0.25 * se_b) ** 2)
    assert cost.give_up.high == pytest.approx(0.2 + half_gap)
    one = combine("a", tallies[:1], sizes)
    assert one.share == 0.75 and one.not_best.value == pytest.approx(0.1)


def test_a_path_of_one_hand_widens_the_interval_instead_of_closing_it() -> None:
    """One hand has no sample variance: its stratum counts with the widest variance a
    gap in [0, 1.95] can have (1.95² / 4), not with none."""
    scale = 100 * DEALER_HANDS
    one = PathTally("a", hands=1, not_best=1, gap=scale // 10, gap_squares=scale * scale // 100)
    cost = combine("x", [one], {"a": 1})
    assert cost.give_up.value == pytest.approx(0.1)
    assert cost.give_up.low == 0.0
    assert cost.give_up.high == 1.95  # 0.1 + 1.96 x 0.975, cut at the most possible
    many = [PathTally("b", hands=400, not_best=0, gap=0, gap_squares=0), one]
    mixed = combine("y", many, {"a": 1, "b": 99})
    assert mixed.give_up.value == pytest.approx(0.001)
    assert mixed.give_up.high == pytest.approx(0.001 + 1.959963984540054 * 0.01 * 1.95 / 2)


def test_same_seed_same_figures_with_any_number_of_workers() -> None:
    one = run_cost(60, seed=8, workers=1)
    two = run_cost(60, seed=8, workers=2)
    assert one.tallies == two.tallies
    assert sum(t.hands for t in one.tallies) == 60
    assert run_cost(60, seed=9).tallies != one.tallies


def test_shipped_figures_cover_every_rule() -> None:
    rules = load_rule_counts()["rules"]
    assert isinstance(rules, dict)
    for rule, count in rules.items():
        cost = rule_cost(rule)
        assert cost is not None, rule
        assert cost.share == pytest.approx(count / 154_143_080)
        assert 0 <= cost.not_best.low <= cost.not_best.value <= cost.not_best.high <= 1
        assert 0 <= cost.give_up.low <= cost.give_up.value <= cost.give_up.high
    everything = rule_cost("all")
    assert everything is not None and everything.share == pytest.approx(1.0)
    assert rule_cost("no-such-rule") is None


def test_cli_prints_a_table_and_json_with_progress() -> None:
    done = run_cli("cost", "--hands", "52", "--seed", "2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["hands"] == 52 and data["seed"] == 2
    assert [r["rule"] for r in data["rules"]][-1] == "all"
    assert sum(p["hands"] for p in data["paths"].values()) == 52
    assert "cost: 52/52 hands" in done.stderr
    few = run_cli("cost", "--hands", "3")
    assert few.returncode == 2 and "at least 26" in few.stderr


def test_the_solves_exact_figures_lie_inside_the_sampled_intervals() -> None:
    """The whole game solved exactly (houseway/data/solve.json, read here directly) against
    `houseway cost`'s sampled run: every rule's exact not-best rate and EV given up inside
    its 95% interval, the counts adding up to every hand, and the exact house edge inside
    `houseway simulate`'s interval over 30 million deals, 2.72% [2.70%, 2.75%]."""
    data = Path(houseway.__file__).parent / "data"
    summary = json.loads((data / "solve.json").read_text("utf-8"))
    assert summary["partial"] is False
    assert (summary["classes"], summary["hands"]) == (6_972_147, 154_143_080)
    assert summary["pairs"] == 154_143_080 * DEALER_HANDS
    house = summary["house_way"]
    assert house["wins"] + house["pushes"] + house["losses"] == summary["pairs"]
    assert house["edge_cents"] == 100 * house["losses"] - 95 * house["wins"]
    assert 0.0270 <= house["house_edge"] <= 0.0275
    sampled = {
        entry["rule"]: entry for entry in json.loads((data / "cost.json").read_text())["rules"]
    }
    outside = []
    for rule, exact in [*summary["rules"].items(), ("all", summary["all"])]:
        _, low, high = sampled[rule]["not_best"]
        _, gap_low, gap_high = sampled[rule]["give_up"]
        if not (low <= exact["not_best_share"] <= high and gap_low <= exact["give_up"] <= gap_high):
            outside.append(rule)
    assert outside == []
    assert set(summary["rules"]) == set(load_rule_counts()["rules"])
    for rule, count in load_rule_counts()["rules"].items():
        assert summary["rules"][rule]["hands"] == count
