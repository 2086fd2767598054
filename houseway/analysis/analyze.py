"""Every legal split of a player's hand, valued against the dealer's house way.

By default exactly: against all C(46,7) = 53,524,680 dealer hands from the cards the
player does not hold (:mod:`houseway.analysis.exact`, through the dealer's suit classes). On
request by sampling: ``deals`` dealer hands drawn once and set by the house way; every
split meets the same dealer hands (common random numbers), so differences between
splits are measured on paired deals and their standard errors are far smaller than
the EVs' own.

The hot part of sampling is counting, for each split, the dealer hands it beats in
both hands and loses to in both. With the dealer hands sorted by five-card value,
"the player's five beats the dealer's" is a prefix of that order, i.e. the
bitmask ``(1 << k) - 1``; "the player's two beats the dealer's" is a bitmask
built in C by ``bytes.translate``. Wins, losses and the paired products between
two splits are then popcounts of big-integer ANDs.
"""

from __future__ import annotations

import random
import time
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from houseway.analysis.census import DEALER_HANDS
from houseway.analysis.simulate import mean_se
from houseway.cards import (
    DECK,
    Card,
    canonical_hand,
    check_hand,
    format_cards,
    parse_hand,
)
from houseway.hands import category_name, display_order, five_value, is_legal, two_name, two_value
from houseway.language import Lang
from houseway.settle import WIN_PAYOFF
from houseway.shape import splits
from houseway.way import house_way

#: Dealer hands a sampled analysis draws when asked to sample without a count.
DEFAULT_DEALS: Final = 20_000
DEFAULT_SEED: Final = 0
_WIN_SQUARED: Final = WIN_PAYOFF * WIN_PAYOFF


@dataclass(frozen=True)
class SplitResult:
    """One way to set the hand (all card splits with the same two values merged).

    ``wins``, ``pushes`` and ``losses`` count dealer hands (all of them when exact).
    ``ev`` is the mean payoff per unit wagered (+0.95 win, 0 push, -1 loss) and
    ``se`` its standard error (0 when exact). ``gap`` is how much this split gives up
    against the best one, ``gap_se`` the standard error of the paired differences.
    """

    five: tuple[Card, ...]
    two: tuple[Card, ...]
    five_value: int
    two_value: int
    ways: int
    wins: int
    pushes: int
    losses: int
    ev: float
    se: float
    gap: float
    gap_se: float
    house_way: bool

    def five_name(self, lang: Lang = Lang.EN) -> str:
        return category_name(self.five_value, lang)

    def two_name(self, lang: Lang = Lang.EN) -> str:
        return two_name(self.two_value, lang)

    def to_json(self) -> dict[str, object]:
        return {
            "five": format_cards(self.five).split(),
            "two": format_cards(self.two).split(),
            "five_name": self.five_name(),
            "two_name": self.two_name(),
            "five_value": self.five_value,
            "two_value": self.two_value,
            "ways": self.ways,
            "wins": self.wins,
            "pushes": self.pushes,
            "losses": self.losses,
            "ev": self.ev,
            "se": self.se,
            "gap": self.gap,
            "gap_se": self.gap_se,
            "house_way": self.house_way,
        }


@dataclass(frozen=True)
class Analysis:
    """The legal splits of ``hand`` ranked by EV, best first (picklable, plain data).

    ``deals`` is the number of dealer hands each split met: all 53,524,680 when
    ``exact`` (``seed`` is then None), else the sample's size.
    """

    hand: tuple[Card, ...]
    deals: int
    seed: int | None
    splits: tuple[SplitResult, ...]
    fouls: int
    house_path: tuple[str, ...]
    seconds: float
    exact: bool = False

    @property
    def best(self) -> SplitResult:
        return self.splits[0]

    @property
    def house(self) -> SplitResult:
        return next(split for split in self.splits if split.house_way)

    @property
    def house_rank(self) -> int:
        """1 when the house way is the best split."""
        return next(i for i, split in enumerate(self.splits, 1) if split.house_way)

    @property
    def give_up(self) -> float:
        """EV the house way gives up against the best split (0 when it is the best)."""
        return self.house.gap

    @property
    def give_up_se(self) -> float:
        return self.house.gap_se

    def to_json(self) -> dict[str, object]:
        return {
            "hand": canonical_hand(self.hand).split(),
            "exact": self.exact,
            "deals": self.deals,
            "seed": self.seed,
            "house_path": list(self.house_path),
            "house_rank": self.house_rank,
            "give_up": self.give_up,
            "give_up_se": self.give_up_se,
            "fouls": self.fouls,
            "seconds": self.seconds,
            "splits": [split.to_json() for split in self.splits],
        }


