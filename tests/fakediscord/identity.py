"""REST: who the bot is: ``/users``, ``/gateway``, the application."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .rest import RestMixin
from .wire import HTTPError, Params, json_response


class IdentityMixin(RestMixin):
    """The bot user, other users, the gateway address and the application."""

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
