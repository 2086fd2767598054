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
