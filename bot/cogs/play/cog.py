"""/play: one hand of Pai Gow alone against the house way's dealer, for play chips.

Private (ephemeral), and only in a server: chips are per server. The round lives in the
database from the deal (``bot.storage.game.open_round`` takes the bet in the same
transaction), so its menu works after a restart, and it is settled exactly once
(``settle_round``'s answer): a double click, another member's press or a replayed id
changes no chips. A hand left longer than ``SOLO_LIMIT`` is set by the house way and
settled by a sweep (at start, then every ``SWEEP_EVERY``), and the member is told the
next time they use /play or /chips.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks

from houseway.cards import Card, sort_key
from houseway.game import SeatSplit, deal_round, house_split, own_split, settle_seat
from houseway.language import Lang
from houseway.learning.answers import AnswerError, parse_answer

from ...app.interactions import Refusal, everywhere
from ...pictures.cards_image import render_hand
from ...pictures.compare_image import render_stacked
from ...storage import Bounded, Database, DatabaseError
from ...storage import chips as chip_store
from ...storage import game as game_store
from ...storage.game import AlreadyPlaying, NotEnoughChips, RoundRow, SeatResult, SeatRow
from ...texts.alt_text import hand_description, picture_file, split_description
from ...texts.embeds import number
from ...texts.i18n import language, text
from ..game.notices import timed_out_notes
from ..game.review import review_embed, review_hand, start_review, unavailable_embed
from ..game.words import chips
from ..practice.pace import command_cooldown
from ..practice.sealing import Seals
from .embeds import (
    HAND_IMAGE,
    SHOWDOWN_IMAGE,
    again_label,
    foul_text,
    granted_lines,
    hand_embed,
    result_embed,
)
from .views import DealAgain, HouseButton, PickMenu, again_view, hand_view, refuse_stale_component

if TYPE_CHECKING:
    from houseway.game import Settlement

    from ...app.client import HousewayBot

log = logging.getLogger(__name__)

#: A hand alone not set within this many seconds is set by the house way and settled.
SOLO_LIMIT: Final = 15 * 60
#: How often the sweep looks for such hands (seconds).
SWEEP_EVERY: Final = 60
#: A hand alone has one seat.
SEAT: Final = 0


def new_round_id() -> str:
    """A fresh round's id: 64 random bits, as 16 hexadecimal digits."""
    return secrets.token_hex(8)


def next_round_id(previous: str) -> str:
    """The id of the hand *Deal again* deals after ``previous``: the same for every press of
    the same button, so that a double click deals one hand (the second is "dealt before")."""
    return hashlib.sha256(f"again:{previous}".encode()).hexdigest()[:16]


def split_of(seat: SeatRow) -> tuple[SeatSplit, str]:
    """A seat's split as stored (its two-card hand and how it was set), or the house way's
    for a seat never set (time ran out)."""
    if seat.two is None or seat.how is None:
        return house_split(seat.hand), "timeout"
    if seat.how == "own":
        return own_split(seat.hand, seat.two), "own"
    return house_split(seat.hand), seat.how


def settled_seat(
    round_: RoundRow, seat: SeatRow, split: SeatSplit, how: str
) -> tuple[Settlement, SeatResult]:
    """The core's settlement of a seat against the round's dealer, and what is stored."""
    settled = settle_seat(split, house_split(round_.dealer), seat.bet)
    result = SeatResult(
        seat=seat.seat,
        two=split.two,
        how=how,
        five_result=None if settled.five is None else settled.five.value,
        two_result=None if settled.two is None else settled.two.value,
        outcome=settled.outcome.name.lower(),
        commission=settled.commission,
        net=settled.net,
    )
    return settled, result


async def finish_by_house(database: Database, round_: RoundRow, now: float) -> bool:
    """Settle a hand alone as it stands: a split stored (set before a restart) as it is, a
    split never set by the house way; False if it was settled or voided before."""
    results = []
    for seat in round_.seats:
        split, how = split_of(seat)
        results.append(settled_seat(round_, seat, split, how)[1])
    return await game_store.settle_round(database, round_.round_id, results, now)


