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

from houseway.cards import HAND_SIZE, Card, format_cards, parse_cards

from . import Database, Row, Statements
from .chips import BET, RESULT, VOID, Entry, bet_key, result_key, stack_in, write_entry
from .game_boards import recent_hands, record_given_up, skill_board, skill_board_size
from .game_rows import (
    HAND_RESULTS,
    HOWS,
    MAX_SEATS,
    OUTCOMES,
    ROUND_COLUMNS,
    PlayedHand,
    RoundRow,
    SeatResult,
    SeatRow,
    check_deal,
    check_result,
    check_two,
    round_row,
    seats_of,
)
from .table_settings import (
    FOUL_RULES,
    MAX_STAKE,
    GameSettings,
    game_settings,
    save_game_settings,
)

#: The game's storage API in one place; rows and checks, boards and settings live in
#: modules of their own (``game_rows``, ``game_boards``, ``table_settings``).
__all__ = [
    "FOUL_RULES",
    "HAND_RESULTS",
    "HOWS",
    "MAX_SEATS",
    "MAX_STAKE",
    "OUTCOMES",
    "AlreadyPlaying",
    "GameSettings",
    "NotEnoughChips",
    "PlayedHand",
    "RoundRow",
    "SeatResult",
    "SeatRow",
    "game_settings",
    "get_round",
    "open_round",
    "open_rounds",
    "open_seat_of",
    "recent_hands",
    "record_given_up",
    "save_game_settings",
    "set_split",
    "settle_round",
    "skill_board",
    "skill_board_size",
    "void_round",
]


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


async def _open_round_of(tx: Statements, guild_id: int, user_id: int) -> Row | None:
    return await tx.fetchrow(
        "SELECT s.round_id, s.seat FROM game_seats s JOIN game_rounds r"
        " ON r.round_id = s.round_id WHERE s.guild_id = $1 AND s.user_id = $2"
        " AND r.status = 'open' ORDER BY r.dealt_at LIMIT 1",
        guild_id,
        user_id,
    )


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
    check_deal(round_id, dealer, seats)
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
            f"INSERT INTO game_rounds ({ROUND_COLUMNS})"
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
        check_two(two, parse_cards(str(row["hand"]), HAND_SIZE))
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


async def _close_with_seats(
    tx: Statements, round_id: str, status: str, now: float
) -> tuple[int, list[SeatRow]] | None:
    """Close an open round (None if it was not open) and return its guild and the seats
    still to be paid: a settlement and a void pass over the same forgotten members."""
    closed = await _close(tx, round_id, status, now)
    if closed is None:
        return None
    guild_id = int(closed["guild_id"])
    gone = await _forgotten_seats(tx, round_id, guild_id, float(closed["dealt_at"]))
    return guild_id, [seat for seat in await seats_of(tx, round_id) if seat.seat not in gone]


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
        closed = await _close_with_seats(tx, round_id, "settled", now)
        if closed is None:
            return False
        guild_id, seats = closed
        for seat in seats:
            result = by_seat.get(seat.seat)
            if result is None:
                raise ValueError(f"seat {seat.seat} of round {round_id} has no result")
            check_result(result, seat.bet)
            check_two(result.two, seat.hand)
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
        closed = await _close_with_seats(tx, round_id, "void", now)
        if closed is None:
            return False
        guild_id, seats = closed
        for seat in seats:
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
        f"SELECT {ROUND_COLUMNS} FROM game_rounds WHERE round_id = $1", round_id
    )
    return None if row is None else round_row(row, await seats_of(db, round_id))


async def open_rounds(db: Database, table_only: bool | None = None) -> list[RoundRow]:
    """Every round not settled or voided, oldest first, for a restarted bot to finish or
    void: all of them, only tables' (``table_only=True``) or only hands alone (False)."""
    where = {None: "", True: " AND table_id IS NOT NULL", False: " AND table_id IS NULL"}
    rows = await db.fetch(
        f"SELECT {ROUND_COLUMNS} FROM game_rounds WHERE status = 'open'"
        f"{where[table_only]} ORDER BY dealt_at, round_id"
    )
    return [round_row(row, await seats_of(db, str(row["round_id"]))) for row in rows]


async def open_seat_of(db: Database, guild_id: int, user_id: int) -> tuple[str, int] | None:
    """(round id, seat) of the member's seat in an open round of the server, if any."""
    row = await _open_round_of(db, guild_id, user_id)
    return None if row is None else (str(row["round_id"]), int(row["seat"]))
