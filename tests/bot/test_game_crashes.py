"""The game's chips through a SIGKILL of a real ``python -m bot`` and through a database
that hangs (issue 27 §3): a new process on the same database finishes or voids what the
dead one had open, nothing is paid twice and no bet is lost. Every test ends with the
ledger checked whole and each member's stack worked out here from the rounds.

Where the process dies is found from outside, never by a hook in the bot: the stand-in
holds the reveal's post (the round is settled in the database, its reveal not posted),
and the TCP proxy in front of PostgreSQL holds a statement (a grant, a deal, a
settlement) until the test lets it through; on SQLite a write lock held by the test makes
the bot's write wait.

The answers within Discord's 3 s asserted here are deferrals, sent 2-17 ms after the
interaction even with four CPU hogs on the two cores (`stress --cpu 4`): so these tests
are not marked ``alone`` and run beside the rest.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Database, open_database
from bot.storage import chips as chips_store
from bot.storage import game as game_store
from houseway.bonus import envy, settle_bonus
from houseway.game import house_split, settle_seat
from tests.bot.fixtures import BotRunner, bot_env, metric_samples, start_bot_process, until
from tests.bot.ledger_checks import assert_ledger_consistent
from tests.bot.tcpproxy import TcpProxy
from tests.bot.test_bonus import set_wagers
from tests.bot.test_play import component, play, press, refusal_of, set_hand
from tests.bot.test_table import (
    PATIENT,
    deal_button,
    deal_now,
    hand_button,
    house_button,
    open_hand,
    open_table,
    press_house,
    reveals,
    round_id_of,
    sit,
    table_id_of,
    texts,
)
from tests.fakediscord import CHANNEL_ID, GUILD_ID, QUIZ_CHANNEL_ID, FakeDiscord
from tests.fakediscord.state import PATIENCE

NOT_ANSWERING = "the database is not answering"

#: Seconds before the bot gives up on a statement the test holds (the bot's own is 10 s):
#: long enough for any statement on a busy machine, short enough not to wait for nothing.
HELD_STATEMENT = 4.0


async def status_of(db: Database, round_id: str) -> str | None:
    row = await db.fetchrow("SELECT status FROM game_rounds WHERE round_id = $1", round_id)
    return None if row is None else str(row["status"])


async def settled_net(db: Database, user: Any) -> int:
    """What the member's settled rounds won or lost: each main bet's net, and each bonus's
    net and Envy."""
    row = await db.fetchrow(
        "SELECT COALESCE(SUM(net), 0) AS net FROM game_seats s JOIN game_rounds r"
        " ON r.round_id = s.round_id WHERE s.user_id = $1 AND r.status = 'settled'",
        user.id,
    )
    sides = await db.fetchrow(
        "SELECT COALESCE(SUM(w.net + w.envy), 0) AS net FROM game_wagers w JOIN game_seats s"
        " ON s.round_id = w.round_id AND s.seat = w.seat JOIN game_rounds r"
        " ON r.round_id = s.round_id WHERE s.user_id = $1 AND r.status = 'settled'",
        user.id,
    )
    return sum(0 if found is None else int(found["net"]) for found in (row, sides))


async def assert_stacks(db: Database, *users: Any) -> None:
    """Every member's stack: the start, plus what their settled rounds won or lost."""
    for user in users:
        assert await chips_store.stack(db, GUILD_ID, user.id) == 1000 + await settled_net(db, user)


def database_errors(bot: Any) -> float:
    return sum(metric_samples(bot, "houseway_database_errors_total").values())


class Process:
    """``python -m bot`` on the stand-in, its output in ``bot.log``; killed at the end."""

    def __init__(self, fake: FakeDiscord, url: str, tmp_path: Path) -> None:
        self.env = bot_env(fake, url, LOG_LEVEL="WARNING")
        self.tmp_path = tmp_path
        self.fake = fake
        self.process: asyncio.subprocess.Process | None = None
        self.started = 0

    async def start(self) -> None:
        with (self.tmp_path / "bot.log").open("ab") as log:
            self.process = await start_bot_process(self.env, self.tmp_path, output=log)
        self.started += 1
        await self.fake.wait_ready(timeout=30, count=self.started)

    async def kill(self) -> None:
        assert self.process is not None
        self.process.kill()  # SIGKILL: no shutdown, nothing flushed
        await self.process.wait()

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            await self.kill()


