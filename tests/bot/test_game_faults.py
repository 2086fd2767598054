"""Misuse of the game and the world changing under a table (issue 27 §3), on SQLite and
PostgreSQL: double clicks, forged ids, impossible bets, /play at a table, a channel
closed to the bot or deleted mid-round, a member who leaves the server mid-round. Each is
answered in the member's language and moves no chip it should not; after every test the
ledger holds together and every member's stack is what the test worked out.

What ``test_table.py`` and ``test_play.py`` already cover is not repeated here (another
member's buttons, one double Sit, two tables at once, a bet above the server's maximum,
zero, negative and above-the-stack bets for /play, its forged and replayed ids).
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from bot.storage import Database
from bot.storage import chips as chips_store
from bot.storage import game as game_store
from tests.bot.fixtures import IN_THREAD, BotRunner, until
from tests.bot.test_play import refusal_of
from tests.bot.test_table import (
    HURRIED,
    PATIENT,
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
from tests.fakediscord.models import FakeMember

#: /play's cool-down out of the way: these tests send many commands.
QUICK = replace(IN_THREAD, command_rate=50)


async def stack(db: Database, user: Any) -> int:
    return await chips_store.stack(db, GUILD_ID, user.id)


async def net_of(db: Database, user: Any) -> int:
    """What the member's settled seats won or lost, from the seats (not the ledger)."""
    row = await db.fetchrow(
        "SELECT COALESCE(SUM(net), 0) AS net FROM game_seats s JOIN game_rounds r"
        " ON r.round_id = s.round_id WHERE s.user_id = $1 AND r.status = 'settled'",
        user.id,
    )
    return 0 if row is None else int(row["net"])


async def bet_typed(fake: FakeDiscord, table: Any, user: Any, typed: str, locale: str) -> str:
    """The bet modal of the member's seat 1, submitted with ``typed``: what they are told."""
    click = await fake.click(
        table.id, f"table:bet:{table_id_of(table)}:1", user=user, locale=locale
    )
    await fake.wait_response(click)
    submitted = await fake.submit_modal(click, {"bet": typed})
    return (await fake.wait_response(submitted)).content or ""


