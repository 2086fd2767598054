"""Prepared hands: a dealt hand's exact analysis and house-way picture, started the
moment the hand is shown, so that the answer's feedback only has to look them up.

An exact analysis costs about 11 ms of CPU: it runs in worker processes (``forkserver``,
as /analyze's pool: forking a process with threads can deadlock), never on the event
loop. Hands are remembered by their cards, the most recent ``capacity`` of them; a
hand asked for again (an answer after a restart, the day's hand) is prepared anew.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from houseway import Decision, house_way
from houseway.cards import Card
from houseway.practice import exact_evs

from ...cards_image import render_split

log = logging.getLogger(__name__)

EVs = dict[tuple[int, int], float]


@dataclass
class Prepared:
    decision: Decision
    picture: asyncio.Future[bytes]
    evs: asyncio.Future[EVs] | None


def _new_pool(workers: int) -> ProcessPoolExecutor:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["houseway.analyze", "houseway.practice"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)


def _retrieve(future: asyncio.Future[Any]) -> None:
    """A preparation nobody awaited failed: log it once, never as 'never retrieved'."""
    if not future.cancelled() and future.exception() is not None:
        log.warning("preparing a practice hand failed: %r", future.exception())


class Preparer:
    def __init__(self, workers: int, capacity: int) -> None:
        self.workers = workers
        self.capacity = capacity
        self.pool: Executor | None = None
        self._hands: OrderedDict[tuple[Card, ...], Prepared] = OrderedDict()

    def _start(self) -> Executor:
        """The pool, at the first hand: a bot whose members never practise starts none."""
        if self.pool is None:
            self.pool = _new_pool(self.workers)
        return self.pool

    async def close(self) -> None:
        pool, self.pool = self.pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    def prepare(self, hand: Sequence[Card], analysis: bool = True) -> Prepared:
        """The hand's house way, and its picture and (when asked) analysis under way."""
        key = tuple(sorted(hand))
        prepared = self._hands.get(key)
        if prepared is not None and (prepared.evs is not None or not analysis):
            self._hands.move_to_end(key)
            return prepared
        if prepared is None:
            decision = house_way(key)
            picture = asyncio.ensure_future(
                asyncio.to_thread(render_split, decision.five, decision.two)
            )
            picture.add_done_callback(_retrieve)
            prepared = Prepared(decision, picture, None)
        if analysis:
            prepared.evs = asyncio.ensure_future(self._analyse(key))
            prepared.evs.add_done_callback(_retrieve)
        self._hands[key] = prepared
        self._hands.move_to_end(key)
        while len(self._hands) > self.capacity:
            self._hands.popitem(last=False)
        return prepared

    async def _analyse(self, hand: tuple[Card, ...]) -> EVs:
        if self.workers <= 0:
            return await asyncio.to_thread(exact_evs, hand)
        pool = self._start()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, exact_evs, hand)
        except BrokenProcessPool:
            if self.pool is pool:  # the first to notice replaces it, once
                log.warning("the practice analysis pool broke; a new one starts next time")
                self.pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise
