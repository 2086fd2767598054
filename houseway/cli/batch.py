"""The subcommands that run over many hands: ``census``, ``simulate``, ``cost`` and
``class-table``.

Apart from :mod:`houseway.__main__`, which reads and answers single hands: these run
long, report their progress on standard error, and share the options of a random run
rather than the reading of hands.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from houseway.analysis.census import SPEC_CATEGORIES, TOTAL_HANDS, run_census
from houseway.analysis.simulate import SPEC_FIGURES, run_simulation


def stderr_progress(
    label: str, unit: str, stream: TextIO = sys.stderr, interval: float = 0.2
) -> Callable[[int, int], None]:
    """A one-line progress display (count, percent, rate, time left), redrawn in place.

    Here, with the commands, not in the library: census, simulate and the others only
    report progress to a callback.
    """
    started = time.perf_counter()
    last = 0.0

    def show(done: int, total: int) -> None:
        nonlocal last
        now = time.perf_counter()
        if done < total and now - last < interval:
            return
        last = now
        elapsed = now - started
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        stream.write(
            f"\r{label}: {done:,}/{total:,} {unit} ({100 * done / max(total, 1):5.1f}%), "
            f"{rate:,.0f} {unit}/s, {left:4.0f} s left "
        )
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def run_census_command(argv: Sequence[str], out: TextIO) -> int:
    parser = argparse.ArgumentParser(
        prog="houseway census",
        description="Decide all 154,143,080 hands (exactly, by suit symmetry) and count them.",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--write", type=Path, help="write the counts as JSON to this file")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    result = run_census(args.workers, stderr_progress("census", "chunks"))
    elapsed = time.perf_counter() - started
    data = result.to_json()
    if args.write:
        args.write.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", "utf-8")
    mismatches = [row.key for row in SPEC_CATEGORIES if result.categories[row.key] != row.hands]
    if args.json:
        out.write(json.dumps(data) + "\n")
    else:
        out.write(
            f"hands: {result.hands:,} in {result.classes:,} suit classes, "
            f"{elapsed:.1f} s with {args.workers} worker(s)\n\n"
        )
        out.write(f"{'best five-card category':36}{'hands':>14}  spec\n")
        for row in SPEC_CATEGORIES:
            found = result.categories[row.key]
            mark = "ok" if found == row.hands else "MISMATCH"
            out.write(f"{row.label:36}{found:>14,}  {mark}\n")
        out.write(f"\n{'house way path':52}{'hands':>14}{'share':>9}\n")
        for path, count in sorted(result.paths.items(), key=lambda item: -item[1]):
            out.write(f"{path:52}{count:>14,}{100 * count / result.hands:>8.3f}%\n")
        out.write(
            f"\nchecked: every split legal and using exactly its seven cards: "
            f"{'yes' if not result.problems else 'NO'}\n"
        )
    for problem in result.problems[:20]:
        sys.stderr.write(f"problem: {problem}\n")
    failed = result.problems or mismatches or result.hands != TOTAL_HANDS
    return 1 if failed else 0


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """--seed, --workers and --json, as the random runs (simulate, cost) take them."""
    parser.add_argument("--seed", type=int, help="random seed (default: a fresh one, printed)")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes (default 1; 0 = all cores)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def seed_and_workers(args: argparse.Namespace) -> tuple[int, int]:
    """The run's seed (a fresh random one when none was given, printed with the result so
    the run can be repeated) and its worker count (0 = all cores)."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    return seed, args.workers if args.workers > 0 else (os.cpu_count() or 1)


