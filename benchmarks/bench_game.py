"""The game through the Discord stand-in: a table's reveal, many tables at once, a hand alone.

``round``: one table with six members; each round all six set their hands (some their own
split, the others *Huset väljer*) and the time from the last set's acknowledgement reaching
the stand-in to the reveal's POST reaching it is measured; with ``--bonus N`` every seat
also places a bonus bet of N (the Bet dialog), so each round settles twelve wagers and Envy.
``tables``: N tables in the channels of ``--servers`` servers, each with 1-6 members
playing rounds as fast as the flow allows for a fixed time: rounds a second, the same
reveal latency, the bots' event loops' worst stall, and the CPU of the bots, the stand-in
and PostgreSQL. By default as deployed: a bot process a core, shard i of them each, the
servers spread evenly over the shards, on one PostgreSQL (``--postgres URL``, needed for
more than one process); ``--processes 1`` without it is one process on SQLite. The
stand-in's own event loop is probed too (the latencies are read on its clock), and its
process runs no full garbage collection while the tables play: each walked its record of
every request (up to 0.7 s on about 800,000 objects), a pause of the clock the latencies
are read on that Discord's side does not have (``--stand-in-collects`` puts it back, as
the script ran before 2026-12-07's third session). With ``--light-stand-in`` it checks no
request body against Discord's OpenAPI description either: Discord's side of the work made
lighter, not the bot's.
``play``: /play alone, from the member's pick to the result's edit (the exact analysis in
the bot's worker process, as deployed).

Each bot process runs ``bot.__main__.main()`` (what ``python -m bot`` runs) on its own
database (SQLite, or a schema of its own on PostgreSQL with ``--postgres URL``), against
the stand-in in this process. A table's pacing
(``TableTiming``) is not read from the environment, so this script starts that process
itself (``bench_game.py serve-bot``) and passes a timing in whose timers never fire during
a run (rounds deal on *Deal now* clicks), and runs a probe task in the bot's event loop that
writes how late each 10 ms sleep woke (``--probe``); nothing else differs from ``python -m
bot``. Run:

    python benchmarks/bench_game.py round [--rounds 30] [--bonus 5]
    python benchmarks/bench_game.py tables [--tables 100] [--seconds 60] --postgres URL
    python benchmarks/bench_game.py tables --processes 1 [--tables 100]   # SQLite
    python benchmarks/bench_game.py play [--hands 200] [--members 4] [--think 1.0]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import functools
import gc
import math
import os
import random
import re
import resource
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.cogs.table.announce import REVEAL_IMAGE  # noqa: E402
from bot.service.timing import TableTiming  # noqa: E402
from houseway.cards import NAMES, Card, card_from_name  # noqa: E402
from houseway.game import house_split  # noqa: E402
from houseway.hands import five_value, is_legal, two_value  # noqa: E402
from tests.bot.fixtures import bot_env  # noqa: E402
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeUser, Sent  # noqa: E402
from tests.fakediscord.models import (  # noqa: E402
    CallbackType,
    FakeChannel,
    FakeGuild,
    FakeMember,
    percentile,
)

#: Timers that never fire during a run: every round is dealt by a *Deal now* click; the
#: countdown is the server's default (60 s), which only a hand the bot lost track of meets.
BENCH_TIMING = TableTiming(countdown=60, gather=3600, pause=3600, idle_close=7200)
#: The probe: a sleep this long, over and over; how late it wakes is the loop's stall.
PROBE_SLEEP = 0.010
BET = 5
#: What a refusal says when the database did not answer in time.
BUSY = "database is not answering"
WAIT = 90.0  # seconds any one step may take before the run fails (above the countdown)


# --- the bot's process --------------------------------------------------------------------


def serve_bot(probe: Path | None) -> int:
    """``python -m bot`` with BENCH_TIMING as the table timing, and the loop probe."""
    import bot.__main__ as entry
    from bot.service.settings import Settings

    from_env = Settings.from_env.__func__  # type: ignore[attr-defined]

    def with_timing(cls: type[Settings], *args: Any, **kwargs: Any) -> Settings:
        return replace(from_env(cls, *args, **kwargs), table_timing=BENCH_TIMING)

    Settings.from_env = classmethod(with_timing)  # type: ignore[method-assign,assignment]
    if probe is not None:
        real_run = entry.run
        watch_full_collections(probe.with_suffix(".gc"))

        async def run(*args: Any, **kwargs: Any) -> int:
            task = asyncio.create_task(loop_probe(probe))
            try:
                return await real_run(*args, **kwargs)
            finally:
                task.cancel()

        entry.run = run  # type: ignore[assignment]
    return entry.main([])


async def loop_probe(path: Path) -> None:
    """Sleep PROBE_SLEEP over and over and write, a line a wake-up, the wall time and how
    many seconds late it woke (flushed about once a second)."""
    loop = asyncio.get_running_loop()
    with path.open("w") as out:
        flushed = loop.time()
        while True:
            before = loop.time()
            await asyncio.sleep(PROBE_SLEEP)
            now = loop.time()
            out.write(f"{time.time():.4f} {now - before - PROBE_SLEEP:.5f}\n")
            if now - flushed > 1.0:
                out.flush()
                flushed = now


def watch_full_collections(path: Path) -> None:
    """Write, a line a full (generation 2) garbage collection, its wall time and how many
    seconds it took: the loop stands still meanwhile."""
    out = path.open("w", buffering=1)
    began = [0.0]

    def noted(phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            out.write(f"{time.time():.4f} {time.perf_counter() - began[0]:.5f}\n")

    gc.callbacks.append(noted)


def stalls(path: Path, start: float, end: float) -> list[float]:
    """The probe's lateness figures (seconds) between two wall times."""
    found = []
    for line in path.read_text().splitlines():
        at, late = line.split()
        if start <= float(at) <= end:
            found.append(float(late))
    return found


