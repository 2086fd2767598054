"""Practice: how fast a hand is dealt for a given rule, and how fast 200 members practising
at once get their feedback from one bot process.

1. Hands for a rule: ``hand_for`` (a path containing the rule chosen by share, then a
   uniformly random hand of that path from the class table) for every rule id.
2. Members practising: the bot runs as ``python -m bot`` (one process, its default
   single analysis worker) against the Discord stand-in in this process. Each member
   runs /practice, looks at the hand for a think time drawn uniformly from
   ``--think``, answers (the house way four times in five), and presses "Next hand",
   ``--hands`` times; members start at random within ``--ramp`` seconds. The figure
   that matters is the time from the answer's dispatch to the feedback (the initial
   response); also reported: the time to deal a hand, and how many feedbacks carried
   the exact analysis at once (the others got it by an edit moments later).

3. ``flood``: one member sends ``--burst`` /practice at once, then another member sends
   one; then one member presses "Next hand" ``--burst`` times at once on one hand, and
   another member answers theirs. Printed: what became of each burst (answered, refused
   by the cooldown, refused while the member's earlier ones were under way, "the database
   is not answering", too late for Discord) and how long the other member waited.

Run: ``python benchmarks/bench_practice.py [members|flood|all] [--members 200] [--hands 5]
[--think 2 6] [--burst 1000]`` (``members``, the default, runs 1 and 2); PostgreSQL too
with ``--postgres URL`` (or TEST_DATABASE_URL), in a schema of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402

from bot.cogs.practice.views import hand_of_code  # noqa: E402
from bot.storage import open_database  # noqa: E402
from houseway import house_way  # noqa: E402
from houseway.analysis.exact import PathSampler  # noqa: E402
from houseway.cards import NAMES  # noqa: E402
from houseway.learning.practice import eligible_rules, hand_for  # noqa: E402
from tests.bot.fixtures import bot_env, start_bot_process  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeUser  # noqa: E402
from tests.fakediscord.models import FakeInteraction  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench_hands(per_rule: int) -> None:
    started = time.perf_counter()
    sampler = PathSampler()
    print(f"hands for a rule: PathSampler ready in {time.perf_counter() - started:.2f} s")
    rng = random.Random(2026)
    worst: list[tuple[float, str]] = []
    every: list[float] = []
    for rule_id in eligible_rules("set"):
        times = []
        for _ in range(per_rule):
            began = time.perf_counter()
            hand_for(rule_id, "set", sampler.draw, rng)
            times.append(time.perf_counter() - began)
        every += times
        worst.append((percentile(times, 0.99), rule_id))
    print(
        f"  {len(every)} hands ({per_rule} for each of {len(worst)} rules): "
        f"mean {statistics.mean(every) * 1e6:.0f} µs, p99 {percentile(every, 0.99) * 1e6:.0f} µs,"
        f" max {max(every) * 1e3:.2f} ms"
    )
    slowest = max(worst)
    print(f"  slowest rule by p99: {slowest[1]} ({slowest[0] * 1e6:.0f} µs)")


def menu(message: object) -> dict[str, object]:
    return next(
        c
        for row in message.components  # type: ignore[attr-defined]
        for c in row["components"]
        if str(c.get("custom_id", "")).startswith("practice:set:")
    )


def next_button(message: object) -> str:
    return next(
        str(c["custom_id"])
        for row in message.components  # type: ignore[attr-defined]
        for c in row["components"]
        if str(c.get("custom_id", "")).startswith("practice:next:")
    )


async def member(
    fake: FakeDiscord,
    user: FakeUser,
    hands: int,
    think: tuple[float, float],
    rng: random.Random,
    feedback: list[float],
    deals: list[float],
    inline: list[bool],
    errors: list[str],
    ramp: float = 0.0,
) -> None:
    await asyncio.sleep(rng.uniform(0, ramp))
    message = None
    for number in range(hands):
        if message is None:  # the start, or after an error: /practice again
            command = await fake.send_command("practice", {"mode": "set"}, user=user)
            dealt = await fake.wait_response(command, timeout=30)
            deals.append(command.response_time or 99.0)
            if not dealt.embeds:
                errors.append(f"deal: {dealt.content}")
                continue
            message = fake.messages[command.original_message_id or 0]
        await asyncio.sleep(rng.uniform(*think))
        custom_id = str(menu(message)["custom_id"])
        hand = hand_of_code(custom_id.split(":")[2])
        decision = house_way(hand)
        two = [NAMES[c] for c in decision.two]
        if rng.random() < 0.2:  # a wrong answer now and then: two other cards
            two = [NAMES[c] for c in decision.five[:2]]
        click = await fake.click(message, custom_id, values=two, user=user)
        sent = await fake.wait_response(click, timeout=30)
        feedback.append(click.response_time or 99.0)
        if sent.callback_type != 7:  # not the feedback: an error message
            errors.append(f"answer: {sent.content}")
            message = None
            continue
        fields = {f["name"]: f["value"] for f in sent.embeds[0]["fields"]}
        inline.append("Your split:" in fields.get("Exact analysis", ""))
        if number < hands - 1:
            nxt = await fake.click(message, next_button(message), user=user)
            dealt = await fake.wait_response(nxt, timeout=30)
            deals.append(nxt.response_time or 99.0)
            if dealt.callback_type != 7:
                errors.append(f"next: {dealt.content}")
                message = None


async def bench_members(
    database_url: str, members: int, hands: int, think: tuple[float, float], ramp: float
) -> dict[str, float]:
    fake = FakeDiscord()
    await fake.start()
    env = bot_env(fake, database_url, LOG_LEVEL="WARNING")
    process = await start_bot_process(env, tempfile.gettempdir(), output=None)
    feedback: list[float] = []
    deals: list[float] = []
    inline: list[bool] = []
    errors: list[str] = []
    try:
        await fake.wait_ready(timeout=30)
        await fake.wait_until(lambda: fake.sync_count() >= 1, 30, "sync")
        warm = fake.make_user("warm-up")  # the first hand loads the class table
        await member(fake, warm, 1, (0.5, 0.5), random.Random(0), [], [], [], [])
        users = [fake.make_user(f"p{i}") for i in range(members)]
        began = time.perf_counter()
        await asyncio.gather(
            *(
                member(
                    fake,
                    user,
                    hands,
                    think,
                    random.Random(i),
                    feedback,
                    deals,
                    inline,
                    errors,
                    ramp,
                )
                for i, user in enumerate(users)
            )
        )
        elapsed = time.perf_counter() - began
    finally:
        process.terminate()
        await process.wait()
        await fake.stop()
    database = await open_database(database_url)
    try:
        row = await database.fetchrow("SELECT COUNT(*) AS n FROM practice_answers")
        recorded = int(row["n"]) if row else 0
    finally:
        await database.close()
    return {
        "answers": len(feedback),
        "recorded": recorded - 1,  # less the warm-up's
        "p50": percentile(feedback, 0.5) * 1000,
        "p99": percentile(feedback, 0.99) * 1000,
        "max": max(feedback) * 1000,
        "deal_p99": percentile(deals, 0.99) * 1000,
        "inline": 100 * sum(inline) / max(1, len(inline)),
        "rate": len(feedback) / elapsed,
        "errors": len(errors),
        "load": os.getloadavg()[0],
    }


def report(name: str, figures: dict[str, float]) -> None:
    print(
        f"  {name:<11} feedback p50 {figures['p50']:5.1f} ms, p99 {figures['p99']:5.1f} ms,"
        f" max {figures['max']:6.1f} ms; deal p99 {figures['deal_p99']:5.1f} ms;"
        f" analysis at once {figures['inline']:.0f}%; {figures['rate']:.0f} answers/s;"
        f" recorded {figures['recorded']:.0f} of {figures['answers']:.0f},"
        f" {figures['errors']:.0f} error replies (load average after: {figures['load']:.1f})"
    )


def reply_kind(interaction: FakeInteraction) -> str:
    """What the member saw, by the reply's kind and words (the stand-in speaks English)."""
    callback = interaction.callback
    if callback is None:
        return "too late (10062)" if interaction.late_callbacks else "no reply"
    content = callback.content or ""
    if callback.embeds:
        return "answered"
    if "database is not answering" in content:
        return "database not answering"
    if "<t:" in content:  # a Discord timestamp: when the member may go on
        return "refused: cooldown"
    if "already working on" in content:
        return "refused: earlier ones under way"
    return f"other: {content[:60]}"


