"""Score houseway.strategy.player_way on collected hands: per path, what the house way gives up
and what the player's way wins back; per player's rule, hands changed and gain (unweighted
within a path; paths shown separately)."""

from __future__ import annotations

import pickle
import sys
from collections import defaultdict

from houseway.analysis.census import DEALER_HANDS
from houseway.strategy import player_way

SCALE = 100 * DEALER_HANDS

data = pickle.load(open(sys.argv[1], "rb"))
for path, rows in data.items():
    gap = gain = 0.0
    per_rule: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0.0, 0])
    for hand, house, pay in rows:
        pw = player_way(hand)
        key = (pw.five_value, pw.two_value)
        best = max(pay.values())
        gap += (best - pay[house]) / SCALE
        g = (pay[key] - pay[house]) / SCALE
        gain += g
        r = per_rule[pw.rule]
        r[0] += 1
        r[1] += key != house
        r[2] += g
        r[3] += g < 0
    n = len(rows)
    print(f"{path:45s} n={n:5d} house gives up {gap / n:.5f}, player wins back {gain / n:.5f} ({100 * gain / gap if gap else 0:.0f}%)")
    for rule, (m, changed, g, worse) in sorted(per_rule.items()):
        print(f"    {rule:38s} {m:5d} hands, {changed:5d} changed, {worse:4d} worse, gain {g / n:+.5f}")
