"""The test command keeps compiled bytecode, even where the environment says not to.

The suite starts about 320 bot and command-line processes (``python -m``, counted in a full
run) beside its xdist workers, each of which imports every test module. Where
``PYTHONDONTWRITEBYTECODE`` is set (container images often set it, this CI machine among
them) every one of them compiled the project from source, and every worker rewrote every
test module's asserts anew: collection took 11.8 s a worker, 3.7 s with the bytecode kept
(measured with ``pytest --collect-only -n 0``). So the run writes ``__pycache__`` (ignored
by git) as Python does by default, and the controller compiles the project once before its
workers start, so that they and every process they start read it instead.
"""

from __future__ import annotations

import compileall
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What the workers and the processes they start import.
COMPILED = ("bot", "houseway", "tests")


def pytest_configure(config: pytest.Config) -> None:
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # for the workers and subprocesses
    sys.dont_write_bytecode = False
    if not hasattr(config, "workerinput"):  # the controller (or a run without xdist)
        for name in COMPILED:
            compileall.compile_dir(ROOT / name, quiet=1)
