"""The core's process pools (census, simulate, cost, the solve) end with the command
that owns them, even when it is killed with SIGKILL."""

from __future__ import annotations

from tests.processes import left_by_a_killed_owner

OWNER = """
import sys
from houseway.analysis.pools import process_pool

with process_pool(2) as pool:
    pool.submit(int).result()  # the fork context starts every worker at the first job
    print(*pool._processes, flush=True)  # the executor's own table of its workers' pids
    sys.stdin.read()  # until killed
"""


def test_a_killed_command_takes_its_workers_with_it() -> None:
    """Before, each worker of a killed ``houseway census`` stayed, idle, for good."""
    pids, left = left_by_a_killed_owner(OWNER)
    assert len(pids) == 2
    assert left == []