@pytest.fixture
async def process(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[Any]:
    made: list[Process] = []

    def make(url: str) -> Process:
        made.append(Process(fake_discord, url, tmp_path))
        return made[-1]

    try:
        yield make
    finally:
        for each in made:
            await each.stop()


async def seated_round(
    fake: FakeDiscord, bet: int, bonus: int = 0
) -> tuple[Any, list[Any], list[Any]]:
    """A table with Anna and Bo dealt in (with a bonus bet each, if given): the table, the
    two, their (shown, cards, menu)."""
    anna, bo = fake.make_user("anna"), fake.make_user("bo")
    table = await open_table(fake, bet=bet)
    await sit(fake, table, anna, 1)
    await sit(fake, table, bo, 2)
    for seat, user in enumerate((anna, bo), 1):
        if bonus:
            await set_wagers(fake, table, user, seat, str(bet), str(bonus))
    await deal_now(fake, table, anna)
    hands = [await open_hand(fake, table, user) for user in (anna, bo)]
    return table, [anna, bo], hands


async def test_sigkill_between_the_deal_and_the_reveal_voids_the_round_on_restart(
    fake_discord: FakeDiscord, any_database_url: str, database: Database, process: Any
) -> None:
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    bot = process(any_database_url)
    await bot.start()
    table, (anna, bo), [(shown, _, menu), _] = await seated_round(fake, 50)
    house_id = house_button(fake, shown)
    await press_house(fake, shown, menu, anna)  # Anna has set; Bo has not
    assert await chips_store.stack(database, GUILD_ID, bo.id) == 950
    await bot.kill()
    posted = len(fake.channel_records(CHANNEL_ID))
    await bot.start()

    def said() -> list[str]:
        return [r.content or "" for r in fake.channel_records(CHANNEL_ID)[posted:]]

    await fake.wait_until(lambda: any("round is void" in line for line in said()), 30, "void")
    [line] = [line for line in said() if "round is void" in line]
    assert f"<@{anna.id}>" in line and f"<@{bo.id}>" in line
    await fake.wait_until(
        lambda: "restarted" in texts(fake.get_message(table.id).components), 30, "table closed"
    )
    assert await status_of(database, round_id_of(menu)) == "void"
    await assert_stacks(database, anna, bo)
    late = await fake.click(shown, house_id, user=anna, component_type=2)
    assert "already over" in (await fake.wait_response(late)).content
    assert reveals(fake) == []


async def test_sigkill_between_the_settlement_and_the_reveal_pays_once_and_reveals_once(
    fake_discord: FakeDiscord, any_database_url: str, database: Database, process: Any
) -> None:
    """The reveal's post is held by the network; the bot dies once the round is settled.
    The new process pays nothing again and voids nothing, but posts the reveal (issue 38:
    it was never said), once, and closes the table saying so; a second restart posts
    nothing more. The old table's buttons say it is closed and /chips view has the hand."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    bot = process(any_database_url)
    await bot.start()
    table, members, hands = await seated_round(fake, 50, bonus=5)
    tid = table_id_of(table)
    held = fake.delay(f"POST /channels/{CHANNEL_ID}/messages", 600)
    for user, (shown, _, menu) in zip(members, hands, strict=True):
        await press_house(fake, shown, menu, user)
    round_id = round_id_of(hands[0][2])

    async def settled() -> bool:
        return await status_of(database, round_id) == "settled"

    await until(settled, "the settlement")
    await bot.kill()
    assert held.hits <= 1 and reveals(fake) == []
    fake.clear_faults()
    posted = len(fake.channel_records(CHANNEL_ID))
    await bot.start()
    await fake.wait_until(lambda: len(reveals(fake)) == 1, 30, "the reveal after the restart")
    await fake.wait_until(
        lambda: "restarted" in texts(fake.get_message(table.id).components), 30, "table closed"
    )
    [reveal] = reveals(fake)
    said = texts(reveal.components)
    stored = await game_store.get_round(database, round_id)
    assert stored is not None
    dealer = house_split(stored.dealer)
    for user in members:
        # What the core's §9 and §10 pay on the stored cards, each wager on its own.
        seat = next(s for s in stored.seats if s.user_id == user.id)
        others = [stored.dealer, *(s.hand for s in stored.seats if s.seat != seat.seat)]
        bonus = settle_bonus(seat.hand, "fortune", 5)
        expected = (
            1000
            + settle_seat(house_split(seat.hand), dealer, 50).net
            + bonus.net
            + envy(others, "fortune", 5)
        )
        stack = await chips_store.stack(database, GUILD_ID, user.id)
        assert stack == expected
        line = said[said.index(f"<@{user.id}>") :]
        assert f"{stack:,} chips" in line.splitlines()[0], line
        assert "Bonus:" in line.splitlines()[1]
    stale = await fake.click(table.id, f"table:sit:{tid}:3", user=members[0], component_type=2)
    assert (await fake.wait_response(stale, timeout=15)).content.startswith("This table is closed")
    view = await fake.send_command("chips view", user=members[0])
    [embed] = (await fake.wait_response(view, timeout=15)).embeds
    stack = await chips_store.stack(database, GUILD_ID, members[0].id)
    assert f"{stack:,}" in embed["description"]
    after = [r for r in fake.channel_records(CHANNEL_ID)[posted:] if r.kind == "channel_message"]
    assert len(after) == 2  # the reveal, and the line saying the table closed
    assert any("table in this channel is closed" in (r.content or "") for r in after)
    assert await status_of(database, round_id) == "settled"
    row = await database.fetchrow(
        "SELECT revealed_at FROM game_rounds WHERE round_id = $1", round_id
    )
    assert row is not None and row["revealed_at"] is not None
    await assert_stacks(database, *members)
    # Once: another restart reveals nothing and says nothing. A table in another channel
    # marks the restart's recovery done: it closes tables only after it has revealed.
    marker = await open_table(fake, channel_id=QUIZ_CHANNEL_ID)
    await bot.kill()
    again = len(fake.channel_records(CHANNEL_ID))
    await bot.start()
    await fake.wait_until(
        lambda: "restarted" in texts(fake.get_message(marker.id).components), 30, "recovered"
    )
    assert [
        r for r in fake.channel_records(CHANNEL_ID)[again:] if r.kind == "channel_message"
    ] == []


async def test_a_restart_closes_a_table_with_no_round_and_says_so(
    fake_discord: FakeDiscord, any_database_url: str, database: Database, process: Any
) -> None:
    """A table with a member seated and no round dealt, SIGKILLed: after the restart its
    message says it closed and has no buttons, the channel is told, and a press on an old
    button is answered "closed" (issue 38: it kept Sit here, Deal now and Your hand)."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    bot = process(any_database_url)
    await bot.start()
    table = await open_table(fake)
    anna = fake.make_user("anna")
    await sit(fake, table, anna, 1)
    tid = table_id_of(table)
    await bot.kill()
    posted = len(fake.channel_records(CHANNEL_ID))
    await bot.start()
    await fake.wait_until(
        lambda: "restarted" in texts(fake.get_message(table.id).components), 30, "table closed"
    )
    assert fake.get_message(table.id).custom_ids() == []
    told = [r.content or "" for r in fake.channel_records(CHANNEL_ID)[posted:]]
    assert any("the table in this channel is closed" in line for line in told), told
    stale = await fake.click(table.id, f"table:deal:{tid}", user=anna, component_type=2)
    assert (await fake.wait_response(stale, timeout=15)).content.startswith("This table is closed")

    async def noted_closed() -> bool:
        rows = await database.fetch("SELECT closed_at FROM game_tables")
        return [row["closed_at"] is not None for row in rows] == [True]

    await until(noted_closed, "the table noted closed")


@pytest.mark.parametrize("held", [b"INSERT INTO chip_entries", b"INSERT INTO game_rounds"])
async def test_sigkill_during_the_start_grant_or_the_deal_grants_once(
    fake_discord: FakeDiscord, postgres_url: str, process: Any, held: bytes
) -> None:
    """PostgreSQL holds the start grant's write (nothing committed) or the deal's after
    the grant committed; the member is told within Discord's 3 s (a deferral, then "not
    answering"); SIGKILL; the next process grants the start once and deals."""
    fake = fake_discord
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    database = await open_database(postgres_url)
    dan = fake.make_user("dan")
    try:
        bot = process(proxy.url(postgres_url))
        await bot.start()
        stopped = proxy.pause_at(held)
        asked = await fake.send_command("play", {"bet": 100}, user=dan)
        await asyncio.wait_for(stopped.wait(), 30 * PATIENCE)
        assert NOT_ANSWERING in await refusal_of(fake, asked)
        assert asked.response_time is not None and asked.response_time < 3.0
        await bot.kill()
        proxy.resume()
        await bot.start()
        dealt = await play(fake, dan, 100)
        assert fake.messages[dealt.original_message_id or 0].embeds
        keys = await database.fetch("SELECT kind FROM chip_entries WHERE user_id = $1", dan.id)
        assert sorted(str(row["kind"]) for row in keys) == ["bet", "start"]
        assert await chips_store.stack(database, GUILD_ID, dan.id) == 900
        await assert_ledger_consistent(database)
    finally:
        proxy.resume()
        await database.close()
        await proxy.stop()


async def test_sigkill_while_a_grant_waits_for_the_sqlite_write_lock_grants_once(
    fake_discord: FakeDiscord, database_url: str, process: Any
) -> None:
    fake = fake_discord
    database = await open_database(database_url)
    dan = fake.make_user("dan")
    try:
        bot = process(database_url)
        await bot.start()
        async with database.transaction():  # BEGIN IMMEDIATE: the bot's writes wait
            asked = await fake.send_command("play", {"bet": 100}, user=dan)
            assert NOT_ANSWERING in await refusal_of(fake, asked)
            assert asked.response_time is not None and asked.response_time < 3.0
            await bot.kill()
        await bot.start()
        await play(fake, dan, 100)
        keys = await database.fetch("SELECT kind FROM chip_entries WHERE user_id = $1", dan.id)
        assert sorted(str(row["kind"]) for row in keys) == ["bet", "start"]
        await assert_ledger_consistent(database)
    finally:
        await database.close()


async def test_hands_alone_left_open_by_a_sigkill_settle_once_after_it(
    fake_discord: FakeDiscord, any_database_url: str, database: Database, process: Any
) -> None:
    """Eva's hand is past its 15 minutes when the new process starts: its sweep settles
    it by the house way. Finn's menu still works after the restart. Neither pays twice,
    whatever is pressed again."""
    fake = fake_discord
    eva, finn = fake.make_user("eva"), fake.make_user("finn")
    bot = process(any_database_url)
    await bot.start()
    eva_hand = await play(fake, eva, 40)
    finn_hand = await play(fake, finn, 60)
    await bot.kill()
    eva_message = fake.messages[eva_hand.original_message_id or 0]
    eva_round = component(eva_message, "game:house:play:")["custom_id"].split(":")[3]
    await database.execute(
        "UPDATE game_rounds SET deadline = $2 WHERE round_id = $1", eva_round, time.time() - 1
    )
    await bot.start()

    async def swept() -> bool:
        return await status_of(database, eva_round) == "settled"

    await until(swept, "the sweep")
    finn_message = fake.messages[finn_hand.original_message_id or 0]
    finn_house = component(finn_message, "game:house:play:")["custom_id"]
    await set_hand(fake, finn_hand, finn, None)
    replay = await press(fake, finn_message, finn_house, finn, component_type=2)
    assert "no longer valid" in await refusal_of(fake, replay)
    late = await press(
        fake, eva_message, component(eva_message, "game:house:play:")["custom_id"], eva
    )
    assert "already played" in await refusal_of(fake, late)
    rows = await database.fetch("SELECT how FROM game_seats WHERE round_id = $1", eva_round)
    assert [row["how"] for row in rows] == ["timeout"]
    await assert_stacks(database, eva, finn)


async def test_a_table_deal_whose_commit_hangs_is_taken_as_dealt_once_it_answers(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str
) -> None:
    """The deal's COMMIT reaches PostgreSQL only after the bot gave up on it (asyncpg's
    command timeout): the round is written with the bets out. The runner retries under
    the same round id, finds it, and plays it; meanwhile a member gets a clear answer
    within 3 s. Before the fix the table dealt a new round id, every member was "busy"
    in the first, and its bets stayed out with nobody to play it."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    database = await open_database(postgres_url)
    try:
        async with run_bot(
            fake,
            database_url=proxy.url(postgres_url),
            table_timing=PATIENT,
            database_command_timeout=HELD_STATEMENT,
        ) as bot:
            anna = fake.make_user("anna")
            table = await open_table(fake, bet=20)
            await sit(fake, table, anna, 1)
            await fake.wait_until(lambda: not deal_button(fake, table).get("disabled"), 10)
            dealing = proxy.pause_at(b"INSERT INTO game_rounds")
            click = await fake.click(table.id, f"table:deal:{table_id_of(table)}", user=anna)
            await fake.wait_response(click)
            await asyncio.wait_for(dealing.wait(), 30 * PATIENCE)
            committing = proxy.pause_at(b"COMMIT")
            proxy.resume()
            await asyncio.wait_for(committing.wait(), 30 * PATIENCE)
            asked = await fake.send_command("play", {"bet": 10}, user=anna)
            assert NOT_ANSWERING in await refusal_of(fake, asked)
            assert asked.response_time is not None and asked.response_time < 3.0

            # asyncpg gives up on the COMMIT after its command timeout: counted.
            errors = database_errors(bot)  # the /play's, counted
            await until(lambda: _above(database_errors(bot), errors), "the deal given up")
            proxy.resume()
            await fake.wait_until(
                lambda: not hand_button(fake, table).get("disabled"), 60, "the round played"
            )
            shown, _, menu = await open_hand(fake, table, anna)
            await press_house(fake, shown, menu, anna)
            await fake.wait_until(lambda: len(reveals(fake)) == 1, 30, "the reveal")
            rounds = await database.fetch("SELECT status FROM game_rounds")
            assert [row["status"] for row in rounds] == ["settled"]
            await assert_stacks(database, anna)
        await assert_ledger_consistent(database)
    finally:
        proxy.resume()
        await database.close()
        await proxy.stop()


async def _above(value: float, floor: float) -> bool:
    return value > floor
