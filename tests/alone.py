"""Tests that measure the bot against Discord's clock run alone, while the rest of the suite
runs on every core (pytest-xdist).

A test marked ``alone`` (a burst answered within Discord's 3 seconds, a refusal within
1 s) asks what one bot process does on an otherwise quiet machine; beside another
worker's CPU-bound test it would measure that test instead. So every test holds a lock on
one file for its setup, call and teardown: shared for ordinary tests, exclusive for the
marked ones. A marked test waits for the other workers' tests under way to end, and keeps
them from starting another until it is done; without xdist the lock is never contended.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Generator
from pathlib import Path
from typing import IO, Final

import pytest

from tests.runwide import run_dir

MARK = "alone"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARK}(ends_early=False): measures against a deadline, so no other test runs beside "
        "it under xdist; with ends_early, until it calls end_alone()",
    )


#: Workers a core under ``-n auto`` (the test command's): most of the suite waits, on the
#: stand-in, a bot process or a database, so one worker a core leaves the cores idle about
#: a third of the time (measured: 297 s of CPU in a 450 s run on 2 cores).
WORKERS_A_CORE: Final = 2


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: WORKERS_A_CORE workers for each core this process may run on."""
    return WORKERS_A_CORE * len(os.sched_getaffinity(0))


def _lock_path() -> Path:
    """One file for the whole run, the same in every worker (tests/runwide.py)."""
    return run_dir() / "alone.lock"


def _marked(item: pytest.Item | None) -> bool:
    return item is not None and item.get_closest_marker(MARK) is not None


def _ends_early(item: pytest.Item) -> bool:
    marker = item.get_closest_marker(MARK)
    return marker is not None and bool(marker.kwargs.get("ends_early"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The marked tests first, in their order: ``--dist worksteal`` hands the first worker
    the first block of the collection, so they run back to back at the start of the run.
    Spread through it, each waited for the tests under way on every other worker (the
    census's 17 s among them) while the turnstile held those workers idle: 70-88 s a
    worker of gaps between its tests, 0.2-2 s now (the whole run 377 s, now 318 s)."""
    # A stable sort: the rest keep their order. Those that end early come last of the
    # marked ones: after one has ended, the next marked test would wait for the tests the
    # other workers started meanwhile.
    items.sort(key=lambda item: (not _marked(item), _ends_early(item)))


#: The exclusive lock a marked test keeps for the marked test that comes next on this
#: worker, so that the other workers do not start a test between the two.
_kept: IO[bytes] | None = None
#: The lock the test under way holds, and whether it has ended its time alone.
_held: IO[bytes] | None = None
_ended = False


def end_alone() -> None:
    """A test marked ``alone(ends_early=True)`` has measured what it measures (a burst
    acknowledged within Discord's 3 s, say) and only waits for the rest (slow uploads):
    the other workers may start tests beside that wait. The lock turns shared."""
    global _ended
    if _held is not None and not _ended:
        fcntl.flock(_held, fcntl.LOCK_SH)
        _ended = True


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(
    item: pytest.Item, nextitem: pytest.Item | None
) -> Generator[None, None, None]:
    """A readers-writer lock with the writer first: every test passes a turnstile before
    it takes the lock, so a marked test that waits is not overtaken by the next ordinary
    test of another worker."""
    global _kept, _held, _ended
    alone = _marked(item)
    if _kept is not None:  # the test before was marked and kept the lock (exclusive)
        lock, _kept = _kept, None
    else:
        path = _lock_path()
        lock = open(path, "a+b")  # noqa: SIM115 - closed below, or kept for the next test
        with open(path.with_suffix(".turnstile"), "a+b") as turnstile:
            fcntl.flock(turnstile, fcntl.LOCK_EX)
            try:
                fcntl.flock(lock, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
            finally:
                fcntl.flock(turnstile, fcntl.LOCK_UN)
    _held, _ended = lock, False
    try:
        yield
    finally:
        ended, _held, _ended = _ended, None, False
        if alone and _marked(nextitem) and not ended:
            _kept = lock
        else:
            fcntl.flock(lock, fcntl.LOCK_UN)
            lock.close()
