"""Who may run quizzes, and how a refusal is told."""

from __future__ import annotations

import discord

from ...i18n import language, text
from ...storage import Database
from ...storage import quiz as store


async def is_quizmaster(db: Database, interaction: discord.Interaction) -> bool:
    """Manage Server, or the configured quizmaster role: checked on every use."""
    if interaction.guild_id is None:
        return False
    if interaction.permissions.manage_guild:
        return True
    config = await store.guild_config(db, interaction.guild_id)
    member = interaction.user
    return (
        config.quizmaster_role_id is not None
        and isinstance(member, discord.Member)
        and any(role.id == config.quizmaster_role_id for role in member.roles)
    )


async def deny(interaction: discord.Interaction, key: str, **values: object) -> None:
    """Refuse privately; the log line and metrics get the reason (e.g. "forbidden")."""
    interaction.extras["outcome"] = key.removeprefix("quiz.").replace(".", "_")
    await interaction.response.send_message(
        text(key, language(interaction.locale), **values), ephemeral=True
    )
