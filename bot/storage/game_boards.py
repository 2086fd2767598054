"""What members read back from played rounds: their recent hands, and the skill board
with what it ranks by (what each settled split gave up against the best split)."""

from __future__ import annotations

from houseway.cards import HAND_SIZE, parse_cards

from . import Database
from .game_rows import SEAT_COLUMNS, PlayedHand, seat_row, whole


async def record_given_up(db: Database, round_id: str, seat: int, given_up: int) -> bool:
    """Store what a settled seat's split gave up against the best split (ten-billionths of
    a unit bet), once; False if it is stored already, or the seat is not settled or gone.

    An UPDATE of an existing row: it cannot recreate a seat /stats forget deleted, so it
    needs no member's lock.
    """
    if not whole(given_up) or given_up < 0:
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
    columns = ", ".join(f"s.{name.strip()}" for name in SEAT_COLUMNS.split(","))
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
            seat=seat_row(row),
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
