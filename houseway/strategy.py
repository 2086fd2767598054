"""A player's way: the project's own short strategy against a Huset väljer dealer.

The house way is not meant to win (the casino's text says so): it keeps losses down.
Exact analyses of sampled hands (``houseway strategy --measure``) show where it gives
up the most; each rule here changes or refines one house-way rule there and is simple
enough to learn. Everywhere else the player's way is the house way: :func:`player_way`
starts from :func:`houseway.way.house_way` and changes the split only where a rule of
:data:`PLAYER_RULES` applies. The texts are the project's advice, not the casino's.

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
from houseway.rules import folded
from houseway.shape import STRAIGHTISH, groups_of, of_size, singles, splits
from houseway.way import Decision, house_way

#: Marks every text of the player's way: advice of this project, not the casino's rule.
ADVICE_MARKER: Final[dict[Lang, str]] = {
    Lang.SV: "Projektets eget råd – inte kasinots regel",
    Lang.EN: "The project's own advice – not the casino's rule",
}


@dataclass(frozen=True, slots=True)
class PlayerRule:
    """One rule of the player's way: its id, the house-way rule it changes, both texts."""

    id: str
    refines: str
    swedish: str
    english: str

    def text(self, lang: Lang = Lang.EN) -> str:
        return self.swedish if lang == Lang.SV else self.english


class PlayerDecision(NamedTuple):
    """The player's way's split of one hand, the rule that decided, and the house way's."""

    hand: tuple[Card, ...]
    five: tuple[Card, ...]
    two: tuple[Card, ...]
    rule: str
    five_value: int
    two_value: int
    house: Decision

    @property
    def changed(self) -> bool:
        """The split differs from the house way's (by value: equal cards do not count)."""
        return (self.five_value, self.two_value) != (self.house.five_value, self.house.two_value)


# --- the catalogue ----------------------------------------------------------------------------

