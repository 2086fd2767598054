"""The command line: ``houseway HAND``, ``houseway --json -``, ``houseway analyze`` and the
dispatch to the subcommands that run over many hands (:mod:`houseway.cli.batch`).

I/O lives here; the decisions come from :mod:`houseway.way`.
"""

from __future__ import annotations

import argparse
import codecs
import io
import json
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import BinaryIO, Final, NamedTuple, TextIO

from houseway import __version__
from houseway.analysis.analyze import DEFAULT_DEALS, DEFAULT_SEED, analyze, format_analysis
from houseway.cards import MAX_INPUT_LENGTH, Card, HandError, canonical_hand, card_name, parse_hand
from houseway.cli.batch import (
    run_census_command,
    run_class_table_command,
    run_cost_command,
    run_simulate_command,
    run_solve_command,
    run_strategy_measure_command,
)
from houseway.cli.bonus_command import run_bonus_command
from houseway.cli.jsonlines import read_lines as read_bounded
from houseway.cli.settle_command import run_settle_command
from houseway.language import Lang
from houseway.learning.explain import Explanation, explain
from houseway.rules import SUPPLEMENT_MARKER_EN, SUPPLEMENT_MARKER_SV, sentences_for
from houseway.strategy import format_strategy, player_way, strategy_fields
from houseway.way import Decision, house_way

#: Bytes kept of one input line: MAX_INPUT_LENGTH characters of up to four UTF-8 bytes
#: each, and a "\r\n". A longer line is too long whatever it holds.
LINE_BYTES: Final = 4 * MAX_INPUT_LENGTH + 2
#: Characters of an over-long input shown back in an error: enough to recognise it.
SHOWN_PREFIX: Final = 64
#: Marks an input shown cut short.
CUT_MARK: Final = "…"


class Line(NamedTuple):
    """One hand's text as read, or the error that refused it before parsing.

    ``text`` is safe to print: valid Unicode, already cut short for an over-long line.
    """

    text: str
    error: HandError | None = None


def read_lines(stream: BinaryIO) -> Iterator[tuple[bytes, bool]]:
    """Each hand line's bytes, and whether it was cut at LINE_BYTES (see
    :func:`houseway.cli.jsonlines.read_lines`: never more than that held)."""
    return read_bounded(stream, LINE_BYTES)


def decode_line(raw: bytes) -> Line:
    """The line as UTF-8 text, or an ``encoding`` error showing the bad bytes escaped."""
    try:
        return Line(raw.decode("utf-8"))
    except UnicodeDecodeError as bad:
        token = raw[bad.start : bad.end].decode("utf-8", "backslashreplace")
        return Line(raw.decode("utf-8", "backslashreplace"), HandError("encoding", token=token))


def stdin_lines(stream: BinaryIO) -> Iterator[Line]:
    """One Line per input line, read lazily so that answers stream out."""
    for raw, cut in read_lines(stream):
        if cut:
            # A cut may split a character: the incremental decoder holds it back.
            prefix = codecs.getincrementaldecoder("utf-8")("backslashreplace").decode(raw)
            yield Line(prefix[:SHOWN_PREFIX] + CUT_MARK, HandError("too_long"))
        else:
            yield decode_line(raw)


def argument_line(words: Sequence[str]) -> Line:
    """A hand given as arguments. Bytes that were not text in the locale reach Python
    as lone surrogates; they are refused as ``encoding``, like a bad line on stdin."""
    text = " ".join(words)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return decode_line(os.fsencode(text))
    return Line(text)


def parse_line(line: Line) -> tuple[Card, ...]:
    """The line's cards; a line refused while reading raises its own error."""
    if line.error is not None:
        raise line.error
    return parse_hand(line.text)


def shown_input(text: str) -> str:
    """The input as an error shows it: whole, unless longer than any hand may be."""
    if len(text) <= MAX_INPUT_LENGTH:
        return text
    return text[:SHOWN_PREFIX] + CUT_MARK


def split_json(
    text: str, hand: Sequence[Card], five: Sequence[Card], two: Sequence[Card]
) -> dict[str, object]:
    """The keys every split's JSON begins with: the input, the hand and the two hands."""
    return {
        "input": text,
        "hand": [card_name(c) for c in hand],
        "canonical": canonical_hand(hand),
        "five": [card_name(c) for c in five],
        "two": [card_name(c) for c in two],
    }


def decision_json(text: str, decision: Decision) -> dict[str, object]:
    """The JSON object for one decided hand (stable keys: scripts depend on them)."""
    return {
        **split_json(text, decision.hand, decision.five, decision.two),
        "rule": decision.rule,
        "path": list(decision.path),
        "five_name": decision.five_name(),
        "two_name": decision.two_name(),
        "five_name_sv": decision.five_name(Lang.SV),
        "two_name_sv": decision.two_name(Lang.SV),
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
        "input": shown_input(text),
        "error": {"code": error.code, "message": str(error), "token": error.token},
    }