def dealer_values(remaining: Sequence[Card], deals: int, seed: int) -> tuple[list[int], list[int]]:
    """Five- and two-card values of ``deals`` dealer hands set by the house way."""
    sample = random.Random(seed).sample
    pool = list(remaining)
    fives: list[int] = []
    twos: list[int] = []
    add_five = fives.append
    add_two = twos.append
    for _ in range(deals):
        decision = house_way(sample(pool, 7))
        add_five(decision[4])
        add_two(decision[5])
    return fives, twos


def _bit_table(below: int) -> bytes:
    """``bytes.translate`` table: ASCII '1' for codes under ``below``, else '0'."""
    return bytes(0x31 if code < below else 0x30 for code in range(256))


class DealerHands:
    """Dealer hands prepared for counting: one bit per hand, in five-value order."""

    def __init__(self, fives: list[int], twos: list[int]) -> None:
        order = sorted(range(len(fives)), key=fives.__getitem__)
        self.fives = [fives[i] for i in order]
        self.distinct_twos = sorted(set(twos))
        dense = {value: code for code, value in enumerate(self.distinct_twos)}  # < 91 codes
        # Reversed so that the last hand of the order becomes the string's first
        # (most significant) digit: bit j of the parsed int is hand j.
        self.two_codes = bytes(dense[twos[i]] for i in reversed(order))
        self.everything = (1 << len(fives)) - 1
        self._two_masks: dict[int, int] = {}

    def outcome_masks(self, five: int, two: int) -> tuple[int, int]:
        """Bitmasks of the dealer hands this split beats in both hands and loses both to."""
        five_wins = (1 << bisect_left(self.fives, five)) - 1
        below = bisect_left(self.distinct_twos, two)
        two_wins = self._two_masks.get(below)
        if two_wins is None:
            two_wins = int(self.two_codes.translate(_bit_table(below)), 2)
            self._two_masks[below] = two_wins
        return five_wins & two_wins, self.everything & ~(five_wins | two_wins)


SplitGroups = dict[tuple[int, int], tuple[tuple[Card, ...], tuple[Card, ...], int]]


def legal_splits(hand: Sequence[Card]) -> tuple[SplitGroups, int]:
    """The hand's legal splits merged by value, with one choice of cards and how many
    card splits share it; and the number of fouled card splits."""
    groups: SplitGroups = {}
    fouls = 0
    for two, five in splits(hand):
        key = (five_value(five), two_value(two))
        if not is_legal(*key):
            fouls += 1
            continue
        if key in groups:
            shown_five, shown_two, ways = groups[key]
            groups[key] = (shown_five, shown_two, ways + 1)
        else:
            groups[key] = (five, two, 1)
    return groups, fouls


