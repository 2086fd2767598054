"""/table open, close and config; the seats' buttons and the private hands; the runners,
and what a restart leaves of the rounds the tables had open."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway.cards import Card, HandError, card_from_name, pretty_card
from houseway.game import house_split, own_split

from ...app.interactions import Refusal, component_id, refuse_invalid_component
from ...pictures.cards_image import render_hand
from ...storage import Bounded, Database, DatabaseError
from ...storage import chips as chips_store
from ...storage import game as game_store
from ...texts.alt_text import hand_description, picture_file
from ...texts.i18n import Counted, language, plural_text, text
from ..quiz.checks import bounded_db, is_quizmaster
from .runner import NO_MENTIONS, TableRunner, cannot_post, channel_of, closed_layout, split_text
from .state import Round, Seat, Table
from .views import (
    DYNAMIC_ITEMS,
    ID_PREFIX,
    BetModal,
    carries,
    chips,
    hand_view,
    stale_item,
    table_layout,
)

if TYPE_CHECKING:
    from ...app.client import HousewayBot

log = logging.getLogger(__name__)

#: A table's bet when /table open names none, within the server's stakes.
DEFAULT_BET: Final = 10
COUNTDOWN: Final = (15, 300)
MIN_HANDS: Final = (1, 1000)
HAND_IMAGE: Final = "table-hand.png"


def within(value: int | None, bounds: tuple[int, int], option: str, lang: str) -> None:
    """Discord enforces an option's range, but a client or a proxy need not: check again."""
    low, high = bounds
    if value is not None and not low <= value <= high:
        name = text(f"table.option.{option}", lang)
        raise Refusal(
            "table.config.bad_number",
            outcome="bad_input",
            name=name,
            low=low,
            high=high,
            value=value,
        )


def default_bet(settings: game_store.GameSettings) -> int:
    return min(max(DEFAULT_BET, settings.min_bet), settings.max_bet)


