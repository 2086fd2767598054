"""/leaderboard: the server's quiz scores, for every member.

A command of its own, not a /quiz subcommand: Discord applies a command's default
permissions to the top-level command only, and /quiz is for moderators.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from ...i18n import language
from ...interactions import Refusal
from ...storage import quiz as store
from ...storage import results as scores
from .checks import bounded_db
from .embeds import leaderboard_embed
from .views import LAST_PAGE, PERIODS, leaderboard_view

if TYPE_CHECKING:
    from ...client import HousewayBot

PAGE_SIZE: Final = 10


async def leaderboard_page(
    interaction: discord.Interaction, period: str, page: int
) -> tuple[discord.Embed, discord.ui.View]:
    """One page of the board, the last one when ``page`` is past the end."""
    lang = language(interaction.locale)
    assert interaction.guild_id is not None  # callers answer DMs themselves
    month = store.month_of(time.time()) if period == "month" else None
    db = bounded_db(interaction)
    rows, ranked = await scores.leaderboard(
        db, interaction.guild_id, month, PAGE_SIZE, (page - 1) * PAGE_SIZE
    )
    pages = max(1, math.ceil(ranked / PAGE_SIZE))
    if page > pages:  # past the end (the board shrank, or a big page was asked): last page
        page = pages
        rows, ranked = await scores.leaderboard(
            db, interaction.guild_id, month, PAGE_SIZE, (page - 1) * PAGE_SIZE
        )
    first_rank = (page - 1) * PAGE_SIZE + 1
    embed = leaderboard_embed(rows, month, page, pages, first_rank, lang)
    return embed, leaderboard_view(period, page, pages, lang)


class LeaderboardCog(commands.Cog):
    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("leaderboard"),
        description=_("The server's quiz leaderboard"),
        extras={"help": "help.leaderboard"},
    )
    @app_commands.guild_only()  # scores belong to a server where the bot is
    @app_commands.allowed_installs(guilds=True, users=False)
    @app_commands.rename(period=_("period"), page=_("page"))
    @app_commands.describe(period=_("All time or this month"), page=_("Page number"))
    @app_commands.choices(
        period=[
            app_commands.Choice(name=_("All time"), value="all"),
            app_commands.Choice(name=_("This month"), value="month"),
        ]
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        period: str = "all",
        page: app_commands.Range[int, 1, LAST_PAGE] = 1,
    ) -> None:
        if interaction.guild_id is None:  # guild-only, but a stale client may still ask
            raise Refusal("quiz.guild_only")
        # Discord's client offers only the choices and the range; anything else is forged.
        if period not in PERIODS:
            raise Refusal("quiz.leaderboard.unknown_period", outcome="invalid_option")
        if not 1 <= page <= LAST_PAGE:
            raise Refusal("quiz.leaderboard.unknown_page", outcome="invalid_option", last=LAST_PAGE)
        embed, view = await leaderboard_page(interaction, period, page)
        await interaction.response.send_message(embed=embed, view=view)
