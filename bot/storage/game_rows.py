"""A round and its seats as the game's storage reads and writes them: the rows, the
results a settlement brings, the parsing of stored cards, and the checks that refuse a
deal, a split or a result no round can have before anything is written. Shared by
``game`` (dealing and settling) and ``game_boards`` (what members read back)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from houseway.cards import HAND_SIZE, Card, check_cards, parse_cards
from houseway.game import MAX_SEATS
from houseway.round import (
    HOUSE_WAYS,
    FoulRule,
    How,
    Round,
    Rules,
    SeatResult,
    Stored,
    Wager,
    WagerKind,
)

from . import Row, Statements

#: How a seat's split was set, as stored: the core's ``How`` (the member's own, *Huset
#: väljer*, or the house way for a member whose time ran out).
HOWS: Final = tuple(how.value for how in How)
#: The wagers a seat may place beside its main bet, as ``game_wagers.kind`` stores them.
SIDE_WAGERS: Final = (WagerKind.BONUS.value,)


@dataclass(frozen=True)
class WagerRow:
    """A side wager of a seat (the bonus), and once settled what it paid."""

    kind: str
    amount: int
    #: The bonus category it was paid on (spec §10's id), once settled.
    category: str | None = None
    net: int | None = None
    envy: int | None = None


@dataclass(frozen=True)
class SeatRow:
    round_id: str
    seat: int
    guild_id: int
    user_id: int
    bet: int
    hand: tuple[Card, ...]
    #: The two-card hand, once set (the five-card hand is the rest of ``hand``).
    two: tuple[Card, ...] | None = None
    how: str | None = None
    five_result: str | None = None
    two_result: str | None = None
    #: 'win', 'push', 'loss'; 'void' when the round was voided (bet returned).
    outcome: str | None = None
    commission: int | None = None
    net: int | None = None
    #: Given up against the best split, in ten-billionths of a unit bet.
    given_up: int | None = None
    #: The seat's wagers beside the main bet (the bonus), by kind.
    sides: tuple[WagerRow, ...] = ()

    @property
    def wagers(self) -> tuple[Wager, ...]:
        """Every wager of the seat, the main bet first, as the round engine has them."""
        return (
            Wager(WagerKind.MAIN, self.bet),
            *(Wager(WagerKind(side.kind), side.amount) for side in self.sides),
        )

    def side(self, kind: str) -> WagerRow | None:
        return next((side for side in self.sides if side.kind == kind), None)

    def stored(self) -> Stored:
        return Stored(self.seat, self.user_id, self.hand, self.wagers, self.two, self.how)


@dataclass(frozen=True)
class RoundRow:
    round_id: str
    guild_id: int
    channel_id: int | None
    #: None: a member playing alone.
    table_id: str | None
    #: 'open', 'settled' or 'void'.
    status: str
    dealer: tuple[Card, ...]
    dealt_at: float
    deadline: float | None
    settled_at: float | None
    #: The seats still stored, by seat number (a forgotten member's seat is gone).
    seats: tuple[SeatRow, ...] = field(default=())
    #: What the round is played by (the house way, the foul rule, the bonus pay table).
    rules: Rules = field(default=Rules())
    #: When a table round's result was posted in its channel.
    revealed_at: float | None = None

    def to_round(self) -> Round:
        """The round as the engine has it, rebuilt from what is stored (a settled round with
        its result): what every driver reads back."""
        return Round.restore(
            self.round_id,
            self.rules,
            self.dealer,
            [seat.stored() for seat in self.seats],
            self.status,
        )


@dataclass(frozen=True)
class PlayedHand:
    """A settled seat with its round's dealer hand and times: a line of the member's
    recent hands."""

    seat: SeatRow
    dealer: tuple[Card, ...]
    table_id: str | None
    dealt_at: float
    settled_at: float


def whole(value: object) -> bool:
    """An int that is not a bool (True is an int to Python, never a bet)."""
    return isinstance(value, int) and not isinstance(value, bool)


def cards_or_none(text: str | None, count: int | None = None) -> tuple[Card, ...] | None:
    return None if text is None else parse_cards(text, count)


def _number(row: Row, name: str) -> int | None:
    return None if row[name] is None else int(row[name])


def seat_row(row: Row, sides: Sequence[WagerRow] = ()) -> SeatRow:
    def number(name: str) -> int | None:
        return _number(row, name)

    return SeatRow(
        round_id=str(row["round_id"]),
        seat=int(row["seat"]),
        guild_id=int(row["guild_id"]),
        user_id=int(row["user_id"]),
        bet=int(row["bet"]),
        hand=parse_cards(str(row["hand"]), HAND_SIZE),
        two=cards_or_none(row["two"], 2),
        how=row["how"],
        five_result=row["five_result"],
        two_result=row["two_result"],
        outcome=row["outcome"],
        commission=number("commission"),
        net=number("net"),
        given_up=number("given_up"),
        sides=tuple(sides),
    )


def wager_row(row: Row) -> WagerRow:
    return WagerRow(
        kind=str(row["kind"]),
        amount=int(row["amount"]),
        category=row["category"],
        net=_number(row, "net"),
        envy=_number(row, "envy"),
    )


def round_row(row: Row, seats: Sequence[SeatRow]) -> RoundRow:
    return RoundRow(
        round_id=str(row["round_id"]),
        guild_id=int(row["guild_id"]),
        channel_id=None if row["channel_id"] is None else int(row["channel_id"]),
        table_id=row["table_id"],
        status=str(row["status"]),
        dealer=parse_cards(str(row["dealer"]), HAND_SIZE),
        dealt_at=float(row["dealt_at"]),
        deadline=None if row["deadline"] is None else float(row["deadline"]),
        settled_at=None if row["settled_at"] is None else float(row["settled_at"]),
        seats=tuple(seats),
        rules=Rules(
            way=HOUSE_WAYS[str(row["way"])],
            foul=FoulRule(str(row["foul_rule"])),
            bonus_table=str(row["bonus_table"]),
        ),
        revealed_at=None if row["revealed_at"] is None else float(row["revealed_at"]),
    )


SEAT_COLUMNS = (
    "round_id, seat, guild_id, user_id, bet, hand, two, how, five_result, two_result,"
    " outcome, commission, net, given_up"
)
ROUND_COLUMNS = (
    "round_id, guild_id, channel_id, table_id, status, dealer, dealt_at, deadline, settled_at,"
    " way, foul_rule, bonus_table, revealed_at"
)
WAGER_COLUMNS = "seat, kind, amount, category, net, envy"


async def seats_of(tx: Statements, round_id: str) -> list[SeatRow]:
    """The round's stored seats, each with its side wagers."""
    rows = await tx.fetch(
        f"SELECT {SEAT_COLUMNS} FROM game_seats WHERE round_id = $1 ORDER BY seat", round_id
    )
    sides: dict[int, list[WagerRow]] = {}
    for row in await tx.fetch(
        f"SELECT {WAGER_COLUMNS} FROM game_wagers WHERE round_id = $1 ORDER BY seat, kind",
        round_id,
    ):
        sides.setdefault(int(row["seat"]), []).append(wager_row(row))
    return [seat_row(row, sides.get(int(row["seat"]), ())) for row in rows]


