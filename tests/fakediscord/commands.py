"""REST: application commands, global and per guild, with Discord's validation and a
log of every bulk overwrite."""

from __future__ import annotations

import copy
from typing import Any

from aiohttp import web

from .limits import check_command
from .models import CommandSync
from .rest import RestMixin
from .wire import HTTPError, Params, invalid_form, json_response


class CommandsMixin(RestMixin):
    """``/applications/{app}[/guilds/{guild}]/commands``."""

    def _check_app(self, p: dict[str, str]) -> int | None:
        if int(p["app"]) != self.application_id:
            raise HTTPError(403, 50001, "Missing Access")
        guild = p.get("guild")
        if guild is None:
            return None
        if int(guild) not in self.guilds:
            raise HTTPError(403, 50001, "Missing Access")
        return int(guild)

    def _make_command(
        self, scope: int | None, body: dict[str, Any], where: str, existing: dict[str, Any] | None
    ) -> dict[str, Any]:
        check_command(body, where)
        ctype = body.get("type", 1)
        name = body.get("name", "")
        description = body.get("description") or ""
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
