"""The tables in the database: each opened table by its message id until it closes, so that
a restart closes the tables a process left open (a table itself lives in its process)."""

from __future__ import annotations

from dataclasses import dataclass

from houseway.language import Lang

from . import Database


@dataclass(frozen=True)
class TableRow:
    table_id: str  # the table message's id
    guild_id: int
    channel_id: int
    lang: Lang
    opened_by: int
    opened_at: float


async def table_opened(db: Database, table: TableRow) -> None:
    await db.execute(
        "INSERT INTO game_tables (table_id, guild_id, channel_id, lang, opened_by, opened_at)"
        " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (table_id) DO NOTHING",
        table.table_id,
        table.guild_id,
        table.channel_id,
        table.lang.value,
        table.opened_by,
        table.opened_at,
    )


async def table_closed(db: Database, table_id: str, now: float) -> bool:
    """Note the table closed; False if it was closed before (one closing says so)."""
    changed = await db.execute(
        "UPDATE game_tables SET closed_at = $2 WHERE table_id = $1 AND closed_at IS NULL",
        table_id,
        now,
    )
    return changed == 1


async def open_tables(db: Database) -> list[TableRow]:
    """Every table not closed, oldest first (the caller keeps its own servers')."""
    rows = await db.fetch(
        "SELECT table_id, guild_id, channel_id, lang, opened_by, opened_at FROM game_tables"
        " WHERE closed_at IS NULL ORDER BY opened_at, table_id"
    )
    return [
        TableRow(
            str(row["table_id"]),
            int(row["guild_id"]),
            int(row["channel_id"]),
            Lang(str(row["lang"])),
            int(row["opened_by"]),
            float(row["opened_at"]),
        )
        for row in rows
    ]