def check_deal(round_: Round) -> None:
    """ValueError for a round storage cannot hold: the caller's mistake, never the member's.
    The engine checked the deal itself (seats, wagers, one deck)."""
    if not round_.round_id or ":" in round_.round_id:
        raise ValueError("a round id is a non-empty text without ':' (ledger keys use it)")
    if not 1 <= len(round_.seats) <= MAX_SEATS:
        raise ValueError(f"a round has 1 to {MAX_SEATS} seats, not {len(round_.seats)}")
    for seat in round_.seats:
        if not whole(seat.number) or seat.number < 0:
            raise ValueError(f"seat {seat.number!r} is not a seat number")
        if any(
            w.kind.value not in SIDE_WAGERS for w in seat.wagers if w.kind is not WagerKind.MAIN
        ):
            raise ValueError(f"seat {seat.number} has a wager storage does not know")
    # One deck: a card twice in a round raises here (check_cards' HandError is a ValueError).
    check_cards([*round_.dealer, *(card for seat in round_.seats for card in seat.hand)])
    if len(round_.dealer) != HAND_SIZE or any(len(s.hand) != HAND_SIZE for s in round_.seats):
        raise ValueError(f"every hand of a round is {HAND_SIZE} cards")


def check_two(two: tuple[Card, ...], hand: tuple[Card, ...]) -> None:
    if len(two) != 2 or len(set(two)) != 2 or not set(two) <= set(hand):
        raise ValueError("the two-card hand is two different cards of the seat's hand")


def check_paid(result: SeatResult) -> None:
    """ValueError for a result that pays what no outcome pays: a loss is the bet, a push
    nothing, a win the bet less a commission between 0 and the bet; a bonus a positive
    bet and no negative pay; Envy no negative. The engine settled it; this is the ledger's
    last guard."""
    main, bet = result.main, result.main.bet
    expected = {
        "loss": main.net == -bet and main.commission == 0,
        "push": main.net == 0 and main.commission == 0,
        "win": 0 <= main.commission <= bet and main.net == bet - main.commission,
    }
    outcome = main.outcome.name.lower()
    if outcome not in expected or not expected[outcome]:
        raise ValueError(
            f"seat {result.seat.number}: {outcome} with bet {bet} cannot net {main.net}"
            f" with commission {main.commission}"
        )
    bonus = result.bonus  # its net is derived from these two (``BonusResult.net``)
    if bonus is not None and (bonus.bet <= 0 or bonus.pays < 0):
        raise ValueError(
            f"seat {result.seat.number}: a bonus of {bonus.bet} cannot pay {bonus.pays} to 1"
        )
    if not whole(result.envy) or result.envy < 0:
        raise ValueError(f"seat {result.seat.number}: Envy is whole chips, not {result.envy!r}")
