"""Rounds of the game in the database: the deal with its bets, the splits, and the one
settlement (or void) that pays them, plus the boards and each server's table settings.

A bet leaves the member's ledger in the same transaction that writes the round, and comes
back in the same transaction that settles or voids it, under the key
``result:<round>:<seat>``; the round's status moves from 'open' exactly once, by a
conditional UPDATE. A settlement repeated, replayed after a restart, or racing a void
therefore pays at most once, and a round is never half-settled.

Every write that touches members' chips or seats holds their locks
(``members_transaction``, ascending), as /stats forget does: a forget and a settlement of
the same member run one after the other, never interleaved, and a seat whose member asked
to be forgotten after the deal is deleted, not settled (nothing written after a forget).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from houseway.cards import HAND_SIZE, Card, check_cards, format_cards, parse_cards

from . import Database, Row, Statements
from .chips import BET, RESULT, VOID, Entry, bet_key, result_key, stack_in, write_entry

#: How a seat's split was set: the member's own, *Huset väljer*, or the house way for a
#: member whose time ran out.
HOWS: Final = ("own", "house", "timeout")
OUTCOMES: Final = ("win", "push", "loss")
#: One hand's result against the dealer's (None: a fouled split, which is not compared).
HAND_RESULTS: Final = ("win", "copy", "loss")
FOUL_RULES: Final = ("repick", "stand")
#: At most six seats at a table (spec section 9).
MAX_SEATS: Final = 6
#: The largest bet and stakes a server may set.
MAX_STAKE: Final = 1_000_000


class NotEnoughChips(Exception):
    """A member's bet is above their stack: the round is not dealt."""

    def __init__(self, user_id: int, stack: int, bet: int) -> None:
        super().__init__(f"member {user_id} bets {bet} with {stack} chips")
        self.user_id = user_id
        self.stack = stack
        self.bet = bet


class AlreadyPlaying(Exception):
    """A member already has a seat in an open round of the server (a table elsewhere, a
    hand alone): one bet out at a time, so the round is not dealt."""

    def __init__(self, user_id: int, round_id: str) -> None:
        super().__init__(f"member {user_id} is playing round {round_id}")
        self.user_id = user_id
        self.round_id = round_id


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


@dataclass(frozen=True)
class GameSettings:
    """A server's game settings; a server that set none plays by these defaults."""

    #: Channels that may hold tables; empty: any channel.
    channels: tuple[int, ...] = ()
    countdown_seconds: int = 60
    min_bet: int = 1
    max_bet: int = 1000
    #: 'repick': a fouled split is refused and the member picks again; 'stand': it loses.
    foul_rule: str = "repick"
    #: Hands a member needs on the skill board.
    min_hands: int = 20

    def allows(self, channel_id: int) -> bool:
        """Whether a table may be opened in the channel."""
        return not self.channels or channel_id in self.channels

    def check(self) -> None:
        """Raise ValueError, saying which and why, for a setting out of its range."""
        if not 15 <= self.countdown_seconds <= 300:
            raise ValueError("the countdown must be 15 to 300 seconds")
        if not 1 <= self.min_bet <= self.max_bet <= MAX_STAKE:
            raise ValueError(
                f"the bets must be 1 ≤ minimum ≤ maximum ≤ {MAX_STAKE:,}"
                f" (got {self.min_bet} and {self.max_bet})"
            )
        if self.foul_rule not in FOUL_RULES:
            raise ValueError(f"the foul rule must be one of {', '.join(FOUL_RULES)}")
        if not 1 <= self.min_hands <= 1000:
            raise ValueError("the skill board's minimum must be 1 to 1000 hands")
        if any(not isinstance(c, int) or c <= 0 for c in self.channels):
            raise ValueError("channels are positive channel ids")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards(text: str | None, count: int | None = None) -> tuple[Card, ...] | None:
    return None if text is None else parse_cards(text, count)


