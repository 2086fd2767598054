"""What a restart leaves of the tables, made right at the first READY, once:

- a round settled but never revealed (a crash between the two) is revealed in its channel,
  with the round's id as the message's nonce (Discord keeps one message for a nonce sent
  twice within minutes), and noted revealed;
- a table left open is closed: its message says so and loses its buttons, its channel is
  told, and a round it had open is voided (every wager returned, exactly once:
  ``void_round``). A restart closes tables rather than finishing their rounds: the members
  setting their hands had their private menus in the process that died, and a round
  finished by the house way for all of them would not be theirs.

Only this process's servers are touched (a sharded bot runs one process a slice).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Set
from typing import TYPE_CHECKING

import discord

from houseway.language import Lang

from ...storage import DatabaseError
from ...storage import game as game_store
from ...storage.game_tables import TableRow, open_tables, table_closed
from ...texts.i18n import language, text
from .announce import NO_MENTIONS, channel_of, closed_layout, post_reveal
from .state import Live, Seat, Table

if TYPE_CHECKING:
    from ...app.client import HousewayBot

log = logging.getLogger(__name__)


async def recover(bot: HousewayBot, live: Callable[[], Set[str]], retry_delay: float) -> None:
    """Reveal, void and close what a previous process left (never a table of this one:
    ``live()`` gives their message ids as they are when each is looked at, since a table
    may open while this runs), retrying the first reads until the database answers."""
    while True:
        try:
            unrevealed = await game_store.unrevealed_rounds(bot.database)
            rounds = await game_store.open_rounds(bot.database, table_only=True)
            tables = await open_tables(bot.database)
            break
        except DatabaseError as error:
            bot.metrics.database_errors.inc()
            log.warning("cannot read what a restart left open (%s); retrying", error)
            await asyncio.sleep(retry_delay)
    ours = [row for row in unrevealed if _ours(bot, row.guild_id, row.table_id, live())]
    for row in ours:
        await reveal_left_unsaid(bot, row, _table_row(tables, row.table_id))
    voided: set[str] = set()
    for row in rounds:
        if not _ours(bot, row.guild_id, row.table_id, live()):
            continue
        try:
            if not await game_store.void_round(bot.database, row.round_id, time.time()):
                continue
        except DatabaseError as error:
            log.warning("could not void a table round left open: %s", error)
            continue
        log.info("voided table round %s left open by a restart", row.round_id)
        voided.add(str(row.table_id))
        await say_closed(bot, _table_row(tables, row.table_id), row)
    for table in tables:
        if _ours(bot, table.guild_id, table.table_id, live()) and table.table_id not in voided:
            await say_closed(bot, table, None)


def _ours(bot: HousewayBot, guild_id: int, table_id: str | None, live: Set[str]) -> bool:
    return bot.get_guild(guild_id) is not None and table_id not in live


def _table_row(tables: list[TableRow], table_id: str | None) -> TableRow | None:
    return next((table for table in tables if table.table_id == table_id), None)


def _lang(bot: HousewayBot, guild_id: int, table: TableRow | None) -> Lang:
    if table is not None:
        return table.lang
    guild = bot.get_guild(guild_id)
    return language(guild.preferred_locale if guild else None)


async def reveal_left_unsaid(
    bot: HousewayBot, row: game_store.RoundRow, table: TableRow | None
) -> None:
    """Post the reveal of a round settled before a restart, and note it revealed."""
    if row.channel_id is None:
        return
    lang = _lang(bot, row.guild_id, table)
    stand_in = Table(
        table_id=row.table_id or "",
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        lang=lang,
        bet=0,
        opened_by=0,
    )
    for seat in row.seats:
        stand_in.seats[seat.seat] = Seat(seat.seat, seat.user_id, await _name(bot, seat.user_id), 0)
    settled = row.to_round()
    try:
        await post_reveal(bot, stand_in, Live(settled, 0, 0.0), None, restarted=True)
        await game_store.mark_revealed(bot.database, row.round_id, time.time())
    except (discord.HTTPException, OSError, DatabaseError) as error:
        log.warning("could not reveal round %s after a restart: %s", row.round_id, error)
        return
    log.info("revealed table round %s, settled before a restart", row.round_id)


async def _name(bot: HousewayBot, user_id: int) -> str:
    """A member's name as the reveal's picture writes it, or their seat's words."""
    user = bot.get_user(user_id)
    if user is None:
        try:
            user = await bot.fetch_user(user_id)
        except (discord.HTTPException, OSError):
            return ""
    return user.display_name


async def say_closed(
    bot: HousewayBot, table: TableRow | None, voided: game_store.RoundRow | None
) -> None:
    """Tell the table's channel that it closed (and its round was voided), close its
    message, and note it closed."""
    guild_id = table.guild_id if table is not None else voided.guild_id if voided else 0
    channel_id = table.channel_id if table is not None else voided.channel_id if voided else None
    message_id = table.table_id if table is not None else voided.table_id if voided else None
    lang = _lang(bot, guild_id, table)
    if channel_id is not None:
        try:
            channel = await channel_of(bot, channel_id)
            if voided is not None:
                users = ", ".join(f"<@{seat.user_id}>" for seat in voided.seats)
                words = text("table.void.restart", lang, users=users, cmd=bot.mentions)
            else:
                words = text("table.closed.restart", lang, cmd=bot.mentions)
            await channel.send(words, allowed_mentions=NO_MENTIONS)
            if message_id is not None and message_id.isdigit():
                assert isinstance(channel, discord.TextChannel | discord.Thread)
                line = text("table.status.closed.restart", lang, cmd=bot.mentions)
                await channel.get_partial_message(int(message_id)).edit(
                    view=closed_layout(lang, line)
                )
        except (discord.HTTPException, OSError) as error:
            log.warning(
                "table %s closed by a restart; could not say so in its channel (%s, code %s)",
                message_id,
                type(error).__name__,
                getattr(error, "code", None),
            )
    if message_id is not None:
        try:
            await table_closed(bot.database, message_id, time.time())
        except DatabaseError as error:
            log.warning("could not note table %s closed: %s", message_id, error)
