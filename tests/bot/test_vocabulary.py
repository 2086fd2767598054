"""One vocabulary, through the stand-in: members read rules by name (never by id), and
what the EV lines say adds up, in Swedish and in English (#22)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.client import HousewayBot
from houseway import house_way
from houseway.rules import rule_name
from tests.bot.fixtures import BotRunner
from tests.bot.test_practice import IN_THREAD, answer, hand_of, house_two, practise
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def practice_bot(fake_discord: FakeDiscord, run_bot: BotRunner) -> AsyncIterator[HousewayBot]:
    async with run_bot(fake_discord, practice_timing=IN_THREAD) as bot:
        yield bot


@pytest.mark.parametrize(("locale", "label"), [("sv-SE", "Regel: "), ("en-US", "Rule: ")])
async def test_practice_footers_name_the_rules(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, locale: str, label: str
) -> None:
    """Both modes: the footer names the deciding rules in the member's language."""
    swedish = locale == "sv-SE"
    member = fake_discord.make_user("ylva")
    for mode in ("set", "rule"):
        session = await practise(fake_discord, member, mode=mode, locale=locale)
        dealt = fake_discord.messages[session.original_message_id]
        decision = house_way(hand_of(dealt))
        given = house_two(decision.hand) if mode == "set" else [decision.rule]
        _, sent = await answer(fake_discord, session, member, given, locale=locale)
        footer = sent.embeds[0]["footer"]["text"]
        names = " → ".join(rule_name(rule_id, swedish) for rule_id in decision.path)
        assert footer.endswith(f" · {label}{names}"), footer
        assert not any(rule_id in footer for rule_id in decision.path)
