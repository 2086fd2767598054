"""Practice state in the database: members' schedules and answers, the daily hand.

An answer is written once (its hand and the moment it was shown are its key), and its
counters, streak and rule records change in the same transaction, so a second click on
an old menu, a retry or a restart can never count a hand twice.
"""

from __future__ import annotations

import calendar
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from houseway.cards import HAND_SIZE, Card, format_cards, parse_cards
from houseway.learning.practice import RuleRecord, Schedule

from . import Database, Row, Statements, placeholders, results
from .forgotten import refuse_if_forgotten

DAY_SECONDS = 86_400
#: Practice days /stats shows (its picture has room for this many columns).
DAYS_SHOWN = 6


@dataclass(frozen=True)
class MemberState:
    """What the schedule needs: hands answered so far and the record of every rule met."""

    hands: int = 0
    correct: int = 0
    streak: int = 0
    best_streak: int = 0
    records: dict[str, RuleRecord] = field(default_factory=dict)


@dataclass(frozen=True)
class PracticeAnswer:
    user_id: int
    shown_ms: int
    hand: tuple[Card, ...]
    mode: str
    path: tuple[str, ...]
    answer: str
    correct: bool
    seconds: float
    answered_at: float
    #: The rules the answer counts for (the whole path, or the deciding rule).
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Recorded:
    """The member's figures once the answer is in."""

    hands: int
    correct: int
    streak: int
    best_streak: int


async def member_state(db: Database, user_id: int) -> MemberState:
    """The member's figures and rule records in one query (a deal's only read)."""
    rows = await db.fetch(
        "SELECT m.hands, m.correct AS member_correct, m.streak, m.best_streak, r.rule_id,"
        " r.box, r.due, r.answered, r.correct FROM practice_members m"
        " LEFT JOIN practice_rules r ON r.user_id = m.user_id WHERE m.user_id = $1",
        user_id,
    )
    if not rows:  # rules are only written together with the member's row
        return MemberState()
    first = rows[0]
    return MemberState(
        hands=int(first["hands"]),
        correct=int(first["member_correct"]),
        streak=int(first["streak"]),
        best_streak=int(first["best_streak"]),
        records={str(r["rule_id"]): _record(r) for r in rows if r["rule_id"] is not None},
    )


async def record_answer(
    db: Database, answer: PracticeAnswer, schedule: Schedule
) -> Recorded | None:
    """Write the answer and move its rules' boxes; None if this hand was answered before.

    Raises:
        ForgottenSinceShown: the member asked to be forgotten after the hand was shown.
    """
    right = int(answer.correct)
    # The member's lock first, as forget_member takes it: the two never interleave.
    async with db.member_transaction(answer.user_id) as tx:
        await refuse_if_forgotten(tx, answer.user_id, answer.shown_ms / 1000)
        written = await tx.fetch(
            "INSERT INTO practice_answers (user_id, shown_ms, hand, mode, path, answer, correct,"
            " seconds, answered_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
            " ON CONFLICT (user_id, shown_ms, hand) DO NOTHING RETURNING user_id",
            answer.user_id,
            answer.shown_ms,
            format_cards(answer.hand),
            answer.mode,
            ",".join(answer.path),
            answer.answer,
            right,
            answer.seconds,
            answer.answered_at,
        )
        if not written:
            return None
        member = await tx.fetchrow(
            "INSERT INTO practice_members (user_id, hands, correct, streak, best_streak)"
            " VALUES ($1, 1, $2, $2, $2) ON CONFLICT (user_id) DO UPDATE SET"
            " hands = practice_members.hands + 1,"
            " correct = practice_members.correct + excluded.correct,"
            " streak = CASE WHEN excluded.correct = 1 THEN practice_members.streak + 1 ELSE 0 END,"
            " best_streak = CASE WHEN excluded.correct = 1"
            " AND practice_members.streak + 1 > practice_members.best_streak"
            " THEN practice_members.streak + 1 ELSE practice_members.best_streak END"
            " RETURNING hands, correct, streak, best_streak",
            answer.user_id,
            right,
        )
        assert member is not None
        await _move_rules(tx, answer, int(member["hands"]), schedule)
        return Recorded(
            hands=int(member["hands"]),
            correct=int(member["correct"]),
            streak=int(member["streak"]),
            best_streak=int(member["best_streak"]),
        )