@app_commands.guild_only()  # tables, chips and stakes belong to a server
@app_commands.allowed_installs(guilds=True, users=False)
class TableCog(
    commands.GroupCog,
    name="TableCog",
    group_name=_("table"),
    group_description=_("A Pai Gow table in this channel, with play chips"),
):
    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        self.timing = bot.settings.table_timing
        #: Open tables by their id (the id their buttons carry).
        self.tables: dict[str, Table] = {}
        self.runners: dict[str, TableRunner] = {}
        #: The rounds a restart left open are voided once, at the first READY.
        self.recovered = False
        #: Edits of table messages under way (kept so that they are not collected).
        self.background: set[asyncio.Task[Any]] = set()
        super().__init__()

    @property
    def db(self) -> Database:
        return self.bot.database

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)

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
            await self.void_left_open()

    async def void_left_open(self) -> None:
        """Void every table round a previous process left open, in this process's servers,
        and say so in its channel; the table's message says the table closed.

        A restart closes tables rather than finishing their rounds: the members who were
        setting their hands had their private menus in the process that died, and a round
        finished by the house way for all of them would not be theirs.
        """
        while True:
            try:
                rounds = await game_store.open_rounds(self.db, table_only=True)
                break
            except DatabaseError as error:
                self.bot.metrics.database_errors.inc()
                log.warning("cannot read open table rounds (%s); retrying", error)
                await asyncio.sleep(self.timing.retry_delay)
        live = {str(table.message_id) for table in self.tables.values()}
        for row in rounds:
            if self.bot.get_guild(row.guild_id) is None or row.table_id in live:
                continue
            try:
                if not await game_store.void_round(self.db, row.round_id, time.time()):
                    continue
            except DatabaseError as error:
                log.warning("could not void a table round left open: %s", error)
                continue
            log.info("voided table round %s left open by a restart", row.round_id)
            await self.say_voided(row)

    async def say_voided(self, row: game_store.RoundRow) -> None:
        guild = self.bot.get_guild(row.guild_id)
        lang = language(guild.preferred_locale if guild else None)
        users = ", ".join(f"<@{seat.user_id}>" for seat in row.seats)
        if row.channel_id is None:
            return
        try:
            channel = await channel_of(self.bot, row.channel_id)
            await channel.send(
                text("table.void.restart", lang, users=users, cmd=self.bot.mentions),
                allowed_mentions=NO_MENTIONS,
            )
            if row.table_id is not None and row.table_id.isdigit():
                assert isinstance(channel, discord.TextChannel | discord.Thread)
                line = text("table.status.closed.restart", lang, cmd=self.bot.mentions)
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

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a table id that is no longer on its message (a double click, a
        message changed since, a forged id): discord.py drops it without a word, so it is
        handed to its item here, whose handler answers it from the table as it is now."""
        custom_id = component_id(interaction)
        if custom_id is None or not custom_id.startswith(ID_PREFIX):
            return
        if interaction.message is not None and carries(interaction.message, custom_id):
            return
        item = stale_item(custom_id)
        if item is None:
            await refuse_invalid_component(interaction, "table component", "table.gone")
            return
        await item.callback(interaction)

    # --- tables ---------------------------------------------------------------------

    def table_in(self, channel_id: int) -> Table | None:
        return next((t for t in self.tables.values() if t.channel_id == channel_id), None)

    def table_of_member(self, guild_id: int, user_id: int) -> Table | None:
        return next(
            (
                t
                for t in self.tables.values()
                if t.guild_id == guild_id and t.seat_of(user_id) is not None
            ),
            None,
        )

    def open_table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None or table.closed:
            raise Refusal("table.gone", outcome="table_closed")
        return table

    def _closed(self, table: Table) -> None:
        """A runner's table closed itself: forget it."""
        self.tables.pop(table.table_id, None)
        self.runners.pop(table.table_id, None)

    def refresh_soon(self, table: Table) -> None:
        """Show a click's change on the table message, after the click is answered."""
        runner = self.runners.get(table.table_id)
        if runner is not None:
            task = asyncio.create_task(runner.try_refresh())
            self.background.add(task)
            task.add_done_callback(self.background.discard)

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
        settings = await bounded.within(game_store.game_settings(self.db, guild_id))
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
            if not await bounded.within(is_quizmaster(self.db, interaction)):
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
            await runner.try_refresh(closed=line)

    @app_commands.command(
        name=_("config"),
        description=_("Channels, countdown, stakes and foul rule of tables"),
        extras={"help": "help.table.config"},
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
    )
    @app_commands.choices(
        foul_rule=[
            app_commands.Choice(name=_("The player picks again"), value="repick"),
            app_commands.Choice(name=_("It stands, and loses"), value="stand"),
        ]
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
    ) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal("table.guild_only", outcome="guild_only")
        lang = language(interaction.locale)
        bounded = bounded_db(interaction)
        if not await bounded.within(is_quizmaster(self.db, interaction)):
            raise Refusal("table.forbidden", outcome="forbidden")
        within(countdown, COUNTDOWN, "countdown", lang)
        within(min_bet, (1, game_store.MAX_STAKE), "min_bet", lang)
        within(max_bet, (1, game_store.MAX_STAKE), "max_bet", lang)
        within(min_hands, MIN_HANDS, "min_hands", lang)
        if foul_rule is not None and foul_rule not in game_store.FOUL_RULES:
            raise Refusal("table.config.bad_foul", outcome="bad_input")
        before = await bounded.within(game_store.game_settings(self.db, guild_id))
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
        )
        if after.min_bet > after.max_bet:
            raise Refusal(
                "table.config.bad_stakes",
                outcome="bad_input",
                low=after.min_bet,
                high=after.max_bet,
            )
        changed = [name for name, old, new in compare(before, after) if old != new]
        if changed:
            await bounded.within(game_store.save_game_settings(self.db, guild_id, after))
        await interaction.response.send_message(
            config_text(after, lang, changed), ephemeral=True, allowed_mentions=NO_MENTIONS
        )

    # --- seats ----------------------------------------------------------------------

    async def sit(self, interaction: discord.Interaction, table_id: str, number: int) -> str:
        table = self.open_table(table_id)
        user_id = interaction.user.id
        self.check_may_sit(table, user_id, number)
        bounded = self.bounded(interaction)
        settings = await bounded.within(game_store.game_settings(self.db, table.guild_id))
        bet = min(max(table.bet, settings.min_bet), settings.max_bet)
        now = time.time()
        await bounded.within(
            chips_store.ensure_stack(self.db, table.guild_id, user_id, now, settings.min_bet)
        )
        have = await bounded.within(chips_store.stack(self.db, table.guild_id, user_id))
        if have < bet:
            raise Refusal(
                "table.bet.above_stack",
                outcome="above_stack",
                bet=Counted("table.count.chips", bet),
                stack=Counted("table.count.chips", have),
            )
        self.check_may_sit(table, user_id, number)  # again: others clicked meanwhile
        name = getattr(interaction.user, "display_name", interaction.user.name)
        table.seats[number] = Seat(number, user_id, name, bet)
        table.wake()
        lang = language(interaction.locale)
        await interaction.response.send_message(
            text("table.joined", lang, seat=number, bet=chips(bet, lang), stack=chips(have, lang)),
            ephemeral=True,
        )
        self.refresh_soon(table)
        return "sat"

    def check_may_sit(self, table: Table, user_id: int, number: int) -> None:
        if table.closed:
            raise Refusal("table.gone", outcome="table_closed")
        mine = table.seat_of(user_id)
        if mine is not None:
            raise Refusal("table.already_seated", outcome="already_seated", seat=mine.number)
        elsewhere = self.table_of_member(table.guild_id, user_id)
        if elsewhere is not None:
            raise Refusal("table.elsewhere", outcome="elsewhere", link=elsewhere.link())
        if number in table.seats:
            raise Refusal("table.seat_taken", outcome="seat_taken", seat=number)

    async def change_bet(self, interaction: discord.Interaction, table_id: str, number: int) -> str:
        table = self.open_table(table_id)
        seat = table.seats.get(number)
        if seat is None:
            raise Refusal("table.not_seated", outcome="not_seated")
        if seat.user_id != interaction.user.id:
            raise Refusal("table.not_your_seat", outcome="not_your_seat", user=f"<@{seat.user_id}>")
        settings = await self.bounded(interaction).within(
            game_store.game_settings(self.db, table.guild_id)
        )
        lang = language(interaction.locale)
        await interaction.response.send_modal(
            BetModal(
                table_id,
                number,
                seat.bet,
                text("table.bet.modal", lang),
                text("table.bet.label", lang, low=settings.min_bet, high=settings.max_bet),
            )
        )
        return "bet_asked"

    async def set_bet(
        self, interaction: discord.Interaction, table_id: str, number: int, typed: str
    ) -> str:
        table = self.open_table(table_id)
        seat = table.seats.get(number)
        if seat is None or seat.user_id != interaction.user.id:
            raise Refusal("table.not_seated", outcome="not_seated")
        bounded = self.bounded(interaction)
        settings = await bounded.within(game_store.game_settings(self.db, table.guild_id))
        try:
            bet = int(typed.strip())
        except ValueError:
            raise Refusal(
                "table.bet.not_number", outcome="bad_input", example=default_bet(settings)
            ) from None
        if not settings.min_bet <= bet <= settings.max_bet:
            raise Refusal(
                "table.bet.out_of_range",
                outcome="bad_input",
                low=settings.min_bet,
                high=settings.max_bet,
                value=bet,
            )
        have = await bounded.within(chips_store.stack(self.db, table.guild_id, seat.user_id))
        if have < bet:
            raise Refusal(
                "table.bet.above_stack",
                outcome="above_stack",
                bet=Counted("table.count.chips", bet),
                stack=Counted("table.count.chips", have),
            )
        seat.bet = bet
        table.wake()
        lang = language(interaction.locale)
        await interaction.response.send_message(
            text("table.bet.changed", lang, bet=chips(bet, lang)), ephemeral=True
        )
        self.refresh_soon(table)
        return "bet_changed"

    async def leave(self, interaction: discord.Interaction, table_id: str) -> str:
        table = self.open_table(table_id)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("table.not_seated", outcome="not_seated")
        lang = language(interaction.locale)
        current = table.round
        playing = table.dealing or (
            current is not None and current.hands.get(seat.number) is not None
        )
        if playing:
            seat.leaving = True
            key = "table.leaving"
        else:
            del table.seats[seat.number]
            key = "table.left"
        table.wake()
        await interaction.response.send_message(text(key, lang), ephemeral=True)
        self.refresh_soon(table)
        return "left"

    async def deal_now(self, interaction: discord.Interaction, table_id: str) -> str:
        table = self.open_table(table_id)
        if table.seat_of(interaction.user.id) is None:
            raise Refusal("table.not_seated", outcome="not_seated")
        if table.round is not None or table.dealing:
            raise Refusal("table.hand.none", outcome="round_under_way")
        table.deal_now = True
        table.wake()
        await interaction.response.send_message(
            text("table.dealing", language(interaction.locale)), ephemeral=True
        )
        return "deal_now"

    # --- hands ----------------------------------------------------------------------

    async def show_hand(self, interaction: discord.Interaction, table_id: str) -> str:
        table = self.open_table(table_id)
        current = table.round
        hand = None
        if current is not None:
            hand = current.hand_of(interaction.user.id)
        if current is None or hand is None:
            raise Refusal("table.hand.none", outcome="no_hand")
        if hand.two is not None:
            raise Refusal("table.hand.already", outcome="already_set")
        lang = language(interaction.locale)
        deck = await self.bot.decks.deck_for(interaction.user.id)
        png = await asyncio.to_thread(render_hand, hand.cards, deck)
        await interaction.response.send_message(
            text(
                "table.hand.prompt",
                lang,
                seat=hand.seat,
                bet=chips(hand.bet, lang),
                when=f"<t:{int(current.deadline)}:R>",
            ),
            file=picture_file(png, HAND_IMAGE, hand_description(hand.cards, lang)),
            view=hand_view(current, hand, lang),
            ephemeral=True,
        )
        hand.shown = interaction
        return "hand_shown"

    def round_of(self, round_id: str) -> tuple[Table, Round]:
        for table in self.tables.values():
            current = table.round
            if current is not None and current.round_id == round_id:
                return table, current
        raise Refusal("table.hand.over", outcome="round_over")

    async def pick(
        self, interaction: discord.Interaction, round_id: str, number: int, values: list[str]
    ) -> str:
        table, current = self.round_of(round_id)
        hand = current.hands.get(number)
        if hand is None or hand.user_id != interaction.user.id:
            raise Refusal("table.hand.none", outcome="not_your_hand")
        if hand.two is not None:
            raise Refusal("table.hand.already", outcome="already_set")
        try:
            two = tuple(card_from_name(value) for value in values)
            split = own_split(hand.cards, two)
        except (HandError, ValueError):
            raise Refusal("table.hand.invalid", outcome="bad_input") from None
        lang = language(interaction.locale)
        five_words = " ".join(_pretty(split.five))
        two_words = " ".join(_pretty(split.two))
        if split.foul and current.foul_rule == "repick":
            await interaction.response.edit_message(
                content=text("table.hand.foul", lang, two=two_words, five=five_words)
                + "\n"
                + text(
                    "table.hand.prompt",
                    lang,
                    seat=hand.seat,
                    bet=chips(hand.bet, lang),
                    when=f"<t:{int(current.deadline)}:R>",
                )
            )
            return "foul_repick"
        stored = await self.bounded(interaction).within(
            game_store.set_split(self.db, round_id, number, hand.user_id, split.two, "own")
        )
        if not stored:
            raise Refusal("table.hand.over", outcome="round_over")
        current.mark_set(hand, split.two, "own")
        if split.foul:
            words = text("table.hand.foul_stands", lang, two=two_words, five=five_words)
        else:
            words = text("table.hand.set", lang, split=split_text(split.five, split.two, lang))
        await interaction.response.edit_message(content=words, view=None)
        hand.shown = None
        self.refresh_soon(table)
        return "foul_stands" if split.foul else "set"

    async def house(self, interaction: discord.Interaction, round_id: str, number: int) -> str:
        table, current = self.round_of(round_id)
        hand = current.hands.get(number)
        if hand is None or hand.user_id != interaction.user.id:
            raise Refusal("table.hand.none", outcome="not_your_hand")
        if hand.two is not None:
            raise Refusal("table.hand.already", outcome="already_set")
        split = house_split(hand.cards)
        stored = await self.bounded(interaction).within(
            game_store.set_split(self.db, round_id, number, hand.user_id, split.two, "house")
        )
        if not stored:
            raise Refusal("table.hand.over", outcome="round_over")
        current.mark_set(hand, split.two, "house")
        lang = language(interaction.locale)
        await interaction.response.edit_message(
            content=text(
                "table.hand.house_set", lang, split=split_text(split.five, split.two, lang)
            ),
            view=None,
        )
        hand.shown = None
        self.refresh_soon(table)
        return "house"

    def bounded(self, interaction: discord.Interaction) -> Bounded:
        return bounded_db(interaction)


