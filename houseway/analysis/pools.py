"""Process pools whose workers end with the process that owns them.

A ``ProcessPoolExecutor`` worker outlives an owner killed with SIGKILL (``kill -9``, the
OOM killer): it waits for its next job on a queue whose writing end it holds itself, so
it never sees the owner go, and stays idle with everything it imported. Under the
``forkserver`` context it also holds the fork server's "alive" pipe, so the fork server
and the resource tracker stay with it: three processes for every kill. Every pool of the
project (the census, simulate, cost, the solve, the bot's workers) is made here, and each
of its workers ends itself when its owner ends.

Stdlib only: the bot's own process imports this and never numpy.
"""

from __future__ import annotations

import os
import select
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import BaseContext
from typing import Any


def process_pool(
    workers: int,
    *,
    context: BaseContext | None = None,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
) -> ProcessPoolExecutor:
    """``ProcessPoolExecutor(workers, ...)`` whose workers end when this process ends;
    ``initializer(*initargs)`` runs in each worker as it starts, as the executor's own."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(os.getpid(), initializer, initargs),
    )


def _start_worker(
    owner: int, initializer: Callable[..., None] | None, initargs: tuple[Any, ...]
) -> None:
    threading.Thread(target=end_with, args=(owner,), name="end-with-owner", daemon=True).start()
    if initializer is not None:
        initializer(*initargs)


def end_with(owner: int) -> None:
    """Wait for process ``owner`` to end, then end this process at once (a worker's job
    under way has nobody left to give its result to). On Linux the kernel says when (a
    pidfd turns readable); elsewhere the owner is looked for every two seconds."""
    try:
        handle = os.pidfd_open(owner)
    except ProcessLookupError:
        os._exit(0)  # already gone
    except (AttributeError, OSError):  # no pidfd on this system
        while _alive(owner):
            time.sleep(2)
        os._exit(0)
    select.select([handle], [], [])
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's
        return True
    return True
