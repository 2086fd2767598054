"""Settling rounds (spec §9): the core's ``settle_hands`` in one process, and the command
``houseway settle --json -`` end to end (a subprocess reading JSON lines on stdin).

Deals come from a seeded ``random.Random`` so every run settles the same rounds; half the
players set their own split (a random legal-or-not pick of two cards), half let the house
way set it.

Run: ``python benchmarks/bench_settle.py [--rounds 20000]``.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from houseway.cards import card_name  # noqa: E402
from houseway.game import deal_round, settle_hands  # noqa: E402

SEED = 2026


def rounds(count: int) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, int] | None]]:
    rng = random.Random(SEED)
    dealt = []
    for n in range(count):
        deal = deal_round(1, rng)
        hand = deal.seats[0]
        two = tuple(rng.sample(hand, 2)) if n % 2 else None
        dealt.append((hand, deal.dealer, two))
    return dealt  # type: ignore[return-value]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000)
    args = parser.parse_args()
    dealt = rounds(args.rounds)

    started = time.perf_counter()
    for hand, dealer, two in dealt:
        settle_hands(hand, dealer, two, 100)
    core = time.perf_counter() - started

    lines = "".join(
        json.dumps(
            {
                "player": " ".join(map(card_name, hand)),
                "dealer": " ".join(map(card_name, dealer)),
                "two": None if two is None else " ".join(map(card_name, two)),
                "bet": 100,
            }
        )
        + "\n"
        for hand, dealer, two in dealt
    )
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "houseway", "settle", "--json", "-"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    command = time.perf_counter() - started
    answers = done.stdout.splitlines()
    assert len(answers) == len(dealt) and not any('"error"' in a for a in answers)

    print(f"settling {len(dealt):,} rounds (seed {SEED}; half own splits, half the house way)")
    print(f"  core settle_hands:              {len(dealt) / core:>10,.0f} settlements/s")
    print(
        f"  houseway settle --json - :      {len(dealt) / command:>10,.0f} settlements/s"
        f"  ({command:.2f} s, start-up included)"
    )


if __name__ == "__main__":
    main()