async def settled(fake: FakeDiscord, interactions: list[FakeInteraction]) -> None:
    await fake.wait_until(
        lambda: all(i.callback is not None or i.late_callbacks for i in interactions),
        120,
        "every interaction of the flood answered",
    )


async def flood_one(
    fake: FakeDiscord,
    what: str,
    burst: int,
    send: Callable[[], Awaitable[FakeInteraction]],
    other: Callable[[], Awaitable[FakeInteraction]],
) -> None:
    """``burst`` of ``send`` at once, then one ``other``; print what became of them."""
    started = time.perf_counter()
    sent = [await send() for _ in range(burst)]
    theirs = await other()
    dispatch = time.perf_counter() - started
    await settled(fake, [*sent, theirs])
    elapsed = time.perf_counter() - started
    print(f"  {burst} {what} from one member at once (dispatched in {dispatch:.2f} s):")
    for kind, count in sorted(Counter(reply_kind(i) for i in sent).items()):
        print(f"    {count:5d} {kind}")
    latency = theirs.response_time
    shown = f"{latency * 1000:.0f} ms" if latency is not None else "never"
    print(f"    another member: {reply_kind(theirs)} after {shown}; all settled in {elapsed:.1f} s")


async def bench_flood(database_url: str, burst: int) -> None:
    fake = FakeDiscord()
    await fake.start()
    env = bot_env(fake, database_url, LOG_LEVEL="WARNING")
    log_path = Path(tempfile.gettempdir()) / "bench_practice_flood.log"
    with log_path.open("wb") as log_file:
        process = await start_bot_process(env, tempfile.gettempdir(), output=log_file)
        try:
            await fake.wait_ready(timeout=30)
            await fake.wait_until(lambda: fake.sync_count() >= 1, 30, "sync")
            warm = fake.make_user("warm-up")  # the first hand loads the class table
            await member(fake, warm, 1, (0.5, 0.5), random.Random(0), [], [], [], [])
            flooder, other = fake.make_user("flooder"), fake.make_user("other")
            await flood_one(
                fake,
                "/practice",
                burst,
                lambda: fake.send_command("practice", {"mode": "set"}, user=flooder),
                lambda: fake.send_command("practice", {"mode": "set"}, user=other),
            )
            # The presses: a hand each, answered by the presser (so it has "Next hand").
            presser, answerer = fake.make_user("presser"), fake.make_user("answerer")
            hands = []
            for user in (presser, answerer):
                command = await fake.send_command("practice", {"mode": "set"}, user=user)
                await fake.wait_response(command, timeout=30)
                hands.append(fake.messages[command.original_message_id or 0])
            custom_id = str(menu(hands[0])["custom_id"])
            two = [NAMES[c] for c in house_way(hand_of_code(custom_id.split(":")[2])).two]
            click = await fake.click(hands[0], custom_id, values=two, user=presser)
            await fake.wait_response(click, timeout=30)
            theirs = str(menu(hands[1])["custom_id"])
            their_two = [NAMES[c] for c in house_way(hand_of_code(theirs.split(":")[2])).two]
            await flood_one(
                fake,
                '"Next hand" presses',
                burst,
                lambda: fake.click(hands[0], next_button(hands[0]), user=presser),
                lambda: fake.click(hands[1], theirs, values=their_two, user=answerer),
            )
        finally:
            process.terminate()
            await process.wait()
            await fake.stop()
    lines = log_path.read_text(errors="replace").splitlines()
    tracebacks = sum(line.startswith("Traceback") for line in lines)
    print(f"    bot log: {len(lines)} lines, {tracebacks} tracebacks ({log_path})")


