"""Every split's EV against the dealer's house way: the counting against a plain loop,
obvious best splits, the house-way marker, picklability and the CLI."""

import json
import math
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations

import pytest

from houseway.analysis.analyze import Analysis, DealerHands, analyze, dealer_values, format_analysis
from houseway.cards import DECK, parse_cards, parse_hand
from houseway.hands import five_value, is_legal, two_value
from houseway.settle import PAYOFFS, settle_values
from houseway.way import house_way
from tests.conftest import run_cli

ROYAL_WITH_PAIR = "As Ks Qs Js Ts 9h 9d"
HOUSE_WAY_GIVES_UP = "Ah Qc 8d 7h 5s 4h 3s"  # high card: keeping the 8 up does better


def split_values(analysis: Analysis) -> list[tuple[int, int]]:
    return [(s.five_value, s.two_value) for s in analysis.splits]


def test_counting_agrees_with_a_plain_loop_over_dealer_hands() -> None:
    hand = parse_hand("Ks Kh 7d 7c Ad Tc 3h")
    deals, seed = 1_500, 4
    analysis = analyze(hand, deals, seed)
    remaining = [c for c in DECK if c not in hand]
    dealer = list(zip(*dealer_values(remaining, deals, seed), strict=True))
    payoffs: dict[tuple[int, int], list[float]] = {}
    for two in combinations(hand, 2):
        key = (five_value([c for c in hand if c not in two]), two_value(two))
        if is_legal(*key):
            payoffs[key] = [PAYOFFS[settle_values(*key, *d)] for d in dealer]
    assert set(payoffs) == set(split_values(analysis))
    best = payoffs[split_values(analysis)[0]]
    assert sum(best) == max(sum(p) for p in payoffs.values())
    for split in analysis.splits:
        mine = payoffs[(split.five_value, split.two_value)]
        assert split.wins == mine.count(0.95)
        assert split.losses == mine.count(-1.0)
        assert split.ev == pytest.approx(sum(mine) / deals)
        mean = sum(mine) / deals
        sd = math.sqrt(sum((x - mean) ** 2 for x in mine) / (deals - 1))
        assert split.se == pytest.approx(sd / math.sqrt(deals))
        diffs = [b - x for b, x in zip(best, mine, strict=True)]
        gap = sum(diffs) / deals
        gap_sd = math.sqrt(sum((d - gap) ** 2 for d in diffs) / (deals - 1))
        assert split.gap == pytest.approx(gap, abs=1e-12)
        assert split.gap_se == pytest.approx(gap_sd / math.sqrt(deals), abs=1e-12)


def test_royal_flush_with_a_pair_keeps_the_royal_and_plays_the_pair_low() -> None:
    analysis = analyze(ROYAL_WITH_PAIR, 2_000, 1)
    best = analysis.best
    assert best.five_name() == "Royal flush"
    assert best.two_value == two_value(parse_cards("9h 9d", count=2))
    assert best.house_way
    assert analysis.house_rank == 1
    assert analysis.give_up == 0.0
    assert best.ev > 0.85
    assert analysis.splits[1].gap > 10 * analysis.splits[1].gap_se


def test_two_pairs_split_is_clearly_best() -> None:
    analysis = analyze("Ks Kh 7d 7c Ad Tc 3h", 2_000, 2)
    assert analysis.house_path == ("two-pairs.split",)
    assert analysis.house_rank == 1
    runner_up = analysis.splits[1]
    assert runner_up.gap > 5 * runner_up.gap_se


def test_a_hand_where_the_house_way_gives_up_ev() -> None:
    analysis = analyze(HOUSE_WAY_GIVES_UP, 4_000, 0)
    assert analysis.house_rank > 1
    assert analysis.give_up > 4 * analysis.give_up_se > 0
    assert analysis.house.ev == pytest.approx(analysis.best.ev - analysis.give_up)
    text = format_analysis(analysis, top=3)
    assert "← house way" in text  # shown below the top rows
    assert "gives up" in text


