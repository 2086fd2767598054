"""REST: the bot's answers to interactions: the initial callback and the webhook
follow-ups, edits and deletes."""

from __future__ import annotations

import logging
from typing import Any, Final

from aiohttp import web

from .messages import MessagesMixin
from .models import EPHEMERAL, LOADING, CallbackType, FakeInteraction, FakeMessage, InteractionType
from .wire import HTTPError, Params, invalid_form, json_response, too_long

_log = logging.getLogger("tests.fakediscord")

# Which callback types Discord accepts for which interaction type.
_ALLOWED_CALLBACKS: Final[dict[int, frozenset[int]]] = {
    InteractionType.PING: frozenset({CallbackType.PONG}),
    InteractionType.APPLICATION_COMMAND: frozenset({4, 5, 9, 10, 12}),
    InteractionType.MESSAGE_COMPONENT: frozenset({4, 5, 6, 7, 9, 10, 12}),
    InteractionType.AUTOCOMPLETE: frozenset({8}),
    InteractionType.MODAL_SUBMIT: frozenset({4, 5, 6, 7, 10, 12}),
}
#: Callback types that post a message, public or ephemeral, in the interaction's channel.
_POSTING: Final = frozenset({CallbackType.CHANNEL_MESSAGE, CallbackType.DEFERRED_CHANNEL_MESSAGE})


class CallbacksMixin(MessagesMixin):
    """``/interactions/{id}/{token}/callback`` and ``/webhooks/{app}/{token}``."""

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
            and at - inter.dispatched_at + inter.age > self.callback_deadline
        ):
            # Discord counts from the interaction's creation (its snowflake): an old one
            # has less time left.
            inter.late_callbacks += 1
            if inter.first_callback_at is None:
                inter.first_callback_at = at  # a late reply still counts in the figures
            _log.warning(
                "interaction %s answered after %.2fs (deadline %.1fs): Unknown interaction",
                inter.name or inter.custom_id,
                at - inter.dispatched_at + inter.age,
                self.callback_deadline,
            )
            raise HTTPError(404, 10062, "Unknown interaction")
        ctype = body.get("type")
        if ctype not in _ALLOWED_CALLBACKS.get(inter.type, frozenset()):
            raise invalid_form(
                "type", f"callback type {ctype} is not valid for interaction type {inter.type}"
            )
        if ctype in _POSTING and inter.channel_id in self.deleted_channels:
            # An answer posted into a channel deleted since the interaction was sent:
            # refused, ephemeral or not (issue 38 item 15 saw the private one refused
            # too). Follow-ups and edits through the token are let through: whether
            # Discord takes them there is not known here.
            raise HTTPError(404, 10003, "Unknown Channel")
        data = body.get("data") or {}
        message: FakeMessage | None = None
        event: str | None = None
        if ctype == CallbackType.CHANNEL_MESSAGE:
            message = self._create_message(
                inter.channel_id, inter.guild_id, data, files, interaction=inter, where="data"
            )
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
            message = self._create_message(
                inter.channel_id, inter.guild_id, body, files, interaction=inter
            )
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
        return await self._edit_message(request, at, msg, "edit", inter)

    async def _webhook_delete(self, request: web.Request, p: Params, at: float) -> web.Response:
        inter = self._webhook_interaction(p)
        msg = self._webhook_message(inter, p["mid"])
        return await self._delete_message(request, at, msg, "delete", inter)
