"""Accessibility through the Discord stand-in: every picture carries alt text in the
member's language that names its cards."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.client import HousewayBot
from bot.cogs.quiz.embeds import REVEAL_IMAGE, ROUND_IMAGE
from houseway import Decision, house_way, parse_hand
from houseway.cards import Card, canonical_hand, parse_cards
from tests.bot.fixtures import QUICK_QUIZ, BotRunner
from tests.bot.quizhelpers import expire_round, hand_of, reveals, start_quiz, wait_round
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import Sent

HAND = "Kh Jh 8h 5h 2h As Ad"
SYMBOLS = "♠♥♦♣🃏"


async def picture_message(fake: FakeDiscord, interaction: Any) -> Sent:
    """The message that carries the picture: the answer, or its follow-up when deferred."""
    first = await fake.wait_response(interaction, timeout=10)
    if first.files:
        return first
    [followup] = await fake.wait_followups(interaction, 1, timeout=10)
    return followup


def description_of(sent: Sent | Any, filename: str) -> str:
    """The alt text the bot sent with ``filename``."""
    [attachment] = [a for a in sent.attachments if a.get("filename") == filename]
    return str(attachment.get("description") or "")


def cards_named(description: str) -> list[tuple[Card, ...]]:
    """The cards each sentence names after its colon, read back with the parser: alt text
    names cards in the words the parser knows, so this checks cards, not wording."""
    assert not set(SYMBOLS) & set(description), description
    return [parse_cards(part, None) for part in re.findall(r":\s*([^.:]+)\.", description)]


def names_the_split(description: str, decision: Decision, swedish: bool) -> None:
    assert cards_named(description) == [decision.five, decision.two]
    assert decision.five_name(swedish).lower() in description.lower()
    assert decision.two_name(swedish).lower() in description.lower()


@pytest.mark.parametrize(("locale", "swedish"), [("en-US", False), ("sv-SE", True)])
async def test_houseway_picture_names_the_split_in_the_members_language(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, swedish: bool
) -> None:
    interaction = await fake_discord.send_command("houseway", {"hand": HAND}, locale=locale)
    sent = await picture_message(fake_discord, interaction)
    description = description_of(sent, "houseway.png")
    names_the_split(description, house_way(parse_hand(HAND)), swedish)
    other = "Two-card hand" if swedish else "Tvåkortshand"
    assert other not in description  # one language only


async def test_deal_and_deal_again_pictures_name_their_split(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    deal = await fake_discord.send_command("deal", locale="sv-SE")
    for interaction, swedish in ((deal, True), (None, False)):
        if interaction is None:
            interaction = await fake_discord.click(deal, "houseway:deal-again", locale="en-US")
        sent = await picture_message(fake_discord, interaction)
        [embed] = sent.embeds
        hand = embed["fields"][-1]["value"].strip("`")  # the hand to copy
        assert canonical_hand(parse_hand(hand)) == hand
        names_the_split(description_of(sent, "houseway.png"), house_way(parse_hand(hand)), swedish)


@pytest.mark.parametrize(("locale", "swedish"), [("en-US", False), ("sv-SE", True)])
async def test_quiz_round_and_reveal_pictures_have_alt_text_in_the_quiz_language(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    database_url: str,
    locale: str,
    swedish: bool,
) -> None:
    fake_discord.default_guild.preferred_locale = locale
    async with run_bot(fake_discord, quiz_timing=QUICK_QUIZ):
        await start_quiz(fake_discord, rounds=1, seconds=60)
        posted = await wait_round(fake_discord, 1)
        hand = hand_of(posted)
        # The round: the seven cards in the picture's order, and no hint of the split.
        round_text = description_of(posted, ROUND_IMAGE)
        assert cards_named(round_text) == [hand]
        for hint in ("Five-card", "Two-card", "Femkortshand", "Tvåkortshand"):
            assert hint not in round_text
        assert ("kort" if swedish else "cards") in round_text
        await expire_round(database_url, posted)
        await fake_discord.wait_until(lambda: len(reveals(fake_discord)) >= 1, 30, "reveal")
        [reveal] = reveals(fake_discord)
        names_the_split(description_of(reveal, REVEAL_IMAGE), house_way(hand), swedish)
