"""The code base stays ruff-clean: part of the test command so CI enforces it."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_check_is_clean() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "houseway", "bot", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_leaves_the_tree_as_it_is() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "format",
            "--check",
            "houseway",
            "bot",
            "tests",
            "benchmarks",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


#: Longest a module may grow before a coherent piece of it moves to a module of its own.
MODULE_LINES = {"bot": 450, "houseway": 450, "tests/fakediscord": 1000}


def test_no_module_is_too_long() -> None:
    too_long = []
    for folder, limit in MODULE_LINES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            lines = len(path.read_text("utf-8").splitlines())
            if lines > limit:
                too_long.append(f"{name}: {lines} lines (at most {limit})")
    assert not too_long, "\n".join(too_long)


#: What /play and /table's drivers held before the round engine (issue 37): with the
#: engine, the bonus and everything since, they may not grow past it.
DRIVER_LINES = 2830


def test_the_play_and_table_drivers_stay_thin() -> None:
    """What both drivers need is the engine's (houseway/round.py) or the game's shared
    pieces (bot/cogs/game/); a driver that grows is a second copy of them in the making."""
    drivers = [*(ROOT / "bot/cogs/play").glob("*.py"), *(ROOT / "bot/cogs/table").glob("*.py")]
    lines = sum(len(path.read_text("utf-8").splitlines()) for path in drivers)
    assert lines <= DRIVER_LINES, f"/play and /table hold {lines} lines"
