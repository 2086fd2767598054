"""The reveal of a table's round, and how a split, a hand and a result are said.

One message in layout components: the round's heading, one picture of every hand
(``bot.pictures.reveal``, with alt text saying the same), the dealer's split, and a line a
seat with its split, how it was set, each hand against the dealer's, the chips won or lost
and the stack after. Members are named as mentions that ping nobody.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

import discord

from houseway.language import Lang

from ...pictures.reveal import RevealRow, render_reveal
from ...storage import chips as chips_store
from ...texts.alt_text import picture_file, split_description
from ...texts.i18n import text
from ..game.words import bonus_text, hands_text, picture_result, result_text, split_line
from .state import Live, Table
from .views import chips

if TYPE_CHECKING:
    from ...app.client import HousewayBot

REVEAL_IMAGE: Final = "table-reveal.png"
NO_MENTIONS: Final = discord.AllowedMentions.none()

UNKNOWN_CHANNEL: Final = 10003


def cannot_post(error: BaseException) -> bool:
    """Whether a Discord error means the table's channel is closed to the bot for good."""
    return isinstance(error, discord.Forbidden) or (
        isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL
    )


def closed_layout(lang: Lang, line: str) -> discord.ui.LayoutView:
    """A closed table's message when only its language is known (after a restart)."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(
        discord.ui.Container(
            discord.ui.TextDisplay(text("table.title", lang)), discord.ui.TextDisplay(line)
        )
    )
    return view


async def channel_of(bot: HousewayBot, channel_id: int) -> discord.abc.Messageable:
    channel = bot.get_channel(channel_id)
    if channel is None:
        channel = await bot.fetch_channel(channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


async def post_reveal(
    bot: HousewayBot,
    table: Table,
    live: Live,
    stacks: Mapping[int, int] | None,
    restarted: bool = False,
) -> None:
    """Post the reveal of a settled round: the picture of every hand, and a line a seat
    with its chips. Sent with the round's id as its nonce: Discord keeps one message for a
    nonce sent twice within minutes, so a reveal retried after a lost answer (or after a
    restart) is posted once."""
    settled = live.round
    assert settled.result is not None
    result = settled.result
    lang = table.lang
    if stacks is None:
        stacks = {
            seat.player: await chips_store.stack(bot.database, table.guild_id, seat.player)
            for seat in settled.seats
        }
    names = {seat.number: seat.name for seat in table.seats.values()}
    dealer = result.dealer
    rows = [RevealRow(text("table.picture.dealer", lang), dealer.five, dealer.two, "dealer")]
    alt_seats = []
    lines = []
    for seat_result in result.seats:
        seat, settled_main = seat_result.seat, seat_result.main
        name = names.get(seat.number) or text("table.picture.someone", lang)
        short = picture_result(seat_result, lang)
        rows.append(
            RevealRow(
                text("table.picture.seat", lang, seat=seat.number, name=name, result=short),
                settled_main.player.five,
                settled_main.player.two,
                settled_main.outcome.name.lower(),
            )
        )
        split_words = split_description(settled_main.player.five, settled_main.player.two, lang)
        alt_seats.append(
            text(
                "alt.table.seat", lang, seat=seat.number, name=name, result=short, split=split_words
            )
        )
        player = settled_main.player
        line = text(
            "table.reveal.seat",
            lang,
            seat=seat.number,
            user=f"<@{seat.player}>",
            split=split_line(player, lang),
            how=text(f"table.how.{seat.how.value if seat.how else 'timeout'}", lang),
            hands=hands_text(settled_main, lang),
            result=result_text(settled_main, lang),
            stack=chips(stacks.get(seat.player, 0), lang),
        )
        if seat_result.bonus is not None:
            line += "\n" + text(
                "table.reveal.bonus",
                lang,
                bonus=bonus_text(seat_result.bonus, seat_result.envy, lang).replace("\n", " · "),
            )
        lines.append(line)
    sat_out = [s for s in table.seats.values() if s.out is not None]
    if sat_out:
        users = ", ".join(f"<@{s.user_id}>" for s in sat_out)
        lines.append(text("table.reveal.sat_out", lang, users=users))
    alt = text(
        "alt.table.reveal",
        lang,
        dealer=split_description(dealer.five, dealer.two, lang),
        seats=" ".join(f"{line.rstrip('.')}." for line in alt_seats),
    )
    png = await asyncio.to_thread(render_reveal, rows)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(
        discord.ui.Container(
            discord.ui.TextDisplay(
                text("table.reveal.title.restart", lang)
                if restarted
                else text("table.reveal.title", lang, number=live.number)
            ),
            discord.ui.MediaGallery(
                discord.MediaGalleryItem(f"attachment://{REVEAL_IMAGE}", description=alt[:1024])
            ),
            discord.ui.TextDisplay(
                text(
                    "table.reveal.dealer",
                    lang,
                    split=split_line(dealer, lang),
                )
            ),
            discord.ui.TextDisplay("\n".join(lines)),
        )
    )
    channel = await channel_of(bot, table.channel_id)
    await channel.send(
        view=view,
        file=picture_file(png, REVEAL_IMAGE, alt),
        allowed_mentions=NO_MENTIONS,
        nonce=reveal_nonce(settled.round_id),
    )


def reveal_nonce(round_id: str) -> str:
    """A round's reveal's nonce: its id (Discord takes up to 25 characters)."""
    return f"r{round_id}"
