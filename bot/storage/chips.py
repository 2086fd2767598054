"""Play chips in the database: a ledger per member and server, never a balance.

A member's stack is the sum of their entries in ``chip_entries``. Each entry is written
once under its key ("start", "topup:2026-05-01", "bet:<round>:<seat>", …) and never
updated, so whatever is repeated (a double click, a retry after a timeout, a restarted
bot finishing a round, two processes at once) finds the key taken and changes nothing.

Chips are play money (spec section 9): nothing here buys, sells or moves them between
members. What a member is given:

- ``STARTING_STACK`` the first time they play in a server (again after /stats forget:
  a forgotten member starts fresh);
- ``DAILY_TOPUP`` once a UTC day, from the day after the start, whatever the stack, so
  that coming back is worth something without making a big stack bigger by much;
- a refill up to ``REFILL_TO`` when the stack is below the server's minimum bet, at most
  once a UTC day, and only with no bet out in an open round (that round may still pay
  them back: a refill then would be chips for nothing).

Every write takes the member's lock (``member_transaction``), as answers and /stats
forget do, so a grant either lands before a forget (and is deleted with the rest) or,
if asked for before the forget, is not written after it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from . import Database, Row, Statements, placeholders

#: Chips a member starts with in a server.
STARTING_STACK: Final = 1000
#: Chips added once a UTC day, from the day after the start.
DAILY_TOPUP: Final = 100
#: What a refill tops a broke member's stack up to.
REFILL_TO: Final = 1000

#: An entry's kind: what the UI says about it ("+100 daily top-up").
START: Final = "start"
TOPUP: Final = "topup"
REFILL: Final = "refill"
BET: Final = "bet"
#: A settled seat's entry: the bet back plus the net (0 for a loss).
RESULT: Final = "result"
#: A voided round's entry under the same "result:" key: the bet back.
VOID: Final = "void"


@dataclass(frozen=True)
class Entry:
    """One line of a member's ledger."""

    guild_id: int
    user_id: int
    key: str
    kind: str
    amount: int
    #: The round a bet or result belongs to; None for grants.
    round_id: str | None
    created_at: float


def utc_day(now: float) -> str:
    """The UTC day of a Unix time, as a top-up's or refill's key has it (2026-05-01)."""
    return datetime.fromtimestamp(now, UTC).date().isoformat()


#: Envy's chips for a seat's bonus (spec §10): paid, never staked.
ENVY: Final = "envy"
#: The wager a key names when it names none: the seat's main bet.
MAIN: Final = "main"


def next_utc_day(now: float) -> float:
    """When the UTC day after ``now``'s begins: from then a hand brings a new top-up."""
    day = datetime.fromtimestamp(now, UTC).date() + timedelta(days=1)
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


def _wager(kind: str) -> str:
    return "" if kind == MAIN else f":{kind}"


def bet_key(round_id: str, seat: int, wager: str = MAIN) -> str:
    """A wager taken at the deal: "bet:<round>:<seat>" for the main bet, with ":<kind>" for
    a side wager ("bet:…:3:bonus")."""
    return f"bet:{round_id}:{seat}{_wager(wager)}"


def result_key(round_id: str, seat: int, wager: str = MAIN) -> str:
    """The one key of a wager's settlement or its return when the round is voided: only
    one can be written."""
    return f"result:{round_id}:{seat}{_wager(wager)}"


def envy_key(round_id: str, seat: int) -> str:
    return f"envy:{round_id}:{seat}"


def wager_of(key: str) -> str:
    """The wager a bet's or a result's key names ("main", "bonus")."""
    parts = key.split(":")
    return parts[3] if len(parts) > 3 else MAIN


def _entry(row: Row) -> Entry:
    return Entry(
        guild_id=int(row["guild_id"]),
        user_id=int(row["user_id"]),
        key=str(row["key"]),
        kind=str(row["kind"]),
        amount=int(row["amount"]),
        round_id=None if row["round_id"] is None else str(row["round_id"]),
        created_at=float(row["created_at"]),
    )


