"""Who may run quizzes, as an app-command check: one refusal, told by the tree's handler."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Final, TypeVar

import discord
from discord import app_commands

from ...app.interactions import Refusal, bot_of
from ...storage import Bounded, Database, DatabaseError
from ...storage import quiz as quiz_store

T = TypeVar("T")

#: Who runs quizzes, written once: what Discord shows /quiz to by default (set by
#: ``moderators_by_default``) and what ``is_quizmaster`` accepts besides the quizmaster role.
MODERATOR: Final = discord.Permissions(manage_guild=True)


def moderators_by_default() -> Callable[[T], T]:
    """Discord's default for who sees the command group (``default_member_permissions``):
    MODERATOR, the same permissions the bot itself checks on every use."""
    granted = {name: True for name, value in MODERATOR if value}
    decorate: Callable[[T], T] = app_commands.default_permissions(**granted)
    return decorate


def bounded_db(interaction: discord.Interaction) -> Bounded:
    """The database, bounded so that the interaction is answered in time whatever it does."""
    bot = bot_of(interaction)
    budget = bot.settings.quiz_timing.ack_budget(interaction.created_at, time.time())
    return Bounded(bot.database, asyncio.get_running_loop().time() + budget)


async def is_quizmaster(db: Database, interaction: discord.Interaction) -> bool:
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


async def require_quizmaster(interaction: discord.Interaction) -> None:
    """Raise the refusal unless the member may run quizzes (for buttons, which have no checks)."""
    if not await bounded_db(interaction).run(is_quizmaster, interaction):
        raise Refusal("quiz.forbidden", outcome="forbidden")


def quizmaster_only() -> Callable[[T], T]:
    """Start, stop, config and reset: Manage Server or the quizmaster role."""

    async def predicate(interaction: discord.Interaction) -> bool:
        try:
            await require_quizmaster(interaction)
        except DatabaseError as error:  # a check may raise only AppCommandErrors
            raise app_commands.CheckFailure("database unavailable") from error
        return True

    check: Callable[[T], T] = app_commands.check(predicate)
    return check
