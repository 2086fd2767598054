"""REST: guilds, their channels and members, DM channels; the guild payload the gateway
sends too."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .models import FakeGuild, FakeMember, FakeUser, iso, member_payload, utcnow
from .rest import RestMixin
from .wire import HTTPError, Params, json_response


class GuildsMixin(RestMixin):
    """Guild, channel and member lookups (read-only: the world is set up by the test)."""

    def _channel(self, channel_id: int) -> tuple[dict[str, Any], int | None]:
        for guild in self.guilds.values():
            channel = guild.channel(channel_id)
            if channel is not None:
                return channel.to_payload(guild.id), guild.id
        if channel_id in self._dm_channels:
            return self._dm_channel_payload(self.users[self._dm_channels[channel_id]]), None
        raise HTTPError(404, 10003, "Unknown Channel")

    async def _get_channel(self, request: web.Request, p: Params, at: float) -> web.Response:
        return json_response(self._channel(int(p["channel"]))[0])

    async def _typing(self, request: web.Request, p: Params, at: float) -> web.Response:
        self._channel(int(p["channel"]))
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
