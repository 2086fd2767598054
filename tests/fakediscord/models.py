"""Plain data records of the fake Discord world and of everything the bot sent to it.

Kept free of server logic so tests can build users/guilds and inspect records without
caring how the stand-in works. All ids are ``int`` on the Python side and rendered as
strings in payloads, like Discord does.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import math
import statistics
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

DISCORD_EPOCH_MS: Final = 1_420_070_400_000

# --- flags and enums (the few numbers tests keep needing) -------------------------------

EPHEMERAL: Final = 1 << 6
LOADING: Final = 1 << 7  # "bot is thinking" on a deferred response
COMPONENTS_V2: Final = 1 << 15


class InteractionType:
    PING: Final = 1
    APPLICATION_COMMAND: Final = 2
    MESSAGE_COMPONENT: Final = 3
    AUTOCOMPLETE: Final = 4
    MODAL_SUBMIT: Final = 5


class CallbackType:
    PONG: Final = 1
    CHANNEL_MESSAGE: Final = 4
    DEFERRED_CHANNEL_MESSAGE: Final = 5
    DEFERRED_UPDATE_MESSAGE: Final = 6
    UPDATE_MESSAGE: Final = 7
    AUTOCOMPLETE_RESULT: Final = 8
    MODAL: Final = 9
    PREMIUM_REQUIRED: Final = 10
    LAUNCH_ACTIVITY: Final = 12


RecordKind = Literal[
    "callback",  # POST /interactions/{id}/{token}/callback
    "followup",  # POST /webhooks/{app}/{token}
    "edit",  # PATCH /webhooks/{app}/{token}/messages/{@original|id}
    "delete",  # DELETE /webhooks/{app}/{token}/messages/{@original|id}
    "channel_message",  # POST /channels/{id}/messages
    "channel_edit",  # PATCH /channels/{id}/messages/{id}
    "channel_delete",  # DELETE /channels/{id}/messages/{id}
    "reaction",  # PUT /channels/{id}/messages/{id}/reactions/{emoji}/@me
]

# A sensible permission set for an ordinary member: view, send, embed, attach, history,
# add reactions, use application commands.
DEFAULT_MEMBER_PERMISSIONS: Final = (
    (1 << 6) | (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
)
ADMINISTRATOR: Final = 1 << 3
MANAGE_GUILD: Final = 1 << 5
# What the bot itself may do in a channel (sent as ``app_permissions``).
DEFAULT_APP_PERMISSIONS: Final = DEFAULT_MEMBER_PERMISSIONS | (1 << 13) | (1 << 18)


def iso(ts: dt.datetime) -> str:
    """Discord's timestamp format."""
    return ts.astimezone(dt.UTC).isoformat()


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class SnowflakeGenerator:
    """Monotonic, unique Discord-style snowflakes (timestamp << 22 | counter)."""

    #: Ids made ``age`` seconds in the past count in the upper half of the 22 low bits,
    #: which the monotonic ids (a few per millisecond at most) never reach.
    _AGED_BASE: Final = 1 << 21

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last = 0
        self._aged = 0

    def __call__(self, age: float = 0.0) -> int:
        """A fresh id; with ``age`` > 0, a unique id whose timestamp is that many seconds ago."""
        with self._lock:
            if age > 0:
                self._aged = (self._aged + 1) % self._AGED_BASE
                made = int((time.time() - age) * 1000) - DISCORD_EPOCH_MS
                return made << 22 | self._AGED_BASE | self._aged
            candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
            self._last = max(candidate, self._last + 1)
            return self._last


# --- the fake world ---------------------------------------------------------------------


