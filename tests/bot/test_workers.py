"""The worker pool /analyze and practice share: jobs run in other processes, at the
priority asked for, a pool that broke is replaced for the next job, and members take the
workers in turn (``bot.service.turns``), each test deterministic by the order jobs ran."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from bot.service.turns import Turns
from bot.service.workers import WorkerPool
from tests.processes import left_by_a_killed_owner


async def test_jobs_run_in_a_worker_at_the_priority_asked_for() -> None:
    pool = WorkerPool("test", 1, [], niceness=5)
    try:
        worker = await pool.run(os.getpid)
        assert worker != os.getpid()
        assert await pool.run(os.nice, 0) == os.nice(0) + 5
    finally:
        await pool.close()


def tiles_held() -> int:
    """A job: how many card tiles this worker holds, drawn or read."""
    from bot.pictures import drawn

    return len(drawn.tiles)


async def test_a_practice_worker_starts_with_the_cards_the_bot_drew(tmp_path: Path) -> None:
    """Its first picture pastes the cards read at its start, rather than drawing them for a
    second; without the file it starts with none, and draws at its first picture."""
    from bot.cogs.practice.prepared import read_drawn_cards
    from bot.pictures import cards_image

    cards_image.clear_cache()  # as in a new process: its warm-up draws and writes the file
    cards_image.warm_up(cards_image.Deck.TWO, tmp_path)  # the bot's start
    for cache, held in ((tmp_path, 106), (tmp_path / "nothing-here", 0)):
        pool = WorkerPool("test", 1, [], prepare=read_drawn_cards, arguments=(cache,))
        try:
            assert await pool.run(tiles_held) == held  # 53 cards, at two sizes
        finally:
            await pool.close()


async def test_a_broken_pool_is_replaced_for_the_next_job() -> None:
    pool = WorkerPool("test", 1, [])
    try:
        worker = await pool.run(os.getpid)
        with pytest.raises(BrokenProcessPool):
            await pool.run(os.kill, worker, signal.SIGKILL)  # the worker kills itself
        assert await pool.run(pow, 2, 10) == 1024  # a new pool
        assert await pool.run(os.getpid) != worker
    finally:
        await pool.close()


OWNER = """
import asyncio, os, sys
from multiprocessing import resource_tracker
from bot.service.workers import WorkerPool

async def main() -> None:
    pool = WorkerPool("test", 1, ["os"])
    worker, server = await pool.run(os.getpid), await pool.run(os.getppid)  # one worker
    print(worker, server, resource_tracker._resource_tracker._pid, flush=True)
    await asyncio.to_thread(sys.stdin.read)  # until killed