#: The bot's database: None for a fresh SQLite file, else a PostgreSQL URL (a schema of
#: its own, made by ``main``).
DATABASE: list[str | None] = [None]


async def start_bot(fake: FakeDiscord, tmp: str, probe: Path) -> asyncio.subprocess.Process:
    return (await start_bots(fake, tmp, [probe]))[0]


async def start_bots(
    fake: FakeDiscord, tmp: str, probes: list[Path]
) -> list[asyncio.subprocess.Process]:
    """A bot process a probe; more than one: shard ``i`` of ``len(probes)`` each, on the
    one database (PostgreSQL), as a deploy runs them (only shard 0 syncs the commands)."""
    url = DATABASE[0] or f"sqlite:///{tmp}/game.db"
    count, processes = len(probes), []
    for shard, probe in enumerate(probes):
        sharding = (
            {"SHARD_COUNT": str(count), "SHARD_IDS": str(shard),
             "SYNC_COMMANDS": str(shard == 0).lower()} if count > 1 else {}
        )  # fmt: skip
        pool = os.environ.get("DATABASE_POOL_SIZE")  # passed on: the bots' pool, to try sizes
        sharding |= {"DATABASE_POOL_SIZE": pool} if pool else {}
        env = bot_env(fake, url, LOG_LEVEL="WARNING", DATA_DIR=f"{tmp}/data{shard}", **sharding)
        processes.append(
            await asyncio.create_subprocess_exec(
                sys.executable, __file__, "serve-bot", "--probe", str(probe), cwd=tmp, env=env
            )
        )
    await fake.wait_ready(timeout=60, count=count)
    await fake.wait_until(lambda: fake.sync_count() >= 1, 60, "sync")
    for process in processes:
        await quiet(process.pid)
    return processes


async def quiet(pid: int, limit: float = 60.0) -> None:
    """Wait until the bot's process has drawn its card faces and gone idle (under 5% of a
    core for half a second): its start-up is not what is measured."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        before = cpu_seconds(pid)
        await asyncio.sleep(0.5)
        if cpu_seconds(pid) - before < 0.025:
            return


async def stop_bot(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.terminate()
        await process.wait()


def cpu_seconds(pid: int | None = None) -> float:
    """CPU time (user + system) of this process, or of ``pid`` and its children, living
    or reaped (its worker processes, Linux)."""
    if pid is None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    return _tree_ticks(pid) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds(pid: int) -> float:
    """CPU time of ``pid`` alone, its threads included, its children not: a bot's event
    loop and its picture threads without its analysis workers."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(f) for f in fields[11:13]) / os.sysconf("SC_CLK_TCK")


def _tree_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:  # ended meanwhile: its time is in its parent's reaped children's
        return 0
    own = sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return own + sum(_tree_ticks(int(child)) for child in children)


