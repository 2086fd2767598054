"""The stand-in itself: an aiohttp app speaking Discord REST v10 and Gateway v10."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import copy
import fnmatch
import json
import logging
import math
import mimetypes
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import unquote

from aiohttp import web

from . import gateway as gw
from .models import (
    COMPONENTS_V2,
    DEFAULT_APP_PERMISSIONS,
    EPHEMERAL,
    LOADING,
    MANAGE_GUILD,
    CallbackType,
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
    InteractionType,
    RequestLog,
    ResponseTimeStats,
    Sent,
    SentFile,
    SnowflakeGenerator,
    iso,
    member_payload,
    next_serial,
    utcnow,
)
from .payloads import (
    OptionValues,
    Resolved,
    build_options,
    find_command,
    modal_submit_components,
)

_log = logging.getLogger("tests.fakediscord")

# Fixed ids of the default world, so tests and logs are easy to read.
APPLICATION_ID: Final = 100000000000000001
OWNER_ID: Final = 400000000000000002
GUILD_ID: Final = 200000000000000001
CHANNEL_ID: Final = 300000000000000001
QUIZ_CHANNEL_ID: Final = 300000000000000002
USER_ID: Final = 400000000000000001
MODERATOR_ROLE_ID: Final = 500000000000000001

_SELECTS: Final = (3, 5, 6, 7, 8)
# Message flags a bot may set when creating / editing a message.
_CREATE_FLAGS: Final = EPHEMERAL | (1 << 2) | (1 << 12) | COMPONENTS_V2
_EDIT_FLAGS: Final = (1 << 2) | COMPONENTS_V2
# Which callback types Discord accepts for which interaction type.
_ALLOWED_CALLBACKS: Final[dict[int, frozenset[int]]] = {
    InteractionType.PING: frozenset({CallbackType.PONG}),
    InteractionType.APPLICATION_COMMAND: frozenset({4, 5, 9, 10, 12}),
    InteractionType.MESSAGE_COMPONENT: frozenset({4, 5, 6, 7, 9, 10, 12}),
    InteractionType.AUTOCOMPLETE: frozenset({8}),
    InteractionType.MODAL_SUBMIT: frozenset({4, 5, 6, 7, 10, 12}),
}
_COMMAND_NAME = re.compile(r"^[-_\w']{1,32}$", re.UNICODE)
_FILE_FIELD = re.compile(r"^files?\[?(\d+)\]?$")


class HTTPError(Exception):
    """A Discord-shaped error response (``{"message", "code", "errors"}``)."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return json_response(body, status=self.status)


def invalid_form(field: str, message: str, code: str = "BASE_TYPE_INVALID") -> HTTPError:
    """Discord's 50035 "Invalid Form Body" with one field error."""
    errors: dict[str, Any] = {}
    node = errors
    parts = field.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = {"_errors": [{"code": code, "message": message}]}
    return HTTPError(400, 50035, f"Invalid Form Body ({field}: {message})", errors)


def too_long(field: str, limit: int) -> HTTPError:
    return invalid_form(field, f"Must be {limit} or fewer in length.", "BASE_TYPE_MAX_LENGTH")


def bad_length(field: str, low: int, high: int) -> HTTPError:
    return invalid_form(
        field, f"Must be between {low} and {high} in length.", "BASE_TYPE_BAD_LENGTH"
    )


def bad_name(field: str) -> HTTPError:
    return invalid_form(field, "Command name is invalid", "APPLICATION_COMMAND_INVALID_NAME")


def json_response(
    data: Any, *, status: int = 200, headers: Mapping[str, str] | None = None
) -> web.Response:
    """JSON with *exactly* ``Content-Type: application/json``.

    discord.py compares the header with ``==`` (``json_or_text``); aiohttp's own
    ``json_response`` would append ``; charset=utf-8`` and the client would then treat
    every body as text.
    """
    all_headers = {"Content-Type": "application/json"}
    if headers:
        all_headers.update(headers)
    return web.Response(status=status, body=json.dumps(data).encode(), headers=all_headers)