asyncio.run(main())
"""


def test_a_killed_bot_takes_its_worker_fork_server_and_tracker_with_it() -> None:
    """SIGKILL (the OOM killer, ``kill -9``) gives the bot no chance to stop its pool; its
    worker, the fork server and the resource tracker still end, rather than stay idle
    with numpy loaded after every such kill (all three stayed before)."""
    pids, left = left_by_a_killed_owner(OWNER)
    assert len(set(pids)) == 3
    assert left == []


# --- fair between members -----------------------------------------------------------------


def run_and_note(path: str, label: str, gate: Any = None) -> str:
    """A job: wait for ``gate`` (an Event, if given), then note that it ran, in order."""
    if gate is not None:
        gate.wait(30)
    with open(path, "a") as notes:
        notes.write(label + "\n")
    return label


async def test_another_members_job_takes_the_next_free_worker(tmp_path: Path) -> None:
    """The worker held busy, member A queues 20 jobs and then member B one: once the worker
    is free, B's job runs next, then A's. Before, the pool ran jobs first come, first
    served, and B's waited for all 20 of A's."""
    notes = str(tmp_path / "ran")
    pool = WorkerPool("test", 1, [])
    with multiprocessing.get_context("forkserver").Manager() as manager:
        gate = manager.Event()
        try:
            held = asyncio.ensure_future(pool.run(run_and_note, notes, "held", gate, member="a"))
            jobs = [
                asyncio.ensure_future(pool.run(run_and_note, notes, f"a{n}", member="a"))
                for n in range(20)
            ]
            jobs.append(asyncio.ensure_future(pool.run(run_and_note, notes, "b", member="b")))
            await until(lambda: pool.turns.waiting() == 21)  # all queued behind the held one
            gate.set()
            await asyncio.gather(held, *jobs)
        finally:
            gate.set()
            await pool.close()
    ran = Path(notes).read_text().split()
    assert ran == ["held", "b", *(f"a{n}" for n in range(20))]


async def until(condition: Callable[[], bool]) -> None:
    """Let the event loop run until ``condition`` holds (a bounded number of turns)."""
    for _ in range(1000):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the condition never held")


async def turns_taken(turns: Turns, waiters: list[str]) -> list[str]:
    """Each of ``waiters`` (a member each) waits for a place of ``turns`` while another
    holds the only one; then it is given back: the order in which they took it."""
    taken: list[str] = []
    gate = asyncio.Event()

    async def wait(member: str) -> None:
        async with turns.place(member):
            taken.append(member)

    async def hold() -> None:
        async with turns.place("holder"):
            await gate.wait()

    holder = asyncio.ensure_future(hold())
    await until(lambda: turns.held == 1)
    tasks = [asyncio.ensure_future(wait(member)) for member in waiters]
    await until(lambda: turns.waiting() == len(waiters))
    gate.set()
    await asyncio.gather(holder, *tasks)
    assert turns.held == 0 and turns.waiting() == 0
    return taken


async def test_members_take_the_places_in_turn() -> None:
    assert await turns_taken(Turns(1), ["a", "a", "a", "b", "b", "c", "a"]) == [
        *("a", "b", "c"),
        *("a", "b"),
        *("a", "a"),
    ]


async def test_a_newcomer_goes_before_the_member_just_served() -> None:
    """A took the last place and has more waiting; B arrives: B's turn comes first."""
    turns = Turns(1)
    taken: list[str] = []
    first = asyncio.Event()

    async def take(member: str, gate: asyncio.Event | None = None) -> None:
        async with turns.place(member):
            taken.append(member)
            if gate is not None:
                await gate.wait()

    a_first = asyncio.ensure_future(take("a", first))
    await until(lambda: taken == ["a"])
    more_a = [asyncio.ensure_future(take("a")) for _ in range(3)]
    b = asyncio.ensure_future(take("b"))
    await until(lambda: turns.waiting() == 4)
    first.set()
    await asyncio.gather(a_first, b, *more_a)
    assert taken == ["a", "b", "a", "a", "a"]


async def test_a_free_place_is_taken_without_awaiting() -> None:
    """A refusal decided in its turn runs nothing else first: entering a free place does
    not suspend (the coroutine finishes on its first step)."""
    turns = Turns(2)
    place = turns.place("a")
    entering = place.__aenter__()
    with pytest.raises(StopIteration) as entered:
        entering.send(None)
    assert entered.value.value is False  # did not wait
    assert turns.held == 1
    await place.__aexit__(None, None, None)
    assert turns.held == 0


async def test_a_cancelled_waiter_gives_up_its_turn() -> None:
    turns = Turns(1)
    taken: list[str] = []
    gate = asyncio.Event()

    async def take(member: str, hold: bool = False) -> None:
        async with turns.place(member):
            taken.append(member)
            if hold:
                await gate.wait()

    holder = asyncio.ensure_future(take("a", hold=True))
    await until(lambda: turns.held == 1)
    b, c = asyncio.ensure_future(take("b")), asyncio.ensure_future(take("c"))
    await until(lambda: turns.waiting() == 2)
    b.cancel()
    await until(lambda: turns.waiting() == 1)
    gate.set()
    await asyncio.gather(holder, c)
    assert b.cancelled() and taken == ["a", "c"] and turns.held == 0


async def test_closing_the_pool_cancels_the_jobs_still_waiting(tmp_path: Path) -> None:
    notes = str(tmp_path / "ran")
    pool = WorkerPool("test", 1, [])
    with multiprocessing.get_context("forkserver").Manager() as manager:
        gate = manager.Event()
        held = asyncio.ensure_future(pool.run(run_and_note, notes, "held", gate, member="a"))
        waiting = asyncio.ensure_future(pool.run(run_and_note, notes, "waiting", member="b"))
        await until(lambda: pool.turns.waiting() == 1)
        closing = asyncio.ensure_future(pool.close())
        await until(lambda: waiting.done())
        gate.set()
        await closing
        assert await held == "held"
    assert waiting.cancelled()
    assert Path(notes).read_text().split() == ["held"]
