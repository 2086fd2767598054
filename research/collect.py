"""Collect exact analyses of sampled hands per house-way path (research data for the player's way).

Writes a pickle: {path: [(hand, house_key, {split_key: payoff_hundredths})]}.
Run niced: nice -n 19 python research/collect.py OUT N_PER_PATH_SCALE
"""

from __future__ import annotations

import pickle
import random
import sys

from houseway.analysis.analyze import legal_splits
from houseway.analysis.cost import _WIN_HUNDREDTHS
from houseway.analysis.exact import PathSampler, split_counts
from houseway.way import house_way

PLAN = {
    "two-pairs.split": 6000,
    "two-pairs.ace-jack": 3000,
    "high-card": 5000,
    "flush-straight.keep": 4000,
    "flush-straight.two-pairs,two-pairs.split": 1500,
    "flush-straight.two-pairs,two-pairs.ace-jack": 800,
    "straight-flush.keep": 1500,
    "straight-flush.two-pairs,two-pairs.split": 400,
    "three-of-a-kind": 1500,
}


def main() -> None:
    out, scale, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    sampler = PathSampler()
    rng = random.Random(seed)
    data: dict[str, list[object]] = {}
    for path, n in PLAN.items():
        rows = []
        for _ in range(int(n * scale)):
            hand = tuple(sampler.draw(path, rng))
            d = house_way(hand)
            groups, _ = legal_splits(hand)
            keys = list(groups)
            pay = [_WIN_HUNDREDTHS * c.wins - 100 * c.losses for c in split_counts(hand, keys)]
            rows.append((hand, (d.five_value, d.two_value), dict(zip(keys, pay, strict=True))))
        data[path] = rows
        print(path, len(rows), flush=True)
    with open(out, "wb") as f:
        pickle.dump(data, f)


if __name__ == "__main__":
    main()
