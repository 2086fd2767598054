"""What the player's way wins back, measured on hands drawn rule by rule.

As ``houseway cost`` does (:mod:`houseway.analysis.cost`): hands are drawn path by path (half
evenly, half by each path's share), each analysed exactly against every dealer hand, and every
figure weighted back by the census's path shares, so it stands for a random hand. On the
same hands: what the house way gives up against the best split, and what the player's
way (:func:`houseway.strategy.player_way`) gains over the house way; their ratio is the
share won back, with a 95% interval by the delta method over the strata. The exact
figures over every hand are the whole-game solve's to give.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from houseway.analysis.analyze import legal_splits
from houseway.analysis.census import DEALER_HANDS, load_rule_counts
from houseway.analysis.cost import (
    GAP_MAX,
    WIN_HUNDREDTHS,
    allocate,
    block_seed,
    path_sampler,
    run_blocks,
)
from houseway.analysis.simulate import Z95
from houseway.strategy import PLAYER_RULES, player_way

#: Hands per unit of work (and of reproducibility) within one path.
BLOCK_SIZE: Final = 100
_SCALE: Final = 100 * DEALER_HANDS
#: The paths that end in the two-pair rules (the issue's "for two pairs").
TWO_PAIR_RULES: Final = frozenset({"two-pairs.split", "two-pairs.ace-jack"})


@dataclass
class Tally:
    """One path's hands: sums (in EV per hand) of the house way's gap, the player's gain,
    their squares and product; per deciding rule, hands changed and gain sums."""

    path: str
    hands: int = 0
    gap: float = 0.0
    gain: float = 0.0
    gap2: float = 0.0
    gain2: float = 0.0
    cross: float = 0.0
    changed: dict[str, int] = field(default_factory=dict)
    rule_gain: dict[str, float] = field(default_factory=dict)
    rule_gain2: dict[str, float] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.hands += other.hands
        self.gap += other.gap
        self.gain += other.gain
        self.gap2 += other.gap2
        self.gain2 += other.gain2
        self.cross += other.cross
        for name in ("changed", "rule_gain", "rule_gain2"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for rule, value in theirs.items():
                mine[rule] = mine.get(rule, 0) + value


def measure_block(job: tuple[int, str, int, int]) -> Tally:
    """Analyse ``count`` random hands of ``path``: house way, best split, player's way."""
    from houseway.analysis.exact import split_counts  # numpy

    seed, path, block, count = job
    rng = random.Random(block_seed(seed, path, block))
    sampler = path_sampler()
    tally = Tally(path)
    for _ in range(count):
        hand = sampler.draw(path, rng)
        mine = player_way(hand)
        splits = list(legal_splits(hand)[0])
        pays = [WIN_HUNDREDTHS * c.wins - 100 * c.losses for c in split_counts(hand, splits)]
        house = pays[splits.index((mine.house.five_value, mine.house.two_value))]
        gap = (max(pays) - house) / _SCALE
        gain = (pays[splits.index((mine.five_value, mine.two_value))] - house) / _SCALE
        tally.hands += 1
        tally.gap += gap
        tally.gain += gain
        tally.gap2 += gap * gap
        tally.gain2 += gain * gain
        tally.cross += gap * gain
        if mine.changed:
            tally.changed[mine.rule] = tally.changed.get(mine.rule, 0) + 1
            tally.rule_gain[mine.rule] = tally.rule_gain.get(mine.rule, 0.0) + gain
            tally.rule_gain2[mine.rule] = tally.rule_gain2.get(mine.rule, 0.0) + gain * gain
    return tally


@dataclass(frozen=True)
class Share:
    """What the house way gives up (EV a hand), what the player's way wins back, and the
    share won back with its 95% interval, over some paths (weighted to a random hand of them)."""

    gives_up: float
    wins_back: float
    share: float
    low: float
    high: float


def _variance(n: int, total: float, squares: float) -> float:
    """Sample variance; a stratum of one hand counts with the largest a gap can have."""
    if n < 2:
        return GAP_MAX * GAP_MAX / 4
    return max(0.0, (squares - total * total / n) / (n - 1))


def share_of(tallies: list[Tally], sizes: dict[str, int]) -> Share:
    total = sum(sizes[t.path] for t in tallies)
    weights = [sizes[t.path] / total for t in tallies]
    gives_up = sum(w * t.gap / t.hands for w, t in zip(weights, tallies, strict=True))
    wins_back = sum(w * t.gain / t.hands for w, t in zip(weights, tallies, strict=True))
    ratio = wins_back / gives_up if gives_up else 0.0
    variance = 0.0
    for w, t in zip(weights, tallies, strict=True):
        # The residual gain - ratio * gap, per hand of the stratum.
        n = t.hands
        residual = t.gain - ratio * t.gap
        squares = t.gain2 - 2 * ratio * t.cross + ratio * ratio * t.gap2
        variance += w * w * _variance(n, residual, squares) / n
    half = Z95 * math.sqrt(variance) / gives_up if gives_up else 0.0
    return Share(gives_up, wins_back, ratio, ratio - half, ratio + half)


