"""House way against house way: random deals, settled by spec section 6.

Deals are cut into fixed-size blocks; block ``b`` draws from its own generator
seeded from ``(seed, b)``, so a seed gives the same counts whatever the number
of worker processes (and a shorter run is a prefix of a longer one). A block is
dealt and settled in bulk with numpy (:mod:`houseway.analysis.exact`): both hands of every
deal are reduced to their suit class, their house-way values looked up in the class
table, and compared; numpy is imported only when a block runs.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from houseway.analysis.pools import process_pool
from houseway.settle import WIN_PAYOFF

#: Deals per block: the unit of reproducibility and of parallel work. Changing it
#: changes which deals a seed produces.
BLOCK_SIZE: Final = 1_000
#: Two-sided 95% normal quantile.
Z95: Final = 1.959963984540054

Progress = Callable[[int, int], None]

#: Spec section 7, first row: this rule set, 20 million deals (±0.02 points).
SPEC_FIGURES: Final = {"win": 0.2887, "push": 0.4099, "loss": 0.3015, "house_edge": 0.0273}


def block_seed(seed: int, block: int) -> int:
    """The generator seed of one block, from the run's seed and the block's index."""
    digest = hashlib.sha256(f"houseway.analysis.simulate:{seed}:{block}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


def simulate_block(seed: int, block: int, deals: int) -> tuple[int, int, int]:
    """(wins, pushes, losses) of ``deals`` deals of block ``block``.

    Each deal shuffles the 53 cards and deals seven to the player, the next seven
    to the dealer; both are set by the house way (the class table's values, which
    a test checks against :func:`houseway.house_way` deal by deal).
    """
    from houseway.analysis.bulk import deal_block, settle_deals  # numpy

    return settle_deals(deal_block(block_seed(seed, block), deals))


def _run_block(job: tuple[int, int, int]) -> tuple[int, int, int, int]:
    seed, block, deals = job
    return (deals, *simulate_block(seed, block, deals))


def wilson_interval(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (sane at small counts too).

    Counts may be fractional: an effective sample size, for stratified estimates.
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # not 4e-19 from rounding
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def mean_se(total: float, squares: float, n: int) -> tuple[float, float]:
    """Mean and standard error from a sum and a sum of squares (sample variance, n - 1)."""
    if n == 0:
        return (0.0, math.inf)
    mean = total / n
    if n < 2:
        return (mean, math.inf)
    variance = max(0.0, squares / n - mean * mean) * n / (n - 1)
    return (mean, math.sqrt(variance / n))


def payoff_mean_se(wins: int, pushes: int, losses: int) -> tuple[float, float]:
    """Mean payoff per unit wagered and its standard error."""
    n = wins + pushes + losses
    return mean_se(WIN_PAYOFF * wins - losses, WIN_PAYOFF * WIN_PAYOFF * wins + losses, n)


@dataclass(frozen=True)
class SimulationResult:
    """Counts of a run and the figures derived from them (rates are fractions)."""

    deals: int
    wins: int
    pushes: int
    losses: int
    seed: int
    workers: int = 1
    seconds: float = 0.0

    @property
    def rates(self) -> dict[str, float]:
        n = self.deals or 1
        return {"win": self.wins / n, "push": self.pushes / n, "loss": self.losses / n}

    @property
    def house_edge(self) -> float:
        """Expected player loss per unit wagered: -(0.95 wins - losses) / deals."""
        return -payoff_mean_se(self.wins, self.pushes, self.losses)[0]

    @property
    def house_edge_se(self) -> float:
        return payoff_mean_se(self.wins, self.pushes, self.losses)[1]

    @property
    def ci(self) -> dict[str, tuple[float, float]]:
        """95% intervals: Wilson for the rates, normal for the house edge."""
        half = Z95 * self.house_edge_se
        return {
            "win": wilson_interval(self.wins, self.deals),
            "push": wilson_interval(self.pushes, self.deals),
            "loss": wilson_interval(self.losses, self.deals),
            "house_edge": (self.house_edge - half, self.house_edge + half),
        }

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "deals": self.deals,
            "wins": self.wins,
            "pushes": self.pushes,
            "losses": self.losses,
            "rates": self.rates,
            "ci": {key: list(bounds) for key, bounds in self.ci.items()},
            "house_edge": self.house_edge,
            "house_edge_se": self.house_edge_se,
            "seed": self.seed,
            "workers": self.workers,
            "seconds": self.seconds,
            "deals_per_second": self.deals_per_second,
        }


def blocks(deals: int, seed: int, block_size: int = BLOCK_SIZE) -> list[tuple[int, int, int]]:
    """The (seed, block index, deals) jobs of a run; the last block may be short."""
    return [
        (seed, index, min(block_size, deals - start))
        for index, start in enumerate(range(0, deals, block_size))
    ]


def run_simulation(
    deals: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
    block_size: int = BLOCK_SIZE,
) -> SimulationResult:
    """Play ``deals`` deals house way against house way in ``workers`` processes.

    ``progress(done, total)`` is called with deals done after each block.
    """
    if deals < 0:
        raise ValueError("deals must be >= 0")
    jobs = blocks(deals, seed, block_size)
    started = time.perf_counter()
    totals = [0, 0, 0, 0]

    def add(part: tuple[int, int, int, int]) -> None:
        for i, count in enumerate(part):
            totals[i] += count
        if progress:
            progress(totals[0], deals)

    if workers <= 1 or len(jobs) <= 1:
        workers = 1
        for job in jobs:
            add(_run_block(job))
    else:
        from houseway.analysis.bulk import house_way_values  # numpy

        house_way_values()  # loaded once here; forked workers inherit it
        chunksize = max(1, len(jobs) // (workers * 40))
        with process_pool(workers) as pool:
            for part in pool.map(_run_block, jobs, chunksize=chunksize):
                add(part)
    done, wins, pushes, losses = totals
    return SimulationResult(
        done, wins, pushes, losses, seed, workers, time.perf_counter() - started
    )
