"""The game on more than one process (issue 40): two shard processes over one PostgreSQL,
each playing its own servers' tables and hands alone; a hand alone swept once, by its
server's process; one process SIGKILLed while the other plays on, and restarted to close
only its own table. The ledger holds together throughout."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path
from typing import Any

from bot.storage import Database, open_database
from bot.storage import chips as chips_store
from tests.bot.fixtures import bot_env, exit_output, start_bot_process, until
from tests.bot.ledger_checks import assert_ledger_consistent
from tests.bot.test_play import play
from tests.bot.test_table import (
    deal_now,
    open_hand,
    press_house,
    reveals,
    sit,
    table_messages,
    texts,
)
from tests.fakediscord import CHANNEL_ID, FakeDiscord, FakeMessage
from tests.fakediscord.models import FakeChannel, FakeGuild, FakeMember

OTHER_CHANNEL = 300000000000000098


def other_shard_guild(fake: FakeDiscord) -> FakeGuild:
    """A second server with the bot, on the other of two shards (a guild's shard is its id
    >> 22, modulo the shard count)."""
    home = fake.default_guild
    other_id = next(
        g
        for g in range(home.id + (1 << 22), home.id + (8 << 22), 1 << 22)
        if (g >> 22) % 2 != (home.id >> 22) % 2
    )
    guild = FakeGuild(
        id=other_id,
        name="Other",
        channels=[FakeChannel(id=OTHER_CHANNEL, name="tables")],
        owner_id=fake.owner.id,
        members=[FakeMember(user=fake.owner)],
        preferred_locale="en-US",
    )
    fake.guilds[other_id] = guild
    return guild


async def open_table_in(fake: FakeDiscord, guild_id: int, channel_id: int) -> Any:
    before = len(table_messages(fake, channel_id))
    opened = await fake.send_command(
        "table open", {"bet": 10}, user=fake.owner, guild_id=guild_id, channel_id=channel_id
    )
    assert (await fake.wait_response(opened, timeout=15)).ephemeral
    await fake.wait_until(lambda: len(table_messages(fake, channel_id)) > before, 15, "a table")
    return table_messages(fake, channel_id)[-1]


async def play_a_round(fake: FakeDiscord, table: Any, members: list[Any], channel: int) -> None:
    before = len(reveals(fake, channel))
    await deal_now(fake, table, members[0])
    for member in members:
        shown, _, menu = await open_hand(fake, table, member)
        await press_house(fake, shown, menu, member)
    await fake.wait_until(lambda: len(reveals(fake, channel)) > before, 30, "the reveal")


def swept_servers(output: str) -> list[str]:
    """The servers whose hands alone a process's sweep set, from its JSON log."""
    lines = [json.loads(line) for line in output.splitlines() if line.strip().startswith("{")]
    return [
        str(line["message"]).split("server ")[1].split(",")[0]
        for line in lines
        if "set a hand alone by the house way" in str(line.get("message", ""))
    ]


async def test_two_shard_processes_play_their_own_servers_on_one_postgres(
    fake_discord: FakeDiscord, tmp_path: Path, postgres_url: str
) -> None:
    fake = fake_discord
    home = fake.default_guild
    home.preferred_locale = "en-US"
    other = other_shard_guild(fake)
    home_members = [fake.make_user(f"h{n}") for n in range(2)]
    other_members = [fake.make_user(f"o{n}") for n in range(2)]
    for member in other_members:
        other.members.append(FakeMember(user=member))

    def env(shard: int) -> dict[str, str]:
        return bot_env(
            fake, postgres_url, SHARD_COUNT="2", SHARD_IDS=str(shard), LOG_FORMAT="json",
            SYNC_COMMANDS=str(shard == 0).lower(),
        )  # fmt: skip

    home_shard = (home.id >> 22) % 2
    shards = {home_shard: home, 1 - home_shard: other}
    processes = {shard: await start_bot_process(env(shard), tmp_path) for shard in (0, 1)}
    outputs: dict[int, list[str]] = {0: [], 1: []}
    database: Database = await open_database(postgres_url)

    async def open_and_seat() -> tuple[FakeMessage, FakeMessage]:
        """A table in each server, its members seated."""
        tables = []
        for guild, channel, members in (
            (home, CHANNEL_ID, home_members),
            (other, OTHER_CHANNEL, other_members),
        ):
            table = await open_table_in(fake, guild.id, channel)
            for number, member in enumerate(members, 1):
                await sit(fake, table, member, number)
            tables.append(table)
        return tables[0], tables[1]

    try:
        await fake.wait_ready(timeout=30, count=2)
        await fake.wait_until(lambda: fake.sync_count() == 1, 30, "one sync")
        # A table in each server, each played by its own process.
        home_table, other_table = await open_and_seat()
        await play_a_round(fake, home_table, home_members, CHANNEL_ID)
        await play_a_round(fake, other_table, other_members, OTHER_CHANNEL)
        # A hand alone in each server, left open past its time; both processes restarted.
        loners = {home.id: fake.make_user("hl"), other.id: fake.make_user("ol")}
        other.members.append(FakeMember(user=loners[other.id]))
        for guild_id, member in loners.items():
            await play(fake, member, 30, guild_id=guild_id)
        await database.execute(
            "UPDATE game_rounds SET deadline = $1 WHERE table_id IS NULL", time.time() - 1
        )
        for shard, process in processes.items():
            process.send_signal(signal.SIGTERM)
            outputs[shard].append(await exit_output(process, 15))
        processes = {shard: await start_bot_process(env(shard), tmp_path) for shard in (0, 1)}
        await fake.wait_ready(timeout=30, count=4)

        async def swept() -> bool:
            rows = await database.fetch(
                "SELECT status FROM game_rounds WHERE table_id IS NULL AND status = 'settled'"
            )
            return len(rows) == 2

        await until(swept, "both hands alone swept")
        # The restart closed both tables; new ones, and one process killed mid-play.
        home_table, other_table = await open_and_seat()
        other_process = processes[1 - home_shard]
        other_process.kill()
        outputs[1 - home_shard].append(await exit_output(other_process, 15))
        await play_a_round(fake, home_table, home_members, CHANNEL_ID)  # plays on
        assert home_table.custom_ids(), "the live process's table stays open"
        processes[1 - home_shard] = await start_bot_process(env(1 - home_shard), tmp_path)
        await fake.wait_until(
            lambda: "restarted" in texts(fake.get_message(other_table.id).components),
            30,
            "the killed process's table closed at its restart",
        )
        await play_a_round(fake, home_table, home_members, CHANNEL_ID)
        assert "restarted" not in texts(fake.get_message(home_table.id).components)
    finally:
        for shard, process in processes.items():
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
                outputs[shard].append(await exit_output(process, 15))
    try:
        # Each hand alone was swept by its own server's process, once.
        for shard, said in outputs.items():
            swept_here = [server for output in said for server in swept_servers(output)]
            assert swept_here == [str(shards[shard].id)], (shard, swept_here)
        for guild in (home, other):
            board = await chips_store.chips_board(database, guild.id)
            expected = {
                user_id: await chips_store.stack(database, guild.id, user_id)
                for user_id, _ in board
            }
            assert dict(board) == expected and len(board) == 3
        await assert_ledger_consistent(database)
    finally:
        await database.close()
