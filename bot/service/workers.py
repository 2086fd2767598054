"""CPU work off the event loop, in worker processes: /analyze's exact analyses and
practice's prepared hands share this one pool class (each cog has its own pool).

``forkserver``, not the platform's ``fork``: forking a process that runs threads (the
event loop's helpers, aiohttp's resolver) can deadlock the child; the fork server is a
clean single-threaded process with the modules named in ``preload`` imported once (the
bot's own process never imports numpy). The pool starts at its first job, not with the
bot, and a pool that broke (a worker killed) is replaced, once, for the next job. Its
workers end with the bot however the bot ends, even by SIGKILL (``houseway.analysis.pools``).

Fair between members: a job is handed to the process pool only when a worker is free,
and until then it waits in its member's own queue; a free worker takes the next member's
job in turn (``turns.Turns``), never simply the oldest. A member with 500 analyses
queued then costs another member's analysis at most the jobs already running, not all
500 (the executor's own queue is first come, first served). Round robin rather than a cap
of K jobs a member: a cap still lets K members fill every queue ahead of the next, and
leaves workers idle while one member alone has work. The price is a worker idle between
two jobs for the moment it takes to hand it the next (about a millisecond; an analysis
takes 5-20 ms).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from houseway.analysis.pools import process_pool

from .turns import Turns

log = logging.getLogger(__name__)

R = TypeVar("R")


def _start_worker(
    niceness: int, prepare: Callable[..., None] | None, arguments: tuple[Any, ...]
) -> None:
    if niceness:
        os.nice(niceness)
    if prepare is not None:
        prepare(*arguments)


class WorkerPool:
    """``workers`` processes at ``niceness`` (0: the bot's own priority), or with no
    workers one thread of the bot's own; ``name`` says in the log whose pool broke.
    ``prepare(*arguments)`` runs in each worker process as it starts (a picklable
    function: what the fork server's imports cannot hold, such as the drawn cards)."""

    def __init__(
        self,
        name: str,
        workers: int,
        preload: Sequence[str],
        niceness: int = 0,
        prepare: Callable[..., None] | None = None,
        arguments: tuple[Any, ...] = (),
    ) -> None:
        self.name, self.workers, self.preload, self.niceness = name, workers, preload, niceness
        self.prepare, self.arguments = prepare, arguments
        self.pool: ProcessPoolExecutor | None = None
        #: A place per worker (the one thread's), taken in turn by member.
        self.turns = Turns(max(1, workers))

    def executor(self) -> ProcessPoolExecutor:
        """The process pool, started at its first use."""
        if self.pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(list(self.preload))
            self.pool = process_pool(
                self.workers,
                context=context,
                initializer=_start_worker,
                initargs=(self.niceness, self.prepare, self.arguments),
            )
        return self.pool

    async def run(self, job: Callable[..., R], *args: object, member: Hashable = None) -> R:
        """``job(*args)`` in a worker once it is ``member``'s turn (None: anyone's). The
        first job starts the fork server and a worker and waits for them (imports, a
        noticeable pause): in a thread, so the event loop never waits. A broken pool
        raises BrokenProcessPool and is replaced for the next job."""
        async with self.turns.place(member):
            if self.workers <= 0:
                return await asyncio.to_thread(job, *args)
            return await self._in_process(job, *args)

    async def _in_process(self, job: Callable[..., R], *args: object) -> R:
        pool = self.executor()
        try:
            future = await asyncio.to_thread(pool.submit, job, *args)
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            if self.pool is pool:  # the first to notice replaces it, once
                log.warning("the %s pool broke; a new one starts for the next job", self.name)
                self.pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def close(self) -> None:
        """Stop the workers (waiting for a running job, off the event loop); the jobs
        still waiting for a worker are cancelled."""
        self.turns.cancel_waiting()
        pool, self.pool = self.pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
