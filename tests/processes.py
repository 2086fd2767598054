"""Processes left behind: a script that owns a pool prints the pids of its pool's
processes and waits; the test kills it with SIGKILL and waits for those pids to end."""

from __future__ import annotations

import os
import select
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def wait_for_exit(pid: int, seconds: float) -> bool:
    """Whether process ``pid`` (not a child of ours) ended within ``seconds``: the kernel
    says so through a pidfd, so this waits on the event, not on a guess."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([handle], [], [], seconds)[0])
    finally:
        os.close(handle)


def left_by_a_killed_owner(script: str) -> tuple[list[int], list[int]]:
    """Run ``script`` (it prints its pool's pids on one line, then reads standard input
    until killed), kill it with SIGKILL, and give (the pids it printed, those still running
    a minute later: a bound for a loaded machine; they end within milliseconds)."""
    owner = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert owner.stdout is not None
        pids = [int(word) for word in owner.stdout.readline().split()]
    finally:
        owner.kill()
        owner.wait()
        for pipe in (owner.stdin, owner.stdout):
            if pipe is not None:
                pipe.close()
    assert pids and owner.pid not in pids, pids
    return pids, [pid for pid in pids if not wait_for_exit(pid, 60)]
