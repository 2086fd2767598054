"""What the house way gives up: how often it is not the best split, and the mean EV it
leaves against the best split, per rule, from exact analyses of random hands.

Hands are drawn path by path (the census's 26 house-way paths partition all hands):
half of them spread evenly over the paths, so that rare rules get enough hands, half in
proportion to each path's share of all hands; every figure is then weighted by the
census's shares, so it stands for a random hand. Each hand is analysed exactly
(:mod:`houseway.analysis.exact`): the house way is "not the best" when some split's EV is
strictly higher, and what it gives up is that difference. A rule's figures are over the
hands whose path contains it (as the census counts them).

Draws come in blocks with seeds derived from (seed, path, block), so a seed gives the
same figures for any number of workers. This module needs numpy only to run the
analyses; :mod:`houseway.analysis.figures` reads the shipped figures with the standard
library.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Final, TypeVar

from houseway.analysis.analyze import legal_splits
from houseway.analysis.census import DEALER_HANDS, load_rule_counts
from houseway.analysis.pools import process_pool
from houseway.analysis.simulate import Z95, mean_se, wilson_interval
from houseway.cards import Card
from houseway.settle import WIN_PAYOFF
from houseway.way import house_way

if TYPE_CHECKING:
    from houseway.analysis.exact import PathSampler

Job = TypeVar("Job")
Part = TypeVar("Part")

#: The most one hand can give up: the best split's EV is at most a sure win (WIN_PAYOFF),
#: the house way's at least a sure loss (-1).
GAP_MAX: Final = WIN_PAYOFF + 1

#: Hands per unit of work (and of reproducibility) within one path.
BLOCK_SIZE: Final = 100
#: Payoffs are counted in hundredths of a unit (a win pays 95): EVs are these over this.
_SCALE: Final = 100 * DEALER_HANDS
WIN_HUNDREDTHS: Final = round(100 * WIN_PAYOFF)

Progress = Callable[[int, int], None]


def house_way_gap(hand: Sequence[Card]) -> int:
    """What the house way gives up against the best split, summed over every dealer hand,
    in hundredths of a unit (0 when no split does better). Divide by 100 x 53,524,680 for EV.
    """
    from houseway.analysis.exact import split_counts  # numpy

    decision = house_way(hand)
    groups, _fouls = legal_splits(hand)
    splits = list(groups)
    payoffs = [WIN_HUNDREDTHS * c.wins - 100 * c.losses for c in split_counts(hand, splits)]
    house = payoffs[splits.index((decision.five_value, decision.two_value))]
    return max(payoffs) - house


@dataclass(frozen=True)
class PathTally:
    """Hands analysed for one path: how many, how many not best, and the gaps' sums."""

    path: str
    hands: int = 0
    not_best: int = 0
    gap: int = 0  # sum of gaps, hundredths of a unit over all dealer hands
    gap_squares: int = 0

    def __add__(self, other: PathTally) -> PathTally:
        return PathTally(
            self.path,
            self.hands + other.hands,
            self.not_best + other.not_best,
            self.gap + other.gap,
            self.gap_squares + other.gap_squares,
        )

    def gap_mean_se(self) -> tuple[float, float]:
        """Mean EV given up per hand of the path, and its standard error."""
        return mean_se(self.gap / _SCALE, self.gap_squares / _SCALE**2, self.hands)


