"""What a quiz's answers and scores read back as: the reveal's results, a member's own
answer (for "Why?"), the leaderboards, a member's standing and a quiz's totals. Nothing
here writes.

Every rank the bot shows comes from :func:`ranked`: a member is ranked with at least one
point (a member who has only answered wrong is not placed below everyone at 0 points, and
a server where nobody has scored has nobody ranked), and members with the same points
share a rank, the next one skipping ("competition ranking": 1, 1, 3).
"""

from __future__ import annotations

from dataclasses import dataclass
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


def ranked(scored: str) -> str:
    """The ranked members of ``scored`` (rows of user_id, points, correct) as a query of
    (user_id, points, correct, place): the one definition of who is ranked and how."""
    return (
        "SELECT user_id, SUM(points) AS points, SUM(correct) AS correct,"
        " RANK() OVER (ORDER BY SUM(points) DESC) AS place"
        f" FROM {scored} GROUP BY user_id HAVING SUM(points) > 0"
    )


def _server_board(month: str | None) -> tuple[str, list[Any]]:
    """A server's board (all time, or one month) and its arguments, $1 (and $2) taken."""
    where = "guild_id = $1" + (" AND month = $2" if month else "")
    return ranked(f"scores WHERE {where}"), ([month] if month else [])


async def leaderboard(
    db: Database, guild_id: int, month: str | None, limit: int, offset: int
) -> tuple[list[Row], int]:
    """One page of (user_id, points, correct, place) and the number of ranked members."""
    board, more = _server_board(month)
    args: list[Any] = [guild_id, *more]
    n = len(args)
    rows = await db.fetch(
        f"SELECT * FROM ({board}) board ORDER BY place, user_id LIMIT ${n + 1} OFFSET ${n + 2}",
        *args,
        limit,
        offset,
    )
    total = await db.fetchrow(f"SELECT COUNT(*) AS n FROM ({board}) board", *args)
    return rows, int(total["n"]) if total else 0


@dataclass(frozen=True)
class Standing:
    """A member on a server's board: what /stats shows."""

    points: int
    #: None when the member is not ranked (no points yet).
    rank: int | None
    #: How many members are ranked (the leaderboard's length).
    ranked: int
    #: Whether another member has the same rank.
    shared: bool = False


async def standing(db: Database, guild_id: int, user_id: int, month: str | None = None) -> Standing:
    """Where one member stands on the server's board (all time unless ``month``), ranked
    exactly as :func:`leaderboard` ranks them."""
    board, more = _server_board(month)
    args: list[Any] = [guild_id, *more]
    member = f"${len(args) + 1}"
    row = await db.fetchrow(
        f"WITH board AS ({board}) SELECT"
        " (SELECT COUNT(*) FROM board) AS ranked,"
        f" (SELECT place FROM board WHERE user_id = {member}) AS place,"
        " (SELECT COUNT(*) FROM board WHERE place ="
        f" (SELECT place FROM board WHERE user_id = {member})) AS sharing,"
        " (SELECT COALESCE(SUM(points), 0) FROM scores"
        f" WHERE guild_id = $1 AND user_id = {member}"
        + (" AND month = $2" if month else "")
        + ") AS points",
        *args,
        user_id,
    )
    if row is None:  # an aggregate row always comes back; be safe all the same
        return Standing(0, None, 0)
    place = row["place"]
    return Standing(
        points=int(row["points"]),
        rank=None if place is None else int(place),
        ranked=int(row["ranked"]),
        shared=int(row["sharing"]) > 1,
    )


async def quiz_totals(db: Database, quiz_id: int, limit: int = 10) -> list[Row]:
    """The quiz's ranked members with their points and place (for the end-of-quiz summary)."""
    scored = (
        "(SELECT a.user_id, a.points, a.correct FROM answers a JOIN rounds r ON r.id = a.round_id"
        " WHERE r.quiz_id = $1 AND a.points IS NOT NULL) scored"
    )
    return await db.fetch(
        f"SELECT * FROM ({ranked(scored)}) board ORDER BY place, user_id LIMIT $2",
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
