"""The player's way over a whole-game solve: its exact value from a run's chunks.

Every class's chunk row holds each split's exact wins and losses against all 53,524,680
dealer hands (:mod:`houseway.solve.files`), so the player's way needs no more analysis: its
split (:func:`houseway.strategy.player_split`, the same for every hand of a suit class) is
looked up among the class's splits by its five- and two-card values, and its counts are
summed with the class's weight. From them: the player's way against the house way's
dealer (counts and the exact house edge), what it wins back of what the house way gives
up against the best split (over all hands and over the two-pair paths), and per rule of
the player's way the hands whose split it changes and what it gains. All sums are
integers (hundredths of a unit over every dealer hand), so the figures are exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from houseway.analysis.census import DEALER_HANDS, TOTAL_HANDS
from houseway.solve.compute import ChunkResult, path_names
from houseway.solve.files import (
    LOSS_CENTS,
    WIN_CENTS,
    checked_chunks,
    edge,
    read_chunk,
    read_run,
)
from houseway.strategy import PLAYER_RULES, player_split

#: The house-way paths "two pairs" means here: those holding the two-pair rules (as
#: ``houseway strategy --measure`` counts them).
TWO_PAIR_RULES: Final = frozenset({"two-pairs.split", "two-pairs.ace-jack"})


class _Sums:
    """Integer sums over classes, each counted by its weight."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]  # the player's way: wins, pushes, losses
        self.hands = 0
        self.gap = 0  # best − house way, hundredths over all dealer hands
        self.gain = 0  # player's way − house way
        self.pw_not_best = 0
        self.two_pairs = [0, 0, 0]  # hands, gap, gain on the two-pair paths
        self.rules = {rule.id: [0, 0] for rule in PLAYER_RULES}  # hands changed, gain


def _add_chunk(sums: _Sums, chunk: ChunkResult, two_pair_paths: npt.NDArray[np.bool_]) -> None:
    weight = chunk.weight.astype(np.int64)
    wins = chunk.wins.astype(np.int64)
    losses = chunk.losses.astype(np.int64)
    used = np.arange(wins.shape[1])[None, :] < chunk.splits[:, None]
    payoff = np.where(used, WIN_CENTS * wins - LOSS_CENTS * losses, np.iinfo(np.int64).min)
    rows = np.arange(len(weight))
    house = chunk.house.astype(np.intp)
    chosen = np.empty(len(weight), dtype=np.intp)
    deciding: list[str] = []
    for i, cards in enumerate(chunk.cards.tolist()):
        five, two, rule = player_split(cards)
        match = np.flatnonzero((chunk.five[i] == five) & (chunk.two[i] == two) & used[i])
        if len(match) == 0:
            raise ValueError(f"the player's way of {cards} is none of its class's splits")
        chosen[i] = match[0]
        deciding.append(rule)
    top = payoff.max(axis=1)
    mine, theirs = payoff[rows, chosen], payoff[rows, house]
    w, lo = wins[rows, chosen], losses[rows, chosen]
    for i, count in enumerate((weight @ w, weight @ (DEALER_HANDS - w - lo), weight @ lo)):
        sums.counts[i] += int(count)
    gap, gain = top - theirs, mine - theirs
    sums.hands += int(weight.sum())
    sums.gap += int(weight @ gap)
    sums.gain += int(weight @ gain)
    sums.pw_not_best += int(weight[mine < top].sum())
    pairs = two_pair_paths[chunk.path]
    sums.two_pairs[0] += int(weight[pairs].sum())
    sums.two_pairs[1] += int(weight[pairs] @ gap[pairs])
    sums.two_pairs[2] += int(weight[pairs] @ gain[pairs])
    for i, rule in enumerate(deciding):
        entry = sums.rules.get(rule)
        if entry is not None:  # a pw.… rule decided: the split is not the house way's
            entry[0] += int(weight[i])
            entry[1] += int(weight[i] * gain[i])


def player_way_summary(
    out: Path, progress: Callable[[int, int], None] | None = None
) -> dict[str, object]:
    """The player's way's exact figures over the chunks in ``out`` (``partial`` while some
    are missing), beside what the house way gives up."""
    run = read_run(out)
    numbers = checked_chunks(run)

    def chunks() -> Iterator[ChunkResult]:
        for done, number in enumerate(numbers, 1):
            yield read_chunk(out, number)
            if progress is not None:
                progress(done, len(numbers))

    figures = player_way_figures(chunks())
    whole = figures["hands"] == TOTAL_HANDS
    return {"partial": len(numbers) < run.chunks or not whole, **figures}


def player_way_figures(chunks: Iterable[ChunkResult]) -> dict[str, object]:
    """The player's way's exact figures over ``chunks`` (see the module's docstring)."""
    two_pair_paths = np.array([bool(TWO_PAIR_RULES & set(n.split(","))) for n in path_names()])
    sums = _Sums()
    for chunk in chunks:
        _add_chunk(sums, chunk, two_pair_paths)
    scale = 100 * DEALER_HANDS
    hands = sums.hands or 1
    pair_hands, pair_gap, pair_gain = sums.two_pairs
    return {
        "hands": sums.hands,
        "player_way": edge(sums.counts),
        "house_way_gives_up": sums.gap / (scale * hands),
        "player_way_gains": sums.gain / (scale * hands),
        "won_back": sums.gain / sums.gap if sums.gap else None,
        "gap_cents": sums.gap,
        "gain_cents": sums.gain,
        "not_best": sums.pw_not_best,
        "not_best_share": sums.pw_not_best / hands,
        "two_pairs": {
            "hands": pair_hands,
            "gap_cents": pair_gap,
            "gain_cents": pair_gain,
            "won_back": pair_gain / pair_gap if pair_gap else None,
        },
        "rules": {
            rule: {
                "changed": changed,
                "changed_share": changed / hands,
                "gain_cents": gain,
                "gain": gain / (scale * hands),
                "gain_a_change": gain / (scale * changed) if changed else None,
            }
            for rule, (changed, gain) in sums.rules.items()
        },
    }