def postgres_seconds() -> float | None:
    """CPU time of this machine's PostgreSQL (its postmaster, living and reaped backends),
    or None when it runs elsewhere or is not visible."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            name = stat.read_text().split("(", 1)[1].rsplit(")", 1)[0]
        except OSError:
            continue
        if name == "postgres" and Path(f"/proc/{fields[1]}/comm").read_text().strip() != "postgres":
            return cpu_seconds(int(stat.parent.name))  # the postmaster: its parent is not
    return None


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


# --- the stand-in, watched ----------------------------------------------------------------


def components(tree: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for item in tree:
        yield item
        yield from components(item.get("components") or [])
        if isinstance(item.get("accessory"), dict):
            yield item["accessory"]


@dataclass
class TableSeen:
    """A channel's table as the stand-in last saw it, and its reveals."""

    message_id: int = 0
    table_id: str = ""
    deal_enabled: bool = False
    hand_enabled: bool = False
    reveals: list[Sent] = field(default_factory=list)

    def saw(self, sent: Sent) -> None:
        if sent.kind == "channel_message" and any(f.filename == REVEAL_IMAGE for f in sent.files):
            self.reveals.append(sent)
            return
        if sent.kind not in ("channel_message", "channel_edit"):
            return
        ids = {c["custom_id"]: c for c in components(sent.components) if "custom_id" in c}
        if not self.message_id and sent.kind == "channel_message":
            leave = [i for i in ids if i.startswith("table:leave:")]
            if not leave:
                return
            self.message_id, self.table_id = sent.message_id or 0, leave[0].rsplit(":", 1)[1]
        if sent.message_id != self.message_id:
            return
        deal, hand = ids.get(f"table:deal:{self.table_id}"), ids.get(f"table:hand:{self.table_id}")
        self.deal_enabled = deal is not None and not deal.get("disabled")
        self.hand_enabled = hand is not None and not hand.get("disabled")


