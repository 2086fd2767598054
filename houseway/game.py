"""A round at the table (spec section 9): one shuffled deck, the dealer set by the house way,
each seat's own split or *Huset väljer*, and each seat settled in whole chips.

Pure: no Discord, no database, no clock. The bot keeps the chips in a ledger and calls
:func:`settle_seat` once a round's splits are in; ``houseway settle`` is the same
function on the command line, so a settlement can be checked by hand.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from houseway.cards import DECK, HAND_SIZE, Card, HandError, card_name, check_hand
from houseway.hands import display_order, five_value, is_legal, two_value
from houseway.settle import Outcome
from houseway.way import Decision, house_way

#: Seats at a table; with the dealer's hand, seven hands of seven from 53 cards.
MAX_SEATS: Final = 6
#: The commission on a win: 5 % of the bet, rounded up to a whole chip (§9).
COMMISSION_PERCENT: Final = 5
#: A bet bigger than this is refused anywhere it is read (a play-money game has no use
#: for more, and every figure stays far inside a 64-bit column).
MAX_BET: Final = 10**12


class HandResult(Enum):
    """One hand against the dealer's of the same size; a copy is an exact tie (§6)."""

    WIN = "win"
    COPY = "copy"
    LOSS = "loss"


class SplitError(ValueError):
    """A two-card hand that cannot be taken from this hand. ``code`` names why, for a
    caller that phrases it in another language: ``two_count`` (not two cards),
    ``two_not_in_hand`` (``token`` is the card the hand does not hold), ``two_twice``."""

    MESSAGES: Final = {
        "two_count": "The two-card hand must be 2 cards, got {count}.",
        "two_not_in_hand": "{token} is not in the player's hand: choose the two-card hand "
        "from its seven cards.",
        "two_twice": "The two-card hand names {token} twice: choose two different cards.",
    }

    def __init__(self, code: str, token: str | None = None, count: int | None = None) -> None:
        self.code = code
        self.token = token
        self.count = count
        super().__init__(self.MESSAGES[code].format(token=token, count=count))


class BetError(ValueError):
    """A bet that is not a positive whole number of chips (at most :data:`MAX_BET`)."""


@dataclass(frozen=True)
class Deal:
    """The hands of one round: the dealer's and one per seat, no card twice."""

    dealer: tuple[Card, ...]
    seats: tuple[tuple[Card, ...], ...]


