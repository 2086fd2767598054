"""Places taken in turn by member: what keeps one member's flood from holding up the others.

A few places (a worker pool's workers, the refusals on their way to Discord) are shared by
every member. Who comes first in one queue for all gets everything, so a member with 500
jobs queued holds up the next member's one for all 500. Here each member waits in a queue
of their own, and a place that comes free goes to the members in turn (round robin): the
member whose turn it is takes one place, then goes to the back. A member who starts
waiting while another is being served comes before that other's next turn, so another
member's job is the next to take a free place, however many the first has waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable
from typing import Final

#: Who took the last place, before anyone has.
_NOBODY: Final = object()


class Turns:
    """At most ``places`` held at once; the rest wait in their member's own queue, and a
    place set free goes to the next member in turn."""

    def __init__(self, places: int) -> None:
        if places < 1:
            raise ValueError(f"places must be at least 1, not {places}")
        self.places = places
        self.held = 0
        #: Members waiting, in the order of their turns; each with its waiters, oldest first.
        self._waiting: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()
        #: The member who took the last place (their next turn comes after a newcomer's).
        self._last: Hashable = _NOBODY

    def waiting(self, member: Hashable | None = None) -> int:
        """Waiters: all of them, or ``member``'s."""
        if member is not None:
            return len(self._waiting.get(member, ()))
        return sum(len(queue) for queue in self._waiting.values())

    @contextlib.asynccontextmanager
    async def place(self, member: Hashable) -> AsyncIterator[bool]:
        """A place for ``member``, held inside the block; gives whether it had to wait. A
        free place is taken without awaiting anything (nothing else runs first)."""
        waited = await self._take(member)
        try:
            yield waited
        finally:
            self._give_back()

    async def _take(self, member: Hashable) -> bool:
        if self.held < self.places and not self._waiting:
            self.held += 1
            self._last = member
            return False
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._waiting.get(member)
        if queue is None:
            queue = self._waiting[member] = deque()
            if self._last != member and self._last in self._waiting:
                self._waiting.move_to_end(self._last)  # the newcomer's turn comes first
        queue.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._give_back()  # handed a place as it was cancelled: the next one's
            else:
                self._forget(member, waiter)
            raise
        return True

    def _give_back(self) -> None:
        """The place to the member whose turn it is, or free."""
        while self._waiting:
            member, queue = next(iter(self._waiting.items()))
            waiter = queue.popleft()
            if queue:
                self._waiting.move_to_end(member)
            else:
                del self._waiting[member]
            if not waiter.done():
                self._last = member
                waiter.set_result(None)
                return
        self.held -= 1

    def _forget(self, member: Hashable, waiter: asyncio.Future[None]) -> None:
        queue = self._waiting.get(member)
        if queue is not None and waiter in queue:
            queue.remove(waiter)
            if not queue:
                del self._waiting[member]

    def cancel_waiting(self) -> None:
        """Cancel every waiter (a pool that closes): none of them takes a place."""
        waiting, self._waiting = self._waiting, OrderedDict()
        for queue in waiting.values():
            for waiter in queue:
                waiter.cancel()