class WatchedDiscord(FakeDiscord):
    """The stand-in, waking this script's waiters by interaction and by channel as it
    records what the bot sent (no predicate re-run over everything on every request)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seen: dict[int, TableSeen] = {}
        #: Answers that came after Discord's 3 s (the member saw "interaction failed").
        self.late = 0
        #: Presses refused because the database did not answer in time (pressed again).
        self.busy = 0
        #: Presses acknowledged first (a deferred update: their write outlasted the deadline)
        #: and answered when it landed.
        self.deferred = 0
        #: Sets pressed again after such a refusal and told "already over": the first
        #: press's write had landed after all (the round then waits for its countdown).
        self.lost = 0
        self._wakers: dict[tuple[str, int], list[asyncio.Future[None]]] = {}

    def _record(self, sent: Sent, interaction: FakeInteraction | None = None) -> Sent:
        super()._record(sent, interaction)
        if sent.channel_id is not None:
            table = self.seen.get(sent.channel_id)
            if table is not None:
                table.saw(sent)
            self._wake(("c", sent.channel_id))
        if interaction is not None:
            self._wake(("i", interaction.id))
        return sent

    def _wake(self, key: tuple[str, int]) -> None:
        for future in self._wakers.pop(key, []):
            if not future.done():
                future.set_result(None)

    async def until(self, key: tuple[str, int], holds: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + WAIT
        while not holds():
            future = asyncio.get_running_loop().create_future()
            self._wakers.setdefault(key, []).append(future)
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"waited {WAIT} s for {what}\n{self.describe()}")
            # At least once a second: a callback refused as too late is not recorded.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(future, min(left, 1.0))

    async def callback(self, interaction: FakeInteraction) -> Sent | None:
        """The bot's answer; None if it came after Discord's 3 s (refused as too late)."""
        await self.until(
            ("i", interaction.id),
            lambda: interaction.callback is not None or interaction.late_callbacks > 0,
            "a response",
        )
        if interaction.callback is None:
            self.late += 1
        return interaction.callback

    async def answer(self, interaction: FakeInteraction) -> Sent:
        sent = await self.callback(interaction)
        if sent is None:
            raise RuntimeError(f"{interaction.custom_id or interaction.name}: answered too late")
        return sent

    async def pressed(self, press: Callable[[], Awaitable[FakeInteraction]]) -> Sent:
        """``press()``'s answer; pressed again (up to 10 times, after half a second) while
        the answer is "too late" or "the database is not answering", as a member would."""
        for _ in range(10):
            interaction = await press()
            sent = await self.callback(interaction)
            if sent is not None and sent.callback_type == CallbackType.DEFERRED_UPDATE_MESSAGE:
                self.deferred += 1
                sent = await self.ended(interaction)
            if sent is not None and BUSY not in (sent.content or ""):
                return sent
            if sent is not None:
                self.busy += 1
            await asyncio.sleep(0.5)
        raise RuntimeError("pressed ten times, never answered")

    async def ended(self, interaction: FakeInteraction) -> Sent:
        """What a deferred press came to: the edit of its message, or a note (a refusal)."""
        await self.until(
            ("i", interaction.id),
            lambda: bool(interaction.edits or interaction.followups),
            "the answer after a deferral",
        )
        return (interaction.edits or interaction.followups)[0]

    async def edit(self, interaction: FakeInteraction) -> Sent:
        await self.until(("i", interaction.id), lambda: bool(interaction.edits), "an edit")
        return interaction.edits[0]


# --- a table ------------------------------------------------------------------------------


def own_two(cards: tuple[Card, ...], rng: random.Random) -> tuple[Card, ...]:
    """A legal split of the member's own (not a foul: the server's rule would ask again)."""
    pairs = [
        (a, b)
        for i, a in enumerate(cards)
        for b in cards[i + 1 :]
        if is_legal(five_value([c for c in cards if c not in (a, b)]), two_value((a, b)))
    ]
    return rng.choice(pairs) if pairs else house_split(cards).two


@dataclass
class Played:
    """One round's figures: the reveal's time after the last set was acknowledged, and
    when it came (``time.monotonic()``: the runs of many tables show the tail by thirds)."""

    latency: float
    seats: int
    own: int
    at: float = 0.0


class TablePlay:
    """One table in one channel, its members, and the rounds they play."""

    def __init__(
        self,
        fake: WatchedDiscord,
        channel_id: int,
        members: list[FakeUser],
        bonus: int = 0,
        guild_id: int | None = None,
    ) -> None:
        self.fake, self.channel_id, self.members = fake, channel_id, members
        self.bonus, self.guild_id = bonus, guild_id
        self.seen = fake.seen.setdefault(channel_id, TableSeen())
        self.rounds: list[Played] = []

    async def until(self, holds: Callable[[], bool], what: str) -> None:
        await self.fake.until(("c", self.channel_id), holds, what)

    async def open(self) -> None:
        fake, seen = self.fake, self.seen
        opening = functools.partial(
            fake.send_command,
            "table open",
            {"bet": BET},
            user=fake.owner,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
        )
        await fake.pressed(opening)
        await self.until(lambda: bool(seen.message_id), "the table message")
        for number, member in enumerate(self.members, 1):
            sit = functools.partial(
                fake.click,
                seen.message_id,
                f"table:sit:{seen.table_id}:{number}",
                user=member,
                component_type=2,
            )
            sent = await fake.pressed(sit)
            assert f"{number}" in (sent.content or ""), sent.content
            if self.bonus:
                await self.place_bonus(member, number)

    async def place_bonus(self, member: FakeUser, number: int) -> None:
        """The seat's Bet dialog: the table's bet and the bonus."""
        fake, seen = self.fake, self.seen
        dialog = await fake.click(
            seen.message_id,
            f"table:bet:{seen.table_id}:{number}",
            user=member,
            component_type=2,
        )
        await fake.answer(dialog)
        values = {"bet": str(BET), "bonus": str(self.bonus)}
        submitted = await fake.submit_modal(dialog, values)
        said = (await fake.answer(submitted)).content or ""
        assert "bonus" in said, said

    async def play_round(
        self, rng: random.Random, last_alone: bool, pause: Callable[[], Awaitable[None]]
    ) -> Played:
        """Deal now, every member opens and sets a hand, the reveal. ``last_alone``: the
        last member sets only once the others' sets are acknowledged."""
        fake, seen = self.fake, self.seen
        await self.until(lambda: seen.deal_enabled, "Deal now")
        reveals = len(seen.reveals)
        deal = functools.partial(
            fake.click,
            seen.message_id,
            f"table:deal:{seen.table_id}",
            user=self.members[0],
            component_type=2,
        )
        await fake.pressed(deal)
        await self.until(lambda: seen.hand_enabled, "the round dealt")
        hands = await asyncio.gather(*(self.open_hand(member) for member in self.members))
        dealt = [hand for hand in hands if hand is not None]
        assert dealt, "nobody was dealt in"
        own = [rng.random() < 0.5 for _ in dealt]

        async def set_one(number: int) -> Sent:
            await pause()
            member, shown, cards, menu, house = dealt[number]
            if own[number]:
                two = own_two(cards, rng)
                press = functools.partial(
                    fake.click,
                    shown,
                    menu,
                    values=[NAMES[c] for c in two],
                    user=member,
                    locale="en-US",
                )
            else:
                press = functools.partial(fake.click, shown, house, user=member, locale="en-US")
            sent = await fake.pressed(press)
            said = sent.content or ""
            if "already over" in said:  # stored, but after the member was told it was not
                fake.lost += 1
            else:  # set now, or by a first press whose answer came too late
                assert "Set" in said or "set your hand" in said or "already set" in said, said
            return sent

        first = range(len(dealt) - 1) if last_alone else range(len(dealt))
        acks = list(await asyncio.gather(*(set_one(n) for n in first)))
        if last_alone:
            acks.append(await set_one(len(dealt) - 1))
        await self.until(lambda: len(seen.reveals) > reveals, "the reveal")
        latency = seen.reveals[reveals].at - max(ack.at for ack in acks)
        played = Played(latency, len(dealt), sum(own), seen.reveals[reveals].at)
        self.rounds.append(played)
        return played

    async def open_hand(
        self, member: FakeUser
    ) -> tuple[FakeUser, FakeInteraction, tuple[Card, ...], str, str] | None:
        click = None

        async def press() -> FakeInteraction:
            nonlocal click
            click = await self.fake.click(
                self.seen.message_id,
                f"table:hand:{self.seen.table_id}",
                user=member,
                locale="en-US",
            )
            return click

        sent = await self.fake.pressed(press)
        assert click is not None
        ids = {str(c.get("custom_id")): c for c in components(sent.components)}
        menus = [c for i, c in ids.items() if i.startswith("game:pick:table:")]
        if not menus:  # sat out (the stack below the bet): told so instead
            return None
        house = next(i for i in ids if i.startswith("game:house:table:"))
        cards = tuple(card_from_name(option["value"]) for option in menus[0]["options"])
        return member, click, cards, menus[0]["custom_id"], house


