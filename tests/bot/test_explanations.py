"""Why, on the member's own cards: /houseway, /deal and Deal again show the steps of the
procedure under the quoted rule, in the member's language, through the stand-in."""

from __future__ import annotations

import pytest

from bot.app.client import HousewayBot
from houseway import parse_hand
from houseway.language import Lang
from houseway.learning.explain import explain
from houseway.rules import RULES
from tests.bot.fixtures import answer_message
from tests.bot.test_commands import edited, field
from tests.fakediscord import FakeDiscord

TWO_PAIRS = "Ad Td 9h 9c 8s 8h 2d"  # A-10 beside two pairs: not "ace and jack or better"


async def test_houseway_says_why_in_swedish_beside_the_quoted_rule(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    interaction = await fake_discord.send_command("houseway", {"hand": TWO_PAIRS}, locale="sv-SE")
    [embed] = (await fake_discord.wait_response(interaction)).embeds
    why = field(embed, "Varför")
    assert why["name"] == "Varför, med de här korten"
    assert "A♦ 10♦" in why["value"] and "lägre än knekt" in why["value"]
    assert "8♠ 8♥" in why["value"] and "tvåkortshanden" in why["value"]
    first, last = why["value"].splitlines()
    assert first.startswith("· ") and last.startswith("→ ")  # looked at, then decided
    assert f"> {RULES['two-pairs.split'].swedish}" in embed["description"]  # still quoted
    assert "below a jack" not in why["value"]
    assert embed["fields"][-1]["value"] == f"`{TWO_PAIRS}`"  # the hand to copy stays last


async def test_houseway_says_what_the_joker_stands_for_in_english(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    hand = "2c 3d 4h 5s JK 9c Kd"
    interaction = await fake_discord.send_command("houseway", {"hand": hand}, locale="en-US")
    [embed] = (await fake_discord.wait_response(interaction)).embeds
    why = field(embed, "Why, on these cards")["value"]
    assert "the joker stands for the ace" in why and "K♦ 9♣" in why
    assert "esset" not in why


@pytest.mark.parametrize(
    ("locale", "heading"),
    [("en-US", "Why, on these cards"), ("sv-SE", "Varför, med de här korten")],
)
async def test_a_deal_and_its_deal_again_explain_their_own_hands(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, heading: str
) -> None:
    dealt = await fake_discord.send_command("deal", locale=locale)
    message = await answer_message(fake_discord, dealt)
    [button] = message.custom_ids()
    for press in range(3):
        embed = message.embeds[0]
        shown = explain(parse_hand(embed["fields"][-1]["value"].strip("`")))  # the hand, last
        why = field(embed, heading)["value"]
        lang = Lang.SV if locale == "sv-SE" else Lang.EN
        assert why.splitlines() == [
            f"{'→' if step.applies else '·'} {step.text(lang)}" for step in shown.steps
        ]
        if press < 2:
            await fake_discord.click(message, button, locale=locale)
            await edited(fake_discord, message, press + 1)
