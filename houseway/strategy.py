"""A player's way: the project's own short strategy against a Huset väljer dealer.

The house way is not meant to win (the casino's text says so): it keeps losses down.
Exact analyses of sampled hands (``houseway strategy --measure``) show where it gives
up the most; each rule here changes or refines one house-way rule there and is simple
enough to learn. Everywhere else the player's way is the house way: :func:`player_way`
starts from :func:`houseway.way.house_way` and changes the split only where a rule of
:data:`PLAYER_RULES` applies. Each rule is one function here, which returns what it read
(:class:`PlayerStep`): the explanations say that record and decide nothing themselves.
The catalogue (ids, texts, names) is :mod:`houseway.player_rules`; the texts are the
project's advice, not the casino's.

Stdlib only, so that the bot and the exact solve can call it on any hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from houseway.cards import (
    ACE,
    JACK,
    KING,
    NINE,
    QUEEN,
    RANK_OF,
    SIX,
    TEN,
    Card,
    canonical_hand,
    card_name,
    check_hand,
    format_cards,
    parse_hand,
)
from houseway.hands import Category, category_of, display_order, five_value, is_legal, two_value
from houseway.language import Lang
from houseway.player_rules import (
    ADVICE_MARKER,
    PLAYER_RULE_IDS,
    PLAYER_RULE_NAMES,
    PLAYER_RULES,
    WAY_NAME,
    PlayerRule,
    like_player_way,
    names_player_way,
    player_rule,
    player_rule_name,
)
from houseway.shape import STRAIGHTISH, groups_of, of_size, singles, splits
from houseway.way import Decision, house_way

#: The catalogue is :mod:`houseway.player_rules`; its names are part of this module's API.
__all__ = [
    "ADVICE_MARKER",
    "PLAYER_RULES",
    "PLAYER_RULE_IDS",
    "PLAYER_RULE_NAMES",
    "WAY_NAME",
    "WON_BACK",
    "PlayerDecision",
    "PlayerRule",
    "PlayerStep",
    "WonBack",
    "format_strategy",
    "like_player_way",
    "names_player_way",
    "player_rule",
    "player_rule_name",
    "player_split",
    "player_way",
    "strategy_fields",
    "together_with_ace",
]

Cards = tuple[Card, ...]


class PlayerStep(NamedTuple):
    """What the rule of the player's way that changed the split read on these cards: the
    groups of equal rank it weighed and the single cards it read (highest first), and the
    two-card hand it set. What the house way would do is the decision's ``house``."""

    rule: str
    low: Cards
    groups: tuple[Cards, ...] = ()
    singles: Cards = ()


class PlayerDecision(NamedTuple):
    """The player's way's split of one hand, the rule that decided, and the house way's."""

    hand: tuple[Card, ...]
    five: tuple[Card, ...]
    two: tuple[Card, ...]
    rule: str
    five_value: int
    two_value: int
    house: Decision
    #: The rule's record on these cards (None: no rule of the player's way changed the split).
    step: PlayerStep | None = None

    @property
    def changed(self) -> bool:
        """The split differs from the house way's (by value: equal cards do not count)."""
        return (self.five_value, self.two_value) != (self.house.five_value, self.house.two_value)


@dataclass(frozen=True, slots=True)
class WonBack:
    """What the player's way wins back of what the house way gives up against the best
    split: a share with its 95 % interval, and how it was measured. The one place the
    figure lives (README, /rules), so that the exact solve's figure can replace it."""

    share: float
    low: float
    high: float
    hands: int
    command: str


#: Measured on 20,000 sampled hands, each analysed exactly (README, "A player's way").
WON_BACK: Final = WonBack(
    0.839, 0.817, 0.862, 20_000, "houseway strategy --measure --hands 20000 --seed 2026"
)


# --- the rules --------------------------------------------------------------------------------

Found = PlayerStep | None


