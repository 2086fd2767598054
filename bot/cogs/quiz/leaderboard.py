"""/leaderboard: the server's quiz scores, for every member.

A command of its own, not a /quiz subcommand: Discord applies a command's default
permissions to the top-level command only, and /quiz is for moderators.
"""

from __future__ import annotations

import math
import re
import time
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway.language import Lang

from ...app.checks import bounded_db
from ...app.dynamic import DynamicView
from ...app.interactions import Refusal, component, refuse_invalid_component
from ...storage import quiz as quiz_store
from ...storage import results as scores
from ...texts.i18n import language, text
from .embeds import leaderboard_embed
from .views import LEADERBOARD_PREFIX

if TYPE_CHECKING:
    from ...app.client import HousewayBot

PAGE_SIZE: Final = 10
#: Leaderboard pages the bot shows (/leaderboard's page option; its buttons stop there).
LAST_PAGE: Final = 10_000
#: The leaderboard's periods (/leaderboard's period choices).
PERIODS: Final = ("all", "month")


#: A page button's id, whole.
PAGE_ID: Final = re.compile(
    rf"{LEADERBOARD_PREFIX}(?P<period>{'|'.join(PERIODS)}):(?P<page>[0-9]+)"
)


class LeaderboardPage(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE_ID):
    """Previous/next buttons of the leaderboard."""

    NAME: Final = "leaderboard page"
    PREFIX: Final = LEADERBOARD_PREFIX

    def __init__(self, period: str, page: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(page),
                custom_id=f"{self.PREFIX}{period}:{page}",
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
            )
        )
        self.period, self.page = period, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaderboardPage:
        return cls(match["period"], int(match["page"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """A page the bot never links to (0, or past the last) is refused before any query."""
        if 1 <= self.page <= LAST_PAGE:
            return True
        await refuse_invalid_component(interaction, self.NAME, "component.invalid.leaderboard")
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, self.NAME):
            embed, view = await leaderboard_page(interaction, self.period, self.page)
            await interaction.response.edit_message(embed=embed, view=view)


def leaderboard_view(period: str, page: int, pages: int, lang: Lang) -> discord.ui.View:
    """Previous and next, disabled at either end; a board of one page has no buttons (two
    disabled buttons would only be clutter)."""
    view = DynamicView()
    if pages <= 1:
        return view
    view.add_item(
        LeaderboardPage(
            period, max(1, page - 1), text("quiz.button.previous", lang), disabled=page <= 1
        )
    )
    last = min(pages, LAST_PAGE)
    view.add_item(
        LeaderboardPage(
            period, min(page + 1, LAST_PAGE), text("quiz.button.next", lang), disabled=page >= last
        )
    )
    return view


async def leaderboard_page(
    interaction: discord.Interaction, period: str, page: int
) -> tuple[discord.Embed, discord.ui.View]:
    """One page of the board, the last one when ``page`` is past the end."""
    lang = language(interaction.locale)
    assert interaction.guild_id is not None  # callers answer DMs themselves
    month = quiz_store.month_of(time.time()) if period == "month" else None
    bounded = bounded_db(interaction)
    rows, ranked = await bounded.run(
        scores.leaderboard, interaction.guild_id, month, PAGE_SIZE, (page - 1) * PAGE_SIZE
    )
    pages = max(1, math.ceil(ranked / PAGE_SIZE))
    if page > pages:  # past the end (the board shrank, or a big page was asked): last page
        page = pages
        rows, ranked = await bounded.run(
            scores.leaderboard, interaction.guild_id, month, PAGE_SIZE, (page - 1) * PAGE_SIZE
        )
    embed = leaderboard_embed(rows, month, page, pages, lang)
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
            raise Refusal("quiz.guild_only", outcome="guild_only")
        # Discord's client offers only the choices and the range; anything else is forged.
        if period not in PERIODS:
            raise Refusal("quiz.leaderboard.unknown_period", outcome="invalid_option")
        if not 1 <= page <= LAST_PAGE:
            raise Refusal("quiz.leaderboard.unknown_page", outcome="invalid_option", last=LAST_PAGE)
        embed, view = await leaderboard_page(interaction, period, page)
        await interaction.response.send_message(embed=embed, view=view)
