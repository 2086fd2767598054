"""The Bot subclass: owns the database, loads the cogs, and syncs commands on purpose."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from houseway.analysis.figures import shipped_solve

from ..pictures.decks import MemberDecks
from ..service.observability import Metrics, shard_label
from ..service.settings import Settings
from ..service.turns import Turns
from ..storage import Database
from ..texts.i18n import Translator
from ..texts.mentions import CommandMentions
from .interactions import REFUSALS_SENDING, Tree, record
from .options import install as install_option_checks

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.cogs.dealer",
    "bot.cogs.analyze",
    "bot.cogs.quiz",
    "bot.cogs.practice",
    "bot.cogs.play",
    "bot.cogs.chips",
    "bot.cogs.table",
    "bot.cogs.cards",
    "bot.cogs.meta",
)
GLOBAL_HASH_KEY = "commands.global.sha256"
#: The server a DEV_GUILD_ID start synced its copy of the commands to ("" once cleared).
DEV_GUILD_KEY = "commands.dev_guild"
#: discord.py 2.7 runs every interaction handler in a task named like one of these
#: (app_commands/tree.py, ui/view.py, ui/modal.py, and client.py for a listener, where
#: the table's presses are handled): how close() finds those in flight. Every cog's
#: listener runs in a task of its own, so an interaction may count as several tasks.
HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-dynamic-item-",
    "discord.py: on_interaction",
)
#: close() waits at most this long for interactions in flight; then the cogs unload.
FINISH_SECONDS = 5.0
#: HTTP connections to Discord at once (discord.py's default is unlimited). A burst of
#: interactions otherwise opens a connection (a TLS handshake) per answer at the same
#: moment, and every acknowledgement waits for all of them; kept-alive connections
#: carry the burst within Discord's 3 seconds.
HTTP_CONNECTIONS = 64


#: Allocations between two collections of the youngest generation (Python's default: 700).
YOUNG_COLLECTIONS = 10_000


def settle_collector() -> None:
    """The garbage collector for a long-running process, once its start is done.

    What the start made (modules, cogs, the core's tables, the translations) lives as long
    as the process: frozen out of the collector's walks, so that a full collection walks
    only what the rounds made; collected first, as garbage frozen would never be freed.
    A press's objects (its interaction, message, views) live for its answer, a few hundred
    milliseconds under load: collected every 700 allocations they outlived two young
    collections into the oldest generation, whose growth then set off full collections of
    up to 0.6 s, about 25 a run at 200 tables on 2 processes (4–5 s in all). Every 10,000
    they mostly die young: none ran while tables played, and the loops' worst stall fell
    from 370–430 ms to 230–240 ms (issue 40)."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTIONS, middle, oldest)


class HousewayBot(commands.Bot):
    """Slash commands only; no privileged intents, no message content."""

    def __init__(
        self,
        settings: Settings,
        database: Database,
        force_sync: bool = False,
        *,
        freeze: bool = False,
        **options: Any,
    ) -> None:
        # No voice here: don't log warnings about missing voice libraries at every start.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.none() | discord.Intents(guilds=True),
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            tree_cls=Tree,
            **{"connector": aiohttp.TCPConnector(limit=HTTP_CONNECTIONS), **options},
        )
        self.settings = settings
        self.database = database
        self.force_sync = force_sync
        self.synced: list[str] = []
        #: The commands' mentions, once Discord has told their ids (see ``mention``).
        self.mentions = CommandMentions()
        self.metrics = Metrics(self)
        #: The refusals on their way to Discord, in turn by member (``interactions.refuse``).
        self.refusals = Turns(REFUSALS_SENDING)
        #: Each member's card deck (two colours or four), for every picture drawn for them.
        self.decks = MemberDecks(database, on_error=self.metrics.database_errors.inc)
        #: Shards (None: the one connection of an unsharded bot) that have been READY.
        self._connected_shards: set[int | None] = set()
        self._close_started: asyncio.Future[None] | None = None
        #: Freeze what the start made (``setup_hook``): the process's own bot, not a
        #: test's, which would keep every bot a test process starts.
        self.freeze = freeze

    async def setup_hook(self) -> None:
        damaged = shipped_solve().problem
        if damaged is not None:  # said once; the rule pages fall back to sampled figures
            log.warning(
                "houseway/data/solve.json cannot be used (%s): the rule pages show the "
                "sampled figures; rewrite it with `houseway solve --summarise RUN --write FILE`",
                damaged,
            )
        await self.tree.set_translator(Translator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        install_option_checks(self.tree)
        if self.settings.sync_commands:
            await self.sync_commands()
        if not self.mentions.known:
            await self.fetch_command_ids()
        if self.freeze:
            settle_collector()

    def mention(self, name: str) -> str:
        """``</quiz start:123>`` for ``"quiz start"``: clickable, and shown in the reader's
        language; the plain ``/quiz start`` while Discord's id is unknown."""
        return self.mentions[name]

    async def command_payload(self) -> list[dict[str, Any]]:
        """The global command definitions exactly as a sync would send them (translated)."""
        translator = self.tree.translator
        payload = []
        for command in self.tree.get_commands():
            if translator is None:
                payload.append(command.to_dict(self.tree))
            else:
                payload.append(await command.get_translated_payload(self.tree, translator))
        return sorted(payload, key=lambda item: (item.get("type", 1), item["name"]))

    async def sync_commands(self) -> None:
        """With DEV_GUILD_ID, that server only, at every start; otherwise globally, and
        only when the definitions changed.

        A dev start leaves the global commands alone: a server that has both a guild copy
        and the global commands lists every command twice. For the same reason a global
        start removes the copy an earlier dev start left in its server (remembered in the
        database). A blind global sync on every start would spend a rate-limited call and,
        for a bot in many servers, churn every client's command cache; a hash of the
        payload kept in the database tells whether anything changed since the last one.
        """
        if self.settings.dev_guild_id is not None:
            await self.sync_dev_guild(self.settings.dev_guild_id)
            return
        stale = await self.database.get_meta(DEV_GUILD_KEY)
        if stale:
            await self.clear_dev_guild(int(stale))
        digest = hashlib.sha256(
            json.dumps(await self.command_payload(), sort_keys=True).encode()
        ).hexdigest()
        stored = await self.database.get_meta(GLOBAL_HASH_KEY)
        if self.force_sync or stored != digest:
            self.mentions.learn(await self.tree.sync())
            await self.database.set_meta(GLOBAL_HASH_KEY, digest)
            self.synced.append("global")
            log.info("synced global commands (%s)", "forced" if self.force_sync else "changed")
        else:
            log.info("global commands unchanged since the last sync; not syncing")

    async def sync_dev_guild(self, guild_id: int) -> None:
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        self.mentions.learn(await self.tree.sync(guild=guild))
        await self.database.set_meta(DEV_GUILD_KEY, str(guild_id))
        self.synced.append(f"guild:{guild_id}")
        log.info("synced commands to the dev guild %s only", guild_id)
        if await self.tree.fetch_commands():
            log.warning(
                "the application also has global commands, so the dev guild %s lists every "
                "command twice; use an application of its own for development",
                guild_id,
            )

    async def clear_dev_guild(self, guild_id: int) -> None:
        """Remove the commands an earlier DEV_GUILD_ID start synced to ``guild_id``."""
        guild = discord.Object(id=guild_id)
        self.tree.clear_commands(guild=guild)  # this process has none there: sync sends []
        try:
            await self.tree.sync(guild=guild)
        except discord.Forbidden:
            log.warning("cannot clear the old dev guild %s (no access); forgetting it", guild_id)
        except discord.HTTPException as error:
            log.warning("could not clear the old dev guild %s (%s); next start", guild_id, error)
            return
        else:
            self.synced.append(f"cleared:{guild_id}")
            log.info("cleared the commands an earlier dev start left in guild %s", guild_id)
        await self.database.set_meta(DEV_GUILD_KEY, "")

    async def fetch_command_ids(self) -> None:
        """The commands' ids when no sync told them (one request at start)."""
        guild_id = self.settings.dev_guild_id
        try:
            commands = await self.tree.fetch_commands(
                guild=discord.Object(id=guild_id) if guild_id is not None else None
            )
        except discord.HTTPException as error:
            log.warning("could not fetch the commands' ids (%s); messages name them as text", error)
            return
        self.mentions.learn(commands)

    async def close(self) -> None:
        """Finish the interactions in flight, then close (which unloads the cogs).

        A deferred /analyze, say, still gets its follow-up before the HTTP session goes;
        the quiz cog stops its runners when it unloads. Both waits are bounded so that
        SIGTERM still exits in time. A second call waits for the first one's steps rather
        than cutting them short.
        """
        if self._close_started is None:
            self._close_started = asyncio.get_running_loop().create_future()
            try:
                await self.finish_in_flight(FINISH_SECONDS)
            finally:
                self._close_started.set_result(None)
        else:
            await asyncio.shield(self._close_started)
        await super().close()

    def interactions_in_flight(self) -> set[asyncio.Task[Any]]:
        """The interaction handlers still running (other than the caller)."""
        current = asyncio.current_task()
        return {
            task
            for task in asyncio.all_tasks()
            if task is not current and not task.done() and task.get_name().startswith(HANDLER_TASKS)
        }

    async def finish_in_flight(self, timeout: float) -> None:
        """Wait up to ``timeout`` for the handlers in flight, including any that start meanwhile."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while pending := self.interactions_in_flight():
            left = deadline - loop.time()
            if left <= 0:
                log.warning("closing with %d handler task(s) still in flight", len(pending))
                return
            log.info("waiting for %d handler task(s) in flight", len(pending))
            await asyncio.wait(pending, timeout=left)

    async def on_app_command_completion(
        self,
        interaction: discord.Interaction,
        command: app_commands.Command[Any, ..., Any] | app_commands.ContextMenu,
    ) -> None:
        # A command that answered with an error of the user's (bad input, not allowed,
        # too slow) says so in extras["outcome"]; anything else completed normally.
        record(interaction, command.qualified_name, str(interaction.extras.get("outcome", "ok")))

    async def on_connect(self) -> None:
        if not isinstance(self, commands.AutoShardedBot):  # a sharded bot counts per shard
            self._count_connect(None)

    async def on_shard_connect(self, shard_id: int) -> None:
        self._count_connect(shard_id)

    def _count_connect(self, shard_id: int | None) -> None:
        """A READY is a reconnect only for a shard that was READY before: a clean start
        of several shards is not one."""
        if shard_id in self._connected_shards:
            self.metrics.reconnects.labels(shard_label(shard_id)).inc()
        self._connected_shards.add(shard_id)

    async def on_resumed(self) -> None:
        if not isinstance(self, commands.AutoShardedBot):  # a sharded bot counts per shard
            self.metrics.reconnects.labels(shard_label(None)).inc()

    async def on_shard_resumed(self, shard_id: int) -> None:
        self.metrics.reconnects.labels(shard_label(shard_id)).inc()

    async def on_ready(self) -> None:
        assert self.user is not None
        log.info("ready as %s (%s) in %d guild(s)", self.user, self.user.id, len(self.guilds))


class ShardedHousewayBot(HousewayBot, commands.AutoShardedBot):
    """The same bot over several shards in one process (SHARD_COUNT / SHARD_IDS)."""


def make_bot(
    settings: Settings, database: Database, force_sync: bool = False, **options: Any
) -> HousewayBot:
    """A plain bot, or a sharded one when SHARD_COUNT is set."""
    if settings.shard_count is None:
        return HousewayBot(settings, database, force_sync=force_sync, **options)
    return ShardedHousewayBot(
        settings,
        database,
        force_sync=force_sync,
        shard_count=settings.shard_count,
        shard_ids=list(settings.shard_ids) if settings.shard_ids else None,
        **options,
    )
