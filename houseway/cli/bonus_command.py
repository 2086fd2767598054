"""``houseway bonus``: spec §10 on the command line, the bonus bets on seven cards.

A hand from the arguments (its category on a pay table and what that pays), one JSON
object a line with ``--json -``, or with ``--odds`` a table's rows over every hand,
counted exactly (:mod:`houseway.analysis.bonus_odds`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final, TextIO

from houseway.analysis.bonus_odds import Odds, bonus_odds, every_table
from houseway.bonus import DEFAULT_TABLE, PAY_TABLES, BonusError, BonusResult, settle_bonus
from houseway.cards import HandError, parse_hand
from houseway.cli.jsonlines import LineError, json_lines, run_json_lines
from houseway.cli.settle_command import whole_or_text

#: The keys a JSON line may hold.
KEYS: Final = frozenset({"hand", "table", "bet"})


def bonus_line(obj: object) -> dict[str, object]:
    """One decoded JSON line's answer, or :class:`LineError` saying what is wrong."""
    if not isinstance(obj, dict):
        raise LineError(
            "not_object",
            'expected one JSON object a line: {"hand": "<7 cards>", "table": '
            f'"{DEFAULT_TABLE}", "bet": <chips>}} (table and bet optional)',
        )
    unknown = sorted(str(key) for key in obj if key not in KEYS)
    if unknown:
        raise LineError(
            "unknown_key", f"unknown key {unknown[0]!r}: the keys are hand, table and bet"
        )
    if "hand" not in obj:
        raise LineError("missing", "hand: missing; every line needs the seven cards")
    hand = obj["hand"]
    if not isinstance(hand, str):
        raise LineError("wrong_type", "hand: expected the 7 cards as a string, e.g. 'As Ks Qs'")
    table = obj.get("table", DEFAULT_TABLE)
    if not isinstance(table, str) or table not in PAY_TABLES:
        raise LineError("bad_table", f"table: one of {', '.join(PAY_TABLES)}, not {table!r}")
    bet = obj.get("bet")
    try:
        cards = parse_hand(hand)
        result = settle_bonus(cards, table, 0 if bet is None else bet)
    except HandError as error:
        raise LineError(error.code, f"hand: {error}") from error
    except BonusError as error:
        raise LineError("bad_bet", f"bet: {error}") from error
    said: dict[str, object] = {"category": result.category.value, "pays": result.pays}
    if bet is not None:
        said["net"] = result.net
    return said


def format_result(result: BonusResult) -> str:
    table = PAY_TABLES[result.table]
    pays = f"pays {result.pays} to 1" if result.pays else "loses"
    line = f"{result.category.value} on {table.id} ({table.title}): {pays}"
    if result.bet:
        line += f"; bet {result.bet}, net {result.net:+d}"
    return line + "\n"


def format_odds(odds: Odds) -> str:
    lines = [f"{odds.table.title} ({odds.table.id}), every one of {odds.hands:,} hands:"]
    lines.append(f"  {'category':36}{'pays':>6}{'hands':>14}{'share':>11}")
    for row in odds.rows:
        share = row.hands / odds.hands
        lines.append(f"  {row.category.value:36}{row.pays:>6}{row.hands:>14,}{share:>11.6%}")
    value = odds.exact_return
    lines.append(f"  return {float(value):+.6f} a chip bet (house edge {float(-value):.4%})")
    return "\n".join(lines) + "\n"


def run_bonus_command(argv: Sequence[str], out: TextIO) -> int:
    parser = argparse.ArgumentParser(
        prog="houseway bonus",
        description="The bonus bet on seven cards (spec section 10): the category a hand "
        "holds on a pay table and what it pays; with --odds, the table's rows over all "
        "154,143,080 hands, counted exactly.",
        epilog='With --json -: one object a line, {"hand": "<7 cards>", "table": '
        f'"{DEFAULT_TABLE}", "bet": <chips>}} (table and bet optional); one JSON line back '
        "each.",
    )
    parser.add_argument("hand", nargs="*", help="the seven cards, or '-' with --json")
    parser.add_argument("--table", choices=tuple(PAY_TABLES), default=DEFAULT_TABLE)
    parser.add_argument("--bet", help="the bonus bet in whole chips (the net is shown)")
    parser.add_argument("--odds", action="store_true", help="the table's odds over every hand")
    parser.add_argument("--json", action="store_true", help="answer in JSON")
    parser.add_argument(
        "--write", type=Path, help="with --odds: write every table's odds as JSON to this file"
    )
    args = parser.parse_args(argv)
    if args.odds:
        if args.hand or args.bet is not None:
            parser.error("--odds counts every hand: give no hand and no bet")
        if args.write is not None:
            args.write.write_text(json.dumps(every_table(), indent=1) + "\n", "utf-8")
            return 0
        odds = bonus_odds(args.table)
        out.write(json.dumps(odds.to_json()) + "\n" if args.json else format_odds(odds))
        return 0
    if args.hand == ["-"]:
        if not args.json:
            parser.error("read standard input with '--json -'")
        if args.bet is not None:
            parser.error("with --json -, each line gives its own bet")
        if sys.stdin is None:
            print(
                "houseway: standard input is closed; pipe in one JSON object a line",
                file=sys.stderr,
            )
            return 2
        return run_json_lines(json_lines(sys.stdin.buffer), bonus_line, out)
    if not args.hand:
        parser.error("give a hand, e.g. houseway bonus As Ks Qs Js Ts 9d 2c, or --odds")
    line: dict[str, object] = {"hand": " ".join(args.hand), "table": args.table}
    if args.bet is not None:
        line["bet"] = whole_or_text(args.bet)
    try:
        said = bonus_line(line)
    except LineError as error:
        if args.json:
            out.write(json.dumps(error.to_json(), ensure_ascii=False) + "\n")
        else:
            print(f"houseway bonus: {error}", file=sys.stderr)
        return 1
    if args.json:
        out.write(json.dumps(said) + "\n")
    else:
        bet = line.get("bet", 0)
        assert isinstance(bet, int)
        out.write(format_result(settle_bonus(parse_hand(str(line["hand"])), args.table, bet)))
    return 0
