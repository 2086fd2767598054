"""/chips view and /chips top: a member's play chips in the server and the server's boards.

Only in a server (chips are per server); /chips view is private and speaks to the member;
the boards are posted where asked, for everybody: they name members by mention (pinging
nobody), the asker too, and never say "you". Every reply says that chips are play money.
Both only read: chips are granted where a member plays (/play, a seat at a table), so
looking at a stack neither starts one nor tops it up.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from ...app.interactions import EVERYWHERE_CONTEXTS, EVERYWHERE_INSTALLS, KnownUser, Refusal
from ...storage import Bounded
from ...storage import chips as chip_store
from ...storage import game as game_store
from ...storage.skill import analysed_hands
from ...texts.i18n import language
from ..game.notices import timed_out_notes
from .embeds import (
    BOARD_SIZE,
    chips_board_embed,
    next_line,
    skill_board_embed,
    stack_embed,
)

if TYPE_CHECKING:
    from ...app.client import HousewayBot

#: /chips view's last hands and ledger entries.
LAST_HANDS: Final = 5
LAST_ENTRIES: Final = 8

BOARD_CHOICES: Final = [
    app_commands.Choice(name=_("Chips"), value="chips"),
    app_commands.Choice(name=_("Skill"), value="skill"),
]


class ChipsCog(commands.Cog, name="ChipsCog"):
    chips = app_commands.Group(
        name=_("chips"),
        description=_("Your play chips in this server, and its boards"),
        allowed_contexts=EVERYWHERE_CONTEXTS,
        allowed_installs=EVERYWHERE_INSTALLS,
    )

    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        self.timing = bot.settings.practice_timing
        super().__init__()

    def bounded(self, interaction: discord.Interaction) -> Bounded:
        budget = self.timing.ack_budget(interaction.created_at, time.time())
        return Bounded(self.bot.database, asyncio.get_running_loop().time() + budget)

    @chips.command(
        name=_("view"),
        description=_("A stack of chips, the last hands and the ledger"),
        extras={"help": "help.chips.view", "needs_server": True},
    )
    @app_commands.rename(member=_("member"))
    @app_commands.describe(member=_("Whose chips (default: yours)"))
    async def view(
        self,
        interaction: discord.Interaction,
        member: app_commands.Transform[discord.User, KnownUser] | None = None,
    ) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal("chips.dm", outcome="dm")
        now = time.time()
        lang = language(interaction.locale)
        target = member or interaction.user
        db = self.bounded(interaction)
        yours = target.id == interaction.user.id
        entries = await db.run(chip_store.last_entries, guild_id, target.id, LAST_ENTRIES)
        hands = await db.run(game_store.recent_hands, guild_id, target.id, LAST_HANDS)
        stack = await db.run(chip_store.stack, guild_id, target.id) if entries else None
        notes: list[str] = []
        coming: str | None = None
        if yours and stack is not None:  # the member's own news, not another's
            notes = await db.run(timed_out_notes, guild_id, target.id, lang)
            min_bet = (await db.run(game_store.game_settings, guild_id)).min_bet
            grants = await db.run(chip_store.next_chips, guild_id, target.id, now, min_bet)
            coming = next_line(grants, now, min_bet, lang)
        embed = stack_embed(
            target.mention,
            stack,
            hands,
            entries,
            notes,
            lang,
            self.bot.mentions,
            yours=yours,
            coming=coming,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @chips.command(
        name=_("top"),
        description=_("The server's boards: most chips, or skill"),
        extras={"help": "help.chips.top", "needs_server": True},
    )
    @app_commands.rename(board=_("board"))
    @app_commands.describe(board=_("Most chips, or skill: least given up against the best split"))
    @app_commands.choices(board=BOARD_CHOICES)
    async def top(self, interaction: discord.Interaction, board: str = "chips") -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal("chips.dm", outcome="dm")
        lang = language(interaction.locale)
        you = interaction.user.id
        db = self.bounded(interaction)
        if board == "skill":
            settings = await db.run(game_store.game_settings, guild_id)
            rows = await db.run(game_store.skill_board, guild_id, settings.min_hands, BOARD_SIZE)
            yours = await db.run(analysed_hands, guild_id, you)
            embed = skill_board_embed(rows, you, yours, settings.min_hands, lang, self.bot.mentions)
        else:
            rows_chips = await db.run(chip_store.chips_board, guild_id, BOARD_SIZE)
            entries = await db.run(chip_store.last_entries, guild_id, you, 1)
            your_stack = await db.run(chip_store.stack, guild_id, you) if entries else None
            embed = chips_board_embed(rows_chips, you, your_stack, lang, self.bot.mentions)
        await interaction.response.send_message(embed=embed)
