"""The REST side's wire format, shared by every part of the server: Discord-shaped
error bodies, JSON exactly as discord.py expects it, route entries, and keeping tokens
out of logs."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web

FILE_FIELD = re.compile(r"^files?\[?(\d+)\]?$")
#: Codes Discord answers a request that is itself wrong (a bug in the sender, not a state
#: the test set up): invalid form body, empty message, invalid JSON, too large, answered
#: twice. The stand-in keeps each such refusal, and the fixtures fail the test for it.
REFUSAL_CODES = frozenset({50035, 50006, 50109, 40005, 40060})


class HTTPError(Exception):
    """A Discord-shaped error response (``{"message", "code", "errors"}``)."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        detail: str = "",
    ) -> None:
        super().__init__(f"{status} {code}: {message}" + (f" ({detail})" if detail else ""))
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.detail = detail or message

    @property
    def refusal(self) -> bool:
        """Discord would refuse the request itself (see :data:`REFUSAL_CODES`)."""
        return self.code in REFUSAL_CODES

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return json_response(body, status=self.status)


def invalid_form(field: str, message: str, code: str = "BASE_TYPE_INVALID") -> HTTPError:
    """Discord's 50035 "Invalid Form Body" with one field error (``field`` dotted, as
    ``data.embeds.0.title``), nested in ``errors`` as Discord nests it."""
    errors: dict[str, Any] = {}
    node = errors
    parts = field.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = {"_errors": [{"code": code, "message": message}]}
    return HTTPError(400, 50035, "Invalid Form Body", errors, detail=f"{field}: {message}")


def error_fields(errors: Mapping[str, Any], prefix: str = "") -> list[str]:
    """The dotted fields an ``errors`` object of Discord's names (``data.embeds.0.title``)."""
    found: list[str] = []
    for key, node in errors.items():
        if key == "_errors":
            found.append(prefix.rstrip(".") or "_")
        elif isinstance(node, Mapping):
            found.extend(error_fields(node, f"{prefix}{key}."))
    return found


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
#: (method, path pattern below /api/v10, handler, needs the bot token)
RouteSpec = tuple[str, str, Handler, bool]


@dataclass(frozen=True)
class Route:
    method: str
    pattern: re.Pattern[str]
    handler: Handler
    auth: bool


def bot_token(request: web.Request) -> str | None:
    header = request.headers.get("Authorization", "")
    return header[4:] if header.startswith("Bot ") else None


_TOKEN_IN_PATH = re.compile(r"(/(?:webhooks/\d+|interactions/\d+)/)[^/]+")


def redact(path: str) -> str:
    """Interaction/webhook tokens live in URL paths; keep them out of logs and messages."""
    return _TOKEN_IN_PATH.sub(r"\1<token>", path)
