"""What users do: slash commands, autocomplete, clicks, modal submits and channel
messages, dispatched to the bot as gateway events."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from . import gateway as gw
from .messages import MessagesMixin
from .models import (
    CallbackType,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeUser,
    InteractionType,
    member_payload,
)
from .payloads import OptionValues, Resolved, build_options, find_command, modal_submit_components

_SELECTS: Final = (3, 5, 6, 7, 8)


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
    #: Discord's interaction context: 0 a server, 1 the bot's DM, 2 a private channel.
    kind: int = 0
    #: Installed to the member's own account (the bot is not in the server or channel).
    user_install: bool = False


class InteractionsMixin(MessagesMixin):
    """The test-facing driver: ``send_command``, ``send_autocomplete``, ``click``,
    ``submit_modal``, ``send_message``."""

    def _context(
        self,
        *,
        user: FakeUser | FakeMember | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        dm: bool = False,
        private_channel: bool = False,
        permissions: int | str | None = None,
        roles: Iterable[int] | None = None,
        nick: str | None = None,
    ) -> _Context:
        member: FakeMember | None = user if isinstance(user, FakeMember) else None
        fake_user = member.user if member else (user or self.default_user)
        assert isinstance(fake_user, FakeUser)
        self.users.setdefault(fake_user.id, fake_user)
        if dm or private_channel:
            channel = self._dm_channel_payload(fake_user)
            if private_channel:  # a DM between this member and somebody else
                other = FakeUser(id=self.snowflake(), username="friend")
                channel = {
                    **channel,
                    "id": str(self.snowflake()),
                    "recipients": [fake_user.to_payload(), other.to_payload()],
                }
            return _Context(
                fake_user,
                None,
                channel,
                int(channel["id"]),
                None,
                int(permissions) if permissions is not None else 0,
                (),
                None,
                kind=2 if private_channel else 1,
                user_install=private_channel,
            )
        if guild_id is None:
            guild = self.default_guild
        elif guild_id in self.guilds_without_bot:
            guild = self.guilds_without_bot[guild_id]
        else:
            guild = self.guilds[guild_id]
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
            user_install=guild.id in self.guilds_without_bot,
        )

    async def _send_interaction(
        self,
        itype: int,
        data: dict[str, Any],
        ctx: _Context,
        *,
        locale: str,
        message: FakeMessage | None = None,
        age: float = 0.0,
    ) -> FakeInteraction:
        iid = self.snowflake(age)
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
        else:
            payload["user"] = ctx.user.to_payload()
        payload["context"] = ctx.kind
        if ctx.user_install:
            payload["authorizing_integration_owners"] = {"1": str(ctx.user.id)}
        elif ctx.guild is not None:
            payload["authorizing_integration_owners"] = {"0": str(ctx.guild.id)}
        else:
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
            age=age,
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
        private_channel: bool = False,
        age: float = 0.0,
    ) -> FakeInteraction:
        """Dispatch a slash command (INTERACTION_CREATE type 2) and return its record.

        ``name`` may include subcommands: ``"quiz start"``. ``options`` maps option names
        to values (typed from the synced command if the bot synced it, else inferred; pass
        FakeUser/FakeRole/FakeChannel for those option types) or is a raw option list.
        ``permissions`` is the member's resolved permission bitfield; defaults come from the
        guild's member entry. ``guild_id``/``channel_id`` default to the first guild and its
        first text channel; ``dm=True`` sends it from the bot's DM instead, and
        ``private_channel=True`` from a DM between the member and somebody else, through the
        app installed to the member's account. A ``guild_id`` from ``add_guild_without_bot``
        is a server the bot is not in, through that install too. ``age``: seconds the
        interaction had already existed when dispatched (its id's timestamp is that far
        back and the callback deadline counts from then), as when Discord is behind.
        """
        ctx = self._context(
            user=user,
            guild_id=guild_id,
            channel_id=channel_id,
            dm=dm,
            private_channel=private_channel,
            permissions=permissions,
            roles=roles,
            nick=nick,
        )
        data = self._command_data(name, options, ctx)
        return await self._send_interaction(
            InteractionType.APPLICATION_COMMAND, data, ctx, locale=locale, age=age
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
            )
            locale = locale or source.locale
        else:
            ctx = self._context(user=user)
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
