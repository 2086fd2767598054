"""What a table tried end to end and an attack broke (issue 38), each through the Discord
stand-in on SQLite and PostgreSQL: a forgotten member off every table, no hand alone while
seated, option values of the wrong type, a forged Sit here from another server, a Bet
dialog the bot never showed, every hand dealt on the skill board, and a set whose write
outlasts its deadline (issue 40). After every test the ledger holds together."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from bot.storage import Database
from bot.storage import chips as chips_store
from bot.storage import game as game_store
from bot.storage.forgotten import forget_member
from houseway.analysis.analyze import analyze
from houseway.cards import parse_cards
from tests.bot.fixtures import IN_THREAD, BotRunner, until
from tests.bot.test_forget import forget_button, forget_outcome
from tests.bot.test_play import play, refusal_of
from tests.bot.test_practice import rows_mentioning
from tests.bot.test_practice_win import digits_of, gap_of
from tests.bot.test_table import (
    HURRIED,
    PATIENT,
    deal_now,
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
from tests.fakediscord import GUILD_ID, FakeDiscord
from tests.fakediscord.models import (
    CallbackType,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeUser,
)


async def dealt_to_two(fake: FakeDiscord, first: FakeUser, second: FakeUser) -> FakeMessage:
    """A table of bet 10 with ``first`` in seat 1 and ``second`` in seat 2, dealt."""
    table = await open_table(fake, bet=10)
    await sit(fake, table, first, 1)
    await sit(fake, table, second, 2)
    await deal_now(fake, table, first)
    return table


async def test_a_member_forgotten_mid_round_leaves_every_table(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """Bo runs /stats forget mid-round: the round settles for Anna, Bo's seat is gone from
    the table, and the next round deals nothing to him (issue 38: a new 1,000 start and a
    bet were written for him 10 s later)."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna, bo = fake.make_user("anna"), fake.make_user("bo")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await dealt_to_two(fake, anna, bo)
        shown, _, menu = await open_hand(fake, table, anna)
        await press_house(fake, shown, menu, anna)
        _, yes = await forget_button(fake, bo)
        confirm = await fake.click(_, yes, user=bo)
        assert "Done" in await forget_outcome(fake, confirm)
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the round settled for Anna")
        await fake.wait_until(
            lambda: f"<@{bo.id}>" not in texts(fake.get_message(table.id).components),
            15,
            "Bo's seat gone",
        )
        await deal_now(fake, table, anna)
        await fake.wait_until(lambda: "Round 2" in texts(fake.get_message(table.id).components))
        [open_round] = await game_store.open_rounds(database)
        assert [seat.user_id for seat in open_round.seats] == [anna.id]
    assert await rows_mentioning(database, bo.id) == {"forgotten_members": 1}


