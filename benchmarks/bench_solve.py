"""``houseway solve``'s speed: classes per second, and the projected time of the full run.

Blocks of consecutive classes at evenly spaced places of the fixed order (the order's
start, full of four of a kind, costs more per class than its middle), each solved by
:func:`houseway.solve.compute.solve_classes` (as a run's chunks are, though a chunk is longer and
shares more work); for comparison, one class per block through the one-hand exact
analysis (:func:`houseway.analysis.exact.split_counts`, what ``houseway analyze`` runs). The
projection is the class count over the measured rate times the workers, so it assumes
the workers get their cores. Run niced: ``nice -n 19 python benchmarks/bench_solve.py``.
"""

from __future__ import annotations

import argparse
import time

from houseway.analysis.analyze import legal_splits
from houseway.analysis.classes import player_classes
from houseway.analysis.exact import dealer_classes, split_counts
from houseway.solve.compute import solve_classes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--blocks", type=int, default=20, help="places in the order")
    parser.add_argument("--size", type=int, default=500, help="classes per block")
    parser.add_argument("--one-hand", type=int, default=15, help="classes per block, one-hand")
    parser.add_argument("--workers", type=int, default=2, help="cores of the projected run")
    args = parser.parse_args()
    started = time.perf_counter()
    table = player_classes()
    print(f"enumerating {len(table):,} classes: {time.perf_counter() - started:.1f} s")
    dealer_classes()
    solve_classes(range(0, 1))  # warm up: the tables load
    step = len(table) // args.blocks
    starts = [block * step for block in range(args.blocks)]

    solved = 0
    started = time.perf_counter()
    for start in starts:
        solved += len(solve_classes(range(start, start + args.size)).weight)
    batched = solved / (time.perf_counter() - started)

    single = 0
    started = time.perf_counter()
    for start in starts:
        for index in range(start, start + args.one_hand):
            hand = table.hand(index)
            split_counts(hand, list(legal_splits(hand)[0]))
            single += 1
    one_hand = single / (time.perf_counter() - started)

    for label, rate in (("one hand at a time", one_hand), ("solve (batched)", batched)):
        hours = len(table) / (rate * args.workers) / 3600
        print(
            f"{label:20} {rate:8.1f} classes/s on one core ({1000 / rate:.2f} ms a class); "
            f"full run on {args.workers} cores: {hours:.2f} h"
        )


if __name__ == "__main__":
    main()
