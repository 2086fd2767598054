"""A round's end in the database: settled (every wager paid) or voided (every wager back),
exactly once, and whether a table round's result was posted.

The round's status moves from 'open' exactly once, by a conditional UPDATE, in the one
transaction that writes every seat's results and ledger entries and reads the stacks back:
a settlement repeated, replayed after a restart, or racing a void pays at most once, and a
round is never half-settled. Each wager comes back under its own key
(``result:<round>:<seat>[:<kind>]``, and ``envy:<round>:<seat>`` for Envy's chips), the
same key a settlement or a void writes, so a seat can never be both.

Every such write holds the seated members' locks (``members_transaction``, ascending), as
/stats forget does: a seat whose member asked to be forgotten after the deal is deleted,
not settled (nothing is written for a member after their forget).
"""

from __future__ import annotations

from collections.abc import Mapping

from houseway.cards import format_cards
from houseway.round import Phase, Round

from . import Database, Row, Statements
from .chips import ENVY, RESULT, VOID, Entry, envy_key, result_key, stacks_in, write_entries
from .game_rows import ROUND_COLUMNS, RoundRow, SeatRow, check_paid, check_two, round_row, seats_of


async def _close(tx: Statements, round_id: str, status: str, now: float) -> Row | None:
    """Move an open round to ``status``; the round's guild and deal time, or None if it
    was not open (it was settled or voided already: this caller pays nothing). One
    statement (RETURNING; SQLite has it since 3.35)."""
    return await tx.fetchrow(
        "UPDATE game_rounds SET status = $2, settled_at = $3 WHERE round_id = $1"
        " AND status = 'open' RETURNING guild_id, dealt_at",
        round_id,
        status,
        now,
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
    """Delete the seats (their wagers, and anything of the round in their ledgers) of
    members who asked to be forgotten after the deal; their seat numbers.

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
        for table in ("game_seats", "game_wagers"):
            await tx.execute(
                f"DELETE FROM {table} WHERE round_id = $1 AND seat = $2", round_id, row["seat"]
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
    return [user_id for _, user_id in await stored_seats(db, round_id)]


async def stored_seats(db: Database, round_id: str) -> set[tuple[int, int]]:
    """(seat number, member) of the round's seats as stored, in one statement: for a table
    holding the round in memory to see that its copy has the same seats (a forget handled
    by another process deleted one; a forget noticed after the deal took one out of the
    copy that the database kept)."""
    rows = await db.fetch("SELECT seat, user_id FROM game_seats WHERE round_id = $1", round_id)
    return {(int(row["seat"]), int(row["user_id"])) for row in rows}


async def settle_round(db: Database, settled: Round, now: float) -> Mapping[int, int] | None:
    """Settle the round once, as the engine settled it: each seat's results, one ledger
    entry a wager (and Envy's), and the seated members' stacks read back, all in one
    transaction; the stacks by member, or None if the round was not open (settled or
    voided before: nothing is paid twice).

    The engine's round names its players, so their locks are taken without reading the
    seats first. A seat stored no longer (its member asked to be forgotten) is passed
    over; its result is not written.

    Raises:
        ValueError: a round the engine has not settled, a stored seat it did not settle,
            or a result no outcome pays.
    """
    if settled.phase is not Phase.SETTLED or settled.result is None:
        raise ValueError(f"round {settled.round_id} is {settled.phase.value}, not settled")
    by_seat = {result.seat.number: result for result in settled.result.seats}
    round_id = settled.round_id
    async with db.members_transaction([seat.player for seat in settled.seats]) as tx:
        closed = await _close_with_seats(tx, round_id, "settled", now)
        if closed is None:
            return None
        guild_id, seats = closed
        results: list[tuple[object, ...]] = []
        bonuses: list[tuple[object, ...]] = []
        entries: list[Entry] = []
        for seat in seats:
            result = by_seat.get(seat.seat)
            if result is None or result.seat.player != seat.user_id:
                raise ValueError(f"seat {seat.seat} of round {round_id} has no result")
            check_paid(result)
            main, how = result.main, result.seat.how
            assert how is not None  # settled: every seat set
            check_two(main.player.two, seat.hand)
            results.append(
                (
                    round_id,
                    seat.seat,
                    format_cards(main.player.two),
                    how.value,
                    None if main.five is None else main.five.value,
                    None if main.two is None else main.two.value,
                    main.outcome.name.lower(),
                    main.commission,
                    main.net,
                )
            )
            if result.bonus is not None:
                bonus = result.bonus
                bonuses.append((round_id, seat.seat, bonus.category.value, bonus.net, result.envy))
            for wager, amount in result.payouts():
                key = (
                    envy_key(round_id, seat.seat)
                    if wager == ENVY
                    else result_key(round_id, seat.seat, wager)
                )
                kind = ENVY if wager == ENVY else RESULT
                entries.append(Entry(guild_id, seat.user_id, key, kind, amount, round_id, now))
        # Every seat's results, every bonus's and every entry: a round trip each, not one a
        # row (issue 40); checked above before anything is written.
        await tx.executemany(
            "UPDATE game_seats SET two = $3, how = $4, five_result = $5, two_result = $6,"
            " outcome = $7, commission = $8, net = $9 WHERE round_id = $1 AND seat = $2",
            results,
        )
        await tx.executemany(
            "UPDATE game_wagers SET category = $3, net = $4, envy = $5"
            " WHERE round_id = $1 AND seat = $2 AND kind = 'bonus'",
            bonuses,
        )
        await write_entries(tx, entries)
        return await stacks_in(tx, guild_id, [seat.user_id for seat in seats])


async def void_round(db: Database, round_id: str, now: float) -> bool:
    """Void the round once, every wager returned; False if it was not open.

    For a round that cannot be finished (a restart found it past its time, the channel is
    gone, the table closed). Each wager comes back under the key a settlement would use.
    """
    async with db.members_transaction(await _seated(db, round_id)) as tx:
        closed = await _close_with_seats(tx, round_id, "void", now)
        if closed is None:
            return False
        guild_id, seats = closed
        await tx.executemany(
            "UPDATE game_seats SET outcome = 'void', commission = 0, net = 0"
            " WHERE round_id = $1 AND seat = $2",
            [(round_id, seat.seat) for seat in seats],
        )
        entries = []
        for seat in seats:
            for wager in seat.wagers:
                key = result_key(round_id, seat.seat, wager.kind.value)
                entries.append(
                    Entry(guild_id, seat.user_id, key, VOID, wager.amount, round_id, now)
                )
        await write_entries(tx, entries)
    return True


async def mark_revealed(db: Database, round_id: str, now: float) -> bool:
    """Note that a settled table round's result was posted; False if it was noted before."""
    changed = await db.execute(
        "UPDATE game_rounds SET revealed_at = $2 WHERE round_id = $1 AND status = 'settled'"
        " AND revealed_at IS NULL",
        round_id,
        now,
    )
    return changed == 1


async def unrevealed_rounds(db: Database) -> list[RoundRow]:
    """Table rounds settled whose result was never posted (a restart between the two),
    oldest first."""
    rows = await db.fetch(
        f"SELECT {ROUND_COLUMNS} FROM game_rounds WHERE status = 'settled'"
        " AND table_id IS NOT NULL AND revealed_at IS NULL ORDER BY settled_at, round_id"
    )
    return [round_row(row, await seats_of(db, str(row["round_id"]))) for row in rows]
