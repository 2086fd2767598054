"""Three of a kind: keep it (house), or play a pair of it in five and (top single, the third) low."""

import pickle
import sys
from collections import defaultdict

from houseway.cards import RANK_OF
from houseway.analysis.census import DEALER_HANDS
from houseway.hands import five_value, two_value

SCALE = 100 * DEALER_HANDS
data = pickle.load(open(sys.argv[1], "rb"))
table = defaultdict(lambda: [0, 0.0])
for hand, house, pay in data["three-of-a-kind"]:
    g = defaultdict(list)
    for c in hand:
        g[RANK_OF[c]].append(c)
    trip = next(r for r, v in g.items() if len(v) == 3)
    top = max(r for r, v in g.items() if len(v) == 1)
    low = (g[top][0], g[trip][0])
    alt = (five_value([c for c in hand if c not in low]), two_value(low))
    t = table[(trip, top)]
    t[0] += 1
    t[1] += (pay[alt] - pay[house]) / SCALE
for k in sorted(table):
    n, d = table[k]
    if k[0] >= 9:
        print(k, n, f"{d / n:+.4f}")
