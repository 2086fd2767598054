"""What reading a member's deck adds to a picture: the first read per member and process
(one query), and every read after it (memory), on SQLite and optionally PostgreSQL.

Half of the members have chosen four colours (a row each), half have no row.
Run from the repository root:

    .venv/bin/python benchmarks/bench_decks.py [--members 2000] \
        [--postgres postgresql://postgres@127.0.0.1:5432/test]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.pictures.cards_image import Deck
from bot.pictures.decks import MemberDecks
from bot.storage import Database, open_database


def percentile(sorted_values: list[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


async def timed(members: MemberDecks, ids: range) -> list[float]:
    times = []
    for user_id in ids:
        start = time.perf_counter()
        await members.deck_for(user_id)
        times.append((time.perf_counter() - start) * 1e3)
    return sorted(times)


async def measure(name: str, database: Database, count: int) -> None:
    writer = MemberDecks(database)
    for user_id in range(0, count, 2):
        await writer.choose(user_id, Deck.FOUR, within=5)
    members = MemberDecks(database)  # a fresh process: nothing remembered
    ids = range(count)
    for label, times in (
        ("first read (query)", await timed(members, ids)),
        ("later reads (memory)", await timed(members, ids)),
    ):
        print(
            f"  {name:<11}{label:<22}mean {statistics.fmean(times):7.3f} ms  "
            f"p50 {percentile(times, 0.5):7.3f} ms  p99 {percentile(times, 0.99):7.3f} ms"
        )


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=2000)
    parser.add_argument("--postgres", help="a PostgreSQL URL (a schema is made and dropped)")
    args = parser.parse_args(argv)
    print(f"deck_for, {args.members} members, one at a time")
    with tempfile.TemporaryDirectory() as tmp:
        database = await open_database(f"sqlite:///{tmp}/decks.sqlite3")
        try:
            await measure("SQLite", database, args.members)
        finally:
            await database.close()
    if args.postgres:
        import asyncpg

        schema = f"bench_{uuid.uuid4().hex[:12]}"
        connection = await asyncpg.connect(args.postgres)
        await connection.execute(f"CREATE SCHEMA {schema}")
        separator = "&" if "?" in args.postgres else "?"
        try:
            database = await open_database(f"{args.postgres}{separator}search_path={schema}")
            try:
                await measure("PostgreSQL", database, args.members)
            finally:
                await database.close()
        finally:
            await connection.execute(f"DROP SCHEMA {schema} CASCADE")
            await connection.close()


if __name__ == "__main__":
    asyncio.run(main())