def _pretty(cards: tuple[Card, ...]) -> list[str]:
    return [pretty_card(card) for card in cards]


def compare(
    before: game_store.GameSettings, after: game_store.GameSettings
) -> list[tuple[str, object, object]]:
    """Each setting's name (as config_text shows it) with its old and new value."""
    return [
        ("table.config.channels", set(before.channels), set(after.channels)),
        ("table.config.countdown", before.countdown_seconds, after.countdown_seconds),
        ("table.config.stakes", (before.min_bet, before.max_bet), (after.min_bet, after.max_bet)),
        ("table.config.foul", before.foul_rule, after.foul_rule),
        ("table.config.min_hands", before.min_hands, after.min_hands),
    ]


def config_text(settings: game_store.GameSettings, lang: str, changed: list[str]) -> str:
    """The settings, one a line; what this use changed said first."""
    channels = (
        ", ".join(f"<#{c}>" for c in settings.channels)
        if settings.channels
        else text("table.config.any_channel", lang)
    )
    lines = [
        f"**{text('table.config.title', lang)}**",
        f"{text('table.config.channels', lang)}: {channels}",
        f"{text('table.config.countdown', lang)}: "
        + plural_text("count.seconds", lang, settings.countdown_seconds),
        f"{text('table.config.stakes', lang)}: {settings.min_bet}–" + chips(settings.max_bet, lang),
        f"{text('table.config.foul', lang)}: "
        + text(f"table.config.foul.{settings.foul_rule}", lang),
        f"{text('table.config.min_hands', lang)}: "
        + plural_text("table.count.hands", lang, settings.min_hands),
    ]
    if changed:
        names = ", ".join(text(key, lang).lower() for key in changed)
        lines.append(text("table.config.changed", lang, names=names))
    else:
        lines.append(text("table.config.unchanged", lang))
    return "\n".join(lines)
