"""One member sends N /houseway at once: how many replies come too late, and does
another member still get an answer?

The bot runs as ``python -m bot`` (one process, its log captured) against the Discord
stand-in in this process, which refuses an initial callback more than 3 s after the
INTERACTION_CREATE went out (10062 Unknown interaction, as Discord does). All N
commands are dispatched back to back from one member; halfway through, a second member
sends one. Prints the late replies, the time to the initial response (a reply or a
defer) in percentiles, the second member's times, and what the burst cost in log lines.
Run: ``python benchmarks/bench_burst.py [--interactions 2000]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from houseway.cards import NAMES  # noqa: E402
from tests.bot.fixtures import bot_env, start_bot_process  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeInteraction  # noqa: E402
from tests.fakediscord.models import CallbackType, percentile  # noqa: E402


def cpu_seconds(pid: int | None = None) -> float:
    """CPU time (user + system) of a process so far: this one, or ``pid`` (Linux)."""
    if pid is None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def answered(interaction: FakeInteraction) -> bool:
    """The member has the answer, refused as too late, or nothing more will come."""
    callback = interaction.callback
    if callback is None:
        return interaction.late_callbacks > 0
    if callback.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE:
        return bool(interaction.followups)
    return True


def answer_time(interaction: FakeInteraction) -> float | None:
    """Seconds from dispatch to the answer itself (the follow-up, after a defer)."""
    if interaction.dispatched_at is None or interaction.callback is None:
        return None
    if interaction.followups:
        return interaction.followups[0].at - interaction.dispatched_at
    return interaction.response_time


async def bench(count: int, seed: int, log_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    rng = random.Random(seed)
    hands = [" ".join(NAMES[c] for c in rng.sample(range(53), 7)) for _ in range(count + 50)]
    with tempfile.TemporaryDirectory() as tmp, log_path.open("wb") as log:
        env = bot_env(fake, f"sqlite:///{tmp}/b.db", LOG_LEVEL="WARNING")
        process = await start_bot_process(env, tmp, output=log)
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_until(lambda: fake.sync_count() >= 1, 30, "sync")
            for hand in hands[count:]:  # warm-up: card faces, code paths
                await fake.wait_response(await fake.send_command("houseway", {"hand": hand}))
            log_lines_before = log_path.read_bytes().count(b"\n")
            other = fake.make_user("other")
            cpu_before = cpu_seconds(process.pid), cpu_seconds()
            burst: list[FakeInteraction] = []
            started = time.perf_counter()
            for index, hand in enumerate(hands[:count]):
                burst.append(await fake.send_command("houseway", {"hand": hand}))
                if index == count // 2:
                    bystander = await fake.send_command(
                        "houseway", {"hand": hands[count]}, user=other
                    )
            sent = time.perf_counter() - started
            everyone = [*burst, bystander]
            deadline = time.monotonic() + 120
            while not all(answered(i) for i in everyone) and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            done = time.perf_counter() - started
            bot_cpu = cpu_seconds(process.pid) - cpu_before[0]
            fake_cpu = cpu_seconds() - cpu_before[1]
            await asyncio.sleep(0.5)  # the last log lines
        finally:
            process.terminate()
            await process.wait()
            await fake.stop()

    late = sum(1 for i in burst if i.late_callbacks and i.callback is None)
    unanswered = sum(1 for i in burst if i.first_callback_at is None)
    deferred = sum(
        1
        for i in burst
        if i.callback is not None
        and i.callback.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE
    )
    acks = [t * 1000 for i in burst if (t := i.response_time) is not None]
    answers = [t for i in burst if (t := answer_time(i)) is not None]
    lines = log_path.read_text("utf-8", "replace").splitlines()[log_lines_before:]

    def ms(values: list[float], pct: float) -> str:
        return f"{percentile(values, pct):.0f}" if values else "-"

    print(
        f"/houseway burst: {count} at once from one member (dispatched in {sent:.1f} s), "
        f"bot = one `python -m bot` process"
    )
    print(
        f"  late (refused, 10062): {late}   unanswered: {unanswered}   "
        f"deferred: {deferred}   answered in time: {count - late - unanswered}"
    )
    print(
        f"  time to initial response: p50 {ms(acks, 50)} ms, p90 {ms(acks, 90)} ms, "
        f"p99 {ms(acks, 99)} ms, max {ms(acks, 100)} ms"
    )
    if answers:
        print(
            f"  the last picture that reached its member: {max(answers):.1f} s after the burst "
            f"(all settled after {done:.1f} s)"
        )
    print(
        f"  another member, halfway through: initial response "
        f"{(bystander.response_time or float('nan')) * 1000:.0f} ms, "
        f"answer {answer_time(bystander) or float('nan'):.1f} s"
        f"{' (late)' if bystander.late_callbacks and bystander.callback is None else ''}"
    )
    print(f"  CPU until settled: bot {bot_cpu:.1f} s, stand-in (and this script) {fake_cpu:.1f} s")
    print(
        f"  bot log during the burst: {len(lines)} lines, "
        f"{sum('Traceback' in line for line in lines)} tracebacks, "
        f"{sum('WARNING' in line for line in lines)} warnings (log: {log_path})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interactions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--log", type=Path, default=Path(tempfile.gettempdir()) / "bench_burst.log")
    args = parser.parse_args()
    asyncio.run(bench(args.interactions, args.seed, args.log))


if __name__ == "__main__":
    main()
