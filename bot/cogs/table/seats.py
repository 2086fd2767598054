"""The seats' buttons: sit down, change the wagers (the Bet dialog: the bet and the bonus),
leave, deal now, the pay table. A member sits at one table of a server at a time, with
wagers the server's stakes and their stack allow."""

from __future__ import annotations

import time
from collections.abc import Mapping

import discord

from houseway.language import Lang

from ...app.interactions import Refusal, modal_values
from ...storage import chips as chips_store
from ...storage import game as game_store
from ...texts.i18n import Counted, Figure, language, text
from ...texts.pay_tables import pay_table_text
from .config import default_bet
from .state import Seat, Table
from .tables import TablesBase
from .views import BET_MODAL, BetModal, chips


class SeatsMixin(TablesBase):
    """The seat handlers of the table cog (called by the buttons in ``views``)."""

    async def sit(self, interaction: discord.Interaction, table_id: str, number: int) -> str:
        table = self.open_table(table_id, interaction)
        user_id = interaction.user.id
        self.check_may_sit(table, user_id, number)
        bounded = self.bounded(interaction)
        if await bounded.run(game_store.open_seat_of, table.guild_id, user_id) is not None:
            raise Refusal("table.hand_alone_open", outcome="playing_alone")
        settings = await bounded.run(game_store.game_settings, table.guild_id)
        bet = min(max(table.bet, settings.min_bet), settings.max_bet)
        now = time.time()
        await bounded.run(chips_store.ensure_stack, table.guild_id, user_id, now, settings.min_bet)
        have = await bounded.run(chips_store.stack, table.guild_id, user_id)
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
        key = "table.joined.bonus" if settings.bonus_offered else "table.joined"
        await interaction.response.send_message(
            text(key, lang, seat=number, bet=chips(bet, lang), stack=chips(have, lang)),
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

    def own_seat(self, table: Table, number: int, user_id: int) -> Seat:
        seat = table.seats.get(number)
        if seat is None:
            raise Refusal("table.not_seated", outcome="not_seated")
        if seat.user_id != user_id:
            raise Refusal("table.not_your_seat", outcome="not_your_seat", user=f"<@{seat.user_id}>")
        return seat

    async def change_bet(self, interaction: discord.Interaction, table_id: str, number: int) -> str:
        table = self.open_table(table_id, interaction)
        seat = self.own_seat(table, number, interaction.user.id)
        settings = await self.bounded(interaction).run(game_store.game_settings, table.guild_id)
        lang = language(interaction.locale)
        await interaction.response.send_modal(BetModal(table_id, seat, settings, lang))
        return "bet_asked"

    async def set_bet(self, interaction: discord.Interaction) -> str:
        """The Bet dialog's answer, read from the submission: whatever its id, it is
        answered (a dialog the bot never showed is refused, not dropped)."""
        data: Mapping[str, object] = interaction.data or {}
        match = BET_MODAL.fullmatch(str(data.get("custom_id", "")))
        if match is None:
            raise Refusal("table.gone", outcome="invalid_component")
        table = self.open_table(match["table"], interaction)
        seat = self.own_seat(table, int(match["seat"]), interaction.user.id)
        bounded = self.bounded(interaction)
        settings = await bounded.run(game_store.game_settings, table.guild_id)
        typed = modal_values(interaction)
        bet = _whole(typed.get("bet", ""), default_bet(settings))
        bonus = _whole(typed.get("bonus", "") or "0", settings.bonus_min) if "bonus" in typed else 0
        refused = settings.wager_refused(bet, bonus)
        if refused == "bet":
            raise Refusal(
                "table.bet.out_of_range",
                outcome="bad_input",
                low=Figure(settings.min_bet),
                high=Figure(settings.max_bet),
                value=Figure(bet),
            )
        if refused == "bonus_off":  # a dialog shown before a moderator turned it off
            raise Refusal("play.bonus.off", outcome="bad_input")
        if refused == "bonus":
            raise Refusal(
                "table.bonus.out_of_range",
                outcome="bad_input",
                low=Figure(settings.bonus_min),
                high=Figure(settings.bonus_max),
                value=Figure(bonus),
            )
        have = await bounded.run(chips_store.stack, table.guild_id, seat.user_id)
        if have < bet + bonus:
            raise Refusal(
                "table.bet.above_stack",
                outcome="above_stack",
                bet=Counted("table.count.chips", bet + bonus),
                stack=Counted("table.count.chips", have),
            )
        seat.bet, seat.bonus = bet, bonus
        table.wake()
        lang = language(interaction.locale)
        key = "table.bet.changed.bonus" if bonus else "table.bet.changed"
        await interaction.response.send_message(
            text(key, lang, bet=chips(bet, lang), bonus=chips(bonus, lang)), ephemeral=True
        )
        self.refresh_soon(table)
        return "bet_changed"

    async def leave(self, interaction: discord.Interaction, table_id: str) -> str:
        table = self.open_table(table_id, interaction)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("table.not_seated", outcome="not_seated")
        lang = language(interaction.locale)
        live = table.round
        playing = table.dealing or (live is not None and live.round.seat(seat.number) is not None)
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
        table = self.open_table(table_id, interaction)
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

    async def show_pay_table(self, interaction: discord.Interaction, table_id: str) -> str:
        """The server's bonus pay table with each row's count and the exact house edge."""
        table = self.open_table(table_id, interaction)
        settings = await self.bounded(interaction).run(game_store.game_settings, table.guild_id)
        lang: Lang = language(interaction.locale)
        await interaction.response.send_message(
            pay_table_text(settings.bonus_table, lang, settings.bonus_min, settings.bonus_max),
            ephemeral=True,
        )
        return "pay_table"


def _whole(typed: str, example: int) -> int:
    """A number of chips as typed in the dialog (a sign allowed, so that "-5" is told it is
    out of range), or the refusal that says what one is."""
    cleaned = typed.strip().replace(" ", "").replace("\u00a0", "")
    if not cleaned.lstrip("+-").isdecimal():
        raise Refusal("table.bet.not_number", outcome="bad_input", example=example)
    try:
        return int(cleaned)
    except ValueError:  # past Python's digit limit: no bet anyway
        raise Refusal("table.bet.not_number", outcome="bad_input", example=example) from None