async def _move_rules(
    tx: Statements, answer: PracticeAnswer, step: int, schedule: Schedule
) -> None:
    """The answer's rules to their next boxes: one read and one write for all of them."""
    rules = list(dict.fromkeys(answer.rules))
    marks = placeholders(len(rules), 2)
    rows = await tx.fetch(
        "SELECT rule_id, box, due, answered, correct FROM practice_rules"
        f" WHERE user_id = $1 AND rule_id IN ({marks})",
        answer.user_id,
        *rules,
    )
    before = {str(row["rule_id"]): _record(row) for row in rows}
    values: list[str] = []
    args: list[Any] = [answer.user_id]
    for rule_id in rules:
        after = schedule.after(before.get(rule_id), answer.correct, step)
        n = len(args)
        values.append(
            f"($1, CAST(${n + 1} AS TEXT), CAST(${n + 2} AS INTEGER), CAST(${n + 3} AS INTEGER),"
            f" CAST(${n + 4} AS INTEGER), CAST(${n + 5} AS INTEGER))"
        )
        args += [rule_id, after.box, after.due, after.answered, after.right]
    await tx.execute(
        "INSERT INTO practice_rules (user_id, rule_id, box, due, answered, correct) VALUES "
        + ", ".join(values)
        + " ON CONFLICT (user_id, rule_id) DO UPDATE SET box = excluded.box, due = excluded.due,"
        " answered = excluded.answered, correct = excluded.correct",
        *args,
    )


def _record(row: Row) -> RuleRecord:
    return RuleRecord(
        box=int(row["box"]),
        due=int(row["due"]),
        answered=int(row["answered"]),
        right=int(row["correct"]),
    )


# --- statistics ---


@dataclass(frozen=True)
class Stats:
    hands: int
    correct: int
    streak: int
    best_streak: int
    #: rule id -> (answered, right)
    rules: dict[str, tuple[int, int]]
    median_seconds: float | None
    recent_hands: int
    recent_correct: int
    daily_answered: int
    daily_streak: int
    daily_best: int
    quiz_points: int | None = None
    quiz_rank: int | None = None
    quiz_ranked: int | None = None
    #: Whether another member has the same quiz rank (ties share it: 1, 1, 3).
    quiz_shared: bool = False
    #: The member's last practice days (UTC), oldest first: (day, answered, right).
    days: tuple[tuple[str, int, int], ...] = ()


def by_day(answers: Sequence[tuple[float, bool]], last: int) -> tuple[tuple[str, int, int], ...]:
    """(UTC day, answered, right) of the ``last`` days with answers, oldest first."""
    days: dict[str, list[int]] = {}
    for answered_at, correct in answers:
        tally = days.setdefault(utc_day(answered_at), [0, 0])
        tally[0] += 1
        tally[1] += int(correct)
    return tuple((day, n, right) for day, (n, right) in sorted(days.items())[-last:])


def streaks(days: Sequence[str], today: str) -> tuple[int, int]:
    """(current, best) runs of consecutive UTC days in ``days`` (ISO dates answered right).

    The current run counts up to today, or to yesterday while today is still open.
    """
    ordered = sorted({date.fromisoformat(day) for day in days})
    best = run = 0
    previous: date | None = None
    for day in ordered:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = 0
    if previous is not None and date.fromisoformat(today) - previous <= timedelta(days=1):
        current = run
    return current, best


