"""The gateway protocol: the websocket handler, IDENTIFY/RESUME, dispatching events, and
the connection faults tests trigger (drops, op 7, op 9, close codes)."""

from __future__ import annotations

import json
import logging
import secrets
import time
from typing import Any

from aiohttp import web

from . import gateway as gw
from .guilds import GuildsMixin
from .identity import IdentityMixin
from .models import GatewayOp, member_payload, next_serial

_log = logging.getLogger("tests.fakediscord")


class GatewayMixin(IdentityMixin, GuildsMixin):
    """Gateway v10 over :mod:`tests.fakediscord.gateway`'s sessions and connections."""

    def _ready_payload(self, session: gw.GatewaySession) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "v": 10,
            "user": self._me_payload(),
            "guilds": [
                {"id": str(g), "unavailable": True}
                for g in self.guilds
                if self._on_shard(g, session)
            ],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_gateway_url,
            "application": {"id": str(self.application_id), "flags": self.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["stockholm", "rotterdam"],
            "user_settings": {},
            "_trace": ['["fake-discord-gateway",{"micros":0}]'],
        }
        if session.shard is not None:
            payload["shard"] = session.shard
        return payload

    async def _handle_gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        query = dict(request.query)
        compression = (
            "zlib-stream" if self.compression and query.get("compress") == "zlib-stream" else None
        )
        conn = gw.GatewayConnection(
            id=next_serial(),
            ws=ws,
            request=request,
            path=request.path,
            query=query,
            compression=compression,
        )
        self.gateway_connections.append(conn)
        self._notify()
        try:
            if query.get("v") != "10":
                await conn.close(gw.INVALID_API_VERSION, "Invalid API version")
                return ws
            if query.get("encoding", "json") != "json":
                await conn.close(gw.DECODE_ERROR, "Only encoding=json is modelled")
                return ws
            await conn.send(
                {
                    "op": gw.HELLO,
                    "d": {
                        "heartbeat_interval": self.heartbeat_interval_ms,
                        "_trace": ['["fake-discord-gateway",{"micros":0}]'],
                    },
                }
            )
            async for msg in ws:
                if msg.type.name == "TEXT":
                    text = msg.data
                elif msg.type.name == "BINARY":
                    text = bytes(msg.data).decode("utf-8", "replace")
                else:
                    break
                try:
                    payload = json.loads(text)
                    op = payload["op"]
                except (ValueError, KeyError, TypeError):
                    await conn.close(gw.DECODE_ERROR, "Error while decoding payload")
                    break
                try:
                    await self._on_gateway_payload(conn, op, payload.get("d"))
                except Exception as exc:
                    _log.exception("fake Discord gateway failed on op %s", op)
                    self.internal_errors.append(f"gateway op {op}: {exc!r}")
                    await conn.close(gw.UNKNOWN_ERROR, "fake Discord internal error")
                    break
                if ws.closed:
                    break
        except ConnectionError:
            pass  # the bot vanished mid-send; the finally block records the closure
        finally:
            conn.closed_at = time.monotonic()
            conn.close_code = ws.close_code
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
            self._notify()
        return ws

    async def _on_gateway_payload(self, conn: gw.GatewayConnection, op: int, d: Any) -> None:
        redacted = {**d, "token": "<redacted>"} if isinstance(d, dict) and "token" in d else d
        self.gateway_ops.append(GatewayOp(conn.id, op, redacted, time.monotonic()))
        if op == gw.HEARTBEAT:
            conn.heartbeats += 1
            await conn.send({"op": gw.HEARTBEAT_ACK})
        elif op == gw.IDENTIFY:
            await self._identify(conn, d or {})
        elif op == gw.RESUME:
            await self._resume(conn, d or {})
        elif conn.session is None:
            await conn.close(gw.NOT_AUTHENTICATED, "Not authenticated.")
        elif op == gw.PRESENCE_UPDATE:
            self.presence = d
        elif op == gw.REQUEST_GUILD_MEMBERS:
            await self._members_chunk(conn.session, d or {})
        elif op == gw.VOICE_STATE_UPDATE:
            pass  # recorded above; voice is not modelled
        else:
            await conn.close(gw.UNKNOWN_OPCODE, "Unknown opcode.")
        self._notify()

    async def _authenticate(self, conn: gw.GatewayConnection, d: dict[str, Any]) -> bool:
        """What IDENTIFY and RESUME both check: once per connection, and the right token;
        False once the connection is closed for it."""
        if conn.session is not None:
            await conn.close(gw.ALREADY_AUTHENTICATED, "Already authenticated.")
            return False
        if not self._token_ok(d.get("token")):
            await conn.close(gw.AUTHENTICATION_FAILED, "Authentication failed.")
            return False
        return True

    async def _identify(self, conn: gw.GatewayConnection, d: dict[str, Any]) -> None:
        if not await self._authenticate(conn, d):
            return
        if self.identify_close is not None:
            await conn.close(*self.identify_close)
            return
        intents = d.get("intents")
        if not isinstance(intents, int) or intents < 0:
            await conn.close(gw.INVALID_INTENTS, "Invalid intent(s).")
            return
        allowed = gw.PRIVILEGED_INTENTS if self.allowed_intents is None else self.allowed_intents
        if intents & gw.PRIVILEGED_INTENTS & ~allowed:
            await conn.close(gw.DISALLOWED_INTENTS, "Disallowed intent(s).")
            return
        session = gw.GatewaySession(id=secrets.token_hex(16), intents=intents, shard=d.get("shard"))
        self.sessions[session.id] = session
        self.session = session
        if isinstance(session.shard, list) and len(session.shard) == 2:
            self.shard_sessions[(int(session.shard[0]), int(session.shard[1]))] = session
        conn.session = session
        conn.identified = True
        session.connection = conn
        self.identify_count += 1
        async with session.lock:
            session.seq += 1
            ready = self._ready_payload(session)
            await conn.send({"op": gw.DISPATCH, "t": "READY", "s": session.seq, "d": ready})
            for guild in self.guilds.values():
                if self._on_shard(guild.id, session):
                    await self._dispatch_locked(session, "GUILD_CREATE", self._guild_payload(guild))
        self.ready_count += 1

    async def _resume(self, conn: gw.GatewayConnection, d: dict[str, Any]) -> None:
        if not await self._authenticate(conn, d):
            return
        session = self.sessions.get(d.get("session_id") or "")
        if session is None or not session.resumable:
            await conn.send({"op": gw.INVALID_SESSION, "d": False})
            return
        last_seen = int(d.get("seq") or 0)
        old = session.connection
        if old is not None and old is not conn and old.open:
            await old.close(gw.UNKNOWN_ERROR, "Session resumed elsewhere")
        async with session.lock:
            conn.session = session
            conn.resumed = True
            session.connection = conn
            for frame in [f for f in session.events if f["s"] > last_seen]:
                self._before_send(frame)
                await conn.send(frame)
            session.seq += 1
            resumed = {"op": gw.DISPATCH, "t": "RESUMED", "s": session.seq, "d": {"_trace": []}}
            await conn.send(resumed)
        session.resumes += 1
        self.resume_count += 1

    async def _members_chunk(self, session: gw.GatewaySession, d: dict[str, Any]) -> None:
        raw = d.get("guild_id")
        ids = raw if isinstance(raw, list) else [raw]
        for gid in ids:
            guild = self.guilds.get(int(gid))
            if guild is None:
                continue
            members = [self._bot_member(), *guild.members]
            user_ids = {int(u) for u in d.get("user_ids") or []}
            if user_ids:
                members = [m for m in members if m.user.id in user_ids]
            elif d.get("query"):
                q = str(d["query"]).lower()
                members = [m for m in members if m.user.username.lower().startswith(q)]
            limit = int(d.get("limit") or 0)
            if limit:
                members = members[:limit]
            chunk: dict[str, Any] = {
                "guild_id": str(guild.id),
                "members": [member_payload(m) for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [str(u) for u in user_ids - {m.user.id for m in members}],
            }
            if d.get("nonce"):
                chunk["nonce"] = d["nonce"]
            await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _before_send(self, frame: dict[str, Any]) -> None:
        if frame.get("t") == "INTERACTION_CREATE":
            inter = self.interactions.get(int(frame["d"]["id"]))
            if inter is not None and inter.dispatched_at is None:
                inter.dispatched_at = time.monotonic()

    async def _dispatch_locked(
        self, session: gw.GatewaySession, event: str, data: dict[str, Any]
    ) -> int:
        session.seq += 1
        frame = {"op": gw.DISPATCH, "t": event, "s": session.seq, "d": data}
        if event not in gw.NOT_REPLAYED:
            session.events.append(frame)
        conn = session.connection
        if conn is not None and conn.open:
            self._before_send(frame)
            if not await conn.send(frame) and event == "INTERACTION_CREATE":
                inter = self.interactions.get(int(data["id"]))
                if inter is not None:
                    inter.dispatched_at = None  # will be stamped again on replay
        return session.seq

    @staticmethod
    def _on_shard(guild_id: int, session: gw.GatewaySession) -> bool:
        """Discord's rule: a guild lives on shard (guild_id >> 22) % shard_count."""
        shard = session.shard
        if not (isinstance(shard, list) and len(shard) == 2 and shard[1] > 1):
            return True
        return (guild_id >> 22) % int(shard[1]) == int(shard[0])

    def _session_for(self, guild_id: int | None) -> gw.GatewaySession | None:
        """The session that carries a guild's events: its shard's, else the current one."""
        if guild_id is not None:
            for session in self.shard_sessions.values():
                if self._on_shard(guild_id, session) and session.shard and session.shard[1] > 1:
                    return session
        return self.session

    async def dispatch(self, event: str, data: dict[str, Any], guild_id: int | None = None) -> int:
        """Send a DISPATCH to the session of ``guild_id``'s shard, else the current session
        (buffered for RESUME if disconnected).

        Returns its sequence number.
        """
        session = self._session_for(guild_id)
        if session is None:
            raise RuntimeError("no gateway session: the bot has not IDENTIFYed yet")
        async with session.lock:
            seq = await self._dispatch_locked(session, event, data)
        self._notify()
        return seq

    # ------------------------------------------------------------------ the world changes

    async def delete_channel(self, channel_id: int) -> None:
        """A moderator deletes a guild channel: gone from its guild (messages posted or
        edited there get 404 Unknown Channel, 10003, and so does the answer to an
        interaction from it still on its way: see ``_interaction_callback``) and
        CHANNEL_DELETE is dispatched, which Discord sends with the GUILDS intent."""
        for guild in self.guilds.values():
            channel = guild.channel(channel_id)
            if channel is not None:
                guild.channels.remove(channel)
                self.deleted_channels.add(channel_id)
                session = self._session_for(guild.id)
                if session is not None and session.intents & gw.GUILDS_INTENT:
                    await self.dispatch("CHANNEL_DELETE", channel.to_payload(guild.id), guild.id)
                return
        raise KeyError(f"no channel {channel_id}")

    async def remove_member(self, guild_id: int, user_id: int) -> None:
        """A member leaves (or is kicked from) a guild: gone from its members (a lookup gets
        404 Unknown Member, 10007). GUILD_MEMBER_REMOVE goes only to a session with the
        privileged GUILD_MEMBERS intent, as Discord sends it; a bot without it is not told."""
        guild = self.guilds[guild_id]
        member = guild.member(user_id)
        if member is None:
            raise KeyError(f"no member {user_id} in {guild_id}")
        guild.members.remove(member)
        session = self._session_for(guild_id)
        if session is not None and session.intents & gw.GUILD_MEMBERS_INTENT:
            data = {"guild_id": str(guild_id), "user": member.user.to_payload()}
            await self.dispatch("GUILD_MEMBER_REMOVE", data, guild_id)
        self._notify()

    # ------------------------------------------------------------------ connection faults

    def _live_connection(self) -> gw.GatewayConnection:
        session = self.session
        if session is not None and session.connection is not None and session.connection.open:
            return session.connection
        for conn in reversed(self.gateway_connections):
            if conn.open:
                return conn
        raise RuntimeError("no open gateway connection")

    async def drop_connection(self, timeout: float = 5.0) -> gw.GatewayConnection:
        """Kill the bot's gateway TCP connection without a close frame (network failure).

        The session stays resumable; discord.py should come back with RESUME.
        """
        conn = self._live_connection()
        conn.abort()
        await self.wait_until(lambda: conn.closed_at is not None, timeout, "the dropped socket")
        return conn

    async def send_reconnect(self) -> gw.GatewayConnection:
        """Op 7 RECONNECT: the client should close and RESUME."""
        conn = self._live_connection()
        await conn.send({"op": gw.RECONNECT, "d": None})
        return conn

    async def invalidate_session(self, resumable: bool = False) -> gw.GatewayConnection:
        """Op 9 INVALID_SESSION. ``resumable=False`` kills the session: the client must
        IDENTIFY again (discord.py first sleeps in ``before_identify_hook``, 5 s by default)."""
        conn = self._live_connection()
        if conn.session is not None and not resumable:
            conn.session.resumable = False
        await conn.send({"op": gw.INVALID_SESSION, "d": resumable})
        return conn

    def close_at_identify(self, code: int | None, reason: str = "") -> None:
        """Answer every IDENTIFY by closing with ``code``, as Discord does for a session it
        will not start (4010 invalid shard, 4011 sharding required, 4013 invalid intents...);
        None answers IDENTIFY again."""
        self.identify_close = None if code is None else (code, reason)

    async def close_gateway(self, code: int = gw.UNKNOWN_ERROR, reason: str = "") -> None:
        """Close the connection with a close frame and code (4004 = auth failed, ...)."""
        await self._live_connection().close(code, reason)

    async def request_heartbeat(self) -> None:
        """Op 1 from the server: the client must heartbeat immediately."""
        conn = self._live_connection()
        seq = conn.session.seq if conn.session else None
        await conn.send({"op": gw.HEARTBEAT, "d": seq})