def _ranked(hand: Sequence[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Pairs and singles, highest first (the hand's shape, as the house way groups it)."""
    groups = groups_of(hand)
    return of_size(groups, 2), singles(groups)


def together_with_ace(high: int, low: int) -> bool:
    """Two pairs (ranks 0 = 2 … 12 = A) beside an ace: both pairs stay in the five."""
    return high <= NINE or (high <= QUEEN and high + low <= TEN + 3)


def _two_pairs(hand: Sequence[Card], house: Decision) -> Found:
    """Rules 1 to 3: two pairs beside an ace (together or split by the pairs' ranks), or
    two low pairs beside a king."""
    pairs, singles = _ranked(hand)
    if len(pairs) != 2 or len(singles) != 3:
        return None
    high, low = RANK_OF[pairs[0][0]], RANK_OF[pairs[1][0]]
    top = RANK_OF[singles[0]]
    groups, read = (tuple(pairs[0]), tuple(pairs[1])), tuple(singles)
    if top == ACE:
        if together_with_ace(high, low):
            return PlayerStep("pw.two-pairs.ace-together", read[:2], groups, read)
        return PlayerStep("pw.two-pairs.ace-split", groups[1], groups, read)
    if top == KING and high <= SIX:
        return PlayerStep("pw.two-pairs.king-together", read[:2], groups, read)
    return None


def _straight_pair(hand: Sequence[Card], house: Decision) -> Found:
    """Rule 4: a straight kept beside a pair that cannot move, dropped for high cards."""
    if category_of(house.five_value) != Category.STRAIGHT:
        return None
    pairs, singles = _ranked(hand)
    if len(pairs) != 1 or len(singles) != 5:
        return None
    first, second = RANK_OF[singles[0]], RANK_OF[singles[1]]
    kept = house.two_value >> 4  # the top card the straight leaves (two singles: no pair)
    # K-Q beside a pair below aces: the straight is king-high and breaking it leaves little.
    weak = first == KING and second == QUEEN and RANK_OF[pairs[0][0]] < ACE
    if (first >= KING and second >= JACK and kept <= TEN and not weak) or (
        first == ACE and second == KING and kept <= QUEEN
    ):
        low = (singles[0], singles[1])
        return PlayerStep("pw.straight.pair", low, (tuple(pairs[0]),), low)
    return None


def _straight_flush(hand: Sequence[Card], house: Decision) -> Found:
    """Rule 5: the best two-card hand that leaves a straight or flush, if it is better."""
    best: tuple[int, int] | None = None
    found: tuple[Card, ...] = ()
    for low, five in splits(hand):
        five_v = five_value(five)
        if category_of(five_v) not in STRAIGHTISH:
            continue
        two_v = two_value(low)
        if is_legal(five_v, two_v) and (best is None or (two_v, five_v) > best):
            best, found = (two_v, five_v), low
    if best is None or best[0] <= house.two_value:
        return None
    low = tuple(sorted(found, key=lambda c: -RANK_OF[c]))  # high to low, the joker an ace
    return PlayerStep("pw.straight-flush.better-low", low)


def _kings(hand: Sequence[Card], house: Decision) -> Found:
    """Rule 6: three kings with nothing above a jack beside them."""
    kings = [c for c in hand if RANK_OF[c] == KING]
    others = sorted((c for c in hand if RANK_OF[c] != KING), key=lambda c: -RANK_OF[c])
    if len(kings) == 3 and RANK_OF[others[0]] <= JACK:
        low = (kings[-1], others[0])
        return PlayerStep("pw.three-of-a-kind.kings", low, (tuple(kings),), tuple(others))
    return None


def _high_card(hand: Sequence[Card], house: Decision) -> Found:
    """Rule 7: ace high, the third card a nine or lower."""
    _pairs, singles = _ranked(hand)
    if RANK_OF[singles[0]] == ACE and RANK_OF[singles[2]] <= NINE:
        return PlayerStep("pw.high-card.ace", (singles[1], singles[6]), (), tuple(singles))
    return None


#: The house-way rule (a decision's last id) each refinement starts from.
_REFINEMENTS: Final[dict[str, Callable[[Sequence[Card], Decision], Found]]] = {
    "two-pairs.split": _two_pairs,
    "two-pairs.ace-jack": _two_pairs,
    "flush-straight.keep": _straight_pair,
    "straight-flush.keep": _straight_flush,
    "three-of-a-kind": _kings,
    "high-card": _high_card,
}


def player_way(cards: Sequence[Card] | str) -> PlayerDecision:
    """The player's way's split of a seven-card hand and the rule id that decided.

    The id is a player's-way rule (``pw.…``) where one changes the house way's split, and
    ``step`` is what it read; otherwise the split is the house way's and the id the
    house-way rule that set it.
    """
    hand = parse_hand(cards) if isinstance(cards, str) else check_hand(cards)
    house = house_way(hand)
    refine = _REFINEMENTS.get(house.rule)
    step = refine(hand, house) if refine is not None else None
    if step is not None:
        rest = [c for c in hand if c not in step.low]
        five_v, two_v = five_value(rest), two_value(step.low)
        if not is_legal(five_v, two_v):
            raise AssertionError(f"{step.rule} fouls {hand}")  # the rules' shapes cannot foul
        if (five_v, two_v) != (house.five_value, house.two_value):
            five = display_order(rest, five_v)
            two = display_order(step.low)
            return PlayerDecision(hand, five, two, step.rule, five_v, two_v, house, step)
    return PlayerDecision(
        hand, house.five, house.two, house.rule, house.five_value, house.two_value, house
    )


def player_split(cards: Sequence[Card]) -> tuple[int, int, str]:
    """(five value, two value, rule id) of the player's way: what an exact evaluation needs.

    The same for every hand of a suit class (the rules read ranks, categories and values
    only), so the whole-game solve can evaluate one hand a class.
    """
    decision = player_way(cards)
    return decision.five_value, decision.two_value, decision.rule


# --- what the command line shows --------------------------------------------------------------


def strategy_fields(decision: PlayerDecision) -> dict[str, object]:
    """The JSON keys of a player's-way answer after the split's own (``houseway strategy``):
    the deciding rule, whether it is the project's advice, whether it differs from the house
    way, and the house way's split."""
    house = decision.house
    return {
        "rule": decision.rule,
        "advice": player_rule(decision.rule) is not None,
        "differs": decision.changed,
        "house": {
            "five": [card_name(c) for c in house.five],
            "two": [card_name(c) for c in house.two],
            "rule": house.rule,
        },
    }


def format_strategy(decision: PlayerDecision) -> str:
    """The text answer: the split, the rule, and its texts if it is the project's advice."""
    lines = [
        f"Hand:       {canonical_hand(decision.hand)}",
        f"Five-card:  {format_cards(decision.five)}",
        f"Two-card:   {format_cards(decision.two)}",
    ]
    rule = player_rule(decision.rule)
    if rule is None:
        lines.append(f"Rule:       {decision.rule} (as the house way)")
    else:
        house = decision.house
        lines += [
            f"Rule:       {rule.id} (changes {rule.refines}; the house way: "
            f"{format_cards(house.five)} / {format_cards(house.two)})",
            f"  [{ADVICE_MARKER[Lang.SV]} / {ADVICE_MARKER[Lang.EN]}]",
            f"  SV: {rule.swedish}",
            f"  EN: {rule.english}",
        ]
    return "\n".join(lines) + "\n"
