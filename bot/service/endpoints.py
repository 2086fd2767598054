"""Point discord.py at another REST API and gateway: a rate-limit proxy in production, the
local stand-in (``tests/fakediscord``) in tests.

discord.py builds every REST URL (interaction responses too) from ``Route.BASE`` and opens
its first gateway connection at ``DiscordWebSocket.DEFAULT_GATEWAY``: setting those two,
once and before login, moves the unmodified client.
"""

from __future__ import annotations

import logging
import re
from typing import Final

import discord.http
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

__all__ = [
    "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL",
    "configure_endpoints",
    "current_endpoints",
]

_log = logging.getLogger(__name__)

#: discord.py's own REST base (``https://discord.com/api/v10``), captured at import time.
DISCORD_API_BASE: Final[str] = Route.BASE
#: discord.py's own gateway URL (``wss://gateway.discord.gg/``), captured at import time.
DISCORD_GATEWAY_URL: Final[str] = str(DiscordWebSocket.DEFAULT_GATEWAY)

_API_VERSION_SUFFIX = re.compile(r"/api/v(\d+)$")


def configure_endpoints(api_url: str | None, gateway_url: str | None) -> None:
    """Route discord.py's REST calls to ``api_url`` and its gateway to ``gateway_url``.

    ``api_url`` is the full REST base including the version, e.g.
    ``http://nirn-proxy:8080/api/v10``; it must match the API version discord.py speaks,
    because the payloads it sends are that version's. ``gateway_url`` is a ``ws://`` or
    ``wss://`` URL without a query string (discord.py replaces the query with
    ``v``/``encoding``/``compress`` itself, so a query would be silently lost).

    A ``None`` (or empty) value selects Discord's default for that endpoint.

    Raises:
        ValueError: if a URL has the wrong scheme, a missing or different API version,
            or (for the gateway) a query string. Failing at start-up beats a bot that
            silently talks to the wrong place.
    """
    api_base = _normalise_api_url(api_url) if api_url else DISCORD_API_BASE
    gateway = _normalise_gateway_url(gateway_url) if gateway_url else yarl.URL(DISCORD_GATEWAY_URL)

    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = gateway

    if api_url or gateway_url:
        # Only scheme/host/port/path are logged: proxy URLs may carry credentials in the
        # user-info part or the query string.
        _log.info(
            "Discord endpoints: REST %s, gateway %s",
            _loggable(yarl.URL(api_base)),
            _loggable(gateway),
        )


def current_endpoints() -> tuple[str, str]:
    """Return the ``(api_base, gateway_url)`` discord.py will use right now.

    Useful for start-up diagnostics and for tests that must restore the previous state.
    """
    return Route.BASE, str(DiscordWebSocket.DEFAULT_GATEWAY)


def _normalise_api_url(api_url: str) -> str:
    """Validate the REST base and strip a trailing slash (``Route`` appends ``/path``)."""
    url = yarl.URL(api_url.strip().rstrip("/"))
    if url.scheme not in ("http", "https") or not url.host:
        raise ValueError(f"Discord API URL must be an absolute http(s) URL, got {_loggable(url)}")
    if url.query_string or url.fragment:
        raise ValueError("Discord API URL must not have a query string or fragment")
    expected = discord.http.INTERNAL_API_VERSION
    match = _API_VERSION_SUFFIX.search(url.path)
    if match is None or int(match.group(1)) != expected:
        raise ValueError(
            f"Discord API URL must end with /api/v{expected} (the version discord.py "
            f"speaks), got {_loggable(url)}"
        )
    return str(url)


def _normalise_gateway_url(gateway_url: str) -> yarl.URL:
    """Validate the gateway URL; discord.py adds its own query parameters to it."""
    url = yarl.URL(gateway_url.strip())
    if url.scheme not in ("ws", "wss") or not url.host:
        raise ValueError(f"Discord gateway URL must be an absolute ws(s) URL, got {_loggable(url)}")
    if url.query_string or url.fragment:
        raise ValueError("Discord gateway URL must not have a query string: discord.py replaces it")
    return url


def _loggable(url: yarl.URL) -> str:
    """Render a URL without user-info, query or fragment, so no secret reaches the logs."""
    if not url.absolute:
        return "<relative URL>"
    return str(url.with_user(None).with_query(None).with_fragment(None))
