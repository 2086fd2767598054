"""Tabulate, on collected hands, which simple alternative splits beat the house way, by features."""

from __future__ import annotations

import pickle
import sys
from collections import defaultdict
from itertools import combinations

from houseway.cards import RANK_OF, RANKS
from houseway.analysis.census import DEALER_HANDS
from houseway.hands import five_value, two_value

SCALE = 100 * DEALER_HANDS


def key_of(hand, low):
    five = [c for c in hand if c not in low]
    return five_value(five), two_value(low)


def groups(hand):
    g = defaultdict(list)
    for c in hand:
        g[RANK_OF[c]].append(c)
    return g


def two_pairs(rows):
    """Together (both pairs in five, two top singles low) vs house, by (high pair, low pair, top single)."""
    table = defaultdict(lambda: [0, 0.0, 0.0])
    for hand, house, pay in rows:
        g = groups(hand)
        pairs = sorted((r for r in g if len(g[r]) == 2), reverse=True)
        singles = sorted((c for r in g if len(g[r]) == 1 for c in g[r]), key=lambda c: -RANK_OF[c])
        if len(pairs) != 2:
            continue
        alt = key_of(hand, tuple(singles[:2]))
        if alt not in pay:
            continue
        split = key_of(hand, tuple(g[pairs[1]]))
        d = (pay[alt] - pay[split]) / SCALE
        k = KEY(pairs[0], pairs[1], RANK_OF[singles[0]], RANK_OF[singles[1]])
        t = table[k]
        t[0] += 1
        t[1] += d
        t[2] += (max(pay.values()) - pay[house]) / SCALE
    for k in sorted(table):
        n, d, gap = table[k]
        print(f"{k}: n={n:4d} together-split {d/n:+.4f} housegap {gap/n:.4f}")


def best_summary(rows, describe):
    table = defaultdict(lambda: [0, 0.0])
    total = 0.0
    import os
    for hand, house, pay in rows:
        if os.environ.get("FROM_PW"):
            from houseway.strategy import player_way
            pw = player_way(hand)
            house = (pw.five_value, pw.two_value)
        best = max(pay, key=pay.get)
        gap = (pay[best] - pay[house]) / SCALE
        total += gap
        if gap > 0:
            t = table[describe(hand, house, best)]
            t[0] += 1
            t[1] += gap
    print("total gap / hand", total / len(rows), len(rows))
    for k, (n, g) in sorted(table.items(), key=lambda kv: -kv[1][1])[:40]:
        print(f"{g / len(rows):.5f} n={n:4d} {k}")


if __name__ == "__main__":
    data = pickle.load(open(sys.argv[1], "rb"))
    what = sys.argv[2]
    COARSE = eval("lambda shape, hc, ht, bc, bt: " + sys.argv[4]) if len(sys.argv) > 4 else None
    KEY = eval("lambda h, l, s, s2: " + sys.argv[3]) if len(sys.argv) > 3 else None
    if what == "two-pairs":
        two_pairs(data["two-pairs.split"] + data["two-pairs.ace-jack"] + data["flush-straight.two-pairs,two-pairs.split"])


def describe(hand, house, best):
    from houseway.hands import category_of, category_name, two_name
    g = groups(hand)
    shape = "".join(str(len(v)) for v in sorted(g.values(), key=len, reverse=True))
    tw = lambda v: RANKS[v - 256] * 2 if v >= 256 else RANKS[v >> 4] + RANKS[v & 15]
    return COARSE(shape, category_name(house[0]), tw(house[1]), category_name(best[0]), tw(best[1]))


if __name__ == "__main__" and sys.argv[2] == "best":
    rows = []
    for p in sys.argv[3].split("+"):
        rows += data[p]
    best_summary(rows, describe)
