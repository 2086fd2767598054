"""``houseway settle``: spec §9 on the command line, one player against the dealer.

One hand from the arguments (``--player``, ``--dealer``, ``--two``, ``--bet``), or with
``--json -`` one JSON object a line from standard input and one JSON line back for each,
in order; a line it cannot take gets an error line and the batch goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Final, TextIO

from houseway.bonus import DEFAULT_TABLE, PAY_TABLES, BonusError, check_bonus_bet, envy_applies
from houseway.cards import Card, HandError, card_name, parse_cards, parse_hand
from houseway.cli.jsonlines import LineError, json_lines, run_json_lines
from houseway.game import BetError, Deal, DeckError, check_bet
from houseway.round import Entry, FoulRule, Illegal, Rules, SeatResult, Wager, WagerKind, deal

#: The keys a JSON line may hold; any other key is refused, so that a misspelt ``"tow"``
#: does not silently hand the player's split to the house way.
KEYS: Final = frozenset({"player", "dealer", "two", "bet", "bonus", "table"})


def _cards(field: str, text: object) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise LineError(
            "wrong_type", f"{field}: expected the 7 cards as a string, e.g. 'As Kd Th 9c 7s 4d JK'"
        )
    try:
        return parse_hand(text)
    except HandError as error:
        raise LineError(error.code, f"{field}: {error}") from error


def _two(text: object) -> tuple[Card, ...] | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise LineError(
            "wrong_type",
            "two: expected 2 cards as a string (e.g. 'Ah Kd'), or null for the house way",
        )
    try:
        cards = parse_cards(text, None)
    except HandError as error:
        if error.code == "empty":
            raise LineError(
                "two_count", "two: no cards given: expected 2 cards, or null for the house way"
            ) from error
        raise LineError(error.code, f"two: {error}") from error
    if len(cards) != 2:
        raise LineError("two_count", f"two: expected 2 cards, got {len(cards)}")
    return cards


def settle_line(obj: object) -> SeatResult:
    """Settle one decoded JSON line as a round of one seat, or say what is wrong with it."""
    if not isinstance(obj, dict):
        raise LineError(
            "not_object",
            'expected one JSON object a line: {"player": "<7 cards>", "dealer": "<7 cards>", '
            '"two": "<2 cards>" or null, "bet": <chips>} (and optionally "bonus", "table")',
        )
    unknown = sorted(str(key) for key in obj if key not in KEYS)
    if unknown:
        raise LineError(
            "unknown_key",
            f"unknown key {unknown[0]!r}: the keys are player, dealer, two, bet, bonus and table",
        )
    for key in ("player", "dealer", "bet"):
        if key not in obj:
            raise LineError("missing", f"{key}: missing; every line needs player, dealer and bet")
    player = _cards("player", obj["player"])
    dealer = _cards("dealer", obj["dealer"])
    two = _two(obj.get("two"))
    try:
        bet = check_bet(obj["bet"])
    except BetError as error:
        raise LineError("bad_bet", f"bet: {error}") from error
    try:
        bonus = check_bonus_bet(obj.get("bonus", 0))
    except BonusError as error:
        raise LineError("bad_bonus", f"bonus: {error}") from error
    table = obj.get("table", DEFAULT_TABLE)
    if not isinstance(table, str) or table not in PAY_TABLES:
        raise LineError("bad_table", f"table: one of {', '.join(PAY_TABLES)}, not {table!r}")
    wagers = (Wager(WagerKind.MAIN, bet), Wager(WagerKind.BONUS, bonus))
    # A fouled split stands and loses here: the line says what the player chose.
    rules = Rules(foul=FoulRule.STAND, bonus_table=table)
    try:
        dealt = deal([Entry(1, 0, wagers)], rules, "settle", Deal(dealer, (player,)))
        played = dealt.house(1, 0) if two is None else dealt.set(1, 0, two)
    except DeckError as error:
        raise LineError("card_in_both", str(error)) from error
    except Illegal as error:
        raise LineError(error.detail or error.code, f"two: {error}") from error
    settled = played.settle()
    assert settled.result is not None
    return settled.result.seats[0]


def result_json(result: SeatResult) -> dict[str, object]:
    """The line ``houseway settle --json`` writes (spec §9, with §10's bonus and Envy)."""
    said = result.main.to_json()
    if result.bonus is not None:
        said["bonus"] = result.bonus.to_json()
        if envy_applies(result.bonus.table, result.bonus.bet):
            said["envy"] = result.envy
    return said


def whole_or_text(typed: str) -> object:
    """A number typed on the command line as the int it is, else the text (which the
    check then refuses, saying what is expected): never a traceback, even past Python's
    digit limit."""
    try:
        return int(typed) if typed.strip().lstrip("+-").isdigit() else typed
    except ValueError:
        return typed


def _answer(obj: object) -> dict[str, object]:
    return result_json(settle_line(obj))


def _side(split_five: Sequence[Card], split_two: Sequence[Card]) -> str:
    return f"{' '.join(map(card_name, split_five))} | {' '.join(map(card_name, split_two))}"


def format_settlement(result: SeatResult) -> str:
    """The text answer: both splits, each hand's result and the chips; the bonus and Envy."""
    settlement = result.main
    player, dealer = settlement.player, settlement.dealer
    how = f"the house way, {player.rule}" if player.rule else "own split"
    lines = [
        f"player: {_side(player.five, player.two)}  ({how}{', FOUL' if player.foul else ''})",
        f"dealer: {_side(dealer.five, dealer.two)}  (the house way, {dealer.rule})",
    ]
    if settlement.five is None or settlement.two is None:
        lines.append("hands:  foul: the two-card hand beats the five-card hand, and loses")
    else:
        lines.append(f"hands:  five-card {settlement.five.value}, two-card {settlement.two.value}")
    lines.append(
        f"result: {settlement.outcome.name.lower()}: bet {settlement.bet}, "
        f"commission {settlement.commission}, net {settlement.net:+d}"
    )
    if result.bonus is not None:
        bonus = result.bonus
        pays = f"pays {bonus.pays} to 1" if bonus.pays else "loses"
        lines.append(
            f"bonus:  {bonus.category.value} on {bonus.table}: {pays}; bet {bonus.bet}, "
            f"net {bonus.net:+d}"
        )
        if envy_applies(bonus.table, bonus.bet):
            lines.append(f"envy:   {result.envy:+d} (for the dealer's hand)")
    return "\n".join(lines) + "\n"


def run_settle_command(argv: Sequence[str], out: TextIO) -> int:
    parser = argparse.ArgumentParser(
        prog="houseway settle",
        description="Settle one player against the dealer in whole chips (spec section 9): "
        "the dealer sets by the house way; the player's own split (--two) or, without it, "
        "the house way; a copy goes to the dealer; a win pays the bet less 5% rounded up.",
        epilog='With --json -: one object a line, {"player": "<7 cards>", "dealer": '
        '"<7 cards>", "two": "<2 cards>" or null, "bet": <chips>, "bonus": <chips>, "table": '
        f'"{DEFAULT_TABLE}"}} (bonus and table optional); one JSON line back each.',
    )
    parser.add_argument("source", nargs="?", help="'-' to read JSON lines from standard input")
    parser.add_argument("--player", help="the player's seven cards")
    parser.add_argument("--dealer", help="the dealer's seven cards")
    parser.add_argument("--two", help="the player's two-card hand (omit for the house way)")
    parser.add_argument("--bet", help="the bet in whole chips")
    parser.add_argument("--bonus", help="a bonus bet in whole chips (spec section 10)")
    parser.add_argument(
        "--table", choices=tuple(PAY_TABLES), help=f"the bonus pay table ({DEFAULT_TABLE})"
    )
    parser.add_argument("--json", action="store_true", help="answer in JSON")
    args = parser.parse_args(argv)
    if args.source is not None:
        if args.source != "-" or not args.json:
            parser.error("read standard input with '--json -'")
        given = (args.player, args.dealer, args.two, args.bet, args.bonus, args.table)
        if any(value is not None for value in given):
            parser.error("give the hands either on the command line or as JSON lines, not both")
        if sys.stdin is None:
            print(
                "houseway: standard input is closed; pipe in one JSON object a line",
                file=sys.stderr,
            )
            return 2
        return run_json_lines(json_lines(sys.stdin.buffer), _answer, out)
    missing = [name for name in ("player", "dealer", "bet") if getattr(args, name) is None]
    if missing:
        parser.error(
            f"--{missing[0]} is required, e.g. houseway settle --player 'As Ks 9d 8c 5h 4s 2d' "
            "--dealer 'Qh Qd Jc 7s 6h 3c 2s' --bet 100"
        )
    bet: object = whole_or_text(args.bet)
    line: dict[str, object] = {"player": args.player, "dealer": args.dealer, "bet": bet}
    if args.two is not None:
        line["two"] = args.two
    if args.bonus is not None:
        line["bonus"] = whole_or_text(args.bonus)
    if args.table is not None:
        line["table"] = args.table
    try:
        settlement = settle_line(line)
    except LineError as error:
        if args.json:
            out.write(json.dumps(error.to_json(), ensure_ascii=False) + "\n")
        else:
            print(f"houseway settle: {error}", file=sys.stderr)
        return 1
    if args.json:
        out.write(json.dumps(result_json(settlement), ensure_ascii=False) + "\n")
    else:
        out.write(format_settlement(settlement))
    return 0