async def test_a_member_forgotten_by_another_process_is_not_in_the_reveal(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """Bo sets his hand, then /stats forget deletes him through another process (the
    database only: this table's process is not told). Anna sets hers: the round is all set
    in the table's copy, whose seats are no longer the stored ones, so it is read back and
    settled for Anna alone; the reveal neither names Bo nor shows his hand."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna, bo = fake.make_user("anna"), fake.make_user("bo")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await dealt_to_two(fake, anna, bo)
        shown_anna, _, menu_anna = await open_hand(fake, table, anna)
        shown_bo, _, menu_bo = await open_hand(fake, table, bo)
        await press_house(fake, shown_bo, menu_bo, bo)
        await forget_member(database, bo.id)
        await press_house(fake, shown_anna, menu_anna, anna)
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the round settled for Anna")
        [reveal] = reveals(fake)
        said = json.dumps(reveal.payload, ensure_ascii=False)  # words, layout, alt text
        assert f"<@{anna.id}>" in said and f"<@{bo.id}>" not in said, said
        assert ", bo," not in said, said  # the picture's alt text names seats too
    assert await rows_mentioning(database, bo.id) == {"forgotten_members": 1}


async def test_no_hand_alone_while_seated_at_a_table(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """Before the first deal and between rounds, /play is refused to a seated member (issue
    38: a hand alone was dealt, and the member then sat the next round out as busy)."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna = fake.make_user("anna")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await open_table(fake, bet=10)
        await sit(fake, table, anna, 1)
        alone = await fake.send_command("play", {"bet": 10}, user=anna)
        assert "You have a seat at a table" in await refusal_of(fake, alone)
        await deal_now(fake, table, anna)
        shown, _, menu = await open_hand(fake, table, anna)
        await press_house(fake, shown, menu, anna)
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal")
        between = await fake.send_command("play", {"bet": 10}, user=anna)
        assert "You have a seat at a table" in await refusal_of(fake, between)
    assert await game_store.open_rounds(database, table_only=False) == []


async def test_a_member_with_a_hand_alone_open_is_told_before_sitting_down(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """Issue 39: a member who sat down with a hand alone open sat the rounds out as busy,
    told nothing; now Sit here says why and what to do."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    eva = fake.make_user("eva")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        await play(fake, eva, 10)
        table = await open_table(fake, bet=10)
        told = await sit(fake, table, eva, 1)
        assert told.content is not None
        assert told.content.startswith("You have a hand alone open here"), told.content
        assert f"<@{eva.id}>" not in texts(fake.get_message(table.id).components)


@pytest.mark.parametrize("bet", [2.5, "10", "1e3", True])
async def test_a_bet_of_the_wrong_type_is_refused_and_writes_nothing(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    any_database_url: str,
    database: Database,
    bet: object,
) -> None:
    """An interaction can carry anything: an integer option holding 2.5, "10" or "1e3"
    is refused in the member's language before any command runs (issue 38: a 1,000 start
    written, a TypeError, a table showing "Bet 2.5 chips" that never dealt)."""
    fake = fake_discord
    dan = fake.make_user("dan")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        sent = await fake.send_command("play", [{"name": "bet", "type": 4, "value": bet}], user=dan)
        assert await refusal_of(fake, sent) == f"bet must be a whole number, not {bet!r}."
        swedish = await fake.send_command(
            "play", [{"name": "bet", "type": 4, "value": bet}], user=dan, locale="sv-SE"
        )
        assert await refusal_of(fake, swedish) == f"insats ska vara ett heltal, inte {bet!r}."
        opened = await fake.send_command(
            "table open", [{"name": "bet", "type": 4, "value": bet}], user=dan
        )
        assert "must be a whole number" in await refusal_of(fake, opened)
    assert await rows_mentioning(database, dan.id) == {}


async def test_a_sit_here_forged_from_another_server_is_refused(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """Eve, in another server with the bot, presses the id of this server's Sit here on
    her own server's table: refused, no seat and no start here (issue 38)."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    eve = fake.make_user("eve")
    other = FakeGuild(
        id=fake.snowflake(),
        name="Other",
        channels=[FakeChannel(id=fake.snowflake(), name="tables", position=0)],
        members=[FakeMember(user=eve), FakeMember(user=fake.owner)],
        preferred_locale="en-US",
    )
    fake.guilds[other.id] = other
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        here = await open_table(fake, bet=10)
        elsewhere = other.channels[0].id
        opened = await fake.send_command(
            "table open", user=fake.owner, guild_id=other.id, channel_id=elsewhere
        )
        assert (await fake.wait_response(opened)).ephemeral
        await fake.wait_until(lambda: bool(fake.channel_messages(elsewhere)), 10, "the table")
        there = fake.channel_messages(elsewhere)[-1]
        forged = await fake.click(
            there.id, f"table:sit:{table_id_of(here)}:3", user=eve, component_type=2
        )
        assert (await fake.wait_response(forged)).content.startswith("This table is closed")
        assert f"<@{eve.id}>" not in texts(fake.get_message(here.id).components)
    assert await chips_store.stack(database, GUILD_ID, eve.id) == 0
    assert await rows_mentioning(database, eve.id) == {}


async def test_a_bet_dialog_the_bot_never_showed_is_answered(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    """A Bet dialog submitted with an id the bot never showed got no answer at all."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna = fake.make_user("anna")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await open_table(fake, bet=10)
        await sit(fake, table, anna, 1)
        for custom_id in (
            f"table:betmodal:{'9' * 19}:1",  # no such table
            f"table:betmodal:{table_id_of(table)}:7",  # no such seat
            "table:betmodal:x",  # no such form
        ):
            submitted = await fake.submit_modal(
                None, {"bet": "10"}, custom_id=custom_id, user=anna, locale="en-US"
            )
            said = (await fake.wait_response(submitted)).content or ""
            assert said.startswith("This table is closed"), (custom_id, said)


async def test_every_hand_dealt_counts_on_the_skill_board(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """A hand left to time out counts as the house way's split, alone and at a table
    (issue 38: hands left to time out did not count, so a member could choose which hands
    the board measured)."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    gus, ida = fake.make_user("gus"), fake.make_user("ida")
    async with run_bot(
        fake, database_url=any_database_url, practice_timing=IN_THREAD, table_timing=HURRIED
    ) as bot:
        await play(fake, gus, 30)
        cog: Any = bot.get_cog("PlayCog")
        assert await cog.sweep_once(time.time() + 16 * 60) == 1
        table = await open_table(fake)
        await sit(fake, table, ida, 1)
        await deal_now(fake, table, ida)
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal")

        async def counted() -> bool:
            rows = await database.fetch(
                "SELECT user_id, how, hand, given_up FROM game_seats WHERE given_up IS NOT NULL"
            )
            return {int(row["user_id"]) for row in rows} == {gus.id, ida.id}

        await until(counted, "both hands counted")
    rows = await database.fetch("SELECT how, hand, given_up FROM game_seats")
    assert len(rows) == 2
    for row in rows:
        assert row["how"] == "timeout"
        # What the house way's split gives up against the best, by the exact analysis.
        exact = analyze(parse_cards(str(row["hand"]), 7))
        digits = digits_of(exact.house.ev, exact.best.ev)
        gap = gap_of(exact.best.ev, exact.house.ev, digits)
        assert int(row["given_up"]) == int(gap * 10**10)


async def test_a_set_still_being_written_at_its_deadline_is_acknowledged_then_answered(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str
) -> None:
    """Anna's set waits for the database past its deadline (another connection holds the
    round's row): the press is acknowledged in time as a deferred update, not refused as
    "database unavailable" to be pressed again; when the row is free the set lands, her
    hand says so and the round reveals (issue 40: a busy process's pool queue)."""
    import asyncpg

    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna = fake.make_user("anna")
    async with run_bot(fake, database_url=postgres_url, table_timing=PATIENT) as bot:
        table = await open_table(fake, bet=10)
        await sit(fake, table, anna, 1)
        await deal_now(fake, table, anna)
        shown, _, menu = await open_hand(fake, table, anna)
        holder = await asyncpg.connect(postgres_url)
        try:
            holding = holder.transaction()
            await holding.start()
            await holder.execute(
                "SELECT 1 FROM game_rounds WHERE round_id = $1 FOR UPDATE", round_id_of(menu)
            )
            click = await fake.click(shown, house_button(fake, shown), user=anna, locale="en-US")
            answered = await fake.wait_response(click, timeout=30)
            assert answered.callback_type == CallbackType.DEFERRED_UPDATE_MESSAGE, answered.data
            assert not click.followups  # nothing said yet: the write is still under way
            await holding.commit()
        finally:
            await holder.close()
        [edited] = await fake.wait_records(
            lambda sent: sent.kind == "edit" and sent.interaction_id == click.id, timeout=30
        )
        assert "The house way set your hand" in edited.payload["content"], edited.payload
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the round revealed")
        assert not click.followups  # no "database unavailable", no second answer
        stored = await game_store.get_round(bot.database, round_id_of(menu))
        assert stored is not None and stored.status == "settled", stored
        assert [seat.how for seat in stored.seats] == ["house"]
