"""houseway/ and bot/ type-check under mypy --strict: part of the test command so CI
enforces it. The settings, and the few third-party modules excused, are pyproject.toml's
[tool.mypy]."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_checks_both_packages_strictly() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    config = pyproject["tool"]["mypy"]
    assert config["strict"] is True
    assert set(config["files"]) >= {"houseway", "bot"}


def test_mypy_strict_is_clean() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