_INSERT_ENTRY: Final = (
    "INSERT INTO chip_entries (guild_id, user_id, key, kind, amount, round_id, created_at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (guild_id, user_id, key) DO NOTHING"
)


def _entry_args(entry: Entry) -> tuple[int, int, str, str, int, str | None, float]:
    return (
        entry.guild_id,
        entry.user_id,
        entry.key,
        entry.kind,
        entry.amount,
        entry.round_id,
        entry.created_at,
    )


async def write_entry(tx: Statements, entry: Entry) -> bool:
    """Write the entry unless its key is taken; whether it was written.

    The caller holds the member's lock; the key is the second guard, which holds even
    for a caller that forgot the lock.
    """
    written = await tx.fetch(_INSERT_ENTRY + " RETURNING key", *_entry_args(entry))
    return bool(written)


async def write_entries(tx: Statements, entries: Sequence[Entry]) -> None:
    """``write_entry`` of each entry in one round trip (a deal's wagers, a settlement's
    results), a key taken passed over as there; for callers that need not know which."""
    await tx.executemany(_INSERT_ENTRY, [_entry_args(entry) for entry in entries])


async def stack_in(tx: Statements, guild_id: int, user_id: int) -> int:
    """The member's stack as the statements see it (inside a transaction: with its writes)."""
    row = await tx.fetchrow(
        "SELECT COALESCE(SUM(amount), 0) AS chips FROM chip_entries"
        " WHERE guild_id = $1 AND user_id = $2",
        guild_id,
        user_id,
    )
    return 0 if row is None else int(row["chips"])


async def stacks_in(tx: Statements, guild_id: int, user_ids: Collection[int]) -> dict[int, int]:
    """``stack_in`` of several members in one statement (a table's seats: one round trip,
    not one a seat)."""
    ids = sorted(set(user_ids))
    if not ids:
        return {}
    marks = placeholders(len(ids), 2)
    rows = await tx.fetch(
        "SELECT user_id, COALESCE(SUM(amount), 0) AS chips FROM chip_entries"
        f" WHERE guild_id = $1 AND user_id IN ({marks}) GROUP BY user_id",
        guild_id,
        *ids,
    )
    found = {int(row["user_id"]): int(row["chips"]) for row in rows}
    return {user_id: found.get(user_id, 0) for user_id in ids}


async def stack(db: Database, guild_id: int, user_id: int) -> int:
    """The member's chips in the server: the sum of their ledger (0 before they play)."""
    return await stack_in(db, guild_id, user_id)


async def has_open_bet(tx: Statements, guild_id: int, user_id: int) -> bool:
    """Whether the member has a seat in a round of the server not settled or voided yet."""
    return (
        await tx.fetchrow(
            "SELECT 1 AS seated FROM game_seats s JOIN game_rounds r ON r.round_id = s.round_id"
            " WHERE s.guild_id = $1 AND s.user_id = $2 AND r.status = 'open'",
            guild_id,
            user_id,
        )
        is not None
    )


async def grants_taken(db: Statements, guild_id: int, user_id: int, now: float) -> dict[str, float]:
    """The member's grants that decide what playing on ``now``'s UTC day brings: the start,
    that day's top-up and refill, each key with when it was written. Reads only."""
    return (await _grants_taken_of(db, guild_id, [user_id], now))[user_id]


async def _grants_taken_of(
    db: Statements, guild_id: int, user_ids: Sequence[int], now: float
) -> dict[int, dict[str, float]]:
    """``grants_taken`` of several members, in one statement."""
    today = utc_day(now)
    marks = placeholders(len(user_ids), 4)
    rows = await db.fetch(
        "SELECT user_id, key, created_at FROM chip_entries WHERE guild_id = $1"
        f" AND key IN ('start', $2, $3) AND user_id IN ({marks})",
        guild_id,
        f"{TOPUP}:{today}",
        f"{REFILL}:{today}",
        *user_ids,
    )
    taken: dict[int, dict[str, float]] = {user_id: {} for user_id in user_ids}
    for row in rows:
        taken[int(row["user_id"])][str(row["key"])] = float(row["created_at"])
    return taken


