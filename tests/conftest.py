"""Plugins and helpers shared by the whole test suite."""

import subprocess
import sys
from typing import Any

pytest_plugins = [
    "tests.bytecode",
    "tests.runwide",
    "tests.fakediscord.plugin",
    "tests.bot.fixtures",
    "tests.bot.ledger_checks",
    "tests.alone",
]

#: The command line as a subprocess runs it (for tests that need a Popen).
HOUSEWAY_CLI = (sys.executable, "-m", "houseway")


def run_cli(
    *args: str | bytes,
    stdin: str | bytes | None = None,
    env: dict[str, str] | None = None,
    text: bool = True,
    timeout: float = 120,
) -> subprocess.CompletedProcess[Any]:
    """``python -m houseway ARGS`` to completion, output captured (bytes when not ``text``)."""
    return subprocess.run(
        [*HOUSEWAY_CLI, *args],
        input=stdin,
        capture_output=True,
        env=env,
        text=text,
        timeout=timeout,
        check=False,
    )
