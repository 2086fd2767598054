"""End-to-end tests of the Discord stand-in with the real, unmodified discord.py client.

A minimal bot defined here logs in against ``tests.fakediscord.FakeDiscord`` through the
production ``bot.service.endpoints.configure_endpoints`` and answers slash commands, components,
modals and autocomplete; the tests check what reached "Discord" and how the client copes
with rate limits, dropped connections, RECONNECT / INVALID_SESSION and bad tokens.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from bot.service.endpoints import (
    DISCORD_API_BASE,
    DISCORD_GATEWAY_URL,
    configure_endpoints,
    current_endpoints,
)
from tests.fakediscord import (
    CHANNEL_ID,
    GUILD_ID,
    MODERATOR_ROLE_ID,
    QUIZ_CHANNEL_ID,
    CallbackType,
    FakeDiscord,
    FakeMember,
    FakeUser,
    percentile,
)
from tests.fakediscord.harness import endpoints_pointing_at, running_client
from tests.fakediscord.models import MANAGE_GUILD
from tests.fakediscord.wire import error_fields

# Binary bytes with CR/LF and a fake multipart boundary in them: anything that treats the
# upload as text or re-encodes it would corrupt them.
CARD_BYTES = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 3 + b"\r\n--boundary--\r\n\x00\xff"

# --- the bot under test --------------------------------------------------------------------


@app_commands.command(description="Replies with the text, the locale and the user")
@app_commands.describe(text="Echoed back; 'secret' makes the reply ephemeral")
async def ping(interaction: discord.Interaction, text: str = "pong") -> None:
    await interaction.response.send_message(
        f"{text} ({interaction.locale.value}, {interaction.user.name})",
        ephemeral=text == "secret",
        allowed_mentions=discord.AllowedMentions.none(),
    )


@app_commands.command(description="Thinks, then sends a card image as a follow-up")
async def card(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    file = discord.File(io.BytesIO(CARD_BYTES), filename="card.png")
    await interaction.followup.send("Your card", file=file)


@app_commands.command(description="Answers directly with a file")
async def upload(interaction: discord.Interaction) -> None:
    file = discord.File(io.BytesIO(CARD_BYTES), filename="hand.bin")
    await interaction.response.send_message("direct", file=file)


@app_commands.command(description="Answers, then edits and deletes through the webhook")
async def revise(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("draft")
    await interaction.edit_original_response(content="final")
    extra = await interaction.followup.send("extra", wait=True)
    await extra.edit(content="extra, edited")
    await extra.delete()


@app_commands.command(description="Posts a quiz round in the channel")
async def quiz(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Starting", ephemeral=True)
    assert isinstance(interaction.channel, discord.TextChannel)
    await interaction.channel.send(embed=discord.Embed(title="Round 1", description="Split?"))


class Vote(discord.ui.View):
    @discord.ui.button(label="Yes", custom_id="vote:yes")
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button[Vote]) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.name} voted yes", view=None
        )

    @discord.ui.select(
        custom_id="vote:pick",
        options=[discord.SelectOption(label=v.upper(), value=v) for v in ("a", "b")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Vote]) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


@app_commands.command(description="Shows a vote")
async def vote(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Vote now", view=Vote())


class Feedback(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[Feedback] = discord.ui.TextInput(
        label="Text", custom_id="feedback:text"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}")


@app_commands.command(description="Opens a feedback form")
async def feedback(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(Feedback())


hand = app_commands.Group(name="hand", description="Hands")
HANDS = ["As Kd", "Qh Qs", "7c 7d"]


@hand.command(name="set", description="Sets a hand")
async def hand_set(interaction: discord.Interaction, cards: str, bet: int = 1) -> None:
    await interaction.response.send_message(f"set {cards} x{bet}")


@hand_set.autocomplete("cards")
async def cards_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=h, value=h) for h in HANDS if h.lower().startswith(current)]


@app_commands.command(description="Moderators only")
@app_commands.guilds(GUILD_ID)
@app_commands.default_permissions(manage_guild=True)
async def admin(interaction: discord.Interaction) -> None:
    assert isinstance(interaction.user, discord.Member)
    verdict = "allowed" if interaction.permissions.manage_guild else "denied"
    roles = sorted(r.name for r in interaction.user.roles if not r.is_default())
    await interaction.response.send_message(f"{verdict} {roles}", ephemeral=True)


class MiniBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            guild_ready_timeout=0.05,  # discord.py idles this long after GUILD_CREATEs
        )
        self.resumed = asyncio.Event()
        self.identify_calls = 0

    async def setup_hook(self) -> None:
        for command in (ping, card, upload, revise, quiz, vote, feedback, hand, admin):
            self.tree.add_command(command)
        await self.tree.sync()
        await self.tree.sync(guild=discord.Object(GUILD_ID))

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py sleeps 5 s before every re-IDENTIFY; nothing to pace here.
        self.identify_calls += 1

    async def on_resumed(self) -> None:
        self.resumed.set()


@pytest_asyncio.fixture
async def bot(fake_discord: FakeDiscord) -> AsyncIterator[MiniBot]:
    async with running_client(fake_discord, MiniBot()) as client:
        yield client


# --- login ---------------------------------------------------------------------------------


async def test_login_identifies_and_syncs_commands(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    assert fake.identify_count == 1
    assert bot.user is not None and bot.user.id == fake.application_id
    assert bot.application_id == fake.application_id
    guild = bot.get_guild(GUILD_ID)
    assert guild is not None and guild.get_channel(QUIZ_CHANNEL_ID) is not None
    assert guild.get_role(MODERATOR_ROLE_ID) is not None

    conn = fake.gateway_connections[0]
    assert conn.compression == "zlib-stream"  # what discord.py asks for, served compressed
    assert conn.session is not None
    assert conn.session.intents == discord.Intents.default().value

    assert {c["name"] for c in fake.commands_for(None)} == {
        "ping",
        "card",
        "upload",
        "revise",
        "quiz",
        "vote",
        "feedback",
        "hand",
    }
    assert [c["name"] for c in fake.commands_for(GUILD_ID)] == ["admin"]
    assert fake.commands_for(GUILD_ID)[0]["default_member_permissions"] == str(MANAGE_GUILD)
    assert fake.sync_count(None) == 1 and fake.sync_count(GUILD_ID) == 1

    called = {(r.method, r.path) for r in fake.requests}
    assert ("GET", "/users/@me") in called
    assert ("GET", "/oauth2/applications/@me") in called
    assert fake.unknown_requests == []


async def test_refused_token_raises_login_failure(fake_discord: FakeDiscord) -> None:
    fake_discord.refuse_token()
    with pytest.raises(discord.LoginFailure):
        async with running_client(fake_discord, MiniBot()):
            pass
    assert fake_discord.identify_count == 0


async def test_wrong_token_raises_login_failure(fake_discord: FakeDiscord) -> None:
    client = discord.Client(intents=discord.Intents.none())
    with endpoints_pointing_at(fake_discord), pytest.raises(discord.LoginFailure):
        try:
            await client.login("not-the-token")
        finally:
            await client.close()
    assert [r.status for r in fake_discord.requests] == [401]


async def test_gateway_checks_the_token_and_authenticates_once(fake_discord: FakeDiscord) -> None:
    """IDENTIFY and RESUME with a wrong token close with 4004; a second IDENTIFY on an
    authenticated connection closes with 4005."""
    fake = fake_discord
    url = f"{fake.gateway_url}?v=10&encoding=json"
    identify = {"token": fake.token, "intents": 0, "properties": {}}

    async def close_code(ws: aiohttp.ClientWebSocketResponse) -> int | None:
        async with asyncio.timeout(5):
            async for _ in ws:
                pass  # READY, GUILD_CREATE...
        return ws.close_code

    async with aiohttp.ClientSession() as http:
        wrong = [(2, {**identify, "token": "wrong"}), (6, {"token": "wrong", "session_id": "x"})]
        for op, d in wrong:
            async with http.ws_connect(url) as ws:
                assert (await ws.receive_json())["op"] == 10  # HELLO
                await ws.send_json({"op": op, "d": d})
                assert await close_code(ws) == 4004
        async with http.ws_connect(url) as ws:
            await ws.receive_json()
            await ws.send_json({"op": 2, "d": identify})
            assert (await ws.receive_json())["t"] == "READY"
            await ws.send_json({"op": 2, "d": identify})
            assert await close_code(ws) == 4005
    assert fake.identify_count == 1


# --- interactions --------------------------------------------------------------------------


async def test_slash_command_round_trip(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    anna = FakeUser(id=4242, username="anna", global_name="Anna")
    interaction = await fake.send_command("ping", {"text": "hej"}, user=anna, locale="sv-SE")
    reply = await fake.wait_response(interaction)

    assert reply.kind == "callback"
    assert reply.callback_type == CallbackType.CHANNEL_MESSAGE
    assert reply.content == "hej (sv-SE, anna)"
    assert not reply.ephemeral
    assert reply.allowed_mentions == discord.AllowedMentions.none().to_dict()
    message = fake.get_message(interaction.original_message_id or 0)
    assert message.content == "hej (sv-SE, anna)"
    assert message in fake.channel_messages(CHANNEL_ID)
    assert interaction.response_time is not None
    assert 0 < interaction.response_time < 1.0

    secret = await fake.send_command("ping", {"text": "secret"})
    assert (await fake.wait_response(secret)).ephemeral


async def test_more_channels_reach_the_bot_and_take_commands(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    added = fake.add_text_channels(3)
    assert [c.name for c in added] == ["more-1", "more-2", "more-3"]
    async with running_client(fake, MiniBot()) as client:
        guild = client.get_guild(GUILD_ID)
        assert guild is not None and all(guild.get_channel(c.id) is not None for c in added)
        interaction = await fake.send_command("ping", channel_id=added[-1].id)
        assert (await fake.wait_response(interaction)).content == "pong (en-US, tester)"
        assert interaction.channel_id == added[-1].id


async def test_installed_to_a_members_account(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    """In a server the bot is not in, and in a DM between the member and somebody else."""
    fake = fake_discord
    elsewhere = fake.add_guild_without_bot()
    interaction = await fake.send_command("ping", guild_id=elsewhere.id)
    assert (await fake.wait_response(interaction)).content == "pong (en-US, tester)"
    assert interaction.payload["context"] == 0
    assert interaction.payload["guild_id"] == str(elsewhere.id)
    assert interaction.payload["authorizing_integration_owners"] == {"1": str(fake.default_user.id)}
    assert bot.get_guild(elsewhere.id) is None  # no GUILD_CREATE for it
    assert [guild.id for guild in bot.guilds] == [GUILD_ID]
    private = await fake.send_command("ping", private_channel=True)
    assert (await fake.wait_response(private)).content == "pong (en-US, tester)"
    assert private.payload["context"] == 2 and "guild_id" not in private.payload
    assert private.payload["authorizing_integration_owners"] == {"1": str(fake.default_user.id)}
    at_home = await fake.send_command("ping")
    await fake.wait_response(at_home)
    assert at_home.payload["authorizing_integration_owners"] == {"0": str(GUILD_ID)}


async def test_subcommand_options_permissions_and_roles(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    fake = fake_discord
    interaction = await fake.send_command("hand set", {"cards": "As Kd", "bet": 5})
    assert (await fake.wait_response(interaction)).content == "set As Kd x5"

    with pytest.raises(ValueError, match="unknown option"):
        await fake.send_command("hand set", {"cards": "As Kd", "stake": 5})

    member = FakeMember(user=FakeUser(id=77, username="mod"), roles=(MODERATOR_ROLE_ID,))
    allowed = await fake.send_command("admin", user=member, permissions=MANAGE_GUILD)
    denied = await fake.send_command("admin")
    allowed_reply = await fake.wait_response(allowed)
    assert allowed_reply.content == "allowed ['Moderator']"
    assert allowed_reply.ephemeral
    assert (await fake.wait_response(denied)).content == "denied []"
    assert allowed.payload["data"]["guild_id"] == str(GUILD_ID)


async def test_deferred_followup_with_file(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    interaction = await fake.send_command("card")
    initial = await fake.wait_response(interaction)
    assert initial.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE

    (followup,) = await fake.wait_followups(interaction)
    records = await fake.wait_records(interaction, 2)
    assert [r.kind for r in records] == ["callback", "followup"]
    assert followup.content == "Your card"
    sent_file = followup.file("card.png")
    assert sent_file.data == CARD_BYTES
    assert followup.attachments == [{"id": 0, "filename": "card.png"}]

    # The first follow-up after a "thinking" defer replaces the loading message.
    message = fake.get_message(interaction.original_message_id or 0)
    assert followup.message_id == message.id
    assert not message.loading and message.content == "Your card"
    assert message.attachment_bytes("card.png") == CARD_BYTES
    async with aiohttp.ClientSession() as session, session.get(message.attachments[0]["url"]) as r:
        assert await r.read() == CARD_BYTES


async def test_multipart_initial_response(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    interaction = await fake_discord.send_command("upload")
    reply = await fake_discord.wait_response(interaction)
    assert reply.callback_type == CallbackType.CHANNEL_MESSAGE
    assert reply.content == "direct"
    assert [(f.field, f.filename, f.data) for f in reply.files] == [
        ("files[0]", "hand.bin", CARD_BYTES)
    ]


async def test_buttons_selects_and_modals(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    shown = await fake.send_command("vote")
    await fake.wait_response(shown)

    picked = await fake.click(shown, "vote:pick", values=["b"])
    pick_reply = await fake.wait_response(picked)
    assert pick_reply.content == "picked b" and pick_reply.ephemeral

    clicked = await fake.click(shown, "vote:yes", user=FakeUser(id=88, username="bo"))
    update = await fake.wait_response(clicked)
    assert update.callback_type == CallbackType.UPDATE_MESSAGE
    message = fake.get_message(shown.original_message_id or 0)
    assert message.content == "bo voted yes"
    assert message.components == [] and message.edited_at is not None
    with pytest.raises(LookupError):
        await fake.click(shown, "vote:yes")  # the buttons are gone now

    opened = await fake.send_command("feedback")
    modal = await fake.wait_response(opened)
    assert modal.callback_type == CallbackType.MODAL
    assert modal.data["title"] == "Feedback"
    submitted = await fake.submit_modal(opened, {"feedback:text": "great"})
    assert (await fake.wait_response(submitted)).content == "thanks: great"


async def test_autocomplete(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    interaction = await fake_discord.send_autocomplete("hand set", "cards", "q", options={"bet": 2})
    reply = await fake_discord.wait_response(interaction)
    assert interaction.data["options"][0]["options"] == [
        {"name": "bet", "type": 4, "value": 2},
        {"name": "cards", "type": 3, "value": "q", "focused": True},
    ]
    assert reply.callback_type == CallbackType.AUTOCOMPLETE_RESULT
    assert reply.choices == [{"name": "Qh Qs", "value": "Qh Qs"}]


# --- rate limits ---------------------------------------------------------------------------


async def test_rate_limited_callback_is_waited_out(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    fault = fake.rate_limit("POST /interactions/*/callback", retry_after=0.5)
    interaction = await fake.send_command("ping")
    reply = await fake.wait_response(interaction)

    assert reply.content is not None and reply.content.startswith("pong")
    assert fault.hits == 1
    statuses = [r.status for r in fake.requests if r.path.endswith("/callback")]
    assert statuses == [429, 200]
    assert interaction.response_time is not None
    assert 0.45 <= interaction.response_time < 2.5


async def test_global_rate_limit_on_channel_message(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    fake = fake_discord
    fault = fake.rate_limit("POST /channels/*/messages", retry_after=0.3, is_global=True)
    started = time.monotonic()
    interaction = await fake.send_command("quiz")
    assert (await fake.wait_response(interaction)).ephemeral
    (post,) = await fake.wait_channel_messages(CHANNEL_ID)

    assert post.kind == "channel_message"
    assert post.embeds[0]["title"] == "Round 1"
    assert post.at - started >= 0.3
    assert fault.hits == 1
    posted = [m for m in fake.channel_messages(CHANNEL_ID) if m.id == post.message_id]
    assert posted and posted[0].embeds[0]["description"] == "Split?"


# --- gateway reconnects --------------------------------------------------------------------


async def test_resume_after_dropped_connection(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    session = fake.session
    assert session is not None
    await fake.drop_connection()
    # Dispatched while the bot is offline: must be replayed after RESUME.
    missed = await fake.send_command("ping", {"text": "missed"})
    await fake.wait_resumed()
    await asyncio.wait_for(bot.resumed.wait(), 5)

    assert fake.identify_count == 1 and fake.session is session
    resumed_conn = fake.gateway_connections[-1]
    assert resumed_conn.resumed and resumed_conn.path == "/gateway-resume"
    (resume,) = [op for op in fake.gateway_ops if op.op == 6]
    assert resume.data["session_id"] == session.id
    assert resume.data["token"] == "<redacted>"
    assert (await fake.wait_response(missed)).content == "missed (en-US, tester)"

    after = await fake.send_command("ping", {"text": "after"})
    assert (await fake.wait_response(after)).content == "after (en-US, tester)"


async def test_op7_reconnect_resumes(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    first = fake.gateway_connections[-1]
    await fake.send_reconnect()
    await fake.wait_resumed()
    await fake.wait_until(lambda: first.closed_at is not None, 5, "old socket closed")
    assert fake.identify_count == 1
    interaction = await fake.send_command("ping")
    assert (await fake.wait_response(interaction)).callback_type == CallbackType.CHANNEL_MESSAGE


async def test_invalid_session_forces_new_identify(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    old_session = fake.session
    await fake.invalidate_session(resumable=True)
    await fake.wait_resumed()
    assert fake.identify_count == 1

    await fake.invalidate_session(resumable=False)
    await fake.wait_ready(count=2)
    assert fake.identify_count == 2 and fake.session is not old_session
    interaction = await fake.send_command("ping", {"text": "fresh"})
    assert (await fake.wait_response(interaction)).content == "fresh (en-US, tester)"


async def test_webhook_edits_and_deletes(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    """PATCH @original, a follow-up, PATCH and DELETE of it, all from the real client."""
    fake = fake_discord
    interaction = await fake.send_command("revise")
    await fake.wait_until(
        lambda: any(r.kind == "delete" for r in interaction.records), 5, "the delete"
    )
    assert (await fake.wait_response(interaction)).content == "draft"
    assert [e.content for e in interaction.edits] == ["final", "extra, edited"]
    assert [f.content for f in interaction.followups] == ["extra"]
    original = fake.get_message(interaction.original_message_id or 0)
    assert original.content == "final"
    assert fake.get_message(interaction.followups[0].message_id or 0).deleted


async def test_edits_through_a_channel_and_a_webhook(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    """A deferred answer's first edit ends the "thinking" state without counting as an edit
    (the second does); a channel message is edited and deleted; another user's is not ours."""
    fake = fake_discord

    @app_commands.command(description="Thinks, then answers by editing twice")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.edit_original_response(content="answer")
        await interaction.edit_original_response(content="answer, revised")

    bot.tree.add_command(slow)  # local only: the stand-in infers unsynced commands
    interaction = await fake.send_command("slow")
    await fake.wait_records(interaction, 3)
    original = fake.get_message(interaction.original_message_id or 0)
    assert not original.loading and original.content == "answer, revised"
    assert [r["content"] for r in original.revisions] == ["answer"]
    assert original.edited_at is not None

    channel = bot.get_channel(CHANNEL_ID)
    assert isinstance(channel, discord.TextChannel)
    posted = await channel.send("one")
    await posted.edit(content="two")
    stored = fake.get_message(posted.id)
    assert stored.content == "two" and [r["content"] for r in stored.revisions] == ["one"]
    await posted.delete()
    assert stored.deleted
    kinds = [r.kind for r in fake.channel_records(CHANNEL_ID)]
    assert kinds[-3:] == ["channel_message", "channel_edit", "channel_delete"]
    theirs = await fake.send_message("mine")
    with pytest.raises(discord.Forbidden) as refused:
        await channel.get_partial_message(theirs.id).edit(content="hijacked")
    assert refused.value.code == 50005 and theirs.content == "mine"