def _seat(row: Row) -> SeatRow:
    def number(name: str) -> int | None:
        return None if row[name] is None else int(row[name])

    return SeatRow(
        round_id=str(row["round_id"]),
        seat=int(row["seat"]),
        guild_id=int(row["guild_id"]),
        user_id=int(row["user_id"]),
        bet=int(row["bet"]),
        hand=parse_cards(str(row["hand"]), HAND_SIZE),
        two=_cards(row["two"], 2),
        how=row["how"],
        five_result=row["five_result"],
        two_result=row["two_result"],
        outcome=row["outcome"],
        commission=number("commission"),
        net=number("net"),
        given_up=number("given_up"),
    )


def _round(row: Row, seats: Sequence[SeatRow]) -> RoundRow:
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


_SEAT_COLUMNS = (
    "round_id, seat, guild_id, user_id, bet, hand, two, how, five_result, two_result,"
    " outcome, commission, net, given_up"
)
_ROUND_COLUMNS = (
    "round_id, guild_id, channel_id, table_id, status, dealer, dealt_at, deadline, settled_at"
)


async def _seats(tx: Statements, round_id: str) -> list[SeatRow]:
    rows = await tx.fetch(
        f"SELECT {_SEAT_COLUMNS} FROM game_seats WHERE round_id = $1 ORDER BY seat", round_id
    )
    return [_seat(row) for row in rows]


async def _open_round_of(tx: Statements, guild_id: int, user_id: int) -> Row | None:
    return await tx.fetchrow(
        "SELECT s.round_id, s.seat FROM game_seats s JOIN game_rounds r"
        " ON r.round_id = s.round_id WHERE s.guild_id = $1 AND s.user_id = $2"
        " AND r.status = 'open' ORDER BY r.dealt_at LIMIT 1",
        guild_id,
        user_id,
    )