PLAYER_RULES: Final[tuple[PlayerRule, ...]] = (
    PlayerRule(
        "pw.two-pairs.ace-together",
        "two-pairs.split",
        "Två par och ett ess: behåll båda paren i femkortshanden och lägg esset med det högsta "
        "andra kortet i tvåkortshanden, om det höga paret är nior eller lägre, tior med femmor "
        "eller lägre, knektar med fyror eller lägre, eller damer med treor eller tvåor.",
        "Two pairs and an ace: keep both pairs in the five-card hand and put the ace with the "
        "highest other card in the two-card hand when the high pair is nines or lower, tens "
        "with fives or lower, jacks with fours or lower, or queens with threes or twos.",
    ),
    PlayerRule(
        "pw.two-pairs.ace-split",
        "two-pairs.ace-jack",
        "Två par och ett ess, med högre par än så: dela paren (det låga paret i "
        "tvåkortshanden), även när ess och knekt kunde spelas i tvåkortshanden.",
        "Two pairs and an ace, with higher pairs than that: split them (the low pair in the "
        "two-card hand), even when ace-jack could go in the two-card hand.",
    ),
    PlayerRule(
        "pw.two-pairs.king-together",
        "two-pairs.split",
        "Två par, båda sexor eller lägre, med en kung men inget ess: behåll båda paren i "
        "femkortshanden och lägg kungen med det högsta andra kortet i tvåkortshanden.",
        "Two pairs, both sixes or lower, with a king and no ace: keep both pairs in the "
        "five-card hand and put the king with the highest other card in the two-card hand.",
    ),
    PlayerRule(
        "pw.straight.pair",
        "flush-straight.keep",
        "Stege (inte färgstege) med ett par som inte kan flyttas, och ingen färg: är de två "
        "högsta korten utanför paret "
        "ess-kung, ess-dam, ess-knekt, kung-knekt eller (med ett par ess) kung-dam – jokern "
        "räknas som ess, även när den fyller ut stegen – och lämnar "
        "stegen inget över en tia till tvåkortshanden, släpp stegen: paret stannar i "
        "femkortshanden och de två korten går till tvåkortshanden. Med ess-kung även när "
        "stegen lämnar en knekt eller dam.",
        "A straight (not a straight flush) with a pair that cannot move, and no flush: if the "
        "two highest cards apart from the pair are "
        "A-K, A-Q, A-J, K-J or (with a pair of aces) K-Q – the joker counts as an ace, even "
        "where it fills the straight – and the straight leaves nothing above "
        "a ten for the two-card hand, give up the straight: the pair stays in the five-card "
        "hand and those two go to the two-card hand. With A-K, also when the straight leaves "
        "a jack or a queen.",
    ),
    PlayerRule(
        "pw.straight-flush.better-low",
        "straight-flush.keep",
        "Färgstege: spela den som en färg eller stege – ger en vanlig färg eller stege en bättre "
        "tvåkortshand, släpp färgstegen och lägg den bästa tvåkortshanden som lämnar minst en "
        "stege i femkortshanden.",
        "Straight flush: play it like a flush or straight — if a plain flush or straight leaves "
        "a better two-card hand, give up the straight flush and play the best two-card hand that "
        "leaves at least a straight in the five-card hand.",
    ),
    PlayerRule(
        "pw.three-of-a-kind.kings",
        "three-of-a-kind",
        "Tre kungar, ingen färg och inget annat kort över knekt: behåll ett par kungar i "
        "femkortshanden och lägg den tredje kungen med det högsta andra kortet i tvåkortshanden.",
        "Three kings, no flush and no other card above a jack: keep a pair of kings in the "
        "five-card hand and put the third king with the highest other card in the two-card hand.",
    ),
    PlayerRule(
        "pw.high-card.ace",
        "high-card",
        "Högt kort med ett ess, där det tredje högsta kortet är en nia eller lägre: lägg det "
        "näst högsta kortet med det lägsta kortet i tvåkortshanden.",
        "High card with an ace, the third-highest card a nine or lower: put the second-highest "
        "card with the lowest card in the two-card hand.",
    ),
)
PLAYER_RULE_IDS: Final[tuple[str, ...]] = tuple(rule.id for rule in PLAYER_RULES)
_BY_ID: Final = {rule.id: rule for rule in PLAYER_RULES}


def player_rule(rule_id: str) -> PlayerRule | None:
    """The player's-way rule of this id, or None (a house-way rule id, or unknown)."""
    return _BY_ID.get(rule_id)


#: The player's way as a member names it, and each rule's short name (what /analyze and
#: /rules show).
WAY_NAME: Final[dict[Lang, str]] = {Lang.SV: "Spelarens sätt", Lang.EN: "The player's way"}
PLAYER_RULE_NAMES: Final[dict[str, dict[Lang, str]]] = {
    "pw.two-pairs.ace-together": {
        Lang.SV: "Två par och ess: paren ihop",
        Lang.EN: "Two pairs and an ace: pairs together",
    },
    "pw.two-pairs.ace-split": {
        Lang.SV: "Två par och ess: paren delas",
        Lang.EN: "Two pairs and an ace: pairs split",
    },
    "pw.two-pairs.king-together": {
        Lang.SV: "Två låga par och kung: paren ihop",
        Lang.EN: "Two low pairs and a king: pairs together",
    },
    "pw.straight.pair": {
        Lang.SV: "Stege med par: stegen släpps",
        Lang.EN: "Straight with a pair: the straight given up",
    },
    "pw.straight-flush.better-low": {
        Lang.SV: "Färgstege som färg eller stege",
        Lang.EN: "Straight flush played as a flush or straight",
    },
    "pw.three-of-a-kind.kings": {
        Lang.SV: "Tre kungar: en kung i tvåkortshanden",
        Lang.EN: "Three kings: one king in the two-card hand",
    },
    "pw.high-card.ace": {
        Lang.SV: "Högt kort med ess: näst högsta lågt",
        Lang.EN: "High card with an ace: second-highest low",
    },
}


