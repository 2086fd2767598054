"""Checks every feature makes: the database bounded by the interaction's deadline, and who
counts as a moderator (Manage Server, or the server's quizmaster role). The quiz and the
tables both ask; neither feature owns them."""

from __future__ import annotations

import asyncio
import time
from typing import Final, TypeVar

import discord

from ..storage import Bounded, Database, DatabaseTimeout
from ..storage import quiz as quiz_store
from .interactions import bot_of

T = TypeVar("T")

#: Who moderates, written once: what Discord shows moderators' commands to by default and
#: what ``is_moderator`` accepts besides the quizmaster role.
MODERATOR: Final = discord.Permissions(manage_guild=True)


def bounded_db(interaction: discord.Interaction) -> Bounded:
    """The database, bounded so that the interaction is answered in time whatever it does."""
    bot = bot_of(interaction)
    budget = bot.settings.quiz_timing.ack_budget(interaction.created_at, time.time())
    return Bounded(bot.database, asyncio.get_running_loop().time() + budget)


async def within_or_deferred(
    interaction: discord.Interaction, db: Bounded, work: asyncio.Future[T]
) -> tuple[T, bool]:
    """``work``'s result (``db.start``'s), and whether the press on a message had to be
    deferred for it. A write still under way at the interaction's deadline lands a moment
    later as a rule (a saturated process's pool queue, issue 40): telling the member the
    database is unavailable would have them press again for a press already taken. So the
    press is acknowledged in time (a deferred update: the message stays as it is) and the
    write gets its usual time again; the caller then answers with
    ``edit_original_response``. Past that too, the DatabaseTimeout is told as ever."""
    try:
        return await db.wait(work), False
    except DatabaseTimeout as late:
        try:
            await interaction.response.defer()
        except discord.NotFound:  # answered too late anyway: told as "expired"
            raise
        except discord.HTTPException:  # no acknowledgement: the timeout is told as ever
            raise late from None
    bot = bot_of(interaction)
    again = asyncio.get_running_loop().time() + bot.settings.quiz_timing.ack_by
    return await Bounded(bot.database, again).wait(work), True


async def is_moderator(db: Database, interaction: discord.Interaction) -> bool:
    """Manage Server, or the configured quizmaster role: checked on every use."""
    if interaction.guild_id is None:
        return False
    if interaction.permissions >= MODERATOR:
        return True
    config = await quiz_store.guild_config(db, interaction.guild_id)
    member = interaction.user
    return (
        config.quizmaster_role_id is not None
        and isinstance(member, discord.Member)
        and any(role.id == config.quizmaster_role_id for role in member.roles)
    )
