"""The notes /stats forget leaves (who asked, and when) go after 30 days, as /about says,
even on a bot where nobody runs /stats forget again: pruned at start and every 6 hours."""

from __future__ import annotations

import logging
from collections.abc import Callable

from discord.ext import tasks

from ...storage import Database, DatabaseError
from ...storage import practice as store

log = logging.getLogger(__name__)


class ForgottenNotes:
    def __init__(self, database: Database, on_error: Callable[[], None]) -> None:
        self.database = database
        #: Told of a failed prune (the bot counts it in houseway_database_errors_total).
        self._on_error = on_error

    @tasks.loop(hours=6)
    async def prune(self) -> None:
        try:
            if pruned := await store.prune_forgotten(self.database):
                log.info("pruned %d note(s) of members forgotten over 30 days ago", pruned)
        except DatabaseError as error:  # tried again at the next turn
            self._on_error()
            log.warning("could not prune the notes of forgotten members: %s", error)