@dataclass(frozen=True)
class FakeUser:
    """A Discord user. ``username`` is the unique handle, ``global_name`` the display name."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    avatar: str | None = None

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": self.avatar,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass(frozen=True)
class FakeRole:
    id: int
    name: str
    permissions: int = 0
    position: int = 1
    color: int = 0

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": self.color,
            "colors": {
                "primary_color": self.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass(frozen=True)
class FakeChannel:
    """A guild channel (type 0 = text by default)."""

    id: int
    name: str
    type: int = 0
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None

    def to_payload(self, guild_id: int | None) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "type": self.type,
            "position": self.position,
            "topic": self.topic,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "permission_overwrites": [],
            "last_message_id": None,
            "flags": 0,
        }
        if guild_id is not None:
            payload["guild_id"] = str(guild_id)
        return payload


@dataclass(frozen=True)
class FakeMember:
    """Guild membership of a user; ``permissions`` is what interactions report by default."""

    user: FakeUser
    roles: tuple[int, ...] = ()
    nick: str | None = None
    permissions: int = DEFAULT_MEMBER_PERMISSIONS
    joined_at: dt.datetime = field(default_factory=lambda: dt.datetime(2024, 1, 1, tzinfo=dt.UTC))


@dataclass
class FakeGuild:
    id: int
    name: str
    channels: list[FakeChannel] = field(default_factory=list)
    roles: list[FakeRole] = field(default_factory=list)
    members: list[FakeMember] = field(default_factory=list)
    owner_id: int | None = None
    preferred_locale: str = "en-US"
    features: tuple[str, ...] = ()

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels if c.type in (0, 5)]

    def channel(self, channel_id: int) -> FakeChannel | None:
        return next((c for c in self.channels if c.id == channel_id), None)

    def member(self, user_id: int) -> FakeMember | None:
        return next((m for m in self.members if m.user.id == user_id), None)

    def role(self, role_id: int) -> FakeRole | None:
        return next((r for r in self.roles if r.id == role_id), None)

    def everyone_role(self) -> FakeRole:
        return FakeRole(
            id=self.id, name="@everyone", permissions=DEFAULT_MEMBER_PERMISSIONS, position=0
        )


def member_payload(
    member: FakeMember,
    *,
    include_user: bool = True,
    permissions: int | None = None,
    roles: Iterable[int] | None = None,
    nick: str | None = None,
) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "roles": [str(r) for r in (member.roles if roles is None else roles)],
        "nick": member.nick if nick is None else nick,
        "avatar": None,
        "banner": None,
        "joined_at": iso(member.joined_at),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if include_user:
        payload["user"] = member.user.to_payload()
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


# --- what the bot sent --------------------------------------------------------------------


@dataclass(frozen=True)
class SentFile:
    """One ``files[n]`` part of a multipart request, bytes exactly as received."""

    field: str
    filename: str | None
    content_type: str | None
    data: bytes


@dataclass
class Sent:
    """One message-ish request the bot made (a callback, follow-up, edit, channel post...).

    ``payload`` is the JSON body as sent (``payload_json`` for multipart requests); for
    callbacks it is ``{"type": ..., "data": {...}}`` and :attr:`data` is the inner message.
    ``at`` is :func:`time.monotonic` at arrival, comparable with
    :attr:`FakeInteraction.dispatched_at`.
    """

    kind: RecordKind
    method: str
    path: str
    payload: dict[str, Any]
    files: list[SentFile]
    at: float
    wall_time: dt.datetime
    callback_type: int | None = None
    interaction_id: int | None = None
    channel_id: int | None = None
    message_id: int | None = None

    @property
    def data(self) -> dict[str, Any]:
        """The message body: ``payload["data"]`` for callbacks, the payload otherwise."""
        if self.kind == "callback":
            inner = self.payload.get("data")
            return inner if isinstance(inner, dict) else {}
        return self.payload

    @property
    def content(self) -> str | None:
        return self.data.get("content")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.data.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        return self.data.get("allowed_mentions")

    @property
    def attachments(self) -> list[dict[str, Any]]:
        return list(self.data.get("attachments") or [])

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (callback type 8)."""
        return list(self.data.get("choices") or [])

    def file(self, filename: str) -> SentFile:
        """The uploaded file with that name (KeyError when absent)."""
        for f in self.files:
            if f.filename == filename:
                return f
        raise KeyError(f"no file {filename!r}; sent: {[f.filename for f in self.files]}")


