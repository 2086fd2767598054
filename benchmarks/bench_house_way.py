"""Decisions per second of ``house_way`` on random hands, one core.

Prints two figures: a cold pass (empty memo, as after a fresh start) and a warm
pass over the same hands, each the best of ``--repeat`` runs, by the wall clock and
by the process's CPU time (which other work on a loaded machine disturbs less).
Run: ``python benchmarks/bench_house_way.py``.
"""

from __future__ import annotations

import argparse
import random
import time

from houseway.way import clear_cache, house_way


def timed(hands: list[tuple[int, ...]]) -> tuple[float, float]:
    """Decisions a second of the wall clock and of CPU time."""
    wall, cpu = time.perf_counter(), time.process_time()
    for hand in hands:
        house_way(hand)
    return len(hands) / (time.perf_counter() - wall), len(hands) / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=1, help="runs; each figure the best")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deck = list(range(53))
    hands = [tuple(rng.sample(deck, 7)) for _ in range(args.hands)]
    colds, warms = [], []
    for _ in range(args.repeat):
        clear_cache()
        colds.append(timed(hands))
        warms.append(timed(hands))
    print(f"house_way on {args.hands:,} random hands (seed {args.seed}), one core", end="")
    print(f", best of {args.repeat}" if args.repeat > 1 else "")
    for name, runs in (("cold (empty memo):", colds), ("warm:             ", warms)):
        wall, cpu = max(r[0] for r in runs), max(r[1] for r in runs)
        print(f"  {name} {wall:>10,.0f} decisions/s ({cpu:,.0f} a second of CPU)")


if __name__ == "__main__":
    main()
