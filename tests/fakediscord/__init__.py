"""A local stand-in for Discord, so the real discord.py client can be tested end to end.

:class:`FakeDiscord` is an aiohttp server (in the test's event loop, on ``127.0.0.1`` and
an ephemeral port, so a bot subprocess can reach it too) that speaks enough of Discord's
HTTP API v10 and Gateway v10 for an unmodified discord.py 2.7 ``Client``/``commands.Bot``
to log in, sync application commands, receive interactions and answer them. Point the
client at it with the production ``bot.service.endpoints.configure_endpoints(fake.api_url,
fake.gateway_url)`` (``harness.running_client`` does that and restores the defaults), or
pass ``fake.subprocess_env()`` (``DISCORD_TOKEN``/``DISCORD_API_URL``/
``DISCORD_GATEWAY_URL``) to ``python -m bot``.

Where things are: ``server`` composes :class:`FakeDiscord` and lists its REST routes; its
parts are mixins, one module each (``state``, ``rest``, ``identity``, ``guilds``,
``commands``, ``messages``, ``callbacks``, ``gateway_protocol``, ``interactions``), with
``wire`` (REST errors and JSON), ``gateway`` (sessions, connections), ``models`` (the
records tests inspect) and ``payloads`` (option and modal payloads) beside them.

What it models
--------------
* REST: ``/users/@me`` (401 for a refused token), ``/gateway``, ``/gateway/bot``,
  ``/oauth2/applications/@me``, global and guild command PUT/GET/POST/PATCH/DELETE (with
  Discord's name/description/option validation and a per-scope sync log), interaction
  callbacks (JSON and multipart, ``with_response``), webhook follow-ups/edits/gets/deletes
  (``@original`` or id), channel messages (post/get/list/edit/delete), typing, own
  reactions, DM channel creation, guild/channel/member/user lookups, and a tiny CDN that
  serves uploaded attachments. Everything else is logged and answered 404 (405 for a
  known path with the wrong method) and listed in ``fake.unknown_requests``.
* Discord's rules that catch real bugs: every request body held to Discord's own OpenAPI
  description (``openapi``) and to the documented limits it does not express (``limits``:
  6,000 embed characters, rows and selects, unique custom ids, components v2 totals,
  command names and their 4,000 characters), answered 400/50035 naming the field; one
  initial callback per interaction (40060), the 3 s callback deadline (10062,
  configurable), callback types valid for the interaction type, follow-ups only after
  acknowledging, the first follow-up after a "thinking" defer replacing the loading
  message, empty messages (50006), ephemeral only via interactions. Each refusal is kept
  in ``fake.refusals`` and fails the test (``plugin``; ``@pytest.mark.discord_refuses``
  for a test that sends one on purpose).
* Gateway: HELLO, heartbeat/ACK, IDENTIFY -> READY (``resume_gateway_url`` on a separate
  path) + GUILD_CREATE, RESUME with replay of missed events then RESUMED, INVALID_SESSION
  when not resumable, op 7/op 9/close codes/abrupt drops on demand, REQUEST_GUILD_MEMBERS ->
  GUILD_MEMBERS_CHUNK, privileged-intent refusal (4014), bad token (4004), any close code
  in answer to IDENTIFY (``close_at_identify``: 4010 invalid shard, ...), zlib-stream
  transport compression (what discord.py requests), sequence numbers.
* Interactions: slash commands with options and subcommands (typed and validated against
  what the bot synced), autocomplete (focused option), button/select clicks on messages
  the bot sent, modal submits mirroring the modal the bot showed, from any user/member,
  with permissions, roles, locale, guild/channel or DM; through the app installed to a
  member's own account, in a server the bot is not in (``add_guild_without_bot``: no
  GUILD_CREATE, no REST access) or a DM between the member and somebody else
  (``private_channel=True``), with Discord's ``context`` and
  ``authorizing_integration_owners``. A channel deleted while an interaction from it is
  on its way (``delete_channel``) refuses the answer posted there, public or ephemeral,
  404 Unknown Channel (10003); a user in ``closed_dms`` takes no DM from the bot (403,
  50007). Other refusals (403 Missing Access 50001, Missing Permissions 50013) are
  injected with Discord's body: ``inject(route, status=403, body={"code": 50001,
  "message": "Missing Access"}, count=None)``.
* Fault injection on REST routes (429 with ``retry_after``/``global``/``Via``, any status,
  delays, requests held until an event is set) and response-time statistics (dispatch ->
  initial callback, p50/p90/p99).

What it does NOT model
----------------------
* Real rate limits: no buckets, no ``X-RateLimit-*`` headers, no global 50 req/s, no
  gateway send limit, no IDENTIFY concurrency / session-start budget. 429s happen only
  when injected.
* Sharding: a session that IDENTIFYs with ``shard: [id, count]`` gets only the guilds
  of its shard (``(guild_id >> 22) % count == id``) and their interactions; other
  events, max_concurrency and session start limits are not modelled.
* Voice (op 4 is accepted and ignored), stage/soundboard/scheduled events, threads,
  forums, polls, stickers, emojis, invites, audit logs, bans, moderation, role/channel
  editing, permission overwrites and permission calculation (``permissions`` is whatever
  the test passes; ``default_member_permissions`` is not enforced).
* Most gateway events: only READY, RESUMED, GUILD_CREATE, GUILD_MEMBERS_CHUNK,
  INTERACTION_CREATE, MESSAGE_CREATE/UPDATE/DELETE (for messages made through the
  stand-in), CHANNEL_DELETE (``delete_channel``) and GUILD_MEMBER_REMOVE
  (``remove_member``, only with the GUILD_MEMBERS intent) are sent; no presences, typing,
  reactions, member updates or guild updates.
* ETF encoding, zstd-stream compression (plain text frames are sent instead, which
  discord.py accepts), payload compression (``compress`` in IDENTIFY), heartbeat
  timeouts on the server side (a silent client is never disconnected).
* What Discord does with follow-ups and edits through an interaction's token once its
  channel is deleted: they are let through.
* Context-menu (user/message) commands, attachment options, entitlements/premium,
  localisation of command names, the 15-minute token lifetime. Which contexts and installs
  a command is offered in (``contexts``, ``integration_types``) is stored, not enforced;
  clicks in private channels are not modelled.
* Mentions and ``allowed_mentions`` are recorded, never resolved; embeds, components
  and attachments are stored as sent (no unfurling, no image sizes, no component ids).
* Validation is what the description and ``limits`` say: a payload Discord would reject
  for a reason neither states (permissions, a state of the server) may be accepted here
  (the reverse should not happen; report it if it does, and name it in
  ``openapi.LENIENCIES`` if Discord takes it).
"""

from .models import (
    EPHEMERAL,
    LOADING,
    CallbackType,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Fault,
    InteractionType,
    ResponseTimeStats,
    Sent,
    SentFile,
    percentile,
)
from .server import FakeDiscord
from .state import (
    APPLICATION_ID,
    CHANNEL_ID,
    GUILD_ID,
    MODERATOR_ROLE_ID,
    OWNER_ID,
    QUIZ_CHANNEL_ID,
    USER_ID,
)

__all__ = [
    "APPLICATION_ID",
    "CHANNEL_ID",
    "EPHEMERAL",
    "GUILD_ID",
    "LOADING",
    "MODERATOR_ROLE_ID",
    "OWNER_ID",
    "QUIZ_CHANNEL_ID",
    "USER_ID",
    "CallbackType",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeInteraction",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "Fault",
    "InteractionType",
    "ResponseTimeStats",
    "Sent",
    "SentFile",
    "percentile",
]
