"""The stand-in itself: an aiohttp app speaking Discord REST v10 and Gateway v10.

This module composes :class:`FakeDiscord` from its parts (one mixin a module, see the
package docstring), starts and stops the server, and lists the REST routes.
"""

from __future__ import annotations

import logging

from aiohttp import web

from .callbacks import CallbacksMixin
from .commands import CommandsMixin
from .interactions import InteractionsMixin
from .wire import RouteSpec

_log = logging.getLogger("tests.fakediscord")


class FakeDiscord(CallbacksMixin, CommandsMixin, InteractionsMixin):
    """An in-process Discord stand-in for end-to-end tests of a real discord.py client.

    Start it, point the client at :attr:`api_url` / :attr:`gateway_url` (see
    ``bot.service.endpoints.configure_endpoints``), log in with :attr:`token`, then drive it with
    :meth:`send_command`, :meth:`click`, :meth:`submit_modal`, :meth:`send_autocomplete`
    and inspect what the bot sent through :class:`FakeInteraction` / :class:`Sent` records.
    See the package docstring for what is (not) modelled.
    """

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
        # Discord's edge takes a burst of connections; aiohttp's default backlog (128) drops
        # some, and each dropped one costs the bot a 1-second SYN retry.
        site = web.TCPSite(self._runner, self.host, self._requested_port, backlog=4096)
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

    # ------------------------------------------------------------------ REST routes

    def _route_table(self) -> list[RouteSpec]:
        # Global and guild commands share their routes: the guild part is optional.
        commands = r"/applications/(?P<app>\d+)(?:/guilds/(?P<guild>\d+))?/commands"
        command = commands + r"/(?P<cmd>\d+)"
        callback = r"/interactions/(?P<id>\d+)/(?P<token>[^/]+)/callback"
        webhook = r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)"
        webhook_message = webhook + r"/messages/(?P<mid>@original|\d+)"
        channel = r"/channels/(?P<channel>\d+)"
        channel_message = channel + r"/messages/(?P<mid>\d+)"
        own_reaction = channel_message + r"/reactions/(?P<emoji>[^/]+)/@me"
        guild = r"/guilds/(?P<guild>\d+)"
        return [
            ("GET", r"/users/@me", self._get_me, True),
            ("GET", r"/users/(?P<user>\d+)", self._get_user, True),
            ("POST", r"/users/@me/channels", self._create_dm, True),
            ("GET", r"/gateway", self._get_gateway, False),
            ("GET", r"/gateway/bot", self._get_gateway_bot, True),
            ("GET", r"(?:/oauth2)?/applications/@me", self._get_application, True),
            ("GET", commands, self._list_commands, True),
            ("PUT", commands, self._put_commands, True),
            ("POST", commands, self._post_command, True),
            ("GET", command, self._get_command, True),
            ("PATCH", command, self._patch_command, True),
            ("DELETE", command, self._delete_command, True),
            # Interaction tokens are the credential here, not the bot token.
            ("POST", callback, self._interaction_callback, False),
            ("POST", webhook, self._webhook_execute, False),
            ("GET", webhook_message, self._webhook_get, False),
            ("PATCH", webhook_message, self._webhook_edit, False),
            ("DELETE", webhook_message, self._webhook_delete, False),
            ("GET", channel, self._get_channel, True),
            ("GET", channel + "/messages", self._list_messages, True),
            ("POST", channel + "/messages", self._post_message, True),
            ("GET", channel_message, self._get_channel_message, True),
            ("PATCH", channel_message, self._edit_channel_message, True),
            ("DELETE", channel_message, self._delete_channel_message, True),
            ("POST", channel + "/typing", self._typing, True),
            ("PUT", own_reaction, self._add_reaction, True),
            ("DELETE", own_reaction, self._remove_reaction, True),
            ("GET", guild, self._get_guild, True),
            ("GET", guild + "/channels", self._get_guild_channels, True),
            ("GET", guild + r"/members/(?P<user>\d+)", self._get_member, True),
        ]
