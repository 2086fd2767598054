"""Messages: building, validating and storing what the bot sends, the MESSAGE_* events
for it, and the REST routes for channel messages."""

from __future__ import annotations

import contextlib
import copy
import mimetypes
from typing import Any, Final
from urllib.parse import unquote

from aiohttp import web

from . import gateway as gw
from .gateway_protocol import GatewayMixin
from .guilds import GuildsMixin
from .limits import check_message, embed_characters
from .models import (
    COMPONENTS_V2,
    EPHEMERAL,
    LOADING,
    FakeInteraction,
    FakeMessage,
    InteractionType,
    RecordKind,
    Sent,
    SentFile,
    utcnow,
)
from .wire import (
    FILE_FIELD,
    HTTPError,
    Params,
    invalid_form,
    json_response,
    redact,
    too_long,
)

# Message flags a bot may set when creating / editing a message.
_CREATE_FLAGS: Final = EPHEMERAL | (1 << 2) | (1 << 12) | COMPONENTS_V2
_EDIT_FLAGS: Final = (1 << 2) | COMPONENTS_V2
#: An attachment's description (alt text) is at most this long.
MAX_ATTACHMENT_DESCRIPTION: Final = 1024

#: How long Discord remembers a message's nonce for ``enforce_nonce`` ("the past few
#: minutes", its reference says): five here.
NONCE_WINDOW = 300.0


class MessagesMixin(GatewayMixin, GuildsMixin):
    """One message model for every way a message is made (callbacks, follow-ups, channel
    posts), with Discord's limits."""

    def _validate_message(self, msg: FakeMessage, *, where: str = "") -> None:
        """Discord's limits on a message as it would stand (new, or edited: an edit's
        body alone may pass and the message it makes not); the body itself was checked
        against Discord's description on arrival."""
        prefix = f"{where}." if where else ""
        names = {str(a.get("filename")) for a in msg.attachments}
        check_message(msg.content, msg.embeds, msg.components, msg.flags, names, prefix=prefix)
        size = embed_characters(msg.embeds)
        if msg.embeds:
            self.embed_sizes.append(size)
        if self.embed_budget is not None and size > self.embed_budget:  # a test's phone budget
            raise invalid_form(
                f"{prefix}embeds", f"{size} characters of embeds, over {self.embed_budget}"
            )
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
            m = FILE_FIELD.match(f.field)
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

    def _create_message(
        self,
        channel_id: int,
        guild_id: int | None,
        body: dict[str, Any],
        files: list[SentFile],
        *,
        interaction: FakeInteraction | None = None,
        type_: int = 0,
        where: str = "",
    ) -> FakeMessage:
        """A new message made from a request body, validated, not yet stored. Only an
        interaction's answers may be ephemeral."""
        fresh = self._new_message(channel_id, guild_id, interaction=interaction, type_=type_)
        message = self._apply_body(fresh, body, files, creating=True)
        if interaction is None and message.flags & EPHEMERAL:
            raise invalid_form("flags", "Ephemeral messages can only be sent by interactions")
        self._validate_message(message, where=where)
        return message

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
            if len(meta["description"]) > MAX_ATTACHMENT_DESCRIPTION:  # Discord refuses it
                raise too_long("attachments.description", MAX_ATTACHMENT_DESCRIPTION)
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
            path=redact("/" + request.match_info.get("tail", "")),
            payload=payload if isinstance(payload, dict) else {"_": payload},
            files=files,
            at=at,
            wall_time=utcnow(),
            **extra,
        )

    async def _edit_message(
        self,
        request: web.Request,
        at: float,
        msg: FakeMessage,
        kind: RecordKind,
        interaction: FakeInteraction | None = None,
    ) -> web.Response:
        """PATCH a message, through a channel or an interaction's webhook. Through the
        webhook it also ends a "thinking" defer, and that first answer is not an edit."""
        body, files = await self._read_body(request)
        updated = self._apply_body(msg, body, files, creating=False)
        edited = True
        if interaction is not None:
            edited = not msg.loading
            updated.flags &= ~LOADING
        self._validate_message(updated)
        self._commit(msg, updated, edited=edited)
        sent = self._sent(
            kind,
            request,
            body,
            files,
            at,
            interaction_id=interaction.id if interaction else None,
            channel_id=msg.channel_id,
            message_id=msg.id,
        )
        self._record(sent, interaction)
        await self._message_event("MESSAGE_UPDATE", msg)
        return json_response(msg.to_payload())

    async def _delete_message(
        self,
        request: web.Request,
        at: float,
        msg: FakeMessage,
        kind: RecordKind,
        interaction: FakeInteraction | None = None,
    ) -> web.Response:
        """DELETE a message, through a channel or an interaction's webhook."""
        msg.deleted = True
        sent = self._sent(
            kind,
            request,
            {},
            [],
            at,
            interaction_id=interaction.id if interaction else None,
            channel_id=msg.channel_id,
            message_id=msg.id,
        )
        self._record(sent, interaction)
        await self._message_event("MESSAGE_DELETE", msg)
        return web.Response(status=204)

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

    # ------------------------------------------------------------------ REST: channel messages

    def _channel_message(self, channel_id: int, mid: str) -> FakeMessage:
        self._channel(channel_id)
        msg = self.messages.get(int(mid))
        if msg is None or msg.deleted or msg.channel_id != channel_id or msg.ephemeral:
            raise HTTPError(404, 10008, "Unknown Message")
        return msg

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
        if self._dm_channels.get(channel_id) in self.closed_dms:
            raise HTTPError(403, 50007, "Cannot send messages to this user")
        body, files = await self._read_body(request)
        nonce = body.get("nonce")
        enforced = body.get("enforce_nonce") and nonce is not None
        if enforced:
            seen = self.nonces.get((channel_id, str(nonce)))
            if seen is not None and at - seen[1] <= NONCE_WINDOW:
                earlier = self.messages.get(seen[0])
                if earlier is not None and not earlier.deleted:
                    # Discord's enforce_nonce: the message made for this nonce, no new one.
                    return json_response(earlier.to_payload())
        reply = body.get("message_reference")
        message = self._create_message(channel_id, guild_id, body, files, type_=19 if reply else 0)
        self.messages[message.id] = message
        if enforced:
            self.nonces[(channel_id, str(nonce))] = (message.id, at)
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
        msg = self._channel_message(int(p["channel"]), p["mid"])
        if msg.author.get("id") != str(self.bot_user.id):
            raise HTTPError(403, 50005, "Cannot edit a message authored by another user")
        return await self._edit_message(request, at, msg, "channel_edit")

    async def _delete_channel_message(
        self, request: web.Request, p: Params, at: float
    ) -> web.Response:
        msg = self._channel_message(int(p["channel"]), p["mid"])
        return await self._delete_message(request, at, msg, "channel_delete")

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
