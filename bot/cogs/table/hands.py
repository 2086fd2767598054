"""A member's private hand: the seven cards with the pick-two menu and *Huset väljer*,
a fouled split refused or let stand by the server's rule, each split stored once."""

from __future__ import annotations

import asyncio

import discord

from houseway.cards import Card, HandError, card_from_name, pretty_card
from houseway.game import house_split, own_split

from ...app.interactions import Refusal
from ...pictures.cards_image import render_hand
from ...storage import game as game_store
from ...texts.alt_text import hand_description, picture_file
from ...texts.i18n import language, text
from .announce import split_text
from .state import Hand, Round, Table
from .tables import TablesBase
from .views import chips, hand_view

HAND_IMAGE = "table-hand.png"


class HandsMixin(TablesBase):
    """The hand handlers of the table cog (called by the buttons and menus in ``views``)."""

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
        how = "own"
        stored = await self.bounded(interaction).run(
            game_store.set_split, round_id, number, hand.user_id, split.two, "own"
        )
        if not stored:  # set before: by a first press the database was slow to answer?
            two, how = await self.read_back(interaction, round_id, hand)
            split = own_split(hand.cards, two) if how == "own" else house_split(hand.cards)
        current.mark_set(hand, split.two, how)
        if how != "own":
            words = text(
                "table.hand.house_set", lang, split=split_text(split.five, split.two, lang)
            )
        elif split.foul:
            words = text("table.hand.foul_stands", lang, two=two_words, five=five_words)
        else:
            words = text("table.hand.set", lang, split=split_text(split.five, split.two, lang))
        await interaction.response.edit_message(content=words, view=None)
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
        how = "house"
        stored = await self.bounded(interaction).run(
            game_store.set_split, round_id, number, hand.user_id, split.two, "house"
        )
        if not stored:  # set before: by a first press the database was slow to answer?
            two, how = await self.read_back(interaction, round_id, hand)
            split = own_split(hand.cards, two) if how == "own" else house_split(hand.cards)
        current.mark_set(hand, split.two, how)
        lang = language(interaction.locale)
        key = "table.hand.house_set" if how != "own" else "table.hand.set"
        await interaction.response.edit_message(
            content=text(key, lang, split=split_text(split.five, split.two, lang)), view=None
        )
        self.refresh_soon(table)
        return "house"

    async def read_back(
        self, interaction: discord.Interaction, round_id: str, hand: Hand
    ) -> tuple[tuple[Card, ...], str]:
        """The split the database holds for this member's seat when storing it again found
        it set: a first press whose answer was "the database is not answering" may still
        have been written. Then the hand is set (the table stops waiting for it) and the
        member is told what stands; a round over or another's seat is refused."""
        row = await self.bounded(interaction).run(game_store.get_round, round_id)
        seat = None
        if row is not None and row.status == "open":
            seat = next(
                (s for s in row.seats if s.seat == hand.seat and s.user_id == hand.user_id),
                None,
            )
        if seat is None or seat.two is None:
            raise Refusal("table.hand.over", outcome="round_over")
        return seat.two, seat.how or "own"


def _pretty(cards: tuple[Card, ...]) -> list[str]:
    return [pretty_card(card) for card in cards]