def analyze(
    cards: Sequence[Card] | str, deals: int | None = None, seed: int = DEFAULT_SEED
) -> Analysis:
    """EV of every legal split of ``cards``: exact against every dealer hand by default,
    or against ``deals`` dealer hands sampled with ``seed``."""
    started = time.perf_counter()
    hand = parse_hand(cards) if isinstance(cards, str) else check_hand(cards)
    if deals is not None and deals < 1:
        raise ValueError("deals must be at least 1")
    decision = house_way(hand)
    house_key = (decision.five_value, decision.two_value)
    # Card splits merged by value: same values, same result against every dealer hand.
    groups, fouls = legal_splits(hand)
    if house_key in groups:  # show the house way's own cards for its split
        groups[house_key] = (decision.five, decision.two, groups[house_key][2])
    if deals is None:
        results = _exact_results(hand, groups, house_key)
    else:
        results = _sampled_results(hand, groups, house_key, deals, seed)
    results.sort(key=lambda s: (-s.ev, -s.two_value, -s.five_value))
    return Analysis(
        hand=hand,
        deals=DEALER_HANDS if deals is None else deals,
        seed=None if deals is None else seed,
        splits=tuple(results),
        fouls=fouls,
        house_path=decision.path,
        seconds=time.perf_counter() - started,
        exact=deals is None,
    )


def _result(
    key: tuple[int, int],
    group: tuple[tuple[Card, ...], tuple[Card, ...], int],
    house: bool,
    outcomes: tuple[int, int, int],
    ev: tuple[float, float],
    gap: tuple[float, float],
) -> SplitResult:
    """A split's row: its cards as shown, ``outcomes`` (wins, pushes, losses), and
    ``ev`` and ``gap`` each as (value, standard error)."""
    shown_five, shown_two, ways = group
    return SplitResult(
        five=display_order(shown_five, key[0]),
        two=display_order(shown_two),
        five_value=key[0],
        two_value=key[1],
        ways=ways,
        wins=outcomes[0],
        pushes=outcomes[1],
        losses=outcomes[2],
        ev=ev[0],
        se=ev[1],
        gap=gap[0],
        gap_se=gap[1],
        house_way=house,
    )


def _exact_results(
    hand: tuple[Card, ...], groups: SplitGroups, house_key: tuple[int, int]
) -> list[SplitResult]:
    """Every split against all dealer hands; EVs and gaps from the integer counts."""
    from houseway.analysis.exact import split_counts  # numpy: only for exact analysis

    keys = list(groups)
    counts = dict(zip(keys, split_counts(hand, keys), strict=True))
    # Payoff totals in hundredths of a unit: integers, so equal splits tie exactly.
    cents = {key: 95 * c.wins - 100 * c.losses for key, c in counts.items()}
    best = max(cents.values())
    scale = 100 * DEALER_HANDS
    return [
        _result(
            key,
            group,
            key == house_key,
            (counts[key].wins, counts[key].pushes, counts[key].losses),
            (cents[key] / scale, 0.0),
            ((best - cents[key]) / scale, 0.0),
        )
        for key, group in groups.items()
    ]


def _sampled_results(
    hand: tuple[Card, ...],
    groups: SplitGroups,
    house_key: tuple[int, int],
    deals: int,
    seed: int,
) -> list[SplitResult]:
    """Every split against the same ``deals`` sampled dealer hands, with standard errors."""
    held = set(hand)
    remaining = [c for c in DECK if c not in held]
    dealer = DealerHands(*dealer_values(remaining, deals, seed))

    masks = {key: dealer.outcome_masks(*key) for key in groups}
    counts = {key: (win.bit_count(), loss.bit_count()) for key, (win, loss) in masks.items()}
    best_key = max(counts, key=lambda k: (WIN_PAYOFF * counts[k][0] - counts[k][1], k[1], k[0]))
    best_win, best_loss = masks[best_key]
    best_wins, best_losses = counts[best_key]

    results = []
    for key, group in groups.items():
        wins, losses = counts[key]
        win_mask, loss_mask = masks[key]
        ev, se = mean_se(WIN_PAYOFF * wins - losses, _WIN_SQUARED * wins + losses, deals)
        # Paired differences d = X_best - X: sum d² = sum X_best² + sum X² - 2 sum X_best X.
        cross = (
            _WIN_SQUARED * (best_win & win_mask).bit_count()
            - WIN_PAYOFF * (best_win & loss_mask).bit_count()
            - WIN_PAYOFF * (best_loss & win_mask).bit_count()
            + (best_loss & loss_mask).bit_count()
        )
        squares = _WIN_SQUARED * (best_wins + wins) + best_losses + losses - 2 * cross
        gap_total = WIN_PAYOFF * (best_wins - wins) - (best_losses - losses)
        gap, gap_se = mean_se(gap_total, squares, deals)
        results.append(
            _result(
                key,
                group,
                key == house_key,
                (wins, deals - wins - losses, losses),
                (ev, se),
                (0.0, 0.0) if key == best_key else (gap, gap_se),
            )
        )
    return results


