"""/play: one hand of Pai Gow alone against the house way's dealer, for play chips: a round
of one seat, played by the round engine (``houseway.round``) as a table plays its rounds.

Private (ephemeral), and only in a server: chips are per server. The round lives in the
database from the deal (its wagers taken in the same transaction), so its menu works
after a restart, and it is settled exactly once: a double click, another member's press or
a replayed id changes no chips. A hand left longer than ``SOLO_LIMIT`` is set by the house
way and settled by a sweep (at start, then every ``SWEEP_EVERY``), and the member is told
the next time they use /play.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks

from houseway.cards import Card, sort_key
from houseway.language import Lang
from houseway.round import Round

from ...app.interactions import Refusal, everywhere
from ...app.pace import command_cooldown
from ...app.sealing import Seals
from ...pictures.cards_image import render_hand
from ...pictures.reveal import RevealRow, render_reveal
from ...storage import Bounded, DatabaseError
from ...storage import chips as chip_store
from ...storage import game as game_store
from ...storage.game import AlreadyPlaying, NotEnoughChips
from ...texts.alt_text import hand_description, picture_file, split_description
from ...texts.i18n import language, text
from ..game import rounds
from ..game.hands import DYNAMIC_ITEMS, hand_view, refuse_stale
from ..game.notices import timed_out_notes
from ..game.review import review_and_record, review_embed, start_review, unavailable_embed
from ..game.words import chips, picture_result
from .embeds import (
    HAND_IMAGE,
    SHOWDOWN_IMAGE,
    again_label,
    granted_lines,
    hand_embed,
    result_embed,
)
from .views import DealAgain, again_view, refuse_stale_component

if TYPE_CHECKING:
    from ...app.client import HousewayBot

log = logging.getLogger(__name__)

#: A hand alone not set within this many seconds is set by the house way and settled.
SOLO_LIMIT: Final = 15 * 60
#: How often the sweep looks for such hands (seconds).
SWEEP_EVERY: Final = 60
#: A hand alone has one seat.
SEAT: Final = 0
#: How /play says the engine's refusals.
WORDS: Final = rounds.Words(over="play.already", not_yours="component.invalid.play")


def next_round_id(previous: str) -> str:
    """The id of the hand *Deal again* deals after ``previous``: the same for every press of
    the same button, so that a double click deals one hand (the second is "dealt before")."""
    return hashlib.sha256(f"again:{previous}".encode()).hexdigest()[:16]


class PlayCog(commands.Cog, name="PlayCog"):
    STORES_ABOUT_MEMBERS: ClassVar[tuple[str, ...]] = ("about.stored.game",)

    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        self.timing = bot.settings.practice_timing
        self.seals = Seals()
        #: Reviews of hands the sweep settled: every hand dealt counts on the skill board.
        self.reviews: set[asyncio.Task[object]] = set()
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS, DealAgain)
        self.seals.read_soon(self.bot.database)
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()
        for task in self.reviews:
            task.cancel()

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
        database = self.bot.database
        for row in await game_store.open_rounds(database, table_only=False):
            # A server's hands are its shard's process's: each hand is swept once, by one.
            if _deadline(row) > now or self.bot.get_guild(row.guild_id) is None:
                continue
            done = await rounds.finish_by_house(database, row.to_round(), now)
            if done is None or done.result is None:
                continue
            settled += 1
            log.info(
                "set a hand alone by the house way, its time run out (server %s, round %s)",
                row.guild_id,
                row.round_id,
            )
            for result in done.result.seats:  # counted on the skill board, as every hand is
                review = asyncio.create_task(
                    review_and_record(self.bot, database, done.round_id, result, Lang.EN)
                )
                self.reviews.add(review)
                review.add_done_callback(self.reviews.discard)
        return settled

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await refuse_stale_component(interaction)
        await refuse_stale(interaction, "play", "component.invalid.play")

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
    @app_commands.rename(bet=_("bet"), bonus=_("bonus"))
    @app_commands.describe(
        bet=_("Your bet in play chips"),
        bonus=_("A bonus bet on your seven cards, paid by the server's pay table (0: none)"),
    )
    async def play(
        self,
        interaction: discord.Interaction,
        bet: app_commands.Range[int, 1, game_store.MAX_STAKE],
        bonus: app_commands.Range[int, 0, game_store.MAX_STAKE] = 0,
    ) -> None:
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal("play.dm", outcome="dm")
        await interaction.response.defer(ephemeral=True, thinking=True)
        interaction.extras["outcome"] = await self.deal(interaction, guild_id, bet, bonus, None)

    async def deal(
        self,
        interaction: discord.Interaction,
        guild_id: int,
        bet: int,
        bonus: int,
        previous: str | None,
    ) -> str:
        """Take the wagers and deal a hand (after ``previous``, for *Deal again*), shown in
        place of the deferred answer; the outcome for the log line."""
        now = time.time()
        lang = language(interaction.locale)
        user_id = interaction.user.id
        db = self.deferred()
        settings = await db.run(game_store.game_settings, guild_id)
        refused = settings.wager_refused(bet, bonus)
        if refused == "bet":
            raise Refusal(
                "play.bet.range",
                outcome="bad_bet",
                least=chips(settings.min_bet),
                most=chips(settings.max_bet),
                bet=chips(bet),
            )
        if refused == "bonus_off":
            raise Refusal("play.bonus.off", outcome="bad_bet")
        if refused == "bonus":
            raise Refusal(
                "play.bonus.range",
                outcome="bad_bet",
                least=chips(settings.bonus_min),
                most=chips(settings.bonus_max),
                bonus=chips(bonus),
            )
        if self.seated_at_table(guild_id, user_id):
            raise Refusal("play.at_table", outcome="at_table")
        seated = await db.run(game_store.open_seat_of, guild_id, user_id)
        if seated is not None:
            row = await db.run(game_store.get_round, seated[0])
            if row is not None and row.table_id is not None:
                raise Refusal("play.at_table", outcome="at_table")
            if row is not None and _deadline(row) <= now:
                await db.run(rounds.finish_by_house, row.to_round(), now)
            elif row is not None:  # a hand left open: shown again, not a second bet
                return await self.show_again(interaction, row.to_round(), lang)
        granted = await db.run(chip_store.ensure_stack, guild_id, user_id, now, settings.min_bet)
        notes = [
            *granted_lines(granted, lang),
            *await db.run(timed_out_notes, guild_id, user_id, lang),
        ]
        entry = rounds.entry(SEAT, user_id, bet, bonus)
        rules = settings.rules
        try:
            dealt = await db.run(
                rounds.deal_in,
                [entry],
                rules,
                guild_id=guild_id,
                channel_id=interaction.channel_id,
                table_id=None,
                deadline=now + SOLO_LIMIT,
                now=now,
                round_id=None if previous is None else next_round_id(previous),
            )
        except NotEnoughChips as short:
            has_bet_out = await db.run(game_store.open_seat_of, guild_id, user_id)
            if not has_bet_out and short.stack < settings.min_bet:  # broke: when chips come
                coming = await db.run(
                    chip_store.next_chips, guild_id, user_id, now, settings.min_bet
                )
                raise Refusal(
                    "play.bet.stack.none" if short.stack <= 0 else "play.bet.stack.low",
                    outcome="not_enough_chips",
                    stack=chips(short.stack),
                    least=chips(settings.min_bet),
                    next=chips(coming.stack),
                    when=f"<t:{int(coming.at)}:R>",
                ) from None
            raise Refusal(
                "play.bet.stack.open" if has_bet_out else "play.bet.stack",
                outcome="not_enough_chips",
                stack=chips(short.stack),
                bet=chips(short.bet),
                topup=chips(chip_store.DAILY_TOPUP),
                refill=chips(chip_store.REFILL_TO),
            ) from None
        except AlreadyPlaying as playing:  # another /play of the member's dealt meanwhile
            row = await db.run(game_store.get_round, playing.round_id)
            if row is None or row.table_id is not None or row.status != "open":
                raise Refusal("play.busy", outcome="busy") from None
            return await self.show_again(interaction, row.to_round(), lang)
        except ValueError:  # this Deal again's hand was dealt already: a double click
            raise Refusal("play.already", outcome="already") from None
        [seat] = dealt.seats
        start_review(self.bot, seat.hand, user_id)  # the analysis runs while the member thinks
        stack = await db.run(chip_store.stack, guild_id, user_id)
        await self.show_hand(interaction, dealt, stack, lang, notes, again=False)
        return "dealt"

    def seated_at_table(self, guild_id: int, user_id: int) -> bool:
        """Whether the member holds a seat at a table of the server (one bet out at a time,
        dealt or not)."""
        tables = self.bot.get_cog("TableCog")
        find = getattr(tables, "table_of_member", None)
        return find is not None and find(guild_id, user_id) is not None

    async def show_again(self, interaction: discord.Interaction, round_: Round, lang: Lang) -> str:
        """A hand the member left open, shown again with its menu (one bet out at a time)."""
        [seat] = round_.seats
        start_review(self.bot, seat.hand, seat.player)
        stack = await self.deferred().run(chip_store.stack, interaction.guild_id or 0, seat.player)
        await self.show_hand(interaction, round_, stack, lang, (), again=True)
        return "shown_again"

    async def show_hand(
        self,
        interaction: discord.Interaction,
        round_: Round,
        stack: int,
        lang: Lang,
        notes: Sequence[str],
        again: bool,
    ) -> None:
        [seat] = round_.seats
        hand = tuple(sorted(seat.hand, key=sort_key))
        seal = (await self.seals.sealer(self.deferred())).for_member(interaction.user.id)
        deck = await self.bot.decks.deck_for(interaction.user.id)
        png = await asyncio.to_thread(render_hand, hand, deck)
        alt = hand_description(hand, lang)
        await interaction.edit_original_response(
            embed=hand_embed(hand, seat.bet, seat.bonus, stack, lang, notes, again),
            attachments=[picture_file(png, HAND_IMAGE, alt)],
            view=hand_view("play", round_.round_id, SEAT, hand, lang, seal),
        )

    # --- the hand set ---

    async def set_hand(
        self,
        interaction: discord.Interaction,
        round_id: str,
        seat: int,
        two: tuple[Card, ...] | None,
    ) -> str:
        """The member's two cards, or *Huset väljer* (None): the split stored, the hand
        settled once, the result and How did I play? in place of the hand."""
        now = time.time()
        lang = language(interaction.locale)
        await interaction.response.defer()  # settling, drawing and the analysis take time
        db = self.deferred()
        row = await db.run(game_store.get_round, round_id)
        if row is None or row.table_id is not None or row.guild_id != interaction.guild_id:
            raise Refusal("component.invalid.play", outcome="invalid_component")
        current = row.to_round()
        if current.over:
            raise Refusal("play.already", outcome="already")
        player = interaction.user.id
        moved, _ = await db.run(rounds.store_split, current, seat, player, two, WORDS, lang)
        if not moved.can_settle():
            raise Refusal("play.already", outcome="already")  # settled meanwhile
        settled, stacks = await db.run(rounds.finish, moved, now)
        if stacks is None:
            raise Refusal("play.already", outcome="already")
        return await self.show_result(interaction, settled, stacks, lang)

    async def show_result(
        self,
        interaction: discord.Interaction,
        settled: Round,
        stacks: Mapping[int, int],
        lang: Lang,
    ) -> str:
        assert settled.result is not None
        [result] = settled.result.seats
        seat, main = result.seat, result.main
        review = await review_and_record(
            self.bot, self.bot.database, settled.round_id, result, lang, self.timing.win_wait
        )
        db = self.deferred()  # from now: the analysis may have taken a while
        deck = await self.bot.decks.deck_for(seat.player)
        dealer, player = main.dealer, main.player
        said = picture_result(result, lang)
        rows = [  # drawn as a table's reveal is: whose hand and its result on each row
            RevealRow(text("table.picture.dealer", lang), dealer.five, dealer.two, "dealer"),
            RevealRow(
                text("showdown.yours", lang, result=said),
                player.five,
                player.two,
                main.outcome.name.lower(),
            ),
        ]
        png = await asyncio.to_thread(render_reveal, rows, deck)
        alt = text(
            "alt.showdown",
            lang,
            dealer=split_description(dealer.five, dealer.two, lang),
            result=said,
            yours=split_description(player.five, player.two, lang),
        )
        seal = (await self.seals.sealer(db)).for_member(seat.player)
        label = again_label(seat.bet, seat.bonus, lang)
        await interaction.edit_original_response(
            embeds=[
                result_embed(result, stacks[seat.player], lang),
                unavailable_embed(lang) if review is None else review_embed(review, result),
            ],
            attachments=[picture_file(png, SHOWDOWN_IMAGE, alt)],
            view=again_view(settled.round_id, seat.bet, seat.bonus, label, seal),
        )
        return main.outcome.name.lower()

    async def again(
        self, interaction: discord.Interaction, round_id: str, bet: int, bonus: int
    ) -> str:
        """*Deal again*: the next hand with the same wagers, in place of the result."""
        guild_id = interaction.guild_id
        await interaction.response.defer()
        row = await self.deferred().run(game_store.get_round, round_id)
        mine = None if row is None else row.to_round().seat(SEAT)
        if (
            guild_id is None
            or row is None
            or row.guild_id != guild_id
            or mine is None
            or mine.player != interaction.user.id
        ):
            raise Refusal("component.invalid.play", outcome="invalid_component")
        return await self.deal(interaction, guild_id, bet, bonus, round_id)


def _deadline(row: game_store.RoundRow) -> float:
    return row.deadline if row.deadline is not None else row.dealt_at + SOLO_LIMIT