def run_simulate_command(argv: Sequence[str], out: TextIO) -> int:
    parser = argparse.ArgumentParser(
        prog="houseway simulate",
        description="Random deals, player and dealer both set by the house way, settled by "
        "spec section 6 (5% commission). The same seed gives the same counts with any "
        "number of workers.",
    )
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals (default 1,000,000)")
    add_run_options(parser)
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    seed, workers = seed_and_workers(args)
    result = run_simulation(args.deals, seed, workers, stderr_progress("simulate", "deals"))
    if args.json:
        out.write(json.dumps(result.to_json()) + "\n")
        return 0
    out.write(
        f"{result.deals:,} deals, seed {result.seed}, {result.workers} worker(s): "
        f"{result.seconds:.1f} s, {result.deals_per_second:,.0f} deals/s\n\n"
    )
    out.write(f"{'':14}{'rate':>8}   {'95% CI':<20}{'spec §7 (20M deals)':>20}\n")
    rates = {**result.rates, "house_edge": result.house_edge}
    labels = (
        ("win", "player wins"),
        ("push", "push"),
        ("loss", "player loses"),
        ("house_edge", "house edge"),
    )
    for key, label in labels:
        low, high = result.ci[key]
        spec = SPEC_FIGURES[key]
        verdict = "inside CI" if low <= spec <= high else "OUTSIDE CI"
        out.write(
            f"{label:14}{100 * rates[key]:>7.2f}%   [{100 * low:6.2f}%, {100 * high:6.2f}%]"
            f"{100 * spec:>11.2f}%  {verdict}\n"
        )
    return 0


def run_cost_command(argv: Sequence[str], out: TextIO) -> int:
    parser = argparse.ArgumentParser(
        prog="houseway cost",
        description="What the house way gives up, per rule: random hands drawn rule by rule "
        "(weighted back by the census), each analysed exactly; how often the house way is not "
        "the best split and the mean EV it gives up, with 95%% confidence intervals.",
    )
    parser.add_argument("--hands", type=int, default=10_000, help="hands (default 10,000)")
    add_run_options(parser)
    parser.add_argument(
        "--write",
        type=Path,
        help="write the figures as JSON here (the shipped ones: houseway/data/cost.json)",
    )
    args = parser.parse_args(argv)
    if args.hands < 26:
        parser.error("--hands must be at least 26 (one per house-way path)")
    seed, workers = seed_and_workers(args)
    from houseway.analysis.cost import format_cost, run_cost  # numpy, through the exact analysis

    result = run_cost(args.hands, seed, workers, stderr_progress("cost", "hands"))
    data = result.to_json()
    if args.write:
        args.write.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    if args.json:
        out.write(json.dumps(data) + "\n")
    else:
        out.write(format_cost(result))
    return 0


def run_class_table_command(argv: Sequence[str], out: TextIO) -> int:
    """Rebuild the exact analysis's class table (after a change to the house way)."""
    parser = argparse.ArgumentParser(
        prog="houseway class-table",
        description="Decide the dealer's split of every suit class (292,253) through the house "
        "way and write the table that exact analysis reads; exit 1 if it differs from the "
        "shipped one.",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--write",
        type=Path,
        help="write the table here (to update the shipped one: houseway/data/dealer_classes.npz)",
    )
    args = parser.parse_args(argv)
    from houseway.analysis.exact import (  # numpy
        build_table,
        shipped_table,
        tables_equal,
        write_table,
    )

    started = time.perf_counter()
    table = build_table(args.workers, stderr_progress("class table", "chunks"))
    same = tables_equal(table, shipped_table())
    if args.write:
        write_table(table, args.write)
    out.write(
        f"{len(table['five']):,} classes decided in {time.perf_counter() - started:.1f} s with "
        f"{args.workers} worker(s); {'same as' if same else 'DIFFERENT from'} the shipped table"
        + (f"; written to {args.write}" if args.write else "")
        + "\n"
    )
    return 0 if same else 1