def ms(values: list[float], pct: float) -> str:
    return f"{percentile(values, pct) * 1000:.1f} ms"


def worst(values: list[float]) -> float:
    return max(values, default=math.nan) * 1000


async def no_pause() -> None:
    return None


def where(processes: int = 1) -> str:
    bots = (
        "one process running bot.__main__.main() as `python -m bot` does"
        if processes == 1
        else f"{processes} processes running bot.__main__.main() as `python -m bot` does, "
        f"shard i of {processes} each (SHARD_COUNT, SHARD_IDS)"
    )
    return (
        f"bot = {bots}, on {'PostgreSQL' if DATABASE[0] else 'SQLite'}; its TableTiming "
        "(not read from the environment) passed in by this script: rounds deal on Deal now, "
        "no timer fires"
    )


async def bench_round(rounds: int, seed: int, bonus: int) -> None:
    rng = random.Random(seed)
    fake = WatchedDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.txt"
        process = await start_bot(fake, tmp, probe)
        try:
            members = [fake.make_user(f"seat{n}") for n in range(1, 7)]
            table = TablePlay(fake, fake.default_channel_id, members, bonus)
            await table.open()
            for _ in range(3):  # warm-up: faces, code paths, the worker process
                await table.play_round(rng, True, no_pause)
            table.rounds.clear()
            began, cpu = time.time(), (cpu_seconds(process.pid), cpu_seconds())
            load_before = load()
            for _ in range(rounds):
                await table.play_round(rng, True, no_pause)
            ended = time.time()
            cpu_bot, cpu_here = cpu_seconds(process.pid) - cpu[0], cpu_seconds() - cpu[1]
            await asyncio.sleep(1.5)  # the probe's last lines
            late = stalls(probe, began, ended)
        finally:
            await stop_bot(process)
            await fake.stop()
    times = [r.latency for r in table.rounds]
    own = sum(r.own for r in table.rounds)
    print(
        f"a table with six seats: {rounds} rounds "
        f"({own} own splits, {6 * rounds - own} Huset väljer)"
        + (f", every seat with a bonus bet of {bonus}" if bonus else "")
    )
    print(f"  {where()}")
    print(f"  load average before: {load_before}, after: {load()} (2 cores)")
    print(
        f"  last set acknowledged -> reveal posted: p50 {ms(times, 50)}, p99 {ms(times, 99)}, "
        f"max {worst(times):.1f} ms"
    )
    print(
        f"  event loop: worst 10 ms sleep late by {worst(late):.1f} ms "
        f"(p99 {ms(late, 99)}); CPU: bot {cpu_bot:.1f} s, stand-in {cpu_here:.1f} s "
        f"in {ended - began:.1f} s"
    )
    print(f"  pressed again: {fake.late} late answers, {fake.busy} database refusals")


def add_servers(fake: FakeDiscord, count: int, shards: int) -> list[FakeGuild]:
    """``count`` servers with the bot (the stand-in's first and ``count - 1`` more), spread
    evenly over ``shards`` (a server's shard is its id >> 22, modulo the shard count)."""
    servers, home = [fake.default_guild], fake.default_guild
    on_shard = [0] * shards
    on_shard[(home.id >> 22) % shards] += 1
    age = 1.0
    while len(servers) < count:
        age += 0.001  # the next millisecond: the next shard
        guild_id = fake.snowflake(age=age)
        shard = (guild_id >> 22) % shards
        if on_shard[shard] * shards >= count:
            continue
        on_shard[shard] += 1
        guild = FakeGuild(
            id=guild_id,
            name=f"server {len(servers) + 1}",
            channels=[FakeChannel(id=fake.snowflake(), name="tables")],
            owner_id=fake.owner.id,
            members=[FakeMember(user=fake.owner)],
        )
        fake.guilds[guild_id] = guild
        servers.append(guild)
    return servers


