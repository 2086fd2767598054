"""What a restart leaves of the tables: their rounds still open in the database.

A restart closes tables rather than finishing their rounds: the members who were setting
their hands had their private menus in the process that died, and a round finished by the
house way for all of them would not be theirs. So every table round left open is voided
(every bet returned, exactly once: ``void_round``), its channel is told, and its table
message says the table closed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Set
from typing import TYPE_CHECKING

import discord

from ...storage import DatabaseError
from ...storage import game as game_store
from ...texts.i18n import language, text
from .announce import NO_MENTIONS, channel_of
from .runner import closed_layout

if TYPE_CHECKING:
    from ...app.client import HousewayBot

log = logging.getLogger(__name__)


async def void_left_open(bot: HousewayBot, live: Set[str], retry_delay: float) -> None:
    """Void the table rounds of this process's servers that a previous process left open
    (not those of ``live`` tables, by their message ids), and say so in their channels."""
    while True:
        try:
            rounds = await game_store.open_rounds(bot.database, table_only=True)
            break
        except DatabaseError as error:
            bot.metrics.database_errors.inc()
            log.warning("cannot read open table rounds (%s); retrying", error)
            await asyncio.sleep(retry_delay)
    for row in rounds:
        if bot.get_guild(row.guild_id) is None or row.table_id in live:
            continue
        try:
            if not await game_store.void_round(bot.database, row.round_id, time.time()):
                continue
        except DatabaseError as error:
            log.warning("could not void a table round left open: %s", error)
            continue
        log.info("voided table round %s left open by a restart", row.round_id)
        await say_voided(bot, row)


async def say_voided(bot: HousewayBot, row: game_store.RoundRow) -> None:
    """Tell the round's channel (in the server's language) and close its table message."""
    guild = bot.get_guild(row.guild_id)
    lang = language(guild.preferred_locale if guild else None)
    users = ", ".join(f"<@{seat.user_id}>" for seat in row.seats)
    if row.channel_id is None:
        return
    try:
        channel = await channel_of(bot, row.channel_id)
        await channel.send(
            text("table.void.restart", lang, users=users, cmd=bot.mentions),
            allowed_mentions=NO_MENTIONS,
        )
        if row.table_id is not None and row.table_id.isdigit():
            assert isinstance(channel, discord.TextChannel | discord.Thread)
            line = text("table.status.closed.restart", lang, cmd=bot.mentions)
            await channel.get_partial_message(int(row.table_id)).edit(
                view=closed_layout(lang, line)
            )
    except (discord.HTTPException, OSError) as error:
        log.warning(
            "voided round %s; could not say so in its channel (%s, code %s)",
            row.round_id,
            type(error).__name__,
            getattr(error, "code", None),
        )
