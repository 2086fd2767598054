"""The stand-in's state and what tests read from it: the world (guilds, users), what the
bot sent, gateway sessions, addresses, waiting for a change, response-time figures."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final

from aiohttp import web

from . import gateway as gw
from .models import (
    DEFAULT_APP_PERMISSIONS,
    MANAGE_GUILD,
    CommandSync,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Fault,
    GatewayOp,
    Refusal,
    RequestLog,
    ResponseTimeStats,
    Sent,
    SentFile,
    SnowflakeGenerator,
)
from .wire import redact

_log = logging.getLogger("tests.fakediscord")

# Fixed ids of the default world, so tests and logs are easy to read.
APPLICATION_ID: Final = 100000000000000001
OWNER_ID: Final = 400000000000000002
GUILD_ID: Final = 200000000000000001
CHANNEL_ID: Final = 300000000000000001
QUIZ_CHANNEL_ID: Final = 300000000000000002
USER_ID: Final = 400000000000000001
#: Every wait is for an event (re-checked on each change of state); its timeout only keeps
#: a broken bot from hanging the suite. On a machine whose cores are busy elsewhere (CI
#: beside other work) the bot may take several times longer than on a quiet one, so each
#: timeout a test names is stretched this many times before it counts as a failure.
PATIENCE: Final = 4.0
#: wait_until re-checks its predicate this often besides whenever the stand-in's state
#: changes (a predicate may read the bot's own state).
RECHECK: Final = 0.05
MODERATOR_ROLE_ID: Final = 500000000000000001


class ServerState:
    """Everything the parts of :class:`~tests.fakediscord.server.FakeDiscord` share; each
    part (a mixin in its own module) builds on this and on the parts it uses."""

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        token: str | None = None,
        application_id: int = APPLICATION_ID,
        bot_username: str = "houseway-test",
        guilds: Sequence[FakeGuild] | None = None,
        heartbeat_interval_ms: int = 41_250,
        callback_deadline: float | None = 3.0,
        allowed_intents: int | None = None,
        app_permissions: int = DEFAULT_APP_PERMISSIONS,
        application_flags: int = 0,
        compression: bool = True,
        message_events: bool = True,
        attachment_size_limit: int = 10 * 1024 * 1024,
    ) -> None:
        """Configure the fake world.

        ``callback_deadline``: seconds after dispatch within which Discord accepts the
        initial callback (3 s for real; None disables the check).
        ``allowed_intents``: privileged intents enabled in the "developer portal" (None:
        all of them); IDENTIFY asking for others is closed with 4014.
        ``compression``: honour ``compress=zlib-stream``; False sends plain text frames.
        ``message_events``: dispatch MESSAGE_CREATE/UPDATE/DELETE for the bot's own
        non-ephemeral messages (when its intents ask for them), as Discord does.
        """
        self.host = host
        self._requested_port = port
        self.token = token or self._make_token(application_id)
        self.application_id = application_id
        self.bot_user = FakeUser(id=application_id, username=bot_username, bot=True)
        self.owner = FakeUser(id=OWNER_ID, username="owner", global_name="Owner")
        self.default_user = FakeUser(id=USER_ID, username="tester", global_name="Tester")
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.callback_deadline = callback_deadline
        self.allowed_intents = allowed_intents
        self.app_permissions = app_permissions
        self.application_flags = application_flags
        self.compression = compression
        self.message_events = message_events
        self.attachment_size_limit = attachment_size_limit
        self.snowflake = SnowflakeGenerator()

        world = list(guilds) if guilds is not None else [self._default_guild()]
        self.guilds: dict[int, FakeGuild] = {g.id: g for g in world}
        #: Servers the bot is not in, where members use it installed to their own account.
        self.guilds_without_bot: dict[int, FakeGuild] = {}
        self.users: dict[int, FakeUser] = {self.default_user.id: self.default_user}
        for guild in world:
            for member in guild.members:
                self.users.setdefault(member.user.id, member.user)
        self._dm_channels: dict[int, int] = {}  # channel id -> user id
        #: Channels deleted (``delete_channel``): an interaction from one that was on its
        #: way is answered 404 Unknown Channel (10003) when the bot posts its answer.
        self.deleted_channels: set[int] = set()
        #: Users who take no DM from the bot (their privacy settings, or no server in
        #: common): a message to their DM is refused 403 (50007), as Discord refuses it.
        self.closed_dms: set[int] = set()

        # REST state
        self.token_refused = False
        self.requests: list[RequestLog] = []
        self.unknown_requests: list[RequestLog] = []
        self.internal_errors: list[str] = []
        #: Requests Discord would refuse as wrong in themselves (an invalid body, an empty
        #: message, a second answer to one interaction): the fixtures fail the test for them.
        self.refusals: list[Refusal] = []
        self.faults: list[Fault] = []
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.sync_log: list[CommandSync] = []
        self.records: list[Sent] = []
        self.messages: dict[int, FakeMessage] = {}
        #: Every message's characters of embeds as Discord counts them (each new message
        #: and each edit); with ``embed_budget`` set, a message over it is refused like one
        #: over Discord's 6,000 (a test's budget: what a phone shows without a long scroll).
        self.embed_sizes: list[int] = []
        self.embed_budget: int | None = None
        self.interactions: dict[int, FakeInteraction] = {}
        self._interactions_by_token: dict[str, FakeInteraction] = {}
        self._blobs: dict[int, SentFile] = {}
        #: A channel message's nonce sent with ``enforce_nonce``: (channel, nonce) -> (the
        #: message's id, when); Discord returns that message for the same nonce within
        #: ``NONCE_WINDOW`` seconds instead of creating another.
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}

        # Gateway state
        self.sessions: dict[str, gw.GatewaySession] = {}
        self.session: gw.GatewaySession | None = None
        #: The latest session per (shard id, shard count), for sharded clients.
        self.shard_sessions: dict[tuple[int, int], gw.GatewaySession] = {}
        self.gateway_connections: list[gw.GatewayConnection] = []
        self.gateway_ops: list[GatewayOp] = []
        self.identify_count = 0
        self.ready_count = 0
        self.resume_count = 0
        self.presence: dict[str, Any] | None = None
        #: (code, reason) every IDENTIFY is answered with, closing (``close_at_identify``).
        self.identify_close: tuple[int, str] | None = None

        self._waiters: list[tuple[Callable[[], bool], asyncio.Future[None]]] = []
        self._runner: web.AppRunner | None = None
        self._port: int | None = None

    # ------------------------------------------------------------------ addresses

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("FakeDiscord is not started")
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_url(self) -> str:
        """REST base, e.g. ``http://127.0.0.1:PORT/api/v10``."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        """Sent as READY's ``resume_gateway_url``; a separate path so tests can check the
        client resumes where it was told to."""
        return f"ws://{self.host}:{self.port}/gateway-resume"

    def subprocess_env(self) -> dict[str, str]:
        """Environment variables for running the bot as a subprocess against the stand-in."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_URL": self.api_url,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    # ------------------------------------------------------------------ world helpers

    def _default_guild(self) -> FakeGuild:
        moderator = FakeRole(id=MODERATOR_ROLE_ID, name="Moderator", permissions=MANAGE_GUILD)
        return FakeGuild(
            id=GUILD_ID,
            name="Houseway Test Guild",
            channels=[
                FakeChannel(id=CHANNEL_ID, name="general", position=0),
                FakeChannel(id=QUIZ_CHANNEL_ID, name="quiz", position=1),
            ],
            roles=[moderator],
            members=[
                FakeMember(user=self.default_user),
                FakeMember(user=self.owner, roles=(MODERATOR_ROLE_ID,)),
            ],
            owner_id=OWNER_ID,
            preferred_locale="sv-SE",
        )

    @property
    def default_guild(self) -> FakeGuild:
        return next(iter(self.guilds.values()))

    @property
    def default_channel_id(self) -> int:
        return self.default_guild.text_channels[0].id

    def add_guild_without_bot(self, name: str = "Elsewhere") -> FakeGuild:
        """A server the bot is not in (no GUILD_CREATE, no REST access to it): commands
        sent there come from members who installed the app to their own account."""
        guild = FakeGuild(
            id=self.snowflake(),
            name=name,
            channels=[FakeChannel(id=self.snowflake(), name="chat", position=0)],
            members=[FakeMember(user=self.default_user)],
        )
        self.guilds_without_bot[guild.id] = guild
        return guild

    def add_text_channels(self, count: int, guild: FakeGuild | None = None) -> list[FakeChannel]:
        """``count`` more text channels (#more-1, #more-2, ...) in ``guild`` (default: the
        first server), for a test that needs many, such as a table in each. Add them before
        the bot connects: they reach it in GUILD_CREATE (no CHANNEL_CREATE is sent)."""
        where = guild or self.default_guild
        first = len(where.channels)
        added = [
            FakeChannel(id=self.snowflake(), name=f"more-{n + 1}", position=first + n)
            for n in range(count)
        ]
        where.channels.extend(added)
        return added

    def make_user(self, username: str, *, global_name: str | None = None) -> FakeUser:
        """A new user (not a guild member unless added to a guild's ``members``)."""
        user = FakeUser(id=self.snowflake(), username=username, global_name=global_name)
        self.users[user.id] = user
        return user

    @staticmethod
    def _make_token(application_id: int) -> str:
        head = base64.b64encode(str(application_id).encode()).decode().rstrip("=")
        return f"{head}.{secrets.token_urlsafe(5)}.{secrets.token_urlsafe(27)}"

    def refuse_token(self, refused: bool = True) -> None:
        """Make every authenticated REST call return 401 and IDENTIFY/RESUME close 4004."""
        self.token_refused = refused

    def _token_ok(self, presented: str | None) -> bool:
        return not self.token_refused and presented is not None and presented == self.token

    def commands_for(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        """Commands currently registered globally (None) or for a guild."""
        return self.commands.get(guild_id, [])

    def sync_count(self, guild_id: int | None = None) -> int:
        """How many bulk overwrites (``tree.sync()``) the bot made for that scope."""
        return sum(1 for s in self.sync_log if s.guild_id == guild_id)

    def channel_messages(
        self, channel_id: int, *, include_ephemeral: bool = True
    ) -> list[FakeMessage]:
        """Current (not deleted) messages in a channel, oldest first."""
        return sorted(
            (
                m
                for m in self.messages.values()
                if m.channel_id == channel_id
                and not m.deleted
                and (include_ephemeral or not m.ephemeral)
            ),
            key=lambda m: m.id,
        )

    def dm_messages(self, user_id: int) -> list[FakeMessage]:
        """What the bot wrote in its DM with a user, oldest first (none if never opened)."""
        channel = next((c for c, u in self._dm_channels.items() if u == user_id), None)
        return [] if channel is None else self.channel_messages(channel)

    def channel_records(self, channel_id: int) -> list[Sent]:
        """Everything the bot sent that landed in a channel, in arrival order."""
        return [r for r in self.records if r.channel_id == channel_id]

    def get_message(self, message_id: int) -> FakeMessage:
        return self.messages[message_id]

    # ------------------------------------------------------------------ waiting

    def _notify(self) -> None:
        for predicate, fut in list(self._waiters):
            if fut.done():
                continue
            try:
                if predicate():
                    fut.set_result(None)
            except Exception as exc:  # a broken predicate should fail the waiting test
                fut.set_exception(exc)

    async def wait_until(
        self, predicate: Callable[[], bool], timeout: float = 5.0, what: str = "condition"
    ) -> None:
        """Wait until ``predicate()`` holds; re-checked whenever the stand-in's state changes
        and every RECHECK seconds (``timeout`` is a safety net, stretched by PATIENCE)."""
        if predicate():
            return
        timeout *= PATIENCE
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (predicate, fut)
        self._waiters.append(entry)
        recheck = asyncio.ensure_future(self._recheck(predicate, fut))
        try:
            await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            raise TimeoutError(
                f"timed out after {timeout}s waiting for {what}\n{self.describe()}"
            ) from None
        finally:
            recheck.cancel()
            with contextlib.suppress(ValueError):
                self._waiters.remove(entry)

    @staticmethod
    async def _recheck(predicate: Callable[[], bool], fut: asyncio.Future[None]) -> None:
        """Re-check ``predicate`` every RECHECK seconds too: a predicate on the bot's own
        state (a table closed, a task done) can come true with no request to the stand-in,
        and would otherwise wait for the next unrelated one (a heartbeat, 41 s later)."""
        while not fut.done():
            await asyncio.sleep(RECHECK)
            try:
                if predicate() and not fut.done():
                    fut.set_result(None)
            except Exception as exc:  # a broken predicate should fail the waiting test
                if not fut.done():
                    fut.set_exception(exc)

    async def wait_ready(self, timeout: float = 10.0, count: int = 1) -> None:
        """Wait until READY (and the GUILD_CREATEs) went out ``count`` times in total."""
        await self.wait_until(lambda: self.ready_count >= count, timeout, f"READY #{count}")

    async def wait_resumed(self, timeout: float = 10.0, count: int = 1) -> None:
        """Wait until ``count`` RESUMEs in total succeeded."""
        await self.wait_until(lambda: self.resume_count >= count, timeout, f"RESUMED #{count}")

    async def wait_response(self, interaction: FakeInteraction, timeout: float = 5.0) -> Sent:
        """The bot's initial callback for ``interaction`` (waits for it)."""
        label = interaction.name or interaction.custom_id or interaction.id
        await self.wait_until(
            lambda: interaction.callback is not None, timeout, f"a response to {label!r}"
        )
        assert interaction.callback is not None
        return interaction.callback

    async def wait_followups(
        self, interaction: FakeInteraction, count: int = 1, timeout: float = 5.0
    ) -> list[Sent]:
        await self.wait_until(
            lambda: len(interaction.followups) >= count,
            timeout,
            f"{count} follow-up(s) to {interaction.name or interaction.custom_id!r}",
        )
        return interaction.followups

    async def wait_records(
        self,
        match: Callable[[Sent], bool] | FakeInteraction,
        count: int = 1,
        timeout: float = 5.0,
    ) -> list[Sent]:
        """Wait for ``count`` records and return the first ``count`` (arrival order).

        ``match`` is either a predicate over all records, or an interaction: then it counts
        ``interaction.records`` (initial callback included, then follow-ups, edits,
        deletes), so ``wait_records(interaction, 3)`` means "the response and two more".
        """
        if isinstance(match, FakeInteraction):
            interaction = match

            def matching() -> list[Sent]:
                return list(interaction.records)

            what = f"{count} record(s) for interaction {interaction.name!r}"
        else:
            predicate = match

            def matching() -> list[Sent]:
                return [r for r in self.records if predicate(r)]

            what = f"{count} matching record(s)"
        await self.wait_until(lambda: len(matching()) >= count, timeout, what)
        return matching()[:count]

    async def wait_channel_messages(
        self, channel_id: int, count: int = 1, timeout: float = 5.0
    ) -> list[Sent]:
        """The first ``count`` ``POST /channels/{channel_id}/messages`` the bot made."""
        return await self.wait_records(
            lambda r: r.kind == "channel_message" and r.channel_id == channel_id, count, timeout
        )

    def describe(self) -> str:
        """A short state dump for failure messages."""
        lines = [
            f"gateway: identify={self.identify_count} ready={self.ready_count} "
            f"resume={self.resume_count} open_connections="
            f"{sum(1 for c in self.gateway_connections if c.open)}",
            "last requests: "
            + ", ".join(f"{r.method} {redact(r.path)} -> {r.status}" for r in self.requests[-8:]),
        ]
        if self.unknown_requests:
            lines.append(
                "UNHANDLED routes: "
                + ", ".join(f"{r.method} {redact(r.path)}" for r in self.unknown_requests)
            )
        if self.internal_errors:
            lines.append("fake Discord errors: " + "; ".join(self.internal_errors))
        if self.refusals:
            lines.append("REFUSED: " + "; ".join(map(str, self.refusals)))
        return "\n".join(lines)

    # ------------------------------------------------------------------ response times

    def response_times(self, interaction_type: int | None = None) -> list[float]:
        """Seconds from dispatch to the first initial callback, accepted or too late."""
        return [
            rt
            for i in self.interactions.values()
            if (interaction_type is None or i.type == interaction_type)
            and (rt := i.response_time) is not None
        ]

    def response_time_stats(self, interaction_type: int | None = None) -> ResponseTimeStats:
        chosen = [
            i
            for i in self.interactions.values()
            if interaction_type is None or i.type == interaction_type
        ]
        unanswered = sum(
            1 for i in chosen if i.dispatched_at is not None and i.first_callback_at is None
        )
        late = sum(1 for i in chosen if i.late_callbacks and i.callback is None)
        return ResponseTimeStats.from_values(
            self.response_times(interaction_type), unanswered, late
        )
