"""One member's flood, another member's wait (issue #30 item 7).

1. ``commands``: the bot runs as ``python -m bot`` (one process) against the Discord
   stand-in in this process. One member sends ``--burst`` commands back to back,
   /practice and /daily in turn (past the first few, every one is refused by the
   member's cooldown); ``--others`` other members each send one /practice, spread
   evenly through the burst. Printed: what became of the burst, and the other members'
   time from dispatch to their hand (p50, p99, max), beside the same members' time with
   no flood at all. ``--rounds`` floods in a row (the flooder stays in its cooldown),
   each with fresh other members, pool their figures.
2. ``analyses``: the bot runs in this process (its default single analysis worker, a
   process of its own). One member has ``--queued`` exact analyses queued in the
   practice pool (``Preparer.prepare`` called for them directly: through Discord a
   member's pace lets in about two a second); then another member runs
   /practice mode:win and answers at once. Printed: that member's time from the answer
   to the verdict, and from /practice to the verdict, over ``--rounds`` rounds.

Run: ``python benchmarks/bench_fair.py [commands|analyses|all] [--burst 1000]
[--others 20] [--rounds 3] [--queued 500] [--log-level INFO]``; ``--postgres URL`` (or
TEST_DATABASE_URL) runs ``commands`` on PostgreSQL too, in a schema of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import logging
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_burst import cpu_seconds  # noqa: E402
from bench_game import quiet as bot_idle  # noqa: E402
from bench_practice import in_schema, reply_kind  # noqa: E402

from bot.app.client import make_bot  # noqa: E402
from bot.cogs.practice.views import hand_of_code  # noqa: E402
from bot.service.settings import Settings  # noqa: E402
from bot.storage import open_database  # noqa: E402
from houseway.analysis.analyze import analyze  # noqa: E402
from houseway.cards import NAMES, deal, sort_key  # noqa: E402
from tests.bot.fixtures import bot_env, start_bot_process  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeUser  # noqa: E402
from tests.fakediscord.harness import running_client  # noqa: E402
from tests.fakediscord.models import percentile  # noqa: E402


def figures(seconds: list[float]) -> str:
    if not seconds:
        return "none"
    ms = [s * 1000 for s in seconds]
    return (
        f"p50 {percentile(ms, 50):.0f} ms, p99 {percentile(ms, 99):.0f} ms, "
        f"max {max(ms):.0f} ms (n={len(ms)})"
    )


def settled(interaction: FakeInteraction) -> bool:
    """Answered, refused as too late, or past Discord's 3 seconds unanswered (a refusal
    the bot chose not to send)."""
    if interaction.callback is not None or interaction.late_callbacks > 0:
        return True
    sent = interaction.dispatched_at
    return sent is not None and time.monotonic() - sent > DEADLINE


#: Discord's 3 seconds for an interaction's first answer, and a little more.
DEADLINE = 3.5


async def all_settled(fake: FakeDiscord, interactions: list[FakeInteraction]) -> None:
    deadline = time.monotonic() + 120
    while not all(settled(i) for i in interactions):
        assert time.monotonic() < deadline, "not every interaction settled in 120 s"
        await asyncio.sleep(0.1)


async def flood_round(
    fake: FakeDiscord, flooder: FakeUser, burst: int, others: int
) -> tuple[Counter[str], list[tuple[str, float | None]]]:
    """``burst`` commands from ``flooder`` with ``others`` other members' /practice spread
    evenly through them; what became of the burst, and of each other member's."""
    every = max(1, burst // others)
    sent: list[FakeInteraction] = []
    theirs: list[FakeInteraction] = []
    for number in range(burst):
        name, options = ("practice", {"mode": "set"}) if number % 2 else ("daily", None)
        sent.append(await fake.send_command(name, options, user=flooder))
        if len(theirs) < others and number % every == every // 2:
            other = fake.make_user(f"other-{len(fake.users)}")
            theirs.append(await fake.send_command("practice", {"mode": "set"}, user=other))
    await all_settled(fake, [*sent, *theirs])
    return Counter(reply_kind(i) for i in sent), [(reply_kind(i), i.response_time) for i in theirs]


async def alone(fake: FakeDiscord, others: int) -> list[float]:
    """Other members' /practice one after another, with no flood."""
    times = []
    for _ in range(others):
        other = fake.make_user(f"other-{len(fake.users)}")
        interaction = await fake.send_command("practice", {"mode": "set"}, user=other)
        await fake.wait_response(interaction, 30)
        times.append(interaction.response_time or 0.0)
    return times


async def bench_commands(
    database_url: str, burst: int, others: int, rounds: int, log_level: str
) -> None:
    fake = FakeDiscord()
    await fake.start()
    env = bot_env(fake, database_url, LOG_LEVEL=log_level)
    log_path = Path(tempfile.gettempdir()) / "bench_fair_commands.log"
    with log_path.open("wb") as log_file:
        process = await start_bot_process(env, tempfile.gettempdir(), output=log_file)
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_until(lambda: fake.sync_count() >= 1, 30, "sync")
            warm = fake.make_user("warm-up")  # the class table, the day's hand, card faces
            for name, options in (("practice", {"mode": "set"}), ("daily", None)):
                await fake.wait_response(await fake.send_command(name, options, user=warm), 30)
            await bot_idle(process.pid)
            quiet = await alone(fake, others)
            flooder = fake.make_user("flooder")
            kinds: Counter[str] = Counter()
            waits: list[tuple[str, float | None]] = []
            cpu_before = cpu_seconds(process.pid), cpu_seconds()
            started = time.perf_counter()
            for _ in range(rounds):
                round_kinds, round_waits = await flood_round(fake, flooder, burst, others)
                kinds += round_kinds
                waits += round_waits
            elapsed = time.perf_counter() - started
            bot_cpu = cpu_seconds(process.pid) - cpu_before[0]
            fake_cpu = cpu_seconds() - cpu_before[1]
        finally:
            process.terminate()
            await process.wait()
            await fake.stop()
    print(
        f"  {rounds} x {burst} /practice and /daily from one member at once, "
        f"{others} other members' /practice spread through each:"
    )
    for kind, count in sorted(kinds.items()):
        print(f"    {count:6d} {kind}")
    answered = [t for kind, t in waits if kind == "answered" and t is not None]
    not_answered = Counter(kind for kind, _ in waits if kind != "answered")
    print(f"    other members' time to their hand: {figures(answered)}")
    if not_answered:
        print(f"    other members not answered: {dict(not_answered)}")
    print(f"    with no flood:                     {figures(quiet)}")
    lines = log_path.read_text(errors="replace").splitlines()
    print(
        f"    CPU during the floods ({elapsed:.1f} s): bot {bot_cpu:.1f} s, stand-in (and this "
        f"script) {fake_cpu:.1f} s; bot log {len(lines)} lines ({log_path}); "
        f"load average after {os.getloadavg()[0]:.1f}"
    )


async def commands(args: argparse.Namespace) -> None:
    logging.getLogger("tests.fakediscord").setLevel(logging.ERROR)
    print(
        f"commands: the bot logging at {args.log_level}; "
        f"load average before {os.getloadavg()[0]:.1f} (2 cores)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        if args.sqlite:
            print(" SQLite:")
            await bench_commands(
                f"sqlite:///{tmp}/f.db", args.burst, args.others, args.rounds, args.log_level
            )
    if args.postgres:
        print(" PostgreSQL:")
        await in_schema(
            args.postgres,
            lambda url: bench_commands(url, args.burst, args.others, args.rounds, args.log_level),
        )


def queue_analyses(preparer: Any, member: int, count: int, rng: random.Random) -> list[Any]:
    """``count`` analyses of fresh hands in the pool, as ``member``'s (when the pool knows
    members; the code before it did not)."""
    by_member = "member" in inspect.signature(preparer.prepare).parameters
    queued = []
    for _ in range(count):
        hand = tuple(sorted(deal(rng), key=sort_key))
        extra = {"member": member} if by_member else {}
        queued.append(preparer.prepare(hand, **extra))
    return queued


async def bench_analyses(queued: int, rounds: int) -> None:
    fake = FakeDiscord()
    await fake.start()
    rng = random.Random(30)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(
            discord_token=fake.token,
            database_url=f"sqlite:///{tmp}/a.db",
            api_url=fake.api_url,
            gateway_url=fake.gateway_url,
            data_dir=Path(tmp) / "data",
        )
        database = await open_database(settings.database_url)
        bot = make_bot(settings, database, guild_ready_timeout=0.05)
        try:
            async with running_client(fake, bot, timeout=30):
                cog: Any = bot.get_cog("PracticeCog")
                player = fake.make_user("player")
                await play_to_win(fake, player)  # the worker's start and the class table
                flooder = fake.make_user("flooder")
                to_verdict: list[float] = []
                to_answer: list[float] = []
                for _ in range(rounds):
                    theirs = queue_analyses(cog.preparer, flooder.id, queued, rng)
                    await asyncio.sleep(0.2)  # the pool takes the first of them
                    dealt, answered = await play_to_win(fake, player)
                    to_verdict.append(dealt)
                    to_answer.append(answered)
                    left = sum(p.pending for p in theirs)
                    print(f"    the flooder's analyses still queued at the verdict: {left}")
                    await asyncio.gather(*(p.work for p in theirs), return_exceptions=True)
        finally:
            await database.close()
            await fake.stop()
    print(f"    another member's verdict after the answer: {figures(to_answer)}")
    print(f"    another member's verdict after /practice:  {figures(to_verdict)}")
    print(f"    load average after {os.getloadavg()[0]:.1f}")


async def play_to_win(fake: FakeDiscord, user: Any) -> tuple[float, float]:
    """/practice mode:win and the best split at once: seconds from the command, and from
    the answer, to the verdict."""
    command = await fake.send_command("practice", {"mode": "win"}, user=user)
    await fake.wait_response(command, 30)
    message = fake.messages[command.original_message_id or 0]
    custom_id = win_menu(message)
    two = [NAMES[c] for c in analyze(hand_of_code(custom_id.split(":")[2])).best.two]
    click = await fake.click(message, custom_id, values=two, user=user)
    await fake.wait_until(lambda: bool(click.edits), 120, "the verdict")
    assert command.dispatched_at is not None and click.dispatched_at is not None
    verdict_at = click.edits[0].at
    return verdict_at - command.dispatched_at, verdict_at - click.dispatched_at


def win_menu(message: Any) -> str:
    """The custom id of a play-to-win hand's answer menu."""
    return next(
        str(c["custom_id"])
        for row in message.components
        for c in row["components"]
        if str(c.get("custom_id", "")).startswith("practice:win:")
    )


async def analyses(args: argparse.Namespace) -> None:
    logging.getLogger("tests.fakediscord").setLevel(logging.ERROR)
    print(
        f"analyses: {args.queued} of one member's queued, another member plays to win; "
        f"the bot in this process, one analysis worker; load average before "
        f"{os.getloadavg()[0]:.1f} (2 cores)"
    )
    await bench_analyses(args.queued, args.rounds)


async def main_async(args: argparse.Namespace) -> None:
    if args.part in ("commands", "all"):
        await commands(args)
    if args.part in ("analyses", "all"):
        await analyses(args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("part", nargs="?", choices=("commands", "analyses", "all"), default="all")
    parser.add_argument("--burst", type=int, default=1000)
    parser.add_argument("--others", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--queued", type=int, default=500)
    parser.add_argument("--log-level", default="INFO", help="the bot's (production's default)")
    parser.add_argument("--postgres", default=os.environ.get("TEST_DATABASE_URL"))
    parser.add_argument("--no-sqlite", dest="sqlite", action="store_false")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