def run_solve_command(argv: Sequence[str], out: TextIO) -> int:
    """Solve every player-hand class exactly, in checkpointed chunks; or summarise a run."""
    parser = argparse.ArgumentParser(
        prog="houseway solve",
        description="Every 7-card hand up to suit symmetry (6,972,147 classes) against all "
        "53,524,680 dealer hands: every split's exact wins and losses, written chunk by chunk "
        "to DIR, then the summary (exact house edge, best split, cost per rule) as JSON.",
    )
    parser.add_argument("--out", type=Path, default=Path("solve-run"), help="run directory")
    parser.add_argument("--workers", type=int, default=0, help="processes (default 0: all cores)")
    parser.add_argument("--resume", action="store_true", help="continue a stopped run")
    parser.add_argument("--limit", type=int, help="solve only the first K chunks")
    parser.add_argument("--chunk-size", type=int, help="classes per chunk (a new run only)")
    parser.add_argument(
        "--summarise", type=Path, metavar="DIR", help="only summarise the chunks in DIR"
    )
    parser.add_argument("--write", type=Path, help="also write the summary JSON to this file")
    args = parser.parse_args(argv)
    from houseway.solve.files import CHUNK_SIZE, run_solve, summarise  # numpy
    from houseway.solve.player_way import player_way_summary

    if args.summarise is None:
        if args.limit is not None and args.limit < 1:
            parser.error("--limit must be at least 1")
        if args.chunk_size is not None and args.resume:
            parser.error("--chunk-size applies to a new run; a resumed run keeps its own")
        workers = args.workers if args.workers > 0 else (os.cpu_count() or 1)
        started = time.perf_counter()
        # kill (SIGTERM) stops the run as Ctrl-C does: the chunks under way are written.
        signal.signal(signal.SIGTERM, _interrupt)
        try:
            solved = run_solve(
                args.out,
                workers,
                args.chunk_size or CHUNK_SIZE,
                args.resume,
                args.limit,
                stderr_progress("solve", "classes"),
                _say_solve,
            )
        except ValueError as error:
            sys.stderr.write(f"houseway solve: {error}\n")
            return 2
        except KeyboardInterrupt:
            sys.stderr.write(
                f"\nhouseway solve: stopped; the finished chunks are in {args.out}: "
                "continue with --resume\n"
            )
            return 130
        sys.stderr.write(
            f"solved {len(solved)} chunk(s) in {time.perf_counter() - started:.1f} s "
            f"with {workers} worker(s)\n"
        )
    try:
        summary = summarise(args.summarise or args.out)
        summary["player_way"] = player_way_summary(
            args.summarise or args.out, stderr_progress("player's way", "chunks")
        )
    except (OSError, ValueError) as error:
        sys.stderr.write(f"houseway solve: cannot summarise: {error}\n")
        return 2
    text = json.dumps(summary, indent=1) + "\n"
    if args.write:
        args.write.write_text(text, "utf-8")
    out.write(text)
    return 0


def _say_solve(line: str) -> None:
    sys.stderr.write(f"houseway solve: {line}\n")


def _interrupt(_signal: int, _frame: object) -> None:
    raise KeyboardInterrupt


def run_strategy_measure_command(argv: Sequence[str], out: TextIO) -> int:
    """``houseway strategy --measure``: what the player's way wins back, on sampled hands."""
    parser = argparse.ArgumentParser(
        prog="houseway strategy --measure",
        description="What the player's way wins back of what the house way gives up: random "
        "hands drawn rule by rule (weighted back by the census), each analysed exactly; the "
        "share won back overall and for two pairs, and per rule of the player's way how often "
        "it changes the house way's split and what it gains, with 95%% confidence intervals.",
    )
    parser.add_argument("--measure", action="store_true", required=True)
    parser.add_argument("--hands", type=int, default=10_000, help="hands (default 10,000)")
    add_run_options(parser)
    args = parser.parse_args(argv)
    if args.hands < 26:
        parser.error("--hands must be at least 26 (one per house-way path)")
    seed, workers = seed_and_workers(args)
    from houseway.analysis.strategy_measure import (  # numpy, through exact analysis
        format_measure,
        run_measure,
    )

    result = run_measure(args.hands, seed, workers, stderr_progress("strategy", "hands"))
    out.write(json.dumps(result.to_json()) + "\n" if args.json else format_measure(result))
    return 0
