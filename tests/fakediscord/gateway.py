"""Gateway-side bookkeeping: sessions (resumable event logs) and websocket connections.

The protocol logic (what to answer to IDENTIFY, RESUME...) lives in ``gateway_protocol``;
this module holds the state it needs and the one piece of wire format the server has to
produce, zlib-stream transport compression.
"""

from __future__ import annotations

import asyncio
import json
import time
import zlib
from dataclasses import dataclass, field
from typing import Any, Final

from aiohttp import web

# Opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes)
DISPATCH: Final = 0
HEARTBEAT: Final = 1
IDENTIFY: Final = 2
PRESENCE_UPDATE: Final = 3
VOICE_STATE_UPDATE: Final = 4
RESUME: Final = 6
RECONNECT: Final = 7
REQUEST_GUILD_MEMBERS: Final = 8
INVALID_SESSION: Final = 9
HELLO: Final = 10
HEARTBEAT_ACK: Final = 11

# Close codes
UNKNOWN_ERROR: Final = 4000
UNKNOWN_OPCODE: Final = 4001
DECODE_ERROR: Final = 4002
NOT_AUTHENTICATED: Final = 4003
AUTHENTICATION_FAILED: Final = 4004
ALREADY_AUTHENTICATED: Final = 4005
INVALID_API_VERSION: Final = 4012
INVALID_INTENTS: Final = 4013
DISALLOWED_INTENTS: Final = 4014

GUILDS_INTENT: Final = 1 << 0
GUILD_MEMBERS_INTENT: Final = 1 << 1
GUILD_PRESENCES_INTENT: Final = 1 << 8
MESSAGE_CONTENT_INTENT: Final = 1 << 15
PRIVILEGED_INTENTS: Final = GUILD_MEMBERS_INTENT | GUILD_PRESENCES_INTENT | MESSAGE_CONTENT_INTENT
GUILD_MESSAGES_INTENT: Final = 1 << 9
DIRECT_MESSAGES_INTENT: Final = 1 << 12

# Events that are never replayed on RESUME (they describe the connection, not the world).
NOT_REPLAYED: Final = frozenset({"READY", "RESUMED"})


class ZlibStreamCompressor:
    """Server half of ``compress=zlib-stream``: one deflate stream per connection, every
    payload terminated by a Z_SYNC_FLUSH so it ends in ``00 00 ff ff`` (what discord.py's
    ``_ZlibDecompressionContext`` waits for)."""

    def __init__(self) -> None:
        self._deflate = zlib.compressobj()

    def compress(self, text: str) -> bytes:
        data = text.encode("utf-8")
        return self._deflate.compress(data) + self._deflate.flush(zlib.Z_SYNC_FLUSH)


@dataclass
class GatewaySession:
    """A gateway session: survives connections, owns the sequence counter and the event log
    that RESUME replays from."""

    id: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    resumable: bool = True
    connection: GatewayConnection | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    resumes: int = 0


@dataclass
class GatewayConnection:
    """One websocket connection from the bot."""

    id: int
    ws: web.WebSocketResponse
    request: web.Request
    path: str
    query: dict[str, str]
    compression: str | None  # "zlib-stream" or None (plain text frames)
    opened_at: float = field(default_factory=time.monotonic)
    closed_at: float | None = None
    close_code: int | None = None
    session: GatewaySession | None = None
    identified: bool = False
    resumed: bool = False
    heartbeats: int = 0
    dropped: bool = False  # we killed the TCP connection on purpose
    _compressor: ZlibStreamCompressor | None = None
    _send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def __post_init__(self) -> None:
        if self.compression == "zlib-stream":
            self._compressor = ZlibStreamCompressor()

    @property
    def open(self) -> bool:
        return self.closed_at is None and not self.ws.closed and not self.dropped

    async def send(self, payload: dict[str, Any]) -> bool:
        """Send one gateway payload; False when the connection is already gone."""
        text = json.dumps(payload, separators=(",", ":"))
        async with self._send_lock:
            if not self.open:
                return False
            try:
                if self._compressor is not None:
                    await self.ws.send_bytes(self._compressor.compress(text))
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return False
            return True

    async def close(self, code: int, message: str = "") -> None:
        """Close with a close frame; bounded, since discord.py answers lazily."""
        if self.ws.closed:
            return
        try:
            await asyncio.wait_for(self.ws.close(code=code, message=message.encode()), 5.0)
        except (TimeoutError, ConnectionError, RuntimeError):
            self.abort()

    def abort(self) -> None:
        """Kill the TCP connection without a close frame, like a network failure."""
        self.dropped = True
        transport = self.request.transport
        if transport is not None:
            transport.abort()