async def test_impossible_bets_double_clicks_and_forged_ids_at_a_table(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna, bo = fake.make_user("anna"), fake.make_user("bo")
    async with run_bot(
        fake, database_url=any_database_url, table_timing=PATIENT, practice_timing=QUICK
    ):
        table = await open_table(fake, bet=10)
        tid = table_id_of(table)
        await sit(fake, table, anna, 1)
        await sit(fake, table, bo, 2)
        for typed, said in (
            ("0", "Bets here are 1 to 1,000 chips; 0 is not one."),
            ("-5", "Bets here are 1 to 1,000 chips; \u22125 is not one."),
            ("9" * 25, f"Bets here are 1 to 1,000 chips; {int('9' * 25):,} is not one."),
            (str(2**63), f"Bets here are 1 to 1,000 chips; {2**63:,} is not one."),
            ("ten", "A bet is a whole number of chips, e.g. 10."),
        ):
            assert await bet_typed(fake, table, anna, typed, "en-US") == said
        swedish = await bet_typed(fake, table, anna, "-1", "sv-SE")
        assert swedish == "Insatserna här är 1–1\u00a0000 marker; \u22121 går inte."
        # Deal now pressed twice at once: one round.
        deal = f"table:deal:{tid}"
        await fake.wait_until(lambda: fake.get_message(table.id).find_component(deal) is not None)
        both = await asyncio.gather(
            fake.click(table.id, deal, user=anna), fake.click(table.id, deal, user=anna)
        )
        for click in both:
            assert (await fake.wait_response(click)).ephemeral
        await fake.wait_until(lambda: not hand_button(fake, table).get("disabled"), 10, "a round")
        shown, _, menu = await open_hand(fake, table, anna)
        bo_shown, _, bo_menu = await open_hand(fake, table, bo)
        [dealt] = await database.fetch("SELECT round_id FROM game_rounds")
        assert str(dealt["round_id"]) == round_id_of(menu)
        # /play while seated in a round at the table: refused, no second bet.
        alone = await fake.send_command("play", {"bet": 10}, user=anna)
        assert "You have a seat at a table" in await refusal_of(fake, alone)
        alone = await fake.send_command("play", {"bet": 10}, user=bo, locale="sv-SE")
        assert "Du sitter vid ett bord" in await refusal_of(fake, alone)
        # A forged round id and a forged table id: told the round or table is over.
        forged = await fake.click(
            shown, menu.replace(round_id_of(menu), "0" * 16), values=[], user=anna, component_type=3
        )
        assert "already over" in (await fake.wait_response(forged)).content
        forged = await fake.click(table.id, f"table:sit:{'1' * 19}:3", user=bo, component_type=2)
        assert (await fake.wait_response(forged)).content.startswith("This table is closed.")
        # Huset väljer double-clicked: one split stored, the other told, one reveal.
        house = house_button(fake, shown)
        clicks = await asyncio.gather(
            fake.click(shown, house, user=anna, component_type=2),
            fake.click(shown, house, user=anna, component_type=2),
        )
        said = sorted([(await fake.wait_response(c)).content or "" for c in clicks])
        assert said[1].startswith("The house way set your hand"), said
        # the second press is refused, or (both past the hand's check at once) finds the
        # split stored and tells the same split again
        assert said[0] in ("That round is already over.", "Your hand is already set.", said[1])
        await press_house(fake, bo_shown, bo_menu, bo)
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal")
        for user in (anna, bo):
            assert await stack(database, user) == 1000 + await net_of(database, user)
        assert len(reveals(fake)) == 1


async def test_play_refuses_a_bet_beyond_any_stake_in_words_that_fit(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """A bet no server allows (over the largest stake, over 2**63) is told the server's
    stakes, not "at least 1 chip"; nothing is written."""
    fake = fake_discord
    cem = fake.make_user("cem")
    async with run_bot(fake, database_url=any_database_url, practice_timing=QUICK):
        for bet in (game_store.MAX_STAKE + 1, 2**53, 2**63 + 1):
            asked = await fake.send_command("play", {"bet": bet}, user=cem)
            said = await refusal_of(fake, asked)
            assert said.startswith("Bets in this server are from 1 chip to 1,000 chips."), said
        asked = await fake.send_command("play", {"bet": 2**53}, user=cem, locale="sv-SE")
        said = await refusal_of(fake, asked)
        assert said.startswith("Insatserna på den här servern är från 1 marker till"), said
        assert await database.fetch("SELECT key FROM chip_entries") == []


async def test_a_channel_deleted_mid_round_voids_it_and_forgets_the_table(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna, bo = fake.make_user("anna"), fake.make_user("bo")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT) as bot:
        table = await open_table(fake, channel_id=QUIZ_CHANNEL_ID, bet=40)
        await sit(fake, table, anna, 1)
        await sit(fake, table, bo, 2)
        await deal_now(fake, table, anna)
        shown, _, menu = await open_hand(fake, table, anna, locale="sv-SE")
        await press_house(fake, shown, menu, anna)
        assert await stack(database, anna) == 960
        await fake.delete_channel(QUIZ_CHANNEL_ID)
        cog: Any = bot.get_cog("TableCog")
        await fake.wait_until(lambda: not cog.tables, 15, "the table forgotten")

        async def voided() -> bool:  # written after the table is forgotten: waited for
            [row] = await database.fetch("SELECT status FROM game_rounds")
            return bool(row["status"] == "void")

        await until(voided, "the round voided")
        for user in (anna, bo):
            assert await stack(database, user) == 1000
        # Anna, who had opened her hand, is told where she opened it, in her language.
        await fake.wait_until(
            lambda: "ogiltig" in (fake.get_message(shown.original_message_id).content or ""),
            10,
            "Anna told",
        )
        assert fake.get_message(shown.original_message_id).custom_ids() == []
        assert reveals(fake, QUIZ_CHANNEL_ID) == []
        again = await open_table(fake)  # tables elsewhere go on
        assert texts(again.components)


async def test_a_channel_closed_to_the_bot_mid_round_settles_once_and_closes_the_table(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """The bot loses the right to post between the deal and the reveal: the round was
    settled before the reveal is tried (the chips right, /chips view shows the hand), the
    reveal is never posted twice, and the table closes."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna = fake.make_user("anna")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT) as bot:
        table = await open_table(fake, bet=25)
        await sit(fake, table, anna, 1)
        await deal_now(fake, table, anna)
        shown, _, menu = await open_hand(fake, table, anna)
        denied = {"message": "Missing Permissions", "code": 50013}
        posts = fake.inject(
            f"POST /channels/{CHANNEL_ID}/messages", status=403, count=None, body=denied
        )
        fake.inject(f"PATCH /channels/{CHANNEL_ID}/messages/*", status=403, count=None, body=denied)
        await press_house(fake, shown, menu, anna)
        cog: Any = bot.get_cog("TableCog")
        await fake.wait_until(lambda: not cog.tables, 15, "the table closed")
        assert posts.hits >= 1
        [row] = await database.fetch("SELECT status FROM game_rounds")
        assert row["status"] == "settled"
        assert await stack(database, anna) == 1000 + await net_of(database, anna)
        assert reveals(fake) == []
        fake.clear_faults()
        view = await fake.send_command("chips view", user=anna)
        [embed] = (await fake.wait_response(view)).embeds
        assert any(f["name"] == "Last hands" for f in embed["fields"])
        stale = await fake.click(table.id, f"table:sit:{table_id_of(table)}:2", user=anna)
        assert (await fake.wait_response(stale)).content.startswith("This table is closed.")


async def test_a_member_who_leaves_the_server_mid_round_is_set_by_the_house_and_stood_up(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """The bot has no members intent, so it is not told: the countdown runs out, the house
    way sets the hand and the round settles for them as for anyone (their chips stay in
    the server's ledger), and before the next deal a member whose hand timed out is looked
    up: gone from the server, they are stood up rather than dealt in again."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna, bo = fake.make_user("anna"), fake.make_user("bo")
    fake.default_guild.members.extend([FakeMember(user=anna), FakeMember(user=bo)])
    timing = replace(HURRIED, pause=0.5)
    async with run_bot(fake, database_url=any_database_url, table_timing=timing) as bot:
        table = await open_table(fake, bet=30)
        await sit(fake, table, anna, 1)
        await sit(fake, table, bo, 2)
        await deal_now(fake, table, anna)
        shown, _, menu = await open_hand(fake, table, anna)
        await press_house(fake, shown, menu, anna)
        await fake.remove_member(GUILD_ID, bo.id)
        await fake.wait_until(lambda: len(reveals(fake)) >= 1, 20, "the reveal")
        first = round_id_of(menu)
        stored = await game_store.get_round(database, first)
        assert stored is not None and stored.status == "settled"
        assert [s.how for s in stored.seats] == ["house", "timeout"]
        cog: Any = bot.get_cog("TableCog")
        [live] = cog.tables.values()
        await fake.wait_until(lambda: len(reveals(fake)) >= 2, 20, "the next round")
        assert [seat.user_id for seat in live.seats.values()] == [anna.id]
        rounds = await database.fetch("SELECT round_id FROM game_seats WHERE user_id = $1", bo.id)
        assert [str(r["round_id"]) for r in rounds] == [first]
        closed = await fake.send_command("table close", user=fake.owner)
        await fake.wait_response(closed)
        for user in (anna, bo):
            assert await stack(database, user) == 1000 + await net_of(database, user)
