"""A seat of a round and what it is paid (spec §9, §10): its player, hand and wagers, how
its split was set, and each wager's result; the values :mod:`houseway.round` moves."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from houseway.bonus import BonusResult, check_bonus_bet
from houseway.cards import Card
from houseway.game import SeatSplit, Settlement, check_bet


class How(StrEnum):
    """How a seat's split was set: its player's own, *Huset väljer*, or the house way for a
    player whose time ran out (the stored values, ``bot.storage.game.HOWS``)."""

    OWN = "own"
    HOUSE = "house"
    TIMEOUT = "timeout"


class WagerKind(StrEnum):
    """A kind of wager a seat can place: each is its own ledger entry."""

    MAIN = "main"
    BONUS = "bonus"


@dataclass(frozen=True)
class Wager:
    kind: WagerKind
    amount: int


@dataclass(frozen=True)
class Seat:
    """A seat's player, hand and wagers, and its split once set."""

    number: int
    player: int
    hand: tuple[Card, ...]
    wagers: tuple[Wager, ...]
    split: SeatSplit | None = None
    how: How | None = None

    def wager(self, kind: WagerKind) -> int:
        """The amount of the seat's wager of ``kind`` (0: none placed)."""
        return sum(wager.amount for wager in self.wagers if wager.kind is kind)

    @property
    def bet(self) -> int:
        return self.wager(WagerKind.MAIN)

    @property
    def bonus(self) -> int:
        return self.wager(WagerKind.BONUS)

    @property
    def staked(self) -> int:
        """Every chip the seat has out in the round."""
        return sum(wager.amount for wager in self.wagers)


@dataclass(frozen=True)
class SeatResult:
    """A seat settled: the main bet against the dealer (§6, §9), the bonus on the seven
    cards (§10) and Envy, each its own payout."""

    seat: Seat
    main: Settlement
    bonus: BonusResult | None
    envy: int

    @property
    def net(self) -> int:
        """The seat's change of chips over every wager and Envy."""
        return self.main.net + (self.bonus.net if self.bonus else 0) + self.envy

    def payouts(self) -> tuple[tuple[str, int], ...]:
        """What each wager gives back to the stack (the wager and its net; 0 when lost),
        by kind, and Envy's chips when there are any: one ledger entry each."""
        paid = [(WagerKind.MAIN.value, self.main.paid)]
        if self.bonus is not None:
            paid.append((WagerKind.BONUS.value, self.bonus.bet + self.bonus.net))
        if self.envy:
            paid.append(("envy", self.envy))
        return tuple(paid)


@dataclass(frozen=True)
class RoundResult:
    dealer: SeatSplit
    seats: tuple[SeatResult, ...]

    def of(self, number: int) -> SeatResult:
        return next(result for result in self.seats if result.seat.number == number)


@dataclass(frozen=True)
class Entry:
    """A player sitting down to a deal: their seat, who they are and what they wager."""

    number: int
    player: int
    wagers: tuple[Wager, ...]


@dataclass(frozen=True)
class Stored:
    """A seat as a driver stored it: what :meth:`Round.restore` rebuilds a seat from."""

    number: int
    player: int
    hand: Sequence[Card]
    wagers: Sequence[Wager]
    two: Sequence[Card] | None = None
    how: str | None = None


class WagerError(ValueError):
    """Wagers no seat can place (the round engine says it as an ``Illegal`` deal)."""


def check_wagers(wagers: Iterable[Wager]) -> tuple[Wager, ...]:
    """One main bet of whole chips, at most one wager of each other kind (a bonus of 0 is
    no bonus, and is dropped); :class:`WagerError` otherwise."""
    kept: list[Wager] = []
    for wager in wagers:
        try:
            check = check_bet if wager.kind is WagerKind.MAIN else check_bonus_bet
            amount = check(wager.amount)
        except ValueError as error:
            raise WagerError(str(error)) from None
        if any(k.kind is wager.kind for k in kept):
            raise WagerError(f"two {wager.kind.value} wagers on one seat")
        if amount:
            kept.append(Wager(wager.kind, amount))
    if not any(wager.kind is WagerKind.MAIN for wager in kept):
        raise WagerError("every seat needs a main bet")
    return tuple(kept)
