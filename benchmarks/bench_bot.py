"""Drive N /houseway interactions through the Discord stand-in and print response times.

The bot runs as its real entry point (``python -m bot``, one process) against the
stand-in in this process; the time measured is from the INTERACTION_CREATE frame
leaving the stand-in to the bot's initial callback arriving (embed + PNG included).
Each of the C in flight comes from a member of its own: the bot paints one picture at a
time per member and defers a member's others (``bench_burst.py`` measures that).
Run: ``python benchmarks/bench_bot.py [--interactions 2000] [--concurrency 8]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from houseway.cards import NAMES  # noqa: E402
from tests.bot.fixtures import bot_env, start_bot_process  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402


async def bench(count: int, concurrency: int, seed: int) -> None:
    fake = FakeDiscord()
    await fake.start()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        env = bot_env(fake, f"sqlite:///{tmp}/b.db", LOG_LEVEL="WARNING")
        process = await start_bot_process(env, tmp, output=None)
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_until(lambda: fake.sync_count() >= 1, 30, "sync")
            hands = [" ".join(NAMES[c] for c in rng.sample(range(53), 7)) for _ in range(count)]
            for hand in hands[:50]:  # warm-up: card faces, code paths
                await fake.wait_response(await fake.send_command("houseway", {"hand": hand}))
            skip = len(fake.response_times())
            queue: asyncio.Queue[str] = asyncio.Queue()
            for hand in hands:
                queue.put_nowait(hand)

            async def worker(number: int) -> None:
                member = fake.make_user(f"member{number}")
                while not queue.empty():
                    hand = queue.get_nowait()
                    interaction = await fake.send_command("houseway", {"hand": hand}, user=member)
                    await fake.wait_response(interaction, timeout=10)

            started = time.perf_counter()
            await asyncio.gather(*(worker(number) for number in range(concurrency)))
            elapsed = time.perf_counter() - started
            times = sorted(fake.response_times()[skip:])
        finally:
            process.terminate()
            await process.wait()
            await fake.stop()

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p / 100 * len(times)))] * 1000

    print(
        f"/houseway through the stand-in: {len(times)} interactions, "
        f"{concurrency} in flight (one per member), bot = one `python -m bot` process"
    )
    print(
        f"  time to initial response: p50 {pct(50):.1f} ms, p99 {pct(99):.1f} ms, "
        f"max {times[-1] * 1000:.1f} ms"
    )
    print(f"  throughput: {len(times) / elapsed:.0f} interactions/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interactions", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    asyncio.run(bench(args.interactions, args.concurrency, args.seed))


if __name__ == "__main__":
    main()
