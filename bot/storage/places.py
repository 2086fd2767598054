"""Places for a pool's connections, the next free one to a use that comes first.

asyncpg's pool hands a freed connection to its waiters in the order they came. Under
load that order is wrong for the bot: at 200 tables the slowest reveals (the last 2%)
waited 1.2 s of their 1.8 s for a connection, behind the presses' statements, while the
members at the table waited for the reveal (issue 40). A use that comes first (a
round's settlement and reveal, ``Database.first``) takes the next place freed before
any other waiter; the others keep their order. The places are as many as the pool's
connections, so a use holding a place finds a connection free or soon freed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator


class Places:
    """``count`` places, each held by one use at a time; a freed place goes to the oldest
    waiter that comes first, else to the oldest waiter."""

    def __init__(self, count: int) -> None:
        if count < 1:
            raise ValueError(f"places must be at least 1, not {count}")
        self.free = count
        self._first: deque[asyncio.Future[None]] = deque()
        self._rest: deque[asyncio.Future[None]] = deque()

    def waiting(self) -> int:
        """Uses waiting for a place."""
        return len(self._first) + len(self._rest)

    @contextlib.asynccontextmanager
    async def place(self, first: bool = False) -> AsyncIterator[None]:
        """A place, held inside the block. A free place is taken without awaiting
        anything when nobody waits."""
        await self._take(first)
        try:
            yield
        finally:
            self._give_back()

    async def _take(self, first: bool) -> None:
        if self.free > 0 and not self.waiting():
            self.free -= 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._first if first else self._rest
        queue.append(waiter)
        try:
            await waiter
        except BaseException:  # cancelled, or its coroutine closed at teardown
            if waiter.done() and not waiter.cancelled():
                self._give_back()  # handed a place as it was cancelled: the next one's
            elif waiter in queue:  # a place freed meanwhile may have passed it over
                queue.remove(waiter)
            raise

    def _give_back(self) -> None:
        """The place to the next waiter (those who come first before the rest), or free."""
        for queue in (self._first, self._rest):
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    waiter.set_result(None)
                    return
        self.free += 1
