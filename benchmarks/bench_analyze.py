"""/analyze under load, and where an exact analysis should run (a thread or a process).

``flood``: the bot runs as its real entry point (``python -m bot``, one process) against
the Discord stand-in in this process. One member (or ``--members`` members in turn) sends
``--burst`` /analyze at once, then another member sends one; the script prints what
became of the burst (answered, refused by the cooldown, refused because the queue was
full, timed out) and how long the other member waited for the deferral and the answer.

``executor``: exact analyses of random hands in a thread and in a process pool: alone,
and while another thread of the same process keeps the GIL busy (as the bot's event loop
does under load), and how late a 1 ms timer fires on an event loop meanwhile.

Run: ``python benchmarks/bench_analyze.py [flood|executor|both] [--burst 200]``.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from houseway.analysis.analyze import analyze  # noqa: E402
from houseway.cards import NAMES, parse_hand  # noqa: E402
from tests.bot.fixtures import bot_env, start_bot_process  # noqa: E402
from tests.fakediscord import CallbackType, FakeDiscord  # noqa: E402
from tests.fakediscord.models import FakeInteraction  # noqa: E402

ROYAL = "As Ks Qs Js Ts 9h 9d"
OTHER = "3c JK 5d Jc Qh Ac Kh"


def outcome(fake: FakeDiscord, interaction: FakeInteraction) -> str:
    """What the member saw: an answer, a refusal (and why), a timeout, or nothing yet."""
    callback = interaction.callback
    if callback is None:
        return "no response"
    if callback.callback_type == CallbackType.CHANNEL_MESSAGE:
        content = callback.content or ""
        if "You can use it again" in content:
            return "refused: cooldown"
        if "analyses under way" in content:
            return "refused: queue full"
        return "refused: other"
    followups = interaction.followups
    if not followups:
        return "deferred, no follow-up"
    if followups[0].embeds:
        return "answered"
    visible = "privately" if fake.messages[followups[0].message_id or 0].ephemeral else "publicly"
    return f"timed out, told {visible}"


async def flood(burst: int, members: int) -> None:
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        env = bot_env(fake, f"sqlite:///{tmp}/b.db", LOG_LEVEL="ERROR")
        process = await start_bot_process(env, tmp, output=None)
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_until(lambda: fake.sync_count() >= 1, 30, "sync")
            # Warm-up by a third member: the pool's workers start and load their tables.
            warm = await fake.send_command("analyze", {"hand": ROYAL}, user=fake.make_user("w"))
            await fake.wait_followups(warm, 1, timeout=30)
            flooders = [fake.make_user(f"flooder{n}") for n in range(members)]
            other = fake.make_user("other")
            started = time.perf_counter()
            sent = [
                await fake.send_command("analyze", {"hand": ROYAL}, user=flooders[n % members])
                for n in range(burst)
            ]
            theirs = await fake.send_command("analyze", {"hand": OTHER}, user=other)
            dispatch = time.perf_counter() - started
            everyone = [*sent, theirs]
            await fake.wait_until(
                lambda: all(
                    i.callback is not None
                    and (
                        i.callback.callback_type != CallbackType.DEFERRED_CHANNEL_MESSAGE
                        or i.followups
                    )
                    for i in everyone
                ),
                120,
                "every /analyze answered",
            )
            elapsed = time.perf_counter() - started
        finally:
            process.terminate()
            await process.wait()
            await fake.stop()

    who = "one member" if members == 1 else f"{members} members"
    print(
        f"flood: {burst} /analyze from {who} at once (dispatched in {dispatch:.2f} s), "
        "then one from another member; bot = one `python -m bot` process"
    )
    for what, count in sorted(Counter(outcome(fake, i) for i in sent).items()):
        print(f"  the burst: {count:4d} {what}")
    answered = [i.followups[0].at - (i.dispatched_at or 0) for i in sent if i.followups]
    if answered:
        print(f"  the burst's last follow-up after {max(answered):.2f} s")
    assert theirs.dispatched_at is not None and theirs.response_time is not None
    answer = (
        f"the answer after {theirs.followups[0].at - theirs.dispatched_at:.2f} s"
        if theirs.followups
        else "no follow-up"
    )
    print(
        f"  the other member: {outcome(fake, theirs)}; first response after "
        f"{theirs.response_time * 1000:.0f} ms, {answer}"
    )
    print(f"  all {len(everyone)} settled after {elapsed:.1f} s")


def _hands(count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [parse_hand(" ".join(NAMES[c] for c in rng.sample(range(53), 7))) for _ in range(count)]


def _warm() -> None:
    from houseway.analysis.exact import dealer_classes

    dealer_classes()


def _spin(stop: threading.Event) -> None:
    """Pure Python that never waits: holds the GIL as much as the interpreter lets it."""
    while not stop.is_set():
        pass


async def _measure(executor: Executor, hands: list[tuple[int, ...]], busy: bool) -> str:
    loop = asyncio.get_running_loop()
    await asyncio.gather(*(loop.run_in_executor(executor, _warm) for _ in range(2)))
    await asyncio.gather(*(loop.run_in_executor(executor, analyze, h) for h in hands[:4]))
    stop = threading.Event()
    spinner = threading.Thread(target=_spin, args=(stop,))
    if busy:
        spinner.start()
    latencies: list[float] = []
    lags: list[float] = []

    async def one(hand: tuple[int, ...]) -> None:
        begun = time.perf_counter()
        await loop.run_in_executor(executor, analyze, hand)
        latencies.append(time.perf_counter() - begun)

    async def in_turn() -> None:
        for hand in hands:
            await one(hand)

    started = time.perf_counter()
    task = asyncio.create_task(in_turn())
    while not task.done():
        tick = time.perf_counter()
        await asyncio.sleep(0.001)
        lags.append(time.perf_counter() - tick - 0.001)
    elapsed = time.perf_counter() - started
    stop.set()
    if busy:
        spinner.join()
    lags.sort()
    return (
        f"{len(hands) / elapsed:5.0f} analyses/s, each {statistics.median(latencies) * 1000:5.1f}"
        f" ms (median); 1 ms timer late by p50 {lags[len(lags) // 2] * 1000:.2f} ms, "
        f"p99 {lags[int(len(lags) * 0.99)] * 1000:.2f} ms"
    )


async def executors(count: int) -> None:
    hands = _hands(count, 2026)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["houseway.analysis.analyze", "houseway.analysis.exact"])
    print(f"executor: {count} exact analyses one after another, one worker, {os.cpu_count()} cores")
    for busy in (False, True):
        label = "another thread busy" if busy else "idle process"
        with ThreadPoolExecutor(1) as threads:
            print(f"  thread,  {label:<19}: {await _measure(threads, hands, busy)}")
        with ProcessPoolExecutor(1, mp_context=context) as processes:
            print(f"  process, {label:<19}: {await _measure(processes, hands, busy)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("part", nargs="?", choices=("flood", "executor", "both"), default="both")
    parser.add_argument("--burst", type=int, default=200)
    parser.add_argument("--members", type=int, default=1, help="members sending the burst")
    parser.add_argument("--analyses", type=int, default=200)
    args = parser.parse_args()
    if args.part in ("executor", "both"):
        asyncio.run(executors(args.analyses))
    if args.part in ("flood", "both"):
        asyncio.run(flood(args.burst, args.members))


if __name__ == "__main__":
    main()
