"""Option values Discord's own client would not send (a period that is no choice, a
page out of range, a member it did not resolve): a private refusal that says what to do
instead, in both languages, counted as ``invalid_option``, never an error."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import pytest

from bot.app.client import HousewayBot
from tests.bot.fixtures import BotRunner, exposition, metric_samples
from tests.fakediscord import FakeDiscord, FakeInteraction

HOSTILE_PERIODS = ("", "ALL", "week", "all ", "month:1", "' OR 1=1 --", "x" * 6000, "🃏")


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> AsyncIterator[HousewayBot]:
    async with run_bot(fake_discord, database_url=any_database_url) as bot:
        yield bot


async def refused(fake: FakeDiscord, sent: FakeInteraction) -> str:
    reply = await fake.wait_response(sent)
    assert reply.ephemeral and not reply.embeds and reply.content is not None
    return reply.content


async def counted(bot: HousewayBot, command: str, times: float) -> None:
    key = (("command", command), ("outcome", "invalid_option"))
    for _ in range(100):  # written just after the reply
        if metric_samples(bot, "houseway_interactions_total").get(key) == times:
            return
        await asyncio.sleep(0.02)
    assert metric_samples(bot, "houseway_interactions_total").get(key) == times


async def test_a_leaderboard_period_or_page_that_is_no_choice_is_refused(
    fake_discord: FakeDiscord, bot: HousewayBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    for period in HOSTILE_PERIODS:
        sent = await fake_discord.send_command(
            "leaderboard", [{"name": "period", "type": 3, "value": period}]
        )
        told = await refused(fake_discord, sent)
        assert told == "There is no such period: pick All time or This month from the list."
    swedish = await fake_discord.send_command(
        "leaderboard", [{"name": "period", "type": 3, "value": "vecka"}], locale="sv-SE"
    )
    assert await refused(fake_discord, swedish) == (
        "Den perioden finns inte: välj Genom tiderna eller Den här månaden i listan."
    )
    for page in (0, -3, 10_001, 10**30):
        sent = await fake_discord.send_command(
            "leaderboard", [{"name": "page", "type": 4, "value": page}]
        )
        assert await refused(fake_discord, sent) == (
            "There is no such page: give a page from 1 to 10000."
        )
    swedish = await fake_discord.send_command(
        "leaderboard", [{"name": "page", "type": 4, "value": 0}], locale="sv-SE"
    )
    assert await refused(fake_discord, swedish) == (
        "Den sidan finns inte: ange en sida från 1 till 10000."
    )
    await counted(bot, "leaderboard", float(len(HOSTILE_PERIODS) + 1 + 4 + 1))
    assert 'outcome="error"' not in exposition(bot)
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
    both = await fake_discord.send_command("leaderboard", {"period": "month", "page": 2})
    assert (await fake_discord.wait_response(both)).embeds  # the choices still work


async def test_stats_of_a_member_discord_did_not_resolve_are_refused(
    fake_discord: FakeDiscord, bot: HousewayBot, caplog: pytest.LogCaptureFixture
) -> None:
    """A member option with no resolved user (an id nobody has, one past 64 bits)."""
    caplog.set_level(logging.INFO)
    for user_id in ("424242424242424242", "99999999999999999999999", "0"):
        member = [{"name": "member", "type": 6, "value": user_id}]
        sent = await fake_discord.send_command("stats view", member)
        assert await refused(fake_discord, sent) == (
            "I can't find that member: pick a member from the list, or leave the option out."
        )
    member = [{"name": "member", "type": 6, "value": "1"}]
    swedish = await fake_discord.send_command("stats view", member, locale="sv-SE")
    assert await refused(fake_discord, swedish) == (
        "Den medlemmen hittar jag inte: välj en medlem i listan, eller utelämna alternativet."
    )
    await counted(bot, "stats view", 4.0)
    assert 'outcome="error"' not in exposition(bot)
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
    someone = fake_discord.make_user("someone")
    shown = await fake_discord.send_command("stats view", {"member": someone})
    assert (await fake_discord.wait_response(shown)).embeds  # a resolved member still works