@dataclass
class FakeMessage:
    """A message as the stand-in stores it (created by callbacks, follow-ups, posts)."""

    id: int
    channel_id: int
    guild_id: int | None
    author: dict[str, Any]
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    attachments: list[dict[str, Any]] = field(default_factory=list)
    files: dict[int, SentFile] = field(default_factory=dict)  # attachment id -> bytes
    type: int = 0
    tts: bool = False
    created_at: dt.datetime = field(default_factory=utcnow)
    edited_at: dt.datetime | None = None
    interaction_id: int | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    deleted: bool = False
    reactions: list[str] = field(default_factory=list)
    revisions: list[dict[str, Any]] = field(default_factory=list)  # earlier to_payload()s

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def attachment_bytes(self, filename: str) -> bytes:
        for att in self.attachments:
            if att["filename"] == filename:
                return self.files[int(att["id"])].data
        raise KeyError(filename)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        return next(
            (c for c in iter_components(self.components) if c.get("custom_id") == custom_id),
            None,
        )

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author,
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": self.attachments,
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "reactions": [],
        }
        if self.guild_id is not None:
            payload["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            payload["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            payload["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            payload["interaction_metadata"] = self.interaction_metadata
        return payload


def iter_components(components: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    """Walk a component tree (action rows, v2 containers, sections, labels) depth first."""
    for comp in components:
        yield comp
        children = comp.get("components")
        if isinstance(children, list):
            yield from iter_components(children)
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from iter_components([child])


@dataclass
class FakeInteraction:
    """One interaction the stand-in dispatched, and everything the bot did with it."""

    id: int
    token: str
    type: int
    payload: dict[str, Any]  # the INTERACTION_CREATE ``d``
    user: FakeUser
    guild_id: int | None
    channel_id: int
    created_at: float  # monotonic, when the test asked for it
    dispatched_at: float | None = None  # monotonic, when the frame went onto the socket
    callback: Sent | None = None
    callback_at: float | None = None
    records: list[Sent] = field(default_factory=list)
    original_message_id: int | None = None
    late_callbacks: int = 0  # callbacks refused because the response deadline had passed
    age: float = 0.0  # seconds the interaction already existed when it was dispatched
    first_callback_at: float | None = None  # the first initial callback, accepted or not

    @property
    def data(self) -> dict[str, Any]:
        return self.payload.get("data") or {}

    @property
    def name(self) -> str | None:
        return self.data.get("name")

    @property
    def custom_id(self) -> str | None:
        return self.data.get("custom_id")

    @property
    def locale(self) -> str:
        return self.payload.get("locale", "en-US")

    @property
    def response_time(self) -> float | None:
        """Seconds from dispatch to the bot's first initial callback.

        A callback refused for coming after the deadline counts too: it is the slow
        reply that the figures exist to show.
        """
        if self.first_callback_at is None or self.dispatched_at is None:
            return None
        return self.first_callback_at - self.dispatched_at

    @property
    def followups(self) -> list[Sent]:
        return [r for r in self.records if r.kind == "followup"]

    @property
    def edits(self) -> list[Sent]:
        return [r for r in self.records if r.kind == "edit"]


@dataclass
class Fault:
    """A fault injected for the next ``count`` REST requests matching ``method``/``path``.

    ``path`` is a glob (``fnmatch``) over the path below ``/api/v10``, e.g.
    ``/interactions/*/callback``; ``method`` None matches any method. ``count`` None
    means "until removed". With ``status`` None the request is delayed by ``delay`` (or
    held until ``gate`` is set) and then handled normally.
    """

    method: str | None
    path: str
    status: int | None = None
    retry_after: float = 1.0
    is_global: bool = False
    via: bool = True
    delay: float = 0.0
    gate: asyncio.Event | None = None
    count: int | None = 1
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    hits: int = 0

    @property
    def exhausted(self) -> bool:
        return self.count is not None and self.hits >= self.count


@dataclass
class RequestLog:
    """Every REST request that reached the stand-in (no headers: they hold the token)."""

    method: str
    path: str
    query: dict[str, str]
    at: float
    status: int | None = None
    fault: Fault | None = None


@dataclass(frozen=True)
class Refusal:
    """A request Discord would refuse as wrong in itself (``wire.REFUSAL_CODES``): what
    was sent where, and Discord's answer, with the field it names."""

    method: str
    path: str  # tokens redacted
    status: int
    code: int
    detail: str

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status} {self.code}: {self.detail}"


@dataclass(frozen=True)
class CommandSync:
    """One bulk overwrite (``PUT``) of application commands."""

    guild_id: int | None
    commands: list[dict[str, Any]]
    at: float


@dataclass
class GatewayOp:
    """A payload the bot sent over the gateway (tokens redacted)."""

    connection_id: int
    op: int
    data: Any
    at: float


# --- response-time statistics -------------------------------------------------------------


def percentile(values: Sequence[float], pct: float) -> float:
    """Linear-interpolated percentile (same as numpy's default), ``pct`` in 0..100."""
    if not values:
        return math.nan
    if not 0 <= pct <= 100:
        raise ValueError("pct must be within 0..100")
    ordered = sorted(values)
    rank = (len(ordered) - 1) * pct / 100
    lower = math.floor(rank)
    upper = math.ceil(rank)
    if lower == upper:
        return ordered[lower]
    return ordered[lower] + (ordered[upper] - ordered[lower]) * (rank - lower)


@dataclass(frozen=True)
class ResponseTimeStats:
    """Seconds from INTERACTION_CREATE to the bot's initial callback."""

    count: int  # interactions with a callback, in time or late
    unanswered: int  # no callback at all
    min: float
    mean: float
    p50: float
    p90: float
    p99: float
    max: float
    late: int = 0  # answered only after the deadline (refused as Discord would)

    @classmethod
    def from_values(
        cls, values: Sequence[float], unanswered: int = 0, late: int = 0
    ) -> ResponseTimeStats:
        if not values:
            nan = math.nan
            return cls(0, unanswered, nan, nan, nan, nan, nan, nan, late)
        return cls(
            count=len(values),
            unanswered=unanswered,
            late=late,
            min=min(values),
            mean=statistics.fmean(values),
            p50=percentile(values, 50),
            p90=percentile(values, 90),
            p99=percentile(values, 99),
            max=max(values),
        )


_counter = itertools.count(1)


def next_serial() -> int:
    return next(_counter)