def deal_round(seats: int, rng: random.Random | None = None) -> Deal:
    """Shuffle the 53-card deck once and deal seven hands of seven: the dealer's, then the
    seats' in order; the hands of empty seats and the last four cards are never used.

    ``rng`` is for tests and replays; the default draws from the operating system's
    secure source (``secrets``), as §9 asks.
    """
    if not 1 <= seats <= MAX_SEATS:
        raise ValueError(f"a round has 1 to {MAX_SEATS} seats, got {seats}")
    deck = list(DECK)
    (rng if rng is not None else secrets.SystemRandom()).shuffle(deck)
    hands = [tuple(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(1 + MAX_SEATS)]
    return Deal(dealer=hands[0], seats=tuple(hands[1 : 1 + seats]))


@dataclass(frozen=True)
class SeatSplit:
    """A player's split as it is played: ``rule`` is the house way's rule when the house
    way set it (*Huset väljer*, or time ran out), None for the player's own."""

    hand: tuple[Card, ...]
    five: tuple[Card, ...]
    two: tuple[Card, ...]
    five_value: int
    two_value: int
    rule: str | None

    @property
    def foul(self) -> bool:
        """The two-card hand beats the five-card hand: the split loses (§6)."""
        return not is_legal(self.five_value, self.two_value)


def house_split(hand: Sequence[Card]) -> SeatSplit:
    """The house way's split of a seat's hand, exactly as it sets the dealer's."""
    decision = house_way(hand)
    return _from_decision(decision)


def _from_decision(decision: Decision) -> SeatSplit:
    return SeatSplit(
        decision.hand,
        decision.five,
        decision.two,
        decision.five_value,
        decision.two_value,
        decision.rule,
    )


def own_split(hand: Sequence[Card], two: Sequence[Card]) -> SeatSplit:
    """The player's own split: ``two`` from the seven cards, the other five above it.

    A fouled split is returned as it is (:attr:`SeatSplit.foul`): whether the player may
    pick again is the table's rule, not the split's.

    Raises:
        HandError: ``hand`` is not seven distinct cards.
        SplitError: ``two`` is not two different cards of the hand.
    """
    cards = check_hand(hand)
    if len(two) != 2:
        raise SplitError("two_count", count=len(two))
    for card in two:
        if card not in cards:
            raise SplitError("two_not_in_hand", token=card_name(card))
    if two[0] == two[1]:
        raise SplitError("two_twice", token=card_name(two[0]))
    five_cards = tuple(card for card in cards if card not in two)
    value = five_value(five_cards)
    low = display_order(two)
    return SeatSplit(cards, display_order(five_cards, value), low, value, two_value(low), None)


def commission(bet: int) -> int:
    """5 % of the bet rounded up to a whole chip: bet 100 pays 95, 10 pays 9, 1 pays 0."""
    return -(-bet * COMMISSION_PERCENT // 100)


def check_bet(bet: object) -> int:
    """The bet as chips, or :class:`BetError` saying what a bet must be."""
    if isinstance(bet, bool) or not isinstance(bet, int) or not 1 <= bet <= MAX_BET:
        raise BetError(
            f"the bet must be a whole number of chips from 1 to {MAX_BET:,}, got {bet!r}"
        )
    return bet


def _against(player: int, dealer: int) -> HandResult:
    if player > dealer:
        return HandResult.WIN
    if player == dealer:
        return HandResult.COPY
    return HandResult.LOSS


@dataclass(frozen=True)
class Settlement:
    """One seat settled against the dealer (§6, §9). ``five`` and ``two`` are None for a
    foul, which loses whatever the hands would have done."""

    player: SeatSplit
    dealer: SeatSplit
    five: HandResult | None
    two: HandResult | None
    outcome: Outcome
    bet: int
    commission: int
    net: int

    @property
    def foul(self) -> bool:
        return self.player.foul

    @property
    def paid(self) -> int:
        """What goes back on the member's stack: the bet and the net (0 after a loss)."""
        return self.bet + self.net

    def to_json(self) -> dict[str, object]:
        """The line ``houseway settle --json`` writes (spec §9)."""

        def side(split: SeatSplit, with_foul: bool) -> dict[str, object]:
            shown: dict[str, object] = {
                "five": [card_name(c) for c in split.five],
                "two": [card_name(c) for c in split.two],
                "rule": split.rule,
            }
            if with_foul:
                shown["foul"] = split.foul
            return shown

        return {
            "player": side(self.player, True),
            "dealer": side(self.dealer, False),
            "five": None if self.five is None else self.five.value,
            "two": None if self.two is None else self.two.value,
            "outcome": self.outcome.name.lower(),
            "bet": self.bet,
            "commission": self.commission,
            "net": self.net,
        }


def settle_seat(player: SeatSplit, dealer: SeatSplit, bet: int) -> Settlement:
    """Settle one seat in whole chips: both hands won pays the bet less the commission,
    one each is a push (net 0), and both lost, a copy lost or a foul loses the bet."""
    check_bet(bet)
    if player.foul:
        return Settlement(player, dealer, None, None, Outcome.LOSS, bet, 0, -bet)
    five = _against(player.five_value, dealer.five_value)
    two = _against(player.two_value, dealer.two_value)
    won = (five is HandResult.WIN) + (two is HandResult.WIN)
    outcome = Outcome(won)
    if outcome is Outcome.WIN:
        fee = commission(bet)
        return Settlement(player, dealer, five, two, outcome, bet, fee, bet - fee)
    return Settlement(player, dealer, five, two, outcome, bet, 0, 0 if won else -bet)


def settle_hands(
    player_hand: Sequence[Card], dealer_hand: Sequence[Card], two: Sequence[Card] | None, bet: int
) -> Settlement:
    """One player against the dealer from their seven cards each: ``two`` None lets the
    house way set the player's hand. No card may be in both hands (one deck a round).

    Raises:
        HandError: a hand is not seven distinct cards.
        SplitError: ``two`` is not two cards of the player's hand.
        BetError: the bet is not a positive whole number.
        DeckError: a card is in both hands.
    """
    player_cards = check_hand(player_hand)
    dealer_cards = check_hand(dealer_hand)
    check_one_deck((player_cards, dealer_cards))
    check_bet(bet)
    mine = house_split(player_cards) if two is None else own_split(player_cards, two)
    return settle_seat(mine, house_split(dealer_cards), bet)


def check_one_deck(hands: Sequence[Sequence[Card]]) -> None:
    """:class:`DeckError` for the first card (in card order) that is in two of the round's
    hands: one deck a round, for the dealer and every seat."""
    seen: set[Card] = set()
    twice: set[Card] = set()
    for hand in hands:
        twice |= seen & set(hand)
        seen |= set(hand)
    if twice:
        raise DeckError(card_name(min(twice)))


class DeckError(ValueError):
    """A card dealt twice in one round: one deck cannot hold it."""

    def __init__(self, token: str) -> None:
        self.token = token
        super().__init__(
            f"{token} is in both the player's and the dealer's hand: one deck holds each card once."
        )


__all__ = [
    "MAX_BET",
    "MAX_SEATS",
    "BetError",
    "Deal",
    "DeckError",
    "HandError",
    "HandResult",
    "SeatSplit",
    "Settlement",
    "SplitError",
    "check_bet",
    "check_one_deck",
    "commission",
    "deal_round",
    "house_split",
    "own_split",
    "settle_hands",
    "settle_seat",
]