Params = dict[str, str]  # named groups of the matched route
Handler = Callable[[web.Request, Params, float], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class _Route:
    method: str
    pattern: re.Pattern[str]
    handler: Handler
    auth: bool


@dataclass
class _Context:
    """Where an interaction happens and who triggers it."""

    user: FakeUser
    guild: FakeGuild | None
    channel: dict[str, Any]
    channel_id: int
    member: FakeMember | None
    permissions: int
    roles: tuple[int, ...]
    nick: str | None


class FakeDiscord:
    """An in-process Discord stand-in for end-to-end tests of a real discord.py client.

    Start it, point the client at :attr:`api_url` / :attr:`gateway_url` (see
    ``bot.endpoints.configure_endpoints``), log in with :attr:`token`, then drive it with
    :meth:`send_command`, :meth:`click`, :meth:`submit_modal`, :meth:`send_autocomplete`
    and inspect what the bot sent through :class:`FakeInteraction` / :class:`Sent` records.
    See the package docstring for what is (not) modelled.
    """

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
        self.users: dict[int, FakeUser] = {self.default_user.id: self.default_user}
        for guild in world:
            for member in guild.members:
                self.users.setdefault(member.user.id, member.user)
        self._dm_channels: dict[int, int] = {}  # channel id -> user id

        # REST state
        self.token_refused = False
        self.requests: list[RequestLog] = []
        self.unknown_requests: list[RequestLog] = []
        self.internal_errors: list[str] = []
        self.faults: list[Fault] = []
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.sync_log: list[CommandSync] = []
        self.records: list[Sent] = []
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self._interactions_by_token: dict[str, FakeInteraction] = {}
        self._blobs: dict[int, SentFile] = {}

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

        self._waiters: list[tuple[Callable[[], bool], asyncio.Future[None]]] = []
        self._routes = self._build_routes()
        self._runner: web.AppRunner | None = None
        self._port: int | None = None

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeDiscord:
        """Bind to ``host`` on an ephemeral port (reachable by subprocesses too)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._handle_rest)
        app.router.add_get("/gateway", self._handle_gateway)
        app.router.add_get("/gateway-resume", self._handle_gateway)
        app.router.add_get("/attachments/{channel}/{attachment}/{filename}", self._handle_blob)
        app.router.add_route("*", "/{tail:.*}", self._handle_stray)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self._requested_port)
        await site.start()
        server = site._server  # aiohttp exposes the bound port only here
        assert server is not None and server.sockets
        self._port = int(server.sockets[0].getsockname()[1])
        _log.info("fake Discord listening on %s", self.base_url)
        return self

    async def stop(self) -> None:
        for conn in self.gateway_connections:
            if conn.open:
                await conn.close(1001, "fake Discord shutting down")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        for _, fut in self._waiters:
            if not fut.done():
                fut.cancel()
        self._waiters.clear()

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

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
        """Wait until ``predicate()`` holds; re-checked whenever the stand-in's state changes."""
        if predicate():
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (predicate, fut)
        self._waiters.append(entry)
        try:
            await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            raise TimeoutError(
                f"timed out after {timeout}s waiting for {what}\n{self.describe()}"
            ) from None
        finally:
            with contextlib.suppress(ValueError):
                self._waiters.remove(entry)

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
            + ", ".join(f"{r.method} {_redact(r.path)} -> {r.status}" for r in self.requests[-8:]),
        ]
        if self.unknown_requests:
            lines.append(
                "UNHANDLED routes: "
                + ", ".join(f"{r.method} {_redact(r.path)}" for r in self.unknown_requests)
            )
        if self.internal_errors:
            lines.append("fake Discord errors: " + "; ".join(self.internal_errors))
        return "\n".join(lines)

    # ------------------------------------------------------------------ faults

    def inject(
        self,
        route: str,
        *,
        status: int | None = None,
        count: int | None = 1,
        delay: float = 0.0,
        retry_after: float = 1.0,
        is_global: bool = False,
        via: bool = True,
        body: dict[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Fault:
        """Add a fault for the next ``count`` requests matching ``route``.

        ``route`` is ``"METHOD /glob"`` or ``"/glob"``, the glob matching the path below
        ``/api/v10`` (``*`` also spans ``/``), e.g. ``"POST /interactions/*/callback"``.
        """
        method, _, path = route.partition(" ") if " " in route else ("", "", route)
        fault = Fault(
            method=method.upper() or None,
            path=path,
            status=status,
            retry_after=retry_after,
            is_global=is_global,
            via=via,
            delay=delay,
            count=count,
            body=body,
            headers=dict(headers or {}),
        )
        self.faults.append(fault)
        return fault

    def rate_limit(
        self,
        route: str,
        retry_after: float = 0.5,
        *,
        count: int | None = 1,
        is_global: bool = False,
        via: bool = True,
    ) -> Fault:
        """429 with ``retry_after`` and the ``Via`` header discord.py takes as "real Discord"
        (without it, discord.py assumes a Cloudflare ban and raises instead of waiting)."""
        return self.inject(
            route, status=429, count=count, retry_after=retry_after, is_global=is_global, via=via
        )

    def server_error(self, route: str, status: int = 500, *, count: int | None = 1) -> Fault:
        return self.inject(route, status=status, count=count)

    def delay(self, route: str, seconds: float, *, count: int | None = 1) -> Fault:
        """Hold matching requests for ``seconds`` and then handle them normally."""
        return self.inject(route, delay=seconds, count=count)

    def clear_faults(self) -> None:
        self.faults.clear()

    def _take_fault(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.exhausted:
                continue
            if fault.method is not None and fault.method != method:
                continue
            if not fnmatch.fnmatchcase(path, fault.path):
                continue
            fault.hits += 1
            return fault
        return None

    @staticmethod
    def _fault_response(fault: Fault) -> web.Response:
        assert fault.status is not None
        headers = dict(fault.headers)
        if fault.status == 429:
            body = fault.body or {
                "message": "You are being rate limited.",
                "retry_after": fault.retry_after,
                "global": fault.is_global,
                "code": 0,
            }
            headers.setdefault("Retry-After", str(math.ceil(fault.retry_after)))
            headers.setdefault("X-RateLimit-Scope", "global" if fault.is_global else "user")
            if fault.is_global:
                headers.setdefault("X-RateLimit-Global", "true")
            if fault.via:
                headers.setdefault("Via", "1.1 google")
        else:
            body = fault.body or {"message": f"{fault.status}: injected fault", "code": 0}
        return json_response(body, status=fault.status, headers=headers)

    # ------------------------------------------------------------------ REST plumbing

    def _build_routes(self) -> list[_Route]:
        table: list[tuple[str, str, Handler, bool]] = [
            ("GET", r"/users/@me", self._get_me, True),
            ("GET", r"/users/(?P<user>\d+)", self._get_user, True),
            ("POST", r"/users/@me/channels", self._create_dm, True),
            ("GET", r"/gateway", self._get_gateway, False),
            ("GET", r"/gateway/bot", self._get_gateway_bot, True),
            ("GET", r"/oauth2/applications/@me", self._get_application, True),
            ("GET", r"/applications/@me", self._get_application, True),
            ("GET", r"/applications/(?P<app>\d+)/commands", self._list_commands, True),
            ("PUT", r"/applications/(?P<app>\d+)/commands", self._put_commands, True),
            ("POST", r"/applications/(?P<app>\d+)/commands", self._post_command, True),
            ("GET", r"/applications/(?P<app>\d+)/commands/(?P<cmd>\d+)", self._get_command, True),
            (
                "PATCH",
                r"/applications/(?P<app>\d+)/commands/(?P<cmd>\d+)",
                self._patch_command,
                True,
            ),
            (
                "DELETE",
                r"/applications/(?P<app>\d+)/commands/(?P<cmd>\d+)",
                self._delete_command,
                True,
            ),
            (
                "GET",
                r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands",
                self._list_commands,
                True,
            ),
            (
                "PUT",
                r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands",
                self._put_commands,
                True,
            ),
            (
                "POST",
                r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands",
                self._post_command,
                True,
            ),
            (
                "GET",
                r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands/(?P<cmd>\d+)",
                self._get_command,
                True,
            ),
            (
                "PATCH",
                r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands/(?P<cmd>\d+)",
                self._patch_command,
                True,
            ),
            (
                "DELETE",
                r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands/(?P<cmd>\d+)",
                self._delete_command,
                True,
            ),
            (
                "POST",
                r"/interactions/(?P<id>\d+)/(?P<token>[^/]+)/callback",
                self._interaction_callback,
                False,
            ),
            ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", self._webhook_execute, False),
            (
                "GET",
                r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
                self._webhook_get,
                False,
            ),
            (
                "PATCH",
                r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
                self._webhook_edit,
                False,
            ),
            (
                "DELETE",
                r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
                self._webhook_delete,
                False,
            ),
            ("GET", r"/channels/(?P<channel>\d+)", self._get_channel, True),
            ("GET", r"/channels/(?P<channel>\d+)/messages", self._list_messages, True),
            ("POST", r"/channels/(?P<channel>\d+)/messages", self._post_message, True),
            (
                "GET",
                r"/channels/(?P<channel>\d+)/messages/(?P<mid>\d+)",
                self._get_channel_message,
                True,
            ),
            (
                "PATCH",
                r"/channels/(?P<channel>\d+)/messages/(?P<mid>\d+)",
                self._edit_channel_message,
                True,
            ),
            (
                "DELETE",
                r"/channels/(?P<channel>\d+)/messages/(?P<mid>\d+)",
                self._delete_channel_message,
                True,
            ),
            ("POST", r"/channels/(?P<channel>\d+)/typing", self._typing, True),
            (
                "PUT",
                r"/channels/(?P<channel>\d+)/messages/(?P<mid>\d+)/reactions/(?P<emoji>[^/]+)/@me",
                self._add_reaction,
                True,
            ),
            (
                "DELETE",
                r"/channels/(?P<channel>\d+)/messages/(?P<mid>\d+)/reactions/(?P<emoji>[^/]+)/@me",
                self._remove_reaction,
                True,
            ),
            ("GET", r"/guilds/(?P<guild>\d+)", self._get_guild, True),
            ("GET", r"/guilds/(?P<guild>\d+)/channels", self._get_guild_channels, True),
            ("GET", r"/guilds/(?P<guild>\d+)/members/(?P<user>\d+)", self._get_member, True),
        ]
        return [
            _Route(method, re.compile(pattern + r"/?\Z"), handler, auth)
            for method, pattern, handler, auth in table
        ]

    async def _handle_rest(self, request: web.Request) -> web.StreamResponse:
        arrived = time.monotonic()
        method = request.method
        path = "/" + request.match_info["tail"]
        entry = RequestLog(method, path, dict(request.query), arrived)
        self.requests.append(entry)
        response: web.StreamResponse
        try:
            fault = self._take_fault(method, path)
            if fault is not None:
                entry.fault = fault
                if fault.delay:
                    # Models a slow network: the request "arrives" after the delay.
                    await asyncio.sleep(fault.delay)
                    arrived = time.monotonic()
            if fault is not None and fault.status is not None:
                response = self._fault_response(fault)
            else:
                response = await self._route(request, method, path, entry, arrived)
        except HTTPError as exc:
            response = exc.response()
        except Exception as exc:
            # A bug in the stand-in, not in the bot: answer 400 (discord.py would retry a 5xx
            # for ~16 s) and remember it so the fixture can fail the test loudly.
            _log.exception("fake Discord failed on %s %s", method, _redact(path))
            self.internal_errors.append(f"{method} {_redact(path)}: {exc!r}")
            response = json_response(
                {"message": f"fake Discord internal error: {exc!r}", "code": 0}, status=400
            )
        entry.status = response.status
        self._notify()
        return response

    async def _route(
        self, request: web.Request, method: str, path: str, entry: RequestLog, arrived: float
    ) -> web.StreamResponse:
        path_matched = False
        for route in self._routes:
            match = route.pattern.match(path)
            if match is None:
                continue
            path_matched = True
            if route.method != method:
                continue
            if route.auth and not self._token_ok(_bot_token(request)):
                raise HTTPError(401, 0, "401: Unauthorized")
            return await route.handler(request, match.groupdict(), arrived)
        _log.warning("fake Discord: unhandled route %s %s", method, _redact(path))
        self.unknown_requests.append(entry)
        if path_matched:
            raise HTTPError(405, 0, "405: Method Not Allowed")
        raise HTTPError(404, 0, "404: Not Found")

    async def _handle_stray(self, request: web.Request) -> web.StreamResponse:
        entry = RequestLog(request.method, request.path, dict(request.query), time.monotonic())
        entry.status = 404
        self.requests.append(entry)
        self.unknown_requests.append(entry)
        _log.warning("fake Discord: request outside /api/v10: %s %s", request.method, request.path)
        self._notify()
        return HTTPError(404, 0, "404: Not Found").response()

    async def _handle_blob(self, request: web.Request) -> web.StreamResponse:
        """Serve uploaded files at the attachment URLs given back to the bot (a tiny CDN)."""
        try:
            blob = self._blobs[int(request.match_info["attachment"])]
        except (KeyError, ValueError):
            return web.Response(status=404)
        ctype = blob.content_type or "application/octet-stream"
        return web.Response(body=blob.data, headers={"Content-Type": ctype})

    async def _read_body(self, request: web.Request) -> tuple[Any, list[SentFile]]:
        """JSON body, or multipart ``payload_json`` plus ``files[n]`` parts (raw bytes)."""
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            payload: Any = None
            files: list[SentFile] = []
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, _BodyPart):
                    raise invalid_form("multipart", "nested multipart is not supported")
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                elif part.filename is not None or _FILE_FIELD.match(part.name or ""):
                    data = bytes(await part.read(decode=False))
                    files.append(
                        SentFile(
                            field=part.name or "",
                            filename=part.filename,
                            content_type=part.headers.get("Content-Type"),
                            data=data,
                        )
                    )
                else:
                    raise invalid_form(part.name or "multipart", "unexpected form field")
            if payload is None:
                raise invalid_form("payload_json", "multipart request without payload_json")
            for f in files:
                if len(f.data) > self.attachment_size_limit:
                    raise HTTPError(413, 40005, "Request entity too large")
            return payload, files
        raw = await request.read()
        if not raw:
            return {}, []
        if request.content_type != "application/json":
            raise invalid_form("body", f"unsupported Content-Type {request.content_type!r}")
        try:
            return json.loads(raw), []
        except ValueError:
            raise HTTPError(400, 50109, "The request body contains invalid JSON.") from None

    # ------------------------------------------------------------------ REST: identity

    def _me_payload(self) -> dict[str, Any]:
        return {
            **self.bot_user.to_payload(),
            "verified": True,
            "mfa_enabled": False,
            "email": None,
            "locale": "en-US",
            "flags": 0,
        }

    async def _get_me(self, request: web.Request, p: Params, at: float) -> web.Response:
        return json_response(self._me_payload())

    async def _get_user(self, request: web.Request, p: Params, at: float) -> web.Response:
        uid = int(p["user"])
        if uid == self.bot_user.id:
            return json_response(self.bot_user.to_payload())
        user = self.users.get(uid)
        if user is None:
            raise HTTPError(404, 10013, "Unknown User")
        return json_response(user.to_payload())

    async def _create_dm(self, request: web.Request, p: Params, at: float) -> web.Response:
        body, _ = await self._read_body(request)
        user = self.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            raise HTTPError(400, 50007, "Cannot send messages to this user")
        return json_response(self._dm_channel_payload(user))

    def _dm_channel_payload(self, user: FakeUser) -> dict[str, Any]:
        channel_id = next((c for c, u in self._dm_channels.items() if u == user.id), None)
        if channel_id is None:
            channel_id = self.snowflake()
            self._dm_channels[channel_id] = user.id
        return {
            "id": str(channel_id),
            "type": 1,
            "last_message_id": None,
            "recipients": [user.to_payload()],
            "flags": 0,
        }

    async def _get_gateway(self, request: web.Request, p: Params, at: float) -> web.Response:
        return json_response({"url": self.gateway_url})

    async def _get_gateway_bot(self, request: web.Request, p: Params, at: float) -> web.Response:
        return json_response(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000 - self.identify_count,
                    "reset_after": 14_400_000,
                    "max_concurrency": 1,
                },
            }
        )

    async def _get_application(self, request: web.Request, p: Params, at: float) -> web.Response:
        return json_response(
            {
                "id": str(self.application_id),
                "name": self.bot_user.username,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": self.bot_user.to_payload(),
                "owner": self.owner.to_payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": self.application_flags,
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "approximate_guild_count": len(self.guilds),
                "integration_types_config": {"0": {}},
            }
        )

    # ------------------------------------------------------------------ REST: commands

    def _check_app(self, p: dict[str, str]) -> int | None:
        if int(p["app"]) != self.application_id:
            raise HTTPError(403, 50001, "Missing Access")
        guild = p.get("guild")
        if guild is None:
            return None
        if int(guild) not in self.guilds:
            raise HTTPError(403, 50001, "Missing Access")
        return int(guild)

    def _validate_options(self, options: Any, where: str, depth: int = 0) -> None:
        if not isinstance(options, list):
            raise invalid_form(where, "must be a list")
        if len(options) > 25:
            raise invalid_form(where, "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        seen_optional = False
        names: set[str] = set()
        for i, opt in enumerate(options):
            here = f"{where}.{i}"
            name = opt.get("name", "")
            if not _COMMAND_NAME.match(name) or name != name.lower():
                raise bad_name(f"{here}.name")
            if name in names:
                raise invalid_form(
                    f"{here}.name",
                    "Option names must be unique",
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                )
            names.add(name)
            if not 1 <= len(opt.get("description", "")) <= 100:
                raise bad_length(f"{here}.description", 1, 100)
            if len(opt.get("choices") or []) > 25:
                raise too_long(f"{here}.choices", 25)
            if opt.get("type") in (1, 2):
                if depth >= 2:
                    raise invalid_form(f"{here}.type", "Subcommands nested too deeply")
                self._validate_options(opt.get("options") or [], f"{here}.options", depth + 1)
            elif opt.get("required"):
                if seen_optional:
                    raise invalid_form(
                        here,
                        "Required options must be placed before non-required options",
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    )
            else:
                seen_optional = True

    def _make_command(
        self, scope: int | None, body: dict[str, Any], where: str, existing: dict[str, Any] | None
    ) -> dict[str, Any]:
        ctype = body.get("type", 1)
        name = body.get("name", "")
        if ctype == 1:
            if not _COMMAND_NAME.match(name) or name != name.lower():
                raise bad_name(f"{where}.name")
        elif not 1 <= len(name) <= 32:  # user/message commands: any case, spaces allowed
            raise bad_name(f"{where}.name")
        description = body.get("description") or ""
        if ctype == 1 and not 1 <= len(description) <= 100:
            raise bad_length(f"{where}.description", 1, 100)
        self._validate_options(body.get("options") or [], f"{where}.options")
        cmd: dict[str, Any] = {
            "id": existing["id"] if existing else str(self.snowflake()),
            "application_id": str(self.application_id),
            "version": str(self.snowflake()),
            "type": ctype,
            "name": name,
            "name_localizations": body.get("name_localizations"),
            "description": description,
            "description_localizations": body.get("description_localizations"),
            "options": copy.deepcopy(body.get("options") or []),
            # Discord accepts a number or a string and always answers with a string.
            "default_member_permissions": (
                None if (perms := body.get("default_member_permissions")) is None else str(perms)
            ),
            "dm_permission": body.get("dm_permission", True),
            "contexts": body.get("contexts"),
            "integration_types": body.get("integration_types") or [0],
            "nsfw": body.get("nsfw", False),
        }
        if scope is not None:
            cmd["guild_id"] = str(scope)
        return cmd

    async def _list_commands(self, request: web.Request, p: Params, at: float) -> web.Response:
        scope = self._check_app(p)
        return json_response(self.commands_for(scope))

    async def _put_commands(self, request: web.Request, p: Params, at: float) -> web.Response:
        scope = self._check_app(p)
        body, _ = await self._read_body(request)
        if not isinstance(body, list):
            raise invalid_form("body", "must be a list of commands")
        old = {(c["name"], c["type"]): c for c in self.commands_for(scope)}
        new: list[dict[str, Any]] = []
        seen: set[tuple[str, int]] = set()
        for i, item in enumerate(body):
            key = (item.get("name", ""), item.get("type", 1))
            if key in seen:
                raise invalid_form(
                    f"{i}.name",
                    "Application command names must be unique",
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                )
            seen.add(key)
            new.append(self._make_command(scope, item, str(i), old.get(key)))
        if sum(1 for c in new if c["type"] == 1) > 100:
            raise invalid_form("body", "Must be 100 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        self.commands[scope] = new
        self.sync_log.append(CommandSync(scope, copy.deepcopy(new), at))
        return json_response(new)

    async def _post_command(self, request: web.Request, p: Params, at: float) -> web.Response:
        scope = self._check_app(p)
        body, _ = await self._read_body(request)
        current = self.commands.setdefault(scope, [])
        key = (body.get("name", ""), body.get("type", 1))
        existing = next((c for c in current if (c["name"], c["type"]) == key), None)
        cmd = self._make_command(scope, body, "body", existing)
        if existing is not None:
            current[current.index(existing)] = cmd
            return json_response(cmd)
        current.append(cmd)
        return json_response(cmd, status=201)

    def _find_command_by_id(self, scope: int | None, cmd_id: str) -> dict[str, Any]:
        for cmd in self.commands_for(scope):
            if cmd["id"] == cmd_id:
                return cmd
        raise HTTPError(404, 10063, "Unknown application command")

    async def _get_command(self, request: web.Request, p: Params, at: float) -> web.Response:
        scope = self._check_app(p)
        return json_response(self._find_command_by_id(scope, p["cmd"]))

    async def _patch_command(self, request: web.Request, p: Params, at: float) -> web.Response:
        scope = self._check_app(p)
        existing = self._find_command_by_id(scope, p["cmd"])
        body, _ = await self._read_body(request)
        cmd = self._make_command(scope, {**existing, **body}, "body", existing)
        current = self.commands[scope]
        current[current.index(existing)] = cmd
        return json_response(cmd)

    async def _delete_command(self, request: web.Request, p: Params, at: float) -> web.Response:
        scope = self._check_app(p)
        existing = self._find_command_by_id(scope, p["cmd"])
        self.commands[scope].remove(existing)
        return web.Response(status=204)

    # ------------------------------------------------------------------ messages

    def _validate_message(self, msg: FakeMessage, *, where: str = "") -> None:
        prefix = f"{where}." if where else ""
        if len(msg.content) > 2000:
            raise too_long(f"{prefix}content", 2000)
        if len(msg.embeds) > 10:
            raise too_long(f"{prefix}embeds", 10)
        total = 0
        for i, embed in enumerate(msg.embeds):
            limits = {"title": 256, "description": 4096}
            for key, limit in limits.items():
                value = embed.get(key) or ""
                total += len(value)
                if len(value) > limit:
                    raise too_long(f"{prefix}embeds.{i}.{key}", limit)
            fields = embed.get("fields") or []
            if len(fields) > 25:
                raise too_long(f"{prefix}embeds.{i}.fields", 25)
            for j, fld in enumerate(fields):
                name, value = fld.get("name") or "", fld.get("value") or ""
                if not name or len(name) > 256 or not value or len(value) > 1024:
                    raise bad_length(f"{prefix}embeds.{i}.fields.{j}.name/value", 1, 1024)
                total += len(name) + len(value)
            total += len((embed.get("footer") or {}).get("text") or "")
            total += len((embed.get("author") or {}).get("name") or "")
        if total > 6000:
            raise invalid_form(
                f"{prefix}embeds",
                "Embed size exceeds maximum size of 6000",
                "MAX_EMBED_SIZE_EXCEEDED",
            )
        if msg.flags & COMPONENTS_V2:
            if msg.content or msg.embeds:
                raise invalid_form(
                    f"{prefix}components",
                    "content and embeds cannot be used with IS_COMPONENTS_V2",
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                )
        elif len(msg.components) > 5:
            raise too_long(f"{prefix}components", 5)
        if not (msg.content or msg.embeds or msg.components or msg.attachments or msg.loading):
            raise HTTPError(400, 50006, "Cannot send an empty message")

    def _apply_body(
        self, msg: FakeMessage, body: dict[str, Any], files: list[SentFile], *, creating: bool
    ) -> FakeMessage:
        """Return a copy of ``msg`` with ``body`` applied (validated, not yet stored)."""
        out = copy.copy(msg)
        out.embeds, out.components = list(msg.embeds), list(msg.components)
        out.attachments, out.files = list(msg.attachments), dict(msg.files)
        if "content" in body:
            out.content = body["content"] or ""
        if "embeds" in body:
            out.embeds = list(body["embeds"] or [])
        if "components" in body:
            out.components = list(body["components"] or [])
        if "tts" in body and creating:
            out.tts = bool(body["tts"])
        if body.get("flags") is not None:
            allowed = _CREATE_FLAGS if creating else _EDIT_FLAGS
            out.flags = (out.flags & ~allowed) | (int(body["flags"]) & allowed)
        by_index: dict[int, SentFile] = {}
        for pos, f in enumerate(files):
            m = _FILE_FIELD.match(f.field)
            by_index[int(m.group(1)) if m else pos] = f
        referenced: set[int] = set()
        if "attachments" in body and body["attachments"] is not None:
            kept: list[dict[str, Any]] = []
            existing = {a["id"]: a for a in out.attachments}
            for item in body["attachments"]:
                aid = str(item.get("id"))
                if aid in existing:
                    kept.append(existing[aid])
                elif aid.isdigit() and int(aid) in by_index:
                    referenced.add(int(aid))
                    kept.append(self._new_attachment(out, by_index[int(aid)], item))
                else:
                    raise invalid_form("attachments", f"Unknown attachment id {aid}")
            out.attachments = kept
        for index, f in sorted(by_index.items()):
            if index not in referenced:
                out.attachments.append(self._new_attachment(out, f, {}))
        live = {a["id"] for a in out.attachments}
        out.files = {aid: f for aid, f in out.files.items() if str(aid) in live}
        return out

    def _new_attachment(
        self, msg: FakeMessage, f: SentFile, meta: dict[str, Any]
    ) -> dict[str, Any]:
        aid = self.snowflake()
        filename = meta.get("filename") or f.filename or "unknown"
        guessed = mimetypes.guess_type(filename)[0]
        ctype = guessed or f.content_type or "application/octet-stream"
        blob = SentFile(f.field, filename, ctype, f.data)
        self._blobs[aid] = blob
        msg.files[aid] = blob
        url = f"{self.base_url}/attachments/{msg.channel_id}/{aid}/{filename}"
        att = {
            "id": str(aid),
            "filename": filename,
            "size": len(f.data),
            "url": url,
            "proxy_url": url,
            "content_type": ctype,
        }
        if meta.get("description"):
            att["description"] = meta["description"]
        return att

    def _commit(self, msg: FakeMessage, updated: FakeMessage, *, edited: bool) -> FakeMessage:
        if edited:
            msg.revisions.append(msg.to_payload())
            updated.edited_at = utcnow()
        updated.revisions = msg.revisions
        for name in (
            "content",
            "embeds",
            "components",
            "flags",
            "attachments",
            "files",
            "tts",
            "edited_at",
        ):
            setattr(msg, name, getattr(updated, name))
        return msg

    def _new_message(
        self,
        channel_id: int,
        guild_id: int | None,
        *,
        author: dict[str, Any] | None = None,
        interaction: FakeInteraction | None = None,
        type_: int = 0,
    ) -> FakeMessage:
        msg = FakeMessage(
            id=self.snowflake(),
            channel_id=channel_id,
            guild_id=guild_id,
            author=author or self.bot_user.to_payload(),
            type=type_,
        )
        if interaction is not None:
            msg.interaction_id = interaction.id
            msg.webhook_id = self.application_id
            msg.application_id = self.application_id
            msg.interaction_metadata = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.to_payload(),
                "authorizing_integration_owners": interaction.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
            if interaction.name:
                msg.interaction_metadata["name"] = interaction.name
            if interaction.type == InteractionType.APPLICATION_COMMAND:
                msg.type = 20
        return msg

    def _record(self, sent: Sent, interaction: FakeInteraction | None = None) -> Sent:
        self.records.append(sent)
        if interaction is not None:
            interaction.records.append(sent)
        return sent

    def _sent(
        self,
        kind: Any,
        request: web.Request,
        payload: Any,
        files: list[SentFile],
        at: float,
        **extra: Any,
    ) -> Sent:
        return Sent(
            kind=kind,
            method=request.method,
            path=_redact("/" + request.match_info.get("tail", "")),
            payload=payload if isinstance(payload, dict) else {"_": payload},
            files=files,
            at=at,
            wall_time=utcnow(),
            **extra,
        )

    async def _message_event(self, event: str, msg: FakeMessage) -> None:
        """MESSAGE_CREATE/UPDATE/DELETE for messages the bot made, if its intents want them."""
        session = self.session
        if not self.message_events or session is None or msg.ephemeral or msg.loading:
            return
        intent = gw.GUILD_MESSAGES_INTENT if msg.guild_id else gw.DIRECT_MESSAGES_INTENT
        if not session.intents & intent:
            return
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
        else:
            data = msg.to_payload()
        with contextlib.suppress(RuntimeError):
            await self.dispatch(event, data)

    # ------------------------------------------------------------------ REST: interactions

    async def _interaction_callback(
        self, request: web.Request, p: Params, at: float
    ) -> web.StreamResponse:
        inter = self.interactions.get(int(p["id"]))
        if inter is None or inter.token != p["token"]:
            raise HTTPError(404, 10062, "Unknown interaction")
        body, files = await self._read_body(request)
        if inter.callback is not None:
            raise HTTPError(400, 40060, "Interaction has already been acknowledged.")
        if (
            self.callback_deadline is not None
            and inter.dispatched_at is not None
            and at - inter.dispatched_at > self.callback_deadline
        ):
            inter.late_callbacks += 1
            if inter.first_callback_at is None:
                inter.first_callback_at = at  # a late reply still counts in the figures
            _log.warning(
                "interaction %s answered after %.2fs (deadline %.1fs): Unknown interaction",
                inter.name or inter.custom_id,
                at - inter.dispatched_at,
                self.callback_deadline,
            )
            raise HTTPError(404, 10062, "Unknown interaction")
        ctype = body.get("type")
        if ctype not in _ALLOWED_CALLBACKS.get(inter.type, frozenset()):
            raise invalid_form(
                "type", f"callback type {ctype} is not valid for interaction type {inter.type}"
            )
        data = body.get("data") or {}
        message: FakeMessage | None = None
        event: str | None = None
        if ctype == CallbackType.CHANNEL_MESSAGE:
            fresh = self._new_message(inter.channel_id, inter.guild_id, interaction=inter)
            message = self._apply_body(fresh, data, files, creating=True)
            self._validate_message(message, where="data")
            event = "MESSAGE_CREATE"
        elif ctype == CallbackType.DEFERRED_CHANNEL_MESSAGE:
            message = self._new_message(inter.channel_id, inter.guild_id, interaction=inter)
            message.flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            event = "MESSAGE_CREATE"
        elif ctype in (CallbackType.DEFERRED_UPDATE_MESSAGE, CallbackType.UPDATE_MESSAGE):
            source_id = int((inter.payload.get("message") or {}).get("id", 0))
            source = self.messages.get(source_id)
            if source is None:
                raise HTTPError(400, 50035, "This interaction has no message to update")
            if ctype == CallbackType.UPDATE_MESSAGE:
                updated = self._apply_body(source, data, files, creating=False)
                self._validate_message(updated, where="data")
                message = self._commit(source, updated, edited=True)
                event = "MESSAGE_UPDATE"
            else:
                message = source
        elif ctype == CallbackType.AUTOCOMPLETE_RESULT:
            choices = data.get("choices")
            if not isinstance(choices, list) or len(choices) > 25:
                raise invalid_form("data.choices", "Must be a list of 25 or fewer choices.")
        elif ctype == CallbackType.MODAL:
            if not data.get("custom_id") or not data.get("title") or not data.get("components"):
                raise invalid_form("data", "A modal needs custom_id, title and components")
            if len(data["title"]) > 45:
                raise too_long("data.title", 45)

        if message is not None:
            self.messages[message.id] = message
            inter.original_message_id = message.id
        sent = self._sent(
            "callback",
            request,
            body,
            files,
            at,
            callback_type=ctype,
            interaction_id=inter.id,
            channel_id=inter.channel_id,
            message_id=message.id if message else None,
        )
        inter.callback = sent
        inter.callback_at = at
        if inter.first_callback_at is None:
            inter.first_callback_at = at
        self._record(sent, inter)
        if message is not None and event is not None:
            await self._message_event(event, message)

        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return web.Response(status=204)
        answer: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        result: dict[str, Any] = {"interaction": answer}
        if message is not None:
            answer["response_message_id"] = str(message.id)
            answer["response_message_loading"] = message.loading
            answer["response_message_ephemeral"] = message.ephemeral
            if ctype != CallbackType.DEFERRED_UPDATE_MESSAGE:
                result["resource"] = {"type": ctype, "message": message.to_payload()}
        elif ctype in (CallbackType.AUTOCOMPLETE_RESULT, CallbackType.MODAL):
            result["resource"] = {"type": ctype}
        return json_response(result)

    def _webhook_interaction(self, p: dict[str, str]) -> FakeInteraction:
        inter = self._interactions_by_token.get(p["token"])
        if int(p["app"]) != self.application_id or inter is None:
            raise HTTPError(404, 10015, "Unknown Webhook")
        return inter

    def _webhook_message(self, inter: FakeInteraction, mid: str) -> FakeMessage:
        message_id = inter.original_message_id if mid == "@original" else int(mid)
        msg = self.messages.get(message_id) if message_id is not None else None
        if msg is None or msg.deleted:
            raise HTTPError(404, 10008, "Unknown Message")
        if mid != "@original" and msg.interaction_id != inter.id:
            raise HTTPError(404, 10008, "Unknown Message")
        return msg

    async def _webhook_execute(
        self, request: web.Request, p: Params, at: float
    ) -> web.StreamResponse:
        inter = self._webhook_interaction(p)
        body, files = await self._read_body(request)
        if inter.callback is None:
            raise HTTPError(404, 10015, "Unknown Webhook")
        original = self.messages.get(inter.original_message_id or 0)
        if original is not None and original.loading and not original.deleted:
            # Discord: the first follow-up after a "thinking" defer replaces the loading
            # message (keeping its ephemerality) instead of posting a new one.
            updated = self._apply_body(original, body, files, creating=False)
            updated.flags &= ~LOADING
            self._validate_message(updated)
            message = self._commit(original, updated, edited=False)
            event = "MESSAGE_UPDATE"
        else:
            fresh = self._new_message(inter.channel_id, inter.guild_id, interaction=inter)
            message = self._apply_body(fresh, body, files, creating=True)
            self._validate_message(message)
            self.messages[message.id] = message
            event = "MESSAGE_CREATE"
        sent = self._sent(
            "followup",
            request,
            body,
            files,
            at,
            interaction_id=inter.id,
            channel_id=inter.channel_id,
            message_id=message.id,
        )
        self._record(sent, inter)
        await self._message_event(event, message)
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.to_payload())
        return web.Response(status=204)

    async def _webhook_get(self, request: web.Request, p: Params, at: float) -> web.Response:
        inter = self._webhook_interaction(p)
        return json_response(self._webhook_message(inter, p["mid"]).to_payload())

    async def _webhook_edit(self, request: web.Request, p: Params, at: float) -> web.Response:
        inter = self._webhook_interaction(p)
        msg = self._webhook_message(inter, p["mid"])
        body, files = await self._read_body(request)
        updated = self._apply_body(msg, body, files, creating=False)
        was_loading = msg.loading
        updated.flags &= ~LOADING
        self._validate_message(updated)
        self._commit(msg, updated, edited=not was_loading)
        sent = self._sent(
            "edit",
            request,
            body,
            files,
            at,
            interaction_id=inter.id,
            channel_id=msg.channel_id,
            message_id=msg.id,
        )
        self._record(sent, inter)
        await self._message_event("MESSAGE_UPDATE", msg)
        return json_response(msg.to_payload())

    async def _webhook_delete(self, request: web.Request, p: Params, at: float) -> web.Response:
        inter = self._webhook_interaction(p)
        msg = self._webhook_message(inter, p["mid"])
        msg.deleted = True
        sent = self._sent(
            "delete",
            request,
            {},
            [],
            at,
            interaction_id=inter.id,
            channel_id=msg.channel_id,
            message_id=msg.id,
        )
        self._record(sent, inter)
        await self._message_event("MESSAGE_DELETE", msg)
        return web.Response(status=204)

    # ------------------------------------------------------------------ REST: channels, guilds

    def _channel(self, channel_id: int) -> tuple[dict[str, Any], int | None]:
        for guild in self.guilds.values():
            channel = guild.channel(channel_id)
            if channel is not None:
                return channel.to_payload(guild.id), guild.id
        if channel_id in self._dm_channels:
            return self._dm_channel_payload(self.users[self._dm_channels[channel_id]]), None
        raise HTTPError(404, 10003, "Unknown Channel")

    def _channel_message(self, channel_id: int, mid: str) -> FakeMessage:
        self._channel(channel_id)
        msg = self.messages.get(int(mid))
        if msg is None or msg.deleted or msg.channel_id != channel_id or msg.ephemeral:
            raise HTTPError(404, 10008, "Unknown Message")
        return msg

    async def _get_channel(self, request: web.Request, p: Params, at: float) -> web.Response:
        return json_response(self._channel(int(p["channel"]))[0])

    async def _list_messages(self, request: web.Request, p: Params, at: float) -> web.Response:
        channel_id = int(p["channel"])
        self._channel(channel_id)
        msgs = self.channel_messages(channel_id, include_ephemeral=False)
        if "before" in request.query:
            msgs = [m for m in msgs if m.id < int(request.query["before"])]
        if "after" in request.query:
            msgs = [m for m in msgs if m.id > int(request.query["after"])]
        limit = int(request.query.get("limit", 50))
        newest_first = list(reversed(msgs))[:limit]
        return json_response([m.to_payload() for m in newest_first])

    async def _post_message(self, request: web.Request, p: Params, at: float) -> web.Response:
        channel_id = int(p["channel"])
        _, guild_id = self._channel(channel_id)
        body, files = await self._read_body(request)
        reply = body.get("message_reference")
        fresh = self._new_message(channel_id, guild_id, type_=19 if reply else 0)
        message = self._apply_body(fresh, body, files, creating=True)
        if message.flags & EPHEMERAL:
            raise invalid_form("flags", "Ephemeral messages can only be sent by interactions")
        self._validate_message(message)
        self.messages[message.id] = message
        sent = self._sent(
            "channel_message",
            request,
            body,
            files,
            at,
            channel_id=channel_id,
            message_id=message.id,
        )
        self._record(sent)
        await self._message_event("MESSAGE_CREATE", message)
        return json_response(message.to_payload())

    async def _get_channel_message(
        self, request: web.Request, p: Params, at: float
    ) -> web.Response:
        return json_response(self._channel_message(int(p["channel"]), p["mid"]).to_payload())

    async def _edit_channel_message(
        self, request: web.Request, p: Params, at: float
    ) -> web.Response:
        channel_id = int(p["channel"])
        msg = self._channel_message(channel_id, p["mid"])
        if msg.author.get("id") != str(self.bot_user.id):
            raise HTTPError(403, 50005, "Cannot edit a message authored by another user")
        body, files = await self._read_body(request)
        updated = self._apply_body(msg, body, files, creating=False)
        self._validate_message(updated)
        self._commit(msg, updated, edited=True)
        sent = self._sent(
            "channel_edit", request, body, files, at, channel_id=channel_id, message_id=msg.id
        )
        self._record(sent)
        await self._message_event("MESSAGE_UPDATE", msg)
        return json_response(msg.to_payload())

    async def _delete_channel_message(
        self, request: web.Request, p: Params, at: float
    ) -> web.Response:
        channel_id = int(p["channel"])
        msg = self._channel_message(channel_id, p["mid"])
        msg.deleted = True
        sent = self._sent(
            "channel_delete", request, {}, [], at, channel_id=channel_id, message_id=msg.id
        )
        self._record(sent)
        await self._message_event("MESSAGE_DELETE", msg)
        return web.Response(status=204)

    async def _typing(self, request: web.Request, p: Params, at: float) -> web.Response:
        self._channel(int(p["channel"]))
        return web.Response(status=204)

    async def _add_reaction(self, request: web.Request, p: Params, at: float) -> web.Response:
        channel_id = int(p["channel"])
        msg = self._channel_message(channel_id, p["mid"])
        emoji = unquote(p["emoji"])
        msg.reactions.append(emoji)
        sent = self._sent(
            "reaction",
            request,
            {"emoji": emoji},
            [],
            at,
            channel_id=channel_id,
            message_id=msg.id,
        )
        self._record(sent)
        return web.Response(status=204)

    async def _remove_reaction(self, request: web.Request, p: Params, at: float) -> web.Response:
        msg = self._channel_message(int(p["channel"]), p["mid"])
        emoji = unquote(p["emoji"])
        if emoji in msg.reactions:
            msg.reactions.remove(emoji)
        return web.Response(status=204)

    def _guild(self, p: dict[str, str]) -> FakeGuild:
        guild = self.guilds.get(int(p["guild"]))
        if guild is None:
            raise HTTPError(404, 10004, "Unknown Guild")
        return guild

    async def _get_guild(self, request: web.Request, p: Params, at: float) -> web.Response:
        payload = self._guild_payload(self._guild(p))
        for key in ("channels", "members", "voice_states", "presences", "threads"):
            payload.pop(key, None)
        return json_response(payload)

    async def _get_guild_channels(self, request: web.Request, p: Params, at: float) -> web.Response:
        guild = self._guild(p)
        return json_response([c.to_payload(guild.id) for c in guild.channels])

    async def _get_member(self, request: web.Request, p: Params, at: float) -> web.Response:
        guild = self._guild(p)
        uid = int(p["user"])
        if uid == self.bot_user.id:
            return json_response(member_payload(self._bot_member()))
        member = guild.member(uid)
        if member is None:
            raise HTTPError(404, 10007, "Unknown Member")
        return json_response(member_payload(member))

    # ------------------------------------------------------------------ gateway

    def _bot_member(self) -> FakeMember:
        return FakeMember(user=self.bot_user)

    def _guild_payload(self, guild: FakeGuild) -> dict[str, Any]:
        members = [self._bot_member(), *guild.members]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id or self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_payload() for r in (guild.everyone_role(), *guild.roles)],
            "emojis": [],
            "stickers": [],
            "features": list(guild.features),
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.preferred_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso(utcnow()),
            "large": False,
            "unavailable": False,
            "member_count": len(members),
            "voice_states": [],
            "members": [member_payload(m) for m in members],
            "channels": [c.to_payload(guild.id) for c in guild.channels],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _ready_payload(self, session: gw.GatewaySession) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "v": 10,
            "user": self._me_payload(),
            "guilds": [
                {"id": str(g), "unavailable": True}
                for g in self.guilds
                if self._on_shard(g, session)
            ],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_gateway_url,
            "application": {"id": str(self.application_id), "flags": self.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["stockholm", "rotterdam"],
            "user_settings": {},
            "_trace": ['["fake-discord-gateway",{"micros":0}]'],
        }
        if session.shard is not None:
            payload["shard"] = session.shard
        return payload

    async def _handle_gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        query = dict(request.query)
        compression = (
            "zlib-stream" if self.compression and query.get("compress") == "zlib-stream" else None
        )
        conn = gw.GatewayConnection(
            id=next_serial(),
            ws=ws,
            request=request,
            path=request.path,
            query=query,
            compression=compression,
        )
        self.gateway_connections.append(conn)
        self._notify()
        try:
            if query.get("v") != "10":
                await conn.close(gw.INVALID_API_VERSION, "Invalid API version")
                return ws
            if query.get("encoding", "json") != "json":
                await conn.close(gw.DECODE_ERROR, "Only encoding=json is modelled")
                return ws
            await conn.send(
                {
                    "op": gw.HELLO,
                    "d": {
                        "heartbeat_interval": self.heartbeat_interval_ms,
                        "_trace": ['["fake-discord-gateway",{"micros":0}]'],
                    },
                }
            )
            async for msg in ws:
                if msg.type.name == "TEXT":
                    text = msg.data
                elif msg.type.name == "BINARY":
                    text = bytes(msg.data).decode("utf-8", "replace")
                else:
                    break
                try:
                    payload = json.loads(text)
                    op = payload["op"]
                except (ValueError, KeyError, TypeError):
                    await conn.close(gw.DECODE_ERROR, "Error while decoding payload")
                    break
                try:
                    await self._on_gateway_payload(conn, op, payload.get("d"))
                except Exception as exc:
                    _log.exception("fake Discord gateway failed on op %s", op)
                    self.internal_errors.append(f"gateway op {op}: {exc!r}")
                    await conn.close(gw.UNKNOWN_ERROR, "fake Discord internal error")
                    break
                if ws.closed:
                    break
        except ConnectionError:
            pass  # the bot vanished mid-send; the finally block records the closure
        finally:
            conn.closed_at = time.monotonic()
            conn.close_code = ws.close_code
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
            self._notify()
        return ws

    async def _on_gateway_payload(self, conn: gw.GatewayConnection, op: int, d: Any) -> None:
        redacted = {**d, "token": "<redacted>"} if isinstance(d, dict) and "token" in d else d
        self.gateway_ops.append(GatewayOp(conn.id, op, redacted, time.monotonic()))
        if op == gw.HEARTBEAT:
            conn.heartbeats += 1
            await conn.send({"op": gw.HEARTBEAT_ACK})
        elif op == gw.IDENTIFY:
            await self._identify(conn, d or {})
        elif op == gw.RESUME:
            await self._resume(conn, d or {})
        elif conn.session is None:
            await conn.close(gw.NOT_AUTHENTICATED, "Not authenticated.")
        elif op == gw.PRESENCE_UPDATE:
            self.presence = d
        elif op == gw.REQUEST_GUILD_MEMBERS:
            await self._members_chunk(conn.session, d or {})
        elif op == gw.VOICE_STATE_UPDATE:
            pass  # recorded above; voice is not modelled
        else:
            await conn.close(gw.UNKNOWN_OPCODE, "Unknown opcode.")
        self._notify()

    async def _identify(self, conn: gw.GatewayConnection, d: dict[str, Any]) -> None:
        if conn.session is not None:
            await conn.close(gw.ALREADY_AUTHENTICATED, "Already authenticated.")
            return
        if not self._token_ok(d.get("token")):
            await conn.close(gw.AUTHENTICATION_FAILED, "Authentication failed.")
            return
        intents = d.get("intents")
        if not isinstance(intents, int) or intents < 0:
            await conn.close(gw.INVALID_INTENTS, "Invalid intent(s).")
            return
        allowed = gw.PRIVILEGED_INTENTS if self.allowed_intents is None else self.allowed_intents
        if intents & gw.PRIVILEGED_INTENTS & ~allowed:
            await conn.close(gw.DISALLOWED_INTENTS, "Disallowed intent(s).")
            return
        session = gw.GatewaySession(id=secrets.token_hex(16), intents=intents, shard=d.get("shard"))
        self.sessions[session.id] = session
        self.session = session
        if isinstance(session.shard, list) and len(session.shard) == 2:
            self.shard_sessions[(int(session.shard[0]), int(session.shard[1]))] = session
        conn.session = session
        conn.identified = True
        session.connection = conn
        self.identify_count += 1
        async with session.lock:
            session.seq += 1
            ready = self._ready_payload(session)
            await conn.send({"op": gw.DISPATCH, "t": "READY", "s": session.seq, "d": ready})
            for guild in self.guilds.values():
                if self._on_shard(guild.id, session):
                    await self._dispatch_locked(session, "GUILD_CREATE", self._guild_payload(guild))
        self.ready_count += 1

    async def _resume(self, conn: gw.GatewayConnection, d: dict[str, Any]) -> None:
        if conn.session is not None:
            await conn.close(gw.ALREADY_AUTHENTICATED, "Already authenticated.")
            return
        if not self._token_ok(d.get("token")):
            await conn.close(gw.AUTHENTICATION_FAILED, "Authentication failed.")
            return
        session = self.sessions.get(d.get("session_id") or "")
        if session is None or not session.resumable:
            await conn.send({"op": gw.INVALID_SESSION, "d": False})
            return
        last_seen = int(d.get("seq") or 0)
        old = session.connection
        if old is not None and old is not conn and old.open:
            await old.close(gw.UNKNOWN_ERROR, "Session resumed elsewhere")
        async with session.lock:
            conn.session = session
            conn.resumed = True
            session.connection = conn
            for frame in [f for f in session.events if f["s"] > last_seen]:
                self._before_send(frame)
                await conn.send(frame)
            session.seq += 1
            resumed = {"op": gw.DISPATCH, "t": "RESUMED", "s": session.seq, "d": {"_trace": []}}
            await conn.send(resumed)
        session.resumes += 1
        self.resume_count += 1

    async def _members_chunk(self, session: gw.GatewaySession, d: dict[str, Any]) -> None:
        raw = d.get("guild_id")
        ids = raw if isinstance(raw, list) else [raw]
        for gid in ids:
            guild = self.guilds.get(int(gid))
            if guild is None:
                continue
            members = [self._bot_member(), *guild.members]
            user_ids = {int(u) for u in d.get("user_ids") or []}
            if user_ids:
                members = [m for m in members if m.user.id in user_ids]
            elif d.get("query"):
                q = str(d["query"]).lower()
                members = [m for m in members if m.user.username.lower().startswith(q)]
            limit = int(d.get("limit") or 0)
            if limit:
                members = members[:limit]
            chunk: dict[str, Any] = {
                "guild_id": str(guild.id),
                "members": [member_payload(m) for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [str(u) for u in user_ids - {m.user.id for m in members}],
            }
            if d.get("nonce"):
                chunk["nonce"] = d["nonce"]
            await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _before_send(self, frame: dict[str, Any]) -> None:
        if frame.get("t") == "INTERACTION_CREATE":
            inter = self.interactions.get(int(frame["d"]["id"]))
            if inter is not None and inter.dispatched_at is None:
                inter.dispatched_at = time.monotonic()

    async def _dispatch_locked(
        self, session: gw.GatewaySession, event: str, data: dict[str, Any]
    ) -> int:
        session.seq += 1
        frame = {"op": gw.DISPATCH, "t": event, "s": session.seq, "d": data}
        if event not in gw.NOT_REPLAYED:
            session.events.append(frame)
        conn = session.connection
        if conn is not None and conn.open:
            self._before_send(frame)
            if not await conn.send(frame) and event == "INTERACTION_CREATE":
                inter = self.interactions.get(int(data["id"]))
                if inter is not None:
                    inter.dispatched_at = None  # will be stamped again on replay
        return session.seq

    @staticmethod
    def _on_shard(guild_id: int, session: gw.GatewaySession) -> bool:
        """Discord's rule: a guild lives on shard (guild_id >> 22) % shard_count."""
        shard = session.shard
        if not (isinstance(shard, list) and len(shard) == 2 and shard[1] > 1):
            return True
        return (guild_id >> 22) % int(shard[1]) == int(shard[0])

    def _session_for(self, guild_id: int | None) -> gw.GatewaySession | None:
        """The session that carries a guild's events: its shard's, else the current one."""
        if guild_id is not None:
            for session in self.shard_sessions.values():
                if self._on_shard(guild_id, session) and session.shard and session.shard[1] > 1:
                    return session
        return self.session

    async def dispatch(self, event: str, data: dict[str, Any], guild_id: int | None = None) -> int:
        """Send a DISPATCH to the session of ``guild_id``'s shard, else the current session
        (buffered for RESUME if disconnected).

        Returns its sequence number.
        """
        session = self._session_for(guild_id)
        if session is None:
            raise RuntimeError("no gateway session: the bot has not IDENTIFYed yet")
        async with session.lock:
            seq = await self._dispatch_locked(session, event, data)
        self._notify()
        return seq

    def _live_connection(self) -> gw.GatewayConnection:
        session = self.session
        if session is not None and session.connection is not None and session.connection.open:
            return session.connection
        for conn in reversed(self.gateway_connections):
            if conn.open:
                return conn
        raise RuntimeError("no open gateway connection")

    async def drop_connection(self, timeout: float = 5.0) -> gw.GatewayConnection:
        """Kill the bot's gateway TCP connection without a close frame (network failure).

        The session stays resumable; discord.py should come back with RESUME.
        """
        conn = self._live_connection()
        conn.abort()
        await self.wait_until(lambda: conn.closed_at is not None, timeout, "the dropped socket")
        return conn

    async def send_reconnect(self) -> gw.GatewayConnection:
        """Op 7 RECONNECT: the client should close and RESUME."""
        conn = self._live_connection()
        await conn.send({"op": gw.RECONNECT, "d": None})
        return conn

    async def invalidate_session(self, resumable: bool = False) -> gw.GatewayConnection:
        """Op 9 INVALID_SESSION. ``resumable=False`` kills the session: the client must
        IDENTIFY again (discord.py first sleeps in ``before_identify_hook``, 5 s by default)."""
        conn = self._live_connection()
        if conn.session is not None and not resumable:
            conn.session.resumable = False
        await conn.send({"op": gw.INVALID_SESSION, "d": resumable})
        return conn

    async def close_gateway(self, code: int = gw.UNKNOWN_ERROR, reason: str = "") -> None:
        """Close the connection with a close frame and code (4004 = auth failed, ...)."""
        await self._live_connection().close(code, reason)

    async def request_heartbeat(self) -> None:
        """Op 1 from the server: the client must heartbeat immediately."""
        conn = self._live_connection()
        seq = conn.session.seq if conn.session else None
        await conn.send({"op": gw.HEARTBEAT, "d": seq})

    # ------------------------------------------------------------------ interactions

    def _context(
        self,
        *,
        user: FakeUser | FakeMember | None,
        guild_id: int | None,
        channel_id: int | None,
        dm: bool,
        permissions: int | str | None,
        roles: Iterable[int] | None,
        nick: str | None,
    ) -> _Context:
        member: FakeMember | None = user if isinstance(user, FakeMember) else None
        fake_user = member.user if member else (user or self.default_user)
        assert isinstance(fake_user, FakeUser)
        self.users.setdefault(fake_user.id, fake_user)
        if dm:
            channel = self._dm_channel_payload(fake_user)
            return _Context(
                fake_user,
                None,
                channel,
                int(channel["id"]),
                None,
                int(permissions) if permissions is not None else 0,
                (),
                None,
            )
        guild = self.guilds[guild_id] if guild_id is not None else self.default_guild
        if channel_id is None:
            channel_obj = guild.text_channels[0]
        else:
            found = guild.channel(channel_id)
            if found is None:
                raise LookupError(f"guild {guild.id} has no channel {channel_id}")
            channel_obj = found
        member = member or guild.member(fake_user.id) or FakeMember(user=fake_user)
        channel = channel_obj.to_payload(guild.id)
        perms = int(permissions) if permissions is not None else member.permissions
        channel["permissions"] = str(perms)
        return _Context(
            user=fake_user,
            guild=guild,
            channel=channel,
            channel_id=channel_obj.id,
            member=member,
            permissions=perms,
            roles=tuple(roles) if roles is not None else member.roles,
            nick=nick if nick is not None else member.nick,
        )

    async def _send_interaction(
        self,
        itype: int,
        data: dict[str, Any],
        ctx: _Context,
        *,
        locale: str,
        message: FakeMessage | None = None,
    ) -> FakeInteraction:
        iid = self.snowflake()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "channel_id": str(ctx.channel_id),
            "channel": ctx.channel,
            "token": token,
            "version": 1,
            "locale": locale,
            "app_permissions": str(self.app_permissions),
            "entitlements": [],
            "attachment_size_limit": self.attachment_size_limit,
        }
        if ctx.guild is not None and ctx.member is not None:
            payload["guild_id"] = str(ctx.guild.id)
            payload["guild_locale"] = ctx.guild.preferred_locale
            payload["guild"] = {
                "id": str(ctx.guild.id),
                "locale": ctx.guild.preferred_locale,
                "features": list(ctx.guild.features),
            }
            payload["member"] = member_payload(
                ctx.member, permissions=ctx.permissions, roles=ctx.roles, nick=ctx.nick
            )
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(ctx.guild.id)}
        else:
            payload["user"] = ctx.user.to_payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": "0"}
        if message is not None:
            payload["message"] = message.to_payload()
        inter = FakeInteraction(
            id=iid,
            token=token,
            type=itype,
            payload=payload,
            user=ctx.user,
            guild_id=ctx.guild.id if ctx.guild else None,
            channel_id=ctx.channel_id,
            created_at=time.monotonic(),
        )
        self.interactions[iid] = inter
        self._interactions_by_token[token] = inter
        await self.dispatch(
            "INTERACTION_CREATE", payload, guild_id=ctx.guild.id if ctx.guild else None
        )
        return inter

    def _command_data(
        self,
        name: str,
        options: OptionValues,
        ctx: _Context,
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        top, *path = name.split()
        cmd = find_command(self.commands_for, top, ctx.guild.id if ctx.guild else None)
        resolved = Resolved(ctx.guild)
        schema = (cmd.get("options") or []) if cmd else None
        built = build_options(schema, path, options, resolved, focused=focused)
        data: dict[str, Any] = {
            "id": cmd["id"] if cmd else str(self.snowflake()),
            "name": top,
            "type": 1,
        }
        if built:
            data["options"] = built
        if cmd is not None and cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved.to_payload():
            data["resolved"] = resolved.to_payload()
        return data

    async def send_command(
        self,
        name: str,
        options: OptionValues = None,
        *,
        user: FakeUser | FakeMember | None = None,
        locale: str = "en-US",
        permissions: int | str | None = None,
        roles: Iterable[int] | None = None,
        nick: str | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        dm: bool = False,
    ) -> FakeInteraction:
        """Dispatch a slash command (INTERACTION_CREATE type 2) and return its record.

        ``name`` may include subcommands: ``"quiz start"``. ``options`` maps option names
        to values (typed from the synced command if the bot synced it, else inferred; pass
        FakeUser/FakeRole/FakeChannel for those option types) or is a raw option list.
        ``permissions`` is the member's resolved permission bitfield; defaults come from the
        guild's member entry. ``guild_id``/``channel_id`` default to the first guild and its
        first text channel; ``dm=True`` sends it from a DM instead.
        """
        ctx = self._context(
            user=user,
            guild_id=guild_id,
            channel_id=channel_id,
            dm=dm,
            permissions=permissions,
            roles=roles,
            nick=nick,
        )
        data = self._command_data(name, options, ctx)
        return await self._send_interaction(
            InteractionType.APPLICATION_COMMAND, data, ctx, locale=locale
        )

    async def send_autocomplete(
        self,
        name: str,
        focused: str,
        value: str,
        *,
        options: Mapping[str, Any] | None = None,
        user: FakeUser | FakeMember | None = None,
        locale: str = "en-US",
        permissions: int | str | None = None,
        roles: Iterable[int] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        dm: bool = False,
    ) -> FakeInteraction:
        """Dispatch an autocomplete request (type 4): the user is typing ``value`` into
        option ``focused`` of ``name`` (``"cmd sub"`` for subcommands); ``options`` are the
        other options already filled in. The answer is a callback of type 8:
        ``(await fake.wait_response(interaction)).choices``."""
        ctx = self._context(
            user=user,
            guild_id=guild_id,
            channel_id=channel_id,
            dm=dm,
            permissions=permissions,
            roles=roles,
            nick=None,
        )
        filled = {**(options or {}), focused: value}
        data = self._command_data(name, filled, ctx, focused=focused)
        return await self._send_interaction(InteractionType.AUTOCOMPLETE, data, ctx, locale=locale)

    def _resolve_message(self, message: FakeMessage | FakeInteraction | int) -> FakeMessage:
        if isinstance(message, FakeInteraction):
            if message.original_message_id is None:
                raise LookupError("that interaction has no response message yet")
            return self.messages[message.original_message_id]
        if isinstance(message, int):
            return self.messages[message]
        return message

    async def click(
        self,
        message: FakeMessage | FakeInteraction | int,
        custom_id: str,
        *,
        values: Sequence[str] | None = None,
        component_type: int | None = None,
        user: FakeUser | FakeMember | None = None,
        locale: str = "en-US",
        permissions: int | str | None = None,
        roles: Iterable[int] | None = None,
    ) -> FakeInteraction:
        """Click a button / pick select values on a message the bot sent (type 3).

        ``message`` may be the FakeInteraction whose response carries the component.
        Clicking a disabled or missing component raises, as the Discord UI would not allow it.
        """
        msg = self._resolve_message(message)
        comp = msg.find_component(custom_id)
        if comp is None and component_type is None:
            raise LookupError(
                f"message {msg.id} has no component {custom_id!r}; has {msg.custom_ids()}"
            )
        if comp is not None and comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        ctype = component_type or (comp or {}).get("type", 2)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if ctype in _SELECTS:
            picked = list(values or [])
            if comp is not None:
                lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
                if not lo <= len(picked) <= hi:
                    raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {picked}")
                if ctype == 3:
                    allowed = [o.get("value") for o in comp.get("options", [])]
                    bad = [v for v in picked if v not in allowed]
                    if bad:
                        raise ValueError(
                            f"select {custom_id!r} has no options {bad}; has {allowed}"
                        )
            data["values"] = picked
        elif values:
            raise ValueError("values only make sense for select menus")
        ctx = self._context(
            user=user,
            guild_id=msg.guild_id,
            channel_id=msg.channel_id if msg.guild_id else None,
            dm=msg.guild_id is None,
            permissions=permissions,
            roles=roles,
            nick=None,
        )
        return await self._send_interaction(
            InteractionType.MESSAGE_COMPONENT, data, ctx, locale=locale, message=msg
        )

    async def submit_modal(
        self,
        source: FakeInteraction | None,
        values: Mapping[str, str | Sequence[str]],
        *,
        custom_id: str | None = None,
        user: FakeUser | FakeMember | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        """Submit the modal the bot opened in answer to ``source`` (type 5).

        ``values`` maps input custom_ids to text (or lists for selects); the layout mirrors
        the modal the bot sent. With ``source=None`` give ``custom_id`` and the values become
        plain text inputs.
        """
        shown: list[dict[str, Any]] | None = None
        message: FakeMessage | None = None
        if source is not None:
            cb = source.callback
            if cb is None or cb.callback_type != CallbackType.MODAL:
                raise ValueError("the bot did not answer that interaction with a modal")
            custom_id = custom_id or cb.data["custom_id"]
            shown = cb.data.get("components") or []
            if source.type == InteractionType.MESSAGE_COMPONENT:
                message = self.messages.get(int(source.payload["message"]["id"]))
        if not custom_id:
            raise ValueError("custom_id is required without a source interaction")
        data = {"custom_id": custom_id, "components": modal_submit_components(shown, values)}
        if source is not None:
            ctx = self._context(
                user=user or source.user,
                guild_id=source.guild_id,
                channel_id=source.channel_id if source.guild_id else None,
                dm=source.guild_id is None,
                permissions=None,
                roles=None,
                nick=None,
            )
            locale = locale or source.locale
        else:
            ctx = self._context(
                user=user,
                guild_id=None,
                channel_id=None,
                dm=False,
                permissions=None,
                roles=None,
                nick=None,
            )
        return await self._send_interaction(
            InteractionType.MODAL_SUBMIT, data, ctx, locale=locale or "en-US", message=message
        )

    async def send_message(
        self,
        content: str,
        *,
        channel_id: int | None = None,
        user: FakeUser | None = None,
    ) -> FakeMessage:
        """A user posts in a guild channel: MESSAGE_CREATE (content blanked without the
        MESSAGE_CONTENT intent unless the bot is mentioned, like Discord)."""
        guild = self.default_guild
        if channel_id is not None:
            guild = next((g for g in self.guilds.values() if g.channel(channel_id)), guild)
        cid = channel_id or guild.text_channels[0].id
        author = user or self.default_user
        msg = self._new_message(cid, guild.id, author=author.to_payload())
        msg.content = content
        self.messages[msg.id] = msg
        session = self.session
        if session is not None and session.intents & gw.GUILD_MESSAGES_INTENT:
            payload = msg.to_payload()
            mentioned = f"<@{self.bot_user.id}>" in content
            if not session.intents & gw.MESSAGE_CONTENT_INTENT and not mentioned:
                payload["content"] = ""
            member = guild.member(author.id) or FakeMember(user=author)
            payload["member"] = member_payload(member, include_user=False)
            await self.dispatch("MESSAGE_CREATE", payload)
        return msg

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


try:  # aiohttp keeps BodyPartReader in aiohttp.multipart
    from aiohttp import BodyPartReader as _BodyPart
except ImportError:  # pragma: no cover - very old aiohttp
    from aiohttp.multipart import BodyPartReader as _BodyPart


def _bot_token(request: web.Request) -> str | None:
    header = request.headers.get("Authorization", "")
    return header[4:] if header.startswith("Bot ") else None


_TOKEN_IN_PATH = re.compile(r"(/(?:webhooks/\d+|interactions/\d+)/)[^/]+")


def _redact(path: str) -> str:
    """Interaction/webhook tokens live in URL paths; keep them out of logs and messages."""
    return _TOKEN_IN_PATH.sub(r"\1<token>", path)
