"""Prepared hands: a dealt hand's exact analysis and house-way picture, started the
moment the hand is shown, so that the answer's feedback only has to look them up.

Both are CPU work (the exact analysis by far the larger part) done while the member
thinks: in worker processes (``forkserver``, as /analyze's pool: forking a process with
threads can deadlock) that run at a lower priority than the bot, so neither the event
loop nor the GIL of the bot's process is held by them. Each analysis is the member's
whose hand it is, and the workers take the members' analyses in turn
(``bot.service.workers``): one member's hundreds queued do not hold up another's verdict.
When the answer comes before they are done, the feedback draws the picture itself and
the analysis is edited in later. Hands are remembered by their cards, the most recent
``capacity`` of them; a hand asked for again after that (an answer after a restart) is
prepared anew.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from houseway import Decision, house_way
from houseway.cards import Card
from houseway.language import Lang
from houseway.learning.practice import exact_evs

from ...pictures import drawn
from ...pictures.cards_image import Deck, render_split
from ...service.workers import WorkerPool

log = logging.getLogger(__name__)

EVs = dict[tuple[int, int], float]
#: The house way's picture in two colours, in each language (its labels are words).
Pictures = dict[Lang, bytes]
#: Analyses are made ahead of need, and a table's reviews after its reveal: the workers
#: yield the CPU to the bot's event loop and its database. At 10 they still took about a
#: third of a core from them at 200 tables on two cores (issue 40); at 19 they take what
#: the machine leaves (a review not analysed within REVIEW_WAIT says so).
WORKER_NICENESS = 19


def read_drawn_cards(cache: Path | None) -> None:
    """A worker's start: the two-colour cards the bot drew (or read) at its own start,
    read from the cache directory (a few hundredths of a second), so that its first
    picture does not draw them (about a second); where they are not there, it draws."""
    if cache is not None:
        drawn.load(Deck.TWO, cache)


def analyse_and_draw(hand: tuple[Card, ...]) -> tuple[EVs, Pictures]:
    """A worker's job: the hand's exact EVs per split and the house way's picture in each
    language."""
    decision = house_way(hand)
    pictures = {
        lang: render_split(decision.five, decision.two, lang=lang) for lang in (Lang.SV, Lang.EN)
    }
    return exact_evs(hand), pictures


@dataclass
class Prepared:
    decision: Decision
    #: The worker's (EVs, picture); None where no analysis was asked for.
    work: asyncio.Future[tuple[EVs, Pictures]] | None = None
    _pictures: dict[tuple[Deck, Lang], bytes] = field(default_factory=dict, repr=False)

    def _done(self) -> tuple[EVs, Pictures] | None:
        work = self.work
        if work is None or not work.done() or work.cancelled() or work.exception() is not None:
            return None
        return work.result()

    def evs(self) -> EVs | None:
        """The exact EVs, if the analysis is done (and did not fail)."""
        done = self._done()
        return None if done is None else done[0]

    @property
    def pending(self) -> bool:
        """The analysis is still under way."""
        return self.work is not None and not self.work.done()

    async def picture(self, deck: Deck, lang: Lang) -> bytes:
        """The house way's picture in the member's deck and language, drawn once for each
        (the hand of the day is shown to many members): two colours from the worker when
        it is done, else drawn now, off the event loop."""
        key = (deck, lang)
        if key not in self._pictures:
            done = self._done() if deck is Deck.TWO else None
            self._pictures[key] = (
                done[1][lang]
                if done is not None and lang in done[1]
                else await asyncio.to_thread(
                    render_split, self.decision.five, self.decision.two, deck, lang=lang
                )
            )
        return self._pictures[key]


def _failed(future: asyncio.Future[Any]) -> bool:
    return future.done() and (future.cancelled() or future.exception() is not None)


def _retrieve(future: asyncio.Future[Any]) -> None:
    """A preparation nobody awaited failed: log it once, never as 'never retrieved'."""
    if not future.cancelled() and future.exception() is not None:
        log.warning("preparing a practice hand failed: %r", future.exception())


class Preparer:
    def __init__(self, workers: int, capacity: int, cache: Path | None = None) -> None:
        self.workers = workers
        self.capacity = capacity
        self.pool = WorkerPool(
            "practice analysis",
            workers,
            [
                "houseway.analysis.analyze",
                "houseway.learning.practice",
                "bot.cogs.practice.prepared",
            ],
            WORKER_NICENESS,
            read_drawn_cards,
            (cache,),
        )
        self._hands: OrderedDict[tuple[Card, ...], Prepared] = OrderedDict()

    async def close(self) -> None:
        await self.pool.close()

    def prepare(
        self, hand: Sequence[Card], analysis: bool = True, member: Hashable = None
    ) -> Prepared:
        """The hand's house way, with its analysis and picture under way when asked for,
        in ``member``'s turn (the member it is dealt to; None: anyone's)."""
        key = tuple(sorted(hand))
        prepared = self._hands.get(key)
        if prepared is None:
            prepared = Prepared(house_way(key))
        if analysis and (prepared.work is None or _failed(prepared.work)):  # again, if failed
            prepared.work = asyncio.ensure_future(
                self.pool.run(analyse_and_draw, key, member=member)
            )
            prepared.work.add_done_callback(_retrieve)
        self._hands[key] = prepared
        self._hands.move_to_end(key)
        while len(self._hands) > self.capacity:
            self._hands.popitem(last=False)
        return prepared
