"""The answer journal at start, through the real bot: whatever a journal on disk holds,
the bot starts, the good answers are scored at the reveal and the round closes."""

from __future__ import annotations

import json
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from bot.storage.journal import journal_path
from bot.storage.quiz import AnswerIn
from tests.bot.fixtures import QUICK_QUIZ, BotRunner, bot_env, bot_process, exit_output
from tests.bot.quizhelpers import (
    expire_round,
    house_two,
    reveals,
    right_field,
    round_id_of,
    start_quiz,
    summaries,
    wait_round,
)
from tests.fakediscord import FakeDiscord

#: Members of the journal's lines (ids the stand-in need not know).
MEMBER = 300_000_000_000_000_000


async def round_left_open(fake: FakeDiscord, run_bot: BotRunner, database_url: str) -> Any:
    """A one-round quiz whose round is open (for two minutes) when its bot stops."""
    fake.default_guild.preferred_locale = "en-US"
    async with run_bot(fake, database_url=database_url, quiz_timing=QUICK_QUIZ):
        await start_quiz(fake, rounds=1, seconds=120)
        return await wait_round(fake, 1)


def write_journal(path: Path, lines: list[Any]) -> None:
    """The journal a previous process left: JSON lines, or raw bytes as they stand."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(
        b"".join((x if isinstance(x, bytes) else json.dumps(x).encode()) + b"\n" for x in lines)
    )


async def revealed(
    fake: FakeDiscord, database_url: str, first: Any, timeout: float = 30, answered: float = 0.0
) -> str:
    """Let the round's time run out (not before ``answered``, when the test's answers were
    given); the reveal's "Right (n of m)", once the quiz is over."""
    await expire_round(database_url, first, answered)
    await fake.wait_until(lambda: len(reveals(fake)) >= 1, timeout, "the reveal")
    await fake.wait_until(lambda: bool(summaries(fake)), timeout, "the end of the quiz")
    return str(right_field(reveals(fake)[0])["name"])


async def test_a_journal_with_lines_the_database_refuses_is_taken_back_at_start(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    any_database_url: str,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A time that is a string (the round stayed open, retried forever) or 1e400 (the bot
    exited at every start), an id past 64 bits: skipped in one warning naming the file
    and lines; the good lines are scored and the quiz ends."""
    first = await round_left_open(fake_discord, run_bot, any_database_url)
    round_id, right, now = round_id_of(first), " ".join(house_two(first)), time.time()
    path = journal_path(tmp_path / "data", None)
    write_journal(
        path,
        [
            [round_id, MEMBER + 1, right, now],
            [round_id, 8502, right, "soon"],
            f'[{round_id}, 8503, "{right}", 1e400]'.encode(),
            [round_id, 2**64, right, now],
            f'[1e400, 8504, "{right}", {now}]'.encode(),
            [round_id, MEMBER + 2, right, now],
        ],
    )
    with caplog.at_level(logging.WARNING, logger="bot.storage.journal"):
        async with run_bot(fake_discord, database_url=any_database_url, quiz_timing=QUICK_QUIZ):
            assert await revealed(fake_discord, any_database_url, first) == "Right (2 of 2)"
    [warning] = [r.getMessage() for r in caplog.records if r.name == "bot.storage.journal"]
    assert warning.startswith(f"{path}: 4 line(s) skipped (line 2: its time is not a moment")
    assert "line 3: its time" in warning and "line 4: its user_id" in warning
    assert "line 5: its round_id" in warning


@pytest.mark.parametrize("before", [(0,), None], ids=["was-sharded", "was-not"])
async def test_a_journal_written_under_other_shard_settings_is_taken_back(
    fake_discord: FakeDiscord, run_bot: BotRunner, database_url: str, tmp_path: Path, before: Any
) -> None:
    """``answers-journal-shards-0.jsonl`` when the bot now starts without SHARD_*, or the
    other way round: its answers were acknowledged as saved, so they are scored."""
    first = await round_left_open(fake_discord, run_bot, database_url)
    data = tmp_path / "data"
    left = journal_path(data, before)
    write_journal(left, [[round_id_of(first), MEMBER + 1, " ".join(house_two(first)), time.time()]])
    now_sharded = {} if before else {"shard_count": 1, "shard_ids": (0,)}
    async with run_bot(fake_discord, quiz_timing=QUICK_QUIZ, **now_sharded):
        assert not left.exists()  # taken over: in this process's journal now
        assert await revealed(fake_discord, database_url, first) == "Right (1 of 1)"
    assert list(data.glob("answers-journal*.jsonl")) == []  # written: nothing left to keep


async def test_nine_thousand_answers_in_the_journal_are_all_scored(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, tmp_path: Path
) -> None:
    """More answers to one round than one statement may carry (PostgreSQL refused them
    every 4 s before, the round open for ever)."""
    first = await round_left_open(fake_discord, run_bot, any_database_url)
    round_id, right, now = round_id_of(first), " ".join(house_two(first)), time.time()
    lines = [[round_id, MEMBER + n, right, now] for n in range(9000)]
    write_journal(journal_path(tmp_path / "data", None), lines)
    async with run_bot(fake_discord, database_url=any_database_url, quiz_timing=QUICK_QUIZ):
        assert await revealed(fake_discord, any_database_url, first, 120) == "Right (9000 of 9000)"


async def test_nine_thousand_answers_kept_in_memory_are_all_scored(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    """An outage left 9,000 answers in memory (as the intake keeps them while the database
    does not answer): the runner writes them all before scoring the round."""
    fake_discord.default_guild.preferred_locale = "en-US"
    async with run_bot(fake_discord, database_url=any_database_url, quiz_timing=QUICK_QUIZ) as bot:
        await start_quiz(fake_discord, rounds=1, seconds=120)
        first = await wait_round(fake_discord, 1)
        intake = bot.get_cog("QuizCog").intake  # type: ignore[union-attr]
        round_id, right, now = round_id_of(first), " ".join(house_two(first)), time.time()
        for n in range(9000):
            intake._keep(AnswerIn(round_id, MEMBER + n, right, now))
        shown = await revealed(fake_discord, any_database_url, first, 120, answered=now)
        assert shown == "Right (9000 of 9000)"


async def test_a_fifo_at_the_journal_path_is_refused_and_the_bot_works(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Reading a FIFO waits for a writer for ever: the bot hung before the gateway and did
    not answer SIGTERM. Now one line says so, the bot answers, and SIGTERM stops it."""
    path = journal_path(tmp_path / "data", None)
    path.parent.mkdir()
    os.mkfifo(path)
    env = bot_env(fake_discord, f"sqlite:///{tmp_path}/bot.sqlite3", LOG_LEVEL="WARNING")
    async with bot_process(env, tmp_path) as process:
        await fake_discord.wait_ready(timeout=30)
        asked = await fake_discord.send_command("houseway", {"hand": "As Ah Ad Ac JK 7s 2d"})
        assert (await fake_discord.wait_response(asked, timeout=15)).embeds
        process.send_signal(signal.SIGTERM)
        output = await exit_output(process, 15)
    assert process.returncode == 0, output
    named = path.relative_to(tmp_path)  # DATA_DIR is ./data
    naming = [line for line in output.splitlines() if str(named) in line]
    assert len(naming) == 1, output
    assert naming[0].endswith(f"journal {named} is not read: {named} is not a regular file")
