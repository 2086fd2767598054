"""Quiz answers per second that one bot process records, and the p99 acknowledgement time.

The bot runs as ``python -m bot`` (one process) against the Discord stand-in in this
process; a moderator starts a quiz and N distinct members answer one round, C at a
time. Prints the figures for SQLite and, when a PostgreSQL URL is given (or
TEST_DATABASE_URL is set), for PostgreSQL (in a schema of its own, dropped after).
Run: ``python benchmarks/bench_quiz.py [--answers 2000] [--concurrency 50]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402

from bot.storage import open_database  # noqa: E402
from tests.bot.fixtures import bot_env, start_bot_process  # noqa: E402
from tests.bot.quizhelpers import house_two, select_of, start_quiz, wait_round  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.models import InteractionType  # noqa: E402


async def bench(database_url: str, answers: int, concurrency: int) -> tuple[float, float, int]:
    fake = FakeDiscord()
    await fake.start()
    env = bot_env(fake, database_url, LOG_LEVEL="WARNING")
    process = await start_bot_process(env, tempfile.gettempdir(), output=None)
    try:
        await fake.wait_ready(timeout=30)
        await fake.wait_until(lambda: fake.sync_count() >= 1, 30, "sync")
        await start_quiz(fake, rounds=1, seconds=300)
        message = await wait_round(fake, 1)
        custom_id = select_of(message)["custom_id"]
        two = house_two(message)
        users = [fake.make_user(f"m{i}") for i in range(answers)]
        queue: asyncio.Queue[int] = asyncio.Queue()
        for i in range(answers):
            queue.put_nowait(i)

        async def member() -> None:
            while not queue.empty():
                user = users[queue.get_nowait()]
                click = await fake.click(message.id, custom_id, values=two, user=user)
                await fake.wait_response(click, timeout=30)

        began = time.perf_counter()
        await asyncio.gather(*(member() for _ in range(concurrency)))
        elapsed = time.perf_counter() - began
        times = sorted(fake.response_times(InteractionType.MESSAGE_COMPONENT))
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))] * 1000
    finally:
        process.terminate()
        await process.wait()
        await fake.stop()
    database = await open_database(database_url)
    try:
        row = await database.fetchrow("SELECT COUNT(*) AS n FROM answers")
        recorded = int(row["n"]) if row else 0
    finally:
        await database.close()
    return answers / elapsed, p99, recorded


async def main_async(args: argparse.Namespace) -> None:
    print(
        f"quiz answers: {args.answers} members, {args.concurrency} at a time, "
        f"one `python -m bot` process"
    )
    with tempfile.TemporaryDirectory() as tmp:
        rate, p99, recorded = await bench(f"sqlite:///{tmp}/q.db", args.answers, args.concurrency)
        print(f"  SQLite:     {rate:7.0f} answers/s, p99 ack {p99:6.1f} ms, recorded {recorded}")
    if args.postgres:
        schema = f"bench_{uuid.uuid4().hex[:10]}"
        admin = await asyncpg.connect(args.postgres)
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            sep = "&" if "?" in args.postgres else "?"
            rate, p99, recorded = await bench(
                f"{args.postgres}{sep}search_path={schema}", args.answers, args.concurrency
            )
            print(
                f"  PostgreSQL: {rate:7.0f} answers/s, p99 ack {p99:6.1f} ms, recorded {recorded}"
            )
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
            await admin.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--answers", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--postgres", default=os.environ.get("TEST_DATABASE_URL"))
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
