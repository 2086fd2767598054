"""/stats forget's confirmation, and the notes it leaves.

The member is told what really happened (``Forgets``). The notes (who asked, and when)
go after 30 days, as /about says, even on a bot where nobody runs /stats forget again:
pruned at start and every 6 hours (``ForgottenNotes``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord
from discord.ext import tasks

from houseway.language import Lang

from ...app.interactions import Refusal
from ...service.timing import PracticeTiming
from ...storage import Bounded, Database, DatabaseError
from ...storage import forgotten as forgotten_store
from ...texts.i18n import language, text

if TYPE_CHECKING:
    from ...app.client import HousewayBot
    from .views import ForgetButton

log = logging.getLogger(__name__)


class ForgottenNotes:
    def __init__(self, database: Database, on_error: Callable[[], None]) -> None:
        self.database = database
        #: Told of a failed prune (the bot counts it in houseway_database_errors_total).
        self._on_error = on_error

    @tasks.loop(hours=6)
    async def prune(self) -> None:
        try:
            if pruned := await forgotten_store.prune_forgotten(self.database):
                log.info("pruned %d note(s) of members forgotten over 30 days ago", pruned)
        except DatabaseError as error:  # tried again at the next turn
            self._on_error()
            log.warning("could not prune the notes of forgotten members: %s", error)


class Forgets:
    """Runs a confirmed forget and tells the member the truth about it."""

    def __init__(self, bot: HousewayBot, timing: PracticeTiming) -> None:
        self.bot = bot
        self.timing = timing

    async def confirm(self, interaction: discord.Interaction, button: ForgetButton) -> str:
        """The "yes" or "no" of a confirmation; the outcome for the log line."""
        lang = language(interaction.locale)
        if interaction.user.id != button.user_id:
            raise Refusal("stats.forget.not_yours", outcome="not_yours")
        if button.choice == "no":
            outcome, message = "cancelled", text("stats.forget.cancelled", lang)
        elif time.time() * 1000 > button.until_ms:
            outcome, message = "expired", text("stats.forget.expired", lang, cmd=self.bot.mentions)
        else:
            # Answered at once (the buttons go: no second click), told the outcome after.
            forgetting = forgotten_store.Forgetting(
                button.user_id, asyncio.get_running_loop().time() + self.timing.forget_by
            )
            await interaction.response.edit_message(
                content=text("stats.forget.working", lang), view=None
            )
            outcome, message = await self._forget(forgetting, lang)
            await self._tell_forget(interaction, message)
            return outcome
        await interaction.response.edit_message(content=message, view=None)
        return outcome

    async def _forget(self, forgetting: forgotten_store.Forgetting, lang: Lang) -> tuple[str, str]:
        """Run the forget and say what really happened: done, nothing deleted, or (COMMIT
        sent, no answer, the note not found) that only running it again makes sure."""
        asked_at = time.time()
        waited = Bounded(self.bot.database, forgetting.commit_by + self.timing.forget_commit_wait)
        cmd = self.bot.mentions
        try:
            await waited.run(forgetting.run)
        except DatabaseError as error:
            log.warning("/stats forget not done (%s): %s", type(error).__name__, error)
            if not forgetting.committing:  # rolled back, or past commit_by: never commits
                return "database_unavailable", text("stats.forget.unavailable", lang, cmd=cmd)
            try:
                soon = asyncio.get_running_loop().time() + self.timing.ack_by
                checked = Bounded(self.bot.database, soon)
                done = await checked.run(
                    forgotten_store.forgotten_since, forgetting.user_id, asked_at
                )
            except DatabaseError:
                done = False
            if not done:
                self.bot.metrics.database_errors.inc()  # "database_unavailable" is counted
                return "uncertain", text("stats.forget.uncertain", lang, cmd=cmd)
            return self._forgotten(forgetting.user_id), text("stats.forget.done", lang)
        return self._forgotten(forgetting.user_id), text("stats.forget.done", lang)

    def _forgotten(self, user_id: int) -> str:
        """Features holding a member's data in memory drop it (the deck, the quiz's kept
        answers); the outcome for the log line."""
        self.bot.decks.forget(user_id)
        self.bot.dispatch("member_forgotten", user_id)
        return "forgotten"

    @staticmethod
    async def _tell_forget(interaction: discord.Interaction, message: str) -> None:
        """The forget's outcome in place of "Deleting…" (the interaction lasts 15 minutes)."""
        try:
            await interaction.edit_original_response(content=message)
        except discord.HTTPException as error:
            log.warning("could not tell a member how their forget went: %s", error)
