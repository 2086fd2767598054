"""House way against house way: reproducibility, worker independence, sane figures, the CLI."""

import json
import math

import pytest

from houseway.analysis.simulate import (
    BLOCK_SIZE,
    SimulationResult,
    blocks,
    payoff_mean_se,
    run_simulation,
    simulate_block,
    wilson_interval,
)
from tests.conftest import run_cli


def counts(result: SimulationResult) -> tuple[int, int, int, int]:
    return (result.deals, result.wins, result.pushes, result.losses)


def test_same_seed_same_counts() -> None:
    assert counts(run_simulation(1_500, seed=11)) == counts(run_simulation(1_500, seed=11))


def test_other_seed_other_deals() -> None:
    assert counts(run_simulation(1_500, seed=11)) != counts(run_simulation(1_500, seed=12))


def test_counts_do_not_depend_on_the_number_of_workers() -> None:
    one = run_simulation(2_000, seed=5, workers=1, block_size=250)
    two = run_simulation(2_000, seed=5, workers=2, block_size=250)
    assert two.workers == 2
    assert counts(one) == counts(two)
    assert one.wins + one.pushes + one.losses == 2_000


def test_a_run_is_the_sum_of_its_blocks_and_a_prefix_of_a_longer_run() -> None:
    assert blocks(2_500, 9) == [(9, 0, 1_000), (9, 1, 1_000), (9, 2, 500)]
    assert BLOCK_SIZE == 1_000
    parts = [simulate_block(9, 0, 1_000), simulate_block(9, 1, 300)]
    run = run_simulation(1_300, seed=9)
    assert (run.wins, run.pushes, run.losses) == tuple(map(sum, zip(*parts, strict=True)))


def test_rates_are_sane_on_a_small_run() -> None:
    result = run_simulation(4_000, seed=2026)
    rates = result.rates
    assert sum(rates.values()) == pytest.approx(1.0)
    # spec section 7: 28.87% / 40.99% / 30.15%; 4,000 deals are good to about ±1.6 points
    assert 0.25 < rates["win"] < 0.33
    assert 0.37 < rates["push"] < 0.45
    assert 0.26 < rates["loss"] < 0.34
    assert -0.03 < result.house_edge < 0.09
    for key in ("win", "push", "loss"):
        low, high = result.ci[key]
        assert low < rates[key] < high


def test_house_edge_formula() -> None:
    result = SimulationResult(deals=100, wins=30, pushes=40, losses=30, seed=0)
    assert result.house_edge == pytest.approx(-(0.95 * 30 - 30) / 100)
    payoffs = [0.95] * 30 + [0.0] * 40 + [-1.0] * 30
    mean = sum(payoffs) / 100
    variance = sum((x - mean) ** 2 for x in payoffs) / 99
    assert result.house_edge_se == pytest.approx(math.sqrt(variance / 100))
    low, high = result.ci["house_edge"]
    assert (low + high) / 2 == pytest.approx(result.house_edge)
    assert high - low == pytest.approx(2 * 1.96 * result.house_edge_se, rel=1e-3)


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert payoff_mean_se(1, 0, 1)[0] == pytest.approx(-0.025)


def test_cli_json_matches_the_library_and_any_worker_count() -> None:
    one = run_cli("simulate", "--deals", "2000", "--seed", "3", "--json")
    two = run_cli("simulate", "--deals", "2000", "--seed", "3", "--workers", "2", "--json")
    assert one.returncode == 0, one.stderr
    data = json.loads(one.stdout)
    other = json.loads(two.stdout)
    expected = run_simulation(2_000, seed=3)
    assert (data["deals"], data["wins"], data["pushes"], data["losses"]) == counts(expected)
    assert [other[k] for k in ("wins", "pushes", "losses")] == [
        data[k] for k in ("wins", "pushes", "losses")
    ]
    assert data["seed"] == 3
    assert other["workers"] == 2
    assert data["house_edge"] == pytest.approx(expected.house_edge)
    assert set(data["rates"]) == {"win", "push", "loss"}
    assert set(data["ci"]) == {"win", "push", "loss", "house_edge"}
    assert data["seconds"] > 0
    assert "simulate:" in one.stderr  # the progress line


def test_cli_text_output_and_fresh_seed() -> None:
    done = run_cli("simulate", "--deals", "1000")
    assert done.returncode == 0, done.stderr
    assert "1,000 deals, seed " in done.stdout
    for label in ("player wins", "push", "player loses", "house edge", "95% CI"):
        assert label in done.stdout


def test_cli_rejects_no_deals() -> None:
    done = run_cli("simulate", "--deals", "0")
    assert done.returncode == 2


def test_bulk_settlement_agrees_with_house_way_deal_by_deal() -> None:
    """The class table's look-ups against house_way and settle_values on the same deals."""
    from houseway.analysis.bulk import deal_block, settle_deals
    from houseway.settle import settle_values
    from houseway.way import house_way

    for seed in (1, 2, 3):
        cards = deal_block(seed, 2_000)
        tally = [0, 0, 0]
        for row in cards.tolist():
            player, dealer = house_way(row[:7]), house_way(row[7:])
            tally[settle_values(player[4], player[5], dealer[4], dealer[5])] += 1
        assert settle_deals(cards) == (tally[2], tally[1], tally[0])


def test_deals_are_fourteen_distinct_cards_and_every_card_equally_likely() -> None:
    from houseway.analysis.bulk import deal_block

    cards = deal_block(7, 40_000)
    assert cards.shape == (40_000, 14)
    assert all(len(set(row)) == 14 for row in cards.tolist())
    for part in (cards[:, :7], cards[:, 7:]):
        counts = [int((part == card).sum()) for card in range(53)]
        expected = 40_000 * 7 / 53
        chi2 = sum((n - expected) ** 2 / expected for n in counts)
        assert chi2 < 52 + 5 * math.sqrt(2 * 52)
    assert (deal_block(7, 100) == cards[:100]).all()  # a shorter block is a prefix
