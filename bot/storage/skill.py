"""A member's own figures for the skill board (``bot.storage.game.skill_board``): how many
analysed hands they have in the server, so that one below the board's minimum can be told
how many more they need."""

from __future__ import annotations

from . import Database


async def analysed_hands(db: Database, guild_id: int, user_id: int) -> tuple[int, int]:
    """(hands, given up in all, ten-billionths) of the member's settled, analysed hands in
    the server: what the skill board counts."""
    row = await db.fetchrow(
        "SELECT COUNT(*) AS hands, COALESCE(SUM(s.given_up), 0) AS lost FROM game_seats s"
        " JOIN game_rounds r ON r.round_id = s.round_id WHERE s.guild_id = $1"
        " AND s.user_id = $2 AND r.status = 'settled' AND s.given_up IS NOT NULL",
        guild_id,
        user_id,
    )
    return (0, 0) if row is None else (int(row["hands"]), int(row["lost"]))
