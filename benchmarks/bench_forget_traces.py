"""What is left of a forgotten member in SQLite's files, right after /stats forget.

A member practises ``--hands`` hands, answers the hand of the day and chooses a deck;
then they are forgotten, and the script counts the copies of their id in the database
file and its WAL: as text and as SQLite stores the integer (8 bytes big-endian in a
record, a varint as a rowid). Once right after the forget, once after a clean close.
The forget note (its row and its primary key's index) accounts for 2 of them.

Run: ``python benchmarks/bench_forget_traces.py [--hands 200]``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.storage import forgotten, members, open_database, practice  # noqa: E402
from houseway.learning.practice import Schedule  # noqa: E402
from tests.bot.traces import id_copies  # noqa: E402

MEMBER = 1_234_567_890_123_456_789  # a Discord id's size: 8 bytes as an integer


async def measure(hands: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "houseway.sqlite3"
        database = await open_database(f"sqlite:///{path}")
        schedule = Schedule()
        for n in range(hands):
            answer = practice.PracticeAnswer(
                user_id=MEMBER, shown_ms=n, hand=tuple(range(7)), mode="set",
                path=("one-pair",), answer="2s 2h", correct=n % 2 == 0, seconds=2.0,
                answered_at=time.time(), rules=("one-pair",),
            )  # fmt: skip
            await practice.record_answer(database, answer, schedule)
        day = practice.utc_day(time.time())
        await practice.daily_hand(database, day, tuple(range(7)))
        await practice.record_daily(database, day, MEMBER, "2s 2h", True, time.time(), 0.0)
        await members.choose_deck(database, MEMBER, "four")
        print(f"before the forget:     {id_copies(path, MEMBER)}")
        await forgotten.forget_member(database, MEMBER)
        print(f"right after the forget: {id_copies(path, MEMBER)}")
        await database.close()
        print(f"after a clean close:    {id_copies(path, MEMBER)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    asyncio.run(measure(parser.parse_args().hands))


if __name__ == "__main__":
    main()