class PlayCog(commands.Cog, name="PlayCog"):
    STORES_ABOUT_MEMBERS: ClassVar[tuple[str, ...]] = ("about.stored.game",)

    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        self.timing = bot.settings.practice_timing
        self.seals = Seals()
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PickMenu, HouseButton, DealAgain)
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @tasks.loop(seconds=SWEEP_EVERY)
    async def sweep(self) -> None:
        """Hands alone past their time, set by the house way and settled (at start too)."""
        try:
            await self.sweep_once(time.time())
        except DatabaseError as error:  # tried again at the next turn
            self.bot.metrics.database_errors.inc()
            log.warning("could not settle the hands alone left open: %s", error)

    async def sweep_once(self, now: float) -> int:
        """Settle every hand alone whose time ran out by ``now``; how many were settled."""
        settled = 0
        for round_ in await game_store.open_rounds(self.bot.database, table_only=False):
            if _deadline(round_) <= now and await finish_by_house(self.bot.database, round_, now):
                settled += 1
        if settled:
            log.info("set %d hand(s) alone by the house way: their time ran out", settled)
        return settled

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await refuse_stale_component(interaction)

    def bounded(self, interaction: discord.Interaction) -> Bounded:
        """The database, bounded so that the interaction is answered in time."""
        budget = self.timing.ack_budget(interaction.created_at, time.time())
        return Bounded(self.bot.database, asyncio.get_running_loop().time() + budget)

    def deferred(self) -> Bounded:
        """The database once the interaction is deferred: its usual time from now."""
        return Bounded(self.bot.database, asyncio.get_running_loop().time() + self.timing.ack_by)

    # --- /play ---

    @app_commands.command(
        name=_("play"),
        description=_(
            "Play a hand of Pai Gow alone against the house way's dealer, for play chips"
        ),
        extras={"help": "help.play", "needs_server": True},
    )
    @everywhere()
    @command_cooldown()
    @app_commands.rename(bet=_("bet"))
    @app_commands.describe(bet=_("Your bet in play chips"))
    async def play(self, interaction: discord.Interaction, bet: int) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal("play.dm", outcome="dm")
        if bet < 1:
            raise Refusal(
                "play.bet.positive",
                outcome="bad_bet",
                least=chips(1),
                bet=number(bet, language(interaction.locale)),
            )
        # A bet above every stake (even above 2**63) is told the server's stakes by deal(),
        # before anything is written: "at least 1 chip" would not be the reason.
        await interaction.response.defer(ephemeral=True, thinking=True)
        interaction.extras["outcome"] = await self.deal(interaction, guild_id, bet, None)

    async def deal(
        self, interaction: discord.Interaction, guild_id: int, bet: int, previous: str | None
    ) -> str:
        """Take the bet and deal a hand (after ``previous``, for *Deal again*), shown in
        place of the deferred answer; the outcome for the log line."""
        now = time.time()
        lang = language(interaction.locale)
        user_id = interaction.user.id
        db = self.deferred()
        settings = await db.run(game_store.game_settings, guild_id)
        if not settings.min_bet <= bet <= settings.max_bet:
            raise Refusal(
                "play.bet.range",
                outcome="bad_bet",
                least=chips(settings.min_bet),
                most=chips(settings.max_bet),
                bet=chips(bet),
            )
        seated = await db.run(game_store.open_seat_of, guild_id, user_id)
        if seated is not None:
            open_round = await db.run(game_store.get_round, seated[0])
            if open_round is not None and open_round.table_id is not None:
                raise Refusal("play.at_table", outcome="at_table")
            if open_round is not None and _deadline(open_round) <= now:
                await db.run(finish_by_house, open_round, now)
            elif open_round is not None:  # a hand left open: shown again, not a second bet
                return await self.show_again(interaction, open_round, lang)
        granted = await db.run(chip_store.ensure_stack, guild_id, user_id, now, settings.min_bet)
        notes = [
            *granted_lines(granted, lang),
            *await db.run(timed_out_notes, guild_id, user_id, lang),
        ]
        dealt = deal_round(1)
        hand = tuple(sorted(dealt.seats[0], key=sort_key))
        round_id = new_round_id() if previous is None else next_round_id(previous)
        try:
            await db.run(
                game_store.open_round,
                round_id=round_id,
                guild_id=guild_id,
                channel_id=interaction.channel_id,
                table_id=None,
                dealer=dealt.dealer,
                seats=[(SEAT, user_id, bet, hand)],
                deadline=now + SOLO_LIMIT,
                now=now,
            )
        except NotEnoughChips as short:
            has_bet_out = await db.run(game_store.open_seat_of, guild_id, user_id)
            raise Refusal(
                "play.bet.stack.open" if has_bet_out else "play.bet.stack",
                outcome="not_enough_chips",
                stack=chips(short.stack),
                bet=chips(bet),
                topup=chips(chip_store.DAILY_TOPUP),
                refill=chips(chip_store.REFILL_TO),
            ) from None
        except AlreadyPlaying:  # dealt meanwhile, by another press
            raise Refusal("play.busy", outcome="busy") from None
        except ValueError:  # this Deal again's hand was dealt already: a double click
            raise Refusal("play.already", outcome="already") from None
        start_review(self.bot, hand, user_id)  # the analysis runs while the member thinks
        stack = await db.run(chip_store.stack, guild_id, user_id)
        await self.show_hand(interaction, round_id, hand, bet, stack, lang, notes, again=False)
        return "dealt"

    async def show_again(
        self, interaction: discord.Interaction, round_: RoundRow, lang: Lang
    ) -> str:
        """A hand the member left open, shown again with its menu (one bet out at a time)."""
        [seat] = round_.seats
        start_review(self.bot, seat.hand, seat.user_id)
        stack = await self.deferred().run(chip_store.stack, round_.guild_id, seat.user_id)
        await self.show_hand(
            interaction, round_.round_id, seat.hand, seat.bet, stack, lang, (), again=True
        )
        return "shown_again"

    async def show_hand(
        self,
        interaction: discord.Interaction,
        round_id: str,
        hand: tuple[Card, ...],
        bet: int,
        stack: int,
        lang: Lang,
        notes: Sequence[str],
        again: bool,
    ) -> None:
        seal = (await self.seals.sealer(self.deferred())).for_member(interaction.user.id)
        deck = await self.bot.decks.deck_for(interaction.user.id)
        png = await asyncio.to_thread(render_hand, hand, deck)
        alt = hand_description(hand, lang)
        await interaction.edit_original_response(
            embed=hand_embed(hand, bet, stack, lang, notes, again),
            attachments=[picture_file(png, HAND_IMAGE, alt)],
            view=hand_view(round_id, SEAT, hand, lang, seal),
        )

    # --- the hand set ---

    async def pick(
        self, interaction: discord.Interaction, round_id: str, seat: int, values: list[str] | None
    ) -> str:
        """The member's two cards (``values``), or *Huset väljer* (None): the split stored,
        the hand settled once, the result and How did I play? in place of the hand."""
        now = time.time()
        lang = language(interaction.locale)
        await interaction.response.defer()  # settling, drawing and the analysis take time
        db = self.deferred()
        round_ = await db.run(game_store.get_round, round_id)
        mine = None if round_ is None else _seat_of(round_, seat, interaction.user.id)
        if round_ is None or mine is None or round_.table_id is not None:
            raise Refusal("component.invalid.play", outcome="invalid_component")
        if round_.status != "open":
            raise Refusal("play.already", outcome="already")
        if values is None:
            split, how = house_split(mine.hand), "house"
        else:
            try:
                given = parse_answer("set", values, mine.hand, ())
            except AnswerError:
                raise Refusal("quiz.answer.invalid", outcome="invalid") from None
            split, how = own_split(mine.hand, given.two), "own"
            if split.foul:
                settings = await db.run(game_store.game_settings, round_.guild_id)
                if settings.foul_rule == "repick":
                    said = foul_text(split.five, split.two, split.five_value, split.two_value, lang)
                    raise Refusal("play.foul", outcome="foul", **said)
        stored = await db.run(game_store.set_split, round_id, seat, mine.user_id, split.two, how)
        if not stored:  # set before (a double click, or a restart before settling)
            round_ = await db.run(game_store.get_round, round_id)
            mine = None if round_ is None else _seat_of(round_, seat, interaction.user.id)
            if round_ is None or mine is None or round_.status != "open":
                raise Refusal("play.already", outcome="already")
            split, how = split_of(mine)
        settled, result = settled_seat(round_, mine, split, how)
        if not await db.run(game_store.settle_round, round_id, [result], now):
            raise Refusal("play.already", outcome="already")
        return await self.show_result(interaction, round_, mine, settled, how, lang)

    async def show_result(
        self,
        interaction: discord.Interaction,
        round_: RoundRow,
        seat: SeatRow,
        settled: Settlement,
        how: str,
        lang: Lang,
    ) -> str:
        review = None
        try:
            review = await review_hand(
                self.bot, seat.hand, settled.player.two, lang, self.timing.win_wait, seat.user_id
            )
        except Exception as error:  # not in time, or the pool busy or broken
            log.warning("How did I play? could not be analysed: %r", error)
        db = self.deferred()  # from now: the analysis may have taken a while
        if review is not None:
            await db.run(game_store.record_given_up, round_.round_id, seat.seat, review.given_up)
        stack = await db.run(chip_store.stack, round_.guild_id, seat.user_id)
        deck = await self.bot.decks.deck_for(seat.user_id)
        dealer, player = settled.dealer, settled.player
        parts = [
            (text("showdown.dealer", lang), (dealer.five, dealer.two)),
            (text("showdown.yours", lang), (player.five, player.two)),
        ]
        png = await asyncio.to_thread(render_stacked, parts, deck, lang=lang)
        alt = text(
            "alt.showdown",
            lang,
            dealer=split_description(dealer.five, dealer.two, lang),
            yours=split_description(player.five, player.two, lang),
        )
        seal = (await self.seals.sealer(db)).for_member(seat.user_id)
        await interaction.edit_original_response(
            embeds=[
                result_embed(settled, how, stack, lang),
                unavailable_embed(lang) if review is None else review_embed(review),
            ],
            attachments=[picture_file(png, SHOWDOWN_IMAGE, alt)],
            view=again_view(round_.round_id, seat.bet, again_label(seat.bet, lang), seal),
        )
        return settled.outcome.name.lower()

    async def again(self, interaction: discord.Interaction, round_id: str, bet: int) -> str:
        """*Deal again*: the next hand with the same bet, in place of the result."""
        guild_id = interaction.guild_id
        await interaction.response.defer()
        round_ = await self.deferred().run(game_store.get_round, round_id)
        if (
            guild_id is None
            or round_ is None
            or round_.guild_id != guild_id
            or _seat_of(round_, SEAT, interaction.user.id) is None
        ):
            raise Refusal("component.invalid.play", outcome="invalid_component")
        return await self.deal(interaction, guild_id, bet, round_id)


def _seat_of(round_: RoundRow, seat: int, user_id: int) -> SeatRow | None:
    return next((s for s in round_.seats if s.seat == seat and s.user_id == user_id), None)


def _deadline(round_: RoundRow) -> float:
    return round_.deadline if round_.deadline is not None else round_.dealt_at + SOLO_LIMIT
