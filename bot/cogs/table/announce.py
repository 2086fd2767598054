"""The reveal of a table's round, and how a split, a hand and a result are said.

One message in layout components: the round's heading, one picture of every hand
(``bot.pictures.reveal``, with alt text saying the same), the dealer's split, and a line a
seat with its split, how it was set, each hand against the dealer's, the chips won or lost
and the stack after. Members are named as mentions that ping nobody.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Final

import discord

from houseway.cards import Card, pretty_card
from houseway.game import SeatSplit, Settlement
from houseway.language import Lang

from ...pictures.reveal import RevealRow, render_reveal
from ...storage import chips as chips_store
from ...storage import game as game_store
from ...texts.alt_text import picture_file, split_description
from ...texts.i18n import text
from .state import Round, Table
from .views import chips

if TYPE_CHECKING:
    from ...app.client import HousewayBot

REVEAL_IMAGE: Final = "table-reveal.png"
NO_MENTIONS: Final = discord.AllowedMentions.none()


async def channel_of(bot: HousewayBot, channel_id: int) -> discord.abc.Messageable:
    channel = bot.get_channel(channel_id)
    if channel is None:
        channel = await bot.fetch_channel(channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


def split_text(five: tuple[Card, ...], two: tuple[Card, ...], lang: Lang) -> str:
    """A split in card symbols: "A♠ A♥ K♦ Q♣ 5♠ | 4♠ 4♥"."""
    return text(
        "table.split",
        lang,
        five=" ".join(pretty_card(card) for card in five),
        two=" ".join(pretty_card(card) for card in two),
    )


async def post_reveal(
    bot: HousewayBot,
    table: Table,
    current: Round,
    dealer: SeatSplit,
    played: list[tuple[game_store.SeatRow, Settlement]],
) -> None:
    """Post the reveal: the picture of every hand, and a line a seat with its chips."""
    lang = table.lang
    stacks = {
        seat.user_id: await chips_store.stack(bot.database, table.guild_id, seat.user_id)
        for seat, _ in played
    }
    names = {seat.number: seat.name for seat in table.seats.values()}
    rows = [RevealRow(text("table.picture.dealer", lang), dealer.five, dealer.two, "dealer")]
    alt_seats = []
    lines = []
    for seat, settled in played:
        name = names.get(seat.seat) or str(seat.user_id)
        short = picture_result(settled, lang)
        rows.append(
            RevealRow(
                text("table.picture.seat", lang, seat=seat.seat, name=name, result=short),
                settled.player.five,
                settled.player.two,
                settled.outcome.name.lower(),
            )
        )
        split_words = split_description(settled.player.five, settled.player.two, lang)
        alt_seats.append(
            text(
                "alt.table.seat",
                lang,
                seat=seat.seat,
                name=name,
                result=short,
                split=split_words,
            )
        )
        lines.append(
            text(
                "table.reveal.seat",
                lang,
                seat=seat.seat,
                user=f"<@{seat.user_id}>",
                split=split_text(settled.player.five, settled.player.two, lang),
                how=text(f"table.how.{seat.how or 'timeout'}", lang),
                hands=hands_text(settled, lang),
                result=result_text(settled, lang),
                stack=chips(stacks[seat.user_id], lang),
            )
        )
    sat_out = [s for s in table.seats.values() if s.out is not None]
    if sat_out:
        users = ", ".join(f"<@{s.user_id}>" for s in sat_out)
        lines.append(text("table.reveal.sat_out", lang, users=users))
    alt = text(
        "alt.table.reveal",
        lang,
        dealer=split_description(dealer.five, dealer.two, lang),
        seats=" ".join(f"{line}." for line in alt_seats),
    )
    png = await asyncio.to_thread(render_reveal, rows)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(
        discord.ui.Container(
            discord.ui.TextDisplay(text("table.reveal.title", lang, number=current.number)),
            discord.ui.MediaGallery(
                discord.MediaGalleryItem(f"attachment://{REVEAL_IMAGE}", description=alt[:1024])
            ),
            discord.ui.TextDisplay(
                text(
                    "table.reveal.dealer",
                    lang,
                    split=split_text(dealer.five, dealer.two, lang),
                )
            ),
            discord.ui.TextDisplay("\n".join(lines)),
        )
    )
    channel = await channel_of(bot, table.channel_id)
    await channel.send(
        view=view, file=picture_file(png, REVEAL_IMAGE, alt), allowed_mentions=NO_MENTIONS
    )


def picture_result(settled: Settlement, lang: Lang) -> str:
    """The result as the picture's heading says it: "Win +95", "Foul −10"."""
    if settled.foul:
        return text("table.picture.foul", lang, bet=settled.bet)
    outcome = settled.outcome.name.lower()
    return text(f"table.picture.{outcome}", lang, net=settled.net, bet=settled.bet)


def result_text(settled: Settlement, lang: Lang) -> str:
    outcome = settled.outcome.name.lower()
    return text(
        f"table.result.{outcome}",
        lang,
        net=settled.net,
        bet=settled.bet,
        commission=settled.commission,
    )


def hands_text(settled: Settlement, lang: Lang) -> str:
    """Each hand against the dealer's ("won", "copy (to the dealer)"), or "Foul."."""
    if settled.five is None or settled.two is None:
        return text("table.reveal.foul", lang)
    return text(
        "table.reveal.hands",
        lang,
        five=text(f"table.hand_result.{settled.five.value}", lang),
        two=text(f"table.hand_result.{settled.two.value}", lang),
    )