def _check_deal(
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
        if not _whole(seat) or seat < 0:
            raise ValueError(f"seat {seat!r} is not a seat number")
        if not _whole(bet) or bet <= 0:
            raise ValueError(f"a bet is a positive whole number of chips, not {bet!r}")
        if len(hand) != HAND_SIZE:
            raise ValueError(f"seat {seat} has {len(hand)} cards, not {HAND_SIZE}")
    if len(dealer) != HAND_SIZE:
        raise ValueError(f"the dealer has {len(dealer)} cards, not {HAND_SIZE}")
    # One deck: a card twice in a round raises here (check_cards' HandError is a ValueError).
    check_cards([*dealer, *(card for *_, hand in seats for card in hand)])


async def open_round(
    db: Database,
    *,
    round_id: str,
    guild_id: int,
    channel_id: int | None,
    table_id: str | None,
    dealer: tuple[Card, ...],
    seats: Sequence[tuple[int, int, int, tuple[Card, ...]]],
    deadline: float | None,
    now: float,
) -> RoundRow:
    """Deal a round: write it, its seats (seat, user id, bet, hand) and every bet taken.

    One transaction under every seated member's lock: either all of it is written or
    nothing is. Call ``chips.ensure_stack`` for each member first: a stack is not granted
    here.

    Raises:
        ValueError: a bet that is not a positive whole number, a round id used before, or
            a deal that is not one (seats, cards).
        AlreadyPlaying: a member has a seat in another open round of the server.
        NotEnoughChips: a member's bet is above their stack.
    """
    _check_deal(round_id, dealer, seats)
    ordered = sorted(seats)
    async with db.members_transaction([user_id for _, user_id, _, _ in ordered]) as tx:
        if await tx.fetchrow("SELECT 1 AS dealt FROM game_rounds WHERE round_id = $1", round_id):
            raise ValueError(f"round {round_id} was dealt before")
        for _, user_id, _, _ in ordered:
            playing = await _open_round_of(tx, guild_id, user_id)
            if playing is not None:
                raise AlreadyPlaying(user_id, str(playing["round_id"]))
        for _, user_id, bet, _ in ordered:
            chips = await stack_in(tx, guild_id, user_id)
            if chips < bet:
                raise NotEnoughChips(user_id, chips, bet)
        await tx.execute(
            f"INSERT INTO game_rounds ({_ROUND_COLUMNS})"
            " VALUES ($1, $2, $3, $4, 'open', $5, $6, $7, NULL)",
            round_id,
            guild_id,
            channel_id,
            table_id,
            format_cards(dealer),
            now,
            deadline,
        )
        rows = []
        for seat, user_id, bet, hand in ordered:
            await tx.execute(
                "INSERT INTO game_seats (round_id, seat, guild_id, user_id, bet, hand)"
                " VALUES ($1, $2, $3, $4, $5, $6)",
                round_id,
                seat,
                guild_id,
                user_id,
                bet,
                format_cards(hand),
            )
            entry = Entry(guild_id, user_id, bet_key(round_id, seat), BET, -bet, round_id, now)
            await write_entry(tx, entry)
            rows.append(SeatRow(round_id, seat, guild_id, user_id, bet, tuple(hand)))
    return RoundRow(
        round_id,
        guild_id,
        channel_id,
        table_id,
        "open",
        tuple(dealer),
        now,
        deadline,
        None,
        tuple(rows),
    )


def _check_two(two: tuple[Card, ...], hand: tuple[Card, ...]) -> None:
    if len(two) != 2 or len(set(two)) != 2 or not set(two) <= set(hand):
        raise ValueError("the two-card hand is two different cards of the seat's hand")


async def set_split(
    db: Database, round_id: str, seat: int, user_id: int, two: tuple[Card, ...], how: str
) -> bool:
    """Store the seat's split; False if the round is no longer open, the seat is not the
    member's, or a split is already stored (a double click, a stale menu).

    With the foul rule 'repick' the caller asks again before storing a fouled split; with
    'stand' it stores it as it is, and it loses at the settlement.

    Raises:
        ValueError: ``how`` is not a way to set a split, or ``two`` not two of the cards.
    """
    if how not in HOWS:
        raise ValueError(f"how is one of {', '.join(HOWS)}, not {how!r}")
    async with db.member_transaction(user_id) as tx:
        row = await tx.fetchrow(
            "SELECT s.hand FROM game_seats s JOIN game_rounds r ON r.round_id = s.round_id"
            " WHERE s.round_id = $1 AND s.seat = $2 AND s.user_id = $3 AND s.two IS NULL"
            " AND r.status = 'open'",
            round_id,
            seat,
            user_id,
        )
        if row is None:
            return False
        _check_two(two, parse_cards(str(row["hand"]), HAND_SIZE))
        changed = await tx.execute(
            "UPDATE game_seats SET two = $4, how = $5"
            " WHERE round_id = $1 AND seat = $2 AND user_id = $3 AND two IS NULL",
            round_id,
            seat,
            user_id,
            format_cards(two),
            how,
        )
    return changed == 1


def _check_result(result: SeatResult, bet: int) -> None:
    """ValueError for a result that pays what no outcome pays: a loss is the bet, a push
    nothing, a win the bet less a commission between 0 and the bet."""
    if result.how not in HOWS:
        raise ValueError(f"how is one of {', '.join(HOWS)}, not {result.how!r}")
    for said in (result.five_result, result.two_result):
        if said is not None and said not in HAND_RESULTS:
            raise ValueError(f"a hand's result is one of {', '.join(HAND_RESULTS)}, not {said!r}")
    if not (_whole(result.net) and _whole(result.commission)):
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


async def _close(tx: Statements, round_id: str, status: str, now: float) -> Row | None:
    """Move an open round to ``status``; the round's row, or None if it was not open (it
    was settled or voided already: this caller pays nothing)."""
    changed = await tx.execute(
        "UPDATE game_rounds SET status = $2, settled_at = $3 WHERE round_id = $1"
        " AND status = 'open'",
        round_id,
        status,
        now,
    )
    if changed != 1:
        return None
    return await tx.fetchrow(
        "SELECT guild_id, dealt_at FROM game_rounds WHERE round_id = $1", round_id
    )


async def _forgotten_seats(
    tx: Statements, round_id: str, guild_id: int, dealt_at: float
) -> set[int]:
    """Delete the seats (and anything of the round in their ledgers) of members who asked
    to be forgotten after the deal; their seat numbers.

    /stats forget has deleted them already when it ran before this transaction; this
    holds for a seat written with an older time than the forget, so that no result is
    ever written for a member after their forget.
    """
    rows = await tx.fetch(
        "SELECT s.seat, s.user_id FROM game_seats s JOIN forgotten_members f"
        " ON f.user_id = s.user_id WHERE s.round_id = $1 AND f.forgotten_at >= $2",
        round_id,
        dealt_at,
    )
    for row in rows:
        await tx.execute(
            "DELETE FROM game_seats WHERE round_id = $1 AND seat = $2", round_id, row["seat"]
        )
        await tx.execute(
            "DELETE FROM chip_entries WHERE guild_id = $1 AND user_id = $2 AND round_id = $3",
            guild_id,
            row["user_id"],
            round_id,
        )
    return {int(row["seat"]) for row in rows}


async def _seated(db: Database, round_id: str) -> list[int]:
    """The members seated in the round. Read before their locks are taken: seats are only
    ever deleted after the deal (by /stats forget), so the set can only shrink meanwhile."""
    rows = await db.fetch("SELECT user_id FROM game_seats WHERE round_id = $1", round_id)
    return [int(row["user_id"]) for row in rows]


async def settle_round(
    db: Database, round_id: str, results: Sequence[SeatResult], now: float
) -> bool:
    """Settle the round once: each seat's result and its chips; False if it was not open
    (settled or voided before: nothing is paid twice).

    One transaction under every seated member's lock: the round is settled with all its
    seats or not at all. ``results`` must cover every seat still stored; a result for a
    seat that is gone (its member asked to be forgotten) is passed over.

    Raises:
        ValueError: a stored seat without a result, or a result no outcome pays.
    """
    by_seat = {result.seat: result for result in results}
    if len(by_seat) != len(results):
        raise ValueError("two results for one seat")
    async with db.members_transaction(await _seated(db, round_id)) as tx:
        closed = await _close(tx, round_id, "settled", now)
        if closed is None:
            return False
        guild_id = int(closed["guild_id"])
        gone = await _forgotten_seats(tx, round_id, guild_id, float(closed["dealt_at"]))
        for seat in await _seats(tx, round_id):
            if seat.seat in gone:
                continue
            result = by_seat.get(seat.seat)
            if result is None:
                raise ValueError(f"seat {seat.seat} of round {round_id} has no result")
            _check_result(result, seat.bet)
            _check_two(result.two, seat.hand)
            await tx.execute(
                "UPDATE game_seats SET two = $3, how = $4, five_result = $5, two_result = $6,"
                " outcome = $7, commission = $8, net = $9 WHERE round_id = $1 AND seat = $2",
                round_id,
                seat.seat,
                format_cards(result.two),
                result.how,
                result.five_result,
                result.two_result,
                result.outcome,
                result.commission,
                result.net,
            )
            await write_entry(
                tx,
                Entry(
                    guild_id,
                    seat.user_id,
                    result_key(round_id, seat.seat),
                    RESULT,
                    seat.bet + result.net,
                    round_id,
                    now,
                ),
            )
    return True


async def void_round(db: Database, round_id: str, now: float) -> bool:
    """Void the round once, every bet returned; False if it was not open.

    For a round that cannot be finished (a restart found it past its time, the channel is
    gone). The bet comes back under the same ``result:`` key a settlement would use.
    """
    async with db.members_transaction(await _seated(db, round_id)) as tx:
        closed = await _close(tx, round_id, "void", now)
        if closed is None:
            return False
        guild_id = int(closed["guild_id"])
        gone = await _forgotten_seats(tx, round_id, guild_id, float(closed["dealt_at"]))
        for seat in await _seats(tx, round_id):
            if seat.seat in gone:
                continue
            await tx.execute(
                "UPDATE game_seats SET outcome = 'void', commission = 0, net = 0"
                " WHERE round_id = $1 AND seat = $2",
                round_id,
                seat.seat,
            )
            await write_entry(
                tx,
                Entry(
                    guild_id,
                    seat.user_id,
                    result_key(round_id, seat.seat),
                    VOID,
                    seat.bet,
                    round_id,
                    now,
                ),
            )
    return True


async def get_round(db: Database, round_id: str) -> RoundRow | None:
    """The round with its seats, or None.

    Two reads, not a transaction (which would take SQLite's write lock for a read): a
    round's seats are written in the transaction that writes the round, so a round read
    has its seats; a settlement between the reads shows as seats already settled.
    """
    row = await db.fetchrow(
        f"SELECT {_ROUND_COLUMNS} FROM game_rounds WHERE round_id = $1", round_id
    )
    return None if row is None else _round(row, await _seats(db, round_id))


async def open_rounds(db: Database, table_only: bool | None = None) -> list[RoundRow]:
    """Every round not settled or voided, oldest first, for a restarted bot to finish or
    void: all of them, only tables' (``table_only=True``) or only hands alone (False)."""
    where = {None: "", True: " AND table_id IS NOT NULL", False: " AND table_id IS NULL"}
    rows = await db.fetch(
        f"SELECT {_ROUND_COLUMNS} FROM game_rounds WHERE status = 'open'"
        f"{where[table_only]} ORDER BY dealt_at, round_id"
    )
    return [_round(row, await _seats(db, str(row["round_id"]))) for row in rows]


async def open_seat_of(db: Database, guild_id: int, user_id: int) -> tuple[str, int] | None:
    """(round id, seat) of the member's seat in an open round of the server, if any."""
    row = await _open_round_of(db, guild_id, user_id)
    return None if row is None else (str(row["round_id"]), int(row["seat"]))


async def record_given_up(db: Database, round_id: str, seat: int, given_up: int) -> bool:
    """Store what a settled seat's split gave up against the best split (ten-billionths of
    a unit bet), once; False if it is stored already, or the seat is not settled or gone.

    An UPDATE of an existing row: it cannot recreate a seat /stats forget deleted, so it
    needs no member's lock.
    """
    if not _whole(given_up) or given_up < 0:
        raise ValueError(f"given up is a whole number of ten-billionths, not {given_up!r}")
    changed = await db.execute(
        "UPDATE game_seats SET given_up = $3 WHERE round_id = $1 AND seat = $2"
        " AND given_up IS NULL AND round_id IN"
        " (SELECT round_id FROM game_rounds WHERE round_id = $1 AND status = 'settled')",
        round_id,
        seat,
        given_up,
    )
    return changed == 1


async def recent_hands(
    db: Database, guild_id: int, user_id: int, limit: int = 5
) -> list[PlayedHand]:
    """The member's settled hands in the server, newest first."""
    columns = ", ".join(f"s.{name.strip()}" for name in _SEAT_COLUMNS.split(","))
    rows = await db.fetch(
        f"SELECT {columns}, r.dealer, r.table_id, r.dealt_at, r.settled_at FROM game_seats s"
        " JOIN game_rounds r ON r.round_id = s.round_id WHERE s.guild_id = $1"
        " AND s.user_id = $2 AND r.status = 'settled'"
        " ORDER BY r.settled_at DESC, r.dealt_at DESC, s.round_id DESC LIMIT $3",
        guild_id,
        user_id,
        limit,
    )
    return [
        PlayedHand(
            seat=_seat(row),
            dealer=parse_cards(str(row["dealer"]), HAND_SIZE),
            table_id=row["table_id"],
            dealt_at=float(row["dealt_at"]),
            settled_at=float(row["settled_at"]),
        )
        for row in rows
    ]


async def skill_board(
    db: Database, guild_id: int, min_hands: int, limit: int = 10, offset: int = 0
) -> list[tuple[int, int, int]]:
    """(user id, hands, given up in all) of the server's members with at least
    ``min_hands`` analysed settled hands, least given up a hand first (ties: more hands,
    then the lower user id).

    A hand counts alike whatever its bet (given up is per unit bet): the board measures
    how well hands were set, not how much was staked. The average is divided in double
    precision on both databases, so equal averages compare equal (exactly, while a total
    stays below 2**53 ten-billionths: about 900,000 units given up).
    """
    rows = await db.fetch(
        "SELECT s.user_id, COUNT(*) AS hands, SUM(s.given_up) AS lost FROM game_seats s"
        " JOIN game_rounds r ON r.round_id = s.round_id WHERE s.guild_id = $1"
        " AND r.status = 'settled' AND s.given_up IS NOT NULL GROUP BY s.user_id"
        " HAVING COUNT(*) >= $2"
        " ORDER BY CAST(SUM(s.given_up) AS DOUBLE PRECISION) / COUNT(*), COUNT(*) DESC,"
        " s.user_id LIMIT $3 OFFSET $4",
        guild_id,
        min_hands,
        limit,
        offset,
    )
    return [(int(row["user_id"]), int(row["hands"]), int(row["lost"])) for row in rows]


async def skill_board_size(db: Database, guild_id: int, min_hands: int) -> int:
    """How many members the server's skill board has (for its pages)."""
    row = await db.fetchrow(
        "SELECT COUNT(*) AS members FROM (SELECT s.user_id FROM game_seats s"
        " JOIN game_rounds r ON r.round_id = s.round_id WHERE s.guild_id = $1"
        " AND r.status = 'settled' AND s.given_up IS NOT NULL GROUP BY s.user_id"
        " HAVING COUNT(*) >= $2) AS ranked",
        guild_id,
        min_hands,
    )
    return 0 if row is None else int(row["members"])


async def game_settings(db: Database, guild_id: int) -> GameSettings:
    """The server's game settings, or the defaults if its moderators set none."""
    row = await db.fetchrow(
        "SELECT channels, countdown_seconds, min_bet, max_bet, foul_rule, min_hands"
        " FROM game_settings WHERE guild_id = $1",
        guild_id,
    )
    if row is None:
        return GameSettings()
    return GameSettings(
        channels=tuple(int(c) for c in str(row["channels"]).split()),
        countdown_seconds=int(row["countdown_seconds"]),
        min_bet=int(row["min_bet"]),
        max_bet=int(row["max_bet"]),
        foul_rule=str(row["foul_rule"]),
        min_hands=int(row["min_hands"]),
    )


async def save_game_settings(db: Database, guild_id: int, settings: GameSettings) -> None:
    """Store the server's settings, all of them at once.

    Raises:
        ValueError: a setting out of its range (``GameSettings.check``).
    """
    settings.check()
    await db.execute(
        "INSERT INTO game_settings (guild_id, channels, countdown_seconds, min_bet, max_bet,"
        " foul_rule, min_hands) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (guild_id)"
        " DO UPDATE SET channels = excluded.channels,"
        " countdown_seconds = excluded.countdown_seconds, min_bet = excluded.min_bet,"
        " max_bet = excluded.max_bet, foul_rule = excluded.foul_rule,"
        " min_hands = excluded.min_hands",
        guild_id,
        " ".join(str(c) for c in sorted(set(settings.channels))),
        settings.countdown_seconds,
        settings.min_bet,
        settings.max_bet,
        settings.foul_rule,
        settings.min_hands,
    )
