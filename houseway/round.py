"""A round of Pai Gow as data (spec §9 and §10): its phases, its moves, and the record of
what was done; what every way of playing (a hand alone, a table, later a tournament) calls.

A round is a frozen value. Each move is a triple, as in pokerkit's ``state.py``:
``verify_*`` raises :class:`Illegal` saying why the move is not legal now, ``can_*`` asks,
and the move itself returns the next round with an :class:`Operation` appended to its
``operations``. Which moves each phase allows is said once, in :data:`MOVES`; a driver never
checks a phase of its own. The house way is a parameter of the round (:class:`Rules`), and a
seat's wagers are a list of kinds (the main bet, the bonus), so that another house way or
another side bet is a new value, not a change in every driver.

Pure: no Discord, no database, no clock. The bot stores each move and rebuilds a round
from what it stored with :meth:`Round.restore`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Final

from houseway.bonus import (
    DEFAULT_TABLE,
    envy,
    pay_table,
    settle_bonus,
)
from houseway.cards import Card, check_hand
from houseway.game import (
    MAX_SEATS,
    Deal,
    SeatSplit,
    SplitError,
    check_one_deck,
    deal_round,
    house_split,
    own_split,
    settle_seat,
)
from houseway.seats import (
    Entry,
    How,
    RoundResult,
    Seat,
    SeatResult,
    Stored,
    Wager,
    WagerError,
    WagerKind,
    check_wagers,
)


class Phase(StrEnum):
    """Where a round stands. ``dealt``: no seat has set its hand; ``setting``: some have;
    ``all-set``: every seat has (the round can be settled); then ``settled`` or ``void``."""

    DEALT = "dealt"
    SETTING = "setting"
    ALL_SET = "all-set"
    SETTLED = "settled"
    VOID = "void"


class Move(StrEnum):
    SET = "set"  # a seat's own split
    HOUSE = "house"  # Huset väljer sets a seat's hand, at its player's asking
    TIME_OUT = "time-out"  # the house way sets every hand not yet set
    ADOPT = "adopt"  # a seat's split made on another copy of the round (stored), taken in
    REMOVE = "remove"  # a seat taken out before the settlement (its member forgotten)
    SETTLE = "settle"
    VOID = "void"  # every wager returned


#: The moves each phase allows: the one place a round's legality is said.
_SETTING: Final = frozenset(
    {Move.SET, Move.HOUSE, Move.ADOPT, Move.TIME_OUT, Move.REMOVE, Move.VOID}
)
MOVES: Final[Mapping[Phase, frozenset[Move]]] = {
    Phase.DEALT: _SETTING,
    Phase.SETTING: _SETTING,
    Phase.ALL_SET: frozenset({Move.SETTLE, Move.REMOVE, Move.VOID}),
    Phase.SETTLED: frozenset(),
    Phase.VOID: frozenset(),
}


class FoulRule(StrEnum):
    """What a fouled split does (§9): refused, to be picked again, or it stands and loses."""

    REPICK = "repick"
    STAND = "stand"


@dataclass(frozen=True)
class HouseWay:
    """A way to set a hand: the dealer's always, and a player's who asks for it."""

    id: str
    split: Callable[[Sequence[Card]], SeatSplit]


#: The Swedish casino's house way, *Huset väljer* (spec §3).
HUSET_VALJER: Final = HouseWay("huset-valjer", house_split)
HOUSE_WAYS: Final[Mapping[str, HouseWay]] = {HUSET_VALJER.id: HUSET_VALJER}


@dataclass(frozen=True)
class Rules:
    """What a round is played by, fixed at the deal."""

    way: HouseWay = HUSET_VALJER
    foul: FoulRule = FoulRule.REPICK
    #: The bonus pay table (§10) any bonus wager of the round is paid by.
    bonus_table: str = DEFAULT_TABLE


@dataclass(frozen=True)
class Operation:
    """One move as it was made, in order: the round's history."""

    move: Move
    seat: int | None = None
    two: tuple[Card, ...] | None = None


