"""The bonus pay tables' odds (``houseway bonus --odds``) beside a brute force in C, in one run.

``houseway.analysis.bonus_odds`` counts the three tables' categories by suit classes: each
rank multiset once, each set of flush ranks once. ``benchmarks/bonus_brute.c``, compiled
here with ``gcc -O2``, classifies every one of the 154,143,080 hands and counts them per
table. Both answer the same question (every hand in the category each table pays it in);
with ``--every 1`` (the default) the C program's counts must equal ours, which is checked.

The two take turns for ``--rounds`` rounds in this process (one core each: the C program
is one thread), each figure the best round. With ``--every N`` the C program classifies
one hand in N and its time is scaled by the hands over those classified.
Run: ``python benchmarks/bench_bonus_vs_c.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from houseway.analysis import bonus_odds
from houseway.bonus import PAY_TABLES

SOURCE = Path(__file__).resolve().parent / "bonus_brute.c"


def timed_odds() -> tuple[float, float, dict[str, dict[str, int]]]:
    """Every table's rows from nothing kept (the caches emptied first)."""
    bonus_odds.clear_caches()
    wall, cpu = time.perf_counter(), time.process_time()
    tables = {
        name: {row.category.value: row.hands for row in bonus_odds.bonus_odds(name).rows}
        for name in PAY_TABLES
    }
    return time.perf_counter() - wall, time.process_time() - cpu, tables


def brute_force(binary: Path, every: int) -> dict[str, Any]:
    out = subprocess.run([str(binary), str(every)], capture_output=True, text=True, check=True)
    answer: dict[str, Any] = json.loads(out.stdout)
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3, help="turns each; figures the best")
    parser.add_argument(
        "--every", type=int, default=1, help="the C program classifies one hand in N, ×N"
    )
    parser.add_argument("--cc", default="gcc", help="the C compiler")
    args = parser.parse_args()
    cc = shutil.which(args.cc)
    if cc is None:
        print(f"skipped: no C compiler {args.cc!r} found (install gcc)")
        return
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "bonus_brute"
        subprocess.run([cc, "-O2", "-o", str(binary), str(SOURCE)], check=True)
        load = os.getloadavg()
        ours: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        for _ in range(args.rounds):
            brute = brute_force(binary, args.every)
            scale = brute["hands"] / brute["decided"]
            theirs.append((brute["wall_seconds"] * scale, brute["cpu_seconds"] * scale))
            wall, cpu, tables = timed_odds()
            ours.append((wall, cpu))

    odds_wall, odds_cpu = min(r[0] for r in ours), min(r[1] for r in ours)
    brute_wall, brute_cpu = min(r[0] for r in theirs), min(r[1] for r in theirs)
    print(
        f"the three bonus tables' odds over all {brute['hands']:,} hands, one core each, the "
        f"best of {args.rounds} alternating rounds; load average {load[0]:.2f} {load[1]:.2f} "
        f"{load[2]:.2f} at the start"
    )
    print(f"  houseway bonus odds, by suit classes: {odds_wall:7.2f} s ({odds_cpu:.2f} s of CPU)")
    sample = f"; one in {args.every} timed, ×{scale:.2f}" if args.every > 1 else ""
    print(
        f"  bonus_brute.c, gcc -O2 (every hand{sample}): "
        f"{brute_wall:7.2f} s ({brute_cpu:.2f} s of CPU)"
    )
    print(
        f"  the odds take {brute_wall / odds_wall:.1f}× less time than the C brute force "
        f"({brute_cpu / odds_cpu:.1f}× by CPU)"
    )
    if args.every == 1:
        same = brute["tables"] == tables
        print(f"  the C program's counts equal ours, table by table: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