async def member_stats(
    db: Database, user_id: int, guild_id: int | None, today: str, now: float | None = None
) -> Stats:
    """Everything /stats shows; quiz points and rank only for a server."""
    now = time.time() if now is None else now
    state = await member_state(db, user_id)
    seconds = await db.fetch(
        "SELECT seconds FROM practice_answers WHERE user_id = $1 AND mode = 'set'", user_id
    )
    answers = await db.fetch(
        "SELECT answered_at, correct FROM practice_answers WHERE user_id = $1", user_id
    )
    recent = await db.fetchrow(
        "SELECT COUNT(*) AS n, COALESCE(SUM(correct), 0) AS right_ FROM practice_answers"
        " WHERE user_id = $1 AND answered_at >= $2",
        user_id,
        now - 30 * DAY_SECONDS,
    )
    daily = await db.fetch("SELECT day, correct FROM daily_answers WHERE user_id = $1", user_id)
    current, best = streaks([str(r["day"]) for r in daily if r["correct"]], today)
    quiz = None if guild_id is None else await results.standing(db, guild_id, user_id)
    return Stats(
        hands=state.hands,
        correct=state.correct,
        streak=state.streak,
        best_streak=state.best_streak,
        rules={rule_id: (r.answered, r.right) for rule_id, r in state.records.items()},
        median_seconds=(
            statistics.median(float(r["seconds"]) for r in seconds) if seconds else None
        ),
        recent_hands=int(recent["n"]) if recent else 0,
        recent_correct=int(recent["right_"]) if recent else 0,
        daily_answered=len(daily),
        daily_streak=current,
        daily_best=best,
        quiz_points=None if quiz is None else quiz.points,
        quiz_rank=None if quiz is None else quiz.rank,
        quiz_ranked=None if quiz is None else quiz.ranked,
        quiz_shared=quiz is not None and quiz.shared,
        days=by_day([(float(r["answered_at"]), bool(r["correct"])) for r in answers], DAYS_SHOWN),
    )


# --- the daily hand ---


def utc_day(timestamp: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(timestamp))


def day_start(day: str) -> float:
    """Midnight UTC of an ISO date, in Unix seconds."""
    return float(calendar.timegm(date.fromisoformat(day).timetuple()))


async def daily_hand(db: Database, day: str, fresh: tuple[Card, ...]) -> tuple[Card, ...]:
    """The day's hand: ``fresh`` if this is the day's first ask, else the one stored first.

    Members asking at the same moment (or in several processes) all get the stored one.
    """
    await db.execute(
        "INSERT INTO daily_hands (day, hand, created_at) VALUES ($1, $2, $3)"
        " ON CONFLICT (day) DO NOTHING",
        day,
        format_cards(fresh),
        time.time(),
    )
    row = await db.fetchrow("SELECT hand FROM daily_hands WHERE day = $1", day)
    assert row is not None
    return parse_cards(str(row["hand"]), HAND_SIZE)


async def stored_daily_hand(db: Database, day: str) -> tuple[Card, ...] | None:
    row = await db.fetchrow("SELECT hand FROM daily_hands WHERE day = $1", day)
    return None if row is None else parse_cards(str(row["hand"]), HAND_SIZE)


async def daily_answer_of(db: Database, day: str, user_id: int) -> dict[str, Any] | None:
    return await db.fetchrow(
        "SELECT answer, correct, answered_at FROM daily_answers WHERE day = $1 AND user_id = $2",
        day,
        user_id,
    )


async def record_daily(
    db: Database,
    day: str,
    user_id: int,
    answer: str,
    correct: bool,
    answered_at: float,
    shown_at: float,
) -> bool:
    """The member's one answer of the day; False if they had answered already.

    Raises:
        ForgottenSinceShown: the member asked to be forgotten after the hand was shown.
    """
    async with db.member_transaction(user_id) as tx:
        await refuse_if_forgotten(tx, user_id, shown_at)
        written = await tx.fetch(
            "INSERT INTO daily_answers (day, user_id, answer, correct, answered_at)"
            " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (day, user_id) DO NOTHING"
            " RETURNING user_id",
            day,
            user_id,
            answer,
            int(correct),
            answered_at,
        )
    return bool(written)


async def daily_tally(db: Database, day: str) -> tuple[int, int]:
    """(members who answered, members who got it right) so far."""
    row = await db.fetchrow(
        "SELECT COUNT(*) AS n, COALESCE(SUM(correct), 0) AS right_ FROM daily_answers"
        " WHERE day = $1",
        day,
    )
    return (int(row["n"]), int(row["right_"])) if row else (0, 0)


async def daily_distribution(db: Database, day: str, limit: int = 5) -> list[dict[str, Any]]:
    """The most given answers of a day: answer, how many gave it, whether it was right."""
    return await db.fetch(
        "SELECT answer, COUNT(*) AS n, MAX(correct) AS correct FROM daily_answers"
        " WHERE day = $1 GROUP BY answer ORDER BY COUNT(*) DESC, answer LIMIT $2",
        day,
        limit,
    )


async def daily_right_days(db: Database, user_id: int) -> list[str]:
    rows = await db.fetch(
        "SELECT day FROM daily_answers WHERE user_id = $1 AND correct = 1", user_id
    )
    return [str(row["day"]) for row in rows]
