"""The command line: ``houseway HAND``, ``houseway --json -``, ``houseway census``.

I/O lives here; the decisions come from :mod:`houseway.way`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from .cards import HandError, canonical_hand, card_name, parse_hand
from .census import CATEGORY_LABELS, TOTAL_HANDS, run_census, stderr_progress
from .rules import SUPPLEMENT_MARKER_EN, SUPPLEMENT_MARKER_SV, sentences_for
from .way import Decision, house_way

#: Section 7 of the spec: hands per best five-card category over all hands.
SPEC_CATEGORIES = {
    "five-aces": 1_128,
    "royal-flush": 26_132,
    "straight-flush": 184_832,
    "four-of-a-kind": 307_472,
    "full-house": 4_188_528,
    "flush": 6_172_088,
    "straight": 11_236_028,
    "three-of-a-kind": 7_470_676,
    "two-pairs": 35_553_816,
    "one-pair": 64_221_960,
    "high-card": 24_780_420,
}

SUBCOMMANDS = ("census",)


def decision_json(text: str, decision: Decision) -> dict[str, object]:
    """The JSON object for one decided hand (stable keys: scripts depend on them)."""
    return {
        "input": text,
        "hand": [card_name(c) for c in decision.hand],
        "canonical": canonical_hand(decision.hand),
        "five": [card_name(c) for c in decision.five],
        "two": [card_name(c) for c in decision.two],
        "rule": decision.rule,
        "path": list(decision.path),
        "five_name": decision.five_name(),
        "two_name": decision.two_name(),
        "five_name_sv": decision.five_name(swedish=True),
        "two_name_sv": decision.two_name(swedish=True),
        "rules": [
            {
                "id": rule.id,
                "swedish": rule.swedish,
                "english": rule.english,
                "supplement": rule.supplement,
            }
            for rule in sentences_for(decision.path)
        ],
    }


def error_json(text: str, error: HandError) -> dict[str, object]:
    return {
        "input": text,
        "error": {"code": error.code, "message": str(error), "token": error.token},
    }


def print_decision(decision: Decision, out: TextIO) -> None:
    five = " ".join(card_name(c) for c in decision.five)
    two = " ".join(card_name(c) for c in decision.two)
    out.write(f"Hand:       {canonical_hand(decision.hand)}\n")
    out.write(
        f"Five-card:  {five}  — {decision.five_name()} ({decision.five_name(swedish=True)})\n"
    )
    out.write(f"Two-card:   {two}  — {decision.two_name()} ({decision.two_name(swedish=True)})\n")
    out.write(f"Rule:       {' → '.join(decision.path)}\n")
    for rule in sentences_for(decision.path):
        if rule.supplement:
            out.write(f"  [{SUPPLEMENT_MARKER_SV} / {SUPPLEMENT_MARKER_EN}]\n")
        out.write(f"  SV: {rule.swedish}\n")
        out.write(f"  EN: {rule.english}\n")


def run_hands(hands: Sequence[str], as_json: bool, out: TextIO, err: TextIO) -> int:
    """Decide each hand; a bad one is reported and the rest go on. Exit 1 if any was bad."""
    status = 0
    for text in hands:
        try:
            decision = house_way(parse_hand(text))
        except HandError as error:
            status = 1
            if as_json:
                out.write(json.dumps(error_json(text, error), ensure_ascii=False) + "\n")
            else:
                err.write(f"error: {text!r}: {error}\n")
            continue
        if as_json:
            out.write(json.dumps(decision_json(text, decision), ensure_ascii=False) + "\n")
        else:
            print_decision(decision, out)
    return status


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
    result = run_census(args.workers, stderr_progress())
    elapsed = time.perf_counter() - started
    data = result.to_json()
    if args.write:
        args.write.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", "utf-8")
    mismatches = [k for k, _ in CATEGORY_LABELS if result.categories[k] != SPEC_CATEGORIES[k]]
    if args.json:
        out.write(json.dumps(data) + "\n")
    else:
        out.write(
            f"hands: {result.hands:,} in {result.classes:,} suit classes, "
            f"{elapsed:.1f} s with {args.workers} worker(s)\n\n"
        )
        out.write(f"{'best five-card category':36}{'hands':>14}  spec\n")
        for key, label in CATEGORY_LABELS:
            mark = "ok" if result.categories[key] == SPEC_CATEGORIES[key] else "MISMATCH"
            out.write(f"{label:36}{result.categories[key]:>14,}  {mark}\n")
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


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "census":
        return run_census_command(args[1:], sys.stdout)
    parser = argparse.ArgumentParser(
        prog="houseway",
        description="The dealer's split of a seven-card Pai Gow Poker hand by 'Huset väljer'.",
        epilog="Other commands: 'houseway census' (all hands). Use '-' to read one hand per "
        "line from standard input.",
    )
    parser.add_argument("hand", nargs="+", help="the hand, e.g. 'As Kd Qc Jh 9s 7d JK', or -")
    parser.add_argument("--json", action="store_true", help="one JSON object per hand")
    ns = parser.parse_args(args)
    if ns.hand == ["-"]:
        hands = [line.rstrip("\n") for line in sys.stdin if line.strip()]
    else:
        hands = [" ".join(ns.hand)]
    return run_hands(hands, ns.json, sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
