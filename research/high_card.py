"""High card: the house plays the 2nd and 3rd highest low. Alternatives: 2nd with 4th, 2nd with
the lowest; mean difference against the house by (2nd, 3rd) ranks."""

import pickle
import sys
from collections import defaultdict

from houseway.cards import RANK_OF, RANKS
from houseway.analysis.census import DEALER_HANDS
from houseway.hands import five_value, two_value

SCALE = 100 * DEALER_HANDS
data = pickle.load(open(sys.argv[1], "rb"))
key = eval("lambda r: " + sys.argv[2])
table = defaultdict(lambda: [0, 0.0, 0.0, 0.0])
for hand, house, pay in data["high-card"]:
    cards = sorted(hand, key=lambda c: -RANK_OF[c])
    r = [RANK_OF[c] for c in cards]
    t = table[key(r)]
    t[0] += 1
    for i, low in enumerate(((cards[1], cards[3]), (cards[1], cards[6]))):
        alt = (five_value([c for c in hand if c not in low]), two_value(low))
        t[1 + i] += (pay[alt] - pay[house]) / SCALE if alt in pay else -9
    t[3] += (max(pay.values()) - pay[house]) / SCALE
for k in sorted(table):
    n, a, b, g = table[k]
    print(f"{k}: n={n:4d} 2nd+4th {a / n:+.4f}  2nd+7th {b / n:+.4f}  gap {g / n:.4f}")
