"""Our house way beside pokersolver's, in one run, on the same random hands.

pokersolver (JavaScript, npm) has the most complete open-source house way
(``PaiGowPokerHelper``, the MGM Grand's). Both decide the same ``--hands`` random
seven-card hands from the 53-card deck with the joker: pokersolver under node, driven
through ``benchmarks/pokersolver_house_way.js``, and ``house_way`` here. Only the
deciding is timed (not node's start, not reading the hands); the two take turns for
``--rounds`` rounds and each figure is the best round. ``house_way`` runs cold (its memo
emptied first, as after a start) and warm (the same hands again). It prints
decisions a second by the wall clock (by CPU time in brackets) and how many times
pokersolver's rate each of ours is.

Install pokersolver first (once; ``benchmarks/.node`` is ignored by git)::

    npm install --prefix benchmarks/.node pokersolver@2.1.4

Run: ``python benchmarks/bench_vs_pokersolver.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import time
from pathlib import Path
from typing import IO, Any

from houseway.cards import DECK, HAND_SIZE, JOKER, NAMES, Card
from houseway.hands import five_value, two_value
from houseway.way import clear_cache, house_way

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "pokersolver_house_way.js"
#: The version measured here; the command says which one ran.
VERSION = "2.1.4"
#: pokersolver's names: ours, but the joker is 'Or' (value 'O', suit 'r').
POKERSOLVER_NAME = {card: "Or" if card == JOKER else NAMES[card] for card in DECK}
CARD_OF_POKERSOLVER = {name: card for card, name in POKERSOLVER_NAME.items()}


class Node:
    """pokersolver's house way in a node process that answers one request a line."""

    def __init__(self, node: str, module: Path, hands: list[tuple[Card, ...]]) -> None:
        self.process = subprocess.Popen(
            [node, str(DRIVER), str(module)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        named = [[POKERSOLVER_NAME[c] for c in hand] for hand in hands]
        assert self.ask({"hands": named})["ready"] == len(hands)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        stdin: IO[str] | None = self.process.stdin
        stdout: IO[str] | None = self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps(request) + "\n")
        stdin.flush()
        answer: dict[str, Any] = json.loads(stdout.readline())
        return answer

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def timed_here(hands: list[tuple[Card, ...]]) -> tuple[float, float]:
    """Seconds of the wall clock and of CPU time to decide every hand with house_way."""
    wall, cpu = time.perf_counter(), time.process_time()
    for hand in hands:
        house_way(hand)
    return time.perf_counter() - wall, time.process_time() - cpu


def compare_splits(hands: list[tuple[Card, ...]], splits: list[list[list[str]]]) -> tuple[int, int]:
    """Hands both house ways split alike (equal five- and two-card values), and hands
    pokersolver did not split into five and two of their seven cards."""
    same = broken = 0
    for hand, (five, two) in zip(hands, splits, strict=True):
        theirs_five = [CARD_OF_POKERSOLVER[name] for name in five]
        theirs_two = [CARD_OF_POKERSOLVER[name] for name in two]
        if (len(theirs_five), len(theirs_two)) != (5, 2) or sorted(hand) != sorted(
            theirs_five + theirs_two
        ):
            broken += 1
            continue
        ours = house_way(hand)
        if (five_value(theirs_five), two_value(theirs_two)) == (ours.five_value, ours.two_value):
            same += 1
    return same, broken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=3, help="turns each; figures the best")
    parser.add_argument("--node", default="node", help="the node executable")
    parser.add_argument(
        "--node-dir",
        type=Path,
        default=HERE / ".node",
        help="where npm installed pokersolver (npm's --prefix)",
    )
    args = parser.parse_args()
    node = shutil.which(args.node)
    module = args.node_dir / "node_modules" / "pokersolver"
    if node is None or not (module / "pokersolver.js").is_file():
        install = f"npm install --prefix {args.node_dir} pokersolver@{VERSION}"
        if node is None:
            print(f"skipped: node not found (install Node.js, then run: {install})")
        else:
            print(f"skipped: pokersolver not found in {args.node_dir} (run: {install})")
        return
    version = json.loads((module / "package.json").read_text("utf-8"))["version"]
    node_version = subprocess.run(
        [node, "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()

    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(DECK, HAND_SIZE)) for _ in range(args.hands)]
    theirs = Node(node, module, hands)
    try:
        load = os.getloadavg()
        runs: dict[str, list[tuple[float, float]]] = {"theirs": [], "cold": [], "warm": []}
        for _ in range(args.rounds):
            answer = theirs.ask({"time": True})
            runs["theirs"].append((answer["wall"], answer["cpu"]))
            clear_cache()
            runs["cold"].append(timed_here(hands))
            runs["warm"].append(timed_here(hands))
        same, broken = compare_splits(hands, theirs.ask({"splits": True})["splits"])
    finally:
        theirs.close()

    def rates(name: str) -> tuple[float, float]:
        wall = min(r[0] for r in runs[name])
        cpu = min(r[1] for r in runs[name])
        return args.hands / wall, args.hands / cpu

    print(
        f"house way on {args.hands:,} random hands (seed {args.seed}), one core each, "
        f"the best of {args.rounds} alternating rounds; load average "
        f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start"
    )
    base = rates("theirs")[0]
    rows = (
        (f"pokersolver {version} PaiGowPokerHelper, node {node_version}:", "theirs"),
        ("houseway house_way, cold (empty memo):", "cold"),
        ("houseway house_way, warm:", "warm"),
    )
    for label, name in rows:
        wall, cpu = rates(name)
        ratio = "" if name == "theirs" else f"  {wall / base:5.1f}× pokersolver"
        print(f"  {label:48} {wall:>9,.0f} decisions/s ({cpu:,.0f} by CPU){ratio}")
    print(
        f"  the same split (equal five- and two-card values) on {same / args.hands:.1%} of "
        "the hands: pokersolver follows the MGM Grand's house way, we the Swedish text"
    )
    if broken:
        print(
            f"  pokersolver's split is not five and two of the hand's cards on {broken:,} "
            f"hands ({broken / args.hands:.1%}; two pairs and the joker: a card is lost)"
        )


if __name__ == "__main__":
    main()