class Illegal(ValueError):
    """A move the round does not allow now. ``code`` says why, for a driver to phrase:
    ``phase`` (not in this phase), ``no-seat`` (no such seat, or not the player's),
    ``already-set``, ``foul`` (``split`` is the fouled split: picked again under the
    ``repick`` rule), ``bad-two`` (not two cards of the hand), ``bad-deal``."""

    def __init__(
        self, code: str, message: str, split: SeatSplit | None = None, detail: str | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.split = split
        #: The finer reason where there is one (a ``bad-two``'s :class:`SplitError` code).
        self.detail = detail


def new_round_id() -> str:
    """A round's id: 64 random bits as 16 hexadecimal digits (no ':', as ledger keys ask)."""
    return secrets.token_hex(8)


@dataclass(frozen=True)
class Round:
    """A round: the dealer's hand, the seats and the record of its moves. Its phase is
    read from them (:attr:`phase`): only a void is said apart, as nothing else shows it."""

    round_id: str
    rules: Rules
    dealer: tuple[Card, ...]
    seats: tuple[Seat, ...]
    operations: tuple[Operation, ...] = ()
    result: RoundResult | None = field(default=None, compare=False)
    voided: bool = False

    @property
    def phase(self) -> Phase:
        """Void when called off (or left with no seat), settled once it has a result, else
        by how many seats are set: none, some, all."""
        if self.voided or not self.seats:
            return Phase.VOID
        if self.result is not None:
            return Phase.SETTLED
        set_ = sum(seat.split is not None for seat in self.seats)
        return Phase.ALL_SET if set_ == len(self.seats) else Phase.SETTING if set_ else Phase.DEALT

    # --- reading ---------------------------------------------------------------------

    def seat(self, number: int) -> Seat | None:
        return next((seat for seat in self.seats if seat.number == number), None)

    def seat_of(self, player: int) -> Seat | None:
        return next((seat for seat in self.seats if seat.player == player), None)

    def pending(self) -> tuple[Seat, ...]:
        """The seats whose hand is not set yet."""
        return tuple(seat for seat in self.seats if seat.split is None)

    @property
    def over(self) -> bool:
        return self.phase in (Phase.SETTLED, Phase.VOID)

    def allows(self, move: Move) -> bool:
        return move in MOVES[self.phase]

    # --- the moves ---------------------------------------------------------------------

    def _verify_phase(self, move: Move) -> None:
        if not self.allows(move):
            raise Illegal("phase", f"round {self.round_id} is {self.phase.value}: no {move.value}")

    def _verify_own_seat(self, number: int, player: int) -> Seat:
        seat = self.seat(number)
        if seat is None or seat.player != player:
            raise Illegal("no-seat", f"seat {number} of round {self.round_id} is not {player}'s")
        if seat.split is not None:
            raise Illegal("already-set", f"seat {number} is set already")
        return seat

    def verify_set(self, number: int, player: int, two: Sequence[Card]) -> SeatSplit:
        """The split the player's two cards make, or :class:`Illegal`; a foul under the
        ``repick`` rule is ``foul``, with the split to say why."""
        self._verify_phase(Move.SET)
        seat = self._verify_own_seat(number, player)
        try:
            split = own_split(seat.hand, two)
        except SplitError as error:
            raise Illegal("bad-two", str(error), detail=error.code) from None
        if split.foul and self.rules.foul is FoulRule.REPICK:
            raise Illegal("foul", "the two-card hand beats the five-card hand", split)
        return split

    def can_set(self, number: int, player: int, two: Sequence[Card]) -> bool:
        return _can(lambda: self.verify_set(number, player, two))

    def set(self, number: int, player: int, two: Sequence[Card]) -> Round:
        split = self.verify_set(number, player, two)
        return self._with_split(number, split, How.OWN, Operation(Move.SET, number, split.two))

    def verify_house(self, number: int, player: int) -> SeatSplit:
        self._verify_phase(Move.HOUSE)
        return self.rules.way.split(self._verify_own_seat(number, player).hand)

    def can_house(self, number: int, player: int) -> bool:
        return _can(lambda: self.verify_house(number, player))

    def house(self, number: int, player: int) -> Round:
        """*Huset väljer*: the house way sets the seat's hand, as it sets the dealer's."""
        split = self.verify_house(number, player)
        return self._with_split(number, split, How.HOUSE, Operation(Move.HOUSE, number))

    def verify_adopt(self, seat: Seat) -> None:
        """A seat set on another copy of this round: the same player's seat, with the same
        hand, not set here yet, and its split one of that hand."""
        self._verify_phase(Move.ADOPT)
        mine = self._verify_own_seat(seat.number, seat.player)
        if seat.split is None or seat.how is None or seat.hand != mine.hand:
            raise Illegal("bad-two", f"seat {seat.number} was not set on the same hand")

    def can_adopt(self, seat: Seat) -> bool:
        return _can(lambda: self.verify_adopt(seat))

    def adopt(self, seat: Seat) -> Round:
        """Take in a seat's split made on another copy of the round and stored (two presses
        at once each move their own copy: each adopts the other's seat, so neither is
        lost)."""
        self.verify_adopt(seat)
        assert seat.split is not None and seat.how is not None
        operation = Operation(Move.ADOPT, seat.number, seat.split.two)
        return self._with_split(seat.number, seat.split, seat.how, operation)

    def verify_time_out(self) -> None:
        self._verify_phase(Move.TIME_OUT)

    def can_time_out(self) -> bool:
        return _can(self.verify_time_out)

    def time_out(self) -> Round:
        """Time ran out: the house way sets every hand not set yet (§9)."""
        self.verify_time_out()
        seats = tuple(
            seat
            if seat.split is not None
            else replace(seat, split=self.rules.way.split(seat.hand), how=How.TIMEOUT)
            for seat in self.seats
        )
        return self._next(seats, Operation(Move.TIME_OUT))

    def verify_remove(self, number: int) -> Seat:
        self._verify_phase(Move.REMOVE)
        seat = self.seat(number)
        if seat is None:
            raise Illegal("no-seat", f"round {self.round_id} has no seat {number}")
        return seat

    def can_remove(self, number: int) -> bool:
        return _can(lambda: self.verify_remove(number))

    def remove(self, number: int) -> Round:
        """Take a seat out before the settlement (nothing is paid it or written for it);
        a round with no seat left is void."""
        self.verify_remove(number)
        seats = tuple(seat for seat in self.seats if seat.number != number)
        return self._next(seats, Operation(Move.REMOVE, number))

    def verify_settle(self) -> None:
        self._verify_phase(Move.SETTLE)

    def can_settle(self) -> bool:
        return _can(self.verify_settle)

    def settle(self) -> Round:
        """Settle every seat: the main bet against the dealer's house way, the bonus on the
        seven cards, Envy for every other hand of the round (§9, §10)."""
        self.verify_settle()
        return replace(
            self,
            operations=(*self.operations, Operation(Move.SETTLE)),
            result=self._results(),
        )

    def verify_void(self) -> None:
        self._verify_phase(Move.VOID)

    def can_void(self) -> bool:
        return _can(self.verify_void)

    def void(self) -> Round:
        """Call the round off: every wager goes back."""
        self.verify_void()
        return replace(self, voided=True, operations=(*self.operations, Operation(Move.VOID)))

    # --- helpers -----------------------------------------------------------------------

    def _with_split(self, number: int, split: SeatSplit, how: How, operation: Operation) -> Round:
        seats = tuple(
            replace(seat, split=split, how=how) if seat.number == number else seat
            for seat in self.seats
        )
        return self._next(seats, operation)

    def _next(self, seats: tuple[Seat, ...], operation: Operation) -> Round:
        return replace(self, seats=seats, operations=(*self.operations, operation))

    def _results(self) -> RoundResult:
        dealer = self.rules.way.split(self.dealer)
        table = self.rules.bonus_table
        results = []
        for seat in self.seats:
            assert seat.split is not None  # all set: the phase says so
            main = settle_seat(seat.split, dealer, seat.bet)
            bonus, paid_envy = None, 0
            if seat.bonus:
                bonus = settle_bonus(seat.hand, table, seat.bonus)
                others = [self.dealer, *(s.hand for s in self.seats if s.number != seat.number)]
                paid_envy = envy(others, table, seat.bonus)
            results.append(SeatResult(seat, main, bonus, paid_envy))
        return RoundResult(dealer, tuple(results))

    # --- making one ---------------------------------------------------------------------

    @classmethod
    def restore(
        cls,
        round_id: str,
        rules: Rules,
        dealer: Sequence[Card],
        seats: Iterable[Stored],
        status: str,
    ) -> Round:
        """A round rebuilt from what was stored, and its status ('open', 'settled' or
        'void'). A settled round is settled again, from its splits, to the same result: the
        game is a function of its cards and splits."""
        built = []
        for stored in seats:
            split, how = None, None
            if stored.two is not None and stored.how is not None:
                how = How(stored.how)
                hand = stored.hand
                split = own_split(hand, stored.two) if how is How.OWN else rules.way.split(hand)
            wagers = check_wagers(stored.wagers)
            built.append(Seat(stored.number, stored.player, tuple(stored.hand), wagers, split, how))
        restored = cls(round_id, rules, tuple(dealer), tuple(built))
        if status == "void":
            return replace(restored, voided=True)
        if status == "settled" and restored.phase is Phase.ALL_SET:
            return restored.settle()
        return restored


def _can(verify: Callable[[], object]) -> bool:
    try:
        verify()
    except Illegal:
        return False
    return True


def deal(
    entries: Sequence[Entry],
    rules: Rules = Rules(),
    round_id: str | None = None,
    cards: Deal | None = None,
    rng: random.Random | None = None,
) -> Round:
    """Deal a round to the entries, in their order: one shuffled deck (§9) unless ``cards``
    gives the hands (a replay, the command line). :class:`Illegal` ``bad-deal`` for seats
    that cannot be dealt (none, more than six, a seat or player twice, wagers that are not
    whole chips) or hands that are not one per seat; ``HandError`` for a hand that is not
    seven cards, ``DeckError`` for a card in two hands, ``BonusError`` for an unknown pay
    table."""
    if not 1 <= len(entries) <= MAX_SEATS:
        raise Illegal("bad-deal", f"a round has 1 to {MAX_SEATS} seats, not {len(entries)}")
    if len({e.number for e in entries}) != len(entries):
        raise Illegal("bad-deal", "two seats of a round have the same number")
    if len({e.player for e in entries}) != len(entries):
        raise Illegal("bad-deal", "a player has two seats in one round")
    pay_table(rules.bonus_table)
    try:
        wagers = [check_wagers(entry.wagers) for entry in entries]
    except WagerError as error:
        raise Illegal("bad-deal", str(error)) from None
    if cards is None:
        cards = deal_round(len(entries), rng)
    hands = [check_hand(hand) for hand in (cards.dealer, *cards.seats)]
    if len(hands) != len(entries) + 1:
        raise Illegal("bad-deal", f"{len(hands) - 1} hands for {len(entries)} seats")
    check_one_deck(hands)
    seats = tuple(
        Seat(entry.number, entry.player, hand, staked)
        for entry, hand, staked in zip(entries, hands[1:], wagers, strict=True)
    )
    return Round(round_id or new_round_id(), rules, hands[0], seats)


#: The round's API in one place, the seat's values (:mod:`houseway.seats`) with it.
__all__ = [
    "HOUSE_WAYS",
    "HUSET_VALJER",
    "MOVES",
    "Entry",
    "FoulRule",
    "HouseWay",
    "How",
    "Illegal",
    "Move",
    "Operation",
    "Phase",
    "Round",
    "RoundResult",
    "Rules",
    "Seat",
    "SeatResult",
    "Stored",
    "Wager",
    "WagerKind",
    "deal",
    "new_round_id",
]