def print_decision(decision: Decision, out: TextIO) -> None:
    five = " ".join(card_name(c) for c in decision.five)
    two = " ".join(card_name(c) for c in decision.two)
    out.write(f"Hand:       {canonical_hand(decision.hand)}\n")
    out.write(f"Five-card:  {five}  — {decision.five_name()} ({decision.five_name(Lang.SV)})\n")
    out.write(f"Two-card:   {two}  — {decision.two_name()} ({decision.two_name(Lang.SV)})\n")
    out.write(f"Rule:       {' → '.join(decision.path)}\n")
    for rule in sentences_for(decision.path):
        if rule.supplement:
            out.write(f"  [{SUPPLEMENT_MARKER_SV} / {SUPPLEMENT_MARKER_EN}]\n")
        out.write(f"  SV: {rule.swedish}\n")
        out.write(f"  EN: {rule.english}\n")


def print_steps(explanation: Explanation, lang: Lang, out: TextIO) -> None:
    """The steps of the procedure on this hand, each marked: decided, or looked at."""
    out.write("Steg:\n" if lang == Lang.SV else "Steps:\n")
    passed = "(avgör inte) " if lang == Lang.SV else "(does not decide) "
    for step in explanation.steps:
        mark = "→" if step.applies else "·"
        out.write(f"  {mark} [{step.rule}] {'' if step.applies else passed}{step.text(lang)}\n")


def run_hands(
    hands: Iterable[Line],
    as_json: bool,
    out: TextIO,
    err: TextIO,
    steps: bool = False,
    lang: Lang = Lang.EN,
    player: bool = False,
) -> int:
    """Decide each hand (with ``steps``, explain it too; with ``player``, by the player's
    way instead); a bad one is reported and the rest go on. Exit 1 if any was bad.

    Each answer is flushed as soon as it is written, so a program feeding hands one
    line at a time gets each answer before it sends the next.
    """
    status = 0
    for line in hands:
        try:
            cards = parse_line(line)
        except HandError as error:
            status = 1
            if as_json:
                out.write(json.dumps(error_json(line.text, error), ensure_ascii=False) + "\n")
            else:
                err.write(f"error: {shown_input(line.text)!r}: {error}\n")
            out.flush()
            continue
        if player:
            chosen = player_way(cards)
            if as_json:
                answer = split_json(line.text, chosen.hand, chosen.five, chosen.two)
                answer.update(strategy_fields(chosen))
                out.write(json.dumps(answer, ensure_ascii=False) + "\n")
            else:
                out.write(format_strategy(chosen))
            out.flush()
            continue
        explanation = explain(cards) if steps else None
        decision = house_way(cards) if explanation is None else explanation.decision
        if as_json:
            answer = decision_json(line.text, decision)
            if explanation is not None:
                answer["steps"] = [step.to_json() for step in explanation.steps]
            out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        else:
            print_decision(decision, out)
            if explanation is not None:
                print_steps(explanation, lang, out)
        out.flush()
    return status