@dataclass(frozen=True)
class RuleFigures:
    """Per player's-way rule: the share of all hands whose split it changes, and the EV it
    gains a hand over all hands (with a 95% interval) and a changed hand."""

    rule: str
    changes: float
    gain: float
    gain_half: float

    @property
    def per_changed(self) -> float:
        return self.gain / self.changes if self.changes else 0.0


@dataclass(frozen=True)
class Measurement:
    hands: int
    seed: int
    workers: int
    seconds: float
    tallies: dict[str, Tally]
    sizes: dict[str, int]

    def overall(self) -> Share:
        return share_of(list(self.tallies.values()), self.sizes)

    def two_pairs(self) -> Share:
        chosen = [t for t in self.tallies.values() if TWO_PAIR_RULES & set(t.path.split(","))]
        return share_of(chosen, self.sizes)

    def rules(self) -> list[RuleFigures]:
        total = sum(self.sizes.values())
        figures = []
        for rule in PLAYER_RULES:
            changes = gain = variance = 0.0
            for t in self.tallies.values():
                w = self.sizes[t.path] / total
                changes += w * t.changed.get(rule.id, 0) / t.hands
                summed = t.rule_gain.get(rule.id, 0.0)
                gain += w * summed / t.hands
                if summed:
                    squares = t.rule_gain2[rule.id]
                    variance += w * w * _variance(t.hands, summed, squares) / t.hands
            figures.append(RuleFigures(rule.id, changes, gain, Z95 * math.sqrt(variance)))
        return figures

    def to_json(self) -> dict[str, object]:
        def share(s: Share) -> dict[str, object]:
            return {
                "gives_up": s.gives_up,
                "wins_back": s.wins_back,
                "share": [s.share, s.low, s.high],
            }

        return {
            "hands": self.hands,
            "seed": self.seed,
            "workers": self.workers,
            "seconds": self.seconds,
            "overall": share(self.overall()),
            "two_pairs": share(self.two_pairs()),
            "rules": [
                {
                    "rule": f.rule,
                    "changes": f.changes,
                    "gain": [f.gain, f.gain - f.gain_half, f.gain + f.gain_half],
                    "gain_per_changed_hand": f.per_changed,
                }
                for f in self.rules()
            ],
        }


def run_measure(
    hands: int, seed: int, workers: int = 1, progress: Callable[[int, int], None] | None = None
) -> Measurement:
    """Analyse ``hands`` hands drawn path by path, in ``workers`` processes."""
    sizes: dict[str, int] = load_rule_counts()["paths"]
    work = [
        (seed, path, block, min(BLOCK_SIZE, count - start))
        for path, count in allocate(hands, sizes).items()
        for block, start in enumerate(range(0, count, BLOCK_SIZE))
    ]
    started = time.perf_counter()
    tallies = {path: Tally(path) for path in sizes}
    done = 0

    def add(part: Tally) -> None:
        nonlocal done
        tallies[part.path].add(part)
        done += part.hands
        if progress:
            progress(done, hands)

    workers = run_blocks(work, measure_block, workers, add)
    return Measurement(hands, seed, workers, time.perf_counter() - started, tallies, sizes)


def format_measure(result: Measurement) -> str:
    """The share won back overall and for two pairs, and the figures per rule."""
    lines = [
        f"{result.hands:,} hands (seed {result.seed}), drawn path by path and weighted by the "
        f"census, each analysed exactly; {result.workers} worker(s), {result.seconds:.0f} s",
        "",
    ]
    for label, s in (("all hands", result.overall()), ("two pairs", result.two_pairs())):
        lines.append(
            f"{label:10} house way gives up {s.gives_up:.5f} a hand; the player's way wins back "
            f"{s.wins_back:.5f}: {100 * s.share:.1f}% [{100 * s.low:.1f}%, {100 * s.high:.1f}%]"
        )
    lines += ["", f"{'rule':34}{'changes':>9}{'gain a hand':>13}  {'95% CI':<20}{'a change':>9}"]
    for f in result.rules():
        lines.append(
            f"{f.rule:34}{100 * f.changes:>8.3f}%{f.gain:>13.6f}  "
            f"[{f.gain - f.gain_half:.6f}, {f.gain + f.gain_half:.6f}]{f.per_changed:>9.4f}"
        )
    return "\n".join(lines) + "\n"
