"""Which deck (two colours or four) each member's card pictures are drawn with.

The database is the authority; a small cache in memory keeps it off the path of a reply:
a member's choice is read at most once a minute per process (so a choice made through
another process, a shard say, shows within a minute), and never waited for longer than
``LOOKUP_SECONDS``. A database that fails or does not answer costs no reply: the member
gets the deck last read for them, or the two-colour default, and the database is left
alone for ``QUIET_SECONDS`` before it is asked again.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

from ..storage import Bounded, Database, DatabaseError
from ..storage import members as members_store
from .cards_image import Deck

log = logging.getLogger(__name__)

DEFAULT: Final = Deck.TWO
#: Longest a reply waits for a member's choice to be read.
LOOKUP_SECONDS: Final = 0.25
#: A choice read longer ago than this is read again at the member's next picture.
FRESH_SECONDS: Final = 60.0
#: Members remembered per process; the least recently drawn for are forgotten first.
MAX_MEMBERS: Final = 10_000
#: After a failed read, how long every member not remembered gets the default unasked.
QUIET_SECONDS: Final = 10.0


def _deck(stored: str | None) -> Deck:
    """A stored choice as a deck; nothing stored, or a value this version does not know,
    is the default."""
    try:
        return Deck(stored) if stored is not None else DEFAULT
    except ValueError:
        return DEFAULT


class MemberDecks:
    """Each member's deck, read through a bounded cache; see the module's docstring."""

    def __init__(
        self,
        database: Database,
        clock: Callable[[], float] = time.monotonic,
        on_error: Callable[[], None] = lambda: None,
    ) -> None:
        self.database = database
        self._clock = clock
        #: Told of each failed read (the bot counts it in houseway_database_errors_total:
        #: nobody is told, so the metric is the only trace besides the log).
        self._on_error = on_error
        self._known: OrderedDict[int, tuple[Deck, float]] = OrderedDict()
        self._quiet_until = -math.inf

    def __len__(self) -> int:
        """Members remembered."""
        return len(self._known)

    async def deck_for(self, user_id: int) -> Deck:
        """The member's deck: never raises, never waits longer than ``LOOKUP_SECONDS``."""
        now = self._clock()
        known = self._known.get(user_id)
        if known is not None:
            self._known.move_to_end(user_id)
            if now - known[1] < FRESH_SECONDS:
                return known[0]
        fallback = known[0] if known is not None else DEFAULT
        if now < self._quiet_until:
            return fallback
        try:
            stored = await self._bounded(LOOKUP_SECONDS).run(members_store.chosen_deck, user_id)
        except DatabaseError as error:
            self._on_error()
            # Reads started before the first failure fail with it: one line a rest, not one
            # a member (a busy server's log filled with hundreds).
            told = self._clock() < self._quiet_until
            self._quiet_until = self._clock() + QUIET_SECONDS
            if told:
                return fallback
            log.warning(
                "could not read a member's deck (%s); drawing with the last known or the "
                "default deck for %g s",
                error,
                QUIET_SECONDS,
            )
            return fallback
        deck = _deck(stored)
        self._remember(user_id, deck)
        return deck

    async def choose(self, user_id: int, deck: Deck, within: float) -> None:
        """Store the member's choice, waiting at most ``within`` seconds, then remember it.

        Raises:
            DatabaseError: the database did not take it (nothing is remembered then: the
                member is told, and their pictures stay as the database has them).
        """
        stored = None if deck is DEFAULT else deck.value
        await self._bounded(within).run(members_store.choose_deck, user_id, stored)
        self._remember(user_id, deck)

    def forget(self, user_id: int) -> None:
        """Drop what is remembered of the member (after /stats forget deleted their row)."""
        self._known.pop(user_id, None)

    def _bounded(self, seconds: float) -> Bounded:
        return Bounded(self.database, asyncio.get_running_loop().time() + seconds)

    def _remember(self, user_id: int, deck: Deck) -> None:
        self._known[user_id] = (deck, self._clock())
        self._known.move_to_end(user_id)
        while len(self._known) > MAX_MEMBERS:
            self._known.popitem(last=False)
