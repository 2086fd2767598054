"""One directory for the whole test run, shared by xdist's controller and its workers, and
work done in it once for every worker that asks.

The controller (or the one process, without xdist) makes the directory and hands its path
to each worker before the worker starts; the controller removes it at the end of the run.
"""

from __future__ import annotations

import fcntl
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

_KEY = "houseway_run_dir"
_run_dir: Path | None = None


@pytest.hookimpl(tryfirst=True)  # before the plugins that use the directory
def pytest_configure(config: pytest.Config) -> None:
    global _run_dir
    given = getattr(config, "workerinput", {}).get(_KEY)
    _run_dir = Path(given or tempfile.mkdtemp(prefix="houseway-tests-run-"))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist's controller, before it starts a worker: the run's directory, to share."""
    node.workerinput[_KEY] = str(_run_dir)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _run_dir is not None and not hasattr(config, "workerinput"):
        shutil.rmtree(_run_dir, ignore_errors=True)


def run_dir() -> Path:
    """The run's shared directory."""
    assert _run_dir is not None, "tests.runwide is not configured (tests/conftest.py)"
    return _run_dir


def once(name: str, fill: Callable[[Path], None]) -> Path:
    """The run directory's folder ``name``, filled by ``fill(folder)`` in the first process
    to ask; the others wait for it under a lock and read what it left. A fill that fails
    leaves nothing behind, so the next to ask fills it again (and fails the same way)."""
    folder = run_dir() / name
    with open(run_dir() / f"{name}.lock", "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / ".done").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            fill(folder)
            (folder / ".done").touch()
    return folder
