"""What goes wrong at start is one line naming the cause and the fix, and an exit status a
supervisor can act on: 2 (configuration, not restarted) or 1 (transient, retried).

Each case runs ``python -m bot`` as a subprocess, as systemd or Docker would.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlsplit

import pytest

from bot.__main__ import setup_logging
from bot.service.settings import Settings
from tests.bot.fixtures import (
    bot_env,
    bot_process,
    exit_output,
    free_port,
    postgres_server_url,
    run_bot_to_exit,
)
from tests.fakediscord import FakeDiscord


async def run_to_exit(
    fake: FakeDiscord, tmp_path: Path, timeout: float = 60, **extra: str
) -> tuple[int, str]:
    """``python -m bot`` against the stand-in until it exits: (status, stdout and stderr)."""
    extra.setdefault("DATABASE_URL", f"sqlite:///{tmp_path}/bot.sqlite3")
    env = bot_env(fake, extra.pop("DATABASE_URL"), LOG_LEVEL="INFO", **extra)
    async with bot_process(env, tmp_path) as process:
        output = await exit_output(process, timeout)
    assert process.returncode is not None
    return process.returncode, output


def the_error(log: str, logger: str = "bot") -> str:
    """The one ERROR line of ``logger``; every line of the output is a log line of its own
    (no traceback, no continuation of a multi-line message)."""
    lines = log.splitlines()
    assert "Traceback" not in log, log
    assert all(line.startswith("[") for line in lines), log
    errors = [line for line in lines if "] [ERROR" in line and f"] {logger}: " in line]
    assert len(errors) == 1, log
    assert not any("CRITICAL" in line for line in lines), log
    return errors[0]


async def test_gateway_unreachable_is_one_line_and_exit_1(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """REST answers, the gateway does not (a firewall that lets HTTPS through, not
    websockets; a wrong DISCORD_GATEWAY_URL): discord.py's first connect fails and, with
    no websocket yet, its retry trips over ``self.ws`` being None (an AttributeError)."""
    port = free_port()  # bound, then released: nobody listens
    status, log = await run_to_exit(
        fake_discord, tmp_path, DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/"
    )
    assert status == 1, log
    line = the_error(log)
    assert "gateway cannot be reached" in line and "DISCORD_GATEWAY_URL" in line, line
    assert f"127.0.0.1:{port}" in line  # the cause, from the error's context
    retries = [line for line in log.splitlines() if "Attempting a reconnect" in line]
    assert len(retries) == 1 and "ClientConnectorError" in retries[0], log
    assert fake_discord.token not in log


@pytest.mark.parametrize(
    ("code", "shards", "named"),
    [
        (4004, None, ["Discord refused the token", "DISCORD_TOKEN"]),
        (4010, "1", ["invalid shard", "SHARD_COUNT", "SHARD_IDS"]),
        (4011, None, ["sharding required", "SHARD_COUNT"]),
        (4012, None, ["invalid API version", "DISCORD_GATEWAY_URL"]),
        (4013, None, ["invalid intents", "developer portal"]),
        (4014, None, ["disallowed intents", "developer portal", "Privileged Gateway Intents"]),
        (4014, "1", ["disallowed intents", "developer portal"]),
    ],
)
async def test_gateway_refusing_the_session_is_one_line_and_exit_2(
    fake_discord: FakeDiscord, tmp_path: Path, code: int, shards: str | None, named: list[str]
) -> None:
    """REST accepts the token, the gateway closes the connection at IDENTIFY with a code
    discord.py does not retry: a configuration only the operator can fix."""
    fake_discord.close_at_identify(code, "closed by the test")
    extra = {} if shards is None else {"SHARD_COUNT": shards}
    status, log = await run_to_exit(fake_discord, tmp_path, **extra)
    assert status == 2, log
    line = the_error(log)
    assert all(word in line for word in named), line
    assert f"close code {code}" in line and "not retrying" in line, line
    assert fake_discord.identify_count == 0 and fake_discord.token not in log


def test_another_close_of_the_gateway_at_start_is_exit_1() -> None:
    """A close discord.py does not retry but no setting explains: tried again later.
    (The privileged intents a bot asks for are named by their names in the portal.)"""
    import discord

    from bot.service.failures import EXIT_CONFIG, EXIT_RETRY, start_failure

    closed = discord.ConnectionClosed(SimpleNamespace(close_code=None), shard_id=None, code=1000)  # type: ignore[arg-type]
    bot: Any = SimpleNamespace(ws=SimpleNamespace(), intents=discord.Intents.none())
    assert start_failure(closed, bot) == (
        EXIT_RETRY,
        "Discord's gateway closed the connection (close code 1000); exiting for a later start",
    )
    bot.intents = discord.Intents(guilds=True, members=True, message_content=True)
    status, line = start_failure(discord.PrivilegedIntentsRequired(None), bot) or (0, "")
    assert status == EXIT_CONFIG
    assert "enable Server Members Intent and Message Content Intent in the developer" in line


def test_a_bug_at_start_is_not_told_as_the_network() -> None:
    """A bug before the gateway is up (in setup_hook, say) keeps its traceback ("stopped
    by an unexpected error"): neither an AttributeError on None nor an error raised while
    an OSError was being handled is a network failure."""
    import discord

    from bot.service.failures import EXIT_RETRY, start_failure

    bot: Any = SimpleNamespace(ws=None, intents=discord.Intents.none())
    try:
        None.default_seconds  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert start_failure(error, bot) is None
    try:
        try:
            raise FileNotFoundError("settings.toml")
        except OSError:
            {}["missing"]
    except KeyError as error:
        assert start_failure(error, bot) is None
    try:  # raised *because of* a network failure: that is the network
        raise discord.DiscordException("connect failed") from ConnectionRefusedError(111, "no")
    except discord.DiscordException as error:
        assert start_failure(error, bot) == (
            EXIT_RETRY,
            "cannot reach Discord (ConnectionRefusedError: [Errno 111] no); exiting for a "
            "later start",
        )


def _unreadable(path: Path) -> None:
    """Make ``path`` a file that exists and cannot be read, also as root: root reads a file
    of mode 000, but not a write-only sysctl (the kernel's check, not the file mode's)."""
    if os.geteuid() == 0:
        path.symlink_to("/proc/sys/vm/drop_caches")
    else:
        path.write_text("DISCORD_TOKEN=from-file\n")
        path.chmod(0)
    try:
        path.read_bytes()
    except PermissionError:
        return
    pytest.skip(f"{path} stays readable here")


@pytest.mark.parametrize("problem", ["permission", "directory", "latin-1"])
def test_an_env_file_that_cannot_be_read_is_one_line_and_exit_2(
    tmp_path: Path, problem: str
) -> None:
    """Not read silently past (a directory, as a bind mount of a missing file makes one) nor
    with a traceback: the line says what to do with the file."""
    env_file = tmp_path / ".env"
    if problem == "permission":
        _unreadable(env_file)
    elif problem == "directory":
        env_file.mkdir()
    else:
        env_file.write_bytes(b"LOG_LEVEL=INFO\nSOURCE_URL=https://example.org/hj\xe4rter\n")
    done = _start(tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("houseway-bot: .env cannot be read ("), line
    fix = {
        "permission": "Permission denied",
        "directory": "Is a directory",
        "latin-1": "byte 0xe4 on line 2",
    }[problem]
    assert fix in line, line
    if problem == "latin-1":
        assert line.endswith("save it as UTF-8."), line
        assert "hj" not in line  # nothing of what the file holds
    else:
        assert "permissions" in line, line


def _unwritable(path: Path) -> None:
    """Make ``path`` a file that exists and cannot be written, also as root (a read-only
    sysctl: the kernel refuses root too)."""
    if os.geteuid() == 0:
        path.symlink_to("/proc/sys/kernel/osrelease")
    else:
        path.write_bytes(b"")
        path.chmod(0o444)
    try:
        path.open("ab").close()
    except PermissionError:
        return
    pytest.skip(f"{path} stays writable here")


def _start(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` with a token and ``settings``; Discord's REST API on a closed port,
    so a start that gets past the settings ends at once (exit 1)."""
    return run_bot_to_exit(
        tmp_path,
        DISCORD_TOKEN="x" * 24,
        DISCORD_API_URL=f"http://127.0.0.1:{free_port()}/api/v10",
        LOG_LEVEL="INFO",
        **settings,
    )


@pytest.mark.parametrize("problem", ["directory", "read-only"])
def test_a_sqlite_file_that_cannot_be_written_is_one_line_and_exit_2(
    tmp_path: Path, problem: str
) -> None:
    """Its directory is writable, the file itself is not (or is a directory): SQLite would
    fail later with "unable to open" or "readonly database", told as an outage (exit 1)."""
    path = tmp_path / "houseway.sqlite3"
    if problem == "directory":
        path.mkdir()
    else:
        _unwritable(path)
    done = _start(tmp_path, DATABASE_URL=f"sqlite:///{path}")
    assert done.returncode == 2, done.stdout + done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("houseway-bot: DATABASE_URL: ") and str(path) in line, line
    expected = "is a directory" if problem == "directory" else "cannot be written"
    assert expected in line and "point DATABASE_URL at" in line, line


#: In every PostgreSQL URL below: it must never be printed (trust auth ignores it).
PASSWORD = "s3cr3t-Pa55word"


@pytest.fixture
def postgres_server() -> tuple[str, str, str]:
    """(user, host:port, database) of TEST_DATABASE_URL's server."""
    parts = urlsplit(postgres_server_url())
    return parts.username or "postgres", parts.netloc.rpartition("@")[2], parts.path.lstrip("/")


@pytest.mark.parametrize(
    ("problem", "named"),
    [
        ("sslmode", "`sslmode` parameter must be one of"),
        ("role", 'role "nosuchrole" does not exist'),
        ("database", 'database "nosuchdb_houseway" does not exist'),
    ],
)
def test_postgresql_refusing_the_configuration_is_one_line_and_exit_2(
    tmp_path: Path, postgres_server: tuple[str, str, str], problem: str, named: str
) -> None:
    """What a restart cannot change: a bad parameter, an unknown role or password, no such
    database. Said with the server's (or asyncpg's) words, never the URL's password."""
    user, server, database = postgres_server
    url = {
        "sslmode": f"postgresql://{user}:{PASSWORD}@{server}/{database}?sslmode=bogus",
        "role": f"postgresql://nosuchrole:{PASSWORD}@{server}/{database}",
        "database": f"postgresql://{user}:{PASSWORD}@{server}/nosuchdb_houseway",
    }[problem]
    done = _start(tmp_path, DATABASE_URL=url)
    log = done.stdout + done.stderr
    assert done.returncode == 2, log
    line = the_error(log)
    assert "DATABASE_URL" in line and named in line, line
    assert PASSWORD not in log


def test_a_refusal_quoting_the_password_does_not_show_it() -> None:
    """asyncpg's own messages may quote parts of the URL: the password is taken out, as
    written in the URL and percent-decoded."""
    import asyncpg

    from bot.storage.postgres import _configuration_problem

    url = "postgresql://me:p%40ss-word@db:5432/houseway?sslmode=bogus"
    error = asyncpg.ClientConfigurationError("bad host 'me:p%40ss-word@db' (p@ss-word)")
    line = _configuration_problem(error, url)
    assert "p%40ss-word" not in line and "p@ss-word" not in line
    assert "bad host 'me:[redacted]@db' ([redacted])" in line and "DATABASE_URL" in line


def test_postgresql_refusing_connections_stays_exit_1(
    tmp_path: Path, postgres_server: tuple[str, str, str]
) -> None:
    user, _, database = postgres_server
    url = f"postgresql://{user}:{PASSWORD}@127.0.0.1:{free_port()}/{database}"
    done = _start(tmp_path, DATABASE_URL=url)
    log = done.stdout + done.stderr
    assert done.returncode == 1, log
    assert "cannot open the database" in the_error(log) and PASSWORD not in log


@pytest.mark.parametrize("host", ["no-such-host.invalid", "192.0.2.1"])
def test_an_http_host_that_cannot_be_used_is_named(tmp_path: Path, host: str) -> None:
    """A name that does not resolve, or an address not of this machine: the fault is the
    host's, not the port's."""
    done = _start(tmp_path, HTTP_HOST=host, HTTP_PORT=str(free_port()))
    log = done.stdout + done.stderr
    assert done.returncode == 2, log
    line = the_error(log)
    assert line.split("bot: ", 1)[1].startswith(f"HTTP_HOST {host!r} cannot be used ("), line
    assert "HTTP_PORT" not in line.split("): ", 1)[0], line


def _failed(logger: str, message: str, *args: object) -> None:
    """Log ``message`` with a connection failure (and its cause) as exc_info."""
    try:
        try:
            raise ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 1)")
        except OSError as cause:
            raise ConnectionError("Cannot connect to host 127.0.0.1:1") from cause
    except ConnectionError:
        logging.getLogger(logger).exception(message, *args)


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_reconnect_records_are_one_line_each(
    log_format: str, root_logger: logging.Logger, capsys: pytest.CaptureFixture[str]
) -> None:
    """discord.py logs every reconnect attempt with the failure's whole traceback (also
    while running, at every retry): the line stays, with the failure named on it."""
    setup_logging(Settings(discord_token="t" * 24, log_format=log_format))
    _failed("discord.client", "Attempting a reconnect in %.2fs", 1.5)
    _failed("discord.shard", "Attempting a reconnect for shard ID %s in %.2fs", 1, 2.0)
    _failed("discord.shard", "Failed to connect for shard_id: %s. Retrying...", 0)
    _failed("discord.client", "Ignoring exception in on_ready")  # not a reconnect: kept
    lines = capsys.readouterr().err.splitlines()
    if log_format == "json":
        entries = [json.loads(line) for line in lines]
        assert ["exception" in entry for entry in entries] == [False, False, False, True]
        messages = [entry["message"] for entry in entries]
    else:  # four lines, then the one traceback: the last record's
        assert lines[4] == "Traceback (most recent call last):", lines
        assert lines.count(lines[4]) == 2  # that record's error and its cause
        messages = [line.split(": ", 1)[1] for line in lines[:4]]
    assert messages[3] == "Ignoring exception in on_ready"
    cause = "(ConnectionError: Cannot connect to host 127.0.0.1:1)"
    assert messages[:3] == [
        f"Attempting a reconnect in 1.50s {cause}",
        f"Attempting a reconnect for shard ID 1 in 2.00s {cause}",
        f"Failed to connect for shard_id: 0. Retrying... {cause}",
    ]
