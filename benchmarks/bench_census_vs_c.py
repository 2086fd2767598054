"""``houseway census`` beside a brute force in C, in one run.

The census decides one hand per suit class (292,253 of them) and weighs it; the brute
force, ``benchmarks/census_brute.c`` compiled here with ``gcc -O2``, decides every one
of the 154,143,080 hands. Both do the same per hand or class: the best five-card
category over the 21 five-card subsets, the house way's path and split, and the check
that the split does not foul (the C program follows ``houseway/procedure.py`` heading by
heading; see the top of the C file). So the figure compares counting by suit symmetry in
Python with counting hand by hand in C, on the same question.

The census runs in this process with one worker (the C program is one thread). The two
take turns for ``--rounds`` rounds, each figure the best round. With ``--every N`` the C
program decides one hand in N (runs of 65,536 hands in its order, the rest passed over)
and its time is multiplied by the hands over those decided, as the output says; with
``--every 1`` (minutes) its counts by category and path must equal the census's, which
is checked. Run: ``python benchmarks/bench_census_vs_c.py``.
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

from houseway.analysis.census import CensusResult, run_census

SOURCE = Path(__file__).resolve().parent / "census_brute.c"


def timed_census() -> tuple[float, float, CensusResult]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = run_census(workers=1)
    return time.perf_counter() - wall, time.process_time() - cpu, result


def brute_force(binary: Path, every: int) -> dict[str, Any]:
    out = subprocess.run([str(binary), str(every)], capture_output=True, text=True, check=True)
    answer: dict[str, Any] = json.loads(out.stdout)
    return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3, help="turns each; figures the best")
    parser.add_argument(
        "--every", type=int, default=16, help="the C program decides one hand in N, ×N"
    )
    parser.add_argument("--cc", default="gcc", help="the C compiler")
    args = parser.parse_args()
    cc = shutil.which(args.cc)
    if cc is None:
        print(f"skipped: no C compiler {args.cc!r} found (install gcc)")
        return
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "census_brute"
        subprocess.run([cc, "-O2", "-o", str(binary), str(SOURCE)], check=True)
        load = os.getloadavg()
        ours: list[tuple[float, float]] = []
        theirs: list[tuple[float, float]] = []
        for _ in range(args.rounds):
            brute = brute_force(binary, args.every)
            scale = brute["hands"] / brute["decided"]
            theirs.append((brute["wall_seconds"] * scale, brute["cpu_seconds"] * scale))
            wall, cpu, result = timed_census()
            ours.append((wall, cpu))

    census_wall, census_cpu = min(r[0] for r in ours), min(r[1] for r in ours)
    brute_wall, brute_cpu = min(r[0] for r in theirs), min(r[1] for r in theirs)
    print(
        f"census of all {brute['hands']:,} hands, one core each, the best of {args.rounds} "
        f"alternating rounds; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start"
    )
    print(
        f"  houseway census, one worker ({result.classes:,} suit classes): "
        f"{census_wall:7.1f} s ({census_cpu:.1f} s of CPU)"
    )
    sample = f"; one in {args.every} timed, ×{scale:.2f}" if args.every > 1 else ""
    print(
        f"  census_brute.c, gcc -O2 (every hand{sample}): "
        f"{brute_wall:7.1f} s ({brute_cpu:.1f} s of CPU)"
    )
    print(
        f"  the census takes {brute_wall / census_wall:.1f}× less time than the C brute force "
        f"({brute_cpu / census_cpu:.1f}× by CPU)"
    )
    if brute["fouls"]:
        print(f"  the C program's splits foul {brute['fouls']:,} hands: a bug there")
    if args.every == 1:
        same = brute["categories"] == dict(result.categories) and brute["paths"] == {
            path: n for path, n in result.paths.items()
        }
        print(f"  its counts by category and path equal the census's: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
