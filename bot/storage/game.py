"""Rounds of the game in the database: the deal with its wagers, the splits, and the one
settlement (or void) that pays them (``game_finish``), plus the boards, the tables and each
server's settings.

Every wager leaves the member's ledger in the same transaction that writes the round
(``bet:<round>:<seat>[:<kind>]``), and comes back in the one transaction that settles or
voids it. The round engine (``houseway.round``) decides; this module stores what it
decided, and ``RoundRow.to_round`` gives the engine's round back.

Every write that touches members' chips or seats holds their locks
(``members_transaction``, ascending), as /stats forget does: a forget and a settlement of
the same member run one after the other, never interleaved, and a seat whose member asked
to be forgotten after the deal is deleted, not settled (nothing written after a forget).
The one exception is ``set_split``, a single UPDATE of a seat that exists: it cannot bring
back a seat a forget deleted, and the settlement deletes what it set for such a member.
"""

from __future__ import annotations

from collections.abc import Sequence

from houseway.cards import Card, format_cards
from houseway.round import Round, WagerKind

from . import Database, Row, Statements, placeholders
from .chips import BET, Entry, bet_key, stacks_in, write_entries
from .game_boards import recent_hands, record_given_up, skill_board, skill_board_size
from .game_finish import (
    mark_revealed,
    settle_round,
    stored_seats,
    unrevealed_rounds,
    void_round,
)
from .game_rows import (
    HOWS,
    ROUND_COLUMNS,
    PlayedHand,
    RoundRow,
    SeatRow,
    WagerRow,
    check_deal,
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
    "HOWS",
    "MAX_STAKE",
    "AlreadyPlaying",
    "GameSettings",
    "NotEnoughChips",
    "PlayedHand",
    "RoundRow",
    "SeatRow",
    "WagerRow",
    "game_settings",
    "get_round",
    "mark_revealed",
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
    "stored_seats",
    "unrevealed_rounds",
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
    rows = await _open_rounds_of(tx, guild_id, [user_id])
    return rows[0] if rows else None


async def _open_rounds_of(tx: Statements, guild_id: int, user_ids: Sequence[int]) -> list[Row]:
    """(user id, round id, seat) of the members' seats in open rounds of the server, the
    oldest round first: one statement for a table's seats."""
    marks = placeholders(len(user_ids), 2)
    return await tx.fetch(
        "SELECT s.user_id, s.round_id, s.seat FROM game_seats s JOIN game_rounds r"
        f" ON r.round_id = s.round_id WHERE s.guild_id = $1 AND s.user_id IN ({marks})"
        " AND r.status = 'open' ORDER BY r.dealt_at, s.round_id, s.seat",
        guild_id,
        *user_ids,
    )


async def open_round(
    db: Database,
    round_: Round,
    *,
    guild_id: int,
    channel_id: int | None,
    table_id: str | None,
    deadline: float | None,
    now: float,
) -> None:
    """Deal a round the engine dealt: write it, its seats, their side wagers and every
    wager taken (one ledger entry a wager). Nothing is read back: the caller holds the
    round (``get_round`` reads it as stored).

    One transaction under every seated member's lock: either all of it is written or
    nothing is. Call ``chips.ensure_stack`` for each member first: a stack is not granted
    here.

    Raises:
        ValueError: a round id used before, or a round storage cannot hold.
        AlreadyPlaying: a member has a seat in another open round of the server.
        NotEnoughChips: a member's wagers are above their stack.
    """
    check_deal(round_)
    round_id, rules = round_.round_id, round_.rules
    seats = sorted(round_.seats, key=lambda seat: seat.number)
    players = [seat.player for seat in seats]
    async with db.members_transaction(players) as tx:
        if await tx.fetchrow("SELECT 1 AS dealt FROM game_rounds WHERE round_id = $1", round_id):
            raise ValueError(f"round {round_id} was dealt before")
        playing: dict[int, str] = {}
        for row in await _open_rounds_of(tx, guild_id, players):
            playing.setdefault(int(row["user_id"]), str(row["round_id"]))
        for seat in seats:
            if seat.player in playing:
                raise AlreadyPlaying(seat.player, playing[seat.player])
        stacks = await stacks_in(tx, guild_id, players)
        for seat in seats:
            if stacks[seat.player] < seat.staked:
                raise NotEnoughChips(seat.player, stacks[seat.player], seat.staked)
        await tx.execute(
            f"INSERT INTO game_rounds ({ROUND_COLUMNS})"
            " VALUES ($1, $2, $3, $4, 'open', $5, $6, $7, NULL, $8, $9, $10, NULL)",
            round_id,
            guild_id,
            channel_id,
            table_id,
            format_cards(round_.dealer),
            now,
            deadline,
            rules.way.id,
            rules.foul.value,
            rules.bonus_table,
        )
        # The seats, their side wagers and the wagers' entries: a round trip each, not one
        # a row (issue 40).
        seat_rows, wager_rows, entries = [], [], []
        for seat in seats:
            hand = format_cards(seat.hand)
            seat_rows.append((round_id, seat.number, guild_id, seat.player, seat.bet, hand))
            for wager in seat.wagers:
                if wager.kind is not WagerKind.MAIN:
                    wager_rows.append((round_id, seat.number, wager.kind.value, wager.amount))
                key = bet_key(round_id, seat.number, wager.kind.value)
                entries.append(Entry(guild_id, seat.player, key, BET, -wager.amount, round_id, now))
        await tx.executemany(
            "INSERT INTO game_seats (round_id, seat, guild_id, user_id, bet, hand)"
            " VALUES ($1, $2, $3, $4, $5, $6)",
            seat_rows,
        )
        await tx.executemany(
            "INSERT INTO game_wagers (round_id, seat, kind, amount) VALUES ($1, $2, $3, $4)",
            wager_rows,
        )
        await write_entries(tx, entries)


async def set_split(
    db: Database,
    round_id: str,
    seat: int,
    user_id: int,
    two: tuple[Card, ...],
    how: str,
    *,
    hand: tuple[Card, ...],
) -> bool:
    """Store the seat's split; False if the round is no longer open, the seat is not the
    member's or not dealt ``hand``, or a split is already stored (a double click, a stale
    menu).

    With the foul rule 'repick' the caller asks again before storing a fouled split; with
    'stand' it stores it as it is, and it loses at the settlement.

    One statement, on its own (issue 40: it was four round trips, a transaction with the
    member's lock): the UPDATE of a row that exists cannot recreate a seat /stats forget
    deleted (it finds no row, or waits for the forget's delete and then finds none), and
    the split is checked against ``hand`` before, which the row must still hold.

    Raises:
        ValueError: ``how`` is not a way to set a split, or ``two`` not two of ``hand``.
    """
    if how not in HOWS:
        raise ValueError(f"how is one of {', '.join(HOWS)}, not {how!r}")
    check_two(two, hand)
    # PostgreSQL: a void or settlement under way holds the round's row; FOR SHARE waits for
    # it and sees the round as it ends (else the subquery keeps the statement's first view,
    # 'open', and the set lands on a round voided meanwhile). SQLite: one writer at a time.
    share = " FOR SHARE" if db.backend == "postgresql" else ""
    changed = await db.execute(
        "UPDATE game_seats SET two = $4, how = $5"
        " WHERE round_id = $1 AND seat = $2 AND user_id = $3 AND hand = $6 AND two IS NULL"
        " AND EXISTS (SELECT 1 FROM game_rounds r WHERE r.round_id = $1 AND r.status = 'open'"
        f"{share})",
        round_id,
        seat,
        user_id,
        format_cards(two),
        how,
        format_cards(hand),
    )
    return changed == 1


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
