"""Who sees which command and where: the synced payload (default permissions, installs,
contexts, Swedish names), the commands a member installs to their own account, and
answers only the member sees."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app.client import HousewayBot
from tests.bot.fixtures import COMMANDS, answer_message, help_sections, mention
from tests.fakediscord import CHANNEL_ID, CallbackType, FakeDiscord
from tests.fakediscord.models import MANAGE_GUILD
from tests.imaging import open_png

HAND = "As Kd Qc Jh 9s 7d JK"
#: The quiz and its scores, and a table, belong to a server the bot is in.
SERVER_ONLY = {"quiz", "leaderboard", "table"}
#: Usable anywhere: servers (with or without the bot), the bot's DM, private channels.
EVERYWHERE = COMMANDS - SERVER_ONLY
#: Offered everywhere, but in a DM only to say why they need a server (chips are per server).
NEEDS_SERVER = {"play", "chips"}
GUILD_INSTALL, USER_INSTALL = 0, 1
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2


async def test_the_synced_payload_says_who_sees_each_command_and_where(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    synced = {command["name"]: command for command in fake_discord.commands_for()}
    assert set(synced) == COMMANDS
    for name in EVERYWHERE:
        assert sorted(synced[name]["integration_types"]) == [GUILD_INSTALL, USER_INSTALL], name
        assert sorted(synced[name]["contexts"]) == [GUILD, BOT_DM, PRIVATE_CHANNEL], name
        assert synced[name]["default_member_permissions"] is None, name
    for name in SERVER_ONLY:
        assert synced[name]["integration_types"] == [GUILD_INSTALL], name
        assert synced[name]["contexts"] == [GUILD], name
    # Members do not see /quiz until an admin grants it (Server Settings -> Integrations).
    assert synced["quiz"]["default_member_permissions"] == str(MANAGE_GUILD)
    assert synced["leaderboard"]["default_member_permissions"] is None
    assert {o["name"] for o in synced["quiz"]["options"]} == {"start", "stop", "config", "reset"}
    swedish = {name: command["name_localizations"]["sv-SE"] for name, command in synced.items()}
    assert swedish == {
        "houseway": "husetväljer",
        "deal": "giv",
        "rules": "regler",
        "analyze": "analysera",
        "help": "hjälp",
        "about": "om",
        "quiz": "quiz",
        "leaderboard": "topplista",
        "practice": "träna",
        "stats": "statistik",
        "daily": "dagens",
        "cards": "kort",
        "play": "spela",
        "chips": "marker",
        "table": "bord",
    }
    for name in ("houseway", "deal", "analyze"):
        [private] = [o for o in synced[name]["options"] if o["name"] == "private"]
        assert private["type"] == 5 and not private.get("required")
        assert private["name_localizations"]["sv-SE"] == "privat"


def option(command: dict[str, Any], *path: str) -> dict[str, Any]:
    """A (sub)command's option by its English names: ``option(stats, "view", "public")``."""
    for name in path:
        [command] = [o for o in command["options"] if o["name"] == name]
    return command