def format_analysis(analysis: Analysis, top: int = 10) -> str:
    """A table of the ``top`` splits (plus the house way's if lower) and a summary line."""
    if analysis.exact:
        source = f"exact: all {analysis.deals:,} dealer hands"
        header = f"{'EV':>10}{'gives up':>10}{'win':>10}{'push':>10}{'loss':>10}"
    else:
        source = f"{analysis.deals:,} dealer hands, seed {analysis.seed}"
        header = f"{'EV':>8}{'SE':>8}{'gives up':>9}{'±':>7}  win/push/loss %"
    lines = [
        f"Hand: {canonical_hand(analysis.hand)}   ({source}, "
        f"{len(analysis.splits)} distinct legal splits, {analysis.fouls} fouls skipped)",
        "",
        f"{'#':>3}  {'five-card':<16}{'two':<7}{'five name':<16}{'two name':<11}{header}",
    ]
    shown = [
        (rank, split)
        for rank, split in enumerate(analysis.splits, 1)
        if rank <= top or split.house_way
    ]
    for rank, split in shown:
        if rank > top:
            lines.append(f"{'…':>3}")
        outcomes = (split.wins, split.pushes, split.losses)
        if analysis.exact:
            figures = f"{split.ev:>+10.6f}{split.gap:>10.6f}" + "".join(
                f"{count / analysis.deals:>10.6f}" for count in outcomes
            )
        else:
            mix = "/".join(f"{100 * count / analysis.deals:.1f}" for count in outcomes)
            figures = (
                f"{split.ev:>+8.4f}{split.se:>8.4f}{split.gap:>9.4f}{split.gap_se:>7.4f}  {mix}"
            )
        marker = "  ← house way" if split.house_way else ""
        lines.append(
            f"{rank:>3}  {format_cards(split.five):<16}{format_cards(split.two):<7}"
            f"{split.five_name():<16}{split.two_name():<11}{figures}{marker}"
        )
    lines += ["", _summary(analysis) + "."]
    return "\n".join(lines) + "\n"


def _summary(analysis: Analysis) -> str:
    """Where the house way stands and what it gives up (± a standard error when sampled)."""
    house = analysis.house
    path = " → ".join(analysis.house_path)

    def figure(value: float, se: float, signed: bool = False) -> str:
        if analysis.exact:
            return f"{value:{'+' if signed else ''}.6f}"
        return f"{value:{'+' if signed else ''}.4f} ± {se:.4f}"

    if analysis.house_rank == 1:
        summary = f"The house way ({path}) is the best split: EV {figure(house.ev, house.se, True)}"
        if len(analysis.splits) > 1:
            runner_up = analysis.splits[1]
            summary += f"; the next best gives up {figure(runner_up.gap, runner_up.gap_se)} units"
        return summary
    best_ev = f"{analysis.best.ev:+.6f}" if analysis.exact else f"{analysis.best.ev:+.4f}"
    return (
        f"The house way ({path}) ranks {analysis.house_rank} of {len(analysis.splits)}: "
        f"EV {figure(house.ev, house.se, True)} against the best split's {best_ev}; "
        f"it gives up {figure(analysis.give_up, analysis.give_up_se)} units per hand"
        + ("" if analysis.exact else " (paired)")
    )