def grant_due(taken: Mapping[str, float], now: float) -> tuple[str, str, int] | None:
    """(key, kind, chips) of the start or today's top-up, whichever playing at ``now``
    brings, or None; ``taken`` is ``grants_taken``'s. The one place the daily rule is
    decided, for ``ensure_stack`` to grant and /chips view to announce."""
    today = utc_day(now)
    if START not in taken:
        return START, START, STARTING_STACK
    topup = f"{TOPUP}:{today}"
    if utc_day(taken[START]) != today and topup not in taken:
        return topup, TOPUP, DAILY_TOPUP
    return None


def refill_due(taken: Mapping[str, float], chips: int, min_bet: int, now: float) -> int:
    """The chips a refill brings a stack of ``chips`` at ``now`` (0: none): once a UTC
    day, up to ``REFILL_TO``, for a stack below the minimum bet. The one place the refill
    rule is decided (a member with a bet out is not refilled: the callers ask that)."""
    if f"{REFILL}:{utc_day(now)}" in taken or chips >= min_bet or chips >= REFILL_TO:
        return 0
    return REFILL_TO - chips


@dataclass(frozen=True)
class NextChips:
    """The chips the member's next grants bring, said before they come: from ``at`` (a Unix
    time; ``now`` when due at once) their first hand is granted ``topup`` (the start or a
    day's top-up) and ``refill``, which bring the stack to ``stack``."""

    at: float
    topup: int
    refill: int
    stack: int


def coming_grants(
    taken: Mapping[str, float], chips: int, min_bet: int, now: float, *, bet_out: bool
) -> NextChips:
    """What the next grants are and when, as ``ensure_stack`` decides them: at ``now`` if
    anything is due (``grant_due``, then a refill below the minimum bet), else from the
    next UTC day, whose top-up comes first and a refill only if the stack is still below
    the minimum bet after it. ``taken`` is ``grants_taken``'s at ``now``; with a bet out
    no refill is said, since that round may pay the member back first."""

    def on(day: float, day_taken: Mapping[str, float]) -> NextChips:
        due = grant_due(day_taken, day)
        topup = 0 if due is None else due[2]
        after = chips + topup
        refill = 0 if bet_out else refill_due(day_taken, after, min_bet, day)
        return NextChips(day, topup, refill, after + refill)

    today = on(now, taken)
    if today.topup or today.refill:
        return today
    return on(next_utc_day(now), {START: taken[START]} if START in taken else {})


async def next_chips(
    db: Database, guild_id: int, user_id: int, now: float, min_bet: int = 1
) -> NextChips:
    """The member's next grants in a server whose minimum bet is ``min_bet``
    (``coming_grants``), without granting them: only playing grants. Reads only."""
    taken = await grants_taken(db, guild_id, user_id, now)
    chips = await stack_in(db, guild_id, user_id)
    bet_out = await has_open_bet(db, guild_id, user_id)
    return coming_grants(taken, chips, min_bet, now, bet_out=bet_out)


async def ensure_stack(
    db: Database, guild_id: int, user_id: int, now: float, min_bet: int = 1
) -> list[Entry]:
    """Grant what is due, once: the start, today's top-up, a refill; the entries written.

    Call it only where a member plays (a bet taken, a seat at a table): showing a stack
    grants nothing, or /chips view would pay. Calling it again the same day writes
    nothing. The entries come back so that the member can be told ("+100 daily top-up").
    A member whose /stats forget is as new as ``now`` or newer (it went through while this
    call waited for their lock) gets nothing written: the call was made before the forget,
    and the forget's promise is that nothing reappears. Their next call starts them fresh.
    """
    written, _ = await ensure_stacks(db, guild_id, [user_id], now, min_bet)
    return written[user_id]


