"""The worker pool /analyze and practice share: jobs run in other processes, at the
priority asked for, and a pool that broke is replaced for the next job."""

from __future__ import annotations

import os
import signal
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.service.workers import WorkerPool


async def test_jobs_run_in_a_worker_at_the_priority_asked_for() -> None:
    pool = WorkerPool("test", 1, [], niceness=5)
    try:
        worker = await pool.run(os.getpid)
        assert worker != os.getpid()
        assert await pool.run(os.nice, 0) == os.nice(0) + 5
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