def run_analyze_command(argv: Sequence[str], out: TextIO) -> int:
    parser = argparse.ArgumentParser(
        prog="houseway analyze",
        description="Every legal split of a hand against the dealer's house way: exactly, "
        "against all 53,524,680 dealer hands from the other 46 cards (EV per unit wagered, "
        "what the house way gives up against the best split); or, with --deals, on the same "
        "random dealer hands for every split, with standard errors.",
    )
    parser.add_argument("hand", nargs="+", help="the hand, e.g. 'As Kd Qc Jh 9s 7d JK'")
    parser.add_argument(
        "--deals",
        type=int,
        help=f"sample this many dealer hands instead of counting all (e.g. {DEFAULT_DEALS:,})",
    )
    parser.add_argument(
        "--seed", type=int, help=f"random seed when sampling (default {DEFAULT_SEED})"
    )
    parser.add_argument("--top", type=int, default=10, help="rows to show (default 10)")
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object (with the integer counts)"
    )
    args = parser.parse_args(argv)
    if args.deals is not None and args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.seed is not None and args.deals is None:
        parser.error("--seed applies only to sampling: give --deals too")
    line = argument_line(args.hand)
    text = line.text
    seed = DEFAULT_SEED if args.seed is None else args.seed
    try:
        analysis = analyze(parse_line(line), args.deals, seed)
    except HandError as error:
        if args.json:
            out.write(json.dumps(error_json(text, error), ensure_ascii=False) + "\n")
        else:
            sys.stderr.write(f"error: {shown_input(text)!r}: {error}\n")
        return 1
    if args.json:
        out.write(json.dumps({"input": text, **analysis.to_json()}, ensure_ascii=False) + "\n")
    else:
        out.write(format_analysis(analysis, args.top))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command. Output is UTF-8 whatever the locale (JSON must be; the text output
    has dashes and Swedish names a narrower encoding cannot hold). A closed output, as in
    ``houseway --json - | head -1``, ends the run quietly; an output that is missing
    (``>&-``) or refuses to be written (``>/dev/full``) ends it with one line on standard
    error and status 1, never a traceback."""
    if sys.stdout is None:
        return _fail("standard output is closed; send it somewhere, e.g. '> answers.jsonl'")
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8", errors="strict")
    try:
        status = run_command(list(sys.argv[1:] if argv is None else argv))
        sys.stdout.flush()  # here, so that a closed pipe is met here and not at exit
    except BrokenPipeError:
        # The Python docs' recipe (signal module, "Note on SIGPIPE"): point stdout at
        # devnull so the interpreter's last flush cannot fail again, and exit 1 as
        # Python does on EPIPE.
        _drop_stdout()
        return 1
    except OSError as error:
        if error.filename is not None:  # a file named on the command line, not stdout
            raise
        _drop_stdout()
        return _fail(f"cannot write to standard output: {error.strerror or error}")
    return status


def _fail(message: str, status: int = 1) -> int:
    """One line on standard error (if there is one) and the status to exit with."""
    if sys.stderr is not None:
        print(f"houseway: {message}", file=sys.stderr)
    return status


def _drop_stdout() -> None:
    """Point stdout at devnull, so the interpreter's last flush of what is still buffered
    cannot fail a second time with a traceback."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def run_command(args: list[str]) -> int:
    if args and args[0] == "census":
        return run_census_command(args[1:], sys.stdout)
    if args and args[0] == "simulate":
        return run_simulate_command(args[1:], sys.stdout)
    if args and args[0] == "analyze":
        return run_analyze_command(args[1:], sys.stdout)
    if args and args[0] == "cost":
        return run_cost_command(args[1:], sys.stdout)
    if args and args[0] == "class-table":
        return run_class_table_command(args[1:], sys.stdout)
    if args and args[0] == "settle":
        return run_settle_command(args[1:], sys.stdout)
    if args and args[0] == "bonus":
        return run_bonus_command(args[1:], sys.stdout)
    if args and args[0] == "solve":
        return run_solve_command(args[1:], sys.stdout)
    if args and args[0] == "strategy" and "--measure" in args:
        return run_strategy_measure_command(args[1:], sys.stdout)
    explaining = bool(args) and args[0] == "explain"
    playing = bool(args) and args[0] == "strategy"
    if explaining or playing:
        args = args[1:]
    parser = argparse.ArgumentParser(
        prog=f"houseway {'explain' if explaining else 'strategy'}"
        if explaining or playing
        else "houseway",
        description="The player's way: the project's own advice, not the casino's rule; "
        "'houseway strategy --measure --help' for what it wins back."
        if playing
        else "The dealer's split of a seven-card Pai Gow Poker hand by 'Huset väljer'.",
        epilog="Other commands: 'houseway census' (all hands), 'houseway simulate' (house way "
        "against house way), 'houseway analyze HAND' (every split's exact EV), 'houseway cost' "
        "(what the house way gives up, per rule), 'houseway strategy HAND' (the player's way: "
        "the project's advice; --measure: what it wins back), 'houseway class-table' (rebuild "
        "the exact analysis's table), 'houseway solve' (every hand class exactly, "
        "checkpointed), 'houseway settle' (one player against the dealer in chips, spec "
        "section 9), 'houseway bonus' (the bonus bets on seven cards and their odds, "
        "section 10), 'houseway explain HAND' (the decision step by step). Use '-' to read "
        "one hand per line from standard input.",
    )
    parser.add_argument("hand", nargs="+", help="the hand, e.g. 'As Kd Qc Jh 9s 7d JK', or -")
    parser.add_argument("--json", action="store_true", help="one JSON object per hand")
    if explaining:
        parser.add_argument(
            "--lang",
            choices=tuple(lang.value for lang in Lang),
            default=Lang.EN.value,
            help="the language of the steps in text output (JSON holds both)",
        )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    ns = parser.parse_args(args)
    if ns.hand == ["-"]:
        # One answer per input line, in order, a blank line included (as "empty"), so
        # that answer n belongs to line n. Read as bytes: any input is UTF-8 whatever
        # the locale, and a line that is not gets its own answer.
        if sys.stdin is None:
            return _fail(
                "standard input is closed; pipe in one hand a line, or give the hand "
                "as arguments, e.g. houseway As Kd Qc Jh 9s 7d JK",
                2,
            )
        hands: Iterable[Line] = stdin_lines(sys.stdin.buffer)
    else:
        hands = [argument_line(ns.hand)]
    lang = Lang(ns.lang) if explaining else Lang.EN
    return run_hands(hands, ns.json, sys.stdout, sys.stderr, explaining, lang=lang, player=playing)


if __name__ == "__main__":
    sys.exit(main())
