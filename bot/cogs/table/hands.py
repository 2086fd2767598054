"""A member's private hand at a table: the seven cards with the game's pick-two menu and
*Huset väljer* (``bot.cogs.game.hands``), each split stored once (``bot.cogs.game.rounds``);
what is legal is the round engine's to say."""

from __future__ import annotations

import asyncio
from typing import Final

import discord

from houseway.cards import Card, sort_key
from houseway.language import Lang
from houseway.round import How

from ...app.checks import within_or_deferred
from ...app.interactions import Refusal
from ...pictures.cards_image import render_hand
from ...texts.alt_text import hand_description, picture_file
from ...texts.i18n import language, text
from ..game import rounds
from ..game.hands import hand_view
from ..game.words import split_line
from .state import Live, Table
from .tables import TablesBase
from .views import chips

HAND_IMAGE: Final = "table-hand.png"
#: How a table says the engine's refusals.
WORDS: Final = rounds.Words(over="table.hand.over", not_yours="table.hand.none")


class HandsMixin(TablesBase):
    """The hand handlers of the table cog (Your hand, and the game's menu and button)."""

    async def show_hand(self, interaction: discord.Interaction, table_id: str) -> str:
        table = self.open_table(table_id, interaction)
        live = table.round
        seat = None if live is None else live.hand_of(interaction.user.id)
        if live is None or seat is None:
            raise Refusal("table.hand.none", outcome="no_hand")
        if seat.split is not None:
            raise Refusal("game.hand.already", outcome="already_set")
        lang = language(interaction.locale)
        hand = tuple(sorted(seat.hand, key=sort_key))
        deck = await self.bot.decks.deck_for(interaction.user.id)
        seal = (await self.seals.sealer(self.bounded(interaction))).for_member(seat.player)
        png = await asyncio.to_thread(render_hand, hand, deck)
        await interaction.response.send_message(
            self.prompt(live, seat.number, lang),
            file=picture_file(png, HAND_IMAGE, hand_description(hand, lang)),
            view=hand_view("table", live.round.round_id, seat.number, hand, lang, seal),
            ephemeral=True,
        )
        live.shown[seat.number] = interaction
        return "hand_shown"

    def prompt(self, live: Live, number: int, lang: Lang) -> str:
        seat = live.round.seat(number)
        assert seat is not None
        key = "table.hand.prompt.bonus" if seat.bonus else "table.hand.prompt"
        said = text(
            key,
            lang,
            seat=number,
            bet=chips(seat.bet, lang),
            bonus=chips(seat.bonus, lang),
            when=f"<t:{int(live.deadline)}:R>",
        )
        return f"{said}\n{text('game.rules.line', lang)}"

    def round_of(self, round_id: str) -> tuple[Table, Live]:
        for table in self.tables.values():
            live = table.round
            if live is not None and live.round.round_id == round_id:
                return table, live
        raise Refusal("table.hand.over", outcome="round_over")

    async def set_hand(
        self,
        interaction: discord.Interaction,
        round_id: str,
        number: int,
        two: tuple[Card, ...] | None,
    ) -> str:
        table, live = self.round_of(round_id)
        if interaction.guild_id != table.guild_id:
            raise Refusal("table.hand.none", outcome="not_your_hand")
        lang = language(interaction.locale)
        db = self.bounded(interaction)
        storing = db.start(
            rounds.store_split, live.round, number, interaction.user.id, two, WORDS, lang
        )
        (moved, _), deferred = await within_or_deferred(interaction, db, storing)
        seat = moved.seat(number)
        assert seat is not None and seat.split is not None
        # Other presses moved the round meanwhile: this seat is taken into the round as it
        # stands now, so that no press's seat is lost (the database has them all).
        if live.round.can_adopt(seat):
            live.update(live.round.adopt(seat))
        split, how = seat.split, seat.how
        said = split_line(split, lang)
        if how is not How.OWN:
            words = text("table.hand.house_set", lang, split=said)
        elif split.foul:
            words = text("table.hand.foul_stands", lang, split=said)
        else:
            words = text("table.hand.set", lang, split=said)
        if deferred:
            await interaction.edit_original_response(content=words, view=None)
        else:
            await interaction.response.edit_message(content=words, view=None)
        self.refresh_soon(table)
        return "foul_stands" if split.foul else "house" if how is How.HOUSE else "set"
