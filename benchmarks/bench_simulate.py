"""Deals per second of ``houseway simulate`` and the time of a sampled ``analyze`` per hand.

Simulation runs start in a fresh process each (class table not yet loaded, as for
``houseway simulate``); a sampled ``analyze`` is timed on a few hands, first with an empty
house-way memo before each hand, then warm (other dealer hands: a second seed). The
exact analysis has its own benchmark, ``bench_exact.py``.
Run: ``python benchmarks/bench_simulate.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from houseway.analysis.analyze import analyze
from houseway.cards import parse_hand
from houseway.way import clear_cache

HANDS = (
    "As Ks Qs Js Ts 9h 9d",
    "Ks Kh 7d 7c Ad Tc 3h",
    "Ah Qc 8d 7h 5s 4h 3s",
    "JK Kd Qs 9c 7h 5d 3s",
    "2h 5h 8h Jh Kh As Ad",
    "9s 9h 5d 5c 2h 2d Ac",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2_000_000)
    parser.add_argument("--dealer-hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    cores = os.cpu_count() or 1

    print(f"simulate {args.deals:,} deals (seed {args.seed}), a fresh process per run")
    for workers in sorted({1, cores}):
        done = subprocess.run(
            [sys.executable, "-m", "houseway", "simulate", "--deals", str(args.deals),
             "--seed", str(args.seed), "--workers", str(workers), "--json"],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        result = json.loads(done.stdout)
        print(
            f"  {workers} worker(s): {result['deals_per_second']:>9,.0f} deals/s "
            f"({result['seconds']:.1f} s; edge {100 * result['house_edge']:.2f}%)"
        )

    print(f"sampled analyze, {args.dealer_hands:,} dealer hands, {len(HANDS)} hands, one core")
    passes = (("empty memo before each", True, args.seed), ("warm memo", False, args.seed + 1))
    for label, clear, seed in passes:
        times = []
        for text in HANDS:
            if clear:
                clear_cache()
            started = time.perf_counter()
            analyze(parse_hand(text), args.dealer_hands, seed)
            times.append(time.perf_counter() - started)
        print(f"  {label:23} mean {statistics.mean(times):.3f} s, max {max(times):.3f} s")


if __name__ == "__main__":
    main()
