"""Benchmark of bot.cards_image.render_split: is a picture fast enough for the bot?

The bot must answer within 50 ms p99, picture included, so this times render_split on
random splits once every face is cached (the bot calls ``warm_up()`` at start-up) and
prints mean / p50 / p99 latency and the mean PNG size. It also reports the one-off
cost of ``warm_up()`` and of a render that has to draw its faces first, and what a start
costs (CPU) drawing the deck and writing its file to the cache directory, and reading it.

Run from the repository root:

    .venv/bin/python benchmarks/bench_cards_image.py [--n 2000] [--seed 1] [--deck four]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

# Let "python benchmarks/bench_cards_image.py" find the bot package without installing.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.pictures import cards_image
from houseway.cards import DECK


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="timed renders (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--deck",
        type=cards_image.Deck,
        default=cards_image.Deck.TWO,
        choices=list(cards_image.Deck),
        help="suit colours (default two)",
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    deck = args.deck

    cards_image.clear_cache()
    hand = rng.sample(DECK, 7)
    start = time.perf_counter()
    cards_image.render_split(hand[:5], hand[5:], deck, lang="en")
    cold_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    cards_image.warm_up(deck)
    warm_up_s = time.perf_counter() - start

    for _ in range(50):  # let allocators and caches settle before timing
        hand = rng.sample(DECK, 7)
        cards_image.render_split(hand[:5], hand[5:], deck, lang="en")

    splits = [rng.sample(DECK, 7) for _ in range(args.n)]
    times_ms: list[float] = []
    sizes: list[int] = []
    for hand in splits:
        start = time.perf_counter()
        png = cards_image.render_split(hand[:5], hand[5:], deck, lang="en")
        times_ms.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))

    times_ms.sort()
    width, height = cards_image.split_layout().size
    print(
        f"render_split, {args.n} random splits, {width}x{height} px, {deck} colours, after warm-up"
    )
    print(f"  mean {statistics.fmean(times_ms):6.2f} ms")
    print(f"  p50  {percentile(times_ms, 0.50):6.2f} ms")
    print(f"  p99  {percentile(times_ms, 0.99):6.2f} ms")
    print(f"  max  {times_ms[-1]:6.2f} ms")
    print(f"  mean PNG {statistics.fmean(sizes) / 1024:.1f} KB (max {max(sizes) / 1024:.1f} KB)")
    print(f"one-off: first render with empty caches {cold_ms:.1f} ms, warm_up() {warm_up_s:.2f} s")

    with tempfile.TemporaryDirectory() as directory:
        cache = Path(directory)
        cards_image.clear_cache()
        start = time.process_time()
        cards_image.warm_up(deck, cache)
        drawn_s = time.process_time() - start
        cards_image.clear_cache()
        start = time.process_time()
        cards_image.warm_up(deck, cache)
        read_s = time.process_time() - start
        size = cards_image.drawn_file(deck, cache).stat().st_size
    print(
        f"a start's warm_up(cache=...): drawing and writing the file {drawn_s:.2f} s CPU, "
        f"reading it {read_s:.3f} s CPU ({size / 1024:.0f} KB)"
    )


if __name__ == "__main__":
    main()
