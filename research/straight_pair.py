"""Straight/flush with one pair that cannot move: keep it, or play the pair with the two highest
other cards low? Mean difference by (the kept two-card hand's top, the one-pair two-card hand)."""

import pickle
import sys
from collections import defaultdict

from houseway.cards import RANK_OF, RANKS
from houseway.analysis.census import DEALER_HANDS
from houseway.hands import five_value, two_value, category_name

SCALE = 100 * DEALER_HANDS
data = pickle.load(open(sys.argv[1], "rb"))
key = eval("lambda cat, ht, hl, pt, ps, pr: " + sys.argv[2])
table = defaultdict(lambda: [0, 0.0, 0])
for hand, house, pay in data["flush-straight.keep"]:
    g = defaultdict(list)
    for c in sorted(hand, key=lambda c: (c == 52, c)):
        g[RANK_OF[c]].append(c)
    if sorted(map(len, g.values())) != [1, 1, 1, 1, 1, 2]:
        continue
    singles = sorted((v[0] for v in g.values() if len(v) == 1), key=lambda c: -RANK_OF[c])
    pair = next(r for r, v in g.items() if len(v) == 2)
    low = singles[:2]
    alt = (five_value([c for c in hand if c not in low]), two_value(low))
    d = (pay[alt] - pay[house]) / SCALE
    k = key(category_name(house[0]), house[1] >> 4, house[1] & 15, RANK_OF[low[0]], RANK_OF[low[1]], pair)
    t = table[k]
    t[0] += 1
    t[1] += d
    t[2] += d > 0
for k in sorted(table):
    n, d, pos = table[k]
    print(f"{k}: n={n:4d} pair-play minus keep {d / n:+.4f}  better in {pos}")