def test_house_way_marker_matches_house_way_by_value() -> None:
    rng = random.Random(8)
    for _ in range(12):
        hand = tuple(rng.sample(range(53), 7))
        analysis = analyze(hand, 200, 0)
        decision = house_way(hand)
        marked = [s for s in analysis.splits if s.house_way]
        assert len(marked) == 1
        assert (marked[0].five_value, marked[0].two_value) == (
            decision.five_value,
            decision.two_value,
        )
        assert analysis.house_path == decision.path
        assert sum(s.ways for s in analysis.splits) + analysis.fouls == 21
        evs = [s.ev for s in analysis.splits]
        assert evs == sorted(evs, reverse=True)
        assert analysis.best.gap == 0.0
        assert all(s.gap >= -1e-12 for s in analysis.splits)


def test_reproducible_with_a_seed_and_independent_of_card_order() -> None:
    hand = parse_hand(ROYAL_WITH_PAIR)
    one = analyze(hand, 500, 3)
    again = analyze(tuple(reversed(hand)), 500, 3)
    other = analyze(hand, 500, 4)
    assert [(s.wins, s.losses) for s in one.splits] == [(s.wins, s.losses) for s in again.splits]
    assert [(s.wins, s.losses) for s in one.splits] != [(s.wins, s.losses) for s in other.splits]


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="Expected 7 cards"):
        analyze((1, 2, 3), 10)
    with pytest.raises(ValueError):
        analyze(ROYAL_WITH_PAIR, 0)


def test_picklable_and_runs_in_a_process_pool() -> None:
    local = analyze(ROYAL_WITH_PAIR, 300, 5)
    assert pickle.loads(pickle.dumps(local)).splits == local.splits
    with ProcessPoolExecutor(max_workers=1) as pool:
        remote = pool.submit(analyze, parse_hand(ROYAL_WITH_PAIR), 300, 5).result()
    assert remote.splits == local.splits


def test_cli_json() -> None:
    done = run_cli("analyze", ROYAL_WITH_PAIR, "--deals", "1000", "--seed", "2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["input"] == ROYAL_WITH_PAIR
    assert data["deals"] == 1000
    assert data["seed"] == 2
    assert data["house_rank"] == 1
    assert data["house_path"] == ["straight-flush.pair-moved"]
    top = data["splits"][0]
    assert sorted(top["two"]) == ["9d", "9h"]
    assert top["five_name"] == "Royal flush"
    assert top["house_way"] is True
    assert top["ev"] == pytest.approx(analyze(ROYAL_WITH_PAIR, 1000, 2).best.ev)


def test_cli_text_and_errors() -> None:
    hand = ("Ah", "Qc", "8d", "7h", "5s", "4h", "3s")
    done = run_cli("analyze", *hand, "--deals", "2000", "--top", "3")
    assert done.returncode == 0, done.stderr
    assert "← house way" in done.stdout
    assert "gives up" in done.stdout
    assert "high-card" in done.stdout
    bad = run_cli("analyze", "As Ks Qs", "--json")
    assert bad.returncode == 1
    assert json.loads(bad.stdout)["error"]["code"] == "wrong_count"


def test_dealer_hands_count_copies_for_the_dealer() -> None:
    """The bitmask counting against a brute-force count, on values with many copies."""
    dealer = DealerHands([10, 20, 20, 30], [5, 7, 5, 9])
    win, loss = dealer.outcome_masks(20, 7)
    assert (win.bit_count(), loss.bit_count()) == (1, 2)
    rng = random.Random(3)
    fives = [rng.randrange(6) for _ in range(300)]
    twos = [rng.randrange(6) for _ in range(300)]
    dealer = DealerHands(fives, twos)
    for five in range(-1, 7):
        for two in range(-1, 7):
            win, loss = dealer.outcome_masks(five, two)
            pairs = list(zip(fives, twos, strict=True))
            assert win.bit_count() == sum(five > f and two > t for f, t in pairs)
            assert loss.bit_count() == sum(five <= f and two <= t for f, t in pairs)