async def in_schema(postgres: str, run: Callable[[str], Awaitable[None]]) -> None:
    """``run`` with a URL whose tables live in a fresh schema, dropped afterwards."""
    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = await asyncpg.connect(postgres)
    await admin.execute(f"CREATE SCHEMA {schema}")
    try:
        sep = "&" if "?" in postgres else "?"
        await run(f"{postgres}{sep}search_path={schema}")
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


async def flood(args: argparse.Namespace) -> None:
    # The stand-in's own line per late reply: counted in the figures instead.
    logging.getLogger("tests.fakediscord").setLevel(logging.ERROR)
    print(f"flood: {args.burst} at once from one member, one `python -m bot` process")
    with tempfile.TemporaryDirectory() as tmp:
        if args.sqlite:
            print(" SQLite:")
            await bench_flood(f"sqlite:///{tmp}/f.db", args.burst)
    if args.postgres:
        print(" PostgreSQL:")
        await in_schema(args.postgres, lambda url: bench_flood(url, args.burst))


async def main_async(args: argparse.Namespace) -> None:
    if args.part in ("flood", "all"):
        await flood(args)
    if args.part == "flood":
        return
    bench_hands(args.per_rule)
    think = (args.think[0], args.think[1])
    print(
        f"members practising: {args.members} at once (starting within {args.ramp:g} s),"
        f" {args.hands} hands each, think time {think[0]:g}-{think[1]:g} s,"
        " one `python -m bot` process"
    )
    with tempfile.TemporaryDirectory() as tmp:
        if args.sqlite:
            report(
                "SQLite:",
                await bench_members(
                    f"sqlite:///{tmp}/p.db", args.members, args.hands, think, args.ramp
                ),
            )
    if args.postgres:

        async def members(url: str) -> None:
            figures = await bench_members(url, args.members, args.hands, think, args.ramp)
            report("PostgreSQL:", figures)

        await in_schema(args.postgres, members)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("part", nargs="?", choices=("members", "flood", "all"), default="members")
    parser.add_argument("--burst", type=int, default=1000, help="flood: interactions at once")
    parser.add_argument("--members", type=int, default=200)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 6.0), metavar=("MIN", "MAX"))
    parser.add_argument(
        "--ramp", type=float, default=10.0, help="members start at random within this many seconds"
    )
    parser.add_argument("--per-rule", type=int, default=500)
    parser.add_argument("--postgres", default=os.environ.get("TEST_DATABASE_URL"))
    parser.add_argument("--no-sqlite", dest="sqlite", action="store_false")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
