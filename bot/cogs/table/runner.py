"""One runner per table: it owns its task and plays the table's rounds until it closes.

A round, through the round engine (``houseway.round``) and ``bot.cogs.game.rounds``: deal
(the wagers leave the stacks in the same transaction that writes the round), wait until
every seat has set or the countdown ends, set the rest by the house way, settle once (one
transaction, the stacks read back), then reveal and note it revealed. Settling comes
before the reveal is posted: a crash between the two leaves the chips right and the
reveal to post after the restart (``restart.reveal_left_unsaid``), never a reveal whose
round is later voided. Whatever fails is retried from where the round stands; a channel
the bot can no longer post in (or that is gone) closes the table and voids its round.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import discord

from houseway.round import Phase, Round, deal, new_round_id

from ...app.soon import Soon
from ...service.timing import TableTiming
from ...storage import Database, DatabaseError
from ...storage import chips as chips_store
from ...storage import game as game_store
from ...storage.game_tables import table_closed
from ...texts.i18n import Counted, language, text
from ..game import rounds
from ..game.review import review_at_table, start_review
from ..game.words import split_line
from .announce import NO_MENTIONS, cannot_post, channel_of, post_reveal
from .state import Live, Seat, Table
from .views import table_layout

if TYPE_CHECKING:
    from ...app.client import HousewayBot

log = logging.getLogger(__name__)


class TableRunner:
    """Plays one table; ``start`` creates its task, ``stop`` cancels it and waits.

    ``on_closed`` is called when the table closed itself (idle, or its channel closed to
    the bot), so that the cog forgets it; not when the runner is stopped by the cog.
    """

    def __init__(
        self,
        bot: HousewayBot,
        table: Table,
        settings: game_store.GameSettings,
        timing: TableTiming,
        on_closed: Callable[[Table], None],
    ) -> None:
        self.bot = bot
        self.table = table
        self.settings = settings
        self.timing = timing
        self.on_closed = on_closed
        self.task: asyncio.Task[None] | None = None
        #: Rounds whose reveal is posted (a retry after a failure does not post it twice).
        self.revealed: set[str] = set()
        #: "How did I play?" tasks, one a seat: the next round does not wait for them.
        self.reviews: set[asyncio.Task[None]] = set()
        self.edits = Soon(timing.refresh_after, self.try_refresh)  # a click's, after it

    @property
    def db(self) -> Database:
        return self.bot.database

    @property
    def ending(self) -> Database:
        """The database for a round's end, which the seats wait for: ahead of presses."""
        return self.bot.database.first()

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self.run(), name=f"table-{self.table.table_id}")
            self.task.add_done_callback(self._ended)

    async def stop(self) -> None:
        self.edits.cancel()
        tasks = [*self.reviews, *([self.task] if self.task is not None else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _ended(self, task: asyncio.Task[None]) -> None:
        if task.cancelled():
            return
        if task.exception() is not None:
            log.error("table %s runner stopped", self.table.table_id, exc_info=task.exception())
        self.on_closed(self.table)

    # --- the table message ----------------------------------------------------------

    async def refresh(self, closed: str | None = None) -> None:
        """Edit the table message to show the table as it is now (one edit at a time, each
        built when its turn comes, so the last edit shows the latest state)."""
        table = self.table
        async with table.editing:
            self.edits.taken()  # this edit shows what a waiting one would
            view = table_layout(table, self.settings, self.bot.mentions, closed)
            channel = await channel_of(self.bot, table.channel_id)
            assert isinstance(channel, discord.TextChannel | discord.Thread | discord.VoiceChannel)
            await channel.get_partial_message(table.message_id).edit(
                view=view, allowed_mentions=NO_MENTIONS
            )

    async def try_refresh(self, closed: str | None = None) -> None:
        """``refresh`` for a click's handler: a failed edit is logged, never the click's."""
        try:
            await self.refresh(closed)
        except (discord.HTTPException, OSError) as error:
            log.warning("table %s: could not edit its message: %s", self.table.table_id, error)

    # --- the loop -------------------------------------------------------------------

    async def run(self) -> None:
        table = self.table
        while not table.closed:
            try:
                if table.round is not None:
                    await self.finish(table.round)
                    continue
                if not await self.wait_for_players() or not await self.wait_to_deal():
                    return
                current = await self.deal()
                await self.try_refresh()
                if current is None:
                    await self.wait_for_change()
                    continue
                await self.wait_for_splits(current)
                await self.finish(current)
            except asyncio.CancelledError:
                raise
            except (DatabaseError, discord.HTTPException, OSError) as error:
                if cannot_post(error):
                    await self.abandon(error)
                    return
                if isinstance(error, DatabaseError):
                    self.bot.metrics.database_errors.inc()
                log.warning(
                    "table %s: %s; retrying in %g s", table.table_id, error, self.timing.retry_delay
                )
                await asyncio.sleep(self.timing.retry_delay)
            except Exception:
                log.exception("table %s failed; retrying", table.table_id)
                await asyncio.sleep(self.timing.retry_delay)

    async def wait_for_players(self) -> bool:
        """Wait until someone is seated; False once the table closed (by idling too long)."""
        table = self.table
        while not table.closed:
            if any(not seat.leaving for seat in table.seats.values()):
                return True
            table.deal_at = None
            if not await self.wait_for_change():
                return False
        return False

    async def wait_to_deal(self) -> bool:
        """Wait for the time to deal (``gather`` after the first seat is taken, ``pause``
        after a reveal) or for "Deal now"; False once the table closed."""
        table = self.table
        if table.deal_at is None:
            table.deal_at = time.time() + self.timing.gather
            await self.try_refresh()
        while not table.closed and not table.deal_now and table.seats:
            left = table.deal_at - time.time()
            if left <= 0:
                break
            table.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.changed.wait(), left)
        table.deal_now = False
        table.deal_at = None
        return not table.closed

    async def wait_for_change(self) -> bool:
        """Wait for a seat to change; close the table (False) once it has had no round for
        ``idle_close`` seconds."""
        table = self.table
        left = table.active_at + self.timing.idle_close - time.time()
        if left <= 0:
            await self.close_idle()
            return False
        table.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.changed.wait(), left)
        return not table.closed

    async def close_idle(self) -> None:
        table, lang = self.table, self.table.lang
        table.closed = True
        await self.forget_table()
        minutes = Counted("table.count.minutes", round(self.timing.idle_close / 60))
        line = text("table.status.closed.idle", lang, minutes=minutes, cmd=self.bot.mentions)
        try:
            await self.refresh(closed=line)
            channel = await channel_of(self.bot, table.channel_id)
            await channel.send(text("table.closed.idle", lang, minutes=minutes))
        except (discord.HTTPException, OSError) as error:
            log.warning("table %s closed; could not say so: %s", table.table_id, error)
        log.info("table %s closed after idling", table.table_id)

    async def abandon(self, error: BaseException) -> None:
        """The channel is closed to the bot: void the round under way, close the table."""
        table = self.table
        code = getattr(error, "code", None)
        log.warning(
            "table %s: cannot post in its channel (%s, code %s); closing it",
            table.table_id,
            type(error).__name__,
            code,
        )
        table.closed = True
        if table.round is not None:
            await self.void(table.round)
        await self.forget_table()

    async def forget_table(self) -> None:
        """Note the table closed in the database (a restart then leaves it be)."""
        try:
            await table_closed(self.db, str(self.table.message_id), time.time())
        except DatabaseError as error:  # a restart closes it again: said twice at worst
            log.warning("table %s: could not note it closed: %s", self.table.table_id, error)

    async def void(self, live: Live) -> bool:
        """Void the round (every wager returned), retried until the database answers."""
        while True:
            try:
                voided = await game_store.void_round(self.db, live.round.round_id, time.time())
                self.table.round = None
                return voided
            except DatabaseError as error:
                self.bot.metrics.database_errors.inc()
                log.warning("table %s: could not void round yet: %s", self.table.table_id, error)
                await asyncio.sleep(self.timing.retry_delay)

    # --- a round --------------------------------------------------------------------

    async def deal(self) -> Live | None:
        """Take the wagers and deal; None if every seated member sits this round out."""
        table = self.table
        settings = self.settings = await game_store.game_settings(self.db, table.guild_id)
        countdown = self.timing.countdown or settings.countdown_seconds
        for number, seat in list(table.seats.items()):
            if seat.leaving or (seat.timed_out and not await self.in_server(seat.user_id)):
                del table.seats[number]
            seat.timed_out = False
        table.dealing = True
        try:
            candidates: list[Seat] = []
            seats = sorted(table.seats.values(), key=lambda s: s.number)
            _, stacks = await chips_store.ensure_stacks(  # every seat's, in one transaction
                self.db, table.guild_id, [s.user_id for s in seats], time.time(), settings.min_bet
            )
            for seat in seats:
                seat.out = None
                seat.bet = min(max(seat.bet, settings.min_bet), settings.max_bet)
                if seat.bonus:  # within today's stakes, or none where the server has none
                    seat.bonus = min(max(seat.bonus, settings.bonus_min), settings.bonus_max)
                have = stacks[seat.user_id]
                if have < seat.bet + seat.bonus:
                    seat.out, seat.stack = "out", have
                else:
                    candidates.append(seat)
            while candidates := [s for s in candidates if table.seats.get(s.number) is s]:
                entries = [rounds.entry(s.number, s.user_id, s.bet, s.bonus) for s in candidates]
                dealt = deal(entries, settings.rules, new_round_id())
                deadline = time.time() + countdown
                try:
                    await self.open_once(dealt, deadline)
                except game_store.NotEnoughChips as short:
                    self._sit_out(candidates, short.user_id, "out", short.stack)
                    continue
                except game_store.AlreadyPlaying as busy:
                    self._sit_out(candidates, busy.user_id, "busy", 0)
                    continue
                self.bot.decks.warm(seat.player for seat in dealt.seats)  # for Your hand
                for dealt_seat in dealt.seats:  # How did I play?'s analyses, while they think
                    with contextlib.suppress(LookupError):
                        start_review(self.bot, dealt_seat.hand, dealt_seat.player)
                table.rounds += 1
                table.active_at = time.time()
                table.round = Live(dealt, table.rounds, deadline)
                return table.round
            return None
        finally:
            table.dealing = False

    async def open_once(self, dealt: Round, deadline: float) -> None:
        """``open_round``, retried under the same round id until the database answers. A
        deal whose commit went out but whose answer never came back (a hang, a cut
        connection) may be written: the retry finds it and takes it as dealt, rather than
        dealing another round while this one holds the wagers with nobody to play it."""
        table = self.table
        failed = False
        while True:
            try:
                if failed and await game_store.get_round(self.db, dealt.round_id) is not None:
                    log.info(
                        "table %s: round %s was dealt after all", table.table_id, dealt.round_id
                    )
                    return
                await game_store.open_round(
                    self.db,
                    dealt,
                    guild_id=table.guild_id,
                    channel_id=table.channel_id,
                    table_id=str(table.message_id),
                    deadline=deadline,
                    now=time.time(),
                )
                return
            except DatabaseError as error:
                failed = True
                self.bot.metrics.database_errors.inc()
                log.warning("table %s: could not deal yet: %s", table.table_id, error)
                await asyncio.sleep(self.timing.retry_delay)

    async def in_server(self, user_id: int) -> bool:
        """Whether a member is still in the table's server. The bot has no members intent,
        so it is not told when one leaves; it asks Discord, and only an answer that says
        so counts as gone (a member who left is stood up, not dealt in by the house way)."""
        guild = self.bot.get_guild(self.table.guild_id)
        if guild is None:
            return True
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            log.info("table %s: a member left the server; seat freed", self.table.table_id)
            return False
        except (discord.HTTPException, OSError):
            return True
        return True

    def _sit_out(self, candidates: list[Seat], user_id: int, why: str, stack: int) -> None:
        for seat in candidates:
            if seat.user_id == user_id:
                seat.out, seat.stack = why, stack
                candidates.remove(seat)
                return

    async def wait_for_splits(self, live: Live) -> None:
        left = live.deadline - time.time()
        if live.round.pending() and left > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.all_set.wait(), left)

    async def time_out(self, live: Live) -> None:
        """The house way sets every hand not set in time, and its member is told."""
        pending = live.round.pending()
        if not pending or not live.round.can_time_out():
            return
        live.update(await rounds.time_out(self.ending, live.round))
        for before in pending:
            seat = live.round.seat(before.number)
            if seat is None or seat.how is None or seat.how.value != "timeout":
                continue  # set by the member a moment ago, or gone
            sitting = self.table.seats.get(seat.number)
            if sitting is not None and sitting.user_id == seat.player:
                sitting.timed_out = True
            shown = live.shown.get(seat.number)
            if shown is not None and seat.split is not None:  # else the reveal says it
                lang = language(shown.locale)
                split = seat.split
                said = split_line(split, lang)
                with contextlib.suppress(discord.HTTPException):
                    await shown.edit_original_response(
                        content=text("table.hand.timeout", lang, split=said), view=None
                    )

    async def finish(self, live: Live) -> None:
        """Set what is left, settle once, reveal once, pause, and clear the round; its
        database work ahead of any press's (``ending``). The round is read back first only
        where the copy may differ from the database, which holds every split stored: a hand
        not set in the copy, or seats not as stored (/stats forget in another process, a
        seat taken out of the copy but kept). So a round all set with its seats as stored
        is settled after one read (issue 40); one closed meanwhile is found by the
        settlement, which then reads it back."""
        table = self.table
        seats = {(seat.number, seat.player) for seat in live.round.seats}
        if (
            live.round.phase is not Phase.ALL_SET
            or await game_store.stored_seats(self.ending, live.round.round_id) != seats
        ):
            stored = await rounds.read_round(self.ending, live.round.round_id)
            if stored is None:
                table.round = None
                return
            live.update(stored)
        await self.time_out(live)
        stacks = None
        if live.round.phase is Phase.ALL_SET:
            settled, stacks = await rounds.finish(self.ending, live.round, time.time())
            if stacks is None:
                # Closed meanwhile: voided, or settled by an earlier try of this runner whose
                # COMMIT landed after the database was given up on. The round stays this
                # table's: run() finishes it again from what is stored, so a settled round
                # is still revealed (once) and a voided one is not.
                log.warning("table %s: round closed meanwhile; reading it again", table.table_id)
                stored = await rounds.read_round(self.ending, live.round.round_id)
                if stored is None:
                    table.round = None
                else:
                    live.update(stored)
                return
            live.update(settled)
        if live.round.phase is Phase.SETTLED:
            await self.reveal(live, stacks)
        table.round = None
        for number, seat_now in list(table.seats.items()):
            if seat_now.leaving:
                del table.seats[number]
        table.deal_at = time.time() + self.timing.pause
        await self.try_refresh()

    async def reveal(self, live: Live, stacks: Mapping[int, int] | None) -> None:
        """Post the round's reveal once, note it revealed, and start each seat's review."""
        settled = live.round
        if settled.round_id in self.revealed:
            return
        await post_reveal(self.bot, self.table, live, stacks)
        self.revealed.add(settled.round_id)
        try:
            await game_store.mark_revealed(self.ending, settled.round_id, time.time())
        except DatabaseError as error:  # a restart posts it again: its nonce keeps it one
            log.warning("table %s: reveal not noted: %s", self.table.table_id, error)
        assert settled.result is not None
        for seat_result in settled.result.seats:
            number = seat_result.seat.number
            review = asyncio.create_task(
                review_at_table(
                    self.bot, self.db, settled.round_id, seat_result, live.shown.get(number)
                ),
                name=f"table-review-{settled.round_id}-{number}",
            )
            self.reviews.add(review)
            review.add_done_callback(self.reviews.discard)
