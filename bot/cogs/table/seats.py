"""The seats' buttons: sit down, change the bet (a modal), leave, deal now. A member sits
at one table of a server at a time, with a bet the server's stakes and their stack allow."""

from __future__ import annotations

import time

import discord

from ...app.interactions import Refusal
from ...storage import chips as chips_store
from ...storage import game as game_store
from ...texts.i18n import Counted, language, text
from .config import default_bet
from .state import Seat, Table
from .tables import TablesBase
from .views import BetModal, chips


class SeatsMixin(TablesBase):
    """The seat handlers of the table cog (called by the buttons in ``views``)."""

    async def sit(self, interaction: discord.Interaction, table_id: str, number: int) -> str:
        table = self.open_table(table_id)
        user_id = interaction.user.id
        self.check_may_sit(table, user_id, number)
        bounded = self.bounded(interaction)
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
        settings = await self.bounded(interaction).run(game_store.game_settings, table.guild_id)
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
        settings = await bounded.run(game_store.game_settings, table.guild_id)
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
        have = await bounded.run(chips_store.stack, table.guild_id, seat.user_id)
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