async def ensure_stacks(
    db: Database, guild_id: int, user_ids: Collection[int], now: float, min_bet: int = 1
) -> tuple[dict[int, list[Entry]], dict[int, int]]:
    """``ensure_stack`` for a table's seats at its deal, in one transaction and a few
    statements for them all (not a transaction each): the entries written and the stacks
    after them, by member."""
    today = utc_day(now)
    ids = sorted(set(user_ids))
    written: dict[int, list[Entry]] = {user_id: [] for user_id in ids}
    if not ids:
        return written, {}
    async with db.members_transaction(ids) as tx:
        marks = placeholders(len(ids), 2)
        gone = {
            int(row["user_id"])
            for row in await tx.fetch(
                "SELECT user_id FROM forgotten_members"
                f" WHERE forgotten_at >= $1 AND user_id IN ({marks})",
                now,
                *ids,
            )
        }
        playing = [user_id for user_id in ids if user_id not in gone]
        taken = await _grants_taken_of(tx, guild_id, playing, now) if playing else {}

        async def grant(user_id: int, key: str, kind: str, amount: int) -> None:
            entry = Entry(guild_id, user_id, key, kind, amount, None, now)
            if await write_entry(tx, entry):
                written[user_id].append(entry)

        for user_id in playing:
            if (due := grant_due(taken[user_id], now)) is not None:
                await grant(user_id, *due)
        stacks = await stacks_in(tx, guild_id, ids)
        for user_id in playing:
            refill = refill_due(taken[user_id], stacks[user_id], min_bet, now)
            if refill and not await has_open_bet(tx, guild_id, user_id):
                await grant(user_id, f"{REFILL}:{today}", REFILL, refill)
                stacks[user_id] += refill
    return written, stacks


#: Entries of one moment in the order they happen (the start, a top-up, a refill, then a
#: bet taken with them, its result last), so that newest first reads them backwards.
_KIND_ORDER = (
    "CASE kind WHEN 'start' THEN 1 WHEN 'topup' THEN 2 WHEN 'refill' THEN 3"
    " WHEN 'bet' THEN 4 ELSE 5 END"
)


async def last_entries(db: Database, guild_id: int, user_id: int, limit: int = 10) -> list[Entry]:
    """The member's latest entries in the server, newest first."""
    rows = await db.fetch(
        "SELECT guild_id, user_id, key, kind, amount, round_id, created_at FROM chip_entries"
        f" WHERE guild_id = $1 AND user_id = $2 ORDER BY created_at DESC, {_KIND_ORDER} DESC,"
        " key DESC LIMIT $3",
        guild_id,
        user_id,
        limit,
    )
    return [_entry(row) for row in rows]


async def chips_board(
    db: Database, guild_id: int, limit: int = 10, offset: int = 0
) -> list[tuple[int, int]]:
    """(user id, stack) of the server's members with chips, most chips first (ties: the
    lower user id first, so that pages never overlap). Chips out in an open round's bet
    are not counted until it settles."""
    rows = await db.fetch(
        "SELECT user_id, SUM(amount) AS chips FROM chip_entries WHERE guild_id = $1"
        " GROUP BY user_id ORDER BY chips DESC, user_id LIMIT $2 OFFSET $3",
        guild_id,
        limit,
        offset,
    )
    return [(int(row["user_id"]), int(row["chips"])) for row in rows]


async def chips_board_size(db: Database, guild_id: int) -> int:
    """How many members the server's chips board has (for its pages)."""
    row = await db.fetchrow(
        "SELECT COUNT(DISTINCT user_id) AS members FROM chip_entries WHERE guild_id = $1",
        guild_id,
    )
    return 0 if row is None else int(row["members"])
