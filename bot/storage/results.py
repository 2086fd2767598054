"""What a quiz's answers and scores read back as: the reveal's results, a member's own
answer (for "Why?"), the leaderboards and a quiz's totals. Nothing here writes."""

from __future__ import annotations

from typing import Any

from . import Database, Row


async def round_results(db: Database, round_id: int) -> list[Row]:
    """Each answer's member, correctness and points, best first (for the reveal)."""
    return await db.fetch(
        "SELECT user_id, correct, points FROM answers WHERE round_id = $1"
        " ORDER BY points DESC, answered_at",
        round_id,
    )


async def answer_counts(db: Database, round_id: int) -> list[Row]:
    """How many members gave each answer (answer, n): one query however many answered."""
    return await db.fetch(
        "SELECT answer, COUNT(*) AS n FROM answers WHERE round_id = $1 GROUP BY answer",
        round_id,
    )


async def member_answer(db: Database, round_id: int, user_id: int) -> str | None:
    """What one member answered in a round (their last answer), or None."""
    row = await db.fetchrow(
        "SELECT answer FROM answers WHERE round_id = $1 AND user_id = $2", round_id, user_id
    )
    return None if row is None else str(row["answer"])


async def leaderboard(
    db: Database, guild_id: int, month: str | None, limit: int, offset: int
) -> tuple[list[Row], int]:
    """One page of (user_id, points, correct) and the number of ranked members.

    Only members with points are ranked: one who has only answered wrong is not
    "ranked" at 0 points below everyone else.
    """
    where = "guild_id = $1" + (" AND month = $2" if month else "")
    args: list[Any] = [guild_id] + ([month] if month else [])
    n = len(args)
    ranked = f"FROM scores WHERE {where} GROUP BY user_id HAVING SUM(points) > 0"
    rows = await db.fetch(
        f"SELECT user_id, SUM(points) AS points, SUM(correct) AS correct {ranked}"
        f" ORDER BY SUM(points) DESC, user_id LIMIT ${n + 1} OFFSET ${n + 2}",
        *args,
        limit,
        offset,
    )
    total = await db.fetchrow(f"SELECT COUNT(*) AS n FROM (SELECT user_id {ranked}) ranked", *args)
    return rows, int(total["n"]) if total else 0


async def quiz_totals(db: Database, quiz_id: int, limit: int = 10) -> list[Row]:
    """Points per member within one quiz (for the end-of-quiz summary)."""
    return await db.fetch(
        "SELECT a.user_id, SUM(a.points) AS points, SUM(a.correct) AS correct"
        " FROM answers a JOIN rounds r ON r.id = a.round_id"
        " WHERE r.quiz_id = $1 AND a.points IS NOT NULL GROUP BY a.user_id"
        " ORDER BY SUM(a.points) DESC, a.user_id LIMIT $2",
        quiz_id,
        limit,
    )


async def scored_rounds(db: Database, quiz_id: int) -> int:
    """How many of a quiz's rounds were scored (revealed or about to be)."""
    row = await db.fetchrow(
        "SELECT COUNT(*) AS n FROM rounds WHERE quiz_id = $1 AND status IN ('scored', 'announced')",
        quiz_id,
    )
    return int(row["n"]) if row else 0
