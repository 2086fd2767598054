"""Quiz state in the database: quizzes, rounds, answers, scores, per-guild settings.

Everything a running quiz needs to survive a restart is here, not only in memory.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from typing import Any

from houseway.cards import HAND_SIZE, Card, format_cards, parse_cards

from . import Database, DatabaseError, Row, Statements

# The quiz's answers are written by .answers; what the features use is named here too.
from .answers import AnswerIn as AnswerIn
from .answers import AnswerWriter as AnswerWriter
from .answers import record_answers as record_answers


def new_id() -> int:
    """A 62-bit random id: the same on SQLite and PostgreSQL, no sequences needed."""
    return uuid.uuid4().int >> 66


def month_of(timestamp: float) -> str:
    return time.strftime("%Y-%m", time.gmtime(timestamp))


@dataclass(frozen=True)
class GuildConfig:
    guild_id: int
    quizmaster_role_id: int | None = None
    default_seconds: int = 30
    default_rounds: int = 5
    #: Seconds between a round's reveal and the next round, to read the answer.
    round_pause: int = 5
    #: "sv" or "en" for the server's quizzes; None: the server's own locale.
    language: str | None = None


@dataclass(frozen=True)
class Quiz:
    id: int
    guild_id: int
    channel_id: int
    started_by: int
    mode: str
    rounds: int
    seconds: int
    locale: str
    status: str
    pause: int = 5


@dataclass(frozen=True)
class Round:
    id: int
    quiz_id: int
    number: int
    hand: tuple[Card, ...]  # in deal order; stored as text, parsed once when read
    choices: list[str]
    channel_id: int
    message_id: int | None
    posted_at: float
    deadline: float
    status: str  # open -> scored -> announced, or open -> stopped
    reveal_message_id: int | None


class AlreadyRunning(DatabaseError):
    """A quiz is already running in that channel."""


def _quiz(row: Row) -> Quiz:
    return Quiz(**{k: row[k] for k in Quiz.__dataclass_fields__})


def _round(row: Row) -> Round:
    values: dict[str, Any] = {k: row[k] for k in Round.__dataclass_fields__}
    values["choices"] = json.loads(row["choices"])
    values["hand"] = parse_cards(row["hand"], HAND_SIZE)
    return Round(**values)


async def guild_config(db: Database, guild_id: int) -> GuildConfig:
    row = await db.fetchrow("SELECT * FROM guild_config WHERE guild_id = $1", guild_id)
    return GuildConfig(guild_id) if row is None else GuildConfig(**row)


async def save_guild_config(db: Database, config: GuildConfig) -> None:
    await db.execute(
        "INSERT INTO guild_config (guild_id, quizmaster_role_id, default_seconds, default_rounds,"
        " round_pause, language) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild_id) DO UPDATE"
        " SET quizmaster_role_id = excluded.quizmaster_role_id,"
        " default_seconds = excluded.default_seconds, default_rounds = excluded.default_rounds,"
        " round_pause = excluded.round_pause, language = excluded.language",
        config.guild_id,
        config.quizmaster_role_id,
        config.default_seconds,
        config.default_rounds,
        config.round_pause,
        config.language,
    )


async def create_quiz(db: Database, quiz: Quiz) -> None:
    """Insert a running quiz; AlreadyRunning if the channel has one (a unique index says)."""
    if await running_quiz_in(db, quiz.channel_id) is not None:
        raise AlreadyRunning(str(quiz.channel_id))
    try:
        await db.execute(
            "INSERT INTO quizzes (id, guild_id, channel_id, started_by, mode, rounds, seconds,"
            " locale, status, created_at, pause)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            quiz.id,
            quiz.guild_id,
            quiz.channel_id,
            quiz.started_by,
            quiz.mode,
            quiz.rounds,
            quiz.seconds,
            quiz.locale,
            quiz.status,
            time.time(),
            quiz.pause,
        )
    except DatabaseError as error:
        if await running_quiz_in(db, quiz.channel_id) is not None:
            raise AlreadyRunning(str(quiz.channel_id)) from error
        raise


async def running_quiz_in(db: Database, channel_id: int) -> Quiz | None:
    row = await db.fetchrow(
        "SELECT * FROM quizzes WHERE channel_id = $1 AND status = 'running'", channel_id
    )
    return None if row is None else _quiz(row)


async def running_quizzes(db: Database) -> list[Quiz]:
    return [_quiz(r) for r in await db.fetch("SELECT * FROM quizzes WHERE status = 'running'")]


async def get_quiz(db: Database, quiz_id: int) -> Quiz | None:
    row = await db.fetchrow("SELECT * FROM quizzes WHERE id = $1", quiz_id)
    return None if row is None else _quiz(row)


async def end_quiz(db: Database, quiz_id: int, status: str) -> bool:
    """Mark a running quiz finished or stopped; False if it was not running any more."""
    changed = await db.execute(
        "UPDATE quizzes SET status = $2 WHERE id = $1 AND status = 'running'", quiz_id, status
    )
    return changed > 0


async def stop_quiz(db: Database, quiz_id: int) -> bool:
    """Stop a running quiz and close its open round, together; False if it was not running."""
    async with db.transaction() as tx:
        if not await tx.execute(
            "UPDATE quizzes SET status = 'stopped' WHERE id = $1 AND status = 'running'",
            quiz_id,
        ):
            return False
        await tx.execute(
            "UPDATE rounds SET status = 'stopped' WHERE quiz_id = $1 AND status = 'open'",
            quiz_id,
        )
        return True


async def add_round(db: Database, round_: Round) -> None:
    await db.execute(
        "INSERT INTO rounds (id, quiz_id, number, hand, choices, channel_id, message_id,"
        " posted_at, deadline, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        round_.id,
        round_.quiz_id,
        round_.number,
        format_cards(round_.hand),
        json.dumps(round_.choices),
        round_.channel_id,
        round_.message_id,
        round_.posted_at,
        round_.deadline,
        round_.status,
    )


async def set_round_message(
    db: Database, round_id: int, message_id: int, posted_at: float, deadline: float
) -> None:
    await db.execute(
        "UPDATE rounds SET message_id = $2, posted_at = $3, deadline = $4 WHERE id = $1",
        round_id,
        message_id,
        posted_at,
        deadline,
    )


async def last_round(db: Database, quiz_id: int) -> Round | None:
    row = await db.fetchrow(
        "SELECT * FROM rounds WHERE quiz_id = $1 ORDER BY number DESC LIMIT 1", quiz_id
    )
    return None if row is None else _round(row)


async def get_round(db: Database, round_id: int) -> Round | None:
    row = await db.fetchrow("SELECT * FROM rounds WHERE id = $1", round_id)
    return None if row is None else _round(row)


async def answer_count(db: Database, round_id: int) -> int:
    row = await db.fetchrow("SELECT COUNT(*) AS n FROM answers WHERE round_id = $1", round_id)
    return int(row["n"]) if row else 0


async def answered_by(db: Database, round_id: int) -> set[int]:
    """The members with an answer to the round in the database."""
    rows = await db.fetch("SELECT user_id FROM answers WHERE round_id = $1", round_id)
    return {int(row["user_id"]) for row in rows}


async def answers(tx: Statements, round_id: int) -> list[Row]:
    return await tx.fetch(
        "SELECT user_id, answer, answered_at FROM answers WHERE round_id = $1"
        " ORDER BY answered_at, user_id",
        round_id,
    )


async def claim_for_scoring(tx: Statements, round_id: int) -> bool:
    """Move a round from open to scored; only one caller (process) ever succeeds."""
    return (
        await tx.execute(
            "UPDATE rounds SET status = 'scored' WHERE id = $1 AND status = 'open'", round_id
        )
        > 0
    )


async def add_score(
    tx: Statements,
    round_id: int,
    guild_id: int,
    user_id: int,
    month: str,
    points: int,
    correct: bool,
) -> None:
    """Mark one answer right or wrong and add its points to the member's month; no points
    if the answer is gone (its member was forgotten since scoring read it).

    The answer's row is where scoring and /stats forget meet. On PostgreSQL this UPDATE
    locks it until scoring commits. A forget that deleted it first leaves the UPDATE
    nothing to find (it waits for the forget's COMMIT if need be), so no score is upserted
    back; a forget that comes after waits on the row until scoring commits, then finds the
    score to delete (``MEMBER_ROWS`` deletes answers before scores). On SQLite, BEGIN
    IMMEDIATE lets one of them in at a time.
    """
    if not await tx.execute(
        "UPDATE answers SET correct = $3, points = $4 WHERE round_id = $1 AND user_id = $2",
        round_id,
        user_id,
        int(correct),
        points,
    ):
        return
    await tx.execute(
        "INSERT INTO scores (guild_id, user_id, month, points, correct, answered)"
        " VALUES ($1, $2, $3, $4, $5, 1) ON CONFLICT (guild_id, user_id, month) DO UPDATE SET"
        " points = scores.points + excluded.points, correct = scores.correct + excluded.correct,"
        " answered = scores.answered + 1",
        guild_id,
        user_id,
        month,
        points,
        int(correct),
    )


async def mark_announced(db: Database, round_id: int, message_id: int) -> None:
    await db.execute(
        "UPDATE rounds SET status = 'announced', reveal_message_id = $2 WHERE id = $1",
        round_id,
        message_id,
    )


async def reset_scores(db: Database, guild_id: int) -> int:
    return await db.execute("DELETE FROM scores WHERE guild_id = $1", guild_id)
