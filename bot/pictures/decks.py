"""Which deck (two colours or four) each member's card pictures are drawn with.

The database is the authority; a small cache in memory keeps it off the path of a reply:
a member's choice is read at most once a minute per process (so a choice made through
another process, a shard say, shows within a minute), and never waited for longer than
``LOOKUP_SECONDS``. A database that fails or does not answer costs no reply: the member
gets the deck last read for them, or the two-colour default, and the database is left
alone for ``QUIET_SECONDS`` before it is asked again.

Members asked for together are read together: one statement at a time per process, for
every member asked for since the one before began. A start, a rest's end or the minute's
end puts hundreds of members' pictures in the same seconds; read one by one, they took
the pool's connections from the game's own writes, and presses at busy tables were
refused for want of a database in time (issue 40).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
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


class _Batch:
    """Members asked for together, and the one read that answers them all."""

    def __init__(self) -> None:
        self.members: set[int] = set()
        self.read: asyncio.Future[dict[int, str]] = asyncio.get_running_loop().create_future()


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
        #: Members asked for since the read under way began: read next, in one statement.
        self._gathering: _Batch | None = None
        #: The read under way (one at a time), and its task (held: asyncio keeps only a
        #: weak reference to a running task).
        self._under_way: _Batch | None = None
        self._reading: asyncio.Task[None] | None = None
        #: Choices stored and members forgotten in this process so far: a read during
        #: which one came may be stale, and nothing of it is remembered.
        self._changes = 0

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
            chosen = await self._bounded(LOOKUP_SECONDS).wait(self._ask(user_id))
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
        return _deck(chosen.get(user_id))  # remembered by the read itself

    def warm(self, user_ids: Iterable[int]) -> Awaitable[object] | None:
        """Read, in the background, the decks of members about to be drawn for (a table's
        seats, as it deals) that are not fresh: their pictures then wait for no read,
        whose quarter second a busy process's pool often did not meet (issue 40). The
        read, for a caller that waits (None: nothing to read). Never raises; a failed read
        is left to the member's picture to ask again."""
        now = self._clock()
        stale = [user for user in user_ids if not self._fresh(user, now)]
        if not stale or now < self._quiet_until:
            return None
        reads = {self._ask(user) for user in stale}  # the one under way, or the next
        # A failure is no news here (a member's picture asks again): taken as a result.
        return asyncio.gather(*reads, return_exceptions=True)

    def _fresh(self, user_id: int, now: float) -> bool:
        known = self._known.get(user_id)
        return known is not None and now - known[1] < FRESH_SECONDS

    def _ask(self, user_id: int) -> asyncio.Future[dict[int, str]]:
        """The read that will answer for the member: the one under way if it reads them
        (a deal's warming, say), else the next one, joined by whoever else is asked for
        before it begins (this turn of the loop, or while one is under way)."""
        if self._under_way is not None and user_id in self._under_way.members:
            return self._under_way.read
        if self._gathering is None:
            self._gathering = _Batch()
            if self._under_way is None:
                asyncio.get_running_loop().call_soon(self._read_next)
        self._gathering.members.add(user_id)
        return self._gathering.read

    def _read_next(self) -> None:
        batch, self._gathering = self._gathering, None
        self._under_way = batch
        self._reading = None if batch is None else asyncio.ensure_future(self._read(batch))

    async def _read(self, batch: _Batch) -> None:
        """Read the batch, remember what it found (unless a choice or a forget came
        meanwhile: those members are read again when asked), tell its askers, go on."""
        changes = self._changes
        try:
            chosen = await members_store.chosen_decks(self.database, batch.members)
        except asyncio.CancelledError:  # the bot is closing: every asker gives up with it
            for waiting in (batch, self._gathering):
                if waiting is not None:
                    waiting.read.cancel()
            self._under_way = self._gathering = None
            raise
        except Exception as error:  # each asker is told (a DatabaseError: the fallback)
            batch.read.set_exception(error)
        else:
            if changes == self._changes:  # a read that lands late still fills the cache
                for user in batch.members:
                    self._remember(user, _deck(chosen.get(user)))
            batch.read.set_result(chosen)
        self._read_next()

    async def choose(self, user_id: int, deck: Deck, within: float) -> None:
        """Store the member's choice, waiting at most ``within`` seconds, then remember it.

        Raises:
            DatabaseError: the database did not take it (nothing is remembered then: the
                member is told, and their pictures stay as the database has them).
        """
        stored = None if deck is DEFAULT else deck.value
        await self._bounded(within).run(members_store.choose_deck, user_id, stored)
        self._changes += 1
        self._remember(user_id, deck)

    def forget(self, user_id: int) -> None:
        """Drop what is remembered of the member (after /stats forget deleted their row)."""
        self._changes += 1
        self._known.pop(user_id, None)

    def _bounded(self, seconds: float) -> Bounded:
        return Bounded(self.database, asyncio.get_running_loop().time() + seconds)

    def _remember(self, user_id: int, deck: Deck) -> None:
        self._known[user_id] = (deck, self._clock())
        self._known.move_to_end(user_id)
        while len(self._known) > MAX_MEMBERS:
            self._known.popitem(last=False)