async def test_heartbeats_are_acknowledged() -> None:
    """With a short interval the client heartbeats on its own, and on request (op 1)."""
    fake = FakeDiscord(heartbeat_interval_ms=200)
    await fake.start()
    try:
        async with running_client(fake, MiniBot()) as client:
            conn = fake.gateway_connections[0]
            await fake.wait_until(lambda: conn.heartbeats >= 3, 5, "three heartbeats")
            assert 0 <= client.latency < 1  # it got the ACKs
            before = conn.heartbeats
            await fake.request_heartbeat()
            await fake.wait_until(lambda: conn.heartbeats > before, 1, "a requested heartbeat")
    finally:
        await fake.stop()


async def test_server_error_is_retried_by_the_client(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    """discord.py retries a 502 on a REST call; the stand-in answers the retry normally."""
    fake = fake_discord
    fake.server_error("POST /interactions/*/callback", status=502)
    interaction = await fake.send_command("ping", {"text": "again"})
    assert (await fake.wait_response(interaction)).content == "again (en-US, tester)"
    statuses = [r.status for r in fake.requests if r.path.endswith("/callback")]
    assert statuses[-2:] == [502, 200]


async def test_a_deleted_channel_and_closed_dms_refuse_as_discord_does(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    """An answer posted into a channel deleted while its interaction was on its way gets
    404 Unknown Channel (10003), public or ephemeral; a DM to a user who takes none gets
    403 Cannot send messages to this user (50007): discord.py's NotFound and Forbidden,
    with Discord's codes, as a bot meets them."""
    fake = fake_discord
    refused: list[discord.HTTPException] = []

    @app_commands.command(description="Answers publicly, then privately, then by DM")
    async def everywhere(interaction: discord.Interaction) -> None:
        for ephemeral in (False, True):
            try:
                await interaction.response.send_message("here", ephemeral=ephemeral)
            except discord.HTTPException as error:
                refused.append(error)
        try:
            await interaction.user.send("by DM")
        except discord.HTTPException as error:
            refused.append(error)

    bot.tree.add_command(everywhere)  # local only: the stand-in infers unsynced commands
    user = fake.make_user("ulla")
    fake.closed_dms.add(user.id)
    on_its_way = asyncio.Event()
    held = fake.hold("POST /interactions/*/callback", on_its_way, count=1)
    asked = await fake.send_command("everywhere", user=user)
    await fake.wait_until(lambda: held.hits == 1, 5, "the answer on its way")
    await fake.delete_channel(CHANNEL_ID)
    on_its_way.set()
    await fake.wait_until(lambda: len(refused) == 3, 5, "three refusals")
    assert [(type(e), e.status, e.code, e.text) for e in refused] == [
        (discord.NotFound, 404, 10003, "Unknown Channel"),
        (discord.NotFound, 404, 10003, "Unknown Channel"),
        (discord.Forbidden, 403, 50007, "Cannot send messages to this user"),
    ]
    assert asked.callback is None and fake.dm_messages(user.id) == []
    fake.closed_dms.clear()
    elsewhere = await fake.send_command("ping", {"text": "still"}, channel_id=QUIZ_CHANNEL_ID)
    assert (await fake.wait_response(elsewhere)).content == "still (en-US, tester)"
    await (await bot.fetch_user(user.id)).send("now open")
    assert [m.content for m in fake.dm_messages(user.id)] == ["now open"]


# --- the stand-in's own surface ------------------------------------------------------------


@pytest.mark.discord_refuses
async def test_rest_surface_details(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    auth = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{fake.api_url}/users/@me", headers=auth) as resp:
            assert resp.status == 200
            assert resp.headers["Content-Type"] == "application/json"  # no charset
        async with http.get(f"{fake.api_url}/users/@me") as resp:
            assert resp.status == 401
        async with http.get(f"{fake.api_url}/gateway/bot", headers=auth) as resp:
            assert (await resp.json())["url"] == fake.gateway_url
        for path in ("/oauth2/applications/@me", "/applications/@me"):
            async with http.get(f"{fake.api_url}{path}", headers=auth) as resp:
                assert (await resp.json())["id"] == str(fake.application_id)
        posts = f"{fake.api_url}/channels/{CHANNEL_ID}/messages"
        async with http.post(posts, headers=auth, json={"content": "psst", "flags": 64}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 50035  # not ephemeral
        async with http.post(posts, headers=auth, json={"content": ""}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 50006  # empty
        assert fake.channel_messages(CHANNEL_ID) == []
        async with http.get(f"{fake.api_url}/guilds/{GUILD_ID}/bans", headers=auth) as resp:
            assert resp.status == 404
            assert (await resp.json())["message"] == "404: Not Found"
        fake.server_error("GET /users/@me", status=503)
        async with http.get(f"{fake.api_url}/users/@me", headers=auth) as resp:
            assert resp.status == 503
            assert resp.headers["Content-Type"] == "application/json"
        fake.rate_limit("/gateway/bot", retry_after=1.5, is_global=True)
        async with http.get(f"{fake.api_url}/gateway/bot", headers=auth) as resp:
            assert resp.status == 429 and resp.headers["Via"] == "1.1 google"
            assert await resp.json() == {
                "message": "You are being rate limited.",
                "retry_after": 1.5,
                "global": True,
                "code": 0,
            }
    assert [(r.method, r.path) for r in fake.unknown_requests] == [
        ("GET", f"/guilds/{GUILD_ID}/bans")
    ]


@pytest.mark.parametrize("guild_id", [None, GUILD_ID], ids=["global", "guild"])
async def test_command_routes_in_either_scope(
    fake_discord: FakeDiscord, guild_id: int | None
) -> None:
    """Create, upsert, read, edit and delete one command through the REST routes of a scope;
    the other scope never sees it."""
    fake = fake_discord
    auth = {"Authorization": f"Bot {fake.token}"}
    scope = f"/guilds/{guild_id}" if guild_id else ""
    base = f"{fake.api_url}/applications/{fake.application_id}{scope}/commands"
    other = None if guild_id else GUILD_ID
    command = {"name": "probe", "description": "First", "type": 1}
    async with aiohttp.ClientSession(headers=auth) as http:
        async with http.post(base, json=command) as resp:
            assert resp.status == 201
            created = await resp.json()
        assert created.get("guild_id") == (str(guild_id) if guild_id else None)
        async with http.post(base, json={**command, "description": "Again"}) as resp:
            assert resp.status == 200  # same name and type: an upsert, same id
            assert (await resp.json())["id"] == created["id"]
        async with http.patch(f"{base}/{created['id']}", json={"description": "Edited"}) as resp:
            assert resp.status == 200
        async with http.get(f"{base}/{created['id']}") as resp:
            assert (await resp.json())["description"] == "Edited"
        async with http.get(base) as resp:
            assert [c["name"] for c in await resp.json()] == ["probe"]
        assert [c["name"] for c in fake.commands_for(guild_id)] == ["probe"]
        assert fake.commands_for(other) == []
        async with http.delete(f"{base}/{created['id']}") as resp:
            assert resp.status == 204
        async with http.get(f"{base}/{created['id']}") as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 10063
        async with http.delete(base) as resp:
            assert resp.status == 405
        wrong_app = base.replace(str(fake.application_id), "1")
        async with http.get(wrong_app) as resp:
            assert resp.status == 403 and (await resp.json())["code"] == 50001
    assert fake.commands_for(guild_id) == []


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name_localizations": {"sv-SE": "visa för alla"}}, "name_localizations.sv-SE"),
        ({"name_localizations": {"sv-SE": "Visa"}}, "name_localizations.sv-SE"),
        ({"name_localizations": {"sv-SE": "x" * 33}}, "name_localizations.sv-SE"),
        ({"description_localizations": {"sv-SE": "x" * 101}}, "description_localizations.sv-SE"),
        ({"choices": [{"name": "x" * 101, "value": "a"}]}, "choices.0.name"),
        (
            {"choices": [{"name": "a", "value": "a", "name_localizations": {"sv-SE": ""}}]},
            "choices.0.name_localizations.sv-SE",
        ),
    ],
)
@pytest.mark.discord_refuses
async def test_a_localised_option_text_breaking_discords_rules_is_refused(
    fake_discord: FakeDiscord, change: dict[str, object], field: str
) -> None:
    """Discord checks a translation as it checks the text it translates; so does the
    stand-in, so a Swedish option name with a space fails the bot's sync in the tests."""
    fake = fake_discord
    auth = {"Authorization": f"Bot {fake.token}"}
    url = f"{fake.api_url}/applications/{fake.application_id}/commands"
    option = {"type": 3, "name": "public", "description": "Show it to all", **change}
    command = {"name": "probe", "description": "Probe", "type": 1, "options": [option]}
    async with aiohttp.ClientSession(headers=auth) as http:
        async with http.put(url, json=[command]) as resp:
            assert resp.status == 400
            body = await resp.json()
        assert body["code"] == 50035 and body["message"] == "Invalid Form Body"
        assert error_fields(body["errors"]) == [f"0.options.0.{field}"]
        fine = {**option, "name_localizations": {"sv-SE": "visa_för_alla"}}
        for refused in ("choices", "description_localizations"):
            fine.pop(refused, None)
        async with http.put(url, json=[{**command, "options": [fine]}]) as resp:
            assert resp.status == 200
    assert fake.commands_for(None)[0]["options"][0]["name_localizations"] == {
        "sv-SE": "visa_för_alla"
    }


async def test_unknown_guild_has_no_commands(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    auth = {"Authorization": f"Bot {fake.token}"}
    url = f"{fake.api_url}/applications/{fake.application_id}/guilds/1/commands"
    async with aiohttp.ClientSession(headers=auth) as http, http.get(url) as resp:
        assert resp.status == 403 and (await resp.json())["code"] == 50001


async def test_response_time_statistics(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    assert percentile([1, 2, 3, 4], 50) == 2.5
    assert percentile([5.0], 99) == 5.0
    fake = fake_discord
    fake.delay("POST /interactions/*/callback", 0.2, count=1)
    sent = [await fake.send_command("ping", {"text": str(n)}) for n in range(5)]
    for interaction in sent:
        await fake.wait_response(interaction)
    stats = fake.response_time_stats()
    assert stats.count == 5 and stats.unanswered == 0
    assert stats.min <= stats.p50 <= stats.p99 <= stats.max
    assert stats.max >= 0.2 > stats.min
    assert sorted(fake.response_times()) == sorted(i.response_time for i in sent)


async def test_late_callback_is_refused_but_counted(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    """A reply after the deadline gets 10062 like on Discord, and still shows in the figures."""
    fake = fake_discord
    fake.delay("POST /interactions/*/callback", 0.3, count=1)
    fake.callback_deadline = 0.2
    late = await fake.send_command("ping", {"text": "slow"})
    await fake.wait_until(lambda: late.late_callbacks == 1, 5, "the late callback")
    assert late.callback is None
    assert late.response_time is not None and late.response_time >= 0.3
    stats = fake.response_time_stats()
    assert (stats.count, stats.unanswered, stats.late) == (1, 0, 1)
    assert stats.max == late.response_time


async def test_an_old_interaction_has_an_old_id_and_less_time(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    """``age``: the id's timestamp is that far back, and Discord's deadline counts from it."""
    fake = fake_discord
    fake.callback_deadline = 1.0
    fake.delay("POST /interactions/*/callback", 0.3, count=2)
    fresh = await fake.send_command("ping", {"text": "fresh"})
    old = await fake.send_command("ping", {"text": "old"}, age=0.8)
    await fake.wait_response(fresh)
    await fake.wait_until(lambda: old.late_callbacks == 1, 5, "the old one's late callback")
    assert old.callback is None
    made = discord.utils.snowflake_time(old.id).timestamp()
    assert 0.7 < time.time() - made < 2.0
    assert len({fake.snowflake(age=0.8) for _ in range(1000)}) == 1000


# --- bot/service/endpoints.py ---------------------------------------------------------------


def test_configure_endpoints_validates_and_restores(caplog: pytest.LogCaptureFixture) -> None:
    before = current_endpoints()
    try:
        with caplog.at_level(logging.INFO, logger="bot.service.endpoints"):
            configure_endpoints("http://user:hunter2@proxy:8080/api/v10/", "wss://gw.example/")
        assert current_endpoints() == (
            "http://user:hunter2@proxy:8080/api/v10",
            "wss://gw.example/",
        )
        assert "hunter2" not in caplog.text and "proxy:8080/api/v10" in caplog.text
        assert discord.http.Route("GET", "/users/@me").url == (
            "http://user:hunter2@proxy:8080/api/v10/users/@me"
        )
        for bad_api in ("ftp://proxy/api/v10", "http://proxy:8080", "http://proxy/api/v9"):
            with pytest.raises(ValueError):
                configure_endpoints(bad_api, None)
        with pytest.raises(ValueError):
            configure_endpoints(None, "wss://gw.example/?v=10")
        with pytest.raises(ValueError):
            configure_endpoints(None, "https://gw.example/")
        configure_endpoints(None, None)
        assert current_endpoints() == (DISCORD_API_BASE, DISCORD_GATEWAY_URL)
        assert DISCORD_API_BASE == "https://discord.com/api/v10"
    finally:
        configure_endpoints(*before)


# --- the bot as a separate process ---------------------------------------------------------

SUBPROCESS_BOT = """
import os

import discord
from discord import app_commands

from bot.service.endpoints import configure_endpoints

configure_endpoints(os.environ.get("DISCORD_API_URL"), os.environ.get("DISCORD_GATEWAY_URL"))
client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
tree = app_commands.CommandTree(client)


@tree.command(description="Answers from another process")
async def ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(f"pong from {os.getpid()}")


async def setup_hook() -> None:
    await tree.sync()

client.setup_hook = setup_hook
client.run(os.environ["DISCORD_TOKEN"], log_handler=None)
"""


async def test_bot_in_a_subprocess(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    env = {**os.environ, **fake.subprocess_env()}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        SUBPROCESS_BOT,
        cwd=Path(__file__).resolve().parents[1],
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        ready = asyncio.create_task(fake.wait_ready(timeout=20))
        exited = asyncio.create_task(proc.wait())
        done, _ = await asyncio.wait({ready, exited}, return_when=asyncio.FIRST_COMPLETED)
        if exited in done:
            ready.cancel()
            output = await proc.stdout.read() if proc.stdout else b""
            pytest.fail(f"bot subprocess exited early:\n{output.decode(errors='replace')}")
        exited.cancel()
        ready.result()
        await fake.wait_until(lambda: fake.sync_count(None) == 1, 5, "command sync")
        interaction = await fake.send_command("ping")
        reply = await fake.wait_response(interaction, timeout=10)
        assert reply.content == f"pong from {proc.pid}"
    finally:
        if proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except TimeoutError:
                proc.kill()
                await proc.wait()