async def test_the_swedish_command_texts_read_as_swedish(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    """The synced Swedish texts, written out: /regler quotes the rules and promises no
    translation (Swedish members get none); "genom tiderna", not the anglicism "all tid";
    an option name a Swedish member reads as Swedish."""
    synced = {command["name"]: command for command in fake_discord.commands_for()}
    rules = synced["rules"]["description_localizations"]["sv-SE"]
    assert rules == "Reglerna i Huset väljer, ordagrant"
    assert "översättning" not in rules
    period = option(synced["leaderboard"], "period")
    assert period["description_localizations"]["sv-SE"] == "Genom tiderna eller den här månaden"
    assert {c["value"]: c["name_localizations"]["sv-SE"] for c in period["choices"]} == {
        "all": "Genom tiderna",
        "month": "Den här månaden",
    }
    assert option(synced["stats"], "view", "public")["name_localizations"]["sv-SE"] == (
        "visa_för_alla"
    )
    practice = synced["practice"]["description_localizations"]["sv-SE"]
    assert practice == "Träna på att lägga händer som huset gör, på egen hand"


@pytest.mark.parametrize("where", ["a server without the bot", "a private channel"])
async def test_installed_to_a_members_account_the_commands_need_nothing_from_the_server(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, where: str
) -> None:
    """Answers, pictures and Deal again through the interaction alone: no request for a
    guild, a channel or a member, which the bot could not make there anyway."""
    if where == "a server without the bot":
        place: dict[str, object] = {"guild_id": fake_discord.add_guild_without_bot().id}
    else:
        place = {"private_channel": True}
    asked_before = len(fake_discord.requests)
    houseway = await answer_message(
        fake_discord, await fake_discord.send_command("houseway", {"hand": HAND}, **place)
    )
    assert houseway.embeds[0]["footer"]["text"].endswith("Flush or straight kept")
    open_png(houseway.attachment_bytes("houseway.png"))  # asserts a PNG
    deal = await answer_message(fake_discord, await fake_discord.send_command("deal", **place))
    open_png(deal.attachment_bytes("houseway.png"))  # asserts a PNG
    rules = await answer_message(
        fake_discord, await fake_discord.send_command("rules", {"rule": "one-pair"}, **place)
    )
    assert rules.embeds
    analysis = await answer_message(
        fake_discord, await fake_discord.send_command("analyze", {"hand": HAND}, **place)
    )
    open_png(analysis.attachment_bytes("analysis.png"))  # asserts a PNG
    if where == "a server without the bot":  # clicks in private channels are not modelled
        [button] = deal.custom_ids()
        again = await fake_discord.click(deal, button)
        await fake_discord.wait_response(again)
        await fake_discord.wait_until(lambda: len(deal.revisions) == 1, 5, "deal again")
    asked = fake_discord.requests[asked_before:]
    assert asked and all(
        request.path.startswith(("/interactions/", "/webhooks/")) for request in asked
    ), [request.path for request in asked]


async def test_help_there_lists_only_what_works_there(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    elsewhere = fake_discord.add_guild_without_bot()
    for place in ({"guild_id": elsewhere.id}, {"private_channel": True}, {"dm": True}):
        sections = await help_sections(fake_discord, **place)
        # no quiz, no moderators; the game only where it can be played (a server)
        assert list(sections) == ["commands", "game"] if "guild_id" in place else ["commands"]
        described = "\n".join(section["description"] for section in sections.values())
        for name in EVERYWHERE:
            # a group: its subcommands
            shown = {"stats": "stats view", "chips": "chips view"}.get(name, name)
            # offered in DMs only to say that chips belong to a server
            works = "guild_id" in place or name not in NEEDS_SERVER
            assert (mention(fake_discord, shown) in described) == works, (place, name)
        assert "</leaderboard:" not in described
        assert all("fields" not in section for section in sections.values())


async def test_private_analysis_is_seen_only_by_the_member(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    interaction = await fake_discord.send_command("analyze", {"hand": HAND, "private": True})
    first = await fake_discord.wait_response(interaction)
    assert first.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE and first.ephemeral
    answer = await answer_message(fake_discord, interaction)
    assert answer.ephemeral and answer.embeds
    open_png(answer.attachment_bytes("analysis.png"))  # asserts a PNG
    assert fake_discord.channel_messages(CHANNEL_ID, include_ephemeral=False) == []


async def test_private_analysis_that_times_out_is_told_in_its_own_message(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setattr(sys.modules["bot.cogs.analyze"], "ANALYSIS_TIMEOUT", 0.001)
    interaction = await fake_discord.send_command("analyze", {"hand": HAND, "private": True})
    answer = await answer_message(fake_discord, interaction)
    assert answer.ephemeral and not answer.deleted
    assert answer.content.startswith("The analysis took too long")
    assert fake_discord.channel_messages(CHANNEL_ID, include_ephemeral=False) == []