def player_rule_name(rule_id: str, lang: Lang = Lang.EN) -> str:
    """A player's-way rule's short name: 'Två par och ess: paren ihop'."""
    return PLAYER_RULE_NAMES[rule_id][lang]


#: What names the player's way's page, folded: its names, "player's way", every rule's id
#: and name in either language.
_WAY_KEYS: Final = frozenset(
    folded(key)
    for key in (
        *WAY_NAME.values(),
        "player's way",
        "players way",
        "pw",
        *PLAYER_RULE_IDS,
        *(name for names in PLAYER_RULE_NAMES.values() for name in names.values()),
    )
)


def names_player_way(words: str) -> bool:
    """Whether a member's words name the player's way or one of its rules (id or name)."""
    return folded(words) in _WAY_KEYS


def like_player_way(words: str) -> bool:
    """Whether the words are part of a name of the player's way or of one of its rules."""
    needle = folded(words)
    return bool(needle) and any(needle in key for key in _WAY_KEYS)


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

Found = tuple[tuple[Card, ...], str] | None


def _ranked(hand: Sequence[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Pairs and singles, highest first (the hand's shape, as the house way groups it)."""
    groups = groups_of(hand)
    return of_size(groups, 2), singles(groups)


def together_with_ace(high: int, low: int) -> bool:
    """Two pairs (ranks 0 = 2 … 12 = A) beside an ace: both pairs stay in the five."""
    return high <= NINE or (high <= QUEEN and high + low <= TEN + 3)


def _two_pairs(hand: Sequence[Card], house: Decision) -> Found:
    pairs, singles = _ranked(hand)
    if len(pairs) != 2 or len(singles) != 3:
        return None
    high, low = RANK_OF[pairs[0][0]], RANK_OF[pairs[1][0]]
    top = RANK_OF[singles[0]]
    if top == ACE:
        if together_with_ace(high, low):
            return (singles[0], singles[1]), "pw.two-pairs.ace-together"
        return tuple(pairs[1]), "pw.two-pairs.ace-split"
    if top == KING and high <= SIX:
        return (singles[0], singles[1]), "pw.two-pairs.king-together"
    return None


def _straight_pair(hand: Sequence[Card], house: Decision) -> Found:
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
        return (singles[0], singles[1]), "pw.straight.pair"
    return None


def _straight_flush(hand: Sequence[Card], house: Decision) -> Found:
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
    return found, "pw.straight-flush.better-low"


def _kings(hand: Sequence[Card], house: Decision) -> Found:
    kings = [c for c in hand if RANK_OF[c] == KING]
    others = sorted((c for c in hand if RANK_OF[c] != KING), key=lambda c: -RANK_OF[c])
    if len(kings) == 3 and RANK_OF[others[0]] <= JACK:
        return (kings[-1], others[0]), "pw.three-of-a-kind.kings"
    return None


def _high_card(hand: Sequence[Card], house: Decision) -> Found:
    _pairs, singles = _ranked(hand)
    if RANK_OF[singles[0]] == ACE and RANK_OF[singles[2]] <= NINE:
        return (singles[1], singles[6]), "pw.high-card.ace"
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

    The id is a player's-way rule (``pw.…``) where one changes the house way's split;
    otherwise the split is the house way's and the id the house-way rule that set it.
    """
    hand = parse_hand(cards) if isinstance(cards, str) else check_hand(cards)
    house = house_way(hand)
    refine = _REFINEMENTS.get(house.rule)
    found = refine(hand, house) if refine is not None else None
    if found is not None:
        low, rule = found
        rest = [c for c in hand if c not in low]
        five_v, two_v = five_value(rest), two_value(low)
        if not is_legal(five_v, two_v):
            raise AssertionError(f"{rule} fouls {hand}")  # the rules' shapes cannot foul
        if (five_v, two_v) != (house.five_value, house.two_value):
            return PlayerDecision(
                hand, display_order(rest, five_v), display_order(low), rule, five_v, two_v, house
            )
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
        "advice": decision.rule in _BY_ID,
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
    rule = _BY_ID.get(decision.rule)
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
