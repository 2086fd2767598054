"""Work asked for by many clicks of one moment, done once: the first ask waits ``after``
seconds, the asks meanwhile join it. A table message edited once for three seats' sets,
not three times: fewer requests a round, and within the edits Discord allows a channel
(about five in five seconds)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable


class Soon:
    """``action()`` once, ``after`` seconds after the first :meth:`ask` of a moment; the
    action calls :meth:`taken` as it starts (it then shows every ask so far), and an ask
    after that starts the next moment. Asked but taken meanwhile (the work was done for
    another reason), the waiting call is dropped."""

    def __init__(self, after: float, action: Callable[[], Awaitable[None]]) -> None:
        self.after, self.action = after, action
        self.waiting = False
        self.tasks: set[asyncio.Task[None]] = set()

    def ask(self) -> None:
        if self.waiting:
            return
        self.waiting = True
        task = asyncio.create_task(self._later())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def taken(self) -> None:
        self.waiting = False

    def cancel(self) -> None:
        """Drop the waiting call (its owner stops)."""
        for task in self.tasks:
            task.cancel()

    async def _later(self) -> None:
        await asyncio.sleep(self.after)
        if self.waiting:
            await self.action()
