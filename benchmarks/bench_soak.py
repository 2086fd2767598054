"""Soak: 100,000 interactions through the Discord stand-in; does the bot's memory settle?

The bot runs as its real entry point (``python -m bot``, one process, SQLite) against
the stand-in in this process. It gets, from 200 members in turn, /houseway with random
hands (one in 50 malformed) and /deal (one in 10; ``--deals``), and at the start of
every 10,000 a one-round quiz that 10 members answer. The bot's resident memory is read
from /proc/<pid>/status (VmRSS) after every 10,000 interactions, and once from its own
/metrics (process_resident_memory_bytes); the verdict compares the end with the mark
after the first 10,000 (the warm-up: card faces drawn, caches filled). The stand-in
forgets each interaction a while after it was answered, so that what grows is the bot,
not the benchmark. Run: ``python benchmarks/bench_soak.py [--interactions 100000]
[--concurrency 8]``.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402

from houseway.cards import NAMES  # noqa: E402
from tests.bot.fixtures import bot_env, free_port, start_bot_process  # noqa: E402
from tests.bot.quizhelpers import house_two, round_messages, select_of, start_quiz  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.models import FakeInteraction  # noqa: E402

#: Answered interactions the stand-in keeps (for a late follow-up) before forgetting them.
KEPT = 2000
QUIZ_MEMBERS = 10
#: Members the interactions come from, in turn.
USERS = 200


def rss_bytes(pid: int) -> int:
    """Resident set size of process ``pid``, from the kernel."""
    status = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"^VmRSS:\s+(\d+) kB$", status, re.M)
    assert match, status
    return int(match.group(1)) * 1024


def mib(value: float) -> str:
    return f"{value / 2**20:.1f} MiB"


def forget(fake: FakeDiscord, interaction: FakeInteraction) -> None:
    """Drop an answered interaction and what the bot sent for it from the stand-in, and
    keep only the latest of its logs (every request, every message sent with its files,
    every gateway frame), which it would otherwise keep for the whole run."""
    for log in (fake.records, fake.requests, fake.gateway_ops):
        if len(log) > 2 * KEPT:
            del log[:-KEPT]
    fake.interactions.pop(interaction.id, None)
    fake._interactions_by_token.pop(interaction.token, None)
    sent = [record.message_id for record in interaction.records]
    for message_id in [*sent, interaction.original_message_id]:
        message = fake.messages.pop(message_id, None) if message_id else None
        for attachment in message.files if message else ():
            fake._blobs.pop(attachment, None)


async def metrics_rss(port: int) -> int:
    url = f"http://127.0.0.1:{port}/metrics"
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        text = await response.text()
    match = re.search(r"^process_resident_memory_bytes (\S+)$", text, re.M)
    assert match, "no process_resident_memory_bytes in /metrics"
    return int(float(match.group(1)))


async def quiz_round(fake: FakeDiscord, members: list) -> int:  # type: ignore[type-arg]
    """Start a one-round quiz and have the members answer it; the answers acknowledged."""
    before = len(round_messages(fake))
    await start_quiz(fake, rounds=1, seconds=10)
    try:
        await fake.wait_until(lambda: len(round_messages(fake)) > before, 15, "the quiz round")
    except TimeoutError:  # refused: the previous quiz still runs
        return 0
    message = round_messages(fake)[-1]
    menu = select_of(message)["custom_id"]
    for member in members:  # wait_response raises if an answer is not acknowledged
        click = await fake.click(message.id, menu, values=house_two(message), user=member)
        await fake.wait_response(click, timeout=10)
    return len(members)


async def soak(count: int, concurrency: int, mark: int, seed: int, deals: float) -> None:
    rng = random.Random(seed)
    fake = FakeDiscord()
    await fake.start()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = bot_env(fake, f"sqlite:///{tmp}/s.db", LOG_LEVEL="WARNING", HTTP_PORT=str(port))
        process = await start_bot_process(env, tmp, output=None)
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_until(lambda: fake.sync_count() >= 1, 30, "sync")
            members = [fake.make_user(f"member{i}") for i in range(QUIZ_MEMBERS)]
            # Many members, as in a server: one member's flood is bench_burst's subject
            # (the bot refuses past that member's own queue), not a soak's.
            users = [fake.make_user(f"user{i}") for i in range(USERS)]
            load_before = os.getloadavg()
            print(
                f"soak: {count:,} interactions, {concurrency} in flight, bot = one "
                f"`python -m bot` process (pid {process.pid}), SQLite"
            )
            print(
                f"  load average before: {load_before[0]:.2f} {load_before[1]:.2f} "
                f"{load_before[2]:.2f} (2 cores)"
            )
            print(f"  resident memory after start:  {mib(rss_bytes(process.pid))}")

            sent = 0
            times: list[float] = []
            kept: collections.deque[FakeInteraction] = collections.deque()
            outcomes = collections.Counter[str]()
            quiz_answers = 0
            marks: list[tuple[int, int]] = []
            busy = 0.0  # seconds spent on the interactions, quizzes aside
            began = time.perf_counter()

            def next_interaction() -> tuple[str, dict[str, str]]:
                roll = rng.random()
                if roll < deals:
                    return "deal", {}
                if roll < deals + 0.02:
                    return "houseway", {"hand": "As Kd"}  # malformed: 2 cards
                hand = " ".join(NAMES[c] for c in rng.sample(range(53), 7))
                return "houseway", {"hand": hand}

            async def worker(quota: int) -> None:
                nonlocal sent
                while sent < quota:
                    sent += 1
                    name, options = next_interaction()
                    outcomes[name] += 1
                    user = users[sent % USERS]
                    interaction = await fake.send_command(name, options, user=user)
                    await fake.wait_response(interaction, timeout=30)
                    times.append(interaction.response_time or 0.0)
                    kept.append(interaction)
                    while len(kept) > KEPT:
                        forget(fake, kept.popleft())

            for block_end in range(mark, count + mark, mark):
                quota = min(block_end, count)
                quiz_answers += await quiz_round(fake, members)
                block_began = time.perf_counter()
                await asyncio.gather(*(worker(quota) for _ in range(concurrency)))
                busy += time.perf_counter() - block_began
                marks.append((quota, rss_bytes(process.pid)))
                print(
                    f"  after {quota:>7,}: resident {mib(marks[-1][1])}"
                    f"  ({time.perf_counter() - began:5.0f} s)",
                    flush=True,
                )
            from_metrics = await metrics_rss(port)
            load_after = os.getloadavg()
        finally:
            process.terminate()
            await process.wait()
            await fake.stop()

    times.sort()

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p / 100 * len(times)))] * 1000

    at_mark, at_end = marks[0][1], marks[-1][1]
    change = (at_end - at_mark) / at_mark
    print(
        f"  interactions: {dict(outcomes)}, plus {quiz_answers} quiz answers in "
        f"{len(marks)} quizzes"
    )
    print(
        f"  time to initial response: p50 {pct(50):.1f} ms, p99 {pct(99):.1f} ms, "
        f"max {times[-1] * 1000:.1f} ms; {len(times) / busy:.0f} interactions/s"
    )
    print(f"  /metrics process_resident_memory_bytes at the end: {mib(from_metrics)}")
    print(f"  load average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    verdict = "within" if abs(change) <= 0.10 else "NOT within"
    print(
        f"resident memory: {mib(at_mark)} after {marks[0][0]:,}, {mib(at_end)} after "
        f"{marks[-1][0]:,} ({change:+.1%}): {verdict} 10% of the {marks[0][0]:,} mark"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interactions", type=int, default=100_000)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument(
        "--mark",
        type=int,
        default=10_000,
        help="read memory every this many interactions; the first is the base",
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--deals", type=float, default=0.10, help="the share of /deal")
    args = parser.parse_args()
    asyncio.run(soak(args.interactions, args.concurrency, args.mark, args.seed, args.deals))


if __name__ == "__main__":
    main()
