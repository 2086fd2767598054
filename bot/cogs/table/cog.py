"""/table open, close and config; the seats' buttons and the private hands; the runners,
and what a restart leaves behind: the tables it left open and their rounds."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway.bonus import PAY_TABLES

from ...app.checks import bounded_db, is_moderator
from ...app.interactions import Refusal, component, component_id, refuse_invalid_component
from ...app.sealing import Seals
from ...storage import game as game_store
from ...storage.game_tables import TableRow, table_closed, table_opened
from ...texts.i18n import Counted, language, text
from ..game.hands import DYNAMIC_ITEMS as HAND_ITEMS
from ..game.hands import refuse_stale
from .announce import NO_MENTIONS, cannot_post, channel_of
from .config import BONUS, COUNTDOWN, MIN_HANDS, compare, config_text, default_bet, within
from .hands import HandsMixin
from .restart import recover
from .runner import TableRunner
from .seats import SeatsMixin
from .state import Table
from .views import ID_PREFIX, item_of, table_layout

if TYPE_CHECKING:
    from ...app.client import HousewayBot

log = logging.getLogger(__name__)


@app_commands.guild_only()  # tables, chips and stakes belong to a server
@app_commands.allowed_installs(guilds=True, users=False)
class TableCog(
    SeatsMixin,
    HandsMixin,
    commands.GroupCog,
    name="TableCog",
    group_name=_("table"),
    group_description=_("A Pai Gow table in this channel, with play chips"),
):
    """The commands; the seats' and hands' handlers come from the mixins."""

    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        self.timing = bot.settings.table_timing
        #: Open tables by their id (the id their buttons carry).
        self.tables: dict[str, Table] = {}
        self.runners: dict[str, TableRunner] = {}
        self.seals = Seals()
        #: What a restart left open is closed (or revealed) once, at the first READY.
        self.recovered = False
        #: Edits of table messages under way (kept so that they are not collected).
        self.background: set[asyncio.Task[Any]] = set()
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*HAND_ITEMS)  # the table's own: on_interaction
        self.seals.read_soon(self.bot.database)

    async def cog_unload(self) -> None:
        """Stop the runners; their rounds stay open in the database, and the next start
        voids them (bets returned) and says so in their channels."""
        runners = list(self.runners.values())
        try:
            await asyncio.wait_for(
                asyncio.gather(*(runner.stop() for runner in runners)), self.timing.stop_runners
            )
        except TimeoutError:
            log.warning("the table runners did not stop within %g s", self.timing.stop_runners)
        self.runners.clear()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        if not self.recovered:
            self.recovered = True
            await recover(self.bot, self.live_ids, self.timing.retry_delay)

    def live_ids(self) -> set[str]:
        """The message ids of this process's tables (what a restart's recovery leaves be)."""
        return {str(table.message_id) for table in self.tables.values()}

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A table's channel deleted: its round voided (every bet returned), the table
        forgotten, and the members who opened their hand told there (the channel, where a
        reveal would have said it, is gone)."""
        table = self.table_in(channel.id)
        if table is None:
            return
        table.closed = True
        table.wake()
        runner = self.runners.pop(table.table_id, None)
        self.tables.pop(table.table_id, None)
        live = table.round
        if runner is None:
            return
        await runner.stop()
        if live is None or not await runner.void(live):
            await runner.forget_table()
            return  # settled just before: the chips stand, /chips view shows the hand
        await runner.forget_table()
        log.info("table %s: its channel was deleted; round voided", table.table_id)
        for number, shown in live.shown.items():
            seat = live.round.seat(number)
            if seat is None:
                continue
            words = text(
                "table.void.channel_gone",
                language(shown.locale),
                bet=Counted("table.count.chips", seat.staked),
            )
            with contextlib.suppress(discord.HTTPException):
                await shown.edit_original_response(content=words, view=None, attachments=[])

    @commands.Cog.listener()
    async def on_member_forgotten(self, user_id: int) -> None:
        """/stats forget: the member leaves every table at once, their seat in a round
        under way taken out (the database deleted it), so that nothing is dealt to them
        again."""
        for table in self.tables.values():
            seat = table.seat_of(user_id)
            if seat is None:
                continue
            del table.seats[seat.number]
            live = table.round
            if live is not None and live.round.can_remove(seat.number):
                live.update(live.round.remove(seat.number))
            table.wake()
            self.refresh_soon(table)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every click on a table id is handed to its item here, made from the id alone
        (``item_of``: discord.py is not given these items, as it would rebuild the table
        message's whole view for each click). Its handler answers from the table as it is
        now, so an id no longer on its message (a double click, a message changed since, a
        forged one) is answered too, where discord.py would drop it without a word. The
        Bet dialog's answers are read here too, whatever their id."""
        if interaction.type is discord.InteractionType.modal_submit:
            data: Mapping[str, object] = interaction.data or {}
            submitted = str(data.get("custom_id", ""))
            if submitted.startswith("table:betmodal:"):
                async with component(interaction, "table bet") as handled:
                    handled.outcome = await self.set_bet(interaction)
            return
        await refuse_stale(interaction, "table", "table.hand.over")
        custom_id = component_id(interaction)
        if custom_id is None or not custom_id.startswith(ID_PREFIX):
            return
        item = item_of(custom_id)
        if item is None:
            await refuse_invalid_component(interaction, "table component", "table.gone")
            return
        await item.callback(interaction)

    # --- commands -------------------------------------------------------------------

    @app_commands.command(
        name=_("open"),
        description=_("Open a table in this channel"),
        extras={"help": "help.table.open"},
    )
    @app_commands.rename(bet=_("bet"))
    @app_commands.describe(bet=_("The table's bet in chips (within the server's stakes)"))
    async def open(
        self,
        interaction: discord.Interaction,
        bet: app_commands.Range[int, 1, game_store.MAX_STAKE] | None = None,
    ) -> None:
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        if guild_id is None or channel_id is None:
            raise Refusal("table.guild_only", outcome="guild_only")
        lang = language(interaction.locale)
        bounded = bounded_db(interaction)
        settings = await bounded.run(game_store.game_settings, guild_id)
        if not settings.allows(channel_id):
            where = ", ".join(f"<#{channel}>" for channel in settings.channels)
            raise Refusal(
                "table.channel_not_allowed", outcome="channel_not_allowed", channels=where
            )
        chosen = default_bet(settings) if bet is None else bet
        if not settings.min_bet <= chosen <= settings.max_bet:
            raise Refusal(
                "table.config.bad_bet",
                outcome="bad_input",
                low=settings.min_bet,
                high=settings.max_bet,
                value=chosen,
            )
        existing = self.table_in(channel_id)
        if existing is not None:
            raise Refusal("table.already_open", outcome="already_open", link=existing.link())
        public = language(interaction.guild_locale)
        table = Table(
            table_id=str(interaction.id),
            guild_id=guild_id,
            channel_id=channel_id,
            lang=public,
            bet=chosen,
            opened_by=interaction.user.id,
        )
        self.tables[table.table_id] = table  # claimed before the post: one table a channel
        try:
            channel = await channel_of(self.bot, channel_id)
            message = await channel.send(
                view=table_layout(table, settings, self.bot.mentions),
                allowed_mentions=NO_MENTIONS,
            )
        except (discord.HTTPException, OSError) as error:
            self.tables.pop(table.table_id, None)
            if isinstance(error, discord.HTTPException) and cannot_post(error):
                raise Refusal("table.cannot_post", outcome="cannot_post") from None
            raise
        table.message_id = message.id
        opened = TableRow(
            str(message.id), guild_id, channel_id, public, interaction.user.id, time.time()
        )
        await bounded.run(table_opened, opened)
        runner = TableRunner(self.bot, table, settings, self.timing, self._closed)
        self.runners[table.table_id] = runner
        runner.start()
        await interaction.response.send_message(
            text("table.opened", lang, link=table.link()), ephemeral=True
        )

    @app_commands.command(
        name=_("close"),
        description=_("Close the table in this channel"),
        extras={"help": "help.table.close"},
    )
    async def close(self, interaction: discord.Interaction) -> None:
        channel_id = interaction.channel_id
        table = self.table_in(channel_id) if channel_id is not None else None
        if table is None:
            raise Refusal("table.not_open", outcome="not_open")
        if interaction.user.id != table.opened_by:
            bounded = bounded_db(interaction)
            if not await bounded.run(is_moderator, interaction):
                raise Refusal("table.close_forbidden", outcome="forbidden")
        table.closed = True
        table.wake()
        runner = self.runners.pop(table.table_id, None)
        self.tables.pop(table.table_id, None)
        await interaction.response.send_message(
            text("table.closed_by_you", language(interaction.locale)), ephemeral=True
        )
        if runner is not None:
            await runner.stop()
            line = text("table.status.closed.by", table.lang, user=interaction.user.mention)
            if table.round is not None and await runner.void(table.round):
                line += " " + text("table.void.closed", table.lang)
            await runner.forget_table()
            await runner.try_refresh(closed=line)
        else:
            await bounded_db(interaction).run(table_closed, str(table.message_id), time.time())

    @app_commands.command(
        name=_("config"),
        description=_("Channels, countdown, stakes and foul rule of tables"),
        extras={"help": "help.table.config", "moderators": True},
    )
    @app_commands.rename(
        channel=_("channel"),
        remove_channel=_("remove_channel"),
        any_channel=_("any_channel"),
        countdown=_("countdown"),
        min_bet=_("min_bet"),
        max_bet=_("max_bet"),
        foul_rule=_("foul_rule"),
        min_hands=_("min_hands"),
        bonus_table=_("bonus_table"),
        bonus_min=_("bonus_min"),
        bonus_max=_("bonus_max"),
    )
    @app_commands.describe(
        channel=_("Allow tables in this channel"),
        remove_channel=_("Stop allowing tables in this channel"),
        any_channel=_("Allow tables in every channel again"),
        countdown=_("Seconds to set a hand (15-300)"),
        min_bet=_("The smallest bet"),
        max_bet=_("The largest bet"),
        foul_rule=_("What a fouled split does"),
        min_hands=_("Hands a member needs on the skill board (1-1000)"),
        bonus_table=_("The bonus bet's pay table"),
        bonus_min=_("The smallest bonus bet"),
        bonus_max=_("The largest bonus bet (0: no bonus bet)"),
    )
    @app_commands.choices(
        foul_rule=[
            app_commands.Choice(name=_("The player picks again"), value="repick"),
            app_commands.Choice(name=_("It stands, and loses"), value="stand"),
        ],
        bonus_table=[
            app_commands.Choice(name=table.title, value=table.id) for table in PAY_TABLES.values()
        ],
    )
    async def config(
        self,
        interaction: discord.Interaction,
        channel: discord.TextChannel | None = None,
        remove_channel: discord.TextChannel | None = None,
        any_channel: bool = False,
        countdown: app_commands.Range[int, 15, 300] | None = None,
        min_bet: app_commands.Range[int, 1, game_store.MAX_STAKE] | None = None,
        max_bet: app_commands.Range[int, 1, game_store.MAX_STAKE] | None = None,
        foul_rule: str | None = None,
        min_hands: app_commands.Range[int, 1, 1000] | None = None,
        bonus_table: str | None = None,
        bonus_min: app_commands.Range[int, 1, game_store.MAX_STAKE] | None = None,
        bonus_max: app_commands.Range[int, 0, game_store.MAX_STAKE] | None = None,
    ) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal("table.guild_only", outcome="guild_only")
        lang = language(interaction.locale)
        bounded = bounded_db(interaction)
        if not await bounded.run(is_moderator, interaction):
            raise Refusal("table.forbidden", outcome="forbidden")
        within(countdown, COUNTDOWN, "countdown", lang)
        within(min_bet, (1, game_store.MAX_STAKE), "min_bet", lang)
        within(max_bet, (1, game_store.MAX_STAKE), "max_bet", lang)
        within(min_hands, MIN_HANDS, "min_hands", lang)
        within(bonus_min, (1, game_store.MAX_STAKE), "bonus_min", lang)
        within(bonus_max, BONUS, "bonus_max", lang)
        if foul_rule is not None and foul_rule not in game_store.FOUL_RULES:
            raise Refusal("table.config.bad_foul", outcome="bad_input")
        if bonus_table is not None and bonus_table not in PAY_TABLES:
            raise Refusal("table.config.bad_pay_table", outcome="bad_input")
        before = await bounded.run(game_store.game_settings, guild_id)
        channels = () if any_channel else before.channels
        if channel is not None and channel.id not in channels:
            channels = (*channels, channel.id)
        if remove_channel is not None:
            channels = tuple(c for c in channels if c != remove_channel.id)
        after = replace(
            before,
            channels=channels,
            countdown_seconds=countdown or before.countdown_seconds,
            min_bet=min_bet or before.min_bet,
            max_bet=max_bet or before.max_bet,
            foul_rule=foul_rule or before.foul_rule,
            min_hands=min_hands or before.min_hands,
            bonus_table=bonus_table or before.bonus_table,
            bonus_min=bonus_min or before.bonus_min,
            bonus_max=before.bonus_max if bonus_max is None else bonus_max,
        )
        if after.min_bet > after.max_bet:
            raise Refusal(
                "table.config.bad_stakes",
                outcome="bad_input",
                low=after.min_bet,
                high=after.max_bet,
            )
        if after.bonus_max and after.bonus_min > after.bonus_max:
            raise Refusal(
                "table.config.bad_bonus_stakes",
                outcome="bad_input",
                low=after.bonus_min,
                high=after.bonus_max,
            )
        changed = [name for name, old, new in compare(before, after) if old != new]
        if changed:
            await bounded.run(game_store.save_game_settings, guild_id, after)
        await interaction.response.send_message(
            config_text(after, lang, changed), ephemeral=True, allowed_mentions=NO_MENTIONS
        )
