"""Decisions per second of ``house_way`` on random hands, one core.

Prints two figures: a cold pass (empty memo, as after a fresh start) and a warm
pass over the same hands. Run: ``python benchmarks/bench_house_way.py``.
"""

from __future__ import annotations

import argparse
import random
import time

from houseway.way import clear_cache, house_way


def timed(hands: list[tuple[int, ...]]) -> float:
    started = time.perf_counter()
    for hand in hands:
        house_way(hand)
    return len(hands) / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deck = list(range(53))
    hands = [tuple(rng.sample(deck, 7)) for _ in range(args.hands)]
    clear_cache()
    cold = timed(hands)
    warm = timed(hands)
    print(f"house_way on {args.hands:,} random hands (seed {args.seed}), one core")
    print(f"  cold (empty memo): {cold:>10,.0f} decisions/s")
    print(f"  warm:              {warm:>10,.0f} decisions/s")


if __name__ == "__main__":
    main()
