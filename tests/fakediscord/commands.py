"""REST: application commands, global and per guild, with Discord's validation and a
log of every bulk overwrite."""

from __future__ import annotations

import copy
import re
from typing import Any

from aiohttp import web

from .models import CommandSync
from .rest import RestMixin
from .wire import HTTPError, Params, bad_length, bad_name, invalid_form, json_response, too_long

_COMMAND_NAME = re.compile(r"^[-_\w']{1,32}$", re.UNICODE)


def _check_localised(payload: dict[str, Any], where: str) -> None:
    """A slash command's or option's localised names and descriptions follow the rules of
    the text they translate (Discord refuses a sync otherwise): a name 1-32 lowercase
    letters, digits, - or _, a description 1-100 characters."""
    for locale, name in (payload.get("name_localizations") or {}).items():
        if not isinstance(name, str) or not _COMMAND_NAME.match(name) or name != name.lower():
            raise bad_name(f"{where}.name_localizations.{locale}")
    for locale, description in (payload.get("description_localizations") or {}).items():
        if not isinstance(description, str) or not 1 <= len(description) <= 100:
            raise bad_length(f"{where}.description_localizations.{locale}", 1, 100)


def _check_choices(choices: Any, where: str) -> None:
    """A choice's name and its localisations: 1-100 characters, spaces allowed."""
    for i, choice in enumerate(choices or []):
        names = [choice.get("name"), *(choice.get("name_localizations") or {}).values()]
        if not all(isinstance(name, str) and 1 <= len(name) <= 100 for name in names):
            raise bad_length(f"{where}.{i}.name", 1, 100)


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
            _check_localised(opt, here)
            if len(opt.get("choices") or []) > 25:
                raise too_long(f"{here}.choices", 25)
            _check_choices(opt.get("choices"), f"{here}.choices")
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
        if ctype == 1:
            _check_localised(body, where)
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
