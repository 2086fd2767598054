"""Drawing a random hand that the house way sets by a given path: by class, or by rejection.

By class (what ``houseway cost`` does): a suit class of the path drawn by its number of
hands, then a hand of the class. By rejection: random hands decided by ``house_way``
until one has the path; timed directly for common paths, and for every path estimated
as (hands per accepted hand) / (decisions per second). Also the exact analysis that
each drawn hand then gets, for scale.
Run: ``python benchmarks/bench_cost.py``.
"""

from __future__ import annotations

import argparse
import random
import time

from houseway.analysis.census import TOTAL_HANDS
from houseway.analysis.cost import house_way_gap
from houseway.analysis.exact import PathSampler
from houseway.cards import DECK
from houseway.way import house_way

MEASURED_BY_REJECTION = ("one-pair", "flush-straight.keep", "full-house", "three-pairs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--draws", type=int, default=2_000, help="hands per path, by class")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    started = time.perf_counter()
    sampler = PathSampler()
    print(f"PathSampler ready in {time.perf_counter() - started:.2f} s")

    for _ in range(50_000):  # a warm memo, as in a long run
        house_way(rng.sample(DECK, 7))
    started = time.perf_counter()
    decisions = 200_000
    for _ in range(decisions):
        house_way(rng.sample(DECK, 7))
    per_second = decisions / (time.perf_counter() - started)
    print(f"random hands decided by house_way: {per_second:,.0f}/s (warm memo)\n")

    print(f"{'path':<46}{'share':>9}{'by class':>12}{'rejection':>14}")
    for path in sorted(sampler.paths, key=sampler.hands_of, reverse=True):
        started = time.perf_counter()
        for _ in range(args.draws):
            sampler.draw(path, rng)
        by_class = (time.perf_counter() - started) / args.draws
        share = sampler.hands_of(path) / TOTAL_HANDS
        if path in MEASURED_BY_REJECTION:
            started = time.perf_counter()
            found = 0
            while found < 200:
                found += ",".join(house_way(rng.sample(DECK, 7)).path) == path
            rejection = f"{1e6 * (time.perf_counter() - started) / found:,.0f} µs"
        else:
            rejection = f"~{1e6 / (share * per_second):,.0f} µs"
        print(f"{path:<46}{100 * share:>8.3f}%{1e6 * by_class:>9.0f} µs{rejection:>14}")

    hands = [sampler.draw("one-pair", rng) for _ in range(100)]
    started = time.perf_counter()
    for hand in hands:
        house_way_gap(hand)
    print(
        f"\nexact analysis of each drawn hand: {1000 * (time.perf_counter() - started) / 100:.1f}"
        " ms (one core); '~' = estimated from the share"
    )


if __name__ == "__main__":
    main()