def block_seed(seed: int, path: str, block: int) -> int:
    digest = hashlib.sha256(f"houseway.analysis.cost:{seed}:{path}:{block}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


@cache
def path_sampler() -> PathSampler:
    """One per process, built at its first block."""
    from houseway.analysis.exact import PathSampler  # numpy

    return PathSampler()


def cost_block(job: tuple[int, str, int, int]) -> PathTally:
    """Analyse ``count`` random hands of ``path`` (block ``block`` of the run ``seed``)."""
    seed, path, block, count = job
    rng = random.Random(block_seed(seed, path, block))
    sampler = path_sampler()
    gaps = [house_way_gap(sampler.draw(path, rng)) for _ in range(count)]
    return PathTally(
        path, count, sum(1 for g in gaps if g > 0), sum(gaps), sum(g * g for g in gaps)
    )


def allocate(hands: int, sizes: dict[str, int]) -> dict[str, int]:
    """Hands per path: half evenly (at least one each), half in proportion to ``sizes``
    (largest remainders)."""
    if hands < len(sizes):
        raise ValueError(f"at least {len(sizes)} hands are needed: one per path")
    even = max(1, hands // (2 * len(sizes)))
    rest = hands - even * len(sizes)
    total = sum(sizes.values())
    shares = {path: rest * size / total for path, size in sizes.items()}
    counts = {path: even + int(share) for path, share in shares.items()}
    left = hands - sum(counts.values())
    for path in sorted(shares, key=lambda p: (int(shares[p]) - shares[p], p))[:left]:
        counts[path] += 1
    return counts


def jobs(hands: int, seed: int, sizes: dict[str, int]) -> list[tuple[int, str, int, int]]:
    return [
        (seed, path, block, min(BLOCK_SIZE, count - start))
        for path, count in allocate(hands, sizes).items()
        for block, start in enumerate(range(0, count, BLOCK_SIZE))
    ]


@dataclass(frozen=True)
class Estimate:
    """A figure for random hands with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def to_json(self) -> list[float]:
        return [self.value, self.low, self.high]


@dataclass(frozen=True)
class RuleCost:
    """What the house way gives up on the hands whose path contains ``rule`` (or all
    hands, for ``rule`` "all"): ``share`` of all hands, ``not_best`` the share of them
    where some split has a strictly higher EV, ``give_up`` the mean EV left per hand."""

    rule: str
    share: float
    hands: int
    not_best: Estimate
    give_up: Estimate
    #: From the whole-game solve: ``hands`` are all the rule's hands and the figures exact
    #: (each estimate's bounds equal its value); else from sampled hands.
    exact: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "share": self.share,
            "hands": self.hands,
            "not_best": self.not_best.to_json(),
            "give_up": self.give_up.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RuleCost:
        return cls(
            data["rule"],
            data["share"],
            data["hands"],
            Estimate(*data["not_best"]),
            Estimate(*data["give_up"]),
        )


def combine(rule: str, tallies: list[PathTally], sizes: dict[str, int]) -> RuleCost:
    """Stratified estimates over some paths, each path weighted by its number of hands.

    The rate's interval is Wilson's at the strata's effective sample size
    (1 / sum of weight² / hands: the hands themselves for one path); the mean gap's is
    normal, from the strata's standard errors. A path with one hand has no sample
    variance: it counts with the largest variance a gap in [0, GAP_MAX] can have
    (GAP_MAX² / 4), so a small run widens the interval instead of claiming certainty.
    """
    total = sum(sizes[t.path] for t in tallies)
    rate = gap = gap_var = inverse_n = 0.0
    for tally in tallies:
        weight = sizes[tally.path] / total
        rate += weight * tally.not_best / tally.hands
        inverse_n += weight * weight / tally.hands
        mean, se = tally.gap_mean_se()
        gap += weight * mean
        if not math.isfinite(se):
            se = GAP_MAX / 2 / math.sqrt(tally.hands)
        gap_var += weight * weight * se * se
    effective = 1 / inverse_n
    low, high = wilson_interval(rate * effective, effective)
    gap_half = Z95 * math.sqrt(gap_var)
    return RuleCost(
        rule,
        total / sum(sizes.values()),
        sum(t.hands for t in tallies),
        Estimate(rate, low, high),
        Estimate(gap, max(0.0, gap - gap_half), min(GAP_MAX, gap + gap_half)),
    )


def run_blocks(
    work: Sequence[Job], block: Callable[[Job], Part], workers: int, add: Callable[[Part], None]
) -> int:
    """Each job's block in order, here or in ``workers`` processes, its result to ``add``
    (in the jobs' order either way, so a seed's figures do not depend on the workers);
    the number of workers used. For ``houseway cost`` and ``houseway strategy --measure``."""
    if workers <= 1:
        for job in work:
            add(block(job))
        return 1
    with process_pool(workers) as pool:
        for part in pool.map(block, work):
            add(part)
    return workers


@dataclass(frozen=True)
class CostResult:
    """A run's tallies per path, and the figures per rule derived from them."""

    hands: int
    seed: int
    workers: int
    seconds: float
    tallies: tuple[PathTally, ...]
    sizes: dict[str, int]

    def rules(self) -> list[RuleCost]:
        """Every rule id of the census, most frequent first, then all hands."""
        by_rule: dict[str, list[PathTally]] = {}
        for tally in self.tallies:
            for rule in tally.path.split(","):
                by_rule.setdefault(rule, []).append(tally)
        costs = [combine(rule, tallies, self.sizes) for rule, tallies in by_rule.items()]
        costs.sort(key=lambda cost: (-cost.share, cost.rule))
        return [*costs, combine("all", list(self.tallies), self.sizes)]

    def to_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "seed": self.seed,
            "workers": self.workers,
            "seconds": self.seconds,
            "rules": [cost.to_json() for cost in self.rules()],
            "paths": {
                t.path: {
                    "hands": t.hands,
                    "not_best": t.not_best,
                    "gap": t.gap,
                    "gap_squares": t.gap_squares,
                }
                for t in self.tallies
            },
        }


def run_cost(
    hands: int, seed: int, workers: int = 1, progress: Progress | None = None
) -> CostResult:
    """Analyse ``hands`` random hands drawn path by path, in ``workers`` processes."""
    sizes: dict[str, int] = load_rule_counts()["paths"]
    work = jobs(hands, seed, sizes)
    started = time.perf_counter()
    tallies = {path: PathTally(path) for path in sizes}
    done = 0

    def add(part: PathTally) -> None:
        nonlocal done
        tallies[part.path] += part
        done += part.hands
        if progress:
            progress(done, hands)

    workers = run_blocks(work, cost_block, workers, add)
    return CostResult(
        hands, seed, workers, time.perf_counter() - started, tuple(tallies.values()), sizes
    )


def format_cost(result: CostResult) -> str:
    """The per-rule table: share of hands, hands analysed, how often not best, EV given up."""
    lines = [
        f"{result.hands:,} hands (seed {result.seed}), drawn path by path and weighted by the "
        f"census, each analysed exactly; {result.workers} worker(s), {result.seconds:.0f} s",
        "",
        f"{'rule':<28}{'share':>9}{'hands':>8}  {'not best':>8}  {'95% CI':<17}"
        f"{'gives up':>9}  95% CI",
    ]
    for cost in result.rules():
        if cost.rule == "all":
            lines.append("")
        nb, gu = cost.not_best, cost.give_up
        lines.append(
            f"{'all hands' if cost.rule == 'all' else cost.rule:<28}"
            f"{100 * cost.share:>8.3f}%{cost.hands:>8,}  {100 * nb.value:>7.2f}%  "
            f"[{100 * nb.low:5.2f}, {100 * nb.high:6.2f}]%{gu.value:>9.5f}  "
            f"[{gu.low:.5f}, {gu.high:.5f}]"
        )
    return "\n".join(lines) + "\n"
