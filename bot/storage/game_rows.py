"""A round and its seats as the game's storage reads and writes them: the rows, the
results a settlement brings, the parsing of stored cards, and the checks that refuse a
deal, a split or a result no round can have before anything is written. Shared by
``game`` (dealing and settling) and ``game_boards`` (what members read back)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from houseway.cards import HAND_SIZE, Card, check_cards, parse_cards

from . import Row, Statements

#: How a seat's split was set: the member's own, *Huset väljer*, or the house way for a
#: member whose time ran out.
HOWS: Final = ("own", "house", "timeout")
OUTCOMES: Final = ("win", "push", "loss")
#: One hand's result against the dealer's (None: a fouled split, which is not compared).
HAND_RESULTS: Final = ("win", "copy", "loss")
#: At most six seats at a table (spec section 9).
MAX_SEATS: Final = 6


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


@dataclass(frozen=True)
class SeatResult:
    """What the core settled for one seat (spec sections 6 and 9)."""

    seat: int
    two: tuple[Card, ...]
    how: str
    five_result: str | None
    two_result: str | None
    outcome: str
    commission: int
    net: int


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


def seat_row(row: Row) -> SeatRow:
    def number(name: str) -> int | None:
        return None if row[name] is None else int(row[name])

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
    )


SEAT_COLUMNS = (
    "round_id, seat, guild_id, user_id, bet, hand, two, how, five_result, two_result,"
    " outcome, commission, net, given_up"
)
ROUND_COLUMNS = (
    "round_id, guild_id, channel_id, table_id, status, dealer, dealt_at, deadline, settled_at"
)


async def seats_of(tx: Statements, round_id: str) -> list[SeatRow]:
    rows = await tx.fetch(
        f"SELECT {SEAT_COLUMNS} FROM game_seats WHERE round_id = $1 ORDER BY seat", round_id
    )
    return [seat_row(row) for row in rows]


def check_deal(
    round_id: str,
    dealer: tuple[Card, ...],
    seats: Sequence[tuple[int, int, int, tuple[Card, ...]]],
) -> None:
    """ValueError for a deal that is not one: the caller's mistake, never the member's."""
    if not round_id or ":" in round_id:
        raise ValueError("a round id is a non-empty text without ':' (ledger keys use it)")
    if not 1 <= len(seats) <= MAX_SEATS:
        raise ValueError(f"a round has 1 to {MAX_SEATS} seats, not {len(seats)}")
    if len({seat for seat, _, _, _ in seats}) != len(seats):
        raise ValueError("two seats of a round have the same number")
    if len({user_id for _, user_id, _, _ in seats}) != len(seats):
        raise ValueError("a member has two seats in one round")
    for seat, _, bet, hand in seats:
        if not whole(seat) or seat < 0:
            raise ValueError(f"seat {seat!r} is not a seat number")
        if not whole(bet) or bet <= 0:
            raise ValueError(f"a bet is a positive whole number of chips, not {bet!r}")
        if len(hand) != HAND_SIZE:
            raise ValueError(f"seat {seat} has {len(hand)} cards, not {HAND_SIZE}")
    if len(dealer) != HAND_SIZE:
        raise ValueError(f"the dealer has {len(dealer)} cards, not {HAND_SIZE}")
    # One deck: a card twice in a round raises here (check_cards' HandError is a ValueError).
    check_cards([*dealer, *(card for *_, hand in seats for card in hand)])


def check_two(two: tuple[Card, ...], hand: tuple[Card, ...]) -> None:
    if len(two) != 2 or len(set(two)) != 2 or not set(two) <= set(hand):
        raise ValueError("the two-card hand is two different cards of the seat's hand")


def check_result(result: SeatResult, bet: int) -> None:
    """ValueError for a result that pays what no outcome pays: a loss is the bet, a push
    nothing, a win the bet less a commission between 0 and the bet."""
    if result.how not in HOWS:
        raise ValueError(f"how is one of {', '.join(HOWS)}, not {result.how!r}")
    for said in (result.five_result, result.two_result):
        if said is not None and said not in HAND_RESULTS:
            raise ValueError(f"a hand's result is one of {', '.join(HAND_RESULTS)}, not {said!r}")
    if not (whole(result.net) and whole(result.commission)):
        raise ValueError("the net and the commission are whole chips")
    expected = {
        "loss": result.net == -bet and result.commission == 0,
        "push": result.net == 0 and result.commission == 0,
        "win": 0 <= result.commission <= bet and result.net == bet - result.commission,
    }
    if result.outcome not in expected:
        raise ValueError(f"an outcome is one of {', '.join(OUTCOMES)}, not {result.outcome!r}")
    if not expected[result.outcome]:
        raise ValueError(
            f"seat {result.seat}: {result.outcome} with bet {bet} cannot net {result.net}"
            f" with commission {result.commission}"
        )
