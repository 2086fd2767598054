"""Exact analysis of one hand: warm time per hand, cold start, memory, data size.

Warm: ``analyze`` (exact) on random hands in this process, one core, after a first
analysis. Cold: a fresh ``python`` process imports ``houseway.analysis.analyze`` and analyses
one hand (the class table loaded and prepared on the way); its wall time from before
the import to the answer, the whole process's wall time and its peak RSS.
Run: ``python benchmarks/bench_exact.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from importlib import resources

from houseway.analysis.analyze import analyze
from houseway.analysis.exact import TABLE_RESOURCE
from houseway.cards import DECK

COLD = """
import json, resource, sys, time
started = time.perf_counter()
from houseway.analysis.analyze import analyze
analysis = analyze(sys.argv[1])
seconds = time.perf_counter() - started
rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "rss_mb": rss_mb, "ev": analysis.best.ev}))
"""


def cold_start(hand: str) -> tuple[float, float, float]:
    """(seconds to the first answer, whole process seconds, peak RSS in MB)."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", COLD, hand], capture_output=True, text=True, check=True
    )
    whole = time.perf_counter() - started
    figures = json.loads(done.stdout)
    return figures["seconds"], whole, figures["rss_mb"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--cold-runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(DECK, 7)) for _ in range(args.hands)]

    analyze(hands[0])  # load the table
    times = []
    for hand in hands:
        started = time.perf_counter()
        analyze(hand)
        times.append(time.perf_counter() - started)
    times.sort()
    print(f"exact analysis, {args.hands} random hands (seed {args.seed}), warm, one core")
    print(
        f"  mean {1000 * statistics.mean(times):.1f} ms, p50 {1000 * times[len(times) // 2]:.1f}"
        f" ms, p99 {1000 * times[int(len(times) * 0.99)]:.1f} ms, max {1000 * times[-1]:.1f} ms"
    )

    colds = [cold_start("Ks Kh 7d 7c Ad Tc 3h") for _ in range(args.cold_runs)]
    first = sorted(c[0] for c in colds)
    whole = sorted(c[1] for c in colds)
    rss = max(c[2] for c in colds)
    print(f"cold start, fresh process, {args.cold_runs} runs (median, max)")
    print(f"  import + first analysis   {first[len(first) // 2]:.2f} s, {first[-1]:.2f} s")
    print(f"  whole process             {whole[len(whole) // 2]:.2f} s, {whole[-1]:.2f} s")
    print(f"  peak RSS                  {rss:.0f} MB")
    size = resources.files("houseway").joinpath(TABLE_RESOURCE).read_bytes()
    print(f"class table {TABLE_RESOURCE}: {len(size) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