async def bench_tables(
    count: int,
    seconds: float,
    think_time: float,
    seed: int,
    processes: int,
    servers: int,
    light: bool = False,
    collects: bool = False,
) -> None:
    rng = random.Random(seed)
    fake = WatchedDiscord()
    fake.check_bodies = not light
    guilds = add_servers(fake, max(1, min(servers, count)), processes)
    places: list[tuple[FakeGuild, int]] = []
    for number, guild in enumerate(guilds):
        share = count // len(guilds) + (number < count % len(guilds))
        channels = guild.text_channels[:share]
        channels += fake.add_text_channels(share - len(channels), guild)
        places += [(guild, channel.id) for channel in channels]
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        probes = [Path(tmp) / f"probe{n}.txt" for n in range(processes)]
        bots = await start_bots(fake, tmp, probes)
        try:
            tables = []
            for t, (guild, channel) in enumerate(places):
                seated = [fake.make_user(f"t{t}s{s}") for s in range(rng.randint(1, 6))]
                guild.members += [FakeMember(user=member) for member in seated]
                tables.append(TablePlay(fake, channel, seated, guild_id=guild.id))
            started = time.perf_counter()
            opening = asyncio.Semaphore(10)  # set-up, not measured: ten tables at a time

            async def open_one(table: TablePlay) -> None:
                async with opening:
                    await table.open()

            await asyncio.gather(*(open_one(table) for table in tables))
            fake.busy = fake.late = fake.lost = 0
            opened = time.perf_counter() - started
            members = sum(len(t.members) for t in tables)

            async def think() -> None:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think_time)

            stop_at = 0.0

            given_up: list[str] = []

            async def keep_playing(table: TablePlay) -> None:
                table_rng = random.Random(rng.random())
                try:
                    await table.play_round(table_rng, False, think)  # warm-up
                    table.rounds.clear()
                    while time.monotonic() < stop_at:
                        await table.play_round(table_rng, False, think)
                except (RuntimeError, TimeoutError) as error:  # the table stops; the rest go on
                    given_up.append(str(error).splitlines()[0])

            load_before = load()
            pids = [bot.pid for bot in bots]
            began, cpu = time.time(), ([cpu_seconds(pid) for pid in pids], cpu_seconds())
            own = [own_cpu_seconds(pid) for pid in pids]
            database_cpu = postgres_seconds() if DATABASE[0] else None
            stop_at = time.monotonic() + seconds + 5  # about 5 s of warm-up rounds
            measured_from = began + 5
            here = Path(tmp) / "probe-stand-in.txt"  # the stand-in's loop stalls too
            if not collects:  # its heap so far kept out of the collector, no full collection
                gc.collect()
                gc.freeze()
                gc.set_threshold(700, 10, 1_000_000)
            probing = asyncio.create_task(loop_probe(here))
            await asyncio.gather(*(keep_playing(table) for table in tables))
            probing.cancel()
            ended = time.time()
            cpu_bots = [cpu_seconds(pid) - was for pid, was in zip(pids, cpu[0], strict=True)]
            own = [own_cpu_seconds(pid) - was for pid, was in zip(pids, own, strict=True)]
            cpu_here = cpu_seconds() - cpu[1]
            if database_cpu is not None:
                database_cpu = (postgres_seconds() or database_cpu) - database_cpu
            load_after = load()
            await asyncio.sleep(1.5)
            late = [x for probe in probes for x in stalls(probe, measured_from, ended)]
            full = [
                x
                for probe in probes
                for x in stalls(probe.with_suffix(".gc"), measured_from, ended)
            ]
            late_here = stalls(here, measured_from, ended)
        finally:
            for bot in bots:
                await stop_bot(bot)
            await fake.stop()
    played = [r for t in tables for r in t.rounds]
    times = [r.latency for r in played]
    hands = sum(r.seats for r in played)
    span = ended - began
    print(
        f"{count} tables at once in {len(guilds)} servers, {members} members "
        f"(1-6 a table), for about {seconds:.0f} s"
    )
    print(f"  {where(processes)}")
    print(
        "  the stand-in: "
        + ("no request body checked" if light else "every request body checked")
        + " against the OpenAPI description, "
        + ("full garbage collections" if collects else "no full garbage collection")
        + " in its process"
    )
    print(f"  load average before: {load_before}, after: {load_after} ({os.cpu_count()} cores)")
    print(f"  tables opened and seated in {opened:.1f} s")
    print(
        f"  {len(played)} rounds, {hands} hands in {span:.1f} s: "
        f"{len(played) / span:.1f} rounds/s, "
        f"{hands / span:.1f} hands/s (each member thinks {think_time:g} s, 0.5-1.5x, "
        "before setting)"
    )
    print(
        f"  last set acknowledged -> reveal posted: p50 {ms(times, 50)}, p99 {ms(times, 99)}, "
        f"max {worst(times):.1f} ms"
    )
    if played:
        first, last = min(r.at for r in played), max(r.at for r in played)
        third = (last - first) / 3 or 1.0
        parts = [
            [
                r.latency
                for r in played
                if int((r.at - first) // third) == n or (n == 2 and r.at == last)
            ]
            for n in range(3)
        ]
        print(
            "  the same by thirds of the run, p50 / p99: "
            + ", ".join(f"{ms(part, 50)} / {ms(part, 99)} ({len(part)})" for part in parts)
        )
    print(
        f"  bots' event loops: worst 10 ms sleep late by {worst(late):.1f} ms, "
        f"p99 {ms(late, 99)}, p50 {ms(late, 50)} ({len(late)} sleeps)"
    )
    print(
        f"  bots' full garbage collections: {len(full)}, {sum(full):.1f} s in all, "
        f"longest {worst(full):.1f} ms"
    )
    print(
        f"  the stand-in's event loop (where the times above are taken): worst 10 ms sleep "
        f"late by {worst(late_here):.1f} ms, p99 {ms(late_here, 99)}"
    )
    per_round = sum(cpu_bots) / max(1, len(played)) * 1000
    own_round = sum(own) / max(1, len(played)) * 1000
    print(
        f"  CPU: bot {' + '.join(f'{c:.1f}' for c in cpu_bots)} s ({per_round:.0f} ms a round; "
        f"the processes alone, without their analysis workers, "
        f"{' + '.join(f'{c:.1f}' for c in own)} s, {own_round:.0f} ms a round), "
        f"stand-in and this script {cpu_here:.1f} s"
        + ("" if database_cpu is None else f", PostgreSQL {database_cpu:.1f} s")
        + f", in {span:.1f} s on {os.cpu_count()} cores"
    )
    print(
        f"  pressed again: {fake.late} answers after Discord's 3 s, "
        f"{fake.busy} refused as the database did not answer in time; {fake.lost} sets "
        f"then told 'already over'; {sum(t > 10 for t in times)} reveals more than 10 s late"
    )
    print(f"  presses acknowledged first, answered when their write landed: {fake.deferred}")
    print(f"  tables that stopped (a press never answered): {len(given_up)} {given_up[:2]}")
    kinds = collections.Counter(kind(entry.method, entry.path) for entry in fake.requests)
    print(
        "  requests a round: "
        + ", ".join(f"{n / max(1, len(played)):.1f} {k}" for k, n in kinds.most_common(5))
    )


def kind(method: str, path: str) -> str:
    """A request's kind: its method and path with ids and tokens left out."""
    return f"{method} " + re.sub(r"/[A-Za-z0-9_-]{17,}", "/…", path)


async def bench_play(hands: int, members: int, think: float, seed: int) -> None:
    rng = random.Random(seed)
    fake = WatchedDiscord()
    await fake.start()
    times: list[float] = []
    refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.txt"
        process = await start_bot(fake, tmp, probe)
        try:
            queue = iter(range(hands + 3 * members))
            warm = {"left": 3 * members}

            async def member(number: int) -> None:
                nonlocal refused
                user = fake.make_user(f"alone{number}")
                dealt = await fake.send_command("play", {"bet": BET}, user=user)
                await fake.until(
                    ("i", dealt.id), lambda: bool(dealt.edits or dealt.followups), "the hand"
                )
                message = fake.messages[dealt.original_message_id or 0]
                for _ in queue:
                    ids = {
                        c["custom_id"]: c
                        for c in components(message.components)
                        if "custom_id" in c
                    }
                    pick = next(
                        (c for i, c in ids.items() if i.startswith("game:pick:play:")), None
                    )
                    if pick is None:
                        raise RuntimeError(f"no hand to pick from: {message.content!r}")
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    cards = tuple(card_from_name(o["value"]) for o in pick["options"])
                    two = own_two(cards, rng)
                    click = await fake.click(
                        message, pick["custom_id"], values=[NAMES[c] for c in two], user=user
                    )
                    result = await fake.edit(click)
                    assert click.dispatched_at is not None
                    if warm["left"] > 0:
                        warm["left"] -= 1
                    else:
                        times.append(result.at - click.dispatched_at)
                    message = fake.messages[message.id]
                    again = next(
                        c["custom_id"]
                        for c in components(message.components)
                        if str(c.get("custom_id", "")).startswith("play:again:")
                    )
                    await asyncio.sleep(think * 0.2)
                    click = await fake.click(message, again, user=user)
                    await fake.until(
                        ("i", click.id),
                        lambda click=click: bool(click.edits or click.followups),  # type: ignore[misc]
                        "the next hand",
                    )
                    if not click.edits:
                        refused += 1
                        raise RuntimeError(f"Deal again refused: {click.followups[0].content!r}")
                    message = fake.messages[message.id]

            load_before = load()
            began, cpu = time.time(), (cpu_seconds(process.pid), cpu_seconds())
            await asyncio.gather(*(member(n) for n in range(members)))
            ended = time.time()
            cpu_bot, cpu_here = cpu_seconds(process.pid) - cpu[0], cpu_seconds() - cpu[1]
            await asyncio.sleep(1.5)
            late = stalls(probe, began, ended)
        finally:
            await stop_bot(process)
            await fake.stop()
    print(
        f"/play alone: {len(times)} hands (after {3 * members} warm-up), {members} members at "
        f"once, each thinking {think:g} s (0.5-1.5x) before the pick; own splits"
    )
    print(
        "  bot = one process running bot.__main__.main() as `python -m bot` does, on "
        f"{'PostgreSQL' if DATABASE[0] else 'SQLite'}; "
        "the exact analysis in its worker process (the default, PracticeTiming.analysis_workers=1)"
    )
    print(f"  load average before: {load_before}, after: {load()} (2 cores)")
    print(
        f"  pick -> result edited in: p50 {ms(times, 50)}, p99 {ms(times, 99)}, "
        f"max {worst(times):.1f} ms"
    )
    print(
        f"  bot's event loop: worst 10 ms sleep late by {worst(late):.1f} ms; "
        f"CPU: bot {cpu_bot:.1f} s, stand-in {cpu_here:.1f} s in {ended - began:.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="what", required=True)
    one = commands.add_parser("round", help="one table, six seats: last set to reveal")
    one.add_argument("--rounds", type=int, default=30)
    one.add_argument("--bonus", type=int, default=0, help="every seat's bonus bet (0: none)")
    many = commands.add_parser("tables", help="many tables at once, a bot process a core")
    many.add_argument("--tables", type=int, default=100)
    many.add_argument(
        "--processes",
        type=int,
        default=os.cpu_count() or 1,
        help="bot processes, a shard each (default: one a core; more than one: --postgres)",
    )
    many.add_argument("--servers", type=int, default=20, help="servers the tables are in")
    many.add_argument("--seconds", type=float, default=60.0)
    many.add_argument("--think", type=float, default=0.1, help="seconds before a set (0.5-1.5x)")
    many.add_argument(
        "--light-stand-in", action="store_true", help="the stand-in checks no request body"
    )
    many.add_argument(
        "--stand-in-collects",
        action="store_true",
        help="the stand-in's process runs full garbage collections (as before 2026-12-07)",
    )
    alone = commands.add_parser("play", help="/play alone: pick to result")
    alone.add_argument("--hands", type=int, default=200)
    alone.add_argument("--members", type=int, default=4)
    alone.add_argument("--think", type=float, default=1.0)
    serve = commands.add_parser("serve-bot", help="(internal) the bot's process")
    serve.add_argument("--probe", type=Path)
    for sub in (one, many, alone):
        sub.add_argument("--seed", type=int, default=2026)
        sub.add_argument("--postgres", help="a PostgreSQL server's URL (default: SQLite)")
    args = parser.parse_args()
    if args.what == "tables" and args.processes > 1 and not args.postgres:
        parser.error(
            f"{args.processes} bot processes share one PostgreSQL: give --postgres URL, "
            "or --processes 1 for one process on SQLite"
        )
    if args.what == "serve-bot":
        sys.exit(serve_bot(args.probe))
    asyncio.run(run_one(args))


async def run_one(args: argparse.Namespace) -> None:
    schema = f"bench_{uuid.uuid4().hex[:10]}"
    if args.postgres:
        import asyncpg

        admin = await asyncpg.connect(args.postgres)
        await admin.execute(f"CREATE SCHEMA {schema}")
        sep = "&" if "?" in args.postgres else "?"
        DATABASE[0] = f"{args.postgres}{sep}search_path={schema}"
    try:
        if args.what == "round":
            await bench_round(args.rounds, args.seed, args.bonus)
        elif args.what == "tables":
            await bench_tables(
                args.tables,
                args.seconds,
                args.think,
                args.seed,
                args.processes,
                args.servers,
                args.light_stand_in,
                args.stand_in_collects,
            )
        else:
            await bench_play(args.hands, args.members, args.think, args.seed)
    finally:
        if args.postgres:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
            await admin.close()


if __name__ == "__main__":
    main()
